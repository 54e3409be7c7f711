//! Stone games on numbered cells, searched in full over multisets of stones.
//!
//! The 2-D and 3-D stone games, and either of them beside a Nim heap, share one shape: a
//! position is a multiset of stones on finitely many live cells, and a move takes one
//! stone off a cell `c` and puts one stone on each cell of one of `c`'s move lists, every
//! one of which is a cell below `c`. Stones that would land on a dead cell are not stored.
//! Play ends because every move lowers the position in the multiset order.
//!
//! The search assumes no sum theorem: two stones on one cell are two stones. Positions are
//! packed into a key with one bit field per cell, each wide enough for the most stones the
//! cell can hold in a search within the limit (see [`Packing::new`]).

use std::hash::Hash;

use super::search::{Memo, SEARCH_KEY_BYTES, SearchLimit, grundy};

/// A stone game on cells `0..cells`: the move lists of every cell.
#[derive(Clone, Debug, Default)]
pub(super) struct CellGame {
    /// `moves[c]`: each move from `c` as the cells that receive one stone.
    moves: Vec<Vec<Vec<usize>>>,
}

impl CellGame {
    /// Returns a game on `cells` cells with no moves yet.
    pub(super) fn new(cells: usize) -> CellGame {
        CellGame {
            moves: vec![Vec::new(); cells],
        }
    }

    /// Adds a move from `from` that puts one stone on each of `targets`; targets that are
    /// not below `from`, or repeat, are dropped so that play always ends.
    pub(super) fn add_move(&mut self, from: usize, mut targets: Vec<usize>) {
        targets.retain(|&t| t < from);
        targets.sort_unstable();
        targets.dedup();
        if let Some(list) = self.moves.get_mut(from) {
            list.push(targets);
        }
    }

    /// Returns the game with `extra` more cells, which have no moves yet.
    pub(super) fn extended(mut self, extra: usize) -> CellGame {
        self.moves.resize(self.moves.len() + extra, Vec::new());
        self
    }

    /// Returns the number of cells.
    pub(super) fn cells(&self) -> usize {
        self.moves.len()
    }

    /// Returns the most stones each cell ever holds in a line of play from `cover`, with
    /// every count capped at `cap`.
    ///
    /// Each stone moves at most once and a move puts at most one stone on a cell, so the
    /// stones ever made on `c` are at most its starting stones plus the stones ever made
    /// on the cells that can drop one on `c`. Counts grow in the starting stones, so a
    /// cover that holds at least as many stones on every cell bounds every smaller start.
    fn made(&self, cover: &[u64], cap: u128) -> Vec<u128> {
        let n = self.cells();
        let mut made: Vec<u128> = (0..n)
            .map(|c| u128::from(cover.get(c).copied().unwrap_or(0)).min(cap))
            .collect();
        let mut drops = vec![false; n];
        for d in (0..n).rev() {
            if made[d] == 0 {
                continue;
            }
            drops.iter_mut().for_each(|x| *x = false);
            for m in &self.moves[d] {
                for &t in m {
                    drops[t] = true;
                }
            }
            for c in (0..d).filter(|&c| drops[c]) {
                made[c] = (made[c] + made[d]).min(cap);
            }
        }
        made
    }
}

/// Where one cell's stone count sits inside a packed position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Field {
    word: usize,
    shift: u32,
    mask: u64,
}

/// A position: one count per live cell, packed into fields.
pub(super) trait Packed: Hash + Eq + Clone {
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

/// The packing of a game's positions: a field width for every cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Packing {
    /// Field widths in bits, per cell.
    pub(super) widths: Vec<u32>,
    /// The sum of the widths.
    pub(super) bits: u64,
}

/// What a full search over several starting positions found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Searched {
    /// The value of each start, in order.
    pub(super) values: Vec<u32>,
    /// The distinct positions valued, shared across the starts.
    pub(super) positions: u64,
}

impl Packing {
    /// Sizes each cell's field for any start that `cover` covers, in a search within
    /// `limit` positions.
    ///
    /// Besides the bound of [`CellGame::made`], a line of play within the limit makes
    /// fewer than `limit` moves and each move adds at most one stone to a cell, so no cell
    /// holds more than its starting stones plus `limit`.
    pub(super) fn new(game: &CellGame, cover: &[u64], limit: u64) -> Packing {
        let start = cover.iter().copied().max().unwrap_or(0);
        let cap = u128::from(limit) + u128::from(start);
        Packing::from_made(&game.made(cover, cap))
    }

    /// Returns the packing whose fields hold the given most stones per cell.
    pub(super) fn from_made(made: &[u128]) -> Packing {
        let widths: Vec<u32> = made.iter().map(|&m| bit_width(m)).collect();
        let bits = widths.iter().map(|&w| u64::from(w)).sum();
        Packing { widths, bits }
    }

    /// Returns the bytes one stored key takes, with its hash-table overhead.
    pub(super) fn key_bytes(&self) -> u64 {
        if self.bits <= 128 {
            16
        } else {
            self.bits.div_ceil(64) * 8 + 16
        }
    }

    /// Returns `limit` lowered so that the stored keys fit [`SEARCH_KEY_BYTES`].
    pub(super) fn memory_limit(&self, limit: u64) -> u64 {
        limit.min(SEARCH_KEY_BYTES / self.key_bytes())
    }

    /// Lays the fields out in words of `word_bits`, never splitting a field.
    pub(super) fn fields(&self, word_bits: u32) -> (Vec<Field>, usize) {
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

    /// Values every start (a list of cells, one stone per entry) with one shared memo,
    /// choosing the narrowest key that holds the packing.
    pub(super) fn search(
        &self,
        game: &CellGame,
        starts: &[Vec<usize>],
        limit: u64,
    ) -> Result<Searched, SearchLimit> {
        if self.bits <= 128 {
            self.search_with::<u128>(game, starts, limit)
        } else {
            self.search_with::<Box<[u64]>>(game, starts, limit)
        }
    }

    /// Values every start with keys of type `K`.
    pub(super) fn search_with<K: Packed>(
        &self,
        game: &CellGame,
        starts: &[Vec<usize>],
        limit: u64,
    ) -> Result<Searched, SearchLimit> {
        let (fields, words) = self.fields(K::WORD_BITS);
        let mut memo: Memo<K> = Memo::default();
        let mut values = Vec::with_capacity(starts.len());
        for start in starts {
            let mut root = K::empty(words);
            for &c in start {
                if let Some(&f) = fields.get(c) {
                    root.inc(f);
                }
            }
            let value = grundy(&mut memo, root, limit, |pos, out| {
                options(game, &fields, pos, out);
                Ok(())
            })?;
            values.push(value);
        }
        Ok(Searched {
            values,
            positions: memo.len() as u64,
        })
    }
}

/// Lists the positions one move away.
fn options<K: Packed>(game: &CellGame, fields: &[Field], pos: &K, out: &mut Vec<K>) {
    for (c, moves) in game.moves.iter().enumerate() {
        let here = fields[c];
        if pos.count(here) == 0 {
            continue;
        }
        for m in moves {
            let mut next = pos.clone();
            next.dec(here);
            for &t in m {
                next.inc(fields[t]);
            }
            out.push(next);
        }
    }
}

/// Returns the number of bits needed to write `m`, and at least one.
pub(super) fn bit_width(m: u128) -> u32 {
    (128 - m.leading_zeros()).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Returns the 1-D stone game on labels `1..n`, as cells `0..n−1`.
    fn line(n: usize) -> CellGame {
        let mut g = CellGame::new(n - 1);
        for c in 0..n - 1 {
            for t in 0..=c {
                // Label c+1 moves to label t; label 0 is dead.
                g.add_move(c, if t == 0 { vec![] } else { vec![t - 1] });
            }
        }
        g
    }

    #[test]
    fn a_line_of_cells_plays_as_nim() {
        let g = line(8);
        let p = Packing::new(&g, &[0, 0, 0, 0, 0, 0, 2], 10_000);
        let starts = vec![vec![2, 4], vec![6, 6], vec![0, 1, 2]];
        let s = p.search(&g, &starts, 10_000).expect("small");
        assert_eq!(s.values, vec![3 ^ 5, 0, 1 ^ 2 ^ 3]);
    }

    #[test]
    fn moves_up_the_order_are_dropped() {
        let mut g = CellGame::new(3);
        g.add_move(1, vec![0, 1, 2, 0]);
        assert_eq!(g.moves[1], vec![vec![0]]);
        g.add_move(7, vec![0]);
        assert_eq!(g.cells(), 3);
    }

    #[test]
    fn bounds_count_every_stone_ever_made() {
        // Cell 2 splits into 1 and 0, cell 1 into 0: from one stone at 2, cell 0 gets 2.
        let mut g = CellGame::new(3);
        g.add_move(2, vec![1, 0]);
        g.add_move(1, vec![0]);
        assert_eq!(g.made(&[0, 0, 1], 100), vec![2, 1, 1]);
        assert_eq!(g.made(&[0, 0, 1], 1), vec![1, 1, 1]);
        let p = Packing::new(&g, &[0, 0, 1], 100);
        assert_eq!(p.widths, vec![2, 1, 1]);
    }
}
