//! The build's own input as an attacker may leave it: `content` linked out of the root,
//! names holding control characters, FIFOs, and files past their bound. Each is refused at
//! load with its file named, and nothing outside the root is read, changed or published.

use std::fs;

use crate::common::{Site, stderr, tree};

/// Builds, asserting exit code 1 with `code` and `text` in stderr, and returns stderr.
fn refused(site: &Site, code: &str, text: &str) -> String {
    let out = site.run(&["build"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("error[{code}]")), "{err}");
    assert!(err.contains(text), "expected {text} in:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[cfg(unix)]
#[test]
fn content_linked_out_of_the_root_is_refused() {
    let site = Site::new();
    let victim = tempfile::tempdir().expect("tempdir");
    fs::write(
        victim.path().join("_index.md"),
        "+++\ntitle = \"Keys\"\n+++\n",
    )
    .expect("write");
    fs::write(victim.path().join("id_ed25519"), "PRIVATE KEY").expect("write");
    let before = tree(victim.path());
    fs::remove_dir_all(site.root().join("content")).expect("rm");
    std::os::unix::fs::symlink(victim.path(), site.root().join("content")).expect("symlink");
    refused(&site, "io", "content is a symbolic link to ");
    let err = refused(&site, "io", "outside the site's root");
    assert!(!err.contains("PRIVATE"), "{err}");
    assert!(tree(&site.root().join("site")).is_empty(), "published");
    assert_eq!(tree(victim.path()), before, "the victim changed");
}

#[cfg(unix)]
#[test]
fn content_linked_to_a_folder_inside_the_root_builds() {
    let site = Site::new();
    fs::rename(site.root().join("content"), site.root().join("essays")).expect("mv");
    std::os::unix::fs::symlink("essays", site.root().join("content")).expect("symlink");
    assert!(site.build_ok().contains_key("first.html"));
}

#[cfg(unix)]
#[test]
fn names_holding_control_characters_are_refused_and_shown_escaped() {
    let site = Site::new();
    site.write("content/Icon\r", "");
    site.write("content/a\u{1b}[31mred.png", "");
    site.write("content/tab\there/page.md", "+++\ntitle = \"T\"\n+++\n");
    let err = refused(&site, "io", "content/Icon\\r");
    assert!(err.contains("content/a\\x1b[31mred.png"), "{err}");
    assert!(err.contains("content/tab\\there"), "{err}");
    assert!(!err.contains(['\u{1b}', '\r', '\t']), "{err:?}");
    assert!(tree(&site.root().join("site")).is_empty(), "published");
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_and_never_read() {
    let site = Site::new();
    for name in ["pipe.md", "pipe.png"] {
        let made = std::process::Command::new("mkfifo")
            .arg(site.root().join("content").join(name))
            .status()
            .expect("mkfifo");
        assert!(made.success());
    }
    let err = refused(&site, "io", "content/pipe.md");
    assert!(err.contains("content/pipe.png"), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
}

#[test]
fn an_asset_past_its_bound_is_refused_by_its_size() {
    let site = Site::new();
    let before = site.build_ok();
    // Sparse, so it takes no room on disk.
    let big = fs::File::create(site.root().join("content/big.bin")).expect("create");
    big.set_len((64 << 20) + 1).expect("set_len");
    let err = refused(&site, "limit", "content/big.bin");
    assert!(err.contains("67108865 bytes"), "{err}");
    assert_eq!(tree(&site.root().join("site")), before, "site/ changed");
}

#[test]
fn a_false_claim_in_the_site_title_is_reported_at_its_line() {
    let site = Site::new();
    site.write("nimsite.toml", "title = \"Where 2 ⊗ 2 = 2\"\n");
    refused(&site, "stale-claim", "nimsite.toml:1:");
}
