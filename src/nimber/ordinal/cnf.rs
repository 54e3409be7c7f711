//! The representation: ordinals below ω^(ω^ω) in Cantor normal form, with finite
//! coefficients and exponents below ω^ω stored as finite vectors.
//!
//! Ordinal comparison is the derived order of the term list (largest exponent first), and the
//! Cantor operations here (ω^e, α·n, `**`) only build values; the nimber operations live in
//! `product` and `ops`.

use std::cmp::Ordering;

use super::error::OrdinalError;
use super::primes::MAX_INDEX;

/// An exponent below ω^ω: the vector (e_0, e_1, …, e_K) meaning ω^K·e_K + … + ω·e_1 + e_0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Exponent(Vec<u64>);

impl Exponent {
    /// Returns the exponent 0.
    pub fn zero() -> Exponent {
        Exponent(Vec::new())
    }

    /// Returns the finite exponent `n`.
    pub fn finite(n: u64) -> Exponent {
        // One place always fits under the index bound.
        Exponent(if n == 0 { Vec::new() } else { vec![n] })
    }

    /// Returns ω^k·e as an exponent.
    pub fn omega_power(k: usize, e: u64) -> Result<Exponent, OrdinalError> {
        let mut places = vec![0; k + 1];
        places[k] = e;
        Exponent::from_places(places)
    }

    /// Returns the exponent with places (e_0, e_1, …), refusing more than `MAX_INDEX` places.
    pub fn from_places(mut places: Vec<u64>) -> Result<Exponent, OrdinalError> {
        while places.last() == Some(&0) {
            places.pop();
        }
        if places.len() > MAX_INDEX {
            return Err(OrdinalError::Overflow);
        }
        Ok(Exponent(places))
    }

    /// Returns the places (e_0, e_1, …, e_K) with e_K ≠ 0, empty for the exponent 0.
    pub fn places(&self) -> &[u64] {
        &self.0
    }

    /// Returns e_k, the coefficient of ω^k in the exponent.
    pub fn place(&self, k: usize) -> u64 {
        self.0.get(k).copied().unwrap_or(0)
    }

    /// Returns whether the exponent is 0.
    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    /// Returns the exponent as a finite number, if it is one.
    pub fn as_finite(&self) -> Option<u64> {
        match self.0.as_slice() {
            [] => Some(0),
            [n] => Some(*n),
            _ => None,
        }
    }

    /// Returns the exponent with only the places below `k` kept.
    pub(crate) fn below(&self, k: usize) -> Exponent {
        let mut places = self.0[..k.min(self.0.len())].to_vec();
        while places.last() == Some(&0) {
            places.pop();
        }
        Exponent(places)
    }

    /// Returns the exponent with place `k` set to `e`; the places above `k` must be 0.
    pub(crate) fn with_place(&self, k: usize, e: u64) -> Exponent {
        debug_assert!(self.0.len() <= k + 1);
        let mut places = self.0.clone();
        if e != 0 {
            places.resize(places.len().max(k + 1), 0);
            places[k] = e;
        } else if places.len() > k {
            places.truncate(k);
            while places.last() == Some(&0) {
                places.pop();
            }
        }
        Exponent(places)
    }

    /// Returns the exponent as an ordinal (ω^K·e_K + … + e_0).
    pub fn to_ordinal(&self) -> Ordinal {
        let terms = (0..self.0.len())
            .rev()
            .filter(|&k| self.0[k] != 0)
            .map(|k| (Exponent::finite(k as u64), u128::from(self.0[k])))
            .collect();
        Ordinal { terms }
    }
}

impl Ord for Exponent {
    fn cmp(&self, other: &Exponent) -> Ordering {
        // The top place is nonzero, so more places means a larger ordinal.
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl PartialOrd for Exponent {
    fn partial_cmp(&self, other: &Exponent) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// An ordinal below ω^(ω^ω) in Cantor normal form ω^E1·c1 + … + ω^Ek·ck, E1 > … > Ek.
///
/// As a nimber it is the nim-sum of the nim-products ω^Ei ⊗ ci, so the same value serves
/// both readings. The derived order is the ordinal order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ordinal {
    /// Terms with strictly decreasing exponents and nonzero coefficients.
    terms: Vec<(Exponent, u128)>,
}

impl Ordinal {
    /// Returns 0.
    pub fn zero() -> Ordinal {
        Ordinal::default()
    }

    /// Returns 1.
    pub fn one() -> Ordinal {
        Ordinal::from_finite(1)
    }

    /// Returns the finite ordinal `n`.
    pub fn from_finite(n: u128) -> Ordinal {
        Ordinal::term(Exponent::zero(), n)
    }

    /// Returns ω, the first infinite ordinal.
    pub fn omega() -> Ordinal {
        Ordinal::omega_pow(Exponent::finite(1))
    }

    /// Returns the ordinal power ω^e.
    pub fn omega_pow(e: Exponent) -> Ordinal {
        Ordinal::term(e, 1)
    }

    /// Returns the ordinal power ω^e for an ordinal exponent `e`, which must be below ω^ω.
    pub fn omega_pow_ordinal(e: &Ordinal) -> Result<Ordinal, OrdinalError> {
        Ok(Ordinal::omega_pow(e.to_exponent()?))
    }

    /// Returns the single term ω^e·c (0 when `c` is 0).
    pub fn term(e: Exponent, c: u128) -> Ordinal {
        let terms = if c == 0 { Vec::new() } else { vec![(e, c)] };
        Ordinal { terms }
    }

    /// Returns the nim-sum of the given terms, which may come in any order and repeat.
    pub fn from_terms(terms: impl IntoIterator<Item = (Exponent, u128)>) -> Ordinal {
        let mut all: Vec<(Exponent, u128)> = terms.into_iter().collect();
        all.sort_by(|a, b| b.0.cmp(&a.0));
        let mut out: Vec<(Exponent, u128)> = Vec::with_capacity(all.len());
        for (e, c) in all {
            match out.last_mut() {
                Some(last) if last.0 == e => last.1 ^= c,
                _ => out.push((e, c)),
            }
        }
        out.retain(|t| t.1 != 0);
        Ordinal { terms: out }
    }

    /// Returns the terms (exponent, coefficient), largest exponent first.
    pub fn terms(&self) -> &[(Exponent, u128)] {
        &self.terms
    }

    /// Returns whether the ordinal is 0.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// Returns the ordinal as a finite nimber, if it is finite.
    pub fn as_finite(&self) -> Option<u128> {
        match self.terms.as_slice() {
            [] => Some(0),
            [(e, c)] if e.is_zero() => Some(*c),
            _ => None,
        }
    }

    /// Returns the ordinal as an exponent, if it is below ω^ω with coefficients below 2^64.
    pub fn to_exponent(&self) -> Result<Exponent, OrdinalError> {
        let mut places = Vec::new();
        for (e, c) in &self.terms {
            let k = e.as_finite().ok_or(OrdinalError::AboveClosure)?;
            let k = usize::try_from(k).map_err(|_| OrdinalError::Overflow)?;
            if k >= MAX_INDEX {
                return Err(OrdinalError::Overflow);
            }
            if places.len() <= k {
                places.resize(k + 1, 0);
            }
            places[k] = u64::try_from(*c).map_err(|_| OrdinalError::Overflow)?;
        }
        Exponent::from_places(places)
    }

    /// Returns the nim-sum `self ⊕ other`: coefficients of equal exponents are XORed.
    pub fn nim_add(&self, other: &Ordinal) -> Ordinal {
        let (mut a, mut b) = (self.terms.iter().peekable(), other.terms.iter().peekable());
        let mut terms = Vec::with_capacity(self.terms.len() + other.terms.len());
        loop {
            let next = match (a.peek(), b.peek()) {
                (None, None) => break,
                (Some(_), None) => a.next().cloned(),
                (None, Some(_)) => b.next().cloned(),
                (Some(x), Some(y)) => match x.0.cmp(&y.0) {
                    Ordering::Greater => a.next().cloned(),
                    Ordering::Less => b.next().cloned(),
                    Ordering::Equal => {
                        let sum = (x.0.clone(), x.1 ^ y.1);
                        a.next();
                        b.next();
                        Some(sum)
                    }
                },
            };
            if let Some(t) = next.filter(|t| t.1 != 0) {
                terms.push(t);
            }
        }
        Ordinal { terms }
    }

    /// Returns the nim-product of `self` and a finite nimber `k`.
    pub fn scale(&self, k: u128) -> Ordinal {
        let terms = self
            .terms
            .iter()
            .map(|(e, c)| (e.clone(), crate::nimber::mul(*c, k)))
            .filter(|t| t.1 != 0)
            .collect();
        Ordinal { terms }
    }

    /// Returns the ordinal product self·n (Cantor's, not the nim-product): the leading
    /// coefficient is multiplied by `n`, so (ω+1)·2 = ω·2 + 1.
    pub fn ordinal_mul_finite(&self, n: u128) -> Result<Ordinal, OrdinalError> {
        if n == 0 || self.is_zero() {
            return Ok(Ordinal::zero());
        }
        let mut terms = self.terms.clone();
        terms[0].1 = terms[0].1.checked_mul(n).ok_or(OrdinalError::Overflow)?;
        Ok(Ordinal { terms })
    }

    /// Returns the ordinal (Cantor) power `self ** exp` for a finite base or a base ω^e.
    pub fn cantor_pow(&self, exp: &Ordinal) -> Result<Ordinal, OrdinalError> {
        if exp.is_zero() {
            return Ok(Ordinal::one());
        }
        if let Some(n) = self.as_finite() {
            return finite_base_pow(n, exp);
        }
        match self.terms.as_slice() {
            [(e, 1)] => {
                let x = exp.to_exponent()?;
                Ok(Ordinal::omega_pow(exponent_product(e, &x)?))
            }
            _ => Err(OrdinalError::UnsupportedPower),
        }
    }

    /// Builds an ordinal from terms already in Cantor normal form.
    pub(crate) fn from_sorted(terms: Vec<(Exponent, u128)>) -> Ordinal {
        debug_assert!(terms.windows(2).all(|w| w[0].0 > w[1].0));
        debug_assert!(terms.iter().all(|t| t.1 != 0));
        Ordinal { terms }
    }
}

/// Returns n^exp for a finite `n`: n^(ω·Y + m) = ω^Y · n^m.
fn finite_base_pow(n: u128, exp: &Ordinal) -> Result<Ordinal, OrdinalError> {
    if let Some(m) = exp.as_finite() {
        let m = u32::try_from(m).map_err(|_| OrdinalError::Overflow)?;
        return match n {
            0 | 1 => Ok(Ordinal::from_finite(n)),
            _ => n
                .checked_pow(m)
                .map(Ordinal::from_finite)
                .ok_or(OrdinalError::Overflow),
        };
    }
    if n < 2 {
        return Ok(Ordinal::from_finite(n));
    }
    let x = exp.to_exponent()?;
    let m = u32::try_from(x.place(0)).map_err(|_| OrdinalError::Overflow)?;
    let y = Exponent::from_places(x.places()[1..].to_vec())?;
    let c = n.checked_pow(m).ok_or(OrdinalError::Overflow)?;
    Ok(Ordinal::term(y, c))
}

/// Returns the ordinal product e·x of two exponents below ω^ω, which must stay below ω^ω.
fn exponent_product(e: &Exponent, x: &Exponent) -> Result<Exponent, OrdinalError> {
    let a = e.places().len() - 1;
    let lead = e.place(a);
    let mut places = vec![0u64; 0];
    for (b, &d) in x.places().iter().enumerate().skip(1) {
        if d == 0 {
            continue;
        }
        // e·ω^b = ω^(a+b) for b ≥ 1, since the leading term absorbs the rest.
        let k = a.checked_add(b).filter(|&k| k < MAX_INDEX);
        let k = k.ok_or(OrdinalError::Overflow)?;
        places.resize(places.len().max(k + 1), 0);
        places[k] = d;
    }
    let d0 = x.place(0);
    if d0 != 0 {
        places.resize(places.len().max(a + 1), 0);
        for (k, &v) in e.places().iter().enumerate() {
            places[k] = if k == a {
                lead.checked_mul(d0).ok_or(OrdinalError::Overflow)?
            } else {
                v
            };
        }
    }
    Exponent::from_places(places)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w() -> Ordinal {
        Ordinal::omega()
    }

    #[test]
    fn exponents_compare_as_ordinals() {
        let e = |v: Vec<u64>| Exponent::from_places(v).expect("small");
        assert!(e(vec![5, 1]) > e(vec![100]));
        assert!(e(vec![0, 0, 1]) > e(vec![9, 9]));
        assert!(e(vec![1, 2]) < e(vec![0, 3]));
        assert_eq!(e(vec![3, 0, 0]), Exponent::finite(3));
    }

    #[test]
    fn ordinals_compare_term_by_term() {
        let w2 = Ordinal::omega_pow(Exponent::finite(2));
        assert!(w2 > w().ordinal_mul_finite(1000).expect("fits"));
        assert!(w() > Ordinal::from_finite(u128::MAX));
        assert!(w().nim_add(&Ordinal::one()) > w());
        assert!(Ordinal::zero() < Ordinal::one());
    }

    #[test]
    fn nim_sum_xors_equal_exponents() {
        let a = Ordinal::from_terms([(Exponent::finite(1), 3), (Exponent::zero(), 1)]);
        let b = Ordinal::from_terms([(Exponent::finite(1), 3), (Exponent::finite(2), 1)]);
        let s = a.nim_add(&b);
        assert_eq!(
            s.terms(),
            &[(Exponent::finite(2), 1), (Exponent::zero(), 1)]
        );
        assert!(a.nim_add(&a).is_zero());
    }

    #[test]
    fn cantor_operations() {
        let one = Ordinal::one();
        let w_plus_1 = w().nim_add(&one);
        let twice = w_plus_1.ordinal_mul_finite(2).expect("fits");
        assert_eq!(
            twice,
            Ordinal::from_terms([(Exponent::finite(1), 2), (Exponent::zero(), 1)])
        );
        // (ω^2)**ω = ω^(2·ω) = ω^ω, and 2**(ω+3) = ω·8.
        let w2 = Ordinal::omega_pow(Exponent::finite(2));
        let ww = Ordinal::omega_pow(Exponent::omega_power(1, 1).expect("small"));
        assert_eq!(w2.cantor_pow(&w()), Ok(ww.clone()));
        let two = Ordinal::from_finite(2);
        let w_plus_3 = w().nim_add(&Ordinal::from_finite(3));
        assert_eq!(
            two.cantor_pow(&w_plus_3),
            Ok(Ordinal::term(Exponent::finite(1), 8))
        );
        // (ω^(ω+1))**2 = ω^(ω·2+1), and (ω^ω)**(ω^ω) is far above ω^(ω^ω).
        let e = Exponent::from_places(vec![1, 1]).expect("small");
        let pow2 = Ordinal::omega_pow(e).cantor_pow(&two);
        assert_eq!(
            pow2,
            Ok(Ordinal::omega_pow(
                Exponent::from_places(vec![1, 2]).expect("small")
            ))
        );
        assert_eq!(ww.cantor_pow(&ww), Err(OrdinalError::AboveClosure));
        assert_eq!(
            w_plus_1.cantor_pow(&two),
            Err(OrdinalError::UnsupportedPower)
        );
        assert_eq!(
            two.cantor_pow(&Ordinal::from_finite(200)),
            Err(OrdinalError::Overflow)
        );
    }

    #[test]
    fn exponent_limits_are_errors() {
        assert_eq!(
            Exponent::omega_power(MAX_INDEX, 1),
            Err(OrdinalError::Overflow)
        );
        let big = Ordinal::omega_pow(Exponent::finite(MAX_INDEX as u64));
        assert_eq!(
            Ordinal::omega_pow_ordinal(&big),
            Err(OrdinalError::Overflow)
        );
        let above = Ordinal::omega_pow(Exponent::omega_power(1, 1).expect("small"));
        assert_eq!(
            Ordinal::omega_pow_ordinal(&above),
            Err(OrdinalError::AboveClosure)
        );
    }
}
