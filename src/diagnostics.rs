//! Build errors that point into a source file, rendered in rustc's shape.
//!
//! Every layer above the nimber core reports problems as [`Diagnostic`]s: a stable code,
//! the file, a byte span into that file's original source, and what went wrong. One
//! function turns them into text with codespan-reporting.

use std::collections::BTreeMap;
use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Fails the build.
    Error,
    /// Reported, but the build goes on.
    Warning,
    /// Shown only with `--verbose`, such as a math span the lint skipped.
    Note,
}

/// The stable code of a diagnostic, as `error[code]` shows it and the README lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Code {
    /// `front-matter`: missing front matter, a missing `title`, an unknown key or a bad value, such as a rung that is not a whole number or is negative
    FrontMatter,
    /// `config`: a `nimsite.toml` that cannot be read, an unknown key or a bad value, at its line
    Config,
    /// `not-utf8`: a page that is not valid UTF-8
    NotUtf8,
    /// `io`: a file or folder that cannot be read
    Io,
    /// `math`: LaTeX that cannot be turned into MathML
    Math,
    /// `template`: a missing template, a template syntax error or a rendering error, at the template's line
    Template,
    /// `broken-link`: a link to a page, file or `#anchor` the site does not have
    BrokenLink,
    /// `duplicate-url`: two pages that would be written to the same URL (both are shown)
    DuplicateUrl,
    /// `duplicate-rung`: two pages on the same rung of the ladder (both are shown)
    DuplicateRung,
    /// `duplicate-figure`: two figures on one page with the same id
    DuplicateFigure,
    /// `duplicate-id`: two headings on one page with the same `{#id}` (both are shown)
    DuplicateId,
    /// `stale-figure`: (`check`) a committed figure that is missing, differs from what the build draws, or is no longer drawn
    StaleFigure,
    /// `syntax`: a directive fence that is never closed, or an option given twice
    Syntax,
    /// `unknown-directive`: a `{name}` fence that names no directive (with the nearest name)
    UnknownDirective,
    /// `unknown-role`: a `{name}` role that names no role
    UnknownRole,
    /// `markup`: a directive fence without braces (```` ```table ````), a role with spaces inside its braces (`{ nim }`), or a role whose code span is never closed, each of which would publish as plain text or code
    Markup,
    /// `unknown-option`: an option the directive does not take (with the nearest name)
    UnknownOption,
    /// `missing-option`: a required option that is absent, such as `:size:`
    MissingOption,
    /// `bad-value`: an option value that is not a number, out of range, or not one of the choices
    BadValue,
    /// `missing-body`: a `{claim}` or `{cited}` block with nothing in it
    MissingBody,
    /// `unexpected-body`: body text in a directive that takes none, or options after a blank line
    UnexpectedBody,
    /// `useless-option`: an option that does nothing next to the others, such as `:reason:` with `:expect: field`, at its own line
    UselessOption,
    /// `expr`: an expression that does not parse or cannot be evaluated (`inv(0)`, 2^128 or more, a negative literal), at its column
    Expr,
    /// `stale-claim`: a claim that no longer holds: an equation, a cross-check, an expected field or refusal; the note says what was computed
    StaleClaim,
    /// `refusal`: a product table drawn at a size that is not a field, without `:expect: refusal`
    Refusal,
    /// `limit`: work beyond a directive's bound: a full derivation of more than 64 pairs, a game search over its position limit, an exhaustive check above 256
    Limit,
    /// `vacuous-claim`: (`check --mutate`) a claim whose perturbed copy still passes, so it cannot fail
    VacuousClaim,
    /// `unchecked-claim`: a span that looks like a claim (a comparison with a nimber operator, an inverse, a mex, a star value or a power) but cannot be read; the note says how to write it, or waive it with `<!-- unchecked: why -->`
    UncheckedClaim,
    /// `unused-waiver`: an `<!-- unchecked: why -->` waiver whose block holds no unchecked claim
    UnusedWaiver,
    /// `stale-waiver`: (`check`) a waived span whose text or reason is not the one the last build recorded in `figures/waivers.txt`
    StaleWaiver,
    /// `placeholder`: (warning) text `nimsite new` wrote that is still unedited, such as the placeholder summary
    Placeholder,
    /// `lint-skipped`: (note, `check --verbose`) a claim-like span its author waived as prose, with the reason: the only spans not checked
    LintSkipped,
    /// `bibliography`: a `references.bib` that cannot be read or parsed, or a `bibliography_style` hayagriva does not archive
    Bibliography,
    /// `unknown-citation`: a citation `[@key]` or a `{cited}` source naming no entry of `references.bib`, or a `{cited}` naming no key
    UnknownCitation,
    /// `unused-reference`: (note, `check --verbose`) an entry of `references.bib` that no page cites
    UnusedReference,
}

impl Code {
    /// Every code, in the order the README's table lists them.
    pub const ALL: &'static [Code] = &[
        Code::FrontMatter,
        Code::Config,
        Code::NotUtf8,
        Code::Io,
        Code::Math,
        Code::Template,
        Code::BrokenLink,
        Code::DuplicateUrl,
        Code::DuplicateRung,
        Code::DuplicateFigure,
        Code::DuplicateId,
        Code::StaleFigure,
        Code::Syntax,
        Code::UnknownDirective,
        Code::UnknownRole,
        Code::Markup,
        Code::UnknownOption,
        Code::MissingOption,
        Code::BadValue,
        Code::MissingBody,
        Code::UnexpectedBody,
        Code::UselessOption,
        Code::Expr,
        Code::StaleClaim,
        Code::Refusal,
        Code::Limit,
        Code::VacuousClaim,
        Code::UncheckedClaim,
        Code::UnusedWaiver,
        Code::StaleWaiver,
        Code::Placeholder,
        Code::LintSkipped,
        Code::Bibliography,
        Code::UnknownCitation,
        Code::UnusedReference,
    ];

    /// Returns the code as written in `error[code]`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::FrontMatter => "front-matter",
            Code::Config => "config",
            Code::NotUtf8 => "not-utf8",
            Code::Io => "io",
            Code::Math => "math",
            Code::Template => "template",
            Code::BrokenLink => "broken-link",
            Code::DuplicateUrl => "duplicate-url",
            Code::DuplicateRung => "duplicate-rung",
            Code::DuplicateFigure => "duplicate-figure",
            Code::DuplicateId => "duplicate-id",
            Code::StaleFigure => "stale-figure",
            Code::Syntax => "syntax",
            Code::UnknownDirective => "unknown-directive",
            Code::UnknownRole => "unknown-role",
            Code::Markup => "markup",
            Code::UnknownOption => "unknown-option",
            Code::MissingOption => "missing-option",
            Code::BadValue => "bad-value",
            Code::MissingBody => "missing-body",
            Code::UnexpectedBody => "unexpected-body",
            Code::UselessOption => "useless-option",
            Code::Expr => "expr",
            Code::StaleClaim => "stale-claim",
            Code::Refusal => "refusal",
            Code::Limit => "limit",
            Code::VacuousClaim => "vacuous-claim",
            Code::UncheckedClaim => "unchecked-claim",
            Code::UnusedWaiver => "unused-waiver",
            Code::StaleWaiver => "stale-waiver",
            Code::Placeholder => "placeholder",
            Code::LintSkipped => "lint-skipped",
            Code::Bibliography => "bibliography",
            Code::UnknownCitation => "unknown-citation",
            Code::UnusedReference => "unused-reference",
        }
    }

    /// Returns what the code means, as the README's table says it.
    pub fn meaning(self) -> &'static str {
        match self {
            Code::FrontMatter => {
                "missing front matter, a missing `title`, an unknown key or a bad value, such as a rung that is not a whole number or is negative"
            }
            Code::Config => {
                "a `nimsite.toml` that cannot be read, an unknown key or a bad value, at its line"
            }
            Code::NotUtf8 => "a page that is not valid UTF-8",
            Code::Io => "a file or folder that cannot be read",
            Code::Math => "LaTeX that cannot be turned into MathML",
            Code::Template => {
                "a missing template, a template syntax error or a rendering error, at the template's line"
            }
            Code::BrokenLink => {
                "a link to a page, file or `#anchor` the site does not have, or a reference link or footnote with no definition"
            }
            Code::DuplicateUrl => {
                "two pages that would be written to the same URL (both are shown)"
            }
            Code::DuplicateRung => "two pages on the same rung of the ladder (both are shown)",
            Code::DuplicateFigure => "two figures on one page with the same id",
            Code::DuplicateId => "two headings on one page with the same `{#id}` (both are shown)",
            Code::StaleFigure => {
                "(`check`) a committed figure that is missing, differs from what the build draws, or is no longer drawn"
            }
            Code::Syntax => "a directive fence that is never closed, or an option given twice",
            Code::UnknownDirective => {
                "a `{name}` fence that names no directive (with the nearest name)"
            }
            Code::UnknownRole => "a `{name}` role that names no role",
            Code::Markup => {
                "a directive fence without braces (```` ```table ````), a role with spaces inside its braces (`{ nim }`), or a role whose code span is never closed, each of which would publish as plain text or code"
            }
            Code::UnknownOption => "an option the directive does not take (with the nearest name)",
            Code::MissingOption => "a required option that is absent, such as `:size:`",
            Code::BadValue => {
                "an option value that is not a number, out of range, or not one of the choices"
            }
            Code::MissingBody => "a `{claim}` or `{cited}` block with nothing in it",
            Code::UnexpectedBody => {
                "body text in a directive that takes none, or options after a blank line"
            }
            Code::UselessOption => {
                "an option that does nothing next to the others, such as `:reason:` with `:expect: field`, at its own line"
            }
            Code::Expr => {
                "an expression that does not parse or cannot be evaluated (`inv(0)`, 2^128 or more, a negative literal), at its column"
            }
            Code::StaleClaim => {
                "a claim that no longer holds: an equation, a cross-check, an expected field or refusal; the note says what was computed"
            }
            Code::Refusal => {
                "a product table drawn at a size that is not a field, without `:expect: refusal`"
            }
            Code::Limit => {
                "work beyond a directive's bound: a full derivation of more than 64 pairs, a game search over its position limit, an exhaustive check above 256"
            }
            Code::VacuousClaim => {
                "(`check --mutate`) a claim whose perturbed copy still passes, so it cannot fail"
            }
            Code::UncheckedClaim => {
                "a span that looks like a claim (a comparison with a nimber operator, an inverse, a mex, a star value or a power) but cannot be read; the note says how to write it, or waive it with `<!-- unchecked: why -->`"
            }
            Code::UnusedWaiver => {
                "an `<!-- unchecked: why -->` waiver whose block holds no unchecked claim"
            }
            Code::StaleWaiver => {
                "(`check`) a waived span whose text or reason is not the one the last build recorded in `figures/waivers.txt`"
            }
            Code::Placeholder => {
                "(warning) text `nimsite new` wrote that is still unedited, such as the placeholder summary"
            }
            Code::LintSkipped => {
                "(note, `check --verbose`) a claim-like span its author waived as prose, with the reason: the only spans not checked"
            }
            Code::Bibliography => {
                "a `references.bib` that cannot be read or parsed, or a `bibliography_style` hayagriva does not archive"
            }
            Code::UnknownCitation => {
                "a citation `[@key]` or a `{cited}` source naming no entry of `references.bib`, or a `{cited}` naming no key"
            }
            Code::UnusedReference => {
                "(note, `check --verbose`) an entry of `references.bib` that no page cites"
            }
        }
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem found in one file, with a span into its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Whether the build fails.
    pub severity: Severity,
    /// A stable code such as `stale-claim`, listed in the README.
    pub code: Code,
    /// The file's path as shown to the user, relative to the site root.
    pub file: String,
    /// Byte offsets into the file's full source; `None` for the whole file.
    pub span: Option<Range<usize>>,
    /// The headline, lowercase, such as "claim does not hold".
    pub message: String,
    /// Text placed under the caret.
    pub label: String,
    /// Further lines: what was computed, a hint.
    pub notes: Vec<String>,
    /// Other places that explain this one, possibly in other files.
    pub secondary: Vec<Secondary>,
}

/// A place a diagnostic points at besides its own span, such as the other page of a clash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secondary {
    /// The file's path as shown to the user, relative to the site root.
    pub file: String,
    /// Byte offsets into that file's full source.
    pub span: Range<usize>,
    /// Text placed under the underline.
    pub message: String,
}

impl Diagnostic {
    /// Returns an error with the given code and message at a span of a file.
    pub fn error(
        code: Code,
        file: impl Into<String>,
        span: Option<Range<usize>>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            file: file.into(),
            span,
            message: message.into(),
            label: String::new(),
            notes: Vec::new(),
            secondary: Vec::new(),
        }
    }

    /// Returns a warning: reported, but the build goes on.
    pub fn warning(
        code: Code,
        file: impl Into<String>,
        span: Option<Range<usize>>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, file, span, message)
        }
    }

    /// Returns the diagnostic with one more place it points at, in any file.
    pub fn with_secondary(
        mut self,
        file: impl Into<String>,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        self.secondary.push(Secondary {
            file: file.into(),
            span,
            message: message.into(),
        });
        self
    }

    /// Returns the diagnostic with text under its caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Returns the diagnostic with one more note line.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Returns whether this diagnostic fails the build.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Returns the 1-based line and column of the span's start in `source`.
    pub fn line_col(&self, source: &str) -> (usize, usize) {
        let start = self.span.as_ref().map_or(0, |s| s.start.min(source.len()));
        line_col(source, start)
    }
}

/// Returns `text` with its first character lowercased, as diagnostic messages are.
pub fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        // An acronym such as "IO error" keeps its capitals.
        Some(_) if chars.clone().next().is_some_and(char::is_uppercase) => text.to_string(),
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Returns the 1-based line and column (in characters) of byte `offset` in `source`.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// Renders diagnostics as plain text in rustc's shape, looking up each file's source in
/// `sources` (keyed by the same path as [`Diagnostic::file`]).
pub fn render(diagnostics: &[Diagnostic], sources: &BTreeMap<String, String>) -> String {
    let mut files = SimpleFiles::new();
    let mut ids = BTreeMap::new();
    let named = diagnostics
        .iter()
        .flat_map(|d| std::iter::once(&d.file).chain(d.secondary.iter().map(|s| &s.file)));
    for file in named {
        ids.entry(file.clone()).or_insert_with(|| {
            let source = sources
                .get(file)
                .map_or_else(String::new, |s| blank_controls(s));
            files.add(file.clone(), source)
        });
    }
    let mut out = String::new();
    let config = Config::default();
    for d in diagnostics {
        let cs = to_codespan(d, &ids, sources);
        let mut buf = String::new();
        if term::emit_to_string(&mut buf, &config, &files, &cs).is_err() {
            buf = format!("error[{}]: {} ({})\n", d.code, d.message, d.file);
        }
        out.push_str(&buf);
    }
    escape_controls(&out)
}

/// Returns whether a character would act on a terminal rather than show: C0 controls other
/// than tab and line ends, DEL, and C1 controls.
fn is_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\n' | '\t' | '\r')
}

/// Replaces each control character of a source by `?` bytes of the same length, so that
/// spans still point at the same columns and nothing reaches the terminal raw.
fn blank_controls(source: &str) -> String {
    if !source.chars().any(is_control) {
        return source.to_string();
    }
    source
        .chars()
        .map(|c| {
            if is_control(c) {
                "?".repeat(c.len_utf8())
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Writes each control character left in a message as a visible `\u{…}` escape.
pub fn escape_controls(text: &str) -> String {
    if !text.chars().any(is_control) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if is_control(c) {
                format!("\\u{{{:x}}}", u32::from(c))
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Returns a span clamped to a source of `len` bytes.
fn clamp(span: &Range<usize>, len: usize) -> Range<usize> {
    let end = span.end.min(len);
    span.start.min(end)..end
}

/// Turns one diagnostic into codespan's form, with its primary and secondary labels.
fn to_codespan(
    d: &Diagnostic,
    ids: &BTreeMap<String, usize>,
    sources: &BTreeMap<String, String>,
) -> CsDiagnostic<usize> {
    let len = |file: &str| sources.get(file).map_or(0, String::len);
    let mut cs = match d.severity {
        Severity::Error => CsDiagnostic::error(),
        Severity::Warning => CsDiagnostic::warning(),
        Severity::Note => CsDiagnostic::note(),
    }
    .with_code(d.code.as_str())
    .with_message(&d.message)
    .with_notes(d.notes.clone());
    let mut labels = Vec::new();
    if let Some(span) = &d.span {
        labels.push(Label::primary(ids[&d.file], clamp(span, len(&d.file))).with_message(&d.label));
    } else {
        // The notes are already attached above; add only where it happened.
        cs = cs.with_notes(vec![format!("in {}", d.file)]);
    }
    for s in &d.secondary {
        labels.push(
            Label::secondary(ids[&s.file], clamp(&s.span, len(&s.file))).with_message(&s.message),
        );
    }
    cs.with_labels(labels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_never_reach_the_terminal_raw() {
        let source = "+++\ntitle = \"x\"\n+++\n:size: \u{1b}[31mred\u{9b}\n".to_string();
        let at = source.find(":size").expect("option");
        let d = Diagnostic::error(
            Code::BadValue,
            "content/a.md",
            Some(at..at + 12),
            "`\u{1b}[31mred` is not a number",
        );
        let sources = BTreeMap::from([("content/a.md".to_string(), source)]);
        let text = render(&[d], &sources);
        assert!(!text.chars().any(is_control), "{text:?}");
        assert!(text.contains("\\u{1b}[31mred"), "{text}");
        assert!(text.contains("content/a.md:4:1"), "{text}");
    }

    #[test]
    fn lowercase_first_keeps_acronyms() {
        assert_eq!(lowercase_first("Cannot read"), "cannot read");
        assert_eq!(
            lowercase_first("IO error for operation"),
            "IO error for operation"
        );
        assert_eq!(lowercase_first(""), "");
    }
}
