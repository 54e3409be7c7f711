//! The waived spans, recorded like the figures: `build` writes each one's text and reason
//! to `figures/waivers.txt`, and `check` fails with `stale-waiver` at a span whose text or
//! reason is not the one recorded, so an edit to waived text is reviewed, not published
//! under an old reason.

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;

use super::compile::Compiled;
use super::output;
use crate::diagnostics::{Code, Diagnostic};
use crate::ledger::{Claim, ClaimKind};

/// The list's name inside `figures/`.
pub const FILE: &str = "waivers.txt";

/// The list's first line, naming its format.
const HEADER: &str = "# nimsite waivers 1: page, reason and waived text, tab-separated";

/// One waived span as recorded: the page's file, the reason and the text.
type Entry = (String, String, String);

/// Returns the waived spans of `claims`, each once.
fn entries(claims: &[Claim]) -> BTreeSet<Entry> {
    claims
        .iter()
        .filter(|c| c.kind == ClaimKind::Waived)
        .map(|c| (c.file.clone(), c.evidence.clone(), c.statement.clone()))
        .collect()
}

/// Returns the list `build` writes, or `None` when nothing is waived.
pub fn list(claims: &[Claim]) -> Option<String> {
    let entries = entries(claims);
    if entries.is_empty() {
        return None;
    }
    let mut out = format!("{HEADER}\n");
    for (file, reason, text) in entries {
        out.push_str(&format!(
            "{}\t{}\t{}\n",
            field(&file),
            field(&reason),
            field(&text)
        ));
    }
    Some(out)
}

/// Writes a field on one line: backslashes, tabs, newlines and carriage returns escaped.
fn field(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('\t', "\\t")
        .replace('\n', "\\n")
        .replace('\r', "\\r")
}

/// Reads the recorded list; lines that are not three fields are ignored, so a damaged
/// list only makes its waivers stale.
fn read(recorded: &str) -> BTreeSet<Entry> {
    let mut out = BTreeSet::new();
    for line in recorded.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        if let [file, reason, text] = fields[..] {
            out.insert((unfield(file), unfield(reason), unfield(text)));
        }
    }
    out
}

/// Reverses [`field`].
fn unfield(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// Replaces the stale-figure errors `check` found for the list (and for the figures' mark,
/// which the list's change also changed) by a `stale-waiver` error at each waived span the
/// committed list does not hold; the figures' own errors stand.
pub fn report_at_spans(
    root: &Path,
    compiled: &Compiled,
    stale: &mut Vec<Diagnostic>,
    command: &str,
) {
    let list = format!("figures/{FILE}");
    if !stale.iter().any(|d| d.file == list) {
        return;
    }
    let mark = format!("figures/{}", output::FIGURES_MARK);
    stale.retain(|d| d.file != list && d.file != mark);
    let name = FILE.to_string();
    let committed = output::read_figures(&root.join("figures"), std::iter::once(&name))
        .ok()
        .and_then(|(found, _)| found.get(FILE).cloned())
        .map(|b| String::from_utf8_lossy(&b).into_owned());
    let line_span = |file: &str, line: usize| line_span(compiled.sources.get(file)?, line);
    let found = self::stale(&compiled.claims, committed.as_deref(), &line_span, command);
    if found.is_empty() {
        // Only entries no page waives any more: the list is out of date.
        stale.push(
            Diagnostic::error(
                Code::StaleWaiver,
                list,
                None,
                "the list of waived spans is out of date",
            )
            .with_note(format!("run `{command}` and commit figures/")),
        );
    }
    stale.extend(found);
}

/// Returns the byte span of line `line` (from 1) of `source`, without its line end.
fn line_span(source: &str, line: usize) -> Option<Range<usize>> {
    let start: usize = source
        .split_inclusive('\n')
        .take(line.checked_sub(1)?)
        .map(str::len)
        .sum();
    let rest = source.get(start..)?;
    let len = rest.find('\n').unwrap_or(rest.len());
    Some(start..start + len)
}

/// Returns a `stale-waiver` error for each waived span of `claims` that `recorded` (the
/// committed list, if any) does not hold as it is now; `line_span` gives a line's byte
/// span in a page's source.
pub fn stale(
    claims: &[Claim],
    recorded: Option<&str>,
    line_span: &dyn Fn(&str, usize) -> Option<Range<usize>>,
    build_command: &str,
) -> Vec<Diagnostic> {
    let recorded = recorded.map(read).unwrap_or_default();
    let mut reported = BTreeSet::new();
    let mut out = Vec::new();
    for c in claims.iter().filter(|c| c.kind == ClaimKind::Waived) {
        let entry = (c.file.clone(), c.evidence.clone(), c.statement.clone());
        if recorded.contains(&entry) || !reported.insert((c.file.clone(), c.line)) {
            continue;
        }
        // The recorded text under the same reason that shares the longest start with the
        // text now: the error points at the first line where they part.
        let was = recorded
            .iter()
            .filter(|(file, reason, _)| *file == c.file && *reason == c.evidence)
            .map(|(_, _, text)| common_lines(text, &c.statement))
            .max();
        let line = c.line + was.unwrap_or(0);
        let message = if was.is_some() {
            "this waived text changed since the last build recorded it"
        } else {
            "this waiver is not in the list the last build recorded"
        };
        out.push(
            Diagnostic::error(Code::StaleWaiver, c.file.clone(), line_span(&c.file, line), message)
                .with_label("waived here")
                .with_note(format!("waived because: {}", c.evidence))
                .with_note(format!(
                    "read the waived text again; if the reason still holds, run `{build_command}` and commit figures/{FILE}"
                )),
        );
    }
    out
}

/// Returns how many whole lines `was` and `now` share before the first place they differ.
fn common_lines(was: &str, now: &str) -> usize {
    let same = was
        .char_indices()
        .zip(now.chars())
        .find(|((_, a), b)| a != b)
        .map_or(was.len().min(now.len()), |((i, _), _)| i);
    now.get(..same).map_or(0, |s| s.matches('\n').count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::Outcome;

    fn waived(text: &str, reason: &str) -> Claim {
        Claim {
            file: "content/p.md".into(),
            line: 3,
            page: "p".into(),
            anchor: String::new(),
            kind: ClaimKind::Waived,
            statement: text.into(),
            outcome: Outcome::Waived,
            evidence: reason.into(),
            id: String::new(),
            rests_on: Vec::new(),
            method: String::new(),
            sources: Vec::new(),
        }
    }

    #[test]
    fn a_line_span_leaves_out_its_line_end() {
        assert_eq!(line_span("ab\ncd\n", 2), Some(3..5));
        assert_eq!(line_span("ab", 1), Some(0..2));
        assert_eq!(line_span("ab", 0), None);
    }

    #[test]
    fn the_list_reads_back_what_it_wrote() {
        let claims = [
            waived("a\tb\\n\nc", "why\there"),
            waived("x ⊕ x = x", "a step"),
        ];
        let list = list(&claims).expect("a list");
        assert_eq!(list.lines().count(), 3);
        let none = |_: &str, _: usize| None;
        assert!(stale(&claims, Some(&list), &none, "nimsite build").is_empty());
        assert!(super::list(&[]).is_none());
    }

    #[test]
    fn an_edited_or_new_waiver_is_stale_at_its_line() {
        let list = list(&[waived("mex(∅) = 0", "the definition")]).expect("a list");
        let line = |_: &str, n: usize| Some(n * 10..n * 10 + 1);
        let edited = stale(
            &[waived("mex(∅) = 1", "the definition")],
            Some(&list),
            &line,
            "b",
        );
        assert_eq!(edited.len(), 1);
        assert_eq!(edited[0].code, Code::StaleWaiver);
        assert_eq!(edited[0].span, Some(30..31));
        assert!(edited[0].message.contains("changed"), "{:?}", edited[0]);
        let new = stale(&[waived("a ⊕ a = a", "new")], Some(&list), &line, "b");
        assert!(new[0].message.contains("not in the list"), "{:?}", new[0]);
        assert_eq!(stale(&[waived("t", "r")], None, &line, "b").len(), 1);
    }

    #[test]
    fn an_edit_inside_a_waived_block_is_stale_at_the_edited_line() {
        let table = "x | 0 1\n0 | 0 0\n1 | 0 1";
        let list = list(&[waived(table, "a table")]).expect("a list");
        let line = |_: &str, n: usize| Some(n * 10..n * 10 + 1);
        let edited = stale(
            &[waived("x | 0 1\n0 | 0 0\n1 | 0 2", "a table")],
            Some(&list),
            &line,
            "b",
        );
        // The block starts on line 3; its third line is line 5.
        assert_eq!(edited[0].span, Some(50..51), "{:?}", edited[0]);
        assert_eq!(common_lines("ab\ncd", "ab\ncd"), 1);
        assert_eq!(common_lines("ab", "xb"), 0);
    }
}
