//! The constants α_p that close the carries of the product, one per odd prime:
//! α_p = κ_{f(p)} + m_p, from rows computed (`excess`) or cited (`table`).

use super::cnf::Ordinal;
use super::error::OrdinalError;
use super::excess::{RowLimit, compute_rows};
use super::primes::{odd_prime, odd_prime_index};
use super::row::{ExcessRow, Source, missing};
use super::table::CITED_EXCESS;

/// The rows the product and the field code draw their α's from, indexed by odd prime.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphas {
    rows: Vec<ExcessRow>,
    alphas: Vec<Ordinal>,
}

impl Alphas {
    /// Returns the rows of the cited table (odd primes to 281), with κ sets derived here;
    /// an error if the table's rows do not fit together.
    pub fn cited() -> Result<Alphas, OrdinalError> {
        let mut rows: Vec<ExcessRow> = Vec::with_capacity(CITED_EXCESS.len());
        for &(p, m) in &CITED_EXCESS {
            let row = ExcessRow::new(p, m, Source::Cited, &rows)
                .ok_or(OrdinalError::AlphaUnknown { prime: p })?;
            rows.push(row);
        }
        Alphas::from_rows(rows)
    }

    /// Returns the rows [`compute_rows`] gives: computed within the
    /// limit, cited beyond it.
    pub fn computed(limit: RowLimit) -> Result<Alphas, OrdinalError> {
        Alphas::from_rows(compute_rows(limit)?)
    }

    /// Returns the α's of the given rows, which must run over consecutive odd primes from 3.
    pub fn from_rows(rows: Vec<ExcessRow>) -> Result<Alphas, OrdinalError> {
        let mut alphas = Vec::with_capacity(rows.len());
        for (k, row) in rows.iter().enumerate() {
            if odd_prime(k) != Some(row.prime) {
                return Err(OrdinalError::AlphaUnknown {
                    prime: odd_prime(k).unwrap_or(row.prime),
                });
            }
            alphas.push(row.alpha()?);
        }
        Ok(Alphas { rows, alphas })
    }

    /// Returns every row, in increasing order of p.
    pub fn rows(&self) -> &[ExcessRow] {
        &self.rows
    }

    /// Returns the row of the odd prime `p`.
    pub fn row(&self, p: u64) -> Result<&ExcessRow, OrdinalError> {
        let k = odd_prime_index(p).ok_or(OrdinalError::AlphaUnknown { prime: p })?;
        self.row_at(k)
    }

    /// Returns the row of p_k.
    pub(crate) fn row_at(&self, k: usize) -> Result<&ExcessRow, OrdinalError> {
        self.rows.get(k).ok_or_else(|| missing(k))
    }

    /// Returns α_{p_k}.
    pub(crate) fn alpha_at(&self, k: usize) -> Result<&Ordinal, OrdinalError> {
        self.alphas.get(k).ok_or_else(|| missing(k))
    }

    /// Returns a copy with the excess of `p` replaced, to show that checks notice.
    #[cfg(test)]
    pub(crate) fn with_excess(&self, p: u64, m: u64) -> Alphas {
        let mut rows = self.rows.clone();
        let k = odd_prime_index(p).expect("odd prime");
        rows[k].excess = m;
        Alphas::from_rows(rows).expect("still consecutive")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::ordinal::row::Needs;

    /// A row as ORDINALS.md prints it: p, f(p), set, m_p, α_p, degree.
    type BriefRow = (u64, u64, &'static [u64], u64, &'static str, u64);

    /// The table rows of ORDINALS.md.
    const BRIEF_ROWS: [BriefRow; 13] = [
        (3, 2, &[2], 0, "2", 2),
        (5, 4, &[4], 0, "4", 4),
        (7, 3, &[3], 1, "w + 1", 6),
        (11, 10, &[5], 1, "w**w + 1", 20),
        (13, 12, &[3, 4], 0, "w + 4", 12),
        (17, 8, &[8], 0, "16", 8),
        (19, 18, &[9], 4, "w**3 + 4", 18),
        (23, 11, &[11], 1, "w**(w**3) + 1", 220),
        (29, 28, &[4, 7], 0, "w**(w**2) + 4", 84),
        (31, 5, &[5], 1, "w**w + 1", 20),
        (37, 36, &[4, 9], 0, "w**3 + 4", 36),
        (41, 20, &[5], 1, "w**w + 1", 20),
        (43, 14, &[7], 1, "w**(w**2) + 1", 42),
    ];

    #[test]
    fn cited_rows_match_the_brief_to_43() {
        let alphas = Alphas::cited().expect("the cited table is consistent");
        for (p, f, set, m, alpha, degree) in BRIEF_ROWS {
            let row = alphas.row(p).expect("in the table");
            assert_eq!(
                (row.order_of_two, row.kappa_set.as_slice()),
                (f, set),
                "p = {p}"
            );
            assert_eq!((row.excess, row.degree), (m, degree), "p = {p}");
            assert_eq!(
                row.alpha().map(|a| a.to_string()),
                Ok(alpha.to_string()),
                "p = {p}"
            );
        }
    }

    #[test]
    fn computed_rows_match_the_brief_to_43() {
        let rows = super::super::compute_rows(super::super::RowLimit::primes_up_to(43));
        let rows = rows.expect("computable");
        for (row, (p, f, set, m, alpha, degree)) in rows.iter().zip(BRIEF_ROWS) {
            assert_eq!(
                (row.prime, row.order_of_two, row.kappa_set.as_slice()),
                (p, f, set)
            );
            assert_eq!(
                (row.excess, row.degree, row.source),
                (m, degree, Source::Computed)
            );
            assert_eq!(
                row.alpha().map(|a| a.to_string()),
                Ok(alpha.to_string()),
                "p = {p}"
            );
        }
    }

    #[test]
    fn alpha_degree_includes_the_excess() {
        let alphas = Alphas::cited().expect("the cited table is consistent");
        assert_eq!(alphas.row(19).map(ExcessRow::alpha_degree), Ok(36));
        assert_eq!(alphas.row(7).map(ExcessRow::alpha_degree), Ok(6));
    }

    #[test]
    fn forty_nine_rows_to_257_have_degree_at_most_5060() {
        let rows = Alphas::cited().expect("the cited table is consistent");
        let small = rows.rows().iter().filter(|r| r.degree <= 5060);
        let to_257: Vec<u64> = small.map(|r| r.prime).filter(|&p| p <= 257).collect();
        assert_eq!(to_257.len(), 49);
        assert_eq!(rows.row(167).map(|r| r.degree), Ok(68060));
    }

    #[test]
    fn missing_alphas_say_which_prime() {
        let alphas = Alphas::cited().expect("the cited table is consistent");
        assert_eq!(
            alphas.alpha_at(59),
            Err(OrdinalError::PrimePastTable { prime: 283 })
        );
        let short = Alphas::from_rows(alphas.rows()[..3].to_vec()).expect("consecutive");
        assert_eq!(
            short.alpha_at(3),
            Err(OrdinalError::AlphaUnknown { prime: 11 })
        );
        assert!(Alphas::from_rows(alphas.rows()[1..3].to_vec()).is_err());
    }

    #[test]
    fn needs_close_down_to_the_finite_field() {
        let alphas = Alphas::cited().expect("the cited table is consistent");
        let mut needs = Needs::new();
        needs.add_power(2, 1); // κ_7
        needs.close(alphas.rows()).expect("known");
        assert_eq!(
            needs.powers.iter().collect::<Vec<_>>(),
            vec![(&0, &1), (&2, &1)]
        );
        assert_eq!((needs.bits, needs.degree()), (2, Some(42)));
    }
}
