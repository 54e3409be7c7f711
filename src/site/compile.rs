//! The whole build in memory, as ordered passes over a site loaded once.
//!
//! Phase one reads every page and validates its front matter, its directives' options and
//! the site's shape; if anything is wrong the build stops there, before any directive is
//! evaluated. Phase two evaluates the directives, gathers the figures, checks the links,
//! orders the ledger and renders with tera last. Writing (`build`) and comparing (`check`)
//! are separate, in `commands`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

use super::cache::Cache;
use super::config::{self, Config};
use super::content::AssetFile;
use super::decorate::Sizes;
use super::evaluate::{self, Evaluated};
use super::links::{self, Targets};
use super::load::{self, Loaded};
use super::options::CompileOptions;
use super::progress::{self, Phase};
use super::templates::Templates;
use super::urls;
use super::{
    feed, figures, images, ledger_page, output, overlay, reserved, search, seen, sitemap, validate,
    views,
};
use crate::diagnostics::{self, Code, Diagnostic, Severity};
use crate::engine::Partials;
use crate::engine::Readings;
use crate::ledger::Claim;

/// What a build computed: the site's files, the figures, the ledger and the diagnostics.
#[derive(Debug, Default)]
pub struct Compiled {
    /// Every file of the site, keyed by its path inside the site.
    pub files: BTreeMap<String, Vec<u8>>,
    /// Every figure drawn, keyed by its path inside `figures/`, such as `nim/sums.svg`.
    pub figures: BTreeMap<String, String>,
    /// Every claim, in ladder order, then by file and line.
    pub claims: Vec<Claim>,
    /// Everything found wrong or worth noting, grouped by file.
    pub diagnostics: Vec<Diagnostic>,
    /// The sources diagnostics point into (pages and templates), keyed by path.
    pub sources: BTreeMap<String, String>,
    /// How many pages had their Markdown or template output computed afresh.
    pub rendered: usize,
    /// How many pages the site has, drafts included.
    pub pages: usize,
    /// With `mutate`, how many claims were perturbed and how many of those still passed.
    pub mutation: Option<Mutation>,
    /// Whether the directives were evaluated: the first phase found nothing wrong.
    pub evaluated: bool,
    /// Plain remarks about what was left out, such as the sitemap without a base URL.
    pub notes: Vec<String>,
}

/// The files beside the pages, by path in the site, with their bytes.
type Assets = BTreeMap<String, (AssetFile, Vec<u8>)>;

/// What the build was given besides pages and templates.
#[derive(Clone, Copy)]
struct Given<'a> {
    /// The site's `nimsite.toml`.
    config: &'a Config,
    /// The files beside the pages.
    assets: &'a Assets,
    /// The claims read in prose, shared by evaluation and the reader's eye.
    readings: &'a Arc<Readings>,
}

/// What `check --mutate` found: how many claims it perturbed, and how many still passed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mutation {
    /// Claims that were checked and so perturbed.
    pub perturbed: usize,
    /// Perturbed claims that still passed: vacuous checks.
    pub vacuous: usize,
}

impl Mutation {
    /// Returns how many perturbed claims failed, as a real check must.
    pub fn caught(&self) -> usize {
        self.perturbed.saturating_sub(self.vacuous)
    }
}

impl Compiled {
    /// Returns whether any diagnostic fails the build.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// Returns how many diagnostics fail the build.
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
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

/// Returns the directive partials with the site's own `templates/directives/*.html` in
/// place of the built-in ones, or records why they do not compile.
fn partials(templates: &Templates, out: &mut Compiled) -> Option<Partials> {
    let own: BTreeMap<String, String> = templates
        .sources
        .iter()
        .filter_map(|(path, source)| {
            let name = path.strip_prefix("templates/")?;
            name.starts_with("directives/")
                .then(|| (name.to_string(), source.clone()))
        })
        .collect();
    match crate::catalogue::registry().partials_with(&own) {
        Ok(p) => Some(p),
        Err(err) => {
            out.diagnostics.push(
                Diagnostic::error(
                    Code::Template,
                    "templates/directives",
                    None,
                    "a directive partial does not compile",
                )
                .with_note(crate::diagnostics::lowercase_first(&err.to_string())),
            );
            None
        }
    }
}

/// Computes the whole site under `root` in memory.
pub fn compile(root: &Path, options: CompileOptions<'_>, cache: &Cache) -> Compiled {
    let mut loaded = load::load(root, options.progress);
    if let Some(texts) = options.overlay {
        overlay::apply(&mut loaded, texts);
    }
    let Loaded {
        config,
        templates,
        pages,
        assets,
        diagnostics,
        sources,
    } = loaded;
    let mut out = Compiled {
        diagnostics,
        sources,
        pages: pages.len(),
        ..Compiled::default()
    };
    let (bibliography, bib_text, found) = super::references::load(root, &config);
    out.diagnostics.extend(found);
    if let Some(text) = bib_text {
        out.sources.insert(crate::bib::FILE.to_string(), text);
    }
    let (found, prepared) = validate::validate(&pages, cache, options.progress);
    out.diagnostics.extend(found);
    out.diagnostics
        .extend(config::env_base_url_error(options.base_url));
    if let Some(templates) = &templates {
        out.diagnostics.extend(asset_clashes(templates, &pages));
    }
    let partials = templates.as_ref().map(|t| partials(t, &mut out));
    if let (Some(mut templates), Some(Some(partials))) =
        (templates.filter(|_| !out.has_errors()), partials)
    {
        let base_url = config.base_url(options.base_url).map(str::to_string);
        let readings = Arc::new(Readings::new(config.lexicon()));
        let options = CompileOptions {
            base_url: base_url.as_deref(),
            bibliography: bibliography.as_ref(),
            lexicon: Some(readings.lexicon()),
            ..options
        };
        let evaluated = evaluate::evaluate(&pages, prepared, options, cache, &partials, &readings);
        if let Some(bib) = &bibliography {
            out.diagnostics
                .extend(super::references::unused(bib, &evaluated));
        }
        out.evaluated = true;
        let given = Given {
            config: &config,
            assets: &assets,
            readings: &readings,
        };
        second_phase(&evaluated, &mut templates, given, options, cache, &mut out);
    }
    // Grouped by file, in the order each pass found them.
    out.diagnostics.sort_by(|a, b| a.file.cmp(&b.file));
    out
}

/// Reports an asset of `templates/` written where the build generates a file or a page is
/// written.
fn asset_clashes(templates: &Templates, pages: &[load::Page]) -> Vec<Diagnostic> {
    let urls: BTreeMap<String, &str> = pages
        .iter()
        .filter(|p| !p.is_draft())
        .map(|p| (p.src.url(), p.src.file.as_str()))
        .collect();
    let mut out = Vec::new();
    for name in templates.assets.keys() {
        let clash = match (reserved::generated(name), urls.get(name)) {
            (Some(what), _) => format!("{name} is {what}, which the build generates"),
            (None, Some(page)) => format!("{name} is also the page {page}"),
            (None, None) => continue,
        };
        out.push(
            Diagnostic::error(
                Code::DuplicateUrl,
                format!("templates/{name}"),
                None,
                format!("this file would be copied to {name}, which the site already has"),
            )
            .with_note(format!("{clash}; rename or remove the file")),
        );
    }
    out
}

/// Runs every pass after evaluation: figures, links, the ledger and the templates.
fn second_phase(
    evaluated: &[Evaluated<'_>],
    templates: &mut Templates,
    given: Given<'_>,
    options: CompileOptions<'_>,
    cache: &Cache,
    out: &mut Compiled,
) {
    for e in evaluated {
        out.diagnostics.extend(e.body.diagnostics.iter().cloned());
        out.rendered += usize::from(e.fresh);
    }
    out.figures = figures::collect(evaluated, &mut out.diagnostics);
    let found = progress::phase(options.progress, Phase::Links, 0, || {
        check_links(
            evaluated,
            templates,
            &out.figures,
            given.assets,
            options.base_url.is_some(),
        )
    });
    out.diagnostics.extend(found);
    out.claims = ledger_page::claims(evaluated, figures::claims(evaluated));
    let found = ledger_page::unresolved(&out.claims, &out.sources);
    out.diagnostics.extend(found);
    progress::phase(options.progress, Phase::Render, evaluated.len(), || {
        render_site(evaluated, templates, given, options, cache, out);
    });
    if options.mutate {
        out.mutation = Some(mutation(&out.claims, &out.diagnostics));
    }
}

/// Reads every page as a reader sees it, after rendering: a claim-shaped span that no
/// checked claim, directive output or waiver covers is checked there, or is an error
/// (`seen`). Returns what it found wrong and the claims it checked.
fn read_as_seen(
    evaluated: &[Evaluated<'_>],
    assets: &Assets,
    out: &Compiled,
    readings: &Arc<Readings>,
    mutate: bool,
    cache: &Cache,
) -> (Vec<Diagnostic>, Vec<Claim>, Vec<(String, String)>) {
    let html = |url: &str| {
        out.files
            .get(url)
            .and_then(|b| std::str::from_utf8(b).ok())
            .unwrap_or("")
    };
    let written = written(evaluated);
    let urls: Vec<String> = written.iter().map(|e| e.page.src.url()).collect();
    let mut pages: Vec<seen::Seen<'_>> = written
        .iter()
        .zip(&urls)
        .map(|(e, url)| seen::Seen {
            file: &e.page.src.file,
            source: &e.page.source,
            slug: &e.page.src.slug,
            html: html(url),
        })
        .collect();
    let games = written
        .iter()
        .map(|e| (e.page.src.slug.clone(), e.body.games.clone()))
        .collect();
    let checked = seen::checked(&out.claims)
        .with_readings(Arc::clone(readings))
        .with_games(games);
    // One walk over each written page finds what it shows unchecked and the files it shows.
    let mut found = seen::read(&pages, &checked, &cache.seen);
    // A file of the author's that a page shows or links to (an SVG image, an HTML page,
    // a text file) shows its text to that page's reader: read once, as part of the first
    // such page.
    let mut drawn: Vec<(&str, String, String, &str)> = Vec::new();
    for ((e, url), read) in written.iter().zip(&urls).zip(&found) {
        for src in read.files() {
            let path = urls::percent_decode(src.split(['?', '#']).next().unwrap_or(""));
            let Some(target) = urls::resolve(url, &path) else {
                continue;
            };
            let kind = target
                .rsplit_once('.')
                .map_or("", |(_, k)| k)
                .to_ascii_lowercase();
            if !matches!(kind.as_str(), "svg" | "html" | "htm" | "txt") {
                continue;
            }
            let Some((file, bytes)) = assets.get(&target) else {
                continue;
            };
            if drawn.iter().any(|d| d.0 == file.file) {
                continue;
            }
            let text = String::from_utf8_lossy(bytes).into_owned();
            // Plain text is shown as it is written, markup and all.
            let shown = if kind == "txt" {
                format!("<pre>{}</pre>", crate::html::escape(&text))
            } else {
                text.clone()
            };
            drawn.push((&file.file, text, shown, &e.page.src.slug));
        }
    }
    pages.extend(drawn.iter().map(|(file, text, shown, slug)| seen::Seen {
        file,
        source: text,
        slug,
        html: shown,
    }));
    // Generated pages show titles and summaries written in the pages' front matter.
    for url in ["index.html", sitemap::NOT_FOUND] {
        if !urls.iter().any(|u| u == url) {
            pages.push(seen::Seen {
                file: "",
                source: "",
                slug: "",
                html: html(url),
            });
        }
    }
    // The site's title is set in nimsite.toml and shown in every header: a claim in it is
    // reported at its line there.
    if let Some(text) = out.sources.get(super::config::FILE) {
        pages.push(seen::Seen::config(text));
    }
    found.extend(seen::read(&pages[found.len()..], &checked, &cache.seen));
    let (found, claims) = seen::settle_all(&pages, &found, mutate);
    let sources = drawn
        .into_iter()
        .map(|(f, t, _, _)| (f.to_string(), t))
        .collect();
    (found, claims, sources)
}

/// Counts the claims `--mutate` perturbed (every checked claim that held) and those whose
/// perturbed copy still passed.
fn mutation(claims: &[Claim], diagnostics: &[Diagnostic]) -> Mutation {
    Mutation {
        perturbed: crate::ledger::Counts::of(claims).perturbable(),
        vacuous: diagnostics
            .iter()
            .filter(|d| d.code == Code::VacuousClaim)
            .count(),
    }
}

/// Returns the pages written to the site: readable, not drafts.
fn written<'p, 'a>(evaluated: &'p [Evaluated<'a>]) -> Vec<&'p Evaluated<'a>> {
    evaluated.iter().filter(|e| e.page.is_written()).collect()
}

/// Returns whether the site needs a generated home page: no written page is the home.
fn needs_home(evaluated: &[Evaluated<'_>]) -> bool {
    !written(evaluated).iter().any(|e| e.page.src.is_home())
}

/// Checks every page's links against what the site writes.
fn check_links(
    evaluated: &[Evaluated<'_>],
    templates: &Templates,
    figures: &BTreeMap<String, String>,
    assets: &Assets,
    has_sitemap: bool,
) -> Vec<Diagnostic> {
    let targets: Vec<&Evaluated> = evaluated.iter().filter(|e| !e.page.is_draft()).collect();
    let mut files: BTreeSet<String> = targets.iter().map(|e| e.page.src.url()).collect();
    let has_feed = has_sitemap && !feed::entries(&written(evaluated)).is_empty();
    // Every generated file a page may link to: the sitemap and the feed only when there
    // are, and never the build's own list of what it wrote.
    files.extend(
        reserved::GENERATED
            .iter()
            .map(|(name, _)| *name)
            .filter(|name| *name != output::MARK)
            .filter(|name| has_sitemap || *name != sitemap::SITEMAP)
            .filter(|name| has_feed || *name != feed::FEED)
            .map(String::from),
    );
    if needs_home(evaluated) {
        files.insert("index.html".to_string());
    }
    files.extend(templates.assets.keys().cloned());
    files.extend(assets.keys().cloned());
    files.extend(figures.keys().map(|k| format!("figures/{k}")));
    let site = Targets {
        files,
        anchors: targets
            .iter()
            .map(|e| (e.page.src.url(), e.body.anchors.clone()))
            .collect(),
        drafts: evaluated
            .iter()
            .filter(|e| e.page.is_draft())
            .map(|e| (e.page.src.url(), e.page.src.file.clone()))
            .collect(),
    };
    evaluated
        .iter()
        .flat_map(|e| links::check(&e.page.src.file, &e.page.src.url(), &e.body.links, &site))
        .collect()
}

/// Renders every written page, the generated pages, the assets, figures and ledger data.
fn render_site(
    evaluated: &[Evaluated<'_>],
    templates: &mut Templates,
    given: Given<'_>,
    options: CompileOptions<'_>,
    cache: &Cache,
    out: &mut Compiled,
) {
    let written = written(evaluated);
    let site = views::site_view(&written, given.config, options.base_url);
    templates.set_global("site", &site);
    let templates: &Templates = templates;
    let sizes = image_sizes(templates, given.assets, &out.figures);
    let pages = views::render_pages(
        &written,
        templates,
        (views::site_digest(&site), &sizes),
        cache,
        options.progress,
    );
    for (url, result) in pages {
        match result {
            Ok((bytes, fresh)) => {
                out.rendered += usize::from(fresh);
                // Not copied when the cache keeps no page.
                let bytes = Arc::try_unwrap(bytes).unwrap_or_else(|kept| kept.as_ref().clone());
                out.files.insert(url, bytes);
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
    let mut generated = vec![(
        sitemap::NOT_FOUND,
        sitemap::not_found(templates, options.base_url).map(String::into_bytes),
    )];
    if needs_home(evaluated) {
        generated.push((
            "index.html",
            views::generated_home(templates, &site.title).map(String::into_bytes),
        ));
    }
    insert_generated(generated, out);
    let entries: Vec<search::Entry> = written
        .iter()
        .map(|e| search::Entry {
            url: e.page.src.url(),
            title: e.page.front.as_ref().map_or("", |f| f.title.as_str()),
            sections: &e.body.sections,
        })
        .collect();
    // Before the ledger is rendered, so the claims checked where they are seen are in it;
    // the search index, which needs nothing it finds, is made meanwhile.
    let ((found, claims, images), index) = rayon::join(
        || {
            read_as_seen(
                evaluated,
                given.assets,
                out,
                given.readings,
                options.mutate,
                cache,
            )
        },
        || search::index_js(&entries),
    );
    // The images read are sources the diagnostics may point into.
    out.sources.extend(images);
    // A span the source side already refused is not reported twice.
    let line = |d: &Diagnostic| {
        let source = out.sources.get(&d.file)?;
        Some(d.line_col(source).0).filter(|_| d.span.is_some())
    };
    let refused: BTreeSet<(String, usize)> = out
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .filter_map(|d| Some((d.file.clone(), line(d)?)))
        .collect();
    let found: Vec<Diagnostic> = found
        .into_iter()
        .filter(|d| line(d).is_none_or(|l| !refused.contains(&(d.file.clone(), l))))
        .collect();
    out.diagnostics.extend(found);
    if !claims.is_empty() {
        out.claims.extend(claims);
        ledger_page::order(evaluated, &mut out.claims);
    }
    let ledger = vec![
        (ledger_page::JSON, ledger_page::json(&out.claims)),
        (
            ledger_page::URL,
            ledger_page::render(templates, &out.claims).map(String::into_bytes),
        ),
    ];
    insert_generated(ledger, out);
    out.files
        .insert(search::INDEX.to_string(), index.into_bytes());
    let mut urls: Vec<String> = written.iter().map(|e| e.page.src.url()).collect();
    urls.push(ledger_page::URL.to_string());
    if needs_home(evaluated) {
        urls.push("index.html".to_string());
    }
    match sitemap::sitemap(urls, options.base_url) {
        Some(xml) => {
            out.files
                .insert(sitemap::SITEMAP.to_string(), xml.into_bytes());
        }
        None => out.notes.push(sitemap::NO_SITEMAP.to_string()),
    }
    let dated = feed::entries(&written);
    let any_dated = !dated.is_empty();
    let about = feed::Site {
        title: &site.title,
        description: &site.description,
        author: &site.author,
    };
    match feed::atom(about, dated, options.base_url) {
        Some(xml) => {
            out.files.insert(feed::FEED.to_string(), xml.into_bytes());
        }
        None if any_dated => out.notes.push(feed::NO_FEED.to_string()),
        None => {}
    }
    publish_assets(given.assets, out);
}

/// A generated file, or why it could not be rendered.
type Generated = (&'static str, Result<Vec<u8>, Box<Diagnostic>>);

/// Adds generated files to the site, reporting those that could not be rendered.
fn insert_generated(generated: Vec<Generated>, out: &mut Compiled) {
    for (file, result) in generated {
        match result {
            Ok(bytes) => {
                out.files.insert(file.to_string(), bytes);
            }
            Err(diagnostic) => out.diagnostics.push(*diagnostic),
        }
    }
}

/// Adds the files beside the pages to the site; one whose path the build already writes
/// (a page, the theme's stylesheet, a generated file) is an error.
fn publish_assets(assets: &Assets, out: &mut Compiled) {
    for (url, (asset, bytes)) in assets {
        if out.files.contains_key(url) || reserved::generated(url).is_some() {
            out.diagnostics.push(
                Diagnostic::error(
                    Code::DuplicateUrl,
                    &asset.file,
                    None,
                    format!("this file would be written to {url}, which the build already writes"),
                )
                .with_note("rename the file, or move it into another folder"),
            );
        } else {
            out.files.insert(url.clone(), bytes.clone());
        }
    }
}

/// Returns the size of every image the site holds, by its path in the site.
fn image_sizes(
    templates: &Templates,
    assets: &Assets,
    figures: &BTreeMap<String, String>,
) -> Sizes {
    let theme = templates
        .assets
        .iter()
        .map(|(k, v)| (k.clone(), v.as_slice()));
    let content = assets.iter().map(|(k, (_, v))| (k.clone(), v.as_slice()));
    let drawn = figures
        .iter()
        .map(|(k, v)| (format!("figures/{k}"), v.as_bytes()));
    theme
        .chain(content)
        .chain(drawn)
        .filter_map(|(path, bytes)| images::size(&path, bytes).map(|s| (path, s)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
