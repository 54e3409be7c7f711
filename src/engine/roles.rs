//! The inline roles {nim}`expr` (the expression and its value, as math) and {val}`expr`
//! (the value alone). With `=` or `!=` inside, either role is a claim.

use crate::diagnostics::Code;
use std::ops::Range;

use pulldown_cmark::{CowStr, Event};

use super::{Cx, DirectiveError, statements};
use crate::stmt::{self, Mode};

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
    let statement = match stmt::parse_in(&text, Mode::Role)
        .map_err(|e| statements::expr_error(&e, text_span.start))
        .and_then(|s| statements::bind(cx, &s, text_span.start))
    {
        Ok(s) => s,
        Err(e) => {
            cx.error(e);
            return fallback;
        }
    };
    if !statement.is_claim() {
        let v = match statement.value() {
            Ok(v) => v,
            Err(e) => {
                cx.error(statements::expr_error(&e, text_span.start));
                return fallback;
            }
        };
        let event = if name == "nim" {
            Event::InlineMath(CowStr::from(format!(
                "{} = {}",
                statement.to_latex(),
                v.to_latex()
            )))
        } else {
            Event::Text(CowStr::from(v.to_string()))
        };
        // Marked as computed, so the reader's-eye pass knows the value is the core's.
        return vec![
            (
                Event::InlineHtml(CowStr::from("<span class=\"computed\">")),
                role_span.clone(),
            ),
            (event, role_span.clone()),
            (Event::InlineHtml(CowStr::from("</span>")), role_span),
        ];
    }
    let Some((anchor, verdict)) =
        statements::claim(cx, &statement, role_span.clone(), text_span.start)
    else {
        return fallback;
    };
    let shown = if name == "nim" {
        Event::InlineMath(CowStr::from(statement.to_latex()))
    } else {
        match verdict.values.as_ref().and_then(|v| v.terms.first()) {
            Some(v) if !statement.is_quantified() => Event::Text(CowStr::from(v.to_string())),
            _ => {
                cx.error(
                    DirectiveError::new(
                        Code::Expr,
                        role_span.clone(),
                        "`{val}` shows one value, and a quantified claim has none",
                    )
                    .with_label("use `{nim}` to show the claim itself"),
                );
                return fallback;
            }
        }
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

/// Evaluates every role inside plain text written at `offset` in the page (a cited
/// body), checking its claims, and returns the text with each role shown as its
/// statement in symbols.
pub fn in_text(cx: &mut Cx<'_>, text: &str, offset: usize) -> String {
    let mut out = String::new();
    let mut rest = 0;
    while let Some(open) = text[rest..].find('{').map(|i| rest + i) {
        let Some(close) = text[open..].find("}`").map(|i| open + i) else {
            break;
        };
        let name = &text[open + 1..close];
        let code_start = close + 1;
        let Some(code_end) = text[code_start + 1..].find('`').map(|i| code_start + i + 2) else {
            break;
        };
        if !ROLES.contains(&name) {
            out.push_str(&text[rest..code_start]);
            rest = code_start;
            continue;
        }
        let role_span = offset + open..offset + code_end;
        let events = evaluate(cx, name, role_span, offset + code_start..offset + code_end);
        let inner = &text[code_start + 1..code_end - 1];
        let parsed = stmt::parse_in(inner, Mode::Role).and_then(|mut s| {
            s.bind_games(cx.games())?;
            Ok(s)
        });
        let shown = match parsed {
            Ok(s) if name == "nim" || s.is_claim() => s.to_text(),
            Ok(s) => s
                .value()
                .map_or_else(|_| inner.to_string(), |v| v.to_string()),
            Err(_) => inner.to_string(),
        };
        drop(events);
        out.push_str(&text[rest..open]);
        out.push_str(&shown);
        rest = code_end;
    }
    out.push_str(&text[rest..]);
    out
}
