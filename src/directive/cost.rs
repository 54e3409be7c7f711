//! `{cost}`: exact, deterministic counts of the work behind a product table: naive
//! recursion, the memoised table and the fast product. No clock is read.

use serde::Serialize;

use super::shared::MAX_TABLE;
use super::view::DataTable;
use super::{Args, Cx, Directive, DirectiveError, Opt, Spec, Status, View, html};

/// What each count counts.
const EXPLANATION: &str = "Naive recursion: calls of the recursive definition, each product computed afresh. Memoised table: options (a′⊗b) ⊕ (a⊗b′) ⊕ (a′⊗b′) read from stored entries, a·b of them for the cell (a, b). Fast product: calls of the Fermat 2-power recursion down to single bits.";

/// The `{cost}` directive.
pub struct Cost;

/// A `{cost}` as written.
#[derive(Debug)]
struct CostSpec {
    size: usize,
    caption: Option<String>,
}

impl Directive for Cost {
    fn name(&self) -> &'static str {
        "cost"
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[Opt::required("size", "the table size counted, 1 to 256")];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        Ok(Box::new(CostSpec {
            size: args
                .number("size", 1, MAX_TABLE, None)
                .map_err(|e| vec![e])?,
            caption: args.caption().map(str::to_string),
        }))
    }
}

/// What the `{cost}` partial shows.
#[derive(Serialize)]
struct CostView {
    table: DataTable,
    explanation: &'static str,
}

impl Spec for CostSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let n = self.size;
        let id = cx.anchor(&format!("cost-{n}"));
        let cost = cx.shared.cost(n);
        let naive = cost
            .naive
            .map_or_else(|| "too many to count here".to_string(), html::count);
        let rows = vec![
            vec!["naive recursion".into(), naive],
            vec!["memoised table".into(), html::count(cost.memoised)],
            vec!["fast product".into(), html::count(cost.fast)],
        ];
        let data = CostView {
            table: DataTable::plain(
                &["method", &format!("steps for every product below {n}")],
                rows,
            ),
            explanation: EXPLANATION,
        };
        Ok(View::new("cost", &id, Status::Computed, data).with_caption(self.caption.as_deref()))
    }
}
