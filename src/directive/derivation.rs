//! `{derivation}`: a ⊗ b worked by hand from the definition: every pair (a′, b′) with the
//! value it rules out, the excluded set and its mex, checked against the table and the
//! fast product, with the contributing cells marked on a figure.

use super::table::{field_sizes, grid};
use super::{Args, Check, Cx, Directive, DirectiveError, Opt, html};
use crate::diagnostics::Code;
use crate::figure::{self, Heatmap, Mark, MarkKind};
use crate::ledger::ClaimKind;
use crate::nimber;

/// The `{derivation}` directive.
pub struct Derivation;

/// The most pairs a full derivation lists; beyond it, use the summary.
const MAX_FULL_PAIRS: usize = 64;

impl Directive for Derivation {
    fn name(&self) -> &'static str {
        "derivation"
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("a", "the left factor, below 256"),
            Opt::required("b", "the right factor, below 256"),
            Opt::optional("detail", "every pair, or counts and gaps").one_of(&["full", "summary"]),
        ];
        OPTIONS
    }

    fn evaluate(&self, cx: &mut Cx<'_>, args: &Args) -> Result<String, DirectiveError> {
        let max = super::shared::MAX_TABLE - 1;
        let a = args.number("a", 0, max, None)?;
        let b = args.number("b", 0, max, None)?;
        let full = args.text("detail") != Some("summary");
        if full && a * b > MAX_FULL_PAIRS {
            return Err(DirectiveError::new(
                Code::Limit,
                args.span_of("detail"),
                format!(
                    "{a} ⊗ {b} has {} pairs, more than the {MAX_FULL_PAIRS} a full derivation lists",
                    a * b
                ),
            )
            .with_note("use `:detail: summary`"));
        }
        let d = nimber::derive(a, b)
            .map_err(|e| DirectiveError::new(Code::Limit, args.name_span(), e.to_string()))?;
        let id = cx.anchor(&format!("derivation-{a}x{b}"));
        let table = cx.shared.product();
        let from_table = table.get(a, b) as u128;
        let fast = nimber::mul(a as u128, b as u128);
        let check = Check {
            kind: ClaimKind::Derivation,
            span: args.name_span(),
            anchor: id.clone(),
            statement: format!("{a} ⊗ {b} = {} by the mex of its excluded set", d.value),
            evidence: format!(
                "{} pairs worked; agrees with the table and the fast product",
                d.steps.len()
            ),
        };
        let value = d.value;
        let ok = cx.check(check, |perturbed| {
            let v = if perturbed { value ^ 1 } else { value };
            if v == from_table && v == fast && nimber::mex(d.excluded.iter().copied()) == v {
                Ok(())
            } else {
                Err(format!(
                    "the derivation gives {v}, the table {from_table}, the fast product {fast}"
                ))
            }
        });
        let set = |v: &[u128]| v.iter().map(u128::to_string).collect::<Vec<_>>().join(", ");
        let mut inner = String::new();
        if full {
            let rows: Vec<Vec<String>> = d
                .steps
                .iter()
                .map(|s| {
                    vec![
                        format!("({}, {})", s.a1, s.b1),
                        format!(
                            "{} ⊕ {} ⊕ {}",
                            table.get(s.a1, b),
                            table.get(a, s.b1),
                            table.get(s.a1, s.b1)
                        ),
                        s.excluded.to_string(),
                    ]
                })
                .collect();
            inner.push_str(&html::table(
                &["(a′, b′)", "(a′⊗b) ⊕ (a⊗b′) ⊕ (a′⊗b′)", "rules out"],
                &rows,
            ));
            inner.push_str(&format!(
                "<p class=\"verdict\">The excluded set is {{{}}}, so {a} ⊗ {b} = mex {{{}}} = {}.</p>\n",
                set(&d.excluded),
                set(&d.excluded),
                d.value
            ));
        } else {
            let s = d.summary();
            let gaps = if s.gaps.is_empty() {
                "with no gaps".to_string()
            } else {
                format!("with gaps at {}", set(&s.gaps))
            };
            inner.push_str(&format!(
                "<p class=\"verdict\">{} pairs (a′, b′) rule out {} distinct values, {{{}}}, {gaps}. The least value not ruled out is {}, so {a} ⊗ {b} = {}.</p>\n",
                s.pairs,
                s.distinct,
                set(&d.excluded),
                s.value,
                s.value
            ));
        }
        let size = field_sizes(super::shared::MAX_TABLE)
            .into_iter()
            .find(|&s| s > a.max(b))
            .unwrap_or(super::shared::MAX_TABLE);
        let mut marks: Vec<Mark> = Vec::new();
        for a1 in 0..a {
            for b1 in 0..b {
                for (row, col) in [(a1, b), (a, b1), (a1, b1)] {
                    if !marks.iter().any(|m| m.row == row && m.col == col) {
                        marks.push(Mark {
                            row,
                            col,
                            kind: MarkKind::Feeder,
                        });
                    }
                }
            }
        }
        marks.push(Mark {
            row: a,
            col: b,
            kind: MarkKind::Target,
        });
        let title = format!("Deriving {a} ⊗ {b} on the table below {size}");
        let svg = figure::heatmap(&Heatmap {
            grid: &grid(table, size),
            title: title.clone(),
            desc: format!(
                "The nim-product table below {size}. The target cell, row {a} and column {b}, holds {}. The {} cells marked around it are the entries a′⊗b, a⊗b′ and a′⊗b′ for a′ < {a} and b′ < {b} that feed its excluded set {{{}}}.",
                d.value,
                marks.len() - 1,
                set(&d.excluded)
            ),
            corners: Vec::new(),
            marks,
            numbers: size <= 16,
            axis_label: ("a".into(), "b".into()),
        });
        let src = cx.figure(&id, svg);
        let caption = args.caption().map_or(title, str::to_string);
        inner.push_str(&html::figure(
            &src,
            &caption,
            &caption,
            "<p>The pairs and values are listed above.</p>",
        ));
        let status = if ok { "checked" } else { "failed" };
        Ok(html::wrap("derivation", &id, status, None, &inner))
    }
}
