//! Results computed once per build and shared by every directive on every page.
//!
//! The 256 table, field checks and game searches are the expensive parts of a build;
//! pages are evaluated in parallel, so each result sits behind its own `OnceLock`.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::figure::Grid;
use crate::nimber::{self, FieldReport, GameValues, Refusal, SearchLimit, Table};

/// The largest table the definition computes, and so the largest exhaustive check.
pub const MAX_TABLE: usize = 256;
/// The most positions a full game-tree search may visit before it gives up.
pub const GAME_LIMIT: u64 = 500_000;

/// Which game search a result came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum GameSearch {
    /// Search over whole positions, with no sum theorem.
    Full,
    /// Search over single stones, adding values by XOR.
    Sum,
}

type Slot<T> = Arc<OnceLock<T>>;
type Slots<K, T> = Mutex<BTreeMap<K, Slot<T>>>;

/// Results computed once per build and shared between directives and pages.
#[derive(Debug, Default)]
pub struct Shared {
    product: OnceLock<Table>,
    sum: OnceLock<Table>,
    fields: Slots<usize, Result<FieldReport, Refusal>>,
    games: Slots<(GameSearch, usize), Result<GameValues, SearchLimit>>,
    costs: Slots<usize, nimber::Cost>,
    certificate: OnceLock<nimber::CertificateReport>,
}

impl Shared {
    /// Returns an empty cache; results are computed on first use.
    pub fn new() -> Self {
        Self::default()
    }

    /// Returns the nim-product table below 256, computed from its mex definition.
    pub fn product(&self) -> &Table {
        self.product.get_or_init(|| {
            Table::product_by_definition(MAX_TABLE).expect("256 is within the table limit")
        })
    }

    /// Returns the nim-product by the definition's table below 256, and the fast product
    /// beyond it, so a check on small values rests on the mex alone.
    pub fn defined_product(&self, a: u128, b: u128) -> u128 {
        let table = self.product();
        match (usize::try_from(a), usize::try_from(b)) {
            (Ok(a), Ok(b)) if a < table.size() && b < table.size() => table.get(a, b) as u128,
            _ => nimber::mul(a, b),
        }
    }

    /// Returns the nim-sum table below 256, computed from its mex definition.
    pub fn sum(&self) -> &Table {
        self.sum.get_or_init(|| {
            Table::sum_by_definition(MAX_TABLE).expect("256 is within the table limit")
        })
    }

    /// Returns the field check of the nimbers below `n` (at most 256) under the
    /// definition's product.
    pub fn field(&self, n: usize) -> Result<FieldReport, Refusal> {
        let slot = slot(&self.fields, n);
        slot.get_or_init(|| nimber::check_field(self.product(), n))
            .clone()
    }

    /// Returns the single-stone values of the 2D stone game on an `n`×`n` board.
    pub fn game(&self, search: GameSearch, n: usize) -> Result<GameValues, SearchLimit> {
        let slot = slot(&self.games, (search, n));
        slot.get_or_init(|| match search {
            GameSearch::Full => nimber::stones_2d_full(n, GAME_LIMIT),
            GameSearch::Sum => nimber::stones_2d_sum(n),
        })
        .clone()
    }

    /// Returns the certificate of the field below 65536 built on the definition's table.
    pub fn certificate(&self) -> &nimber::CertificateReport {
        self.certificate.get_or_init(|| {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            nimber::certify_field_65536_from(self.product(), threads)
        })
    }

    /// Returns the operation counts for the product table below `n`.
    pub fn cost(&self, n: usize) -> nimber::Cost {
        *slot(&self.costs, n).get_or_init(|| nimber::cost(n))
    }
}

/// Returns the slot for `key`, creating it; the map's lock is held only for the lookup.
fn slot<K: Ord, T>(map: &Slots<K, T>, key: K) -> Slot<T> {
    let mut guard = map.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    guard.entry(key).or_default().clone()
}

/// The axiom names a `:reason:` may give, in the order the field checker tries them.
pub const REASONS: &[&str] = &[
    "one-is-not-zero",
    "closure",
    "commutativity",
    "associativity",
    "distributivity",
    "inverses",
];

/// Returns the sizes 2^(2^k) up to `n`: the sizes at which the nimbers form a field.
pub fn field_sizes(n: usize) -> Vec<usize> {
    (0..)
        .map(|k: u32| 1usize.checked_shl(1u32 << k))
        .take_while(|s| s.is_some_and(|s| s <= n))
        .flatten()
        .collect()
}

/// Returns the first `n` rows and columns of a table as a figure grid.
pub fn grid(table: &Table, n: usize) -> Grid {
    let values = (0..n)
        .flat_map(|a| (0..n).map(move |b| table.get(a, b) as u16))
        .collect();
    Grid { size: n, values }
}

/// A directive's `:caption:`, whose placeholders such as `{size}` are filled from the
/// spec and the results, so a caption never repeats a number by hand.
#[derive(Clone, Debug, Default)]
pub struct Caption {
    text: Option<String>,
}

impl Caption {
    /// Reads `:caption:`, reporting a placeholder that is not one of `keys` at the
    /// caption's span. A placeholder is a lowercase word in braces; braces around anything
    /// else, such as the set `{0, 1}`, are text.
    pub fn read(args: &super::Args, keys: &[&str]) -> Result<Caption, super::DirectiveError> {
        let Some(text) = args.caption() else {
            return Ok(Caption::default());
        };
        if let Some(unknown) = placeholders(text).find(|p| !keys.contains(p)) {
            let listed: Vec<String> = keys.iter().map(|k| format!("`{{{k}}}`")).collect();
            let note = if listed.is_empty() {
                "this directive fills no placeholders".to_string()
            } else {
                format!("the placeholders here are {}", listed.join(", "))
            };
            return Err(super::DirectiveError::new(
                crate::diagnostics::Code::BadValue,
                args.span_of("caption"),
                format!("`:caption:` has no placeholder `{{{unknown}}}`"),
            )
            .with_label("not filled in")
            .with_note(note));
        }
        Ok(Caption {
            text: Some(text.to_string()),
        })
    }

    /// Returns the caption with every placeholder replaced by its value, and each ⊗ or
    /// ⊕ between spaces bound to its operands, so that `x ⊗ y` never breaks across lines.
    pub fn fill(&self, values: &[(&str, String)]) -> Option<String> {
        let mut out = self.text.clone()?;
        for (key, value) in values {
            out = out.replace(&format!("{{{key}}}"), value);
        }
        for op in ["⊗", "⊕"] {
            out = out.replace(&format!(" {op} "), &format!("\u{a0}{op}\u{a0}"));
        }
        Some(out)
    }
}

/// Returns the placeholders in a caption: lowercase words (with `-`) between braces.
fn placeholders(text: &str) -> impl Iterator<Item = &str> {
    text.split('{').skip(1).filter_map(|rest| {
        let word = rest.split('}').next().filter(|_| rest.contains('}'))?;
        let is_word = !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c == '-');
        is_word.then_some(word)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_in_a_caption_stay_with_their_operands() {
        let caption = Caption {
            text: Some("compared with x ⊗ y ⊕ {size}".into()),
        };
        let filled = caption.fill(&[("size", "16".into())]);
        assert_eq!(
            filled.as_deref(),
            Some("compared with x\u{a0}⊗\u{a0}y\u{a0}⊕\u{a0}16")
        );
    }

    #[test]
    fn placeholders_are_words_in_braces_and_sets_are_text() {
        let found: Vec<&str> = placeholders("Below {size}, in {0, 1}, {count} and {x").collect();
        assert_eq!(found, vec!["size", "count"]);
        let caption = Caption {
            text: Some("Below {size}: {0, 1}".into()),
        };
        assert_eq!(
            caption.fill(&[("size", "16".into())]).as_deref(),
            Some("Below 16: {0, 1}")
        );
        assert_eq!(Caption::default().fill(&[]), None);
    }
}
