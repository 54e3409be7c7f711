//! Periods of sequences that read a bounded window of their own past, such as the values of
//! a subtraction game: from some n on, f(n) is a function of f(n − 1), …, f(n − k).
//!
//! Such a sequence is driven by its window: the k values before n decide f(n), and with it
//! the window before n + 1. So once the window before i recurs before j = i + p, every
//! value from i − k on repeats with period p, for ever. The first window to recur gives the
//! least period, and the least preperiod is read off the values below i.
//!
//! ```
//! use nimsite_core::nimber::window_period;
//!
//! // The subtraction game {1, 3, 4}: f(n) depends on f(n − 1), f(n − 3), f(n − 4) from 4 on.
//! let f = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2];
//! let p = window_period(&f, 4, 4).unwrap().unwrap();
//! assert_eq!((p.period, p.preperiod), (7, 0));
//! ```

use std::collections::HashMap;
use std::fmt;

use super::octal::Period;

/// The most window values the search hashes and compares: a window of k values over m
/// heap sizes costs k·m.
pub const WINDOW_CELLS_MAX: u64 = 1 << 24;

/// The search for a repeated window would compare more values than [`WINDOW_CELLS_MAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowLimit {
    /// The window's width.
    pub width: usize,
    /// How many windows there are to compare.
    pub windows: usize,
}

impl fmt::Display for WindowLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a window of {} values over {} heap sizes is more than the {WINDOW_CELLS_MAX} values the search for a repeated window may compare",
            self.width, self.windows
        )
    }
}

impl std::error::Error for WindowLimit {}

/// Returns the least period, with its least preperiod, of `values` = f(0), f(1), …, where
/// f(n) for every n ≥ `from` is a function of the window f(n − `width`), …, f(n − 1); `None`
/// when no window recurs among the values given.
///
/// The period is proved by the first window to recur: if the windows before i and before
/// i + p agree, with `from` ≤ i, then f(n + p) = f(n) for every n ≥ i − width, by induction
/// on n. `checked_below` in the result is i: the values were compared below it.
pub fn window_period(
    values: &[u32],
    width: usize,
    from: usize,
) -> Result<Option<Period>, WindowLimit> {
    let first = from.max(width);
    let windows = (values.len() + 1).saturating_sub(first);
    let cells = (width as u64).saturating_mul(windows as u64);
    if cells > WINDOW_CELLS_MAX {
        return Err(WindowLimit { width, windows });
    }
    let mut seen: HashMap<&[u32], usize> = HashMap::with_capacity(windows);
    for j in first..=values.len() {
        let window = &values[j - width..j];
        if let Some(&i) = seen.get(window) {
            let period = j - i;
            // Every n from i − width on repeats; below that, the last one that does not.
            let preperiod = (0..i)
                .rev()
                .find(|&n| values[n + period] != values[n])
                .map_or(0, |n| n + 1);
            return Ok(Some(Period {
                period,
                preperiod,
                checked_below: i,
            }));
        }
        seen.insert(window, j);
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The subtraction game with subtraction set `set`, by the definition.
    fn subtraction(set: &[usize], upto: usize) -> Vec<u32> {
        let mut f: Vec<u32> = Vec::new();
        for n in 0..upto {
            let mut seen: Vec<u32> = set.iter().filter(|&&k| k <= n).map(|&k| f[n - k]).collect();
            seen.sort_unstable();
            seen.dedup();
            let mex = (0u32..).find(|v| !seen.contains(v)).unwrap_or(0);
            f.push(mex);
        }
        f
    }

    #[test]
    fn subtraction_games_have_their_periods() {
        let f = subtraction(&[1, 3, 4], 60);
        let p = window_period(&f, 4, 4).unwrap().unwrap();
        assert_eq!((p.period, p.preperiod), (7, 0));
        // {2, 5, 6}: 0 0 1 1 0 2 1 0 0 1 1 … period 11 once it settles.
        let f = subtraction(&[2, 5, 6], 200);
        let p = window_period(&f, 6, 6).unwrap().unwrap();
        assert!((p.preperiod..f.len() - p.period).all(|n| f[n + p.period] == f[n]));
        assert!(p.preperiod == 0 || f[p.preperiod - 1 + p.period] != f[p.preperiod - 1]);
        // No smaller period holds from the preperiod on.
        for q in 1..p.period {
            assert!((p.preperiod..f.len() - q).any(|n| f[n + q] != f[n]), "{q}");
        }
    }

    #[test]
    fn a_preperiod_is_the_least() {
        // From 4 on, f(n) = f(n − 1): constant after a start that differs.
        let f = [5, 1, 2, 7, 7, 7, 7, 7];
        let p = window_period(&f, 1, 4).unwrap().unwrap();
        assert_eq!((p.period, p.preperiod), (1, 3));
    }

    #[test]
    fn too_few_values_prove_nothing() {
        let f = subtraction(&[1, 3, 4], 10);
        assert_eq!(window_period(&f, 4, 4), Ok(None));
    }

    #[test]
    fn a_wide_window_over_many_values_is_refused() {
        let f = vec![0; 100_000];
        let e = window_period(&f, 1000, 1000).unwrap_err();
        assert_eq!(e.width, 1000);
        assert!(e.to_string().contains("a window of 1000 values"), "{e}");
    }
}
