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
    match converter.convert_with_local_state(latex, mode) {
        Ok(result) => Ok(result.mathml),
        Err(err) => Err(MathError {
            message: crate::diagnostics::lowercase_first(&err.error_message()),
            offset: Some(err.0.start.min(latex.len())),
        }),
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
