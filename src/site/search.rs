//! The search index: every written page cut into sections at its h1–h4 headings, each with
//! its heading's id and its plain text (math as its symbols, so "2⊗2" is found), written as
//! one script the search box loads when it is first used. A script rather than JSON, so
//! the search works from `file://`, where a page may not fetch files.

use serde::Serialize;

use super::urls::href;

/// The index's path in the site, the one name every part of the build uses for it.
pub const INDEX: &str = "search-index.js";

/// Elements whose text stays out of the index: tables of numbers, figure data, LaTeX
/// annotations, scripts, and the self-links on headings.
const SKIPPED: &[&str] = &[
    "table",
    "details",
    "annotation",
    "script",
    "style",
    "svg",
    "a class=\"heading-link\"",
];

/// One page as the index sees it.
#[derive(Debug)]
pub struct Entry<'a> {
    /// The page's URL in the site.
    pub url: String,
    /// The page's title.
    pub title: &'a str,
    /// The page's body HTML.
    pub html: &'a str,
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
        index.sections.extend(sections(i, e.html));
    }
    let json = serde_json::to_string(&index).unwrap_or_else(|_| "{}".to_string());
    // No `<` at all, so no `</script` can end the index early wherever it is put.
    format!(
        "window.nimsiteSearchIndex = {};\n",
        json.replace('<', "\\u003c")
    )
}

/// Cuts a page's HTML into sections at its headings with ids.
fn sections(page: usize, html: &str) -> Vec<Section> {
    let mut out = Vec::new();
    let (mut id, mut heading, mut text) = (String::new(), String::new(), String::new());
    let mut rest = html;
    while let Some(at) = next_heading(rest) {
        push_text(&mut text, &rest[..at]);
        let (new_id, title, after) = read_heading(&rest[at..]);
        let done = Section(page, id, heading, squeeze(&text));
        if !done.2.is_empty() || !done.3.is_empty() {
            out.push(done);
        }
        (id, heading, text) = (new_id, title, String::new());
        rest = after;
    }
    push_text(&mut text, rest);
    let last = Section(page, id, heading, squeeze(&text));
    if !last.2.is_empty() || !last.3.is_empty() {
        out.push(last);
    }
    out
}

/// Returns where the next `<h1 id=` to `<h4 id=` starts.
fn next_heading(html: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(pos) = html[from..].find("<h") {
        let at = from + pos;
        let tail = &html.as_bytes()[at + 2..];
        if tail.len() > 5 && (b'1'..=b'4').contains(&tail[0]) && tail[1..].starts_with(b" id=\"") {
            return Some(at);
        }
        from = at + 2;
    }
    None
}

/// Reads a heading at the start of `html`: its id, its text, and what follows it.
fn read_heading(html: &str) -> (String, String, &str) {
    let level = &html[2..3];
    let id_start = 8;
    let id_end = html[id_start..]
        .find('"')
        .map_or(id_start, |e| id_start + e);
    let id = unescape(&html[id_start..id_end]);
    let close = format!("</h{level}>");
    let body_start = html[id_end..]
        .find('>')
        .map_or(html.len(), |e| id_end + e + 1);
    let body_end = html[body_start..]
        .find(&close)
        .map_or(html.len(), |e| body_start + e);
    let mut title = String::new();
    push_text(&mut title, &html[body_start..body_end]);
    let after = (body_end + close.len()).min(html.len());
    (id, squeeze(&title), &html[after..])
}

/// Appends the visible text of an HTML fragment, leaving out [`SKIPPED`] elements.
fn push_text(out: &mut String, html: &str) {
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&unescape(&rest[..lt]));
        rest = &rest[lt..];
        if let Some(skip) = SKIPPED.iter().find(|s| starts_element(rest, s)) {
            let name = skip.split(' ').next().unwrap_or(skip);
            let close = format!("</{name}>");
            rest = rest
                .find(&close)
                .map_or("", |end| &rest[end + close.len()..]);
            continue;
        }
        // A block boundary separates words; inline tags do not.
        if is_block_tag(rest) {
            out.push(' ');
        }
        rest = rest.find('>').map_or("", |gt| &rest[gt + 1..]);
    }
    out.push_str(&unescape(rest));
}

/// Returns whether `html` starts with the opening tag `<name` (then space or `>`).
fn starts_element(html: &str, name: &str) -> bool {
    html.strip_prefix('<')
        .and_then(|r| r.strip_prefix(name))
        .is_some_and(|r| r.starts_with([' ', '>']) || name.contains(' '))
}

/// Returns whether a tag ends a block of text (paragraph, list item, cell, line break).
fn is_block_tag(tag: &str) -> bool {
    let name: String = tag
        .trim_start_matches(['<', '/'])
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    matches!(
        name.as_str(),
        "p" | "li"
            | "br"
            | "div"
            | "ul"
            | "ol"
            | "blockquote"
            | "pre"
            | "figcaption"
            | "dt"
            | "dd"
            | "section"
            | "figure"
    )
}

/// Collapses runs of whitespace to one space and trims.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Decodes the entities pulldown-cmark, math-core and tera write.
fn unescape(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        // An entity is short; `;` is ASCII, so its index is a character boundary.
        let near = &rest.as_bytes()[..rest.len().min(12)];
        let Some(semi) = near.iter().position(|&b| b == b';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..semi];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
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
            html: "<p>&lt;/script&gt;</p>",
        }];
        let js = index_js(&entries);
        assert!(js.starts_with("window.nimsiteSearchIndex = {"), "{js}");
        assert!(!js.contains("</script"), "{js}");
        assert!(js.contains("\"a%20b.html\""), "{js}");
    }

    #[test]
    fn decodes_entities() {
        assert_eq!(
            unescape("a &#x2297; b &#8853; &bogus; &"),
            "a ⊗ b ⊕ &bogus; &"
        );
    }
}
