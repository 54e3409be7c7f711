//! Laws of the two operations stated in words: "nim multiplication is commutative and
//! associative", "the nim-sum is not associative", "nim multiplication distributes over
//! nim addition". Such a sentence holds no number, so the closure never asks for it; it
//! is read all the same, because a reader takes it as a fact. Each law is checked for
//! every value of its letters below 256, or below 16 with three letters, as a law written
//! in symbols is, and a law said not to hold must fail for some values there.
//!
//! ```text
//! law  := OP (is | are) [not] PROP {(, | and | but) [not] PROP}
//!       | OP [does not] distribute[s] over OP
//! OP   := [the] (nim multiplication | nim product | nim-product | nim addition | nim sum
//!       | nim-sum | xor | exclusive or)
//! PROP := commutative | associative
//! ```

use std::ops::Range;

use super::{Found, Lint};
use crate::math::lexicon::sentences;
use crate::stmt::{self, Mode, Tok, Token};

/// The words of each operation, lowercase, longest first where one holds another.
const OPERATIONS: [(&str, &str); 11] = [
    ("nim multiplication", "⊗"),
    ("nim-multiplication", "⊗"),
    ("nim product", "⊗"),
    ("nim-product", "⊗"),
    ("nim addition", "⊕"),
    ("nim-addition", "⊕"),
    ("nim sum", "⊕"),
    ("nim-sum", "⊕"),
    ("exclusive or", "⊕"),
    ("exclusive-or", "⊕"),
    ("xor", "⊕"),
];

/// Returns whether `text` may state a law: it holds a law's word. Most text does not.
pub fn may_hold_law(text: &str) -> bool {
    ["ommutativ", "ssociativ", "istribut"]
        .iter()
        .any(|w| text.contains(w))
}

/// Reads the laws stated in words in `text`, each as a claim spanning its own words.
pub fn read_laws(text: &str) -> Vec<Found> {
    if !may_hold_law(text) {
        return Vec::new();
    }
    let Some(lower) = super::lowered(text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for r in sentences(&lower) {
        let sentence = without_brackets(&lower[r.clone()]);
        for law in laws(&sentence) {
            // The law's own words, so that a claim in symbols beside it is read too.
            let at = r.start + law.span.start..r.start + law.span.end;
            if let Some(lint) = claim(&law, at.clone()) {
                out.push(Found { span: at, lint });
            }
        }
    }
    out
}

/// Returns `sentence` with what stands in brackets blanked out: "(as is nim addition)" says
/// something of another operation, which this grammar does not read.
fn without_brackets(sentence: &str) -> String {
    let mut depth = 0usize;
    sentence
        .chars()
        .map(|c| match c {
            '(' => {
                depth += 1;
                ' '
            }
            ')' => {
                depth = depth.saturating_sub(1);
                ' '
            }
            _ if depth > 0 => ' ',
            _ => c,
        })
        .collect()
}

/// Returns the operations `text` names, by their symbol, in order, with where each ends.
fn operations(text: &str) -> Vec<(usize, usize, &'static str)> {
    let mut out: Vec<(usize, usize, &'static str)> = Vec::new();
    for (words, symbol) in OPERATIONS {
        for (at, _) in text.match_indices(words) {
            let end = at + words.len();
            let bounded = text[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric())
                && text[end..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric() && c != '-');
            let inside = out.iter().any(|&(s, e, _)| at < e && s < end);
            if bounded && !inside {
                out.push((at, end, symbol));
            }
        }
    }
    out.sort_unstable();
    out
}

/// The statement of a law in the statement language, and whether the sentence says it
/// holds.
#[derive(Debug, PartialEq, Eq)]
struct Law {
    text: String,
    holds: bool,
    /// From the operation's first word to the law's last, in the sentence.
    span: Range<usize>,
}

/// Returns the laws one sentence (lowercase, brackets blanked) states.
fn laws(sentence: &str) -> Vec<Law> {
    let ops = operations(sentence);
    let Some(&(subject_start, subject_end, op)) = ops.first() else {
        return Vec::new();
    };
    let rest = &sentence[subject_end..];
    let mut out = Vec::new();
    if let Some(at) = rest.find("distribute") {
        let after = &rest[at..];
        let over = after.find(" over ").map(|k| subject_end + at + k + 6);
        let other = over.and_then(|o| ops.iter().find(|&&(s, _, _)| s >= o));
        if let Some(&(_, end, other)) = other {
            let holds = !negated(&rest[..at]);
            out.push(Law {
                text: format!("a, b, c < 16: a {op} (b {other} c) = (a {op} b) {other} (a {op} c)"),
                holds,
                span: subject_start..end,
            });
        }
        return out;
    }
    // Each property with the words since the one before, where a "not" belongs to it.
    let mut from = 0;
    let mut found: Vec<(usize, &str)> = ["commutative", "associative"]
        .iter()
        .filter_map(|w| rest.find(w).map(|at| (at, *w)))
        .collect();
    found.sort_unstable();
    for (at, word) in found {
        let holds = !negated(&rest[from..at]);
        from = at + word.len();
        let text = match word {
            "commutative" => format!("a, b < 256: a {op} b = b {op} a"),
            _ => format!("a, b, c < 16: (a {op} b) {op} c = a {op} (b {op} c)"),
        };
        let span = subject_start..subject_end + from;
        out.push(Law { text, holds, span });
    }
    out
}

/// Returns whether words before a property deny it.
fn negated(words: &str) -> bool {
    words
        .split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
        .any(|w| matches!(w, "not" | "isn't" | "isn’t" | "never" | "non" | "neither"))
        || words.contains("n't")
        || words.contains("non-")
}

/// Builds the claim of a law, every token spanning its words `at` (so its quantifier is
/// written, not implied by free letters): "for all" when
/// the sentence says it holds, "for some, not" when it says it does not.
fn claim(law: &Law, at: Range<usize>) -> Option<Lint> {
    let (quantifier, body) = law.text.split_once(':')?;
    let text = if law.holds {
        format!("forall {quantifier}:{body}")
    } else {
        format!("exists {quantifier}:{}", body.replacen(" = ", " != ", 1))
    };
    let tokens: Vec<Token> = stmt::lexer::lex(&text, Mode::Plain)
        .ok()?
        .into_iter()
        .map(|t| Token::new(t.tok, at.clone()))
        .collect();
    if tokens.is_empty() || tokens.iter().all(|t| t.tok != Tok::Colon) {
        return None;
    }
    stmt::parse_tokens(&tokens, at.end, Mode::Plain)
        .ok()
        .map(Lint::Claim)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdicts(text: &str) -> Vec<bool> {
        read_laws(text)
            .into_iter()
            .map(|f| match f.lint {
                Lint::Claim(s) => s.check().expect("checks").holds,
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn true_laws_in_words_hold() {
        assert_eq!(
            verdicts("Nim multiplication is commutative and associative (as is nim addition)."),
            [true, true]
        );
        assert_eq!(
            verdicts("Nim multiplication distributes over nim addition."),
            [true]
        );
        assert_eq!(
            verdicts("Nim addition does not distribute over nim multiplication."),
            [true]
        );
    }

    #[test]
    fn false_laws_in_words_fail() {
        assert_eq!(
            verdicts("Nim multiplication is commutative but not associative."),
            [true, false]
        );
        assert_eq!(
            verdicts("Nim addition distributes over nim multiplication."),
            [false]
        );
        assert_eq!(verdicts("The nim-sum is not commutative."), [false]);
    }

    #[test]
    fn a_law_in_words_is_read_though_it_holds_no_number() {
        let law = "Nim addition distributes over nim multiplication.";
        assert!(!super::super::text::holds_nothing(law));
        assert_eq!(super::super::read_text(law).len(), 1);
    }

    #[test]
    fn prose_without_an_operation_or_a_law_is_left_alone() {
        assert!(read_laws("Commutative diagrams are pleasant.").is_empty());
        assert!(read_laws("The nim-sum of 3 and 5 is 6.").is_empty());
        assert!(read_laws("We distribute the tokens over the heaps.").is_empty());
    }
}
