//! Installing nimsite and the GitHub workflows: the README installs before `init`, a tag
//! releases binaries with checksums, and every workflow, the repository's and those
//! `init` writes, passes zizmor and the workflow schema when the tools are at hand.

use std::fs;
use std::path::Path;
use std::process::Command;

/// Returns a file of the repository as text.
fn repo_file(rel: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).expect(rel)
}

#[test]
fn the_readme_installs_nimsite_before_init() {
    let readme = repo_file("README.md");
    let install = readme
        .find("cargo install --locked --path .")
        .expect("no install command in the README");
    let init = readme.find("nimsite init").expect("no init in the README");
    assert!(install < init, "the README runs init before installing");
    let fresh = readme.find("## On a fresh machine").expect("section");
    assert!(
        fresh < install,
        "the install command is not in the fresh-machine part"
    );
}

#[test]
fn a_tag_releases_binaries_for_three_systems_with_checksums() {
    let release = repo_file(".github/workflows/release.yml");
    assert!(release.contains("tags: [\"v*\"]"), "{release}");
    for os in ["ubuntu-latest", "macos-latest", "windows-latest"] {
        assert!(release.contains(os), "no {os} build");
    }
    assert!(release.contains("sha256sum"), "no checksums");
    assert!(release.contains("SHA256SUMS"), "no checksum list");
    assert!(release.contains("gh release create"), "nothing attached");
}

/// Returns the workflows `init` writes, by name, from a new site in a temporary folder.
fn starter_workflows() -> (tempfile::TempDir, Vec<std::path::PathBuf>) {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .args(["init", "site"])
        .current_dir(dir.path())
        .env_remove("NIMSITE_BASE_URL")
        .output()
        .expect("run nimsite");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let folder = dir.path().join("site/.github/workflows");
    let files = ["check.yml", "pages.yml"].map(|f| folder.join(f)).to_vec();
    (dir, files)
}

/// Returns the repository's own workflows.
fn repo_workflows() -> Vec<std::path::PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join(".github/workflows");
    let mut files: Vec<_> = fs::read_dir(folder)
        .expect("workflows")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "yml"))
        .collect();
    files.sort();
    files
}

#[test]
fn the_starter_workflows_install_a_checked_release_and_pin_every_action() {
    let (_dir, files) = starter_workflows();
    for file in files.iter().chain(&repo_workflows()) {
        let text = fs::read_to_string(file).expect("workflow");
        let name = file.display();
        assert!(
            !text.contains("cargo install --locked nimsite"),
            "{name} installs from crates.io"
        );
        assert!(text.contains("permissions:\n  contents: read"), "{name}");
        for line in text.lines().filter(|l| l.contains("uses: ")) {
            let (_, pin) = line.split_once('@').expect("a version");
            let (sha, version) = pin.split_once(" # ").unwrap_or((pin, ""));
            assert!(
                sha.len() == 40 && sha.bytes().all(|b| b.is_ascii_hexdigit()),
                "{name}: not pinned to a commit: {line}"
            );
            assert!(!version.is_empty(), "{name}: no version comment: {line}");
        }
        let checkouts = text.matches("actions/checkout@").count();
        assert_eq!(
            text.matches("persist-credentials: false").count(),
            checkouts,
            "{name}"
        );
    }
    let pages = fs::read_to_string(&files[1]).expect("pages");
    assert!(pages.contains("SHA256SUMS") && pages.contains("sha256sum -c"));
    assert!(pages.contains("cargo install --locked --git"));
    let deploy = pages.split("  deploy:").nth(1).expect("a deploy job");
    assert!(deploy.contains("pages: write") && deploy.contains("id-token: write"));
    let build = pages.split("  deploy:").next().expect("a build job");
    assert!(!build.contains("pages: write") && !build.contains("id-token"));
}

/// Returns whether `tool --version` runs.
fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Returns whether zizmor and check-jsonschema are installed; without them a test
/// skips with a note, unless `.ci/run` installed them (`NIMSITE_WORKFLOW_TOOLS`).
fn workflow_tools() -> bool {
    let found = have("zizmor") && have("check-jsonschema");
    if !found {
        assert!(
            std::env::var_os("NIMSITE_WORKFLOW_TOOLS").is_none(),
            "NIMSITE_WORKFLOW_TOOLS is set but zizmor or check-jsonschema does not run"
        );
        eprintln!(
            "note: zizmor or check-jsonschema is missing, so the workflows are not audited \
             (pip install zizmor check-jsonschema)"
        );
    }
    found
}

#[test]
fn every_workflow_passes_zizmor_and_the_workflow_schema() {
    if !workflow_tools() {
        return;
    }
    let (_dir, starter) = starter_workflows();
    for files in [repo_workflows(), starter] {
        let out = Command::new("zizmor")
            .args(["--offline", "--min-severity", "medium"])
            .args(&files)
            .output()
            .expect("run zizmor");
        assert!(
            out.status.success(),
            "zizmor found medium or high findings in {files:?}:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        for file in &files {
            let out = Command::new("check-jsonschema")
                .args(["--builtin-schema", "vendor.github-workflows"])
                .arg(file)
                .output()
                .expect("run check-jsonschema");
            assert!(
                out.status.success(),
                "{} is not a valid workflow:\n{}",
                file.display(),
                String::from_utf8_lossy(&out.stdout)
            );
        }
    }
}
