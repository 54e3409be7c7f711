//! What a page expects of a field check (`:expect:` and `:reason:` on `{field-check}` and
//! `{table}`): a field, or a refusal for lack of one axiom, stated as a claim whose
//! perturbed copy expects the other outcome.

use std::fmt;
use std::ops::Range;

use crate::engine::{Args, Check, Claimed, Cx, DirectiveError, html};
use crate::ledger::ClaimKind;
use crate::nimber::{FieldReport, Refusal};

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
        html::count(r.pairs),
        html::count(r.triples),
        html::count(r.inverses)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::{Table, check_field as field_below};

    fn claim<'a>(
        expected: Expectation,
        outcome: &'a Result<FieldReport, Refusal>,
    ) -> Outcome<'a, FieldReport> {
        Outcome {
            expected,
            outcome,
            reasons: REASONS,
            describe: enumerated,
        }
    }

    #[test]
    fn an_expectation_holds_and_its_perturbed_copy_does_not() {
        let table = Table::product_by_definition(16).expect("16 is within the limit");
        let field = field_below(&table, 16);
        assert_eq!(claim(Expectation::Field, &field).holds(), Ok(()));
        assert!(!claim(Expectation::Field, &field).perturbed_holds());
        let wrong = claim(Expectation::Refusal(None), &field).holds();
        assert!(wrong.is_err_and(|e| e.starts_with("a field: ")));

        let refused = field_below(&table, 8);
        let axiom = refused.as_ref().err().map(|r| r.axiom.name());
        let reason = REASONS.iter().copied().find(|r| Some(*r) == axiom);
        assert!(reason.is_some(), "{refused:?}");
        assert_eq!(
            claim(Expectation::Refusal(reason), &refused).holds(),
            Ok(())
        );
        assert!(!claim(Expectation::Refusal(reason), &refused).perturbed_holds());
        assert!(claim(Expectation::Field, &refused).holds().is_err());
        let other = REASONS.iter().copied().find(|r| Some(*r) != axiom);
        assert!(
            claim(Expectation::Refusal(other), &refused)
                .holds()
                .is_err()
        );
    }
}
