//! `{field-check}`: checks the field axioms for the nimbers below a size and reports
//! exactly what was enumerated, or renders the refusal it expects.

use std::ops::Range;
use std::sync::OnceLock;

use serde::Serialize;

use super::expect::{Expectation, REASONS, check_field};
use super::shared::{MAX_TABLE, Tables, draw_field, draw_product};
use crate::diagnostics::Code;
use crate::engine::Caption;
use crate::engine::view::DataTable;
use crate::engine::{
    Agree, Args, Check, Cx, Directive, DirectiveError, Opt, Spec, Status, View, html,
};
use crate::ledger::ClaimKind;
use crate::nimber::{self, FieldReport};

/// The `{field-check}` directive.
pub struct FieldCheck;

/// The size checked by certificate instead of by enumerating triples.
const CERTIFIED: usize = 65536;
/// The steps of the certificate of the field below 65536.
const CERTIFICATE_WORK: u64 = 3 << 26;

/// The certificate of the field below 65536, built once per build on the definition's
/// table and shared by every page.
#[derive(Default)]
struct Certified(OnceLock<nimber::CertificateReport>);

/// A `{field-check}` as written.
#[derive(Debug)]
struct FieldCheckSpec {
    size: usize,
    expect: Expectation,
    claim_span: Range<usize>,
    caption: Caption,
}

impl Directive for FieldCheck {
    fn name(&self) -> &'static str {
        "field-check"
    }

    fn partial(&self) -> &'static str {
        include_str!("../../templates/directives/field-check.html")
    }

    fn options(&self) -> &'static [Opt] {
        const OPTIONS: &[Opt] = &[
            Opt::required("size", "how many nimbers, 1 to 256, or 65536"),
            Opt::optional("expect", "the expected outcome").one_of(&["field", "refusal"]),
            Opt::optional("reason", "the axiom a refusal names").one_of(REASONS),
        ];
        OPTIONS
    }

    fn spec(&self, args: &Args) -> Result<Box<dyn Spec>, Vec<DirectiveError>> {
        let size = match args
            .number("size", 1, CERTIFIED, None)
            .map_err(|e| vec![e])?
        {
            n if n <= MAX_TABLE || n == CERTIFIED => n,
            n => {
                return Err(vec![
                    DirectiveError::new(
                        Code::Limit,
                        args.span_of("size"),
                        format!("an exhaustive field check at {n} is beyond the limit of 256"),
                    )
                    .with_note(
                        "sizes up to 256 are checked exhaustively, and 65536 by certificate",
                    ),
                ]);
            }
        };
        let mut errors = Vec::new();
        let expect = Expectation::from_args(args, &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        let (expect, claim_span) =
            expect.unwrap_or_else(|| (Expectation::Field, args.span_of("size")));
        let caption = Caption::read(args, &["size"]).map_err(|e| vec![e])?;
        Ok(Box::new(FieldCheckSpec {
            size,
            expect,
            claim_span,
            caption,
        }))
    }
}

/// What the `{field-check}` partial shows: the axioms checked, a refusal, or what a
/// certificate covered.
#[derive(Serialize)]
struct FieldCheckView {
    size: usize,
    table: DataTable,
    refusal: Option<String>,
    certificate: Option<CertificateView>,
}

impl Spec for FieldCheckSpec {
    fn evaluate(&self, cx: &mut Cx<'_>) -> Result<View, DirectiveError> {
        let n = self.size;
        let id = cx.anchor(&format!("field-check-{n}"));
        let span = self.claim_span.clone();
        if n == CERTIFIED {
            draw_product(cx, span.clone())?;
            let steps = CERTIFICATE_WORK;
            cx.draw_shared("the certificate of the field below 65536", span, steps)?;
            return Ok(self.certificate(cx, &id));
        }
        draw_field(cx, span, n)?;
        let outcome = Tables::of(cx.shared).field(n);
        let ok = check_field(cx, &self.claim_span, &id, n, &self.expect, &outcome);
        let status = match (ok, outcome.is_ok()) {
            (false, _) => Status::Failed,
            (true, true) => Status::Checked,
            (true, false) => Status::Refusal,
        };
        let data = FieldCheckView {
            size: n,
            table: DataTable::plain(
                &["axiom", "checked over", "result"],
                outcome.as_ref().map(report_rows).unwrap_or_default(),
            ),
            refusal: outcome.as_ref().err().map(ToString::to_string),
            certificate: None,
        };
        let caption = self.caption.fill(&[("size", n.to_string())]);
        Ok(View::new(&id, status, data).with_caption(caption.as_deref()))
    }
}

/// Returns one row per axiom, with what was enumerated.
fn report_rows(r: &FieldReport) -> Vec<Vec<String>> {
    let pairs = format!("all {} pairs", html::count(r.pairs));
    let triples = format!("all {} triples", html::count(r.triples));
    [
        ("1 ≠ 0", "the two elements 0 and 1".to_string()),
        ("closure of ⊕ and ⊗", pairs.clone()),
        ("commutativity of ⊕ and ⊗", pairs),
        ("associativity of ⊕ and ⊗", triples.clone()),
        ("distributivity", triples),
        (
            "inverses",
            format!(
                "an inverse for each of the {} nonzero elements",
                html::count(r.inverses)
            ),
        ),
    ]
    .into_iter()
    .map(|(axiom, over)| vec![axiom.to_string(), over, "holds".into()])
    .collect()
}

impl FieldCheckSpec {
    /// Checks the field of 65536 elements by certificate, and says exactly what it proved.
    fn certificate(&self, cx: &mut Cx<'_>, id: &str) -> View {
        let tables = Tables::of(cx.shared);
        let certified = cx.shared.get::<Certified>();
        let report = certified.0.get_or_init(|| {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            nimber::certify_field_65536_from(tables.product(), threads)
        });
        let covered = format!(
            "every row map b ↦ a ⊗ b is linear over GF(2) ({} pairs), and so is every column map a ↦ a ⊗ 2^j ({} pairs), so the product is bilinear and distributes over ⊕; it is commutative on the {} pairs and associative on the {} triples of basis elements 2^i, hence everywhere; 1 is the unit on the {} basis elements; and each of the {} nonzero rows is an invertible 16 × 16 bit matrix, so every nonzero element has an inverse",
            html::count(report.linear_pairs),
            html::count(report.column_pairs),
            html::count(report.basis_pairs),
            html::count(report.basis_triples),
            html::count(report.identity_checks),
            html::count(report.invertible_rows)
        );
        let covered = match &report.result {
            Ok(()) => covered,
            Err(r) => format!("{covered}; failed: {r}"),
        };
        let holds = report.is_field();
        let check = Check {
            kind: ClaimKind::Field,
            span: self.claim_span.clone(),
            anchor: id.to_string(),
            statement: "field below 65536: {0, …, 65535} under ⊕ and the product that the Fermat rules at 256 build from the definition's table below 256 is a field".to_string(),
            evidence: format!("certificate: {covered}"),
        };
        let message = format!("the certificate says {covered}");
        let claim = Agree::new(self.expect == Expectation::Field, holds, move |_, _| {
            message.clone()
        });
        let ok = cx.check(check, &claim);
        let data = FieldCheckView {
            size: CERTIFIED,
            table: DataTable::default(),
            refusal: None,
            certificate: Some(CertificateView {
                product: PRODUCT.to_string(),
                covered,
            }),
        };
        let caption = self.caption.fill(&[("size", CERTIFIED.to_string())]);
        View::new(id, Status::from_ok(ok), data).with_caption(caption.as_deref())
    }
}

/// The product the certificate covers, in words.
const PRODUCT: &str = "(a₁·256 ⊕ a₀) ⊗ (b₁·256 ⊕ b₀) = 256·(a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁) ⊕ a₀b₀ ⊕ (a₁b₁ ⊗ 128), that is the Fermat rules at 256 with every product of two values below 256 read from the definition's table";

/// What a certificate covered, as the partial shows it.
#[derive(Serialize)]
struct CertificateView {
    product: String,
    covered: String,
}

#[cfg(test)]
mod tests {
    use crate::catalogue::testing::evaluate;
    use crate::diagnostics::Code;

    #[test]
    fn the_nimbers_below_16_form_a_field_and_8_is_refused_as_expected() {
        let page = evaluate("```{field-check}\n:size: 16\n```\n");
        assert_eq!(page.held(), 1);
        assert!(
            page.html.contains("The nimbers below 16 form a field."),
            "{}",
            page.html
        );
        let page = evaluate("```{field-check}\n:size: 8\n:expect: refusal\n```\n");
        assert_eq!(page.held(), 1);
        assert!(page.html.contains("Refused at 8:"), "{}", page.html);
    }

    #[test]
    fn a_wrong_expectation_fails() {
        let page = evaluate("```{field-check}\n:size: 16\n:expect: refusal\n```\n");
        assert_eq!(page.codes(), [Code::StaleClaim]);
        let page = evaluate("```{field-check}\n:size: 8\n:expect: field\n```\n");
        assert_eq!(page.codes(), [Code::StaleClaim]);
        assert!(
            page.messages().contains("not a field"),
            "{}",
            page.messages()
        );
    }

    #[test]
    fn sizes_past_256_and_a_reason_without_a_refusal_are_refused() {
        let page = evaluate("```{field-check}\n:size: 300\n```\n");
        assert_eq!(page.codes(), [Code::Limit]);
        let page = evaluate("```{field-check}\n:size: 16\n:reason: closure\n```\n");
        assert_eq!(page.codes(), [Code::UselessOption]);
    }
}
