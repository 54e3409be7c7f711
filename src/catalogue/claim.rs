//! `{claim}`: a block of equations, one expression per line; each comparison is checked.

use std::ops::Range;

use serde::Serialize;

use crate::engine::statements::{self, expr_error};
use crate::engine::{Args, Body, Cx, Directive, DirectiveError, Opt, Spec, Status, View, html};
use crate::stmt::{self, Mode, Statement};

/// The `{claim}` directive.
pub struct ClaimBlock;

/// A `{claim}` block as written: its statements, each with its span.
#[derive(Debug)]
struct ClaimSpec {
    lines: Vec<(Statement, Range<usize>)>,
    start: usize,
    caption: Option<String>,
}

impl Directive for ClaimBlock {
    fn name(&self) -> &'static str {
        "claim"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/claim.html")
    }

    fn options(&self) -> &'static [Opt] {
        &[]
    }

    fn body(&self) -> Body {
        Body::Required("one expression per line, such as `2*2 = 3`")
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        let mut lines = Vec::new();
        let mut errors = Vec::new();
        for (line, span) in args.body() {
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            let start = span.start + (line.len() - line.trim_start().len());
            match stmt::parse_in(text, Mode::Role) {
                Ok(s) => lines.push((s, start..start + text.len())),
                Err(e) => errors.push(expr_error(&e, start)),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Box::new(ClaimSpec {
            lines,
            start: args.span().start,
            caption: args.caption().map(str::to_string),
        }))
    }
}

/// What the `{claim}` partial shows: each statement as MathML.
#[derive(Serialize)]
struct ClaimView {
    items: Vec<ClaimItem>,
}

/// One line of a `{claim}` block: its anchor, for the ledger's link, when it is a claim.
#[derive(Serialize)]
struct ClaimItem {
    id: Option<String>,
    html: String,
}

impl Spec for ClaimSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let block_id = cx.anchor(&format!("claim-{}", cx.line(self.start)));
        let mut items = Vec::new();
        let mut ok = true;
        for (statement, span) in &self.lines {
            let mut id = None;
            let latex = if statement.is_claim() {
                let anchor = cx.anchor(&format!("claim-{}", cx.line(span.start)));
                id = Some(anchor.clone());
                match statements::check(cx, statement, span.clone(), span.start, anchor) {
                    Ok((holds, _)) => ok &= holds,
                    Err(e) => {
                        cx.error(e);
                        ok = false;
                        continue;
                    }
                }
                statement.to_latex()
            } else {
                let value = statements::bind(cx, statement, span.start)
                    .and_then(|s| s.value().map_err(|e| expr_error(&e, span.start)));
                match value {
                    Ok(v) => format!("{} = {}", statement.to_latex(), v.to_latex()),
                    Err(e) => {
                        cx.error(e);
                        ok = false;
                        continue;
                    }
                }
            };
            let html = crate::math::mathml::to_mathml(&latex, true)
                .unwrap_or_else(|_| html::escape(&statement.to_text()));
            items.push(ClaimItem { id, html });
        }
        let data = ClaimView { items };
        Ok(View::new(&block_id, Status::from_ok(ok), data).with_caption(self.caption.as_deref()))
    }
}

#[cfg(test)]
mod tests {
    use crate::catalogue::testing::evaluate;
    use crate::diagnostics::Code;

    #[test]
    fn each_line_is_a_checked_claim() {
        let page = evaluate("```{claim}\n2*2 = 3\nforall a < 16: a^16 = a\n```\n");
        assert_eq!(page.held(), 2);
        assert!(page.html.contains("<ul class=\"claims\">"), "{}", page.html);
        assert_eq!(page.html.matches("<li").count(), 2, "{}", page.html);
    }

    #[test]
    fn a_false_line_fails() {
        let page = evaluate("```{claim}\n2*2 = 3\n2*2 = 2\n```\n");
        assert_eq!(page.codes(), [Code::StaleClaim]);
    }

    #[test]
    fn a_line_that_cannot_fail_is_reported_as_vacuous() {
        let page = evaluate("```{claim}\nforall a < 16: a*a = a*a\n```\n");
        assert_eq!(page.codes(), [Code::VacuousClaim]);
    }

    #[test]
    fn a_line_that_does_not_read_and_an_empty_block_are_refused() {
        let page = evaluate("```{claim}\n2*2 =\n```\n");
        assert!(!page.codes().is_empty(), "{}", page.messages());
        assert!(!page.codes().contains(&Code::StaleClaim));
        let page = evaluate("```{claim}\n```\n");
        assert_eq!(page.codes(), [Code::MissingBody]);
    }
}
