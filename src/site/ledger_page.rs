//! The ledger pass: every claim of the build in ladder order, written as `claims.json` and
//! shown on the generated page "What is checked here" (`checked.html`).

use std::collections::BTreeMap;

use serde::Serialize;

use super::evaluate::Evaluated;
use super::templates::Templates;
use super::urls::{href, page_url};
use super::views::{PageView, render_generated};
use crate::diagnostics::{Code, Diagnostic};
use crate::ledger::{Claim, ClaimKind, Counts, Outcome};

/// The ledger page's path in the site.
pub const URL: &str = "checked.html";
/// The ledger's data file's path in the site.
pub const JSON: &str = "claims.json";

/// A claim as the ledger page shows it.
#[derive(Debug, Serialize)]
struct ClaimView<'a> {
    statement: &'a str,
    kind: ClaimKind,
    outcome: Outcome,
    evidence: &'a str,
    method: &'a str,
    id: &'a str,
    rests_on: &'a [String],
    sources: &'a [String],
    file: &'a str,
    line: usize,
    href: String,
}

/// The checked claims that rest on one cited statement, or on none.
#[derive(Debug, Serialize)]
struct Group<'a> {
    /// The cited statement's id; empty for the claims the build computed entirely.
    id: &'a str,
    /// The cited statement, when there is one.
    given: Option<ClaimView<'a>>,
    claims: Vec<ClaimView<'a>>,
}

/// A cited statement with the checked claims resting on it.
#[derive(Debug, Serialize)]
struct CitedView<'a> {
    #[serde(flatten)]
    claim: ClaimView<'a>,
    resting: Vec<ClaimView<'a>>,
}

impl<'a> ClaimView<'a> {
    /// Returns the view of a claim, linking to its place in the essay.
    fn of(c: &'a Claim) -> Self {
        let page = href(&page_url(&c.page));
        ClaimView {
            statement: &c.statement,
            kind: c.kind,
            outcome: c.outcome,
            evidence: &c.evidence,
            method: &c.method,
            id: &c.id,
            rests_on: &c.rests_on,
            sources: &c.sources,
            file: &c.file,
            line: c.line,
            href: if c.anchor.is_empty() {
                page
            } else {
                format!("{page}#{}", c.anchor)
            },
        }
    }
}

/// Returns every claim, pages' and figures', following the ladder, then by file and line,
/// so the ledger reads in the order the essays do.
pub fn claims(pages: &[Evaluated<'_>], figure_claims: Vec<Claim>) -> Vec<Claim> {
    // A claim with no element of its own on the page (one in the summary, a caption or an
    // HTML block) links to the page itself.
    let mut claims: Vec<Claim> = pages
        .iter()
        .flat_map(|e| {
            e.body.claims.iter().cloned().map(|mut c| {
                if !e.body.anchors.contains(&c.anchor) {
                    c.anchor.clear();
                }
                c
            })
        })
        .collect();
    claims.extend(figure_claims);
    order(pages, &mut claims);
    claims
}

/// Puts claims in the order the essays read: following the ladder, then by file and line.
pub fn order(pages: &[Evaluated<'_>], claims: &mut [Claim]) {
    let rungs: BTreeMap<&str, (bool, Option<i64>)> = pages
        .iter()
        .map(|e| {
            let rung = e.page.rung();
            (e.page.src.file.as_str(), (rung.is_none(), rung))
        })
        .collect();
    let key = |c: &Claim| (rungs.get(c.file.as_str()).copied(), c.file.clone(), c.line);
    claims.sort_by(|a, b| (key(a), &a.anchor).cmp(&(key(b), &b.anchor)));
}

/// Returns `claims.json`.
pub fn json(claims: &[Claim]) -> Result<Vec<u8>, Box<Diagnostic>> {
    serde_json::to_string_pretty(claims)
        .map(|json| format!("{json}\n").into_bytes())
        .map_err(|err| Box::new(Diagnostic::error(Code::Io, JSON, None, err.to_string())))
}

/// Returns the checked claims grouped by what they rest on: first those the build
/// computed entirely, then, for each cited statement in ledger order, those resting on it
/// (a claim resting on two statements is in both groups). Empty groups are left out.
fn groups(claims: &[Claim]) -> Vec<Group<'_>> {
    let checked = || claims.iter().filter(|c| c.outcome == Outcome::Holds);
    let mut out = vec![Group {
        id: "",
        given: None,
        claims: checked()
            .filter(|c| c.rests_on.is_empty())
            .map(ClaimView::of)
            .collect(),
    }];
    for cited in claims.iter().filter(|c| c.outcome == Outcome::Cited) {
        let resting: Vec<ClaimView> = checked()
            .filter(|c| c.rests_on.contains(&cited.id))
            .map(ClaimView::of)
            .collect();
        if !resting.is_empty() {
            out.push(Group {
                id: &cited.id,
                given: Some(ClaimView::of(cited)),
                claims: resting,
            });
        }
    }
    // Statements the claims rest on that no page states, each in a group of its own.
    let mut stated: Vec<&str> = out.iter().map(|g| g.id).collect();
    for c in checked() {
        for id in &c.rests_on {
            if stated.contains(&id.as_str()) || claims.iter().any(|x| x.id == *id) {
                continue;
            }
            stated.push(id);
            out.push(Group {
                id,
                given: None,
                claims: checked()
                    .filter(|c| c.rests_on.contains(id))
                    .map(ClaimView::of)
                    .collect(),
            });
        }
    }
    out.retain(|g| !g.claims.is_empty());
    out
}

/// Returns a note for each claim that rests on an id no cited statement has, at the
/// claim's line in `sources` (the pages' text, by file): the site uses a theorem it
/// does not state.
pub fn unresolved(claims: &[Claim], sources: &BTreeMap<String, String>) -> Vec<Diagnostic> {
    let ids: std::collections::BTreeSet<&str> = claims
        .iter()
        .filter(|c| c.outcome == Outcome::Cited)
        .map(|c| c.id.as_str())
        .collect();
    let mut out = Vec::new();
    for c in claims {
        for id in c.rests_on.iter().filter(|id| !ids.contains(id.as_str())) {
            let span = sources.get(&c.file).map(|text| {
                let start: usize = text
                    .split_inclusive('\n')
                    .take(c.line.saturating_sub(1))
                    .map(str::len)
                    .sum();
                let len = text[start..].find('\n').unwrap_or(text.len() - start);
                start..start + len
            });
            let mut d = Diagnostic::error(
                Code::UnknownCitation,
                &c.file,
                span,
                format!("this claim rests on `{id}`, which no cited statement states"),
            )
            .with_note(format!(
                "{}; state it in a `{{cited}}` block with `:id: {id}` and its sources",
                c.statement
            ));
            d.severity = crate::diagnostics::Severity::Note;
            out.push(d);
        }
    }
    out
}

/// Renders the ledger page through `claims.html`: checked claims grouped by what they
/// rest on, then cited ones, each with the claims resting on it.
pub fn render(templates: &Templates, claims: &[Claim]) -> Result<String, Box<Diagnostic>> {
    let with = |outcome: Outcome| -> Vec<ClaimView> {
        claims
            .iter()
            .filter(|c| c.outcome == outcome)
            .map(ClaimView::of)
            .collect()
    };
    let cited: Vec<CitedView> = claims
        .iter()
        .filter(|c| c.outcome == Outcome::Cited)
        .map(|cited| CitedView {
            claim: ClaimView::of(cited),
            resting: claims
                .iter()
                .filter(|c| c.outcome == Outcome::Holds && c.rests_on.contains(&cited.id))
                .map(ClaimView::of)
                .collect(),
        })
        .collect();
    let page = PageView::generated("What is checked here", URL);
    let counts = Counts::of(claims);
    let extra = serde_json::json!({
        "checked": with(Outcome::Holds), "groups": groups(claims), "cited": cited,
        "waived": with(Outcome::Waived), "figures": counts.figures,
        "perturbed": counts.perturbable(),
    });
    render_generated(templates, "claims.html", &page, "", extra)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::views::SiteView;
    use std::path::Path;

    fn claim(line: usize, outcome: Outcome, anchor: &str) -> Claim {
        Claim {
            file: "content/nim.md".into(),
            line,
            page: "nim".into(),
            anchor: anchor.into(),
            kind: if outcome == Outcome::Cited {
                ClaimKind::Cited
            } else {
                ClaimKind::Equation
            },
            statement: format!("<claim {line}>"),
            outcome,
            evidence: "computed".into(),
            id: String::new(),
            rests_on: Vec::new(),
            method: String::new(),
            sources: Vec::new(),
        }
    }

    #[test]
    fn the_ledger_page_separates_checked_from_cited() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut templates = Templates::load(root).expect("the repository's templates load");
        templates.set_global(
            "site",
            &SiteView {
                title: "T".into(),
                description: String::new(),
                language: "en".into(),
                author: String::new(),
                base_url: String::new(),
                feed: String::new(),
                pages: Vec::new(),
            },
        );
        let claims = [
            claim(3, Outcome::Holds, "c-3"),
            claim(9, Outcome::Cited, ""),
        ];
        let html = render(&templates, &claims).expect("renders");
        let checked = html.find("id=\"checked\"").expect("checked section");
        let cited = html.find("id=\"cited\"").expect("cited section");
        let first = html
            .find("&lt;claim 3&gt;")
            .expect("checked claim, escaped");
        let second = html.find("&lt;claim 9&gt;").expect("cited claim, escaped");
        assert!(checked < first && first < cited && cited < second);
        assert!(html.contains("href=\"nim.html#c-3\""));
        assert!(html.contains("href=\"nim.html\""));
        assert!(html.contains("Checked (1, of which 0 figures)"), "{html}");
        assert!(html.contains("perturbs the 1 checked claims"), "{html}");
    }
}
