//! Citations in prose, written as Pandoc and Quarto write them: `[@key]`, `[@key, p. 12]`
//! and `[@a; @b, chap. 6]`. Each renders as the style's in-text citation, linked to its
//! entry in the references section that ends the page.

use std::ops::Range;

use pulldown_cmark::{CowStr, Event};

use super::{Cx, DirectiveError};
use crate::bib::{Cite, LocatorKind};
use crate::diagnostics::Code;

/// One bracketed citation in a text: its span, and each work with its key's span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// From `[` to `]`, relative to the text.
    pub span: Range<usize>,
    /// Each work cited, with the span of its `@key`.
    pub works: Vec<(Cite, Range<usize>)>,
}

/// Returns whether `c` may be part of a citation key.
fn key_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | ':' | '.' | '/')
}

/// Finds the bracketed citations in `text`: `[` and `]` around items split by `;`, each
/// `@key` with an optional `, locator` after it.
pub fn find(text: &str) -> Vec<Written> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find("[@").map(|i| from + i) {
        let Some(close) = text[open..].find(']').map(|i| open + i) else {
            break;
        };
        let inner = &text[open + 1..close];
        match items(inner, open + 1) {
            Some(works) if !inner.contains('[') => {
                out.push(Written {
                    span: open..close + 1,
                    works,
                });
                from = close + 1;
            }
            _ => from = open + 1,
        }
    }
    out
}

/// Reads `@key, locator; @key` starting at `base` in the text, or `None` if it is not a
/// citation.
fn items(inner: &str, base: usize) -> Option<Vec<(Cite, Range<usize>)>> {
    let mut works = Vec::new();
    let mut at = 0;
    for part in inner.split(';') {
        let lead = part.len() - part.trim_start().len();
        let item = part.trim_start().strip_prefix('@')?;
        let mut key_len = item.find(|c: char| !key_char(c)).unwrap_or(item.len());
        // A key ends before trailing punctuation, as in `[@conway1976.]`.
        while key_len > 0 && matches!(item.as_bytes()[key_len - 1], b'.' | b':' | b'/') {
            key_len -= 1;
        }
        if key_len == 0 {
            return None;
        }
        let key = &item[..key_len];
        let rest = item[key_len..].trim();
        let locator = match rest.strip_prefix(',') {
            Some(l) if !l.trim().is_empty() => Some(LocatorKind::read(l)),
            Some(_) => None,
            // Punctuation after a key, as in `[@conway1976.]`, is no locator.
            None if rest.chars().all(|c| matches!(c, '.' | ':' | '/')) => None,
            None => return None,
        };
        let start = base + at + lead;
        works.push((
            Cite {
                key: key.to_string(),
                locator,
            },
            start..start + 1 + key_len,
        ));
        at += part.len() + 1;
    }
    Some(works)
}

/// Returns the id of a key's entry in the references section.
pub fn entry_id(key: &str) -> String {
    let safe: String = key
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("ref-{safe}")
}

/// A text with its citations blanked out, and the events that show it.
type Split<'a> = (String, Vec<(Event<'a>, Range<usize>)>);

/// Replaces the citations in a text event at `span` of the page (whose text is exactly its
/// source) with their rendered HTML, reporting unknown keys at their spans. Returns the
/// text with each citation blanked out, for the prose reader, and the events to emit.
pub fn split<'a>(cx: &mut Cx<'_>, text: &CowStr<'a>, span: &Range<usize>) -> Option<Split<'a>> {
    if !text.contains("[@") || cx.page.source.get(span.clone()) != Some(text.as_ref()) {
        return None;
    }
    let found = find(text);
    if found.is_empty() {
        return None;
    }
    let mut blanked = String::with_capacity(text.len());
    let mut events = Vec::new();
    let mut done = 0;
    for w in found {
        let before = &text[done..w.span.start];
        blanked.push_str(before);
        if !before.is_empty() {
            events.push((
                Event::Text(CowStr::from(before.to_string())),
                span.start + done..span.start + w.span.start,
            ));
        }
        blanked.extend(std::iter::repeat_n(' ', w.span.len()));
        let at = span.start + w.span.start..span.start + w.span.end;
        let html = cite_group(cx, &w.works, span.start);
        events.push((Event::InlineHtml(CowStr::from(html)), at));
        done = w.span.end;
    }
    if done < text.len() {
        blanked.push_str(&text[done..]);
        events.push((
            Event::Text(CowStr::from(text[done..].to_string())),
            span.start + done..span.end,
        ));
    }
    Some((blanked, events))
}

/// Records a group of works cited together and returns its HTML; keys the bibliography
/// lacks are errors at their spans (offset by `base` into the page).
pub fn cite_group(cx: &mut Cx<'_>, works: &[(Cite, Range<usize>)], base: usize) -> String {
    let mut known = Vec::new();
    for (cite, key_span) in works {
        if check_key(cx, &cite.key, base + key_span.start..base + key_span.end) {
            known.push(cite.clone());
        }
    }
    if known.is_empty() {
        return String::new();
    }
    let text = cx.cite_works(known.clone());
    let first = &known[0].key;
    let keys: Vec<&str> = known.iter().map(|c| c.key.as_str()).collect();
    format!(
        "<span class=\"citation\" data-cites=\"{}\"><a href=\"#{}\">{text}</a></span>",
        crate::html::escape(&keys.join(" ")),
        entry_id(first)
    )
}

/// Appends the page's references section to its events, when it cites anything, and
/// returns the keys it cites in the order of their first citation.
pub fn references<'a>(cx: &Cx<'_>, events: &mut Vec<(Event<'a>, Range<usize>)>) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for cite in cx.citations().iter().flatten() {
        if !keys.contains(&cite.key) {
            keys.push(cite.key.clone());
        }
    }
    let Some(bib) = cx.page.bibliography.filter(|_| !keys.is_empty()) else {
        return keys;
    };
    let formatted = bib.format(cx.citations());
    let mut html = String::from(
        "<section class=\"references\" id=\"references\">\n<h2>References</h2>\n<ul class=\"references-list\">\n",
    );
    for (key, entry) in &formatted.references {
        html.push_str(&format!("<li id=\"{}\">{entry}</li>\n", entry_id(key)));
    }
    html.push_str("</ul>\n</section>\n");
    let end = cx.page.source.len();
    events.push((Event::Html(CowStr::from(html)), end..end));
    keys
}

/// Checks that the bibliography has `key`, reporting an error at `span` if not.
pub fn check_key(cx: &mut Cx<'_>, key: &str, span: Range<usize>) -> bool {
    let Some(bib) = cx.page.bibliography else {
        cx.error(
            DirectiveError::new(
                Code::UnknownCitation,
                span,
                format!("`{key}` is cited, and the site has no {}", crate::bib::FILE),
            )
            .with_label("no bibliography to find it in")
            .with_note(format!(
                "add a BibLaTeX file `{}` at the site's root with an entry `{key}`",
                crate::bib::FILE
            )),
        );
        return false;
    };
    if bib.contains(key) {
        return true;
    }
    let keys: Vec<&str> = bib.entries().map(|(k, _)| k).collect();
    let nearest = super::parse::nearest(key, &keys);
    let mut e = DirectiveError::new(
        Code::UnknownCitation,
        span,
        format!("no entry `{key}` in {}", crate::bib::FILE),
    )
    .with_label("unknown citation key");
    if let Some(n) = nearest {
        e = e.with_note(format!("did you mean `{n}`?"));
    }
    cx.error(e);
    false
}

/// Reads a list of sources written at `base` in the page: `key` or `key, locator`, split
/// by `;`; anything that is not a key is an error at its span.
pub fn read_sources(text: &str, base: usize) -> Result<Vec<(Cite, Range<usize>)>, DirectiveError> {
    let mut out = Vec::new();
    let mut at = 0;
    for part in text.split(';') {
        let lead = part.len() - part.trim_start().len();
        let item = part.trim();
        let (key, locator) = match item.split_once(',') {
            Some((k, l)) => (k.trim(), Some(LocatorKind::read(l))),
            None => (item, None),
        };
        let key = key.strip_prefix('@').unwrap_or(key);
        let start = base + at + lead;
        let key_span = start..start + item.len().max(1);
        let ok = !key.is_empty()
            && key
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ':' | '.' | '/'));
        if !ok {
            return Err(DirectiveError::new(
                Code::UnknownCitation,
                key_span,
                format!("`{item}` is not a key of references.bib"),
            )
            .with_label("a cited fact names its sources by key")
            .with_note("write `:source: key` or `:source: key1; key2, chap. 4`, with an entry for each key in references.bib"));
        }
        out.push((
            Cite {
                key: key.to_string(),
                locator,
            },
            key_span,
        ));
        at += part.len() + 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_are_found_with_their_keys_and_locators() {
        let text = "As shown [@conway1976, p. 12] and [@guy1956; @bcg1982, chap. 4].";
        let found = find(text);
        assert_eq!(found.len(), 2);
        assert_eq!(&text[found[0].span.clone()], "[@conway1976, p. 12]");
        let (c, s) = &found[0].works[0];
        assert_eq!(c.key, "conway1976");
        assert_eq!(&text[s.clone()], "@conway1976");
        assert_eq!(c.locator, Some((LocatorKind::Page, "12".to_string())));
        let keys: Vec<&str> = found[1].works.iter().map(|w| w.0.key.as_str()).collect();
        assert_eq!(keys, ["guy1956", "bcg1982"]);
        assert_eq!(
            found[1].works[1].0.locator,
            Some((LocatorKind::Chapter, "4".to_string()))
        );
    }

    #[test]
    fn brackets_that_are_not_citations_are_left_alone() {
        assert!(find("an email [a@b.c] and [@] and [@x y]").is_empty());
        assert_eq!(find("[@a.]")[0].works[0].0.key, "a");
    }
}
