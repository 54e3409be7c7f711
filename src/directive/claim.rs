//! `{claim}`: a block of equations, one expression per line; each comparison is checked.

use crate::diagnostics::Code;
use std::fmt::Write;

use super::roles::{check_comparison, expr_error};
use super::{Args, Cx, Directive, DirectiveError, Opt, html};
use crate::stmt::{self, Evaluation};

/// The `{claim}` directive.
pub struct ClaimBlock;

impl Directive for ClaimBlock {
    fn name(&self) -> &'static str {
        "claim"
    }

    fn options(&self) -> &'static [Opt] {
        &[]
    }

    fn evaluate(&self, cx: &mut Cx<'_>, args: &Args) -> Result<String, DirectiveError> {
        if args.body().iter().all(|(l, _)| l.trim().is_empty()) {
            return Err(DirectiveError::new(
                Code::MissingBody,
                args.name_span(),
                "`{claim}` needs a body: one expression per line, such as `2*2 = 3`",
            ));
        }
        let block_id = cx.anchor(&format!("claim-{}", cx.line(args.span().start)));
        let mut items = String::new();
        for (line, span) in args.body() {
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            let start = span.start + (line.len() - line.trim_start().len());
            let parsed = stmt::parse(text).and_then(|s| s.evaluate().map(|v| (s, v)));
            let (statement, value) = match parsed {
                Ok(ok) => ok,
                Err(e) => {
                    cx.error(expr_error(&e, start));
                    continue;
                }
            };
            let latex = match value {
                Evaluation::Value(v) => format!("{} = {v}", statement.to_latex()),
                Evaluation::Comparison { lhs, op, rhs, .. } => {
                    let anchor = cx.anchor(&format!("claim-{}", cx.line(start)));
                    check_comparison(
                        cx,
                        &statement,
                        start..start + text.len(),
                        anchor,
                        lhs,
                        op,
                        rhs,
                    );
                    statement.to_latex()
                }
            };
            let math = crate::math::mathml::to_mathml(&latex, true)
                .unwrap_or_else(|_| html::escape(&statement.to_text()));
            let _ = writeln!(items, "<li>{math}</li>");
        }
        let inner = format!("<ul class=\"claims\">\n{items}</ul>\n");
        Ok(html::wrap(
            "claim",
            &block_id,
            "checked",
            args.caption(),
            &inner,
        ))
    }
}
