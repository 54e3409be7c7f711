//! The two generated files that need absolute URLs when the site has a base URL: the
//! sitemap, and the 404 page a host serves at any depth.

use super::templates::Templates;
use super::urls::href;
use super::views::{PageView, render_generated};
use crate::diagnostics::Diagnostic;

/// The sitemap's path in the site.
pub const SITEMAP: &str = "sitemap.xml";
/// The 404 page's path in the site.
pub const NOT_FOUND: &str = "404.html";

/// Returns a base URL as links use it: trimmed, with one trailing `/`; `None` when empty.
pub fn normalize_base(base: Option<&str>) -> Option<String> {
    let base = base?.trim();
    (!base.is_empty()).then(|| format!("{}/", base.trim_end_matches('/')))
}

/// Returns the sitemap listing `urls` (paths in the site), sorted, under `base`.
pub fn sitemap(mut urls: Vec<String>, base: Option<&str>) -> String {
    let base = normalize_base(base).unwrap_or_default();
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    urls.sort();
    for url in urls {
        let loc = crate::escape::escape(&format!("{base}{}", href(&url)));
        xml.push_str(&format!("  <url><loc>{loc}</loc></url>\n"));
    }
    xml.push_str("</urlset>\n");
    xml
}

/// Renders the 404 page through `404.html`; its links start at `base` when there is one,
/// since a host shows it at whatever path was missing.
pub fn not_found(templates: &Templates, base: Option<&str>) -> Result<String, Box<Diagnostic>> {
    let root = normalize_base(base).unwrap_or_default();
    let page = PageView::generated("Page not found", NOT_FOUND);
    render_generated(templates, "404.html", &page, &root, serde_json::Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sitemap_uses_the_base_url() {
        let urls = vec!["b.html".to_string(), "a b.html".to_string()];
        let xml = sitemap(urls.clone(), Some(" https://x.org/site// "));
        assert!(
            xml.contains("<loc>https://x.org/site/a%20b.html</loc>"),
            "{xml}"
        );
        assert!(xml.find("a%20b").expect("a") < xml.find("b.html").expect("b"));
        assert!(sitemap(urls, None).contains("<loc>b.html</loc>"));
        assert_eq!(normalize_base(Some("  ")), None);
    }
}
