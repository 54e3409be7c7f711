//! The whole build in memory: every page, asset, figure and the claim ledger, or the
//! diagnostics that stop it. Writing (`build`) and comparing (`check`) are separate.

use crate::diagnostics::Code;
use std::collections::{BTreeMap, BTreeSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use serde::Serialize;
use tera::Context;

use super::content::{self, SourceFile};

use super::front_matter::{self, FrontMatter};
use super::links;
use super::render::{self, RenderedBody, TocEntry};
use super::templates::Templates;
use crate::diagnostics::{self, Diagnostic, Severity, lowercase_first};
use crate::directive::{PageCtx, Shared};
use crate::ledger::{Claim, ClaimKind, Outcome};

/// What a build computed: the site's files, the figures, the ledger and the diagnostics.
#[derive(Debug, Default)]
pub struct Compiled {
    /// Every file of the site, keyed by its path inside the site.
    pub files: BTreeMap<String, Vec<u8>>,
    /// Every figure drawn, keyed by its path inside `figures/`, such as `nim/sums.svg`.
    pub figures: BTreeMap<String, String>,
    /// Every claim, in ladder order, then by file and line.
    pub claims: Vec<Claim>,
    /// Everything found wrong or worth noting, in page order.
    pub diagnostics: Vec<Diagnostic>,
    /// The sources diagnostics point into (pages and templates), keyed by path.
    pub sources: BTreeMap<String, String>,
    /// How many pages had their Markdown or template output computed afresh.
    pub rendered: usize,
}

impl Compiled {
    /// Returns whether any diagnostic fails the build.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// Renders the diagnostics as text; notes only when `verbose`.
    pub fn report(&self, verbose: bool) -> String {
        let shown: Vec<Diagnostic> = self
            .diagnostics
            .iter()
            .filter(|d| verbose || d.severity != Severity::Note)
            .cloned()
            .collect();
        diagnostics::render(&shown, &self.sources)
    }
}

/// Switches for one build.
#[derive(Clone, Copy, Debug, Default)]
pub struct CompileOptions {
    /// Also perturbs every claim and reports those that still pass (`check --mutate`).
    pub mutate: bool,
}

/// Results kept between builds under `serve`, so a one-page edit re-renders little.
#[derive(Debug, Default)]
pub struct Cache {
    bodies: Mutex<BTreeMap<String, (u64, Arc<PageBody>)>>,
    pages: Mutex<RenderedPages>,
    /// The nimber results directives share; they depend on no input, so they outlive a build.
    shared: Shared,
}

impl Cache {
    /// Returns an empty cache.
    pub fn new() -> Self {
        Self::default()
    }
}

/// Rendered pages by URL, with the digest of the context they were rendered from.
type RenderedPages = BTreeMap<String, (u64, Arc<Vec<u8>>)>;

/// A rendered page, and whether it was rendered afresh, or why it could not be.
type PageResult = Result<(Arc<Vec<u8>>, bool), Box<Diagnostic>>;

/// A page after its Markdown stage.
#[derive(Debug)]
struct PageBody {
    front: Option<FrontMatter>,
    body: RenderedBody,
}

/// A page with its source, ready for the template stage.
struct Page {
    src: SourceFile,
    source: String,
    body: Arc<PageBody>,
    fresh: bool,
}

impl Page {
    fn front(&self) -> Option<&FrontMatter> {
        self.body.front.as_ref()
    }
}

/// A link to a page, as templates see it.
#[derive(Clone, Debug, Serialize)]
struct NavLink {
    title: String,
    url: String,
    rung: Option<i64>,
    summary: String,
}

/// The `page` object in a template's context.
#[derive(Debug, Serialize)]
struct PageView<'a> {
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
}

/// The `site` object in a template's context.
#[derive(Debug, Serialize)]
struct SiteView {
    title: String,
    pages: Vec<NavLink>,
}

/// A claim as the ledger page shows it.
#[derive(Debug, Serialize)]
struct ClaimView<'a> {
    statement: &'a str,
    kind: ClaimKind,
    outcome: Outcome,
    evidence: &'a str,
    file: &'a str,
    line: usize,
    href: String,
}

/// Returns a hash of anything hashable, stable across runs of the same binary.
fn digest<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
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

/// Computes the whole site under `root` in memory.
pub fn compile(root: &Path, options: CompileOptions, cache: &Cache) -> Compiled {
    let mut out = Compiled::default();
    let mut templates = match Templates::load(root) {
        Ok(t) => {
            out.sources.extend(t.sources.clone());
            Some(t)
        }
        Err(err) => {
            out.diagnostics.extend(err.diagnostics);
            out.sources.extend(err.sources);
            None
        }
    };
    let sources = match content::discover(root) {
        Ok(s) => s,
        Err(errors) => {
            out.diagnostics.extend(errors);
            return out;
        }
    };
    let pages: Vec<Page> = sources
        .into_par_iter()
        .map(|src| markdown_stage(src, &cache.shared, options, cache))
        .collect();
    for page in &pages {
        out.sources
            .insert(page.src.file.clone(), page.source.clone());
        out.diagnostics
            .extend(page.body.body.diagnostics.iter().cloned());
        out.rendered += usize::from(page.fresh);
    }
    check_duplicate_urls(&pages, &mut out.diagnostics);
    let written: Vec<&Page> = pages
        .iter()
        .filter(|p| p.front().is_some_and(|f| !f.draft))
        .collect();
    let figures = collect_figures(&pages, &mut out);
    let mut claims: Vec<Claim> = pages
        .iter()
        .flat_map(|p| p.body.body.claims.iter().cloned())
        .collect();
    claims.extend(figure_claims(&pages));
    // Claims follow the ladder, so the ledger reads in the order the essays do.
    let rungs: BTreeMap<&str, (bool, Option<_>)> = pages
        .iter()
        .map(|p| {
            let rung = p.front().and_then(|f| f.rung);
            (p.src.file.as_str(), (rung.is_none(), rung))
        })
        .collect();
    let key = |c: &Claim| (rungs.get(c.file.as_str()).copied(), c.file.clone(), c.line);
    claims.sort_by(|a, b| (key(a), &a.anchor).cmp(&(key(b), &b.anchor)));
    // A page whose front matter failed still counts as a link target, so one mistake
    // does not cascade into broken-link errors on every page that links to it.
    let targets: Vec<&Page> = pages
        .iter()
        .filter(|p| p.front().is_none_or(|f| !f.draft))
        .collect();
    let mut names: BTreeSet<String> = targets.iter().map(|p| p.src.url()).collect();
    names.extend(["checked.html", "claims.json", "sitemap.xml", "404.html"].map(String::from));
    if let Some(t) = &templates {
        names.extend(t.assets.keys().cloned());
    }
    names.extend(figures.keys().map(|k| format!("figures/{k}")));
    let anchors: BTreeMap<String, BTreeSet<String>> = targets
        .iter()
        .map(|p| (p.src.url(), p.body.body.anchors.clone()))
        .collect();
    for page in &pages {
        out.diagnostics.extend(links::check(
            &page.src.file,
            &page.src.url(),
            &page.body.body.links,
            &names,
            &anchors,
        ));
    }
    out.figures = figures;
    out.claims = claims;
    if let Some(templates) = &mut templates {
        template_stage(&written, templates, cache, &mut out);
    }
    out
}

/// Reads, parses and renders one page's Markdown, reusing the cached result when the
/// source has not changed.
fn markdown_stage(
    src: SourceFile,
    shared: &Shared,
    options: CompileOptions,
    cache: &Cache,
) -> Page {
    let (source, read_error) = match std::fs::read(&src.path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => (text, None),
            Err(err) => (
                String::from_utf8_lossy(err.as_bytes()).into_owned(),
                Some(
                    Diagnostic::error(
                        Code::NotUtf8,
                        &src.file,
                        Some(0..0),
                        "this file is not valid UTF-8",
                    )
                    .with_note(format!(
                        "the first bad byte is at offset {}",
                        err.utf8_error().valid_up_to()
                    )),
                ),
            ),
        },
        Err(err) => (
            String::new(),
            Some(
                Diagnostic::error(Code::Io, &src.file, None, "cannot read this file")
                    .with_note(lowercase_first(&err.to_string())),
            ),
        ),
    };
    if let Some(diagnostic) = read_error {
        let body = RenderedBody {
            diagnostics: vec![diagnostic],
            ..RenderedBody::default()
        };
        let body = Arc::new(PageBody { front: None, body });
        return Page {
            src,
            source,
            body,
            fresh: true,
        };
    }
    let key = digest(&(&source, &src.slug, options.mutate));
    if let Ok(bodies) = cache.bodies.lock()
        && let Some((hash, body)) = bodies.get(&src.file)
        && *hash == key
    {
        let body = Arc::clone(body);
        return Page {
            src,
            source,
            body,
            fresh: false,
        };
    }
    let root = src.root_prefix();
    let ctx = PageCtx::new(&src.file, &source, &src.slug, &root);
    let front = front_matter::parse(&src.file, &source);
    let mut body = render::render_body(&ctx, shared, options.mutate);
    let front = match front {
        Ok(front) => Some(front),
        Err(diagnostic) => {
            body.diagnostics.insert(0, *diagnostic);
            None
        }
    };
    let body = Arc::new(PageBody { front, body });
    if let Ok(mut bodies) = cache.bodies.lock() {
        bodies.insert(src.file.clone(), (key, Arc::clone(&body)));
    }
    Page {
        src,
        source,
        body,
        fresh: true,
    }
}

/// Reports two pages that would be written to the same URL.
fn check_duplicate_urls(pages: &[Page], diagnostics: &mut Vec<Diagnostic>) {
    let mut seen: BTreeMap<String, &str> = BTreeMap::new();
    for page in pages {
        let url = page.src.url();
        if let Some(first) = seen.get(&url) {
            diagnostics.push(
                Diagnostic::error(
                    Code::DuplicateUrl,
                    &page.src.file,
                    // The page's first line, so the error has a place to point at.
                    Some(0..page.source.find('\n').unwrap_or(page.source.len())),
                    format!("two pages claim {url}"),
                )
                .with_label("this page is written to the same URL")
                .with_note(format!("{first} is also written to {url}")),
            );
        } else {
            seen.insert(url, &page.src.file);
        }
    }
}

/// Gathers every page's figures under `<slug>/<id>.svg`, reporting clashing ids.
fn collect_figures(pages: &[Page], out: &mut Compiled) -> BTreeMap<String, String> {
    let mut figures = BTreeMap::new();
    for page in pages {
        for figure in &page.body.body.figures {
            let path = format!("{}/{}.svg", page.src.slug, figure.id);
            if figures.insert(path.clone(), figure.svg.clone()).is_some() {
                out.diagnostics.push(Diagnostic::error(
                    Code::DuplicateFigure,
                    &page.src.file,
                    None,
                    format!("two figures on this page are named `{}`", figure.id),
                ));
            }
        }
    }
    figures
}

/// Records one claim per figure: the committed copy must match what the build draws.
fn figure_claims(pages: &[Page]) -> Vec<Claim> {
    let mut claims = Vec::new();
    for page in pages {
        for figure in &page.body.body.figures {
            let line = figure.line;
            let anchor = if page.body.body.anchors.contains(&figure.anchor) {
                figure.anchor.clone()
            } else {
                String::new()
            };
            claims.push(Claim {
                file: page.src.file.clone(),
                line,
                page: page.src.slug.clone(),
                anchor,
                kind: ClaimKind::Figure,
                statement: format!(
                    "figures/{}/{}.svg is what the build draws",
                    page.src.slug, figure.id
                ),
                outcome: Outcome::Holds,
                evidence: format!(
                    "{} bytes of SVG drawn at build time; check compares the committed copy",
                    figure.svg.len()
                ),
            });
        }
    }
    claims
}

/// Returns the ladder: written pages other than the home page, by rung then URL.
fn ladder<'a>(written: &[&'a Page]) -> Vec<&'a Page> {
    let mut rungs: Vec<&Page> = written
        .iter()
        .copied()
        .filter(|p| p.src.slug != "index")
        .collect();
    rungs.sort_by_key(|p| {
        let rung = p.front().and_then(|f| f.rung);
        (rung.is_none(), rung, p.src.url())
    });
    rungs
}

/// Returns the navigation link to a page, its URL relative to the site root.
fn nav(page: &Page) -> NavLink {
    let front = page.front();
    NavLink {
        title: front.map(|f| f.title.clone()).unwrap_or_default(),
        url: href(&page.src.url()),
        rung: front.and_then(|f| f.rung),
        summary: front.and_then(|f| f.summary.clone()).unwrap_or_default(),
    }
}

/// Renders every written page through its template, plus the ledger, 404 and sitemap.
fn template_stage(written: &[&Page], templates: &mut Templates, cache: &Cache, out: &mut Compiled) {
    let rungs = ladder(written);
    let site_title = written
        .iter()
        .find(|p| p.src.slug == "index")
        .and_then(|p| p.front().map(|f| f.title.clone()))
        .unwrap_or_else(|| "nimsite".to_string());
    let site = SiteView {
        title: site_title,
        pages: rungs.iter().map(|p| nav(p)).collect(),
    };
    templates.set_global("site", &site);
    let site_digest = serde_json::to_string(&site).map_or(0, |json| digest(&json));
    let templates: &Templates = templates;
    let results: Vec<(String, PageResult)> = written
        .par_iter()
        .map(|page| {
            let root = page.src.root_prefix();
            let position = rungs.iter().position(|p| p.src.file == page.src.file);
            let prev = position
                .and_then(|i| i.checked_sub(1))
                .map(|i| nav(rungs[i]));
            let next = position.and_then(|i| rungs.get(i + 1)).map(|p| nav(p));
            let front = page.front().cloned().unwrap_or_default();
            let view = PageView {
                title: &front.title,
                summary: front.summary.as_deref().unwrap_or(""),
                content: &page.body.body.html,
                toc: &page.body.body.toc,
                prev,
                next,
                url: href(&page.src.url()),
                slug: &page.src.slug,
                rung: front.rung,
                is_index: page.src.slug == "index",
            };
            let template = if view.is_index {
                "index.html"
            } else {
                "page.html"
            };
            let rendered = render_cached(
                templates,
                cache,
                &page.src.url(),
                template,
                &view,
                site_digest,
                &root,
            );
            (page.src.url(), rendered)
        })
        .collect();
    for (url, result) in results {
        match result {
            Ok((bytes, fresh)) => {
                out.rendered += usize::from(fresh);
                out.files.insert(url, bytes.as_ref().clone());
            }
            Err(diagnostic) => out.diagnostics.push(*diagnostic),
        }
    }
    for (name, bytes) in &templates.assets {
        out.files.insert(name.clone(), bytes.clone());
    }
    for (path, svg) in &out.figures {
        out.files
            .insert(format!("figures/{path}"), svg.clone().into_bytes());
    }
    match serde_json::to_string_pretty(&out.claims) {
        Ok(json) => {
            out.files
                .insert("claims.json".to_string(), format!("{json}\n").into_bytes());
        }
        Err(err) => out.diagnostics.push(Diagnostic::error(
            Code::Io,
            "claims.json",
            None,
            err.to_string(),
        )),
    }
    let extra = [
        ("checked.html", "claims.html", "What is checked here"),
        ("404.html", "404.html", "Page not found"),
    ];
    for (file, template, title) in extra {
        let root = if file == "404.html" {
            base_url().unwrap_or_default()
        } else {
            String::new()
        };
        match render_extra(templates, title, file, template, &root, &out.claims) {
            Ok(html) => {
                out.files.insert(file.to_string(), html.into_bytes());
            }
            Err(diagnostic) => out.diagnostics.push(*diagnostic),
        }
    }
    out.files
        .insert("sitemap.xml".to_string(), sitemap(written).into_bytes());
}

/// Returns the tera context for `json`, or a template error naming `template`.
fn context(json: &serde_json::Value, template: &str) -> Result<Context, Box<Diagnostic>> {
    Context::from_serialize(json).map_err(|e| {
        Box::new(Diagnostic::error(
            Code::Template,
            format!("templates/{template}"),
            None,
            lowercase_first(&e.to_string()),
        ))
    })
}

/// Renders a page through tera unless the same context was rendered last time.
fn render_cached(
    templates: &Templates,
    cache: &Cache,
    url: &str,
    template: &str,
    view: &PageView<'_>,
    site_digest: u64,
    root: &str,
) -> PageResult {
    let json = serde_json::json!({ "page": view, "root": root });
    let key = digest(&(templates.digest, site_digest, template, json.to_string()));
    if let Ok(pages) = cache.pages.lock()
        && let Some((hash, bytes)) = pages.get(url)
        && *hash == key
    {
        return Ok((Arc::clone(bytes), false));
    }
    let context = context(&json, template)?;
    let html = Arc::new(templates.render(template, &context)?.into_bytes());
    if let Ok(mut pages) = cache.pages.lock() {
        pages.insert(url.to_string(), (key, Arc::clone(&html)));
    }
    Ok((html, true))
}

/// Renders a generated page (the ledger, the 404 page) through its template.
fn render_extra(
    templates: &Templates,
    title: &str,
    file: &str,
    template: &str,
    root: &str,
    claims: &[Claim],
) -> Result<String, Box<Diagnostic>> {
    fn view(c: &Claim) -> ClaimView<'_> {
        ClaimView {
            statement: &c.statement,
            kind: c.kind,
            outcome: c.outcome,
            evidence: &c.evidence,
            file: &c.file,
            line: c.line,
            href: if c.anchor.is_empty() {
                href(&format!("{}.html", c.page))
            } else {
                format!("{}#{}", href(&format!("{}.html", c.page)), c.anchor)
            },
        }
    }
    let checked: Vec<ClaimView> = claims
        .iter()
        .filter(|c| c.outcome == Outcome::Holds)
        .map(view)
        .collect();
    let cited: Vec<ClaimView> = claims
        .iter()
        .filter(|c| c.outcome == Outcome::Cited)
        .map(view)
        .collect();
    let page = PageView {
        title,
        summary: "",
        content: "",
        toc: &[],
        prev: None,
        next: None,
        url: file.to_string(),
        slug: file.trim_end_matches(".html"),
        rung: None,
        is_index: false,
    };
    let json = serde_json::json!({
        "page": page, "root": root, "checked": checked, "cited": cited,
    });
    let context = context(&json, template)?;
    templates.render(template, &context)
}

/// Returns the base URL for absolute links (sitemap, 404 page), from `NIMSITE_BASE_URL`.
fn base_url() -> Option<String> {
    let base = std::env::var("NIMSITE_BASE_URL").ok()?;
    let base = base.trim();
    (!base.is_empty()).then(|| format!("{}/", base.trim_end_matches('/')))
}

/// Returns the sitemap of the written pages.
fn sitemap(written: &[&Page]) -> String {
    let base = base_url().unwrap_or_default();
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut urls: Vec<String> = written.iter().map(|p| p.src.url()).collect();
    urls.push("checked.html".to_string());
    urls.sort();
    for url in urls {
        let loc = crate::escape::escape(&format!("{base}{}", href(&url)));
        xml.push_str(&format!("  <url><loc>{loc}</loc></url>\n"));
    }
    xml.push_str("</urlset>\n");
    xml
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(line: usize, outcome: Outcome, anchor: &str) -> Claim {
        Claim {
            file: "content/nim.md".into(),
            line,
            page: "nim".into(),
            anchor: anchor.into(),
            kind: if outcome == Outcome::Cited {
                ClaimKind::Cited
            } else {
                ClaimKind::Equation
            },
            statement: format!("<claim {line}>"),
            outcome,
            evidence: "computed".into(),
        }
    }

    #[test]
    fn the_ledger_page_separates_checked_from_cited() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut templates = Templates::load(root).expect("the repository's templates load");
        templates.set_global(
            "site",
            &SiteView {
                title: "T".into(),
                pages: Vec::new(),
            },
        );
        let claims = [
            claim(3, Outcome::Holds, "c-3"),
            claim(9, Outcome::Cited, ""),
        ];
        let html = render_extra(
            &templates,
            "What",
            "checked.html",
            "claims.html",
            "",
            &claims,
        )
        .expect("renders");
        let checked = html.find("id=\"checked\"").expect("checked section");
        let cited = html.find("id=\"cited\"").expect("cited section");
        let first = html
            .find("&lt;claim 3&gt;")
            .expect("checked claim, escaped");
        let second = html.find("&lt;claim 9&gt;").expect("cited claim, escaped");
        assert!(checked < first && first < cited && cited < second);
        assert!(html.contains("href=\"nim.html#c-3\""));
        assert!(html.contains("href=\"nim.html\""));
    }

    #[test]
    fn a_body_edit_re_renders_only_that_page() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        std::fs::create_dir_all(root.join("templates")).expect("mkdir");
        for name in [
            "base.html",
            "page.html",
            "index.html",
            "claims.html",
            "404.html",
        ] {
            let from = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("templates")
                .join(name);
            std::fs::copy(from, root.join("templates").join(name)).expect("copy");
        }
        std::fs::create_dir_all(root.join("content")).expect("mkdir");
        let write = |i: usize, body: &str| {
            let text = format!("+++\ntitle = \"P{i}\"\nrung = {i}\n+++\n{body}\n");
            std::fs::write(root.join(format!("content/p{i}.md")), text).expect("write");
        };
        for i in 0..5 {
            write(i, "text");
        }
        let cache = Cache::new();
        let first = compile(root, CompileOptions::default(), &cache);
        assert!(!first.has_errors(), "{}", first.report(false));
        assert_eq!(first.rendered, 10, "five pages, two stages each");
        let again = compile(root, CompileOptions::default(), &cache);
        assert_eq!(again.rendered, 0);
        assert_eq!(again.files, first.files);
        write(2, "new text");
        let edited = compile(root, CompileOptions::default(), &cache);
        assert_eq!(edited.rendered, 2, "the edited page's two stages only");
        let fresh = compile(root, CompileOptions::default(), &Cache::new());
        assert_eq!(edited.files, fresh.files, "the cache changed the output");
    }

    #[test]
    fn hrefs_are_percent_encoded() {
        assert_eq!(href("a b/ü.html"), "a%20b/%C3%BC.html");
        assert_eq!(href("nim.html"), "nim.html");
    }
}
