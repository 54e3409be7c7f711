//! Games named by their rule in prose: "take one, three or four", "Take 1, 2 or 5",
//! "take-three-or-four". Such a phrase says the whole game, a subtraction game whose move
//! takes one of the listed numbers of tokens from a heap, so a page may speak of it with
//! no directive; the engine computes it as the octal game of those moves. So does a set of
//! moves ("moves {2, 3}", "moves of 2 or 5", "taking 1 or 2 tokens", "the move set 1, 3
//! and 4"), and an octal code written in prose ("0.137 has period 34") names its game the
//! same way.
//!
//! ```text
//! rule := take (SEP N)+ SEP (or | and) SEP N      (at least two moves)
//! set  := LEAD "{" N (", " N)* "}" | LEAD N (SEP N)* SEP (or | and) SEP N
//! LEAD := "moves " | "moves of " | "taking " | "move set " | "subtraction set "
//! SEP  := " " | ", " | "-"
//! N    := 1 … 32 in digits, or one … nineteen in words
//! ```

use crate::math::lexicon::UNITS;

/// The largest move a rule may name: its octal code has one digit per move size.
const MOVE_MAX: usize = 32;

/// The things a move takes, which make "take" a verb of the sentence ("take one or two
/// counters") rather than a game's name.
const UNITS_TAKEN: [&str; 10] = [
    "counter", "token", "stone", "coin", "chip", "bean", "match", "pin", "stick", "from",
];

/// A game a rule in the text names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleGame {
    /// The rule as written, lowercased: the words a sentence names the game by.
    pub title: String,
    /// The name statements use: `take_1_3_4`.
    pub name: String,
    /// The octal code of the subtraction game: `0.3033`.
    pub code: String,
}

/// The most rules one page may name: each is a game computed and a name for the reader.
const RULES_MAX: usize = 64;

/// Returns the games the rules in `text` name, in the order first written, one per
/// distinct way of writing each, at most [`RULES_MAX`].
pub fn rule_games_in(text: &str) -> Vec<RuleGame> {
    // Most pages name no rule, which quick searches tell before any copy is made; a rule
    // in capitals ("TAKE ONE OR TWO") is not looked for.
    let leads = [
        "take",
        "Take",
        "moves {",
        "Moves {",
        "moves of ",
        "Moves of ",
        "move set ",
        "Move set ",
        "aking ",
        "subtraction set ",
    ];
    let bytes = text.as_bytes();
    if !leads
        .iter()
        .any(|l| memchr::memmem::find(bytes, l.as_bytes()).is_some())
    {
        return Vec::new();
    }
    let lower = text.to_ascii_lowercase();
    let mut found: Vec<(usize, RuleGame)> = Vec::new();
    for (at, _) in lower.match_indices("take") {
        found.extend(rule_at(&lower, at).map(|g| (at, g)));
    }
    for lead in SET_LEADS {
        for (at, _) in lower.match_indices(lead) {
            found.extend(set_at(&lower, at, lead.len()).map(|g| (at, g)));
        }
    }
    // In the order written; "moves of 2 or 5" is read once, not again as "moves".
    found.sort_by_key(|(at, _)| *at);
    let mut out: Vec<RuleGame> = Vec::new();
    let mut end = 0;
    for (at, game) in found {
        let starts_word = lower[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        if !starts_word || at < end {
            continue;
        }
        end = at + game.title.len();
        if !out.iter().any(|g| g.title == game.title) {
            out.push(game);
            if out.len() == RULES_MAX {
                break;
            }
        }
    }
    out
}

/// The words before a set of moves that name its subtraction game, longest first.
const SET_LEADS: [&str; 5] = [
    "subtraction set ",
    "moves of ",
    "move set ",
    "taking ",
    "moves ",
];

/// Reads a set of moves after the lead of `lead` bytes at byte `at` of `lower`: in braces,
/// or listed with "or" or "and" before the last ("moves {2, 3}", "taking 1 or 2"). Its
/// title is the words as written, without the braces.
fn set_at(lower: &str, at: usize, lead: usize) -> Option<RuleGame> {
    let from = at + lead;
    let braced = lower[from..].starts_with('{');
    // "moves" alone is a word of any prose: only braces make it a set.
    if !braced && lower[at..from].trim_end() == "moves" {
        return None;
    }
    let (moves, mut end, joined) = moves_from(lower, from + usize::from(braced), false)?;
    if braced {
        if !lower[end..].starts_with('}') {
            return None;
        }
        end += 1;
    } else if moves.len() < 2 || !joined {
        return None;
    }
    let title: String = lower[at..end]
        .chars()
        .filter(|c| !matches!(c, '{' | '}'))
        .collect();
    subtraction_game(title, moves)
}

/// The most octal digits of a code prose names a game by: a short code, cheap to compute.
const CODE_DIGITS_MAX: usize = 6;

/// Returns the octal games the codes in `text` name ("0.137", "the game 0.15"), in the
/// order first written, each once, at most [`RULES_MAX`]: a "0." and octal digits, with no
/// digit or point on either side.
pub fn code_games_in(text: &str) -> Vec<RuleGame> {
    let mut out: Vec<RuleGame> = Vec::new();
    let bytes = text.as_bytes();
    // Every page is searched, most of them holding no code: a vectorised search.
    for at in memchr::memmem::find_iter(bytes, b"0.") {
        let before = at.checked_sub(1).map(|p| bytes[p]);
        if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b',') {
            continue;
        }
        // A directive's `:code:` defines its own game, under the name it gives.
        let line = text[..at].rsplit('\n').next().unwrap_or("");
        if line.trim_start().starts_with(":code:") {
            continue;
        }
        let digits = bytes[at + 2..]
            .iter()
            .take_while(|b| (b'0'..=b'7').contains(b))
            .count();
        let end = at + 2 + digits;
        let after = bytes.get(end).copied();
        let continues = after.is_some_and(|b| b.is_ascii_alphanumeric())
            || after == Some(b'.') && bytes.get(end + 1).is_some_and(u8::is_ascii_digit);
        if digits == 0 || digits > CODE_DIGITS_MAX || continues {
            continue;
        }
        let code = &text[at..end];
        if !out.iter().any(|g| g.code == code) {
            // Titled in full: a bare code's words ("0", "137") are numbers in other prose.
            out.push(RuleGame {
                title: format!("octal game {code}"),
                name: code_name(code),
                code: code.to_string(),
            });
            if out.len() == RULES_MAX {
                break;
            }
        }
    }
    out
}

/// Returns the name statements use for the octal game of `code`: `octal_0_137`.
pub fn code_name(code: &str) -> String {
    format!("octal_{}", code.replace('.', "_"))
}

/// Reads a rule starting at byte `at` of `lower`, where "take" stands.
fn rule_at(lower: &str, at: usize) -> Option<RuleGame> {
    let (moves, end, last_joined_by_or) = moves_from(lower, at + 4, true)?;
    // "you may take one, three or four counters" tells a move, and names no game.
    let next = lower[end..].split_whitespace().next().unwrap_or("");
    let told = UNITS_TAKEN.iter().any(|u| next.starts_with(u));
    if moves.len() < 2 || !last_joined_by_or || told {
        return None;
    }
    subtraction_game(lower[at..end].to_string(), moves)
}

/// Reads the move sizes listed from byte `from` of `lower`, each after a separator (the
/// first one too with `lead_gap`), and returns them, the byte where they end and whether
/// "or" or "and" joined the last.
fn moves_from(lower: &str, from: usize, lead_gap: bool) -> Option<(Vec<usize>, usize, bool)> {
    let mut rest = &lower[from..];
    let mut moves = Vec::new();
    let mut last_joined_by_or = false;
    let mut end = from;
    loop {
        let (sep, joined) = if moves.is_empty() && !lead_gap {
            (0, false)
        } else {
            match separator(rest, moves.is_empty()) {
                Some(found) => found,
                None => break,
            }
        };
        let after = &rest[sep..];
        let Some((n, len)) = move_size(after) else {
            break;
        };
        moves.push(n);
        last_joined_by_or = joined;
        end = lower.len() - after.len() + len;
        rest = &after[len..];
        if moves.len() > MOVE_MAX {
            return None;
        }
    }
    (!moves.is_empty()).then_some((moves, end, last_joined_by_or))
}

/// The subtraction game of `moves`, titled `title`.
fn subtraction_game(title: String, mut moves: Vec<usize>) -> Option<RuleGame> {
    moves.sort_unstable();
    moves.dedup();
    let max = *moves.last()?;
    let digits: String = (1..=max)
        .map(|k| if moves.contains(&k) { '3' } else { '0' })
        .collect();
    let names: Vec<String> = moves.iter().map(usize::to_string).collect();
    Some(RuleGame {
        title,
        name: format!("take_{}", names.join("_")),
        code: format!("0.{digits}"),
    })
}

/// Returns the length of the separator that starts `rest` and whether it says "or" or
/// "and"; the first, after "take", is a space or a hyphen alone.
fn separator(rest: &str, first: bool) -> Option<(usize, bool)> {
    if first {
        return [" ", "-"]
            .iter()
            .find(|s| rest.starts_with(*s))
            .map(|s| (s.len(), false));
    }
    const JOINED: [&str; 8] = [
        ", or ", " or ", "-or-", ", and ", " and ", "-and-", ", ", "-",
    ];
    JOINED
        .iter()
        .find(|s| rest.starts_with(*s))
        .map(|s| (s.len(), s.contains("or") || s.contains("and")))
}

/// Reads a move size at the start of `text`: digits, or a number word below twenty, not
/// followed by more of a word.
fn move_size(text: &str) -> Option<(usize, usize)> {
    let len = text
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    let word = &text[..len];
    let n = match word.parse::<usize>() {
        Ok(n) => n,
        Err(_) => UNITS.iter().position(|u| *u == word)?,
    };
    (1..=MOVE_MAX).contains(&n).then_some((n, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_in_words_digits_and_hyphens_name_subtraction_games() {
        let games = rule_games_in(
            "Take 1, 3 or 4 first. Then “take three or four”, and take-two-three-or-five has.",
        );
        let read: Vec<(&str, &str, &str)> = games
            .iter()
            .map(|g| (g.title.as_str(), g.name.as_str(), g.code.as_str()))
            .collect();
        assert_eq!(
            read,
            [
                ("take 1, 3 or 4", "take_1_3_4", "0.3033"),
                ("take three or four", "take_3_4", "0.0033"),
                ("take-two-three-or-five", "take_2_3_5", "0.03303"),
            ]
        );
    }

    #[test]
    fn sets_of_moves_name_subtraction_games() {
        let games = rule_games_in(
            "Moves {2, 3}: period 5; taking 1 or 2 tokens; with moves of 2 or 5; the move \
             set 1, 3 and 4; subtraction set {4}.",
        );
        let read: Vec<(&str, &str)> = games
            .iter()
            .map(|g| (g.title.as_str(), g.name.as_str()))
            .collect();
        assert_eq!(
            read,
            [
                ("moves 2, 3", "take_2_3"),
                ("taking 1 or 2", "take_1_2"),
                ("moves of 2 or 5", "take_2_5"),
                ("move set 1, 3 and 4", "take_1_3_4"),
                ("subtraction set 4", "take_4"),
            ]
        );
        for text in [
            "the moves 2 and 3 were forced",
            "moves {2, 3",
            "taking 5 tokens",
            "moves of 2",
            "removes {1, 2}",
        ] {
            assert!(rule_games_in(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn octal_codes_in_prose_name_their_games_and_decimals_do_not() {
        let games =
            code_games_in(":code: 0.77\n0.137 has period 34; the game 0.15 too, and 0.137 again.");
        let read: Vec<(&str, &str)> = games
            .iter()
            .map(|g| (g.name.as_str(), g.code.as_str()))
            .collect();
        assert_eq!(read, [("octal_0_137", "0.137"), ("octal_0_15", "0.15")]);
        for text in [
            "37.5%",
            "10.5",
            "0.58",
            "0.1234567",
            "v0.1.2",
            "0.5.1",
            "20.7",
        ] {
            assert!(code_games_in(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn a_page_names_at_most_rules_max_rules() {
        let text: String = (1..=30)
            .flat_map(|a| (1..=4).map(move |b| format!("take {a} or {} ", a + b)))
            .collect();
        assert_eq!(rule_games_in(&text).len(), RULES_MAX);
    }

    #[test]
    fn a_take_that_names_no_rule_is_none() {
        for text in [
            "take 5 tokens",
            "take 1, 2, 3",
            "mistake 1 or 2",
            "take 0 or 1",
            "take 40 or 50",
            "take care",
            "you may take one, three or four counters",
        ] {
            assert!(rule_games_in(text).is_empty(), "{text}");
        }
    }
}
