//! LaTeX to MathML at build time, so pages need no JavaScript to show their math.

use std::fmt;
use std::sync::OnceLock;

use math_core::{LatexToMathML, MathCoreConfig, MathDisplay};

/// Why a LaTeX span could not be turned into MathML.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MathError {
    /// What went wrong, lowercase.
    pub message: String,
    /// The byte offset into the LaTeX where the problem starts, when known.
    pub offset: Option<usize>,
}

impl fmt::Display for MathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MathError {}

/// Finds a brace that is never closed or never opened, or a `$` that a brace swallowed,
/// in LaTeX that would otherwise be published raw or run into the text after it.
pub fn brace_error(latex: &str) -> Option<MathError> {
    let mut open = Vec::new();
    let mut escaped = false;
    for (i, c) in latex.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '{' => open.push(i),
            '}' if open.pop().is_none() => {
                return Some(MathError {
                    message: "`}` closes a brace that was never opened".into(),
                    offset: Some(i),
                });
            }
            '$' => {
                return Some(MathError {
                    message: "a `$` inside math: a brace before it is never closed".into(),
                    offset: Some(open.last().copied().unwrap_or(i)),
                });
            }
            _ => {}
        }
    }
    open.first().map(|&i| MathError {
        message: "`{` is never closed".into(),
        offset: Some(i),
    })
}

/// The deepest nesting of groups (`{…}`, `\left…\right`, `\begin…\end`) converted.
pub const MAX_MATH_DEPTH: usize = 128;

/// Returns the offset where groups nest deeper than [`MAX_MATH_DEPTH`], if they do; the
/// converter recurses into groups, so deeper math would exhaust the stack.
pub fn too_deep(latex: &str) -> Option<usize> {
    let bytes = latex.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(b"\\{") || rest.starts_with(b"\\}") {
            i += 2;
            continue;
        }
        if rest.starts_with(b"{") || rest.starts_with(b"\\left") || rest.starts_with(b"\\begin") {
            depth += 1;
            if depth > MAX_MATH_DEPTH {
                return Some(i);
            }
        } else if rest.starts_with(b"}")
            || rest.starts_with(b"\\right")
            || rest.starts_with(b"\\end")
        {
            depth = depth.saturating_sub(1);
        }
        i += 1;
    }
    None
}

/// Returns the one converter the whole build shares; it holds no per-call state.
fn converter() -> Option<&'static LatexToMathML> {
    static CONVERTER: OnceLock<Option<LatexToMathML>> = OnceLock::new();
    CONVERTER
        .get_or_init(|| LatexToMathML::new(MathCoreConfig::default()).ok())
        .as_ref()
}

/// Converts LaTeX to a `<math>` element, as a block when `display` is set.
pub fn to_mathml(latex: &str, display: bool) -> Result<String, MathError> {
    let converter = converter().ok_or_else(|| MathError {
        message: "the math converter could not be set up".to_string(),
        offset: None,
    })?;
    let mode = if display {
        MathDisplay::Block
    } else {
        MathDisplay::Inline
    };
    if let Some(err) = brace_error(latex) {
        return Err(err);
    }
    if let Some(offset) = too_deep(latex) {
        return Err(MathError {
            message: format!("groups are nested more than {MAX_MATH_DEPTH} deep"),
            offset: Some(offset),
        });
    }
    let (untagged, labels) = take_tags(latex);
    let latex = untagged.as_deref().unwrap_or(latex);
    let converted = converter
        .convert_with_local_state(latex, mode)
        .or_else(|err| match unstarred(latex) {
            // `\alpha*` is α then a star in TeX; the converter takes it for a starred command.
            Some(plain) => converter
                .convert_with_local_state(&plain, mode)
                .map_err(|_| err),
            None => Err(err),
        });
    match converted {
        Ok(result) if labels.is_empty() => Ok(result.mathml),
        Ok(result) => Ok(with_labels(&result.mathml, &labels)),
        Err(err) => Err(MathError {
            message: crate::diagnostics::lowercase_first(&err.error_message()),
            offset: Some(err.0.start.min(latex.len())),
        }),
    }
}

/// Returns LaTeX with a space between each command word and a `*` after it (`\alpha*` as
/// `\alpha *`), or `None` when it has none; only `\operatorname*` is a starred command.
fn unstarred(latex: &str) -> Option<String> {
    let mut out = String::with_capacity(latex.len() + 4);
    let mut changed = false;
    let mut rest = latex;
    while let Some(at) = rest.find('\\') {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let name_len = from[1..]
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(from.len() - 1);
        let name = &from[1..1 + name_len];
        out.push_str(&from[..1 + name_len]);
        rest = &from[1 + name_len..];
        if name_len == 0 {
            // `\\` or `\{`: the escaped character goes with it.
            if let Some(c) = rest.chars().next() {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        } else if rest.starts_with('*') && name != "operatorname" {
            out.push(' ');
            changed = true;
        }
    }
    out.push_str(rest);
    changed.then_some(out)
}

/// Takes the equation labels out of math, which the converter does not know: `\tag{1}`
/// (shown as "(1)"), `\tag*{A}` (as "A"), `\notag` and `\nonumber`. Returns the LaTeX
/// with each blanked to spaces, so offsets stay, or `None` when it has none; and the
/// labels.
fn take_tags(latex: &str) -> (Option<String>, Vec<String>) {
    let mut labels = Vec::new();
    if !latex.contains("\\tag") && !latex.contains("\\notag") && !latex.contains("\\nonumber") {
        return (None, labels);
    }
    let mut bytes = latex.as_bytes().to_vec();
    let mut blank = |r: std::ops::Range<usize>| bytes[r].fill(b' ');
    let mut i = 0;
    while let Some(k) = latex[i..].find('\\') {
        let at = i + k;
        let rest = &latex[at + 1..];
        let name_len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
        let name = &rest[..name_len];
        let after = at + 1 + name_len;
        i = if name_len == 0 {
            // An escaped character, `\\` or `\{`: skip it whole.
            after + rest.chars().next().map_or(0, char::len_utf8)
        } else {
            after
        };
        match name {
            "notag" | "nonumber" => blank(at..after),
            "tag" => {
                let star = latex[after..].starts_with('*');
                let open = after + usize::from(star);
                let open = open + (latex[open..].len() - latex[open..].trim_start().len());
                let Some(close) = group_end(latex, open) else {
                    continue;
                };
                let label = latex[open + 1..close].trim();
                labels.push(if star {
                    label.to_string()
                } else {
                    format!("({label})")
                });
                blank(at..close + 1);
                i = close + 1;
            }
            _ => {}
        }
    }
    (String::from_utf8(bytes).ok(), labels)
}

/// Returns the offset of the `}` that closes the group opening at `open`, if one does.
fn group_end(latex: &str, open: usize) -> Option<usize> {
    if !latex[open..].starts_with('{') {
        return None;
    }
    let mut depth = 0usize;
    let mut escaped = false;
    for (i, c) in latex[open..].char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Returns `mathml` with the equation labels set after the formula, apart from it.
fn with_labels(mathml: &str, labels: &[String]) -> String {
    let escape = |t: &str| {
        t.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    let shown: String = labels
        .iter()
        .map(|l| {
            format!(
                "<mspace width=\"2em\"></mspace><mtext>{}</mtext>",
                escape(l)
            )
        })
        .collect();
    match mathml.rfind("</math>") {
        Some(end) => format!("{}{shown}{}", &mathml[..end], &mathml[end..]),
        None => format!("{mathml}{shown}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_inline_and_block_math() {
        let inline = to_mathml(r"2 \otimes 2 = 3", false).expect("valid latex");
        assert!(inline.starts_with("<math"), "{inline}");
        assert!(inline.contains("⊗"), "{inline}");
        let block = to_mathml(r"x^2", true).expect("valid latex");
        assert!(block.contains("display=\"block\""), "{block}");
    }

    #[test]
    fn a_star_after_a_letter_is_a_star() {
        let starred = to_mathml(r"\alpha* + \beta*", false).expect("a star after a letter");
        assert!(starred.contains('α') && starred.contains('β'), "{starred}");
        assert!(starred.contains(['*', '∗']), "{starred}");
        to_mathml(r"\nosuch*", false).expect_err("unknown command, starred");
    }

    #[test]
    fn reports_errors_with_an_offset() {
        let err = to_mathml(r"a + \nosuchcommand", false).expect_err("unknown command");
        assert_eq!(err.offset, Some(4));
        assert!(
            err.message
                .chars()
                .next()
                .is_some_and(|c| !c.is_uppercase())
        );
        let err = to_mathml(r"\frac{1}{", false).expect_err("unclosed group");
        assert!(!err.message.is_empty());
    }

    #[test]
    fn equation_labels_render_as_labels() {
        let block = to_mathml(r"2 \otimes 2 = 3 \tag{1}", true).expect("a tag is a label");
        assert!(block.contains("<mtext>(1)</mtext>"), "{block}");
        assert!(!block.contains("tag"), "{block}");
        let starred = to_mathml(r"4 \otimes 4 = 6 \tag*{<A>}", true).expect("starred");
        assert!(starred.contains("<mtext>&lt;A&gt;</mtext>"), "{starred}");
        let none = to_mathml(r"1 = 1 \notag", true).expect("notag");
        assert!(!none.contains("mtext"), "{none}");
        // A tag never closed is still an error at its brace.
        assert!(to_mathml(r"1 = 1 \tag{1", true).is_err());
        // An error after a tag keeps its offset in the source.
        let err = to_mathml(r"\tag{1} a + \nosuchcommand", true).expect_err("unknown");
        assert_eq!(err.offset, Some(12));
    }

    #[test]
    fn ordinal_latex_becomes_mathml() {
        for src in [
            "forall k < 7: rem(2**(2**k), 9) != 1",
            "deg(w**w) = 20",
            "alpha(7) = w + 1 = (w**(w**2))^7",
            "excess(19) = 4",
            "inv(w + 1) = w**2*2 + w*2 + 2",
        ] {
            let s = crate::stmt::parse(src).expect("parses");
            let latex = s.to_latex();
            assert!(to_mathml(&latex, false).is_ok(), "{latex}");
            let v = s.check().expect("checks");
            let shown: Vec<String> = v
                .values
                .iter()
                .flat_map(|x| x.terms.iter().map(crate::stmt::Value::to_latex))
                .collect();
            for l in shown {
                assert!(to_mathml(&l, false).is_ok(), "{l}");
            }
        }
    }
}
