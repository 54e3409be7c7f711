//! The lexicon of the claim reader: the notions a sentence can state a fact about, the
//! games and nouns a site declares, and what counts as a number in words.
//!
//! A reader's sentence that holds a notion and a number states a fact. The grammar in
//! `lint::words` reads the forms it knows into statements; [`Lexicon::unread`] finds the
//! ones left over, so they are refused at their line instead of published unchecked. The
//! built-in notions are the subject's; each game directive adds its function name, its
//! English name and the noun for one of its positions (`:title: Kayles`, `:unit: row`),
//! and `[lexicon]` in `nimsite.toml` adds nouns of the site's own.

use std::ops::Range;
use std::sync::OnceLock;

/// A notion of the subject: the words that name it, a sentence of its kind the grammar
/// reads, and how to have its value computed instead.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Notion {
    /// The words, lowercase, each a phrase matched at word boundaries.
    pub words: Vec<String>,
    /// A sentence of this kind the grammar reads.
    pub reads: String,
    /// The role or directive that computes such a value.
    pub computes: String,
}

/// A game declared on a page: its function name, English name and unit.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameWords {
    /// The name calls use, `kayles`.
    pub name: String,
    /// Its English name, `Kayles`.
    pub title: String,
    /// The noun for one position, `row`.
    pub unit: String,
    /// Whether the game is known by name rather than declared by the page.
    pub known: bool,
    /// Whether a block further down the page declares it: a sentence may name it, but a
    /// heap with no game named is not its.
    pub ahead: bool,
}

impl GameWords {
    /// Returns a game's words, with the defaults for a title or unit left empty: the
    /// function name, and `heap`.
    pub fn new(name: &str, title: Option<&str>, unit: Option<&str>) -> Self {
        let pick = |v: Option<&str>, d: &str| {
            v.map(str::trim)
                .filter(|s| !s.is_empty())
                .unwrap_or(d)
                .to_string()
        };
        GameWords {
            name: name.to_string(),
            title: pick(title, name),
            unit: pick(unit, "heap"),
            known: false,
            ahead: false,
        }
    }

    /// Marks a game a block further down the page declares.
    pub fn ahead(mut self) -> Self {
        self.ahead = true;
        self
    }

    /// Marks a game known by name, which a sentence speaks of only by its name.
    pub fn known(mut self) -> Self {
        self.known = true;
        self
    }
}

/// Returns the English name of a well-known octal game, by its code as Winning Ways
/// writes it: Kayles is 0.77, Dawson's Kayles 0.07 (so a heap of n pins has the value of
/// a row of n − 1 in Dawson's chess, 0.137).
pub fn octal_title(code: &str) -> Option<&'static str> {
    match code.trim() {
        "0.77" => Some("Kayles"),
        "0.07" => Some("Dawson's Kayles"),
        "0.137" => Some("Dawson's chess"),
        _ => None,
    }
}

/// The notions and names claims are found by.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lexicon {
    notions: Vec<Notion>,
    games: Vec<GameWords>,
    /// Every word of the notions and games, sorted (see [`Lexicon::names_word`]).
    words: Vec<String>,
    /// For each notion, the length of each of its phrases' first word.
    firsts: Vec<Vec<usize>>,
}

/// Returns the built-in lexicon, made once.
pub fn builtin() -> &'static Lexicon {
    static BUILTIN: std::sync::LazyLock<Lexicon> = std::sync::LazyLock::new(Lexicon::builtin);
    &BUILTIN
}

impl Default for Lexicon {
    fn default() -> Self {
        Self::builtin()
    }
}

/// The built-in notions: their words, a sentence the grammar reads, and what computes one.
const BUILTIN: &[(&[&str], &str, &str)] = &[
    (
        &[
            "nim-sum",
            "nim-sums",
            "nim sum",
            "nim sums",
            "nimsum",
            "nim-addition",
            "nim-added",
            "xor",
            "nim-add",
            "nim-adding",
            "nim-plus",
        ],
        "the nim-sum of 3 and 5 is 6",
        "{val}`3 + 5`",
    ),
    (
        &[
            "nim-product",
            "nim-products",
            "nim product",
            "nim products",
            "nim-multiplication",
            "nim-multiplied",
            "nim-multiply",
            "nim-multiplying",
            "nim-times",
        ],
        "the nim-product of 2 and 3 is 1",
        "{val}`2 * 3`",
    ),
    (
        &[
            "nim arithmetic",
            "nimber arithmetic",
            "nim sense",
            "nimber sense",
            "nim way",
            "nimber way",
        ],
        "3 times 3 is 2 in nim arithmetic",
        "{val}`3 * 3`",
    ),
    (
        &[
            "inverse",
            "inverses",
            "nim-inverse",
            "nim-inverses",
            "reciprocal",
            "reciprocals",
        ],
        "the inverse of 2 is 3",
        "{val}`inv(2)`",
    ),
    (
        &[
            "square root",
            "square roots",
            "cube root",
            "cube roots",
            "root",
            "roots",
        ],
        "the square root of 3 is 2",
        "{val}`sqrt(3)`",
    ),
    (
        &[
            "square",
            "squares",
            "squared",
            "nim-square",
            "nim-squares",
            "nim-squared",
            "nim-squaring",
            "squaring",
            "nim-cube",
            "nim-cubes",
            "nim-cubed",
            "cube",
            "cubes",
            "cubed",
            "power",
            "powers",
        ],
        "the nim-square of 3 is 2",
        "{val}`3^2`",
    ),
    (
        &["order", "orders", "multiplicative order"],
        "the order of 2 is 3",
        "{val}`ord(2)`",
    ),
    (&["degree"], "the degree of ω is 3", "{val}`deg(ω)`"),
    (
        &["minimal polynomial", "minimal polynomials"],
        "written as a {minpoly} directive",
        "the `{minpoly}` directive",
    ),
    (
        &[
            "field",
            "fields",
            "subfield",
            "subfields",
            "closed",
            "closure",
            "zero divisor",
            "zero divisors",
        ],
        "exactly 15 of the nonzero elements below 16 have an inverse",
        "the `{field-check}` or `{subfields}` directive",
    ),
    (
        &["primitive", "generator", "generators", "generates"],
        "exactly 8 of the nonzero elements below 16 are primitive",
        "{val}`ord(2)`",
    ),
    (
        &[
            "mex",
            "minimal excludant",
            "minimum excluded",
            "exclude",
            "excludes",
            "excluded",
        ],
        "the mex of 0, 1 and 3 is 2",
        "{val}`mex(0, 1, 3)`",
    ),
    (
        &[
            "grundy value",
            "grundy values",
            "grundy number",
            "nim-value",
            "nim-values",
            "value",
            "values",
            "worth",
        ],
        "the Grundy value of a row of 10 in Kayles is 2",
        "{val}`kayles(10)`",
    ),
    (
        &[
            "p-position",
            "p-positions",
            "n-position",
            "n-positions",
            "loss",
            "losses",
            "lost",
            "won",
            "losing",
            "winning",
            "wins",
            "loses",
            "win",
            "lose",
        ],
        "a row of 4 in Kayles is an N-position",
        "{nim}`kayles(4) != 0`",
    ),
    (
        &[
            "period",
            "periods",
            "periodic",
            "preperiod",
            "pre-period",
            "exception",
            "exceptions",
            "exceptional",
        ],
        "the period of Kayles is 12",
        "{val}`period(kayles)`",
    ),
    (
        &[
            "fermat 2-power",
            "fermat 2-powers",
            "fermat power",
            "fermat powers",
        ],
        "16 is a Fermat 2-power",
        "{val}`2**(2**2)`",
    ),
    (
        &["mex", "option", "options"],
        "the options of a heap of 3 in g have values 0 and 1",
        "{val}`g(3)`",
    ),
    (
        &[
            "heap", "heaps", "row", "rows", "pile", "piles", "star", "nimber", "nimbers",
        ],
        "a heap of 5 in Nim is worth *5",
        "{val}`5`",
    ),
    (
        &[
            "identity",
            "identities",
            "neutral element",
            "identity element",
        ],
        "the law $1 \\otimes a = a$, read for every a below 256",
        "{val}`1 * 5`",
    ),
    (
        &["excess", "alpha"],
        "the excess of 7 is 1",
        "{val}`excess(7)`",
    ),
];

impl Lexicon {
    /// Returns the subject's notions, with no game and no noun of a site's own.
    pub fn builtin() -> Self {
        let mut lex = Lexicon {
            notions: BUILTIN
                .iter()
                .map(|(words, reads, computes)| Notion {
                    words: words.iter().map(|w| unhyphened(w)).collect(),
                    reads: reads.to_string(),
                    computes: computes.to_string(),
                })
                .collect(),
            games: Vec::new(),
            words: Vec::new(),
            firsts: Vec::new(),
        };
        lex.index_words();
        lex
    }

    /// Adds a game: its function name, English name and unit become words of notions.
    pub fn add_game(&mut self, game: GameWords) {
        let named = |g: &GameWords| g.ahead && g.name == game.name;
        if game.ahead && self.games.iter().any(|g| g.name == game.name) {
            return;
        }
        // Declared where its block is evaluated, it takes its place in page order.
        self.games.retain(|g| !named(g));
        if !self.games.contains(&game) {
            self.games.push(game);
        }
        // A game removed above may leave words no name has any more.
        self.index_words();
    }

    /// Returns whether `word` (lowercased) is a word of a notion or of a game's names.
    pub fn names_word(&self, word: &str) -> bool {
        self.words
            .binary_search_by(|w| w.as_str().cmp(word))
            .is_ok()
    }

    /// Makes [`Lexicon::names_word`]'s list anew: each word of the notions' phrases and of
    /// the games' names (and of the games known by name), lowercased, without a `'s`.
    fn index_words(&mut self) {
        let notions = self
            .notions
            .iter()
            .flat_map(|n| n.words.iter().map(String::as_str));
        let games = self
            .games
            .iter()
            .flat_map(|g| [g.name.as_str(), g.title.as_str(), g.unit.as_str()]);
        let known = crate::nimber::KNOWN_GAMES
            .iter()
            .flat_map(|g| [g.name, g.title, g.unit]);
        let mut words: Vec<String> = notions
            .chain(games)
            .chain(known)
            .flat_map(|w| w.split([' ', '-']))
            // A number in a name ("2-power") is no word: every sentence tried holds one.
            .filter(|p| p.chars().any(char::is_alphabetic))
            .map(|p| {
                let p = p.to_lowercase().replace('’', "'");
                p.strip_suffix("'s").map_or(p.clone(), str::to_string)
            })
            .collect();
        words.sort_unstable();
        words.dedup();
        self.words = words;
        self.firsts = self
            .notions
            .iter()
            .map(|n| n.words.iter().map(|w| first_word(w).len()).collect())
            .collect();
    }

    /// Returns the game declared last above the point being read, which a sentence that
    /// names no game speaks of; a game known by name is spoken of only by its name.
    pub fn current_game(&self) -> Option<&GameWords> {
        self.games.iter().rev().find(|g| !g.ahead && !g.known)
    }

    /// Adds nouns of the site's own (from `[lexicon]`), each with what computes it.
    pub fn add_noun(&mut self, noun: &str, computes: &str) {
        let noun = unhyphened(&noun.trim().to_lowercase());
        if noun.is_empty() || self.notions.iter().any(|n| n.words.contains(&noun)) {
            return;
        }
        self.notions.push(Notion {
            words: vec![noun.clone()],
            reads: format!("a sentence of the grammar about the {noun}"),
            computes: computes.to_string(),
        });
        self.index_words();
    }

    /// Returns the games declared, in the order they were added.
    pub fn games(&self) -> &[GameWords] {
        &self.games
    }

    /// Returns the game a word names, by its English name or its function name: the one
    /// added last, so a page's own game comes before one known by name.
    pub fn game(&self, word: &str) -> Option<&GameWords> {
        self.games
            .iter()
            .rfind(|g| g.title.eq_ignore_ascii_case(word) || g.name.eq_ignore_ascii_case(word))
    }

    /// Returns the notion and the number of a sentence that states a fact: a notion of the
    /// lexicon or a page-defined call such as `kayles(10)`, and a number a reader takes as
    /// a value (see [`numbers_in`]) in the same clause, at most [`NEAR`] words apart. A
    /// number among `read` (the values of what was read or computed in the sentence) is
    /// accounted for: "a heap of 7 is lost: g(7) = 0".
    pub fn unread(
        &self,
        sentence: &str,
        read: &[u128],
    ) -> Option<(Range<usize>, Notion, Range<usize>)> {
        // A game's one-letter name ("the values of u") is a name, not a variable.
        let names: Vec<char> = self
            .games
            .iter()
            .filter_map(|g| {
                let mut chars = g.name.chars();
                chars.next().filter(|_| chars.next().is_none())
            })
            .collect();
        // A polynomial's letter is its indeterminate, not a variable a law ranges over:
        // "9 has minimal polynomial x^4 + x + 1" states a fact.
        let law = has_variable(sentence, &names)
            && !(names_minimal_polynomial(sentence) && variables(sentence, &names).len() == 1)
            && ranges_over(sentence, &variables(sentence, &names));
        if law || lead_in(sentence) || definition(sentence) || positions_given(sentence) {
            return None;
        }
        // A question or a task set to the reader states only what it asks to be shown.
        let part = stated(sentence);
        if part.is_empty() {
            return None;
        }
        if part.len() < sentence.len() {
            let shift = |r: Range<usize>| r.start + part.start..r.end + part.start;
            return self
                .unread(&sentence[part.clone()], read)
                .map(|(a, n, b)| (shift(a), n, shift(b)));
        }
        let read: std::collections::BTreeSet<u128> = read.iter().copied().collect();
        let bounds = bound_starts(sentence);
        let numbers: Vec<(Range<usize>, Option<u128>)> = numbers_in(sentence)
            .into_iter()
            // "From n=71 on": a letter set to a number is a bound, not a value.
            .filter(|(r, _)| !bounds.contains(&r.start))
            .filter(|(r, _)| !hypothetical(sentence, r) && !introduced_argument(sentence, r))
            .filter(|(r, _)| !in_cited_title(sentence, r) && !everyday_quantity(sentence, r))
            // "a 3 × n board": a number in a term with a letter is no value of its own.
            .filter(|(r, _)| !(in_term(sentence, r.clone()) && letter_beside(sentence, r)))
            // "the heaps with a 1 in that place": a binary digit, not a value.
            .filter(|(r, _)| {
                let head = &sentence[..r.start];
                let article = [" a ", " an "].iter().any(|a| head.ends_with(a))
                    || ["a ", "A ", "an ", "An "].contains(&head);
                !(article && sentence[r.end..].starts_with(" in "))
            })
            // "in characteristic two": the nimbers' characteristic is 2, so saying so is
            // true; any other is left to be refused.
            .filter(|(r, v)| !(*v == Some(2) && after_word(&sentence[..r.start], "characteristic")))
            .filter(|(r, v)| match v {
                Some(v) => !read.contains(v),
                // ω or α is accounted for by a read formula that holds it.
                None => {
                    !(read.contains(&ORDINAL_READ) && sentence[r.clone()].starts_with(['ω', 'α']))
                }
            })
            .collect();
        if numbers.is_empty() {
            return None;
        }
        let mut notions = self.notions_in(sentence);
        // "the field with 16 elements is the first to contain 3": a field's name is part
        // of the notion, so what is said of the field is near it.
        for (at, notion) in &mut notions {
            if notion.words.iter().any(|w| w == "field") {
                at.end += field_name_len(&sentence[at.end..]);
            }
        }
        let mut call_at = None;
        // "10 is what you get from 7 ⊗ 9": a nimber operation in symbols is a notion of the
        // numbers near it, and its operands are its own.
        for expr in symbol_exprs(sentence) {
            notions.push((
                expr,
                Notion {
                    words: vec![OPERATION.to_string()],
                    reads: "7 ⊗ 9 = 10, in symbols".to_string(),
                    computes: "{nim}`7*9`".to_string(),
                },
            ));
        }
        // "three times three, as before, is five": an operation in words between numbers.
        for pair in numbers.windows(2) {
            let (a, b) = (&pair[0].0, &pair[1].0);
            let between = sentence[a.end..b.start].trim();
            if ["times", "plus", "multiplied by", "added to"]
                .iter()
                .any(|w| between.eq_ignore_ascii_case(w))
            {
                notions.push((
                    a.start..b.end,
                    Notion {
                        words: vec![OPERATION.to_string()],
                        reads: "7 times 9 is 10, in words".to_string(),
                        computes: "{nim}`7*9`".to_string(),
                    },
                ));
            }
        }
        if let Some(call) = call_in(sentence) {
            call_at = Some(call.start);
            let name = sentence[call.clone()].to_string();
            notions.push((
                call,
                Notion {
                    words: vec![name.clone()],
                    reads: format!("{name}(10) = 2, in symbols"),
                    computes: format!("{{val}}`{name}(10)`"),
                },
            ));
        }
        // A number inside a name ("the game of one or two") is part of the name.
        let names: Vec<Range<usize>> = notions.iter().map(|(r, _)| r.clone()).collect();
        let named = |n: &Range<usize>| names.iter().any(|r| r.start <= n.start && n.end <= r.end);
        let names_of_play = notions.iter().any(|(_, n)| n.reads.starts_with(GAME_READS));
        let mut best: Option<(Range<usize>, Notion, Range<usize>)> = None;
        // Numbers are in order: only those within a short reach of a notion can be near it.
        const REACH: usize = 200;
        for (at, notion) in notions {
            let from = numbers.partition_point(|(n, _)| n.end + REACH < at.start);
            let to = numbers.partition_point(|(n, _)| n.start <= at.end + REACH);
            let call = call_at == Some(at.start);
            let candidates = if call {
                &numbers[..]
            } else {
                &numbers[from..to.max(from)]
            };
            let outcome = notion.words.iter().any(|w| w == "won");
            // "her team won 14 of their 20 matches": a win or a loss is of a game only where
            // the sentence speaks of play.
            if outcome && !notion_of_play(sentence, names_of_play) && !stated_of(sentence, &at) {
                continue;
            }
            // "why a row of 4 is worth so little", "worth noting": no value is stated.
            if sentence[at.clone()].eq_ignore_ascii_case("worth") && idle_worth(&sentence[at.end..])
            {
                continue;
            }
            // "a heap of 12" names a position: with only the words of positions beside it,
            // it states nothing.
            let unit = UNIT_WORDS.contains(&sentence[at.clone()].to_lowercase().as_str());
            for (n, _) in candidates.iter().filter(|(n, _)| !named(n)) {
                // A call of a page-defined game on a number states a value wherever it stands.
                // Only an outcome is stated of a tuple or a list of sizes.
                let lists = outcome && listed(sentence, n);
                if !call && !arrowed(sentence, n) && !near(sentence, &at, n, lists) {
                    continue;
                }
                if unit && sized(sentence, n) {
                    continue;
                }
                // An operation states a value only through a verb: "2 ⊕ 3 and 4" lists.
                if notion.words[..] == [OPERATION] && !verb_between(sentence, &at, n) {
                    continue;
                }
                if best
                    .as_ref()
                    .is_none_or(|b| at.start.min(n.start) < b.0.start.min(b.2.start))
                {
                    best = Some((at.clone(), notion.clone(), n.clone()));
                }
            }
        }
        best
    }

    /// Returns every notion `text` names, with the span of its words.
    pub fn notions_in(&self, text: &str) -> Vec<(Range<usize>, Notion)> {
        // "in order to" is no order.
        let lower = unhyphened(&text.to_lowercase().replace("in order", "in #####"));
        // Lowercasing may change lengths; then the spans are not offsets into `text`.
        let same = lower.len() == text.len();
        let at = |r: Range<usize>| if same { r } else { 0..text.len() };
        // A phrase stands as whole words only where its first word is a word of the text:
        // most phrases are ruled out by a lookup, not a search.
        let mut words: Vec<&str> = lower.split(|c: char| !word_char(c)).collect();
        words.sort_unstable();
        let may_stand = |first: &str| first.is_empty() || words.binary_search(&first).is_ok();
        let mut out = Vec::new();
        for (notion, firsts) in self.notions.iter().zip(&self.firsts) {
            for (w, &first) in notion.words.iter().zip(firsts) {
                if !may_stand(&w[..first]) {
                    continue;
                }
                out.extend(
                    find_phrases(&lower, w)
                        .into_iter()
                        .map(|r| (at(r), notion.clone())),
                );
            }
        }
        for g in &self.games {
            for w in [&g.title, &g.name, &g.unit] {
                let phrase = w.to_lowercase();
                if !may_stand(first_word(&phrase)) {
                    continue;
                }
                // "the society’s dinner": a letter after an apostrophe is a possessive's.
                let possessive = |r: &Range<usize>| {
                    phrase.chars().count() == 1 && lower[..r.start].ends_with(['\'', '’'])
                };
                let found = find_phrases(&lower, &phrase);
                out.extend(
                    found
                        .into_iter()
                        .filter(|r| !possessive(r))
                        .map(|r| (at(r), game_notion(g, w))),
                );
            }
        }
        out
    }

    /// Returns the first notion `text` names, with the span of its words.
    pub fn notion_in(&self, text: &str) -> Option<(Range<usize>, Notion)> {
        self.notions_in(text)
            .into_iter()
            .min_by_key(|(r, _)| r.start)
    }
}

/// Returns the length of the name of a field that opens `after`, the text after the word
/// "field": " with 16 elements", " of order 16", " of 16 elements"; 0 for none.
fn field_name_len(after: &str) -> usize {
    let Some(rest) = [" with ", " of "]
        .iter()
        .find_map(|p| after.strip_prefix(p))
    else {
        return 0;
    };
    let order = rest
        .strip_prefix("order ")
        .or_else(|| rest.strip_prefix("size "));
    let body = order.unwrap_or(rest);
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return 0;
    }
    let tail = &body[digits..];
    let named = if order.is_some() {
        digits
    } else if tail.starts_with(" elements") {
        digits + " elements".len()
    } else {
        return 0;
    };
    after.len() - body.len() + named
}

/// Returns `text` with "nim-" written "nim " (the same length), so a notion's word is
/// found after the prefix: "nim-reciprocal", "nim-power" and "nim sum" are notions.
fn unhyphened(text: &str) -> String {
    text.replace("nim-", "nim ")
}

/// Returns whether the number at `r` is the one number of a condition, "exactly when the
/// nim-sum of its heaps is 0", "if the nim-sum is not 0", "a position whose nim-sum is 0":
/// a law's hypothesis states no fact. A clause runs from its word to the next comma,
/// semicolon or colon.
fn hypothetical(sentence: &str, r: &Range<usize>) -> bool {
    const WORDS: [&str; 5] = ["when ", "whenever ", "if ", "iff ", "unless "];
    let lower = sentence.to_ascii_lowercase();
    // "… and a cube root of 2 would have order 9": a clause with a modal verb.
    let ends = |c: char| matches!(c, ',' | ';' | ':');
    let clause_from = lower
        .get(..r.start)
        .and_then(|h| h.rfind(ends))
        .map_or(0, |i| i + 1);
    let clause_to = lower
        .get(r.end..)
        .and_then(|t| t.find(|c: char| ends(c) || c == '.'))
        .map_or(lower.len(), |i| r.end + i);
    if lower.get(clause_from..clause_to).is_some_and(modal) {
        return true;
    }
    let Some(head) = lower.get(..r.start) else {
        return false;
    };
    if generic_its(&lower, head, clause_from) {
        return true;
    }
    let Some(at) = WORDS
        .iter()
        .filter_map(|w| {
            head.rmatch_indices(w)
                .find(|(i, _)| {
                    *i == 0 || head[..*i].ends_with(|c: char| c.is_whitespace() || c == '(')
                })
                .map(|(i, _)| i)
        })
        .chain(indefinite_whose(head))
        .max()
    else {
        return false;
    };
    let before = &head[at..];
    let after = lower.get(r.end..).unwrap_or("");
    let after = after
        .split(|c: char| ends(c) || c == '.')
        .next()
        .unwrap_or("");
    let numbered = |t: &str| t.bytes().any(|b| b.is_ascii_digit());
    !before.contains(ends) && !numbered(before) && !numbered(after)
}

/// Returns whether a number stands in a clause about "it" (or "its", "their"), in a
/// sentence whose subject is a thing not named and no number before: "A position is a
/// P-position when the player who just moved wins: its value is 0" states a law.
fn generic_its(lower: &str, head: &str, clause_from: usize) -> bool {
    const SOME: [&str; 5] = ["a", "an", "any", "every", "each"];
    let opens = lower
        .split_whitespace()
        .next()
        .is_some_and(|w| SOME.contains(&w));
    let clause = head.get(clause_from..).unwrap_or("");
    let pronoun = clause
        .split_whitespace()
        .any(|w| ["it", "its", "their", "they"].contains(&w));
    opens && pronoun && numbers_in(head).is_empty()
}

/// Returns whether the number at `r` is an everyday quantity, not a value: a price ("£87"),
/// an age ("until she is ten"), or a count of time, pages or people ("ninety minutes").
fn everyday_quantity(sentence: &str, r: &Range<usize>) -> bool {
    const AGES: [&str; 9] = [
        "she is", "he is", "i am", "she was", "he was", "i was", "turns", "turned", "aged",
    ];
    const UNITS: &str = "year years minute minutes hour hours day days week weeks month \
        months second seconds page pages people children visitors pounds dollars euros miles \
        kilometres";
    let (Some(head), Some(tail)) = (sentence.get(..r.start), sentence.get(r.end..)) else {
        return false;
    };
    let head = head.trim_end().to_lowercase();
    let next = tail
        .split(|c: char| !c.is_alphabetic() && c != '-')
        .find(|w| !w.is_empty())
        .unwrap_or("");
    let unit = tail.starts_with(' ') && UNITS.split(' ').any(|u| u == next.to_lowercase());
    head.ends_with(['£', '$', '€'])
        || AGES
            .iter()
            .any(|a| head == *a || head.ends_with(&format!(" {a}")))
        || unit
}

/// Returns where "whose" opens a condition on a thing not named, in `head` (lowercase):
/// "you move to a position whose nim-sum is zero" states no nim-sum of any position.
fn indefinite_whose(head: &str) -> Option<usize> {
    let at = head.rfind(" whose ")?;
    let mut words = head[..at].split_whitespace().rev();
    let (noun, det, det2) = (words.next()?, words.next(), words.next());
    const SOME: [&str; 6] = ["a", "an", "any", "every", "each", "some"];
    let indefinite = |w: Option<&str>| w.is_some_and(|w| SOME.contains(&w));
    let plain = |w: &str| w.chars().all(char::is_alphabetic);
    // The noun, or an adjective and the noun, after the determiner.
    let named = plain(noun) && (indefinite(det) || (det.is_some_and(plain) && indefinite(det2)));
    named.then_some(at + 1)
}

/// Returns whether the number at `r` is inside a title in quotation marks that a year
/// follows, as a reference cites a work: "“On the algebraic closure of two” (1977)".
/// The year is looked for among the first few numbers after the title; an author's initials
/// before it do as well.
fn in_cited_title(sentence: &str, r: &Range<usize>) -> bool {
    let (Some(head), Some(tail)) = (sentence.get(..r.start), sentence.get(r.end..)) else {
        return false;
    };
    // The last quotation mark before the number opens the title, the first after closes it.
    let opened = head
        .char_indices()
        .rev()
        .find(|(_, c)| matches!(c, '“' | '”' | '"'))
        .is_some_and(|(_, c)| c != '”');
    let Some((close, mark)) = tail
        .char_indices()
        .find(|(_, c)| matches!(c, '“' | '”' | '"'))
    else {
        return false;
    };
    // A year after the title, as a reference gives it: "” (1977)", "”, 1977", "”, Proc. …
    // 80 (1977)".
    let after = &tail[close + mark.len_utf8()..];
    let year = after
        .split(|c: char| !c.is_ascii_digit())
        .take(12)
        .any(|y| {
            y.len() == 4 && (y.starts_with("18") || y.starts_with("19") || y.starts_with("20"))
        });
    // Or an author's initials before it: "H. W. Lenstra, Jr., “…”".
    let initials = head.split_whitespace().any(|w| {
        w.len() == 2 && w.starts_with(|c: char| c.is_ascii_uppercase()) && w.ends_with('.')
    });
    opened && mark != '“' && (year || initials)
}

/// Returns whether a clause holds a modal verb ("would", "could", "might"): what it states
/// is supposed, as in "4.4 = 4 would imply 4 = 1", not asserted.
pub(crate) fn modal(clause: &str) -> bool {
    clause
        .split_whitespace()
        .any(|w| ["would", "could", "might"].contains(&w.to_ascii_lowercase().as_str()))
}

/// Returns whether the number at `r` is the argument of a notion in a sentence that
/// introduces what follows it with a colon: "With these, the square of 32 takes six
/// lines:" names the work shown below, whose claims are read there.
fn introduced_argument(sentence: &str, r: &Range<usize>) -> bool {
    const FUNCTIONS: [&str; 8] = [
        "square of",
        "cube of",
        "inverse of",
        "order of",
        "degree of",
        "root of",
        "reciprocal of",
        "product of",
    ];
    sentence.trim_end().ends_with(':')
        && sentence.get(..r.start).is_some_and(|head| {
            let head = head.trim_end().to_ascii_lowercase();
            FUNCTIONS.iter().any(|f| head.ends_with(f))
        })
}

/// Returns the part of a sentence that states facts: all of it, none of a question or of a
/// task set to the reader ("Find the inverse of 7.", "Which of them is primitive?"), what a
/// task asks to be shown ("Show that 2 has no cube root below 16"), or a question's lead
/// ("Since 2 ⊗ 3 = 1, what is 3 ⊗ 2?").
pub(crate) fn stated(sentence: &str) -> Range<usize> {
    const ASKING: [&str; 26] = [
        "is", "are", "was", "were", "does", "do", "did", "can", "could", "will", "would", "should",
        "shall", "may", "must", "has", "have", "which", "what", "how", "who", "whom", "whose",
        "where", "when", "whether",
    ];
    const TASKS: [&str; 30] = [
        "find",
        "compute",
        "calculate",
        "work",
        "determine",
        "list",
        "show",
        "prove",
        "check",
        "verify",
        "explain",
        "evaluate",
        "decide",
        "describe",
        "give",
        "write",
        "use",
        "solve",
        "express",
        "simplify",
        "deduce",
        "tabulate",
        "sketch",
        "complete",
        "identify",
        "name",
        "construct",
        "confirm",
        "multiply",
        "try",
    ];
    // Words that open a task's lead ("Without computing past 80, find …").
    const LEADS: [&str; 11] = [
        "without", "for", "using", "with", "in", "from", "by", "starting", "before", "after", "to",
    ];
    // Words that may come before a task's verb: "Then check …".
    const BEFORE: [&str; 7] = ["then", "now", "next", "finally", "also", "first", "and"];
    let all = 0..sentence.len();
    // "Exercise 7.12 asks for the inverse of 200": a task reported, stated no more than set.
    // The verb may open a line: "Exercise 7.12, my favourite,⏎asks for …".
    let asks = sentence
        .match_indices("asks ")
        .find(|(at, _)| sentence[..*at].ends_with(char::is_whitespace));
    if let Some((at, _)) = asks {
        let rest = &sentence[at + "asks ".len()..];
        let task = [
            "for ",
            "you ",
            "the reader",
            "readers ",
            "us ",
            "whether ",
            "which ",
            "what ",
            "how ",
        ];
        if task.iter().any(|t| rest.starts_with(t)) {
            return 0..at;
        }
    }
    let tail = sentence.trim_end_matches(|c: char| c.is_whitespace() || "*_\"”’)".contains(c));
    // Most sentences are neither a question nor a task: say so before splitting any words.
    let opening = sentence
        .trim_start()
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("");
    let opens = |list: &[&str]| list.iter().any(|w| w.eq_ignore_ascii_case(opening));
    if !tail.ends_with('?') && !opens(&TASKS) && !opens(&LEADS) && !opens(&BEFORE) {
        return all;
    }
    let words: Vec<(usize, String)> = sentence
        .split_inclusive(|c: char| !word_char(c) && c != '\'')
        .scan(0, |at, piece| {
            let start = *at;
            *at += piece.len();
            Some((start, piece))
        })
        .map(|(at, piece)| {
            (
                at,
                piece.trim_end_matches(|c: char| !word_char(c) && c != '\''),
            )
        })
        .filter(|(_, w)| w.chars().any(char::is_alphabetic))
        .map(|(at, w)| (at, w.to_lowercase()))
        .collect();
    let first = |k: usize| words.get(k).map(|(_, w)| w.as_str());
    let lower = sentence.trim_start().to_ascii_lowercase();
    if tail.ends_with('?') {
        // "Did you know that …?", "Isn't 4 primitive?": a question that asserts.
        let asserts = [
            "did you know",
            "is it not",
            "isn't",
            "aren't",
            "doesn't",
            "don't",
        ]
        .iter()
        .chain(&["didn't", "wasn't", "can't", "won't", "hasn't"])
        .any(|w| lower.starts_with(w));
        if asserts {
            return all;
        }
        let asks = |k: usize| {
            first(k).is_some_and(|w| ASKING.contains(&w))
                || (first(k + 1).is_some_and(|w| ["which", "what", "how"].contains(&w))
                    && first(k).is_some_and(|w| LEADS.contains(&w) || w == "of"))
        };
        // "And by squaring eight times?", "Or what of 20?": a question cut short after one.
        let cut_short = first(0).is_some_and(|w| ["and", "or", "but"].contains(&w))
            && (asks(1) || first(1).is_some_and(|w| LEADS.contains(&w) || w == "by"));
        if asks(0) || cut_short {
            return 0..0;
        }
        // "In the game above, is a heap of 100 won?": the lead states what it states.
        for (k, (at, _)) in words.iter().enumerate() {
            if sentence[..*at].trim_end().ends_with(',') && asks(k) {
                let comma = sentence[..*at].trim_end().len() - 1;
                return 0..comma;
            }
        }
        return all;
    }
    let mut k = 0;
    if first(0).is_some_and(|w| LEADS.contains(&w)) {
        // The task's verb comes after the lead's comma.
        match words
            .iter()
            .position(|(at, _)| sentence[..*at].trim_end().ends_with(','))
        {
            Some(after) => k = after,
            None => return all,
        }
    }
    while first(k).is_some_and(|w| BEFORE.contains(&w)) {
        k += 1;
    }
    if !first(k).is_some_and(|w| TASKS.contains(&w)) {
        return all;
    }
    // "Work out the order of 4 and you get 15": a task that says what something is states
    // it.
    let says = [
        " is ", " are ", " was ", " were ", " gives ", " give ", " equals ", "=",
    ]
    .iter()
    .chain(&[
        " yields ",
        " and you ",
        " you get ",
        " we get ",
        " which ",
        " has ",
    ])
    .any(|w| lower.contains(w));
    if says && !lower.starts_with("show") && !lower.starts_with("prove") {
        return all;
    }
    // "Show that …", "Explain why …", "Use the fact that …": what is to be shown or used
    // is stated.
    let given = ["that", "why", "since", "because"];
    match words[k + 1..]
        .iter()
        .find(|(_, w)| given.contains(&w.as_str()))
    {
        Some((at, w)) => at + w.len()..sentence.len(),
        // "Try heaps of 1, 2 and 3: their nim-sum is 0": what follows a colon is stated.
        None => match sentence.find([':', ';']) {
            Some(at) => at + 1..sentence.len(),
            None => 0..0,
        },
    }
}

/// Returns whether a sentence only introduces what follows it, a table or a list: it ends
/// with a colon and has no verb but a lead's ("The values of rows of six to eleven pins:",
/// "Here are the first eight values:"), so its
/// numbers name what is shown, and the facts are read where they are shown.
fn lead_in(sentence: &str) -> bool {
    let Some(head) = sentence.trim_end().strip_suffix(':') else {
        return false;
    };
    // "Here are the first eight values of each, from heap size 0 to 7:".
    let head = ["Here are ", "Here is ", "Below are ", "These are "]
        .iter()
        .find_map(|lead| head.trim_start().strip_prefix(lead))
        .unwrap_or(head);
    !lead_in_verb(head) && !head.contains(['=', '≠', '<', '>', '≤', '≥'])
}

/// Returns whether a sentence only sets out heaps, as a slide or a problem does: "Heaps on
/// the slide: 4, 7 and 9", "The position: 3, 5, 6". It states no fact about them.
fn positions_given(sentence: &str) -> bool {
    let Some((head, tail)) = sentence.split_once(':') else {
        return false;
    };
    let head = head.to_lowercase();
    let words: Vec<&str> = head.split_whitespace().collect();
    let noun = words.iter().take(2).any(|w| {
        matches!(
            *w,
            "heaps" | "piles" | "rows" | "position" | "positions" | "start"
        )
    });
    let short = words.len() <= 5 && !head.contains(['=', '≠', '<', '>']);
    // Only the numbers of a list after the colon: "4, 7 and 9", "three, five and seven".
    let tokens: Vec<String> = tail
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let number = |w: &str| w.bytes().all(|b| b.is_ascii_digit()) || UNITS.contains(&w);
    let listed = tokens.iter().filter(|w| number(w)).count() > 1
        && tokens.iter().all(|w| w == "and" || number(w));
    noun && short && !lead_in_verb(&head) && listed
}

/// Returns whether `head` holds a verb a statement is made with.
fn lead_in_verb(head: &str) -> bool {
    const VERBS: [&str; 20] = [
        "is", "are", "was", "were", "be", "equals", "equal", "has", "have", "gives", "give",
        "yields", "makes", "form", "forms", "leaves", "comes", "takes", "wins", "loses",
    ];
    head.split(|c: char| !c.is_alphanumeric() && c != '-')
        .any(|w| VERBS.contains(&w.to_lowercase().as_str()))
}

/// Returns whether a sentence defines a notion for any element: "The order of a nonzero
/// nimber is the number of factors …", "the minimal polynomial of an element is the least
/// polynomial with coefficients 0 and 1 …". It names no particular number.
fn definition(sentence: &str) -> bool {
    let words: Vec<&str> = sentence.split_whitespace().take(9).collect();
    if !words.first().is_some_and(|w| w.eq_ignore_ascii_case("the")) {
        return false;
    }
    let Some(of) = words
        .iter()
        .position(|w| *w == "of")
        .filter(|&k| (2..=4).contains(&k))
    else {
        return false;
    };
    let any = words
        .get(of + 1)
        .is_some_and(|w| ["a", "an", "any"].contains(w));
    // The thing defined for: a noun, or an adjective and a noun, then "is the".
    let is_the = |k: usize| words.get(k) == Some(&"is") && words.get(k + 1) == Some(&"the");
    let plain = |k: usize| {
        words
            .get(k)
            .is_some_and(|w| w.chars().all(char::is_alphabetic))
    };
    any && plain(of + 2) && (is_the(of + 3) || (plain(of + 3) && is_the(of + 4)))
}

/// Returns whether a sentence speaks of a variable, a letter standing alone such as `x` in
/// "the order of x is 9": it states a law or a step of an argument, not a fact about
/// particular numbers, and a claim in it is read from its formulas. The letters `names`
/// are games' names, not variables.
fn has_variable(text: &str, names: &[char]) -> bool {
    // Most sentences hold no letter alone: said without finding every one.
    let b = text.as_bytes();
    let apart = |i: Option<usize>| {
        i.and_then(|i| b.get(i))
            .is_none_or(|c| !c.is_ascii_alphanumeric())
    };
    let alone = (0..b.len())
        .any(|i| b[i].is_ascii_alphabetic() && apart(i.checked_sub(1)) && apart(Some(i + 1)));
    alone && !variables(text, names).is_empty()
}

/// Returns whether a sentence with the letters `letters` in it speaks of what they range
/// over: it compares, quantifies, supposes or binds ("for every x", "if x has order 5",
/// "let x be"), or a letter stands in the prose, outside a term in signs ("f(p) is the
/// order of 2 on division by p"). "The least value that x ⊕ x ⊗ x never reaches is 64"
/// does none of these: its letter runs inside a term, and its number is a value.
fn ranges_over(sentence: &str, letters: &[char]) -> bool {
    const BINDING: [&str; 24] = [
        "every", "all", "any", "each", "if", "when", "whenever", "then", "let", "suppose", "where",
        "for", "some", "whose", "with", "such", "given", "so", "hence", "thus", "since", "because",
        "unless", "iff",
    ];
    let binds = sentence.contains(['=', '≠', '<', '>', '≤', '≥', '∀', '∃', '⩽', '⩾', '$', '\\'])
        || sentence
            .split(|c: char| !c.is_alphabetic())
            .any(|w| BINDING.iter().any(|b| b.eq_ignore_ascii_case(w)));
    binds
        || sentence.char_indices().any(|(at, c)| {
            letters.contains(&c)
                && !alphanumeric_beside(sentence, at, c)
                && !in_term(sentence, at..at + c.len_utf8())
        })
}

/// Returns whether a lone letter stands one sign away from the number at `r`: "3 × n".
fn letter_beside(text: &str, r: &Range<usize>) -> bool {
    let after = text[r.end..]
        .trim_start()
        .strip_prefix(TERM_SIGNS)
        .map(str::trim_start);
    let before = text[..r.start]
        .trim_end()
        .strip_suffix(TERM_SIGNS)
        .map(str::trim_end);
    // The letter, then what stands past it, read away from the number.
    let lone = |letter: Option<char>, past: Option<char>| {
        letter.is_some_and(|c| c.is_ascii_alphabetic()) && past.is_none_or(|c| !c.is_alphanumeric())
    };
    after.is_some_and(|a| {
        let mut chars = a.chars();
        lone(chars.next(), chars.next())
    }) || before.is_some_and(|b| {
        let mut chars = b.chars().rev();
        lone(chars.next(), chars.next())
    })
}

/// Returns whether the character `c` at `at` has a letter or digit right beside it.
fn alphanumeric_beside(text: &str, at: usize, c: char) -> bool {
    let before = text[..at].chars().next_back();
    let after = text[at + c.len_utf8()..].chars().next();
    [before, after]
        .into_iter()
        .flatten()
        .any(|d| d.is_alphanumeric() || d == '\'' || d == '’')
}

/// Returns whether the span `r` is an operand of a sign of nimber or ordinary arithmetic
/// ("x ⊕ x", "3 × n", "x³").
fn in_term(text: &str, r: Range<usize>) -> bool {
    let after = text[r.end..].trim_start();
    let before = text[..r.start].trim_end();
    after.starts_with(TERM_SIGNS)
        || after.starts_with(['²', '³', '⁴'])
        || before.ends_with(TERM_SIGNS)
}

/// Signs that join two terms of a sum, a product or a power.
const TERM_SIGNS: [char; 8] = ['⊕', '⊗', '+', '×', '·', '*', '^', '⋅'];

/// Returns the letters [`has_variable`] finds, each once.
fn variables(text: &str, names: &[char]) -> Vec<char> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let bound = bound_letters(text);
    let mut out: Vec<char> = chars
        .iter()
        .enumerate()
        .filter(|&(k, &(at, c))| {
            if bound.contains(&at) {
                return false;
            }
            let alone = |d: Option<&(usize, char)>| {
                d.is_none_or(|(_, d)| !d.is_alphanumeric() && *d != '\'' && *d != '’' && *d != '.')
            };
            // "a" is an article, unless a verb or a sign follows it: "the product with a is 1".
            let article =
                matches!(c, 'a' | 'A' | 'I') && article_before(&text[chars[k].0 + c.len_utf8()..]);
            // "P-position", "N-position": a letter joined by a hyphen is part of a word.
            let hyphened = |d: Option<&(usize, char)>, e: Option<&(usize, char)>| {
                d.is_some_and(|(_, d)| *d == '-') && e.is_some_and(|(_, e)| e.is_alphanumeric())
            };
            // "S(1, 2)": a letter before its arguments names a game or a function.
            let called = chars.get(k + 1).is_some_and(|(_, d)| *d == '(');
            // "(d) The fifth nim-power of 4 is 2": a letter in brackets labels an item.
            let label = k
                .checked_sub(1)
                .and_then(|k| chars.get(k))
                .is_some_and(|(_, d)| *d == '(')
                && chars.get(k + 1).is_some_and(|(_, d)| *d == ')');
            c.is_ascii_alphabetic()
                && !names.contains(&c)
                && !article
                && !called
                && !label
                && alone(k.checked_sub(1).and_then(|k| chars.get(k)))
                && alone(chars.get(k + 1))
                && !hyphened(chars.get(k + 1), chars.get(k + 2))
                && !hyphened(
                    k.checked_sub(1).and_then(|k| chars.get(k)),
                    k.checked_sub(2).and_then(|k| chars.get(k)),
                )
        })
        .map(|(_, &(_, c))| c)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Returns whether a sentence names one element's minimal polynomial and says nothing of
/// every element: "9 has minimal polynomial x⁴ + x + 1", whose letter is the polynomial's
/// indeterminate, not a variable of a law.
fn names_minimal_polynomial(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    // A polynomial in TeX is read by the math reader, which checks what it can.
    lower.contains("minimal polynomial")
        && !lower.contains('$')
        && !lower
            .split(|c: char| !c.is_alphabetic())
            .any(|w| matches!(w, "each" | "every" | "all" | "any"))
}

/// Returns whether the letter "a" (or "I") followed by `rest` is a word of prose, not a
/// variable: a word follows it, and not a verb or a sign ("the product with a is 1").
fn article_before(rest: &str) -> bool {
    // What follows, up to a few characters: enough to tell a verb or a sign.
    let next = rest.trim_start();
    !(next.is_empty()
        || next.starts_with(|d: char| !d.is_alphanumeric())
        || ["is ", "has ", "and ", "or ", "to "]
            .iter()
            .any(|w| next.starts_with(w)))
}

/// Returns the letters that start or bound a range at a number, as in "from n=71 on",
/// "for n ≥ 60", with where each letter and its number start; a sentence whose letters
/// are all such bounds speaks of numbers, not of a variable.
fn bounds(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    for (at, c) in text.char_indices() {
        let alone_before = text[..at]
            .chars()
            .next_back()
            .is_none_or(|d| !d.is_alphanumeric() && d != '(');
        if !c.is_ascii_alphabetic() || !alone_before {
            continue;
        }
        let rest = &text[at + 1..];
        let after = rest.trim_start();
        let Some(sign) = ["=", "≥", "⩾", ">=", ">", "≤", "⩽", "<=", "<"]
            .iter()
            .find(|s| after.starts_with(**s))
        else {
            continue;
        };
        let value = after[sign.len()..].trim_start();
        let start = text.len() - value.len();
        let digits = value.bytes().take_while(u8::is_ascii_digit).count();
        let ends = bytes
            .get(start + digits)
            .is_none_or(|b| !b.is_ascii_alphanumeric() && !matches!(b, b'+' | b'*' | b'^'));
        // Only a bare number: "n = 2k" or "n = 71 + m" speaks of a variable.
        let more = value[digits..]
            .trim_start()
            .starts_with(['+', '-', '*', '⊕', '⊗', '×']);
        // "from n = 71 on" starts a range; "For p = 5" sets a case whose facts follow, so
        // its letter is no variable either.
        let head = text[..at].trim_end().to_lowercase();
        let range = *sign != "="
            || head.ends_with("from")
            || head.ends_with("for")
            || value[digits..].trim_start().starts_with("on");
        if digits > 0 && ends && !more && range {
            out.push((at, start));
        }
    }
    out
}

/// Returns where the letters of [`bounds`] stand.
fn bound_letters(text: &str) -> Vec<usize> {
    bounds(text).into_iter().map(|(letter, _)| letter).collect()
}

/// Returns where the numbers of [`bounds`] start.
fn bound_starts(text: &str) -> Vec<usize> {
    bounds(text).into_iter().map(|(_, number)| number).collect()
}

/// Splits text into sentences: at `.`, `!`, `?` or `;` followed by a space or the end (not
/// inside a number such as `0.77`, nor after an abbreviation such as `p.` or `e.g.`).
pub fn sentences(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next = chars.peek().map(|&(_, d)| d);
        let ends = match c {
            '!' | '?' | ';' => next.is_none_or(char::is_whitespace),
            '.' => next.is_none_or(char::is_whitespace) && !abbreviation(&text[..i]),
            _ => false,
        };
        if ends {
            let end = i + c.len_utf8();
            if !text[start..end].trim().is_empty() {
                out.push(start..end);
            }
            start = end;
        }
    }
    if !text[start..].trim().is_empty() {
        out.push(start..text.len());
    }
    out
}

/// Returns whether the text before a full stop ends in an abbreviation.
fn abbreviation(before: &str) -> bool {
    let word: String = before
        .chars()
        .rev()
        .take_while(|c| c.is_alphabetic() || *c == '.')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    // An initial, "J. H. Conway", but not a variable ending a sentence, "x ⊗ z."
    let initial = word.len() == 1 && word.chars().all(char::is_uppercase);
    let word = word.to_lowercase();
    initial
        || [
            "p", "pp", "e.g", "i.e", "cf", "vs", "etc", "chap", "sec", "fig", "eq", "no", "vol",
            "ed", "al",
        ]
        .contains(&word.as_str())
}

/// The value [`all_values`] gives for ω or α shown in a read formula.
pub const ORDINAL_READ: u128 = u128::MAX;

/// The most words between a notion and a number of one fact.
pub const NEAR: usize = 6;

/// Words that say a number set off by a comma at the clause's end is the notion's value:
/// "it happens to give the right answer, 32".
const APPOSED_VALUE: [&str; 10] = [
    "answer", "result", "value", "product", "sum", "give", "gives", "giving", "equals", "yields",
];

/// Returns whether two spans of a sentence are in one clause (no `,`, `;`, `:`, dash or
/// bracket between them) and at most [`NEAR`] words apart.
fn near(text: &str, a: &Range<usize>, b: &Range<usize>, lists: bool) -> bool {
    let (first, second) = if a.start <= b.start { (a, b) } else { (b, a) };
    let Some(between) = text.get(first.end.min(second.start)..second.start) else {
        return true;
    };
    // A tuple or a list of numbers stays with its notion: "the position (1, 4, 5) is won",
    // "the heaps 5, 9 and 12 are lost".
    let trimmed = between.trim();
    let tuple = match trimmed.strip_prefix(')') {
        Some(rest) if lists => rest,
        _ => trimmed,
    };
    let tuple = match tuple.strip_suffix('(') {
        Some(rest) if lists && rest.ends_with(|c: char| c.is_alphabetic() || c == ' ') => rest,
        _ => tuple,
    };
    // An outcome's positions may stand before a comma: "With heaps of 1, 2 and 4, the
    // second player has a winning strategy".
    let punctuation = if lists {
        &[';', ':', '—', '–', '(', ')'][..]
    } else {
        &[',', ';', ':', '—', '–', '(', ')'][..]
    };
    // "16 ⊗ 20 is just the ordinary product, 320.": a number in apposition that ends its
    // clause is said of the notion the clause names.
    // A full stop ends it, not a decimal point ("Dawson's Kayles, 0.07").
    let ends_clause = text.get(second.end..).is_some_and(|t| {
        let mut rest = t.trim_start().chars();
        match rest.next() {
            None => true,
            Some('.' | ';') => rest.next().is_none_or(char::is_whitespace),
            Some(_) => false,
        }
    });
    if first == a
        && ends_clause
        && tuple
            .strip_suffix(',')
            .is_some_and(|t| !t.contains(punctuation))
    {
        // "for 4 ⊗ 8 it happens to give the right answer, 32": farther, when the words
        // between name what the number is.
        let says = between.split_whitespace().any(|w| {
            let w = w.trim_matches(|c: char| !c.is_alphabetic());
            APPOSED_VALUE.contains(&w)
        });
        let reach = if says { 2 * NEAR } else { NEAR };
        return between.split_whitespace().count() <= reach;
    }
    // "The product 3141 ⊗ 5926, which the text discusses, equals 14996": a relative clause
    // set off by commas after the notion stands between it and what its verb says.
    if first == a
        && let Some(rest) = relative_aside(tuple)
    {
        return !rest.contains(punctuation) && rest.split_whitespace().count() <= NEAR;
    }
    // "Three times seven, in nim-multiplication, is twelve": the sense of the clause, set
    // off by commas, is said of the numbers on either side.
    if tuple.contains(',') && sense_aside(text, a) {
        let mut t = tuple.to_string();
        t.retain(|ch| ch != ',');
        return !t.contains(punctuation) && between.split_whitespace().count() <= NEAR;
    }
    // "Of the nim-products below 8, 38 percent …": the comma closing a lead "of the …"
    // joins what is counted to the count.
    let tuple = match lead_comma(text) {
        Some(c) if first.end <= c && c < second.start => {
            let mut t = tuple.to_string();
            t.retain(|ch| ch != ',');
            return !t.contains(punctuation) && between.split_whitespace().count() <= NEAR;
        }
        _ => tuple,
    };
    // "Kayles values: 0, 1, 2, 3": a colon after a notion introduces its values, when a
    // list of numbers is all that follows it.
    let list_word = |w: &str| {
        w.is_empty()
            || w == "and"
            || w.trim_start_matches(['∗', '*'])
                .bytes()
                .all(|b| b.is_ascii_digit())
    };
    let rest = text[second.start..]
        .trim_end()
        .trim_end_matches(['.', ';', ')']);
    if first == a
        && let Some((head, tail)) = tuple.split_once(':')
        && !head.contains(punctuation)
        && tail
            .split(|c: char| c == ',' || c.is_whitespace())
            .all(list_word)
        && rest
            .split(|c: char| c == ',' || c.is_whitespace())
            .all(list_word)
    {
        return between.split_whitespace().count() <= NEAR;
    }
    // "Seven of the fifteen nonzero elements of the field are primitive": a count leads a
    // subject that may run long, and what it counts is said of the whole.
    const SUBJECT: [&str; 12] = [
        "of", "the", "its", "among", "all", "nonzero", "non-zero", "elements", "nimbers", "values",
        "numbers", "first",
    ];
    // The words after the first span, a line break read as a space.
    let next: String = text[first.end..]
        .chars()
        .take(12)
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect();
    let counted = first == b
        && [" of the ", " of its ", " among the "]
            .iter()
            .any(|w| next.starts_with(w))
        && between
            .split_whitespace()
            .all(|w| SUBJECT.contains(&w.to_lowercase().as_str()) || !numbers_in(w).is_empty());
    // "The nim-sum of all the whole numbers from 1 to 10 is 0": a notion that heads a long
    // subject is said of the number its verb gives.
    let headed = first == a
        && next.starts_with(" of ")
        && between
            .split_whitespace()
            .last()
            .is_some_and(|w| ["is", "are", "equals", "gives"].contains(&w));
    let reach = if counted || headed { 2 * NEAR } else { NEAR };
    // A sign between two terms ("x ⊕ x ⊗ x") joins them, and is no word of its own.
    let words = between
        .split_whitespace()
        .filter(|w| !matches!(*w, "⊕" | "⊗" | "+" | "×" | "·" | "*"))
        .count();
    !tuple.contains(punctuation) && words <= reach + copulas(between)
}

/// Returns what follows a relative clause or an aside that opens `between`, set off by
/// commas: ", which the text discusses, equals" gives "equals", and ", finally, is" "is".
fn relative_aside(between: &str) -> Option<&str> {
    let rest = between.strip_prefix(',')?.trim_start();
    let word = rest.split_whitespace().next()?;
    let (_, after) = rest.split_once(',')?;
    let after = after.trim();
    // Any other aside ("…, finally, is five") when a verb follows it.
    let verb = after.split_whitespace().next().is_some_and(|v| {
        [
            "is", "are", "equals", "equal", "gives", "give", "makes", "comes", "was",
        ]
        .contains(&v.to_ascii_lowercase().as_str())
    });
    (verb || ["which", "whose", "who", "as"].contains(&word.to_ascii_lowercase().as_str()))
        .then_some(after)
}

/// Returns whether the notion at `r` names the sense a clause is read in, set off by commas:
/// ", in nim-multiplication,", "In the nim sense, …", ", under nim-addition,".
fn sense_aside(text: &str, r: &Range<usize>) -> bool {
    let (Some(head), Some(tail)) = (text.get(..r.start), text.get(r.end..)) else {
        return false;
    };
    if !tail.trim_start().starts_with(',') {
        return false;
    }
    // Only an operation's sense: "In Kayles, …" names a game, whose positions come after.
    let notion = text.get(r.clone()).unwrap_or("").to_ascii_lowercase();
    if !["nim-", "nim ", "nimber "]
        .iter()
        .any(|p| notion.contains(p))
    {
        return false;
    }
    // The few words before the notion, not the whole sentence, are lowercased.
    let head = head.trim_end();
    let cut = head.len().saturating_sub(16);
    let cut = (cut..head.len())
        .find(|&i| head.is_char_boundary(i))
        .unwrap_or(head.len());
    let (before, head) = head.split_at(cut);
    let head = head.to_ascii_lowercase();
    let head = head.strip_suffix(" the").unwrap_or(&head);
    let Some(lead) = head
        .strip_suffix("in")
        .or_else(|| head.strip_suffix("under"))
    else {
        return false;
    };
    let lead = lead.trim_end();
    if lead.is_empty() {
        return before.trim_end().is_empty() || before.ends_with(',');
    }
    lead.ends_with(',')
}

/// Returns how many more words than one the verbs of being in `between` take: "turns out
/// to be" is "is" said in four words, and "is one of the" "is in".
fn copulas(between: &str) -> usize {
    const LONG: [(&str, usize); 10] = [
        // "13 is one of the elements of the subfield": membership, said at length.
        ("one of the", 3),
        ("one of its", 3),
        ("out to be", 3),
        ("found to be", 3),
        ("proves to be", 2),
        ("proved to be", 2),
        ("happens to be", 2),
        ("works out as", 2),
        ("comes out as", 2),
        ("comes out at", 2),
    ];
    // Most gaps hold none: a search, no copy.
    LONG.iter()
        .filter(|(p, _)| between.contains(p))
        .map(|(_, extra)| extra)
        .sum()
}

/// Returns where the comma closing a sentence's lead "Of the …", "Among the …", "Under
/// nim-multiplication" or "Below 32" stands, when the sentence opens with one and it holds
/// no other punctuation.
fn lead_comma(text: &str) -> Option<usize> {
    const LEADS: [&str; 10] = [
        "of", "among", "under", "with", "using", "within", "below", "above", "beyond", "past",
    ];
    let head = text.trim_start().split(' ').next()?;
    if !LEADS.iter().any(|l| l.eq_ignore_ascii_case(head)) {
        return None;
    }
    let c = text.find(',')?;
    (!text[..c].contains([';', ':', '—', '–', '(', ')'])).then_some(c)
}

/// The notion of a game's own words.
/// How a game's own notion (its title, name or unit) begins what it reads.
const GAME_READS: &str = "the Grundy value of a ";

/// The words that put a sentence's win or loss in a game, beside the games' own names.
const PLAY_WORDS: &[&str] = &[
    "heap",
    "heaps",
    "row",
    "rows",
    "pile",
    "piles",
    "strip",
    "strips",
    "position",
    "positions",
    "p-position",
    "p-positions",
    "n-position",
    "n-positions",
    "player",
    "players",
    "mover",
    "move",
    "moves",
    "moving",
    "nim",
    "game",
    "token",
    "tokens",
    "counter",
    "counters",
    "pin",
    "pins",
    "coin",
    "coins",
    "stone",
    "stones",
    "sum",
];

/// Returns whether `sentence` speaks of play, so that a win or a loss in it is a game's:
/// it names a game of the page (`games`) or a word of play, or holds a position in
/// parentheses.
fn notion_of_play(sentence: &str, games: bool) -> bool {
    games
        || sentence.contains('(')
        || sentence
            .split(|c: char| !word_char(c))
            .any(|w| PLAY_WORDS.iter().any(|p| w.eq_ignore_ascii_case(p)))
}

/// Returns whether the words after "worth" (`after`) are an idiom that states no value:
/// "worth so little", "worth noting", "worth a look".
fn idle_worth(after: &str) -> bool {
    const IDIOMS: &[&str] = &[
        "so little",
        "so much",
        "little",
        "much",
        "a look",
        "it",
        "noting",
        "mentioning",
        "checking",
        "knowing",
        "remembering",
        "recalling",
        "the trouble",
        "the effort",
        "having",
        "trying",
        "reading",
        "a try",
        "while",
    ];
    let after = after
        .trim_start()
        .chars()
        .take(24)
        .collect::<String>()
        .to_lowercase();
    IDIOMS.iter().any(|i| {
        after
            .strip_prefix(i)
            .is_some_and(|rest| !rest.starts_with(|c: char| word_char(c)))
    })
}

/// Returns whether the word before `at` makes it something stated of a subject ("14 is a
/// loss", "7 loses"), not a verb of everyday prose ("her team won 14").
fn stated_of(sentence: &str, at: &Range<usize>) -> bool {
    let before = sentence[..at.start].trim_end();
    let word = before
        .rsplit(|c: char| !word_char(c))
        .next()
        .unwrap_or("")
        .to_lowercase();
    word.is_empty()
        || word.chars().all(|c| c.is_ascii_digit())
        || [
            "is", "are", "was", "were", "be", "a", "an", "its", "it", "they", "one",
        ]
        .contains(&word.as_str())
        || number_words().any(|(w, _)| w == word)
}

fn game_notion(g: &GameWords, w: &str) -> Notion {
    Notion {
        words: vec![w.to_string()],
        reads: format!("{GAME_READS}{} of 10 in {} is …", g.unit, g.title),
        computes: format!("{{val}}`{}(10)`", g.name),
    }
}

/// Returns whether `c` belongs to a word, for a phrase standing as whole words.
fn word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// Returns the first word of `phrase` (empty if it starts with no word character).
fn first_word(phrase: &str) -> &str {
    phrase.split(|c: char| !word_char(c)).next().unwrap_or("")
}

/// Returns every place `phrase` stands in `text` as whole words.
fn find_phrases(text: &str, phrase: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(r) = text.get(from..).and_then(|t| find_phrase(t, phrase)) {
        out.push(r.start + from..r.end + from);
        from += r.end;
    }
    out
}

/// Returns whether `before` ends with the whole word `word`, in any case.
fn after_word(before: &str, word: &str) -> bool {
    let before = before.trim_end();
    let Some(at) = before.len().checked_sub(word.len()) else {
        return false;
    };
    before
        .get(at..)
        .is_some_and(|tail| tail.eq_ignore_ascii_case(word))
        && !before[..at].ends_with(char::is_alphanumeric)
}

/// The notion of a nimber operation written in symbols.
const OPERATION: &str = "⊗";

/// Returns whether a verb or a comparison stands between the spans `a` and `b` of `text`.
fn verb_between(text: &str, a: &Range<usize>, b: &Range<usize>) -> bool {
    let between = text
        .get(a.end.min(b.end)..a.start.max(b.start))
        .unwrap_or("");
    between.contains(['=', '≠', '<', '>', '≤', '≥'])
        || between.split_whitespace().any(|w| {
            [
                "is", "are", "was", "be", "gives", "give", "get", "gets", "equals", "makes",
                "yields", "comes", "come", "leaves", "returns",
            ]
            .contains(&w)
        })
}

/// Returns the spans of the expressions in nimber symbols in `text`, each an operator
/// `⊗` or `⊕` with the numbers, stars, brackets and signs around it ("7 ⊗ 9", "(2 ⊕ 3) ⊗ 4").
fn symbol_exprs(text: &str) -> Vec<Range<usize>> {
    let part = |c: char| c.is_ascii_digit() || " ∗*()^⊗⊕ω".contains(c);
    let mut out: Vec<Range<usize>> = Vec::new();
    for (at, op) in text.match_indices(['⊗', '⊕']) {
        if out.last().is_some_and(|r| at < r.end) {
            continue;
        }
        let start = text[..at]
            .char_indices()
            .rev()
            .take_while(|(_, c)| part(*c))
            .last()
            .map_or(at, |(i, _)| i);
        let end = text[at + op.len()..]
            .char_indices()
            .find(|(_, c)| !part(*c))
            .map_or(text.len(), |(i, _)| at + op.len() + i);
        let span = &text[start..end];
        // "⊗ is the nim-product": an operator with no operands names itself.
        if !span.contains(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let lead = span.len() - span.trim_start().len();
        out.push(start + lead..start + span.trim_end().len());
    }
    out
}

/// Returns the name of the first call of a function on a number that a comparison or a
/// copula states a value of, `kayles(10) = 4`.
fn call_in(text: &str) -> Option<Range<usize>> {
    let bytes = text.as_bytes();
    for (at, _) in text.match_indices('(') {
        let Some(name_start) = text[..at]
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_')
            .last()
            .map(|(i, _)| i)
        else {
            continue;
        };
        let inner = text[at + 1..].trim_start();
        // The call states a value where a comparison or a copula joins it to another:
        // "kayles(10) = 4", "kayles(10) is 4", "4 is kayles(10)"; "alert(1)" states none.
        let after = text[at..]
            .find(')')
            .map_or("", |close| text[at + close + 1..].trim_start());
        let before = text[..name_start].trim_end();
        let stated = [
            "=", "≠", "< ", "> ", "<=", ">=", "≤", "≥", "is ", "equals", "has ", "comes", "gives",
            "are ",
        ]
        .iter()
        .any(|w| after.starts_with(w))
            || ["=", " is", " equals", " are"]
                .iter()
                .any(|w| before.ends_with(w));
        if name_start < at
            && stated
            && bytes[name_start].is_ascii_alphabetic()
            && inner.starts_with(|c: char| c.is_ascii_digit())
        {
            return Some(name_start..at);
        }
    }
    None
}

/// Returns where `phrase` stands in `text` as whole words (both lowercase).
fn find_phrase(text: &str, phrase: &str) -> Option<Range<usize>> {
    if phrase.is_empty() {
        return None;
    }
    for (at, _) in text.match_indices(phrase) {
        let end = at + phrase.len();
        let before = text[..at].chars().next_back().is_none_or(|c| !word_char(c));
        let after = text[end..].chars().next().is_none_or(|c| !word_char(c));
        if before && after {
            return Some(at..end);
        }
    }
    None
}

/// The number words below twenty, in order of value.
pub const UNITS: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];

/// The number words for twenty to ninety, in order of value.
pub const TENS: [&str; 8] = [
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// Number words other than [`UNITS`] and [`TENS`] a reader takes as a count or a value,
/// with the value of those that are whole numbers.
const MORE_NUMBER_WORDS: [(&str, Option<u128>); 10] = [
    ("hundred", Some(100)),
    ("thousand", Some(1000)),
    ("million", Some(1_000_000)),
    ("half", None),
    ("halves", None),
    ("thirds", None),
    ("quarters", None),
    ("fifths", None),
    ("percent", None),
    ("per cent", None),
];

/// Every number word the closure reads, with its value where it is a whole number; "one"
/// is left to [`numbers_in`], which tells the number from the pronoun.
fn number_words() -> impl Iterator<Item = (&'static str, Option<u128>)> {
    let units = UNITS
        .iter()
        .enumerate()
        .filter(|(_, w)| **w != "one")
        .map(|(v, w)| (*w, Some(v as u128)));
    let tens = TENS
        .iter()
        .enumerate()
        .map(|(k, w)| (*w, Some(20 + 10 * k as u128)));
    units.chain(tens).chain(MORE_NUMBER_WORDS)
}

/// Words that make a number that follows them a label rather than a value: "chapter 4",
/// "p. 12".
const LABELS: &[&str] = &[
    "chapter", "chap", "section", "sec", "part", "page", "pages", "p", "pp", "figure", "fig",
    "table", "line", "lines", "step", "steps", "rung", "example", "theorem", "lemma", "equation",
    "eq", "row", "rows", "heap", "heaps", "pile", "piles", "first", "last", "vol", "volume", "no",
    "issue", "edition", "ed", "column", "columns", "cell", "cells", "rule", "rules", "case",
    "cases", "level", "round", "class", "lesson", "session", "week", "problem", "question",
    "exercise", "puzzle", "grade", "slide",
];

/// Labels of a text's numbered parts beyond [`LABELS`]: "Corollary 3.15", "Remark 2".
const PART_LABELS: &[&str] = &[
    "corollary",
    "definition",
    "proposition",
    "remark",
    "appendix",
    "note",
    "claim",
    "conjecture",
];

/// Returns the values of every whole number written in `text`, in digits or words, with
/// no regard to what it counts: what a read claim or a computed value shows.
pub fn all_values(text: &str) -> Vec<u128> {
    let lower = text.to_lowercase();
    let mut out: Vec<u128> = lower
        .split(|c: char| !c.is_ascii_digit() && c != ',')
        .filter_map(|d| d.replace(',', "").parse().ok())
        .collect();
    for (w, value) in number_words() {
        if let Some(v) = value
            && !find_phrases(&lower, w).is_empty()
        {
            out.push(v);
        }
    }
    if !find_phrases(&lower, "one").is_empty() {
        out.push(1);
    }
    if text.contains(['ω', 'α']) {
        out.push(ORDINAL_READ);
    }
    out
}

/// Returns false only where [`numbers_in`] finds nothing in `text`: ASCII text with no
/// digit and no word that starts a number word. A cheap test most prose fails.
pub fn may_hold_value(text: &str) -> bool {
    number_word_may_start(text, true)
}

/// Returns false only where no number word stands at word bounds in `text`: no run of
/// ASCII letters is the first word of one. With `values`, a digit or a character outside
/// ASCII also answers true.
fn number_word_may_start(text: &str, values: bool) -> bool {
    // The first words of the number words by length and first letter: a number word found
    // at word bounds starts with a whole ASCII word ("per" of "per cent"), so comparing
    // words suffices, and each word meets a candidate or two. `letters[len]` has bit `l`
    // set where a first word of that length starts with letter `l`: most words stop there.
    struct Starts {
        by: Vec<[Vec<&'static str>; 26]>,
        letters: Vec<u32>,
    }
    static STARTS: OnceLock<Starts> = OnceLock::new();
    let starts = STARTS.get_or_init(|| {
        let mut by: Vec<[Vec<&'static str>; 26]> = Vec::new();
        for w in number_words().map(|(w, _)| w).chain(["one"]) {
            let first = w.split(' ').next().unwrap_or(w);
            let Some(letter) = first.bytes().next().filter(u8::is_ascii_lowercase) else {
                continue;
            };
            if by.len() <= first.len() {
                by.resize_with(first.len() + 1, Default::default);
            }
            by[first.len()][usize::from(letter - b'a')].push(first);
        }
        let letters = by
            .iter()
            .map(|row| {
                (0..26)
                    .filter(|&l| !row[l].is_empty())
                    .map(|l| 1 << l)
                    .sum()
            })
            .collect();
        Starts { by, letters }
    });
    let bytes = text.as_bytes();
    // Digits and characters outside ASCII, 32 bytes at a time without a branch each.
    if values
        && bytes.chunks(32).any(|c| {
            c.iter()
                .fold(false, |a, &b| a | (b >= 0x80) | b.is_ascii_digit())
        })
    {
        return true;
    }
    bytes
        .split(|b| !b.is_ascii_alphabetic())
        .filter(|word| !word.is_empty())
        .any(|word| {
            let letter = usize::from(word[0].to_ascii_lowercase() - b'a');
            starts
                .letters
                .get(word.len())
                .is_some_and(|&l| l & (1 << letter) != 0)
                && starts.by[word.len()][letter]
                    .iter()
                    .any(|w| w.as_bytes().eq_ignore_ascii_case(word))
        })
}

/// Returns the first number in `text` a reader takes as a value (see [`numbers_in`]).
pub fn number_in(text: &str) -> Option<Range<usize>> {
    numbers_in(text)
        .into_iter()
        .map(|(r, _)| r)
        .min_by_key(|r| r.start)
}

/// Returns the numbers in `text` a reader takes as values, with their values where they
/// are whole numbers: digits (not a year in a citation, not a label's number such as
/// "chapter 4", not a digit inside an expression with a letter variable such as
/// `2^(2^k)` or `n + 1`), number words, fractions and percentages, star values, ω and α.
pub fn numbers_in(text: &str) -> Vec<(Range<usize>, Option<u128>)> {
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        return numbers_in_exact(text);
    }
    numbers_in_exact(&lower)
}

fn numbers_in_exact(text: &str) -> Vec<(Range<usize>, Option<u128>)> {
    let bytes = text.as_bytes();
    let structure = STRUCTURES.iter().any(|p| text.contains(p));
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'_') {
                i += 1;
            }
            // Thousands separators: "1,500" is one number.
            while text[i..].starts_with(',')
                && text[i + 1..].len() >= 3
                && text.as_bytes()[i + 1..i + 4].iter().all(u8::is_ascii_digit)
                && !text.as_bytes().get(i + 4).is_some_and(u8::is_ascii_digit)
            {
                i += 4;
            }
            // Inside a word or name (`x2`, `G2`), or a decimal's tail: not a value.
            // A group after a thousands separator, "1,500", is part of the number before.
            let grouped = text[..start].ends_with(',')
                && text[..start - 1].ends_with(|c: char| c.is_ascii_digit())
                && i - start == 3;
            let inside = grouped
                || text[..start]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '_');
            if !inside
                && digits_are_a_value(text, start..i)
                && a_value_here(text, start..i, structure)
            {
                out.push((
                    start..i,
                    text[start..i].replace(['_', ','], "").parse().ok(),
                ));
            }
        } else {
            i += 1;
        }
    }
    // Most sentences hold no number word: say so before searching for each.
    let words = number_word_may_start(text, false);
    for (w, value) in number_words().filter(|_| words) {
        for r in find_phrases(text, w) {
            if a_value_here(text, r.clone(), structure) {
                out.push((r, value));
            }
        }
    }
    // "sixty-four": a tens word and a unit joined by a hyphen, which `find_phrases` takes
    // for one word.
    let word_end = |c: char| !c.is_alphanumeric() && c != '-' && c != '_';
    for (k, tens) in TENS.iter().enumerate().filter(|_| words) {
        let value = 20 + 10 * k as u128;
        for (at, _) in text.match_indices(tens) {
            let bounded = text[..at].chars().next_back().is_none_or(word_end);
            let Some(rest) = text[at + tens.len()..].strip_prefix('-') else {
                continue;
            };
            let unit = UNITS[1..10].iter().position(|u| {
                rest.strip_prefix(u)
                    .is_some_and(|after| after.chars().next().is_none_or(word_end))
            });
            if let (true, Some(u)) = (bounded, unit) {
                let r = at..at + tens.len() + 1 + UNITS[u + 1].len();
                if a_value_here(text, r.clone(), structure) {
                    out.push((r, Some(value + u as u128 + 1)));
                }
            }
        }
    }
    // "a third of", "one quarter of": a fraction, where the ordinal word alone is no
    // number ("the third heap").
    for part in ["third", "quarter", "fifth", "sixth", "tenth"] {
        if !text.contains(part) {
            continue;
        }
        for r in find_phrases(text, part) {
            let before = text[..r.start].trim_end();
            let lead = ["a", "one", "an"].iter().any(|w| {
                before.ends_with(w)
                    && before[..before.len() - w.len()]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !c.is_alphanumeric())
            });
            // "one third of⏎all": "of" may end its line.
            let of = text[r.end..]
                .trim_start()
                .strip_prefix("of")
                .is_some_and(|rest| rest.starts_with(char::is_whitespace));
            if lead && of {
                out.push((r, None));
            }
        }
    }
    // "one" is a number only where it is a value: "is one", "of one".
    let ones = if words {
        find_phrases(text, "one")
    } else {
        Vec::new()
    };
    for r in ones {
        let before = text[..r.start].trim_end();
        let value = [
            "is", "equals", "are", "be", "of", "to", "gives", "makes", "yields",
        ]
        .iter()
        .any(|w| {
            before.ends_with(w)
                && before[..before.len() - w.len()]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric())
        });
        // "of one heap", "one or two tokens": a quantity, not a value.
        let next = text[r.end..]
            .trim_start()
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .next()
            .unwrap_or("");
        let pronoun = !next.is_empty()
            && !matches!(next, "is" | "and" | "equals" | "in" | "for" | "at")
            && !next.starts_with(|c: char| c.is_ascii_digit());
        if value && !pronoun {
            out.push((r, Some(1)));
        }
    }
    // ω and α are values where a sentence says what they are or what they equal ("ω is a
    // cube root of 2", "the order of ω is 9"); elsewhere they name an element ("the field
    // that ω generates").
    for (i, c) in text.char_indices() {
        if c == 'ω' || c == 'α' {
            let before = text[..i].trim_end();
            let after = text[i + c.len_utf8()..].trim_start();
            // "the field of ω": the field it generates, named.
            let power = ["powers of", "power of", "field of"]
                .iter()
                .any(|w| before.ends_with(w));
            let stated = !power
                && ["is", "are", "equals", "of", "be", "gives"]
                    .iter()
                    .any(|w| before.ends_with(w))
                || after.starts_with("is ")
                || after.starts_with("has ");
            if stated {
                out.push((i..i + c.len_utf8(), None));
            }
        }
    }
    out.sort_by_key(|(r, _)| r.start);
    out
}

/// Words before a number that make it a bound of a range rather than a value, unless the
/// sentence says what the range forms ("the nimbers below 8 form a field").
const BOUNDS: &[&str] = &[
    "below", "under", "above", "beyond", "past", "than", "to", "from",
];

/// Verbs after which "to" brings a value, not the end of a range: "comes to 7", "adds up
/// to 7", "is equal to 7".
const VALUE_TO: &[&str] = &[
    "come",
    "comes",
    "came",
    "coming",
    "amount",
    "amounts",
    "amounted",
    "equal",
    "add up",
    "adds up",
    "added up",
    "sum up",
    "sums up",
    "work out",
    "works out",
    "worked out",
    "reduce",
    "reduces",
    "reduced",
    "evaluates",
    "simplifies",
    "drops",
    "falls",
    "rises",
    "goes",
    "back",
    "return",
    "returns",
    "returned",
    "returning",
    "maps",
    "corresponds",
    "is set",
    "are set",
];

/// Returns whether `before`, lowercase and trimmed, ends in "to" after a verb of
/// [`VALUE_TO`].
fn value_to(before: &str) -> bool {
    let Some(head) = before.strip_suffix("to") else {
        return false;
    };
    let head = head.trim_end();
    head.len() < before.len() - 2
        && VALUE_TO.iter().any(|v| {
            head.strip_suffix(v)
                .is_some_and(|b| b.chars().next_back().is_none_or(|c| !c.is_alphanumeric()))
        })
}

/// Returns whether `before`, the text before a number, ends in a bound word and the unit
/// of the positions bounded, so the number bounds a range: "up to heap size", "below heap
/// size", "from a row of" when `after` goes on "to …", "to a row of" after such a "from".
/// "Take 3 from the heap of 9" names a heap, and "from heap size 71" where a period starts.
fn unit_bound(before: &str, after: &str) -> bool {
    const UNIT: [&str; 12] = [
        "heap", "heaps", "row", "rows", "size", "sizes", "length", "of", "a", "the", "pile",
        "piles",
    ];
    let words: Vec<String> = before
        .rsplit(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(12)
        .map(str::to_lowercase)
        .collect();
    let units = words
        .iter()
        .take_while(|w| UNIT.contains(&w.as_str()))
        .count();
    let unit = &words[..units];
    if !unit
        .iter()
        .any(|w| !matches!(w.as_str(), "of" | "a" | "the"))
    {
        return false;
    }
    let bound = words.get(units).map_or("", String::as_str);
    let sized = unit
        .iter()
        .any(|w| matches!(w.as_str(), "size" | "sizes" | "length"));
    let range_on = after.trim_start().starts_with("to ");
    let range_from = words[units..].iter().skip(1).any(|w| w == "from");
    match bound {
        "to" if words.get(units + 1).is_some_and(|w| w == "up") => true,
        "below" | "under" => sized,
        // "from heap size 71" says where a period starts: a value, unless a range goes on.
        "from" => range_on,
        "to" => range_from,
        _ => false,
    }
}

/// Words before "above", "below" or "more than" that make its number the bound a claim
/// states: "no heap has a value above 2", "its value is below 4", "worth more than 3".
const STATES_LIMIT: &[&str] = &[
    "is", "are", "was", "were", "be", "worth", "stay", "stays", "remain", "remains", "go", "goes",
    "rise", "rises",
];

/// Verbs before "a value" that make a bound after it the claim's: "has a value above 2"
/// ("every value below 256" is a range).
const HAS_VALUE: &[&str] = &["has", "have", "had", "takes", "take", "reaches", "gets"];

/// Returns whether `before` (trimmed), ending in the bound word `prev`, says a value lies
/// beyond that bound, not that a range runs to it: "has a value above", "is greater than".
fn bound_stated(before: &str, prev: &str) -> bool {
    if !BOUNDS.contains(&prev) {
        return false;
    }
    let words: Vec<String> = before
        .rsplit(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .skip(1)
        .take(4)
        .map(str::to_lowercase)
        .collect();
    const COMPARATIVES: [&str; 9] = [
        "more", "greater", "larger", "bigger", "higher", "less", "smaller", "lower", "fewer",
    ];
    // "… worth more than 2": the word before the comparative.
    let at = usize::from(
        prev == "than"
            && words
                .first()
                .is_some_and(|w| COMPARATIVES.contains(&w.as_str())),
    );
    let word = |k: usize| words.get(at + k).map_or("", String::as_str);
    STATES_LIMIT.contains(&word(0))
        || (word(0) == "value" && word(1) == "a" && HAS_VALUE.contains(&word(2)))
}

/// Words that say a range forms a structure, which makes its bound a value of the claim.
const STRUCTURES: &[&str] = &[
    "form a field",
    "forms a field",
    "form fields",
    "is a field",
    "are a field",
    "a subfield",
    "closed under",
    "is closed",
    "are closed",
    "not a field",
    "no field",
    "not closed",
];

/// Words before "at most" or "at least" that make its number the value a claim bounds:
/// "the order of any nimber below 16 is at most 15", "has order at least 3".
const STATES_BOUND: &[&str] = &[
    "is", "are", "was", "were", "be", "remains", "stays", "equals", "order", "orders", "degree",
    "value", "values", "worth", "has", "have",
];

/// Words before a count that make it the count of a claim: "has two square roots".
const COUNTING: &[&str] = &[
    "has", "have", "are", "exactly", "only", "just", "were", "had", "there", "all", "fixes", "fix",
    "contains", "contain",
];

/// Returns whether the number at `r` reads as a value in its sentence: not a bound of a
/// range (unless the sentence says what the range forms), not the base of a power ("powers
/// of two", "2-power", "64-bit"), and not a count in a general statement ("any two heaps",
/// "a game for two players"), which a count after "has", "exactly" or "only" is.
fn a_value_here(text: &str, r: Range<usize>, structure: bool) -> bool {
    let before = text[..r.start].trim_end();
    let after = &text[r.end..];
    let last_word = |s: &str| -> String {
        s.trim_end_matches(|c: char| !c.is_alphanumeric())
            .rsplit(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or("")
            .to_string()
    };
    let prev = last_word(before);
    let value = value_to(before) || bound_stated(before, &prev);
    if BOUNDS.contains(&prev.as_str()) && !structure && !value {
        return false;
    }
    // "heap sizes 0 to 299": the start of a range of what is listed; "up to heap size
    // 299", "from a row of 0 to …": a bound said with its unit.
    let listed = [
        "sizes", "lengths", "heaps", "rows", "values", "nimbers", "elements",
    ];
    let to = after
        .strip_prefix(" to ")
        .is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit()));
    let listed = to && listed.contains(&prev.to_lowercase().as_str());
    if !structure && !value && (listed || unit_bound(before, after)) {
        return false;
    }
    // "a heap of at most 3 tokens" bounds a range; "the order is at most 15" states one.
    if let Some(bound) = ["at most", "at least"]
        .iter()
        .find(|b| before.ends_with(**b))
    {
        let head = before[..before.len() - bound.len()].trim_end();
        return structure || STATES_BOUND.contains(&last_word(head).to_lowercase().as_str());
    }
    if !value && before.ends_with("up to") {
        return structure;
    }
    // "powers of two", "the field of sixteen", "the field with 16 elements": names.
    let named = |w: &str| {
        (prev == "of" || prev == "with")
            && before
                .strip_suffix(prev.as_str())
                .is_some_and(|b| b.trim_end().ends_with(w))
    };
    if named("power")
        || named("powers")
        || named("field")
        || named("fields")
        || after.starts_with('-') && after[1..].starts_with(|c: char| c.is_alphabetic())
    {
        return false;
    }
    // A count of things: the number before a plural noun, perhaps after one adjective, or
    // the first numbers of a list of counts, "1, 3 or 4 tokens".
    let list_end = after
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == ',' || c == ' ')
        .trim_start();
    let after = match list_end
        .strip_prefix("or ")
        .or_else(|| list_end.strip_prefix("and "))
    {
        Some(rest) if rest.trim_start().starts_with(|c: char| c.is_ascii_digit()) => rest
            .trim_start()
            .trim_start_matches(|c: char| c.is_ascii_digit()),
        // "two or five tokens": the list in words.
        Some(rest) => {
            let rest = rest.trim_start();
            let word = number_words().map(|(w, _)| w).find(|w| {
                rest.strip_prefix(w)
                    .is_some_and(|r| r.starts_with(|c: char| !c.is_alphanumeric() && c != '-'))
            });
            word.map_or(after, |w| &rest[w.len()..])
        }
        _ => after,
    };
    let mut next = after
        .split(|c: char| !c.is_alphanumeric() && c != '-' && c != '\'')
        .filter(|w| !w.is_empty());
    let plural = |w: &str| {
        w.len() > 3
            && w.ends_with('s')
            && !w.ends_with("ss")
            && ![
                "thus", "plus", "minus", "times", "equals", "gives", "yields", "makes", "does",
                "comes", "goes", "lies", "stands", "leaves", "takes", "holds", "wins", "loses",
                "repeats", "becomes", "remains", "means", "reads", "shows", "appears", "occurs",
                "belongs", "exists", "survives", "vanishes", "returns", "fails", "seems",
            ]
            .contains(&w)
    };
    // A fraction or a percentage is a value: "two thirds of", "50 percent".
    let first_after = after.trim_start();
    if [
        "half", "halves", "third", "quarter", "fifth", "percent", "per cent", "%",
    ]
    .iter()
    .any(|f| first_after.starts_with(f))
    {
        return true;
    }
    // An argument, "kayles(10)", is no count.
    if first_after.starts_with(')') {
        return true;
    }
    // "knock down exactly two adjacent pins": the size of a move, which a game's rule
    // states, not a value.
    if ["adjacent ", "neighbouring ", "neighboring ", "consecutive "]
        .iter()
        .any(|w| first_after.starts_with(w))
    {
        return false;
    }
    if names_no_value(before, &prev, &text[r.clone()], first_after) {
        return false;
    }
    let (w1, w2) = (next.next(), next.next());
    // "all three heaps": a position's heaps, not a count the sentence claims.
    if prev == "all" && [w1, w2].iter().flatten().any(|w| UNIT_WORDS.contains(w)) {
        return false;
    }
    let count = match (w1, w2) {
        (Some(a), _) if plural(a) => true,
        // A colon ends what the number counts: "order 1: 4 elements" states an order.
        (Some(a), Some(b)) if plural(b) && !plural(a) && !first_after.starts_with([':', ';']) => {
            !matches!(
                a,
                "is" | "are"
                    | "and"
                    | "or"
                    | "the"
                    | "in"
                    | "on"
                    | "to"
                    | "of"
                    | "with"
                    | "has"
                    | "have"
                    | "was"
                    | "were"
            )
        }
        _ => false,
    };
    // "a row of 12 pins", "heaps of 3 and 5 counters": a position's size, which states a
    // fact with a notion beside it ("… is lost"), though it counts pins.
    let unit_of = prev == "of"
        && UNIT_WORDS.contains(&last_word(before.strip_suffix("of").unwrap_or("")).as_str());
    if count && move_size(before) {
        return false;
    }
    // "The sheet had twelve questions": a count of everyday things states no fact.
    let everyday = [w1, w2]
        .iter()
        .flatten()
        .find(|w| plural(w))
        .is_some_and(|w| EVERYDAY_NOUNS.contains(w));
    // "so 25 losses among the heaps below 100": a count of what a notion names is a
    // value wherever it stands, unless it picks out some of them ("the first 20 losses").
    let counted = [w1, w2]
        .iter()
        .flatten()
        .find(|w| plural(w))
        .is_some_and(|w| COUNTED_NOTIONS.contains(w) || *w == "moves" && w1 == Some("winning"))
        && !["first", "last", "next", "these", "those"].contains(&prev.as_str());
    if count && !unit_of {
        return (COUNTING.contains(&prev.as_str()) || counted) && !everyday;
    }
    true
}

/// Plural nouns of notions whose count is a fact wherever it stands: "26 losses", "two
/// P-positions" (and "four winning moves").
const COUNTED_NOTIONS: [&str; 6] = [
    "losses",
    "p-positions",
    "n-positions",
    "exceptions",
    "subfields",
    "wins",
];

/// Verbs that choose a nimber to speak of ("Take the nimber 4"), which state nothing of it.
pub(crate) const CHOOSING: [&str; 5] = ["take", "consider", "pick", "choose", "fix"];

/// Plural nouns of everyday things, whose count after "has" or "had" is no claim: "the
/// sheet had twelve questions", "the course has 84 pages".
const EVERYDAY_NOUNS: &[&str] = &[
    "answers",
    "chapters",
    "copies",
    "days",
    "exercises",
    "hours",
    "lectures",
    "lines",
    "marks",
    "minutes",
    "pages",
    "people",
    "problems",
    "questions",
    "readers",
    "scripts",
    "sections",
    "sheets",
    "slides",
    "students",
    "weeks",
    "words",
    "years",
];

/// Returns whether `number` between `before` (whose last word is `prev`) and `after`
/// describes rather than states: a move that splits "in two", a board "8 by 8", a game's
/// code "the game 0.34", or a kind of position, "a position of nim-sum zero".
fn names_no_value(before: &str, prev: &str, number: &str, after: &str) -> bool {
    let words: Vec<&str> = before
        .rsplit(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|w| !w.is_empty())
        .take(5)
        .collect();
    let split = [
        "split",
        "splits",
        "splitting",
        "cut",
        "cuts",
        "divide",
        "divides",
        "break",
        "breaks",
        "breaking",
    ];
    if matches!(prev, "in" | "into") && words.iter().skip(1).take(3).any(|w| split.contains(w)) {
        return true;
    }
    // "a board of 8 by 8 squares": the first side of a count of squares (the second is a
    // count already).
    if let Some(rest) = after.strip_prefix("by ")
        && rest.starts_with(|c: char| c.is_ascii_digit())
    {
        let rest = rest
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start();
        if rest.starts_with("squares") || rest.starts_with("cells") {
            return true;
        }
    }
    // "Take the nimber 4", "consider the element 6": a nimber chosen, which states nothing.
    let chooses = |w: &str| CHOOSING.iter().any(|c| c.eq_ignore_ascii_case(w));
    if words.iter().take(3).any(|w| chooses(w))
        && (chooses(prev) || matches!(prev, "nimber" | "element" | "the"))
    {
        return true;
    }
    // "the game 0.34", "code 0.77": an octal code.
    // Not a number that ends its sentence: "… are 4 and 9."
    let code = after
        .strip_prefix('.')
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
    if matches!(prev, "game" | "games" | "code" | "codes" | "and") && code {
        return true;
    }
    // "a position of nim-sum zero", "any heap with value 0": the losing positions.
    if number != "0" && number != "zero" {
        return false;
    }
    let kind = match words.as_slice() {
        ["value", "grundy", link, noun, det, ..] | ["nim-sum" | "value", link, noun, det, ..] => {
            Some((*link, *noun, *det))
        }
        _ => None,
    };
    kind.is_some_and(|(link, noun, det)| {
        matches!(link, "of" | "with")
            && matches!(det, "a" | "an" | "any" | "every" | "each" | "some")
            && (UNIT_WORDS.contains(&noun) || matches!(noun, "position" | "positions"))
    })
}

/// Returns whether a count that follows `before` is the size of a move, which a game's
/// rule states: "every move knocks down exactly two pins", "a move takes two, four or
/// seven tokens".
fn move_size(before: &str) -> bool {
    const VERBS: [&str; 10] = [
        "knocks down",
        "knock down",
        "knocks over",
        "knock over",
        "removes",
        "remove",
        "takes",
        "take",
        "takes away",
        "take away",
    ];
    let mut head = before.trim_end();
    // Past the list of sizes and a word that qualifies it: "exactly", "two, four or".
    loop {
        let t = head.trim_end_matches([',', ' ']);
        let word_start = t
            .char_indices()
            .rev()
            .find(|&(_, c)| !c.is_alphanumeric() && c != '-')
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = t[word_start..].to_lowercase();
        let skip = matches!(
            word.as_str(),
            "exactly" | "only" | "just" | "either" | "or" | "and"
        ) || (!word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()))
            || number_words().any(|(w, _)| w == word);
        if !skip || word_start == 0 {
            head = t;
            break;
        }
        head = &t[..word_start];
    }
    let head = head.to_lowercase();
    VERBS.iter().any(|v| {
        head.strip_suffix(v)
            .is_some_and(|b| b.is_empty() || b.ends_with(' '))
    })
}

/// Returns whether the number at `n` stands at an arrow, a map's or a move's ("9 → 5",
/// "4 ↦ 6"): a fact of the notion its sentence names, whatever stands between.
fn arrowed(text: &str, n: &Range<usize>) -> bool {
    const ARROWS: [&str; 3] = ["→", "↦", "->"];
    let (Some(before), Some(after)) = (text.get(..n.start), text.get(n.end..)) else {
        return false;
    };
    ARROWS
        .iter()
        .any(|a| before.trim_end().ends_with(a) || after.trim_start().starts_with(a))
}

/// Returns whether the number at `n` is one of a list of positions' sizes: "heaps of 1, 2
/// and 4", "the heaps 2, 7 and 4", "the position (1, 4, 5)".
fn listed(text: &str, n: &Range<usize>) -> bool {
    let mut before = text[..n.start].trim_end();
    // Back over the numbers listed before this one.
    while let Some(rest) = before
        .strip_suffix(',')
        .or_else(|| before.strip_suffix(" and"))
        .or_else(|| before.strip_suffix(" or"))
        .map(str::trim_end)
        .filter(|r| r.ends_with(|c: char| c.is_ascii_digit()))
    {
        before = rest
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .trim_end();
    }
    let before = before.strip_suffix('(').unwrap_or(before).trim_end();
    let before = before.strip_suffix(" of").unwrap_or(before);
    let word = before
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_lowercase();
    UNIT_WORDS.contains(&word.as_str()) || word == "position" || word == "positions"
}

/// Returns whether the number at `n` is the size of a position: "a row of 12", or one of
/// several listed after it: "heaps of 2, 11 and 14".
fn sized(text: &str, n: &Range<usize>) -> bool {
    let mut before = text[..n.start].trim_end();
    // Back over the numbers listed before this one, a few dozen at most.
    for _ in 0..32 {
        let Some(rest) = [",", " and", " or"]
            .iter()
            .find_map(|j| before.strip_suffix(j))
            .map(|r| r.trim_end().strip_suffix(',').unwrap_or(r).trim_end())
        else {
            break;
        };
        let digits = rest.len() - rest.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            break;
        }
        before = rest[..rest.len() - digits].trim_end();
    }
    before.strip_suffix("of").is_some_and(|b| {
        let b = b.trim_end();
        let word = b
            .rsplit(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or("")
            .to_lowercase();
        b.len() < before.len() && UNIT_WORDS.contains(&word.as_str())
    })
}

/// The nouns of a position whose size follows "of": "a row of 12".
const UNIT_WORDS: &[&str] = &[
    "heap", "heaps", "row", "rows", "pile", "piles", "strip", "strips",
];

/// Returns whether `word` makes a number after it a label: "chapter", "sections",
/// "corollaries".
fn is_label(word: &str) -> bool {
    let labels = || LABELS.iter().chain(PART_LABELS);
    labels().any(|l| *l == word)
        || word
            .strip_suffix('s')
            .is_some_and(|w| labels().any(|l| *l == w))
        || word
            .strip_suffix("ies")
            .is_some_and(|w| labels().any(|l| l.strip_suffix('y') == Some(w)))
}

/// Returns whether `after`, what follows a number's first digits, goes on as a section's
/// number, ".2 the" or ".15:": a dot and digits, then no digit or dot and digit.
fn dotted(after: &str) -> bool {
    let Some(rest) = after.strip_prefix('.') else {
        return false;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let tail = &rest[digits..];
    digits > 0
        && !tail.starts_with(|c: char| c.is_alphanumeric())
        && tail.starts_with([' ', '.', ':', ')'])
        || digits > 0 && tail.is_empty()
}

/// Returns whether `before`, the text before a number, ends a range or list of labels'
/// numbers: "sections 3.4 to", "examples 3.3 and".
fn range_of_labels(before: &str) -> bool {
    let Some(rest) = ["to", "and", "or", "through", "–", "-"]
        .iter()
        .find_map(|w| before.strip_suffix(w))
    else {
        return false;
    };
    let mut words = rest.trim_end().rsplit(' ');
    let number = words.next().unwrap_or("");
    let label = words.next().unwrap_or("");
    number.contains('.')
        && number
            .split('.')
            .all(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        && is_label(label.trim_end_matches('.'))
}

/// Returns whether the digits at `r` are part of a time written with colons, "14:30" or
/// "00:01:40": one or two digits, then one or two groups of two, each below 60.
fn clock_time(text: &str, r: Range<usize>) -> bool {
    let clock = |c: char| c.is_ascii_digit() || c == ':';
    let from = text[..r.start]
        .char_indices()
        .rev()
        .find(|&(_, c)| !clock(c))
        .map_or(0, |(k, c)| k + c.len_utf8());
    let to = text[r.end..]
        .find(|c| !clock(c))
        .map_or(text.len(), |k| r.end + k);
    let parts: Vec<&str> = text[from..to].split(':').collect();
    let minutes = parts.get(1..).is_some_and(|rest| {
        rest.iter()
            .all(|p| p.len() == 2 && p.parse::<u8>().is_ok_and(|v| v < 60))
    });
    (2..=3).contains(&parts.len()) && (1..=2).contains(&parts[0].len()) && minutes
}

/// Returns whether the digits at `r` are a value: not a year in a citation, not a label's
/// number, not part of an expression with a letter variable.
fn digits_are_a_value(text: &str, r: Range<usize>) -> bool {
    let before = text[..r.start].trim_end();
    let after = text[r.end..].trim_start();
    // A label's number: "chapter 4", "p. 12", "§3".
    let last_word: String = before
        .trim_end_matches('.')
        .chars()
        .rev()
        .take_while(|c| c.is_alphabetic())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    if is_label(&last_word) || before.ends_with('§') || before.ends_with('#') {
        return false;
    }
    // A time of day or of a recording: "[00:01:40]", "at 14:30".
    if clock_time(text, r.clone()) {
        return false;
    }
    // A section's number: "3.2 The nim-sum" opening a heading, the last of a range of
    // labels, "Sections 3.4 to 3.7".
    if dotted(&text[r.end..]) && (before.is_empty() || range_of_labels(before)) {
        return false;
    }
    // A year: four digits from 1000 to 2099 beside a name or in brackets.
    let digits = &text[r.clone()];
    if digits.len() == 4
        && (digits.starts_with('1') || digits.starts_with("20"))
        && !after.starts_with(['⊗', '⊕', '=', '*'])
        && !before.ends_with(['⊗', '⊕', '=', '*'])
    {
        return false;
    }
    // Inside an expression with a letter variable: a single letter joined by operators.
    let ops = |c: char| "+-−*^()/{}_,<>=≤≥≠⊗⊕ ".contains(c);
    let lone_letter = |s: &str, forward: bool| -> bool {
        let mut chars: Box<dyn Iterator<Item = (usize, char)>> = if forward {
            Box::new(s.char_indices())
        } else {
            Box::new(s.char_indices().rev())
        };
        let mut seen_op = false;
        loop {
            match chars.next() {
                Some((_, c)) if ops(c) => seen_op |= c != ' ',
                Some((i, c)) if c.is_ascii_alphabetic() => {
                    // "is 3, a member of …": the article, not a variable.
                    if forward && matches!(c, 'a' | 'A') && article_before(&s[i + 1..]) {
                        return false;
                    }
                    let next = chars.next().map(|(_, d)| d);
                    return seen_op && next.is_none_or(|d| !d.is_alphabetic());
                }
                _ => return false,
            }
        }
    };
    let touching = |s: &str| s.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
    if lone_letter(&text[r.end..], true)
        || lone_letter(&text[..r.start], false)
        || touching(&text[r.end..])
            && !text[r.end..].starts_with("th")
            && !text[r.end..].starts_with("st")
            && !text[r.end..].starts_with("nd")
            && !text[r.end..].starts_with("rd")
            && !text[r.end..].starts_with('%')
    {
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_after_an_apostrophe_is_no_game_of_one_letter() {
        let mut lex = builtin().clone();
        lex.add_game(GameWords::new("s", None, None));
        for text in [
            "The society's dinner is on 22 May.",
            "The society’s dinner is on 22 May.",
        ] {
            assert!(lex.unread(text, &[]).is_none(), "{text}");
        }
        assert!(lex.unread("Here s comes to 4 at 9.", &[]).is_some());
    }

    #[test]
    fn the_last_number_of_a_sentence_after_and_is_a_value_and_a_code_is_not() {
        let values =
            |t: &str| -> Vec<Option<u128>> { numbers_in(t).into_iter().map(|(_, v)| v).collect() };
        assert_eq!(values("x is 4 and 9."), [Some(4), Some(9)]);
        assert_eq!(
            values("the codes 0.34 and 0.77"),
            Vec::<Option<u128>>::new()
        );
        // Times with colons are no values.
        assert_eq!(
            values("At 14:30, and [00:01:40]."),
            Vec::<Option<u128>>::new()
        );
    }

    #[test]
    fn a_text_that_cannot_hold_a_value_holds_none() {
        let texts = [
            "The heap has seven tokens.",
            "Fifty percent of them, or 12 per cent.",
            "It is one of them; one is it.",
            "The order of ω is nine",
            "Twenty-Three heaps",
            "A quiet page about the order of a field and its square root.",
            "per cent",
            "Someone left; no bone, no tone.",
        ];
        for t in texts {
            if !numbers_in(t).is_empty() {
                assert!(may_hold_value(t), "{t}");
            }
        }
        assert!(!may_hold_value(texts[5]));
        assert!(!may_hold_value(texts[7]));
        assert!(may_hold_value(texts[0]) && may_hold_value(texts[6]));
        for w in number_words().map(|(w, _)| w).chain(["one"]) {
            assert!(may_hold_value(&format!("so {w}.")), "{w}");
            assert!(may_hold_value(&w.to_uppercase()), "{w}");
        }
    }

    #[test]
    fn notions_are_found_as_whole_words() {
        let lex = Lexicon::builtin();
        assert!(lex.notion_in("The order of 2 is 3.").is_some());
        assert!(lex.notion_in("In order to see it").is_none());
        assert!(lex.notion_in("A borderline case").is_none());
        assert!(lex.notion_in("the Grundy value").is_some());
        let (at, n) = lex.notion_in("so the nim-sum").unwrap();
        assert_eq!(at, 7..14);
        assert!(n.reads.contains("nim-sum"));
    }

    #[test]
    fn a_letter_that_only_starts_a_range_does_not_excuse_the_sentence() {
        let lex = Lexicon::builtin();
        let unread = |s: &str| lex.unread(s, &[]).map(|(_, _, n)| s[n].to_string());
        assert_eq!(
            unread("From n=71 on, the sequence is periodic with period 11.").as_deref(),
            Some("11")
        );
        assert_eq!(
            unread("For n ≥ 60 the period is 12.").as_deref(),
            Some("12")
        );
        // A case set with `=` states the facts of that case.
        assert_eq!(unread("For p = 5 the order is 4.").as_deref(), Some("4"));
        // A letter used again, or set to more than a number, still speaks of a variable.
        assert_eq!(unread("For n ≥ 60, the value at n has period 12."), None);
        assert_eq!(unread("For p = 5 the order of p is 4."), None);
        assert_eq!(unread("From n = 2k on, the period is 12."), None);
    }

    #[test]
    fn a_plural_or_a_participle_names_its_notion() {
        let lex = Lexicon::builtin();
        for s in [
            "Exactly 16 of the nim-products below 16 equal 1.",
            "The two nim sums are 7 and 6.",
            "Their reciprocals are 3 and 2.",
            "Their nim-squares are 3 and 2.",
        ] {
            assert!(lex.unread(s, &[]).is_some(), "{s}");
        }
    }

    #[test]
    fn a_modal_copula_joins_an_operation_to_its_value() {
        let lex = Lexicon::builtin();
        for s in [
            "OK then 20 ⊗ 20 should be 28 by the same kind of reasoning.",
            "Then 20 ⊗ 20 must be 28.",
        ] {
            assert!(lex.unread(s, &[]).is_some(), "{s}");
        }
    }

    #[test]
    fn a_bound_a_value_is_said_to_pass_is_a_value() {
        let lex = Lexicon::builtin();
        for s in [
            "No heap in this game has a value above 2.",
            "A row is never worth more than 3.",
            "Its value is below 4.",
            "The values stay below 4.",
        ] {
            assert!(lex.unread(s, &[]).is_some(), "{s}");
        }
        // A range of the things a sentence speaks of is still a bound.
        for s in [
            "The nimbers greater than 8 are listed.",
            "The values of heaps below 7 are shown.",
            "The order of every nonzero value below 16 is listed.",
        ] {
            assert!(lex.unread(s, &[]).is_none(), "{s}");
        }
    }

    #[test]
    fn a_number_after_a_verb_and_to_is_a_value_not_a_bound() {
        let lex = Lexicon::builtin();
        for s in [
            "Both nim sums come to 7.",
            "The order comes to 7.",
            "The nim-sum of the heaps adds up to 7.",
            "The inverse is equal to 7.",
        ] {
            assert!(lex.unread(s, &[]).is_some(), "{s}");
        }
        // A list of counts in words before a plural is the size of a move, not a value.
        assert!(
            lex.unread("A move takes two or five tokens from one heap.", &[])
                .is_none()
        );
        // The end of a range is still a bound, and "into" is no "to".
        for s in [
            "The nim-sums from 1 to 7 are listed.",
            "The orders of heaps up to 7 are shown.",
            "The order comes into 7 pieces.",
        ] {
            assert!(lex.unread(s, &[]).is_none(), "{s}");
        }
    }

    #[test]
    fn games_add_their_names_and_units() {
        let mut lex = Lexicon::builtin();
        assert!(lex.notion_in("Dawson's chess is old").is_none());
        lex.add_game(GameWords::new(
            "dawson",
            Some("Dawson's chess"),
            Some("file"),
        ));
        assert!(lex.notion_in("Dawson's chess is old").is_some());
        assert_eq!(
            lex.game("dawson's chess").map(|g| g.name.as_str()),
            Some("dawson")
        );
        lex.add_noun("  Board ", "{val}`b(3)`");
        assert!(lex.notion_in("the board").is_some());
    }

    #[test]
    fn numbers_are_values_not_labels_years_or_variables() {
        assert_eq!(number_in("is 12."), Some(3..5));
        assert_eq!(number_in("is twelve"), Some(3..9));
        assert_eq!(numbers_in("is sixty-four"), [(3..13, Some(64))]);
        // Sections' numbers: opening a heading, after a plural label, ending a range.
        assert!(numbers_in("3.2 The nim-sum").is_empty());
        assert!(numbers_in("Sections 3.4 to 3.7 treat the rest.").is_empty());
        assert!(numbers_in("Corollaries 3.15 and 3.16 say so.").is_empty());
        assert_eq!(numbers_in("5 is 2 ⊕ 7").len(), 3);
        assert!(numbers_in("is sixty-fourth").is_empty());
        assert_eq!(number_in("two thirds of them"), Some(0..3));
        assert!(number_in("see chapter 4").is_none());
        assert!(number_in("Conway (1976) wrote").is_none());
        assert!(number_in("below 2^(2^k)").is_none());
        assert!(number_in("for n + 1").is_none());
        assert!(number_in("one of the rows").is_none());
        assert_eq!(number_in("a row of one"), Some(9..12));
        assert_eq!(number_in("the 3rd row"), Some(4..5));
        assert!(number_in("ω is a number").is_some());
    }

    proptest::proptest! {
        #[test]
        fn prop_the_closure_never_panics_on_any_text(
            parts in proptest::collection::vec(proptest::prop_oneof![
                proptest::strategy::Just("takes"), proptest::strategy::Just("knocks down"),
                proptest::strategy::Just("exactly"), proptest::strategy::Just("two"),
                proptest::strategy::Just("7"), proptest::strategy::Just("pins"),
                proptest::strategy::Just("⊗"), proptest::strategy::Just("·"),
                proptest::strategy::Just("ω"), proptest::strategy::Just("∗3"),
                proptest::strategy::Just(","), proptest::strategy::Just("heap"),
                proptest::strategy::Just("Kayles"), proptest::strategy::Just("is"),
                proptest::strategy::Just("value"), proptest::strategy::Just("or"),
            ], 0..16),
            glue in "[ ⊗·,]{0,1}",
        ) {
            let text = parts.join(&glue);
            let _ = Lexicon::builtin().unread(&text, &[]);
            let _ = numbers_in(&text);
        }
    }
}
