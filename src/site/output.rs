//! The build's own output, written so that nothing is lost.
//!
//! The site is written whole into a staging folder beside its target and swapped in; the
//! figures are written file by file into `figures/`, which may hold files of the author's.
//! Each carries a manifest of what the build wrote (`.nimsite-output` in the site,
//! `.nimsite-figures` in `figures/`), and the build replaces a folder only when it is
//! absent, empty or marked as its own, and removes only files its manifest lists. A journal
//! written before the first change lets the next build finish a swap that a kill cut
//! short, so `figures/` and the site are both old or both new.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

/// The manifest the build writes into the site: what it wrote, so it knows it may replace it.
pub const MARK: &str = ".nimsite-output";
/// The manifest the build writes into `figures/`: the figures it drew.
pub const FIGURES_MARK: &str = ".nimsite-figures";
/// The lock that keeps two builds of one root apart.
pub const LOCK: &str = ".nimsite.lock";
/// The journal of a swap in progress, in the root.
const JOURNAL: &str = ".nimsite-journal";
/// The first line of every manifest.
const HEADER: &str =
    "# written by nimsite build; it replaces this folder only while it holds only these files";

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

/// Returns `path` absolute, with `.` and `..` resolved and the longest existing ancestor's
/// symbolic links followed, so that two spellings of one folder compare equal.
pub fn resolve(path: &Path) -> io::Result<PathBuf> {
    let absolute = std::path::absolute(path)?;
    let mut normal = PathBuf::new();
    for part in absolute.components() {
        match part {
            Component::ParentDir => {
                normal.pop();
            }
            Component::CurDir => {}
            other => normal.push(other),
        }
    }
    let mut existing = normal.as_path();
    let mut rest = Vec::new();
    while fs::symlink_metadata(existing).is_err() {
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_owned());
                existing = parent;
            }
            _ => break,
        }
    }
    let mut out = fs::canonicalize(existing).unwrap_or_else(|_| existing.to_path_buf());
    out.extend(rest.iter().rev());
    Ok(out)
}

/// Checks that the site may be written to `out`: never the root, an ancestor of it, or a
/// folder of the sources, and otherwise only a folder that is absent, empty or the build's own.
pub fn check_output(root: &Path, out: &Path) -> Result<(), Refusal> {
    let shown = out.display();
    let io_refusal = |err: io::Error| {
        Refusal::new(
            format!("cannot read {shown}: {err}"),
            "choose a folder that can be read and written",
        )
    };
    if let Ok(meta) = fs::symlink_metadata(out) {
        if meta.file_type().is_symlink() {
            return Err(Refusal::new(
                format!("{shown} is a symbolic link"),
                "give the folder itself with --out; the build does not replace links",
            ));
        }
        if !meta.is_dir() {
            return Err(Refusal::new(
                format!("{shown} is a file, not a folder"),
                "choose a folder that does not exist yet, or is empty",
            ));
        }
    }
    let root_abs = resolve(root).map_err(io_refusal)?;
    let out_abs = resolve(out).map_err(io_refusal)?;
    if root_abs.starts_with(&out_abs) {
        let what = if root_abs == out_abs {
            "the site's root"
        } else {
            "a folder that holds the site's root"
        };
        return Err(Refusal::new(
            format!("{shown} is {what}, and writing the site there would replace it"),
            "use the default (site/ in the root) or a new folder, such as --out site",
        ));
    }
    for source in ["content", "templates", "figures", ".git"] {
        if out_abs.starts_with(root_abs.join(source)) {
            return Err(Refusal::new(
                format!("{shown} is inside {source}/, which holds the site's sources"),
                "use the default (site/ in the root) or a folder outside content/, templates/ and figures/",
            ));
        }
    }
    if !out.exists() {
        return Ok(());
    }
    let stray = strays(out).map_err(io_refusal)?;
    if let Some(first) = stray.first() {
        let marked = out.join(MARK).is_file();
        let (reason, hint) = if marked {
            (
                format!("{shown} holds {first}, which no build wrote"),
                "move that file out of the output folder; the build replaces the folder whole",
            )
        } else {
            (
                format!(
                    "{shown} is not empty and was not written by nimsite build (it holds {first} and no {MARK})"
                ),
                "choose a new or empty folder; if this is an old build, remove it yourself",
            )
        };
        return Err(Refusal::new(reason, hint));
    }
    Ok(())
}

/// Returns the files under `dir` that its manifest does not list (all of them without one).
fn strays(dir: &Path) -> io::Result<Vec<String>> {
    let listed = read_manifest(&dir.join(MARK))?.unwrap_or_default();
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(dir).min_depth(1).sort_by_file_name() {
        let entry = entry.map_err(io::Error::other)?;
        if entry.file_type().is_dir() {
            continue;
        }
        let rel = super::content::display_path(dir, entry.path());
        if rel != MARK && !listed.contains(&rel) {
            out.push(rel);
        }
    }
    Ok(out)
}

/// Reads a manifest: `None` when there is none, or it lacks the header.
fn read_manifest(path: &Path) -> io::Result<Option<BTreeSet<String>>> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(err) if err.kind() == io::ErrorKind::InvalidData => return Ok(None),
        Err(err) => return Err(err),
    };
    let mut lines = text.lines();
    if lines.next() != Some(HEADER) {
        return Ok(None);
    }
    Ok(Some(
        lines
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect(),
    ))
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

/// A lock on one root, released when dropped.
#[derive(Debug)]
pub struct Lock {
    _file: fs::File,
}

/// Takes the root's build lock, or says that another build holds it.
pub fn lock(root: &Path) -> io::Result<Option<Lock>> {
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(root.join(LOCK))?;
    match file.try_lock() {
        Ok(()) => Ok(Some(Lock { _file: file })),
        Err(fs::TryLockError::WouldBlock) => Ok(None),
        Err(fs::TryLockError::Error(err)) => Err(err),
    }
}

/// Returns the sibling of `target` named `.<name>.<suffix>`.
fn sibling(target: &Path, suffix: &str) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "site".to_string(), |n| n.to_string_lossy().into_owned());
    target.with_file_name(format!(".{name}.{suffix}"))
}

/// Writes `bytes` to `path` through a temporary file and a rename.
fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = sibling(path, "tmp");
    let mut file = fs::File::create(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    fs::rename(&tmp, path)
}

/// What one build publishes: the site's files, and the figures it drew.
#[derive(Debug)]
pub struct Publish<'a> {
    /// The site root, which holds `figures/` and the lock.
    pub root: &'a Path,
    /// The site's folder.
    pub out: &'a Path,
    /// Every file of the site.
    pub files: &'a BTreeMap<String, Vec<u8>>,
    /// Every figure drawn, keyed by its path inside `figures/`.
    pub figures: &'a BTreeMap<String, Vec<u8>>,
}

/// Writes the figures and the site; the caller holds the root's lock.
pub fn publish(p: &Publish<'_>) -> io::Result<()> {
    recover(p.root)?;
    remove_stale_staging(p.out)?;
    let figures_dir = p.root.join("figures");
    let figures_manifest = manifest_of(p.figures);
    let figures_fresh = fs::read_to_string(figures_dir.join(FIGURES_MARK))
        .ok()
        .as_deref()
        == Some(figures_manifest.as_str())
        && p.figures
            .iter()
            .all(|(k, v)| fs::read(figures_dir.join(k)).ok().as_ref() == Some(v));
    let pid = std::process::id();
    let mut journal = String::new();
    if !figures_fresh && (!p.figures.is_empty() || figures_dir.join(FIGURES_MARK).exists()) {
        let staging = sibling(&figures_dir, &format!("staging-{pid}"));
        stage(&staging, p.figures, FIGURES_MARK, &figures_manifest)?;
        journal.push_str(&format!("figures\t{}\n", staging.display()));
    }
    if let Some(parent) = p.out.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)?;
    }
    let site_manifest = manifest_of(p.files);
    let staging = sibling(p.out, &format!("staging-{pid}"));
    stage(&staging, p.files, MARK, &site_manifest)?;
    journal.push_str(&format!(
        "site\t{}\t{}\t{}\n",
        staging.display(),
        p.out.display(),
        digest_line(&site_manifest)
    ));
    write_atomic(&p.root.join(JOURNAL), journal.as_bytes())?;
    recover(p.root)?;
    remove_stale_staging(p.out)
}

/// Writes `files` and the manifest into a fresh `staging` folder.
fn stage(
    staging: &Path,
    files: &BTreeMap<String, Vec<u8>>,
    mark: &str,
    manifest: &str,
) -> io::Result<()> {
    if staging.exists() {
        fs::remove_dir_all(staging)?;
    }
    fs::create_dir_all(staging)?;
    for (path, bytes) in files {
        let dest = staging.join(path);
        if let Some(parent) = dest.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(&dest, bytes)?;
    }
    fs::write(staging.join(mark), manifest)
}

/// Finishes a journaled swap a kill cut short, then removes staging folders that no
/// journal names (left by a build killed before its journal was written).
pub fn recover(root: &Path) -> io::Result<()> {
    let journal = root.join(JOURNAL);
    if let Ok(text) = fs::read_to_string(&journal) {
        for line in text.lines() {
            let parts: Vec<&str> = line.split('\t').collect();
            match parts.as_slice() {
                ["figures", staging] => apply_figures(Path::new(staging), &root.join("figures"))?,
                ["site", staging, out, digest] => {
                    apply_site(Path::new(staging), Path::new(out), digest)?;
                }
                _ => {}
            }
        }
        fs::remove_file(&journal)?;
    }
    remove_stale_staging(&root.join("figures"))?;
    remove_stale_staging(&root.join("site"))
}

/// Removes `.<name>.staging-*` and `.<name>.old*` folders beside `target`, which only a
/// build makes, and only a killed one leaves.
fn remove_stale_staging(target: &Path) -> io::Result<()> {
    let (Some(parent), Some(name)) = (target.parent(), target.file_name()) else {
        return Ok(());
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let Ok(entries) = fs::read_dir(parent) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(suffix) = file.strip_prefix(&prefix) else {
            continue;
        };
        if (suffix.starts_with("staging-") || suffix.starts_with("old"))
            && entry.file_type().is_ok_and(|t| t.is_dir())
        {
            fs::remove_dir_all(entry.path())?;
        }
    }
    Ok(())
}

/// Moves staged figures into `figures/`: removes the figures the old manifest lists and the
/// new one does not, moves each new figure in, and the manifest last. Safe to repeat.
fn apply_figures(staging: &Path, figures: &Path) -> io::Result<()> {
    if !staging.exists() {
        return Ok(());
    }
    let new = read_manifest(&staging.join(FIGURES_MARK))?;
    if let Some(new) = &new {
        let old = read_manifest(&figures.join(FIGURES_MARK))?.unwrap_or_default();
        for gone in old.difference(new) {
            let path = figures.join(gone);
            if path.is_file() {
                fs::remove_file(&path)?;
                remove_empty_parents(&path, figures);
            }
        }
    }
    for entry in walkdir::WalkDir::new(staging)
        .min_depth(1)
        .sort_by_file_name()
    {
        let entry = entry.map_err(io::Error::other)?;
        if entry.file_type().is_dir() {
            continue;
        }
        let rel = super::content::display_path(staging, entry.path());
        if rel == FIGURES_MARK {
            continue;
        }
        let dest = figures.join(&rel);
        if let Some(parent) = dest.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::rename(entry.path(), dest)?;
    }
    if new.is_some() {
        fs::rename(staging.join(FIGURES_MARK), figures.join(FIGURES_MARK))?;
    }
    fs::remove_dir_all(staging)
}

/// Removes the folders above `path` that its removal left empty, up to `top`.
fn remove_empty_parents(path: &Path, top: &Path) {
    let mut dir = path.parent();
    while let Some(d) = dir.filter(|d| *d != top && d.starts_with(top)) {
        if fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
}

/// Returns a manifest's digest line, which names the tree it lists.
fn digest_line(manifest: &str) -> &str {
    manifest.lines().nth(1).unwrap_or("")
}

/// Swaps a staged site in at `out`, unless the swap already happened. Safe to repeat: the
/// tree at `staging` is swapped in only while it is the one the journal names (`digest`);
/// after the exchange it is the old tree, and is thrown away.
fn apply_site(staging: &Path, out: &Path, digest: &str) -> io::Result<()> {
    if !staging.exists() {
        return Ok(());
    }
    let staged = fs::read_to_string(staging.join(MARK)).unwrap_or_default();
    if digest.is_empty() || digest_line(&staged) != digest {
        return discard(staging, out);
    }
    swap_in(staging, out)
}

/// Moves a folder beside `target` out of the way in one rename, then deletes it, so a
/// kill during the deletion never leaves a half-deleted tree where a build looks.
fn discard(dir: &Path, target: &Path) -> io::Result<()> {
    let trash = sibling(target, &format!("old-{}", std::process::id()));
    if trash.exists() {
        fs::remove_dir_all(&trash)?;
    }
    fs::rename(dir, &trash)?;
    fs::remove_dir_all(&trash)
}

/// Moves `staging` to `target`, exchanging the two in one step where the system allows.
fn swap_in(staging: &Path, target: &Path) -> io::Result<()> {
    if !target.exists() {
        return fs::rename(staging, target);
    }
    if exchange(staging, target).is_ok() {
        return discard(staging, target);
    }
    let old = sibling(target, "old");
    if old.exists() {
        fs::remove_dir_all(&old)?;
    }
    fs::rename(target, &old)?;
    fs::rename(staging, target)?;
    fs::remove_dir_all(&old)
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

/// Reads every file under `dir` into a map keyed by its relative path; empty if absent.
pub fn read_tree(dir: &Path) -> io::Result<BTreeMap<String, Vec<u8>>> {
    let mut files = BTreeMap::new();
    if !dir.exists() {
        return Ok(files);
    }
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.map_err(io::Error::other)?;
        if entry.file_type().is_file() {
            let rel = super::content::display_path(dir, entry.path());
            files.insert(rel, fs::read(entry.path())?);
        }
    }
    Ok(files)
}

/// The files of a folder keyed by their path inside it.
pub type Tree = BTreeMap<String, Vec<u8>>;

/// Returns the figures `figures/` holds as the build's own: those its manifest lists, or
/// every SVG when it has none; and the manifest's text, if any.
pub fn read_figures(dir: &Path) -> io::Result<(Tree, Option<String>)> {
    let mark = fs::read_to_string(dir.join(FIGURES_MARK)).ok();
    let listed = read_manifest(&dir.join(FIGURES_MARK))?;
    let mut files = read_tree(dir)?;
    files.retain(|path, _| match &listed {
        Some(listed) => listed.contains(path),
        None => path.ends_with(".svg") && !path.split('/').any(|p| p.starts_with('.')),
    });
    Ok((files, mark))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let out = root.join("site");
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
        let (ours, _) = read_figures(&root.join("figures")).expect("read");
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
        let (sstage, site_manifest) = stage_as_built(&root.join("site"), &site, MARK);
        let journal = format!(
            "figures\t{}\nsite\t{}\t{}\t{}\n",
            fstage.display(),
            sstage.display(),
            root.join("site").display(),
            digest_line(&site_manifest)
        );
        fs::write(root.join(JOURNAL), journal).expect("journal");
        // The figures are half applied when the kill lands.
        apply_figures(&fstage, &root.join("figures")).expect("figures");
        assert_eq!(
            fs::read_to_string(root.join("site/a.html")).expect("read"),
            "old"
        );
        recover(root).expect("recover");
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
        stage(&sibling(&root.join("site"), "staging-9"), &site, MARK, "x").expect("stage");
        stage(
            &sibling(&root.join("figures"), "staging-9"),
            &site,
            FIGURES_MARK,
            "x",
        )
        .expect("stage");
        recover(root).expect("recover");
        assert_both(root, "old");
    }

    /// Stages `files` beside `target` as a build does, returning the staging folder and
    /// its manifest.
    fn stage_as_built(target: &Path, files: &Tree, mark: &str) -> (PathBuf, String) {
        let staging = sibling(target, "staging-1");
        let manifest = manifest_of(files);
        stage(&staging, files, mark, &manifest).expect("stage");
        (staging, manifest)
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
        let journal = format!(
            "site\t{}\t{}\t{}\n",
            sstage.display(),
            root.join("site").display(),
            digest_line(&site_manifest)
        );
        fs::write(root.join(JOURNAL), journal).expect("journal");
        // The exchange happened; the kill lands before the old tree in staging is deleted,
        // part of it already gone.
        exchange(&sstage, &root.join("site")).expect("exchange");
        fs::remove_file(sstage.join("a.html")).expect("half deleted");
        recover(root).expect("recover");
        let text = fs::read_to_string(root.join("site/a.html")).expect("read");
        assert_eq!(text, "new");
        assert_eq!(names(root), ["figures", "site"]);
    }

    #[test]
    fn a_second_lock_on_one_root_is_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let first = lock(dir.path()).expect("lock").expect("free");
        assert!(lock(dir.path()).expect("lock").is_none());
        drop(first);
        assert!(lock(dir.path()).expect("lock").is_some());
    }
}
