//! The figures pass: every figure the directives drew, gathered under its stable path,
//! one freshness claim per figure for the ledger, and the comparison with the committed
//! `figures/` that `check` makes.

use std::collections::BTreeMap;
use std::path::Path;

use super::evaluate::Evaluated;
use super::output;
use super::urls::FigurePath;
use crate::diagnostics::{Code, Diagnostic};
use crate::ledger::{Claim, ClaimKind, Outcome};

/// Gathers every page's figures by path inside `figures/`, reporting clashing ids.
pub fn collect(
    pages: &[Evaluated<'_>],
    diagnostics: &mut Vec<Diagnostic>,
) -> BTreeMap<String, String> {
    let mut figures = BTreeMap::new();
    for e in pages {
        for figure in &e.body.figures {
            let path = FigurePath::new(&e.page.src.slug, &figure.id).in_figures();
            if figures.insert(path, figure.svg.clone()).is_some() {
                diagnostics.push(Diagnostic::error(
                    Code::DuplicateFigure,
                    &e.page.src.file,
                    None,
                    format!("two figures on this page are named `{}`", figure.id),
                ));
            }
        }
    }
    figures
}

/// Returns one claim per figure: the committed copy must match what the build draws.
pub fn claims(pages: &[Evaluated<'_>]) -> Vec<Claim> {
    let mut claims = Vec::new();
    for e in pages {
        for figure in &e.body.figures {
            let anchor = if e.body.anchors.contains(&figure.anchor) {
                figure.anchor.clone()
            } else {
                String::new()
            };
            let path = FigurePath::new(&e.page.src.slug, &figure.id);
            claims.push(Claim {
                file: e.page.src.file.clone(),
                line: figure.line,
                page: e.page.src.slug.clone(),
                anchor,
                kind: ClaimKind::Figure,
                statement: format!("{path} is drawn from the data this build computed"),
                outcome: Outcome::Holds,
                evidence: format!(
                    "build: {} bytes of SVG drawn from this build's results and published; check: the committed {path} is byte-identical to them",
                    figure.svg.len()
                ),
                id: String::new(),
                rests_on: Vec::new(),
                method: "drawn by this build from the values it computed".to_string(),
                sources: Vec::new(),
            });
        }
    }
    claims
}

/// Compares the committed `figures/` under `root` with what the build draws; the hint
/// names `build_command`, the command that refreshes them, as the user invokes it.
pub fn stale(
    root: &Path,
    drawn: &BTreeMap<String, String>,
    build_command: &str,
) -> Vec<Diagnostic> {
    let (mut committed, mark) = match output::read_figures(&root.join("figures"), drawn.keys()) {
        Ok(found) => found,
        Err(fault) => {
            return vec![
                Diagnostic::error(Code::StaleFigure, "figures", None, "cannot read figures/")
                    .with_note(fault.to_string()),
            ];
        }
    };
    if mark.is_none() {
        // Without the build's list nothing is known to be its own but what it draws now.
        committed.retain(|path, _| drawn.contains_key(path));
    }
    let hint = format!("run `{build_command}` and commit figures/");
    let stale = |path: &str, message: &str| {
        Diagnostic::error(Code::StaleFigure, format!("figures/{path}"), None, message)
            .with_note(hint.clone())
    };
    let mut out = Vec::new();
    for (path, svg) in drawn {
        match committed.get(path) {
            None => out.push(stale(path, "figure is missing")),
            Some(bytes) if bytes != svg.as_bytes() => {
                out.push(stale(path, "figure differs from what the build draws"));
            }
            Some(_) => {}
        }
    }
    for path in committed.keys().filter(|p| !drawn.contains_key(*p)) {
        out.push(stale(path, "no page draws this figure"));
    }
    let manifest = output::manifest(drawn.iter().map(|(k, v)| (k, v.as_bytes())));
    if !drawn.is_empty() && mark.as_deref() != Some(manifest.as_str()) {
        let message = match mark {
            None => "the list of figures the build drew is missing",
            Some(_) => "the list of figures the build drew is out of date",
        };
        out.push(stale(output::FIGURES_MARK, message));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_finds_missing_changed_and_extra_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        let drawn: BTreeMap<String, String> = [
            ("a", "<svg>a</svg>"),
            ("b", "<svg>b</svg>"),
            ("c", "<svg>c</svg>"),
        ]
        .into_iter()
        .map(|(k, v)| (format!("nim/{k}.svg"), v.to_string()))
        .collect();
        std::fs::create_dir_all(root.join("figures/nim")).expect("mkdir");
        std::fs::write(root.join("figures/nim/a.svg"), "<svg>a</svg>").expect("write");
        std::fs::write(root.join("figures/nim/b.svg"), "<svg>old</svg>").expect("write");
        std::fs::write(root.join("figures/nim/z.svg"), "<svg>z</svg>").expect("write");
        let found = stale(root, &drawn, "nimsite build");
        let files: Vec<&str> = found.iter().map(|d| d.file.as_str()).collect();
        assert_eq!(
            files,
            [
                "figures/nim/b.svg",
                "figures/nim/c.svg",
                "figures/.nimsite-figures"
            ]
        );
        assert!(
            found
                .iter()
                .all(|d| d.code == Code::StaleFigure && d.is_error())
        );
        assert!(
            found[0].notes[0].contains("`nimsite build`"),
            "{:?}",
            found[0].notes
        );
        std::fs::write(root.join("figures/nim/b.svg"), "<svg>b</svg>").expect("write");
        std::fs::write(root.join("figures/nim/c.svg"), "<svg>c</svg>").expect("write");
        let manifest = output::manifest(drawn.iter().map(|(k, v)| (k, v.as_bytes())));
        std::fs::write(root.join("figures").join(output::FIGURES_MARK), manifest).expect("write");
        // Files the manifest does not list are the author's, not stale figures.
        std::fs::write(root.join("figures/logo.svg"), "<svg>hand</svg>").expect("write");
        std::fs::write(root.join("figures/.gitkeep"), "").expect("write");
        assert!(stale(root, &drawn, "nimsite build").is_empty());
        std::fs::write(root.join("figures/nim/c.svg"), "<svg>tampered</svg>").expect("write");
        assert_eq!(stale(root, &drawn, "nimsite build").len(), 1);
        // A figure the list names that no page draws any more is stale.
        std::fs::write(root.join("figures/nim/c.svg"), "<svg>c</svg>").expect("write");
        let fewer: BTreeMap<String, String> = drawn
            .iter()
            .filter(|(k, _)| *k != "nim/c.svg")
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let found = stale(root, &fewer, "nimsite build");
        let files: Vec<&str> = found.iter().map(|d| d.file.as_str()).collect();
        assert_eq!(files, ["figures/nim/c.svg", "figures/.nimsite-figures"]);
    }
}
