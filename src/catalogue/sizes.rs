//! `{sizes}`: scans every size from 1 up, names the fields, and for every other size the
//! first failing axiom and a witness.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Serialize;

use super::shared::{MAX_TABLE, Tables, field_sizes};
use crate::engine::Caption;
use crate::engine::view::DataTable;
use crate::engine::{Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View};
use crate::ledger::ClaimKind;

/// The `{sizes}` directive.
pub struct Sizes;

/// A `{sizes}` as written.
#[derive(Debug)]
struct SizesSpec {
    upto: usize,
    upto_span: Range<usize>,
    caption: Caption,
}

impl Directive for Sizes {
    fn name(&self) -> &'static str {
        "sizes"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/sizes.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[Opt::required("upto", "the largest size scanned, 1 to 256")];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        Ok(Box::new(SizesSpec {
            upto: args
                .number("upto", 1, MAX_TABLE, None)
                .map_err(|e| vec![e])?,
            upto_span: args.span_of("upto"),
            caption: Caption::read(args, &["upto"]).map_err(|e| vec![e])?,
        }))
    }
}

/// What the `{sizes}` partial shows.
#[derive(Serialize)]
struct SizesView {
    upto: usize,
    fields: String,
    refusals: String,
    table: DataTable,
}

impl Spec for SizesSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let upto = self.upto;
        let id = cx.anchor(&format!("sizes-{upto}"));
        let tables = Tables::of(cx.shared);
        let outcomes: Vec<_> = (1..=upto).map(|n| (n, tables.field(n))).collect();
        let fields: Vec<usize> = outcomes
            .iter()
            .filter(|(_, o)| o.is_ok())
            .map(|(n, _)| *n)
            .collect();
        let expected = field_sizes(upto);
        let check = Check {
            kind: ClaimKind::Refusal,
            span: self.upto_span.clone(),
            anchor: id.clone(),
            statement: format!(
                "up to {upto}, the nimbers below n form a field exactly for n = {}",
                listed(&expected)
            ),
            evidence: format!("every size from 1 to {upto} checked"),
        };
        let claim = Agree::new(expected, fields.clone(), |_, found: &Vec<usize>| {
            format!("the fields are at {}", listed(found))
        });
        let ok = cx.check(check, &claim);
        let mut by_axiom: BTreeMap<&str, usize> = BTreeMap::new();
        let mut rows = Vec::new();
        for (n, outcome) in &outcomes {
            match outcome {
                Ok(_) => rows.push(vec![n.to_string(), "field".into(), String::new()]),
                Err(r) => {
                    *by_axiom.entry(r.axiom.name()).or_default() += 1;
                    rows.push(vec![
                        n.to_string(),
                        axiom_label(r.axiom.name()).to_string(),
                        r.witness.to_string(),
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
        let data = SizesView {
            upto,
            fields: listed(&fields),
            refusals: refusals.join("; "),
            table: DataTable::plain(&["size", "first failing axiom", "witness"], rows),
        };
        Ok(View::new(&id, Status::from_ok(ok), data)
            .with_caption(self.caption.fill(&[("upto", upto.to_string())]).as_deref()))
    }
}

/// Lists sizes as "2, 4, 16".
fn listed(v: &[usize]) -> String {
    v.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
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
    use super::field_sizes;
    use crate::catalogue::testing::evaluate;
    use crate::diagnostics::Code;

    #[test]
    fn axiom_labels_read_as_math() {
        assert_eq!(axiom_label("one-is-not-zero"), "1 ≠ 0");
        assert_eq!(axiom_label("closure"), "closure");
    }

    #[test]
    fn the_sizes_to_16_find_the_fields_and_an_empty_range_is_refused() {
        let page = evaluate("```{sizes}\n:upto: 16\n```\n");
        // Evaluated as `check --mutate`: a claim whose perturbed copy passed is reported.
        assert_eq!(page.held(), 1);
        let fields: Vec<String> = field_sizes(16).iter().map(usize::to_string).collect();
        let verdict = format!("the fields are at {}.", fields.join(", "));
        assert!(page.html.contains(&verdict), "{}", page.html);
        let page = evaluate("```{sizes}\n:upto: 0\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
    }
}
