//! Fermat 2-powers in words, the numbers 2^(2^k) on which Conway's rules for the product
//! rest: "2 and 4 are distinct Fermat powers", "16 is a Fermat 2-power", "the next Fermat
//! power 16", and the rule "the nim product of a Fermat 2-power n with itself is 3n/2".
//! A number is checked to be 2^(2^k) for some k below 7; the rule is checked for every
//! Fermat 2-power below 2^32, its `×` and `/` the ordinary ones, as Conway states it.
//!
//! ```text
//! fermat := N {, N} and N are [distinct] FP | N is [not] a FP | FP N
//!         | FP [the numbers] N, N, … | N is the next FP after (M | it)
//!         | the next FP after M is N
//!         | [the nim product of] a FP [n …] (with | [multiplied] by | times) itself
//!           (is | gives) (EXPR-in-n | RATIO (it | itself))
//!         | [the nim product of] a FP [n …] with any (smaller | larger) number is the
//!           ordinary product
//! FP     := fermat [2-]power[s]
//! ```

use std::ops::Range;

use super::{Found, Lint};
use crate::math::lexicon::sentences;
use crate::stmt::{self, AmbiguousOp, Meaning, Mode, Token};

/// Reads the statements about Fermat 2-powers in `text`.
pub fn read_fermat(text: &str) -> Vec<Found> {
    if !text.contains("ermat") {
        return Vec::new();
    }
    let Some(lower) = super::lowered(text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for r in sentences(&lower) {
        let sentence = &lower[r.clone()];
        // A Fermat power of another base ("a Fermat 3-power") is no notion of the
        // lexicon: refused rather than read as something else.
        if let Some(at) = other_base(sentence) {
            let span = r.start + at.start..r.start + at.end;
            out.push(Found {
                span: span.clone(),
                lint: Lint::Unreadable(super::Unreadable {
                    span: span.clone(),
                    what: format!("`{}`, a power the grammar does not know", &text[span]),
                    hint: "write Fermat 2-powers (2^(2^k)), or compute the claim with a role"
                        .to_string(),
                }),
            });
            continue;
        }
        for (span, claim, ordinary) in claims(sentence) {
            let at = r.start + span.start..r.start + span.end;
            if let Some(lint) = statement(&claim, at.clone(), ordinary) {
                out.push(Found { span: at, lint });
            }
        }
    }
    out
}

/// Where each "fermat … power" phrase of a sentence starts and ends.
fn phrases(sentence: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    for (at, _) in sentence.match_indices("fermat ") {
        let rest = &sentence[at + 7..];
        let len = ["powers", "power"]
            .iter()
            .find(|w| rest.starts_with(*w))
            .map(|w| w.len())
            .or_else(|| {
                based(rest)
                    .filter(|(base, _)| *base == "2")
                    .map(|(_, len)| len)
            });
        if let Some(len) = len {
            out.push(at..at + 7 + len);
        }
    }
    out
}

/// Reads the base and length of "2-power(s)" at the start of `rest`, the base perhaps
/// written in math ("$2$-power", which a run reads as "2" and spaces before "-power").
fn based(rest: &str) -> Option<(&str, usize)> {
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let spaces = rest[digits..].bytes().take_while(|b| *b == b' ').count();
    let tail = &rest[digits + spaces..];
    let word = ["-powers", "-power"]
        .iter()
        .find(|w| tail.starts_with(*w))?;
    (digits > 0).then(|| (&rest[..digits], digits + spaces + word.len()))
}

/// Returns where a sentence names a Fermat power of a base other than 2 ("fermat
/// 3-power").
fn other_base(sentence: &str) -> Option<Range<usize>> {
    sentence.match_indices("fermat ").find_map(|(at, _)| {
        let (base, len) = based(&sentence[at + 7..])?;
        (base != "2").then(|| at..at + 7 + len)
    })
}

/// Returns the claims of one lowercase sentence, each with its span in it and whether its
/// `+`, `×` and `/` are the ordinary operations.
fn claims(sentence: &str) -> Vec<(Range<usize>, String, bool)> {
    let mut out = Vec::new();
    for p in phrases(sentence) {
        let before = sentence[..p.start].trim_end();
        let after = &sentence[p.end..];
        // "… with any smaller number is the ordinary product"
        if let Some((len, claim)) = ordinary_rule(after) {
            out.push((p.start..p.end + len, claim, true));
            continue;
        }
        // "the nim product of a Fermat 2-power n … with itself is 3n/2", "… multiplied by
        // itself gives half as much again as itself"
        if let Some((k, verb)) = ITSELF.iter().find_map(|v| after.find(v).map(|k| (k, v))) {
            let rest = &after[k + verb.len()..];
            let expr = rest.trim();
            // "3n/2" is ordinary arithmetic, whatever the page writes `×` for.
            if let Some(claim) = square_rule(expr) {
                out.push((p.start..p.end + k + verb.len(), claim, true));
            } else if let Some((len, claim)) = square_in_words(rest) {
                out.push((p.start..p.end + k + verb.len() + len, claim, true));
            }
            continue;
        }
        // "256 is the next Fermat power after it", "the next Fermat 2-power after 16 is 256"
        if let Some((from, len, claims)) = next_after(before, after) {
            out.extend(claims.into_iter().map(|c| (from..p.end + len, c, true)));
            continue;
        }
        // "the Fermat 2-powers 2, 4, 16, 256, 65536, …": each listed number is one.
        let listed = leading_list(after);
        if listed.len() > 1 {
            let end = listed.last().map_or(0, |(_, r)| r.end);
            out.extend(
                listed
                    .iter()
                    .map(|(n, _)| (p.start..p.end + end, fermat(n, false), false)),
            );
            continue;
        }
        // "the Fermat 2-powers below 1000 are 2, 4, 16 and 256"
        if let Some((len, listed)) = listed_below(before, after) {
            out.extend(listed.into_iter().map(|c| (p.start..p.end + len, c, false)));
            continue;
        }
        // "the fourth Fermat 2-power is 256"
        if let Some((from, len, claim)) = kth(before, after) {
            out.push((from..p.end + len, claim, false));
            continue;
        }
        // "… 2 and 4 are [distinct] Fermat powers", "16 is [not] a Fermat power"
        let (subject, negated) = if let Some(s) = strip_any(before, &[" are distinct", " are"]) {
            (s, false)
        } else if let Some(s) = strip_any(before, &[" is not a", " is not an", " isn't a"]) {
            (s, true)
        } else if let Some(s) = strip_any(before, &[" is a", " is an"]) {
            (s, false)
        } else {
            // "the next Fermat power 16": the number named after the phrase.
            if let Some((n, len)) = leading_number(after.trim_start()) {
                let start = p.end + (after.len() - after.trim_start().len());
                out.push((p.start..start + len, fermat(&n, false), false));
            }
            continue;
        };
        let numbers = trailing_list(subject);
        let Some(first) = numbers.first() else {
            continue;
        };
        for (n, _) in &numbers {
            out.push((first.1.start..p.end, fermat(n, negated), false));
        }
    }
    out
}

/// Reads "with any smaller (larger) number is the ordinary product" after a Fermat
/// 2-power: `F ⊗ m = F × m` for every Fermat 2-power F below 2^16 and every m below it (or
/// every m from F + 1 to 2F), `×` the ordinary product. Returns the length read and the
/// claim.
fn ordinary_rule(after: &str) -> Option<(usize, String)> {
    let k = after.find("with ")?;
    let words: Vec<&str> = after[k + 5..].split_whitespace().take(7).collect();
    let [quantity, size, noun, "is", article, "ordinary", product, ..] = words[..] else {
        return None;
    };
    let size_ok = matches!(quantity, "any" | "every" | "a" | "each")
        && matches!(noun, "number" | "nimber" | "integer")
        && matches!(article, "the" | "their" | "its")
        && product.trim_end_matches(['.', ',', ';']) == "product";
    let fermat = "(2**(2**k))";
    let m = match size {
        "smaller" | "lesser" => format!("rem(m, {fermat})"),
        "larger" | "greater" | "bigger" => format!("({fermat} + 1 + rem(m, {fermat}))"),
        _ => return None,
    };
    let end = after.find(product)? + "product".len();
    size_ok.then(|| {
        (
            end,
            format!("forall k < 4: forall m < 256: {fermat} ⊗ {m} = {fermat} × {m}"),
        )
    })
}

/// Reads "below N are A, B and C" after "the Fermat 2-powers": each listed number is one,
/// below N, and they are all of them. Returns the length read and the claims.
fn listed_below(before: &str, after: &str) -> Option<(usize, Vec<String>)> {
    if !before.ends_with("the") {
        return None;
    }
    let rest = after.trim_start().strip_prefix("below ")?;
    let (bound, len) = leading_number(rest)?;
    let tail = rest[len..].trim_start().strip_prefix("are ")?;
    let end = tail.find(['.', ';', ':']).unwrap_or(tail.len());
    let listed = trailing_list(&tail[..end]);
    let last = listed.last()?;
    // The list is the whole of what follows "are".
    if tail[..listed.first()?.1.start].trim() != "" {
        return None;
    }
    let read = after.len() - tail.len() + last.1.end;
    let mut claims: Vec<String> = listed
        .iter()
        .flat_map(|(n, _)| [fermat(n, false), format!("{n} < {bound}")])
        .collect();
    claims.push(format!(
        "count{{k < 7: 2**(2**k) < {bound}}} = {}",
        listed.len()
    ));
    Some((read, claims))
}

/// Reads "the fourth Fermat 2-power is 256": the k-th is 2^(2^(k-1)). Returns where the
/// claim starts in `before`, the length read after the phrase, and the claim.
fn kth(before: &str, after: &str) -> Option<(usize, usize, String)> {
    const ORDINALS: [&str; 7] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
    ];
    let (k, word) = ORDINALS
        .iter()
        .enumerate()
        .find(|(_, w)| before.ends_with(&format!("the {w}")))?;
    let from = before.len() - word.len() - 4;
    let rest = after.trim_start().strip_prefix("is ")?;
    let (n, len) = leading_number(rest)?;
    let read = after.len() - rest.len() + len;
    Some((from, read, format!("2**(2**{k}) = {n}")))
}

/// The verbs of a Fermat 2-power's square: "with itself is", "multiplied by itself gives".
const ITSELF: [&str; 6] = [
    "with itself is",
    "with itself gives",
    "by itself is",
    "by itself gives",
    "times itself is",
    "times itself gives",
];

/// Reads a Fermat 2-power's square in words after its verb: "one and a half times it",
/// "half as much again as itself", "twice it", "3 times itself". Returns the length read
/// and the rule for every Fermat 2-power below 2^32, its `×` and `/` the ordinary ones.
fn square_in_words(rest: &str) -> Option<(usize, String)> {
    const RATIOS: [(&str, &str); 7] = [
        ("one and a half times", "3 × F / 2"),
        ("half as much again as", "3 × F / 2"),
        ("half again as much as", "3 × F / 2"),
        ("three halves of", "3 × F / 2"),
        ("twice", "2 × F"),
        ("double", "2 × F"),
        ("the same as", "F"),
    ];
    const SELF: [&str; 4] = ["itself", "it", "the power", "that power"];
    let expr = rest.trim_start();
    let lead = rest.len() - expr.len();
    let (ratio, tail) = match RATIOS.iter().find(|(w, _)| expr.starts_with(w)) {
        Some((w, ratio)) => (ratio.to_string(), &expr[w.len()..]),
        None => {
            let (n, len) =
                leading_number(expr).or_else(|| super::words::leading_number_word(expr))?;
            let tail = expr[len..].trim_start().strip_prefix("times")?;
            (format!("{n} × F"), tail)
        }
    };
    let tail_trim = tail.trim_start();
    let noun = SELF.iter().find(|s| {
        tail_trim
            .strip_prefix(*s)
            .is_some_and(|t| t.chars().next().is_none_or(|c| !c.is_alphanumeric()))
    });
    let noun_len = noun.map_or(0, |s| tail.len() - tail_trim.len() + s.len());
    if noun.is_none() && !tail_trim.is_empty() && !tail_trim.starts_with(['.', ',', ';', ':']) {
        return None;
    }
    let read = lead + (expr.len() - tail.len()) + noun_len;
    let fermat = "(2**(2**k))";
    let ratio = ratio.replace('F', fermat);
    Some((read, format!("forall k < 5: {fermat} ⊗ {fermat} = {ratio}")))
}

/// Reads "N is the next Fermat power after M" (or "after it", M the number named last
/// before N) and "the next Fermat power after M is N": M is one, and N is its square.
/// Returns where the claim starts in `before`, the length read after the phrase, and the
/// claims.
fn next_after(before: &str, after: &str) -> Option<(usize, usize, Vec<String>)> {
    let claims = |m: &str, n: &str| vec![fermat(m, false), format!("{m}**2 = {n}")];
    if let Some(subject) = before.strip_suffix(" is the next") {
        let (n, r) = trailing_list(subject).pop()?;
        let rest = after.trim_start();
        let tail = rest.strip_prefix("after ")?;
        let (m, len) = if tail.starts_with("it") {
            (last_number(&subject[..r.start])?, 2)
        } else {
            leading_number(tail)?
        };
        let read = after.len() - tail.len() + len;
        return Some((r.start, read, claims(&m, &n)));
    }
    let from = before.strip_suffix("the next")?.len();
    let tail = after.trim_start().strip_prefix("after ")?;
    let (m, len) = leading_number(tail)?;
    let rest = tail[len..].trim_start().strip_prefix("is ")?;
    let (n, nlen) = leading_number(rest)?;
    let read = after.len() - rest.len() + nlen;
    Some((from, read, claims(&m, &n)))
}

/// Returns the last number in digits in `text` that stands alone: not part of a word
/// ("2-power") or of math notation ("$2^{2^r}$").
fn last_number(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut end = text.len();
    while end > 0 {
        let last = text[..end].rfind(|c: char| c.is_ascii_digit())?;
        // The character before the digits may be wider than a byte ("ω5").
        let start = text[..last]
            .char_indices()
            .rev()
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(0, |(i, c)| i + c.len_utf8());
        let after = bytes.get(last + 1).copied();
        let before = start.checked_sub(1).map(|i| bytes[i]);
        let alone = after.is_none_or(|b| !b.is_ascii_alphanumeric() && !b"-^_{".contains(&b))
            && before.is_none_or(|b| !b.is_ascii_alphanumeric() && !b"^_{".contains(&b));
        if alone {
            return Some(text[start..=last].to_string());
        }
        end = start;
    }
    None
}

/// Returns the numbers in digits listed at the start of `text` ("2, 4, 16, 256, …", the
/// list perhaps in math, "$2, 4, 16$, $256$"), after "the numbers" if it stands first.
fn leading_list(text: &str) -> Vec<(String, Range<usize>)> {
    let mut at = match text.find("the numbers ") {
        Some(k) if k < 40 && !text[..k].contains(|c: char| c.is_ascii_digit() || c == '.') => {
            k + "the numbers ".len()
        }
        _ => 0,
    };
    let mut out = Vec::new();
    loop {
        let rest = &text[at..];
        let skip = rest.len() - rest.trim_start_matches([' ', '$', '\n']).len();
        let Some((n, len)) = leading_number(&rest[skip..]) else {
            break;
        };
        out.push((n, at + skip..at + skip + len));
        at += skip + len;
        let rest = &text[at..];
        let sep = rest.len() - rest.trim_start_matches(['$', ' ', '\n']).len();
        let after_sep = &rest[sep..];
        if let Some(r) = after_sep.strip_prefix(',') {
            at += sep + 1 + (r.len() - r.trim_start_matches(['$', ' ', '\n']).len());
            if text[at..].starts_with("and ") {
                at += 4;
            }
        } else if let Some(r) = after_sep.strip_prefix("and ") {
            at += sep + 4 + (r.len() - r.trim_start().len());
        } else {
            break;
        }
    }
    out
}

/// Strips the first of `endings` that `text` ends with.
fn strip_any<'t>(text: &'t str, endings: &[&str]) -> Option<&'t str> {
    endings.iter().find_map(|e| text.strip_suffix(e))
}

/// The claim that `n` is (or is not) 2^(2^k) for some k below 7.
fn fermat(n: &str, negated: bool) -> String {
    if negated {
        format!("forall k < 7: {n} != 2**(2**k)")
    } else {
        format!("exists k < 7: {n} = 2**(2**k)")
    }
}

/// Returns the number (digits) that `text` starts with and its length.
fn leading_number(text: &str) -> Option<(String, usize)> {
    let len = text.bytes().take_while(u8::is_ascii_digit).count();
    let after = text[len..].chars().next();
    (len > 0 && after.is_none_or(|c| !c.is_alphanumeric())).then(|| (text[..len].to_string(), len))
}

/// Returns the numbers listed at the end of `text` ("2, 4 and 16"), with their spans.
fn trailing_list(text: &str) -> Vec<(String, Range<usize>)> {
    let mut out = Vec::new();
    let mut end = text.len();
    loop {
        let head = text[..end].trim_end();
        let digits = head.bytes().rev().take_while(u8::is_ascii_digit).count();
        let start = if digits == 0 {
            // A number in words: "sixty-four is a Fermat 2-power".
            // "one" is a pronoun as often as a number: "each one is a Fermat 2-power".
            let Some((n, r)) =
                super::words::trailing_number(head).filter(|(_, r)| &head[r.clone()] != "one")
            else {
                break;
            };
            let start = r.start;
            out.push((n, r));
            start
        } else {
            let start = head.len() - digits;
            let before = head[..start].chars().next_back();
            if before.is_some_and(char::is_alphanumeric) {
                break;
            }
            out.push((head[start..].to_string(), start..head.len()));
            start
        };
        let rest = head[..start].trim_end();
        let next = ["and", ","]
            .iter()
            .find_map(|sep| rest.strip_suffix(sep))
            .map(str::trim_end);
        match next {
            Some(r) => end = r.len(),
            None => break,
        }
    }
    out.reverse();
    out
}

/// Returns the rule "F ⊗ F = EXPR" for every Fermat 2-power F below 2^32, where `expr`
/// (the text after "with itself is") is an expression in one letter: digits, the letter,
/// `/`, `×`, `*`, `·` and brackets, a number before the letter multiplying it.
fn square_rule(expr: &str) -> Option<String> {
    let expr = expr
        .trim_end_matches(['.', ',', ';', '$', ' '])
        .trim_start_matches('$');
    let letters: Vec<char> = expr.chars().filter(|c| c.is_alphabetic()).collect();
    let letter = *letters.first()?;
    if letters.iter().any(|&c| c != letter)
        || !expr
            .chars()
            .all(|c| c.is_ascii_digit() || c == letter || "/×*· ()".contains(c))
    {
        return None;
    }
    let fermat = "(2**(2**k))";
    let mut out = String::new();
    let mut prev_digit = false;
    for c in expr.chars() {
        if c == letter {
            if prev_digit {
                out.push_str(" × ");
            }
            out.push_str(fermat);
        } else {
            out.push(c);
        }
        // "3 n" as linear math writes "3n": a number before the letter multiplies it.
        if c != ' ' {
            prev_digit = c.is_ascii_digit();
        }
    }
    Some(format!("forall k < 5: {fermat} ⊗ {fermat} = {out}"))
}

/// Parses a claim, every token spanning its words `at`, so a quantifier is written, not
/// implied; with `ordinary`, its `+`, `×` and `/` are the ordinary operations.
fn statement(claim: &str, at: Range<usize>, ordinary: bool) -> Option<Lint> {
    let tokens: Vec<Token> = stmt::lexer::lex(claim, Mode::Plain)
        .ok()?
        .into_iter()
        .map(|t| Token::new(t.tok, at.clone()))
        .collect();
    let statement = stmt::parse_tokens(&tokens, at.end, Mode::Plain).ok()?;
    let statement = if ordinary {
        statement.settled(|op| {
            matches!(
                op,
                AmbiguousOp::Sum | AmbiguousOp::Product | AmbiguousOp::Quotient
            )
            .then_some(Meaning::Int)
        })
    } else {
        statement
    };
    Some(Lint::Claim(statement))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether each claim read holds; one whose ordinary quotient leaves a remainder is an
    /// error, which fails the build as a false claim does.
    fn verdicts(text: &str) -> Vec<bool> {
        read_fermat(text)
            .into_iter()
            .map(|f| match f.lint {
                Lint::Claim(s) => s.check().is_ok_and(|v| v.holds),
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn fermat_powers_named_are_checked() {
        assert_eq!(
            verdicts("as 2 and 4 are distinct Fermat powers."),
            [true, true]
        );
        assert_eq!(
            verdicts("as 2 and 8 are distinct Fermat powers."),
            [true, false]
        );
        assert_eq!(verdicts("16 is a Fermat 2-power."), [true]);
        assert_eq!(verdicts("12 is not a Fermat power."), [true]);
        assert_eq!(verdicts("up to the next Fermat power 16, then"), [true]);
        assert_eq!(verdicts("up to the next Fermat power 32, then"), [false]);
    }

    #[test]
    fn the_square_of_a_fermat_power_is_checked() {
        let rule = "The nim product of a Fermat 2-power n with itself is 3n/2.";
        assert_eq!(verdicts(rule), [true]);
        // Inline math `$3n/2$` reads as "3 n/2".
        assert_eq!(verdicts(&rule.replace("3n/2", "3 n/2")), [true]);
        assert_eq!(verdicts(&rule.replace("3n/2", "3 n/4")), [false]);
        assert_eq!(verdicts(&rule.replace("3n/2", "3n/4")), [false]);
        assert_eq!(verdicts(&rule.replace("3n/2", "2n/3")), [false]);
    }

    #[test]
    fn the_square_of_a_fermat_power_in_words_is_checked() {
        for (text, holds) in [
            (
                "a Fermat 2-power with itself is one and a half times it: 16 ⊗ 16 = 24",
                true,
            ),
            (
                "a Fermat 2-power with itself is twice it: 16 ⊗ 16 = 24",
                false,
            ),
            (
                "A Fermat 2-power multiplied by itself gives half as much again as itself.",
                true,
            ),
            (
                "A Fermat 2-power multiplied by itself gives three times itself.",
                false,
            ),
            (
                "A Fermat 2-power multiplied by itself gives 3 times itself.",
                false,
            ),
        ] {
            assert_eq!(verdicts(text), [holds], "{text}");
        }
    }

    #[test]
    fn the_next_fermat_power_and_a_list_of_them_are_checked() {
        let next = "A Fermat 2-power is a number $2^{2^r}$; 16 is a Fermat 2-power, and 256 is the next Fermat power after it.";
        assert_eq!(verdicts(next), [true, true, true]);
        assert_eq!(verdicts(&next.replace("256", "4096")), [true, true, false]);
        assert_eq!(
            verdicts("The next Fermat 2-power after 16 is 256."),
            [true, true]
        );
        assert_eq!(
            verdicts("The next Fermat 2-power after 16 is 512."),
            [true, false]
        );
        assert_eq!(
            verdicts("The next Fermat 2-power after 8 is 64."),
            [false, true]
        );
        let list = "the term Fermat 2-power to denote one of the numbers $2, 4, 16, 256$, $65536, ...$, that is";
        assert_eq!(verdicts(list), [true; 5]);
        assert_eq!(
            verdicts(&list.replace("256", "128")),
            [true, true, true, false, true]
        );
        assert_eq!(
            verdicts("are the Fermat 2-powers 2, 4, 16 and 256."),
            [true; 4]
        );
        // The base in math, as a run reads "Fermat $2$-powers $2, 4, 16, 512,...$".
        assert_eq!(
            verdicts("the Fermat 2  -powers\n 2, 4, 16, 512,...  , each"),
            [true, true, true, false]
        );
        // A number written against a wide character is found whole, without a panic.
        assert_eq!(last_number("ω16 and then"), Some("16".to_string()));
        assert_eq!(last_number("2-power, $2^{2^r}$ and"), None);
    }

    #[test]
    fn the_product_with_a_smaller_number_is_the_ordinary_one() {
        let rule = "The nim product of a Fermat 2-power n=(2^((2^k))) with any smaller number is the ordinary product.";
        assert_eq!(verdicts(rule), [true]);
        assert_eq!(verdicts(&rule.replace("smaller", "larger")), [false]);
    }

    #[test]
    fn the_fermat_powers_below_a_bound_and_the_kth_are_checked() {
        let listed = "The Fermat 2-powers below 1000 are 2, 4, 16 and 256.";
        assert_eq!(verdicts(listed), [true; 9]);
        let extra = verdicts(&listed.replace("4, 16", "4, 8, 16"));
        assert!(extra.contains(&false), "{extra:?}");
        let short = verdicts(&listed.replace("2, 4, 16", "2, 16"));
        assert!(short.contains(&false), "{short:?}");
        assert_eq!(verdicts("The fourth Fermat 2-power is 256."), [true]);
        assert_eq!(verdicts("The fourth Fermat 2-power is 65536."), [false]);
    }

    #[test]
    fn a_fermat_power_of_another_base_is_refused() {
        for text in [
            "The nim product of a Fermat 3-power with itself is 3n/2.",
            "The nim product of a Fermat 3  -power with itself is 3n/2.",
        ] {
            let found = read_fermat(text);
            assert_eq!(found.len(), 1);
            assert!(matches!(found[0].lint, Lint::Unreadable(_)), "{found:?}");
        }
    }

    #[test]
    fn a_phrase_may_run_over_a_line_end() {
        assert_eq!(
            verdicts("so 2, 4 and 16 are Fermat\npowers."),
            [true, true, true]
        );
    }

    #[test]
    fn fermat_numbers_in_other_senses_are_left_alone() {
        assert!(read_fermat("Fermat's little theorem applies here.").is_empty());
        assert!(read_fermat("the sum of distinct Fermat powers").is_empty());
    }
}
