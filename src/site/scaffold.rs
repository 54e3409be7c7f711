//! `new NAME`: a fresh essay page on the next rung, with one directive and one role to
//! copy from. NAME may name folders (`games/stones`), as nested pages work, but never
//! leaves `content/`.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::Error;
use super::{content, front_matter};

/// Checks that a page name is safe as a path under `content/` and as a URL: one or more
/// `/`-separated parts of lowercase letters, digits, `-` and `_`.
fn check_name(name: &str) -> Result<(), &'static str> {
    if name.is_empty() {
        return Err("it is empty");
    }
    if name.starts_with('/') || name.contains('\\') || name.contains(':') {
        return Err("it must be a path inside content/, such as `games/stones`");
    }
    for part in name.split('/') {
        if part.is_empty() || part == "." || part == ".." {
            return Err("its folders cannot be empty, `.` or `..`");
        }
        if part.starts_with(['-', '_', '.']) {
            return Err("no part may start with `-`, `_` or `.`");
        }
        let plain = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
        if !part.chars().all(plain) {
            return Err("use lowercase letters, digits, `-` and `_`, with `/` between folders");
        }
    }
    Ok(())
}

/// Returns the next free rung: one above the highest rung of any readable page.
pub fn next_rung(root: &Path) -> i64 {
    let Ok(pages) = content::discover(root) else {
        return 1;
    };
    pages
        .iter()
        .filter_map(|p| fs::read_to_string(&p.path).ok())
        .filter_map(|s| front_matter::parse("", &s).ok())
        .filter_map(|f| f.rung)
        .max()
        .map_or(1, |r| r.saturating_add(1))
}

/// Returns the scaffold's Markdown for a page; the title comes from the name's last part.
pub fn template(name: &str, rung: i64) -> String {
    let last = name.rsplit('/').next().unwrap_or(name);
    let title = last.replace(['-', '_'], " ");
    format!(
        "+++\ntitle = \"{title}\"\nrung = {rung}\nsummary = \"One line on what this page shows.\"\n+++\n\n\
         Write the essay here. Every number below is computed when the site is built.\n\n\
         ```{{table}}\n:op: add\n:size: 4\n:caption: The nimbers below 4 under nim-addition\n```\n\n\
         The role {{nim}}`2*2` shows a nim-product with its value.\n"
    )
}

/// Creates `content/NAME.md`, with its folders, and returns its path; refuses unsafe
/// names and files that already exist.
pub fn create(root: &Path, name: &str) -> Result<PathBuf, Error> {
    check_name(name).map_err(|reason| Error::BadName {
        name: name.to_string(),
        reason,
    })?;
    let path = root.join("content").join(format!("{name}.md"));
    // Symbolic links are never followed into content/, so never out of it either.
    let mut dir = root.join("content");
    let mut parts = name.split('/').peekable();
    while let Some(part) = parts.next() {
        let is_link = fs::symlink_metadata(&dir).is_ok_and(|m| m.file_type().is_symlink());
        if is_link {
            return Err(Error::BadName {
                name: name.to_string(),
                reason: "it passes through a symbolic link, which may lead out of the root",
            });
        }
        if parts.peek().is_some() {
            dir.push(part);
        }
    }
    let failed = |path: &Path| {
        let path = path.to_path_buf();
        move |source| Error::Write { path, source }
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(failed(dir))?;
    }
    let text = template(name, next_rung(root));
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => Error::Exists(path.clone()),
            _ => failed(&path)(e),
        })?;
    file.write_all(text.as_bytes()).map_err(failed(&path))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaffold_has_valid_front_matter() {
        let fm = front_matter::parse("x", &template("nim-sums", 3)).expect("valid");
        assert_eq!(fm.rung, Some(3));
        assert_eq!(fm.title, "nim sums");
        let nested = front_matter::parse("x", &template("games/stones-1d", 4)).expect("valid");
        assert_eq!(nested.title, "stones 1d");
    }

    #[test]
    fn accepts_nested_names_and_rejects_unsafe_ones() {
        for bad in [
            "", "../x", "a/../b", "/abs", "a//b", "a/", "A", "-x", "a b", ".hidden", "a\\b",
            "c:/x", "a/.b",
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        for good in ["nim-sums_2", "a/b", "games/stones/1d"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
    }
}
