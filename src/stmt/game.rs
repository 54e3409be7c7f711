//! The games a statement may name, as values: a game's table and proved period
//! ([`Game`]), the set of them a page provides ([`Games`]), and the properties
//! `period(…)` and `preperiod(…)` ([`GameProp`]). A leaf: the syntax tree holds these, and
//! `games` binds them.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use super::error::ExprErrorKind;
use crate::nimber::{OctalGame, Period};

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
        }
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
}

impl GameProp {
    pub(crate) fn from_name(name: &str) -> Option<GameProp> {
        match name {
            "period" => Some(GameProp::Period),
            "preperiod" => Some(GameProp::Preperiod),
            _ => None,
        }
    }

    /// Returns the name it is written with.
    pub fn name(self) -> &'static str {
        match self {
            GameProp::Period => "period",
            GameProp::Preperiod => "preperiod",
        }
    }

    /// Returns the property of `game`, or the error that it has no proved period.
    pub(crate) fn of(self, game: &Game) -> Result<u128, ExprErrorKind> {
        let p = game.period.ok_or_else(|| ExprErrorKind::NoPeriod {
            name: game.name.clone(),
            upto: game.upto(),
            why: game.unproved.clone(),
        })?;
        Ok(match self {
            GameProp::Period => p.period,
            GameProp::Preperiod => p.preperiod,
        } as u128)
    }
}
