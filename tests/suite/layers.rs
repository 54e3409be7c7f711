//! The house's layers, enforced on `src/`: top-level modules import only modules on lower
//! floors, the nimber core imports nothing else of the crate, and no two sibling files or
//! folders at any depth import each other, directly or round a circle.
//!
//! Imports are read from `crate::…` and `super::…` paths outside `#[cfg(test)]` modules,
//! the way `use` declarations and inline paths name them.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The floors of the house, lowest first; a module may import only from lower floors.
const FLOORS: &[&[&str]] = &[
    &["nimber", "escape", "html"],
    &["stmt", "diagnostics"],
    &["math", "figure", "ledger", "bib"],
    &["engine"],
    &["catalogue"],
    &["site"],
    &["serve", "scaffold"],
    &["cli", "lsp"],
];

/// The module that may import nothing but itself and std.
const PURE: &str = "nimber";

/// A module path such as `["nimber", "ordinal", "alpha"]`.
type Module = Vec<String>;

/// Returns the module path of a file relative to `src/`.
fn module_of(rel: &str) -> Module {
    let stem = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut parts: Module = stem.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// Removes `#[cfg(test)] mod name { … }` blocks, matching braces.
fn strip_tests(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = rest[at + "#[cfg(test)]".len()..].trim_start();
        let after = after.strip_prefix("pub ").unwrap_or(after).trim_start();
        let is_mod = after.starts_with("mod ");
        let Some(open) = after.find(['{', ';']) else {
            rest = "";
            break;
        };
        if !is_mod || after.as_bytes()[open] == b';' {
            // An attribute on an item other than an inline module: keep the text after it.
            rest = &rest[at + "#[cfg(test)]".len()..];
            continue;
        }
        let mut depth = 0usize;
        let mut end = after.len();
        for (i, c) in after.char_indices().skip_while(|&(i, _)| i < open) {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// Returns every `crate::…` or `super::…` path in the text, with `{a, b::c}` groups expanded
/// at any depth.
fn import_paths(text: &str) -> Vec<Vec<String>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let word_start = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let head = ["crate::", "super::"]
            .into_iter()
            .find(|h| word_start && bytes[i..].starts_with(h.as_bytes()));
        match head {
            Some(h) => {
                let root = vec![h.trim_end_matches(':').to_string()];
                i = expand(text, i + h.len(), root, &mut out);
            }
            None => i += 1,
        }
    }
    out
}

/// Reads a path tail starting at `at` onto `prefix`; returns where reading stopped.
fn expand(text: &str, mut at: usize, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let bytes = text.as_bytes();
    loop {
        let start = at;
        while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
            at += 1;
        }
        if at > start {
            prefix.push(text[start..at].to_string());
            if bytes[at..].starts_with(b"::") {
                at += 2;
                continue;
            }
            out.push(prefix);
            return at;
        }
        if at < bytes.len() && bytes[at] == b'{' {
            at += 1;
            loop {
                while at < bytes.len() && (bytes[at] as char).is_whitespace() {
                    at += 1;
                }
                if at >= bytes.len() {
                    return at;
                }
                match bytes[at] {
                    b'}' => return at + 1,
                    b',' => at += 1,
                    _ if bytes[at..].starts_with(b"self") && !is_ident(bytes.get(at + 4)) => {
                        out.push(prefix.clone());
                        at += 4;
                    }
                    _ => {
                        let before = at;
                        at = expand(text, at, prefix.clone(), out);
                        // Skip `as name` and anything unreadable, up to the next separator.
                        while at < bytes.len() && !matches!(bytes[at], b',' | b'}') {
                            at += 1;
                        }
                        if at == before {
                            at += 1;
                        }
                    }
                }
            }
        }
        if prefix.len() > 1 {
            out.push(prefix);
        }
        return at;
    }
}

/// Returns whether a byte continues an identifier.
fn is_ident(b: Option<&u8>) -> bool {
    b.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
}

/// The edges found: between top-level modules, and between siblings under each parent.
#[derive(Default, Debug)]
struct Graph {
    top: BTreeMap<String, BTreeSet<String>>,
    siblings: BTreeMap<Module, BTreeSet<Module>>,
}

/// Builds the import graph of the files, given as (path relative to `src/`, text).
fn graph(files: &[(String, String)]) -> Graph {
    // Every file's module and the folders above it.
    let modules: BTreeSet<Module> = files
        .iter()
        .flat_map(|(p, _)| {
            let m = module_of(p);
            (1..=m.len()).map(move |n| m[..n].to_vec())
        })
        .collect();
    let mut g = Graph::default();
    for (path, text) in files {
        let from = module_of(path);
        if from == ["lib"] || from == ["main"] {
            continue;
        }
        for p in import_paths(&strip_tests(text)) {
            let target: Module = if p[0] == "crate" {
                p[1..].to_vec()
            } else {
                // In `a/b.rs` and in `a/b/mod.rs` alike, `super` is `a`.
                let mut base = from[..from.len() - 1].to_vec();
                let mut rest = &p[1..];
                while rest.first().is_some_and(|r| r == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
                base.extend(rest.iter().cloned());
                base
            };
            let Some(to) = (1..=target.len())
                .rev()
                .map(|n| target[..n].to_vec())
                .find(|m| modules.contains(m))
            else {
                continue;
            };
            if to[0] != from[0] {
                g.top
                    .entry(from[0].clone())
                    .or_default()
                    .insert(to[0].clone());
                continue;
            }
            let mut i = 1;
            while i < from.len() && i < to.len() && from[i] == to[i] {
                i += 1;
            }
            if i < from.len() && i < to.len() {
                g.siblings
                    .entry(from[..=i].to_vec())
                    .or_default()
                    .insert(to[..=i].to_vec());
            }
        }
    }
    g
}

/// Returns the strongly connected components with more than one node.
fn cycles<N: Ord + Clone>(edges: &BTreeMap<N, BTreeSet<N>>) -> Vec<Vec<N>> {
    // Two nodes share a cycle when each reaches the other.
    let reach = |from: &N| -> BTreeSet<N> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for m in edges.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let nodes: BTreeSet<N> = edges
        .iter()
        .flat_map(|(k, vs)| std::iter::once(k).chain(vs))
        .cloned()
        .collect();
    let reaches: BTreeMap<N, BTreeSet<N>> = nodes.iter().map(|n| (n.clone(), reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in &nodes {
        if done.contains(n) || !reaches[n].contains(n) {
            continue;
        }
        let comp: Vec<N> = nodes
            .iter()
            .filter(|m| reaches[n].contains(*m) && reaches[*m].contains(n))
            .cloned()
            .collect();
        done.extend(comp.iter().cloned());
        out.push(comp);
    }
    out
}

/// Returns every breach of the house's rules, as messages.
fn problems(files: &[(String, String)]) -> Vec<String> {
    let g = graph(files);
    let floor = |m: &str| FLOORS.iter().position(|f| f.contains(&m));
    let mut out = Vec::new();
    let tops: BTreeSet<String> = files
        .iter()
        .map(|(p, _)| module_of(p)[0].clone())
        .filter(|m| m != "lib" && m != "main")
        .collect();
    for m in &tops {
        if floor(m).is_none() {
            out.push(format!("module `{m}` is on no floor: add it to FLOORS"));
        }
    }
    for (from, tos) in &g.top {
        for to in tos {
            if from == PURE {
                out.push(format!("the pure module `{PURE}` imports `{to}`"));
            } else if let (Some(a), Some(b)) = (floor(from), floor(to))
                && b >= a
            {
                out.push(format!(
                    "`{from}` (floor {a}) imports `{to}` (floor {b}), which is not below it"
                ));
            }
        }
    }
    for c in cycles(&g.top) {
        out.push(format!(
            "cycle between top-level modules: {}",
            c.join(" <-> ")
        ));
    }
    for c in cycles(&g.siblings) {
        let names: Vec<String> = c.iter().map(|m| m.join("/")).collect();
        out.push(format!("cycle inside a module: {}", names.join(" <-> ")));
    }
    out
}

/// Reads every `.rs` file under `src/`.
fn sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("read src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(&src).expect("under src");
                let rel = rel.to_string_lossy().replace('\\', "/");
                files.push((rel, fs::read_to_string(&path).expect("read file")));
            }
        }
    }
    files.sort();
    files
}

/// Returns a set of files from (path, text) literals.
fn fake(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect()
}

#[test]
fn src_keeps_its_layers() {
    let files = sources();
    assert!(
        files.len() > 50,
        "found only {} files under src/",
        files.len()
    );
    let problems = problems(&files);
    assert!(
        problems.is_empty(),
        "layer problems:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_graph_sees_the_real_imports() {
    // The check reads what the code imports; if it read nothing it would pass vacuously.
    let g = graph(&sources());
    assert!(g.top["stmt"].contains("nimber"), "{:?}", g.top);
    assert!(g.top["site"].contains("engine"), "{:?}", g.top);
    assert!(g.top["catalogue"].contains("engine"), "{:?}", g.top);
    assert!(g.top["serve"].contains("site"), "{:?}", g.top);
    assert!(g.top["scaffold"].contains("site"), "{:?}", g.top);
    assert!(g.siblings.values().map(BTreeSet::len).sum::<usize>() > 20);
}

#[test]
fn a_sibling_cycle_at_depth_fails() {
    let files = fake(&[
        ("nimber/mod.rs", "mod a;"),
        ("nimber/a/mod.rs", "mod x; mod y;"),
        ("nimber/a/x.rs", "use super::y::Thing;"),
        (
            "nimber/a/y.rs",
            "use crate::nimber::a::{z, x::{Other, self}};",
        ),
    ]);
    let p = problems(&files);
    assert_eq!(
        p,
        ["cycle inside a module: nimber/a/x <-> nimber/a/y"],
        "{p:?}"
    );
}

#[test]
fn a_cycle_round_three_files_fails() {
    let files = fake(&[
        ("stmt/a.rs", "use super::b::B;"),
        ("stmt/b.rs", "fn f() { super::c::g() }"),
        ("stmt/c.rs", "use crate::stmt::a as first;"),
        ("stmt/d.rs", "use super::a::A;"),
    ]);
    let p = problems(&files);
    assert_eq!(
        p,
        ["cycle inside a module: stmt/a <-> stmt/b <-> stmt/c"],
        "{p:?}"
    );
}

#[test]
fn an_upward_or_impure_import_fails() {
    let files = fake(&[
        ("nimber/x.rs", "use crate::stmt::Statement;"),
        ("stmt/y.rs", "use crate::site::build;"),
        ("site/z.rs", "use crate::stmt::Statement;"),
        ("site/v.rs", "use crate::serve::inject;"),
        ("serve.rs", ""),
        ("newfloor/w.rs", ""),
    ]);
    let p = problems(&files);
    assert!(
        p.contains(&"module `newfloor` is on no floor: add it to FLOORS".to_string()),
        "{p:?}"
    );
    assert!(
        p.contains(&"the pure module `nimber` imports `stmt`".to_string()),
        "{p:?}"
    );
    assert!(
        p.contains(&"`stmt` (floor 1) imports `site` (floor 5), which is not below it".to_string()),
        "{p:?}"
    );
    assert!(
        p.contains(
            &"`site` (floor 5) imports `serve` (floor 6), which is not below it".to_string()
        ),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("cycle between top-level modules")),
        "{p:?}"
    );
}

#[test]
fn test_modules_are_not_imports() {
    let files = fake(&[
        (
            "nimber/a.rs",
            "use super::b::B;\n#[cfg(test)]\nmod tests {\n    use super::super::c::{C};\n    fn f() { if x { } }\n}\n",
        ),
        ("nimber/b.rs", ""),
        ("nimber/c.rs", "use super::a::A;"),
    ]);
    assert_eq!(problems(&files), Vec::<String>::new());
}
