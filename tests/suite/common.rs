//! Helpers shared by the site's integration tests: a temporary site root with the real
//! templates, and runs of the real binary.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A temporary site root holding a copy of `templates/` and the pages a test writes.
pub struct Site {
    pub dir: tempfile::TempDir,
}

impl Site {
    /// Creates a root with the real templates and a home page.
    pub fn new() -> Site {
        let dir = tempfile::tempdir().expect("tempdir");
        let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        copy_dir(&templates, &dir.path().join("templates"));
        let site = Site { dir };
        site.write(
            "content/_index.md",
            "+++\ntitle = \"Home\"\n+++\n\nWelcome. Read [the first page](first.html).\n",
        );
        site.write(
            "content/first.md",
            "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Start\n\nText.\n",
        );
        site
    }

    /// Creates a site with one more page, `content/t.md`, whose body starts on line 5.
    pub fn with_page(body: &str) -> Site {
        let site = Site::new();
        site.write(
            "content/t.md",
            &format!("+++\ntitle = \"T\"\n+++\n\n{body}\n"),
        );
        site
    }

    /// Returns the root.
    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    /// Writes a file under the root, creating folders.
    pub fn write(&self, rel: &str, text: &str) {
        let path = self.root().join(rel);
        fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        fs::write(path, text).expect("write");
    }

    /// Returns the command that runs the binary with arguments and `--root` pointing
    /// here, without `NIMSITE_BASE_URL`, for a test to adjust before running it.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_nimsite"));
        command
            .args(args)
            .arg("--root")
            .arg(self.root())
            .env_remove("NIMSITE_BASE_URL");
        command
    }

    /// Runs the binary with arguments and `--root` pointing here.
    pub fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().expect("run nimsite")
    }

    /// Builds, asserting success, and returns the site's files.
    pub fn build_ok(&self) -> BTreeMap<String, Vec<u8>> {
        let out = self.run(&["build"]);
        assert!(out.status.success(), "build failed:\n{}", stderr(&out));
        tree(&self.root().join("site"))
    }

    /// Builds, asserting failure, and returns stderr.
    pub fn build_err(&self) -> String {
        let out = self.run(&["build"]);
        assert!(!out.status.success(), "build should have failed");
        stderr(&out)
    }
}

/// Returns a process's stderr as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Reads every file under `dir`, keyed by its relative path.
pub fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    if !dir.exists() {
        return files;
    }
    for entry in walkdir(dir) {
        let rel = entry
            .strip_prefix(dir)
            .expect("prefix")
            .to_string_lossy()
            .replace('\\', "/");
        files.insert(rel, fs::read(&entry).expect("read"));
    }
    files
}

/// Lists the files under `dir`, recursively.
fn walkdir(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).expect("read_dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out
}

/// Copies a directory tree.
pub fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("read_dir") {
        let path = entry.expect("entry").path();
        let dest = to.join(path.file_name().expect("name"));
        if path.is_dir() {
            copy_dir(&path, &dest);
        } else {
            fs::copy(&path, &dest).expect("copy");
        }
    }
}
