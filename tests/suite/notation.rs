//! Notation a page declares: after "I'll use `+` to denote nim addition" or "Addition is
//! exclusive-or", `+` in the page's plain math is the nim-sum only, so a sum that holds
//! only in ordinary arithmetic fails at its line; before the declaration, and on pages
//! without one, both readings are tried.

use crate::common::Site;

#[test]
fn a_declared_sum_is_the_nim_sum_from_its_sentence_on() {
    let body = "Before it, $1 + 1 = 2$ is ordinary arithmetic.\n\n\
                **Addition** is exclusive-or of the bits. For example, $11 + 13 = 6$.";
    Site::with_page(body).build_ok();
    let err = Site::with_page(&body.replace("11 + 13 = 6", "11 + 13 = 24")).build_err();
    assert!(err.contains("content/t.md:7:"), "{err}");
    // Without the declaration, 11 + 13 = 24 holds as an ordinary sum.
    Site::with_page("For example, $11 + 13 = 24$.").build_ok();
}

#[test]
fn a_declared_product_is_the_nim_product() {
    let body = "I'll use `+` to denote nim addition and `*` for nim multiplication.\n\n\
                So $2 \\times 3 = 1$.";
    Site::with_page(body).build_ok();
    let err = Site::with_page(&body.replace("3 = 1", "3 = 6")).build_err();
    assert!(err.contains("content/t.md:7:"), "{err}");
}
