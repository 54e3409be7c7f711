//! The internal link check: every relative link must reach a file the build writes, and
//! every `#anchor` an id on that page.

use crate::diagnostics::Code;
use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostics::Diagnostic;

use super::render::LinkRef;

/// Returns whether a destination leaves the site (has a scheme, or is protocol-relative).
fn is_external(dest: &str) -> bool {
    if dest.starts_with("//") {
        return true;
    }
    match dest.find(':') {
        Some(colon) => !dest[..colon].contains(['/', '#', '?']),
        None => false,
    }
}

/// Decodes `%XX` escapes; invalid escapes are kept as written.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = text.get(i + 1..i + 3)
            && let Ok(b) = u8::from_str_radix(hex, 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Resolves a relative path against the directory of `from` (a path in the site), or
/// `None` when it climbs above the site root.
pub fn resolve(from: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = if path.starts_with('/') {
        Vec::new()
    } else {
        from.split('/').collect()
    };
    if !path.starts_with('/') {
        parts.pop();
    }
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            other => parts.push(other),
        }
    }
    Some(parts.join("/"))
}

/// Checks a page's links against the files the site holds and each page's ids.
pub fn check(
    file: &str,
    url: &str,
    links: &[LinkRef],
    files: &BTreeSet<String>,
    anchors: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for link in links {
        if is_external(&link.dest) {
            continue;
        }
        let without_query = link.dest.split('?').next().unwrap_or("");
        let (path, fragment) = match without_query.split_once('#') {
            Some((p, f)) => (p, Some(f)),
            None => (without_query, None),
        };
        let target = if path.is_empty() {
            Some(url.to_string())
        } else {
            resolve(url, &percent_decode(path)).map(|t| {
                if t.is_empty() || t.ends_with('/') || files.contains(&format!("{t}/index.html")) {
                    format!(
                        "{}index.html",
                        if t.is_empty() {
                            String::new()
                        } else {
                            format!("{}/", t.trim_end_matches('/'))
                        }
                    )
                } else {
                    t
                }
            })
        };
        let broken = |message: String| {
            Diagnostic::error(Code::BrokenLink, file, Some(link.span.clone()), message)
                .with_label(format!("`{}`", link.dest))
        };
        let Some(target) = target.filter(|t| files.contains(t)) else {
            out.push(broken(
                "link to a page or file the site does not have".to_string(),
            ));
            continue;
        };
        if let Some(fragment) = fragment.filter(|f| !f.is_empty()) {
            let fragment = percent_decode(fragment);
            match anchors.get(&target) {
                Some(ids) if ids.contains(&fragment) => {}
                Some(_) => out.push(
                    broken(format!("no element with id `{fragment}` on {target}")).with_note(
                        "headings get ids from their text; see the page's table of contents",
                    ),
                ),
                None => out.push(broken(format!(
                    "`#{fragment}` points into {target}, which is not a page"
                ))),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(dest: &str) -> LinkRef {
        LinkRef {
            dest: dest.to_string(),
            span: 0..1,
        }
    }

    #[test]
    fn finds_broken_links_and_anchors() {
        let files: BTreeSet<String> = ["index.html", "nim.html", "a/b.html", "style.css"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut anchors = BTreeMap::new();
        anchors.insert("nim.html".to_string(), BTreeSet::from(["sums".to_string()]));
        anchors.insert("a/b.html".to_string(), BTreeSet::new());
        let good = [
            "../nim.html",
            "../nim.html#sums",
            "b.html",
            "https://example.org/x",
            "mailto:a@b",
            "../style.css",
            "../",
        ];
        let links: Vec<_> = good.iter().map(|d| link(d)).collect();
        assert!(check("content/a/b.md", "a/b.html", &links, &files, &anchors).is_empty());
        let from_root: Vec<_> = ["nim.html#sums", "./", "style.css"]
            .iter()
            .map(|d| link(d))
            .collect();
        assert!(check("c", "index.html", &from_root, &files, &anchors).is_empty());
        let bad: Vec<_> = ["nope.html", "nim.html#nope", "#missing", "../../x.html"]
            .iter()
            .map(|d| link(d))
            .collect();
        assert_eq!(check("c", "nim.html", &bad, &files, &anchors).len(), 4);
    }

    #[test]
    fn decodes_percent_escapes() {
        assert_eq!(percent_decode("a%20b%2e"), "a b.");
        assert_eq!(percent_decode("100%"), "100%");
    }
}
