//! The output is the build's own: `--out` never replaces a folder the build did not
//! write, generated files are never silently replaced by the author's, `figures/` keeps
//! what the build did not draw, and two builds of one root never interleave.

use std::fs;

use crate::common::{Site, stderr, tree};

/// A page with a directive, so that the build draws a figure.
const FIGURED: &str =
    "+++\ntitle = \"First\"\nrung = 1\n+++\n\n## Start\n\n```{table}\n:op: mul\n:size: 4\n```\n";

/// Runs `build --out OUT` and asserts exit 2 with `reason` in the message.
fn refused(site: &Site, out: &str, reason: &str) {
    let run = site.run(&["build", "--out", out]);
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(err.contains("refusing to write the site"), "{err}");
    assert!(err.contains(reason), "expected {reason:?} in:\n{err}");
}

#[test]
fn out_refuses_a_folder_it_did_not_write() {
    let site = Site::new();
    site.write("keys/.ssh/id_ed25519", "secret");
    let out = site.root().join("keys");
    refused(
        &site,
        out.to_str().expect("utf-8"),
        "not written by nimsite build",
    );
    assert_eq!(
        fs::read_to_string(out.join(".ssh/id_ed25519")).expect("kept"),
        "secret"
    );
    assert_eq!(tree(&out).len(), 1);
}

#[test]
fn out_refuses_the_root_its_sources_and_its_ancestors() {
    let site = Site::new();
    let before = tree(site.root());
    let root = site.root().to_str().expect("utf-8").to_string();
    refused(&site, &root, "the site's root");
    refused(&site, &format!("{root}/content/.."), "the site's root");
    refused(&site, &format!("{root}/content"), "inside content/");
    refused(&site, &format!("{root}/templates"), "inside templates/");
    refused(&site, &format!("{root}/content/site"), "inside content/");
    let parent = site.root().parent().expect("parent");
    refused(
        &site,
        parent.to_str().expect("utf-8"),
        "holds the site's root",
    );
    site.write("notes.txt", "a file");
    refused(&site, &format!("{root}/notes.txt"), "is a file");
    let mut after = tree(site.root());
    after.remove(".nimsite.lock");
    after.remove("notes.txt");
    assert_eq!(after, before, "a refused build changed the root");
}

#[test]
fn out_replaces_its_own_output_but_not_a_file_dropped_into_it() {
    let site = Site::new();
    let out = site.root().join("public");
    let out_arg = out.to_str().expect("utf-8");
    let run = site.run(&["build", "--out", out_arg]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(out.join(".nimsite-output").is_file());
    let run = site.run(&["build", "--out", out_arg]);
    assert!(
        run.status.success(),
        "a marked folder is replaced: {}",
        stderr(&run)
    );
    fs::write(out.join("CNAME"), "example.org").expect("write");
    refused(&site, out_arg, "CNAME, which no build wrote");
    assert_eq!(
        fs::read_to_string(out.join("CNAME")).expect("kept"),
        "example.org"
    );
}

#[test]
fn figures_keeps_files_the_build_did_not_draw() {
    let site = Site::new();
    site.write("figures/.gitkeep", "");
    site.write("figures/logo.svg", "<svg>drawn by hand</svg>");
    site.write("content/first.md", FIGURED);
    site.build_ok();
    let figures = tree(&site.root().join("figures"));
    assert!(
        figures.keys().any(|k| k.starts_with("first/")),
        "{figures:?}"
    );
    // The page stops drawing: its figure goes, the author's files stay.
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\nText.\n",
    );
    site.build_ok();
    let figures = tree(&site.root().join("figures"));
    let names: Vec<&str> = figures.keys().map(String::as_str).collect();
    assert_eq!(names, [".gitkeep", ".nimsite-figures", "logo.svg"]);
    assert_eq!(figures["logo.svg"], b"<svg>drawn by hand</svg>");
    let check = site.run(&["check"]);
    assert!(check.status.success(), "{}", stderr(&check));
}

#[test]
fn pages_and_assets_at_generated_paths_are_duplicate_urls() {
    for (file, text) in [
        ("content/404.md", "+++\ntitle = \"Lost\"\n+++\n\nText.\n"),
        (
            "content/checked.md",
            "+++\ntitle = \"Mine\"\nrung = 2\n+++\n\nText.\n",
        ),
        ("templates/claims.json", "[]"),
        ("templates/sitemap.xml", "<urlset/>"),
        ("templates/figures/first/x.svg", "<svg/>"),
    ] {
        let site = Site::new();
        site.write(file, text);
        let err = site.build_err();
        assert!(err.contains("error[duplicate-url]"), "{file}:\n{err}");
        let at = if file.starts_with("content/") {
            format!("┌─ {file}:1:")
        } else {
            format!("in {file}")
        };
        assert!(err.contains(&at), "{file}:\n{err}");
        assert!(err.contains("which the build generates"), "{file}:\n{err}");
    }
}

#[test]
fn a_second_build_of_a_root_is_refused_while_the_first_runs() {
    let site = Site::new();
    // A build holds a lock on the root folder itself, and leaves no lock file.
    let lock = fs::File::open(site.root()).expect("open");
    lock.lock().expect("lock");
    let run = site.run(&["build"]);
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(err.contains("another build is running in"), "{err}");
    assert!(!site.root().join("site").exists());
    lock.unlock().expect("unlock");
    site.build_ok();
    assert!(!site.root().join(".nimsite.lock").exists());
}

#[test]
fn staging_left_by_a_killed_build_is_removed() {
    let site = Site::new();
    site.build_ok();
    site.write(".site.nimsite-staging-4242/index.html", "half written");
    site.write(".figures.nimsite-staging-4242/x.svg", "half written");
    site.build_ok();
    assert!(!site.root().join(".site.nimsite-staging-4242").exists());
    assert!(!site.root().join(".figures.nimsite-staging-4242").exists());
}
