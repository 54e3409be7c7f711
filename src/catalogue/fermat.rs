//! `{fermat}`: checks Conway's three rules for Fermat 2-powers on every Fermat 2-power
//! below 2^128, the first rule for every smaller factor where that is few enough to try.
//! Rung 4 builds the fast product from these rules; here each is a claim of its own.

use std::ops::Range;

use serde::Serialize;

use super::shared::Tables;
use crate::engine::Caption;
use crate::engine::view::DataTable;
use crate::engine::{
    Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View, html,
};
use crate::ledger::ClaimKind;
use crate::nimber::{self, FERMAT_POWERS, FermatFailure};

/// The `{fermat}` directive.
pub struct Fermat;

/// The Fermat 2-powers up to which rule 1 may be checked for every smaller factor.
const EXHAUSTIVE: &[usize] = &[2, 4, 16, 256, 65536];

/// A `{fermat}` as written.
#[derive(Debug)]
struct FermatSpec {
    exhaustive: usize,
    span: Range<usize>,
    caption: Caption,
}

impl Directive for Fermat {
    fn name(&self) -> &'static str {
        "fermat"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/fermat.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[Opt::required(
            "exhaustive",
            "the largest Fermat 2-power F whose rule 1 is checked for every x below F",
        )];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        FermatSpec::read(args).map(|s| Box::new(s) as Box<dyn Spec>)
    }
}

impl FermatSpec {
    /// Reads the options into a spec.
    fn read(args: &Args) -> Result<FermatSpec, Vec<DirectiveError>> {
        let exhaustive = args
            .number_in("exhaustive", EXHAUSTIVE)
            .map_err(|e| vec![e])?;
        let caption = Caption::read(args, &["exhaustive"]).map_err(|e| vec![e])?;
        Ok(FermatSpec {
            exhaustive,
            span: args.span_of("exhaustive"),
            caption,
        })
    }
}

/// What the `{fermat}` partial shows.
#[derive(Serialize)]
struct FermatView {
    table: DataTable,
}

impl Spec for FermatSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let tables = Tables::of(cx.shared);
        let product = |a: u128, b: u128| tables.defined_product(a, b);
        self.evaluate_with(cx, &product)
    }
}

impl FermatSpec {
    /// Checks the three rules under `product`, one claim each.
    fn evaluate_with(
        &self,
        cx: &mut Cx<'_>,
        product: &dyn Fn(u128, u128) -> u128,
    ) -> Result<View, DirectiveError> {
        let id = cx.anchor("fermat-rules");
        let max = self.exhaustive as u128;
        let r = nimber::check_fermat_rules_upto(max, product);
        let powers = FERMAT_POWERS.len() as u64;
        let pairs = powers * (powers - 1) / 2;
        let shifts: u64 = FERMAT_POWERS
            .iter()
            .filter(|&&f| f <= max)
            .map(|&f| f as u64)
            .sum();
        let source =
            "products below 256 read from the definition's table, the rest from the fast product";
        let rules = [
            (
                format!("Fermat rule 1 for every Fermat 2-power F ≤ {max}: F ⊗ x = F·x, the ordinary product, for every x below F"),
                format!("all {} pairs (F, x); {source}", html::count(shifts)),
                shifts,
                r.shifts,
                r.failures[0],
            ),
            (
                "Fermat rule 2 for every Fermat 2-power F below 2^128: F ⊗ F = 3F/2, that is F ⊕ F/2".to_string(),
                format!("the {powers} Fermat 2-powers 2, 4, 16, 256, 65536, 2^32 and 2^64; {source}"),
                powers,
                r.squares,
                r.failures[1],
            ),
            (
                "Fermat rule 3 for every two distinct Fermat 2-powers F and G below 2^128: F ⊗ G = F·G, the ordinary product".to_string(),
                format!("all {pairs} pairs; {source}"),
                pairs,
                r.distinct_pairs,
                r.failures[2],
            ),
        ];
        let mut ok = true;
        let mut rows = Vec::new();
        for (i, (statement, evidence, claimed, held, failure)) in rules.into_iter().enumerate() {
            let check = Check {
                kind: ClaimKind::CrossCheck,
                span: self.span.clone(),
                anchor: id.clone(),
                statement: statement.clone(),
                evidence: evidence.clone(),
            };
            let why = failure.map_or_else(|| "it fails".to_string(), describe);
            ok &= cx.check(check, &Agree::new(claimed, held, move |_, _| why.clone()));
            rows.push(vec![
                format!("rule {}", i + 1),
                statement.split(": ").nth(1).unwrap_or("").to_string(),
                format!("{} of {}", html::count(held), html::count(claimed)),
            ]);
        }
        let data = FermatView {
            table: DataTable::plain(&["", "claim", "instances that hold"], rows),
        };
        let caption = self.caption.fill(&[("exhaustive", max.to_string())]);
        Ok(View::new(&id, Status::from_ok(ok), data).with_caption(caption.as_deref()))
    }
}

/// Says how a rule failed.
fn describe(f: FermatFailure) -> String {
    match f {
        FermatFailure::Shift { f, x, value } => {
            format!("{f} ⊗ {x} = {value}, not the ordinary product {}", f * x)
        }
        FermatFailure::Square { f, value } => {
            format!("{f} ⊗ {f} = {value}, not 3·{f}/2 = {}", f + f / 2)
        }
        FermatFailure::Distinct { f, g, value } => {
            format!("{f} ⊗ {g} = {value}, not the ordinary product {}", f * g)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::testing::{evaluate, run, stale};
    use crate::diagnostics::Code;

    fn failures(block: &str, product: &dyn Fn(u128, u128) -> u128) -> (usize, String) {
        let (d, _) = run(block, &Fermat, FermatSpec::read, |s, cx| {
            s.evaluate_with(cx, product)
        });
        let notes: Vec<String> = d.iter().flat_map(|d| d.notes.clone()).collect();
        (stale(&d), notes.join("; "))
    }

    #[test]
    fn each_rule_is_a_claim_that_a_broken_product_fails() {
        let block = "```{fermat}\n:exhaustive: 256\n```\n";
        assert_eq!(failures(block, &nimber::mul).0, 0);
        let (n, notes) = failures(block, &|a: u128, b: u128| a.wrapping_mul(b));
        assert_eq!(n, 1, "{notes}");
        assert!(notes.contains("2 ⊗ 2 = 4, not 3·2/2 = 3"), "{notes}");
        let skewed = |a: u128, b: u128| nimber::mul(a, b) ^ u128::from(a == 256 && b == 77);
        let (n, notes) = failures(block, &skewed);
        assert_eq!(n, 1);
        assert!(notes.contains("256 ⊗ 77"), "{notes}");
    }

    #[test]
    fn the_rules_below_16_hold_and_a_size_that_is_no_fermat_power_is_refused() {
        let page = evaluate("```{fermat}\n:exhaustive: 16\n```\n");
        // Evaluated as `check --mutate`: a claim whose perturbed copy passed is reported.
        assert!(page.held() >= 1, "{:?}", page.claims);
        assert!(
            page.html.contains("directive-fermat checked"),
            "{}",
            page.html
        );
        let page = evaluate("```{fermat}\n:exhaustive: 7\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
        let page = evaluate("```{fermat}\n```\n");
        assert_eq!(page.codes(), [Code::MissingOption]);
    }
}
