//! The plain-text reader: finds claims such as "Why 4 ⊗ 4 = 6" or "so 2 ⊗ 2 = 3, and" in
//! prose, headings, captions and table cells, and reads each with the statement language.
//!
//! A candidate is a maximal run of characters a statement can hold (digits, operators,
//! comparisons, parentheses, superscripts such as `⁻¹` and `²`, ω, a name directly before
//! `(` (a function, `mex(`, or a game the page defines, `g(9)`), single letters next to an
//! operator, and quantifier
//! prefixes `∀ a, b < 16:` and `∃ x ∈ {1, 2}:`), split at commas, semicolons and colons
//! outside parentheses and quantifier prefixes. A run is read when it is claim-shaped:
//! a comparison with a nimber operator (`⊗`, `⊕`, an inverse `⁻`, a root `√`, a star value
//! `*3` or `∗3`, `inv(`, `sqrt(`, `mex(`, `ord(`), ω, αₚ, a quantifier or a literal in
//! another base (`0x1f`, `0b101`); or an equation with `+`, `×`, `·`, `*`, `^` or a
//! superscript power (`2² = 3`) and no letters, read in plain mode where those have two
//! readings ("3 + 5 = 6" holds as a nim-sum, "1 + 1 = 2" as an ordinary sum). Claims in
//! words are found beside these runs (see `words`).

use std::ops::Range;

use super::{Found, Lint, judge};
use crate::math::lexicon::Lexicon;
use crate::stmt::{self, Mode, Tok, Token};

const OPERATORS: &str = "⊗⊕⨂⨁⊻+*×·⋅/÷^=≠＝≡≢⩵⩶꞊⁼≦≧≮≯⩽⩾\u{338}<>≤≥!−-";
const SUPERSCRIPTS: &str = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻";
/// Every character the statement lexer reads as (the start of) a comparison, and `&`,
/// which starts an entity that may decode to one.
const COMPARING: [char; 20] = [
    '=', '＝', '≡', '⩵', '⩶', '꞊', '⁼', '≢', '≦', '≯', '≧', '≮', '≠', '<', '>', '≤', '⩽', '≥', '⩾',
    '&',
];

/// Finds and reads every claim-like run of `text`, and every claim in words, in order.
pub fn read_text(text: &str) -> Vec<Found> {
    read_text_in(text, crate::math::lexicon::builtin())
}

/// Does what [`read_text`] does, reading claims in words with the games and nouns of `lex`.
pub fn read_text_in(text: &str, lex: &Lexicon) -> Vec<Found> {
    if holds_nothing(text) {
        return Vec::new();
    }
    read_text_screened(text, lex)
}

/// Does what [`read_text_in`] does, for a text [`holds_nothing`] already said may hold
/// something.
pub fn read_text_screened(text: &str, lex: &Lexicon) -> Vec<Found> {
    read_text_after(text, lex, None)
}

/// Does what [`read_text_screened`] does for a line of a paragraph whose lines before it
/// named the game `context`: positions the line names no game for are that game's.
pub fn read_text_after(text: &str, lex: &Lexicon, context: Option<&str>) -> Vec<Found> {
    read_text_with(text, lex, context, None)
}

/// Does what [`read_text_after`] does for a text that opens a block, with `before`, the
/// text of the blocks before it: a sentence of it may speak of their heaps or field.
pub fn read_text_with(
    text: &str,
    lex: &Lexicon,
    context: Option<&str>,
    before: Option<&str>,
) -> Vec<Found> {
    let mut in_words = super::words::read_words_with(text, lex, context, before);
    in_words.extend(super::laws::read_laws(text));
    in_words.extend(super::fermat::read_fermat(text));
    // Words a reader takes as part of a statement in symbols are read as its symbols.
    let mixed = super::words::as_symbols(text);
    let (written, text) = (text, mixed.as_deref().unwrap_or(text));
    let overlaps = |r: &Range<usize>| {
        in_words
            .iter()
            .any(|f| r.start < f.span.end && f.span.start < r.end)
    };
    // A statement in symbols is read only if it compares: text with no comparison sign
    // (nor an entity, which may decode to one) holds none, and most prose is such text.
    let mut out: Vec<Found> = if text.contains(COMPARING) {
        runs(text)
            .into_iter()
            .flat_map(|r| segments(text, r))
            .filter(|r| !overlaps(r))
            .filter_map(|r| read_segment(text, r, lex))
            .collect()
    } else {
        Vec::new()
    };
    out.extend(in_words);
    super::frames::read_frames(written, lex, context, before, &mut out);
    out.sort_by_key(|f| (f.span.start, f.span.end));
    out
}

/// Returns whether the sentence of `text` at byte `at` speaks of binary ("In binary 5 =
/// 101"), so its numbers in 0s and 1s are bits.
fn in_binary(text: &str, at: usize) -> bool {
    if !text.contains("binary") && !text.contains("base 2") && !text.contains("base two") {
        return false;
    }
    crate::math::lexicon::sentences(text)
        .into_iter()
        .find(|s| s.start <= at && at < s.end)
        .and_then(|s| text.get(s))
        .is_some_and(|s| s.contains("binary") || s.contains("base 2") || s.contains("base two"))
}

/// Reads each number written in 0s and 1s with three digits or more as binary ("110");
/// "10" and "11" stay as they are, being as often decimal. (A run of bits only, one
/// padded with a 0, is binary wherever it stands.)
fn as_binary(tokens: &mut [Token]) {
    for t in tokens {
        if let Tok::Num(n) = &t.tok
            && n.len() >= 3
            && n.bytes().all(|b| b == b'0' || b == b'1')
        {
            t.tok = Tok::Num(format!("0b{n}"));
        }
    }
}

/// How much of the blocks before a block is kept for it to look back into, in bytes.
const BEFORE_KEPT: usize = 1500;

/// Adds a block's `text` to `before`, the text of the blocks read so far, keeping at least
/// its last [`BEFORE_KEPT`] bytes and at most twice as many.
pub fn note_block(before: &mut String, text: &str) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    before.push_str(text);
    // A heading or a label ends no sentence of its own: its block does.
    if !text.ends_with(['.', '!', '?', ':']) {
        before.push('.');
    }
    before.push_str("\n\n");
    // Cut back to the last BEFORE_KEPT bytes only once twice as many are held, so the
    // text is moved once every few blocks rather than at each.
    if before.len() > 2 * BEFORE_KEPT {
        let mut cut = before.len() - BEFORE_KEPT;
        while !before.is_char_boundary(cut) {
            cut += 1;
        }
        before.drain(..cut);
    }
}

/// Reads `text` again with `before`, the text of the blocks before it, to look back into,
/// when its opening sentence (or the one after a label, "*Solution.* The nim-sum is 1")
/// holds no claim `found` read and the reader's eye would refuse it; returns the new
/// reading when it reads more claims.
pub fn read_again_after(
    text: &str,
    found: &[Found],
    lex: &Lexicon,
    context: Option<&str>,
    before: &str,
) -> Option<Vec<Found>> {
    if before.is_empty() {
        return None;
    }
    // The opening two sentences, roughly: up to the second full stop, within 400 bytes.
    let mut head = text.len().min(400);
    while !text.is_char_boundary(head) {
        head -= 1;
    }
    if let Some((at, _)) = text[..head].match_indices(['.', '?', '!']).nth(1) {
        head = at;
    }
    // They must hold a value, which most words between numbers do not.
    if !crate::math::lexicon::may_hold_value(&text[..head]) {
        return None;
    }
    // The opening words must name one, which most text does not: found by a quick search
    // for the words less their first letters, and "in order to" is no order.
    static FINDERS: std::sync::OnceLock<Vec<memchr::memmem::Finder<'static>>> =
        std::sync::OnceLock::new();
    let finders = FINDERS.get_or_init(|| {
        ["rder", "im-sum", "rimitive"]
            .iter()
            .map(|w| memchr::memmem::Finder::new(w.as_bytes()))
            .collect()
    });
    let head = &text.as_bytes()[..head];
    let named = finders.iter().any(|f| {
        f.find_iter(head).any(|at| {
            let before = &head[..at.saturating_sub(1)];
            !before.ends_with(b"in ") && !before.ends_with(b"In ")
        })
    });
    if !named {
        return None;
    }
    // What is looked back for: heaps listed or nim-added, or a field's size ("below 16",
    // "the field of 16 elements"). Blocks before that name none give nothing to look for.
    static LOOKED_FOR: std::sync::OnceLock<Vec<memchr::memmem::Finder<'static>>> =
        std::sync::OnceLock::new();
    let looked_for = LOOKED_FOR.get_or_init(|| {
        ["heaps", "piles", "⊕", "below", "under", "elements"]
            .iter()
            .map(|w| memchr::memmem::Finder::new(w.as_bytes()))
            .collect()
    });
    if !looked_for
        .iter()
        .any(|f| f.find(before.as_bytes()).is_some())
    {
        return None;
    }
    // Only a nim-sum of heaps and a field's orders are looked for in the blocks before:
    // a text whose opening words name neither is not read again, and most text is such.
    let refused = crate::math::lexicon::sentences(text)
        .into_iter()
        .take(2)
        .any(|r| {
            !found
                .iter()
                .any(|f| r.start <= f.span.start && f.span.start < r.end)
                && text.get(r).is_some_and(|t| lex.unread(t, &[]).is_some())
        });
    if !refused {
        return None;
    }
    let again = read_text_with(text, lex, context, Some(before));
    let claims = |f: &[Found]| {
        f.iter()
            .filter(|f| matches!(f.lint, Lint::Claim(_)))
            .count()
    };
    (claims(&again) > claims(found)).then_some(again)
}

/// Returns true only where [`read_text_in`] finds nothing, with any lexicon: ASCII text
/// with no digit, no number word, no comparison, no `&`, no `\`, no `(`, no `{` and no
/// law's word holds no claim in words, no rewriting into symbols and no statement. Most
/// prose is such text.
pub fn holds_nothing(text: &str) -> bool {
    !text
        .bytes()
        .any(|b| matches!(b, b'=' | b'<' | b'>' | b'&' | b'\\' | b'(' | b'{'))
        && !crate::math::lexicon::may_hold_value(text)
        && !super::laws::may_hold_law(text)
}

/// Returns whether lexed tokens make a claim: the math lint's rule (a comparison with a
/// nimber operator, ω or a function; or an equation with `+`, `×`, `·`, `*` or a power and
/// no letters), or a comparison with a quantifier or a literal in another base.
fn claim_shaped(tokens: &[Token], called: &dyn Fn(&str) -> bool) -> bool {
    // The body after a quantifier prefix (`∀ n < 300:` alone is a label, not a claim).
    let body = tokens
        .iter()
        .rposition(|t| t.tok == Tok::Colon)
        .map_or(tokens, |i| &tokens[i + 1..]);
    let quantified = body.len() < tokens.len();
    let compares = body.iter().any(|t| matches!(t.tok, Tok::Cmp(_)));
    let other = quantified
        || body.iter().any(|t| match &t.tok {
            Tok::Num(n) => n.len() > 2 && (n.starts_with("0x") || n.starts_with("0b")),
            _ => false,
        });
    super::claim_like(tokens.iter().map(|t| &t.tok), called) || (compares && other)
}

/// Returns the length of a literal in another base at `i`, such as `0x1f` or `0b101`.
fn base_literal(text: &str, i: usize) -> Option<usize> {
    let rest = &text[i..];
    let digits: fn(&u8) -> bool = if rest.starts_with("0x") {
        |b| b.is_ascii_hexdigit() || *b == b'_'
    } else if rest.starts_with("0b") {
        |b| *b == b'0' || *b == b'1' || *b == b'_'
    } else {
        return None;
    };
    let before = text[..i].chars().next_back();
    let n = rest[2..].bytes().take_while(digits).count();
    let after = rest[2 + n..].chars().next();
    let alone =
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric);
    (n > 0 && alone).then_some(2 + n)
}

/// Returns whether `c` may be part of a statement in prose.
fn statement_char(c: char) -> bool {
    c.is_ascii_digit()
        || c == ' '
        || c == '\t'
        || c == '\u{2009}'
        || c == '\u{202f}'
        || c == '\u{a0}'
        || "(),;:ωα√∗⋆✱∅₀₁₂₃₄₅₆₇₈₉".contains(c)
        || stmt::fullwidth_digit(c).is_some()
        // Bidirectional controls reorder what a reader sees: kept in the run, so a claim
        // holding one is read as one that cannot be checked.
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
        || stmt::is_invisible(c)
        || OPERATORS.contains(c)
        || SUPERSCRIPTS.contains(c)
}

/// Returns the maximal runs of statement characters, with words that belong to a
/// statement (function names before `(`, single letters next to an operator).
fn runs(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut i = 0;
    while i < text.len() {
        let c = text[i..].chars().next().unwrap_or(' ');
        let len = if let Some(n) = quantifier_prefix(text, i) {
            Some(n)
        } else if let Some(n) = base_literal(text, i) {
            Some(n)
        } else if text[i..].starts_with("=/=") {
            Some(3)
        } else if let Some((_, n)) = entity(text, i).filter(|(d, _)| statement_char(*d)) {
            Some(n)
        } else if let Some(n) = mex_of_set(text, i) {
            Some(n)
        } else if c.is_ascii_alphabetic() {
            word_in_statement(text, i)
        } else {
            statement_char(c).then_some(c.len_utf8())
        };
        match len {
            Some(n) => {
                start.get_or_insert(i);
                i += n;
            }
            None => {
                if let Some(s) = start.take() {
                    out.push(s..i);
                }
                i += c.len_utf8();
                // The rest of a word, of a role's code or of a decimal is not a statement
                // ("x2", "é3", {nim}`2*2`, "1.5"); after a quote or a bracket
                // ("“2 ⊗ 2 = 3”", "[2 ⊗ 2 = 3]") the statement starts at once.
                let decimal = c == '.' && text[..i - 1].ends_with(|d: char| d.is_ascii_digit());
                while (c.is_alphanumeric() || c == '`' || decimal)
                    && i < text.len()
                    && text[i..].starts_with(|d: char| d.is_alphanumeric())
                {
                    i += text[i..].chars().next().map_or(1, char::len_utf8);
                }
            }
        }
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out
}

/// Returns the length of a mex of a set written out at `i`, "mex{0, 1, 3}" or "mex ∅",
/// whose braces and commas belong to the statement.
fn mex_of_set(text: &str, i: usize) -> Option<usize> {
    let rest = text[i..].strip_prefix("mex")?;
    if text[..i].ends_with(|c: char| c.is_alphanumeric()) {
        return None;
    }
    let gap = rest.len() - rest.trim_start_matches(' ').len();
    let set = &rest[gap..];
    if set.starts_with('∅') {
        return Some(3 + gap + '∅'.len_utf8());
    }
    let body = set.strip_prefix('{')?;
    let close = body.find('}').filter(|&c| c <= 120)?;
    let listed = |c: char| c.is_ascii_digit() || c == ',' || c == ' ';
    body[..close]
        .chars()
        .all(listed)
        .then_some(3 + gap + 1 + close + 1)
}

/// Returns the length of a quantifier prefix at `i`, such as `∀ a, b < 16:` or
/// `∃ x ∈ {1, 2}:`, up to and including its colon, so prose quantifies as math does.
fn quantifier_prefix(text: &str, i: usize) -> Option<usize> {
    let rest = &text[i..];
    if !rest.starts_with(['∀', '∃']) {
        return None;
    }
    let colon = rest.find(':').filter(|&c| c <= 80)?;
    let bound = |c: char| c.is_ascii_alphanumeric() || " \u{a0},<≤=∈{}∀∃".contains(c);
    rest[..colon].chars().all(bound).then_some(colon + 1)
}

/// Returns the length of the word at `i` if it belongs to a statement.
fn word_in_statement(text: &str, i: usize) -> Option<usize> {
    if !text[i..].starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    // A game's name may go on with digits and `_`: `g52(7)`, `take_3_4(6)`.
    let word_len = text[i..]
        .bytes()
        .take_while(|&b| crate::stmt::continues_name(char::from(b)))
        .count();
    let word = &text[i..i + word_len];
    let after = text[i + word_len..].chars().next();
    let before = text[..i].chars().next_back();
    if before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric) {
        return None;
    }
    // A name directly before `(` is a call, of the language's functions or of a game the
    // page defines (`g(9) ⊕ g(10) = 0`), which the engine binds.
    if after == Some('(') {
        return Some(word_len);
    }
    // An operator in words between two operands: "3 xor 5", "2 otimes 3".
    let operand = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit() || c == ')' || c == '(');
    if ["xor", "XOR", "oplus", "otimes"].contains(&word)
        && operand(text[..i].trim_end().chars().next_back())
        && operand(text[i + word_len..].trim_start().chars().next())
    {
        return Some(word_len);
    }
    let near_op = |s: Option<char>| s.is_some_and(|c| OPERATORS.contains(c));
    let left = text[..i].trim_end().chars().next_back();
    let right = text[i + word_len..].trim_start().chars().next();
    // A letter with a superscript (`x²`) is a variable too, so `x² = 3` is left alone.
    let raised = after.is_some_and(|c| SUPERSCRIPTS.contains(c));
    // So is the argument of a call, `g(n)` (but not a label such as "(a)").
    let argument = before == Some('(')
        && text[..i - 1]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric);
    (word_len == 1 && (near_op(left) || near_op(right) || raised || argument)).then_some(1)
}

/// Splits a run at `,`, `;` and `:` outside parentheses (but not inside `65,536`), and
/// trims each piece. A parenthesis the run does not close ("(9 ⊗ 9 = 12, for instance)",
/// whose run ends before "for") opens prose, not a group.
fn segments(text: &str, run: Range<usize>) -> Vec<Range<usize>> {
    let mut open = Vec::new();
    let mut matched = Vec::new();
    for (i, c) in text[run.clone()].char_indices() {
        match c {
            '(' => open.push(i),
            ')' => {
                if let Some(o) = open.pop() {
                    matched.push(o);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, run.start);
    // Commas and colons inside a quantifier prefix belong to it.
    let mut prefix_end = 0;
    for (i, c) in text[run.clone()].char_indices() {
        let at = run.start + i;
        if let Some(n) = quantifier_prefix(text, at) {
            prefix_end = at + n;
        } else if let Some((_, n)) = entity(text, at) {
            // The `;` of `&otimes;` ends the entity, not the statement.
            prefix_end = at + n;
        }
        if at < prefix_end {
            continue;
        }
        match c {
            '(' if matched.contains(&i) => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            // A set's braces, as in "mex{0, 1, 3}", hold its commas.
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if digit_group(text, at) => {}
            ',' | ';' | ':' if depth == 0 => {
                out.push(start..at);
                start = at + 1;
            }
            _ => {}
        }
    }
    out.push(start..run.end);
    out.into_iter().filter_map(|r| trim(text, r)).collect()
}

/// Returns whether the comma at `at` separates digit groups, as in `65,536`.
fn digit_group(text: &str, at: usize) -> bool {
    let before = text[..at]
        .bytes()
        .rev()
        .take_while(u8::is_ascii_digit)
        .count();
    let after = text[at + 1..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    (1..=3).contains(&before) && after == 3
}

/// Trims spaces, operators that cannot start or end a statement, and unbalanced
/// parentheses, as in "(so 2 ⊗ 2 = 3)".
fn trim(text: &str, r: Range<usize>) -> Option<Range<usize>> {
    let lead = |c: char| c.is_whitespace() || "=≠<>≤≥⊗⊕+*×·/÷^)".contains(c);
    // A leading `*` before a digit is a star value (`*3 + *5`), which stays, unless it
    // follows a word or a number the run left out (`2*2` cut after its `2`).
    let star_value = |t: &str, at: usize| {
        let after_word = text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '`');
        t.starts_with('*') && t[1..].starts_with(|d: char| d.is_ascii_digit()) && !after_word
    };
    let tail = |c: char| c.is_whitespace() || "=≠<>≤≥⊗⊕+*×·/÷^(−-".contains(c);
    let (mut start, mut end) = (r.start, r.end);
    loop {
        let s = &text[start..end];
        let mut front = s;
        while let Some(c) = front.chars().next().filter(|&c| lead(c)) {
            if star_value(front, end - front.len()) {
                break;
            }
            front = &front[c.len_utf8()..];
        }
        let t = front.trim_end_matches(tail);
        start += s.len() - front.len();
        end = start + t.len();
        let opens = t.matches('(').count();
        let closes = t.matches(')').count();
        if closes > opens && t.ends_with(')') {
            end -= 1;
        } else if opens > closes && t.starts_with('(') {
            start += 1;
        } else {
            break;
        }
    }
    (start < end).then_some(start..end)
}

/// Reads one trimmed segment if it is claim-shaped (see [`claim_shaped`]); HTML entities
/// in it (`&otimes;`, `&#8855;`) are read as the characters they stand for.
fn read_segment(text: &str, r: Range<usize>, lex: &Lexicon) -> Option<Found> {
    let (s, origin) = decode(&text[r.clone()]);
    // A quantifier in words after it binds one of its variables: "for every n ≥ 60".
    let trailing = stmt::lexer::lex(&s, Mode::Plain).ok().and_then(|tokens| {
        let t = super::trailing_quantifier(text, r.end, r.start)?;
        // A comparison whose only variable is the one bound, not quantified already.
        let var = Tok::Ident(t.var.clone());
        let others = tokens.iter().enumerate().any(|(i, k)| {
            matches!(&k.tok, Tok::Ident(n) if n.len() == 1 && !stmt::is_function(n))
                && k.tok != var
                && tokens.get(i + 1).map(|n| &n.tok) != Some(&Tok::LParen)
        });
        let claim = tokens.iter().any(|k| matches!(k.tok, Tok::Cmp(_)))
            && tokens.iter().any(|k| k.tok == var)
            && !others
            && !tokens
                .iter()
                .any(|k| matches!(k.tok, Tok::Forall | Tok::Exists));
        claim.then_some(t)
    });
    let shaped = match stmt::lexer::lex(&s, Mode::Plain) {
        Ok(_) if trailing.is_some() => true,
        // A one-letter name the page gives a game is a call: `t(9) = 0`.
        Ok(tokens) => claim_shaped(&tokens, &|n| lex.games().iter().any(|g| g.name == n)),
        // Not even tokens: claim-shaped if it compares with a nimber sign in it.
        Err(_) => {
            s.contains(['=', '≠', '<', '>', '≤', '≥'])
                && s.contains(['⊗', '⊕', '⁻', 'ω', 'α', '√', '∗'])
        }
    };
    if !shaped {
        return None;
    }
    let at = |i: usize| r.start + origin.get(i).copied().unwrap_or(r.end - r.start);
    let shift = |span: Range<usize>| at(span.start)..at(span.end);
    let parsed = match stmt::lexer::lex(&s, Mode::Plain) {
        Ok(mut tokens) => {
            if in_binary(text, r.start) {
                as_binary(&mut tokens);
            }
            let mut shifted: Vec<Token> = trailing
                .as_ref()
                .map_or_else(Vec::new, |t| t.tokens.clone());
            shifted.extend(tokens.into_iter().map(|t| Token::new(t.tok, shift(t.span))));
            super::parse_law(&shifted, r.end)
        }
        Err(mut e) => {
            e.span = shift(e.span);
            Err(e)
        }
    };
    let mut lint = judge(parsed, true);
    let end = trailing.as_ref().map_or(r.end, |t| t.end);
    // "any heap h with h ⊕ s < h": a condition on a letter just named states nothing.
    if let Lint::Claim(st) = &lint
        && st.is_implied_law()
        && conditions_letter(&text[..r.start], st)
    {
        lint = Lint::NoClaim;
    }
    // "x ⊕ x ⊗ x = a for the least a that …": an equation that picks out a letter
    // defines it, and states no law.
    if let Lint::Claim(st) = &lint
        && st.is_implied_law()
        && picks_letter(&text[end..], st)
    {
        lint = Lint::NoClaim;
    }
    if let Lint::Claim(st) = &lint {
        let more = match super::goes_on(text, end) {
            Some(span) => Some((
                span,
                "what follows it, which carries the claim on past its last number",
            )),
            None if st.is_quantified() => {
                let names: Vec<String> = st
                    .quants
                    .iter()
                    .flat_map(|q| q.names().map(str::to_string))
                    .collect();
                super::adds_condition(text, end, &names).map(|span| {
                    (
                        span,
                        "a condition after it, which the claim as read leaves out",
                    )
                })
            }
            None => None,
        };
        if let Some((span, what)) = more {
            lint = Lint::Unreadable(super::Unreadable {
                span,
                what: what.to_string(),
                hint: "write the whole claim in symbols, ending at its last number".to_string(),
            });
        }
    }
    Some(Found {
        span: r.start..end,
        lint,
    })
}

/// Returns whether a law after the text `before` is a condition on a letter named right
/// before it: "any heap h with h ⊕ s < h", "each x where x ⊗ x = x".
fn conditions_letter(before: &str, law: &stmt::Statement) -> bool {
    // The two words before it lie in the last few dozen bytes.
    let mut from = before.len().saturating_sub(24);
    while !before.is_char_boundary(from) {
        from += 1;
    }
    let mut words = before[from..].split_whitespace().rev();
    let (Some(link), Some(letter)) = (words.next(), words.next()) else {
        return false;
    };
    ["with", "where"].contains(&link) && law.variables().contains(letter)
}

/// Returns whether the text `after` a law picks out one of its letters: "for the least a
/// that …", "for the smallest such n".
fn picks_letter(after: &str, law: &stmt::Statement) -> bool {
    let mut words = after
        .split_whitespace()
        .take(5)
        .map(|w| w.trim_end_matches([',', '.', ';', ':']));
    if words.next() != Some("for") || words.next() != Some("the") {
        return false;
    }
    let Some(pick) = words.next() else {
        return false;
    };
    if !["least", "smallest", "largest", "greatest", "first", "last"].contains(&pick) {
        return false;
    }
    let letter = words.find(|w| *w != "such");
    letter.is_some_and(|l| law.variables().contains(l))
}

/// Returns the character an HTML reference at `i` stands for (`&otimes;`, `&#8855;`,
/// `&#x2297;`) and the reference's length, by the shared HTML decoder, so prose is read
/// with the entities every other reader of the site knows.
fn entity(text: &str, i: usize) -> Option<(char, usize)> {
    let rest = text[i..].strip_prefix('&')?;
    let semi = rest.find(';').filter(|&n| n <= 32)?;
    let reference = &text[i..i + semi + 2];
    let decoded = crate::html::decode(reference);
    let mut chars = decoded.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if decoded != reference => Some((c, reference.len())),
        _ => None,
    }
}

/// Decodes the HTML entities of `s`; returns the text and, for each of its bytes (and its
/// end), the offset in `s` it came from.
fn decode(s: &str) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(s.len());
    let mut origin = Vec::with_capacity(s.len() + 1);
    let mut i = 0;
    while let Some(c) = s[i..].chars().next() {
        let (d, len) = entity(s, i).unwrap_or((c, c.len_utf8()));
        out.push(d);
        origin.extend(std::iter::repeat_n(i, d.len_utf8()));
        i += len;
    }
    origin.push(s.len());
    (out, origin)
}
