//! `{field-check}`: checks the field axioms for the nimbers below a size and reports
//! exactly what was enumerated, or renders the refusal it expects.

use super::{Args, Check, Cx, Directive, DirectiveError, Opt, html};
use crate::diagnostics::Code;
use crate::ledger::ClaimKind;
use crate::nimber::{self, FieldReport, Refusal};

/// The `{field-check}` directive.
pub struct FieldCheck;

/// The axiom names a `:reason:` may give, in the order they are checked.
pub const REASONS: &[&str] = &[
    "one-is-not-zero",
    "closure",
    "commutativity",
    "associativity",
    "distributivity",
    "inverses",
];

/// The size checked by certificate instead of by enumerating triples.
const CERTIFIED: usize = 65536;

impl Directive for FieldCheck {
    fn name(&self) -> &'static str {
        "field-check"
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("size", "how many nimbers, 1 to 256, or 65536"),
            Opt::optional("expect", "the expected outcome").one_of(&["field", "refusal"]),
            Opt::optional("reason", "the axiom a refusal names").one_of(REASONS),
        ];
        OPTIONS
    }

    fn evaluate(&self, cx: &mut Cx<'_>, args: &Args) -> Result<String, DirectiveError> {
        let n = match args.number("size", 1, CERTIFIED, None)? {
            n if n <= super::shared::MAX_TABLE || n == CERTIFIED => n,
            n => {
                return Err(DirectiveError::new(
                    Code::Limit,
                    args.span_of("size"),
                    format!("an exhaustive field check at {n} is beyond the limit of 256"),
                )
                .with_note("sizes up to 256 are checked exhaustively, and 65536 by certificate"));
            }
        };
        let id = cx.anchor(&format!("field-check-{n}"));
        if n == CERTIFIED {
            return Ok(certificate(cx, args, &id));
        }
        let outcome = cx.shared.field(n);
        let ok = check_expectation(cx, args, &id, n, &outcome);
        let inner = match &outcome {
            Ok(report) => report_html(report),
            Err(refusal) => format!(
                "<p class=\"refusal\">Refused at {n}: {}</p>\n",
                html::escape(&refusal.to_string())
            ),
        };
        let status = match (ok, outcome.is_ok()) {
            (false, _) => "failed",
            (true, true) => "checked",
            (true, false) => "refusal",
        };
        Ok(html::wrap(
            "field-check",
            &id,
            status,
            args.caption(),
            &inner,
        ))
    }
}

/// Checks an outcome against `:expect:` (default field) and `:reason:`, recording the
/// claim; the perturbed claim expects the other outcome or another reason.
pub fn check_expectation(
    cx: &mut Cx<'_>,
    args: &Args,
    id: &str,
    n: usize,
    outcome: &Result<FieldReport, Refusal>,
) -> bool {
    let expect_refusal = args.text("expect") == Some("refusal");
    let reason = args.text("reason");
    let (kind, statement) = if expect_refusal {
        let why = reason.map_or(String::new(), |r| format!(" for lack of {r}"));
        (
            ClaimKind::Refusal,
            format!("the nimbers below {n} are not a field{why}"),
        )
    } else {
        (
            ClaimKind::Field,
            format!("the nimbers below {n} form a field"),
        )
    };
    let evidence = match outcome {
        Ok(r) => enumerated(r),
        Err(r) => format!("refused: {r}"),
    };
    let check = Check {
        kind,
        span: args.span_of(if args.get("expect").is_some() {
            "expect"
        } else {
            "size"
        }),
        anchor: id.to_string(),
        statement,
        evidence,
    };
    cx.check(check, |perturbed| {
        // The perturbed claim expects the opposite outcome, or a refusal for another reason.
        let (want_refusal, want_reason) = match (perturbed, expect_refusal, reason) {
            (false, r, why) => (r, why),
            (true, true, Some(why)) => (true, Some(other_reason(why))),
            (true, r, _) => (!r, None),
        };
        match (outcome, want_refusal) {
            (Ok(_), false) => Ok(()),
            (Ok(report), true) => Err(format!("a field: {}", enumerated(report))),
            (Err(r), false) => Err(format!("not a field: {r}")),
            (Err(r), true) => match want_reason {
                Some(why) if why != r.axiom.name() => {
                    Err(format!("refused for another reason: {r}"))
                }
                _ => Ok(()),
            },
        }
    })
}

/// Returns a reason that is not `why`.
fn other_reason(why: &str) -> &'static str {
    REASONS
        .iter()
        .copied()
        .find(|r| *r != why)
        .unwrap_or("closure")
}

/// Describes exactly what a passing check enumerated.
pub fn enumerated(r: &FieldReport) -> String {
    format!(
        "{} pairs, {} triples, {} inverses",
        html::count(r.pairs),
        html::count(r.triples),
        html::count(r.inverses)
    )
}

/// Renders the report: one row per axiom, with what was enumerated.
fn report_html(r: &FieldReport) -> String {
    let n = r.size;
    let rows = [
        ("1 ≠ 0", "the two elements 0 and 1".to_string()),
        (
            "closure of ⊕ and ⊗",
            format!("all {} pairs", html::count(r.pairs)),
        ),
        (
            "commutativity of ⊕ and ⊗",
            format!("all {} pairs", html::count(r.pairs)),
        ),
        (
            "associativity of ⊕ and ⊗",
            format!("all {} triples", html::count(r.triples)),
        ),
        (
            "distributivity",
            format!("all {} triples", html::count(r.triples)),
        ),
        (
            "inverses",
            format!(
                "an inverse for each of the {} nonzero elements",
                html::count(r.inverses)
            ),
        ),
    ];
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|(axiom, over)| vec![html::escape(axiom), html::escape(over), "holds".into()])
        .collect();
    format!(
        "<p class=\"verdict\">The nimbers below {n} form a field.</p>\n{}",
        html::table(&["axiom", "checked over", "result"], &body)
    )
}

/// Checks the field of 65536 elements by certificate, and says what it covered.
fn certificate(cx: &mut Cx<'_>, args: &Args, id: &str) -> String {
    let report = nimber::certify_field_65536();
    let covered = format!(
        "every row map b ↦ a ⊗ b is linear over GF(2) ({} pairs checked); commutativity on {} pairs and associativity on {} triples of basis elements 2^i; {} nonzero rows with an invertible 16 × 16 bit matrix",
        html::count(report.linear_pairs),
        html::count(report.basis_pairs),
        html::count(report.basis_triples),
        html::count(report.invertible_rows)
    );
    let covered = match &report.result {
        Ok(()) => covered,
        Err(r) => format!("{covered}; failed: {r}"),
    };
    let holds = report.is_field();
    let check = Check {
        kind: ClaimKind::Field,
        span: args.span_of("size"),
        anchor: id.to_string(),
        statement: "the nimbers below 65536 form a field".to_string(),
        evidence: covered.clone(),
    };
    let expect_refusal = args.text("expect") == Some("refusal");
    let ok = cx.check(check, |perturbed| {
        if holds != (expect_refusal == perturbed) {
            Err(format!("the certificate says {covered}"))
        } else {
            Ok(())
        }
    });
    let inner = format!(
        "<p class=\"verdict\">Checked by certificate, not by enumerating triples: {}</p>\n",
        html::escape(&covered)
    );
    html::wrap(
        "field-check",
        id,
        if ok { "checked" } else { "failed" },
        args.caption(),
        &inner,
    )
}
