//! Turning Corners: the 2-D stone game in coin form.
//!
//! The live board is the coins (x,y) with `1 ≤ x, y ≤ n`, each heads or tails. A move
//! picks a heads coin (x,y) and any `0 ≤ x' < x`, `0 ≤ y' < y`, and turns over the corners
//! of the rectangle they span: (x,y), which goes to tails, and those of (x',y), (x,y') and
//! (x',y') that lie on the live board. A corner with a coordinate 0 is not a coin of the
//! live board and is simply not turned, just as a stone on row or column 0 is dead. The
//! value of one heads coin at (x,y) is `x ⊗ y`, and of a heads-set the nim-sum over it.
//!
//! [`check_turning_corners`] values every heads-set of the board by a full search, with no
//! sum theorem, and compares each with the nim-sum of `product(x, y)` over its heads.
//!
//! ```
//! use nimsite_core::nimber::{check_turning_corners, mul};
//! let check = check_turning_corners(4, 1 << 16, mul)?;
//! assert_eq!((check.positions, check.mismatch), (65_536, None));
//! # Ok::<(), nimsite_core::nimber::SearchLimit>(())
//! ```

use super::coins::{COINS_MAX, CoinCheck, CoinValues, dense_search};
use super::search::SearchLimit;

/// Which corners a move turns besides (x,y).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Corners {
    /// The real game: (x',y), (x,y') and (x',y').
    All,
    /// A broken game that forgets (x',y'), so checks can be seen to fail.
    #[cfg_attr(not(test), allow(dead_code))]
    Two,
}

/// Returns the value of every heads-set of the n×n live board of Turning Corners, by a
/// full search of its `2^(n²)` positions; refused with [`SearchLimit`] past `limit`.
pub fn turning_corners(n: usize, limit: u64) -> Result<CoinValues, SearchLimit> {
    corners_game(n, limit, Corners::All)
}

/// Searches the board under the given corner rule.
pub(super) fn corners_game(n: usize, limit: u64, rule: Corners) -> Result<CoinValues, SearchLimit> {
    let coins = n.saturating_mul(n);
    if coins > COINS_MAX {
        return Err(SearchLimit { limit });
    }
    let bit = |x: usize, y: usize| -> u64 {
        if x > 0 && y > 0 {
            1 << ((x - 1) * n + (y - 1))
        } else {
            0
        }
    };
    let mut moves = vec![Vec::new(); coins];
    for x in 1..=n {
        for y in 1..=n {
            for x1 in 0..x {
                for y1 in 0..y {
                    let far = if rule == Corners::All { bit(x1, y1) } else { 0 };
                    let m = bit(x, y) | bit(x1, y) | bit(x, y1) | far;
                    moves[(x - 1) * n + (y - 1)].push(m);
                }
            }
        }
    }
    let values = dense_search(coins, limit, &moves)?;
    Ok(CoinValues {
        side: n,
        dims: 2,
        positions: values.len() as u64,
        values,
    })
}

/// Checks every heads-set of the n×n Turning Corners board against the nim-sum of
/// `product(x, y)` over its heads coins.
pub fn check_turning_corners(
    n: usize,
    limit: u64,
    product: impl Fn(u128, u128) -> u128,
) -> Result<CoinCheck, SearchLimit> {
    let board = turning_corners(n, limit)?;
    Ok(CoinCheck {
        positions: board.positions,
        mismatch: board.first_mismatch(|at| product(at[0] as u128, at[1] as u128)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::games::test_support::oracle_mul;

    fn nim(a: u128, b: u128) -> u128 {
        u128::from(oracle_mul(a as usize, b as usize))
    }

    #[test]
    fn every_heads_set_is_worth_the_sum_of_its_products() {
        let check = check_turning_corners(4, 1 << 16, nim).expect("fits");
        assert_eq!((check.positions, check.mismatch), (65_536, None));
        let board = turning_corners(4, 1 << 16).expect("fits");
        assert_eq!(board.single(&[4, 4]), Some(6));
        assert_eq!(board.single(&[0, 4]), None);
    }

    #[test]
    fn the_check_catches_a_wrong_product_and_a_wrong_rule() {
        let ordinary = check_turning_corners(4, 1 << 16, |a, b| a * b).expect("fits");
        let m = ordinary.mismatch.expect("2 ⊗ 2 is not 4");
        assert_eq!((m.heads, m.searched, m.expected), (vec![vec![2, 2]], 3, 4));
        let broken = corners_game(4, 1 << 16, Corners::Two).expect("fits");
        assert!(
            broken
                .first_mismatch(|at| nim(at[0] as u128, at[1] as u128))
                .is_some()
        );
    }

    #[test]
    fn boards_past_the_limit_are_refused() {
        assert_eq!(
            turning_corners(4, 60_000),
            Err(SearchLimit { limit: 60_000 })
        );
        assert!(turning_corners(6, u64::MAX).is_err());
        let none = turning_corners(0, 1).expect("the empty board");
        assert_eq!(none.values, vec![0]);
    }
}
