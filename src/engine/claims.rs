//! Claims as data: what a directive asserts, checked against what was computed, and a
//! nearby wrong version of it that must fail, so `check --mutate` can prove the check
//! means something. Every directive states its claims with these types; none writes its
//! own perturbation.

use std::fmt;

use std::ops::Range;

use super::{Args, Check, Cx, DirectiveError};
use crate::ledger::ClaimKind;
use crate::nimber::{FieldReport, Refusal};
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

/// The axiom names a `:reason:` may give, in the order the field checker tries them.
pub const REASONS: &[&str] = &[
    "one-is-not-zero",
    "closure",
    "commutativity",
    "associativity",
    "distributivity",
    "inverses",
];

/// What a page expects of a field check: a field, or a refusal, perhaps for one axiom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// The nimbers below the size form a field.
    Field,
    /// They do not; with an axiom name, that one fails first.
    Refusal(Option<&'static str>),
}

impl Expectation {
    /// Reads `:expect:` and `:reason:`, reporting a reason that does nothing; the span is
    /// the reason's when given, since that is what a wrong refusal contradicts.
    pub fn from_args(
        args: &Args,
        errors: &mut Vec<DirectiveError>,
    ) -> Option<(Expectation, Range<usize>)> {
        let reason = args
            .text("reason")
            .and_then(|r| REASONS.iter().copied().find(|x| *x == r));
        let refusal = args.text("expect") == Some("refusal");
        if args.get("reason").is_some() && !refusal {
            let why = if args.get("expect").is_some() {
                "it names the axiom of a refusal, and `:expect: field` expects none"
            } else {
                "it names the axiom of a refusal; add `:expect: refusal`"
            };
            errors.push(args.useless("reason", why));
        }
        args.get("expect")?;
        let span = args.span_of(if reason.is_some() { "reason" } else { "expect" });
        Some(if refusal {
            (Expectation::Refusal(reason), span)
        } else {
            (Expectation::Field, span)
        })
    }

    /// Returns the expectation a perturbed page would state: the other outcome, or a
    /// refusal for another reason.
    fn perturbed(&self, reasons: &[&'static str]) -> Expectation {
        match self {
            Expectation::Field => Expectation::Refusal(None),
            Expectation::Refusal(None) => Expectation::Field,
            Expectation::Refusal(Some(why)) => Expectation::Refusal(Some(
                reasons
                    .iter()
                    .copied()
                    .find(|r| r != why)
                    .unwrap_or("closure"),
            )),
        }
    }

    /// Returns whether an outcome meets the expectation, or what it was instead.
    fn met_by<R>(
        &self,
        outcome: &Result<R, Refusal>,
        field: impl Fn(&R) -> String,
    ) -> Result<(), String> {
        match (self, outcome) {
            (Expectation::Field, Ok(_)) => Ok(()),
            (Expectation::Field, Err(r)) => Err(format!("not a field: {r}")),
            (Expectation::Refusal(_), Ok(report)) => Err(format!("a field: {}", field(report))),
            (Expectation::Refusal(Some(why)), Err(r)) if *why != r.axiom.name() => {
                Err(format!("refused for another reason: {r}"))
            }
            (Expectation::Refusal(_), Err(_)) => Ok(()),
        }
    }
}

/// A claim that a field check comes out as the page expects.
pub struct Outcome<'a, R> {
    /// What the page expects.
    pub expected: Expectation,
    /// What the check gave.
    pub outcome: &'a Result<R, Refusal>,
    /// The axiom names a perturbed refusal may give instead.
    pub reasons: &'static [&'static str],
    /// Describes a passing check, for the message when a refusal was expected.
    pub describe: fn(&R) -> String,
}

impl<R> Claimed for Outcome<'_, R> {
    fn holds(&self) -> Result<(), String> {
        self.expected.met_by(self.outcome, self.describe)
    }

    fn perturbed_holds(&self) -> bool {
        self.expected
            .perturbed(self.reasons)
            .met_by(self.outcome, self.describe)
            .is_ok()
    }
}

impl fmt::Display for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expectation::Field => write!(f, "a field"),
            Expectation::Refusal(None) => write!(f, "a refusal"),
            Expectation::Refusal(Some(why)) => write!(f, "a refusal for lack of {why}"),
        }
    }
}

/// Checks a field check's outcome against what the page expects, recording the claim.
pub fn check_field(
    cx: &mut Cx<'_>,
    span: &Range<usize>,
    id: &str,
    n: usize,
    expected: &Expectation,
    outcome: &Result<FieldReport, Refusal>,
) -> bool {
    let (kind, statement) = match expected {
        Expectation::Field => (
            ClaimKind::Field,
            format!("the nimbers below {n} form a field"),
        ),
        Expectation::Refusal(why) => (
            ClaimKind::Refusal,
            format!(
                "the nimbers below {n} are not a field{}",
                why.map_or(String::new(), |r| format!(" for lack of {r}"))
            ),
        ),
    };
    let evidence = match outcome {
        Ok(r) => enumerated(r),
        Err(r) => format!("refused: {r}"),
    };
    let check = Check {
        kind,
        span: span.clone(),
        anchor: id.to_string(),
        statement,
        evidence,
    };
    let claim = Outcome {
        expected: expected.clone(),
        outcome,
        reasons: REASONS,
        describe: enumerated,
    };
    cx.check(check, &claim)
}

/// Describes exactly what a passing field check enumerated.
pub fn enumerated(r: &FieldReport) -> String {
    format!(
        "{} pairs, {} triples, {} inverses",
        super::html::count(r.pairs),
        super::html::count(r.triples),
        super::html::count(r.inverses)
    )
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
