//! The site: load every page once, validate all of it, then run ordered passes
//! (evaluate directives, figures, links, ledger) and render with tera last; write
//! atomically, or compare for `check`. Nothing here prints: commands return summaries and
//! errors, and progress goes to a sink the caller passes in.
//!
//! The commands (`build`, `check`, `explain`) are in `commands.rs`; the build itself, pass
//! by pass, starts in `compile.rs`; the output, written whole or not at all, is `output/`;
//! the reader's-eye check of the rendered pages is `seen/`. The dev server (`serve`) and
//! the scaffolding (`init`, `new`) sit on the floor above and call in through `compile`
//! and its cache.

mod cache;
mod commands;
pub mod compile;
pub mod config;
pub mod content;
pub mod dates;
mod decorate;
mod error;
mod evaluate;
mod explain;
mod feed;
mod figures;
pub mod front_matter;
mod highlight;
mod images;
mod keys;
mod ledger_page;
pub mod links;
mod load;
mod options;
pub mod output;
mod overlay;
pub mod progress;
mod references;
pub mod render;
mod reserved;
pub mod search;
pub mod seen;
mod sitemap;
pub mod templates;
mod theme;
pub mod urls;
mod validate;
mod views;
mod waivers;

/// The stack each of the build's worker threads gets: statements nest at most 64 brackets
/// deep but a flat chain of 2,000 terms is a tree that deep, read and evaluated
/// recursively, so the workers get more than a thread's default 2 MiB.
pub const WORKER_STACK: usize = 64 << 20;

/// Gives the build's worker threads [`WORKER_STACK`]; call once, before any build.
pub fn init_workers() {
    // An error means the pool was already set up, which leaves it as it was.
    let _ = rayon::ThreadPoolBuilder::new()
        .stack_size(WORKER_STACK)
        .build_global();
}

pub use cache::Cache;
pub use commands::{BuildSummary, CheckOptions, CheckSummary, build, check, explain, locate_root};
pub use compile::{Compiled, Mutation, compile};
pub use config::{Config, find_root};
pub use error::Error;
pub use load::MAX_PAGE_BYTES;
pub use options::CompileOptions;
pub use progress::{Phase, Progress, Silent, Step};
