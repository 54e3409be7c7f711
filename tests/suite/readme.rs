//! The README documents every diagnostic code, once, in one table.

use nimsite::diagnostics::Code;

/// Returns the codes in the README's diagnostic table, in order.
fn readme_codes() -> Vec<String> {
    let readme = include_str!("../../README.md");
    let table = readme
        .split("## Diagnostic codes")
        .nth(1)
        .expect("a diagnostic codes section");
    table
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cell = l.split('|').nth(1)?.trim();
            Some(cell.strip_prefix('`')?.strip_suffix('`')?.to_string())
        })
        .collect()
}

#[test]
fn the_readme_table_lists_every_code_once() {
    let listed = readme_codes();
    let defined: Vec<String> = Code::ALL.iter().map(|c| c.as_str().to_string()).collect();
    assert_eq!(listed, defined, "README table and Code::ALL differ");
}

#[test]
fn the_check_sees_a_missing_row() {
    let listed = readme_codes();
    let defined: Vec<String> = Code::ALL.iter().map(|c| c.as_str().to_string()).collect();
    assert_ne!(
        listed[1..].to_vec(),
        defined,
        "a shortened table must not match"
    );
}
