//! The first phase: everything that can be checked without evaluating a directive. Every
//! page's directive options are validated, and the site's shape is checked (one page per
//! URL, one page per rung), for all pages before any heavy work starts, so a typo on the
//! last line of a slow page fails in milliseconds.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use pulldown_cmark::{Event, LinkType, Tag, TagEnd};
use rayon::prelude::*;

use super::cache::{Cache, digest};
use super::load::Page;
use super::progress::{self, Phase, Progress};
use super::render::{BrokenReference, parse_page};
use super::reserved;
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::{self, PageCtx, Prepared};

/// Validates every page and the site's shape; returns everything found wrong, and each
/// page as read (`None` where the cache says it passed before), for the second phase.
pub fn validate<'a>(
    pages: &'a [Page],
    cache: &Cache,
    progress: &dyn Progress,
) -> (Vec<Diagnostic>, Vec<Option<Prepared<'a>>>) {
    progress::phase(progress, Phase::Validate, pages.len(), || {
        let (found, prepared): (Vec<Vec<Diagnostic>>, Vec<Option<Prepared<'a>>>) = pages
            .par_iter()
            .map(|page| {
                progress::item(progress, Phase::Validate, &page.src.file, || {
                    validate_page(page, cache)
                })
            })
            .unzip();
        let mut out: Vec<Diagnostic> = found.into_iter().flatten().collect();
        out.extend(duplicate_urls(pages));
        out.extend(rungs(pages));
        out.extend(pages.iter().filter_map(placeholder_summary));
        (out, prepared)
    })
}

/// Returns the digest of everything a page's validation depends on.
pub(super) fn page_key(page: &Page) -> u64 {
    digest(&(&page.src.file, &page.src.slug, &page.source))
}

/// Validates one page's directive options, unless the same source passed before, and
/// returns the page as read.
fn validate_page<'a>(page: &'a Page, cache: &Cache) -> (Vec<Diagnostic>, Option<Prepared<'a>>) {
    if !page.readable {
        return (Vec::new(), None);
    }
    // The page's digest, only where the cache keeps what was valid to find by it.
    let key = cache.keeps().then(|| page_key(page));
    if key.is_some_and(|key| cache.was_valid(key)) {
        return (Vec::new(), None);
    }
    let root = page.src.root_prefix();
    let ctx = PageCtx::new(
        crate::catalogue::registry(),
        &page.src.file,
        &page.source,
        &page.src.slug,
        &root,
    );
    let (events, broken) = parse_page(&page.source);
    let mut prepared = engine::prepare(&ctx, events);
    let mut found = prepared.take_diagnostics();
    found.extend(unresolved_references(page, &broken));
    found.extend(undefined_footnotes(page, prepared.events()));
    found.extend(duplicate_heading_ids(page, prepared.events()));
    if let Some(key) = key.filter(|_| !found.iter().any(Diagnostic::is_error)) {
        cache.mark_valid(key);
    }
    (found, Some(prepared))
}

/// Reports reference links (`[text][label]`, `[text][]`) with no definition on the page,
/// which Markdown would otherwise publish as literal text.
/// A lone `[text]` is left alone: prose writes intervals and lists that way.
fn unresolved_references(page: &Page, broken: &[BrokenReference]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for link in broken {
        let footnote = link.reference.starts_with('^');
        let explicit = matches!(link.link_type, LinkType::Reference | LinkType::Collapsed);
        if footnote || explicit {
            let (what, fix) = if footnote {
                (
                    "footnote",
                    format!("add a definition `[{}]: …`", link.reference),
                )
            } else {
                (
                    "link reference",
                    format!("add a definition `[{}]: url`", link.reference),
                )
            };
            out.push(
                Diagnostic::error(
                    Code::BrokenLink,
                    &page.src.file,
                    Some(link.span.clone()),
                    format!("{what} `[{}]` is not defined on this page", link.reference),
                )
                .with_label("published as literal text")
                .with_note(fix),
            );
        }
    }
    out
}

/// Reports a heading `{#id}` given twice on a page, since only the first can be linked to.
fn duplicate_heading_ids(page: &Page, events: &[(Event<'_>, Range<usize>)]) -> Vec<Diagnostic> {
    let mut seen: BTreeMap<&str, Range<usize>> = BTreeMap::new();
    let mut out = Vec::new();
    for (event, span) in events {
        let Event::Start(Tag::Heading { id: Some(id), .. }) = event else {
            continue;
        };
        let line = page.source[span.clone()].find('\n').unwrap_or(span.len());
        let span = span.start..span.start + line;
        match seen.get(id.as_ref()) {
            Some(first) => out.push(
                Diagnostic::error(
                    Code::DuplicateId,
                    &page.src.file,
                    Some(span),
                    format!("the heading id `{id}` is used twice on this page"),
                )
                .with_label(format!("links to #{id} can never reach this heading"))
                .with_secondary(&page.src.file, first.clone(), "first used here")
                .with_note("give one of the headings another `{#id}`"),
            ),
            None => {
                seen.insert(id, span);
            }
        }
    }
    out
}

/// Reports a footnote reference `[^n]` with no definition; Markdown publishes it as the
/// literal text `[^n]`, in text events that may be split at the brackets.
fn undefined_footnotes(page: &Page, events: &[(Event<'_>, Range<usize>)]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut spans: Vec<Range<usize>> = Vec::new();
    let mut in_code = false;
    for (event, span) in events {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            // Adjacent text events are one run of literal text in the source.
            Event::Text(_) if !in_code => match spans.last_mut() {
                Some(last) if last.end == span.start => last.end = span.end,
                _ => spans.push(span.clone()),
            },
            _ => {}
        }
    }
    for run in spans {
        let text = &page.source[run.clone()];
        let mut from = 0;
        while let Some(i) = text[from..].find("[^") {
            let start = from + i;
            let label_len = text[start + 2..]
                .find(|c: char| c == ']' || c.is_whitespace() || c == '[')
                .unwrap_or(text.len() - start - 2);
            let end = start + 2 + label_len;
            if label_len > 0 && text[end..].starts_with(']') {
                let label = &text[start + 2..end];
                out.push(
                    Diagnostic::error(
                        Code::BrokenLink,
                        &page.src.file,
                        Some(run.start + start..run.start + end + 1),
                        format!("footnote `[^{label}]` is not defined on this page"),
                    )
                    .with_label("published as literal text")
                    .with_note(format!("add a definition `[^{label}]: …` on its own line")),
                );
            }
            from = end.max(start + 2);
        }
    }
    out
}

/// Returns the span of a page's first line, so a page-wide error has a place to point at.
fn first_line(page: &Page) -> Range<usize> {
    0..page.source.find('\n').unwrap_or(page.source.len())
}

/// Reports two pages that would be written to the same URL, pointing at both, and a page
/// written where the build generates a file of its own.
fn duplicate_urls(pages: &[Page]) -> Vec<Diagnostic> {
    let mut seen: BTreeMap<String, &Page> = BTreeMap::new();
    let mut out = Vec::new();
    for page in pages {
        let url = page.src.url();
        if let Some(what) = reserved::generated(&url).filter(|_| !page.is_draft()) {
            out.push(
                Diagnostic::error(
                    Code::DuplicateUrl,
                    &page.src.file,
                    Some(first_line(page)),
                    format!("this page would be written to {url}, which the build generates"),
                )
                .with_label("written to a generated file's URL")
                .with_note(format!("{url} is {what}; rename the page")),
            );
            continue;
        }
        match seen.get(&url) {
            Some(first) => out.push(
                Diagnostic::error(
                    Code::DuplicateUrl,
                    &page.src.file,
                    Some(first_line(page)),
                    format!("two pages claim {url}"),
                )
                .with_label("this page is written to the same URL")
                .with_secondary(&first.src.file, first_line(first), "as this page")
                .with_note(format!("{} is also written to {url}", first.src.file)),
            ),
            None => {
                seen.insert(url, page);
            }
        }
    }
    out
}

/// Returns a warning when a page's summary is still the placeholder `nimsite new` wrote.
fn placeholder_summary(page: &Page) -> Option<Diagnostic> {
    let front = page.front.as_ref()?;
    if front.summary.as_deref()? != super::front_matter::PLACEHOLDER_SUMMARY {
        return None;
    }
    Some(
        Diagnostic::warning(
            Code::Placeholder,
            &page.src.file,
            front.summary_span.clone(),
            "the summary is still the placeholder `nimsite new` wrote",
        )
        .with_label("the index, the feed and search engines show this line")
        .with_note("say in one line what the page shows, or remove `summary`"),
    )
}

/// Returns the lowest rung above `rung` that no page of the ladder takes.
fn next_free(rung: i64, taken: &BTreeSet<i64>) -> i64 {
    let mut free = rung.saturating_add(1);
    while taken.contains(&free) && free < i64::MAX {
        free += 1;
    }
    free
}

/// Reports negative rungs and two ladder pages on one rung, pointing at both.
fn rungs(pages: &[Page]) -> Vec<Diagnostic> {
    let mut seen: BTreeMap<i64, (&Page, Range<usize>)> = BTreeMap::new();
    let mut out = Vec::new();
    let ladder = || pages.iter().filter(|p| !p.src.is_home() && !p.is_draft());
    let taken: BTreeSet<i64> = ladder().filter_map(Page::rung).collect();
    for page in ladder() {
        let Some(front) = &page.front else { continue };
        let (Some(rung), Some(span)) = (front.rung, front.rung_span.clone()) else {
            continue;
        };
        if rung < 0 {
            out.push(
                Diagnostic::error(
                    Code::FrontMatter,
                    &page.src.file,
                    Some(span),
                    "bad front matter",
                )
                .with_label("a rung is a whole number from 0 up")
                .with_note("the ladder starts at rung 0 or 1; lower rungs come first"),
            );
            continue;
        }
        match seen.get(&rung) {
            Some((first, first_span)) => out.push(
                Diagnostic::error(
                    Code::DuplicateRung,
                    &page.src.file,
                    Some(span),
                    format!("two pages on rung {rung}"),
                )
                .with_label("this page's rung")
                .with_secondary(&first.src.file, first_span.clone(), "is taken by this page")
                .with_note("each page has its own rung, so the ladder has one order")
                .with_note(format!(
                    "the next free rung is {}: move one of the pages there",
                    next_free(rung, &taken)
                )),
            ),
            None => {
                seen.insert(rung, (page, span));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_free_rung_skips_every_taken_one() {
        let taken: BTreeSet<i64> = [1, 2, 3, 5].into_iter().collect();
        assert_eq!(next_free(2, &taken), 4);
        assert_eq!(next_free(5, &taken), 6);
        assert_eq!(next_free(0, &BTreeSet::new()), 1);
        assert_eq!(next_free(i64::MAX, &taken), i64::MAX);
    }
}
