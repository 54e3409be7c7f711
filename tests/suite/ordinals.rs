//! Rung 5 through the binary: `eval` beyond the whole numbers, the ordinal directives true
//! and false, and a false claim about ω failing the build at its line.

use std::process::{Command, Output};

use crate::common::{Site, stderr};

fn eval(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .arg("eval")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn eval_agrees_with_the_worked_facts() {
    let out = eval(&[
        "w^3",
        "(w+1)^-1",
        "alpha(7)",
        "excess(19)",
        "deg(w)",
        "ord(w)",
        "w*w",
        "w^4",
        "w**3",
        "deg(w**w)",
        "ord(w**w)",
        "(w**w)^5",
        "(w**(w**2))^7",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "2\nw**2*2 + w*2 + 2\nw + 1\n4\n6\n9\nw**2\nw*2\nw**3\n20\n75\n4\nw + 1\n"
    );
}

#[test]
fn eval_exit_codes_beyond_the_whole_numbers() {
    let out = eval(&["w^3 = 2", "inv(w + 1) = w**2*2 + w*2 + 2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "true\ntrue\n");
    let out = eval(&["w^3 = 3"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "false\n");
    let out = eval(&["w**(w**w)"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("ω^(ω^ω)"), "{}", stderr(&out));
    for bad in [
        "alpha(283)",
        "alpha(9)",
        "inv(w + w)",
        "w**w**w",
        "ord(w**(w**9))",
    ] {
        let out = eval(&[bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stdout(&out));
        assert!(
            stderr(&out).starts_with("error: "),
            "{bad}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn a_false_claim_about_omega_fails_the_build_at_its_line() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\nTrue: {nim}`w^3 = 2`.\n\nFalse: {nim}`w^3 = 3`.\n",
    );
    let err = site.build_err();
    assert!(err.contains("first.md:8:"), "{err}");
    assert!(
        err.contains("the left side is 2 and the right side is 3"),
        "{err}"
    );
    assert!(!err.contains("first.md:6:"), "{err}");
}

#[test]
fn claims_about_omega_build_and_render_as_cantor_normal_form() {
    let site = Site::new();
    site.write(
        "content/first.md",
        "+++\ntitle = \"First\"\nrung = 1\n+++\n\n{nim}`inv(w + 1)` and {nim}`w^3 = 2`.\n\n\
         ```{claim}\nw**3 != w^3\nalpha(7) = w + 1\n```\n\nPlain: $\\omega^{\\otimes 3} = 2$.\n",
    );
    let files = site.build_ok();
    let page = String::from_utf8_lossy(&files["first.html"]).into_owned();
    assert!(page.contains("<mi>ω</mi>"), "{page}");
    let claims = String::from_utf8_lossy(&files["claims.json"]).into_owned();
    assert_eq!(claims.matches("\"line\"").count(), 4, "{claims}");
}
