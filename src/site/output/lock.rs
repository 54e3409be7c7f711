//! Locks that keep two builds apart: one on the site's root, and one on the folder that
//! holds the output, so two sites built into one `--out` at once serialise there too.
//!
//! On Unix a lock is taken on the folder itself, so no lock file is written, followed or
//! left behind; elsewhere it is a file in the root, opened only when it is a plain file.

use std::fs;
use std::path::{Path, PathBuf};

use super::Fault;

/// The lock file of systems where a folder cannot be locked.
pub const LOCK_FILE: &str = ".nimsite.lock";

/// Locks held until dropped.
#[derive(Debug)]
pub struct Lock {
    _held: Vec<fs::File>,
}

/// What a lock attempt found.
#[derive(Debug)]
pub enum Locked {
    /// Every lock is held.
    Held(Lock),
    /// Another build holds the lock on this folder.
    Busy(PathBuf),
}

/// Takes the lock on `root` and, when it is another folder, on the nearest existing
/// folder holding `out`.
pub fn lock(root: &Path, out: &Path) -> Result<Locked, Fault> {
    let mut held = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    let mut holder = out.parent();
    while let Some(dir) = holder {
        if dir.is_dir() {
            if !same_folder(dir, root) {
                folders.push(dir.to_path_buf());
            }
            break;
        }
        holder = dir.parent();
    }
    for folder in folders {
        let file = open(&folder)?;
        match file.try_lock() {
            Ok(()) => held.push(file),
            Err(fs::TryLockError::WouldBlock) => return Ok(Locked::Busy(folder)),
            Err(fs::TryLockError::Error(source)) => return Err(Fault::io(&folder, source)),
        }
    }
    Ok(Locked::Held(Lock { _held: held }))
}

/// Returns whether two paths name one folder.
fn same_folder(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Opens what is locked for `folder`: the folder itself.
#[cfg(unix)]
fn open(folder: &Path) -> Result<fs::File, Fault> {
    fs::File::open(folder).map_err(|source| Fault::io(folder, source))
}

/// Opens what is locked for `folder`: its lock file, never through a link.
#[cfg(not(unix))]
fn open(folder: &Path) -> Result<fs::File, Fault> {
    let path = folder.join(LOCK_FILE);
    if let Ok(meta) = fs::symlink_metadata(&path)
        && !meta.file_type().is_file()
    {
        return Err(Fault::untrusted(
            &path,
            format!(
                "it is {}, not the build's lock file",
                super::own::kind_of(&meta)
            ),
            "remove it; the build makes its lock file itself",
        ));
    }
    fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|source| Fault::io(&path, source))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_build_of_one_root_or_into_one_folder_waits_its_turn() {
        let dir = tempfile::tempdir().expect("tempdir");
        let a = dir.path().join("a");
        let b = dir.path().join("b");
        let shared = dir.path().join("public");
        fs::create_dir_all(&a).expect("mkdir");
        fs::create_dir_all(&b).expect("mkdir");
        let first = match lock(&a, &shared.join("site")) {
            Ok(Locked::Held(lock)) => lock,
            other => panic!("{other:?}"),
        };
        assert!(matches!(lock(&a, &b.join("site")), Ok(Locked::Busy(p)) if p == a));
        // Another root, but the same output folder (its missing parent's parent).
        assert!(matches!(lock(&b, &shared.join("site")), Ok(Locked::Busy(p)) if p == dir.path()));
        assert!(matches!(lock(&b, &b.join("site")), Ok(Locked::Held(_))));
        drop(first);
        assert!(matches!(
            lock(&b, &shared.join("site")),
            Ok(Locked::Held(_))
        ));
    }

    #[test]
    fn leaves_no_file_behind() {
        let dir = tempfile::tempdir().expect("tempdir");
        let held = lock(dir.path(), &dir.path().join("site")).expect("lock");
        drop(held);
        let left: Vec<_> = fs::read_dir(dir.path()).expect("list").collect();
        assert!(left.is_empty() || cfg!(not(unix)));
    }
}
