//! Directives and roles: the live parts of an essay.
//!
//! The site parses a page into pulldown-cmark events with byte offsets and hands them to
//! [`expand`], which evaluates every MyST block directive and inline role with the nimber
//! core, checks plain math with the lint, and gives back events with the live parts
//! replaced by HTML, plus the page's figures, claims and diagnostics.

pub mod expr;

use std::ops::Range;

use pulldown_cmark::Event;

use crate::diagnostics::Diagnostic;
use crate::ledger::Claim;

/// What a directive needs to know about the page it sits in.
#[derive(Clone, Debug)]
pub struct PageCtx<'a> {
    /// The page's path relative to the site root, as diagnostics show it.
    pub file: &'a str,
    /// The page's full source, front matter included; spans index into it.
    pub source: &'a str,
    /// The page's slug, which names its figure folder: `figures/<slug>/<id>.svg`.
    pub slug: &'a str,
    /// The relative path from the page's HTML file to the site root: `""` or `"../"`.
    pub root: &'a str,
}

/// A figure drawn by a directive, written to `figures/<slug>/<id>.svg`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The stable id within the page.
    pub id: String,
    /// The standalone SVG document.
    pub svg: String,
}

/// Results computed once per build and shared between directives and pages.
#[derive(Debug, Default)]
pub struct Shared {}

impl Shared {
    /// Returns an empty cache; results are computed on first use.
    pub fn new() -> Self {
        Self::default()
    }
}

/// A page's events after expansion, with everything the directives produced.
#[derive(Debug, Default)]
pub struct Expanded<'a> {
    /// The page's events with directives and roles replaced by their output.
    pub events: Vec<(Event<'a>, Range<usize>)>,
    /// The figures drawn on this page.
    pub figures: Vec<Figure>,
    /// The claims made on this page.
    pub claims: Vec<Claim>,
    /// Errors, warnings and verbose notes found on this page.
    pub diagnostics: Vec<Diagnostic>,
}

/// Evaluates every directive, role and checked math span in a page's events.
pub fn expand<'a>(
    _ctx: &PageCtx<'_>,
    _shared: &Shared,
    events: Vec<(Event<'a>, Range<usize>)>,
) -> Expanded<'a> {
    Expanded {
        events,
        ..Expanded::default()
    }
}

/// Perturbs each claim on a page in turn and returns a diagnostic for every claim whose
/// perturbed copy still passes: a vacuous check (`check --mutate`).
pub fn find_vacuous(
    _ctx: &PageCtx<'_>,
    _shared: &Shared,
    _events: &[(Event<'_>, Range<usize>)],
) -> Vec<Diagnostic> {
    Vec::new()
}
