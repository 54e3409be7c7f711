//! The closure of the reader's eye: a sentence a reader sees that holds a notion of the
//! lexicon and a number states a fact. What the claim reader read is checked, and what a
//! directive computed or a waiver covers is accounted for; a sentence that still holds a
//! notion and a number after those are taken out was not read, and is refused, naming the
//! notion and the number, with a sentence of its kind the grammar reads.

use std::ops::Range;

use crate::math::lexicon::{Lexicon, all_values, may_hold_value, numbers_in, sentences};
use crate::math::lint::Unreadable;

/// Returns each sentence of `text` that states a fact nobody read: `masked` is `text` with
/// what was read or covered blanked to spaces (the same length). Each is the span of the
/// sentence's words from the notion to the number, and why it is refused.
pub fn unread(
    text: &str,
    masked: &str,
    formulas: &[(usize, String)],
    lexicon: &Lexicon,
) -> Vec<(Range<usize>, Unreadable)> {
    let mut out = Vec::new();
    if masked.len() != text.len() {
        return out;
    }
    let mut before: Option<Range<usize>> = None;
    for s in sentences(text) {
        let prev = before.replace(s.clone());
        let Some(rest) = masked.get(s.clone()) else {
            continue;
        };
        // A sentence with no number is never refused; most are such, so skip the work.
        if !may_hold_value(rest) || is_topic(rest) || enumerator(rest) {
            continue;
        }
        // Values accounted for only take numbers out, so a sentence that states no fact
        // with none taken out states none with some: most sentences end here.
        let Some(found) = lexicon.unread(rest, &[]) else {
            // "Thirteen has three as well": the notion of the sentence before, elided.
            // "2 has order 3, and so does 4": or of its own clause read before.
            let elided = elided(&text[s.clone()], rest, lexicon)
                .or_else(|| prev.and_then(|p| elided(text.get(p)?, rest, lexicon)));
            if let Some((notion, clause, number)) = elided {
                // From the clause's first word: a number alone is found anywhere.
                let first = rest[clause.clone()]
                    .find(|c: char| !c.is_whitespace())
                    .map_or(clause.start, |i| clause.start + i);
                out.push((
                    s.start + first..s.start + number.end,
                    Unreadable {
                        span: 0..0,
                        what: format!(
                            "a clause that says again what is said before it of `{notion}`, of `{}`, in words the claim grammar does not read",
                            rest[number].trim()
                        ),
                        hint: format!(
                            "say it in full, naming the {notion} again, as the grammar reads it"
                        ),
                    },
                ));
            }
            continue;
        };
        let read = accounted(&text[s.clone()], rest, formulas, &s);
        let found = if read.is_empty() {
            Some(found)
        } else {
            lexicon.unread(rest, &read)
        };
        let Some((notion, what, number)) = found else {
            continue;
        };
        let notion_text = rest[notion.clone()].trim();
        let number_text = rest[number.clone()].trim();
        // The words up to the notion and the number, from the start of the sentence or of
        // its line, which a reader finds on one line of the source.
        let from = s.start + notion.start.min(number.start);
        let line_start = text[s.start..from]
            .rfind('\n')
            .map_or(s.start, |i| s.start + i + 1);
        let words = line_start..s.start + notion.end.max(number.end);
        out.push((
            words,
            Unreadable {
                span: 0..0,
                what: format!(
                    "a sentence stating a fact about `{notion_text}` with `{number_text}`, in words the claim grammar does not read"
                ),
                hint: format!(
                    "say it as the grammar reads it (\"{}\"), or have the value computed with {}",
                    what.reads, what.computes
                ),
            },
        ));
    }
    out
}

/// Returns the notion a sentence elides, the span of the clause that elides it and of its
/// number, when it says again what the sentence before (`prev`) says of a notion, with a
/// word such as "as well", "too" or "so does", or answers it when it is a question, and a
/// number it holds would be refused beside that notion.
fn elided(
    prev: &str,
    sentence: &str,
    lexicon: &Lexicon,
) -> Option<(String, Range<usize>, Range<usize>)> {
    const AGAIN: [&str; 14] = [
        " as well",
        " too",
        "likewise",
        "so does ",
        "so do ",
        "so is ",
        "so are ",
        "so has ",
        "similarly",
        "the same is true",
        "the same holds",
        "neither does ",
        "nor does ",
        "nor is ",
    ];
    let answers = prev.trim_end().ends_with('?') && !sentence.trim_end().ends_with('?');
    // Most sentences hold no marker: look for a piece of one before lowercasing.
    let pieces = [
        "too", "well", "so ", "So ", "ikewise", "imilarly", "same", "either ", "nor ", "Nor ",
    ];
    if !answers && !pieces.iter().any(|p| sentence.contains(p)) {
        return None;
    }
    // ASCII lowercasing keeps the byte offsets.
    let lower = sentence.to_ascii_lowercase();
    // The clause that says it again: from its start (or the sentence's) on.
    // "as well" and "too" end their clause: "too soon" says nothing again.
    let ends = |w: &str, i: usize| {
        let rest = lower[i..].trim_start();
        w.ends_with(' ') || rest.is_empty() || rest.starts_with(['.', ',', ';', ':', '!', '?', ')'])
    };
    let marker = AGAIN
        .iter()
        .filter_map(|w| {
            lower
                .match_indices(w)
                .find(|(i, _)| ends(w, i + w.len()))
                .map(|(i, _)| i)
        })
        .min();
    // "What is the nim-sum of 3 and 5? It is 7.": an answer to the question before.
    let from = match marker {
        Some(marker) => lower[..marker].rfind([',', ';', ':']).map_or(0, |i| i + 1),
        None if answers => 0,
        None => return None,
    };
    let (at, _) = lexicon
        .notions_in(prev)
        .into_iter()
        .max_by_key(|(r, _)| (r.end, r.len()))?;
    let notion = prev.get(at)?.trim().to_string();
    let joined = format!("{notion} {}", &sentence[from..]);
    let (_, _, number) = lexicon.unread(&joined, &[])?;
    let shift = notion.len() + 1;
    let number = number.start.checked_sub(shift)? + from..number.end.checked_sub(shift)? + from;
    Some((notion, from..sentence.len(), number))
}

/// Returns whether a sentence only names a topic, as a title or a quiz's question does:
/// "The order of 16", "the inverse of 4:", "The nim-sum of 30 and 15.", "The smallest
/// field holding 3.", "A row of eleven Kayles pins." A notion of numbers with no verb
/// states no value.
fn is_topic(sentence: &str) -> bool {
    let text = sentence.trim().trim_end_matches(['.', ':']);
    // Most sentences fail here, before any word is looked at.
    let linked = [" of ", " holding ", " containing "]
        .iter()
        .any(|w| text.contains(w));
    if text.len() > 80 || !linked || text.contains(['=', ':', ';', '(', '?', '!']) {
        return false;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let number = |w: &str| {
        let w = w.trim_end_matches(',');
        !w.is_empty()
            && numbers_in(w)
                .first()
                .is_some_and(|(r, _)| r.len() == w.len())
    };
    let plain = |w: &str| {
        w.chars()
            .all(|c| c.is_alphabetic() || c == '-' || c == '\'' || c == '’')
            && !VERBS.contains(&w.to_lowercase().as_str())
    };
    let mut at = 0;
    if words
        .first()
        .is_some_and(|w| ["the", "a", "an"].contains(&w.to_lowercase().as_str()))
    {
        at = 1;
    }
    // One to three nouns, then what links them to the numbers.
    let nouns = words[at..]
        .iter()
        .take_while(|w| !["of", "holding", "containing"].contains(w) && plain(w))
        .count();
    let linked = words
        .get(at + nouns)
        .is_some_and(|w| ["of", "holding", "containing"].contains(w));
    if !(1..=3).contains(&nouns) || !linked {
        return false;
    }
    at += nouns + 1;
    // The numbers: "16", "30 and 15", "3, 5 and 7", "eleven".
    let first = at;
    let (mut commas, mut joined) = (false, false);
    while let Some(w) = words.get(at) {
        if number(w) {
            commas |= w.ends_with(',');
            at += 1;
        } else if (*w == "and" || *w == "or")
            && at > first
            && words.get(at + 1).is_some_and(|n| number(n))
        {
            joined = true;
            at += 1;
        } else {
            break;
        }
    }
    // "16, 5" with no "and" is a note of a value, not a list.
    if commas && !joined {
        return false;
    }
    // After them only a few plain words: "Kayles pins", "pins in Dawson's Kayles".
    let tail = &words[at..];
    at > first && tail.len() <= 4 && tail.iter().all(|w| plain(w))
}

/// Returns whether a sentence is only the number of an item in a run of them, "3." in
/// "… there? 3. Is a heap of 13 lost?".
fn enumerator(sentence: &str) -> bool {
    let t = sentence.trim();
    let digits = t.trim_end_matches(['.', ')']);
    digits.len() < t.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Words that make a phrase a statement rather than a topic.
const VERBS: [&str; 10] = [
    "is", "are", "has", "have", "equals", "gives", "makes", "was", "were", "be",
];

/// Returns the values of what was read or computed in the sentence `shown` at `span`
/// (`rest` is it masked), which account for the same numbers in its words.
fn accounted(
    shown: &str,
    rest: &str,
    formulas: &[(usize, String)],
    span: &Range<usize>,
) -> Vec<u128> {
    let hidden: String = shown
        .char_indices()
        .map(|(i, c)| {
            let blanked = rest
                .get(i..i + c.len_utf8())
                .is_some_and(|t| t.trim().is_empty());
            if blanked && !c.is_whitespace() {
                c
            } else {
                ' '
            }
        })
        .collect();
    let mut read = all_values(&hidden);
    for (_, formula) in formulas.iter().filter(|(at, _)| span.contains(at)) {
        read.extend(all_values(formula));
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_end_at_stops_not_inside_numbers_or_abbreviations() {
        let text = "Kayles is 0.77. See p. 12; then go on! Done";
        let parts: Vec<&str> = sentences(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(sentences("a line\nbroken").len(), 1);
        assert_eq!(
            parts,
            ["Kayles is 0.77.", " See p. 12;", " then go on!", " Done"]
        );
    }

    #[test]
    fn a_sentence_with_a_notion_and_a_number_is_refused_unless_taken_out() {
        let lex = Lexicon::builtin();
        let text = "The order of 2 is fifteen. The essay has 3 parts.";
        let found = unread(text, text, &[], &lex);
        assert_eq!(found.len(), 1);
        assert_eq!(&text[found[0].0.clone()], "The order of 2");
        assert!(found[0].1.what.contains("`order`"), "{}", found[0].1.what);
        // The same sentence with the claim blanked out, as when it was read.
        let masked = "                           The essay has 3 parts.";
        assert!(unread(text, masked, &[], &lex).is_empty());
    }

    #[test]
    fn a_lead_of_the_joins_what_is_counted_to_the_count() {
        let lex = Lexicon::builtin();
        let text = "Of the 64 nim-products below 8, 38 percent are odd.";
        assert_eq!(unread(text, text, &[], &lex).len(), 1);
        // A fraction in words and a count after "all" are numbers of the claim.
        let text = "A third of the nonzero nimbers below 16 are odd.";
        assert_eq!(unread(text, text, &[], &lex).len(), 1);
        let text = "The powers of 2 visit all 15 nonzero elements.";
        assert_eq!(unread(text, text, &[], &lex).len(), 1);
        let text = "The third heap is small, and all three heaps are empty.";
        assert!(unread(text, text, &[], &lex).is_empty());
        // Elsewhere a comma still parts a notion from a number.
        let text = "Writing the nim-products out, 38 pages later we stop.";
        assert!(unread(text, text, &[], &lex).is_empty());
        // A bound set before its clause bounds what the clause says.
        let text = "Below 32, by contrast, the nimbers are closed under the nim-product.";
        assert_eq!(unread(text, text, &[], &lex).len(), 1);
    }

    #[test]
    fn a_colon_or_a_lead_joins_a_notion_to_its_numbers() {
        let lex = Lexicon::builtin();
        // A list after a colon is what the notion is said to be.
        let text = "Nim-sums: 0, 1, 2 and 5.";
        assert_eq!(unread(text, text, &[], &lex).len(), 1);
        // A clause after it is not a list.
        let text = "Whole numbers have square roots but not cube roots: 2 has none.";
        assert!(unread(text, text, &[], &lex).is_empty());
    }

    #[test]
    fn a_clause_that_elides_its_notion_is_refused() {
        let lex = Lexicon::builtin();
        let text = "Eight has three cube roots. Thirteen has three as well, namely 5, 10 and 14.";
        // The first sentence read, as a build masks it.
        let masked = format!("{}{}", " ".repeat(27), &text[27..]);
        let found = unread(text, &masked, &[], &lex);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].1.what.contains("`cube roots`"),
            "{}",
            found[0].1.what
        );
        // An answer to a question says what the question asks about.
        let text = "What is the nim-sum of 3 and 5? It is 7.";
        let found = unread(text, text, &[], &lex);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].1.what.contains("`nim-sum`"), "{}", found[0].1.what);
        // "too" before a word elides nothing.
        let text = "The order of 4 is 15. It comes back to 1 too soon.";
        let masked = format!("{}{}", " ".repeat(21), &text[21..]);
        assert!(unread(text, &masked, &[], &lex).is_empty());
    }

    #[test]
    fn a_topic_states_no_value() {
        let lex = Lexicon::builtin();
        for text in [
            "The order of 16",
            "The inverse of 4:",
            "Nim-products of 8.",
            "The nim-sum of 30 and 15.",
            "The smallest field holding 3.",
            "A row of eleven Kayles pins.",
            "Rows of 5 and 9 Kayles pins.",
            "A row of 14 pins in Dawson's Kayles.",
        ] {
            assert!(unread(text, text, &[], &lex).is_empty(), "{text}");
        }
        for text in [
            "The order of 16 is 5",
            "Order 85 of 16",
            "The order is 16",
            "The nim-sum of 30 and 15 is 17",
            "The order of 16, 5.",
            "A row of 11 pins is worth 6",
        ] {
            assert_eq!(unread(text, text, &[], &lex).len(), 1, "{text}");
        }
    }

    #[test]
    fn the_number_of_an_item_in_a_run_of_questions_says_nothing_again() {
        let lex = Lexicon::builtin();
        let text = "How many heaps below 50 are P-positions there? 3. Is a heap of 13 lost?";
        assert!(unread(text, text, &[], &lex).is_empty());
        let text = "The nim-sum of 3 and 5 is 6. 7.";
        assert_eq!(unread(text, text, &[], &lex).len(), 1);
    }

    #[test]
    fn a_page_defined_call_is_a_notion() {
        let lex = Lexicon::builtin();
        let text = "Here kayles(10) comes to 4";
        assert_eq!(unread(text, text, &[], &lex).len(), 1);
    }
}
