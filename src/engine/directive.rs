//! The extension traits: a block directive in the catalogue implements [`Directive`], whose
//! options become a [`Spec`] the second phase evaluates.

use super::{Args, Cx, DirectiveError, Opt, View};
use crate::math::lexicon::GameWords;

/// Whether a directive takes a body after its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// No body: any text after the options is an error.
    None,
    /// A body is required; the text says what it holds.
    Required(&'static str),
}

/// A block directive: its name, options and partial, and how its options become a spec.
pub trait Directive: Sync {
    /// Returns the name written in the fence, such as `table`.
    fn name(&self) -> &'static str;
    /// Returns the options it accepts besides `:caption:`.
    fn options(&self) -> &'static [Opt];
    /// Returns whether it takes a body.
    fn body(&self) -> Body {
        Body::None
    }
    /// Returns the source of its partial, `templates/directives/<name>.html`.
    fn partial(&self) -> &'static str;
    /// Reads the validated options into a typed spec, reporting every option that is
    /// out of range or does nothing in this combination, each at its own line.
    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>>;
}

/// A directive's options as typed values, ready to evaluate.
pub trait Spec: Send {
    /// Computes what the directive shows, recording its claims and figures in `cx`.
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError>;
    /// Returns the words of the games it defines, known before it is evaluated, so a
    /// sentence above the block may speak of them.
    fn defines(&self) -> Vec<GameWords> {
        Vec::new()
    }
}
