//! What a build computes once and shares between pages, kept by type.
//!
//! The engine names no directive, so it holds no directive's results: a directive's cache
//! is a type of its own in the catalogue (a `Default` value of `OnceLock`s or [`Memo`]s),
//! and [`Shared::get`] hands every page the build's one value of that type. Pages are
//! evaluated in parallel; the store's lock is held only to find a value, never while one
//! is computed.

use std::any::{Any, TypeId};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// One stored value, under its type.
type Entry = Arc<dyn Any + Send + Sync>;

/// Results computed once per build and shared between directives and pages: one value of
/// each type asked for, made empty on first use.
#[derive(Default)]
pub struct Shared {
    values: Mutex<BTreeMap<TypeId, Entry>>,
}

impl Shared {
    /// Returns an empty store; each value is made on first use.
    pub fn new() -> Self {
        Self::default()
    }

    /// Returns the build's value of type `T`, made with `T::default()` the first time any
    /// page asks for it.
    pub fn get<T: Default + Send + Sync + 'static>(&self) -> Arc<T> {
        let entry = {
            let mut values = self.values.lock().unwrap_or_else(PoisonError::into_inner);
            let made = values
                .entry(TypeId::of::<T>())
                .or_insert_with(|| Arc::new(T::default()));
            Arc::clone(made)
        };
        // The entry under `T`'s id was made as a `T`, so the fallback is never taken.
        entry.downcast::<T>().unwrap_or_default()
    }
}

impl fmt::Debug for Shared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let held = self
            .values
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len();
        f.debug_struct("Shared").field("values", &held).finish()
    }
}

/// Results computed once per key, each behind its own `OnceLock`, so two pages asking for
/// different keys never wait for each other.
pub struct Memo<K, T> {
    slots: Mutex<BTreeMap<K, Arc<OnceLock<T>>>>,
}

impl<K, T> Default for Memo<K, T> {
    fn default() -> Self {
        Memo {
            slots: Mutex::new(BTreeMap::new()),
        }
    }
}

impl<K: Ord, T: Clone> Memo<K, T> {
    /// Returns the result for `key`, computing it with `make` the first time it is asked
    /// for; the map's lock is held only for the lookup.
    pub fn get_or_init(&self, key: K, make: impl FnOnce() -> T) -> T {
        let slot = {
            let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
            Arc::clone(slots.entry(key).or_default())
        };
        slot.get_or_init(make).clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[derive(Default)]
    struct Counter(AtomicUsize);

    #[derive(Default)]
    struct Other(AtomicUsize);

    #[test]
    fn each_type_gets_one_value_per_store() {
        let shared = Shared::new();
        shared.get::<Counter>().0.fetch_add(1, Ordering::Relaxed);
        shared.get::<Counter>().0.fetch_add(1, Ordering::Relaxed);
        assert_eq!(shared.get::<Counter>().0.load(Ordering::Relaxed), 2);
        assert_eq!(shared.get::<Other>().0.load(Ordering::Relaxed), 0);
        // Another build starts empty.
        assert_eq!(Shared::new().get::<Counter>().0.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn a_memo_computes_each_key_once() {
        let memo: Memo<usize, usize> = Memo::default();
        let calls = AtomicUsize::new(0);
        let square = |n: usize| {
            calls.fetch_add(1, Ordering::Relaxed);
            n * n
        };
        assert_eq!(memo.get_or_init(3, || square(3)), 9);
        assert_eq!(memo.get_or_init(3, || square(4)), 9);
        assert_eq!(memo.get_or_init(4, || square(4)), 16);
        assert_eq!(calls.load(Ordering::Relaxed), 2);
    }
}
