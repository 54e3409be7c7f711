//! Games known by name: the octal games of the literature, Grundy's game and the
//! coin-turning games Ruler and Mock Turtles, each with the values a claim about it reads.
//! A page that names one in prose may state its values without defining it.

use std::sync::OnceLock;

use super::coins::{odious, ruler_value};
use super::octal::{OctalCode, OctalGame, Period};

/// A game known by name: the name calls use, its English name and the noun for one
/// position.
#[derive(Clone, Copy, Debug)]
pub struct KnownGame {
    /// The name calls use, `kayles`.
    pub name: &'static str,
    /// Its English name, `Kayles`.
    pub title: &'static str,
    /// The noun for one position, `row`.
    pub unit: &'static str,
    rule: Rule,
}

/// How a known game's values are found.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// An octal game by its code.
    Octal(&'static str),
    /// Grundy's game: split a heap into two unequal heaps.
    Grundy,
    /// A coin-turning game whose coin `c` (from 1) is worth `value(c)`.
    Coins(fn(usize) -> u128),
}

/// The games known by name.
pub const KNOWN_GAMES: [KnownGame; 5] = [
    KnownGame {
        name: "kayles",
        title: "Kayles",
        unit: "row",
        rule: Rule::Octal("0.77"),
    },
    KnownGame {
        name: "dawson",
        title: "Dawson's Kayles",
        unit: "row",
        rule: Rule::Octal("0.07"),
    },
    KnownGame {
        name: "grundy",
        title: "Grundy's game",
        unit: "heap",
        rule: Rule::Grundy,
    },
    KnownGame {
        name: "ruler",
        title: "Ruler",
        unit: "coin",
        rule: Rule::Coins(ruler_value),
    },
    KnownGame {
        name: "turtles",
        title: "Mock Turtles",
        unit: "coin",
        rule: Rule::Coins(odious),
    },
];

/// How many values of a known game are computed: enough for an octal game's period to be
/// proved, and for the positions prose speaks of.
pub const KNOWN_UPTO: usize = 1024;

/// The values of a known game and its period, if one is proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownValues {
    /// The value of each position from 0, `KNOWN_UPTO` of them.
    pub values: Vec<u32>,
    /// The period, proved from the values.
    pub period: Option<Period>,
    /// How the values were found.
    pub method: String,
}

impl KnownGame {
    /// Returns how many different positions one move from position `n` reaches; `None`
    /// for a coin-turning game, whose positions are sets of coins.
    pub fn move_count(&self, n: usize) -> Option<usize> {
        match self.rule {
            Rule::Octal(code) => Some(code.parse::<OctalCode>().ok()?.move_count(n)),
            Rule::Grundy => Some(grundy_move_count(n)),
            Rule::Coins(_) => None,
        }
    }

    /// Returns the game's values, computed once for the whole process.
    pub fn values(&self) -> &'static KnownValues {
        static CACHE: [OnceLock<KnownValues>; KNOWN_GAMES.len()] =
            [const { OnceLock::new() }; KNOWN_GAMES.len()];
        let at = KNOWN_GAMES
            .iter()
            .position(|g| g.name == self.name)
            .unwrap_or(0);
        CACHE[at].get_or_init(|| self.compute())
    }

    fn compute(&self) -> KnownValues {
        match self.rule {
            Rule::Octal(code) => {
                let game = code
                    .parse::<OctalCode>()
                    .ok()
                    .and_then(|c| OctalGame::compute(&c, KNOWN_UPTO).ok());
                let (values, period) =
                    game.map_or((Vec::new(), None), |g| (g.values().to_vec(), g.period()));
                KnownValues {
                    values,
                    period,
                    method: format!("the octal game {code}, computed by the mex"),
                }
            }
            Rule::Grundy => KnownValues {
                values: grundy_game(KNOWN_UPTO),
                period: None,
                method: "Grundy's game, computed by the mex of its splits".to_string(),
            },
            Rule::Coins(value) => KnownValues {
                values: (0..KNOWN_UPTO)
                    .map(|c| u32::try_from(value(c)).unwrap_or(u32::MAX))
                    .collect(),
                period: None,
                method: "the value of each coin, by the game's rule".to_string(),
            },
        }
    }
}

impl KnownGame {
    /// Returns the distinct values of the options of position `n`, in increasing order;
    /// `None` past the values computed, or for a coin-turning game, whose positions are
    /// sets of coins rather than one heap.
    pub fn option_values(&self, n: usize) -> Option<Vec<u32>> {
        let g = &self.values().values;
        if n >= g.len() {
            return None;
        }
        match self.rule {
            Rule::Octal(code) => code.parse::<OctalCode>().ok()?.option_values(g, n),
            Rule::Grundy => grundy_option_values(g, n),
            Rule::Coins(_) => None,
        }
    }
}

/// Returns how many moves a heap of `n` has in Grundy's game: its splits into two
/// unequal heaps, each counted once.
pub fn grundy_move_count(n: usize) -> usize {
    (1..n.div_ceil(2)).count()
}

/// Returns the distinct values of the options of a heap of `n` in Grundy's game (each
/// split into two unequal heaps), from the values `g` of the heaps below it.
pub fn grundy_option_values(g: &[u32], n: usize) -> Option<Vec<u32>> {
    let g = g.get(..n)?;
    let mut options: Vec<u32> = (1..n.div_ceil(2)).map(|a| g[a] ^ g[n - a]).collect();
    options.sort_unstable();
    options.dedup();
    Some(options)
}

/// Returns the known game a text names, by its English name, exactly as written.
pub fn known_games_in(text: &str) -> impl Iterator<Item = &'static KnownGame> + '_ {
    KNOWN_GAMES.iter().filter(move |g| text.contains(g.title))
}

/// The values of Grundy's game below `upto`: a heap splits into two unequal heaps.
fn grundy_game(upto: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(upto);
    let mut seen = Vec::new();
    for n in 0..upto {
        seen.clear();
        seen.resize(n + 2, false);
        for a in 1..n.div_ceil(2) {
            let v = (g[a] ^ g[n - a]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        let mex = seen.iter().position(|s| !s).unwrap_or(seen.len());
        g.push(u32::try_from(mex).unwrap_or(u32::MAX));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> &'static KnownGame {
        KNOWN_GAMES.iter().find(|g| g.name == name).expect("known")
    }

    #[test]
    fn known_games_have_their_values_from_the_literature() {
        let kayles = game("kayles").values();
        assert_eq!(kayles.values[..8], [0, 1, 2, 3, 1, 4, 3, 2]);
        let p = kayles.period.expect("Kayles's period is proved");
        assert_eq!((p.period, p.preperiod), (12, 71));
        let dawson = game("dawson").values().period.expect("proved");
        assert_eq!((dawson.period, dawson.preperiod), (34, 53));
        assert_eq!(
            game("grundy").values().values[..10],
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
        );
        assert_eq!(
            game("ruler").values().values[1..9],
            [1, 2, 1, 4, 1, 2, 1, 8]
        );
        assert_eq!(game("turtles").values().values[1..7], [1, 2, 4, 7, 8, 11]);
    }

    #[test]
    fn options_are_the_values_one_move_away() {
        // A row of 4 in Kayles leaves 3, 1 + 2, 2 or 1 + 1 pins.
        assert_eq!(game("kayles").option_values(4), Some(vec![0, 2, 3]));
        assert_eq!(game("kayles").option_values(2), Some(vec![0, 1]));
        // A heap of 7 in Grundy's game splits into 1 + 6, 2 + 5 or 3 + 4.
        assert_eq!(game("grundy").option_values(7), Some(vec![1, 2]));
        assert_eq!(game("grundy").option_values(KNOWN_UPTO), None);
        assert_eq!(game("ruler").option_values(3), None);
        // Each value is the mex of its options' values.
        for g in ["kayles", "dawson", "grundy"] {
            for n in 0..200 {
                let opts = game(g).option_values(n).expect("computed");
                let mex = (0..)
                    .find(|v| !opts.contains(v))
                    .expect("some value is missing");
                assert_eq!(mex, game(g).values().values[n], "{g}({n})");
            }
        }
    }

    #[test]
    fn a_game_is_known_where_its_name_is_written() {
        let names: Vec<&str> = known_games_in("In Dawson's Kayles and Ruler")
            .map(|g| g.name)
            .collect();
        assert_eq!(names, ["kayles", "dawson", "ruler"]);
        assert_eq!(known_games_in("a ruler 30 cm long").count(), 0);
    }
}
