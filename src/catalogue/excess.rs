//! `{excess}`: Lenstra's table of α_p = κ_{f(p)} + m_p for the odd primes up to a bound,
//! with every row the build computed checked against the cited values of OEIS A380496 and
//! every row it did not compute marked as cited.
//!
//! The rows are the ones the statement language computes in, so a page's
//! {nim}`alpha(7) = w + 1` and this table rest on the same computation, done once a build.
//! No time is shown: a page must come out the same on every machine, so each row shows the
//! degree of κ_{f(p)}, which decides whether the row is computed, and the degree of the
//! field of α_p, where the deciding candidate is tested and which the work grows with; the
//! timings live in the `ordinal` benchmark.

use std::ops::Range;

use serde::Serialize;

use crate::diagnostics::Code;
use crate::engine::{
    Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View, html,
};
use crate::ledger::ClaimKind;
use crate::nimber::ordinal::{ExcessRow, RowLimit, Source, TABLE_END};
use crate::stmt::{self, Value};

/// The `{excess}` directive.
pub struct Excess;

/// Names the source of a cited row as OEIS A380496 credits it: Lenstra computed the rows to
/// p = 43, Le Bruyn those from 47 to 67, A. Siegel those from 71 to 281.
fn source(p: u64) -> &'static str {
    match p {
        ..=43 => "H. W. Lenstra, Jr., Nim multiplication (1978), rows to p = 43; OEIS A380496",
        44..=67 => {
            "Le Bruyn, OEIS A380496 (Lenstra excess of the n-th odd prime, rows from p = 47 to 67)"
        }
        _ => {
            "A. Siegel, OEIS A380496 (Lenstra excess of the n-th odd prime, rows from p = 71 to 281)"
        }
    }
}

/// An `{excess}` as written.
#[derive(Debug)]
struct ExcessSpec {
    upto: u64,
    upto_span: Range<usize>,
    caption: Option<String>,
    /// The works the cited rows are taken from, by key, with their spans.
    sources: Vec<(crate::bib::Cite, Range<usize>)>,
}

impl Directive for Excess {
    fn name(&self) -> &'static str {
        "excess"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/excess.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("upto", "the largest odd prime listed, 3 to 281"),
            Opt::optional(
                "source",
                "the keys in references.bib of the works the cited rows are taken from, separated by `;`",
            ),
        ];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        let upto = args
            .number("upto", 3, TABLE_END as usize, None)
            .map_err(|e| vec![e])?;
        let sources = match args.text("source") {
            Some(text) => crate::engine::cite::read_sources(text, args.span_of("source").start)
                .map_err(|e| vec![e])?,
            None => Vec::new(),
        };
        Ok(Box::new(ExcessSpec {
            upto: upto as u64,
            upto_span: args.span_of("upto"),
            caption: args.caption().map(str::to_string),
            sources,
        }))
    }
}

/// What the `{excess}` partial shows.
#[derive(Serialize)]
struct ExcessView {
    upto: u64,
    rows: usize,
    computed: usize,
    cited: usize,
    cited_primes: String,
    limit: String,
    largest: String,
    table: Vec<RowView>,
}

/// One row of the table.
#[derive(Serialize)]
struct RowView {
    id: String,
    prime: u64,
    order_of_two: u64,
    kappa_set: String,
    excess: u64,
    alpha: String,
    degree: String,
    tested: String,
    source: &'static str,
    cited: String,
}

impl Spec for ExcessSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let id = cx.anchor(&format!("excess-{}", self.upto));
        if !self.sources.is_empty() {
            // The citation is linked in the page's references; its text is the table's.
            crate::engine::cite::cite_group(cx, &self.sources, 0);
        }
        let arith = stmt::ordinal_arith().map_err(|e| {
            DirectiveError::new(
                Code::Expr,
                self.upto_span.clone(),
                format!("the excess table could not be computed: {e}"),
            )
        })?;
        let rows: Vec<&ExcessRow> = arith
            .alphas()
            .rows()
            .iter()
            .filter(|r| r.prime <= self.upto)
            .collect();
        let mut ok = true;
        let mut table = Vec::with_capacity(rows.len());
        for row in &rows {
            let row_id = cx.anchor(&format!("alpha-{}", row.prime));
            ok &= self.claim(cx, row, &row_id);
            table.push(row_view(row, row_id, &self.upto_span)?);
        }
        let cited: Vec<String> = rows
            .iter()
            .filter(|r| r.source == Source::Cited)
            .map(|r| r.prime.to_string())
            .collect();
        let largest = rows
            .iter()
            .filter(|r| r.source == Source::Computed)
            .map(|r| r.alpha_degree())
            .max()
            .unwrap_or(0);
        let data = ExcessView {
            upto: self.upto,
            rows: rows.len(),
            computed: rows.len() - cited.len(),
            cited: cited.len(),
            cited_primes: cited.join(", "),
            limit: html::count(RowLimit::standard().max_degree),
            largest: html::count(largest),
            table,
        };
        Ok(View::new(&id, Status::from_ok(ok), data).with_caption(self.caption.as_deref()))
    }
}

impl ExcessSpec {
    /// Records a row: a computed excess as a claim that it agrees with the cited table,
    /// a cited one as cited.
    fn claim(&self, cx: &mut Cx<'_>, row: &ExcessRow, anchor: &str) -> bool {
        let p = row.prime;
        let degree = html::count(row.degree);
        match (row.source, row.cited) {
            (Source::Computed, Some(cited)) => {
                let check = Check {
                    kind: ClaimKind::CrossCheck,
                    span: self.upto_span.clone(),
                    anchor: anchor.to_string(),
                    statement: format!(
                        "the excess m_{p} = {} computed by Lenstra's test agrees with OEIS A380496",
                        row.excess
                    ),
                    evidence: format!(
                        "κ_{{f({p})}} has degree {degree} over F₂; the deciding candidate α_{p} was tested in the field of degree {}, from the rows before it",
                        html::count(row.alpha_degree())
                    ),
                };
                let claim = Agree::new(cited, row.excess, move |c: &u64, m: &u64| {
                    format!("the build computes m_{p} = {m}, the table says {c}")
                });
                let provenance = crate::ledger::Provenance::computed(
                    "computed by Lenstra's test from the rows computed before it; compared with the published value of OEIS A380496",
                );
                cx.check_resting(check, &claim, provenance)
            }
            (Source::Computed, None) => true,
            (Source::Cited, _) => {
                let statement = format!(
                    "the excess m_{p} = {}, whose κ_{{f({p})}} of degree {degree} is past the computed limit",
                    row.excess
                );
                let keys: Vec<String> = self.sources.iter().map(|(c, _)| c.key.clone()).collect();
                let check = Check {
                    kind: ClaimKind::Cited,
                    span: self.upto_span.clone(),
                    anchor: anchor.to_string(),
                    statement,
                    evidence: source(p).to_string(),
                };
                let id = format!("{}#{anchor}", cx.page.slug);
                cx.cite(check, id, keys);
                true
            }
        }
    }
}

/// Returns a row as the partial shows it.
fn row_view(row: &ExcessRow, id: String, span: &Range<usize>) -> Result<RowView, DirectiveError> {
    let alpha = row.alpha().map_err(|e| {
        DirectiveError::new(
            Code::Expr,
            span.clone(),
            format!("α_{} has no value: {e}", row.prime),
        )
    })?;
    let set: Vec<String> = row.kappa_set.iter().map(u64::to_string).collect();
    Ok(RowView {
        id,
        prime: row.prime,
        order_of_two: row.order_of_two,
        kappa_set: format!("{{{}}}", set.join(", ")),
        excess: row.excess,
        alpha: Value::from_ordinal(alpha).to_unicode(),
        degree: html::count(row.degree),
        tested: match row.source {
            Source::Computed => html::count(row.alpha_degree()),
            Source::Cited => String::new(),
        },
        source: match row.source {
            Source::Computed => "computed",
            Source::Cited => "cited",
        },
        cited: row.cited.map_or_else(String::new, |m| m.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::testing::evaluate;

    #[test]
    fn rows_show_alpha_in_cantor_normal_form() {
        let arith = stmt::ordinal_arith().expect("rows");
        let row = arith.alphas().row(19).expect("a row");
        let view = row_view(row, "alpha-19".into(), &(0..0)).expect("a view");
        assert_eq!(view.alpha, "ω³ + 4");
        assert_eq!(view.kappa_set, "{9}");
        assert_eq!((view.source, view.cited.as_str()), ("computed", "4"));
        // ω³ has degree 18, but its candidates with 4 lie in the field of degree 36.
        assert_eq!((view.degree.as_str(), view.tested.as_str()), ("18", "36"));
        let row = arith.alphas().row(163).expect("a row");
        let view = row_view(row, String::new(), &(0..0)).expect("a view");
        assert_eq!((view.degree.as_str(), view.tested.as_str()), ("162", "324"));
        let row = arith.alphas().row(13).expect("a row");
        assert_eq!(
            row_view(row, String::new(), &(0..0)).expect("a view").alpha,
            "ω + 4"
        );
    }

    #[test]
    fn the_rows_to_7_are_computed_and_agree_with_the_published_ones() {
        let page = evaluate("```{excess}\n:upto: 7\n```\n");
        // Evaluated as `check --mutate`: a claim whose perturbed copy passed is reported.
        assert_eq!(page.held(), 3);
        assert!(
            page.html
                .contains("3 rows, one for each odd prime up to 7."),
            "{}",
            page.html
        );
        let page = evaluate("```{excess}\n:upto: 2\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
    }
}
