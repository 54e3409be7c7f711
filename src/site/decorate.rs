//! The last touches on a page's body HTML before it meets its template: a link on every
//! h2–h4 to itself, `width`/`height` on every `<img>` of a local image, and code blocks
//! highlighted. Done here, on the rendered body, so the Markdown layer's output stays
//! exactly pulldown-cmark's.

use std::collections::BTreeMap;

use super::highlight::highlight;
use super::urls::{percent_decode, resolve};

/// Image sizes by path in the site.
pub type Sizes = BTreeMap<String, (u32, u32)>;

/// Returns the body `html` of the page at `url` with heading links and image sizes.
pub fn decorate(html: &str, url: &str, sizes: &Sizes) -> String {
    let linked = link_headings(html);
    let sized = size_images(&linked, url, sizes);
    highlight_code(&sized)
}

/// Highlights every `<pre><code class="language-…">` block whose language is known.
fn highlight_code(html: &str) -> String {
    const OPEN: &str = "<pre><code class=\"language-";
    const CLOSE: &str = "</code></pre>";
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(OPEN) {
        let after = &rest[at + OPEN.len()..];
        let parts = after.find("\">").and_then(|q| {
            let body = &after[q + 2..];
            body.find(CLOSE)
                .map(|end| (&after[..q], &body[..end], &body[end + CLOSE.len()..]))
        });
        let Some((language, code, tail)) = parts else {
            break;
        };
        out.push_str(&rest[..at]);
        match highlight(language, &unescape_code(code)) {
            Some(lit) => out.push_str(&format!(
                "<pre class=\"highlight\"><code class=\"language-{language}\">{lit}</code></pre>"
            )),
            None => out.push_str(&rest[at..rest.len() - tail.len()]),
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// Undoes the escapes pulldown-cmark writes in code.
fn unescape_code(code: &str) -> String {
    code.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Appends `<a class="heading-link" href="#id">#</a>` to every h2, h3 and h4 with an id.
fn link_headings(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 16);
    let mut rest = html;
    while let Some(at) = rest.find("<h") {
        let tail = &rest[at..];
        let level = tail.as_bytes().get(2).copied().unwrap_or(0);
        let heading = (b'2'..=b'4').contains(&level) && tail[3..].starts_with(" id=\"");
        if !heading {
            out.push_str(&rest[..at + 2]);
            rest = &rest[at + 2..];
            continue;
        }
        let id_end = tail[8..].find('"').map_or(8, |e| 8 + e);
        let id = &tail[8..id_end];
        let close = format!("</h{}>", level as char);
        let Some(end) = tail.find(&close) else {
            out.push_str(&rest[..at + 2]);
            rest = &rest[at + 2..];
            continue;
        };
        out.push_str(&rest[..at + end]);
        out.push_str(&format!(
            " <a class=\"heading-link\" href=\"#{id}\" aria-label=\"Link to this section\">#</a>"
        ));
        rest = &rest[at + end..];
    }
    out.push_str(rest);
    out
}

/// Adds `width` and `height` to every `<img>` without them whose `src` is a local image
/// of known size.
fn size_images(html: &str, url: &str, sizes: &Sizes) -> String {
    if sizes.is_empty() || !html.contains("<img") {
        return html.to_string();
    }
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    while let Some(at) = rest.find("<img ") {
        let tag_end = rest[at..].find('>').map_or(rest.len(), |e| at + e);
        let tag = &rest[at..tag_end];
        out.push_str(&rest[..at + 4]);
        if !tag.contains(" width=")
            && !tag.contains(" height=")
            && let Some((w, h)) = src(tag).and_then(|s| size_of(&s, url, sizes))
        {
            out.push_str(&format!(" width=\"{w}\" height=\"{h}\""));
        }
        rest = &rest[at + 4..];
    }
    out.push_str(rest);
    out
}

/// Returns the `src` of an `<img>` tag, entities undone.
fn src(tag: &str) -> Option<String> {
    let at = tag.find(" src=\"")? + 6;
    let value = &tag[at..at + tag[at..].find('"')?];
    Some(value.replace("&amp;", "&"))
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
}
