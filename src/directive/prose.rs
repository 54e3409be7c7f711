//! Claims in plain text: a run of prose, a heading, a table cell, a caption, a cited body
//! or an HTML block that holds a nimber operator and a comparison is read with the
//! statement language and checked like any other claim; one that cannot be read fails
//! the build unless its block is waived with `<!-- unchecked: why -->`.

use std::ops::Range;

use pulldown_cmark::{CowStr, Event};

use super::{Cx, statements};
use crate::math::lint::{self, Lint};

/// Reads a waiver comment, `<!-- unchecked: why -->`: `Some(reason)` for one, `None` for
/// any other HTML. An empty reason is returned as empty, for the caller to refuse.
pub fn waiver(html: &str) -> Option<String> {
    let inner = html
        .trim()
        .strip_prefix("<!--")?
        .strip_suffix("-->")?
        .trim();
    let reason = inner.strip_prefix("unchecked")?.trim_start();
    let reason = reason.strip_prefix(':').unwrap_or(reason);
    Some(reason.trim().to_string())
}

/// Checks the claims in a text event and returns its events, each claim wrapped in an
/// element the ledger can link to.
pub fn scan_event<'a>(
    cx: &mut Cx<'_>,
    text: CowStr<'a>,
    span: Range<usize>,
) -> Vec<(Event<'a>, Range<usize>)> {
    let found = lint::read_text(&text);
    if found.is_empty() {
        return vec![(Event::Text(text), span)];
    }
    // The text's offset in the source, when the event's text is the source as written.
    let exact = cx.page.source.get(span.clone()) == Some(text.as_ref());
    let mut out = Vec::new();
    let mut done = 0;
    for f in found {
        let offset = if exact {
            span.start
        } else {
            span.start.min(span.end)
        };
        let at = if exact {
            offset + f.span.start..offset + f.span.end
        } else {
            span.clone()
        };
        match f.lint {
            Lint::Claim(statement) => {
                let anchor = cx.anchor(&format!("claim-{}", cx.line(at.start)));
                let shift = if exact { offset } else { at.start };
                if let Err(e) = statements::check(cx, &statement, at.clone(), shift, anchor.clone())
                {
                    cx.error(e);
                    continue;
                }
                if f.span.start >= done {
                    out.push((
                        Event::Text(CowStr::from(text[done..f.span.start].to_string())),
                        span.clone(),
                    ));
                    out.push((
                        Event::InlineHtml(CowStr::from(format!(
                            "<span class=\"claim\" id=\"{anchor}\">"
                        ))),
                        span.clone(),
                    ));
                    out.push((
                        Event::Text(CowStr::from(text[f.span.clone()].to_string())),
                        span.clone(),
                    ));
                    out.push((Event::InlineHtml(CowStr::from("</span>")), span.clone()));
                    done = f.span.end;
                }
            }
            Lint::Unreadable(u) => {
                let shift = if exact { offset } else { span.start };
                let u = if exact {
                    u
                } else {
                    lint::Unreadable { span: 0..0, ..u }
                };
                statements::unreadable(cx, &u, shift, at);
            }
            Lint::NoClaim => {}
        }
    }
    if done == 0 {
        return vec![(Event::Text(text), span)];
    }
    out.push((Event::Text(CowStr::from(text[done..].to_string())), span));
    out
}

/// Checks the claims in text written at `offset` in the page that is not an event of its
/// own: a caption, a cited body, an HTML block.
pub fn scan_text(cx: &mut Cx<'_>, text: &str, offset: usize) {
    for f in lint::read_text(text) {
        let at = offset + f.span.start..offset + f.span.end;
        match f.lint {
            Lint::Claim(statement) => {
                let anchor = cx.anchor(&format!("claim-{}", cx.line(at.start)));
                if let Err(e) = statements::check(cx, &statement, at, offset, anchor) {
                    cx.error(e);
                }
            }
            Lint::Unreadable(u) => statements::unreadable(cx, &u, offset, at),
            Lint::NoClaim => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::waiver;

    #[test]
    fn waivers_are_comments_with_a_reason() {
        assert_eq!(
            waiver("<!-- unchecked: a definition -->").as_deref(),
            Some("a definition")
        );
        assert_eq!(waiver("<!--unchecked:x-->\n").as_deref(), Some("x"));
        assert_eq!(waiver("<!-- unchecked -->").as_deref(), Some(""));
        assert_eq!(waiver("<!-- a note -->"), None);
        assert_eq!(waiver("<div>"), None);
    }
}
