//! Progress of a build as data. The site never prints: it tells a [`Progress`] sink which
//! phase runs and which page it is working on, and the command line decides whether that is
//! worth a line on stderr (a slow phase, `serve` starting up) or nothing at all.

use std::fmt;

/// A phase of the build, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// Reading every page and its front matter, and the templates.
    Load,
    /// Validating every page's front matter and directive options, before any work.
    Validate,
    /// Evaluating every directive, role and claim, and rendering the Markdown.
    Evaluate,
    /// Checking every relative link and anchor.
    Links,
    /// Rendering every page through its template, with the ledger, 404 page and sitemap.
    Render,
    /// Comparing or writing `figures/` and the site.
    Write,
}

impl Phase {
    /// Returns the phase's name as progress lines show it.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Load => "load",
            Phase::Validate => "validate",
            Phase::Evaluate => "evaluate",
            Phase::Links => "links",
            Phase::Render => "render",
            Phase::Write => "write",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One step of a build's progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// A phase begins, with how many items (pages) it will work through, or 0.
    Started {
        /// The phase.
        phase: Phase,
        /// How many items it has.
        total: usize,
    },
    /// Work on one item (a page, by its file) begins; items may run in parallel.
    ItemStarted {
        /// The phase.
        phase: Phase,
        /// The item, such as `content/nim.md`.
        item: &'a str,
    },
    /// Work on one item is done.
    ItemDone {
        /// The phase.
        phase: Phase,
        /// The item, such as `content/nim.md`.
        item: &'a str,
    },
    /// A phase ends.
    Finished {
        /// The phase.
        phase: Phase,
    },
}

/// Receives a build's progress; called from several threads at once.
pub trait Progress: Sync {
    /// Records one step.
    fn step(&self, step: Step<'_>);
}

/// A sink that ignores every step.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {
    fn step(&self, _step: Step<'_>) {}
}

/// Runs `work` on `item` between an [`Step::ItemStarted`] and an [`Step::ItemDone`].
pub fn item<T>(progress: &dyn Progress, phase: Phase, item: &str, work: impl FnOnce() -> T) -> T {
    progress.step(Step::ItemStarted { phase, item });
    let out = work();
    progress.step(Step::ItemDone { phase, item });
    out
}

/// Runs `work` between a [`Step::Started`] and a [`Step::Finished`] of `phase`.
pub fn phase<T>(
    progress: &dyn Progress,
    phase: Phase,
    total: usize,
    work: impl FnOnce() -> T,
) -> T {
    progress.step(Step::Started { phase, total });
    let out = work();
    progress.step(Step::Finished { phase });
    out
}
