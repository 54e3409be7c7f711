//! The site's commands as the CLI calls them: each prints its diagnostics and returns an
//! exit code.

use crate::diagnostics::Code;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::compile::{Cache, CompileOptions, Compiled, compile};
use super::output;
use crate::diagnostics::Diagnostic;

/// Builds the site under `root` into `out` (default `root/site`) and refreshes `figures/`;
/// writes nothing if any error is found.
pub fn build(root: PathBuf, out: Option<PathBuf>) -> ExitCode {
    let compiled = compile(&root, CompileOptions::default(), &Cache::new());
    eprint!("{}", compiled.report(false));
    if compiled.has_errors() {
        eprintln!("error: the build failed; nothing was written");
        return ExitCode::FAILURE;
    }
    let out = out.unwrap_or_else(|| root.join("site"));
    if let Err(err) = write(&root, &out, &compiled) {
        eprintln!("error: cannot write the site: {err}");
        return ExitCode::FAILURE;
    }
    println!(
        "built {} files ({} figures, {} claims) into {}",
        compiled.files.len(),
        compiled.figures.len(),
        compiled.claims.len(),
        out.display()
    );
    ExitCode::SUCCESS
}

/// Writes the figures, then the site, each swapped in whole.
fn write(root: &Path, out: &Path, compiled: &Compiled) -> std::io::Result<()> {
    let figures_dir = root.join("figures");
    if !compiled.figures.is_empty() || figures_dir.exists() {
        let figures: BTreeMap<String, Vec<u8>> = compiled
            .figures
            .iter()
            .map(|(k, v)| (k.clone(), v.clone().into_bytes()))
            .collect();
        if output::read_tree(&figures_dir).ok().as_ref() != Some(&figures) {
            output::replace_dir(&figures_dir, &figures)?;
        }
    }
    output::replace_dir(out, &compiled.files)
}

/// Compares the committed `figures/` with what the build draws.
pub fn stale_figures(root: &Path, compiled: &Compiled) -> Vec<Diagnostic> {
    let committed = match output::read_tree(&root.join("figures")) {
        Ok(mut files) => {
            files.retain(|path, _| !path.split('/').any(|part| part.starts_with('.')));
            files
        }
        Err(err) => {
            return vec![
                Diagnostic::error(Code::StaleFigure, "figures", None, "cannot read figures/")
                    .with_note(err.to_string()),
            ];
        }
    };
    let mut out = Vec::new();
    let hint = "run `cargo run -- build` and commit figures/";
    for (path, svg) in &compiled.figures {
        let file = format!("figures/{path}");
        match committed.get(path) {
            None => out.push(
                Diagnostic::error(Code::StaleFigure, file, None, "figure is missing")
                    .with_note(hint),
            ),
            Some(bytes) if bytes != svg.as_bytes() => out.push(
                Diagnostic::error(
                    Code::StaleFigure,
                    file,
                    None,
                    "figure differs from what the build draws",
                )
                .with_note(hint),
            ),
            Some(_) => {}
        }
    }
    for path in committed
        .keys()
        .filter(|p| !compiled.figures.contains_key(*p))
    {
        out.push(
            Diagnostic::error(
                Code::StaleFigure,
                format!("figures/{path}"),
                None,
                "no page draws this figure",
            )
            .with_note(hint),
        );
    }
    out
}

/// Does everything `build` does but writes nothing; also fails on stale figures.
pub fn check(root: PathBuf, verbose: bool, mutate: bool) -> ExitCode {
    let mut compiled = compile(&root, CompileOptions { mutate }, &Cache::new());
    let stale = stale_figures(&root, &compiled);
    compiled.diagnostics.extend(stale);
    eprint!("{}", compiled.report(verbose));
    if compiled.has_errors() {
        let errors = compiled.diagnostics.iter().filter(|d| d.is_error()).count();
        eprintln!("error: check found {errors} error(s)");
        return ExitCode::FAILURE;
    }
    println!(
        "checked {} pages, {} figures, {} claims",
        compiled
            .sources
            .keys()
            .filter(|k| k.starts_with("content/"))
            .count(),
        compiled.figures.len(),
        compiled.claims.len()
    );
    ExitCode::SUCCESS
}

/// Builds, serves on 127.0.0.1 with live reload.
pub fn serve(root: PathBuf, port: u16) -> ExitCode {
    match super::serve::run(&root, port) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Scaffolds `content/NAME.md` as the next rung; refuses to overwrite.
pub fn new_page(root: PathBuf, name: String) -> ExitCode {
    match super::scaffold::create(&root, &name) {
        Ok(path) => {
            println!("created {}", path.display());
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_figures_finds_missing_changed_and_extra_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        let mut compiled = Compiled::default();
        compiled
            .figures
            .insert("nim/a.svg".into(), "<svg>a</svg>".into());
        compiled
            .figures
            .insert("nim/b.svg".into(), "<svg>b</svg>".into());
        compiled
            .figures
            .insert("nim/c.svg".into(), "<svg>c</svg>".into());
        std::fs::create_dir_all(root.join("figures/nim")).expect("mkdir");
        std::fs::write(root.join("figures/nim/a.svg"), "<svg>a</svg>").expect("write");
        std::fs::write(root.join("figures/nim/b.svg"), "<svg>old</svg>").expect("write");
        std::fs::write(root.join("figures/nim/z.svg"), "<svg>z</svg>").expect("write");
        let found = stale_figures(root, &compiled);
        let files: Vec<&str> = found.iter().map(|d| d.file.as_str()).collect();
        assert_eq!(
            files,
            [
                "figures/nim/b.svg",
                "figures/nim/c.svg",
                "figures/nim/z.svg"
            ]
        );
        assert!(
            found
                .iter()
                .all(|d| d.code == Code::StaleFigure && d.is_error())
        );
        std::fs::write(root.join("figures/nim/b.svg"), "<svg>b</svg>").expect("write");
        std::fs::write(root.join("figures/nim/c.svg"), "<svg>c</svg>").expect("write");
        std::fs::remove_file(root.join("figures/nim/z.svg")).expect("remove");
        assert!(stale_figures(root, &compiled).is_empty());
    }
}
