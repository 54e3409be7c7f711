//! The second phase's heavy pass: every directive, role and claim is evaluated and each
//! page's Markdown rendered, in parallel, reusing the cached body of an unchanged page.

use std::sync::Arc;

use rayon::prelude::*;

use super::cache::{Cache, digest};
use super::load::Page;
use super::options::CompileOptions;
use super::progress::{self, Phase};
use super::render::{self, RenderedBody};
use crate::engine::{self, PageCtx, Partials, Prepared, Readings};

/// A page with its evaluated body, ready for the link check and the templates.
pub struct Evaluated<'a> {
    /// The page as loaded.
    pub page: &'a Page,
    /// What its Markdown and directives became.
    pub body: Arc<RenderedBody>,
    /// Whether the body was computed afresh rather than taken from the cache.
    pub fresh: bool,
}

/// Evaluates every readable page, in parallel, in page order.
pub fn evaluate<'a>(
    pages: &'a [Page],
    prepared: Vec<Option<Prepared<'a>>>,
    options: CompileOptions<'_>,
    cache: &Cache,
    partials: &Partials,
    readings: &Readings,
) -> Vec<Evaluated<'a>> {
    let readable: Vec<(&Page, Option<Prepared<'a>>)> = pages
        .iter()
        .zip(prepared)
        .filter(|(p, _)| p.readable)
        .collect();
    progress::phase(options.progress, Phase::Evaluate, readable.len(), || {
        readable
            .into_par_iter()
            .map(|(page, prepared)| {
                progress::item(options.progress, Phase::Evaluate, &page.src.file, || {
                    evaluate_page(page, prepared, options, cache, partials, readings)
                })
            })
            .collect()
    })
}

/// Evaluates one page, or takes its body from the cache when its inputs are unchanged.
/// A page the first phase did not read (its validation was cached) is read here.
fn evaluate_page<'a>(
    page: &'a Page,
    prepared: Option<Prepared<'a>>,
    options: CompileOptions<'_>,
    cache: &Cache,
    partials: &Partials,
    readings: &Readings,
) -> Evaluated<'a> {
    // The inputs' digest, only where the cache keeps bodies to find by it.
    let key = cache.keeps().then(|| {
        digest(&(
            &page.source,
            &page.src.slug,
            options.mutate,
            partials.digest,
            options.bibliography.map(|b| (b.source(), b.style_name())),
        ))
    });
    if let Some(body) = key.and_then(|key| cache.body(&page.src.file, key)) {
        return Evaluated {
            page,
            body,
            fresh: false,
        };
    }
    let root = page.src.root_prefix();
    let ctx = PageCtx::new(
        crate::catalogue::registry(),
        &page.src.file,
        &page.source,
        &page.src.slug,
        &root,
    )
    .with_partials(partials)
    .with_bibliography(options.bibliography)
    .with_lexicon(options.lexicon);
    // The build's readings, when they are made with the lexicon this build reads with.
    let ctx = match options.lexicon {
        Some(l) if std::ptr::eq(l, readings.lexicon()) => ctx.with_readings(readings),
        _ => ctx,
    };
    let prepared =
        prepared.unwrap_or_else(|| engine::prepare(&ctx, render::parse_events(&page.source)));
    let body = Arc::new(render::render_prepared(
        &ctx,
        &cache.shared,
        prepared,
        options.mutate,
    ));
    if let Some(key) = key {
        cache.keep_body(&page.src.file, key, &body);
    }
    Evaluated {
        page,
        body,
        fresh: true,
    }
}
