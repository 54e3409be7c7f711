//! The reader's eye on the shared token reader ([`crate::html`]): tags with their names
//! lowercased and attributes decoded, and text decoded, one at a time as the check walks them. Scripts,
//! styles and templates are left out: their inside is not shown.

use std::borrow::Cow;

use crate::html::{self, decode};

pub use crate::html::VOID;

/// One piece of an HTML document, decoded, borrowing from the document where it can.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// An opening tag, its name lowercased, its attributes decoded, and whether it closes
    /// itself (`<br/>`).
    Open {
        /// The tag's name, lowercased.
        name: Cow<'a, str>,
        /// The attributes, names lowercased, values decoded.
        attrs: Vec<(Cow<'a, str>, Cow<'a, str>)>,
        /// Written `<x/>`.
        closed: bool,
    },
    /// A closing tag, its name lowercased.
    Close(Cow<'a, str>),
    /// Text with its references decoded.
    Text(Cow<'a, str>),
    /// A comment's inside, as written.
    Comment(&'a str),
}

/// Returns a name lowercased, borrowed when it already is.
fn lower(name: &str) -> Cow<'_, str> {
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(name.to_ascii_lowercase())
    } else {
        Cow::Borrowed(name)
    }
}

/// Reads `html` into tokens, one at a time.
pub fn tokens(html: &str) -> impl Iterator<Item = Token<'_>> {
    // Inside a `<template>`, whose content is not shown: how deep.
    let mut template = 0usize;
    html::tokens(html).filter_map(move |(token, _)| match token {
        html::Token::Start(tag) if tag.is("template") => {
            template += usize::from(!tag.self_closing);
            None
        }
        html::Token::End(name) if name.eq_ignore_ascii_case("template") => {
            template = template.saturating_sub(1);
            None
        }
        _ if template > 0 => None,
        // Their inside comes as raw text, left out; the tags go with it.
        html::Token::Start(tag) if tag.is("script") || tag.is("style") => None,
        html::Token::End(name)
            if name.eq_ignore_ascii_case("script") || name.eq_ignore_ascii_case("style") =>
        {
            None
        }
        html::Token::Start(tag) => Some(Token::Open {
            name: lower(tag.name),
            attrs: tag.attrs().map(|a| (lower(a.name), a.value())).collect(),
            closed: tag.self_closing,
        }),
        html::Token::End(name) => Some(Token::Close(lower(name))),
        html::Token::Text(text) => Some(Token::Text(decode(text))),
        html::Token::Comment(inner) => Some(Token::Comment(inner)),
        html::Token::Raw(_) | html::Token::Other(_) => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_text_and_comments() {
        let t: Vec<Token> =
            tokens("<p class=\"a\">2 &otimes; 3 &#61; 1<br/></p><!-- unchecked: x -->").collect();
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
                Token::Comment(" unchecked: x "),
            ]
        );
    }

    #[test]
    fn scripts_and_templates_are_skipped_and_stray_brackets_are_text() {
        let t: Vec<Token> = tokens(
            "a < b<script>x = '<p>'</script><STYLE>p{}</style><template><p>2</p></template>c",
        )
        .collect();
        assert_eq!(
            t,
            vec![Token::Text("a < b".into()), Token::Text("c".into())]
        );
    }

    #[test]
    fn attributes_are_decoded_and_quoted_brackets_kept() {
        let t: Vec<Token> = tokens("<a title='2 &times; 3 > 5' href=x data-y>").collect();
        let Token::Open { attrs, .. } = &t[0] else {
            panic!("{t:?}")
        };
        assert_eq!(attrs[0], ("title".into(), "2 × 3 > 5".into()));
        assert_eq!(attrs[1], ("href".into(), "x".into()));
        assert_eq!(attrs[2], ("data-y".into(), "".into()));
    }
}
