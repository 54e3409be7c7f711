//! Play in Nim read from a whole sentence, whatever order its parts come in: a position
//! (the heaps), a move (taking, cutting down, emptying, leaving a count in a heap) and the
//! word that calls the move winning ("the winning move", "to win", "you should"), with
//! "only" and the heaps the move leaves. "From heaps of 3, 5 and 7, the winning move is
//! to take 1 from the heap of 3"; "The first player wins from 3, 5 and 7 by reducing the
//! heap of 7 to 6"; "The only good move from 1, 2 and 4 is to take 1 from the 4, leaving
//! 1, 2 and 3".
//!
//! The sentence is read only when every number in it is a heap of the position, a part of
//! the move or a heap left; anything else, a negation or a game other than Nim leaves it
//! to the other forms or to the reader's eye, which refuses it.

use std::ops::Range;

use super::{
    Found, Matcher, NimMove, claim_at_span, clause_claim, game_of, game_sum, hyphen_sizes,
    num_text, num_value, number, number_of, only_winning_move, positions, starts_sentence,
    wrong_heaps_left,
};
use crate::stmt::{Cmp, Mode, Tok, Token};

/// The most words a sentence read whole may have.
const LONGEST: usize = 60;

/// Words that call a move good: one must be in the sentence.
const WINNING: [&str; 12] = [
    "winning",
    "win",
    "wins",
    "won",
    "winner",
    "should",
    "must",
    "good",
    "best",
    "correct",
    "right",
    "p-position",
];

/// Words that deny or doubt what follows, or name a game other than Nim by its parts:
/// a sentence with one is not read here.
const OTHER: [&str; 23] = [
    "not", "never", "no", "isn't", "cannot", "can't", "doesn't", "losing", "loses", "lose",
    "mistake", "bad", "wrong", "blunder", "unless", "whether", "would", "could", "might", "rows",
    "row", "pins", "after",
];

/// The words before a heap named by its size.
const HEAP: [&str; 2] = ["heap", "pile"];

/// What a count of counters counts.
const COUNTERS: [&str; 12] = [
    "counters", "tokens", "stones", "beans", "coins", "matches", "counter", "token", "stone",
    "bean", "coin", "match",
];

/// Reads the sentence that starts at the cursor as a move in Nim from a position.
pub(super) fn nim_play(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    if !starts_sentence(m.text, m.w, start) {
        return None;
    }
    let end = (start + 1..m.w.len())
        .find(|&k| starts_sentence(m.text, m.w, k))
        .unwrap_or(m.w.len());
    if end - start > LONGEST {
        return None;
    }
    let says = |k: usize| m.w[k].text.as_ref();
    let words = start..end;
    if !words.clone().any(|k| WINNING.contains(&says(k)))
        || words.clone().any(|k| OTHER.contains(&says(k)))
        || words
            .clone()
            .any(|k| m.lex.game(says(k)).is_some_and(|g| g.name != "nim"))
    {
        return None;
    }
    let mut used = vec![false; end - start];
    // "Heaps of 11, 13 and 17 have nim-sum 23. So the winning move is …": the position of
    // a sentence before, when the sentence names none.
    let (heaps, listed) = position(m, start, end).or_else(|| {
        let (heaps, _) = position_before(m, start)?;
        Some((heaps, start..start))
    })?;
    mark(&mut used, start, &listed);
    // "three heaps of 5, 6 and 9": their count.
    if let Some(k) = listed.start.checked_sub(3).filter(|&k| k >= start)
        && number(m.w, k).is_some_and(|n| number_of(&n.text) == Some(heaps.len() as u128))
    {
        mark(&mut used, start, &(k..k + 1));
    }
    let mv = the_move(m, start, end, &heaps)?;
    mark(&mut used, start, &mv.words);
    let left = leaving(m, mv.words.end, end);
    if let Some((_, at)) = &left {
        mark(&mut used, start, at);
    }
    // Every number is one of the position's, the move's or those left.
    if (start..end).any(|k| m.w[k].numeric && !used[k - start]) {
        return None;
    }
    let nim = &mv.nim;
    let mut claims = vec![
        (format!("{} = 0", nim.after(&heaps)?), Mode::Plain),
        (nim.fits.clone(), Mode::Role),
    ];
    if words
        .clone()
        .any(|k| matches!(says(k), "only" | "unique" | "sole"))
    {
        claims.push((only_winning_move(&heaps), Mode::Role));
    }
    let span = m.w[start].span.start..m.w[end - 1].span.end;
    let mut found: Vec<Found> = claims
        .iter()
        .map(|(src, mode)| claim_at_span(m, src, span.clone(), span.clone(), *mode))
        .collect::<Option<_>>()?;
    if let (Some((said, at)), Some(left_v)) = (left, nim.left_v) {
        let k = heaps.iter().position(|&h| h == nim.from)?;
        let mut after = heaps.clone();
        after[k] = left_v;
        let at = m.w[at.start].span.start..m.w[at.end - 1].span.end;
        found.extend(wrong_heaps_left(&said, &after, at));
    }
    m.at = end;
    Some(found)
}

/// Marks the words `at` (indices into the text's words) as read.
fn mark(used: &mut [bool], start: usize, at: &Range<usize>) {
    for k in at.clone() {
        if let Some(u) = k.checked_sub(start).and_then(|i| used.get_mut(i)) {
            *u = true;
        }
    }
}

/// A matcher at word `at`, which may follow punctuation.
fn at<'m>(m: &Matcher<'m>, at: usize) -> Matcher<'m> {
    Matcher {
        loose: Some(at),
        ..m.fresh_at(at)
    }
}

/// The position: the first list of two or more heaps after "from", "with", "facing",
/// "faces", "of", "in", "to" or "position" ("heaps of 3, 5 and 7", "from 2, 5 and 6"), or
/// written with hyphens ("3-4-5"). Returns the sizes and the words they take.
fn position(m: &Matcher<'_>, start: usize, end: usize) -> Option<(Vec<u128>, Range<usize>)> {
    const BEFORE: [&str; 11] = [
        "from", "with", "facing", "faces", "of", "in", "to", "position", "heaps", "piles",
        "against",
    ];
    for k in start..end {
        let word = &m.w[k];
        if let Some(sizes) = hyphen_sizes(word) {
            let sizes = sizes.iter().map(num_value).collect::<Option<Vec<_>>>()?;
            return Some((sizes, k..k + 1));
        }
        if !word.numeric || k == start || !BEFORE.contains(&m.w[k - 1].text.as_ref()) {
            continue;
        }
        let mut sub = at(m, k);
        let Some(first) = sub.number() else {
            continue;
        };
        let listed = sub.series(first);
        if listed.len() < 2 || sub.at > end {
            continue;
        }
        let sizes = listed.iter().map(num_value).collect::<Option<Vec<_>>>()?;
        return Some((sizes, k..sub.at));
    }
    None
}

/// The most sentences back a move's position is looked for.
const SENTENCES_BACK: usize = 3;

/// The position the nearest of the few sentences before word `start` names (see
/// [`position`]).
fn position_before(m: &Matcher<'_>, start: usize) -> Option<(Vec<u128>, Range<usize>)> {
    let mut end = start;
    for _ in 0..SENTENCES_BACK {
        let from = (0..end).rev().find(|&k| starts_sentence(m.text, m.w, k))?;
        if let Some(found) = position(m, from, end) {
            return Some(found);
        }
        end = from;
    }
    None
}

/// A move read from words, and the words it takes.
struct Move {
    nim: NimMove,
    words: Range<usize>,
}

/// The move: "take 1 from the heap of 3", "reducing the heap of 7 to 6", "move the heap of
/// 7 down to 6", "empty the heap of 5", "leaves 4 counters in the heap of 5". The heap is
/// one of `heaps`, named "the heap of 5", "the 5-heap", "the heap with 5" or "the 5".
fn the_move(m: &Matcher<'_>, start: usize, end: usize, heaps: &[u128]) -> Option<Move> {
    const TAKE: [&str; 8] = [
        "take", "takes", "taking", "took", "remove", "removes", "removing", "removed",
    ];
    const CUT: [&str; 15] = [
        "reduce", "reduces", "reducing", "cut", "cuts", "cutting", "bring", "brings", "bringing",
        "lower", "lowers", "lowering", "move", "moves", "moving",
    ];
    const EMPTY: [&str; 6] = [
        "empty", "empties", "emptying", "clear", "clears", "clearing",
    ];
    const LEAVE: [&str; 3] = ["leave", "leaves", "leaving"];
    let found: Vec<Move> = (start..end)
        .filter_map(|k| {
            let verb = m.w[k].text.as_ref();
            let mut s = at(m, k + 1);
            // A heap cut down to a size: "reduce the heap of 7 to 6", "leave 4 in the 5".
            let cut = |from: u128, left: &Token| -> Option<NimMove> {
                Some(NimMove {
                    from,
                    fits: format!("{} < {from}", num_text(left)?),
                    left_v: num_value(left),
                    left: num_text(left)?,
                })
            };
            let nim = if TAKE.contains(&verb) {
                // "taking a counter from …": one.
                let take = match s.word(&["a", "an"]) {
                    Some(r) => Token::new(Tok::Num("1".to_string()), r),
                    None => s.number()?,
                };
                s.maybe(&COUNTERS);
                s.word(&["from"])?;
                let from = heap(&mut s, heaps)?;
                let taken = num_value(&take);
                let take = num_text(&take)?;
                NimMove {
                    from,
                    left: format!("({from} - {take})"),
                    fits: format!("{take} <= {from}"),
                    left_v: taken.and_then(|t| from.checked_sub(t)),
                }
            } else if CUT.contains(&verb) {
                let from = heap(&mut s, heaps)?;
                s.maybe(&["down"]);
                s.word(&["to"])?;
                cut(from, &s.number()?)?
            } else if EMPTY.contains(&verb) {
                let from = heap(&mut s, heaps)?;
                NimMove {
                    from,
                    left: "0".to_string(),
                    fits: format!("0 < {from}"),
                    left_v: Some(0),
                }
            } else if LEAVE.contains(&verb) {
                let left = s.number()?;
                s.maybe(&COUNTERS);
                s.word(&["in", "on"])?;
                cut(heap(&mut s, heaps)?, &left)?
            } else {
                return None;
            };
            (s.at <= end).then_some(Move {
                nim,
                words: k..s.at,
            })
        })
        .collect();
    // One move, no more: two would be a comparison or a sequence of play.
    match <[Move; 1]>::try_from(found) {
        Ok([mv]) => Some(mv),
        Err(_) => None,
    }
}

/// A heap of `heaps` named at the cursor: "the heap of 5", "the heap with 5 counters",
/// "the 5-heap", "the heap of size 5", "the 5 heap" or "the 5".
fn heap(s: &mut Matcher<'_>, heaps: &[u128]) -> Option<u128> {
    s.maybe(&["the", "a"]);
    let word = s.w.get(s.at)?;
    // "the 5-heap".
    if let Some((size, kind)) = word.text.split_once('-')
        && HEAP.contains(&kind)
    {
        s.at += 1;
        return size.parse().ok().filter(|h| heaps.contains(h));
    }
    let size = if s.word(&HEAP).is_some() {
        s.word(&["of", "with"])?;
        s.maybe(&["size"]);
        let n = s.number()?;
        s.maybe(&COUNTERS);
        n
    } else {
        let n = s.number()?;
        s.maybe(&HEAP);
        n
    };
    num_value(&size).filter(|h| heaps.contains(h))
}

/// The heaps a move leaves, listed after it: "leaving 1, 2 and 3", "to leave 4, 7 and
/// 3". Returns them and the words they take, from `from` to `end`.
fn leaving(m: &Matcher<'_>, from: usize, end: usize) -> Option<(Vec<u128>, Range<usize>)> {
    (from..end).find_map(|k| {
        if !matches!(m.w[k].text.as_ref(), "leaving" | "leave" | "leaves") {
            return None;
        }
        let mut s = at(m, k + 1);
        s.maybe(&["heaps", "piles"]);
        s.maybe(&["of"]);
        let first = s.number()?;
        let listed = s.series(first);
        if listed.len() < 2 || s.at > end {
            return None;
        }
        let sizes = listed.iter().map(num_value).collect::<Option<Vec<_>>>()?;
        Some((sizes, k..s.at))
    })
}

/// "There is no winning move from heaps of 3, 5 and 6", "there is a winning move in a row
/// of 4": a position has a winning move exactly when its value is not 0.
pub(super) fn winning_move_exists(m: &mut Matcher<'_>) -> Option<Vec<Found>> {
    let start = m.at;
    m.word(&["there"])?;
    m.word(&["is", "are"])?;
    let none = match m.word(&["no"]) {
        Some(_) => true,
        None => {
            m.word(&["a"])?;
            false
        }
    };
    let verb = m.word(&["winning"])?;
    m.word(&["move", "moves"])?;
    m.word(&["from", "in", "with", "for", "at"])?;
    let p = positions(m)?;
    let name = game_of(m, &p, start)?;
    let mut tokens = game_sum(&name, p.sizes);
    let cmp = if none { Cmp::Eq } else { Cmp::Ne };
    tokens.extend([
        Token::new(Tok::Cmp(cmp), verb.clone()),
        Token::new(Tok::Num("0".into()), verb),
    ]);
    clause_claim(m, start, tokens)
}
