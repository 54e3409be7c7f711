//! `{define}`: one-argument games or functions defined on the page by recursive rules, one
//! per line, tabulated to `:upto:`; the names work in the page's claims below it, as
//! `{octal}` names do.

use std::ops::Range;

use serde::Serialize;

use super::game_view::{GameView, PeriodClaim, game_view};
use crate::diagnostics::Code;
use crate::engine::Caption;
use crate::engine::statements::expr_error;
use crate::engine::{Args, Body, Cx, Directive, DirectiveError, Opt, Spec, Status, View};
use crate::math::lexicon::GameWords;
use crate::nimber::{Period, window_period};
use crate::stmt::{self, ExprErrorKind, Game, Rule};
use std::sync::Arc;

/// The most values a rule may be tabulated to.
pub const DEFINE_UPTO_MAX: usize = 100_000;

/// The `{define}` directive.
pub struct Define;

/// A `{define}` as written: its rules with the spans of their lines.
#[derive(Debug)]
struct DefineSpec {
    rules: Vec<(Rule, Range<usize>)>,
    upto: usize,
    caption: Caption,
    /// The first rule's game in sentences, and the noun for one of its heaps.
    title: Option<String>,
    unit: Option<String>,
}

impl Directive for Define {
    fn name(&self) -> &'static str {
        "define"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/define.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("upto", "how many values of each rule to compute"),
            Opt::optional(
                "title",
                "the first rule's game in sentences, such as Grundy's game",
            ),
            Opt::optional("unit", "the noun for one heap in sentences, such as heap"),
        ];
        OPTIONS
    }

    fn body(&self) -> Body {
        Body::Required("one rule per line, such as `s(n) = mex{ s(n - k) : k in {1, 2}, k <= n }`")
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        let mut errors = Vec::new();
        let mut rules = Vec::new();
        for (line, span) in args.body() {
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            let start = span.start + (line.len() - line.trim_start().len());
            match stmt::parse_rule(text) {
                Ok(rule) => {
                    let name = rule.name();
                    let at = start + rule.name_span().start..start + rule.name_span().end;
                    if stmt::is_reserved(name) {
                        errors.push(DirectiveError::new(
                            Code::BadValue,
                            at,
                            format!("`{name}` is a function or keyword of the statement language; name the rule otherwise"),
                        ));
                    } else if rules.iter().any(|(r, _): &(Rule, _)| r.name() == name) {
                        errors.push(DirectiveError::new(
                            Code::BadValue,
                            at,
                            format!("`{name}` is defined twice in this block"),
                        ));
                    }
                    rules.push((rule, start..start + text.len()));
                }
                Err(e) => errors.push(expr_error(&e, start)),
            }
        }
        if rules.is_empty() && errors.is_empty() {
            errors.push(
                DirectiveError::new(
                    Code::MissingBody,
                    args.name_span(),
                    "`{define}` needs a rule, such as `g(n) = mex{ g(n - 1) }`",
                )
                .with_label("no rule"),
            );
        }
        let upto = args.number("upto", 1, DEFINE_UPTO_MAX, None);
        let caption = Caption::read(args, &["name", "upto"]);
        match (upto, caption) {
            (Ok(upto), Ok(caption)) if errors.is_empty() => Ok(Box::new(DefineSpec {
                title: args.text("title").map(str::to_string),
                unit: args.text("unit").map(str::to_string),
                rules,
                upto,
                caption,
            })),
            (upto, caption) => {
                errors.extend(upto.err());
                errors.extend(caption.err());
                Err(errors)
            }
        }
    }
}

/// What the `{define}` partial shows: each rule as written, with its values.
#[derive(Serialize)]
struct DefineView {
    games: Vec<Defined>,
}

/// One rule and its values.
#[derive(Serialize)]
struct Defined {
    rule: String,
    game: GameView,
    /// How many earlier values the rule reads, when its period is proved by them.
    window: Option<usize>,
}

impl Spec for DefineSpec {
    fn defines(&self) -> Vec<GameWords> {
        self.rules
            .iter()
            .enumerate()
            .map(|(k, (rule, _))| {
                let (title, unit) = self.words_of(k);
                GameWords::new(rule.name(), title, unit)
            })
            .collect()
    }

    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        for (rule, span) in &self.rules {
            if cx.defined_above(rule.name()) {
                let at = span.start + rule.name_span().start..span.start + rule.name_span().end;
                return Err(DirectiveError::new(
                    Code::BadValue,
                    at,
                    format!("a game named `{}` is already defined above", rule.name()),
                )
                .with_label("defined twice"));
            }
        }
        let rules: Vec<Rule> = self.rules.iter().map(|(r, _)| r.clone()).collect();
        let left = cx.work_left();
        let limit = left.min(stmt::MAX_WORK);
        let (tables, work) = stmt::tabulate_counted(&rules, self.upto, cx.games(), limit).map_err(
            |(i, e)| {
                let line = &self.rules[i].1;
                match e.kind {
                    ExprErrorKind::TooMuchWork { work, .. } if left < stmt::MAX_WORK => {
                        let what = format!("`{}` to {}", self.rules[i].0.name(), self.upto);
                        let work = u64::try_from(work).unwrap_or(u64::MAX);
                        cx.over_budget(line.clone(), &what, work)
                    }
                    ExprErrorKind::TooMuchWork { limit, .. } => DirectiveError::new(
                        Code::Limit,
                        line.clone(),
                        format!(
                            "`{}` takes more than {limit} steps of work to tabulate to {}; lower `:upto:`",
                            self.rules[i].0.name(),
                            self.upto
                        ),
                    )
                    .with_label("past the bound"),
                    _ => expr_error(&e, line.start),
                }
            },
        )?;
        cx.spent(work);
        let first = self.rules[0].0.name();
        let id = cx.anchor(&format!("define-{first}"));
        let mut games = Vec::new();
        let mut ok = true;
        // A claim on the options of a position evaluates the rule's mex at it.
        let (shared, read) = (Arc::<[Rule]>::from(rules), cx.games().clone());
        let shared_tables = Arc::<[Vec<u32>]>::from(tables.clone());
        for (k, ((rule, span), values)) in self.rules.iter().zip(tables).enumerate() {
            let name = rule.name();
            let (title, unit) = self.words_of(k);
            cx.define_words(GameWords::new(name, title, unit));
            let caption = self
                .caption
                .fill(&[("name", name.to_string()), ("upto", self.upto.to_string())])
                .unwrap_or_else(|| format!("{name}(0) to {name}({}) by the rule", self.upto - 1));
            let text = cx
                .page
                .source
                .get(span.clone())
                .unwrap_or_default()
                .to_string();
            let (period, unproved) = prove_period(rule, &values);
            let mut ok_period = true;
            let mut window = None;
            if let (Some(p), Ok(w)) = (period, rule.window()) {
                window = Some(w.width);
                let claim = PeriodClaim::new(&values, p);
                let check = claim.check_window(name, w.width, w.from, span.clone(), id.clone());
                ok_period = cx.check(check, &claim);
            }
            ok &= ok_period;
            let view = game_view(cx, &id, name, &values, period, caption);
            let method = if window.is_some() {
                "computed from its rule as written, by the mex; its period proved by a window of values that repeats"
            } else {
                "computed from its rule as written, by the mex; no second route"
            };
            cx.define_game(
                Game::new(name, values, period)
                    .with_unproved(unproved)
                    .with_provenance(method.to_string(), None)
                    .with_moves(stmt::rule_moves(
                        Arc::clone(&shared),
                        k,
                        Arc::clone(&shared_tables),
                        read.clone(),
                    )),
            );
            games.push(Defined {
                rule: text,
                game: view,
                window,
            });
        }
        Ok(View::new(&id, Status::from_ok(ok), DefineView { games }))
    }
}

impl DefineSpec {
    /// Returns the English name and unit of the `k`th rule: the options name the first.
    fn words_of(&self, k: usize) -> (Option<&str>, Option<&str>) {
        if k == 0 {
            (self.title.as_deref(), self.unit.as_deref())
        } else {
            (None, None)
        }
    }
}

/// Returns the period a rule's values prove, or why none can be: a rule that reads a
/// bounded window of its earlier values is periodic once a window recurs.
pub(crate) fn prove_period(rule: &Rule, values: &[u32]) -> (Option<Period>, Option<String>) {
    let window = match rule.window() {
        Ok(w) => w,
        Err(why) => {
            let why = format!(
                "the rule does not read a bounded window of its earlier values ({why}), and only such rules and octal codes have periods proved here"
            );
            return (None, Some(why));
        }
    };
    match window_period(values, window.width, window.from) {
        Ok(Some(p)) => (Some(p), None),
        Ok(None) => (None, None),
        Err(limit) => (None, Some(limit.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use crate::catalogue::testing::evaluate;
    use crate::diagnostics::Code;

    const RULE: &str =
        "```{define}\n:upto: 20\ns(n) = mex{ s(n - k) : k in {1, 2}, k <= n }\n```\n";

    #[test]
    fn a_rule_is_tabulated_with_its_period_proved() {
        let page = evaluate(RULE);
        assert_eq!(page.held(), 1);
        assert!(
            page.html.contains("s(0) to s(19) computed by the rule"),
            "{}",
            page.html
        );
        assert!(page.html.contains("Period 3 from n = 0"), "{}", page.html);
    }

    #[test]
    fn claims_below_read_the_values_and_a_false_one_fails() {
        let page = evaluate(&format!("{RULE}\nHere {{nim}}`s(4) = 1`.\n"));
        assert_eq!(page.held(), 2);
        let page = evaluate(&format!("{RULE}\nHere {{nim}}`s(3) = 1`.\n"));
        assert_eq!(page.codes(), [Code::StaleClaim]);
    }

    #[test]
    fn a_missing_rule_and_a_second_definition_are_refused() {
        let page = evaluate("```{define}\n:upto: 20\n```\n");
        assert_eq!(page.codes(), [Code::MissingBody]);
        let page = evaluate(&format!("{RULE}\n{RULE}"));
        assert_eq!(page.codes(), [Code::BadValue]);
        assert!(
            page.messages().contains("already defined above"),
            "{}",
            page.messages()
        );
    }
}
