//! `nimsite octal` through the real binary.

use std::process::{Command, Output};

fn nimsite(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn octal_prints_values_and_the_proved_period() {
    let out = nimsite(&["octal", "0.137", "--upto", "200"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("octal game 0.137: G(0) … G(199)\n"),
        "{stdout}"
    );
    // Rows of one period (34), with Dawson's chess's seven exceptions marked.
    assert!(stdout.contains("\n  0: 0* 1  1  2  0  3"), "{stdout}");
    assert!(
        stdout.contains("period 34 from n = 52 (last exception 51)"),
        "{stdout}"
    );
    assert!(stdout.contains("octal periodicity theorem"), "{stdout}");
    assert!(stdout.contains("7 exceptions"), "{stdout}");
}

#[test]
fn octal_says_when_no_period_is_proved() {
    let out = nimsite(&["octal", "0.127", "--upto", "500"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("no period proved within the 500 values"));
}

#[test]
fn octal_refuses_a_bad_code_at_its_character() {
    let out = nimsite(&["octal", "0.18"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("`8` at character 4 is not an octal digit"),
        "{err}"
    );
    assert!(err.contains("  0.18\n     ^\n"), "{err}");
    let out = nimsite(&["octal", "0.77", "--upto", "99999999"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("more than the 1048576 allowed"));
}
