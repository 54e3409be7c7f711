//! Field arithmetic on nimbers below 2^128: sum, product, powers, inverses, roots, orders.
//!
//! The u128 product splits each factor at the Fermat 2-power `F = 2^64` once, as the
//! portable recursion does, and multiplies the halves with the fastest u64 product this
//! CPU offers. Inverses, roots and orders then come from the field structure: the nimbers
//! below `2^(2^k)` form GF(2^(2^k)), whose multiplicative group has order `2^(2^k) − 1`.
//!
//! ```
//! use nimsite_core::nimber::{inv, mul, order, sqrt};
//! assert_eq!(mul(21508, 42689), 35202);
//! assert_eq!(inv(2), Ok(3));
//! assert_eq!(sqrt(3), 2);
//! assert_eq!(order(4), Ok(15));
//! ```

use std::fmt;
use std::sync::OnceLock;

use super::mul64::Mul64;
use super::portable::width_of;

/// An arithmetic operation that has no value in the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArithError {
    /// Zero has no multiplicative inverse.
    InverseOfZero,
    /// Zero has no multiplicative order.
    OrderOfZero,
    /// The operand is beyond what the operation supports (such as a definition-based
    /// route limited to values below 256).
    OutOfRange,
}

impl fmt::Display for ArithError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArithError::InverseOfZero => write!(f, "0 has no inverse"),
            ArithError::OrderOfZero => write!(f, "0 has no multiplicative order"),
            ArithError::OutOfRange => write!(f, "operand out of range"),
        }
    }
}

impl std::error::Error for ArithError {}

/// Returns the nim-sum `a ⊕ b`, which is bitwise XOR.
pub fn add(a: u128, b: u128) -> u128 {
    a ^ b
}

/// Returns the nim-product `a ⊗ b`, using the fastest u64 product this CPU offers.
pub fn mul(a: u128, b: u128) -> u128 {
    let (a1, a0) = ((a >> 64) as u64, a as u64);
    let (b1, b0) = ((b >> 64) as u64, b as u64);
    if a1 == 0 && b1 == 0 {
        return u128::from(mul64(a0, b0));
    }
    let m = Mul64::detect();
    let low = m.mul(a0, b0);
    if a1 == 0 || b1 == 0 {
        // F ⊗ x = F·x for x < F: only the cross term lands in the high half.
        let high = m.mul(a0, b1) ^ m.mul(a1, b0);
        return (u128::from(high) << 64) | u128::from(low);
    }
    let top = m.mul(a1, b1);
    let mid = m.mul(a0 ^ a1, b0 ^ b1);
    let high = mid ^ low;
    let low = low ^ m.mul(top, 1 << 63);
    (u128::from(high) << 64) | u128::from(low)
}

/// Returns the nim-product of two nimbers below 2^64, using the fastest path this CPU offers.
pub fn mul64(a: u64, b: u64) -> u64 {
    Mul64::detect().mul(a, b)
}

/// Returns `a` raised to the ordinary non-negative integer power `e`, by squaring.
pub(crate) fn pow_u(a: u128, e: u128) -> u128 {
    pow_by(a, e, mul)
}

/// Returns `a^e` by squaring under `product`, so a check can run with another product.
///
/// ```
/// use nimsite_core::nimber::{mul, pow_by};
/// assert_eq!(pow_by(2, 3, mul), 1);
/// assert_eq!(pow_by(2, 3, |a, b| a * b), 8);
/// ```
pub fn pow_by(a: u128, mut e: u128, product: impl Fn(u128, u128) -> u128) -> u128 {
    let (mut base, mut acc) = (a, 1u128);
    while e != 0 {
        if e & 1 == 1 {
            acc = product(acc, base);
        }
        base = product(base, base);
        e >>= 1;
    }
    acc
}

/// Returns `a^e`; a negative exponent is a power of the inverse, and `0^0 = 1`.
pub fn pow(a: u128, e: i128) -> Result<u128, ArithError> {
    if e >= 0 {
        Ok(pow_u(a, e.unsigned_abs()))
    } else {
        Ok(pow_u(inv(a)?, e.unsigned_abs()))
    }
}

/// Returns the number of bits `m` of the smallest subfield GF(2^m), `m = 2^k`, holding `a`.
fn field_bits(a: u128) -> u32 {
    width_of(a)
}

/// Returns the multiplicative inverse of `a`, as `a^(q−2)` in its smallest subfield of
/// order `q`.
pub fn inv(a: u128) -> Result<u128, ArithError> {
    if a == 0 {
        return Err(ArithError::InverseOfZero);
    }
    let m = field_bits(a);
    let q_minus_1 = if m == 128 {
        u128::MAX
    } else {
        (1u128 << m) - 1
    };
    Ok(pow_u(a, q_minus_1 - 1))
}

/// Returns the unique square root of `a`: squaring is a bijection (the Frobenius map), so
/// in GF(2^m) the root is `a` squared `m − 1` times.
pub fn sqrt(a: u128) -> u128 {
    let m = field_bits(a);
    let mut r = a;
    for _ in 1..m {
        r = mul(r, r);
    }
    r
}

/// Returns the multiplicative order of a nonzero `a`: the least `n ≥ 1` with `a^n = 1`.
pub fn order(a: u128) -> Result<u128, ArithError> {
    if a == 0 {
        return Err(ArithError::OrderOfZero);
    }
    let m = field_bits(a);
    let mut n = if m == 128 {
        u128::MAX
    } else {
        (1u128 << m) - 1
    };
    for &p in group_primes() {
        while n.is_multiple_of(p) && pow_u(a, n / p) == 1 {
            n /= p;
        }
    }
    Ok(n)
}

/// Returns the prime factors of 2^128 − 1, found once by trial division of the Fermat
/// numbers `2^(2^i) + 1` (whose product it is), in increasing order.
pub(super) fn group_primes() -> &'static [u128] {
    static PRIMES: OnceLock<Vec<u128>> = OnceLock::new();
    PRIMES.get_or_init(|| {
        let mut primes = Vec::new();
        for i in 0..7 {
            let mut f: u128 = (1u128 << (1u32 << i)) + 1;
            let mut d: u128 = 3;
            // Fermat numbers are odd; once the cofactor fits in a u64, divide in u64.
            while d * d <= f && f > u128::from(u64::MAX) {
                if f.is_multiple_of(d) {
                    primes.push(d);
                    f /= d;
                } else {
                    d += 2;
                }
            }
            let (mut f, mut d) = (f as u64, d as u64);
            while d * d <= f {
                if f.is_multiple_of(d) {
                    primes.push(u128::from(d));
                    f /= d;
                } else {
                    d += 2;
                }
            }
            primes.push(u128::from(f));
        }
        primes.sort_unstable();
        primes.dedup();
        primes
    })
}

/// Returns the minimum excludant: the least value not among `values`.
pub fn mex(values: impl IntoIterator<Item = u128>) -> u128 {
    let mut v: Vec<u128> = values.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    let mut m = 0;
    for x in v {
        if x != m {
            break;
        }
        m += 1;
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::{mul_counted, mul64_portable};
    use nimber::FiniteNimber;
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng, rngs::StdRng};

    /// Multiplies with the independently written `nimber` crate.
    fn oracle(a: u128, b: u128) -> u128 {
        let words = |x: u128| FiniteNimber::from(vec![x as u64, (x >> 64) as u64]);
        let p = words(a) * words(b);
        let s = p.as_slice();
        let w = |i: usize| u128::from(s.get(i).copied().unwrap_or(0));
        w(0) | w(1) << 64
    }

    #[test]
    fn known_values() {
        assert_eq!(mul(1 << 63, 1 << 63), 16017865340936038689);
        let m = u128::from(u64::MAX);
        assert_eq!(mul(m, m), 11290409524105353207);
        assert_eq!(mul(3141, 5926), 14994);
        assert_eq!(mul(21508, 42689), 35202);
        assert_eq!(mul64(1 << 63, 1 << 63), 16017865340936038689);
        assert_eq!(mul64_portable(u64::MAX, u64::MAX), 11290409524105353207);
    }

    #[test]
    fn agrees_with_the_nimber_crate_on_random_u64_pairs() {
        let mut rng = StdRng::seed_from_u64(2);
        for _ in 0..100_000 {
            let (a, b): (u64, u64) = (rng.random(), rng.random());
            assert_eq!(
                u128::from(mul64(a, b)),
                oracle(a.into(), b.into()),
                "{a} ⊗ {b}"
            );
        }
    }

    #[test]
    fn agrees_with_the_nimber_crate_on_random_u128_pairs() {
        let mut rng = StdRng::seed_from_u64(3);
        for i in 0..10_000 {
            let (a, mut b): (u128, u128) = (rng.random(), rng.random());
            if i % 4 == 0 {
                b >>= 64;
            }
            assert_eq!(mul(a, b), oracle(a, b), "{a} ⊗ {b}");
        }
    }

    #[test]
    fn counted_recursion_agrees_with_the_fast_product() {
        let mut rng = StdRng::seed_from_u64(4);
        for _ in 0..200 {
            let (a, b): (u128, u128) = (rng.random(), rng.random());
            assert_eq!(mul_counted(a, b).0, mul(a, b));
        }
    }

    #[test]
    fn inverse_of_zero_and_order_of_zero_are_errors() {
        assert_eq!(inv(0), Err(ArithError::InverseOfZero));
        assert_eq!(pow(0, -1), Err(ArithError::InverseOfZero));
        assert_eq!(order(0), Err(ArithError::OrderOfZero));
        assert_eq!(ArithError::InverseOfZero.to_string(), "0 has no inverse");
        assert_eq!(pow(0, 0), Ok(1));
    }

    #[test]
    fn orders_divide_the_group_order_and_are_least() {
        assert_eq!(order(1), Ok(1));
        assert_eq!(order(2), Ok(3));
        for a in [4u128, 7, 200, 1 << 20, 1 << 40, u128::MAX, 1 << 127] {
            let n = order(a).expect("nonzero");
            assert_eq!(pow_u(a, n), 1);
            for &p in group_primes() {
                if n.is_multiple_of(p) {
                    assert_ne!(pow_u(a, n / p), 1, "order of {a} is not least");
                }
            }
        }
    }

    #[test]
    fn group_primes_multiply_to_the_group_order() {
        let product = group_primes()
            .iter()
            .fold(1u128, |acc, &p| acc.wrapping_mul(p));
        assert_eq!(product, u128::MAX);
        assert_eq!(group_primes().len(), 9);
    }

    #[test]
    fn mex_finds_the_least_missing_value() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([2, 0, 1, 1, 5]), 3);
    }

    proptest! {
        #[test]
        fn prop_mul_commutative(a: u128, b: u128) {
            prop_assert_eq!(mul(a, b), mul(b, a));
        }

        #[test]
        fn prop_mul_associative(a: u128, b: u128, c: u128) {
            prop_assert_eq!(mul(mul(a, b), c), mul(a, mul(b, c)));
        }

        #[test]
        fn prop_mul_distributive(a: u128, b: u128, c: u128) {
            prop_assert_eq!(mul(a, add(b, c)), add(mul(a, b), mul(a, c)));
        }

        #[test]
        fn prop_mul64_associative(a: u64, b: u64, c: u64) {
            prop_assert_eq!(mul64(mul64(a, b), c), mul64(a, mul64(b, c)));
        }

        #[test]
        fn prop_mul64_portable_matches_fast(a: u64, b: u64) {
            prop_assert_eq!(mul64_portable(a, b), mul64(a, b));
        }

        #[test]
        fn prop_inverse(a in 1u128..) {
            prop_assert_eq!(mul(a, inv(a).expect("nonzero")), 1);
        }

        #[test]
        fn prop_sqrt_squares_back(a: u128) {
            let r = sqrt(a);
            prop_assert_eq!(mul(r, r), a);
        }

        #[test]
        fn prop_pow_adds_exponents(a in 1u128.., e in -50i128..50, f in -50i128..50) {
            let lhs = pow(a, e + f).expect("nonzero");
            let rhs = mul(pow(a, e).expect("nonzero"), pow(a, f).expect("nonzero"));
            prop_assert_eq!(lhs, rhs);
        }

        #[test]
        fn prop_mul64_laws(a: u64, b: u64, c: u64) {
            prop_assert_eq!(mul64(a, b ^ c), mul64(a, b) ^ mul64(a, c));
            prop_assert_eq!(mul64(a, 1), a);
        }
    }
}
