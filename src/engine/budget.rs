//! One budget of work per page: every heavy directive and every claim on a page draws on
//! it, so many computations each inside its own bound cannot add up to minutes together.
//!
//! Work is counted in the steps of the core's meter (a step is about one nim-product of
//! machine words). A directive draws an estimate before it runs, so a refusal comes at
//! once; a computation whose work is known only as it runs (a claim, a rule, an octal
//! game) runs on what is left and draws what it spent. Charges depend only on the page,
//! never on what another page or a cache computed first, so a page passes or fails the
//! same way in every build. Each directive's estimates sit beside it in the catalogue.

use std::collections::BTreeSet;

/// The steps of work one page may do in all: about fifteen seconds.
pub const PAGE_WORK: u64 = 1 << 30;

/// The steps a page has drawn, and the shared results it has paid for.
#[derive(Debug)]
pub struct Budget {
    limit: u64,
    spent: u64,
    /// Results computed once per build, each charged to the page once.
    paid: BTreeSet<String>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget::new(PAGE_WORK)
    }
}

impl Budget {
    /// Returns a budget of `limit` steps.
    pub fn new(limit: u64) -> Self {
        Budget {
            limit,
            spent: 0,
            paid: BTreeSet::new(),
        }
    }

    /// Returns the budget, in steps.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Returns the steps drawn so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Returns the steps still allowed.
    pub fn left(&self) -> u64 {
        self.limit - self.spent
    }

    /// Draws `steps`, or returns false, drawing nothing, if they would pass the budget.
    pub fn draw(&mut self, steps: u64) -> bool {
        if steps > self.left() {
            return false;
        }
        self.spent += steps;
        true
    }

    /// Returns whether the shared result `key` is still to be paid for on this page.
    pub fn unpaid(&self, key: &str) -> bool {
        !self.paid.contains(key)
    }

    /// Notes that the shared result `key` has been paid for.
    pub fn pay(&mut self, key: &str) {
        self.paid.insert(key.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_past_the_budget_fails_and_draws_nothing() {
        let mut b = Budget::new(10);
        assert!(b.draw(4));
        assert!(!b.draw(7));
        assert_eq!((b.spent(), b.left()), (4, 6));
        assert!(b.draw(6));
        assert!(!b.draw(1));
    }
}
