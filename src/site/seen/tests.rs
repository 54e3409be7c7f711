use super::*;

const SOURCE: &str = "+++\ntitle = \"T\"\ndescription = \"so 2 ⊗ 3 = 7\"\n+++\n\nline five\n[x](y \"2 ⊗ 3 = 9\")\n2 &otimes; 3 = 5\n";

/// Returns the lines (in `SOURCE`) and messages of what a reader sees unchecked in `html`.
fn seen(html: &str, checked: &Checked) -> Vec<(usize, String)> {
    let page = Seen {
        file: "content/p.md",
        source: SOURCE,
        slug: "p",
        html,
    };
    check(&[page], checked, false)
        .0
        .iter()
        .map(|d| (d.line_col(SOURCE).0, format!("{} ({})", d.message, d.label)))
        .collect()
}

fn with_anchor(anchor: &str) -> Checked {
    let mut c = Checked::default();
    c.anchors.insert(("p".into(), anchor.into()));
    c
}

#[test]
fn a_claim_in_text_that_nothing_covers_fails_at_its_line() {
    let found = seen("<p>2 &otimes; 3 = 5</p>", &Checked::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 8, "{found:?}");
    assert!(found[0].1.contains("2 ⊗ 3 = 5"), "{found:?}");
}

#[test]
fn prose_with_no_claim_passes() {
    assert!(
        seen(
            "<p>In 1976, rung 3 of 6 (0 ≤ a &lt; 16).</p>",
            &Checked::default()
        )
        .is_empty()
    );
}

#[test]
fn a_checked_claims_element_covers_it_only_with_a_known_anchor() {
    let html = "<p>so <span class=\"claim\" id=\"claim-8\">2 ⊗ 3 = 5</span>.</p>";
    assert!(seen(html, &with_anchor("claim-8")).is_empty());
    assert_eq!(seen(html, &with_anchor("claim-9")).len(), 1);
}

#[test]
fn an_empty_anchor_covers_the_claim_that_markup_cuts() {
    let html = "<p><span class=\"claim\" id=\"claim-8\"></span><strong>2 ⊗ 3</strong> = 5</p>";
    assert!(seen(html, &with_anchor("claim-8")).is_empty());
    let cut = "<p><strong>2 ⊗ 3</strong> = 5</p>";
    assert_eq!(seen(cut, &with_anchor("claim-8")).len(), 1);
}

#[test]
fn a_claim_in_its_own_element_leaves_the_anchor_before_it_to_the_next() {
    // One text piece holds a claim wrapped in its element and, cut by markup, another
    // whose empty anchor stands before the piece: both are covered.
    let html = "<p><span class=\"claim\" id=\"claim-8\"></span>so <span class=\"claim\" id=\"claim-9\">2 ⊗ 3 = 1</span>, and <strong>2 ⊗ 3</strong> = 5</p>";
    let mut checked = with_anchor("claim-8");
    checked.anchors.insert(("p".into(), "claim-9".into()));
    assert!(seen(html, &checked).is_empty());
    // Without the empty anchor the second claim is seen unchecked.
    let bare = html.replacen("<span class=\"claim\" id=\"claim-8\"></span>", "", 1);
    assert_eq!(seen(&bare, &checked).len(), 1);
}

#[test]
fn waivers_cover_their_block() {
    let before = "<!-- unchecked: a definition -->\n<p>2 ⊗ 3 = 5</p><p>2 ⊗ 3 = 5</p>";
    assert_eq!(
        seen(before, &Checked::default()).len(),
        1,
        "only the next block"
    );
    let inside = "<p>2 ⊗ 3 = 5 <!-- unchecked: why --></p>";
    assert!(seen(inside, &Checked::default()).is_empty());
    let other_comment = "<!-- a note -->\n<p>2 ⊗ 3 = 5</p>";
    assert_eq!(seen(other_comment, &Checked::default()).len(), 1);
}

#[test]
fn a_directives_output_is_covered_but_not_its_caption() {
    let html = "<div class=\"directive directive-table holds\" id=\"t\"><p class=\"directive-caption\">Here 2 ⊗ 3 = 5</p><table><tr><td>2 ⊗ 3 = 1</td></tr></table></div>";
    let found = seen(html, &Checked::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].1.contains("2 ⊗ 3 = 5"));
}

#[test]
fn shown_attributes_are_read() {
    let html = "<p><a href=\"y\" title=\"2 &otimes; 3 = 9\">x</a><img alt=\"3 ⊕ 5 = 9\" src=z></p>";
    let found = seen(html, &Checked::default());
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].0, 7, "found where the source writes it: {found:?}");
    assert!(found[0].1.contains("`title` attribute"), "{found:?}");
    // A fact in an attribute that the grammar does not read is refused, as in the text.
    let alt = "<p><img alt=\"The heaps ∗9 and ∗12 side by side, like the heap ∗3\" src=z></p>";
    let found = seen(alt, &Checked::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].1.contains("`alt` attribute"), "{found:?}");
    let plain = "<p><img alt=\"The heaps of a game, side by side\" src=z></p>";
    assert!(seen(plain, &Checked::default()).is_empty());
    let data = "<p data-x=\"2 ⊗ 3 = 9\" class=\"2 ⊗ 3 = 9\">x</p>";
    assert!(seen(data, &Checked::default()).is_empty(), "not shown");
}

#[test]
fn the_description_meta_tag_is_read_and_found_in_front_matter() {
    let html = "<head><meta name=\"description\" content=\"so 2 ⊗ 3 = 7\"><title>T</title></head>";
    let found = seen(html, &Checked::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 3, "{found:?}");
}

#[test]
fn a_statement_checked_elsewhere_covers_its_copies() {
    let mut checked = Checked::default();
    let statement = crate::stmt::parse("2*3 = 1").expect("parses");
    checked.statements.insert(statement.to_text());
    let page = Seen {
        file: "content/p.md",
        source: SOURCE,
        slug: "p",
        html: "<nav><a href=\"a.html\">Why 2 ⊗ 3 = 1</a></nav>",
    };
    let (found, claims) = check(&[page], &checked, false);
    assert!(
        found.is_empty() && claims.is_empty(),
        "{found:?} {claims:?}"
    );
    let (found, claims) = check(&[page], &Checked::default(), false);
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(claims.len(), 1, "checked where it is seen");
}

#[test]
fn math_is_read_from_its_alternative_text() {
    let math = "<math alttext=\"2 \\otimes 3 = 5\"><mn>2</mn><mo>⊗</mo><mn>3</mn><mo>=</mo><mn>5</mn></math>";
    let found = seen(&format!("<p>{math}</p>"), &Checked::default());
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].1.contains("in math"), "{found:?}");
    let wrapped = format!("<p><span class=\"claim\" id=\"claim-8\">{math}</span></p>");
    assert!(seen(&wrapped, &with_anchor("claim-8")).is_empty());
    // A formula and the text after it are read as one: "2⊗2 = 2" is seen, though neither
    // the formula nor the text holds a claim alone.
    let split = "<p>so <math alttext=\"2 \\otimes 2\"><mn>2</mn></math> = 2 here</p>";
    let found = seen(split, &Checked::default());
    assert_eq!(found.len(), 1, "{found:?}");
    let no_claim = "<p><math alttext=\"a \\otimes b\"><mi>a</mi></math> and 3</p>";
    assert!(seen(no_claim, &Checked::default()).is_empty());
}

#[test]
fn scripts_styles_and_footnote_numbers_are_not_text() {
    let html = "<script>var a = 2 ⊗ 3 = 5;</script><style>p{}</style><p>x<sup class=\"footnote-reference\"><a href=\"#1\">1</a></sup></p>";
    assert!(seen(html, &Checked::default()).is_empty());
}

#[test]
fn superscripts_read_as_powers() {
    assert_eq!(superscript("-1"), "⁻¹");
    assert_eq!(superscript("23"), "²³");
}

#[test]
fn a_claim_seen_on_many_pages_is_reported_once_where_it_is_written() {
    let html = "<p>2 ⊗ 3 = 5</p>";
    let a = Seen {
        file: "content/a.md",
        source: "+++\ntitle = \"2 ⊗ 3 = 5\"\n+++\n",
        slug: "a",
        html,
    };
    let b = Seen {
        file: "content/b.md",
        source: "+++\ntitle = \"b\"\n+++\n",
        slug: "b",
        html,
    };
    let found = check(&[b, a], &Checked::default(), false).0;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].file, "content/a.md");
}

#[test]
fn the_sites_title_is_reported_at_its_line_in_nimsite_toml() {
    let page = Seen {
        file: "content/p.md",
        source: "+++\ntitle = \"p\"\n+++\n",
        slug: "p",
        html: "<header><a href=\"index.html\">2 ⊗ 2 = 2</a></header>",
    };
    let toml = "base_url = \"https://example.org/\"\ntitle = \"2 ⊗ 2 = 2\"\n";
    let (found, claims) = check(&[page, Seen::config(toml)], &Checked::default(), false);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].file, "nimsite.toml");
    assert_eq!(found[0].line_col(toml).0, 2);
    assert_eq!((claims[0].line, claims[0].page.as_str()), (2, "p"));
    let joined = Seen {
        html: "<title>p · 2 ⊗ 2 = 2</title>",
        ..page
    };
    let found = check(&[joined, Seen::config(toml)], &Checked::default(), false).0;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].file, "nimsite.toml");
    assert_eq!(found[0].line_col(toml).0, 2);
}

#[test]
fn a_linked_file_past_a_pages_bound_is_not_read() {
    let text = "2 ⊗ 2 = 2\n".repeat((MAX_PAGE_BYTES as usize) / 8);
    let file = Seen {
        file: "content/notes.txt",
        source: &text,
        slug: "p",
        html: "<pre>2 ⊗ 2 = 2</pre>",
    };
    let found = check(&[file], &Checked::default(), false).0;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].code, Code::Limit);
}

#[test]
fn text_found_nowhere_points_at_the_page_with_a_note() {
    let found = check(
        &[Seen {
            file: "content/p.md",
            source: "+++\n+++\n",
            slug: "p",
            html: "<footer>4 ⊗ 4 = 7</footer>",
        }],
        &Checked::default(),
        false,
    )
    .0;
    assert_eq!(found.len(), 1);
    assert!(found[0].span.is_none());
    assert!(found[0].notes.iter().any(|n| n.contains("template")));
}

#[test]
fn a_sentence_around_rendered_math_is_found_by_its_words_outside_it() {
    let source = "+++\n+++\n\nSome words.\n\nThe element $\\omega^{\\omega}$ has order 25.\n";
    let found = check(
        &[Seen {
            file: "content/p.md",
            source,
            slug: "p",
            html: "<p>The element ω<sup>ω</sup> has order 25.</p>",
        }],
        &Checked::default(),
        false,
    )
    .0;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].line_col(source).0, 6, "{found:?}");
}

#[test]
fn a_true_claim_seen_only_on_the_page_is_checked_there_and_recorded() {
    let page = Seen {
        file: "content/p.md",
        source: SOURCE,
        slug: "p",
        html: "<p><abbr title=\"2 ⊗ 3 = 1\">x</abbr></p>",
    };
    let (found, claims) = check(&[page], &Checked::default(), false);
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(claims.len(), 1);
    assert_eq!(claims[0].outcome, Outcome::Holds);
    assert!(
        claims[0].evidence.contains("`title` attribute"),
        "{:?}",
        claims[0]
    );
    let false_copy = Seen {
        html: "<p><abbr title=\"2 ⊗ 3 = 2\">x</abbr></p>",
        ..page
    };
    let (found, claims) = check(&[false_copy], &Checked::default(), false);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].code, Code::StaleClaim);
    assert_eq!(claims[0].outcome, Outcome::Fails);
}

#[test]
fn a_claim_seen_only_on_the_page_is_perturbed_under_mutate() {
    let page = Seen {
        file: "content/p.md",
        source: SOURCE,
        slug: "p",
        html: "<p><abbr title=\"2 ⊗ 3 = 2 ⊗ 3\">x</abbr></p>",
    };
    assert!(check(&[page], &Checked::default(), false).0.is_empty());
    let (found, _) = check(&[page], &Checked::default(), true);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].code, Code::VacuousClaim);
}

#[test]
fn a_seen_claim_that_cannot_be_read_is_unchecked() {
    let found = seen(
        "<p><abbr title=\"x = 3 ⊗ 5\">x</abbr></p>",
        &Checked::default(),
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].1.contains("cannot be checked"), "{found:?}");
}

#[test]
fn the_memo_rereads_a_page_whose_html_or_checks_changed() {
    let memo = Memo::default();
    let page = |html| Seen {
        file: "content/p.md",
        source: SOURCE,
        slug: "p",
        html,
    };
    let wrong = "<p>2 &otimes; 3 = 5</p>";
    let fresh = check(&[page(wrong)], &Checked::default(), false);
    for _ in 0..2 {
        let kept = check_with(&[page(wrong)], &Checked::default(), false, &memo);
        assert_eq!(kept.0, fresh.0);
        assert_eq!(kept.1, fresh.1);
    }
    assert_eq!(fresh.0.len(), 1, "{:?}", fresh.0);
    let fixed = check_with(
        &[page("<p>line five</p>")],
        &Checked::default(),
        false,
        &memo,
    );
    assert!(fixed.0.is_empty(), "{:?}", fixed.0);
    let mut checked = Checked::default();
    checked.statements.insert("2 ⊗ 3 = 5".to_string());
    let covered = check_with(&[page(wrong)], &checked, false, &memo);
    assert_eq!(covered, check(&[page(wrong)], &checked, false));
}

#[test]
fn a_run_is_kept_once_it_is_met_again_and_a_memo_that_is_off_keeps_no_page() {
    let runs = Runs::default();
    let run = || {
        let mut r = Run::default();
        r.push("2 ⊗ 3 = 5", Cover::None);
        r
    };
    runs.keep(run(), &[]);
    assert!(runs.get(&run()).is_none());
    runs.keep(run(), &[]);
    assert!(runs.get(&run()).is_some());
    let page = Seen {
        file: "content/p.md",
        source: SOURCE,
        slug: "p",
        html: "<p>2 &otimes; 3 = 5</p>",
    };
    let off = Memo::off();
    let found = check_with(&[page], &Checked::default(), false, &off);
    assert_eq!(found, check(&[page], &Checked::default(), false));
    assert!(off.kept.lock().is_ok_and(|m| m.is_empty()));
}
