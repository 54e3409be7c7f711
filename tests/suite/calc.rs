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
    assert_eq!(
        text(&out.stdout),
        "false\n  = the left side is 3 and the right side is 4\ntrue\n"
    );
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

/// Returns `n` queries in Library Checker's format and their products.
fn many_queries(n: usize) -> (Vec<u8>, String) {
    let m = nimsite::nimber::Mul64::portable();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut input = format!("{n}\n").into_bytes();
    let mut expected = String::new();
    for k in 0..n {
        x = x.rotate_left(13).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ k as u64;
        let (a, b) = (x >> (k % 64), x.rotate_left(29));
        input.extend_from_slice(format!("{a} {b}\n").as_bytes());
        expected.push_str(&format!("{}\n", m.mul(a, b)));
    }
    (input, expected)
}

/// Starts `nimsite products` with `input` fed from a thread, so that output can stream
/// while input is still being written.
fn products_child(input: Vec<u8>) -> std::process::Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .arg("products")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped");
    // The child may stop reading first; its exit status says whether that was right.
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    child
}

#[test]
fn products_streams_input_larger_than_its_buffers() {
    let (input, expected) = many_queries(120_000);
    let out = products_child(input)
        .wait_with_output()
        .expect("the binary finishes");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout) == expected, "products differ");
}

#[test]
fn products_stops_quietly_when_stdout_closes() {
    use std::io::Read;
    let (input, _) = many_queries(120_000);
    let mut child = products_child(input);
    let mut stdout = child.stdout.take().expect("piped");
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
    let out = child.wait_with_output().expect("the binary finishes");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn eval_refuses_deep_and_long_input_without_aborting() {
    let deep = format!("{}1{} = 1", "(".repeat(1000), ")".repeat(1000));
    let long = format!("{} = 0", vec!["1"; 40_000].join("+"));
    for (input, message) in [(deep, "nested more than"), (long, "tokens, more than")] {
        let out = nimsite(&["eval", &input], b"");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(message), "{message}");
    }
}

#[test]
fn eval_refuses_a_game_given_twice_or_under_a_reserved_name() {
    // Twice: an error, not the last one silently kept.
    let out = nimsite(
        &["eval", "--octal", "k=0.77", "--octal", "k=0.07", "k(5)"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("`--octal k=…` is given twice"));
    assert!(text(&out.stdout).is_empty());
    // The names pages refuse for a game are refused here too.
    for name in ["w", "inv", "period", "preperiod", "forall", "mex"] {
        let spec = format!("{name}=0.77");
        let out = nimsite(&["eval", "--octal", &spec, "1"], b"");
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!("`{name}` is a function or keyword")),
            "{name}: {err}"
        );
    }
    // Two games under two names still work.
    let out = nimsite(
        &[
            "eval",
            "--octal",
            "kayles=0.77",
            "--octal",
            "dawson=0.137",
            "kayles(5) ⊕ dawson(0) = 4",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn eval_says_a_heap_size_cannot_be_negative() {
    for expr in ["kayles(-1)", "kayles(2 - 3)", "kayles(-(1))"] {
        let out = nimsite(&["eval", "--octal", "kayles=0.77", expr], b"");
        assert_eq!(out.status.code(), Some(2), "{expr}");
        let err = text(&out.stderr);
        assert!(
            err.contains("a heap size cannot be negative"),
            "{expr}: {err}"
        );
        assert!(!err.contains("between nimbers"), "{expr}: {err}");
    }
}
