//! `{subfields}`: finds every subfield of the field below 256 by closing sets under the
//! definition's product, and counts the fixed points of the Frobenius powers, so the tower
//! of rung 2 is a checked claim rather than a citation.

use std::ops::Range;

use serde::Serialize;

use super::shared::Tables;
use crate::engine::Caption;
use crate::engine::view::DataTable;
use crate::engine::{
    Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View, html,
};
use crate::ledger::ClaimKind;
use crate::nimber::{self, SubfieldFailure};

/// The `{subfields}` directive.
pub struct Subfields;

/// The one field size whose subfields are found exhaustively.
const SIZE: usize = 256;
/// The exponent of the field below 256: it has 2^8 elements.
const DEGREE: u32 = 8;

/// A `{subfields}` as written.
#[derive(Debug)]
struct SubfieldsSpec {
    frobenius: u32,
    size_span: Range<usize>,
    frobenius_span: Range<usize>,
    caption: Caption,
}

impl Directive for Subfields {
    fn name(&self) -> &'static str {
        "subfields"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/subfields.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("size", "the field searched: 256"),
            Opt::optional(
                "frobenius",
                "the largest m whose fixed points are counted, 1 to 64",
            ),
        ];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        SubfieldsSpec::read(args).map(|s| Box::new(s) as Box<dyn Spec>)
    }
}

impl SubfieldsSpec {
    /// Reads the options into a spec.
    fn read(args: &Args) -> Result<SubfieldsSpec, Vec<DirectiveError>> {
        let mut errors = Vec::new();
        let size = args.number_in("size", &[SIZE]).map_err(|e| errors.push(e));
        let frobenius = args
            .number("frobenius", 1, 64, Some(DEGREE as usize))
            .map_err(|e| errors.push(e));
        let caption = Caption::read(args, &["size", "frobenius"]).map_err(|e| errors.push(e));
        match (size, frobenius, caption) {
            (Ok(_), Ok(m), Ok(caption)) => Ok(SubfieldsSpec {
                frobenius: m as u32,
                size_span: args.span_of("size"),
                frobenius_span: args.span_of("frobenius"),
                caption,
            }),
            _ => Err(errors),
        }
    }
}

/// What the `{subfields}` partial shows.
#[derive(Serialize)]
struct SubfieldsView {
    subfields: DataTable,
    frobenius: DataTable,
    generated: String,
    joins: String,
    max_m: u32,
}

impl Spec for SubfieldsSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let tables = Tables::of(cx.shared);
        let product = |a: u128, b: u128| tables.defined_product(a, b);
        self.evaluate_with(cx, &product)
    }
}

impl SubfieldsSpec {
    /// Finds the subfields and the Frobenius fixed points under `product`.
    fn evaluate_with(
        &self,
        cx: &mut Cx<'_>,
        product: &dyn Fn(u128, u128) -> u128,
    ) -> Result<View, DirectiveError> {
        let id = cx.anchor("subfields-256");
        let report = nimber::check_subfields_256(product);
        let claimed: Vec<usize> = vec![2, 4, 16, 256];
        let found = match &report.result {
            Ok(()) => report.sizes.clone(),
            Err(_) => Vec::new(),
        };
        let failure = describe(&report.result, &report.sizes);
        let check = Check {
            kind: ClaimKind::Field,
            span: self.size_span.clone(),
            anchor: id.clone(),
            statement: "subfields of the field below 256: the subsets of {0, …, 255} that hold 1 and are closed under ⊕ and ⊗ are exactly {0, 1}, {0, …, 3}, {0, …, 15} and {0, …, 255}".to_string(),
            evidence: format!(
                "the closure of each of the {} elements with 1, then unions of closed sets closed again ({} joins) until no new set appeared; products read from the definition's table",
                report.generated, report.joins
            ),
        };
        let ok_sub = cx.check(
            check,
            &Agree::new(claimed, found, move |_, _| failure.clone()),
        );
        let m = self.frobenius;
        let frob = nimber::check_frobenius_256(product, m);
        let expected: Vec<u64> = (1..=m).map(|m| 1u64 << gcd(m, DEGREE)).collect();
        let counts = frob.counts.clone();
        let check = Check {
            kind: ClaimKind::Field,
            span: self.frobenius_span.clone(),
            anchor: id.clone(),
            statement: format!(
                "Frobenius fixed points below 256: for every m from 1 to {m}, exactly 2^gcd(m, 8) values x below 256 satisfy x^(2^m) = x, namely the subfield with that many elements"
            ),
            evidence: format!(
                "{} values x, each squared m times for every m; counts {}",
                SIZE,
                listed(&counts)
            ),
        };
        let explain =
            |want: &Vec<u64>, got: &Vec<u64>| match crate::engine::claims::first_difference(
                want, got,
            ) {
                Some((i, Some(w), Some(g))) => {
                    format!(
                        "for m = {}, {g} values are fixed, not 2^gcd(m, 8) = {w}",
                        i + 1
                    )
                }
                _ => "the counts differ in number".to_string(),
            };
        let ok_frob = cx.check(check, &Agree::new(expected.clone(), counts, explain));
        let subfields = DataTable::plain(
            &["subfield", "elements", "closed under ⊕ and ⊗, holds 1"],
            report
                .sizes
                .iter()
                .map(|&s| {
                    let set = if s == 2 {
                        "{0, 1}".to_string()
                    } else {
                        format!("{{0, …, {}}}", s - 1)
                    };
                    vec![set, s.to_string(), "yes".to_string()]
                })
                .collect(),
        );
        let frobenius = DataTable::plain(
            &[
                "m",
                "values below 256 that squaring m times leaves fixed",
                "2^gcd(m, 8)",
            ],
            frob.counts
                .iter()
                .zip(&expected)
                .enumerate()
                .map(|(i, (c, e))| vec![(i + 1).to_string(), html::count(*c), html::count(*e)])
                .collect(),
        );
        let data = SubfieldsView {
            subfields,
            frobenius,
            generated: html::count(report.generated),
            joins: html::count(report.joins),
            max_m: m,
        };
        let caption = self
            .caption
            .fill(&[("size", SIZE.to_string()), ("frobenius", m.to_string())]);
        Ok(View::new(&id, Status::from_ok(ok_sub && ok_frob), data)
            .with_caption(caption.as_deref()))
    }
}

/// Says what the subfield search found instead of the four initial segments.
fn describe(result: &Result<(), SubfieldFailure>, sizes: &[usize]) -> String {
    match result {
        Ok(()) => format!("closed sets of sizes {}", listed(sizes)),
        Err(SubfieldFailure::NotInitial { size, missing }) => format!(
            "a closed set of {size} elements that lacks {missing}, so it is not {{0, …, {}}}",
            size - 1
        ),
        Err(SubfieldFailure::Sizes(found)) => {
            format!("closed sets of sizes {}", listed(found))
        }
    }
}

/// Lists numbers as "2, 4, 16".
fn listed<T: ToString>(v: &[T]) -> String {
    v.iter().map(T::to_string).collect::<Vec<_>>().join(", ")
}

/// Returns the greatest common divisor.
fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::testing::{evaluate, run, stale};
    use crate::diagnostics::Code;

    fn failures(block: &str, product: &dyn Fn(u128, u128) -> u128) -> (usize, String) {
        let (d, _) = run(block, &Subfields, SubfieldsSpec::read, |s, cx| {
            s.evaluate_with(cx, product)
        });
        let notes = d.iter().flat_map(|d| d.notes.clone()).collect::<Vec<_>>();
        (stale(&d), notes.join("; "))
    }

    #[test]
    fn the_tower_below_256_holds_and_fails_on_a_broken_product() {
        let block = "```{subfields}\n:size: 256\n:frobenius: 16\n```\n";
        assert_eq!(failures(block, &nimber::mul).0, 0);
        // Ordinary products modulo 256 above 16: closed sets of other sizes appear.
        let broken = |a: u128, b: u128| {
            if a < 16 && b < 16 {
                nimber::mul(a, b)
            } else {
                a * b % 256
            }
        };
        let (count, notes) = failures(block, &broken);
        assert!(count >= 1, "{notes}");
        // Squaring broken at one value moves one Frobenius count.
        let skewed = |a: u128, b: u128| nimber::mul(a, b) ^ u128::from(a == 200 && b == 200);
        let (count, notes) = failures(block, &skewed);
        assert!(count >= 1 && notes.contains("values are fixed"), "{notes}");
    }

    #[test]
    fn counts_follow_the_gcd() {
        assert_eq!((gcd(12, 8), gcd(3, 8), gcd(8, 8)), (4, 1, 8));
    }

    #[test]
    fn the_subfields_of_256_are_listed_and_another_size_is_refused() {
        let page = evaluate("```{subfields}\n:size: 256\n```\n");
        // Evaluated as `check --mutate`: a claim whose perturbed copy passed is reported.
        assert_eq!(page.held(), 2);
        for s in [2usize, 4, 16, 256] {
            assert!(
                page.html.contains(&format!("<td>{s}</td><td>yes</td>")),
                "{}",
                page.html
            );
        }
        let page = evaluate("```{subfields}\n:size: 16\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
    }
}
