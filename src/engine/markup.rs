//! The markup lints: slips that would publish a live part of a page as plain text or raw
//! HTML (a fence without braces, a role in the wrong case or with its code span unclosed,
//! unbalanced LaTeX after a `$`, a role or a claim inside an HTML block), each reported at
//! its span with the fix.

use std::ops::Range;

use super::{Cx, DirectiveError, parse, roles};
use crate::diagnostics::Code;

/// Reports a fence whose info string starts like a directive but is not `{name}`, which
/// would otherwise render as a plain code block.
pub(super) fn fence_slip(cx: &mut Cx<'_>, info: &str, span: &Range<usize>) {
    let names = cx.page.registry.names();
    if let Some(name) = parse::braceless_directive(info, &names) {
        let source = cx.page.source;
        let at = source[span.clone()]
            .find(name)
            .map_or(span.start, |i| span.start + i);
        let err = DirectiveError::new(
            Code::Markup,
            at..at + name.len(),
            format!("the fence names `{name}` without braces, so it would publish as a code block"),
        )
        .with_label(format!("write ```{{{name}}}"))
        .with_note("a directive fence is exactly ```{name}, then `:option: value` lines");
        cx.error(err);
        return;
    }
    let Some(message) = parse::fence_slip(info) else {
        return;
    };
    let at = cx.page.source[span.clone()]
        .find('{')
        .map_or(span.start, |i| span.start + i);
    let line_end = cx.page.source[at..]
        .find('\n')
        .map_or(cx.page.source.len(), |i| at + i);
    let mut err = DirectiveError::new(Code::UnknownDirective, at..line_end, message)
        .with_note("a directive fence is exactly ```{name}, then `:option: value` lines");
    if let Some(near) = parse::nearest(&parse::slipped_name(info), &names) {
        err = err.with_label(format!("did you mean ```{{{near}}}?"));
    }
    cx.error(err);
}

/// Reports a `$` left in text that starts LaTeX: math whose braces do not balance is not
/// read as math, and would be published raw.
pub(super) fn dollar_slip(cx: &mut Cx<'_>, span: &Range<usize>) {
    let source = cx.page.source;
    let Some(written) = source.get(span.clone()) else {
        return;
    };
    for (i, _) in written.match_indices('$') {
        let escaped = source[..span.start + i].ends_with('\\');
        let after = &source[span.start + i + 1..];
        let rest = &after[..after.find("\n\n").unwrap_or(after.len())];
        let looks_like_latex = rest
            .split('$')
            .next()
            .is_some_and(|m| m.contains(['\\', '{', '}', '^', '_']));
        if escaped || !looks_like_latex {
            continue;
        }
        let at = span.start + i;
        let message = match crate::math::mathml::brace_error(rest.split('$').next().unwrap_or("")) {
            Some(e) => format!("this math is published raw: {}", e.message),
            None => "this `$` opens math that is never closed".to_string(),
        };
        cx.error(
            DirectiveError::new(Code::Math, at..at + 1, message)
                .with_label("not read as math")
                .with_note("balance the braces and close the math with `$`, or write `\\$` for a dollar sign"),
        );
        return;
    }
}

/// Reports `{Name}` in the wrong case, or `{name}` with spaces before its code span,
/// which would otherwise publish as literal text.
pub(super) fn role_slip(cx: &mut Cx<'_>, code_start: usize) {
    if let Some((span, name)) = parse::padded_role(cx.page.source, code_start)
        && roles::ROLES.contains(&name.as_str())
    {
        let err = DirectiveError::new(
            Code::Markup,
            span,
            format!("the role `{{{name}}}` has spaces inside its braces, so it would show as text"),
        )
        .with_label(format!("write `{{{name}}}` with no spaces"))
        .with_note("a role is `{name}` followed at once by a code span, as in {nim}`2*2`");
        cx.error(err);
        return;
    }
    let Some((span, name, spaced)) = parse::role_slip(cx.page.source, code_start) else {
        return;
    };
    let lower = name.to_ascii_lowercase();
    let Some(near) = roles::ROLES.iter().find(|r| **r == lower) else {
        return;
    };
    let message = if spaced {
        format!("`{{{name}}}` is separated from its code span, so it would show as text")
    } else {
        format!("role names are lowercase: `{{{name}}}` is not a role")
    };
    let err = DirectiveError::new(Code::UnknownRole, span, message)
        .with_label(format!("did you mean `{{{near}}}` touching the backtick?"))
        .with_note("a role is `{name}` followed at once by a code span, as in {nim}`2*2`");
    cx.error(err);
}

/// Reports a role whose code span is never closed: its backtick stays in the text, so the
/// role would publish as text. Closed code spans are never part of a text event.
pub(super) fn unclosed_role(cx: &mut Cx<'_>, span: &Range<usize>) {
    let source = cx.page.source;
    let Some(text) = source.get(span.clone()) else {
        return;
    };
    for (i, _) in text.match_indices('`') {
        let Some((name, name_span)) = parse::role_before(source, span.start + i) else {
            continue;
        };
        if !roles::ROLES.contains(&name.as_str()) {
            continue;
        }
        let err = DirectiveError::new(
            Code::Markup,
            name_span.start..span.start + i + 1,
            format!(
                "the code span of `{{{name}}}` is never closed, so the role would show as text"
            ),
        )
        .with_label("no closing backtick in this paragraph")
        .with_note("close the code span with a backtick: {nim}`2*2`");
        cx.error(err);
        return;
    }
}

/// Reports a role, or math that reads as a claim, inside an HTML block: Markdown does not
/// read inside one, so it would publish raw and unchecked.
pub(super) fn html_slip(cx: &mut Cx<'_>, html: &str, start: usize) {
    let source = cx.page.source;
    let exact = source.get(start..start + html.len()) == Some(html);
    let at = |i: usize, len: usize| {
        if exact {
            start + i..start + i + len.max(1)
        } else {
            start..start + 1
        }
    };
    for (i, _) in html.match_indices('`') {
        if let Some((name, name_span)) = parse::role_before(html, i)
            && roles::ROLES.contains(&name.as_str())
        {
            let span = at(name_span.start, i + 1 - name_span.start);
            html_error(
                cx,
                span,
                format!("the role `{{{name}}}` is inside an HTML block"),
            );
            return;
        }
    }
    let mut from = 0;
    while let Some(open) = html[from..].find('$').map(|k| from + k) {
        let delim = if html[open + 1..].starts_with('$') {
            "$$"
        } else {
            "$"
        };
        let body = open + delim.len();
        let Some(close) = html[body..].find(delim).map(|k| body + k) else {
            return;
        };
        let latex = &html[body..close];
        let claim_like = !latex.trim().is_empty()
            && !matches!(
                crate::math::lint::lint(latex),
                crate::math::lint::Lint::NoClaim
            );
        if claim_like && !html[..open].ends_with('\\') {
            let span = at(open, close + delim.len() - open);
            html_error(
                cx,
                span,
                "math that reads as a claim is inside an HTML block".to_string(),
            );
            return;
        }
        from = close + delim.len();
    }
}

/// Reports what [`html_slip`] found, unless a waiver covers it.
fn html_error(cx: &mut Cx<'_>, span: Range<usize>, what: String) {
    if cx.waive(span.clone()) {
        return;
    }
    let err = DirectiveError::new(
        Code::UncheckedClaim,
        span,
        format!("{what}, which Markdown publishes raw and unchecked"),
    )
    .with_label("not read")
    .with_note("leave a blank line after the opening tag (`<details>`, `<div>`) and before the closing one, so Markdown reads what is between")
    .with_note("if it is meant as prose, waive it with `<!-- unchecked: why -->` before the block");
    cx.error(err);
}
