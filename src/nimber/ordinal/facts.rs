//! The worked facts of the essays, checked against this core, and the laws of a field
//! checked on random ordinals below ω^(ω²).

use proptest::prelude::*;

use super::*;
use crate::nimber::Meter;

/// Returns the context of the cited α table, which these tests take as consistent.
fn cited() -> OrdinalArith {
    OrdinalArith::cited().expect("the cited table is consistent")
}

fn read(s: &str) -> Ordinal {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Returns a description of every worked fact of ORDINALS.md that `ctx` gets wrong.
fn worked_fact_failures(ctx: &OrdinalArith) -> Vec<String> {
    let mut failures = Vec::new();
    let mut check = |what: &str, got: Result<String, OrdinalError>, want: &str| {
        let got = got.unwrap_or_else(|e| format!("error: {e}"));
        if got != want {
            failures.push(format!("{what}: {got}, not {want}"));
        }
    };
    let show = |r: Result<Ordinal, OrdinalError>| r.map(|x| x.to_string());
    let w = Ordinal::omega();
    let two = Ordinal::from_finite(2);
    check("ω⊗ω", show(ctx.mul(&w, &w)), "w**2");
    check("ω⊗2", show(ctx.mul(&w, &two)), "w*2");
    check("ω^⊗3", show(ctx.pow(&w, 3)), "2");
    check("ω^⊗4", show(ctx.pow(&w, 4)), "w*2");
    check("ω^⊗9", show(ctx.pow(&w, 9)), "1");
    check(
        "ω⊗ω⊗ω by products",
        show(ctx.mul(&w, &w).and_then(|x| ctx.mul(&x, &w))),
        "2",
    );
    check("deg ω", ctx.degree(&w).map(|d| d.to_string()), "6");
    check("ord ω", ctx.order(&w).map(|d| d.to_string()), "9");
    let w1 = read("w + 1");
    check("(ω+1)⁻¹", show(ctx.inv(&w1)), "w**2*2 + w*2 + 2");
    check(
        "(ω+1)⊗(ω+1)⁻¹",
        show(ctx.inv(&w1).and_then(|i| ctx.mul(&i, &w1))),
        "1",
    );
    check("ord(ω+1)", ctx.order(&w1).map(|d| d.to_string()), "63");
    let ww = read("w**w");
    check("deg ω^ω", ctx.degree(&ww).map(|d| d.to_string()), "20");
    check("ord ω^ω", ctx.order(&ww).map(|d| d.to_string()), "75");
    check("(ω^ω)^⊗5", show(ctx.pow(&ww, 5)), "4");
    check("(ω^(ω²))^⊗7", show(ctx.pow(&read("w**(w**2)"), 7)), "w + 1");
    for (p, alpha) in [(3, "2"), (5, "4"), (7, "w + 1")] {
        check(&format!("α_{p}"), show(ctx.alpha(p)), alpha);
    }
    let roots = cubic_roots(ctx).map(|r| {
        r.iter()
            .map(Ordinal::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    });
    check(
        "roots of x³+x+1 below ω³",
        roots,
        "w**2*3 + w, w**2*2 + w*2, w**2 + w*3",
    );
    failures
}

/// Returns the roots of x³ + x + 1 among the 64 ordinals below ω³, largest first.
fn cubic_roots(ctx: &OrdinalArith) -> Result<Vec<Ordinal>, OrdinalError> {
    let mut roots = Vec::new();
    for n in (0..64u128).rev() {
        let x = Ordinal::from_terms([
            (Exponent::finite(2), n >> 4),
            (Exponent::finite(1), n >> 2 & 3),
            (Exponent::zero(), n & 3),
        ]);
        let value = ctx.pow(&x, 3)?.nim_add(&x).nim_add(&Ordinal::one());
        if value.is_zero() {
            roots.push(x);
        }
    }
    Ok(roots)
}

#[test]
fn worked_facts_hold() {
    assert_eq!(worked_fact_failures(&cited()), Vec::<String>::new());
}

#[test]
fn worked_facts_also_hold_with_computed_alphas() {
    let alphas = Alphas::computed(RowLimit::primes_up_to(43)).expect("computable");
    assert!(alphas.rows().iter().all(|r| r.source == Source::Computed));
    let ctx = OrdinalArith::new(alphas);
    assert_eq!(worked_fact_failures(&ctx), Vec::<String>::new());
}

#[test]
fn a_wrong_alpha_7_fails_the_worked_facts() {
    let ctx = OrdinalArith::new(cited().alphas().clone().with_excess(7, 0));
    let failures = worked_fact_failures(&ctx);
    assert!(
        failures.iter().any(|f| f.starts_with("(ω^(ω²))^⊗7")),
        "{failures:?}"
    );
    assert!(
        failures.iter().any(|f| f.starts_with("α_7")),
        "{failures:?}"
    );
}

#[test]
fn a_dropped_carry_fails_the_worked_facts() {
    let failures = worked_fact_failures(&OrdinalArith::with_dropped_carries());
    assert!(
        failures.iter().any(|f| f.starts_with("ω⊗ω⊗ω by products")),
        "{failures:?}"
    );
}

#[test]
fn hand_proof_of_alpha_3_and_alpha_5() {
    // 2 has order 3, and 2^(2^k) mod 9 is 4 or 7 for k ≥ 1: 9 never divides 2^(2^k) − 1, so
    // 2 is not a cube in F_{2^(2^k)}; 0 and 1 are. The same with 4 and fifth powers.
    assert_eq!(crate::nimber::order(2), Ok(3));
    for k in 1..7 {
        assert!([4, 7].contains(&((1u128 << (1 << k)) % 9)));
    }
    let group = u128::MAX; // 2^128 − 1, the group of the largest finite field of the core
    assert_ne!(crate::nimber::pow(2, (group / 3) as i128), Ok(1));
    assert_ne!(group % 25, 0);
    assert_eq!(
        (crate::nimber::order(2), crate::nimber::order(3)),
        (Ok(3), Ok(3))
    );
    assert_ne!(crate::nimber::pow(4, (group / 5) as i128), Ok(1));
}

#[test]
fn hand_proof_of_alpha_7() {
    // Finite nimbers and ω have orders prime to 7, ω+1 has order 63 = 7·9, and 49 divides
    // no 2^N − 1 with N = 2^a·3^b·5^c (7 | N never), so ω+1 has no seventh root.
    let ctx = cited();
    assert_eq!(ctx.order(&Ordinal::omega()), Ok(9));
    assert_eq!(ctx.order(&read("w + 1")), Ok(63));
    assert_ne!(ctx.pow(&read("w + 1"), 9), Ok(Ordinal::one()));
    assert_eq!(ctx.alpha(7).map(|a| a.to_string()), Ok("w + 1".to_string()));
}

#[test]
fn alpha_degrees_match_the_field_code() {
    let ctx = cited();
    for row in ctx
        .alphas()
        .rows()
        .iter()
        .filter(|r| r.alpha_degree() <= 2436)
    {
        let alpha = row.alpha().expect("finite parts fit");
        assert_eq!(
            ctx.degree(&alpha),
            Ok(row.alpha_degree()),
            "p = {}",
            row.prime
        );
    }
}

#[test]
fn what_a_product_is_charged_does_not_depend_on_the_cache() {
    let warm = cited();
    let x = warm
        .inv(&read("w**(w**2) + w**w + w + 1"))
        .expect("nonzero");
    let y = warm.inv(&read("w**(w**2) + w")).expect("nonzero");
    let charge = |ctx: &OrdinalArith, limit: u64| {
        let m = Meter::new(limit);
        let r = ctx.mul_by_terms(&x, &y, &m);
        (r.map(|p| p.terms().len()), m.spent(), m.exhausted())
    };
    let (_, whole, _) = charge(&cited(), u64::MAX);
    let _ = warm.mul_by_terms(&x, &y, &Meter::unlimited());
    let pairs = (x.terms().len() * y.terms().len()) as u64;
    // The whole charge, a budget short of it, and one that runs out while the terms are
    // gathered: each comes out the same with the cache cold or warm.
    for limit in [u64::MAX, whole, whole - 1, pairs * 64 + 10] {
        let cold = charge(&cited(), limit);
        assert_eq!(cold, charge(&warm, limit), "budget {limit}");
        assert_eq!(cold.0.is_err(), limit < whole);
        assert_eq!(cold.2, limit < whole, "a refusal marks the meter");
    }
}

#[test]
fn a_product_worked_in_a_field_equals_the_product_term_by_term() {
    let ctx = cited();
    let x = ctx.inv(&read("w**(w**2) + w**w + w + 1")).expect("nonzero");
    let y = ctx.inv(&read("w**(w**2) + w**w + w")).expect("nonzero");
    assert!(x.terms().len() * y.terms().len() > 5_000);
    let by_terms = ctx.mul_by_terms(&x, &y, &Meter::unlimited());
    assert_eq!(ctx.mul(&x, &y), by_terms);
    // The field's product is charged for the field, far less than the pairs term by term.
    let (field, terms) = (Meter::unlimited(), Meter::unlimited());
    let _ = (
        ctx.mul_within(&x, &y, &field),
        ctx.mul_by_terms(&x, &y, &terms),
    );
    assert!(
        field.spent() * 10 < terms.spent(),
        "{} {}",
        field.spent(),
        terms.spent()
    );
}

#[test]
fn order_of_large_degree_is_an_error() {
    let ctx = cited();
    let err = ctx.order(&read("w**(w**3)")).unwrap_err();
    assert_eq!(
        err,
        OrdinalError::FieldTooLarge {
            degree: 220,
            limit: 128
        }
    );
    assert_eq!(ctx.order(&Ordinal::zero()), Err(OrdinalError::OrderOfZero));
    assert_eq!(ctx.order(&read("w**(w**2) + 4")), Ok(order_in_f84()));
    // A coefficient of 2^100 puts ω in a field of degree 128·3.
    let wide = Ordinal::omega().nim_add(&Ordinal::from_finite(1 << 100));
    assert_eq!(ctx.field_degree(&wide), Ok(384));
    assert_eq!(
        ctx.mul(&ctx.inv(&wide).expect("nonzero"), &wide),
        Ok(Ordinal::one())
    );
}

/// Returns the order of κ_7 + 4 by the finite-field rule: it generates F_{2^84}'s subgroup
/// found by dividing 2^84 − 1 by each prime while the power stays 1.
fn order_in_f84() -> u128 {
    let ctx = cited();
    let x = read("w**(w**2) + 4");
    let mut n = (1u128 << 84) - 1;
    for l in [3u128, 5, 7, 13, 29, 43, 113, 127, 337, 1429, 5419, 14449] {
        while n.is_multiple_of(l) && ctx.pow(&x, (n / l) as i128) == Ok(Ordinal::one()) {
            n /= l;
        }
    }
    n
}

#[test]
fn finite_values_agree_with_the_finite_core() {
    let ctx = cited();
    for a in [
        0u128,
        1,
        2,
        7,
        200,
        1 << 40,
        u64::MAX.into(),
        1 << 100,
        u128::MAX,
    ] {
        let x = Ordinal::from_finite(a);
        let inv = crate::nimber::inv(a).map(Ordinal::from_finite);
        assert_eq!(ctx.inv(&x).map_err(|_| ()), inv.map_err(|_| ()));
        assert_eq!(
            ctx.sqrt(&x),
            Ok(Ordinal::from_finite(crate::nimber::sqrt(a)))
        );
        if a != 0 {
            assert_eq!(
                ctx.order(&x),
                crate::nimber::order(a).map_err(|_| OrdinalError::OrderOfZero)
            );
        }
    }
}

/// Ordinals below ω^(ω²) with coefficients below 16, in the field of degree 4·9·5 = 180.
fn small_ordinal() -> impl Strategy<Value = Ordinal> {
    let term = ((0u64..9, 0u64..5), 1u128..16);
    prop::collection::vec(term, 0..6).prop_map(|ts| {
        Ordinal::from_terms(
            ts.into_iter()
                .map(|((e0, e1), c)| (Exponent::from_places(vec![e0, e1]).expect("short"), c)),
        )
    })
}

/// Any ordinal the representation holds, with exponents and coefficients of any size.
fn wild_ordinal() -> impl Strategy<Value = Ordinal> {
    let places = prop::collection::vec(prop_oneof![0u64..6, any::<u64>()], 0..70);
    let term = (places, prop_oneof![1u128..8, any::<u128>()]);
    prop::collection::vec(term, 0..4).prop_map(|ts| {
        Ordinal::from_terms(
            ts.into_iter()
                .map(|(e, c)| (Exponent::from_places(e).expect("below the index bound"), c)),
        )
    })
}

/// One metered operation, its answer written out.
type Metered<'a> = dyn Fn(&Meter) -> Result<String, OrdinalError> + 'a;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn prop_mul_commutative(a in small_ordinal(), b in small_ordinal()) {
        let ctx = cited();
        prop_assert_eq!(ctx.mul(&a, &b), ctx.mul(&b, &a));
    }

    #[test]
    fn prop_mul_associative(a in small_ordinal(), b in small_ordinal(), c in small_ordinal()) {
        let ctx = cited();
        let left = ctx.mul(&ctx.mul(&a, &b)?, &c)?;
        prop_assert_eq!(left, ctx.mul(&a, &ctx.mul(&b, &c)?)?);
    }

    #[test]
    fn prop_mul_distributive(a in small_ordinal(), b in small_ordinal(), c in small_ordinal()) {
        let ctx = cited();
        let left = ctx.mul(&a, &b.nim_add(&c))?;
        prop_assert_eq!(left, ctx.mul(&a, &b)?.nim_add(&ctx.mul(&a, &c)?));
    }

    #[test]
    fn prop_inverse(a in small_ordinal()) {
        let ctx = cited();
        prop_assume!(!a.is_zero());
        // The inverse comes from the tower code, the check from term-by-term products.
        let by_terms = ctx.mul_by_terms(&a, &ctx.inv(&a)?, &Meter::unlimited())?;
        prop_assert_eq!(by_terms, Ordinal::one());
    }

    #[test]
    fn prop_sqrt_squares_back(a in small_ordinal()) {
        let ctx = cited();
        let r = ctx.sqrt(&a)?;
        prop_assert_eq!(ctx.mul_by_terms(&r, &r, &Meter::unlimited())?, a);
    }

    #[test]
    fn prop_a_budget_changes_no_answer_it_allows(
        a in small_ordinal(),
        b in small_ordinal(),
        n in -3i128..40,
        limit in 0u64..200_000,
    ) {
        // Every metered operation gives the unmetered answer, or stops with the budget
        // marked exhausted, never another error and never past the budget.
        let ctx = cited();
        let x = ctx.inv(&a.nim_add(&Ordinal::omega())).unwrap_or(a.clone());
        let runs: [(&str, &Metered<'_>); 6] = [
            ("mul", &|m| ctx.mul_within(&x, &b, m).map(|v| v.to_string())),
            ("pow", &|m| ctx.pow_within(&x, n, m).map(|v| v.to_string())),
            ("inv", &|m| ctx.inv_within(&x, m).map(|v| v.to_string())),
            ("sqrt", &|m| ctx.sqrt_within(&x, m).map(|v| v.to_string())),
            ("degree", &|m| ctx.degree_within(&x, m).map(|v| v.to_string())),
            ("order", &|m| ctx.order_within(&x, m).map(|v| v.to_string())),
        ];
        for (name, run) in runs {
            let free = run(&Meter::unlimited());
            let meter = Meter::new(limit);
            let bounded = run(&meter);
            prop_assert!(meter.spent() <= limit, "{name}");
            match bounded {
                Err(OrdinalError::TooMuchWork { limit: l }) => {
                    prop_assert!(meter.exhausted() && l == limit, "{name}");
                }
                other => {
                    prop_assert_eq!(&other, &free, "{}", name);
                    prop_assert!(!meter.exhausted(), "{name}");
                }
            }
        }
    }

    #[test]
    fn prop_products_in_a_field_agree_with_products_term_by_term(
        a in small_ordinal(),
        b in small_ordinal(),
    ) {
        let ctx = cited();
        let c = b.nim_add(&Ordinal::omega());
        prop_assume!(!a.is_zero() && !c.is_zero());
        // Inverses fill their fields, so these products have many pairs of terms.
        let (x, y) = (ctx.inv(&a)?, ctx.inv(&c)?);
        let by_terms = ctx.mul_by_terms(&x, &y, &Meter::unlimited())?;
        prop_assert_eq!(ctx.mul(&x, &y)?, by_terms);
    }

    #[test]
    fn prop_pow_agrees_with_products(a in small_ordinal(), n in 0i128..20) {
        let ctx = cited();
        let mut acc = Ordinal::one();
        for _ in 0..n {
            acc = ctx.mul(&acc, &a)?;
        }
        prop_assert_eq!(ctx.pow(&a, n)?, acc);
    }

    #[test]
    fn prop_pow_adds_exponents(a in small_ordinal(), m in -40i128..40, n in -40i128..40) {
        prop_assume!(!a.is_zero());
        let ctx = cited();
        prop_assert_eq!(ctx.pow(&a, m + n)?, ctx.mul(&ctx.pow(&a, m)?, &ctx.pow(&a, n)?)?);
    }

    #[test]
    fn prop_finite_part_agrees_with_the_finite_core(a: u128, b: u128) {
        let ctx = cited();
        let p = ctx.mul(&Ordinal::from_finite(a), &Ordinal::from_finite(b))?;
        prop_assert_eq!(p, Ordinal::from_finite(crate::nimber::mul(a, b)));
        let x = Ordinal::from_terms([(Exponent::finite(1), 1), (Exponent::zero(), a)]);
        let y = ctx.mul(&x, &Ordinal::from_finite(b))?;
        let want = Ordinal::from_terms([(Exponent::finite(1), b), (Exponent::zero(), crate::nimber::mul(a, b))]);
        prop_assert_eq!(y, want);
    }

    #[test]
    fn prop_public_functions_never_panic(a in wild_ordinal(), b in wild_ordinal(), n in -3i128..4) {
        let ctx = cited();
        let _ = ctx.mul(&a, &b);
        let _ = ctx.pow(&a, n);
        let _ = ctx.inv(&a);
        let _ = ctx.sqrt(&a);
        let _ = ctx.degree(&a);
        let _ = ctx.order(&a);
        let _ = ctx.field_degree(&a);
        let _ = a.cantor_pow(&b);
        let _ = a.ordinal_mul_finite(3);
        let _ = Ordinal::omega_pow_ordinal(&a);
        let _ = a.to_latex();
        prop_assert_eq!(a.to_string().parse::<Ordinal>(), Ok(a));
    }
}
