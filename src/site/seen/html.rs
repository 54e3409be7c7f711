//! A small reader of the HTML the build writes: tags with their attributes, text with its
//! entities decoded, and comments. It never fails: markup it cannot read is text, as a
//! browser would show it.

/// One piece of an HTML document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// An opening tag, its name lowercased, its attributes decoded, and whether it closes
    /// itself (`<br/>`).
    Open {
        /// The tag's name, lowercased.
        name: String,
        /// The attributes, names lowercased, values decoded.
        attrs: Vec<(String, String)>,
        /// Written `<x/>`.
        closed: bool,
    },
    /// A closing tag, its name lowercased.
    Close(String),
    /// Text with its entities decoded.
    Text(String),
    /// A comment's inside, as written.
    Comment(String),
}

/// Elements whose inside is not shown as text.
const RAW: [&str; 3] = ["script", "style", "template"];

/// Elements that never have a closing tag.
pub const VOID: [&str; 14] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr", "param",
];

/// Reads `html` into tokens.
pub fn tokens(html: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut text_start = 0;
    let flush = |out: &mut Vec<Token>, from: usize, to: usize| {
        if from < to {
            out.push(Token::Text(decode(&html[from..to])));
        }
    };
    while let Some(k) = html[i..].find('<') {
        let at = i + k;
        let rest = &html[at..];
        if let Some(body) = rest.strip_prefix("<!--") {
            flush(&mut out, text_start, at);
            let end = body.find("-->").map_or(html.len(), |e| at + 4 + e + 3);
            let inner = &html[at + 4..end.saturating_sub(3).max(at + 4)];
            out.push(Token::Comment(inner.to_string()));
            i = end;
            text_start = end;
            continue;
        }
        if rest.starts_with("<!") || rest.starts_with("<?") {
            flush(&mut out, text_start, at);
            i = rest.find('>').map_or(html.len(), |e| at + e + 1);
            text_start = i;
            continue;
        }
        let closing = rest.starts_with("</");
        let name_start = at + if closing { 2 } else { 1 };
        let name_len = html[name_start..]
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b':')
            .count();
        if name_len == 0 || !html[name_start..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            i = at + 1; // a lone `<` is text
            continue;
        }
        let Some(end) = tag_end(html, name_start + name_len) else {
            i = at + 1;
            continue;
        };
        flush(&mut out, text_start, at);
        let name = html[name_start..name_start + name_len].to_ascii_lowercase();
        if closing {
            out.push(Token::Close(name));
            i = end;
            text_start = end;
            continue;
        }
        let inner = &html[name_start + name_len..end - 1];
        let closed = inner.trim_end().ends_with('/');
        let attrs = attributes(inner.trim_end().trim_end_matches('/'));
        i = end;
        text_start = end;
        if RAW.contains(&name.as_str()) {
            // Skip to the matching close tag: its inside is not shown.
            let close = format!("</{name}");
            let stop = find_ascii_ci(&html[i..], &close).map_or(html.len(), |e| i + e);
            i = html[stop..].find('>').map_or(html.len(), |e| stop + e + 1);
            text_start = i;
            continue;
        }
        out.push(Token::Open {
            name,
            attrs,
            closed,
        });
    }
    flush(&mut out, text_start, html.len());
    out
}

/// Returns the offset just past the `>` that ends a tag whose attributes start at `from`,
/// skipping `>` inside quoted values.
fn tag_end(html: &str, from: usize) -> Option<usize> {
    let mut quote: Option<u8> = None;
    for (k, b) in html.as_bytes()[from..].iter().enumerate() {
        match (quote, *b) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(*b),
            (None, b'>') => return Some(from + k + 1),
            (None, b'<') => return None,
            _ => {}
        }
    }
    None
}

/// Finds `needle` (ASCII) in `hay`, ignoring ASCII case.
fn find_ascii_ci(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    (0..h.len().saturating_sub(n.len() - 1)).find(|&k| h[k..k + n.len()].eq_ignore_ascii_case(n))
}

/// Reads `name="value"`, `name='value'`, `name=value` and bare `name` attributes.
fn attributes(inner: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let b = inner.as_bytes();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b'/') {
            i += 1;
        }
        let start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'=' {
            i += 1;
        }
        if start == i {
            break;
        }
        let name = inner[start..i].to_ascii_lowercase();
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() || b[i] != b'=' {
            out.push((name, String::new()));
            continue;
        }
        i += 1;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let value = match b.get(i) {
            Some(&q) if q == b'"' || q == b'\'' => {
                let end = inner[i + 1..]
                    .find(q as char)
                    .map_or(b.len(), |e| i + 1 + e);
                let v = &inner[(i + 1).min(end)..end];
                i = (end + 1).min(b.len());
                v
            }
            _ => {
                let start = i;
                while i < b.len() && !b[i].is_ascii_whitespace() {
                    i += 1;
                }
                &inner[start..i]
            }
        };
        out.push((name, decode(value)));
    }
    out
}

/// The named entities an author may write for what a claim holds, and HTML's own.
const ENTITIES: [(&str, char); 40] = [
    ("amp", '&'),
    ("lt", '<'),
    ("gt", '>'),
    ("quot", '"'),
    ("apos", '\''),
    ("nbsp", '\u{a0}'),
    ("thinsp", '\u{2009}'),
    ("ensp", ' '),
    ("emsp", ' '),
    ("otimes", '⊗'),
    ("CircleTimes", '⊗'),
    ("oplus", '⊕'),
    ("CirclePlus", '⊕'),
    ("times", '×'),
    ("sdot", '⋅'),
    ("middot", '·'),
    ("centerdot", '·'),
    ("ne", '≠'),
    ("le", '≤'),
    ("leq", '≤'),
    ("ge", '≥'),
    ("geq", '≥'),
    ("minus", '−'),
    ("radic", '√'),
    ("Sqrt", '√'),
    ("sup1", '¹'),
    ("sup2", '²'),
    ("sup3", '³'),
    ("omega", 'ω'),
    ("alpha", 'α'),
    ("forall", '∀'),
    ("exist", '∃'),
    ("isin", '∈'),
    ("lowast", '∗'),
    ("ast", '*'),
    ("plus", '+'),
    ("equals", '='),
    ("hellip", '…'),
    ("mdash", '—'),
    ("ndash", '–'),
];

/// Decodes character references: the named ones above and every numeric one. An entity
/// not known is left as written, as a browser shows an unknown one.
pub fn decode(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(k) = rest.find('&') {
        out.push_str(&rest[..k]);
        let after = &rest[k + 1..];
        let end = after
            .char_indices()
            .take(32)
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '#'))
            .map_or(after.len().min(32), |(e, _)| e);
        let name = &after[..end];
        let decoded = if let Some(num) = name.strip_prefix('#') {
            let code = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok(),
                None => num.parse::<u32>().ok(),
            };
            code.and_then(char::from_u32)
        } else {
            ENTITIES.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
        };
        match decoded {
            Some(c) if !name.is_empty() => {
                out.push(c);
                let semi = usize::from(after[end..].starts_with(';'));
                rest = &after[end + semi..];
            }
            _ => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_text_and_comments() {
        let t = tokens("<p class=\"a\">2 &otimes; 3 &#61; 1<br/></p><!-- unchecked: x -->");
        assert_eq!(
            t,
            vec![
                Token::Open {
                    name: "p".into(),
                    attrs: vec![("class".into(), "a".into())],
                    closed: false
                },
                Token::Text("2 ⊗ 3 = 1".into()),
                Token::Open {
                    name: "br".into(),
                    attrs: vec![],
                    closed: true
                },
                Token::Close("p".into()),
                Token::Comment(" unchecked: x ".into()),
            ]
        );
    }

    #[test]
    fn scripts_are_skipped_and_stray_brackets_are_text() {
        let t = tokens("a < b<script>x = '<p>'</script><STYLE>p{}</style>c");
        assert_eq!(
            t,
            vec![Token::Text("a < b".into()), Token::Text("c".into())]
        );
    }

    #[test]
    fn attributes_are_decoded_and_quoted_brackets_kept() {
        let t = tokens("<a title='2 &times; 3 > 5' href=x data-y>");
        let Token::Open { attrs, .. } = &t[0] else {
            panic!("{t:?}")
        };
        assert_eq!(attrs[0], ("title".into(), "2 × 3 > 5".into()));
        assert_eq!(attrs[1], ("href".into(), "x".into()));
        assert_eq!(attrs[2], ("data-y".into(), String::new()));
    }

    #[test]
    fn unknown_and_unterminated_entities_stay() {
        assert_eq!(decode("a &bogus; b &amp c &#x2297;"), "a &bogus; b & c ⊗");
        assert_eq!(decode("&#99999999;&"), "&#99999999;&");
    }
}
