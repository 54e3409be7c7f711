//! `{cost}`: exact, deterministic counts of the work behind a product table: naive
//! recursion, the memoised table and the fast product, the last both as its recursion is
//! written, with no shortcut, and with the shortcuts the implementation takes. No clock is
//! read, and each row says how its number was obtained.

use std::ops::Range;

use serde::Serialize;

use super::shared::MAX_TABLE;
use crate::diagnostics::Code;
use crate::engine::Caption;
use crate::engine::view::DataTable;
use crate::engine::{
    Agree, Args, Check, Cx, Directive, DirectiveError, Memo, Opt, Spec, Status, View, html,
};
use crate::ledger::ClaimKind;

/// The `{cost}` directive.
pub struct Cost;

/// The operation counts for each table size, computed once per build and shared by every
/// page.
#[derive(Default)]
struct Costs(Memo<usize, crate::nimber::Cost>);

/// A row of the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    Naive,
    Memoised,
    FastDescribed,
    Fast,
}

impl Method {
    /// The names `:methods:` accepts, in the order the report lists them.
    const ALL: [(&'static str, Method); 4] = [
        ("naive", Method::Naive),
        ("memoised", Method::Memoised),
        ("fast-described", Method::FastDescribed),
        ("fast", Method::Fast),
    ];

    /// Returns the row's name and what it counts.
    fn describe(self) -> (&'static str, &'static str) {
        match self {
            Method::Naive => (
                "naive recursion",
                "calls of the definition with nothing remembered, each product started afresh",
            ),
            Method::Memoised => (
                "memoised table",
                "options (a′⊗b) ⊕ (a⊗b′) ⊕ (a′⊗b′) formed from stored entries: a·b of them for the cell (a, b)",
            ),
            Method::FastDescribed => (
                "fast product, as described",
                "calls of the Fermat 2-power recursion with no shortcut taken: four half-width products per call, down to single bits",
            ),
            Method::Fast => (
                "fast product, with shortcuts",
                "calls of the same recursion with the implementation's shortcuts: where both high halves are zero it makes one call, and where one is zero two, instead of four",
            ),
        }
    }
}

/// A `{cost}` as written.
#[derive(Debug)]
struct CostSpec {
    size: usize,
    size_span: Range<usize>,
    methods: Vec<Method>,
    caption: Caption,
}

impl Directive for Cost {
    fn name(&self) -> &'static str {
        "cost"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/cost.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("size", "the table size counted, 1 to 256"),
            Opt::optional(
                "methods",
                "the rows shown: naive, memoised, fast-described, fast (all by default)",
            ),
        ];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        let size = args
            .number("size", 1, MAX_TABLE, None)
            .map_err(|e| vec![e])?;
        let methods =
            methods(args.text("methods"), args.span_of("methods")).map_err(|e| vec![e])?;
        let caption = Caption::read(args, &["size", "crossover"]).map_err(|e| vec![e])?;
        Ok(Box::new(CostSpec {
            size,
            size_span: args.span_of("size"),
            methods,
            caption,
        }))
    }
}

/// Reads `:methods:`, a comma-separated list of row names.
fn methods(text: Option<&str>, span: Range<usize>) -> Result<Vec<Method>, DirectiveError> {
    let Some(text) = text else {
        return Ok(Method::ALL.iter().map(|(_, m)| *m).collect());
    };
    let mut chosen = Vec::new();
    for name in text.split(',').map(str::trim) {
        match Method::ALL.iter().find(|(n, _)| *n == name) {
            Some((_, m)) if !chosen.contains(m) => chosen.push(*m),
            _ => {
                let names: Vec<&str> = Method::ALL.iter().map(|(n, _)| *n).collect();
                return Err(DirectiveError::new(
                    Code::BadValue,
                    span,
                    format!("`:methods:` cannot list `{name}` here"),
                )
                .with_note(format!("list some of {}, each once", names.join(", "))));
            }
        }
    }
    chosen.sort_by_key(|m| Method::ALL.iter().position(|(_, x)| x == m));
    Ok(chosen)
}

/// What the `{cost}` partial shows.
#[derive(Serialize)]
struct CostView {
    table: DataTable,
    explanation: Vec<String>,
}

impl Spec for CostSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let n = self.size;
        let id = cx.anchor(&format!("cost-{n}"));
        let cost = cx
            .shared
            .get::<Costs>()
            .0
            .get_or_init(n, || crate::nimber::cost(n));
        let naive = match (cost.naive, cost.naive_by_recurrence) {
            (Some(c), _) => (html::count(c), "run and counted"),
            (None, Some(c)) => (
                big_count(c),
                "from the recurrence the calls follow; too many to run",
            ),
            (None, None) => (
                "more than 2¹²⁸".to_string(),
                "from the recurrence the calls follow, stopped where it passes 2¹²⁸",
            ),
        };
        let rows = self
            .methods
            .iter()
            .map(|&m| {
                let (count, how) = match m {
                    Method::Naive => naive.clone(),
                    Method::Memoised => (html::count(cost.memoised), "run and counted"),
                    Method::FastDescribed => {
                        (html::count(cost.fast_as_described), "run and counted")
                    }
                    Method::Fast => (html::count(cost.fast), "run and counted"),
                };
                vec![m.describe().0.to_string(), count, how.to_string()]
            })
            .collect();
        let explanation = self
            .methods
            .iter()
            .map(|m| {
                let (name, what) = m.describe();
                format!("{name}: {what}")
            })
            .collect();
        let mut status = Status::Computed;
        if let (Some(run), Some(by_recurrence)) = (cost.naive, cost.naive_by_recurrence)
            && self.methods.contains(&Method::Naive)
        {
            let check = Check {
                kind: ClaimKind::CrossCheck,
                span: self.size_span.clone(),
                anchor: id.clone(),
                statement: format!(
                    "naive recursion below {n}: the recurrence its calls follow gives exactly the number of calls a run of it makes"
                ),
                evidence: format!("{} calls, run and counted", html::count(run)),
            };
            let claim = Agree::new(by_recurrence, u128::from(run), |r: &u128, c: &u128| {
                format!("the recurrence gives {r} calls, a run makes {c}")
            });
            status = Status::from_ok(cx.check(check, &claim));
        }
        let data = CostView {
            table: DataTable::plain(
                &[
                    "method",
                    &format!("steps for every product below {n}"),
                    "how",
                ],
                rows,
            ),
            explanation,
        };
        // Associativity and distributivity: two laws over every triple.
        let crossover = crate::nimber::law_check_crossover(2)
            .map_or_else(|| "none".to_string(), |c| c.to_string());
        let caption = self
            .caption
            .fill(&[("size", n.to_string()), ("crossover", crossover)]);
        Ok(View::new(&id, status, data).with_caption(caption.as_deref()))
    }
}

/// Formats a count with thousands separators, however large; past 15 digits each comma
/// is followed by a zero-width space, so a narrow page can break the number there.
fn big_count(n: u128) -> String {
    let digits = n.to_string();
    let long = digits.len() > 15;
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
            if long {
                out.push('\u{200B}');
            }
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::testing::evaluate;

    #[test]
    fn methods_are_read_in_report_order() {
        let got = methods(Some("fast, memoised"), 0..1).expect("reads");
        assert_eq!(got, vec![Method::Memoised, Method::Fast]);
        assert!(methods(Some("fast, fast"), 0..1).is_err());
        assert!(methods(Some("quick"), 0..1).is_err());
        assert_eq!(methods(None, 0..1).map(|m| m.len()), Ok(4));
        assert_eq!(big_count(1_234_567), "1,234,567");
        assert_eq!(big_count(10u128.pow(18)).matches('\u{200B}').count(), 6);
    }

    #[test]
    fn the_counts_below_6_are_reported_and_the_naive_count_is_cross_checked() {
        let page = evaluate("```{cost}\n:size: 6\n```\n");
        // Evaluated as `check --mutate`: a claim whose perturbed copy passed is reported.
        assert_eq!(page.held(), 1);
        for (name, _) in Method::ALL.iter().map(|(_, m)| m.describe()) {
            assert!(
                page.html.contains(&format!("<td>{name}</td>")),
                "{}",
                page.html
            );
        }
        let naive = crate::nimber::cost(6).naive.expect("run at 6");
        assert!(page.html.contains(&html::count(naive)), "{}", page.html);
        let page = evaluate("```{cost}\n:size: 6\n:methods: quick\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
    }
}
