//! Unsaved editor text laid over the pages read from disk, so the language server checks
//! what the author sees with the build's own passes.

use std::collections::BTreeMap;

use super::front_matter;
use super::load::{self, Loaded};
use crate::diagnostics::{Code, Diagnostic};

/// Replaces the source of every loaded page named in `texts` (by its path relative to the
/// root, such as `content/nim.md`), dropping what was found reading it from disk.
pub(super) fn apply(loaded: &mut Loaded, texts: &BTreeMap<String, String>) {
    for page in &mut loaded.pages {
        let Some(text) = texts.get(&page.src.file) else {
            continue;
        };
        let file = page.src.file.clone();
        loaded.diagnostics.retain(|d| d.file != file);
        page.front = None;
        page.readable = false;
        if text.len() as u64 > load::MAX_PAGE_BYTES {
            page.source = String::new();
            loaded.diagnostics.push(
                Diagnostic::error(Code::Limit, &file, None, "this page is too large to build")
                    .with_note(format!(
                        "it has {} bytes; a page may have at most {} MiB: split it into several pages",
                        text.len(),
                        load::MAX_PAGE_BYTES >> 20
                    )),
            );
        } else {
            page.source = load::normalize(text.clone());
            page.readable = true;
            match front_matter::parse(&file, &page.source) {
                Ok(front) => page.front = Some(front),
                Err(d) => loaded.diagnostics.push(*d),
            }
        }
        loaded.sources.insert(file, page.source.clone());
    }
}
