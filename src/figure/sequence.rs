//! Draws a game's values G(0), G(1), … as a dot plot: the stretch where a proved period
//! holds is shaded with a tick at every period, and exceptional values are drawn as larger
//! red dots, so a reader sees where the sequence settles and what it repeats.
//!
//! A long sequence is drawn in at most two windows: its start, and the neighbourhood of
//! its preperiod when that lies far out (0.127's last exception is at 46,577).

use std::ops::Range;

use plotters::style::RGBColor;
use plotters::style::text_anchor::{HPos, VPos};

use super::FigureError;
use super::document::{Area, Page, fallback, render};
use super::shapes::{Point, fill_circle, fill_polygon, label, line};

/// The most heap sizes one figure draws.
pub const MAX_POINTS: usize = 360;
const LEFT: i32 = 44;
const RIGHT: i32 = 16;
const TOP: i32 = 24;
const PLOT: i32 = 170;
const GAP: i32 = 36;

/// A sequence to draw, with its period and exceptions.
pub struct Sequence<'a> {
    /// G(0), G(1), …
    pub values: &'a [u32],
    /// The proved period and preperiod, if any.
    pub period: Option<(usize, usize)>,
    /// The heap sizes whose values are exceptions, in increasing order.
    pub exceptions: &'a [usize],
}

/// Draws the plot, or a figure that states why it could not.
pub fn sequence(seq: &Sequence<'_>, title: &str, desc: &str) -> String {
    try_sequence(seq, title, desc).unwrap_or_else(|e| fallback(title, desc, &e))
}

/// Returns the windows of heap sizes drawn: all of them, or the start and the
/// neighbourhood of a far preperiod.
pub fn windows(len: usize, period: Option<(usize, usize)>) -> Vec<Range<usize>> {
    if len <= MAX_POINTS {
        return std::iter::once(0..len).collect();
    }
    match period {
        Some((p, n0)) if n0 > MAX_POINTS / 2 => {
            let half = MAX_POINTS / 2;
            let start = n0.saturating_sub(half / 2).max(half);
            let end = (n0 + half / 2 + p.min(half / 2)).min(len).max(start + 1);
            vec![0..half, start..end.min(start + half)]
        }
        _ => std::iter::once(0..MAX_POINTS).collect(),
    }
}

/// Draws the dot plot of `seq` (see the module docs).
pub fn try_sequence(seq: &Sequence<'_>, title: &str, desc: &str) -> Result<String, FigureError> {
    if seq.values.is_empty() {
        return Err(FigureError::BadSize {
            size: 0,
            max: usize::MAX,
        });
    }
    let wins = windows(seq.values.len(), seq.period);
    let count: usize = wins.iter().map(|w| w.len()).sum();
    let step = (880 / count.max(1) as i32).clamp(2, 18);
    let top_value = wins
        .iter()
        .flat_map(|w| seq.values[w.clone()].iter())
        .copied()
        .max()
        .unwrap_or(0)
        .max(1);
    let width = LEFT + RIGHT + step * count as i32 + GAP * (wins.len() as i32 - 1);
    let page = Page {
        width: width as u32,
        height: (TOP + PLOT + 44) as u32,
        title,
        desc,
    };
    let base = TOP + PLOT;
    let y_of = |v: u32| base - (i64::from(v) * i64::from(PLOT - 8) / i64::from(top_value)) as i32;
    render(&page, "", |area| {
        let ink = RGBColor(0x44, 0x44, 0x44);
        label(
            area,
            &top_value.to_string(),
            (LEFT - 8, y_of(top_value)),
            11.0,
            ink,
            (HPos::Right, VPos::Center),
        )?;
        label(
            area,
            "0",
            (LEFT - 8, base),
            11.0,
            ink,
            (HPos::Right, VPos::Center),
        )?;
        label(
            area,
            "G(n)",
            (4, TOP - 12),
            11.0,
            ink,
            (HPos::Left, VPos::Center),
        )?;
        let mut x0 = LEFT;
        for (i, w) in wins.iter().enumerate() {
            draw_window(area, seq, w.clone(), x0, step, &y_of)?;
            let next = x0 + step * w.len() as i32;
            if i + 1 < wins.len() {
                label(
                    area,
                    "…",
                    (next + GAP / 2, base - 10),
                    16.0,
                    ink,
                    (HPos::Center, VPos::Center),
                )?;
            }
            x0 = next + GAP;
        }
        Ok(())
    })
}

/// Draws one window of heap sizes starting at pixel `x0`.
fn draw_window(
    area: &Area,
    seq: &Sequence<'_>,
    w: Range<usize>,
    x0: i32,
    step: i32,
    y_of: &dyn Fn(u32) -> i32,
) -> Result<(), String> {
    let ink = RGBColor(0x44, 0x44, 0x44);
    let base = TOP + PLOT;
    let x_of = |n: usize| x0 + step * (n - w.start) as i32 + step / 2;
    let right = x0 + step * w.len() as i32;
    if let Some((p, n0)) = seq.period.filter(|&(_, n0)| n0 < w.end) {
        let from = if n0 > w.start {
            x_of(n0) - step / 2
        } else {
            x0
        };
        let shade = RGBColor(0xE3, 0xEE, 0xF8);
        fill_polygon(
            area,
            &[(from, TOP), (right, TOP), (right, base), (from, base)],
            shade,
        )?;
        if p as i32 * step >= 6 {
            let tick = RGBColor(0x9B, 0xB8, 0xD3);
            let mut k = n0 + w.start.saturating_sub(n0).div_ceil(p) * p;
            while k < w.end {
                let x = x_of(k) - step / 2;
                line(area, (x, TOP), (x, base), tick, 1)?;
                k += p;
            }
        }
        if n0 >= w.start {
            let x = from;
            line(
                area,
                (x, TOP - 4),
                (x, base + 4),
                RGBColor(0x1F, 0x5F, 0x99),
                2,
            )?;
            let text = format!("n₀ = {n0}, period {p}");
            label(
                area,
                &text,
                (x + 4, TOP - 10),
                11.0,
                RGBColor(0x1F, 0x5F, 0x99),
                (HPos::Left, VPos::Center),
            )?;
        }
    }
    line(area, (x0, base), (right, base), ink, 1)?;
    let radius = (step / 2).clamp(1, 4) as u32;
    let exception = RGBColor(0xC0, 0x39, 0x2B);
    for n in w.clone() {
        let at: Point = (x_of(n), y_of(seq.values[n]));
        if seq.exceptions.binary_search(&n).is_ok() {
            fill_circle(area, at, radius + 2, exception)?;
        } else {
            fill_circle(area, at, radius, ink)?;
        }
    }
    for n in [w.start, w.end - 1] {
        label(
            area,
            &n.to_string(),
            (x_of(n), base + 14),
            11.0,
            ink,
            (HPos::Center, VPos::Center),
        )?;
    }
    label(
        area,
        "n",
        (right, base + 30),
        11.0,
        ink,
        (HPos::Right, VPos::Center),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_keep_the_start_and_a_far_preperiod() {
        assert_eq!(windows(200, Some((12, 71))).first(), Some(&(0..200)));
        assert_eq!(
            windows(1000, Some((12, 71))).first(),
            Some(&(0..MAX_POINTS))
        );
        assert_eq!(windows(1000, Some((12, 71))).len(), 1);
        let w = windows(93_200, Some((4, 46_578)));
        assert_eq!(w[0], 0..MAX_POINTS / 2);
        assert!(w[1].contains(&46_577) && w[1].contains(&46_578), "{w:?}");
    }

    #[test]
    fn exceptions_are_drawn_larger_and_red() {
        let values: Vec<u32> = (0..40)
            .map(|n| if n == 3 { 5 } else { (n % 4) as u32 })
            .collect();
        let seq = Sequence {
            values: &values,
            period: Some((4, 4)),
            exceptions: &[3],
        };
        let svg = try_sequence(&seq, "t", "d").expect("draws");
        assert_eq!(svg.matches("<circle").count(), 40);
        assert_eq!(svg.matches("#C0392B").count(), 1, "{svg}");
        assert!(svg.contains("period 4"));
    }
}
