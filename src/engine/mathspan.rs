//! Plain `$…$` and `$$…$$` math: the lint reads each span; a claim is checked, a span
//! that looks like a claim but cannot be read fails the build unless waived, and
//! mathematics with no claim in it is left alone.

use std::ops::Range;

use pulldown_cmark::{CowStr, Event};

use super::{Cx, statements};
use crate::math::lint;

/// Checks a math span if it makes a claim, and returns the events to render it.
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
    // Where the LaTeX starts in the page, so spans inside it point into the source.
    let written = cx.page.source.get(span.clone()).unwrap_or("");
    let offset = span.start + written.find(latex.as_ref()).unwrap_or(0);
    let anchor = match &lint::math_claims(&latex)[..] {
        [(at, one)] if *at == (0..latex.len()) => statements::read(cx, one, span.clone(), offset),
        // Each row, or each cell of an operation table, is its own claim at its own line.
        claims => claims
            .iter()
            .filter_map(|(at, claim)| {
                statements::read(cx, claim, offset + at.start..offset + at.end, offset)
            })
            .reduce(|first, _| first),
    };
    let Some(anchor) = anchor else {
        return vec![(event, span)];
    };
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
