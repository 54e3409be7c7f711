//! `{cost}`: exact, deterministic counts of the work behind a product table: naive
//! recursion, the memoised table and the fast product. No clock is read.

use super::{Args, Cx, Directive, DirectiveError, Opt, html};

/// What each count counts.
const EXPLANATION: &str = "Naive recursion: calls of the recursive definition, each product computed afresh. Memoised table: options (a′⊗b) ⊕ (a⊗b′) ⊕ (a′⊗b′) read from stored entries, a·b of them for the cell (a, b). Fast product: calls of the Fermat 2-power recursion down to single bits.";

/// The `{cost}` directive.
pub struct Cost;

impl Directive for Cost {
    fn name(&self) -> &'static str {
        "cost"
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[Opt::required("size", "the table size counted, 1 to 256")];
        OPTIONS
    }

    fn evaluate(&self, cx: &mut Cx<'_>, args: &Args) -> Result<String, DirectiveError> {
        let n = args.number("size", 1, super::shared::MAX_TABLE, None)?;
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
        let inner = format!(
            "{}<p class=\"note\">{}</p>\n",
            html::table(
                &["method", &format!("steps for every product below {n}")],
                &rows
            ),
            html::escape(EXPLANATION)
        );
        Ok(html::wrap("cost", &id, "computed", args.caption(), &inner))
    }
}
