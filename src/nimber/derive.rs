//! Products and inverses worked by hand from the definitions, for the essays to show.
//!
//! [`derive`] lists every option `(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b')` that the mex rule excludes,
//! and [`inverse_by_mex_set`] follows Conway's recursive description of `1/α` as a mex.

use super::arith::{ArithError, mex, mul};
use super::table::{SizeError, Table, check_size};

/// The largest operand [`derive`] accepts.
pub const MAX_DERIVE: usize = 255;

/// One option of the mex rule: the pair `(a', b')` and the value it excludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// `a' < a`.
    pub a1: usize,
    /// `b' < b`.
    pub b1: usize,
    /// `(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b')`.
    pub excluded: u128,
}

/// A worked derivation of `a ⊗ b` from the definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derivation {
    /// The left factor.
    pub a: usize,
    /// The right factor.
    pub b: usize,
    /// Every option, in order of `a'` then `b'`.
    pub steps: Vec<Step>,
    /// The distinct excluded values, sorted.
    pub excluded: Vec<u128>,
    /// The mex of the excluded values, which is `a ⊗ b`.
    pub value: u128,
}

/// The short form of a derivation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The number of pairs `(a', b')`, which is `a·b`.
    pub pairs: usize,
    /// The number of distinct excluded values.
    pub distinct: usize,
    /// The values below the largest excluded one that are not excluded, in order; the
    /// first of them, if any, is the mex.
    pub gaps: Vec<u128>,
    /// The mex.
    pub value: u128,
}

impl Derivation {
    /// Summarises the derivation: how many pairs, how many distinct values, which gaps.
    pub fn summary(&self) -> Summary {
        let top = self.excluded.last().copied().unwrap_or(0);
        let gaps = (0..top)
            .filter(|v| self.excluded.binary_search(v).is_err())
            .collect();
        Summary {
            pairs: self.steps.len(),
            distinct: self.excluded.len(),
            gaps,
            value: self.value,
        }
    }
}

/// Derives `a ⊗ b` from the mex definition, for `a, b ≤ 255`.
pub fn derive(a: usize, b: usize) -> Result<Derivation, SizeError> {
    check_size(a.max(b), MAX_DERIVE)?;
    derive_from(&Table::product_by_definition(a.max(b) + 1)?, a, b)
}

/// Works out `a ⊗ b` as [`derive`] does, reading the options from `t`, a product table
/// by the definition that covers `a` and `b`, so many derivations share one table.
pub fn derive_from(t: &Table, a: usize, b: usize) -> Result<Derivation, SizeError> {
    check_size(a.max(b), MAX_DERIVE)?;
    if a.max(b) >= t.size() {
        return Err(SizeError {
            size: a.max(b) + 1,
            limit: t.size(),
        });
    }
    let steps = steps(a, b, |x, y| t.get(x, y) as u128);
    let excluded = distinct(&steps);
    let value = mex(excluded.iter().copied());
    Ok(Derivation {
        a,
        b,
        steps,
        excluded,
        value,
    })
}

/// Returns the distinct values `(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b')` that the pairs `a' < a`,
/// `b' < b` exclude in the mex rule for `a ⊗ b`, sorted, for `a, b ≤ 255`.
/// Unlike [`derive`], it needs no product table: each product is the field's own.
pub fn excluded(a: usize, b: usize) -> Result<Vec<u128>, SizeError> {
    check_size(a.max(b), MAX_DERIVE)?;
    Ok(distinct(&steps(a, b, |x, y| mul(x as u128, y as u128))))
}

/// Every pair `(a', b')` below `(a, b)` with the value it excludes, in order of `a'` then
/// `b'`, the products read from `product`.
fn steps(a: usize, b: usize, product: impl Fn(usize, usize) -> u128) -> Vec<Step> {
    let mut steps = Vec::with_capacity(a * b);
    for a1 in 0..a {
        for b1 in 0..b {
            let excluded = product(a1, b) ^ product(a, b1) ^ product(a1, b1);
            steps.push(Step { a1, b1, excluded });
        }
    }
    steps
}

/// Returns the distinct values the steps exclude, sorted.
fn distinct(steps: &[Step]) -> Vec<u128> {
    let mut out: Vec<u128> = steps.iter().map(|s| s.excluded).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Returns `1/α` as `mex S`, where `0 ∈ S` and `(1 ⊕ (α'⊕α)⊗β') ⊗ α'⁻¹ ∈ S` for every
/// `0 < α' < α` and `β' ∈ S`, with each `α'⁻¹` found the same way; `α ≤ 255`.
pub fn inverse_by_mex_set(alpha: usize) -> Result<u128, ArithError> {
    if alpha == 0 {
        return Err(ArithError::InverseOfZero);
    }
    if alpha > MAX_DERIVE {
        return Err(ArithError::OutOfRange);
    }
    Ok(inverses_by_mex_set(alpha + 1)[alpha])
}

/// Returns `1/α` for every `0 < α < n` by the mex-set route (entry 0 is 0); `n ≤ 256`.
pub fn inverses_by_mex_set(n: usize) -> Vec<u128> {
    let n = n.min(MAX_DERIVE + 1);
    let mut inverses = vec![0u128; n];
    for alpha in 1..n {
        let mut in_s = [false; 256];
        let mut members = vec![0u128];
        in_s[0] = true;
        let mut next = 0;
        // Close S under the rule: each new member β' yields one candidate per α'.
        while next < members.len() {
            let beta = members[next];
            next += 1;
            for (a1, &a1_inv) in inverses.iter().enumerate().take(alpha).skip(1) {
                let x = (a1 ^ alpha) as u128;
                let v = mul(1 ^ mul(x, beta), a1_inv);
                if let Some(slot) = in_s.get_mut(v as usize)
                    && !*slot
                {
                    *slot = true;
                    members.push(v);
                }
            }
        }
        inverses[alpha] = in_s.iter().position(|&s| !s).unwrap_or(256) as u128;
    }
    inverses
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::inv;

    #[test]
    fn two_times_two() {
        let d = derive(2, 2).expect("small");
        assert_eq!(d.excluded, vec![0, 1, 2]);
        assert_eq!(d.value, 3);
        assert_eq!(d.steps.len(), 4);
        let s = d.summary();
        assert_eq!((s.pairs, s.distinct, s.value), (4, 3, 3));
        assert!(s.gaps.is_empty());
    }

    #[test]
    fn four_times_four() {
        let d = derive(4, 4).expect("small");
        assert_eq!(d.excluded, vec![0, 1, 2, 3, 4, 5, 8, 11, 12, 14]);
        assert_eq!(d.value, 6);
        let s = d.summary();
        assert_eq!((s.pairs, s.distinct), (16, 10));
        assert_eq!(s.gaps, vec![6, 7, 9, 10, 13]);
    }

    #[test]
    fn excluded_values_are_the_derivations() {
        for (a, b) in [(0, 9), (2, 2), (3, 3), (4, 4), (13, 11), (255, 3)] {
            assert_eq!(excluded(a, b), Ok(derive(a, b).expect("in range").excluded));
        }
        assert_eq!(excluded(3, 3), Ok(vec![0, 1, 3]));
        assert!(excluded(256, 1).is_err());
    }

    #[test]
    fn derivations_agree_with_the_product() {
        for (a, b) in [(0, 9), (7, 1), (13, 11), (255, 3)] {
            let d = derive(a, b).expect("in range");
            assert_eq!(d.value, mul(a as u128, b as u128));
        }
        assert!(derive(256, 1).is_err());
    }

    #[test]
    fn mex_set_inverses_match_the_field_inverse() {
        let route = inverses_by_mex_set(256);
        for (alpha, &r) in route.iter().enumerate().skip(1) {
            assert_eq!(r, inv(alpha as u128).expect("nonzero"), "1/{alpha}");
        }
        assert_eq!(inverse_by_mex_set(4), Ok(15));
        assert_eq!(inverse_by_mex_set(0), Err(ArithError::InverseOfZero));
        assert!(inverse_by_mex_set(256).is_err());
    }
}
