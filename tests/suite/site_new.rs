//! `new NAME` through the real binary.

use crate::common::{Site, stderr};

#[test]
fn new_scaffolds_the_next_rung_and_refuses_to_overwrite() {
    let site = Site::new();
    site.write(
        "content/later.md",
        "+++\ntitle = \"Later\"\nrung = 7\n+++\n",
    );
    let out = site.run(&["new", "nim-sums"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let path = site.root().join("content/nim-sums.md");
    let text = std::fs::read_to_string(&path).expect("created");
    assert!(text.starts_with("+++\n"), "{text}");
    assert!(text.contains("rung = 8"), "{text}");
    assert!(text.contains("```{table}") && text.contains(":op: add") && text.contains(":size: 4"));
    assert!(text.contains("{nim}`2*2`"));
    let out = site.run(&["new", "nim-sums"]);
    assert!(!out.status.success(), "overwrote an existing page");
    assert!(stderr(&out).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&path).expect("kept"), text);
    let out = site.run(&["new", "../escape"]);
    assert!(!out.status.success(), "accepted a path as a name");
    site.build_ok();
}

#[test]
fn new_accepts_nested_names_but_never_leaves_content() {
    let site = Site::new();
    let out = site.run(&["new", "games/stones"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(site.root().join("content/games/stones.md"))
        .expect("created in its folder");
    assert!(text.contains("title = \"Stones\""), "{text}");
    let files = site.build_ok();
    assert!(files.contains_key("games/stones.html"));
    let before = crate::common::tree(site.root());
    for bad in [
        "../x",
        "a/../../x",
        "/tmp/x",
        "games//x",
        "games/",
        "games/-x",
    ] {
        let out = site.run(&["new", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad} was accepted");
        assert!(
            stderr(&out).contains("is not a valid page name"),
            "{bad}: {}",
            stderr(&out)
        );
    }
    assert_eq!(
        crate::common::tree(site.root()),
        before,
        "a refused name wrote a file"
    );
}

#[test]
fn new_takes_a_title_or_a_file_name() {
    let site = Site::new();
    let out = site.run(&["new", "My Page"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(site.root().join("content/my-page.md")).expect("created");
    assert!(text.contains("title = \"My Page\""), "{text}");
    let out = site.run(&["new", "page.md"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(site.root().join("content/page.md")).expect("created");
    assert!(text.contains("title = \"Page\""), "{text}");
    assert!(!site.root().join("content/page.md.md").exists());
    let files = site.build_ok();
    assert!(files.contains_key("my-page.html") && files.contains_key("page.html"));
}

#[test]
fn new_refuses_a_path_through_a_symbolic_link() {
    let site = Site::new();
    let outside = tempfile::tempdir().expect("tempdir");
    std::os::unix::fs::symlink(outside.path(), site.root().join("content/linked"))
        .expect("symlink");
    let out = site.run(&["new", "linked/x"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("symbolic link"), "{}", stderr(&out));
    assert!(
        crate::common::tree(outside.path()).is_empty(),
        "wrote outside the root"
    );
}

#[test]
fn a_page_with_a_byte_order_mark_or_old_mac_line_ends_builds() {
    let site = Site::new();
    site.write(
        "content/bom.md",
        "\u{feff}+++\ntitle = \"Bom\"\nrung = 2\n+++\n\nText.\n",
    );
    site.write(
        "content/mac.md",
        "+++\rtitle = \"Mac\"\rrung = 3\r+++\r\r```{claim}\r2*2 = 3\r```\r",
    );
    let files = site.build_ok();
    let mac = String::from_utf8_lossy(&files["mac.html"]).into_owned();
    assert!(
        mac.contains("claim"),
        "the claim fence was not read as one: {mac}"
    );
    site.write(
        "content/mac.md",
        "+++\rtitle = \"Mac\"\rrung = 3\r+++\r\r```{claim}\r2*2 = 2\r```\r",
    );
    let err = site.build_err();
    assert!(
        err.contains("error[stale-claim]") && err.contains("content/mac.md:7:"),
        "{err}"
    );
}

#[test]
fn an_unclosed_front_matter_names_the_missing_line() {
    let site = Site::new();
    site.write(
        "content/open.md",
        "+++\ntitle = \"Open\"\nrung = 2\n\nText.\n",
    );
    let err = site.build_err();
    assert!(err.contains("the front matter is never closed"), "{err}");
    assert!(err.contains("content/open.md:1:1"), "{err}");
}

#[test]
fn a_new_pages_placeholder_summary_is_a_warning_until_edited() {
    let site = Site::new();
    let out = site.run(&["new", "nim-sums"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let path = site.root().join("content/nim-sums.md");
    let text = std::fs::read_to_string(&path).expect("created");
    assert!(text.contains("\ndate = 20"), "a new page is dated: {text}");
    let out = site.run(&["build"]);
    assert!(
        out.status.success(),
        "a placeholder is no error: {}",
        stderr(&out)
    );
    let err = stderr(&out);
    assert!(
        err.contains("warning[placeholder]: the summary is still the placeholder"),
        "{err}"
    );
    assert!(err.contains("┌─ content/nim-sums.md:5:11"), "{err}");
    assert!(!err.contains("error["), "{err}");
    let edited = text.replace(
        "One line on what this page shows.",
        "Sums of nimbers, in one table.",
    );
    assert_ne!(edited, text);
    std::fs::write(&path, edited).expect("edit");
    let out = site.run(&["build"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("placeholder"), "{}", stderr(&out));
}
