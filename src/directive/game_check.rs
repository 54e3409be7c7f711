//! `{game-check}`: values of the stone games found by game-tree search, compared cell by
//! cell with the arithmetic, with a board figure marking what was checked and how.

use super::shared::GameSearch;
use super::{Args, Check, Cx, Directive, DirectiveError, Opt, html};
use crate::diagnostics::Code;
use crate::figure::{self, Board, CellCheck};
use crate::ledger::ClaimKind;
use crate::nimber;

/// The `{game-check}` directive.
pub struct GameCheck;

/// The largest label the 1D check enumerates positions over.
const MAX_1D: usize = 16;

impl Directive for GameCheck {
    fn name(&self) -> &'static str {
        "game-check"
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("game", "the game searched").one_of(&["stones-1d", "stones-2d"]),
            Opt::required("size", "the labels or board side searched"),
            Opt::optional("method", "whole positions, or single stones added by XOR")
                .one_of(&["full", "sum"]),
        ];
        OPTIONS
    }

    fn evaluate(&self, cx: &mut Cx<'_>, args: &Args) -> Result<String, DirectiveError> {
        if args.text("game") == Some("stones-1d") {
            let n = args.number("size", 1, MAX_1D, None)?;
            return one_dimension(cx, args, n);
        }
        let search = if args.text("method") == Some("sum") {
            GameSearch::Sum
        } else {
            GameSearch::Full
        };
        let n = args.number("size", 1, super::shared::MAX_TABLE, None)?;
        let values = cx.shared.game(search, n).map_err(|e| {
            DirectiveError::new(Code::Limit, args.span_of("size"), e.to_string())
                .with_note("lower `:size:`, or use `:method: sum`")
        })?;
        let method = match search {
            GameSearch::Full => "full search over positions, no sum theorem",
            GameSearch::Sum => "search over single stones, values added by XOR",
        };
        let id = cx.anchor(&format!(
            "game-stones-2d-{}-{n}",
            if search == GameSearch::Full {
                "full"
            } else {
                "sum"
            }
        ));
        let check = Check {
            kind: ClaimKind::Game,
            span: args.span_of("size"),
            anchor: id.clone(),
            statement: format!(
                "one stone at (x, y) has value x ⊗ y, for every cell of the {n} × {n} board"
            ),
            evidence: format!(
                "{} cells by {method}; {} positions searched; compared with the fast product",
                html::count((n * n) as u64),
                html::count(values.positions)
            ),
        };
        let ok = cx.check(check, |perturbed| {
            for x in 0..n {
                for y in 0..n {
                    let mut want = nimber::mul(x as u128, y as u128);
                    if perturbed && x == n - 1 && y == n - 1 {
                        want ^= 1;
                    }
                    let got = u128::from(values.values[x * n + y]);
                    if got != want {
                        return Err(format!(
                            "the stone at ({x}, {y}) has value {got}, and {x} ⊗ {y} = {want}"
                        ));
                    }
                }
            }
            Ok(())
        });
        let mark = if search == GameSearch::Full {
            CellCheck::Full
        } else {
            CellCheck::Sum
        };
        let title = format!("The {n} × {n} board, checked by {method}");
        let svg = figure::board(&Board {
            size: n,
            cells: vec![mark; n * n],
            values: (n <= 16).then(|| values.values.iter().map(|&v| v as u16).collect()),
            title: title.clone(),
            desc: format!(
                "Every cell (x, y) with x and y below {n}: the value of one stone there, found by {method}, equals x ⊗ y. {} positions were searched.",
                values.positions
            ),
        });
        let src = cx.figure(&id, svg);
        let caption = args.caption().map_or(title, str::to_string);
        let fallback = if n <= 16 {
            html::op_table(
                n,
                "x \\ y",
                |x, y| values.values[x * n + y].to_string(),
                |_, _| None,
            )
        } else {
            String::new()
        };
        let inner = format!(
            "<p class=\"verdict\">{} cells checked by {method}; {} positions searched.</p>\n{}",
            html::count((n * n) as u64),
            html::count(values.positions),
            html::figure(&src, &caption, &caption, &fallback)
        );
        let status = if ok { "checked" } else { "failed" };
        Ok(html::wrap("game-check", &id, status, None, &inner))
    }
}

/// Checks the 1D stone game: every position of one or two stones on labels below `n`,
/// searched in full, has the XOR of its labels as its value; equal pairs give 0.
fn one_dimension(cx: &mut Cx<'_>, args: &Args, n: usize) -> Result<String, DirectiveError> {
    let id = cx.anchor(&format!("game-stones-1d-{n}"));
    let mut results = Vec::new();
    for a in 0..n {
        results.push((vec![a], a as u32));
        for b in a..n {
            results.push((vec![a, b], (a ^ b) as u32));
        }
    }
    let mut values = Vec::with_capacity(results.len());
    for (stones, _) in &results {
        let v = nimber::stones_1d_grundy(stones)
            .map_err(|e| DirectiveError::new(Code::Limit, args.span_of("size"), e.to_string()))?;
        values.push(v);
    }
    let pairs = results
        .iter()
        .filter(|(s, _)| s.len() == 2 && s[0] == s[1])
        .count();
    let check = Check {
        kind: ClaimKind::Game,
        span: args.span_of("size"),
        anchor: id.clone(),
        statement: format!(
            "in the 1D stone game on labels below {n}, a position's value is the XOR of its labels, and two equal stones have value 0"
        ),
        evidence: format!(
            "{} positions of one or two stones searched in full, {pairs} of them equal pairs",
            results.len()
        ),
    };
    let ok = cx.check(check, |perturbed| {
        for (i, ((stones, xor), &v)) in results.iter().zip(&values).enumerate() {
            let want = if perturbed && i + 1 == results.len() {
                xor ^ 1
            } else {
                *xor
            };
            if v != want {
                return Err(format!("stones on {stones:?} have value {v}, not {want}"));
            }
        }
        Ok(())
    });
    let rows: Vec<Vec<String>> = (0..n)
        .map(|a| {
            let row: Vec<String> = (0..n)
                .map(|b| {
                    let (lo, hi) = (a.min(b), a.max(b));
                    let i = results
                        .iter()
                        .position(|(s, _)| s.len() == 2 && s[0] == lo && s[1] == hi)
                        .unwrap_or(0);
                    values[i].to_string()
                })
                .collect();
            std::iter::once(a.to_string()).chain(row).collect()
        })
        .collect();
    let head: Vec<String> = std::iter::once("stones".to_string())
        .chain((0..n).map(|b| b.to_string()))
        .collect();
    let head: Vec<&str> = head.iter().map(String::as_str).collect();
    let inner = format!(
        "<p class=\"verdict\">{} positions searched in full; each value equals the XOR of the labels, and the {pairs} equal pairs have value 0.</p>\n<details><summary>Values of two stones, by search</summary>\n{}</details>\n",
        results.len(),
        html::table(&head, &rows)
    );
    let status = if ok { "checked" } else { "failed" };
    Ok(html::wrap(
        "game-check",
        &id,
        status,
        args.caption(),
        &inner,
    ))
}
