//! Every way the site names a file: page URLs from slugs, relative prefixes back to the
//! root, percent-encoding for `href`s, resolving relative links, and figure paths. Kept in
//! one place so the link check, the templates, the sitemap and `serve` agree.

use std::fmt;

/// Returns the URL of the page with `slug`, relative to the site root: `a/b.html`.
pub fn page_url(slug: &str) -> String {
    format!("{slug}.html")
}

/// Returns the relative prefix from a file at `path` (inside the site) to the site root.
pub fn root_prefix(path: &str) -> String {
    "../".repeat(path.matches('/').count())
}

/// Returns a base URL as links use it: trimmed, with one trailing `/`; `None` when empty.
pub fn normalize_base(base: Option<&str>) -> Option<String> {
    let base = base?.trim();
    (!base.is_empty()).then(|| format!("{}/", base.trim_end_matches('/')))
}

/// Percent-encodes a site path for use in an `href`.
pub fn href(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Returns the `href` from the file `from` to the site path `to`, both relative to the root.
pub fn relative_href(from: &str, to: &str) -> String {
    format!("{}{}", root_prefix(from), href(to))
}

/// Returns the shortest relative `href` from the file `from` to the file `to`, both paths
/// inside the site: `b.html` beside it, `../nim.html` one folder up.
pub fn relative_link(from: &str, to: &str) -> String {
    let from_dirs: Vec<&str> = from.split('/').collect();
    let from_dirs = &from_dirs[..from_dirs.len() - 1];
    let to_parts: Vec<&str> = to.split('/').collect();
    let common = from_dirs
        .iter()
        .zip(&to_parts[..to_parts.len() - 1])
        .take_while(|(a, b)| a == b)
        .count();
    let up = "../".repeat(from_dirs.len() - common);
    format!("{up}{}", href(&to_parts[common..].join("/")))
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

/// Where a figure lives: `<slug>/<id>.svg` under `figures/` in the repository and in the site.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FigurePath {
    slug: String,
    id: String,
}

impl FigurePath {
    /// Returns the path of figure `id` drawn on the page with `slug`.
    pub fn new(slug: &str, id: &str) -> Self {
        FigurePath {
            slug: slug.to_string(),
            id: id.to_string(),
        }
    }

    /// Returns the path inside `figures/`, such as `nim/sums.svg`.
    pub fn in_figures(&self) -> String {
        format!("{}/{}.svg", self.slug, self.id)
    }

    /// Returns the path inside the site, such as `figures/nim/sums.svg`.
    pub fn in_site(&self) -> String {
        format!("figures/{}", self.in_figures())
    }
}

impl fmt::Display for FigurePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "figures/{}", self.in_figures())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hrefs_are_percent_encoded() {
        assert_eq!(href("a b/ü.html"), "a%20b/%C3%BC.html");
        assert_eq!(href("nim.html"), "nim.html");
        assert_eq!(relative_href("a/b.html", "nim.html"), "../nim.html");
        assert_eq!(relative_link("a/b.html", "nim.html"), "../nim.html");
        assert_eq!(relative_link("a/b.html", "a/c.html"), "c.html");
        assert_eq!(relative_link("nim.html", "a/c d.html"), "a/c%20d.html");
    }

    #[test]
    fn decodes_percent_escapes() {
        assert_eq!(percent_decode("a%20b%2e"), "a b.");
        assert_eq!(percent_decode("100%"), "100%");
    }

    #[test]
    fn resolves_against_the_linking_page() {
        assert_eq!(
            resolve("a/b.html", "../nim.html").as_deref(),
            Some("nim.html")
        );
        assert_eq!(resolve("a/b.html", "c.html").as_deref(), Some("a/c.html"));
        assert_eq!(resolve("nim.html", "../x.html"), None);
    }

    #[test]
    fn figure_paths_name_the_page_and_the_id() {
        let path = FigurePath::new("a/nim", "sums");
        assert_eq!(path.in_figures(), "a/nim/sums.svg");
        assert_eq!(path.in_site(), "figures/a/nim/sums.svg");
        assert_eq!(root_prefix(&page_url("a/nim")), "../");
    }
}
