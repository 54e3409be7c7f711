//! The bibliography: `references.bib` at the site's root, read with hayagriva, and the
//! citations and reference lists of the pages, formatted in a CSL style from hayagriva's
//! archive. It knows nothing of pages or diagnostics: errors are plain data with spans
//! into the `.bib` source, and citations are keys with an optional locator.

use std::collections::BTreeMap;
use std::ops::Range;

use hayagriva::archive::{ArchivedStyle, locales};
use hayagriva::citationberg::taxonomy::Locator;
use hayagriva::citationberg::{FontStyle, FontWeight};
use hayagriva::citationberg::{IndependentStyle, Locale, Style};
use hayagriva::io::BibLaTeXError;

use crate::html::escape;
use hayagriva::{
    BibliographyDriver, BibliographyRequest, CitationItem, CitationRequest, ElemChild,
    ElemChildren, Library, LocatorPayload, SpecificLocator,
};

/// The bibliography's file name, at the site's root.
pub const FILE: &str = "references.bib";

/// The style used when `nimsite.toml` names none.
pub const DEFAULT_STYLE: &str = "chicago-author-date";

/// The most bytes `references.bib` may hold.
pub const MAX_BYTES: u64 = 4 << 20;

/// A problem with the bibliography or its style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BibError {
    /// The file does not parse, or a field is malformed; the span is in the file.
    Source {
        /// Where in the file.
        span: Range<usize>,
        /// What is wrong, lowercase.
        message: String,
    },
    /// The style is not one hayagriva archives, or not one that formats on its own.
    Style(String),
}

/// One work cited, with the place in it, as in `[@conway1976, p. 12]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cite {
    /// The entry's key.
    pub key: String,
    /// The locator's kind and value, such as (`Page`, "12").
    pub locator: Option<(LocatorKind, String)>,
}

/// The kinds of locator a citation may give, by the label written before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LocatorKind {
    /// `p.` or `pp.`, and a locator with no label.
    Page,
    /// `chap.` or `ch.`
    Chapter,
    /// `sec.` or `§`
    Section,
    /// `thm.`
    Theorem,
}

impl LocatorKind {
    /// Reads a locator such as `p. 12` or `chap. 6`; with no known label it is a page.
    pub fn read(text: &str) -> (LocatorKind, String) {
        let text = text.trim();
        const LABELS: &[(&str, LocatorKind)] = &[
            ("pp.", LocatorKind::Page),
            ("p.", LocatorKind::Page),
            ("chap.", LocatorKind::Chapter),
            ("ch.", LocatorKind::Chapter),
            ("sec.", LocatorKind::Section),
            ("§", LocatorKind::Section),
            ("thm.", LocatorKind::Theorem),
        ];
        for (label, kind) in LABELS {
            if let Some(rest) = text.strip_prefix(label) {
                return (*kind, rest.trim().to_string());
            }
        }
        (LocatorKind::Page, text.to_string())
    }

    fn csl(self) -> Locator {
        match self {
            LocatorKind::Page => Locator::Page,
            LocatorKind::Chapter => Locator::Chapter,
            LocatorKind::Section => Locator::Section,
            LocatorKind::Theorem => Locator::Paragraph,
        }
    }
}

/// A page's citations formatted: each citation's HTML, in order, and the reference list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Formatted {
    /// Each citation, as HTML without links, in the order given.
    pub citations: Vec<String>,
    /// The reference list: each entry's key and HTML, in the style's order.
    pub references: Vec<(String, String)>,
}

/// The site's bibliography, with the style its pages are formatted in.
pub struct Bibliography {
    library: Library,
    style: IndependentStyle,
    style_name: String,
    locales: Vec<Locale>,
    /// Where each entry starts in the file, by key.
    offsets: BTreeMap<String, usize>,
    /// The file's text, which a cached page's output depends on.
    source: String,
}

impl std::fmt::Debug for Bibliography {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bibliography")
            .field("entries", &self.offsets.len())
            .field("style", &self.style_name)
            .finish()
    }
}

impl Bibliography {
    /// Reads the text of a BibLaTeX file, to be formatted in the archived CSL style named
    /// `style` (such as "chicago-author-date" or "apa").
    pub fn parse(source: &str, style_name: &str) -> Result<Bibliography, Vec<BibError>> {
        let style_found = archived(style_name);
        let library = hayagriva::io::from_biblatex_str(source).map_err(|errors| {
            errors
                .into_iter()
                .map(|e| match e {
                    BibLaTeXError::Parse(p) => BibError::Source {
                        span: p.span.clone(),
                        message: p.kind.to_string(),
                    },
                    BibLaTeXError::Type(t) => BibError::Source {
                        span: t.span.clone(),
                        message: t.kind.to_string(),
                    },
                })
                .collect::<Vec<_>>()
        });
        let (library, style) = match (library, style_found) {
            (Ok(l), Ok(s)) => (l, s),
            (l, s) => {
                let mut errors = l.err().unwrap_or_default();
                errors.extend(s.err());
                return Err(errors);
            }
        };
        let offsets = library
            .keys()
            .map(|k| (k.to_string(), entry_offset(source, k).unwrap_or(0)))
            .collect();
        Ok(Bibliography {
            library,
            style,
            style_name: style_name.to_string(),
            locales: locales(),
            offsets,
            source: source.to_string(),
        })
    }

    /// Returns whether the bibliography has an entry with this key.
    pub fn contains(&self, key: &str) -> bool {
        self.offsets.contains_key(key)
    }

    /// Returns every entry's key with the byte offset where it starts in the file.
    pub fn entries(&self) -> impl Iterator<Item = (&str, usize)> {
        self.offsets.iter().map(|(k, &at)| (k.as_str(), at))
    }

    /// Returns the text of the file it was read from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Returns the style's name, as `nimsite.toml` gives it.
    pub fn style_name(&self) -> &str {
        &self.style_name
    }

    /// Formats citations (each a group of works cited together) in order, with the list
    /// of every work they cite. Keys the bibliography lacks are left out.
    pub fn format(&self, citations: &[Vec<Cite>]) -> Formatted {
        let mut driver = BibliographyDriver::new();
        for group in citations {
            let items = group
                .iter()
                .filter_map(|c| {
                    let entry = self.library.get(&c.key)?;
                    let locator = c
                        .locator
                        .as_ref()
                        .map(|(kind, at)| SpecificLocator(kind.csl(), LocatorPayload::Str(at)));
                    Some(CitationItem::new(entry, locator, None, false, None))
                })
                .collect::<Vec<_>>();
            driver.citation(CitationRequest::from_items(
                items,
                &self.style,
                &self.locales,
            ));
        }
        let rendered = driver.finish(BibliographyRequest::new(&self.style, None, &self.locales));
        Formatted {
            citations: rendered
                .citations
                .iter()
                .map(|c| html(&c.citation))
                .collect(),
            references: rendered
                .bibliography
                .map(|b| {
                    b.items
                        .iter()
                        .map(|item| {
                            let first = item.first_field.as_ref().map_or(String::new(), |f| {
                                let mut s = String::new();
                                write_children(&ElemChildren(vec![f.clone()]), &mut s);
                                format!("{s} ")
                            });
                            (item.key.clone(), format!("{first}{}", html(&item.content)))
                        })
                        .collect()
                })
                .unwrap_or_default(),
        }
    }

    /// Returns the citation `group` as plain text, as it would read in a page by itself.
    pub fn plain(&self, group: &[Cite]) -> String {
        let html = self.format(&[group.to_vec()]).citations.pop();
        crate::html::text_of(&html.unwrap_or_default())
    }
}

/// Writes formatted elements as HTML, escaping their text (hayagriva writes it as it is),
/// with italics and bold as `<i>` and `<b>`.
fn html(children: &ElemChildren) -> String {
    let mut out = String::new();
    write_children(children, &mut out);
    out
}

fn write_children(children: &ElemChildren, out: &mut String) {
    for child in &children.0 {
        match child {
            ElemChild::Text(t) => write_text(t, out),
            ElemChild::Elem(e) => write_children(&e.children, out),
            ElemChild::Markup(m) => out.push_str(&escape(m)),
            ElemChild::Link { text, url } => {
                out.push_str(&format!("<a href=\"{}\">", escape(url)));
                write_text(text, out);
                out.push_str("</a>");
            }
            ElemChild::Transparent { .. } => {}
        }
    }
}

fn write_text(t: &hayagriva::Formatted, out: &mut String) {
    let italic = t.formatting.font_style == FontStyle::Italic;
    let bold = t.formatting.font_weight == FontWeight::Bold;
    out.push_str(match (italic, bold) {
        (true, true) => "<i><b>",
        (true, false) => "<i>",
        (false, true) => "<b>",
        (false, false) => "",
    });
    out.push_str(&escape(&t.text));
    out.push_str(match (italic, bold) {
        (true, true) => "</b></i>",
        (true, false) => "</i>",
        (false, true) => "</b>",
        (false, false) => "",
    });
}

/// Returns the archived style named `name`, or why it cannot be used.
fn archived(name: &str) -> Result<IndependentStyle, BibError> {
    let Some(found) = ArchivedStyle::by_name(name) else {
        return Err(BibError::Style(format!(
            "`{name}` is not a style hayagriva archives (try \"chicago-author-date\", \"apa\" or \"ieee\")"
        )));
    };
    match found.get() {
        Style::Independent(style) => Ok(style),
        Style::Dependent(_) => Err(BibError::Style(format!(
            "`{name}` is a dependent style, which formats nothing on its own"
        ))),
    }
}

/// Returns the offset of the entry `key` in a BibLaTeX source: the `@` of `@type{key,`.
pub fn entry_offset(source: &str, key: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = source[from..].find('@').map(|i| from + i) {
        let rest = &source[at + 1..];
        let kind = rest
            .find('{')
            .filter(|&i| rest[..i].chars().all(|c| c.is_ascii_alphabetic()));
        if let Some(open) = kind {
            let after = rest[open + 1..].trim_start();
            if after.strip_prefix(key).is_some_and(|tail| {
                tail.trim_start().starts_with(',') || tail.trim_start().starts_with('}')
            }) {
                return Some(at);
            }
        }
        from = at + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIB: &str = "@book{zorn1950, author = {Zorn, Max}, title = {A <Later> Book}, publisher = {Press}, year = {1950}}\n\n@article{abel1826, author = {Abel, Niels}, title = {An Earlier Paper}, journaltitle = {Journal}, year = {1826}}\n";

    fn cite(key: &str) -> Cite {
        Cite {
            key: key.to_string(),
            locator: None,
        }
    }

    #[test]
    fn citations_and_references_are_formatted_in_the_style() {
        let bib = Bibliography::parse(BIB, DEFAULT_STYLE).expect("reads");
        let mut first = cite("zorn1950");
        first.locator = Some(LocatorKind::read("p. 12"));
        let out = bib.format(&[vec![first], vec![cite("abel1826")]]);
        assert_eq!(out.citations, ["(Zorn 1950, 12)", "(Abel 1826)"]);
        let keys: Vec<&str> = out.references.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["abel1826", "zorn1950"]);
        // Text from the file is escaped.
        assert!(
            out.references[1]
                .1
                .to_lowercase()
                .contains("a &lt;later&gt; book"),
            "{:?}",
            out.references
        );
        assert_eq!(bib.plain(&[cite("abel1826")]), "(Abel 1826)");
    }

    #[test]
    fn a_numeric_style_numbers_by_first_citation() {
        let bib = Bibliography::parse(BIB, "ieee").expect("reads");
        let out = bib.format(&[vec![cite("zorn1950")], vec![cite("abel1826")]]);
        assert_eq!(out.citations, ["[1]", "[2]"]);
    }

    #[test]
    fn bad_styles_and_entries_are_errors_with_spans() {
        let err = Bibliography::parse(BIB, "no-such-style").expect_err("unknown style");
        assert!(matches!(&err[0], BibError::Style(why) if why.contains("no-such-style")));
        let err = Bibliography::parse("@book{x, title = {Unclosed}", DEFAULT_STYLE)
            .expect_err("unclosed entry");
        assert!(matches!(&err[0], BibError::Source { .. }), "{err:?}");
    }

    #[test]
    fn entries_are_found_where_they_start() {
        assert_eq!(entry_offset(BIB, "zorn1950"), Some(0));
        assert_eq!(entry_offset(BIB, "abel1826"), BIB.find("@article"));
        assert_eq!(entry_offset(BIB, "abel"), None);
    }
}
