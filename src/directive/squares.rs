//! `{squares}`: the square of every nimber below a field size, the square roots, and the
//! check that squaring permutes the field (the Frobenius map), with a figure.

use super::table::field_sizes;
use super::{Args, Check, Cx, Directive, DirectiveError, Opt, html};
use crate::figure;
use crate::ledger::ClaimKind;
use crate::nimber;

/// The `{squares}` directive.
pub struct Squares;

impl Directive for Squares {
    fn name(&self) -> &'static str {
        "squares"
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[Opt::required("size", "a field size: 2, 4, 16 or 256")];
        OPTIONS
    }

    fn evaluate(&self, cx: &mut Cx<'_>, args: &Args) -> Result<String, DirectiveError> {
        let n = args.number_in("size", &field_sizes(super::shared::MAX_TABLE))?;
        let id = cx.anchor(&format!("squares-{n}"));
        let table = cx.shared.product();
        let squares: Vec<usize> = (0..n).map(|x| table.get(x, x)).collect();
        let roots: Vec<u128> = (0..n).map(|x| nimber::sqrt(x as u128)).collect();
        let check = Check {
            kind: ClaimKind::CrossCheck,
            span: args.span_of("size"),
            anchor: id.clone(),
            statement: format!(
                "squaring permutes the nimbers below {n}, and sqrt gives each element's one square root"
            ),
            evidence: format!("{n} squares from the table, {n} roots from the fast square root"),
        };
        let ok = cx.check(check, |perturbed| {
            let mut seen = vec![false; n];
            for (x, &s) in squares.iter().enumerate() {
                let s = if perturbed && x == 1 { s ^ 1 } else { s };
                if s >= n || seen[s] {
                    return Err(format!(
                        "{x} squared is {s}, which is out of range or repeated"
                    ));
                }
                seen[s] = true;
                let root = roots[s];
                if root != x as u128 {
                    return Err(format!(
                        "the square root of {s} is given as {root}, not {x}"
                    ));
                }
            }
            Ok(())
        });
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
        let caption = args.caption().map_or(title, str::to_string);
        let inner = format!(
            "<p class=\"squares\">x ⊗ x for x = 0, 1, …, {}: {}.</p>\n{}",
            n - 1,
            listed.join(", "),
            html::figure(
                &src,
                &caption,
                &caption,
                &html::table(&["x", "x ⊗ x", "√x"], &rows)
            )
        );
        let status = if ok { "checked" } else { "failed" };
        Ok(html::wrap("squares", &id, status, None, &inner))
    }
}
