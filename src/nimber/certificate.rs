//! A certificate that the nimbers below 65536 form a field, without 2^48 triples.
//!
//! Checking associativity triple by triple at 65536 would take 2^48 steps. Linear algebra
//! over GF(2) cuts that down, but only if the linearity is proved, not assumed. For a
//! product `P` on `V = {0, …, 2^m − 1}` (bit vectors of length `m`, added by XOR) the
//! certificate checks, in this order:
//!
//! 1. **rows**: for every `a` and every `b`, `P(a, b) = P(a, b_hi) ⊕ P(a, b_lo)` where
//!    `b_hi, b_lo` are the high and low halves of `b`'s bits, and each half-map is linear
//!    on its own (`P(a, x) = P(a, x ∖ lowbit) ⊕ P(a, lowbit)`, `P(a, 0) = 0`). Together
//!    these say every row map `b ↦ P(a, b)` is GF(2)-linear: `2^(2m)` pairs.
//! 2. **basis columns**: for every basis element `2^j` the column map `a ↦ P(a, 2^j)` is
//!    linear, checked the same way: `m·2^m` pairs. With 1 this gives
//!    `P(a, b) = ⊕ a_i b_j P(2^i, 2^j)`: `P` is **bilinear**, so both distributive laws
//!    hold.
//! 3. **commutativity on the basis** (`m²` pairs): two bilinear maps equal on basis pairs
//!    are equal, so `P(a, b) = P(b, a)` everywhere.
//! 4. **associativity on the basis** (`m³` triples): `(a, b, c) ↦ P(P(a, b), c)` and
//!    `P(a, P(b, c))` are both trilinear, so equality on basis triples is equality.
//! 5. **identity on the basis** (`m` checks): `P(1, 2^j) = 2^j`, so by linearity `1` is
//!    the unit, on both sides by 3.
//! 6. **invertible rows** (`2^m − 1` ranks): each nonzero row's `m × m` bit matrix has full
//!    rank, so `b ↦ P(a, b)` is a bijection, hits 1, and `a` has an inverse.
//!
//! XOR makes `V` an abelian group, and `P` maps into `V` by its type (`u16`), so 1–6 prove
//! that `(V, ⊕, P)` is a field. [`certify_with`] runs this for any product a caller
//! passes, such as a deliberately broken one in a test.
//!
//! [`certify_field_65536`] runs it for the **Fermat extension of the definition table**:
//! `P(a1·256 + a0, b1·256 + b0) = 256·(a1b1 ⊕ a1b0 ⊕ a0b1) ⊕ a0b0 ⊕ (a1b1)·128`, with every
//! product below 256 read from the table built from the mex definition. That this
//! extension is the mex-definition product below 65536 is Conway's theorem (cited); that
//! the site's fast product computes it is a separate check,
//! [`fast_product_agreement_65536`], of all 2^32 pairs.
//!
//! ```
//! use nimsite_core::nimber::{certify_with, definition_product_256};
//! let r = certify_with(8, definition_product_256());
//! assert!(r.is_field());
//! assert_eq!((r.linear_pairs, r.column_pairs, r.basis_triples), (65_536, 2_048, 512));
//! ```

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::field::{Axiom, Op, Refusal, Witness};
use super::mul64::Mul64;
use super::table::Table;

/// What a certificate run covered, and the first failure if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificateReport {
    /// The field size checked, `2^bits`.
    pub size: u64,
    /// Pairs `(a, b)` whose row `b ↦ a ⊗ b` was checked linear: `size²` when it held,
    /// otherwise the pairs of the rows before the first failing one.
    pub linear_pairs: u64,
    /// Pairs `(a, 2^j)` whose basis column `a ↦ a ⊗ 2^j` was checked linear.
    pub column_pairs: u64,
    /// Basis pairs `(2^i, 2^j)` checked for commutativity.
    pub basis_pairs: u64,
    /// Basis triples `(2^i, 2^j, 2^k)` checked for associativity.
    pub basis_triples: u64,
    /// Basis elements `2^j` checked to satisfy `1 ⊗ 2^j = 2^j`.
    pub identity_checks: u64,
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

    /// Returns in words what the run proved, with its counts, or where it failed.
    pub fn statement(&self) -> String {
        let counts = format!(
            "every row map linear ({} pairs), every basis column linear ({} pairs), \
             so the product is bilinear; commutative on {} basis pairs and associative on \
             {} basis triples, hence everywhere; 1 the unit on {} basis elements; {} nonzero \
             rows invertible",
            self.linear_pairs,
            self.column_pairs,
            self.basis_pairs,
            self.basis_triples,
            self.identity_checks,
            self.invertible_rows
        );
        match &self.result {
            Ok(()) => format!("{{0, …, {}}} is a field: {counts}", self.size - 1),
            Err(r) => format!("not a field ({r}); checked before the failure: {counts}"),
        }
    }
}

/// Certifies the Fermat extension of a 256×256 product table (see the module docs) on up
/// to `threads` threads, reading the products below 256 from `table`; a table smaller
/// than 256 reads as zeros beyond its edge, which the certificate then refuses.
pub fn certify_field_65536_from(table: &Table, threads: usize) -> CertificateReport {
    let t = parts_of(Some(table));
    certify_rows(
        16,
        threads,
        |a, row| fermat16_row(&t, a, row),
        |a| fermat16_linear(&t, a),
        |a, b| fermat16(&t, a, b),
    )
}

/// Certifies the Fermat extension of the 256×256 definition table (see the module docs)
/// on one thread.
pub fn certify_field_65536() -> CertificateReport {
    certify_field_65536_threads(1)
}

/// Certifies as [`certify_field_65536`] does, checking rows on up to `threads` threads
/// (at least one); the report is the same whatever the number of threads.
pub fn certify_field_65536_threads(threads: usize) -> CertificateReport {
    let t = fermat_parts();
    certify_rows(
        16,
        threads,
        |a, row| fermat16_row(&t, a, row),
        |a| fermat16_linear(&t, a),
        |a, b| fermat16(&t, a, b),
    )
}

/// Certifies that `{0, …, 2^bits − 1}` with XOR and `product` is a field; `bits ≤ 16`.
///
/// The parts run in the order of the module docs; counts cover what ran before any
/// failure.
pub fn certify_with(bits: u32, product: impl Fn(u16, u16) -> u16 + Sync) -> CertificateReport {
    let fill = |a: u16, row: &mut [u16]| {
        for (b, slot) in row.iter_mut().enumerate() {
            *slot = product(a, b as u16);
        }
    };
    certify_rows(bits, 1, fill, |_| false, &product)
}

/// Returns the product of the 256-element definition table, for certifying at 256.
pub fn definition_product_256() -> impl Fn(u16, u16) -> u16 + Sync {
    let t = Table::product_by_definition(256).ok();
    move |a, b| match &t {
        Some(t) => t.get(usize::from(a) & 255, usize::from(b) & 255) as u16,
        None => 0,
    }
}

/// The definition table below 256 as bytes, and its column at 128.
struct FermatParts {
    small: Vec<u8>,
    half: [u8; 256],
}

/// Builds the definition table below 256 once for a certificate run.
fn fermat_parts() -> FermatParts {
    parts_of(Table::product_by_definition(256).ok().as_ref())
}

/// Reads the products below 256 and the column at 128 from a table.
fn parts_of(t: Option<&Table>) -> FermatParts {
    let inside = |t: &Table, a: usize, b: usize| a < t.size() && b < t.size();
    let get = |a: usize, b: usize| {
        t.filter(|t| inside(t, a, b))
            .map_or(0, |t| t.get(a, b) as u8)
    };
    let small: Vec<u8> = (0..1 << 16).map(|i| get(i >> 8, i & 255)).collect();
    let half = std::array::from_fn(|x| get(x, 128));
    FermatParts { small, half }
}

/// Returns `a ⊗ b` for `a = 256·a1 + a0`, `b = 256·b1 + b0` as
/// `256·(a1b1 ⊕ a1b0 ⊕ a0b1) ⊕ a0b0 ⊕ (a1b1 ⊗ 128)`, reading products below 256 from `t`.
fn fermat16(t: &FermatParts, a: u16, b: u16) -> u16 {
    let s = |x: u16, y: u16| u16::from(t.small[usize::from(x) << 8 | usize::from(y)]);
    let (a1, a0, b1, b0) = (a >> 8, a & 255, b >> 8, b & 255);
    let top = s(a1, b1);
    ((top ^ s(a1, b0) ^ s(a0, b1)) << 8) | (s(a0, b0) ^ u16::from(t.half[usize::from(top)]))
}

/// Fills `row[b] = a ⊗ b` exactly as [`fermat16`] does, 256 entries at a time.
///
/// Regrouping the formula's XORs, `a ⊗ (256·b1 + b0) = k(b1) ⊕ base(b0)` with
/// `k(b1) = 256·(a1b1 ⊕ a0b1) ⊕ (a1b1)·128` and `base(b0) = 256·a1b0 ⊕ a0b0`.
#[inline(always)]
fn fermat16_row(t: &FermatParts, a: u16, row: &mut [u16]) {
    let (a1, a0) = (usize::from(a >> 8), usize::from(a & 255));
    let (r1, r0) = (&t.small[a1 << 8..][..256], &t.small[a0 << 8..][..256]);
    let base: [u16; 256] = std::array::from_fn(|b0| u16::from(r1[b0]) << 8 | u16::from(r0[b0]));
    for (b1, block) in row.chunks_exact_mut(256).enumerate() {
        let top = r1[b1];
        let k = u16::from(top ^ r0[b1]) << 8 | u16::from(t.half[usize::from(top)]);
        for (slot, &v) in block.iter_mut().zip(&base) {
            *slot = k ^ v;
        }
    }
}

/// Returns true only if [`first_nonlinear`] finds nothing in the row [`fermat16_row`]
/// fills for `a`: the same checks of every entry, made on each 256-entry block while it is
/// in the first-level cache rather than on the whole row once it is written.
#[inline(always)]
fn fermat16_linear(t: &FermatParts, a: u16) -> bool {
    let (a1, a0) = (usize::from(a >> 8), usize::from(a & 255));
    let (r1, r0) = (&t.small[a1 << 8..][..256], &t.small[a0 << 8..][..256]);
    let base: [u16; 256] = std::array::from_fn(|b0| u16::from(r1[b0]) << 8 | u16::from(r0[b0]));
    // Block `b1` of the row, as `fermat16_row` writes it.
    let block = |b1: usize| -> [u16; 256] {
        let top = r1[b1];
        let k = u16::from(top ^ r0[b1]) << 8 | u16::from(t.half[usize::from(top)]);
        std::array::from_fn(|y| k ^ base[y])
    };
    // `f(x) = f(x ⊕ low) ⊕ f(low)` for `low` the lowest bit of `x`, over 256 values.
    let spanned = |v: &[u16; 256]| {
        (1..256).all(|x: usize| {
            let low = x & x.wrapping_neg();
            v[x] == v[x ^ low] ^ v[low]
        })
    };
    let low_part = block(0);
    if low_part[0] != 0 || !spanned(&low_part) {
        return false;
    }
    let mut starts = [0u16; 256];
    for (h, start) in starts.iter_mut().enumerate().skip(1) {
        let b = block(h);
        let k = b[0];
        let diff = b
            .iter()
            .zip(&low_part)
            .fold(0, |acc, (&v, &l)| acc | (v ^ k ^ l));
        if diff != 0 {
            return false;
        }
        *start = k;
    }
    spanned(&starts)
}

/// Runs every part of the certificate and fills in the report.
fn certify_rows(
    bits: u32,
    threads: usize,
    fill_row: impl Fn(u16, &mut [u16]) + Sync,
    linear: impl Fn(u16) -> bool + Sync,
    product: impl Fn(u16, u16) -> u16,
) -> CertificateReport {
    let bits = bits.min(16);
    let size = 1u64 << bits;
    let mut report = CertificateReport {
        size,
        linear_pairs: 0,
        column_pairs: 0,
        basis_pairs: 0,
        basis_triples: 0,
        identity_checks: 0,
        invertible_rows: 0,
        result: Ok(()),
    };
    if bits == 0 {
        report.result = Err(refuse(Axiom::OneIsNotZero, Witness::NoOne { n: 1 }));
        return report;
    }
    report.result = match rows_in_parallel(bits, threads, &fill_row, &linear) {
        Err((a, refusal)) => {
            report.linear_pairs = a as u64 * size;
            Err(refusal)
        }
        Ok(()) => {
            report.linear_pairs = size * size;
            basis_parts(bits, &product, &mut report)
        }
    };
    report
}

/// Checks row linearity for every row, splitting the rows among `threads` threads;
/// returns the failure of the lowest failing row.
fn rows_in_parallel(
    bits: u32,
    threads: usize,
    fill_row: &(impl Fn(u16, &mut [u16]) + Sync),
    linear: &(impl Fn(u16) -> bool + Sync),
) -> Result<(), (usize, Refusal)> {
    let size = 1usize << bits;
    let threads = threads.clamp(1, 64);
    let failed = AtomicUsize::new(usize::MAX);
    if threads == 1 {
        return check_rows(bits, 0..size, fill_row, linear, &failed);
    }
    let chunk = size.div_ceil(threads);
    let failures: Vec<Result<(), (usize, Refusal)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let rows = (i * chunk).min(size)..((i + 1) * chunk).min(size);
                let failed = &failed;
                s.spawn(move || check_rows(bits, rows, fill_row, linear, failed))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(Ok(())))
            .collect()
    });
    failures.into_iter().find(Result::is_err).unwrap_or(Ok(()))
}

/// Checks that the rows in `rows` are linear; returns the first failing row.
///
/// Rows above `failed`, the lowest failing row any thread has found, are skipped.
fn check_rows(
    bits: u32,
    rows: Range<usize>,
    fill_row: &impl Fn(u16, &mut [u16]),
    linear: &impl Fn(u16) -> bool,
    failed: &AtomicUsize,
) -> Result<(), (usize, Refusal)> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { check_rows_avx2(bits, rows, fill_row, linear, failed) };
    }
    check_rows_with(bits, rows, fill_row, linear, failed)
}

/// Checks rows as [`check_rows_with`] does, 16 entries to an instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn check_rows_avx2(
    bits: u32,
    rows: Range<usize>,
    fill_row: &impl Fn(u16, &mut [u16]),
    linear: &impl Fn(u16) -> bool,
    failed: &AtomicUsize,
) -> Result<(), (usize, Refusal)> {
    check_rows_with(bits, rows, fill_row, linear, failed)
}

/// Does the work of [`check_rows`]; inlined into each caller, so the instructions its
/// caller may use decide how wide the row is filled and compared.
#[inline(always)]
fn check_rows_with(
    bits: u32,
    rows: Range<usize>,
    fill_row: &impl Fn(u16, &mut [u16]),
    linear: &impl Fn(u16) -> bool,
    failed: &AtomicUsize,
) -> Result<(), (usize, Refusal)> {
    let mut row = vec![0u16; 1 << bits];
    for a in rows {
        if a > failed.load(Ordering::Relaxed) {
            break;
        }
        // A row the quick test passes is linear; any other is filled and checked again,
        // so a failure names the same witness.
        if linear(a as u16) {
            continue;
        }
        fill_row(a as u16, &mut row);
        if let Some((x, y)) = first_nonlinear(&row, bits) {
            failed.fetch_min(a, Ordering::Relaxed);
            let (left, right) = (row[x ^ y], row[x] ^ row[y]);
            let witness = Witness::NotDistributive {
                a,
                b: x,
                c: y,
                left: left.into(),
                right: right.into(),
            };
            let axiom = Axiom::Distributivity;
            return Err((a, Refusal { axiom, witness }));
        }
    }
    Ok(())
}

/// Returns `(x, y)`, with disjoint bits, such that `f(x ⊕ y) ≠ f(x) ⊕ f(y)` for the map
/// `f` tabulated in `row` over `bits` bits, or `None` if `f` is linear.
///
/// Linear means `f(0) = 0`, `f` linear on the low `s = bits/2` bits and on the high bits,
/// and `f(hi ⊕ lo) = f(hi) ⊕ f(lo)` for every high part `hi` and low part `lo`: then
/// `f(x ⊕ y) = f(x_hi ⊕ y_hi) ⊕ f(x_lo ⊕ y_lo) = f(x) ⊕ f(y)`.
#[inline(always)]
fn first_nonlinear(row: &[u16], bits: u32) -> Option<(usize, usize)> {
    if row.first().is_some_and(|&z| z != 0) {
        return Some((0, 0));
    }
    let s = bits / 2;
    let lo = 1usize << s;
    let spanned = |step: usize, count: usize| {
        (1..count).map(move |i| i * step).find_map(|x| {
            let low = x & x.wrapping_neg();
            (row[x] != row[x ^ low] ^ row[low]).then_some((x ^ low, low))
        })
    };
    if let Some(w) = spanned(1, lo).or_else(|| spanned(lo, row.len() / lo)) {
        return Some(w);
    }
    let low_part = &row[..lo];
    for (h, block) in row.chunks_exact(lo).enumerate().skip(1) {
        let k = block[0];
        // A fold rather than `any`, so that the loop runs on whole vectors.
        let diff = block
            .iter()
            .zip(low_part)
            .fold(0, |acc, (&v, &l)| acc | (v ^ k ^ l));
        if diff != 0 {
            let y = (0..lo).find(|&y| block[y] != k ^ low_part[y]).unwrap_or(0);
            return Some((h * lo, y));
        }
    }
    None
}

/// Runs the parts after row linearity: columns, commutativity, associativity, identity,
/// inverses, updating the counts as they complete.
fn basis_parts(
    bits: u32,
    product: &impl Fn(u16, u16) -> u16,
    report: &mut CertificateReport,
) -> Result<(), Refusal> {
    let size = 1usize << bits;
    let basis: Vec<u16> = (0..bits).map(|i| 1u16 << i).collect();
    let mut column = vec![0u16; size];
    for &e in &basis {
        for (a, slot) in column.iter_mut().enumerate() {
            *slot = product(a as u16, e);
        }
        if let Some((x, y)) = first_nonlinear(&column, bits) {
            let (left, right) = (column[x ^ y].into(), (column[x] ^ column[y]).into());
            let (a, b, c) = (x, y, e.into());
            let witness = Witness::NotDistributiveRight {
                a,
                b,
                c,
                left,
                right,
            };
            return Err(refuse(Axiom::Distributivity, witness));
        }
        report.column_pairs += size as u64;
    }
    commutative_on_basis(&basis, product, report)?;
    associative_on_basis(&basis, product, report)?;
    for &e in &basis {
        let value = product(1, e);
        if value != e {
            let witness = Witness::NotIdentity {
                b: e.into(),
                value: value.into(),
            };
            return Err(refuse(Axiom::Identity, witness));
        }
        report.identity_checks += 1;
    }
    invertible_rows(size, &basis, product, report)
}

/// Returns a refusal.
fn refuse(axiom: Axiom, witness: Witness) -> Refusal {
    Refusal { axiom, witness }
}

/// Checks `2^i ⊗ 2^j = 2^j ⊗ 2^i` for every basis pair.
fn commutative_on_basis(
    basis: &[u16],
    product: &impl Fn(u16, u16) -> u16,
    report: &mut CertificateReport,
) -> Result<(), Refusal> {
    for &x in basis {
        for &y in basis {
            let (ab, ba) = (product(x, y), product(y, x));
            if ab != ba {
                let (a, b, ab, ba) = (x.into(), y.into(), ab.into(), ba.into());
                let op = Op::Product;
                let witness = Witness::NotCommutative { op, a, b, ab, ba };
                return Err(refuse(Axiom::Commutativity, witness));
            }
            report.basis_pairs += 1;
        }
    }
    Ok(())
}

/// Checks `(2^i ⊗ 2^j) ⊗ 2^k = 2^i ⊗ (2^j ⊗ 2^k)` for every basis triple.
fn associative_on_basis(
    basis: &[u16],
    product: &impl Fn(u16, u16) -> u16,
    report: &mut CertificateReport,
) -> Result<(), Refusal> {
    for &x in basis {
        for &y in basis {
            for &z in basis {
                let left = product(product(x, y), z);
                let right = product(x, product(y, z));
                if left != right {
                    let witness = Witness::NotAssociative {
                        op: Op::Product,
                        a: x.into(),
                        b: y.into(),
                        c: z.into(),
                        left: left.into(),
                        right: right.into(),
                    };
                    return Err(refuse(Axiom::Associativity, witness));
                }
                report.basis_triples += 1;
            }
        }
    }
    Ok(())
}

/// Checks that every nonzero row's bit matrix, whose columns are `a ⊗ 2^j`, is invertible.
fn invertible_rows(
    size: usize,
    basis: &[u16],
    product: &impl Fn(u16, u16) -> u16,
    report: &mut CertificateReport,
) -> Result<(), Refusal> {
    for a in 1..size {
        let columns: Vec<u16> = basis.iter().map(|&e| product(a as u16, e)).collect();
        if !is_invertible(&columns) {
            return Err(refuse(Axiom::Inverses, Witness::NoInverse { a }));
        }
        report.invertible_rows += 1;
    }
    Ok(())
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

/// What comparing the fast product with the Fermat extension on every pair found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Agreement {
    /// Pairs `(a, b)` compared, in row order up to the first mismatch.
    pub pairs: u64,
    /// The first pair where they differ: `(a, b, fast, formula)`.
    pub mismatch: Option<(u16, u16, u16, u16)>,
}

/// Compares [`Mul64::detect`] with the certified Fermat extension on all 2^32 pairs below
/// 65536, splitting the rows among up to `threads` threads; where they agree everywhere,
/// the certificate proves the fast product restricted to 16 bits is that field.
pub fn fast_product_agreement_65536(threads: usize) -> Agreement {
    fast_agreement(threads, |a, b, out| Mul64::detect().mul_batch(a, b, out))
}

/// Compares the batch product `batch` with the Fermat extension on all pairs.
fn fast_agreement(threads: usize, batch: impl Fn(&[u64], &[u64], &mut [u64]) + Sync) -> Agreement {
    let t = fermat_parts();
    let threads = threads.clamp(1, 64);
    let chunk = (1usize << 16).div_ceil(threads);
    let failed = AtomicUsize::new(usize::MAX);
    let first: Option<(u16, u16, u16, u16)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let rows = (i * chunk).min(1 << 16)..((i + 1) * chunk).min(1 << 16);
                let (t, batch, failed) = (&t, &batch, &failed);
                s.spawn(move || agree_rows(t, rows, batch, failed))
            })
            .collect();
        let found: Vec<_> = handles
            .into_iter()
            .map(|h| h.join().ok().flatten())
            .collect();
        found.into_iter().flatten().next()
    });
    let pairs = first.map_or(1 << 32, |(a, b, ..)| {
        (u64::from(a) << 16) + u64::from(b) + 1
    });
    Agreement {
        pairs,
        mismatch: first,
    }
}

/// Returns the first pair in `rows` where `batch` and the Fermat extension differ.
fn agree_rows(
    t: &FermatParts,
    rows: Range<usize>,
    batch: &impl Fn(&[u64], &[u64], &mut [u64]),
    failed: &AtomicUsize,
) -> Option<(u16, u16, u16, u16)> {
    let bs: Vec<u64> = (0..1u64 << 16).collect();
    let (mut a_row, mut fast, mut formula) =
        (vec![0u64; 1 << 16], vec![0; 1 << 16], vec![0; 1 << 16]);
    for a in rows {
        if a > failed.load(Ordering::Relaxed) {
            break;
        }
        a_row.fill(a as u64);
        batch(&a_row, &bs, &mut fast);
        fermat16_row(t, a as u16, &mut formula);
        if let Some(b) = (0..1 << 16).find(|&b| fast[b] != u64::from(formula[b])) {
            failed.fetch_min(a, Ordering::Relaxed);
            return Some((a as u16, b as u16, fast[b] as u16, formula[b]));
        }
    }
    None
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
        assert_eq!((r.linear_pairs, r.column_pairs), (65536, 2048));
        assert_eq!(
            (
                r.basis_pairs,
                r.basis_triples,
                r.identity_checks,
                r.invertible_rows
            ),
            (64, 512, 8, 255)
        );
        assert!(r.statement().starts_with("{0, …, 255} is a field: "));
    }

    #[test]
    fn the_quick_row_test_agrees_with_the_full_check() {
        let good = fermat_parts();
        let mut broken = fermat_parts();
        broken.small[3 << 8 | 5] ^= 1;
        let mut half_broken = fermat_parts();
        half_broken.half[7] ^= 2;
        let mut row = vec![0u16; 1 << 16];
        for t in [&good, &broken, &half_broken] {
            for a in (0..=u16::MAX)
                .step_by(97)
                .chain([3 << 8, 5, 3 << 8 | 7, 1285])
            {
                fermat16_row(t, a, &mut row);
                let full = first_nonlinear(&row, 16).is_none();
                assert_eq!(fermat16_linear(t, a), full, "row {a}");
            }
        }
        let some_fail = |t: &FermatParts| (0..=u16::MAX).any(|a| !fermat16_linear(t, a));
        assert!(!some_fail(&good) && some_fail(&broken) && some_fail(&half_broken));
    }

    #[test]
    fn certificate_at_65536_holds() {
        let r = certify_field_65536_threads(2);
        assert!(r.is_field(), "{:?}", r.result);
        assert_eq!((r.linear_pairs, r.column_pairs), (1 << 32, 1 << 20));
        assert_eq!(
            (
                r.basis_pairs,
                r.basis_triples,
                r.identity_checks,
                r.invertible_rows
            ),
            (256, 4096, 16, 65535)
        );
    }

    #[test]
    fn a_given_table_certifies_as_the_definition_does() {
        let table = Table::product_by_definition(256).expect("256");
        let from = certify_field_65536_from(&table, 2);
        assert!(from.is_field(), "{:?}", from.result);
        assert_eq!(from.invertible_rows, 65535);
        let small = Table::product_by_definition(16).expect("16");
        assert!(!certify_field_65536_from(&small, 1).is_field());
    }

    #[test]
    fn the_certified_product_is_the_nim_product() {
        let t = fermat_parts();
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
    fn linearity_is_checked_at_every_entry() {
        // A map linear everywhere but at one entry, in each region the check splits into.
        let linear: Vec<u16> = (0..1u32 << 16).map(|b| (b as u16).rotate_left(3)).collect();
        assert_eq!(first_nonlinear(&linear, 16), None);
        for spot in [5usize, 256 * 9, 256 * 9 + 5, 65535] {
            let mut broken = linear.clone();
            broken[spot] ^= 1;
            let (x, y) = first_nonlinear(&broken, 16).expect("not linear");
            assert_ne!(broken[x ^ y], broken[x] ^ broken[y], "spot {spot}");
        }
        let mut zero = linear.clone();
        zero[0] = 1;
        assert_eq!(first_nonlinear(&zero, 16), Some((0, 0)));
    }

    #[test]
    fn broken_products_fail_each_part() {
        let axiom = |r: &CertificateReport| r.result.as_ref().map_err(|e| e.axiom).err();
        // Not linear in b: one entry changed.
        let r = certify_with(16, |a, b| if (a, b) == (9, 3) { 1 } else { nim16(a, b) });
        assert_eq!(axiom(&r), Some(Axiom::Distributivity));
        assert_eq!(r.linear_pairs, 9 * 65536);
        // Linear in b for every a, but not in a: a ⊗ b, plus b when a is 3.
        let r = certify_with(8, |a, b| nim16(a, b) ^ if a == 3 { b } else { 0 });
        assert_eq!(axiom(&r), Some(Axiom::Distributivity));
        let Err(Refusal { witness, .. }) = &r.result else {
            panic!("fails")
        };
        assert!(matches!(witness, Witness::NotDistributiveRight { .. }));
        // Bilinear but not commutative: a ⊗ b with a's bits reversed.
        let r = certify_with(8, |a, b| nim16(a.reverse_bits() >> 8, b));
        assert_eq!(axiom(&r), Some(Axiom::Commutativity));
        // Bilinear and commutative but not associative: the product's bits reversed.
        let r = certify_with(8, |a, b| nim16(a, b).reverse_bits() >> 8);
        assert_eq!(axiom(&r), Some(Axiom::Associativity));
        // A field with the wrong unit: x·y·u⁻¹ has unit u = 2.
        let r = certify_with(8, |a, b| nim16(nim16(a, b), 3));
        assert_eq!(axiom(&r), Some(Axiom::Identity));
        assert!(
            r.statement()
                .starts_with("not a field (identity fails: 1 ⊗ 1 = 3")
        );
        // Bilinear, commutative and associative but with zero divisors: AND.
        let r = certify_with(8, |a, b| a & b);
        assert_eq!(axiom(&r), Some(Axiom::Identity));
        // GF(2)[x]/(x²) on two bits: a ring with unit 1 in which x ⊗ x = 0.
        let dual = |a: u16, b: u16| (a & b & 1) | ((a & 1 & b >> 1) ^ (a >> 1 & b & 1)) << 1;
        let r = certify_with(2, dual);
        assert_eq!(axiom(&r), Some(Axiom::Inverses));
        assert_eq!(r.invertible_rows, 1);
        let r = certify_with(0, |_, _| 0);
        assert_eq!(axiom(&r), Some(Axiom::OneIsNotZero));
    }

    #[test]
    fn threads_do_not_change_the_report() {
        let one = certify_rows(8, 1, fill8, |_| false, nim8_broken);
        let three = certify_rows(8, 3, fill8, |_| false, nim8_broken);
        assert_eq!(one, three);
        assert_eq!(one.linear_pairs, 200 * 256);
    }

    /// A product below 256 broken in row 200 and in row 250.
    fn nim8_broken(a: u16, b: u16) -> u16 {
        nim16(a, b) ^ u16::from((a == 200 || a == 250) && b == 7)
    }

    /// Fills a row of [`nim8_broken`].
    fn fill8(a: u16, row: &mut [u16]) {
        for (b, slot) in row.iter_mut().enumerate() {
            *slot = nim8_broken(a, b as u16);
        }
    }

    #[test]
    fn agreement_finds_a_broken_fast_product() {
        let broken = |a: &[u64], b: &[u64], out: &mut [u64]| {
            Mul64::detect().mul_batch(a, b, out);
            if a.first() == Some(&3) {
                out[12345] ^= 1;
            }
        };
        let found = fast_agreement(2, broken);
        assert_eq!(found.mismatch.map(|m| (m.0, m.1)), Some((3, 12345)));
        assert_eq!(found.pairs, 3 * 65536 + 12346);
    }
}
