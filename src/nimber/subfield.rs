//! The subfields of the field below 256, and the fixed points of the Frobenius powers.
//!
//! The tower claim of rung 2 is that GF(2^8) has exactly one subfield of each order 2, 4,
//! 16, 256, and that these are the initial segments {0, 1}, {0, …, 3}, {0, …, 15} and
//! {0, …, 255}. [`check_subfields_256`] proves it exhaustively for a given product:
//!
//! 1. For each of the 256 elements `a`, it computes `⟨a⟩`, the least set holding 1 and
//!    `a` that is closed under ⊕ and the product.
//! 2. Every closed set `S` holding 1 is the closure of the union of `⟨a⟩` over its
//!    elements, so it is reached by joining generated sets two at a time. The check joins
//!    every pair of sets it knows until no new set appears; the family it ends with is
//!    then every closed set holding 1.
//! 3. It compares that family with the four initial segments. Once a fifth closed set
//!    appears the claim is already false, so the search stops there.
//!
//! [`check_frobenius_256`] counts, for each `m`, the `x` below 256 with `x^(2^m) = x`,
//! which Galois theory says is `2^gcd(m, 8)`: the subfield of order `2^gcd(m, 8)`.
//!
//! ```
//! use nimsite_core::nimber::{check_frobenius_256, check_subfields_256, mul};
//! let r = check_subfields_256(mul);
//! assert_eq!((r.sizes.clone(), r.result), (vec![2, 4, 16, 256], Ok(())));
//! let f = check_frobenius_256(mul, 8);
//! assert_eq!(f.counts, vec![2, 4, 2, 16, 2, 4, 2, 256]);
//! ```

/// A set of values below 256.
type Set = [u64; 4];

/// What the exhaustive subfield search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubfieldReport {
    /// Generated sets `⟨a⟩` computed: one per element, 256.
    pub generated: u64,
    /// Pairs of known sets joined before no new set appeared.
    pub joins: u64,
    /// The sizes of all closed sets holding 1, in increasing order (of the first five
    /// found, when there are more than four).
    pub sizes: Vec<usize>,
    /// `Ok` if they are exactly the four initial segments, or what is wrong.
    pub result: Result<(), SubfieldFailure>,
}

/// Why the closed sets are not the four initial segments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubfieldFailure {
    /// A closed set holding 1 that is not `{0, …, size − 1}`: `missing` is below `size`
    /// but not in it.
    NotInitial {
        /// The number of elements of the set.
        size: usize,
        /// The least value below `size` that the set lacks.
        missing: usize,
    },
    /// The sizes found are not 2, 4, 16, 256 (after at most five sets were found).
    Sizes(Vec<usize>),
}

/// The most closed sets the claim allows; finding one more ends the search.
const FAMILY_CLAIMED: usize = 4;

/// Checks that the subsets of {0, …, 255} closed under ⊕ and `product` and holding 1 are
/// exactly {0, 1}, {0, …, 3}, {0, …, 15} and {0, …, 255}.
pub fn check_subfields_256(product: impl Fn(u128, u128) -> u128) -> SubfieldReport {
    let table: Vec<u8> = (0..1usize << 16)
        .map(|i| product((i >> 8) as u128, (i & 255) as u128) as u8)
        .collect();
    let in_range = (0..1usize << 16).all(|i| product((i >> 8) as u128, (i & 255) as u128) < 256);
    let mut family: Vec<Set> = Vec::new();
    for a in 0..256 {
        let set = close(&table, singleton(1), a);
        if !family.contains(&set) && family.len() <= FAMILY_CLAIMED {
            family.push(set);
        }
    }
    let mut joins = 0u64;
    let mut i = 0;
    while i < family.len() && family.len() <= FAMILY_CLAIMED {
        for j in 0..i {
            joins += 1;
            let union: Set = std::array::from_fn(|w| family[i][w] | family[j][w]);
            let set = close_set(&table, union);
            if !family.contains(&set) {
                family.push(set);
                if family.len() > FAMILY_CLAIMED {
                    break;
                }
            }
        }
        i += 1;
    }
    family.sort_by_key(size_of);
    let sizes: Vec<usize> = family.iter().map(size_of).collect();
    let result = if in_range {
        judge(&family, &sizes)
    } else {
        Err(SubfieldFailure::Sizes(sizes.clone()))
    };
    SubfieldReport {
        generated: 256,
        joins,
        sizes,
        result,
    }
}

/// Returns whether the family is the four initial segments, or the first set that is not.
fn judge(family: &[Set], sizes: &[usize]) -> Result<(), SubfieldFailure> {
    for set in family {
        let size = size_of(set);
        if let Some(missing) = (0..size).find(|&v| !has(set, v)) {
            return Err(SubfieldFailure::NotInitial { size, missing });
        }
    }
    if sizes != [2, 4, 16, 256] {
        return Err(SubfieldFailure::Sizes(sizes.to_vec()));
    }
    Ok(())
}

/// Returns the set holding only `v`.
fn singleton(v: usize) -> Set {
    let mut s = [0; 4];
    s[v >> 6] |= 1 << (v & 63);
    s
}

/// Returns whether `v` is in the set.
fn has(s: &Set, v: usize) -> bool {
    s[v >> 6] >> (v & 63) & 1 == 1
}

/// Returns the number of elements of the set.
fn size_of(s: &Set) -> usize {
    s.iter().map(|w| w.count_ones() as usize).sum()
}

/// Returns the closure of `start ∪ {a}`.
fn close(table: &[u8], mut start: Set, a: usize) -> Set {
    start[a >> 6] |= 1 << (a & 63);
    close_set(table, start)
}

/// Returns the least superset of `start` closed under XOR and the product in `table`.
fn close_set(table: &[u8], start: Set) -> Set {
    let mut set = [0u64; 4];
    let mut members: Vec<usize> = Vec::new();
    let mut queue: Vec<usize> = (0..256).filter(|&v| has(&start, v)).collect();
    while let Some(v) = queue.pop() {
        if has(&set, v) {
            continue;
        }
        set[v >> 6] |= 1 << (v & 63);
        members.push(v);
        for &u in &members {
            for w in [
                u ^ v,
                usize::from(table[u << 8 | v]),
                usize::from(table[v << 8 | u]),
            ] {
                if !has(&set, w) {
                    queue.push(w);
                }
            }
        }
    }
    set
}

/// The fixed points of the Frobenius powers below 256.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrobeniusReport {
    /// `counts[m − 1]`: how many `x < 256` have `x^(2^m) = x`.
    pub counts: Vec<u64>,
    /// The first `(m, count, 2^gcd(m, 8))` where the count is not the claim.
    pub mismatch: Option<(u32, u64, u64)>,
}

/// Counts the fixed points of `x ↦ x^(2^m)` below 256 under `product`, for `m` in
/// `1..=max_m`, against `2^gcd(m, 8)`.
pub fn check_frobenius_256(product: impl Fn(u128, u128) -> u128, max_m: u32) -> FrobeniusReport {
    let mut counts = Vec::new();
    let mut mismatch = None;
    for m in 1..=max_m.min(64) {
        let fixed = (0..256u128)
            .filter(|&x| (0..m).fold(x, |y, _| product(y, y)) == x)
            .count() as u64;
        let claim = 1u64 << gcd(m, 8);
        if fixed != claim && mismatch.is_none() {
            mismatch = Some((m, fixed, claim));
        }
        counts.push(fixed);
    }
    FrobeniusReport { counts, mismatch }
}

/// Returns the greatest common divisor.
fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mul;

    #[test]
    fn the_subfields_below_256_are_the_initial_segments() {
        let r = check_subfields_256(mul);
        assert_eq!(r.result, Ok(()));
        assert_eq!(r.sizes, vec![2, 4, 16, 256]);
        assert_eq!((r.generated, r.joins), (256, 6));
    }

    #[test]
    fn a_broken_product_changes_the_subfields() {
        // Products reduced below 16 make {0, …, 15}'s rival sets closed: AND has many.
        let r = check_subfields_256(|a, b| a & b);
        assert!(r.result.is_err());
        // A product that agrees below 16 but is ordinary multiplication mod 256 above.
        let r = check_subfields_256(|a, b| {
            if a < 16 && b < 16 {
                mul(a, b)
            } else {
                a * b % 256
            }
        });
        assert!(r.result.is_err(), "{:?}", r.sizes);
        let r = check_subfields_256(|a, b| a * b);
        assert!(matches!(r.result, Err(SubfieldFailure::Sizes(_))));
    }

    #[test]
    fn frobenius_fixes_the_subfield_of_order_two_to_the_gcd() {
        let r = check_frobenius_256(mul, 16);
        assert_eq!(r.mismatch, None);
        assert_eq!(&r.counts[..8], &[2, 4, 2, 16, 2, 4, 2, 256]);
        assert_eq!(r.counts[15], 256);
        let broken = check_frobenius_256(|a, b| mul(a, b) ^ (a & b & 1 & (a >> 7)), 8);
        assert!(broken.mismatch.is_some());
    }
}
