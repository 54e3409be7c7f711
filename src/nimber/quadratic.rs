//! Quadratic closure on small fields: every quadratic has a root one field up.
//!
//! The nimbers are the quadratic closure of F₂: each field below `F` is extended by the
//! roots of `x² ⊕ x = a`. Two finite instances are checked here for a given product:
//!
//! - every monic quadratic `x² ⊕ b·x ⊕ c` with `b, c < 16` (all 256 of them) has a root
//!   below 256, found by trying every `x < 256`;
//! - for each field size `F` in 4, 16, 256, 65536, the least `a` for which `x² ⊕ x = a`
//!   has no solution `x < F` is `F/2`, found from the image of `x ↦ x² ⊕ x` on `x < F`.
//!
//! ```
//! use nimsite_core::nimber::{check_quadratics, mul};
//! let r = check_quadratics(mul);
//! assert_eq!((r.quadratics, r.with_root, r.mismatch), (256, 256, None));
//! assert_eq!(r.least_unsolvable, vec![(4, 2), (16, 8), (256, 128), (65536, 32768)]);
//! ```

/// Field sizes whose least unsolvable `x² ⊕ x = a` is checked.
pub const QUADRATIC_FIELDS: [u128; 4] = [4, 16, 256, 65536];

/// What the quadratic checks found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuadraticReport {
    /// Monic quadratics tried: 256 over the field below 16.
    pub quadratics: u64,
    /// How many of them have a root below the square of the coefficient field.
    pub with_root: u64,
    /// The first `(b, c)` whose quadratic has no such root.
    pub rootless: Option<(u128, u128)>,
    /// For each field size `F`, the least `a` with no `x < F` solving `x² ⊕ x = a`.
    pub least_unsolvable: Vec<(u128, u128)>,
    /// The first `(F, least)` where the least unsolvable `a` is not `F/2`.
    pub mismatch: Option<(u128, u128)>,
}

/// Runs both quadratic checks with `product`: coefficients below 16, and the fields of
/// [`QUADRATIC_FIELDS`].
pub fn check_quadratics(product: impl Fn(u128, u128) -> u128) -> QuadraticReport {
    check_quadratics_with(16, &QUADRATIC_FIELDS, product)
}

/// The largest coefficient field [`check_quadratics_with`] tries every quadratic over:
/// 256 quadratics, each at 256 values.
pub const QUADRATIC_COEFFICIENTS_MAX: u128 = 16;

/// Runs both checks with `product`: every monic quadratic with coefficients below
/// `coefficients` (at most [`QUADRATIC_COEFFICIENTS_MAX`]) is tried at every value below
/// its square, and the least unsolvable `x² ⊕ x = a` is found below each of `fields`
/// (each at most 65536).
pub fn check_quadratics_with(
    coefficients: u128,
    fields: &[u128],
    product: impl Fn(u128, u128) -> u128,
) -> QuadraticReport {
    let k = coefficients.min(QUADRATIC_COEFFICIENTS_MAX);
    let roots = k * k;
    let squares: Vec<u128> = (0..roots).map(|x| product(x, x)).collect();
    let mut with_root = 0;
    let mut rootless = None;
    for b in 0..k {
        let bx: Vec<u128> = (0..roots).map(|x| product(b, x)).collect();
        for c in 0..k {
            if (0..roots as usize).any(|x| squares[x] ^ bx[x] ^ c == 0) {
                with_root += 1;
            } else if rootless.is_none() {
                rootless = Some((b, c));
            }
        }
    }
    let least_unsolvable: Vec<(u128, u128)> = fields
        .iter()
        .filter(|&&f| f <= 65536)
        .map(|&f| (f, least_unsolvable(f, &product)))
        .collect();
    let mismatch = least_unsolvable.iter().copied().find(|&(f, a)| a != f / 2);
    QuadraticReport {
        quadratics: (k * k) as u64,
        with_root,
        rootless,
        least_unsolvable,
        mismatch,
    }
}

/// Returns the least `a` (up to `f`) not of the form `x² ⊕ x` with `x < f`.
fn least_unsolvable(f: u128, product: &impl Fn(u128, u128) -> u128) -> u128 {
    let mut hit = vec![false; f as usize];
    for x in 0..f {
        let v = product(x, x) ^ x;
        if let Some(slot) = hit.get_mut(v as usize) {
            *slot = true;
        }
    }
    hit.iter().position(|&h| !h).map_or(f, |a| a as u128)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mul;

    #[test]
    fn every_quadratic_over_16_has_a_root_below_256() {
        let r = check_quadratics(mul);
        assert_eq!((r.with_root, r.rootless), (256, None));
        assert_eq!(r.mismatch, None);
    }

    #[test]
    fn smaller_coefficient_fields_and_fewer_sizes() {
        let r = check_quadratics_with(4, &[4, 16], mul);
        assert_eq!((r.quadratics, r.with_root, r.rootless), (16, 16, None));
        assert_eq!(r.least_unsolvable, vec![(4, 2), (16, 8)]);
        let r = check_quadratics_with(1000, &[1 << 20], mul);
        assert_eq!((r.quadratics, r.least_unsolvable), (256, vec![]));
    }

    #[test]
    fn a_broken_product_breaks_the_quadratic_checks() {
        // Ordinary multiplication: x² + x is even, so 1 is never reached, and x² = 2
        // has no root.
        let r = check_quadratics(|a, b| a.wrapping_mul(b));
        assert_eq!(r.mismatch, Some((4, 1)));
        assert_eq!(r.rootless, Some((0, 2)));
        // The product with 2 ⊗ 2 changed to 0: then 2² ⊕ 2 = 2 is reached below 4.
        let r = check_quadratics(|a, b| if (a, b) == (2, 2) { 0 } else { mul(a, b) });
        assert_eq!(r.mismatch, Some((4, 3)));
    }
}
