//! Front matter: the TOML between `+++` lines at the top of each page.

use crate::diagnostics::Code;
use std::ops::Range;

use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use toml::Spanned;

use super::dates::{self, PageDate};
use crate::diagnostics::Diagnostic;

/// What a page says about itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrontMatter {
    /// The page's title.
    pub title: String,
    /// The page's place on the ladder; lower rungs come first.
    pub rung: Option<i64>,
    /// Where the `rung` value is written in the page's source, for errors about it.
    pub rung_span: Option<Range<usize>>,
    /// A one-line description for the index and the meta tags.
    pub summary: Option<String>,
    /// Where the `summary` value is written in the page's source, for notes about it.
    pub summary_span: Option<Range<usize>>,
    /// Whether the page is a draft: checked, but neither written nor listed.
    pub draft: bool,
    /// When the page was first published; dated pages are listed in the feed.
    pub date: Option<PageDate>,
    /// When the page was last changed in substance, if it was.
    pub updated: Option<PageDate>,
}

/// The summary `nimsite new` writes; a build warns while it is left unedited.
pub const PLACEHOLDER_SUMMARY: &str = "One line on what this page shows.";

/// The keys front matter may hold.
const KNOWN: &[&str] = &["title", "rung", "summary", "draft", "date", "updated"];

/// The known keys as errors list them.
const KEYS: &str = "known keys: title (required), rung, summary, draft, date, updated";

/// The front matter as written, with the rung's span.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    title: String,
    rung: Option<Spanned<Rung>>,
    summary: Option<Spanned<String>>,
    #[serde(default)]
    draft: bool,
    date: Option<Spanned<toml::Value>>,
    updated: Option<Spanned<toml::Value>>,
}

/// A rung: a whole number, named so in errors rather than as a Rust type.
struct Rung(i64);

impl<'de> Deserialize<'de> for Rung {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_i64(RungVisitor)
    }
}

/// Reads a rung from TOML's integers only.
struct RungVisitor;

impl Visitor<'_> for RungVisitor {
    type Value = Rung;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a whole number, such as `rung = 3`")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Rung, E> {
        Ok(Rung(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Rung, E> {
        i64::try_from(v)
            .map(Rung)
            .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
    }
}

/// Finds the TOML between the opening and closing `+++` lines, as a byte range.
fn toml_range(source: &str) -> Option<Range<usize>> {
    let first_end = source.find('\n')?;
    if source[..first_end].trim_end_matches('\r') != "+++" {
        return None;
    }
    let start = first_end + 1;
    let mut pos = start;
    while pos <= source.len() {
        let end = source[pos..].find('\n').map_or(source.len(), |i| pos + i);
        if source[pos..end].trim_end_matches('\r') == "+++" {
            return Some(start..pos);
        }
        if end == source.len() {
            break;
        }
        pos = end + 1;
    }
    None
}

/// Reads a page's front matter, with errors at the offending key in the full file.
pub fn parse(file: &str, source: &str) -> Result<FrontMatter, Box<Diagnostic>> {
    let first = source.find('\n').unwrap_or(source.len());
    let opened = source[..first].trim_end_matches('\r') == "+++";
    let Some(range) = toml_range(source) else {
        if opened {
            return Err(Box::new(
                Diagnostic::error(
                    Code::FrontMatter,
                    file,
                    Some(0..3),
                    "the front matter is never closed",
                )
                .with_label("this `+++` opens it")
                .with_note("add a line holding only `+++` after the TOML, before the page's text"),
            ));
        }
        return Err(Box::new(
            Diagnostic::error(
                Code::FrontMatter,
                file,
                Some(0..source.find('\n').unwrap_or(source.len())),
                "missing front matter",
            )
            .with_label("expected a `+++` line here")
            .with_note("a page starts with TOML between `+++` lines, holding at least `title`"),
        ));
    };
    let text = &source[range.clone()];
    let shift = |s: Range<usize>| (range.start + s.start)..(range.start + s.end);
    if let Some(d) = super::keys::unknown(Code::FrontMatter, file, text, range.start, KNOWN) {
        return Err(Box::new(d));
    }
    let raw = toml::from_str::<Raw>(text).map_err(|err| {
        let span = err.span().map(shift).unwrap_or(0..3);
        Box::new(
            Diagnostic::error(Code::FrontMatter, file, Some(span), "bad front matter")
                .with_label(first_line(err.message()))
                .with_note(KEYS),
        )
    })?;
    let bad_date = |key: &str, span: Range<usize>, why: String| {
        Box::new(
            Diagnostic::error(
                Code::FrontMatter,
                file,
                Some(shift(span)),
                "bad front matter",
            )
            .with_label(why)
            .with_note(format!("`{key}` is {}", dates::EXPECTED)),
        )
    };
    let read = |key: &str, value: Option<Spanned<toml::Value>>| match value {
        None => Ok(None),
        Some(v) => {
            let span = v.span();
            date_of(v.get_ref())
                .map(|d| Some((d, span.clone())))
                .map_err(|why| bad_date(key, span, why))
        }
    };
    let date = read("date", raw.date)?;
    let updated = read("updated", raw.updated)?;
    if let (Some((first, _)), Some((last, span))) = (&date, &updated)
        && last.cmp_time(first).is_lt()
    {
        let why = format!("updated on {last}, before it was published on {first}");
        return Err(bad_date("updated", span.clone(), why));
    }
    Ok(FrontMatter {
        title: raw.title,
        rung: raw.rung.as_ref().map(|r| r.get_ref().0),
        rung_span: raw.rung.map(|r| shift(r.span())),
        summary_span: raw.summary.as_ref().map(|s| shift(s.span())),
        summary: raw.summary.map(Spanned::into_inner),
        draft: raw.draft,
        date: date.map(|(d, _)| d),
        updated: updated.map(|(d, _)| d),
    })
}

/// Reads a date written as a TOML date or date-time, or as a string.
fn date_of(value: &toml::Value) -> Result<PageDate, String> {
    match value {
        toml::Value::String(text) => PageDate::parse(text),
        toml::Value::Datetime(dt) => PageDate::parse(&dt.to_string()),
        other => {
            let kind = other.type_str();
            let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            Err(format!("{article} {kind} is not a date"))
        }
    }
}

/// Returns the first line of a message, lowercased.
fn first_line(message: &str) -> String {
    crate::diagnostics::lowercase_first(message.lines().next().unwrap_or(""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::line_col;

    #[test]
    fn reads_known_keys() {
        let src = "+++\ntitle = \"Nim\"\nrung = 2\n+++\nbody";
        let fm = parse("content/nim.md", src).expect("valid");
        assert_eq!(fm.title, "Nim");
        assert_eq!(fm.rung, Some(2));
        assert_eq!(fm.rung_span.map(|s| &src[s]), Some("2"));
        assert!(!fm.draft);
    }

    #[test]
    fn a_rung_must_be_a_whole_number() {
        for bad in ["\"5\"", "2.5", "true"] {
            let src = format!("+++\ntitle = \"Nim\"\nrung = {bad}\n+++\n");
            let err = parse("content/nim.md", &src).expect_err(bad);
            assert!(err.label.contains("a whole number"), "{bad}: {}", err.label);
            assert!(!err.label.contains("i64"), "{}", err.label);
            assert_eq!(err.line_col(&src).0, 3);
        }
    }

    #[test]
    fn reads_dates_as_toml_dates_or_strings() {
        let src = "+++\ntitle = \"Nim\"\ndate = 2024-05-17\nupdated = \"2024-06-01T10:00:00+02:00\"\n+++\n";
        let fm = parse("content/nim.md", src).expect("valid");
        assert_eq!(fm.date.map(|d| d.iso()).as_deref(), Some("2024-05-17"));
        assert_eq!(
            fm.updated.map(|d| d.iso()).as_deref(),
            Some("2024-06-01T10:00:00+02:00")
        );
        let src = "+++\ntitle = \"Nim\"\ndate = 2024-05-17T09:30:00Z\n+++\n";
        let fm = parse("content/nim.md", src).expect("valid");
        assert_eq!(
            fm.date.map(|d| d.iso()).as_deref(),
            Some("2024-05-17T09:30:00Z")
        );
        assert_eq!(
            parse("a.md", "+++\ntitle = \"x\"\n+++\n")
                .expect("valid")
                .date,
            None
        );
    }

    #[test]
    fn a_bad_date_is_an_error_at_its_value() {
        for (bad, why) in [
            ("\"2024-02-30\"", "February 2024 has no day 30"),
            ("\"yesterday\"", "is not a date such as"),
            ("2024-05-17T09:30:00", "no time zone"),
            ("09:30:00", "is not a date such as"),
            ("17", "an integer is not a date"),
        ] {
            let src = format!("+++\ntitle = \"Nim\"\n\ndate = {bad}\n+++\n");
            let err = parse("content/nim.md", &src).expect_err(bad);
            assert!(err.label.contains(why), "{bad}: {}", err.label);
            assert_eq!(err.line_col(&src), (4, 8), "{bad}");
        }
        let src = "+++\ntitle = \"Nim\"\ndate = 2024-05-17\nupdated = 2024-05-16\n+++\n";
        let err = parse("content/nim.md", src).expect_err("updated before date");
        assert!(
            err.label.contains("before it was published"),
            "{}",
            err.label
        );
        assert_eq!(err.line_col(src), (4, 11));
    }

    #[test]
    fn points_at_an_unknown_key() {
        let src = "+++\ntitle = \"Nim\"\ncolour = \"red\"\n+++\n";
        let err = parse("content/nim.md", src).expect_err("unknown key");
        assert_eq!(err.code, crate::diagnostics::Code::FrontMatter);
        let span = err.span.expect("span");
        assert_eq!(line_col(src, span.start), (3, 1));
    }

    #[test]
    fn rejects_missing_title_and_missing_fences() {
        assert!(parse("a.md", "+++\nrung = 1\n+++\n").is_err());
        assert!(parse("a.md", "title = \"x\"\n").is_err());
        assert!(parse("a.md", "+++\ntitle = \"x\"\n").is_err());
        assert!(parse("a.md", "").is_err());
    }

    #[test]
    fn an_unclosed_front_matter_says_the_closing_line_is_missing() {
        let err = parse("a.md", "+++\ntitle = \"x\"\n\nText.\n").expect_err("unclosed");
        assert_eq!(err.message, "the front matter is never closed");
        assert!(err.notes[0].contains("`+++`"), "{:?}", err.notes);
        let err = parse("a.md", "title = \"x\"\n").expect_err("missing");
        assert_eq!(err.message, "missing front matter");
    }
}
