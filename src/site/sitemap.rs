//! The two generated files that need absolute URLs when the site has a base URL: the
//! sitemap, and the 404 page a host serves at any depth.

use super::templates::Templates;
use super::urls::{href, normalize_base};
use super::views::{PageView, render_generated};
use crate::diagnostics::Diagnostic;

/// The sitemap's path in the site.
pub const SITEMAP: &str = "sitemap.xml";
/// The 404 page's path in the site.
pub const NOT_FOUND: &str = "404.html";

/// Why a site without a base URL has no sitemap.
pub const NO_SITEMAP: &str = "no sitemap.xml was written: a sitemap needs absolute URLs; set `base_url` in nimsite.toml (or NIMSITE_BASE_URL)";

/// Returns the sitemap listing `urls` (paths in the site), sorted, under `base`; `None`
/// without a base URL, since the format allows only absolute `<loc>` entries.
pub fn sitemap(mut urls: Vec<String>, base: Option<&str>) -> Option<String> {
    let base = normalize_base(base)?;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    urls.sort();
    for url in urls {
        let loc = crate::html::escape(&format!("{base}{}", href(&url)));
        xml.push_str(&format!("  <url><loc>{loc}</loc></url>\n"));
    }
    xml.push_str("</urlset>\n");
    Some(xml)
}

/// Renders the 404 page through `404.html`. A host shows it at whatever path was missing,
/// so its links start at `base` (or at the host's root `/` without one) and the
/// stylesheet is inlined, which styles it at any depth.
pub fn not_found(templates: &Templates, base: Option<&str>) -> Result<String, Box<Diagnostic>> {
    let root = normalize_base(base).unwrap_or_else(|| "/".to_string());
    let page = PageView::generated("Page not found", NOT_FOUND);
    let style = templates
        .assets
        .get("style.css")
        .map(|css| String::from_utf8_lossy(css).into_owned())
        .unwrap_or_default();
    let extra = serde_json::json!({ "inline_style": style });
    render_generated(templates, "404.html", &page, &root, extra)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sitemap_uses_the_base_url() {
        let urls = vec!["b.html".to_string(), "a b.html".to_string()];
        let xml = sitemap(urls.clone(), Some(" https://x.org/site// ")).expect("a sitemap");
        assert!(
            xml.contains("<loc>https://x.org/site/a%20b.html</loc>"),
            "{xml}"
        );
        assert!(xml.find("a%20b").expect("a") < xml.find("b.html").expect("b"));
        assert_eq!(sitemap(urls.clone(), None), None);
        assert_eq!(sitemap(urls, Some(" ")), None);
        assert_eq!(normalize_base(Some("  ")), None);
    }
}
