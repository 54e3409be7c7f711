//! `check --explain PAGE`: each claim-bearing span of one page, as the build read it, in
//! line order, with the refusals among them; exit 1 when the page has an error.

use crate::common::{Site, stderr};

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn explain_lists_each_reading_and_refusal_by_line() {
    let site = Site::new();
    site.write(
        "content/t.md",
        "+++\ntitle = \"T\"\n+++\n\nSo $a \\oplus a = 0$ always.\n\n\
         <!-- unchecked: a step under a hypothesis -->\nIf $x \\otimes y = 1$ then $y$ is its inverse.\n\n\
         The nim-sum of 3 and 5 is 6.\n",
    );
    let out = site.run(&["check", "--explain", "t"]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}{text}", stderr(&out));
    let at = |needle: &str| {
        text.find(needle)
            .unwrap_or_else(|| panic!("{needle} in\n{text}"))
    };
    // The law is shown with the domain it was read over, before the waiver and the words.
    assert!(at("∀ a < 256: a ⊕ a = 0") < at("a step under a hypothesis"));
    assert!(at("a step under a hypothesis") < at("3 ⊕ 5 = 6"));
    assert!(text.contains("holds"), "{text}");

    // A false claim and one that cannot be read are listed as refused, and the page fails.
    site.write(
        "content/t.md",
        "+++\ntitle = \"T\"\n+++\n\nSo $2 \\otimes 2 = 2$ here.\n\nLet $c = 2 \\otimes 3$.\n",
    );
    let out = site.run(&["check", "--explain", "content/t.md"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("error[stale-claim]"), "{text}");
    assert!(text.contains("error[unchecked-claim]"), "{text}");
    assert!(
        text.find("stale-claim") < text.find("unchecked-claim"),
        "{text}"
    );

    // A page the site does not have is named with the pages it has.
    let out = site.run(&["check", "--explain", "nowhere"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("content/t.md"), "{}", stderr(&out));
}
