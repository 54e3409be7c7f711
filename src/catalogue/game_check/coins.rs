//! Coin games by search: Turning Corners, one-dimensional coin-turning games, and their
//! tartan products. Every heads-set of the board is valued, with no sum theorem, and each
//! value is compared with the nim-sum over its heads of what one coin is claimed to be
//! worth.

use super::{Arith, COIN_LIMIT, GameCheckSpec, GameView, RuleName};
use crate::engine::claims::first_difference;
use crate::engine::view::{DataTable, FigureView};
use crate::engine::{Agree, Check, Cx, DirectiveError, Status, View, html};
use crate::figure::{self, CellShape, Panel, Panels};
use crate::ledger::ClaimKind;
use crate::nimber::{self, CoinValues};

impl RuleName {
    /// Returns the game's name as the page shows it.
    fn title(self) -> &'static str {
        self.rule().name()
    }

    /// Returns what one coin `c` is claimed to be worth, in words and as a function.
    fn single(self) -> (&'static str, fn(usize) -> u128) {
        match self {
            RuleName::Ruler => (
                "the largest power of 2 dividing c",
                nimber::ruler_value as fn(usize) -> u128,
            ),
            RuleName::TurningTurtles => ("c itself", |c| c as u128),
            RuleName::MockTurtles => (
                "the c-th odious number (1, 2, 4, 7, 8, 11, …, those with an odd number of binary ones)",
                nimber::odious,
            ),
        }
    }
}

/// What one coin of a board is claimed to be worth, and the claim's words.
struct CoinClaim<'a> {
    statement: String,
    evidence: String,
    single: &'a dyn Fn(&[usize]) -> u128,
}

/// Checks every heads-set of `board` against the nim-sum, under `add`, of `single` over
/// its heads, recording the claim at the size option.
fn check_board(
    cx: &mut Cx<'_>,
    spec: &GameCheckSpec,
    id: &str,
    board: &CoinValues,
    claim: CoinClaim<'_>,
    add: fn(u128, u128) -> u128,
) -> bool {
    let coins = board.coins();
    let singles: Vec<u128> = (0..coins).map(|b| (claim.single)(&board.coin(b))).collect();
    let mut computed = vec![0u128; board.values.len()];
    for mask in 1..computed.len() {
        let low = mask.trailing_zeros() as usize;
        computed[mask] = add(computed[mask & (mask - 1)], singles[low]);
    }
    let stated: Vec<u128> = board.values.iter().map(|&v| u128::from(v)).collect();
    let heads = |mask: usize| -> Vec<Vec<usize>> {
        (0..coins)
            .filter(|&b| mask >> b & 1 == 1)
            .map(|b| board.coin(b))
            .collect()
    };
    let shown: Vec<Vec<Vec<usize>>> = first_difference(&stated, &computed)
        .map(|(i, ..)| heads(i))
        .into_iter()
        .collect();
    let explain = move |s: &Vec<u128>, c: &Vec<u128>| match first_difference(s, c) {
        Some((_, Some(got), Some(want))) => format!(
            "the heads-set {:?} is worth {got} by search, and the claimed nim-sum is {want}",
            shown.first().cloned().unwrap_or_default()
        ),
        _ => "the search and the claim differ in size".to_string(),
    };
    let check = Check {
        kind: ClaimKind::Game,
        span: spec.size_span.clone(),
        anchor: id.to_string(),
        statement: claim.statement,
        evidence: claim.evidence,
    };
    cx.check(check, &Agree::new(stated, computed, explain))
}

impl GameCheckSpec {
    /// Checks Turning Corners on the n×n live board: every heads-set is worth the nim-sum
    /// of x ⊗ y over its heads.
    pub(super) fn corners(&self, cx: &mut Cx<'_>, arith: Arith) -> Result<View, DirectiveError> {
        let n = self.size;
        let board = nimber::turning_corners(n, COIN_LIMIT)
            .map_err(|e| self.limit(e, "Turning Corners is searched on live boards up to 4 × 4"))?;
        let id = cx.anchor(&format!("game-corners-{n}"));
        let positions = html::count(board.positions);
        let claim = CoinClaim {
            statement: format!(
                "Turning Corners: on the {n} × {n} live board (coins (x, y) with 1 ≤ x, y ≤ {n}), every heads-set is worth the nim-sum of x ⊗ y over its heads"
            ),
            evidence: format!(
                "all {positions} heads-sets valued by full search, no sum theorem; compared with the fast product"
            ),
            single: &|at: &[usize]| (arith.mul)(at[0] as u128, at[1] as u128),
        };
        let ok = check_board(cx, self, &id, &board, claim, arith.add);
        let labels: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
        let panel = Panel {
            heading: String::new(),
            rows: labels.clone(),
            cols: labels,
            cells: single_values(&board),
        };
        let title = format!("Turning Corners on the {n} × {n} live board, searched in full");
        let desc = format!(
            "One coin per cell (x, y) with x and y from 1 to {n}; the number on each coin is the value of that coin alone showing heads, found by searching all {positions} heads-sets, and it equals x ⊗ y. Row and column 0 hold no coins: a corner there is never turned."
        );
        let figure = self.panels_figure(
            cx,
            &id,
            (title, desc),
            vec![panel],
            (1, CellShape::Coin),
            (&positions, &[]),
        );
        let sentence = format!(
            "{positions} heads-sets searched in full; each is worth the nim-sum of x ⊗ y over its heads."
        );
        Ok(self.coin_view(&id, ok, figure, vec![sentence], &positions))
    }

    /// Checks the tartan theorem for the product of two coin-turning games: each factor
    /// is searched on its own line, then the product board in full.
    pub(super) fn tartan(
        &self,
        cx: &mut Cx<'_>,
        g: RuleName,
        h: RuleName,
        arith: Arith,
    ) -> Result<View, DirectiveError> {
        let (n, line) = (self.size, self.line);
        let hint = "coin games are searched on at most 16 coins, and products on 4 × 4";
        let id = cx.anchor(&format!("game-tartan-{n}"));
        let mut ok = true;
        let mut sentences = Vec::new();
        let mut factors: Vec<(RuleName, Vec<u128>)> = Vec::new();
        let mut searched = 0u64;
        for rule in [g, h] {
            if factors.iter().any(|(r, _)| *r == rule) {
                continue;
            }
            let values = nimber::coin_game(&rule.rule(), line, COIN_LIMIT)
                .map_err(|e| self.limit(e, hint))?;
            searched += values.positions;
            ok &= self.check_line(cx, &id, rule, &values, arith);
            sentences.push(format!(
                "{}: coin c is worth {}, by search over all {} heads-sets of coins 1 to {line}.",
                rule.title(),
                rule.single().0,
                html::count(values.positions)
            ));
            let singles = (1..=line)
                .map(|c| values.single(&[c]).map_or(0, u128::from))
                .collect();
            factors.push((rule, singles));
        }
        let value_of = |rule: RuleName| {
            factors
                .iter()
                .find(|(r, _)| *r == rule)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        let (gv, hv) = (value_of(g), value_of(h));
        let board = nimber::tartan_game(&g.rule(), &h.rule(), n, COIN_LIMIT)
            .map_err(|e| self.limit(e, hint))?;
        searched += board.positions;
        let name = format!("{} × {}", g.title(), h.title());
        let positions = html::count(board.positions);
        let claim = CoinClaim {
            statement: format!(
                "tartan theorem: in {name} on the {n} × {n} board, every heads-set is worth the nim-sum over its heads (x, y) of g(x) ⊗ h(y), where g and h are the values of single coins in {} and in {}, found by search",
                g.title(),
                h.title()
            ),
            evidence: format!(
                "all {positions} heads-sets of the product valued by full search, no sum theorem; the factors searched on coins 1 to {line}; compared with the fast product"
            ),
            single: &|at: &[usize]| {
                let (x, y) = (gv.get(at[0] - 1), hv.get(at[1] - 1));
                (arith.mul)(x.copied().unwrap_or(0), y.copied().unwrap_or(0))
            },
        };
        ok &= check_board(cx, self, &id, &board, claim, arith.add);
        sentences.push(format!(
            "{name}: {positions} heads-sets of the {n} × {n} board searched in full; each is worth the nim-sum of g(x) ⊗ h(y) over its heads."
        ));
        let label = |values: &[u128], i: usize| format!("{} ({})", i + 1, values[i]);
        let panel = Panel {
            heading: name.clone(),
            rows: (0..n).map(|i| label(&gv, i)).collect(),
            cols: (0..n).map(|i| label(&hv, i)).collect(),
            cells: single_values(&board),
        };
        let title = format!("{name} on the {n} × {n} board, searched in full");
        let desc = format!(
            "One coin per cell (x, y) with x and y from 1 to {n}. Row x is labelled x ({}'s value g(x)), column y is labelled y ({}'s value h(y)); the number on each coin is its value alone, found by searching all {positions} heads-sets of the product, and it equals g(x) ⊗ h(y).",
            g.title(),
            h.title()
        );
        let total = html::count(searched);
        let figure = self.panels_figure(
            cx,
            &id,
            (title, desc),
            vec![panel],
            (1, CellShape::Coin),
            (&total, &[]),
        );
        Ok(self.coin_view(&id, ok, figure, sentences, &total))
    }

    /// Checks one coin-turning game on its line: every heads-set is worth the nim-sum of
    /// the claimed values of its coins.
    fn check_line(
        &self,
        cx: &mut Cx<'_>,
        id: &str,
        rule: RuleName,
        values: &CoinValues,
        arith: Arith,
    ) -> bool {
        let (words, single) = rule.single();
        let line = values.side;
        let claim = CoinClaim {
            statement: format!(
                "{}: on coins 1 to {line}, coin c is worth {words}, and every heads-set the nim-sum of its coins",
                rule.title()
            ),
            evidence: format!(
                "all {} heads-sets valued by full search, no sum theorem",
                html::count(values.positions)
            ),
            single: &|at: &[usize]| single(at[0]),
        };
        check_board(cx, self, id, values, claim, arith.add)
    }

    /// Draws a panel figure, `per_line` panels a line in the given shape, and returns it
    /// with its caption and data fallback; the caption may use `{positions}` and the
    /// placeholders in `more`.
    pub(super) fn panels_figure(
        &self,
        cx: &mut Cx<'_>,
        id: &str,
        (title, desc): (String, String),
        panels: Vec<Panel>,
        (per_line, shape): (usize, CellShape),
        (positions, more): (&str, &[(&str, String)]),
    ) -> FigureView {
        let numbers = panels.iter().map(|p| p.cols.len()).max().unwrap_or(0) * per_line <= 16;
        let fallback = panels_table(&panels);
        let svg = figure::panels(&Panels {
            title: title.clone(),
            desc,
            panels,
            per_line,
            shape,
            numbers,
            axis_label: ("x".into(), "y".into()),
            note: format!("{positions} positions searched"),
        });
        let src = cx.figure(id, svg);
        let mut fills = vec![("positions", positions.to_string())];
        fills.extend(more.iter().cloned());
        let caption = self.caption_or(title, &fills);
        FigureView::new(src, caption, fallback)
    }

    /// Returns the view of a coin game check.
    pub(super) fn coin_view(
        &self,
        id: &str,
        ok: bool,
        figure: FigureView,
        claims: Vec<String>,
        positions: &str,
    ) -> View {
        let data = GameView {
            cells: String::new(),
            method: "",
            positions: positions.to_string(),
            figure: Some(figure),
            pairs: 0,
            table: None,
            claims,
        };
        View::new(id, Status::from_ok(ok), data)
    }
}

/// Returns the value of each coin alone showing heads, row-major.
fn single_values(board: &CoinValues) -> Vec<Option<u16>> {
    (0..board.coins())
        .map(|b| {
            board
                .single(&board.coin(b))
                .and_then(|v| u16::try_from(v).ok())
        })
        .collect()
}

/// Returns the panels as one plain table: panel, row, column, value.
pub(super) fn panels_table(panels: &[Panel]) -> DataTable {
    let mut rows = Vec::new();
    for p in panels {
        for (k, v) in p.cells.iter().enumerate() {
            let (r, c) = (k / p.cols.len().max(1), k % p.cols.len().max(1));
            let value = v.map_or_else(|| "—".to_string(), |v| v.to_string());
            rows.push(vec![
                p.heading.clone(),
                p.rows.get(r).cloned().unwrap_or_default(),
                p.cols.get(c).cloned().unwrap_or_default(),
                value,
            ]);
        }
    }
    DataTable::plain(&["", "x", "y", "value"], rows)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{evaluate_broken, stale};
    use crate::nimber;

    fn ordinary(a: u128, b: u128) -> u128 {
        a.wrapping_mul(b)
    }

    #[test]
    fn turning_corners_fails_on_a_broken_product() {
        let block = "```{game-check}\n:game: corners\n:size: 3\n```\n";
        assert_eq!(stale(block, nimber::mul, nimber::add), 0);
        assert_eq!(stale(block, ordinary, nimber::add), 1);
        let d = evaluate_broken(block, ordinary, nimber::add);
        assert!(d.contains("[[2, 2]] is worth 3 by search"), "{d}");
    }

    #[test]
    fn the_tartan_check_fails_on_a_broken_product_or_sum() {
        let block = "```{game-check}\n:game: tartan\n:rules: ruler, mock-turtles\n:size: 3\n:line: 8\n```\n";
        assert_eq!(stale(block, nimber::mul, nimber::add), 0);
        // The product is wrong: only the product board fails.
        assert_eq!(stale(block, ordinary, nimber::add), 1);
        // The sum is wrong: the two lines and the board fail.
        assert_eq!(stale(block, nimber::mul, |a, b| a + b), 3);
    }
}
