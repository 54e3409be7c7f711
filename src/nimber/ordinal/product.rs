//! The nim-product below ω^(ω^ω), term by term in Cantor normal form.
//!
//! By bilinearity only ω^E ⊗ ω^F needs work. Place k of an exponent, written in base p_k,
//! holds the powers of the generators κ_{p_k^(i+1)} = ω^(ω^k·p_k^i); multiplying adds the
//! digits, a digit reaching p drops by p and carries κ_{p^i} one digit down, and a carry out
//! of the lowest digit multiplies by α_{p_k}, which lives below ω^(ω^k). Products of powers
//! are memoised per context, so a build computes each once.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, MutexGuard};

use super::alpha::Alphas;
use super::cnf::{Exponent, Ordinal};
use super::error::OrdinalError;
use super::field::finite_mul;
use super::primes::odd_prime;
use crate::nimber::Meter;

/// A multiply-rotate hash for short exponent vectors (the memo's keys are not adversarial).
#[derive(Default)]
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type Fold = BuildHasherDefault<FoldHasher>;

/// Steps charged for each pair of terms a product visits: working out the product of their
/// powers when the cache lacks it (a lookup when it has it), and its terms scaled.
const PAIR_STEPS: u64 = 64;

/// Products ω^E ⊗ ω^F already computed, keyed by the smaller exponent first.
type Memo = HashMap<Exponent, HashMap<Exponent, Ordinal, Fold>, Fold>;

/// The arithmetic of ordinals below ω^(ω^ω): the α rows it uses and a product cache.
///
/// ```
/// use nimsite_core::nimber::ordinal::{Ordinal, OrdinalArith};
/// let ctx = OrdinalArith::cited()?;
/// let w: Ordinal = "w".parse()?;
/// let w2 = ctx.mul(&w, &w)?;
/// assert_eq!(w2.to_string(), "w**2");
/// assert_eq!(ctx.mul(&w2, &w)?.to_string(), "2");
/// # Ok::<(), nimsite_core::nimber::ordinal::OrdinalError>(())
/// ```
#[derive(Debug)]
pub struct OrdinalArith {
    alphas: Alphas,
    memo: Mutex<Memo>,
    #[cfg(test)]
    drop_carries: bool,
}

impl OrdinalArith {
    /// Returns a context whose α's come from the given rows.
    pub fn new(alphas: Alphas) -> OrdinalArith {
        OrdinalArith {
            alphas,
            memo: Mutex::new(Memo::default()),
            #[cfg(test)]
            drop_carries: false,
        }
    }

    /// Returns a context using the cited table for every α (cheap to build).
    pub fn cited() -> Result<OrdinalArith, OrdinalError> {
        Alphas::cited().map(OrdinalArith::new)
    }

    /// Returns a context that forgets every carry out of a place, to show checks notice.
    #[cfg(test)]
    pub(crate) fn with_dropped_carries() -> OrdinalArith {
        OrdinalArith {
            drop_carries: true,
            ..OrdinalArith::new(Alphas::cited().expect("the cited table is consistent"))
        }
    }

    /// Returns the α rows in use.
    pub fn alphas(&self) -> &Alphas {
        &self.alphas
    }

    /// Returns α_p = (ω^(ω^n))^⊗p for p the (n+1)-th odd prime.
    pub fn alpha(&self, p: u64) -> Result<Ordinal, OrdinalError> {
        self.alphas.row(p)?.alpha()
    }

    /// Returns Lenstra's excess m_p from the rows in use (computed or cited).
    pub fn excess(&self, p: u64) -> Result<u64, OrdinalError> {
        Ok(self.alphas.row(p)?.excess)
    }

    /// Returns the nim-sum `a ⊕ b`.
    pub fn add(&self, a: &Ordinal, b: &Ordinal) -> Ordinal {
        a.nim_add(b)
    }

    /// Returns `a ⊗ b` term by term, drawing on `meter` for each pair of terms and each
    /// term of their products, or stops before the work that would pass it. Unlike
    /// [`OrdinalArith::mul_within`] it never works in a field, so it can check what the
    /// field computes.
    pub fn mul_by_terms(
        &self,
        a: &Ordinal,
        b: &Ordinal,
        meter: &Meter,
    ) -> Result<Ordinal, OrdinalError> {
        if let (Some(x), Some(y)) = (a.as_finite(), b.as_finite()) {
            return Ok(Ordinal::from_finite(finite_mul(x, y)));
        }
        let pairs = (a.terms().len() as u64).saturating_mul(b.terms().len() as u64);
        meter.charge(pairs.saturating_mul(PAIR_STEPS))?;
        let missing = match accumulate(&self.lock(), a, b, meter) {
            Err(Stop::Missing(missing)) => missing,
            done => {
                return done.map_err(|_| OrdinalError::TooMuchWork {
                    limit: meter.limit(),
                });
            }
        };
        // Products of powers fill a shared cache, so what they cost depends on what earlier
        // computations left there; each pair is charged as if it missed, not again here.
        for (e, f) in &missing {
            self.mul_powers(e, f)?;
        }
        accumulate(&self.lock(), a, b, meter).map_err(|_| OrdinalError::TooMuchWork {
            limit: meter.limit(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Memo> {
        self.memo.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Returns ω^E ⊗ ω^F, from the memo when it is there.
    fn mul_powers(&self, e: &Exponent, f: &Exponent) -> Result<Ordinal, OrdinalError> {
        let (e, f) = if e <= f { (e, f) } else { (f, e) };
        if e.is_zero() {
            return Ok(Ordinal::omega_pow(f.clone()));
        }
        if let Some(v) = self.lock().get(e).and_then(|m| m.get(f)) {
            return Ok(v.clone());
        }
        let value = self.mul_powers_uncached(e, f)?;
        let mut memo = self.lock();
        memo.entry(e.clone())
            .or_default()
            .insert(f.clone(), value.clone());
        Ok(value)
    }

    /// Works out ω^E ⊗ ω^F at the top place K, leaving the places below to recursion.
    fn mul_powers_uncached(&self, e: &Exponent, f: &Exponent) -> Result<Ordinal, OrdinalError> {
        let k = e.places().len().max(f.places().len()) - 1;
        let p = odd_prime(k).ok_or(OrdinalError::Overflow)?;
        let (digits, carry) = add_digits(e.place(k), f.place(k), p)?;
        let mut below = self.mul_powers(&e.below(k), &f.below(k))?;
        #[cfg(test)]
        let carry = carry && !self.drop_carries;
        if carry {
            below = self.mul_by_terms(&below, self.alphas.alpha_at(k)?, &Meter::unlimited())?;
        }
        // Everything in `below` lives under ω^(ω^k), so setting place k is a plain product.
        let terms = below
            .terms()
            .iter()
            .map(|(g, c)| (g.with_place(k, digits), *c))
            .collect();
        Ok(Ordinal::from_sorted(terms))
    }
}

/// Why [`accumulate`] stopped without a product.
enum Stop {
    /// The memo lacks these products of powers.
    Missing(Vec<(Exponent, Exponent)>),
    /// The terms to sum would pass the meter's budget.
    Over,
}

/// Returns a ⊗ b from the memo's products of powers, charging each term of them to `meter`;
/// or the pairs the memo lacks, or that the budget would be passed. Terms from a memo that
/// lacks some pairs are fewer than from a full one, so passing the budget is decided the
/// same way whatever the memo holds.
fn accumulate(memo: &Memo, a: &Ordinal, b: &Ordinal, meter: &Meter) -> Result<Ordinal, Stop> {
    let mut parts: Vec<(&Exponent, u128)> = Vec::new();
    let mut missing = Vec::new();
    let left = meter.left();
    for (e, c) in a.terms() {
        for (f, d) in b.terms() {
            let k = finite_mul(*c, *d);
            let (e, f) = if e <= f { (e, f) } else { (f, e) };
            if e.is_zero() {
                parts.push((f, k));
            } else if let Some(v) = memo.get(e).and_then(|m| m.get(f)) {
                parts.extend(v.terms().iter().map(|(g, x)| (g, finite_mul(*x, k))));
            } else {
                missing.push((e.clone(), f.clone()));
            }
            if parts.len() as u64 > left {
                // Refuse a charge, so the meter records that the work passed it.
                let _ = meter.charge(left.saturating_add(1));
                return Err(Stop::Over);
            }
        }
    }
    if !missing.is_empty() {
        return Err(Stop::Missing(missing));
    }
    // Sorting the terms takes about log₂ of their number comparisons each.
    let n = parts.len() as u64;
    if meter
        .charge(n.saturating_mul(u64::from(64 - n.leading_zeros())))
        .is_err()
    {
        return Err(Stop::Over);
    }
    parts.sort_unstable_by(|x, y| y.0.cmp(x.0));
    let mut terms: Vec<(Exponent, u128)> = Vec::new();
    let mut i = 0;
    while i < parts.len() {
        let (g, mut c) = parts[i];
        i += 1;
        while i < parts.len() && parts[i].0 == g {
            c ^= parts[i].1;
            i += 1;
        }
        if c != 0 {
            terms.push((g.clone(), c));
        }
    }
    Ok(Ordinal::from_sorted(terms))
}

/// Adds two places digit by digit in base p, carrying downwards; returns the sum and whether
/// a carry left the lowest digit (a factor α_p).
fn add_digits(e: u64, f: u64, p: u64) -> Result<(u64, bool), OrdinalError> {
    let (mut de, mut df) = (Vec::new(), Vec::new());
    let (mut x, mut y) = (e, f);
    while x != 0 || y != 0 {
        de.push(x % p);
        df.push(y % p);
        x /= p;
        y /= p;
    }
    let (mut sum, mut carry) = (0u128, 0u64);
    for i in (0..de.len()).rev() {
        let mut s = de[i] + df[i] + carry;
        carry = u64::from(s >= p);
        if s >= p {
            s -= p;
        }
        sum += u128::from(s) * u128::from(p).pow(i as u32);
    }
    let sum = u64::try_from(sum).map_err(|_| OrdinalError::Overflow)?;
    Ok((sum, carry == 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Ordinal {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn digits_carry_downwards() {
        // 5 = 12₃ and 4 = 11₃: the low digits reach 3 and carry out (a factor α_3).
        assert_eq!(add_digits(5, 4, 3), Ok((6, true)));
        assert_eq!(add_digits(3, 3, 3), Ok((6, false)));
        // 6 = 20₃ and 3 = 10₃: the high digits reach 3 and carry into the low one (κ_9³ = κ_3).
        assert_eq!(add_digits(6, 3, 3), Ok((1, false)));
        assert_eq!(add_digits(8, 1, 3), Ok((6, true)));
        assert_eq!(add_digits(1, 1, 5), Ok((2, false)));
        assert_eq!(
            add_digits(u64::MAX, u64::MAX, 3),
            Err(OrdinalError::Overflow)
        );
    }

    #[test]
    fn products_of_generators() {
        let ctx = OrdinalArith::cited().expect("the cited table is consistent");
        let mul = |a: &str, b: &str| ctx.mul(&read(a), &read(b)).map(|x| x.to_string());
        assert_eq!(mul("w", "w"), Ok("w**2".into()));
        assert_eq!(mul("w", "2"), Ok("w*2".into()));
        assert_eq!(mul("w**2", "w"), Ok("2".into()));
        assert_eq!(mul("w**3", "w**3"), Ok("w**6".into()));
        assert_eq!(mul("w**6", "w**3"), Ok("w".into()));
        assert_eq!(mul("w**w", "w**w"), Ok("w**(w*2)".into()));
        assert_eq!(mul("w**(w*4)", "w**w"), Ok("4".into()));
        assert_eq!(mul("w**(w**2*6)", "w**(w**2)"), Ok("w + 1".into()));
    }

    #[test]
    fn carries_past_the_table_are_errors() {
        let ctx = OrdinalArith::cited().expect("the cited table is consistent");
        let e = Exponent::omega_power(59, 282).expect("small");
        let x = Ordinal::omega_pow(e);
        let y = Ordinal::omega_pow(Exponent::omega_power(59, 1).expect("small"));
        assert_eq!(
            ctx.mul(&x, &y),
            Err(OrdinalError::PrimePastTable { prime: 283 })
        );
        // Without a carry the product needs no α.
        assert!(ctx.mul(&y, &y).is_ok());
        let short = Alphas::from_rows(ctx.alphas().rows()[..2].to_vec()).expect("consecutive");
        let ctx = OrdinalArith::new(short);
        let k = read("w**(w**2*6)");
        assert_eq!(
            ctx.mul(&k, &read("w**(w**2)")),
            Err(OrdinalError::AlphaUnknown { prime: 7 })
        );
    }
}
