//! Loading the site once: the templates, every page's source and its front matter. Every
//! later pass reads from what is loaded here and never goes back to the disk.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use rayon::prelude::*;

use super::config::{self, Config};
use super::content::{self, AssetFile, SourceFile};
use super::front_matter::{self, FrontMatter};
use super::progress::{self, Phase, Progress};
use super::templates::Templates;
use crate::diagnostics::{Code, Diagnostic, lowercase_first};

/// One page as read from `content/`.
#[derive(Debug)]
pub struct Page {
    /// Where the page was found, with its slug.
    pub src: SourceFile,
    /// Its full source, front matter included; every span points into it.
    pub source: String,
    /// Its front matter, or `None` when it could not be read.
    pub front: Option<FrontMatter>,
    /// Whether its text could be read at all (as UTF-8); if not, no pass looks inside it.
    pub readable: bool,
}

impl Page {
    /// Returns whether the page is a draft: checked, but neither written nor listed.
    pub fn is_draft(&self) -> bool {
        self.front.as_ref().is_some_and(|f| f.draft)
    }

    /// Returns whether the page is written to the site.
    pub fn is_written(&self) -> bool {
        self.front.as_ref().is_some_and(|f| !f.draft)
    }

    /// Returns the page's rung, if it has one.
    pub fn rung(&self) -> Option<i64> {
        self.front.as_ref().and_then(|f| f.rung)
    }
}

/// The whole site as read from disk, with what was wrong with it.
pub struct Loaded {
    /// The site's `nimsite.toml`, or the default when it is absent or wrong.
    pub config: Config,
    /// The templates, or `None` when they could not be loaded.
    pub templates: Option<Templates>,
    /// Every page, sorted by path.
    pub pages: Vec<Page>,
    /// Every other file under `content/`, by its path in the site, with its bytes.
    pub assets: BTreeMap<String, (AssetFile, Vec<u8>)>,
    /// What went wrong while reading.
    pub diagnostics: Vec<Diagnostic>,
    /// The sources diagnostics point into (pages and templates), keyed by path.
    pub sources: BTreeMap<String, String>,
}

/// Reads the templates and every page under `root`, with its front matter.
pub fn load(root: &Path, progress: &dyn Progress) -> Loaded {
    progress::phase(progress, Phase::Load, 0, || load_all(root))
}

/// Does the work of [`load`].
fn load_all(root: &Path) -> Loaded {
    let (config, config_text) = Config::load(root);
    let mut loaded = Loaded {
        config: Config::default(),
        templates: None,
        pages: Vec::new(),
        assets: BTreeMap::new(),
        diagnostics: Vec::new(),
        sources: BTreeMap::new(),
    };
    match config {
        Ok(config) => loaded.config = config,
        Err(d) => loaded.diagnostics.push(*d),
    }
    if !config_text.is_empty() {
        loaded.sources.insert(config::FILE.to_string(), config_text);
    }
    match Templates::load(root) {
        Ok(t) => {
            loaded.sources.extend(t.sources.clone());
            loaded.templates = Some(t);
        }
        Err(err) => {
            loaded.diagnostics.extend(err.diagnostics);
            loaded.sources.extend(err.sources);
        }
    }
    match content::discover(root) {
        Ok(found) => {
            let read: Vec<_> = found.into_par_iter().map(read_page).collect();
            for (page, problem) in read {
                loaded.diagnostics.extend(problem);
                loaded.pages.push(page);
            }
        }
        Err(errors) => loaded.diagnostics.extend(errors),
    }
    match content::discover_assets(root) {
        Ok(found) => {
            for asset in found {
                match read_bounded(&asset.path, MAX_ASSET_BYTES) {
                    Ok(bytes) => {
                        loaded.assets.insert(asset.url.clone(), (asset, bytes));
                    }
                    Err(unread) => loaded.diagnostics.push(unread.diagnostic(
                        &asset.file,
                        "this file is too large to publish",
                        &format!(
                            "a file under content/ may have at most {} MiB",
                            MAX_ASSET_BYTES >> 20
                        ),
                    )),
                }
            }
        }
        Err(errors) => loaded.diagnostics.extend(errors),
    }
    for page in &loaded.pages {
        loaded
            .sources
            .insert(page.src.file.clone(), page.source.clone());
    }
    loaded
}

/// Reads one page and its front matter, with what was wrong with either; a page that
/// cannot be read as UTF-8 is kept with `readable` false, so it is still a link target.
fn read_page(src: SourceFile) -> (Page, Option<Diagnostic>) {
    let (source, problem) = read_text(&src);
    let mut page = Page {
        src,
        source,
        front: None,
        readable: problem.is_none(),
    };
    if problem.is_some() {
        return (page, problem);
    }
    match front_matter::parse(&page.src.file, &page.source) {
        Ok(front) => {
            page.front = Some(front);
            (page, None)
        }
        Err(diagnostic) => (page, Some(*diagnostic)),
    }
}

/// The largest page read, so that memory stays bounded whatever is put in `content/`.
pub const MAX_PAGE_BYTES: u64 = 16 << 20;

/// Drops a leading byte-order mark and turns lone carriage returns into line feeds, so
/// that old Mac line endings read as lines; every other offset stays where it was.
pub fn normalize(mut text: String) -> String {
    if let Some(rest) = text.strip_prefix('\u{feff}') {
        text = rest.to_string();
    }
    if text.contains('\r') {
        let bytes = text.as_bytes();
        let fixed: Vec<u8> = bytes
            .iter()
            .enumerate()
            .map(|(i, &b)| {
                if b == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
                    b'\n'
                } else {
                    b
                }
            })
            .collect();
        // Only one ASCII byte changed for another, so the text is still UTF-8.
        text = String::from_utf8(fixed).unwrap_or(text);
    }
    text
}

/// The largest file under `content/` other than a page that is published; a larger one
/// would be held in memory whole, and written back dense however sparse it is.
pub const MAX_ASSET_BYTES: u64 = 64 << 20;

/// Why a file was not read.
#[derive(Debug)]
pub enum Unread {
    /// It holds more bytes than the bound, at least this many.
    TooLarge(u64),
    /// It is a link, a FIFO, a socket or a device, or was replaced by one.
    NotRegular,
    /// Opening or reading it failed.
    Io(std::io::Error),
}

impl Unread {
    /// Returns the error to report at `file`: `limit` with `too_large` and `bound` as
    /// message and note for a file past its bound, else `io`.
    pub fn diagnostic(&self, file: &str, too_large: &str, bound: &str) -> Diagnostic {
        match self {
            Unread::TooLarge(len) => Diagnostic::error(Code::Limit, file, None, too_large)
                .with_note(format!("it has {len} bytes; {bound}")),
            Unread::NotRegular => Diagnostic::error(
                Code::Io,
                file,
                None,
                "this is not a regular file, and is not read",
            )
            .with_note("a link, FIFO, socket or device under content/ is never read"),
            Unread::Io(err) => Diagnostic::error(Code::Io, file, None, "cannot read this file")
                .with_note(lowercase_first(&err.to_string())),
        }
    }
}

/// Reads a regular file of at most `limit` bytes. A link, FIFO, socket or device is
/// refused before it is opened, and a file swapped for another between the look and the
/// opening is refused after it (by device and inode), so nothing is read through a link and
/// no read waits on a writer or runs on without end.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, Unread> {
    let looked = std::fs::symlink_metadata(path).map_err(Unread::Io)?;
    if !looked.file_type().is_file() {
        return Err(Unread::NotRegular);
    }
    if looked.len() > limit {
        return Err(Unread::TooLarge(looked.len()));
    }
    let file = std::fs::File::open(path).map_err(Unread::Io)?;
    let opened = file.metadata().map_err(Unread::Io)?;
    if !opened.is_file() || !same_file(&looked, &opened) {
        return Err(Unread::NotRegular);
    }
    // The file may grow after the look: read one byte past the bound to see it.
    let mut bytes = Vec::with_capacity(opened.len().min(limit) as usize);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(Unread::Io)?;
    if bytes.len() as u64 > limit {
        return Err(Unread::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Returns whether two looks at a path saw the same file.
#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

/// Returns whether two looks at a path saw the same file (not known here: assumed).
#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    true
}

/// Reads a page's text; on failure returns what could be read and the error.
fn read_text(src: &SourceFile) -> (String, Option<Diagnostic>) {
    let bytes = match read_bounded(&src.path, MAX_PAGE_BYTES) {
        Ok(bytes) => bytes,
        Err(unread) => {
            let d = unread.diagnostic(
                &src.file,
                "this page is too large to build",
                &format!(
                    "a page may have at most {} MiB: split it into several pages",
                    MAX_PAGE_BYTES >> 20
                ),
            );
            return (String::new(), Some(d));
        }
    };
    match String::from_utf8(bytes) {
        Ok(text) => (normalize(text), None),
        Err(err) => {
            let d = Diagnostic::error(
                Code::NotUtf8,
                &src.file,
                Some(0..0),
                "this file is not valid UTF-8",
            )
            .with_note(format!(
                "the first bad byte is at offset {}",
                err.utf8_error().valid_up_to()
            ));
            (
                String::from_utf8_lossy(err.as_bytes()).into_owned(),
                Some(d),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_bounded_and_only_of_regular_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = |name: &str| dir.path().join(name);
        std::fs::write(path("a.txt"), "four").expect("write");
        assert_eq!(read_bounded(&path("a.txt"), 4).expect("read"), b"four");
        assert!(matches!(
            read_bounded(&path("a.txt"), 3),
            Err(Unread::TooLarge(4))
        ));
        // Sparse: it takes no room on disk.
        let big = std::fs::File::create(path("big")).expect("create");
        big.set_len(1 << 30).expect("set_len");
        assert!(matches!(
            read_bounded(&path("big"), MAX_ASSET_BYTES),
            Err(Unread::TooLarge(len)) if len == 1 << 30
        ));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("/dev/zero", path("zero")).expect("symlink");
            assert!(matches!(
                read_bounded(&path("zero"), 4),
                Err(Unread::NotRegular)
            ));
            let _socket = std::os::unix::net::UnixListener::bind(path("socket")).expect("socket");
            assert!(matches!(
                read_bounded(&path("socket"), 4),
                Err(Unread::NotRegular)
            ));
        }
    }

    #[test]
    fn normalize_drops_a_bom_and_reads_lone_carriage_returns_as_lines() {
        assert_eq!(normalize("\u{feff}+++\n".to_string()), "+++\n");
        assert_eq!(normalize("a\rb\r\nc\r".to_string()), "a\nb\r\nc\n");
        assert_eq!(normalize("plain ⊗\n".to_string()), "plain ⊗\n");
    }
}
