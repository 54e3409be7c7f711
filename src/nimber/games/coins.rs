//! Coin-turning games, searched over every heads-set of a small board.
//!
//! A row of coins labelled 1, 2, …, n shows heads or tails. A move picks a heads coin `c`
//! and one of the sets of coins the game's rule allows, all labelled below `c`, and turns
//! over `c` (heads to tails) and every coin of the set. The game ends when no coin shows
//! heads. Three classic rules:
//!
//! - **Ruler**: turn `c` and any run of coins just below it, `c−k, …, c−1`. A coin at `c`
//!   is worth the largest power of 2 dividing `c`.
//! - **Turning Turtles**: turn `c` and at most one other coin. A coin at `c` is worth `c`.
//! - **Mock Turtles**: turn `c` and at most two others. The coins are worth the odious
//!   numbers 1, 2, 4, 7, 8, 11, … (those with an odd number of binary ones).
//!
//! The **product** `G × H` of two such games is played on the coins (x,y), `1 ≤ x, y ≤ n`:
//! a move picks a heads coin (x,y), a set `S` that `G` allows below `x` and a set `T` that
//! `H` allows below `y`, and turns every coin of `({x} ∪ S) × ({y} ∪ T)`. The tartan
//! theorem says a coin at (x,y) is then worth `g(x) ⊗ h(y)`, the nim-product of the
//! values in the two games.
//!
//! Every search here values every heads-set of the board, as a bit mask, with no sum
//! theorem: a move clears its highest coin, so it lowers the mask, and sweeping the masks
//! upwards values every option before the position that has it.
//!
//! ```
//! use nimsite_core::nimber::{CoinRule, coin_game, mul, check_tartan, ruler_value};
//! let ruler = coin_game(&CoinRule::RULER, 8, 1 << 16)?;
//! assert_eq!(ruler.single(&[6]), Some(2));
//! let tartan = check_tartan(&CoinRule::RULER, &CoinRule::TURNING_TURTLES, 4, 1 << 20, mul)?;
//! assert_eq!(tartan.check.mismatch, None);
//! assert_eq!(tartan.g, (1..=4).map(ruler_value).collect::<Vec<_>>());
//! # Ok::<(), nimsite_core::nimber::SearchLimit>(())
//! ```

use super::search::SearchLimit;

/// Most coins a dense search will hold: 2^26 positions of 4 bytes.
pub const COINS_MAX: usize = 26;

/// A 1-D coin-turning rule: for each coin, the sets it may be turned with.
#[derive(Clone, Copy, Debug)]
pub struct CoinRule {
    name: &'static str,
    sets: fn(usize, &mut Vec<u64>),
}

impl CoinRule {
    /// Turn `c` and any run `c−k, …, c−1` of coins just below it.
    pub const RULER: CoinRule = CoinRule::new("Ruler", ruler_sets);
    /// Turn `c` and at most one coin below it.
    pub const TURNING_TURTLES: CoinRule = CoinRule::new("Turning Turtles", turtle_sets);
    /// Turn `c` and at most two coins below it.
    pub const MOCK_TURTLES: CoinRule = CoinRule::new("Mock Turtles", mock_turtle_sets);

    /// Returns a rule from its name and a function that pushes, for a coin `c`, every set
    /// it may be turned with, as a mask with bit `l − 1` for coin `l`; bits at or above
    /// `c − 1` are ignored.
    pub const fn new(name: &'static str, sets: fn(usize, &mut Vec<u64>)) -> CoinRule {
        CoinRule { name, sets }
    }

    /// Returns the rule's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Returns the sets coin `c` may be turned with, as masks of coins below `c`.
    pub fn sets(&self, c: usize) -> Vec<u64> {
        let mut out = Vec::new();
        if c == 0 || c > 64 {
            return out;
        }
        (self.sets)(c, &mut out);
        let below = (1u64 << (c - 1)) - 1;
        out.iter_mut().for_each(|m| *m &= below);
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Pushes the runs of coins just below `c`, from the empty run up to coins `1..c`.
fn ruler_sets(c: usize, out: &mut Vec<u64>) {
    for k in 0..c {
        let run = (1u64 << k) - 1;
        out.push(run << (c - 1 - k));
    }
}

/// Pushes the empty set and every single coin below `c`.
fn turtle_sets(c: usize, out: &mut Vec<u64>) {
    out.push(0);
    out.extend((1..c).map(|l| 1u64 << (l - 1)));
}

/// Pushes every set of at most two coins below `c`.
fn mock_turtle_sets(c: usize, out: &mut Vec<u64>) {
    turtle_sets(c, out);
    for l in 1..c {
        out.extend((l + 1..c).map(|m| 1u64 << (l - 1) | 1u64 << (m - 1)));
    }
}

/// Returns the largest power of 2 dividing `c`, the Ruler value of coin `c ≥ 1`.
pub fn ruler_value(c: usize) -> u128 {
    if c == 0 {
        0
    } else {
        1u128 << c.trailing_zeros()
    }
}

/// Returns the `c`-th odious number (`c ≥ 1`): 1, 2, 4, 7, 8, 11, …, the Mock Turtles
/// value of coin `c`.
pub fn odious(c: usize) -> u128 {
    let Some(k) = c.checked_sub(1) else { return 0 };
    let n = 2 * k as u128;
    n + u128::from(n.count_ones().is_multiple_of(2))
}

/// The Grundy value of every heads-set of a board of coins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoinValues {
    /// The board's side `n`: coins 1..=n in one dimension, or (x,y) with `1 ≤ x, y ≤ n`.
    pub side: usize,
    /// The dimension, 1 or 2.
    pub dims: usize,
    /// The value of each heads-set, indexed by its mask: bit `l − 1` for coin `l`, or bit
    /// `(x−1)·n + (y−1)` for coin (x,y).
    pub values: Vec<u32>,
    /// The positions valued: every heads-set, `2^(coins)`.
    pub positions: u64,
}

impl CoinValues {
    /// Returns the number of coins on the board.
    pub fn coins(&self) -> usize {
        self.side.pow(self.dims as u32)
    }

    /// Returns the coordinates (from 1) of the coin with bit `bit`.
    pub fn coin(&self, bit: usize) -> Vec<usize> {
        match self.dims {
            1 => vec![bit + 1],
            _ => vec![bit / self.side + 1, bit % self.side + 1],
        }
    }

    /// Returns the value of one heads coin at the given coordinates, if it is on the board.
    pub fn single(&self, at: &[usize]) -> Option<u32> {
        let inside = at.len() == self.dims && at.iter().all(|&c| (1..=self.side).contains(&c));
        if !inside {
            return None;
        }
        let bit = at.iter().fold(0, |acc, &c| acc * self.side + (c - 1));
        self.values.get(1usize << bit).copied()
    }

    /// Returns the first heads-set, in mask order, whose value is not the nim-sum of
    /// `claim` over its heads coins.
    pub fn first_mismatch(&self, claim: impl Fn(&[usize]) -> u128) -> Option<CoinMismatch> {
        let singles: Vec<u128> = (0..self.coins()).map(|b| claim(&self.coin(b))).collect();
        (0..self.values.len()).find_map(|mask| {
            let heads = (0..self.coins()).filter(|&b| mask >> b & 1 == 1);
            let expected = heads.clone().fold(0, |acc, b| acc ^ singles[b]);
            let searched = self.values[mask];
            (u128::from(searched) != expected).then(|| CoinMismatch {
                heads: heads.map(|b| self.coin(b)).collect(),
                searched,
                expected,
            })
        })
    }
}

/// A heads-set whose searched value differs from the value claimed for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoinMismatch {
    /// The heads coins, each by its coordinates.
    pub heads: Vec<Vec<usize>>,
    /// The Grundy value the search found.
    pub searched: u32,
    /// The nim-sum claimed.
    pub expected: u128,
}

/// What comparing a searched board with a claim found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoinCheck {
    /// The positions the searches valued.
    pub positions: u64,
    /// The first heads-set that disagrees, or `None` when all agree.
    pub mismatch: Option<CoinMismatch>,
}

/// Returns the value of every heads-set of coins `1..=n` under `rule`, by a full search
/// that stops with [`SearchLimit`] if the `2^n` positions exceed `limit` (or
/// [`COINS_MAX`] coins).
pub fn coin_game(rule: &CoinRule, n: usize, limit: u64) -> Result<CoinValues, SearchLimit> {
    let moves: Vec<Vec<u64>> = (1..=n.min(COINS_MAX + 1))
        .map(|c| rule.sets(c).iter().map(|s| s | 1 << (c - 1)).collect())
        .collect();
    let values = dense_search(n, limit, &moves)?;
    Ok(CoinValues {
        side: n,
        dims: 1,
        positions: values.len() as u64,
        values,
    })
}

/// Checks every heads-set of coins `1..=n` under `rule` against the nim-sum of `claim`.
pub fn check_coin_game(
    rule: &CoinRule,
    n: usize,
    limit: u64,
    claim: impl Fn(usize) -> u128,
) -> Result<CoinCheck, SearchLimit> {
    let values = coin_game(rule, n, limit)?;
    Ok(CoinCheck {
        positions: values.positions,
        mismatch: values.first_mismatch(|at| claim(at[0])),
    })
}

/// Returns the value of every heads-set of the n×n board of the product game `g × h`.
pub fn tartan_game(
    g: &CoinRule,
    h: &CoinRule,
    n: usize,
    limit: u64,
) -> Result<CoinValues, SearchLimit> {
    let coins = n.saturating_mul(n);
    if coins > COINS_MAX || (1u64 << coins) > limit {
        return Err(SearchLimit { limit });
    }
    let line = |rule: &CoinRule| -> Vec<Vec<u64>> {
        (1..=n)
            .map(|c| rule.sets(c).iter().map(|s| s | 1 << (c - 1)).collect())
            .collect()
    };
    let (gs, hs) = (line(g), line(h));
    let mut moves = vec![Vec::new(); coins];
    for x in 0..n {
        for y in 0..n {
            for &s in &gs[x] {
                for &t in &hs[y] {
                    moves[x * n + y].push(outer(s, t, n));
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

/// Returns the mask of the coins (x,y) with `x ∈ s`, `y ∈ t` on an n×n board.
fn outer(s: u64, t: u64, n: usize) -> u64 {
    (0..n)
        .filter(|&x| s >> x & 1 == 1)
        .fold(0, |acc, x| acc | t << (x * n))
}

/// What the tartan check found: the 1-D values by search, and the product board check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TartanCheck {
    /// The value of each coin `1..=n` in `G`, found by search.
    pub g: Vec<u128>,
    /// The value of each coin `1..=n` in `H`, found by search.
    pub h: Vec<u128>,
    /// The product board against `product(g(x), h(y))` summed over the heads; its
    /// positions count all three searches.
    pub check: CoinCheck,
}

/// Checks the tartan theorem on an n×n board: searches `g` and `h` on coins `1..=n`, then
/// every heads-set of `g × h` against the nim-sum of `product(g(x), h(y))` over its heads.
pub fn check_tartan(
    g: &CoinRule,
    h: &CoinRule,
    n: usize,
    limit: u64,
    product: impl Fn(u128, u128) -> u128,
) -> Result<TartanCheck, SearchLimit> {
    let singles = |rule: &CoinRule| -> Result<(Vec<u128>, u64), SearchLimit> {
        let v = coin_game(rule, n, limit)?;
        let s = (1..=n).filter_map(|c| v.single(&[c])).map(u128::from);
        Ok((s.collect(), v.positions))
    };
    let ((gv, gp), (hv, hp)) = (singles(g)?, singles(h)?);
    let board = tartan_game(g, h, n, limit)?;
    let mismatch = board.first_mismatch(|at| product(gv[at[0] - 1], hv[at[1] - 1]));
    Ok(TartanCheck {
        g: gv,
        h: hv,
        check: CoinCheck {
            positions: gp + hp + board.positions,
            mismatch,
        },
    })
}

/// Values every mask below `2^coins`, where `moves[c]` lists the masks a move from a heads
/// coin `c` turns over, each with `c` as its highest bit.
pub(super) fn dense_search(
    coins: usize,
    limit: u64,
    moves: &[Vec<u64>],
) -> Result<Vec<u32>, SearchLimit> {
    if coins > COINS_MAX || (1u64 << coins) > limit || moves.len() < coins {
        return Err(SearchLimit { limit });
    }
    let mut values = vec![0u32; 1 << coins];
    let mut seen: Vec<u64> = Vec::new();
    for p in 1..values.len() {
        seen.clear();
        let mut heads = p;
        while heads != 0 {
            let c = heads.trailing_zeros() as usize;
            heads &= heads - 1;
            for &m in &moves[c] {
                let v = values[p ^ m as usize] as usize;
                if seen.len() <= v / 64 {
                    seen.resize(v / 64 + 1, 0);
                }
                seen[v / 64] |= 1 << (v % 64);
            }
        }
        let word = seen.iter().position(|&w| w != u64::MAX);
        values[p] = match word {
            Some(w) => (64 * w) as u32 + (!seen[w]).trailing_zeros(),
            None => 64 * seen.len() as u32,
        };
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::games::test_support::oracle_mul;

    fn nim(a: u128, b: u128) -> u128 {
        u128::from(oracle_mul(a as usize, b as usize))
    }

    /// Returns the single-coin values of coins `1..=n` by search.
    fn singles(rule: &CoinRule, n: usize) -> Vec<u128> {
        let v = coin_game(rule, n, 1 << 20).expect("small");
        (1..=n)
            .map(|c| u128::from(v.single(&[c]).expect("on board")))
            .collect()
    }

    #[test]
    fn one_d_values_are_the_classic_sequences() {
        let n = 12;
        let expect = |f: fn(usize) -> u128| (1..=n).map(f).collect::<Vec<_>>();
        assert_eq!(singles(&CoinRule::RULER, n), expect(ruler_value));
        assert_eq!(
            singles(&CoinRule::TURNING_TURTLES, n),
            expect(|c| c as u128)
        );
        assert_eq!(singles(&CoinRule::MOCK_TURTLES, n), expect(odious));
        assert_eq!(
            expect(odious),
            vec![1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22]
        );
        assert_eq!(
            expect(ruler_value),
            vec![1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4]
        );
    }

    #[test]
    fn every_heads_set_is_the_sum_of_its_coins() {
        type Claim = fn(usize) -> u128;
        let claims: [(CoinRule, Claim); 3] = [
            (CoinRule::RULER, ruler_value),
            (CoinRule::TURNING_TURTLES, |c| c as u128),
            (CoinRule::MOCK_TURTLES, odious),
        ];
        for (rule, claim) in claims {
            let check = check_coin_game(&rule, 12, 1 << 12, claim).expect("fits");
            assert_eq!(
                (check.positions, check.mismatch),
                (4096, None),
                "{}",
                rule.name()
            );
        }
    }

    #[test]
    fn coin_checks_catch_a_wrong_claim_and_a_wrong_rule() {
        let wrong = check_coin_game(&CoinRule::RULER, 8, 1 << 8, |c| c as u128).expect("fits");
        let m = wrong.mismatch.expect("Ruler is not Turning Turtles");
        assert_eq!((m.heads, m.searched, m.expected), (vec![vec![3]], 1, 3));
        // Turning exactly one or three coins: a rule that is not Mock Turtles.
        fn odd(c: usize, out: &mut Vec<u64>) {
            out.push(0);
            for l in 1..c {
                out.extend((l + 1..c).map(|m| 1u64 << (l - 1) | 1u64 << (m - 1)));
            }
        }
        let rule = CoinRule::new("one or three", odd);
        let broken = check_coin_game(&rule, 8, 1 << 8, odious).expect("fits");
        assert!(broken.mismatch.is_some());
    }

    #[test]
    fn tartan_products_multiply_the_values() {
        let rules = [
            CoinRule::RULER,
            CoinRule::TURNING_TURTLES,
            CoinRule::MOCK_TURTLES,
        ];
        for g in &rules {
            for h in &rules {
                let t = check_tartan(g, h, 4, 1 << 16, nim).expect("fits");
                assert_eq!(t.check.mismatch, None, "{} × {}", g.name(), h.name());
                assert_eq!(t.check.positions, 16 + 16 + 65_536);
            }
        }
    }

    #[test]
    fn tartan_check_catches_a_wrong_product() {
        let ordinary = |a: u128, b: u128| a * b;
        let (g, h) = (&CoinRule::MOCK_TURTLES, &CoinRule::TURNING_TURTLES);
        let t = check_tartan(g, h, 4, 1 << 16, ordinary).expect("fits");
        let m = t
            .check
            .mismatch
            .expect("ordinary products are not nim-products");
        // Coin (2,2): g(2) = 2 and h(2) = 2, and 2 ⊗ 2 = 3, not 4.
        assert_eq!((m.heads, m.searched, m.expected), (vec![vec![2, 2]], 3, 4));
    }

    #[test]
    fn turning_corners_is_turning_turtles_squared() {
        let tt = &CoinRule::TURNING_TURTLES;
        let product = tartan_game(tt, tt, 3, 1 << 9).expect("fits");
        let corners = crate::nimber::turning_corners(3, 1 << 9).expect("fits");
        assert_eq!(product.values, corners.values);
    }

    #[test]
    fn searches_refuse_boards_past_their_limit() {
        let over = SearchLimit { limit: 1000 };
        assert_eq!(coin_game(&CoinRule::RULER, 10, 1000), Err(over));
        let tt = &CoinRule::TURNING_TURTLES;
        assert_eq!(tartan_game(tt, tt, 4, 1000), Err(over));
        assert!(coin_game(&CoinRule::RULER, 64, u64::MAX).is_err());
        assert!(tartan_game(tt, tt, usize::MAX, u64::MAX).is_err());
        let empty = coin_game(&CoinRule::RULER, 0, 1).expect("one position");
        assert_eq!((empty.values, empty.positions), (vec![0], 1));
    }

    #[test]
    fn rules_list_their_sets() {
        assert_eq!(CoinRule::RULER.sets(3), vec![0, 0b10, 0b11]);
        assert_eq!(CoinRule::TURNING_TURTLES.sets(3), vec![0, 0b01, 0b10]);
        assert_eq!(CoinRule::MOCK_TURTLES.sets(3), vec![0, 0b01, 0b10, 0b11]);
        assert!(CoinRule::RULER.sets(0).is_empty());
        assert_eq!(ruler_value(0), 0);
        assert_eq!(odious(0), 0);
    }
}
