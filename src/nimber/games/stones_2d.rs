//! The 2-D stone game, whose single-stone values are the nim-products `x ⊗ y`.
//!
//! A stone at (x,y) is replaced by stones at (x',y), (x',y') and (x,y') for some x'<x and
//! y'<y; stones on row or column 0 are dead. Two searches value every cell of a board:
//! [`stones_2d_full`] plays multisets of stones out with no sum theorem, and
//! [`stones_2d_sum`] uses the sum theorem to value each option as the XOR of its stones.
//!
//! ```
//! use nimsite_core::nimber::{mul, stones_2d_full, stones_2d_sum};
//! let full = stones_2d_full(4, 1_000_000)?;
//! assert_eq!(full.first_mismatch(mul), None);
//! assert_eq!(stones_2d_sum(16)?.get(4, 4), Some(6)); // 4⊗4 = 6
//! # Ok::<(), nimsite_core::nimber::SearchLimit>(())
//! ```

use super::cells::{CellGame, Packing};
use super::search::SearchLimit;

/// Largest board side [`stones_2d_sum`] accepts.
pub const STONES_2D_SUM_MAX: usize = 256;

/// Most distinct positions [`stones_2d_full`] will ever search, whatever limit it is given.
pub const STONES_2D_FULL_MAX_POSITIONS: u64 = 1 << 32;

/// Holds the value of a single stone at every cell of a square board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameValues {
    /// The side of the board: cells (x,y) with x,y < size.
    pub size: usize,
    /// Grundy values in row-major order, the cell (x,y) at index x·size+y.
    pub values: Vec<u32>,
    /// The number of distinct positions the search valued.
    pub positions: u64,
}

impl GameValues {
    /// Returns the value of a single stone at (x,y), or `None` off the board.
    pub fn get(&self, x: usize, y: usize) -> Option<u32> {
        if x < self.size && y < self.size {
            self.values.get(x * self.size + y).copied()
        } else {
            None
        }
    }

    /// Returns the first cell, in row-major order, whose value differs from
    /// `product(x, y)`, or `None` when every cell agrees.
    pub fn first_mismatch(&self, product: impl Fn(u128, u128) -> u128) -> Option<(usize, usize)> {
        let n = self.size;
        (0..n)
            .flat_map(|x| (0..n).map(move |y| (x, y)))
            .find(|&(x, y)| self.get(x, y).map(u128::from) != Some(product(x as u128, y as u128)))
    }
}

/// Which stones a move in the 2D game leaves behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// The real game: (x',y), (x',y') and (x,y').
    Corners,
    /// A broken game that forgets the stone at (x',y'), so checks can be seen to fail.
    #[cfg_attr(not(test), allow(dead_code))]
    TwoCorners,
}

impl Rule {
    /// Returns the new stones as (takes x', takes y') flags: (true, false) is (x',y).
    fn corners(self) -> &'static [(bool, bool)] {
        match self {
            Rule::Corners => &[(true, false), (true, true), (false, true)],
            Rule::TwoCorners => &[(true, false), (false, true)],
        }
    }
}

/// Returns the value of a single stone at every (x,y) with x,y < n by a full search.
///
/// Positions are multisets of live stones, stored as a count per cell; no sum theorem is
/// used, so two stones in one cell are searched as two stones. The search stops with
/// [`SearchLimit`] once it has met `limit` distinct positions, lowered to at most
/// [`STONES_2D_FULL_MAX_POSITIONS`] and to what fits in
/// [`SEARCH_KEY_BYTES`](crate::nimber::SEARCH_KEY_BYTES).
pub fn stones_2d_full(n: usize, limit: u64) -> Result<GameValues, SearchLimit> {
    full_search(n, limit, Rule::Corners)
}

/// Returns the 2-D game on the live cells of an n×n board under `rule`, the cell (x,y)
/// numbered (x−1)·(n−1)+(y−1), so every move lands below its cell.
pub(super) fn board_game(n: usize, rule: Rule) -> CellGame {
    let side = n.saturating_sub(1);
    let cell = |x: usize, y: usize| (x - 1) * side + (y - 1);
    let mut game = CellGame::new(side * side);
    for x in 1..=side {
        for y in 1..=side {
            for x1 in 0..x {
                for y1 in 0..y {
                    let targets = rule
                        .corners()
                        .iter()
                        .map(|&(nx, ny)| (if nx { x1 } else { x }, if ny { y1 } else { y }))
                        .filter(|&(a, b)| a > 0 && b > 0)
                        .map(|(a, b)| cell(a, b))
                        .collect();
                    game.add_move(cell(x, y), targets);
                }
            }
        }
    }
    game
}

/// Returns one stone on the far corner of an n×n board: its counts cover every single
/// stone, since the stones a start makes on (a,b) grow with its distance from (a,b).
pub(super) fn far_corner(n: usize) -> Vec<u64> {
    let cells = n.saturating_sub(1).pow(2);
    let mut cover = vec![0; cells];
    if let Some(last) = cover.last_mut() {
        *last = 1;
    }
    cover
}

/// Runs the full 2D search under the given move rule.
fn full_search(n: usize, limit: u64, rule: Rule) -> Result<GameValues, SearchLimit> {
    let limit = limit.min(STONES_2D_FULL_MAX_POSITIONS);
    let refuse = |limit| Err(SearchLimit { limit });
    if fewest_positions(n) > u128::from(limit) {
        return refuse(limit);
    }
    // Every live cell takes at least one bit: refuse early what cannot fit in memory.
    let cells = n.saturating_sub(1).pow(2);
    let thinnest = Packing::from_made(&vec![1; cells]);
    if fewest_positions(n) > u128::from(thinnest.memory_limit(limit)) {
        return refuse(thinnest.memory_limit(limit));
    }
    let game = board_game(n, rule);
    let packing = Packing::new(&game, &far_corner(n), limit);
    let limit = packing.memory_limit(limit);
    if fewest_positions(n) > u128::from(limit) {
        return refuse(limit);
    }
    let side = n.saturating_sub(1);
    let starts: Vec<Vec<usize>> = (0..n)
        .flat_map(|x| (0..n).map(move |y| (x, y)))
        .map(|(x, y)| {
            if x > 0 && y > 0 {
                vec![(x - 1) * side + (y - 1)]
            } else {
                Vec::new()
            }
        })
        .collect();
    let found = packing.search(&game, &starts, limit)?;
    Ok(GameValues {
        size: n,
        values: found.values,
        positions: found.positions,
    })
}

/// Returns a lower bound on the positions a full search of an n×n board must value.
///
/// It values the empty position, each single live stone, and every option of a single
/// stone that leaves three live stones; those three stones name the move, so all of these
/// positions are distinct.
pub(super) fn fewest_positions(n: usize) -> u128 {
    if n == 0 {
        return 0;
    }
    let side = n.saturating_sub(1) as u128;
    // Three live stones need x',y' ≥ 1: (x-1)(y-1) such moves from (x,y).
    let moves_per_row = side.saturating_mul(side.saturating_sub(1)) / 2;
    let singles = side.saturating_mul(side);
    1u128
        .saturating_add(singles)
        .saturating_add(moves_per_row.saturating_mul(moves_per_row))
}

/// Returns the value of a single stone at every (x,y) with x,y < n from the sum theorem.
///
/// An option of a stone is the sum of three independent stones, so its value is the XOR
/// of theirs and the stone's value is the mex over its options. Boards larger than
/// [`STONES_2D_SUM_MAX`] are refused with [`SearchLimit`].
pub fn stones_2d_sum(n: usize) -> Result<GameValues, SearchLimit> {
    sum_search(n, Rule::Corners)
}

/// Runs the sum-theorem search under the given move rule.
pub(super) fn sum_search(n: usize, rule: Rule) -> Result<GameValues, SearchLimit> {
    if n > STONES_2D_SUM_MAX {
        let max = STONES_2D_SUM_MAX as u64;
        return Err(SearchLimit { limit: max * max });
    }
    let mut values = vec![0u32; n * n];
    let mut seen = Vec::new();
    // Stones at (x',y) and (x,y') always; (x',y') only under the real rule.
    let with_corner = rule.corners().contains(&(true, true));
    for x in 1..n {
        for y in 1..n {
            // The mex of x·y option values is at most x·y.
            seen.clear();
            seen.resize(x * y + 1, false);
            let here_row = &values[x * n..x * n + y];
            for x1 in 0..x {
                let row = &values[x1 * n..x1 * n + y];
                let top = values[x1 * n + y];
                for (&c, &h) in row.iter().zip(here_row) {
                    let v = top ^ h ^ if with_corner { c } else { 0 };
                    if let Some(slot) = seen.get_mut(v as usize) {
                        *slot = true;
                    }
                }
            }
            values[x * n + y] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        }
    }
    Ok(GameValues {
        size: n,
        values,
        positions: (n * n) as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::games::test_support::{mex_product_table, oracle_mul};

    /// Returns the first cell where the board differs from `product`.
    fn first_mismatch(
        board: &GameValues,
        product: impl Fn(usize, usize) -> u64,
    ) -> Option<(usize, usize)> {
        board.first_mismatch(|x, y| u128::from(product(x as usize, y as usize)))
    }

    #[test]
    fn full_search_equals_nim_product() {
        let board = stones_2d_full(4, 1_000_000).expect("4×4 fits the limit");
        assert_eq!(board.values.len(), 16);
        assert_eq!(first_mismatch(&board, oracle_mul), None);
        let table = mex_product_table(4);
        assert_eq!(first_mismatch(&board, |x, y| table[x * 4 + y]), None);
        assert!(board.positions > 9);
    }

    #[test]
    fn full_search_check_catches_a_broken_rule() {
        let broken = full_search(4, 1_000_000, Rule::TwoCorners).expect("fits the limit");
        assert_eq!(first_mismatch(&broken, oracle_mul), Some((2, 2)));
        let board = stones_2d_full(4, 1_000_000).expect("fits the limit");
        assert_eq!(first_mismatch(&board, |x, y| (x * y) as u64), Some((2, 2)));
    }

    #[test]
    fn full_search_refuses_past_its_limit() {
        assert_eq!(stones_2d_full(4, 50), Err(SearchLimit { limit: 50 }));
        // Fewer positions than single stones is refused before searching.
        assert_eq!(stones_2d_full(100, 1000), Err(SearchLimit { limit: 1000 }));
        let cap = STONES_2D_FULL_MAX_POSITIONS;
        assert_eq!(
            stones_2d_full(usize::MAX, u64::MAX),
            Err(SearchLimit { limit: cap })
        );
    }

    #[test]
    fn full_search_counts_are_exact_at_its_own_size() {
        let board = stones_2d_full(4, 1_000_000).expect("fits the limit");
        let exact = stones_2d_full(4, board.positions).expect("fits exactly");
        assert_eq!(exact, board);
        assert!(stones_2d_full(4, board.positions - 1).is_err());
    }

    #[test]
    fn board_bounds_match_the_plain_recurrence() {
        for n in 2..9 {
            let side = n - 1;
            let mut made = vec![0u128; side * side];
            for a in (0..side).rev() {
                for b in (0..side).rev() {
                    let mut total = u128::from(a + 1 == side && b + 1 == side);
                    for x in a..side {
                        for y in b..side {
                            if (x, y) != (a, b) {
                                total += made[x * side + y];
                            }
                        }
                    }
                    made[a * side + b] = total;
                }
            }
            let game = board_game(n, Rule::Corners);
            let plain = Packing::from_made(&made);
            assert_eq!(Packing::new(&game, &far_corner(n), u64::MAX), plain);
            // A small limit narrows the fields.
            let narrow = Packing::new(&game, &far_corner(n), 3);
            assert!(narrow.widths.iter().all(|&w| w <= 3), "n = {n}");
        }
    }

    #[test]
    fn fewest_positions_is_a_lower_bound() {
        for n in 0..5 {
            let board = stones_2d_full(n, 1_000_000).expect("fits the limit");
            assert!(
                fewest_positions(n) <= u128::from(board.positions),
                "n = {n}"
            );
        }
        assert!(fewest_positions(4) > fewest_positions(3));
    }

    #[test]
    fn full_search_keeps_wide_boards_within_memory() {
        let Err(over) = stones_2d_full(200, u64::MAX) else {
            panic!("a 200×200 search cannot fit");
        };
        assert!(over.limit < STONES_2D_FULL_MAX_POSITIONS);
    }

    #[test]
    fn full_search_small_boards() {
        let empty = stones_2d_full(0, 10).expect("nothing to search");
        assert!(empty.values.is_empty());
        let one = stones_2d_full(1, 10).expect("only the empty position");
        assert_eq!((one.values.clone(), one.positions), (vec![0], 1));
        assert_eq!(stones_2d_full(1, 0), Err(SearchLimit { limit: 0 }));
    }

    #[test]
    fn full_search_wide_packing_agrees_with_narrow() {
        let game = board_game(4, Rule::Corners);
        let packing = Packing::new(&game, &far_corner(4), 1_000_000);
        assert!(packing.bits <= 128);
        let starts: Vec<Vec<usize>> = (0..9).map(|c| vec![c]).collect();
        let narrow = packing.search_with::<u128>(&game, &starts, 1_000_000);
        let wide = packing.search_with::<Box<[u64]>>(&game, &starts, 1_000_000);
        assert_eq!(narrow, wide);
    }

    #[test]
    fn two_equal_stones_cancel_in_the_full_search() {
        let game = board_game(4, Rule::Corners);
        let cover: Vec<u64> = far_corner(4).iter().map(|&c| 2 * c).collect();
        let packing = Packing::new(&game, &cover, 1_000_000);
        let cell = |x: usize, y: usize| (x - 1) * 3 + (y - 1);
        let mut starts: Vec<Vec<usize>> = Vec::new();
        for x in 1..4 {
            for y in 1..4 {
                starts.push(vec![cell(x, y), cell(x, y)]);
            }
        }
        starts.push(vec![cell(2, 3), cell(3, 3)]);
        let found = packing.search(&game, &starts, 1_000_000).expect("fits");
        assert!(found.values[..9].iter().all(|&v| v == 0));
        // Two different stones add as nim-values rather than cancel.
        let sum = (oracle_mul(2, 3) ^ oracle_mul(3, 3)) as u32;
        assert_eq!(found.values[9], sum);
        assert_ne!(sum, 0);
    }

    #[test]
    fn sum_search_equals_nim_product() {
        let n = 16;
        let board = stones_2d_sum(n).expect("16 is allowed");
        assert_eq!(board.positions, 256);
        assert_eq!(first_mismatch(&board, oracle_mul), None);
        let table = mex_product_table(n);
        assert_eq!(first_mismatch(&board, |x, y| table[x * n + y]), None);
    }

    #[test]
    fn sum_search_check_catches_a_broken_rule() {
        let broken = sum_search(16, Rule::TwoCorners).expect("16 is allowed");
        assert_eq!(first_mismatch(&broken, oracle_mul), Some((2, 2)));
        let board = stones_2d_sum(16).expect("16 is allowed");
        assert_eq!(first_mismatch(&board, |x, y| (x * y) as u64), Some((2, 2)));
    }

    #[test]
    fn sum_and_full_searches_agree() {
        let full = stones_2d_full(4, 1_000_000).expect("fits the limit");
        let sum = stones_2d_sum(4).expect("4 is allowed");
        assert_eq!(full.values, sum.values);
    }

    #[test]
    fn sum_search_refuses_large_boards() {
        assert!(stones_2d_sum(64).is_ok());
        let over = stones_2d_sum(STONES_2D_SUM_MAX + 1);
        assert_eq!(over, Err(SearchLimit { limit: 65_536 }));
    }
}
