//! The search machinery every game shares: the position limit, the memo and the walk.
//!
//! [`grundy`] values a position by walking its game tree with its own stack, memoising
//! every position it values. It assumes nothing about the game but that play ends, and it
//! stops with [`SearchLimit`] once the positions valued or in progress reach the limit.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Bytes of stored positions a search may use; big positions get a lower limit.
pub const SEARCH_KEY_BYTES: u64 = 1 << 29;

/// Reports that a game search met its bound on distinct positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimit {
    /// The number of distinct positions the search was allowed.
    pub limit: u64,
}

impl fmt::Display for SearchLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game search stopped at its limit of {} positions",
            self.limit
        )
    }
}

impl std::error::Error for SearchLimit {}

/// One position on the search stack: the options still to value and the values found.
struct Frame<P> {
    pos: P,
    options: Vec<P>,
    found: Vec<u32>,
}

/// The memo of a search: the Grundy value of every position valued so far.
pub(super) type Memo<P> = HashMap<P, u32, BuildHasherDefault<MixHasher>>;

/// Returns the Grundy value of `root`, memoising every position it values in `memo`.
///
/// The walk uses its own stack, so deep games cannot overflow the thread's stack. It
/// fails once the positions valued or in progress would exceed `limit`.
pub(super) fn grundy<P, F>(
    memo: &mut Memo<P>,
    root: P,
    limit: u64,
    mut options: F,
) -> Result<u32, SearchLimit>
where
    P: Hash + Eq,
    F: FnMut(&P, &mut Vec<P>) -> Result<(), SearchLimit>,
{
    if let Some(&v) = memo.get(&root) {
        return Ok(v);
    }
    let over = SearchLimit { limit };
    let mut stack: Vec<Frame<P>> = Vec::new();
    let mut pending = Some(root);
    loop {
        if let Some(pos) = pending.take() {
            if (memo.len() + stack.len()) as u64 >= limit {
                return Err(over);
            }
            let mut opts = Vec::new();
            options(&pos, &mut opts)?;
            let found = Vec::with_capacity(opts.len());
            stack.push(Frame {
                pos,
                options: opts,
                found,
            });
        }
        let Some(top) = stack.last_mut() else {
            return Err(over);
        };
        while let Some(option) = top.options.pop() {
            match memo.get(&option) {
                Some(&v) => top.found.push(v),
                None => {
                    pending = Some(option);
                    break;
                }
            }
        }
        if pending.is_some() {
            continue;
        }
        let Some(done) = stack.pop() else {
            return Err(over);
        };
        let value = mex(done.found.iter().copied(), done.found.len());
        memo.insert(done.pos, value);
        match stack.last_mut() {
            Some(parent) => parent.found.push(value),
            None => return Ok(value),
        }
    }
}

/// Hashes memo keys quickly; the keys come from the search, not from an adversary.
#[derive(Default)]
pub(super) struct MixHasher(u64);

impl MixHasher {
    /// Folds one 64-bit word into the state.
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        // Spread the high bits down, since the table indexes by the low ones.
        self.0 ^ (self.0 >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.mix(n);
    }
    fn write_u128(&mut self, n: u128) {
        self.mix(n as u64);
        self.mix((n >> 64) as u64);
    }
    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }
}

/// Returns the least value not among `values`, which number at most `count`.
pub(super) fn mex(values: impl Iterator<Item = u32>, count: usize) -> u32 {
    let mut seen = vec![false; count + 1];
    for v in values {
        if let Some(slot) = seen.get_mut(v as usize) {
            *slot = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(count) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_limit_message_names_the_limit() {
        let text = SearchLimit { limit: 12 }.to_string();
        assert_eq!(text, "game search stopped at its limit of 12 positions");
    }

    #[test]
    fn mex_finds_the_least_missing_value() {
        assert_eq!(mex([].into_iter(), 0), 0);
        assert_eq!(mex([0, 1, 3].into_iter(), 3), 2);
        assert_eq!(mex([0, 1, 2].into_iter(), 3), 3);
    }

    #[test]
    fn grundy_values_a_subtraction_game() {
        // Take 1 or 2 from a heap: values cycle 0, 1, 2.
        let mut memo = Memo::default();
        let opts = |&n: &u32, out: &mut Vec<u32>| {
            out.extend((1..=2).filter(|&k| k <= n).map(|k| n - k));
            Ok(())
        };
        let values: Vec<u32> = (0..7)
            .map(|n| grundy(&mut memo, n, 100, opts).expect("small"))
            .collect();
        assert_eq!(values, vec![0, 1, 2, 0, 1, 2, 0]);
        assert_eq!(
            grundy(&mut Memo::default(), 50, 10, opts),
            Err(SearchLimit { limit: 10 })
        );
    }
}
