//! Octal games: heaps that shrink and split, valued by their rules and proved periodic.
//!
//! An octal code `0.d₁d₂…d_t` says, for each k, how k tokens may be taken from one heap:
//! bit 1 of dₖ allows taking a whole heap of exactly k, bit 2 taking k from a larger heap
//! and leaving one heap, bit 4 taking k and leaving two non-empty heaps. Kayles is `0.77`,
//! Dawson's chess `0.137`. A position is a sum of heaps, so its value is the nim-sum of
//! the heaps' values G(n), and G(n) is the mex of the values of its options.
//!
//! [`grundy_values`] computes G(0), …, G(upto − 1) by the sparse-space method, and
//! [`grundy_values_naive`] by the definition, as the oracle the tests compare with.
//! [`find_period`] applies the octal periodicity theorem (Guy and Smith, 1956): if
//! G(n + p) = G(n) for every n₀ ≤ n < 2n₀ + p + t, then for every n ≥ n₀.
//!
//! ```
//! use nimsite_core::nimber::{OctalCode, OctalGame};
//!
//! let kayles: OctalCode = "0.77".parse()?;
//! let game = OctalGame::compute(&kayles, 200)?;
//! assert_eq!(&game.values()[..8], &[0, 1, 2, 3, 1, 4, 3, 2]);
//! let period = game.period().expect("Kayles is periodic");
//! assert_eq!((period.period, period.preperiod), (12, 71));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

/// The most digits a code may have after its point.
pub const OCTAL_DIGITS_MAX: usize = 64;

/// The most values a computation may ask for.
pub const OCTAL_UPTO_MAX: usize = 1 << 20;

/// The most option pairs one computation may inspect before it stops with an error.
pub const OCTAL_WORK_MAX: u64 = 1 << 32;

/// An octal game's rules: `0.d₁d₂…d_t`, each digit a sum of 1, 2 and 4.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// d₁, d₂, … up to the last nonzero digit.
    digits: Vec<u8>,
    /// The code as written, trailing zeros included.
    text: String,
}

/// Says what is wrong with an octal code, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeError {
    /// The byte offset in the code of the character at fault.
    pub at: usize,
    /// What is wrong there.
    pub kind: CodeErrorKind,
}

/// The ways an octal code can be wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CodeErrorKind {
    /// The code is empty.
    Empty,
    /// The code does not start with `0.`; `found` is the character there, if any.
    Prefix {
        /// What stands where `0` or `.` should.
        found: Option<char>,
    },
    /// Nothing follows the point.
    NoDigits,
    /// A digit that is not one of 0–7.
    NotOctal {
        /// The character found.
        found: char,
    },
    /// More digits than [`OCTAL_DIGITS_MAX`].
    TooLong {
        /// The number of digits written.
        digits: usize,
    },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column = self.at + 1;
        match &self.kind {
            CodeErrorKind::Empty => write!(f, "empty octal code; write one such as 0.77"),
            CodeErrorKind::Prefix { found: Some(c) } => write!(
                f,
                "octal code must start with `0.`, found `{c}` at character {column}; write one such as 0.77"
            ),
            CodeErrorKind::Prefix { found: None } => write!(
                f,
                "octal code ends at character {column} before its point; write one such as 0.77"
            ),
            CodeErrorKind::NoDigits => write!(
                f,
                "octal code has no digits after its point (character {column}); write one such as 0.77"
            ),
            CodeErrorKind::NotOctal { found } => write!(
                f,
                "`{found}` at character {column} is not an octal digit; each digit is 0 to 7, a sum of 1, 2 and 4"
            ),
            CodeErrorKind::TooLong { digits } => write!(
                f,
                "octal code has {digits} digits after its point, more than the {OCTAL_DIGITS_MAX} allowed (character {column})"
            ),
        }
    }
}

impl std::error::Error for CodeError {}

impl OctalCode {
    /// Reads a code such as `0.77` or `0.137`; `.77` without the leading zero is refused.
    pub fn parse(text: &str) -> Result<Self, CodeError> {
        let err = |at, kind| Err(CodeError { at, kind });
        let mut chars = text.char_indices();
        match chars.next() {
            None => return err(0, CodeErrorKind::Empty),
            Some((_, '0')) => {}
            Some((at, c)) => return err(at, CodeErrorKind::Prefix { found: Some(c) }),
        }
        match chars.next() {
            None => return err(1, CodeErrorKind::Prefix { found: None }),
            Some((_, '.')) => {}
            Some((at, c)) => return err(at, CodeErrorKind::Prefix { found: Some(c) }),
        }
        let mut digits = Vec::new();
        for (at, c) in chars {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => return err(at, CodeErrorKind::NotOctal { found: c }),
            }
            if digits.len() > OCTAL_DIGITS_MAX {
                return err(
                    at,
                    CodeErrorKind::TooLong {
                        digits: text.len() - 2,
                    },
                );
            }
        }
        if digits.is_empty() {
            return err(2, CodeErrorKind::NoDigits);
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode {
            digits,
            text: text.to_string(),
        })
    }

    /// Returns d₁, d₂, … up to the last nonzero digit.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Returns t, the index of the last nonzero digit (0 for a game with no moves).
    pub fn len(&self) -> usize {
        self.digits.len()
    }

    /// Returns whether the code allows no move at all, as `0.0` does.
    pub fn is_empty(&self) -> bool {
        self.digits.is_empty()
    }

    /// Returns the code as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Returns the distinct values of the options of a heap of `n`, in increasing order,
    /// from the values `g` of the heaps below it; `None` when `g` does not reach `n`.
    pub fn option_values(&self, g: &[u32], n: usize) -> Option<Vec<u32>> {
        let below = g.get(..n)?;
        let mut options = option_values_with(self, below, n);
        options.sort_unstable();
        options.dedup();
        Some(options)
    }

    /// Returns how many different positions one move from a heap of `n` reaches: each
    /// a set of heaps, so splitting 5 into 1 and 4 or into 4 and 1 is one move.
    pub fn move_count(&self, n: usize) -> usize {
        let mut seen = std::collections::BTreeSet::new();
        for k in 1..=self.len().min(n) {
            let d = self.digit(k);
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                seen.insert((0, 0));
            }
            if d & 2 != 0 && rest > 0 {
                seen.insert((0, rest));
            }
            if d & 4 != 0 {
                seen.extend((1..=rest / 2).map(|a| (a, rest - a)));
            }
        }
        seen.len()
    }

    /// Returns the digit for taking `k` tokens (0 beyond the code).
    fn digit(&self, k: usize) -> u8 {
        self.digits.get(k.wrapping_sub(1)).copied().unwrap_or(0)
    }
}

impl FromStr for OctalCode {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Self, CodeError> {
        OctalCode::parse(s)
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Reports that a computation was asked for more than its bounds allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OctalLimit {
    /// More values were asked for than [`OCTAL_UPTO_MAX`].
    Upto {
        /// The number asked for.
        upto: usize,
        /// The most allowed.
        max: usize,
    },
    /// The work ran past its bound before all values were found.
    Work {
        /// The number of values asked for.
        upto: usize,
        /// How many values were found before the bound.
        reached: usize,
        /// The bound, in option pairs inspected.
        max: u64,
    },
}

impl fmt::Display for OctalLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OctalLimit::Upto { upto, max } => {
                write!(f, "{upto} values asked for, more than the {max} allowed")
            }
            OctalLimit::Work { upto, reached, max } => write!(
                f,
                "stopped after {reached} of {upto} values at the bound of {max} option pairs"
            ),
        }
    }
}

impl std::error::Error for OctalLimit {}

/// Returns G(0), …, G(upto − 1) from the definition: every option of every heap.
///
/// This is the oracle for [`grundy_values`]; it takes time in proportion to upto² · t.
pub fn grundy_values_naive(code: &OctalCode, upto: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(upto);
    for n in 0..upto {
        let options = option_values_with(code, &g, n);
        let mex = (0..).find(|v| !options.contains(v)).unwrap_or(0);
        g.push(mex);
    }
    g
}

/// Returns the values of the options of a heap of `n`, given the values `g` of every
/// smaller heap: each move's value, repeats included, in the order of the moves.
fn option_values_with(code: &OctalCode, g: &[u32], n: usize) -> Vec<u32> {
    let mut options = Vec::new();
    for k in 1..=code.len().min(n) {
        let d = code.digit(k);
        let rest = n - k;
        if d & 1 != 0 && rest == 0 {
            options.push(0);
        }
        if d & 2 != 0 && rest > 0 {
            options.push(g[rest]);
        }
        if d & 4 != 0 {
            for a in 1..rest {
                options.push(g[a] ^ g[rest - a]);
            }
        }
    }
    options
}

/// Returns G(0), …, G(upto − 1), by the sparse-space method, within [`OCTAL_WORK_MAX`].
pub fn grundy_values(code: &OctalCode, upto: usize) -> Result<Vec<u32>, OctalLimit> {
    grundy_values_within(code, upto, OCTAL_WORK_MAX)
}

/// Returns G(0), …, G(upto − 1), inspecting at most `work` option pairs.
///
/// The values of most octal games fall in a *common* class: odd parity of `v & mask` for a
/// game-specific mask, while the even, *rare* class is met at few heap sizes. A split into
/// two common heaps, or two rare ones, has a value of even parity; only a split with
/// exactly one rare part can have odd parity. So every odd-parity option is found by
/// pairing each rare heap with its complement, and the scan over all splits only has to
/// confirm that every even-parity value below that candidate is present, which it usually
/// does within a few splits. The mask is re-chosen as the values come in, and nothing
/// depends on the choice but speed.
pub fn grundy_values_within(
    code: &OctalCode,
    upto: usize,
    work: u64,
) -> Result<Vec<u32>, OctalLimit> {
    grundy_values_counted(code, upto, work).map(|(g, _)| g)
}

/// Returns G(0), …, G(upto − 1) as [`grundy_values_within`] does, with the option pairs
/// inspected.
pub fn grundy_values_counted(
    code: &OctalCode,
    upto: usize,
    work: u64,
) -> Result<(Vec<u32>, u64), OctalLimit> {
    if upto > OCTAL_UPTO_MAX {
        return Err(OctalLimit::Upto {
            upto,
            max: OCTAL_UPTO_MAX,
        });
    }
    let mut run = Sparse::new(code, upto);
    for n in 0..upto {
        run.next_value(n);
        if run.steps > work {
            return Err(OctalLimit::Work {
                upto,
                reached: n + 1,
                max: work,
            });
        }
    }
    Ok((run.g, run.steps))
}

/// The state of one sparse-space computation.
struct Sparse<'a> {
    code: &'a OctalCode,
    /// The values found so far.
    g: Vec<u32>,
    /// The splitting moves: k for each digit with bit 4.
    splits: Vec<usize>,
    /// The class mask and the parity of the common class.
    mask: u32,
    common: u32,
    /// The heap sizes from 1 up whose values are rare, in increasing order.
    rare: Vec<usize>,
    /// How many heaps from 1 up have each value.
    counts: Vec<u64>,
    /// `seen[v] == stamp` marks v as an option of the current heap.
    seen: Vec<u32>,
    stamp: u32,
    /// A power of two above every value so far, so above every option.
    bound: u32,
    /// When to choose the mask next.
    next_choice: usize,
    /// Option pairs inspected.
    steps: u64,
}

impl<'a> Sparse<'a> {
    fn new(code: &'a OctalCode, upto: usize) -> Self {
        let splits = (1..=code.len())
            .filter(|&k| code.digit(k) & 4 != 0)
            .collect();
        Sparse {
            code,
            g: Vec::with_capacity(upto),
            splits,
            mask: 0,
            common: 0,
            rare: Vec::new(),
            counts: vec![0; 2],
            seen: vec![0; 4],
            stamp: 0,
            bound: 1,
            next_choice: 16,
            steps: 0,
        }
    }

    fn parity(&self, v: u32) -> u32 {
        (v & self.mask).count_ones() & 1
    }

    fn mark(&mut self, v: u32) {
        self.seen[v as usize] = self.stamp;
    }

    fn is_marked(&self, v: u32) -> bool {
        self.seen[v as usize] == self.stamp
    }

    /// Computes G(n) and records it.
    fn next_value(&mut self, n: usize) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.mark_moves_without_split(n);
        self.mark_rare_splits(n);
        let candidate = self.least_odd_unmarked();
        let value = self.least_even_missing(n, candidate).unwrap_or(candidate);
        self.record(n, value);
    }

    /// Marks the options that leave no heap or one heap.
    fn mark_moves_without_split(&mut self, n: usize) {
        for k in 1..=self.code.len().min(n) {
            let d = self.code.digit(k);
            if d & 1 != 0 && n == k {
                self.mark(0);
            }
            if d & 2 != 0 && n > k {
                self.mark(self.g[n - k]);
            }
        }
    }

    /// Marks every split with a rare part: all the odd-parity split values there are.
    fn mark_rare_splits(&mut self, n: usize) {
        for i in 0..self.splits.len() {
            let k = self.splits[i];
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            // The rare heaps below m, each paired with its complement.
            let below = self.rare.partition_point(|&r| r < m);
            self.steps += below as u64;
            let (rare, g) = (&self.rare[..below], &self.g[..m]);
            if self.bound <= 64 {
                // Every value fits one word: collect the marks in registers, four at a time
                // so that no one register holds up the loop, then set them.
                let bit = |r: usize| 1u64 << (g[r] ^ g[m - r]);
                let mut lanes = [0u64; 4];
                let quads = rare.chunks_exact(4);
                let rest = quads.remainder();
                for q in quads {
                    for (lane, &r) in lanes.iter_mut().zip(q) {
                        *lane |= bit(r);
                    }
                }
                let mut marks = lanes.iter().fold(0, |a, b| a | b);
                for &r in rest {
                    marks |= bit(r);
                }
                while marks != 0 {
                    let v = marks.trailing_zeros();
                    self.seen[v as usize] = self.stamp;
                    marks &= marks - 1;
                }
            } else {
                for &r in rare {
                    self.seen[(g[r] ^ g[m - r]) as usize] = self.stamp;
                }
            }
        }
    }

    /// Returns the least odd-parity value not marked, or the bound when there is none.
    fn least_odd_unmarked(&self) -> u32 {
        (0..self.bound)
            .find(|&v| self.parity(v) == 1 && !self.is_marked(v))
            .unwrap_or(self.bound)
    }

    /// Scans the splits until every even-parity value below `candidate` is found, and
    /// returns the least one that is not.
    fn least_even_missing(&mut self, n: usize, candidate: u32) -> Option<u32> {
        let mut wanted = (0..candidate)
            .filter(|&v| self.parity(v) == 0 && !self.is_marked(v))
            .count();
        if wanted == 0 {
            return None;
        }
        // Every split move at once, by increasing smaller part, so that a value one move
        // makes only deep in its scan is not looked for there before the others are tried.
        let longest = self.splits.iter().map(|&k| n.saturating_sub(k) / 2).max();
        'scan: for a in 1..=longest.unwrap_or(0) {
            for i in 0..self.splits.len() {
                let m = n.saturating_sub(self.splits[i]);
                if 2 * a > m {
                    continue;
                }
                self.steps += 1;
                let v = self.g[a] ^ self.g[m - a];
                if v < candidate && !self.is_marked(v) {
                    self.mark(v);
                    if self.parity(v) == 0 {
                        wanted -= 1;
                        if wanted == 0 {
                            break 'scan;
                        }
                    }
                }
            }
        }
        (0..candidate).find(|&v| !self.is_marked(v))
    }

    /// Stores G(n) = value, keeping the bound, the counts and the rare list up to date.
    fn record(&mut self, n: usize, value: u32) {
        self.g.push(value);
        if value >= self.bound {
            while value >= self.bound {
                self.bound *= 2;
            }
            self.seen.resize(2 * self.bound as usize, 0);
            self.counts.resize(self.bound as usize, 0);
            self.next_choice = self.next_choice.min(n + 1);
        }
        if n == 0 {
            return;
        }
        self.counts[value as usize] += 1;
        if self.parity(value) != self.common {
            self.rare.push(n);
        }
        if n + 1 >= self.next_choice {
            self.choose_mask();
            self.next_choice = 2 * (n + 1);
        }
    }

    /// Chooses the nonzero mask (below 1024) that leaves the fewest rare heaps, with the
    /// odd class common, and rebuilds the rare list if it changes.
    ///
    /// Only an odd common class helps: two common values then sum to even parity, so the
    /// common candidate is found among the few splits with a rare part.
    fn choose_mask(&mut self) {
        let total: u64 = self.counts.iter().sum();
        let mut best = (u64::MAX, self.mask, self.common);
        for mask in 1..self.bound.min(1024) {
            let odd: u64 = (0..self.bound)
                .filter(|&v| (v & mask).count_ones() & 1 == 1)
                .map(|v| self.counts[v as usize])
                .sum();
            if total - odd < best.0 {
                best = (total - odd, mask, 1);
            }
        }
        if (best.1, best.2) == (self.mask, self.common) {
            return;
        }
        (self.mask, self.common) = (best.1, best.2);
        self.rare = (1..self.g.len())
            .filter(|&a| self.parity(self.g[a]) != self.common)
            .collect();
    }
}

/// A period proved from computed values: by the octal periodicity theorem
/// ([`find_period`]), or by a repeated window ([`super::window_period`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The least period p.
    pub period: usize,
    /// The least n₀ with G(n + p) = G(n) for every n ≥ n₀; the last exception is n₀ − 1.
    pub preperiod: usize,
    /// The equality was checked for every n₀ ≤ n below this: 2n₀ + p + t for an octal
    /// game, the start of the first repeated window for a windowed rule.
    pub checked_below: usize,
}

impl Period {
    /// Returns the heap size whose value the period repeats at `n`: n itself from n₀ on,
    /// and below n₀ the first size at or after n₀ with the same remainder.
    pub fn periodic_index(&self, n: usize) -> usize {
        if n >= self.preperiod {
            return n;
        }
        let steps = (self.preperiod - n).div_ceil(self.period);
        n + steps * self.period
    }
}

/// Returns the least period that the octal periodicity theorem proves from `values`, for a
/// code of length `t`, with the least preperiod for it; `None` if no period is proved.
///
/// A period p with preperiod n₀ is proved when G(n + p) = G(n) for every n₀ ≤ n <
/// 2n₀ + p + t, all inside the values given; Guy and Smith's theorem then gives it for
/// every n ≥ n₀. For each p the least n₀ is one past the last n with G(n + p) ≠ G(n).
pub fn find_period(values: &[u32], t: usize) -> Option<Period> {
    let len = values.len();
    let mut p = 1;
    while 2 * p + t <= len {
        let preperiod = (0..len - p)
            .rev()
            .find(|&n| values[n + p] != values[n])
            .map_or(0, |n| n + 1);
        let checked_below = 2 * preperiod + p + t;
        if checked_below + p <= len {
            return Some(Period {
                period: p,
                preperiod,
                checked_below,
            });
        }
        p += 1;
    }
    None
}

/// An octal game's values, and its period when the values prove one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalGame {
    code: OctalCode,
    values: Vec<u32>,
    period: Option<Period>,
}

impl OctalGame {
    /// Computes G(0), …, G(upto − 1) and looks for a period among them.
    pub fn compute(code: &OctalCode, upto: usize) -> Result<Self, OctalLimit> {
        Self::compute_within(code, upto, OCTAL_WORK_MAX).map(|(game, _)| game)
    }

    /// Computes the game as [`OctalGame::compute`] does, inspecting at most `work` option
    /// pairs, and returns it with the pairs inspected.
    pub fn compute_within(
        code: &OctalCode,
        upto: usize,
        work: u64,
    ) -> Result<(Self, u64), OctalLimit> {
        let (values, steps) = grundy_values_counted(code, upto, work)?;
        let period = find_period(&values, code.len());
        let game = OctalGame {
            code: code.clone(),
            values,
            period,
        };
        Ok((game, steps))
    }

    /// Returns the rules.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// Returns G(0), …, G(upto − 1).
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// Returns the proved period, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Returns G(n): computed below upto, and from the period beyond it when one is proved.
    pub fn value(&self, n: usize) -> Option<u32> {
        if let Some(&v) = self.values.get(n) {
            return Some(v);
        }
        let p = self.period?;
        let back = (n - p.preperiod) / p.period * p.period;
        self.values.get(n - back).copied()
    }

    /// Returns whether G(n) is an exception: below the preperiod and unlike the value the
    /// period gives there.
    pub fn is_exception(&self, n: usize) -> bool {
        self.period.is_some_and(|p| {
            n < p.preperiod && self.values.get(p.periodic_index(n)) != self.values.get(n)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_count_positions_not_orders() {
        let kayles: OctalCode = "0.77".parse().expect("code");
        // A row of 4: 3, 1 + 2, 2 or 1 + 1 pins (2 + 1 is 1 + 2).
        assert_eq!(kayles.move_count(4), 4);
        assert_eq!(kayles.move_count(1), 1);
        assert_eq!(kayles.move_count(0), 0);
        // Dawson's Kayles takes two: a row of 5 leaves 3 or 1 + 2.
        let dawson: OctalCode = "0.07".parse().expect("code");
        assert_eq!(dawson.move_count(5), 2);
        assert_eq!(super::super::known::grundy_move_count(10), 4);
        assert_eq!(super::super::known::grundy_move_count(2), 0);
    }

    fn code(s: &str) -> OctalCode {
        s.parse().unwrap()
    }

    #[test]
    fn codes_parse_and_trailing_zeros_do_not_count() {
        let c = code("0.137");
        assert_eq!((c.digits(), c.len()), (&[1u8, 3, 7][..], 3));
        assert_eq!(code("0.770").len(), 2);
        assert!(code("0.0").is_empty());
        assert_eq!(code("0.77").to_string(), "0.77");
    }

    #[test]
    fn bad_codes_say_what_is_wrong_where() {
        let e = |s: &str| OctalCode::parse(s).unwrap_err();
        assert_eq!(e("").kind, CodeErrorKind::Empty);
        assert_eq!(e(".77").at, 0);
        assert_eq!(e("1.77").kind, CodeErrorKind::Prefix { found: Some('1') });
        assert_eq!(e("0,77").at, 1);
        assert_eq!(e("0").kind, CodeErrorKind::Prefix { found: None });
        assert_eq!(e("0.").kind, CodeErrorKind::NoDigits);
        let bad = e("0.718");
        assert_eq!(
            (bad.at, bad.kind.clone()),
            (4, CodeErrorKind::NotOctal { found: '8' })
        );
        assert!(bad.to_string().contains("`8` at character 5"), "{bad}");
        let long = format!("0.{}", "7".repeat(OCTAL_DIGITS_MAX + 1));
        assert!(matches!(e(&long).kind, CodeErrorKind::TooLong { .. }));
    }

    #[test]
    fn fast_values_match_the_definition() {
        for s in [
            "0.77", "0.137", "0.07", "0.7777", "0.127", "0.6", "0.4", "0.51", "0.177", "0.117",
            "0.176", "0.3", "0.0", "0.007", "0.1", "0.2", "0.33", "0.644", "0.4444", "0.765",
        ] {
            let c = code(s);
            assert_eq!(
                grundy_values(&c, 600).unwrap(),
                grundy_values_naive(&c, 600),
                "{s}"
            );
        }
    }

    #[test]
    fn fast_values_match_on_generated_codes() {
        // Every code of one or two digits, and a spread of three-digit ones.
        let mut codes = Vec::new();
        for a in 0..8 {
            for b in 0..8 {
                codes.push(format!("0.{a}{b}"));
                codes.push(format!("0.{a}{b}{}", (a * 3 + b * 5) % 8));
            }
        }
        for s in codes {
            let c = code(&s);
            assert_eq!(
                grundy_values(&c, 300).unwrap(),
                grundy_values_naive(&c, 300),
                "{s}"
            );
        }
    }

    #[test]
    fn a_wrong_value_is_caught_by_the_oracle_comparison() {
        let c = code("0.77");
        let mut fast = grundy_values(&c, 100).unwrap();
        fast[50] ^= 1;
        assert_ne!(fast, grundy_values_naive(&c, 100));
    }

    #[test]
    fn kayles_and_dawsons_chess_periods() {
        let k = OctalGame::compute(&code("0.77"), 300).unwrap();
        let p = k.period().unwrap();
        assert_eq!(
            (p.period, p.preperiod, p.checked_below),
            (12, 71, 2 * 71 + 12 + 2)
        );
        assert!(k.is_exception(70) && !k.is_exception(69) && !k.is_exception(71));
        let d = OctalGame::compute(&code("0.137"), 300).unwrap();
        let p = d.period().unwrap();
        assert_eq!((p.period, p.preperiod), (34, 52));
        let exceptions: Vec<usize> = (0..52).filter(|&n| d.is_exception(n)).collect();
        assert_eq!(exceptions, [0, 14, 16, 17, 31, 34, 51]);
    }

    #[test]
    fn too_few_values_prove_no_period() {
        // Kayles needs values up to 2·71 + 12 + 2 + 12 = 168.
        assert!(
            OctalGame::compute(&code("0.77"), 167)
                .unwrap()
                .period()
                .is_none()
        );
        assert!(
            OctalGame::compute(&code("0.77"), 168)
                .unwrap()
                .period()
                .is_some()
        );
    }

    #[test]
    fn a_period_that_fails_once_late_is_not_proved() {
        let mut values: Vec<u32> = (0..400).map(|n| (n % 3) as u32).collect();
        assert_eq!(find_period(&values, 2).map(|p| p.period), Some(3));
        values[390] = 7;
        let p = find_period(&values, 2);
        assert!(p.is_none_or(|p| p.preperiod > 390), "{p:?}");
    }

    #[test]
    fn values_beyond_upto_come_from_the_period() {
        let short = OctalGame::compute(&code("0.77"), 200).unwrap();
        let long = grundy_values(&code("0.77"), 1000).unwrap();
        for (n, &v) in long.iter().enumerate() {
            assert_eq!(short.value(n), Some(v), "{n}");
        }
        let none = OctalGame::compute(&code("0.77"), 100).unwrap();
        assert_eq!(none.value(100), None);
    }

    #[test]
    fn bounds_are_errors() {
        let c = code("0.77");
        assert!(matches!(
            grundy_values(&c, OCTAL_UPTO_MAX + 1),
            Err(OctalLimit::Upto { .. })
        ));
        assert!(matches!(
            grundy_values_within(&c, 10_000, 1000),
            Err(OctalLimit::Work { .. })
        ));
    }

    /// The OEIS files under `tests/data/oeis/`, each naming its A-number, code and offset.
    const OEIS: [&str; 7] = [
        include_str!("../../../tests/data/oeis/A002186-kayles-0.77.txt"),
        include_str!("../../../tests/data/oeis/A002187-dawsons-chess-0.137.txt"),
        include_str!("../../../tests/data/oeis/A071074-double-kayles-0.7777.txt"),
        include_str!("../../../tests/data/oeis/A071464-0.127.txt"),
        include_str!("../../../tests/data/oeis/A071435-0.177.txt"),
        include_str!("../../../tests/data/oeis/A071453-0.117.txt"),
        include_str!("../../../tests/data/oeis/A125920-0.176.txt"),
    ];

    /// Reads an OEIS file into its code, its offset and its terms.
    fn oeis(text: &str) -> (String, usize, Vec<u32>) {
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        let mut field = |name: &str| {
            let line = lines.next().unwrap();
            line.strip_prefix(name).unwrap().trim().to_string()
        };
        let code = field("code");
        let offset = field("offset").parse().unwrap();
        let terms = lines
            .flat_map(|l| l.split(','))
            .map(|t| t.trim().parse().unwrap())
            .collect();
        (code, offset, terms)
    }

    #[test]
    fn values_agree_with_oeis() {
        for text in OEIS {
            let (s, offset, terms) = oeis(text);
            let values = grundy_values(&code(&s), offset + terms.len()).unwrap();
            assert_eq!(&values[offset..], &terms[..], "{s}");
            assert!(terms.len() > 80, "{s}");
        }
    }

    #[test]
    fn dawsons_kayles_is_dawsons_chess_shifted() {
        let chess = grundy_values(&code("0.137"), 200).unwrap();
        let kayles = grundy_values(&code("0.07"), 201).unwrap();
        assert_eq!(&kayles[1..], &chess[..]);
    }

    #[test]
    fn periods_agree_with_oeis() {
        // (code, period, last exception) as OEIS states them; 0.127's needs values to
        // about 2·46,578 + 4 + 3 + 4.
        for (s, period, last) in [
            ("0.7777", 24, 141),
            ("0.177", 20, 496),
            ("0.117", 48, 46),
            ("0.176", 8, 23),
            ("0.127", 4, 46_577),
        ] {
            let c = code(s);
            let game = OctalGame::compute(&c, 2 * (last + 1) + 2 * period + c.len()).unwrap();
            let p = game.period().unwrap_or_else(|| panic!("{s}: no period"));
            assert_eq!((p.period, p.preperiod - 1), (period, last), "{s}");
        }
    }
}
