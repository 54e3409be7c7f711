//! `{game-check}`: values of the stone games found by game-tree search, compared cell by
//! cell with the arithmetic, with a board figure marking what was checked and how.

use std::ops::Range;

use serde::Serialize;

use super::shared::{GameSearch, MAX_TABLE};
use super::view::{DataTable, FigureView};
use super::{Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View, html};
use crate::diagnostics::Code;
use crate::figure::{self, Board, CellCheck};
use crate::ledger::ClaimKind;
use crate::nimber;

/// The `{game-check}` directive.
pub struct GameCheck;

/// The largest label the 1D check enumerates positions over.
const MAX_1D: usize = 16;

/// The game a check searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Game {
    Stones1d,
    Stones2d(GameSearch),
}

/// A `{game-check}` as written.
#[derive(Debug)]
struct GameCheckSpec {
    game: Game,
    size: usize,
    size_span: Range<usize>,
    caption: Option<String>,
}

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

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        let search = args
            .choice(
                "method",
                &[("full", GameSearch::Full), ("sum", GameSearch::Sum)],
            )
            .unwrap_or(GameSearch::Full);
        let game = match args.text("game") {
            Some("stones-1d") => Game::Stones1d,
            _ => Game::Stones2d(search),
        };
        if game == Game::Stones1d && args.get("method").is_some() {
            return Err(vec![args.useless(
                "method",
                "the 1D game is always searched over whole positions",
            )]);
        }
        let max = if game == Game::Stones1d {
            MAX_1D
        } else {
            MAX_TABLE
        };
        Ok(Box::new(GameCheckSpec {
            game,
            size: args.number("size", 1, max, None).map_err(|e| vec![e])?,
            size_span: args.span_of("size"),
            caption: args.caption().map(str::to_string),
        }))
    }
}

/// What the `{game-check}` partial shows.
#[derive(Serialize)]
struct GameView {
    cells: String,
    method: &'static str,
    positions: String,
    figure: Option<FigureView>,
    pairs: usize,
    table: Option<DataTable>,
}

impl Spec for GameCheckSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        match self.game {
            Game::Stones1d => self.one_dimension(cx),
            Game::Stones2d(search) => self.two_dimensions(cx, search),
        }
    }
}

impl GameCheckSpec {
    /// Checks the 2D stone game: one stone at (x, y) has value x ⊗ y on every cell.
    fn two_dimensions(&self, cx: &mut Cx<'_>, search: GameSearch) -> Result<View, DirectiveError> {
        let n = self.size;
        let values = cx.shared.game(search, n).map_err(|e| {
            DirectiveError::new(Code::Limit, self.size_span.clone(), e.to_string())
                .with_note("lower `:size:`, or use `:method: sum`")
        })?;
        let (method, tag, mark) = match search {
            GameSearch::Full => (
                "full search over positions, no sum theorem",
                "full",
                CellCheck::Full,
            ),
            GameSearch::Sum => (
                "search over single stones, values added by XOR",
                "sum",
                CellCheck::Sum,
            ),
        };
        let id = cx.anchor(&format!("game-stones-2d-{tag}-{n}"));
        let check = Check {
            kind: ClaimKind::Game,
            span: self.size_span.clone(),
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
        let found: Vec<u128> = values.values.iter().map(|&v| u128::from(v)).collect();
        let product: Vec<u128> = (0..n * n)
            .map(|i| nimber::mul((i / n) as u128, (i % n) as u128))
            .collect();
        let claim = Agree::new(found, product, move |f: &Vec<u128>, p: &Vec<u128>| {
            match super::claims::first_difference(f, p) {
                Some((i, Some(got), Some(want))) => {
                    let (x, y) = (i / n, i % n);
                    format!("the stone at ({x}, {y}) has value {got}, and {x} ⊗ {y} = {want}")
                }
                _ => "the board and the products differ in size".to_string(),
            }
        });
        let ok = cx.check(check, &claim);
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
        let caption = self.caption.clone().unwrap_or(title);
        let fallback = if n <= 16 {
            DataTable::op(
                n,
                "x \\ y",
                |x, y| values.values[x * n + y].to_string(),
                |_, _| None,
            )
        } else {
            DataTable::note("")
        };
        let data = GameView {
            cells: html::count((n * n) as u64),
            method,
            positions: html::count(values.positions),
            figure: Some(FigureView {
                src,
                alt: caption.clone(),
                caption,
                fallback,
            }),
            pairs: 0,
            table: None,
        };
        Ok(View::new("game-check", &id, Status::from_ok(ok), data))
    }

    /// Checks the 1D stone game: every position of one or two stones on labels below
    /// `n`, searched in full, has the XOR of its labels as its value.
    fn one_dimension(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let n = self.size;
        let id = cx.anchor(&format!("game-stones-1d-{n}"));
        let mut positions = Vec::new();
        for a in 0..n {
            positions.push(vec![a]);
            for b in a..n {
                positions.push(vec![a, b]);
            }
        }
        let mut values = Vec::with_capacity(positions.len());
        for stones in &positions {
            let v = nimber::stones_1d_grundy(stones).map_err(|e| {
                DirectiveError::new(Code::Limit, self.size_span.clone(), e.to_string())
            })?;
            values.push(v);
        }
        let xors: Vec<u32> = positions
            .iter()
            .map(|s| s.iter().fold(0, |x, &v| x ^ v as u32))
            .collect();
        let pairs = positions
            .iter()
            .filter(|s| s.len() == 2 && s[0] == s[1])
            .count();
        let check = Check {
            kind: ClaimKind::Game,
            span: self.size_span.clone(),
            anchor: id.clone(),
            statement: format!(
                "in the 1D stone game on labels below {n}, a position's value is the XOR of its labels, and two equal stones have value 0"
            ),
            evidence: format!(
                "{} positions of one or two stones searched in full, {pairs} of them equal pairs",
                positions.len()
            ),
        };
        let shown = positions.clone();
        let claim = Agree::new(values.clone(), xors, move |v: &Vec<u32>, x: &Vec<u32>| {
            match super::claims::first_difference(v, x) {
                Some((i, Some(got), Some(want))) => {
                    format!("stones on {:?} have value {got}, not {want}", shown[i])
                }
                _ => "the searches and the labels differ in number".to_string(),
            }
        });
        let ok = cx.check(check, &claim);
        let value_of = |lo: usize, hi: usize| {
            positions
                .iter()
                .position(|s| s.len() == 2 && s[0] == lo && s[1] == hi)
                .map_or(0, |i| values[i])
        };
        let rows: Vec<Vec<String>> = (0..n)
            .map(|a| {
                std::iter::once(a.to_string())
                    .chain((0..n).map(|b| value_of(a.min(b), a.max(b)).to_string()))
                    .collect()
            })
            .collect();
        let head: Vec<String> = std::iter::once("stones".to_string())
            .chain((0..n).map(|b| b.to_string()))
            .collect();
        let head: Vec<&str> = head.iter().map(String::as_str).collect();
        let data = GameView {
            cells: String::new(),
            method: "",
            positions: positions.len().to_string(),
            figure: None,
            pairs,
            table: Some(DataTable::plain(&head, rows)),
        };
        Ok(View::new("game-check", &id, Status::from_ok(ok), data)
            .with_caption(self.caption.as_deref()))
    }
}
