//! `{octal}` and `{define}` pages through the real binary: true values, periods and
//! preperiods build; wrong ones, bad codes, rules that do not descend and games past their
//! bound fail at their line.

use super::common::Site;

/// Returns a page on rung 2 with `body` after its front matter (which takes 4 lines).
fn page(body: &str) -> String {
    format!("+++\ntitle = \"Games\"\nrung = 2\n+++\n{body}")
}

const KAYLES: &str = "\n```{octal}\n:code: 0.77\n:name: kayles\n:upto: 300\n```\n";

#[test]
fn true_values_periods_and_preperiods_build() {
    let site = Site::new();
    site.write(
        "content/games.md",
        &page(&format!(
            "{KAYLES}\nKayles: {{nim}}`kayles(5) = 4`, {{nim}}`kayles(3) + kayles(4) = 2`, \
             {{nim}}`period(kayles) = 12`, {{nim}}`preperiod(kayles) = 71`.\n\n\
             ```{{claim}}\nforall n < 100: kayles(n + 83) = kayles(n + 71)\n```\n"
        )),
    );
    let files = site.build_ok();
    let html = String::from_utf8_lossy(&files["games.html"]).into_owned();
    assert!(html.contains("Period 12 from n = 71"), "{html}");
    // The window ends at 2·71 + 12 + 2 = 156, and comparing with n + 12 reads up to 167.
    assert!(
        html.contains("checked for 71 ≤ n &lt; 156, which reads the values up to G(167)"),
        "{html}"
    );
    assert!(html.contains("class=\"exception\""), "{html}");
    assert!(
        files.contains_key("figures/games/octal-kayles.svg")
            || site.root().join("figures/games/octal-kayles.svg").exists()
    );
    let ledger = String::from_utf8_lossy(&files["claims.json"]).into_owned();
    assert!(ledger.contains("octal periodicity theorem"), "{ledger}");
}

#[test]
fn a_wrong_value_period_or_preperiod_fails_at_its_line() {
    let site = Site::new();
    site.write(
        "content/games.md",
        &page(&format!(
            "{KAYLES}\nA {{nim}}`kayles(5) = 3`.\n\nB {{nim}}`period(kayles) = 6`.\n\n\
             C {{nim}}`preperiod(kayles) = 70`.\n"
        )),
    );
    let err = site.build_err();
    // The page: 4 lines of front matter, a blank, 5 lines of directive, a blank, then A.
    assert!(err.contains("content/games.md:12:9"), "{err}");
    assert!(err.contains("claim does not hold: kayles(5) = 3"), "{err}");
    assert!(err.contains("content/games.md:14:9"), "{err}");
    assert!(
        err.contains("the left side is 12 and the right side is 6"),
        "{err}"
    );
    assert!(err.contains("content/games.md:16:9"), "{err}");
    assert!(
        err.contains("the left side is 71 and the right side is 70"),
        "{err}"
    );
}

#[test]
fn a_bad_code_is_an_error_at_its_character() {
    let site = Site::new();
    site.write(
        "content/games.md",
        &page("\n```{octal}\n:code: 0.79\n:name: k\n:upto: 10\n```\n"),
    );
    let err = site.build_err();
    assert!(
        err.contains("error[bad-value]: bad octal code: `9` at character 4"),
        "{err}"
    );
    assert!(err.contains("content/games.md:7:11"), "{err}");
}

#[test]
fn a_game_past_its_bound_or_without_a_period_is_an_error_at_its_line() {
    let site = Site::new();
    site.write(
        "content/games.md",
        &page(
            "\n```{octal}\n:code: 0.127\n:name: late\n:upto: 400\n```\n\n\
             {nim}`period(late) = 4`\n\n{val}`late(400)`\n\n{val}`early(3)`\n\n\
             ```{octal}\n:code: 0.77\n:name: huge\n:upto: 2000000\n```\n",
        ),
    );
    let err = site.build_err();
    assert!(err.contains("content/games.md:21:8"), "{err}");
    assert!(
        err.contains("`:upto:` must be between 1 and 1048576"),
        "{err}"
    );
    // The spec error stops the build before evaluation; without it the claims fail.
    site.write(
        "content/games.md",
        &page(
            "\n```{octal}\n:code: 0.127\n:name: late\n:upto: 400\n```\n\n\
             {nim}`period(late) = 4`\n\n{val}`late(400)`\n\n{val}`early(3)`\n",
        ),
    );
    let err = site.build_err();
    assert!(err.contains("content/games.md:12:7"), "{err}");
    assert!(
        err.contains("no period of `late` is proved within its 400 values"),
        "{err}"
    );
    assert!(err.contains("content/games.md:14:7"), "{err}");
    assert!(
        err.contains("`late(400)` is past the 400 values computed"),
        "{err}"
    );
    assert!(err.contains("content/games.md:16:7"), "{err}");
    assert!(
        err.contains("no function or game named `early`; the games defined here are late"),
        "{err}"
    );
}

#[test]
fn a_game_is_known_only_below_its_directive() {
    let site = Site::new();
    site.write(
        "content/games.md",
        &page(&format!("\n{{nim}}`kayles(1) = 1`\n{KAYLES}")),
    );
    let err = site.build_err();
    assert!(err.contains("content/games.md:6:7"), "{err}");
    assert!(err.contains("no function or game named `kayles`"), "{err}");
}

const GRUNDY: &str = "\n```{define}\n:upto: 120\ng(n) = mex{ g(a) ⊕ g(n - a) : 0 < a < n - a }\ns(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }\n```\n";

#[test]
fn defined_games_work_in_claims_below_them() {
    let site = Site::new();
    site.write(
        "content/games.md",
        &page(&format!(
            "{GRUNDY}\nGrundy's game: {{nim}}`g(3) = 1`, {{nim}}`g(6) ⊕ g(7) = 1`, \
             {{nim}}`forall n < 100: s(n + 7) = s(n)`.\n"
        )),
    );
    let files = site.build_ok();
    let html = String::from_utf8_lossy(&files["games.html"]).into_owned();
    assert!(
        html.contains("g(0) to g(119) computed by the rule"),
        "{html}"
    );
    site.write(
        "content/games.md",
        &page(&format!(
            "{GRUNDY}\nWrong: {{nim}}`g(3) = 2`.\n\n{{val}}`g(120)`\n"
        )),
    );
    let err = site.build_err();
    assert!(err.contains("content/games.md:12:14"), "{err}");
    assert!(err.contains("claim does not hold: g(3) = 2"), "{err}");
    assert!(err.contains("content/games.md:14:7"), "{err}");
    assert!(
        err.contains("`g(120)` is past the 120 values computed"),
        "{err}"
    );
}

#[test]
fn a_rule_that_does_not_descend_is_an_error_at_its_column() {
    let site = Site::new();
    site.write(
        "content/games.md",
        &page("\n```{define}\n:upto: 10\nh(n) = mex{ h(n - 1) }\n```\n\n```{define}\n:upto: 10\nf(n) = f(n + 1)\n```\n"),
    );
    let err = site.build_err();
    // h(n - 1) at n = 0 goes below zero; f(n + 1) calls upwards.
    assert!(err.contains("content/games.md:8:13"), "{err}");
    assert!(err.contains("a heap size cannot be negative"), "{err}");
    assert!(err.contains("content/games.md:13:8"), "{err}");
    assert!(
        err.contains("the rule does not descend: valuing f(0) calls f(1)"),
        "{err}"
    );
}

#[test]
fn a_rule_past_its_work_bound_is_an_error_at_its_line() {
    let site = Site::new();
    site.write(
        "content/games.md",
        &page("\n```{define}\n:upto: 100000\ng(n) = mex{ g(a) ⊕ g(n - a) : 0 < a < n - a }\n```\n"),
    );
    let err = site.build_err();
    assert!(err.contains("error[limit]"), "{err}");
    assert!(err.contains("content/games.md:8:1"), "{err}");
    assert!(err.contains("lower `:upto:`"), "{err}");
}

#[test]
fn a_rule_nested_100_000_deep_is_an_error_at_its_line() {
    for (open, close) in [("mex{", "}"), ("(", ")")] {
        let site = Site::new();
        let rule = format!("g(n) = {}0{}", open.repeat(100_000), close.repeat(100_000));
        site.write(
            "content/games.md",
            &page(&format!("\n```{{define}}\n:upto: 10\n{rule}\n```\n")),
        );
        let out = site.run(&["build"]);
        let err = super::common::stderr(&out);
        // An error, not a crash: exit code 1 and a diagnostic at the rule's line.
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("content/games.md:8:"), "{err}");
        assert!(err.contains("tokens, more than"), "{err}");
    }
}

const SUBTRACTION: &str =
    "\n```{define}\n:upto: 60\ns(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }\n```\n";

#[test]
fn a_windowed_rule_has_its_period_checked() {
    let site = Site::new();
    site.write(
        "content/games.md",
        &page(&format!(
            "{SUBTRACTION}\nThe game: {{nim}}`period(s) = 7` and {{nim}}`preperiod(s) = 0`, \
             so {{nim}}`s(1000000) = s(1)`.\n"
        )),
    );
    let files = site.build_ok();
    let html = String::from_utf8_lossy(&files["games.html"]).into_owned();
    assert!(html.contains("Period 7 from n = 0"), "{html}");
    let ledger = String::from_utf8_lossy(&files["claims.json"]).into_owned();
    assert!(
        ledger.contains("s(n + 7) = s(n) for every n ≥ 0"),
        "{ledger}"
    );
    // A false period or preperiod fails at its line (the rule ends on line 8).
    site.write(
        "content/games.md",
        &page(&format!(
            "{SUBTRACTION}\nA {{nim}}`period(s) = 6`.\n\nB {{nim}}`preperiod(s) = 1`.\n"
        )),
    );
    let err = site.build_err();
    assert!(err.contains("content/games.md:11:"), "{err}");
    assert!(
        err.contains("the left side is 7 and the right side is 6"),
        "{err}"
    );
    assert!(err.contains("content/games.md:13:"), "{err}");
    assert!(
        err.contains("the left side is 0 and the right side is 1"),
        "{err}"
    );
}

#[test]
fn a_rule_without_a_bounded_window_refuses_period_claims() {
    let site = Site::new();
    site.write(
        "content/games.md",
        &page(&format!("{GRUNDY}\nA {{nim}}`period(g) = 1`.\n")),
    );
    let err = site.build_err();
    assert!(err.contains("content/games.md:12:"), "{err}");
    assert!(err.contains("no period of `g` can be proved"), "{err}");
    assert!(
        err.contains("does not read a bounded window of its earlier values (`a` runs over 0 to n"),
        "{err}"
    );
    // Too few values for a windowed rule: the period is not proved yet, and it says so.
    site.write(
        "content/games.md",
        &page("\n```{define}\n:upto: 10\ns(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }\n```\n\nA {nim}`period(s) = 7`.\n"),
    );
    let err = site.build_err();
    assert!(err.contains("content/games.md:11:"), "{err}");
    assert!(
        err.contains("no period of `s` is proved within its 10 values"),
        "{err}"
    );
}
