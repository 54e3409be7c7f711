//! `{derivation}`: a ⊗ b worked by hand from the definition: every pair (a′, b′) with the
//! value it rules out, the excluded set and its mex, with the contributing cells marked on
//! a figure. Each option and the mex are checked against the fast product, which shares
//! no step with the definition's table the derivation is worked from.

use std::ops::Range;

use serde::Serialize;

use super::shared::{CELL_WORK, MAX_TABLE, Tables, draw_product, field_sizes, grid};
use crate::diagnostics::Code;
use crate::engine::Caption;
use crate::engine::view::{DataTable, FigureView};
use crate::engine::{Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View};
use crate::figure::{self, Heatmap, Mark, MarkKind};
use crate::ledger::ClaimKind;
use crate::nimber;

/// The `{derivation}` directive.
pub struct Derivation;

/// The most pairs a full derivation lists; beyond it, use the summary.
const MAX_FULL_PAIRS: usize = 64;

/// A `{derivation}` as written.
#[derive(Debug)]
struct DerivationSpec {
    a: usize,
    b: usize,
    full: bool,
    name_span: Range<usize>,
    caption: Caption,
}

impl Directive for Derivation {
    fn name(&self) -> &'static str {
        "derivation"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/derivation.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("a", "the left factor, below 256"),
            Opt::required("b", "the right factor, below 256"),
            Opt::optional("detail", "every pair, or counts and gaps").one_of(&["full", "summary"]),
        ];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        let max = MAX_TABLE - 1;
        let a = args.number("a", 0, max, None);
        let b = args.number("b", 0, max, None);
        let (a, b) = match (a, b) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => return Err(a.err().into_iter().chain(b.err()).collect()),
        };
        let full = args.text("detail") != Some("summary");
        if full && a * b > MAX_FULL_PAIRS {
            return Err(vec![
                DirectiveError::new(
                    Code::Limit,
                    args.span_of("detail"),
                    format!(
                        "{a} ⊗ {b} has {} pairs, more than the {MAX_FULL_PAIRS} a full derivation lists",
                        a * b
                    ),
                )
                .with_note("use `:detail: summary`"),
            ]);
        }
        Ok(Box::new(DerivationSpec {
            a,
            b,
            full,
            name_span: args.name_span(),
            caption: Caption::read(args, &["a", "b"]).map_err(|e| vec![e])?,
        }))
    }
}

/// What the `{derivation}` partial shows.
#[derive(Serialize)]
struct DerivationView {
    a: usize,
    b: usize,
    value: u128,
    excluded: String,
    steps: Option<DataTable>,
    summary: Option<SummaryView>,
    figure: FigureView,
}

/// The counts and gaps of a summarised derivation.
#[derive(Serialize)]
struct SummaryView {
    pairs: usize,
    distinct: usize,
    gaps: String,
}

impl Spec for DerivationSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let (a, b) = (self.a, self.b);
        let span = self.name_span.clone();
        draw_product(cx, span.clone())?;
        let steps = ((a + 1) * (b + 1)) as u64 * CELL_WORK;
        cx.draw(span.clone(), &format!("the derivation of {a} ⊗ {b}"), steps)?;
        let tables = Tables::of(cx.shared);
        let table = tables.product();
        let d = nimber::derive_from(table, a, b)
            .map_err(|e| DirectiveError::new(Code::Limit, span, e.to_string()))?;
        let id = cx.anchor(&format!("derivation-{a}x{b}"));
        let ok = self.check(cx, &id, &d, nimber::mul);
        let set = |v: &[u128]| v.iter().map(u128::to_string).collect::<Vec<_>>().join(", ");
        let steps = self.full.then(|| {
            let rows = d
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
            DataTable::plain(
                &["(a′, b′)", "(a′⊗b) ⊕ (a⊗b′) ⊕ (a′⊗b′)", "rules out"],
                rows,
            )
        });
        let summary = (!self.full).then(|| {
            let s = d.summary();
            SummaryView {
                pairs: s.pairs,
                distinct: s.distinct,
                gaps: if s.gaps.is_empty() {
                    "with no gaps".to_string()
                } else {
                    format!("with gaps at {}", set(&s.gaps))
                },
            }
        });
        let figure = self.figure(cx, &id, table, &d, &set(&d.excluded));
        let data = DerivationView {
            a,
            b,
            value: d.value,
            excluded: format!("{{{}}}", set(&d.excluded)),
            steps,
            summary,
            figure,
        };
        Ok(View::new(&id, Status::from_ok(ok), data))
    }
}

impl DerivationSpec {
    /// Checks the worked derivation against `product`, which shares no step with the mex:
    /// every option it lists, then the mex itself.
    fn check(
        &self,
        cx: &mut Cx<'_>,
        id: &str,
        d: &nimber::Derivation,
        product: fn(u128, u128) -> u128,
    ) -> bool {
        let (a, b) = (d.a, d.b);
        let (stated, computed) = options_by(d, product);
        let pairs = d.steps.len();
        let options = Check {
            kind: ClaimKind::Derivation,
            span: self.name_span.clone(),
            anchor: id.to_string(),
            statement: format!(
                "each of the {pairs} options (a′⊗b) ⊕ (a⊗b′) ⊕ (a′⊗b′) of {a} ⊗ {b}, worked from the definition's table, equals the same option by the fast product"
            ),
            evidence: format!("{pairs} options recomputed with the fast product"),
        };
        let steps = d.steps.clone();
        let claim = Agree::new(stated, computed, move |s: &Vec<u128>, c: &Vec<u128>| {
            let i = s.iter().zip(c).position(|(x, y)| x != y).unwrap_or(0);
            match steps.get(i) {
                Some(st) => format!(
                    "the pair ({}, {}) rules out {} by the table, {} by the fast product",
                    st.a1, st.b1, s[i], c[i]
                ),
                None => "the lists of options differ in length".to_string(),
            }
        });
        let options_ok = cx.check(options, &claim);
        let value = Check {
            kind: ClaimKind::Derivation,
            span: self.name_span.clone(),
            anchor: id.to_string(),
            statement: format!(
                "{a} ⊗ {b} = {}, the mex of its excluded set, equals the fast product",
                d.value
            ),
            evidence: format!("the mex of {} distinct excluded values", d.excluded.len()),
        };
        let claim = Agree::new(
            d.value,
            product(a as u128, b as u128),
            |m: &u128, f: &u128| format!("the mex gives {m}, the fast product {f}"),
        );
        let value_ok = cx.check(value, &claim);
        options_ok && value_ok
    }

    /// Draws the table with the target cell and the cells feeding it marked.
    fn figure(
        &self,
        cx: &mut Cx<'_>,
        id: &str,
        table: &nimber::Table,
        d: &nimber::Derivation,
        excluded: &str,
    ) -> FigureView {
        let (a, b) = (self.a, self.b);
        let size = field_sizes(MAX_TABLE)
            .into_iter()
            .find(|&s| s > a.max(b))
            .unwrap_or(MAX_TABLE);
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
                "The nim-product table below {size}. The target cell, row {a} and column {b}, holds {}. The {} cells marked around it are the entries a′⊗b, a⊗b′ and a′⊗b′ for a′ < {a} and b′ < {b} that feed its excluded set {{{excluded}}}.",
                d.value,
                marks.len() - 1,
            ),
            corners: Vec::new(),
            marks,
            numbers: size <= 16,
            axis_label: ("a".into(), "b".into()),
            style: Default::default(),
        });
        let src = cx.figure(id, svg);
        let caption = self
            .caption
            .fill(&[("a", a.to_string()), ("b", b.to_string())])
            .unwrap_or(title);
        FigureView::new(
            src,
            caption,
            DataTable::note("The pairs and values are listed above."),
        )
    }
}

/// Returns every option the derivation lists, and the same options computed with `product`.
fn options_by(d: &nimber::Derivation, product: fn(u128, u128) -> u128) -> (Vec<u128>, Vec<u128>) {
    let (a, b) = (d.a as u128, d.b as u128);
    let stated = d.steps.iter().map(|s| s.excluded).collect();
    let computed = d
        .steps
        .iter()
        .map(|s| {
            let (a1, b1) = (s.a1 as u128, s.b1 as u128);
            product(a1, b) ^ product(a, b1) ^ product(a1, b1)
        })
        .collect();
    (stated, computed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::testing::evaluate;

    #[test]
    fn options_agree_with_the_fast_product() {
        let d = nimber::derive(4, 4).expect("small");
        let (stated, computed) = options_by(&d, nimber::mul);
        assert_eq!(stated.len(), 16);
        assert_eq!(stated, computed);
        assert_eq!(d.value, nimber::mul(4, 4));
    }

    #[test]
    fn a_perturbed_derivation_disagrees() {
        let mut d = nimber::derive(2, 2).expect("small");
        d.steps[3].excluded ^= 1;
        let (stated, computed) = options_by(&d, nimber::mul);
        assert_ne!(stated, computed);
        // A product that is wrong at one smaller entry is caught by the options too.
        let d = nimber::derive(2, 2).expect("small");
        let broken: fn(u128, u128) -> u128 = |a, b| {
            if (a, b) == (1, 2) {
                0
            } else {
                nimber::mul(a, b)
            }
        };
        let (stated, computed) = options_by(&d, broken);
        assert_ne!(stated, computed);
    }

    #[test]
    fn a_derivation_shows_its_mex_and_refuses_an_unknown_detail() {
        let page = evaluate("```{derivation}\n:a: 2\n:b: 3\n:detail: full\n```\n");
        // Evaluated as `check --mutate`: a claim whose perturbed copy passed is reported.
        assert_eq!(page.held(), 2);
        let verdict = format!("so 2 ⊗ 3 = mex {{0, 2, 3}} = {}.", nimber::mul(2, 3));
        assert!(page.html.contains(&verdict), "{}", page.html);
        assert_eq!(page.figures, 1);
        let page = evaluate("```{derivation}\n:a: 2\n:b: 3\n:detail: all\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
    }
}
