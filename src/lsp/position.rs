//! Byte offsets, as every span holds them, to and from the editor's UTF-16 positions.

use std::ops::Range;

use lsp_types::{Position, Range as LspRange};

/// Returns the UTF-16 position of byte `offset` in `text`.
pub fn position(text: &str, offset: usize) -> Position {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.bytes().filter(|&b| b == b'\n').count();
    let character: usize = before[line_start..].chars().map(char::len_utf16).sum();
    Position::new(
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(character).unwrap_or(u32::MAX),
    )
}

/// Returns the editor's range of a byte span of `text`.
pub fn range(text: &str, span: &Range<usize>) -> LspRange {
    LspRange::new(position(text, span.start), position(text, span.end))
}

/// Returns the byte offset of a UTF-16 position in `text`, clamped to its line and end.
pub fn offset(text: &str, pos: Position) -> usize {
    let mut start = 0;
    for _ in 0..pos.line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let mut units = 0;
    for (i, c) in text[start..line_end].char_indices() {
        if units >= pos.character as usize {
            return start + i;
        }
        units += c.len_utf16();
    }
    line_end
}

/// Returns the line holding byte `offset`: its start offset and its text without the end.
pub fn line_at(text: &str, offset: usize) -> (usize, &str) {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    (start, text[start..end].trim_end_matches('\r'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_round_trip() {
        let text = "a⊗b\n𝔽x = 1\n";
        let x = text.find('x').expect("x");
        assert_eq!(position(text, x), Position::new(1, 2));
        assert_eq!(offset(text, Position::new(1, 2)), x);
        assert_eq!(
            position(text, text.find('b').expect("b")),
            Position::new(0, 2)
        );
        assert_eq!(offset(text, Position::new(9, 0)), text.len());
        assert_eq!(offset(text, Position::new(0, 99)), 5);
    }

    #[test]
    fn line_at_gives_the_whole_line() {
        let text = "one\ntwo\r\nthree";
        assert_eq!(line_at(text, 5), (4, "two"));
        assert_eq!(line_at(text, text.len()), (9, "three"));
    }
}
