//! Operation tables built from the mex definitions, the oracle for every fast path.
//!
//! Conway defines both operations by a minimum excludant over smaller options:
//! `a ⊕ b = mex({a'⊕b} ∪ {a⊕b'})` and `a ⊗ b = mex{(a'⊗b)⊕(a⊗b')⊕(a'⊗b')}`. Tables up to
//! 256×256 are cheap enough to build straight from those rules.

use std::fmt;

/// The largest table size: 256×256 entries of 4 bytes each stay at 256 KiB.
pub const MAX_TABLE: usize = 256;

/// A requested table size above [`MAX_TABLE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError {
    /// The size asked for.
    pub size: usize,
    /// The largest size allowed.
    pub limit: usize,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "size {} is above the limit of {} (tables are built by definition only up to {})",
            self.size, self.limit, self.limit
        )
    }
}

impl std::error::Error for SizeError {}

/// Returns an error if `n` is above `limit`.
pub(crate) fn check_size(n: usize, limit: usize) -> Result<(), SizeError> {
    if n > limit {
        Err(SizeError { size: n, limit })
    } else {
        Ok(())
    }
}

/// An `n×n` table of an operation on `{0, …, n−1}`, with `n ≤ 256`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    n: usize,
    cells: Vec<u32>,
}

impl Table {
    /// Builds the product table `a ⊗ b` for `a, b < n` from the mex definition alone.
    pub fn product_by_definition(n: usize) -> Result<Table, SizeError> {
        check_size(n, MAX_TABLE)?;
        Ok(Table {
            n,
            cells: product_cells(n),
        })
    }

    /// Builds the product table below [`MAX_TABLE`], the largest, from its mex rule.
    pub fn largest_product_by_definition() -> Table {
        Table {
            n: MAX_TABLE,
            cells: product_cells(MAX_TABLE),
        }
    }

    /// Builds the sum table below [`MAX_TABLE`], the largest, from its mex rule.
    pub fn largest_sum_by_definition() -> Table {
        let n = MAX_TABLE;
        Table {
            n,
            cells: sum_cells(n),
        }
    }

    /// Builds the sum table `a ⊕ b` for `a, b < n` from its mex rule, without using XOR.
    pub fn sum_by_definition(n: usize) -> Result<Table, SizeError> {
        check_size(n, MAX_TABLE)?;
        Ok(Table {
            n,
            cells: sum_cells(n),
        })
    }

    /// Builds a table from any operation, such as a deliberately broken product in a test;
    /// values above `u32::MAX` are stored as `u32::MAX`.
    pub fn from_fn(n: usize, f: impl Fn(usize, usize) -> usize) -> Result<Table, SizeError> {
        check_size(n, MAX_TABLE)?;
        let mut cells = Vec::with_capacity(n * n);
        for a in 0..n {
            for b in 0..n {
                cells.push(u32::try_from(f(a, b)).unwrap_or(u32::MAX));
            }
        }
        Ok(Table { n, cells })
    }

    /// Returns `n`, the number of rows and columns.
    pub fn size(&self) -> usize {
        self.n
    }

    /// Returns the entry in row `a`, column `b`; both must be below [`Table::size`].
    pub fn get(&self, a: usize, b: usize) -> usize {
        self.cells[a * self.n + b] as usize
    }

    /// Returns row `a` as a slice.
    pub fn row(&self, a: usize) -> &[u32] {
        &self.cells[a * self.n..(a + 1) * self.n]
    }
}

/// A set of values below 256 as four 64-bit words.
type Bits = [u64; 4];

/// Masks of the bit positions whose index has bit `s` clear, for `s < 6`.
const SWAP_MASKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// Returns `{v ⊕ c : v ∈ set}` for `c < 256`: XOR by `c` permutes bit positions.
#[inline(always)]
fn xor_shift(set: &Bits, c: u32) -> Bits {
    let mut words = *set;
    for (s, &m) in SWAP_MASKS.iter().enumerate() {
        // All ones when bit `s` of `c` is set: a select rather than a branch, which `c`
        // would mispredict.
        let take = 0u64.wrapping_sub(u64::from(c >> s & 1));
        let k = 1 << s;
        for x in &mut words {
            let swapped = ((*x & m) << k) | ((*x >> k) & m);
            *x = (swapped & take) | (*x & !take);
        }
    }
    let hi = c as usize >> 6;
    std::array::from_fn(|w| words[w ^ hi])
}

/// Returns the least value not in `set` (256 if it holds all of them).
fn mex_bits(set: &Bits) -> u32 {
    for (w, word) in set.iter().enumerate() {
        if *word != u64::MAX {
            return (64 * w) as u32 + (!word).trailing_zeros();
        }
    }
    256
}

/// The cells of the sum table below `n` (at most [`MAX_TABLE`]) by the mex rule.
fn sum_cells(n: usize) -> Vec<u32> {
    let mut cells = vec![0u32; n * n];
    let mut seen = [false; 2 * MAX_TABLE];
    for a in 0..n {
        for b in 0..n {
            seen.fill(false);
            for a1 in 0..a {
                seen[cells[a1 * n + b] as usize] = true;
            }
            for b1 in 0..b {
                seen[cells[a * n + b1] as usize] = true;
            }
            cells[a * n + b] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        }
    }
    cells
}

/// Builds the product cells by the mex rule, row by row, filling both halves by symmetry.
///
/// For a fixed row `a`, `seen[a']` holds `{(a⊗b') ⊕ (a'⊗b') : b' < b}` and grows by one
/// element as `b` advances; the options for `(a, b)` are then `seen[a'] ⊕ (a'⊗b)` over all
/// `a' < a`, a bit permutation of each set instead of a loop over `b'`.
fn product_cells(n: usize) -> Vec<u32> {
    let mut cells = vec![0u32; n * n];
    let mut seen: Vec<Bits> = vec![[0; 4]; n];
    for a in 0..n {
        seen.iter_mut().for_each(|s| *s = [0; 4]);
        for b in 0..=a {
            let mut options: Bits = [0; 4];
            for (a1, set) in seen.iter().enumerate().take(a) {
                let shifted = xor_shift(set, cells[a1 * n + b]);
                for (o, s) in options.iter_mut().zip(shifted) {
                    *o |= s;
                }
            }
            let v = mex_bits(&options);
            cells[a * n + b] = v;
            cells[b * n + a] = v;
            for (a1, set) in seen.iter_mut().enumerate().take(a) {
                let x = (v ^ cells[a1 * n + b]) as usize;
                set[x >> 6] |= 1 << (x & 63);
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::{add, mul};

    #[test]
    fn the_largest_tables_are_the_definition_at_the_limit() {
        let product = Table::product_by_definition(MAX_TABLE).expect("the limit is allowed");
        assert_eq!(Table::largest_product_by_definition(), product);
        let sum = Table::sum_by_definition(MAX_TABLE).expect("the limit is allowed");
        assert_eq!(Table::largest_sum_by_definition(), sum);
        assert_ne!(product, sum);
    }

    #[test]
    fn definition_table_matches_fast_product_below_256() {
        let t = Table::product_by_definition(256).expect("256 is allowed");
        for a in 0..256 {
            for b in 0..256 {
                assert_eq!(t.get(a, b) as u128, mul(a as u128, b as u128), "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn sum_by_definition_is_xor() {
        let t = Table::sum_by_definition(256).expect("256 is allowed");
        for a in 0..256 {
            for b in 0..256 {
                assert_eq!(t.get(a, b) as u128, add(a as u128, b as u128));
            }
        }
    }

    #[test]
    fn small_tables_are_prefixes_of_large_ones() {
        let big = Table::product_by_definition(256).expect("allowed");
        let small = Table::product_by_definition(7).expect("allowed");
        for a in 0..7 {
            assert_eq!(small.row(a), &big.row(a)[..7]);
        }
    }

    #[test]
    fn sizes_above_the_limit_are_refused() {
        let e = Table::product_by_definition(300).expect_err("300 is too big");
        assert_eq!(
            e,
            SizeError {
                size: 300,
                limit: 256
            }
        );
        assert!(
            e.to_string()
                .starts_with("size 300 is above the limit of 256")
        );
        assert!(Table::sum_by_definition(257).is_err());
        assert!(Table::from_fn(1000, |a, b| a ^ b).is_err());
    }

    #[test]
    fn xor_shift_permutes_like_xor() {
        let mut set: Bits = [0; 4];
        for v in [0usize, 3, 64, 77, 200, 255] {
            set[v >> 6] |= 1 << (v & 63);
        }
        for c in 0..256u32 {
            let s = xor_shift(&set, c);
            for v in 0..256usize {
                let was = set[v >> 6] >> (v & 63) & 1;
                let x = v ^ c as usize;
                assert_eq!(s[x >> 6] >> (x & 63) & 1, was);
            }
        }
    }
}
