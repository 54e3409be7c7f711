//! Errors of the ordinal core: plain typed values without spans, so that the caller can
//! point them at the source that asked for the value.

use std::fmt;

use super::table::TABLE_END;

/// A computation below ω^(ω^ω) that has no value, or none this core can reach.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OrdinalError {
    /// The value is at or above ω^(ω^ω), outside the algebraic closure of 2.
    AboveClosure,
    /// A carry needs α_p for a prime past the embedded excess table.
    PrimePastTable {
        /// The odd prime whose α is needed.
        prime: u64,
    },
    /// A carry needs α_p for a prime whose excess was neither computed nor cited.
    AlphaUnknown {
        /// The odd prime whose α is needed.
        prime: u64,
    },
    /// No small m makes κ_{f(p)} + m a non-p-th power, so the rows below p are wrong.
    ExcessNotFound {
        /// The odd prime whose excess was searched.
        prime: u64,
    },
    /// Zero has no multiplicative inverse.
    InverseOfZero,
    /// Zero has no multiplicative order.
    OrderOfZero,
    /// The finite field the operation works in is larger than the core allows.
    FieldTooLarge {
        /// The degree of the field over F₂.
        degree: u64,
        /// The largest degree allowed for this operation.
        limit: u64,
    },
    /// The operation would pass the budget of its [`Meter`](crate::nimber::Meter).
    TooMuchWork {
        /// The budget, in steps.
        limit: u64,
    },
    /// A coefficient or an exponent does not fit in its machine word.
    Overflow,
    /// An ordinal power whose base is neither finite nor of the form ω^e.
    UnsupportedPower,
    /// The text is not an ordinal in the syntax `w**2*3 + w + 1`.
    Parse {
        /// The byte offset where reading stopped.
        at: usize,
        /// What was expected there.
        expected: &'static str,
    },
}

impl fmt::Display for OrdinalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrdinalError::AboveClosure => {
                write!(
                    f,
                    "the value is at or above ω^(ω^ω), beyond the algebraic closure of 2"
                )
            }
            OrdinalError::PrimePastTable { prime } => write!(
                f,
                "α_{prime} is needed, but the excess table ends at p = {TABLE_END}"
            ),
            OrdinalError::AlphaUnknown { prime } => {
                write!(
                    f,
                    "α_{prime} is needed, but its excess was neither computed nor cited"
                )
            }
            OrdinalError::ExcessNotFound { prime } => write!(
                f,
                "no excess m below 64 makes α_{prime} a non-{prime}-th power; the smaller α's are wrong"
            ),
            OrdinalError::InverseOfZero => write!(f, "0 has no inverse"),
            OrdinalError::OrderOfZero => write!(f, "0 has no multiplicative order"),
            OrdinalError::FieldTooLarge { degree, limit } => write!(
                f,
                "the field of degree {degree} over F₂ is above the limit of {limit}"
            ),
            OrdinalError::TooMuchWork { limit } => write!(
                f,
                "the ordinal core would pass its budget of {limit} steps of work"
            ),
            OrdinalError::Overflow => {
                write!(
                    f,
                    "a coefficient or exponent is too large for its machine word"
                )
            }
            OrdinalError::UnsupportedPower => write!(
                f,
                "an ordinal power `**` needs a finite base or a base of the form w**e"
            ),
            OrdinalError::Parse { at, expected } => write!(f, "expected {expected} at byte {at}"),
        }
    }
}

impl std::error::Error for OrdinalError {}

impl From<crate::nimber::OverBudget> for OrdinalError {
    fn from(e: crate::nimber::OverBudget) -> OrdinalError {
        OrdinalError::TooMuchWork { limit: e.limit }
    }
}
