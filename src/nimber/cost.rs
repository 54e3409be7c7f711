//! Exact operation counts for the three ways of computing products, for the cost section.
//!
//! Every count is produced by running an instrumented version of the method, so the
//! numbers on the page are measured, not estimated.

use super::arith::mul_counted;

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
    let mut excluded = Vec::with_capacity(a * b);
    for a1 in 0..a {
        for b1 in 0..b {
            let x = naive(a1, b, limit, count)?
                ^ naive(a, b1, limit, count)?
                ^ naive(a1, b1, limit, count)?;
            excluded.push(x);
        }
    }
    Some(super::arith::mex(excluded))
}

/// Operation counts for computing the whole `n×n` product table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    /// The table size `n`.
    pub size: usize,
    /// The number of products in the table, `n²`.
    pub pairs: u64,
    /// Calls of the naive recursion summed over all `n²` products, each product started
    /// afresh; `None` when the total passes [`NAIVE_LIMIT`].
    pub naive: Option<u64>,
    /// Options `(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b')` evaluated by the memoised table, where each
    /// product reads three stored values: `a·b` for cell `(a, b)`, summed.
    pub memoised: u64,
    /// Calls of the Fermat recursion down to single bits ([`mul_counted`]), summed over
    /// all `n²` products.
    pub fast: u64,
}

/// Counts the work of each method for the `n×n` product table.
pub fn cost(n: usize) -> Cost {
    let mut naive_total = Some(0u64);
    let mut memoised = 0u64;
    let mut fast = 0u64;
    for a in 0..n {
        for b in 0..n {
            memoised += (a * b) as u64;
            fast += mul_counted(a as u128, b as u128).1;
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
        memoised,
        fast,
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
    fn counts_grow_as_documented() {
        let c = cost(4);
        assert_eq!(c.pairs, 16);
        // Σ a·b over a, b < 4 is (0+1+2+3)².
        assert_eq!(c.memoised, 36);
        assert!(c.naive.expect("tiny") > c.memoised);
        assert!(cost(64).naive.is_none());
        let (v, steps) = mul_counted(2, 2);
        assert_eq!(v, 3);
        assert!(steps > 1);
    }
}
