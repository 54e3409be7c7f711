//! `{table}`: the operation table of ⊕ or ⊗ below a size, computed from its mex
//! definition, cross-checked against XOR or the fast product, with its heatmap figure.
//! A product table at a size that is not a field refuses.

use std::ops::Range;

use serde::Serialize;

use super::expect::{Expectation, REASONS, check_field};
use super::shared::{
    CELL_WORK, DEFINITION_TABLE_WORK, MAX_TABLE, Tables, draw_field, field_sizes, grid,
};
use crate::diagnostics::Code;
use crate::engine::Caption;
use crate::engine::claims::first_difference;
use crate::engine::view::{DataTable, FigureView};
use crate::engine::{
    Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View, html,
};
use crate::figure::{self, Grid, Heatmap, HeatmapStyle};
use crate::ledger::ClaimKind;
use crate::nimber::{self, Table as NimTable};

/// Names the Fermat 2-power recursion, run down to single bits.
const RECURSION: &str = "the Fermat 2-power recursion down to single bits";

/// Names the product the site computes with everywhere else.
const SITE_PRODUCT: &str = "the site's product (carry-less in a polynomial basis where the CPU has it, else the Fermat recursion)";

/// The `{table}` directive.
pub struct Table;

/// The largest table printed as HTML; bigger ones are shown as a figure only.
const MAX_HTML: usize = 32;

/// How the table's figure orders and colours the cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ViewKind {
    /// Natural order; each value its own colour, an index.
    Values,
    /// Natural order; each value coloured by the smallest subfield holding it.
    Subfields,
    /// Both axes ordered by discrete logarithm to a primitive element, 0 last; each value
    /// coloured by its logarithm, on a colour wheel.
    Logarithms,
}

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
    view: ViewKind,
    expect: Option<(Expectation, Range<usize>)>,
    name_span: Range<usize>,
    size_span: Range<usize>,
    view_span: Range<usize>,
    caption: Caption,
}

impl Directive for Table {
    fn name(&self) -> &'static str {
        "table"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/table.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("op", "the operation").one_of(&["mul", "add"]),
            Opt::required("size", "how many nimbers, 1 to 256"),
            Opt::optional("corners", "subfield corners to outline, such as `2, 4`"),
            Opt::optional("expect", "what the product table should do")
                .one_of(&["field", "refusal"]),
            Opt::optional("reason", "the axiom a refusal names").one_of(REASONS),
            Opt::optional("view", "how the figure orders and colours the cells").one_of(&[
                "values",
                "subfields",
                "logarithms",
            ]),
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
        let view = args
            .choice(
                "view",
                &[
                    ("values", ViewKind::Values),
                    ("subfields", ViewKind::Subfields),
                    ("logarithms", ViewKind::Logarithms),
                ],
            )
            .unwrap_or(ViewKind::Values);
        let is_field = field_sizes(size).last() == Some(&size) && size >= 4;
        if view == ViewKind::Logarithms && (op == Op::Add || !is_field) {
            errors.push(
                DirectiveError::new(
                    Code::BadValue,
                    args.span_of("view"),
                    "`:view: logarithms` needs a product table at a field size of 4 or more",
                )
                .with_label("no primitive element to take logarithms to")
                .with_note("the field sizes are 4, 16 and 256"),
            );
        }
        let caption = Caption::read(args, &["size", "corners", "period", "generator"])
            .map_err(|e| errors.push(e))
            .ok();
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Box::new(TableSpec {
            op,
            size,
            corners,
            view,
            expect: if op == Op::Mul { expect } else { None },
            name_span: args.name_span(),
            size_span: args.span_of("size"),
            view_span: args.span_of("view"),
            caption: caption.unwrap_or_default(),
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
        let view = match self.view {
            ViewKind::Values => "",
            ViewKind::Subfields => "-subfields",
            ViewKind::Logarithms => "-logarithms",
        };
        let id = cx.anchor(&format!("table-{name}-{n}{view}"));
        let span = self.name_span.clone();
        let cells = (n * n) as u64 * CELL_WORK;
        cx.draw(span.clone(), &format!("a table of {n} × {n}"), cells)?;
        if self.op == Op::Add {
            let steps = DEFINITION_TABLE_WORK;
            cx.draw_shared("the sum table below 256 by its definition", span, steps)?;
            let tables = Tables::of(cx.shared);
            let table = tables.sum();
            let ok = self.cross_check(cx, &id, ("⊕", "bitwise XOR"), table, |a, b| a ^ b);
            let figure = self.draw(cx, &id, "⊕", table);
            let data = TableView {
                size: n,
                figure: Some(figure),
                refusal: None,
            };
            return Ok(View::new(&id, Status::from_ok(ok), data));
        }
        draw_field(cx, span, n)?;
        let tables = Tables::of(cx.shared);
        let outcome = tables.field(n);
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
            Some((expected, span)) => check_field(cx, span, &id, n, expected, &outcome),
        };
        match outcome {
            Ok(_) => {
                let table = tables.product();
                // The recursion on its own, then the product every other check uses,
                // which on CPUs with carry-less multiply is a polynomial-basis product.
                let recursion = self.cross_check(cx, &id, ("⊗", RECURSION), table, |a, b| {
                    nimber::mul_counted(a as u128, b as u128).0 as usize
                });
                let site = self.cross_check(cx, &id, ("⊗", SITE_PRODUCT), table, |a, b| {
                    nimber::mul(a as u128, b as u128) as usize
                });
                let agrees = recursion && site;
                let logs_hold = match self.view {
                    ViewKind::Logarithms => self.check_logarithms(cx, &id, table).is_some(),
                    _ => true,
                };
                let figure = self.draw(cx, &id, "⊗", table);
                let data = TableView {
                    size: n,
                    figure: Some(figure),
                    refusal: None,
                };
                Ok(View::new(
                    &id,
                    Status::from_ok(expected && agrees && logs_hold),
                    data,
                ))
            }
            Err(r) => {
                let table = tables.product();
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
                let caption = self
                    .caption
                    .fill(&[("size", n.to_string()), ("corners", self.listed_corners())]);
                Ok(View::new(&id, status, data).with_caption(caption.as_deref()))
            }
        }
    }
}

impl TableSpec {
    /// Lists the outlined corners as "2, 4 and 16".
    fn listed_corners(&self) -> String {
        let names: Vec<String> = self.corners.iter().map(usize::to_string).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }

    /// Checks that the definition's table agrees with an independent rule on every pair.
    fn cross_check(
        &self,
        cx: &mut Cx<'_>,
        id: &str,
        (symbol, other): (&'static str, &'static str),
        table: &NimTable,
        rule: impl Fn(usize, usize) -> usize,
    ) -> bool {
        let n = self.size;
        let name = if symbol == "⊕" {
            "nim-sum"
        } else {
            "nim-product"
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

    /// Draws the heatmap in the spec's view, with the HTML table as its fallback.
    fn draw(&self, cx: &mut Cx<'_>, id: &str, symbol: &str, table: &NimTable) -> FigureView {
        let n = self.size;
        let op = if symbol == "⊕" {
            "nim-sum"
        } else {
            "nim-product"
        };
        let mut generator = 0;
        let (grid, style, order, colour) = match self.view {
            ViewKind::Values => (
                grid(table, n),
                HeatmapStyle::default(),
                "row a from the top, column b from the left".to_string(),
                "Colour is an index for telling values apart, not a size.".to_string(),
            ),
            ViewKind::Subfields => (
                grid(table, n),
                subfield_style(n),
                "row a from the top, column b from the left".to_string(),
                "Colour says which of the fields below 2, 4, 16 and 256 is the smallest to hold the value; the legend names them.".to_string(),
            ),
            ViewKind::Logarithms => match log_layout(table, n) {
                Some(layout) => {
                    let g = layout.generator;
                    generator = g;
                    (
                        layout.grid,
                        layout.style,
                        format!("rows and columns ordered by their logarithm k to base {g}, so position k holds {g}^k, with 0 last, set apart by a white line"),
                        format!("Colour is the logarithm of the product on a colour wheel: {g}^i ⊗ {g}^j = {g}^(i+j), so equal colours run along diagonals, and the wheel closes after {} steps; 0 is grey.", n - 1),
                    )
                }
                None => (
                    grid(table, n),
                    HeatmapStyle::default(),
                    "row a from the top, column b from the left".to_string(),
                    "No primitive element was found, so the table is shown in natural order.".to_string(),
                ),
            },
        };
        let title = match self.view {
            ViewKind::Values => format!("The {op} table of the nimbers below {n}"),
            ViewKind::Subfields => {
                format!("The {op} table of the nimbers below {n}, coloured by subfield")
            }
            ViewKind::Logarithms => {
                format!("The {op} table of the nimbers below {n}, in logarithm order")
            }
        };
        let desc = format!(
            "A {n} by {n} grid; {order}; the cell holds a {symbol} b{}. {colour}{}",
            if n <= 16 { ", printed in the cell" } else { "" },
            if self.corners.is_empty() || self.view == ViewKind::Logarithms {
                String::new()
            } else {
                let c: Vec<String> = self.corners.iter().map(|c| format!("{c} by {c}")).collect();
                format!(" The top-left {} corners are outlined.", c.join(", "))
            }
        );
        let axis_label = match self.view {
            ViewKind::Logarithms => ("log a".into(), "log b".into()),
            _ => ("a".into(), "b".into()),
        };
        let corners = match self.view {
            ViewKind::Logarithms => Vec::new(),
            _ => self.corners.clone(),
        };
        let svg = figure::heatmap(&Heatmap {
            grid: &grid,
            title: title.clone(),
            desc,
            corners,
            marks: Vec::new(),
            numbers: n <= 16,
            axis_label,
            style,
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
        let caption = self
            .caption
            .fill(&[
                ("size", n.to_string()),
                ("corners", self.listed_corners()),
                ("period", (n - 1).to_string()),
                ("generator", generator.to_string()),
            ])
            .unwrap_or(title);
        FigureView::new(src, caption, fallback)
    }

    /// Checks the logarithm the figure is ordered by: the primitive element's powers are
    /// every nonzero value once, and the logarithm of each product is the sum of the
    /// logarithms modulo n − 1. Returns the primitive element when the claim holds.
    fn check_logarithms(&self, cx: &mut Cx<'_>, id: &str, table: &NimTable) -> Option<usize> {
        let n = self.size;
        let layout = log_layout(table, n);
        let g = layout.as_ref().map_or(0, |l| l.generator);
        let logs = layout.map(|l| l.logs).unwrap_or_default();
        let pairs: Vec<(usize, usize)> = (1..n).flat_map(|a| (1..n).map(move |b| (a, b))).collect();
        let log_of = |v: usize| logs.get(v).copied().flatten().unwrap_or(usize::MAX);
        let stated: Vec<usize> = pairs
            .iter()
            .map(|&(a, b)| log_of(table.get(a, b)))
            .collect();
        let computed: Vec<usize> = pairs
            .iter()
            .map(|&(a, b)| {
                match (
                    logs.get(a).copied().flatten(),
                    logs.get(b).copied().flatten(),
                ) {
                    (Some(i), Some(j)) => (i + j) % (n - 1),
                    _ => usize::MAX - 1,
                }
            })
            .collect();
        let check = Check {
            kind: ClaimKind::CrossCheck,
            span: self.view_span.clone(),
            anchor: id.to_string(),
            statement: format!(
                "discrete logarithm below {n}: {g} is primitive, its powers {g}^0, …, {g}^{} are the {} nonzero values, and log(a ⊗ b) = log a + log b mod {} for every nonzero a, b below {n}",
                n - 2,
                n - 1,
                n - 1
            ),
            evidence: format!(
                "powers taken in the definition's table; {} pairs compared",
                html::count(pairs.len() as u64)
            ),
        };
        let shown = pairs.clone();
        let claim = Agree::new(stated, computed, move |s: &Vec<usize>, c: &Vec<usize>| {
            match first_difference(s, c) {
                Some((i, Some(_), Some(_))) => {
                    let (a, b) = shown[i];
                    format!(
                        "the logarithm of {a} ⊗ {b} is not the sum of the logarithms of {a} and {b}"
                    )
                }
                _ => "no primitive element below this size".to_string(),
            }
        });
        cx.check(check, &claim).then_some(g)
    }
}

/// A product table reordered by discrete logarithm, with its colours and labels.
struct LogLayout {
    generator: usize,
    logs: Vec<Option<usize>>,
    grid: Grid,
    style: HeatmapStyle,
}

/// Returns the table below the field size `n` with both axes ordered by logarithm to the
/// least primitive element found from the table itself, 0 last; `None` if no element's
/// powers reach every nonzero value.
fn log_layout(table: &NimTable, n: usize) -> Option<LogLayout> {
    // 1 generates only the field of two elements, which has no logarithm view.
    let layout = nimber::LogOrder::least_primitive(n, |a, b| table.get(a, b))
        .filter(|l| l.generator >= 2)?;
    let (generator, logs, order) = (layout.generator, layout.logs(n), layout.order());
    let values = order
        .iter()
        .flat_map(|&a| order.iter().map(move |&b| table.get(a, b) as u16))
        .collect();
    let fills = (0..n)
        .map(|v| match logs[v] {
            Some(k) => figure::cyclic_colour(k, n - 1),
            None => figure::palette_colour(0, n),
        })
        .collect();
    let tips = (0..n)
        .map(|v| match logs[v] {
            Some(k) => format!("value {v} = {generator}^{k}"),
            None => "value 0".to_string(),
        })
        .collect();
    let style = HeatmapStyle::by_logarithm(fills, tips, n - 1);
    Some(LogLayout {
        generator,
        logs,
        grid: Grid { size: n, values },
        style,
    })
}

/// The colours of the subfield view, one per field below 2, 4, 16 and 256.
const SUBFIELD_FILLS: [(u8, u8, u8); 4] = [
    (0xDD, 0xDD, 0xDD),
    (0xE6, 0x9F, 0x00),
    (0x56, 0xB4, 0xE9),
    (0x33, 0x22, 0x88),
];

/// Returns the style that colours each value by the smallest field below 2, 4, 16 or 256
/// holding it, with a legend naming them.
fn subfield_style(n: usize) -> HeatmapStyle {
    let fields = [2usize, 4, 16, 256];
    let class = |v: usize| fields.iter().position(|&f| v < f).unwrap_or(3);
    let name = |k: usize| match k {
        0 => "{0, 1}".to_string(),
        _ => format!("{{0, …, {}}}", fields[k] - 1),
    };
    let present: Vec<usize> = (0..4).filter(|&k| k == 0 || fields[k - 1] < n).collect();
    let legend = present
        .iter()
        .map(|&k| {
            let text = match k {
                0 => format!("in {}", name(0)),
                _ => format!("in {}, not in {}", name(k), name(k - 1)),
            };
            (text, SUBFIELD_FILLS[k])
        })
        .collect();
    HeatmapStyle {
        fills: Some((0..n).map(|v| SUBFIELD_FILLS[class(v)]).collect()),
        tips: Some(
            (0..n)
                .map(|v| format!("value {v}, smallest subfield {}", name(class(v))))
                .collect(),
        ),
        ticks: None,
        separator: None,
        legend,
    }
}

#[cfg(test)]
mod tests {
    use crate::catalogue::testing::evaluate;
    use crate::diagnostics::Code;

    #[test]
    fn product_and_sum_tables_below_4_are_cross_checked_and_drawn() {
        let page = evaluate("```{table}\n:op: mul\n:size: 4\n```\n");
        assert!(page.held() >= 2, "{:?}", page.claims);
        assert_eq!(page.figures, 1);
        assert!(page.html.contains("<figure"), "{}", page.html);
        let page = evaluate("```{table}\n:op: add\n:size: 4\n```\n");
        assert!(page.held() >= 1, "{:?}", page.claims);
        assert_eq!(page.figures, 1);
    }

    #[test]
    fn a_product_table_below_8_is_refused_unless_a_refusal_is_expected() {
        let page = evaluate("```{table}\n:op: mul\n:size: 8\n```\n");
        assert_eq!(page.codes(), [Code::Refusal]);
        let page = evaluate("```{table}\n:op: mul\n:size: 8\n:expect: refusal\n```\n");
        assert_eq!(page.held(), 1);
        assert!(
            page.html
                .contains("Refused: the nimbers below 8 are not a field"),
            "{}",
            page.html
        );
    }

    #[test]
    fn a_wrong_expectation_fails() {
        let page = evaluate("```{table}\n:op: mul\n:size: 8\n:expect: field\n```\n");
        assert_eq!(page.codes(), [Code::StaleClaim]);
        let page = evaluate("```{table}\n:op: mul\n:size: 16\n:expect: refusal\n```\n");
        assert_eq!(page.codes(), [Code::StaleClaim]);
    }

    #[test]
    fn options_that_do_nothing_or_name_no_operation_are_refused() {
        let page = evaluate("```{table}\n:op: div\n:size: 4\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
        let page = evaluate("```{table}\n:op: add\n:size: 4\n:expect: field\n```\n");
        assert_eq!(page.codes(), [Code::UselessOption]);
    }
}
