//! Plain `$…$` and `$$…$$` math that reads as a closed nimber statement is a claim: the
//! lint reads it, and this checks it over every assignment of its quantified variables.

use crate::diagnostics::Code;
use std::collections::BTreeMap;
use std::ops::Range;

use pulldown_cmark::{CowStr, Event};

use super::{Check, Cx};
use crate::ledger::ClaimKind;
use crate::math::lint::{self, Reading};
use crate::stmt::Evaluation;

/// The code of the verbose note for a math span the lint skipped.
const SKIPPED: Code = Code::LintSkipped;

/// Checks a math span if the lint can read it, and returns the events to render it.
pub fn lint<'a>(
    cx: &mut Cx<'_>,
    latex: CowStr<'a>,
    span: Range<usize>,
    display: bool,
) -> Vec<(Event<'a>, Range<usize>)> {
    let event = if display {
        Event::DisplayMath(latex.clone())
    } else {
        Event::InlineMath(latex.clone())
    };
    let reading = match lint::read(&latex) {
        Ok(r) => r,
        Err(reason) => {
            cx.note(SKIPPED, span.clone(), format!("math not checked: {reason}"));
            return vec![(event, span)];
        }
    };
    let anchor = cx.anchor(&format!("claim-{}", cx.line(span.start)));
    let evidence = if reading.vars.is_empty() {
        super::roles::evidence_for(&reading.statement.to_text())
    } else {
        let n = reading.bound.pow(reading.vars.len() as u32);
        format!(
            "every {} below {} ({} cases)",
            reading.vars.join(", "),
            reading.bound,
            super::html::count(n as u64)
        )
    };
    let check = Check {
        kind: ClaimKind::Equation,
        span: span.clone(),
        anchor: anchor.clone(),
        statement: readable(&reading),
        evidence,
    };
    cx.check(
        check,
        &super::claims::Tested(|perturbed: bool| holds_everywhere(&reading, perturbed)),
    );
    let tag = if display { "div" } else { "span" };
    vec![
        (
            Event::InlineHtml(CowStr::from(format!(
                "<{tag} class=\"claim\" id=\"{anchor}\">"
            ))),
            span.clone(),
        ),
        (event, span.clone()),
        (Event::InlineHtml(CowStr::from(format!("</{tag}>"))), span),
    ]
}

/// Returns the statement for the claims page in plain text, not LaTeX.
fn readable(reading: &Reading) -> String {
    let text = reading.statement.to_text();
    if reading.vars.is_empty() {
        text
    } else {
        format!(
            "for every {} below {}: {text}",
            reading.vars.join(", "),
            reading.bound
        )
    }
}

/// Evaluates the statement for every assignment; the perturbed claim moves the right side.
fn holds_everywhere(reading: &Reading, perturbed: bool) -> Result<(), String> {
    let k = reading.vars.len() as u32;
    let total = reading.bound.pow(k);
    let mut env = BTreeMap::new();
    for index in 0..total {
        let mut rest = index;
        for v in &reading.vars {
            env.insert(v.clone(), rest % reading.bound);
            rest /= reading.bound;
        }
        match reading.statement.evaluate_with(&env) {
            Ok(Evaluation::Comparison { lhs, op, rhs, .. }) => {
                let rhs = if perturbed { rhs ^ 1 } else { rhs };
                let holds = match op {
                    crate::stmt::CmpOp::Eq => lhs == rhs,
                    crate::stmt::CmpOp::Ne => lhs != rhs,
                };
                if !holds {
                    let at: Vec<String> = env.iter().map(|(k, v)| format!("{k} = {v}")).collect();
                    let at = if at.is_empty() {
                        String::new()
                    } else {
                        format!(" at {}", at.join(", "))
                    };
                    return Err(format!(
                        "the left side is {lhs} and the right side is {rhs}{at}"
                    ));
                }
            }
            Ok(Evaluation::Value(_)) => return Err("not a comparison".into()),
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(())
}
