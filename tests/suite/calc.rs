//! `nimsite eval` and `nimsite products` through the real binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn nimsite(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin)
        .expect("stdin accepts input");
    child.wait_with_output().expect("the binary finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn eval_prints_values_and_comparisons() {
    let out = nimsite(
        &[
            "eval",
            "2*2",
            "4^-1",
            "2**63 ⊗ 2**63",
            "3141 * 5926 = 14994",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "3\n15\n16017865340936038689\ntrue\n");
}

#[test]
fn eval_exits_1_on_a_false_claim() {
    let out = nimsite(&["eval", "2 * 2 = 4", "1 = 1"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "false\ntrue\n");
}

#[test]
fn eval_errors_point_at_the_column() {
    let out = nimsite(&["eval", "3 * inv(0)"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("0 has no inverse"), "{err}");
    assert!(err.contains("  3 * inv(0)\n      ^^^^^^\n"), "{err}");
    let out = nimsite(&["eval", "2**128"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("does not fit below 2^128"));
    let out = nimsite(&["eval", "x - 1"], b"");
    assert!(text(&out.stderr).contains("subtraction is addition"));
}

#[test]
fn products_answers_library_checker_input() {
    let input = b"4\n1 1\n2 2\n3141 5926\n18446744073709551615 18446744073709551615\n";
    let out = nimsite(&["products"], input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1\n3\n14994\n11290409524105353207\n");
}

#[test]
fn products_rejects_malformed_input_with_its_line() {
    let out = nimsite(&["products"], b"2\n1 2\nthree four\n");
    assert_ne!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("line 3"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}
