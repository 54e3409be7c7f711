//! Draws a map x ↦ f(x) on 0..n as a two-row arrow diagram, such as the squares below 16,
//! so a reader can see at a glance that every value is hit exactly once.

use plotters::style::RGBColor;
use plotters::style::text_anchor::{HPos, VPos};

use super::FigureError;
use super::document::{Area, Page, fallback, render};
use super::palette::{palette_colour, text_colour};
use super::shapes::{Point, fill_circle, fill_polygon, label, line, rgb};

/// Bounds the number of nodes so the diagram stays readable.
pub const MAX_NODES: usize = 64;
/// Sets the vertical position of the source row.
const TOP: i32 = 36;
/// Sets the vertical distance between the rows.
const DROP: i32 = 160;
/// Sets the horizontal margin.
const SIDE: i32 = 24;

/// Draws the diagram, or a figure that states why it could not (see [`try_permutation`]).
pub fn permutation(values: &[u16], title: &str, desc: &str) -> String {
    try_permutation(values, title, desc).unwrap_or_else(|e| fallback(title, desc, &e))
}

/// Draws x ↦ `values[x]` as arrows from a top row of x to a bottom row of images.
pub fn try_permutation(values: &[u16], title: &str, desc: &str) -> Result<String, FigureError> {
    let n = values.len();
    if n == 0 || n > MAX_NODES {
        return Err(FigureError::BadSize {
            size: n,
            max: MAX_NODES,
        });
    }
    if let Some(&v) = values.iter().find(|&&v| usize::from(v) >= n) {
        return Err(FigureError::OutOfRange {
            what: "value",
            index: usize::from(v),
            size: n,
        });
    }
    let spacing = (640 / n as i32).clamp(14, 40);
    let radius = spacing * 7 / 20;
    let page = Page {
        width: (2 * SIDE + spacing * n as i32) as u32,
        height: (2 * TOP + DROP) as u32,
        title,
        desc,
    };
    let centre = |i: usize, row: i32| -> Point { (SIDE + spacing * i as i32 + spacing / 2, row) };
    render(&page, "", |area| {
        let ink = RGBColor(0x33, 0x33, 0x33);
        for (x, &v) in values.iter().enumerate() {
            let from = centre(x, TOP);
            let to = centre(usize::from(v), TOP + DROP);
            arrow(
                area,
                (from.0, from.1 + radius + 2),
                (to.0, to.1 - radius - 2),
                ink,
            )?;
        }
        for i in 0..n {
            for row in [TOP, TOP + DROP] {
                node(area, i, centre(i, row), radius, n)?;
            }
        }
        Ok(())
    })
}

/// Draws one labelled node in the value's palette colour.
fn node(area: &Area, value: usize, at: Point, radius: i32, n: usize) -> Result<(), String> {
    let fill = palette_colour(value as u16, n);
    fill_circle(area, at, radius as u32, rgb(fill))?;
    if radius >= 8 {
        let px = f64::from(radius).min(14.0);
        let colour = rgb(text_colour(fill));
        label(
            area,
            &value.to_string(),
            at,
            px,
            colour,
            (HPos::Center, VPos::Center),
        )?;
    }
    Ok(())
}

/// Draws a straight arrow whose head touches `to`.
fn arrow(area: &Area, from: Point, to: Point, colour: RGBColor) -> Result<(), String> {
    let (dx, dy) = (f64::from(to.0 - from.0), f64::from(to.1 - from.1));
    let length = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    let (head, half) = (9.0, 4.0);
    let base = (f64::from(to.0) - ux * head, f64::from(to.1) - uy * head);
    let at = |x: f64, y: f64| -> Point { (x.round() as i32, y.round() as i32) };
    let left = at(base.0 - uy * half, base.1 + ux * half);
    let right = at(base.0 + uy * half, base.1 - ux * half);
    line(area, from, at(base.0, base.1), colour, 1)?;
    fill_polygon(area, &[to, left, right], colour)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_one_arrow_per_element() {
        let svg = try_permutation(&[0, 1, 3, 2], "t", "d").expect("draws");
        assert_eq!(svg.matches("<polygon").count(), 4);
        assert_eq!(svg.matches("<circle").count(), 8);
    }

    #[test]
    fn refuses_values_outside_the_domain() {
        assert!(matches!(
            try_permutation(&[0, 4, 1, 2], "t", "d"),
            Err(FigureError::OutOfRange { index: 4, .. })
        ));
        assert!(matches!(
            try_permutation(&[], "t", "d"),
            Err(FigureError::BadSize { .. })
        ));
        assert!(permutation(&[9], "t", "d").contains("figure not drawn"));
    }
}
