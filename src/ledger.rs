//! The claim ledger: every claim the build asserts, with where it stands and how it came out.
//!
//! Directives and roles record [`Claim`]s; the site writes them to `site/claims.json` and
//! renders the "What is checked here" page from them.

use serde::Serialize;

/// What sort of claim an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimKind {
    /// An equation or inequation in a role, a `{claim}` block or plain math.
    Equation,
    /// A field check that must pass.
    Field,
    /// A check that must fail for a stated reason.
    Refusal,
    /// A table or list compared with an independent computation.
    CrossCheck,
    /// A hand-worked derivation's result.
    Derivation,
    /// Game values found by search compared with the arithmetic.
    Game,
    /// A committed figure that must match what the build draws.
    Figure,
    /// A fact stated on the literature's authority, not checked.
    Cited,
    /// A claim-like span its author waived as prose, with the reason.
    Waived,
}

/// How a claim came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Checked, and it holds.
    Holds,
    /// Checked, and it does not hold (the build fails).
    Fails,
    /// Recorded on authority only.
    Cited,
    /// Waived by its author as prose; not checked.
    Waived,
}

/// One claim, as recorded in `site/claims.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Claim {
    /// The essay's path relative to the site root, such as `content/nim.md`.
    pub file: String,
    /// The 1-based line of the claim in that file.
    pub line: usize,
    /// The page's slug, so the ledger page can link to the claim.
    pub page: String,
    /// The id of the HTML element the claim renders as, for `page.html#anchor` links.
    pub anchor: String,
    /// What sort of claim this is.
    pub kind: ClaimKind,
    /// The claim in words or symbols, such as `2 ⊗ 2 = 3`.
    pub statement: String,
    /// How it came out.
    pub outcome: Outcome,
    /// Exactly what was enumerated, such as "256 pairs, 4,096 triples, 15 inverses", or the
    /// source of a cited fact.
    pub evidence: String,
    /// A cited statement's id, which other claims' `rests_on` name: its `:id:`, or
    /// `page#anchor`. Empty for every other claim.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub id: String,
    /// The ids of the cited statements this claim's check depends on; empty when the build
    /// computed everything it used.
    pub rests_on: Vec<String>,
    /// How the values were obtained, and what independent comparison the build made.
    pub method: String,
    /// A cited statement's sources: the keys of its works in `references.bib`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<String>,
}

/// How a claim's values were obtained, and the cited statements its check rests on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Provenance {
    /// How the values were obtained, and what independent comparison the build made.
    pub method: String,
    /// The ids of the cited statements the check depends on; empty when the build
    /// computed everything it used.
    pub rests_on: Vec<String>,
}

impl Provenance {
    /// Returns the provenance of a claim the build computed entirely by `method`.
    pub fn computed(method: impl Into<String>) -> Provenance {
        Provenance {
            method: method.into(),
            rests_on: Vec::new(),
        }
    }

    /// Returns the provenance with the cited statement `id` among those it rests on.
    pub fn resting_on(mut self, id: &str) -> Provenance {
        if !self.rests_on.iter().any(|r| r == id) {
            self.rests_on.push(id.to_string());
        }
        self
    }

    /// Returns how a claim of `kind` is checked, when its directive says no more.
    pub fn of_kind(kind: ClaimKind) -> Provenance {
        Provenance::computed(match kind {
            ClaimKind::Equation => "evaluated by the site's nimber core",
            ClaimKind::Field => {
                "every axiom checked over the product table computed from its mex definition"
            }
            ClaimKind::Refusal => {
                "the axioms checked over the product table computed from its mex definition, up to the first that fails"
            }
            ClaimKind::CrossCheck => "computed by two independent routes, compared entry by entry",
            ClaimKind::Derivation => "each step computed from the mex definition",
            ClaimKind::Game => "values found by game-tree search, compared with the arithmetic",
            ClaimKind::Figure => "drawn by this build from the values it computed",
            ClaimKind::Cited => "stated on the literature's authority; not checked",
            ClaimKind::Waived => "waived as prose; not checked",
        })
    }
}

/// The counts every summary uses, the build's line, the ledger page and `check --mutate`:
/// checked claims (figures among them), cited facts and waivers, which together are every
/// ledger entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Claims checked by this build that hold, figures included.
    pub checked: usize,
    /// Of the checked claims, those that are figures.
    pub figures: usize,
    /// Facts cited, not checked.
    pub cited: usize,
    /// Claim-like spans waived as prose.
    pub waived: usize,
}

impl Counts {
    /// Counts the ledger's entries by outcome.
    pub fn of(claims: &[Claim]) -> Counts {
        let mut counts = Counts::default();
        for c in claims {
            match c.outcome {
                Outcome::Holds | Outcome::Fails => {
                    counts.checked += 1;
                    counts.figures += usize::from(c.kind == ClaimKind::Figure);
                }
                Outcome::Cited => counts.cited += 1,
                Outcome::Waived => counts.waived += 1,
            }
        }
        counts
    }

    /// Returns how many claims `check --mutate` perturbs: every checked claim but the
    /// figures, whose check is the comparison of bytes that `check` makes.
    pub fn perturbable(&self) -> usize {
        self.checked - self.figures
    }
}

impl std::fmt::Display for Counts {
    /// Writes "240 claims checked (18 of them figures), 13 cited, 3 waived".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} claims checked ({} of them figures), {} cited, {} waived",
            self.checked, self.figures, self.cited, self.waived
        )
    }
}

#[cfg(test)]
mod counts_tests {
    use super::*;

    fn claim(kind: ClaimKind, outcome: Outcome) -> Claim {
        Claim {
            file: String::new(),
            line: 1,
            page: String::new(),
            anchor: String::new(),
            kind,
            statement: String::new(),
            outcome,
            evidence: String::new(),
            id: String::new(),
            rests_on: Vec::new(),
            method: String::new(),
            sources: Vec::new(),
        }
    }

    #[test]
    fn every_entry_is_counted_once() {
        let claims = [
            claim(ClaimKind::Equation, Outcome::Holds),
            claim(ClaimKind::Figure, Outcome::Holds),
            claim(ClaimKind::Cited, Outcome::Cited),
            claim(ClaimKind::Waived, Outcome::Waived),
        ];
        let c = Counts::of(&claims);
        assert_eq!(c.checked + c.cited + c.waived, claims.len());
        assert_eq!((c.figures, c.perturbable()), (1, 1));
        assert_eq!(
            c.to_string(),
            "2 claims checked (1 of them figures), 1 cited, 1 waived"
        );
    }
}
