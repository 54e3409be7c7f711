//! Finding MyST block directives and inline roles in a page's source.
//!
//! pulldown-cmark reports a directive as a fenced code block whose info string is `{name}`,
//! and a role as a code span whose source is preceded by `{name}`. This module reads their
//! name, options and body straight from the original source, so every span points into it.

use std::collections::BTreeMap;
use std::ops::Range;

/// One `:key: value` option line of a block directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionValue {
    /// The value, trimmed.
    pub value: String,
    /// The span of the option's key (`:size:`) in the page source.
    pub key_span: Range<usize>,
    /// The span of the value in the page source.
    pub span: Range<usize>,
}

/// A block directive as written: name, options and body, with spans into the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The directive's name, such as `table`.
    pub name: String,
    /// The span of `{name}` in the opening fence.
    pub name_span: Range<usize>,
    /// The options, by key without colons.
    pub options: BTreeMap<String, OptionValue>,
    /// The body lines after the options, each with its span.
    pub body: Vec<(String, Range<usize>)>,
    /// The span of the whole fenced block.
    pub span: Range<usize>,
}

/// A problem in a directive's syntax, found before it is evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where in the source.
    pub span: Range<usize>,
    /// What is wrong, lowercase.
    pub message: String,
}

/// Returns the directive name in a fenced code block's info string, if it is `{name}`.
pub fn directive_name(info: &str) -> Option<&str> {
    let info = info.trim();
    let name = info.strip_prefix('{')?.strip_suffix('}')?;
    is_name(name).then_some(name)
}

/// Says what is wrong with a fence's info string that starts like a directive, `{…`,
/// but is not exactly `{name}`; `None` when it is a directive or plain code.
pub fn fence_slip(info: &str) -> Option<String> {
    let info = info.trim();
    if !info.starts_with('{') || directive_name(info).is_some() {
        return None;
    }
    let inner = info[1..].split('}').next().unwrap_or("").trim();
    Some(match info.find('}') {
        None => format!("the fence `{info}` is missing its closing `}}`"),
        Some(close) if !info[close + 1..].trim().is_empty() => format!(
            "text after `{}` in the fence is not read: put it in `:caption:`",
            &info[..=close]
        ),
        Some(_) if inner.is_empty() => "the fence names no directive".to_string(),
        Some(_) => format!("directive names are lowercase letters, digits and `-`, not `{inner}`"),
    })
}

/// Returns the name an author probably meant in a slipped `{…` fence or role, lowercased.
pub fn slipped_name(text: &str) -> String {
    text.trim()
        .trim_start_matches('{')
        .split(['}', ' '])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// Finds a role slip just before a code span: `{Name}` in the wrong case, or `{name}`
/// separated from its code span by spaces. Returns the span of `{…}` and the name.
pub fn role_slip(source: &str, code_start: usize) -> Option<(Range<usize>, String, bool)> {
    let before = source.get(..code_start)?;
    let trimmed = before.trim_end_matches([' ', '\t']);
    let spaced = trimmed.len() != before.len();
    let inner = trimmed.strip_suffix('}')?;
    let open = inner.rfind('{')?;
    let name = &inner[open + 1..];
    if name.is_empty()
        || name.len() > 32
        || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        || inner[..open].ends_with('\\')
    {
        return None;
    }
    if !spaced && is_name(name) {
        return None;
    }
    Some((open..trimmed.len(), name.to_string(), spaced))
}

/// Returns whether `s` is a directive or role name: lowercase letters, digits and hyphens.
fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Reads a block directive from the source span pulldown-cmark gave for its code block.
pub fn parse_block(source: &str, span: Range<usize>) -> Result<Block, SyntaxError> {
    let text = &source[span.clone()];
    let mut lines = line_spans(text, span.start);
    let (fence_line, fence_span) = lines.next().unwrap_or_default();
    let quoted = quote_prefix(fence_line);
    let fence = fence_line[quoted..].trim_start_matches(' ');
    let fence_offset = fence_span.start + (fence_line.len() - fence.len());
    let marker = fence.chars().next().unwrap_or('`');
    let fence_len = fence.chars().take_while(|&c| c == marker).count();
    let info = &fence[fence_len..];
    let name = directive_name(info).unwrap_or_default().to_string();
    let name_start = fence_offset + fence_len + (info.len() - info.trim_start().len());
    let name_span = name_start..name_start + name.len() + 2;

    let mut rest: Vec<(&str, Range<usize>)> = lines.collect();
    let closed = rest.last().is_some_and(|(line, _)| {
        let t = line.trim_start_matches([' ', '>']);
        t.chars().take_while(|&c| c == marker).count() >= fence_len
            && t.trim_start_matches(marker).trim().is_empty()
    });
    if closed {
        rest.pop();
    } else {
        return Err(SyntaxError {
            span: fence_span,
            message: format!("unterminated directive fence: `{{{name}}}` is never closed"),
        });
    }
    // Content lines inside a list or block quote carry the container's `>` markers and
    // indentation; strip the markers and the fence's own indentation so options are found
    // either way.
    let indent = fence_line.len() - quoted - fence.len();
    let mut options = BTreeMap::new();
    let mut body = Vec::new();
    let mut in_options = true;
    for (line, line_span) in &rest {
        let t = line.trim_start_matches([' ', '>']);
        let ticks = t.chars().take_while(|&c| c == marker).count();
        if ticks >= 3 && directive_name(&t[ticks..]).is_some() {
            let inner_line = source[..line_span.start].matches('\n').count() + 1;
            return Err(SyntaxError {
                span: fence_span,
                message: format!(
                    "`{{{name}}}` is never closed: the directive fence on line {inner_line} opens inside it"
                ),
            });
        }
    }
    for (line, line_span) in rest {
        let quoted = quote_prefix(line);
        let spaces = line[quoted..].len() - line[quoted..].trim_start_matches(' ').len();
        let strip = quoted + spaces.min(indent);
        let (line, start) = (&line[strip..], line_span.start + strip);
        if in_options {
            if let Some((key, key_span, value, value_span)) = option_line(line, start) {
                if options.contains_key(&key) {
                    return Err(SyntaxError {
                        span: key_span,
                        message: format!("option `:{key}:` is given twice"),
                    });
                }
                options.insert(
                    key,
                    OptionValue {
                        value,
                        key_span,
                        span: value_span,
                    },
                );
                continue;
            }
            in_options = false;
            if line.trim().is_empty() {
                continue;
            }
        }
        body.push((line.to_string(), start..start + line.len()));
    }
    while body.last().is_some_and(|(l, _)| l.trim().is_empty()) {
        body.pop();
    }
    Ok(Block {
        name,
        name_span,
        options,
        body,
        span,
    })
}

/// Returns the length of a line's block-quote markers: each `>` with up to three spaces
/// before it and one after.
fn quote_prefix(line: &str) -> usize {
    let bytes = line.as_bytes();
    let mut i = 0;
    loop {
        let spaces = bytes[i..]
            .iter()
            .take(3)
            .take_while(|&&b| b == b' ')
            .count();
        if bytes.get(i + spaces) != Some(&b'>') {
            return i;
        }
        i += spaces + 1;
        if bytes.get(i) == Some(&b' ') {
            i += 1;
        }
    }
}

/// Splits `text` into lines without their line endings, each with its span.
fn line_spans(text: &str, base: usize) -> impl Iterator<Item = (&str, Range<usize>)> {
    let mut offset = base;
    text.split_inclusive('\n').map(move |raw| {
        let line = raw.trim_end_matches(['\n', '\r']);
        let span = offset..offset + line.len();
        offset += raw.len();
        (line, span)
    })
}

/// Reads `:key: value`, returning the key, its span, the trimmed value and its span.
pub(super) fn option_line(
    line: &str,
    start: usize,
) -> Option<(String, Range<usize>, String, Range<usize>)> {
    let lead = line.len() - line.trim_start().len();
    let t = &line[lead..];
    let after = t.strip_prefix(':')?;
    let end = after.find(':')?;
    let key = &after[..end];
    if !is_name(key) {
        return None;
    }
    let key_start = start + lead;
    let key_span = key_start..key_start + end + 2;
    let raw = &after[end + 1..];
    let value = raw.trim();
    let value_start = key_span.end + (raw.len() - raw.trim_start().len());
    Some((
        key.to_string(),
        key_span,
        value.to_string(),
        value_start..value_start + value.len(),
    ))
}

/// Returns the role name written just before a code span starting at `code_start`, with
/// the span of `{name}`.
pub fn role_before(source: &str, code_start: usize) -> Option<(String, Range<usize>)> {
    let before = source.get(..code_start)?;
    let inner = before.strip_suffix('}')?;
    let open = inner.rfind('{')?;
    let name = &inner[open + 1..];
    if !is_name(name) || inner[..open].ends_with('\\') {
        return None;
    }
    Some((name.to_string(), open..code_start))
}

/// Returns the code span's content and its span, from the source span of the whole code
/// span including backticks, trimming one space of padding as CommonMark does.
pub fn role_content(source: &str, span: Range<usize>) -> (String, Range<usize>) {
    let raw = &source[span.clone()];
    let ticks = raw.chars().take_while(|&c| c == '`').count();
    let inner_end = raw.len().saturating_sub(ticks).max(ticks);
    let inner = &raw[ticks..inner_end];
    let mut start = span.start + ticks;
    let mut text = inner;
    if text.len() >= 2 && text.starts_with(' ') && text.ends_with(' ') && !text.trim().is_empty() {
        text = &text[1..text.len() - 1];
        start += 1;
    }
    (text.replace('\n', " "), start..start + text.len())
}

/// The most candidates [`nearest`] measures, so a page of many broken names stays linear.
const MAX_CANDIDATES: usize = 256;

/// Returns the option names closest to `name`, for a "did you mean" hint.
pub fn nearest<'a>(name: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let len = name.chars().count();
    // A candidate whose length is too far off cannot be near enough; of the rest, only the
    // closest in length are measured.
    let mut close: Vec<(usize, &'a str)> = candidates
        .iter()
        .map(|c| (c.chars().count().abs_diff(len), *c))
        .filter(|(gap, c)| *gap <= 2.max(c.len() / 3))
        .collect();
    if close.len() > MAX_CANDIDATES {
        close.select_nth_unstable(MAX_CANDIDATES);
        close.truncate(MAX_CANDIDATES);
    }
    close
        .into_iter()
        .map(|(_, c)| (edit_distance(name, c), c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min()
        .map(|(_, c)| c)
}

/// Returns the Levenshtein distance between two strings, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_name_options_and_body_with_spans() {
        let src = "Intro\n\n```{table}\n:op: mul\n:size:  16\n\nbody line\n```\n";
        let start = src.find("```").unwrap();
        let block = parse_block(src, start..src.len()).unwrap();
        assert_eq!(block.name, "table");
        assert_eq!(&src[block.name_span.clone()], "{table}");
        assert_eq!(block.options["op"].value, "mul");
        assert_eq!(&src[block.options["size"].span.clone()], "16");
        assert_eq!(&src[block.options["size"].key_span.clone()], ":size:");
        assert_eq!(block.body.len(), 1);
        assert_eq!(&src[block.body[0].1.clone()], "body line");
    }

    #[test]
    fn reads_directives_inside_block_quotes_and_lists() {
        for src in [
            "> ```{table}\n> :op: mul\n> :size: 4\n> ```\n",
            ">```{table}\n>:op: mul\n>:size: 4\n>```\n",
            "- item\n\n  ```{table}\n  :op: mul\n  :size: 4\n  ```\n",
            "> - item\n>\n>   ```{table}\n>   :op: mul\n>   :size: 4\n>   ```\n",
        ] {
            let start = src.find("```").expect("fence");
            let b = parse_block(src, start..src.len()).expect(src);
            assert_eq!(b.options.len(), 2, "{src}: {:?}", b.options);
            assert!(b.body.is_empty(), "{src}: {:?}", b.body);
            assert_eq!(&src[b.options["op"].span.clone()], "mul", "{src}");
        }
    }

    #[test]
    fn unterminated_fence_is_an_error() {
        let src = "```{table}\n:size: 4\n";
        let err = parse_block(src, 0..src.len()).unwrap_err();
        assert!(err.message.contains("unterminated"), "{}", err.message);
        assert_eq!(err.span, 0..10);
    }

    #[test]
    fn duplicate_option_is_an_error() {
        let src = "```{table}\n:size: 4\n:size: 8\n```";
        let err = parse_block(src, 0..src.len()).unwrap_err();
        assert_eq!(&src[err.span], ":size:");
    }

    #[test]
    fn finds_roles_and_their_content() {
        let src = "so {nim}`2*2` and {val}`` inv(4) ``";
        let code = src.find('`').unwrap();
        let (name, span) = role_before(src, code).unwrap();
        assert_eq!((name.as_str(), &src[span]), ("nim", "{nim}"));
        let (text, span) = role_content(src, code..code + 5);
        assert_eq!((text.as_str(), &src[span]), ("2*2", "2*2"));
        let code2 = src.rfind("{val}").unwrap() + 5;
        let (text, span) = role_content(src, code2..src.len());
        assert_eq!((text.as_str(), &src[span]), ("inv(4)", "inv(4)"));
        assert!(role_before("no {Nim}`x`", 8).is_none());
        assert!(role_before("esc \\{nim}`x`", 10).is_none());
    }

    #[test]
    fn names_and_suggestions() {
        assert_eq!(directive_name(" {field-check} "), Some("field-check"));
        assert_eq!(directive_name("rust"), None);
        assert_eq!(directive_name("{}"), None);
        assert_eq!(nearest("szie", &["size", "op", "caption"]), Some("size"));
        assert_eq!(nearest("zzzzzz", &["size", "op"]), None);
    }
}
