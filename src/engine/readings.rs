//! The claims read in prose, kept for one build by the text they were read in, so a text
//! the build meets again (the same sentence in the source's pieces and in the rendered page,
//! boilerplate every page repeats) is read once. Only readings with the build's own lexicon
//! are kept: a page that defines a game reads with a lexicon of its own, and afresh.

use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap;

use crate::math::lexicon::Lexicon;
use crate::math::lint::{self, Found};

/// Claims read in texts with one lexicon, by text.
#[derive(Debug)]
pub struct Readings {
    lexicon: Lexicon,
    // Fx, not SipHash: every text is hashed, and hashing was a tenth of reading.
    texts: Mutex<FxHashMap<String, Arc<Vec<Found>>>>,
}

impl Readings {
    /// Returns an empty store for readings with `lexicon`.
    pub fn new(lexicon: Lexicon) -> Self {
        Readings {
            lexicon,
            texts: Mutex::default(),
        }
    }

    /// Returns the lexicon the readings are made with.
    pub fn lexicon(&self) -> &Lexicon {
        &self.lexicon
    }

    /// Returns what [`lint::read_text_in`] finds in `text` with this store's lexicon,
    /// reading the text only the first time it is asked for.
    pub fn read(&self, text: &str) -> Vec<Found> {
        // Most prose holds nothing, which is quicker to tell than to look up, and kept would
        // fill the store.
        if lint::holds_nothing(text) {
            return Vec::new();
        }
        if let Some(found) = self.texts.lock().ok().and_then(|t| t.get(text).cloned()) {
            return found.to_vec();
        }
        let found = lint::read_text_screened(text, &self.lexicon);
        if let Ok(mut texts) = self.texts.lock() {
            texts.insert(text.to_string(), Arc::new(found.clone()));
        }
        found
    }

    /// Returns what [`lint::read_text_in`] finds in `text` with this store's lexicon, from
    /// the store when the text was read before, without keeping a new reading.
    pub fn read_unkept(&self, text: &str) -> Vec<Found> {
        if lint::holds_nothing(text) {
            return Vec::new();
        }
        if let Some(found) = self.texts.lock().ok().and_then(|t| t.get(text).cloned()) {
            return found.to_vec();
        }
        lint::read_text_screened(text, &self.lexicon)
    }

    /// Returns what [`lint::read_text_in`] finds in `text` with `lexicon`: from the store
    /// when `lexicon` is the store's own (the same value, not merely an equal one).
    pub fn read_with(this: Option<&Self>, text: &str, lexicon: &Lexicon) -> Vec<Found> {
        match this {
            Some(r) if std::ptr::eq(lexicon, &r.lexicon) => r.read(text),
            _ => lint::read_text_in(text, lexicon),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_read_again_gives_what_it_gave_first() {
        let r = Readings::new(Lexicon::builtin());
        let text = "so 2 ⊗ 3 = 1 here";
        let first = r.read(text);
        assert_eq!(first, lint::read_text_in(text, r.lexicon()));
        assert_eq!(first.len(), 1, "{first:?}");
        assert_eq!(r.read(text), first);
    }

    #[test]
    fn another_lexicon_is_read_without_the_store() {
        let r = Readings::new(Lexicon::builtin());
        let other = Lexicon::builtin();
        let text = "so 2 ⊗ 3 = 1 here";
        let found = Readings::read_with(Some(&r), text, &other);
        assert_eq!(found, lint::read_text_in(text, &other));
        assert!(r.texts.lock().is_ok_and(|t| t.is_empty()));
    }
}
