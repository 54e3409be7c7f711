//! Image sizes read from file headers (PNG, GIF, JPEG, and SVG's `width`/`height` or
//! `viewBox`), so every local `<img>` gets `width` and `height` and the page does not
//! jump as images load. Reading a header is bounded by the file's length.

/// Returns an image's width and height in pixels, or `None` for an unknown or broken file.
pub fn size(path: &str, bytes: &[u8]) -> Option<(u32, u32)> {
    let ext = path.rsplit('.').next().unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "png" => png(bytes),
        "gif" => gif(bytes),
        "jpg" | "jpeg" => jpeg(bytes),
        "svg" => svg(bytes),
        _ => None,
    }
    .filter(|&(w, h)| w > 0 && h > 0)
}

/// Reads the IHDR chunk of a PNG.
fn png(b: &[u8]) -> Option<(u32, u32)> {
    if !b.starts_with(b"\x89PNG\r\n\x1a\n") || b.get(12..16)? != b"IHDR" {
        return None;
    }
    let be = |at: usize| Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?));
    Some((be(16)?, be(20)?))
}

/// Reads the logical screen size of a GIF.
fn gif(b: &[u8]) -> Option<(u32, u32)> {
    if !(b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a")) {
        return None;
    }
    let le = |at: usize| {
        Some(u32::from(u16::from_le_bytes(
            b.get(at..at + 2)?.try_into().ok()?,
        )))
    };
    Some((le(6)?, le(8)?))
}

/// Walks a JPEG's markers to the first start-of-frame.
fn jpeg(b: &[u8]) -> Option<(u32, u32)> {
    if !b.starts_with(&[0xFF, 0xD8]) {
        return None;
    }
    let be = |at: usize| {
        Some(u32::from(u16::from_be_bytes(
            b.get(at..at + 2)?.try_into().ok()?,
        )))
    };
    let mut at = 2;
    loop {
        while *b.get(at)? != 0xFF {
            at += 1;
        }
        while *b.get(at)? == 0xFF {
            at += 1;
        }
        let marker = *b.get(at)?;
        at += 1;
        // Markers without a length: RSTn, SOI, EOI, TEM.
        if (0xD0..=0xD9).contains(&marker) || marker == 0x01 {
            continue;
        }
        let len = be(at)? as usize;
        let is_frame = matches!(marker, 0xC0..=0xCF) && ![0xC4, 0xC8, 0xCC].contains(&marker);
        if is_frame {
            return Some((be(at + 5)?, be(at + 3)?));
        }
        at += len.max(2);
    }
}

/// Reads the root `<svg>` element's `width` and `height`, or else its `viewBox`.
fn svg(b: &[u8]) -> Option<(u32, u32)> {
    let head = &b[..b.len().min(4096)];
    let text = match std::str::from_utf8(head) {
        Ok(text) => text,
        // The cut may fall inside a character; what comes before it is enough.
        Err(err) => std::str::from_utf8(&head[..err.valid_up_to()]).ok()?,
    };
    let start = text.find("<svg")?;
    let tag = &text[start..start + text[start..].find('>')?];
    let number = |name: &str| -> Option<f64> {
        let value = attribute(tag, name)?;
        let digits = value.trim().trim_end_matches("px");
        digits
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v > 0.0)
    };
    if let (Some(w), Some(h)) = (number("width"), number("height")) {
        return Some((w.round() as u32, h.round() as u32));
    }
    let view: Vec<f64> = attribute(tag, "viewBox")?
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.parse().ok())
        .collect();
    match view[..] {
        [_, _, w, h] if w > 0.0 && h > 0.0 && w.is_finite() && h.is_finite() => {
            Some((w.round() as u32, h.round() as u32))
        }
        _ => None,
    }
}

/// Returns the value of ` name="…"` (or single-quoted) in a tag.
fn attribute<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
    for quote in ['"', '\''] {
        let key = format!(" {name}={quote}");
        if let Some(at) = tag.find(&key) {
            let rest = &tag[at + key.len()..];
            return Some(&rest[..rest.find(quote)?]);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_format() {
        let mut png_bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png_bytes.extend(300u32.to_be_bytes());
        png_bytes.extend(200u32.to_be_bytes());
        assert_eq!(size("a.PNG", &png_bytes), Some((300, 200)));
        assert_eq!(
            size("a.gif", b"GIF89a\x40\x01\xf0\x00rest"),
            Some((320, 240))
        );
        let jpeg_bytes = [
            0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0, 50, 0, 80, 3,
        ];
        assert_eq!(size("a.jpg", &jpeg_bytes), Some((80, 50)));
        let svg_bytes = br#"<?xml version="1.0"?><svg xmlns="x" width="40px" height='20'>"#;
        assert_eq!(size("a.svg", svg_bytes), Some((40, 20)));
        assert_eq!(
            size("a.svg", br#"<svg viewBox="0 0 32 16.4">"#),
            Some((32, 16))
        );
    }

    #[test]
    fn refuses_broken_files() {
        assert_eq!(size("a.png", b"\x89PNG\r\n\x1a\n"), None);
        assert_eq!(size("a.jpg", &[0xFF, 0xD8, 0xFF]), None);
        assert_eq!(
            size("a.jpg", &[0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 0, 0, 0]),
            None
        );
        assert_eq!(size("a.svg", b"<svg width=\"-3\" height=\"nan\">"), None);
        assert_eq!(size("a.txt", b"GIF89a\x40\x01\xf0\x00"), None);
    }
}
