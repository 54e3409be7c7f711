//! The documents the editor has open, named by their path relative to the site root, and
//! the mapping between that path and the editor's `file://` URI.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::str::FromStr;

use lsp_types::Uri;

use crate::site::urls::percent_decode;

/// One open document: the editor's URI, version and unsaved text.
#[derive(Debug)]
pub struct Doc {
    /// The URI the editor names it by.
    pub uri: Uri,
    /// The editor's version of the text.
    pub version: i32,
    /// The text as the editor holds it.
    pub text: String,
}

/// Every open document inside the site, by its path relative to the root.
#[derive(Debug)]
pub struct Documents {
    root: PathBuf,
    open: BTreeMap<String, Doc>,
}

impl Documents {
    /// Returns no documents, for a site at `root`.
    pub fn new(root: &Path) -> Self {
        let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        Documents {
            root,
            open: BTreeMap::new(),
        }
    }

    /// Returns the site's root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Returns the path relative to the root of a `file://` URI inside it.
    pub fn file_of(&self, uri: &Uri) -> Option<String> {
        let rest = uri.as_str().strip_prefix("file://")?;
        let slash = rest.find('/')?;
        if !matches!(&rest[..slash], "" | "localhost") {
            return None;
        }
        let path = PathBuf::from(percent_decode(&rest[slash..]));
        // A page not yet saved has no file to resolve links through; its folder has.
        let real = path.canonicalize().ok().or_else(|| {
            let parent = path.parent()?.canonicalize().ok()?;
            Some(parent.join(path.file_name()?))
        })?;
        let rel = real.strip_prefix(&self.root).ok()?;
        let parts: Option<Vec<&str>> = rel
            .components()
            .map(|c| match c {
                Component::Normal(p) => p.to_str(),
                _ => None,
            })
            .collect();
        let parts = parts.filter(|p| !p.is_empty())?;
        Some(parts.join("/"))
    }

    /// Returns the `file://` URI of a path relative to the root, or the open document's own.
    pub fn uri_of(&self, file: &str) -> Option<Uri> {
        if let Some(doc) = self.open.get(file) {
            return Some(doc.uri.clone());
        }
        let path = self.root.join(file);
        Uri::from_str(&format!("file://{}", encode(&path.to_string_lossy()))).ok()
    }

    /// Opens or replaces a document.
    pub fn open(&mut self, file: String, doc: Doc) {
        self.open.insert(file, doc);
    }

    /// Returns an open document.
    pub fn get(&self, file: &str) -> Option<&Doc> {
        self.open.get(file)
    }

    /// Returns an open document to change.
    pub fn get_mut(&mut self, file: &str) -> Option<&mut Doc> {
        self.open.get_mut(file)
    }

    /// Closes a document, returning it.
    pub fn close(&mut self, file: &str) -> Option<Doc> {
        self.open.remove(file)
    }

    /// Returns every open document.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Doc)> {
        self.open.iter()
    }

    /// Returns the unsaved text of the open pages, for the build to read instead of the disk.
    pub fn overlay(&self) -> BTreeMap<String, String> {
        self.open
            .iter()
            .filter(|(file, _)| file.starts_with("content/") && file.ends_with(".md"))
            .map(|(file, doc)| (file.clone(), doc.text.clone()))
            .collect()
    }
}

/// Percent-encodes a path for a URI, keeping `/` and the unreserved characters.
fn encode(path: &str) -> String {
    let mut out = String::new();
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_inside_the_root_map_to_relative_paths_and_back() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("content")).expect("mkdir");
        let docs = Documents::new(dir.path());
        let uri = docs.uri_of("content/a b.md").expect("uri");
        assert!(
            uri.as_str().ends_with("/content/a%20b.md"),
            "{}",
            uri.as_str()
        );
        assert_eq!(docs.file_of(&uri).as_deref(), Some("content/a b.md"));
        let outside = Uri::from_str("file:///etc/passwd").expect("uri");
        assert_eq!(docs.file_of(&outside), None);
        let other = Uri::from_str("untitled:Untitled-1").expect("uri");
        assert_eq!(docs.file_of(&other), None);
    }
}
