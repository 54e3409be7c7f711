//! What the cursor points at, computed: a role's value, a claim's outcome and evidence
//! from the build's ledger, a directive's or option's documentation.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use super::markup::{enclosing_directive, fence_name, role_at};
use super::position::{line_at, range};
use crate::engine::{Body, CAPTION, Directive, Opt};
use crate::ledger::{Claim, Outcome};
use crate::stmt;

/// Returns the hover for byte `offset` of `text`, the page `file`, given the build's claims.
pub fn hover(text: &str, file: &str, offset: usize, claims: &[Claim]) -> Option<Hover> {
    let (start, line) = line_at(text, offset);
    let col = offset - start;
    let line_no = text[..start].matches('\n').count() + 1;
    let claims: Vec<&Claim> = claims
        .iter()
        .filter(|c| c.file == file && c.line == line_no)
        .collect();
    let (markdown, span) = if let Some((name, span)) = fence_name(line) {
        let d = crate::catalogue::registry().get(name)?;
        (directive_doc(d), Some(span))
    } else if let Some(doc) = option_doc(text, start, line) {
        (doc, None)
    } else if let Some((doc, span)) = game_doc(text, start, line, col) {
        (doc, Some(span))
    } else if let Some(role) = role_at(line, col) {
        let games = || super::games::games_above(text, start);
        (
            role_doc(role.name, role.code, &claims, &games),
            Some(role.span),
        )
    } else if !claims.is_empty() {
        (claims_doc(&claims), None)
    } else {
        return None;
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: span.map(|s| range(text, &(start + s.start..start + s.end))),
    })
}

/// Documents a directive: what its body holds and every option it takes.
pub fn directive_doc(d: &dyn Directive) -> String {
    let mut out = format!("**`{{{}}}`** block directive\n\n", d.name());
    if let Body::Required(what) = d.body() {
        out.push_str(&format!("Body: {what}.\n\n"));
    }
    out.push_str("Options:\n");
    for opt in d.options().iter().chain([&CAPTION]) {
        out.push_str(&format!("- {}\n", option_line(opt)));
    }
    out
}

/// Describes one option in a line: its name, whether it is required, its values.
pub fn option_line(opt: &Opt) -> String {
    let mut out = format!("`:{}:`", opt.name);
    if opt.required {
        out.push_str(" (required)");
    }
    out.push_str(&format!(": {}", opt.help));
    if !opt.choices.is_empty() {
        let choices: Vec<String> = opt.choices.iter().map(|c| format!("`{c}`")).collect();
        out.push_str(&format!("; one of {}", choices.join(", ")));
    }
    out
}

/// Documents the option a `:name: value` line inside a directive's block sets.
fn option_doc(text: &str, start: usize, line: &str) -> Option<String> {
    let rest = line.trim_start().strip_prefix(':')?;
    let name = &rest[..rest.find(':')?];
    let directive = crate::catalogue::registry().get(enclosing_directive(text, start)?)?;
    let opt = directive
        .options()
        .iter()
        .chain([&CAPTION])
        .find(|o| o.name == name)?;
    Some(format!(
        "option of `{{{}}}`\n\n{}",
        directive.name(),
        option_line(opt)
    ))
}

/// Shows a game or function the page defines, under the cursor where it is called: the
/// directive and rule that define it, and the call's value when it computes.
fn game_doc(
    text: &str,
    start: usize,
    line: &str,
    col: usize,
) -> Option<(String, std::ops::Range<usize>)> {
    let (name, span) = super::games::call_at(line, col)?;
    let defined = super::games::defined(text);
    let d = defined
        .iter()
        .filter(|d| d.name == name)
        .rfind(|d| d.fence.start < start)
        .or_else(|| defined.iter().find(|d| d.name == name))?;
    let line_no = text[..d.fence.start].matches('\n').count() + 1;
    let how = if d.directive == "octal" {
        format!("the octal game `{}`", d.rule)
    } else {
        format!("the rule `{}`", d.rule)
    };
    let mut doc = format!(
        "**`{name}`**: {how}, defined by `{{{}}}` on line {line_no}",
        d.directive
    );
    if d.fence.start >= start {
        doc.push_str(", below this line: claims here cannot use it");
    }
    // The call's own text to its matching parenthesis: `kayles(10)`, or for a game
    // named as an argument the call around it, `period(kayles)`.
    let from = if line[span.end..].trim_start().starts_with('(') {
        Some(span.start)
    } else {
        let paren = line[..span.start].trim_end().len() - 1;
        let func = line[..paren].trim_end();
        let name = func.len() - func.trim_end_matches(super::games::is_word).len();
        (name > 0).then(|| func.len() - name)
    };
    if let Some(from) = from {
        let open = from + line[from..].find('(').unwrap_or(0);
        let mut depth = 0;
        let close = line[open..].char_indices().find_map(|(i, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(open + i + 1)
        });
        if let Some(close) = close {
            let call = &line[from..close];
            let games = super::games::games_above(text, start);
            let value = stmt::parse(call).and_then(|mut s| {
                s.bind_games(&games)?;
                s.value()
            });
            match value {
                Ok(v) => doc.push_str(&format!("\n\n`{call}` = **{v}**")),
                Err(e) => {
                    doc.push_str(&format!("\n\n`{call}`: {e}"));
                    if d.upto.is_some_and(|n| n > super::games::UPTO_CAP) {
                        doc.push_str(&format!(
                            " (the editor computes {} values of a game; the build computes them all)",
                            super::games::UPTO_CAP
                        ));
                    }
                }
            }
        }
    }
    Some((doc, span))
}

/// Shows a role's value, or for a claim its outcome as the build found it; `games` gives
/// the games defined above the role, computed when the role calls one.
fn role_doc(
    name: &str,
    code: &str,
    claims: &[&Claim],
    games: &dyn Fn() -> crate::stmt::Games,
) -> String {
    if !crate::engine::roles::ROLES.contains(&name) {
        return format!("`{{{name}}}` is not a role: the roles are `{{nim}}` and `{{val}}`");
    }
    let mut statement = match stmt::parse(code) {
        Ok(s) => s,
        Err(e) => return format!("`{code}` does not read: {e}"),
    };
    if statement.is_claim() {
        return if claims.is_empty() {
            format!("claim `{code}`: not checked, as the page has errors found before checking")
        } else {
            claims_doc(claims)
        };
    }
    if statement.uses_games()
        && let Err(e) = statement.bind_games(&games())
    {
        return format!("`{code}`: {e}");
    }
    match statement.value() {
        Ok(v) => format!("`{code}` = **{v}**"),
        Err(e) => format!("`{code}`: {e}"),
    }
}

/// Lists the claims the build recorded on a line, each with its outcome and evidence.
fn claims_doc(claims: &[&Claim]) -> String {
    claims
        .iter()
        .map(|c| {
            let outcome = match c.outcome {
                Outcome::Holds => "holds",
                Outcome::Fails => "does not hold",
                Outcome::Cited => "cited, not checked",
                Outcome::Waived => "waived, not checked",
            };
            let mut s = format!("`{}`: **{outcome}**", c.statement);
            if !c.evidence.is_empty() {
                s.push_str(&format!("\n\n{}", c.evidence));
            }
            s
        })
        .collect::<Vec<_>>()
        .join("\n\n---\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(h: Option<Hover>) -> String {
        match h.expect("hover").contents {
            HoverContents::Markup(m) => m.value,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_role_shows_its_value_and_a_directive_its_options() {
        let text = "So {nim}`2*2` here.\n```{table}\n:op: mul\n```\n";
        assert!(shown(hover(text, "a", 5, &[])).contains("**3**"));
        let table = shown(hover(text, "a", text.find("table").expect("t"), &[]));
        assert!(table.contains("`:op:`"), "{table}");
        let op = shown(hover(text, "a", text.find(":op").expect("o"), &[]));
        assert!(op.contains("option of `{table}`"), "{op}");
        assert!(hover(text, "a", 0, &[]).is_none());
    }

    #[test]
    fn a_game_call_shows_its_rule_and_value() {
        let text = "```{octal}\n:code: 0.77\n:name: kayles\n:upto: 20\n```\n\
            So {nim}`kayles(4) + 1` and $kayles(5)$.\n";
        let at = |s: &str| shown(hover(text, "a", text.find(s).expect("s") + 1, &[]));
        let name = at("kayles(4)");
        assert!(name.contains("the octal game `0.77`"), "{name}");
        assert!(name.contains("line 1"), "{name}");
        assert!(name.contains("`kayles(4)` = **1**"), "{name}");
        assert!(at("kayles(5)").contains("= **4**"));
        let role = at("+ 1");
        assert!(role.contains("= **0**"), "{role}");
        let text = "```{define}\n:upto: 30\ns(n) = mex{ s(n - k) : k in {1, 2}, k <= n }\n```\n\
            So {nim}`period(s)`.\n";
        let period = shown(hover(text, "a", text.find("(s)").expect("s") + 1, &[]));
        assert!(period.contains("`period(s)` = **3**"), "{period}");
        assert!(period.contains("the rule `s(n) = mex"), "{period}");
    }
}
