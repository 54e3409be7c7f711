//! The last touches on a page's body HTML before it meets its template: a link on every
//! h2–h4 to itself and `width`/`height` on every `<img>` of a local image. Done here, on
//! the rendered body, so they reach headings and images a directive or raw HTML wrote.
//! (Code blocks are highlighted earlier, from their Markdown events: see `render`.)

use std::collections::BTreeMap;
use std::ops::Range;

use super::urls::{percent_decode, resolve};
use crate::html::{Token, escape};

/// Image sizes by path in the site.
pub type Sizes = BTreeMap<String, (u32, u32)>;

/// A touch a page's body gets before its template, found when the body was first read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Touch {
    /// A link to the heading's id (as written in HTML), put in at its end tag's offset.
    HeadingLink {
        /// Where the heading's end tag starts.
        at: usize,
        /// The heading's id, escaped as in an attribute.
        id: String,
    },
    /// The size of the image at `src`, when it is a local image, put in after the tag's
    /// name.
    ImageSize {
        /// Where the tag's name ends.
        at: usize,
        /// The image's source, decoded.
        src: String,
    },
}

/// Finds a body's touches as a visitor of its tokens, so they are found in the same pass
/// as its ids and its search sections (see `render::read_body`).
#[derive(Default)]
pub struct TouchReader<'a> {
    /// The open h2–h4 with an id: its name and its id as written in HTML.
    heading: Option<(&'a str, String)>,
    touches: Vec<Touch>,
}

impl<'a> TouchReader<'a> {
    /// Reads the next token of the body, found at `span`.
    pub fn visit(&mut self, token: &Token<'a>, span: &Range<usize>) {
        match token {
            Token::Start(tag) if ["h2", "h3", "h4"].iter().any(|h| tag.is(h)) => {
                self.heading = tag.attr("id").map(|id| {
                    let written = match id.quote {
                        Some('"') => id.raw.to_string(),
                        _ => escape(&id.value()),
                    };
                    (tag.name, written)
                });
            }
            Token::End(name)
                if self
                    .heading
                    .as_ref()
                    .is_some_and(|h| h.0.eq_ignore_ascii_case(name)) =>
            {
                let id = self.heading.take().map(|h| h.1).unwrap_or_default();
                self.touches.push(Touch::HeadingLink { at: span.start, id });
            }
            Token::Start(tag) if tag.is("img") => {
                let unsized_ = tag.attr("width").is_none() && tag.attr("height").is_none();
                if let (true, Some(src)) = (unsized_, tag.attr("src")) {
                    self.touches.push(Touch::ImageSize {
                        at: span.start + 1 + tag.name.len(),
                        src: src.value().into_owned(),
                    });
                }
            }
            _ => {}
        }
    }

    /// Returns the touches found, in the order of the body.
    pub fn finish(self) -> Vec<Touch> {
        self.touches
    }
}

/// Returns the body `html` of the page at `url` with its `touches` put in, each at its
/// place; the body is not read again.
pub fn apply(html: &str, touches: &[Touch], url: &str, sizes: &Sizes) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 16);
    // How much of `html` is in `out` already.
    let mut done = 0;
    for touch in touches {
        let (at, text) = match touch {
            Touch::HeadingLink { at, id } => (
                *at,
                format!(
                    " <a class=\"heading-link\" href=\"#{id}\" aria-label=\"Link to this section\">#</a>"
                ),
            ),
            Touch::ImageSize { at, src } => match size_of(src, url, sizes) {
                Some((w, h)) => (*at, format!(" width=\"{w}\" height=\"{h}\"")),
                None => continue,
            },
        };
        let Some(before) = html.get(done..at) else {
            continue;
        };
        out.push_str(before);
        out.push_str(&text);
        done = at;
    }
    out.push_str(html.get(done..).unwrap_or(""));
    out
}

/// Returns the size of the local image at `src` as seen from the page at `url`.
fn size_of(src: &str, url: &str, sizes: &Sizes) -> Option<(u32, u32)> {
    if src.contains(':') || src.starts_with("//") {
        return None;
    }
    let path = src.split(['?', '#']).next()?;
    let target = resolve(url, &percent_decode(path))?;
    sizes.get(&target).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html::tokens;

    /// Returns the body `html` of the page at `url` with heading links and image sizes: the
    /// body is read for its touches, then they are put in (see [`apply`]).
    fn decorate(html: &str, url: &str, sizes: &Sizes) -> String {
        let mut reader = TouchReader::default();
        for (token, span) in tokens(html) {
            reader.visit(&token, &span);
        }
        apply(html, &reader.finish(), url, sizes)
    }

    #[test]
    fn headings_link_to_themselves() {
        let html =
            "<h1 id=\"t\">T</h1><h2 id=\"a-b\">A <em>b</em></h2><h5 id=\"x\">X</h5><h3>no id</h3>";
        let out = decorate(html, "p.html", &Sizes::new());
        assert_eq!(
            out,
            "<h1 id=\"t\">T</h1><h2 id=\"a-b\">A <em>b</em> <a class=\"heading-link\" href=\"#a-b\" aria-label=\"Link to this section\">#</a></h2><h5 id=\"x\">X</h5><h3>no id</h3>"
        );
    }

    #[test]
    fn local_images_get_their_size() {
        let sizes = Sizes::from([("a/heap pic.png".to_string(), (30, 20))]);
        let html = "<img src=\"heap%20pic.png\" alt=\"a\" /><img src=\"heap%20pic.png\" width=\"5\"><img src=\"https://x.org/heap%20pic.png\"><img src=\"../b.png\">";
        let out = decorate(html, "a/page.html", &sizes);
        assert_eq!(
            out,
            "<img width=\"30\" height=\"20\" src=\"heap%20pic.png\" alt=\"a\" /><img src=\"heap%20pic.png\" width=\"5\"><img src=\"https://x.org/heap%20pic.png\"><img src=\"../b.png\">"
        );
    }

    proptest::proptest! {
        #[test]
        fn prop_any_html_decorates_without_panic(html in "(<|>|/|\"|=| |h2|id|img|src|pre|code|class|language-rust|a|é|&amp;)*") {
            let sizes = Sizes::from([("a".to_string(), (1, 2))]);
            let _ = decorate(&html, "p.html", &sizes);
        }
    }
}
