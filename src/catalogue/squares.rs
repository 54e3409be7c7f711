//! `{squares}`: the square of every nimber below a field size, the square roots, and the
//! check that squaring permutes the field (the Frobenius map), with a figure.

use std::ops::Range;

use serde::Serialize;

use super::shared::{MAX_TABLE, Tables, draw_product, field_sizes};
use crate::engine::Caption;
use crate::engine::view::{DataTable, FigureView};
use crate::engine::{Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View};
use crate::figure;
use crate::ledger::ClaimKind;
use crate::nimber;

/// The `{squares}` directive.
pub struct Squares;

/// A `{squares}` as written.
#[derive(Debug)]
struct SquaresSpec {
    size: usize,
    size_span: Range<usize>,
    caption: Caption,
}

impl Directive for Squares {
    fn name(&self) -> &'static str {
        "squares"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/squares.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[Opt::required("size", "a field size: 2, 4, 16 or 256")];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        Ok(Box::new(SquaresSpec {
            size: args
                .number_in("size", &field_sizes(MAX_TABLE))
                .map_err(|e| vec![e])?,
            size_span: args.span_of("size"),
            caption: Caption::read(args, &["size"]).map_err(|e| vec![e])?,
        }))
    }
}

/// What the `{squares}` partial shows.
#[derive(Serialize)]
struct SquaresView {
    last: usize,
    squares: String,
    figure: FigureView,
}

impl Spec for SquaresSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let n = self.size;
        let id = cx.anchor(&format!("squares-{n}"));
        draw_product(cx, self.size_span.clone())?;
        let tables = Tables::of(cx.shared);
        let table = tables.product();
        let squares: Vec<usize> = (0..n).map(|x| table.get(x, x)).collect();
        let roots: Vec<u128> = (0..n).map(|x| nimber::sqrt(x as u128)).collect();
        let check = Check {
            kind: ClaimKind::CrossCheck,
            span: self.size_span.clone(),
            anchor: id.clone(),
            statement: format!(
                "squaring permutes the nimbers below {n}, and sqrt gives each element's one square root"
            ),
            evidence: format!("{n} squares from the table, {n} roots from the fast square root"),
        };
        // Squaring is a permutation whose inverse is sqrt exactly when sqrt(x²) = x for
        // every x below n and every square lies below n.
        let stated: Vec<u128> = (0..n as u128).collect();
        let computed: Vec<u128> = squares
            .iter()
            .map(|&s| if s < n { roots[s] } else { u128::MAX })
            .collect();
        let claim = Agree::new(stated, computed, move |s: &Vec<u128>, c: &Vec<u128>| {
            match crate::engine::claims::first_difference(s, c) {
                Some((x, _, Some(&root))) if root == u128::MAX => {
                    format!("{x} squared lands outside the nimbers below {n}")
                }
                Some((x, _, Some(root))) => {
                    format!("{x} squared has square root {root}, not {x}: squaring repeats a value")
                }
                _ => "the lists differ in length".to_string(),
            }
        });
        let ok = cx.check(check, &claim);
        let values: Vec<u16> = squares.iter().map(|&s| s as u16).collect();
        let listed: Vec<String> = squares.iter().map(usize::to_string).collect();
        let title = format!("Squaring the nimbers below {n}");
        let svg = figure::permutation(
            &values,
            &title,
            &format!(
                "Each x from 0 to {} joined to x ⊗ x. The squares in order: {}. Every value is hit exactly once.",
                n - 1,
                listed.join(", ")
            ),
        );
        let src = cx.figure(&id, svg);
        let rows: Vec<Vec<String>> = (0..n)
            .map(|x| vec![x.to_string(), squares[x].to_string(), roots[x].to_string()])
            .collect();
        let caption = self
            .caption
            .fill(&[("size", n.to_string())])
            .unwrap_or(title);
        let data = SquaresView {
            last: n - 1,
            squares: listed.join(", "),
            figure: FigureView::new(src, caption, DataTable::plain(&["x", "x ⊗ x", "√x"], rows)),
        };
        Ok(View::new(&id, Status::from_ok(ok), data))
    }
}

#[cfg(test)]
mod tests {
    use crate::catalogue::testing::evaluate;
    use crate::diagnostics::Code;
    use crate::nimber;

    #[test]
    fn squaring_below_16_is_a_permutation_and_its_perturbed_claim_fails() {
        // Evaluated as `check --mutate`: a claim whose perturbed copy passed would be reported.
        let page = evaluate("```{squares}\n:size: 16\n```\n");
        assert_eq!(page.held(), 1);
        let squares: Vec<String> = (0..16u128).map(|x| nimber::mul(x, x).to_string()).collect();
        let listed = format!("x ⊗ x for x = 0, 1, …, 15: {}.", squares.join(", "));
        assert!(page.html.contains(&listed), "{}", page.html);
        assert_eq!(page.figures, 1);
    }

    #[test]
    fn a_size_that_is_not_a_field_is_refused() {
        let page = evaluate("```{squares}\n:size: 8\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
        assert!(page.claims.is_empty() && page.html.is_empty());
    }
}
