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
    file: &'a str,
    line: usize,
    href: String,
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

/// Renders the ledger page through `claims.html`: checked claims, then cited ones.
pub fn render(templates: &Templates, claims: &[Claim]) -> Result<String, Box<Diagnostic>> {
    let with = |outcome: Outcome| -> Vec<ClaimView> {
        claims
            .iter()
            .filter(|c| c.outcome == outcome)
            .map(ClaimView::of)
            .collect()
    };
    let page = PageView::generated("What is checked here", URL);
    let counts = Counts::of(claims);
    let extra = serde_json::json!({
        "checked": with(Outcome::Holds), "cited": with(Outcome::Cited),
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
