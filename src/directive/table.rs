//! `{table}`: the operation table of ⊕ or ⊗ below a size, computed from its mex
//! definition, cross-checked against XOR or the fast product, with its heatmap figure.
//! A product table at a size that is not a field refuses.

use std::ops::Range;

use serde::Serialize;

use super::claims::first_difference;
use super::shared::{MAX_TABLE, REASONS, field_sizes, grid};
use super::view::{DataTable, FigureView};
use super::{
    Agree, Args, Check, Cx, Directive, DirectiveError, Expectation, Opt, Spec, Status, View, html,
};
use crate::diagnostics::Code;
use crate::figure::{self, Heatmap};
use crate::ledger::ClaimKind;
use crate::nimber::{self, Table as NimTable};

/// The `{table}` directive.
pub struct Table;

/// The largest table printed as HTML; bigger ones are shown as a figure only.
const MAX_HTML: usize = 32;

/// The operation a table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Add,
    Mul,
}

/// A `{table}` as written, with the spans its claims point at.
#[derive(Debug)]
struct TableSpec {
    op: Op,
    size: usize,
    corners: Vec<usize>,
    expect: Option<(Expectation, Range<usize>)>,
    name_span: Range<usize>,
    size_span: Range<usize>,
    caption: Option<String>,
}

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
            Opt::optional("reason", "the axiom a refusal names").one_of(REASONS),
        ];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        let op = args
            .choice("op", &[("add", Op::Add), ("mul", Op::Mul)])
            .unwrap_or(Op::Mul);
        let size = args
            .number("size", 1, MAX_TABLE, None)
            .map_err(|e| vec![e])?;
        let mut errors = Vec::new();
        let expect = Expectation::from_args(args, &mut errors);
        if op == Op::Add {
            for name in ["expect", "reason"] {
                if args.get(name).is_some() {
                    errors.push(args.useless(name, "a nim-sum table is always drawn"));
                }
            }
        }
        let corners = match corners(args, op, size) {
            Ok(c) => c,
            Err(e) => {
                errors.push(e);
                Vec::new()
            }
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Box::new(TableSpec {
            op,
            size,
            corners,
            expect: if op == Op::Mul { expect } else { None },
            name_span: args.name_span(),
            size_span: args.span_of("size"),
            caption: args.caption().map(str::to_string),
        }))
    }
}

/// Returns the `:corners:` sizes, or the subfield sizes below `n` by default. A corner
/// is outlined as a claim that it is closed, so only closed corners may be named.
fn corners(args: &Args, op: Op, n: usize) -> Result<Vec<usize>, DirectiveError> {
    let subfields: Vec<usize> = field_sizes(n).into_iter().filter(|&s| s < n).collect();
    let Some(text) = args.text("corners") else {
        return Ok(subfields);
    };
    let closed: Vec<usize> = match op {
        Op::Mul => subfields,
        Op::Add => (1..usize::BITS)
            .map(|k| 1usize << k)
            .take_while(|&s| s < n)
            .collect(),
    };
    let listed: Option<Vec<usize>> = text.split(',').map(|s| s.trim().parse().ok()).collect();
    let what = match op {
        Op::Mul => "subfield sizes (2, 4, 16, …)",
        Op::Add => "powers of two",
    };
    let sizes: Vec<String> = closed.iter().map(usize::to_string).collect();
    match listed {
        Some(list) if list.iter().all(|c| closed.contains(c)) => Ok(list),
        _ => Err(DirectiveError::new(
            Code::BadValue,
            args.span_of("corners"),
            format!("`:corners:` must list {what} below {n}, separated by commas"),
        )
        .with_label("an outlined corner must be closed under the operation")
        .with_note(if sizes.is_empty() {
            format!("no corner below {n} is closed")
        } else {
            format!("the closed corners below {n} are {}", sizes.join(", "))
        })),
    }
}

/// What the `{table}` partial shows.
#[derive(Serialize)]
struct TableView {
    size: usize,
    figure: Option<FigureView>,
    refusal: Option<RefusalView>,
}

/// A refused table: the first failing axiom and how many products leave the range.
#[derive(Serialize)]
struct RefusalView {
    reason: String,
    pairs: String,
    escapes: String,
}

impl Spec for TableSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let n = self.size;
        let name = if self.op == Op::Add { "add" } else { "mul" };
        let id = cx.anchor(&format!("table-{name}-{n}"));
        if self.op == Op::Add {
            let table = cx.shared.sum();
            let ok = self.cross_check(cx, &id, "⊕", table, |a, b| a ^ b);
            let figure = self.draw(cx, &id, "⊕", table);
            let data = TableView {
                size: n,
                figure: Some(figure),
                refusal: None,
            };
            return Ok(View::new("table", &id, Status::from_ok(ok), data));
        }
        let outcome = cx.shared.field(n);
        if let (None, Err(r)) = (&self.expect, &outcome) {
            return Err(DirectiveError::new(
                Code::Refusal,
                self.size_span.clone(),
                format!("the nimbers below {n} are not a field, so the product table is not drawn"),
            )
            .with_label(r.to_string())
            .with_note("add `:expect: refusal` to show the refusal instead"));
        }
        let expected = match &self.expect {
            None => true,
            Some((expected, span)) => {
                super::claims::check_field(cx, span, &id, n, expected, &outcome)
            }
        };
        match outcome {
            Ok(_) => {
                let table = cx.shared.product();
                let agrees = self.cross_check(cx, &id, "⊗", table, |a, b| {
                    nimber::mul(a as u128, b as u128) as usize
                });
                let figure = self.draw(cx, &id, "⊗", table);
                let data = TableView {
                    size: n,
                    figure: Some(figure),
                    refusal: None,
                };
                Ok(View::new(
                    "table",
                    &id,
                    Status::from_ok(expected && agrees),
                    data,
                ))
            }
            Err(r) => {
                let table = cx.shared.product();
                let escapes = (0..n)
                    .flat_map(|a| (0..n).map(move |b| (a, b)))
                    .filter(|&(a, b)| table.get(a, b) >= n)
                    .count();
                let data = TableView {
                    size: n,
                    figure: None,
                    refusal: Some(RefusalView {
                        reason: r.to_string(),
                        pairs: html::count((n * n) as u64),
                        escapes: html::count(escapes as u64),
                    }),
                };
                let status = Status::from_ok(expected);
                Ok(View::new("table", &id, status, data).with_caption(self.caption.as_deref()))
            }
        }
    }
}

impl TableSpec {
    /// Checks that the definition's table agrees with an independent rule on every pair.
    fn cross_check(
        &self,
        cx: &mut Cx<'_>,
        id: &str,
        symbol: &'static str,
        table: &NimTable,
        rule: impl Fn(usize, usize) -> usize,
    ) -> bool {
        let n = self.size;
        let (name, other) = if symbol == "⊕" {
            ("nim-sum", "bitwise XOR")
        } else {
            ("nim-product", "the fast product")
        };
        let check = Check {
            kind: ClaimKind::CrossCheck,
            span: self.name_span.clone(),
            anchor: id.to_string(),
            statement: format!("the {name} table below {n}, by its mex definition, equals {other}"),
            evidence: format!("{} pairs", html::count((n * n) as u64)),
        };
        let pairs = (0..n).flat_map(|a| (0..n).map(move |b| (a, b)));
        let stated: Vec<usize> = pairs.clone().map(|(a, b)| table.get(a, b)).collect();
        let computed: Vec<usize> = pairs.map(|(a, b)| rule(a, b)).collect();
        let claim = Agree::new(stated, computed, move |s: &Vec<usize>, c: &Vec<usize>| {
            match first_difference(s, c) {
                Some((i, Some(got), Some(want))) => format!(
                    "the definition gives {} {symbol} {} = {got}, {other} gives {want}",
                    i / n,
                    i % n
                ),
                _ => "the tables differ in size".to_string(),
            }
        });
        cx.check(check, &claim)
    }

    /// Draws the heatmap, with the HTML table as its fallback.
    fn draw(&self, cx: &mut Cx<'_>, id: &str, symbol: &str, table: &NimTable) -> FigureView {
        let n = self.size;
        let op = if symbol == "⊕" {
            "nim-sum"
        } else {
            "nim-product"
        };
        let title = format!("The {op} table of the nimbers below {n}");
        let desc = format!(
            "A {n} by {n} grid; row a from the top, column b from the left; the cell holds a {symbol} b{}. Colour is an index for telling values apart, not a size.{}",
            if n <= 16 { ", printed in the cell" } else { "" },
            if self.corners.is_empty() {
                String::new()
            } else {
                let c: Vec<String> = self.corners.iter().map(|c| format!("{c} by {c}")).collect();
                format!(" The top-left {} corners are outlined.", c.join(", "))
            }
        );
        let svg = figure::heatmap(&Heatmap {
            grid: &grid(table, n),
            title: title.clone(),
            desc,
            corners: self.corners.clone(),
            marks: Vec::new(),
            numbers: n <= 16,
            axis_label: ("a".into(), "b".into()),
        });
        let src = cx.figure(id, svg);
        let fallback = if n <= MAX_HTML {
            DataTable::op(n, symbol, |a, b| table.get(a, b).to_string(), |_, _| None)
        } else {
            DataTable::note(format!(
                "The table has {} entries; the figure shows them all.",
                html::count((n * n) as u64)
            ))
        };
        let caption = self.caption.clone().unwrap_or(title);
        FigureView {
            src,
            alt: caption.clone(),
            caption,
            fallback,
        }
    }
}
