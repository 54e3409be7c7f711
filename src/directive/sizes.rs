//! `{sizes}`: scans every size from 1 up, names the fields, and for every other size the
//! first failing axiom and a witness.

use std::collections::BTreeMap;

use super::table::field_sizes;
use super::{Args, Check, Cx, Directive, DirectiveError, Opt, html};
use crate::ledger::ClaimKind;

/// The `{sizes}` directive.
pub struct Sizes;

impl Directive for Sizes {
    fn name(&self) -> &'static str {
        "sizes"
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[Opt::required("upto", "the largest size scanned, 1 to 256")];
        OPTIONS
    }

    fn evaluate(&self, cx: &mut Cx<'_>, args: &Args) -> Result<String, DirectiveError> {
        let upto = args.number("upto", 1, super::shared::MAX_TABLE, None)?;
        let id = cx.anchor(&format!("sizes-{upto}"));
        let outcomes: Vec<_> = (1..=upto).map(|n| (n, cx.shared.field(n))).collect();
        let fields: Vec<usize> = outcomes
            .iter()
            .filter(|(_, o)| o.is_ok())
            .map(|(n, _)| *n)
            .collect();
        let expected = field_sizes(upto);
        let listed = |v: &[usize]| {
            v.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let check = Check {
            kind: ClaimKind::Refusal,
            span: args.span_of("upto"),
            anchor: id.clone(),
            statement: format!(
                "up to {upto}, the nimbers below n form a field exactly for n = {}",
                listed(&expected)
            ),
            evidence: format!("every size from 1 to {upto} checked"),
        };
        let ok = cx.check(check, |perturbed| {
            let mut want = expected.clone();
            if perturbed {
                want.pop();
            }
            if fields == want {
                Ok(())
            } else {
                Err(format!("the fields are at {}", listed(&fields)))
            }
        });
        let mut by_axiom: BTreeMap<&str, usize> = BTreeMap::new();
        let mut rows = Vec::new();
        for (n, outcome) in &outcomes {
            match outcome {
                Ok(_) => rows.push(vec![n.to_string(), "field".into(), String::new()]),
                Err(r) => {
                    *by_axiom.entry(r.axiom.name()).or_default() += 1;
                    rows.push(vec![
                        n.to_string(),
                        html::escape(axiom_label(r.axiom.name())),
                        html::escape(&r.witness.to_string()),
                    ]);
                }
            }
        }
        let refusals: Vec<String> = by_axiom
            .iter()
            .map(|(axiom, count)| {
                let sizes = if *count == 1 { "size" } else { "sizes" };
                format!(
                    "{} is the first axiom to fail at {count} {sizes}",
                    axiom_label(axiom)
                )
            })
            .collect();
        let inner = format!(
            "<p class=\"verdict\">Of the sizes 1 to {upto}, the fields are at {}. Every other size refuses: {}.</p>\n<details><summary>Every size, with the first failing axiom and a witness</summary>\n{}</details>\n",
            listed(&fields),
            refusals.join("; "),
            html::table(&["size", "first failing axiom", "witness"], &rows)
        );
        let status = if ok { "checked" } else { "failed" };
        Ok(html::wrap("sizes", &id, status, args.caption(), &inner))
    }
}

/// Returns the reader's name for an axiom: `1 ≠ 0` rather than its identifier.
fn axiom_label(name: &str) -> &str {
    match name {
        "one-is-not-zero" => "1 ≠ 0",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::axiom_label;

    #[test]
    fn axiom_labels_read_as_math() {
        assert_eq!(axiom_label("one-is-not-zero"), "1 ≠ 0");
        assert_eq!(axiom_label("closure"), "closure");
    }
}
