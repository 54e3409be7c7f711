//! Markdown to HTML: parse with offsets, let the directives expand, render math to
//! MathML, give headings stable ids, and collect links for the link check.

use crate::diagnostics::Code;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use std::cell::Cell;

use pulldown_cmark::{
    BrokenLink, CodeBlockKind, CowStr, Event, LinkType, Options, Parser, Tag, TagEnd,
};
use serde::Serialize;

use crate::diagnostics::Diagnostic;
use crate::engine::{self, Figure, PageCtx, Prepared, Shared};
use crate::ledger::Claim;
use crate::math::mathml;

use super::decorate::{Touch, TouchReader};
use super::search::{PageSection, SectionReader};

/// One heading in a page's table of contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TocEntry {
    /// The heading level, 1 to 6.
    pub level: u8,
    /// The heading's id, for `#id` links.
    pub id: String,
    /// The heading's plain text.
    pub title: String,
}

/// A link or image source found on a page, with its span for the link check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkRef {
    /// The destination as written.
    pub dest: String,
    /// Where the link sits in the page's source.
    pub span: Range<usize>,
}

/// A page's body rendered to HTML, with everything the later stages need.
#[derive(Clone, Debug, Default)]
pub struct RenderedBody {
    /// The HTML of the body.
    pub html: String,
    /// The headings, in order.
    pub toc: Vec<TocEntry>,
    /// Every `id` in the body, for `#anchor` checks.
    pub anchors: BTreeSet<String>,
    /// The body cut into sections at its headings, for the search index.
    pub sections: Vec<PageSection>,
    /// The heading links and image sizes the body gets before its template.
    pub touches: Vec<Touch>,
    /// Every link and image destination.
    pub links: Vec<LinkRef>,
    /// The figures the directives drew.
    pub figures: Vec<Figure>,
    /// The claims the page makes.
    pub claims: Vec<Claim>,
    /// Everything found wrong, including directive diagnostics.
    pub diagnostics: Vec<Diagnostic>,
    /// The keys of the works the page cites, in the order of first citation.
    pub cited: Vec<String>,
    /// The English names and units of the games the page defines.
    pub games: Vec<crate::math::lexicon::GameWords>,
}

/// Returns the pulldown-cmark options every page is parsed with.
pub fn markdown_options() -> Options {
    Options::ENABLE_MATH
        | Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS
}

/// Parses a whole page source into events with byte offsets into that source.
pub fn parse_events(source: &str) -> Vec<(Event<'_>, Range<usize>)> {
    Parser::new_ext(source, markdown_options())
        .into_offset_iter()
        .collect()
}

/// A reference link or footnote with no definition on its page, as the parser found it.
#[derive(Clone, Debug)]
pub struct BrokenReference {
    /// The label as written, such as `^1` for a footnote.
    pub reference: String,
    /// Where the reference sits in the page's source.
    pub span: Range<usize>,
    /// How the link was written.
    pub link_type: LinkType,
}

/// Parses a whole page source into events with byte offsets, as [`parse_events`] does, and
/// returns with them the references that have no definition, in the same one pass.
pub fn parse_page(source: &str) -> (Vec<(Event<'_>, Range<usize>)>, Vec<BrokenReference>) {
    let mut broken = Vec::new();
    let mut note = |link: BrokenLink<'_>| {
        broken.push(BrokenReference {
            reference: link.reference.to_string(),
            span: link.span,
            link_type: link.link_type,
        });
        None
    };
    let events = Parser::new_with_broken_link_callback(source, markdown_options(), Some(&mut note))
        .into_offset_iter()
        .collect();
    (events, broken)
}

/// Renders a page's Markdown (front matter included in `ctx.source`) to HTML, with what
/// reading its directives found wrong first.
pub fn render_body(ctx: &PageCtx<'_>, shared: &Shared, mutate: bool) -> RenderedBody {
    let mut prepared = engine::prepare(ctx, parse_events(ctx.source));
    let found = prepared.take_diagnostics();
    let mut body = render_prepared(ctx, shared, prepared, mutate);
    body.diagnostics.splice(0..0, found);
    body
}

/// Renders a page read in the first phase to HTML, evaluating its directives.
pub fn render_prepared(
    ctx: &PageCtx<'_>,
    shared: &Shared,
    prepared: Prepared<'_>,
    mutate: bool,
) -> RenderedBody {
    let expanded = if mutate {
        engine::expand_mutating(ctx, shared, prepared)
    } else {
        engine::expand(ctx, shared, prepared)
    };
    let mut diagnostics = expanded.diagnostics;
    let mut events = strip_metadata(expanded.events);
    diagnostics.extend(render_math(ctx, &mut events));
    keep_punctuation_with_math(&mut events);
    drop_markup_in_alt(&mut events);
    let toc = assign_heading_ids(&mut events);
    let links = collect_links(&events);
    let html = write_html(events, ctx.source.len() * 3 / 2);
    let read = read_body(&html);
    RenderedBody {
        html,
        toc,
        anchors: read.ids,
        sections: read.sections,
        touches: read.touches,
        links,
        figures: expanded.figures,
        claims: expanded.claims,
        diagnostics,
        cited: expanded.cited,
        games: expanded.games,
    }
}

/// Writes the events as HTML, as pulldown-cmark does, but for each fenced code block in a
/// language syntect knows: that is highlighted here, from its events, and written as
/// `<pre class="highlight"><code class="language-…">` in place of the plain block.
fn write_html(events: Vec<(Event<'_>, Range<usize>)>, capacity: usize) -> String {
    let mut out: Vec<Event<'_>> = Vec::with_capacity(events.len());
    // The highlighted blocks, by index in `out`.
    let mut lit = BTreeSet::new();
    let mut events = events.into_iter().map(|(e, _)| e);
    while let Some(event) = events.next() {
        let lang = match &event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                info.split(' ').next().unwrap_or("").to_string()
            }
            _ => {
                out.push(event);
                continue;
            }
        };
        // The code's text, up to the block's end; anything else inside leaves it plain.
        let mut inside = vec![event];
        let mut code = String::new();
        let mut closed = false;
        for e in events.by_ref() {
            match &e {
                Event::Text(t) => code.push_str(t),
                Event::End(TagEnd::CodeBlock) => closed = true,
                _ => {}
            }
            let plain = !matches!(e, Event::Text(_) | Event::End(TagEnd::CodeBlock));
            inside.push(e);
            if closed || plain {
                break;
            }
        }
        // A language that would be escaped in the class names no grammar.
        let known = closed && !lang.is_empty() && !lang.contains(['&', '<', '>', '"', '\'']);
        match known
            .then(|| super::highlight::highlight(&lang, &code))
            .flatten()
        {
            Some(block) => {
                lit.insert(out.len());
                out.push(Event::Html(CowStr::from(format!(
                    "<pre class=\"highlight\"><code class=\"language-{lang}\">{block}</code></pre>\n"
                ))));
            }
            None => out.extend(inside),
        }
    }
    let mut html = String::with_capacity(capacity);
    // Whether what is written so far ends a line, as the writer itself tracks it: a
    // highlighted block starts on a line of its own, as the plain block would.
    let end_newline = Cell::new(true);
    let events = out.into_iter().enumerate().map(|(i, event)| match event {
        Event::Html(block) if lit.contains(&i) && !end_newline.get() => {
            Event::Html(CowStr::from(format!("\n{block}")))
        }
        Event::Text(t) if t.is_empty() => {
            end_newline.set(false);
            Event::Text(t)
        }
        e => e,
    });
    let writer = Ends {
        html: &mut html,
        end_newline: &end_newline,
    };
    // Writing to a String cannot fail.
    let _ = pulldown_cmark::html::write_html_fmt(writer, events);
    html
}

/// The HTML being written, noting whether it ends a line.
struct Ends<'a> {
    html: &'a mut String,
    end_newline: &'a Cell<bool>,
}

impl std::fmt::Write for Ends<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if !s.is_empty() {
            self.end_newline.set(s.ends_with('\n'));
        }
        self.html.push_str(s);
        Ok(())
    }
}

/// Keeps only the text of the inline markup inside an image (claim anchors, and the spans
/// that keep punctuation with them): its inner events become the `alt` attribute, where
/// markup would be shown as text.
fn drop_markup_in_alt(events: &mut Vec<(Event<'_>, Range<usize>)>) {
    let mut depth = 0usize;
    let mut emptied = false;
    for (e, _) in events.iter_mut() {
        match e {
            Event::Start(Tag::Image { .. }) => depth += 1,
            Event::End(TagEnd::Image) => depth = depth.saturating_sub(1),
            Event::InlineHtml(h) if depth > 0 => {
                emptied = true;
                let text = crate::html::text_of(h);
                // Empty markup is dropped below.
                *e = if text.is_empty() {
                    Event::InlineHtml(CowStr::from(""))
                } else {
                    Event::Text(CowStr::from(text))
                };
            }
            _ => {}
        }
    }
    if emptied {
        events.retain(|(e, _)| !matches!(e, Event::InlineHtml(h) if h.is_empty()));
    }
}

/// Drops the front matter's metadata block from the events.
fn strip_metadata(events: Vec<(Event<'_>, Range<usize>)>) -> Vec<(Event<'_>, Range<usize>)> {
    let mut inside = false;
    events
        .into_iter()
        .filter(|(event, _)| match event {
            Event::Start(Tag::MetadataBlock(_)) => {
                inside = true;
                false
            }
            Event::End(TagEnd::MetadataBlock(_)) => {
                inside = false;
                false
            }
            _ => !inside,
        })
        .collect()
}

/// Gives a `<math>` element its LaTeX as `alttext`, which screen readers speak and the
/// reader's-eye pass reads.
fn with_alttext(mathml: &str, latex: &str) -> String {
    let alt = format!("<math alttext=\"{}\"", crate::html::escape(latex.trim()));
    mathml.replacen("<math", &alt, 1)
}

/// Replaces every math event by its MathML, reporting LaTeX errors at their spans.
fn render_math(ctx: &PageCtx<'_>, events: &mut [(Event<'_>, Range<usize>)]) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    for (event, span) in events.iter_mut() {
        let (latex, display) = match event {
            Event::InlineMath(latex) => (latex.clone(), false),
            Event::DisplayMath(latex) => (latex.clone(), true),
            _ => continue,
        };
        match mathml::to_mathml(&latex, display) {
            Ok(html) => *event = Event::InlineHtml(CowStr::from(with_alttext(&html, &latex))),
            Err(err) => {
                let written = ctx.source.get(span.clone()).unwrap_or("");
                let base = span.start + written.find(latex.as_ref()).unwrap_or(0);
                let at = err
                    .offset
                    .map(|o| base + o)
                    .and_then(|start| {
                        let rest = ctx.source.get(start..)?;
                        let c = rest.chars().next()?;
                        // Underline a whole `\command`, not just its backslash.
                        let name = if c == '\\' {
                            rest[1..]
                                .chars()
                                .take_while(char::is_ascii_alphabetic)
                                .count()
                        } else {
                            0
                        };
                        Some(start..start + c.len_utf8() + name)
                    })
                    .filter(|at| at.end <= span.end)
                    .unwrap_or_else(|| span.clone());
                diagnostics.push(
                    Diagnostic::error(Code::Math, ctx.file, Some(at), "cannot render this math")
                        .with_label(err.message.clone()),
                );
                let mut shown = String::from("<code class=\"math-error\">");
                shown.push_str(&escape_html(&latex));
                shown.push_str("</code>");
                *event = Event::InlineHtml(CowStr::from(shown));
            }
        }
    }
    diagnostics
}

/// Wraps inline math, with its claim span if any, and the punctuation right after it in
/// one `nowrap` span, so a line never breaks between an equation and its full stop.
fn keep_punctuation_with_math(events: &mut [(Event<'_>, Range<usize>)]) {
    let is_html =
        |e: &Event<'_>, f: &dyn Fn(&str) -> bool| matches!(e, Event::InlineHtml(h) if f(h));
    for i in 0..events.len() {
        let inline_math = |h: &str| h.starts_with("<math") && !h.contains("display=\"block\"");
        if !is_html(&events[i].0, &inline_math) {
            continue;
        }
        let close = events
            .get(i + 1)
            .is_some_and(|(e, _)| is_html(e, &|h| h == "</span>"));
        let end = if close { i + 1 } else { i };
        let Some((Event::Text(text), _)) = events.get(end + 1) else {
            continue;
        };
        let cut = text
            .char_indices()
            .find(|&(_, c)| !".,;:!?)]’”…".contains(c))
            .map_or(text.len(), |(at, _)| at);
        if cut == 0 {
            continue;
        }
        let (punctuation, rest) = (text[..cut].to_string(), text[cut..].to_string());
        let open = i > 0
            && is_html(&events[i - 1].0, &|h| {
                h.starts_with("<span class=\"claim\"") || h == "<span class=\"computed\">"
            });
        let start = if open { i - 1 } else { i };
        if let Event::InlineHtml(h) = &events[start].0 {
            events[start].0 = Event::InlineHtml(CowStr::from(format!(
                "<span class=\"nowrap\" style=\"white-space: nowrap\">{h}"
            )));
        }
        if let Event::InlineHtml(h) = &events[end].0 {
            let tail = format!("{h}{}</span>", escape_html(&punctuation));
            events[end].0 = Event::InlineHtml(CowStr::from(tail));
        }
        events[end + 1].0 = Event::Text(CowStr::from(rest));
    }
}

/// Gives every heading an id (its `{#id}` or its slugified text, made unique) and
/// returns the table of contents.
fn assign_heading_ids(events: &mut [(Event<'_>, Range<usize>)]) -> Vec<TocEntry> {
    let mut used: BTreeSet<String> = events
        .iter()
        .filter_map(|(e, _)| match e {
            Event::Start(Tag::Heading { id: Some(id), .. }) => Some(id.to_string()),
            _ => None,
        })
        .collect();
    let mut next = BTreeMap::new();
    let mut toc = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let Event::Start(Tag::Heading { level, id, .. }) = &events[i].0 else {
            i += 1;
            continue;
        };
        let (level, explicit) = (*level as u8, id.clone());
        let mut text = String::new();
        let mut j = i + 1;
        while j < events.len() && !matches!(events[j].0, Event::End(TagEnd::Heading(_))) {
            match &events[j].0 {
                Event::Text(t) | Event::Code(t) | Event::InlineMath(t) => text.push_str(t),
                _ => {}
            }
            j += 1;
        }
        let id = match explicit {
            Some(id) => id.to_string(),
            None => unique(&mut used, &mut next, slugify(&text)),
        };
        if let Event::Start(Tag::Heading { id: slot, .. }) = &mut events[i].0 {
            *slot = Some(CowStr::from(id.clone()));
        }
        toc.push(TocEntry {
            level,
            id,
            title: text.trim().to_string(),
        });
        i = j;
    }
    toc
}

/// Returns `base`, or `base-1`, `base-2`, … whichever is still free, and marks it used.
/// `next` remembers where each base's count stopped, so many equal headings stay linear.
fn unique(used: &mut BTreeSet<String>, next: &mut BTreeMap<String, usize>, base: String) -> String {
    let mut candidate = base.clone();
    let n = next.entry(base.clone()).or_insert(1);
    while used.contains(&candidate) {
        candidate = format!("{base}-{n}");
        *n += 1;
    }
    used.insert(candidate.clone());
    candidate
}

/// Turns heading text into an id: lowercase letters and digits joined by single dashes.
pub fn slugify(text: &str) -> String {
    let mut out = String::new();
    let mut dash = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.extend(c.to_lowercase());
        } else if c.is_whitespace() || c == '-' || c == '_' {
            dash = true;
        }
    }
    if out.is_empty() {
        "section".to_string()
    } else {
        out
    }
}

/// Collects every link and image destination with its span.
fn collect_links(events: &[(Event<'_>, Range<usize>)]) -> Vec<LinkRef> {
    events
        .iter()
        .filter_map(|(event, span)| match event {
            Event::Start(Tag::Link { dest_url, .. })
            | Event::Start(Tag::Image { dest_url, .. }) => Some(LinkRef {
                dest: dest_url.to_string(),
                span: span.clone(),
            }),
            _ => None,
        })
        .collect()
}

/// What one reading of a rendered body finds.
pub struct BodyRead {
    /// The value of every `id` attribute, decoded.
    pub ids: BTreeSet<String>,
    /// The sections the search index shows.
    pub sections: Vec<PageSection>,
    /// The heading links and image sizes the body gets before its template.
    pub touches: Vec<Touch>,
}

/// Reads rendered HTML once, every reader a visitor of the one token stream: the ids,
/// the search sections and the touches.
pub fn read_body(html: &str) -> BodyRead {
    let mut ids = BTreeSet::new();
    let mut sections = SectionReader::default();
    let mut touches = TouchReader::default();
    for (token, span) in crate::html::tokens(html) {
        if let crate::html::Token::Start(tag) = &token
            && let Some(id) = tag.attr("id")
        {
            ids.insert(id.value().into_owned());
        }
        sections.visit(&token);
        touches.visit(&token, &span);
    }
    BodyRead {
        ids,
        sections: sections.finish(),
        touches: touches.finish(),
    }
}

use crate::html::escape as escape_html;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::line_col;

    fn render(source: &str) -> RenderedBody {
        let ctx = PageCtx::new(
            crate::catalogue::registry(),
            "content/t.md",
            source,
            "t",
            "",
        );
        let mut body = render_body(&ctx, &Shared::new(), false);
        // The lint's verbose notes are not what these tests are about.
        body.diagnostics.retain(|d| d.is_error());
        body
    }

    #[test]
    fn headings_get_unique_ids_and_a_toc() {
        let body = render("+++\ntitle = \"t\"\n+++\n# Nim sums\n## Nim sums\n## Other {#own}\n");
        let ids: Vec<_> = body.toc.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["nim-sums", "nim-sums-1", "own"]);
        assert!(body.html.contains("<h1 id=\"nim-sums\">"));
        assert!(body.anchors.contains("own"));
        assert!(
            !body.html.contains("title ="),
            "front matter leaked: {}",
            body.html
        );
    }

    #[test]
    fn punctuation_after_math_stays_on_its_line() {
        let source = "+++\ntitle = \"t\"\n+++\nSo {nim}`2*3 = 1`. And $a$, then $b$ ok.\n";
        let page = PageCtx::new(crate::catalogue::registry(), "t.md", source, "t", "");
        let body = render_body(&page, &Shared::new(), false);
        assert!(
            body.html
                .contains("white-space: nowrap\"><span class=\"claim\""),
            "{}",
            body.html
        );
        assert!(
            body.html.contains("</math></span>.</span> And"),
            "{}",
            body.html
        );
        assert!(body.html.contains("</math>,</span> then"), "{}", body.html);
        assert!(body.html.contains("</math> ok."), "{}", body.html);
    }

    #[test]
    fn math_becomes_mathml() {
        let body = render("+++\ntitle = \"t\"\n+++\nSee $2 \\otimes 2$ and\n\n$$x^2$$\n");
        assert!(body.diagnostics.is_empty(), "{:?}", body.diagnostics);
        assert_eq!(body.html.matches("<math").count(), 2, "{}", body.html);
    }

    #[test]
    fn latex_errors_point_into_the_file() {
        let src = "+++\ntitle = \"t\"\n+++\nText $a + \\nosuch$ here\n";
        let body = render(src);
        assert_eq!(body.diagnostics.len(), 1);
        let d = &body.diagnostics[0];
        assert_eq!(d.code, crate::diagnostics::Code::Math);
        assert_eq!(d.line_col(src), (4, 11));
    }

    #[test]
    fn latex_errors_after_wide_characters_stay_on_char_boundaries() {
        let src = "+++\ntitle = \"t\"\n+++\n\n$\\text{ü} ⊗ \\nosuch$\n";
        let body = render(src);
        assert_eq!(body.diagnostics.len(), 1, "{:?}", body.diagnostics);
        let span = body.diagnostics[0].span.clone().expect("span");
        assert!(src.is_char_boundary(span.start) && src.is_char_boundary(span.end));
        let _ = crate::diagnostics::render(
            &body.diagnostics,
            &[("content/t.md".to_string(), src.to_string())].into(),
        );
    }

    #[test]
    fn links_keep_their_spans() {
        let src = "+++\ntitle = \"t\"\n+++\n\n[a](nim.html#x) ![i](figures/t/a.svg)\n";
        let body = render(src);
        assert_eq!(body.links.len(), 2);
        assert_eq!(body.links[0].dest, "nim.html#x");
        assert_eq!(line_col(src, body.links[0].span.start), (5, 1));
    }

    #[test]
    fn fenced_code_in_a_known_language_is_highlighted_from_its_events() {
        let body = render(
            "+++\ntitle = \"t\"\n+++\n\n```python\nx = \"a<b\"\n```\n\n- item\n  ```rust\n  let a = 1;\n  ```\n\n```zzz\ny\n```\n\n```\nz\n```\n",
        );
        let html = &body.html;
        assert!(
            html.starts_with(
                "<pre class=\"highlight\"><code class=\"language-python\"><span class=\"hl-"
            ),
            "{html}"
        );
        assert!(html.contains("a&lt;b"), "{html}");
        // A block right after text starts on a line of its own, as the plain one would.
        assert!(
            html.contains("<li>item\n<pre class=\"highlight\"><code class=\"language-rust\">"),
            "{html}"
        );
        assert!(
            html.contains("</ul>\n<pre><code class=\"language-zzz\">y\n</code></pre>\n"),
            "{html}"
        );
        assert!(html.ends_with("<pre><code>z\n</code></pre>\n"), "{html}");
    }

    #[test]
    fn one_reading_finds_ids_sections_and_touches() {
        let body = render("+++\ntitle = \"t\"\n+++\n\n## Two\n\ntext ![i](a.png)\n");
        assert!(body.anchors.contains("two"));
        assert_eq!(body.sections[0].heading, "Two");
        assert_eq!(body.touches.len(), 2, "{:?}", body.touches);
        let sizes = super::super::decorate::Sizes::from([("a.png".to_string(), (3, 4))]);
        let shown = super::super::decorate::apply(&body.html, &body.touches, "t.html", &sizes);
        assert!(
            shown.contains("aria-label=\"Link to this section\">#</a></h2>"),
            "{shown}"
        );
        assert!(
            shown.contains("<img width=\"3\" height=\"4\" src=\"a.png\""),
            "{shown}"
        );
    }

    #[test]
    fn slugify_keeps_letters_and_digits() {
        assert_eq!(slugify("The 2 ⊗ 2 = 3 rule!"), "the-2-2-3-rule");
        assert_eq!(slugify("Ünïcode  words"), "ünïcode-words");
        assert_eq!(slugify("!!"), "section");
    }
}
