//! What `serve` keeps between builds, so a one-page edit re-validates, re-evaluates and
//! re-renders only that page. Every entry is keyed by a digest of all it was made from,
//! so a stale entry is never used.

use std::collections::{BTreeMap, BTreeSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex};

use super::render::RenderedBody;
use crate::engine::Shared;

/// Entries by name (a file or URL), each with the digest of what it was made from.
type Keyed<T> = Mutex<BTreeMap<String, (u64, Arc<T>)>>;

/// Results kept between builds under `serve`, so a one-page edit re-renders little.
#[derive(Debug, Default)]
pub struct Cache {
    /// Digests of the pages whose validation found nothing wrong.
    validated: Mutex<BTreeSet<u64>>,
    /// Evaluated bodies by source file, with the digest of their inputs.
    bodies: Keyed<RenderedBody>,
    /// Rendered pages by URL, with the digest of the context they were rendered from.
    pages: Keyed<Vec<u8>>,
    /// What each page showed a reader that nothing covered.
    pub(super) seen: super::seen::Memo,
    /// The nimber results directives share; they depend on no input, so they outlive a build.
    pub(super) shared: Shared,
    /// For one build only: nothing is kept, and no digest is worked out to find it by.
    once: bool,
}

impl Cache {
    /// Returns an empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// Returns a cache for a single build, which keeps no page, body or reading: nothing
    /// would be asked for again, and keeping it all costs memory and digests of every page.
    pub fn once() -> Self {
        Cache {
            seen: super::seen::Memo::off(),
            once: true,
            ..Self::default()
        }
    }

    /// Returns whether entries are kept, so that their digests are worth working out.
    pub(super) fn keeps(&self) -> bool {
        !self.once
    }

    /// Returns whether a page with this digest was validated without error before.
    pub(super) fn was_valid(&self, key: u64) -> bool {
        self.validated.lock().is_ok_and(|v| v.contains(&key))
    }

    /// Records that a page with this digest validated without error.
    pub(super) fn mark_valid(&self, key: u64) {
        if self.once {
            return;
        }
        if let Ok(mut v) = self.validated.lock() {
            v.insert(key);
        }
    }

    /// Returns the body evaluated from inputs with digest `key`, if kept.
    pub(super) fn body(&self, file: &str, key: u64) -> Option<Arc<RenderedBody>> {
        let bodies = self.bodies.lock().ok()?;
        let (hash, body) = bodies.get(file)?;
        (*hash == key).then(|| Arc::clone(body))
    }

    /// Keeps a body evaluated from inputs with digest `key`.
    pub(super) fn keep_body(&self, file: &str, key: u64, body: &Arc<RenderedBody>) {
        if self.once {
            return;
        }
        if let Ok(mut bodies) = self.bodies.lock() {
            bodies.insert(file.to_string(), (key, Arc::clone(body)));
        }
    }

    /// Returns the page rendered from a context with digest `key`, if kept.
    pub(super) fn page(&self, url: &str, key: u64) -> Option<Arc<Vec<u8>>> {
        let pages = self.pages.lock().ok()?;
        let (hash, bytes) = pages.get(url)?;
        (*hash == key).then(|| Arc::clone(bytes))
    }

    /// Keeps a page rendered from a context with digest `key`.
    pub(super) fn keep_page(&self, url: &str, key: u64, bytes: &Arc<Vec<u8>>) {
        if self.once {
            return;
        }
        if let Ok(mut pages) = self.pages.lock() {
            pages.insert(url.to_string(), (key, Arc::clone(bytes)));
        }
    }
}

/// Returns a hash of anything hashable, stable across runs of the same binary.
pub(super) fn digest<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cache_for_one_build_keeps_nothing() {
        let once = Cache::once();
        assert!(!once.keeps());
        once.keep_page("a.html", 1, &Arc::new(vec![1]));
        once.mark_valid(1);
        assert!(once.page("a.html", 1).is_none());
        assert!(!once.was_valid(1));
        let kept = Cache::new();
        assert!(kept.keeps());
        kept.keep_page("a.html", 1, &Arc::new(vec![1]));
        assert!(kept.page("a.html", 1).is_some());
    }
}
