//! A directive's name is written in a few places an author or a reader meets it: the
//! registry, its partial's file name, the README's directive table and the blocks the claim
//! tests run. These tests fail unless all of them name the same directives, and unless the
//! README's "Adding a directive" example is still the code it quotes.

use std::collections::BTreeSet;
use std::path::Path;

use nimsite::catalogue::registry;
use nimsite::engine::view::BOX_PARTIALS;

/// One list of directive names, with where it comes from.
type Named = (&'static str, Vec<String>);

/// Returns the directives in the registry, in order.
fn registered() -> Vec<String> {
    registry().names().into_iter().map(String::from).collect()
}

/// Returns the directives that have a partial in `templates/directives/`, in name order.
fn partial_files() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/directives");
    let boxes: Vec<&str> = BOX_PARTIALS
        .iter()
        .filter_map(|(name, _)| name.strip_prefix("directives/"))
        .collect();
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("templates/directives")
        .filter_map(|entry| {
            let file = entry.ok()?.file_name().into_string().ok()?;
            let name = file.strip_suffix(".html")?;
            (!boxes.contains(&file.as_str())).then(|| name.to_string())
        })
        .collect();
    names.sort();
    names
}

/// Returns the directives in the README's directive table, in order.
fn readme_rows(readme: &str) -> Vec<String> {
    let section = readme
        .split("## Directives and roles")
        .nth(1)
        .expect("a directives section");
    section
        .lines()
        .skip_while(|l| !l.starts_with("| directive"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cell = l.split('|').nth(1)?.trim();
            Some(cell.strip_prefix("`{")?.strip_suffix("}`")?.to_string())
        })
        .collect()
}

/// Returns the directives the claim tests run a block of.
fn tested() -> Vec<String> {
    crate::directive_claims::BLOCKS
        .iter()
        .chain(crate::ordinals::BLOCKS)
        .filter_map(|(_, block)| {
            let name = block.strip_prefix("```{")?.split('}').next()?;
            Some(name.to_string())
        })
        .collect()
}

/// Returns one line for each name that some list has and another lacks, and one for each
/// ordered list whose order differs from the first list's.
fn disagreements(lists: &[Named]) -> Vec<String> {
    let all: BTreeSet<&String> = lists.iter().flat_map(|(_, names)| names).collect();
    let mut out = Vec::new();
    for name in all {
        let missing: Vec<&str> = lists
            .iter()
            .filter(|(_, names)| !names.contains(name))
            .map(|(from, _)| *from)
            .collect();
        if !missing.is_empty() {
            out.push(format!(
                "`{{{name}}}` is missing from {}",
                missing.join(", ")
            ));
        }
    }
    out
}

/// Returns the four lists as they are in the repository.
fn lists() -> Vec<Named> {
    vec![
        ("the registry", registered()),
        ("templates/directives", partial_files()),
        (
            "the README's table",
            readme_rows(include_str!("../../README.md")),
        ),
        ("the claim tests' blocks", tested()),
    ]
}

#[test]
fn the_registry_partials_readme_and_tests_name_the_same_directives() {
    let found = disagreements(&lists());
    assert!(found.is_empty(), "{}", found.join("\n"));
    // The README lists the directives in the registry's order.
    assert_eq!(
        readme_rows(include_str!("../../README.md")),
        registered(),
        "the README's table and the registry differ in order"
    );
}

#[test]
fn a_name_changed_in_any_one_list_is_found() {
    let lists = lists();
    for i in 0..lists.len() {
        let mut dropped = lists.clone();
        let removed = dropped[i].1.remove(0);
        let found = disagreements(&dropped);
        assert!(
            found.iter().any(|d| d.contains(&removed)),
            "dropping `{removed}` from {} went unnoticed",
            lists[i].0
        );
        let mut renamed = lists.clone();
        renamed[i].1[0] = format!("{removed}s");
        assert!(
            !disagreements(&renamed).is_empty(),
            "renaming `{removed}` in {} went unnoticed",
            lists[i].0
        );
    }
}

#[test]
fn each_directive_ships_the_partial_named_after_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/directives");
    for directive in registry().directives() {
        let file = dir.join(format!("{}.html", directive.name()));
        let on_disk = std::fs::read_to_string(&file).unwrap_or_default();
        assert_eq!(
            directive.partial(),
            on_disk,
            "`{{{}}}` does not ship {}",
            directive.name(),
            file.display()
        );
    }
}

/// Returns the lines of `quoted` (elisions `// …` aside) that are not found in `source`
/// in the same order, trimmed.
fn unquoted<'a>(quoted: &'a str, source: &str) -> Vec<&'a str> {
    let mut lines = source.lines().map(str::trim);
    quoted
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && *l != "// …")
        .filter(|want| !lines.any(|l| l == *want))
        .collect()
}

/// Returns the README's "Adding a directive" example.
fn readme_example(readme: &str) -> &str {
    let section = readme
        .split("## Adding a directive")
        .nth(1)
        .expect("an adding-a-directive section");
    let code = section.split("```rust\n").nth(1).expect("a rust example");
    code.split("\n```").next().expect("a closed example")
}

#[test]
fn the_readme_example_is_the_code_it_quotes() {
    let source = include_str!("../../src/catalogue/squares.rs");
    let example = readme_example(include_str!("../../README.md"));
    let missing = unquoted(example, source);
    assert!(missing.is_empty(), "not in squares.rs: {missing:#?}");
    // A drifted example is caught.
    let drifted = example.replace("caption: Caption::read", "caption: None, // ");
    assert!(!unquoted(&drifted, source).is_empty());
}
