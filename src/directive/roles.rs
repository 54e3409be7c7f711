//! The inline roles {nim}`expr` (the expression and its value, as math) and {val}`expr`
//! (the value alone). With `=` or `!=` inside, either role is a claim.

use crate::diagnostics::Code;
use std::ops::Range;

use pulldown_cmark::{CowStr, Event};

use super::{Check, Cx, DirectiveError};
use crate::ledger::ClaimKind;
use crate::stmt::{self, CmpOp, Evaluation, ExprError, Statement, Value};

/// The roles there are.
pub const ROLES: &[&str] = &["nim", "val"];

/// Evaluates the role `{name}` over the code span at `code_span`, returning its events.
pub fn evaluate<'a>(
    cx: &mut Cx<'_>,
    name: &str,
    role_span: Range<usize>,
    code_span: Range<usize>,
) -> Vec<(Event<'a>, Range<usize>)> {
    let (text, text_span) = super::parse::role_content(cx.page.source, code_span);
    let fallback = vec![(Event::Code(CowStr::from(text.clone())), role_span.clone())];
    if !ROLES.contains(&name) {
        let mut e = DirectiveError::new(
            Code::UnknownRole,
            role_span.start..role_span.start + name.len() + 2,
            format!("unknown role `{{{name}}}`"),
        )
        .with_note("the roles are `{nim}` (expression and value) and `{val}` (value alone)");
        if let Some(near) = super::parse::nearest(name, ROLES) {
            e = e.with_label(format!("did you mean `{{{near}}}`?"));
        }
        cx.error(e);
        return fallback;
    }
    let statement = match stmt::parse(&text).and_then(|s| s.evaluate().map(|v| (s, v))) {
        Ok(ok) => ok,
        Err(e) => {
            cx.error(expr_error(&e, text_span.start));
            return fallback;
        }
    };
    let (statement, value) = statement;
    let line = cx.line(role_span.start);
    match value {
        Evaluation::Value(v) => {
            let event = if name == "nim" {
                Event::InlineMath(CowStr::from(format!(
                    "{} = {}",
                    statement.to_latex(),
                    v.to_latex()
                )))
            } else {
                Event::Text(CowStr::from(v.to_string()))
            };
            vec![(event, role_span)]
        }
        Evaluation::Comparison { lhs, op, rhs, .. } => {
            let anchor = cx.anchor(&format!("claim-{line}"));
            check_comparison(
                cx,
                &statement,
                role_span.clone(),
                anchor.clone(),
                lhs.clone(),
                op,
                rhs,
            );
            let shown = if name == "nim" {
                Event::InlineMath(CowStr::from(statement.to_latex()))
            } else {
                Event::Text(CowStr::from(lhs.to_string()))
            };
            vec![
                (
                    Event::InlineHtml(CowStr::from(format!(
                        "<span class=\"claim\" id=\"{anchor}\">"
                    ))),
                    role_span.clone(),
                ),
                (shown, role_span.clone()),
                (Event::InlineHtml(CowStr::from("</span>")), role_span),
            ]
        }
    }
}

/// Checks an evaluated comparison as a claim; the perturbed claim moves the right side.
pub fn check_comparison(
    cx: &mut Cx<'_>,
    statement: &Statement,
    span: Range<usize>,
    anchor: String,
    lhs: Value,
    op: CmpOp,
    rhs: Value,
) -> bool {
    let check = Check {
        kind: ClaimKind::Equation,
        span,
        anchor,
        statement: statement.to_text(),
        evidence: evidence_for(&statement.to_text()),
    };
    cx.check(
        check,
        &super::claims::Tested(|perturbed: bool| {
            let rhs = if perturbed {
                rhs.perturbed()
            } else {
                rhs.clone()
            };
            let holds = match op {
                CmpOp::Eq => lhs == rhs,
                CmpOp::Ne => lhs != rhs,
            };
            if holds {
                Ok(())
            } else {
                Err(format!(
                    "the left side is {lhs} and the right side is {rhs}"
                ))
            }
        }),
    )
}

/// Says how a closed statement was evaluated: only one that multiplies used the product.
pub fn evidence_for(text: &str) -> String {
    let multiplies = text.contains('⊗')
        || text.contains("sqrt")
        || text.contains("inv")
        || text.chars().any(|c| "⁻¹²³⁴⁵⁶⁷⁸⁹⁰^".contains(c));
    if multiplies {
        "evaluated with the fast product".to_string()
    } else {
        "evaluated directly".to_string()
    }
}

/// Returns an expression error as a directive error, shifting its span to the page.
pub fn expr_error(e: &ExprError, offset: usize) -> DirectiveError {
    DirectiveError::new(
        Code::Expr,
        offset + e.span.start..offset + e.span.end.max(e.span.start + 1),
        e.to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::evidence_for;

    #[test]
    fn evidence_names_the_product_only_when_used() {
        assert_eq!(evidence_for("2 ⊗ 2 = 3"), "evaluated with the fast product");
        assert_eq!(evidence_for("4⁻¹ = 15"), "evaluated with the fast product");
        assert_eq!(
            evidence_for("sqrt(2) = 3"),
            "evaluated with the fast product"
        );
        assert_eq!(evidence_for("5 ⊕ 3 = 6"), "evaluated directly");
        assert_eq!(evidence_for("mex(0, 1, 3) = 2"), "evaluated directly");
    }
}
