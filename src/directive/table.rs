//! `{table}`: the operation table of ⊕ or ⊗ below a size, computed from its mex
//! definition, cross-checked against XOR or the fast product, with its heatmap figure.
//! A product table at a size that is not a field refuses.

use super::{Args, Check, Cx, Directive, DirectiveError, Opt, html};
use crate::diagnostics::Code;
use crate::figure::{self, Grid, Heatmap};
use crate::ledger::ClaimKind;
use crate::nimber::{self, Refusal, Table as NimTable};

/// The `{table}` directive.
pub struct Table;

/// The largest table printed as HTML; bigger ones are shown as a figure only.
const MAX_HTML: usize = 32;

impl Directive for Table {
    fn name(&self) -> &'static str {
        "table"
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("op", "the operation").one_of(&["mul", "add"]),
            Opt::required("size", "how many nimbers, 1 to 256"),
            Opt::optional("corners", "subfield corners to outline, such as `2, 4`"),
            Opt::optional("expect", "what the product table should do")
                .one_of(&["field", "refusal"]),
            Opt::optional("reason", "the axiom a refusal names"),
        ];
        OPTIONS
    }

    fn evaluate(&self, cx: &mut Cx<'_>, args: &Args) -> Result<String, DirectiveError> {
        let n = args.number("size", 1, super::shared::MAX_TABLE, None)?;
        let op = args.text("op").unwrap_or("mul");
        let corners = corners(args, n)?;
        let id = cx.anchor(&format!("table-{op}-{n}"));
        if op == "add" {
            return Ok(sum_table(cx, args, &id, n, &corners));
        }
        let outcome = cx.shared.field(n);
        if let (None, Err(r)) = (args.text("expect"), &outcome) {
            return Err(DirectiveError::new(
                Code::Refusal,
                args.span_of("size"),
                format!("the nimbers below {n} are not a field, so the product table is not drawn"),
            )
            .with_label(r.to_string())
            .with_note("add `:expect: refusal` to show the refusal instead"));
        }
        let expected = args.text("expect").is_none()
            || super::field_check::check_expectation(cx, args, &id, n, &outcome);
        // A drawn table carries its caption on the figure; a refusal shows it above.
        let caption = outcome.as_ref().err().and(args.caption());
        let (status, inner) = match outcome {
            Ok(_) => {
                let table = cx.shared.product();
                let agrees = cross_check(cx, args, &id, n, "⊗", table, |a, b| {
                    nimber::mul(a as u128, b as u128) as usize
                });
                (agrees, draw(cx, args, &id, n, "⊗", table, &corners))
            }
            Err(r) => (true, refusal_html(cx, n, &r)),
        };
        let status = if expected && status {
            "checked"
        } else {
            "failed"
        };
        Ok(html::wrap("table", &id, status, caption, &inner))
    }
}

/// Returns the `:corners:` sizes, or the field sizes below `n` by default.
fn corners(args: &Args, n: usize) -> Result<Vec<usize>, DirectiveError> {
    let Some(text) = args.text("corners") else {
        return Ok(field_sizes(n).into_iter().filter(|&s| s < n).collect());
    };
    text.split(',')
        .map(|s| s.trim().parse::<usize>().ok().filter(|&c| c >= 1 && c <= n))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| {
            DirectiveError::new(
                Code::BadValue,
                args.span_of("corners"),
                format!("`:corners:` must list sizes from 1 to {n}, separated by commas"),
            )
        })
}

/// Returns the sizes 2^(2^k) up to `n`: the sizes at which the nimbers form a field.
pub fn field_sizes(n: usize) -> Vec<usize> {
    (0..)
        .map(|k: u32| 1usize.checked_shl(1u32 << k))
        .take_while(|s| s.is_some_and(|s| s <= n))
        .flatten()
        .collect()
}

/// Returns the first `n` rows and columns of a table as a figure grid.
pub fn grid(table: &NimTable, n: usize) -> Grid {
    let values = (0..n)
        .flat_map(|a| (0..n).map(move |b| table.get(a, b) as u16))
        .collect();
    Grid { size: n, values }
}

/// Checks that the definition's table agrees with an independent rule on every pair.
fn cross_check(
    cx: &mut Cx<'_>,
    args: &Args,
    id: &str,
    n: usize,
    symbol: &str,
    table: &NimTable,
    rule: impl Fn(usize, usize) -> usize,
) -> bool {
    let (name, other) = if symbol == "⊕" {
        ("nim-sum", "bitwise XOR")
    } else {
        ("nim-product", "the fast product")
    };
    let check = Check {
        kind: ClaimKind::CrossCheck,
        span: args.name_span(),
        anchor: id.to_string(),
        statement: format!("the {name} table below {n}, by its mex definition, equals {other}"),
        evidence: format!("{} pairs", html::count((n * n) as u64)),
    };
    cx.check(check, |perturbed| {
        for a in 0..n {
            for b in 0..n {
                let mut expected = rule(a, b);
                if perturbed && a == n - 1 && b == n - 1 {
                    expected ^= 1;
                }
                let got = table.get(a, b);
                if got != expected {
                    return Err(format!(
                        "the definition gives {a} {symbol} {b} = {got}, {other} gives {expected}"
                    ));
                }
            }
        }
        Ok(())
    })
}

/// Renders the nim-sum table, checked against XOR.
fn sum_table(cx: &mut Cx<'_>, args: &Args, id: &str, n: usize, corners: &[usize]) -> String {
    let table = cx.shared.sum();
    let ok = cross_check(cx, args, id, n, "⊕", table, |a, b| a ^ b);
    let inner = draw(cx, args, id, n, "⊕", table, corners);
    html::wrap(
        "table",
        id,
        if ok { "checked" } else { "failed" },
        None,
        &inner,
    )
}

/// Draws the heatmap and the HTML table as its fallback.
fn draw(
    cx: &mut Cx<'_>,
    args: &Args,
    id: &str,
    n: usize,
    symbol: &str,
    table: &NimTable,
    corners: &[usize],
) -> String {
    let g = grid(table, n);
    let op = if symbol == "⊕" {
        "nim-sum"
    } else {
        "nim-product"
    };
    let title = format!("The {op} table of the nimbers below {n}");
    let desc = format!(
        "A {n} by {n} grid; row a from the top, column b from the left; the cell holds a {symbol} b{}. Colour is an index for telling values apart, not a size.{}",
        if n <= 16 { ", printed in the cell" } else { "" },
        if corners.is_empty() {
            String::new()
        } else {
            let c: Vec<String> = corners.iter().map(|c| format!("{c} by {c}")).collect();
            format!(" The top-left {} corners are outlined.", c.join(", "))
        }
    );
    let svg = figure::heatmap(&Heatmap {
        grid: &g,
        title: title.clone(),
        desc,
        corners: corners.to_vec(),
        marks: Vec::new(),
        numbers: n <= 16,
        axis_label: ("a".into(), "b".into()),
    });
    let src = cx.figure(id, svg);
    let fallback = if n <= MAX_HTML {
        html::op_table(n, symbol, |a, b| table.get(a, b).to_string(), |_, _| None)
    } else {
        format!(
            "<p>The table has {} entries; the figure shows them all.</p>",
            html::count((n * n) as u64)
        )
    };
    let caption = args.caption().map_or(title, str::to_string);
    html::figure(&src, &caption, &caption, &fallback)
}

/// Renders a refusal: the first failing axiom, its witness, and how many products leave
/// the range.
fn refusal_html(cx: &Cx<'_>, n: usize, refusal: &Refusal) -> String {
    let table = cx.shared.product();
    let escapes = (0..n)
        .flat_map(|a| (0..n).map(move |b| (a, b)))
        .filter(|&(a, b)| table.get(a, b) >= n)
        .count();
    format!(
        "<p class=\"refusal\">Refused: the nimbers below {n} are not a field; {}.</p>\n<p>Of the {} products of two nimbers below {n}, {} land at {n} or above.</p>\n",
        html::escape(&refusal.to_string()),
        html::count((n * n) as u64),
        html::count(escapes as u64),
    )
}
