//! The site's commands as the CLI calls them. Each returns what it did, or why it could
//! not; the caller prints, and chooses the exit code.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::cache::Cache;
use super::compile::{Compiled, Mutation, compile};
use super::error::Error;
use super::options::CompileOptions;
use super::progress::{self, Phase};
use super::{config, figures, output, waivers};
use crate::ledger::Counts;

/// What a successful build wrote.
#[derive(Debug)]
pub struct BuildSummary {
    /// How many files the site has.
    pub files: usize,
    /// How many figures were drawn.
    pub figures: usize,
    /// The ledger's entries: checked (figures among them), cited, waived.
    pub counts: Counts,
    /// Where the site was written.
    pub out: PathBuf,
    /// Warnings, rendered; empty when there were none.
    pub report: String,
    /// Remarks on what was left out, such as the sitemap without a base URL.
    pub notes: Vec<String>,
}

/// Returns the failure for a compiled site with errors, or `None` when it has none.
fn failure(compiled: &Compiled, verbose: bool) -> Option<Error> {
    compiled.has_errors().then(|| Error::Failed {
        report: compiled.report(verbose),
        errors: compiled.error_count(),
        mutation: compiled.mutation,
    })
}

/// Builds the site under `root` into `out` (default `root/site`) and refreshes `figures/`;
/// writes nothing if any error is found.
pub fn build(
    root: &Path,
    out: Option<&Path>,
    options: CompileOptions<'_>,
) -> Result<BuildSummary, Error> {
    let given = out.map_or_else(|| root.join("site"), Path::to_path_buf);
    let refused = |refusal| Error::Output {
        path: given.clone(),
        refusal,
    };
    // Resolved once, link by link, so every later step names the folder the system would.
    let out = output::resolve(&given).map_err(|source| Error::Write {
        path: given.clone(),
        source,
    })?;
    output::check_output(root, &out).map_err(refused)?;
    // A root that does not exist has nothing to lock; compiling it reports why.
    let _lock = if root.is_dir() {
        match output::lock(root, &out).map_err(Error::Bookkeeping)? {
            output::Locked::Held(lock) => Some(lock),
            output::Locked::Busy(folder) => return Err(Error::Busy(folder)),
        }
    } else {
        None
    };
    if root.is_dir() {
        output::inspect(root).map_err(Error::Bookkeeping)?;
    }
    let compiled = compile(root, options, &Cache::once());
    if let Some(err) = failure(&compiled, false) {
        return Err(err);
    }
    // Checked again under the lock: the folder may have changed during the build.
    output::check_output(root, &out).map_err(refused)?;
    progress::phase(options.progress, Phase::Write, 0, || {
        write(root, &out, &compiled)
    })?;
    Ok(BuildSummary {
        files: compiled.files.len(),
        figures: compiled.figures.len(),
        counts: Counts::of(&compiled.claims),
        out: given,
        report: compiled.report(false),
        notes: compiled.notes,
    })
}

/// Returns what `figures/` holds after a build: the figures, and the list of waived
/// spans when there is one.
fn recorded(compiled: &Compiled) -> BTreeMap<String, String> {
    let mut figures = compiled.figures.clone();
    if let Some(list) = waivers::list(&compiled.claims) {
        figures.insert(waivers::FILE.to_string(), list);
    }
    figures
}

/// Writes the figures and the site, both or neither.
fn write(root: &Path, out: &Path, compiled: &Compiled) -> Result<(), Error> {
    let figures: BTreeMap<String, Vec<u8>> = recorded(compiled)
        .into_iter()
        .map(|(k, v)| (k, v.into_bytes()))
        .collect();
    output::publish(&output::Publish {
        root,
        out,
        files: &compiled.files,
        figures: &figures,
    })
    .map_err(Error::Bookkeeping)
}

/// Switches for `check`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CheckOptions<'a> {
    /// The build's switches and progress sink.
    pub compile: CompileOptions<'a>,
    /// Also reports notes, such as math the lint skipped.
    pub verbose: bool,
    /// The command that refreshes `figures/`, as the user would type it, such as
    /// `nimsite build`; named in the hint of a stale figure.
    pub build_command: &'a str,
}

/// What a successful check found.
#[derive(Debug)]
pub struct CheckSummary {
    /// How many pages were checked, drafts included.
    pub pages: usize,
    /// How many figures were drawn and compared.
    pub figures: usize,
    /// The ledger's entries: checked (figures among them), cited, waived.
    pub counts: Counts,
    /// Warnings (and with `verbose`, notes), rendered; empty when there were none.
    pub report: String,
    /// With `mutate`, what the perturbed claims did.
    pub mutation: Option<Mutation>,
}

/// Does everything `build` does but writes nothing; also fails on stale figures.
pub fn check(root: &Path, options: CheckOptions<'_>) -> Result<CheckSummary, Error> {
    let mut compiled = compile(root, options.compile, &Cache::once());
    if compiled.evaluated {
        let command = match options.build_command {
            "" => "nimsite build",
            given => given,
        };
        let drawn = recorded(&compiled);
        let mut stale = progress::phase(options.compile.progress, Phase::Write, 0, || {
            figures::stale(root, &drawn, command)
        });
        waivers::report_at_spans(root, &compiled, &mut stale, command);
        compiled.diagnostics.extend(stale);
    }
    if let Some(err) = failure(&compiled, options.verbose) {
        return Err(err);
    }
    Ok(CheckSummary {
        pages: compiled.pages,
        figures: compiled.figures.len(),
        counts: Counts::of(&compiled.claims),
        report: compiled.report(options.verbose),
        mutation: compiled.mutation,
    })
}

/// Compiles the site and lists what it read on `page` (`check --explain`): the listing
/// and whether the page has an error, or the site's pages when `page` names none of them.
pub fn explain(
    root: &Path,
    page: &str,
    options: CompileOptions<'_>,
) -> Result<(String, bool), Vec<String>> {
    let compiled = compile(root, options, &Cache::once());
    match super::explain::page_file(&compiled, page) {
        Some(file) => Ok(super::explain::explain(&compiled, &file)),
        None => Err(compiled
            .sources
            .keys()
            .filter(|k| k.starts_with("content/") && k.ends_with(".md"))
            .cloned()
            .collect()),
    }
}

/// Returns the site's root: `given`, or else the nearest folder at or above the working
/// directory holding `nimsite.toml`.
pub fn locate_root(given: Option<&Path>) -> Result<PathBuf, Error> {
    if let Some(root) = given {
        return Ok(root.to_path_buf());
    }
    let here = std::env::current_dir().map_err(|source| Error::Write {
        path: PathBuf::from("."),
        source,
    })?;
    config::find_root(&here).ok_or(Error::NoRoot(here))
}
