//! The second phase's heavy pass: every directive, role and claim is evaluated and each
//! page's Markdown rendered, in parallel, reusing the cached body of an unchanged page.

use std::sync::Arc;

use rayon::prelude::*;

use super::cache::{Cache, digest};
use super::compile::CompileOptions;
use super::load::Page;
use super::progress::{self, Phase};
use super::render::{self, RenderedBody};
use crate::directive::{PageCtx, Partials};

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
    options: CompileOptions<'_>,
    cache: &Cache,
    partials: &Partials,
) -> Vec<Evaluated<'a>> {
    let readable: Vec<&Page> = pages.iter().filter(|p| p.readable).collect();
    progress::phase(options.progress, Phase::Evaluate, readable.len(), || {
        readable
            .into_par_iter()
            .map(|page| {
                progress::item(options.progress, Phase::Evaluate, &page.src.file, || {
                    evaluate_page(page, options, cache, partials)
                })
            })
            .collect()
    })
}

/// Evaluates one page, or takes its body from the cache when its inputs are unchanged.
fn evaluate_page<'a>(
    page: &'a Page,
    options: CompileOptions<'_>,
    cache: &Cache,
    partials: &Partials,
) -> Evaluated<'a> {
    let key = digest(&(
        &page.source,
        &page.src.slug,
        options.mutate,
        partials.digest,
    ));
    if let Some(body) = cache.body(&page.src.file, key) {
        return Evaluated {
            page,
            body,
            fresh: false,
        };
    }
    let root = page.src.root_prefix();
    let ctx =
        PageCtx::new(&page.src.file, &page.source, &page.src.slug, &root).with_partials(partials);
    let body = Arc::new(render::render_body(&ctx, &cache.shared, options.mutate));
    cache.keep_body(&page.src.file, key, &body);
    Evaluated {
        page,
        body,
        fresh: true,
    }
}
