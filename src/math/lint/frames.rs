//! Denials and reported claims around what the readers read: "13 and 14 are not
//! inverses", "It is not true that 3 ⊗ 3 = 2", "One team insisted that 13 and 14 are
//! inverses; they are not". The claim inside is read as if affirmed, then turned into
//! what the sentence asserts; a denial that cannot be turned is refused, never dropped.

use std::ops::Range;

use super::words::{Word, words};
use super::{Found, Lint, Unreadable};
use crate::math::lexicon::Lexicon;

/// Verbs that take "not" to deny what follows: "are not inverses", "does not form".
const COPULAS: [&str; 7] = ["is", "are", "was", "were", "do", "does", "did"];

/// The same, with "not" contracted.
const CONTRACTED: [&str; 7] = [
    "isn't", "aren't", "wasn't", "weren't", "doesn't", "don't", "didn't",
];

/// Words after "not" that make it deny less than the whole claim ("is not only a square
/// but …").
const PARTIAL: [&str; 5] = ["only", "just", "merely", "necessarily", "quite"];

/// Openings that deny the claim after them.
const DENYING: [&str; 11] = [
    "it is not true that",
    "it isn't true that",
    "it is false that",
    "it is not the case that",
    "it is untrue that",
    "it is wrong to say that",
    "it is wrong to think that",
    "it is a mistake to think that",
    "it is a mistake to say that",
    "it is incorrect to say that",
    "it is not so that",
];

/// Verbs that report a claim without making it: "One team insisted that …".
const REPORTING: [&str; 38] = [
    "said",
    "says",
    "say",
    "claimed",
    "claims",
    "claim",
    "insisted",
    "insists",
    "insist",
    "thought",
    "thinks",
    "think",
    "believed",
    "believes",
    "believe",
    "argued",
    "argues",
    "wrote",
    "writes",
    "write",
    "suggested",
    "suggests",
    "guessed",
    "guesses",
    "guess",
    "reckoned",
    "reckons",
    "answered",
    "assumed",
    "supposed",
    "maintained",
    "asserted",
    "stated",
    "told",
    "announced",
    "declared",
    "conjectured",
    "put",
];

/// Adverbs that judge a reported claim: true for those that say it was wrong.
const JUDGING: [(&str, bool); 7] = [
    ("wrongly", true),
    ("mistakenly", true),
    ("falsely", true),
    ("incorrectly", true),
    ("erroneously", true),
    ("correctly", false),
    ("rightly", false),
];

/// Words before a reporting verb that disown what it reports: "nobody believes", "we do
/// not claim", "no one ever thought".
const DISOWNING: [&str; 5] = ["not", "never", "nobody", "no", "none"];

/// Words that judge a claim after "which is": true for those that say it is wrong.
const VERDICTS: [(&str, bool); 9] = [
    ("wrong", true),
    ("false", true),
    ("incorrect", true),
    ("mistaken", true),
    ("untrue", true),
    ("right", false),
    ("true", false),
    ("correct", false),
    ("so", false),
];

/// Reads the denials and reported claims of `text` into `out`, what the readers found in
/// it (read again with `lex`, `context` and `before` where a denial hides a claim).
pub(super) fn read_frames(
    text: &str,
    lex: &Lexicon,
    context: Option<&str>,
    before: Option<&str>,
    out: &mut Vec<Found>,
) {
    let negates = text.contains("not") || text.contains("n't") || text.contains("n’t");
    let frames =
        text.contains("that") || text.contains(';') || text.contains(',') || text.contains("but");
    let claimed = |out: &[Found]| out.iter().any(|f| matches!(f.lint, Lint::Claim(_)));
    // Most text has neither a denial nor a claim to frame: it is not split into words.
    if !(negates || frames && claimed(out)) {
        return;
    }
    let w = words(text);
    if negates {
        denials(text, &w, lex, context, before, out);
    }
    if frames && claimed(out) {
        for sentence in sentences(text, &w) {
            denied_openings(text, &w[sentence.clone()], out);
            reported(text, &w[sentence], out);
        }
        corrected_denials(text, &w, out);
    }
}

/// Returns whether the claim `found` of a line may be read otherwise with the next line:
/// its sentence goes on past the line's end, and either reports it ("I wrote 16 ⊗ 16 =
/// 256,⏎…; the correct value is 24") or it denies a value a correction may follow.
pub fn may_be_framed(line: &str, found: &Found) -> bool {
    let Some(rest) = line.get(found.span.end..) else {
        return false;
    };
    if rest.contains(['.', '!', '?']) {
        return false;
    }
    if matches!(&found.lint, Lint::Claim(s) if s.is_denial()) {
        return true;
    }
    let head = line.get(..found.span.start).unwrap_or("");
    let opening = head.rfind(['.', '!', '?']).map_or(0, |i| i + 1);
    words(&head[opening..])
        .iter()
        .any(|w| is(w, &REPORTING) || JUDGING.iter().any(|(j, _)| is(w, &[j])))
}

/// Returns whether the word `w` (lowercased, with a straight apostrophe) is one of
/// `options`.
fn is(w: &Word<'_>, options: &[&str]) -> bool {
    options.contains(&w.text.as_ref())
}

/// Returns the word ranges of the sentences of `w`: each ends at a word followed by `.`,
/// `!` or `?` (a `;` does not end one, so a verdict after it stays with its claim).
fn sentences(text: &str, w: &[Word<'_>]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for k in 0..w.len() {
        let gap_end = w.get(k + 1).map_or(text.len(), |n| n.span.start);
        if text[w[k].span.end..gap_end].contains(['.', '!', '?']) {
            out.push(start..k + 1);
            start = k + 1;
        }
    }
    if start < w.len() {
        out.push(start..w.len());
    }
    out
}

/// A "not" that denies a claim: where it is, and the bytes to blank so the claim it
/// denies reads as affirmed.
struct Negator {
    at: usize,
    blank: Range<usize>,
}

/// Returns the words of `w` that deny what follows them: "not" after a verb of
/// [`COPULAS`], or a contracted one.
fn negators(text: &str, w: &[Word<'_>]) -> Vec<Negator> {
    let mut out = Vec::new();
    for k in 0..w.len() {
        if w.get(k + 1).is_some_and(|n| is(n, &PARTIAL)) {
            continue;
        }
        // "It isn't: 6 ⊕ 9 ⊕ 15 = 0" answers a question; it denies nothing after it.
        let rest = text[w[k].span.end..].trim_start();
        if rest.is_empty() || rest.starts_with(['.', ',', ';', ':', '!', '?', '—', '–', ')']) {
            continue;
        }
        if k > 0
            && is(&w[k], &["not"])
            && is(&w[k - 1], &COPULAS)
            && text[w[k - 1].span.end..w[k].span.start].trim().is_empty()
        {
            // "do not form a field" reads as "form a field"; "are not inverses" as "are
            // inverses".
            let blank = if is(&w[k - 1], &["do", "does", "did"]) {
                w[k - 1].span.start..w[k].span.end
            } else {
                w[k].span.clone()
            };
            out.push(Negator {
                at: w[k].span.start,
                blank,
            });
        } else if is(&w[k], &CONTRACTED) {
            let word = &text[w[k].span.clone()];
            let blank = if is(&w[k], &["doesn't", "don't", "didn't"]) {
                w[k].span.clone()
            } else {
                match word.rfind(['n', 'N']) {
                    Some(cut) => w[k].span.start + cut..w[k].span.end,
                    None => continue,
                }
            };
            out.push(Negator {
                at: w[k].span.start,
                blank,
            });
        }
    }
    out
}

/// Returns whether two byte ranges share a byte.
fn overlaps(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start < b.end && b.start < a.end
}

/// Returns whether `out` holds a claim that overlaps `span`.
fn claim_over(out: &[Found], span: &Range<usize>) -> bool {
    out.iter()
        .any(|f| matches!(f.lint, Lint::Claim(_)) && overlaps(&f.span, span))
}

/// Reads each claim a "not" denies and no reader read with it: the text is read again with
/// the "not" left out, and the one claim read across it is denied.
fn denials(
    text: &str,
    w: &[Word<'_>],
    lex: &Lexicon,
    context: Option<&str>,
    before: Option<&str>,
    out: &mut Vec<Found>,
) {
    let negators: Vec<Negator> = negators(text, w)
        .into_iter()
        .filter(|n| !claim_over(out, &(n.at..n.at + 1)))
        .collect();
    if negators.is_empty() {
        return;
    }
    let mut blanked = text.to_string();
    for n in &negators {
        blanked.replace_range(n.blank.clone(), &" ".repeat(n.blank.len()));
    }
    let again = super::words::read_words_with(&blanked, lex, context, before);
    for n in &negators {
        let mut across = again
            .iter()
            .filter(|f| f.span.start <= n.at && n.at < f.span.end);
        let (Some(hit), None) = (across.next(), across.next()) else {
            continue;
        };
        let Lint::Claim(statement) = &hit.lint else {
            continue;
        };
        if claim_over(out, &hit.span) {
            continue;
        }
        let Some(denied) = statement.denied() else {
            continue;
        };
        out.retain(|f| !overlaps(&f.span, &hit.span));
        out.push(Found {
            span: hit.span.clone(),
            lint: Lint::Claim(denied),
        });
    }
}

/// Returns the index in `w` of the word after the first run of `phrase`'s words.
fn find_words(w: &[Word<'_>], phrase: &str) -> Option<usize> {
    let parts: Vec<&str> = phrase.split(' ').collect();
    (0..w.len().saturating_sub(parts.len() - 1)).find_map(|k| {
        parts
            .iter()
            .enumerate()
            .all(|(j, p)| is(&w[k + j], &[p]))
            .then_some(k + parts.len())
    })
}

/// Returns the indices into `out` of the claims that lie in `range`, in order.
fn claims_in(out: &[Found], range: &Range<usize>) -> Vec<usize> {
    let mut found: Vec<usize> = (0..out.len())
        .filter(|&i| {
            matches!(out[i].lint, Lint::Claim(_))
                && range.start <= out[i].span.start
                && out[i].span.end <= range.end
        })
        .collect();
    found.sort_by_key(|&i| out[i].span.start);
    found
}

/// Replaces the claims of `out` at `which` by their denial: the one claim denied, or, when
/// there are several or the claim is a chain, a refusal of the lot.
fn deny(out: &mut Vec<Found>, which: &[usize]) {
    let denied = match which {
        [one] => match &out[*one].lint {
            Lint::Claim(s) => s.denied(),
            _ => None,
        },
        _ => None,
    };
    let Some(first) = which.first() else {
        return;
    };
    let span = out[*first].span.start..which.iter().map(|&i| out[i].span.end).max().unwrap_or(0);
    let lint = denied.map_or_else(
        || {
            Lint::Unreadable(Unreadable {
                span: span.clone(),
                what: "a denial of more than one claim at once".to_string(),
                hint: "deny each claim in its own sentence (\"2 ⊗ 2 is not 2\")".to_string(),
            })
        },
        Lint::Claim,
    );
    let mut k = 0;
    out.retain(|_| {
        k += 1;
        !which.contains(&(k - 1))
    });
    out.push(Found { span, lint });
}

/// Denies the claims after an opening that denies them: "It is not true that 13 and 14
/// are inverses", up to the end of the clause.
fn denied_openings(text: &str, w: &[Word<'_>], out: &mut Vec<Found>) {
    let (Some(first), Some(last)) = (w.first(), w.last()) else {
        return;
    };
    // Every opening ends in "that": most sentences are passed over on one search.
    if !text[first.span.start..last.span.end].contains("that") {
        return;
    }
    for phrase in DENYING {
        let Some(after) = find_words(w, phrase) else {
            continue;
        };
        let Some(start) = w.get(after).map(|r| r.span.start) else {
            return;
        };
        // The clause ends at a `;`, `:`, bracket or dash outside every claim.
        let inside = |at: usize| out.iter().any(|f| f.span.start <= at && at < f.span.end);
        let end = text[start..last.span.end]
            .char_indices()
            .map(|(i, c)| (start + i, c))
            .find(|&(i, c)| matches!(c, ';' | ':' | '(' | '—' | '–') && !inside(i))
            .map_or(last.span.end, |(i, _)| i);
        let which = claims_in(out, &(start..end));
        deny(out, &which);
        return;
    }
}

/// Reads a claim reported rather than made ("One team insisted that 13 and 14 are
/// inverses") with the verdict on it: after it ("; they are not", ", which is wrong") or
/// in an adverb ("wrongly insisted"). A reported claim with no verdict is left as read.
fn reported(text: &str, w: &[Word<'_>], out: &mut Vec<Found>) {
    let (Some(first), Some(last)) = (w.first(), w.last()) else {
        return;
    };
    let sentence = first.span.start..last.span.end;
    // The first claim reported: a reporting verb among the five words before it, and
    // "that" or the verb itself right before it.
    let frame = |claim_start: usize| {
        let opening = w.partition_point(|r| r.span.end <= claim_start);
        let from = opening.saturating_sub(5);
        let verb = (from..opening).rev().find(|&k| is(&w[k], &REPORTING))?;
        let next = opening.checked_sub(1)?;
        (is(&w[next], &["that"]) || next == verb).then_some((opening, verb))
    };
    let Some((claim_start, (opening, verb))) = claims_in(out, &sentence)
        .into_iter()
        .map(|i| out[i].span.start)
        .find_map(|s| frame(s).map(|o| (s, o)))
    else {
        return;
    };
    // "Nobody believes that …", "We do not claim that …", "It was once thought that …":
    // a report its own words disown.
    let disowned = (verb.saturating_sub(3)..verb).any(|k| {
        is(&w[k], &DISOWNING) || is(&w[k], &CONTRACTED) || k + 1 == verb && is(&w[k], &["once"])
    });
    let judged = (0..opening)
        .find_map(|k| {
            JUDGING
                .iter()
                .find(|(a, _)| is(&w[k], &[a]))
                .map(|&(_, wrong)| wrong)
        })
        .or(disowned.then_some(true));
    // The claim reported ends at the first `;`, `,` or dash outside every claim.
    let inside = |at: usize| out.iter().any(|f| f.span.start <= at && at < f.span.end);
    let cut = text[claim_start..sentence.end]
        .char_indices()
        .map(|(i, c)| (claim_start + i, c))
        .find(|&(i, c)| matches!(c, ';' | ',' | '—' | '–') && !inside(i));
    let reported_end = cut.map_or(sentence.end, |(i, _)| i);
    let which = claims_in(out, &(claim_start..reported_end));
    let verdict = cut.and_then(|(i, c)| verdict(text, w, i + c.len_utf8()));
    // A correction may come after an aside: "I wrote 16 ⊗ 16 = 256, multiplying as
    // ordinary numbers; the correct value is 24".
    let verdict = verdict.or_else(|| {
        text[reported_end..sentence.end]
            .char_indices()
            .filter(|&(_, c)| matches!(c, ';' | ',' | '—' | '–'))
            .find_map(|(i, c)| correction(text, w, reported_end + i + c.len_utf8(), false))
            .map(|(value, at)| Verdict::Corrected(value, at))
    });
    let wrong = match (verdict, judged) {
        (Some(Verdict::Elliptic(denies)), _) => {
            let span = claim_start..reported_end;
            let negative = words_in(w, &span).any(|r| is(r, &["not", "never"]))
                || words_in(w, &span).any(|r| is(r, &CONTRACTED));
            denies != negative
        }
        (Some(Verdict::Corrected(value, at)), _) => {
            correct(out, &which, value, at);
            true
        }
        (Some(Verdict::Judged(wrong)), _) | (None, Some(wrong)) => wrong,
        (None, None) => return,
    };
    if wrong {
        deny(out, &which);
    }
}

/// Adds to `out` what the one claim at `which` says with `value` for the value it gave:
/// "…; the correct value is 24". Several claims, or one with no value to replace, are
/// refused at the correction.
fn correct(out: &mut Vec<Found>, which: &[usize], value: u128, at: Range<usize>) {
    let corrected = match which {
        [one] => match &out[*one].lint {
            Lint::Claim(s) => s.corrected(value, &at),
            _ => None,
        },
        _ => None,
    };
    let lint = corrected.map_or_else(
        || {
            Lint::Unreadable(Unreadable {
                span: at.clone(),
                what: "a correction of a claim with no one value to correct".to_string(),
                hint: "state the corrected claim whole (\"16 ⊗ 16 = 24\")".to_string(),
            })
        },
        Lint::Claim,
    );
    out.push(Found { span: at, lint });
}

/// Reads the corrections after denials in `w`: "8 ⊗ 8 is not 12; it is 13", "… is not 12
/// but 13". The corrected claim is added beside the denial.
fn corrected_denials(text: &str, w: &[Word<'_>], out: &mut Vec<Found>) {
    let denials: Vec<usize> = (0..out.len())
        .filter(|&i| matches!(&out[i].lint, Lint::Claim(s) if s.is_denial()))
        .collect();
    for i in denials {
        // A reported claim's correction is read with it already.
        if let Some((value, at)) =
            correction(text, w, out[i].span.end, true).filter(|(_, at)| !claim_over(out, at))
        {
            correct(out, &[i], value, at);
        }
    }
}

/// Nouns a correction names the value by: "the correct value is 24".
const VALUE_NOUNS: [&str; 8] = [
    "value", "answer", "figure", "result", "entry", "product", "sum", "number",
];

/// Reads a correction that opens the text at byte `at`: "it is 13", "the correct value is
/// 24", "it should be 6", and, when `bare`, "but 13": the value and its span. The value
/// must end its clause.
fn correction(text: &str, w: &[Word<'_>], at: usize, bare: bool) -> Option<(u128, Range<usize>)> {
    let gap = text.get(at..w.get(w.partition_point(|r| r.span.start < at))?.span.start)?;
    if gap.contains(|c: char| !c.is_whitespace() && !matches!(c, ';' | ',' | '—' | '–')) {
        return None;
    }
    let mut k = w.partition_point(|r| r.span.start < at);
    let from = k;
    while w
        .get(k)
        .is_some_and(|r| is(r, &["but", "and", "in", "fact", "actually", "rather"]))
    {
        k += 1;
    }
    let but = (from..k).any(|j| is(&w[j], &["but", "rather"]));
    let word = |k: usize, options: &[&str]| w.get(k).is_some_and(|r| is(r, options));
    if word(k, &["it's"]) {
        k += 1;
    } else {
        if word(k, &["it"]) {
            k += 1;
        } else if word(k, &["the"])
            && word(k + 1, &["correct", "right", "true", "actual", "proper"])
            && word(k + 2, &VALUE_NOUNS)
        {
            k += 3;
        } else if !(bare && but) {
            return None;
        }
        let verb = k;
        if word(k, &["is", "was", "being"]) {
            k += 1;
        } else if word(k, &["should", "must"]) {
            k += 1;
            if word(k, &["have"]) && word(k + 1, &["been"]) {
                k += 2;
            } else if word(k, &["be", "read"]) {
                k += 1;
            } else {
                return None;
            }
        }
        if k == verb && !(bare && but && k == from + 1) {
            return None;
        }
    }
    while word(k, &["actually", "really", "in", "fact"]) {
        k += 1;
    }
    let (value, len) = super::words::number_value(w, k)?;
    let span = w[k].span.start..w[k + len - 1].span.end;
    let rest = text[span.end..].trim_start();
    let ends = rest.is_empty()
        || rest.starts_with(['.', ',', ';', ':', '!', '?', '—', '–', ')'])
        || rest.starts_with("since")
        || rest.starts_with("because");
    ends.then_some((value, span))
}

/// Returns the words of `w` inside `span`.
fn words_in<'a>(w: &'a [Word<'a>], span: &'a Range<usize>) -> impl Iterator<Item = &'a Word<'a>> {
    w.iter()
        .filter(move |r| span.start <= r.span.start && r.span.end <= span.end)
}

/// A verdict on a claim reported before it.
enum Verdict {
    /// "they are", "it is not": the claim's own verb said again; true when denied.
    Elliptic(bool),
    /// "which is wrong", "which is right": true when it says the claim is wrong.
    Judged(bool),
    /// "the correct value is 24", "it is 13": the claim is wrong, and this is its value,
    /// written at this span.
    Corrected(u128, Range<usize>),
}

/// Reads the verdict that opens the text at byte `at`: "they are not", "but it is", ",
/// which is wrong", ending its clause.
fn verdict(text: &str, w: &[Word<'_>], at: usize) -> Option<Verdict> {
    let mut k = w.partition_point(|r| r.span.start < at);
    let skip = |k: &mut usize, options: &[&str]| {
        while w.get(*k).is_some_and(|r| is(r, options)) {
            *k += 1;
        }
    };
    skip(&mut k, &["but", "and", "though", "actually", "fact", "in"]);
    let word = |k: usize| w.get(k);
    let ends = |k: usize| {
        let end = word(k).map(|r| r.span.end).unwrap_or(text.len());
        let rest = text[end..].trim_start();
        rest.is_empty() || rest.starts_with(['.', ',', ';', ':', '!', '?', '—', '–', ')'])
    };
    let pronoun = word(k).is_some_and(|r| is(r, &["they", "it", "both"]));
    let judge = word(k).is_some_and(|r| is(r, &["which", "that", "this"]));
    if !pronoun && !judge {
        return None;
    }
    let verb = k + 1;
    if word(verb).is_some_and(|r| is(r, &CONTRACTED)) {
        return (pronoun && ends(verb)).then_some(Verdict::Elliptic(true));
    }
    if !word(verb).is_some_and(|r| is(r, &COPULAS)) {
        return None;
    }
    let not = word(verb + 1).is_some_and(|r| is(r, &["not"]));
    let last = if not { verb + 1 } else { verb };
    if pronoun && ends(last) {
        return Some(Verdict::Elliptic(not));
    }
    let judged = word(last + 1).and_then(|r| {
        VERDICTS
            .iter()
            .find(|(v, _)| is(r, &[v]))
            .map(|&(_, wrong)| wrong)
    })?;
    ends(last + 1).then_some(Verdict::Judged(judged != not))
}
