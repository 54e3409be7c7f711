//! A budget of work that operations of the core draw on, so a caller can bound a
//! computation by what it costs rather than by how many operations it asks for.
//!
//! One step is about the time of one nim-product of machine words. The finite operations
//! whose time grows with their operand (inverses, roots, orders and powers) cost the steps
//! [`finite_steps`] gives, measured for each width of field. The ordinal operations charge
//! by the size of their operands (a product term by term) or of their field (powers,
//! inverses, roots and degrees), before the work they charge for, so a computation stops at
//! the first operation that would pass the budget. Charges depend only on the operands,
//! never on what a cache happens to hold, so the same computation always stops at the same
//! place.
//!
//! ```
//! use nimsite_core::nimber::Meter;
//! use nimsite_core::nimber::ordinal::{OrdinalArith, OrdinalError};
//! let ctx = OrdinalArith::cited()?;
//! let x = "w**(w**3) + w**(w**2) + w**w + w + 1".parse()?;
//! let meter = Meter::new(1_000);
//! assert_eq!(ctx.inv_within(&x, &meter), Err(OrdinalError::TooMuchWork { limit: 1_000 }));
//! assert!(meter.exhausted());
//! let meter = Meter::new(1 << 27);
//! let inverse = ctx.inv_within(&x, &meter)?;
//! assert!(meter.spent() > 1_000 && inverse.terms().len() > 1_000);
//! # Ok::<(), OrdinalError>(())
//! ```

use std::cell::Cell;

use std::fmt;

/// A charge that would have passed a meter's budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget {
    /// The budget, in steps.
    pub limit: u64,
}

impl fmt::Display for OverBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the work would pass its budget of {} steps", self.limit)
    }
}

impl std::error::Error for OverBudget {}

/// A budget of steps, and how many of them the operations have drawn so far.
#[derive(Debug)]
pub struct Meter {
    limit: u64,
    spent: Cell<u64>,
    /// The first charge refused, if any.
    refused: Cell<Option<u64>>,
}

impl Meter {
    /// Returns a meter that allows `limit` steps.
    pub fn new(limit: u64) -> Meter {
        Meter {
            limit,
            spent: Cell::new(0),
            refused: Cell::new(None),
        }
    }

    /// Returns a meter with no limit, for computations bounded in some other way.
    pub fn unlimited() -> Meter {
        Meter::new(u64::MAX)
    }

    /// Returns the steps drawn so far.
    #[inline]
    pub fn spent(&self) -> u64 {
        self.spent.get()
    }

    /// Returns the budget.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Returns the steps still allowed.
    #[inline]
    pub fn left(&self) -> u64 {
        self.limit - self.spent.get()
    }

    /// Returns whether a charge was refused: the computation it was for did not finish.
    #[inline]
    pub fn exhausted(&self) -> bool {
        self.refused.get().is_some()
    }

    /// Returns the steps drawn, and those of the first charge refused: at least what the
    /// computation would have needed to reach the point where it stopped.
    pub fn wanted(&self) -> u64 {
        self.spent().saturating_add(self.refused.get().unwrap_or(0))
    }

    /// Draws `steps`, or fails without drawing if they would pass the budget.
    #[inline]
    pub fn charge(&self, steps: u64) -> Result<(), OverBudget> {
        if steps > self.left() {
            if self.refused.get().is_none() {
                self.refused.set(Some(steps));
            }
            return Err(OverBudget { limit: self.limit });
        }
        self.spent.set(self.spent.get() + steps);
        Ok(())
    }
}

/// A finite operation whose time grows with the width of its operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Costly {
    /// The inverse x⁻¹.
    Inv,
    /// The square root.
    Sqrt,
    /// The multiplicative order.
    Order,
    /// The power x^e, for an exponent of this magnitude (a negative one adds an inverse).
    Pow(u128),
}

/// Steps by the width of the field an operand lives in: 8 bits or fewer, 16, 32, 64, 128.
const INV_STEPS: [u64; 5] = [11, 28, 61, 100, 620];
const SQRT_STEPS: [u64; 5] = [7, 16, 36, 68, 430];
const ORDER_STEPS: [u64; 5] = [27, 73, 200, 525, 4350];
const POW_STEPS_PER_BIT: [u64; 5] = [2, 2, 2, 2, 4];

/// Returns the steps `op` on the finite nimber `x` costs, at least one.
pub fn finite_steps(op: Costly, x: u128) -> u64 {
    let bits = 128 - x.leading_zeros();
    let width = match bits {
        0..=8 => 0,
        9..=16 => 1,
        17..=32 => 2,
        33..=64 => 3,
        _ => 4,
    };
    match op {
        Costly::Inv => INV_STEPS[width],
        Costly::Sqrt => SQRT_STEPS[width],
        Costly::Order => ORDER_STEPS[width],
        Costly::Pow(e) => u64::from(129 - e.leading_zeros()) * POW_STEPS_PER_BIT[width],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_charge_past_the_budget_fails_and_draws_nothing() {
        let m = Meter::new(10);
        assert_eq!(m.charge(4), Ok(()));
        assert_eq!(m.charge(7), Err(OverBudget { limit: 10 }));
        assert_eq!((m.spent(), m.left(), m.wanted()), (4, 6, 11));
        assert!(m.exhausted());
        assert_eq!(m.charge(6), Ok(()));
        assert!(m.charge(1).is_err());
        assert_eq!(Meter::unlimited().charge(u64::MAX), Ok(()));
    }

    #[test]
    fn wider_operands_cost_more() {
        let widths = [3u128, 300, 1 << 20, 1 << 40, 1 << 100];
        for op in [Costly::Inv, Costly::Sqrt, Costly::Order] {
            let costs: Vec<u64> = widths.iter().map(|&x| finite_steps(op, x)).collect();
            assert!(costs.windows(2).all(|w| w[0] < w[1]), "{op:?}: {costs:?}");
        }
        let pow = |e, x| finite_steps(Costly::Pow(e), x);
        assert!(pow(3, 7) < pow(1 << 100, 7) && pow(1 << 100, 7) < pow(1 << 100, 1 << 100));
        assert!(pow(0, 0) >= 1);
    }
}
