//! Claims as data: what a directive asserts, checked against what was computed, and a
//! nearby wrong version of it that must fail, so `check --mutate` can prove the check
//! means something. Every directive states its claims with these types; none writes its
//! own perturbation.

use crate::stmt::Value;

/// A value a claim can state, with a nearby wrong value to show the check can fail.
pub trait Perturb: Clone + PartialEq {
    /// Returns a value close to this one but different from it.
    fn perturbed(&self) -> Self;
}

macro_rules! perturb_by_low_bit {
    ($($t:ty),*) => {$(
        impl Perturb for $t {
            fn perturbed(&self) -> Self {
                self ^ 1
            }
        }
    )*};
}
perturb_by_low_bit!(u16, u32, u64, u128, usize);

impl Perturb for bool {
    fn perturbed(&self) -> Self {
        !self
    }
}

impl<T: Perturb + Default> Perturb for Option<T> {
    fn perturbed(&self) -> Self {
        match self {
            Some(v) => Some(v.perturbed()),
            None => Some(T::default()),
        }
    }
}

impl<T: Perturb + Default> Perturb for Vec<T> {
    /// Perturbs the last entry, or adds one to an empty list.
    fn perturbed(&self) -> Self {
        let mut out = self.clone();
        match out.last_mut() {
            Some(last) => *last = last.perturbed(),
            None => out.push(T::default()),
        }
        out
    }
}

impl Perturb for Value {
    fn perturbed(&self) -> Self {
        Value::perturbed(self)
    }
}

/// The value an empty list of values gains when it is perturbed.
impl Default for Value {
    fn default() -> Self {
        Value::Nim(0)
    }
}

impl<A: Perturb, B: Perturb> Perturb for (A, B) {
    fn perturbed(&self) -> Self {
        (self.0.perturbed(), self.1.clone())
    }
}

/// Something a claim asserts: it holds or says what was computed instead, and it has a
/// perturbed copy that must not hold.
pub trait Claimed {
    /// Returns `Ok` if the claim holds, or what was computed instead.
    fn holds(&self) -> Result<(), String>;
    /// Returns whether a perturbed copy of the claim holds too, which makes it vacuous.
    fn perturbed_holds(&self) -> bool;
}

/// Says how a stated value and a computed one differ.
type Explain<T> = Box<dyn Fn(&T, &T) -> String>;

/// A claim that a stated value agrees with one computed by an independent route.
pub struct Agree<T> {
    /// The value the page states, or the first route's result.
    pub stated: T,
    /// The independent route's result.
    pub computed: T,
    explain: Explain<T>,
}

impl<T: Perturb> Agree<T> {
    /// Returns a claim that `stated` equals `computed`; `explain` says how they differ.
    pub fn new(stated: T, computed: T, explain: impl Fn(&T, &T) -> String + 'static) -> Self {
        Agree {
            stated,
            computed,
            explain: Box::new(explain),
        }
    }
}

impl<T: Perturb> Claimed for Agree<T> {
    fn holds(&self) -> Result<(), String> {
        if self.stated == self.computed {
            Ok(())
        } else {
            Err((self.explain)(&self.stated, &self.computed))
        }
    }

    fn perturbed_holds(&self) -> bool {
        self.stated.perturbed() == self.computed
    }
}

/// Says whether a computed value passes a check, or why not.
type Verdict<T> = Box<dyn Fn(&T) -> Result<(), String>>;

/// A claim that a computed value passes a check written as a function, such as a table
/// laid out by logarithm; perturbing the value must make the check fail.
pub struct Passes<T> {
    /// The value checked.
    pub value: T,
    verdict: Verdict<T>,
}

impl<T: Perturb> Passes<T> {
    /// Returns a claim that `verdict` accepts `value`.
    pub fn new(value: T, verdict: impl Fn(&T) -> Result<(), String> + 'static) -> Self {
        Passes {
            value,
            verdict: Box::new(verdict),
        }
    }
}

impl<T: Perturb> Claimed for Passes<T> {
    fn holds(&self) -> Result<(), String> {
        (self.verdict)(&self.value)
    }

    fn perturbed_holds(&self) -> bool {
        (self.verdict)(&self.value.perturbed()).is_ok()
    }
}

/// Returns the first index at which two lists differ, with both entries.
pub fn first_difference<'a, T: PartialEq>(
    a: &'a [T],
    b: &'a [T],
) -> Option<(usize, Option<&'a T>, Option<&'a T>)> {
    (0..a.len().max(b.len()))
        .map(|i| (i, a.get(i), b.get(i)))
        .find(|(_, x, y)| x != y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agreement_holds_and_its_perturbed_copy_does_not() {
        let claim = Agree::new(vec![1u32, 2, 3], vec![1, 2, 3], |_, _| "differs".into());
        assert_eq!(claim.holds(), Ok(()));
        assert!(!claim.perturbed_holds());
        let wrong = Agree::new(
            vec![1u32, 2, 4],
            vec![1, 2, 3],
            |a: &Vec<u32>, b: &Vec<u32>| format!("{:?}", first_difference(a, b)),
        );
        assert_eq!(wrong.holds(), Err("Some((2, Some(4), Some(3)))".into()));
    }

    #[test]
    fn perturbing_changes_every_kind_of_value() {
        assert_ne!(5u128.perturbed(), 5);
        assert!(!true.perturbed());
        assert_ne!(Some(0u32).perturbed(), Some(0));
        assert_ne!(None::<u32>.perturbed(), None);
        assert_ne!(Vec::<u32>::new().perturbed(), Vec::<u32>::new());
    }
}
