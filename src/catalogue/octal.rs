//! `{octal}`: an octal game from its code, its values, and its period proved at build by
//! the octal periodicity theorem; the name it defines works in the page's claims below it.

use std::ops::Range;

use super::game_view::{PeriodClaim, game_view};
use crate::diagnostics::Code;
use crate::engine::Caption;
use crate::engine::{Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View};
use crate::ledger::{ClaimKind, Provenance};
use crate::math::lexicon::{self, GameWords};
use crate::nimber::{self, OCTAL_UPTO_MAX, OCTAL_WORK_MAX, OctalCode, OctalGame, OctalLimit};
use crate::stmt::Game;

/// The most values checked against the definition, one option at a time.
pub const ORACLE_MAX: usize = 1500;

pub use crate::engine::PERIODICITY;

/// Option pairs an octal game's search inspects in the time of one step of the page's
/// budget.
const OCTAL_PAIRS_PER_STEP: u64 = 3;

/// The `{octal}` directive.
pub struct Octal;

/// An `{octal}` as written.
#[derive(Debug)]
struct OctalSpec {
    code: OctalCode,
    code_span: Range<usize>,
    name: String,
    name_span: Range<usize>,
    upto: usize,
    upto_span: Range<usize>,
    caption: Caption,
    words: GameWords,
}

impl Directive for Octal {
    fn name(&self) -> &'static str {
        "octal"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/octal.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("code", "an octal code such as 0.77"),
            Opt::required("name", "the name claims use, such as kayles"),
            Opt::required("upto", "how many values to compute"),
            Opt::optional("title", "the game's name in sentences, such as Kayles"),
            Opt::optional("unit", "the noun for one heap in sentences, such as row"),
        ];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        let mut errors = Vec::new();
        let code_span = args.span_of("code");
        let code = OctalCode::parse(args.text("code").unwrap_or_default()).map_err(|e| {
            let at = code_span.start + e.at;
            DirectiveError::new(Code::BadValue, at..at + 1, format!("bad octal code: {e}"))
                .with_label("here")
        });
        let name = game_name(args, "name");
        let upto = args.number("upto", 1, OCTAL_UPTO_MAX, None);
        let caption = Caption::read(args, &["name", "code", "upto", "period", "preperiod"]);
        let (code, name, upto, caption) = match (code, name, upto, caption) {
            (Ok(c), Ok(n), Ok(u), Ok(cap)) => (c, n, u, cap),
            (c, n, u, cap) => {
                errors.extend(c.err());
                errors.extend(n.err());
                errors.extend(u.err());
                errors.extend(cap.err());
                return Err(errors);
            }
        };
        let title = args.text("title").or(lexicon::octal_title(code.as_str()));
        let words = GameWords::new(&name, title, args.text("unit"));
        Ok(Box::new(OctalSpec {
            words,
            code,
            code_span,
            name,
            name_span: args.span_of("name"),
            upto,
            upto_span: args.span_of("upto"),
            caption,
        }))
    }
}

/// Reads a game's name: a letter, then letters, digits or `_` (`g52`), and not a function
/// of the statement language.
pub fn game_name(args: &Args, key: &str) -> Result<String, DirectiveError> {
    let text = args.text(key).unwrap_or_default().trim();
    let span = args.span_of(key);
    let reserved = crate::stmt::is_reserved(text);
    let named = text.starts_with(|c: char| c.is_ascii_alphabetic())
        && text.chars().all(crate::stmt::continues_name);
    if !named || reserved {
        return Err(DirectiveError::new(
            Code::BadValue,
            span,
            format!("`:{key}:` must be a letter, then letters, digits or `_`, and not a function or keyword, not `{text}`"),
        )
        .with_label("not a game name")
        .with_note("claims then write the game as `NAME(n)`, as in `kayles(5)`"));
    }
    Ok(text.to_string())
}

impl Spec for OctalSpec {
    fn defines(&self) -> Vec<GameWords> {
        vec![self.words.clone()]
    }

    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        if cx.defined_above(&self.name) {
            return Err(DirectiveError::new(
                Code::BadValue,
                self.name_span.clone(),
                format!("a game named `{}` is already defined above", self.name),
            )
            .with_label("defined twice"));
        }
        // The oracle's work, then the search on what is left of the page's budget.
        let n = self.upto.min(ORACLE_MAX) as u64;
        let oracle = n * n * self.code.len() as u64 / 2;
        let what = format!("the values of {} by the definition", self.name);
        cx.draw(self.upto_span.clone(), &what, oracle)?;
        let per_step = OCTAL_PAIRS_PER_STEP;
        let page = cx.work_left().saturating_mul(per_step);
        let (game, pairs) =
            OctalGame::compute_within(&self.code, self.upto, page.min(OCTAL_WORK_MAX)).map_err(
                |e| match e {
                    OctalLimit::Work { reached, .. } if page < OCTAL_WORK_MAX => {
                        // The pairs of the values found, scaled to all of them.
                        let wanted =
                            (page / per_step).saturating_mul(self.upto as u64) / reached as u64;
                        let what = format!("`{}` to {} values", self.name, self.upto);
                        cx.over_budget(
                            self.upto_span.clone(),
                            &what,
                            wanted.max(page / per_step + 1),
                        )
                    }
                    OctalLimit::Work { .. } => DirectiveError::new(
                        Code::Limit,
                        self.upto_span.clone(),
                        format!("{}: {e}; lower `:upto:`", self.code),
                    ),
                    _ => DirectiveError::new(Code::Limit, self.upto_span.clone(), e.to_string()),
                },
            )?;
        cx.spent(pairs.div_ceil(per_step));
        let id = cx.anchor(&format!("octal-{}", self.name));
        let values = game.values();
        let mut ok = self.check_definition(cx, &id, values);
        let method = method(values.len());
        if let Some(p) = game.period() {
            let claim = PeriodClaim::new(values, p);
            let check = claim.check(
                &self.name,
                self.code.len(),
                self.code_span.clone(),
                id.clone(),
            );
            let provenance = Provenance::computed(format!(
                "the theorem's window checked among values by the {method}"
            ))
            .resting_on(PERIODICITY);
            ok &= cx.check_resting(check, &claim, provenance);
        }
        let period = game.period();
        let fill = |v: Option<usize>| v.map_or("none".to_string(), |v| v.to_string());
        let caption = self
            .caption
            .fill(&[
                ("name", self.name.clone()),
                ("code", self.code.to_string()),
                ("upto", self.upto.to_string()),
                ("period", fill(period.map(|p| p.period))),
                ("preperiod", fill(period.map(|p| p.preperiod))),
            ])
            .unwrap_or_else(|| {
                format!(
                    "The octal game {} ({}), {} values",
                    self.code, self.name, self.upto
                )
            });
        let data = game_view(cx, &id, &self.name, values, period, caption);
        let theorem = Some(PERIODICITY.to_string());
        cx.define_game(Game::from_octal(&self.name, &game).with_provenance(method, theorem));
        cx.define_words(self.words.clone());
        Ok(View::new(
            &id,
            Status::from_ok(ok),
            OctalView {
                code: self.code.to_string(),
                game: data,
            },
        ))
    }
}

impl OctalSpec {
    /// Checks the first values against the definition, option by option.
    fn check_definition(&self, cx: &mut Cx<'_>, id: &str, values: &[u32]) -> bool {
        let n = values.len().min(ORACLE_MAX);
        let oracle = nimber::grundy_values_naive(&self.code, n);
        let check = Check {
            kind: ClaimKind::CrossCheck,
            span: self.code_span.clone(),
            anchor: id.to_string(),
            statement: format!(
                "the values of {} by the sparse-space method agree with the mex of every option",
                self.name
            ),
            evidence: format!("G(0) to G({}) computed both ways", n.saturating_sub(1)),
        };
        let claim = Agree::new(
            values[..n].to_vec(),
            oracle,
            |fast: &Vec<u32>, slow: &Vec<u32>| match crate::engine::claims::first_difference(
                fast, slow,
            ) {
                Some((i, a, b)) => {
                    format!("G({i}) is {a:?} by the fast method, {b:?} by the definition")
                }
                None => "the lists agree".to_string(),
            },
        );
        let provenance = Provenance::computed(method(values.len()));
        cx.check_resting(check, &claim, provenance)
    }
}

/// Says how an octal game's `upto` values are found and what they are compared with.
fn method(upto: usize) -> String {
    format!(
        "sparse method, compared with the mex definition on G(0)–G({})",
        upto.min(ORACLE_MAX).saturating_sub(1)
    )
}

/// What the `{octal}` partial shows.
#[derive(serde::Serialize)]
struct OctalView {
    code: String,
    game: super::game_view::GameView,
}

#[cfg(test)]
mod tests {
    use crate::catalogue::testing::evaluate;
    use crate::diagnostics::Code;

    const KAYLES: &str = "```{octal}\n:code: 0.77\n:name: kayles\n:upto: 40\n```\n";

    #[test]
    fn kayles_is_computed_and_checked_against_the_definition() {
        let page = evaluate(KAYLES);
        assert!(page.held() >= 1, "{:?}", page.claims);
        assert!(
            page.html
                .contains("named <code>kayles</code>: G(0) to G(39) computed"),
            "{}",
            page.html
        );
    }

    #[test]
    fn claims_below_read_the_values_and_a_false_one_fails() {
        let held = evaluate(KAYLES).held();
        let page = evaluate(&format!("{KAYLES}\nHere {{nim}}`kayles(1) = 1`.\n"));
        assert_eq!(page.held(), held + 1);
        let page = evaluate(&format!("{KAYLES}\nHere {{nim}}`kayles(1) = 0`.\n"));
        assert_eq!(page.codes(), [Code::StaleClaim]);
    }

    #[test]
    fn a_bad_code_and_a_bad_name_are_refused() {
        let page = evaluate("```{octal}\n:code: 0.9\n:name: kayles\n:upto: 40\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
        let page = evaluate("```{octal}\n:code: 0.77\n:name: 2k\n:upto: 40\n```\n");
        assert_eq!(page.codes(), [Code::BadValue]);
        assert!(
            page.messages().contains("not a game name"),
            "{}",
            page.messages()
        );
    }
}
