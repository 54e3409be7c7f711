//! `{inverses}`: the inverse of every nonzero nimber below a field size, read off the
//! definition's table and cross-checked against the recursive mex-over-S route and the
//! fast inverse, with the 1-cells of the table marked in a figure.

use std::ops::Range;

use serde::Serialize;

use super::shared::{MAX_TABLE, Tables, draw_product, field_sizes, grid};
use crate::engine::Caption;
use crate::engine::claims::first_difference;
use crate::engine::view::{DataTable, FigureView};
use crate::engine::{Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View};
use crate::figure::{self, Heatmap, Mark, MarkKind};
use crate::ledger::ClaimKind;
use crate::nimber;

/// The `{inverses}` directive.
pub struct Inverses;

/// An `{inverses}` as written.
#[derive(Debug)]
struct InversesSpec {
    size: usize,
    size_span: Range<usize>,
    caption: Caption,
}

impl Directive for Inverses {
    fn name(&self) -> &'static str {
        "inverses"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/inverses.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[Opt::required("size", "a field size: 2, 4, 16 or 256")];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        Ok(Box::new(InversesSpec {
            size: args
                .number_in("size", &field_sizes(MAX_TABLE))
                .map_err(|e| vec![e])?,
            size_span: args.span_of("size"),
            caption: Caption::read(args, &["size"]).map_err(|e| vec![e])?,
        }))
    }
}

/// What the `{inverses}` partial shows.
#[derive(Serialize)]
struct InversesView {
    pairs: String,
    figure: FigureView,
}

impl Spec for InversesSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let n = self.size;
        let id = cx.anchor(&format!("inverses-{n}"));
        draw_product(cx, self.size_span.clone())?;
        let tables = Tables::of(cx.shared);
        let table = tables.product();
        // The inverse as the table shows it: the one b with a ⊗ b = 1.
        let from_table: Vec<Option<usize>> = (0..n)
            .map(|a| (0..n).find(|&b| table.get(a, b) == 1))
            .collect();
        let as_u128 = |v: &Option<usize>| v.map(|b| b as u128);
        let by_table: Vec<Option<u128>> = from_table.iter().skip(1).map(as_u128).collect();
        let by_mex: Vec<Option<u128>> = nimber::inverses_by_mex_set(n)
            .into_iter()
            .skip(1)
            .map(Some)
            .collect();
        let fast: Vec<Option<u128>> = (1..n).map(|a| nimber::inv(a as u128).ok()).collect();
        let check = Check {
            kind: ClaimKind::CrossCheck,
            span: self.size_span.clone(),
            anchor: id.clone(),
            statement: format!(
                "every nonzero nimber below {n} has an inverse in the table, and the mex-over-S route and the fast inverse give the same one"
            ),
            evidence: format!("{} nonzero elements, three routes each", n - 1),
        };
        // The table's inverses must exist and agree with both other routes.
        let stated: Vec<(Option<u128>, Option<u128>)> = by_table.iter().map(|t| (*t, *t)).collect();
        let computed: Vec<(Option<u128>, Option<u128>)> = by_mex
            .iter()
            .zip(&fast)
            .zip(&by_table)
            .map(|((m, f), t)| (t.and(*m), *f))
            .collect();
        let claim = Agree::new(stated, computed, |s: &Vec<_>, c: &Vec<_>| {
            let show = |v: Option<u128>| v.map_or("none".to_string(), |v| v.to_string());
            match first_difference(s, c) {
                Some((i, Some((t, _)), Some((m, f)))) => format!(
                    "for {}: the table gives {}, mex over S gives {}, the fast inverse gives {}",
                    i + 1,
                    show(*t),
                    show(*m),
                    show(*f)
                ),
                _ => "the routes list different elements".to_string(),
            }
        });
        let ok = cx.check(check, &claim);
        let mut pairs = Vec::new();
        for (a, entry) in from_table.iter().enumerate().skip(1) {
            if let Some(b) = entry.filter(|&b| b >= a) {
                pairs.push(if a == b {
                    format!("{a} is its own inverse")
                } else {
                    format!("{a} ↔ {b}")
                });
            }
        }
        let rows: Vec<Vec<String>> = (1..n)
            .map(|a| {
                vec![
                    a.to_string(),
                    from_table[a].map_or("—".into(), |b| b.to_string()),
                ]
            })
            .collect();
        let marks = (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .filter(|&(a, b)| table.get(a, b) == 1)
            .map(|(row, col)| Mark {
                row,
                col,
                kind: MarkKind::Pair,
            })
            .collect();
        let title = format!("The inverse pairs below {n}");
        let svg = figure::heatmap(&Heatmap {
            grid: &grid(table, n),
            title: title.clone(),
            desc: format!(
                "The nim-product table below {n} with every cell holding 1 marked; the marked cell in row a sits in the column of a's inverse. Pairs: {}.",
                pairs.join(", ")
            ),
            corners: Vec::new(),
            marks,
            numbers: n <= 16,
            axis_label: ("a".into(), "b".into()),
            style: Default::default(),
        });
        let src = cx.figure(&id, svg);
        let caption = self
            .caption
            .fill(&[("size", n.to_string())])
            .unwrap_or(title);
        let data = InversesView {
            pairs: pairs.join("; "),
            figure: FigureView::new(src, caption, DataTable::plain(&["a", "a⁻¹"], rows)),
        };
        Ok(View::new(&id, Status::from_ok(ok), data))
    }
}

#[cfg(test)]
mod tests {
    use crate::catalogue::testing::evaluate;
    use crate::diagnostics::Code;
    use crate::nimber;

    #[test]
    fn the_inverse_pairs_below_4_agree_and_the_perturbed_claim_fails() {
        let page = evaluate("```{inverses}\n:size: 4\n```\n");
        assert_eq!(page.held(), 1);
        // 2 and 3 are each other's inverses, by the fast product.
        assert_eq!(nimber::mul(2, 3), 1);
        assert!(
            page.html.contains("1 is its own inverse; 2 ↔ 3."),
            "{}",
            page.html
        );
        assert_eq!(page.figures, 1);
    }

    #[test]
    fn a_size_that_is_not_a_field_is_refused() {
        let page = evaluate("```{inverses}\n:size: 5\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
        assert!(page.messages().contains("size"), "{}", page.messages());
    }
}
