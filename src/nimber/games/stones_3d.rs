//! The 3-D stone game, whose single-stone values are the products `x ⊗ y ⊗ z`.
//!
//! A stone at (x,y,z) is replaced by the box move: for some x'<x, y'<y, z'<z, one stone on
//! each of the seven other corners of the box {x,x'}×{y,y'}×{z,z'}. Stones on a plane
//! with a coordinate 0 are dead. [`stones_3d_full`] plays multisets of stones out with no
//! sum theorem; [`stones_3d_sum`] values each option as the XOR of its seven stones.
//!
//! ```
//! use nimsite_core::nimber::{mul, stones_3d_full, stones_3d_sum};
//! let product = |x, y, z| mul(mul(x, y), z);
//! assert_eq!(stones_3d_full(3, 1 << 20)?.first_mismatch(product), None);
//! assert_eq!(stones_3d_sum(16)?.get(2, 2, 2), Some(1)); // 2⊗2⊗2 = 3⊗2 = 1
//! # Ok::<(), nimsite_core::nimber::SearchLimit>(())
//! ```

use super::cells::{CellGame, Packing};
use super::search::SearchLimit;

/// Largest box side [`stones_3d_sum`] accepts.
pub const STONES_3D_SUM_MAX: usize = 32;

/// Largest box side [`stones_3d_full`] accepts.
pub const STONES_3D_FULL_MAX: usize = 8;

/// Holds the value of a single stone at every cell of a cube.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxValues {
    /// The side: cells (x,y,z) with x,y,z < size.
    pub size: usize,
    /// Grundy values, the cell (x,y,z) at index (x·size + y)·size + z.
    pub values: Vec<u32>,
    /// The number of distinct positions the search valued.
    pub positions: u64,
}

impl BoxValues {
    /// Returns the value of a single stone at (x,y,z), or `None` off the cube.
    pub fn get(&self, x: usize, y: usize, z: usize) -> Option<u32> {
        let n = self.size;
        if x < n && y < n && z < n {
            self.values.get((x * n + y) * n + z).copied()
        } else {
            None
        }
    }

    /// Returns the first cell whose value differs from `product(x, y, z)`.
    pub fn first_mismatch(
        &self,
        product: impl Fn(u128, u128, u128) -> u128,
    ) -> Option<(usize, usize, usize)> {
        let n = self.size;
        let cells = (0..n).flat_map(|x| (0..n).flat_map(move |y| (0..n).map(move |z| (x, y, z))));
        cells.into_iter().find(|&(x, y, z)| {
            let p = product(x as u128, y as u128, z as u128);
            self.get(x, y, z).map(u128::from) != Some(p)
        })
    }
}

/// Which corners a box move leaves behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BoxRule {
    /// The real game: all seven other corners.
    Seven,
    /// A broken game that forgets the far corner (x',y',z').
    #[cfg_attr(not(test), allow(dead_code))]
    Six,
}

impl BoxRule {
    /// Returns the corners as (takes x', takes y', takes z') flags.
    fn corners(self) -> Vec<[bool; 3]> {
        (1..8usize)
            .map(|m| [m & 1 == 1, m & 2 == 2, m & 4 == 4])
            .filter(|f| self == BoxRule::Seven || f != &[true; 3])
            .collect()
    }
}

/// Returns the value of a single stone at every (x,y,z) below `n` by a full search of
/// multisets of stones; `n ≤ STONES_3D_FULL_MAX`, and past `limit` positions the search
/// stops with [`SearchLimit`].
pub fn stones_3d_full(n: usize, limit: u64) -> Result<BoxValues, SearchLimit> {
    full_3d(n, limit, BoxRule::Seven)
}

/// Runs the full 3-D search under the given rule.
pub(super) fn full_3d(n: usize, limit: u64, rule: BoxRule) -> Result<BoxValues, SearchLimit> {
    if n > STONES_3D_FULL_MAX {
        return Err(SearchLimit { limit });
    }
    let side = n.saturating_sub(1);
    let cell = |x: usize, y: usize, z: usize| ((x - 1) * side + (y - 1)) * side + (z - 1);
    let corners = rule.corners();
    let mut game = CellGame::new(side.pow(3));
    for (x, y, z) in cube(1..side + 1) {
        for (x1, y1, z1) in cube3(0..x, 0..y, 0..z) {
            let targets = corners
                .iter()
                .map(|f| {
                    let pick = |t: bool, new: usize, old: usize| if t { new } else { old };
                    (pick(f[0], x1, x), pick(f[1], y1, y), pick(f[2], z1, z))
                })
                .filter(|&(a, b, c)| a > 0 && b > 0 && c > 0)
                .map(|(a, b, c)| cell(a, b, c))
                .collect();
            game.add_move(cell(x, y, z), targets);
        }
    }
    let mut cover = vec![0; side.pow(3)];
    if let Some(last) = cover.last_mut() {
        *last = 1;
    }
    let packing = Packing::new(&game, &cover, limit);
    let limit = packing.memory_limit(limit);
    let starts: Vec<Vec<usize>> = cube(0..n)
        .map(|(x, y, z)| {
            if x > 0 && y > 0 && z > 0 {
                vec![cell(x, y, z)]
            } else {
                Vec::new()
            }
        })
        .collect();
    let found = packing.search(&game, &starts, limit)?;
    Ok(BoxValues {
        size: n,
        values: found.values,
        positions: found.positions,
    })
}

/// Iterates over `r³` in row-major order.
fn cube(r: std::ops::Range<usize>) -> impl Iterator<Item = (usize, usize, usize)> {
    cube3(r.clone(), r.clone(), r)
}

/// Iterates over the product of three ranges in row-major order.
fn cube3(
    a: std::ops::Range<usize>,
    b: std::ops::Range<usize>,
    c: std::ops::Range<usize>,
) -> impl Iterator<Item = (usize, usize, usize)> {
    a.flat_map(move |x| {
        let c = c.clone();
        b.clone()
            .flat_map(move |y| c.clone().map(move |z| (x, y, z)))
    })
}

/// Returns the value of a single stone at every (x,y,z) below `n` from the sum theorem:
/// each option is worth the XOR of its seven stones; `n ≤ STONES_3D_SUM_MAX`.
pub fn stones_3d_sum(n: usize) -> Result<BoxValues, SearchLimit> {
    sum_3d(n, BoxRule::Seven)
}

/// Runs the sum-theorem search under the given rule.
pub(super) fn sum_3d(n: usize, rule: BoxRule) -> Result<BoxValues, SearchLimit> {
    if n > STONES_3D_SUM_MAX {
        let max = STONES_3D_SUM_MAX as u64;
        return Err(SearchLimit { limit: max.pow(3) });
    }
    let at = |x: usize, y: usize, z: usize| (x * n + y) * n + z;
    let corners = rule.corners();
    let mut values = vec![0u32; n * n * n];
    let mut seen = Vec::new();
    for (x, y, z) in cube(1..n) {
        seen.clear();
        seen.resize(x * y * z + 1, false);
        for (x1, y1, z1) in cube3(0..x, 0..y, 0..z) {
            let v = corners.iter().fold(0, |acc, f| {
                let pick = |t: bool, new: usize, old: usize| if t { new } else { old };
                acc ^ values[at(pick(f[0], x1, x), pick(f[1], y1, y), pick(f[2], z1, z))]
            });
            if let Some(slot) = seen.get_mut(v as usize) {
                *slot = true;
            }
        }
        values[at(x, y, z)] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
    }
    Ok(BoxValues {
        size: n,
        values,
        positions: (n * n * n) as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::games::test_support::oracle_mul;

    fn nim3(x: u128, y: u128, z: u128) -> u128 {
        let xy = oracle_mul(x as usize, y as usize);
        u128::from(oracle_mul(xy as usize, z as usize))
    }

    #[test]
    fn full_search_below_3_equals_the_triple_product() {
        let full = stones_3d_full(3, 1 << 22).expect("fits");
        assert_eq!(full.values.len(), 27);
        assert_eq!(full.first_mismatch(nim3), None);
        assert!(full.positions > 27);
        assert_eq!(full.get(2, 2, 2), Some(1));
    }

    #[test]
    fn sum_search_below_16_equals_the_triple_product() {
        let sum = stones_3d_sum(16).expect("allowed");
        assert_eq!((sum.values.len(), sum.positions), (4096, 4096));
        assert_eq!(sum.first_mismatch(nim3), None);
        let full = stones_3d_full(3, 1 << 22).expect("fits");
        let small = stones_3d_sum(3).expect("allowed");
        assert_eq!(full.values, small.values);
    }

    #[test]
    fn checks_catch_a_wrong_rule_and_a_wrong_product() {
        let broken = sum_3d(16, BoxRule::Six).expect("allowed");
        assert!(broken.first_mismatch(nim3).is_some());
        let broken = full_3d(3, 1 << 22, BoxRule::Six).expect("fits");
        assert_eq!(broken.first_mismatch(nim3), Some((2, 2, 2)));
        let ordinary = stones_3d_sum(16).expect("allowed");
        assert_eq!(
            ordinary.first_mismatch(|x, y, z| x * y * z),
            Some((1, 2, 2))
        );
    }

    #[test]
    fn searches_refuse_what_they_cannot_finish() {
        assert_eq!(stones_3d_full(3, 20), Err(SearchLimit { limit: 20 }));
        assert!(stones_3d_full(STONES_3D_FULL_MAX + 1, u64::MAX).is_err());
        assert!(stones_3d_sum(STONES_3D_SUM_MAX + 1).is_err());
        assert_eq!(stones_3d_full(0, 1).map(|v| v.values), Ok(vec![]));
        assert_eq!(stones_3d_full(3, 1 << 22).map(|v| v.get(3, 0, 0)), Ok(None));
    }
}
