//! The u64 nim-product chosen once for this CPU.
//!
//! On x86 with `pclmulqdq` the product goes through the carry-less polynomial basis of
//! the hardware module, whose tables are derived on first use from the portable product;
//! other CPUs use the portable Fermat recursion throughout.
//!
//! ```
//! use nimsite_core::nimber::Mul64;
//! let m = Mul64::detect();
//! assert_eq!(m.mul(1 << 63, 1 << 63), 16017865340936038689);
//! let mut out = [0; 2];
//! m.mul_batch(&[2, 3141], &[2, 5926], &mut out);
//! assert_eq!(out, [3, 14994]);
//! ```

#[cfg(target_arch = "x86_64")]
use std::sync::OnceLock;

#[cfg(target_arch = "x86_64")]
use super::clmul::PolyBasis;
use super::portable::mul64_portable;

/// A u64 nim-product chosen once for this CPU.
#[derive(Clone, Copy, Debug)]
pub struct Mul64 {
    #[cfg(target_arch = "x86_64")]
    basis: Option<&'static PolyBasis>,
}

/// Returns the basis tables, built on first use (48 KiB).
#[cfg(target_arch = "x86_64")]
fn poly_basis() -> &'static PolyBasis {
    static BASIS: OnceLock<Box<PolyBasis>> = OnceLock::new();
    BASIS.get_or_init(|| PolyBasis::build(mul64_portable))
}

impl Mul64 {
    /// Returns the fastest product this CPU supports.
    pub fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("pclmulqdq") {
                return Mul64 {
                    basis: Some(poly_basis()),
                };
            }
            Mul64 { basis: None }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Mul64 {}
    }

    /// Returns the portable product, for comparison and for testing the fallback.
    pub fn portable() -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            Mul64 { basis: None }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Mul64 {}
    }

    /// Returns whether this product uses carry-less multiplication.
    pub fn is_clmul(&self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            self.basis.is_some()
        }
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    /// Returns `a ⊗ b`.
    #[inline]
    pub fn mul(&self, a: u64, b: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if let Some(basis) = self.basis {
            // SAFETY: `basis` is only set after `pclmulqdq` was detected.
            return unsafe { basis.mul(a, b) };
        }
        mul64_portable(a, b)
    }

    /// Writes `a[i] ⊗ b[i]` to `out[i]` for every index of the shortest of the three.
    pub fn mul_batch(&self, a: &[u64], b: &[u64], out: &mut [u64]) {
        #[cfg(target_arch = "x86_64")]
        if let Some(basis) = self.basis {
            // SAFETY: `basis` is only set after `pclmulqdq` was detected.
            unsafe { basis.mul_batch(a, b, out) };
            return;
        }
        for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
            *o = mul64_portable(x, y);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clmul_path_agrees_with_portable_on_a_grid() {
        let fast = Mul64::detect();
        let portable = Mul64::portable();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            x = x.rotate_left(17).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ 0x94d0_49bb_1331_11eb;
            let y = x.rotate_left(29).wrapping_add(0x2545_f491_4f6c_dd1d);
            assert_eq!(fast.mul(x, y), portable.mul(x, y), "{x} ⊗ {y}");
            assert_eq!(fast.mul(x >> 40, y), portable.mul(x >> 40, y));
        }
    }

    #[test]
    fn batch_matches_single() {
        let m = Mul64::detect();
        let a: Vec<u64> = (0..1000u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        let b: Vec<u64> = a.iter().map(|x| x.rotate_left(7) ^ 5).collect();
        let mut out = vec![0; 1000];
        m.mul_batch(&a, &b, &mut out);
        for i in 0..1000 {
            assert_eq!(out[i], m.mul(a[i], b[i]));
        }
    }
}
