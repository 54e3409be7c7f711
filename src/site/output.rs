//! Crash-safe output: everything is written to a staging directory beside its target and
//! swapped in with renames, so an interrupted build leaves the previous complete tree.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Returns the sibling of `target` named `.<name>.<suffix>`.
fn sibling(target: &Path, suffix: &str) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "site".to_string(), |n| n.to_string_lossy().into_owned());
    target.with_file_name(format!(".{name}.{suffix}"))
}

/// Replaces the directory `target` by exactly `files` (paths relative to it), atomically.
pub fn replace_dir(target: &Path, files: &BTreeMap<String, Vec<u8>>) -> io::Result<()> {
    if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)?;
    }
    recover(target)?;
    let staging = sibling(target, "staging");
    if staging.exists() {
        fs::remove_dir_all(&staging)?;
    }
    fs::create_dir_all(&staging)?;
    for (path, bytes) in files {
        let dest = staging.join(path);
        if let Some(parent) = dest.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(&dest, bytes)?;
    }
    swap_in(&staging, target)
}

/// Puts back the previous tree if an earlier swap stopped between its two renames.
fn recover(target: &Path) -> io::Result<()> {
    let old = sibling(target, "old");
    if old.exists() {
        if target.exists() {
            fs::remove_dir_all(&old)?;
        } else {
            fs::rename(&old, target)?;
        }
    }
    Ok(())
}

/// Moves `staging` to `target`, exchanging the two in one step where the system allows.
fn swap_in(staging: &Path, target: &Path) -> io::Result<()> {
    if !target.exists() {
        return fs::rename(staging, target);
    }
    if exchange(staging, target).is_ok() {
        return fs::remove_dir_all(staging);
    }
    let old = sibling(target, "old");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_a_tree_exactly() {
        let dir = tempfile::tempdir().expect("tempdir");
        let target = dir.path().join("site");
        let mut files = BTreeMap::new();
        files.insert("a.html".to_string(), b"one".to_vec());
        files.insert("x/b.css".to_string(), b"two".to_vec());
        replace_dir(&target, &files).expect("first write");
        files.remove("a.html");
        files.insert("c.html".to_string(), b"three".to_vec());
        replace_dir(&target, &files).expect("second write");
        assert_eq!(read_tree(&target).expect("read"), files);
        let leftovers: Vec<_> = fs::read_dir(dir.path())
            .expect("list")
            .filter_map(Result::ok)
            .map(|e| e.file_name())
            .collect();
        assert_eq!(leftovers, vec![std::ffi::OsString::from("site")]);
    }

    #[test]
    fn recovers_from_a_swap_cut_short() {
        let dir = tempfile::tempdir().expect("tempdir");
        let target = dir.path().join("site");
        fs::create_dir_all(dir.path().join(".site.old")).expect("mkdir");
        fs::write(dir.path().join(".site.old/a.html"), "old").expect("write");
        recover(&target).expect("recover");
        assert_eq!(
            fs::read_to_string(target.join("a.html")).expect("read"),
            "old"
        );
    }
}
