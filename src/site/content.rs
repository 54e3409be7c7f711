//! Finding the essays: every `content/**/*.md`, in a stable order, with its slug and URL.

use crate::diagnostics::Code;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::diagnostics::Diagnostic;

/// One Markdown file found under `content/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The path as diagnostics show it, relative to the root with `/` separators.
    pub file: String,
    /// The path on disk.
    pub path: PathBuf,
    /// The page's slug: `index` for `_index.md`, `a/b` for `content/a/b.md`.
    pub slug: String,
}

impl SourceFile {
    /// Returns the page's URL relative to the site root, such as `a/b.html`.
    pub fn url(&self) -> String {
        super::urls::page_url(&self.slug)
    }

    /// Returns the relative prefix from the page's HTML file to the site root.
    pub fn root_prefix(&self) -> String {
        super::urls::root_prefix(&self.slug)
    }

    /// Returns whether this is the home page, `content/_index.md`.
    pub fn is_home(&self) -> bool {
        self.slug == "index"
    }
}

/// Returns whether a file name is hidden or an editor's backup or lock file.
fn is_ignored(name: &str) -> bool {
    name.starts_with('.')
        || name.starts_with('#')
        || name.ends_with('~')
        || name.ends_with(".swp")
        || name.ends_with(".bak")
}

/// Finds every page under `root/content`, sorted by path; reports what is wrong under
/// it: a `content` link leading out of the root, a name holding a control character, a
/// FIFO, socket or device, an unreadable folder.
pub fn discover(root: &Path) -> Result<Vec<SourceFile>, Vec<Diagnostic>> {
    let content = root.join("content");
    if !content.is_dir() {
        return Err(vec![Diagnostic::error(
            Code::Io,
            "content",
            None,
            "no content/ directory under the site root",
        )
        .with_note(format!(
            "the site root is {}; pass `--root DIR`, or run `nimsite init` there to start a site",
            root.display()
        ))]);
    }
    check_link(root, &content).map_err(|d| vec![*d])?;
    let mut pages = Vec::new();
    let (files, mut errors) = regular_files(root, &content);
    for path in files {
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        match slug_of(&content, &path) {
            Some(slug) => pages.push(SourceFile {
                file: display_path(root, &path),
                path,
                slug,
            }),
            None => errors.push(Diagnostic::error(
                Code::Io,
                display_path(root, &path),
                None,
                "the file name is not valid UTF-8",
            )),
        }
    }
    if errors.is_empty() {
        Ok(pages)
    } else {
        Err(errors)
    }
}

/// Refuses `content` when it is a symbolic link whose target is the root itself or lies
/// outside it: walking it would publish whatever the link leads to.
fn check_link(root: &Path, content: &Path) -> Result<(), Box<Diagnostic>> {
    let is_link = std::fs::symlink_metadata(content).is_ok_and(|m| m.file_type().is_symlink());
    if !is_link {
        return Ok(());
    }
    let (Ok(target), Ok(inside)) = (content.canonicalize(), root.canonicalize()) else {
        return Err(Box::new(Diagnostic::error(
            Code::Io,
            "content",
            None,
            "content is a symbolic link that cannot be resolved",
        )));
    };
    if target.starts_with(&inside) && target != inside {
        return Ok(());
    }
    Err(Box::new(
        Diagnostic::error(
            Code::Io,
            "content",
            None,
            format!(
                "content is a symbolic link to {} outside the site's root",
                crate::escape::visible(&target.to_string_lossy())
            ),
        )
        .with_note(
            "a link leading out of the root is never published: put the folder itself in the root",
        ),
    ))
}

/// Walks `content`, never through a link, and returns its regular files that are neither
/// hidden nor backups, sorted by path, with what is wrong under it. A name holding a
/// control character is refused (with all below it): it would break every line-based list
/// the build keeps of its output.
fn regular_files(root: &Path, content: &Path) -> (Vec<PathBuf>, Vec<Diagnostic>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    let mut walker = WalkDir::new(content)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !is_ignored(&e.file_name().to_string_lossy()));
    while let Some(entry) = walker.next() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                let file = err.path().map_or_else(
                    || "content".to_string(),
                    |p| crate::escape::visible(&display_path(root, p)),
                );
                errors.push(
                    Diagnostic::error(Code::Io, file, None, "cannot read this path")
                        .with_note(crate::diagnostics::lowercase_first(&err.to_string())),
                );
                continue;
            }
        };
        let kind = entry.file_type();
        let file = || crate::escape::visible(&display_path(root, entry.path()));
        if entry.depth() > 0
            && entry
                .file_name()
                .to_string_lossy()
                .contains(char::is_control)
        {
            errors.push(
                Diagnostic::error(Code::Io, file(), None, "this name holds a control character")
                    .with_note("rename it: a name with a line break, tab or other control character cannot be published"),
            );
            if kind.is_dir() {
                walker.skip_current_dir();
            }
        } else if kind.is_file() {
            files.push(entry.into_path());
        } else if !kind.is_dir() && !kind.is_symlink() {
            errors.push(
                Diagnostic::error(Code::Io, file(), None, "this is not a regular file")
                    .with_note("a FIFO, socket or device is never read: remove it from content/"),
            );
        }
    }
    (files, errors)
}

/// One file under `content/` that is not a page, published at the same relative path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssetFile {
    /// The path as diagnostics show it, such as `content/nim/heap.png`.
    pub file: String,
    /// The path on disk.
    pub path: PathBuf,
    /// Its path in the site, such as `nim/heap.png`.
    pub url: String,
}

/// Finds every file under `root/content` that is not Markdown, sorted by path; hidden
/// files and editor backups are left out, and symbolic links are not followed, so a
/// link leading out of `content/` is never published. Empty when there is no `content/`
/// or when it is a link leading out of the root; what [`discover`] reports is left out
/// silently.
pub fn discover_assets(root: &Path) -> Result<Vec<AssetFile>, Vec<Diagnostic>> {
    let content = root.join("content");
    let mut assets = Vec::new();
    let mut errors = Vec::new();
    if !content.is_dir() || check_link(root, &content).is_err() {
        return Ok(assets);
    }
    for path in regular_files(root, &content).0 {
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let rel = path.strip_prefix(&content).ok();
        match rel.and_then(|r| r.to_str()) {
            Some(rel) => assets.push(AssetFile {
                file: display_path(root, &path),
                url: rel.replace('\\', "/"),
                path,
            }),
            None => errors.push(Diagnostic::error(
                Code::Io,
                display_path(root, &path),
                None,
                "the file name is not valid UTF-8",
            )),
        }
    }
    if errors.is_empty() {
        Ok(assets)
    } else {
        Err(errors)
    }
}

/// Returns the slug of a page: its path under `content/` without `.md`, `_index` → `index`.
fn slug_of(content: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(content).ok()?.with_extension("");
    let mut parts = Vec::new();
    for part in rel.components() {
        parts.push(part.as_os_str().to_str()?.to_string());
    }
    if let Some(last) = parts.last_mut()
        && last == "_index"
    {
        *last = "index".to_string();
    }
    Some(parts.join("/"))
}

/// Returns a path relative to the root with `/` separators, for messages.
pub fn display_path(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_follow_the_file_layout() {
        let content = Path::new("/r/content");
        assert_eq!(
            slug_of(content, Path::new("/r/content/_index.md")).as_deref(),
            Some("index")
        );
        assert_eq!(
            slug_of(content, Path::new("/r/content/nim.md")).as_deref(),
            Some("nim")
        );
        assert_eq!(
            slug_of(content, Path::new("/r/content/a/b.md")).as_deref(),
            Some("a/b")
        );
    }

    #[test]
    fn ignores_hidden_and_backup_files() {
        assert!(is_ignored(".draft.md"));
        assert!(is_ignored("nim.md~"));
        assert!(is_ignored("#nim.md#"));
        assert!(!is_ignored("nim.md"));
    }
}
