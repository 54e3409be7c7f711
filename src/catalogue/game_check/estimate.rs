//! Counting, before a full search of the 2-D stone game, the positions it would value, so
//! a board past the search's bound is refused at its `:size:` in the first phase, within
//! a fraction of a second, instead of after seconds of searching.
//!
//! The full search values every multiset of live stones reachable from a single stone (and
//! the empty position). This counts those multisets depth first by a 64-bit sum of
//! per-cell keys, which depends on the multiset alone: two positions with different keys
//! differ, so the count never exceeds what the search values.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// What counting found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Count {
    /// Every reachable position was counted: the search values this many.
    Exact(u64),
    /// More than the limit were counted, so the search would stop at it.
    Over(u64),
    /// Counting ran past its own bound on moves tried, with this many found.
    Unknown(u64),
}

/// How many moves counting may try per position allowed, before giving up.
const MOVES_PER_POSITION: u64 = 64;

/// A hasher that passes a key through: the keys are already well mixed.
#[derive(Default)]
struct Pass(u64);

impl Hasher for Pass {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Returns the key of a live cell: a fixed pseudo-random 64-bit number (splitmix64).
fn key(cell: usize) -> u64 {
    let mut z = (cell as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Returns a lower bound on the positions of a board of `side`² live cells, in closed
/// form: the empty board, each single stone, and each move from a single stone that
/// leaves three live stones, which those stones name.
fn fewest(side: usize) -> u128 {
    let side = side as u128;
    let moves_per_row = side.saturating_mul(side.saturating_sub(1)) / 2;
    1u128
        .saturating_add(side.saturating_mul(side))
        .saturating_add(moves_per_row.saturating_mul(moves_per_row))
}

/// The cells holding at least one stone, one bit each, beside the counts.
struct Occupied(Vec<u64>);

impl Occupied {
    /// Adds a stone on `cell`.
    fn add(&mut self, counts: &mut [u32], cell: usize) {
        counts[cell] += 1;
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Takes a stone off `cell`.
    fn remove(&mut self, counts: &mut [u32], cell: usize) {
        counts[cell] -= 1;
        if counts[cell] == 0 {
            self.0[cell / 64] &= !(1 << (cell % 64));
        }
    }

    /// Returns the first occupied cell at or after `from`.
    fn next_from(&self, from: usize) -> Option<usize> {
        let mut word = from / 64;
        let mut bits = self.0.get(word)? & (u64::MAX << (from % 64));
        loop {
            if bits != 0 {
                return Some(word * 64 + bits.trailing_zeros() as usize);
            }
            word += 1;
            bits = *self.0.get(word)?;
        }
    }
}

/// A position being explored, and the next move to try from it.
struct Frame {
    /// The move that led here, to undo on leaving: the stone's cell and its corner.
    from: Option<(usize, usize, usize)>,
    /// The next move: the stone's cell, then its corner `(x1, y1)`.
    cell: usize,
    x1: usize,
    y1: usize,
}

/// Counts the positions a full search of the n×n board values, stopping once more than
/// `limit` are found or after `MOVES_PER_POSITION × limit` moves tried.
pub(super) fn count_positions(n: usize, limit: u64) -> Count {
    if n == 0 {
        return Count::Exact(0);
    }
    let side = n - 1;
    let cells = side.saturating_mul(side);
    if fewest(side) > u128::from(limit) {
        return Count::Over(u64::try_from(fewest(side)).unwrap_or(u64::MAX));
    }
    let mut seen: HashSet<u64, BuildHasherDefault<Pass>> = HashSet::default();
    seen.insert(0);
    let budget = limit.saturating_mul(MOVES_PER_POSITION);
    let mut tried = 0u64;
    let mut counts = vec![0u32; cells];
    let mut occupied = Occupied(vec![0; cells.div_ceil(64)]);
    // The cells a move from (x, y) to the corner (x1, y1) leaves stones on.
    let targets = |x: usize, y: usize, x1: usize, y1: usize| {
        [(x1, y), (x1, y1), (x, y1)]
            .into_iter()
            .filter(|&(a, b)| a > 0 && b > 0)
            .map(|(a, b)| (a - 1) * side + (b - 1))
    };
    for startcell in 0..cells {
        let mut hash = key(startcell);
        if !seen.insert(hash) {
            continue;
        }
        occupied.add(&mut counts, startcell);
        let mut stack = vec![Frame {
            from: None,
            cell: 0,
            x1: 0,
            y1: 0,
        }];
        while let Some(top) = stack.last_mut() {
            if seen.len() as u64 > limit {
                return Count::Over(seen.len() as u64);
            }
            // Find the next move from here: a stone on `cell`, to a corner below it.
            top.cell = occupied.next_from(top.cell).unwrap_or(cells);
            if top.cell == cells {
                let Some(Frame { from, .. }) = stack.pop() else {
                    break;
                };
                if let Some((c, x1, y1)) = from {
                    let (x, y) = (c / side + 1, c % side + 1);
                    occupied.add(&mut counts, c);
                    hash = hash.wrapping_add(key(c));
                    for t in targets(x, y, x1, y1) {
                        occupied.remove(&mut counts, t);
                        hash = hash.wrapping_sub(key(t));
                    }
                }
                continue;
            }
            let c = top.cell;
            let (x, y) = (c / side + 1, c % side + 1);
            let (x1, y1) = (top.x1, top.y1);
            // Step past this corner: along the row, then to the next row, then the next cell.
            top.y1 += 1;
            if top.y1 == y {
                top.y1 = 0;
                top.x1 += 1;
                if top.x1 == x {
                    top.x1 = 0;
                    top.cell += 1;
                }
            }
            tried += 1;
            if tried > budget {
                return Count::Unknown(seen.len() as u64);
            }
            let mut next = hash.wrapping_sub(key(c));
            for t in targets(x, y, x1, y1) {
                next = next.wrapping_add(key(t));
            }
            if seen.insert(next) {
                occupied.remove(&mut counts, c);
                for t in targets(x, y, x1, y1) {
                    occupied.add(&mut counts, t);
                }
                hash = next;
                stack.push(Frame {
                    from: Some((c, x1, y1)),
                    cell: 0,
                    x1: 0,
                    y1: 0,
                });
            }
        }
        occupied.remove(&mut counts, startcell);
    }
    if seen.len() as u64 > limit {
        return Count::Over(seen.len() as u64);
    }
    Count::Exact(seen.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber;

    #[test]
    fn small_boards_are_counted_exactly_as_the_search_values_them() {
        for n in 0..=4 {
            let searched = nimber::stones_2d_full(n, 1_000_000).expect("fits");
            let counted = count_positions(n, 1_000_000);
            assert_eq!(counted, Count::Exact(searched.positions), "n = {n}");
        }
    }

    #[test]
    fn a_board_the_search_cannot_finish_is_counted_over_its_limit() {
        assert!(nimber::stones_2d_full(5, 500_000).is_err());
        assert!(matches!(count_positions(5, 500_000), Count::Over(found) if found > 500_000));
        assert!(matches!(count_positions(16, 500_000), Count::Over(_)));
    }

    #[test]
    fn a_board_under_the_limit_is_never_refused() {
        // 2,304 positions at 4: a limit just above it must let the board through.
        assert_eq!(count_positions(4, 2_304), Count::Exact(2_304));
        assert!(matches!(count_positions(4, 2_303), Count::Over(_)));
    }

    #[test]
    fn counting_gives_up_within_its_budget() {
        assert!(matches!(
            count_positions(200, 10),
            Count::Over(_) | Count::Unknown(_)
        ));
        assert!(matches!(count_positions(1 << 17, 10), Count::Over(_)));
    }
}
