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

/// Finds every page under `root/content`, sorted by path.
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
    let mut pages = Vec::new();
    let mut errors = Vec::new();
    let walker = WalkDir::new(&content)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !is_ignored(&e.file_name().to_string_lossy()));
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                let file = err
                    .path()
                    .map_or_else(|| "content".to_string(), |p| display_path(root, p));
                errors.push(
                    Diagnostic::error(Code::Io, file, None, "cannot read this path")
                        .with_note(crate::diagnostics::lowercase_first(&err.to_string())),
                );
                continue;
            }
        };
        if !entry.file_type().is_file() || entry.path().extension().is_none_or(|e| e != "md") {
            continue;
        }
        match slug_of(&content, entry.path()) {
            Some(slug) => pages.push(SourceFile {
                file: display_path(root, entry.path()),
                path: entry.path().to_path_buf(),
                slug,
            }),
            None => errors.push(Diagnostic::error(
                Code::Io,
                display_path(root, entry.path()),
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
/// link leading out of `content/` is never published. Empty when there is no `content/`.
pub fn discover_assets(root: &Path) -> Result<Vec<AssetFile>, Vec<Diagnostic>> {
    let content = root.join("content");
    let mut assets = Vec::new();
    let mut errors = Vec::new();
    if !content.is_dir() {
        return Ok(assets);
    }
    let walker = WalkDir::new(&content)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !is_ignored(&e.file_name().to_string_lossy()));
    for entry in walker {
        // Unreadable folders are already reported by `discover`.
        let Ok(entry) = entry else { continue };
        if !entry.file_type().is_file() || entry.path().extension().is_some_and(|e| e == "md") {
            continue;
        }
        let rel = entry.path().strip_prefix(&content).ok();
        match rel.and_then(|r| r.to_str()) {
            Some(rel) => assets.push(AssetFile {
                file: display_path(root, entry.path()),
                path: entry.path().to_path_buf(),
                url: rel.replace('\\', "/"),
            }),
            None => errors.push(Diagnostic::error(
                Code::Io,
                display_path(root, entry.path()),
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
