//! `{game-check}`: values of games found by game-tree search, compared position by
//! position with the arithmetic, with a figure marking what was searched and how.
//!
//! The games are the stone games of rungs 1 and 3 (in one, two and three dimensions),
//! Turning Corners in coin form, the products of one-dimensional coin-turning games (the
//! tartan theorem), and a stone played beside a Nim heap (Sprague–Grundy on a sum). Each
//! search shares no step with the arithmetic it is compared with, and every evaluation
//! takes that arithmetic as a parameter, so a test can pass a broken product and watch
//! the claim fail.

mod boxes;
mod coins;
mod estimate;
mod heaps;

use std::ops::Range;

use serde::Serialize;

use super::shared::MAX_TABLE;
use crate::diagnostics::Code;
use crate::engine::Caption;
use crate::engine::view::{DataTable, FigureView};
use crate::engine::{
    Agree, Args, Check, Cx, Directive, DirectiveError, Memo, Opt, Spec, Status, View, html,
};
use crate::figure::{self, Board, CellCheck};
use crate::ledger::ClaimKind;
use crate::nimber::{self, CoinRule, GameValues, SearchLimit};

/// The `{game-check}` directive.
pub struct GameCheck;

/// The largest label the 1D check enumerates positions over.
const MAX_1D: usize = 16;
/// The largest live board of Turning Corners and of a tartan product: 2^16 heads-sets.
const MAX_COIN_BOARD: usize = 4;
/// The most coins a one-dimensional coin game is searched on: 2^16 heads-sets.
const MAX_LINE: usize = 16;
/// The largest cube the 3-D game is searched on, in full and with the sum theorem.
const MAX_BOX: (usize, usize) = (3, 16);
/// The largest board a stone is played on beside a heap, and the most heap sizes.
const MAX_BESIDE: (usize, usize) = (4, 64);
/// The most heads-sets a coin search may value.
const COIN_LIMIT: u64 = 1 << 16;

/// The placeholders a `{game-check}` caption may use.
const CAPTION_KEYS: &[&str] = &[
    "size",
    "positions",
    "cells",
    "line",
    "heaps",
    "rules",
    "base",
];

/// The arithmetic a game is compared with; the real one, or a broken one in a test.
#[derive(Clone, Copy)]
pub(crate) struct Arith {
    /// The nim-product.
    pub mul: fn(u128, u128) -> u128,
    /// The nim-sum.
    pub add: fn(u128, u128) -> u128,
}

impl Arith {
    /// The site's arithmetic: the fast product and XOR.
    pub const NIM: Arith = Arith {
        mul: nimber::mul,
        add: nimber::add,
    };
}

/// A one-dimensional coin-turning rule, as a page names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RuleName {
    Ruler,
    TurningTurtles,
    MockTurtles,
}

impl RuleName {
    /// The names a page may write in `:rules:`.
    const ALL: [(&'static str, RuleName); 3] = [
        ("ruler", RuleName::Ruler),
        ("turning-turtles", RuleName::TurningTurtles),
        ("mock-turtles", RuleName::MockTurtles),
    ];

    /// Returns the rule the core searches.
    fn rule(self) -> CoinRule {
        match self {
            RuleName::Ruler => CoinRule::RULER,
            RuleName::TurningTurtles => CoinRule::TURNING_TURTLES,
            RuleName::MockTurtles => CoinRule::MOCK_TURTLES,
        }
    }
}

/// The most positions a full game-tree search may visit before it gives up.
pub const GAME_LIMIT: u64 = 500_000;

/// Which game search a result came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum GameSearch {
    /// Search over whole positions, with no sum theorem.
    Full,
    /// Search over single stones, adding values by XOR.
    Sum,
}

/// The 2-D stone game's single-stone values by search and board size, found once per
/// build and shared by every page.
#[derive(Default)]
struct Searches(Memo<(GameSearch, usize), Result<GameValues, SearchLimit>>);

/// The game a check searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Game {
    Stones1d,
    Stones2d(GameSearch),
    Stones3d(GameSearch),
    Corners,
    Tartan(RuleName, RuleName),
    BesideNim,
}

/// A `{game-check}` as written.
#[derive(Debug)]
struct GameCheckSpec {
    game: Game,
    size: usize,
    size_span: Range<usize>,
    line: usize,
    heaps: usize,
    caption: Caption,
}

impl Directive for GameCheck {
    fn name(&self) -> &'static str {
        "game-check"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/game-check.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("game", "the game searched").one_of(&[
                "stones-1d",
                "stones-2d",
                "stones-3d",
                "corners",
                "tartan",
                "stones-beside-nim",
            ]),
            Opt::required("size", "the labels or board side searched"),
            Opt::optional("method", "whole positions, or single stones added by XOR")
                .one_of(&["full", "sum"]),
            Opt::optional("rules", "the two coin-turning games of a tartan product"),
            Opt::optional("line", "the coins each coin-turning game is searched on"),
            Opt::optional("heaps", "the heap sizes a stone is played beside"),
        ];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        GameCheckSpec::read(args).map(|s| Box::new(s) as Box<dyn Spec>)
    }
}

impl GameCheckSpec {
    /// Reads the options into a spec, reporting every error at its line.
    fn read(args: &Args) -> Result<GameCheckSpec, Vec<DirectiveError>> {
        let mut errors = Vec::new();
        let search = args
            .choice(
                "method",
                &[("full", GameSearch::Full), ("sum", GameSearch::Sum)],
            )
            .unwrap_or(GameSearch::Full);
        let game = match args.text("game") {
            Some("stones-1d") => Game::Stones1d,
            Some("stones-3d") => Game::Stones3d(search),
            Some("corners") => Game::Corners,
            Some("tartan") => match rules(args) {
                Ok((g, h)) => Game::Tartan(g, h),
                Err(e) => {
                    errors.push(e);
                    Game::Tartan(RuleName::Ruler, RuleName::Ruler)
                }
            },
            Some("stones-beside-nim") => Game::BesideNim,
            _ => Game::Stones2d(search),
        };
        errors.extend(useless_options(args, game));
        let max = match game {
            Game::Stones1d => MAX_1D,
            Game::Stones2d(_) => MAX_TABLE,
            Game::Stones3d(GameSearch::Full) => MAX_BOX.0,
            Game::Stones3d(GameSearch::Sum) => MAX_BOX.1,
            Game::Corners | Game::Tartan(..) => MAX_COIN_BOARD,
            Game::BesideNim => MAX_BESIDE.0,
        };
        let size = args
            .number("size", 1, max, None)
            .and_then(|size| fits_the_search(args, game, size))
            .map_err(|e| errors.push(e));
        let line = args
            .number("line", 1, MAX_LINE, Some(MAX_LINE))
            .map_err(|e| errors.push(e));
        let heaps = args
            .number("heaps", 1, MAX_BESIDE.1, Some(16))
            .map_err(|e| errors.push(e));
        let caption = Caption::read(args, CAPTION_KEYS).map_err(|e| errors.push(e));
        match (size, line, heaps, caption) {
            (Ok(size), Ok(line), Ok(heaps), Ok(caption)) if errors.is_empty() => {
                Ok(GameCheckSpec {
                    game,
                    size,
                    size_span: args.span_of("size"),
                    line: line.max(size),
                    heaps,
                    caption,
                })
            }
            _ => Err(errors),
        }
    }
}

/// Refuses a full 2-D search that would stop at its position limit, at `:size:`, from a
/// count of its positions made before any search.
fn fits_the_search(args: &Args, game: Game, size: usize) -> Result<usize, DirectiveError> {
    if game != Game::Stones2d(GameSearch::Full) {
        return Ok(size);
    }
    match estimate::count_positions(size, GAME_LIMIT) {
        estimate::Count::Over(found) => Err(DirectiveError::new(
            Code::Limit,
            args.span_of("size"),
            format!(
                "a full search of the {size} × {size} board values more than its limit of {GAME_LIMIT} positions"
            ),
        )
        .with_label(format!("{} positions counted before searching", html::count(found)))
        .with_note("lower `:size:`, or use `:method: sum`")),
        _ => Ok(size),
    }
}

/// Reads `:rules:`, two coin-turning rules separated by a comma.
fn rules(args: &Args) -> Result<(RuleName, RuleName), DirectiveError> {
    let names: Vec<&str> = RuleName::ALL.iter().map(|(n, _)| *n).collect();
    let bad = || {
        DirectiveError::new(
            Code::BadValue,
            args.span_of("rules"),
            "a tartan product needs `:rules:` naming two coin-turning games",
        )
        .with_label("such as `ruler, mock-turtles`")
        .with_note(format!("the games are {}", names.join(", ")))
    };
    let text = args.text("rules").ok_or_else(bad)?;
    let found: Option<Vec<RuleName>> = text
        .split(',')
        .map(|name| {
            RuleName::ALL
                .iter()
                .find(|(n, _)| *n == name.trim())
                .map(|(_, r)| *r)
        })
        .collect();
    match found.as_deref() {
        Some(&[g, h]) => Ok((g, h)),
        _ => Err(bad()),
    }
}

/// Returns an error for each option given that the game does not use.
fn useless_options(args: &Args, game: Game) -> Vec<DirectiveError> {
    let uses = |name: &str| match name {
        "method" => matches!(game, Game::Stones2d(_) | Game::Stones3d(_)),
        "rules" | "line" => matches!(game, Game::Tartan(..)),
        "heaps" => game == Game::BesideNim,
        _ => true,
    };
    let why = |name: &str| match (name, game) {
        ("method", Game::Stones1d) => "the 1D game is always searched over whole positions",
        ("method", _) => "coin games and sums are always searched over whole positions",
        ("rules" | "line", _) => "only a tartan product is built from coin-turning games",
        _ => "only a stone beside a Nim heap has heaps",
    };
    ["method", "rules", "line", "heaps"]
        .into_iter()
        .filter(|name| args.get(name).is_some() && !uses(name))
        .map(|name| args.useless(name, why(name)))
        .collect()
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
    /// The claims of a game checked in several parts, each as one sentence.
    claims: Vec<String>,
}

impl Spec for GameCheckSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        self.evaluate_with(cx, Arith::NIM)
    }
}

impl GameCheckSpec {
    /// Searches the game and compares it with `arith`.
    fn evaluate_with(&self, cx: &mut Cx<'_>, arith: Arith) -> Result<View, DirectiveError> {
        match self.game {
            Game::Stones1d => self.one_dimension(cx),
            Game::Stones2d(search) => self.two_dimensions(cx, search, arith),
            Game::Stones3d(search) => self.three_dimensions(cx, search, arith),
            Game::Corners => self.corners(cx, arith),
            Game::Tartan(g, h) => self.tartan(cx, g, h, arith),
            Game::BesideNim => self.beside_nim(cx, arith),
        }
    }

    /// Returns the caption with its placeholders filled, or `fallback` when none is given.
    fn caption_or(&self, fallback: String, values: &[(&str, String)]) -> String {
        let rules = match self.game {
            Game::Tartan(g, h) => format!("{} × {}", g.rule().name(), h.rule().name()),
            _ => String::new(),
        };
        let mut all = vec![
            ("size", self.size.to_string()),
            ("line", self.line.to_string()),
            ("heaps", self.heaps.to_string()),
            ("rules", rules),
        ];
        all.extend(values.iter().cloned());
        self.caption.fill(&all).unwrap_or(fallback)
    }

    /// Returns an error for a search that ran past its limit.
    fn limit(&self, e: nimber::SearchLimit, hint: &str) -> DirectiveError {
        DirectiveError::new(Code::Limit, self.size_span.clone(), e.to_string()).with_note(hint)
    }

    /// Checks the 2D stone game: one stone at (x, y) has value x ⊗ y on every cell.
    fn two_dimensions(
        &self,
        cx: &mut Cx<'_>,
        search: GameSearch,
        arith: Arith,
    ) -> Result<View, DirectiveError> {
        let n = self.size;
        let values = cx
            .shared
            .get::<Searches>()
            .0
            .get_or_init((search, n), || match search {
                GameSearch::Full => nimber::stones_2d_full(n, GAME_LIMIT),
                GameSearch::Sum => nimber::stones_2d_sum(n),
            })
            .map_err(|e| self.limit(e, "lower `:size:`, or use `:method: sum`"))?;
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
                "2-D stone game: one stone at (x, y) has value x ⊗ y, for every cell of the {n} × {n} board"
            ),
            evidence: format!(
                "{} cells by {method}; {} positions searched; compared with the site's product (carry-less where the CPU has it, else the Fermat recursion)",
                html::count((n * n) as u64),
                html::count(values.positions)
            ),
        };
        let found: Vec<u128> = values.values.iter().map(|&v| u128::from(v)).collect();
        let product: Vec<u128> = (0..n * n)
            .map(|i| (arith.mul)((i / n) as u128, (i % n) as u128))
            .collect();
        let claim = Agree::new(found, product, move |f: &Vec<u128>, p: &Vec<u128>| {
            match crate::engine::claims::first_difference(f, p) {
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
        let caption = self.caption_or(
            title,
            &[
                ("positions", html::count(values.positions)),
                ("cells", html::count((n * n) as u64)),
            ],
        );
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
            figure: Some(FigureView::new(src, caption, fallback)),
            pairs: 0,
            table: None,
            claims: Vec::new(),
        };
        Ok(View::new(&id, Status::from_ok(ok), data))
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
                "1-D stone game: on labels below {n}, a position's value is the XOR of its labels, and two equal stones have value 0"
            ),
            evidence: format!(
                "{} positions of one or two stones searched in full, {pairs} of them equal pairs",
                positions.len()
            ),
        };
        let shown = positions.clone();
        let claim = Agree::new(values.clone(), xors, move |v: &Vec<u32>, x: &Vec<u32>| {
            match crate::engine::claims::first_difference(v, x) {
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
            claims: Vec::new(),
        };
        let caption = self.caption.fill(&[
            ("size", n.to_string()),
            ("positions", html::count(positions.len() as u64)),
        ]);
        Ok(View::new(&id, Status::from_ok(ok), data).with_caption(caption.as_deref()))
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::catalogue::testing::evaluate;
    use crate::engine::{Body, PageCtx, Shared, parse};

    /// Evaluates a `{game-check}` block with the given arithmetic and returns the
    /// messages and notes of every diagnostic.
    pub(crate) fn evaluate_broken(
        block: &str,
        mul: fn(u128, u128) -> u128,
        add: fn(u128, u128) -> u128,
    ) -> String {
        diagnostics(block, Arith { mul, add })
            .iter()
            .map(|d| format!("{}: {}", d.message, d.notes.join("; ")))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Returns how many claims of the block fail with the given arithmetic.
    pub(crate) fn stale(
        block: &str,
        mul: fn(u128, u128) -> u128,
        add: fn(u128, u128) -> u128,
    ) -> usize {
        let found = diagnostics(block, Arith { mul, add });
        assert!(
            found
                .iter()
                .all(|d| d.code == crate::engine::context::STALE),
            "{found:?}"
        );
        found.len()
    }

    fn diagnostics(block: &str, arith: Arith) -> Vec<crate::diagnostics::Diagnostic> {
        let page = PageCtx::new(crate::catalogue::registry(), "t.md", block, "t", "");
        let shared = Shared::new();
        let mut cx = Cx::new(&page, &shared, false);
        let parsed = parse::parse_block(block, 0..block.len()).expect("a block");
        let args = Args::validate(parsed, GameCheck.options(), Body::None).expect("valid");
        let spec = GameCheckSpec::read(&args).expect("a spec");
        spec.evaluate_with(&mut cx, arith).expect("evaluates");
        cx.finish().2
    }

    #[test]
    fn the_2d_check_fails_on_a_broken_product() {
        let block = "```{game-check}\n:game: stones-2d\n:size: 4\n:method: full\n```\n";
        assert_eq!(stale(block, nimber::mul, nimber::add), 0);
        let d = evaluate_broken(block, |a, b| a * b, nimber::add);
        assert!(
            d.contains("the stone at (2, 2) has value 3, and 2 ⊗ 2 = 4"),
            "{d}"
        );
    }

    #[test]
    fn options_a_game_does_not_use_are_errors() {
        let block = "```{game-check}\n:game: corners\n:size: 4\n:heaps: 3\n```\n";
        let parsed = parse::parse_block(block, 0..block.len()).expect("a block");
        let args = Args::validate(parsed, GameCheck.options(), Body::None).expect("valid");
        let errors = GameCheckSpec::read(&args).expect_err("heaps does nothing");
        assert_eq!(errors[0].code, Code::UselessOption);
        let block = "```{game-check}\n:game: tartan\n:size: 4\n:rules: ruler, dice\n```\n";
        let parsed = parse::parse_block(block, 0..block.len()).expect("a block");
        let args = Args::validate(parsed, GameCheck.options(), Body::None).expect("valid");
        let errors = GameCheckSpec::read(&args).expect_err("dice is no rule");
        assert_eq!(errors[0].code, Code::BadValue);
    }

    #[test]
    fn one_dimensional_stones_are_searched_and_an_unknown_game_is_refused() {
        let page = evaluate("```{game-check}\n:game: stones-1d\n:size: 8\n```\n");
        // Evaluated as `check --mutate`: a claim whose perturbed copy passed is reported.
        assert_eq!(page.held(), 1);
        assert!(
            page.html.contains("the 8 equal pairs have value 0"),
            "{}",
            page.html
        );
        let page = evaluate("```{game-check}\n:game: chess\n:size: 8\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
    }
}
