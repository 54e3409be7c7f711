//! Grundy values of the stone games, found by game-tree search.
//!
//! The essays claim that nim-addition and nim-multiplication are what two small games
//! compute. This module plays those games out so the claims can be checked against
//! arithmetic that shares no step with them:
//!
//! - the 1D stone game, where a move takes one stone to a cell with a smaller label, whose
//!   values are the XOR of the labels;
//! - the 2D stone game, where a stone at (x,y) becomes stones at (x',y), (x',y') and (x,y')
//!   with x'<x and y'<y, whose single-stone values are the nim-products x⊗y.
//!
//! Every search is memoised on the position and bounded by a number of distinct positions;
//! past that bound it returns [`SearchLimit`] rather than running on.
//!
//! ```
//! use nimsite::nimber::games::{stones_1d_grundy, stones_2d_sum};
//!
//! assert_eq!(stones_1d_grundy(&[3, 5, 6]).unwrap(), 3 ^ 5 ^ 6);
//! let board = stones_2d_sum(4).unwrap();
//! assert_eq!(board.get(2, 2), Some(3)); // 2⊗2 = 3
//! ```

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Distinct positions [`stones_1d_grundy`] may search before it gives up.
pub const STONES_1D_LIMIT: u64 = 100_000;

/// Largest board side [`stones_2d_sum`] accepts.
pub const STONES_2D_SUM_MAX: usize = 256;

/// Most distinct positions [`stones_2d_full`] will ever search, whatever limit it is given.
pub const STONES_2D_FULL_MAX_POSITIONS: u64 = 1 << 32;

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

/// Holds the value of a single stone at every cell of a square board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameValues {
    /// The side of the board: cells (x,y) with x,y < size.
    pub size: usize,
    /// Grundy values in row-major order, the cell (x,y) at index x·size+y.
    pub values: Vec<u32>,
    /// The number of distinct positions the search valued.
    pub positions: u64,
}

impl GameValues {
    /// Returns the value of a single stone at (x,y), or `None` off the board.
    pub fn get(&self, x: usize, y: usize) -> Option<u32> {
        if x < self.size && y < self.size {
            self.values.get(x * self.size + y).copied()
        } else {
            None
        }
    }
}

/// Returns the Grundy value of stones on the given labels of the 1D stone game.
///
/// The search walks the whole game tree, memoised on the sorted multiset of live stones;
/// it assumes nothing about sums of games. It stops with [`SearchLimit`] after
/// [`STONES_1D_LIMIT`] distinct positions, or fewer when the stored positions would
/// outgrow [`SEARCH_KEY_BYTES`].
pub fn stones_1d_grundy(labels: &[usize]) -> Result<u32, SearchLimit> {
    search_1d(labels, STONES_1D_LIMIT)
}

/// Runs the 1D search with a bound on distinct positions.
fn search_1d(labels: &[usize], limit: u64) -> Result<u32, SearchLimit> {
    let mut root: Vec<usize> = labels.iter().copied().filter(|&l| l > 0).collect();
    root.sort_unstable();
    // Stones never multiply in this game, so no position is bigger than the start.
    let key_bytes = (root.len() as u64).saturating_mul(8).saturating_add(24);
    let limit = limit.min(SEARCH_KEY_BYTES / key_bytes);
    // Moving a stone down one cell at a time visits sum+1 distinct positions, and a full
    // search values every one of them.
    let sum = root
        .iter()
        .fold(0u64, |acc, &l| acc.saturating_add(l as u64));
    if sum >= limit {
        return Err(SearchLimit { limit });
    }
    let mut memo = Memo::default();
    grundy(&mut memo, root, limit, |pos, out| {
        options_1d(pos, limit, out)
    })
}

/// Lists the positions one move away in the 1D game, refusing more than `limit` of them.
fn options_1d(pos: &[usize], limit: u64, out: &mut Vec<Vec<usize>>) -> Result<(), SearchLimit> {
    // Moves from distinct labels to distinct targets give distinct positions, so a
    // position with more options than the limit cannot be searched within it.
    let mut count: u64 = 0;
    for (i, &label) in pos.iter().enumerate() {
        if i == 0 || pos[i - 1] != label {
            count = count.saturating_add(label as u64);
        }
    }
    if count > limit {
        return Err(SearchLimit { limit });
    }
    for (i, &label) in pos.iter().enumerate() {
        if i > 0 && pos[i - 1] == label {
            continue;
        }
        for target in 0..label {
            let mut next = pos.to_vec();
            next.remove(i);
            if target > 0 {
                let at = next.partition_point(|&l| l < target);
                next.insert(at, target);
            }
            out.push(next);
        }
    }
    Ok(())
}

/// Which stones a move in the 2D game leaves behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// The real game: (x',y), (x',y') and (x,y').
    Corners,
    /// A broken game that forgets the stone at (x',y'), so checks can be seen to fail.
    #[cfg_attr(not(test), allow(dead_code))]
    TwoCorners,
}

impl Rule {
    /// Returns the new stones as (takes x', takes y') flags: (true, false) is (x',y).
    fn corners(self) -> &'static [(bool, bool)] {
        match self {
            Rule::Corners => &[(true, false), (true, true), (false, true)],
            Rule::TwoCorners => &[(true, false), (false, true)],
        }
    }
}

/// Returns the cell a new stone lands on when (x,y) moves with (x1,y1).
fn corner(x: usize, y: usize, x1: usize, y1: usize, (nx, ny): (bool, bool)) -> (usize, usize) {
    (if nx { x1 } else { x }, if ny { y1 } else { y })
}

/// Returns the value of a single stone at every (x,y) with x,y < n by a full search.
///
/// Positions are multisets of live stones, stored as a count per cell; no sum theorem is
/// used, so two stones in one cell are searched as two stones. The search stops with
/// [`SearchLimit`] once it has met `limit` distinct positions, lowered to at most
/// [`STONES_2D_FULL_MAX_POSITIONS`] and to what fits in [`SEARCH_KEY_BYTES`].
pub fn stones_2d_full(n: usize, limit: u64) -> Result<GameValues, SearchLimit> {
    full_search(n, limit, Rule::Corners)
}

/// Runs the full 2D search under the given move rule.
fn full_search(n: usize, limit: u64, rule: Rule) -> Result<GameValues, SearchLimit> {
    let limit = limit.min(STONES_2D_FULL_MAX_POSITIONS);
    if fewest_positions(n) > u128::from(limit) {
        return Err(SearchLimit { limit });
    }
    let board = Board::new(n, limit);
    // Keep the stored keys within a fixed memory budget, whatever the board.
    let key_bytes = if board.bits <= 128 {
        16
    } else {
        board.bits.div_ceil(64) * 8 + 16
    };
    let limit = limit.min(SEARCH_KEY_BYTES / key_bytes);
    if fewest_positions(n) > u128::from(limit) {
        return Err(SearchLimit { limit });
    }
    if board.bits <= 128 {
        board.search::<u128>(limit, rule)
    } else {
        board.search::<Box<[u64]>>(limit, rule)
    }
}

/// Returns a lower bound on the positions a full search of an n×n board must value.
///
/// It values the empty position, each single live stone, and every option of a single
/// stone that leaves three live stones; those three stones name the move, so all of these
/// positions are distinct.
fn fewest_positions(n: usize) -> u128 {
    if n == 0 {
        return 0;
    }
    let side = n.saturating_sub(1) as u128;
    // Three live stones need x',y' ≥ 1: (x-1)(y-1) such moves from (x,y).
    let moves_per_row = side.saturating_mul(side.saturating_sub(1)) / 2;
    let singles = side.saturating_mul(side);
    1u128
        .saturating_add(singles)
        .saturating_add(moves_per_row.saturating_mul(moves_per_row))
}

/// Where one cell's stone count sits inside a packed position.
#[derive(Clone, Copy, Debug)]
struct Field {
    word: usize,
    shift: u32,
    mask: u64,
}

/// A position of the 2D game: one count per live cell, packed into fields.
trait Packed: Hash + Eq + Clone {
    /// Bits in one word of the packing.
    const WORD_BITS: u32;
    /// Returns the empty position spread over `words` words.
    fn empty(words: usize) -> Self;
    /// Returns the count stored in a field.
    fn count(&self, f: Field) -> u64;
    /// Adds one stone to a field that has room for it.
    fn inc(&mut self, f: Field);
    /// Removes one stone from a field that holds at least one.
    fn dec(&mut self, f: Field);
}

impl Packed for u128 {
    const WORD_BITS: u32 = 128;
    fn empty(_words: usize) -> Self {
        0
    }
    fn count(&self, f: Field) -> u64 {
        (*self >> f.shift) as u64 & f.mask
    }
    fn inc(&mut self, f: Field) {
        *self = self.wrapping_add(1 << f.shift);
    }
    fn dec(&mut self, f: Field) {
        *self = self.wrapping_sub(1 << f.shift);
    }
}

impl Packed for Box<[u64]> {
    const WORD_BITS: u32 = 64;
    fn empty(words: usize) -> Self {
        vec![0; words].into_boxed_slice()
    }
    fn count(&self, f: Field) -> u64 {
        self.get(f.word).map_or(0, |w| (w >> f.shift) & f.mask)
    }
    fn inc(&mut self, f: Field) {
        if let Some(w) = self.get_mut(f.word) {
            *w = w.wrapping_add(1 << f.shift);
        }
    }
    fn dec(&mut self, f: Field) {
        if let Some(w) = self.get_mut(f.word) {
            *w = w.wrapping_sub(1 << f.shift);
        }
    }
}

/// The packing of a board of side `n`: a field for every live cell (x,y), x,y ≥ 1.
struct Board {
    n: usize,
    /// Field widths in bits, per live cell in row-major order.
    widths: Vec<u32>,
    bits: u64,
}

impl Board {
    /// Sizes each cell's field to hold the most stones it can ever hold within `limit`.
    fn new(n: usize, limit: u64) -> Board {
        let side = n.saturating_sub(1);
        // A search within the limit makes fewer than `limit` moves along any line of
        // play, and each move adds at most one stone to a cell.
        let cap = u128::from(limit) + 1;
        // Each stone moves at most once and leaves at most one stone in any given cell,
        // so the stones ever made at (a,b) are at most the stones ever at the cells
        // (x,y) ≥ (a,b) that can drop one there. Counting from the far corner bounds every
        // smaller start too. `after` holds suffix sums of the capped counts.
        let mut made = vec![0u128; side * side];
        let mut after = vec![0u128; (side + 1) * (side + 1)];
        let at = |x: usize, y: usize| x * (side + 1) + y;
        for a in (0..side).rev() {
            for b in (0..side).rev() {
                let below = after[at(a + 1, b)] + after[at(a, b + 1)] - after[at(a + 1, b + 1)];
                let start = u128::from(a + 1 == side && b + 1 == side);
                let m = (below + start).min(cap);
                made[a * side + b] = m;
                after[at(a, b)] = below + m;
            }
        }
        let widths: Vec<u32> = made.iter().map(|&m| bit_width(m.min(cap))).collect();
        let bits = widths.iter().map(|&w| u64::from(w)).sum();
        Board { n, widths, bits }
    }

    /// Lays the fields out in words of `word_bits`, never splitting a field.
    fn fields(&self, word_bits: u32) -> (Vec<Field>, usize) {
        let mut fields = Vec::with_capacity(self.widths.len());
        let (mut word, mut used) = (0, 0);
        for &width in &self.widths {
            if used + width > word_bits {
                word += 1;
                used = 0;
            }
            let mask = if width >= 64 {
                u64::MAX
            } else {
                (1 << width) - 1
            };
            fields.push(Field {
                word,
                shift: used,
                mask,
            });
            used += width;
        }
        (fields, word + 1)
    }

    /// Values a single stone on every cell, sharing one memo across the starts.
    fn search<K: Packed>(&self, limit: u64, rule: Rule) -> Result<GameValues, SearchLimit> {
        let (fields, words) = self.fields(K::WORD_BITS);
        let side = self.n.saturating_sub(1);
        let field = |x: usize, y: usize| fields[(x - 1) * side + (y - 1)];
        let mut memo: Memo<K> = Memo::default();
        let mut values = Vec::with_capacity(self.n * self.n);
        for x in 0..self.n {
            for y in 0..self.n {
                let mut root = K::empty(words);
                if x > 0 && y > 0 {
                    root.inc(field(x, y));
                }
                let value = grundy(&mut memo, root, limit, |pos, out| {
                    options_2d(pos, side, &field, rule, out);
                    Ok(())
                })?;
                values.push(value);
            }
        }
        let positions = memo.len() as u64;
        Ok(GameValues {
            size: self.n,
            values,
            positions,
        })
    }
}

/// Lists the positions one move away in the 2D game under `rule`.
fn options_2d<K: Packed>(
    pos: &K,
    side: usize,
    field: &impl Fn(usize, usize) -> Field,
    rule: Rule,
    out: &mut Vec<K>,
) {
    for x in 1..=side {
        for y in 1..=side {
            let here = field(x, y);
            if pos.count(here) == 0 {
                continue;
            }
            for x1 in 0..x {
                for y1 in 0..y {
                    let mut next = pos.clone();
                    next.dec(here);
                    for &flags in rule.corners() {
                        let (sx, sy) = corner(x, y, x1, y1, flags);
                        if sx > 0 && sy > 0 {
                            next.inc(field(sx, sy));
                        }
                    }
                    out.push(next);
                }
            }
        }
    }
}

/// Returns the number of bits needed to write `m`, and at least one.
fn bit_width(m: u128) -> u32 {
    (128 - m.leading_zeros()).max(1)
}

/// Returns the value of a single stone at every (x,y) with x,y < n from the sum theorem.
///
/// An option of a stone is the sum of three independent stones, so its value is the XOR
/// of theirs and the stone's value is the mex over its options. Boards larger than
/// [`STONES_2D_SUM_MAX`] are refused with [`SearchLimit`].
pub fn stones_2d_sum(n: usize) -> Result<GameValues, SearchLimit> {
    sum_search(n, Rule::Corners)
}

/// Runs the sum-theorem search under the given move rule.
fn sum_search(n: usize, rule: Rule) -> Result<GameValues, SearchLimit> {
    if n > STONES_2D_SUM_MAX {
        let max = STONES_2D_SUM_MAX as u64;
        return Err(SearchLimit { limit: max * max });
    }
    let mut values = vec![0u32; n * n];
    let mut seen = Vec::new();
    for x in 1..n {
        for y in 1..n {
            // The mex of x·y option values is at most x·y.
            seen.clear();
            seen.resize(x * y + 1, false);
            // Stones at (x',y) and (x,y') always; (x',y') only under the real rule.
            let with_corner = rule.corners().contains(&(true, true));
            let here_row = &values[x * n..x * n + y];
            for x1 in 0..x {
                let row = &values[x1 * n..x1 * n + y];
                let top = values[x1 * n + y];
                for (&c, &h) in row.iter().zip(here_row) {
                    let v = top ^ h ^ if with_corner { c } else { 0 };
                    if let Some(slot) = seen.get_mut(v as usize) {
                        *slot = true;
                    }
                }
            }
            values[x * n + y] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        }
    }
    Ok(GameValues {
        size: n,
        values,
        positions: (n * n) as u64,
    })
}

/// One position on the search stack: the options still to value and the values found.
struct Frame<P> {
    pos: P,
    options: Vec<P>,
    found: Vec<u32>,
}

/// The memo of a search: the Grundy value of every position valued so far.
type Memo<P> = HashMap<P, u32, BuildHasherDefault<MixHasher>>;

/// Returns the Grundy value of `root`, memoising every position it values in `memo`.
///
/// The walk uses its own stack, so deep games cannot overflow the thread's stack. It
/// fails once the positions valued or in progress would exceed `limit`.
fn grundy<P, F>(memo: &mut Memo<P>, root: P, limit: u64, mut options: F) -> Result<u32, SearchLimit>
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
struct MixHasher(u64);

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
fn mex(values: impl Iterator<Item = u32>, count: usize) -> u32 {
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

    /// Returns the nim-product from the independently written `nimber` crate.
    fn oracle_mul(a: usize, b: usize) -> u64 {
        let p = nimber::FiniteNimber::from(a as u64) * nimber::FiniteNimber::from(b as u64);
        p.as_slice().first().copied().unwrap_or(0)
    }

    /// Returns the nim-product table below `n` from its mex definition.
    fn mex_product_table(n: usize) -> Vec<u64> {
        let mut t = vec![0u64; n * n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = vec![false; a * b + 1];
                for a1 in 0..a {
                    for b1 in 0..b {
                        let v = t[a1 * n + b] ^ t[a * n + b1] ^ t[a1 * n + b1];
                        if let Some(s) = seen.get_mut(v as usize) {
                            *s = true;
                        }
                    }
                }
                t[a * n + b] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
            }
        }
        t
    }

    /// Returns the first cell where the board differs from `product`.
    fn first_mismatch(
        board: &GameValues,
        product: impl Fn(usize, usize) -> u64,
    ) -> Option<(usize, usize)> {
        let n = board.size;
        (0..n)
            .flat_map(|x| (0..n).map(move |y| (x, y)))
            .find(|&(x, y)| board.get(x, y).map(u64::from) != Some(product(x, y)))
    }

    /// Returns every multiset of up to `stones` labels below `labels`, as sorted lists.
    fn small_multisets(stones: usize, labels: usize) -> Vec<Vec<usize>> {
        let mut all = vec![Vec::new()];
        let mut layer = vec![Vec::new()];
        for _ in 0..stones {
            let mut next = Vec::new();
            for m in &layer {
                let from = m.last().copied().unwrap_or(0);
                for l in from..labels {
                    let mut grown: Vec<usize> = m.clone();
                    grown.push(l);
                    next.push(grown);
                }
            }
            all.extend(next.iter().cloned());
            layer = next;
        }
        all
    }

    /// Returns the first small 1D position whose searched value differs from `claim`.
    fn first_1d_mismatch(claim: impl Fn(&[usize]) -> u32) -> Option<Vec<usize>> {
        small_multisets(3, 8)
            .into_iter()
            .find(|m| stones_1d_grundy(m) != Ok(claim(m)))
    }

    #[test]
    fn one_d_values_are_xor_of_labels() {
        assert_eq!(small_multisets(3, 8).len(), 1 + 8 + 36 + 120);
        let xor = |m: &[usize]| m.iter().fold(0, |acc, &l| acc ^ l as u32);
        assert_eq!(first_1d_mismatch(xor), None);
    }

    #[test]
    fn one_d_check_catches_a_wrong_rule() {
        let sum = |m: &[usize]| m.iter().map(|&l| l as u32).sum::<u32>();
        assert!(first_1d_mismatch(sum).is_some());
    }

    #[test]
    fn one_d_equal_pairs_cancel() {
        for label in 0..16 {
            assert_eq!(stones_1d_grundy(&[label, label]), Ok(0), "label {label}");
            assert_eq!(stones_1d_grundy(&[label, label, 5]), Ok(5), "label {label}");
        }
        // The cancelling check is not vacuous: unequal pairs do not cancel.
        assert_ne!(stones_1d_grundy(&[3, 4]), Ok(0));
    }

    #[test]
    fn one_d_order_of_labels_does_not_matter() {
        assert_eq!(
            stones_1d_grundy(&[7, 0, 2, 5]),
            stones_1d_grundy(&[5, 2, 7])
        );
    }

    #[test]
    fn one_d_refuses_huge_searches() {
        let over = Err(SearchLimit {
            limit: STONES_1D_LIMIT,
        });
        assert_eq!(stones_1d_grundy(&[usize::MAX]), over);
        let many = stones_1d_grundy(&vec![1; 200_000]);
        assert!(many.is_err_and(|e| e.limit < STONES_1D_LIMIT));
        assert_eq!(search_1d(&[2, 3], 6), Err(SearchLimit { limit: 6 }));
        assert_eq!(search_1d(&[2, 3], 12), Ok(1));
        // Few options per position but too many positions: stopped during the walk.
        assert_eq!(
            search_1d(&[5, 6, 7, 8], 100),
            Err(SearchLimit { limit: 100 })
        );
        let tuples = (5 + 1) * (6 + 1) * (7 + 1) * (8 + 1);
        assert_eq!(search_1d(&[5, 6, 7, 8], tuples), Ok(5 ^ 6 ^ 7 ^ 8));
    }

    #[test]
    fn search_limit_message_names_the_limit() {
        let text = SearchLimit { limit: 12 }.to_string();
        assert_eq!(text, "game search stopped at its limit of 12 positions");
    }

    #[test]
    fn mex_table_matches_the_oracle() {
        let n = 16;
        let table = mex_product_table(n);
        let oracle: Vec<u64> = (0..n * n).map(|i| oracle_mul(i / n, i % n)).collect();
        assert_eq!(table, oracle);
        assert_ne!(
            table,
            (0..n * n)
                .map(|i| ((i / n) * (i % n)) as u64)
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn full_search_equals_nim_product() {
        let board = stones_2d_full(4, 1_000_000).expect("4×4 fits the limit");
        assert_eq!(board.values.len(), 16);
        assert_eq!(first_mismatch(&board, oracle_mul), None);
        let table = mex_product_table(4);
        assert_eq!(first_mismatch(&board, |x, y| table[x * 4 + y]), None);
        assert!(board.positions > 9);
    }

    #[test]
    fn full_search_check_catches_a_broken_rule() {
        let broken = full_search(4, 1_000_000, Rule::TwoCorners).expect("fits the limit");
        assert_eq!(first_mismatch(&broken, oracle_mul), Some((2, 2)));
        let board = stones_2d_full(4, 1_000_000).expect("fits the limit");
        assert_eq!(first_mismatch(&board, |x, y| (x * y) as u64), Some((2, 2)));
    }

    #[test]
    fn full_search_refuses_past_its_limit() {
        assert_eq!(stones_2d_full(4, 50), Err(SearchLimit { limit: 50 }));
        // Fewer positions than single stones is refused before searching.
        assert_eq!(stones_2d_full(100, 1000), Err(SearchLimit { limit: 1000 }));
        let cap = STONES_2D_FULL_MAX_POSITIONS;
        assert_eq!(
            stones_2d_full(usize::MAX, u64::MAX),
            Err(SearchLimit { limit: cap })
        );
    }

    #[test]
    fn full_search_counts_are_exact_at_its_own_size() {
        let board = stones_2d_full(4, 1_000_000).expect("fits the limit");
        let exact = stones_2d_full(4, board.positions).expect("fits exactly");
        assert_eq!(exact, board);
        assert!(stones_2d_full(4, board.positions - 1).is_err());
    }

    #[test]
    fn board_bounds_match_the_plain_recurrence() {
        for n in 2..9 {
            let side = n - 1;
            let mut made = vec![0u128; side * side];
            for a in (0..side).rev() {
                for b in (0..side).rev() {
                    let mut total = u128::from(a + 1 == side && b + 1 == side);
                    for x in a..side {
                        for y in b..side {
                            if (x, y) != (a, b) {
                                total += made[x * side + y];
                            }
                        }
                    }
                    made[a * side + b] = total;
                }
            }
            let plain: Vec<u32> = made.iter().map(|&m| bit_width(m)).collect();
            assert_eq!(Board::new(n, u64::MAX).widths, plain, "n = {n}");
            // A small limit narrows the fields.
            assert!(Board::new(n, 3).widths.iter().all(|&w| w <= 3));
        }
    }

    #[test]
    fn fewest_positions_is_a_lower_bound() {
        for n in 0..5 {
            let board = stones_2d_full(n, 1_000_000).expect("fits the limit");
            assert!(
                fewest_positions(n) <= u128::from(board.positions),
                "n = {n}"
            );
        }
        assert!(fewest_positions(4) > fewest_positions(3));
    }

    #[test]
    fn full_search_keeps_wide_boards_within_memory() {
        let Err(over) = stones_2d_full(200, u64::MAX) else {
            panic!("a 200×200 search cannot fit");
        };
        assert!(over.limit < STONES_2D_FULL_MAX_POSITIONS);
    }

    #[test]
    fn full_search_small_boards() {
        let empty = stones_2d_full(0, 10).expect("nothing to search");
        assert!(empty.values.is_empty());
        let one = stones_2d_full(1, 10).expect("only the empty position");
        assert_eq!((one.values.clone(), one.positions), (vec![0], 1));
        assert_eq!(stones_2d_full(1, 0), Err(SearchLimit { limit: 0 }));
    }

    #[test]
    fn full_search_wide_packing_agrees_with_narrow() {
        let board = Board::new(4, 1_000_000);
        assert!(board.bits <= 128);
        let narrow = board.search::<u128>(1_000_000, Rule::Corners);
        let wide = board.search::<Box<[u64]>>(1_000_000, Rule::Corners);
        assert_eq!(narrow, wide);
    }

    #[test]
    fn two_equal_stones_cancel_in_the_full_search() {
        // Fields sized for one starting stone may be too narrow for two, so give every
        // cell 16 bits: two stones on this board never make more than 2·26 in a cell.
        let board = Board {
            n: 4,
            widths: vec![16; 9],
            bits: 16 * 9,
        };
        let (fields, words) = board.fields(<Box<[u64]>>::WORD_BITS);
        let field = |x: usize, y: usize| fields[(x - 1) * 3 + (y - 1)];
        let mut memo = Memo::default();
        let mut value_of = |stones: &[(usize, usize)]| {
            let mut pos = <Box<[u64]>>::empty(words);
            for &(x, y) in stones {
                pos.inc(field(x, y));
            }
            grundy(&mut memo, pos, 1_000_000, |p, out| {
                options_2d(p, 3, &field, Rule::Corners, out);
                Ok(())
            })
        };
        for x in 1..4 {
            for y in 1..4 {
                assert_eq!(value_of(&[(x, y), (x, y)]), Ok(0), "cell ({x},{y})");
            }
        }
        // Two different stones add as nim-values rather than cancel.
        let sum = (oracle_mul(2, 3) ^ oracle_mul(3, 3)) as u32;
        assert_eq!(value_of(&[(2, 3), (3, 3)]), Ok(sum));
        assert_ne!(sum, 0);
    }

    #[test]
    fn sum_search_equals_nim_product() {
        let n = 16;
        let board = stones_2d_sum(n).expect("16 is allowed");
        assert_eq!(board.positions, 256);
        assert_eq!(first_mismatch(&board, oracle_mul), None);
        let table = mex_product_table(n);
        assert_eq!(first_mismatch(&board, |x, y| table[x * n + y]), None);
    }

    #[test]
    fn sum_search_check_catches_a_broken_rule() {
        let broken = sum_search(16, Rule::TwoCorners).expect("16 is allowed");
        assert_eq!(first_mismatch(&broken, oracle_mul), Some((2, 2)));
        let board = stones_2d_sum(16).expect("16 is allowed");
        assert_eq!(first_mismatch(&board, |x, y| (x * y) as u64), Some((2, 2)));
    }

    #[test]
    fn sum_and_full_searches_agree() {
        let full = stones_2d_full(4, 1_000_000).expect("fits the limit");
        let sum = stones_2d_sum(4).expect("4 is allowed");
        assert_eq!(full.values, sum.values);
    }

    #[test]
    fn sum_search_refuses_large_boards() {
        assert!(stones_2d_sum(64).is_ok());
        let over = stones_2d_sum(STONES_2D_SUM_MAX + 1);
        assert_eq!(over, Err(SearchLimit { limit: 65_536 }));
    }
}
