//! The last touches on a page's body HTML before it meets its template: a link on every
//! h2–h4 to itself, `width`/`height` on every `<img>` of a local image, and code blocks
//! highlighted. Done here, on the rendered body, so the Markdown layer's output stays
//! exactly pulldown-cmark's.

use std::collections::BTreeMap;

use super::highlight::highlight;
use super::urls::{percent_decode, resolve};
use crate::html::{Token, Tokens, decode, escape, tokens};

/// Image sizes by path in the site.
pub type Sizes = BTreeMap<String, (u32, u32)>;

/// Returns the body `html` of the page at `url` with heading links, image sizes and
/// highlighted code, in one pass over its tokens: the page is copied as written, with
/// each touch put in at its place.
pub fn decorate(html: &str, url: &str, sizes: &Sizes) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 16);
    // How much of `html` is in `out` already.
    let mut done = 0;
    // The open h2–h4 with an id: its name and its id as written in HTML.
    let mut heading: Option<(&str, String)> = None;
    let mut tokens = tokens(html);
    while let Some((token, span)) = tokens.next() {
        match token {
            Token::Start(tag) if ["h2", "h3", "h4"].iter().any(|h| tag.is(h)) => {
                heading = tag.attr("id").map(|id| {
                    let written = match id.quote {
                        Some('"') => id.raw.to_string(),
                        _ => escape(&id.value()),
                    };
                    (tag.name, written)
                });
            }
            Token::End(name)
                if heading
                    .as_ref()
                    .is_some_and(|h| h.0.eq_ignore_ascii_case(name)) =>
            {
                let id = heading.take().map(|h| h.1).unwrap_or_default();
                out.push_str(&html[done..span.start]);
                out.push_str(&format!(
                    " <a class=\"heading-link\" href=\"#{id}\" aria-label=\"Link to this section\">#</a>"
                ));
                done = span.start;
            }
            Token::Start(tag) if tag.is("img") && !sizes.is_empty() => {
                let unsized_ = tag.attr("width").is_none() && tag.attr("height").is_none();
                let size = tag
                    .attr("src")
                    .and_then(|s| size_of(&s.value(), url, sizes));
                if let (true, Some((w, h))) = (unsized_, size) {
                    let at = span.start + 1 + tag.name.len();
                    out.push_str(&html[done..at]);
                    out.push_str(&format!(" width=\"{w}\" height=\"{h}\""));
                    done = at;
                }
            }
            Token::Start(tag) if tag.is("pre") => {
                if let Some((block, end)) = highlighted(&mut tokens.clone(), span.end) {
                    out.push_str(&html[done..span.start]);
                    out.push_str(&block);
                    done = end;
                    // Skip what the block replaced.
                    while tokens.next().is_some_and(|(_, s)| s.end < end) {}
                }
            }
            _ => {}
        }
    }
    out.push_str(&html[done..]);
    out
}

/// Highlights the code block that follows a `<pre>` ending at `from`, written as
/// pulldown-cmark writes it (`<pre><code class="language-…">…</code></pre>`), when its
/// language is known: returns the block and where the original ends.
fn highlighted(tokens: &mut Tokens<'_>, from: usize) -> Option<(String, usize)> {
    let (Token::Start(code), span) = tokens.next()? else {
        return None;
    };
    let class = code.attr("class")?;
    let language = class.raw.strip_prefix("language-")?;
    if class.quote != Some('"') {
        return None;
    }
    if span.start != from || !code.is("code") || code.attrs().count() != 1 {
        return None;
    }
    let mut text = String::new();
    loop {
        match tokens.next()? {
            (Token::Text(t), _) => text.push_str(&decode(t)),
            (Token::End("code"), _) => break,
            _ => return None,
        }
    }
    let (Token::End("pre"), end) = tokens.next()? else {
        return None;
    };
    let lit = highlight(language, &text)?;
    let block =
        format!("<pre class=\"highlight\"><code class=\"language-{language}\">{lit}</code></pre>");
    Some((block, end.end))
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
    fn code_in_a_known_language_is_highlighted() {
        let html = "<pre><code class=\"language-python\">x = &quot;a&lt;b&quot;\n</code></pre><pre><code class=\"language-zzz\">y\n</code></pre><pre><code>z\n</code></pre>";
        let out = decorate(html, "p.html", &Sizes::new());
        assert!(
            out.starts_with(
                "<pre class=\"highlight\"><code class=\"language-python\"><span class=\"hl-"
            ),
            "{out}"
        );
        assert!(out.contains("a&lt;b"), "{out}");
        assert!(
            out.ends_with(
                "<pre><code class=\"language-zzz\">y\n</code></pre><pre><code>z\n</code></pre>"
            ),
            "{out}"
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
