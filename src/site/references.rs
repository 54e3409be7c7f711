//! The site's bibliography: `references.bib` at the root, read once per build in the style
//! `nimsite.toml` names, and the note for each entry no page cites.

use std::collections::BTreeSet;
use std::path::Path;

use super::config::{Config, read_regular};
use super::evaluate::Evaluated;
use crate::bib::{BibError, Bibliography, DEFAULT_STYLE, FILE, MAX_BYTES};
use crate::diagnostics::{Code, Diagnostic, Severity, lowercase_first};

/// Reads `root/references.bib`, if there is one, in the configured style. Returns the
/// bibliography, its text (for diagnostics to point into), and what is wrong with it.
pub fn load(
    root: &Path,
    config: &Config,
) -> (Option<Bibliography>, Option<String>, Vec<Diagnostic>) {
    let path = root.join(FILE);
    let bytes = match read_regular(&path, MAX_BYTES) {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            return (None, None, Vec::new());
        }
        Err(err) => {
            let d = Diagnostic::error(Code::Bibliography, FILE, None, "cannot read this file")
                .with_note(lowercase_first(&err.to_string()));
            return (None, None, vec![d]);
        }
    };
    let Ok(text) = String::from_utf8(bytes) else {
        let d = Diagnostic::error(Code::Bibliography, FILE, Some(0..0), "not valid UTF-8");
        return (None, None, vec![d]);
    };
    let style = config
        .bibliography_style
        .as_deref()
        .unwrap_or(DEFAULT_STYLE);
    match Bibliography::parse(&text, style) {
        Ok(bib) => (Some(bib), Some(text), Vec::new()),
        Err(errors) => {
            let found = errors
                .into_iter()
                .map(|e| match e {
                    BibError::Source { span, message } => Diagnostic::error(
                        Code::Bibliography,
                        FILE,
                        Some(span),
                        "this entry cannot be read",
                    )
                    .with_label(lowercase_first(&message)),
                    BibError::Style(why) => Diagnostic::error(
                        Code::Bibliography,
                        super::config::FILE,
                        None,
                        "bad bibliography_style",
                    )
                    .with_note(why),
                })
                .collect();
            (None, Some(text), found)
        }
    }
}

/// Returns a note for each entry of the bibliography that no page cites.
pub fn unused(bib: &Bibliography, evaluated: &[Evaluated<'_>]) -> Vec<Diagnostic> {
    let cited: BTreeSet<&str> = evaluated
        .iter()
        .flat_map(|e| e.body.cited.iter().map(String::as_str))
        .collect();
    bib.entries()
        .filter(|(key, _)| !cited.contains(key))
        .map(|(key, at)| {
            let mut d = Diagnostic::error(
                Code::UnusedReference,
                FILE,
                Some(at..at + 1),
                format!("no page cites `{key}`"),
            )
            .with_label("cited nowhere")
            .with_note("cite it as `[@key]` in prose or `:source: key` in `{cited}`, or remove it");
            d.severity = Severity::Note;
            d
        })
        .collect()
}
