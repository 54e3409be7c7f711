//! `{quadratic}`: checks on small fields the step behind the quadratic closure. Every
//! quadratic over a field has its roots one field up, and the field below F lacks a root
//! of x² ⊕ x = F/2, which the next field supplies.

use std::ops::Range;

use serde::Serialize;

use super::shared::field_sizes;
use crate::diagnostics::Code;
use crate::engine::Caption;
use crate::engine::view::DataTable;
use crate::engine::{
    Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View, html,
};
use crate::ledger::ClaimKind;
use crate::nimber;

/// The `{quadratic}` directive.
pub struct Quadratic;

/// The coefficient fields every quadratic over which is tried.
const OVER: &[usize] = &[2, 4, 16];
/// The largest field in which x² ⊕ x = a is solved for every a.
const UPTO_MAX: usize = 65536;

/// A `{quadratic}` as written.
#[derive(Debug)]
struct QuadraticSpec {
    over: usize,
    upto: usize,
    over_span: Range<usize>,
    upto_span: Range<usize>,
    caption: Caption,
}

impl Directive for Quadratic {
    fn name(&self) -> &'static str {
        "quadratic"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/quadratic.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("over", "the field of coefficients: 2, 4 or 16"),
            Opt::optional(
                "upto",
                "the largest field size whose x² ⊕ x = a is solved, 4 to 65536",
            ),
        ];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        QuadraticSpec::read(args).map(|s| Box::new(s) as Box<dyn Spec>)
    }
}

impl QuadraticSpec {
    /// Reads the options into a spec.
    fn read(args: &Args) -> Result<QuadraticSpec, Vec<DirectiveError>> {
        let mut errors = Vec::new();
        let over = args.number_in("over", OVER).map_err(|e| errors.push(e));
        let upto = args
            .number("upto", 4, UPTO_MAX, Some(UPTO_MAX))
            .map_err(|e| errors.push(e));
        if let Ok(n) = upto
            && field_sizes(n).last() != Some(&n)
        {
            errors.push(
                DirectiveError::new(
                    Code::BadValue,
                    args.span_of("upto"),
                    format!("`:upto:` must be a field size, not {n}"),
                )
                .with_note("the field sizes are 4, 16, 256 and 65536"),
            );
        }
        let caption = Caption::read(args, &["over", "square", "upto"]).map_err(|e| errors.push(e));
        match (over, upto, caption) {
            (Ok(over), Ok(upto), Ok(caption)) if errors.is_empty() => Ok(QuadraticSpec {
                over,
                upto,
                over_span: args.span_of("over"),
                upto_span: args.span_of("upto"),
                caption,
            }),
            _ => Err(errors),
        }
    }
}

/// What the `{quadratic}` partial shows.
#[derive(Serialize)]
struct QuadraticView {
    quadratics: String,
    over: usize,
    square: usize,
    table: DataTable,
}

impl Spec for QuadraticSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        self.evaluate_with(cx, &nimber::mul)
    }
}

impl QuadraticSpec {
    /// Runs both checks under `product`.
    fn evaluate_with(
        &self,
        cx: &mut Cx<'_>,
        product: &dyn Fn(u128, u128) -> u128,
    ) -> Result<View, DirectiveError> {
        let (k, square) = (self.over, self.over * self.over);
        let id = cx.anchor(&format!("quadratic-{k}"));
        let fields: Vec<u128> = field_sizes(self.upto)
            .into_iter()
            .filter(|&f| f >= 4)
            .map(|f| f as u128)
            .collect();
        let r = nimber::check_quadratics_with(k as u128, &fields, product);
        let count = html::count(r.quadratics);
        let check = Check {
            kind: ClaimKind::Field,
            span: self.over_span.clone(),
            anchor: id.clone(),
            statement: format!(
                "quadratic closure: every monic quadratic x² ⊕ b·x ⊕ c with b and c below {k} has a root below {square}"
            ),
            evidence: format!("all {count} quadratics, each tried at all {square} values"),
        };
        let rootless = r.rootless;
        let ok_roots = cx.check(
            check,
            &Agree::new(r.quadratics, r.with_root, move |_, _| match rootless {
                Some((b, c)) => format!("x² ⊕ {b}·x ⊕ {c} has no root below {square}"),
                None => "the count of quadratics with a root is wrong".to_string(),
            }),
        );
        let claimed: Vec<u128> = fields.iter().map(|f| f / 2).collect();
        let least: Vec<u128> = r.least_unsolvable.iter().map(|&(_, a)| a).collect();
        let roots: Vec<bool> = fields.iter().map(|&f| product(f, f) ^ f == f / 2).collect();
        let listed: Vec<String> = fields.iter().map(u128::to_string).collect();
        let check = Check {
            kind: ClaimKind::Field,
            span: self.upto_span.clone(),
            anchor: id.clone(),
            statement: format!(
                "quadratic closure: for each field size F = {}, the least a for which x² ⊕ x = a has no solution below F is F/2, and x = F solves x² ⊕ x = F/2 one field up",
                listed.join(", ")
            ),
            evidence: format!(
                "x² ⊕ x computed for every x below each F ({} values in all), and F² ⊕ F for each F",
                html::count(fields.iter().map(|&f| f as u64).sum())
            ),
        };
        let shown = fields.clone();
        let explain = move |want: &(Vec<u128>, Vec<bool>), got: &(Vec<u128>, Vec<bool>)| {
            let i = (0..shown.len())
                .find(|&i| want.0.get(i) != got.0.get(i) || want.1.get(i) != got.1.get(i))
                .unwrap_or(0);
            let f = shown.get(i).copied().unwrap_or(0);
            match got.0.get(i) {
                Some(&a) if a != f / 2 => {
                    format!("below {f} the least unsolvable a is {a}, not {}", f / 2)
                }
                _ => format!("{f} does not solve x² ⊕ x = {}", f / 2),
            }
        };
        let all_true = vec![true; fields.len()];
        let ok_fields = cx.check(
            check,
            &Agree::new(
                (claimed.clone(), all_true),
                (least.clone(), roots.clone()),
                explain,
            ),
        );
        let rows = fields
            .iter()
            .zip(&least)
            .zip(&roots)
            .map(|((f, a), root)| {
                vec![
                    html::count(*f as u64),
                    html::count(*a as u64),
                    if *root { "yes" } else { "no" }.to_string(),
                ]
            })
            .collect();
        let data = QuadraticView {
            quadratics: count,
            over: k,
            square,
            table: DataTable::plain(
                &[
                    "F",
                    "least a with no x < F solving x² ⊕ x = a",
                    "F² ⊕ F = F/2",
                ],
                rows,
            ),
        };
        let caption = self.caption.fill(&[
            ("over", k.to_string()),
            ("square", square.to_string()),
            ("upto", self.upto.to_string()),
        ]);
        Ok(View::new(&id, Status::from_ok(ok_roots && ok_fields), data)
            .with_caption(caption.as_deref()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::testing::{evaluate, run, stale};

    fn failures(block: &str, product: &dyn Fn(u128, u128) -> u128) -> usize {
        let (d, _) = run(block, &Quadratic, QuadraticSpec::read, |s, cx| {
            s.evaluate_with(cx, product)
        });
        stale(&d)
    }

    #[test]
    fn closure_holds_and_fails_on_a_broken_product() {
        let block = "```{quadratic}\n:over: 16\n:upto: 256\n```\n";
        assert_eq!(failures(block, &nimber::mul), 0);
        assert_eq!(failures(block, &|a: u128, b: u128| a.wrapping_mul(b)), 2);
        // 8 ⊗ 8 changed: 8² ⊕ 8 now reaches 8 below 16, and x² = 13 loses its root.
        let skewed = |a: u128, b: u128| {
            if (a, b) == (8, 8) {
                5
            } else {
                nimber::mul(a, b)
            }
        };
        assert!(failures(block, &skewed) >= 1);
    }

    #[test]
    fn every_quadratic_over_4_has_a_root_below_16_and_a_bad_field_is_refused() {
        let page = evaluate("```{quadratic}\n:over: 4\n:upto: 16\n```\n");
        // Evaluated as `check --mutate`: a claim whose perturbed copy passed is reported.
        assert_eq!(page.held(), 2);
        assert!(
            page.html
                .contains("Every one of the 16 monic quadratics x² ⊕ b·x ⊕ c with b and c below 4 has a root below 16"),
            "{}",
            page.html
        );
        let page = evaluate("```{quadratic}\n:over: 3\n:upto: 16\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
    }
}
