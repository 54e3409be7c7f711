//! A directive's options, validated against what it accepts, and its errors.

use crate::diagnostics::Code;
use std::collections::BTreeMap;
use std::ops::Range;

use super::parse::{Block, OptionValue, nearest};

/// One option a directive accepts.
#[derive(Clone, Copy, Debug)]
pub struct Opt {
    /// The key, without colons.
    pub name: &'static str,
    /// Whether the directive needs it.
    pub required: bool,
    /// The accepted values, or empty for free text and numbers.
    pub choices: &'static [&'static str],
    /// What it means, for the error that lists the options.
    pub help: &'static str,
}

impl Opt {
    /// Returns a required option.
    pub const fn required(name: &'static str, help: &'static str) -> Self {
        Opt {
            name,
            required: true,
            choices: &[],
            help,
        }
    }

    /// Returns an optional option.
    pub const fn optional(name: &'static str, help: &'static str) -> Self {
        Opt {
            name,
            required: false,
            choices: &[],
            help,
        }
    }

    /// Returns the option restricted to the given values.
    pub const fn one_of(mut self, choices: &'static [&'static str]) -> Self {
        self.choices = choices;
        self
    }
}

/// The caption option, accepted by every directive.
pub const CAPTION: Opt = Opt::optional("caption", "a caption in plain text");

/// An error in a directive, with its span; the site turns it into a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectiveError {
    /// A stable code such as `bad-value`.
    pub code: Code,
    /// Where in the page source.
    pub span: Range<usize>,
    /// The headline, lowercase.
    pub message: String,
    /// Text under the caret.
    pub label: String,
    /// Further lines.
    pub notes: Vec<String>,
}

impl DirectiveError {
    /// Returns an error with a code, a span and a message.
    pub fn new(code: Code, span: Range<usize>, message: impl Into<String>) -> Self {
        DirectiveError {
            code,
            span,
            message: message.into(),
            label: String::new(),
            notes: Vec::new(),
        }
    }

    /// Returns the error with text under its caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Returns the error with one more note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }
}

/// A directive's validated options and body.
#[derive(Clone, Debug)]
pub struct Args {
    block: Block,
}

impl Args {
    /// Checks a parsed block against the options a directive accepts, reporting every
    /// unknown option, missing option and value outside its choices.
    pub fn validate(
        block: Block,
        accepted: &[Opt],
        body: super::Body,
    ) -> Result<Args, Vec<DirectiveError>> {
        let all: Vec<Opt> = accepted.iter().copied().chain([CAPTION]).collect();
        let names: Vec<&str> = all.iter().map(|o| o.name).collect();
        let listing = all
            .iter()
            .map(|o| format!("`:{}:` ({})", o.name, o.help))
            .collect::<Vec<_>>()
            .join(", ");
        let mut errors = Vec::new();
        for (key, value) in &block.options {
            match all.iter().find(|o| o.name == key) {
                None => {
                    let mut e = DirectiveError::new(
                        Code::UnknownOption,
                        value.key_span.clone(),
                        format!("`{{{}}}` has no option `:{key}:`", block.name),
                    )
                    .with_note(format!("its options are {listing}"));
                    if let Some(near) = nearest(key, &names) {
                        e = e.with_label(format!("did you mean `:{near}:`?"));
                    }
                    errors.push(e);
                }
                Some(opt) if !opt.choices.is_empty() && !opt.choices.contains(&&*value.value) => {
                    let mut e = DirectiveError::new(
                        Code::BadValue,
                        value.span.clone(),
                        format!("`:{key}:` cannot be `{}`", value.value),
                    )
                    .with_note(format!("use one of: {}", opt.choices.join(", ")));
                    if let Some(near) = nearest(&value.value, opt.choices) {
                        e = e.with_label(format!("did you mean `{near}`?"));
                    }
                    errors.push(e);
                }
                Some(_) => {}
            }
        }
        for opt in all.iter().filter(|o| o.required) {
            if !block.options.contains_key(opt.name) {
                errors.push(
                    DirectiveError::new(
                        Code::MissingOption,
                        block.name_span.clone(),
                        format!("`{{{}}}` needs `:{}:`", block.name, opt.name),
                    )
                    .with_label(format!("add a line `:{}: …` ({})", opt.name, opt.help))
                    .with_note(format!("its options are {listing}")),
                );
            }
        }
        errors.extend(body_errors(&block, &names, body));
        if errors.is_empty() {
            Ok(Args { block })
        } else {
            Err(errors)
        }
    }

    /// Returns the span of `{name}` in the fence.
    pub fn name_span(&self) -> Range<usize> {
        self.block.name_span.clone()
    }

    /// Returns the span of the whole block.
    pub fn span(&self) -> Range<usize> {
        self.block.span.clone()
    }

    /// Returns an option's value and span, if given.
    pub fn get(&self, name: &str) -> Option<&OptionValue> {
        self.block.options.get(name)
    }

    /// Returns an option's text, if given.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.get(name).map(|v| v.value.as_str())
    }

    /// Returns the span of an option's value, or of the directive's name if absent.
    pub fn span_of(&self, name: &str) -> Range<usize> {
        self.get(name)
            .map_or_else(|| self.name_span(), |v| v.span.clone())
    }

    /// Returns the caption, if given.
    pub fn caption(&self) -> Option<&str> {
        self.text("caption")
    }

    /// Returns the body lines with their spans.
    pub fn body(&self) -> &[(String, Range<usize>)] {
        &self.block.body
    }

    /// Reads a whole-number option between `min` and `max`, or `default` if absent.
    pub fn number(
        &self,
        name: &str,
        min: usize,
        max: usize,
        default: Option<usize>,
    ) -> Result<usize, DirectiveError> {
        let Some(v) = self.get(name) else {
            return default.ok_or_else(|| {
                DirectiveError::new(
                    Code::MissingOption,
                    self.name_span(),
                    format!("`{{{}}}` needs `:{name}:`", self.block.name),
                )
            });
        };
        match literal(&v.value).map(usize::try_from) {
            Some(Ok(n)) if (min..=max).contains(&n) => Ok(n),
            Some(_) => Err(DirectiveError::new(
                Code::BadValue,
                v.span.clone(),
                format!(
                    "`:{name}:` must be between {min} and {max}, not {}",
                    literal(&v.value).unwrap_or_default()
                ),
            )
            .with_label("out of range")),
            None => Err(DirectiveError::new(
                Code::BadValue,
                v.span.clone(),
                format!("`:{name}:` must be a whole number, not `{}`", v.value),
            )
            .with_label("not a number")),
        }
    }

    /// Reads a whole-number option that must be one of `allowed`.
    pub fn number_in(&self, name: &str, allowed: &[usize]) -> Result<usize, DirectiveError> {
        let max = allowed.iter().copied().max().unwrap_or(0);
        let n = self.number(name, 0, max, None)?;
        if allowed.contains(&n) {
            return Ok(n);
        }
        let listed: Vec<String> = allowed.iter().map(usize::to_string).collect();
        Err(DirectiveError::new(
            Code::BadValue,
            self.span_of(name),
            format!("`:{name}:` must be one of {}, not {n}", listed.join(", ")),
        ))
    }

    /// Reads an optional choice option, mapping its text to a typed value; the value was
    /// already checked against the option's choices.
    pub fn choice<T: Copy>(&self, name: &str, map: &[(&str, T)]) -> Option<T> {
        let text = self.text(name)?;
        map.iter().find(|(k, _)| *k == text).map(|(_, v)| *v)
    }

    /// Returns an error for an option that does nothing next to another one.
    pub fn useless(&self, name: &str, why: impl Into<String>) -> DirectiveError {
        let span = self
            .get(name)
            .map_or_else(|| self.name_span(), |v| v.key_span.clone());
        DirectiveError::new(
            Code::UselessOption,
            span,
            format!("`:{name}:` does nothing here: {}", why.into()),
        )
        .with_label("remove this line, or change the option it depends on")
    }

    /// Returns a map of every option, for tests and diagnostics.
    pub fn options(&self) -> &BTreeMap<String, OptionValue> {
        &self.block.options
    }
}

/// Returns the errors in a block's body: an option line after a blank line, text where
/// the directive takes none, or no body where it needs one.
fn body_errors(block: &Block, names: &[&str], body: super::Body) -> Vec<DirectiveError> {
    let mut errors = Vec::new();
    for (line, span) in &block.body {
        if let Some((key, key_span, ..)) = super::parse::option_line(line, span.start)
            && names.contains(&key.as_str())
        {
            errors.push(
                DirectiveError::new(
                    Code::UnexpectedBody,
                    key_span,
                    format!("`:{key}:` comes after the options have ended"),
                )
                .with_label("options must come straight after the fence, with no blank line")
                .with_note("move this line up, before the first blank line or body text"),
            );
        }
    }
    match body {
        super::Body::None if errors.is_empty() => {
            if let Some((line, span)) = block.body.iter().find(|(l, _)| !l.trim().is_empty()) {
                let start = span.start + (line.len() - line.trim_start().len());
                errors.push(
                    DirectiveError::new(
                        Code::UnexpectedBody,
                        start..span.end,
                        format!(
                            "`{{{}}}` takes no body, so this text would be dropped",
                            block.name
                        ),
                    )
                    .with_label("not an option, and not shown anywhere")
                    .with_note(
                        "write options as `:name: value`, or move the text out of the fence",
                    ),
                );
            }
        }
        super::Body::Required(what) if block.body.iter().all(|(l, _)| l.trim().is_empty()) => {
            errors.push(
                DirectiveError::new(
                    Code::MissingBody,
                    block.name_span.clone(),
                    format!("`{{{}}}` needs a body: {what}", block.name),
                )
                .with_label("nothing after the options"),
            );
        }
        _ => {}
    }
    errors
}

/// Reads a whole-number literal as the expression language writes one: `256`, `0x100`,
/// `2**8` or `2**64-1`, but no nimber operation.
fn literal(text: &str) -> Option<u128> {
    let plain = text.replace("**", "");
    if plain.is_empty()
        || !plain
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return None;
    }
    match crate::stmt::parse(text).and_then(|s| s.evaluate()) {
        Ok(crate::stmt::Evaluation::Value(n)) => n.as_finite(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::literal;

    #[test]
    fn numbers_are_literals_but_not_nimber_expressions() {
        assert_eq!(literal("256"), Some(256));
        assert_eq!(literal("0x100"), Some(256));
        assert_eq!(literal("2**40"), Some(1 << 40));
        assert_eq!(literal("2**8-1"), Some(255));
        for bad in ["2*2", "1+1", "inv(4)", "-3", "abc", "", "2**200"] {
            assert_eq!(literal(bad), None, "{bad}");
        }
    }
}
