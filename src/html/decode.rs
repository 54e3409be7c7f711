//! Character references (`&otimes;`, `&#x2297;`, `&amp`) read as a browser reads them:
//! every named reference of HTML's list, numeric ones with the browser's repairs, and
//! anything else left as written. One decoder, so every reader of a page sees one text.

use std::borrow::Cow;
use std::ops::Range;

use super::entities::{LEGACY, NAMED};

/// What a character reference stands for.
enum Decoded {
    Char(char),
    Str(&'static str),
}

/// Returns `text` with its character references decoded; borrowed when it has none.
pub fn decode(text: &str) -> Cow<'_, str> {
    decode_in(text, false)
}

/// Returns an attribute's value with its references decoded, as [`decode`] does, except
/// that an old name without its `;` followed by a letter, digit or `=` stays as written
/// (`?a=1&copy=2` is a query, not `©`), as in a browser.
pub fn decode_attribute(value: &str) -> Cow<'_, str> {
    decode_in(value, true)
}

/// Does the work of [`decode`] and [`decode_attribute`].
fn decode_in(text: &str, attribute: bool) -> Cow<'_, str> {
    if !text.contains('&') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for (at, decoded) in references(text, attribute) {
        out.push_str(&text[done..at.start]);
        match decoded {
            Decoded::Char(c) => out.push(c),
            Decoded::Str(s) => out.push_str(s),
        }
        done = at.end;
    }
    out.push_str(&text[done..]);
    Cow::Owned(out)
}

/// Returns `text` decoded as [`decode`] does, each reference's text padded with spaces to
/// the reference's length, so an offset into the result is an offset into `text`. A
/// reference whose text is longer than it (rare) is left as written.
pub fn decode_padded(text: &str) -> Cow<'_, str> {
    if !text.contains('&') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for (at, decoded) in references(text, false) {
        let mut buf = [0; 4];
        let s = match decoded {
            Decoded::Char(c) => &*c.encode_utf8(&mut buf),
            Decoded::Str(s) => s,
        };
        if s.len() > at.len() {
            continue;
        }
        out.push_str(&text[done..at.start]);
        out.push_str(s);
        out.extend(std::iter::repeat_n(' ', at.len() - s.len()));
        done = at.end;
    }
    out.push_str(&text[done..]);
    debug_assert_eq!(out.len(), text.len());
    Cow::Owned(out)
}

/// Returns every character reference in `text` that decodes, with its span.
fn references(text: &str, attribute: bool) -> impl Iterator<Item = (Range<usize>, Decoded)> + '_ {
    let bytes = text.as_bytes();
    let mut from = 0;
    std::iter::from_fn(move || {
        while let Some(k) = bytes[from..].iter().position(|&b| b == b'&') {
            let at = from + k;
            from = at + 1;
            if let Some((len, decoded)) = reference(&bytes[at + 1..], attribute) {
                from = at + 1 + len;
                return Some((at..from, decoded));
            }
        }
        None
    })
}

/// Reads the reference after an `&`: its length (without the `&`) and what it stands for.
fn reference(after: &[u8], attribute: bool) -> Option<(usize, Decoded)> {
    if after.first() == Some(&b'#') {
        return numeric(after);
    }
    let len = after
        .iter()
        .take(40)
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    // ASCII only, so the slice is a string.
    let name = std::str::from_utf8(&after[..len]).ok()?;
    if len == 0 {
        return None;
    }
    if after.get(len) == Some(&b';')
        && let Ok(i) = NAMED.binary_search_by(|(n, _)| n.as_bytes().cmp(name.as_bytes()))
    {
        return Some((len + 1, Decoded::Str(NAMED[i].1)));
    }
    // `&amp` and the other old names are read without their `;` too, the longest first,
    // so `&lt3` is `<3`.
    (2..=len.min(8)).rev().find_map(|n| {
        if attribute && (n < len || after.get(n) == Some(&b'=')) {
            return None;
        }
        let prefix = &name[..n];
        LEGACY.binary_search(&prefix).ok()?;
        let i = NAMED
            .binary_search_by(|(k, _)| k.as_bytes().cmp(prefix.as_bytes()))
            .ok()?;
        Some((n, Decoded::Str(NAMED[i].1)))
    })
}

/// Reads `#123;` or `#x7b;` (the `;` optional, as a browser reads it).
fn numeric(after: &[u8]) -> Option<(usize, Decoded)> {
    let hex = matches!(after.get(1), Some(b'x' | b'X'));
    let start = if hex { 2 } else { 1 };
    let digits = after[start..]
        .iter()
        .take_while(|b| {
            if hex {
                b.is_ascii_hexdigit()
            } else {
                b.is_ascii_digit()
            }
        })
        .count();
    if digits == 0 {
        return None;
    }
    let radix = if hex { 16 } else { 10 };
    let mut code: u32 = 0;
    for &b in &after[start..start + digits] {
        let d = char::from(b).to_digit(radix).unwrap_or(0);
        code = code.saturating_mul(radix).saturating_add(d);
    }
    let end = start + digits;
    let len = end + usize::from(after.get(end) == Some(&b';'));
    Some((len, Decoded::Char(repaired(code))))
}

/// Returns the character a browser shows for a numeric reference: U+FFFD for none, and
/// the Windows-1252 reading of the C1 controls.
fn repaired(code: u32) -> char {
    const C1: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match code {
        0 => '\u{FFFD}',
        0x80..=0x9F => C1[(code - 0x80) as usize],
        _ => char::from_u32(code).unwrap_or('\u{FFFD}'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_references_decode() {
        assert_eq!(
            decode("2 &otimes; 3 &ne; 5 &amp; &lt;b&gt;"),
            "2 ⊗ 3 ≠ 5 & <b>"
        );
        assert_eq!(
            decode("&nbsp;&hellip;&NotEqualTilde;"),
            "\u{a0}…\u{2242}\u{338}"
        );
        assert_eq!(decode("&amp &lt3 &copy"), "& <3 ©");
    }

    #[test]
    fn numeric_references_decode_with_repairs() {
        assert_eq!(decode("&#x2297;&#8853;&#X41&#65;"), "⊗⊕AA");
        assert_eq!(
            decode("&#0;&#xD800;&#99999999999;"),
            "\u{FFFD}\u{FFFD}\u{FFFD}"
        );
        assert_eq!(decode("&#x80;&#150;"), "€–");
    }

    #[test]
    fn unknown_and_broken_references_stay() {
        assert_eq!(
            decode("&bogus; & &; &#; &#x; a&b"),
            "&bogus; & &; &#; &#x; a&b"
        );
        assert_eq!(
            decode("&otimes"),
            "&otimes",
            "only old names drop their `;`"
        );
        assert!(matches!(decode("no references"), Cow::Borrowed(_)));
        assert_eq!(
            decode_attribute("?a=1&copy=2&amp;b&lt3&amp"),
            "?a=1&copy=2&b&lt3&"
        );
    }

    #[test]
    fn padded_keeps_offsets() {
        let text = "2 &otimes; 3 &#61; 1 &bogus;";
        let out = decode_padded(text);
        assert_eq!(out.len(), text.len());
        assert_eq!(
            out.split_whitespace().collect::<Vec<_>>(),
            ["2", "⊗", "3", "=", "1", "&bogus;"]
        );
        assert_eq!(out.find('3'), text.find('3'));
    }

    proptest::proptest! {
        #[test]
        fn prop_padded_keeps_length_and_nothing_panics(text in "(&|#|x|;|[0-9a-fA-F]|amp|otimes|lt|é| )*") {
            proptest::prop_assert_eq!(decode_padded(&text).len(), text.len());
            let _ = (decode(&text), decode_attribute(&text));
        }
    }
}
