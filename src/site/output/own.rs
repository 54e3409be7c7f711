//! The build's own files read and changed as untrusted input: anyone who can write the
//! repository or the folder can write them, so they are read with a bound, only as regular
//! files and never through a link, and every path they name is checked to be a plain
//! relative path before anything is removed or moved.

use std::fs;
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};

use super::Fault;

/// Returns the bytes of the regular file at `path`, or `None` when there is none; refuses
/// a link, a folder, a FIFO or a device, and a file above `limit` bytes, without reading it.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, Fault> {
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(Fault::io(path, source)),
    };
    if !meta.file_type().is_file() {
        return Err(Fault::untrusted(
            path,
            format!("it is {}, not a file the build wrote", kind_of(&meta)),
            "remove it; the build reads its own files only as plain files",
        ));
    }
    if meta.len() > limit {
        return Err(too_large(path, meta.len(), limit));
    }
    let file = open_plain(path).map_err(|source| Fault::io(path, source))?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| Fault::io(path, source))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(path, bytes.len() as u64, limit));
    }
    Ok(Some(bytes))
}

/// The refusal of a file above its bound.
fn too_large(path: &Path, len: u64, limit: u64) -> Fault {
    Fault::untrusted(
        path,
        format!("it holds {len} bytes, more than the {limit} the build ever writes there"),
        "remove it; the build writes it afresh",
    )
}

/// Opens `path` for reading without following a link or blocking on a FIFO, and checks
/// that what was opened is a regular file.
fn open_plain(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::other("not a regular file"));
    }
    Ok(file)
}

/// Names what kind of thing `meta` describes, for a message.
pub fn kind_of(meta: &fs::Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_dir() {
        "a folder"
    } else if kind.is_file() {
        "a file"
    } else {
        "a special file (a FIFO, socket or device)"
    }
}

/// Checks that `rel` is a plain relative path of `/`-separated names: none empty, `.`,
/// `..` or absolute, and none holding a control character or a backslash.
pub fn is_plain(rel: &str) -> bool {
    !rel.is_empty()
        && rel.split('/').all(|name| {
            !name.is_empty()
                && name != "."
                && name != ".."
                && !name.chars().any(|c| c.is_control() || c == '\\')
        })
        && Path::new(rel)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

/// Returns `top/rel` after checking that every folder on the way below `top` is a real
/// folder, never a link, making the missing ones when `make` is set.
pub fn inside(top: &Path, rel: &str, make: bool) -> Result<PathBuf, Fault> {
    let mut dir = top.to_path_buf();
    let mut names = rel.split('/').peekable();
    while let Some(name) = names.next() {
        if names.peek().is_none() {
            return Ok(dir.join(name));
        }
        dir.push(name);
        match fs::symlink_metadata(&dir) {
            Ok(meta) if meta.file_type().is_dir() => {}
            Ok(meta) => {
                return Err(Fault::untrusted(
                    &dir,
                    format!(
                        "it is {}, where the build keeps a folder of its own",
                        kind_of(&meta)
                    ),
                    "move it away; the build never writes through a link or over a file",
                ));
            }
            Err(err) if err.kind() == io::ErrorKind::NotFound && make => {
                fs::create_dir(&dir).map_err(|source| Fault::io(&dir, source))?;
            }
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(top.join(rel)),
            Err(source) => return Err(Fault::io(&dir, source)),
        }
    }
    Ok(dir)
}

/// Removes the file (or link) `top/rel`, if there is one, never through a link and never
/// a folder; then the folders its removal left empty, up to `top`.
pub fn remove_file(top: &Path, rel: &str) -> Result<(), Fault> {
    let path = inside(top, rel, false)?;
    match fs::symlink_metadata(&path) {
        Ok(meta) if meta.file_type().is_dir() => Ok(()),
        Ok(_) => {
            fs::remove_file(&path).map_err(|source| Fault::io(&path, source))?;
            let mut dir = path.parent();
            while let Some(d) = dir.filter(|d| *d != top && d.starts_with(top)) {
                if fs::remove_dir(d).is_err() {
                    break;
                }
                dir = d.parent();
            }
            Ok(())
        }
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(Fault::io(&path, source)),
    }
}

/// Creates `path` as a new file holding `bytes`, on disk when it returns; fails if
/// anything, a link included, already has that name.
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    create_new(path, bytes)?.sync_all()
}

/// Creates `path` as [`write_new`] does, leaving it to [`sync_all`] to put it on disk: a
/// folder of thousands of files then costs one flush, not one each.
pub fn write_unsynced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    create_new(path, bytes).map(drop)
}

/// Creates `path` as a new file holding `bytes` and returns it open.
fn create_new(path: &Path, bytes: &[u8]) -> io::Result<fs::File> {
    use std::io::Write;
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    file.write_all(bytes)?;
    Ok(file)
}

/// Puts the files at `paths`, all inside the folder `dir`, on disk: on Linux with one
/// `syncfs` of the file system that holds `dir`, elsewhere file by file.
pub fn sync_all<'a>(dir: &Path, paths: impl Iterator<Item = &'a Path>) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let _ = paths;
        let folder = fs::File::open(dir)?;
        // SAFETY: `syncfs` only reads the descriptor, which `folder` keeps open.
        if unsafe { libc::syncfs(folder.as_raw_fd()) } == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = dir;
        paths.try_for_each(|path| fs::File::open(path)?.sync_all())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_paths_are_relative_names_only() {
        for good in ["a.svg", "nim/a.svg", "a b/c.d", "ω/x.svg", ".hidden"] {
            assert!(is_plain(good), "{good}");
        }
        for bad in [
            "",
            "/etc/passwd",
            "../x",
            "a/../../x",
            "a//b",
            "./a",
            "a/.",
            "a\nb",
            "a\tb",
            "Icon\r",
            "a\\b",
            "\u{1b}[2J",
        ] {
            assert!(!is_plain(bad), "{bad:?}");
        }
    }

    #[test]
    fn reads_only_regular_files_within_the_bound() {
        let dir = tempfile::tempdir().expect("tempdir");
        let file = dir.path().join("f");
        fs::write(&file, "hello").expect("write");
        assert_eq!(
            read_bounded(&file, 5).expect("read"),
            Some(b"hello".to_vec())
        );
        assert!(read_bounded(&file, 4).is_err());
        assert_eq!(
            read_bounded(&dir.path().join("none"), 5).expect("read"),
            None
        );
        assert!(read_bounded(dir.path(), 5).is_err());
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&file, &link).expect("link");
            assert!(read_bounded(&link, 5).is_err());
            let fifo = dir.path().join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                assert!(read_bounded(&fifo, 5).is_err());
            }
        }
    }

    #[cfg(unix)]
    #[test]
    fn never_removes_or_writes_through_a_link() {
        let dir = tempfile::tempdir().expect("tempdir");
        let top = dir.path().join("figures");
        let victim = dir.path().join("victim");
        fs::create_dir_all(&top).expect("mkdir");
        fs::create_dir_all(&victim).expect("mkdir");
        fs::write(victim.join("a.svg"), "keep").expect("write");
        std::os::unix::fs::symlink(&victim, top.join("nim")).expect("link");
        assert!(remove_file(&top, "nim/a.svg").is_err());
        assert!(inside(&top, "nim/a.svg", true).is_err());
        assert_eq!(
            fs::read_to_string(victim.join("a.svg")).expect("kept"),
            "keep"
        );
        // A link where a file was is removed itself, never its target.
        std::os::unix::fs::symlink(victim.join("a.svg"), top.join("b.svg")).expect("link");
        remove_file(&top, "b.svg").expect("remove");
        assert_eq!(
            fs::read_to_string(victim.join("a.svg")).expect("kept"),
            "keep"
        );
        assert!(write_new(&top.join("nim"), b"x").is_err());
    }
}
