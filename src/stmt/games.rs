//! Games in statements: `kayles(n)` is a game's value at heap size n, and `period(kayles)`
//! and `preperiod(kayles)` are ordinary integers.
//!
//! A statement names games; the page (or `nimsite eval --octal`) provides them as
//! [`Games`], and [`Statement::bind_games`] resolves every name before evaluation. Inside
//! a game's argument `+`, `-` and `*` are ordinary integer arithmetic on heap sizes, while
//! between values `+` and `⊕` stay the nim-sum:
//!
//! ```
//! use nimsite::stmt::{self, Game, Games};
//! use nimsite::nimber::OctalGame;
//!
//! let kayles = OctalGame::compute(&"0.77".parse()?, 200)?;
//! let mut games = Games::new();
//! games.insert(Game::from_octal("kayles", &kayles));
//! let mut s = stmt::parse("forall n < 100: kayles(n + 83) = kayles(n + 71)")?;
//! s.bind_games(&games)?;
//! assert!(s.holds()?);
//! let mut s = stmt::parse("kayles(3) + kayles(4) = 2")?; // 3 ⊕ 1
//! s.bind_games(&games)?;
//! assert!(s.holds()?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use super::ast::{Expr, Node, Statement};
use super::error::{ExprError, ExprErrorKind, err};
use crate::nimber::{OctalGame, Period};

/// One game's values below its bound, and its period when one is proved.
#[derive(Clone, PartialEq, Eq)]
pub struct Game {
    name: String,
    values: Vec<u32>,
    period: Option<Period>,
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
        }
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
        })?;
        Ok(match self {
            GameProp::Period => p.period,
            GameProp::Preperiod => p.preperiod,
        } as u128)
    }
}

impl Statement {
    /// Resolves every game the statement names from `games`; a name with no game is an
    /// error at its span.
    pub fn bind_games(&mut self, games: &Games) -> Result<(), ExprError> {
        let mut result = Ok(());
        let mut bind = |e: &mut Expr| {
            let (name, slot) = match &mut e.node {
                Node::Game(name, _, slot) | Node::GameProp(_, name, slot) => (name, slot),
                _ => return,
            };
            match games.get(name) {
                Some(g) => *slot = Some(Arc::clone(g)),
                None if result.is_ok() => {
                    let known = games.names().map(str::to_string).collect();
                    let kind = ExprErrorKind::UnknownGame {
                        name: name.clone(),
                        known,
                    };
                    result = Err(err(e.span.clone(), kind));
                }
                None => {}
            }
        };
        self.first.walk_mut(&mut bind);
        for l in &mut self.links {
            l.rhs.walk_mut(&mut bind);
        }
        result
    }

    /// Returns whether the statement names a game.
    pub fn uses_games(&self) -> bool {
        let mut any = false;
        for t in self.terms() {
            t.walk(&mut |e| any |= matches!(e.node, Node::Game(..) | Node::GameProp(..)));
        }
        any
    }
}

/// Returns the game bound to a call, or the error that none is.
pub(crate) fn bound<'g>(
    name: &str,
    slot: &'g Option<Arc<Game>>,
    span: &std::ops::Range<usize>,
) -> Result<&'g Arc<Game>, ExprError> {
    slot.as_ref().ok_or_else(|| {
        err(
            span.clone(),
            ExprErrorKind::UnknownGame {
                name: name.to_string(),
                known: Vec::new(),
            },
        )
    })
}
