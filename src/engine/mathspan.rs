//! Plain `$…$` and `$$…$$` math: the lint reads each span; a claim is checked, a span
//! that looks like a claim but cannot be read fails the build unless waived, and
//! mathematics with no claim in it is left alone.

use std::ops::Range;

use pulldown_cmark::{CowStr, Event};

use super::statements::{self, sentence_end, supposes};
use crate::math::lint::{self, Lint};

/// Checks a math span if it makes a claim, and returns the events to render it.
pub fn lint<'a>(
    cx: &mut super::Cx<'_>,
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
    let source = cx.page.source;
    let claims = lint::math_claims(&latex);
    // "if $x \otimes x = 1$ then …": a supposition is not asserted when its sentence goes
    // on to a consequence, which is read under it.
    // The words are looked at first: solving a law tries every value of its letter.
    if supposes(source, &span)
        && source
            .get(span.end..sentence_end(source, span.end))
            .is_some_and(|rest| rest.contains('$'))
        && let [(_, Lint::Claim(law))] = &claims[..]
        && let Some((letter, values)) = law.solutions()
    {
        if !values.is_empty() {
            cx.suppose(sentence_end(source, span.end), letter, values);
        }
        // Marked, so the reader's-eye pass takes it as read with its consequence.
        return vec![
            (
                Event::InlineHtml(CowStr::from("<span class=\"supposed\">")),
                span.clone(),
            ),
            (event, span.clone()),
            (Event::InlineHtml(CowStr::from("</span>")), span),
        ];
    }
    // A formula after a supposition in its sentence is read under it, unless it is posed
    // itself ("solve $…$, and find every root of $…$").
    let posed = statements::posed(source, &span);
    let under = cx
        .supposition_at(span.start)
        .filter(|_| !posed)
        .and_then(|(letter, values)| {
            statements::under_supposition(letter, values, &lint::linear(&latex)?, latex.len())
        });
    let anchor = match (under, &claims[..]) {
        (Some(law), _) => statements::read(cx, &Lint::Claim(law), span.clone(), offset),
        (None, [(at, one)]) if *at == (0..latex.len()) => {
            statements::read(cx, one, span.clone(), offset)
        }
        // Each row, or each cell of an operation table, is its own claim at its own line.
        (None, claims) => claims
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
