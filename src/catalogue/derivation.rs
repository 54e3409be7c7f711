//! `{derivation}`: a ⊗ b worked by hand from the definition: every pair (a′, b′) with the
//! value it rules out, the excluded set and its mex, checked against the table and the
//! fast product, with the contributing cells marked on a figure.

use std::ops::Range;

use serde::Serialize;

use crate::diagnostics::Code;
use crate::engine::shared::{Caption, MAX_TABLE, field_sizes, grid};
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
        let d = nimber::derive(a, b)
            .map_err(|e| DirectiveError::new(Code::Limit, self.name_span.clone(), e.to_string()))?;
        let id = cx.anchor(&format!("derivation-{a}x{b}"));
        let table = cx.shared.product();
        let from_table = table.get(a, b) as u128;
        let fast = nimber::mul(a as u128, b as u128);
        let check = Check {
            kind: ClaimKind::Derivation,
            span: self.name_span.clone(),
            anchor: id.clone(),
            statement: format!("{a} ⊗ {b} = {} by the mex of its excluded set", d.value),
            evidence: format!(
                "{} pairs worked; agrees with the table and the fast product",
                d.steps.len()
            ),
        };
        let mex = nimber::mex(d.excluded.iter().copied());
        let stated = vec![d.value, d.value, d.value];
        let computed = vec![mex, from_table, fast];
        let claim = Agree::new(stated, computed, |s: &Vec<u128>, c: &Vec<u128>| {
            format!(
                "the derivation gives {}, its mex {}, the table {}, the fast product {}",
                s[0], c[0], c[1], c[2]
            )
        });
        let ok = cx.check(check, &claim);
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
