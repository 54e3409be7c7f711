//! `new NAME`: a fresh essay page on the next rung, with one directive and one role to
//! copy from.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::{content, front_matter};

/// Returns whether a page name is safe to use as a file name and URL.
fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with(['-', '_', '.'])
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
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

/// Returns the scaffold's Markdown for a page.
pub fn template(name: &str, rung: i64) -> String {
    let title = name.replace(['-', '_'], " ");
    format!(
        "+++\ntitle = \"{title}\"\nrung = {rung}\nsummary = \"One line on what this page shows.\"\n+++\n\n\
         Write the essay here. Every number below is computed when the site is built.\n\n\
         ```{{table}}\n:op: add\n:size: 4\n:caption: The nimbers below 4 under nim-addition\n```\n\n\
         The role {{nim}}`2*2` shows a nim-product with its value.\n"
    )
}

/// Creates `content/NAME.md` and returns its path; refuses names that are not plain
/// lowercase words and files that already exist.
pub fn create(root: &Path, name: &str) -> Result<PathBuf, String> {
    if !is_valid_name(name) {
        return Err(format!(
            "`{name}` is not a valid page name; use lowercase letters, digits, `-` and `_`"
        ));
    }
    let dir = root.join("content");
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(format!("{name}.md"));
    let text = template(name, next_rung(root));
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => {
                format!("{} already exists; nothing was written", path.display())
            }
            _ => format!("cannot create {}: {e}", path.display()),
        })?;
    file.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
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
    }

    #[test]
    fn rejects_unsafe_names() {
        for bad in ["", "../x", "a/b", "A", "-x", "a b", ".hidden"] {
            assert!(!is_valid_name(bad), "{bad}");
        }
        assert!(is_valid_name("nim-sums_2"));
    }
}
