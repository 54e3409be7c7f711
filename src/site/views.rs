//! What templates see: the `page` and `site` objects, built from evaluated pages, and the
//! render pass that puts every written page through tera (reusing unchanged pages).

use std::collections::HashMap;
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;
use tera::Context;

use super::cache::{Cache, digest};
use super::config::Config;
use super::dates::PageDate;
use super::decorate::{self, Sizes};
use super::evaluate::Evaluated;
use super::feed;
use super::progress::{self, Phase, Progress};
use super::render::TocEntry;
use super::templates::Templates;
use super::urls::{href, normalize_base, root_prefix};
use crate::diagnostics::{Code, Diagnostic, lowercase_first};

/// The site's title when there is no home page to take it from.
pub const DEFAULT_TITLE: &str = "nimsite";

/// The most pages every page's header lists, so a page costs the same however large the
/// site; the home page lists them all.
pub const NAV_PAGES: usize = 24;

/// A link to a page, as templates see it.
#[derive(Clone, Debug, Serialize)]
pub struct NavLink {
    title: String,
    url: String,
    rung: Option<i64>,
    summary: String,
}

/// The `page` object in a template's context.
#[derive(Debug, Default, Serialize)]
pub struct PageView<'a> {
    title: &'a str,
    summary: &'a str,
    content: &'a str,
    toc: &'a [TocEntry],
    prev: Option<NavLink>,
    next: Option<NavLink>,
    url: String,
    slug: &'a str,
    rung: Option<i64>,
    is_index: bool,
    date: Option<DateView>,
    updated: Option<DateView>,
}

/// A page's date, as templates see it.
#[derive(Clone, Debug, Serialize)]
pub struct DateView {
    /// The date for `<time datetime>`, such as `2024-05-17`.
    iso: String,
    /// The day as a reader sees it, such as "17 May 2024".
    text: String,
}

impl DateView {
    /// Returns the view of a page's date.
    fn of(date: &PageDate) -> Self {
        DateView {
            iso: date.iso(),
            text: date.text(),
        }
    }
}

impl<'a> PageView<'a> {
    /// Returns the view of a generated page (the ledger, the 404 page, a generated home).
    pub fn generated(title: &'a str, url: &'a str) -> Self {
        PageView {
            title,
            url: href(url),
            slug: url.strip_suffix(".html").unwrap_or(url),
            is_index: url == "index.html",
            ..PageView::default()
        }
    }
}

/// The `site` object in a template's context.
#[derive(Debug)]
pub struct SiteView {
    /// The site's title: `nimsite.toml`'s, else the home page's.
    pub title: String,
    /// One line about the site, from `nimsite.toml`; empty when absent.
    pub description: String,
    /// The pages' language, for `<html lang>`.
    pub language: String,
    /// The site's author; empty when absent.
    pub author: String,
    /// The URL the site is published at, ending in `/`; empty when unknown.
    pub base_url: String,
    /// The feed's path in the site (`atom.xml`), or empty when the site has no feed.
    pub feed: String,
    /// The ladder, in rung order: for the home page, which lists it once. Templates also
    /// see `nav`, its first [`NAV_PAGES`] pages for every page's header, and `page_count`.
    pub pages: Vec<NavLink>,
}

impl Serialize for SiteView {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut site = serializer.serialize_struct("SiteView", 9)?;
        site.serialize_field("title", &self.title)?;
        site.serialize_field("description", &self.description)?;
        site.serialize_field("language", &self.language)?;
        site.serialize_field("author", &self.author)?;
        site.serialize_field("base_url", &self.base_url)?;
        site.serialize_field("feed", &self.feed)?;
        site.serialize_field("pages", &self.pages)?;
        let nav = &self.pages[..self.pages.len().min(NAV_PAGES)];
        site.serialize_field("nav", nav)?;
        site.serialize_field("page_count", &self.pages.len())?;
        site.end()
    }
}

/// A rendered page, and whether it was rendered afresh, or why it could not be.
type PageResult = Result<(Arc<Vec<u8>>, bool), Box<Diagnostic>>;

/// Returns the ladder: written pages other than the home page, by rung then URL.
pub fn ladder<'p, 'a>(written: &[&'p Evaluated<'a>]) -> Vec<&'p Evaluated<'a>> {
    let mut rungs: Vec<&Evaluated> = written
        .iter()
        .copied()
        .filter(|e| !e.page.src.is_home())
        .collect();
    rungs.sort_by_key(|e| {
        let rung = e.page.rung();
        (rung.is_none(), rung, e.page.src.url())
    });
    rungs
}

/// Returns the navigation link to a page, its URL relative to the site root.
fn nav(e: &Evaluated<'_>) -> NavLink {
    let front = e.page.front.as_ref();
    NavLink {
        title: front.map(|f| f.title.clone()).unwrap_or_default(),
        url: href(&e.page.src.url()),
        rung: front.and_then(|f| f.rung),
        summary: front.and_then(|f| f.summary.clone()).unwrap_or_default(),
    }
}

/// Returns the `site` object for the written pages, under the site's configuration.
pub fn site_view(written: &[&Evaluated<'_>], config: &Config, base_url: Option<&str>) -> SiteView {
    let home = || {
        written
            .iter()
            .find(|e| e.page.src.is_home())
            .and_then(|e| e.page.front.as_ref().map(|f| f.title.clone()))
    };
    let title = config
        .title
        .clone()
        .or_else(home)
        .unwrap_or_else(|| DEFAULT_TITLE.to_string());
    let base_url = normalize_base(base_url).unwrap_or_default();
    let has_feed = !base_url.is_empty() && !feed::entries(written).is_empty();
    SiteView {
        title,
        description: config.description.clone().unwrap_or_default(),
        language: config.language.clone().unwrap_or_else(|| "en".to_string()),
        author: config.author.clone().unwrap_or_default(),
        base_url,
        feed: if has_feed {
            feed::FEED.to_string()
        } else {
            String::new()
        },
        pages: ladder(written).into_iter().map(nav).collect(),
    }
}

/// The ladder with each page's place on it, found in constant time.
struct Rungs<'p, 'a> {
    pages: Vec<&'p Evaluated<'a>>,
    at: HashMap<&'p str, usize>,
}

impl<'p, 'a> Rungs<'p, 'a> {
    /// Returns the ladder of the written pages, indexed by file.
    fn of(written: &[&'p Evaluated<'a>]) -> Self {
        let pages = ladder(written);
        let at = pages
            .iter()
            .enumerate()
            .map(|(i, e)| (e.page.src.file.as_str(), i))
            .collect();
        Rungs { pages, at }
    }
}

/// Returns the `page` object of one written page, with its neighbours on the ladder and
/// its body as the template shows it.
fn page_view<'a>(e: &'a Evaluated<'_>, rungs: &Rungs<'_, '_>, content: &'a str) -> PageView<'a> {
    let (position, rungs) = (
        rungs.at.get(e.page.src.file.as_str()).copied(),
        &rungs.pages,
    );
    let prev = position
        .and_then(|i| i.checked_sub(1))
        .map(|i| nav(rungs[i]));
    let next = position.and_then(|i| rungs.get(i + 1)).map(|p| nav(p));
    let front = e.page.front.as_ref();
    PageView {
        title: front.map_or("", |f| f.title.as_str()),
        summary: front.and_then(|f| f.summary.as_deref()).unwrap_or(""),
        content,
        toc: &e.body.toc,
        prev,
        next,
        url: href(&e.page.src.url()),
        slug: &e.page.src.slug,
        rung: front.and_then(|f| f.rung),
        is_index: e.page.src.is_home(),
        date: front.and_then(|f| f.date.as_ref()).map(DateView::of),
        updated: front.and_then(|f| f.updated.as_ref()).map(DateView::of),
    }
}

/// Renders every written page through `page.html` or `index.html`, in parallel; returns
/// each page's URL with its bytes and freshness, or its template error.
pub fn render_pages(
    written: &[&Evaluated<'_>],
    templates: &Templates,
    (site_digest, sizes): (u64, &Sizes),
    cache: &Cache,
    progress: &dyn Progress,
) -> Vec<(String, PageResult)> {
    let rungs = Rungs::of(written);
    written
        .par_iter()
        .map(|e| {
            let url = e.page.src.url();
            let result = progress::item(progress, Phase::Render, &e.page.src.file, || {
                let content = decorate::apply(&e.body.html, &e.body.touches, &url, sizes);
                let view = page_view(e, &rungs, &content);
                let template = if view.is_index {
                    "index.html"
                } else {
                    "page.html"
                };
                render_cached(templates, cache, &url, template, &view, site_digest)
            });
            (url, result)
        })
        .collect()
}

/// Returns the digest of the `site` object, part of every cached page's key.
pub fn site_digest(site: &SiteView) -> u64 {
    serde_json::to_string(site).map_or(0, |json| digest(&json))
}

/// Renders a page through tera unless the same context was rendered last time.
fn render_cached(
    templates: &Templates,
    cache: &Cache,
    url: &str,
    template: &str,
    view: &PageView<'_>,
    site_digest: u64,
) -> PageResult {
    let json = serde_json::json!({ "page": view, "root": root_prefix(url) });
    // The context's digest, only where the cache keeps pages to find by it.
    let key = cache
        .keeps()
        .then(|| digest(&(templates.digest, site_digest, template, json.to_string())));
    if let Some(bytes) = key.and_then(|key| cache.page(url, key)) {
        return Ok((bytes, false));
    }
    let context = context(&json, template)?;
    // The JSON copy of the body is no longer needed: free it before rendering another.
    drop(json);
    let html = Arc::new(templates.render(template, &context)?.into_bytes());
    if let Some(key) = key {
        cache.keep_page(url, key, &html);
    }
    Ok((html, true))
}

/// Returns the tera context for `json`, or a template error naming `template`.
pub fn context(json: &serde_json::Value, template: &str) -> Result<Context, Box<Diagnostic>> {
    Context::from_serialize(json).map_err(|e| {
        Box::new(Diagnostic::error(
            Code::Template,
            format!("templates/{template}"),
            None,
            lowercase_first(&e.to_string()),
        ))
    })
}

/// Renders a generated page through `template` with `page` and `root`, plus `extra`
/// top-level values (an object, or `null`).
pub fn render_generated(
    templates: &Templates,
    template: &str,
    page: &PageView<'_>,
    root: &str,
    extra: serde_json::Value,
) -> Result<String, Box<Diagnostic>> {
    let mut json = serde_json::json!({ "page": page, "root": root });
    if let (Some(all), serde_json::Value::Object(more)) = (json.as_object_mut(), extra) {
        all.extend(more);
    }
    let context = context(&json, template)?;
    // The ledger's JSON is as large as its page: free it before the page is rendered.
    drop(json);
    templates.render(template, &context)
}

/// Renders the home page of a site without `content/_index.md`: the site's title over
/// the ladder, through `index.html`, as Zola does for a missing section index.
pub fn generated_home(templates: &Templates, title: &str) -> Result<String, Box<Diagnostic>> {
    let page = PageView::generated(title, "index.html");
    render_generated(templates, "index.html", &page, "", serde_json::Value::Null)
}
