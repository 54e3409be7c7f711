//! A small reader of HTML into tokens, each with its span in the page: tags with their
//! attributes, text, comments, and the inside of raw-text elements (`script`, `style`).
//! It borrows from the page and decodes nothing itself (callers decode what they read,
//! with [`super::decode`]), and it never fails: markup it cannot read is text, as a
//! browser would show it.

use std::borrow::Cow;
use std::ops::Range;

use super::decode::decode_attribute;

/// One piece of an HTML page, borrowed from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// An opening tag.
    Start(Tag<'a>),
    /// A closing tag's name, as written.
    End(&'a str),
    /// Text as written, its references not yet decoded.
    Text(&'a str),
    /// The inside of a raw-text element (`script`, `style`), which a reader does not see.
    Raw(&'a str),
    /// A comment's inside, as written.
    Comment(&'a str),
    /// A doctype, processing instruction or other `<!…>`, as written.
    Other(&'a str),
}

/// An opening tag: its name and its attributes, read when asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The name as written.
    pub name: &'a str,
    /// Whether the tag is written `<x/>`.
    pub self_closing: bool,
    /// The text between the name and the `>`.
    attrs: &'a str,
    /// Where [`Tag::attrs`] starts in the page.
    attrs_at: usize,
}

/// One attribute of a tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attr<'a> {
    /// The name as written.
    pub name: &'a str,
    /// The value as written, without its quotes; empty for a bare attribute.
    pub raw: &'a str,
    /// The quote around the value, if any.
    pub quote: Option<char>,
    /// Where the raw value sits in the page.
    pub span: Range<usize>,
}

impl<'a> Attr<'a> {
    /// Returns the value with its references decoded.
    pub fn value(&self) -> Cow<'a, str> {
        decode_attribute(self.raw)
    }
}

impl<'a> Tag<'a> {
    /// Returns whether the tag's name is `name` (lowercase), ignoring ASCII case.
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// Returns the tag's attributes in order.
    pub fn attrs(&self) -> Attrs<'a> {
        Attrs {
            text: self.attrs,
            at: self.attrs_at,
            pos: 0,
        }
    }

    /// Returns the first attribute named `name` (lowercase), ignoring ASCII case.
    pub fn attr(&self, name: &str) -> Option<Attr<'a>> {
        self.attrs().find(|a| a.name.eq_ignore_ascii_case(name))
    }
}

/// The attributes of a tag, read one by one.
#[derive(Clone, Debug)]
pub struct Attrs<'a> {
    text: &'a str,
    at: usize,
    pos: usize,
}

impl<'a> Iterator for Attrs<'a> {
    type Item = Attr<'a>;

    fn next(&mut self) -> Option<Attr<'a>> {
        let b = self.text.as_bytes();
        let mut i = self.pos;
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b'/') {
            i += 1;
        }
        let start = i;
        // A name may start with `=` (`<a =x>`), as in a browser; it runs to a space or `=`.
        i += usize::from(i < b.len() && b[i] == b'=');
        while i < b.len() && !b[i].is_ascii_whitespace() && !matches!(b[i], b'=' | b'/') {
            i += 1;
        }
        if start == i {
            self.pos = b.len();
            return None;
        }
        let name = &self.text[start..i];
        let mut j = i;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j >= b.len() || b[j] != b'=' {
            self.pos = i;
            let at = self.at + i;
            return Some(Attr {
                name,
                raw: "",
                quote: None,
                span: at..at,
            });
        }
        j += 1;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let (from, to, quote) = match b.get(j) {
            Some(&q) if q == b'"' || q == b'\'' => {
                let end = b[j + 1..]
                    .iter()
                    .position(|&c| c == q)
                    .map_or(b.len(), |e| j + 1 + e);
                self.pos = (end + 1).min(b.len());
                (j + 1, end, Some(char::from(q)))
            }
            _ => {
                let end = b[j..]
                    .iter()
                    .position(u8::is_ascii_whitespace)
                    .map_or(b.len(), |e| j + e);
                self.pos = end;
                (j, end, None)
            }
        };
        Some(Attr {
            name,
            raw: &self.text[from..to],
            quote,
            span: self.at + from..self.at + to,
        })
    }
}

/// Elements whose inside is raw text a reader does not see.
const RAW: [&str; 6] = ["script", "style", "xmp", "iframe", "noembed", "noframes"];

/// Elements whose inside is text with references but no tags.
const RCDATA: [&str; 2] = ["title", "textarea"];

/// Elements that never have a closing tag.
pub const VOID: [&str; 14] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// Returns the tokens of `html`, each with its span.
pub fn tokens(html: &str) -> Tokens<'_> {
    Tokens {
        html,
        pos: 0,
        raw_until: None,
    }
}

/// The tokens of a page, read one by one.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    html: &'a str,
    pos: usize,
    /// Inside a raw-text or RCDATA element: its name, and whether it is RCDATA.
    raw_until: Option<(&'a str, bool)>,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = (Token<'a>, Range<usize>);

    fn next(&mut self) -> Option<Self::Item> {
        let (html, start) = (self.html, self.pos);
        if start >= html.len() {
            return None;
        }
        if let Some((name, rcdata)) = self.raw_until.take() {
            let end = find_end_tag(&html[start..], name).map_or(html.len(), |e| start + e);
            if end > start {
                self.pos = end;
                let inside = &html[start..end];
                let token = if rcdata {
                    Token::Text(inside)
                } else {
                    Token::Raw(inside)
                };
                return Some((token, start..end));
            }
        }
        let bytes = html.as_bytes();
        let mut at = start;
        while let Some(k) = bytes[at..].iter().position(|&b| b == b'<') {
            let lt = at + k;
            if let Some((token, end)) = self.markup(lt) {
                if lt > start {
                    // The text before the markup first; the markup is read again next.
                    self.pos = lt;
                    return Some((Token::Text(&html[start..lt]), start..lt));
                }
                self.pos = end;
                if let Token::Start(tag) = &token {
                    let name = tag.name;
                    let raw = RAW.iter().any(|r| name.eq_ignore_ascii_case(r));
                    let rcdata = RCDATA.iter().any(|r| name.eq_ignore_ascii_case(r));
                    if (raw || rcdata) && !tag.self_closing {
                        self.raw_until = Some((name, rcdata));
                    }
                }
                return Some((token, lt..end));
            }
            at = lt + 1; // a `<` that starts no markup is text
        }
        self.pos = html.len();
        Some((Token::Text(&html[start..]), start..html.len()))
    }
}

impl<'a> Tokens<'a> {
    /// Reads the markup that starts with the `<` at `lt`, if any, and where it ends.
    fn markup(&self, lt: usize) -> Option<(Token<'a>, usize)> {
        let html = self.html;
        let rest = &html[lt..];
        if let Some(body) = rest.strip_prefix("<!--") {
            // `<!-->` and `<!--->` are empty comments, as in a browser.
            let (inner, end) = if body.starts_with('>') {
                ("", lt + 5)
            } else if body.starts_with("->") {
                ("", lt + 6)
            } else {
                match body.find("-->") {
                    Some(e) => (&body[..e], lt + 4 + e + 3),
                    None => (body, html.len()),
                }
            };
            return Some((Token::Comment(inner), end));
        }
        if rest.starts_with("<!") || rest.starts_with("<?") {
            let end = rest.find('>').map_or(html.len(), |e| lt + e + 1);
            return Some((Token::Other(&html[lt..end]), end));
        }
        let closing = rest.starts_with("</");
        let name_at = lt + 1 + usize::from(closing);
        if !html[name_at..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            return None;
        }
        let name_len = html.as_bytes()[name_at..]
            .iter()
            .take_while(|b| !b.is_ascii_whitespace() && !matches!(b, b'/' | b'>' | b'<'))
            .count();
        let end = tag_end(html.as_bytes(), name_at + name_len)?;
        let name = &html[name_at..name_at + name_len];
        if closing {
            return Some((Token::End(name), end));
        }
        let inner = &html[name_at + name_len..end - 1];
        let self_closing = inner.ends_with('/');
        Some((
            Token::Start(Tag {
                name,
                self_closing,
                attrs: inner,
                attrs_at: name_at + name_len,
            }),
            end,
        ))
    }
}

/// Returns the offset just past the `>` that ends a tag whose attributes start at `from`,
/// skipping `>` inside quoted values; none when a `<` or the end comes first.
fn tag_end(html: &[u8], from: usize) -> Option<usize> {
    let mut quote: Option<u8> = None;
    for (k, &b) in html[from..].iter().enumerate() {
        match (quote, b) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            // A quote opens a value only after `=`.
            (None, b'"' | b'\'') if html[..from + k].trim_ascii_end().ends_with(b"=") => {
                quote = Some(b);
            }
            (None, b'>') => return Some(from + k + 1),
            (None, b'<') => return None,
            _ => {}
        }
    }
    None
}

/// Returns where the closing tag of the raw-text element `name` starts in `text`.
fn find_end_tag(text: &str, name: &str) -> Option<usize> {
    let b = text.as_bytes();
    let n = name.len();
    let mut from = 0;
    while let Some(k) = b[from..].windows(2).position(|w| w == b"</") {
        let at = from + k;
        let after = at + 2 + n;
        if b.len() >= after
            && b[at + 2..after].eq_ignore_ascii_case(name.as_bytes())
            && b.get(after)
                .is_none_or(|c| c.is_ascii_whitespace() || matches!(c, b'/' | b'>'))
        {
            return Some(at);
        }
        from = at + 2;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Returns the tokens of `html` without their spans.
    fn read(html: &str) -> Vec<Token<'_>> {
        tokens(html).map(|(t, _)| t).collect()
    }

    #[test]
    fn tags_text_and_comments() {
        let t = read("<p class=\"a\">2 &otimes; 3<br/></p><!-- unchecked: x --><!DOCTYPE html>");
        assert!(matches!(&t[0], Token::Start(tag) if tag.is("p") && !tag.self_closing));
        assert_eq!(t[1], Token::Text("2 &otimes; 3"));
        assert!(matches!(&t[2], Token::Start(tag) if tag.is("br") && tag.self_closing));
        assert_eq!(t[3], Token::End("p"));
        assert_eq!(t[4], Token::Comment(" unchecked: x "));
        assert_eq!(t[5], Token::Other("<!DOCTYPE html>"));
        assert_eq!(t.len(), 6);
    }

    #[test]
    fn attributes_with_quotes() {
        let html = "<A Title='2 &times; 3 > \"5\"' href=x data-y class = \"b c\"/>";
        let t = read(html);
        let Token::Start(tag) = &t[0] else {
            panic!("{t:?}")
        };
        let attrs: Vec<_> = tag.attrs().collect();
        assert_eq!(attrs.len(), 4, "{attrs:?}");
        assert_eq!(attrs[0].name, "Title");
        assert_eq!(attrs[0].value(), "2 × 3 > \"5\"");
        assert_eq!(&html[attrs[0].span.clone()], "2 &times; 3 > \"5\"");
        assert_eq!((attrs[1].raw, attrs[1].quote), ("x", None));
        assert_eq!((attrs[2].name, attrs[2].raw), ("data-y", ""));
        assert_eq!(tag.attr("class").map(|a| a.value()).as_deref(), Some("b c"));
        assert!(tag.self_closing && tag.is("a"));
    }

    #[test]
    fn raw_text_is_not_markup() {
        let t = read("a < b<script>x = '<p>' </scripty></script ><STYLE>p{}</style>c");
        assert_eq!(t[0], Token::Text("a < b"));
        assert_eq!(t[2], Token::Raw("x = '<p>' </scripty>"));
        assert_eq!(t[3], Token::End("script"));
        assert_eq!(t[5], Token::Raw("p{}"));
        assert_eq!(t[7], Token::Text("c"));
        let t = read("<title>a <b> &amp;</title>");
        assert_eq!(t[1], Token::Text("a <b> &amp;"));
    }

    #[test]
    fn spans_cover_the_page() {
        let html = "x<a href='1'>y</a><!--z-->w<b";
        let mut end = 0;
        for (_, span) in tokens(html) {
            assert_eq!(span.start, end);
            end = span.end;
        }
        assert_eq!(end, html.len());
        assert_eq!(
            read("x<!-->y"),
            [Token::Text("x"), Token::Comment(""), Token::Text("y")]
        );
    }

    proptest::proptest! {
        #[test]
        fn prop_any_input_reads_without_panic(html in "(<|>|/|!|-|'|\"|=|&|[a-z ]|é|script|<!--|-->)*") {
            let mut end = 0;
            for (token, span) in tokens(&html) {
                proptest::prop_assert_eq!(span.start, end);
                end = span.end;
                if let Token::Start(tag) = token {
                    for a in tag.attrs() {
                        proptest::prop_assert_eq!(&html[a.span.clone()], a.raw);
                        let _ = a.value();
                    }
                }
            }
            proptest::prop_assert_eq!(end, html.len());
        }
    }
}
