//! Claims written in words: "the nim-sum of 3 and 5 is 6", "the inverse of 4 is fifteen",
//! "exactly eight of the nonzero elements below 16 are primitive".
//!
//! The grammar is small and closed; anything outside it is prose and left alone.
//!
//! ```text
//! claim   := [the] (nim-sum | nim-product) of N {, N} [,] and N  is  N
//!          | N (nim-plus | nim-times) N {(nim-plus | nim-times) N}  is  N
//!          | [the] [nim | multiplicative] (inverse | nim-inverse | reciprocal) of N  is  N
//!          | [the] [nim] square root of N  is  N
//!          | the ordinary square root of N  is  N         (ordinary arithmetic)
//!          | [the] [multiplicative] order of N  is  N
//!          | N has [the | an] (inverse | square root | order) N
//!          | N and N (nim-add | nim-multiply) to N | (nim-adding | nim-multiplying) N and N is N
//!          | N and N are [mutually] inverse[s] [of each other]
//!          | [the] nim-square of N  is  N | [the] square of N  is  N
//!          | N squared  is  N                      (the nim-square or the ordinary one)
//!          | N nim-squared  is  N
//!          | [exactly] N of the [M] nonzero (elements | nimbers) [below S] PRED
//! is      := is | equals | is equal to | is the same as | gives | makes | yields
//!          | comes to | results in | coincides with
//!          | is not | isn't | is not equal to | is different from | does not equal
//!          | is greater than | is less than | is at most | is at least
//! PRED    := have an inverse | are squares | have a square root | are primitive [elements]
//!          | are fixed by squaring | have order N      ("has", "is" for one element)
//! N       := digits | 0x… | 0b… | number words | *N (a star value) | ω | none (in a count)
//! ```
//!
//! Number words run from zero to nine hundred ninety-nine thousand nine hundred
//! ninety-nine: "sixty-four", "two hundred fifty-six", "two hundred and fifty-six",
//! "sixty four". A count ranges over the field below S, or over the M nonzero elements of
//! the field of M + 1 elements; when both are given, "the M nonzero elements below S" is
//! a claim of its own. Each claim is built as statement-language tokens whose spans point
//! at the words, so it is checked, reported and perturbed like one written in symbols.

use std::borrow::Cow;
use std::ops::Range;

use super::{Found, Lint, judge};
use crate::math::lexicon::{CHOOSING, GameWords, Lexicon, TENS, UNITS};
use crate::stmt::{self, Cmp, Mode, Tok, Token};

mod orders;
mod play;
mod positions;

/// One word of the text with its byte span, lowercased; `joined` says whether only spaces
/// separate it from the word before.
#[derive(Clone, Debug)]
pub(super) struct Word<'t> {
    /// The word lowercased, borrowed from the text where it already is.
    pub(super) text: Cow<'t, str>,
    /// The word's bytes in the text.
    pub(super) span: Range<usize>,
    joined: bool,
    /// Whether a number may start at this word (see [`starts_number`]), found once.
    numeric: bool,
    /// Whether this is an adverb a form passes over (see [`TRANSPARENT`]), found once.
    aside: bool,
    /// Whether an aside set off by commas may open here (see [`ASIDES`]), found once.
    opens_aside: bool,
}

/// Returns whether [`number`] may read a number starting at a word of this (lowercased)
/// text: digits, a `0x`/`0b` literal, or a number word below a hundred.
fn starts_number(t: &str) -> bool {
    let literal = is_literal(t);
    // Every number word below a hundred starts with one of these letters.
    if literal || !t.starts_with(['z', 'o', 't', 'f', 's', 'e', 'n']) {
        return literal;
    }
    let tens_unit = t
        .split_once('-')
        .is_some_and(|(tens, unit)| TENS.contains(&tens) && UNITS[1..10].contains(&unit));
    UNITS.contains(&t) || TENS.contains(&t) || tens_unit
}

/// Returns whether a (lowercased) word is a number in digits: decimal, `0x` or `0b`.
fn is_literal(t: &str) -> bool {
    t.bytes().all(|b| b.is_ascii_digit())
        || (t.len() > 2
            && ((t.starts_with("0x") && t[2..].bytes().all(|b| b.is_ascii_hexdigit()))
                || (t.starts_with("0b") && t[2..].bytes().all(|b| b == b'0' || b == b'1'))))
}

/// Returns whether a word is a number a claim in words reads: one [`number`] may start at,
/// an ordinal term (ω, α), or digits a hyphen joins to more.
fn holds_number(w: &Word) -> bool {
    w.numeric
        || w.text.starts_with(['ω', 'α'])
        // "a 1-4-5 position", "a 5-heap": digits joined to more by a hyphen.
        || (w.text.starts_with(|c: char| c.is_ascii_digit()) && w.text.contains('-'))
}

/// Splits text into words (letters, digits, inner hyphens), noting punctuation between.
pub(super) fn words(text: &str) -> Vec<Word<'_>> {
    // About one word in six bytes of prose.
    let mut out = Vec::with_capacity(text.len() / 6);
    let mut joined = false;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_alphanumeric() {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = chars.peek() {
                // "sixty-four" and "isn't" are one word each.
                let inner_hyphen = (d == '-' || d == '\'' || d == '’')
                    && text[j + d.len_utf8()..]
                        .chars()
                        .next()
                        .is_some_and(char::is_alphanumeric);
                if d.is_alphanumeric() || d == '_' || inner_hyphen {
                    end = j + d.len_utf8();
                    chars.next();
                } else {
                    break;
                }
            }
            // A curly apostrophe reads as a straight one: "Dawson’s", "isn’t".
            let raw = &text[i..end];
            let text = if raw.bytes().any(|b| b.is_ascii_uppercase() || !b.is_ascii()) {
                Cow::Owned(raw.to_lowercase().replace('’', "'"))
            } else {
                Cow::Borrowed(raw)
            };
            out.push(Word {
                numeric: starts_number(&text),
                aside: TRANSPARENT.contains(&text.as_ref()),
                opens_aside: ASIDES.iter().any(|a| a[0] == text.as_ref()),
                text,
                span: i..end,
                joined,
            });
            joined = true;
        } else if !(c.is_whitespace()) {
            joined = false;
        }
    }
    out
}

/// Returns the number, in digits or words, that ends `text` ("sixty-four", "two hundred
/// fifty-six"), the longest there is: its text for the statement language and its span.
pub(super) fn trailing_number(text: &str) -> Option<(String, Range<usize>)> {
    let w = words(text);
    let last = w.len().checked_sub(1)?;
    if w[last].span.end != text.trim_end().len() {
        return None;
    }
    let mut best = None;
    for k in (last.saturating_sub(8)..=last).rev() {
        if let Some(n) = number(&w, k).filter(|n| k + n.len == last + 1) {
            best = Some((n.text, w[k].span.start..w[last].span.end));
        }
    }
    best
}

/// Returns the number in words that starts `text` ("three times", "sixty-four"): its text
/// for the statement language and the length of its words.
pub(super) fn leading_number_word(text: &str) -> Option<(String, usize)> {
    let w = words(text);
    let n = number(&w, 0).filter(|_| w.first().is_some_and(|f| f.span.start == 0))?;
    Some((n.text, w[n.len - 1].span.end))
}

/// A number read at a word: its text for the statement language and how many words it
/// took.
struct Number {
    text: String,
    len: usize,
}

/// Reads the words below 100 at `w[i..]`: "seven", "sixty-four", "sixty four".
fn below_hundred(w: &[Word], i: usize) -> Option<(u128, usize)> {
    let word = w.get(i)?;
    if let Some(u) = UNITS.iter().position(|&u| u == word.text) {
        return Some((u as u128, 1));
    }
    if let Some((tens, unit)) = word.text.split_once('-') {
        let t = TENS.iter().position(|&t| t == tens)?;
        let u = UNITS[1..10].iter().position(|&u| u == unit)?;
        return Some((20 + 10 * t as u128 + u as u128 + 1, 1));
    }
    let t = TENS.iter().position(|&t| t == word.text)?;
    let tens = 20 + 10 * t as u128;
    let unit = w
        .get(i + 1)
        .filter(|n| n.joined)
        .and_then(|n| UNITS[1..10].iter().position(|&u| u == n.text));
    Some(match unit {
        Some(u) => (tens + u as u128 + 1, 2),
        None => (tens, 1),
    })
}

/// Reads the words below 1000 at `w[i..]`: "two hundred fifty-six", "two hundred and six".
fn below_thousand(w: &[Word], i: usize) -> Option<(u128, usize)> {
    let (head, n) = below_hundred(w, i)?;
    let hundred = w.get(i + n).filter(|h| h.joined && h.text == "hundred");
    if hundred.is_none() || !(1..10).contains(&head) {
        return Some((head, n));
    }
    let mut used = n + 1;
    let and = w.get(i + used).is_some_and(|a| a.joined && a.text == "and");
    let rest_at = i + used + usize::from(and);
    match below_hundred(w, rest_at).filter(|&(v, _)| v > 0 && w[rest_at].joined) {
        Some((rest, k)) => {
            used += usize::from(and) + k;
            Some((head * 100 + rest, used))
        }
        None => Some((head * 100, used)),
    }
}

/// Reads "a hundred" or "a thousand" at `w[i]`, where the article counts one: its digits.
fn a_scale(w: &[Word], i: usize) -> Option<&'static str> {
    if !w.get(i).is_some_and(|a| a.text == "a" || a.text == "A") {
        return None;
    }
    match w.get(i + 1).filter(|s| s.joined)?.text.as_ref() {
        "hundred" => Some("100"),
        "thousand" => Some("1000"),
        _ => None,
    }
}

/// Reads a number at `w[i]`: digits, a `0x`/`0b` literal, or number words below a
/// million.
fn number(w: &[Word], i: usize) -> Option<Number> {
    if let Some(text) = a_scale(w, i) {
        return Some(Number {
            text: text.to_string(),
            len: 2,
        });
    }
    let word = w.get(i).filter(|w| w.numeric)?;
    let t = &word.text;
    if is_literal(t) {
        return Some(Number {
            text: t.to_string(),
            len: 1,
        });
    }
    let (mut value, mut len) = below_thousand(w, i)?;
    let thousand = w.get(i + len).filter(|h| h.joined && h.text == "thousand");
    if thousand.is_some() && value > 0 {
        len += 1;
        value *= 1000;
        let and = w.get(i + len).is_some_and(|a| a.joined && a.text == "and");
        let at = i + len + usize::from(and);
        if let Some((rest, k)) = below_thousand(w, at).filter(|&(v, _)| v > 0 && w[at].joined) {
            value += rest;
            len += usize::from(and) + k;
        }
    }
    Some(Number {
        text: value.to_string(),
        len,
    })
}

/// Reads a number, in digits or words, at `w[i]`: its value and how many words it took.
pub(super) fn number_value(w: &[Word], i: usize) -> Option<(u128, usize)> {
    let n = number(w, i)?;
    Some((number_of(&n.text)?, n.len))
}

/// Words that continue a number into something else ("4 is 15 more than …"), so the
/// clause is not a plain equation.
const CONTINUATIONS: [&str; 20] = [
    "of", "more", "less", "than", "times", "plus", "minus", "percent", "or", "to", "th", "bits",
    "digits", "out", "squared", "cubed", "inverted", "mod", "modulo", "divided",
];

/// A pattern being matched: the words, a cursor and the tokens built.
struct Matcher<'w> {
    text: &'w str,
    w: &'w [Word<'w>],
    lex: &'w Lexicon,
    at: usize,
    start: usize,
    tokens: Vec<Token>,
    /// A word index that may follow punctuation, as after a set's `{` or a call's `)`.
    loose: Option<usize>,
    /// Claims a form makes beside its own, as when a game is named by its rule.
    extra: Vec<Found>,
    /// The game the paragraph named last before the text, when the text is one of its lines.
    context: Option<&'w str>,
    /// The text of the blocks before the text's own, whose heaps or field a sentence that
    /// opens the text may speak of ("**Problem.** Heaps of 3, 5 and 7?" ⏎ "The nim-sum is 1").
    before: Option<&'w str>,
}

impl<'a> Matcher<'a> {
    /// Returns a matcher of `text`, whose words are `w`, at word `at`, with no game of a
    /// paragraph's and no blocks before.
    fn new(text: &'a str, w: &'a [Word<'a>], lex: &'a Lexicon, at: usize) -> Self {
        Matcher {
            text,
            w,
            lex,
            at,
            start: at,
            tokens: Vec::new(),
            loose: None,
            extra: Vec::new(),
            context: None,
            before: None,
        }
    }

    /// Returns what `look` finds in the words of the blocks before the text's own, given
    /// a matcher over them and the index just past their last word.
    fn in_text_before<R>(&self, look: impl FnOnce(&Matcher<'_>, usize) -> Option<R>) -> Option<R> {
        let before = self.before?;
        let w = words(before);
        let m = Matcher::new(before, &w, self.lex, w.len());
        look(&m, w.len())
    }

    /// Takes the next word if it is one of `options` and joined to the one before, past
    /// an adverb that says nothing of the claim: "heaps of 7, 11 and 13 also have
    /// nim-sum 1".
    #[inline(always)]
    fn word(&mut self, options: &[&str]) -> Option<Range<usize>> {
        let word = self.w.get(self.at)?;
        let joined = self.at == self.start || word.joined || self.loose == Some(self.at);
        if !joined {
            return if word.opens_aside {
                self.past_aside(options)
            } else {
                None
            };
        }
        if options.contains(&word.text.as_ref()) {
            self.at += 1;
            return Some(word.span.clone());
        }
        if !word.aside {
            return None;
        }
        let next = self.w.get(self.at + 1)?;
        if next.joined && options.contains(&next.text.as_ref()) {
            self.at += 2;
            return Some(next.span.clone());
        }
        None
    }

    /// Marks the clause read as ending at byte `end`, for the check that no word goes on
    /// past it (see [`Matcher::ends`]).
    fn end_clause_at(&mut self, end: usize) {
        self.tokens = vec![Token::new(Tok::Num(String::new()), end..end)];
    }

    /// Takes a word of `options` after an aside set off by commas that says nothing of the
    /// claim: "A row of 16 pins, by contrast, is worth 5".
    #[cold]
    #[inline(never)]
    fn past_aside(&mut self, options: &[&str]) -> Option<Range<usize>> {
        if self.gap() != "," {
            return None;
        }
        let aside = ASIDES.iter().find(|a| {
            a.iter()
                .enumerate()
                .all(|(k, w)| self.w.get(self.at + k).is_some_and(|x| x.text == *w))
        })?;
        let next = self.w.get(self.at + aside.len())?;
        let gap = &self.text[self.w[self.at + aside.len() - 1].span.end..next.span.start];
        if gap.trim() != "," || !options.contains(&next.text.as_ref()) {
            return None;
        }
        self.at += aside.len() + 1;
        Some(next.span.clone())
    }

    /// Returns a matcher of the same text that starts afresh at word `k`.
    fn fresh_at(&self, k: usize) -> Matcher<'a> {
        Matcher {
            context: self.context,
            before: self.before,
            ..Matcher::new(self.text, self.w, self.lex, k)
        }
    }

    /// Returns the numbers listed from word `k` ("2, 7 and 9"), and the word after them.
    fn list_at(&self, k: usize) -> Option<(Vec<Token>, usize)> {
        let mut sub = self.fresh_at(k);
        let first = sub.number()?;
        Some((sub.series(first), sub.at))
    }

    /// Takes a sequence of words.
    fn words(&mut self, seq: &[&str]) -> Option<Range<usize>> {
        let save = self.at;
        let mut span: Option<Range<usize>> = None;
        for s in seq {
            let Some(r) = self.word(&[s]) else {
                self.at = save;
                return None;
            };
            span = Some(span.map_or(r.clone(), |a| a.start..r.end));
        }
        span
    }

    /// Takes a sequence of words that commas may part: a game named by its rule, "take 1,
    /// 3 or 4".
    fn words_through_commas(&mut self, seq: &[&str]) -> Option<Range<usize>> {
        let (save, loose) = (self.at, self.loose);
        let mut span: Option<Range<usize>> = None;
        for s in seq {
            // "moves {2, 3}": a set of moves in braces.
            if span.is_some() && matches!(self.gap(), "," | "{") {
                self.loose = Some(self.at);
            }
            let Some(r) = self.word(&[s]) else {
                (self.at, self.loose) = (save, loose);
                return None;
            };
            span = Some(span.map_or(r.clone(), |a| a.start..r.end));
        }
        self.loose = loose;
        span
    }

    /// Takes "is", or a verb of being said in more words: "turns out to be", "happens to
    /// be", "is found to be", "proves to be".
    fn is(&mut self) -> Option<Range<usize>> {
        self.words(&["is", "found", "to", "be"])
            .or_else(|| self.word(&["is"]))
            .or_else(|| self.words(&["turns", "out", "to", "be"]))
            .or_else(|| self.words(&["happens", "to", "be"]))
            .or_else(|| self.words(&["proves", "to", "be"]))
    }

    /// Takes an optional word.
    fn maybe(&mut self, options: &[&str]) {
        let _ = self.word(options);
    }

    /// Takes a number joined to the word before (or a star value `*7`, whose value is the
    /// number, or ω), and returns its token.
    fn number(&mut self) -> Option<Token> {
        // Most words start no number: say so before looking at the gap before them.
        let word = self
            .w
            .get(self.at)
            .filter(|w| w.numeric || w.text == "ω" || a_scale(self.w, self.at).is_some())?;
        // The gap from the word before (or the text's start): a star alone in it, or one
        // written against the number after a comma, "∗6, ∗9".
        let gap_from = self.at.checked_sub(1).map_or(0, |p| self.w[p].span.end);
        let gap = &self.text[gap_from..word.span.start];
        let star = if gap.trim() == "*" || gap.trim() == "∗" {
            Some(gap_from + gap.find(['*', '∗']).unwrap_or(0))
        } else {
            gap.char_indices()
                .next_back()
                .filter(|&(_, c)| c == '*' || c == '∗')
                .map(|(i, _)| gap_from + i)
        };
        let joined = word.joined || self.loose == Some(self.at);
        if self.at != self.start && !joined && star.is_none() {
            return None;
        }
        if word.text == "ω" && star.is_none() {
            self.at += 1;
            return Some(Token::new(Tok::Omega, word.span.clone()));
        }
        let n = number(self.w, self.at)?;
        let span = star.unwrap_or(word.span.start)..self.w[self.at + n.len - 1].span.end;
        self.at += n.len;
        Some(Token::new(Tok::Num(n.text), span))
    }

    /// Returns whether only a comma and spaces stand between the word before the cursor
    /// and the one at it, as in a list "1, 2 and 3" (or "∗1, ∗2", a star value's sign
    /// against its number).
    fn after_comma(&self) -> bool {
        let (Some(before), Some(next)) = (self.w.get(self.at.wrapping_sub(1)), self.w.get(self.at))
        else {
            return false;
        };
        let gap = self.text[before.span.end..next.span.start].trim();
        let gap = match gap.strip_suffix(['∗', '*']) {
            Some(rest) if next.numeric => rest.trim_end(),
            _ => gap,
        };
        self.at > self.start && gap == ","
    }

    /// Takes the operands of a list, "A, B, and C" or "A and B", after its first.
    fn list(&mut self, first: Token) -> Option<Vec<Token>> {
        let mut operands = vec![first];
        while self.after_comma() {
            let w = &self.w[self.at];
            if w.text == "and" {
                break;
            }
            // Joined only by the comma: take the number as if the comma were a space.
            let n = number(self.w, self.at)?;
            let span = w.span.start..self.w[self.at + n.len - 1].span.end;
            self.at += n.len;
            operands.push(Token::new(Tok::Num(n.text), span));
        }
        let and = self.w.get(self.at)?;
        if and.text != "and" || !(and.joined || self.after_comma()) {
            return None;
        }
        self.at += 1;
        operands.push(self.number()?);
        Some(operands)
    }

    /// Takes a run of whole numbers written with an ellipsis after its first, "0, 1, …,
    /// 15", and returns each number in it (at most 256), spanning the run where it is not
    /// written.
    fn run(&mut self, first: Token) -> Option<Vec<Token>> {
        let save = (self.at, self.loose);
        let listed = self.series(first);
        let gap = self.gap();
        let dots = gap.starts_with(',')
            && gap.ends_with(',')
            && (gap.contains('…') || gap.contains("..."));
        let from = listed.first().and_then(num_value);
        let consecutive = listed.iter().enumerate().all(|(i, t)| {
            let want = from.and_then(|f| f.checked_add(i as u128));
            want.is_some_and(|v| num_value(t) == Some(v))
        });
        let found = (|| {
            if !(dots && consecutive && listed.len() > 1) {
                return None;
            }
            self.loose = Some(self.at);
            let last = self.number()?;
            let (a, b) = (from?, num_value(&last)?);
            if b < a.checked_add(listed.len() as u128)? || b - a >= 256 {
                return None;
            }
            let span = listed.first()?.span.start..last.span.end;
            let run = (a..=b).map(|v| match listed.get(usize::try_from(v - a).ok()?) {
                Some(t) => Some(t.clone()),
                None if v == b => Some(last.clone()),
                None => Some(Token::new(Tok::Num(v.to_string()), span.clone())),
            });
            run.collect()
        })();
        if found.is_none() {
            (self.at, self.loose) = save;
        }
        found
    }

    /// Takes a comparison in words: `is`, `is not`, `equals`, `does not equal`, ….
    fn comparison(&mut self) -> Option<Token> {
        let alternatives: [(&[&str], Cmp); 49] = [
            (&["is", "greater", "than"], Cmp::Gt),
            (&["is", "more", "than"], Cmp::Gt),
            (&["is", "larger", "than"], Cmp::Gt),
            (&["is", "bigger", "than"], Cmp::Gt),
            (&["is", "less", "than"], Cmp::Lt),
            (&["is", "smaller", "than"], Cmp::Lt),
            (&["is", "at", "most"], Cmp::Le),
            (&["is", "at", "least"], Cmp::Ge),
            (&["is", "no", "more", "than"], Cmp::Le),
            (&["is", "not", "equal", "to"], Cmp::Ne),
            (&["is", "equal", "to"], Cmp::Eq),
            (&["is", "the", "same", "as"], Cmp::Eq),
            (&["is", "different", "from"], Cmp::Ne),
            (&["is", "not"], Cmp::Ne),
            (&["isn't"], Cmp::Ne),
            (&["isn’t"], Cmp::Ne),
            (&["does", "not", "equal"], Cmp::Ne),
            (&["doesn't", "equal"], Cmp::Ne),
            (&["equals"], Cmp::Eq),
            (&["gives"], Cmp::Eq),
            (&["makes"], Cmp::Eq),
            (&["yields"], Cmp::Eq),
            (&["comes", "to"], Cmp::Eq),
            (&["comes", "out", "as"], Cmp::Eq),
            (&["comes", "out", "to"], Cmp::Eq),
            (&["works", "out", "to"], Cmp::Eq),
            (&["works", "out", "as"], Cmp::Eq),
            (&["turns", "out", "to", "be"], Cmp::Eq),
            (&["results", "in"], Cmp::Eq),
            (&["happens", "to", "be"], Cmp::Eq),
            (&["leaves", "you", "with"], Cmp::Eq),
            (&["leaves", "us", "with"], Cmp::Eq),
            (&["returns"], Cmp::Eq),
            (&["coincides", "with"], Cmp::Eq),
            // A correction states the true value: "the inverse of 7 should read 11".
            (&["should", "read"], Cmp::Eq),
            // "then 20 ⊗ 20 should be 28", "must be 6": asserted, not supposed.
            (&["should", "be"], Cmp::Eq),
            (&["must", "be"], Cmp::Eq),
            (&["will", "be"], Cmp::Eq),
            (&["has", "to", "be"], Cmp::Eq),
            // A misprint denies the value printed: "8 ⊗ 8 was misprinted as 12".
            (&["was", "misprinted", "as"], Cmp::Ne),
            (&["is", "misprinted", "as"], Cmp::Ne),
            (&["was", "mistyped", "as"], Cmp::Ne),
            (&["was", "wrongly", "given", "as"], Cmp::Ne),
            (&["was", "wrongly", "printed", "as"], Cmp::Ne),
            (&["was", "not"], Cmp::Ne),
            (&["wasn't"], Cmp::Ne),
            (&["wasn’t"], Cmp::Ne),
            (&["is"], Cmp::Eq),
            (&["was"], Cmp::Eq),
        ];
        // "the nim-product of 3 and 5, which is 15": a relative clause for the verb; "…,
        // and it comes to 15", "…; it is 15": a pronoun for what was just named.
        let save = (self.at, self.loose);
        let comma = self.gap() == ",";
        if comma || self.gap() == ";" {
            self.loose = Some(self.at);
            let lead = if comma {
                self.word(&["which"]).or_else(|| self.words(&["and", "it"]))
            } else {
                self.word(&["it"])
            };
            if let Some(which) = lead
                && let Some(cmp) = self.comparison()
            {
                return Some(Token::new(cmp.tok, which.start..cmp.span.end));
            }
            (self.at, self.loose) = save;
        }
        // "is a number smaller than".
        let save = self.at;
        if let Some(from) = self.words(&["is", "a"]) {
            if self.word(&["number", "nimber"]).is_some() {
                let cmp = if self.word(&["greater", "larger", "bigger"]).is_some() {
                    Some(Cmp::Gt)
                } else if self.word(&["smaller", "less"]).is_some() {
                    Some(Cmp::Lt)
                } else {
                    None
                };
                if let (Some(cmp), Some(than)) = (cmp, self.word(&["than"])) {
                    return Some(Token::new(Tok::Cmp(cmp), from.start..than.end));
                }
            }
            self.at = save;
        }
        let found = alternatives
            .iter()
            .find_map(|(seq, cmp)| self.words(seq).map(|span| Token::new(Tok::Cmp(*cmp), span)))?;
        // "is still 13", "is again 6": an adverb that leaves the equation as it was.
        if found.tok == Tok::Cmp(Cmp::Eq)
            && self.text[found.span.clone()].eq_ignore_ascii_case("is")
            && let Some(adverb) = self.word(&ADVERBS)
        {
            return Some(Token::new(found.tok, found.span.start..adverb.end));
        }
        Some(found)
    }

    /// Returns whether the clause ends after the last number: no word continues it.
    fn ends(&self, text: &str) -> bool {
        let Some(last) = self.tokens.last() else {
            return false;
        };
        if super::goes_on(text, last.span.end).is_some() {
            return false;
        }
        let after = &text[last.span.end..];
        // "1.5" or "2,5": the number goes on.
        let mut rest = after.chars();
        if matches!(rest.next(), Some('.' | ',')) && rest.next().is_some_and(|c| c.is_ascii_digit())
        {
            return false;
        }
        !continued(self.w, self.at)
    }
}

/// Asides set off by commas that a form passes over: they say nothing of the claim.
const ASIDES: [&[&str]; 8] = [
    &["by", "contrast"],
    &["however"],
    &["in", "turn"],
    &["for", "example"],
    &["for", "instance"],
    &["of", "course"],
    &["in", "fact"],
    &["too"],
];

/// Adverbs a form may pass over before any word it reads: they say nothing of the claim.
const TRANSPARENT: [&str; 7] = [
    "also",
    "still",
    "indeed",
    "altogether",
    // "she correctly gets 6": an endorsement, which changes nothing the claim says.
    "correctly",
    "rightly",
    "duly",
];

/// Adverbs after "is" that leave its equation as it was: "8 + 4 + 1 is still 13".
const ADVERBS: [&str; 9] = [
    "still",
    "only",
    "again",
    "just",
    "simply",
    "exactly",
    "indeed",
    "also",
    "therefore",
];

/// Symbols that make a statement of what stands next to them: nimber operators and
/// comparisons, in every spelling the statement lexer reads.
const STATEMENT_SYMBOLS: &str = "⊗⊕⨂⨁=≠＝≡≢";

/// Returns whether `text` before `at` ends, past spaces, in a character of `set`.
fn symbol_before(text: &str, at: usize, set: &str) -> bool {
    text[..at]
        .trim_end()
        .chars()
        .next_back()
        .is_some_and(|c| set.contains(c))
}

/// Returns whether `text` after `at` starts, past spaces, with a character of `set`.
fn symbol_after(text: &str, at: usize, set: &str) -> bool {
    text[at..]
        .trim_start()
        .chars()
        .next()
        .is_some_and(|c| set.contains(c))
}

/// Returns whether `text` holds a nimber operation a reader recognises: an operator, an
/// inverse, a root, a star value, or a call of the language's functions.
fn has_nimber_operation(text: &str) -> bool {
    if !may_hold_operation(text) {
        return false;
    }
    let star_value = text
        .match_indices(['*', '∗', '⋆'])
        .any(|(i, s)| text[i + s.len()..].starts_with(|d: char| d.is_ascii_digit()));
    star_value
        || text.contains(['⊗', '⊕', '⨂', '⨁', '⊻', '√', '⁻'])
        || ["inv(", "sqrt(", "mex(", "ord(", "mex{"]
            .iter()
            .any(|f| text.contains(f))
}

/// Returns false only for ASCII text with no `*`, `(` or `{`, which holds no nimber
/// operation, statement symbol, star value or call.
fn may_hold_operation(text: &str) -> bool {
    !text.is_ascii() || text.contains(['*', '(', '{'])
}

/// Returns whether `text` before `at` ends in an expression written in symbols that holds
/// a nimber operation: "so 2 ⊗ 3" before "is 1", but not "rule 2" before "gives", even
/// when an operator stands earlier in the sentence.
fn expression_before(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end();
    // A letter standing alone is a variable ("a ⊕ b is 0"); one in a word is prose.
    let lone = |i: usize, c: char| {
        c.is_ascii_alphabetic()
            && !before[..i].ends_with(|d: char| d.is_alphabetic())
            && !before[i + 1..].starts_with(|d: char| d.is_alphabetic())
    };
    let operand = before.char_indices().next_back().is_some_and(|(i, c)| {
        c.is_ascii_digit()
            || c == ')'
            || c == '}'
            || "ω²³⁰¹⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉".contains(c)
            || lone(i, c)
    });
    // The expression: the symbols right before the word, and a function name before `(`.
    let symbol = |i: usize, c: char| {
        c.is_ascii_digit()
            || c.is_whitespace()
            || "⊗⊕⨂⨁⊻+×·⋅^/÷(){},⁻√∗*⋆ωα⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉".contains(c)
            || lone(i, c)
    };
    let mut start = before.len();
    for (i, c) in before.char_indices().rev() {
        if !symbol(i, c) {
            break;
        }
        start = i;
    }
    let mut expression = &before[start..];
    for f in ["inv", "sqrt", "mex", "ord"] {
        if before[..start].ends_with(f) && expression.starts_with(['(', '{']) {
            expression = &before[start - f.len()..];
        }
    }
    // An ordinal term is a value of the language on its own: "α₅ equals 4", "ω ⊗ ω is …".
    let ordinal = expression.contains('ω')
        || expression
            .char_indices()
            .any(|(i, c)| c == 'α' && expression[i + c.len_utf8()..].starts_with(SUBSCRIPTS));
    // "the inverse of ω + 1 is …": the ordinal is an argument, not the claim's side.
    let argument = before[..before.len() - expression.len()]
        .trim_end()
        .to_lowercase()
        .ends_with(" of");
    // "the nim-square of 2^63 is …": an argument too.
    operand
        && (has_nimber_operation(expression)
            || (plain_operation(expression) && !argument)
            || (ordinal && !argument))
}

/// Returns whether an operator of ordinary arithmetic (`+ ^ / × · ⋅ ÷`) stands between
/// two digits of `text`, spaces aside: "8 + 4", "1/2". Most prose, links included, has none.
fn operator_between_digits(text: &str) -> bool {
    let b = text.as_bytes();
    // Searches by memchr first: most text holds no operator at all.
    let any = b.contains(&b'+')
        || b.contains(&b'^')
        || b.contains(&b'/')
        || ["×", "÷", "·", "⋅"].iter().any(|op| text.contains(op));
    if !any {
        return false;
    }
    let digit_before = |i: usize| {
        b[..i]
            .iter()
            .rev()
            .find(|c| **c != b' ')
            .is_some_and(u8::is_ascii_digit)
    };
    let digit_after = |i: usize| {
        b.get(i..)
            .and_then(|r| r.iter().find(|c| **c != b' '))
            .is_some_and(u8::is_ascii_digit)
    };
    // By bytes, so most text, which has none, is passed over without decoding it.
    (0..b.len()).any(|i| {
        let len = match (b[i], b.get(i + 1), b.get(i + 2)) {
            (b'+' | b'^' | b'/', _, _) => 1,
            // × ÷ ·
            (0xC3, Some(0x97 | 0xB7), _) | (0xC2, Some(0xB7), _) => 2,
            // ⋅
            (0xE2, Some(0x8B), Some(0x85)) => 3,
            _ => return false,
        };
        digit_before(i) && digit_after(i + len)
    })
}

/// Returns whether an expression is ordinary arithmetic on numbers alone, an operator
/// between digits and no letter: "8 + 4 + 1", which plain mode reads both ways.
fn plain_operation(expression: &str) -> bool {
    expression.contains(['+', '×', '·', '⋅', '^', '/', '÷'])
        && expression.contains(|c: char| c.is_ascii_digit())
        && !expression.contains(|c: char| c.is_alphabetic())
}

/// The subscript digits of αₚ.
const SUBSCRIPTS: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];

/// Returns whether a number standing alone starts a clause at byte `at` of `text` (only
/// spaces, or a stop, a colon or a bracket, before it): "Twelve is 8 ⊗ 8", "So, 13 is …".
fn clause_start(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end();
    before.is_empty() || before.ends_with(['.', ':', ';', '(', '!', '?'])
}

/// Returns whether `at` opens a clause, or follows a word that joins one to what came
/// before ("Thus 13 is 8 ⊗ 8", "…, and thirteen is 8 ⊗ 8", "Since 8 is 2 ⊗ 4").
fn clause_opens(text: &str, at: usize) -> bool {
    if clause_start(text, at) {
        return true;
    }
    let before = text[..at].trim_end();
    let word_at = before.rfind(|c: char| !c.is_alphabetic()).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    let word = before[word_at..].to_lowercase();
    // "The nimber 13 is 8 ⊗ 8": the number named by its noun; "For example 6, 11 and 13 all
    // cube to 8": the numbers after a lead.
    let lead = match word.as_str() {
        "nimber" | "number" | "element" | "value" => Some("the"),
        "example" | "instance" => Some("for"),
        _ => None,
    };
    if let Some(lead) = lead {
        let head = text[..word_at].trim_end();
        let at = head.len().saturating_sub(lead.len());
        return head.get(at..).is_some_and(|t| t.eq_ignore_ascii_case(lead))
            && clause_opens(text, at);
    }
    JOINERS.contains(&word.as_str())
        && (clause_start(text, word_at) || text[..word_at].trim_end().ends_with(','))
}

/// Words that open a clause joined to the one before.
const JOINERS: [&str; 10] = [
    "and",
    "so",
    "thus",
    "hence",
    "then",
    "since",
    "because",
    "therefore",
    "but",
    "now",
];

/// Returns whether `text` from `at` is an expression in symbols with a nimber operation
/// up to the end of its clause: "8 ⊗ 8" after "Twelve is".
fn expression_after(text: &str, at: usize) -> bool {
    let rest = &text[at..];
    let end = rest
        .find(['.', ';', ',', ':', '!', '?'])
        .unwrap_or(rest.len());
    let clause = rest[..end].trim();
    !clause.is_empty()
        && nimber_expression(clause)
        && clause.starts_with(|c: char| c.is_ascii_digit() || c == '(' || c == 'ω')
}

/// Returns whether a number, or a star value (`*7`), starts at word `i` right after a
/// comparison ending at `after`, and does not go on into more words ("is one of").
fn value_at(text: &str, w: &[Word], i: usize, after: usize) -> bool {
    let rest = text[after..].trim_start();
    if rest.starts_with('ω') {
        return true;
    }
    if rest
        .strip_prefix(['*', '∗', '⋆'])
        .is_some_and(|r| r.trim_start().starts_with(|d: char| d.is_ascii_digit()))
    {
        return true;
    }
    let Some(n) = w.get(i).filter(|n| n.joined).and_then(|_| number(w, i)) else {
        return false;
    };
    // "is one of the entries" goes on past the number: no equation.
    !continued(w, i + n.len)
}

/// Returns whether the word at `k` carries the number before it into something else:
/// "15 more than", "one and a half times". A text that stops after "and" or "and a" may
/// go on so after a line break.
fn continued(w: &[Word], k: usize) -> bool {
    let joined = |k: usize, options: &[&str]| {
        w.get(k)
            .is_some_and(|x| x.joined && options.contains(&x.text.as_ref()))
    };
    let fraction = || {
        w.get(k + 2).is_none() || joined(k + 2, &["half", "third", "quarter", "fifth", "eighth"])
    };
    joined(k, &CONTINUATIONS)
        || (joined(k, &["and"])
            && (w.get(k + 1).is_none() || (joined(k + 1, &["a", "an", "one"]) && fraction())))
}

/// LaTeX commands a reader of prose takes as the symbols they typeset, when an author
/// leaves out the `$`: "2 \otimes 3 = 1".
const COMMANDS: [(&str, &str); 9] = [
    ("\\otimes", "⊗"),
    ("\\oplus", "⊕"),
    ("\\times", "×"),
    ("\\cdot", "·"),
    ("\\ast", "∗"),
    ("\\neq", "≠"),
    ("\\ne", "≠"),
    ("\\leq", "≤"),
    ("\\geq", "≥"),
];

/// Returns the LaTeX commands of `text` that stand for a symbol, with the symbol.
fn commands(text: &str) -> Vec<(Range<usize>, String)> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices('\\') {
        let rest = &text[at..];
        let name_len = 1 + rest[1..]
            .bytes()
            .take_while(u8::is_ascii_alphabetic)
            .count();
        if let Some((_, symbol)) = COMMANDS.iter().find(|(c, _)| *c == &rest[..name_len]) {
            out.push((at..at + name_len, symbol.to_string()));
        }
    }
    out
}

/// Rewrites what a reader takes as part of a statement written in symbols, each padded
/// with spaces to its own length so offsets stay those of `text`: LaTeX commands left
/// outside math ("2 \otimes 3 = 1"), a comparison in words after an expression ("2 ⊗ 3
/// is 1", "equals", "is not") and number words next to an operator or a comparison ("two
/// ⊗ three = one"). `None` when there are none.
pub(super) fn as_symbols(text: &str) -> Option<String> {
    // Every command holds a backslash, and every symbol, star or call below a `*`, `(`,
    // `{` or a character outside ASCII: most prose has none, and is not copied.
    let plain = operator_between_digits(text);
    if !may_hold_operation(text) && !text.contains('\\') && !plain {
        return None;
    }
    let commands = commands(text);
    let mut text = apply(text, &commands);
    let mut changed = !commands.is_empty();
    // The symbols are all outside ASCII: most characters are ruled out without a search.
    let symbol = |c: char| !c.is_ascii() && STATEMENT_SYMBOLS.contains(c);
    if !text.contains(symbol)
        && !has_nimber_operation(&text)
        && !text.contains(['ω', 'α'])
        && !plain
    {
        return changed.then_some(text);
    }
    // Number words next to a symbol first, so a comparison after "two ⊗ three" sees the
    // expression it follows; then the comparisons, and number words right after them.
    let numbers = number_words(&text, |text, span| {
        symbol_before(text, span.start, STATEMENT_SYMBOLS)
            || symbol_after(text, span.end, STATEMENT_SYMBOLS)
    });
    changed |= !numbers.is_empty();
    text = apply(&text, &numbers);
    let w = words(&text);
    let mut compared: Vec<(Range<usize>, String)> = Vec::new();
    let mut i = 0;
    while i < w.len() {
        let mut m = Matcher::new(&text, &w, crate::math::lexicon::builtin(), i);
        // The result first: a number alone at a clause's start, then an expression.
        let result_first = |cmp: &Token| {
            i > 0
                && number(&w, i - 1).is_some_and(|n| n.len == 1)
                && clause_opens(&text, w[i - 1].span.start)
                && expression_after(&text, cmp.span.end)
        };
        // "The fourth, ω ⊗ ω ⊗ ω ⊗ ω, is ω·2": a formula set off by commas, then its verb.
        let set_off = |cmp: &Token, at: usize| {
            let before = text[..cmp.span.start].trim_end();
            let comma = before.strip_suffix(',')?.len();
            let formula = &before[before[..comma].rfind(',').map_or(0, |c| c + 1)..comma];
            (formula.contains(['⊗', '⊕'])
                && expression_before(&text, comma)
                && value_at(&text, &w, at, cmp.span.end))
            .then_some(comma..cmp.span.end)
        };
        let cmp = m.comparison();
        let equals = cmp.as_ref().filter(|c| c.tok == Tok::Cmp(Cmp::Eq));
        if let Some(span) = equals.and_then(|c| set_off(c, m.at)) {
            compared.push((span, "=".to_string()));
            i = m.at;
            continue;
        }
        match cmp {
            Some(cmp)
                if (expression_before(&text, cmp.span.start)
                    && value_at(&text, &w, m.at, cmp.span.end))
                    || result_first(&cmp) =>
            {
                let symbol = match cmp.tok {
                    Tok::Cmp(Cmp::Ne) => "≠",
                    Tok::Cmp(Cmp::Lt) => "<",
                    Tok::Cmp(Cmp::Le) => "≤",
                    Tok::Cmp(Cmp::Gt) => ">",
                    Tok::Cmp(Cmp::Ge) => "≥",
                    _ => "=",
                };
                compared.push((cmp.span.clone(), symbol.to_string()));
                i = m.at;
            }
            _ => i += 1,
        }
    }
    changed |= !compared.is_empty();
    text = apply(&text, &compared);
    let after = number_words(&text, |text, span| {
        compared.iter().any(|(r, _)| {
            (r.end <= span.start && text[r.end..span.start].trim().is_empty())
                || (span.end <= r.start && text[span.end..r.start].trim().is_empty())
        })
    });
    changed |= !after.is_empty();
    text = apply(&text, &after);
    changed.then_some(text)
}

/// Returns the number words of `text` (not plain digits) that `keep` accepts, each with
/// its digits.
fn number_words(
    text: &str,
    keep: impl Fn(&str, &Range<usize>) -> bool,
) -> Vec<(Range<usize>, String)> {
    let w = words(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < w.len() {
        let digits = w[i].text.bytes().all(|b| b.is_ascii_digit());
        match number(&w, i).filter(|_| !digits) {
            Some(n) => {
                let span = w[i].span.start..w[i + n.len - 1].span.end;
                if keep(text, &span) {
                    out.push((span, n.text));
                }
                i += n.len;
            }
            None => i += 1,
        }
    }
    out
}

/// Returns `text` with each span of `edits` (in order, apart) replaced by its text padded
/// with spaces to the span's length.
fn apply(text: &str, edits: &[(Range<usize>, String)]) -> String {
    let mut out = text.to_string();
    for (span, with) in edits.iter().rev() {
        let pad = span.len().saturating_sub(with.len());
        out.replace_range(span.clone(), &format!("{with}{}", " ".repeat(pad)));
    }
    out
}

/// Finds and reads every claim in words in `text`, with the games and nouns of `lex`.
pub(super) fn read_words(text: &str, lex: &Lexicon) -> Vec<Found> {
    read_words_with(text, lex, None, None)
}

/// Does what [`read_words`] does for a line of a paragraph whose lines before it named
/// `context`, the game positions with no game named are in, and with `before`, the text of
/// the blocks before the text's own, to look back into.
pub(super) fn read_words_with(
    text: &str,
    lex: &Lexicon,
    context: Option<&str>,
    before: Option<&str>,
) -> Vec<Found> {
    let mut out = Vec::new();
    if !may_hold_number(text) {
        return out;
    }
    let w = words(text);
    // Every form reads at least one number: prose without one holds no claim in words.
    if !w.iter().any(holds_number) {
        return out;
    }
    // Every form reads a number within a few words of its start, so only the words
    // shortly before a number (or at it, or after it) may start a claim; in a long
    // paragraph with one number the grammar is not tried at every word.
    let numbered: Vec<usize> = (0..w.len()).filter(|&k| holds_number(&w[k])).collect();
    // No form reads across a sentence's end, so a claim starts in a sentence that holds a
    // number: in a paragraph with one number, only its sentence is tried.
    let sentence = sentences(text, &w);
    let claimable = claimable(text, &w, &sentence, lex);
    let stated = stated_parts(text, &w, &sentence, &claimable);
    let live = |i: usize| {
        if !claimable[sentence[i]] || !stated[sentence[i]].contains(&w[i].span.start) {
            return false;
        }
        let next = numbered.partition_point(|&k| k < i);
        let ahead = numbered
            .get(next)
            .is_some_and(|&k| k - i <= REACH && sentence[k] == sentence[i]);
        let behind = next > 0 && sentence[numbered[next - 1]] == sentence[i];
        let opens = i > 0 && sentence[i - 1] != sentence[i] && points_back(&w[i]);
        ahead || behind || opens
    };
    let mut i = 0;
    while i < w.len() {
        if !live(i) {
            i += 1;
            continue;
        }
        match claim_at(text, &w, i, lex, context, before) {
            Some((next, found)) => {
                out.extend(found);
                i = next.max(i + 1);
            }
            None => i += 1,
        }
    }
    out
}

/// Returns, for each sentence of `w`, the bytes of it that state facts: not a question's,
/// nor a task's set to the reader, but what a task asks to be shown (see
/// [`crate::math::lexicon::stated`]).
fn stated_parts(
    text: &str,
    w: &[Word],
    sentence: &[usize],
    claimable: &[bool],
) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < w.len() {
        let id = sentence[k];
        let next = k + sentence[k..].partition_point(|&s| s == id);
        let start = w[k].span.start;
        let end = w.get(next).map_or(text.len(), |n| n.span.start);
        // A sentence no form may read needs no look.
        let part = if claimable.get(id).copied().unwrap_or(false) {
            crate::math::lexicon::stated(&text[start..end])
        } else {
            0..end - start
        };
        out.push(start + part.start..start + part.end);
        k = next;
    }
    out
}

/// Returns whether a sentence that opens with `word` may speak of the numbers of the
/// sentence before: "Together they …", "They are together …".
fn points_back(word: &Word) -> bool {
    matches!(word.text.as_ref(), "together" | "they")
}

/// Returns, for each sentence of `w`, whether it holds something besides its numbers that
/// a form reads: a word of the lexicon's notions or games, a word of the grammar's own
/// below, or a sign outside plain ASCII prose.
fn claimable(text: &str, w: &[Word], sentence: &[usize], lex: &Lexicon) -> Vec<bool> {
    let count = sentence.last().map_or(0, |&s| s + 1);
    // Only a sentence with a number may hold a claim in words.
    let mut numbered = vec![false; count];
    for (k, word) in w.iter().enumerate() {
        numbered[sentence[k]] |= holds_number(word);
    }
    // "… are each worth 2. Together they are a first-player win": a sentence that opens
    // with "they" or "together" may speak of the numbers of the sentence before.
    for k in 1..w.len() {
        let s = sentence[k];
        if s != sentence[k - 1] && s > 0 && numbered[s - 1] && points_back(&w[k]) {
            numbered[s] = true;
        }
    }
    let mut out = vec![false; count];
    for (k, word) in w.iter().enumerate() {
        let s = sentence[k];
        if out[s] || !numbered[s] {
            continue;
        }
        let gap_start = if k == 0 { 0 } else { w[k - 1].span.end };
        let gap = &text[gap_start..word.span.start];
        let signs = |t: &str| {
            t.bytes()
                .any(|b| !b.is_ascii() || b"=+*^<>/%|{}[]\\$".contains(&b))
        };
        let t = word.text.trim_end_matches("'s");
        out[s] = signs(gap)
            || !word.text.is_ascii()
            || GRAMMAR_WORDS.binary_search(&t).is_ok()
            || t.split('-').any(|p| lex.names_word(p));
        if k + 1 == w.len() && signs(&text[word.span.end..]) {
            out[s] = true;
        }
    }
    out
}

/// The words the forms read (besides numbers, signs and the lexicon's notions and games),
/// but for the function words every sentence holds: a sentence with none of them, and no
/// notion, game or sign, holds no claim in words. Sorted, for a binary search.
#[rustfmt::skip]
pub(super) const GRAMMAR_WORDS: &[&str] = &[
    "2-power", "2-powers", "2nd", "3rd", "9th", "about", "above", "absent", "act", "acts", "add",
    "added", "adding", "addition", "adds", "after", "again", "all", "alone", "already", "although",
    "among", "answer", "anywhere", "apart", "appears", "approximately", "arises", "arithmetic",
    "around", "arrive", "arrives", "assigns", "avoid", "avoids", "away", "back", "bean", "beans",
    "become", "becomes", "before", "begin", "beginning", "begins", "behave", "behaves", "being",
    "belongs", "below", "beside", "between", "bigger", "biggest", "binary", "bits", "board", "both",
    "bound", "bring", "brings", "but", "can", "can't", "cannot", "carries", "cells", "cent",
    "chips", "clear", "clearing", "climbs", "closed", "coin", "coincides", "coins", "colored",
    "coloured", "column", "combined", "combining", "come", "comes", "coming", "computed",
    "computes", "contain", "containing", "contains", "corners", "count", "counter", "counters",
    "counting", "covers", "cross", "crossed", "cube", "cubed", "cubes", "cubing", "cut", "cuts",
    "cutting", "cycle", "cycles", "cyclic", "dead", "deg", "degree", "different", "digits",
    "distinct", "divide", "divided", "divides", "dividing", "division", "divisors", "doesn't",
    "down", "each", "eighth", "eighths", "either", "element", "elements", "eleventh", "empty",
    "emptying", "ends", "entries", "entry", "equal", "equals", "equivalent", "evaluated",
    "evaluates", "eventually", "ever", "every", "exactly", "example", "exceed", "exceeding",
    "exceeds", "except", "exception", "exceptional", "exceptions", "excess", "exchanges",
    "excludant", "exclude", "excluded", "excludes", "expression", "expressions", "faces", "facing",
    "fail", "fall", "falls", "fermat", "few", "fewer", "field", "fields", "fifteenth", "fifth",
    "fifths", "final", "finally", "find", "finds", "finite", "first", "first-player", "fixed",
    "fixes", "forbid", "force", "form", "forms", "found", "four", "fourth", "fourths", "frobenius",
    "game", "games", "gap", "gave", "generate", "generated", "generates", "generator", "get",
    "gets", "gf", "give", "gives", "go", "goes", "got", "greater", "greatest", "grid", "group",
    "grows", "grundy", "grundy-values", "half", "halves", "hand", "hands", "has", "head", "heads",
    "heap", "heaps", "hence", "higher", "highest", "highlighted", "hits", "hold", "holding",
    "holds", "hundred", "inside", "instance", "integer", "integers", "interchanges", "inv",
    "inverse", "inverses", "inversion", "inverted", "inverting", "irregular", "isn't", "it's",
    "joint", "jumps", "just", "kayles", "keeps", "labeled", "labelled", "land", "lands", "larger",
    "largest", "last", "lastly", "lead", "least", "leave", "leaves", "leaving", "left", "length",
    "lengths", "less", "lesser", "lie", "lies", "likewise", "list", "lone", "lose", "loses",
    "losing", "loss", "losses", "lost", "lower", "lowers", "lowest", "make", "makes", "map", "maps",
    "marked", "match", "matches", "mex", "minimal", "minimum", "minus", "miss", "misses", "missing",
    "mod", "modulo", "more", "most", "move", "mover", "moves", "multipl", "multiples",
    "multiplication", "multiplications", "multiplicative", "multiplied", "multiplies", "multiply",
    "multiplying", "multiset", "must", "mutually", "n-position", "n-positions", "namely", "natural",
    "nearly", "need", "needs", "neither", "never", "next", "next-player", "nim", "nim-", "nim-add",
    "nim-added", "nim-adding", "nim-addition", "nim-adds", "nim-cube", "nim-cubed", "nim-cubes",
    "nim-divide", "nim-dividing", "nim-inverse", "nim-inverting", "nim-multiplication",
    "nim-multiplied", "nim-multiplies", "nim-multiply", "nim-multiplying", "nim-plus", "nim-power",
    "nim-powers", "nim-product", "nim-products", "nim-quotient", "nim-reciprocal",
    "nim-reciprocals", "nim-square", "nim-squared", "nim-squares", "nim-squaring", "nim-sum",
    "nim-sums", "nim-times", "nim-value", "nim-values", "nimber", "nimbers", "nimproduct", "nimsum",
    "ninth", "no", "non-empty", "non-negative", "non-zero", "none", "nonempty", "nonnegative",
    "nonzero", "not", "nothing", "number", "numbers", "obtained", "obtains", "occur", "occurs",
    "octal", "off", "offers", "omitted", "once", "one", "ones", "only", "onward", "onwards",
    "option", "options", "or", "ord", "order", "orders", "ordinal", "ordinals", "ordinary", "other",
    "other's", "out", "outset", "outside", "over", "overall", "own", "p-position", "p-positions",
    "pair", "pairs", "pass", "passes", "pattern", "per", "percent", "period", "periodic",
    "permutes", "pile", "piles", "pins", "place", "placed", "played", "player", "plus",
    "polynomial", "position", "positions", "possible", "power", "powers", "pre-period", "precisely",
    "preperiod", "present", "previous", "previous-player", "prime", "primitive", "produce",
    "produces", "product", "products", "proper", "quarter", "quarters", "quotient", "raised",
    "raising", "range", "reach", "reached", "reaches", "read", "reads", "reciprocal", "reciprocals",
    "recur", "recurs", "reduce", "reduces", "reducing", "remain", "remainder", "remains", "remove",
    "removes", "removing", "repeat", "repeating", "repeats", "repetition", "respectively",
    "results", "return", "returning", "returns", "rise", "rises", "root", "roots", "roughly",
    "round", "row", "rows", "rule", "run", "runs", "same", "second", "second-player", "sends",
    "sense", "sent", "sequence", "sequences", "set", "sets", "settle", "settles", "seventh",
    "shaded", "show", "shows", "shrink", "shrinks", "side", "similarly", "single", "sits", "sixth",
    "sixths", "size", "sizes", "skips", "skittles", "smaller", "smallest", "split", "splits",
    "sqrt", "square", "squared", "squares", "squaring", "stars", "start", "starting", "starts",
    "stay", "stays", "step", "steps", "stone", "stones", "strategy", "strip", "strips", "subfield",
    "subfields", "subtraction", "successive", "sum", "sums", "sure", "survives", "survivor",
    "swaps", "table", "take", "take-away", "taken", "takes", "taking", "tenth", "terms", "them",
    "then", "there", "these", "they", "thing", "third", "thirds", "this", "those", "though",
    "thousand", "three", "three-dimensional", "thrice", "through", "thus", "times", "together",
    "token", "tokens", "too", "total", "turn", "turning", "twelfth", "twentieth", "twice", "two",
    "two-dimensional", "two-element", "ultimately", "unchanged", "under", "unique", "units",
    "until", "up", "usual", "value", "valued", "values", "vanishes", "very", "way", "ways", "well",
    "whereas", "which", "while", "whoever", "whole", "whose", "will", "win", "winning", "wins",
    "without", "won", "worth", "xoring", "yet", "yield", "yields", "zero", "zeros",
];

/// Function words the forms read, which alone make no claim.
#[rustfmt::skip]
#[cfg(test)]
pub(super) const FUNCTION_WORDS: &[&str] = &[
    "'s", "a", "already", "also", "always", "amounts", "an", "and", "any", "are", "as", "at", "b",
    "be", "because", "by", "code", "do", "does", "don't", "each", "f2", "for", "from", "happens",
    "has", "have", "having", "here", "if", "in", "indeed", "into", "is", "it", "its", "itself",
    "know", "like", "may", "means", "n", "obtain", "of", "on", "onto", "proves", "s", "saw", "seen",
    "should", "simply", "since", "so", "still", "th", "than", "that", "the", "their", "then",
    "there", "therefore", "they", "this", "those", "thus", "to", "too", "turns", "up", "we", "were",
    "what", "when", "where", "which", "while", "with", "within", "yet", "you", "’s",
];

/// How many words before its first number a claim in words may start.
const REACH: usize = 24;

/// Returns the index of the sentence each word of `w` lies in: a sentence ends at `.`,
/// `!` or `?` followed by a space and a word that starts with a capital letter.
fn sentences(text: &str, w: &[Word]) -> Vec<usize> {
    let mut id = 0;
    let mut out = Vec::with_capacity(w.len());
    for k in 0..w.len() {
        if k > 0 && starts_sentence(text, w, k) {
            id += 1;
        }
        out.push(id);
    }
    out
}

/// Returns whether word `k` starts a sentence: the text's first word, or one that starts
/// with a capital letter after `.`, `!` or `?` and a space.
fn starts_sentence(text: &str, w: &[Word], k: usize) -> bool {
    let Some(before) = k.checked_sub(1).map(|p| &w[p]) else {
        return true;
    };
    let gap = &text[before.span.end..w[k].span.start];
    let ends = gap
        .find(['.', '!', '?'])
        .is_some_and(|at| gap[at + 1..].starts_with(char::is_whitespace));
    ends && text[w[k].span.start..].starts_with(char::is_uppercase)
}

/// Returns whether a word of `text` may start a number, without splitting it into words:
/// false only for ASCII text with no digit and no piece between other characters, `-`
/// and `'` that is a number word, which is most prose.
fn may_hold_number(text: &str) -> bool {
    if !text.is_ascii() || text.bytes().any(|b| b.is_ascii_digit()) {
        return true;
    }
    let named = |piece: &str| {
        UNITS
            .iter()
            .chain(TENS.iter())
            .any(|n| n.eq_ignore_ascii_case(piece))
    };
    text.split(|c: char| !c.is_ascii_alphabetic()).any(named)
}

/// Tries each form of the grammar at word `i`; returns the word after the claim and what
/// was found.
fn claim_at(
    text: &str,
    w: &[Word],
    i: usize,
    lex: &Lexicon,
    context: Option<&str>,
    before: Option<&str>,
) -> Option<(usize, Vec<Found>)> {
    type Form = fn(&mut Matcher<'_>) -> Option<Vec<Found>>;
    let forms: &[Form] = &[
        // A move in Nim is read from a whole sentence, before any form reads part of it.
        play::nim_play,
        subtraction_code,
        so_too,
        respectively,
        respectively_expressions,
        operation,
        nim_sense_after,
        but_in_nim,
        divided_by,
        has_compared,
        adding_positions,
        positions_together,
        they_together,
        positions_each_value,
        positions_values,
        with_positions,
        worth_more,
        none_worth_more,
        values_ceiling,
        label_facts,
        counted_arrow_moves,
        winning_moves_here,
        function,
        case_for,
        count_named,
        whose_function,
        its_notion,
        power_named_before,
        it_has,
        squares_to,
        function_terms,
        square_of,
        nim_sum_of_range,
        sum_of,
        extreme_of_first,
        extreme_below,
        largest_value,
        winning_move,
        to_win,
        play::winning_move_exists,
        positions_residues,
        value_is_residue,
        code_is,
        move_rule,
        values_fraction,
        first_values_fraction,
        fraction_count,
        sizes_count,
        first_sizes_with,
        smallest_with,
        first_with_after,
        first_appears,
        first_climbs,
        none_until,
        table_row,
        table_cells,
        table_entries,
        options_mex,
        no_options,
        no_zero_product,
        of_them,
        table_range_fraction,
        ordinal_root,
        generated_field,
        stones,
        field_sizes,
        subfield_count,
        field_count,
        orders::order_census,
        orders::remaining_order,
        orders::range_census,
        orders::order_item,
        orders::nonzero_of_field,
        orders::primitive_count,
        orders::least_primitive,
        orders::orders_occur,
        orders::elements_have_orders,
        orders::each_has_roots,
        orders::outside_subfields,
        positions::positions_census,
        elements_are,
        squaring_fixes,
        power_reach,
        first_fermat,
        fixed_by_squaring,
        has_terms,
        has,
        participle_pair,
        pair,
        ordinal_pair,
        squared,
        raised_to,
        by_itself,
        count,
        count_of_range_first,
        options_of,
        pairs_exclude,
        they_exclude,
        after_pairs,
        excluded_set,
        pairs_with_product,
        their_nim_sum,
        listed_nim_sum,
        moves_to,
        move_count,
        game_value,
        game_at,
        game_gives,
        stars_worth,
        smallest_field,
        first_field_holding,
        game_period,
        same_period,
        both_period,
        exceptions_count,
        exceptions_of,
        player_to_move,
        named_field,
        unit_group,
        field,
        fields_named,
        root_of,
        mex_of,
        has_mex,
        in_set_mex,
        powers_run_through,
        powers_are,
        powers_of,
        returns_to_one,
        again,
        operates_and_gets,
        gives_as,
        apposed_value,
        code_which,
        powers_take_values,
        primitive,
        maps,
        divide_as_multiply,
        swaps,
        permutes,
        both,
        nim_sense,
        operation_unsensed,
        game_count,
        game_has_count,
        count_of_first,
        count_in_range,
        one_of_outcome,
        positions_below,
        sizes_below,
        minimal_polynomial,
        polynomial_first,
        ordinal_roots_of,
        roots_of,
        cube_roots,
        no_finite_root,
        power_of_nothing,
        only_own,
        own,
        in_field_named,
        every_has_roots,
        roots_count,
        subfield,
        every_element,
        orders::order_divides,
        whose_values,
        nth_power,
        map_applied,
        first_values,
        of_them_values,
        values_start,
        named_expression,
        polynomial_vanishes,
        least_unreached,
        image_count,
        result_first,
    ];
    let mut goes_on = None;
    for form in forms {
        let mut m = Matcher {
            context,
            before,
            ..Matcher::new(text, w, lex, i)
        };
        if let Some(mut found) = form(&mut m) {
            if m.ends(text) && condition_after(&m).is_none() {
                // Claims about a game named by its rule span the name; the form's own
                // claims start after it, so no two spans cross.
                if let Some(cut) = m.extra.iter().map(|f| f.span.end).max() {
                    let next = w.partition_point(|x| x.span.start < cut);
                    for f in &mut found {
                        if f.span.start < cut
                            && let Some(after) = w.get(next)
                        {
                            f.span.start = after.span.start.min(f.span.end);
                        }
                    }
                }
                found.append(&mut m.extra);
                let mut at = m.at;
                if let Some((f, next)) = which_is(&mut m) {
                    found.push(f);
                    at = next;
                }
                return Some((at, found));
            }
            // "is periodic with period 34 for heaps of 40 or more": a condition with a
            // number after the claim, which the claim as read leaves out.
            // The claims as read are kept, so one read false is shown false.
            if let Some(span) = condition_after(&m) {
                let lint = Lint::Unreadable(super::Unreadable {
                    span: span.clone(),
                    what: "a condition on it, which the claim as read leaves out".to_string(),
                    hint: "state the condition as the grammar reads it, or as its own sentence"
                        .to_string(),
                });
                found.push(Found { span, lint });
                goes_on.get_or_insert((m.at, found));
                continue;
            }
            // "is 3 squared", "is 6 ⊕ 1": the reader's claim goes on past what was read.
            let last = m.tokens.last().map_or(0, |t| t.span.end);
            if let Some(span) = super::goes_on(text, last) {
                let clause = found
                    .first()
                    .map_or(span.clone(), |f| f.span.start..span.end);
                let lint = Lint::Unreadable(super::Unreadable {
                    span,
                    what: "what follows it, which carries the claim on past its last number"
                        .to_string(),
                    hint: "write the whole claim in symbols, ending at its last number".to_string(),
                });
                // A later form may read the whole claim ("the inverse of ω is ω^2×3").
                goes_on.get_or_insert((m.at, vec![Found { span: clause, lint }]));
            }
        }
    }
    goes_on
}

/// Words that open a condition on what a claim says: "for heaps of 40 or more", "once the
/// heap has more than 40 counters", "from 40 on".
const CONDITIONS: [&str; 12] = [
    "for", "once", "when", "whenever", "beyond", "past", "after", "from", "above", "until",
    "except", "apart",
];

/// Of [`CONDITIONS`], the words that open a topic as often as a condition ("For 4 ⊗ 4 the
/// pairs …", "From heaps of 3, 5 and 7 …"): a condition only with a word of a range.
const TOPICS: [&str; 4] = ["for", "from", "when", "after"];

/// Returns whether word `k` makes a range of a number: "40 or more", "more than 40", "at
/// least 40", "from 40 on", "beyond 40".
fn range_word(m: &Matcher<'_>, k: usize) -> bool {
    let at = |j: usize, options: &[&str]| {
        m.w.get(j)
            .is_some_and(|w| options.contains(&w.text.as_ref()))
    };
    let after_number = k > 0 && holds_number(&m.w[k - 1]);
    match m.w[k].text.as_ref() {
        "more" | "less" | "fewer" => at(k + 1, &["than"]) || (k > 0 && at(k - 1, &["or"])),
        "greater" | "larger" | "bigger" | "smaller" => at(k + 1, &["than"]),
        "least" | "most" => k > 0 && at(k - 1, &["at"]),
        "on" | "onwards" | "onward" => after_number,
        "beyond" | "past" | "above" => true,
        // "after the last exception (heap 50)"
        "exception" | "exceptional" => k > 0 && at(k - 1, &["last", "final"]),
        _ => false,
    }
}

/// Returns whether the words `first..end` open a condition: a word of [`CONDITIONS`] first,
/// and, after a word that may open a topic, a word of a range.
fn opens_condition(m: &Matcher<'_>, first: usize, end: usize) -> bool {
    let word = m.w[first].text.as_ref();
    CONDITIONS.contains(&word)
        && (!TOPICS.contains(&word) || (first + 1..end.min(m.w.len())).any(|k| range_word(m, k)))
}

/// Words that set exceptions aside: "ignoring its seven exceptions, …", "…, apart from
/// heap sizes 0 and 14".
const EXCEPTING: [&str; 6] = [
    "apart",
    "except",
    "ignoring",
    "excluding",
    "besides",
    "aside",
];

/// Returns whether words `words` speak of a game's exceptions ("ignoring its seven
/// exceptions", "after the last exception (heap 50)"): a number there restricts a period.
fn exceptional(m: &Matcher<'_>, words: Range<usize>) -> bool {
    words.into_iter().any(|k| {
        ["exception", "exceptions", "exceptional", "irregular"].contains(&m.w[k].text.as_ref())
    })
}

/// Returns the span of a condition on the claim a form read that the claim leaves out: one
/// opening its sentence, or one right after it.
fn condition_after(m: &Matcher<'_>) -> Option<Range<usize>> {
    condition_before(m).or_else(|| condition_following(m))
}

/// Returns the span of a condition that opens the sentence before the words a form read
/// ("For heaps of 50 or more the values are periodic …") and holds a number the claim's
/// tokens do not.
fn condition_before(m: &Matcher<'_>) -> Option<Range<usize>> {
    let first = words_back(m, m.start).last()?;
    // The condition's clause: up to its first comma or colon.
    let end = (first + 1..m.start)
        .find(|&k| !m.w[k].joined)
        .unwrap_or(m.start);
    // "Ignoring the seven exceptional sizes, the values …": a clause about exceptions set
    // right before the claim.
    let excepting = end == m.start && exceptional(m, first..end);
    if !excepting && !opens_condition(m, first, end) {
        return None;
    }
    let used = |r: &Range<usize>| {
        m.tokens
            .iter()
            .any(|t| t.span.start <= r.start && r.end <= t.span.end)
    };
    let number = (first + 1..end)
        .find(|&k| holds_number(&m.w[k]) && m.w[k].text != "one" && !used(&m.w[k].span))?;
    Some(m.w[first].span.start..m.w[number].span.end)
}

/// Returns the span of a condition right after the words a form read, in the same clause.
fn condition_following(m: &Matcher<'_>) -> Option<Range<usize>> {
    let first = m.w.get(m.at)?;
    // The clause goes on past brackets: "after the last exception (heap 50)".
    let clause = |k: usize| {
        !m.text[m.w[k - 1].span.end..m.w[k].span.start].contains([',', ';', ':', '.', '!', '?'])
    };
    let end = (m.at + 1..m.w.len())
        .take(8)
        .take_while(|&k| clause(k))
        .last()
        .map_or(m.at + 1, |k| k + 1);
    // After a comma, only a clause setting exceptions aside: ", apart from its seven
    // exceptions".
    let comma = m.at > 0 && m.text[m.w[m.at - 1].span.end..first.span.start].trim() == ",";
    let excepting = EXCEPTING.contains(&first.text.as_ref()) && exceptional(m, m.at..end);
    if !(first.joined && opens_condition(m, m.at, end) || (first.joined || comma) && excepting) {
        return None;
    }
    let number = (m.at + 1..end).find(|&k| holds_number(&m.w[k]) && m.w[k].text != "one")?;
    Some(first.span.start..m.w[number].span.end)
}

/// Reads ", which is 7" after a claim that ends in an expression in symbols ("the square
/// of 6 is 6 ⊕ 3, which is 7"): the expression's value. Returns the claim and the word
/// after it.
fn which_is(m: &mut Matcher<'_>) -> Option<(Found, usize)> {
    // Most claims end with no ", which" or ", whose": say so before looking back.
    if !m.after_comma()
        || m.w
            .get(m.at)
            .is_none_or(|w| w.text != "which" && w.text != "whose")
    {
        return None;
    }
    if let Some(found) = which_has(m) {
        return Some(found);
    }
    if m.w.get(m.at).is_none_or(|w| w.text != "which") {
        return None;
    }
    let before = m.w.get(m.at.checked_sub(1)?)?.span.end;
    // The expression: the symbols and numbers just before the comma.
    let head = &m.text[..before];
    let from = head
        .char_indices()
        .rev()
        .take_while(|&(_, c)| c.is_ascii_digit() || " ⊕⊗()^ω".contains(c))
        .last()
        .map(|(i, _)| i)?;
    let expression = head[from..].trim();
    if !expression.contains(['⊕', '⊗']) || !expression.starts_with(|c: char| c.is_ascii_digit())
    {
        return None;
    }
    let start = from + (head[from..].len() - head[from..].trim_start().len());
    m.past_comma();
    m.word(&["which"])?;
    let cmp = m.comparison()?;
    let v = m.number()?;
    let src = format!("{expression} {} {}", cmp_text(&cmp)?, num_text(&v)?);
    let span = start..v.span.end;
    let found = claim_at_span(m, &src, span.clone(), span, Mode::Role)?;
    Some((found, m.at))
}

/// "…, which has order 5", "…, whose inverse is 15": a property of the number in digits
/// that ends the claim before the comma.
fn which_has(m: &mut Matcher<'_>) -> Option<(Found, usize)> {
    let save = (m.at, m.loose);
    let last = m.w.get(m.at.checked_sub(1)?)?;
    if !last.text.bytes().all(|b| b.is_ascii_digit()) || last.text.len() > 30 {
        return None;
    }
    let from = last.span.clone();
    m.past_comma();
    let read = (|| {
        let f = |w: &str| if w == "order" { "ord" } else { "inv" };
        let (name, cmp) = if m.word(&["which"]).is_some() {
            let has = m.word(&["has"])?;
            let name = m.word(&["order"])?;
            (f(&m.text[name]), Token::new(Tok::Cmp(Cmp::Eq), has))
        } else {
            m.word(&["whose"])?;
            let name = m.word(&["order", "inverse"])?;
            (f(&m.text[name]), m.comparison()?)
        };
        let v = m.number()?;
        let src = format!(
            "{name}({}) {} {}",
            &m.text[from.clone()],
            cmp_text(&cmp)?,
            num_text(&v)?
        );
        let span = from.start..v.span.end;
        claim_at_span(m, &src, span.clone(), span, Mode::Role)
    })();
    match read {
        Some(found) => Some((found, m.at)),
        None => {
            (m.at, m.loose) = save;
            None
        }
    }
}

/// Builds the claim of the matcher's tokens: `span` covers the whole clause.
fn finish(m: &Matcher<'_>, span: Range<usize>, mode: Mode) -> Found {
    let parsed = stmt::parse_tokens(&m.tokens, span.end, mode);
    Found {
        span,
        lint: judge(parsed, true),
    }
}

/// The span from word `from` to the end of the token that ends last (a result stated first
/// comes first in the words and last in the tokens).
fn clause(m: &Matcher<'_>, from: usize) -> Range<usize> {
    let end = m.tokens.iter().map(|t| t.span.end).max();
    let end = end.map_or(m.w[from].span.end, |e| e.max(m.w[from].span.end));
    m.w[from].span.start..end
}

/// Returns the operands with `op` between each two.
fn between(operands: Vec<Token>, op: &Token) -> Vec<Token> {
    let mut out = Vec::with_capacity(2 * operands.len());
    for (i, t) in operands.into_iter().enumerate() {
        if i > 0 {
            out.push(op.clone());
        }
        out.push(t);
    }
    out
}

/// Takes "their ordinary sum" or "their ordinary product" after a comparison of the
/// nimber operation of `operands` ("the nim-sum of 5 and 3 is smaller than their ordinary
/// sum"), and returns it worked out, as a number.
fn ordinary_of(m: &mut Matcher<'_>, operands: &[Token]) -> Option<Token> {
    let save = m.at;
    let from = m.word(&["their", "the"]);
    let taken = m.word(&["ordinary", "usual", "integer"]).and_then(|_| {
        let values: Vec<u128> = operands.iter().map(num_value).collect::<Option<_>>()?;
        if let Some(r) = m.word(&["sum"]) {
            let v = values.iter().try_fold(0u128, |a, &b| a.checked_add(b))?;
            return Some((v, r));
        }
        let r = m.word(&["product"])?;
        let v = values.iter().try_fold(1u128, |a, &b| a.checked_mul(b))?;
        Some((v, r))
    });
    let Some((v, r)) = taken else {
        m.at = save;
        return None;
    };
    let at = from.map_or(r.start, |f| f.start)..r.end;
    Some(Token::new(Tok::Num(v.to_string()), at))
}

/// Reads the ordinal terms of "the nim-sum of ω·3 + 5 and ω·6 + 1 is ω·5 + 4" after "of",
/// and the claim, in plain mode, where each term has its one ordinal reading.
fn ordinal_operation(m: &mut Matcher<'_>, start: usize, op: &Tok) -> Option<Vec<Found>> {
    let sign = if *op == Tok::NimSum { "⊕" } else { "⊗" };
    let (first, first_span, ordinal) = m.operand()?;
    let mut terms = vec![first];
    let mut any_ordinal = ordinal;
    loop {
        let save = (m.at, m.loose);
        m.past_comma();
        let and = m.word(&["and"]).is_some();
        match m.operand() {
            Some((t, _, o)) => {
                terms.push(t);
                any_ordinal |= o;
            }
            None => {
                (m.at, m.loose) = save;
                break;
            }
        }
        if and {
            break;
        }
    }
    if terms.len() < 2 || !any_ordinal {
        return None;
    }
    m.past_comma();
    let cmp = m.comparison()?;
    let (c, c_span, _) = m.operand()?;
    let lhs: Vec<String> = terms.iter().map(|t| format!("({t})")).collect();
    let src = format!("{} {} {c}", lhs.join(&format!(" {sign} ")), cmp_text(&cmp)?);
    let span = m.w[start].span.start..c_span.end;
    one_claim(m, &src, span, first_span.start..c_span.end, Mode::Plain)
}

/// "the nim-sum of A, B and C is D", "A nim-times B nim-plus C is D".
fn operation(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let named = |m: &mut Matcher<'_>| -> Option<(Tok, Range<usize>)> {
        if let Some(r) = m
            .word(&["nim-sum", "nimsum"])
            .or_else(|| m.words(&["nim", "sum"]))
            .or_else(|| m.words(&["nimber", "sum"]))
        {
            return Some((Tok::NimSum, r));
        }
        let r = m
            .word(&["nim-product", "nimproduct"])
            .or_else(|| m.words(&["nim", "product"]))
            .or_else(|| m.words(&["nimber", "product"]))?;
        Some((Tok::NimProd, r))
    };
    // "the product of 3 and 3 in the nim sense is 2": an ordinary name made the nimber
    // one by a phrase after its operands.
    let plain = |m: &mut Matcher<'_>| -> Option<(Tok, Range<usize>)> {
        if let Some(r) = m.word(&["sum"]) {
            return Some((Tok::NimSum, r));
        }
        m.word(&["product"]).map(|r| (Tok::NimProd, r))
    };
    let save = m.at;
    m.maybe(&["the"]);
    let (found, context) = match named(m) {
        Some(op) => (Some(op), false),
        None => (plain(m), true),
    };
    if let Some((op, op_span)) = found {
        m.word(&["of"])?;
        // "the sum of the Nim heaps *4 and *7": the games named before their values.
        let save = m.at;
        m.maybe(&["the"]);
        m.maybe(&["nim"]);
        if m.word(&["heaps", "games", "stars", "nimbers"]).is_none() {
            m.at = save;
        }
        // "the nim-sum of ω·3 + 5 and ω·6 + 1 is ω·5 + 4": ordinal terms.
        let at = m.at;
        if !context && let Some(found) = ordinal_operation(m, start, &op) {
            return Some(found);
        }
        m.at = at;
        let first = m.number()?;
        // "the nim-sum of 8 with itself": the number twice.
        let operands = match m.words(&["with", "itself"]) {
            Some(r) => vec![first.clone(), Token::new(first.tok.clone(), r)],
            // "the nim-sum of 1, 2, …, 7": a run written with an ellipsis.
            None => match m.run(first.clone()) {
                Some(run) => run,
                None => m.list(first)?,
            },
        };
        // Star values are added as games: a sum of them is the nim-sum.
        let stars = operands
            .iter()
            .all(|t| m.text[t.span.clone()].starts_with(['*', '∗']));
        // "the product of 6 and 7 is 3", with no phrase making it the nimber one: the two
        // readings of `×` in plain math, as "the sum of 3 and 5 is 8" has those of `+`.
        let either = context && !m.nim_context() && !(stars && op == Tok::NimSum);
        if either && op == Tok::NimSum {
            return None;
        }
        m.past_comma();
        let cmp = m.comparison()?;
        let c = match ordinary_of(m, &operands) {
            Some(c) => c,
            None => m.number()?,
        };
        let (op, mode) = if either {
            (Tok::Times, Mode::Plain)
        } else {
            (op, Mode::Role)
        };
        m.tokens = between(operands, &Token::new(op, op_span));
        m.tokens.extend([cmp, c]);
        return Some(vec![finish(m, clause(m, start), mode)]);
    }
    m.at = save;
    let infix = |m: &mut Matcher<'_>| -> Option<Token> {
        if let Some(r) = m
            .word(&["nim-times"])
            .or_else(|| m.words(&["nim", "times"]))
        {
            return Some(Token::new(Tok::NimProd, r));
        }
        let r = m
            .word(&["nim-plus"])
            .or_else(|| m.words(&["nim", "plus"]))?;
        Some(Token::new(Tok::NimSum, r))
    };
    m.tokens = vec![m.number()?, infix(m)?, m.number()?];
    while let Some(op) = infix(m) {
        let b = m.number()?;
        m.tokens.extend([op, b]);
    }
    let cmp = m.comparison()?;
    let c = m.number()?;
    m.tokens.extend([cmp, c]);
    Some(vec![finish(m, clause(m, start), Mode::Role)])
}

/// Takes the name of a function of one element in words ("inverse", "square root",
/// "order", "degree", "excess") and returns the statement's name for it.
fn function_word(m: &mut Matcher<'_>) -> Option<&'static str> {
    if m.word(&["inverse", "nim-inverse", "reciprocal", "nim-reciprocal"])
        .is_some()
    {
        Some("inv")
    } else if m.words(&["square", "root"]).is_some() || m.words(&["nim-square", "root"]).is_some() {
        Some("sqrt")
    } else if m.word(&["order"]).is_some() {
        Some("ord")
    } else if m.word(&["degree"]).is_some() {
        Some("deg")
    } else {
        m.word(&["excess"]).map(|_| "excess")
    }
}

/// Takes a letter named before its value, "p = 19", leaving the value next.
fn letter_equals(m: &mut Matcher<'_>) {
    let letter = m.w.get(m.at).filter(|w| w.text.len() == 1 && !w.numeric);
    if let (Some(p), Some(next)) = (letter, m.w.get(m.at + 1))
        && m.text[p.span.end..next.span.start].trim() == "="
    {
        m.at += 1;
        m.loose = Some(m.at);
    }
}

/// "p = 19, whose excess is 4", "the element 7, whose inverse is 9": a function's value
/// in a relative clause after its argument.
fn whose_function(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    letter_equals(m);
    let a = m.number()?;
    if !m.after_comma() {
        return None;
    }
    m.past_comma();
    m.word(&["whose"])?;
    let name = function_word(m)?;
    m.is()?;
    let b = m.number()?;
    let src = format!("{name}({}) = {}", num_text(&a)?, num_text(&b)?);
    let span = m.w[start].span.start..b.span.end;
    one_claim(m, &src, span, a.span.start..b.span.end, Mode::Role)
}

/// "Take the nimber 4. Its order is 15", "8 squares to 13, and its inverse is 15": a
/// function or power of the nimber the clause before is about (see [`antecedent`]).
fn its_notion(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    if m.w[m.at].text != "its" {
        return None;
    }
    let arg = antecedent(m.text, m.w, m.at)?;
    let found = its_more(m, &arg, Mode::Role);
    (!found.is_empty()).then_some(found)
}

/// "The fourth power of ω is ω·2. The fifth power is ω²·2, and the ninth power is 1": a
/// power named with no base, of the base of the last power named before it (within
/// [`ANTECEDENT_REACH`] words).
fn power_named_before(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["the"])?;
    let k = ordinal_power(&m.w.get(m.at)?.text)?;
    m.at += 1;
    m.word(&["power", "nim-power"])?;
    if m.w.get(m.at).is_some_and(|w| w.text == "of") {
        return None;
    }
    let (base, ordinal) = (start.saturating_sub(ANTECEDENT_REACH)..start)
        .rev()
        .find_map(|j| {
            let named = ["power", "powers", "nim-power", "nim-powers"]
                .contains(&m.w[j].text.as_ref())
                && m.w.get(j + 1).is_some_and(|w| w.text == "of");
            let mut sub = m.fresh_at(j + 2);
            named.then(|| sub.operand()).flatten()
        })
        .map(|(term, _, ordinal)| (term, ordinal))?;
    let term = nim_power_term(&base, k, ordinal)?;
    m.is()?;
    term_equals_value(m, start, &term, ordinal)
}

/// Takes the value after a term said in words, an ordinal term when `ordinal`, else a
/// number, and returns the claim that `term` equals it, from word `start`.
fn term_equals_value(
    m: &mut Matcher<'_>,
    start: usize,
    term: &str,
    ordinal: bool,
) -> Option<Vec<Found>> {
    let (b, end) = if ordinal {
        let (b, span, _) = m.operand()?;
        (b, span.end)
    } else {
        let b = m.number()?;
        (num_text(&b)?, b.span.end)
    };
    let src = format!("{term} = {b}");
    let span = m.w[start].span.start..end;
    one_claim(m, &src, span.clone(), span, ordinal_mode(ordinal))
}

/// "Take 4. It has order 15", "…; it squares to 6": the same, with "it" the subject.
fn it_has(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["it"])?;
    let arg = antecedent(m.text, m.w, start)?;
    let ordinal = arg.contains(['ω', 'α']);
    let term = if m.word(&["has"]).is_some() {
        m.maybe(&["nim", "multiplicative"]);
        format!("{}({arg})", function_word(m)?)
    } else {
        let k = u32::try_from(power_verb(m)?).ok()?;
        nim_power_term(&arg, k, ordinal)?
    };
    term_equals_value(m, start, &term, ordinal)
}

/// Takes a power as a verb, "squares to" or "cubes to" (or "nim-squares to"), and
/// returns its exponent.
fn power_verb(m: &mut Matcher<'_>) -> Option<usize> {
    let verb = m.word(&["squares", "nim-squares", "cubes", "nim-cubes"])?;
    m.word(&["to"])?;
    Some(if text_of(m, &verb).ends_with("cubes") {
        3
    } else {
        2
    })
}

/// "The value 5 is a cube root of 13, and so are 10 and 15", "2 has order 3, and so does
/// 3", "…, and 10 is too", "…, and so is a row of three": the clause before said again of
/// other numbers, read as that clause with each of them in place of its subject, its first
/// number.
fn so_too(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // The clause said again ends at a comma (or a semicolon) before "and".
    let joined_by = m.text[..m.w.get(start)?.span.start].trim_end();
    if !joined_by.ends_with([',', ';']) {
        return None;
    }
    m.maybe(&["and", "but"]);
    // "…, as do heaps 4, 5, 6 and 7": "as" in place of "and so".
    let others = if m.word(&["so", "as"]).is_some() {
        let verb = m.word(&["is", "are", "does", "do", "has", "have"])?;
        let one = matches!(text_of(m, &verb).as_str(), "is" | "does" | "has");
        // "…, and so is a row of three", "…, and so are the cubes of 11 and 13": the
        // position or the function said again.
        let again = [
            "row", "rows", "heap", "heaps", "pile", "piles", "strip", "strips", "cube", "cubes",
            "square", "squares", "inverse", "inverses", "order", "orders",
        ];
        let noun = |m: &mut Matcher<'_>| {
            let save = m.at;
            m.maybe(&["a", "the"]);
            let noun = m.word(&again);
            // "heaps 4, 5 and 6": a plural heap listed without "of".
            let bare = noun
                .as_ref()
                .is_some_and(|r| matches!(text_of(m, r).as_str(), "heaps" | "piles"));
            if noun.is_none() || (m.word(&["of"]).is_none() && !bare) {
                m.at = save;
            }
        };
        noun(m);
        let first = m.number()?;
        // "…, and so does 3, and 4 has order 5": a singular verb says it of one.
        if one {
            return so_said(m, start, vec![vec![first]]);
        }
        let mut groups = vec![m.series(first)];
        // "…, as do heaps 4, 5, 6 and 7, and heaps 10, 20 and 30": more lists of the
        // same noun.
        loop {
            let save = (m.at, m.loose);
            m.past_comma();
            let more = m.word(&["and"]).is_some() && {
                let at = m.at;
                noun(m);
                m.at > at
            };
            match m.number().filter(|_| more) {
                Some(first) => groups.push(m.series(first)),
                None => {
                    (m.at, m.loose) = save;
                    break;
                }
            }
        }
        groups
    } else {
        let first = m.number()?;
        let others = m.series(first);
        m.word(&["is", "are", "does", "do", "has", "have"])?;
        m.word(&["too"])
            .or_else(|| m.words(&["as", "well"]))
            .or_else(|| m.word(&["also"]))?;
        vec![others]
    };
    so_said(m, start, others)
}

/// Says the clause before word `start` again of each group of `others`, the numbers read
/// after "and so do" in [`so_too`].
fn so_said(m: &mut Matcher<'_>, start: usize, others: Vec<Vec<Token>>) -> Option<Vec<Found>> {
    // The clause before: from its sentence's start to the word before this one.
    let before = clause_before(m.text, m.w, start)?;
    // "…, with value 1; a heap of seven has value 0, as does …": from the last semicolon.
    let first = (before.start + 1..start)
        .rev()
        .find(|&j| m.text[m.w[j - 1].span.end..m.w[j].span.start].contains(';'))
        .unwrap_or(before.start);
    let (from, to) = (m.w[first].span.start, m.w[start.checked_sub(1)?].span.end);
    let subject = (first..start).find(|&k| m.w[k].numeric)?;
    // The subject may be a list: "2 and 3 have order 3, and so do 4 and 5".
    let (listed, after) = m.list_at(subject)?;
    if after > start {
        return None;
    }
    let subject_end = listed.last()?.span.end;
    let said = m.text[from..to].trim_end_matches([',', ';']);
    let (head, tail) = (
        said.get(..m.w[subject].span.start - from)?,
        said.get(subject_end.checked_sub(from)?..)?,
    );
    // Said of a list, it is said again of the other list whole; of one number, of each.
    let instead: Vec<(String, Range<usize>)> = if listed.len() > 1 {
        others
            .iter()
            .map(|group| {
                let whole = group.first()?.span.start..group.last()?.span.end;
                Some((m.text.get(whole.clone())?.to_string(), whole))
            })
            .collect::<Option<_>>()?
    } else {
        others
            .iter()
            .flatten()
            .map(|o| Some((num_text(o)?, o.span.clone())))
            .collect::<Option<_>>()?
    };
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut out = Vec::new();
    for (other, at) in &instead {
        let again = format!("{head}{other}{tail}");
        let read = read_words(&again, m.lex);
        // Said again of the other, the clause must read as it did: claims, whole.
        if read.is_empty() || !read.iter().all(|f| matches!(f.lint, Lint::Claim(_))) {
            return None;
        }
        for f in read {
            if let Lint::Claim(statement) = f.lint {
                out.push(Found {
                    span: span.clone(),
                    lint: Lint::Claim(statement.placed_at(at)),
                });
            }
        }
    }
    m.end_clause_at(span.end);
    Some(out)
}

/// "The nimber 8 squares to 13", "4 squares to 6", "ω cubes to 2": a power as a verb, the
/// subject at a clause's start or named by its noun.
fn squares_to(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let named = m.word(&["nimber", "number", "element"]).is_some();
    let subject = m.at;
    let opens =
        m.w.get(subject)
            .is_some_and(|w| clause_opens(m.text, w.span.start));
    if !named && !opens {
        return None;
    }
    // "6, 11 and 13 all cube to 8": each of several subjects.
    let save = m.at;
    if let Some(first) = m.number() {
        let subjects = m.series(first);
        if subjects.len() > 1 {
            m.maybe(&["all", "both", "each"]);
            let verb = m.word(&["square", "nim-square", "cube", "nim-cube"])?;
            m.word(&["to"])?;
            let power = if text_of(m, &verb).ends_with("cube") {
                3
            } else {
                2
            };
            let (b, b_span, _) = m.operand()?;
            let span = m.w[start].span.start..b_span.end;
            return subjects
                .iter()
                .map(|a| {
                    let term = vec![num_text(a)?; power].join(" ⊗ ");
                    claim_at_span(
                        m,
                        &format!("{term} = {b}"),
                        span.clone(),
                        a.span.clone(),
                        Mode::Role,
                    )
                })
                .collect();
        }
    }
    m.at = save;
    let (a, _, _) = m.operand()?;
    let power = power_verb(m)?;
    let (b, b_span, _) = m.operand()?;
    // Written with ⊗, the power is the nimber one for ordinals too (ω³ is another).
    let term = vec![a; power].join(" ⊗ ");
    let span = m.w[start].span.start..b_span.end;
    one_claim(m, &format!("{term} = {b}"), span.clone(), span, Mode::Plain)
}

/// Signs of an expression in symbols between words.
const OPERATOR_SIGNS: [char; 11] = ['=', '+', '^', '⊕', '⊗', '*', '×', '·', '/', '<', '>'];

/// How many words back "its" or "it" may find the number it stands for.
const ANTECEDENT_REACH: usize = 40;

/// Returns the words of the clause before word `k`, which a pronoun there refers back to:
/// the sentence so far, or the sentence before when `k` starts one; at most
/// [`ANTECEDENT_REACH`] words back.
fn clause_before(text: &str, w: &[Word], k: usize) -> Option<Range<usize>> {
    let low = k.saturating_sub(ANTECEDENT_REACH);
    let start_before = |to: usize| (low..=to).rev().find(|&j| starts_sentence(text, w, j));
    let own = start_before(k)?;
    let from = if own == k {
        start_before(k.checked_sub(1)?)?
    } else {
        own
    };
    // A piece of text that starts inside a sentence has lost the clause's start.
    // A capital, or a subject no capital can start: "ω has order 9", "4 has order 15".
    let capital = text[w[from].span.start..]
        .starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit() || c == 'ω' || c == 'α');
    (from > 0 || capital).then_some(from..k)
}

/// Words that may lead a clause before its subject: "Take the nimber 4", "So 8 …".
const SUBJECT_LEAD: [&str; 14] = [
    "the", "nimber", "element", "ordinal", "take", "consider", "now", "so", "thus", "here", "and",
    "but", "then", "say",
];

/// Verbs that follow a clause's subject.
const SUBJECT_VERBS: [&str; 10] = [
    "is",
    "has",
    "squares",
    "cubes",
    "nim-squares",
    "nim-cubes",
    "generates",
    "lies",
    "belongs",
    "sits",
];

/// Returns the ordinal term of the clause at words `clause` that "it" speaks of: its
/// subject ("ω has order 9. Its inverse is …"), or its one term, with no other number or
/// pronoun in the clause ("The element ω + 1 does better: it has order 63").
fn ordinal_antecedent(text: &str, w: &[Word], clause: Range<usize>) -> Option<String> {
    let ordinal = |j: usize| w[j].text.starts_with(['ω', 'α']);
    let other = |j: usize| number(w, j).is_some() || ["its", "it"].contains(&w[j].text.as_ref());
    let first = clause.clone().find(|&j| ordinal(j))?;
    if (clause.start..first).any(other) {
        return None;
    }
    let led = (clause.start..first).all(|j| SUBJECT_LEAD.contains(&w[j].text.as_ref()));
    let mut m = Matcher::new(text, w, crate::math::lexicon::builtin(), first);
    let (term, _, is_ordinal) = m.operand()?;
    let subject = led
        && w.get(m.at)
            .is_some_and(|v| m.at < clause.end && SUBJECT_VERBS.contains(&v.text.as_ref()));
    let alone = m.at <= clause.end && !(m.at..clause.end).any(|j| ordinal(j) || other(j));
    (is_ordinal && (subject || alone)).then_some(term)
}

/// Returns the number "its" or "it" at word `k` stands for, in the clause before it (see
/// [`clause_before`]): the clause's subject ("The nimber 8 squares to 13, and its inverse
/// is 15") or its one number ("One of them is 4: its order is 15"). None where it is not
/// plain which.
fn antecedent(text: &str, w: &[Word], k: usize) -> Option<String> {
    let from = clause_before(text, w, k)?.start;
    // "one of them", "one can check": a pronoun, not a number.
    let pronoun = |j: usize| {
        w[j].text == "one"
            && w.get(j + 1).is_some_and(|x| {
                [
                    "of", "can", "may", "must", "might", "could", "should", "would", "will",
                ]
                .contains(&x.text.as_ref())
            })
    };
    // "In the field below 16, take 6": the number chosen.
    let chosen = (from..k).rev().find_map(|j| {
        let verb = CHOOSING.contains(&w[j].text.as_ref());
        let mut at = j + 1;
        while at < k && ["the", "nimber", "element"].contains(&w[at].text.as_ref()) {
            at += 1;
        }
        verb.then(|| number(w, at).filter(|_| at < k)).flatten()
    });
    if let Some(n) = chosen {
        return Some(n.text);
    }
    // The subject: a number after a few leading words, followed by its verb.
    let mut j = from;
    while j < k && SUBJECT_LEAD.contains(&w[j].text.as_ref()) {
        j += 1;
    }
    if j < k
        && !pronoun(j)
        && let Some(n) = number(w, j)
        && let Some(verb) = w.get(j + n.len).filter(|_| j + n.len < k)
        && text[w[j + n.len - 1].span.end..verb.span.start]
            .trim()
            .is_empty()
        && SUBJECT_VERBS.contains(&verb.text.as_ref())
    {
        return Some(n.text);
    }
    // Else the clause's one number, however often it is written. Where it holds an
    // ordinal term or an expression, the ordinal term ("That leaves ω + 1. Its order is
    // 63"); not where it holds another pronoun, which speaks of a number further back.
    let expression = (from..k).any(|j| {
        w[j].text.starts_with(['ω', 'α'])
            || w[j].text == "its"
            || w[j].text == "it"
            || j > from && text[w[j - 1].span.end..w[j].span.start].contains(OPERATOR_SIGNS)
    });
    if expression {
        return ordinal_antecedent(text, w, from..k);
    }
    let mut one: Option<String> = None;
    let mut j = from;
    while j < k {
        match number(w, j).filter(|_| !pronoun(j)) {
            Some(n) => {
                if one.as_ref().is_some_and(|o| *o != n.text) {
                    return None;
                }
                j += n.len;
                one = Some(n.text);
            }
            None => j += 1,
        }
    }
    one
}

/// "the inverse of A is B", "the square root of A is B", "the order of A is B".
fn function(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let ordinary = m.word(&["ordinary", "usual", "integer"]).is_some();
    m.maybe(&["nim", "multiplicative", "nimber"]);
    let name_start = m.at;
    let name = function_word(m)?;
    let of = m.word(&["of", "for"])?;
    let name_span = m.w[name_start].span.start..of.end;
    if name == "excess" {
        // "the excess for the prime 19", "the excess for p = 19".
        let save = m.at;
        if m.words(&["the", "prime"]).is_none() {
            m.at = save;
        }
        letter_equals(m);
    }
    let a = m.number()?;
    setting(m, &a)?;
    let cmp = m.comparison()?;
    // "the order of 2 is smaller than the order of 6" (or "than that of 6").
    if !ordinary
        && matches!(cmp.tok, Tok::Cmp(_))
        && let Some(rhs) = function_rhs(m, name)
    {
        m.tokens = call(name, name_span, a);
        m.tokens.push(cmp);
        m.tokens.extend(rhs);
        return Some(vec![finish(m, clause(m, start), Mode::Role)]);
    }
    let b = m.number()?;
    if ordinary {
        // The ordinary square root of A is B: A = B**2, read in ordinary arithmetic.
        if name != "sqrt" {
            return None;
        }
        let at = b.span.end..b.span.end;
        m.tokens = vec![
            a,
            cmp,
            b,
            Token::new(Tok::StarStar, at.clone()),
            Token::new(Tok::Num("2".into()), at),
        ];
        return Some(vec![finish(m, clause(m, start), Mode::Role)]);
    }
    let arg = m.text[a.span.clone()].to_string();
    m.tokens = call(name, name_span, a);
    m.tokens.extend([cmp, b]);
    let mut found = vec![finish(m, clause(m, start), Mode::Role)];
    found.extend(its_more(m, &arg, Mode::Role));
    Some(found)
}

/// Takes a function of another number as the other side of a comparison, "the order of
/// 6" or "that of 6" (the function `name` again), and returns its tokens.
fn function_rhs(m: &mut Matcher<'_>, name: &str) -> Option<Vec<Token>> {
    let save = (m.at, m.loose);
    let found = (|| {
        let from = m.at;
        let other = if m.word(&["that"]).is_some() {
            name
        } else {
            m.word(&["the"])?;
            m.maybe(&["nim", "multiplicative"]);
            function_word(m)?
        };
        m.word(&["of"])?;
        let span = m.w[from].span.start..m.w[m.at - 1].span.end;
        let b = m.number()?;
        Some(call(other, span, b))
    })();
    if found.is_none() {
        (m.at, m.loose) = save;
    }
    found
}

/// "For p = 19 the excess is 4", "for p = 7, the excess is 1, and for p = 13 it is 0",
/// "for F = 256 the ordinary square is 65536": a function of the value each case sets.
fn case_for(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let mut out = Vec::new();
    // What the cases are about: the call with `{}` for the value, and its reading.
    let mut term: Option<(String, Mode)> = None;
    loop {
        let save = (m.at, m.loose);
        let from = m.at;
        let case = (|| {
            if term.is_some() {
                m.past_comma();
                m.word(&["and"])?;
            }
            m.word(&["for"])?;
            let letter = m.at;
            letter_equals(m);
            if m.at == letter {
                return None;
            }
            let p = m.number()?;
            m.past_comma();
            // "… and for p = 13 it is 0": "it" is what the case before named, or the
            // excess named before in the sentence.
            let opening = (0..=from)
                .rev()
                .find(|&j| starts_sentence(m.text, m.w, j))
                .unwrap_or(0);
            let named_before = m.w[opening..from].iter().any(|w| w.text == "excess");
            let it = match &term {
                Some(t) => Some(t.clone()),
                None if named_before => Some(("excess({})".to_string(), Mode::Role)),
                None => None,
            };
            let said = match it.filter(|_| m.word(&["it"]).is_some()) {
                Some(t) => t,
                None => {
                    m.maybe(&["the"]);
                    case_term(m)?
                }
            };
            let cmp = m.comparison()?;
            let k = m.number()?;
            let call = said.0.replace("{}", &num_text(&p)?);
            let src = format!("{call} {} {}", cmp_text(&cmp)?, num_text(&k)?);
            let span = m.w[from].span.start..k.span.end;
            let found = claim_at_span(m, &src, span.clone(), span, said.1)?;
            Some((found, said))
        })();
        match case {
            Some((found, said)) => {
                out.push(found);
                term = Some(said);
            }
            None => {
                (m.at, m.loose) = save;
                break;
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// "two (2 and 3) have order 3", "one (the value 1) has order 1": a count with the values
/// it counts named in brackets, each of that order, as many as the count says.
fn count_named(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if !may_be_subject(m, start) {
        return None;
    }
    let k = how_many(m)?;
    if m.gap() != "(" {
        return None;
    }
    m.loose = Some(m.at);
    if m.word(&["the"]).is_some() {
        m.word(&[
            "value", "values", "nimber", "nimbers", "element", "elements",
        ])?;
    }
    let first = m.number()?;
    let listed = m.series(first);
    if m.gap() != ")" {
        return None;
    }
    m.loose = Some(m.at);
    m.word(&["have", "has"])?;
    m.maybe(&["multiplicative"]);
    m.word(&["order"])?;
    let d = num_text(&m.number()?)?;
    let values: Vec<String> = listed.iter().map(num_text).collect::<Option<_>>()?;
    let src = format!(
        "count{{x in {{{}}} : ord(x) = {d}}} = {}",
        values.join(", "),
        num_text(&k)?
    );
    clause_claims(m, start, &[src])
}

/// Takes what a case is about, "excess", "inverse", "ordinary square", "nim-square", and
/// returns its call with `{}` for the value, and how it is read.
fn case_term(m: &mut Matcher<'_>) -> Option<(String, Mode)> {
    if m.word(&["ordinary", "usual"]).is_some() {
        m.word(&["square"])?;
        return Some(("{} ** 2".to_string(), Mode::Role));
    }
    m.maybe(&["nim", "multiplicative"]);
    if let Some(name) = function_word(m) {
        return Some((format!("{name}({{}})"), Mode::Role));
    }
    let power = m.word(&["nim-square", "nim-cube"])?;
    let k = if text_of(m, &power).ends_with("cube") {
        3
    } else {
        2
    };
    Some((format!("{{}}^{k}"), Mode::Role))
}

/// Reads what follows a claim about `arg`: "…, its inverse is 170, and its degree is
/// six", "… and its cube is 1", each another function or power of the same element, read
/// in `mode` as the claim before it was.
fn its_more(m: &mut Matcher<'_>, arg: &str, mode: Mode) -> Vec<Found> {
    let ordinal = arg.contains(['ω', 'α']);
    let mode = if ordinal { ordinal_mode(true) } else { mode };
    let mut out = Vec::new();
    loop {
        let (save, loose, tokens) = (m.at, m.loose, m.tokens.clone());
        m.past_comma();
        // "…, because its ninth nim-power is 1": a reason is a claim as well.
        m.maybe(&["and", "because", "since"]);
        let next = m.word(&["its"]).and_then(|its| {
            m.maybe(&["nim", "multiplicative"]);
            let term = match function_word(m) {
                Some(name) => format!("{name}({arg})"),
                None => {
                    let k = match m.word(&["square", "nim-square", "cube", "nim-cube"]) {
                        Some(r) if text_of(m, &r).ends_with("cube") => 3,
                        Some(_) => 2,
                        // "its fifth nim-power".
                        None => {
                            let k = m.ordinal_word()?;
                            m.word(&["power", "nim-power"])?;
                            k
                        }
                    };
                    nim_power_term(arg, k, ordinal)?
                }
            };
            let cmp = m.comparison()?;
            // An ordinal's value may be a term of its own: "its square is ω²".
            let (b, b_span) = if ordinal {
                let (b, span, _) = m.operand()?;
                (b, span)
            } else {
                let b = m.number()?;
                (num_text(&b)?, b.span)
            };
            let src = format!("{term} {} {b}", cmp_text(&cmp)?);
            let at = its.start..b_span.end;
            claim_at_span(m, &src, at.clone(), at, mode)
        });
        match next {
            Some(claim) => out.push(claim),
            None => {
                (m.at, m.loose, m.tokens) = (save, loose, tokens);
                return out;
            }
        }
    }
}

/// Takes the words after an operand that say where its operation is taken, which change
/// nothing: "under ⊗", "under nim-multiplication", "over the two-element field", "in the
/// nimbers", and "in the field below 16" when the operand lies in that field. Fails on a
/// field that does not hold the operand.
fn setting(m: &mut Matcher<'_>, operand: &Token) -> Option<()> {
    let save = m.at;
    if m.word(&["under"]).is_some() {
        // The inverse, root and order are the product's: "under addition" asks another
        // question, which is not read.
        if m.word(&["nim-multiplication", "multiplication"]).is_none() {
            // "under ⊗": the sign stands between this word and the next.
            let (before, next) = (&m.w[m.at - 1], m.w.get(m.at)?);
            if m.text[before.span.end..next.span.start].trim() != "⊗" {
                return None;
            }
            m.loose = Some(m.at);
        }
        return Some(());
    }
    let two = [
        &["over", "the", "two-element", "field"][..],
        &["over", "the", "field", "with", "two", "elements"],
        &["over", "the", "field", "of", "two", "elements"],
    ];
    if two.iter().any(|seq| m.words(seq).is_some()) || m.words(&["in", "the", "nimbers"]).is_some()
    {
        return Some(());
    }
    // "the order of ω, as a nimber, is 9", "the reciprocal of 5, in nimber arithmetic, is
    // 11": an aside between commas.
    if m.after_comma() {
        let loose = m.loose;
        m.past_comma();
        let aside = m.words(&["as", "a", "nimber"]).is_some() || m.nim_context();
        if aside && m.after_comma() {
            m.past_comma();
            return Some(());
        }
        (m.at, m.loose) = (save, loose);
    }
    if m.words(&["in", "the", "field", "below"]).is_some() {
        let size = m.number().as_ref().and_then(num_value)?;
        let fits = (0..7).any(|k| size == 1u128 << (1u32 << k));
        return (fits && num_value(operand)? < size).then_some(());
    }
    m.at = save;
    Some(())
}

/// Takes an expression written in symbols from the word at the cursor ("7 ⊕ 9 ⊕ 14",
/// "x ⊗ x ⊕ x ⊕ 1" with `letters`), lexed with its spans in the text; it holds a nimber
/// operator and ends at a word's end.
fn symbols(m: &mut Matcher<'_>, letters: bool) -> Option<(Vec<Token>, Range<usize>)> {
    let from = m.w.get(m.at)?.span.start;
    let rest = &m.text[from..];
    let mut end = 0;
    let mut prev: Option<char> = None;
    let mut chars = rest.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next = chars.peek().map(|&(_, d)| d);
        let lone = c.is_ascii_alphabetic()
            && !prev.is_some_and(char::is_alphabetic)
            && !next.is_some_and(char::is_alphabetic);
        let ok = c.is_ascii_digit() || c == ' ' || "⊗⊕⨂⨁()⁻¹²³".contains(c) || (letters && lone);
        if !ok {
            break;
        }
        prev = Some(c);
        end = i + c.len_utf8();
    }
    let expr = rest[..end].trim_end();
    if !expr.contains(['⊗', '⊕', '⨂', '⨁']) {
        return None;
    }
    let to = from + expr.len();
    let next = m.w.partition_point(|x| x.span.start < to);
    // The expression ends at a word's end, or at brackets closed after it: "x ⊕ (x ⊗ x)".
    let closed = |at: usize| m.text[at..to].chars().all(|c| c == ')');
    if next == m.at || m.w[next - 1].span.end > to || !closed(m.w[next - 1].span.end) {
        return None;
    }
    let tokens = stmt::lexer::lex(expr, Mode::Role).ok()?;
    m.at = next;
    if expr.ends_with(')') {
        m.loose = Some(next);
    }
    let shifted = tokens
        .into_iter()
        .map(|t| Token::new(t.tok, t.span.start + from..t.span.end + from))
        .collect();
    Some((shifted, from..to))
}

/// "the nim-sum 7 ⊕ 9 ⊕ 14 vanishes", "the nim-product 2 ⊗ 3 is 1": an expression in
/// symbols named in words and given its value in words.
fn named_expression(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let _ = m
        .word(&["nim-sum", "nim-product", "sum", "product", "expression"])
        .or_else(|| m.words(&["nim", "sum"]))
        .or_else(|| m.words(&["nim", "product"]));
    if m.at == start {
        return None;
    }
    let (mut tokens, _) = symbols(m, false)?;
    if let Some(v) = m.word(&["vanishes"]).or_else(|| m.words(&["is", "zero"])) {
        tokens.push(Token::new(Tok::Cmp(Cmp::Eq), v.clone()));
        tokens.push(Token::new(Tok::Num("0".into()), v));
    } else {
        tokens.push(m.comparison()?);
        tokens.push(m.number()?);
    }
    m.tokens = tokens;
    Some(vec![finish(m, clause(m, start), Mode::Role)])
}

/// Takes "below 256" (or "under 256") and returns the bound.
fn bound_below(m: &mut Matcher<'_>) -> Option<u128> {
    m.word(&["below", "under"])?;
    num_value(&m.number()?)
}

/// Takes a bound that opens a clause, "Below 16," and returns it; else takes nothing.
fn opening_bound(m: &mut Matcher<'_>) -> Option<u128> {
    let start = m.at;
    let lead = bound_below(m);
    if lead.is_none() {
        m.at = start;
    } else {
        m.past_comma();
    }
    lead
}

/// Takes a term in symbols in one letter, "x ⊕ (x ⊗ x)", and returns its text and letter.
fn term_in_one_letter(m: &mut Matcher<'_>) -> Option<(String, char)> {
    let (_, expr) = symbols(m, true)?;
    let text = m.text[expr].to_string();
    let mut letters = text.chars().filter(char::is_ascii_alphabetic);
    let letter = letters.next()?;
    if letters.any(|c| c != letter) {
        return None;
    }
    Some((text, letter))
}

/// "The least value that x ⊕ x ⊗ x never reaches below 256 is 128", "Below 16 the first
/// value x ⊗ x ⊗ x misses is 2": no element below the bound gives the value, and each
/// smaller value is given.
fn least_unreached(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let lead = opening_bound(m);
    m.maybe(&["the"]);
    m.word(&["least", "first", "smallest"])?;
    m.word(&["value", "nimber", "element"])?;
    m.maybe(&["that", "which"]);
    let (text, letter) = term_in_one_letter(m)?;
    let _ = m
        .words(&["never", "reaches"])
        .or_else(|| m.words(&["never", "takes"]))
        .or_else(|| m.words(&["never", "hits"]))
        .or_else(|| m.words(&["does", "not", "reach"]))
        .or_else(|| m.word(&["misses", "avoids", "skips"]))?;
    let save = m.at;
    let bound = match bound_below(m) {
        Some(n) if lead.is_none() => n,
        _ => {
            m.at = save;
            lead?
        }
    };
    m.is()?;
    let value = m.number()?;
    let v = num_value(&value)?;
    // Each smaller value is looked for below the bound: the work is their product.
    if !is_field_size(bound) || v >= bound || v.checked_mul(bound)? > 1 << 20 {
        return None;
    }
    let other = if letter == 'a' { 'b' } else { 'a' };
    let given = text.replace(letter, &other.to_string());
    let mut srcs = vec![format!("forall {letter} < {bound}: {text} != {v}")];
    if v > 0 {
        srcs.push(format!(
            "forall {letter} < {v}: exists {other} < {bound}: {given} = {letter}"
        ));
    }
    let span = m.w[start].span.start..value.span.end;
    claims_spanning(m, &srcs, span, Mode::Role)
}

/// "x ⊕ x ⊗ x takes exactly 8 of the 16 values below 16", "Below 16, x ⊕ (x ⊗ x) reaches
/// exactly half of the values", "Below 16, the values that x ⊕ (x ⊗ x) reaches are exactly
/// half the field", "… takes a quarter of the values below 256": how many
/// values below a field's size the term gives as its letter runs below it. Counted over
/// at most 2^20 pairs.
fn image_count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let lead = opening_bound(m);
    // "the values that x ⊕ (x ⊗ x) reaches are exactly half the field".
    let named = m.words(&["the", "values"]).is_some();
    if named {
        m.maybe(&["that", "which"]);
    }
    let (text, letter) = term_in_one_letter(m)?;
    m.word(&["takes", "reaches", "hits"])?;
    if named {
        m.word(&["are"])?;
    }
    m.maybe(&["exactly", "just", "precisely"]);
    // "8 of the 16 values", or a fraction: "half of the values", "a quarter of them".
    let save = m.at;
    let (count, part) = match m
        .number()
        .filter(|_| m.w.get(m.at).is_some_and(|w| w.text == "of"))
    {
        Some(k) => (Some(num_value(&k)?), None),
        None => {
            m.at = save;
            (None, Some(fraction(m)?))
        }
    };
    // "of the 16 values", "of the values", or, after a fraction, "(of) the field".
    let of = m.word(&["of"]).is_some();
    m.word(&["the"])?;
    let field = part.is_some() && m.word(&["field"]).is_some();
    if !of && !field {
        return None;
    }
    let total = if field {
        None
    } else {
        let total = m.number().and_then(|n| num_value(&n));
        m.word(&["values", "nimbers", "elements"])?;
        total
    };
    let save = m.at;
    let bound = match (bound_below(m), total, lead) {
        (Some(b), _, _) => b,
        (None, Some(t), _) | (None, None, Some(t)) => {
            m.at = save;
            t
        }
        (None, None, None) => return None,
    };
    let agree = [total, lead].iter().flatten().all(|&t| t == bound);
    if !agree || !is_field_size(bound) || bound.checked_mul(bound)? > 1 << 20 {
        return None;
    }
    let k = match (count, part) {
        (Some(k), _) => k,
        (None, Some((num, den))) => {
            let whole = bound.checked_mul(num)?;
            if whole % den != 0 {
                return None;
            }
            whole / den
        }
        (None, None) => return None,
    };
    let other = if letter == 'v' { 'w' } else { 'v' };
    let src = format!(
        "count{{{other} < {bound} : count{{{letter} < {bound} : {text} = {other}}} > 0}} = {k}"
    );
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    claims_spanning(m, &[src], span, Mode::Role)
}

/// "The polynomial x ⊗ x ⊕ x ⊕ 1 vanishes at x = 2": the polynomial at that value is 0.
fn polynomial_vanishes(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.word(&["polynomial", "expression"])?;
    let (_, expr) = symbols(m, true)?;
    let _ = m
        .word(&["vanishes"])
        .or_else(|| m.words(&["is", "zero"]))
        .or_else(|| m.words(&["has", "a", "root"]))?;
    m.word(&["at"])?;
    let var = m.w.get(m.at)?.clone();
    let text = &m.text[expr.clone()];
    let single = var.text.len() == 1 && var.text.bytes().all(|b| b.is_ascii_lowercase());
    // The expression's letters are this one variable.
    let letters_ok = text
        .chars()
        .filter(char::is_ascii_alphabetic)
        .all(|c| c.to_string() == var.text);
    if !single || !letters_ok || !var.joined {
        return None;
    }
    let next = m.w.get(m.at + 1)?;
    if m.text[var.span.end..next.span.start].trim() != "=" {
        return None;
    }
    m.at += 1;
    m.loose = Some(m.at);
    let value = m.number()?;
    let v = num_text(&value)?;
    let src = format!("∀ {} ∈ {{{v}}}: {text} = 0", var.text);
    let span = m.w[start].span.start..value.span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "Fifteen is the nim-square of eleven", "15 is obtained by nim-multiplying 3 by 5",
/// "the value 5 is what 7 ⊗ 12 gives": the result first, then what gives it.
fn result_first(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "The inverse of 4 is the nim-square of 11" is not a claim that 4 is: the value
    // opens its clause.
    let at = m.w.get(start)?.span.start;
    if !(clause_opens(m.text, at) || m.text[..at].trim_end().ends_with(',')) {
        return None;
    }
    if m.words(&["the", "value"]).is_none() {
        m.at = start;
    }
    // "the inverse of 4 is the same as the nim-square of 11": a term in words first.
    let value = match m.number() {
        Some(v) => vec![v],
        None => {
            // A comparison binds loosest: the term needs no brackets.
            m.at = start;
            term_in_words(m)?
        }
    };
    let cmp = m.comparison()?;
    let _ = m.words(&["the", "same", "as"]);
    let mut tokens = term_in_words(m)?;
    let end = tokens.iter().map(|t| t.span.end).max()?;
    tokens.push(cmp);
    tokens.extend(value);
    let span = m.w[start].span.start..end;
    let parsed = stmt::parse_tokens(&tokens, end, Mode::Role);
    // The clause ends where its words end, not at the value stated first.
    m.end_clause_at(end);
    Some(vec![Found {
        span,
        lint: judge(parsed, true),
    }])
}

/// Takes a nimber named in words by how it is computed, as the tokens of an expression:
/// "the nim-square of 11", "the inverse of 9", "the nim-product of 3 and 5", "obtained by
/// nim-multiplying 3 by 5", "what 7 ⊗ 12 gives", or in symbols, "8 ⊗ 8".
fn term_in_words(m: &mut Matcher<'_>) -> Option<Vec<Token>> {
    let save = m.at;
    if m.word(&["what"]).is_some() {
        // "what you get from 7 ⊗ 9": the expression names the result.
        let from = [
            &["you", "get", "from"][..],
            &["we", "get", "from"],
            &["one", "gets", "from"],
            &["comes", "out", "of"],
        ];
        if from.iter().any(|seq| m.words(seq).is_some()) {
            return symbols(m, false).map(|(tokens, _)| tokens);
        }
        let (tokens, _) = symbols(m, false)?;
        m.word(&["gives", "makes", "yields", "equals"])
            .or_else(|| m.words(&["comes", "to"]))?;
        return Some(tokens);
    }
    m.at = save;
    if m.word(&["obtained", "got", "found"]).is_some() {
        m.word(&["by"])?;
        let op = m.word(&["nim-multiplying", "nim-adding"])?;
        let a = m.number()?;
        m.word(&["by", "and", "to", "with"])?;
        let b = m.number()?;
        let tok = if text_of(m, &op).ends_with("adding") {
            Tok::NimSum
        } else {
            Tok::NimProd
        };
        return Some(vec![a, Token::new(tok, op), b]);
    }
    m.at = save;
    // "thirteen is 8 ⊗ 8": an expression in symbols.
    if m.w.get(m.at).is_some_and(|w| w.numeric)
        && let Some((tokens, _)) = symbols(m, false)
    {
        return Some(tokens);
    }
    m.at = save;
    m.maybe(&["the"]);
    if let Some(name) = m
        .word(&["nim-square", "nim-cube"])
        .or_else(|| m.words(&["nim", "square"]))
        .or_else(|| m.words(&["nim", "cube"]))
    {
        m.word(&["of"])?;
        let a = m.number()?;
        let power = if text_of(m, &name).ends_with("cube") {
            "3"
        } else {
            "2"
        };
        return Some(vec![
            a,
            Token::new(Tok::Caret, name.clone()),
            Token::new(Tok::Num(power.into()), name),
        ]);
    }
    if let Some(name) = m
        .word(&["nim-sum", "nim-product"])
        .or_else(|| m.words(&["nim", "sum"]))
        .or_else(|| m.words(&["nim", "product"]))
    {
        m.word(&["of"])?;
        let first = m.number()?;
        let operands = m.list(first)?;
        let op = if text_of(m, &name).ends_with("sum") {
            Tok::NimSum
        } else {
            Tok::NimProd
        };
        return Some(between(operands, &Token::new(op, name)));
    }
    let name_start = m.at;
    let name = if m
        .word(&["inverse", "nim-inverse", "reciprocal", "nim-reciprocal"])
        .is_some()
    {
        "inv"
    } else if m.words(&["square", "root"]).is_some() {
        "sqrt"
    } else if m.word(&["order"]).is_some() {
        "ord"
    } else if m.word(&["degree"]).is_some() {
        "deg"
    } else {
        return None;
    };
    let of = m.word(&["of"])?;
    let a = m.number()?;
    setting(m, &a)?;
    Some(call(name, m.w[name_start].span.start..of.end, a))
}

/// "the nim-square of A is B", "the square of A is B" (both readings tried).
fn square_of(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let nim = if m.word(&["nim-square", "nim-cube"]).is_some()
        || m.words(&["nim", "square"]).is_some()
        || m.words(&["nim", "cube"]).is_some()
    {
        true
    } else {
        m.word(&["square", "cube"])?;
        false
    };
    let name = m.w[m.at - 1].span.clone();
    let power = if text_of(m, &name).ends_with("cube") {
        "3"
    } else {
        "2"
    };
    m.word(&["of"])?;
    // "the nim-square of the Fermat 2-power 16": the number after its kind.
    let save = m.at;
    m.maybe(&["the", "a"]);
    if m.words(&["fermat", "2-power"])
        .or_else(|| m.words(&["fermat", "power"]))
        .is_none()
    {
        m.at = save;
    }
    let ordinal_at = |m: &Matcher<'_>| {
        m.w.get(m.at)
            .is_some_and(|w| m.text[w.span.start..].starts_with(['ω', 'α']))
    };
    if ordinal_at(m) {
        // "the nim-square of ω is ω²": an ordinal multiplied out, in plain mode.
        let (a, a_span, _) = m.operand()?;
        let nim = nim || m.nim_context();
        let cmp = m.comparison()?;
        let (b, b_span, _) = m.operand()?;
        let product = vec![a.as_str(); if power == "3" { 3 } else { 2 }].join(" ⊗ ");
        let mut claims = vec![format!("{product} {} {b}", cmp_text(&cmp)?)];
        // "The cube of ω is 2" has the nimber reading only; "the square of ω is ω²" has
        // the ordinal power's too, and, where the nimbers are not said, holds in both.
        if !nim && b.contains('ω') {
            if a != "ω" {
                return None;
            }
            claims.push(format!("ω ** {power} {} {b}", cmp_text(&cmp)?));
        }
        let span = m.w[start].span.start..b_span.end;
        return claims
            .iter()
            .map(|src| claim_at_span(m, src, span.clone(), a_span.start..b_span.end, Mode::Plain))
            .collect();
    }
    // "the nim-square of 2^63 is …": a power of two written as a number, in ordinary
    // arithmetic.
    if let Some((lit, lit_span)) = power_literal(m) {
        let cmp = m.comparison()?;
        let b = m.number()?;
        if !(nim || m.nim_context()) {
            return None;
        }
        let src = format!("({lit})^{power} {} {}", cmp_text(&cmp)?, num_text(&b)?);
        let span = m.w[start].span.start..b.span.end;
        return one_claim(m, &src, span, lit_span.start..b.span.end, Mode::Role);
    }
    let a = m.number()?;
    let a_copy = a.clone();
    // "the square of 4 in the nimbers is 6": the nimber reading, named after the operand.
    let nim = nim || m.nim_context();
    let cmp = m.comparison()?;
    let (b, b_span, ordinal) = m.operand()?;
    if ordinal {
        return None;
    }
    let b = Token::new(Tok::Num(b), b_span);
    // "… is 65536 + 32768": a sum in symbols after the value, each `+` read both ways.
    let tail = m.symbol_tail();
    let mode = if nim && tail.is_empty() {
        Mode::Role
    } else {
        Mode::Plain
    };
    m.tokens = if nim && !tail.is_empty() {
        let times = || Token::new(Tok::NimProd, name.clone());
        let mut t = vec![a.clone(), times(), a.clone()];
        if power == "3" {
            t.extend([times(), a]);
        }
        t
    } else {
        vec![
            a,
            Token::new(Tok::Caret, name.clone()),
            Token::new(Tok::Num(power.into()), name),
        ]
    };
    m.tokens.extend([cmp, b]);
    m.tokens.extend(tail);
    let arg = num_text(&a_copy)?;
    let mut found = vec![finish(m, clause(m, start), mode)];
    // "The square of 2 is 3 and its cube is 1".
    found.extend(its_more(m, &arg, mode));
    Some(found)
}

/// Takes a power of a number written with a caret, "2^63" or "2^64 − 1", as a number of
/// ordinary arithmetic; returns it in the statement language, `2**63`, and its span.
fn power_literal(m: &mut Matcher<'_>) -> Option<(String, Range<usize>)> {
    let (base, exp) = (m.w.get(m.at)?, m.w.get(m.at + 1)?);
    let digits = |w: &Word| !w.text.is_empty() && w.text.bytes().all(|b| b.is_ascii_digit());
    if !digits(base) || !digits(exp) || m.text[base.span.end..exp.span.start].trim() != "^" {
        return None;
    }
    let mut lit = format!("{}**{}", base.text, exp.text);
    let mut end = exp.span.end;
    m.at += 2;
    // "2^64 − 1": less a number.
    if let Some(k) = m.w.get(m.at).filter(|k| digits(k))
        && matches!(m.text[end..k.span.start].trim(), "−" | "-")
    {
        lit = format!("{lit} - {}", k.text);
        end = k.span.end;
        m.at += 1;
    }
    m.loose = Some(m.at);
    Some((lit, base.span.start..end))
}

/// Returns the tokens of the call `name(a)`, the name at `name_span` and the brackets
/// empty around the argument.
fn call(name: &str, name_span: Range<usize>, a: Token) -> Vec<Token> {
    let open = Token::new(Tok::LParen, a.span.start..a.span.start);
    let close = Token::new(Tok::RParen, a.span.end..a.span.end);
    vec![
        Token::new(Tok::Ident(name.into()), name_span),
        open,
        a,
        close,
    ]
}

/// "1000 nim-added to 999 gives 15", "2 nim-multiplied by 3 is 1", "every value nim-added
/// to itself gives 0": an operand, the operation as a participle, the other.
fn participle_pair(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let every = m.word(&["every", "any"]).and_then(|from| {
        let noun = m.word(&["number", "nimber", "value", "element"]);
        noun.map(|n| from.start..n.end)
    });
    if every.is_none() {
        m.at = start;
    }
    let a = match &every {
        Some(r) => Token::new(Tok::Ident("a".into()), r.clone()),
        None => {
            if !may_be_subject(m, m.at) {
                return None;
            }
            m.number()?
        }
    };
    let verb = m.word(&["nim-added", "nim-multiplied"])?;
    let op = if text_of(m, &verb) == "nim-added" {
        m.word(&["to", "with"])?;
        Tok::NimSum
    } else {
        m.word(&["by", "with"])?;
        Tok::NimProd
    };
    let b = match m.word(&["itself"]) {
        Some(r) => Token::new(a.tok.clone(), r),
        None if every.is_some() => return None,
        None => m.number()?,
    };
    let cmp = m.comparison()?;
    let v = m.number()?;
    let mut tokens = Vec::new();
    if let Some(r) = &every {
        // "every number …": every nimber below a bound is one case of the law.
        tokens.extend(lexed("forall a < 65536:", &(r.start..r.start), Mode::Role)?);
    }
    tokens.extend([a, Token::new(op, verb), b, cmp, v]);
    m.tokens = tokens;
    Some(vec![finish(m, clause(m, start), Mode::Role)])
}

/// "A and B nim-add to C", "nim-adding A and B gives C", "A and B are inverses".
fn pair(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "rows of 3 and 11 nim-add to 5" adds the rows' values, not the sizes.
    if start >= 2 && m.w[start - 1].text == "of" && is_unit(m.lex, &m.w[start - 2].text, true) {
        return None;
    }
    // "heaps 3, 5 and 6 have nim-sum 0": the last two of a longer list are no pair; but
    // "In the field below 16, 2 and 3 are inverse" opens with a bound, not a list.
    let bound =
        start >= 2 && ["below", "under", "above", "over"].contains(&m.w[start - 2].text.as_ref());
    if m.gap() == "," && start >= 1 && holds_number(&m.w[start - 1]) && !bound {
        return None;
    }
    // "multiply 6 by 7 and you get 3", "if you nim-add 3 and 5 you get 6": the imperative
    // reads as its gerund.
    let imperative = m
        .words(&["if", "you"])
        .or_else(|| m.words(&["when", "you"]))
        .is_some();
    let gerund = m.word(&[
        "nim-adding",
        "nim-multiplying",
        "nim-dividing",
        "adding",
        "multiplying",
        "dividing",
        "nim-add",
        "nim-multiply",
        "nim-divide",
        "add",
        "multiply",
        "divide",
    ]);
    let told = gerund
        .as_ref()
        .is_some_and(|g| !text_of(m, g).ends_with("ing"));
    if imperative && !told {
        return None;
    }
    let kind = gerund.as_ref().map(|g| match text_of(m, g).as_str() {
        "nim-add" | "nim-adding" => "nim-adding",
        "nim-multiply" | "nim-multiplying" => "nim-multiplying",
        "nim-divide" | "nim-dividing" => "nim-dividing",
        "add" | "adding" => "adding",
        "multiply" | "multiplying" => "multiplying",
        _ => "dividing",
    });
    let divide = kind.as_ref().is_some_and(|k| k.ends_with("dividing"));
    // "multiplying 8 by 8 in the nimbers gives 13": the ordinary word made the nimber
    // operation by a phrase after its operands.
    let plain = kind.as_ref().is_some_and(|k| !k.starts_with("nim-"));
    let a = m.number()?;
    // "nim-multiplying 7 by 7", "nim-adding 3 to 5", "nim-multiplying 4 by itself".
    if gerund.is_some() {
        m.word(&["and", "by", "to", "with"])?;
    } else {
        m.word(&["and"])?;
    }
    let b = match m.word(&["itself"]).filter(|_| gerund.is_some()) {
        Some(r) => Token::new(a.tok.clone(), r),
        None => m.number()?,
    };
    // "Multiplying 5 by 11 gives 55", with no word of nimbers: both readings of plain math;
    // but star values are games, whose sum is the nim-sum: "adding ∗7 to itself gives ∗0".
    let star = |t: &Token| m.text[t.span.clone()].starts_with(['*', '∗']);
    let stars = star(&a) && (star(&b) || m.text[b.span.clone()].eq_ignore_ascii_case("itself"));
    let mut ordinary = false;
    if plain && !stars && !m.nim_context() {
        // "dividing 1 by 10 in the field below 16": in a field of nimbers.
        let before = m.at;
        let in_field = divide
            && m.w.get(m.at).is_some_and(|w| w.text == "in")
            && setting(m, &a).is_some()
            && setting(m, &b).is_some();
        let field = in_field && m.at != before;
        if divide && !field {
            m.at = before;
        }
        // "dividing 12 by 4 gives 3": a quotient in no field named has both readings too.
        ordinary = !field;
    }
    let (op, cmp) = match gerund {
        Some(g) => {
            let adding = kind.as_ref().is_some_and(|k| k.ends_with("adding"));
            let op = if divide {
                Tok::Slash
            } else if ordinary && adding {
                Tok::Plus
            } else if ordinary {
                Tok::Times
            } else if adding {
                Tok::NimSum
            } else {
                Tok::NimProd
            };
            // "nim-adding 12 and 10 leaves 6"; "… and you get 3" after an imperative.
            let cmp = if told {
                m.past_comma();
                let from = m.w.get(m.at)?.span.start;
                if m.word(&["and"]).is_none() && !imperative {
                    return None;
                }
                m.maybe(&["you"]);
                let get = m.word(&["get", "obtain", "have"])?;
                Token::new(Tok::Cmp(Cmp::Eq), from..get.end)
            } else {
                m.comparison().or_else(|| {
                    let r = m.word(&["leaves", "produces"])?;
                    Some(Token::new(Tok::Cmp(Cmp::Eq), r))
                })?
            };
            (Token::new(op, g), cmp)
        }
        None if m.word(&["are"]).is_some() => {
            // "are inverses", "are mutually inverse", "are inverses of each other", "are
            // each other's inverse".
            let _ = m
                .words(&["each", "other's"])
                .or_else(|| m.words(&["each", "other’s"]));
            m.maybe(&["mutually", "nim"]);
            let name = m.word(&["inverses", "inverse"]).or_else(|| {
                // "the inverse of four is fifteen; five and twelve are a pair": a pair of
                // inverses, where the sentence speaks of them.
                let pair = m.words(&["a", "pair"])?;
                let before = &m.text[..m.w[start].span.start];
                let sentence = before.rsplit(['.', '!', '?']).next().unwrap_or("");
                sentence.to_lowercase().contains("inverse").then_some(pair)
            })?;
            let eq = Token::new(Tok::Cmp(Cmp::Eq), name);
            let at = a.span.start..a.span.start;
            m.tokens = call("inv", at, a);
            m.tokens.extend([eq, b]);
            let _ = m
                .words(&["of", "each", "other"])
                .or_else(|| m.words(&["to", "each", "other"]));
            let span = m.w[start].span.start..m.w[m.at - 1].span.end;
            let mut found = vec![finish(m, span, Mode::Role)];
            // "…, and so are 4 and 15, 5 and 12, and 6 and 9": more pairs of the relation.
            let (mut save, tokens) = ((m.at, m.loose), m.tokens.clone());
            m.past_comma();
            if m.words(&["and", "so", "are"]).is_some() {
                loop {
                    let pair = m.number().and_then(|c| {
                        let and = m.word(&["and"])?;
                        let d = m.number()?;
                        let at = c.span.start..c.span.start;
                        let from = c.span.start;
                        m.tokens = call("inv", at, c);
                        m.tokens.extend([Token::new(Tok::Cmp(Cmp::Eq), and), d]);
                        Some(finish(m, from..m.w[m.at - 1].span.end, Mode::Role))
                    });
                    let Some(f) = pair else {
                        break;
                    };
                    found.push(f);
                    save = (m.at, m.loose);
                    // Another pair after a comma, perhaps with "and": ", 5 and 12".
                    if !m.after_comma() {
                        break;
                    }
                    m.past_comma();
                    m.maybe(&["and"]);
                }
            }
            ((m.at, m.loose), m.tokens) = (save, tokens);
            return Some(found);
        }
        // "6 and 7 have nim-product 3", "… have a nim-sum of 1".
        None if m.word(&["have"]).is_some() => {
            let have = m.w[m.at - 1].span.clone();
            m.maybe(&["a", "the"]);
            let noun = m.word(&["nim-product", "nim-sum"])?;
            let op = if text_of(m, &noun) == "nim-sum" {
                Tok::NimSum
            } else {
                Tok::NimProd
            };
            m.maybe(&["of"]);
            let is = have.start..m.w[m.at - 1].span.end;
            (Token::new(op, noun), Token::new(Tok::Cmp(Cmp::Eq), is))
        }
        // "Under nim-multiplication, 6 and 7 give 3": the operation named in the lead.
        None if let Some(op) = lead_operation(m, start) => {
            let verb = m.word(&["give", "make", "yield", "produce"])?;
            (
                Token::new(op, verb.clone()),
                Token::new(Tok::Cmp(Cmp::Eq), verb),
            )
        }
        None => {
            let verb = m.word(&["nim-add", "nim-multiply"])?;
            let op = if text_of(m, &verb) == "nim-add" {
                Tok::NimSum
            } else {
                Tok::NimProd
            };
            let to = m.word(&["to"])?;
            (Token::new(op, verb), Token::new(Tok::Cmp(Cmp::Eq), to))
        }
    };
    let c = m.number()?;
    m.tokens = vec![a, op, b, cmp, c];
    let mode = if ordinary { Mode::Plain } else { Mode::Role };
    Some(vec![finish(m, clause(m, start), mode)])
}

/// Returns the operation a sentence's lead names before word `start`, the lead then
/// closed by a comma: "Under nim-multiplication, …", "With the nim-sum, …".
fn lead_operation(m: &Matcher<'_>, start: usize) -> Option<Tok> {
    let first = start.saturating_sub(4)..start;
    let lead: Vec<&str> = m.w[first.clone()].iter().map(|w| w.text.as_ref()).collect();
    let opens = |k: usize| {
        first.start + k == 0
            || m.text[..m.w[first.start + k].span.start]
                .trim_end()
                .ends_with(['.', '!', '?'])
    };
    (0..lead.len()).find_map(|k| {
        let word = lead[k];
        if !["under", "with", "using", "in"].contains(&word) || !opens(k) {
            return None;
        }
        let rest: Vec<&str> = lead[k + 1..]
            .iter()
            .copied()
            .filter(|w| *w != "the")
            .collect();
        let op = match rest.as_slice() {
            ["nim-multiplication" | "nim-product"] => Tok::NimProd,
            ["nim-addition" | "nim-sum"] => Tok::NimSum,
            _ => return None,
        };
        let last = &m.w[start - 1];
        let comma = m.text[last.span.end..m.w[start].span.start].trim() == ",";
        comma.then_some(op)
    })
}

/// "The ordinals ω + 3 and ω + 5 nim-add to 6": a pair of ordinal terms, in plain mode,
/// where each term has its one ordinal reading.
fn ordinal_pair(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if m.word(&["the"]).is_some() {
        m.word(&["ordinals", "nimbers", "numbers", "terms"])?;
        m.loose = Some(m.at);
    }
    let (a, a_span, ord_a) = m.operand()?;
    m.word(&["and"])?;
    m.loose = Some(m.at);
    let (b, _, ord_b) = m.operand()?;
    if !(ord_a || ord_b) {
        return None;
    }
    let verb = m.word(&["nim-add", "nim-multiply"])?;
    let op = if text_of(m, &verb) == "nim-add" {
        "⊕"
    } else {
        "⊗"
    };
    m.word(&["to"])?;
    m.loose = Some(m.at);
    let (c, c_span, _) = m.operand()?;
    let src = format!("{a} {op} {b} = {c}");
    let span = m.w[start].span.start..c_span.end;
    one_claim(m, &src, span, a_span.start..c_span.end, Mode::Plain)
}

/// "A has inverse B", "A has order B", "A has square root B", "A has degree B"; "both A
/// and B have order C".
fn has(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if !may_be_subject(m, start) {
        return None;
    }
    // "Both 2 and 3 have order 3": each of several subjects.
    let both = m.word(&["both"]).is_some();
    let a = m.number()?;
    let subjects = m.series(a.clone());
    let plural = subjects.len() > 1;
    if both && !plural {
        return None;
    }
    if plural {
        m.maybe(&["all", "both"]);
    }
    let has = m.word(&[if plural { "have" } else { "has" }])?;
    if plural {
        m.maybe(&["all", "both"]);
    }
    m.maybe(&["the", "a", "an"]);
    m.maybe(&["nim", "multiplicative"]);
    let name = if m
        .word(&["inverse", "nim-inverse", "reciprocal", "nim-reciprocal"])
        .is_some()
    {
        "inv"
    } else if m.words(&["square", "root"]).is_some() {
        "sqrt"
    } else if m.word(&["degree"]).is_some() {
        "deg"
    } else if let Some(power) = m.word(&["cube", "nim-cube", "square", "nim-square"]) {
        // "14 has cube 13": a power, not a root.
        if m.w
            .get(m.at)
            .is_some_and(|w| w.text == "root" || w.text == "roots")
        {
            return None;
        }
        if text_of(m, &power).ends_with("cube") {
            "^3"
        } else {
            "^2"
        }
    } else {
        m.word(&["order"])?;
        "ord"
    };
    let name_span = has.start..m.w[m.at - 1].span.end;
    let b = m.number()?;
    // "4 has degree 4 over the two-element field", "2 has order 3 in the field below 4".
    let largest = subjects.iter().max_by_key(|t| num_value(t))?.clone();
    setting(m, &largest)?;
    let eq = Token::new(Tok::Cmp(Cmp::Eq), name_span.clone());
    let span = m.w[start].span.start..b.span.end;
    let mut out = Vec::new();
    let single = (subjects.len() == 1).then(|| m.text[a.span.clone()].to_string());
    for a in subjects {
        m.tokens = match name.strip_prefix('^') {
            Some(k) => vec![
                a,
                Token::new(Tok::Caret, name_span.clone()),
                Token::new(Tok::Num(k.into()), name_span.clone()),
            ],
            None => call(name, name_span.clone(), a),
        };
        m.tokens.extend([eq.clone(), b.clone()]);
        out.push(finish(m, span.clone(), Mode::Role));
    }
    // "16 has degree 8 over the two-element field, its inverse is 170, …".
    if let Some(arg) = single {
        out.extend(its_more(m, &arg, Mode::Role));
    }
    Some(out)
}

/// "A squared is B": the nim-square, or the ordinary square, as a power in plain math;
/// "A nim-squared is B" and "A squared in the nim sense is B", the nim-square alone; "A
/// cubed" likewise.
fn squared(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if !may_be_subject(m, start) {
        return None;
    }
    let a = m.number()?;
    let sq = m.word(&["squared", "nim-squared", "cubed", "nim-cubed"])?;
    let word = text_of(m, &sq);
    let mut nim_named = false;
    // "five squared, for instance, is seven": an aside between commas.
    let save = m.at;
    if m.after_comma() {
        m.past_comma();
        let aside = m
            .words(&["for", "instance"])
            .or_else(|| m.words(&["for", "example"]))
            .or_else(|| m.words(&["in", "turn"]))
            .is_some();
        // "ω cubed, as a nimber, is 2": the nimber power.
        nim_named = !aside
            && (m.words(&["as", "a", "nimber"]).is_some()
                || m.words(&["as", "nimbers"]).is_some()
                || m.nim_context());
        if (aside || nim_named) && m.after_comma() {
            m.past_comma();
        } else {
            m.at = save;
            nim_named = false;
        }
    }
    let power = if word.ends_with("cubed") { "3" } else { "2" };
    // "16 squared in the nim sense is 24": the nimber power.
    let sense = m.words(&["in", "the", "nim", "sense"]).is_some()
        || m.words(&["in", "the", "nimbers"]).is_some();
    let cmp = m.comparison()?;
    let b = m.number()?;
    // "ω cubed is 2": an ordinal's power in words is its nim-power, ω ⊗ ω ⊗ ω, not the
    // ordinal ω³ its symbols write.
    if a.tok == Tok::Omega {
        m.tokens = vec![a.clone()];
        for _ in 0..if power == "3" { 2 } else { 1 } {
            m.tokens
                .extend([Token::new(Tok::NimProd, sq.clone()), a.clone()]);
        }
        m.tokens.extend([cmp, b]);
        return Some(vec![finish(m, clause(m, start), Mode::Plain)]);
    }
    m.tokens = vec![
        a,
        Token::new(Tok::Caret, sq.clone()),
        Token::new(Tok::Num(power.into()), sq.clone()),
        cmp,
        b,
    ];
    let nim = word.starts_with("nim-") || sense || nim_named;
    let mode = if nim { Mode::Role } else { Mode::Plain };
    Some(vec![finish(m, clause(m, start), mode)])
}

/// "Two raised to the fifth nim-power is 2", "2 raised to the power 5 is 2": a power in
/// words, a nimber power when the words say so.
fn raised_to(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if !may_be_subject(m, start) {
        return None;
    }
    let a = m.number()?;
    let raised = m.words(&["raised", "to"])?;
    m.maybe(&["the"]);
    let (k, power) = match m.ordinal_word() {
        Some(k) => (k.to_string(), m.word(&["power", "nim-power"])?),
        None => {
            let power = m.word(&["power", "nim-power"])?;
            (num_text(&m.number()?)?, power)
        }
    };
    let nim = text_of(m, &power).starts_with("nim-") || m.nim_context();
    let cmp = m.comparison()?;
    let b = m.number()?;
    m.tokens = vec![
        a,
        Token::new(Tok::Caret, raised.start..power.end),
        Token::new(Tok::Num(k), raised.start..power.end),
        cmp,
        b,
    ];
    let mode = if nim { Mode::Role } else { Mode::Plain };
    Some(vec![finish(m, clause(m, start), mode)])
}

/// "Multiplied by itself, ∗3 gives ∗2", "∗3 times itself is ∗2": a square, the nimber
/// one for star values or in a nim context.
fn by_itself(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let lead = m.words(&["multiplied", "by", "itself"]);
    if lead.is_some() {
        if !m.after_comma() {
            return None;
        }
        m.past_comma();
    }
    let a = m.number()?;
    let itself = match lead {
        Some(r) => r,
        None => m
            .words(&["multiplied", "by", "itself"])
            .or_else(|| m.words(&["times", "itself"]))?,
    };
    let cmp = match m.word(&["gives", "makes", "yields"]) {
        Some(r) => Token::new(Tok::Cmp(Cmp::Eq), r),
        None => m.comparison()?,
    };
    let b = m.number()?;
    let star = m.text[a.span.clone()].starts_with(['∗', '*']);
    let nim = star || m.nim_context();
    m.tokens = vec![
        a,
        Token::new(Tok::Caret, itself.clone()),
        Token::new(Tok::Num("2".into()), itself),
        cmp,
        b,
    ];
    let mode = if nim { Mode::Role } else { Mode::Plain };
    Some(vec![finish(m, clause(m, start), mode)])
}

/// Returns the lowercased text of the word at `span`.
fn text_of(m: &Matcher<'_>, span: &Range<usize>) -> String {
    m.text[span.clone()].to_lowercase()
}

/// "exactly N of the [M] nonzero elements [below S] have an inverse", and the like.
fn count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let n = how_many(m)?;
    let of = m.word(&["of"])?;
    let (total, nonzero, size) = nonzero_elements(m)?;
    let (kind, order, pred) = predicate(m)?;
    // "…, and eight are primitive": a count of the same elements; its range is stated once.
    let again = match &size {
        Some(_) => (None, nonzero.clone(), size.clone()),
        None => (total.clone(), nonzero.clone(), None),
    };
    let field = match (&size, &total) {
        (Some(s), _) => num_value(s),
        (None, Some(t)) => num_value(t).and_then(|t| t.checked_add(1)),
        (None, None) => None,
    };
    let (k, d) = (num_value(&n), order.as_ref().and_then(num_value));
    let mut out = count_claims(m, start, n, of, (total, nonzero, size), (kind, order, pred))?;
    // "… are nim-cubes: 1, 8, 10, 13 and 14": the ones counted, each of the kind.
    if m.gap() == ":" {
        out.extend(counted_members(m, field?, kind, d, k?)?);
    }
    loop {
        let save = (m.at, m.loose, m.tokens.clone());
        let from = m.at;
        let more = (|| {
            m.past_comma();
            m.word(&["and", "while"])?;
            m.loose = Some(m.at);
            let n = how_many(m)?;
            let (kind, order, pred) = predicate(m)?;
            let of = n.span.clone();
            count_claims(m, from, n, of, again.clone(), (kind, order, pred))
        })();
        match more {
            Some(found) => out.extend(found),
            None => {
                (m.at, m.loose, m.tokens) = save;
                return Some(out);
            }
        }
    }
}

/// Takes the list after a count's colon, "1, 8, 10, 13 and 14", as many as the count `k`:
/// each is nonzero and of the `kind` counted in the field of `size` elements.
fn counted_members(
    m: &mut Matcher<'_>,
    size: u128,
    kind: &str,
    order: Option<u128>,
    k: u128,
) -> Option<Vec<Found>> {
    m.loose = Some(m.at);
    let first = m.number()?;
    let listed = m.series(first);
    if listed.len() as u128 != k || size > 1 << 16 {
        return None;
    }
    let mut out = Vec::new();
    for x in &listed {
        // A member is a nonzero element of the field counted over.
        if !(1..size).contains(&num_value(x)?) {
            return None;
        }
        let x_text = num_text(x)?;
        let claim = match kind {
            "cubes" => format!("count{{y < {size} : y^3 = {x_text}}} != 0"),
            "squares" => format!("count{{y < {size} : y^2 = {x_text}}} != 0"),
            "primitive" => format!("ord({x_text}) = {}", size - 1),
            "order" => format!("ord({x_text}) = {}", order?),
            _ => return None,
        };
        out.push(claim_at_span(
            m,
            &claim,
            x.span.clone(),
            x.span.clone(),
            Mode::Role,
        )?);
    }
    m.end_clause_at(m.w[m.at - 1].span.end);
    Some(out)
}

/// "Of the 255 nonzero nimbers below 256, exactly 128 are primitive": a count with its
/// range first.
fn count_of_range_first(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let of = m.word(&["of", "among"])?;
    let range = nonzero_elements(m)?;
    range.2.as_ref()?;
    if !m.after_comma() {
        return None;
    }
    m.loose = Some(m.at);
    let n = how_many(m)?;
    let (kind, order, pred) = predicate(m)?;
    count_claims(m, start, n, of, range, (kind, order, pred))
}

/// What a count ranges over: its stated total, the span of "nonzero" and the field size.
type CountRange = (Option<Token>, Range<usize>, Option<Token>);

/// Takes "the [15] nonzero elements [below 16]".
fn nonzero_elements(m: &mut Matcher<'_>) -> Option<CountRange> {
    m.word(&["the"])?;
    let total = m.number();
    let nonzero = m.word(&["nonzero", "non-zero"])?;
    m.word(&["elements", "nimbers", "element", "values"])?;
    // "… of the field below 16", "… in the field below 16".
    let save = m.at;
    if m.word(&["of", "in"]).is_none() || m.words(&["the", "field"]).is_none() {
        m.at = save;
    }
    let size = match m.word(&["below"]) {
        Some(_) => Some(m.number()?),
        None if m.at > save => return None,
        None => None,
    };
    Some((total, nonzero, size))
}

/// The claims of a count: how many are of the kind, and how many there are when the
/// sentence says so.
fn count_claims(
    m: &mut Matcher<'_>,
    start: usize,
    n: Token,
    of: Range<usize>,
    (total, nonzero, size): CountRange,
    (kind, order, pred): (&'static str, Option<Token>, Range<usize>),
) -> Option<Vec<Found>> {
    let field = match (&size, &total) {
        (Some(s), _) => s.clone(),
        (None, Some(t)) => {
            let Tok::Num(text) = &t.tok else { return None };
            let v = number_of(text)?.checked_add(1)?;
            Token::new(Tok::Num(v.to_string()), t.span.clone())
        }
        (None, None) => return None,
    };
    let end = m.w[m.at - 1].span.end;
    let mut tokens = vec![
        n,
        Token::new(Tok::Cmp(Cmp::Eq), of.clone()),
        Token::new(Tok::Ident("count".into()), of.start..of.end),
        Token::new(Tok::LParen, of.end..of.end),
        Token::new(Tok::Ident(kind.into()), pred.clone()),
        Token::new(Tok::Comma, pred.start..pred.start),
        field,
    ];
    if let Some(d) = order {
        tokens.push(Token::new(Tok::Comma, d.span.start..d.span.start));
        tokens.push(d);
    }
    tokens.push(Token::new(Tok::RParen, end..end));
    let span = m.w[start].span.start..end;
    let parsed = stmt::parse_tokens(&tokens, end, Mode::Role);
    let mut out = vec![Found {
        span,
        lint: judge(parsed, true),
    }];
    if let (Some(s), Some(t)) = (size, total) {
        // "the 15 nonzero elements below 16" says how many there are: a claim too.
        let end = s.span.end;
        let tokens = vec![
            t.clone(),
            Token::new(Tok::Cmp(Cmp::Eq), nonzero.clone()),
            Token::new(Tok::Ident("count".into()), nonzero.clone()),
            Token::new(Tok::LParen, nonzero.end..nonzero.end),
            Token::new(Tok::Ident("units".into()), nonzero.clone()),
            Token::new(Tok::Comma, nonzero.end..nonzero.end),
            s,
            Token::new(Tok::RParen, end..end),
        ];
        let parsed = stmt::parse_tokens(&tokens, end, Mode::Role);
        out.push(Found {
            span: t.span.start..end,
            lint: judge(parsed, true),
        });
    }
    // The clause's end, for the check that no word continues it.
    m.end_clause_at(end);
    Some(out)
}

/// Reads the predicate of a count: the kind's name, the order for "have order d", and
/// the span of the words.
fn predicate(m: &mut Matcher<'_>) -> Option<(&'static str, Option<Token>, Range<usize>)> {
    // "Including 0, exactly six …": the count takes in an element a count of the nonzero
    // ones leaves out, so it is not read as one.
    let zero_counted = m.w.get(..m.start)?.windows(2).any(|p| {
        matches!(&*p[0].text, "including" | "counting") && matches!(&*p[1].text, "0" | "zero")
    });
    if zero_counted {
        return None;
    }
    let at = m.at;
    let span_from = |m: &Matcher<'_>| m.w[at].span.start..m.w[m.at - 1].span.end;
    let have = ["have", "has"];
    let are = ["are", "is"];
    let save = m.at;
    if m.word(&have).is_some() {
        if m.words(&["an", "inverse"]).is_some() || m.words(&["a", "nim", "inverse"]).is_some() {
            return Some(("units", None, span_from(m)));
        }
        if m.word(&["a"]).is_some() {
            m.maybe(&["nim"]);
            m.words(&["square", "root"])?;
            return Some(("roots", None, span_from(m)));
        }
        m.maybe(&["multiplicative"]);
        m.word(&["order"])?;
        let d = m.number()?;
        return Some(("order", Some(d), span_from(m)));
    }
    m.at = save;
    m.word(&are)?;
    // "is a square root of 7" is a root of one number, not a count of squares.
    if m.w.get(m.at + 2).is_some_and(|w| w.text == "root") {
        return None;
    }
    if m.word(&["squares", "nim-squares"]).is_some() || m.words(&["a", "square"]).is_some() {
        return Some(("squares", None, span_from(m)));
    }
    if m.word(&["cubes", "nim-cubes"]).is_some() || m.words(&["a", "cube"]).is_some() {
        return Some(("cubes", None, span_from(m)));
    }
    if m.word(&["primitive"]).is_some() {
        m.maybe(&["elements", "element"]);
        return Some(("primitive", None, span_from(m)));
    }
    m.words(&["fixed", "by", "squaring"])?;
    Some(("fixed", None, span_from(m)))
}

/// Returns the value of a number token's text (decimal, `0x`, `0b`).
fn number_of(text: &str) -> Option<u128> {
    if let Some(h) = text.strip_prefix("0x") {
        u128::from_str_radix(h, 16).ok()
    } else if let Some(b) = text.strip_prefix("0b") {
        u128::from_str_radix(b, 2).ok()
    } else {
        text.parse().ok()
    }
}

/// Generic nouns for one position of a game of heaps.
const UNITS_OF_PLAY: [&str; 4] = ["heap", "row", "pile", "strip"];

/// Takes the noun of sizes counted: "heap sizes", "row lengths", "heaps", "rows", "sizes".
fn sizes_noun(m: &mut Matcher<'_>) -> Option<Range<usize>> {
    m.words(&["heap", "sizes"])
        .or_else(|| m.words(&["row", "lengths"]))
        .or_else(|| m.word(&["heaps", "rows", "sizes"]))
}

/// Returns the game positions read from word `start` are in: the one named after them
/// ("in Kayles"), the one whose unit they are, the one the sentence named before them, the
/// last game the page declared, or else Nim.
fn game_of(m: &mut Matcher<'_>, p: &Positions, start: usize) -> Option<String> {
    played_in(m)
        .or_else(|| p.game.clone())
        .or_else(|| named_before(m, start))
        .or_else(|| named_in_paragraph(m, p, start))
        .or_else(|| p.by_unit.clone())
        .or_else(|| p.pins.then(|| pins_game(m.lex)).flatten())
        // A game known by name is spoken of by its name, not as the page's game.
        .or_else(|| {
            let g = m.lex.games().iter().rev().find(|g| !g.known && !g.ahead)?;
            // Heaps on a page whose game is played on rows are Nim's.
            (!p.heaps || g.unit == "heap").then(|| g.name.clone())
        })
        // Heaps with no game named are Nim's, unless the sentence speaks of a game it does
        // not name: "In the game where you may remove 1 or 3 counters, a heap of 4 …".
        .or_else(|| (!unnamed_game_before(m, start)).then(|| NIM.to_string()))
}

/// Returns the game an earlier sentence of the text names last, when positions of the
/// kind read are its: "In Grundy's game … . In particular a heap of seven is lost".
fn named_in_paragraph(m: &Matcher<'_>, p: &Positions, start: usize) -> Option<String> {
    let name = named_in_text(m, start)?;
    if name == NIM {
        return (!p.pins).then_some(name);
    }
    // Dawson's Kayles is played on pins whatever its unit is called. A page's own game
    // may be called by the name of one known, in the words of either.
    let fits = |g: &GameWords| {
        if p.pins {
            g.unit != "heap" || g.title.to_lowercase().contains("kayles")
        } else {
            !p.heaps || g.unit == "heap"
        }
    };
    let mut games = m.lex.games().iter().filter(|g| g.name == name);
    games.any(fits).then_some(name)
}

/// Returns the game the text names last before word `start`, Nim by its name. A game
/// declared further down, or named by a letter ("s"), is no paragraph's game: a heap
/// with no game named is not its.
fn named_in_text(m: &Matcher<'_>, start: usize) -> Option<String> {
    let ahead = |name: &str| m.lex.games().iter().any(|g| g.name == name && g.ahead);
    // A paragraph's game is named within a few sentences of its positions.
    let window = || {
        (start.saturating_sub(120)..start)
            .rev()
            .filter(|&k| m.w[k].text.chars().count() > 1)
    };
    window()
        .find_map(|k| {
            title_ending_at(m, k).or_else(|| (bare_name(&m.w[k].text) == NIM).then(|| NIM.into()))
        })
        // "the game 0.44": a game named only by its code ("Dawson's Kayles, code 0.07" is
        // named by its title).
        .or_else(|| {
            window().find_map(|k| {
                let mut at = m.fresh_at(k.checked_sub(1)?);
                coded(&mut at).map(|(name, _)| name)
            })
        })
        .filter(|name| !ahead(name))
        .or_else(|| m.context.map(str::to_string))
}

/// Returns the game `text` names last, Nim by its name: the game of the lines after it.
pub fn last_game_named(text: &str, lex: &Lexicon) -> Option<String> {
    // Most text names no game: say so before reading its words.
    let lower = text.to_lowercase();
    let named = |label: &str| {
        let first = label.split_whitespace().next().unwrap_or(label);
        let first = bare_name(first).to_lowercase();
        !first.is_empty() && lower.contains(&first)
    };
    if !lower.contains(NIM)
        && !lower.contains("0.")
        && !lex
            .games()
            .iter()
            .any(|g| named(&g.title) || named(&g.name))
    {
        return None;
    }
    let w = words(text);
    let m = Matcher::new(text, &w, lex, 0);
    named_in_text(&m, w.len())
}

/// Returns a word without a possessive's ending: "nim's" is "nim".
fn bare_name(w: &str) -> &str {
    w.trim_end_matches("'s")
        .trim_end_matches("’s")
        .trim_end_matches('\'')
}

/// Returns whether the sentence before word `start` speaks of a game ("the game where …")
/// that no form named.
fn unnamed_game_before(m: &Matcher<'_>, start: usize) -> bool {
    words_back(m, start).any(|k| m.w[k].text == "game")
}

/// The words of the sentence before word `start`, last first: back to a sentence's end
/// (or a semicolon), at most 40 words, within which a sentence names its game.
fn words_back<'a>(m: &'a Matcher<'_>, start: usize) -> impl Iterator<Item = usize> + 'a {
    (start.saturating_sub(40)..start)
        .rev()
        .take_while(move |&k| {
            let gap_after =
                m.w.get(k + 1)
                    .map_or("", |n| &m.text[m.w[k].span.end..n.span.start]);
            k + 1 == start || !gap_after.contains(['.', '!', '?', ';'])
        })
}

/// Positions of a game read from a sentence: each size with the game named for it ("a
/// Nim heap of 1"), the game a unit names, and whether they were counted in pins.
struct Positions {
    sizes: Vec<(Token, Option<String>)>,
    game: Option<String>,
    /// The one game whose unit is the generic noun used ("heap", "row"), if any.
    by_unit: Option<String>,
    pins: bool,
    /// Whether the positions are called heaps: Nim's, on a page whose game has a unit of
    /// its own ("row").
    heaps: bool,
    /// Whether the sizes are alternatives ("heaps of 1 or 2"), each a position of its own,
    /// not parts of one sum.
    each: bool,
}

/// Returns the game the sentence names before word `start` ("In Kayles, a row of 7 …",
/// "In Grundy's game a heap of 7 …", "In the game with moves of two or five, …"), the last
/// one named, by its longest name ending there; Nim by its name.
fn named_before(m: &Matcher<'_>, start: usize) -> Option<String> {
    // A sentence's game stands within a few dozen words of its positions.
    // A one-letter name of a game declared further down is a letter of the prose ("a 1 in
    // the leading binary digit of s") unless it follows "game" ("the subtraction game t").
    // Nor is "a" or "i", a word of English, a game's name unless it follows "game" ("A heap
    // of seven is a loss" speaks of no game `a`).
    let letter = |name: &str| {
        name.chars().count() == 1
            && (name == "a"
                || name == "i"
                || m.lex.games().iter().any(|g| g.name == name && g.ahead))
    };
    for k in words_back(m, start) {
        let w = &m.w[k];
        let named = k > 0 && m.w[k - 1].text == "game";
        // "G(0) to G(199)" writes values in general: a capital is no game `g`.
        let capital =
            |n: &str| n.chars().count() == 1 && *w.text == *n && m.text[w.span.clone()] != *n;
        if let Some(name) =
            title_ending_at(m, k).filter(|n| named || !(capital(n) || letter(n) && w.text == *n))
        {
            return Some(name);
        }
        if bare_name(&w.text) == NIM {
            return Some(NIM.to_string());
        }
    }
    None
}

/// Returns the game the sentence names before word `start` (see [`named_before`]), or else
/// the one declared last above it.
fn named_or_current(m: &Matcher<'_>, start: usize) -> Option<String> {
    named_before(m, start)
        .or_else(|| named_in_text(m, start))
        .or_else(|| Some(m.lex.current_game()?.name.clone()))
}

/// Returns the first game the sentence before the one holding word `start` names, the
/// subject a sentence starting "It …" speaks of.
fn subject_before(m: &Matcher<'_>, start: usize) -> Option<String> {
    // The word before "It" ends the sentence before.
    let last = start.checked_sub(1).filter(|&k| ends_sentence(m, k))?;
    let first = sentence_start(m, last);
    // A text cut at a possessive ("s game. It …", from "Grundy’s game") has lost the
    // sentence's start: its subject is not known here.
    if possessive_piece(m, first) {
        return None;
    }
    (first..=last).find_map(|k| title_ending_at(m, k))
}

/// Returns whether a full stop, question or exclamation mark follows word `k`.
fn ends_sentence(m: &Matcher<'_>, k: usize) -> bool {
    m.w.get(k + 1)
        .is_some_and(|n| m.text[m.w[k].span.end..n.span.start].contains(['.', '!', '?']))
}

/// Returns whether the sentence holding word `k` opens the text, or follows only a label
/// with no number ("Solution.", "KOFI:").
fn opens_text(m: &Matcher<'_>, k: usize) -> bool {
    let first = sentence_start(m, k);
    first <= 2 && m.w[..first].iter().all(|w| !w.numeric)
}

/// Returns the first word of the sentence that holds word `k`.
fn sentence_start(m: &Matcher<'_>, k: usize) -> usize {
    (0..k)
        .rev()
        .find(|&j| ends_sentence(m, j))
        .map_or(0, |j| j + 1)
}

/// Returns whether word `k` is the "s" of a possessive that Markdown handed over apart
/// ("Grundy’s game" as "s game"): it names no game of its own.
fn possessive_piece(m: &Matcher<'_>, k: usize) -> bool {
    m.w.get(k).is_some_and(|w| {
        w.text == "s" && (w.span.start == 0 || m.text[..w.span.start].ends_with(['\'', '’']))
    })
}

/// Returns the game whose English name or function name ends at word `k`, the longest
/// such name ("Dawson's Kayles", not "Kayles"); a possessive's "s" piece followed by the
/// rest of a title names that title's game.
fn title_ending_at(m: &Matcher<'_>, k: usize) -> Option<String> {
    // "Grundy value" is the notion and "the Sprague–Grundy theorem" a theorem, not
    // Grundy's game.
    let notion = [
        "value", "values", "number", "numbers", "function", "theorem", "theory",
    ];
    if m.w[k].text == "grundy"
        && (m
            .w
            .get(k + 1)
            .is_some_and(|n| notion.contains(&n.text.as_ref()))
            || k.checked_sub(1).is_some_and(|p| m.w[p].text == "sprague"))
    {
        return None;
    }
    let mut best: Option<(usize, String)> = None;
    for g in m.lex.games() {
        for label in [&g.title, &g.name] {
            let seq: Vec<String> = words(label)
                .into_iter()
                .map(|w| w.text.into_owned())
                .collect();
            // The whole name, or (at a possessive's piece) the words after its "'s".
            let mut tails = vec![seq.clone()];
            if let Some(p) = seq.iter().position(|t| t.ends_with("'s")) {
                let mut tail = vec!["s".to_string()];
                tail.extend(seq[p + 1..].iter().cloned());
                if tail.len() > 1 {
                    tails.push(tail);
                }
            }
            for tail in tails {
                let n = tail.len();
                if n == 0 || n > k + 1 {
                    continue;
                }
                let from = k + 1 - n;
                let same = tail.iter().zip(&m.w[from..=k]).all(|(t, w)| *t == w.text);
                // "s" alone is the piece of a possessive, not a game named `s`; nor is a
                // letter in a formula ("h ⊕ s").
                let piece = n == 1 && (possessive_piece(m, from) || in_formula(m, from));
                if same && !piece && best.as_ref().is_none_or(|b| longer(n, b.0, g.known)) {
                    best = Some((n, g.name.clone()));
                }
            }
        }
    }
    best.map(|(_, name)| name)
}

/// Returns the game a row of pins is played in when no game is named: the game declared
/// last when its title names Kayles (as a heap is the game declared last's), or else the
/// page's game titled "Kayles", or else its one game whose title names Kayles, or else
/// Kayles.
fn pins_game(lex: &Lexicon) -> Option<String> {
    if let Some(g) = lex.current_game()
        && g.title.to_lowercase().contains("kayles")
    {
        return Some(g.name.clone());
    }
    let games = lex.games();
    let kayles = |g: &&GameWords| g.title.eq_ignore_ascii_case("kayles");
    // The page's own games first: on a page of Dawson's Kayles, its rows of pins.
    let own = games.iter().filter(|g| !g.known);
    if let Some(g) = own.clone().find(kayles) {
        return Some(g.name.clone());
    }
    let mut titled = own.filter(|g| g.title.to_lowercase().contains("kayles"));
    if let (Some(g), None) = (titled.next(), titled.next()) {
        return Some(g.name.clone());
    }
    games.iter().find(kayles).map(|g| g.name.clone())
}

/// Takes a game named by its English name or function name, longest first, or "the game"
/// (the last game declared); returns its function name and the words' span.
fn game_ref(m: &mut Matcher<'_>) -> Option<(String, Range<usize>)> {
    // "Dawson's Kayles" is no Kayles: a name is not read from inside a longer one.
    if m.at == m.start
        && let Some(w) = m.w.get(m.at)
    {
        let before = m.text[..w.span.start].trim_end();
        // Markdown may hand the text over after the apostrophe: "s Kayles".
        if before.ends_with("'s") || before.ends_with("’s") || before == "s" {
            return None;
        }
    }
    // "the subtraction game s", "the game g": a kind of game, then its name; but a game's
    // own title that reads as far ("the game with moves of two or five") names it.
    let save = m.at;
    let extra = m.extra.len();
    if let Some(first) = m.word(&["the", "a"]) {
        m.maybe(&["subtraction", "octal", "take-away", "heap"]);
        if m.word(&["game"]).is_some() {
            // "the subtraction game with moves of 1, 3 or 4 is the octal game 0.3033": the
            // game its moves name, which need not be the one declared last.
            let with = m.at;
            if m.word(&["with"]).is_some() {
                match titled(m).filter(|(name, _)| name.starts_with("take_")) {
                    Some((name, r)) => return Some((name, first.start..r.end)),
                    None => m.at = with,
                }
            }
            let kind = game_ref(m)
                .map(|(name, r)| (name, first.start..r.end))
                .or_else(|| described_game(m, first.start));
            if let Some(found) = kind {
                let (after, loose) = (m.at, m.loose);
                m.at = save;
                match titled(m) {
                    Some(t) if m.at >= after => {
                        m.extra.truncate(extra);
                        return Some(t);
                    }
                    _ => {
                        m.at = after;
                        m.loose = loose;
                        return Some(found);
                    }
                }
            }
        }
        m.at = save;
        m.extra.truncate(extra);
    }
    coded(m).or_else(|| titled(m))
}

/// Takes a game named by its octal code, "0.137", when the page's text named it so.
fn coded(m: &mut Matcher<'_>) -> Option<(String, Range<usize>)> {
    let (zero, digits) = (m.w.get(m.at)?, m.w.get(m.at + 1)?);
    let joined = m.at == m.start || zero.joined || m.loose == Some(m.at);
    if !joined || zero.text != "0" || &m.text[zero.span.end..digits.span.start] != "." {
        return None;
    }
    let name = crate::math::rules::code_name(&m.text[zero.span.start..digits.span.end]);
    m.lex.games().iter().find(|g| g.name == name)?;
    m.at += 2;
    Some((name, zero.span.start..digits.span.end))
}

/// Returns whether a name of `n` words beats the best so far, of `best` words: a longer
/// one does, and of names as long the page's own game is meant, not one known by name.
fn longer(n: usize, best: usize, known: bool) -> bool {
    n > best || (n == best && !known)
}

/// Takes a game named by its English name or function name, longest first, or "the game"
/// (the last game declared).
fn titled(m: &mut Matcher<'_>) -> Option<(String, Range<usize>)> {
    let mut best: Option<(usize, String, Range<usize>)> = None;
    // Markdown hands "Dawson’s Kayles" over in pieces, the last "s Kayles": at the start
    // of a piece, "s" and the words after a title's possessive name that game.
    let after_apostrophe = m.at == m.start
        && m.w.get(m.at).is_some_and(|w| {
            w.text == "s" && (w.span.start == 0 || m.text[..w.span.start].ends_with(['\'', '’']))
        });
    if after_apostrophe {
        for g in m.lex.games() {
            let title: Vec<String> = words(&g.title)
                .into_iter()
                .map(|w| w.text.into_owned())
                .collect();
            let Some(k) = title.iter().position(|t| t.ends_with("'s")) else {
                continue;
            };
            let mut seq = vec!["s"];
            seq.extend(title[k + 1..].iter().map(String::as_str));
            let save = m.at;
            if seq.len() > 1
                && let Some(r) = m.words(&seq)
                && best
                    .as_ref()
                    .is_none_or(|b| longer(seq.len(), b.0, g.known))
            {
                best = Some((seq.len(), g.name.clone(), r));
            }
            m.at = save;
        }
    }
    for g in m.lex.games() {
        for label in [&g.title, &g.name] {
            let seq: Vec<String> = words(label)
                .into_iter()
                .map(|w| w.text.into_owned())
                .collect();
            let seq: Vec<&str> = seq.iter().map(String::as_str).collect();
            if seq.is_empty() {
                continue;
            }
            let save = m.at;
            let found = if label.contains(|c: char| c == ',' || c.is_ascii_digit()) {
                m.words_through_commas(&seq)
            } else {
                m.words(&seq)
            };
            if let Some(r) = found
                && best
                    .as_ref()
                    .is_none_or(|b| longer(seq.len(), b.0, g.known))
            {
                best = Some((seq.len(), g.name.clone(), r));
            }
            m.at = save;
        }
    }
    if let Some((n, name, r)) = best {
        m.at += n;
        // A name in quotes, "“Take three or four” has period 7": the sentence goes on.
        // So does a set of moves in braces, "Moves {2, 3} have period 5".
        if ["\"", "”", "'", "’", "}"].contains(&m.gap()) {
            m.loose = Some(m.at);
        }
        return Some((name, r));
    }
    let save = m.at;
    let first = m.word(&["the", "this", "that"])?;
    // "the subtraction game": the last game declared, when its title does not say it is
    // of another kind (an untitled rule, or a title with that word).
    let kind = m
        .word(&["subtraction", "take-away"])
        .map(|_| m.w[m.at - 1].text.clone());
    let (Some(game), Some(last)) = (m.word(&["game"]), m.lex.current_game()) else {
        m.at = save;
        return None;
    };
    let fits =
        kind.is_none_or(|k| last.title == last.name || last.title.to_lowercase().contains(&*k));
    if !fits {
        m.at = save;
        return None;
    }
    Some((last.name.clone(), first.start..game.end))
}

/// Returns whether word `k`, a single letter, stands beside an operator, as a variable of
/// a formula does.
fn in_formula(m: &Matcher<'_>, k: usize) -> bool {
    const OPERATORS: &str = "⊕⊗+−-×·*^=<>≤≥≠/";
    let w = &m.w[k];
    if w.text.chars().count() != 1 {
        return false;
    }
    let before = k
        .checked_sub(1)
        .map_or("", |p| &m.text[m.w[p].span.end..w.span.start]);
    let after =
        m.w.get(k + 1)
            .map_or(&m.text[w.span.end..], |n| &m.text[w.span.end..n.span.start]);
    before.contains(|c| OPERATORS.contains(c)) || after.contains(|c| OPERATORS.contains(c))
}

/// Returns the game whose unit is `word` (singular or plural), if one game has it. A game
/// further down the page, or one known by name, counts only by a unit of its own: a heap
/// is not Grundy's game's because the page names that game somewhere.
fn unit_game(lex: &Lexicon, word: &str) -> Option<String> {
    let mut games = lex
        .games()
        .iter()
        .filter(|g| !((g.ahead || g.known) && g.unit == "heap"))
        .filter(|g| g.unit.eq_ignore_ascii_case(word) || format!("{}s", g.unit) == word);
    let g = games.next()?;
    games.all(|o| o.name == g.name).then(|| g.name.clone())
}

/// Returns whether `word` names one position of a game: a generic noun or a game's unit,
/// singular or plural (`plural` says which is wanted).
fn is_unit(lex: &Lexicon, word: &str, plural: bool) -> bool {
    let singular = if plural {
        match word.strip_suffix('s') {
            Some(s) => s,
            None => return false,
        }
    } else {
        word
    };
    UNITS_OF_PLAY.contains(&singular) || lex.games().iter().any(|g| g.unit == singular)
}

/// Takes the positions of a sentence about a game: "a row of 10", "a heap of size 7 and a
/// heap of 3", "rows of 3 and 4", "two rows of 5"; returns the sizes and the game a unit
/// names.
fn positions(m: &mut Matcher<'_>) -> Option<Positions> {
    positions_or_each(m).filter(|p| !p.each)
}

/// Reads positions as [`positions`] does, and alternatives too ("heaps of 1 or 2"), which
/// only a form that gives each its own claim takes.
fn positions_or_each(m: &mut Matcher<'_>) -> Option<Positions> {
    if let Some(p) = hyphened(m) {
        return Some(p);
    }
    let mut sizes = Vec::new();
    let mut pins = false;
    // "the Nim position (1, 4, 5)", "the position 3, 5, 6", "a Nim position of ∗5, ∗6
    // and ∗2": heaps listed.
    let save = m.at;
    m.maybe(&["the", "a"]);
    let own = if m.word(&["nim"]).is_some() {
        Some(NIM.to_string())
    } else {
        game_ref(m).map(|(name, _)| name)
    };
    let position = m.word(&["position"]).is_some() && {
        let before_of = m.at;
        if m.word(&["of"]).is_none() || !m.w.get(m.at).is_some_and(|w| w.numeric) {
            m.at = before_of;
        }
        true
    };
    if position && m.w.get(m.at).is_some_and(|w| w.numeric) {
        let bracket = m.gap() == "(";
        if bracket {
            m.loose = Some(m.at);
        }
        let first = m.number()?;
        let listed = m.series(first);
        if bracket {
            // The word after the closing bracket goes on the sentence.
            if m.gap() != ")" {
                return None;
            }
            m.loose = Some(m.at);
        }
        let nim = own.is_none() && listed.len() > 1;
        let game = own.or_else(|| nim.then(|| NIM.to_string()));
        let sizes = listed.into_iter().map(|t| (t, game.clone())).collect();
        return Some(Positions {
            sizes,
            game,
            by_unit: None,
            pins: false,
            heaps: false,
            each: false,
        });
    }
    m.at = save;
    // "the position with heaps 4, 5 and 1", "Nim with heaps 3, 6 and 5".
    let with = {
        m.maybe(&["the", "a"]);
        let own = if m.word(&["nim"]).is_some() {
            Some(NIM.to_string())
        } else {
            game_ref(m).map(|(name, _)| name)
        };
        let noun = m.word(&["position", "game"]).is_some();
        if (own.is_some() || noun) && m.word(&["with"]).is_some() {
            Some(own)
        } else {
            m.at = save;
            None
        }
    };
    let the = with.is_some() || m.word(&["the"]).is_some();
    let mut game = with.flatten();
    let mut by_unit = None;
    let mut heaps = false;
    let mut each = false;
    // Whether a position set aside between commas waits for its closing comma.
    let mut closing = false;
    loop {
        let mut own = None;
        let article = !the && m.word(&["a", "an", "one"]).is_some();
        // "a 5-heap": a Nim heap of 5.
        if let Some(size) = article.then(|| sized_heap(m)).flatten() {
            sizes.push((size, Some(NIM.to_string())));
            game = game.or_else(|| Some(NIM.to_string()));
            heaps = true;
        } else {
            let count = if article { None } else { m.number() };
            let plural = !article;
            m.maybe(&["single", "lone"]);
            // "a Kayles row", "a Nim heap": the game before its unit.
            if let Some((name, _)) = game_ref(m) {
                own = Some(name);
            } else if m.word(&["nim"]).is_some() {
                own = Some(NIM.to_string());
            }
            game = own.clone().or(game);
            let unit = m.w.get(m.at)?;
            // "coin 12", "coins 3 and 5": a coin is named by its label, not sized.
            let labelled =
                !article && count.is_none() && matches!(unit.text.as_ref(), "coin" | "coins");
            // "Two pins, value 1", "fifteen pins has value 7": a row of that many pins, of
            // Kayles, whatever the page's games call their units.
            let counted_pins = count.is_some()
                && matches!(unit.text.as_ref(), "pins" | "skittles")
                && m.w.get(m.at + 1).is_none_or(|w| w.text != "of");
            if !(unit.joined || m.at == m.start)
                || !(labelled || counted_pins || is_unit(m.lex, &unit.text, plural))
            {
                return None;
            }
            let unit_text = unit.text.clone();
            m.at += 1;
            // A generic noun ("a heap") gives way to a game the sentence names before it.
            let singular = unit_text.strip_suffix('s').unwrap_or(&unit_text);
            heaps |= singular == "heap";
            if UNITS_OF_PLAY.contains(&singular) {
                by_unit = by_unit.or_else(|| unit_game(m.lex, &unit_text));
            } else {
                game = game.or_else(|| unit_game(m.lex, &unit_text));
            }
            if let (true, Some(c)) = (counted_pins, &count) {
                sizes.push((c.clone(), own.clone()));
                pins = true;
            } else {
                // "Heaps 1, 2 and 3": sizes listed after a bare plural, which "heaps 5"
                // alone is not.
                let mut bare = false;
                if labelled {
                    m.maybe(&["number", "labelled", "labeled"]);
                } else if m.word(&["of"]).is_some() {
                    m.maybe(&["size", "sizes", "length", "lengths"]);
                } else if plural && !the && count.is_none() && singular == "heap" {
                    bare = true;
                } else if !(plural && the) {
                    // "the heaps 5, 9 and 12": sizes listed after a plural.
                    return None;
                }
                let first = m.number()?;
                let mut these = vec![first];
                if plural && count.is_none() {
                    // "rows of 3 and 4", "heaps of 1, 2 and 3".
                    let before = (m.at, m.loose);
                    let listed = m.list(these[0].clone());
                    if listed.is_none() {
                        (m.at, m.loose) = before;
                    }
                    if let Some(more) = listed {
                        these = more;
                    } else if sizes.is_empty() {
                        // "heaps of 1 or 2": each a position of its own.
                        let save = (m.at, m.loose);
                        let listed = m.series(these[0].clone());
                        let or = m.w[save.0..m.at].iter().any(|w| w.text == "or");
                        if listed.len() > 1 && or {
                            these = listed;
                            each = true;
                        } else {
                            (m.at, m.loose) = save;
                        }
                    }
                    // "heaps of 5 and of 8": the preposition said again.
                    let save = (m.at, m.loose);
                    match m.words(&["and", "of"]).and_then(|_| m.number()) {
                        Some(n) if these.len() == 1 => these.push(n),
                        _ => (m.at, m.loose) = save,
                    }
                }
                if bare && these.len() < 2 {
                    return None;
                }
                // "four Kayles pins": the game of this position after its size.
                if own.is_none()
                    && let Some((name, _)) = game_ref(m)
                {
                    own = Some(name.clone());
                    game = Some(name);
                }
                if m.word(&["pins", "skittles"]).is_some() {
                    pins = true;
                }
                m.maybe(&[
                    "tokens", "pins", "counters", "stones", "beans", "coins", "squares",
                ]);
                // "a row of 4 in Kayles beside a Nim heap of 1": each position's own game.
                let save = m.at;
                match m.word(&["in"]).and_then(|_| game_ref(m)) {
                    Some((name, _)) if own.is_none() => {
                        own = Some(name.clone());
                        game = Some(name);
                    }
                    _ => m.at = save,
                }
                let count_value = count.as_ref().map(|c| match &c.tok {
                    Tok::Num(t) => number_of(t),
                    _ => None,
                });
                match count_value {
                    // "two rows of 5": the same position twice.
                    Some(Some(k)) if (1..=16).contains(&k) && these.len() == 1 => {
                        for _ in 0..k {
                            sizes.push((these[0].clone(), own.clone()));
                        }
                    }
                    Some(_) => return None,
                    None => sizes.extend(these.into_iter().map(|t| (t, own.clone()))),
                }
            }
        }
        let (save, loose) = (m.at, m.loose);
        // "…, played beside a Nim heap of five, is worth ∗6": a position set aside.
        let aside = m.after_comma() && {
            m.past_comma();
            m.word(&["played", "placed"]).is_some()
        };
        if !aside {
            (m.at, m.loose) = (save, loose);
        }
        let joiner = m
            .word(&["and", "beside", "plus"])
            .or_else(|| m.words(&["next", "to"]))
            .or_else(|| m.words(&["together", "with"]))
            .filter(|r| !aside || text_of(m, r) != "and");
        // "… and a row of 1", "… and one row of 1", "… and two rows of 3": another position.
        let another = m.w.get(m.at).is_some_and(|w| {
            matches!(w.text.as_ref(), "a" | "an" | "one")
                || w.numeric
                    && m.w
                        .get(m.at + 1)
                        .is_some_and(|u| is_unit(m.lex, &u.text, true))
        });
        if joiner.is_some() && another {
            closing |= aside;
            continue;
        }
        (m.at, m.loose) = (save, loose);
        if closing && m.after_comma() {
            m.past_comma();
        }
        break;
    }
    Some(Positions {
        sizes,
        game,
        by_unit,
        pins,
        heaps,
        each,
    })
}

/// "a 1-4-5 position", "the Nim position 3-4-5": heaps written with hyphens between, as
/// Nim players write a position.
fn hyphened(m: &mut Matcher<'_>) -> Option<Positions> {
    // The heaps stand within the next few words: most sentences have no such word.
    let near = m.w.get(m.at..(m.at + 4).min(m.w.len()))?;
    if !near
        .iter()
        .any(|w| w.text.starts_with(|c: char| c.is_ascii_digit()) && w.text.contains('-'))
    {
        return None;
    }
    let save = m.at;
    m.maybe(&["the", "a"]);
    m.maybe(&["nim"]);
    let named_first = m.word(&["position"]).is_some();
    let listed = m.w.get(m.at).and_then(|w| hyphen_sizes(w)).filter(|_| {
        let w = &m.w[m.at];
        w.joined || m.at == m.start
    });
    let Some(sizes) = listed else {
        m.at = save;
        return None;
    };
    m.at += 1;
    if !named_first && m.word(&["position"]).is_none() {
        m.at = save;
        return None;
    }
    Some(nim_heaps(sizes))
}

/// Heaps in Nim of the sizes `sizes`.
fn nim_heaps(sizes: Vec<Token>) -> Positions {
    let game = Some(NIM.to_string());
    Positions {
        sizes: sizes.into_iter().map(|t| (t, game.clone())).collect(),
        game,
        by_unit: None,
        pins: false,
        heaps: true,
        each: false,
    }
}

/// Takes two or more numbers listed with nothing before them ("facing 1, 2 and 4"): heaps
/// in Nim.
fn bare_heaps(m: &mut Matcher<'_>) -> Option<Positions> {
    let save = m.at;
    let listed = m.number().map(|first| m.series(first));
    let Some(listed) = listed.filter(|l| l.len() > 1) else {
        m.at = save;
        return None;
    };
    Some(nim_heaps(listed))
}

/// Takes "act like a", "acts just like a", "behaves like a" or "is equivalent to a" before
/// a heap named by its size ("a 5-heap", "a single heap of 5"), leaving the size next: a
/// position that acts like a Nim heap is worth its size.
fn like_a_heap(m: &mut Matcher<'_>) -> Option<(Range<usize>, Token)> {
    let save = m.at;
    let verb = m
        .word(&["act", "acts", "behave", "behaves"])
        .and_then(|v| {
            m.maybe(&["just", "exactly"]);
            m.word(&["like"]).map(|_| v)
        })
        .or_else(|| m.words(&["is", "equivalent", "to"]))
        .or_else(|| m.words(&["are", "equivalent", "to"]));
    let heap = verb.and_then(|v| {
        m.word(&["a", "an", "one"])?;
        m.maybe(&["single", "lone"]);
        // "a 5-heap", "a heap of 5", "a Nim heap of size 5".
        let size = sized_heap(m).or_else(|| {
            m.maybe(&["nim"]);
            m.word(&["heap", "pile"])?;
            m.word(&["of", "with"])?;
            m.maybe(&["size"]);
            let n = m.number()?;
            m.maybe(&["counters", "stones", "tokens", "coins"]);
            Some(n)
        })?;
        Some((v.start..size.span.start, size))
    });
    if heap.is_none() {
        m.at = save;
    }
    heap
}

/// Takes a heap named by its size, "5-heap", and returns the size as a token.
fn sized_heap(m: &mut Matcher<'_>) -> Option<Token> {
    let w = m.w.get(m.at).filter(|w| w.joined || m.at == m.start)?;
    let digits = w.text.bytes().take_while(u8::is_ascii_digit).count();
    let unit = w.text.get(digits..)?;
    let heap = (digits > 0 && digits < 10 && matches!(unit, "-heap" | "-pile")).then(|| {
        let at = w.span.start;
        Token::new(Tok::Num(w.text[..digits].to_string()), at..at + digits)
    })?;
    m.at += 1;
    Some(heap)
}

/// The heap sizes of a word such as "1-4-5" (two or more numbers in digits joined by
/// hyphens), each a token at its digits.
fn hyphen_sizes(w: &Word) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let mut at = w.span.start;
    for part in w.text.split('-') {
        let digits =
            !part.is_empty() && part.len() < 10 && part.bytes().all(|b| b.is_ascii_digit());
        if !digits {
            return None;
        }
        out.push(Token::new(Tok::Num(part.to_string()), at..at + part.len()));
        at += part.len() + 1;
    }
    (out.len() > 1).then_some(out)
}

/// "Two Nim heaps, ∗6 and ∗3,": Nim heaps named, then listed between commas; a count
/// must be the count listed.
fn heaps_listed(m: &mut Matcher<'_>) -> Option<Positions> {
    let count = m.number();
    m.maybe(&["nim"]);
    m.word(&["heaps", "piles"])?;
    if !m.after_comma() {
        return None;
    }
    m.past_comma();
    let first = m.number()?;
    let listed = m.series(first);
    if count.is_some_and(|c| num_value(&c) != Some(listed.len() as u128)) {
        return None;
    }
    if m.after_comma() {
        m.past_comma();
    }
    Some(Positions {
        sizes: listed
            .into_iter()
            .map(|t| (t, Some(NIM.to_string())))
            .collect(),
        game: Some(NIM.to_string()),
        by_unit: None,
        pins: false,
        heaps: true,
        each: false,
    })
}

/// Takes what says where the positions are played: "in Kayles", "of Kayles", "together",
/// "side by side"; returns the game named, if any.
fn played_in(m: &mut Matcher<'_>) -> Option<String> {
    m.maybe(&["played", "placed", "set"]);
    let _ = m
        .word(&["together", "combined"])
        .or_else(|| m.words(&["side", "by", "side"]));
    let save = m.at;
    if m.word(&["in", "of", "at", "for"]).is_some() {
        if let Some((name, _)) = game_ref(m) {
            return Some(name);
        }
        if m.word(&["nim"]).is_some() {
            return Some(NIM.to_string());
        }
        m.at = save;
    }
    None
}

/// The name positions of Nim itself take: a heap's value is its size.
const NIM: &str = "nim";

/// Returns the value of the position `arg` in `game` as a term: `game(arg)`, or in Nim,
/// where a heap's value is its size, `arg`.
fn value_of(game: &str, arg: &str) -> String {
    if game == NIM {
        arg.to_string()
    } else {
        format!("{game}({arg})")
    }
}

/// Returns the tokens `g(a) ⊕ g(b) ⊕ …` for the sizes of `positions`, each in the game
/// named for it or else in `name`; in Nim a heap's value is its size, `a ⊕ b ⊕ …`.
fn game_sum(name: &str, sizes: Vec<(Token, Option<String>)>) -> Vec<Token> {
    let mut out = Vec::new();
    for (i, (s, own)) in sizes.into_iter().enumerate() {
        if i > 0 {
            out.push(Token::new(Tok::NimSum, s.span.start..s.span.start));
        }
        let name = own.as_deref().unwrap_or(name);
        if name == NIM {
            out.push(s);
        } else {
            let at = s.span.start..s.span.start;
            out.extend(call(name, at, s));
        }
    }
    out
}

/// Takes an outcome in words after "is" or "are": a P- or N-position, lost or won for the
/// player to move, a win or a loss for the first or second player; returns whether the
/// position's value is zero and the words' span.
fn outcome(m: &mut Matcher<'_>) -> Option<(bool, Range<usize>)> {
    let start = m.at;
    let p = m
        .words(&["a", "p-position"])
        .or_else(|| m.word(&["p-position", "p-positions", "p-positions"]))
        .or_else(|| m.words(&["a", "second-player", "win"]))
        .or_else(|| m.words(&["a", "previous-player", "win"]))
        .or_else(|| m.words(&["a", "first-player", "loss"]))
        .or_else(|| m.words(&["a", "next-player", "loss"]))
        .or_else(|| m.words(&["a", "losing", "one"]))
        .or_else(|| m.words(&["a", "losing", "position"]))
        .or_else(|| m.word(&["lost", "losing", "losses"]))
        // A dead heap has no move, so its value is 0.
        .or_else(|| m.word(&["dead"]))
        .or_else(|| m.words(&["a", "loss"]));
    let zero = if p.is_some() {
        true
    } else {
        m.words(&["an", "n-position"])
            .or_else(|| m.word(&["n-position", "n-positions"]))
            .or_else(|| m.words(&["a", "first-player", "win"]))
            .or_else(|| m.words(&["a", "next-player", "win"]))
            .or_else(|| m.words(&["a", "second-player", "loss"]))
            .or_else(|| m.words(&["a", "previous-player", "loss"]))
            .or_else(|| m.words(&["a", "winning", "one"]))
            .or_else(|| m.words(&["a", "winning", "position"]))
            .or_else(|| m.word(&["won", "winning"]))
            .or_else(|| m.words(&["a", "win"]))?;
        false
    };
    // Whose win or loss: the player to move is the default reading.
    let second = m
        .words(&["for", "the", "second", "player"])
        .or_else(|| m.words(&["for", "the", "previous", "player"]))
        .or_else(|| m.words(&["by", "the", "second", "player"]))
        .or_else(|| m.words(&["by", "the", "previous", "player"]))
        .is_some();
    if !second {
        let _ = m
            .words(&["by", "the", "player", "to", "move"])
            .or_else(|| m.words(&["by", "the", "first", "player"]))
            .or_else(|| m.words(&["by", "the", "next", "player"]))
            .or_else(|| m.words(&["for", "the", "player", "to", "move"]))
            .or_else(|| m.words(&["for", "the", "next", "player"]))
            .or_else(|| m.words(&["for", "the", "first", "player"]))
            .or_else(|| m.words(&["for", "whoever", "moves", "first"]))
            .or_else(|| m.words(&["for", "the", "mover"]));
    }
    let end = m.w[m.at - 1].span.end;
    Some((zero != second, m.w[start].span.start..end))
}

/// "A heap of 4 can go to 3 or to 0, worth 1 and 0": the positions one move away, each
/// with its value, in order; together they are the position's options.
fn moves_to(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let p = positions(m)?;
    let name = game_of(m, &p, start)?;
    if name == NIM || p.sizes.len() != 1 {
        return None;
    }
    m.word(&["can", "may"])?;
    m.word(&["go", "move"])?;
    m.word(&["to"])?;
    let mut targets = vec![m.number()?];
    loop {
        let save = (m.at, m.loose);
        if m.after_comma() {
            m.past_comma();
        }
        let or = m.word(&["or"]).is_some();
        m.maybe(&["to"]);
        match m.number() {
            Some(t) => targets.push(t),
            None => {
                (m.at, m.loose) = save;
                break;
            }
        }
        if or {
            break;
        }
    }
    m.past_comma();
    m.word(&["worth"])
        .or_else(|| m.words(&["with", "values"]))?;
    let first = m.number()?;
    let values = m.series(first);
    if values.len() != targets.len() {
        return None;
    }
    let _ = m.word(&["respectively"]);
    let (size, _) = p.sizes.into_iter().next()?;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut srcs = Vec::new();
    let mut listed = Vec::new();
    for (t, v) in targets.iter().zip(&values) {
        let v = num_text(v)?;
        srcs.push(format!("{name}({}) = {v}", num_text(t)?));
        listed.push(v);
    }
    srcs.push(format!(
        "options({name}, {}) = {{{}}}",
        num_text(&size)?,
        listed.join(", ")
    ));
    let mut found: Vec<Found> = srcs
        .iter()
        .map(|src| claim_at_span(m, src, span.clone(), span.clone(), Mode::Role))
        .collect::<Option<_>>()?;
    found.extend(so_worth(m, &name, size));
    Some(found)
}

/// The options of a position in words: "the options of a row of two pins in Kayles are
/// worth 1 and 0", "the two options of a heap of six are worth 2 and 0", "a heap of 6 has
/// options worth 2 and 0": the set of the values one move away. A count of options must
/// be the count of the values listed.
fn options_of(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let lead = m.word(&["the", "its"]).is_some();
    let (count, p, name) = if lead {
        let count = m.number();
        // "the splits of a heap in Grundy's game": its options, each a split.
        m.word(&["options", "splits"])?;
        m.word(&["of"])?;
        let p = positions(m)?;
        let name = game_of(m, &p, start)?;
        (count, p, name)
    } else {
        let p = positions(m)?;
        let name = game_of(m, &p, start)?;
        m.word(&["has", "have"])?;
        let count = m.number();
        m.word(&["options"])?;
        m.past_comma();
        (count, p, name)
    };
    if name == NIM || p.sizes.len() != 1 {
        return None;
    }
    let verb = if lead {
        m.words(&["are", "worth"])
            .or_else(|| m.words(&["reach", "the", "values"]))
            .or_else(|| m.words(&["lead", "to", "the", "values"]))
            .or_else(|| m.words(&["lead", "to", "values"]))
            .or_else(|| m.words(&["have", "values"]))
            .or_else(|| m.words(&["have", "the", "values"]))
            .or_else(|| m.words(&["take", "the", "values"]))
            .or_else(|| m.word(&["are"]))?
    } else {
        m.word(&["worth"])
            .or_else(|| m.words(&["with", "values"]))
            .or_else(|| m.words(&["of", "values"]))?
    };
    let first = m.number()?;
    let listed = m.series(first);
    let (size, _) = p.sizes.into_iter().next()?;
    // "The four splits of a heap of nine reach the values 0 and 2": fewer values than
    // options, so the count is of the moves.
    let moves = match count.filter(|c| num_value(c) != Some(listed.len() as u128)) {
        Some(c) => Some(format!(
            "moves({name}, {}) = {}",
            num_text(&size)?,
            num_text(&c)?
        )),
        None => None,
    };
    let heap = size.clone();
    let game = name.clone();
    let at = |x: usize| x..x;
    let from = size.span.start;
    let mut tokens = vec![
        Token::new(Tok::Ident("options".into()), at(from)),
        Token::new(Tok::LParen, at(from)),
        Token::new(Tok::Ident(name), at(from)),
        Token::new(Tok::Comma, at(from)),
    ];
    let end = size.span.end;
    tokens.extend([
        size,
        Token::new(Tok::RParen, at(end)),
        Token::new(Tok::Cmp(Cmp::Eq), verb),
    ]);
    let open = listed.first()?.span.start;
    tokens.push(Token::new(Tok::LBrace, at(open)));
    for (i, v) in listed.into_iter().enumerate() {
        if i > 0 {
            tokens.push(Token::new(Tok::Comma, at(v.span.start)));
        }
        tokens.push(v);
    }
    let close = tokens.last()?.span.end;
    tokens.push(Token::new(Tok::RBrace, at(close)));
    let mut found = clause_claim(m, start, tokens)?;
    if let Some(src) = moves {
        let span = found.first()?.span.clone();
        found.push(claim_at_span(m, &src, span.clone(), span, Mode::Role)?);
    }
    found.extend(so_worth(m, &game, heap));
    Some(found)
}

/// Reads the position's own value after its options, the mex: "…, so the heap itself is
/// worth ∗1", "…, so it is worth 0".
fn so_worth(m: &mut Matcher<'_>, game: &str, heap: Token) -> Option<Found> {
    let save = m.at;
    m.past_comma();
    let so = m.word(&["so", "hence"]).is_some() || m.words(&["and", "so"]).is_some();
    let from = m.at;
    // "the heap (itself) is worth", "its value is", "it is worth".
    let back = so
        && (m.word(&["the", "that"]).is_some() && m.word(&POSITION_NOUNS).is_some()
            || m.word(&["its"]).is_some() && m.word(&["value"]).is_some()
            || m.word(&["it"]).is_some());
    if !back {
        m.at = save;
        // "…, and the least value missing from them is 1".
        return least_missed(m, &format!("{game}({})", num_text(&heap)?));
    }
    m.maybe(&["itself"]);
    let verb = m
        .words(&["is", "worth"])
        .or_else(|| m.words(&["has", "value"]))
        .or_else(|| m.is());
    // "its value is their mex, 1": the rule named before the value.
    let before_mex = m.at;
    m.maybe(&["their", "the"]);
    if m.word(&["mex"]).is_some() && m.after_comma() {
        m.past_comma();
    } else {
        m.at = before_mex;
    }
    let (Some(verb), Some(value)) = (verb, m.number()) else {
        m.at = save;
        return None;
    };
    let at = heap.span.start..heap.span.start;
    m.tokens = call(game, at, heap);
    m.tokens
        .extend([Token::new(Tok::Cmp(Cmp::Eq), verb), value]);
    let span = m.w[from].span.start..m.w[m.at - 1].span.end;
    Some(finish(m, span, Mode::Role))
}

/// The mex rule for a product worked by pairs: "the nine pairs cross off only the values
/// 0, 1 and 3", "the four pairs below (2, 2) exclude the values 0, 2, 2 and 1", "its
/// sixteen pairs exclude ten distinct values, and the least value they miss is 6", "there
/// are four pairs, namely (0, 0), (0, 1), (1, 0) and (1, 1), and they exclude 0, 2, 2 and
/// 1". Each pair `(a', b')` below `(a, b)` excludes `(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b')`; the
/// product is the one written in the clause or the last one named before it in the text.
/// A count of pairs other than `a·b`, or pairs listed that are not those below `(a, b)`,
/// leave the sentence unread.
fn pairs_exclude(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let _ = m.words(&["there", "are"]);
    m.maybe(&["the", "its", "all", "these", "those"]);
    let count = m.number();
    // A count read from its own word on, not skipped by starting at "pairs".
    if count.is_none() && start > 0 && m.w[start - 1].numeric {
        return None;
    }
    m.word(&["pairs"])?;
    // "pairs (a', b')": the pairs named by their letters, or by a formula a reader sees
    // as math (a barrier in the shown text).
    let gap = m.gap();
    if gap.contains('\u{fffc}') && gap.chars().all(|c| matches!(c, '\u{fffc}' | ',' | ' ')) {
        m.loose = Some(m.at);
    } else if gap.ends_with('(') {
        let letters = |k: usize| {
            m.w.get(k)
                .is_some_and(|w| w.text.chars().count() == 1 && !w.numeric)
        };
        if letters(m.at) && letters(m.at + 1) {
            m.at += 2;
            m.loose = Some(m.at);
        }
    }
    let below = if m.word(&["below", "under"]).is_some() {
        m.loose = Some(m.at);
        let a = m.number()?;
        m.loose = Some(m.at);
        let b = m.number()?;
        if m.gap() != ")" {
            return None;
        }
        m.loose = Some(m.at);
        Some((num_value(&a)?, num_value(&b)?))
    } else {
        None
    };
    // "with a' and b' below 2", "with both entries below 2": each factor is that bound.
    let mut bound = None;
    if below.is_none() && m.word(&["with"]).is_some() {
        let to = (m.at..m.w.len().min(m.at + 6)).find(|&k| m.w[k].text == "below")?;
        m.at = to + 1;
        m.loose = Some(m.at);
        bound = Some(num_value(&m.number()?)?);
    }
    // "the six pairs for 2 ⊗ 3".
    let named = if below.is_none() && m.word(&["for"]).is_some() {
        let a = m.number()?;
        if m.gap() != "⊗" {
            return None;
        }
        m.loose = Some(m.at);
        let b = m.number()?;
        Some((num_value(&a)?, num_value(&b)?))
    } else {
        below
    };
    let (a, b) = named
        .or_else(|| product_before(m.text, m.w, start))
        .or_else(|| pairs_below(m, start))?;
    if bound.is_some_and(|n| n != a || n != b) {
        return None;
    }
    let miscounted = count
        .as_ref()
        .is_some_and(|c| num_value(c) != a.checked_mul(b));
    // "(0, 0), (0, 1), (1, 0) and (1, 1)", with "namely" or not: those below (a, b).
    let save = (m.at, m.loose);
    m.past_comma();
    let _ = m.word(&["namely"]);
    match pair_list(m) {
        Some(pairs) if !is_every_pair(&pairs, a, b) => return None,
        Some(_) => {}
        None => (m.at, m.loose) = save,
    }
    // "There are sixteen pairs." and no more: how many there are.
    // (The count language ranges its variables over one interval: a square's pairs only.)
    let ends = m.w.get(m.at).is_none() || m.gap().contains(['.', ';', '!', '?']);
    if let Some(k) = count.as_ref().filter(|_| ends && a == b) {
        let src = format!("count{{0 <= x, y < {a} : x < {a}}} = {}", num_text(k)?);
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        return one_claim(m, &src, span, k.span.clone(), Mode::Role);
    }
    // A count that is not the product's may be of another product: left unread.
    if miscounted {
        return None;
    }
    // ", and they exclude", "; between them they exclude".
    let save = (m.at, m.loose);
    m.past_comma();
    let _ = m.word(&["and"]);
    let _ = m.words(&["between", "them"]);
    if m.word(&["they"]).is_none() {
        (m.at, m.loose) = save;
    }
    // "For 2 ⊗ 2 there are …": the product it opens with is the sentence's too.
    let lead = start.checked_sub(3).filter(|&k| {
        m.w[k].text == "for" && m.text[m.w[k + 1].span.end..m.w[k + 2].span.start].trim() == "⊗"
    });
    exclusions(m, a, b, lead.unwrap_or(start))
}

/// "Between them they exclude ten distinct values, …" after "there are sixteen pairs": the
/// pairs of the product named last, said a sentence before.
fn they_exclude(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let _ = m.words(&["between", "them"]);
    m.word(&["they"])?;
    let (a, b) = pairs_said(m, start)?;
    exclusions(m, a, b, start)
}

/// "The least value left over is 3", "The largest excluded value is 14": the least value
/// the pairs of the product worked just before miss, or the largest they exclude.
fn after_pairs(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (a, b) = pairs_said(m, start)?;
    match least_missed(m, &format!("{a} ⊗ {b}")) {
        Some(found) => Some(vec![found]),
        None => largest_excluded(m, a, b),
    }
}

/// "The excluded set is {0, 1, 2} and its mex is 3": the values the pairs of the product
/// worked just before exclude, as a set.
fn excluded_set(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (a, b) = pairs_said(m, start)?;
    m.maybe(&["the"]);
    let _ = m
        .words(&["excluded", "set"])
        .or_else(|| m.words(&["set", "of", "excluded", "values"]))?;
    m.is()?;
    if m.gap() == "{" {
        m.loose = Some(m.at);
    }
    let first = m.number()?;
    let listed: Vec<String> = m.series(first).iter().filter_map(num_text).collect();
    let src = format!("excluded({a}, {b}) = {{{}}}", listed.join(", "));
    let mut found = clause_claims(m, start, &[src])?;
    found.extend(least_missed(m, &format!("{a} ⊗ {b}")));
    Some(found)
}

/// Returns the factors of the product named last before word `start`, when its pairs or
/// what they exclude were spoken of within a few dozen words before it.
fn pairs_said(m: &Matcher<'_>, start: usize) -> Option<(u128, u128)> {
    let said = (start.saturating_sub(40)..start).any(|k| {
        matches!(
            m.w[k].text.as_ref(),
            "pairs" | "exclude" | "excluded" | "excludes"
        )
    });
    // The pairs' own bound is nearer than a product a formula after them works.
    said.then(|| pairs_below(m, start).or_else(|| product_before(m.text, m.w, start)))
        .flatten()
}

/// Returns `(n, n)` when the pairs were said a sentence before to have both entries below
/// `n` ("The pairs (a', b') with both entries below 2 are …"): the pairs of `n ⊗ n`.
fn pairs_below(m: &Matcher<'_>, start: usize) -> Option<(u128, u128)> {
    (start.saturating_sub(40)..start)
        .rev()
        .filter(|&k| m.w[k].text == "pairs")
        .find_map(|from| {
            let below = (from..start.min(from + 8)).find(|&k| m.w[k].text == "below")?;
            let n = number(m.w, below + 1).and_then(|n| number_of(&n.text))?;
            Some((n, n))
        })
}

/// Reads what the pairs below `(a, b)` exclude, from the verb on: how many distinct
/// values, the values listed, the least they miss and the largest they exclude; the
/// sentence read from word `start`.
fn exclusions(m: &mut Matcher<'_>, a: u128, b: u128, start: usize) -> Option<Vec<Found>> {
    m.word(&["exclude", "excludes"])
        .or_else(|| m.words(&["cross", "off"]))
        .or_else(|| m.words(&["rule", "out"]))
        .or_else(|| m.word(&["forbid", "give", "produce"]))?;
    m.maybe(&["only"]);
    let from = m.at;
    let mut srcs = Vec::new();
    let mut first = m.number();
    let noun = |m: &mut Matcher<'_>| m.word(&["values", "numbers", "nimbers"]);
    if let Some(k) = first.clone() {
        // "ten distinct values", or else the list itself: "exclude 0, 2, 2 and 1".
        let adjective = m.word(&["distinct", "different"]).is_some();
        let counted = noun(m).is_some();
        if adjective && !counted {
            return None;
        }
        if counted {
            srcs.push(format!("distinct({a}, {b}) = {}", num_text(&k)?));
            if matches!(m.gap(), "," | ":") {
                m.loose = Some(m.at);
            }
            let _ = m.word(&["namely"]);
            first = m.number();
        }
    } else {
        m.maybe(&["the"]);
        noun(m)?;
        first = m.number();
    }
    if let Some(first) = first {
        let listed: Vec<String> = m.series(first).iter().filter_map(num_text).collect();
        srcs.push(format!("excluded({a}, {b}) = {{{}}}", listed.join(", ")));
        let _ = m.word(&["respectively"]);
    }
    if srcs.is_empty() {
        return None;
    }
    let at = m.w[from].span.start..m.w[m.at - 1].span.end;
    let span = m.w[start].span.start..at.end;
    let mut found: Vec<Found> = srcs
        .iter()
        .map(|src| claim_at_span(m, src, span.clone(), at.clone(), Mode::Role))
        .collect::<Option<_>>()?;
    found.extend(least_missed(m, &format!("{a} ⊗ {b}")));
    found.extend(largest_excluded(m, a, b).into_iter().flatten());
    Some(found)
}

/// Takes a list of pairs of numbers, "(0, 0), (0, 1), (1, 0) and (1, 1)", and returns
/// them; nothing when no pair stands at the cursor.
fn pair_list(m: &mut Matcher<'_>) -> Option<Vec<(u128, u128)>> {
    let mut pairs = Vec::new();
    loop {
        let save = (m.at, m.loose);
        let more = !pairs.is_empty();
        // "), (" between two pairs, or ") and (".
        if more && m.gap() == ")" && m.w.get(m.at).is_some_and(|w| w.text == "and") {
            m.at += 1;
        } else if more && !(m.gap().starts_with(')') && m.gap().contains(',')) {
            break;
        }
        let Some((x, y)) = one_pair(m) else {
            (m.at, m.loose) = save;
            break;
        };
        pairs.push((num_value(&x)?, num_value(&y)?));
        m.loose = Some(m.at);
        if pairs.len() > 4096 {
            return None;
        }
    }
    (!pairs.is_empty()).then_some(pairs)
}

/// Takes one pair "(0, 1)" whose opening bracket stands before the cursor.
fn one_pair(m: &mut Matcher<'_>) -> Option<(Token, Token)> {
    if !m.gap().ends_with('(') {
        return None;
    }
    m.loose = Some(m.at);
    let x = m.number()?;
    m.past_comma();
    let y = m.number()?;
    m.gap().starts_with(')').then_some((x, y))
}

/// Returns whether `pairs` are the pairs below `(a, b)`, each once.
fn is_every_pair(pairs: &[(u128, u128)], a: u128, b: u128) -> bool {
    let mut sorted = pairs.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.len() == pairs.len()
        && a.checked_mul(b) == u128::try_from(pairs.len()).ok()
        && pairs.iter().all(|&(x, y)| x < a && y < b)
}

/// Reads the largest value the pairs below `(a, b)` exclude: "…, although the largest
/// value they exclude is 14": every excluded value is at most that, and one is that.
fn largest_excluded(m: &mut Matcher<'_>, a: u128, b: u128) -> Option<Vec<Found>> {
    let save = (m.at, m.loose);
    m.past_comma();
    let _ = m.word(&[
        "and", "but", "although", "though", "while", "whereas", "yet",
    ]);
    let from = m.at;
    m.maybe(&["the"]);
    // "the largest excluded value", "the largest value they exclude (excluded)".
    let read = m.word(&["largest", "greatest", "highest"]).is_some()
        && {
            let before = m.word(&["excluded"]).is_some();
            m.word(&["value", "number", "nimber"]).is_some()
                && (before
                    || m.words(&["they", "exclude"]).is_some()
                    || m.word(&["excluded"]).is_some())
        }
        && m.is().is_some();
    let Some(value) = read.then(|| m.number()).flatten() else {
        (m.at, m.loose) = save;
        return None;
    };
    let v = num_text(&value)?;
    let term = format!("(x ⊗ {b}) ⊕ ({a} ⊗ y) ⊕ (x ⊗ y)");
    let span = m.w[from].span.start..value.span.end;
    let srcs = [
        format!("forall x < {a}, y < {b}: {term} <= {v}"),
        format!("exists x < {a}, y < {b}: {term} = {v}"),
    ];
    srcs.iter()
        .map(|src| claim_at_span(m, src, span.clone(), value.span.clone(), Mode::Role))
        .collect()
}

/// "Take heaps of 2, 7 and 9. Those have nim-sum 12", "Their nim-sum is 0": the nim-sum
/// of the Nim heaps listed last before it in the text.
fn their_nim_sum(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let pronoun = m.word(&["their", "those", "these", "they", "the"])?;
    let nim_sum = |m: &mut Matcher<'_>| {
        m.word(&["nim-sum", "nimsum"])
            .or_else(|| m.words(&["nim", "sum"]))
    };
    let the = text_of(m, &pronoun) == "the";
    // "Heaps of 1, 4 and 5. The nim-sum is zero": the heaps of the sentence before, or of
    // this one, when a sentence opens with it.
    if the && !starts_sentence(m.text, m.w, start) {
        return None;
    }
    let verb = if the || text_of(m, &pronoun) == "their" {
        nim_sum(m)?;
        let is = m.is()?;
        m.maybe(&ADVERBS);
        is
    } else {
        let has = m.word(&["have", "has"])?;
        m.maybe(&["a"]);
        nim_sum(m)?;
        m.maybe(&["of"]);
        has
    };
    let v = m.number()?;
    let heaps = if the {
        // Only as far back as the sentence before.
        let from = sentence_start(m, start.saturating_sub(1));
        match heaps_listed_before(m, start) {
            Some((at, heaps)) if at >= from => heaps,
            // The text's first sentence: the heaps of the last sentence of the blocks
            // before ("…, from heaps of 3, 5 and 7?" ⏎ "*Solution.* The nim-sum is 1").
            None if opens_text(m, start) => m.in_text_before(|b, end| {
                let from = sentence_start(b, end.checked_sub(1)?);
                let (at, heaps) = heaps_listed_before(b, end)?;
                (at >= from).then_some(heaps)
            })?,
            _ => return None,
        }
    } else {
        heaps_before(m, start).or_else(|| subjects_before(m, start))?
    };
    let src = format!("{} = {}", heaps.join(" ⊕ "), num_text(&v)?);
    let span = m.w[start].span.start..v.span.end;
    one_claim(m, &src, span, verb.start..v.span.end, Mode::Role)
}

/// "leaving heaps of 1, 4 and 5, whose nim-sum is 0", "Take 5, 9 and 11, where the nim-sum
/// is 7", "12, 20 and 24, of nim-sum 0", "Three heaps, 9, 10 and 11: nim-sum 8": the
/// nim-sum of the numbers listed just before the clause.
fn listed_nim_sum(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let gap = start
        .checked_sub(1)
        .map(|p| m.text[m.w[p].span.end..m.w[start].span.start].trim())?;
    if gap != "," && gap != ":" {
        return None;
    }
    let lead = m
        .word(&["whose", "of", "with"])
        .or_else(|| m.words(&["where", "the"]));
    if lead.is_none() && gap != ":" {
        return None;
    }
    if lead.is_some() {
        m.maybe(&["a"]);
    }
    let noun = m.word(&["nim-sum", "nimsum"])?;
    let verb = match m.word(&["of"]) {
        Some(of) => Token::new(Tok::Cmp(Cmp::Eq), noun.start..of.end),
        None => m
            .comparison()
            .unwrap_or_else(|| Token::new(Tok::Cmp(Cmp::Eq), noun.clone())),
    };
    let v = m.number()?;
    let heaps = list_ending_at(m, start)?;
    let src = format!(
        "{} {} {}",
        heaps.join(" ⊕ "),
        cmp_text(&verb)?,
        num_text(&v)?
    );
    let span = m.w[start].span.start..v.span.end;
    one_claim(m, &src, span, verb.span.start..v.span.end, Mode::Role)
}

/// The plain numbers of the longest list that ends just before word `end`, when they are
/// numbers or Nim heaps: "heaps of 1, 4 and 5", "leaving 12, 20 and 24", not "rows of 3
/// and 5", which are positions of some other game.
fn list_ending_at(m: &Matcher<'_>, end: usize) -> Option<Vec<String>> {
    let first = (end.saturating_sub(24)..end).find(|&j| {
        m.list_at(j)
            .is_some_and(|(l, after)| after == end && l.len() > 1)
    })?;
    let (listed, _) = m.list_at(first)?;
    let before = |k: usize| first.checked_sub(k).map(|p| m.w[p].text.as_ref());
    let heaps = matches!(before(2), Some("heaps" | "piles" | "counters"));
    if before(1) == Some("of") && !heaps {
        return None;
    }
    listed
        .iter()
        .map(num_value)
        .map(|v| v.map(|v| v.to_string()))
        .collect()
}

/// The numbers that open the sentence holding word `end` as its subject, before its verb:
/// "Twelve and ten are 1100 and 1010, and their nim-sum is 6".
fn subjects_before(m: &Matcher<'_>, end: usize) -> Option<Vec<String>> {
    let first = (0..end).rev().find(|&k| starts_sentence(m.text, m.w, k))?;
    let (listed, after) = m.list_at(first)?;
    let verb = m.w.get(after).filter(|_| after < end)?;
    let subject = listed.len() > 1 && ["are", "have", "make", "give"].contains(&verb.text.as_ref());
    subject.then(|| listed.iter().filter_map(num_text).collect())
}

/// The sizes of the Nim heaps listed last before word `end`: "heaps of 2, 7 and 9", or
/// nim-added, "2 ⊕ 7 ⊕ 9".
fn heaps_before(m: &Matcher<'_>, end: usize) -> Option<Vec<String>> {
    heaps_listed_before(m, end).map(|(_, heaps)| heaps)
}

/// Does what [`heaps_before`] does, and returns where the list starts too.
fn heaps_listed_before(m: &Matcher<'_>, end: usize) -> Option<(usize, Vec<String>)> {
    let plain = |i: usize| number(m.w, i).filter(|n| n.len == 1).map(|n| n.text);
    let xor_after = |i: usize| {
        m.w.get(i + 1)
            .is_some_and(|n| m.text[m.w[i].span.end..n.span.start].trim() == "⊕")
    };
    (0..end.saturating_sub(2)).rev().find_map(|j| {
        // "Nim-sum is 3 ⊕ 4 ⊕ 5 = 2": the heaps nim-added.
        if xor_after(j) && (j == 0 || !xor_after(j - 1)) {
            let mut heaps = vec![plain(j)?];
            let mut k = j;
            while xor_after(k) && k + 1 < end {
                k += 1;
                heaps.push(plain(k)?);
            }
            return (heaps.len() > 1).then_some((j, heaps));
        }
        if !matches!(m.w[j].text.as_ref(), "heaps" | "piles") {
            return None;
        }
        // "heaps of 2, 7 and 9", "heaps 2, 7, 9".
        let of = usize::from(m.w[j + 1].text == "of");
        if of == 0 && !m.w[j + 1].numeric {
            return None;
        }
        let (listed, after) = m.list_at(j + 1 + of)?;
        (listed.len() > 1 && after <= end)
            .then(|| (j, listed.iter().filter_map(num_text).collect()))
    })
}

/// Reads the mex after the values a rule excludes: "…, and the least value they miss is
/// 6", "…, so the least value that survives is 2": `term` is that value.
fn least_missed(m: &mut Matcher<'_>, term: &str) -> Option<Found> {
    let save = (m.at, m.loose);
    m.past_comma();
    let _ = m.word(&["so", "and", "hence", "thus"]);
    let from = m.at;
    m.maybe(&["the", "its"]);
    // "…, so the mex is 3", "the least survivor is 6".
    let named = |m: &mut Matcher<'_>| {
        m.word(&["mex"]).is_some()
            || m.words(&["least", "survivor"]).is_some()
            || m.words(&["first", "gap"]).is_some()
    };
    let read = named(m)
        || m.word(&["least", "smallest", "lowest"]).is_some()
            && m.word(&["value", "number", "nimber"]).is_some()
            && (m.words(&["they", "miss"]).is_some()
                || m.words(&["they", "leave", "out"]).is_some()
                || m.words(&["excluded", "by", "none", "of", "them"]).is_some()
                || m.words(&["missing", "from", "them"]).is_some()
                || m.word(&["missing"]).is_some()
                || m.words(&["they", "do", "not", "exclude"]).is_some()
                || m.words(&["that", "survives"]).is_some()
                || m.words(&["that", "remains"]).is_some()
                || m.words(&["left", "over"]).is_some()
                || m.word(&["left"]).is_some()
                || m.words(&["not", "excluded"]).is_some()
                || m.words(&["not", "crossed", "off"]).is_some());
    let value = if read {
        m.is().and_then(|_| m.number())
    } else {
        None
    };
    let Some(value) = value else {
        (m.at, m.loose) = save;
        return None;
    };
    let span = m.w[from].span.start..m.w[m.at - 1].span.end;
    let src = format!("{term} = {}", num_text(&value)?);
    claim_at_span(m, &src, span, value.span.clone(), Mode::Role)
}

/// The factors of the last product named before word `end`: "4 ⊗ 4", "$3 \otimes 3$",
/// "multiply 3 by 3", "the nim-product of 4 and 4".
fn product_before(text: &str, w: &[Word], end: usize) -> Option<(u128, u128)> {
    let value = |i: usize| {
        number(w, i)
            .filter(|n| n.len == 1)
            .and_then(|n| number_of(&n.text))
    };
    (0..end).rev().find_map(|i| {
        let operand = |j: usize| if j < end { value(j) } else { None };
        if let Some(next) = w.get(i + 1)
            && text[w[i].span.end..next.span.start].trim() == "⊗"
        {
            return Some((operand(i)?, operand(i + 1)?));
        }
        match w[i].text.as_ref() {
            "otimes" => Some((operand(i.checked_sub(1)?)?, operand(i + 1)?)),
            "multiply" | "multiplying" => {
                let a = operand(i + 1)?;
                (w.get(i + 2)?.text == "by").then_some(())?;
                Some((a, operand(i + 3)?))
            }
            "nim-product" | "product" => {
                (w.get(i + 1)?.text == "of").then_some(())?;
                let a = operand(i + 2)?;
                (w.get(i + 3)?.text == "and").then_some(())?;
                Some((a, operand(i + 4)?))
            }
            _ => None,
        }
    })
}

/// "A heap of eight in Grundy's game can be split in three ways", "a heap of ten has four
/// options in Grundy's game": how many different positions one move reaches.
fn move_count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let p = positions(m)?;
    if p.sizes.len() != 1 {
        return None;
    }
    let mut game = played_in(m);
    let k = if m.word(&["has", "have"]).is_some() {
        let k = how_many(m)?;
        m.word(&["options", "moves", "splits"])?;
        k
    } else {
        m.words(&["can", "be"])?;
        m.word(&["split", "cut", "divided"])?;
        m.maybe(&["in", "into"]);
        let k = how_many(m)?;
        m.maybe(&["different", "distinct"]);
        m.word(&["ways"])?;
        k
    };
    game = game.or_else(|| played_in(m));
    let name = match game {
        Some(g) => g,
        None => game_of(m, &p, start)?,
    };
    if name == NIM {
        return None;
    }
    let (size, _) = p.sizes.into_iter().next()?;
    let src = format!("moves({name}, {}) = {}", num_text(&size)?, num_text(&k)?);
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// The nouns for one position that a later clause refers back to: "so the heap is …".
const POSITION_NOUNS: [&str; 5] = ["heap", "row", "position", "strip", "pile"];

/// The value of positions of a game in words: "the Grundy value of a row of 10 in Kayles
/// is 2", "a row of 3 and a row of 4 are worth 7", "a heap of 7 is lost for the player to
/// move", "rows of 5 and 5 in Kayles are a P-position".
fn game_value(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let save = m.at;
    m.maybe(&["the"]);
    let value_first = m
        .words(&["grundy", "value"])
        .or_else(|| m.words(&["grundy", "number"]))
        .or_else(|| m.words(&["nim", "value"]))
        .or_else(|| m.words(&["grundy", "values"]))
        .or_else(|| m.word(&["nim-value", "value", "nimber", "values", "nim-values"]))
        .is_some();
    if value_first {
        m.word(&["of"])?;
    } else {
        m.at = save;
    }
    // "Kayles on a row of 8 pins": the game, then its position.
    let save = m.at;
    let lead = game_ref(m)
        .map(|(name, _)| name)
        .filter(|_| m.word(&["on", "with", "from"]).is_some());
    if lead.is_none() {
        m.at = save;
    }
    let p = positions_or_each(m)?;
    let (before, stated) = (m.at, lead.is_some() || p.game.is_some());
    let name = match lead {
        Some(name) => name,
        None => game_of(m, &p, start)?,
    };
    // Alternatives are read only in a game the sentence names: "heaps of one or two are
    // dead" after a paragraph on another game is no claim about the page's game.
    if p.each && !(stated || m.at > before || named_before(m, start).is_some()) {
        return None;
    }
    // "Rows of 6 and 7 in Kayles, played side by side, are worth 1": a sum of games.
    let (save, loose) = (m.at, m.loose);
    let comma = m.after_comma();
    m.past_comma();
    let aside = comma
        && (m.words(&["played", "side", "by", "side"]).is_some()
            || m.words(&["side", "by", "side"]).is_some()
            || m.words(&["played", "together"]).is_some()
            || m.words(&["taken", "together"]).is_some());
    if aside && m.after_comma() && p.sizes.len() > 1 {
        m.past_comma();
    } else {
        m.at = save;
        m.loose = loose;
    }
    let sizes = p.sizes;
    let mut alternatives = p.each;
    let mut sum_game = name.clone();
    let each = sizes.clone();
    let mut tokens = game_sum(&name, sizes.clone());
    if value_first {
        // "the values of rows of 3 and 11 nim-add to 5": their nim-sum.
        let cmp = match m
            .words(&["nim-add", "to"])
            .or_else(|| m.words(&["have", "nim-sum"]))
            .or_else(|| m.words(&["have", "a", "nim-sum", "of"]))
        {
            Some(r) => Token::new(Tok::Cmp(Cmp::Eq), r),
            None => m.comparison()?,
        };
        let v = m.number()?;
        tokens.extend([cmp, v]);
    } else if let Some(r) = m
        .words(&["is", "worth"])
        .or_else(|| m.words(&["are", "worth"]))
        .or_else(|| m.words(&["has", "value"]))
        .or_else(|| m.words(&["have", "value"]))
        .or_else(|| m.words(&["has", "grundy", "value"]))
        .or_else(|| m.words(&["have", "grundy", "value"]))
        .or_else(|| m.words(&["has", "the", "value"]))
        .or_else(|| m.words(&["has", "nim-value"]))
        .or_else(|| m.words(&["have", "nim-value"]))
        .or_else(|| m.words(&["has", "grundy", "number"]))
        .or_else(|| m.words(&["together", "are", "worth"]))
        .or_else(|| m.words(&["add", "to"]))
        .or_else(|| m.words(&["add", "up", "to"]))
        .or_else(|| m.words(&["nim-add", "to"]))
        .or_else(|| m.words(&["sum", "to"]))
        // "a row of four is 1": one position and its value, bare.
        .or_else(|| {
            if sizes.len() != 1 {
                return None;
            }
            let r = m.word(&["is"])?;
            // "… is a P-position" is no value: "a" is one only as a count.
            let article =
                m.w.get(m.at)
                    .is_some_and(|w| w.text == "a" || w.text == "an");
            let valued = !article && m.fresh_at(m.at).number().is_some();
            if !valued {
                m.at -= 1;
            }
            valued.then_some(r)
        })
        // "A row of eleven skittles, worth ∗6": the value in apposition.
        .or_else(|| {
            if !m.after_comma() {
                return None;
            }
            let save = m.loose;
            m.past_comma();
            // "Two pins, value 1": the value named in apposition, only of one position.
            // "a row of four, of value 1".
            let worth = m
                .word(&["worth"])
                .or_else(|| m.word(&["value"]).filter(|_| sizes.len() == 1))
                .or_else(|| m.words(&["of", "value"]).filter(|_| sizes.len() == 1));
            if worth.is_none() {
                m.loose = save;
            }
            worth
        })
    {
        let v = m.number()?;
        // "… are worth 3 ⊕ 2 = 1 together": the values nim-added in symbols, a chain.
        if let Some(chain) = symbol_chain(m, &v) {
            if sizes.len() > 1 {
                m.maybe(&["together", "combined"]);
            }
            tokens.push(Token::new(Tok::Cmp(Cmp::Eq), r));
            tokens.extend(chain);
            return clause_claim(m, start, tokens);
        }
        let listed = m.series(v.clone());
        // "rows of 6 and 7 are worth 3 and 2": each position its value, in order.
        if listed.len() > 1 && text_of(m, &r).starts_with("are") {
            if listed.len() != sizes.len() {
                return None;
            }
            let _ = m.word(&["respectively"]);
            let span = m.w[start].span.start..m.w[m.at - 1].span.end;
            let each = sizes.into_iter().zip(listed);
            return Some(
                each.map(|(size, v)| position_is(m, &name, size, &r, v, &span))
                    .collect(),
            );
        }
        if listed.len() > 1 {
            return None;
        }
        if sizes.len() > 1 {
            m.maybe(&["together", "combined"]);
        }
        // "… are worth ∗12 together in Nim": a game named after the value is theirs.
        if let Some(game) = played_in(m) {
            tokens = game_sum(&game, sizes);
            sum_game = game;
        }
        tokens.extend([Token::new(Tok::Cmp(Cmp::Eq), r), v]);
    } else if let Some((verb, v)) = like_a_heap(m) {
        if sizes.len() > 1 {
            m.maybe(&["together", "combined"]);
        }
        tokens.extend([Token::new(Tok::Cmp(Cmp::Eq), verb), v]);
    } else if let Some(verb) = m.word(&["give", "gives", "hand", "hands"]) {
        // "Heaps of 7, 9 and 14 give the first player a win": the player who wins.
        let first = m
            .words(&["the", "first", "player"])
            .or_else(|| m.words(&["the", "next", "player"]))
            .or_else(|| m.words(&["the", "player", "to", "move"]))
            .is_some();
        if !first {
            m.words(&["the", "second", "player"])
                .or_else(|| m.words(&["the", "previous", "player"]))?;
        }
        let won = m
            .words(&["a", "win"])
            .or_else(|| m.words(&["the", "win"]))?;
        let cmp = if first { Cmp::Ne } else { Cmp::Eq };
        tokens.extend([
            Token::new(Tok::Cmp(cmp), verb.start..won.end),
            Token::new(Tok::Num("0".into()), won),
        ]);
    } else {
        // "…, which we already know is a losing one": the outcome in a relative clause.
        let (save, loose) = (m.at, m.loose);
        if m.after_comma() {
            m.past_comma();
            if m.word(&["which"]).is_some() {
                let _ = m
                    .words(&["we", "already", "know"])
                    .or_else(|| m.words(&["we", "know"]))
                    .or_else(|| m.words(&["we", "saw"]))
                    .or_else(|| m.words(&["we", "have", "seen"]));
            } else {
                (m.at, m.loose) = (save, loose);
            }
        }
        let verb = m.word(&["is", "are", "form", "forms", "make", "makes"])?;
        // "Rows of 5 and 9 are all lost", "… are P-positions": each position alone.
        let every = text_of(m, &verb) == "are" && m.word(&["all", "each", "both"]).is_some();
        let not = m.word(&["not"]);
        let (zero, span) = outcome(m)?;
        if every || text_of(m, &span).ends_with("positions") {
            alternatives = true;
        }
        let cmp = if zero == not.is_none() {
            Cmp::Eq
        } else {
            Cmp::Ne
        };
        // "a heap of 12 is lost in the subtraction game": the game named last.
        if let Some(game) = played_in(m) {
            tokens = game_sum(&game, sizes);
            sum_game = game;
        }
        let sum = tokens.clone();
        tokens.extend([
            Token::new(Tok::Cmp(cmp), verb.start..span.end),
            Token::new(Tok::Num("0".into()), span),
        ]);
        // "A heap of seven is a loss, value 0": the value set off after the outcome.
        let save = (m.at, m.loose);
        let valued = m.after_comma() && {
            m.past_comma();
            m.maybe(&["with"]);
            m.maybe(&["a"]);
            m.word(&["value", "worth"]).is_some()
        };
        match valued.then(|| m.number()).flatten() {
            Some(v) if !alternatives => {
                let at = v.span.clone();
                let mut also = sum;
                also.extend([Token::new(Tok::Cmp(Cmp::Eq), at), v]);
                let mut found = clause_claim(m, start, tokens)?;
                found.extend(clause_claim(m, start, also)?);
                return Some(found);
            }
            _ => (m.at, m.loose) = save,
        }
    }
    // "Heaps of one or two are dead": each position alone has the value.
    if alternatives {
        let parts = game_sum(&sum_game, each.clone()).len();
        let tail = tokens.get(parts..)?.to_vec();
        let mut found = Vec::new();
        for size in each {
            let mut alone = game_sum(&sum_game, vec![size]);
            alone.extend(tail.iter().cloned());
            found.extend(clause_claim(m, start, alone)?);
        }
        return Some(found);
    }
    let mut found = clause_claim(m, start, tokens)?;
    found.extend(each_worth(m, &name, each));
    Some(found)
}

/// Takes the rest of a chain in symbols after its first number `first`, "3 ⊕ 2 = 1", the
/// operators nim-sums and the chain ending in an equality; returns its tokens from `first`.
fn symbol_chain(m: &mut Matcher<'_>, first: &Token) -> Option<Vec<Token>> {
    let (save, loose) = (m.at, m.loose);
    let mut equals = false;
    let mut end = first.span.end;
    while matches!(m.gap(), "⊕" | "=") && m.w.get(m.at).is_some_and(|w| w.numeric) {
        let eq = m.gap() == "=";
        m.loose = Some(m.at);
        match m.number() {
            Some(n) => {
                end = n.span.end;
                equals |= eq;
            }
            None => {
                m.loose = loose;
                break;
            }
        }
    }
    let from = first.span.start;
    let tokens = stmt::lexer::lex(&m.text[from..end], Mode::Role)
        .ok()
        .filter(|_| equals);
    match tokens {
        Some(tokens) => Some(
            tokens
                .into_iter()
                .map(|t| Token::new(t.tok, t.span.start + from..t.span.end + from))
                .collect(),
        ),
        None => {
            (m.at, m.loose) = (save, loose);
            None
        }
    }
}

/// The claim that one position of a game (`size`, in its own game or else in `name`) is
/// worth `value`, said by the words at `verb`, spanning `span`.
fn position_is(
    m: &mut Matcher<'_>,
    name: &str,
    size: (Token, Option<String>),
    verb: &Range<usize>,
    value: Token,
    span: &Range<usize>,
) -> Found {
    m.tokens = game_sum(name, vec![size]);
    m.tokens
        .extend([Token::new(Tok::Cmp(Cmp::Eq), verb.clone()), value]);
    finish(m, span.clone(), Mode::Role)
}

/// Reads a reason after a claim about several positions that gives each the same value:
/// "…, since both are worth ∗3", "…, as each is worth 2".
fn each_worth(m: &mut Matcher<'_>, name: &str, sizes: Vec<(Token, Option<String>)>) -> Vec<Found> {
    let (save, loose, tokens) = (m.at, m.loose, m.tokens.clone());
    let read = |m: &mut Matcher<'_>| {
        if sizes.len() < 2 {
            return None;
        }
        m.past_comma();
        let from = m.word(&["since", "as", "because", "for"])?;
        m.maybe(&["they"]);
        let r = m
            .words(&["are", "both", "worth"])
            .or_else(|| m.words(&["are", "each", "worth"]))
            .or_else(|| m.words(&["both", "are", "worth"]))
            .or_else(|| m.words(&["each", "is", "worth"]))
            .or_else(|| m.words(&["both", "have", "value"]))
            .or_else(|| m.words(&["each", "has", "value"]))?;
        let v = m.number()?;
        let span = from.start..v.span.end;
        let each = sizes.iter().cloned();
        Some(
            each.map(|size| position_is(m, name, size, &r, v.clone(), &span))
                .collect(),
        )
    };
    read(m).unwrap_or_else(|| {
        (m.at, m.loose, m.tokens) = (save, loose, tokens);
        Vec::new()
    })
}

/// "The value of Dawson's Kayles at 8 is 1", "Dawson's Kayles has value 0 at heap sizes 0,
/// 1, 15 and 35": a game's value at heap sizes written after it.
fn game_at(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let value = |m: &mut Matcher<'_>| {
        m.maybe(&["grundy", "nim"]);
        m.word(&["value", "nim-value", "values", "nim-values"])
    };
    let at_sizes = |m: &mut Matcher<'_>| {
        m.word(&["at", "for"])?;
        m.maybe(&["a"]);
        m.maybe(&["heap", "row", "heaps", "rows"]);
        m.maybe(&["of"]);
        m.maybe(&["size", "sizes", "length", "lengths"]);
        let first = m.number()?;
        Some(m.series(first))
    };
    // "At heap size 32 the value of Dawson's chess is 7": the sizes first.
    let lead = if m.w[start].text == "at" {
        m.at = start;
        let sizes = at_sizes(m)?;
        m.past_comma();
        m.maybe(&["the"]);
        Some(sizes)
    } else {
        None
    };
    let mut out = Vec::new();
    if value(m).is_some() {
        m.word(&["of"])?;
        let (game, _) = game_ref(m)?;
        let sizes = match lead {
            Some(sizes) => sizes,
            None => at_sizes(m)?,
        };
        // "the values of Dawson's Kayles at 10, 11 and 12 are 3, 3 and 2".
        if sizes.len() > 1 {
            let are = m.word(&["are"])?;
            let (values, span) = respective_values(m, start, sizes.len())?;
            for (size, v) in sizes.into_iter().zip(values) {
                m.tokens = call(&game, size.span.start..size.span.start, size);
                m.tokens
                    .extend([Token::new(Tok::Cmp(Cmp::Eq), are.clone()), v]);
                out.push(finish(m, span.clone(), Mode::Role));
            }
            return Some(out);
        }
        let [size] = <[Token; 1]>::try_from(sizes).ok()?;
        let cmp = m.comparison()?;
        let v = m.number()?;
        m.tokens = call(&game, size.span.start..size.span.start, size);
        m.tokens.extend([cmp, v]);
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        out.push(finish(m, span, Mode::Role));
        return Some(out);
    }
    if lead.is_some() {
        return None;
    }
    let (game, _) = game_ref(m)?;
    let verb = m.word(&["has", "takes"])?;
    m.maybe(&["the"]);
    value(m)?;
    let v = m.number()?;
    let sizes = at_sizes(m)?;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    for size in sizes {
        m.tokens = call(&game, size.span.start..size.span.start, size);
        m.tokens
            .extend([Token::new(Tok::Cmp(Cmp::Eq), verb.clone()), v.clone()]);
        out.push(finish(m, span.clone(), Mode::Role));
    }
    Some(out)
}

/// "∗6, ∗9 and ∗12 are worth ∗3 together", "the stars ∗4 and ∗7 together are worth ∗3":
/// games given by their values, played side by side, are worth the nim-sum.
fn stars_worth(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let save = m.at;
    m.maybe(&["the"]);
    if m.word(&["stars", "games", "nimbers"]).is_none() {
        m.at = save;
    }
    // Not from inside a list: "∗6, ∗9 and ∗12" is read from its first star.
    if m.at > 0 && m.gap().starts_with(',') && m.w[m.at - 1].numeric {
        return None;
    }
    let mut out = vec![stars_claim(m, start)?];
    // "∗5 and ∗3 together are worth ∗6, ∗1, ∗4 and ∗5 together are worth ∗0": another
    // such clause after a comma.
    loop {
        let save = (m.at, m.loose, m.tokens.clone());
        if !m.after_comma() {
            break;
        }
        m.past_comma();
        m.maybe(&["and"]);
        let from = m.at;
        match stars_claim(m, from) {
            Some(claim) => out.push(claim),
            None => {
                (m.at, m.loose, m.tokens) = save;
                break;
            }
        }
    }
    Some(out)
}

/// Reads "∗6, ∗9 and ∗12 are worth ∗3 together" from the first star, as its claim from
/// word `start`.
fn stars_claim(m: &mut Matcher<'_>, start: usize) -> Option<Found> {
    let star = |m: &Matcher<'_>, t: &Token| m.text[t.span.clone()].starts_with(['*', '∗']);
    let first = m.number().filter(|t| star(m, t))?;
    let mut operands = vec![first];
    loop {
        let gap = m.gap().replace(' ', "");
        if gap == ",∗" || gap == ",*" {
            m.loose = Some(m.at);
        } else if m.word(&["and"]).is_none() && m.words(&["together", "with"]).is_none() {
            break;
        }
        operands.push(m.number().filter(|t| star(m, t))?);
    }
    if operands.len() < 2 {
        return None;
    }
    m.maybe(&["together"]);
    let verb = m
        .words(&["are", "worth"])
        .or_else(|| m.words(&["is", "worth"]))
        .or_else(|| m.words(&["add", "to"]))
        .or_else(|| m.words(&["add", "up", "to"]))
        .or_else(|| m.words(&["sum", "to"]))?;
    let v = m.number().filter(|t| star(m, t))?;
    let mut tokens = between(operands, &Token::new(Tok::NimSum, verb.clone()));
    tokens.extend([Token::new(Tok::Cmp(Cmp::Eq), verb), v]);
    m.tokens = tokens;
    Some(finish(m, clause(m, start), Mode::Role))
}

/// "The smallest nimber field that contains 300 has 65536 elements": the field below M
/// holds N and the one below √M does not, M being 2^(2^k); "the smallest field that holds
/// ω has 64 elements": 2^deg(ω) is 64.
fn smallest_field(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.word(&["smallest", "least"])?;
    m.maybe(&["nimber"]);
    m.word(&["field", "subfield"])?;
    let _ = m.words(&["of", "nimbers"]);
    let _ = m
        .words(&["that", "contains"])
        .or_else(|| m.words(&["that", "holds"]))
        .or_else(|| m.word(&["containing", "holding"]))?;
    // "ω has order 9, so the smallest field holding it has 64 elements": "it" is the
    // clause's subject.
    let n_text = if m.w.get(m.at).is_some_and(|w| w.text == "it") {
        m.at += 1;
        antecedent(m.text, m.w, m.at - 1)?
    } else {
        num_text(&m.number()?)?
    };
    let has = m
        .word(&["has"])
        .or_else(|| m.words(&["is", "the", "one", "with"]))?;
    let size = m.number()?;
    m.word(&["elements"])?;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let at = has.start..span.end;
    least_field_claims(m, &n_text, &num_text(&size)?, span, at)
}

/// The claims that the least field holding `n_text` has `size_text` elements: a field's
/// size, that holds it, and whose field before it does not.
fn least_field_claims(
    m: &mut Matcher<'_>,
    n_text: &str,
    size_text: &str,
    span: Range<usize>,
    at: Range<usize>,
) -> Option<Vec<Found>> {
    // An ordinal's field is the one it generates, of 2^degree elements: no field of
    // ordinals below a bound holds ω.
    if number_of(n_text).is_none() {
        let src = format!("2**deg({n_text}) = {size_text}");
        return one_claim(m, &src, span, at, Mode::Plain);
    }
    let mut claims = vec![
        format!("exists k < 7: {size_text} = 2**(2**k)"),
        format!("{n_text} < {size_text}"),
    ];
    // The field below the square root of M, the one before it, does not hold N.
    let m_value = number_of(size_text)?;
    let root = m_value.isqrt();
    if root > 1 && root * root == m_value {
        claims.push(format!("{n_text} >= {root}"));
    }
    claims
        .iter()
        .map(|src| claim_at_span(m, src, span.clone(), at.clone(), Mode::Plain))
        .collect()
}

/// The least field holding a number, said of the field: "3 first appears in the field
/// with 4 elements", "you need the field with 16 elements before 4 appears", "the field
/// with 16 elements is the first to contain 4".
fn first_field_holding(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    const APPEARS: [&str; 4] = ["appears", "occurs", "turns", "shows"];
    let start = m.at;
    let (n, size, verb) = if let Some(n) = m.number() {
        // "3 first appears in the field with 4 elements".
        let first = m.word(&["first"])?;
        m.word(&APPEARS)?;
        m.maybe(&["up"]);
        m.word(&["in"])?;
        let (size, _) = m.field_size()?;
        (n, size, first)
    } else if m.word(&["you", "we", "one"]).is_some() {
        // "You need the field with 16 elements before 3 appears", "… to find 3".
        let need = m.word(&["need", "needs"])?;
        let (size, _) = m.field_size()?;
        let n = if m.word(&["before"]).is_some() {
            let n = m.number()?;
            m.word(&APPEARS)?;
            m.maybe(&["up"]);
            n
        } else {
            m.word(&["to"])?;
            m.word(&["find", "get", "reach", "hold", "contain"])?;
            m.number()?
        };
        (n, size, need)
    } else {
        // "The field with 16 elements is the first to contain 4".
        let (size, _) = m.field_size()?;
        let is = m.word(&["is"])?;
        m.maybe(&["the"]);
        m.word(&["first", "smallest", "least"])?;
        m.maybe(&["field", "one"]);
        let _ = m
            .words(&["to", "contain"])
            .or_else(|| m.words(&["to", "hold"]))
            .or_else(|| m.words(&["that", "contains"]))
            .or_else(|| m.words(&["that", "holds"]))
            .or_else(|| m.word(&["containing", "holding"]))?;
        (m.number()?, size, is)
    };
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let at = verb.start..span.end;
    least_field_claims(m, &num_text(&n)?, &size.to_string(), span, at)
}

/// "Grundy's game gives a heap of 13 the value 3", "Kayles assigns the value 4 to a row of
/// 10": the game first, then the position and its value.
fn game_gives(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (name, _) = game_ref(m)?;
    let verb = m.word(&["gives", "assigns"])?;
    let value_word = |m: &mut Matcher<'_>| {
        m.maybe(&["the"]);
        m.words(&["grundy", "value"])
            .or_else(|| m.words(&["nim", "value"]))
            .or_else(|| m.word(&["value", "nim-value"]))
    };
    // "Dawson's Kayles assigns the value 4 to a row of 1000 pins": the value first.
    let save = m.at;
    let first = value_word(m)
        .and_then(|_| m.number())
        .filter(|_| m.word(&["to"]).is_some());
    if first.is_none() {
        m.at = save;
    }
    let p = positions(m)?;
    let v = match first {
        Some(v) => v,
        None => {
            value_word(m)?;
            m.number()?
        }
    };
    let mut tokens = game_sum(&name, p.sizes);
    tokens.extend([Token::new(Tok::Cmp(Cmp::Eq), verb), v]);
    m.tokens = tokens;
    Some(vec![finish(m, clause(m, start), Mode::Role)])
}

/// The result first: "the player to move wins on a row of 4 in Kayles", "the first player
/// loses with heaps of 3 and 3".
fn player_to_move(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "From a row of 8 pins in Kayles, the first player cannot win": the position first.
    let save = m.at;
    let first = m
        .word(&["from", "with", "on", "facing"])
        .and_then(|_| positions(m))
        .map(|p| {
            let game = played_in(m);
            (p, game)
        });
    match first {
        Some(_) if m.after_comma() => m.past_comma(),
        Some(_) => return None,
        None => m.at = save,
    }
    // "Whoever faces heaps of 2, 3 and 5 is sure to lose": the player to move.
    let first = match first {
        Some(f) => Some(f),
        None => m
            .words(&["whoever", "faces"])
            .or_else(|| m.words(&["whoever", "is", "facing"]))
            // "Whoever moves first from heaps of 4, 5 and 1 will lose".
            .or_else(|| {
                let r = m.words(&["whoever", "moves"])?;
                m.maybe(&["first", "next"]);
                m.word(&["from", "with", "on", "in"])?;
                Some(r)
            })
            .and_then(|_| positions(m))
            .map(|p| {
                let game = played_in(m);
                (p, game)
            }),
    };
    let whoever = first.is_some() && m.at > save && m.w[save].text == "whoever";
    if !whoever {
        m.maybe(&["the"]);
    }
    let mover = whoever
        || m.words(&["player", "to", "move"])
            .or_else(|| m.words(&["first", "player"]))
            .or_else(|| m.words(&["next", "player"]))
            .or_else(|| m.word(&["mover"]))
            .is_some();
    let second = !mover && {
        m.words(&["second", "player"])
            .or_else(|| m.words(&["previous", "player"]))?;
        true
    };
    // "The player to move from heaps of 1, 4 and 5 loses": the position before the verb.
    let first = match first {
        Some(f) => Some(f),
        None => {
            // "The first player, facing 1, 2 and 3, has lost": between commas.
            let save = (m.at, m.loose);
            m.past_comma();
            let p = m
                .word(&["from", "with", "facing", "in", "on"])
                .and_then(|_| bare_heaps(m).or_else(|| positions(m)));
            match p {
                Some(_) => m.past_comma(),
                None => (m.at, m.loose) = save,
            }
            p.map(|p| {
                let game = played_in(m);
                (p, game)
            })
        }
    };
    let (verb, loses) = win_verb(m)?;
    let (p, name) = match first {
        Some((p, game)) => {
            let name = match game {
                Some(name) => name,
                None => game_of(m, &p, start)?,
            };
            (p, name)
        }
        None => {
            // "The second player wins Kayles on a row of 12 pins."
            let named = game_ref(m)
                .map(|(name, _)| name)
                .or_else(|| m.word(&["nim"]).map(|_| NIM.to_string()));
            m.maybe(&["on", "from", "with", "in", "at", "facing"]);
            let p = positions(m)?;
            let name = match named {
                Some(name) => name,
                None => game_of(m, &p, start)?,
            };
            (p, name)
        }
    };
    let sizes = p.sizes;
    let zero = loses != second;
    let mut tokens = game_sum(&name, sizes);
    let cmp = if zero { Cmp::Eq } else { Cmp::Ne };
    tokens.extend([
        Token::new(Tok::Cmp(cmp), verb.clone()),
        Token::new(Tok::Num("0".into()), verb),
    ]);
    clause_claim(m, start, tokens)
}

/// Takes a verb of winning or losing: "wins", "cannot win", "is sure to lose", "has a
/// winning strategy"; returns its span and whether it says the player loses.
fn win_verb(m: &mut Matcher<'_>) -> Option<(Range<usize>, bool)> {
    const WINS: [&[&str]; 12] = [
        &["can", "win"],
        &["wins"],
        &["will", "win"],
        &["is", "sure", "to", "win"],
        &["is", "bound", "to", "win"],
        &["has", "a", "winning", "strategy"],
        &["has", "a", "winning", "move"],
        &["can", "force", "a", "win"],
        &["must", "win"],
        &["has", "won"],
        &["can", "always", "win"],
        &["will", "always", "win"],
    ];
    const LOSES: [&[&str]; 14] = [
        &["has", "lost"],
        &["has", "already", "lost"],
        &["is", "lost"],
        &["will", "always", "lose"],
        &["cannot", "win"],
        &["can't", "win"],
        &["loses"],
        &["will", "lose"],
        &["must", "lose"],
        &["is", "sure", "to", "lose"],
        &["is", "bound", "to", "lose"],
        &["has", "no", "winning", "strategy"],
        &["has", "no", "winning", "move"],
        &["cannot", "avoid", "losing"],
    ];
    if let Some(r) = WINS.iter().find_map(|w| m.words(w)) {
        return Some((r, false));
    }
    LOSES.iter().find_map(|w| m.words(w)).map(|r| (r, true))
}

/// Periods in words: "the period of Kayles is 12", "Kayles has preperiod 71", "Kayles is
/// periodic with period 12", "the values of Kayles repeat with period 12 from 71".
fn game_period(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    // "From heap size 71 on, the Kayles values repeat every 12 heaps": the preperiod first.
    let save = m.at;
    let lead = |m: &mut Matcher<'_>| -> Option<(Range<usize>, Token)> {
        let r = m.word(&["from"])?;
        m.maybe(&["heap", "row", "pile"]);
        m.maybe(&["size", "length"]);
        let v = m.number()?;
        m.maybe(&["on", "onwards", "onward"]);
        // "From heap size 71 on the values repeat …": the comma may be left out.
        m.past_comma();
        Some((r, v))
    };
    let lead = lead(m);
    if lead.is_none() {
        m.at = save;
    }
    let (mut found, name) = period_body(m)?;
    // "…, with lost heaps at 0, 2, 7, 9, 14 and 16 and so on": a fact in note form.
    let (after, loose) = (m.at, m.loose);
    m.past_comma();
    let with = m.at;
    match m.word(&["with"]).and_then(|_| game_fact(m, with, &name)) {
        Some(more) => found.extend(more),
        None => (m.at, m.loose) = (after, loose),
    }
    // "Kayles has period 12 from 71, Dawson's Kayles period 34 from 53": another game's,
    // its verb left out.
    while let Some(more) = gapped_period(m) {
        found.extend(more);
    }
    // "…, the last exception being at 70": the preperiod is one more.
    let back = (m.at, m.loose, m.tokens.clone());
    let exception = m.after_comma() && {
        m.past_comma();
        m.word(&["the", "its"]).is_some() && last_exception(m) && m.word(&["being"]).is_some()
    };
    match exception.then(|| falls_at_size(m, &name)).flatten() {
        Some((at, src)) => found.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?),
        None => (m.at, m.loose, m.tokens) = back,
    }
    if let Some((r, v)) = lead {
        let src = format!("preperiod({name}) = {}", num_text(&v)?);
        let span = m.w[save].span.start..v.span.end;
        found.push(claim_at_span(
            m,
            &src,
            span,
            r.start..v.span.end,
            Mode::Role,
        )?);
    }
    Some(found)
}

/// Takes ", Dawson's Kayles period 34 from 53" after a period: another game's period (and
/// preperiod), the verb left out; leaves the matcher where it was when there is none.
fn gapped_period(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let save = (m.at, m.loose, m.tokens.clone());
    let found = (|| {
        let comma = m.after_comma();
        m.past_comma();
        let and = m.word(&["and", "while"]).is_some();
        if !comma && !and {
            return None;
        }
        let from = m.at;
        let (name, _) = game_ref(m)?;
        // The fact in note form, as after "with": "period 34 from 53".
        m.w.get(m.at)
            .filter(|w| w.text == "period" || w.text == "preperiod")?;
        game_fact(m, from, &name)
    })();
    if found.is_none() {
        (m.at, m.loose, m.tokens) = save;
    }
    found
}

/// "Altogether the sixteen cubes take only six different values", "the nonzero squares
/// below 16 take 15 values": how many values the powers of a field's elements reach (with
/// 0 among them unless the nonzero elements alone are meant).
fn powers_take_values(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if m.words(&["in", "all"]).is_some() {
        m.past_comma();
    }
    m.maybe(&["the"]);
    let save = m.at;
    let many = m.number();
    if many.is_none() {
        m.at = save;
    }
    let nonzero = m.word(&["nonzero", "non-zero"]).is_some();
    let power = m.word(&["squares", "cubes", "nim-squares", "nim-cubes"])?;
    let kind = if text_of(m, &power).ends_with("cubes") {
        "cubes"
    } else {
        "squares"
    };
    let below = match m.word(&["below", "under"]) {
        Some(_) => Some(num_value(&m.number()?)?),
        None => None,
    };
    m.word(&["take", "reach", "have"])?;
    m.maybe(&["on"]);
    m.maybe(&["only", "exactly", "just", "precisely"]);
    let k = m.number()?;
    m.maybe(&["different", "distinct"]);
    m.word(&["values"])?;
    // How many elements the powers are of names the field: 16, or 15 nonzero ones.
    let counted = match &many {
        Some(n) => Some(num_value(n)?.checked_add(u128::from(nonzero))?),
        None => None,
    };
    let size = match (counted, below) {
        (Some(a), Some(b)) if a != b => return None,
        (Some(a), _) | (None, Some(a)) => a,
        (None, None) => orders::field_in_text(m, start)?,
    };
    if !is_field_size(size) || size > 65536 {
        return None;
    }
    let zero = if nonzero { "" } else { " - 1" };
    let src = format!("count({kind}, {size}) = {}{zero}", num_text(&k)?);
    clause_claims(m, start, &[src])
}

/// "The cubes of the nonzero nimbers below 16 are only 1, 8, 10, 13 and 14": the set of
/// the powers, as the values reached and no others.
fn powers_are(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Below 16 the nonzero cubes are …": the field first.
    let lead = lead_bound(m)?;
    m.maybe(&["the"]);
    // "the nonzero cubes below 16 are …": the powers of the nonzero elements.
    let nonzero_powers = m.word(&["nonzero", "non-zero"]).is_some();
    let power = m.word(&["squares", "cubes", "nim-squares", "nim-cubes"])?;
    let k = if text_of(m, &power).ends_with("cubes") {
        3
    } else {
        2
    };
    let next_is = |m: &Matcher<'_>, words: &[&str]| {
        m.w.get(m.at)
            .is_some_and(|w| words.contains(&w.text.as_ref()))
    };
    let (n, nonzero) = match lead {
        Some(n) if nonzero_powers => (n, true),
        // "Below 16 the cubes are …", "the squares below 16 are …": of every element.
        Some(n) if next_is(m, &["are"]) => (n, false),
        None if nonzero_powers || next_is(m, &["below", "under"]) => {
            m.word(&["below", "under"])?;
            (m.number()?, nonzero_powers)
        }
        _ => {
            m.word(&["of"])?;
            m.maybe(&["all", "the"]);
            let nonzero = m.word(&["nonzero", "non-zero"]).is_some();
            m.word(&["nimbers", "elements", "values", "numbers"])?;
            m.word(&["below", "under"])?;
            (m.number()?, nonzero)
        }
    };
    let n = num_value(&n)?;
    if nonzero_powers && !is_field_size(n) {
        return None;
    }
    if n > 4096 {
        return None;
    }
    m.word(&["are"])?;
    m.maybe(&["only", "just", "exactly"]);
    let first = m.number()?;
    let listed = m.series(first);
    let list: Vec<String> = listed.iter().map(num_text).collect::<Option<_>>()?;
    if list.len() < 2 {
        return None;
    }
    let (list, low) = (list.join(", "), u128::from(nonzero));
    let span = m.w[start].span.start..listed.last()?.span.end;
    let srcs = [
        format!("forall {low} <= x < {n}: exists y in {{{list}}}: x^{k} = y"),
        format!("forall y in {{{list}}}: exists {low} <= x < {n}: x^{k} = y"),
    ];
    claims_spanning(m, &srcs, span, Mode::Role)
}

/// "Dawson's chess has the same period, from heap size 52", "… has the same period as
/// Kayles": the period of the game named before (in the sentence before, when no "as"
/// names it), and the preperiod after it.
fn same_period(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (name, _) = game_ref(m)?;
    let same = m.words(&["has", "the", "same", "period"])?;
    let other = match m.word(&["as"]) {
        Some(_) => game_ref(m)?.0,
        None => subject_before(m, start)?,
    };
    if other == name {
        return None;
    }
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let src = format!("period({name}) = period({other})");
    let mut out = vec![claim_at_span(m, &src, span, same, Mode::Role)?];
    let save = (m.at, m.loose);
    m.past_comma();
    let from = m
        .word(&["from"])
        .or_else(|| m.words(&["starting", "at"]))
        .or_else(|| m.words(&["beginning", "at"]));
    match from {
        Some(r) => {
            m.maybe(&["heap", "row", "pile"]);
            m.maybe(&["size", "length"]);
            let v = m.number()?;
            let src = format!("preperiod({name}) = {}", num_text(&v)?);
            let at = r.start..v.span.end;
            out.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?);
        }
        None => (m.at, m.loose) = save,
    }
    Some(out)
}

/// "Both games have period 34", after two games' blocks; "Kayles and Dawson's chess both
/// have period …": the period of each of the two games.
fn both_period(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let names = if m.word(&["both"]).is_some() {
        m.word(&["games", "sequences"])?;
        // The two games declared last above the sentence.
        let mut own = m.lex.games().iter().rev().filter(|g| !g.ahead && !g.known);
        let (a, b) = (own.next()?, own.next()?);
        [b.name.clone(), a.name.clone()]
    } else {
        let (a, _) = game_ref(m)?;
        m.word(&["and"])?;
        let (b, _) = game_ref(m)?;
        m.word(&["both"])?;
        [a, b]
    };
    if names[0] == names[1] {
        return None;
    }
    m.word(&["have"])?;
    m.maybe(&["the", "a"]);
    m.maybe(&["same"]);
    m.word(&["period"])?;
    m.maybe(&["of"]);
    let v = num_text(&m.number()?)?;
    let claims = names.map(|name| format!("period({name}) = {v}"));
    clause_claims(m, start, &claims)
}

/// The verbs of a finding, "For Dawson's Kayles I find period 34", read as "has".
const FINDS: [&str; 3] = ["find", "get", "obtain"];

/// What computes a game's period in a sentence such as "the library finds period 12".
const FINDERS: [&str; 6] = [
    "library",
    "program",
    "code",
    "search",
    "computation",
    "script",
];

/// The verbs of what a computation finds, read as "has".
const REPORTS: [&str; 4] = ["finds", "gives", "reports", "shows"];

/// The periods of [`game_period`] after any preperiod before them; returns the claims and
/// the game's name.
fn period_body(m: &mut Matcher<'_>) -> Option<(Vec<Found>, String)> {
    let start = m.at;
    let prop_call = |name: &str, prop: &str, at: Range<usize>| {
        vec![
            Token::new(Tok::Ident(prop.into()), at.clone()),
            Token::new(Tok::LParen, at.end..at.end),
            Token::new(Tok::Ident(name.into()), at.clone()),
            Token::new(Tok::RParen, at.end..at.end),
        ]
    };
    let prop_word = |m: &mut Matcher<'_>| -> Option<&'static str> {
        if m.word(&["period"]).is_some() {
            Some("period")
        } else if m.word(&["preperiod", "pre-period"]).is_some() {
            Some("preperiod")
        } else {
            None
        }
    };
    let save = m.at;
    m.maybe(&["the"]);
    // "the period of Kayles is 12"
    // "…, and its preperiod is 52": the game named before in the sentence.
    let before_its = m.at;
    if let Some(its) = m.word(&["its"]) {
        if let Some(prop) = prop_word(m) {
            let name = named_before(m, start)?;
            let cmp = m.comparison()?;
            let v = m.number()?;
            m.tokens = prop_call(&name, prop, its.start..m.w[m.at - 1].span.end);
            m.tokens.extend([cmp, v]);
            let span = m.w[start].span.start..m.w[m.at - 1].span.end;
            return Some((vec![finish(m, span, Mode::Role)], name));
        }
        // "Its values repeat …" is read below.
        m.at = before_its;
    }
    if let Some(prop) = prop_word(m) {
        // "The period is 34", after the game's block or a sentence naming it; but "…, so
        // its period is 34" inside a sentence is of the sentence's subject, which names no
        // game here ("Dawson's chess has the same values, so its period is also 34").
        let its = start
            .checked_sub(1)
            .is_some_and(|p| m.w[p].text == "its" && !starts_sentence(m.text, m.w, p));
        if m.w.get(m.at).is_some_and(|w| w.text == "is") && !its {
            let name = named_or_current(m, start)?;
            let at = m.w[save].span.start..m.w[m.at - 1].span.end;
            let cmp = m.comparison()?;
            let v = m.number()?;
            m.tokens = prop_call(&name, prop, at);
            m.tokens.extend([cmp, v]);
            let span = m.w[start].span.start..m.w[m.at - 1].span.end;
            let mut found = vec![finish(m, span, Mode::Role)];
            // "…, and it starts at heap size 53", "… from heap size 71 on".
            let save = (m.at, m.loose);
            m.past_comma();
            m.maybe(&["and"]);
            m.maybe(&["it"]);
            let from = m
                .word(&["from"])
                .filter(|_| m.at == save.0 + 1)
                .or_else(|| m.words(&["starts", "at"]))
                .or_else(|| m.words(&["starts", "only", "at"]))
                .or_else(|| m.words(&["starts", "from"]))
                .or_else(|| m.words(&["begins", "at"]))
                .or_else(|| m.words(&["begins", "only", "at"]))
                .or_else(|| m.words(&["starting", "at"]));
            let preperiod = from.filter(|_| prop == "period").and_then(|r| {
                m.maybe(&["heap", "row", "pile"]);
                m.maybe(&["size", "length"]);
                let v = m.number()?;
                m.maybe(&["on", "onwards", "onward"]);
                let src = format!("preperiod({name}) = {}", num_text(&v)?);
                let at = r.start..v.span.end;
                claim_at_span(m, &src, at.clone(), at, Mode::Role)
            });
            match preperiod {
                Some(claim) => found.push(claim),
                None => (m.at, m.loose) = save,
            }
            return Some((found, name));
        }
        let of = m.word(&["of"])?;
        let (name, g) = game_ref(m)?;
        let cmp = m.comparison()?;
        let v = m.number()?;
        m.tokens = prop_call(&name, prop, of.start..g.end);
        m.tokens.extend([cmp, v]);
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        return Some((vec![finish(m, span, Mode::Role)], name));
    }
    m.at = save;
    // "the values of Kayles repeat with period 12 [from 71]"
    let mut values =
        m.words(&["the", "values", "of"]).is_some() || m.words(&["values", "of"]).is_some();
    // "the last exceptional value of Kayles falls at heap size 70": the preperiod is one
    // more.
    let save = m.at;
    let bare = !values && m.word(&["the"]).is_some() && last_exception(m);
    // "The last exception is at 70": of the game [`noted_game`] finds.
    if bare && m.word(&["of", "in"]).is_none() {
        let name = noted_game(m, start)?;
        let (at, src) = falls_at(m, &name)?;
        let span = m.w[start].span.start..at.end;
        let mut found = vec![claim_at_span(m, &src, span, at, Mode::Role)?];
        found.extend(where_value(m, &name));
        return Some((found, name));
    }
    let last = bare;
    if !last {
        m.at = save;
    }
    // "the values repeat with period 12", after a sentence naming the game; "the Kayles
    // values repeat …".
    let named = game_ref(m)
        .or_else(|| {
            let save = m.at;
            let the = m.word(&["the"])?;
            match game_ref(m) {
                Some((name, g)) => Some((name, the.start..g.end)),
                None => {
                    m.at = save;
                    None
                }
            }
        })
        // "For Dawson's Kayles I find period 34": the game after "for", the finding
        // read below as "has".
        .or_else(|| {
            if values || last {
                return None;
            }
            let save = m.at;
            let found = m.word(&["for"]).and_then(|f| {
                let (name, g) = game_ref(m)?;
                m.past_comma();
                // "I" alone opens no claim, so it is no word of the grammar's gate.
                m.w.get(m.at).filter(|w| w.text == "i" || w.text == "we")?;
                m.at += 1;
                m.w.get(m.at)
                    .is_some_and(|w| FINDS.contains(&w.text.as_ref()))
                    .then_some((name, f.start..g.end))
            });
            if found.is_none() {
                m.at = save;
            }
            found
        })
        // "The library finds period 12": what a computation finds, of the game the
        // sentence names or the one declared last above it.
        .or_else(|| {
            if values || last {
                return None;
            }
            let verb =
                m.w.get(m.at + 1)
                    .filter(|w| REPORTS.contains(&w.text.as_ref()))?;
            m.w.get(m.at + 2)
                .filter(|w| w.text == "period" || w.text == "preperiod")?;
            m.w.get(m.at)
                .filter(|w| FINDERS.contains(&w.text.as_ref()))?;
            let name = named_or_current(m, start)?;
            m.at += 1;
            Some((name, verb.span.clone()))
        })
        // "Notch settles sooner than Kayles. It has period 8": the game the sentence
        // before is about.
        .or_else(|| {
            if values || last {
                return None;
            }
            let it = m.word(&["it", "it's"])?;
            // "Values start 0, 1, 0, 2. It's periodic with period 4": with no game in the
            // sentence before, the one [`noted_game`] finds.
            let before = subject_before(m, start).or_else(|| {
                let periodic = m.w.get(m.at).is_some_and(|w| w.text == "periodic");
                let is = text_of(m, &it) == "it's" || m.w.get(m.at).is_some_and(|w| w.text == "is");
                (periodic || is).then(|| noted_game(m, start)).flatten()
            });
            match before {
                Some(name) => Some((name, it)),
                None => {
                    m.at -= 1;
                    None
                }
            }
        })
        // "Its values repeat with period 11": the game the sentence before is about, or,
        // opening a paragraph, the game just declared above it.
        .or_else(|| {
            if values || last || m.w.get(m.at + 1).is_none_or(|w| w.text != "values") {
                return None;
            }
            let its = m.word(&["its"])?;
            let name = subject_before(m, start).or_else(|| {
                let g = m.lex.current_game().filter(|_| start == 0)?;
                Some(g.name.clone())
            });
            match name {
                Some(name) => Some((name, its)),
                None => {
                    m.at -= 1;
                    None
                }
            }
        });
    let (name, g) = match named {
        Some(found) => found,
        None if !values && !last => {
            let the = m.word(&["the"])?;
            // "The whole thing repeats with period 7": the values, said loosely.
            let v = m
                .word(&["values"])
                .or_else(|| m.words(&["whole", "thing"]))
                .or_else(|| m.words(&["whole", "sequence"]))
                .or_else(|| m.word(&["sequence", "pattern"]))?;
            values = true;
            // "The values repeat with period 12": the game the sentence names, or else
            // the one declared last above it.
            let name = named_or_current(m, start);
            (name?, the.start..v.end)
        }
        None => return None,
    };
    if !values && !last && m.w.get(m.at).is_some_and(|w| w.text == "values") {
        m.at += 1;
        values = true;
    }
    // "Kayles still has period 12"; "taking 1 or 2 tokens gives period 3".
    m.maybe(&["still", "also", "again"]);
    m.maybe(&["tokens", "counters", "stones", "coins"]);
    if last {
        // "the final exception of Kayles, at heap size 70, has value 6": where it falls,
        // and its value.
        let save = m.at;
        m.past_comma();
        if let Some(at) = m.word(&["at"]) {
            m.maybe(&["heap", "row", "pile"]);
            m.maybe(&["size", "length"]);
            let v = m.number()?;
            m.past_comma();
            let has = m
                .words(&["has", "value"])
                .or_else(|| m.words(&["has", "the", "value"]))
                .or_else(|| m.words(&["has", "grundy", "value"]))
                .or_else(|| m.is())?;
            let g = m.number()?;
            let n = num_value(&v)?.checked_add(1)?;
            let (size, value) = (num_text(&v)?, num_text(&g)?);
            let span = m.w[start].span.start..g.span.end;
            let falls = claim_at_span(
                m,
                &format!("preperiod({name}) = {n}"),
                span.clone(),
                at.start..v.span.end,
                Mode::Role,
            )?;
            let worth = claim_at_span(
                m,
                &format!("{name}({size}) = {value}"),
                span,
                has.start..g.span.end,
                Mode::Role,
            )?;
            return Some((vec![falls, worth], name));
        }
        m.at = save;
        let (at, src) = falls_at(m, &name)?;
        let span = m.w[start].span.start..at.end;
        let claim = claim_at_span(m, &src, span, at, Mode::Role)?;
        return Some((vec![claim], name));
    }
    let mut found = Vec::new();
    let mut period = |m: &mut Matcher<'_>, prop: &str, r: Range<usize>| -> Option<()> {
        let v = m.number()?;
        m.tokens = prop_call(&name, prop, g.start..r.end);
        m.tokens
            .extend([Token::new(Tok::Cmp(Cmp::Eq), r.clone()), v]);
        // A second claim ("… from heap size 71") spans its own words, apart from the first.
        let from = if found.is_empty() {
            m.w[start].span.start
        } else {
            r.start
        };
        let span = from..m.w[m.at - 1].span.end;
        found.push(finish(m, span, Mode::Role));
        Some(())
    };
    // "the values of Kayles repeat …", "Kayles repeats …"; "the Kayles values become
    // periodic …" is read below.
    let repeats = m.word(&["repeats", "repeat", "recur", "recurs"]).is_some()
        || m.words(&["come", "round", "again"]).is_some()
        || m.words(&["come", "around", "again"]).is_some()
        || m.words(&["comes", "round", "again"]).is_some();
    if values
        && !repeats
        && m.w
            .get(m.at)
            .is_none_or(|w| !["become", "are", "settle", "fall"].contains(&w.text.as_ref()))
    {
        return None;
    }
    // "Dawson's chess repeats from heap size 52": where, with no period said.
    // ("The values repeat from the start" says no size, and is left to the period's
    // reading.)
    let from_only = repeats
        && m.w.get(m.at).is_some_and(|w| w.text == "from")
        && m.w.get(m.at + 1).is_some_and(|w| w.text != "the");
    if repeats {
        if !from_only {
            let r = m
                .words(&["with", "period"])
                .or_else(|| m.word(&["every"]))?;
            period(m, "period", r)?;
            m.maybe(&["heaps", "rows", "piles", "positions", "sizes", "steps"]);
        }
    } else if let Some(r) = m
        .words(&["settles", "into", "a", "period", "of"])
        .or_else(|| m.words(&["falls", "into", "a", "period", "of"]))
        .or_else(|| m.words(&["settles", "into", "period"]))
        .or_else(|| m.words(&["settle", "into", "period"]))
        .or_else(|| m.words(&["settle", "into", "a", "period", "of"]))
        .or_else(|| m.words(&["fall", "into", "a", "period", "of"]))
        .or_else(|| m.words(&["settles", "into", "its", "period", "of"]))
        .or_else(|| m.words(&["settles", "with", "period"]))
        .or_else(|| m.words(&["settles", "with", "a", "period", "of"]))
        .or_else(|| m.words(&["has", "a", "period", "of"]))
        .or_else(|| m.words(&["ends", "up", "with", "period"]))
        .or_else(|| m.words(&["ends", "up", "with", "a", "period", "of"]))
    {
        period(m, "period", r)?;
        // "… settle into period 12 from heap size 71", "… from a row of 71 pins".
        let save = m.at;
        if let Some(r) = m.word(&["from"]) {
            let _ = m
                .words(&["a", "row", "of"])
                .or_else(|| m.words(&["a", "heap", "of"]));
            m.maybe(&["heap", "row", "pile"]);
            m.maybe(&["size", "length"]);
            if m.w.get(m.at).is_some_and(|w| w.numeric) {
                period(m, "preperiod", r)?;
                m.maybe(&["pins", "skittles", "tokens", "counters", "on", "onwards"]);
                return Some((found, name));
            }
            m.at = save;
        }
        // "…, and it becomes periodic at heap size 71": the preperiod, of the same game.
        let save = (m.at, m.loose);
        m.past_comma();
        let and = m.word(&["and"]).is_some();
        m.maybe(&["it"]);
        match m
            .words(&["becomes", "periodic", "at"])
            .or_else(|| m.words(&["becomes", "periodic", "from"]))
            .or_else(|| m.words(&["is", "periodic", "from"]))
            .filter(|_| and)
        {
            Some(r) => {
                m.maybe(&["heap", "row", "pile"]);
                m.maybe(&["size", "length"]);
                period(m, "preperiod", r)?;
            }
            // "…, and it has period 34 from heap size 53": the period said again, and
            // where it starts.
            None => match m.words(&["has", "period"]).filter(|_| and) {
                Some(r) => {
                    period(m, "period", r)?;
                    if let Some(from) = m.word(&["from"]) {
                        m.maybe(&["heap", "row", "pile"]);
                        m.maybe(&["size", "length"]);
                        period(m, "preperiod", from)?;
                    }
                }
                None => (m.at, m.loose) = save,
            },
        }
    } else if let Some(r) = m
        .words(&["becomes", "periodic", "at"])
        .or_else(|| m.words(&["becomes", "periodic", "from"]))
        .or_else(|| m.words(&["is", "periodic", "from"]))
    {
        // "Kayles becomes periodic at heap size 71, with period 12".
        m.maybe(&["heap", "row", "pile"]);
        m.maybe(&["size", "length"]);
        period(m, "preperiod", r)?;
        let save = m.at;
        m.past_comma();
        match m.words(&["with", "period"]) {
            Some(r) => period(m, "period", r)?,
            None => m.at = save,
        }
        found.extend(exceptions_counted(m, &name, start).into_iter().flatten());
        return Some((found, name));
    } else if let Some(has) = m.word(&["has", "needs", "have", "gives"]).or_else(|| {
        // "… I find period 34", after "For Dawson's Kayles"; "the library finds period 12".
        let finder = m.at.checked_sub(1).and_then(|p| m.w.get(p))?;
        if finder.text == "i" || finder.text == "we" {
            m.word(&FINDS)
        } else if FINDERS.contains(&finder.text.as_ref()) {
            m.word(&REPORTS)
        } else {
            None
        }
    }) {
        m.maybe(&["a"]);
        let prop = prop_word(m)?;
        m.maybe(&["of"]);
        let r = has.start..m.w[m.at - 1].span.end;
        period(m, prop, r)?;
        // "needs a preperiod of 71 before its period of twelve sets in".
        if prop == "preperiod"
            && let Some(r) = m.words(&["before", "its", "period", "of"])
        {
            period(m, "period", r)?;
            m.words(&["sets", "in"])?;
        }
        // "has period 34 and preperiod 53".
        let save = m.at;
        if m.word(&["and"]).is_some() {
            m.maybe(&["a"]);
            match prop_word(m).filter(|p| *p != prop) {
                Some(second) => {
                    let r = m.w[m.at - 1].span.clone();
                    period(m, second, r)?;
                }
                None => m.at = save,
            }
        }
    } else {
        // "is periodic with period 12", "is eventually periodic, with period 34", "the
        // Kayles values become periodic with period 12"
        // "It's periodic": the verb is in the subject's word.
        let its = m.at.checked_sub(1).and_then(|k| m.w.get(k));
        if its.is_none_or(|w| w.text != "it's") {
            m.word(&["is", "are", "become", "becomes"])?;
        }
        // "From n=70 on, … are periodic": a start the grammar does not read would go
        // unchecked, so the sentence is left to the reader's eye, which refuses it.
        if m.text[..m.w[start].span.start].contains('=') {
            return None;
        }
        m.maybe(&["eventually", "ultimately"]);
        m.word(&["periodic"])?;
        m.past_comma();
        m.words(&["with", "period"])?;
        let r = m.w[m.at - 1].span.clone();
        period(m, "period", r)?;
    }
    // "… from 71", "… from heap size 71", "… after a preperiod of 71", "… (from 71)".
    let save = m.at;
    let loose = m.loose;
    if m.gap() == "(" {
        m.loose = Some(m.at);
    }
    let from = m
        .word(&["from"])
        .or_else(|| m.words(&["after", "a", "preperiod", "of"]))
        .or_else(|| m.words(&["with", "preperiod"]))
        // "…, starting at heap size 53".
        .or_else(|| {
            m.past_comma();
            let r = m
                .words(&["starting", "at"])
                .or_else(|| m.words(&["starting", "from"]))
                .or_else(|| m.words(&["beginning", "at"]))
                .or_else(|| m.words(&["from"]));
            if r.is_none() {
                m.loose = loose;
            }
            r
        });
    let had_from = from.is_some();
    // "… from the start": no preperiod at all.
    let at_start = from.clone().and_then(|r| {
        m.word(&["the"])?;
        m.maybe(&["very"]);
        let start = m.word(&["start", "beginning", "outset"])?;
        Some(r.start..start.end)
    });
    if let Some(at) = at_start {
        let src = format!("preperiod({name}) = 0");
        found.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?);
        // "…from the start: 0, 1, 0, 1, 2, 3, 2": the values of one period, from heap 0.
        if m.gap() == ":" {
            m.loose = Some(m.at);
            let listed = m.number().map(|first| m.series(first));
            match listed.filter(|l| l.len() > 1) {
                Some(listed) => {
                    let span = listed.first()?.span.start..listed.last()?.span.end;
                    found.extend(claims_per_value(m, span, &listed, Mode::Role, |k, v| {
                        format!("{} = {v}", value_of(&name, &k.to_string()))
                    })?);
                    return Some((found, name));
                }
                None => m.at = save,
            }
        }
    } else if let Some(r) = from {
        // "… from a row of 71 pins".
        let _ = m
            .words(&["a", "row", "of"])
            .or_else(|| m.words(&["a", "heap", "of"]));
        m.maybe(&["heap", "row", "pile"]);
        m.maybe(&["size", "length"]);
        if period(m, "preperiod", r).is_none() {
            m.at = save;
        } else {
            m.maybe(&["pins", "skittles", "tokens", "counters"]);
        }
    }
    m.loose = loose;
    if had_from {
        found.extend(exceptions_counted(m, &name, start).into_iter().flatten());
    }
    // "… after heap 70": the last exception, so the preperiod is one more.
    let save = m.at;
    // "… after the first 53 heaps": those 53 are the preperiod.
    if !had_from
        && let Some(r) = m.words(&["after", "the", "first"])
        && let Some(n) = m.number()
        && m.word(&["heaps", "rows", "piles", "values", "positions", "sizes"])
            .is_some()
    {
        let src = format!("preperiod({name}) = {}", num_text(&n)?);
        let at = r.start..m.w[m.at - 1].span.end;
        found.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?);
        return Some((found, name));
    }
    m.at = save;
    if !had_from && let Some(r) = m.word(&["after"]) {
        m.maybe(&["heap", "row", "pile"]);
        m.maybe(&["size", "length"]);
        let last = m
            .number()
            .filter(|_| !m.w.get(m.at).is_some_and(|w| w.joined));
        match last
            .as_ref()
            .and_then(num_value)
            .and_then(|v| v.checked_add(1))
        {
            Some(n) => {
                let src = format!("preperiod({name}) = {n}");
                let at = r.start..m.w[m.at - 1].span.end;
                found.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?);
            }
            None => m.at = save,
        }
    }
    // "…, and its last exceptional value falls at heap size 52" (or "; the last exception
    // is at …"): the preperiod is one more. "…, and the repetition starts at heap size 53"
    // is the preperiod.
    let save = (m.at, m.loose);
    m.maybe(&["on", "onward", "onwards"]);
    m.past_comma();
    let semi = m.gap().trim() == ";";
    if semi {
        m.loose = Some(m.at);
    }
    let lead = (m.word(&["and"]).is_some() || semi) && m.word(&["its", "the"]).is_some();
    let tail = if lead && last_exception(m) {
        falls_at(m, &name)
    } else if lead
        && m.word(&["repetition", "period", "cycle"]).is_some()
        && let Some(verb) = m.word(&["starts", "begins"])
    {
        m.maybe(&["at", "from"]);
        m.maybe(&["heap", "row", "pile"]);
        m.maybe(&["size", "length"]);
        m.number().and_then(|v| {
            let src = format!("preperiod({name}) = {}", num_text(&v)?);
            Some((verb.start..v.span.end, src))
        })
    } else {
        None
    };
    match tail {
        Some((at, src)) => found.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?),
        None => (m.at, m.loose) = save,
    }
    // "… except at heap sizes 0, 14 and 16", "…, with exceptions at 0, 14 and 16": the
    // exceptions listed.
    let save = (m.at, m.loose);
    let from = m.w.get(m.at).map(|w| w.span.start);
    m.past_comma();
    let lead = m.word(&["except"]).is_some()
        || m.words(&["apart", "from"]).is_some()
        || m.words(&["with", "exceptions"]).is_some();
    // Sizes, not a count: "except at 0, 14 and 16", "apart from heap sizes …".
    let sizes = lead && {
        let at = m.word(&["at", "for"]).is_some();
        m.maybe(&["the"]);
        at || m.w.get(m.at + 1).is_some_and(|w| w.text == "sizes")
    };
    match from.filter(|_| sizes) {
        Some(from) => {
            let src = exceptions_at(m, &name)?;
            let at = from..m.w[m.at - 1].span.end;
            found.push(claim_at_span(m, &src, at.clone(), at, Mode::Plain)?);
        }
        None => (m.at, m.loose) = save,
    }
    Some((found, name))
}

/// Takes "last exceptional value", "final exception", "last irregular value".
fn last_exception(m: &mut Matcher<'_>) -> bool {
    m.word(&["last", "final"]).is_some()
        && (m.words(&["exceptional", "value"]).is_some()
            || m.word(&["exception"]).is_some()
            || m.words(&["irregular", "value"]).is_some())
}

/// Takes ", where the value is 6" after a heap size in digits: the game's value there.
fn where_value(m: &mut Matcher<'_>, name: &str) -> Option<Found> {
    let size = m.w.get(m.at.checked_sub(1)?)?;
    if !size.text.bytes().all(|b| b.is_ascii_digit()) || !m.after_comma() {
        return None;
    }
    let size = size.text.to_string();
    let save = (m.at, m.loose, m.tokens.clone());
    let read = (|| {
        m.past_comma();
        let from = m.word(&["where"])?;
        let _ = m
            .words(&["the", "value", "is"])
            .or_else(|| m.words(&["its", "value", "is"]))
            .or_else(|| m.words(&["it", "is", "worth"]))
            .or_else(|| m.words(&["it", "has", "value"]))?;
        let v = m.number()?;
        let src = format!("{name}({size}) = {}", num_text(&v)?);
        let at = from.start..v.span.end;
        claim_at_span(m, &src, at.clone(), at, Mode::Role)
    })();
    if read.is_none() {
        (m.at, m.loose, m.tokens) = save;
    }
    read
}

/// Takes where a game's last exception falls, "falls at heap size 70", and returns the
/// span from the verb to the size with the claim that the preperiod is one more.
fn falls_at(m: &mut Matcher<'_>, name: &str) -> Option<(Range<usize>, String)> {
    let verb = m
        .word(&["falls", "comes", "occurs", "is", "lies", "sits"])
        .or_else(|| m.words(&["belongs", "to"]))?;
    let (at, src) = falls_at_size(m, name)?;
    Some((verb.start..at.end, src))
}

/// Takes where a last exception is, "at heap size 70", and returns its span with the claim
/// that the preperiod is one more.
fn falls_at_size(m: &mut Matcher<'_>, name: &str) -> Option<(Range<usize>, String)> {
    let from = m.w.get(m.at)?.span.start;
    m.maybe(&["at", "to"]);
    m.maybe(&["the", "a"]);
    m.maybe(&["heap", "row", "pile"]);
    m.maybe(&["of"]);
    m.maybe(&["size", "length"]);
    let v = m.number()?;
    let n = num_value(&v)?.checked_add(1)?;
    Some((from..v.span.end, format!("preperiod({name}) = {n}")))
}

/// Takes the end of a range after its first number, "0 to 15", and returns each number in
/// it (at most 256), each spanning the range's words.
fn sizes_to(m: &mut Matcher<'_>, first: &Token) -> Option<Vec<Token>> {
    let save = (m.at, m.loose);
    let range = m.word(&["to", "through"]).and_then(|_| {
        let last = m.number()?;
        let (a, b) = (num_value(first)?, num_value(&last)?);
        let span = first.span.start..last.span.end;
        (a < b && b - a < 256).then(|| {
            (a..=b)
                .map(|k| Token::new(Tok::Num(k.to_string()), span.clone()))
                .collect()
        })
    });
    if range.is_none() {
        (m.at, m.loose) = save;
    }
    range
}

/// "the inverses of 2 and 3 are 3 and 2, respectively": one claim for each pair.
fn respectively(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.maybe(&["nim", "multiplicative"]);
    let name_start = m.at;
    let name = if m.word(&["inverses", "reciprocals"]).is_some() {
        "inv"
    } else if m.words(&["square", "roots"]).is_some() {
        "sqrt"
    } else if m.word(&["orders"]).is_some() {
        "ord"
    } else if m.word(&["squares", "nim-squares"]).is_some() {
        "^2"
    } else if m.word(&["cubes", "nim-cubes"]).is_some() {
        "^3"
    } else {
        return None;
    };
    // "the squares of …" has both readings, "the nim-squares of …" the nimber one.
    let nim_power = text_of(m, &m.w[m.at - 1].span.clone()).starts_with("nim-");
    let of = m.word(&["of"])?;
    let name_span = m.w[name_start].span.start..of.end;
    if m.w.get(m.at).is_some_and(|w| w.text.starts_with('ω')) {
        return respectively_ordinals(m, start, name);
    }
    let first = m.number()?;
    let args = match m.run(first.clone()) {
        Some(run) => run,
        None => match sizes_to(m, &first) {
            Some(range) => range,
            None => m.list(first)?,
        },
    };
    let are = m.word(&["are"])?;
    let (values, span) = respective_values(m, start, args.len())?;
    let mut out = Vec::new();
    for (a, v) in args.into_iter().zip(values) {
        let mode = match name.strip_prefix('^') {
            Some(power) => {
                m.tokens = vec![
                    a,
                    Token::new(Tok::Caret, name_span.clone()),
                    Token::new(Tok::Num(power.into()), name_span.clone()),
                ];
                if nim_power { Mode::Role } else { Mode::Plain }
            }
            None => {
                m.tokens = call(name, name_span.clone(), a);
                Mode::Role
            }
        };
        m.tokens
            .extend([Token::new(Tok::Cmp(Cmp::Eq), are.clone()), v]);
        out.push(finish(m, span.clone(), mode));
    }
    Some(out)
}

/// Takes the `n` values of a "respectively" list and the word "respectively" after them
/// (after a comma, it belongs to the clause); returns them and the clause's span from
/// word `start`.
fn respective_values(
    m: &mut Matcher<'_>,
    start: usize,
    n: usize,
) -> Option<(Vec<Token>, Range<usize>)> {
    // "are, in order, 0, 1, 3 and 2".
    let save = (m.at, m.loose);
    m.past_comma();
    if m.words(&["in", "order"]).is_some() && m.after_comma() {
        m.past_comma();
    } else {
        (m.at, m.loose) = save;
    }
    let first = m.number()?;
    let from = (m.at, m.loose);
    // A long list may leave out its "and": "are 0, 1, 3, 2, 6, 7, 5, 4".
    let values = match m.list(first.clone()).filter(|v| v.len() == n) {
        Some(values) => values,
        None => {
            (m.at, m.loose) = from;
            m.series(first)
        }
    };
    if values.len() != n {
        return None;
    }
    if m.after_comma() || m.w.get(m.at).is_some_and(|w| w.joined) {
        let _ =
            m.w.get(m.at)
                .filter(|w| w.text == "respectively")
                .map(|_| m.at += 1);
    }
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    Some((values, span))
}

/// "The nim-products 2 ⊗ 9, 3 ⊗ 9 and 4 ⊗ 9 are 14, 7 and 15 respectively": expressions in
/// symbols, listed, and their values in the same order.
fn respectively_expressions(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.word(&[
        "nim-products",
        "nim-sums",
        "products",
        "sums",
        "expressions",
        "values",
    ])?;
    let mut exprs = vec![symbols(m, false)?.0];
    loop {
        let comma = m.after_comma();
        if m.word(&["and"]).is_some() {
            exprs.push(symbols(m, false)?.0);
            break;
        }
        if !comma {
            return None;
        }
        exprs.push(symbols(m, false)?.0);
    }
    let are = m.word(&["are", "equal", "give"])?;
    let (values, span) = respective_values(m, start, exprs.len())?;
    let mut out = Vec::new();
    for (e, v) in exprs.into_iter().zip(values) {
        m.tokens = e;
        m.tokens
            .extend([Token::new(Tok::Cmp(Cmp::Eq), are.clone()), v]);
        out.push(finish(m, span.clone(), Mode::Role));
    }
    Some(out)
}

/// "the nimbers below 16 form a field", "the nimbers below 8 do not form a field": read as
/// closure under the nim-product, `∀ a, b < N: a ⊗ b < N` (the nimbers below N are closed
/// under ⊕ for every power of two, and a finite set closed under a product with no zero
/// divisors is a field), or its denial `∃ a, b < N: a ⊗ b ≥ N`.
fn field(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let fronted = fronted_bound(m);
    m.maybe(&["the"]);
    let (n, below) = match fronted {
        Some(bound) => {
            m.word(&["nimbers", "numbers", "elements"])?;
            bound
        }
        None => field_members(m)?,
    };
    // "the nimbers below 4, 16 and 256 each form a field": one claim for each bound.
    let bounds = m.series(n.clone());
    if bounds.len() > 1 {
        // "below 2, 4, 16 and so on": the chain goes on past the bounds the words check.
        let _ = m.words(&["and", "so", "on"]);
        m.maybe(&["each", "all"]);
    }
    // "the nimbers below 8 form no field".
    let none = m.words(&["form", "no"]).is_some();
    let not = if none
        || m.words(&["do", "not", "form"]).is_some()
        || m.words(&["don't", "form"]).is_some()
        || m.words(&["are", "not"]).is_some()
        || m.words(&["is", "not"]).is_some()
        || m.words(&["fail", "to", "form"]).is_some()
    {
        true
    } else {
        m.word(&["form", "are", "make", "is"])?;
        m.maybe(&["up"]);
        false
    };
    // "… are closed under nim-multiplication": the closure a field claim checks.
    if let Some(closed) = m.word(&["closed"]) {
        m.word(&["under"])?;
        m.maybe(&["the"]);
        let under = m
            .word(&["nim-multiplication", "multiplication", "nim-product"])
            .or_else(|| m.words(&["nim", "multiplication"]))
            .or_else(|| m.words(&["nim", "products"]))?;
        let span = m.w[start].span.start..under.end;
        return Some(vec![field_claim(m, n, not, &below, &closed, span)]);
    }
    if bounds.len() > 1 {
        m.maybe(&["a"]);
        m.maybe(&["finite"]);
        let field = m.word(&["field", "fields"])?;
        let span = m.w[start].span.start..field.end;
        let claims = bounds.into_iter();
        return Some(
            claims
                .map(|b| field_claim(m, b, not, &below, &field, span.clone()))
                .collect(),
        );
    }
    if !none {
        m.word(&["a", "the"])?;
    }
    let field = m.word(&["field", "subfield"])?;
    let mut end = field.end;
    if text_of(m, &field) == "subfield" {
        end = subfield_of(m, &n)?.end;
    }
    let span = m.w[start].span.start..end;
    let bound = num_text(&n)?;
    let mut out = vec![field_claim(m, n, not, &below, &field, span)];
    // "… form the field F₄", "… is the field 𝔽₂": the name's size is the bound.
    if let Some((size, at)) = (!not).then(|| field_name(m)).flatten() {
        let span = m.w[start].span.start..at.end;
        out.push(size_claim(m, &bound, &size.to_string(), span, at)?);
    }
    // "… form a field with 16 elements", "…, of order 4": its size, the bound itself.
    let save = m.at;
    if m.gap() == "," {
        m.loose = Some(m.at);
    }
    let sized = |m: &mut Matcher<'_>| {
        if m.words(&["of", "order"]).is_some() || m.words(&["of", "size"]).is_some() {
            return m.number();
        }
        m.word(&["with", "of", "having"])?;
        m.number().filter(|_| m.word(&["elements"]).is_some())
    };
    match sized(m).filter(|_| !not) {
        Some(size) => {
            let span = m.w[start].span.start..m.w[m.at - 1].span.end;
            out.push(size_claim(
                m,
                &bound,
                &num_text(&size)?,
                span,
                size.span.clone(),
            )?);
        }
        None => m.at = save,
    }
    // "…, but the nimbers below 8 do not", "and so do those below 16": the same verb for
    // another bound, stated or denied.
    let save = m.at;
    if m.gap().trim() == "," {
        m.loose = Some(m.at);
    }
    let more = (|| {
        let lead = m.word(&["but", "while", "whereas", "and", "yet"])?;
        let so = m.words(&["so", "do"]).is_some();
        m.maybe(&["the"]);
        m.word(&["nimbers", "numbers", "ones", "those", "values", "elements"])?;
        let below = m.word(&["below", "under"])?;
        let n = m.number()?;
        let not = if so {
            false
        } else if m
            .words(&["do", "not"])
            .or_else(|| m.word(&["don't"]))
            .is_some()
        {
            if m.words(&["form", "a", "subfield"]).is_some() {
                subfield_of(m, &n)?;
            } else {
                let _ = m.words(&["form", "a", "field"]);
            }
            true
        } else {
            m.words(&["do", "too"])
                .or_else(|| m.words(&["do", "as", "well"]))?;
            false
        };
        let last = m.w.get(m.at.checked_sub(1)?)?.span.clone();
        Some((lead, n, not, below, last))
    })();
    match more {
        Some((lead, n2, not2, below2, last)) => {
            let span = lead.start..last.end;
            out.push(field_claim(m, n2, not2, &below2, &last, span));
        }
        None => m.at = save,
    }
    Some(out)
}

/// "the multiplicative group of the field below 16 is cyclic of order 15", "the nonzero
/// nimbers below 256 form a cyclic group of order 255": the nonzero elements of a field,
/// their count, and (when "cyclic") a primitive element among them.
fn unit_group(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let size = if m.words(&["multiplicative", "group", "of"]).is_some() {
        let (size, _) = m.field_size()?;
        m.word(&["is", "has"])?;
        m.maybe(&["a"]);
        size
    } else {
        m.word(&["nonzero", "non-zero"])?;
        m.word(&["nimbers", "elements", "values"])?;
        m.word(&["below", "under"])?;
        let n = num_value(&m.number()?)?;
        m.word(&["form", "make"])?;
        m.word(&["a"])?;
        n
    };
    let cyclic = m.word(&["cyclic"]).is_some();
    m.maybe(&["group"]);
    m.words(&["of", "order"])
        .or_else(|| m.word(&["order"]))
        .or_else(|| m.words(&["with", "order"]))?;
    let k = m.number()?;
    let mut claims = vec![
        format!("forall a, b < {size}: a * b < {size}"),
        format!("count{{x < {size} : x != 0}} = {}", num_text(&k)?),
    ];
    if cyclic {
        claims.push(format!("count(primitive, {size}) > 0"));
    }
    clause_claims(m, start, &claims)
}

/// "the field F₁₆ has order 16", "F_4 has 4 elements", "GF(16) is of order 16": a
/// finite field's size is the number its name gives.
fn named_field(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if m.word(&["the"]).is_some() {
        m.maybe(&["finite"]);
        m.word(&["field"])?;
    }
    let (size, name) = field_name(m)?;
    if m.gap() == "," {
        m.loose = Some(m.at);
    }
    let n = if m.words(&["is", "of", "order"]).is_some()
        || m.words(&["is", "of", "size"]).is_some()
        || m.words(&["has", "order"]).is_some()
        || m.words(&["has", "size"]).is_some()
        || m.words(&["of", "order"]).is_some()
    {
        m.number()?
    } else {
        m.word(&["has", "contains"])?;
        m.maybe(&["exactly"]);
        let n = m.number()?;
        m.word(&["elements"])?;
        n
    };
    let span = m.w[start].span.start.min(name.start)..m.w[m.at - 1].span.end;
    Some(vec![size_claim(
        m,
        &size.to_string(),
        &num_text(&n)?,
        span,
        n.span.clone(),
    )?])
}

/// The claim that the field of the nimbers below `bound` has `size` elements, spanning
/// `span`, its number at `at`.
fn size_claim(
    m: &mut Matcher<'_>,
    bound: &str,
    size: &str,
    span: Range<usize>,
    at: Range<usize>,
) -> Option<Found> {
    let src = format!("count{{x < {bound} : x = x}} = {size}");
    claim_at_span(m, &src, span, at, Mode::Role)
}

/// "the fields below 2, 4, 16, 256 and 65536 are convenient models": fields named by their
/// bounds, each of which must bound a field, whatever the sentence goes on to say.
fn fields_named(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let field = m.word(&["fields"])?;
    let below = m.word(&["below", "under"])?;
    let n = m.number()?;
    let bounds = m.series(n);
    if bounds.len() < 2 {
        return None;
    }
    let _ = m.words(&["and", "so", "on"]);
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    Some(
        bounds
            .into_iter()
            .map(|b| field_claim(m, b, false, &below, &field, span.clone()))
            .collect(),
    )
}

/// Takes a bound set before its clause, "Below 32, by contrast, …": the bound and the
/// span of its word, the clause's aside of up to three words passed over. `None`, with
/// nothing taken, when the words open no such bound.
fn fronted_bound(m: &mut Matcher<'_>) -> Option<(Token, Range<usize>)> {
    let save = (m.at, m.loose);
    let read = (|| {
        let below = m.word(&["below", "under"])?;
        let n = m.number()?;
        // "Below 8 the nimbers …": the comma may be left out before "the".
        if !m.after_comma() {
            return m
                .w
                .get(m.at)
                .is_some_and(|w| w.text == "the")
                .then_some((n, below));
        }
        m.past_comma();
        // ", by contrast," ", too,": an aside of a few words between commas.
        let aside = (1..=3).find(|&k| {
            m.w.get(m.at..m.at + k)
                .is_some_and(|w| !w.iter().any(holds_number))
                && m.w.get(m.at + k).is_some_and(|next| {
                    m.text[m.w[m.at + k - 1].span.end..next.span.start].trim() == ","
                })
        });
        if let Some(k) = aside {
            m.at += k;
            m.past_comma();
        }
        Some((n, below))
    })();
    if read.is_none() {
        (m.at, m.loose) = save;
    }
    read
}

/// Takes what a field claim is about: "nimbers below 16" (the bound and the span of
/// "below"), or a list of the numbers from 0 up, "0, 1, 2, 3" or "{0, 1}", whose bound is
/// one past its last. A list with a gap, or not from 0, is no subject here.
fn field_members(m: &mut Matcher<'_>) -> Option<(Token, Range<usize>)> {
    // "the first 8 nimbers": the bound is the count.
    if let Some(first) = m.word(&["first"]) {
        let n = m.number()?;
        m.word(&["nimbers", "numbers"])?;
        return Some((n, first));
    }
    if m.word(&["nimbers", "numbers", "values", "elements"])
        .is_some()
    {
        if let Some(below) = m
            .word(&["below", "under"])
            .or_else(|| m.words(&["less", "than"]))
            .or_else(|| m.words(&["smaller", "than"]))
        {
            return Some((m.number()?, below));
        }
        m.maybe(&["from"]);
    }
    if m.word(&["set"]).is_some() {
        m.maybe(&["of"]);
    }
    let first = m.number()?;
    // "from 0 to 7", "0 through 7", "0 up to 7": one past the last.
    let save = m.at;
    m.maybe(&["up"]);
    if num_value(&first) == Some(0) && m.word(&["to", "through"]).is_some() {
        let last = m.number()?;
        let bound = num_value(&last)?.checked_add(1)?;
        let span = first.span.start..last.span.end;
        return Some((Token::new(Tok::Num(bound.to_string()), span.clone()), span));
    }
    m.at = save;
    let listed = m.series(first);
    let counting = listed
        .iter()
        .enumerate()
        .all(|(i, t)| matches!(&t.tok, Tok::Num(n) if n.parse() == Ok(i)));
    // "0, 1, …, 7": the list runs on to its last, one past which is the bound.
    let gap = m.gap();
    let dots =
        gap.starts_with(',') && gap.ends_with(',') && (gap.contains('…') || gap.contains("..."));
    if dots && counting && listed.len() > 1 {
        m.loose = Some(m.at);
        let last = m.number()?;
        let bound = num_value(&last)?.checked_add(1)?;
        if bound <= listed.len() as u128 {
            return None;
        }
        if m.gap() == "}" {
            m.loose = Some(m.at);
        }
        let span = listed.first()?.span.start..last.span.end;
        return Some((Token::new(Tok::Num(bound.to_string()), span.clone()), span));
    }
    // "{0, 1} is …": the verb after the closing brace.
    if m.gap() == "}" {
        m.loose = Some(m.at);
    }
    let from = listed.first()?.span.start;
    let to = listed.last()?.span.end;
    if !counting || listed.len() < 2 {
        return None;
    }
    let bound = Token::new(Tok::Num(listed.len().to_string()), from..to);
    Some((bound, from..to))
}

/// Takes a field's name after "the field", "F₄", "F_16", "GF(4)", and returns its size
/// and span.
fn field_name(m: &mut Matcher<'_>) -> Option<(u128, Range<usize>)> {
    let w =
        m.w.get(m.at)
            .filter(|w| w.joined || m.at == m.start || m.loose == Some(m.at))?;
    let t = w.text.as_ref();
    let digits = |t: &str| -> Option<u128> {
        let t = t.strip_prefix('_').unwrap_or(t);
        let d: String = t
            .chars()
            .map(|c| {
                SUBSCRIPTS
                    .iter()
                    .position(|&s| s == c)
                    .map_or(c, |k| (b'0' + k as u8) as char)
            })
            .collect();
        (!d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())).then(|| d.parse().ok())?
    };
    if let Some(size) = t.strip_prefix('f').and_then(digits) {
        m.at += 1;
        return Some((size, w.span.clone()));
    }
    // "GF(4)", and "F_{16}" as math reads it, "F _16".
    if t == "gf" || t == "f" {
        let n = m.w.get(m.at + 1)?;
        let gap = &m.text[w.span.end..n.span.start];
        if gap.trim().trim_start_matches(['(', '_']).is_empty() && gap.trim().len() <= 1 {
            let size = digits(&n.text)?;
            m.at += 2;
            if m.gap() == ")" {
                m.loose = Some(m.at);
            }
            return Some((size, w.span.start..n.span.end));
        }
    }
    None
}

/// Takes "of the field below 256" after "subfield" and returns the span of the words. The
/// nimbers below `n` lie in that field only when `n` does not pass its size; a sentence
/// that says otherwise is not read.
fn subfield_of(m: &mut Matcher<'_>, n: &Token) -> Option<Range<usize>> {
    let of = m.word(&["of", "in"])?;
    let (size, field) = m.field_size()?;
    (num_value(n)? <= size).then_some(of.start..field.end)
}

/// Returns the claim that the nimbers below `n` form a field (or, with `not`, do not),
/// with its tokens at `below` and `field` in the text.
fn field_claim(
    m: &mut Matcher<'_>,
    n: Token,
    not: bool,
    below: &Range<usize>,
    field: &Range<usize>,
    span: Range<usize>,
) -> Found {
    let at = |r: &Range<usize>| r.start..r.end;
    let var = |name: &str, r: &Range<usize>| Token::new(Tok::Ident(name.into()), at(r));
    let (quant, cmp) = if not {
        (Tok::Exists, Cmp::Ge)
    } else {
        (Tok::Forall, Cmp::Lt)
    };
    m.tokens = vec![
        Token::new(quant, at(below)),
        var("a", below),
        Token::new(Tok::Comma, at(below)),
        var("b", below),
    ];
    // Past 256 every pair is too much work; below a power of two the product is closed
    // when the products of the powers of two below it are, since it distributes over ⊕.
    match num_value(&n).filter(|&v| v > 256 && v.is_power_of_two() && v <= 1 << 64) {
        Some(v) => {
            m.tokens.extend([
                Token::new(Tok::In, at(below)),
                Token::new(Tok::LBrace, at(below)),
            ]);
            for k in 0..v.trailing_zeros() {
                if k > 0 {
                    m.tokens.push(Token::new(Tok::Comma, at(below)));
                }
                let power = (1u128 << k).to_string();
                m.tokens.push(Token::new(Tok::Num(power), at(&n.span)));
            }
            m.tokens.push(Token::new(Tok::RBrace, at(below)));
        }
        None => m
            .tokens
            .extend([Token::new(Tok::Cmp(Cmp::Lt), at(below)), n.clone()]),
    }
    m.tokens.extend([
        Token::new(Tok::Colon, at(field)),
        var("a", field),
        Token::new(Tok::NimProd, at(field)),
        var("b", field),
        Token::new(Tok::Cmp(cmp), at(field)),
        Token::new(n.tok.clone(), at(field)),
    ]);
    finish(m, span, Mode::Role)
}

/// "ω is a cube root of 2", "3 is a square root of 2", "1 is the cube of 2", "2 is not a
/// cube": read as nim-powers, `ω^3 = 2`.
fn root_of(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if !may_be_subject(m, start) {
        return None;
    }
    let a = m.number()?;
    let verb = m.is()?;
    let not = m.word(&["not"]).is_some();
    let (article, root) = match m.word(&["a", "the"]) {
        Some(r) => (text_of(m, &r), true),
        None => return None,
    };
    let _ = root;
    m.maybe(&["nim"]);
    let power_word = m.word(&["square", "cube", "fifth", "seventh"])?;
    let power = match text_of(m, &power_word).as_str() {
        "square" => "2",
        "cube" => "3",
        "fifth" => "5",
        _ => "7",
    };
    let is_root = m.word(&["root"]).is_some();
    if !is_root && article == "a" {
        return None;
    }
    m.word(&["of"])?;
    let b = m.number()?;
    let (base, value) = if is_root { (a, b) } else { (b, a) };
    let cmp = if not { Cmp::Ne } else { Cmp::Eq };
    m.tokens = vec![
        base,
        Token::new(Tok::Caret, power_word.clone()),
        Token::new(Tok::Num(power.into()), power_word),
        Token::new(Tok::Cmp(cmp), verb),
        value,
    ];
    Some(vec![finish(m, clause(m, start), Mode::Role)])
}

/// The mex in words: "the mex of 0, 1 and 3 is 2", "the mex of the empty set is 0", "the
/// least number missing from {0, 1, 2, 4} is 3".
fn mex_of(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let name = m
        .word(&["mex"])
        .or_else(|| m.words(&["minimal", "excludant"]))
        .or_else(|| m.words(&["minimum", "excludant"]))
        .or_else(|| m.words(&["least", "excludant"]))
        .or_else(|| m.words(&["smallest", "excludant"]))
        .or_else(|| m.words(&["least", "excluded", "value"]))
        .or_else(|| m.words(&["least", "excluded", "number"]))
        .or_else(|| m.words(&["smallest", "excluded", "value"]))
        .or_else(|| m.words(&["minimum", "excluded", "value"]))
        .or_else(|| m.words(&["minimal", "excluded", "value"]))
        .or_else(|| m.words(&["least", "number", "missing"]))
        .or_else(|| m.words(&["least", "whole", "number", "missing"]))
        .or_else(|| m.words(&["smallest", "whole", "number", "missing"]))
        .or_else(|| m.words(&["least", "natural", "number", "missing"]))
        .or_else(|| m.words(&["least", "nimber", "missing"]))
        .or_else(|| m.words(&["smallest", "value", "missing"]))
        .or_else(|| m.words(&["least", "value", "missing"]))
        .or_else(|| m.words(&["smallest", "number", "missing"]))
        // "the least whole number absent from {0, 1, 2, 4, 5}".
        .or_else(|| {
            let save = m.at;
            let from = m.word(&["least", "smallest", "lowest", "first"])?;
            m.maybe(&["whole", "natural", "non-negative", "nonnegative"]);
            let end = m
                .word(&["number", "value", "nimber", "integer"])
                .and_then(|_| {
                    m.word(&["missing", "absent", "excluded", "omitted"])
                        .or_else(|| m.words(&["not", "in"]))
                        .or_else(|| m.words(&["not", "among"]))
                });
            if end.is_none() {
                m.at = save;
            }
            Some(from.start..end?.end)
        })?;
    // "the smallest number not in {0, 2, 3}": the set follows "in" at once.
    if !text_of(m, &name).ends_with(" in") && !text_of(m, &name).ends_with(" among") {
        m.word(&["of", "from"])?;
    }
    let args = mex_args(m)?;
    let cmp = m.comparison()?;
    let v = m.number()?;
    mex_claim(m, start, name, args, cmp, v)
}

/// "In {0, 2, 4, 6} the number 1 is missing, so the mex is 1", "In {0, 1, 2, 5} the numbers
/// 0, 1 and 2 are present and 3 is missing, so the mex is 3": a set in braces named first,
/// then what is in it, what is missing, and its mex.
fn in_set_mex(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["in"])?;
    if m.gap() != "{" {
        return None;
    }
    let args = mex_args(m)?;
    let set = args
        .iter()
        .map(num_text)
        .collect::<Option<Vec<_>>>()?
        .join(", ");
    let mut claims = Vec::new();
    let mut mex_said = false;
    loop {
        let save = m.at;
        let Some((claim, of_mex)) = set_part(m, &set) else {
            m.at = save;
            break;
        };
        claims.extend(claim);
        mex_said |= of_mex;
        // ", so the mex is 1", "and 3 is missing", ", and hence …".
        let save = m.at;
        if m.gap() == "," {
            m.loose = Some(m.at);
        }
        m.maybe(&["and"]);
        m.maybe(&["so", "hence", "thus"]);
        if m.at == save || m.w.get(m.at).is_none() {
            break;
        }
    }
    if !mex_said {
        return None;
    }
    clause_claims(m, start, &claims)
}

/// One part of [`in_set_mex`]: "the mex is 1", "the first missing number is 4", "the first
/// gap is at 2", "the numbers 0, 1 and 2 are present", "3 is missing"; returns its claims
/// about the set `set`, and whether they state its mex.
fn set_part(m: &mut Matcher<'_>, set: &str) -> Option<(Vec<String>, bool)> {
    let save = m.at;
    m.maybe(&["the", "its"]);
    let named = m
        .word(&["mex"])
        .or_else(|| {
            m.word(&["first", "least", "smallest", "lowest"])?;
            m.word(&["missing"])
                .and_then(|_| m.word(&["number", "value", "one"]))
                .or_else(|| m.word(&["gap"]))
        })
        .is_some();
    if named {
        m.word(&["is"])?;
        m.maybe(&["at"]);
        let v = num_text(&m.number()?)?;
        return Some((vec![format!("mex({{{set}}}) = {v}")], true));
    }
    m.at = save;
    m.maybe(&["the"]);
    m.maybe(&["number", "numbers"]);
    let first = m.number()?;
    let listed = m.series(first);
    m.word(&["is", "are"])?;
    m.maybe(&["already", "all", "both"]);
    let there = m.word(&["missing", "absent", "present", "there"])?;
    let missing = matches!(text_of(m, &there).as_str(), "missing" | "absent");
    let claims = listed
        .iter()
        .map(|n| {
            let n = num_text(n)?;
            Some(if missing {
                format!("forall x in {{{set}}}: x != {n}")
            } else {
                format!("exists x in {{{set}}}: x = {n}")
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some((claims, false))
}

/// "The list 0, 2, 2, 1 has mex 3", "the set {0, 1, 3} has a mex of 2", "the values 0, 1
/// and 3 have mex 2": the mex said of a list named first.
fn has_mex(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.maybe(&["list", "set", "multiset", "numbers", "values", "nimbers"]);
    let args = mex_args(m)?;
    let verb = m.word(&["has", "have"])?;
    m.maybe(&["a", "the"]);
    let name = m.word(&["mex"])?;
    let cmp = match m.word(&["of"]) {
        Some(of) => Token::new(Tok::Cmp(Cmp::Eq), verb.start..of.end),
        None => Token::new(Tok::Cmp(Cmp::Eq), verb.start..name.end),
    };
    let v = m.number()?;
    mex_claim(m, start, name, args, cmp, v)
}

/// Takes the numbers a mex is taken of: "the empty set", "the set {0, 1, 3}", "{0, 1, 2,
/// 4}", "0, 1 and 3".
fn mex_args(m: &mut Matcher<'_>) -> Option<Vec<Token>> {
    let mut args = Vec::new();
    if m.words(&["the", "empty", "set"]).is_none() {
        // "the set {0, 1, 3}".
        let save = m.at;
        if m.words(&["the", "set"]).is_none() {
            m.at = save;
        }
        // "{0, 1, 2, 4}": a set in braces.
        let braces = m.gap() == "{";
        if braces {
            m.loose = Some(m.at);
        }
        args.push(m.number()?);
        // "0 to 9": every number from one to the other, a few dozen at most.
        let save = (m.at, m.loose);
        if !braces && m.word(&["to", "through"]).is_some() {
            let last = m.number().and_then(|t| Some((num_value(&t)?, t.span)));
            let first = num_value(&args[0]);
            match (first, last) {
                (Some(a), Some((b, end))) if a < b && b - a <= 64 => {
                    let span = args[0].span.start..end.end;
                    args = (a..=b)
                        .map(|k| Token::new(Tok::Num(k.to_string()), span.clone()))
                        .collect();
                    return Some(args);
                }
                _ => (m.at, m.loose) = save,
            }
        }
        // "0, 1 and 3", "{0, 1, 2, 4}": numbers apart by commas, "and" or "or".
        while let Some(next) = m.w.get(m.at) {
            let gap = m.text[m.w[m.at - 1].span.end..next.span.start].trim();
            if gap == "," || gap.is_empty() && (next.text == "and" || next.text == "or") {
                if next.text == "and" || next.text == "or" {
                    m.at += 1;
                }
                let Some(n) = number(m.w, m.at) else { break };
                let span = m.w[m.at].span.start..m.w[m.at + n.len - 1].span.end;
                m.at += n.len;
                args.push(Token::new(Tok::Num(n.text), span));
            } else {
                break;
            }
        }
        if braces {
            if m.gap() != "}" {
                return None;
            }
            m.loose = Some(m.at);
        }
    }
    Some(args)
}

/// The claim that the mex of `args`, named at `name`, compares by `cmp` with `v`.
fn mex_claim(
    m: &mut Matcher<'_>,
    start: usize,
    name: Range<usize>,
    args: Vec<Token>,
    cmp: Token,
    v: Token,
) -> Option<Vec<Found>> {
    let at = name.end..name.end;
    let mut tokens = vec![
        Token::new(Tok::Ident("mex".into()), name.clone()),
        Token::new(Tok::LParen, at.clone()),
        Token::new(Tok::LBrace, at.clone()),
    ];
    for (i, a) in args.into_iter().enumerate() {
        if i > 0 {
            tokens.push(Token::new(Tok::Comma, a.span.start..a.span.start));
        }
        tokens.push(a);
    }
    tokens.extend([
        Token::new(Tok::RBrace, at.clone()),
        Token::new(Tok::RParen, at),
        cmp,
        v,
    ]);
    m.tokens = tokens;
    Some(vec![finish(m, clause(m, start), Mode::Role)])
}

/// "With options worth 1 and 2, the mex is 0", "Since the options have values 0, 2 and
/// 3, the position is worth 1": a position's value is the mex of its options' values.
fn options_mex(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["with", "since", "as", "because"]);
    m.maybe(&["the", "its"]);
    m.word(&["options"])?;
    let _ = m
        .word(&["worth"])
        .or_else(|| m.words(&["are", "worth"]))
        .or_else(|| m.words(&["have", "values"]))
        .or_else(|| m.words(&["of", "values"]))
        .or_else(|| m.words(&["valued", "at"]))?;
    let first = m.number()?;
    let values = m.series(first);
    if !m.after_comma() {
        return None;
    }
    m.past_comma();
    m.maybe(&["so"]);
    m.maybe(&["the", "its"]);
    let said = m
        .words(&["mex", "is"])
        .or_else(|| m.words(&["position", "is", "worth"]))
        .or_else(|| m.words(&["heap", "is", "worth"]))
        .or_else(|| m.words(&["value", "is"]))
        .or_else(|| m.words(&["it", "is", "worth"]))?;
    let v = m.number()?;
    let listed: Vec<String> = values.iter().map(num_text).collect::<Option<_>>()?;
    let src = format!("mex({{{}}}) = {}", listed.join(", "), num_text(&v)?);
    let span = m.w[start].span.start..v.span.end;
    one_claim(m, &src, span, said.start..v.span.end, Mode::Role)
}

/// Lexes `src`, a statement the grammar builds from words it has read, with every token
/// placed at `at`.
fn lexed(src: &str, at: &Range<usize>, mode: Mode) -> Option<Vec<Token>> {
    let tokens = stmt::lexer::lex(src, mode).ok()?;
    Some(
        tokens
            .into_iter()
            .map(|t| Token::new(t.tok, at.clone()))
            .collect(),
    )
}

/// Builds the claim `src` for the clause at `span`, its tokens placed at `at`; the
/// matcher's last token then ends the clause.
/// Returns one claim per listed value, each placed at its value and spanning `span`:
/// `claim(k, value)` states the k-th value (from 0) as the statement language writes it.
fn claims_per_value(
    m: &mut Matcher<'_>,
    span: Range<usize>,
    values: &[Token],
    mode: Mode,
    claim: impl Fn(usize, &str) -> String,
) -> Option<Vec<Found>> {
    let mut out = Vec::new();
    for (k, v) in values.iter().enumerate() {
        let src = claim(k, &num_text(v)?);
        out.push(claim_at_span(m, &src, span.clone(), v.span.clone(), mode)?);
    }
    Some(out)
}

fn claim_at_span(
    m: &mut Matcher<'_>,
    src: &str,
    span: Range<usize>,
    at: Range<usize>,
    mode: Mode,
) -> Option<Found> {
    m.tokens = lexed(src, &at, mode)?;
    let parsed = stmt::parse_tokens(&m.tokens, span.end, mode);
    // The clause ends where the claim's words end.
    m.tokens
        .push(Token::new(Tok::Num(String::new()), span.end..span.end));
    Some(Found {
        span,
        lint: judge(parsed, true),
    })
}

/// Returns [`claim_at_span`] as the one claim of a form.
fn one_claim(
    m: &mut Matcher<'_>,
    src: &str,
    span: Range<usize>,
    at: Range<usize>,
    mode: Mode,
) -> Option<Vec<Found>> {
    claim_at_span(m, src, span, at, mode).map(|f| vec![f])
}

/// The mode a claim is read in: plain where it holds an ordinal term, whose `+`, `·` and
/// powers have their one ordinal reading, else the nimber one.
fn ordinal_mode(ordinal: bool) -> Mode {
    if ordinal { Mode::Plain } else { Mode::Role }
}

/// Returns the text of a number token for a statement: its digits, or `ω`.
fn num_text(t: &Token) -> Option<String> {
    match &t.tok {
        Tok::Num(n) => Some(n.clone()),
        Tok::Omega => Some("ω".into()),
        _ => None,
    }
}

/// Returns the value of a token that is a finite number.
fn num_value(t: &Token) -> Option<u128> {
    match &t.tok {
        Tok::Num(n) => number_of(n),
        _ => None,
    }
}

/// Returns the text of a comparison token in the statement language.
fn cmp_text(t: &Token) -> Option<&'static str> {
    match t.tok {
        Tok::Cmp(c) => Some(c.text()),
        _ => None,
    }
}

/// Returns whether `n` is the size of a finite nimber field, 2^(2^k).
fn is_field_size(n: u128) -> bool {
    n >= 2 && n.is_power_of_two() && n.trailing_zeros().is_power_of_two()
}

impl Matcher<'_> {
    /// Takes a number that may stand after a bracket or a comma: "{0, 1}", "(4 6)".
    fn loose_number(&mut self) -> Option<Token> {
        let word = self.w.get(self.at)?;
        let n = number(self.w, self.at)?;
        let span = word.span.start..self.w[self.at + n.len - 1].span.end;
        self.at += n.len;
        Some(Token::new(Tok::Num(n.text), span))
    }

    /// Returns the text between the word before the cursor and the one at it, trimmed.
    fn gap(&self) -> &str {
        match (
            self.at.checked_sub(1).and_then(|p| self.w.get(p)),
            self.w.get(self.at),
        ) {
            (Some(a), Some(b)) => self.text[a.span.end..b.span.start].trim(),
            _ => "",
        }
    }

    /// Takes the numbers of a list after its first, apart by commas, with "and" (or "or")
    /// before the last: "8, 13, 14, 10 and 1", "{0, 2, 7, 8}"; a list of one is one.
    fn series(&mut self, first: Token) -> Vec<Token> {
        let mut out = vec![first];
        loop {
            let save = self.at;
            // "worth 2 (one end pin knocked down), 0 (…) and 1": a remark after an item.
            let comma = self.after_comma() || self.past_remark();
            let Some(w) = self.w.get(self.at) else { break };
            if (w.text == "and" || w.text == "or") && (w.joined || comma) {
                self.at += 1;
                match self.number() {
                    // "worth 7 and one at (5, 6) is worth 8": "one" is a pronoun there.
                    Some(_) if self.pronoun_one(self.at - 1) => self.at = save,
                    Some(n) => out.push(n),
                    None => self.at = save,
                }
                break;
            }
            if !comma {
                break;
            }
            match self.loose_number() {
                Some(n) => out.push(n),
                None => {
                    self.at = save;
                    break;
                }
            }
        }
        out
    }

    /// Takes a list of operands, "ω, ω², 2 and ω·2", numbers or ordinal terms; returns each
    /// one's text and span.
    fn operand_series(&mut self) -> Option<Vec<(String, Range<usize>)>> {
        let (first, span, _) = self.operand()?;
        let mut out = vec![(first, span)];
        loop {
            let save = (self.at, self.loose);
            let comma = self.after_comma();
            self.past_comma();
            let and = self.word(&["and"]).is_some();
            if !comma && !and {
                (self.at, self.loose) = save;
                break;
            }
            self.loose = Some(self.at);
            match self.operand() {
                Some((t, span, _)) => out.push((t, span)),
                None => {
                    (self.at, self.loose) = save;
                    break;
                }
            }
            if and {
                break;
            }
        }
        Some(out)
    }

    /// Whether the word at `i` is "one" standing for a thing named before: "one at (5, 6)",
    /// "one of order 5".
    fn pronoun_one(&self, i: usize) -> bool {
        self.w.get(i).is_some_and(|w| w.text == "one")
            && self
                .w
                .get(i + 1)
                .is_some_and(|w| matches!(w.text.as_ref(), "at" | "of" | "in" | "on" | "with"))
    }

    /// Takes a comparison of a plural subject: "give", "make", "equal", "are", "do not
    /// give", or one of [`Matcher::comparison`].
    fn plural_comparison(&mut self) -> Option<Token> {
        let alternatives: [(&[&str], Cmp); 13] = [
            (&["come", "to"], Cmp::Eq),
            (&["work", "out", "to"], Cmp::Eq),
            (&["both", "equal"], Cmp::Eq),
            (&["do", "not", "give"], Cmp::Ne),
            (&["don't", "give"], Cmp::Ne),
            (&["do", "not", "equal"], Cmp::Ne),
            (&["are", "not"], Cmp::Ne),
            (&["are", "equal", "to"], Cmp::Eq),
            (&["give"], Cmp::Eq),
            (&["make"], Cmp::Eq),
            (&["equal"], Cmp::Eq),
            (&["yield"], Cmp::Eq),
            (&["are"], Cmp::Eq),
        ];
        alternatives
            .iter()
            .find_map(|(seq, cmp)| self.words(seq).map(|span| Token::new(Tok::Cmp(*cmp), span)))
            .or_else(|| self.comparison())
    }

    /// Takes "the field below S", "the field of (with) S elements"; returns S, the size
    /// of a nimber field, and its span.
    fn field_size(&mut self) -> Option<(u128, Range<usize>)> {
        self.maybe(&["the"]);
        // "the nimbers below 256", when 256 is a field's size, are that field.
        let nimbers = self.word(&["nimbers"]);
        let field = match nimbers {
            Some(w) if self.w.get(self.at).is_some_and(|w| w.text == "below") => w,
            Some(_) => return None,
            None => self.word(&["field"])?,
        };
        let n = self.size_phrase()?;
        let v = num_value(&n).filter(|&v| is_field_size(v))?;
        Some((v, field.start..n.span.end))
    }

    /// Takes how a field's size is said after its noun: "below 16", "of (with) 16
    /// elements", "of order 16", "of size 16"; returns the size's number.
    fn size_phrase(&mut self) -> Option<Token> {
        if self.word(&["below", "under"]).is_some() {
            return self.number();
        }
        self.word(&["of", "with"])?;
        if self.word(&["order", "size"]).is_some() {
            return self.number();
        }
        let n = self.number()?;
        self.word(&["elements"])?;
        Some(n)
    }

    /// Takes a phrase that makes an operation in words the nimber one: "in the nim sense",
    /// "in nimber arithmetic", "in the nimbers", "as nimbers", also set off by commas.
    fn nim_context(&mut self) -> bool {
        const PHRASES: [&[&str]; 16] = [
            &["among", "the", "nimbers"],
            &["in", "nim-multiplication"],
            &["in", "nim-addition"],
            &["among", "nimbers"],
            &["the", "nim", "way"],
            &["in", "the", "nim", "way"],
            &["the", "nimber", "way"],
            &["in", "the", "nim", "sense"],
            &["in", "the", "nimber", "sense"],
            &["in", "nim", "arithmetic"],
            &["in", "nimber", "arithmetic"],
            &["in", "the", "nimbers"],
            &["as", "nimbers"],
            &["under", "nim-multiplication"],
            &["under", "nim-addition"],
            &["in", "the", "sense", "of", "nimbers"],
        ];
        if PHRASES.iter().any(|p| self.words(p).is_some()) {
            return true;
        }
        // Set off by commas: "The square of 4, in the nim sense, is 6".
        let save = (self.at, self.loose);
        if self.after_comma() {
            self.past_comma();
            if PHRASES.iter().any(|p| self.words(p).is_some()) && self.after_comma() {
                self.past_comma();
                return true;
            }
        }
        (self.at, self.loose) = save;
        false
    }

    /// Takes signs and numbers after a value, "+ 32768", "⊕ 1 ⊕ 2", as tokens: `+` is
    /// [`Tok::Plus`], `⊕` and `⊗` the nimber operations.
    fn symbol_tail(&mut self) -> Vec<Token> {
        let mut out = Vec::new();
        while let Some(next) = self.w.get(self.at).filter(|w| w.numeric) {
            let from = self.w[self.at - 1].span.end;
            let gap = &self.text[from..next.span.start];
            let op = match gap.trim() {
                "+" => Tok::Plus,
                "⊕" => Tok::NimSum,
                "⊗" => Tok::NimProd,
                _ => break,
            };
            let at = from + gap.find(|c: char| !c.is_whitespace()).unwrap_or(0);
            let save = (self.at, self.loose);
            self.loose = Some(self.at);
            match self.number() {
                Some(n) => out.extend([Token::new(op, at..at + gap.trim().len()), n]),
                None => {
                    (self.at, self.loose) = save;
                    break;
                }
            }
        }
        out
    }

    /// Moves past a remark in brackets after the word before the cursor, "(one end pin
    /// knocked down)", with no digit and on at most two lines, when only a comma or spaces
    /// follow it, so a list may go on; returns whether it moved.
    fn past_remark(&mut self) -> bool {
        self.remark_end()
            .map(|next| (self.at, self.loose) = (next, Some(next)))
            .is_some()
    }

    /// Returns the word after the remark [`Matcher::past_remark`] moves past.
    fn remark_end(&self) -> Option<usize> {
        let prev = self.w.get(self.at.checked_sub(1)?)?;
        let rest = &self.text[prev.span.end..];
        let open = prev.span.end + (rest.len() - rest.trim_start().len());
        if !self.text[open..].starts_with('(') {
            return None;
        }
        let close = open + self.text[open..].find(')')?;
        let inside = &self.text[open + 1..close];
        if close - open > 160
            || inside.contains('(')
            || inside.matches('\n').count() > 1
            || inside.bytes().any(|b| b.is_ascii_digit())
        {
            return None;
        }
        let next = self.w.partition_point(|w| w.span.start < close);
        let gap = self.text[close + 1..self.w.get(next)?.span.start].trim();
        (gap.is_empty() || gap == ",").then_some(next)
    }

    /// Allows the next word after a comma: "In the nimbers, 3 times 3 is 2".
    fn past_comma(&mut self) {
        if self.after_comma() {
            self.loose = Some(self.at);
        }
    }
}

/// "the subtraction game with moves of 1, 3 and 4": the last game declared, with the
/// claims that its values are those of the subtraction game with those moves (each the mex
/// of its options' values, up to a window its proved period reaches past).
fn described_game(m: &mut Matcher<'_>, from: usize) -> Option<(String, Range<usize>)> {
    let save = m.at;
    let lead = m
        .words(&["with", "moves", "of"])
        .or_else(|| m.words(&["with", "moves"]))
        .or_else(|| m.words(&["with", "subtraction", "set"]))
        .or_else(|| m.words(&["whose", "moves", "take"]))
        .or_else(|| m.words(&["whose", "moves", "remove"]))
        .or_else(|| m.words(&["in", "which", "a", "move", "takes"]))
        .or_else(|| m.words(&["in", "which", "a", "move", "removes"]))
        .or_else(|| m.words(&["where", "a", "move", "takes"]));
    let Some(lead) = lead else {
        m.at = save;
        return None;
    };
    if m.gap() == "{" {
        m.loose = Some(m.at);
    }
    let first = m.number()?;
    let listed = m.series(first);
    let name = m.lex.current_game()?.name.clone();
    let mut end = listed.last()?.span.end;
    // "with moves of 2 and 3 tokens": what the moves take.
    if let Some(unit) = m.word(&["tokens", "counters", "stones", "coins", "chips"]) {
        end = unit.end;
    }
    let span = from..end;
    let found = rule_claims(m, &name, &listed, span.clone(), lead.start..end)?;
    m.extra.extend(found);
    Some((name, span))
}

/// "The subtraction game with moves 1, 3 and 4 has the octal code 0.3033": the game of that
/// code follows the subtraction rule with those moves, whatever game the page declares.
fn subtraction_code(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["the", "a"])?;
    m.maybe(&["subtraction", "take-away"]);
    m.word(&["game"])?;
    let lead = m
        .words(&["with", "moves", "of"])
        .or_else(|| m.words(&["with", "moves"]))
        .or_else(|| m.words(&["with", "subtraction", "set"]))?;
    if m.gap() == "{" {
        m.loose = Some(m.at);
    }
    let first = m.number()?;
    let listed = m.series(first);
    m.maybe(&["tokens", "counters"]);
    if m.word(&["has"]).is_some() {
        m.maybe(&["the"]);
        m.maybe(&["octal"]);
        m.word(&["code"])?;
    } else {
        m.is()?;
        m.maybe(&["the"]);
        m.maybe(&["octal"]);
        m.maybe(&["game"]);
    }
    m.loose = Some(m.at);
    let (code, at) = coded(m)?;
    let span = m.w[start].span.start..at.end;
    let found = rule_claims(m, &code, &listed, span.clone(), lead.start..at.end)?;
    // The clause ends where the code ends.
    m.end_clause_at(span.end);
    Some(found)
}

/// "In the subtraction game a move takes one, three or four tokens from a single heap":
/// the game's values are those of the subtraction game with those moves.
fn move_rule(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["a", "each"]);
    m.word(&["move"])?;
    m.word(&["takes", "removes"])?;
    m.maybe(&["away"]);
    m.maybe(&["either", "exactly"]);
    let first = m.number()?;
    let listed = m.series(first);
    let end = listed.last()?.span.end;
    m.word(&[
        "tokens", "counters", "stones", "coins", "chips", "beans", "matches",
    ])?;
    let _ = m
        .words(&["from", "a", "single", "heap"])
        .or_else(|| m.words(&["from", "one", "heap"]))
        .or_else(|| m.words(&["from", "a", "heap"]))
        .or_else(|| m.words(&["from", "the", "heap"]));
    // Only a game named in the sentence: a caption's "the game in which a move takes …"
    // describes the game its directive defines, not the last one.
    let name = named_before(m, start)?;
    if name == NIM {
        return None;
    }
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let at = m.w[start].span.start..end;
    let found = rule_claims(m, &name, &listed, span.clone(), at)?;
    // The clause ends where the rule's words end.
    m.end_clause_at(span.end);
    Some(found)
}

/// The claims that game `name` is the subtraction game with the `listed` moves: each
/// value below the largest move is the mex of its options' values, and so is every value
/// up to a window its proved period reaches past.
fn rule_claims(
    m: &mut Matcher<'_>,
    name: &str,
    listed: &[Token],
    span: Range<usize>,
    at: Range<usize>,
) -> Option<Vec<Found>> {
    let mut moves: Vec<u128> = listed.iter().map(num_value).collect::<Option<_>>()?;
    moves.sort_unstable();
    moves.dedup();
    let max = *moves.last()?;
    if moves[0] == 0 || max > 64 {
        return None;
    }
    let options = |n: &str, small: Option<u128>| -> String {
        let each: Vec<String> = moves
            .iter()
            .filter(|&&k| small.is_none_or(|n| k <= n))
            .map(|k| match small {
                Some(n) => format!("{name}({})", n - k),
                None => format!("{name}({n} - {k})"),
            })
            .collect();
        format!("mex({{{}}})", each.join(", "))
    };
    let mut claims = Vec::new();
    for n in 0..max {
        claims.push(format!("{name}({n}) = {}", options("", Some(n))));
    }
    claims.push(format!(
        "forall {max} <= n < {}: {name}(n) = {}",
        max + RULE_WINDOW,
        options("n", None)
    ));
    let tokens_before = std::mem::take(&mut m.tokens);
    let mut found = Vec::new();
    for src in claims {
        found.push(claim_at_span(
            m,
            &src,
            span.clone(),
            at.clone(),
            Mode::Role,
        )?);
    }
    m.tokens = tokens_before;
    Some(found)
}

/// How far past its largest move a game named by its rule is compared with the rule; its
/// values past its computed table are read off its proved period.
const RULE_WINDOW: u128 = 1000;

/// "the powers of 8 are 8, 13, 14, 10 and 1": each value is the next power (both
/// "The powers of ω + 1 run through all 63 nonzero elements of the field with 64
/// elements": the element's order is the count, one less than the field's size.
fn powers_run_through(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "…: its powers run through all fifteen nonzero values", of the number before.
    let (a, a_span, ordinal) = if m.word(&["its"]).is_some() {
        let a = antecedent(m.text, m.w, start)?;
        m.word(&["powers", "nim-powers"])?;
        (a, m.w[start].span.clone(), false)
    } else {
        m.maybe(&["the"]);
        m.word(&["powers", "nim-powers"])?;
        m.word(&["of"])?;
        m.loose = Some(m.at);
        m.operand()?
    };
    m.word(&["run", "runs", "cycle", "cycles", "go", "pass"])?;
    m.word(&["through"])?;
    m.maybe(&["all", "every", "each"]);
    m.maybe(&["the"]);
    let n = m.number()?;
    // "… run through 85 different values before they return to 1": its order.
    let save = m.at;
    m.maybe(&["different", "distinct"]);
    if m.word(&["values", "elements", "nimbers", "powers"])
        .is_some()
        && m.word(&["before"]).is_some()
    {
        let _ = m
            .words(&["they", "return", "to"])
            .or_else(|| m.words(&["returning", "to"]))
            .or_else(|| m.words(&["they", "come", "back", "to"]))
            .or_else(|| m.words(&["coming", "back", "to"]))?;
        let one = m.number()?;
        if num_value(&one)? != 1 {
            return None;
        }
        let mode = if ordinal { Mode::Plain } else { Mode::Role };
        let span = m.w[start].span.start..one.span.end;
        let src = format!("ord({a}) = {}", num_text(&n)?);
        return one_claim(m, &src, span, n.span.clone(), mode);
    }
    m.at = save;
    m.word(&["nonzero", "non-zero"])?;
    m.word(&["elements", "nimbers", "values"])?;
    // "… all fifteen nonzero values": of the field its order fills.
    if m.word(&["of", "in"]).is_none() {
        let mode = if ordinal { Mode::Plain } else { Mode::Role };
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        let src = format!("ord({a}) = {}", num_text(&n)?);
        let count = num_value(&n)?;
        let field = format!("count{{k < 7 : 2 ** (2 ** k) = {count} + 1}} = 1");
        return Some(vec![
            claim_at_span(m, &src, span.clone(), n.span.clone(), mode)?,
            claim_at_span(m, &field, span, n.span.clone(), Mode::Plain)?,
        ]);
    }
    let save = m.at;
    let (size, field) = match m.field_size() {
        Some(f) => f,
        None => {
            // Any field of 2^k elements: "the field with 64 elements" is the one holding ω.
            m.at = save;
            m.maybe(&["the"]);
            let field = m.word(&["field"])?;
            m.word(&["with", "of"])?;
            let s = m.number()?;
            m.word(&["elements"])?;
            let size = num_value(&s).filter(|v| v.is_power_of_two() && *v > 1 && *v <= 1 << 16)?;
            (size, field.start..m.w[m.at - 1].span.end)
        }
    };
    let count = num_value(&n)?;
    let mode = if ordinal { Mode::Plain } else { Mode::Role };
    let span = m.w[start].span.start..field.end;
    Some(vec![
        claim_at_span(
            m,
            &format!("ord({a}) = {}", size - 1),
            span.clone(),
            a_span,
            mode,
        )?,
        claim_at_span(
            m,
            &format!("count{{0 < x < {size} : x < {size}}} = {count}"),
            span,
            n.span.clone(),
            Mode::Role,
        )?,
    ])
}

/// "The powers of 4 are 4, 6, 14, …", "its powers run 4, 6, … and back to 1", "the nine
/// nim-powers of ω are ω, ω², 2, …": the powers of an element from the first, listed (in
/// plain words both readings; "the nim-powers" only the nimber one).
fn powers_of(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let its = m.word(&["its"]).is_some();
    if !its {
        m.maybe(&["the"]);
        m.maybe(&["successive", "first"]);
    }
    // "the nine powers of ω": as many as its order; "the first five powers" are read
    // elsewhere, wherever the reading starts.
    let save = m.at;
    let count = m.number().filter(|_| {
        m.w.get(m.at)
            .is_some_and(|w| w.text == "powers" || w.text == "nim-powers" || w.text == "nim")
    });
    let after_first = save
        .checked_sub(1)
        .is_some_and(|p| ["first", "successive"].contains(&m.w[p].text.as_ref()));
    if count.is_some() && after_first {
        return None;
    }
    if count.is_none() {
        m.at = save;
    }
    let nim = if m.word(&["nim-powers"]).is_some() || m.words(&["nim", "powers"]).is_some() {
        true
    } else {
        m.word(&["powers"])?;
        false
    };
    let (base, ordinal) = if its {
        let arg = antecedent(m.text, m.w, start)?;
        let ordinal = arg.contains(['ω', 'α']);
        (arg, ordinal)
    } else {
        m.word(&["of"])?;
        let (base, _, ordinal) = m.operand()?;
        (base, ordinal)
    };
    m.word(&["are", "run", "go", "begin", "start"])?;
    if ordinal {
        return ordinal_powers(m, start, &base, count);
    }
    let first = m.number()?;
    let values = m.series(first);
    if values.len() < 2 {
        return None;
    }
    let end = values.last()?.span.end;
    // "…, 1, and then they repeat", "…, and so on until they return to 1": the list ends
    // there, and the powers return to 1, the power 0.
    let save = m.at;
    m.past_comma();
    let mut back = None;
    if m.words(&["and", "then", "they", "repeat"]).is_none()
        && m.words(&["and", "then", "repeat"]).is_none()
    {
        let more = m.words(&["and", "so", "on"]).is_some();
        m.past_comma();
        let returns = m
            .words(&["until", "they", "return", "to"])
            .or_else(|| m.words(&["until", "they", "come", "back", "to"]))
            .or_else(|| m.words(&["before", "returning", "to"]))
            .or_else(|| m.words(&["back", "to"]))
            .or_else(|| m.words(&["and", "back", "to"]));
        match returns {
            // The power 0, 1 in both readings.
            Some(_) => back = Some(m.number()?),
            None if more => {}
            None => m.at = save,
        }
    }
    let b = base;
    let mode = if nim { Mode::Role } else { Mode::Plain };
    let span = m.w[start].span.start..end;
    // "The powers of 4 go 1, 4, 6, …": a list that opens with 1 and then the base starts
    // at the power 0.
    let from_zero = num_value(&values[0]) == Some(1)
        && values.get(1).and_then(num_value) == number_of(&b)
        && number_of(&b) != Some(1);
    let first_power = usize::from(!from_zero);
    let mut out = claims_per_value(m, span.clone(), &values, mode, |k, v| {
        format!("{b}^{} = {v}", k + first_power)
    })?;
    if let Some(one) = back {
        // The powers of a nonzero element cycle back to its power 0.
        let src = format!("{b}^0 = {}", num_text(&one)?);
        let whole = m.w[start].span.start..one.span.end;
        out.push(claim_at_span(m, &src, whole, one.span.clone(), mode)?);
    }
    if let Some(n) = count {
        let src = format!("ord({b}) = {}", num_text(&n)?);
        out.push(claim_at_span(m, &src, span, n.span.clone(), Mode::Role)?);
    }
    Some(out)
}

/// The powers of an ordinal listed from the first, "ω, ω², 2, …, 1", each its nim-power;
/// `count`, "the nine powers of ω", is its order.
fn ordinal_powers(
    m: &mut Matcher<'_>,
    start: usize,
    base: &str,
    count: Option<Token>,
) -> Option<Vec<Found>> {
    m.loose = Some(m.at);
    let values = m.operand_series()?;
    if values.len() < 2 {
        return None;
    }
    let span = m.w[start].span.start..values.last()?.1.end;
    let mut out = Vec::new();
    for (k, (v, at)) in values.iter().enumerate() {
        let power = nim_power_term(base, u32::try_from(k + 1).ok()?, true)?;
        let src = format!("{power} = {v}");
        out.push(claim_at_span(
            m,
            &src,
            span.clone(),
            at.clone(),
            Mode::Plain,
        )?);
    }
    if let Some(n) = count {
        let src = format!("ord({base}) = {}", num_text(&n)?);
        out.push(claim_at_span(m, &src, span, n.span.clone(), Mode::Plain)?);
    }
    Some(out)
}

/// "She multiplies 3 by 9 and gets 7", "we nim-add 5 to 3 and obtain 6": an operation
/// someone carries out, and its result (both readings of the plain words).
fn operates_and_gets(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // Who does it is no word of the grammar's gate: the verb is.
    let doer = m
        .w
        .get(m.at)
        .is_some_and(|w| ["she", "he", "they", "we", "i", "you", "one"].contains(&w.text.as_ref()));
    if doer {
        m.at += 1;
    }
    let verb = m.word(&[
        "multiplies",
        "multiply",
        "multiplied",
        "nim-multiplies",
        "nim-multiply",
        "nim-multiplied",
        "adds",
        "add",
        "added",
        "nim-adds",
        "nim-add",
        "nim-added",
    ])?;
    // "Multiply 3 by 9 and get 7" opens the sentence; a verb after other words needs its
    // doer.
    if !doer && !starts_sentence(m.text, m.w, start) {
        return None;
    }
    let verb = text_of(m, &verb);
    let a = m.number()?;
    let multiply = verb.contains("multipl");
    m.word(if multiply { &["by"] } else { &["to", "and"] })?;
    let b = m.number()?;
    m.past_comma();
    m.word(&["and"])?;
    m.maybe(&["then", "so"]);
    let gets = m
        .word(&[
            "gets", "get", "got", "obtains", "obtain", "obtained", "finds", "find", "found",
        ])
        .or_else(|| m.words(&["arrives", "at"]))
        .or_else(|| m.words(&["arrive", "at"]))?;
    let c = m.number()?;
    let nim = verb.starts_with("nim-");
    let op = operation_sign(!multiply, nim);
    let src = format!(
        "{} {op} {} = {}",
        num_text(&a)?,
        num_text(&b)?,
        num_text(&c)?
    );
    let span = m.w[start].span.start..c.span.end;
    let mode = if nim { Mode::Role } else { Mode::Plain };
    one_claim(m, &src, span, gets.start..c.span.end, mode)
}

/// Words that pick out one of several things named in turn: "the second", "the next".
const PLACE_WORDS: [&str; 8] = [
    "first", "second", "third", "fourth", "fifth", "next", "last", "other",
];

/// "The second is 0.35, which has period 6 from heap size 1": a game named by its code, and
/// a fact of it in a relative clause.
fn code_which(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    m.word(&["the"])?;
    m.word(&PLACE_WORDS)?;
    m.maybe(&["one", "game", "example"]);
    m.word(&["is"])?;
    m.maybe(&["the"]);
    m.maybe(&["octal"]);
    m.maybe(&["game"]);
    m.loose = Some(m.at);
    let (game, _) = coded(m)?;
    if !m.after_comma() {
        return None;
    }
    m.past_comma();
    m.word(&["which", "whose"])?;
    let from = m.at;
    m.maybe(&["has", "is"]);
    game_fact(m, from, &game)
}

/// "The second, α₅, is also 4", "the next one, ω^ω, has degree 20 and order 75": a term
/// named in commas after "the first", "the second", …, and its value or properties.
fn apposed_value(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["the"])?;
    m.word(&PLACE_WORDS)?;
    m.maybe(&["one", "value", "element", "ordinal", "nimber", "generator"]);
    if !m.after_comma() {
        return None;
    }
    m.past_comma();
    m.loose = Some(m.at);
    let (a, a_span, _) = m.operand()?;
    if !m.after_comma() {
        return None;
    }
    m.past_comma();
    // "The next generator, ω^ω, has degree 20 and order 75".
    if m.word(&["has"]).is_some() {
        let mut claims = Vec::new();
        loop {
            m.maybe(&["a", "an", "the"]);
            let name = function_word(m)?;
            m.loose = Some(m.at);
            let (b, _, _) = m.operand()?;
            claims.push(format!("{name}({a}) = {b}"));
            if m.word(&["and"]).is_none() {
                break;
            }
        }
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        return claims
            .iter()
            .map(|src| claim_at_span(m, src, span.clone(), span.clone(), Mode::Plain))
            .collect();
    }
    let cmp = m.comparison()?;
    m.maybe(&["also", "again", "too"]);
    m.loose = Some(m.at);
    let (b, b_span, _) = m.operand()?;
    let src = format!("{a} {} {b}", cmp_text(&cmp)?);
    let span = m.w[start].span.start..b_span.end;
    one_claim(m, &src, span, a_span.start..b_span.end, Mode::Plain)
}

/// "She correctly gives 65536 ⊗ 65536 as 65536 + 32768", "the table gives 7 ⊗ 7 as 10":
/// an expression in symbols and the value it is given.
fn gives_as(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let verb = m.word(&[
        "gives",
        "give",
        "gave",
        "computes",
        "computed",
        "evaluates",
        "evaluated",
        "finds",
        "found",
        "obtains",
    ])?;
    let (a, a_span) = plain_symbols(m)?;
    if !a.contains(['⊕', '⊗']) {
        return None;
    }
    m.word(&["as"])?;
    m.loose = Some(m.at);
    let (b, b_span) = plain_symbols(m)?;
    let src = format!("{a} = {b}");
    let span = m.w[start].span.start..b_span.end;
    one_claim(
        m,
        &src,
        span,
        a_span.start.min(verb.start)..b_span.end,
        Mode::Plain,
    )
}

/// Takes an expression in symbols at the cursor, "65536 ⊗ 65536" or "2^32 + 2^31", to be
/// read in plain mode (unlike [`symbols`]): digits, operators, powers and brackets, ending
/// at a word's end; returns it and its span.
fn plain_symbols(m: &mut Matcher<'_>) -> Option<(String, Range<usize>)> {
    let word = m.w.get(m.at)?;
    let rest = &m.text[word.span.start..];
    let len: usize = rest
        .chars()
        .take_while(|&c| c.is_ascii_digit() || " ⊕⊗+×·^()ω⁰¹²³⁴⁵⁶⁷⁸⁹".contains(c))
        .map(char::len_utf8)
        .sum();
    let term = rest[..len].trim_end_matches(|c: char| c == ' ' || "⊕⊗+×·^(".contains(c));
    if term.is_empty() || term.matches('(').count() != term.matches(')').count() {
        return None;
    }
    let end = word.span.start + term.len();
    let next = m.w.partition_point(|x| x.span.start < end);
    let word_end = word.span.start + term.trim_end_matches(')').len();
    if next == m.at || m.w[next - 1].span.end != word_end {
        return None;
    }
    stmt::lexer::lex(term, Mode::Plain).ok()?;
    m.at = next;
    if term.ends_with(')') {
        m.loose = Some(next);
    }
    Some((term.to_string(), word.span.start..end))
}

/// Returns the sign of an addition or a multiplication, the nimber one (`⊕`, `⊗`) or the
/// plain one (`+`, `×`), which plain mode reads both ways.
fn operation_sign(adding: bool, nim: bool) -> &'static str {
    match (adding, nim) {
        (true, true) => "⊕",
        (true, false) => "+",
        (false, true) => "⊗",
        (false, false) => "×",
    }
}

/// "Thus 3 ⊕ 5 = 6, and adding 5 again gives 3": the operation applied once more to the
/// result the clause before states.
fn again(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let op = if m.word(&["adding", "nim-adding"]).is_some() {
        "⊕"
    } else {
        m.word(&["multiplying", "nim-multiplying"])?;
        m.word(&["by"])?;
        "⊗"
    };
    let a = m.number()?;
    m.word(&["again"])?;
    let cmp = m.comparison()?;
    let b = m.number()?;
    // The result before: "= 6" ending the clause, joined to this one by a comma or "and".
    let before = m.text[..m.w[start].span.start].trim_end();
    let before = before.strip_suffix("and").unwrap_or(before).trim_end();
    let before = before.strip_suffix(',').unwrap_or(before).trim_end();
    let before = before.strip_suffix('$').unwrap_or(before).trim_end();
    let digits = before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (head, prev) = before.split_at(before.len() - digits);
    if prev.is_empty() || !head.trim_end().ends_with('=') {
        return None;
    }
    let src = format!(
        "{prev} {op} {} {} {}",
        num_text(&a)?,
        cmp_text(&cmp)?,
        num_text(&b)?
    );
    let span = m.w[start].span.start..b.span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "The nim-powers of 8 first return to 1 after five steps", "raising 8 to successive
/// nim-powers, one first returns to 1 after five steps": the order of 8.
fn returns_to_one(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let base = if m.word(&["raising"]).is_some() {
        let a = m.number()?;
        m.word(&["to"])?;
        m.maybe(&["successive", "its"]);
        m.word(&["nim-powers", "powers"])
            .or_else(|| m.words(&["nim", "powers"]))?;
        m.nim_context();
        if !m.after_comma() {
            return None;
        }
        m.past_comma();
        m.word(&["one", "you", "we", "it"])?;
        a
    } else {
        // "Starting from 8, the powers …": the base in a lead.
        let lead = m.words(&["starting", "from"]).map(|_| m.number());
        if lead.is_some() {
            m.past_comma();
        }
        m.maybe(&["the"]);
        m.maybe(&["successive"]);
        m.word(&["nim-powers", "powers"])
            .or_else(|| m.words(&["nim", "powers"]))?;
        match lead {
            Some(base) => base?,
            None => {
                m.word(&["of"])?;
                m.number()?
            }
        }
    };
    // "first" may go unsaid: "the powers of ω come back to 1 after nine steps".
    m.maybe(&["first"]);
    let verb = m.word(&["return", "returns", "get", "gets", "come", "comes"])?;
    m.maybe(&["back"]);
    m.word(&["to"])?;
    let one = m.number()?;
    if num_value(&one)? != 1 {
        return None;
    }
    m.word(&["after", "at"])?;
    // "at the sixth step", "at step 6", "after six steps".
    let n = if m.word(&["step", "power"]).is_some() {
        num_text(&m.number()?)?
    } else {
        m.maybe(&["the"]);
        match m.ordinal_word() {
            Some(k) => {
                m.word(&["step", "power", "multiplication"])?;
                k.to_string()
            }
            None => {
                let n = m.number()?;
                m.maybe(&["steps", "powers", "multiplications"]);
                num_text(&n)?
            }
        }
    };
    let src = format!("ord({}) = {n}", num_text(&base)?);
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let at = verb.start..span.end;
    one_claim(m, &src, span, at, Mode::Role)
}

/// "4 is a primitive element of the field below 16", "2 is not a generator of the
/// multiplicative group of the field of 16 elements": its order is one less than the
/// field's size, and it lies in the field.
fn primitive(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "In the field below 256, 4 is not primitive".
    let lead = if m.word(&["in"]).is_some() {
        let (size, _) = m.field_size()?;
        m.after_comma().then_some(())?;
        m.past_comma();
        Some(size)
    } else {
        None
    };
    let a = m.number()?;
    num_value(&a)?;
    // "2 generates (does not generate) the multiplicative group of …".
    let generates = m.word(&["generates"]).is_some();
    let not = if generates {
        false
    } else if m.words(&["does", "not", "generate"]).is_some() {
        true
    } else {
        m.is()?;
        let not = m.word(&["not"]).is_some();
        m.maybe(&["a", "the"]);
        if m.word(&["primitive"]).is_some() {
            m.maybe(&["element", "root", "nimber"]);
        } else {
            m.word(&["generator"])?;
        }
        // "8 is not primitive": in the smallest field that holds it, where the text before
        // names no field.
        if m.word(&["of", "in", "for"]).is_none() {
            let field_named = m.w[..start].iter().any(|w| {
                ["field", "fields", "subfield", "gf"].contains(&w.text.as_ref())
                    || w.text.starts_with('𝔽')
            });
            if field_named && lead.is_none() {
                return None;
            }
            let v = num_value(&a)?;
            let least = (0..6).map(|k| 1u128 << (1u32 << k)).find(|&s| s > v);
            let span = m.w[start].span.start..m.w[m.at - 1].span.end;
            return primitive_claims(m, &a, not, lead.or(least)?, span);
        }
        not
    };
    let _ = m.words(&["the", "multiplicative", "group", "of"]);
    let (size, field) = m.field_size()?;
    let span = m.w[start].span.start..field.end;
    primitive_claims(m, &a, not, size, span)
}

/// The claims that `a` is (or, with `not`, is not) primitive in the field of `size`.
fn primitive_claims(
    m: &mut Matcher<'_>,
    a: &Token,
    not: bool,
    size: u128,
    span: Range<usize>,
) -> Option<Vec<Found>> {
    let a = num_text(a)?;
    let cmp = if not { "!=" } else { "=" };
    let order = format!("ord({a}) {cmp} {}", size - 1);
    let mut out = vec![claim_at_span(
        m,
        &order,
        span.clone(),
        span.clone(),
        Mode::Role,
    )?];
    if !not {
        let inside = format!("{a} < {size}");
        out.push(claim_at_span(
            m,
            &inside,
            span.clone(),
            span.clone(),
            Mode::Role,
        )?);
    }
    Some(out)
}

/// Takes the name of a map in words: squaring, cubing, inversion, the Frobenius map;
/// returns the claim's left side with `{}` for the argument, and its mode.
fn map_name(m: &mut Matcher<'_>) -> Option<(String, Mode)> {
    let (lhs, mode) = map_word(m)?;
    Some((lhs.to_string(), mode))
}

/// Takes a map by a fixed element in words: "multiplying by 2", "nim-multiplying by 2",
/// "multiplication by 3", "adding 5", "nim-adding 5"; the ordinary words have both
/// readings of plain math.
fn map_by(m: &mut Matcher<'_>) -> Option<(String, Mode)> {
    let save = m.at;
    let nim = m.word(&["nim-multiplying", "nim-adding"]);
    let w = match &nim {
        Some(r) => text_of(m, r),
        None => m
            .word(&["multiplying", "multiplication", "adding"])
            .map(|r| text_of(m, &r))?,
    };
    let adding = w.ends_with("adding");
    if !adding {
        m.word(&["by"])?;
    }
    let Some(k) = m.number().and_then(|k| num_text(&k)) else {
        m.at = save;
        return None;
    };
    let nim = nim.is_some() || m.nim_context();
    let op = operation_sign(adding, nim);
    let mode = if nim { Mode::Role } else { Mode::Plain };
    Some((format!("{{}} {op} {k}"), mode))
}

/// Takes the name of a map in words, with `{}` for its argument.
fn map_word(m: &mut Matcher<'_>) -> Option<(&'static str, Mode)> {
    m.maybe(&["the"]);
    if m.word(&["squaring"]).is_some() || m.words(&["the", "squaring", "map"]).is_some() {
        m.maybe(&["map"]);
        return Some(("{}^2", Mode::Plain));
    }
    if m.word(&["nim-squaring", "frobenius"]).is_some() {
        m.maybe(&["map"]);
        return Some(("{}^2", Mode::Role));
    }
    if m.word(&["cubing"]).is_some() {
        m.maybe(&["map"]);
        return Some(("{}^3", Mode::Plain));
    }
    if m.word(&["inversion", "inverting", "nim-inverting"])
        .is_some()
        || m.words(&["taking", "inverses"]).is_some()
        || m.words(&["inverse", "map"]).is_some()
    {
        m.maybe(&["map"]);
        return Some(("inv({})", Mode::Role));
    }
    None
}

/// "Dividing by 3 is the same as multiplying by 2", "dividing by 13 means multiplying by
/// 14": the second is the inverse of the first, as no whole number is in ordinary
/// arithmetic.
fn divide_as_multiply(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["so", "thus", "hence"]);
    m.word(&["dividing", "nim-dividing"])?;
    m.word(&["by"])?;
    let a = m.number()?;
    let verb = m
        .words(&["is", "the", "same", "as"])
        .or_else(|| m.words(&["amounts", "to"]))
        .or_else(|| m.word(&["means"]))?;
    let not = m.word(&["not"]).is_some();
    m.word(&["multiplying", "nim-multiplying"])?;
    m.word(&["by"])?;
    let b = m.number()?;
    let cmp = if not { "≠" } else { "=" };
    let src = format!("inv({}) {cmp} {}", num_text(&a)?, num_text(&b)?);
    let span = m.w[start].span.start..b.span.end;
    one_claim(m, &src, span, verb.start..b.span.end, Mode::Role)
}

/// "Squaring sends 4 ↦ 6, 5 ↦ 7 and 6 ↦ 5", "inversion maps 8 to 10": each pair is a
/// claim of the map.
fn maps(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Under squaring, 4 ↦ 6 and 5 ↦ 7": the map first, then the pairs.
    let under = m.word(&["under"]).is_some();
    let (lhs, mode) = map_name(m).or_else(|| map_by(m))?;
    // "Squaring below 16 drawn as arrows: 4 goes to 6, …": the pairs after a colon.
    let mut colon = false;
    // "squaring below 16, under which 5 is sent to 6".
    let save = (m.at, m.loose);
    if !under && m.word(&["below"]).is_some() {
        let _ = m.number();
    }
    let which = m.after_comma() && {
        m.past_comma();
        m.words(&["under", "which"]).is_some()
    };
    if !which {
        (m.at, m.loose) = save;
    }
    if under || which {
        m.past_comma();
        colon = true;
    } else if m
        .word(&["sends", "maps", "takes", "carries", "moves"])
        .is_none()
    {
        let k = (m.at..m.w.len())
            .take(8)
            .find(|&k| k > 0 && m.text[m.w[k - 1].span.end..m.w[k].span.start].trim() == ":")?;
        // Only a bound ("below 16") may be said before the colon.
        let numbers = (m.at..k).filter(|&j| holds_number(&m.w[j]));
        let bounds = numbers
            .clone()
            .all(|j| j > 0 && ["below", "under"].contains(&m.w[j - 1].text.as_ref()));
        if !bounds || m.text[m.w[m.at].span.start..m.w[k].span.start].contains(['.', ';']) {
            return None;
        }
        m.at = k;
        m.loose = Some(k);
        colon = true;
    }
    let mut out = Vec::new();
    let mut last_end = 0;
    // Where the list stood before its last separator: ", and the inverses of …" ends it.
    let mut before_sep = None;
    loop {
        let a = if out.is_empty() {
            m.number()?
        } else {
            match m.loose_number() {
                Some(a) => a,
                None => {
                    (m.at, m.loose) = before_sep?;
                    break;
                }
            }
        };
        // "4 ↦ 6", "4 → 6", "4 to 6".
        let arrow = ["↦", "→", "->", "⟼", "⟶", "|->"].contains(&m.gap());
        let b = if arrow {
            m.loose_number()?
        } else {
            // "4 goes to 6", "8 becomes 13", after a colon or "under".
            let said = colon
                && (m.words(&["goes", "to"]).is_some()
                    || m.words(&["is", "sent", "to"]).is_some()
                    || m.word(&["becomes"]).is_some());
            if !said {
                m.word(&["to", "onto"])?;
            }
            m.number()?
        };
        last_end = b.span.end;
        let src = format!("{} = {}", lhs.replace("{}", &num_text(&a)?), num_text(&b)?);
        let at = a.span.start..b.span.end;
        let span = m.w[start].span.start..b.span.end;
        out.push(claim_at_span(m, &src, span, at, mode)?);
        let save = m.at;
        before_sep = Some((m.at, m.loose));
        let comma = m.after_comma();
        if m.word(&["and"]).is_some() || (comma && m.gap() == "," && m.w[m.at].text == "and") {
            if comma {
                m.at += 1;
            }
            continue;
        }
        if comma {
            continue;
        }
        m.at = save;
        break;
    }
    // Every claim covers the whole clause.
    let whole = m.w[start].span.start..last_end;
    for f in &mut out {
        f.span = whole.clone();
    }
    Some(out)
}

/// "Inversion swaps 11 and 7", "squaring exchanges 2 with 3": the map sends each of the
/// two to the other.
fn swaps(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (lhs, mode) = map_name(m).or_else(|| map_by(m))?;
    m.word(&["swaps", "exchanges", "interchanges"])?;
    let a = m.number()?;
    m.word(&["and", "with"])?;
    let b = m.number()?;
    let (x, y) = (num_text(&a)?, num_text(&b)?);
    let span = m.w[start].span.start..b.span.end;
    let at = a.span.start..b.span.end;
    let there = format!("{} = {y}", lhs.replace("{}", &x));
    let back = format!("{} = {x}", lhs.replace("{}", &y));
    Some(vec![
        claim_at_span(m, &there, span.clone(), at.clone(), mode)?,
        claim_at_span(m, &back, span, at, mode)?,
    ])
}

/// "Squaring permutes them as (2 3)", "inversion acts as (2 3)(4 15 …)": cycle notation,
/// each element sent to the next in its cycle and the last to the first.
fn permutes(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (lhs, mode) = map_name(m)?;
    m.word(&["permutes", "acts", "is", "gives"])?;
    // The cycles stand within a few words, after "as" or a colon.
    let mut open = None;
    for k in m.at..(m.at + 10).min(m.w.len()) {
        let before = &m.text[m.w[k - 1].span.end..m.w[k].span.start];
        if before.contains(['.', ';']) {
            return None;
        }
        if before.trim_end().ends_with('(') {
            open = Some(k);
            break;
        }
    }
    let mut k = open?;
    let mut claims = Vec::new();
    let mut end;
    loop {
        let mut cycle = Vec::new();
        loop {
            let n = number(m.w, k)?;
            if n.len != 1 {
                return None;
            }
            cycle.push((n.text, m.w[k].span.clone()));
            k += 1;
            let gap = m.w.get(k).map_or(&m.text[m.w[k - 1].span.end..], |w| {
                &m.text[m.w[k - 1].span.end..w.span.start]
            });
            let g = gap.trim();
            if g.is_empty() || g == "," {
                continue;
            }
            if g.starts_with(')') {
                end = m.w[k - 1].span.end + gap.find(')').unwrap_or(0) + 1;
                break;
            }
            return None;
        }
        for (i, (a, at)) in cycle.iter().enumerate() {
            let b = &cycle[(i + 1) % cycle.len()].0;
            claims.push((format!("{} = {b}", lhs.replace("{}", a)), at.clone()));
        }
        // Another cycle right after: ")(".
        let next = m.w.get(k).map(|w| &m.text[end..w.span.start]);
        if next.is_some_and(|g| g.trim() == "(") {
            continue;
        }
        break;
    }
    m.at = k;
    let span = m.w[start].span.start..end;
    let mut out = Vec::new();
    for (src, at) in claims {
        out.push(claim_at_span(m, &src, span.clone(), at, mode)?);
    }
    Some(out)
}

/// Returns whether `text` is an expression in symbols with a nimber operation.
fn nimber_expression(text: &str) -> bool {
    has_nimber_operation(text)
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace() || "⊗⊕⨂⨁()*∗ω⁻¹²³⁴⁵⁶⁷⁸⁹√".contains(c))
}

/// "Both 5 ⊗ 12 and 7 ⊗ 11 equal 1", "5 ⊗ 12 and 7 ⊗ 11 are both 1": each expression is
/// a claim with the value.
fn both(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let lead = m.word(&["both"]).is_some();
    let first_from = if lead {
        m.w[start].span.end
    } else {
        // Without "both" first, the first expression starts a clause.
        let at = m.w.get(start)?.span.start;
        let at = m.text[..at].trim_end_matches([' ', '(']).len().min(at);
        if !clause_start(m.text, at) || !m.w[start].numeric {
            return None;
        }
        at
    };
    // The first expression runs to "and", the second to the verb.
    let and = (m.at..(m.at + 24).min(m.w.len())).find(|&k| m.w[k].text == "and")?;
    let verbs = [
        "equal", "are", "give", "make", "is", "equals", "both", "come", "work",
    ];
    let verb =
        (and + 1..(and + 24).min(m.w.len())).find(|&k| verbs.contains(&m.w[k].text.as_ref()))?;
    let one = first_from..m.w[and].span.start;
    let two = m.w[and].span.end..m.w[verb].span.start;
    if !nimber_expression(&m.text[one.clone()]) || !nimber_expression(&m.text[two.clone()]) {
        return None;
    }
    m.at = verb;
    m.loose = Some(verb);
    // "… both equal 1", "… are both 1".
    if !lead
        && m.word(&["both"]).is_none()
        && let Some(r) = m.words(&["are", "both"])
    {
        let v = m.number()?;
        return both_claims(m, start, one, two, Token::new(Tok::Cmp(Cmp::Eq), r), v);
    }
    let cmp = m.plural_comparison()?;
    let v = m.number()?;
    both_claims(m, start, one, two, cmp, v)
}

/// The claims of [`both`]: each expression compared with the value.
fn both_claims(
    m: &mut Matcher<'_>,
    start: usize,
    one: Range<usize>,
    two: Range<usize>,
    cmp: Token,
    v: Token,
) -> Option<Vec<Found>> {
    let span = m.w[start].span.start.min(one.start)..v.span.end;
    let mut out = Vec::new();
    for part in [one, two] {
        let tokens = stmt::lexer::lex(&m.text[part.clone()], Mode::Plain).ok()?;
        m.tokens = tokens
            .into_iter()
            .map(|t| Token::new(t.tok, part.start + t.span.start..part.start + t.span.end))
            .collect();
        m.tokens.extend([cmp.clone(), v.clone()]);
        out.push(finish(m, span.clone(), Mode::Plain));
    }
    Some(out)
}

/// "Multiplied in the nim sense, 7 and 7 give 5", "In nimber arithmetic, 3 times 3 is 2":
/// an operation in words under a phrase that makes it the nimber one.
fn nim_sense(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let op = if let Some(p) = m.word(&["multiplied", "added", "nim-multiplied", "nim-added"]) {
        let word = text_of(m, &p);
        let context = m.nim_context();
        if !(context || word.starts_with("nim-")) {
            return None;
        }
        m.maybe(&["together"]);
        m.past_comma();
        let a = m.number()?;
        m.word(&["and"])?;
        let b = m.number()?;
        let cmp = m.plural_comparison()?;
        let c = m.number()?;
        let op = if word.contains("multipl") { "*" } else { "+" };
        Some((a, op, b, cmp, c))
    } else {
        let lead = m.nim_context();
        m.past_comma();
        let a = m.number()?;
        let op = if m.word(&["times"]).is_some() || m.words(&["multiplied", "by"]).is_some() {
            "*"
        } else if m.words(&["divided", "by"]).is_some() {
            "/"
        } else {
            m.word(&["plus"])
                .or_else(|| m.words(&["added", "to"]))
                .map(|_| "+")?
        };
        let b = m.number()?;
        // "Three times seven, in nim-multiplication, is twelve": the sense as an aside.
        if !lead {
            if !m.after_comma() {
                return None;
            }
            m.past_comma();
            if !m.nim_context() || !m.after_comma() {
                return None;
            }
            m.past_comma();
        }
        let cmp = m.comparison()?;
        let c = m.number()?;
        Some((a, op, b, cmp, c))
    };
    let (a, op, b, cmp, c) = op?;
    let src = format!(
        "{} {op} {} {} {}",
        num_text(&a)?,
        num_text(&b)?,
        cmp_text(&cmp)?,
        num_text(&c)?
    );
    let span = m.w[start].span.start..c.span.end;
    let at = a.span.start..c.span.end;
    one_claim(m, &src, span, at, Mode::Role)
}

/// "Two times two is three", "seven times seven, finally, is five again", "six plus three
/// is five": a product or sum in words that names no sense, read as plain math reads
/// `7 × 7 = 5`, holding when its nimber or its ordinary reading does.
fn operation_unsensed(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if !may_be_subject(m, start) {
        return None;
    }
    let a = m.number()?;
    // "172 is 128 plus 32 plus 8 plus 4": the result first.
    let save = m.at;
    if let Some(cmp) = m.comparison() {
        let b = m.number()?;
        let terms = operation_chain(m, b)?;
        let src = format!("{} {} {terms}", num_text(&a)?, cmp_text(&cmp)?);
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        return one_claim(m, &src, span.clone(), span, Mode::Plain);
    }
    m.at = save;
    let terms = operation_chain(m, a.clone())?;
    // "…, finally, is five", "…, as before, is five": a short aside between commas.
    if m.after_comma() {
        m.past_comma();
        let aside = m.at;
        while m.at < aside + 4
            && m.w.get(m.at).is_some_and(|w| !w.numeric)
            && (m.at == aside || !m.after_comma())
        {
            m.at += 1;
        }
        if m.at == aside || !m.after_comma() {
            return None;
        }
        m.past_comma();
    }
    let cmp = m.comparison()?;
    let c = m.number()?;
    m.maybe(&["again", "too"]);
    let src = format!("{terms} {} {}", cmp_text(&cmp)?, num_text(&c)?);
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let at = a.span.start..c.span.end;
    one_claim(m, &src, span, at, Mode::Plain)
}

/// Takes one or more operations in words after `first`, all of one kind: "times 7", "plus
/// 32 plus 8 plus 4", "multiplied by 3"; returns them in symbols, `128 + 32 + 8 + 4`.
fn operation_chain(m: &mut Matcher<'_>, first: Token) -> Option<String> {
    let mut out = num_text(&first)?.to_string();
    let mut kind = None;
    loop {
        let save = m.at;
        let op = if m.word(&["times"]).is_some() || m.words(&["multiplied", "by"]).is_some() {
            "×"
        } else if m.word(&["plus"]).is_some() {
            "+"
        } else {
            break;
        };
        if kind.is_some_and(|k| k != op) {
            m.at = save;
            break;
        }
        kind = Some(op);
        let n = m.number()?;
        out = format!("{out} {op} {}", num_text(&n)?);
    }
    kind.map(|_| out)
}

/// Takes a count of heap sizes: "exactly two", "three", "no", "none".
fn how_many(m: &mut Matcher<'_>) -> Option<Token> {
    m.maybe(&["exactly", "just", "only", "precisely"]);
    match m.word(&["no", "none"]) {
        Some(r) => Some(Token::new(Tok::Num("0".into()), r)),
        None => m.number(),
    }
}

/// "dawson(n) is zero for exactly two n below 10": a count over heap sizes.
fn game_count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let g = m.w.get(m.at)?;
    let game = m
        .lex
        .games()
        .iter()
        .find(|x| x.name == g.text)?
        .name
        .clone();
    let var = m.w.get(m.at + 1)?;
    let open = &m.text[g.span.end..var.span.start];
    let single = var.text.len() == 1 && var.text.bytes().all(|b| b.is_ascii_lowercase());
    if open != "(" || !single || !m.text[var.span.end..].starts_with(')') {
        return None;
    }
    let v = var.text.clone();
    m.at += 2;
    m.loose = Some(m.at);
    let cmp = m.comparison()?;
    let value = m.number()?;
    m.word(&["for"])?;
    let k = how_many(m)?;
    let _ = m
        .words(&["values", "of"])
        .or_else(|| m.words(&["heap", "sizes"]))
        .or_else(|| m.words(&["sizes"]));
    m.word(&[v.as_ref()])?;
    m.word(&["below", "under"])
        .or_else(|| m.words(&["less", "than"]))?;
    let n = m.number()?;
    let span = m.w[start].span.start..n.span.end;
    let cmp = cmp_text(&cmp)?;
    count_claim(m, (&game, &v), &n, cmp, &value, &k, span)
}

/// "Kayles has exactly 14 rows below 100 with value 0", "Dawson's Kayles has three
/// P-positions below 16": a count over heap sizes below a bound, the game first.
fn game_has_count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Below 100 Grundy's game has 11 P-positions": the bound first.
    let lead = lead_bound(m)?;
    let (game, _) = game_ref(m)?;
    m.word(&["has"])?;
    // "exactly one row": "one" is a count here, not a pronoun.
    let k = how_many(m).or_else(|| {
        let one = m.word(&["one"])?;
        Some(Token::new(Tok::Num("1".into()), one))
    })?;
    let zero = if m.word(&["p-positions", "p-position"]).is_some() {
        Some("=")
    } else if m.word(&["n-positions", "n-position"]).is_some() {
        Some("!=")
    } else {
        let units = [
            "heaps",
            "rows",
            "positions",
            "sizes",
            "heap",
            "row",
            "position",
            "size",
        ];
        if m.words(&["heap", "sizes"]).is_none() && m.words(&["heap", "size"]).is_none() {
            m.word(&units)?;
        }
        None
    };
    let n = match lead {
        Some(n) => n,
        None => {
            m.word(&["below", "under"])?;
            m.number()?
        }
    };
    let (cmp, value) = match zero {
        Some(cmp) => (cmp, Token::new(Tok::Num("0".into()), n.span.clone())),
        None => {
            m.word(&["with", "of"])?;
            m.maybe(&["grundy", "nim"]);
            m.word(&["value"])?;
            ("=", m.number()?)
        }
    };
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut out = count_claim(m, (&game, "n"), &n, cmp, &value, &k, span)?;
    // "…: 0, 1, 2, 4, …": the positions counted, listed after a colon.
    if zero.is_some() && m.gap() == ":" {
        m.loose = Some(m.at);
        let range = format!("n < {}", num_text(&n)?);
        out.extend(sizes_listed(m, start, &game, &range, cmp == "=")?);
    }
    Some(out)
}

/// "Among the piles of 1 to 20 tokens in Grundy's game, six are P-positions", "two of the
/// rows of 1 to 10 pins are worth ∗4": a count over the sizes of a range, both ends in it.
fn count_in_range(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let leading = count_lead(m)?;
    m.word(&["the"])?;
    m.word(&["heaps", "rows", "piles", "strips", "positions"])?;
    m.word(&["of", "with"])?;
    let lo = num_text(&m.number()?)?;
    m.word(&["to", "through"])?;
    let hi = num_text(&m.number()?)?;
    m.maybe(&["tokens", "pins", "counters", "stones"]);
    let mut game = played_in(m);
    let k = count_after_set(m, leading)?;
    m.word(&["are"])?;
    let (cmp, value) = if m.word(&["worth"]).is_some() {
        ("=", num_text(&m.number()?)?)
    } else {
        let (zero, _) = outcome(m)?;
        (if zero { "=" } else { "!=" }, "0".to_string())
    };
    game = game.or_else(|| played_in(m));
    let game = match game {
        Some(g) => g,
        None => named_or_current(m, start).unwrap_or_else(|| NIM.to_string()),
    };
    let arg = value_of(&game, "n");
    let src = format!(
        "count{{{lo} <= n <= {hi} : {arg} {cmp} {value}}} = {}",
        num_text(&k)?
    );
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "Nine is one of the losing heaps", "12 is one of the P-positions of Kayles": a size
/// whose value is zero (or, for winning ones, not).
fn one_of_outcome(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let opens = clause_opens(m.text, m.w.get(start)?.span.start);
    let n = m.number().filter(|_| opens)?;
    m.words(&["is", "one", "of", "the"])?;
    let zero = if let Some(w) = m.word(&["losing", "lost", "winning", "won"]) {
        let zero = matches!(text_of(m, &w).as_str(), "losing" | "lost");
        m.maybe(&["heap", "row"]);
        m.word(&["heaps", "rows", "piles", "sizes", "positions"])?;
        zero
    } else if m.word(&["p-positions"]).is_some() {
        true
    } else {
        m.word(&["n-positions"])?;
        false
    };
    let game = played_in(m)
        .or_else(|| named_or_current(m, start))
        .unwrap_or_else(|| NIM.to_string());
    let term = value_of(&game, &num_text(&n)?);
    let cmp = if zero { "=" } else { "!=" };
    clause_claims(m, start, &[format!("{term} {cmp} 0")])
}

/// Takes how a count over a set opens: the count and "of" ("six of …"), or "of" or
/// "among" alone, the count following the set (see [`count_after_set`]).
fn count_lead(m: &mut Matcher<'_>) -> Option<Option<Token>> {
    if m.word(&["of", "among"]).is_some() {
        return Some(None);
    }
    let k = how_many(m)?;
    m.word(&["of", "among"])?;
    Some(Some(k))
}

/// Returns the count [`count_lead`] took, or else takes it after the set and its comma:
/// "Of the first 8 values, exactly one …".
fn count_after_set(m: &mut Matcher<'_>, leading: Option<Token>) -> Option<Token> {
    match leading {
        Some(k) => Some(k),
        None => {
            m.past_comma();
            how_many(m)
        }
    }
}

/// The claim that exactly `k` heap sizes `v` below `n` have `game(v) cmp value`.
fn count_claim(
    m: &mut Matcher<'_>,
    (game, v): (&str, &str),
    n: &Token,
    cmp: &str,
    value: &Token,
    k: &Token,
    span: Range<usize>,
) -> Option<Vec<Found>> {
    let src = format!(
        "count{{{v} < {} : {game}({v}) {cmp} {}}} = {}",
        num_text(n)?,
        num_text(value)?,
        num_text(k)?
    );
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "Of the first 12 Kayles values, exactly three are 0", "two of the first 10 values of
/// Kayles are 1", "half of the first eight values of s are 0": a count (or a share) over
/// the first heap sizes.
fn count_of_first(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "half of the first eight values of s are 0": a share of them.
    let share = fraction(m).filter(|_| m.w.get(m.at).is_some_and(|w| w.text == "of"));
    if share.is_none() {
        m.at = start;
    }
    let leading = if share.is_some() {
        m.word(&["of"])?;
        None
    } else {
        count_lead(m)?
    };
    m.word(&["the"])?;
    m.word(&["first"])?;
    let n = m.number()?;
    let game = match game_ref(m) {
        Some((g, _)) => {
            m.maybe(&["grundy", "nim"]);
            m.word(&["values", "positions"])?;
            g
        }
        None => {
            m.maybe(&["grundy", "nim"]);
            m.word(&["values"])?;
            m.word(&["of", "in"])?;
            game_ref(m)?.0
        }
    };
    let k = match share {
        Some(_) => None,
        None => Some(count_after_set(m, leading)?),
    };
    m.word(&["are", "is"])?;
    let not = m.word(&["not"]).is_some();
    let value = m.number()?;
    let cmp = if not { "!=" } else { "=" };
    let span = m.w[start].span.start..value.span.end;
    if let Some((num, den)) = share {
        let src = format!(
            "{den} * count{{n < {} : {game}(n) {cmp} {}}} = {num} * {}",
            num_text(&n)?,
            num_text(&value)?,
            num_text(&n)?
        );
        return one_claim(m, &src, span.clone(), span, Mode::Plain);
    }
    count_claim(m, (&game, "n"), &n, cmp, &value, &k?, span)
}

/// "The P-positions of the subtraction game s below 10 are 0, 2, 7 and 8": the set of
/// heap sizes below the bound whose value is zero (or not, for N-positions) is the list.
fn positions_below(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let zero = if m.word(&["p-positions"]).is_some() {
        true
    } else {
        m.word(&["n-positions"])?;
        false
    };
    let mut range = size_range(m);
    // "In the subtraction game u, the P-positions below 15 are …": the game named before.
    let game = if m.word(&["of", "in"]).is_some() {
        game_ref(m)?.0
    } else {
        range.as_ref()?;
        named_before(m, start)?
    };
    if range.is_none() {
        range = size_range(m);
    }
    m.word(&["are"])?;
    sizes_listed(m, start, &game, &range?, zero)
}

/// "The heap sizes below 20 that are lost for the player to move in this game are 0, 4,
/// 8, 12 and 16", "the losing heap sizes below 20 in Kayles are …": the P-positions (or
/// the N-positions) below a bound, as [`positions_below`] reads them.
fn sizes_below(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Below 30, the heaps of value 0 are …": the bound first.
    let mut bound = None;
    if m.word(&["below", "under"]).is_some() {
        bound = Some(num_text(&m.number()?)?);
        m.past_comma();
    }
    m.maybe(&["the"]);
    // "the lost heaps below 30 are …"
    let mut zero = m
        .word(&["losing", "winning", "lost"])
        .map(|w| text_of(m, &w) != "winning");
    m.maybe(&["heap", "row"]);
    m.word(&["sizes", "heaps", "rows"])?;
    // "the rows of value 0 below 20 are …"
    if zero.is_none() && m.words(&["of", "value"]).is_some() {
        let v = m.number()?;
        (num_value(&v)? == 0).then_some(())?;
        zero = Some(true);
    }
    // "the lost heaps of Dawson's Kayles below 30 are …": the game before the bound.
    let save = (m.at, m.loose);
    let named = m.word(&["of", "in"]).and_then(|_| game_ref(m)).map(|g| g.0);
    if named.is_none() {
        (m.at, m.loose) = save;
    }
    let range = match bound {
        Some(b) => format!("n < {b}"),
        // "the heaps of value 0 up to 60 are …": 60 itself among them.
        None if m.words(&["up", "to"]).is_some() => format!("n <= {}", num_text(&m.number()?)?),
        None => size_range(m)?,
    };
    // "the heaps below 30 with value 0 are …".
    if zero.is_none()
        && (m.words(&["with", "value"]).is_some()
            || m.words(&["with", "grundy", "value"]).is_some()
            || m.words(&["of", "value"]).is_some())
    {
        let v = m.number()?;
        (num_value(&v)? == 0).then_some(())?;
        zero = Some(true);
    }
    if zero.is_none() {
        m.maybe(&["that"]);
        m.word(&["are"])?;
        let w = m.word(&["lost", "won"])?;
        zero = Some(text_of(m, &w) == "lost");
        let _ = m.words(&["for", "the", "player", "to", "move"]);
    }
    let game = if let Some(g) = named {
        g
    } else if m.words(&["in", "this", "game"]).is_some()
        || m.words(&["in", "the", "game"]).is_some()
        || m.words(&["in", "it"]).is_some()
    {
        m.lex.current_game()?.name.clone()
    } else if m.word(&["in", "of"]).is_some() {
        game_ref(m)?.0
    } else {
        named_or_current(m, start)?
    };
    m.word(&["are"])?;
    // "… are those of 0, 1, 2 and 4".
    let _ = m.words(&["those", "of"]);
    sizes_listed(m, start, &game, &range, zero?)
}

/// Takes the list of heap sizes after "are" and claims it is the set of sizes in `range`
/// (a condition on `n`) whose value in `game` is zero (or, without `zero`, is not).
fn sizes_listed(
    m: &mut Matcher<'_>,
    start: usize,
    game: &str,
    range: &str,
    zero: bool,
) -> Option<Vec<Found>> {
    // "… are those of 0, 1, 5 and 9 pins".
    let _ = m
        .words(&["the", "heaps", "of", "sizes"])
        .or_else(|| m.words(&["the", "heap", "sizes"]))
        .or_else(|| m.words(&["the", "sizes"]))
        .or_else(|| m.words(&["those", "of"]));
    if m.gap() == "{" {
        m.loose = Some(m.at);
    }
    let first = m.number()?;
    let listed = m.series(first);
    let values: Vec<u128> = listed.iter().map(num_value).collect::<Option<_>>()?;
    let mut distinct = values.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let list: Vec<String> = values.iter().map(u128::to_string).collect();
    let list = list.join(", ");
    let cmp = if zero { "=" } else { "!=" };
    let src = format!(
        "count{{{range} : {game}(n) {cmp} 0}} = count{{n in {{{list}}} : {game}(n) {cmp} 0}} = count{{n in {{{list}}} : {range}}} = {}",
        distinct.len()
    );
    let span = m.w[start].span.start..listed.last()?.span.end;
    let mut out = one_claim(m, &src, span.clone(), span, Mode::Role)?;
    // "…, nine of the first twenty piles": how many there are among the first sizes.
    let save = (m.at, m.loose);
    m.past_comma();
    let among = m.number().and_then(|k| {
        m.words(&["of", "the", "first"])?;
        let n = m.number()?;
        m.word(&[
            "heaps",
            "piles",
            "rows",
            "sizes",
            "positions",
            "heap",
            "pile",
            "row",
        ])?;
        Some((k, n))
    });
    match among {
        Some((k, n)) => {
            let src = format!(
                "count{{n < {} : {game}(n) {cmp} 0}} = {}",
                num_text(&n)?,
                num_text(&k)?
            );
            let at = k.span.start..m.w[m.at - 1].span.end;
            out.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?);
        }
        None => (m.at, m.loose) = save,
    }
    Some(out)
}

/// Reads a polynomial over the two-element field at byte `at` of `text`: terms `x^4`,
/// `x^{4}`, `x⁴`, `x` and `1` joined by `+`, in one letter, with falling exponents;
/// returns the exponents and where it ends.
fn polynomial(text: &str, at: usize) -> Option<(Vec<u32>, usize)> {
    let mut exps: Vec<u32> = Vec::new();
    let mut letter = None;
    let mut i = at;
    loop {
        let rest = &text[i..];
        let skip = rest.len() - rest.trim_start().len();
        i += skip;
        let rest = &text[i..];
        let c = rest.chars().next()?;
        let exp;
        if c.is_ascii_alphabetic() {
            if letter.is_some_and(|l| l != c) {
                return None;
            }
            letter = Some(c);
            i += 1;
            let rest = &text[i..];
            if let Some(r) = rest.strip_prefix('^') {
                let (braced, r) = match r.strip_prefix('{') {
                    Some(r) => (true, r),
                    None => (false, r),
                };
                let digits = r.bytes().take_while(u8::is_ascii_digit).count();
                exp = r[..digits].parse().ok()?;
                i += 1 + usize::from(braced) + digits;
                if braced {
                    text[i..].strip_prefix('}')?;
                    i += 1;
                }
            } else {
                let sup: String = rest
                    .chars()
                    .take_while(|c| "⁰¹²³⁴⁵⁶⁷⁸⁹".contains(*c))
                    .collect();
                if sup.is_empty() {
                    exp = 1;
                } else {
                    let digits: String = sup
                        .chars()
                        .map(|c| {
                            let k = "⁰¹²³⁴⁵⁶⁷⁸⁹".chars().position(|d| d == c).unwrap_or(0);
                            char::from(b'0' + k as u8)
                        })
                        .collect();
                    exp = digits.parse().ok()?;
                    i += sup.len();
                }
            }
            if text[i..].starts_with(|d: char| d.is_alphanumeric()) {
                return None;
            }
        } else if c == '1' && !text[i + 1..].starts_with(|d: char| d.is_alphanumeric()) {
            exp = 0;
            i += 1;
        } else {
            return None;
        }
        if exps.last().is_some_and(|&e| e <= exp) || exp > 128 {
            return None;
        }
        exps.push(exp);
        let rest = &text[i..];
        let trimmed = rest.trim_start();
        match trimmed.strip_prefix(['+', '⊕']) {
            Some(after) => i += rest.len() - after.len(),
            None => break,
        }
    }
    (exps.len() > 1 || exps.first().is_some_and(|&e| e > 0)).then_some((exps, i))
}

/// Takes "over the two-element field" and its other spellings; false when "over" names
/// another field.
fn over_two(m: &mut Matcher<'_>) -> bool {
    if m.word(&["over"]).is_none() {
        return true;
    }
    const FIELDS: [&[&str]; 6] = [
        &["the", "two-element", "field"],
        &["the", "field", "of", "two", "elements"],
        &["the", "field", "with", "two", "elements"],
        &["the", "binary", "field"],
        &["f2"],
        &["𝔽2"],
    ];
    FIELDS.iter().any(|f| m.words(f).is_some())
}

/// Builds the claims of "P is the minimal polynomial of a": P(a) = 0 in the nimbers, and
/// P's degree is a's degree over the two-element field (a monic polynomial of that degree
/// with a as a root is the minimal one).
fn minpoly_claims(
    m: &mut Matcher<'_>,
    a: &Token,
    exps: &[u32],
    span: Range<usize>,
    at: Range<usize>,
) -> Option<Vec<Found>> {
    let a = num_text(a)?;
    let terms: Vec<String> = exps
        .iter()
        .map(|&e| match e {
            0 => "1".to_string(),
            1 => a.clone(),
            e => format!("{a}^{e}"),
        })
        .collect();
    let root = format!("{} = 0", terms.join(" + "));
    let degree = format!("deg({a}) = {}", exps.first()?);
    Some(vec![
        claim_at_span(m, &root, span.clone(), at.clone(), Mode::Role)?,
        claim_at_span(m, &degree, span, at, Mode::Role)?,
    ])
}

/// Returns the index of the first word at or after byte `at`.
fn word_from(m: &Matcher<'_>, at: usize) -> usize {
    m.w.partition_point(|w| w.span.start < at)
}

/// "The minimal polynomial of 8 over the two-element field is x^4 + x^3 + x^2 + x + 1".
fn minimal_polynomial(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "9 has minimal polynomial x⁴ + x + 1", "9 has the minimal polynomial …".
    let (a, verb) = if may_be_subject(m, start)
        && let Some(a) = m.number()
    {
        let has = m.word(&["has"])?;
        m.maybe(&["the", "a"]);
        m.words(&["minimal", "polynomial"])?;
        if !over_two(m) {
            return None;
        }
        (a, has.start..m.w[m.at - 1].span.end)
    } else {
        m.maybe(&["the"]);
        m.words(&["minimal", "polynomial"])?;
        m.word(&["of"])?;
        let a = m.number()?;
        if !over_two(m) {
            return None;
        }
        // "…, which is x⁴ + x + 1".
        m.past_comma();
        m.maybe(&["which"]);
        (a, m.is()?)
    };
    let Some((exps, end)) = polynomial(m.text, verb.end) else {
        // "… is x² + x + 2": a polynomial over the two-element field has no coefficient
        // but 0 and 1, so what is not read as one is refused, not passed over.
        let rest = m.text[verb.end..].trim_start();
        let mut chars = rest.chars();
        let letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.next().is_none_or(|c| !c.is_alphabetic());
        if !letter {
            return None;
        }
        let span = m.w[start].span.start..m.w.get(m.at)?.span.end;
        let lint = Lint::Unreadable(super::Unreadable {
            span: span.clone(),
            what: "a minimal polynomial that is not a sum of powers of one letter over the two-element field".to_string(),
            hint: "write its terms with coefficient 1, as in \"x² + x + 1\"".to_string(),
        });
        m.end_clause_at(span.end);
        return Some(vec![Found { span, lint }]);
    };
    m.at = word_from(m, end);
    let span = m.w[start].span.start..end;
    minpoly_claims(m, &a, &exps, span, verb.end..end)
}

/// "The three roots of x³ + x + 1 in the field of ω are ω²·3 + ω, ω²·2 + ω·2 and ω² + ω·3":
/// ordinals, each a root, no two the same, as many as the degree, so they are all.
fn ordinal_roots_of(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.maybe(&["two", "three", "four"]);
    m.word(&["roots", "zeros"])?;
    m.word(&["of"])?;
    let poly = poly_at(m)?;
    // Where: "in the field of ω", "in that field", "there".
    if m.words(&["in", "the", "field", "of"]).is_some() {
        m.operand()?;
    } else if m.words(&["in", "that", "field"]).is_none() {
        m.maybe(&["there", "here"]);
    }
    m.word(&["are"])?;
    let mut roots = vec![m.operand()?];
    while m.gap() == "," || m.w.get(m.at).is_some_and(|w| w.text == "and") {
        m.loose = Some(m.at);
        let last = m.word(&["and"]).is_some();
        roots.push(m.operand()?);
        if last {
            break;
        }
    }
    if !roots.iter().any(|(_, _, ordinal)| *ordinal) {
        return None;
    }
    let text = m.text[poly.clone()].to_string();
    let (exps, _) = polynomial(m.text, poly.start)?;
    let degree = usize::try_from(*exps.iter().max()?).ok()?;
    // As many roots as the degree, and few enough to compare each pair.
    if roots.len() != degree || degree > 8 {
        return None;
    }
    let letter = text.chars().find(char::is_ascii_alphabetic)?;
    let mut srcs: Vec<String> = roots
        .iter()
        .map(|(r, _, _)| format!("{} = 0", nim_polynomial(&text, letter, r)))
        .collect();
    for (i, (a, _, _)) in roots.iter().enumerate() {
        for (b, _, _) in &roots[i + 1..] {
            srcs.push(format!("{a} != {b}"));
        }
    }
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    claims_spanning(m, &srcs, span, Mode::Plain)
}

/// Returns `poly` (in `letter`, as written: "x³ + x + 1", "x^3+x+1") at `value`, with its
/// powers and sums the nimber ones, for the plain reading: "(ω)^⊗3 ⊕ (ω) ⊕ 1".
fn nim_polynomial(poly: &str, letter: char, value: &str) -> String {
    const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut out = String::new();
    let mut raised = false;
    let mut chars = poly.chars().peekable();
    while let Some(c) = chars.next() {
        let digit = SUPERSCRIPTS.iter().position(|&s| s == c);
        match (c, digit) {
            (_, Some(d)) => {
                if !raised {
                    out.push_str("^⊗");
                }
                out.push_str(&d.to_string());
            }
            ('+' | '⊕', _) => out.push('⊕'),
            ('^', _) => {
                if chars.peek() == Some(&'⊗') {
                    chars.next();
                }
                out.push_str("^⊗");
            }
            (c, _) if c == letter => out.push_str(value),
            (c, _) => out.push(c),
        }
        raised = digit.is_some();
    }
    out
}

/// "The nimbers 2 and 3 are the two roots of x² + x + 1", "5 is a root of x² + x + 1",
/// "the roots of x² + x + 1 are 2 and 3": each nimber named makes the polynomial vanish.
fn roots_of(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let save = m.at;
    m.maybe(&["the"]);
    let has_roots = |m: &mut Matcher<'_>| {
        // "x² + x + 1 has the roots 2 and 3".
        let poly = poly_at(m)?;
        m.word(&["has", "have"])?;
        m.maybe(&["the", "its"]);
        m.maybe(&["two", "three", "four"]);
        m.word(&["roots", "zeros"])?;
        m.past_comma();
        let first = m.number()?;
        Some((m.series(first), poly))
    };
    let (roots, poly) = if m.word(&["roots", "root"]).is_some() {
        m.word(&["of"])?;
        let poly = poly_at(m)?;
        m.word(&["are", "is"])?;
        let first = m.number()?;
        (m.series(first), poly)
    } else if let Some(found) = has_roots(m) {
        found
    } else {
        m.at = save;
        if m.words(&["the", "nimbers"]).is_none() {
            m.at = save;
        }
        if !may_be_subject(m, m.at) {
            return None;
        }
        let first = m.number()?;
        let roots = m.series(first);
        m.word(&["are", "is"])?;
        m.maybe(&["the", "a", "both"]);
        m.maybe(&["two", "three", "four"]);
        m.word(&["roots", "root", "zeros", "zero"])?;
        m.word(&["of"])?;
        m.maybe(&["the"]);
        m.maybe(&["polynomial"]);
        (roots, poly_at(m)?)
    };
    let values: Vec<String> = roots.iter().map(num_text).collect::<Option<_>>()?;
    let text = &m.text[poly.clone()];
    let letter = text.chars().find(char::is_ascii_alphabetic)?;
    let src = format!("∀ {letter} ∈ {{{}}}: {text} = 0", values.join(", "));
    let end = m.w.get(m.at.checked_sub(1)?)?.span.end.max(poly.end);
    let span = m.w[start].span.start..end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "The cube roots of 8 in nim arithmetic are 6, 11 and 13": each is a cube root, and
/// they are all there are in the least field holding them and 8 (a cube's roots differ
/// Takes "square", "cube" or "fifth" before "root"; returns the root's degree.
fn root_degree(m: &mut Matcher<'_>) -> Option<u32> {
    let which = m.word(&["square", "cube", "fifth"])?;
    Some(match text_of(m, &which).as_str() {
        "square" => 2,
        "cube" => 3,
        _ => 5,
    })
}

/// Takes a bound that opens a clause, "Below 16," (its comma may be left out): `Some(None)`
/// when there is none, and `None` when "below" has no number after it.
fn lead_bound(m: &mut Matcher<'_>) -> Option<Option<Token>> {
    if m.word(&["below", "under"]).is_none() {
        return Some(None);
    }
    let n = m.number()?;
    m.past_comma();
    Some(Some(n))
}

/// Returns the size of the least field of nimbers that holds `a`.
fn least_field(a: u128) -> Option<u128> {
    let mut field = 2u128;
    while field <= a {
        field = field.checked_mul(field)?;
    }
    Some(field)
}

/// "Every value below 16 has exactly one square root below 16", "each nonzero element
/// below 256 has three cube roots": the count of roots of each element of a field.
fn every_has_roots(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["every", "each"])?;
    let nonzero = m.word(&["nonzero", "non-zero"]).is_some();
    m.word(&["value", "element", "nimber", "number"])?;
    m.word(&["below", "under"])?;
    let size = num_value(&m.number()?)?;
    if !is_field_size(size) || size > 256 {
        return None;
    }
    m.word(&["has"])?;
    let k = how_many(m)?;
    let p = root_degree(m)?;
    m.word(&["roots", "root"])?;
    if m.word(&["below", "under"]).is_some() && num_value(&m.number()?)? != size {
        return None;
    }
    let low = if nonzero { "0 < " } else { "" };
    let src = format!(
        "forall {low}a < {size}: count{{x < {size} : x^{p} = a}} = {}",
        num_text(&k)?
    );
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "8 has exactly three cube roots below 16", "the nimber 9 has one square root in the
/// field below 16": how many roots an element has below a bound.
fn roots_count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Below 16, the value 14 has …": the field first.
    let lead = lead_bound(m)?;
    if m.word(&["the"]).is_some() {
        m.word(&["nimber", "value", "element", "number"])?;
        m.loose = Some(m.at);
    }
    // "Every value below 16 has exactly one square root": 16 is no subject.
    if m.at == start && !may_be_subject(m, start) {
        return None;
    }
    let a = m.number()?;
    // "3 does have a cube root below 256": at least one.
    let does = m.words(&["does", "have"]).is_some();
    if !does {
        m.word(&["has"])?;
    }
    let (cmp, k) = match m.word(&["a"]) {
        Some(r) => (">=", Token::new(Tok::Num("1".into()), r)),
        None if does => return None,
        None => ("=", how_many(m)?),
    };
    let p = root_degree(m)?;
    m.word(&["roots", "root"])?;
    let _ = m
        .words(&["in", "the", "field"])
        .or_else(|| m.words(&["among", "the", "nimbers"]));
    let size = match lead {
        Some(size) => num_text(&size)?,
        None if m.word(&["below", "under"]).is_some() => num_text(&m.number()?)?,
        // "10 has exactly one square root": squaring permutes every field of nimbers, so
        // the count is the same in each, and the least holding the element will do.
        None if p == 2 => least_field(num_value(&a)?)?.to_string(),
        None => return None,
    };
    size.parse::<u128>().ok().filter(|&v| v <= 1 << 16)?;
    let mut claims = vec![format!(
        "count{{x < {} : x^{p} = {}}} {cmp} {}",
        size,
        num_text(&a)?,
        num_text(&k)?
    )];
    // "…, namely 4, 8 and 12": each a root, as many as counted.
    let save = m.at;
    let namely = m.after_comma() && {
        m.past_comma();
        m.word(&["namely"]).is_some()
    };
    if namely {
        let first = m.number()?;
        let listed = m.series(first);
        if num_value(&k)? != listed.len() as u128 {
            return None;
        }
        for r in &listed {
            claims.push(format!("{}^{p} = {}", num_text(r)?, num_text(&a)?));
        }
        return clause_claims(m, start, &claims);
    }
    m.at = save;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(
        m,
        &claims[0],
        span,
        a.span.start..m.w[m.at - 1].span.end,
        Mode::Role,
    )
}

/// by the cube roots of 1, which every field from 4 on holds).
fn cube_roots(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Eight has the three cube roots 2, 9 and 12": the number first.
    let owner = if may_be_subject(m, start) {
        m.number().filter(|_| m.word(&["has"]).is_some())
    } else {
        None
    };
    let (a, within, count) = match owner {
        Some(a) => {
            m.maybe(&["the"]);
            let count = how_many(m);
            m.maybe(&["nim"]);
            m.words(&["cube", "roots"])?;
            m.past_comma();
            m.maybe(&["namely"]);
            (a, None, count)
        }
        None => {
            m.at = start;
            m.maybe(&["the"]);
            m.maybe(&["nim"]);
            m.words(&["cube", "roots"])?;
            m.word(&["of"])?;
            let a = m.number()?;
            // "… below 16", "… in the field below 16", "… in the field of order 16": where
            // they are counted.
            let save = m.at;
            let within = if m.word(&["below", "under"]).is_some() {
                num_value(&m.number()?)
            } else if m.word(&["in"]).is_some() {
                m.field_size().map(|(size, _)| size)
            } else {
                None
            };
            if within.is_none() {
                m.at = save;
            }
            m.nim_context();
            m.word(&["are"])?;
            (a, within, None)
        }
    };
    let first = m.number()?;
    let roots = m.series(first);
    if let Some(k) = count
        && num_value(&k)? != roots.len() as u128
    {
        return None;
    }
    let values: Vec<u128> = roots.iter().map(num_value).collect::<Option<_>>()?;
    let distinct: std::collections::BTreeSet<u128> = values.iter().copied().collect();
    if roots.len() < 2 || distinct.len() != values.len() {
        return None;
    }
    let top = values.iter().copied().chain([num_value(&a)?, 3]).max()?;
    let field = least_field(top).filter(|&f| f <= 256)?;
    // A count over more than 2^16 nimbers is not read.
    if within.is_some_and(|w| w > 1 << 16) {
        return None;
    }
    let field = within.unwrap_or(field);
    let list: Vec<String> = roots.iter().map(num_text).collect::<Option<_>>()?;
    let a_text = num_text(&a)?;
    let end = roots.last()?.span.end;
    let span = m.w[start].span.start..end;
    let listed = roots[0].span.start..end;
    Some(vec![
        claim_at_span(
            m,
            &format!("∀ x ∈ {{{}}}: x^3 = {a_text}", list.join(", ")),
            span.clone(),
            listed.clone(),
            Mode::Role,
        )?,
        claim_at_span(
            m,
            &format!("count{{x < {field} : x^3 = {a_text}}} = {}", list.len()),
            span,
            listed,
            Mode::Role,
        )?,
    ])
}

/// "No whole number is a cube root of 2": no finite nimber below 2^16 (the documented
/// domain of such a law) has that power.
fn no_finite_root(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if m.w.get(start).is_some_and(|w| w.numeric) {
        return has_no_finite_root(m);
    }
    m.word(&["no"])?;
    m.maybe(&["whole", "finite", "natural"]);
    let noun = m.word(&["number", "nimber", "integer", "value", "element"])?;
    // "No value below 16 has cube 2": the law checked below the bound the text gives.
    let bound = match lead_bound(m)? {
        Some(b) => Some(num_value(&b)?),
        None => None,
    };
    // A value or an element is a whole number only below a bound.
    if bound.is_none() && ["value", "element"].contains(&text_of(m, &noun).as_str()) {
        return None;
    }
    let power = if m.word(&["has"]).is_some() {
        m.maybe(&["nim"]);
        let power = root_degree(m)?;
        (power < 5).then_some(power)?
    } else {
        m.is()?;
        m.word(&["a"])?;
        m.maybe(&["nim"]);
        let power = root_degree(m)?;
        m.word(&["root"])?;
        m.word(&["of"])?;
        power
    };
    let n = m.number()?;
    let src = no_root(power, &n, bound.unwrap_or(65536))?;
    let span = m.w[start].span.start..n.span.end;
    one_claim(m, &src, span, n.span.clone(), Mode::Role)
}

/// "2 is the cube of nothing below 16", "… the square of no element below 16": no element
/// below the bound has that power.
fn power_of_nothing(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if !may_be_subject(m, start) {
        return None;
    }
    let n = m.number()?;
    m.word(&["is"])?;
    m.word(&["the", "a"])?;
    m.maybe(&["nim"]);
    let power = root_degree(m).filter(|&p| p < 5)?;
    m.word(&["of"])?;
    m.word(&["nothing"])
        .or_else(|| m.words(&["no", "element"]))
        .or_else(|| m.words(&["no", "value"]))
        .or_else(|| m.words(&["no", "nimber"]))?;
    let below = match lead_bound(m)? {
        Some(b) => num_value(&b)?,
        None => return None,
    };
    let src = no_root(power, &n, below)?;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "Only 1 is its own inverse", "only 0 and 1 are their own squares", "the only nimber that
/// is its own inverse is 1": the elements listed are, and no other below the field named
/// (or below 2^16) is.
fn only_own(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (listed, name, size) = if m.word(&["only"]).is_some() {
        let first = m.number()?;
        let listed = m.series(first);
        let _ = m
            .words(&["is", "its", "own"])
            .or_else(|| m.words(&["are", "their", "own"]))?;
        let name = m.word(&["inverse", "inverses", "square", "squares"])?;
        (listed, text_of(m, &name), in_field(m))
    } else {
        m.words(&["the", "only"])?;
        m.word(&["nimber", "number", "element", "value"])?;
        m.words(&["that", "is", "its", "own"])?;
        let name = m.word(&["inverse", "square"])?;
        let name = text_of(m, &name);
        let size = in_field(m);
        m.is()?;
        (vec![m.number()?], name, size)
    };
    let size = size.unwrap_or(65536);
    let values: Vec<String> = listed.iter().map(num_text).collect::<Option<_>>()?;
    // Its own inverse: a ⊗ a = 1 (0 has none); its own square: a ⊗ a = a.
    let inverse = name.starts_with("inverse");
    let own = |a: &str| format!("{a} * {a} = {}", if inverse { "1" } else { a });
    let low = if inverse { "0 < " } else { "" };
    let mut claims = vec![format!(
        "count{{{low}a < {size} : {}}} = {}",
        own("a"),
        values.len()
    )];
    claims.extend(values.iter().map(|v| own(v)));
    clause_claims(m, start, &claims)
}

/// "1 is its own inverse", "0 and 1 are their own squares", "2 is its own square root":
/// each element listed is.
fn own(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let first = m.number()?;
    let listed = m.series(first);
    m.words(&["is", "its", "own"])
        .or_else(|| m.words(&["are", "their", "own"]))?;
    m.maybe(&["nim"]);
    let name = m.word(&[
        "inverse",
        "inverses",
        "square",
        "squares",
        "cube",
        "cubes",
        "nim-square",
        "nim-squares",
        "nim-cube",
        "nim-cubes",
        "nim-inverse",
    ])?;
    let root = m.word(&["root", "roots"]).is_some();
    let name = text_of(m, &name);
    let claims: Vec<String> = listed
        .iter()
        .map(|a| {
            let a = num_text(a)?;
            Some(match (name.trim_start_matches("nim-"), root) {
                (n, false) if n.starts_with("inverse") => format!("{a} * {a} = 1"),
                (n, false) if n.starts_with("square") => format!("{a}^2 = {a}"),
                (n, false) if n.starts_with("cube") => format!("{a}^3 = {a}"),
                (n, true) if n.starts_with("square") => format!("sqrt({a}) = {a}"),
                _ => return None,
            })
        })
        .collect::<Option<_>>()?;
    clause_claims(m, start, &claims)
}

/// "13 is one of the elements of that subfield of four elements", "2 and 3 lie in the
/// subfield with 4 elements", "7 is in the field of order 16": each number listed is below
/// the size of the field named.
fn in_field_named(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let first = m.number()?;
    let listed = m.series(first);
    m.word(&["is", "are", "lies", "lie", "sits", "belongs"])?;
    let member = m
        .words(&["one", "of", "the", "elements", "of"])
        .or_else(|| m.words(&["an", "element", "of"]))
        .or_else(|| m.words(&["elements", "of"]))
        .or_else(|| m.word(&["in", "to"]));
    member?;
    m.maybe(&["the", "that", "this"]);
    m.word(&["subfield", "field"])?;
    let n = m.size_phrase()?;
    let size = num_value(&n).filter(|&v| is_field_size(v))?;
    let claims: Vec<String> = listed
        .iter()
        .map(|x| Some(format!("{} < {size}", num_text(x)?)))
        .collect::<Option<_>>()?;
    clause_claims(m, start, &claims)
}

/// The claim that `n` has no root of degree `power` below `below`: 2^16, the documented
/// domain of such a law, where the text gives no bound.
fn no_root(power: u32, n: &Token, below: u128) -> Option<String> {
    Some(format!("forall x < {below}: x^{power} != {}", num_text(n)?))
}

/// "2 has no cube root among the whole numbers", "Three has no cube root in any finite
/// field, and neither does two": the same law said of the number first.
fn has_no_finite_root(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if !may_be_subject(m, start) {
        return None;
    }
    let mut numbers = vec![m.number()?];
    m.word(&["has"])?;
    m.word(&["no"])?;
    m.maybe(&["nim"]);
    let power = root_degree(m)?;
    m.word(&["root"])?;
    m.words(&["among", "the", "whole", "numbers"])
        .or_else(|| m.words(&["among", "the", "finite", "nimbers"]))
        .or_else(|| m.words(&["in", "any", "finite", "field"]))?;
    // "…, and neither does two".
    let save = (m.at, m.loose);
    m.past_comma();
    let neither = m
        .words(&["and", "neither", "does"])
        .and_then(|_| m.number());
    match neither {
        Some(n) => numbers.push(n),
        None => (m.at, m.loose) = save,
    }
    let claims = numbers
        .iter()
        .map(|n| no_root(power, n, 65536))
        .collect::<Option<Vec<_>>>()?;
    clause_claims(m, start, &claims)
}

/// Takes a polynomial in one letter over the two-element field at the cursor ("x² + x +
/// 1"), and returns its span in the text.
fn poly_at(m: &mut Matcher<'_>) -> Option<Range<usize>> {
    let word = m.w.get(m.at)?;
    if !(word.joined || m.loose == Some(m.at) || m.at == m.start) {
        return None;
    }
    let from = word.span.start;
    let (exps, end) = polynomial(m.text, from)?;
    if exps.is_empty() {
        return None;
    }
    m.at = word_from(m, end);
    m.loose = Some(m.at);
    Some(from..end)
}

/// "x² + x + 1 is the minimal polynomial of 4".
fn polynomial_first(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let word = m.w.get(start)?;
    let (exps, end) = polynomial(m.text, word.span.start)?;
    m.at = word_from(m, end);
    m.loose = Some(m.at);
    m.is()?;
    m.word(&["the"])?;
    m.words(&["minimal", "polynomial"])?;
    m.word(&["of"])?;
    let a = m.number()?;
    if !over_two(m) {
        return None;
    }
    let span = word.span.start..m.w[m.at - 1].span.end;
    minpoly_claims(m, &a, &exps, span, word.span.start..end)
}

/// "The field below 256 contains a subfield with 16 elements" (or "has no subfield of 8
/// elements"): the nimbers below K form a field (closed under the nim-product) and K is at
/// most the field's size.
fn subfield(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (size, _) = m.field_size()?;
    // "contains the field with 4 elements (as a subfield)": the smaller field named.
    let named = |m: &mut Matcher<'_>| -> Option<Token> {
        let below = m.words(&["the", "field", "below"]).is_some();
        if !below {
            m.words(&["the", "field", "with"])
                .or_else(|| m.words(&["the", "field", "of"]))?;
        }
        let k = m.number()?;
        if !below {
            m.word(&["elements"])?;
        }
        let _ = m.words(&["as", "a", "subfield"]);
        Some(k)
    };
    let save = m.at;
    let contains = m
        .words(&["does", "not", "contain"])
        .or_else(|| m.word(&["contains"]));
    if let Some(verb) = contains
        && let Some(k) = named(m)
    {
        let not = text_of(m, &verb).starts_with("does");
        return subfield_claims(m, start, size, not, &k);
    }
    m.at = save;
    let not = if m.words(&["does", "not", "contain"]).is_some()
        || m.words(&["does", "not", "have"]).is_some()
        || m.words(&["has", "no"]).is_some()
        || m.words(&["contains", "no"]).is_some()
    {
        true
    } else {
        m.word(&["contains", "has"])?;
        // "has subfields of sizes 2, 4, 16 and 256": each listed is one.
        if m.word(&["subfields"]).is_some() {
            let listed = subfield_sizes(m).filter(|l| l.len() > 1)?;
            let span = m.w[start].span.start..m.w[m.at - 1].span.end;
            let mut out = listed_subfields(m, &listed, size, span)?;
            // "…, and no subfield of size 8".
            let save = (m.at, m.loose);
            m.past_comma();
            if m.words(&["and", "no", "subfield"]).is_some() {
                let k = subfield_size(m)?;
                out.extend(subfield_claims(m, start, size, true, &k)?);
            } else {
                (m.at, m.loose) = save;
            }
            return Some(out);
        }
        m.word(&["a", "one"])?;
        false
    };
    m.word(&["subfield"])?;
    let k = subfield_size(m)?;
    subfield_claims(m, start, size, not, &k)
}

/// Takes the size of one subfield after its noun: "of size 8", "with (of) 16 elements".
fn subfield_size(m: &mut Matcher<'_>) -> Option<Token> {
    if m.words(&["of", "size"]).is_some() {
        return m.number();
    }
    m.word(&["with", "of"])?;
    let k = m.number()?;
    m.word(&["elements"])?;
    Some(k)
}

/// The claims that the field of `size` elements has (or, with `not`, has no) subfield of
/// `k` elements: `k` is at most `size` and the nimbers below it are closed under the
/// product.
fn subfield_claims(
    m: &mut Matcher<'_>,
    start: usize,
    size: u128,
    not: bool,
    k: &Token,
) -> Option<Vec<Found>> {
    let kv = num_value(k).filter(|&v| (2..=4096).contains(&v))?;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut out = Vec::new();
    if !not {
        out.push(claim_at_span(
            m,
            &format!("{kv} <= {size}"),
            span.clone(),
            k.span.clone(),
            Mode::Role,
        )?);
        let closed = format!("forall a, b < {kv}: a * b < {kv}");
        out.push(claim_at_span(m, &closed, span, k.span.clone(), Mode::Role)?);
    } else if kv > size {
        let src = format!("{kv} > {size}");
        out.push(claim_at_span(m, &src, span, k.span.clone(), Mode::Role)?);
    } else {
        let open = format!("exists a, b < {kv}: a * b >= {kv}");
        out.push(claim_at_span(m, &open, span, k.span.clone(), Mode::Role)?);
    }
    Some(out)
}

/// Takes "element (nimber) below N" or "element of (in) the field …" and returns the
/// size the elements range below.
fn elements_below(m: &mut Matcher<'_>) -> Option<u128> {
    m.word(&["element", "nimber"])?;
    if m.word(&["below", "under"]).is_some() {
        return m.number().as_ref().and_then(num_value);
    }
    m.word(&["of", "in"])?;
    Some(m.field_size()?.0)
}

/// "Every element of the field below 16 has a cube root in it", "every element of the
/// field below 16 is a square", "every nonzero element of the field of 16 elements has an
/// inverse", "every nonzero nimber below 16 raised to the 15th power gives 1": a claim
/// over the field.
fn every_element(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "In the field below 16, every nonzero element …": the field named first.
    let lead = match m.word(&["in", "within"]) {
        Some(_) => {
            let (size, _) = m.field_size()?;
            m.past_comma();
            Some(size)
        }
        None => None,
    };
    m.word(&["every", "each"])?;
    let nonzero = m.word(&["nonzero", "non-zero"]).is_some();
    let size = match lead {
        Some(size) => {
            m.word(&["element", "nimber"])?;
            size
        }
        None => elements_below(m)?,
    };
    if size > 256 {
        return None;
    }
    // "every nonzero nimber below 16 raised to the 15th power gives 1": a law of powers.
    if m.words(&["raised", "to", "the"]).is_some() {
        let k = if m.word(&["power"]).is_some() {
            num_value(&m.number()?)?
        } else {
            let k = ordinal_power(&m.w.get(m.at)?.text)?;
            m.at += 1;
            m.word(&["power"])?;
            u128::from(k)
        };
        m.word(&["gives", "is", "equals", "yields"])?;
        let v = num_value(&m.number()?)?;
        let low = if nonzero { "0 < " } else { "" };
        let src = format!("forall {low}a < {size}: a^{k} = {v}");
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        return one_claim(m, &src, span.clone(), span, Mode::Role);
    }
    // "every element of the field below 4 is its own square (cube, inverse)".
    if m.words(&["is", "its", "own"]).is_some() {
        let low = if nonzero { "0 < " } else { "" };
        let which = m.word(&["square", "cube", "inverse"])?;
        let law = match text_of(m, &which).as_str() {
            "square" => "a^2 = a",
            "cube" => "a^3 = a",
            _ if nonzero => "a * a = 1",
            _ => return None,
        };
        let src = format!("forall {low}a < {size}: {law}");
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        return one_claim(m, &src, span.clone(), span, Mode::Role);
    }
    // "every element of the field below 16 is a square": has a square root in it.
    let power = if m.words(&["is", "a"]).is_some() {
        m.maybe(&["nim"]);
        let which = m.word(&["square", "cube", "nim-square", "nim-cube"])?;
        Some(if text_of(m, &which).ends_with("cube") {
            3
        } else {
            2
        })
    } else {
        m.word(&["has"])?;
        if m.words(&["an", "inverse"]).is_some() {
            None
        } else {
            m.word(&["a"])?;
            let p = root_degree(m)?;
            m.word(&["root"])?;
            Some(p)
        }
    };
    let _ = m
        .words(&["in", "it"])
        .or_else(|| m.words(&["in", "the", "field"]))
        .or_else(|| m.word(&["there"]));
    let low = if nonzero { "0 < " } else { "" };
    let src = match power {
        Some(p) => format!("forall {low}a < {size}: exists x < {size}: x^{p} = a"),
        None if nonzero => format!("forall 0 < a < {size}: exists x < {size}: a * x = 1"),
        None => return None,
    };
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "…, whose values repeat with period 17": the period of the game the sentence named.
fn whose_values(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.words(&["whose", "values", "repeat"])
        .or_else(|| m.words(&["whose", "values", "are", "periodic"]))?;
    let r = m.words(&["with", "period"])?;
    let v = m.number()?;
    let game = named_before(m, start)?;
    let src = format!("period({game}) = {}", num_text(&v)?);
    let span = m.w[start].span.start..v.span.end;
    one_claim(m, &src, span, r.start..v.span.end, Mode::Role)
}

/// The ordinal words below "tenth", by value; "first" is left out, since "the first power"
/// is rarely meant.
const UNIT_ORDINALS: [(&str, u32); 8] = [
    ("second", 2),
    ("third", 3),
    ("fourth", 4),
    ("fifth", 5),
    ("sixth", 6),
    ("seventh", 7),
    ("eighth", 8),
    ("ninth", 9),
];

/// The ordinal words from "tenth" to "nineteenth", and of the tens.
const TEEN_ORDINALS: [(&str, u32); 19] = [
    ("tenth", 10),
    ("eleventh", 11),
    ("twelfth", 12),
    ("thirteenth", 13),
    ("fourteenth", 14),
    ("fifteenth", 15),
    ("sixteenth", 16),
    ("seventeenth", 17),
    ("eighteenth", 18),
    ("nineteenth", 19),
    ("twentieth", 20),
    ("thirtieth", 30),
    ("fortieth", 40),
    ("fiftieth", 50),
    ("sixtieth", 60),
    ("seventieth", 70),
    ("eightieth", 80),
    ("ninetieth", 90),
    ("hundredth", 100),
];

/// Returns the exponent an ordinal word names, from 2 on: "fourth", "seventeenth",
/// "twenty-first", "9th", "255th".
pub(super) fn ordinal_power(word: &str) -> Option<u32> {
    let find = |table: &[(&str, u32)], w: &str| table.iter().find(|(o, _)| *o == w).map(|e| e.1);
    if let Some(k) = find(&UNIT_ORDINALS, word).or_else(|| find(&TEEN_ORDINALS, word)) {
        return Some(k);
    }
    if let Some((tens, unit)) = word.split_once('-') {
        let unit = if unit == "first" {
            Some(1)
        } else {
            find(&UNIT_ORDINALS, unit)
        };
        let tens = TENS.iter().position(|t| *t == tens)?;
        return Some(20 + 10 * u32::try_from(tens).ok()? + unit?);
    }
    // "9th", "255th": at most six digits, and the suffix the number takes.
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &word[digits.len()..];
    if digits.is_empty() || digits.len() > 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let k: u32 = digits.parse().ok()?;
    let teen = (k % 100) / 10 == 1;
    let want = match k % 10 {
        1 if !teen => "st",
        2 if !teen => "nd",
        3 if !teen => "rd",
        _ => "th",
    };
    (k >= 2 && suffix == want).then_some(k)
}

/// "the fourth power of 2 is 2", "the fifth nim-power of 3 is 3": a power with two
/// readings, or the nimber one.
fn nth_power(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Raising 7 to the fourth power in the nim sense gives 6": the base first.
    let raised = match m.word(&["raising"]) {
        Some(_) => {
            let base = m.operand()?;
            m.word(&["to"])?;
            Some(base)
        }
        // "ω to the fifth nim-power is 4": the base first, with no verb.
        None => {
            let save = m.at;
            let base = m
                .operand()
                .filter(|_| m.w.get(m.at).is_some_and(|w| w.text == "to"))
                .filter(|_| m.w.get(m.at + 1).is_some_and(|w| w.text == "the"));
            match base {
                Some(base) => {
                    m.word(&["to"])?;
                    Some(base)
                }
                None => {
                    m.at = save;
                    None
                }
            }
        }
    };
    m.maybe(&["the"]);
    // "raising 3 to the nim-power 3": the exponent after its noun.
    let after_noun = raised.is_some() && m.w.get(m.at).is_some_and(|w| w.text.ends_with("power"));
    let (k, mut nim) = if after_noun {
        let nim = m.word(&["nim-power"]).is_some();
        if !nim {
            m.word(&["power"])?;
        }
        let k = u32::try_from(num_value(&m.number()?)?).ok()?;
        (k, nim)
    } else {
        let k = m.ordinal_word()?;
        let nim = if m.word(&["nim-power"]).is_some() {
            true
        } else {
            // "ω to the sixth is 3": the noun may go unsaid after the base.
            if m.word(&["power"]).is_none() && raised.is_none() {
                return None;
            }
            false
        };
        (k, nim)
    };
    let (a, a_span, ord_a) = match raised {
        Some(base) => base,
        None => {
            m.word(&["of"])?;
            m.operand()?
        }
    };
    nim |= m.nim_context();
    let cmp = m.comparison()?;
    let (b, b_span, ord_b) = m.operand()?;
    // "the fifth nim-power of ω^ω is 4", "the ninth power of ω is 1": a power of an
    // ordinal term in words is its nim-power (Cantor's is written ω⁹), multiplied out in
    // plain mode, where the term has its one ordinal reading.
    let (src, mode) = if ord_a || ord_b {
        let product = vec![a.as_str(); usize::try_from(k).ok()?].join(" ⊗ ");
        (format!("{product} {} {b}", cmp_text(&cmp)?), Mode::Plain)
    } else {
        let mode = if nim { Mode::Role } else { Mode::Plain };
        (format!("{a} ^ {k} {} {b}", cmp_text(&cmp)?), mode)
    };
    let span = m.w[start].span.start..b_span.end;
    one_claim(m, &src, span, a_span.start..b_span.end, mode)
}

impl Matcher<'_> {
    /// Takes an ordinal word joined to the one before, "fourth", "9th": its number.
    fn ordinal_word(&mut self) -> Option<u32> {
        let which = self.w.get(self.at)?;
        let k = ordinal_power(&which.text)?;
        if self.at != self.start && !which.joined {
            return None;
        }
        self.at += 1;
        Some(k)
    }
}

/// "Squaring 4 gives 6", "inverting 8 yields 10": a map applied to a number.
fn map_applied(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (lhs, mode) = map_name(m)?;
    let a = m.number()?;
    // "Cubing 3 in nim arithmetic gives 1 back": the nimber power.
    let mode = if m.nim_context() { Mode::Role } else { mode };
    let cmp = m.comparison()?;
    let b = m.number()?;
    // "Squaring three gives 3 ⊗ 3 = 2": what it gives is written in symbols, read there.
    if super::goes_on(m.text, b.span.end).is_some() {
        return None;
    }
    m.maybe(&["back", "again"]);
    let src = format!(
        "{} {} {}",
        lhs.replace("{}", &num_text(&a)?),
        cmp_text(&cmp)?,
        num_text(&b)?
    );
    let span = m.w[start].span.start..b.span.end;
    one_claim(m, &src, span, a.span.start..b.span.end, mode)
}

/// "A position with no moves has value 0": the mex of no values.
fn no_options(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["a", "the", "any", "every"]);
    m.word(&["position", "game", "heap"])?;
    m.words(&["with", "no"])
        .or_else(|| m.words(&["that", "has", "no"]))
        .or_else(|| m.word(&["without"]))?;
    m.word(&["moves", "options", "move", "option"])?;
    m.past_comma();
    m.maybe(&["therefore", "thus", "so"]);
    m.words(&["has", "value"])
        .or_else(|| m.words(&["has", "the", "value"]))
        .or_else(|| m.words(&["has", "grundy", "value"]))
        .or_else(|| m.words(&["is", "worth"]))?;
    let v = m.number()?;
    clause_claims(m, start, &[format!("mex() = {}", num_text(&v)?)])
}

/// "No product of two nonzero values is 0", "… of two nonzero nimbers below 16 is zero":
/// no zero divisors (or no product of that value), checked below 256 or the bound named.
fn no_zero_product(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.words(&["no", "product", "of", "two"])
        .or_else(|| m.words(&["no", "nim-product", "of", "two"]))?;
    m.word(&["nonzero", "non-zero"])?;
    m.word(&["values", "nimbers", "elements", "numbers"])?;
    let bound = match m.word(&["below", "under"]) {
        Some(_) => num_text(&m.number()?)?,
        None => "256".to_string(),
    };
    m.word(&["is", "equals", "gives"])?;
    let k = m.number()?;
    let src = format!("forall 0 < a, b < {bound}: a * b != {}", num_text(&k)?);
    clause_claims(m, start, &[src])
}

/// "The first six values of Kayles are 0, 1, 2, 3, 1 and 4": the game's value at each heap
/// size from 0, in order; a count given ("the first six") must be the list's length.
fn first_values(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (game, values) = first_values_listed(m)?;
    let span = m.w[start].span.start..values.last()?.span.end;
    claims_per_value(m, span, &values, Mode::Role, |k, v| {
        format!("{game}({k}) = {v}")
    })
}

/// Reads what [`first_values`] reads; returns the game and the values listed.
fn first_values_listed(m: &mut Matcher<'_>) -> Option<(String, Vec<Token>)> {
    let start = m.at;
    // "Its first nine values are …", after a sentence about the game.
    let its = m.word(&["its"]).is_some();
    if !its {
        m.maybe(&["the"]);
    }
    m.word(&["first"])?;
    // "The first few values are …" gives no count: the list is as long as it is.
    let n = if m.word(&["few"]).is_some() {
        None
    } else {
        m.number()
    };
    let game = match game_ref(m).filter(|_| !its) {
        Some((g, _)) => {
            m.maybe(&["grundy", "nim"]);
            m.word(&["values"])?;
            g
        }
        None if its => {
            m.maybe(&["grundy", "nim"]);
            m.word(&["values"])?;
            subject_before(m, start)?
        }
        None => {
            m.maybe(&["grundy", "nim"]);
            m.word(&["values"])?;
            if m.word(&["of", "in"]).is_some() {
                game_ref(m)?.0
            } else {
                // "For Kayles the first twelve values are …": the game the sentence
                // names before, or the one the sentence before is about, or else the one
                // the paragraph named or declared last above it.
                named_before(m, start)
                    .or_else(|| subject_before(m, start))
                    .or_else(|| named_or_current(m, start))?
            }
        }
    };
    // "…, for heap sizes 0 to 11, are …": the sizes the list runs over.
    let sizes = heap_sizes_aside(m);
    // "the first twelve Kayles values: 0, 1, 2, …", a colon for "are".
    if m.gap() == ":" {
        m.loose = Some(m.at);
    } else {
        m.word(&["are"])?;
    }
    let first = m.number()?;
    let values = m.series(first);
    if let Some(n) = &n
        && num_value(n)? != values.len() as u128
    {
        return None;
    }
    if let Some((from, to)) = sizes
        && (from != 0 || to + 1 != values.len() as u128)
    {
        return None;
    }
    Some((game, values))
}

/// "The first twelve values are 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6. A quarter of them,
/// three of the twelve, equal 1": a count or fraction of the values a sentence up to two
/// before lists, each the game's value at its heap.
fn of_them_values(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "two of them", a count; else "a quarter of them", "25% of them", a fraction.
    let counted = how_many(m)
        .filter(|_| m.w.get(m.at).is_some_and(|w| w.text == "of"))
        .and_then(|k| num_value(&k));
    let fraction = match counted {
        Some(_) => None,
        None => {
            m.at = start;
            Some(fraction(m)?)
        }
    };
    m.word(&["of"])?;
    m.word(&["them", "these", "those"])?;
    // ", three of the twelve,": the count, and how many there are.
    let mut counts = Vec::new();
    if m.after_comma() {
        m.past_comma();
        counts.push(num_value(&how_many(m)?)?);
        m.words(&["of", "the"])?;
        counts.push(num_value(&m.number()?)?);
        if !m.after_comma() {
            return None;
        }
        m.past_comma();
    }
    let verb = m.word(&["equal", "are", "is", "have"])?;
    match text_of(m, &verb).as_str() {
        "have" => {
            m.word(&["value"])?;
        }
        "equal" => {}
        _ => {
            let _ = m.words(&["equal", "to"]).or_else(|| m.word(&["worth"]));
        }
    }
    let v = num_text(&m.number()?)?;
    // The list: in the nearest of the two sentences before that has one.
    let mut end = sentence_start(m, start);
    let (game, n) = (0..2).find_map(|_| {
        let from = sentence_start(m, end.checked_sub(1)?);
        let found = (from..end).find_map(|j| {
            let mut sub = m.fresh_at(j);
            let (game, values) = first_values_listed(&mut sub)?;
            Some((game, values.len() as u128))
        });
        end = from;
        found
    })?;
    let part = match (counted, fraction) {
        (Some(k), _) => k,
        (None, Some((num, den))) => {
            let part = n.checked_mul(num)?;
            if den == 0 || part % den != 0 {
                return None;
            }
            part / den
        }
        (None, None) => return None,
    };
    if counts.get(1).is_some_and(|&total| total != n) {
        return None;
    }
    let mut claims = vec![format!("count{{0 <= n < {n} : {game}(n) = {v}}} = {part}")];
    if let Some(k) = counts.first() {
        claims.push(format!("count{{0 <= n < {n} : {game}(n) = {v}}} = {k}"));
    }
    clause_claims(m, start, &claims)
}

/// Reads ", for heap sizes 0 to 11," or ", for rows of 0 to 15 pins," set off by commas;
/// returns the first and last size.
fn heap_sizes_aside(m: &mut Matcher<'_>) -> Option<(u128, u128)> {
    let save = (m.at, m.loose);
    let read = (|| {
        if !m.after_comma() {
            return None;
        }
        m.past_comma();
        // ", G(0) to G(11),": the sizes in the values' own notation.
        let at = (m.at, m.loose);
        if let Some(sizes) = sizes_in_notation(m) {
            return Some(sizes);
        }
        (m.at, m.loose) = at;
        m.word(&["for", "at"])?;
        // "for heap sizes 0 to 11", "for rows of 0 to 15 pins".
        if m.word(&["heap", "row"]).is_some() {
            m.word(&["sizes", "lengths"])?;
        } else {
            m.word(&["heaps", "rows", "piles"])?;
            m.word(&["of"])?;
        }
        let from = num_value(&m.number()?)?;
        m.word(&["to", "through"])?;
        let to = num_value(&m.number()?)?;
        m.maybe(&["pins", "tokens", "counters", "stones"]);
        m.after_comma().then(|| m.past_comma())?;
        Some((from, to))
    })();
    if read.is_none() {
        (m.at, m.loose) = save;
    }
    read
}

/// Reads "G(0) to G(11)," after a comma, a name and its first and last argument, and
/// returns the two.
fn sizes_in_notation(m: &mut Matcher<'_>) -> Option<(u128, u128)> {
    let name = m.w.get(m.at)?.text.clone();
    if name.len() > 12 || !name.chars().all(char::is_alphabetic) {
        return None;
    }
    let argument = |m: &mut Matcher<'_>, closing: &str| {
        if m.w.get(m.at)?.text != name {
            return None;
        }
        m.at += 1;
        if m.gap() != "(" {
            return None;
        }
        m.loose = Some(m.at);
        let v = num_value(&m.number()?)?;
        if m.gap() != closing {
            return None;
        }
        m.loose = Some(m.at);
        Some(v)
    };
    let from = argument(m, ")")?;
    m.word(&["to", "through"])?;
    let to = argument(m, "),")?;
    Some((from, to))
}

/// "The values of u start 0, 1, 0, 1", "the sequence of values of Kayles begins with 0, 1,
/// 2", "its values run 0, 1, 0, 1, 2", "the values of u repeat 0, 1, 0, 1, 2, 3, 2 with
/// period 7": the game's values from heap 0 are the list (and its period the one stated,
/// as long as the list).
fn values_start(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "0.54 starts 0, 1, 0, 1, 2, 2, 2, 4 and has period 7 from heap size 3": a game named
    // as the subject.
    let save = m.at;
    let (game, before, repeat) = match game_ref(m) {
        Some((game, _)) if m.word(&["starts", "begins", "runs"]).is_some() => {
            m.maybe(&["with"]);
            (game, None, false)
        }
        _ => {
            m.at = save;
            values_subject(m, start)?
        }
    };
    let values = match before {
        Some(values) => values,
        None => {
            let first = m.number()?;
            m.series(first)
        }
    };
    if values.len() < 2 {
        return None;
    }
    let span = m.w[start].span.start..values.last()?.span.end;
    let mut out = claims_per_value(m, span.clone(), &values, Mode::Role, |k, v| {
        format!("{} = {v}", value_of(&game, &k.to_string()))
    })?;
    if repeat {
        let r = m.words(&["with", "period"])?;
        let p = m.number()?;
        if num_value(&p)? != values.len() as u128 {
            return None;
        }
        let _ = m.words(&["as", "well"]);
        let src = format!("period({game}) = {}", num_text(&p)?);
        let span = m.w[start].span.start..p.span.end;
        out.push(claim_at_span(
            m,
            &src,
            span,
            r.start..p.span.end,
            Mode::Role,
        )?);
    } else {
        let more = then_repeat(m, &game).or_else(|| and_has_period(m, &game));
        out.extend(more.into_iter().flatten());
    }
    Some(out)
}

/// Takes the words before the values of [`values_start`] when no game is their subject:
/// "Its values run", "The values of Kayles are", "The values 0, 0, 1 repeat". Returns the
/// game, the values listed before the verb, and whether that verb is "repeat".
fn values_subject(m: &mut Matcher<'_>, start: usize) -> Option<(String, Option<Vec<Token>>, bool)> {
    // "Its values run 0, 1, 0, …": the game the sentence before speaks of, or, opening a
    // paragraph, the one just declared.
    let its = m.word(&["its"]).is_some();
    if !its {
        m.maybe(&["the"]);
    }
    let _ = m.words(&["sequence", "of"]);
    m.maybe(&["grundy", "nim"]);
    m.word(&["values", "nim-values"])?;
    let of = !its && m.word(&["of", "in"]).is_some();
    let game = if its {
        subject_before(m, start).or_else(|| {
            let g = m.lex.current_game().filter(|_| start == 0)?;
            Some(g.name.clone())
        })?
    } else if of {
        game_ref(m)?.0
    } else {
        // "The values start 0, 1, 0, …": the game the sentence names, or the last one.
        named_or_current(m, start)?
    };
    // "With moves of 2 or 5 the values 0, 0, 1, 1, 0, 2, 1 repeat with period 7": the
    // list before its verb.
    let before = if of || its {
        None
    } else {
        m.number().map(|first| m.series(first))
    };
    let repeat = if m.word(&["repeat", "repeats"]).is_some() {
        true
    } else if before.is_none() {
        // "The values of Kayles are 0, 1, 2, 3, 1, 4", from heap 0.
        let are = m.word(&["are"]).is_some() && of;
        if !are {
            m.word(&[
                "start", "starts", "begin", "begins", "run", "runs", "go", "goes",
            ])?;
        }
        m.maybe(&["with"]);
        false
    } else {
        return None;
    };
    Some((game, before, repeat))
}

/// Reads "… and has period 7 from heap size 3" after a game's first values: its period,
/// and where it starts.
fn and_has_period(m: &mut Matcher<'_>, game: &str) -> Option<Vec<Found>> {
    let save = (m.at, m.loose);
    let r = m.words(&["and", "has", "period"])?;
    let Some(p) = m.number() else {
        (m.at, m.loose) = save;
        return None;
    };
    let at = r.start..p.span.end;
    let src = format!("period({game}) = {}", num_text(&p)?);
    let mut out = vec![claim_at_span(m, &src, at.clone(), at, Mode::Role)?];
    let from = m
        .words(&["from", "heap", "size"])
        .or_else(|| m.word(&["from"]));
    if let Some(f) = from {
        let n = m.number()?;
        let at = f.start..n.span.end;
        let src = format!("preperiod({game}) = {}", num_text(&n)?);
        out.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?);
    }
    Some(out)
}

/// Reads "… and then repeat with period 7 from the very first heap" after a game's first
/// values: its period, and a preperiod of 0 where the repetition starts at the start.
fn then_repeat(m: &mut Matcher<'_>, game: &str) -> Option<Vec<Found>> {
    let save = (m.at, m.loose);
    let repeat = m
        .words(&["and", "then", "repeat"])
        .or_else(|| m.words(&["and", "then", "repeats"]))
        .or_else(|| m.words(&["and", "repeat"]));
    let Some(p) = repeat
        .and_then(|_| m.words(&["with", "period"]))
        .and_then(|r| Some((r, m.number()?)))
    else {
        (m.at, m.loose) = save;
        return None;
    };
    let (r, p) = p;
    let at = r.start..p.span.end;
    let src = format!("period({game}) = {}", num_text(&p)?);
    let mut out = vec![claim_at_span(m, &src, at.clone(), at, Mode::Role)?];
    let from_start = m
        .words(&["from", "the", "very", "first", "heap"])
        .or_else(|| m.words(&["from", "the", "first", "heap"]))
        .or_else(|| m.words(&["from", "the", "start"]))
        .or_else(|| m.words(&["from", "the", "very", "start"]));
    if let Some(at) = from_start {
        let src = format!("preperiod({game}) = 0");
        out.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?);
    }
    Some(out)
}

/// Words after which a number is the object of a preposition, not the subject of a claim:
/// "no nimber below 16 has order 7".
const PREPOSITIONS: [&str; 12] = [
    "below", "under", "above", "over", "than", "of", "from", "to", "at", "by", "with", "in",
];

/// Returns whether a claim may start with the number at word `i`: not after a preposition
/// ("below 16 has …") nor at the end of an expression ("ω + 1 has …").
fn may_be_subject(m: &Matcher<'_>, i: usize) -> bool {
    let Some(w) = m.w.get(i) else { return false };
    // "… have degree 1, two have degree 2": a property's value is no subject.
    let before = i.checked_sub(1).and_then(|p| m.w.get(p));
    let object = before.is_some_and(|p| {
        w.joined
            && (PREPOSITIONS.contains(&p.text.as_ref())
                || ["degree", "order", "period", "preperiod"].contains(&p.text.as_ref()))
    });
    let operator = m.text[..w.span.start]
        .trim_end()
        .ends_with(['+', '-', '−', '·', '⋅', '×', '*', '⊕', '⊗', '^']);
    !object && !operator
}

/// The characters of an ordinal term in symbols: "ω + 1", "ω²·2 + ω·2 + 2", "ω^ω", "α₅"
/// (and brackets around an exponent, which [`Matcher::operand`] takes).
fn ordinal_char(c: char) -> bool {
    c.is_ascii_digit() || "ωα+·⋅×^⊕⊗ ⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉".contains(c)
}

impl Matcher<'_> {
    /// Takes an operand: a number, or an ordinal term in symbols starting with ω or αₚ
    /// ("ω + 1", "ω²·2 + 2", "ω^ω"); returns its text for the statement language, its span
    /// and whether it is an ordinal term (read in plain mode, where its `+`, `·` and powers
    /// have their one ordinal reading).
    fn operand(&mut self) -> Option<(String, Range<usize>, bool)> {
        let word = self.w.get(self.at)?;
        let joined = self.at == self.start || word.joined || self.loose == Some(self.at);
        if joined && self.text[word.span.start..].starts_with(['ω', 'α']) {
            let rest = &self.text[word.span.start..];
            // A bracket only around an exponent, as math renders `\omega^{\omega}`: "ω^(ω)".
            let (mut depth, mut last) = (0usize, ' ');
            let len: usize = rest
                .chars()
                .take_while(|&c| {
                    let takes = match c {
                        '(' => last == '^',
                        ')' => depth > 0,
                        _ => ordinal_char(c),
                    };
                    match c {
                        '(' => depth += 1,
                        ')' => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                    if c != ' ' {
                        last = c;
                    }
                    takes
                })
                .map(char::len_utf8)
                .sum();
            let term = rest[..len].trim_end_matches(|c: char| c == ' ' || "+·⋅^⊕⊗".contains(c));
            let end = word.span.start + term.len();
            // The term ends at a word's end (or a bracket after one), and lexes.
            let word_end = word.span.start + term.trim_end_matches(')').len();
            let next = self.w.partition_point(|x| x.span.start < end);
            if next == self.at || self.w[next - 1].span.end != word_end {
                return None;
            }
            stmt::lexer::lex(term, Mode::Plain).ok()?;
            self.at = next;
            // The word after a closing bracket goes on the sentence.
            if term.ends_with(')') {
                self.loose = Some(next);
            }
            let text = if term == "ω" {
                term.to_string()
            } else {
                format!("({term})")
            };
            return Some((text, word.span.start..end, true));
        }
        let n = self.number()?;
        Some((num_text(&n)?, n.span, false))
    }
}

/// "ω has degree 6 over the two-element field", "the element ω + 1 has order 63", "ω^ω
/// has degree 20 and order 75": degrees, orders and inverses of ordinals (and of numbers,
/// with a second property after "and").
fn has_terms(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Over the field with four elements, ω has degree 3": the degree over a subfield.
    let save = m.at;
    let mut over = None;
    if m.word(&["over"]).is_some()
        && let Some((size, _)) = m.field_size()
        && m.after_comma()
    {
        m.past_comma();
        over = Some(size);
    } else {
        m.at = save;
    }
    // "Both ω + 1 and ω + 2 have order 63": each of several subjects.
    let both = m.word(&["both"]).is_some();
    if m.word(&["the"]).is_some() {
        m.word(&[
            "element", "ordinal", "nimber", "elements", "ordinals", "nimbers",
        ])?;
    } else {
        m.maybe(&["element", "ordinal", "nimber"]);
    }
    if !both && !may_be_subject(m, m.at) {
        return None;
    }
    let (a, _, mut ordinal) = m.operand()?;
    let mut subjects = vec![a.clone()];
    while m.after_comma() || m.w.get(m.at).is_some_and(|w| w.text == "and") {
        let save = (m.at, m.loose);
        m.loose = Some(m.at);
        let and = m.word(&["and"]).is_some();
        m.loose = Some(m.at);
        let Some((b, _, o)) = m.operand() else {
            (m.at, m.loose) = save;
            break;
        };
        subjects.push(b);
        ordinal |= o;
        if and {
            break;
        }
    }
    // Several numbers alone are `has`'s, which reads the field they are in.
    if both && subjects.len() != 2 || subjects.len() > 1 && !ordinal {
        return None;
    }
    // "ω³ itself has order 27".
    m.maybe(&["itself", "alone"]);
    let has = m.word(&[if subjects.len() > 1 { "have" } else { "has" }])?;
    if subjects.len() > 1 {
        m.maybe(&["both", "all"]);
    }
    let mut claims = Vec::new();
    loop {
        m.maybe(&["the", "a", "an"]);
        m.maybe(&["nim", "multiplicative"]);
        let name = if m.word(&["degree"]).is_some() {
            "deg"
        } else if m.word(&["order"]).is_some() {
            "ord"
        } else if m
            .word(&["inverse", "nim-inverse", "reciprocal", "nim-reciprocal"])
            .is_some()
        {
            "inv"
        } else {
            // "ω^ω has fifth nim-power 4": a power, the product of that many factors.
            let k = m.ordinal_word()?;
            m.word(&["nim-power"])?;
            let (b, span_b, _) = m.operand()?;
            for a in &subjects {
                let claim = format!("{} = {b}", nim_power_term(a, k, ordinal)?);
                claims.push((claim, span_b.clone()));
            }
            if !more_terms(m) {
                break;
            }
            continue;
        };
        let (b, span_b, _) = m.operand()?;
        let save = m.at;
        let two = m
            .words(&["over", "the", "two-element", "field"])
            .or_else(|| m.words(&["over", "the", "field", "of", "two", "elements"]));
        let field = match two {
            Some(_) => Some(2),
            None if m.word(&["over"]).is_some() => Some(m.field_size()?.0),
            None => {
                m.at = save;
                over
            }
        };
        for a in &subjects {
            let claim = match field {
                Some(size) if name == "deg" && size > 2 => degree_over(a, &b, size)?,
                _ => format!("{name}({a}) = {b}"),
            };
            claims.push((claim, span_b.clone()));
        }
        if !more_terms(m) {
            break;
        }
    }
    if !ordinal && claims.len() < 2 {
        return None;
    }
    let mode = ordinal_mode(ordinal);
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut out = Vec::new();
    for (src, at) in claims {
        out.push(claim_at_span(
            m,
            &src,
            span.clone(),
            has.start..at.end,
            mode,
        )?);
    }
    // "ω has degree 6, and its order is 9".
    if subjects.len() == 1 {
        out.extend(its_more(m, &a, mode));
    }
    Some(out)
}

/// Returns the nim-power `k` of `a` as a claim writes it: for an ordinal term, whose `^`
/// is the ordinal power, the product of `k` factors.
fn nim_power_term(a: &str, k: u32, ordinal: bool) -> Option<String> {
    Some(if ordinal {
        vec![a; usize::try_from(k).ok().filter(|&k| k <= 64)?].join(" ⊗ ")
    } else {
        format!("{a}^{k}")
    })
}

/// Takes the words before a further property in a list of them ("…, degree 20 and order
/// 75"), and returns whether one follows; else leaves the matcher where it was.
fn more_terms(m: &mut Matcher<'_>) -> bool {
    let save = (m.at, m.loose);
    let comma = m.after_comma();
    m.past_comma();
    m.maybe(&["and"]);
    let next = m.w.get(m.at).map(|w| w.text.as_ref());
    let power = next.is_some_and(|w| ordinal_power(w).is_some())
        && m.w.get(m.at + 1).is_some_and(|w| w.text == "nim-power");
    let listed = (comma || m.at > save.0)
        && (power || next.is_some_and(|w| ["order", "degree", "inverse"].contains(&w)));
    if !listed {
        (m.at, m.loose) = save;
    }
    listed
}

/// The claim that `a` has degree `b` over the field with `size` elements (2^j, j a power
/// of two): the degree d over the two-element field has lcm(d, j) = b·j, so d is b·j when
/// b is even, else b·2^u for some 2^u dividing j.
fn degree_over(a: &str, b: &str, size: u128) -> Option<String> {
    let j = size.ilog2();
    let b: u128 = b.parse().ok()?;
    let options: Vec<String> = if b.is_multiple_of(2) {
        vec![b.checked_mul(u128::from(j))?.to_string()]
    } else {
        (0..=j.ilog2())
            .map(|u| b.checked_mul(1 << u).map(|d| d.to_string()))
            .collect::<Option<_>>()?
    };
    Some(format!(
        "exists d in {{{}}}: deg({a}) = d",
        options.join(", ")
    ))
}

/// Takes what a count of field elements asks of them, as an adjective before the noun
/// ("primitive elements") or a phrase after it ("elements of order 3"); returns the
/// statement's `count(kind, S[, d])` arguments after the size: the kind and the order.
fn element_kind(m: &mut Matcher<'_>) -> Option<(&'static str, Option<String>)> {
    let mut nonzero = false;
    let before = if m.word(&["primitive"]).is_some() {
        Some("primitive")
    } else {
        nonzero = m.word(&["nonzero", "non-zero"]).is_some();
        None
    };
    m.word(&["elements", "element", "nimbers", "nimber"])?;
    if before.is_some() {
        return Some(("primitive", None));
    }
    let save = m.at;
    if m.word(&["of"]).is_some() {
        m.maybe(&["multiplicative"]);
        if m.word(&["order"]).is_some() {
            let d = m.number()?;
            return Some(("order", Some(num_text(&d)?)));
        }
        m.at = save;
    }
    // "16 elements" counts zero too; "15 nonzero elements" does not.
    Some((if nonzero { "units" } else { "all" }, None))
}

/// Takes where a count of elements ranges: "below 16", "of (in) the field below 16", "of
/// the field with 16 elements"; returns the field's size.
fn count_range(m: &mut Matcher<'_>) -> Option<u128> {
    if m.word(&["below", "under"]).is_some() {
        return num_value(&m.number()?).filter(|&v| is_field_size(v));
    }
    m.word(&["of", "in"])?;
    Some(m.field_size()?.0)
}

/// Returns the source of the count of nonzero elements of the field below `size` of a kind.
fn count_src(kind: &str, size: u128, order: Option<&str>) -> String {
    if kind == "all" {
        return format!("count{{a < {size} : a < {size}}}");
    }
    match order {
        Some(d) => format!("count({kind}, {size}, {d})"),
        None => format!("count({kind}, {size})"),
    }
}

/// Returns the claim that `k` elements of the field below `size` are of `kind` (of order
/// `order`), spanning the clause from word `start` to the last word read.
fn elements_count_claim(
    m: &mut Matcher<'_>,
    start: usize,
    kind: &str,
    size: u128,
    order: Option<Token>,
    k: &Token,
) -> Option<Vec<Found>> {
    let order = match order {
        Some(d) => Some(num_text(&d)?),
        None => None,
    };
    let src = format!(
        "{} = {}",
        count_src(kind, size, order.as_deref()),
        num_text(k)?
    );
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// Takes ", of which the least is 18" or ", and 4 is not one of them" after a count of
/// field elements of a kind; returns its claims (none when neither follows): the element
/// is (or is not) of the kind, and none before it (after it, for "the largest") is.
fn least_of_kind(
    m: &mut Matcher<'_>,
    kind: &str,
    size: u128,
    order: Option<&str>,
) -> Option<Vec<Found>> {
    if !m.after_comma() {
        return Some(Vec::new());
    }
    let (save, loose) = (m.at, m.loose.replace(m.at));
    let from = m.w.get(m.at).map(|w| w.span.start);
    // The order the kind's elements have.
    let of_order = match (kind, order) {
        ("primitive", _) => Some((size - 1).to_string()),
        ("order", Some(d)) => Some(d.to_string()),
        _ => None,
    };
    // "and 4 is not one of them", "and 2 is among them".
    let among = |m: &mut Matcher<'_>| {
        m.word(&["and", "but"])?;
        let n = m.number()?;
        m.is()?;
        let cmp = if m.word(&["not"]).is_some() {
            "!="
        } else {
            "="
        };
        m.words(&["one", "of", "them"])
            .or_else(|| m.words(&["among", "them"]))?;
        Some((n, cmp))
    };
    if let Some((n, cmp)) = among(m) {
        let own = format!("ord({}) {cmp} {}", num_text(&n)?, of_order?);
        let span = from?..m.w[m.at - 1].span.end;
        return one_claim(m, &own, span, n.span.clone(), Mode::Role);
    }
    // ", of which the least is 18", ", the largest of which is 15".
    m.at = save;
    let of_which = m.words(&["of", "which", "the"]).is_some();
    if !of_which {
        m.maybe(&["the"]);
    }
    let which = m.word(&["least", "smallest", "first", "largest", "greatest", "last"]);
    // ", the least being 18".
    let being = which.is_some() && !of_which && m.word(&["being"]).is_some();
    let Some(which) = which.filter(|_| of_which || being || m.words(&["of", "which"]).is_some())
    else {
        (m.at, m.loose) = (save, loose);
        return Some(Vec::new());
    };
    if !being {
        m.is()?;
    }
    let n = m.number()?;
    let n_text = num_text(&n)?;
    let of_order = of_order?;
    let (lo, hi) = if ["least", "smallest", "first"].contains(&text_of(m, &which).as_str()) {
        ("0".to_string(), n_text.clone())
    } else {
        (n_text.clone(), size.to_string())
    };
    let span = from?..m.w[m.at - 1].span.end;
    let own = format!("ord({n_text}) = {of_order}");
    let none = format!("count{{{lo} < x < {hi} : ord(x) = {of_order}}} = 0");
    Some(vec![
        claim_at_span(m, &own, span.clone(), n.span.clone(), Mode::Role)?,
        claim_at_span(m, &none, span, n.span.clone(), Mode::Role)?,
    ])
}

/// Counts of field elements in words: "exactly four elements of the field below 16 have
/// order 5", "no nimber below 16 has order 7", "there are eight primitive elements in the
/// field below 16", "the field below 256 has 128 primitive elements", "the field below 16
/// has 15 nonzero elements".
fn field_count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "the group of units of the field below 16": the field is another thing's argument.
    let before = start.checked_sub(1).map(|p| match m.w[p].text.as_ref() {
        "the" => p.checked_sub(1),
        _ => Some(p),
    });
    if before
        .flatten()
        .is_some_and(|p| m.w[p].text == "of" && m.w[p + 1].joined)
    {
        return None;
    }
    // "the multiplicative group of the field below 16 has 15 elements": its nonzero ones.
    let group = m.words(&["the", "multiplicative", "group", "of"]).is_some();
    let save = m.at;
    // "the field below 256 has 128 primitive elements"
    if let Some((size, _)) = m.field_size() {
        let has = m.word(&["has", "have", "contains", "contain", "holds", "hold"])?;
        let k = how_many(m)?;
        let (kind, order) = element_kind(m)?;
        let kind = if group && kind == "all" {
            "units"
        } else {
            kind
        };
        let src = format!(
            "{} = {}",
            count_src(kind, size, order.as_deref()),
            num_text(&k)?
        );
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        let mut found = one_claim(m, &src, span.clone(), has.start..span.end, Mode::Role)?;
        found.extend(least_of_kind(m, kind, size, order.as_deref())?);
        return Some(found);
    }
    if group {
        return None;
    }
    m.at = save;
    // "Below 256 there are 128 primitive elements": the range first.
    let lead = ["below", "under"]
        .contains(&m.w[start].text.as_ref())
        .then(|| count_range(m))
        .flatten();
    if lead.is_some() {
        m.past_comma();
    } else {
        m.at = save;
    }
    // "there are eight primitive elements in the field below 16"
    if m.words(&["there", "are"]).is_some() || m.words(&["there", "is"]).is_some() {
        let k = how_many(m)?;
        let (kind, order) = element_kind(m)?;
        // "Below 256, the order of 16 is 85, and there are 128 primitive elements": of the
        // field the text names last.
        let size = match lead {
            Some(size) => size,
            None => {
                let save = (m.at, m.loose);
                match count_range(m) {
                    Some(size) => size,
                    None => {
                        (m.at, m.loose) = save;
                        orders::field_in_text(m, start)?
                    }
                }
            }
        };
        let mut claims = vec![format!(
            "{} = {}",
            count_src(kind, size, order.as_deref()),
            num_text(&k)?
        )];
        // "… among the 255 nonzero values": how many there are to choose from.
        let save = m.at;
        let among = (|| {
            m.words(&["among", "the"])?;
            let n = m.number()?;
            m.word(&["nonzero", "non-zero"])?;
            m.word(&["values", "elements", "nimbers"])?;
            num_text(&n)
        })();
        match among {
            Some(n) => claims.push(format!("count{{x < {size} : x != 0}} = {n}")),
            None => m.at = save,
        }
        let mut found = clause_claims(m, start, &claims)?;
        found.extend(least_of_kind(m, kind, size, order.as_deref())?);
        return Some(found);
    }
    m.at = save;
    // "exactly four elements of the field below 16 have order 5", "no nimber below 16 has
    // order 7"; not "half of the fifteen elements", whose number says how many there are.
    let determiner = start
        .checked_sub(1)
        .is_some_and(|p| ["the", "of", "all", "these", "those"].contains(&m.w[p].text.as_ref()));
    if determiner || !may_be_subject(m, start) {
        return None;
    }
    let k = how_many(m)?;
    let nonzero = m.word(&["nonzero", "non-zero"]).is_some();
    let one = m.word(&["element", "nimber"]).is_some();
    if !one {
        m.word(&["elements", "nimbers"])?;
    }
    let size = count_range(m)?;
    let (kind, order, _) = predicate(m)?;
    // One element for "no nimber … has", several for "four elements … have".
    let _ = nonzero;
    elements_count_claim(m, start, kind, size, order, &k)
}

/// "There are 15 nonzero nimbers below 16, and 8 of them are primitive", "…; four of
/// these have order 5": a count of the elements below the field size named last before
/// it, in its sentence.
fn of_them(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let k = how_many(m)?;
    m.word(&["of"])?;
    m.word(&["them", "these", "those"])?;
    let (kind, order, _) = predicate(m)?;
    // Only kinds that no zero has: whether "them" counts 0 is not said.
    if !matches!(kind, "primitive" | "order") {
        return None;
    }
    let from = (0..start)
        .rev()
        .find(|&j| starts_sentence(m.text, m.w, j))
        .unwrap_or(0);
    let size = (from..start).rev().find_map(|j| {
        if !matches!(m.w[j].text.as_ref(), "below" | "under") {
            return None;
        }
        number(m.w, j + 1)
            .and_then(|n| number_of(&n.text))
            .filter(|&v| is_field_size(v))
    })?;
    elements_count_claim(m, start, kind, size, order, &k)
}

/// "the elements of order 3 below 16 are 2 and 3", "the primitive elements of the field
/// below 4 are 2 and 3": the set of nonzero elements of the kind is the list.
fn elements_are(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let (kind, order) = element_kind(m)?;
    if kind == "units" || kind == "all" {
        return None;
    }
    let size = count_range(m)?;
    m.word(&["are"])?;
    let first = m.number()?;
    let listed = m.series(first);
    let values: Vec<u128> = listed.iter().map(num_value).collect::<Option<_>>()?;
    let mut distinct = values.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let list: Vec<String> = values.iter().map(u128::to_string).collect();
    let list = list.join(", ");
    let test = match (kind, &order) {
        ("order", Some(d)) => format!("ord(a) = {d}"),
        _ => format!("ord(a) = {}", size - 1),
    };
    // As many of the kind as listed, each listed one nonzero, in the field and of the kind.
    let src = format!(
        "{} = count{{a in {{{list}}} : a != 0}} = count{{a in {{{list}}} : a < {size}}} = count{{a in {{{list}}} : {test}}} = {}",
        count_src(kind, size, order.as_deref()),
        distinct.len()
    );
    let span = m.w[start].span.start..listed.last()?.span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "A third of the nonzero nimbers below 16 are left unchanged by squaring twice",
/// "exactly four of the nimbers below 16 are fixed by squaring": a count or fraction of
/// the elements a repeated squaring fixes.
fn fixed_by_squaring(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (num, den) = match fraction(m) {
        Some(f) => f,
        None => {
            m.at = start;
            (num_value(&how_many(m)?)?, 0)
        }
    };
    m.word(&["of"])?;
    m.word(&["the"])?;
    let nonzero = m.word(&["nonzero", "non-zero"]).is_some();
    m.word(&["values", "nimbers", "elements", "numbers"])?;
    m.word(&["below", "under"])?;
    let n = num_value(&m.number()?)?;
    if n > 1 << 16 {
        return None;
    }
    m.word(&["are", "is", "stay", "remain"])?;
    m.maybe(&["left"]);
    m.word(&["unchanged", "fixed"])?;
    m.word(&["by", "under"])?;
    m.word(&["squaring"])?;
    let times = squarings(m)?;
    let total = if nonzero { n - 1 } else { n };
    let k = if den == 0 {
        num
    } else if (total * num) % den == 0 {
        total * num / den
    } else {
        return None;
    };
    let low = if nonzero { "0 < " } else { "" };
    let power = 1u128 << times;
    let src = format!("count{{{low}a < {n} : a^{power} = a}} = {k}");
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "Squaring leaves exactly two values below 16 unchanged", "squaring twice leaves four
/// values below 256 fixed", "In the field below 256, squaring four times fixes 16 values":
/// how many values below the bound a repeated nim-square fixes.
fn squaring_fixes(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "In the field below 256, squaring four times fixes 16 values."
    let mut field = None;
    if m.words(&["in", "the", "field"]).is_some() {
        m.word(&["below", "under"])?;
        field = Some(m.number()?);
        m.past_comma();
    }
    m.word(&["squaring"])?;
    let times = squarings(m)?;
    m.word(&["leaves", "fixes", "keeps"])?;
    // A count ("16 values", "all 256"), or the values themselves ("only 0 and 1", "exactly
    // the four elements 0, 1, 2 and 3").
    let all = m.word(&["all"]).is_some();
    m.maybe(&["exactly", "just", "only", "precisely"]);
    let said = match m.word(&["the"]) {
        Some(_) => {
            let k = m.number()?;
            m.word(&["values", "nimbers", "elements", "numbers"])?;
            Some(k)
        }
        None => None,
    };
    let first = how_many(m)?;
    let listed = m.series(first);
    if said
        .as_ref()
        .is_some_and(|k| listed.len() < 2 || num_value(k) != Some(listed.len() as u128))
    {
        return None;
    }
    let save = m.at;
    // "… fixes 2 of the 256": the field's size.
    if field.is_none()
        && said.is_none()
        && listed.len() == 1
        && m.words(&["of", "the"]).is_some()
        && let Some(size) = m.number()
    {
        field = Some(size);
    } else {
        m.at = save;
    }
    let save = m.at;
    let _ = m.words(&["of", "the"]);
    let noun = m.word(&["values", "nimbers", "elements", "numbers"]);
    if noun.is_none() {
        m.at = save;
    }
    // "… only 0 and 1 below 16": the list's bound.
    if field.is_none() && (noun.is_some() || listed.len() > 1) {
        let save = m.at;
        let _ = m
            .words(&["of", "the", "field"])
            .or_else(|| m.words(&["in", "the", "field"]));
        match m.word(&["below", "under"]) {
            Some(_) => field = Some(m.number()?),
            None => m.at = save,
        }
    }
    // "Squaring leaves two values below 16 unchanged, and squaring twice leaves four":
    // the field the sentence named before. A list with no bound holds in every field from
    // 2^16 on: for fewer than 16 squarings the subfield fixed is the same in each.
    let field = match field.or_else(|| field_before(m, start)) {
        Some(f) => num_text(&f)?,
        None if listed.len() > 1 && times < 16 => "65536".to_string(),
        None => return None,
    };
    // "… where they were", "… unchanged", "… in place".
    let _ = m
        .words(&["where", "they", "were"])
        .or_else(|| m.words(&["where", "they", "are"]))
        .or_else(|| m.words(&["in", "place"]))
        .or_else(|| m.word(&["unchanged", "fixed", "alone"]));
    let power = 1u128 << times;
    let count = match listed.as_slice() {
        [one] => num_text(one)?,
        _ if all => return None,
        many => many.len().to_string(),
    };
    let src = format!("count{{a < {field} : a^{power} = a}} = {count}");
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut out = one_claim(m, &src, span.clone(), span.clone(), Mode::Role)?;
    // Each value listed is one fixed: with the count, they are all of them.
    if listed.len() > 1 {
        out.extend(claims_per_value(m, span, &listed, Mode::Role, |_, v| {
            format!("{v}^{power} = {v}")
        })?);
    }
    Some(out)
}

/// Returns the bound the sentence named before word `start` ("values below 16"), the
/// field a later clause counts in.
fn field_before(m: &Matcher<'_>, start: usize) -> Option<Token> {
    words_back(m, start)
        .filter(|&k| ["below", "under"].contains(&m.w[k].text.as_ref()))
        .find_map(|k| {
            m.list_at(k + 1)
                .and_then(|(list, _)| list.into_iter().next())
        })
}

/// Takes how many times a squaring is repeated: none said is once; "twice", "three
/// times", "8 times", up to 64.
fn squarings(m: &mut Matcher<'_>) -> Option<u32> {
    if m.word(&["once"]).is_some() {
        return Some(1);
    }
    if m.word(&["twice"]).is_some() {
        return Some(2);
    }
    if m.word(&["thrice"]).is_some() {
        return Some(3);
    }
    let save = m.at;
    if let Some(n) = m.number().and_then(|n| num_value(&n))
        && m.word(&["times"]).is_some()
    {
        return u32::try_from(n).ok().filter(|n| (1..=64).contains(n));
    }
    m.at = save;
    Some(1)
}

/// "The numbers 2, 4, 16, 256 and 65536 are the first Fermat 2-powers": the k-th listed is
/// 2^(2^k), from k = 0.
fn first_fermat(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.maybe(&["numbers", "nimbers", "values"]);
    let first = m.number()?;
    let listed = m.series(first);
    if listed.len() < 2 {
        return None;
    }
    m.word(&["are"])?;
    m.maybe(&["the"]);
    m.word(&["first"])?;
    if let Some(k) = m.number()
        && num_value(&k)? != listed.len() as u128
    {
        return None;
    }
    m.words(&["fermat", "2-powers"])
        .or_else(|| m.words(&["fermat", "powers"]))?;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    claims_per_value(m, span, &listed, Mode::Role, |k, v| {
        format!("{v} = 2 ** (2 ** {k})")
    })
}

/// "Cubing the nonzero nimbers below 16 reaches only a third of them", "squaring the
/// values below 256 hits all of them": how many values a nim-square or nim-cube takes,
/// counted as a number or a fraction of the values squared or cubed.
fn power_reach(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let verb = m.word(&["squaring", "cubing"])?;
    let kind = match text_of(m, &verb).as_str() {
        "squaring" => "squares",
        _ => "cubes",
    };
    m.word(&["the", "all"])?;
    m.maybe(&["the"]);
    let nonzero = m.word(&["nonzero", "non-zero"]).is_some();
    m.word(&["values", "nimbers", "elements", "numbers"])?;
    m.word(&["below", "under"])?;
    let n = num_value(&m.number()?).filter(|&v| is_field_size(v))?;
    m.word(&["reaches", "hits", "covers", "gives", "produces", "yields"])?;
    let total = if nonzero { n - 1 } else { n };
    let k = if m.words(&["all", "of", "them"]).is_some() {
        total
    } else {
        m.maybe(&["only", "exactly", "just", "precisely"]);
        let save = m.at;
        let (num, den) = match fraction(m) {
            Some(f) => f,
            None => {
                m.at = save;
                (num_value(&m.number()?)?, 1)
            }
        };
        m.words(&["of", "them"])?;
        let part = total.checked_mul(num)?;
        if part % den != 0 {
            return None;
        }
        part / den
    };
    // Zero is the square and the cube of zero alone.
    let zero = if nonzero { "" } else { " + 1" };
    let src = format!("count({kind}, {n}){zero} = {k}");
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Plain)
}

/// Takes the name of a function of one element in words: "inverse", "order", "degree",
/// "square root"; returns its name in the statement language.
fn function_name(m: &mut Matcher<'_>) -> Option<&'static str> {
    m.maybe(&["nim", "multiplicative", "nimber"]);
    if m.word(&["inverse", "nim-inverse", "reciprocal", "nim-reciprocal"])
        .is_some()
    {
        Some("inv")
    } else if m.word(&["order"]).is_some() {
        Some("ord")
    } else if m.word(&["degree"]).is_some() {
        Some("deg")
    } else if m.words(&["square", "root"]).is_some() {
        Some("sqrt")
    } else {
        None
    }
}

/// Takes "in the field below S" (or "of S elements") after an element; returns S.
fn in_field(m: &mut Matcher<'_>) -> Option<u128> {
    let save = m.at;
    if m.word(&["in"]).is_some()
        && let Some((size, _)) = m.field_size()
    {
        return Some(size);
    }
    m.at = save;
    None
}

/// "2 has a smaller order than 6", "ω has a larger degree than 4": a property of two
/// elements compared.
fn has_compared(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if !may_be_subject(m, start) {
        return None;
    }
    let (a, a_span, ord_a) = m.operand()?;
    m.word(&["has"])?;
    m.maybe(&["a", "an"]);
    let cmp = if m.word(&["smaller", "lower", "lesser"]).is_some() {
        "<"
    } else {
        m.word(&["larger", "greater", "bigger", "higher"])?;
        ">"
    };
    m.maybe(&["multiplicative"]);
    let name = if m.word(&["order"]).is_some() {
        "ord"
    } else {
        m.word(&["degree"])?;
        "deg"
    };
    m.word(&["than"])?;
    let (b, b_span, ord_b) = m.operand()?;
    let _ = m.word(&["does", "has"]);
    let src = format!("{name}({a}) {cmp} {name}({b})");
    let mode = ordinal_mode(ord_a || ord_b);
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span, a_span.start..b_span.end, mode)
}

/// "ω times ω times ω, in the nim sense, comes to 2", "3 times 3 in nimber arithmetic is
/// 2", "3 times 3 is 2 in nim arithmetic", "In the nimbers, 3 plus 5 is 6": the phrase
/// that makes the operation the nimber one, after its operands, after the result or as
/// the lead.
fn nim_sense_after(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "In nim arithmetic, 3 times 3 is 2": the phrase as the sentence's lead.
    let save = (m.at, m.loose);
    let lead = m.nim_context() && m.after_comma();
    if lead {
        m.past_comma();
    } else {
        (m.at, m.loose) = save;
    }
    let (a, a_span, _) = m.operand()?;
    let mut terms = vec![a];
    let mut op = None;
    loop {
        let this = if m.word(&["times"]).is_some() || m.words(&["multiplied", "by"]).is_some() {
            "⊗"
        } else if m.word(&["plus"]).is_some() || m.words(&["added", "to"]).is_some() {
            "⊕"
        } else {
            break;
        };
        if op.is_some_and(|o| o != this) {
            return None;
        }
        op = Some(this);
        terms.push(m.operand()?.0);
    }
    let op = op?;
    let save = (m.at, m.loose);
    m.past_comma();
    let before = !lead && m.nim_context();
    if before {
        m.past_comma();
    } else {
        (m.at, m.loose) = save;
    }
    let cmp = m.comparison()?;
    let (c, c_span, _) = m.operand()?;
    // "3 times 3 is 2 in nim arithmetic": the phrase after the result.
    if !lead && !before {
        m.past_comma();
        if !m.nim_context() {
            return None;
        }
    }
    let src = format!("{} {} {c}", terms.join(&format!(" {op} ")), cmp_text(&cmp)?);
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span, a_span.start..c_span.end, Mode::Plain)
}

/// "In ordinary arithmetic 3 + 5 = 8, but in nim arithmetic it is 6", "…, whereas as
/// nimbers they give 6": the nimber operation of the last sum or product in words or
/// symbols before "but" (in its sentence, or the one before when "But" opens one), whose
/// operands the pronoun stands for.
fn but_in_nim(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["but", "whereas", "while"])?;
    if !m.nim_context() {
        return None;
    }
    m.past_comma();
    let _ = m
        .words(&["it", "is"])
        .or_else(|| m.words(&["it", "gives"]))
        .or_else(|| m.words(&["they", "give"]))
        .or_else(|| m.words(&["they", "make"]))
        .or_else(|| m.words(&["the", "answer", "is"]))?;
    let d = m.number()?;
    // The last "a + b", "a plus b", "a × b" or "a times b" of the sentence before "but".
    let from = (0..start)
        .rev()
        .find(|&k| starts_sentence(m.text, m.w, k))
        .unwrap_or(0);
    let (a, op, b) = (from..start).rev().find_map(|j| {
        let a =
            m.w.get(j)
                .filter(|w| w.numeric && w.text.bytes().all(|b| b.is_ascii_digit()))?;
        let next = m.w.get(j + 1)?;
        let gap = m.text[a.span.end..next.span.start].trim();
        let (op, b) = match (gap, next.text.as_ref()) {
            ("+", _) => ("⊕", next),
            ("×" | "*" | "·", _) => ("⊗", next),
            ("", "plus") => ("⊕", m.w.get(j + 2)?),
            ("", "times") => ("⊗", m.w.get(j + 2)?),
            _ => return None,
        };
        let digits = |w: &Word| !w.text.is_empty() && w.text.bytes().all(|b| b.is_ascii_digit());
        (digits(b) && b.span.start < m.w[start].span.start).then_some((a, op, b))
    })?;
    let src = format!("{} {op} {} = {}", a.text, b.text, num_text(&d)?);
    let span = m.w[start].span.start..d.span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "6 divided by 3 is 11", "the quotient of 6 by 3 is 11" ("dividing 1 by 6 gives 9" is a
/// gerund of [`pair`]): the nim quotient `a ⊗ b⁻¹` with "in nim arithmetic" (or another
/// phrase that makes it the nimber one), else the two readings of `/` in plain math.
fn divided_by(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (a, by) = if m.words(&["the", "quotient", "of"]).is_some()
        || m.words(&["the", "nim", "quotient", "of"]).is_some()
        || m.words(&["the", "nim-quotient", "of"]).is_some()
    {
        let a = m.number()?;
        (a, m.word(&["by", "and"])?)
    } else {
        let a = m.number()?;
        (a, m.words(&["divided", "by"])?)
    };
    let b = m.number()?;
    let nim = m.nim_context() || text_of(m, &(m.w[start].span.start..by.end)).contains("nim");
    m.past_comma();
    let cmp = m.comparison()?;
    let c = m.number()?;
    m.tokens = vec![a, Token::new(Tok::Slash, by), b, cmp, c];
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mode = if nim { Mode::Role } else { Mode::Plain };
    Some(vec![finish(m, span, mode)])
}

/// "Adding a heap of 6 to a heap of 3 gives a game worth *5", "combining rows of 2 and 3
/// in Kayles makes a P-position": the value of a sum of positions.
fn adding_positions(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["adding", "combining"])?;
    let mut p = positions(m)?;
    if m.word(&["to", "with"]).is_some() {
        let q = positions(m)?;
        p.sizes.extend(q.sizes);
        p.game = p.game.or(q.game);
        p.by_unit = p.by_unit.or(q.by_unit);
        p.pins |= q.pins;
    }
    let name = game_of(m, &p, start)?;
    m.past_comma();
    let verb = m.word(&["gives", "makes", "yields", "produces"])?;
    m.maybe(&["a", "an"]);
    m.maybe(&["game", "position", "sum"]);
    let mut tokens = game_sum(&name, p.sizes);
    if let Some(r) = m
        .word(&["worth"])
        .or_else(|| m.words(&["of", "value"]))
        .or_else(|| m.words(&["with", "value"]))
    {
        let v = m.number()?;
        tokens.extend([Token::new(Tok::Cmp(Cmp::Eq), verb.start..r.end), v]);
    } else {
        let (zero, span) = outcome(m)?;
        let cmp = if zero { Cmp::Eq } else { Cmp::Ne };
        tokens.extend([
            Token::new(Tok::Cmp(cmp), verb.start..span.end),
            Token::new(Tok::Num("0".into()), span),
        ]);
    }
    clause_claim(m, start, tokens)
}

/// "Heaps of 4 and 12 are each worth 2. Together they are a first-player win", "…; they are
/// worth 0 together": the sum of the positions the sentence before lists.
fn they_together(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if !starts_sentence(m.text, m.w, start) && !clause_opens(m.text, m.w.get(start)?.span.start) {
        return None;
    }
    let mut together = m.word(&["together"]).is_some();
    m.past_comma();
    m.word(&["they"])?;
    together |= m.word(&["together"]).is_some();
    let verb = m.word(&["are", "make", "form"])?;
    together |= m.word(&["together"]).is_some();
    // The positions of the sentence before: the first list of two or more in it.
    let from = sentence_start(m, start.checked_sub(1)?);
    let (p, name) = (from..start).find_map(|j| {
        let mut sub = m.fresh_at(j);
        let p = positions(&mut sub).filter(|p| p.sizes.len() > 1)?;
        let name = game_of(&mut sub, &p, j)?;
        Some((p, name))
    })?;
    // The sizes are shown where the claim is made.
    let here = m.w[start].span.start..m.w[start].span.start;
    let sizes = p
        .sizes
        .into_iter()
        .map(|(t, own)| (Token::new(t.tok, here.clone()), own))
        .collect();
    let mut tokens = game_sum(&name, sizes);
    if let Some(r) = m.word(&["worth"]) {
        let v = m.number()?;
        together |= m.word(&["together"]).is_some();
        tokens.extend([Token::new(Tok::Cmp(Cmp::Eq), verb.start..r.end), v]);
    } else {
        m.maybe(&["together"]);
        let (zero, span) = outcome(m)?;
        let cmp = if zero { Cmp::Eq } else { Cmp::Ne };
        tokens.extend([
            Token::new(Tok::Cmp(cmp), verb.start..span.end),
            Token::new(Tok::Num("0".into()), span),
        ]);
    }
    if !together {
        return None;
    }
    clause_claim(m, start, tokens)
}

/// "Rows of 4 and 5 together make a position worth 5", "a heap of 6 and a heap of 9 have
/// nim-sum 15", "the heaps 3, 5 and 7 have a nim-sum of 1", "heaps of 2 and 3 are worth 1
/// together": the value of a sum of positions.
fn positions_together(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let p = match positions(m) {
        Some(p) => p,
        None => {
            m.at = start;
            heaps_listed(m)?
        }
    };
    if p.sizes.len() < 2 {
        return None;
    }
    let name = game_of(m, &p, start)?;
    // "Heaps of 6 and 7, worth 3 and 1, are worth 2 together": each one's value between
    // commas first.
    let mut each = Vec::new();
    if m.after_comma() && m.w.get(m.at).is_some_and(|w| w.text == "worth") {
        m.past_comma();
        m.word(&["worth"])?;
        let first = m.number()?;
        let values = m.series(first);
        if values.len() != p.sizes.len() || !m.after_comma() {
            return None;
        }
        m.past_comma();
        for ((size, own), v) in p.sizes.iter().zip(&values) {
            let game = own.as_deref().unwrap_or(&name);
            each.push(format!(
                "{} = {}",
                value_of(game, &num_text(size)?),
                num_text(v)?
            ));
        }
    }
    m.maybe(&["together"]);
    let verb = m.word(&[
        "make", "makes", "form", "forms", "give", "gives", "have", "has", "are", "is",
    ])?;
    let worth = match text_of(m, &verb).as_str() {
        "have" | "has" => {
            m.maybe(&["a", "the"]);
            m.maybe(&["combined", "total", "joint"]);
            let r = m
                .word(&["nim-sum", "value"])
                .or_else(|| m.words(&["grundy", "value"]))?;
            m.maybe(&["of"]);
            r
        }
        "are" | "is" => {
            m.maybe(&["together"]);
            m.word(&["worth"])?
        }
        _ => {
            m.maybe(&["together"]);
            // "make ∗4": the value itself; "form one as well" is a position, not ∗1.
            let bare =
                m.w.get(m.at).is_some_and(|w| w.numeric && w.text != "one") && m.number().is_some();
            if bare {
                m.at -= 1;
                verb.clone()
            } else {
                m.maybe(&["a", "an"]);
                m.maybe(&["position", "game", "sum"]);
                m.word(&["worth"])
                    .or_else(|| m.words(&["of", "value"]))
                    .or_else(|| m.words(&["with", "value"]))?
            }
        }
    };
    let v = m.number()?;
    // "are worth 3 and 2": a value for each, which [`game_value`] reads; "nim-sum 1 and
    // three winning moves" counts the moves.
    let after = (m.at, m.loose);
    if m.series(v.clone()).len() > 1 {
        if m.w.get(m.at).is_none_or(|w| w.text != "winning") {
            return None;
        }
        (m.at, m.loose) = after;
    }
    m.maybe(&["together"]);
    // "… are worth ∗12 together in Nim": a game named after the value is theirs.
    let name = played_in(m).unwrap_or(name);
    let values: Option<Vec<u128>> = p.sizes.iter().map(|(t, _)| num_value(t)).collect();
    let mut tokens = game_sum(&name, p.sizes);
    tokens.extend([Token::new(Tok::Cmp(Cmp::Eq), verb.start..worth.end), v]);
    let mut found = clause_claim(m, start, tokens)?;
    let span = found.first()?.span.clone();
    for src in &each {
        found.push(claim_at_span(
            m,
            src,
            span.clone(),
            span.clone(),
            Mode::Role,
        )?);
    }
    // "Heaps of 7, 11 and 13 have nim-sum 1, and three winning moves": Nim's moves counted.
    if name == NIM
        && let Some(values) = values
    {
        let save = (m.at, m.loose);
        m.past_comma();
        let counted = m.word(&["and"]).and_then(|_| {
            let from = m.at;
            let k = how_many(m)?;
            m.word(&["winning"])?;
            m.word(&["moves", "move"])?;
            winning_move_count(m, from, &values, &k)
        });
        match counted {
            Some(more) => found.extend(more),
            None => (m.at, m.loose) = save,
        }
    }
    Some(found)
}

/// "Heaps of 0, 1 and 2 tokens cannot be split, so their values are 0", "heaps of one and
/// two tokens cannot be split and have value 0": one value, of each position listed, after
/// a clause that says why. With no clause between, "have value" is left to the reading of
/// the positions' sum, and "their values are" is said of each.
fn positions_each_value(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    const EACH: [&[&str]; 9] = [
        &["have", "value"],
        &["each", "have", "value"],
        &["all", "have", "value"],
        &["their", "values", "are", "all"],
        &["their", "values", "are"],
        &["each", "have", "the", "value"],
        &["are", "each", "worth"],
        &["are", "both", "worth"],
        &["are", "all", "worth"],
    ];
    const AFTER_CLAUSE: [&[&str]; 4] = [
        &["they", "are", "all", "worth"],
        &["they", "are", "worth"],
        &["are", "worth"],
        &["are", "all", "worth"],
    ];
    let start = m.at;
    let p = positions_or_each(m)?;
    if p.sizes.len() < 2 {
        return None;
    }
    let name = game_of(m, &p, start)?;
    // The clause that says why: a few words with no number, up to "so" or "and".
    let mut between = 0;
    let verb = loop {
        let save = (m.at, m.loose);
        m.past_comma();
        let lead = m.word(&["so", "and", "hence", "thus"]).is_some() || between == 0;
        let verb = EACH
            .iter()
            .filter(|seq| between > 0 || seq[0] != "have")
            .chain(AFTER_CLAUSE.iter().filter(|_| between > 0))
            .find_map(|seq| m.words(seq));
        if lead && let Some(verb) = verb {
            break verb;
        }
        (m.at, m.loose) = save;
        let word = m.w.get(m.at)?;
        let gap = m.gap();
        if between >= 8 || word.numeric || !(gap.is_empty() || gap == ",") {
            return None;
        }
        m.at += 1;
        between += 1;
    };
    let v = m.number()?;
    let span = m.w[start].span.start..v.span.end;
    let mut out = Vec::new();
    for (size, own) in p.sizes.clone() {
        let mut tokens = game_sum(&name, vec![(size, own)]);
        tokens.extend([Token::new(Tok::Cmp(Cmp::Eq), verb.clone()), v.clone()]);
        m.tokens = tokens;
        out.push(finish(m, span.clone(), Mode::Role));
    }
    // "…, so together they are worth 0": their sum.
    let save = (m.at, m.loose);
    m.past_comma();
    m.maybe(&["so", "and"]);
    let together = m
        .words(&["together", "they", "are", "worth"])
        .or_else(|| m.words(&["they", "are", "together", "worth"]))
        .or_else(|| m.words(&["their", "sum", "is", "worth"]))
        .or_else(|| m.words(&["their", "sum", "is"]));
    match together.and_then(|verb| Some((verb, m.number()?))) {
        Some((verb, total)) => {
            let mut tokens = game_sum(&name, p.sizes);
            let at = verb.start..total.span.end;
            tokens.extend([Token::new(Tok::Cmp(Cmp::Eq), verb), total]);
            m.tokens = tokens;
            // Its own words, apart from those of each position's value.
            out.push(finish(m, at, Mode::Role));
        }
        None => (m.at, m.loose) = save,
    }
    Some(out)
}

/// "The Kayles values of rows of 1, 2 and 3 pins are 1, 2 and 3", "rows of 1, 2 and 3
/// have values 1, 2 and 3 (respectively)": the values of positions listed, in order.
fn positions_values(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // The values named first: "the (Kayles|Grundy) values of …".
    let save = m.at;
    m.maybe(&["the"]);
    let mut named = game_ref(m).map(|(name, _)| name);
    m.maybe(&["grundy", "nim"]);
    let first = m.word(&["values", "nim-values", "grundy-values"]).is_some();
    if first {
        m.word(&["of", "for"])?;
        // "the values of Kayles for rows of 1 to 12".
        let before = m.at;
        if named.is_none()
            && let Some((name, _)) = game_ref(m)
        {
            if m.word(&["for", "of", "at"]).is_some() {
                named = Some(name);
            } else {
                m.at = before;
            }
        }
    } else {
        m.at = save;
        named = None;
    }
    let from = m.at;
    let mut p = positions(m)?;
    // "rows of 1 to 12 skittles": every size from the first to the last.
    if let [(a, None)] = p.sizes.as_slice()
        && m.word(&["to"]).is_some()
    {
        let b = m.number()?;
        let (lo, hi) = (num_value(a)?, num_value(&b)?);
        if hi <= lo || hi - lo >= 64 {
            return None;
        }
        let span = a.span.start..b.span.end;
        p.sizes = (lo..=hi)
            .map(|k| (Token::new(Tok::Num(k.to_string()), span.clone()), None))
            .collect();
        m.maybe(&["pins", "skittles", "tokens", "counters", "coins", "stones"]);
    }
    // Each size is its own position: "rows of 1, 2 and 3" lists three.
    if p.sizes.len() < 2 {
        return None;
    }
    let name = match named {
        Some(n) => n,
        None => game_of(m, &p, from)?,
    };
    let verb = if first {
        m.word(&["are"])?
    } else {
        let have = m.word(&["have"])?;
        m.maybe(&["the"]);
        m.maybe(&["grundy", "nim"]);
        m.word(&["values", "nim-values", "grundy-values"])?;
        have
    };
    let (values, span) = respective_values(m, start, p.sizes.len())?;
    let mut out = Vec::new();
    for ((size, own), v) in p.sizes.into_iter().zip(values) {
        let mut tokens = game_sum(&name, vec![(size, own)]);
        tokens.extend([Token::new(Tok::Cmp(Cmp::Eq), verb.clone()), v]);
        m.tokens = tokens;
        out.push(finish(m, span.clone(), Mode::Role));
    }
    Some(out)
}

/// "With heaps of 5, 9 and 12, the nim-sum is 0", "From heaps of 4, 7 and 9 the nim-sum
/// is 10": positions named first, then the value of their sum.
fn with_positions(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "In the position 3, 12, 14, 1 the nim-sum is 0": "in" only before a position.
    let opener = m.word(&["with", "for", "from", "in"])?;
    let position = m.w.get(m.at..m.at + 2).is_some_and(|w| {
        w[0].text == "position" || (w[0].text == "the" && w[1].text == "position")
    });
    if text_of(m, &opener) == "in" && !position {
        return None;
    }
    // "With 5, 9 and 11 the nim-sum is 7": heaps listed bare, Nim's.
    let bare =
        m.w.get(m.at)
            .is_some_and(|w| w.numeric)
            .then(|| m.list_at(m.at))
            .flatten()
            .filter(|(l, _)| l.len() > 1);
    let listed_bare = bare.is_some();
    let p = match bare {
        Some((listed, after)) => {
            m.at = after;
            nim_heaps(listed)
        }
        None => positions(m)?,
    };
    let name = game_of(m, &p, start)?;
    // "With heaps of 4, 7 and 9, the nim-sum is 10", the comma perhaps left out.
    if m.after_comma() {
        m.past_comma();
    } else if !m
        .w
        .get(m.at)
        .is_some_and(|w| matches!(w.text.as_ref(), "the" | "their"))
    {
        return None;
    }
    m.maybe(&["the", "their"]);
    let what = m
        .word(&["nim-sum", "value"])
        .or_else(|| m.words(&["grundy", "value"]))?;
    // Numbers listed bare have a nim-sum, but whose value they are is not said.
    if listed_bare && text_of(m, &what) != "nim-sum" {
        return None;
    }
    // "From heaps of 4, 7 and 9 the nim-sum is 10" on a page whose game is played on heaps:
    // the nim-sum of heaps no sentence gives a game is Nim's.
    let current = m.lex.current_game().map(|g| g.name.clone());
    let name = if text_of(m, &what) == "nim-sum"
        && p.game.is_none()
        && current.as_ref() == Some(&name)
        && named_before(m, start).is_none()
        && named_in_paragraph(m, &p, start).is_none()
    {
        NIM.to_string()
    } else {
        name
    };
    if m.words(&["of", "the", "heaps"]).is_none() {
        let _ = m.words(&["of", "the", "rows"]);
    }
    let cmp = m.comparison()?;
    let v = m.number()?;
    let mut tokens = game_sum(&name, p.sizes);
    tokens.extend([Token::new(cmp.tok, what.start..cmp.span.end), v]);
    clause_claim(m, start, tokens)
}

/// "A Kayles row of 12 is worth more than a row of 11", "a heap of 5 is worth less than 6":
/// values compared as the ordinary integers that name them.
fn worth_more(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let p = positions(m)?;
    let name = game_of(m, &p, start)?;
    let r = m
        .words(&["is", "worth"])
        .or_else(|| m.words(&["are", "worth"]))?;
    let cmp = if m.word(&["more"]).is_some() {
        Cmp::Gt
    } else {
        m.word(&["less"])?;
        Cmp::Lt
    };
    let than = m.word(&["than"])?;
    let mut tokens = game_sum(&name, p.sizes);
    tokens.push(Token::new(Tok::Cmp(cmp), r.start..than.end));
    let from = m.at;
    match positions(m) {
        Some(q) => {
            let other = game_of(m, &q, from)?;
            tokens.extend(game_sum(&other, q.sizes));
        }
        None => {
            m.at = from;
            tokens.push(m.number()?);
        }
    }
    clause_claim(m, start, tokens)
}

/// "No heap below 40 is worth more than ∗3 in Grundy's game", "every heap below 50 is
/// worth at most 3": every position below the bound is worth at most the value; "no
/// nonempty row is worth 0" (or "is lost"): none has the value.
fn none_worth_more(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let none = m.word(&["no"]).is_some();
    if !none {
        m.word(&["every", "each"])?;
    }
    m.maybe(&["single"]);
    let nonempty = m.word(&["nonempty", "non-empty"]).is_some();
    let noun = m.word(&POSITION_NOUNS)?;
    let noun = text_of(m, &noun);
    let mut name = played_in(m);
    // "no heap is ever worth more than 8": every heap, checked below a window past which a
    // game's values are read off its proved period.
    let bound = match m.word(&["below", "under"]) {
        Some(_) => num_text(&m.number()?)?,
        None => EVER_WINDOW.to_string(),
    };
    name = name.or_else(|| played_in(m));
    // "no heap has a value above 2", "every heap has a Grundy value below 4".
    let has = m.word(&["has", "takes", "gets", "reaches"]).is_some();
    if has {
        m.maybe(&["a"]);
        m.maybe(&["grundy", "nim"]);
        m.word(&["value"])?;
    } else {
        m.is()?;
        m.maybe(&["ever"]);
    }
    // "no nonempty row is lost", "no single nonempty row is worth 0": no position has
    // the value.
    let (cmp, v) = match outcome(m).filter(|_| none && !has) {
        Some((zero, r)) => {
            let cmp = if zero { "!=" } else { "=" };
            (cmp, Token::new(Tok::Num("0".into()), r))
        }
        None => {
            if !has {
                m.word(&["worth"])?;
            }
            (value_limit(m, none)?, m.number()?)
        }
    };
    // "No row is worth ∗4 in Kayles until it holds 5 pins" is read by [`none_until`].
    if cmp == "!=" {
        let until = (m.at..m.w.len().min(m.at + 6))
            .any(|k| matches!(m.w[k].text.as_ref(), "until" | "before"));
        // A text cut at a possessive ("… in Grundy’") may hide the "until" after it.
        let cut = m.w.len() < m.at + 6 && !m.text.trim_end().ends_with(['.', '!', '?', ';']);
        if until || cut {
            return None;
        }
        let save = m.at;
        name = name.or_else(|| played_in(m));
        m.at = save;
    }
    // The game named, or else the one its positions are of, as for "a heap of 7".
    let p = Positions {
        sizes: Vec::new(),
        game: name,
        by_unit: unit_game(m.lex, &noun),
        pins: false,
        heaps: noun == "heap",
        each: false,
    };
    let name = game_of(m, &p, start)?;
    if name == NIM {
        return None;
    }
    // "no row is lost": the empty position, lost in every game, is no row.
    let empty_lost = none && cmp == "!=" && num_value(&v) == Some(0);
    let from = if nonempty || empty_lost { "1 <= " } else { "" };
    let src = format!(
        "forall {from}n < {bound}: {name}(n) {cmp} {}",
        num_text(&v)?
    );
    clause_claims(m, start, &[src])
}

/// "No value of c is above 3", "every Grundy value of Kayles is at most 9", "the values of
/// c never exceed 3", "Kayles never takes a value above 9": every position's value keeps to
/// the limit, as [`none_worth_more`] reads it of the positions.
fn values_ceiling(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let lead = m
        .word(&["no", "every", "each", "all"])
        .map(|r| text_of(m, &r));
    let (mut name, none, plural) = match lead.as_deref() {
        Some(w) => {
            if w == "all" {
                m.maybe(&["the"]);
            }
            m.maybe(&["grundy", "nim"]);
            m.word(&[if w == "all" { "values" } else { "value" }])?;
            (played_in(m), w == "no", w == "all")
        }
        None => match m.word(&["the"]) {
            Some(_) => {
                m.maybe(&["grundy", "nim"]);
                m.word(&["values"])?;
                (played_in(m), false, true)
            }
            None => {
                let (g, _) = game_ref(m)?;
                m.word(&["never"])?;
                m.word(&["takes", "reaches", "has"])?;
                m.maybe(&["a"]);
                m.maybe(&["grundy", "nim"]);
                m.word(&["value"])?;
                (Some(g), true, false)
            }
        },
    };
    let bound = match m.word(&["below", "under"]) {
        Some(_) => num_text(&m.number()?)?,
        None => EVER_WINDOW.to_string(),
    };
    // "… never exceed 3", "… are never above 3": no value passes the limit.
    let never = plural && lead.is_none() && m.word(&["never"]).is_some();
    // "Kayles never takes a value above 9": its verb is read already.
    let taken = lead.is_none() && !plural;
    let cmp = if never || none {
        let exceeds = !taken && m.word(&["exceed", "exceeds", "passes", "pass"]).is_some();
        if !taken
            && !exceeds
            && m.word(&["go", "goes", "rise", "rises", "get", "gets"])
                .is_none()
        {
            m.word(&["is", "are"])?;
        }
        if !exceeds && value_limit(m, true)? != "<=" {
            return None;
        }
        "<="
    } else {
        if plural {
            m.word(&["are", "stay", "remain"])?;
            m.maybe(&["all"]);
        } else {
            m.is()?;
        }
        value_limit(m, false)?
    };
    let v = num_text(&m.number()?)?;
    if name.is_none() {
        name = named_or_current(m, start);
    }
    let name = name?;
    if name == NIM {
        return None;
    }
    let src = format!("forall n < {bound}: {name}(n) {cmp} {v}");
    clause_claims(m, start, &[src])
}

/// Returns the game a note that names none is of ("Period 34", "the last exception is at
/// 70"): the one its sentence or paragraph names, or the page's only game. A note under a
/// heading may be of a game the heading names, so with two games on the page the one
/// declared last is not taken for it.
fn noted_game(m: &Matcher<'_>, start: usize) -> Option<String> {
    named_before(m, start)
        .or_else(|| named_in_text(m, start))
        .or_else(|| {
            let mut own = m.lex.games().iter().filter(|g| !g.known && !g.ahead);
            let first = own.next()?;
            own.next().is_none().then(|| first.name.clone())
        })
}

/// What a label before a colon names: Nim heaps, or a game.
enum Labelled {
    Heaps(Vec<u128>),
    Game(String),
}

/// "Heaps of 3, 4 and 5: nim-sum 2, and there are three winning moves", "Take 3 or 4:
/// values 0, 0, 0, 1, 1, 1, 2 and then repeat with period 7", "Take 1, 3 or 4: period 7,
/// with losing heaps 0, 2, 7 and 9": facts in note form about the heaps or the game the
/// label names, each read as its sentence would be.
fn label_facts(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Period 34; exceptions …" opening a note: of the game named last.
    // "Kayles, G(0) to G(299): period 12": or after a label's colon.
    let opens = m.text[..m.w.get(start)?.span.start]
        .trim_end()
        .ends_with(['.', ';', '-', '*', ':'])
        || m.text[..m.w[start].span.start].trim().is_empty();
    let noted = ["period", "last", "final"].contains(&m.w[start].text.as_ref());
    let subject = if opens && noted {
        Labelled::Game(noted_game(m, start)?)
    } else if m.word(&["heaps", "piles"]).is_some() {
        m.maybe(&["of"]);
        let first = m.number()?;
        let heaps = m.series(first);
        if heaps.len() < 2 {
            return None;
        }
        Labelled::Heaps(heaps.iter().map(num_value).collect::<Option<_>>()?)
    } else {
        Labelled::Game(game_ref(m)?.0)
    };
    if m.at > start {
        // "Moves {2, 3}: period 5"; "moves {3, 5, 7}, period 10 from the start".
        let gap = m.gap().trim_start_matches('}');
        let period = m.w.get(m.at).is_some_and(|w| w.text == "period");
        let game = matches!(subject, Labelled::Game(_));
        if gap != ":" && !(gap == "," && period && game) {
            return None;
        }
        m.loose = Some(m.at);
    }
    let mut out = Vec::new();
    loop {
        let from = m.at;
        let fact = match &subject {
            Labelled::Heaps(heaps) => heaps_fact(m, from, heaps),
            Labelled::Game(game) => game_fact(m, from, game),
        };
        let Some(fact) = fact else {
            m.at = from;
            break;
        };
        out.extend(fact);
        // ", and …", "; …", ", so …": the next fact.
        let save = (m.at, m.loose);
        if matches!(m.gap(), "," | ";") {
            m.loose = Some(m.at);
        }
        m.maybe(&["and", "so", "with"]);
        if m.at == save.0 && m.loose == save.1 && m.gap() != "," {
            break;
        }
        if m.at >= m.w.len() {
            (m.at, m.loose) = save;
            break;
        }
    }
    (!out.is_empty()).then_some(out)
}

/// One fact in note form about Nim heaps: "nim-sum 2", "there are three winning moves",
/// "the player to move loses".
fn heaps_fact(m: &mut Matcher<'_>, from: usize, heaps: &[u128]) -> Option<Vec<Found>> {
    let sum: Vec<String> = heaps.iter().map(u128::to_string).collect();
    let sum = sum.join(" ⊕ ");
    // "nim-sum 2", "the nim-sum is 0".
    let the = m.word(&["the", "their"]).is_some();
    if m.word(&["nim-sum"])
        .or_else(|| m.words(&["nim", "sum"]))
        .is_some()
    {
        m.maybe(&["is"]);
        let n = num_text(&m.number()?)?;
        return clause_claims(m, from, &[format!("{sum} = {n}")]);
    }
    if the {
        m.at -= 1;
    }
    if m.words(&["the", "player", "to", "move"]).is_some() {
        let zero = m.word(&["loses"]).is_some();
        if !zero {
            m.word(&["wins"])?;
        }
        let cmp = if zero { "=" } else { "!=" };
        return clause_claims(m, from, &[format!("{sum} {cmp} 0")]);
    }
    // "the only winning move is 9 → 5".
    let save = m.at;
    m.maybe(&["the"]);
    let only = m.word(&["only", "unique"]).is_some();
    if m.words(&["winning", "move", "is"]).is_some() {
        let mut claims = arrow_moves(m, heaps)?;
        if claims.len() != 2 {
            return None;
        }
        if only {
            claims.push(only_winning_move(heaps));
        }
        return clause_claims(m, from, &claims);
    }
    m.at = save;
    let _ = m
        .words(&["there", "are"])
        .or_else(|| m.words(&["there", "is"]));
    let k = how_many(m)?;
    m.word(&["winning"])?;
    m.word(&["moves", "move"])?;
    // "Three winning moves: 8 → 3, 12 → 7, 15 → 4", "one winning move, 3 → 1".
    if matches!(m.gap(), ":" | ",")
        && m.w.get(m.at + 1).is_some_and(|_| {
            let gap = &m.text[m.w[m.at].span.end..m.w[m.at + 1].span.start];
            gap.trim() == "→"
        })
    {
        m.loose = Some(m.at);
        let mut claims = arrow_moves(m, heaps)?;
        if num_value(&k) != Some(claims.len() as u128 / 2) {
            return None;
        }
        claims.push(winning_heaps(heaps, &num_text(&k)?));
        return clause_claims(m, from, &claims);
    }
    winning_move_count(m, from, heaps, &k)
}

/// "Heaps 3, 4, 5: nim-sum 2. One winning move, 3 → 1": the moves, of the heaps named
/// before, as many as counted, and no other heap has one.
fn counted_arrow_moves(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let k = how_many(m)?;
    m.word(&["winning"])?;
    m.word(&["moves", "move"])?;
    if !matches!(m.gap(), ":" | ",") {
        return None;
    }
    m.loose = Some(m.at);
    let heaps = heaps_before(m, start)?
        .iter()
        .map(|h| number_of(h))
        .collect::<Option<Vec<_>>>()?;
    let mut claims = arrow_moves(m, &heaps)?;
    if num_value(&k) != Some(claims.len() as u128 / 2) {
        return None;
    }
    claims.push(winning_heaps(&heaps, &num_text(&k)?));
    clause_claims(m, start, &claims)
}

/// "That makes four winning moves in this position", "there are three winning moves
/// here": how many winning moves the Nim heaps named before have.
fn winning_moves_here(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["so", "again"]);
    let lead = m
        .words(&["that", "makes"])
        .or_else(|| m.words(&["this", "makes"]))
        .or_else(|| m.words(&["that", "gives"]))
        .or_else(|| m.words(&["there", "are"]))
        .or_else(|| m.words(&["there", "is"]));
    // "Three winning moves.", a note of its own: from the sentence's start.
    if lead.is_none() && !starts_sentence(m.text, m.w, start) {
        return None;
    }
    let k = how_many(m)?;
    m.word(&["winning"])?;
    m.word(&["moves", "move"])?;
    let _ = m
        .words(&["in", "this", "position"])
        .or_else(|| m.words(&["from", "this", "position"]))
        .or_else(|| m.words(&["in", "all"]))
        .or_else(|| m.word(&["here"]));
    // The clause ends here: "… winning moves from heaps of 3 and 5" names its own.
    if m.w
        .get(m.at)
        .is_some_and(|_| !m.gap().starts_with(['.', ';', ':', ',']))
    {
        return None;
    }
    let heaps = heaps_before(m, start)?
        .iter()
        .map(|h| number_of(h))
        .collect::<Option<Vec<_>>>()?;
    winning_move_count(m, start, &heaps, &k)
}

/// Reads moves in Nim written "9 → 5, 12 → 7": each cuts a heap of `heaps` down, leaving
/// a nim-sum of 0. Returns their claims, two for each move.
fn arrow_moves(m: &mut Matcher<'_>, heaps: &[u128]) -> Option<Vec<String>> {
    let mut claims = Vec::new();
    loop {
        let a = m.number()?;
        if m.gap() != "→" {
            return None;
        }
        m.loose = Some(m.at);
        let b = m.number()?;
        let (a, b) = (num_value(&a)?, num_value(&b)?);
        let k = heaps.iter().position(|&h| h == a)?;
        let after: Vec<String> = heaps
            .iter()
            .enumerate()
            .map(|(i, h)| if i == k { b } else { *h }.to_string())
            .collect();
        claims.push(format!("{} = 0", after.join(" ⊕ ")));
        claims.push(format!("{b} < {a}"));
        let save = (m.at, m.loose);
        if m.gap() != "," {
            break;
        }
        m.loose = Some(m.at);
        m.maybe(&["and", "or"]);
        let arrow =
            m.w.get(m.at + 1)
                .is_some_and(|n| m.text[m.w[m.at].span.end..n.span.start].trim() == "→");
        if !arrow {
            (m.at, m.loose) = save;
            break;
        }
    }
    Some(claims)
}

/// One fact in note form about a game: "period 7 [from heap size 3]", "values 0, 1, 2 and
/// then repeat", "losing heaps 0, 2, 7 and 9".
fn game_fact(m: &mut Matcher<'_>, from: usize, game: &str) -> Option<Vec<Found>> {
    let span_from = |m: &Matcher<'_>| m.w[from].span.start..m.w[m.at - 1].span.end;
    if m.word(&["period", "preperiod"]).is_some() {
        let prop = m.w[m.at - 1].text.to_string();
        let n = num_text(&m.number()?)?;
        let mut claims = vec![format!("{prop}({game}) = {n}")];
        if prop == "period" && m.word(&["from"]).is_some() {
            // "… from the start": no preperiod.
            let preperiod = if m.words(&["the", "start"]).is_some() {
                "0".to_string()
            } else {
                m.maybe(&["heap", "row", "pile"]);
                m.maybe(&["size", "length"]);
                num_text(&m.number()?)?
            };
            claims.push(format!("preperiod({game}) = {preperiod}"));
        }
        m.maybe(&["again"]);
        return clause_claims(m, from, &claims);
    }
    // "the last exception at heap size 70", "last exception at 70": the preperiod is one
    // more.
    let save = m.at;
    m.maybe(&["the", "its"]);
    if last_exception(m) {
        m.maybe(&["is", "falls", "comes", "lies", "sits"]);
        m.word(&["at"])?;
        m.at -= 1;
        let (_, src) = falls_at_size(m, game)?;
        return clause_claims(m, from, &[src]);
    }
    m.at = save;
    // "a heap of 10 has value 1".
    if m.word(&["a"]).is_some() {
        m.word(&["heap", "row", "pile"])?;
        m.word(&["of"])?;
        let n = num_text(&m.number()?)?;
        m.maybe(&["has"]);
        m.word(&["value"]).or_else(|| m.words(&["is", "worth"]))?;
        let v = num_text(&m.number()?)?;
        return clause_claims(m, from, &[format!("{game}({n}) = {v}")]);
    }
    // "losses at the multiples of 3": the lost sizes are exactly those.
    if m.words(&["losses", "at", "the", "multiples", "of"])
        .is_some()
    {
        let k = num_value(&m.number()?)?;
        return clause_claims(m, from, &[residues_claim(game, true, k, &[0])?]);
    }
    // "25 losses among the heaps below 100", "8 P-positions below 30".
    let save = m.at;
    if let Some(k) = how_many(m) {
        let zero = match m.word(&["losses", "p-positions", "wins", "n-positions"]) {
            Some(_) => matches!(&*m.w[m.at - 1].text, "losses" | "p-positions"),
            None => {
                m.at = save;
                return None;
            }
        };
        let _ = m
            .words(&["among", "the", "heaps"])
            .or_else(|| m.words(&["among", "the", "heap", "sizes"]));
        m.word(&["below", "under"])?;
        let bound = num_text(&m.number()?)?;
        let cmp = if zero { "=" } else { "!=" };
        let src = format!(
            "count{{n < {bound} : {game}(n) {cmp} 0}} = {}",
            num_text(&k)?
        );
        return clause_claims(m, from, &[src]);
    }
    if m.words(&["losing", "heaps"])
        .or_else(|| m.word(&["p-positions"]))
        .or_else(|| m.words(&["lost", "heaps", "at"]))
        .or_else(|| m.words(&["losing", "heaps", "at"]))
        .or_else(|| m.words(&["losses", "at"]))
        .is_some()
    {
        let first = m.number()?;
        let listed = m.series(first);
        let _ = m.words(&["and", "so", "on"]);
        let span = span_from(m);
        return claims_per_value(m, span, &listed, Mode::Role, |_, v| {
            format!("{game}({v}) = 0")
        });
    }
    m.word(&["values"])?;
    let first = m.number()?;
    let listed = m.series(first);
    if listed.len() < 2 {
        return None;
    }
    // "… repeating", "… and then repeat (with period 7)": from the start, with the listed
    // values (or the period said) as its period.
    let save = (m.at, m.loose);
    if m.after_comma() {
        m.past_comma();
    }
    let repeats = m.word(&["repeating"]).is_some()
        || (m.words(&["and", "then", "repeat"]).is_some()
            || m.words(&["then", "repeat"]).is_some());
    let mut period = None;
    if repeats {
        if m.words(&["with", "period"]).is_some() {
            period = Some(num_text(&m.number()?)?);
            let _ = m.words(&["as", "well"]);
        } else {
            period = Some(listed.len().to_string());
        }
    } else {
        (m.at, m.loose) = save;
    }
    let span = span_from(m);
    let mut out = claims_per_value(m, span, &listed, Mode::Role, |k, v| {
        format!("{game}({k}) = {v}")
    })?;
    if let Some(p) = period {
        let claims = [
            format!("period({game}) = {p}"),
            format!("preperiod({game}) = 0"),
        ];
        out.extend(clause_claims(m, from, &claims)?);
    }
    Some(out)
}

/// Reads the limit a value is said to keep to, after "no heap is worth" (`none`) or "every
/// heap is worth": "no … more than 3" and "every … at most 3" say the same; "no … 3" says
/// no heap has the value, "every … below 4" that each is less.
fn value_limit(m: &mut Matcher<'_>, none: bool) -> Option<&'static str> {
    const ABOVE: [&[&str]; 8] = [
        &["more", "than"],
        &["greater", "than"],
        &["higher", "than"],
        &["larger", "than"],
        &["bigger", "than"],
        &["above"],
        &["over"],
        &["exceeding"],
    ];
    const BELOW: [&[&str]; 6] = [
        &["less", "than"],
        &["smaller", "than"],
        &["lower", "than"],
        &["below"],
        &["under"],
        &["of", "less", "than"],
    ];
    let any = |m: &mut Matcher<'_>, seqs: &[&[&str]]| seqs.iter().any(|s| m.words(s).is_some());
    if none {
        Some(if any(m, &ABOVE) { "<=" } else { "!=" })
    } else if m
        .words(&["at", "most"])
        .or_else(|| m.words(&["of", "at", "most"]))
        .is_some()
    {
        Some("<=")
    } else {
        any(m, &BELOW).then_some("<")
    }
}

/// How many heaps "no heap is ever worth more than …" is checked over: past the computed
/// values, a game's values are read off its proved period, and a game with none is an error.
const EVER_WINDOW: u32 = 10_000;

/// A comparison of two values in words, with the ordinary difference "by N" for
/// "exceeds": returns the statement's comparison and whether a difference follows.
fn value_comparison(m: &mut Matcher<'_>) -> Option<(&'static str, bool)> {
    let alternatives: [(&[&str], &str, bool); 12] = [
        (&["is", "smaller", "than"], "<", false),
        (&["is", "less", "than"], "<", false),
        (&["is", "lower", "than"], "<", false),
        (&["is", "larger", "than"], ">", false),
        (&["is", "greater", "than"], ">", false),
        (&["is", "bigger", "than"], ">", false),
        (&["is", "higher", "than"], ">", false),
        (&["exceeds"], ">", true),
        (&["is", "not", "equal", "to"], "!=", false),
        (&["is", "equal", "to"], "=", false),
        (&["equals"], "=", false),
        (&["is"], "=", false),
    ];
    alternatives
        .iter()
        .find_map(|(seq, cmp, by)| m.words(seq).map(|_| (*cmp, *by)))
}

/// "the inverse of ω + 1 is ω²·2 + ω·2 + 2", "the order of 16 in the field below 256 is
/// 85", "the order of 2 is smaller than the order of 6", "the order of 4 exceeds that of 8
/// by ten", "twelve is the inverse of 5": functions of one element whose argument is an
/// ordinal, which name their field, compare with another value, or come after the result.
fn function_terms(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "The nimber 3 is the square of 2": the result named by its noun.
    if m.words(&["the", "nimber"]).is_none() && m.words(&["the", "number"]).is_none() {
        m.at = start;
    }
    // The result first: "twelve is the inverse of 5".
    if may_be_subject(m, start)
        && let Some((v, _, ordinal)) = m.operand()
    {
        m.is()?;
        m.word(&["the"])?;
        let name = function_name(m)?;
        if name == "sqrt" {
            return None;
        }
        m.word(&["of"])?;
        let (a, span_a, ord_a) = m.operand()?;
        let mut claims = vec![format!("{name}({a}) = {v}")];
        if let Some(size) = in_field(m) {
            claims.push(format!("{a} < {size}"));
        }
        let mode = ordinal_mode(ordinal || ord_a);
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        let at = span.start..span_a.end;
        return claims
            .iter()
            .map(|src| claim_at_span(m, src, span.clone(), at.clone(), mode))
            .collect();
    }
    m.at = start;
    m.maybe(&["the"]);
    let name = function_name(m)?;
    m.word(&["of"])?;
    let (a, _, ord_a) = m.operand()?;
    let size = in_field(m);
    let (cmp, by) = value_comparison(m)?;
    // The other side: a value, "the order of 6" or "that of 8".
    let other = if m.word(&["that"]).is_some() {
        m.word(&["of"])?;
        let (b, _, o) = m.operand()?;
        Some((format!("{name}({b})"), o))
    } else {
        let save = m.at;
        m.maybe(&["the"]);
        match function_name(m) {
            Some(n) if n == name => {
                m.word(&["of"])?;
                let (b, _, o) = m.operand()?;
                Some((format!("{n}({b})"), o))
            }
            Some(_) => return None,
            None => {
                m.at = save;
                None
            }
        }
    };
    let (rhs, ord_b) = match other {
        Some(o) => o,
        None => {
            let (b, _, o) = m.operand()?;
            (b, o)
        }
    };
    let lhs = format!("{name}({a})");
    let mut claims = Vec::new();
    if by && m.word(&["by"]).is_some() {
        // "exceeds that of 8 by ten": the ordinary difference of two orders or degrees,
        // as how many whole numbers lie from the smaller up to the larger.
        let d = m.number()?;
        if !matches!(name, "ord" | "deg") {
            return None;
        }
        claims.push(format!("{lhs} > {rhs}"));
        claims.push(format!("{lhs} - {rhs} = {}", num_text(&d)?));
    } else {
        let plain = ord_a || ord_b;
        let simple = size.is_none() && cmp == "=" && !plain && !rhs.contains('(');
        // The plain forms are `function`'s.
        if simple {
            return None;
        }
        claims.push(format!("{lhs} {cmp} {rhs}"));
    }
    if let Some(size) = size {
        claims.push(format!("{a} < {size}"));
    }
    // Plain mode reads an ordinal's `+` and `·` and the ordinary difference of orders.
    let mode = if ord_a || ord_b || by {
        Mode::Plain
    } else {
        Mode::Role
    };
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    claims
        .iter()
        .map(|src| claim_at_span(m, src, span.clone(), span.clone(), mode))
        .collect()
}

impl Matcher<'_> {
    /// Takes a point in brackets, "(3, 3)" or "(2, 2, 2)"; returns its coordinates.
    fn point(&mut self) -> Option<Vec<String>> {
        let save = self.at;
        if self.gap() != "(" && !(self.at > 0 && self.gap().ends_with('(')) {
            return None;
        }
        let mut out = Vec::new();
        loop {
            let Some(n) = self.loose_number() else {
                self.at = save;
                return None;
            };
            out.push(num_text(&n)?);
            match self.gap() {
                "," => continue,
                g if g.starts_with(')') && (2..=3).contains(&out.len()) => return Some(out),
                _ => {
                    self.at = save;
                    return None;
                }
            }
        }
    }
}

/// Stones and coins on a grid: "a lone stone at (3, 3) on the grid is worth 2", "stones at
/// (2, 3) and (1, 1) together form a P-position", "a stone at (2, 2, 2) in the
/// three-dimensional game is worth 1", "in Turning Corners, a position whose only head is
/// the coin at (5, 5) has value 7". A stone (a head of Turning Corners) at (x, y) is worth
/// the nim-product x ⊗ y, and at (x, y, z) the product of the three (the theorem the
/// `{game-check}` directive verifies by search); stones together are worth the nim-sum.
fn stones(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let _ = m.words(&["a", "position", "whose", "only", "head", "is"]);
    // "(3, 5, 6) is worth 4" and "one at (5, 6) is worth 8": a point named alone.
    // Only after a comma or a sentence's end: "a Nim position (3, 5, 6)" names heaps.
    let bare = m
        .gap()
        .strip_suffix('(')
        .is_some_and(|g| matches!(g.trim_end().chars().last(), Some(',' | '.' | ':' | ';')));
    let plural = if bare || m.words(&["one", "at"]).is_some() {
        false
    } else {
        m.maybe(&["a", "an", "one", "the"]);
        m.maybe(&["lone", "single"]);
        let plural = m
            .word(&["stones", "coins", "heads", "tokens", "counters"])
            .is_some();
        if !plural {
            m.word(&["stone", "coin", "head", "token", "counter"])?;
        }
        m.maybe(&["alone"]);
        m.word(&["at", "on"])?;
        plural
    };
    let mut points = vec![m.point()?];
    loop {
        let save = m.at;
        let comma = m.gap().starts_with(')') && m.gap().contains(',');
        let and = m.w.get(m.at).is_some_and(|w| w.text == "and");
        if and {
            m.at += 1;
            // "and a stone at (1, 1)"
            let _ = m
                .words(&["a", "stone", "at"])
                .or_else(|| m.words(&["one", "at"]))
                .or_else(|| m.words(&["a", "coin", "at"]));
        } else if !comma {
            break;
        }
        match m.point() {
            Some(p) => points.push(p),
            None => {
                m.at = save;
                break;
            }
        }
        if and {
            break;
        }
    }
    if points.len() > 1 && !plural && m.w[start].text != "a" {
        return None;
    }
    let dims = points[0].len();
    if points.iter().any(|p| p.len() != dims) {
        return None;
    }
    // In a tartan product a coin's value is the product of its games' values, not of its
    // coordinates: "coin 6 of Ruler is worth 2 …, so the coin at (6, 3) is worth 8".
    // A line of a paragraph about such games has them as its context.
    let tartan = |w: &str| matches!(w, "tartan" | "ruler" | "turtles");
    if m.w.iter().any(|w| tartan(&w.text)) || m.context.is_some_and(tartan) {
        return None;
    }
    // The loose word after the closing bracket.
    m.loose = Some(m.at);
    let _ = m
        .words(&["on", "the", "grid"])
        .or_else(|| m.words(&["on", "the", "board"]))
        .or_else(|| {
            m.words(&["in", "the"])?;
            m.word(&["three-dimensional", "two-dimensional"])?;
            m.maybe(&["stone", "coin"]);
            m.word(&["game"])
        })
        .or_else(|| m.words(&["in", "turning", "corners"]));
    m.maybe(&["together"]);
    let sum: Vec<String> = points
        .iter()
        .map(|p| format!("({})", p.join(" ⊗ ")))
        .collect();
    let sum = sum.join(" ⊕ ");
    let src = if let Some(r) = m
        .words(&["is", "worth"])
        .or_else(|| m.words(&["are", "worth"]))
        .or_else(|| m.words(&["has", "value"]))
        .or_else(|| m.words(&["have", "value"]))
        .or_else(|| m.words(&["has", "grundy", "value"]))
    {
        let v = m.number()?;
        // "is worth {nim}`3*5*6`", shown as "3⊗5⊗6": a value in symbols, read there.
        if super::goes_on(m.text, v.span.end).is_some() {
            return None;
        }
        // "Stones at (2, 3) and (1, 1) are worth 1 and 1": each stone its value.
        let listed = m.series(v.clone());
        if listed.len() > 1 {
            if listed.len() != points.len() || !text_of(m, &r).starts_with("are") {
                return None;
            }
            let _ = m.word(&["respectively"]);
            let span = m.w[start].span.start..m.w[m.at - 1].span.end;
            return points
                .iter()
                .zip(&listed)
                .map(|(p, v)| {
                    let src = format!("({}) = {}", p.join(" ⊗ "), num_text(v)?);
                    claim_at_span(m, &src, span.clone(), span.clone(), Mode::Role)
                })
                .collect();
        }
        format!("{sum} = {}", num_text(&v)?)
    } else {
        m.word(&["is", "are", "form", "forms", "make"])?;
        let not = m.word(&["not"]).is_some();
        let (zero, _) = outcome(m)?;
        let cmp = if zero != not { "=" } else { "≠" };
        format!("{sum} {cmp} 0")
    };
    // Only where the sentence speaks of such a game: a grid, a board, Turning Corners, the
    // three-dimensional game, or a point of two or three coordinates with stones.
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "The ordinal ω³ is a cube root of ω", "ω is not a square root of 2": roots whose either
/// side is an ordinal term, read as a repeated nim-product, `ω³ ⊗ ω³ ⊗ ω³ = ω`.
fn ordinal_root(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if m.word(&["the"]).is_some() {
        m.word(&["ordinal", "element", "nimber"])?;
    } else {
        m.maybe(&["ordinal", "element", "nimber"]);
    }
    if !may_be_subject(m, m.at) {
        return None;
    }
    let (a, _, ord_a) = m.operand()?;
    m.is()?;
    let not = m.word(&["not"]).is_some();
    m.word(&["a", "the"])?;
    m.maybe(&["nim"]);
    let power = if m.word(&["square"]).is_some() {
        2
    } else if m.word(&["cube"]).is_some() {
        3
    } else if m.word(&["fifth"]).is_some() {
        5
    } else {
        m.word(&["seventh"])?;
        7
    };
    m.word(&["root"])?;
    m.word(&["of"])?;
    let (b, _, ord_b) = m.operand()?;
    if !ord_a && !ord_b {
        return None;
    }
    let product = vec![a.as_str(); power].join(" ⊗ ");
    let cmp = if not { "≠" } else { "=" };
    let src = format!("{product} {cmp} {b}");
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Plain)
}

/// "The field generated by ω has 64 elements": the field of 2^d elements, d the degree.
fn generated_field(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (a, ordinal, n) = if let Some((a, _, ordinal)) = m.operand() {
        // "ω generates a field of 64 elements"
        m.word(&["generates"])?;
        m.maybe(&["a", "the"]);
        m.word(&["field", "subfield"])?;
        m.word(&["of", "with"])?;
        (a, ordinal, m.number()?)
    } else {
        // "its field", "the field that ω generates".
        let its = m.w[start].text == "its";
        if its {
            m.at += 1;
        } else {
            m.maybe(&["the"]);
            m.maybe(&["smallest"]);
        }
        m.word(&["field", "subfield"])?;
        let (a, ordinal) = if its {
            let a = antecedent(m.text, m.w, start)?;
            let ordinal = a.contains(['ω', 'α']);
            (a, ordinal)
        } else if m.word(&["that", "which"]).is_some() {
            let (a, _, ordinal) = m.operand()?;
            m.word(&["generates"])?;
            (a, ordinal)
        } else {
            m.word(&["generated"])?;
            m.word(&["by"])?;
            let (a, _, ordinal) = m.operand()?;
            (a, ordinal)
        };
        m.maybe(&["over", "the", "two-element", "field"]);
        // "In the field generated by ω, which has 64 elements, …".
        if m.after_comma() {
            m.past_comma();
            m.word(&["which"])?;
        }
        m.word(&["has", "contains"])?;
        (a, ordinal, m.number()?)
    };
    m.word(&["elements"])?;
    let src = format!("2 ** deg({a}) = {}", num_text(&n)?);
    let mode = ordinal_mode(ordinal);
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, mode)
}

/// "the orders of ω and ω + 1 are 9 and 63, respectively": the lists of
/// [`respectively`] with ordinal terms among the arguments, read in plain mode.
fn respectively_ordinals(m: &mut Matcher<'_>, start: usize, name: &str) -> Option<Vec<Found>> {
    let mut args = vec![m.operand()?.0];
    loop {
        let comma = m.after_comma();
        if m.word(&["and"]).is_some() {
            args.push(m.operand()?.0);
            break;
        }
        if !comma {
            return None;
        }
        m.loose = Some(m.at);
        args.push(m.operand()?.0);
    }
    m.word(&["are"])?;
    let first = m.number()?;
    let values = m.series(first);
    if values.len() != args.len() {
        return None;
    }
    if m.after_comma() || m.w.get(m.at).is_some_and(|w| w.joined) {
        let _ =
            m.w.get(m.at)
                .filter(|w| w.text == "respectively")
                .map(|_| m.at += 1);
    }
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut out = Vec::new();
    for (a, v) in args.iter().zip(&values) {
        let lhs = match name.strip_prefix('^') {
            Some(power) => vec![a.as_str(); power.parse().ok()?].join(" ⊗ "),
            None => format!("{name}({a})"),
        };
        let src = format!("{lhs} = {}", num_text(v)?);
        out.push(claim_at_span(
            m,
            &src,
            span.clone(),
            span.clone(),
            Mode::Plain,
        )?);
    }
    Some(out)
}

/// Takes a range of heap sizes: "from 1 to 12", "1 to 10", "between 10 and 60" (both ends
/// included), "below 20", "up to 12"; returns the statement's bounds around a variable,
/// `1 <= n <= 12`. Takes nothing when it finds no range.
fn size_range(m: &mut Matcher<'_>) -> Option<String> {
    let save = (m.at, m.loose);
    let range = (|| {
        if m.word(&["below", "under"]).is_some() {
            let b = m.number()?;
            return Some(format!("n < {}", num_text(&b)?));
        }
        if m.words(&["up", "to"]).is_some() {
            let b = m.number()?;
            return Some(format!("n <= {}", num_text(&b)?));
        }
        let between = m.word(&["between"]).is_some();
        if !between {
            m.maybe(&["from"]);
        }
        let a = m.number()?;
        if between {
            m.word(&["and"])?;
        } else {
            m.word(&["to", "through"])?;
        }
        let b = m.number()?;
        Some(format!("{} <= n <= {}", num_text(&a)?, num_text(&b)?))
    })();
    if range.is_none() {
        (m.at, m.loose) = save;
    }
    range
}

/// Returns how many sizes a range of [`size_range`] holds.
fn range_total(range: &str) -> Option<u128> {
    let numbers: Vec<u128> = range
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().ok())
        .collect::<Option<_>>()?;
    match numbers[..] {
        [b] if range.starts_with("n < ") => Some(b),
        [b] => b.checked_add(1),
        [a, b] => b.checked_sub(a)?.checked_add(1),
        _ => None,
    }
}

/// "Of the heap sizes from 1 to 12, exactly three have Kayles value 4", "among the heaps
/// of 1 to 10 tokens in Grundy's game, five are P-positions", "exactly six of the heaps
/// below 21 are P-positions in Grundy's game": a count over a range of heap sizes.
fn sizes_count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Below 30, exactly 9 heap sizes of Grundy's game are P-positions": the range first.
    let mut range = None;
    if m.w
        .get(m.at)
        .is_some_and(|w| w.text == "below" || w.text == "under")
    {
        range = Some(size_range(m)?);
        if !m.after_comma() {
            return None;
        }
        m.past_comma();
        // "Below 20, Dawson's Kayles leaves the player to move lost at exactly five heap
        // sizes".
        let save = m.at;
        if let Some((game, _)) = game_ref(m)
            && m.words(&["leaves", "the", "player", "to", "move"])
                .is_some()
        {
            let (zero, _) = outcome(m)?;
            m.word(&["at", "in", "for"])?;
            let k = num_text(&how_many(m)?)?;
            // "at exactly one heap size": a count of one is singular.
            sizes_noun(m).or_else(|| {
                m.words(&["heap", "size"])
                    .or_else(|| m.words(&["row", "length"]))
                    .or_else(|| m.word(&["heap", "row", "size"]))
            })?;
            let cmp = if zero { "=" } else { "!=" };
            let range = range?;
            let src = format!("count{{{range} : {game}(n) {cmp} 0}} = {k}");
            let span = m.w[start].span.start..m.w[m.at - 1].span.end;
            return one_claim(m, &src, span.clone(), span, Mode::Role);
        }
        m.at = save;
    }
    // "Exactly six of the heaps from 1 to 20 are P-positions": the count first.
    let lead = if range.is_none() && m.word(&["of", "among"]).is_some() {
        None
    } else {
        let k = how_many(m)?;
        // "exactly 9 heap sizes below 30 are …": the count of the sizes themselves.
        if m.word(&["of"]).is_some() {
            m.word(&["the"])?;
        }
        Some(k)
    };
    if lead.is_none() {
        m.word(&["the"])?;
    }
    sizes_noun(m)?;
    let mut game = played_in(m);
    let range = match range {
        Some(r) => r,
        None => {
            m.maybe(&["of"]);
            size_range(m)?
        }
    };
    m.maybe(&["tokens", "pins", "counters"]);
    game = game.or_else(|| played_in(m));
    let k = match lead {
        Some(k) => num_text(&k)?,
        None => {
            m.past_comma();
            // "30% are lost", "a third have value 1": a fraction of the sizes counted.
            match fraction(m) {
                Some((p, q)) => {
                    let whole = range_total(&range)?.checked_mul(p)?;
                    if whole % q != 0 {
                        return None;
                    }
                    (whole / q).to_string()
                }
                None => num_text(&how_many(m)?)?,
            }
        }
    };
    let (cmp, value) = if m.word(&["have", "has"]).is_some() {
        if let Some((g, _)) = game_ref(m) {
            game = Some(g);
        }
        m.maybe(&["grundy", "nim"]);
        m.word(&["value"])?;
        ("=", num_text(&m.number()?)?)
    } else {
        m.word(&["are", "is"])?;
        let (zero, _) = outcome(m)?;
        if let Some(g) = played_in(m) {
            game = Some(g);
        }
        (if zero { "=" } else { "!=" }, "0".to_string())
    };
    let game = match game {
        Some(g) => g,
        None => named_before(m, start)?,
    };
    if game == NIM {
        return None;
    }
    let src = format!("count{{{range} : {game}(n) {cmp} {value}}} = {k}");
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "The first heap sizes at which Dawson's Kayles has value 0 are 0, 1, 5, 9 and 15": the
/// sizes up to the last listed with that value are the list.
fn first_sizes_with(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.word(&["first"])?;
    let _ = m
        .words(&["heap", "sizes"])
        .or_else(|| m.word(&["heaps", "sizes"]))?;
    m.words(&["at", "which"])
        .or_else(|| m.words(&["for", "which"]))
        .or_else(|| m.word(&["where"]))?;
    let (game, _) = game_ref(m)?;
    m.word(&["has"])?;
    m.maybe(&["grundy", "nim"]);
    m.word(&["value"])?;
    let v = num_text(&m.number()?)?;
    m.word(&["are"])?;
    let first = m.number()?;
    let listed = m.series(first);
    let values: Vec<u128> = listed.iter().map(num_value).collect::<Option<_>>()?;
    let last = *values.iter().max()?;
    let mut distinct = values.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let list: Vec<String> = values.iter().map(u128::to_string).collect();
    let list = list.join(", ");
    let src = format!(
        "count{{n <= {last} : {game}(n) = {v}}} = count{{n in {{{list}}} : {game}(n) = {v}}} = {}",
        distinct.len()
    );
    let span = m.w[start].span.start..listed.last()?.span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "In the game of one or two, the losing heaps are exactly the multiples of three", "the
/// P-positions of the subtraction game are the heap sizes that leave remainder 0 or 3 on
/// division by 7": the positions of that outcome below a bound are exactly those sizes.
fn positions_residues(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let zero = if m.word(&["p-positions"]).is_some() {
        true
    } else if m.word(&["n-positions"]).is_some() {
        false
    } else {
        let zero = m
            .word(&["losing", "lost"])
            .map(|_| true)
            .or_else(|| m.word(&["winning", "won"]).map(|_| false))?;
        m.maybe(&["heap", "row"]);
        m.word(&["heaps", "sizes", "positions", "rows"])?;
        zero
    };
    let mut game = played_in(m);
    m.word(&["are"])?;
    m.maybe(&["exactly", "precisely", "just"]);
    m.maybe(&["the"]);
    let (modulus, residues, end) = if m.words(&["multiples", "of"]).is_some() {
        let k = m.number()?;
        (num_value(&k)?, vec![0], k.span.end)
    } else {
        let _ = m
            .words(&["heap", "sizes"])
            .or_else(|| m.word(&["sizes", "heaps", "numbers", "rows"]))?;
        m.word(&["that", "which"])?;
        m.word(&["leave"])?;
        m.maybe(&["a"]);
        m.word(&["remainder"])?;
        m.maybe(&["of"]);
        let first = m.number()?;
        let residues = m.series(first);
        let _ = m
            .words(&["on", "division", "by"])
            .or_else(|| m.words(&["when", "divided", "by"]))
            .or_else(|| m.words(&["after", "division", "by"]))?;
        let k = m.number()?;
        let residues: Vec<u128> = residues.iter().map(num_value).collect::<Option<_>>()?;
        (num_value(&k)?, residues, k.span.end)
    };
    if let Some(g) = played_in(m) {
        game = Some(g);
    }
    let game = match game {
        Some(g) => g,
        None => named_or_current(m, start)?,
    };
    if game == NIM {
        return None;
    }
    let src = residues_claim(&game, zero, modulus, &residues)?;
    let span = m.w[start].span.start..end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// How many heap sizes a claim that a game has an octal code compares.
const CODE_WINDOW: u32 = 100;

/// "Dawson's Kayles has code 0.07", "Kayles is 0.77", "the octal code of Kayles is 0.77":
/// the game's values are those of the octal game of that code, over [`CODE_WINDOW`] heaps.
fn code_is(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // Most clauses name no code a few words on: say so before looking for a game's name.
    let coded_ahead = m.w[start..]
        .iter()
        .take(16)
        .any(|w| w.text == "0" && m.text[w.span.end..].starts_with('.'));
    if !coded_ahead {
        return None;
    }
    let lead = m
        .words(&["the", "code", "of"])
        .or_else(|| m.words(&["the", "octal", "code", "of"]))
        .is_some();
    let (game, _) = game_ref(m)?;
    m.maybe(&["tokens", "counters"]);
    // "Dawson's chess, with code 0.137, has period 34": the code in an aside.
    let aside = !lead && m.after_comma() && {
        let save = (m.at, m.loose);
        m.past_comma();
        m.maybe(&["with"]);
        m.maybe(&["octal"]);
        let code = m.word(&["code"]).is_some();
        if !code {
            (m.at, m.loose) = save;
        }
        code
    };
    if aside || lead {
        if lead {
            m.is()?;
        }
    } else if m.word(&["has"]).is_some() {
        m.maybe(&["the"]);
        m.maybe(&["octal"]);
        m.word(&["code"])?;
    } else {
        m.is()?;
        let _ = m
            .words(&["the", "octal", "game"])
            .or_else(|| m.words(&["octal", "game"]))
            .or_else(|| m.words(&["the", "game"]));
    }
    let (code, at) = coded(m)?;
    if game == NIM {
        return None;
    }
    let src = format!("count{{n < {CODE_WINDOW} : {game}(n) != {code}(n)}} = 0");
    let span = m.w[start].span.start..at.end;
    let mut found = one_claim(m, &src, span.clone(), span, Mode::Role)?;
    if aside {
        // "…, has period 34": what the sentence says of the game, past the aside.
        if !m.after_comma() {
            return None;
        }
        m.past_comma();
        let from = m.at;
        m.word(&["has", "is"])?;
        found.extend(game_fact(m, from, &game)?);
        return Some(found);
    }
    // "Dawson's chess has code 0.137 and period 34 from heap size 52".
    let (save, loose) = (m.at, m.loose);
    let from = m.at + 1;
    match m.word(&["and"]).and_then(|_| game_fact(m, from, &game)) {
        Some(more) => found.extend(more),
        None => (m.at, m.loose) = (save, loose),
    }
    Some(found)
}

/// "With moves of 1, 2 or 3 the value of a heap is its remainder on division by 4": every
/// value below [`RESIDUE_BOUND`] is that remainder, of the game the sentence names or else
/// the last one declared.
fn value_is_residue(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.maybe(&["grundy", "nim"]);
    m.word(&["value"])?;
    m.words(&["of", "a", "heap"])
        .or_else(|| m.words(&["of", "each", "heap"]))
        .or_else(|| m.words(&["of", "every", "heap"]))?;
    m.is()?;
    m.maybe(&["just", "simply", "always"]);
    m.word(&["its"])?;
    let _ = m
        .words(&["remainder", "on", "division", "by"])
        .or_else(|| m.words(&["remainder", "when", "divided", "by"]))
        .or_else(|| m.words(&["remainder", "after", "division", "by"]))
        .or_else(|| m.words(&["size", "mod"]))
        .or_else(|| m.words(&["size", "modulo"]))?;
    let k = m.number()?;
    let modulus = num_value(&k)?;
    let game = named_or_current(m, start)?;
    if game == NIM || modulus == 0 || modulus > RESIDUE_BOUND {
        return None;
    }
    let src = format!("count{{n < {RESIDUE_BOUND} : {game}(n) != rem(n, {modulus})}} = 0");
    let span = m.w[start].span.start..k.span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// The claim that the positions of `game` lost (`zero`) or won below [`RESIDUE_BOUND`] are
/// exactly the sizes that leave one of `residues` on division by `modulus`.
fn residues_claim(game: &str, zero: bool, modulus: u128, residues: &[u128]) -> Option<String> {
    if modulus == 0 || modulus > RESIDUE_BOUND {
        return None;
    }
    // A remainder as large as the divisor leaves none: the claim is false as written.
    let sizes: Vec<String> = (0..RESIDUE_BOUND)
        .filter(|n| residues.contains(&(n % modulus)))
        .map(|n| n.to_string())
        .collect();
    let cmp = if zero { "=" } else { "!=" };
    Some(format!(
        "count{{n < {RESIDUE_BOUND} : {game}(n) {cmp} 0}} = count{{n in {{{}}} : {game}(n) {cmp} 0}} = {}",
        sizes.join(", "),
        sizes.len()
    ))
}

/// How far a claim that a game's positions are the sizes with given remainders is checked.
const RESIDUE_BOUND: u128 = 1000;

/// The claim that the nimbers below `size` are closed under the nim-product (`closed`)
/// or are not: for a power of two it is enough to multiply its bits, since a product is
/// the nim-sum of the products of the factors' bits.
fn closure_src(size: u128, closed: bool) -> Option<String> {
    if size.is_power_of_two() {
        let bits: Vec<String> = (0..size.trailing_zeros())
            .map(|k| (1u128 << k).to_string())
            .collect();
        let bits = bits.join(", ");
        return Some(if closed {
            format!("forall a, b in {{{bits}}}: a * b < {size}")
        } else {
            format!("exists a, b in {{{bits}}}: a * b >= {size}")
        });
    }
    // Other sizes are checked element by element, while that is cheap.
    (size <= 1 << 12).then(|| {
        if closed {
            format!("forall a, b < {size}: a * b < {size}")
        } else {
            format!("exists a, b < {size}: a * b >= {size}")
        }
    })
}

/// One claim per size: the nimbers below each of `fields` form a field (are closed), and
/// those below each power of two among `others` do not.
fn closure_claims(
    m: &mut Matcher<'_>,
    fields: &[(u128, Range<usize>)],
    others: &[u128],
    span: Range<usize>,
) -> Option<Vec<Found>> {
    let mut out = Vec::new();
    for (size, at) in fields {
        let src = closure_src(*size, true)?;
        out.push(claim_at_span(
            m,
            &src,
            span.clone(),
            at.clone(),
            Mode::Role,
        )?);
    }
    for size in others {
        let src = closure_src(*size, false)?;
        out.push(claim_at_span(
            m,
            &src,
            span.clone(),
            span.clone(),
            Mode::Role,
        )?);
    }
    Some(out)
}

/// "The nimbers form fields at the sizes 2, 4, 16, 256 and 65536", "the nimbers below n
/// form a field exactly when n is 2, 4, 16 or 256", "the field sizes are 2, 4, 16 and 256":
/// each listed size is a field, and no other power of two up to the largest is.
fn field_sizes(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    // "The field sizes are 2, 4, 16, 256 and 65536", "the nimber fields have sizes …".
    // "The field sizes below 300 are 2, 4, 16 and 256": every size under the bound named.
    let mut bound = None;
    let named = m
        .words(&["field", "sizes", "are"])
        .or_else(|| {
            let r = m
                .words(&["field", "sizes"])
                .or_else(|| m.words(&["nimber", "field", "sizes"]))?;
            m.word(&["below", "under"])?;
            bound = Some(num_value(&m.number()?)?);
            m.word(&["are"])?;
            Some(r)
        })
        .or_else(|| m.words(&["nimber", "field", "sizes", "are"]))
        .or_else(|| m.words(&["fields", "have", "sizes"]))
        .or_else(|| m.words(&["nimber", "fields", "have", "sizes"]))
        .or_else(|| m.words(&["sizes", "of", "the", "fields", "are"]))
        // "the fields occur exactly at 2, 4, 16 and 256".
        .or_else(|| {
            let r = m.words(&["fields", "occur"])?;
            m.maybe(&["exactly", "only", "precisely"]);
            m.word(&["at"])?;
            Some(r)
        })
        .or_else(|| m.words(&["sizes", "of", "the", "nimber", "fields", "are"]));
    if named.is_none() {
        m.word(&["nimbers"])?;
    }
    let listed = if named.is_some() {
        let first = m.number()?;
        let listed = m.series(first);
        let _ = m.words(&["and", "so", "on"]);
        listed
    } else if m.word(&["below", "under"]).is_some() {
        let letter =
            m.w.get(m.at)
                .filter(|w| w.text.len() == 1 && !w.numeric)?
                .text
                .clone();
        m.at += 1;
        m.word(&["form"])?;
        m.word(&["a"])?;
        m.word(&["field"])?;
        let _ = m
            .words(&["exactly", "when"])
            .or_else(|| m.words(&["just", "when"]))
            .or_else(|| m.words(&["precisely", "when"]))
            .or_else(|| m.words(&["only", "when"]))?;
        m.word(&[letter.as_ref()])?;
        m.is()?;
        let first = m.number()?;
        m.series(first)
    } else {
        m.word(&["form"])?;
        m.word(&["fields"])?;
        m.word(&["at", "of", "for"])?;
        m.maybe(&["the"]);
        m.word(&["sizes", "orders"])?;
        let first = m.number()?;
        m.series(first)
    };
    if listed.len() < 2 {
        return None;
    }
    let sizes: Vec<(u128, Range<usize>)> = listed
        .iter()
        .map(|t| Some((num_value(t)?, t.span.clone())))
        .collect::<Option<_>>()?;
    let max = sizes.iter().map(|s| s.0).max().filter(|&m| m >= 2)?;
    // The powers of two up to the largest listed, or below the bound (at most 2^64).
    let top = match bound {
        Some(b) if b > 1 << 64 => return None,
        Some(b) => b.saturating_sub(1).max(max).ilog2(),
        None => max.ilog2(),
    };
    let others: Vec<u128> = (1..=top)
        .map(|k| 1u128 << k)
        .filter(|p| !sizes.iter().any(|s| s.0 == *p))
        .collect();
    let span = m.w[start].span.start..listed.last()?.span.end;
    let mut found = closure_claims(m, &sizes, &others, span.clone())?;
    // Each size listed lies below the bound.
    if let Some(b) = bound {
        found.push(claim_at_span(
            m,
            &format!("{max} < {b}"),
            span.clone(),
            span,
            Mode::Role,
        )?);
    }
    Some(found)
}

/// "The field below 256 has four subfields", "… three proper subfields": the nimbers below
/// 2^(2^j) are its subfields, for each such size up to its own; each of those is closed,
/// and no other power of two below it is.
fn subfield_count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let (size, _) = m.field_size()?;
    m.maybe(&["therefore", "thus", "then", "also"]);
    m.word(&["has", "contains"])?;
    let k = how_many(m)?;
    let mut proper = m.word(&["proper"]).is_some();
    // "The field below 65536 has five." after a sentence on subfields: the noun left out,
    // and "proper" if it was said there.
    if m.word(&["subfields", "subfield"]).is_none() {
        if !clause_over(m) {
            return None;
        }
        proper = subfields_said(m, start)?;
    }
    // "no subfield with 8 elements" is of one size (see `subfield`).
    let glued = m.gap().is_empty();
    let listed = subfield_sizes(m);
    if glued && listed.as_ref().is_some_and(|l| l.len() < 2) {
        return None;
    }
    let k = num_value(&k)?;
    if listed.as_ref().is_some_and(|l| l.len() as u128 != k) {
        return None;
    }
    // The sizes 2^(2^j) the count names, the field itself among them unless "proper".
    let fields: Vec<(u128, Range<usize>)> = (0..k)
        .map(|j| {
            let size = 1u128.checked_shl(1u32.checked_shl(u32::try_from(j).ok()?)?)?;
            Some((size, m.w[start].span.clone()))
        })
        .collect::<Option<_>>()?;
    let top = if proper { size / 2 } else { size };
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut out = Vec::new();
    // The count is no more than the sizes there are: each named size is at most the top.
    for (f, _) in &fields {
        out.push(claim_at_span(
            m,
            &format!("{f} <= {top}"),
            span.clone(),
            span.clone(),
            Mode::Role,
        )?);
    }
    let others: Vec<u128> = (1..=top.max(2).ilog2())
        .map(|k| 1u128 << k)
        .filter(|p| !fields.iter().any(|f| f.0 == *p))
        .collect();
    let fields: Vec<(u128, Range<usize>)> = fields.into_iter().filter(|f| f.0 <= top).collect();
    out.extend(closure_claims(m, &fields, &others, span.clone())?);
    // Each size listed is a subfield's; those the count names are claimed above.
    let unnamed: Vec<Token> = listed
        .unwrap_or_default()
        .into_iter()
        .filter(|t| num_value(t).is_none_or(|v| !fields.iter().any(|f| f.0 == v)))
        .collect();
    out.extend(listed_subfields(m, &unnamed, top, span)?);
    Some(out)
}

/// Returns whether the clause ends at the cursor: no word, or a stop or comma before the
/// next.
fn clause_over(m: &Matcher<'_>) -> bool {
    m.w.get(m.at).is_none() || m.gap().contains(['.', ',', ';', ':', '!', '?'])
}

/// Returns whether the subfields said last within a few dozen words before word `start`
/// were proper ones, so "the field below 65536 has five" counts the same; nothing when
/// no subfields were said.
fn subfields_said(m: &Matcher<'_>, start: usize) -> Option<bool> {
    let k = (start.saturating_sub(40)..start)
        .rev()
        .find(|&k| m.w[k].text == "subfields")?;
    Some(k > 0 && m.w[k - 1].text == "proper")
}

/// Takes the sizes of subfields listed after their noun: "(,) with 2, 4, 16 and 256
/// elements", "of sizes 2, 4 and 16", ", counting itself: the nimbers below 2, 4, 16 and
/// 256"; nothing, and the cursor where it was, when none follow.
fn subfield_sizes(m: &mut Matcher<'_>) -> Option<Vec<Token>> {
    let save = (m.at, m.loose);
    let listed = (|| {
        m.past_comma();
        if m.words(&["counting", "itself"]).is_some() && matches!(m.gap(), ":" | ",") {
            m.loose = Some(m.at);
        }
        let _ = m.word(&["namely"]);
        if m.word(&["with"]).is_some() {
            let first = m.number()?;
            let listed = m.series(first);
            m.word(&["elements"])?;
            return Some(listed);
        }
        let _ = m
            .words(&["of", "sizes"])
            .or_else(|| m.words(&["of", "size"]))
            .or_else(|| m.words(&["the", "nimbers", "below"]))
            .or_else(|| m.words(&["the", "fields", "below"]))
            .or_else(|| m.words(&["those", "below"]))?;
        let first = m.number()?;
        Some(m.series(first))
    })();
    if listed.is_none() {
        (m.at, m.loose) = save;
    }
    listed
}

/// The claims that each size listed is a subfield of the field of `top` elements: at most
/// `top`, and the nimbers below it closed under the product.
fn listed_subfields(
    m: &mut Matcher<'_>,
    listed: &[Token],
    top: u128,
    span: Range<usize>,
) -> Option<Vec<Found>> {
    let sizes: Vec<(u128, Range<usize>)> = listed
        .iter()
        .map(|t| Some((num_value(t)?, t.span.clone())))
        .collect::<Option<_>>()?;
    let mut out = Vec::new();
    for (size, at) in &sizes {
        let src = format!("{size} <= {top}");
        out.push(claim_at_span(
            m,
            &src,
            span.clone(),
            at.clone(),
            Mode::Role,
        )?);
    }
    out.extend(closure_claims(m, &sizes, &[], span)?);
    Some(out)
}

/// "In Kayles, a row of 14 pins is the first with value 4", "5 is the first heap of value
/// 4": the heap named first, then that it is the least with the value.
fn first_with_after(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if m.word(&["a"]).is_some() {
        m.word(&["heap", "row", "pile"])?;
        m.word(&["of"])?;
    } else if !may_be_subject(m, start) {
        return None;
    }
    let size = m.number()?;
    m.maybe(&["tokens", "pins", "counters", "stones"]);
    m.is()?;
    m.word(&["the"])?;
    m.word(&["first", "smallest", "least"])?;
    m.maybe(&["heap", "row", "pile", "one"]);
    if m.word(&["worth"]).is_none() {
        m.word(&["with", "of"])?;
        m.maybe(&["grundy", "nim"]);
        m.word(&["value"])?;
    }
    let v = num_text(&m.number()?)?;
    let game = match played_in(m) {
        Some(g) => g,
        None => named_or_current(m, start)?,
    };
    if game == NIM {
        return None;
    }
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    first_at(m, &game, &num_text(&size)?, "=", &v, span)
}

/// "The smallest heap in Grundy's game with value 3 has thirteen tokens", "the first row of
/// Kayles worth ∗5 has 28 pins", "the first heap with a nonzero value is 3, with value 1",
/// "…, and the first worth 5 has 16": that heap has the value and no smaller one does.
fn smallest_with(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.word(&["smallest", "first", "least"])?;
    m.word(&["heap", "row", "pile"])?;
    let mut game = played_in(m);
    // "with value 5", "of value 5", "worth 5", "worth ∗5"; "with a nonzero value".
    let mut nonzero = false;
    if m.word(&["worth"]).is_none() {
        m.word(&["with", "of"])?;
        m.maybe(&["a"]);
        nonzero = m.word(&["nonzero", "non-zero"]).is_some();
        m.maybe(&["grundy", "nim"]);
        m.word(&["value"])?;
    }
    let (cmp, v) = if nonzero {
        ("!=", "0".to_string())
    } else {
        ("=", num_text(&m.number()?)?)
    };
    if game.is_none() {
        game = played_in(m);
    }
    let size = if m.word(&["has"]).is_some() {
        // "has 14 tokens", "has size 14".
        m.maybe(&["size", "length"]);
        let n = m.number()?;
        m.maybe(&["tokens", "pins", "counters", "stones"]);
        n
    } else {
        m.is()?;
        m.maybe(&["the", "one", "a"]);
        m.maybe(&["heap", "row"]);
        m.maybe(&["of"]);
        let n = m.number()?;
        m.maybe(&["tokens", "pins", "counters", "stones"]);
        n
    };
    let game = match game {
        Some(g) => g,
        None => named_or_current(m, start)?,
    };
    if game == NIM {
        return None;
    }
    let n = num_text(&size)?;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut out = first_at(m, &game, &n, cmp, &v, span)?;
    // "…, with value 1": the value that heap has.
    let save = (m.at, m.loose);
    m.past_comma();
    if let Some(with) = m.words(&["with", "value"]).or_else(|| m.word(&["worth"])) {
        let v = m.number()?;
        let src = format!("{game}({n}) = {}", num_text(&v)?);
        let at = with.start..v.span.end;
        out.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?);
    } else {
        (m.at, m.loose) = save;
    }
    // "…, the first worth 4 has 5, and the first worth 5 has 16": said again of more values.
    let more = said_again(m, |m| {
        m.word(&["the"])?;
        m.word(&["first", "smallest", "least"])?;
        m.maybe(&["one"]);
        m.word(&["worth"]).or_else(|| m.words(&["with", "value"]))?;
        let v = num_text(&m.number()?)?;
        if m.word(&["has", "is"]).is_some() {
            m.maybe(&["size", "length", "the", "one", "a"]);
            m.maybe(&["heap", "row"]);
            m.maybe(&["of"]);
        } else {
            m.word(&["at"])?;
        }
        let n = num_text(&m.number()?)?;
        m.maybe(&["tokens", "pins", "counters", "stones"]);
        Some((v, n))
    });
    for (at, v, n) in more {
        for src in [
            format!("{game}({n}) = {v}"),
            format!("count{{n < {n} : {game}(n) = {v}}} = 0"),
        ] {
            out.push(claim_at_span(m, &src, at.clone(), at.clone(), Mode::Role)?);
        }
    }
    Some(out)
}

/// "The value 4 first appears at heap 14 in Dawson's Kayles", "in Kayles the value 7
/// first occurs at a heap of 15": the heap has the value, and no smaller one does.
fn first_appears(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.maybe(&["grundy", "nim"]);
    m.word(&["value"])?;
    let v = num_text(&m.number()?)?;
    m.word(&["first"])?;
    m.word(&["appears", "occurs", "arises", "shows"])?;
    m.maybe(&["up"]);
    let n = appears_at(m)?;
    let game = played_in(m).or_else(|| noted_game(m, start))?;
    if game == NIM {
        return None;
    }
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut out = first_at(m, &game, &n, "=", &v, span)?;
    // ", value 2 at heap size 5, and value 3 at 13": more values, each where it first is.
    let more = said_again(m, |m| {
        m.maybe(&["the"]);
        m.word(&["value"])?;
        let v = num_text(&m.number()?)?;
        if m.word(&["first"]).is_some() {
            m.word(&["appears", "occurs", "arises", "shows"])?;
        }
        Some((v, appears_at(m)?))
    });
    for (span, v, n) in more {
        out.extend(first_at(m, &game, &n, "=", &v, span)?);
    }
    Some(out)
}

/// Reads the same fact said again of more values, each after a comma or "and", by `item`,
/// which returns the value and the position; returns each with its span.
fn said_again(
    m: &mut Matcher<'_>,
    mut item: impl FnMut(&mut Matcher<'_>) -> Option<(String, String)>,
) -> Vec<(Range<usize>, String, String)> {
    let mut out = Vec::new();
    loop {
        let save = (m.at, m.loose);
        m.past_comma();
        let _ = m.word(&["and"]);
        let from = m.at;
        let Some((v, n)) = item(m) else {
            (m.at, m.loose) = save;
            break;
        };
        out.push((m.w[from].span.start..m.w[m.at - 1].span.end, v, n));
    }
    out
}

/// Takes where a value first appears, "at heap size 5", "for a row of 13 pins", "at 18",
/// and returns the size.
fn appears_at(m: &mut Matcher<'_>) -> Option<String> {
    m.word(&["at", "for"])?;
    m.maybe(&["a"]);
    m.maybe(&["heap", "row"]);
    m.maybe(&["of"]);
    m.maybe(&["size", "length"]);
    let n = num_text(&m.number()?)?;
    m.maybe(&["tokens", "pins"]);
    Some(n)
}

/// The claims that position `n` of `game` is the first whose value compares by `cmp` with
/// `v` ("=", or "!=" for the first nonzero), at `span`.
fn first_at(
    m: &mut Matcher<'_>,
    game: &str,
    n: &str,
    cmp: &str,
    v: &str,
    span: Range<usize>,
) -> Option<Vec<Found>> {
    let srcs = [
        format!("{game}({n}) {cmp} {v}"),
        format!("count{{n < {n} : {game}(n) {cmp} {v}}} = 0"),
    ];
    claims_spanning(m, &srcs, span, Mode::Role)
}

/// "The value of a heap in Grundy's game first climbs to 3 at 13 counters, and to 4 at
/// 18": the game's value at the size, and no smaller size worth as much.
fn first_climbs(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    m.maybe(&["grundy", "nim"]);
    m.word(&["value"])?;
    // The words up to "first" may name the game: "that Grundy's game gives a heap".
    let mut game = None;
    let limit = (m.at + 8).min(m.w.len());
    while m.at < limit && m.w[m.at].text != "first" {
        if m.gap().contains(['.', ';']) {
            return None;
        }
        let save = m.at;
        match game_ref(m) {
            Some((g, _)) => game = Some(g),
            None => m.at = save + 1,
        }
    }
    m.word(&["first"])?;
    m.word(&["climbs", "rises", "reaches", "jumps", "grows"])?;
    let game = game.or_else(|| named_before(m, start))?;
    if game == NIM {
        return None;
    }
    let mut claims = Vec::new();
    loop {
        m.maybe(&["to"]);
        let v = num_text(&m.number()?)?;
        m.word(&["at"])?;
        m.maybe(&["a"]);
        m.maybe(&["heap", "row"]);
        m.maybe(&["of"]);
        m.maybe(&["size", "length"]);
        let n = num_text(&m.number()?)?;
        m.maybe(&["tokens", "pins", "counters", "stones"]);
        claims.push(format!("{game}({n}) = {v}"));
        claims.push(format!("count{{n < {n} : {game}(n) >= {v}}} = 0"));
        // ", and to 4 at 18".
        let save = m.at;
        let more = m.after_comma() && {
            m.past_comma();
            m.word(&["and"]).is_some()
        } || m.word(&["and"]).is_some();
        if !(more && {
            m.maybe(&["then"]);
            m.w.get(m.at).is_some_and(|w| w.text == "to")
        }) {
            m.at = save;
            break;
        }
    }
    clause_claims(m, start, &claims)
}

/// The bound below which exceptions are counted: past every preperiod a page's game has,
/// since no size from the preperiod on is one.
const EXCEPTIONS_BELOW: u32 = 4096;

/// Returns the statement that size `n` is an exception of `game`: its value differs from
/// the value a whole number of periods on, past the preperiod.
fn off_period(game: &str, n: &str) -> String {
    format!("{game}({n}) != {game}({n} + period({game}) * preperiod({game}))")
}

/// Returns the claim that `game` has `k` exceptions.
fn exceptions_total(game: &str, k: &str) -> String {
    format!(
        "count{{n < {EXCEPTIONS_BELOW} : {}}} = {k}",
        off_period(game, "n")
    )
}

/// Takes ", at heap sizes 0, 3 and 6" (or "are at heap sizes …") and returns the claim
/// that these are the exceptions of `game`, the sizes whose value differs from the value a
/// whole number of periods on, and no others.
fn exceptions_listed(m: &mut Matcher<'_>, game: &str) -> Option<String> {
    m.past_comma();
    if m.gap() == ":" {
        m.loose = Some(m.at);
    }
    m.maybe(&["are", "fall", "lie"]);
    m.word(&["at"])?;
    exceptions_at(m, game)
}

/// Reads ", with exactly seven exceptions, at 0, 14, …" or ", after seven exceptions: at
/// 0, 14, …" after the period of `game` said from word `start`: how many exceptions it has,
/// and which, when listed. Takes nothing when no count of exceptions follows.
fn exceptions_counted(m: &mut Matcher<'_>, game: &str, start: usize) -> Option<Vec<Found>> {
    let save = (m.at, m.loose);
    m.past_comma();
    let from = m.at;
    let k = m.word(&["with", "after"]).and_then(|_| how_many(m));
    let Some(k) = k.filter(|_| m.word(&["exceptions"]).is_some()) else {
        (m.at, m.loose) = save;
        return None;
    };
    let mut srcs = vec![exceptions_total(game, &num_text(&k)?)];
    let save = (m.at, m.loose);
    match exceptions_listed(m, game) {
        Some(src) => srcs.push(src),
        None => (m.at, m.loose) = save,
    }
    let at = m.w[from].span.start..m.w[m.at - 1].span.end;
    let span = m.w[start].span.start..at.end;
    srcs.iter()
        .map(|src| claim_at_span(m, src, span.clone(), at.clone(), Mode::Plain))
        .collect()
}

/// Takes a list of sizes, "0, 3 and 6" (after "heap sizes", said or not), and returns the
/// claim of [`exceptions_listed`].
fn exceptions_at(m: &mut Matcher<'_>, game: &str) -> Option<String> {
    m.maybe(&["the"]);
    m.maybe(&["heap", "row"]);
    m.maybe(&["sizes", "lengths", "heaps", "rows"]);
    let first = m.number()?;
    let listed = m.series(first);
    let mut values: Vec<u128> = listed.iter().map(num_value).collect::<Option<_>>()?;
    values.sort_unstable();
    values.dedup();
    let list: Vec<String> = values.iter().map(u128::to_string).collect();
    let differs = off_period(game, "n");
    Some(format!(
        "count{{n < {EXCEPTIONS_BELOW} : {differs}}} = count{{n in {{{}}} : {differs}}} = {}",
        list.join(", "),
        values.len()
    ))
}

/// "The exceptions of Dawson's chess are at heap sizes 0, 14 and 16, seven in all": the
/// exceptions listed, and their count after them.
fn exceptions_of(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Its exceptions are at …": of the game the sentence names before it, or, opening
    // the sentence, of the one the sentence before spoke of.
    let game = if m.word(&["its"]).is_some() {
        m.word(&["exceptions"])?;
        let first = sentence_start(m, start);
        if first == start {
            subject_before(m, start).or_else(|| named_or_current(m, start))?
        } else if possessive_piece(m, first) {
            return None;
        } else {
            (first..start).find_map(|k| title_ending_at(m, k))?
        }
    } else {
        m.maybe(&["the"]);
        m.word(&["exceptions"])?;
        m.word(&["of", "in"])?;
        game_ref(m)?.0
    };
    m.word(&["are"])?;
    let mut claims = vec![exceptions_listed(m, &game)?];
    // ", seven in all"
    let save = (m.at, m.loose);
    let total = m.after_comma().then(|| {
        m.past_comma();
        let k = m.number()?;
        m.words(&["in", "all"])
            .or_else(|| m.words(&["in", "total"]))?;
        Some(k)
    });
    match total.flatten() {
        Some(k) => claims.push(exceptions_total(&game, &num_text(&k)?)),
        None => (m.at, m.loose) = save,
    }
    clause_claims_in(m, start, &claims, Mode::Plain)
}

/// "Dawson's chess has seven exceptional heap sizes, the last of them at 51": the sizes
/// whose value is not the one the period repeats there, and the last of them (one below
/// the preperiod).
fn exceptions_count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "There are fourteen exceptions in all": the game the sentence names, or the last one.
    let game = if m.words(&["there", "are"]).is_some() {
        None
    } else {
        let (game, _) = game_ref(m)?;
        m.word(&["has", "shows"])?;
        Some(game)
    };
    let k = how_many(m)?;
    if m.word(&["exceptions"]).is_none() {
        m.word(&["exceptional", "irregular"])?;
        m.maybe(&["heap", "row"]);
        m.word(&["sizes", "values", "positions", "heaps", "rows", "lengths"])?;
    }
    let game = match game {
        Some(g) => g,
        None => played_in(m)
            .or_else(|| named_or_current(m, start))
            .filter(|g| g != NIM)?,
    };
    m.maybe(&["in"]);
    m.maybe(&["all", "total"]);
    let differs = |n: &str| off_period(&game, n);
    let mut claims = vec![exceptions_total(&game, &num_text(&k)?)];
    // ", at heap sizes 0, 3, 6, …": which they are.
    let save = (m.at, m.loose);
    match exceptions_listed(m, &game) {
        Some(src) => claims.push(src),
        None => (m.at, m.loose) = save,
    }
    // ", the first at 0": no exception before it, and it is one.
    let save = m.at;
    let first = m.after_comma() && {
        m.past_comma();
        m.word(&["the"]).is_some() && m.word(&["first"]).is_some()
    };
    match first.then(|| {
        let _ = m.words(&["of", "them"]);
        m.word(&["at"])?;
        m.maybe(&["heap", "row"]);
        m.maybe(&["size", "length"]);
        num_value(&m.number()?)
    }) {
        Some(Some(f)) => {
            claims.push(format!("count{{n < {f} : {}}} = 0", differs("n")));
            claims.push(differs(&f.to_string()));
        }
        _ => m.at = save,
    }
    // ", the last of them at 51", ", the last at heap size 51".
    let save = m.at;
    let last = m.after_comma() && {
        m.past_comma();
        m.word(&["the"]).is_some() && m.word(&["last", "final"]).is_some()
    };
    if last {
        let _ = m.words(&["of", "them"]);
        m.word(&["at"])?;
        m.maybe(&["heap", "row"]);
        m.maybe(&["size", "length"]);
        let n = num_value(&m.number()?)?;
        claims.push(format!("preperiod({game}) = {}", n.checked_add(1)?));
    } else {
        m.at = save;
    }
    // Plain: `+` and `*` in a game's argument are the ordinary ones.
    clause_claims_in(m, start, &claims, Mode::Plain)
}

/// "No heap is worth ∗5 in Grundy's game until it holds 41 counters": the first size worth
/// the value.
fn none_until(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["no"])?;
    m.word(&POSITION_NOUNS)?;
    let mut game = played_in(m);
    m.words(&["is", "worth"])?;
    let v = num_text(&m.number()?)?;
    game = game.or_else(|| played_in(m));
    m.word(&["until", "before"])?;
    m.word(&["it"])?;
    m.word(&["holds", "has", "reaches", "contains"])?;
    let n = num_text(&m.number()?)?;
    m.maybe(&["tokens", "pins", "counters", "stones"]);
    let game = game
        .or_else(|| played_in(m))
        .or_else(|| named_before(m, start))?;
    if game == NIM {
        return None;
    }
    let claims = [
        format!("{game}({n}) = {v}"),
        format!("count{{n < {n} : {game}(n) = {v}}} = 0"),
    ];
    clause_claims(m, start, &claims)
}

/// "In the nim-sum table below 8, the row of 5 reads 5, 4, 7, 6, 1, 0, 3, 2": the row (or
/// column) of an operation's table below a size, entry by entry.
fn table_row(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["in"])?;
    m.word(&["the"])?;
    let op = if m.word(&["nim-sum", "addition"]).is_some() || m.words(&["nim", "sum"]).is_some() {
        "⊕"
    } else {
        m.word(&["nim-product", "multiplication"])
            .or_else(|| m.words(&["nim", "product"]))?;
        "⊗"
    };
    m.word(&["table"])?;
    m.word(&["below", "under"])?;
    let size = num_value(&m.number()?)?;
    m.past_comma();
    if m.word(&["each", "every"]).is_some() {
        return table_counts(m, start, op, size);
    }
    m.maybe(&["the"]);
    m.word(&["row", "column"])?;
    m.word(&["of", "for"])?;
    let a = num_text(&m.number()?)?;
    m.word(&["reads", "is"])?;
    let first = m.number()?;
    let listed = m.series(first);
    if listed.len() as u128 != size {
        return None;
    }
    let span = m.w[start].span.start..listed.last()?.span.end;
    claims_per_value(m, span, &listed, Mode::Role, |k, v| {
        format!("{a} {op} {k} = {v}")
    })
}

/// "…, each value appears 16 times", "…, every nonzero value occurs exactly 15 times": in
/// the table below `size`, each value is in every row (every nonzero row of the product,
/// whose row of 0 is all 0), so once in each, and as many times as there are such rows.
fn table_counts(m: &mut Matcher<'_>, start: usize, op: &str, size: u128) -> Option<Vec<Found>> {
    let nonzero = m.word(&["nonzero", "non-zero"]).is_some();
    m.word(&["value", "entry", "nimber", "element"])?;
    m.word(&["appears", "occurs"])?;
    m.maybe(&["exactly"]);
    let times = m.number()?;
    m.word(&["times"])?;
    let k = num_value(&times)?;
    let rows = match (op, nonzero) {
        ("⊕", _) => format!("a < {size}"),
        (_, true) => format!("0 < a < {size}"),
        // The product's 0 fills a row and a column: values do not appear equally often.
        _ => return None,
    };
    let count = if op == "⊕" { size } else { size - 1 };
    let low = if nonzero { "0 < " } else { "" };
    let each = format!("forall {low}v < {size}: forall {rows}: exists b < {size}: a {op} b = v");
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    Some(vec![
        claim_at_span(m, &each, span.clone(), span.clone(), Mode::Role)?,
        claim_at_span(
            m,
            &format!("{k} = {count}"),
            span,
            times.span.clone(),
            Mode::Role,
        )?,
    ])
}

/// Takes the operation of a table's entries: "nim-products", "nim sums", "products", and
/// returns its sign.
fn entries_op(m: &mut Matcher<'_>, plural: bool) -> Option<&'static str> {
    let (sums, products): (&[&str], &[&str]) = if plural {
        (&["nim-sums", "sums"], &["nim-products", "products"])
    } else {
        (
            &["nim-sum", "addition", "sum"],
            &["nim-product", "multiplication", "product"],
        )
    };
    if m.word(sums).is_some() || m.words(&["nim", sums[1]]).is_some() {
        return Some("⊕");
    }
    m.word(products)
        .or_else(|| m.words(&["nim", products[1]]))
        .map(|_| "⊗")
}

/// A table of a nimber operation over the pairs below a size, as a sentence names it.
struct Table {
    /// The operation's sign, `⊕` or `⊗`.
    op: &'static str,
    /// The size the factors are below.
    size: Token,
    /// How many entries the sentence says the table has, when it says so first.
    total: Option<Token>,
    /// Whether only nonzero factors are counted ("products of two nonzero values").
    nonzero: bool,
}

impl Table {
    /// Returns the range of a count over the table's pairs, in the statement language.
    fn range(&self) -> Option<String> {
        let n = num_text(&self.size)?;
        Some(if self.nonzero {
            format!("0 < a, b < {n}")
        } else {
            format!("a, b < {n}")
        })
    }

    /// Returns the count of the table's entries that meet `cond` ("= 1", ">= 8").
    fn count(&self, cond: &str) -> Option<String> {
        Some(format!(
            "count{{{} : a {} b {cond}}}",
            self.range()?,
            self.op
        ))
    }

    /// Returns how many pairs the table has.
    fn pairs(&self) -> Option<u128> {
        let n = num_value(&self.size)?.checked_sub(u128::from(self.nonzero))?;
        n.checked_mul(n)
    }
}

/// Takes a table of a nimber operation below a size: "the table of nim-products below 16",
/// "the nim-sum table below 8", "the 256 nim-products below 16", "all 225 products of two
/// nonzero values below 16".
fn table_of(m: &mut Matcher<'_>) -> Option<Table> {
    if m.word(&["all"]).is_some() {
        m.maybe(&["the"]);
    } else {
        m.word(&["the"])?;
    }
    let save = m.at;
    let (op, total) = if m.word(&["table"]).is_some() {
        m.word(&["of"])?;
        (entries_op(m, true)?, None)
    } else if let Some(op) = entries_op(m, false) {
        m.word(&["table"])?;
        (op, None)
    } else {
        m.at = save;
        let entries = m.number();
        (entries_op(m, true)?, entries)
    };
    // "the products of two nimbers below 8", "of nonzero values below 16".
    let mut nonzero = false;
    if m.word(&["of"]).is_some() {
        m.maybe(&["two"]);
        nonzero = m.word(&["nonzero", "non-zero"]).is_some();
        m.word(&["nimbers", "elements", "values", "numbers"])?;
    }
    m.word(&["below", "under"])?;
    let size = m.number()?;
    // Pairs of values: a bound past a field of 256 is more work than a page should ask.
    num_value(&size).filter(|&v| v <= 256)?;
    Some(Table {
        op,
        size,
        total,
        nonzero,
    })
}

/// The claims that `k` entries of the table meet `cond` ("= 1", ">= 8"), and that there
/// are as many entries as the sentence says.
fn entries_claims(
    m: &mut Matcher<'_>,
    span: Range<usize>,
    table: &Table,
    (k, cond): (&Token, &str),
    total: Option<&Token>,
) -> Option<Vec<Found>> {
    let src = format!("{} = {}", table.count(cond)?, num_text(k)?);
    let mut out = vec![claim_at_span(
        m,
        &src,
        span.clone(),
        k.span.clone(),
        Mode::Role,
    )?];
    out.extend(total_claim(m, span, table, total)?);
    Some(out)
}

/// The claim that the table has `total` entries, when the sentence states it.
fn total_claim(
    m: &mut Matcher<'_>,
    span: Range<usize>,
    table: &Table,
    total: Option<&Token>,
) -> Option<Vec<Found>> {
    let mut out = Vec::new();
    if let Some(t) = total {
        let range = table.range()?;
        let src = format!(
            "count{{{range} : a < {}}} = {}",
            num_text(&table.size)?,
            num_text(t)?
        );
        out.push(claim_at_span(m, &src, span, t.span.clone(), Mode::Role)?);
    }
    Some(out)
}

/// "Of the 64 products of two nimbers below 8, 25% fall outside the range", "of the
/// nim-products below 16, 12.5% equal 1", "Counting all 64 products of two nimbers below
/// 8, exactly 24 of them leave the range, which is 37.5 per cent, or three products in
/// eight": a count or fraction of a table's entries that leave (or stay in) the range
/// below its size, or equal a value, and the shares it is said again as.
fn table_range_fraction(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["of", "among", "counting"])?;
    let table = table_of(m)?;
    if !m.after_comma() {
        return None;
    }
    m.past_comma();
    let from = m.at;
    let (num, den) = match fraction(m) {
        Some(f) => f,
        None => {
            m.at = from;
            (num_value(&how_many(m)?)?, 0)
        }
    };
    let at = m.w[from].span.start..m.w[m.at - 1].span.end;
    m.loose = Some(m.at);
    let _ = m.words(&["of", "them"]);
    let cond = entries_cond(m, &table.size)?;
    let all = table.pairs()?;
    let part = if den == 0 {
        num
    } else {
        let all = all.checked_mul(num)?;
        if all % den != 0 {
            return None;
        }
        all / den
    };
    let counted = table.count(&cond)?;
    let src = format!("{counted} = {part}");
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut out = vec![claim_at_span(m, &src, span.clone(), at, Mode::Role)?];
    out.extend(total_claim(m, span, &table, table.total.as_ref())?);
    // "…, which is 40 percent of them, or two in five": the count's share of the table,
    // said again.
    let mut lead = den == 0;
    while lead && m.after_comma() {
        let save = (m.at, m.loose);
        m.past_comma();
        lead = m
            .words(&["which", "is"])
            .or_else(|| m.word(&["or"]))
            .is_some();
        let from = m.at;
        match lead.then(|| share(m)).flatten() {
            Some((p, d)) => {
                let _ = m
                    .words(&["of", "them"])
                    .or_else(|| m.words(&["of", "all"]))
                    .or_else(|| m.words(&["of", "the", "table"]));
                let said = m.w[from].span.start..m.w[m.at - 1].span.end;
                let src = format!("{d} * {counted} = {p} * {all}");
                let span = m.w[start].span.start..said.end;
                out.push(claim_at_span(m, &src, span, said, Mode::Plain)?);
            }
            None => {
                (m.at, m.loose) = save;
                lead = false;
            }
        }
    }
    Some(out)
}

/// Takes a share: a fraction ("37.5 percent", "three eighths") or "three products in
/// eight"; returns its numerator and denominator.
fn share(m: &mut Matcher<'_>) -> Option<(u128, u128)> {
    let save = m.at;
    if let Some(f) = fraction(m) {
        return Some(f);
    }
    m.at = save;
    let p = num_value(&m.number()?)?;
    m.maybe(&["products", "sums", "entries", "pairs"]);
    m.word(&["in"])?;
    let d = num_value(&m.number()?)?;
    (d > 0 && p <= d).then_some((p, d))
}

/// Takes what a table's entries are said to be, as a condition on `a ⊗ b` (or `a ⊕ b`):
/// "fall outside the range" (`>= n`), "stay inside the range" (`< n`), "land on 8 or
/// more", "are at least 8", "are nonzero", "equal 1".
fn entries_cond(m: &mut Matcher<'_>, size: &Token) -> Option<String> {
    let n = num_value(size)?;
    let verb = m.at;
    if let Some(outside) = range_verb(m) {
        return Some(if outside {
            format!(">= {n}")
        } else {
            format!("< {n}")
        });
    }
    m.at = verb;
    // "land on 8 or more", "are 8 or more", "are at least 8": the bound of the range.
    if m.word(&["land", "are", "lie", "fall"]).is_some() {
        let _ = m.word(&["on", "at"]);
        if m.word(&["nonzero", "non-zero"]).is_some() {
            return Some("!= 0".into());
        }
        let least = m.words(&["at", "least"]).is_some();
        let b = num_value(&m.number()?)?;
        if least || m.words(&["or", "more"]).is_some() {
            return Some(format!(">= {b}"));
        }
    }
    m.at = verb;
    Some(format!("= {}", num_text(&entries_equal(m)?)?))
}

/// Takes "fall outside the range" (true) or "stay inside the range" (false).
fn range_verb(m: &mut Matcher<'_>) -> Option<bool> {
    m.word(&[
        "fall", "falls", "lie", "lies", "stay", "stays", "are", "is", "leave", "leaves", "land",
        "lands",
    ])?;
    let outside = match m.word(&["outside", "inside", "within", "in"]) {
        Some(r) => text_of(m, &r) == "outside",
        None => {
            let w = m.at.checked_sub(1).and_then(|i| m.w.get(i))?;
            if !matches!(&*w.text, "leave" | "leaves") {
                return None;
            }
            true
        }
    };
    m.word(&["the"])?;
    m.word(&["range", "set", "field"])?;
    Some(outside)
}

/// Takes the verb and value of entries: "equal 1", "are 1", "come to 1", "are equal to 1".
fn entries_equal(m: &mut Matcher<'_>) -> Option<Token> {
    if m.word(&["equal", "equals"]).is_none() {
        m.word(&["are", "is", "come", "comes"])?;
        m.maybe(&["equal", "to"]);
        m.maybe(&["to"]);
    }
    m.number()
}

/// "Exactly fifteen cells of the product table below 16 hold 1", "the fifteen cells of the
/// product table below 16 that hold 1 are marked": a count of a table's entries.
fn table_cells(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let k = if m.word(&["the"]).is_some() {
        m.number()?
    } else {
        how_many(m)?
    };
    m.word(&["cells", "entries", "squares"])?;
    m.word(&["of", "in"])?;
    let table = table_of(m).filter(|t| t.total.is_none())?;
    m.maybe(&["that", "which"]);
    m.word(&["hold", "contain", "show", "equal", "are"])?;
    let v = m.number()?;
    // "… that hold 1 are marked": what the caption does with them.
    let save = m.at;
    if m.word(&["are"]).is_none()
        || m.word(&["marked", "shaded", "highlighted", "coloured", "colored"])
            .is_none()
    {
        m.at = save;
    }
    let src = format!(
        "{} = {}",
        table.count(&format!("= {}", num_text(&v)?))?,
        num_text(&k)?
    );
    clause_claims(m, start, &[src])
}

/// Counts of a table's entries: "the table of nim-products below 16 has 256 entries, of
/// which 15 equal 1", "exactly 15 of the nim-products below 16 equal 1", "24 of the 64
/// products of two nimbers below 8 land outside the range", "all 225 products of two
/// nonzero values below 16 are nonzero".
fn table_entries(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "Of the nim-products below 16, exactly 15 equal 1" is read by [`table_range_fraction`].
    // "The table of nim-products below 16 has 256 entries, of which 15 equal 1."
    if let Some(table) = table_of(m).filter(|t| t.total.is_none()) {
        m.word(&["has", "holds", "contains"])?;
        let total = m.number()?;
        m.word(&["entries", "products", "sums", "cells"])?;
        if !m.after_comma() {
            return None;
        }
        m.loose = Some(m.at);
        let k = if m.words(&["of", "which"]).is_some() {
            how_many(m)?
        } else {
            m.maybe(&["and"]);
            let k = how_many(m)?;
            m.word(&["of"])?;
            m.word(&["which", "them"])?;
            k
        };
        let cond = entries_cond(m, &table.size)?;
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        return entries_claims(m, span, &table, (&k, &cond), Some(&total));
    }
    m.at = start;
    // "All 225 products of two nonzero values below 16 are nonzero": every one of them.
    if m.w.get(m.at).is_some_and(|w| w.text == "all") {
        let table = table_of(m)?;
        let total = table.total.clone()?;
        let cond = entries_cond(m, &table.size)?;
        let span = m.w[start].span.start..m.w[m.at - 1].span.end;
        return entries_claims(m, span, &table, (&total, &cond), Some(&total));
    }
    // "Exactly 15 of the nim-products below 16 equal 1."
    let k = how_many(m)?;
    m.word(&["of"])?;
    let table = table_of(m)?;
    let cond = entries_cond(m, &table.size)?;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    entries_claims(m, span, &table, (&k, &cond), table.total.as_ref())
}

/// "Exactly 15 pairs of values below 16 have nim-product 1, and 31 have nim-product 0":
/// how many pairs below a size have each product (or nim-sum).
fn pairs_with_product(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let mut k = how_many(m)?;
    m.word(&["pairs"])?;
    m.word(&["of"])?;
    m.maybe(&["two"]);
    let nonzero = m.word(&["nonzero", "non-zero"]).is_some();
    m.word(&["values", "nimbers", "elements", "numbers"])?;
    m.word(&["below", "under"])?;
    let size = m.number()?;
    num_value(&size).filter(|&v| v <= 256)?;
    let mut claims = Vec::new();
    loop {
        m.word(&["have", "has"])?;
        m.maybe(&["a"]);
        let op = entries_op(m, false)?;
        let v = m.number()?;
        let table = Table {
            op,
            size: size.clone(),
            total: None,
            nonzero,
        };
        claims.push(format!(
            "{} = {}",
            table.count(&format!("= {}", num_text(&v)?))?,
            num_text(&k)?
        ));
        // ", and 31 have nim-product 0".
        let save = (m.at, m.loose);
        m.past_comma();
        m.maybe(&["and"]);
        match how_many(m) {
            Some(next) if claims.len() < 8 => k = next,
            _ => {
                (m.at, m.loose) = save;
                break;
            }
        }
    }
    clause_claims(m, start, &claims)
}

/// Takes a fraction in words: "half", "a third", "two thirds", "three quarters", "50%",
/// "40 percent"; returns its numerator and denominator.
fn fraction(m: &mut Matcher<'_>) -> Option<(u128, u128)> {
    let save = m.at;
    if let Some(mut n) = m.number() {
        let mut p = num_value(&n)?;
        let mut scale = 1;
        // "37.5%": a decimal percentage, scaled to a whole number of parts.
        if let Some(d) = m.w.get(m.at).filter(|d| {
            d.span.start == n.span.end + 1
                && m.text[n.span.end..].starts_with('.')
                && d.text.len() <= 3
                && d.text.bytes().all(|b| b.is_ascii_digit())
        }) {
            let digits = d.text.len() as u32;
            scale = 10u128.pow(digits);
            p = p
                .checked_mul(scale)?
                .checked_add(d.text.parse::<u128>().ok()?)?;
            n = Token::new(Tok::Num(String::new()), n.span.start..d.span.end);
            m.at += 1;
        }
        let percent = m.word(&["percent", "per"]).is_some() || {
            let at = n.span.end;
            m.text[at..].starts_with('%')
        };
        if scale > 1 && !percent {
            m.at = save;
            return None;
        }
        if percent && p <= 100 * scale {
            m.maybe(&["cent"]);
            // The word after "30%" or "30% of" follows a sign, not a space.
            if m.text[n.span.end..].starts_with('%')
                || m.w.get(m.at).is_some_and(|w| w.text == "of")
            {
                m.loose = Some(m.at);
            }
            return Some((p, 100 * scale));
        }
        // "two thirds": a count of parts.
        let den = match m.word(&[
            "halves", "thirds", "quarters", "fourths", "fifths", "sixths", "eighths",
        ]) {
            Some(r) => match text_of(m, &r).as_str() {
                "halves" => 2,
                "thirds" => 3,
                "fifths" => 5,
                "sixths" => 6,
                "eighths" => 8,
                _ => 4,
            },
            None => {
                m.at = save;
                return None;
            }
        };
        return (p > 0 && p <= den).then_some((p, den));
    }
    m.maybe(&["a", "one"]);
    let den = if m.word(&["half"]).is_some() {
        2
    } else if m.word(&["third"]).is_some() {
        3
    } else if m.word(&["quarter", "fourth"]).is_some() {
        4
    } else if m.word(&["fifth"]).is_some() {
        5
    } else {
        m.at = save;
        return None;
    };
    Some((1, den))
}

/// "More than half of the fifteen nonzero elements below 16 are primitive", "two thirds of
/// …", "about 50% of the nonzero nimbers below 256 are primitive": a count as a fraction of
/// the elements counted over. "About" allows a fortieth of them either way, and the whole
/// numbers either side of the exact fraction.
fn fraction_count(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "In the field below 256, about half of the nonzero elements …": the range first.
    let lead = match m.word(&["in"]) {
        Some(_) => {
            let (size, _) = m.field_size()?;
            if !m.after_comma() {
                return None;
            }
            m.past_comma();
            Some(size)
        }
        None => None,
    };
    let qualifier = if m.words(&["more", "than"]).is_some() || m.word(&["over"]).is_some() {
        ">"
    } else if m.words(&["less", "than"]).is_some() || m.words(&["fewer", "than"]).is_some() {
        "<"
    } else if m.words(&["at", "least"]).is_some() {
        ">="
    } else if m.words(&["at", "most"]).is_some() {
        "<="
    } else if m
        .word(&["about", "roughly", "around", "approximately", "nearly"])
        .is_some()
    {
        "~"
    } else {
        m.maybe(&["exactly", "just"]);
        "="
    };
    let (num, den) = fraction(m)?;
    m.word(&["of"])?;
    m.word(&["the"])?;
    let total = m.number();
    let nonzero = m.word(&["nonzero", "non-zero"]).is_some();
    m.word(&["elements", "nimbers", "values"])?;
    let size = if m.word(&["below", "under"]).is_some() {
        Some(num_value(&m.number()?)?)
    } else if m.word(&["of", "in"]).is_some() {
        Some(m.field_size()?.0)
    } else {
        lead
    };
    let (kind, order, _) = predicate(m)?;
    let t = match &total {
        Some(t) => num_value(t)?,
        None if nonzero => size?.checked_sub(1)?,
        None => return None,
    };
    let size = match size {
        Some(s) => s,
        None if nonzero => t.checked_add(1)?,
        None => t,
    };
    let order = match order {
        Some(d) => Some(num_text(&d)?),
        None => None,
    };
    let c = count_src(kind, size, order.as_deref());
    let part = t.checked_mul(num)?;
    let floor = part / den;
    let ceil = part.div_ceil(den);
    let mut claims = Vec::new();
    match qualifier {
        ">" => claims.push(format!("{c} > {floor}")),
        "<" => claims.push(format!("{c} < {ceil}")),
        ">=" => claims.push(format!("{c} >= {ceil}")),
        "<=" => claims.push(format!("{c} <= {floor}")),
        "~" => {
            // Within a fortieth of the whole, or half an element where that is less:
            // "about half of the 15" is 7 or 8, "about 33% of the 15" is 5, not 4.
            let d = den.checked_mul(40)?;
            let slack = t.checked_mul(den)?.max(den.checked_mul(20)?);
            let part40 = part.checked_mul(40)?;
            let lo = part40.saturating_sub(slack).div_ceil(d);
            let hi = part40.checked_add(slack)? / d;
            claims.push(format!("{c} >= {lo}"));
            claims.push(format!("{c} <= {hi}"));
        }
        _ => {
            // A fraction of a whole that is no whole number of them cannot be exact: "half
            // of the 15 nonzero elements" is refused as a count that cannot be.
            if part % den != 0 {
                let span = m.w[start].span.start..m.w[m.at - 1].span.end;
                let lint = Lint::Unreadable(super::Unreadable {
                    span: span.clone(),
                    what: format!("an exact fraction of {t} that is no whole number of them"),
                    hint: "say \"about\", \"more than\" or \"less than\", or give the count"
                        .to_string(),
                });
                m.end_clause_at(span.end);
                return Some(vec![Found { span, lint }]);
            }
            claims.push(format!("{c} = {floor}"));
        }
    }
    // "the fifteen nonzero elements below 16", "the sixteen values below 16" say how many
    // there are.
    if total.is_some() && nonzero {
        claims.push(format!("count(units, {size}) = {t}"));
    } else if total.is_some() {
        claims.push(format!("count{{x < {size} : x = x}} = {t}"));
    }
    clause_claims(m, start, &claims)
}

/// Returns the one claim of `tokens`, spanning the clause from word `start` to the last
/// word read.
fn clause_claim(m: &mut Matcher<'_>, start: usize, tokens: Vec<Token>) -> Option<Vec<Found>> {
    m.tokens = tokens;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    Some(vec![finish(m, span, Mode::Role)])
}

/// Returns the claims of the statements `claims`, each spanning the clause from word
/// `start` to the last word read.
fn clause_claims(m: &mut Matcher<'_>, start: usize, claims: &[String]) -> Option<Vec<Found>> {
    clause_claims_in(m, start, claims, Mode::Role)
}

/// Returns the claims of [`clause_claims`], read in `mode`.
fn clause_claims_in(
    m: &mut Matcher<'_>,
    start: usize,
    claims: &[String],
    mode: Mode,
) -> Option<Vec<Found>> {
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    claims_spanning(m, claims, span, mode)
}

/// Builds each claim of `claims` at `span`, which its words span too.
fn claims_spanning(
    m: &mut Matcher<'_>,
    claims: &[String],
    span: Range<usize>,
    mode: Mode,
) -> Option<Vec<Found>> {
    claims
        .iter()
        .map(|src| claim_at_span(m, src, span.clone(), span.clone(), mode))
        .collect()
}

/// "From heaps of 4, 7 and 9 the only winning move takes six counters from the heap of 9":
/// in Nim, the move leaves heaps whose nim-sum is 0, and ("only") no other heap has a
/// winning move.
fn winning_move(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "… the nim-sum is 1. There are exactly three winning moves": the heaps of the clause
    // before.
    if m.words(&["there", "are"])
        .or_else(|| m.words(&["there", "is"]))
        .is_some()
    {
        let k = how_many(m)?;
        m.word(&["winning"])?;
        m.word(&["moves", "move"])?;
        let heaps = heaps_before(m, start)?;
        let values = heaps
            .iter()
            .map(|h| number_of(h))
            .collect::<Option<Vec<_>>>()?;
        return winning_move_count(m, start, &values, &k);
    }
    // "The position with heaps of 3, 5 and 7 has …"
    let save = m.at;
    if m.word(&["the", "a"]).is_none() || m.word(&["position"]).is_none() {
        m.at = save;
    }
    // "With heaps of 3, 7 and 12 the nim-sum is 8. The only winning move reduces …": the
    // heaps of the clause before.
    if m.word(&["from", "with", "facing", "for"]).is_none() {
        // Only where a winning move is named is the text before searched for heaps.
        m.maybe(&["the", "a"]);
        m.maybe(&["only", "unique"]);
        m.word(&["winning"])?;
        m.at = start;
        let heaps = heaps_before(m, start)?;
        let values = heaps.iter().map(|h| number_of(h)).collect::<Option<_>>()?;
        return winning_move_from(m, start, values);
    }
    m.maybe(&["nim"]);
    m.word(&["heaps", "piles"])?;
    m.maybe(&["of", "with"]);
    m.maybe(&["sizes"]);
    let first = m.number()?;
    let heaps = m.series(first);
    if heaps.len() < 2 {
        return None;
    }
    let _ = m.words(&["in", "nim"]);
    let _ = m
        .words(&["on", "the", "table"])
        .or_else(|| m.words(&["on", "the", "board"]));
    let values: Vec<u128> = heaps.iter().map(num_value).collect::<Option<_>>()?;
    let all: Vec<String> = values.iter().map(u128::to_string).collect();
    let sum = all.join(" ⊕ ");
    // "From heaps of 1, 4, 9 and 16, whose nim-sum is 28, …": their nim-sum aside.
    let mut aside = None;
    if m.after_comma() {
        let save = (m.at, m.loose);
        m.past_comma();
        match m.words(&["whose", "nim-sum", "is"]) {
            Some(r) => {
                let v = m.number()?;
                let at = r.start..v.span.end;
                aside = Some((format!("{sum} = {}", num_text(&v)?), at));
            }
            None => (m.at, m.loose) = save,
        }
    }
    m.past_comma();
    // "there are exactly three winning moves", "… has exactly three winning moves".
    if m.words(&["there", "are"]).is_some()
        || m.words(&["there", "is"]).is_some()
        || m.word(&["has"]).is_some()
    {
        let k = how_many(m)?;
        m.word(&["winning"])?;
        m.word(&["moves", "move"])?;
        return winning_move_count(m, start, &values, &k);
    }
    let mut found = winning_move_from(m, start, values)?;
    if let Some((src, at)) = aside {
        found.push(claim_at_span(m, &src, at.clone(), at, Mode::Role)?);
    }
    Some(found)
}

/// Returns the claim that `k` heaps of `values` have a winning move (the heaps a move to a
/// nim-sum of 0 takes from, one move each), and the moves listed after a colon: "…: reduce
/// the heap of 3 to 2, the heap of 5 to 4, or the heap of 7 to 6", each leaving a nim-sum
/// of 0.
fn winning_move_count(
    m: &mut Matcher<'_>,
    start: usize,
    values: &[u128],
    k: &Token,
) -> Option<Vec<Found>> {
    let src = winning_heaps(values, &num_text(k)?);
    let mut found = clause_claims(m, start, &[src])?;
    // "…, in the heaps of 10, 15 and 27": which heaps those moves take from.
    let save = (m.at, m.loose);
    m.past_comma();
    let from = m.at;
    let named = m
        .words(&["in", "the"])
        .or_else(|| m.words(&["from", "the"]))
        .and_then(|_| {
            m.word(&["heaps", "heap"])?;
            m.word(&["of"])?;
            let first = m.number()?;
            Some(m.series(first))
        });
    match named {
        Some(listed) => {
            let sum: Vec<String> = values.iter().map(u128::to_string).collect();
            let mut claims = Vec::new();
            for x in &listed {
                let x = num_text(x)?;
                claims.push(format!("{x} ⊕ {} < {x}", sum.join(" ⊕ ")));
                claims.push(format!(
                    "count{{h in {{{}}} : h = {x}}} > 0",
                    sum.join(", ")
                ));
            }
            // Heaps named fewer than the moves counted leave one out.
            let mut distinct: Vec<u128> = listed.iter().filter_map(num_value).collect();
            distinct.sort_unstable();
            distinct.dedup();
            if num_value(k) != u128::try_from(distinct.len()).ok() {
                claims.push(winning_heaps(values, &distinct.len().to_string()));
            }
            found.extend(clause_claims(m, from, &claims)?);
            return Some(found);
        }
        None => (m.at, m.loose) = save,
    }
    if m.gap() != ":" {
        return Some(found);
    }
    let save = (m.at, m.loose);
    m.loose = Some(m.at);
    let moves = (|| {
        let mut claims = Vec::new();
        let verbs = MoveVerbs {
            take: &[],
            cut: &["reduce", "cut", "bring", "lower", "shrink"],
            empty: &[],
        };
        let mut at = m.w[m.at].span.start;
        let mut mv = nim_move(m, &verbs)?;
        loop {
            let span = at..m.w[m.at - 1].span.end;
            claims.push((
                format!("{} = 0", mv.after(values)?),
                span.clone(),
                Mode::Plain,
            ));
            claims.push((mv.fits, span, Mode::Role));
            // ", the heap of 5 to 4, or the heap of 7 to 6": the verb said once.
            let save = (m.at, m.loose);
            m.past_comma();
            m.maybe(&["or", "and"]);
            let Some(next) = m.w.get(m.at).map(|w| w.span.start) else {
                break;
            };
            match cut_to(m) {
                Some(next_mv) => {
                    at = next;
                    mv = next_mv;
                }
                None => {
                    (m.at, m.loose) = save;
                    break;
                }
            }
        }
        Some(claims)
    })();
    match moves {
        Some(claims) => {
            for (src, span, mode) in claims {
                found.push(claim_at_span(m, &src, span.clone(), span, mode)?);
            }
        }
        None => (m.at, m.loose) = save,
    }
    Some(found)
}

/// "To win from 1, 2 and 4, remove three counters from the heap of 4", "… reduce the heap
/// of 4 to 3", "… empty the heap of 5": the move, in the imperative, leaves a nim-sum of 0.
fn to_win(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    // "From heaps of 2, 5 and 6, you win by taking one counter from the heap of 5".
    let by = m.words(&["to", "win"]).is_none();
    if by {
        m.maybe(&["starting"]);
    }
    m.word(&["from", "with", "facing"])?;
    m.maybe(&["nim"]);
    if m.word(&["heaps", "piles"]).is_some() {
        m.maybe(&["of"]);
    }
    let first = m.number()?;
    let heaps: Vec<u128> = m
        .series(first)
        .iter()
        .map(num_value)
        .collect::<Option<_>>()?;
    if heaps.len() < 2 || !m.after_comma() {
        return None;
    }
    m.past_comma();
    if by {
        m.word(&["you"])?;
        m.maybe(&["can"]);
        m.word(&["win"])?;
        m.word(&["by"])?;
    } else {
        let _ = m
            .words(&["you", "must"])
            .or_else(|| m.words(&["you", "should"]));
    }
    let mv = nim_move(
        m,
        &MoveVerbs {
            take: &["remove", "take", "removing", "taking"],
            cut: &[
                "reduce", "cut", "bring", "lower", "shrink", "reducing", "cutting",
            ],
            empty: &["empty", "clear", "emptying", "clearing"],
        },
    )?;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let sum = format!("{} = 0", mv.after(&heaps)?);
    Some(vec![
        claim_at_span(m, &sum, span.clone(), span.clone(), Mode::Plain)?,
        claim_at_span(m, &mv.fits, span.clone(), span, Mode::Role)?,
    ])
}

/// The verbs of a move in Nim in one grammatical form ("takes", "take", "taking"): taking
/// a count from a heap, cutting a heap down to a size, emptying a heap.
struct MoveVerbs<'a> {
    take: &'a [&'a str],
    cut: &'a [&'a str],
    empty: &'a [&'a str],
}

/// A move in Nim read from words: the heap taken from, the heap it leaves as the
/// statement language writes it, the claim that the move fits the heap, and the size left
/// where it is known.
struct NimMove {
    from: u128,
    left: String,
    fits: String,
    left_v: Option<u128>,
}

impl NimMove {
    /// The nim-sum of `heaps` after the move, as the statement language writes it.
    fn after(&self, heaps: &[u128]) -> Option<String> {
        let k = heaps.iter().position(|&h| h == self.from)?;
        let after: Vec<String> = heaps
            .iter()
            .enumerate()
            .map(|(i, h)| {
                if i == k {
                    self.left.clone()
                } else {
                    h.to_string()
                }
            })
            .collect();
        Some(after.join(" ⊕ "))
    }
}

/// The claim that exactly one heap of `values` has a winning move: a heap with a move to a
/// nim-sum of 0 is one its size nim-added to the sum makes smaller.
fn only_winning_move(values: &[u128]) -> String {
    winning_heaps(values, "1")
}

/// The claim that `k` heaps of `values` have a winning move: a heap with a move to a
/// nim-sum of 0 is one its size nim-added to the sum makes smaller.
fn winning_heaps(values: &[u128], k: &str) -> String {
    let sum: Vec<String> = values.iter().map(u128::to_string).collect();
    let mut distinct = values.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let list: Vec<String> = distinct.iter().map(u128::to_string).collect();
    format!(
        "count{{h in {{{}}} : h ⊕ {} < h}} = {k}",
        list.join(", "),
        sum.join(" ⊕ ")
    )
}

/// Returns the refusal of heaps said to be left after a move (at `at`) that are not those
/// it leaves, `left` (an emptied heap gone), or `None` when they are.
fn wrong_heaps_left(said: &[u128], left: &[u128], at: Range<usize>) -> Option<Found> {
    let mut said = said.to_vec();
    let mut left = left.to_vec();
    for list in [&mut said, &mut left] {
        list.retain(|&h| h != 0);
        list.sort_unstable();
    }
    if said == left {
        return None;
    }
    let shown: Vec<String> = left.iter().map(u128::to_string).collect();
    Some(Found {
        span: at.clone(),
        lint: Lint::Unreadable(super::Unreadable {
            span: at,
            what: if shown.len() == 1 {
                format!("the heap the move leaves, which is {}", shown.join(""))
            } else {
                format!("heaps the move leaves, which are {}", shown.join(", "))
            },
            hint: "list the heaps left after the move, an emptied heap gone".to_string(),
        }),
    })
}

/// Reads a move with `verbs`: "takes six counters from the heap of 9", "reduces the heap
/// of 12 to 4", "empty the heap of 5".
fn nim_move(m: &mut Matcher<'_>, verbs: &MoveVerbs<'_>) -> Option<NimMove> {
    if m.word(verbs.take).is_some() {
        let take = m.number()?;
        let taken = num_value(&take);
        let take = num_text(&take)?;
        m.maybe(&[
            "counters", "tokens", "stones", "beans", "coins", "matches", "counter", "token",
            "stone", "bean", "coin", "match",
        ]);
        m.word(&["from"])?;
        let from = heap_of(m)?;
        // The heap taken from is left as an ordinary difference.
        return Some(NimMove {
            from,
            left: format!("({from} - {take})"),
            fits: format!("{take} <= {from}"),
            left_v: taken.and_then(|t| from.checked_sub(t)),
        });
    }
    if m.word(verbs.cut).is_some() {
        return cut_to(m);
    }
    m.word(verbs.empty)?;
    let from = heap_of(m)?;
    Some(NimMove {
        from,
        left: "0".to_string(),
        fits: format!("0 < {from}"),
        left_v: Some(0),
    })
}

/// Reads "the heap of 9" and returns its size.
fn heap_of(m: &mut Matcher<'_>) -> Option<u128> {
    m.maybe(&["the"]);
    m.word(&["heap", "pile"])?;
    m.word(&["of"])?;
    num_value(&m.number()?)
}

/// Reads a cut after its verb: "the heap of 12 down to 4".
fn cut_to(m: &mut Matcher<'_>) -> Option<NimMove> {
    let from = heap_of(m)?;
    m.maybe(&["down"]);
    m.word(&["to"])?;
    let left = m.number()?;
    let left_v = num_value(&left);
    let left = num_text(&left)?;
    Some(NimMove {
        from,
        fits: format!("{left} < {from}"),
        left,
        left_v,
    })
}

/// Reads the winning move from the heaps `heaps` ("the only winning move reduces the heap
/// of 12 to 4, …") and what follows it.
fn winning_move_from(m: &mut Matcher<'_>, start: usize, values: Vec<u128>) -> Option<Vec<Found>> {
    m.maybe(&["the", "a"]);
    let only = m.word(&["only", "unique"]).is_some();
    m.word(&["winning"])?;
    m.word(&["move"])?;
    // "the winning move is to take one counter from …"; "… cuts the heap of 12 down to 9".
    let verbs = if m.words(&["is", "to"]).is_some() {
        MoveVerbs {
            take: &["take", "remove"],
            cut: &[],
            empty: &[],
        }
    } else {
        MoveVerbs {
            take: &["takes", "removes"],
            cut: &["cuts", "reduces", "brings", "shrinks", "lowers"],
            empty: &[],
        }
    };
    let mv = nim_move(m, &verbs)?;
    let left_v = mv.left_v;
    let emptied = left_v == Some(0);
    let k = values.iter().position(|&h| h == mv.from)?;
    let mut claims = vec![
        (format!("{} = 0", mv.after(&values)?), Mode::Plain),
        (mv.fits, Mode::Role),
    ];
    // "…, and no other heap offers one": the move is the only one.
    let save = (m.at, m.loose);
    m.past_comma();
    let only = only
        || m.words(&["and", "no", "other", "heap"]).is_some()
            && m.word(&["offers", "has", "gives"]).is_some()
            && m.word(&["one"]).is_some()
        || {
            (m.at, m.loose) = save;
            false
        };
    if only {
        claims.push((only_winning_move(&values), Mode::Role));
    }
    // "…, which leaves three heaps whose nim-sum is zero (again)": what the move's claim
    // says, with the count of heaps left.
    let save = (m.at, m.loose);
    m.past_comma();
    // A count other than the heaps the move leaves is refused.
    let heaps_left = values.len() - usize::from(emptied);
    let leaves = m
        .words(&["which", "leaves"])
        .or_else(|| m.word(&["leaving"]))
        .and_then(|from| {
            let count = m.number();
            m.word(&["heaps", "piles"])?;
            m.words(&["whose", "nim-sum", "is"])?;
            m.word(&["zero", "0"])?;
            m.maybe(&["again"]);
            Some((from.start, count))
        });
    // "…, leaving 4, 7 and 3, whose nim-sum is 0": the heaps left, listed.
    let mut wrong_heaps = None;
    if leaves.is_none() {
        (m.at, m.loose) = save;
        let listed = m.word(&["leaving"]).and_then(|from| {
            let first = m.number()?;
            let listed = m.series(first);
            let (end, loose) = (m.at, m.loose);
            m.past_comma();
            let whose =
                m.words(&["whose", "nim-sum", "is"]).is_some() && m.word(&["zero", "0"]).is_some();
            if whose {
                m.maybe(&["again"]);
            } else {
                (m.at, m.loose) = (end, loose);
            }
            Some((from.start, listed))
        });
        match listed {
            // A move that takes more than the heap holds fails its own claim already.
            Some((from, listed)) if let Some(left_v) = left_v => {
                let said: Vec<u128> = listed.iter().filter_map(num_value).collect();
                let mut left: Vec<u128> = values.clone();
                left[k] = left_v;
                // "…, leaving 3": the heap taken from, as it is left.
                if said.len() == 1 {
                    left = vec![left[k]];
                }
                wrong_heaps = wrong_heaps_left(&said, &left, from..m.w[m.at - 1].span.end);
            }
            Some(_) => {}
            None => (m.at, m.loose) = save,
        }
    }
    let mut wrong_count = None;
    match leaves {
        Some((from, Some(c))) if num_value(&c) != Some(heaps_left as u128) => {
            let at = from..m.w[m.at - 1].span.end;
            wrong_count = Some(Found {
                span: at.clone(),
                lint: Lint::Unreadable(super::Unreadable {
                    span: at,
                    what: format!("a count of heaps the move leaves, which is {heaps_left}"),
                    hint: "count the heaps left after the move, an emptied heap gone".to_string(),
                }),
            });
        }
        // Without "which leaves", the heaps listed after "leaving" (if any) were read.
        Some(_) | None => {}
    }
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mut found: Vec<Found> = claims
        .iter()
        .map(|(src, mode)| claim_at_span(m, src, span.clone(), span.clone(), *mode))
        .collect::<Option<_>>()?;
    found.extend(wrong_count);
    found.extend(wrong_heaps);
    Some(found)
}

/// "Within one period of Kayles, from heap size 71 to 82, a quarter of the values are 1":
/// a fraction of a game's values over a range of heap sizes (and, "within one period", the
/// range is one period long).
fn values_fraction(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    let mut game = None;
    let mut period = false;
    if m.words(&["within", "one", "period", "of"]).is_some()
        || m.words(&["over", "one", "period", "of"]).is_some()
    {
        game = Some(game_ref(m)?.0);
        period = true;
        m.past_comma();
    }
    let mut range = None;
    if m.w.get(m.at).is_some_and(|w| w.text == "from") {
        m.maybe(&["from"]);
        m.maybe(&["heap", "row"]);
        m.maybe(&["size", "sizes", "length"]);
        let a = num_value(&m.number()?)?;
        m.word(&["to", "through"])?;
        let b = num_value(&m.number()?)?;
        range = Some((a, b));
        m.past_comma();
    }
    let qualifier = if m.words(&["more", "than"]).is_some() {
        ">"
    } else if m.words(&["less", "than"]).is_some() {
        "<"
    } else {
        m.maybe(&["exactly"]);
        "="
    };
    let (num, den) = fraction(m)?;
    m.word(&["of"])?;
    m.word(&["the", "its"])?;
    if let Some((g, _)) = game_ref(m) {
        game = Some(g);
    }
    m.word(&["values"])?;
    if let Some(g) = played_in(m) {
        game = Some(g);
    }
    let (a, b) = range?;
    let game = match game {
        Some(g) => g,
        None => named_before(m, start)?,
    };
    m.word(&["are", "equal"])?;
    m.maybe(&["to"]);
    let v = num_text(&m.number()?)?;
    if b < a || game == NIM {
        return None;
    }
    let t = b - a + 1;
    let part = t.checked_mul(num)?;
    let c = format!("count{{{a} <= n <= {b} : {game}(n) = {v}}}");
    let mut claims = vec![match qualifier {
        ">" => format!("{c} > {}", part / den),
        "<" => format!("{c} < {}", part.div_ceil(den)),
        _ => {
            if part % den != 0 {
                return None;
            }
            format!("{c} = {}", part / den)
        }
    }];
    if period {
        claims.push(format!("period({game}) = {t}"));
        claims.push(format!("preperiod({game}) <= {a}"));
    }
    clause_claims(m, start, &claims)
}

/// "Of the first twenty Kayles values, 30% are equal to 1": a fraction of a game's first
/// values, from heap size 0.
fn first_values_fraction(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["of", "among"])?;
    m.word(&["the"])?;
    m.word(&["first"])?;
    let n = num_value(&m.number()?)?;
    let named = game_ref(m).map(|(g, _)| g);
    m.word(&["values"])?;
    let game = match named.or_else(|| played_in(m)) {
        Some(g) => g,
        None => named_before(m, start)?,
    };
    if !m.after_comma() || n == 0 || n > 1 << 16 || game == NIM {
        return None;
    }
    m.past_comma();
    m.maybe(&["exactly"]);
    let (num, den) = fraction(m)?;
    m.loose = Some(m.at);
    m.word(&["are", "is"])?;
    m.maybe(&["equal"]);
    m.maybe(&["to"]);
    let v = num_text(&m.number()?)?;
    let part = n.checked_mul(num)?;
    if part % den != 0 {
        return None;
    }
    let src = format!(
        "count{{0 <= n <= {} : {game}(n) = {v}}} = {}",
        n - 1,
        part / den
    );
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// "The sum of 1, 2, 4 and 8 in Nim is 15": a sum said to be taken in Nim (or "in the nim
/// sense") is the nim-sum; "the sum of 3 and 5 is 8", with no such words, has the two
/// readings of `+` in plain math.
fn sum_of(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let sum = m.word(&["sum"])?;
    m.word(&["of"])?;
    let first = m.number()?;
    let terms = m.series(first);
    if terms.len() < 2 {
        return None;
    }
    let nim = m.words(&["in", "nim"]).is_some()
        || m.words(&["in", "the", "nim", "sense"]).is_some()
        || m.words(&["as", "nimbers"]).is_some();
    let cmp = m.comparison()?;
    let v = m.number()?;
    let op = if nim { Tok::NimSum } else { Tok::Plus };
    let mut tokens = Vec::new();
    for (i, t) in terms.into_iter().enumerate() {
        if i > 0 {
            tokens.push(Token::new(op.clone(), sum.clone()));
        }
        tokens.push(t);
    }
    tokens.extend([cmp, v]);
    m.tokens = tokens;
    let span = m.w[start].span.start..m.w[m.at - 1].span.end;
    let mode = if nim { Mode::Role } else { Mode::Plain };
    Some(vec![finish(m, span, mode)])
}

/// "The nim-sum of all the numbers from 1 to 7 is 0", "the nim-sum of the whole numbers 1
/// to 7", "the nim-sum of the nimbers below 8 is 0": the nim-sum of a range of numbers,
/// written out term by term (at most 1024).
fn nim_sum_of_range(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    // "nim-adding all the numbers from 1 to 6 gives 7": the gerund takes no "of".
    let op = if m.word(&["nim-adding", "xoring"]).is_some() {
        "⊕"
    } else if m.word(&["nim-multiplying"]).is_some() {
        "⊗"
    } else {
        let op = if m.word(&["nim-sum", "nimsum"]).is_some() || m.words(&["nim", "sum"]).is_some() {
            "⊕"
        } else {
            m.word(&["nim-product", "nimproduct"])
                .or_else(|| m.words(&["nim", "product"]))?;
            "⊗"
        };
        m.word(&["of"])?;
        op
    };
    m.maybe(&["all"]);
    m.maybe(&["the"]);
    let nonzero = m.word(&["nonzero", "non-zero"]).is_some();
    m.maybe(&["whole", "natural"]);
    m.word(&["numbers", "nimbers", "integers", "values", "elements"])?;
    // "from 1 to 7" (or "1 to 7"), or "below 8" (from 0, or from 1 when nonzero).
    let (a, b) = if m.word(&["below", "under"]).is_some() {
        let n = num_value(&m.number()?)?;
        (u128::from(nonzero), n.checked_sub(1)?)
    } else {
        m.maybe(&["from"]);
        let a = num_value(&m.number()?)?;
        m.word(&["to", "through"])?;
        (a, num_value(&m.number()?)?)
    };
    if b < a || b - a >= 1024 {
        return None;
    }
    let cmp = m.comparison()?;
    let v = m.number()?;
    let terms: Vec<String> = (a..=b).map(|n| n.to_string()).collect();
    let src = format!(
        "{} {} {}",
        terms.join(&format!(" {op} ")),
        cmp_text(&cmp)?,
        num_text(&v)?
    );
    let span = m.w[start].span.start..v.span.end;
    one_claim(m, &src, span.clone(), span, Mode::Role)
}

/// Takes "largest" (or a synonym) or "smallest", and returns the comparison a value
/// beyond the extreme would make: `>` or `<`.
fn extreme(m: &mut Matcher<'_>) -> Option<&'static str> {
    if m.word(&["largest", "greatest", "biggest", "highest"])
        .is_some()
    {
        return Some(">");
    }
    m.word(&["smallest", "least", "lowest"])?;
    Some("<")
}

/// The claims that `game` takes the value `v` below `n` and none `beyond` it.
fn extreme_claims(
    m: &mut Matcher<'_>,
    start: usize,
    game: &str,
    n: &str,
    v: &str,
    beyond: &str,
) -> Option<Vec<Found>> {
    let claims = [
        format!("count{{n < {n} : {game}(n) = {v}}} >= 1"),
        format!("count{{n < {n} : {game}(n) {beyond} {v}}} = 0"),
    ];
    clause_claims(m, start, &claims)
}

/// "The largest value Dawson's Kayles takes below 400 is 9", "the largest value of Kayles
/// on heaps below 100 is 7": as [`extreme_of_first`] reads the first N values.
fn extreme_below(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let beyond = extreme(m)?;
    m.maybe(&["grundy", "nim"]);
    m.word(&["value"])?;
    let game = if m.word(&["of"]).is_some() {
        game_ref(m)?.0
    } else {
        m.maybe(&["that", "which"]);
        let g = game_ref(m)?.0;
        m.word(&["takes", "has"])?;
        g
    };
    let _ = m
        .words(&["on", "heaps"])
        .or_else(|| m.words(&["on", "rows"]))
        .or_else(|| m.words(&["at", "heap", "sizes"]));
    m.word(&["below", "under"])?;
    let n = num_text(&m.number()?)?;
    m.is()?;
    let v = num_text(&m.number()?)?;
    extreme_claims(m, start, &game, &n, &v, beyond)
}

/// "The largest value of Dawson's Kayles is 9", "the largest value in the whole sequence
/// is 8", after the game's block: the largest value at any position, known from the proved
/// period.
fn largest_value(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.maybe(&["the"]);
    let words = m.word(&["largest", "greatest", "biggest", "highest"])?;
    m.maybe(&["grundy", "nim"]);
    m.word(&["value"])?;
    let named = match m.word(&["of"]) {
        Some(_) => Some(game_ref(m)?.0),
        None => {
            let _ = m
                .words(&["in", "the", "whole", "sequence"])
                .or_else(|| m.words(&["of", "all"]))
                .or_else(|| m.word(&["overall", "anywhere"]))
                .or_else(|| m.words(&["ever", "reached"]))
                .or_else(|| m.words(&["it", "ever", "takes"]))
                .or_else(|| m.words(&["it", "takes"]));
            None
        }
    };
    let is = m.is()?;
    let v = num_text(&m.number()?)?;
    let game = match named {
        Some(game) => game,
        None => named_or_current(m, start)?,
    };
    // "Below 300 the largest value is 14": the largest below the bound.
    let bound = start.checked_sub(2).and_then(|k| {
        let n = m.w[k + 1].text.parse::<u128>().ok()?;
        ["below", "under"]
            .contains(&m.w[k].text.as_ref())
            .then_some((k, n))
    });
    let mut out = match bound {
        Some((k, n)) => extreme_claims(m, k, &game, &n.to_string(), &v, ">")?,
        None => {
            let span = m.w[start].span.start..m.w[m.at - 1].span.end;
            let src = format!("largest({game}) = {v}");
            vec![claim_at_span(
                m,
                &src,
                span,
                words.start..is.end,
                Mode::Role,
            )?]
        }
    };
    // "…, first reached at 86", "…, first reached by a row of 27 pins": where it first
    // occurs.
    let save = (m.at, m.loose);
    m.past_comma();
    let first = m.words(&["first", "reached"]).and_then(|r| {
        m.word(&["at", "by", "with"])?;
        m.maybe(&["a"]);
        m.maybe(&["heap", "row", "pile"]);
        m.maybe(&["of"]);
        m.maybe(&["size", "length"]);
        let n = num_text(&m.number()?)?;
        m.maybe(&["tokens", "pins", "counters", "skittles"]);
        let at = r.start..m.w[m.at - 1].span.end;
        first_at(m, &game, &n, "=", &v, at)
    });
    match first {
        Some(claims) => out.extend(claims),
        None => (m.at, m.loose) = save,
    }
    Some(out)
}

/// "Among the first forty values of Dawson's Kayles, the largest is 7": the value occurs
/// among the first N and none is larger (or, for "the smallest", smaller).
fn extreme_of_first(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["among", "of"])?;
    m.word(&["the"])?;
    m.word(&["first"])?;
    let n = num_text(&m.number()?)?;
    let game = match game_ref(m) {
        Some((g, _)) => {
            m.maybe(&["grundy", "nim"]);
            m.word(&["values"])?;
            g
        }
        None => {
            m.maybe(&["grundy", "nim"]);
            m.word(&["values"])?;
            m.word(&["of", "in"])?;
            game_ref(m)?.0
        }
    };
    m.past_comma();
    m.word(&["the"])?;
    let beyond = extreme(m)?;
    m.maybe(&["value", "one"]);
    m.is()?;
    let v = num_text(&m.number()?)?;
    extreme_claims(m, start, &game, &n, &v, beyond)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sentence with a number is tried only with a word of the grammar or the lexicon, or
    /// a sign, beside it.
    #[test]
    fn a_sentence_is_claimable_only_with_a_word_or_sign_a_form_reads() {
        let lex = Lexicon::builtin();
        let gate = |text: &str| {
            let w = words(text);
            claimable(text, &w, &sentences(text, &w), &lex)
        };
        assert_eq!(
            gate("See page 4 and item 0. Section 3 of page 2"),
            [false, false]
        );
        assert_eq!(
            gate("See page 4. The nim-sum of 3 and 5 is 7."),
            [false, true]
        );
        assert_eq!(gate("Rows 3 and 4 give 2."), [true]);
        assert_eq!(gate("So 3 ⊕ 5 is 6."), [true]);
        assert_eq!(gate("So 3 = 5 here. No number here."), [true, false]);
    }

    /// The screen on first letters lets every number word below a hundred through.
    #[test]
    fn every_number_word_may_start_a_number() {
        for t in UNITS.iter().chain(TENS.iter()) {
            assert!(starts_number(t), "{t}");
        }
        assert!(starts_number("ninety-nine") && starts_number("0x1f") && starts_number("42"));
        assert!(!starts_number("page") && !starts_number("twentyone") && !starts_number("seventh"));
    }
}
