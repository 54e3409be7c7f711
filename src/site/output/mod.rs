//! The build's own output, written so that nothing is lost and nothing else is touched.
//!
//! The site is written whole into a staging folder beside its target and swapped in; the
//! figures are written file by file into `figures/`, which may hold files of the author's.
//! Each carries a manifest of what the build wrote (`.nimsite-output` in the site,
//! `.nimsite-figures` in `figures/`), and the build replaces a folder only when it is
//! absent, empty or marked as its own, and removes only files its manifest lists. A journal
//! written before the first change lets the next build finish a swap that a kill cut
//! short, so `figures/` and the site are both old or both new.
//!
//! Every one of these files can be written by someone else (a clone, a pull request), so
//! each is read as untrusted input ([`own`]): with a bound, never through a link, and with
//! every path it names checked before anything is removed or moved. The journal names only
//! fixed operations on names the build derives itself ([`journal`]).

mod journal;
mod lock;
mod own;

use crate::escape::visible;
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io;
use std::path::{Component, Path, PathBuf};

use journal::{Journal, SiteSwap};
pub use lock::{LOCK_FILE, Lock, Locked, lock};

/// The manifest the build writes into the site: what it wrote, so it knows it may replace it.
pub const MARK: &str = ".nimsite-output";
/// The manifest the build writes into `figures/`: the figures it drew.
pub const FIGURES_MARK: &str = ".nimsite-figures";
/// The journal of a swap in progress, in the root.
const JOURNAL: &str = ".nimsite-journal";
/// The first line of every manifest.
const HEADER: &str =
    "# written by nimsite build; it replaces this folder only while it holds only these files";
/// The most bytes a manifest may hold: a site of some 200,000 files.
const MANIFEST_LIMIT: u64 = 16 << 20;
/// The most bytes of one committed figure that `check` reads.
const FIGURE_LIMIT: u64 = 64 << 20;

/// Why the build will not write where it was asked to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// What is wrong with the path.
    pub reason: String,
    /// What to do instead.
    pub hint: String,
}

impl Refusal {
    fn new(reason: impl Into<String>, hint: impl Into<String>) -> Refusal {
        Refusal {
            reason: reason.into(),
            hint: hint.into(),
        }
    }
}

/// Why the build's own files could not be read or changed.
#[derive(Debug)]
pub enum Fault {
    /// The system refused a read or a write.
    Io {
        /// What was being read or written.
        path: PathBuf,
        /// Why it failed.
        source: io::Error,
    },
    /// A file or folder the build keeps is not what the build wrote there.
    Untrusted {
        /// The path, with the line when the fault is on one.
        place: String,
        /// What is wrong with it.
        reason: String,
        /// What to do.
        hint: String,
    },
}

impl Fault {
    /// Returns the fault of a failed read or write of `path`.
    fn io(path: &Path, source: io::Error) -> Fault {
        Fault::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    /// Returns the fault of a file or folder at `path` that the build did not write.
    fn untrusted(path: &Path, reason: impl Into<String>, hint: impl Into<String>) -> Fault {
        Fault::Untrusted {
            place: visible(&path.display().to_string()),
            reason: reason.into(),
            hint: hint.into(),
        }
    }

    /// Returns the fault of line `line` of the file at `path`.
    fn at_line(path: &Path, line: usize, reason: impl Into<String>, hint: &str) -> Fault {
        Fault::Untrusted {
            place: format!("{}:{line}", visible(&path.display().to_string())),
            reason: reason.into(),
            hint: hint.into(),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Io { path, source } => {
                write!(
                    f,
                    "cannot write {}: {source}",
                    visible(&path.display().to_string())
                )
            }
            Fault::Untrusted {
                place,
                reason,
                hint,
            } => write!(
                f,
                "refusing to build: {place}: {reason}; nothing was changed\nhelp: {hint}"
            ),
        }
    }
}

/// Returns `path` absolute, resolved component by component as the system resolves it:
/// each symbolic link on the way is followed where it stands, so `..` after a link leaves
/// the link's target, not the folder holding the link. The last component is left as it
/// is, link or not, so a caller can refuse a link there.
pub fn resolve(path: &Path) -> io::Result<PathBuf> {
    let absolute = std::path::absolute(path)?;
    let parts: Vec<Component<'_>> = absolute.components().collect();
    let mut out = PathBuf::new();
    for (i, part) in parts.iter().enumerate() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            Component::Normal(name) => {
                out.push(name);
                let last = parts[i + 1..]
                    .iter()
                    .all(|p| matches!(p, Component::CurDir));
                if !last && fs::symlink_metadata(&out).is_ok_and(|m| m.file_type().is_symlink()) {
                    out = fs::canonicalize(&out)?;
                }
            }
            other => out.push(other),
        }
    }
    Ok(out)
}

/// Checks that the site may be written to `out`: never the root, an ancestor of it, or a
/// folder of the sources, and otherwise only a folder that is absent, empty or the
/// build's own.
pub fn check_output(root: &Path, given: &Path) -> Result<(), Refusal> {
    let shown_out = visible(&given.display().to_string());
    let io_refusal = |err: io::Error| {
        Refusal::new(
            format!("cannot read {shown_out}: {err}"),
            "choose a folder that can be read and written",
        )
    };
    let out = resolve(given).map_err(io_refusal)?;
    let out = out.as_path();
    if let Ok(meta) = fs::symlink_metadata(out) {
        if meta.file_type().is_symlink() {
            return Err(Refusal::new(
                format!("{shown_out} is a symbolic link"),
                "give the folder itself with --out; the build does not replace links",
            ));
        }
        if !meta.is_dir() {
            return Err(Refusal::new(
                format!("{shown_out} is a file, not a folder"),
                "choose a folder that does not exist yet, or is empty",
            ));
        }
    }
    let root_abs = resolve(root).map_err(io_refusal)?;
    let root_abs = fs::canonicalize(&root_abs).unwrap_or(root_abs);
    if root_abs.starts_with(out) {
        let what = if root_abs == out {
            "the site's root"
        } else {
            "a folder that holds the site's root"
        };
        return Err(Refusal::new(
            format!("{shown_out} is {what}, and writing the site there would replace it"),
            "use the default (site/ in the root) or a new folder, such as --out site",
        ));
    }
    for source in ["content", "templates", "figures", ".git"] {
        if out.starts_with(root_abs.join(source)) {
            return Err(Refusal::new(
                format!("{shown_out} is inside {source}/, which holds the site's sources"),
                "use the default (site/ in the root) or a folder outside content/, templates/ and figures/",
            ));
        }
    }
    if fs::symlink_metadata(out).is_err() {
        return Ok(());
    }
    let stray = strays(out).map_err(|fault| match fault {
        Fault::Io { source, .. } => io_refusal(source),
        Fault::Untrusted {
            place,
            reason,
            hint,
        } => Refusal::new(format!("{place}: {reason}"), hint),
    })?;
    if let Some(first) = stray.first() {
        let marked = out.join(MARK).is_file();
        let (reason, hint) = if marked {
            (
                format!("{shown_out} holds {first}, which no build wrote"),
                "move that file out of the output folder; the build replaces the folder whole",
            )
        } else {
            (
                format!(
                    "{shown_out} is not empty and was not written by nimsite build (it holds {first} and no {MARK})"
                ),
                "choose a new or empty folder; if this is an old build, remove it yourself",
            )
        };
        return Err(Refusal::new(reason, hint));
    }
    Ok(())
}

/// Returns the files under `dir` that its manifest does not list (all of them without
/// one), shown with control characters escaped; a link is never the build's.
fn strays(dir: &Path) -> Result<Vec<String>, Fault> {
    let listed = read_manifest(&dir.join(MARK))?.unwrap_or_default();
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(dir).min_depth(1).sort_by_file_name() {
        let entry = entry.map_err(|err| Fault::io(dir, io::Error::other(err)))?;
        if entry.file_type().is_dir() {
            continue;
        }
        let rel = super::content::display_path(dir, entry.path());
        let ours = entry.file_type().is_file() && (rel == MARK || listed.contains(&rel));
        if !ours {
            out.push(visible(&rel));
        }
    }
    Ok(out)
}

/// Reads a manifest: `None` when there is none, or it is not one the build wrote (no
/// header, or not text); a fault when a line names anything but a plain relative path.
fn read_manifest(path: &Path) -> Result<Option<BTreeSet<String>>, Fault> {
    let Some(bytes) = own::read_bounded(path, MANIFEST_LIMIT)? else {
        return Ok(None);
    };
    let Ok(text) = String::from_utf8(bytes) else {
        return Ok(None);
    };
    let mut lines = text.lines().enumerate();
    if lines.next().map(|(_, l)| l) != Some(HEADER) {
        return Ok(None);
    }
    let mut listed = BTreeSet::new();
    for (index, line) in lines {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !own::is_plain(line) {
            return Err(Fault::at_line(
                path,
                index + 1,
                format!(
                    "`{}` is not a plain relative path inside the folder the list governs",
                    visible(line)
                ),
                "remove the line, or the file: the build lists only files it wrote, and writes the list afresh",
            ));
        }
        listed.insert(line.to_string());
    }
    Ok(Some(listed))
}

/// Returns the manifest listing `paths`, with a digest of the contents on its second line.
pub fn manifest<'a>(files: impl Iterator<Item = (&'a String, &'a [u8])>) -> String {
    let mut hasher = DefaultHasher::new();
    let mut list = String::new();
    for (path, bytes) in files {
        (path, bytes).hash(&mut hasher);
        list.push_str(path);
        list.push('\n');
    }
    format!("{HEADER}\n# digest {:016x}\n{list}", hasher.finish())
}

/// Returns the manifest of a tree of files.
fn manifest_of(files: &Tree) -> String {
    manifest(files.iter().map(|(k, v)| (k, v.as_slice())))
}

/// Returns the sibling of `target` named `.<name>.<suffix>`.
fn sibling(target: &Path, suffix: &str) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "site".to_string(), |n| n.to_string_lossy().into_owned());
    target.with_file_name(format!(".{name}.{suffix}"))
}

/// Returns the folder where process `pid` stages a new `target`.
fn staging_of(target: &Path, pid: u32) -> PathBuf {
    sibling(target, &format!("nimsite-staging-{pid}"))
}

/// Returns the folder where process `pid` moves an old `target` before deleting it.
fn trash_of(target: &Path, pid: u32) -> PathBuf {
    sibling(target, &format!("nimsite-trash-{pid}"))
}

/// Checks that `dir` is absent or a real folder: never a link, a file or a FIFO.
fn check_folder(dir: &Path) -> Result<(), Fault> {
    match fs::symlink_metadata(dir) {
        Ok(meta) if meta.file_type().is_dir() => Ok(()),
        Ok(meta) => Err(Fault::untrusted(
            dir,
            format!(
                "it is {}, where the build keeps a folder of its own",
                own::kind_of(&meta)
            ),
            "move it away; the build never writes through a link or over a file",
        )),
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(Fault::io(dir, source)),
    }
}

/// Checks that every path the build is about to write is a plain relative path, so its
/// manifest reads back as it was written.
fn check_names(files: &Tree, top: &str) -> Result<(), Fault> {
    match files.keys().find(|path| !own::is_plain(path)) {
        None => Ok(()),
        Some(path) => Err(Fault::untrusted(
            Path::new(top),
            format!(
                "the build would write `{}`, which is not a plain name",
                visible(path)
            ),
            "rename the source file: names may not hold control characters or backslashes",
        )),
    }
}

/// What one build publishes: the site's files, and the figures it drew.
#[derive(Debug)]
pub struct Publish<'a> {
    /// The site root, which holds `figures/` and the journal.
    pub root: &'a Path,
    /// The site's folder, as [`resolve`] returns it and [`check_output`] accepted it.
    pub out: &'a Path,
    /// Every file of the site.
    pub files: &'a Tree,
    /// Every figure drawn, keyed by its path inside `figures/`.
    pub figures: &'a Tree,
}

/// Reads the build's own files in `root` as a build will, so a forged or foreign one is
/// refused before any work: the journal, `figures/` and its list.
pub fn inspect(root: &Path) -> Result<(), Fault> {
    read_journal(&root.join(JOURNAL))?;
    let figures = root.join("figures");
    check_folder(&figures)?;
    read_manifest(&figures.join(FIGURES_MARK)).map(drop)
}

/// Writes the figures and the site; the caller holds the locks. Everything that could stop
/// it is checked before the journal is written, so a refusal changes nothing.
pub fn publish(p: &Publish<'_>) -> Result<(), Fault> {
    let figures_dir = p.root.join("figures");
    inspect(p.root)?;
    check_names(p.files, "site")?;
    check_names(p.figures, "figures")?;
    for rel in p.figures.keys() {
        own::inside(&figures_dir, rel, false)?;
    }
    recover(p.root, p.out)?;
    let figures_manifest = manifest_of(p.figures);
    let old_mark = own::read_bounded(&figures_dir.join(FIGURES_MARK), MANIFEST_LIMIT)?;
    let figures_fresh = old_mark.as_deref() == Some(figures_manifest.as_bytes())
        && p.figures.iter().all(|(k, v)| {
            own::inside(&figures_dir, k, false)
                .and_then(|path| own::read_bounded(&path, FIGURE_LIMIT))
                .is_ok_and(|bytes| bytes.as_ref() == Some(v))
        });
    let pid = std::process::id();
    let mut journal = Journal::default();
    if !figures_fresh && (!p.figures.is_empty() || old_mark.is_some()) {
        stage(
            &staging_of(&figures_dir, pid),
            p.figures,
            FIGURES_MARK,
            &figures_manifest,
        )?;
        journal.figures = Some(pid);
    }
    if let Some(parent) = p.out.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent).map_err(|source| Fault::io(parent, source))?;
    }
    // The manifest digests every byte of the site: worked out while the files are written.
    let staging = staging_of(p.out, pid);
    let (site_manifest, written) =
        rayon::join(|| manifest_of(p.files), || stage_files(&staging, p.files));
    seal(&staging, written?, MARK, &site_manifest)?;
    journal.site = Some(SiteSwap {
        pid,
        digest: digest_of(&site_manifest).to_string(),
        out: p.out.as_os_str().as_encoded_bytes().to_vec(),
    });
    write_journal(p.root, &journal)?;
    recover(p.root, p.out)
}

/// Writes the journal through a temporary file made afresh, never through a link, and a
/// rename.
fn write_journal(root: &Path, journal: &Journal) -> Result<(), Fault> {
    let path = root.join(JOURNAL);
    let tmp = sibling(&path, "tmp");
    match fs::symlink_metadata(&tmp) {
        Ok(meta) if meta.file_type().is_dir() => {
            return Err(Fault::untrusted(
                &tmp,
                "it is a folder, where the build writes its journal",
                "move it away",
            ));
        }
        Ok(_) => fs::remove_file(&tmp).map_err(|source| Fault::io(&tmp, source))?,
        Err(_) => {}
    }
    own::write_new(&tmp, journal.encode().as_bytes()).map_err(|source| Fault::io(&tmp, source))?;
    fs::rename(&tmp, &path).map_err(|source| Fault::io(&path, source))
}

/// Returns a fault at `path` for an I/O error.
fn fault(path: &Path) -> impl FnOnce(io::Error) -> Fault + use<> {
    let path = path.to_path_buf();
    move |source| Fault::io(&path, source)
}

/// Writes `files` and the manifest into `staging`, a folder made afresh.
fn stage(staging: &Path, files: &Tree, mark: &str, manifest: &str) -> Result<(), Fault> {
    let written = stage_files(staging, files)?;
    seal(staging, written, mark, manifest)
}

/// Writes `files` into `staging`, a folder made afresh, and returns the paths written.
fn stage_files(staging: &Path, files: &Tree) -> Result<Vec<PathBuf>, Fault> {
    fs::create_dir(staging).map_err(fault(staging))?;
    // The folders first, each once, so the files can be written in parallel; a failure
    // is reported for the first folder, else the first file, in the tree's order.
    let folders: BTreeSet<&Path> = files
        .keys()
        .filter_map(|path| Path::new(path).parent())
        .filter(|parent| !parent.as_os_str().is_empty())
        .collect();
    for folder in folders {
        let dest = staging.join(folder);
        fs::create_dir_all(&dest).map_err(fault(&dest))?;
    }
    let results: Vec<Result<PathBuf, Fault>> = files
        .par_iter()
        .map(|(path, bytes)| {
            let dest = staging.join(path);
            own::write_unsynced(&dest, bytes).map_err(fault(&dest))?;
            Ok(dest)
        })
        .collect();
    let mut written = Vec::with_capacity(files.len() + 1);
    for result in results {
        written.push(result?);
    }
    Ok(written)
}

/// Writes the manifest into `staging`, beside the files `written`, and puts all on disk.
fn seal(
    staging: &Path,
    mut written: Vec<PathBuf>,
    mark: &str,
    manifest: &str,
) -> Result<(), Fault> {
    let mark = staging.join(mark);
    own::write_unsynced(&mark, manifest.as_bytes()).map_err(fault(staging))?;
    written.push(mark);
    // On disk before the journal names the folder, so a crash never swaps in a torn site.
    own::sync_all(staging, written.iter().map(PathBuf::as_path)).map_err(fault(staging))
}

/// Finishes a journaled swap a kill cut short, then removes the staging and trash folders
/// a killed build left beside `figures/` and `out`.
pub fn recover(root: &Path, out: &Path) -> Result<(), Fault> {
    let path = root.join(JOURNAL);
    let figures = root.join("figures");
    if let Some(journal) = read_journal(&path)? {
        if let Some(pid) = journal.figures {
            apply_figures(&staging_of(&figures, pid), &figures)?;
        }
        if let Some(site) = journal
            .site
            .filter(|s| s.out == out.as_os_str().as_encoded_bytes())
        {
            apply_site(&staging_of(out, site.pid), out, &site.digest)?;
        }
        fs::remove_file(&path).map_err(|source| Fault::io(&path, source))?;
    }
    remove_stale(&figures)?;
    remove_stale(out)
}

/// Reads the journal at `path`, if there is one, refusing anything the build does not write.
fn read_journal(path: &Path) -> Result<Option<Journal>, Fault> {
    let Some(bytes) = own::read_bounded(path, journal::LIMIT)? else {
        return Ok(None);
    };
    let hint = "remove it: the build journals only its own swaps, and a killed build's staging folders are then left alone";
    let text = String::from_utf8(bytes)
        .map_err(|_| Fault::untrusted(path, "it is not text, so no build wrote it", hint))?;
    Journal::decode(&text).map(Some).map_err(|(line, why)| {
        Fault::at_line(path, line, format!("{why}: no build wrote this"), hint)
    })
}

/// Removes the folders beside `target` that only a killed build leaves, by the names only
/// the build gives: `.<name>.nimsite-staging-<pid>` and `.<name>.nimsite-trash-<pid>`, and
/// only real folders, never links.
fn remove_stale(target: &Path) -> Result<(), Fault> {
    let (Some(parent), Some(name)) = (target.parent(), target.file_name()) else {
        return Ok(());
    };
    let prefix = format!(".{}.nimsite-", name.to_string_lossy());
    let Ok(entries) = fs::read_dir(parent) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(suffix) = file.strip_prefix(&prefix) else {
            continue;
        };
        let pid = suffix
            .strip_prefix("staging-")
            .or_else(|| suffix.strip_prefix("trash-"));
        let is_pid = pid.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        if is_pid && entry.file_type().is_ok_and(|t| t.is_dir()) {
            let dir = entry.path();
            fs::remove_dir_all(&dir).map_err(|source| Fault::io(&dir, source))?;
        }
    }
    Ok(())
}

/// Moves staged figures into `figures/`: removes the figures the old manifest lists and the
/// new one does not, moves each new figure in, and the manifest last. Safe to repeat; a
/// staging folder that is not a real folder holding the build's manifest is left alone.
fn apply_figures(staging: &Path, figures: &Path) -> Result<(), Fault> {
    if !fs::symlink_metadata(staging).is_ok_and(|m| m.file_type().is_dir()) {
        return Ok(());
    }
    let Some(new) = read_manifest(&staging.join(FIGURES_MARK))? else {
        return Ok(());
    };
    check_folder(figures)?;
    if fs::symlink_metadata(figures).is_err() {
        fs::create_dir(figures).map_err(|source| Fault::io(figures, source))?;
    }
    let old = read_manifest(&figures.join(FIGURES_MARK))?.unwrap_or_default();
    for gone in old.difference(&new) {
        own::remove_file(figures, gone)?;
    }
    for rel in &new {
        let from = own::inside(staging, rel, false)?;
        if !fs::symlink_metadata(&from).is_ok_and(|m| m.file_type().is_file()) {
            continue;
        }
        let dest = own::inside(figures, rel, true)?;
        fs::rename(&from, &dest).map_err(|source| Fault::io(&dest, source))?;
    }
    let mark = figures.join(FIGURES_MARK);
    fs::rename(staging.join(FIGURES_MARK), &mark).map_err(|source| Fault::io(&mark, source))?;
    fs::remove_dir_all(staging).map_err(|source| Fault::io(staging, source))
}

/// Returns the 16 hex digits of a manifest's digest line, which names the tree it lists.
fn digest_of(manifest: &str) -> &str {
    manifest
        .lines()
        .nth(1)
        .and_then(|l| l.strip_prefix("# digest "))
        .unwrap_or("")
}

/// Swaps a staged site in at `out`, unless the swap already happened. Safe to repeat: the
/// tree at `staging` is swapped in only while it is the one the journal names (`digest`);
/// after the exchange it is the old tree, and is thrown away. A staging folder that is
/// not a real folder holding the build's manifest is left alone.
fn apply_site(staging: &Path, out: &Path, digest: &str) -> Result<(), Fault> {
    if !fs::symlink_metadata(staging).is_ok_and(|m| m.file_type().is_dir()) {
        return Ok(());
    }
    let staged = own::read_bounded(&staging.join(MARK), MANIFEST_LIMIT)?
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .filter(|text| text.starts_with(HEADER));
    let Some(staged) = staged else {
        return Ok(());
    };
    if digest_of(&staged) != digest {
        return discard(staging, out);
    }
    swap_in(staging, out)
}

/// Moves a folder beside `target` out of the way in one rename, then deletes it, so a
/// kill during the deletion never leaves a half-deleted tree where a build looks.
fn discard(dir: &Path, target: &Path) -> Result<(), Fault> {
    let trash = trash_of(target, std::process::id());
    fs::rename(dir, &trash).map_err(|source| Fault::io(&trash, source))?;
    fs::remove_dir_all(&trash).map_err(|source| Fault::io(&trash, source))
}

/// Moves `staging` to `target`, exchanging the two in one step where the system allows.
fn swap_in(staging: &Path, target: &Path) -> Result<(), Fault> {
    let fault = |source| Fault::io(target, source);
    if fs::symlink_metadata(target).is_err() {
        return fs::rename(staging, target).map_err(fault);
    }
    if exchange(staging, target).is_ok() {
        return discard(staging, target);
    }
    let old = trash_of(target, std::process::id());
    fs::rename(target, &old).map_err(fault)?;
    fs::rename(staging, target).map_err(fault)?;
    fs::remove_dir_all(&old).map_err(|source| Fault::io(&old, source))
}

/// Atomically exchanges two paths with `renameat2(RENAME_EXCHANGE)`.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::raw::{c_char, c_int, c_uint};
    use std::os::unix::ffi::OsStrExt;

    unsafe extern "C" {
        fn renameat2(
            olddirfd: c_int,
            oldpath: *const c_char,
            newdirfd: c_int,
            newpath: *const c_char,
            flags: c_uint,
        ) -> c_int;
    }
    const AT_FDCWD: c_int = -100;
    const RENAME_EXCHANGE: c_uint = 2;
    let a = CString::new(a.as_os_str().as_bytes()).map_err(io::Error::other)?;
    let b = CString::new(b.as_os_str().as_bytes()).map_err(io::Error::other)?;
    // SAFETY: both arguments are valid NUL-terminated paths that outlive the call.
    let rc = unsafe { renameat2(AT_FDCWD, a.as_ptr(), AT_FDCWD, b.as_ptr(), RENAME_EXCHANGE) };
    if rc == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// Reports that no single-step exchange exists here, so the caller uses two renames.
#[cfg(not(target_os = "linux"))]
fn exchange(_a: &Path, _b: &Path) -> io::Result<()> {
    Err(io::Error::other("no atomic exchange on this system"))
}

/// The files of a folder keyed by their path inside it.
pub type Tree = BTreeMap<String, Vec<u8>>;

/// Returns the figures `figures/` holds as the build's own (those its manifest lists) and
/// those at the paths in `drawn`, and the manifest's text, if any. Reads nothing else of
/// the folder, never through a link, and each file with a bound.
pub fn read_figures<'a>(
    dir: &Path,
    drawn: impl Iterator<Item = &'a String>,
) -> Result<(Tree, Option<String>), Fault> {
    check_folder(dir)?;
    let mark = own::read_bounded(&dir.join(FIGURES_MARK), MANIFEST_LIMIT)?
        .and_then(|bytes| String::from_utf8(bytes).ok());
    let mut wanted = read_manifest(&dir.join(FIGURES_MARK))?.unwrap_or_default();
    wanted.extend(drawn.filter(|p| own::is_plain(p)).cloned());
    let mut files = Tree::new();
    for rel in wanted {
        let path = own::inside(dir, &rel, false)?;
        if let Some(bytes) = own::read_bounded(&path, FIGURE_LIMIT)? {
            files.insert(rel, bytes);
        }
    }
    Ok((files, mark))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads every file under `dir` into a map keyed by its relative path.
    fn read_tree(dir: &Path) -> io::Result<Tree> {
        let mut files = BTreeMap::new();
        for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
            let entry = entry.map_err(io::Error::other)?;
            if entry.file_type().is_file() {
                let rel = super::super::content::display_path(dir, entry.path());
                files.insert(rel, fs::read(entry.path())?);
            }
        }
        Ok(files)
    }

    fn files(list: &[(&str, &str)]) -> BTreeMap<String, Vec<u8>> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.as_bytes().to_vec()))
            .collect()
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("list")
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    fn publish_to(root: &Path, site: &BTreeMap<String, Vec<u8>>, figs: &BTreeMap<String, Vec<u8>>) {
        let out = resolve(&root.join("site")).expect("resolve");
        check_output(root, &out).expect("may write");
        publish(&Publish {
            root,
            out: &out,
            files: site,
            figures: figs,
        })
        .expect("publish");
    }

    #[test]
    fn replaces_its_own_site_exactly_and_leaves_nothing_beside_it() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        let first = files(&[("a.html", "one"), ("x/b.css", "two")]);
        publish_to(root, &first, &BTreeMap::new());
        let second = files(&[("c.html", "three"), ("x/b.css", "two")]);
        publish_to(root, &second, &BTreeMap::new());
        let mut tree = read_tree(&root.join("site")).expect("read");
        assert!(tree.remove(MARK).is_some());
        assert_eq!(tree, second);
        assert_eq!(names(root), ["site"]);
    }

    #[test]
    fn refuses_folders_it_does_not_own() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        for d in ["content", "templates", "figures", "keys/.ssh"] {
            fs::create_dir_all(root.join(d)).expect("mkdir");
        }
        fs::write(root.join("keys/.ssh/id"), "secret").expect("write");
        fs::write(root.join("file"), "x").expect("write");
        let refused = |out: &Path| check_output(root, out).expect_err("refused").reason;
        assert!(refused(&root.join("keys")).contains("not written by nimsite build"));
        assert!(refused(root).contains("the site's root"));
        assert!(refused(&root.join("content/..")).contains("the site's root"));
        assert!(refused(root.parent().expect("parent")).contains("holds the site's root"));
        assert!(refused(&root.join("content")).contains("inside content/"));
        assert!(refused(&root.join("figures/site")).contains("inside figures/"));
        assert!(refused(&root.join("file")).contains("is a file"));
        fs::create_dir_all(root.join("empty")).expect("mkdir");
        assert_eq!(check_output(root, &root.join("empty")), Ok(()));
        assert_eq!(check_output(root, &root.join("new/site")), Ok(()));
        assert_eq!(
            fs::read_to_string(root.join("keys/.ssh/id")).expect("kept"),
            "secret"
        );
    }

    #[test]
    fn refuses_its_own_folder_once_a_stranger_file_is_in_it() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        publish_to(root, &files(&[("a.html", "one")]), &BTreeMap::new());
        fs::write(root.join("site/notes.txt"), "mine").expect("write");
        let refusal = check_output(root, &root.join("site")).expect_err("refused");
        assert!(
            refusal.reason.contains("notes.txt, which no build wrote"),
            "{refusal:?}"
        );
    }

    #[test]
    fn figures_keeps_files_it_did_not_draw() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        fs::create_dir_all(root.join("figures/nim")).expect("mkdir");
        fs::write(root.join("figures/.gitkeep"), "").expect("write");
        fs::write(root.join("figures/logo.svg"), "<svg>hand</svg>").expect("write");
        let site = files(&[("a.html", "one")]);
        publish_to(
            root,
            &site,
            &files(&[("nim/a.svg", "<svg>a</svg>"), ("nim/b.svg", "b")]),
        );
        publish_to(root, &site, &files(&[("nim/a.svg", "<svg>a2</svg>")]));
        let tree = read_tree(&root.join("figures")).expect("read");
        let kept: Vec<&str> = tree.keys().map(String::as_str).collect();
        assert_eq!(kept, [".gitkeep", FIGURES_MARK, "logo.svg", "nim/a.svg"]);
        assert_eq!(tree["nim/a.svg"], b"<svg>a2</svg>");
        let (ours, _) = read_figures(&root.join("figures"), std::iter::empty()).expect("read");
        assert_eq!(ours.keys().collect::<Vec<_>>(), ["nim/a.svg"]);
        assert_eq!(names(root), ["figures", "site"]);
    }

    #[test]
    fn a_kill_after_the_journal_is_finished_by_the_next_build() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        publish_to(
            root,
            &files(&[("a.html", "old")]),
            &files(&[("p/f.svg", "old")]),
        );
        // Stage a new build and journal it, as `publish` does, then stop before applying.
        let figs = files(&[("p/f.svg", "new")]);
        let site = files(&[("a.html", "new")]);
        let (fstage, _) = stage_as_built(&root.join("figures"), &figs, FIGURES_MARK);
        let (_, site_manifest) = stage_as_built(&root.join("site"), &site, MARK);
        write_journal(
            root,
            &journal_of(Some(1), &root.join("site"), &site_manifest),
        )
        .expect("journal");
        // The figures are half applied when the kill lands.
        apply_figures(&fstage, &root.join("figures")).expect("figures");
        assert_eq!(
            fs::read_to_string(root.join("site/a.html")).expect("read"),
            "old"
        );
        recover(root, &root.join("site")).expect("recover");
        assert_both(root, "new");
    }

    #[test]
    fn a_kill_before_the_journal_leaves_both_old_and_no_staging() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        publish_to(
            root,
            &files(&[("a.html", "old")]),
            &files(&[("p/f.svg", "old")]),
        );
        let site = files(&[("a.html", "new")]);
        let manifest = manifest_of(&site);
        stage(&staging_of(&root.join("site"), 9), &site, MARK, &manifest).expect("stage");
        stage(
            &staging_of(&root.join("figures"), 9),
            &site,
            FIGURES_MARK,
            &manifest,
        )
        .expect("stage");
        recover(root, &root.join("site")).expect("recover");
        assert_both(root, "old");
    }

    /// Stages `files` beside `target` as a build does, returning the staging folder and
    /// its manifest.
    fn stage_as_built(target: &Path, files: &Tree, mark: &str) -> (PathBuf, String) {
        let staging = staging_of(target, 1);
        let manifest = manifest_of(files);
        stage(&staging, files, mark, &manifest).expect("stage");
        (staging, manifest)
    }

    /// Returns the journal a build with process id 1 writes for `out`.
    fn journal_of(figures: Option<u32>, out: &Path, site_manifest: &str) -> Journal {
        Journal {
            figures,
            site: Some(SiteSwap {
                pid: 1,
                digest: digest_of(site_manifest).to_string(),
                out: out.as_os_str().as_encoded_bytes().to_vec(),
            }),
        }
    }

    /// Asserts that the site and the figures are both at `version`, with nothing beside them.
    fn assert_both(root: &Path, version: &str) {
        for file in ["site/a.html", "figures/p/f.svg"] {
            let text = fs::read_to_string(root.join(file)).expect("read");
            assert_eq!(text, version, "{file}");
        }
        assert_eq!(names(root), ["figures", "site"]);
    }

    #[test]
    fn a_kill_after_the_exchange_never_swaps_the_old_tree_back() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        let figs = files(&[("p/f.svg", "new")]);
        publish_to(root, &files(&[("a.html", "old")]), &figs);
        let site = files(&[("a.html", "new")]);
        let (sstage, site_manifest) = stage_as_built(&root.join("site"), &site, MARK);
        write_journal(root, &journal_of(None, &root.join("site"), &site_manifest))
            .expect("journal");
        // The exchange happened; the kill lands before the old tree in staging is deleted,
        // part of it already gone.
        exchange(&sstage, &root.join("site")).expect("exchange");
        fs::remove_file(sstage.join("a.html")).expect("half deleted");
        recover(root, &root.join("site")).expect("recover");
        let text = fs::read_to_string(root.join("site/a.html")).expect("read");
        assert_eq!(text, "new");
        assert_eq!(names(root), ["figures", "site"]);
    }
}
