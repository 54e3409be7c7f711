//! Some directives check the nimber core against itself (a table against a second route, a
//! game search against the product) and take no expected value from the page, so no page
//! can make their claim false. For those, the proof that the check can fail is the mutation
//! run: each claim, perturbed, must fail.

use nimsite::engine::{PageCtx, Shared, expand_page, find_vacuous, prepare};
use nimsite::site::render::parse_events;

/// The true version of every directive whose claim is a cross-check, one block each.
pub(crate) const BLOCKS: &[(&str, &str)] = &[
    (
        "octal",
        "```{octal}\n:code: 0.77\n:name: kayles\n:upto: 200\n```\n",
    ),
    // A rule states no value of its own; the claims below it are what it makes checkable.
    (
        "define",
        "```{define}\n:upto: 50\ns(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }\n```\n\n{nim}`s(7) = 0` and {nim}`forall n < 43: s(n + 7) = s(n)`\n",
    ),
    ("sizes", "```{sizes}\n:upto: 20\n```\n"),
    ("inverses", "```{inverses}\n:size: 16\n```\n"),
    ("derivation full", "```{derivation}\n:a: 2\n:b: 2\n```\n"),
    (
        "derivation summary",
        "```{derivation}\n:a: 4\n:b: 4\n:detail: summary\n```\n",
    ),
    ("squares", "```{squares}\n:size: 16\n```\n"),
    (
        "game-check 2d full",
        "```{game-check}\n:game: stones-2d\n:size: 4\n:method: full\n```\n",
    ),
    (
        "game-check 2d sum",
        "```{game-check}\n:game: stones-2d\n:size: 16\n:method: sum\n```\n",
    ),
    (
        "game-check 1d",
        "```{game-check}\n:game: stones-1d\n:size: 8\n```\n",
    ),
    (
        "game-check corners",
        "```{game-check}\n:game: corners\n:size: 4\n```\n",
    ),
    (
        "game-check tartan",
        "```{game-check}\n:game: tartan\n:rules: ruler, mock-turtles\n:size: 4\n```\n",
    ),
    (
        "game-check tartan of one game",
        "```{game-check}\n:game: tartan\n:rules: turning-turtles, turning-turtles\n:size: 3\n:line: 8\n```\n",
    ),
    (
        "game-check 3d full",
        "```{game-check}\n:game: stones-3d\n:size: 3\n:method: full\n```\n",
    ),
    (
        "game-check 3d sum",
        "```{game-check}\n:game: stones-3d\n:size: 16\n:method: sum\n```\n",
    ),
    (
        "game-check beside nim",
        "```{game-check}\n:game: stones-beside-nim\n:size: 4\n:heaps: 16\n```\n",
    ),
    (
        "table by logarithm",
        "```{table}\n:op: mul\n:size: 16\n:view: logarithms\n```\n",
    ),
    (
        "subfields",
        "```{subfields}\n:size: 256\n:frobenius: 8\n```\n",
    ),
    ("quadratic", "```{quadratic}\n:over: 16\n:upto: 256\n```\n"),
    ("fermat", "```{fermat}\n:exhaustive: 256\n```\n"),
    (
        "minpoly",
        "```{minpoly}\n:size: 16\n:element: 4\n:polynomial: x^4 + x + 1\n:primitive: yes\n```\n",
    ),
    ("table add", "```{table}\n:op: add\n:size: 16\n```\n"),
    ("table mul", "```{table}\n:op: mul\n:size: 16\n```\n"),
    ("field-check", "```{field-check}\n:size: 16\n```\n"),
    (
        "field-check refusal",
        "```{field-check}\n:size: 8\n:expect: refusal\n:reason: closure\n```\n",
    ),
    (
        "cost",
        "```{cost}\n:size: 6\n:methods: naive, memoised\n```\n",
    ),
    ("claim", "```{claim}\n2*2 = 3\ninv(4) = 15\n```\n"),
    (
        "cited",
        "```{cited}\n:source: conway1976\nEvery impartial game is equivalent to a Nim heap.\n```\n",
    ),
];

/// The bibliography the blocks cite.
static BIB: std::sync::LazyLock<nimsite::bib::Bibliography> = std::sync::LazyLock::new(|| {
    let bib = "@book{conway1976, author = {Conway, John H.}, title = {On Numbers and Games}, publisher = {Academic Press}, year = {1976}}";
    nimsite::bib::Bibliography::parse(bib, "chicago-author-date").expect("the entry reads")
});

fn ctx(source: &str) -> PageCtx<'_> {
    PageCtx::new(
        nimsite::catalogue::registry(),
        "content/t.md",
        source,
        "t",
        "",
    )
    .with_bibliography(Some(&BIB))
}

#[test]
fn every_cross_check_makes_a_claim_that_fails_when_perturbed() {
    let shared = Shared::new();
    for (name, block) in BLOCKS {
        let page = ctx(block);
        let out = expand_page(&page, &shared, parse_events(block));
        let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        assert!(!out.claims.is_empty(), "{name} made no claim");
        let vacuous = find_vacuous(&page, &shared, &prepare(&page, parse_events(block)));
        assert!(vacuous.is_empty(), "{name}: {vacuous:?}");
    }
}

#[test]
fn the_mutation_run_reports_a_claim_that_cannot_fail() {
    let shared = Shared::new();
    for source in [
        "A tautology: {nim}`2*2 = 2*2`.\n",
        "Reordered: {nim}`2*3 = 3*2`.\n",
        "Nothing to check: {nim}`forall a < 0: a*a = 5`.\n",
    ] {
        let page = ctx(source);
        let vacuous = find_vacuous(&page, &shared, &prepare(&page, parse_events(source)));
        assert!(!vacuous.is_empty(), "{source}");
        assert!(vacuous.iter().all(|d| d.code.as_str() == "vacuous-claim"));
    }
    // Honest inequalities can fail, so they are not flagged.
    for source in [
        "{nim}`2*2 != 5`.\n",
        "{nim}`inv(4) != 0`.\n",
        "{nim}`forall a, b < 16: a*b = b*a`.\n",
    ] {
        let page = ctx(source);
        let vacuous = find_vacuous(&page, &shared, &prepare(&page, parse_events(source)));
        assert!(vacuous.is_empty(), "{source}: {vacuous:?}");
    }
}
