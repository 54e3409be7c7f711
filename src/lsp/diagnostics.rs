//! The build's diagnostics for one open file, as the editor shows them: same codes, same
//! spans, in UTF-16 ranges.

use std::collections::BTreeMap;

use lsp_types::{
    Diagnostic as LspDiagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    NumberOrString,
};

use super::documents::Documents;
use super::position::range;
use crate::diagnostics::{Diagnostic, Severity};

/// Returns the diagnostics the build found in `file`, with ranges into `sources[file]`.
pub fn for_file(
    file: &str,
    found: &[Diagnostic],
    sources: &BTreeMap<String, String>,
    docs: &Documents,
) -> Vec<LspDiagnostic> {
    found
        .iter()
        .filter(|d| d.file == file)
        .map(|d| convert(d, sources, docs))
        .collect()
}

/// Returns the text a file's spans point into: the build's copy, else the editor's.
fn text_of<'a>(file: &str, sources: &'a BTreeMap<String, String>, docs: &'a Documents) -> &'a str {
    sources
        .get(file)
        .map(String::as_str)
        .or_else(|| docs.get(file).map(|d| d.text.as_str()))
        .unwrap_or("")
}

/// Turns one diagnostic into the editor's form; its secondary places become related
/// information.
fn convert(d: &Diagnostic, sources: &BTreeMap<String, String>, docs: &Documents) -> LspDiagnostic {
    let text = |f: &str| text_of(f, sources, docs);
    let span = d.span.clone().unwrap_or(0..0);
    let mut message = d.message.clone();
    if !d.label.is_empty() {
        message.push_str(&format!("\n{}", d.label));
    }
    for note in &d.notes {
        message.push_str(&format!("\nnote: {note}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .secondary
        .iter()
        .filter_map(|s| {
            Some(DiagnosticRelatedInformation {
                location: Location::new(docs.uri_of(&s.file)?, range(text(&s.file), &s.span)),
                message: s.message.clone(),
            })
        })
        .collect();
    LspDiagnostic {
        range: range(text(&d.file), &span),
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Note => DiagnosticSeverity::INFORMATION,
        }),
        code: Some(NumberOrString::String(d.code.as_str().to_string())),
        source: Some("nimsite".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..LspDiagnostic::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Code;

    #[test]
    fn a_diagnostic_keeps_its_code_and_lands_on_its_line() {
        let source = "+++\ntitle = \"x\"\n+++\nSo {nim}`2*2 = 2`.\n".to_string();
        let at = source.find("{nim}").expect("role");
        let d = Diagnostic::error(
            Code::StaleClaim,
            "content/a.md",
            Some(at..at + 15),
            "claim does not hold",
        )
        .with_note("2 ⊗ 2 = 3");
        let sources = BTreeMap::from([("content/a.md".to_string(), source)]);
        let docs = Documents::new(std::path::Path::new("/nowhere"));
        let out = for_file("content/a.md", &[d], &sources, &docs);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].range.start, lsp_types::Position::new(3, 3));
        assert_eq!(
            out[0].code,
            Some(NumberOrString::String("stale-claim".to_string()))
        );
        assert!(out[0].message.contains("note: 2 ⊗ 2 = 3"));
        assert!(for_file("content/b.md", &[], &sources, &docs).is_empty());
    }
}
