//! The values of the language: finite nimbers below 2^128 and the ordinals below ω^(ω^ω).
//!
//! Most statements never leave the finite nimbers, and their quantified checks run millions
//! of cases, so a finite value stays a bare `u128` ([`Value::Nim`]) and only a value at or
//! above ω carries a Cantor normal form. The two never overlap: an ordinal that comes out
//! finite is stored as a nimber, so equal values compare equal.
//!
//! This module also holds the ordinary (Cantor) operations an author means by `**`, and by
//! `+`, `×` and `^` when plain math reads them as ordinary arithmetic, and the one ordinal
//! context the language computes in.

use std::cmp::Ordering;
use std::fmt;
use std::ops::BitXor;
use std::sync::OnceLock;

use crate::nimber::ordinal::{Alphas, Exponent, Ordinal, OrdinalArith, OrdinalError, RowLimit};

/// A value of the statement language.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A finite nimber.
    Nim(u128),
    /// An infinite ordinal below ω^(ω^ω), in Cantor normal form.
    Ordinal(Ordinal),
}

impl Value {
    /// Returns the value of an ordinal, as a nimber when it is finite.
    pub fn from_ordinal(o: Ordinal) -> Value {
        match o.as_finite() {
            Some(n) => Value::Nim(n),
            None => Value::Ordinal(o),
        }
    }

    /// Returns ω.
    pub fn omega() -> Value {
        Value::Ordinal(Ordinal::omega())
    }

    /// Returns the value as a finite nimber, if it is one.
    pub fn as_finite(&self) -> Option<u128> {
        match self {
            Value::Nim(n) => Some(*n),
            Value::Ordinal(_) => None,
        }
    }

    /// Returns whether the value is a finite nimber.
    pub fn is_finite(&self) -> bool {
        matches!(self, Value::Nim(_))
    }

    /// Returns the value as an ordinal in Cantor normal form.
    pub fn to_ordinal(&self) -> Ordinal {
        match self {
            Value::Nim(n) => Ordinal::from_finite(*n),
            Value::Ordinal(o) => o.clone(),
        }
    }

    /// Returns the value in LaTeX: a number, or the Cantor normal form, such as
    /// `\omega^{2} \cdot 2 + \omega \cdot 2 + 2`.
    pub fn to_latex(&self) -> String {
        match self {
            Value::Nim(n) => n.to_string(),
            Value::Ordinal(o) => o.to_latex(),
        }
    }

    /// Returns the value in Unicode for tables and captions: `3`, `ω²·2 + ω·2 + 2`,
    /// `ω^(ω²) + 1`.
    pub fn to_unicode(&self) -> String {
        match self {
            Value::Nim(n) => n.to_string(),
            Value::Ordinal(o) => unicode(o),
        }
    }

    /// Returns the nim-sum `self ⊕ other`.
    pub fn nim_add(&self, other: &Value) -> Value {
        match (self, other) {
            (Value::Nim(a), Value::Nim(b)) => Value::Nim(a ^ b),
            (a, b) => Value::from_ordinal(a.to_ordinal().nim_add(&b.to_ordinal())),
        }
    }

    /// Returns the value moved by ⊕ 1, the nearby wrong value a perturbed claim states.
    pub fn perturbed(&self) -> Value {
        self.nim_add(&Value::Nim(1))
    }
}

impl From<u128> for Value {
    fn from(n: u128) -> Value {
        Value::Nim(n)
    }
}

impl PartialEq<u128> for Value {
    fn eq(&self, other: &u128) -> bool {
        *self == Value::Nim(*other)
    }
}

impl BitXor<u128> for Value {
    type Output = Value;

    /// Returns the nim-sum with a finite nimber.
    fn bitxor(self, k: u128) -> Value {
        match self {
            Value::Nim(n) => Value::Nim(n ^ k),
            v => v.nim_add(&Value::Nim(k)),
        }
    }
}

impl Ord for Value {
    /// Orders values as ordinals: every finite nimber lies below every infinite value.
    fn cmp(&self, other: &Value) -> Ordering {
        match (self, other) {
            (Value::Nim(a), Value::Nim(b)) => a.cmp(b),
            (Value::Nim(_), Value::Ordinal(_)) => Ordering::Less,
            (Value::Ordinal(_), Value::Nim(_)) => Ordering::Greater,
            (Value::Ordinal(a), Value::Ordinal(b)) => a.cmp(b),
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    /// Writes the value in the syntax the language reads: `3`, `w**2*2 + w*2 + 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nim(n) => write!(f, "{n}"),
            Value::Ordinal(o) => write!(f, "{o}"),
        }
    }
}

/// Writes an ordinal's Cantor normal form in Unicode.
fn unicode(o: &Ordinal) -> String {
    const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    if o.is_zero() {
        return "0".to_string();
    }
    let term = |(e, c): &(Exponent, u128)| {
        let base = match e.as_finite() {
            Some(0) => return c.to_string(),
            Some(1) => "ω".to_string(),
            Some(n) => {
                let digits = n.to_string();
                let sup = digits
                    .chars()
                    .filter_map(|d| d.to_digit(10).map(|d| SUPERSCRIPTS[d as usize]));
                format!("ω{}", sup.collect::<String>())
            }
            None if e.places() == [0, 1] => "ω^ω".to_string(),
            None => format!("ω^({})", unicode(&e.to_ordinal())),
        };
        if *c == 1 {
            base
        } else {
            format!("{base}·{c}")
        }
    };
    o.terms().iter().map(term).collect::<Vec<_>>().join(" + ")
}

/// The ordinal context of every statement: products, powers and α's below ω^(ω^ω).
static ARITH: OnceLock<Result<OrdinalArith, OrdinalError>> = OnceLock::new();

/// Returns the ordinal context statements compute in, building it on first use.
///
/// Its α rows are the build's own: every row of Lenstra's table whose field has degree at
/// most 5060 is computed from the rows before it (about a sixth of a second, once per
/// process), and the rest come from the cited table, marked as such. `alpha(p)` and
/// `excess(p)` read these rows, and every product below ω^(ω^ω) carries with them.
pub fn ordinal_arith() -> Result<&'static OrdinalArith, OrdinalError> {
    ARITH
        .get_or_init(|| Alphas::computed(RowLimit::standard()).map(OrdinalArith::new))
        .as_ref()
        .map_err(Clone::clone)
}

/// Returns the ordinal sum `a + b` (Cantor's, not the nim-sum): the terms of `a` below the
/// leading term of `b` are absorbed, so 1 + ω = ω while ω + 1 is not ω.
pub fn ordinal_add(a: &Ordinal, b: &Ordinal) -> Result<Ordinal, OrdinalError> {
    let Some((lead, c)) = b.terms().first() else {
        return Ok(a.clone());
    };
    let mut terms: Vec<(Exponent, u128)> = a
        .terms()
        .iter()
        .filter(|(e, _)| e > lead)
        .cloned()
        .collect();
    let mut rest = b.terms().to_vec();
    if let Some((_, same)) = a.terms().iter().find(|(e, _)| e == lead) {
        rest[0].1 = same.checked_add(*c).ok_or(OrdinalError::Overflow)?;
    }
    terms.extend(rest);
    Ok(Ordinal::from_terms(terms))
}

/// Returns the ordinal product `a · b` (Cantor's): a·ω^F = ω^(E + F) for F > 0, with E the
/// leading exponent of `a`, and products distribute over the terms of `b` from the left.
pub fn ordinal_mul(a: &Ordinal, b: &Ordinal) -> Result<Ordinal, OrdinalError> {
    let Some((lead, _)) = a.terms().first() else {
        return Ok(Ordinal::zero());
    };
    let mut terms = Vec::new();
    for (f, d) in b.terms() {
        if f.is_zero() {
            terms.extend(a.ordinal_mul_finite(*d)?.terms().iter().cloned());
        } else {
            let e = ordinal_add(&lead.to_ordinal(), &f.to_ordinal())?.to_exponent()?;
            terms.push((e, *d));
        }
    }
    Ok(Ordinal::from_terms(terms))
}

/// Bounds the finite exponent of an ordinal power whose base has several terms, since the
/// number of terms grows with it.
const MAX_TERM_POWER: u128 = 64;

/// Returns the ordinal power `base ** exp` (Cantor's).
///
/// For an infinite base with leading exponent E, written as a limit part L and a finite
/// part n, base^(L + n) = ω^(E·L) · base^n.
pub fn ordinal_pow(base: &Ordinal, exp: &Ordinal) -> Result<Ordinal, OrdinalError> {
    let Some((lead, _)) = base.terms().first() else {
        return base.cantor_pow(exp);
    };
    if lead.is_zero() || base.terms() == [(lead.clone(), 1)] {
        return base.cantor_pow(exp);
    }
    let n = exp
        .terms()
        .last()
        .filter(|(e, _)| e.is_zero())
        .map_or(0, |t| t.1);
    let limit = Ordinal::from_terms(exp.terms().iter().filter(|(e, _)| !e.is_zero()).cloned());
    let head = Ordinal::omega_pow_ordinal(&ordinal_mul(&lead.to_ordinal(), &limit)?)?;
    if n > MAX_TERM_POWER {
        return Err(OrdinalError::Overflow);
    }
    let mut tail = Ordinal::one();
    for _ in 0..n {
        tail = ordinal_mul(&tail, base)?;
    }
    ordinal_mul(&head, &tail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn o(s: &str) -> Ordinal {
        s.parse().expect("an ordinal")
    }

    #[test]
    fn finite_values_are_nimbers_and_order_below_omega() {
        assert_eq!(Value::from_ordinal(Ordinal::from_finite(7)), Value::Nim(7));
        assert!(Value::Nim(u128::MAX) < Value::omega());
        assert!(Value::omega() < Value::from_ordinal(o("w + 1")));
        assert_eq!(Value::omega() ^ 1, Value::from_ordinal(o("w + 1")));
        assert_eq!(Value::from_ordinal(o("w + 1")).perturbed(), Value::omega());
        assert_eq!(
            Value::from_ordinal(o("w**2*3 + w + 1")).to_string(),
            "w**2*3 + w + 1"
        );
        assert_eq!(Value::Nim(9).to_latex(), "9");
        let u = |s: &str| Value::from_ordinal(o(s)).to_unicode();
        assert_eq!(u("w**2*2 + w*2 + 2"), "ω²·2 + ω·2 + 2");
        assert_eq!(u("w**(w**2) + w**w*3 + w**12"), "ω^(ω²) + ω^ω·3 + ω¹²");
        assert_eq!(u("w**(w + 1)"), "ω^(ω + 1)");
    }

    #[test]
    fn cantor_sums_absorb_smaller_terms() {
        assert_eq!(ordinal_add(&o("1"), &o("w")), Ok(o("w")));
        assert_eq!(ordinal_add(&o("w"), &o("1")), Ok(o("w + 1")));
        assert_eq!(ordinal_add(&o("w*2 + 5"), &o("w*3 + 1")), Ok(o("w*5 + 1")));
        assert_eq!(ordinal_add(&o("w**2 + w"), &o("w**2")), Ok(o("w**2*2")));
        assert_eq!(ordinal_add(&o("3"), &o("4")), Ok(o("7")));
    }

    #[test]
    fn cantor_products_and_powers() {
        assert_eq!(ordinal_mul(&o("2"), &o("w")), Ok(o("w")));
        assert_eq!(ordinal_mul(&o("w"), &o("2")), Ok(o("w*2")));
        assert_eq!(ordinal_mul(&o("w + 1"), &o("w + 1")), Ok(o("w**2 + w + 1")));
        assert_eq!(ordinal_mul(&o("w**2 + 1"), &o("w**w")), Ok(o("w**w")));
        assert_eq!(ordinal_pow(&o("w + 1"), &o("2")), Ok(o("w**2 + w + 1")));
        assert_eq!(ordinal_pow(&o("w + 1"), &o("w")), Ok(o("w**w")));
        assert_eq!(ordinal_pow(&o("w*2"), &o("w + 1")), Ok(o("w**(w + 1)*2")));
        assert_eq!(ordinal_pow(&o("w"), &o("3")), Ok(o("w**3")));
        assert_eq!(ordinal_pow(&o("2"), &o("w")), Ok(o("w")));
        assert_eq!(
            ordinal_pow(&o("w"), &o("w**w")),
            Err(OrdinalError::AboveClosure)
        );
        assert_eq!(
            ordinal_pow(&o("w + 1"), &o("1000")),
            Err(OrdinalError::Overflow)
        );
    }
}
