//! Notation a page declares for its plain math: "I'll use `+` to denote nim addition",
//! "**Addition** is exclusive-or of the bits". After such a sentence, `+` in the page's
//! plain math and prose is the nim-sum only, so `11 + 13 = 24`, which holds as an
//! ordinary sum, is false there; "`*` for nim multiplication" does the same for `×`, `·`
//! and `*`. Without a declaration both readings are tried, as the README describes.

use crate::math::lexicon::sentences;
use crate::stmt::AmbiguousOp;

/// The words of the nim-sum and of the nim-product.
const SUM: [&str; 8] = [
    "nim addition",
    "nim-addition",
    "nim sum",
    "nim-sum",
    "exclusive-or",
    "exclusive or",
    "xor",
    "⊕",
];
const PRODUCT: [&str; 5] = [
    "nim multiplication",
    "nim-multiplication",
    "nim product",
    "nim-product",
    "⊗",
];

/// Returns where the page declares an operator's nimber reading: the byte offset of each
/// declaring sentence and the operator it settles, in page order.
pub fn declared(source: &str) -> Vec<(usize, AmbiguousOp)> {
    // Most pages declare nothing: a cheap test first.
    if !["denote", "stand", "mean", "ddition", "ultiplication"]
        .iter()
        .any(|w| source.contains(w))
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    for r in sentences(source) {
        let sentence = plain(&source[r.clone()]);
        if declares(&sentence, &["+"], &SUM) || defines(&sentence, "addition is", &SUM) {
            out.push((r.start, AmbiguousOp::Sum));
        }
        if declares(&sentence, &["*", "×", "·"], &PRODUCT)
            || defines(&sentence, "multiplication is", &PRODUCT)
        {
            out.push((r.start, AmbiguousOp::Product));
        }
    }
    out
}

/// Returns a sentence lowercased, with emphasis and code marks dropped and spaces joined.
fn plain(sentence: &str) -> String {
    let lower = sentence.to_lowercase();
    let kept: String = lower
        .chars()
        .map(|c| if matches!(c, '`' | '_') { ' ' } else { c })
        .collect();
    // `**Addition**` is emphasis; a lone `*` is the operator.
    kept.replace("**", " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Returns whether a sentence says that one of `symbols`, standing alone, denotes (stands
/// for, means, is used for) one of `operations`: "use + to denote nim addition".
fn declares(sentence: &str, symbols: &[&str], operations: &[&str]) -> bool {
    let words: Vec<&str> = sentence.split(' ').collect();
    words.iter().enumerate().any(|(i, w)| {
        if !symbols.contains(w) {
            return false;
        }
        let after = words[i + 1..words.len().min(i + 6)].join(" ");
        let verb = [
            "to denote",
            "denotes",
            "for",
            "stands for",
            "to mean",
            "means",
            "as",
        ]
        .iter()
        .any(|v| after.starts_with(v));
        let used = words[..i]
            .iter()
            .any(|b| matches!(*b, "use" | "using" | "write" | "writing" | "let" | "with"))
            || after.starts_with("denotes")
            || after.starts_with("stands for")
            || after.starts_with("means");
        verb && used && operations.iter().any(|o| after.contains(o))
    })
}

/// Returns whether a sentence starts by defining the operation named by `lead` as one of
/// `operations`: "addition is exclusive-or of the bits".
fn defines(sentence: &str, lead: &str, operations: &[&str]) -> bool {
    sentence.strip_prefix(lead).is_some_and(|rest| {
        let rest = rest.trim_start();
        let rest = ["the ", "bitwise ", "just "]
            .iter()
            .fold(rest, |r, a| r.strip_prefix(a).unwrap_or(r));
        operations.iter().any(|o| rest.starts_with(o))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_settle_their_operator_from_their_sentence_on() {
        let page =
            "Intro. I'll use `+` to denote nim addition (XOR) and `*` for nim multiplication.";
        assert_eq!(
            declared(page),
            vec![(6, AmbiguousOp::Sum), (6, AmbiguousOp::Product)]
        );
        assert_eq!(
            declared("**Addition** is exclusive-or of the bits of the numbers."),
            vec![(0, AmbiguousOp::Sum)]
        );
    }

    #[test]
    fn claims_and_other_prose_declare_nothing() {
        for text in [
            "Here 3 + 5 = 6 is the nim-sum.",
            "Nim addition is exclusive-or.",
            "The sum is the ordinary one, and we mean it.",
            "Multiplication is done by considering Fermat powers.",
        ] {
            assert!(declared(text).is_empty(), "{text}");
        }
    }
}
