//! One row of Lenstra's table and the κ sets it is built from, shared by the computation of
//! the table (`excess`), the fields it works in (`field`) and the α's it yields (`alpha`).
//!
//! A row's κ set and field degree follow from f(p) and the degrees of smaller α's, so the
//! only datum a row needs is the excess m_p, either computed or cited.

use std::collections::BTreeMap;

use super::cnf::{Exponent, Ordinal};
use super::error::OrdinalError;
use super::primes::{factorize, finite_degree, lcm, odd_prime, odd_prime_index, order_of_two};
use super::table::{TABLE_END, cited_excess};

/// Where a row's excess m_p comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// Computed by Lenstra's algorithm from earlier computed rows only.
    Computed,
    /// Read from the embedded table (OEIS A380496).
    Cited,
}

/// One row of Lenstra's table for an odd prime p.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExcessRow {
    /// The odd prime p.
    pub prime: u64,
    /// f(p), the multiplicative order of 2 modulo p.
    pub order_of_two: u64,
    /// The prime powers q whose κ_q nim-sum to κ_{f(p)}, in increasing order.
    pub kappa_set: Vec<u64>,
    /// The excess m_p, with α_p = κ_{f(p)} + m_p.
    pub excess: u64,
    /// The degree over F₂ of the field of κ_{f(p)}, where m_p is searched.
    pub degree: u64,
    /// Whether the excess was computed here or cited.
    pub source: Source,
    /// The excess in the cited table, if the table reaches p.
    pub cited: Option<u64>,
}

impl ExcessRow {
    /// Builds the row for `p` with excess `m`, taking degrees of smaller α's from `rows`.
    pub(crate) fn new(p: u64, m: u64, source: Source, rows: &[ExcessRow]) -> Option<ExcessRow> {
        let f = order_of_two(p);
        let (kappa_set, degree) = kappa_set(f, rows)?;
        Some(ExcessRow {
            prime: p,
            order_of_two: f,
            kappa_set,
            excess: m,
            degree,
            source,
            cited: cited_excess(p),
        })
    }

    /// Returns the degree over F₂ of α_p itself (the field of κ_{f(p)} and of m_p).
    pub fn alpha_degree(&self) -> u64 {
        lcm(
            self.degree,
            u64::from(finite_degree(u128::from(self.excess))),
        )
        .unwrap_or(u64::MAX)
    }

    /// Returns whether the excess agrees with the cited table, if the table reaches p.
    pub fn agrees_with_table(&self) -> Option<bool> {
        self.cited.map(|m| m == self.excess)
    }

    /// Returns α_p = κ_{f(p)} + m_p as an ordinal.
    pub fn alpha(&self) -> Result<Ordinal, OrdinalError> {
        let mut terms = vec![(Exponent::zero(), u128::from(self.excess))];
        for &q in &self.kappa_set {
            terms.push(kappa(q)?);
        }
        Ok(Ordinal::from_terms(terms))
    }
}

/// Returns κ_q as a term: ω^(ω^k · r^(i−1)) for q = r^i with r = p_k odd, 2^(2^(n−1)) for q = 2^n.
fn kappa(q: u64) -> Result<(Exponent, u128), OrdinalError> {
    let &[(r, i)] = factorize(q).as_slice() else {
        unreachable!("κ sets hold prime powers");
    };
    if r == 2 {
        let bits = 1u32.checked_shl(i - 1).filter(|&b| b < 128);
        return Ok((
            Exponent::zero(),
            1u128 << bits.ok_or(OrdinalError::Overflow)?,
        ));
    }
    let k = odd_prime_index(r).ok_or(OrdinalError::Overflow)?;
    Ok((Exponent::omega_power(k, r.pow(i - 1))?, 1))
}

/// Returns the degree over F₂ of κ_q: q for a power of 2, q·deg α_r for q = r^i.
fn kappa_degree(q: u64, rows: &[ExcessRow]) -> Option<u64> {
    let r = factorize(q)[0].0;
    if r == 2 {
        return Some(q);
    }
    let row = rows.get(odd_prime_index(r)?)?;
    q.checked_mul(row.alpha_degree())
}

/// Returns the κ set of `h` and its degree by Lenstra's rule: with q the full power of the
/// smallest prime of h and g = h/q, κ_h = κ_g when q divides deg κ_g, else κ_g + κ_q.
pub(crate) fn kappa_set(h: u64, rows: &[ExcessRow]) -> Option<(Vec<u64>, u64)> {
    let factors = factorize(h);
    let (r, i) = *factors.first()?;
    let q = r.pow(i);
    if q == h {
        return Some((vec![q], kappa_degree(q, rows)?));
    }
    let (mut set, d) = kappa_set(h / q, rows)?;
    if d.is_multiple_of(q) {
        return Some((set, d));
    }
    set.push(q);
    set.sort_unstable();
    Some((set, lcm(d, kappa_degree(q, rows)?)?))
}

/// Returns the error for a missing α_{p_k}.
pub(crate) fn missing(k: usize) -> OrdinalError {
    match odd_prime(k) {
        Some(p) if p > TABLE_END => OrdinalError::PrimePastTable { prime: p },
        Some(p) => OrdinalError::AlphaUnknown { prime: p },
        None => OrdinalError::Overflow,
    }
}

/// What a finite field must contain: F_{2^bits} and κ_{r^j} for each odd prime index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Needs {
    /// A power of two: the finite part is the nimbers below 2^bits.
    pub(crate) bits: u32,
    /// For each odd prime index k, the largest j with κ_{p_k^j} needed.
    pub(crate) powers: BTreeMap<usize, u32>,
}

impl Needs {
    /// Returns the needs of F₂.
    pub(crate) fn new() -> Needs {
        Needs {
            bits: 1,
            powers: BTreeMap::new(),
        }
    }

    /// Adds the finite nimber `c`.
    pub(crate) fn add_finite(&mut self, c: u128) {
        self.bits = self.bits.max(finite_degree(c));
    }

    /// Adds κ_{p_k^j}.
    pub(crate) fn add_power(&mut self, k: usize, j: u32) {
        let e = self.powers.entry(k).or_insert(0);
        *e = (*e).max(j);
    }

    /// Adds κ_q for a prime power q.
    pub(crate) fn add_kappa(&mut self, q: u64) -> Result<(), OrdinalError> {
        let (r, i) = factorize(q)[0];
        if r == 2 {
            let bits = 1u32.checked_shl(i).ok_or(OrdinalError::Overflow)?;
            self.bits = self.bits.max(bits);
        } else {
            self.add_power(odd_prime_index(r).ok_or(OrdinalError::Overflow)?, i);
        }
        Ok(())
    }

    /// Adds what every α of a needed generator needs, down to F₂; returns whether every
    /// row it used was computed rather than cited.
    pub(crate) fn close(&mut self, alphas: &[ExcessRow]) -> Result<bool, OrdinalError> {
        let mut all_computed = true;
        let mut next = self.powers.keys().next_back().copied();
        while let Some(k) = next {
            let row = alphas.get(k).ok_or_else(|| missing(k))?;
            all_computed &= row.source == Source::Computed;
            for &q in &row.kappa_set {
                self.add_kappa(q)?;
            }
            self.add_finite(u128::from(row.excess));
            next = self.powers.range(..k).next_back().map(|(&k, _)| k);
        }
        Ok(all_computed)
    }

    /// Returns the degree over F₂ of the field: bits · Π p_k^j, or `None` past u64.
    pub(crate) fn degree(&self) -> Option<u64> {
        let mut d = u64::from(self.bits);
        for (&k, &j) in &self.powers {
            d = d.checked_mul(odd_prime(k)?.checked_pow(j)?)?;
        }
        Some(d)
    }
}
