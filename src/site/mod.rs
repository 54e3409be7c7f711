//! The site: content discovery, front matter, Markdown, templates and atomic output.

use std::path::PathBuf;
use std::process::ExitCode;

/// Builds the site under `root` into `out` (default `root/site`).
pub fn build(root: PathBuf, out: Option<PathBuf>) -> ExitCode {
    let _ = (root, out);
    eprintln!("error: build is not available yet");
    ExitCode::FAILURE
}

/// Does everything `build` does but writes nothing.
pub fn check(root: PathBuf, verbose: bool, mutate: bool) -> ExitCode {
    let _ = (root, verbose, mutate);
    eprintln!("error: check is not available yet");
    ExitCode::FAILURE
}

/// Builds, serves on 127.0.0.1 with live reload.
pub fn serve(root: PathBuf, port: u16) -> ExitCode {
    let _ = (root, port);
    eprintln!("error: serve is not available yet");
    ExitCode::FAILURE
}

/// Scaffolds `content/NAME.md`.
pub fn new_page(root: PathBuf, name: String) -> ExitCode {
    let _ = (root, name);
    eprintln!("error: new is not available yet");
    ExitCode::FAILURE
}
