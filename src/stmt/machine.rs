//! The interface the quantifier search runs a statement on, so the two machines (the
//! register code and the walker) and the search depend on it rather than on each other.

use std::fmt;

use super::error::ExprError;
use super::value::Value;
use crate::nimber::Meter;

/// What the search runs a statement's terms on: the `u128` register code of `compile`, or
/// the walker over [`Value`]s for statements that need the ordinal core.
pub(crate) trait Machine {
    /// A register: a variable's value, or an intermediate one.
    type Reg: Clone + From<u128> + fmt::Display;
    /// Why an evaluation stopped.
    type Fault;
    /// Returns a fresh register file, with every variable 0.
    fn registers(&self) -> Vec<Self::Reg>;
    /// Runs the code of stage `k`: what the `k`-th quantified variable moves, drawing on
    /// `meter` for its work; a refused charge is a fault, and leaves the meter exhausted.
    fn run_stage(&self, k: usize, regs: &mut [Self::Reg], meter: &Meter)
    -> Result<(), Self::Fault>;
    /// Runs everything, the variables already set.
    fn run(&self, regs: &mut [Self::Reg], meter: &Meter) -> Result<(), Self::Fault>;
    /// Returns whether every link holds, once the code has run.
    fn links_hold(&self, regs: &[Self::Reg]) -> bool;
    /// Returns the first link that fails, once the code has run.
    fn failing_link(&self, regs: &[Self::Reg]) -> Option<usize>;
    /// Returns the value of term `i`, once the code has run.
    fn term(&self, regs: &[Self::Reg], i: usize) -> Value;
    /// Returns the number of terms.
    fn term_count(&self) -> usize;
    /// Turns a fault into an error with its span.
    fn error(&self, f: Self::Fault) -> ExprError;
}
