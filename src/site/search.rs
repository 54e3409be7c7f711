//! The search index: every written page cut into sections at its h1–h4 headings, each with
//! its heading's id and its plain text (math as its symbols, so "2⊗2" is found), written as
//! one script the search box loads when it is first used. A script rather than JSON, so
//! the search works from `file://`, where a page may not fetch files.

use serde::Serialize;

use super::urls::href;
use crate::html::{Tag, Token, VOID, decode};

/// The index's path in the site, the one name every part of the build uses for it.
pub const INDEX: &str = "search-index.js";

/// Elements whose text stays out of the index: tables of numbers, figure data, LaTeX
/// annotations, scripts, and the self-links on headings.
const SKIPPED: [&str; 6] = ["table", "details", "annotation", "script", "style", "svg"];

/// One page as the index sees it.
#[derive(Debug)]
pub struct Entry<'a> {
    /// The page's URL in the site.
    pub url: String,
    /// The page's title.
    pub title: &'a str,
    /// The page's sections, read when its body was rendered.
    pub sections: &'a [PageSection],
}

/// One section of a page as its body was read: the heading's id and text, and the text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageSection {
    /// The id of the heading that opens it; empty before the first.
    pub id: String,
    /// The heading's plain text.
    pub heading: String,
    /// The section's plain text.
    pub text: String,
}

/// One section of a page: `[page, id, heading, text]` in the index.
#[derive(Debug, PartialEq, Eq, Serialize)]
struct Section(usize, String, String, String);

/// The index as the script sees it.
#[derive(Serialize)]
struct Index<'a> {
    /// `[url, title]` of each page.
    pages: Vec<(String, &'a str)>,
    /// Every section of every page.
    sections: Vec<Section>,
}

/// Returns the index script for `entries`.
pub fn index_js(entries: &[Entry<'_>]) -> String {
    let mut index = Index {
        pages: Vec::with_capacity(entries.len()),
        sections: Vec::new(),
    };
    for (i, e) in entries.iter().enumerate() {
        index.pages.push((href(&e.url), e.title));
        index.sections.extend(
            e.sections
                .iter()
                .map(|p| Section(i, p.id.clone(), p.heading.clone(), p.text.clone())),
        );
    }
    let json = serde_json::to_string(&index).unwrap_or_else(|_| "{}".to_string());
    // No `<` at all, so no `</script` can end the index early wherever it is put.
    format!(
        "window.nimsiteSearchIndex = {};\n",
        json.replace('<', "\\u003c")
    )
}

/// One open element as the index reads it.
struct Frame<'a> {
    /// The element's name as written.
    name: &'a str,
    /// Where its text starts in the buffer when it is an exponent (`<sup>`, the second
    /// child of `<msup>`).
    exponent_from: Option<usize>,
    /// How many child elements it has had so far.
    children: usize,
}

/// What the index is reading: a heading's text or a section's.
#[derive(Default)]
struct Reading {
    sections: Vec<PageSection>,
    id: String,
    heading: String,
    text: String,
    /// Inside an h1–h4 with an id: its name, and the id.
    in_heading: Option<String>,
}

impl Reading {
    /// Returns the text being read into.
    fn buffer(&mut self) -> &mut String {
        if self.in_heading.is_some() {
            &mut self.heading
        } else {
            &mut self.text
        }
    }

    /// Ends the section being read, keeping it unless it is empty.
    fn cut(&mut self, id: String) {
        let done = PageSection {
            id: std::mem::replace(&mut self.id, id),
            heading: std::mem::take(&mut self.heading),
            text: squeeze(&std::mem::take(&mut self.text)),
        };
        if !done.heading.is_empty() || !done.text.is_empty() {
            self.sections.push(done);
        }
    }
}

/// Cuts a page's HTML into sections at its h1–h4 with ids: a visitor of the page's
/// tokens, so the ids and the sections are read in one pass (see `render`).
#[derive(Default)]
pub struct SectionReader<'a> {
    r: Reading,
    stack: Vec<Frame<'a>>,
    /// Inside an element left out: its name and how deep it nests in itself.
    skip: Option<(&'a str, usize)>,
}

impl<'a> SectionReader<'a> {
    /// Reads the next token of the page.
    pub fn visit(&mut self, token: &Token<'a>) {
        let Self { r, stack, skip } = self;
        match token {
            Token::Start(tag) if skip.is_some_and(|s| tag.is(s.0)) && !tag.self_closing => {
                *skip = skip.map(|(n, d)| (n, d + 1));
            }
            Token::End(name) if skip.is_some_and(|s| s.0.eq_ignore_ascii_case(name)) => {
                *skip = skip.and_then(|(n, d)| (d > 1).then_some((n, d - 1)));
            }
            _ if skip.is_some() => {}
            Token::Start(tag) if skipped(tag) => {
                if !tag.self_closing {
                    *skip = Some((tag.name, 1));
                }
            }
            Token::Start(tag) => {
                if let Some(id) = tag
                    .attr("id")
                    .filter(|_| ["h1", "h2", "h3", "h4"].iter().any(|h| tag.is(h)))
                {
                    r.cut(id.value().into_owned());
                    r.in_heading = Some(tag.name.to_string());
                    stack.clear();
                    return;
                }
                if is_block(tag.name) {
                    r.buffer().push(' ');
                }
                if tag.self_closing || VOID.iter().any(|v| tag.is(v)) {
                    return;
                }
                let footnote = tag
                    .attr("class")
                    .is_some_and(|c| c.raw.contains("footnote-reference"));
                let second_child = stack
                    .last()
                    .is_some_and(|f| f.name.eq_ignore_ascii_case("msup") && f.children == 1);
                let exponent = (tag.is("sup") && !footnote) || second_child;
                if let Some(parent) = stack.last_mut() {
                    parent.children += 1;
                }
                let from = r.buffer().len();
                stack.push(Frame {
                    name: tag.name,
                    exponent_from: exponent.then_some(from),
                    children: 0,
                });
            }
            Token::End(name) => {
                if r.in_heading
                    .as_deref()
                    .is_some_and(|h| h.eq_ignore_ascii_case(name))
                {
                    r.in_heading = None;
                    r.heading = squeeze(&r.heading);
                    stack.clear();
                    return;
                }
                if let Some(depth) = stack
                    .iter()
                    .rposition(|f| f.name.eq_ignore_ascii_case(name))
                {
                    for frame in stack.drain(depth..).rev() {
                        if let Some(from) = frame.exponent_from {
                            raise(r.buffer(), from);
                        }
                    }
                }
                if is_block(name) {
                    r.buffer().push(' ');
                }
            }
            Token::Text(text) => r.buffer().push_str(&decode(text)),
            Token::Raw(_) | Token::Comment(_) | Token::Other(_) => {}
        }
    }

    /// Returns the page's sections, in order, leaving out empty ones.
    pub fn finish(mut self) -> Vec<PageSection> {
        if self.r.in_heading.take().is_some() {
            self.r.heading = squeeze(&self.r.heading);
        }
        self.r.cut(String::new());
        self.r.sections
    }
}

/// Cuts a page's HTML into sections, for the tests.
#[cfg(test)]
fn sections(page: usize, html: &str) -> Vec<Section> {
    let mut reader = SectionReader::default();
    for (token, _) in crate::html::tokens(html) {
        reader.visit(&token);
    }
    let found = reader.finish().into_iter();
    found
        .map(|p| Section(page, p.id, p.heading, p.text))
        .collect()
}

/// Returns whether an element's text stays out of the index (see [`SKIPPED`]).
fn skipped(tag: &Tag<'_>) -> bool {
    SKIPPED.iter().any(|s| tag.is(s))
        || (tag.is("a")
            && tag
                .attr("class")
                .is_some_and(|c| c.raw.split_whitespace().any(|k| k == "heading-link")))
}

/// Marks the text from `from` on as an exponent: `^3`, or `^(2^r)` when it is more than
/// one digit or letter, so "2^{2^r}" reads "2^(2^r)" and not "22r".
fn raise(buffer: &mut String, from: usize) {
    if from > buffer.len() || !buffer.is_char_boundary(from) {
        return;
    }
    let exponent = squeeze(&buffer[from..]);
    buffer.truncate(from);
    if exponent.is_empty() {
        return;
    }
    // A prime is written as it is: "a′", not "a^′".
    if exponent
        .chars()
        .all(|c| matches!(c, '′' | '″' | '‴' | '⁗' | '\''))
    {
        buffer.push_str(&exponent);
        return;
    }
    let single = exponent.chars().count() == 1 || exponent.bytes().all(|b| b.is_ascii_digit());
    buffer.push('^');
    if single {
        buffer.push_str(&exponent);
    } else {
        buffer.push('(');
        buffer.push_str(&exponent);
        buffer.push(')');
    }
}

/// Returns whether a tag ends a block of text (paragraph, list item, cell, line break).
fn is_block(name: &str) -> bool {
    [
        "p",
        "li",
        "br",
        "div",
        "ul",
        "ol",
        "blockquote",
        "pre",
        "figcaption",
        "dt",
        "dd",
        "section",
        "figure",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
    ]
    .iter()
    .any(|b| name.eq_ignore_ascii_case(b))
}

/// Collapses runs of whitespace to one space and trims.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_pages_at_headings_and_keeps_math_symbols() {
        let html = "<p>Intro &amp; more.</p>\n<h2 id=\"the-rule\">Why <math><mn>2</mn><mo>⊗</mo><mn>2</mn></math></h2>\n<p>It is <math><mn>3</mn></math>.</p><table><tr><td>99</td></tr></table><h3 id=\"b\">B</h3><p>x</p>";
        let found = sections(4, html);
        assert_eq!(
            found,
            vec![
                Section(4, String::new(), String::new(), "Intro & more.".into()),
                Section(4, "the-rule".into(), "Why 2⊗2".into(), "It is 3.".into()),
                Section(4, "b".into(), "B".into(), "x".into()),
            ]
        );
    }

    #[test]
    fn the_script_cannot_close_early() {
        let entries = [Entry {
            url: "a b.html".into(),
            title: "T",
            sections: &[PageSection {
                text: "</script>".into(),
                ..PageSection::default()
            }],
        }];
        let js = index_js(&entries);
        assert!(js.starts_with("window.nimsiteSearchIndex = {"), "{js}");
        assert!(!js.contains("</script"), "{js}");
        assert!(js.contains("\"a%20b.html\""), "{js}");
    }

    #[test]
    fn decodes_entities() {
        let found = sections(0, "<p>a &#x2297; b &oplus; &bogus; &amp; &nbsp;c</p>");
        assert_eq!(found[0].3, "a ⊗ b ⊕ &bogus; & c");
    }

    #[test]
    fn exponents_stay_readable() {
        // `2^{2^r}`, `x^3` and `a'` as math-core writes them, and an HTML `<sup>`.
        let html = "<p><math><msup><mi>a</mi><mo>′</mo></msup></math> <math><msup><mn>2</mn><msup><mn>2</mn><mi>r</mi></msup></msup></math> and \
            <math><msup><mi>x</mi><mn>3</mn></msup></math> and 2<sup>10</sup> and 5<sup>n+1</sup>\
            <sup class=\"footnote-reference\"><a href=\"#1\">1</a></sup></p>";
        assert_eq!(
            sections(0, html)[0].3,
            "a′ 2^(2^r) and x^3 and 2^10 and 5^(n+1)1"
        );
    }

    #[test]
    fn left_out_elements_nest() {
        let html = "<h2 id=\"a&amp;b\" class=\"x\">A<a class=\"heading-link\" href=\"#a\">#</a></h2>\
            <details><details>x</details>y</details><p>z</p><svg><text>9</text></svg>";
        assert_eq!(
            sections(0, html),
            vec![Section(0, "a&b".into(), "A".into(), "z".into())]
        );
    }

    proptest::proptest! {
        #[test]
        fn prop_any_html_is_indexed_without_panic(html in "(<|>|/|\"|=| |h2|id|msup|sup|mi|table|a|é|&amp;)*") {
            let _ = sections(0, &html);
        }
    }
}
