//! Draws the few marks the figures share (haloed outlines, rings, labels) with plotters, so
//! every figure marks cells the same way and each mark reads on light and dark fills alike.

use plotters::element::{Circle, PathElement, Polygon, Text};
use plotters::style::text_anchor::{HPos, VPos};
use plotters::style::{Color, RGBColor, ShapeStyle};

use super::document::Area;
use super::font::text_style;

/// Names a pixel position on the drawing area.
pub type Point = (i32, i32);

/// Returns a stroke style of the given colour and width.
fn stroke(colour: RGBColor, width: u32) -> ShapeStyle {
    colour.stroke_width(width)
}

/// Converts an `(r, g, b)` triple to a plotters colour.
pub fn rgb((r, g, b): (u8, u8, u8)) -> RGBColor {
    RGBColor(r, g, b)
}

/// Draws an open polyline in black over a wider white halo.
pub fn halo_path(area: &Area, points: &[Point], width: u32) -> Result<(), String> {
    for (colour, w) in [
        (RGBColor(255, 255, 255), width + 2),
        (RGBColor(0, 0, 0), width),
    ] {
        area.draw(&PathElement::new(points.to_vec(), stroke(colour, w)))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Draws a closed polygon outline, repeating the first edge so no corner is left notched.
pub fn halo_closed(area: &Area, points: &[Point], width: u32) -> Result<(), String> {
    let mut closed = points.to_vec();
    closed.extend(points.iter().take(2));
    halo_path(area, &closed, width)
}

/// Draws a square outline from `top_left` with side `side`.
pub fn halo_square(area: &Area, top_left: Point, side: i32, width: u32) -> Result<(), String> {
    let (x, y) = top_left;
    halo_closed(
        area,
        &[(x, y), (x + side, y), (x + side, y + side), (x, y + side)],
        width,
    )
}

/// Draws a ring of radius `radius` around `centre`.
pub fn halo_ring(area: &Area, centre: Point, radius: u32, width: u32) -> Result<(), String> {
    for (colour, w) in [
        (RGBColor(255, 255, 255), width + 2),
        (RGBColor(0, 0, 0), width),
    ] {
        area.draw(&Circle::new(centre, radius, stroke(colour, w)))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Fills a polygon in one colour.
pub fn fill_polygon(area: &Area, points: &[Point], colour: RGBColor) -> Result<(), String> {
    area.draw(&Polygon::new(points.to_vec(), colour.filled()))
        .map_err(|e| e.to_string())
}

/// Fills a circle in one colour.
pub fn fill_circle(
    area: &Area,
    centre: Point,
    radius: u32,
    colour: RGBColor,
) -> Result<(), String> {
    area.draw(&Circle::new(centre, radius, colour.filled()))
        .map_err(|e| e.to_string())
}

/// Draws a straight line.
pub fn line(
    area: &Area,
    from: Point,
    to: Point,
    colour: RGBColor,
    width: u32,
) -> Result<(), String> {
    area.draw(&PathElement::new(vec![from, to], stroke(colour, width)))
        .map_err(|e| e.to_string())
}

/// Writes `text` at `at`, anchored as given, in the figure font.
pub fn label(
    area: &Area,
    text: &str,
    at: Point,
    px: f64,
    colour: RGBColor,
    anchor: (HPos, VPos),
) -> Result<(), String> {
    let style = text_style(px, colour, anchor.0, anchor.1);
    area.draw(&Text::new(text.to_string(), at, style))
        .map_err(|e| e.to_string())
}

/// Writes `text` centred on `at`, reading upwards, in the figure font.
pub fn label_upwards(
    area: &Area,
    text: &str,
    at: Point,
    px: f64,
    colour: RGBColor,
) -> Result<(), String> {
    let style = text_style(px, colour, HPos::Center, VPos::Center)
        .transform(plotters::style::FontTransform::Rotate270);
    area.draw(&Text::new(text.to_string(), at, style))
        .map_err(|e| e.to_string())
}
