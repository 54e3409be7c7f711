//! Powers, inverses, square roots, degrees and orders, worked in the finite field that an
//! ordinal's generators span, because their exponents (up to 2^N) are far too long for
//! term-by-term products.

use super::cnf::{Exponent, Ordinal};
use super::error::OrdinalError;
use super::field::{Engine, Tower};
use super::primes::{mersenne_prime_factors, odd_prime};
use super::product::OrdinalArith;
use super::row::Needs;
use crate::nimber::Meter;

/// Bounds the degree over F₂ of the fields that powers, inverses, roots and degrees use.
pub const FIELD_DEGREE_LIMIT: u64 = 8192;

/// Bounds the degree of an element whose multiplicative order is asked (2^d − 1 is factored).
pub const ORDER_DEGREE_LIMIT: u64 = 128;

/// Products with at least this many pairs of terms are worked in a field, when one small
/// enough holds both factors: one product there costs less than the pairs term by term.
const FIELD_PRODUCT_PAIRS: u64 = 64;

impl OrdinalArith {
    /// Returns the nim-product `a ⊗ b`.
    pub fn mul(&self, a: &Ordinal, b: &Ordinal) -> Result<Ordinal, OrdinalError> {
        self.mul_within(a, b, &Meter::unlimited())
    }

    /// Returns `a ⊗ b`, drawing on `meter` (see [`Meter`]): in the field both factors
    /// live in when they have many terms, term by term otherwise.
    pub fn mul_within(
        &self,
        a: &Ordinal,
        b: &Ordinal,
        meter: &Meter,
    ) -> Result<Ordinal, OrdinalError> {
        let pairs = (a.terms().len() as u64).saturating_mul(b.terms().len() as u64);
        if pairs >= FIELD_PRODUCT_PAIRS
            && let Ok((tower, [x, y])) = self.embed_all([a, b])
        {
            let ops = tower.mul_work_by(&y, tower.levels().len());
            let ops = ops.saturating_add(3 * tower.len() as u64);
            meter.charge((ops / OPS_PER_STEP).saturating_add(EMBED_STEPS))?;
            return extract(&tower, &tower.product(&x, &y));
        }
        // Fields too large to build, or errors the term-by-term product reports itself.
        self.mul_by_terms(a, b, meter)
    }

    /// Returns the nim-power x^n; a negative n is a power of the inverse, and x^0 = 1.
    pub fn pow(&self, x: &Ordinal, n: i128) -> Result<Ordinal, OrdinalError> {
        self.pow_within(x, n, &Meter::unlimited())
    }

    /// Returns x^n, drawing on `meter` (see [`Meter`]).
    pub fn pow_within(&self, x: &Ordinal, n: i128, meter: &Meter) -> Result<Ordinal, OrdinalError> {
        if n < 0 && x.is_zero() {
            return Err(OrdinalError::InverseOfZero);
        }
        let (tower, v) = match self.embed(x) {
            Ok(t) => t,
            // Small positive powers stay possible term by term in fields too large to embed.
            Err(OrdinalError::FieldTooLarge { .. }) if (0..=64).contains(&n) => {
                return self.pow_by_products(x, n as u32, meter);
            }
            Err(e) => return Err(e),
        };
        let e = n.unsigned_abs();
        let mut engine = Engine::new(&tower);
        let mut work = Work::new(&engine, &v);
        if n < 0 {
            work.inverse();
        }
        work.pow(e, n < 0);
        meter.charge(work.steps())?;
        let base = if n < 0 { engine.inverse(&v) } else { v };
        extract(&tower, &engine.pow(&base, e))
    }

    /// Returns x^n by square-and-multiply on Cantor normal forms.
    fn pow_by_products(&self, x: &Ordinal, n: u32, meter: &Meter) -> Result<Ordinal, OrdinalError> {
        let mut acc = Ordinal::one();
        for i in (0..32 - n.leading_zeros()).rev() {
            acc = self.mul_within(&acc, &acc, meter)?;
            if n >> i & 1 == 1 {
                acc = self.mul_within(&acc, x, meter)?;
            }
        }
        Ok(acc)
    }

    /// Returns the inverse x⁻¹.
    pub fn inv(&self, x: &Ordinal) -> Result<Ordinal, OrdinalError> {
        self.pow(x, -1)
    }

    /// Returns x⁻¹, drawing on `meter` (see [`Meter`]).
    pub fn inv_within(&self, x: &Ordinal, meter: &Meter) -> Result<Ordinal, OrdinalError> {
        self.pow_within(x, -1, meter)
    }

    /// Returns the unique square root of x (squaring is a bijection in characteristic 2).
    pub fn sqrt(&self, x: &Ordinal) -> Result<Ordinal, OrdinalError> {
        self.sqrt_within(x, &Meter::unlimited())
    }

    /// Returns the square root of x, drawing on `meter` (see [`Meter`]).
    pub fn sqrt_within(&self, x: &Ordinal, meter: &Meter) -> Result<Ordinal, OrdinalError> {
        let (tower, v) = self.embed(x)?;
        let mut engine = Engine::new(&tower);
        let mut work = Work::new(&engine, &v);
        work.squarings(tower.degree());
        meter.charge(work.steps())?;
        extract(&tower, &engine.sqrt(&v))
    }

    /// Returns the degree of x over F₂: the least d with x^(2^d) = x (1 for 0 and 1).
    pub fn degree(&self, x: &Ordinal) -> Result<u64, OrdinalError> {
        self.degree_within(x, &Meter::unlimited())
    }

    /// Returns the degree of x, drawing on `meter` (see [`Meter`]); the charge is for the
    /// field's degree, the most squarings the search can take.
    pub fn degree_within(&self, x: &Ordinal, meter: &Meter) -> Result<u64, OrdinalError> {
        let (tower, v) = self.embed(x)?;
        let mut engine = Engine::new(&tower);
        let mut work = Work::new(&engine, &v);
        work.squarings(2 * tower.degree());
        meter.charge(work.steps())?;
        Ok(engine.degree_of(&v))
    }

    /// Returns the multiplicative order of a nonzero x: the least n ≥ 1 with x^n = 1.
    pub fn order(&self, x: &Ordinal) -> Result<u128, OrdinalError> {
        self.order_within(x, &Meter::unlimited())
    }

    /// Returns the order of x, drawing on `meter` (see [`Meter`]).
    pub fn order_within(&self, x: &Ordinal, meter: &Meter) -> Result<u128, OrdinalError> {
        if x.is_zero() {
            return Err(OrdinalError::OrderOfZero);
        }
        let (tower, v) = self.embed(x)?;
        let mut engine = Engine::new(&tower);
        let mut work = Work::new(&engine, &v);
        work.squarings(2 * tower.degree());
        meter.charge(work.steps())?;
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
            loop {
                if n % l != 0 {
                    break;
                }
                let mut work = Work::new(&engine, &v);
                work.pow(n / l, false);
                meter.charge(work.steps())?;
                if engine.pow(&v, n / l) != tower.one() {
                    break;
                }
                n /= l;
            }
        }
        Ok(n)
    }

    /// Returns the degree over F₂ of the field this core would work in for x.
    pub fn field_degree(&self, x: &Ordinal) -> Result<u64, OrdinalError> {
        let needs = self.needs([x])?;
        needs.degree().ok_or(OrdinalError::Overflow)
    }

    /// Returns what a field must hold to contain every x, closed under the α's it calls
    /// for.
    fn needs<'a>(&self, xs: impl IntoIterator<Item = &'a Ordinal>) -> Result<Needs, OrdinalError> {
        let mut needs = Needs::new();
        for (e, c) in xs.into_iter().flat_map(Ordinal::terms) {
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
        let (tower, [v]) = self.embed_all([x])?;
        Ok((tower, v))
    }

    /// Returns the least field that holds every x, and each as an element of it.
    fn embed_all<const N: usize>(
        &self,
        xs: [&Ordinal; N],
    ) -> Result<(Tower, [Vec<u128>; N]), OrdinalError> {
        let needs = self.needs(xs)?;
        let tower = Tower::new(&needs, self.alphas().rows(), FIELD_DEGREE_LIMIT)?;
        let vs = xs.map(|x| {
            let mut v = vec![0; tower.len()];
            for (e, c) in x.terms() {
                v[monomial_index(&tower, e)] = *c;
            }
            v
        });
        Ok((tower, vs))
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
fn extract(tower: &Tower, v: &[u128]) -> Result<Ordinal, OrdinalError> {
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
        terms.push((Exponent::from_places(places)?, c));
    }
    Ok(Ordinal::from_terms(terms))
}

/// Coefficient operations (a table lookup or a finite product, and a XOR) per step of a
/// [`Meter`].
const OPS_PER_STEP: u64 = 8;

/// Steps for finding the field of an element and building it, whatever its size.
const EMBED_STEPS: u64 = 64;

/// How many times cheaper an operation of a squaring is than one of a product.
const SQUARING_DISCOUNT: u64 = 4;

/// The coefficient operations an operation in one field will take, counted from the
/// field's shape before any of it runs.
struct Work {
    ops: u64,
    degree: u64,
    square: u64,
    product: u64,
    by: u64,
}

impl Work {
    /// Starts the count in `engine`'s field, for powers of `x`, with reading the answer
    /// back.
    fn new(engine: &Engine<'_>, x: &[u128]) -> Work {
        Work {
            ops: engine.len() as u64,
            degree: engine.degree(),
            // A squaring's operations are XORs of coefficients, most of them unscaled.
            square: engine.square_work().div_ceil(SQUARING_DISCOUNT),
            product: engine.mul_work(),
            by: engine.mul_work_by(x),
        }
    }

    fn add(&mut self, ops: u64) {
        self.ops = self.ops.saturating_add(ops);
    }

    /// Counts `k` squarings.
    fn squarings(&mut self, k: u64) {
        self.add(k.saturating_mul(self.square));
    }

    /// Counts the inverse: about N squarings and 2·log N products, by Itoh and Tsujii.
    fn inverse(&mut self) {
        let n = self.degree;
        let log = u64::from(64 - n.leading_zeros());
        self.squarings(n + log);
        self.add((2 * log).saturating_mul(self.product));
    }

    /// Counts x^e by square and multiply; after an inverse, x is dense.
    fn pow(&mut self, e: u128, dense: bool) {
        let bits = u64::from(128 - e.leading_zeros());
        self.squarings(bits);
        let by = if dense { self.product } else { self.by };
        self.add(u64::from(e.count_ones()).saturating_mul(by));
    }

    /// Returns the count in steps of a [`Meter`].
    fn steps(&self) -> u64 {
        (self.ops / OPS_PER_STEP).saturating_add(EMBED_STEPS)
    }
}
