//! `init [DIR]`: a new site that builds at once, with a home page, one essay holding a
//! live directive and a role, `nimsite.toml`, `.gitignore`, workflows that check
//! every push and publish the site to GitHub Pages, and VS Code settings that run
//! `nimsite lsp` while typing.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::site::{Error, config};

/// The starter's `.gitignore`: the output, the build's staging folders and journal, and
/// the lock file Windows needs.
const GITIGNORE: &str =
    "/site/\n/.site.*\n/.figures.*\n/.nimsite-journal\n/.nimsite-journal.tmp\n/.nimsite.lock\n";

/// The starter's home page.
const HOME: &str = r#"+++
title = "Home"
summary = "Essays on nimbers in which every number is computed when the site is built."
+++

Welcome. Each page of this site is a Markdown file in `content/`; the ladder below lists
them in order. Start with [the first page](first-steps.html), then add your own with
`nimsite new "A title"`.
"#;

/// The starter's first essay, with a directive, a role and a checked claim; `{DATE}` is
/// the day it is written.
const FIRST: &str = r#"+++
title = "First steps"
rung = 1
date = {DATE}
summary = "A table of nim-products and a checked claim."
+++

## Products below 4

The table below is computed by the build, and so is every number in this paragraph:
the nim-product {nim}`2*2` is not the ordinary {val}`2**2`, and the claim {nim}`2*3 = 1` fails the build
the day it stops holding.

```{table}
:op: mul
:size: 4
:caption: The nimbers below 4 under the nim-product
```

## What next

Edit this page, run `nimsite serve` to watch it rebuild, or see
[what is checked here](checked.html).
"#;

/// The VS Code setting that runs `nimsite lsp` on the site's Markdown through the
/// generic LSP client extension, so errors show while typing.
const VSCODE_SETTINGS: &str = r#"{
  "glspc.serverPath": "nimsite",
  "glspc.serverArgs": ["lsp"],
  "glspc.languageId": "markdown"
}
"#;

/// The VS Code recommendation of the generic LSP client extension the settings configure.
const VSCODE_EXTENSIONS: &str = r#"{
  "recommendations": ["torn4dom4n.glspc"]
}
"#;

/// Where nimsite's releases are published; `{REPOSITORY}` in the workflows.
const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");

/// The settings both workflows share; `{ENV}` in them.
const WORKFLOW_ENV: &str = r#"env:
  # The nimsite release this site was started with, and the repository it comes from.
  NIMSITE_VERSION: v{VERSION}
  NIMSITE_REPOSITORY: {REPOSITORY}
  # "release" downloads the release's binary for the runner and checks its SHA-256;
  # "git" builds nimsite from NIMSITE_REPOSITORY at NIMSITE_VERSION instead
  # (cargo install --locked --git URL nimsite, with ~/.cargo and target cached).
  NIMSITE_INSTALL: release
"#;

/// The steps that install nimsite, from the release or from git; `{INSTALL}`.
const INSTALL_STEPS: &str = r#"      - name: Install nimsite from its release
        if: env.NIMSITE_INSTALL == 'release'
        shell: bash
        run: |
          exe=""
          case "$RUNNER_OS-$RUNNER_ARCH" in
            Linux-X64) target=x86_64-unknown-linux-gnu ;;
            macOS-ARM64) target=aarch64-apple-darwin ;;
            Windows-X64) target=x86_64-pc-windows-msvc; exe=.exe ;;
            *) echo "no release for $RUNNER_OS-$RUNNER_ARCH; set NIMSITE_INSTALL: git" >&2; exit 1 ;;
          esac
          asset="nimsite-$target$exe"
          dir="$RUNNER_TEMP/nimsite"
          mkdir -p "$dir" && cd "$dir"
          base="$NIMSITE_REPOSITORY/releases/download/$NIMSITE_VERSION"
          curl --proto '=https' --tlsv1.2 -fsSL -O "$base/$asset" -O "$base/SHA256SUMS"
          grep "  $asset\$" SHA256SUMS > expected
          if command -v sha256sum >/dev/null; then sha256sum -c expected; else shasum -a 256 -c expected; fi
          mv "$asset" "nimsite$exe" && chmod +x "nimsite$exe"
          echo "$dir" >> "$GITHUB_PATH"
      - if: env.NIMSITE_INSTALL == 'git'
        uses: dtolnay/rust-toolchain@b3b07ba8b418998c39fb20f53e8b695cdcc8de1b # master
        with:
          toolchain: stable
      - if: env.NIMSITE_INSTALL == 'git'
        uses: actions/cache@5a3ec84eff668545956fd18022155c47e93e2684 # v4.2.3
        with:
          path: |
            ~/.cargo
            target
          key: nimsite-${{ runner.os }}-${{ env.NIMSITE_VERSION }}
      - name: Build nimsite from its repository
        if: env.NIMSITE_INSTALL == 'git'
        env:
          CARGO_TARGET_DIR: target
        run: cargo install --locked --git "$NIMSITE_REPOSITORY" --tag "$NIMSITE_VERSION" nimsite
"#;

/// The workflow that checks every push and pull request.
const CHECK_WORKFLOW: &str = r#"name: Check

on:
  push:
  pull_request:

permissions:
  contents: read

{ENV}
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
{INSTALL}      - name: Check every claim and figure
        run: nimsite check --mutate
"#;

/// The workflow that publishes the site to GitHub Pages from `main`.
const PAGES_WORKFLOW: &str = r#"name: Publish the site

on:
  push:
    branches: [main]
  workflow_dispatch:

permissions:
  contents: read

concurrency:
  group: pages
  cancel-in-progress: false

{ENV}
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
{INSTALL}      - id: pages
        uses: actions/configure-pages@983d7736d9b0ae728b81ab479565c72886d7745b # v5.0.0
      - name: Check every claim and figure
        run: nimsite check
      - name: Build the site
        env:
          NIMSITE_BASE_URL: ${{ steps.pages.outputs.base_url }}
        run: nimsite build
      - uses: actions/upload-pages-artifact@56afc609e74202658d3ffba0e8f6dda462b719fa # v3.0.1
        with:
          path: site

  deploy:
    needs: build
    runs-on: ubuntu-latest
    permissions:
      pages: write
      id-token: write
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@d6db90164ac5ed86f2b6aed7e0febac5b3c0c03e # v4.0.5
"#;

/// Returns a workflow with the shared settings and install steps filled in.
fn workflow(text: &str) -> String {
    let env = WORKFLOW_ENV
        .replace("{VERSION}", env!("CARGO_PKG_VERSION"))
        .replace("{REPOSITORY}", REPOSITORY);
    text.replace("{ENV}", &env)
        .replace("{INSTALL}", INSTALL_STEPS)
}

/// Returns the starter's `nimsite.toml`, titled after the site's folder.
fn config_file(title: &str) -> String {
    let title = title.replace(['\\', '"'], "");
    format!(
        "# The site as a whole. Every key is optional; an unknown key is an error.\n\
         title = \"{title}\"\n\
         description = \"Essays on nimbers, computed and checked when the site is built.\"\n\
         language = \"en\"\n\
         # author = \"Your name\"\n\
         # The address the site is published at, for the sitemap, the feed, the 404 page and\n\
         # OpenGraph; NIMSITE_BASE_URL overrides it (the Pages workflow sets it).\n\
         # base_url = \"https://example.org/\"\n"
    )
}

/// Returns every file of a new site, by its path under the site's folder.
pub fn files(title: &str) -> Vec<(&'static str, String)> {
    vec![
        (config::FILE, config_file(title)),
        (".gitignore", GITIGNORE.to_string()),
        ("content/_index.md", HOME.to_string()),
        (
            "content/first-steps.md",
            FIRST.replace("{DATE}", &super::new::today()),
        ),
        (".github/workflows/check.yml", workflow(CHECK_WORKFLOW)),
        (".github/workflows/pages.yml", workflow(PAGES_WORKFLOW)),
        (".vscode/settings.json", VSCODE_SETTINGS.to_string()),
        (".vscode/extensions.json", VSCODE_EXTENSIONS.to_string()),
    ]
}

/// Creates a new site in `dir` (made if missing) and returns the files written; writes
/// nothing when any of them already exists.
pub fn init(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let title = fs::canonicalize(dir)
        .ok()
        .or_else(|| Some(dir.to_path_buf()))
        .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "nimsite".to_string());
    let files = files(&title);
    if let Some((rel, _)) = files.iter().find(|(rel, _)| dir.join(rel).exists()) {
        return Err(Error::Exists(dir.join(rel)));
    }
    let mut made = Made::default();
    match write_files(dir, files, &mut made) {
        Ok(()) => Ok(made.files),
        Err(err) => {
            made.undo();
            Err(err)
        }
    }
}

/// The files and folders one `init` created, so a failure can take them back.
#[derive(Default)]
struct Made {
    files: Vec<PathBuf>,
    dirs: Vec<PathBuf>,
}

impl Made {
    /// Removes what was created, newest first; folders only while empty.
    fn undo(self) {
        for file in self.files.iter().rev() {
            let _ = fs::remove_file(file);
        }
        for dir in self.dirs.iter().rev() {
            let _ = fs::remove_dir(dir);
        }
    }
}

/// Writes each file new, recording in `made` every file and folder it creates.
fn write_files(dir: &Path, files: Vec<(&str, String)>, made: &mut Made) -> Result<(), Error> {
    for (rel, text) in files {
        let path = dir.join(rel);
        let failed = |source| Error::Write {
            path: path.clone(),
            source,
        };
        if let Some(parent) = path.parent() {
            make_dirs(parent, made).map_err(failed)?;
        }
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(failed)?;
        made.files.push(path.clone());
        file.write_all(text.as_bytes()).map_err(failed)?;
    }
    Ok(())
}

/// Creates `dir` and its missing parents, recording each one created.
fn make_dirs(dir: &Path, made: &mut Made) -> std::io::Result<()> {
    let missing: Vec<&Path> = dir
        .ancestors()
        .filter(|d| !d.as_os_str().is_empty())
        .take_while(|d| fs::symlink_metadata(d).is_err())
        .collect();
    for d in missing.into_iter().rev() {
        fs::create_dir(d)?;
        made.dirs.push(d.to_path_buf());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_pages_and_config_parse() {
        for (rel, text) in files("a \"quoted\" site") {
            if rel.ends_with(".md") {
                let front = crate::site::front_matter::parse(rel, &text).expect(rel);
                assert_eq!(
                    front.date.is_some(),
                    rel.ends_with("first-steps.md"),
                    "{rel}"
                );
            }
            if rel.ends_with(".json") {
                serde_json::from_str::<serde_json::Value>(&text).expect(rel);
            }
            if rel == config::FILE {
                let c = config::Config::parse(&text).expect("valid config");
                assert_eq!(c.title.as_deref(), Some("a quoted site"));
            }
        }
    }

    #[test]
    fn init_takes_back_what_it_wrote_when_a_later_file_fails() {
        let dir = tempfile::tempdir().expect("tempdir");
        let target = dir.path().join("new-site");
        fs::create_dir_all(&target).expect("mkdir");
        // A file where the workflows' folder should go blocks the last files only.
        fs::write(target.join(".github"), "mine").expect("write");
        let err = init(&target).expect_err("a blocked folder");
        assert!(matches!(err, Error::Write { .. }), "{err}");
        let left: Vec<_> = fs::read_dir(&target)
            .expect("read")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(left, [".github"]);
        fs::remove_file(target.join(".github")).expect("rm");
        let written = init(&target).expect("now it writes");
        assert_eq!(written.len(), files("t").len());
        assert!(target.join(".github/workflows/pages.yml").is_file());
        assert!(target.join(".vscode/extensions.json").is_file());
    }

    #[test]
    fn the_vscode_settings_run_the_language_server_on_markdown() {
        let files = files("t");
        let json = |name: &str| -> serde_json::Value {
            let text = &files.iter().find(|(rel, _)| *rel == name).expect(name).1;
            serde_json::from_str(text).expect(name)
        };
        let settings = json(".vscode/settings.json");
        assert_eq!(settings["glspc.serverPath"], "nimsite");
        assert_eq!(settings["glspc.serverArgs"], serde_json::json!(["lsp"]));
        assert_eq!(settings["glspc.languageId"], "markdown");
        let extensions = json(".vscode/extensions.json");
        assert_eq!(
            extensions["recommendations"],
            serde_json::json!(["torn4dom4n.glspc"])
        );
    }

    #[test]
    fn init_refuses_to_overwrite_and_writes_nothing_then() {
        for (existing, folder) in [
            ("content/first-steps.md", "content"),
            (".vscode/settings.json", ".vscode"),
        ] {
            let dir = tempfile::tempdir().expect("tempdir");
            fs::create_dir_all(dir.path().join(folder)).expect("mkdir");
            fs::write(dir.path().join(existing), "mine").expect("write");
            let err = init(dir.path()).expect_err("an existing file");
            assert!(matches!(err, Error::Exists(_)), "{existing}: {err}");
            assert!(!dir.path().join(config::FILE).exists(), "{existing}");
            assert_eq!(
                fs::read_to_string(dir.path().join(existing)).expect("kept"),
                "mine"
            );
        }
        // With only the editor's settings there, no page is written either.
        let dir = tempfile::tempdir().expect("tempdir");
        fs::create_dir_all(dir.path().join(".vscode")).expect("mkdir");
        fs::write(dir.path().join(".vscode/settings.json"), "{}").expect("write");
        assert!(init(dir.path()).is_err());
        assert!(!dir.path().join("content").exists());
    }
}
