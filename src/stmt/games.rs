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

use std::sync::Arc;

use super::ast::{Expr, Node, Statement};
use super::error::{ExprError, ExprErrorKind, err};
use super::game::{Game, Games};

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

    /// Returns the names of the games the statement names, in order.
    pub fn game_names(&self) -> std::collections::BTreeSet<String> {
        let mut names = std::collections::BTreeSet::new();
        for t in self.terms() {
            t.walk(&mut |e| {
                if let Node::Game(name, ..) | Node::GameProp(_, name, _) = &e.node {
                    names.insert(name.clone());
                }
            });
        }
        names
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
