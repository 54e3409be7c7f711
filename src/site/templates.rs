//! Templates: the built-in theme with the site's own `templates/` over it, file by file,
//! loaded into tera; and tera's errors turned into diagnostics at the template's line.

use crate::diagnostics::Code;
use std::collections::BTreeMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;

use tera::{Context, ErrorKind, Tera};
use walkdir::WalkDir;

use super::content::display_path;
use super::{highlight, theme};

use crate::diagnostics::{Diagnostic, lowercase_first};

/// The templates every site needs.
pub const REQUIRED: [&str; 4] = ["page.html", "index.html", "claims.html", "404.html"];

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
        if !dir.exists() {
            return finish(raw, assets, errors);
        }
        let walker = WalkDir::new(&dir)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
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
            if !entry.file_type().is_file() {
                continue;
            }
            let name = display_path(&dir, entry.path());
            let bytes = match std::fs::read(entry.path()) {
                Ok(bytes) => bytes,
                Err(err) => {
                    errors.push(
                        Diagnostic::error(
                            Code::Template,
                            display_path(root, entry.path()),
                            None,
                            "cannot read this file",
                        )
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

    /// Renders one template with a context, or gives a diagnostic at the template's line.
    pub fn render(&self, name: &str, context: &Context) -> Result<String, Box<Diagnostic>> {
        self.tera
            .render(name, context)
            .map_err(|err| Box::new(to_diagnostic(&err, name)))
    }
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
    if let Err(err) = tera.add_raw_templates(raw.iter().map(|(n, t)| (n.as_str(), t.as_str()))) {
        return Err(LoadError {
            diagnostics: vec![to_diagnostic(&err, "page.html")],
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
}
