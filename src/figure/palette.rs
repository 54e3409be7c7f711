//! Chooses cell colours that name a nimber without ranking it. Nimbers have no size order
//! that the arithmetic respects, so a light-to-dark ramp would mislead; these schemes are
//! qualitative (up to 16 values) or cyclic in hue (beyond), and the caption says so.

/// Lists the qualitative palette for tables up to 16×16: a neutral grey for 0, the seven
/// Okabe–Ito hues, then eight from Paul Tol's muted and light sets.
const QUALITATIVE: [(u8, u8, u8); 16] = [
    (0xDD, 0xDD, 0xDD),
    (0xE6, 0x9F, 0x00),
    (0x56, 0xB4, 0xE9),
    (0x00, 0x9E, 0x73),
    (0xF0, 0xE4, 0x42),
    (0x00, 0x72, 0xB2),
    (0xD5, 0x5E, 0x00),
    (0xCC, 0x79, 0xA7),
    (0x33, 0x22, 0x88),
    (0x11, 0x77, 0x33),
    (0x88, 0x22, 0x55),
    (0x99, 0x99, 0x33),
    (0xCC, 0x66, 0x77),
    (0x44, 0xAA, 0x99),
    (0xAA, 0x44, 0x99),
    (0xFF, 0xAA, 0xBB),
];

/// Returns the fill for `value` in a table of side `size`.
///
/// Values of 16 and above in a table of side at most 16 wrap around the small palette.
///
/// Up to 16 the colour comes from a fixed qualitative palette; beyond that the hue is the
/// value's bits reversed, so consecutive values get far-apart hues and no ramp appears.
pub fn palette_colour(value: u16, size: usize) -> (u8, u8, u8) {
    // 0 is the same neutral grey at every size, so the zero row and column never read
    // as an accent.
    if size <= QUALITATIVE.len() || value == 0 {
        return QUALITATIVE[usize::from(value) % QUALITATIVE.len()];
    }
    // Reverse the value's bits within the table's width, so hue is cyclic in a bit order
    // that no magnitude follows.
    let bits = usize::BITS - (size - 1).leading_zeros();
    let width = bits.min(16);
    let reversed = u32::from(value.reverse_bits()) >> (16 - width);
    let turn = f64::from(reversed) / f64::from(1u32 << width);
    // Values one hue step apart differ in one bit, so bit parity sets them apart in lightness.
    let lightness = if value.count_ones().is_multiple_of(2) {
        0.45
    } else {
        0.68
    };
    hsl_to_rgb(turn * 360.0, 0.75, lightness)
}

/// Returns a sentence for a caption saying that colour in a table of side `size` is an
/// index, not a size.
pub fn colour_note(size: usize) -> &'static str {
    if size <= QUALITATIVE.len() {
        "Each colour names one value; colour is an index, not a size."
    } else {
        "Colour is an index, not a size: hue follows the value's bits in reverse, \
         so similar hues do not mean similar values."
    }
}

/// Returns the colour of step `k` of a cycle of `period` steps: the hue turns once around
/// the colour wheel over the cycle, so step `period` is step 0 again. For values that are
/// themselves cyclic, such as discrete logarithms, where neighbours on the wheel are
/// neighbours in the cycle; never for nimbers themselves, which have no order.
pub fn cyclic_colour(k: usize, period: usize) -> (u8, u8, u8) {
    let turn = (k % period.max(1)) as f64 / period.max(1) as f64;
    hsl_to_rgb(turn * 360.0, 0.7, 0.55)
}

/// Returns black or white, whichever contrasts more with `fill`.
pub fn text_colour(fill: (u8, u8, u8)) -> (u8, u8, u8) {
    let black = (0, 0, 0);
    let white = (255, 255, 255);
    if contrast_ratio(fill, black) >= contrast_ratio(fill, white) {
        black
    } else {
        white
    }
}

/// Computes the WCAG 2 contrast ratio between two sRGB colours (1 to 21).
pub fn contrast_ratio(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    let (hi, lo) = if la >= lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}

/// Computes the WCAG 2 relative luminance of an sRGB colour.
pub fn relative_luminance((r, g, b): (u8, u8, u8)) -> f64 {
    let channel = |c: u8| {
        let s = f64::from(c) / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/// Formats a colour as `#RRGGBB` for SVG attributes.
pub fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02X}{g:02X}{b:02X}")
}

/// Converts hue (degrees), saturation and lightness (0 to 1) to sRGB bytes.
fn hsl_to_rgb(hue: f64, saturation: f64, lightness: f64) -> (u8, u8, u8) {
    let chroma = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let sector = (hue / 60.0).rem_euclid(6.0);
    let second = chroma * (1.0 - (sector % 2.0 - 1.0).abs());
    let (r, g, b) = match sector as u8 {
        0 => (chroma, second, 0.0),
        1 => (second, chroma, 0.0),
        2 => (0.0, chroma, second),
        3 => (0.0, second, chroma),
        4 => (second, 0.0, chroma),
        _ => (chroma, 0.0, second),
    };
    let offset = lightness - chroma / 2.0;
    let byte = |c: f64| ((c + offset) * 255.0).round().clamp(0.0, 255.0) as u8;
    (byte(r), byte(g), byte(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG AA for normal text.
    const AA: f64 = 4.5;

    #[test]
    fn every_fill_gets_text_meeting_aa() {
        for size in [16, 256] {
            for value in 0..size as u16 {
                let fill = palette_colour(value, size);
                let ratio = contrast_ratio(fill, text_colour(fill));
                assert!(ratio >= AA, "value {value} at {size}: {ratio:.2}");
            }
        }
    }

    #[test]
    fn contrast_check_rejects_a_poor_pair() {
        // Mid grey on a slightly lighter grey must fail the same threshold.
        assert!(contrast_ratio((0x77, 0x77, 0x77), (0x99, 0x99, 0x99)) < AA);
        assert!((contrast_ratio((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
    }

    #[test]
    fn text_colour_picks_the_stronger_of_black_and_white() {
        assert_eq!(text_colour((0xF0, 0xE4, 0x42)), (0, 0, 0));
        assert_eq!(text_colour((0x33, 0x22, 0x88)), (255, 255, 255));
    }

    #[test]
    fn small_palette_has_sixteen_distinct_colours() {
        let mut seen: Vec<_> = (0..16).map(|v| palette_colour(v, 16)).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 16);
    }

    #[test]
    fn large_palette_is_not_a_ramp() {
        // Consecutive values must not march through hue in order.
        let hues: Vec<_> = (0..8).map(|v| palette_colour(v, 256)).collect();
        assert_ne!(hues[1], hues[2]);
        assert!(hues.windows(2).all(|w| w[0] != w[1]));
        let distinct: std::collections::BTreeSet<_> =
            (0..256).map(|v| palette_colour(v, 256)).collect();
        assert!(distinct.len() >= 200, "only {} distinct", distinct.len());
    }

    #[test]
    fn colour_note_fits_the_scheme() {
        assert!(colour_note(16).contains("index"));
        assert!(colour_note(256).contains("reverse"));
        assert_ne!(colour_note(16), colour_note(256));
    }

    #[test]
    fn the_cycle_closes() {
        assert_eq!(cyclic_colour(0, 255), cyclic_colour(255, 255));
        assert_ne!(cyclic_colour(0, 255), cyclic_colour(128, 255));
        assert_eq!(cyclic_colour(3, 0), cyclic_colour(0, 1));
    }

    #[test]
    fn hsl_primaries_convert_exactly() {
        assert_eq!(hsl_to_rgb(0.0, 1.0, 0.5), (255, 0, 0));
        assert_eq!(hsl_to_rgb(120.0, 1.0, 0.5), (0, 255, 0));
        assert_eq!(hsl_to_rgb(240.0, 1.0, 0.5), (0, 0, 255));
    }
}
