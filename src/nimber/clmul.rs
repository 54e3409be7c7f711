//! The hardware nim-product: carry-less multiplication in a polynomial basis.
//!
//! The nimbers below 2^64 form the field GF(2^64). Any `g ≥ 2^32` lies in no smaller
//! subfield, so `1, g, …, g^63` is a basis and `g` has a minimal polynomial `p` of degree
//! 64. In that basis a product is a carry-less product reduced modulo `p`, which x86 does
//! in a few cycles with `pclmulqdq`. Changing basis is GF(2)-linear, so it is eight
//! lookups in byte-indexed tables.
//!
//! This module is a leaf: it knows nothing of nimbers until [`PolyBasis::build`] is handed
//! a reference product, from which it derives every table.

/// Byte-indexed change-of-basis tables and the reduction constants for `p`.
#[derive(Debug)]
pub(super) struct PolyBasis {
    /// `to_poly[j][v]`: polynomial coordinates of the nimber `v << 8j`.
    to_poly: [[u64; 256]; 8],
    /// `to_nim[j][v]`: the nimber whose polynomial coordinates are `v << 8j`.
    to_nim: [[u64; 256]; 8],
    /// `p − x^64`.
    p_low: u64,
    /// `⌊x^128 / p⌋ − x^64`, for Barrett reduction.
    mu_low: u64,
}

/// Returns the linear map given by the images of the 64 unit vectors as byte tables.
fn byte_tables(images: &[u64; 64]) -> [[u64; 256]; 8] {
    let mut t = [[0u64; 256]; 8];
    for (j, table) in t.iter_mut().enumerate() {
        for v in 1..256usize {
            let low = v.trailing_zeros() as usize;
            table[v] = table[v & (v - 1)] ^ images[8 * j + low];
        }
    }
    t
}

/// Applies a linear map stored as byte tables.
#[inline(always)]
fn apply(t: &[[u64; 256]; 8], x: u64) -> u64 {
    let mut r = 0;
    for (j, table) in t.iter().enumerate() {
        r ^= table[(x >> (8 * j)) as usize & 0xff];
    }
    r
}

impl PolyBasis {
    /// Derives the basis of powers of `g = 2^32` and its tables from `product`, which
    /// must be the nim-product below 2^64.
    pub(super) fn build(product: impl Fn(u64, u64) -> u64) -> Box<PolyBasis> {
        let g = 1u64 << 32;
        let mut powers = [0u64; 64];
        let mut x = 1u64;
        for slot in powers.iter_mut() {
            *slot = x;
            x = product(x, g);
        }
        let g64 = x;
        let inverse = invert(&powers);
        let to_nim = byte_tables(&powers);
        let to_poly = byte_tables(&inverse);
        let p_low = apply(&to_poly, g64);
        Box::new(PolyBasis {
            to_poly,
            to_nim,
            p_low,
            mu_low: barrett_mu(p_low),
        })
    }

    /// Returns `a ⊗ b` through the polynomial basis.
    ///
    /// # Safety
    /// The CPU must support `pclmulqdq`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "pclmulqdq")]
    pub(super) unsafe fn mul(&self, a: u64, b: u64) -> u64 {
        let c = clmul(apply(&self.to_poly, a), apply(&self.to_poly, b));
        let (hi, lo) = ((c >> 64) as u64, c as u64);
        let q = hi ^ (clmul(hi, self.mu_low) >> 64) as u64;
        let r = lo ^ clmul(q, self.p_low) as u64;
        apply(&self.to_nim, r)
    }

    /// Multiplies slices pairwise through the polynomial basis.
    ///
    /// # Safety
    /// The CPU must support `pclmulqdq`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "pclmulqdq")]
    pub(super) unsafe fn mul_batch(&self, a: &[u64], b: &[u64], out: &mut [u64]) {
        for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
            // SAFETY: this function already requires `pclmulqdq`.
            *o = unsafe { self.mul(x, y) };
        }
    }
}

/// Returns the carry-less product of `a` and `b`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq")]
#[inline]
fn clmul(a: u64, b: u64) -> u128 {
    use std::arch::x86_64::{
        _mm_clmulepi64_si128, _mm_cvtsi64_si128, _mm_cvtsi128_si64, _mm_unpackhi_epi64,
    };
    let r = _mm_clmulepi64_si128(_mm_cvtsi64_si128(a as i64), _mm_cvtsi64_si128(b as i64), 0);
    let lo = _mm_cvtsi128_si64(r) as u64;
    let hi = _mm_cvtsi128_si64(_mm_unpackhi_epi64(r, r)) as u64;
    (u128::from(hi) << 64) | u128::from(lo)
}

/// Inverts the GF(2)-linear map with the given images of unit vectors, by elimination.
fn invert(images: &[u64; 64]) -> [u64; 64] {
    // pivots[t] = (vector with top bit t, which unit-vector combination gives it)
    let mut pivots: [(u64, u64); 64] = [(0, 0); 64];
    for (i, &img) in images.iter().enumerate() {
        let (mut v, mut c) = (img, 1u64 << i);
        while v != 0 {
            let t = 63 - v.leading_zeros() as usize;
            if pivots[t].0 == 0 {
                pivots[t] = (v, c);
                break;
            }
            v ^= pivots[t].0;
            c ^= pivots[t].1;
        }
        // The powers of an element of degree 64 are independent, so `v` never reaches 0.
        debug_assert!(v != 0, "basis images are dependent");
    }
    let mut inverse = [0u64; 64];
    for t in 0..64 {
        let (mut v, mut c) = pivots[t];
        for (s, &(_, cs)) in pivots.iter().enumerate().take(t) {
            if v >> s & 1 == 1 {
                v ^= 1 << s;
                c ^= cs;
            }
        }
        pivots[t] = (v, c);
        inverse[t] = c;
    }
    inverse
}

/// Returns `⌊x^128 / p⌋ − x^64` for `p = x^64 + p_low`.
fn barrett_mu(p_low: u64) -> u64 {
    let p = (1u128 << 64) | u128::from(p_low);
    // x^128 minus the leading quotient term x^64 · p leaves p_low · x^64.
    let mut rem = u128::from(p_low) << 64;
    let mut q = 0u64;
    for i in (64..128).rev() {
        if rem >> i & 1 == 1 {
            q |= 1 << (i - 64);
            rem ^= p << (i - 64);
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverting_twice_gives_the_map_back() {
        let images: [u64; 64] = std::array::from_fn(|i| (1u64 << i) ^ (1u64 << i >> 1));
        assert_eq!(invert(&invert(&images)), images);
        let t = byte_tables(&images);
        let ti = byte_tables(&invert(&images));
        for x in [0u64, 1, 0xdead_beef, u64::MAX] {
            assert_eq!(apply(&ti, apply(&t, x)), x);
        }
    }
}
