//! Generated-input fuzzing of the parsers an author's text reaches: the directive parser,
//! the expression language, the math lint, the front-matter reader, the whole page path,
//! and the readers of the build's own journal and lists. Each target builds near-valid
//! inputs from a small grammar, mutates them, and asserts that nothing panics and that
//! every diagnostic points inside its source.
//!
//! `cargo test --test fuzz` runs a few hundred cases per target. For a long run, raise
//! the count with `NIMSITE_FUZZ_CASES=N`, or run for a time with `NIMSITE_FUZZ_SECS=S`,
//! and add `-- --nocapture` to see how many inputs each target executed.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use nimsite::diagnostics::{self, Diagnostic};
use nimsite::engine::parse::{directive_name, parse_block};
use nimsite::engine::{PageCtx, Shared};
use nimsite::math::lint;
use nimsite::site::front_matter;
use nimsite::site::render::{parse_events, render_body};
use nimsite::stmt::{self, CmpOp, Evaluation};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use pulldown_cmark::{CodeBlockKind, Event, Tag};

/// Runs `check` on generated inputs: a fixed number of cases, or batches until a deadline.
fn fuzz<S: Strategy>(name: &str, default_cases: u32, strategy: S, check: impl Fn(S::Value))
where
    S::Value: std::fmt::Debug,
{
    let cases = std::env::var("NIMSITE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_cases);
    let deadline = std::env::var("NIMSITE_FUZZ_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map(|s| Instant::now() + Duration::from_secs(s));
    let started = Instant::now();
    let executed = AtomicU64::new(0);
    let mut batch: u64 = 0;
    loop {
        // Each batch gets its own seed so a timed run keeps finding new inputs, while a
        // plain `cargo test` run sees the same inputs every time.
        let mut seed = [0u8; 32];
        seed[..8].copy_from_slice(&batch.to_le_bytes());
        seed[8..8 + name.len().min(24)].copy_from_slice(&name.as_bytes()[..name.len().min(24)]);
        let config = Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        };
        let mut runner =
            TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed));
        let result = runner.run(&strategy, |input| {
            executed.fetch_add(1, Ordering::Relaxed);
            check(input);
            Ok::<(), TestCaseError>(())
        });
        if let Err(err) = result {
            panic!("{name}: {err}");
        }
        batch += 1;
        if deadline.is_none_or(|d| Instant::now() >= d) {
            break;
        }
    }
    eprintln!(
        "fuzz {name}: {} executions in {:.1} s",
        executed.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
}

/// Asserts that a diagnostic's span lies inside its source on character boundaries, and
/// that it renders.
fn assert_in_bounds(d: &Diagnostic, source: &str) {
    if let Some(span) = &d.span {
        assert!(
            span.start <= span.end && span.end <= source.len(),
            "span {span:?} outside a source of {} bytes: {d:?}",
            source.len()
        );
        assert!(
            source.is_char_boundary(span.start) && source.is_char_boundary(span.end),
            "span {span:?} splits a character: {d:?}"
        );
    }
    let sources = BTreeMap::from([(d.file.clone(), source.to_string())]);
    let text = diagnostics::render(std::slice::from_ref(d), &sources);
    assert!(
        text.contains(d.code.as_str()),
        "rendered without its code: {text}"
    );
}

/// Returns one of the given strings.
fn pick(items: &'static [&'static str]) -> impl Strategy<Value = String> + Clone {
    proptest::sample::select(items).prop_map(str::to_string)
}

/// Returns a short run of arbitrary characters, biased towards the syntax's own.
fn noise() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        3 => "[ -~]{0,6}",
        1 => "[\\\\{}:`~$<>&\"'#*()\\n\\t\\r]{0,4}",
        1 => "\\PC{0,3}",
    ]
}

/// Returns an option value: numbers of every size, words, and junk.
fn option_value() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        (0u32..40).prop_map(|n| n.to_string()),
        any::<u128>().prop_map(|n| n.to_string()),
        pick(&[
            "16",
            "256",
            "257",
            "65536",
            "0",
            "-1",
            "2**40",
            "1e3",
            "0x10",
            "mul",
            "add",
            "field",
            "refusal",
            "full",
            "summary",
            "sum",
            "stones-1d",
            "stones-2d",
            "2, 4",
            "",
            " ",
            "<script>alert(1)</script>",
            "closure",
            "inverse",
        ]),
        noise(),
    ]
}

/// Returns a directive fence with random options and body, sometimes left unclosed.
fn fence() -> impl Strategy<Value = String> + Clone {
    let name = prop_oneof![
        4 => pick(&[
            "table", "field-check", "sizes", "inverses", "derivation", "squares",
            "game-check", "cost", "claim", "cited", "tabel",
        ]),
        1 => noise(),
    ];
    let key = prop_oneof![
        4 => pick(&[
            "op", "size", "expect", "reason", "upto", "a", "b", "detail", "game", "method",
            "caption", "source", "corners", "sise",
        ]),
        1 => noise(),
    ];
    let options = proptest::collection::vec((key, option_value()), 0..5);
    let body = proptest::collection::vec(prop_oneof![expression(), noise()], 0..3);
    let marker = pick(&["```", "````", "~~~", "> ```", "  ```", "```"]);
    (marker, name, options, body, any::<bool>(), noise()).prop_map(
        |(marker, name, options, body, closed, tail)| {
            let mut s = format!("{marker}{{{name}}}{tail}\n");
            for (k, v) in options {
                s.push_str(&format!(":{k}: {v}\n"));
            }
            for line in body {
                s.push_str(&line);
                s.push('\n');
            }
            if closed {
                s.push_str(marker.trim_start_matches([' ', '>']));
                s.push('\n');
            }
            s
        },
    )
}

/// Returns a number literal of the expression language, valid or not.
fn literal() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        (0u32..300).prop_map(|n| n.to_string()),
        any::<u128>().prop_map(|n| n.to_string()),
        (0u32..140).prop_map(|k| format!("2**{k}")),
        pick(&[
            "340282366920938463463374607431768211456",
            "99999999999999999999999999999999999999999",
            "-1",
            "x",
            "a",
        ]),
    ]
}

/// Returns an expression or claim from the language's grammar.
fn expression() -> impl Strategy<Value = String> + Clone {
    let leaf = literal();
    let expr = leaf.prop_recursive(5, 40, 4, |inner| {
        prop_oneof![
            (
                inner.clone(),
                pick(&["+", "*", "⊕", "⊗", " + ", "**"]),
                inner.clone()
            )
                .prop_map(|(a, op, b)| format!("{a}{op}{b}")),
            (inner.clone(), any::<i64>().prop_map(|e| e % 300))
                .prop_map(|(a, e)| format!("{a}^{e}")),
            (inner.clone(), any::<i8>()).prop_map(|(a, e)| format!("({a})^({e})")),
            (
                pick(&["inv", "sqrt", "mex", "foo"]),
                proptest::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(f, args)| format!("{f}({})", args.join(", "))),
            inner.clone().prop_map(|a| format!("({a})")),
        ]
    });
    (
        expr.clone(),
        proptest::option::of((pick(&["=", "!=", "==", "<"]), expr)),
        proptest::option::of((0usize..64, noise())),
    )
        .prop_map(|(lhs, rhs, splice)| {
            let mut s = match rhs {
                Some((op, rhs)) => format!("{lhs} {op} {rhs}"),
                None => lhs,
            };
            if let Some((at, junk)) = splice {
                let mut at = at.min(s.len());
                while !s.is_char_boundary(at) {
                    at -= 1;
                }
                s.insert_str(at, &junk);
            }
            s
        })
}

/// Returns LaTeX built from the tokens the lint reads, and some it must skip.
fn latex() -> impl Strategy<Value = String> + Clone {
    let token = prop_oneof![
        (0u32..300).prop_map(|n| n.to_string()),
        any::<u128>().prop_map(|n| n.to_string()),
        pick(&[
            "\\otimes",
            "\\oplus",
            "=",
            "\\neq",
            "\\ne",
            "^{-1}",
            "^{2}",
            "^",
            "_",
            "{",
            "}",
            "(",
            ")",
            "\\left(",
            "\\right)",
            "\\forall",
            "a",
            "b",
            "x",
            ",",
            "<",
            "\\lt",
            ":",
            "\\colon",
            "\\,",
            "\\quad",
            "\\sqrt",
            "\\sqrt{",
            "\\operatorname{mex}",
            "\\mathrm{inv}",
            "\\text{ for all }",
            "\\cdot",
            "+",
            "*",
            "-",
            "2^{64}",
            "\\",
            "\\frac{1}{2}",
            "\\{",
            "\\}",
            "\\dots",
            "\\in",
            "é",
            "\u{0}",
        ]),
        noise(),
    ];
    let body = proptest::collection::vec(token, 0..14).prop_map(|t| t.join(" "));
    (
        proptest::option::of((pick(&["a", "b", "a, b", "x", "ab", ""]), 0u32..70_000)),
        body,
    )
        .prop_map(|(q, body)| match q {
            Some((vars, bound)) => format!("\\forall {vars} < {bound} : {body}"),
            None => body,
        })
}

/// Returns a TOML value, valid or not.
fn toml_value() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        "\"[^\"\\\\\\n]{0,8}\"".prop_map(|s| s.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u128>().prop_map(|n| n.to_string()),
        any::<bool>().prop_map(|b| b.to_string()),
        pick(&[
            "[1, 2]",
            "{ a = 1 }",
            "\"unterminated",
            "'''\nmulti\n'''",
            "\"\"\"\nx\n\"\"\"",
            "1979-05-27",
            "inf",
            "nan",
            "\"é\"",
            "",
            "\"<script>alert(1)</script>\"",
        ]),
        noise(),
    ]
}

/// Returns a page head: TOML front matter between `+++` lines, sometimes broken.
fn front_matter_text() -> impl Strategy<Value = String> + Clone {
    let key = prop_oneof![
        4 => pick(&["title", "rung", "summary", "draft", "titel", "[section]", "a.b"]),
        1 => noise(),
    ];
    let lines = proptest::collection::vec((key, toml_value()), 0..6);
    (
        pick(&["+++\n", "+++\r\n", "++\n", "", "\u{feff}+++\n", "+++ \n"]),
        lines,
        pick(&["+++\n", "+++\r\n", "+++", "", "++++\n"]),
        noise(),
    )
        .prop_map(|(open, lines, close, body)| {
            let mut s = open;
            for (k, v) in lines {
                s.push_str(&format!("{k} = {v}\n"));
            }
            s.push_str(&close);
            s.push_str(&body);
            s
        })
}

/// Returns a Markdown block of the kinds essays use, with live parts.
fn block() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        3 => fence(),
        2 => (pick(&["nim", "val", "foo", "nim "]), expression())
            .prop_map(|(r, e)| format!("Text {{{r}}}`{e}` more.\n")),
        2 => latex().prop_map(|l| format!("Math ${l}$ here.\n")),
        1 => latex().prop_map(|l| format!("$$\n{l}\n$$\n")),
        1 => (1usize..7, noise()).prop_map(|(n, t)| format!("{} {t}\n", "#".repeat(n))),
        1 => noise().prop_map(|t| format!("[link]({t}) [a](#{t})\n")),
        1 => (1usize..40).prop_map(|d| {
            (0..d).map(|i| format!("{}- item\n", "  ".repeat(i))).collect::<String>()
        }),
        1 => noise(),
    ]
}

/// Returns a whole page: front matter then a few blocks.
fn page() -> impl Strategy<Value = String> {
    (
        prop_oneof![
            4 => Just("+++\ntitle = \"T\"\n+++\n".to_string()),
            1 => front_matter_text(),
        ],
        proptest::collection::vec(block(), 0..5),
    )
        .prop_map(|(head, blocks)| format!("{head}\n{}", blocks.join("\n")))
}

#[test]
fn directive_parser_survives_generated_fences() {
    let input = (proptest::collection::vec(fence(), 1..3), noise())
        .prop_map(|(fences, pre)| format!("{pre}\n\n{}", fences.join("\n")));
    fuzz("directive-parser", 256, input, |source| {
        for (event, range) in parse_events(&source) {
            if let Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) = event
                && directive_name(&info).is_some()
            {
                match parse_block(&source, range.clone()) {
                    Ok(block) => {
                        for span in std::iter::once(&block.name_span)
                            .chain(block.options.values().map(|o| &o.span))
                            .chain(block.body.iter().map(|(_, s)| s))
                        {
                            assert!(span.end <= source.len() && span.start <= span.end);
                            assert!(source.get(span.clone()).is_some(), "{span:?}");
                        }
                    }
                    Err(e) => assert!(source.get(e.span.clone()).is_some(), "{e:?}"),
                }
            }
        }
    });
}

#[test]
fn expression_evaluator_survives_generated_expressions() {
    fuzz("expression", 512, expression(), |src| {
        if let Ok(statement) = stmt::parse(&src) {
            let _ = statement.to_text();
            let _ = statement.to_latex();
            match statement.evaluate() {
                Ok(Evaluation::Comparison {
                    lhs,
                    op,
                    rhs,
                    holds,
                }) => {
                    // A comparison is decided by its two values and nothing else.
                    let expected = match op {
                        CmpOp::Eq => lhs == rhs,
                        CmpOp::Ne => lhs != rhs,
                    };
                    assert_eq!(holds, expected, "{src:?}");
                }
                Ok(_) => {}
                Err(e) => assert!(src.get(e.span.clone()).is_some(), "{e:?} in {src:?}"),
            }
        } else if let Err(e) = stmt::parse(&src) {
            assert!(
                e.span.end <= src.len() && src.get(e.span.clone()).is_some(),
                "{e:?} in {src:?}"
            );
        }
    });
}

#[test]
fn math_lint_survives_generated_latex() {
    fuzz("math-lint", 512, latex(), |src| {
        if let Ok(reading) = lint::read(&src) {
            // Try the corners of the range rather than all of it, to keep cases quick.
            let mut env = BTreeMap::new();
            for corner in [0, reading.bound.saturating_sub(1)] {
                for v in &reading.vars {
                    env.insert(v.clone(), corner);
                }
                let _ = reading.statement.evaluate_with(&env);
            }
        }
    });
}

#[test]
fn front_matter_reader_survives_generated_toml() {
    fuzz("front-matter", 512, front_matter_text(), |src| {
        if let Err(d) = front_matter::parse("p.md", &src) {
            assert_eq!(d.code.as_str(), "front-matter");
            assert_in_bounds(&d, &src);
        }
    });
}

#[test]
fn page_renderer_survives_generated_pages() {
    let shared = Shared::new();
    fuzz("page", 64, page(), |source| {
        let ctx = PageCtx::new(
            nimsite::catalogue::registry(),
            "content/p.md",
            &source,
            "p",
            "",
        );
        let body = render_body(&ctx, &shared, false);
        for d in &body.diagnostics {
            assert_eq!(d.file, "content/p.md");
            assert_in_bounds(d, &source);
        }
    });
}

/// Returns deeply nested or very long input: brackets, braces and flat operator chains, as
/// a statement and as LaTeX, with a little noise so each case differs.
fn deep_or_long() -> impl Strategy<Value = String> {
    let nested = (
        0usize..3000,
        pick(&["(", "{", "\\left(", "inv("]),
        literal(),
    )
        .prop_map(|(n, open, lit)| {
            let close = if open == "{" { "}" } else { ")" };
            format!("{}{lit}{} = 1", open.repeat(n), close.repeat(n))
        });
    let flat = (
        0usize..20_000,
        pick(&["+", "*", " \\oplus ", " \\otimes ", "⊕"]),
        literal(),
    )
        .prop_map(|(n, op, lit)| format!("{} = 0", vec![lit.as_str(); n + 1].join(&op)));
    prop_oneof![nested, flat]
}

#[test]
fn parsers_survive_deep_nesting_and_long_flat_input() {
    fuzz("deep-or-long", 48, deep_or_long(), |src| {
        // On a thread with the stack the build's workers get, where statements are read.
        let reads = std::thread::Builder::new()
            .stack_size(nimsite::site::WORKER_STACK)
            .spawn(move || {
                // Each reader either reads the statement or refuses it with a span inside it.
                match stmt::parse(&src) {
                    Ok(statement) => {
                        let _ = statement.to_text();
                        let _ = statement.evaluate();
                    }
                    Err(e) => assert!(src.get(e.span.clone()).is_some(), "{e:?}"),
                }
                let _ = lint::read(&src);
                let _ = nimsite::math::mathml::to_mathml(&src, false);
            })
            .expect("spawn a reader");
        if let Err(panic) = reads.join() {
            std::panic::resume_unwind(panic);
        }
    });
}

/// One generated line of a journal or a manifest: near-valid shapes, the build's own and
/// hostile ones naming a victim folder outside the root.
fn bookkeeping_line(victim: String) -> impl Strategy<Value = String> {
    let hex = |s: &str| s.bytes().map(|b| format!("{b:02x}")).collect::<String>();
    let victim_hex = hex(&victim);
    prop_oneof![
        (0u32..5).prop_map(|pid| format!("figures {pid}")),
        (0u32..5, "[0-9a-f]{16}").prop_map(move |(pid, d)| format!("site {pid} {d} {victim_hex}")),
        Just(format!("figures\t{victim}")),
        Just(format!("../../{}", "keep.txt")),
        Just(format!("{victim}/keep.txt")),
        Just("nim/a.svg".to_string()),
        Just("nim/../../x".to_string()),
        Just("a\tb".to_string()),
        "[ -~]{0,12}",
        "\\PC{0,6}",
    ]
}

#[test]
fn bookkeeping() {
    use nimsite::site::output;
    let victim = tempfile::tempdir().expect("tempdir");
    std::fs::write(victim.path().join("keep.txt"), "precious").expect("write");
    std::fs::create_dir_all(victim.path().join("nim")).expect("mkdir");
    std::fs::write(victim.path().join("nim/a.svg"), "<svg/>").expect("write");
    let shown = victim.path().display().to_string();
    let head = prop_oneof![
        Just("nimsite journal 2".to_string()),
        Just("# written by nimsite build; it replaces this folder only while it holds only these files".to_string()),
        "[ -~]{0,8}",
    ];
    let lines = || proptest::collection::vec(bookkeeping_line(shown.clone()), 0..6);
    let case = (head.clone(), lines(), head, lines());
    fuzz(
        "bookkeeping",
        200,
        case,
        |(jhead, jlines, mhead, mlines)| {
            let root = tempfile::tempdir().expect("tempdir");
            let journal = format!("{jhead}\n{}\n", jlines.join("\n"));
            std::fs::write(root.path().join(".nimsite-journal"), journal).expect("write");
            std::fs::create_dir_all(root.path().join("figures")).expect("mkdir");
            let manifest = format!("{mhead}\n{}\n", mlines.join("\n"));
            std::fs::write(root.path().join("figures/.nimsite-figures"), manifest).expect("write");
            let out = root.path().join("site");
            let _ = output::inspect(root.path());
            let _ = output::recover(root.path(), &out);
            let figures = BTreeMap::from([("nim/b.svg".to_string(), b"<svg/>".to_vec())]);
            let files = BTreeMap::from([("index.html".to_string(), b"hi".to_vec())]);
            let _ = output::publish(&output::Publish {
                root: root.path(),
                out: &out,
                files: &files,
                figures: &figures,
            });
            assert_eq!(
                std::fs::read(victim.path().join("keep.txt")).expect("kept"),
                b"precious"
            );
            assert_eq!(
                std::fs::read(victim.path().join("nim/a.svg")).expect("kept"),
                b"<svg/>"
            );
            let left: Vec<_> = std::fs::read_dir(victim.path()).expect("list").collect();
            assert_eq!(left.len(), 2);
        },
    );
}

/// Returns prose a claim reader may meet: words and symbols of claims, digits, star values
/// in every spelling, and arbitrary Unicode between them.
fn prose() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => pick(&[
            "is ", "equals ", "the nim-sum of ", "the nim-product of ", " and ", "not ",
            "*", "∗", "⋆", "⊕", "⊗", "=", "≠", "ω", "²", "mex(", "inv(", "{", "}", "(", ")",
            "the inverse of ", "is not ", "five ", "a third of ", "%", "\\otimes ", "∅",
        ]),
        2 => "[0-9]{1,3}",
        2 => "\\PC{0,4}",
        1 => "[ \\t\\n]{1,2}",
    ];
    proptest::collection::vec(piece, 0..24).prop_map(|p| p.concat())
}

#[test]
fn the_words_reader_survives_any_unicode() {
    fuzz("words", 2048, prose(), |text| {
        for found in lint::read_text(&text) {
            assert!(
                text.get(found.span.clone()).is_some(),
                "{found:?} in {text:?}"
            );
        }
    });
}
