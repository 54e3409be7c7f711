//! A certificate that the nimbers below 65536 form a field, without 2^48 triples.
//!
//! If every row map `b ↦ a⊗b` is GF(2)-linear, the product is bilinear once it commutes on
//! basis elements, so associativity and commutativity need checking only on the basis
//! `2^i`; distributivity is the linearity itself; and a row whose bit matrix is invertible
//! is a bijection, so it hits 1 and its element has an inverse.

use super::field::{Axiom, Op, Refusal, Witness};
use super::table::Table;

/// What a certificate run covered, and the first failure if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificateReport {
    /// The field size checked, `2^bits`.
    pub size: u64,
    /// Pairs `(a, b)` whose product was checked to equal the XOR of `a ⊗ 2^i` over the
    /// bits `i` of `b`: row linearity over GF(2).
    pub linear_pairs: u64,
    /// Basis pairs `(2^i, 2^j)` checked for commutativity.
    pub basis_pairs: u64,
    /// Basis triples `(2^i, 2^j, 2^k)` checked for associativity.
    pub basis_triples: u64,
    /// Nonzero rows whose `bits × bits` matrix over GF(2) was shown invertible.
    pub invertible_rows: u64,
    /// `Ok` if every part held, or the first failure found.
    pub result: Result<(), Refusal>,
}

impl CertificateReport {
    /// Returns whether every part of the certificate held.
    pub fn is_field(&self) -> bool {
        self.result.is_ok()
    }
}

/// Certifies the nimbers below 65536 with the product that the Fermat recursion builds
/// on the 256×256 definition table (see [`fermat16`]).
pub fn certify_field_65536() -> CertificateReport {
    let Ok(t) = Table::product_by_definition(256) else {
        unreachable!("256 is within the table limit")
    };
    certify_rows(
        16,
        |a, row| fermat16_row(&t, a, row),
        |a, b| fermat16(&t, a, b),
    )
}

/// Returns `a ⊗ b` for `a = 256·a1 + a0`, `b = 256·b1 + b0` as
/// `256·(a1b1 ⊕ a1b0 ⊕ a0b1) ⊕ a0b0 ⊕ (a1b1 ⊗ 128)`, reading products below 256 from `t`.
fn fermat16(t: &Table, a: u16, b: u16) -> u16 {
    let s = |x: u16, y: u16| t.get(x.into(), y.into()) as u16;
    let (a1, a0, b1, b0) = (a >> 8, a & 255, b >> 8, b & 255);
    let top = s(a1, b1);
    ((top ^ s(a1, b0) ^ s(a0, b1)) << 8) | (s(a0, b0) ^ s(top, 128))
}

/// Fills `row[b] = a ⊗ b` as [`fermat16`] does, reading each table entry once per row.
fn fermat16_row(t: &Table, a: u16, row: &mut [u16]) {
    let (a1, a0) = (usize::from(a >> 8), usize::from(a & 255));
    let (mut p1, mut p0, mut half) = ([0u16; 256], [0u16; 256], [0u16; 256]);
    for x in 0..256 {
        p1[x] = t.get(a1, x) as u16;
        p0[x] = t.get(a0, x) as u16;
        half[x] = t.get(x, 128) as u16;
    }
    for (b, slot) in row.iter_mut().enumerate() {
        let (b1, b0) = (b >> 8 & 255, b & 255);
        let top = p1[b1];
        *slot = ((top ^ p1[b0] ^ p0[b1]) << 8) | (p0[b0] ^ half[usize::from(top)]);
    }
}

/// Certifies that `{0, …, 2^bits − 1}` with XOR and `product` is a field; `bits ≤ 16`.
///
/// The checks run in the order linearity, commutativity and associativity on the basis,
/// invertible rows; counts cover what ran before any failure.
pub fn certify_with(bits: u32, product: impl Fn(u16, u16) -> u16) -> CertificateReport {
    let fill = |a: u16, row: &mut [u16]| {
        for (b, slot) in row.iter_mut().enumerate() {
            *slot = product(a, b as u16);
        }
    };
    certify_rows(bits, fill, &product)
}

/// Certifies as [`certify_with`] does, with rows of the product filled by `fill_row`,
/// which must agree with `product`.
fn certify_rows(
    bits: u32,
    fill_row: impl FnMut(u16, &mut [u16]),
    product: impl Fn(u16, u16) -> u16,
) -> CertificateReport {
    let bits = bits.min(16);
    let size = 1u64 << bits;
    let mut report = CertificateReport {
        size,
        linear_pairs: 0,
        basis_pairs: 0,
        basis_triples: 0,
        invertible_rows: 0,
        result: Ok(()),
    };
    report.result = run(bits, fill_row, &product, &mut report);
    report
}

/// Runs the three parts, updating the counts as they complete.
fn run(
    bits: u32,
    mut fill_row: impl FnMut(u16, &mut [u16]),
    product: &impl Fn(u16, u16) -> u16,
    report: &mut CertificateReport,
) -> Result<(), Refusal> {
    let size = 1usize << bits;
    let mut row = vec![0u16; size];
    for a in 0..size {
        fill_row(a as u16, &mut row);
        for b in 1..size {
            let (rest, low) = (b & (b - 1), b & b.wrapping_neg());
            let right = row[rest] ^ row[low];
            if row[b] != right || row[0] != 0 {
                return Err(Refusal {
                    axiom: Axiom::Distributivity,
                    witness: Witness::NotDistributive {
                        a,
                        b: rest,
                        c: low,
                        left: row[b] as usize,
                        right: right as usize,
                    },
                });
            }
        }
        report.linear_pairs += size as u64;
    }
    let basis: Vec<u16> = (0..bits).map(|i| 1u16 << i).collect();
    for &x in &basis {
        for &y in &basis {
            let (xy, yx) = (product(x, y), product(y, x));
            if xy != yx {
                return Err(refuse_pair(x, y, xy, yx));
            }
            report.basis_pairs += 1;
        }
    }
    for &x in &basis {
        for &y in &basis {
            for &z in &basis {
                let left = product(product(x, y), z);
                let right = product(x, product(y, z));
                if left != right {
                    return Err(Refusal {
                        axiom: Axiom::Associativity,
                        witness: Witness::NotAssociative {
                            op: Op::Product,
                            a: x.into(),
                            b: y.into(),
                            c: z.into(),
                            left: left.into(),
                            right: right.into(),
                        },
                    });
                }
                report.basis_triples += 1;
            }
        }
    }
    for a in 1..size {
        let columns: Vec<u16> = basis.iter().map(|&e| product(a as u16, e)).collect();
        if !is_invertible(&columns) {
            return Err(Refusal {
                axiom: Axiom::Inverses,
                witness: Witness::NoInverse { a },
            });
        }
        report.invertible_rows += 1;
    }
    Ok(())
}

/// Returns a commutativity refusal for basis elements.
fn refuse_pair(x: u16, y: u16, xy: u16, yx: u16) -> Refusal {
    Refusal {
        axiom: Axiom::Commutativity,
        witness: Witness::NotCommutative {
            op: Op::Product,
            a: x.into(),
            b: y.into(),
            ab: xy.into(),
            ba: yx.into(),
        },
    }
}

/// Returns whether the columns are linearly independent over GF(2).
fn is_invertible(columns: &[u16]) -> bool {
    let mut pivots = [0u16; 16];
    for &c in columns {
        let mut v = c;
        while v != 0 {
            let t = 15 - v.leading_zeros() as usize;
            if pivots[t] == 0 {
                pivots[t] = v;
                break;
            }
            v ^= pivots[t];
        }
        if v == 0 {
            return false;
        }
    }
    true
}

/// Returns the product of the 256-element definition table, for certifying at 256.
pub fn definition_product_256() -> impl Fn(u16, u16) -> u16 {
    let t = Table::product_by_definition(256).ok();
    move |a, b| match &t {
        Some(t) => t.get(usize::from(a) & 255, usize::from(b) & 255) as u16,
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mul;

    fn nim16(a: u16, b: u16) -> u16 {
        mul(a.into(), b.into()) as u16
    }

    #[test]
    fn certificate_at_256_holds_and_counts_what_it_covered() {
        let r = certify_with(8, definition_product_256());
        assert_eq!(r.result, Ok(()));
        assert_eq!(r.size, 256);
        assert_eq!(r.linear_pairs, 65536);
        assert_eq!(
            (r.basis_pairs, r.basis_triples, r.invertible_rows),
            (64, 512, 255)
        );
    }

    #[test]
    fn certificate_at_65536_holds() {
        let r = certify_field_65536();
        assert!(r.is_field(), "{:?}", r.result);
        assert_eq!(r.linear_pairs, 1 << 32);
        assert_eq!(
            (r.basis_pairs, r.basis_triples, r.invertible_rows),
            (256, 4096, 65535)
        );
    }

    #[test]
    fn the_certified_product_is_the_nim_product() {
        let t = Table::product_by_definition(256).expect("allowed");
        let mut row = vec![0u16; 1 << 16];
        for a in [0u16, 1, 255, 256, 3141, 21508, 65535] {
            fermat16_row(&t, a, &mut row);
            for b in (0..=65535u16).step_by(7) {
                assert_eq!(row[usize::from(b)], nim16(a, b), "{a} ⊗ {b}");
                assert_eq!(fermat16(&t, a, b), nim16(a, b));
            }
        }
    }

    #[test]
    fn broken_products_fail_each_part() {
        // Not linear: one entry changed.
        let r = certify_with(16, |a, b| if (a, b) == (9, 3) { 1 } else { nim16(a, b) });
        assert_eq!(
            r.result.as_ref().map_err(|e| e.axiom),
            Err(Axiom::Distributivity)
        );
        assert_eq!(r.linear_pairs, 9 * 65536);
        // Linear but not commutative: a ⊗ b with a's bits reversed.
        let r = certify_with(8, |a, b| nim16(a.reverse_bits() >> 8, b));
        assert_eq!(r.result.map_err(|e| e.axiom), Err(Axiom::Commutativity));
        // Bilinear and commutative but not associative: the product's bits reversed.
        let r = certify_with(8, |a, b| nim16(a, b).reverse_bits() >> 8);
        assert_eq!(r.result.map_err(|e| e.axiom), Err(Axiom::Associativity));
        // Bilinear, commutative and associative but with zero divisors: AND.
        let r = certify_with(8, |a, b| a & b);
        assert_eq!(r.result.map_err(|e| e.axiom), Err(Axiom::Inverses));
    }
}
