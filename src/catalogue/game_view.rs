//! What `{octal}` and `{define}` both show of a game: its values in rows of one period
//! with the exceptions marked, the claim that a proved period holds, and the dot plot.

use std::ops::Range;

use serde::Serialize;

use crate::engine::view::{DataTable, FigureView};
use crate::engine::{Check, Claimed, Cx};
use crate::figure::{self, Sequence};
use crate::ledger::ClaimKind;
use crate::nimber::Period;

/// The most values a game's table prints; the rest are computed and used, not shown.
pub const SHOWN_MAX: usize = 480;

/// One row of the values: the heap size it starts at and its cells.
#[derive(Serialize)]
pub struct Row {
    start: usize,
    cells: Vec<Cell>,
}

/// One value, marked when it is an exception to the period.
#[derive(Serialize)]
pub struct Cell {
    value: u32,
    exception: bool,
}

/// What the partials show of a game.
#[derive(Serialize)]
pub struct GameView {
    /// The name statements use.
    pub name: String,
    /// How many values were computed.
    pub upto: usize,
    /// The rows shown.
    pub rows: Vec<Row>,
    /// How many values are shown.
    pub shown: usize,
    /// The proved period, if any.
    pub period: Option<usize>,
    /// The preperiod of the proved period.
    pub preperiod: Option<usize>,
    /// The end of the range where G(n + p) = G(n) was checked (n below it).
    pub checked_below: Option<usize>,
    /// The largest heap size whose value that check read: the end less one, plus p.
    pub reads: Option<usize>,
    /// The exceptions, listed (at most 40) and counted.
    pub exceptions: Vec<usize>,
    /// How many exceptions there are.
    pub exception_count: usize,
    /// The last exception, if any.
    pub last_exception: Option<usize>,
    /// The plot.
    pub figure: FigureView,
}

/// Returns the heap sizes below the preperiod whose values the period does not give.
pub fn exceptions(values: &[u32], period: Option<Period>) -> Vec<usize> {
    let Some(p) = period else {
        return Vec::new();
    };
    (0..p.preperiod)
        .filter(|&n| values.get(p.periodic_index(n)) != values.get(n))
        .collect()
}

/// Returns the game's view, drawing its figure in `cx`.
pub fn game_view(
    cx: &mut Cx<'_>,
    id: &str,
    name: &str,
    values: &[u32],
    period: Option<Period>,
    caption: String,
) -> GameView {
    let marked = exceptions(values, period);
    let row = period.map_or(12, |p| p.period.clamp(1, 40));
    let shown = values.len().min(SHOWN_MAX);
    let rows = values[..shown]
        .chunks(row)
        .enumerate()
        .map(|(i, chunk)| Row {
            start: i * row,
            cells: chunk
                .iter()
                .enumerate()
                .map(|(j, &value)| Cell {
                    value,
                    exception: marked.binary_search(&(i * row + j)).is_ok(),
                })
                .collect(),
        })
        .collect();
    let seq = Sequence {
        values,
        period: period.map(|p| (p.period, p.preperiod)),
        exceptions: &marked,
    };
    let windows = figure::windows(values.len(), seq.period);
    let title = format!("The values of {name}");
    let desc = describe(name, values, period, &marked, &windows);
    let svg = figure::sequence(&seq, &title, &desc);
    let src = cx.figure(id, svg);
    let fallback_rows = windows
        .iter()
        .flat_map(|w| w.clone())
        .map(|n| {
            let mark = if marked.binary_search(&n).is_ok() {
                "exception"
            } else {
                ""
            };
            vec![n.to_string(), values[n].to_string(), mark.to_string()]
        })
        .collect();
    GameView {
        name: name.to_string(),
        upto: values.len(),
        rows,
        shown,
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        checked_below: period.map(|p| p.checked_below),
        reads: period.map(|p| (p.checked_below + p.period).saturating_sub(1)),
        exceptions: marked.iter().copied().take(40).collect(),
        exception_count: marked.len(),
        last_exception: marked.last().copied(),
        figure: FigureView::new(
            src,
            caption,
            DataTable::plain(&["n", "G(n)", ""], fallback_rows),
        ),
    }
}

/// Says in words what the plot shows, for its description.
fn describe(
    name: &str,
    values: &[u32],
    period: Option<Period>,
    marked: &[usize],
    windows: &[Range<usize>],
) -> String {
    let shown: Vec<String> = windows
        .iter()
        .map(|w| format!("{} to {}", w.start, w.end - 1))
        .collect();
    let mut text = format!(
        "The values of {name} at heap sizes {}, of the {} computed, as dots.",
        shown.join(" and "),
        values.len()
    );
    match period {
        Some(p) => text.push_str(&format!(
            " From n = {} on they repeat with period {} (shaded); the {} exceptions before that are drawn larger, in red.",
            p.preperiod,
            p.period,
            marked.len()
        )),
        None => text.push_str(" No period is proved within the values computed."),
    }
    text
}

/// The claim that a period holds from its preperiod on: G(n + p) = G(n) across the
/// theorem's window, and not at n₀ − 1, so n₀ is the least.
pub struct PeriodClaim<'a> {
    values: &'a [u32],
    period: Period,
}

impl<'a> PeriodClaim<'a> {
    /// Returns the claim for a period found in `values`.
    pub fn new(values: &'a [u32], period: Period) -> Self {
        PeriodClaim { values, period }
    }

    /// Returns the check's ledger entry, for a game of code length `t`.
    pub fn check(&self, name: &str, t: usize, span: Range<usize>, anchor: String) -> Check {
        let p = self.period;
        Check {
            kind: ClaimKind::CrossCheck,
            span,
            anchor,
            statement: format!(
                "{name}(n + {}) = {name}(n) for every n ≥ {}, by the octal periodicity theorem (Guy and Smith, 1956)",
                p.period, p.preperiod
            ),
            evidence: format!(
                "checked for {} ≤ n < 2·{} + {} + {} = {} among {} values computed, and {name}({}) ≠ {name}({}) so no smaller n₀ works",
                p.preperiod,
                p.preperiod,
                p.period,
                t,
                p.checked_below,
                self.values.len(),
                p.preperiod.saturating_sub(1) + p.period,
                p.preperiod.saturating_sub(1)
            ),
        }
    }

    /// Returns the check's ledger entry for a rule that, from `from` on, reads only its
    /// `width` previous values, so a repeated window proves the period.
    pub fn check_window(
        &self,
        name: &str,
        width: usize,
        from: usize,
        span: Range<usize>,
        anchor: String,
    ) -> Check {
        let p = self.period;
        let i = p.checked_below;
        Check {
            kind: ClaimKind::CrossCheck,
            span,
            anchor,
            statement: format!(
                "{name}(n + {}) = {name}(n) for every n ≥ {}, because from n = {from} on the rule makes {name}(n) a function of the {width} values before it, and those {width} values before n = {i} recur before n = {}",
                p.period,
                p.preperiod,
                i + p.period
            ),
            evidence: format!(
                "checked for {} ≤ n < {i} among {} values computed, and {name}({}) ≠ {name}({}) so no smaller n₀ works",
                p.preperiod,
                self.values.len(),
                p.preperiod.saturating_sub(1) + p.period,
                p.preperiod.saturating_sub(1)
            ),
        }
    }

    /// Returns the first n in the window where the period `p` from `n0` fails, or where
    /// n0 is not the least.
    fn failure(&self, p: usize, n0: usize) -> Option<usize> {
        let end = self
            .period
            .checked_below
            .min(self.values.len().saturating_sub(p));
        let window = (n0..end).find(|&n| self.values.get(n + p) != self.values.get(n));
        let least = n0
            .checked_sub(1)
            .filter(|&n| self.values.get(n + p) == self.values.get(n));
        window.or(least)
    }
}

impl Claimed for PeriodClaim<'_> {
    fn holds(&self) -> Result<(), String> {
        let p = self.period;
        match self.failure(p.period, p.preperiod) {
            None => Ok(()),
            Some(n) => Err(format!(
                "G({}) = {:?} but G({n}) = {:?}",
                n + p.period,
                self.values.get(n + p.period),
                self.values.get(n)
            )),
        }
    }

    fn perturbed_holds(&self) -> bool {
        self.failure(self.period.period + 1, self.period.preperiod)
            .is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Claimed;

    /// The subtraction game {1, 3, 4}: 0 1 0 1 2 3 2, repeated.
    fn subtraction(upto: usize) -> Vec<u32> {
        (0..upto).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect()
    }

    #[test]
    fn a_window_period_claim_fails_when_the_period_is_wrong() {
        let values = subtraction(40);
        let right = crate::nimber::window_period(&values, 4, 5)
            .expect("within the bound")
            .expect("a window recurs");
        assert_eq!((right.period, right.preperiod), (7, 0));
        let claim = PeriodClaim::new(&values, right);
        assert_eq!(claim.holds(), Ok(()));
        assert!(!claim.perturbed_holds());
        let check = claim.check_window("s", 4, 5, 0..1, "define-s".into());
        assert!(
            check
                .statement
                .starts_with("s(n + 7) = s(n) for every n ≥ 0")
        );
        let wrong = Period { period: 6, ..right };
        assert!(PeriodClaim::new(&values, wrong).holds().is_err());
        let late = Period {
            preperiod: 1,
            ..right
        };
        let e = PeriodClaim::new(&values, late).holds().unwrap_err();
        assert!(e.contains("G(7)"), "{e}");
    }
}
