//! `new NAME`: a fresh essay page on the next rung, with one directive and one role to
//! copy from. NAME may name folders (`games/stones`), as nested pages work, but never
//! leaves `content/`.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::site::Error;
use crate::site::content;
use crate::site::dates::PageDate;
use crate::site::front_matter::{self, PLACEHOLDER_SUMMARY};

/// Checks that a page name is safe as a path under `content/`: `/`-separated parts, none
/// empty, `.` or `..`, none starting with `-`, `_` or `.`, and no drive or backslash.
fn check_name(name: &str) -> Result<(), &'static str> {
    if name.trim().is_empty() {
        return Err("it is empty");
    }
    // A line break or tab would end the title's TOML string in the page's front matter.
    if name.chars().any(char::is_control) {
        return Err("it holds a control character, such as a line break or a tab");
    }
    // A title (a last part with a space) may hold `\` and `:`, which its slug drops; in
    // a folder or a slug they would read as a path of another system.
    let last = name.rsplit('/').next().unwrap_or(name);
    let folders = &name[..name.len() - last.len()];
    let is_title = last.contains(' ');
    if name.starts_with('/')
        || folders.contains(['\\', ':'])
        || (!is_title && last.contains(['\\', ':']))
    {
        return Err("it must be a path inside content/, such as `games/stones`");
    }
    for part in name.split('/') {
        if part.trim().is_empty() || part == "." || part == ".." {
            return Err("its folders cannot be empty, `.` or `..`");
        }
        if part.starts_with(['-', '_', '.']) {
            return Err("no part may start with `-`, `_` or `.`");
        }
    }
    Ok(())
}

/// Returns the slug of one part of a name: lowercase letters and digits, with `-` for
/// spaces, `-` and `_` kept, anything else dropped.
fn slug_part(part: &str) -> String {
    let mut slug = String::new();
    for c in part.trim().chars() {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
            slug.push(c);
        } else if (c == '-' || c.is_whitespace()) && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_matches('-').to_string()
}

/// Reads `new`'s argument: a slug (`nim-sums`), a file name (`nim-sums.md`) or a title
/// (`"Nim sums"`), with folders before it. Returns the page's slug and its title: the
/// last part as given when it is a title, else the slug's words with a capital.
pub fn read_name(name: &str) -> Result<(String, String), &'static str> {
    let name = name.strip_suffix(".md").unwrap_or(name);
    check_name(name)?;
    let parts: Vec<String> = name.split('/').map(slug_part).collect();
    if parts.iter().any(|p| p.is_empty() || p.starts_with('_')) {
        return Err("use letters, digits, spaces, `-` and `_`, with `/` between folders");
    }
    let given = name.rsplit('/').next().unwrap_or(name).trim();
    let last = parts.last().map_or("", String::as_str);
    let title = if given == last {
        let words = last.replace(['-', '_'], " ");
        let mut chars = words.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    } else {
        given.to_string()
    };
    Ok((parts.join("/"), title))
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

/// Returns the scaffold's Markdown for a page with `title` on `rung`, dated `date`.
pub fn template(title: &str, rung: i64, date: &str) -> String {
    // TOML's own writer quotes the title, escaping quotes, backslashes and controls.
    let title = toml::Value::String(title.to_string()).to_string();
    format!(
        "+++\ntitle = {title}\nrung = {rung}\ndate = {date}\nsummary = \"{PLACEHOLDER_SUMMARY}\"\n+++\n\n\
         Write the essay here. Every number below is computed when the site is built.\n\n\
         ```{{table}}\n:op: add\n:size: 4\n:caption: The nimbers below 4 under nim-addition\n```\n\n\
         The role {{nim}}`2*2` shows a nim-product with its value.\n"
    )
}

/// Returns today's date in UTC as `YYYY-MM-DD`, for a new page's `date`.
pub(super) fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    PageDate::from_unix_days(seconds / 86_400).iso()
}

/// Creates `content/NAME.md`, with its folders, and returns its path; refuses unsafe
/// names and files that already exist.
pub fn create(root: &Path, name: &str) -> Result<PathBuf, Error> {
    let (slug, title) = read_name(name).map_err(|reason| Error::BadName {
        name: name.to_string(),
        reason,
    })?;
    let path = root.join("content").join(format!("{slug}.md"));
    // Symbolic links are never followed into content/, so never out of it either.
    let mut dir = root.join("content");
    let mut parts = slug.split('/').peekable();
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
    let text = template(&title, next_rung(root), &today());
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
        let fm = front_matter::parse("x", &template("Nim \"sums\" \\ more", 3, "2024-05-17"))
            .expect("valid");
        assert_eq!(fm.rung, Some(3));
        assert_eq!(fm.title, "Nim \"sums\" \\ more");
        let fm = front_matter::parse("x", &template("a\nb\u{1}", 1, "2024-05-17")).expect("valid");
        assert_eq!(fm.title, "a\nb\u{1}");
        assert_eq!(fm.date.map(|d| d.iso()).as_deref(), Some("2024-05-17"));
        assert_eq!(fm.summary.as_deref(), Some(PLACEHOLDER_SUMMARY));
        assert!(PageDate::parse(&today()).is_ok(), "{}", today());
    }

    #[test]
    fn names_may_be_slugs_files_or_titles() {
        let read = |n: &str| read_name(n).expect(n);
        assert_eq!(read("nim-sums"), ("nim-sums".into(), "Nim sums".into()));
        assert_eq!(read("nim-sums.md"), ("nim-sums".into(), "Nim sums".into()));
        assert_eq!(read("My Page"), ("my-page".into(), "My Page".into()));
        assert_eq!(
            read("games/Stones in a row!"),
            ("games/stones-in-a-row".into(), "Stones in a row!".into())
        );
        assert_eq!(
            read("A \"quoted\" \\ title: yes"),
            (
                "a-quoted-title-yes".into(),
                "A \"quoted\" \\ title: yes".into()
            )
        );
        assert_eq!(
            read("games/stones_1d"),
            ("games/stones_1d".into(), "Stones 1d".into())
        );
    }

    #[test]
    fn rejects_unsafe_names() {
        for bad in [
            "",
            " ",
            "../x",
            "a/../b",
            "/abs",
            "a//b",
            "a/",
            "-x",
            ".hidden",
            "a\\b",
            "c:/x",
            "a/.b",
            "!!",
            "a/ /b",
            ".md",
            "My\nTitle",
            "tab\there",
            "a\u{7f}b",
            "x\r",
        ] {
            assert!(read_name(bad).is_err(), "{bad}");
        }
    }
}
