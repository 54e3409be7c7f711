//! Unknown keys in `nimsite.toml` and in front matter, all named in one diagnostic, each at
//! its line with the nearest known key, or what nimsite does instead of another tool's key.

use std::ops::Range;

use crate::diagnostics::{Code, Diagnostic};
use crate::engine::parse::nearest;

/// Returns what nimsite does instead of a key other site builders use, if `key` is one.
fn instead(key: &str) -> Option<&'static str> {
    Some(match key {
        "date" | "updated" => {
            "`date` and `updated` go in a page's front matter, not in nimsite.toml; they date the page and its feed entry, while `rung` orders the ladder"
        }
        "lastmod" | "modified" => "nimsite calls it `updated`: `updated = 2024-05-17`",
        "published" | "pubdate" | "publishdate" => "nimsite calls it `date`: `date = 2024-05-17`",
        "tags" | "categories" | "taxonomies" => {
            "nimsite has no tags: pages are the rungs of one ladder, and the search finds words"
        }
        "draft" => "`draft = true` goes in a page's front matter, not in nimsite.toml",
        "weight" | "order" => "nimsite orders pages by `rung` in their front matter",
        "theme" => {
            "nimsite has one built-in theme; a file in `templates/` replaces the built-in file of its name"
        }
        "params" | "extra" => {
            "nimsite has no free-form settings; put text in a template of `templates/` instead"
        }
        _ => return None,
    })
}

/// Returns an error naming every top-level key of `text` not in `known`, or `None` when
/// all are known or the text is not TOML (the parser then reports it). `offset` is
/// where `text` starts in `file`.
pub fn unknown(
    code: Code,
    file: &str,
    text: &str,
    offset: usize,
    known: &[&str],
) -> Option<Diagnostic> {
    let table: toml::Table = toml::from_str(text).ok()?;
    let mut found: Vec<(Range<usize>, &str)> = table
        .keys()
        .filter(|k| !known.contains(&k.as_str()))
        .map(|k| {
            let span = key_span(text, k).unwrap_or(0..0);
            ((span.start + offset)..(span.end + offset), k.as_str())
        })
        .collect();
    found.sort_by_key(|(span, _)| span.start);
    let ((first, key), rest) = found.split_first()?;
    let what = if rest.is_empty() {
        format!("unknown key `{key}`")
    } else {
        format!("{} unknown keys", found.len())
    };
    let mut d =
        Diagnostic::error(code, file, Some(first.clone()), what).with_label(hint(key, known));
    for (span, key) in rest {
        d = d.with_secondary(file, span.clone(), hint(key, known));
    }
    for (_, key) in &found {
        if let Some(why) = instead(key) {
            d = d.with_note(format!("`{key}`: {why}"));
        }
    }
    Some(d.with_note(format!("known keys: {}", known.join(", "))))
}

/// Returns the label under an unknown key: the nearest known key, when one is near.
fn hint(key: &str, known: &[&str]) -> String {
    match nearest(key, known) {
        Some(near) => format!("unknown key `{key}`; did you mean `{near}`?"),
        None => format!("unknown key `{key}`"),
    }
}

/// Returns the span of a top-level `key` in `text`: its `key =` or `key.` line, or its
/// `[key]` table header.
fn key_span(text: &str, key: &str) -> Option<Range<usize>> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let bare = trimmed.trim_start_matches('[').trim_start();
        if let Some(rest) = bare.strip_prefix(key)
            && rest.trim_start().starts_with(['=', '.', ']'])
        {
            let start = at + indent + (trimmed.len() - bare.len());
            return Some(start..start + key.len());
        }
        at += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::line_col;

    #[test]
    fn names_every_unknown_key_at_its_line_with_the_nearest_known_one() {
        let text = "titel = \"t\"\ndate = 2024-01-01\ntags = [\"a\"]\n\n[params]\nx = 1\n";
        let d = unknown(Code::Config, "nimsite.toml", text, 0, &["title", "author"])
            .expect("unknown keys");
        assert_eq!(d.message, "4 unknown keys");
        assert!(d.label.contains("did you mean `title`"), "{}", d.label);
        assert_eq!(line_col(text, d.span.clone().expect("span").start), (1, 1));
        assert_eq!(d.secondary.len(), 3, "{:?}", d.secondary);
        let notes = d.notes.join("\n");
        for key in ["`date`", "`tags`", "`params`"] {
            assert!(notes.contains(key), "{key}: {notes}");
        }
        assert!(notes.contains("go in a page's front matter"), "{notes}");
        assert!(unknown(Code::Config, "f", "title = 1\n", 0, &["title"]).is_none());
        let d = unknown(Code::FrontMatter, "a.md", "lastmod = 1\n", 0, &["updated"])
            .expect("unknown key");
        assert!(
            d.notes[0].contains("nimsite calls it `updated`"),
            "{:?}",
            d.notes
        );
    }
}
