//! A directive's `:caption:`, with placeholders the directive fills from its results.

use super::{Args, DirectiveError};

/// A directive's `:caption:`, whose placeholders such as `{size}` are filled from the
/// spec and the results, so a caption never repeats a number by hand.
#[derive(Clone, Debug, Default)]
pub struct Caption {
    text: Option<String>,
}

impl Caption {
    /// Reads `:caption:`, reporting a placeholder that is not one of `keys` at the
    /// caption's span. A placeholder is a lowercase word in braces; braces around anything
    /// else, such as the set `{0, 1}`, are text.
    pub fn read(args: &Args, keys: &[&str]) -> Result<Caption, DirectiveError> {
        let Some(text) = args.caption() else {
            return Ok(Caption::default());
        };
        if let Some(unknown) = placeholders(text).find(|p| !keys.contains(p)) {
            let listed: Vec<String> = keys.iter().map(|k| format!("`{{{k}}}`")).collect();
            let note = if listed.is_empty() {
                "this directive fills no placeholders".to_string()
            } else {
                format!("the placeholders here are {}", listed.join(", "))
            };
            return Err(DirectiveError::new(
                crate::diagnostics::Code::BadValue,
                args.span_of("caption"),
                format!("`:caption:` has no placeholder `{{{unknown}}}`"),
            )
            .with_label("not filled in")
            .with_note(note));
        }
        Ok(Caption {
            text: Some(text.to_string()),
        })
    }

    /// Returns the caption with every placeholder replaced by its value, and each ⊗ or
    /// ⊕ between spaces bound to its operands, so that `x ⊗ y` never breaks across lines.
    pub fn fill(&self, values: &[(&str, String)]) -> Option<String> {
        let mut out = self.text.clone()?;
        for (key, value) in values {
            out = out.replace(&format!("{{{key}}}"), value);
        }
        for op in ["⊗", "⊕"] {
            out = out.replace(&format!(" {op} "), &format!("\u{a0}{op}\u{a0}"));
        }
        Some(out)
    }
}

/// Returns the placeholders in a caption: lowercase words (with `-`) between braces.
fn placeholders(text: &str) -> impl Iterator<Item = &str> {
    text.split('{').skip(1).filter_map(|rest| {
        let word = rest.split('}').next().filter(|_| rest.contains('}'))?;
        let is_word = !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c == '-');
        is_word.then_some(word)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_in_a_caption_stay_with_their_operands() {
        let caption = Caption {
            text: Some("compared with x ⊗ y ⊕ {size}".into()),
        };
        let filled = caption.fill(&[("size", "16".into())]);
        assert_eq!(
            filled.as_deref(),
            Some("compared with x\u{a0}⊗\u{a0}y\u{a0}⊕\u{a0}16")
        );
    }

    #[test]
    fn placeholders_are_words_in_braces_and_sets_are_text() {
        let found: Vec<&str> = placeholders("Below {size}, in {0, 1}, {count} and {x").collect();
        assert_eq!(found, vec!["size", "count"]);
        let caption = Caption {
            text: Some("Below {size}: {0, 1}".into()),
        };
        assert_eq!(
            caption.fill(&[("size", "16".into())]).as_deref(),
            Some("Below 16: {0, 1}")
        );
        assert_eq!(Caption::default().fill(&[]), None);
    }
}
