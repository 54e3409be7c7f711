//! Sprague–Grundy on sums: the 2-D stone game played beside a Nim heap, as one game.
//!
//! A position is a stone at (x,y) of the 2-D stone game together with a Nim heap of `h`.
//! A move is either a move of the stone game or taking any number of counters from the
//! heap. The heap is stored as one token on a line of cells `1..H`, moving to any lower
//! cell or off the line, which is exactly a Nim move. The search values the joint
//! positions with no sum theorem; the Sprague–Grundy theorem says each is worth the
//! nim-sum of its parts, the stone's value (from its own search) and `h`.
//!
//! ```
//! use nimsite_core::nimber::check_stones_beside_heap;
//! let check = check_stones_beside_heap(4, 8, 1 << 20, |a, b| a ^ b)?;
//! assert_eq!(check.mismatch, None);
//! assert_eq!(check.checked, 4 * 4 * 8);
//! # Ok::<(), nimsite_core::nimber::SearchLimit>(())
//! ```

use super::cells::{CellGame, Packing};
use super::search::SearchLimit;
use super::stones_2d::{Rule, board_game, far_corner, stones_2d_full};

/// Largest number of heap sizes [`check_stones_beside_heap`] accepts.
pub const HEAPS_MAX: usize = 256;

/// What playing stones beside a heap found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumCheck {
    /// Joint positions (stone, heap) compared: `n²·heaps`.
    pub checked: u64,
    /// Distinct positions the joint search valued.
    pub positions: u64,
    /// Distinct positions the separate 2-D search valued.
    pub part_positions: u64,
    /// The first (x, y, h, searched, expected) that disagrees, in order of x, y, h.
    pub mismatch: Option<(usize, usize, usize, u32, u128)>,
    /// The value of each joint position, found by the joint search, in order of x, y, h:
    /// the stone at (x, y) beside a heap of h is at `(x·n + y)·heaps + h`.
    pub values: Vec<u32>,
    /// The value of the stone alone at each (x, y), from its own search, at `x·n + y`.
    pub stones: Vec<u32>,
}

/// Searches a stone at each (x,y) with x,y < n beside a heap of each `h < heaps` as one
/// game, and compares each value with `combine(value of the stone, h)`; more than
/// [`HEAPS_MAX`] heap sizes are refused with [`SearchLimit`].
pub fn check_stones_beside_heap(
    n: usize,
    heaps: usize,
    limit: u64,
    combine: impl Fn(u128, u128) -> u128,
) -> Result<SumCheck, SearchLimit> {
    if heaps > HEAPS_MAX {
        return Err(SearchLimit { limit });
    }
    let parts = stones_2d_full(n, limit)?;
    let mut game = board_game(n, Rule::Corners);
    let base = game.cells();
    let mut cover = far_corner(n);
    game = with_heap(game, heaps);
    cover.resize(game.cells(), 0);
    if let Some(top) = cover.last_mut().filter(|_| heaps > 1) {
        *top = 1;
    }
    let packing = Packing::new(&game, &cover, limit);
    let limit = packing.memory_limit(limit);
    let side = n.saturating_sub(1);
    let mut starts = Vec::new();
    for (x, y) in (0..n).flat_map(|x| (0..n).map(move |y| (x, y))) {
        for h in 0..heaps {
            let mut start = Vec::new();
            if x > 0 && y > 0 {
                start.push((x - 1) * side + (y - 1));
            }
            if h > 0 {
                start.push(base + h - 1);
            }
            starts.push(start);
        }
    }
    let found = packing.search(&game, &starts, limit)?;
    let mismatch = starts.iter().enumerate().find_map(|(i, _)| {
        let (x, y, h) = (i / heaps / n, i / heaps % n, i % heaps);
        let stone = parts.get(x, y).map_or(0, u128::from);
        let expected = combine(stone, h as u128);
        let searched = found.values[i];
        (u128::from(searched) != expected).then_some((x, y, h, searched, expected))
    });
    Ok(SumCheck {
        checked: starts.len() as u64,
        positions: found.positions,
        part_positions: parts.positions,
        mismatch,
        values: found.values,
        stones: parts.values,
    })
}

/// Returns `game` with a heap line of cells for sizes `1..heaps` after its own cells.
fn with_heap(game: CellGame, heaps: usize) -> CellGame {
    let base = game.cells();
    let mut joint = game.extended(heaps.saturating_sub(1));
    for h in 1..heaps {
        for lower in 0..h {
            let targets = if lower == 0 {
                vec![]
            } else {
                vec![base + lower - 1]
            };
            joint.add_move(base + h - 1, targets);
        }
    }
    joint
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stone_beside_a_heap_is_worth_the_nim_sum() {
        let check = check_stones_beside_heap(4, 8, 1 << 22, |a, b| a ^ b).expect("fits");
        assert_eq!(check.mismatch, None);
        assert_eq!(check.checked, 128);
        assert!(check.positions > check.part_positions);
    }

    #[test]
    fn the_check_catches_the_wrong_sum() {
        let check = check_stones_beside_heap(4, 8, 1 << 22, |a, b| a + b).expect("fits");
        // (1,1) is worth 1, and 1 beside a heap of 1 is worth 0, not 2.
        assert_eq!(check.mismatch, Some((1, 1, 1, 0, 2)));
    }

    #[test]
    fn the_joint_search_respects_its_limit() {
        let over = check_stones_beside_heap(4, 8, 100, |a, b| a ^ b);
        assert_eq!(over, Err(SearchLimit { limit: 100 }));
        let many = check_stones_beside_heap(2, usize::MAX, 10, |a, b| a ^ b);
        assert_eq!(many, Err(SearchLimit { limit: 10 }));
        let bare = check_stones_beside_heap(1, 1, 10, |a, b| a ^ b).expect("tiny");
        assert_eq!((bare.checked, bare.mismatch), (1, None));
    }
}
