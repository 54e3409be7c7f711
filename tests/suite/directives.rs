//! Every directive and role in a true and a false version, built through the real binary:
//! the true page checks, and the false one fails with the expected code at file:line.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Returns a fresh site root holding the project's templates and one page `content/t.md`.
fn site(page: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("templates"),
        &root.join("templates"),
    );
    std::fs::create_dir_all(root.join("content")).expect("content dir");
    std::fs::write(
        root.join("content/_index.md"),
        "+++\ntitle = \"Home\"\n+++\n\nHome.\n",
    )
    .expect("index");
    std::fs::write(root.join("content/t.md"), page).expect("page");
    std::fs::write(root.join("references.bib"), BIB).expect("bibliography");
    dir
}

/// The bibliography every test site has: one book, cited as `book`.
const BIB: &str =
    "@book{book, author = {Author, An}, title = {A Book}, publisher = {Press}, year = {1999}}\n";

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read templates") {
        let entry = entry.expect("entry");
        let target: PathBuf = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

fn nimsite(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nimsite"))
        .args(args)
        .arg("--root")
        .arg(root)
        .output()
        .expect("run nimsite")
}

/// Returns a page whose body starts on line 5.
fn page(body: &str) -> String {
    format!("+++\ntitle = \"T\"\n+++\n\n{body}\n")
}

/// Builds `body` and expects success.
pub(crate) fn passes(body: &str) -> String {
    let dir = site(&page(body));
    let out = nimsite(dir.path(), &["build"]);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        out.status.success(),
        "expected success for\n{body}\n---\n{stderr}"
    );
    std::fs::read_to_string(dir.path().join("site/t.html")).expect("page written")
}

/// Builds `body` and expects failure with `code` at `content/t.md:line`.
pub(crate) fn fails(body: &str, code: &str, line: usize) -> String {
    let dir = site(&page(body));
    let out = nimsite(dir.path(), &["build"]);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!out.status.success(), "expected failure for\n{body}");
    assert!(
        stderr.contains(&format!("error[{code}]")),
        "no {code} in\n{stderr}"
    );
    assert!(
        stderr.contains(&format!("content/t.md:{line}:")),
        "no line {line} in\n{stderr}"
    );
    assert!(
        !dir.path().join("site").exists(),
        "a failed build wrote site/"
    );
    stderr
}

#[test]
fn table() {
    let html = passes("```{table}\n:op: mul\n:size: 16\n```");
    assert!(html.contains("figures/t/table-mul-16.svg"));
    passes("```{table}\n:op: add\n:size: 16\n```");
    passes("```{table}\n:op: mul\n:size: 8\n:expect: refusal\n:reason: closure\n```");
    fails("```{table}\n:op: mul\n:size: 8\n```", "refusal", 7);
    fails(
        "```{table}\n:op: mul\n:size: 16\n:expect: refusal\n```",
        "stale-claim",
        8,
    );
}

#[test]
fn field_check() {
    let html = passes("```{field-check}\n:size: 16\n```");
    assert!(html.contains("4,096"), "the report counts the triples");
    passes("```{field-check}\n:size: 8\n:expect: refusal\n:reason: closure\n```");
    passes("```{field-check}\n:size: 1\n:expect: refusal\n:reason: one-is-not-zero\n```");
    fails("```{field-check}\n:size: 8\n```", "stale-claim", 6);
    fails(
        "```{field-check}\n:size: 8\n:expect: refusal\n:reason: associativity\n```",
        "stale-claim",
        8,
    );
}

#[test]
fn sizes() {
    let html = passes("```{sizes}\n:upto: 20\n```");
    assert!(html.contains("2, 4, 16"));
    fails("```{sizes}\n:upto: 0\n```", "bad-value", 6);
}

#[test]
fn inverses() {
    let html = passes("```{inverses}\n:size: 16\n```");
    assert!(html.contains("4 ↔ 15"));
    fails("```{inverses}\n:size: 8\n```", "bad-value", 6);
}

#[test]
fn derivation() {
    let html = passes("```{derivation}\n:a: 2\n:b: 2\n```");
    assert!(html.contains("mex {0, 1, 2} = 3"), "{html}");
    let html = passes("```{derivation}\n:a: 4\n:b: 4\n:detail: summary\n```");
    assert!(html.contains("0, 1, 2, 3, 4, 5, 8, 11, 12, 14"), "{html}");
    fails("```{derivation}\n:a: 9\n:b: 9\n```", "limit", 5);
}

#[test]
fn squares() {
    let html = passes("```{squares}\n:size: 16\n```");
    assert!(html.contains("0, 1, 3, 2, 6, 7, 5, 4, 13, 12, 14, 15, 11, 10, 8, 9"));
    fails("```{squares}\n:size: 12\n```", "bad-value", 6);
}

#[test]
fn game_check() {
    passes("```{game-check}\n:game: stones-2d\n:size: 4\n:method: full\n```");
    passes("```{game-check}\n:game: stones-2d\n:size: 16\n:method: sum\n```");
    passes("```{game-check}\n:game: stones-1d\n:size: 8\n```");
    fails(
        "```{game-check}\n:game: stones-3d\n:size: 4\n```",
        "bad-value",
        7,
    );
    fails(
        "```{game-check}\n:game: dice\n:size: 4\n```",
        "bad-value",
        6,
    );
}

#[test]
fn game_check_coins_and_sums() {
    let html =
        passes("```{game-check}\n:game: corners\n:size: 4\n:caption: Searched: {positions}.\n```");
    assert!(
        html.contains("65,536 heads-sets searched in full"),
        "{html}"
    );
    assert!(html.contains("Searched: 65,536."), "{html}");
    assert!(html.contains("figures/t/game-corners-4.svg"));
    let html = passes("```{game-check}\n:game: tartan\n:rules: ruler, mock-turtles\n:size: 4\n```");
    assert!(
        html.contains("Mock Turtles: coin c is worth the c-th odious number"),
        "{html}"
    );
    passes("```{game-check}\n:game: stones-3d\n:size: 16\n:method: sum\n```");
    let html = passes(
        "```{game-check}\n:game: stones-beside-nim\n:size: 4\n:heaps: 8\n:caption: Heaps below {heaps}.\n```",
    );
    assert!(html.contains("Heaps below 8."), "{html}");
    // A board past the search limit, a rule that is not a game, an option that does nothing.
    fails(
        "```{game-check}\n:game: corners\n:size: 5\n```",
        "bad-value",
        7,
    );
    fails(
        "```{game-check}\n:game: tartan\n:size: 4\n:rules: ruler\n```",
        "bad-value",
        8,
    );
    fails(
        "```{game-check}\n:game: corners\n:size: 4\n:line: 8\n```",
        "useless-option",
        8,
    );
    fails(
        "```{game-check}\n:game: corners\n:size: 4\n:caption: {sizes}\n```",
        "bad-value",
        8,
    );
}

#[test]
fn subfields() {
    let html = passes("```{subfields}\n:size: 256\n:frobenius: 16\n```");
    assert!(html.contains("{0, …, 15}"), "{html}");
    fails("```{subfields}\n:size: 16\n```", "bad-value", 6);
    fails(
        "```{subfields}\n:size: 256\n:frobenius: 0\n```",
        "bad-value",
        7,
    );
}

#[test]
fn quadratic() {
    let html = passes("```{quadratic}\n:over: 16\n:upto: 65536\n```");
    assert!(html.contains("256 monic quadratics"), "{html}");
    assert!(html.contains("32,768"), "{html}");
    fails("```{quadratic}\n:over: 256\n```", "bad-value", 6);
    fails("```{quadratic}\n:over: 4\n:upto: 100\n```", "bad-value", 7);
}

#[test]
fn fermat() {
    let html = passes("```{fermat}\n:exhaustive: 65536\n```");
    assert!(html.contains("65,814 of 65,814"), "{html}");
    fails("```{fermat}\n:exhaustive: 1000\n```", "bad-value", 6);
}

#[test]
fn minpoly() {
    let html = passes(
        "```{minpoly}\n:size: 16\n:element: 4\n:polynomial: x^4 + x + 1\n:primitive: yes\n```",
    );
    assert!(html.contains("x⁴ + x + 1"), "{html}");
    fails(
        "```{minpoly}\n:size: 16\n:element: 4\n:polynomial: x^4 + x^3 + 1\n```",
        "stale-claim",
        7,
    );
    fails(
        "```{minpoly}\n:size: 16\n:element: 2\n:primitive: yes\n```",
        "stale-claim",
        7,
    );
    fails(
        "```{minpoly}\n:size: 16\n:polynomial: x + 1\n```",
        "useless-option",
        7,
    );
    fails(
        "```{minpoly}\n:size: 16\n:element: 3\n:polynomial: 3x\n```",
        "bad-value",
        8,
    );
}

#[test]
fn table_views() {
    let html = passes(
        "```{table}\n:op: mul\n:size: 16\n:view: logarithms\n:caption: By logarithm, below {size}.\n```",
    );
    assert!(
        html.contains("figures/t/table-mul-16-logarithms.svg"),
        "{html}"
    );
    assert!(html.contains("By logarithm, below 16."), "{html}");
    passes("```{table}\n:op: mul\n:size: 256\n:view: subfields\n```");
    fails(
        "```{table}\n:op: add\n:size: 16\n:view: logarithms\n```",
        "bad-value",
        8,
    );
    fails(
        "```{table}\n:op: mul\n:size: 16\n:view: colours\n```",
        "bad-value",
        8,
    );
}

#[test]
fn field_check_by_certificate() {
    let html = passes("```{field-check}\n:size: 65536\n```");
    assert!(html.contains("4,294,967,296"), "{html}");
    assert!(html.contains("65,535 nonzero rows"), "{html}");
}

#[test]
fn cost() {
    let html = passes("```{cost}\n:size: 4\n```");
    assert!(html.contains("memoised table"));
    let html = passes("```{cost}\n:size: 16\n```");
    assert!(
        html.contains("from the recurrence the calls follow"),
        "{html}"
    );
    assert!(html.contains("14,400") && html.contains("5,104") && html.contains("3,040"));
    let html = passes("```{cost}\n:size: 256\n:methods: memoised, fast\n```");
    assert!(!html.contains("naive recursion"), "{html}");
    fails("```{cost}\n:size: many\n```", "bad-value", 6);
    fails("```{cost}\n:size: 4\n:methods: quick\n```", "bad-value", 7);
}

#[test]
fn claim_block() {
    passes("```{claim}\n2*2 = 3\ninv(4) = 15\n2**63 * 2**63 = 16017865340936038689\n```");
    fails("```{claim}\n2*2 = 3\n2*4 = 9\n```", "stale-claim", 7);
    fails("```{claim}\n2*(4\n```", "expr", 6);
}

#[test]
fn cited() {
    let html = passes(
        "```{cited}\n:source: book\nThe nimbers below ω^(ω^ω) are algebraically closed over F₂.\n```",
    );
    assert!(html.contains("Cited, not checked here"));
    fails("```{cited}\nA fact.\n```", "missing-option", 5);
}

#[test]
fn roles() {
    let html = passes("So {nim}`2*2` and {val}`inv(4)`, and {nim}`2*3 = 1`.");
    assert!(html.contains("<math"), "{html}");
    assert!(html.contains(">15<") || html.contains(" 15"), "{html}");
    fails("And {nim}`2*3 = 2` here.", "stale-claim", 5);
    fails("And {val}`inv(4) != 15` here.", "stale-claim", 5);
    fails("And {nmi}`2*3` here.", "unknown-role", 5);
}

#[test]
fn math_lint() {
    passes("Plain math: $2 \\otimes 4 = 8$ and $\\forall a < 16 : a \\oplus a = 0$.");
    fails("Plain math: $2 \\otimes 4 = 9$.", "stale-claim", 5);
}

#[test]
fn unknown_directive_and_options_suggest_names() {
    let err = fails(
        "```{tabel}\n:op: mul\n:size: 4\n```",
        "unknown-directive",
        5,
    );
    assert!(err.contains("did you mean `{table}`?"), "{err}");
    let err = fails("```{table}\n:op: mul\n:szie: 4\n```", "unknown-option", 7);
    assert!(err.contains("did you mean `:size:`?"), "{err}");
    let err = fails("```{table}\n:op: mul\n```", "missing-option", 5);
    assert!(err.contains(":size:"), "{err}");
}

#[test]
fn every_error_in_one_run() {
    let err = fails(
        "{nim}`2*3 = 2`\n\n{nim}`2*2 = 2`\n\n```{table}\n:op: mul\n:size: 8\n```",
        "stale-claim",
        5,
    );
    assert!(err.contains("content/t.md:7:"), "{err}");
    assert!(err.contains("content/t.md:11:"), "{err}");
}

#[test]
fn mutate_reports_a_vacuous_claim() {
    let dir = site(&page(
        "{nim}`2*3 = 1` and {nim}`inv(4) = 15`\n\n```{field-check}\n:size: 16\n```",
    ));
    let out = nimsite(dir.path(), &["check", "--mutate"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dir = site(&page("Honest: {nim}`2*2 != 5`."));
    let out = nimsite(dir.path(), &["check", "--mutate"]);
    assert!(out.status.success(), "an honest inequality was flagged");
    let dir = site(&page("A weak claim: {nim}`2*2 = 2*2`."));
    let out = nimsite(dir.path(), &["check", "--mutate"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("error[vacuous-claim]"), "{stderr}");
    assert!(stderr.contains("content/t.md:5:"), "{stderr}");
}

#[test]
fn slips_in_fences_are_errors_not_code_blocks() {
    fails("```{table\n:op: mul\n```", "unknown-directive", 5);
    let err = fails(
        "```{Table}\n:op: mul\n:size: 4\n```",
        "unknown-directive",
        5,
    );
    assert!(err.contains("did you mean ```{table}?"), "{err}");
    let err = fails(
        "```{table} of products\n:op: mul\n:size: 4\n```",
        "unknown-directive",
        5,
    );
    assert!(err.contains(":caption:"), "{err}");
    // A plain code block and a fence with another language stay code.
    let html = passes("```rust\nfn main() {}\n```\n\n```\n{not a directive}\n```");
    assert!(html.contains("<code class=\"language-rust\">"), "{html}");
    assert!(html.contains(">main<"), "{html}");
    assert!(html.contains("{not a directive}"), "{html}");
}

#[test]
fn an_open_fence_does_not_swallow_the_next_directive() {
    let err = fails(
        "```{table}\n:op: mul\n:size: 4\n\nText.\n\n```{claim}\n2*2 = 3\n```",
        "syntax",
        5,
    );
    assert!(err.contains("line 11 opens inside it"), "{err}");
}

#[test]
fn nothing_written_in_a_directive_is_dropped() {
    // A blank line before an option would have ended the options.
    fails(
        "```{table}\n:op: mul\n:size: 4\n\n:caption: late\n```",
        "unexpected-body",
        9,
    );
    // Body text in a directive that takes none.
    fails(
        "```{sizes}\n:upto: 4\nsome words\n```",
        "unexpected-body",
        7,
    );
    fails("```{claim}\n```", "missing-body", 5);
}

#[test]
fn options_that_do_nothing_are_errors_at_their_line() {
    fails(
        "```{table}\n:op: add\n:size: 4\n:expect: field\n```",
        "useless-option",
        8,
    );
    fails(
        "```{field-check}\n:size: 16\n:expect: field\n:reason: closure\n```",
        "useless-option",
        8,
    );
    fails(
        "```{field-check}\n:size: 16\n:reason: closure\n```",
        "useless-option",
        7,
    );
    fails(
        "```{game-check}\n:game: stones-1d\n:size: 4\n:method: sum\n```",
        "useless-option",
        8,
    );
    passes("```{field-check}\n:size: 8\n:expect: refusal\n:reason: closure\n```");
}

#[test]
fn corners_must_be_closed() {
    let err = fails(
        "```{table}\n:op: mul\n:size: 16\n:corners: 3, 8\n```",
        "bad-value",
        8,
    );
    assert!(err.contains("2, 4"), "{err}");
    passes("```{table}\n:op: mul\n:size: 16\n:corners: 2, 4\n```");
    passes("```{table}\n:op: add\n:size: 16\n:corners: 8\n```");
}

#[test]
fn role_slips_are_errors() {
    let err = fails("So {Nim}`2*2` here.", "unknown-role", 5);
    assert!(err.contains("did you mean `{nim}`"), "{err}");
    fails("So {nim} `2*2` here.", "unknown-role", 5);
    let html = passes("A set {a} `code` and {nim}`2*2`.");
    assert!(html.contains("<code>code</code>"));
}

#[test]
fn unbalanced_math_is_a_latex_error_at_its_column() {
    let err = fails("A $\\sqrt{2 = 3$ here.", "math", 5);
    assert!(err.contains("t.md:5:3"), "{err}");
    fails("A $\\frac{1}{2$ and $}$ here.", "math", 5);
    fails("Closing $}$ alone.", "math", 5);
    passes("A dollar \\$5 and $\\sqrt{2}$ math.");
}

#[test]
fn a_theme_restyles_directive_output_with_its_own_partials() {
    let dir = site(&page("```{cited}\n:source: book\nA fact.\n```"));
    std::fs::write(
        dir.path().join("templates/directives/cited.html"),
        "<blockquote class=\"mine\">{{ data.statement }} ({{ data.source_html | safe }})</blockquote>\n",
    )
    .expect("write partial");
    let out = nimsite(dir.path(), &["build"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(dir.path().join("site/t.html")).expect("page");
    assert!(
        html.contains("<blockquote class=\"mine\">A fact. (<span class=\"citation\"")
            && html.contains(">(Author 1999)</a></span>)</blockquote>"),
        "{html}"
    );
    // A partial that does not compile is a template error, and nothing is written.
    std::fs::write(
        dir.path().join("templates/directives/cited.html"),
        "{% if %}",
    )
    .expect("write");
    let out = nimsite(dir.path(), &["build"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("error[template]"));
}

#[test]
fn every_ledger_link_reaches_an_element_of_its_page() {
    let body = "```{claim}\n2*2 = 3\n3*3 = 2\n```\n\n**2 ⊗ 2** = 3, and 2 ⊗ 3 = 1.\n\n\
                ```{table}\n:op: add\n:size: 4\n:caption: The sums, with 1 ⊕ 1 = 0.\n```\n";
    let source = format!("+++\ntitle = \"T\"\nsummary = \"Why 2 ⊗ 2 = 3.\"\n+++\n\n{body}\n");
    let dir = site(&source);
    let out = nimsite(dir.path(), &["build"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ledger = std::fs::read_to_string(dir.path().join("site/checked.html")).expect("ledger");
    let html = std::fs::read_to_string(dir.path().join("site/t.html")).expect("page");
    let (mut links, mut exact) = (0, 0);
    for part in ledger.split("href=\"t.html").skip(1) {
        links += 1;
        let target = &part[..part.find('"').expect("closing quote")];
        if let Some(id) = target.strip_prefix('#') {
            assert!(html.contains(&format!("id=\"{id}\"")), "no element #{id}");
            exact += 1;
        }
    }
    // Two claim lines, two prose claims, the caption, the summary, the table's checks; the
    // claim lines and the prose claims each have an element of their own.
    assert!(links >= 6, "{links} links in\n{ledger}");
    assert!(exact >= 4, "{exact} links with a fragment in\n{ledger}");
    for line in [7, 8] {
        assert!(
            ledger.contains(&format!("t.html#claim-{line}\"")),
            "claim line {line}"
        );
    }
}

#[test]
fn braceless_fences_padded_and_unclosed_roles_are_markup_errors() {
    let err = fails("Text.\n\n```table\n:op: mul\n:size: 4\n```", "markup", 7);
    assert!(err.contains("```{table}"), "{err}");
    fails("```claim\n2*2 = 3\n```", "markup", 5);
    let err = fails("So { nim }`2*2` here.", "markup", 5);
    assert!(err.contains("`{nim}` with no spaces"), "{err}");
    fails("Line one.\nSo {nim}`2*2 = 3 and no close.", "markup", 6);
    // The same text, written right, builds and checks.
    let html = passes("```text\ntable\n```\n\nSo {nim}`2*2 = 3` here, and `{ nim }` in code.");
    assert!(html.contains("class=\"claim\""), "{html}");
}

#[test]
fn roles_and_claims_in_html_blocks_are_never_published_unchecked() {
    fails(
        "<details>\n<summary>Why</summary>\n{nim}`2*2 = 3`\n</details>",
        "unchecked-claim",
        7,
    );
    fails(
        "<div>\nAnd $2 \\otimes 2 = 5$.\n</div>",
        "unchecked-claim",
        6,
    );
    // With blank lines inside, Markdown reads the block's content, so it is checked.
    let html = passes("<details>\n\n{nim}`2*2 = 3`\n\n</details>");
    assert!(html.contains("class=\"claim\""), "{html}");
    fails(
        "<details>\n\n{nim}`2*2 = 5`\n\n</details>",
        "stale-claim",
        7,
    );
}

#[test]
fn a_failed_plain_claim_says_how_it_was_read() {
    let err = fails("So $\\sqrt{16} = 4$ here.", "stale-claim", 5);
    assert!(err.contains("read as `sqrt(16) = 4`"), "{err}");
    assert!(err.contains("nim square root"), "{err}");
    assert!(
        err.contains("<!-- unchecked: ordinary arithmetic -->"),
        "{err}"
    );
    passes("So $\\sqrt{16} = 30$ here.");
}

#[test]
fn quantifiers_in_prose_are_checked_as_in_math() {
    passes("Some x works: ∃ x < 16: x ⊗ x = 3, and ∀ a, b < 16: a ⊕ b = b ⊕ a.");
    fails("Line.\nNone works: ∃ x < 4: x ⊗ x = 5.", "stale-claim", 6);
}

#[test]
fn aligned_rows_are_checked_each_at_its_line() {
    passes(
        "$$\\begin{aligned} 2 \\otimes 2 &= 3 \\\\\n 4 \\otimes 4 &= 6 \\\\\n &= 2 \\oplus 4 \\end{aligned}$$",
    );
    fails(
        "$$\\begin{gather} 2 \\otimes 3 = 1 \\\\\n 3 \\otimes 3 = 3 \\end{gather}$$",
        "stale-claim",
        6,
    );
}
