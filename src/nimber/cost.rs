//! Exact operation counts for the three ways of computing products, for the cost section.
//!
//! Every count is produced by running an instrumented version of the method, so the
//! numbers on the page are measured, not estimated. Each count says exactly what it
//! counts, so a page can count what it describes:
//!
//! - the naive recursion: calls of the bare definition, nothing remembered;
//! - the memoised table: options `(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b')` evaluated, `a·b` for the
//!   cell `(a, b)`, which sums to `(n(n−1)/2)²`, about `n⁴/4`;
//! - the Fermat recursion exactly as it is written (four half-width products per
//!   step, down to single bits), and the same recursion with the two shortcuts the
//!   implementation takes when a high half is zero.
//!
//! ```
//! use nimsite_core::nimber::cost;
//! let c = cost(16);
//! assert_eq!((c.memoised, c.fast_as_described, c.fast), (14_400, 5_104, 3_040));
//! ```

use super::arith::mex;
use super::portable::{mul_counted, mul_counted_as_described};

/// The largest total of naive evaluations [`cost`] will run before giving up.
pub const NAIVE_LIMIT: u64 = 20_000_000;

/// Returns `a ⊗ b` by the bare recursive definition, with no memory of earlier results,
/// and the number of evaluations `(a, b)` it made, the top one included; `None` as soon
/// as the count passes `limit`.
pub fn naive_product_count(a: usize, b: usize, limit: u64) -> Option<(u128, u64)> {
    let mut count = 0;
    let value = naive(a, b, limit, &mut count)?;
    Some((value, count))
}

/// Evaluates one product by the definition, counting every call.
fn naive(a: usize, b: usize, limit: u64, count: &mut u64) -> Option<u128> {
    *count += 1;
    if *count > limit {
        return None;
    }
    // The options below 64 as bits of one word, so a call allocates nothing unless an
    // option is larger.
    let mut small = 0u64;
    let mut large = Vec::new();
    for a1 in 0..a {
        for b1 in 0..b {
            let x = naive(a1, b, limit, count)?
                ^ naive(a, b1, limit, count)?
                ^ naive(a1, b1, limit, count)?;
            match u32::try_from(x) {
                Ok(x) if x < 64 => small |= 1 << x,
                _ => large.push(x),
            }
        }
    }
    let low = u128::from((!small).trailing_zeros());
    Some(if low < 64 {
        low
    } else {
        mex(large.into_iter().chain(0..64))
    })
}

/// Operation counts for computing the whole `n×n` product table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    /// The table size `n`.
    pub size: usize,
    /// The number of products in the table, `n²`.
    pub pairs: u64,
    /// Calls of the naive recursion summed over all `n²` products, each product started
    /// afresh, counted by running it; `None` when the total passes [`NAIVE_LIMIT`].
    pub naive: Option<u64>,
    /// The same total from the recurrence the calls follow ([`naive_call_count`]), which
    /// needs no run; `None` when it passes `u128::MAX`.
    pub naive_by_recurrence: Option<u128>,
    /// Options `(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b')` evaluated by the memoised table, where each
    /// product reads three stored values: `a·b` for cell `(a, b)`, summed, which is
    /// [`memoised_option_count`]`(n)`.
    pub memoised: u64,
    /// Calls of the Fermat recursion with its shortcuts for a zero high half
    /// ([`mul_counted`]), summed over all `n²` products.
    pub fast: u64,
    /// Calls of the Fermat recursion exactly as described, four half-width products per
    /// step down to single bits ([`mul_counted_as_described`]), summed over all `n²`
    /// products.
    pub fast_as_described: u64,
}

/// Returns the options the memoised table evaluates for every product below `n`:
/// `Σ a·b` over `a, b < n`, which is `(n(n−1)/2)²`; `None` if that overflows a u64.
pub fn memoised_option_count(n: usize) -> Option<u64> {
    let n = u64::try_from(n).ok()?;
    let half = n.checked_mul(n.saturating_sub(1))? / 2;
    half.checked_mul(half)
}

/// Returns the least side `n` from which checking `laws` laws over every triple, `laws·n³`
/// cases, takes fewer steps than the memoised table's `(n(n−1)/2)²` options, for `n` and
/// every larger side (their ratio `(n−1)²/(4n)` only grows); `None` past side 2^16.
///
/// ```
/// use nimsite_core::nimber::law_check_crossover;
/// assert_eq!(law_check_crossover(1), Some(6));
/// assert_eq!(law_check_crossover(2), Some(10));
/// ```
pub fn law_check_crossover(laws: u64) -> Option<usize> {
    (1..=1usize << 16).find(|&n| {
        let cube = (n as u64).pow(3).saturating_mul(laws);
        memoised_option_count(n).is_some_and(|m| cube < m)
    })
}

/// Returns how many calls the naive recursion makes over every product below `n`, from
/// the recurrence its calls follow, or `None` as soon as the total passes `limit`.
///
/// A call for `(a, b)` makes itself plus the calls for `(a′, b)`, `(a, b′)` and `(a′, b′)`
/// over every `a′ < a`, `b′ < b`. Knowing the total up front spares [`cost`] from running
/// millions of calls only to report that there are too many.
fn naive_total_calls(n: usize, limit: u64) -> Option<u64> {
    // Each count is capped just above the limit; a capped count already decides the answer.
    let cap = limit.saturating_add(1);
    let mut calls = vec![vec![0u64; n]; n];
    let mut total = 0u64;
    for a in 0..n {
        for b in 0..n {
            let mut c = 1u64;
            for a1 in 0..a {
                for b1 in 0..b {
                    c = c
                        .saturating_add(calls[a1][b])
                        .saturating_add(calls[a][b1])
                        .saturating_add(calls[a1][b1])
                        .min(cap);
                }
            }
            calls[a][b] = c;
            total = total.saturating_add(c);
            if total > limit {
                return None;
            }
        }
    }
    Some(total)
}

/// Returns how many calls the naive recursion makes over every product below `n`, exactly,
/// from the recurrence its calls follow: a call for `(a, b)` is itself plus the calls for
/// `(a′, b)`, `(a, b′)` and `(a′, b′)` over every `a′ < a`, `b′ < b`. `None` when the count
/// passes `u128::MAX`, which it does for tables a little beyond 16.
pub fn naive_call_count(n: usize) -> Option<u128> {
    let mut calls = vec![vec![0u128; n]; n];
    let mut total = 0u128;
    for a in 0..n {
        for b in 0..n {
            let mut c = 1u128;
            for a1 in 0..a {
                for b1 in 0..b {
                    c = c
                        .checked_add(calls[a1][b])?
                        .checked_add(calls[a][b1])?
                        .checked_add(calls[a1][b1])?;
                }
            }
            calls[a][b] = c;
            total = total.checked_add(c)?;
        }
    }
    Some(total)
}

/// Counts the work of each method for the `n×n` product table.
pub fn cost(n: usize) -> Cost {
    // Run the naive recursion only when it will finish within the limit.
    let mut naive_total = naive_total_calls(n, NAIVE_LIMIT).map(|_| 0u64);
    let mut memoised = 0u64;
    let mut fast = 0u64;
    let mut fast_as_described = 0u64;
    for a in 0..n {
        for b in 0..n {
            memoised += (a * b) as u64;
            fast += mul_counted(a as u128, b as u128).1;
            fast_as_described += mul_counted_as_described(a as u128, b as u128).1;
            naive_total = naive_total.and_then(|total| {
                let (_, c) = naive_product_count(a, b, NAIVE_LIMIT - total)?;
                Some(total + c)
            });
        }
    }
    Cost {
        size: n,
        pairs: (n * n) as u64,
        naive: naive_total,
        naive_by_recurrence: naive_call_count(n),
        memoised,
        fast,
        fast_as_described,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mul;

    #[test]
    fn naive_recursion_gives_the_product() {
        for a in 0..5 {
            for b in 0..5 {
                let (v, c) = naive_product_count(a, b, 1_000_000).expect("small");
                assert_eq!(v, mul(a as u128, b as u128));
                assert!(c >= 1);
            }
        }
        assert_eq!(naive_product_count(1, 1, 100), Some((1, 4)));
        assert_eq!(naive_product_count(6, 6, 1000), None);
    }

    #[test]
    fn the_predicted_naive_total_matches_the_measured_one() {
        for n in 0..6 {
            let measured =
                (0..n)
                    .flat_map(|a| (0..n).map(move |b| (a, b)))
                    .try_fold(0u64, |total, (a, b)| {
                        let (_, c) = naive_product_count(a, b, NAIVE_LIMIT - total)?;
                        Some(total + c)
                    });
            assert_eq!(naive_total_calls(n, NAIVE_LIMIT), measured, "n = {n}");
        }
        let four = naive_total_calls(4, u64::MAX).expect("small");
        assert_eq!(naive_total_calls(4, four), Some(four));
        assert_eq!(naive_total_calls(4, four - 1), None);
        assert_eq!(naive_total_calls(256, NAIVE_LIMIT), None);
    }

    #[test]
    fn the_page_sizes_give_the_audited_counts() {
        let counts: Vec<(u64, u64, u64)> = [6, 16, 256]
            .iter()
            .map(|&n| {
                let c = cost(n);
                (c.memoised, c.fast_as_described, c.fast)
            })
            .collect();
        assert_eq!(
            counts,
            vec![
                (225, 484, 184),
                (14_400, 5_104, 3_040),
                (1_065_369_600, 5_553_904, 3_208_416)
            ]
        );
    }

    #[test]
    fn the_memoised_count_is_the_closed_form() {
        for n in [0, 1, 2, 5, 6, 16, 100] {
            assert_eq!(Some(cost(n).memoised), memoised_option_count(n), "n = {n}");
        }
        assert_eq!(memoised_option_count(256), Some(1_065_369_600));
        assert_eq!(memoised_option_count(usize::MAX), None);
        // About n⁴/4: within a factor (1 − 1/n)² of it.
        let n = 256u64;
        assert!(memoised_option_count(256).expect("fits") < n.pow(4) / 4);
    }

    #[test]
    fn the_described_count_is_a_sum_over_widths() {
        // (4^(k+1) − 1)/3 calls for a pair whose larger factor needs width 2^k.
        let by_width = |n: u64| {
            let pairs_below = |m: u64| m.min(n) * m.min(n);
            let mut total = 0;
            let mut prev = 0;
            for (k, m) in [2u64, 4, 16, 256].into_iter().enumerate() {
                let calls = (4u64.pow(k as u32 + 1) - 1) / 3;
                total += (pairs_below(m) - prev) * calls;
                prev = pairs_below(m);
            }
            total
        };
        for n in [6usize, 16, 100, 256] {
            assert_eq!(cost(n).fast_as_described, by_width(n as u64), "n = {n}");
        }
        assert!(cost(256).fast < cost(256).fast_as_described);
    }

    #[test]
    fn the_recurrence_counts_what_a_run_counts() {
        for n in 0..6 {
            let c = cost(n);
            assert_eq!(c.naive.map(u128::from), c.naive_by_recurrence, "n = {n}");
        }
        assert_eq!(
            naive_call_count(16),
            Some(356_750_883_655_048_164_151_369_963_754_851)
        );
        assert_eq!(naive_call_count(256), None);
    }

    #[test]
    fn counts_grow_as_documented() {
        let c = cost(4);
        assert_eq!(c.pairs, 16);
        // Σ a·b over a, b < 4 is (0+1+2+3)².
        assert_eq!(c.memoised, 36);
        assert!(c.naive.expect("tiny") > c.memoised);
        assert!(cost(64).naive.is_none());
        assert!(cost(16).naive.is_none());
        let (v, steps) = mul_counted(2, 2);
        assert_eq!(v, 3);
        assert!(steps > 1);
    }
}
