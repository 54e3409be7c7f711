//! Following a link `[x](page.html#anchor)` to the heading (or claim) it names.

use std::ops::Range;

use crate::ledger::Claim;
use crate::site::content::SourceFile;
use crate::site::render::slugify;
use crate::site::urls;

/// Where a link lands: the page's path relative to the root and a byte span in it.
#[derive(Debug, PartialEq, Eq)]
pub struct Target {
    /// The page's path relative to the root, such as `content/nim.md`.
    pub file: String,
    /// The heading's line, or the page's start when the link names no anchor.
    pub span: Range<usize>,
}

/// Resolves a link destination written on the page `from` to the page and heading it
/// names; `read` returns a page's text by its path relative to the root.
pub fn resolve(
    dest: &str,
    from: &SourceFile,
    pages: &[SourceFile],
    claims: &[Claim],
    read: &dyn Fn(&str) -> Option<String>,
) -> Option<Target> {
    if dest.contains("://") || dest.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = dest.split_once('#').unwrap_or((dest, ""));
    let page = if path.is_empty() {
        from
    } else {
        let url = urls::resolve(&from.url(), &urls::percent_decode(path))?;
        pages.iter().find(|p| p.url() == url)?
    };
    let text = read(&page.file)?;
    let anchor = urls::percent_decode(anchor);
    let span = if anchor.is_empty() {
        0..0
    } else if let Some(span) = heading(&text, &anchor) {
        span
    } else {
        let claim = claims
            .iter()
            .find(|c| c.file == page.file && c.anchor == anchor)?;
        line_span(&text, claim.line)?
    };
    Some(Target {
        file: page.file.clone(),
        span,
    })
}

/// Returns the span of the ATX heading whose id is `id`.
fn heading(text: &str, id: &str) -> Option<Range<usize>> {
    heading_ids(text)
        .into_iter()
        .find(|(found, _)| found == id)
        .map(|(_, span)| span)
}

/// Returns every ATX heading's id and line span, in page order: its `{#id}`, or its text
/// slugified and made unique in page order, as the build gives them.
pub fn heading_ids(text: &str) -> Vec<(String, Range<usize>)> {
    let mut seen: std::collections::BTreeMap<String, usize> = Default::default();
    let mut fenced = false;
    let mut at = 0;
    let mut ids = Vec::new();
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let t = line.trim();
        if t.starts_with("```") || t.starts_with("~~~") {
            fenced = !fenced;
            continue;
        }
        let hashes = t.chars().take_while(|&c| c == '#').count();
        if fenced || !(1..=6).contains(&hashes) || !t[hashes..].starts_with([' ', '\t']) {
            continue;
        }
        let title = t[hashes..].trim().trim_end_matches('#').trim();
        let found = match title.rsplit_once("{#") {
            Some((_, own)) if own.ends_with('}') => own.trim_end_matches('}').to_string(),
            _ => {
                let base = slugify(title);
                let n = seen.entry(base.clone()).or_insert(0);
                *n += 1;
                if *n == 1 {
                    base
                } else {
                    format!("{base}-{}", *n - 1)
                }
            }
        };
        ids.push((found, start..start + line.trim_end().len()));
    }
    ids
}

/// Returns the span of the 1-based line `n` of `text`.
fn line_span(text: &str, n: usize) -> Option<Range<usize>> {
    let start = if n <= 1 {
        0
    } else {
        text.match_indices('\n').nth(n - 2)?.0 + 1
    };
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    Some(start..end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn page(slug: &str) -> SourceFile {
        SourceFile {
            file: format!("content/{slug}.md"),
            path: PathBuf::new(),
            slug: slug.to_string(),
        }
    }

    #[test]
    fn a_link_lands_on_its_heading() {
        let pages = [page("a"), page("b")];
        let b = "+++\n+++\n# Top\n## The rule\n```\n# not\n```\n## Own {#mine}\n";
        let read = |f: &str| (f == "content/b.md").then(|| b.to_string());
        let at = |dest: &str| resolve(dest, &pages[0], &pages, &[], &read).map(|t| t.span.start);
        assert_eq!(
            at("b.html#the-rule"),
            b.find("## The").map(Some).expect("h")
        );
        assert_eq!(at("b.html#mine"), b.find("## Own").map(Some).expect("h"));
        assert_eq!(at("b.html"), Some(0));
        assert_eq!(at("b.html#not"), None);
        assert_eq!(at("c.html#x"), None);
        assert_eq!(at("https://example.com/b.html"), None);
        let ids: Vec<String> = heading_ids(b).into_iter().map(|(id, _)| id).collect();
        assert_eq!(ids, ["top", "the-rule", "mine"]);
    }
}
