//! `check --explain PAGE`: what the build read on one page, line by line, so an author
//! sees how each claim-bearing span was understood, or why it was refused.

use std::fmt::Write as _;

use super::compile::Compiled;
use crate::diagnostics::{Code, Severity, line_col};
use crate::ledger::Claim;

/// The codes that say a span was seen as a claim and not accepted.
const REFUSALS: [Code; 2] = [Code::UncheckedClaim, Code::StaleClaim];

/// Returns the page's file (`content/…`) that `page` names: its path, its path under
/// `content/`, its file name without `.md`, or its slug.
pub fn page_file(compiled: &Compiled, page: &str) -> Option<String> {
    let page = page.trim_end_matches('/');
    let candidates = [
        page.to_string(),
        format!("content/{page}"),
        format!("content/{page}.md"),
    ];
    compiled
        .sources
        .keys()
        .find(|k| candidates.contains(k))
        .or_else(|| {
            let slug = compiled.claims.iter().find(|c| c.page == page)?;
            compiled.sources.keys().find(|k| **k == slug.file)
        })
        .cloned()
}

/// Returns the listing of `file`'s claims and refusals in line order, and whether the page
/// has an error.
pub fn explain(compiled: &Compiled, file: &str) -> (String, bool) {
    let source = compiled.sources.get(file).map_or("", String::as_str);
    let mut rows: Vec<(usize, String)> = compiled
        .claims
        .iter()
        .filter(|c| c.file == file)
        .map(|c| (c.line, claim_row(c)))
        .collect();
    let mut failed = false;
    for d in compiled.diagnostics.iter().filter(|d| d.file == file) {
        failed |= d.severity == Severity::Error;
        if !REFUSALS.contains(&d.code) && d.severity != Severity::Error {
            continue;
        }
        let line = d.span.as_ref().map_or(0, |s| line_col(source, s.start).0);
        let mut row = format!("refused    error[{}]: {}", d.code.as_str(), d.message);
        for note in &d.notes {
            let _ = write!(row, "\n{:>16}{note}", "= ");
        }
        rows.push((line, row));
    }
    rows.sort_by_key(|(line, _)| *line);
    let claims = compiled.claims.iter().filter(|c| c.file == file).count();
    let mut out = format!("{file}: {claims} claims read\n");
    for (line, row) in rows {
        let _ = writeln!(out, "{line:>6}  {row}");
    }
    (out, failed)
}

/// One claim as a row: its kind and outcome, the statement as read, and its evidence.
fn claim_row(c: &Claim) -> String {
    let word = |v: serde_json::Value| v.as_str().unwrap_or("").to_string();
    let kind = word(serde_json::to_value(c.kind).unwrap_or_default());
    let outcome = word(serde_json::to_value(c.outcome).unwrap_or_default());
    format!(
        "{outcome:<10} {kind:<12} {}\n{:>18}{}",
        c.statement, "", c.evidence
    )
}
