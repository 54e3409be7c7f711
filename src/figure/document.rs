//! Turns what plotters draws into a finished, accessible SVG document. Plotters writes the
//! shapes and text; this module adds what it has no API for (`role`, `<title>`, `<desc>`,
//! a background, layers written by hand) as plain string work on its output.

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, IntoDrawingArea, SVGBackend};

use super::FigureError;

/// Names the plotters drawing area every figure draws on.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Describes one figure document: its pixel size and its accessible name and description.
pub struct Page<'a> {
    /// The width in pixels, written to `width` and the `viewBox`.
    pub width: u32,
    /// The height in pixels, written to `height` and the `viewBox`.
    pub height: u32,
    /// The caller's title, escaped into `<title>`.
    pub title: &'a str,
    /// The caller's description, escaped into `<desc>`.
    pub desc: &'a str,
}

/// Draws with plotters, then wraps the result with the accessible header, a light
/// background and `under`, a hand-written layer placed beneath everything plotters drew.
pub fn render<F>(page: &Page, under: &str, draw: F) -> Result<String, FigureError>
where
    F: FnOnce(&Area) -> Result<(), String>,
{
    let mut raw = String::new();
    {
        let area = SVGBackend::with_string(&mut raw, (page.width, page.height)).into_drawing_area();
        draw(&area).map_err(FigureError::Draw)?;
        area.present()
            .map_err(|e| FigureError::Draw(e.to_string()))?;
    }
    assemble(page, under, &raw)
}

/// Splices the header, background and `under` layer into plotters' SVG text.
fn assemble(page: &Page, under: &str, raw: &str) -> Result<String, FigureError> {
    // Plotters opens the document with `<svg width height viewBox xmlns>` on its own line.
    let (open, body) = raw
        .split_once('\n')
        .filter(|(open, _)| open.starts_with("<svg ") && open.ends_with('>'))
        .ok_or_else(|| FigureError::Draw("unexpected SVG header from plotters".into()))?;
    let mut out = String::with_capacity(raw.len() + under.len() + 512);
    out.push_str(&open[..open.len() - 1]);
    out.push_str(" role=\"img\" aria-labelledby=\"title desc\">\n");
    out.push_str("<title id=\"title\">");
    out.push_str(&escape(page.title));
    out.push_str("</title>\n<desc id=\"desc\">");
    out.push_str(&escape(page.desc));
    out.push_str("</desc>\n");
    // Text never takes the pointer, so a cell's tooltip shows under its printed value.
    out.push_str("<style>text { pointer-events: none; }</style>\n");
    // An opaque light ground keeps dark text and thin lines legible on a dark page.
    out.push_str("<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n");
    out.push_str(under);
    out.push_str(&tidy_font_sizes(body));
    Ok(out)
}

/// Rounds every `font-size` to hundredths: plotters writes size / 1.24, which leaves
/// artefacts such as 13.000000000000002 that no exact input can avoid.
fn tidy_font_sizes(body: &str) -> String {
    const KEY: &str = "font-size=\"";
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(at) = rest.find(KEY) {
        let (head, tail) = rest.split_at(at + KEY.len());
        out.push_str(head);
        let end = tail.find('"').unwrap_or(tail.len());
        match tail[..end].parse::<f64>() {
            Ok(size) => out.push_str(&format!("{}", (size * 100.0).round() / 100.0)),
            Err(_) => out.push_str(&tail[..end]),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

pub use crate::html::escape;

/// Returns a minimal valid figure that states why the real one could not be drawn.
pub fn fallback(title: &str, desc: &str, error: &FigureError) -> String {
    let message = escape(&format!("figure not drawn: {error}"));
    format!(
        "<svg width=\"480\" height=\"48\" viewBox=\"0 0 480 48\" \
         xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"title desc\">\n\
         <title id=\"title\">{}</title>\n<desc id=\"desc\">{}</desc>\n\
         <rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n\
         <text x=\"8\" y=\"28\" font-family=\"{}\" font-size=\"14\" fill=\"#000000\">{message}</text>\n\
         </svg>\n",
        escape(title),
        escape(desc),
        super::font::FAMILY,
    )
}

/// Reads the `width` and `height` attributes of an SVG document's root element.
pub fn svg_size(svg: &str) -> Option<(u32, u32)> {
    let start = svg.find("<svg ")?;
    let open = &svg[start..start + svg[start..].find('>')?];
    let attr = |name: &str| -> Option<u32> {
        let key = format!(" {name}=\"");
        let from = open.find(&key)? + key.len();
        let len = open[from..].find('"')?;
        open[from..from + len].parse().ok()
    };
    Some((attr("width")?, attr("height")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_covers_markup_characters() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;"
        );
        assert_eq!(escape("plain ⊗ text"), "plain ⊗ text");
        assert_eq!(escape("bell\u{7}"), "bell\u{FFFD}");
    }

    #[test]
    fn render_adds_role_title_desc_and_background() {
        let page = Page {
            width: 40,
            height: 30,
            title: "T <1>",
            desc: "D & d",
        };
        let svg = render(&page, "<g id=\"under\"/>\n", |_| Ok(())).expect("renders");
        assert!(svg.starts_with("<svg width=\"40\" height=\"30\" viewBox=\"0 0 40 30\""));
        assert!(svg.contains("role=\"img\""));
        assert!(svg.contains("<title id=\"title\">T &lt;1&gt;</title>"));
        assert!(svg.contains("<desc id=\"desc\">D &amp; d</desc>"));
        let background = svg.find("fill=\"#FFFFFF\"").expect("background");
        assert!(background < svg.find("id=\"under\"").expect("layer"));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn font_sizes_are_rounded_to_hundredths() {
        let raw = "<text font-size=\"13.000000000000002\">a</text><text font-size=\"9.5\">";
        assert_eq!(
            tidy_font_sizes(raw),
            "<text font-size=\"13\">a</text><text font-size=\"9.5\">"
        );
        assert_eq!(
            tidy_font_sizes("font-size=\"x\" end"),
            "font-size=\"x\" end"
        );
        assert_eq!(tidy_font_sizes("font-size=\"12"), "font-size=\"12");
    }

    #[test]
    fn assemble_rejects_foreign_input() {
        let page = Page {
            width: 1,
            height: 1,
            title: "",
            desc: "",
        };
        assert!(assemble(&page, "", "not svg").is_err());
    }

    #[test]
    fn svg_size_reads_the_root_element() {
        assert_eq!(
            svg_size("<svg width=\"12\" height=\"34\" viewBox=\"0 0 12 34\">"),
            Some((12, 34))
        );
        assert_eq!(svg_size("<svg height=\"34\">"), None);
        assert_eq!(svg_size("no svg here"), None);
    }
}
