//! Templates: the built-in theme with the site's own `templates/` over it, file by file,
//! loaded into tera; and tera's errors turned into diagnostics at the template's line.

use crate::diagnostics::Code;
use std::collections::{BTreeMap, BTreeSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::ops::Range;
use std::path::Path;

use tera::{Context, ErrorKind, Tera};
use walkdir::WalkDir;

use super::content::display_path;
use super::{config, highlight, theme};
pub use crate::engine::bounded::MAX_RENDER_ITEMS;
use crate::engine::bounded::{self, MAX_PAGE_BYTES};

use crate::diagnostics::{Diagnostic, lowercase_first};

/// The templates every site needs.
pub const REQUIRED: [&str; 4] = ["page.html", "index.html", "claims.html", "404.html"];

/// The most bytes one file under `templates/` may hold, fonts included.
pub const MAX_FILE_BYTES: u64 = 32 << 20;

/// Why the templates could not be loaded, with the sources the diagnostics point into.
#[derive(Debug)]
pub struct LoadError {
    /// What went wrong.
    pub diagnostics: Vec<Diagnostic>,
    /// The template sources read so far, keyed by their path from the root.
    pub sources: BTreeMap<String, String>,
}

/// The loaded templates and the static assets that sit beside them.
pub struct Templates {
    tera: Tera,
    /// Template sources keyed by their path from the root, for diagnostics.
    pub sources: BTreeMap<String, String>,
    /// Files copied to the site as they are (CSS, fonts), keyed by their path in the site.
    pub assets: BTreeMap<String, Vec<u8>>,
    /// A digest of every template and asset, so cached pages know when to re-render.
    pub digest: u64,
}

impl Templates {
    /// Loads the built-in theme, then every `*.html` under `root/templates` as a template
    /// and everything else as an asset, each replacing the built-in file of the same name;
    /// on failure returns the diagnostics and the sources they point into.
    pub fn load(root: &Path) -> Result<Templates, LoadError> {
        let dir = root.join("templates");
        let mut raw: BTreeMap<String, String> = theme::TEMPLATES
            .iter()
            .map(|(name, text)| (name.to_string(), text.to_string()))
            .collect();
        let mut assets: BTreeMap<String, Vec<u8>> = theme::ASSETS
            .iter()
            .map(|(name, bytes)| (name.to_string(), bytes.to_vec()))
            .collect();
        assets.insert(
            highlight::STYLESHEET.to_string(),
            highlight::stylesheet().as_bytes().to_vec(),
        );
        let mut errors = Vec::new();
        match has_dir(root, &dir) {
            Ok(true) => {}
            Ok(false) => return finish(raw, assets, errors),
            Err(d) => return finish(raw, assets, vec![*d]),
        }
        let walker = WalkDir::new(&dir)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
        let root_real = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
        for entry in walker {
            let entry = match entry {
                Ok(entry) => entry,
                Err(err) => {
                    errors.push(
                        Diagnostic::error(
                            Code::Template,
                            "templates",
                            None,
                            "cannot read templates/",
                        )
                        .with_note(lowercase_first(&err.to_string())),
                    );
                    continue;
                }
            };
            let kind = entry.file_type();
            let shown = display_path(root, entry.path());
            if kind.is_symlink() {
                match link_inside(&root_real, entry.path()) {
                    Ok(target) if target.is_file() => {}
                    // A link to a folder inside the root is not walked into, as before.
                    Ok(_) => continue,
                    Err(why) => {
                        errors.push(link_error(shown, why));
                        continue;
                    }
                }
            } else if kind.is_dir() {
                continue;
            } else if !kind.is_file() {
                errors.push(Diagnostic::error(
                    Code::Template,
                    shown,
                    None,
                    "not a regular file: templates/ holds only files and folders",
                ));
                continue;
            }
            let name = display_path(&dir, entry.path());
            let bytes = match config::read_regular(entry.path(), MAX_FILE_BYTES) {
                Ok(bytes) => bytes,
                Err(err) => {
                    errors.push(
                        Diagnostic::error(Code::Template, shown, None, "cannot read this file")
                            .with_note(lowercase_first(&err.to_string())),
                    );
                    continue;
                }
            };
            if name.ends_with(".html") {
                match String::from_utf8(bytes) {
                    Ok(text) => {
                        raw.insert(name, text);
                    }
                    Err(_) => errors.push(Diagnostic::error(
                        Code::Template,
                        format!("templates/{name}"),
                        Some(0..0),
                        "this template is not valid UTF-8",
                    )),
                }
            } else {
                assets.insert(name, bytes);
            }
        }
        finish(raw, assets, errors)
    }

    /// Makes a value available to every template under `key`, such as `site`.
    pub fn set_global<T: serde::Serialize + ?Sized>(&mut self, key: &'static str, value: &T) {
        self.tera.global_context().insert(key, value);
    }

    /// Renders one template with a context, or gives a diagnostic at the template's line;
    /// a render past [`MAX_PAGE_BYTES`] or [`MAX_RENDER_ITEMS`] is stopped with an error.
    pub fn render(&self, name: &str, context: &Context) -> Result<String, Box<Diagnostic>> {
        match bounded::render(&self.tera, name, context) {
            Ok(text) => Ok(text),
            Err(bounded::Failure::TooLarge) => Err(Box::new(
                Diagnostic::error(
                    Code::Template,
                    format!("templates/{name}"),
                    None,
                    format!(
                        "this template renders more than {} MiB for one page",
                        MAX_PAGE_BYTES >> 20
                    ),
                )
                .with_note(
                    "a loop or a component in it, or in a template it uses, repeats without end",
                ),
            )),
            Err(bounded::Failure::NotText) => Err(Box::new(Diagnostic::error(
                Code::Template,
                format!("templates/{name}"),
                None,
                "this template renders text that is not valid UTF-8",
            ))),
            Err(bounded::Failure::Tera(err)) => Err(Box::new(to_diagnostic(&err, name))),
        }
    }
}

/// Returns whether `templates/` is there to walk, or an error when it is a link that
/// leads out of the root or nowhere.
fn has_dir(root: &Path, dir: &Path) -> Result<bool, Box<Diagnostic>> {
    let meta = match std::fs::symlink_metadata(dir) {
        Ok(meta) => meta,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(err) => {
            return Err(Box::new(
                Diagnostic::error(Code::Template, "templates", None, "cannot read templates/")
                    .with_note(lowercase_first(&err.to_string())),
            ));
        }
    };
    if meta.file_type().is_symlink() {
        let root_real = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
        if let Err(why) = link_inside(&root_real, dir) {
            return Err(Box::new(link_error("templates".to_string(), why)));
        }
    }
    Ok(true)
}

/// Returns where the link at `path` leads when that is inside `root_real` (the root with
/// its own links resolved), or why it is not followed.
fn link_inside(root_real: &Path, path: &Path) -> Result<std::path::PathBuf, &'static str> {
    let target = std::fs::canonicalize(path).map_err(|_| "a symbolic link that leads nowhere")?;
    if !target.starts_with(root_real) {
        return Err("a symbolic link that leads out of the site's root");
    }
    Ok(target)
}

/// Returns the error for a link under `templates/` that is not followed.
fn link_error(shown: String, why: &str) -> Diagnostic {
    Diagnostic::error(
        Code::Template,
        shown,
        None,
        format!("{why} is never followed"),
    )
    .with_note("copy the files into templates/ instead, so the site holds everything it publishes")
}

/// Compiles the templates once every file is read, or returns why they cannot be.
fn finish(
    raw: BTreeMap<String, String>,
    assets: BTreeMap<String, Vec<u8>>,
    errors: Vec<Diagnostic>,
) -> Result<Templates, LoadError> {
    let sources: BTreeMap<String, String> = raw
        .iter()
        .map(|(name, text)| (format!("templates/{name}"), text.clone()))
        .collect();
    if !errors.is_empty() {
        return Err(LoadError {
            diagnostics: errors,
            sources,
        });
    }
    let mut tera = Tera::new();
    bounded::register(&mut tera);
    if let Err(err) = tera.add_raw_templates(raw.iter().map(|(n, t)| (n.as_str(), t.as_str()))) {
        return Err(LoadError {
            diagnostics: vec![to_diagnostic(&err, "page.html")],
            sources,
        });
    }
    let recursive = recursion::check(&raw);
    if !recursive.is_empty() {
        return Err(LoadError {
            diagnostics: recursive,
            sources,
        });
    }
    let mut hasher = DefaultHasher::new();
    raw.hash(&mut hasher);
    assets.hash(&mut hasher);
    Ok(Templates {
        tera,
        sources,
        assets,
        digest: hasher.finish(),
    })
}

/// Maps a tera error to a `template` diagnostic in the template it names.
fn to_diagnostic(err: &tera::Error, fallback: &str) -> Diagnostic {
    match err.kind() {
        ErrorKind::SyntaxError(report) | ErrorKind::RenderingError(report) => {
            let file = if report.filename().is_empty() {
                fallback
            } else {
                report.filename()
            };
            let range = report.span().range.clone();
            let what = if matches!(err.kind(), ErrorKind::SyntaxError(_)) {
                "template syntax error"
            } else {
                "template error"
            };
            Diagnostic::error(
                Code::Template,
                format!("templates/{file}"),
                Some(range),
                what,
            )
            .with_label(lowercase_first(report.message()))
        }
        ErrorKind::MissingParent { current, parent } => Diagnostic::error(
            Code::Template,
            format!("templates/{current}"),
            None,
            format!("this template extends `{parent}`, which does not exist"),
        ),
        ErrorKind::TemplateNotFound(name) => Diagnostic::error(
            Code::Template,
            format!("templates/{name}"),
            None,
            "missing template",
        ),
        other => Diagnostic::error(
            Code::Template,
            format!("templates/{fallback}"),
            None,
            lowercase_first(&other.to_string()),
        ),
    }
}

/// Components that call themselves, directly or through others, found by reading the
/// templates' tags: tera bounds such calls only in depth, so two calls in a body run for
/// 2^20 renders and more calls never end.
mod recursion {
    use super::*;

    /// A component, or a template's top level, as a caller.
    #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
    enum Node {
        Component(String),
        Template(String),
    }

    /// One call: what is called, in which template, where.
    struct Call {
        to: Node,
        file: String,
        at: Range<usize>,
    }

    /// Returns an error for each component that reaches itself.
    pub(super) fn check(raw: &BTreeMap<String, String>) -> Vec<Diagnostic> {
        let mut graph: BTreeMap<Node, Vec<Call>> = BTreeMap::new();
        for (name, source) in raw {
            calls(name, source, &mut graph);
        }
        let mut reported = BTreeSet::new();
        let mut out = Vec::new();
        for node in graph.keys() {
            let Node::Component(name) = node else {
                continue;
            };
            if reported.contains(node) {
                continue;
            }
            let Some(path) = path_back(&graph, node) else {
                continue;
            };
            let first = &graph[node][path[0]];
            let mut through = Vec::new();
            let mut at = node;
            for &i in &path {
                let call = &graph[at][i];
                reported.insert(call.to.clone());
                at = &call.to;
                if at != node {
                    through.push(match at {
                        Node::Component(c) => format!("`{c}`"),
                        Node::Template(t) => format!("`{t}`"),
                    });
                }
            }
            let label = if through.is_empty() {
                format!("this calls `{name}` again")
            } else {
                format!("this leads back to `{name}` through {}", through.join(", "))
            };
            out.push(
                Diagnostic::error(
                    Code::Template,
                    format!("templates/{}", first.file),
                    Some(first.at.clone()),
                    format!("component `{name}` calls itself"),
                )
                .with_label(label)
                .with_note(
                    "a component that calls itself may never end, so it is refused; \
                     write the levels out, or loop over a list",
                ),
            );
        }
        out
    }

    /// Returns the calls (as indexes, edge by edge) that lead from `start` back to it.
    fn path_back(graph: &BTreeMap<Node, Vec<Call>>, start: &Node) -> Option<Vec<usize>> {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<(&Node, Vec<usize>)> = vec![(start, Vec::new())];
        while let Some((node, path)) = stack.pop() {
            for (i, call) in graph.get(node).into_iter().flatten().enumerate() {
                let mut next = path.clone();
                next.push(i);
                if call.to == *start {
                    return Some(next);
                }
                if seen.insert(&call.to) {
                    stack.push((&call.to, next));
                }
            }
        }
        None
    }

    /// Records the component calls and includes of one template, by caller.
    fn calls(name: &str, source: &str, graph: &mut BTreeMap<Node, Vec<Call>>) {
        let mut inside: Option<String> = None;
        for (start, block, inner) in tags(source) {
            let words = inner.trim_matches('-').trim();
            if block {
                if let Some(rest) = words.strip_prefix("component ") {
                    let id: String = rest
                        .trim_start()
                        .chars()
                        .take_while(|&c| is_name(c))
                        .collect();
                    graph.entry(Node::Component(id.clone())).or_default();
                    inside = Some(id);
                    continue;
                }
                if words.starts_with("endcomponent") {
                    inside = None;
                    continue;
                }
            }
            let from = match &inside {
                Some(c) => Node::Component(c.clone()),
                None => Node::Template(name.to_string()),
            };
            let mut found = Vec::new();
            if block && words.starts_with("include") {
                for (at, target) in strings(inner) {
                    found.push((at, Node::Template(target.to_string())));
                }
            }
            for (at, callee) in component_calls(inner) {
                found.push((at, Node::Component(callee.to_string())));
            }
            let edges = graph.entry(from).or_default();
            for (at, to) in found {
                let at = start + at;
                edges.push(Call {
                    to,
                    file: name.to_string(),
                    at: at..at + 1,
                });
            }
        }
    }

    /// Returns whether `c` may be part of a (dotted) component name.
    fn is_name(c: char) -> bool {
        c.is_alphanumeric() || c == '_' || c == '.'
    }

    /// Returns each `{{ }}` and `{% %}` tag's inside with its offset, and whether it is a
    /// `{% %}` tag; comments and `raw` blocks are skipped.
    fn tags(source: &str) -> Vec<(usize, bool, &str)> {
        let mut out = Vec::new();
        let mut i = 0;
        while let Some(found) = source[i..].find('{') {
            let open = i + found;
            let inner = open + 2;
            match source.as_bytes().get(open + 1) {
                Some(b'#') => {
                    i = source[inner.min(source.len())..]
                        .find("#}")
                        .map_or(source.len(), |e| inner + e + 2);
                }
                Some(&b) if b == b'{' || b == b'%' => {
                    let close = if b == b'{' { "}}" } else { "%}" };
                    let end = tag_end(source, inner, close);
                    let text = &source[inner..end];
                    out.push((inner, b == b'%', text));
                    i = (end + 2).min(source.len());
                    if b == b'%' && text.trim_matches('-').trim() == "raw" {
                        i = source[i..].find("endraw").map_or(source.len(), |e| i + e);
                    }
                }
                _ => i = open + 1,
            }
        }
        out
    }

    /// Returns where the tag's `close` is, past any string literal, or the source's end.
    fn tag_end(source: &str, from: usize, close: &str) -> usize {
        let bytes = source.as_bytes();
        let mut j = from;
        while j < bytes.len() {
            match bytes[j] {
                q @ (b'"' | b'\'' | b'`') => {
                    j = source[j + 1..]
                        .find(q as char)
                        .map_or(bytes.len(), |e| j + 1 + e + 1);
                }
                _ if source[j..].starts_with(close) => return j,
                _ => j += 1,
            }
        }
        bytes.len()
    }

    /// Returns the string literals in a tag with their offsets.
    fn strings(tag: &str) -> Vec<(usize, &str)> {
        let mut out = Vec::new();
        let mut j = 0;
        while let Some(q) = tag[j..].find(['"', '\'', '`']).map(|e| j + e) {
            let quote = tag[q..].chars().next().unwrap_or('"');
            let Some(len) = tag[q + 1..].find(quote) else {
                break;
            };
            out.push((q, &tag[q + 1..q + 1 + len]));
            j = q + 1 + len + 1;
        }
        out
    }

    /// Returns the components a tag calls (`<name .../>` or `<name>` in a body call), with
    /// their offsets; a `<` after an operand is a comparison and is passed over.
    fn component_calls(tag: &str) -> Vec<(usize, &str)> {
        let mut out = Vec::new();
        let bytes = tag.as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            match bytes[j] {
                q @ (b'"' | b'\'' | b'`') => {
                    j = tag[j + 1..]
                        .find(q as char)
                        .map_or(bytes.len(), |e| j + 1 + e + 1);
                    continue;
                }
                b'<' if starts_an_operand(&tag[..j]) => {
                    let len = tag[j + 1..]
                        .chars()
                        .take_while(|&c| is_name(c))
                        .map(char::len_utf8)
                        .sum::<usize>();
                    if len > 0 {
                        out.push((j, &tag[j + 1..j + 1 + len]));
                    }
                }
                _ => {}
            }
            j += 1;
        }
        out
    }

    /// Returns whether what follows `before` is an operand, not an operator.
    fn starts_an_operand(before: &str) -> bool {
        let before = before.trim_end();
        let Some(last) = before.chars().next_back() else {
            return true;
        };
        if matches!(last, ')' | ']' | '"' | '\'' | '`') {
            return false;
        }
        if !(last.is_alphanumeric() || last == '_') {
            return true;
        }
        let word: String = before
            .chars()
            .rev()
            .take_while(|&c| c.is_alphanumeric() || c == '_')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        matches!(
            word.as_str(),
            "and" | "or" | "not" | "in" | "if" | "else" | "is"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendering_errors_carry_the_template_line() {
        let mut tera = Tera::new();
        tera.add_raw_template("t.html", "line one\n{{ nosuch.field }}\n")
            .expect("parses");
        let err = tera
            .render("t.html", &Context::new())
            .expect_err("undefined");
        let d = to_diagnostic(&err, "t.html");
        assert_eq!(d.file, "templates/t.html");
        let source = "line one\n{{ nosuch.field }}\n";
        assert_eq!(d.line_col(source).0, 2);
    }

    #[test]
    fn syntax_errors_carry_the_template_line() {
        let mut tera = Tera::new();
        let source = "a\nb\n{% if %}\n";
        let err = tera
            .add_raw_template("s.html", source)
            .expect_err("bad syntax");
        let d = to_diagnostic(&err, "s.html");
        assert_eq!(d.file, "templates/s.html");
        assert_eq!(d.line_col(source).0, 3);
    }

    /// Loads a site whose `templates/` holds `files`.
    fn load_with(files: &[(&str, &str)]) -> Result<Templates, LoadError> {
        let dir = tempfile::tempdir().expect("tempdir");
        for (name, text) in files {
            let path = dir.path().join("templates").join(name);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        }
        Templates::load(dir.path())
    }

    #[test]
    fn nested_loops_are_stopped_at_the_range_call() {
        let source = "a\n{% for a in range(end=100000) %}{% for b in range(end=100000) %}\
                      {% endfor %}{% endfor %}";
        let t = load_with(&[("t.html", source)]).expect("loads");
        let d = t.render("t.html", &Context::new()).expect_err("runs away");
        assert_eq!(d.file, "templates/t.html");
        assert_eq!(d.line_col(source).0, 2);
        assert!(d.label.contains("list items"), "{}", d.label);
        let t = load_with(&[("t.html", "{% for a in range(end=3) %}{{ a }}{% endfor %}")])
            .expect("loads");
        assert_eq!(t.render("t.html", &Context::new()).expect("renders"), "012");
    }

    #[test]
    fn split_takes_from_the_same_allowance() {
        let source = "{% set s = \"x,\" ~ \"x\" %}{% for a in range(end=100000) %}\
                      {% for b in (s ~ s ~ s ~ s ~ s ~ s ~ s ~ s ~ s ~ s) | split(pat=\",\") %}\
                      {% endfor %}{% endfor %}";
        let t = load_with(&[("t.html", source)]).expect("loads");
        let d = t.render("t.html", &Context::new()).expect_err("runs away");
        assert!(d.label.contains("list items"), "{}", d.label);
        let t = load_with(&[(
            "t.html",
            "{{ \"a,b\" | split(pat=\",\") | join(sep=\"+\") }}",
        )])
        .expect("loads");
        assert_eq!(t.render("t.html", &Context::new()).expect("renders"), "a+b");
    }

    #[test]
    fn a_page_past_the_size_budget_is_stopped() {
        let source = "{% for a in range(end=100) %}{{ big }}{% endfor %}";
        let t = load_with(&[("t.html", source)]).expect("loads");
        let mut context = Context::new();
        context.insert("big", &"x".repeat(1 << 20));
        let d = t.render("t.html", &context).expect_err("too large");
        assert_eq!(d.file, "templates/t.html");
        assert!(d.message.contains("64 MiB"), "{}", d.message);
        let source = "{% for a in range(end=10) %}{{ big }}{% endfor %}";
        let t = load_with(&[("t.html", source)]).expect("loads");
        assert_eq!(t.render("t.html", &context).expect("fits").len(), 10 << 20);
    }

    #[test]
    fn components_that_call_themselves_are_refused() {
        let direct = "{% component grow(n) %}{{ <grow n={n}/> }}{{ <grow n={n}/> }}\
                      {% endcomponent grow %}";
        let err = load_with(&[("c.html", direct)]).err().expect("refused");
        let d = &err.diagnostics[0];
        assert_eq!(d.file, "templates/c.html");
        assert!(d.message.contains("`grow` calls itself"), "{}", d.message);
        assert_eq!(d.span.clone().map(|s| &direct[s]), Some("<"));
        let through = "{% component a() %}{% <b> %}x{% </b> %}{% endcomponent a %}\
                       {% component b() %}{% include \"i.html\" %}{{ body }}{% endcomponent b %}";
        let err = load_with(&[("c.html", through), ("i.html", "{{ <a/> }}")])
            .err()
            .expect("refused");
        assert_eq!(err.diagnostics.len(), 1);
        assert!(
            err.diagnostics[0].label.contains("`b`, `i.html`"),
            "{}",
            err.diagnostics[0].label
        );
        let fine = "{% component leaf(n) %}{% if n <leaf %}{{ n }}{% endif %}{% endcomponent leaf %}\
                    {% component pair() %}{{ <leaf n={1}/> }}{{ \"<pair\" }}{% endcomponent pair %}\
                    {% raw %}{% component r() %}{{ <r/> }}{% endcomponent r %}{% endraw %}\
                    {# {{ <pair/> }} #}";
        let t = load_with(&[("c.html", fine)]).expect("no recursion");
        drop(t);
    }
}
