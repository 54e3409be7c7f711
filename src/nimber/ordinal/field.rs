//! Finite fields below ω^(ω^ω) as towers of Kummer extensions, for the computations whose
//! exponents have thousands of bits (Lenstra's excess, inverses, roots, degrees).
//!
//! A field is F_{2^b}[y_1, …, y_t] with y_i^{n_i} = α_i, where y_i = κ_{r_i^{j_i}} is the top
//! generator of the odd prime r_i (so n_i = r_i^{j_i}) and α_i = α_{r_i} lies in the levels
//! below. An element is the vector of its coefficients in F_{2^b} (nimbers below 2^b) on the
//! monomials of the y's, level 1 varying fastest. Each α is a nim-sum of a few monomials,
//! so squaring and multiplying by a sparse element cost a few passes over the vector instead
//! of a dense F₂ matrix: a monomial times an element is a rotation of blocks in which the
//! blocks that wrap around are multiplied by the sparse α of their level.

use std::sync::OnceLock;

use super::error::OrdinalError;
use super::primes::odd_prime;
use super::row::{ExcessRow, Needs};

/// A sparse element: (monomial index, coefficient) pairs with distinct indices.
pub(crate) type Sparse = Vec<(usize, u128)>;

/// One Kummer level: y^radix = α, with α in the levels below.
#[derive(Clone, Debug)]
pub(crate) struct Level {
    /// The odd prime index k of r = p_k.
    pub(crate) index: usize,
    /// The odd prime r.
    pub(crate) prime: u64,
    /// j, with y = κ_{r^j}.
    pub(crate) power: u32,
    /// n = r^j, the degree of this level over the one below.
    pub(crate) radix: usize,
    /// α_r in the coordinates of the levels below.
    alpha: Sparse,
    /// α_r when it is finite (always so for the lowest level).
    alpha0: u128,
}

/// A finite field F_{2^b}[y_1, …, y_t] built from the α rows it needs.
#[derive(Clone, Debug)]
pub(crate) struct Tower {
    bits: u32,
    levels: Vec<Level>,
    /// `sizes[h]`: the number of monomials in the lowest h levels.
    sizes: Vec<usize>,
}

/// Returns the products of nimbers below 256, computed once.
fn byte_products() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0u8; 1 << 16];
        for a in 0..256u128 {
            for b in 0..256u128 {
                t[(a as usize) << 8 | b as usize] = crate::nimber::mul(a, b) as u8;
            }
        }
        t
    })
}

/// Returns the table c·v² at `c << 8 | v` for nimbers below 256, computed once.
fn byte_scaled_squares() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let products = byte_products();
        let square = |v: usize| products[v << 8 | v] as usize;
        (0..1 << 16)
            .map(|i| products[(i & !0xff) | square(i & 0xff)])
            .collect()
    })
}

/// Returns the nim-product of two finite nimbers, from the byte table when both are small.
pub(crate) fn finite_mul(a: u128, b: u128) -> u128 {
    if a < 256 && b < 256 {
        u128::from(byte_products()[(a as usize) << 8 | b as usize])
    } else {
        crate::nimber::mul(a, b)
    }
}

/// Returns whether every coefficient is 0.
fn is_zero(x: &[u128]) -> bool {
    x.iter().all(|&v| v == 0)
}

impl Tower {
    /// Builds the field `needs` describes, which must be closed under the α's of `rows`.
    pub(crate) fn new(
        needs: &Needs,
        rows: &[ExcessRow],
        limit: u64,
    ) -> Result<Tower, OrdinalError> {
        let degree = needs.degree().unwrap_or(u64::MAX);
        if degree > limit {
            return Err(OrdinalError::FieldTooLarge { degree, limit });
        }
        let mut levels = Vec::with_capacity(needs.powers.len());
        let mut sizes = vec![1usize];
        for (&index, &power) in &needs.powers {
            let prime = odd_prime(index).ok_or(OrdinalError::Overflow)?;
            let radix = prime.pow(power) as usize;
            levels.push(Level {
                index,
                prime,
                power,
                radix,
                alpha: Vec::new(),
                alpha0: 0,
            });
            sizes.push(sizes[sizes.len() - 1] * radix);
        }
        let mut tower = Tower {
            bits: needs.bits,
            levels,
            sizes,
        };
        for h in 0..tower.levels.len() {
            let row = &rows[tower.levels[h].index];
            let mut alpha: Sparse = vec![(0, u128::from(row.excess))];
            for &q in &row.kappa_set {
                alpha.push(tower.kappa(q).ok_or(OrdinalError::Overflow)?);
            }
            let alpha = normalize(alpha);
            debug_assert!(
                alpha.iter().all(|&(i, _)| i < tower.sizes[h]),
                "α below its level"
            );
            tower.levels[h].alpha0 = alpha.iter().find(|t| t.0 == 0).map_or(0, |t| t.1);
            tower.levels[h].alpha = alpha;
        }
        Ok(tower)
    }

    /// Returns κ_q as a sparse term in this field, if the field holds it.
    pub(crate) fn kappa(&self, q: u64) -> Option<(usize, u128)> {
        let factors = super::primes::factorize(q);
        let (r, i) = factors[0];
        if r == 2 {
            let shift = 1u32.checked_shl(i - 1)?;
            return (shift < self.bits).then(|| (0, 1u128 << shift));
        }
        let h = self
            .levels
            .iter()
            .position(|l| l.prime == r && l.power >= i)?;
        let level = &self.levels[h];
        Some((r.pow(level.power - i) as usize * self.sizes[h], 1))
    }

    /// Returns the number of coefficients of an element.
    pub(crate) fn len(&self) -> usize {
        self.sizes[self.levels.len()]
    }

    /// Returns the degree of the field over F₂.
    pub(crate) fn degree(&self) -> u64 {
        u64::from(self.bits) * self.len() as u64
    }

    /// Returns the levels, lowest first.
    pub(crate) fn levels(&self) -> &[Level] {
        &self.levels
    }

    /// Returns the number of monomials in the lowest `h` levels.
    pub(crate) fn size(&self, h: usize) -> usize {
        self.sizes[h]
    }

    /// Returns a bound on the coefficient operations of a product by `b` of the lowest `h`
    /// levels: the schoolbook products of each level's blocks (those of `b` that are zero
    /// are skipped), and the blocks that wrap around scaled by α.
    pub(crate) fn mul_work_by(&self, b: &[u128], h: usize) -> u64 {
        if h == 0 {
            return 1;
        }
        let level = &self.levels[h - 1];
        let (n, bs) = (level.radix, self.sizes[h - 1]);
        let blocks = if h == 1 {
            (n * n) as u64
        } else {
            (0..n)
                .filter(|&j| !is_zero(&b[j * bs..(j + 1) * bs]))
                .map(|j| {
                    (n as u64).saturating_mul(self.mul_work_by(&b[j * bs..(j + 1) * bs], h - 1))
                })
                .fold(0u64, u64::saturating_add)
        };
        let wrap = (n as u64 - 1)
            .saturating_mul(level.alpha.len() as u64)
            .saturating_mul(bs as u64);
        blocks.saturating_add(wrap)
    }

    /// Returns a ⊗ b.
    pub(crate) fn product(&self, a: &[u128], b: &[u128]) -> Vec<u128> {
        let n = self.len();
        let mut out = vec![0; n];
        let mut scratch = vec![0; 4 * n + 8];
        self.mul(&mut out, a, b, self.levels.len(), &mut scratch);
        out
    }

    /// Returns the element 1.
    pub(crate) fn one(&self) -> Vec<u128> {
        let mut v = vec![0; self.len()];
        v[0] = 1;
        v
    }

    #[inline]
    fn bmul(&self, a: u128, b: u128) -> u128 {
        if self.bits <= 8 {
            u128::from(byte_products()[(a as usize) << 8 | b as usize])
        } else {
            crate::nimber::mul(a, b)
        }
    }

    /// Returns monomial `a` ⊗ monomial `b` of the lowest `h` levels as a sparse element.
    fn mono_times(&self, a: usize, b: usize, h: usize) -> Sparse {
        if h == 0 {
            return vec![(0, 1)];
        }
        let (n, bs) = (self.levels[h - 1].radix, self.sizes[h - 1]);
        let low = self.mono_times(a % bs, b % bs, h - 1);
        let t = a / bs + b / bs;
        let (low, t) = if t < n {
            (low, t)
        } else {
            (
                self.sparse_times(&low, &self.levels[h - 1].alpha, h - 1),
                t - n,
            )
        };
        low.into_iter().map(|(i, c)| (i + t * bs, c)).collect()
    }

    /// Returns x ⊗ y for sparse elements of the lowest `h` levels.
    fn sparse_times(&self, x: &[(usize, u128)], y: &[(usize, u128)], h: usize) -> Sparse {
        let mut out = Vec::new();
        for &(i, c) in x {
            for &(j, d) in y {
                let k = self.bmul(c, d);
                out.extend(
                    self.mono_times(i, j, h)
                        .into_iter()
                        .map(|(m, e)| (m, self.bmul(e, k))),
                );
            }
        }
        normalize(out)
    }

    /// Adds x·c to `out` for a coefficient c.
    fn scale_acc(&self, out: &mut [u128], x: &[u128], c: u128) {
        if c == 1 {
            out.iter_mut().zip(x).for_each(|(o, v)| *o ^= v);
        } else {
            out.iter_mut()
                .zip(x)
                .for_each(|(o, &v)| *o ^= self.bmul(v, c));
        }
    }

    /// Adds x ⊗ (monomial `idx`) ⊗ c to `out`, for elements of the lowest `h` levels.
    fn mul_mono_acc(
        &self,
        out: &mut [u128],
        x: &[u128],
        idx: usize,
        c: u128,
        h: usize,
        scratch: &mut [u128],
    ) {
        if idx == 0 {
            return self.scale_acc(out, x, c);
        }
        let level = &self.levels[h - 1];
        let (n, bs) = (level.radix, self.sizes[h - 1]);
        let (e, lo) = (idx / bs, idx % bs);
        if h == 1 {
            let wrapped = self.bmul(c, level.alpha0);
            for (j, &v) in x.iter().enumerate().take(n) {
                if v != 0 {
                    let t = j + e;
                    if t < n {
                        out[t] ^= self.bmul(v, c);
                    } else {
                        out[t - n] ^= self.bmul(v, wrapped);
                    }
                }
            }
            return;
        }
        for j in 0..n {
            let src = &x[j * bs..(j + 1) * bs];
            if is_zero(src) {
                continue;
            }
            let t = j + e;
            if t < n {
                self.mul_mono_acc(&mut out[t * bs..(t + 1) * bs], src, lo, c, h - 1, scratch);
            } else {
                // y^t = y^(t−n) · α: the block wraps around and picks up α.
                let (tmp, rest) = scratch.split_at_mut(bs);
                tmp.fill(0);
                self.mul_mono_acc(tmp, src, lo, c, h - 1, rest);
                let dst = &mut out[(t - n) * bs..(t - n + 1) * bs];
                self.mul_sparse_acc(dst, tmp, &level.alpha, h - 1, rest);
            }
        }
    }

    /// Adds x ⊗ s to `out` for a sparse s.
    fn mul_sparse_acc(
        &self,
        out: &mut [u128],
        x: &[u128],
        s: &[(usize, u128)],
        h: usize,
        scratch: &mut [u128],
    ) {
        for &(idx, c) in s {
            self.mul_mono_acc(out, x, idx, c, h, scratch);
        }
    }

    /// Writes a ⊗ b to `out` by schoolbook products level by level.
    fn mul(&self, out: &mut [u128], a: &[u128], b: &[u128], h: usize, scratch: &mut [u128]) {
        if h == 0 {
            out[0] = self.bmul(a[0], b[0]);
            return;
        }
        let level = &self.levels[h - 1];
        let (n, bs) = (level.radix, self.sizes[h - 1]);
        let (ext, rest) = scratch.split_at_mut((2 * n - 1) * bs);
        ext.fill(0);
        if h == 1 {
            for (i, &x) in a.iter().enumerate().take(n).filter(|t| *t.1 != 0) {
                for (j, &y) in b.iter().enumerate().take(n) {
                    ext[i + j] ^= self.bmul(x, y);
                }
            }
        } else {
            let (tmp, rest) = rest.split_at_mut(bs);
            for i in (0..n).filter(|&i| !is_zero(&a[i * bs..(i + 1) * bs])) {
                for j in (0..n).filter(|&j| !is_zero(&b[j * bs..(j + 1) * bs])) {
                    self.mul(
                        tmp,
                        &a[i * bs..(i + 1) * bs],
                        &b[j * bs..(j + 1) * bs],
                        h - 1,
                        rest,
                    );
                    let dst = &mut ext[(i + j) * bs..(i + j + 1) * bs];
                    dst.iter_mut().zip(tmp.iter()).for_each(|(d, v)| *d ^= v);
                }
            }
        }
        out[..n * bs].copy_from_slice(&ext[..n * bs]);
        for k in n..2 * n - 1 {
            let high = &ext[k * bs..(k + 1) * bs];
            if !is_zero(high) {
                let dst = &mut out[(k - n) * bs..(k - n + 1) * bs];
                self.mul_sparse_acc(dst, high, &level.alpha, h - 1, rest);
            }
        }
    }
}

/// Sorts a sparse element by index, XORing repeated indices and dropping zeros.
pub(crate) fn normalize(mut s: Sparse) -> Sparse {
    s.sort_unstable_by_key(|t| t.0);
    let mut out: Sparse = Vec::with_capacity(s.len());
    for (i, c) in s {
        match out.last_mut() {
            Some(last) if last.0 == i => last.1 ^= c,
            _ => out.push((i, c)),
        }
    }
    out.retain(|t| t.1 != 0);
    out
}

/// An F_{2^b}-linear map of the field, stored as the sparse images of the monomials.
///
/// Squaring is one (the Frobenius map is additive and squares coefficients), and so is the
/// product by a fixed element; both images are sparse because every α is.
struct SparseMap {
    starts: Vec<usize>,
    targets: Vec<u32>,
    coeffs: Vec<u128>,
}

impl SparseMap {
    /// Collects the image of each monomial in turn.
    fn new(images: impl Iterator<Item = Sparse>) -> SparseMap {
        let mut map = SparseMap {
            starts: vec![0],
            targets: Vec::new(),
            coeffs: Vec::new(),
        };
        for image in images {
            for (i, c) in image {
                map.targets.push(i as u32);
                map.coeffs.push(c);
            }
            map.starts.push(map.targets.len());
        }
        map
    }

    /// Returns the map x ↦ x² of `tower`.
    fn square(tower: &Tower) -> SparseMap {
        let top = tower.levels.len();
        SparseMap::new((0..tower.len()).map(|i| tower.mono_times(i, i, top)))
    }

    /// Returns the map x ↦ x ⊗ s of `tower`.
    fn times(tower: &Tower, s: &[(usize, u128)]) -> SparseMap {
        let top = tower.levels.len();
        SparseMap::new((0..tower.len()).map(|i| tower.sparse_times(&[(i, 1)], s, top)))
    }

    /// Writes Σ g(x_i)·image_i to `out`, with g the squaring of coefficients or the identity.
    fn apply(&self, tower: &Tower, out: &mut [u128], x: &[u128], square: bool) {
        out.fill(0);
        for (i, &v) in x.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let s = if square { tower.bmul(v, v) } else { v };
            let range = self.starts[i]..self.starts[i + 1];
            for (&t, &c) in self.targets[range.clone()].iter().zip(&self.coeffs[range]) {
                out[t as usize] ^= if c == 1 { s } else { tower.bmul(s, c) };
            }
        }
    }
}

/// One map over coefficients below 256 as flat (source, target) entries, those with
/// coefficient 1 apart from the rest: the inner loop of Lenstra's test.
struct ByteMap {
    plain: Vec<(u32, u32)>,
    scaled: Vec<(u32, u32, u8)>,
}

impl ByteMap {
    fn new(map: &SparseMap) -> ByteMap {
        let (mut plain, mut scaled) = (Vec::new(), Vec::new());
        for i in 0..map.starts.len() - 1 {
            for k in map.starts[i]..map.starts[i + 1] {
                match map.coeffs[k] {
                    1 => plain.push((i as u32, map.targets[k])),
                    c => scaled.push((i as u32, map.targets[k], c as u8)),
                }
            }
        }
        ByteMap { plain, scaled }
    }

    /// Writes Σ g(x_i)·image_i to `out`, where `unit[v]` = g(v) and `table[c << 8 | v]` = g(v)·c.
    fn apply(&self, out: &mut [u8], x: &[u8], unit: &[u8; 256], table: &[u8]) {
        out.fill(0);
        for &(i, t) in &self.plain {
            out[t as usize] ^= unit[x[i as usize] as usize];
        }
        for &(i, t, c) in &self.scaled {
            out[t as usize] ^= table[(c as usize) << 8 | x[i as usize] as usize];
        }
    }
}

/// The squaring map and the product by a fixed element, over coefficients below 256.
struct ByteMaps {
    squaring: ByteMap,
    times: ByteMap,
    /// `squares[v]` = v².
    squares: [u8; 256],
    identity: [u8; 256],
}

impl ByteMaps {
    fn new(squaring: &SparseMap, times: &SparseMap) -> ByteMaps {
        let products = byte_products();
        let mut squares = [0u8; 256];
        let mut identity = [0u8; 256];
        for v in 0..256 {
            squares[v] = products[v << 8 | v];
            identity[v] = v as u8;
        }
        ByteMaps {
            squaring: ByteMap::new(squaring),
            times: ByteMap::new(times),
            squares,
            identity,
        }
    }

    /// Returns the fixed factor raised to the exponent whose bits come most significant first.
    fn pow(&self, len: usize, bits: impl Iterator<Item = bool>) -> Vec<u128> {
        let (mut acc, mut tmp) = (vec![0u8; len], vec![0u8; len]);
        acc[0] = 1;
        let mut started = false;
        for bit in bits {
            if started {
                self.squaring
                    .apply(&mut tmp, &acc, &self.squares, byte_scaled_squares());
                std::mem::swap(&mut acc, &mut tmp);
            }
            if bit {
                self.times
                    .apply(&mut tmp, &acc, &self.identity, byte_products());
                std::mem::swap(&mut acc, &mut tmp);
                started = true;
            }
        }
        acc.into_iter().map(u128::from).collect()
    }
}

/// Buffers for repeated operations in one tower.
pub(crate) struct Engine<'t> {
    tower: &'t Tower,
    squaring: SparseMap,
    scratch: Vec<u128>,
    tmp: Vec<u128>,
}

impl<'t> Engine<'t> {
    /// Returns an engine with buffers sized for `tower`.
    pub(crate) fn new(tower: &'t Tower) -> Engine<'t> {
        let n = tower.len();
        Engine {
            tower,
            squaring: SparseMap::square(tower),
            scratch: vec![0; 4 * n + 8],
            tmp: vec![0; n],
        }
    }

    fn top(&self) -> usize {
        self.tower.levels.len()
    }

    /// Returns the number of coefficients of an element.
    pub(crate) fn len(&self) -> usize {
        self.tower.len()
    }

    /// Returns the degree of the field over F₂.
    pub(crate) fn degree(&self) -> u64 {
        self.tower.degree()
    }

    /// Returns the coefficient operations of one squaring: one for each entry of the
    /// squaring map, and one to clear each coefficient.
    pub(crate) fn square_work(&self) -> u64 {
        (self.squaring.targets.len() + self.tower.len()) as u64
    }

    /// Returns a bound on the coefficient operations of a product by `y`.
    pub(crate) fn mul_work_by(&self, y: &[u128]) -> u64 {
        self.tower.mul_work_by(y, self.top())
    }

    /// Returns a bound on the coefficient operations of a product of two dense elements.
    pub(crate) fn mul_work(&self) -> u64 {
        let dense = vec![1; self.tower.len()];
        self.mul_work_by(&dense)
    }

    /// Replaces x by x².
    pub(crate) fn square(&mut self, x: &mut Vec<u128>) {
        self.squaring.apply(self.tower, &mut self.tmp, x, true);
        std::mem::swap(x, &mut self.tmp);
    }

    /// Replaces x by x ⊗ y.
    pub(crate) fn mul(&mut self, x: &mut Vec<u128>, y: &[u128]) {
        let top = self.top();
        self.tower.mul(&mut self.tmp, x, y, top, &mut self.scratch);
        std::mem::swap(x, &mut self.tmp);
    }

    /// Replaces x by x ⊗ s for a sparse s.
    #[cfg(test)]
    pub(crate) fn mul_sparse(&mut self, x: &mut Vec<u128>, s: &[(usize, u128)]) {
        self.tmp.fill(0);
        let top = self.top();
        self.tower
            .mul_sparse_acc(&mut self.tmp, x, s, top, &mut self.scratch);
        std::mem::swap(x, &mut self.tmp);
    }

    /// Returns base^e for the exponent whose bits come most significant first.
    pub(crate) fn pow_sparse_bits(
        &mut self,
        base: &[(usize, u128)],
        bits: impl Iterator<Item = bool>,
    ) -> Vec<u128> {
        let times = SparseMap::times(self.tower, base);
        if self.tower.bits <= 8 {
            return ByteMaps::new(&self.squaring, &times).pow(self.tower.len(), bits);
        }
        let mut acc = self.tower.one();
        let mut started = false;
        for bit in bits {
            if started {
                self.square(&mut acc);
            }
            if bit {
                times.apply(self.tower, &mut self.tmp, &acc, false);
                std::mem::swap(&mut acc, &mut self.tmp);
                started = true;
            }
        }
        acc
    }

    /// Returns x^e.
    pub(crate) fn pow(&mut self, x: &[u128], e: u128) -> Vec<u128> {
        let mut acc = self.tower.one();
        for i in (0..128 - e.leading_zeros()).rev() {
            self.square(&mut acc);
            if e >> i & 1 == 1 {
                self.mul(&mut acc, x);
            }
        }
        acc
    }

    /// Returns x^(2^k − 1) by Itoh and Tsujii's chain: about k squarings and 2·log k products.
    fn pow_mersenne(&mut self, x: &[u128], k: u64) -> Vec<u128> {
        if k == 0 {
            return self.tower.one();
        }
        let mut acc = x.to_vec();
        let mut have = 1u64;
        for i in (0..63 - k.leading_zeros()).rev() {
            // x^(2^(2h) − 1) = (x^(2^h − 1))^(2^h) · x^(2^h − 1).
            let mut shifted = acc.clone();
            for _ in 0..have {
                self.square(&mut shifted);
            }
            self.mul(&mut shifted, &acc);
            acc = shifted;
            have *= 2;
            if k >> i & 1 == 1 {
                self.square(&mut acc);
                self.mul(&mut acc, x);
                have += 1;
            }
        }
        debug_assert_eq!(have, k);
        acc
    }

    /// Returns x⁻¹ = x^(2^N − 2) for a nonzero x.
    pub(crate) fn inverse(&mut self, x: &[u128]) -> Vec<u128> {
        let mut y = self.pow_mersenne(x, self.tower.degree() - 1);
        self.square(&mut y);
        y
    }

    /// Returns the square root x^(2^(N − 1)).
    pub(crate) fn sqrt(&mut self, x: &[u128]) -> Vec<u128> {
        let mut y = x.to_vec();
        for _ in 1..self.tower.degree() {
            self.square(&mut y);
        }
        y
    }

    /// Returns the degree of x over F₂: the least d with x^(2^d) = x.
    pub(crate) fn degree_of(&mut self, x: &[u128]) -> u64 {
        let mut y = x.to_vec();
        for d in 1..self.tower.degree() {
            self.square(&mut y);
            if y == x {
                return d;
            }
        }
        self.tower.degree()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::ordinal::alpha::Alphas;

    fn tower(powers: &[(usize, u32)], bits: u32) -> Tower {
        let alphas = Alphas::cited().expect("the cited table is consistent");
        let mut needs = Needs::new();
        needs.bits = bits;
        for &(k, j) in powers {
            needs.add_power(k, j);
        }
        needs.close(alphas.rows()).expect("cited");
        Tower::new(&needs, alphas.rows(), 1 << 20).expect("small")
    }

    fn element(t: &Tower, seed: u64) -> Vec<u128> {
        let mask = (1u128 << t.bits) - 1;
        (0..t.len() as u64)
            .map(|i| u128::from((i + 1).wrapping_mul(seed).rotate_left(17) ^ seed) & mask)
            .collect()
    }

    #[test]
    fn omega_is_a_cube_root_of_two() {
        let t = tower(&[(0, 1)], 1);
        assert_eq!((t.len(), t.degree()), (3, 6));
        let mut e = Engine::new(&t);
        let w = t.kappa(3).expect("κ_3");
        let cube = e.pow_sparse_bits(&[w], [true, true].into_iter());
        assert_eq!(cube, vec![2, 0, 0]);
    }

    #[test]
    fn field_laws_hold_in_a_three_level_tower() {
        // κ_9, κ_5 and κ_7 over F_16: degree 4·9·5·7 = 1260.
        let t = tower(&[(0, 2), (1, 1), (2, 1)], 4);
        assert_eq!(t.degree(), 1260);
        let mut e = Engine::new(&t);
        let (a, b, c) = (element(&t, 3), element(&t, 5), element(&t, 11));
        let mut ab = a.clone();
        e.mul(&mut ab, &b);
        let mut ba = b.clone();
        e.mul(&mut ba, &a);
        assert_eq!(ab, ba);
        let (mut ab_c, mut bc) = (ab.clone(), b.clone());
        e.mul(&mut ab_c, &c);
        e.mul(&mut bc, &c);
        let mut a_bc = a.clone();
        e.mul(&mut a_bc, &bc);
        assert_eq!(ab_c, a_bc);
        let mut sq = a.clone();
        e.square(&mut sq);
        let mut aa = a.clone();
        e.mul(&mut aa, &a);
        assert_eq!(sq, aa);
        let mut check = e.inverse(&a);
        e.mul(&mut check, &a);
        assert_eq!(check, t.one());
        let mut root = e.sqrt(&a);
        e.square(&mut root);
        assert_eq!(root, a);
    }

    #[test]
    fn sparse_product_matches_dense_product() {
        let t = tower(&[(0, 1), (2, 1), (8, 1)], 2);
        assert_eq!(t.degree(), 2436);
        let mut e = Engine::new(&t);
        let s = normalize(vec![
            (t.kappa(29).expect("κ_29").0, 1),
            (0, 3),
            (t.size(1), 2),
        ]);
        let mut dense = vec![0; t.len()];
        for &(i, c) in &s {
            dense[i] = c;
        }
        let (mut x, mut y) = (element(&t, 7), element(&t, 7));
        let mut z = vec![0; t.len()];
        SparseMap::times(&t, &s).apply(&t, &mut z, &x, false);
        e.mul_sparse(&mut x, &s);
        e.mul(&mut y, &dense);
        assert_eq!(x, y);
        assert_eq!(z, y);
    }
}
