//! What a directive shows, as data, and the tera partials that turn it into HTML.
//!
//! A directive's evaluation returns a [`View`]; the partial `directives/<name>.html`
//! renders its data, and `directives/directive.html` wraps it with the id, status and
//! caption. The built-in partials ship inside the binary; a site restyles directive output
//! by putting its own `templates/directives/*.html` beside its other templates.

use std::collections::BTreeMap;

use serde::Serialize;
use tera::{Context, Tera};

/// How a directive's claims came out, as its box shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every claim holds.
    Checked,
    /// A claim fails; the build fails too.
    Failed,
    /// An expected refusal, shown as such.
    Refusal,
    /// Stated on the literature's authority.
    Cited,
    /// Counts or values with no claim.
    Computed,
}

impl Status {
    /// Returns `Checked` when `ok`, else `Failed`.
    pub fn from_ok(ok: bool) -> Status {
        if ok { Status::Checked } else { Status::Failed }
    }
}

/// A directive's output as data: which partial renders it, and with what.
#[derive(Clone, Debug)]
pub struct View {
    /// The directive's name, which names its partial; the engine fills it in.
    pub name: &'static str,
    /// The element id of the directive's box.
    pub id: String,
    /// How its claims came out.
    pub status: Status,
    /// The caption shown above the box, if any.
    pub caption: Option<String>,
    /// The data the partial renders.
    pub data: serde_json::Value,
}

impl View {
    /// Returns a view of `data`; the engine names the partial after the directive.
    pub fn new(id: &str, status: Status, data: impl Serialize) -> View {
        View {
            name: "",
            id: id.to_string(),
            status,
            caption: None,
            data: serde_json::to_value(data).unwrap_or_default(),
        }
    }

    /// Returns the view with a caption above its box.
    pub fn with_caption(mut self, caption: Option<&str>) -> View {
        self.caption = caption.map(str::to_string);
        self
    }
}

/// The partials every directive's box is built from, by template name: the box itself, a
/// figure and a data table. Each directive's own partial comes from the registry.
pub const BOX_PARTIALS: &[(&str, &str)] = &[
    (
        "directives/directive.html",
        include_str!("../../templates/directives/directive.html"),
    ),
    (
        "directives/figure.html",
        include_str!("../../templates/directives/figure.html"),
    ),
    (
        "directives/data-table.html",
        include_str!("../../templates/directives/data-table.html"),
    ),
];

/// The partials directives render through: the built-in ones, or a site's own.
pub struct Partials {
    tera: Tera,
    /// A digest of the partials' sources, so cached pages know when to re-render.
    pub digest: u64,
}

impl std::fmt::Debug for Partials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Partials")
    }
}

impl Partials {
    /// Returns partials that render nothing, for when the built-in ones cannot compile.
    pub fn empty() -> Partials {
        Partials {
            tera: Tera::new(),
            digest: 0,
        }
    }

    /// Returns the box partials and the directives' own (template name to source), with
    /// any of `overrides` (such as `directives/table.html`) put in their place.
    pub fn with_overrides(
        own: impl IntoIterator<Item = (String, &'static str)>,
        overrides: &BTreeMap<String, String>,
    ) -> Result<Partials, tera::Error> {
        let mut tera = Tera::new();
        tera.set_escape_fn(|text, out| out.write_all(crate::html::escape(text).as_bytes()));
        super::bounded::register(&mut tera);
        let mut all: BTreeMap<String, &str> = BOX_PARTIALS
            .iter()
            .map(|(name, source)| (name.to_string(), *source))
            .chain(own)
            .collect();
        for (name, source) in overrides {
            if name.starts_with("directives/") {
                all.insert(name.clone(), source);
            }
        }
        let digest = {
            use std::hash::{DefaultHasher, Hash, Hasher};
            let mut h = DefaultHasher::new();
            all.hash(&mut h);
            h.finish()
        };
        tera.add_raw_templates(all)?;
        Ok(Partials { tera, digest })
    }

    /// Renders a view through its partial and the box around it, each render bounded so a
    /// partial that runs away is stopped.
    pub fn render(&self, view: &View) -> Result<String, tera::Error> {
        let mut context = Context::new();
        context.insert("data", &view.data);
        let inner = self.bounded(&format!("directives/{}.html", view.name), &context)?;
        let mut context = Context::new();
        context.insert("name", view.name);
        context.insert("id", &view.id);
        context.insert("status", &view.status);
        context.insert("caption", &view.caption);
        context.insert("inner", &tera::Value::safe_string(&inner));
        self.bounded("directives/directive.html", &context)
    }

    /// Renders one partial through [`super::bounded::render`].
    fn bounded(&self, name: &str, context: &Context) -> Result<String, tera::Error> {
        use super::bounded::{Failure, MAX_PAGE_BYTES, render};
        render(&self.tera, name, context).map_err(|failure| match failure {
            Failure::Tera(err) => err,
            Failure::TooLarge => tera::Error::message(format!(
                "`{name}` renders more than {} MiB; a loop or a component in it repeats without end",
                MAX_PAGE_BYTES >> 20
            )),
            Failure::NotText => tera::Error::message(format!("`{name}` renders text that is not UTF-8")),
        })
    }
}

/// A table of data as a partial shows it: an operation table with row and column
/// headers, a plain table with a header row, or a note where no table is printed.
#[derive(Clone, Debug, Default, Serialize)]
pub struct DataTable {
    /// The operation symbol in the corner of an operation table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub op: Option<String>,
    /// The column headers.
    pub head: Vec<String>,
    /// The rows: plain text cells, or `{text, class}` cells in an operation table.
    pub rows: Vec<Vec<serde_json::Value>>,
    /// Text shown instead of a table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl DataTable {
    /// Returns a table with a header row; every cell is plain text.
    pub fn plain(head: &[&str], rows: Vec<Vec<String>>) -> DataTable {
        DataTable {
            op: None,
            head: head.iter().map(|h| h.to_string()).collect(),
            rows: rows
                .into_iter()
                .map(|r| r.into_iter().map(serde_json::Value::String).collect())
                .collect(),
            note: None,
        }
    }

    /// Returns an operation table below `size`, with `cell` giving each entry and
    /// `class` an optional CSS class for it.
    pub fn op(
        size: usize,
        symbol: &str,
        cell: impl Fn(usize, usize) -> String,
        class: impl Fn(usize, usize) -> Option<&'static str>,
    ) -> DataTable {
        let rows = (0..size)
            .map(|a| {
                (0..size)
                    .map(|b| serde_json::json!({ "text": cell(a, b), "class": class(a, b) }))
                    .collect()
            })
            .collect();
        DataTable {
            op: Some(symbol.to_string()),
            head: (0..size).map(|b| b.to_string()).collect(),
            rows,
            note: None,
        }
    }

    /// Returns a note shown where no table is printed.
    pub fn note(text: impl Into<String>) -> DataTable {
        DataTable {
            note: Some(text.into()),
            ..DataTable::default()
        }
    }
}

/// A drawn figure as a partial shows it: the image, its caption and a data fallback.
#[derive(Clone, Debug, Serialize)]
pub struct FigureView {
    /// The image's path relative to the page.
    pub src: String,
    /// The image's alternative text.
    pub alt: String,
    /// The caption under the image.
    pub caption: String,
    /// The data, for readers without the picture.
    pub fallback: DataTable,
}

impl FigureView {
    /// Returns a figure whose caption is also its alternative text.
    pub fn new(src: String, caption: String, fallback: DataTable) -> Self {
        FigureView {
            src,
            alt: caption.clone(),
            caption,
            fallback,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_box_partials_compile() {
        if let Err(e) = Partials::with_overrides([], &BTreeMap::new()) {
            panic!("{e:?}");
        }
    }
}
