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
