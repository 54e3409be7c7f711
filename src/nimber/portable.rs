//! The portable nim-product: Conway's Fermat 2-power recursion, with no CPU extensions.
//!
//! For a Fermat 2-power `F = 2^(2^k)`, `F ⊗ x = F·x` when `x < F`, and `F ⊗ F = 3F/2`.
//! Splitting each factor at `F` turns one product of width `2w` into three of width `w`
//! (Karatsuba) plus one product by `F/2`. Everything else in the core that multiplies,
//! including the hardware path, is derived from or checked against this recursion.
//!
//! ```
//! use nimsite_core::nimber::{mul64_portable, mul_counted};
//! assert_eq!(mul64_portable(3141, 5926), 14994);
//! assert_eq!(mul_counted(2, 2).0, 3);
//! ```

use std::sync::OnceLock;

/// Returns the nim-product of two nimbers below 2^64 by the Fermat recursion alone,
/// bottoming out in a 256×256 table; it needs no special CPU instructions.
pub fn mul64_portable(a: u64, b: u64) -> u64 {
    let small = small_table();
    fermat_table(u128::from(a), u128::from(b), 64, small) as u64
}

/// Returns the nim-product of `a` and `b` by the Fermat recursion down to single bits,
/// with the number of recursive calls it made (the top call included).
///
/// The recursion takes two shortcuts: when both high halves are zero it makes one call on
/// the low halves, and when only one is zero it makes two (`a0⊗b1` and `a0⊗b0`, say),
/// since a product by `F` is a shift. [`mul_counted_as_described`] counts without them.
pub fn mul_counted(a: u128, b: u128) -> (u128, u64) {
    let mut steps = 0;
    let value = fermat_counted(a, b, width_of(a | b), &mut steps);
    (value, steps)
}

/// Returns the nim-product of `a` and `b` by the recursion exactly as it is written, with
/// no shortcut, and the number of calls it made (the top call included).
///
/// Both factors are split at the smallest Fermat 2-power width that holds them, and every
/// call of width `w > 1` makes four calls of width `w/2`: `(a1⊕a0)⊗(b1⊕b0)`, `a0⊗b0`,
/// `a1⊗b1` and the product of the last by `F/2`; a call of width 1 is one AND. So the
/// count depends only on the width: `(4^(k+1) − 1)/3` calls at width `2^k`, that is
/// 1, 5, 21, 85, … for factors below 2, 4, 16, 256, ….
pub fn mul_counted_as_described(a: u128, b: u128) -> (u128, u64) {
    let mut steps = 0;
    let value = fermat_described(a, b, width_of(a | b), &mut steps);
    (value, steps)
}

/// Returns the smallest Fermat 2-power width `2^k` (1 to 128 bits) that holds `x`.
pub(crate) fn width_of(x: u128) -> u32 {
    let mut w = 1;
    while w < 128 && x >> w != 0 {
        w *= 2;
    }
    w
}

/// Splits `a, b < 2^w` into halves `(a1, a0, b1, b0)` of width `w/2`.
fn halves(a: u128, b: u128, h: u32) -> (u128, u128, u128, u128) {
    let mask = (1u128 << h) - 1;
    (a >> h, a & mask, b >> h, b & mask)
}

/// Multiplies `a, b < 2^w` by the recursion down to width 1, counting calls.
fn fermat_counted(a: u128, b: u128, w: u32, steps: &mut u64) -> u128 {
    *steps += 1;
    if w == 1 {
        return a & b;
    }
    let h = w / 2;
    let (a1, a0, b1, b0) = halves(a, b, h);
    if a1 == 0 && b1 == 0 {
        return fermat_counted(a0, b0, h, steps);
    }
    if a1 == 0 {
        return (fermat_counted(a0, b1, h, steps) << h) ^ fermat_counted(a0, b0, h, steps);
    }
    if b1 == 0 {
        return (fermat_counted(a1, b0, h, steps) << h) ^ fermat_counted(a0, b0, h, steps);
    }
    let top = fermat_counted(a1, b1, h, steps);
    let low = fermat_counted(a0, b0, h, steps);
    let mid = fermat_counted(a0 ^ a1, b0 ^ b1, h, steps);
    let half = fermat_counted(top, 1 << (h - 1), h, steps);
    ((mid ^ low) << h) | (low ^ half)
}

/// Multiplies `a, b < 2^w` by the four-call recursion with no shortcuts, counting calls.
fn fermat_described(a: u128, b: u128, w: u32, steps: &mut u64) -> u128 {
    *steps += 1;
    if w == 1 {
        return a & b;
    }
    let h = w / 2;
    let (a1, a0, b1, b0) = halves(a, b, h);
    let mid = fermat_described(a1 ^ a0, b1 ^ b0, h, steps);
    let low = fermat_described(a0, b0, h, steps);
    let top = fermat_described(a1, b1, h, steps);
    let half = fermat_described(top, 1 << (h - 1), h, steps);
    ((mid ^ low) << h) | (low ^ half)
}

/// Multiplies `a, b < 2^w` by the recursion, reading products below 256 from a table.
fn fermat_table(a: u128, b: u128, w: u32, small: &[u8]) -> u128 {
    if w <= 8 {
        return u128::from(small[(a as usize) << 8 | b as usize]);
    }
    let h = w / 2;
    let (a1, a0, b1, b0) = halves(a, b, h);
    if a1 == 0 && b1 == 0 {
        return fermat_table(a0, b0, h, small);
    }
    let top = fermat_table(a1, b1, h, small);
    let low = fermat_table(a0, b0, h, small);
    let mid = fermat_table(a0 ^ a1, b0 ^ b1, h, small);
    let half = fermat_table(top, 1 << (h - 1), h, small);
    ((mid ^ low) << h) | (low ^ half)
}

/// Returns the 256×256 table of products below 256, computed once: the bit recursion gives
/// the 64 products of powers of two, and bilinearity (x ⊗ (y ⊕ z) = x ⊗ y ⊕ x ⊗ z) gives
/// the rest by one XOR each, so start-up does not wait on 65,536 recursions.
fn small_table() -> &'static [u8] {
    static SMALL: OnceLock<Vec<u8>> = OnceLock::new();
    SMALL.get_or_init(|| {
        let mut t = vec![0u8; 1 << 16];
        let mut steps = 0;
        for a in 1..256usize {
            let low = a & a.wrapping_neg();
            for b in 1..256usize {
                let lowb = b & b.wrapping_neg();
                t[a << 8 | b] = if low != a {
                    t[(a ^ low) << 8 | b] ^ t[low << 8 | b]
                } else if lowb != b {
                    t[a << 8 | (b ^ lowb)] ^ t[a << 8 | lowb]
                } else {
                    fermat_counted(a as u128, b as u128, 8, &mut steps) as u8
                };
            }
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_table_agrees_with_the_bit_recursion() {
        let t = small_table();
        let mut steps = 0;
        for a in 0..256u128 {
            for b in 0..256u128 {
                let direct = fermat_counted(a, b, 8, &mut steps) as u8;
                assert_eq!(t[(a as usize) << 8 | b as usize], direct, "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn described_recursion_agrees_with_the_shortcut_one() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u128;
        for _ in 0..300 {
            x = x.rotate_left(23).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ 0x94d0_49bb;
            for y in [x, x >> 64, x >> 100, x >> 126] {
                assert_eq!(mul_counted_as_described(x, y).0, mul_counted(x, y).0);
            }
        }
    }

    #[test]
    fn described_counts_depend_only_on_the_width() {
        let counts: Vec<u64> = [1u128, 3, 15, 255, 65535]
            .iter()
            .map(|&a| mul_counted_as_described(a, 1).1)
            .collect();
        assert_eq!(counts, vec![1, 5, 21, 85, 341]);
        assert_eq!(
            mul_counted_as_described(1 << 127, 1).1,
            (4u64.pow(8) - 1) / 3
        );
        // The shortcut recursion is cheaper on a factor with a zero high half.
        assert!(mul_counted(255, 1).1 < 85);
    }

    #[test]
    fn width_is_the_least_fermat_width() {
        let widths: Vec<u32> = [0u128, 1, 2, 4, 16, 256, 1 << 64, u128::MAX]
            .iter()
            .map(|&x| width_of(x))
            .collect();
        assert_eq!(widths, vec![1, 1, 2, 4, 8, 16, 128, 128]);
    }
}
