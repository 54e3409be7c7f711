//! The internal link check: every relative link must reach a file the build writes, and
//! every `#anchor` an id on that page. A broken link says what is nearest, and a link to a
//! draft says that it is one.

use crate::diagnostics::Code;
use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostics::Diagnostic;
use crate::engine::parse::nearest;

use super::render::LinkRef;
use super::urls::{percent_decode, relative_link, resolve};

/// What the link check knows about the site it checks against.
#[derive(Debug, Default)]
pub struct Targets {
    /// Every file the site writes, by its path in the site.
    pub files: BTreeSet<String>,
    /// The ids on each page, by the page's URL.
    pub anchors: BTreeMap<String, BTreeSet<String>>,
    /// The draft pages, which are checked but not written: URL to source file.
    pub drafts: BTreeMap<String, String>,
}

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

/// Resolves a link's path against the page's URL, turning a folder into its `index.html`.
fn target_of(url: &str, path: &str, files: &BTreeSet<String>) -> Option<String> {
    if path.is_empty() {
        return Some(url.to_string());
    }
    let t = resolve(url, &percent_decode(path))?;
    let t = t.trim_end_matches('/');
    if t.is_empty() {
        Some("index.html".to_string())
    } else if path.ends_with('/') || files.contains(&format!("{t}/index.html")) {
        Some(format!("{t}/index.html"))
    } else {
        Some(t.to_string())
    }
}

/// Checks a page's links against the files the site holds and each page's ids.
pub fn check(file: &str, url: &str, links: &[LinkRef], targets: &Targets) -> Vec<Diagnostic> {
    links
        .iter()
        .filter(|link| !is_external(&link.dest))
        .filter_map(|link| check_one(file, url, link, targets))
        .collect()
}

/// Checks one relative link, returning the error if it is broken.
fn check_one(file: &str, url: &str, link: &LinkRef, targets: &Targets) -> Option<Diagnostic> {
    let without_query = link.dest.split('?').next().unwrap_or("");
    let (path, fragment) = match without_query.split_once('#') {
        Some((p, f)) => (p, Some(f).filter(|f| !f.is_empty())),
        None => (without_query, None),
    };
    let broken = |message: String, suggestion: Option<String>| {
        let label = match suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("`{}`", link.dest),
        };
        Diagnostic::error(Code::BrokenLink, file, Some(link.span.clone()), message)
            .with_label(label)
    };
    let target = target_of(url, path, &targets.files);
    let found = target
        .as_ref()
        .filter(|t| targets.files.contains(*t))
        .cloned();
    let Some(target) = found else {
        return Some(missing_page(url, target, fragment, targets, broken));
    };
    let fragment = percent_decode(fragment?);
    match targets.anchors.get(&target) {
        Some(ids) if ids.contains(&fragment) => None,
        Some(ids) => {
            let names: Vec<&str> = ids.iter().map(String::as_str).collect();
            let near = nearest(&fragment, &names).map(|id| format!("{path}#{id}"));
            Some(
                broken(format!("no element with id `{fragment}` on {target}"), near).with_note(
                    "headings get ids from their text; see the page's table of contents",
                ),
            )
        }
        None => Some(broken(
            format!("`#{fragment}` points into {target}, which is not a page"),
            None,
        )),
    }
}

/// Returns the error for a link whose target is not written: a draft, or the nearest name.
fn missing_page(
    url: &str,
    target: Option<String>,
    fragment: Option<&str>,
    targets: &Targets,
    broken: impl Fn(String, Option<String>) -> Diagnostic,
) -> Diagnostic {
    if let Some(source) = target.as_ref().and_then(|t| targets.drafts.get(t)) {
        return broken(
            format!("link to a draft page: {source} is not written"),
            None,
        )
        .with_note(format!(
            "{source} has `draft = true`; publish it or remove the link"
        ));
    }
    let names: Vec<&str> = targets.files.iter().map(String::as_str).collect();
    let near = target
        .as_deref()
        .and_then(|t| nearest(t, &names))
        .map(|near| {
            let mut s = relative_link(url, near);
            if let Some(f) = fragment {
                s.push('#');
                s.push_str(f);
            }
            s
        });
    broken(
        "link to a page or file the site does not have".to_string(),
        near,
    )
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

    fn targets() -> Targets {
        let files = ["index.html", "nim.html", "a/b.html", "style.css"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut anchors = BTreeMap::new();
        anchors.insert(
            "nim.html".to_string(),
            BTreeSet::from(["sums".to_string(), "the-field".to_string()]),
        );
        anchors.insert("a/b.html".to_string(), BTreeSet::new());
        let drafts = BTreeMap::from([("wip.html".to_string(), "content/wip.md".to_string())]);
        Targets {
            files,
            anchors,
            drafts,
        }
    }

    #[test]
    fn finds_broken_links_and_anchors() {
        let targets = targets();
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
        assert!(check("content/a/b.md", "a/b.html", &links, &targets).is_empty());
        let from_root: Vec<_> = ["nim.html#sums", "./", "style.css"]
            .iter()
            .map(|d| link(d))
            .collect();
        assert!(check("c", "index.html", &from_root, &targets).is_empty());
        let bad: Vec<_> = ["nope.html", "nim.html#nope", "#missing", "../../x.html"]
            .iter()
            .map(|d| link(d))
            .collect();
        assert_eq!(check("c", "nim.html", &bad, &targets).len(), 4);
    }

    #[test]
    fn suggests_the_nearest_page_and_anchor() {
        let targets = targets();
        let links = [link("../nmi.html#the-field"), link("../nim.html#the-feild")];
        let found = check("content/a/b.md", "a/b.html", &links, &targets);
        assert_eq!(found[0].label, "did you mean `../nim.html#the-field`?");
        assert_eq!(found[1].label, "did you mean `../nim.html#the-field`?");
    }

    #[test]
    fn a_link_to_a_draft_says_so() {
        let found = check("c", "nim.html", &[link("wip.html")], &targets());
        assert!(found[0].message.contains("draft"), "{}", found[0].message);
    }
}
