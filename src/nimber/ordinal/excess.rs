//! Lenstra's excess m_p recomputed from scratch, beside the cited table it is checked against.
//!
//! For p the (n+1)-th odd prime, α_p = (ω^(ω^n))^⊗p = κ_{f(p)} + m_p, where m_p is the least
//! m ≥ 0 such that β = κ_{f(p)} + m is not a p-th power. In the field F_{2^N} of β (with
//! f(p) | N, so p | 2^N − 1) that is β^((2^N − 1)/p) ≠ 1. Each row's field is built from the
//! α's of rows computed before it, never from the table, so one wrong row spoils later ones.

use super::error::OrdinalError;
use super::field::{Engine, Sparse, Tower, normalize};
use super::primes::{factorize, odd_primes};
use super::row::{ExcessRow, Needs, Source};
use super::table::TABLE_END;

/// Which rows to compute: odd primes up to `max_prime`, fields of degree up to `max_degree`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowLimit {
    /// The largest prime to give a row for.
    pub max_prime: u64,
    /// Rows whose field degree is larger are cited instead of computed.
    pub max_degree: u64,
}

impl RowLimit {
    /// Returns the standard limit: every table row whose field has degree at most 5060.
    pub const fn standard() -> RowLimit {
        RowLimit {
            max_prime: TABLE_END,
            max_degree: 5060,
        }
    }

    /// Returns a limit computing every row up to `p` whose degree is at most 5060.
    pub const fn primes_up_to(p: u64) -> RowLimit {
        RowLimit {
            max_prime: p,
            max_degree: 5060,
        }
    }
}

/// Returns one row per odd prime up to the limit, computing m_p where the limit allows and
/// the rows it builds on were computed, and citing the table otherwise.
pub fn compute_rows(limit: RowLimit) -> Result<Vec<ExcessRow>, OrdinalError> {
    compute_rows_with(limit, &|_, m| m)
}

/// Computes rows as [`compute_rows`], passing each computed m_p through `tamper` before
/// later rows use it (the identity outside tests).
fn compute_rows_with(
    limit: RowLimit,
    tamper: &dyn Fn(u64, u64) -> u64,
) -> Result<Vec<ExcessRow>, OrdinalError> {
    let mut rows: Vec<ExcessRow> = Vec::new();
    for &p in odd_primes().iter().take_while(|&&p| p <= limit.max_prime) {
        let skeleton = ExcessRow::new(p, 0, Source::Computed, &rows)
            .ok_or(OrdinalError::AlphaUnknown { prime: p })?;
        let mut needs = Needs::new();
        for &q in &skeleton.kappa_set {
            needs.add_kappa(q)?;
        }
        let computable = skeleton.degree <= limit.max_degree && needs.close(&rows)?;
        let row = if computable {
            let m = tamper(p, lenstra_excess(&skeleton, &rows, limit.max_degree)?);
            ExcessRow {
                excess: m,
                ..skeleton
            }
        } else {
            let m = skeleton
                .cited
                .ok_or(OrdinalError::PrimePastTable { prime: p })?;
            // The κ set and degree do not depend on the excess: the skeleton, cited.
            ExcessRow {
                excess: m,
                source: Source::Cited,
                ..skeleton
            }
        };
        rows.push(row);
    }
    Ok(rows)
}

/// Returns the first m from Lenstra's lower bound for which κ_{f(p)} + m is not a p-th power.
fn lenstra_excess(
    row: &ExcessRow,
    rows: &[ExcessRow],
    max_degree: u64,
) -> Result<u64, OrdinalError> {
    let start = lower_bound(row);
    for m in start..start + 64 {
        let mut needs = Needs::new();
        for &q in &row.kappa_set {
            needs.add_kappa(q)?;
        }
        needs.add_finite(u128::from(m));
        needs.close(rows)?;
        // Room for the finite part of m on top of the field of κ_{f(p)}.
        let tower = Tower::new(&needs, rows, max_degree.saturating_mul(16))?;
        let mut beta: Sparse = vec![(0, u128::from(m))];
        for &q in &row.kappa_set {
            beta.push(tower.kappa(q).ok_or(OrdinalError::Overflow)?);
        }
        if !is_pth_power(&tower, &normalize(beta), row.prime) {
            return Ok(m);
        }
    }
    Err(OrdinalError::ExcessNotFound { prime: row.prime })
}

/// Returns Lenstra's shortcuts: m_p ≥ 1 when the κ set is one odd prime power, m_p ≥ 4 when
/// f(p) = 2·3^k (k ≥ 1), else 0.
fn lower_bound(row: &ExcessRow) -> u64 {
    let f = factorize(row.order_of_two);
    if matches!(f.as_slice(), [(2, 1), (3, _)]) {
        4
    } else if matches!(row.kappa_set.as_slice(), [q] if q % 2 == 1) {
        1
    } else {
        0
    }
}

/// Returns whether β is a p-th power in the tower's field F_{2^N}: β^((2^N − 1)/p) = 1.
pub(crate) fn is_pth_power(tower: &Tower, beta: &[(usize, u128)], p: u64) -> bool {
    let n = tower.degree();
    debug_assert!(
        quotient_bits(n, p).count() as u64 == n,
        "the bit stream has one bit per place"
    );
    let mut engine = Engine::new(tower);
    let power = engine.pow_sparse_bits(beta, quotient_bits(n, p));
    power == tower.one()
}

/// Yields the bits of (2^N − 1)/p most significant first, by long division of N ones.
/// When p ∤ 2^N − 1 the quotient is truncated, and no β passes as a p-th power by accident
/// only if f(p) | N, which Lenstra's degrees guarantee.
fn quotient_bits(n: u64, p: u64) -> impl Iterator<Item = bool> {
    let mut r = 0u64;
    (0..n).map(move |_| {
        r = 2 * r + 1;
        let bit = r >= p;
        if bit {
            r -= p;
        }
        bit
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::ordinal::table::CITED_EXCESS;

    #[test]
    fn quotient_bits_divide() {
        // (2^6 − 1)/7 = 9 = 0b001001.
        let bits: Vec<bool> = quotient_bits(6, 7).collect();
        assert_eq!(bits, [false, false, true, false, false, true]);
    }

    #[test]
    fn rows_to_43_are_computed_and_agree() {
        let rows = compute_rows(RowLimit::primes_up_to(43)).expect("computable");
        assert_eq!(rows.len(), 13);
        for row in &rows {
            assert_eq!(row.source, Source::Computed, "p = {}", row.prime);
            assert_eq!(row.agrees_with_table(), Some(true), "p = {}", row.prime);
        }
    }

    #[test]
    fn every_row_to_degree_5060_is_computed_and_agrees() {
        let rows = compute_rows(RowLimit::standard()).expect("computable");
        assert_eq!(rows.len(), CITED_EXCESS.len());
        let computed: Vec<&ExcessRow> = rows
            .iter()
            .filter(|r| r.source == Source::Computed)
            .collect();
        assert_eq!(computed.len(), 52);
        assert_eq!(computed.iter().filter(|r| r.prime <= 257).count(), 49);
        for row in &rows {
            assert_eq!(
                row.source == Source::Computed,
                row.degree <= 5060,
                "p = {}",
                row.prime
            );
            assert_eq!(row.agrees_with_table(), Some(true), "p = {}", row.prime);
        }
    }

    #[test]
    fn the_deciding_candidate_is_tested_in_the_field_of_alpha() {
        let rows = compute_rows(RowLimit::primes_up_to(43)).expect("computable");
        for row in &rows {
            let mut needs = Needs::new();
            row.kappa_set
                .iter()
                .for_each(|&q| needs.add_kappa(q).expect("small"));
            needs.add_finite(u128::from(row.excess));
            needs.close(&rows).expect("known");
            let tower = Tower::new(&needs, &rows, 1 << 16).expect("small");
            assert_eq!(tower.degree(), row.alpha_degree(), "p = {}", row.prime);
        }
        let p19 = rows.iter().find(|r| r.prime == 19).expect("a row");
        assert_eq!((p19.degree, p19.alpha_degree()), (18, 36));
    }

    #[test]
    fn shortcuts_agree_with_the_full_search_on_small_rows() {
        let rows = compute_rows(RowLimit::primes_up_to(43)).expect("computable");
        for row in rows.iter().filter(|r| lower_bound(r) > 0) {
            // Every m below the bound is a p-th power, so the search from 0 agrees.
            for m in 0..lower_bound(row) {
                let mut needs = Needs::new();
                row.kappa_set
                    .iter()
                    .for_each(|&q| needs.add_kappa(q).expect("small"));
                needs.add_finite(u128::from(m));
                needs.close(&rows).expect("known");
                let tower = Tower::new(&needs, &rows, 1 << 16).expect("small");
                let mut beta: Sparse = vec![(0, u128::from(m))];
                row.kappa_set
                    .iter()
                    .for_each(|&q| beta.push(tower.kappa(q).expect("held")));
                assert!(
                    is_pth_power(&tower, &normalize(beta), row.prime),
                    "p = {}, m = {m}",
                    row.prime
                );
            }
        }
    }

    #[test]
    fn a_wrong_alpha_7_is_caught() {
        let tampered = compute_rows_with(RowLimit::primes_up_to(113), &|p, m| {
            if p == 7 { 0 } else { m }
        });
        // With α_7 = ω, y^7 = ω has roots in F_64, the tower is no field, and the search for
        // m_29 runs dry; stop the rows before it to see the disagreement itself.
        assert_eq!(tampered, Err(OrdinalError::ExcessNotFound { prime: 29 }));
        let rows = compute_rows_with(RowLimit::primes_up_to(23), &|p, m| {
            if p == 7 { 0 } else { m }
        })
        .expect("computable");
        let wrong: Vec<u64> = rows
            .iter()
            .filter(|r| r.agrees_with_table() == Some(false))
            .map(|r| r.prime)
            .collect();
        assert_eq!(wrong, [7]);
    }

    #[test]
    fn primes_past_the_table_need_a_computation() {
        let limit = RowLimit {
            max_prime: 283,
            max_degree: 100,
        };
        assert_eq!(
            compute_rows(limit),
            Err(OrdinalError::PrimePastTable { prime: 283 })
        );
    }
}
