//! `{inverses}`: the inverse of every nonzero nimber below a field size, read off the
//! definition's table and cross-checked against the recursive mex-over-S route and the
//! fast inverse, with the 1-cells of the table marked in a figure.

use super::table::{field_sizes, grid};
use super::{Args, Check, Cx, Directive, DirectiveError, Opt, html};
use crate::figure::{self, Heatmap, Mark, MarkKind};
use crate::ledger::ClaimKind;
use crate::nimber;

/// The `{inverses}` directive.
pub struct Inverses;

impl Directive for Inverses {
    fn name(&self) -> &'static str {
        "inverses"
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[Opt::required("size", "a field size: 2, 4, 16 or 256")];
        OPTIONS
    }

    fn evaluate(&self, cx: &mut Cx<'_>, args: &Args) -> Result<String, DirectiveError> {
        let n = args.number_in("size", &field_sizes(super::shared::MAX_TABLE))?;
        let id = cx.anchor(&format!("inverses-{n}"));
        let table = cx.shared.product();
        // The inverse as the table shows it: the one b with a ⊗ b = 1.
        let from_table: Vec<Option<usize>> = (0..n)
            .map(|a| (0..n).find(|&b| table.get(a, b) == 1))
            .collect();
        let by_mex: Vec<Option<u128>> = nimber::inverses_by_mex_set(n)
            .into_iter()
            .enumerate()
            .map(|(a, v)| (a > 0).then_some(v))
            .collect();
        let fast: Vec<Option<u128>> = (0..n).map(|a| nimber::inv(a as u128).ok()).collect();
        let check = Check {
            kind: ClaimKind::CrossCheck,
            span: args.span_of("size"),
            anchor: id.clone(),
            statement: format!(
                "every nonzero nimber below {n} has an inverse in the table, and the mex-over-S route and the fast inverse give the same one"
            ),
            evidence: format!("{} nonzero elements, three routes each", n - 1),
        };
        let ok = cx.check(check, |perturbed| {
            for (a, entry) in from_table.iter().enumerate().skip(1) {
                let t = entry.map(|b| b as u128);
                let mut m = by_mex[a];
                if perturbed && a == n - 1 {
                    m = m.map(|v| v ^ 1);
                }
                if t.is_none() || t != m || t != fast[a] {
                    let show = |v: Option<u128>| v.map_or("none".to_string(), |v| v.to_string());
                    return Err(format!(
                        "for {a}: the table gives {}, mex over S gives {}, the fast inverse gives {}",
                        show(t),
                        show(m),
                        show(fast[a])
                    ));
                }
            }
            Ok(())
        });
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
        let g = grid(table, n);
        let title = format!("The inverse pairs below {n}");
        let svg = figure::heatmap(&Heatmap {
            grid: &g,
            title: title.clone(),
            desc: format!(
                "The nim-product table below {n} with every cell holding 1 marked; the marked cell in row a sits in the column of a's inverse. Pairs: {}.",
                pairs.join(", ")
            ),
            corners: Vec::new(),
            marks,
            numbers: n <= 16,
            axis_label: ("a".into(), "b".into()),
        });
        let src = cx.figure(&id, svg);
        let caption = args.caption().map_or(title, str::to_string);
        let fallback = html::table(&["a", "a⁻¹"], &rows);
        let inner = format!(
            "<p class=\"pairs\">{}.</p>\n{}",
            html::escape(&pairs.join("; ")),
            html::figure(&src, &caption, &caption, &fallback)
        );
        let status = if ok { "checked" } else { "failed" };
        Ok(html::wrap("inverses", &id, status, None, &inner))
    }
}
