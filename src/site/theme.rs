//! The built-in theme: the repository's own `templates/`, compiled into the binary, so a
//! site with no `templates/` folder builds, and one with it overrides file by file.

/// The built-in page templates, by name inside `templates/`.
pub const TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("../../templates/base.html")),
    ("page.html", include_str!("../../templates/page.html")),
    ("index.html", include_str!("../../templates/index.html")),
    ("claims.html", include_str!("../../templates/claims.html")),
    ("404.html", include_str!("../../templates/404.html")),
];

/// The built-in static assets, by path inside the site.
pub const ASSETS: &[(&str, &[u8])] = &[
    ("style.css", include_bytes!("../../templates/style.css")),
    ("favicon.svg", include_bytes!("../../templates/favicon.svg")),
    ("search.js", include_bytes!("../../templates/search.js")),
    (
        "fonts/math.woff2",
        include_bytes!("../../templates/fonts/math.woff2"),
    ),
    (
        "fonts/OFL.txt",
        include_bytes!("../../templates/fonts/OFL.txt"),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_holds_every_required_template() {
        for name in super::super::templates::REQUIRED {
            assert!(
                TEMPLATES.iter().any(|(n, _)| *n == name),
                "{name} is not built in"
            );
        }
    }
}
