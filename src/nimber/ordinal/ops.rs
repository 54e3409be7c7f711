//! Powers, inverses, square roots, degrees and orders, worked in the finite field that an
//! ordinal's generators span, because their exponents (up to 2^N) are far too long for
//! term-by-term products.

use super::cnf::{Exponent, Ordinal};
use super::error::OrdinalError;
use super::field::{Engine, Tower};
use super::primes::{mersenne_prime_factors, odd_prime};
use super::product::OrdinalArith;
use super::row::Needs;

/// Bounds the degree over F₂ of the fields that powers, inverses, roots and degrees use.
pub const FIELD_DEGREE_LIMIT: u64 = 8192;

/// Bounds the degree of an element whose multiplicative order is asked (2^d − 1 is factored).
pub const ORDER_DEGREE_LIMIT: u64 = 128;

impl OrdinalArith {
    /// Returns the nim-power x^n; a negative n is a power of the inverse, and x^0 = 1.
    pub fn pow(&self, x: &Ordinal, n: i128) -> Result<Ordinal, OrdinalError> {
        if n < 0 && x.is_zero() {
            return Err(OrdinalError::InverseOfZero);
        }
        let (tower, v) = match self.embed(x) {
            Ok(t) => t,
            // Small positive powers stay possible term by term in fields too large to embed.
            Err(OrdinalError::FieldTooLarge { .. }) if (0..=64).contains(&n) => {
                return self.pow_by_products(x, n as u32);
            }
            Err(e) => return Err(e),
        };
        let mut engine = Engine::new(&tower);
        let base = if n < 0 { engine.inverse(&v) } else { v };
        Ok(extract(&tower, &engine.pow(&base, n.unsigned_abs())))
    }

    /// Returns x^n by square-and-multiply on Cantor normal forms.
    fn pow_by_products(&self, x: &Ordinal, n: u32) -> Result<Ordinal, OrdinalError> {
        let mut acc = Ordinal::one();
        for i in (0..32 - n.leading_zeros()).rev() {
            acc = self.mul(&acc, &acc)?;
            if n >> i & 1 == 1 {
                acc = self.mul(&acc, x)?;
            }
        }
        Ok(acc)
    }

    /// Returns the inverse x⁻¹.
    pub fn inv(&self, x: &Ordinal) -> Result<Ordinal, OrdinalError> {
        self.pow(x, -1)
    }

    /// Returns the unique square root of x (squaring is a bijection in characteristic 2).
    pub fn sqrt(&self, x: &Ordinal) -> Result<Ordinal, OrdinalError> {
        let (tower, v) = self.embed(x)?;
        Ok(extract(&tower, &Engine::new(&tower).sqrt(&v)))
    }

    /// Returns the degree of x over F₂: the least d with x^(2^d) = x (1 for 0 and 1).
    pub fn degree(&self, x: &Ordinal) -> Result<u64, OrdinalError> {
        let (tower, v) = self.embed(x)?;
        Ok(Engine::new(&tower).degree_of(&v))
    }

    /// Returns the multiplicative order of a nonzero x: the least n ≥ 1 with x^n = 1.
    pub fn order(&self, x: &Ordinal) -> Result<u128, OrdinalError> {
        if x.is_zero() {
            return Err(OrdinalError::OrderOfZero);
        }
        let (tower, v) = self.embed(x)?;
        let mut engine = Engine::new(&tower);
        let d = engine.degree_of(&v);
        let too_large = OrdinalError::FieldTooLarge {
            degree: d,
            limit: ORDER_DEGREE_LIMIT,
        };
        if d > ORDER_DEGREE_LIMIT {
            return Err(too_large);
        }
        let primes = mersenne_prime_factors(d as u32).ok_or(too_large)?;
        let mut n = if d == 128 {
            u128::MAX
        } else {
            (1u128 << d) - 1
        };
        for l in primes {
            while n % l == 0 && engine.pow(&v, n / l) == tower.one() {
                n /= l;
            }
        }
        Ok(n)
    }

    /// Returns the degree over F₂ of the field this core would work in for x.
    pub fn field_degree(&self, x: &Ordinal) -> Result<u64, OrdinalError> {
        let needs = self.needs(x)?;
        needs.degree().ok_or(OrdinalError::Overflow)
    }

    /// Returns what a field must hold to contain x, closed under the α's it calls for.
    fn needs(&self, x: &Ordinal) -> Result<Needs, OrdinalError> {
        let mut needs = Needs::new();
        for (e, c) in x.terms() {
            needs.add_finite(*c);
            for (k, &place) in e.places().iter().enumerate().filter(|t| *t.1 != 0) {
                let p = odd_prime(k).ok_or(OrdinalError::Overflow)?;
                needs.add_power(k, digit_count(place, p));
            }
        }
        needs.close(self.alphas().rows())?;
        Ok(needs)
    }

    /// Returns the field x lives in and x as an element of it.
    fn embed(&self, x: &Ordinal) -> Result<(Tower, Vec<u128>), OrdinalError> {
        let needs = self.needs(x)?;
        let tower = Tower::new(&needs, self.alphas().rows(), FIELD_DEGREE_LIMIT)?;
        let mut v = vec![0; tower.len()];
        for (e, c) in x.terms() {
            v[monomial_index(&tower, e)] = *c;
        }
        Ok((tower, v))
    }
}

/// Returns the number of base-p digits of n.
fn digit_count(mut n: u64, p: u64) -> u32 {
    let mut d = 0;
    while n != 0 {
        n /= p;
        d += 1;
    }
    d
}

/// Returns the tower position of ω^E: digit i of place k is the power of κ_{r^(i+1)} =
/// y^(r^(j−1−i)), where y = κ_{r^j} is the level's generator.
fn monomial_index(tower: &Tower, e: &Exponent) -> usize {
    let mut index = 0;
    for (h, level) in tower.levels().iter().enumerate() {
        let (r, j) = (level.prime, level.power);
        let mut place = e.place(level.index);
        let mut y = 0;
        for i in 0..j {
            y += (place % r) * r.pow(j - 1 - i);
            place /= r;
        }
        index += y as usize * tower.size(h);
    }
    index
}

/// Returns the ordinal whose coefficients in the tower are `v`.
fn extract(tower: &Tower, v: &[u128]) -> Ordinal {
    let mut terms = Vec::new();
    for (index, &c) in v.iter().enumerate().filter(|t| *t.1 != 0) {
        let mut places = Vec::new();
        for (h, level) in tower.levels().iter().enumerate() {
            let (r, j) = (level.prime, level.power);
            let y = (index / tower.size(h)) % level.radix;
            let mut place = 0;
            for i in 0..j {
                place += (y as u64 / r.pow(j - 1 - i)) % r * r.pow(i);
            }
            if places.len() <= level.index {
                places.resize(level.index + 1, 0);
            }
            places[level.index] = place;
        }
        let e = Exponent::from_places(places).expect("tower places are indexed");
        terms.push((e, c));
    }
    Ordinal::from_terms(terms)
}
