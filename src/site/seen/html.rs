//! The reader's eye on the shared token reader ([`crate::html`]): tags with their names
//! lowercased and attributes decoded, and text decoded, as the check walks them. Scripts,
//! styles and templates are left out: their inside is not shown.

use crate::html::{self, decode};

pub use crate::html::VOID;

/// One piece of an HTML document, owned and decoded.
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
    /// Text with its references decoded.
    Text(String),
    /// A comment's inside, as written.
    Comment(String),
}

/// Reads `html` into tokens.
pub fn tokens(html: &str) -> Vec<Token> {
    let mut out = Vec::new();
    // Inside a `<template>`, whose content is not shown: how deep.
    let mut template = 0usize;
    for (token, _) in html::tokens(html) {
        match token {
            html::Token::Start(tag) if tag.is("template") => {
                template += usize::from(!tag.self_closing);
            }
            html::Token::End(name) if name.eq_ignore_ascii_case("template") => {
                template = template.saturating_sub(1);
            }
            _ if template > 0 => {}
            // Their inside comes as raw text, left out; the tags go with it.
            html::Token::Start(tag) if tag.is("script") || tag.is("style") => {}
            html::Token::End(name)
                if name.eq_ignore_ascii_case("script") || name.eq_ignore_ascii_case("style") => {}
            html::Token::Start(tag) => out.push(Token::Open {
                name: tag.name.to_ascii_lowercase(),
                attrs: tag
                    .attrs()
                    .map(|a| (a.name.to_ascii_lowercase(), a.value().into_owned()))
                    .collect(),
                closed: tag.self_closing,
            }),
            html::Token::End(name) => out.push(Token::Close(name.to_ascii_lowercase())),
            html::Token::Text(text) => out.push(Token::Text(decode(text).into_owned())),
            html::Token::Comment(inner) => out.push(Token::Comment(inner.to_string())),
            html::Token::Raw(_) | html::Token::Other(_) => {}
        }
    }
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
    fn scripts_and_templates_are_skipped_and_stray_brackets_are_text() {
        let t = tokens(
            "a < b<script>x = '<p>'</script><STYLE>p{}</style><template><p>2</p></template>c",
        );
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
}
