//! The games a statement may name, as values: a game's table and proved period
//! ([`Game`]), the set of them a page provides ([`Games`]), and the properties
//! `period(…)` and `preperiod(…)` ([`GameProp`]). A leaf: the syntax tree holds these, and
//! `games` binds them.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use super::error::ExprErrorKind;
use crate::nimber::{KnownGame, OctalCode, OctalGame, Period};

/// One game's values below its bound, and its period when one is proved.
#[derive(Clone, PartialEq, Eq)]
pub struct Game {
    name: String,
    values: Vec<u32>,
    period: Option<Period>,
    /// Why no period can be proved, when more values would not help.
    unproved: Option<String>,
    /// How the values were obtained, and what they were compared with.
    method: String,
    /// The id of the cited theorem that carries the period past the values computed.
    theorem: Option<String>,
    /// How the options of a position are found.
    moves: Moves,
}

/// Returns the distinct option values of a position and how many moves reach them,
/// `None` past the values known.
pub type OptionsFn =
    dyn Fn(usize) -> Result<Option<(Vec<u32>, usize)>, ExprErrorKind> + Send + Sync;

/// How a game's options are found, for claims on the options of a position.
#[derive(Clone, Default)]
pub enum Moves {
    /// Not known: a claim on options is refused.
    #[default]
    Unknown,
    /// A game known by name.
    Known(&'static KnownGame),
    /// An octal game, by its code.
    Octal(OctalCode),
    /// A `{define}` rule whose value is a mex: the values of its elements at a position.
    Rule(Arc<OptionsFn>),
}

impl fmt::Debug for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Moves::Unknown => f.write_str("Unknown"),
            Moves::Known(g) => write!(f, "Known({})", g.name),
            Moves::Octal(code) => write!(f, "Octal({code})"),
            Moves::Rule(_) => f.write_str("Rule"),
        }
    }
}

impl PartialEq for Moves {
    fn eq(&self, other: &Moves) -> bool {
        match (self, other) {
            (Moves::Unknown, Moves::Unknown) => true,
            (Moves::Known(a), Moves::Known(b)) => a.name == b.name,
            (Moves::Octal(a), Moves::Octal(b)) => a == b,
            (Moves::Rule(a), Moves::Rule(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Moves {}

/// The largest option value a claim on options may hold: a set of them is one `u128`.
pub const OPTION_VALUE_MAX: u32 = 127;

/// Returns `excluded(a, b)` as a mask: the values the pairs below `(a, b)` exclude in the
/// mex rule for `a ⊗ b`, each at most [`OPTION_VALUE_MAX`].
pub(crate) fn excluded_mask(a: u128, b: u128) -> Result<u128, ExprErrorKind> {
    let too_large = || ExprErrorKind::ExcludedTooLarge {
        a,
        b,
        max: OPTION_VALUE_MAX,
    };
    let max = u128::from(OPTION_VALUE_MAX);
    if a > max || b > max {
        return Err(too_large());
    }
    let values = crate::nimber::excluded(a as usize, b as usize).map_err(|_| too_large())?;
    values.into_iter().try_fold(0u128, |mask, v| {
        if v > max {
            Err(too_large())
        } else {
            Ok(mask | 1 << v)
        }
    })
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("name", &self.name)
            .field("values", &self.values.len())
            .field("period", &self.period)
            .finish()
    }
}

impl Game {
    /// Returns a game of the given values, with a period if one is proved.
    pub fn new(name: &str, values: Vec<u32>, period: Option<Period>) -> Self {
        Game {
            name: name.to_string(),
            values,
            period,
            unproved: None,
            method: "computed by the mex, one value at a time".to_string(),
            theorem: None,
            moves: Moves::Unknown,
        }
    }

    /// Returns the game with how its options are found.
    pub fn with_moves(mut self, moves: Moves) -> Self {
        self.moves = moves;
        self
    }

    /// Returns the set of the values of the options of position `n`, as a mask with bit
    /// `v` set for each value `v`; or why it cannot be computed.
    pub fn option_mask(&self, n: u128) -> Result<u128, ExprErrorKind> {
        let past = || self.past(n);
        let i = usize::try_from(n).map_err(|_| past())?;
        let values = match &self.moves {
            Moves::Unknown => {
                return Err(ExprErrorKind::NoMoves {
                    name: self.name.clone(),
                });
            }
            Moves::Known(g) => g.option_values(i),
            Moves::Octal(code) if i < self.values.len() => code.option_values(&self.values, i),
            Moves::Octal(_) => None,
            Moves::Rule(options) => options(i)?.map(|(values, _)| values),
        };
        let values = values.ok_or_else(past)?;
        let mut mask = 0u128;
        for v in values {
            if v > OPTION_VALUE_MAX {
                return Err(ExprErrorKind::OptionTooLarge {
                    name: self.name.clone(),
                    n,
                    max: OPTION_VALUE_MAX,
                });
            }
            mask |= 1 << v;
        }
        Ok(mask)
    }

    /// Returns the error that position `n` is past the values computed.
    fn past(&self, n: u128) -> ExprErrorKind {
        ExprErrorKind::PastBound {
            name: self.name.clone(),
            n,
            upto: self.upto(),
        }
    }

    /// Returns how many different positions one move from position `n` reaches, or why it
    /// cannot be counted.
    pub fn move_count(&self, n: u128) -> Result<u128, ExprErrorKind> {
        let no_moves = || ExprErrorKind::NoMoves {
            name: self.name.clone(),
        };
        // Counting takes time in proportion to n: only positions the table reaches.
        let i = usize::try_from(n)
            .ok()
            .filter(|&i| i < self.values.len())
            .ok_or_else(|| self.past(n))?;
        let count = match &self.moves {
            Moves::Known(g) => g.move_count(i),
            Moves::Octal(code) => Some(code.move_count(i)),
            // A rule's moves are the elements of its mex, one for each binding.
            Moves::Rule(options) => Some(options(i)?.ok_or_else(|| self.past(n))?.1),
            Moves::Unknown => None,
        };
        count.map(|c| c as u128).ok_or_else(no_moves)
    }

    /// Returns the game with how its values were obtained, and the id of the cited theorem
    /// that proves its period from the values computed.
    pub fn with_provenance(mut self, method: String, theorem: Option<String>) -> Self {
        self.method = method;
        self.theorem = theorem;
        self
    }

    /// Returns how the values were obtained, and what they were compared with.
    pub fn method(&self) -> &str {
        &self.method
    }

    /// Returns the id of the cited theorem a value past the table rests on, when the game
    /// has a proved period.
    pub fn theorem(&self) -> Option<&str> {
        self.theorem.as_deref().filter(|_| self.period.is_some())
    }

    /// Returns the game with its table only: no period, so a value past the table, or its
    /// period, is an error. Evaluating a claim with it first shows whether the claim reads
    /// past what was computed.
    pub fn table_only(&self) -> Game {
        Game {
            period: None,
            ..self.clone()
        }
    }

    /// Returns the game with the reason no period of it can be proved, which claims on its
    /// period then report.
    pub fn with_unproved(mut self, why: Option<String>) -> Self {
        self.unproved = why;
        self
    }

    /// Returns the game an octal computation found, under `name`.
    pub fn from_octal(name: &str, game: &OctalGame) -> Self {
        Game::new(name, game.values().to_vec(), game.period())
            .with_moves(Moves::Octal(game.code().clone()))
    }

    /// Returns the name statements use.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Returns how many values were computed.
    pub fn upto(&self) -> usize {
        self.values.len()
    }

    /// Returns the proved period, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Returns the value at heap size `n`: computed below the bound, from the proved period
    /// beyond it, and `None` past the bound of a game with no period.
    pub fn value(&self, n: u128) -> Option<u32> {
        if let Some(&v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(v);
        }
        let p = self.period?;
        let (n0, period) = (p.preperiod as u128, p.period as u128);
        let folded = n0 + (n - n0) % period;
        self.values.get(usize::try_from(folded).ok()?).copied()
    }
}

/// The games a statement may name, by name.
#[derive(Clone, Debug, Default)]
pub struct Games {
    map: BTreeMap<String, Arc<Game>>,
}

impl Games {
    /// Returns an empty set of games.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a game, replacing one of the same name.
    pub fn insert(&mut self, game: Game) {
        self.map.insert(game.name.clone(), Arc::new(game));
    }

    /// Returns the game of that name.
    pub fn get(&self, name: &str) -> Option<&Arc<Game>> {
        self.map.get(name)
    }

    /// Returns the names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.map.keys().map(String::as_str)
    }

    /// Returns whether no game is defined.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// What a game's property call asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameProp {
    /// `period(NAME)`: the least proved period.
    Period,
    /// `preperiod(NAME)`: the least n₀ from which the period holds.
    Preperiod,
    /// `options(NAME, n)`: the set of the values of the options of position n, which
    /// compares only with a set `{a, b, …}`.
    Options(u128),
    /// `moves(NAME, n)`: how many different positions one move from position n reaches.
    Moves(u128),
    /// `largest(NAME)`: the largest value the game takes at any position, known once a
    /// period is proved, from the values before the period ends.
    Largest,
}

impl GameProp {
    pub(crate) fn from_name(name: &str) -> Option<GameProp> {
        match name {
            "period" => Some(GameProp::Period),
            "preperiod" => Some(GameProp::Preperiod),
            "options" => Some(GameProp::Options(0)),
            "moves" => Some(GameProp::Moves(0)),
            "largest" => Some(GameProp::Largest),
            _ => None,
        }
    }

    /// Returns the name it is written with.
    pub fn name(self) -> &'static str {
        match self {
            GameProp::Period => "period",
            GameProp::Preperiod => "preperiod",
            GameProp::Options(_) => "options",
            GameProp::Moves(_) => "moves",
            GameProp::Largest => "largest",
        }
    }

    /// Returns what it is written with after the name: the game's name, and a position.
    pub fn args(self, game: &str) -> String {
        match self {
            GameProp::Options(n) | GameProp::Moves(n) => format!("{game}, {n}"),
            _ => game.to_string(),
        }
    }

    /// Returns the property of `game`, or the error that it has no proved period.
    pub(crate) fn of(self, game: &Game) -> Result<u128, ExprErrorKind> {
        match self {
            GameProp::Options(n) => return game.option_mask(n),
            GameProp::Moves(n) => return game.move_count(n),
            _ => {}
        }
        let p = game.period.ok_or_else(|| ExprErrorKind::NoPeriod {
            name: game.name.clone(),
            upto: game.upto(),
            why: game.unproved.clone(),
        })?;
        Ok(match self {
            GameProp::Period => p.period,
            // Every value repeats one below the period's end, and the period was proved on
            // values computed past it.
            GameProp::Largest => {
                let end = p.preperiod.saturating_add(p.period).min(game.values.len());
                let largest = game.values[..end].iter().max();
                return Ok(largest.map_or(0, |&v| u128::from(v)));
            }
            GameProp::Preperiod | GameProp::Options(_) | GameProp::Moves(_) => p.preperiod,
        } as u128)
    }
}
