//! Small HTML builders shared by the directives: escaping, operation tables, wrappers.

use std::fmt::Write;

pub use crate::escape::escape;

/// Returns an operation table with row and column headers; `cell` gives each entry and
/// `class` an optional CSS class for it.
pub fn op_table(
    size: usize,
    symbol: &str,
    cell: impl Fn(usize, usize) -> String,
    class: impl Fn(usize, usize) -> Option<&'static str>,
) -> String {
    let mut out = String::from("<table class=\"op-table\">\n<thead><tr><th scope=\"col\">");
    out.push_str(&escape(symbol));
    out.push_str("</th>");
    for b in 0..size {
        let _ = write!(out, "<th scope=\"col\">{b}</th>");
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for a in 0..size {
        let _ = write!(out, "<tr><th scope=\"row\">{a}</th>");
        for b in 0..size {
            match class(a, b) {
                Some(c) => {
                    let _ = write!(out, "<td class=\"{c}\">{}</td>", cell(a, b));
                }
                None => {
                    let _ = write!(out, "<td>{}</td>", cell(a, b));
                }
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    out
}

/// Returns a simple table from a header row and body rows, each cell already HTML.
pub fn table(head: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = String::from("<table>\n<thead><tr>");
    for h in head {
        let _ = write!(out, "<th scope=\"col\">{}</th>", escape(h));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        out.push_str("<tr>");
        for c in row {
            let _ = write!(out, "<td>{c}</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    out
}

/// Wraps a directive's HTML in a `<div>` with its id and classes, and the caption.
pub fn wrap(name: &str, id: &str, status: &str, caption: Option<&str>, inner: &str) -> String {
    let mut out = format!(
        "<div class=\"directive directive-{name} {status}\" id=\"{}\">\n",
        escape(id)
    );
    if let Some(c) = caption {
        let _ = writeln!(out, "<p class=\"directive-caption\">{}</p>", escape(c));
    }
    out.push_str(inner);
    out.push_str("</div>\n");
    out
}

/// Returns a figure element: the image, its caption and a data-table fallback.
pub fn figure(src: &str, alt: &str, caption: &str, fallback: &str) -> String {
    crate::figure::wrap_html(src, alt, &escape(caption), fallback)
}

/// Formats a count with thousands separators: 4096 → "4,096".
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_get_separators() {
        assert_eq!(count(4096), "4,096");
        assert_eq!(count(16_777_216), "16,777,216");
        assert_eq!(count(256), "256");
        assert_eq!(count(0), "0");
    }

    #[test]
    fn op_table_has_headers() {
        let t = op_table(2, "⊕", |a, b| (a ^ b).to_string(), |_, _| None);
        assert!(t.contains("<th scope=\"col\">⊕</th><th scope=\"col\">0</th>"));
        assert!(t.contains("<tr><th scope=\"row\">1</th><td>1</td><td>0</td></tr>"));
    }
}
