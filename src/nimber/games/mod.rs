//! Grundy values of games, found by game-tree search.
//!
//! The essays claim that nim-addition and nim-multiplication are what certain games
//! compute. These searches play the games out so the claims can be checked against
//! arithmetic that shares no step with them. Every search is memoised on the position and
//! bounded by a number of distinct positions; past that bound it returns [`SearchLimit`]
//! rather than running on, and every result counts the positions it valued.
//!
//! - The 1-D stone game is Nim: its values are the XOR of the labels.
//! - In the 2-D stone game a stone at (x,y) becomes stones at (x',y), (x',y') and (x,y');
//!   a single stone is worth `x ⊗ y`. Turning Corners is the same game in coin form.
//! - The 3-D stone game's box move gives `x ⊗ y ⊗ z`.
//! - Coin-turning games (Ruler, Turning Turtles, Mock Turtles) and their products, where
//!   the tartan theorem multiplies the values of the factors.
//! - A 2-D stone beside a Nim heap, searched as one game, is worth the nim-sum of the two.
//!
//! Each check takes the arithmetic it compares with as a parameter, so a test can pass a
//! wrong product and watch the check fail.
//!
//! ```
//! use nimsite_core::nimber::{stones_1d_grundy, stones_2d_sum};
//!
//! assert_eq!(stones_1d_grundy(&[3, 5, 6]).unwrap(), 3 ^ 5 ^ 6);
//! let board = stones_2d_sum(4).unwrap();
//! assert_eq!(board.get(2, 2), Some(3)); // 2⊗2 = 3
//! ```

mod cells;
mod coins;
mod corners;
mod known;
mod octal;
mod search;
mod stones_1d;
mod stones_2d;
mod stones_3d;
mod sums;
mod window;

pub use coins::{
    COINS_MAX, CoinCheck, CoinMismatch, CoinRule, CoinValues, TartanCheck, check_coin_game,
    check_tartan, coin_game, odious, ruler_value, tartan_game,
};
pub use corners::{check_turning_corners, turning_corners};
pub use known::{
    KNOWN_GAMES, KNOWN_UPTO, KnownGame, KnownValues, grundy_option_values, known_games_in,
};
pub use octal::{
    CodeError, CodeErrorKind, OCTAL_DIGITS_MAX, OCTAL_UPTO_MAX, OCTAL_WORK_MAX, OctalCode,
    OctalGame, OctalLimit, Period, find_period, grundy_values, grundy_values_naive,
    grundy_values_within,
};
pub use search::{SEARCH_KEY_BYTES, SearchLimit};
pub use stones_1d::{STONES_1D_LIMIT, stones_1d_grundy};
pub use stones_2d::{
    GameValues, STONES_2D_FULL_MAX_POSITIONS, STONES_2D_SUM_MAX, stones_2d_full, stones_2d_sum,
};
pub use stones_3d::{
    BoxValues, STONES_3D_FULL_MAX, STONES_3D_SUM_MAX, stones_3d_full, stones_3d_sum,
};
pub use sums::{HEAPS_MAX, SumCheck, check_stones_beside_heap};
pub use window::{WINDOW_CELLS_MAX, WindowLimit, window_period};

/// Oracles the game tests compare with, written independently of the core.
#[cfg(test)]
pub(crate) mod test_support {
    /// Returns the nim-product from the independently written `nimber` crate.
    pub(crate) fn oracle_mul(a: usize, b: usize) -> u64 {
        let p = nimber::FiniteNimber::from(a as u64) * nimber::FiniteNimber::from(b as u64);
        p.as_slice().first().copied().unwrap_or(0)
    }

    /// Returns the nim-product table below `n` from its mex definition.
    pub(crate) fn mex_product_table(n: usize) -> Vec<u64> {
        let mut t = vec![0u64; n * n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = vec![false; a * b + 1];
                for a1 in 0..a {
                    for b1 in 0..b {
                        let v = t[a1 * n + b] ^ t[a * n + b1] ^ t[a1 * n + b1];
                        if let Some(s) = seen.get_mut(v as usize) {
                            *s = true;
                        }
                    }
                }
                t[a * n + b] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
            }
        }
        t
    }

    #[test]
    fn mex_table_matches_the_oracle() {
        let n = 16;
        let table = mex_product_table(n);
        let oracle: Vec<u64> = (0..n * n).map(|i| oracle_mul(i / n, i % n)).collect();
        assert_eq!(table, oracle);
        let ordinary: Vec<u64> = (0..n * n).map(|i| ((i / n) * (i % n)) as u64).collect();
        assert_ne!(table, ordinary);
    }
}
