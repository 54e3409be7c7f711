//! Code blocks with no language, read as numbers an author shows: a worked example whose
//! lines start with `=`, test cases `a, b -> c` under the operation the page names, and an
//! operation table drawn with `|`. True ones build; a wrong number fails at its line; an
//! unread block of numbers after text about a notion is refused unless waived, and an
//! edit to a waived block is `stale-waiver` at the edited line.

use crate::common::Site;

/// A worked nim-product, written with `*` and `+` as a code-golf post writes it.
const WORKED: &str = "Here `+` is nim addition and `*` nim multiplication.\n\n\
```\n6 * 13\n= (4 + 2) * (8 + 4 + 1)\n= (4 * 2) + (2 * 2) + 12 + 6 + 8 + 4 + 2\n= 8 + 3 + 12 + 6 + 8 + 4 + 2\n= 15\n```";

/// Test cases of the nim-product.
const CASES: &str =
    "Test cases of the nim product:\n\n```\n4, 4 -> 6\n4, 3 -> 12\n1, 42 -> 42\n```";

/// The nim-product table below 4, drawn in text.
const TABLE: &str = "The nim multiplication table below 4:\n\n```\n x | 0 1 2 3\n---------------\n 0 | 0 0 0 0\n 1 | 0 1 2 3\n 2 | 0 2 3 1\n 3 | 0 3 1 2\n```";

#[test]
fn true_blocks_build_and_are_checked() {
    let site = Site::with_page(&[WORKED, CASES, TABLE].join("\n\n"));
    site.build_ok();
    let claims = std::fs::read_to_string(site.root().join("site/claims.json")).expect("claims");
    // Each case and each table entry is a claim of its own.
    for claim in ["4 ⊗ 3 = 12", "1 ⊗ 42 = 42"] {
        assert!(claims.contains(claim), "no {claim} in {claims}");
    }
}

#[test]
fn a_wrong_number_fails_at_its_line() {
    // Line 5 is the sentence, 6 blank, 7 the fence: the worked lines are 8 to 12.
    let worked = Site::with_page(&WORKED.replace("= 8 + 3 + 12", "= 8 + 2 + 12"));
    let err = worked.build_err();
    assert!(err.contains("content/t.md:11:"), "{err}");
    let cases = Site::with_page(&CASES.replace("4, 3 -> 12", "4, 3 -> 13"));
    let err = cases.build_err();
    assert!(err.contains("content/t.md:9:"), "{err}");
    // The table's row of 2 is line 12.
    let table = Site::with_page(&TABLE.replace(" 2 | 0 2 3 1", " 2 | 0 2 3 2"));
    let err = table.build_err();
    assert!(err.contains("content/t.md:12:"), "{err}");
}

#[test]
fn cases_follow_the_operation_the_page_names_last() {
    let sums = "Test cases of the nim-sum:\n\n```\n4, 4 -> 0\n5, 3 -> 6\n```";
    Site::with_page(sums).build_ok();
    let err = Site::with_page(&sums.replace("5, 3 -> 6", "5, 3 -> 15")).build_err();
    assert!(err.contains("content/t.md:9:"), "{err}");
}

/// Kayles values in rows under their heap sizes, named as `G(n)` after the game's name.
const ROWS: &str = "```{octal}\n:code: 0.77\n:name: kayles\n:upto: 100\n```\n\nThe first values of Kayles:\n\n```\nn     0  1  2  3  4  5\nG(n)  0  1  2  3  1  4\n```";

#[test]
fn a_games_values_in_rows_are_checked_at_their_line() {
    let site = Site::with_page(ROWS);
    site.build_ok();
    let claims = std::fs::read_to_string(site.root().join("site/claims.json")).expect("claims");
    assert!(claims.contains("kayles(5) = 4"), "{claims}");
    // The row of values is line 15.
    let err = Site::with_page(&ROWS.replace("3  1  4\n```", "3  1  5\n```")).build_err();
    assert!(err.contains("content/t.md:15:"), "{err}");
    // A one-letter name with no game before it is not read, and is refused.
    let bare =
        "The first Grundy values:\n\n```\nn     0  1  2  3  4  5\nG(n)  0  1  2  3  1  4\n```";
    let err = Site::with_page(bare).build_err();
    assert!(err.contains("unchecked-claim"), "{err}");
}

/// Kayles values in a grid, after a sentence about them.
const GRID: &str = "The Grundy values of Kayles, from the start:\n\n```\n0 1 2 3 1 4 3 2 1 4 2 6\n4 1 2 7 1 4 3 2 1 4 6 7\n```";

#[test]
fn an_unread_block_of_values_is_refused_unless_waived() {
    let err = Site::with_page(GRID).build_err();
    assert!(err.contains("content/t.md:8:"), "{err}");
    assert!(err.contains("unchecked-claim"), "{err}");
    // Numbers after prose about nothing the lexicon knows are not a claim.
    Site::with_page(&GRID.replace("Grundy values of Kayles", "shirt sizes in stock")).build_ok();
    // A program is not read.
    Site::with_page(&GRID.replace("```\n0 1", "```python\n0 1")).build_ok();
}

#[test]
fn an_edit_to_a_waived_block_is_stale_at_its_line() {
    let waived = GRID.replace(
        "\n\n```",
        "\n\n<!-- unchecked: values this page does not compute -->\n```",
    );
    let site = Site::with_page(&waived);
    site.build_ok();
    site.write(
        "content/t.md",
        &format!(
            "+++\ntitle = \"T\"\n+++\n\n{}\n",
            waived.replace("4 1 2 7 1", "4 1 2 8 1")
        ),
    );
    let out = site.run(&["check"]);
    let err = crate::common::stderr(&out);
    assert!(!out.status.success(), "{err}");
    // Line 5 the sentence, 7 the waiver, 8 the fence, 9 and 10 the rows.
    assert!(err.contains("stale-waiver"), "{err}");
    assert!(err.contains("content/t.md:10:"), "{err}");
}

#[test]
fn a_paragraph_that_is_only_values_is_refused_unless_waived() {
    let list = "The Grundy values of Kayles, from the start:\n\n0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6";
    let err = Site::with_page(list).build_err();
    assert!(err.contains("content/t.md:7:"), "{err}");
    let waived = list.replace(
        "\n\n0, 1",
        "\n\n<!-- unchecked: values this page does not compute -->\n0, 1",
    );
    Site::with_page(&waived).build_ok();
    // A list of numbers after prose about nothing the lexicon knows is not a claim.
    Site::with_page(&list.replace("Grundy values of Kayles", "shirt sizes in stock")).build_ok();
}
