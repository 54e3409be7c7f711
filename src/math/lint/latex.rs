//! The LaTeX lexer of the lint: what authors write in `$…$`, turned into the statement
//! language's tokens with spans into the LaTeX.
//!
//! Anything it cannot read becomes an [`Item::Unread`] with a hint, rather than a guess:
//! the lint then reports the span if it looks like a claim, and leaves it alone if not.

use std::ops::Range;

use crate::stmt::{self, Cmp, Tok, Token};

/// A lexed piece of LaTeX.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Item {
    /// A token of the statement language.
    Tok(Token),
    /// Trailing punctuation (`.`, `;`), dropped at the end and unreadable elsewhere.
    Punct(Range<usize>),
    /// Something the language cannot say.
    Unread {
        span: Range<usize>,
        what: String,
        hint: &'static str,
        kind: Unread,
    },
}

/// What an unreadable piece is, for deciding whether the span looks like a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unread {
    /// An operator an author may mean as a nimber operation, such as `*`.
    Operator,
    /// A name the language has no variable for: `\alpha`, `a'`, `a_1`.
    Name,
    /// A big operator over nimbers, `\bigoplus` or `\bigotimes`: a claim, unreadable.
    BigOperator,
    /// Anything else.
    Other,
}

const NAME_HINT: &str = "name each variable with one Latin letter, such as `a` or `x`";

const BIG_HINT: &str = "write the terms out (`1 \\oplus 2 \\oplus 3`), or state it for each term with a bounded quantifier";
const OP_HINT: &str = "write nimber operations with `\\oplus`, `\\otimes`, `^{-1}`, \
     `\\sqrt{…}` or `\\operatorname{inv|mex|ord}`";

/// Splits LaTeX into items, dropping spacing, and trailing `.`, `,` and `;`.
pub(crate) fn lex(src: &str) -> Vec<Item> {
    let mut lx = Lexer {
        src,
        pos: 0,
        out: Vec::new(),
        bars: 0,
    };
    while lx.pos < src.len() {
        lx.step();
    }
    let mut out = lx.out;
    while matches!(
        out.last(),
        Some(
            Item::Punct(_)
                | Item::Tok(Token {
                    tok: Tok::Comma,
                    ..
                })
        )
    ) {
        out.pop();
    }
    out.into_iter()
        .map(|i| match i {
            Item::Punct(span) => Item::Unread {
                what: format!("`{}` inside the math", &src[span.clone()]),
                span,
                hint: "end the claim there, or split it into two spans",
                kind: Unread::Other,
            },
            i => i,
        })
        .collect()
}

struct Lexer<'s> {
    src: &'s str,
    pos: usize,
    out: Vec<Item>,
    /// Bars `|` opened before a set, whose closing bar ends a count.
    bars: usize,
}

impl Lexer<'_> {
    fn rest(&self) -> &str {
        &self.src[self.pos..]
    }

    fn tok(&mut self, tok: Tok, len: usize) {
        self.out
            .push(Item::Tok(Token::new(tok, self.pos..self.pos + len)));
        self.pos += len;
    }

    fn unread(&mut self, len: usize, what: String, hint: &'static str) {
        let span = self.pos..self.pos + len;
        let kind = if hint == NAME_HINT {
            Unread::Name
        } else if hint == BIG_HINT {
            Unread::BigOperator
        } else {
            Unread::Other
        };
        self.out.push(Item::Unread {
            span,
            what,
            hint,
            kind,
        });
        self.pos += len;
    }

    fn step(&mut self) {
        let Some(c) = self.rest().chars().next() else {
            return;
        };
        let len = c.len_utf8();
        match c {
            '\\' => self.command(),
            c if c.is_whitespace() || c == '~' => self.pos += len,
            c if c.is_ascii_digit() => self.number(),
            c if c.is_ascii_alphabetic() => self.letters(),
            '{' if self.rest().starts_with("{,}") => self.unread(
                3,
                "`{,}` outside a number".into(),
                "write the number's digits",
            ),
            '{' | '(' | '[' => self.tok(Tok::LParen, len),
            '}' | ')' | ']' => self.tok(Tok::RParen, len),
            '^' => self.tok(Tok::Caret, len),
            '+' => self.tok(Tok::Plus, len),
            '-' | '−' => self.tok(Tok::Minus, len),
            '/' => self.tok(Tok::Slash, len),
            ',' => self.tok(Tok::Comma, len),
            ':' => self.tok(Tok::Colon, len),
            '.' | ';' => {
                self.out.push(Item::Punct(self.pos..self.pos + len));
                self.pos += len;
            }
            '|' => self.bar(len),
            '=' => self.tok(Tok::Cmp(Cmp::Eq), len),
            '<' if self.rest().starts_with("<=") => self.tok(Tok::Cmp(Cmp::Le), 2),
            '>' if self.rest().starts_with(">=") => self.tok(Tok::Cmp(Cmp::Ge), 2),
            '<' => self.tok(Tok::Cmp(Cmp::Lt), len),
            '>' => self.tok(Tok::Cmp(Cmp::Gt), len),
            '!' if self.rest().starts_with("!=") => self.tok(Tok::Cmp(Cmp::Ne), 2),
            _ => self.unicode(c),
        }
    }

    fn unicode(&mut self, c: char) {
        let len = c.len_utf8();
        let tok = match c {
            '⊗' | '⨂' => Tok::NimProd,
            '⊕' | '⨁' => Tok::NimSum,
            '×' | '·' | '⋅' => Tok::Times,
            '÷' | '∕' => Tok::Slash,
            '≠' => Tok::Cmp(Cmp::Ne),
            '≤' | '⩽' => Tok::Cmp(Cmp::Le),
            '≥' | '⩾' => Tok::Cmp(Cmp::Ge),
            '∀' => Tok::Forall,
            '∃' => Tok::Exists,
            '∈' => Tok::In,
            'ω' => Tok::Omega,
            '∅' => return self.empty_set(len),
            '_' => return self.unread(len, "a subscript".into(), NAME_HINT),
            '\'' => return self.unread(len, "a prime".into(), NAME_HINT),
            '*' => {
                let what = "`*`, which LaTeX shows as an asterisk".into();
                let hint = "write `\\otimes` for the nim-product or `\\ast n` for a star value";
                self.unread(len, what, hint);
                if let Some(Item::Unread { kind, .. }) = self.out.last_mut() {
                    *kind = Unread::Operator;
                }
                return;
            }
            c => return self.unread(len, format!("`{c}`"), OP_HINT),
        };
        self.tok(tok, len);
    }

    /// Reads digits with digit groups `65\,536` and `65{,}536` as one number.
    fn number(&mut self) {
        let start = self.pos;
        let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
        let first = digits(self.rest());
        let mut end = start + first;
        let mut text = self.src[start..end].to_string();
        while first <= 3
            && let Some(sep) = ["\\,", "{,}", "\\;", "\\ "]
                .into_iter()
                .find(|s| self.src[end..].starts_with(s))
        {
            let after = &self.src[end + sep.len()..];
            if digits(after) != 3 {
                break;
            }
            text.push_str(&after[..3]);
            end += sep.len() + 3;
        }
        self.out
            .push(Item::Tok(Token::new(Tok::Num(text), start..end)));
        self.pos = end;
    }

    /// Reads a function name written without `\operatorname`, or one letter.
    fn letters(&mut self) {
        let run = self
            .rest()
            .bytes()
            .take_while(u8::is_ascii_alphabetic)
            .count();
        let word = &self.rest()[..run];
        if stmt::is_function(word) {
            return self.tok(Tok::Ident(word.to_string()), run);
        }
        let letter = self.rest()[..1].to_string();
        self.tok(Tok::Ident(letter), 1);
    }

    fn command(&mut self) {
        let rest = &self.rest()[1..];
        let name_len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
        if name_len == 0 {
            return self.symbol_command(rest.chars().next());
        }
        let name = rest[..name_len].to_string();
        let len = 1 + name_len;
        if name == "alpha" && rest[name_len..].starts_with('_') {
            return self.subscripted("alpha", len);
        }
        if let Some(tok) = command_token(&name) {
            return self.tok(tok, len);
        }
        match name.as_str() {
            "emptyset" | "varnothing" => self.empty_set(len),
            "quad" | "qquad" | "enspace" | "thinspace" | "medspace" | "thickspace"
            | "displaystyle" | "textstyle" | "big" | "Big" | "bigg" | "Bigg" | "bigl" | "bigr"
            | "Bigl" | "Bigr" | "biggl" | "biggr" | "Biggl" | "Biggr" | "left" | "right" => {
                self.pos += len;
                if matches!(name.as_str(), "left" | "right") && self.rest().starts_with('.') {
                    self.pos += 1;
                }
            }
            "not" => self.not(len),
            "lvert" | "rvert" | "vert" => self.bar(len),
            "frac" | "tfrac" | "dfrac" => self.frac(len),
            "operatorname" | "mathrm" | "mathbf" | "mathit" | "mathtt" | "mathsf" | "text"
            | "textrm" | "textbf" | "textit" | "mbox" | "boldsymbol" | "mathbb" | "mathcal"
            | "mathfrak" | "mathscr" => self.styled(&name, len),
            // An equation's number or label is no part of its claim.
            "tag" | "label" => {
                self.pos += len;
                if name == "tag" && self.rest().starts_with('*') {
                    self.pos += 1;
                }
                let _ = self.group();
            }
            "nonumber" | "notag" => self.pos += len,
            _ => {
                let (what, hint) = unknown_command(&name);
                self.unread(len, what, hint);
            }
        }
    }

    /// Reads the empty set `∅` as the set `{}` it is, so `mex(∅) = 0` is read.
    fn empty_set(&mut self, len: usize) {
        let span = self.pos..self.pos + len;
        self.out
            .push(Item::Tok(Token::new(Tok::LBrace, span.clone())));
        self.out.push(Item::Tok(Token::new(Tok::RBrace, span)));
        self.pos += len;
    }

    /// Reads `\alpha_7` and `\alpha_{7}` as the call `alpha(7)`, as statements render it.
    fn subscripted(&mut self, function: &str, len: usize) {
        self.tok(Tok::Ident(function.to_string()), len);
        let under = self.pos;
        self.pos += 1;
        let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let end = self.pos + digits;
            let num = Tok::Num(self.src[self.pos..end].to_string());
            self.out
                .push(Item::Tok(Token::new(Tok::LParen, under..under + 1)));
            self.out.push(Item::Tok(Token::new(num, self.pos..end)));
            self.out.push(Item::Tok(Token::new(Tok::RParen, end..end)));
            self.pos = end;
        }
    }

    fn symbol_command(&mut self, c: Option<char>) {
        match c {
            Some(',' | ';' | ':' | '!' | ' ') => self.pos += 2,
            Some('{') => self.tok(Tok::LBrace, 2),
            Some('}') => self.tok(Tok::RBrace, 2),
            Some(c) => {
                let len = 1 + c.len_utf8();
                self.unread(len, format!("`\\{c}`"), OP_HINT)
            }
            None => self.unread(1, "a lone `\\`".into(), OP_HINT),
        }
    }

    /// Reads `\frac{a}{b}` as `(a) / (b)`, the quotient the statement language reads two
    /// ways (see `stmt::parser`).
    fn frac(&mut self, len: usize) {
        let start = self.pos;
        self.pos += len;
        let mut parts = Vec::new();
        for _ in 0..2 {
            match self.frac_part() {
                Some(part) => parts.push(part),
                None => {
                    self.pos = start;
                    let what = "a fraction without its two `{…}` parts".into();
                    return self.unread(len, what, OP_HINT);
                }
            }
        }
        // The fraction is one operand, as its bar shows: `\frac{1}{2}^{2}` squares it whole.
        self.out
            .push(Item::Tok(Token::new(Tok::LParen, start..start)));
        for (i, (inner, braces)) in parts.into_iter().enumerate() {
            if i == 1 {
                let at = braces.start..braces.start;
                self.out.push(Item::Tok(Token::new(Tok::Slash, at)));
            }
            // A group's braces are its brackets; a single character has empty ones.
            let brace = usize::from(braces.len() > inner.len());
            let open = if i == 0 { start } else { braces.start };
            let close = braces.end - brace..braces.end;
            self.out.push(Item::Tok(Token::new(
                Tok::LParen,
                open..braces.start + brace,
            )));
            let shift = braces.start + brace;
            self.out
                .extend(lex(&inner).into_iter().map(|item| shifted(item, shift)));
            self.out.push(Item::Tok(Token::new(Tok::RParen, close)));
        }
        self.out
            .push(Item::Tok(Token::new(Tok::RParen, self.pos..self.pos)));
    }

    /// Reads one part of a fraction: a `{…}` group, or a single digit or letter as in
    /// `\frac12`; returns its content and span.
    fn frac_part(&mut self) -> Option<(String, Range<usize>)> {
        if let Some(group) = self.group() {
            return Some(group);
        }
        let spaces = self.rest().len() - self.rest().trim_start().len();
        let at = self.pos + spaces;
        let c = self.src[at..].chars().next()?;
        if !c.is_ascii_alphanumeric() {
            return None;
        }
        self.pos = at + 1;
        Some((c.to_string(), at..at + 1))
    }

    /// Reads a bar: before a set (`|\{a < 16 : …\}|`) it opens the count of the set, as
    /// `count{…}`; after the set it closes it. Any other bar cannot be read.
    fn bar(&mut self, len: usize) {
        let after = self.src[self.pos + len..].trim_start();
        let set = ["\\{", "\\left\\{", "\\lbrace", "\\left\\lbrace"]
            .iter()
            .any(|s| after.starts_with(s));
        let closes = self.bars > 0
            && matches!(
                self.out.last(),
                Some(Item::Tok(Token {
                    tok: Tok::RBrace,
                    ..
                }))
            );
        if set {
            self.bars += 1;
            self.tok(Tok::Ident("count".into()), len);
        } else if closes {
            self.bars -= 1;
            self.pos += len;
        } else {
            let hint =
                "write the size of a set as `|\\{a < 16 : …\\}|`, or state the claim without bars";
            self.unread(len, "a bar `|`".into(), hint);
        }
    }

    /// Reads `\not=` as `≠`.
    fn not(&mut self, len: usize) {
        let after = &self.rest()[len..];
        let spaces = after.len() - after.trim_start().len();
        if after.trim_start().starts_with('=') {
            self.tok(Tok::Cmp(Cmp::Ne), len + spaces + 1);
        } else {
            let hint = "write `\\neq` for `≠`; other negations cannot be checked";
            self.unread(len, "`\\not` before something other than `=`".into(), hint);
        }
    }

    /// Reads `{…}` after a command, returning its content and span, or `None` (and
    /// nothing consumed) when no group follows.
    fn group(&mut self) -> Option<(String, Range<usize>)> {
        let spaces = self.rest().len() - self.rest().trim_start().len();
        let open = self.pos + spaces;
        if !self.src[open..].starts_with('{') {
            return None;
        }
        let mut depth = 0;
        for (i, c) in self.src[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                let inner = self.src[open + 1..open + i].to_string();
                self.pos = open + i + 1;
                return Some((inner, open..open + i + 1));
            }
        }
        None
    }

    /// Reads `\operatorname{inv}`, `\mathbf{2}`, `\text{ }` and the like.
    fn styled(&mut self, name: &str, len: usize) {
        let start = self.pos;
        self.pos += len;
        let Some((inner, braces)) = self.group() else {
            self.pos = start;
            let what = format!("`\\{name}` without a `{{…}}` group");
            return self.unread(len, what, OP_HINT);
        };
        let span = start..self.pos;
        // A style around mathematics shows the mathematics: "\mathrm{4 \otimes 4}" and
        // "\text{2 ⊗ 2 = 2}" are read as what they hold, when no word stands in them.
        if name != "operatorname" && !has_word(&inner) {
            let items = lex(&inner);
            if items
                .iter()
                .any(|i| matches!(i, Item::Tok(t) if !matches!(t.tok, Tok::Num(_) | Tok::Ident(_))))
            {
                let shift = braces.start + 1;
                self.out
                    .extend(items.into_iter().map(|item| shifted(item, shift)));
                return;
            }
        }
        let clean: String = inner
            .replace("\\,", "")
            .replace("{,}", "")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let tok = match clean.as_str() {
            "" => return,
            s if stmt::is_function(s) => Tok::Ident(clean),
            // A game the page defines, called (`\operatorname{kayles}(10)`) or named in
            // `period(\mathrm{kayles})`: the engine binds it, or says no game has that name.
            s if self.game_name_here(s) => Tok::Ident(clean),
            // `\operatorname{count}\{a < 16 : …\}`, as a count renders.
            "count" if self.rest().trim_start().starts_with("\\{") => Tok::Ident(clean),
            s if s.bytes().all(|b| b.is_ascii_digit()) => Tok::Num(clean),
            s if name == "mathtt" && s.starts_with("0x") => Tok::Num(clean),
            s if s.len() == 1 && s.bytes().all(|b| b.is_ascii_alphabetic()) => Tok::Ident(clean),
            _ if name == "operatorname" => {
                let what = format!("unknown function `{}`", inner.trim());
                let hint = "the functions are inv, sqrt, ord, mex, deg, alpha, excess and rem";
                let kind = Unread::Other;
                self.out.push(Item::Unread {
                    span,
                    what,
                    hint,
                    kind,
                });
                return;
            }
            _ => {
                let what = format!("the words `{}`", inner.trim());
                let hint = "keep words outside the math, and state the claim alone in `$…$`";
                let kind = Unread::Other;
                self.out.push(Item::Unread {
                    span,
                    what,
                    hint,
                    kind,
                });
                return;
            }
        };
        self.out.push(Item::Tok(Token::new(tok, span)));
    }
}

impl Lexer<'_> {
    /// Returns whether `word`, just read from a style group, names a game: letters that are
    /// no keyword, directly before `(` or as the argument of `period(…)` and
    /// `preperiod(…)`.
    fn game_name_here(&self, word: &str) -> bool {
        if word.is_empty() || !word.bytes().all(|b| b.is_ascii_alphabetic()) {
            return false;
        }
        if stmt::is_reserved(word) {
            let rest = self.rest().trim_start();
            return stmt::GameProp::from_name(word).is_some() && rest.starts_with('(');
        }
        let rest = self.rest().trim_start();
        let called = rest.starts_with(['(', '[']) || rest.starts_with("\\left(");
        let n = self.out.len();
        let in_prop = n >= 2
            && matches!(
                &self.out[n - 1],
                Item::Tok(Token {
                    tok: Tok::LParen,
                    ..
                })
            )
            && matches!(&self.out[n - 2], Item::Tok(Token { tok: Tok::Ident(p), .. })
                if stmt::GameProp::from_name(p).is_some());
        called || in_prop
    }
}

/// Returns whether text holds a word of two or more letters that is not a command or a
/// function of the language.
fn has_word(text: &str) -> bool {
    let mut prev_backslash = false;
    text.split(|c: char| !c.is_ascii_alphabetic() && c != '\\')
        .filter(|w| !w.is_empty())
        .any(|w| {
            let command = w.starts_with('\\') || prev_backslash;
            prev_backslash = w.ends_with('\\');
            let w = w.trim_start_matches('\\');
            !command && w.len() > 1 && !stmt::is_function(w)
        })
}

/// Returns an item with its spans moved by `shift`.
fn shifted(item: Item, shift: usize) -> Item {
    let by = |r: Range<usize>| r.start + shift..r.end + shift;
    match item {
        Item::Tok(t) => Item::Tok(Token::new(t.tok, by(t.span))),
        Item::Punct(r) => Item::Punct(by(r)),
        Item::Unread {
            span,
            what,
            hint,
            kind,
        } => Item::Unread {
            span: by(span),
            what,
            hint,
            kind,
        },
    }
}

/// Returns the token a LaTeX command stands for, if it is one.
fn command_token(name: &str) -> Option<Tok> {
    Some(match name {
        "otimes" => Tok::NimProd,
        "oplus" => Tok::NimSum,
        "times" | "cdot" => Tok::Times,
        "div" => Tok::Slash,
        "ast" => Tok::Star,
        "ne" | "neq" => Tok::Cmp(Cmp::Ne),
        "equiv" => Tok::Cmp(Cmp::Eq),
        "le" | "leq" | "leqslant" => Tok::Cmp(Cmp::Le),
        "ge" | "geq" | "geqslant" => Tok::Cmp(Cmp::Ge),
        "lt" => Tok::Cmp(Cmp::Lt),
        "gt" => Tok::Cmp(Cmp::Gt),
        "forall" => Tok::Forall,
        "exists" => Tok::Exists,
        "in" => Tok::In,
        "colon" | "mid" => Tok::Colon,
        "lbrace" => Tok::LBrace,
        "rbrace" => Tok::RBrace,
        "sqrt" | "inv" | "mex" | "ord" | "deg" => Tok::Ident(name.to_string()),
        "omega" => Tok::Omega,
        _ => return None,
    })
}

/// Says what an unknown command is and how to write it instead.
fn unknown_command(name: &str) -> (String, &'static str) {
    const GREEK: &[&str] = &[
        "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "kappa", "lambda",
        "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "phi", "chi", "psi", "omega",
    ];
    match name {
        "dots" | "ldots" | "cdots" => (
            "an elided list (`\\dots`)".into(),
            "list every value, or quantify over a range",
        ),
        "begin" | "end" => (
            "an environment".into(),
            "state one claim per math span, without environments",
        ),
        "bigoplus" | "bigotimes" => (format!("the big operator `\\{name}`"), BIG_HINT),
        g if GREEK.contains(&g) => (format!("the Greek letter `\\{g}`"), NAME_HINT),
        n => (format!("`\\{n}`"), OP_HINT),
    }
}
