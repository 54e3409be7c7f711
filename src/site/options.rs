//! What one build is asked to do, apart from the files it reads.

use std::collections::BTreeMap;
use std::fmt;

use super::progress::{Progress, Silent};

/// Switches for one build, and where its progress goes.
#[derive(Clone, Copy)]
pub struct CompileOptions<'a> {
    /// Also perturbs every claim and reports those that still pass (`check --mutate`).
    pub mutate: bool,
    /// The URL the site is published at, for the sitemap and the 404 page; relative without.
    pub base_url: Option<&'a str>,
    /// Receives the build's progress.
    pub progress: &'a dyn Progress,
    /// Unsaved text of pages, by path relative to the root, read in place of the disk's.
    pub overlay: Option<&'a BTreeMap<String, String>>,
    /// The site's bibliography (`references.bib`), once read.
    pub bibliography: Option<&'a crate::bib::Bibliography>,
    /// The lexicon claims in words are read with, the site's own nouns and games included.
    pub lexicon: Option<&'a crate::math::lexicon::Lexicon>,
}

impl Default for CompileOptions<'_> {
    fn default() -> Self {
        CompileOptions {
            mutate: false,
            base_url: None,
            progress: &Silent,
            overlay: None,
            bibliography: None,
            lexicon: None,
        }
    }
}

impl fmt::Debug for CompileOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CompileOptions")
            .field("mutate", &self.mutate)
            .field("base_url", &self.base_url)
            .field("overlay", &self.overlay.map(BTreeMap::len))
            .finish_non_exhaustive()
    }
}
