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
}
