//! Minimal polynomials over F₂ and primitive elements.
//!
//! An element `a` of GF(2^m) is a root of a least polynomial with coefficients 0 and 1:
//! the product of `x ⊕ c` over the distinct conjugates `c = a, a², a⁴, …`. It is primitive
//! in the field when its powers run through every nonzero element, that is when its
//! order is `2^m − 1`. Both take the product as a parameter, so a test can pass a broken
//! one and see the claim fail.
//!
//! ```
//! use nimsite_core::nimber::{is_primitive, minimal_polynomial, mul};
//! let p = minimal_polynomial(4, mul)?;
//! assert_eq!(p.to_string(), "x^4 + x + 1");
//! assert_eq!(is_primitive(4, 4, mul), Ok(true));
//! assert_eq!(is_primitive(2, 4, mul), Ok(false)); // 2 has order 3
//! # Ok::<(), nimsite_core::nimber::PolyError>(())
//! ```

use std::fmt;

use super::arith::{group_primes, pow_by};
use super::portable::width_of;

/// A monic polynomial over F₂: `x^degree` plus the terms whose bits are set below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinimalPolynomial {
    /// The degree, at most 128.
    pub degree: u32,
    /// Bit `i` is the coefficient of `x^i`, for `i < degree`.
    pub lower: u128,
}

impl fmt::Display for MinimalPolynomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let term = |i: u32| match i {
            0 => "1".to_string(),
            1 => "x".to_string(),
            _ => format!("x^{i}"),
        };
        let mut terms = vec![term(self.degree)];
        terms.extend(
            (0..self.degree.min(128))
                .rev()
                .filter(|&i| self.lower >> i & 1 == 1)
                .map(term),
        );
        f.write_str(&terms.join(" + "))
    }
}

/// Why a minimal polynomial or an order could not be found with the given product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PolyError {
    /// Squaring did not return to `a` within 128 steps, as it must in GF(2^128).
    NoCycle {
        /// The element.
        a: u128,
    },
    /// A coefficient of the product over the conjugates is neither 0 nor 1.
    NotOverF2 {
        /// The power of `x` whose coefficient it is.
        power: u32,
        /// The coefficient.
        value: u128,
    },
    /// The element is not below `2^bits`, or `bits` is not a power of two up to 128.
    OutOfRange,
}

impl fmt::Display for PolyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolyError::NoCycle { a } => write!(f, "squaring {a} never returns to it"),
            PolyError::NotOverF2 { power, value } => {
                write!(f, "the coefficient of x^{power} is {value}, not 0 or 1")
            }
            PolyError::OutOfRange => write!(f, "element or field size out of range"),
        }
    }
}

impl std::error::Error for PolyError {}

/// Returns the minimal polynomial of `a` over F₂ under `product`: the product of `x ⊕ c`
/// over the distinct conjugates `c = a^(2^i)`, checked to have coefficients 0 and 1.
pub fn minimal_polynomial(
    a: u128,
    product: impl Fn(u128, u128) -> u128,
) -> Result<MinimalPolynomial, PolyError> {
    let mut conjugates = vec![a];
    let mut c = product(a, a);
    while c != a {
        if conjugates.len() >= 128 {
            return Err(PolyError::NoCycle { a });
        }
        conjugates.push(c);
        c = product(c, c);
    }
    // coefficients[i] is the coefficient of x^i, the leading 1 included.
    let mut coefficients = vec![1u128];
    for &c in &conjugates {
        let mut next = vec![0u128; coefficients.len() + 1];
        for (i, &k) in coefficients.iter().enumerate() {
            next[i + 1] ^= k;
            next[i] ^= product(c, k);
        }
        coefficients = next;
    }
    let degree = conjugates.len() as u32;
    let mut lower = 0u128;
    for (i, &k) in coefficients.iter().enumerate().take(degree as usize) {
        match k {
            0 => {}
            1 => lower |= 1 << i,
            value => {
                let power = i as u32;
                return Err(PolyError::NotOverF2 { power, value });
            }
        }
    }
    Ok(MinimalPolynomial { degree, lower })
}

/// Returns whether `a` is primitive in the field below `2^bits` under `product`: whether
/// `a^(2^bits − 1) = 1` and `a^((2^bits − 1)/p) ≠ 1` for every prime `p` dividing it.
pub fn is_primitive(
    a: u128,
    bits: u32,
    product: impl Fn(u128, u128) -> u128,
) -> Result<bool, PolyError> {
    let sizes_ok = bits.is_power_of_two() && bits <= 128 && width_of(a) <= bits;
    if !sizes_ok {
        return Err(PolyError::OutOfRange);
    }
    let group = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    let power = |e: u128| pow_by(a, e, &product);
    if a == 0 || power(group) != 1 {
        return Ok(false);
    }
    let maximal = group_primes()
        .iter()
        .filter(|&&p| group.is_multiple_of(p))
        .all(|&p| power(group / p) != 1);
    Ok(maximal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::{mul, order};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn prop_minimal_polynomial_vanishes_at_its_root(a: u128) {
            let p = minimal_polynomial(a, mul).expect("a field");
            let value = (0..p.degree)
                .rev()
                .fold(1u128, |v, i| mul(v, a) ^ (p.lower >> i & 1));
            prop_assert_eq!(value, 0);
            prop_assert_eq!(p.degree, width_of(a));
        }

        #[test]
        fn prop_primitive_means_full_order(a in 1u128..65536) {
            let full = order(a) == Ok(65535);
            prop_assert_eq!(is_primitive(a, 16, mul), Ok(full));
        }
    }

    #[test]
    fn small_minimal_polynomials() {
        let text = |a| minimal_polynomial(a, mul).map(|p| p.to_string());
        assert_eq!(text(0), Ok("x".into()));
        assert_eq!(text(1), Ok("x + 1".into()));
        assert_eq!(text(2), Ok("x^2 + x + 1".into()));
        assert_eq!(text(4), Ok("x^4 + x + 1".into()));
        assert_eq!(minimal_polynomial(1 << 100, mul).map(|p| p.degree), Ok(128));
    }

    #[test]
    fn the_minimal_polynomial_vanishes_at_its_element() {
        for a in [3u128, 7, 200, 1000, 1 << 40, u128::MAX] {
            let p = minimal_polynomial(a, mul).expect("a field");
            // Horner's rule from the leading 1 down to the constant term.
            let value = (0..p.degree)
                .rev()
                .fold(1u128, |v, i| mul(v, a) ^ (p.lower >> i & 1));
            assert_eq!(value, 0, "{a}");
            assert_eq!(p.degree, width_of(a));
        }
    }

    #[test]
    fn primitive_elements_have_the_full_order() {
        assert_eq!(order(2), Ok(3));
        assert_eq!(is_primitive(2, 2, mul), Ok(true));
        assert_eq!(is_primitive(4, 4, mul), Ok(true));
        assert_eq!(is_primitive(2, 4, mul), Ok(false));
        let primitive_16 = (1..16u128)
            .filter(|&a| is_primitive(a, 4, mul) == Ok(true))
            .count();
        assert_eq!(primitive_16, 8); // φ(15)
        for a in 1..256u128 {
            let full = order(a) == Ok(255);
            assert_eq!(is_primitive(a, 8, mul), Ok(full), "{a}");
        }
        assert_eq!(is_primitive(16, 4, mul), Err(PolyError::OutOfRange));
        assert_eq!(is_primitive(1, 3, mul), Err(PolyError::OutOfRange));
        assert_eq!(is_primitive(0, 8, mul), Ok(false));
    }

    #[test]
    fn a_broken_product_is_caught() {
        let ordinary = |a: u128, b: u128| a.wrapping_mul(b);
        assert_eq!(
            minimal_polynomial(2, ordinary),
            Err(PolyError::NoCycle { a: 2 })
        );
        assert_eq!(is_primitive(4, 4, ordinary), Ok(false));
        // Squares right, cross terms wrong: the conjugates cycle but the product is off.
        let skewed = |a: u128, b: u128| if a == b { mul(a, b) } else { mul(a, b) ^ 1 };
        assert!(matches!(
            minimal_polynomial(4, skewed),
            Err(PolyError::NotOverF2 { .. })
        ));
    }
}
