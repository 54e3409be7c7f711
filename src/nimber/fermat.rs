//! The Fermat 2-power rules, checked for every Fermat 2-power below 2^128.
//!
//! A Fermat 2-power is `F = 2^(2^r)`: 2, 4, 16, 256, 65536, 2^32 and 2^64 below 2^128.
//! Conway's rules, from which the fast product is built:
//!
//! 1. `F ⊗ x = F·x` for every `x < F` (checked for every `x` when `F ≤ 65536`);
//! 2. `F ⊗ F = 3F/2`, that is `F ⊕ F/2` (checked for all seven);
//! 3. distinct Fermat 2-powers multiply as integers (checked for all 21 pairs).
//!
//! ```
//! use nimsite_core::nimber::{check_fermat_rules, mul};
//! let r = check_fermat_rules(mul);
//! assert_eq!((r.squares, r.distinct_pairs, r.shifts), (7, 21, 65_814));
//! assert_eq!(r.failure, None);
//! ```

/// The Fermat 2-powers below 2^128.
pub const FERMAT_POWERS: [u128; 7] = [2, 4, 16, 256, 65536, 1 << 32, 1 << 64];

/// The largest Fermat 2-power whose rule 1 is checked for every `x < F`.
pub const FERMAT_SHIFT_MAX: u128 = 65536;

/// What checking the rules found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FermatReport {
    /// Fermat 2-powers whose square was checked (rule 2).
    pub squares: u64,
    /// Pairs of distinct Fermat 2-powers checked (rule 3).
    pub distinct_pairs: u64,
    /// Pairs `(F, x)` with `x < F ≤ 65536` checked (rule 1).
    pub shifts: u64,
    /// The first rule that fails, if any, in the order 2, 3, 1.
    pub failure: Option<FermatFailure>,
    /// Each rule's first failure: rule `r` at index `r − 1`.
    pub failures: [Option<FermatFailure>; 3],
}

/// A Fermat rule failing, with the computed value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FermatFailure {
    /// Rule 1: `f ⊗ x = value`, not `f·x`.
    Shift {
        /// The Fermat 2-power.
        f: u128,
        /// The smaller factor.
        x: u128,
        /// `f ⊗ x`.
        value: u128,
    },
    /// Rule 2: `f ⊗ f = value`, not `3f/2`.
    Square {
        /// The Fermat 2-power.
        f: u128,
        /// `f ⊗ f`.
        value: u128,
    },
    /// Rule 3: `f ⊗ g = value`, not `f·g`.
    Distinct {
        /// One Fermat 2-power.
        f: u128,
        /// Another.
        g: u128,
        /// `f ⊗ g`.
        value: u128,
    },
}

/// Checks the three rules with `product`, rule 1 for every `x` when `F ≤ 65536`.
pub fn check_fermat_rules(product: impl Fn(u128, u128) -> u128) -> FermatReport {
    check_fermat_rules_upto(FERMAT_SHIFT_MAX, product)
}

/// Checks the three rules with `product`, rule 1 for every `x < F` when `F ≤ shift_max`
/// (at most [`FERMAT_SHIFT_MAX`]). Each rule runs on its own; its count covers what it
/// checked before its first failure.
pub fn check_fermat_rules_upto(
    shift_max: u128,
    product: impl Fn(u128, u128) -> u128,
) -> FermatReport {
    let mut r = FermatReport {
        squares: 0,
        distinct_pairs: 0,
        shifts: 0,
        failure: None,
        failures: [None; 3],
    };
    let square = squares(&product, &mut r.squares).err();
    let distinct = distinct(&product, &mut r.distinct_pairs).err();
    let shift = shifts(&product, shift_max.min(FERMAT_SHIFT_MAX), &mut r.shifts).err();
    r.failures = [shift, square, distinct];
    r.failure = square.or(distinct).or(shift);
    r
}

/// Rule 2 on every Fermat 2-power, counting as it goes.
fn squares(product: &impl Fn(u128, u128) -> u128, count: &mut u64) -> Result<(), FermatFailure> {
    for f in FERMAT_POWERS {
        let value = product(f, f);
        if value != f + f / 2 {
            return Err(FermatFailure::Square { f, value });
        }
        *count += 1;
    }
    Ok(())
}

/// Rule 3 on every pair of distinct Fermat 2-powers, counting as it goes.
fn distinct(product: &impl Fn(u128, u128) -> u128, count: &mut u64) -> Result<(), FermatFailure> {
    for (i, &f) in FERMAT_POWERS.iter().enumerate() {
        for &g in &FERMAT_POWERS[i + 1..] {
            let value = product(f, g);
            if value != f * g {
                return Err(FermatFailure::Distinct { f, g, value });
            }
            *count += 1;
        }
    }
    Ok(())
}

/// Rule 1 for every `x < F` with `F ≤ max`, counting as it goes.
fn shifts(
    product: &impl Fn(u128, u128) -> u128,
    max: u128,
    count: &mut u64,
) -> Result<(), FermatFailure> {
    for f in FERMAT_POWERS.into_iter().filter(|&f| f <= max) {
        for x in 0..f {
            let value = product(f, x);
            if value != f * x {
                return Err(FermatFailure::Shift { f, x, value });
            }
            *count += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mul;

    #[test]
    fn the_rules_hold_for_every_fermat_power_below_2_128() {
        let r = check_fermat_rules(mul);
        assert_eq!(r.failure, None);
        assert_eq!((r.squares, r.distinct_pairs), (7, 21));
        assert_eq!(r.shifts, 2 + 4 + 16 + 256 + 65536);
    }

    #[test]
    fn each_rule_is_checked_on_its_own() {
        // Ordinary multiplication breaks rule 2 everywhere and rule 3 nowhere.
        let r = check_fermat_rules(|a, b| a.wrapping_mul(b));
        assert_eq!(
            r.failures[1],
            Some(FermatFailure::Square { f: 2, value: 4 })
        );
        assert_eq!((r.failures[2], r.distinct_pairs), (None, 21));
        let r = check_fermat_rules_upto(16, mul);
        assert_eq!((r.shifts, r.failure), (2 + 4 + 16, None));
    }

    #[test]
    fn each_rule_fails_on_a_broken_product() {
        let r = check_fermat_rules(|a, b| a.wrapping_mul(b));
        assert_eq!(r.failure, Some(FermatFailure::Square { f: 2, value: 4 }));
        let r = check_fermat_rules(|a, b| if a == 4 && b == 256 { 0 } else { mul(a, b) });
        let distinct = FermatFailure::Distinct {
            f: 4,
            g: 256,
            value: 0,
        };
        assert_eq!(
            (r.failure, r.squares, r.distinct_pairs),
            (Some(distinct), 7, 7)
        );
        let r = check_fermat_rules(|a, b| mul(a, b) ^ u128::from(a == 65536 && b == 999));
        let f = r.failure.expect("rule 1 fails");
        assert!(matches!(
            f,
            FermatFailure::Shift {
                f: 65536,
                x: 999,
                ..
            }
        ));
    }
}
