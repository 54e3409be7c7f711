//! Registers the one font every figure uses, from bytes compiled into the binary, so text
//! layout never depends on the fonts installed on the machine that builds the site.

use std::sync::OnceLock;

use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{FontStyle, IntoFont, RGBColor, TextStyle};

/// Names the registered font; the SVG backend copies it into `font-family`, so it lists
/// fallbacks for browsers that lack DejaVu Sans.
pub const FAMILY: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// Remembers whether registration succeeded, so it happens exactly once per process.
static REGISTERED: OnceLock<bool> = OnceLock::new();

/// Registers DejaVu Sans under [`FAMILY`] once and reports whether it is available.
pub fn ensure_registered() -> bool {
    *REGISTERED.get_or_init(|| {
        plotters::style::register_font(FAMILY, FontStyle::Normal, dejavu::sans::regular()).is_ok()
    })
}

/// Returns a text style in the figure font, with the given pixel size, colour and anchor.
pub fn text_style(px: f64, colour: RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
    ensure_registered();
    // The SVG backend writes `font-size` as size / 1.24, so scale up to get `px` out.
    (FAMILY, px * 1.24)
        .into_font()
        .color(&colour)
        .pos(Pos::new(h, v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_the_bundled_font() {
        assert!(ensure_registered());
        assert!(ensure_registered());
    }
}
