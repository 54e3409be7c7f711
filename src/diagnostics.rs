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

/// One problem found in one file, with a span into its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Whether the build fails.
    pub severity: Severity,
    /// A stable code such as `stale-claim`, listed in the README.
    pub code: &'static str,
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
}

impl Diagnostic {
    /// Returns an error with the given code and message at a span of a file.
    pub fn error(
        code: &'static str,
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
        }
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
    for d in diagnostics {
        ids.entry(d.file.clone()).or_insert_with(|| {
            let source = sources.get(&d.file).cloned().unwrap_or_default();
            files.add(d.file.clone(), source)
        });
    }
    let mut out = String::new();
    let config = Config::default();
    for d in diagnostics {
        let id = ids[&d.file];
        let source_len = sources.get(&d.file).map_or(0, String::len);
        let mut cs = match d.severity {
            Severity::Error => CsDiagnostic::error(),
            Severity::Warning => CsDiagnostic::warning(),
            Severity::Note => CsDiagnostic::note(),
        }
        .with_code(d.code)
        .with_message(&d.message)
        .with_notes(d.notes.clone());
        if let Some(span) = &d.span {
            let end = span.end.min(source_len);
            let start = span.start.min(end);
            cs = cs.with_labels(vec![Label::primary(id, start..end).with_message(&d.label)]);
        } else {
            // The notes are already attached above; add only where it happened.
            cs = cs.with_notes(vec![format!("in {}", d.file)]);
        }
        let mut buf = String::new();
        if term::emit_to_string(&mut buf, &config, &files, &cs).is_err() {
            buf = format!("error[{}]: {} ({})\n", d.code, d.message, d.file);
        }
        out.push_str(&buf);
    }
    out
}
