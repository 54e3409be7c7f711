//! Claims in English through the binary: the lexicon's notions and each game's English
//! name and unit. A sentence the grammar reads is checked where it stands; a sentence
//! that holds a notion and a number the grammar does not read is refused at its line,
//! naming the notion and the number; a true page in the same forms builds.

use crate::common::Site;

/// Kayles, named in sentences with its English name and its unit.
const KAYLES: &str =
    "```{octal}\n:code: 0.77\n:name: kayles\n:title: Kayles\n:unit: row\n:upto: 300\n```";

/// Writes a page that defines Kayles on lines 5 to 11 and puts `body` from line 13.
fn kayles_site(body: &str) -> Site {
    let site = Site::new();
    site.write(
        "content/t.md",
        &format!("+++\ntitle = \"T\"\n+++\n\n{KAYLES}\n\n{body}\n"),
    );
    site
}

/// Builds the sentences below Kayles, one every other line, and asserts the build fails
/// with an error at each one's line; returns the errors.
fn each_fails_at_its_line(sentences: &[&str]) -> String {
    let site = kayles_site(&sentences.join("\n\n"));
    let err = site.build_err();
    for (i, s) in sentences.iter().enumerate() {
        let line = 13 + 2 * i;
        assert!(
            err.contains(&format!("content/t.md:{line}:")),
            "no error at line {line} for {s:?} in\n{err}"
        );
    }
    err
}

/// Builds each sentence alone below Kayles and asserts the build fails with a claim that
/// does not hold at its line, not with a refusal.
fn each_false_at_its_line(sentences: &[&str]) {
    for s in sentences {
        let err = kayles_site(s).build_err();
        let failed = err
            .split("error[")
            .any(|e| e.starts_with("stale-claim]") && e.contains("content/t.md:13:"));
        assert!(failed, "no failed claim at line 13 for {s:?} in\n{err}");
    }
}

#[test]
fn subtraction_games_named_by_their_moves_are_checked() {
    let site = kayles_site(
        "Moves {2, 3}: period 5. Moves {1, 2}: period 3, losses at the multiples of 3.\n\
         Moves {1, 2, 3}: period 4, so 25 losses among the heaps below 100.\n\
         moves {3, 5, 7}, period 10 from the start;\n\
         moves {2, 4, 7}, period 3 from heap size 8.\n\n\
         Taking 1 or 2 tokens gives period 3, with losses at the multiples of 3.\n\n\
         With moves of 2 or 5 tokens the period is 7.\n\n\
         The move set 1, 3 and 4 has period 7, with lost heaps at 0, 2, 7, 9, 14 and 16 and\n\
         so on.\n\n\
         With moves of 1, 3 or 4 tokens the values repeat with period 7 from the start: 0, 1,\n\
         0, 1, 2, 3, 2. With moves of 2 or 5 the values 0, 0, 1, 1, 0, 2, 1 repeat with period 7\n\
         as well.\n\n\
         The values of Kayles are 0, 1, 2, 3, 1, 4.\n\n\
         With moves of 1, 2 or 3 the value of a heap is its remainder on division by 4.\n\n\
         Kayles is 0.77. Kayles has code 0.77. The octal code of Kayles is 0.77.\n\n\
         Kayles has code 0.77 and period 12 from heap size 71.\n\n\
         The subtraction game taking 1, 3 or 4 tokens is 0.3033.",
    );
    site.build_ok();
    each_false_at_its_line(&[
        "Moves {2, 3}: period 6.",
        "Moves {1, 2}: period 3, losses at the multiples of 4.",
        "Moves {1, 2, 3}: period 4, so 26 losses among the heaps below 100.",
        "Moves {3, 5, 7}, period 10 from heap size 1.",
        "Moves {2, 4, 7}, period 3 from heap size 7.",
        "Taking 1 or 2 tokens gives period 4.",
        "With moves of 2 or 5 tokens the period is 6.",
        "The move set 1, 3 and 4 has period 7, with lost heaps at 0, 2, 7, 9, 15 and so on.",
        "With moves of 1, 3 or 4 tokens the values repeat with period 7 from the start: 0, 1, \
         0, 1, 2, 2, 2.",
        "With moves of 2 or 5 the values 0, 0, 1, 1, 0, 2, 2 repeat with period 7.",
        "The values of Kayles are 0, 1, 2, 3, 1, 5.",
        "With moves of 1, 2 or 3 the value of a heap is its remainder on division by 3.",
        "Kayles has code 0.7.",
        "Kayles has code 0.77 and period 12 from heap size 70.",
        "Kayles is 0.76.",
        "The subtraction game taking 1, 3 or 4 tokens is 0.3034.",
    ]);
}

#[test]
fn games_in_words_are_checked() {
    let site = kayles_site(
        "The Grundy value of a row of 10 in Kayles is 2.\n\n\
         A row of 3 and a row of 4 are worth 2.\n\n\
         A row of 5 is an N-position, and two rows of 7 are a P-position.\n\n\
         The player to move loses on rows of 5 and 5.\n\n\
         The period of Kayles is 12, and Kayles has preperiod 71.\n\n\
         A Nim heap of 5 and a Nim heap of 3 are worth 6.",
    );
    site.build_ok();
}

#[test]
fn false_games_in_words_fail_at_their_line() {
    let sentences = [
        "The Grundy value of a row of 10 in Kayles is 3.",
        "A row of 3 and a row of 4 are worth 7.",
        "A row of 4 in Kayles is lost for the player to move.",
        "The player to move wins on rows of 5 and 5.",
        "The period of Kayles is 11.",
        "Kayles has preperiod 70.",
        "A Nim heap of 5 and a Nim heap of 3 are worth 7.",
        "The nimbers below 8 form a field.",
        "The inverses of 2 and 3 are 2 and 3, respectively.",
    ];
    each_fails_at_its_line(&sentences);
}

#[test]
fn a_fact_the_grammar_does_not_read_is_refused_naming_its_notion_and_number() {
    let sentences = [
        "Kayles first takes the value 8 at heap size 25.",
        "The square map sends 4 to 6 in the field below 16.",
        "In Kayles the values repeat after 70 heaps have been seen, with a period of 13.",
        "## Why kayles(10) = 4",
    ];
    let err = each_fails_at_its_line(&sentences);
    assert!(err.contains("error[unchecked-claim]"), "{err}");
    assert!(err.contains("a fact about `Kayles` with `8`"), "{err}");
}

#[test]
fn ordinary_prose_with_numbers_and_no_notion_builds() {
    kayles_site(
        "This essay has 3 parts, written in 2026; chapter 4 of the book is longer.\n\n\
         Kayles is played with pins, and any two rows side by side make a sum.\n\n\
         The field below 256 is checked on every build, and powers of two name the fields.",
    )
    .build_ok();
}

#[test]
fn nouns_of_the_site_s_own_join_the_lexicon() {
    let site = Site::new();
    site.write(
        "content/t.md",
        "+++\ntitle = \"T\"\n+++\n\nThe domino on cell 5 covers 3.\n",
    );
    site.build_ok();
    site.write(
        "nimsite.toml",
        "title = \"T\"\n\n[lexicon]\nnouns = [\"domino\"]\n",
    );
    let err = site.build_err();
    assert!(
        err.contains("content/t.md:5:") && err.contains("`domino`"),
        "{err}"
    );
    // An unknown key under [lexicon] is an error in nimsite.toml.
    site.write("nimsite.toml", "[lexicon]\nnoun = [\"domino\"]\n");
    assert!(site.build_err().contains("nimsite.toml"));
}

#[test]
fn a_role_right_after_a_claim_in_words_is_still_a_role() {
    let site = Site::new();
    site.write(
        "content/t.md",
        "+++\ntitle = \"T\"\n+++\n\nSo 2 has multiplicative order 3: {nim}`ord(2) = 3`.\n",
    );
    let files = site.build_ok();
    let html = String::from_utf8_lossy(&files["t.html"]).into_owned();
    assert!(!html.contains("{nim}"), "{html}");
    assert!(
        html.contains("alttext=\"\\operatorname{ord}(2) = 3\""),
        "{html}"
    );
}

/// Kayles, Dawson's Kayles with no title (its English name comes from its code) and the
/// subtraction game `s` with moves 1, 3 and 4, which a sentence names by its rule.
const GAMES: &str = "```{octal}\n:code: 0.77\n:name: kayles\n:title: Kayles\n:unit: row\n:upto: 300\n```\n\n\
     ```{octal}\n:code: 0.07\n:name: dawson\n:upto: 400\n```\n\n\
     ```{define}\n:upto: 200\ns(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }\n```";

/// Writes a page with [`GAMES`] and the sentences below them, one every other line;
/// returns the site and the line of the first sentence.
fn games_site(sentences: &[&str]) -> (Site, usize) {
    let site = Site::new();
    site.write(
        "content/t.md",
        &format!(
            "+++\ntitle = \"T\"\n+++\n\n{GAMES}\n\n{}\n",
            sentences.join("\n\n")
        ),
    );
    (site, 6 + GAMES.lines().count())
}

/// True sentences of the forms the grammar reads beside the first ones.
const TRUE_FORMS: &[&str] = &[
    "The squares of 4, 5 and 6 are 6, 7 and 5, respectively.",
    "4 is a primitive element of the field below 16.",
    "The powers of 8 are 8, 13, 14, 10 and 1.",
    "Squaring sends 4 ↦ 6, 5 ↦ 7 and 6 ↦ 5.",
    "Inversion maps 8 ↦ 10.",
    "Squaring permutes the nonzero nimbers below 4 as (1)(2 3).",
    "Thirteen is 8 ⊗ 8.",
    "Both 5 ⊗ 12 and 7 ⊗ 11 equal 1.",
    "Multiplied in the nim sense, 7 and 7 give 4.",
    "In nimber arithmetic, 3 times 3 is 2.",
    "Lenstra's constant α₅ equals four.",
    "ω ⊗ ω is ω².",
    "The least number missing from {0, 1, 2, 4} is 3.",
    "The minimal polynomial of 8 over the two-element field is x^4 + x^3 + x^2 + x + 1.",
    "x² + x + 1 is the minimal polynomial of 2.",
    "The field below 256 contains a subfield with 16 elements.",
    "Every element of the field below 16 has a square root in it.",
    "Kayles has period 12 from heap size 71.",
    "In Kayles, the values of rows of 3 and 11 nim-add to 5.",
    "Dawson’s Kayles has period 34.",
    "Dawson's Kayles has period 34.",
    "The subtraction game with moves of 1, 3 and 4 has period 7.",
    "A heap of 14 in the subtraction game s has value 0.",
    "The P-positions of the subtraction game s below 10 are 0, 2, 7 and 9.",
    "Of the first 12 Kayles values, exactly one is 0.",
    "dawson(n) is zero for exactly four n below 10.",
    "kayles(n + 12) = kayles(n) for every n from 71 on.",
    "5 ⊗ 12 and 7 ⊗ 11 are both 1.",
    "Under inversion, 8 ↦ 10 and 2 ↦ 3.",
    "Among the first 12 Kayles values, exactly one is 0.",
    "The fourth power of 2 is 2.",
    "Squaring 4 gives 6.",
    "2 generates the multiplicative group of the field below 4.",
    "The first six values of Kayles are 0, 1, 2, 3, 1 and 4.",
    "The product of 3 and 3 in the nim sense is 2.",
    "Nim-multiplying 7 by 7 gives 4.",
    "Dawson's Kayles, with code 0.07, has period 34.",
    "The values of Kayles repeat with period 12 from a row of 71 pins, the last exception being at 70.",
    "The second is 0.07, which has period 34 from heap size 53.",
];

#[test]
fn maps_powers_structure_and_counts_over_games_in_words_are_checked() {
    let (site, _) = games_site(TRUE_FORMS);
    site.build_ok();
}

#[test]
fn false_maps_powers_structure_and_counts_over_games_fail_at_their_line() {
    let sentences = [
        "The squares of 4, 5 and 6 are 6, 7 and 4, respectively.",
        "2 is a primitive element of the field below 16.",
        "The powers of 8 are 8, 13, 1, and then they repeat.",
        "Squaring sends 4 ↦ 6, 5 ↦ 7 and 6 ↦ 4.",
        "Inversion maps 8 ↦ 11.",
        "Squaring permutes the nonzero nimbers below 4 as (1 2 3).",
        "Twelve is 8 ⊗ 8.",
        "Both 5 ⊗ 12 and 7 ⊗ 10 equal 1.",
        "Multiplied in the nim sense, 7 and 7 give 5.",
        "In nimber arithmetic, 3 times 3 is 1.",
        "Lenstra's constant α₅ equals two.",
        "ω ⊗ ω is ω + 1.",
        "The least number missing from {0, 1, 2, 4} is 4.",
        "The minimal polynomial of 8 over the two-element field is x^4 + x + 1.",
        "x² + x + 1 is the minimal polynomial of 4.",
        "The field below 256 contains a subfield with 8 elements.",
        "Every element of the field below 16 has a cube root in it.",
        "Kayles has period 12 from heap size 70.",
        "In Kayles, the values of rows of 3 and 11 nim-add to 8.",
        "Dawson’s Kayles has period 17.",
        "The subtraction game with moves of 1, 3 and 4 has period 5.",
        "A heap of 14 in the subtraction game s has value 2.",
        "The P-positions of the subtraction game s below 10 are 0, 2, 7 and 8.",
        "Of the first 12 Kayles values, exactly three are 0.",
        "dawson(n) is zero for exactly two n below 10.",
        "kayles(n + 12) = kayles(n) for every n from 60 on.",
        "5 ⊗ 12 and 7 ⊗ 10 are both 1.",
        "Under inversion, 8 ↦ 11.",
        "Among the first 12 Kayles values, exactly two are 0.",
        "The fourth power of 2 is 3.",
        "Squaring 4 gives 7.",
        "2 generates the multiplicative group of the field below 16.",
        "The first six values of Kayles are 0, 1, 2, 3, 1 and 5.",
        "The product of 3 and 3 in the nim sense is 9.",
        "Nim-multiplying 7 by 7 gives 5.",
        "Dawson's Kayles, with code 0.07, has period 32.",
        "The values of Kayles repeat with period 12 from a row of 71 pins, the last exception being at 69.",
        "The second is 0.07, which has period 34 from heap size 52.",
    ];
    let (site, first) = games_site(&sentences);
    let err = site.build_err();
    for (i, s) in sentences.iter().enumerate() {
        let line = first + 2 * i;
        assert!(
            err.contains(&format!("content/t.md:{line}:")),
            "no error at line {line} for {s:?} in\n{err}"
        );
    }
}

#[test]
fn a_game_named_by_a_rule_it_does_not_follow_is_refused() {
    // The last game declared is `s`, whose moves are 1, 3 and 4, not 1 and 2.
    let (site, first) = games_site(&["The subtraction game with moves of 1 and 2 has period 7."]);
    let err = site.build_err();
    assert!(err.contains(&format!("content/t.md:{first}:")), "{err}");
}

#[test]
fn a_caption_speaks_of_the_game_its_directive_defines() {
    let page = |period: u32| {
        format!(
            "+++\ntitle = \"T\"\n+++\n\n```{{octal}}\n:code: 0.07\n:name: dawson\n:upto: 400\n\
             :caption: Dawson's Kayles, code {{code}}, whose values repeat with period {period}.\n```\n"
        )
    };
    let site = Site::new();
    site.write("content/t.md", &page(34));
    site.build_ok();
    site.write("content/t.md", &page(17));
    let err = site.build_err();
    assert!(
        err.contains("error[stale-claim]") && err.contains("content/t.md:9:"),
        "{err}"
    );
}

#[test]
fn a_caption_the_grammar_does_not_read_is_refused_unless_its_numbers_are_filled_in() {
    let page = |caption: &str| {
        format!(
            "+++\ntitle = \"T\"\n+++\n\n```{{octal}}\n:code: 0.77\n:name: kayles\n:upto: 300\n\
             :caption: {caption}\n```\n"
        )
    };
    let site = Site::new();
    site.write(
        "content/t.md",
        &page(
            "The values of Kayles, which repeat with period {period} from heap size {preperiod}.",
        ),
    );
    site.build_ok();
    site.write(
        "content/t.md",
        &page("The values of Kayles, which repeat with period 11 from heap size {preperiod}."),
    );
    let err = site.build_err();
    assert!(
        err.contains("error[unchecked-claim]") && err.contains("content/t.md:9:"),
        "{err}"
    );
}

#[test]
fn a_range_started_by_a_letter_does_not_excuse_a_fact_in_its_sentence() {
    let site = kayles_site("From n=71 on, the values of Kayles are periodic with period 11.");
    let err = site.build_err();
    assert!(
        err.contains("error[unchecked-claim]") && err.contains("content/t.md:13:"),
        "{err}"
    );
    kayles_site("From n=72 on, we leave the table aside.").build_ok();
}

#[test]
fn a_waiver_is_used_by_any_sentence_of_its_paragraph_that_it_covers() {
    // The first sentence alone is refused; the second speaks of a variable.
    let para = "From n=71 on, the values of Kayles are periodic with period 12. \
                The exceptions are n=0, 3 and 6.";
    kayles_site(para).build_err();
    kayles_site(&format!(
        "<!-- unchecked: a period this page states -->\n{para}"
    ))
    .build_ok();
}

#[test]
fn a_preperiod_in_brackets_is_read_and_identities_are_notions() {
    kayles_site("Kayles has period 12 (from 71).").build_ok();
    each_fails_at_its_line(&[
        "Kayles has period 12 (from 70).",
        "The multiplicative identity is 2.",
        "The additive identity of the nimbers is 1.",
    ]);
}

#[test]
fn a_waiver_opening_a_list_item_is_recorded_used_and_tied_to_its_text() {
    let item = |text: &str| {
        format!("- Nim multiplication is commutative.\n- <!-- unchecked: in words -->{text}")
    };
    let site = kayles_site(&item("The multiplicative identity is 1."));
    site.build_ok();
    let list = std::fs::read_to_string(site.root().join("figures/waivers.txt")).expect("list");
    assert!(list.contains("The multiplicative identity is 1."), "{list}");
    // Edited afterwards, the waived text is stale under `check`.
    site.write(
        "content/t.md",
        &format!(
            "+++\ntitle = \"T\"\n+++\n\n{KAYLES}\n\n{}\n",
            item("The multiplicative identity is 2.")
        ),
    );
    let out = site.run(&["check"]);
    let err = crate::common::stderr(&out);
    assert!(
        !out.status.success() && err.contains("stale-waiver"),
        "{err}"
    );
    // A waiver there that covers nothing is unused.
    let err = kayles_site(&item("Nim addition is commutative.")).build_err();
    assert!(err.contains("unused-waiver"), "{err}");
}

#[test]
fn a_waiver_does_not_cover_a_claim_in_inline_code_that_can_be_read() {
    let para = |claim: &str| {
        format!(
            "<!-- unchecked: a fact in words -->\nThe multiplicative identity is 1, and `{claim}`."
        )
    };
    kayles_site(&para("2 ⊗ 2 = 3")).build_ok();
    let err = kayles_site(&para("2 ⊗ 2 = 2")).build_err();
    assert!(
        err.contains("error[stale-claim]") && err.contains("content/t.md:14:"),
        "{err}"
    );
}

#[test]
fn a_game_title_typed_with_a_straight_apostrophe_is_read_in_text_and_headings() {
    let page = |zeros: &str, row: &str| {
        let site = crate::common::Site::new();
        site.write(
            "content/t.md",
            &format!(
                "+++\ntitle = \"T\"\n+++\n\n```{{octal}}\n:code: 0.07\n:name: dawson\n:title: Dawson's Kayles\n:upto: 100\n```\n\n\
                 The first heap sizes at which Dawson's Kayles has value 0 are {zeros}.\n\n\
                 ## Why a row of {row} in Dawson's Kayles has value 0\n\nText.\n"
            ),
        );
        site
    };
    // The rendered page shows `Dawson’s`; the heading is also shown in the contents.
    page("0, 1, 5, 9 and 15", "nine").build_ok();
    let err = page("0, 1, 5, 9 and 14", "eight").build_err();
    assert!(err.contains("content/t.md:12:"), "{err}");
    assert!(err.contains("content/t.md:14:"), "{err}");
}

#[test]
fn a_sentence_begun_on_the_line_before_is_read_with_it() {
    // Read alone, the second line is a claim about the Nim heap, or none; read with the
    // line before, it is the sum's, and the reason after it gives each position its value.
    let page = |heap: u32, value: u32, share: &str| {
        kayles_site(&format!(
            "A Kayles row of 6\nbeside a Nim heap of {heap} is a P-position, since both are worth ∗{value}.\n\n\
             There are eight primitive elements below 16, so {share} half of the\nfifteen nonzero elements below 16 are primitive."
        ))
    };
    page(3, 3, "more than").build_ok();
    for (heap, value, share, line) in [
        (2, 3, "more than", 14),
        (3, 2, "more than", 14),
        (3, 3, "less than", 16),
    ] {
        let err = page(heap, value, share).build_err();
        assert!(err.contains(&format!("content/t.md:{line}:")), "{err}");
    }
}

#[test]
fn a_claim_a_line_break_cuts_is_read_whole() {
    // A list that goes on in the next line is read across the break, true and false.
    let true_page = "The elements of order 3 below 16 are 2\nand 3.\n\n\
         The values of Kayles start 0, 1, 2,\n3, 1 and 4.";
    kayles_site(true_page).build_ok();
    let err = kayles_site(
        "The elements of order 3 below 16 are 2\nand 5.\n\n\
         The values of Kayles start 0, 1, 2,\n3, 1 and 5.",
    )
    .build_err();
    for line in [13, 17] {
        assert!(err.contains(&format!("content/t.md:{line}:")), "{err}");
    }
    assert!(err.contains("error[stale-claim]"), "{err}");
}

#[test]
fn a_number_beside_an_operation_in_symbols_is_read_or_refused() {
    // The result first after a word that joins its clause, and "what you get from".
    kayles_site("Thus 13 is 8 ⊗ 8, and 12 is what you get from 3 ⊗ 4.").build_ok();
    let err = each_fails_at_its_line(&[
        "Thus 12 is 8 ⊗ 8.",
        "Since 9 is 2 ⊗ 4, we are done.",
        "10 is what you get from 3 ⊗ 4.",
        // Not read: a number near an operation states something about it.
        "16 ⊗ 20 is just the ordinary product 320.",
    ]);
    assert!(err.contains("about `16 ⊗ 20` with `320`"), "{err}");
    // Its operands are its own, and a number far from it says nothing of it.
    kayles_site("To find 2 ⊗ 2 we need the pairs with entries below 2, one for each choice.")
        .build_ok();
    // An operator with no operands names itself.
    kayles_site("Here ⊗ is the nim-product, which the essay writes 2 times.").build_ok();
}

#[test]
fn a_waiver_covers_a_call_of_a_name_the_page_never_defines() {
    let page = |waiver: &str| {
        kayles_site(&format!(
            "{waiver}So *G(21) = mex(1, 2) = 0*, and the heap is lost.\n\nMore text."
        ))
    };
    let err = page("").build_err();
    assert!(err.contains("no function or game named `G`"), "{err}");
    page("<!-- unchecked: G is the source's name for the game's values -->\n").build_ok();
}

#[test]
fn a_waiver_covers_what_the_reader_sees_in_a_paragraph_read_whole() {
    // Smart punctuation splits "let's" out of its sentence; the paragraph is read whole.
    let text = "In fact, let's go ahead and give losing positions the numeric value of 0.";
    assert!(kayles_site(text).build_err().contains("content/t.md:13:"));
    kayles_site(&format!("<!-- unchecked: a definition -->\n{text}")).build_ok();
}

#[test]
fn two_terms_in_words_a_field_named_first_and_splits_counted_apart_from_values() {
    let grundy = "```{define}\n:upto: 200\n:title: Grundy's game\ng(n) = mex{ g(a) ⊕ g(n - a) : 0 < a < n - a }\n```";
    let page = |body: &str| kayles_site(&format!("{grundy}\n\n{body}"));
    page(
        "The inverse of 4 is the same as the nim-square of 11.\n\n\
         In the field below 16, every nonzero element raised to the fifteenth power gives 1.\n\n\
         The four splits of a heap of nine reach the values 0 and 2.\n\n\
         Kayles has period 12 from heap size 71 on, and the last exceptional value sits at heap size 70.\n\n\
         Squares are easy: in characteristic two every element is a square.",
    )
    .build_ok();
    // Lines 19 on, one sentence every other line below the rule.
    for (wrong, line) in [
        ("The inverse of 4 is the same as the nim-square of 12.", 19),
        (
            "In the field below 16, every nonzero element raised to the fifth power gives 1.",
            19,
        ),
        (
            "The three splits of a heap of nine reach the values 0 and 2.",
            19,
        ),
        (
            "Kayles has period 12 from heap size 71 on, and the last exceptional value sits at heap size 69.",
            19,
        ),
        (
            "Squares are easy: in characteristic three every element is a square.",
            19,
        ),
    ] {
        let err = page(wrong).build_err();
        assert!(
            err.contains(&format!("content/t.md:{line}:")),
            "{wrong}\n{err}"
        );
    }
}

#[test]
fn the_positions_a_move_reaches_are_read_with_their_values() {
    let rule = "```{define}\n:upto: 500\n:title: the subtraction game\n:unit: heap\ns(n) = mex{ s(n - k) : k in {1, 4}, k <= n }\n```";
    let page = |body: &str| kayles_site(&format!("{rule}\n\n{body}"));
    page("A heap of 5 can go to 4 or to 1, worth 2 and 1, so it is worth 0.").build_ok();
    for wrong in [
        // A value of a position reached, a position no move reaches, the mex.
        "A heap of 5 can go to 4 or to 1, worth 2 and 0, so it is worth 0.",
        "A heap of 5 can go to 3 or to 1, worth 1 and 1, so it is worth 0.",
        "A heap of 5 can go to 4 or to 1, worth 2 and 1, so it is worth 3.",
    ] {
        let err = page(wrong).build_err();
        assert!(err.contains("content/t.md:20:"), "{wrong}\n{err}");
    }
}

#[test]
fn a_bound_on_a_games_values_and_a_hundred_in_words_are_read() {
    let rule = "```{define}\n:upto: 500\n:title: the subtraction game\ns(n) = mex{ s(n - k) : k in {1, 3, 6}, k <= n }\n```";
    let page = |body: &str| kayles_site(&format!("{rule}\n\n{body}"));
    page("No heap below a hundred is worth more than ∗3, and every heap below 50 is worth at most 3.\n\nThe nim-sum of a hundred and 1 is 101.")
        .build_ok();
    for wrong in [
        "No heap below a hundred is worth more than ∗2.",
        "Every heap below 50 is worth at most 2.",
        "The nim-sum of a hundred and 1 is 100.",
    ] {
        let err = page(wrong).build_err();
        assert!(err.contains("content/t.md:19:"), "{wrong}\n{err}");
    }
}

#[test]
fn a_waiver_covers_a_text_block_the_reader_sees_as_prose() {
    let block = "Which sums agree:\n\n    nim-sum    1  2  3\n    ordinary   1  2  3\n\nMore text.";
    let err = kayles_site(block).build_err();
    assert!(err.contains("error[unchecked-claim]"), "{err}");
    let waived = block.replace(
        "    nim-sum",
        "<!-- unchecked: a table drawn by hand -->\n\n    nim-sum",
    );
    kayles_site(&waived).build_ok();
}

#[test]
fn two_claims_that_start_on_one_line_are_each_seen_as_checked() {
    // The sentence names no game: it speaks of Kayles, declared above it, not of the
    // game the page declares last. Both claims start on the second line.
    let rule = "```{define}\n:upto: 100\ns(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }\n```";
    let page = |last: &str| {
        kayles_site(&format!(
            "The first values are 0, 1 and 2. The values repeat with\nperiod 12 from heap size 71; the last exception is at heap size {last}.\n\n{rule}"
        ))
    };
    page("70").build_ok();
    let err = page("69").build_err();
    assert!(err.contains("content/t.md:14:"), "{err}");
}

#[test]
fn the_same_period_as_the_game_before_and_a_letter_in_a_formula_is_no_game() {
    let dawson = "```{octal}\n:code: 0.07\n:name: dawson\n:title: Dawson's Kayles\n:upto: 400\n```\n\n```{octal}\n:code: 0.137\n:name: chess\n:title: Dawson's chess\n:upto: 400\n```";
    let page = |body: &str| kayles_site(&format!("{dawson}\n\n{body}"));
    page("Dawson's Kayles has period 34. Dawson's chess has the same period, from heap size 52.")
        .build_ok();
    for wrong in [
        "Dawson's Kayles has period 34. Dawson's chess has the same period, from heap size 53.",
        "Kayles has period 12. Dawson's chess has the same period, from heap size 52.",
    ] {
        let err = page(wrong).build_err();
        assert!(err.contains("content/t.md:27:"), "{wrong}\n{err}");
    }
    // A game named `s` below: the letter in "$h \oplus s$" names no game, and the heaps
    // after it are Nim's.
    let rule = "```{define}\n:upto: 100\ns(n) = mex{ s(n - k) : k in {2, 5}, k <= n }\n```";
    let nim = |v: u32| {
        kayles_site(&format!(
            "Reduce a heap $h$ to $h \\oplus s$ counters. With heaps of 2, 11 and 13 the nim-sum is {v}.\n\n{rule}"
        ))
    };
    nim(4).build_ok();
    assert!(nim(5).build_err().contains("content/t.md:13:"));
}

#[test]
fn values_that_repeat_from_the_start_after_a_role_take_no_game_declared_below() {
    // As the essays write it: a role, then the values repeating "from the start", with a
    // game declared further down the page.
    let rule = "```{define}\n:upto: 100\ns(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }\n```";
    let octal = "```{octal}\n:code: 0.3033\n:name: sub\n:upto: 60\n```";
    kayles_site(&format!(
        "{rule}\n\nIt proves {{nim}}`preperiod(s) = 0`, so the values repeat from the start:\n{{nim}}`s(0) = 0`.\n\n{octal}"
    ))
    .build_ok();
    let err = kayles_site(&format!(
        "{rule}\n\nThe subtraction game repeats from heap size 3.\n\n{octal}"
    ))
    .build_err();
    assert!(err.contains("preperiod(s) = 3"), "{err}");
}

#[test]
fn a_line_s_heaps_are_in_the_game_its_paragraph_named_before_it() {
    // A subtraction game declared last, in which a heap of 5 is worth 3; in Grundy's
    // game, which the paragraph names on its first line, it is worth 2.
    let rule = "```{define}\n:upto: 100\ns(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }\n```";
    let page = |value: u32| {
        kayles_site(&format!(
            "{rule}\n\nIn Grundy's game the heaps of 1 and 2 are dead.\nWe look further. A heap of 5 is worth {value}.\n"
        ))
    };
    page(2).build_ok();
    let err = page(3).build_err();
    assert!(err.contains("content/t.md:19:"), "{err}");
    assert!(err.contains("grundy(5) = 3"), "{err}");
}

#[test]
fn a_game_declared_below_is_no_paragraph_s_game() {
    // The ladder game, in which a heap of 5 is worth 3, is declared below the paragraph
    // that names it: the heap on the paragraph's next line is Nim's, worth 5.
    let rule = "```{define}\n:title: the ladder game\n:upto: 100\ns(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }\n```";
    let page = |value: u32| {
        kayles_site(&format!(
            "The ladder game comes below.\nFirst we look at one pile. Alone, a heap of 5 is worth {value}.\n\n{rule}\n"
        ))
    };
    page(5).build_ok();
    let err = page(3).build_err();
    assert!(err.contains("content/t.md:14:"), "{err}");
}

#[test]
fn a_condition_left_out_of_a_read_claim_is_refused_once_at_its_words() {
    // "Dawson's" splits the line's text at the apostrophe, so the line and its paragraph
    // both read the sentence: the refusal is one error all the same.
    let site = Site::new();
    site.write(
        "content/t.md",
        "+++\ntitle = \"T\"\n+++\n\n```{octal}\n:code: 0.137\n:name: chess\n:upto: 200\n```\n\n\
         Dawson's chess is periodic with period 34 for heaps of 40 or more.\n",
    );
    let err = site.build_err();
    let found = err.matches("a condition on it").count();
    assert_eq!(found, 1, "{err}");
    assert!(err.contains("content/t.md:11:"), "{err}");
}

#[test]
fn a_formula_supposed_is_not_asserted_and_its_consequence_is_read_under_it() {
    // True: the supposition fails as a law, but only what follows from it is asserted.
    let site = kayles_site(
        "If $x \\otimes x = 1$ then $x = 1$.\n\n\
         Suppose $x \\otimes x = 6$; then $x = 4$.\n\n\
         Here $x \\otimes x = 1$ forces $(x \\oplus 1) \\otimes (x \\oplus 1) = 0$, so $x = 1$.",
    );
    site.build_ok();
    let check = site.run(&["check"]);
    assert!(check.status.success(), "{}", crate::common::stderr(&check));
    // False: a wrong consequence fails at its line, and an asserted law is still a law.
    each_fails_at_its_line(&[
        "If $x \\otimes x = 1$ then $x = 2$.",
        "If $x \\otimes x = 5$, then $x = 3$.",
        "We have $x \\otimes x = 1$ for every x.",
        // Noted, a law is asserted, with what follows it.
        "Note that $x \\otimes x = x$, so $x \\otimes x \\otimes x = x$.",
    ]);
}

#[test]
fn a_law_over_f_on_a_page_about_fermat_powers_ranges_over_them() {
    // True: Conway's rule holds for each Fermat 2-power, though not for every F below 256.
    let site =
        kayles_site("For each Fermat 2-power the rule $F \\otimes F = F \\oplus F/2$ holds.");
    site.build_ok();
    // False: a rule wrong at some Fermat 2-power fails at its line.
    each_fails_at_its_line(&[
        "For a Fermat 2-power, $F \\otimes F = F \\oplus 1$.",
        "For a Fermat 2-power, $F \\otimes F = 2F$.",
    ]);
}

#[test]
fn a_supposition_or_condition_in_plain_text_is_not_asserted_and_a_consequence_is_read_under_it() {
    let site = kayles_site(
        "If x ⊕ 9 = 4, then x = 13, and if x ⊕ 6 = 11, then x = 13 as well.\n\n\
         If x ⊕ 9 = 4, then x ⊕ 1 = 12.\n\n\
         A heap h with\nh ⊕ s < h can be cut to h ⊕ s: a condition, across a line break.",
    );
    site.build_ok();
    each_fails_at_its_line(&[
        "If x ⊕ 9 = 4, then x = 12.",
        "If x ⊕ 9 = 4, then x ⊕ 1 = 11.",
        // Asserted, a law is still a law.
        "We know that x ⊕ 9 = 4 holds.",
    ]);
}

#[test]
fn a_game_named_by_its_rule_is_computed_from_the_rule() {
    let site = kayles_site(
        "\"Take three or four\" has period 7, and a heap of 6 is worth 2.\n\n\
         Take-one-or-four has period 5, and a heap of twelve is lost for the mover.\n\n\
         The period of take 1, 3 or 4 is 7.\n\n\
         In take 1, 3 or 4, a heap of 10 has value 1.",
    );
    site.build_ok();
    each_fails_at_its_line(&[
        "\"Take three or four\" has period 6.",
        "Take-one-or-four has period 5, and a heap of eleven is lost for the mover.",
        "The period of take 1, 3 or 4 is 8.",
        "In take 1, 3 or 4, a heap of 10 has value 2.",
    ]);
}

#[test]
fn a_limit_on_every_value_is_read_of_the_game() {
    let site = kayles_site(
        "No row in Kayles has a value above 8.\n\n\
         Every Grundy value of Kayles is at most 8.\n\n\
         The values of Kayles never exceed 8.\n\n\
         Kayles never takes a value above 8.\n\n\
         No row below 20 in Kayles has a value greater than 7.",
    );
    site.build_ok();
    each_fails_at_its_line(&[
        "No row in Kayles has a value above 7.",
        "Every Grundy value of Kayles is at most 7.",
        "The values of Kayles never exceed 7.",
        "Kayles never takes a value above 7.",
        "No row below 30 in Kayles has a value greater than 7.",
    ]);
}

#[test]
fn modal_copulas_roots_said_to_exist_and_moves_after_a_nim_sum_are_read() {
    let site = kayles_site(
        "Then 20 ⊗ 20 should be 30.\n\n\
         The value 14 does have a cube root below 16.\n\n\
         Nim-sum is 3 ⊕ 4 ⊕ 5 = 2. The winning move is to take two counters from the heap of 3.",
    );
    site.build_ok();
    each_fails_at_its_line(&[
        "Then 20 ⊗ 20 should be 28.",
        "The value 3 does have a cube root below 256.",
        "Nim-sum is 3 ⊕ 4 ⊕ 5 = 2. The winning move is to take two counters from the heap of 5.",
    ]);
}

#[test]
fn a_game_named_with_digits_is_spoken_of_by_that_name() {
    let page = |claim: &str| {
        let site = Site::new();
        site.write(
            "content/t.md",
            &format!(
                "+++\ntitle = \"T\"\n+++\n\n```{{octal}}\n:code: 0.52\n:name: g52\n:upto: 200\n```\n\n\
                 Values start 0, 1, 0, 2, 2, 1, 0, 3.\n{claim}\n"
            ),
        );
        site
    };
    page("It's periodic with period 4 from heap size 4, and g52(7) = 3.").build_ok();
    let err = page("It's periodic with period 4 from heap size 2.").build_err();
    assert!(err.contains("content/t.md:12:"), "{err}");
}

#[test]
fn facts_in_note_form_after_a_label_are_read_of_what_it_names() {
    let site = kayles_site(
        "- Heaps 8, 12, 15: nim-sum 11, three winning moves: 8 → 3, 12 → 7, 15 → 4.\n\
         - Heaps 2, 7, 9: nim-sum 12, and the only winning move is 9 → 5.\n\
         - Heaps of 5, 9 and 12: nim-sum 0, so the player to move loses.\n\
         - Take 3 or 4: values 0, 0, 0, 1, 1, 1, 2 and then repeat with period 7.\n\
         - Take 1, 3 or 4: period 7; a heap of 10 has value 1, with losing heaps 0, 2, 7 and 9.
         - Heaps 3, 4, 5: nim-sum 2. One winning move, 3 → 1.",
    );
    site.build_ok();
    each_fails_at_its_line(&[
        "- Heaps 8, 12, 15: nim-sum 10.",
        "- Heaps 2, 7, 9: nim-sum 12, and the only winning move is 9 → 4.",
        "- Heaps of 5, 9 and 12: nim-sum 0, so the player to move wins.",
        "- Take 3 or 4: values 0, 0, 0, 1, 1, 2, 2 and then repeat.",
        "- Take 1, 3 or 4: period 7, with losing heaps 0, 2, 7 and 8.",
        "- Heaps 3, 4, 5: nim-sum 2. One winning move, 5 → 1.",
        // A move by its arrow with no heaps to read it against is refused.
        "One winning move, 3 → 1.",
    ]);
}

#[test]
fn a_period_said_bare_with_its_start_and_last_exception_is_the_game_s_above() {
    let site = kayles_site(
        "The period is 12 from heap size 71 on, and the last exception is at 70.\n\n\
         The last exception is at 70.\n\n\
         - Period 12 from heap size 71.",
    );
    site.build_ok();
    each_fails_at_its_line(&[
        "The period is 12 from heap size 70 on.",
        "The last exception is at 71.",
        "- Period 11 from heap size 71.",
    ]);
}

#[test]
fn a_block_opening_on_what_the_blocks_before_named_is_read_with_them() {
    let page = |sum: u32, order: u32| {
        format!(
            "**Problem 1.** How many winning moves are there from heaps of 3, 5 and 7?\n\n\
             *Solution.* The nim-sum is {sum}, and each heap is odd.\n\n\
             **Problem 2.** In the field below 16, which orders occur?\n\n\
             *Solution.* The orders that occur are 1, 3, 5 and {order}.\n"
        )
    };
    kayles_site(&page(1, 15)).build_ok();
    let err = kayles_site(&page(2, 15)).build_err();
    assert!(err.contains("content/t.md:15:"), "{err}");
    assert!(err.contains("stale-claim"), "{err}");
    let err = kayles_site(&page(1, 7)).build_err();
    assert!(err.contains("content/t.md:19:"), "{err}");
    assert!(err.contains("stale-claim"), "{err}");
}

/// Writes a page with Kayles and then the subtraction game `s`, declared last, and `body`.
fn sections_site(body: &str) -> Site {
    kayles_site(&format!(
        "```{{define}}\n:upto: 100\ns(n) = mex{{ s(n - k) : k in {{1, 3, 4}}, k <= n }}\n```\n\n\
         {body}"
    ))
}

#[test]
fn a_paragraph_under_a_heading_that_names_a_game_speaks_of_that_game() {
    // Kayles has period 12 and `s` period 7; a heap of seven is lost in `s` and worth 2
    // in Kayles.
    let body = "## Part 1: Kayles\n\n### [00:05:00] The values of Kayles\n\n- The period is 12.\n\
                - No single row is a loss for the mover.\n\n\
                ### The game 0.77 again\n\nIts period is 12.\n\n\
                ## Part 2\n\n### A warm-up subtraction game\n\nA heap of seven is lost. The \
                period is 7.\n";
    sections_site(body).build_ok();
    let err = sections_site(&body.replace("- The period is 12", "- The period is 7")).build_err();
    assert!(err.contains("period(kayles) = 7"), "{err}");
    // The game named by its code.
    let err = sections_site(&body.replace("Its period is 12", "Its period is 7")).build_err();
    assert!(err.contains("period(octal_0_77) = 7"), "{err}");
    let err = sections_site(&body.replace("seven is lost", "seven is worth 2")).build_err();
    assert!(err.contains("s(7) = 2"), "{err}");
    // A game declared inside the section is the one its paragraphs speak of.
    let inside = "## Kayles and a cousin\n\n```{define}\n:upto: 100\n\
                  t(n) = mex{ t(n - k) : k in {2, 5}, k <= n }\n```\n\nThe period is 7.\n";
    sections_site(inside).build_ok();
    let err = sections_site(&inside.replace("is 7", "is 12")).build_err();
    assert!(err.contains("period(t) = 12"), "{err}");
}

#[test]
fn a_section_whose_heading_names_no_game_speaks_of_the_game_of_the_section_around_it() {
    // Kayles: 0, 1, 2, 3, 1, 4, period 12; `s` is lost at 7.
    let body = "## Lecture 5: Kayles\n\n### Slide 2: Knocking down pins\n\n\
                A row of four is 1, a row of five is 4.\n\n\
                [08:50] It's periodic with period 12.\n\n\
                ## Lecture 6\n\n### Slide 1: a warm-up game\n\nA heap of seven is lost.\n";
    sections_site(body).build_ok();
    let err = sections_site(&body.replace("five is 4", "five is 3")).build_err();
    assert!(err.contains("kayles(5) = 3"), "{err}");
    // A paragraph that opens with a time and "It" is read with its section's game by the
    // build and by the reader's eye alike.
    let err = sections_site(&body.replace("period 12", "period 7")).build_err();
    assert!(err.contains("period(kayles) = 7"), "{err}");
    assert!(!err.contains("unchecked-claim"), "{err}");
    let err = sections_site(&body.replace("seven is lost", "seven is worth 1")).build_err();
    assert!(err.contains("s(7) = 1"), "{err}");
}

#[test]
fn a_page_game_named_as_a_known_game_is_read_in_its_own_units() {
    // The page's Dawson's Kayles is played on heaps: 0, 0, 1, 1, 2, 0.
    let page = |body: &str| {
        sections_site(&format!(
            "```{{octal}}\n:code: 0.07\n:name: dawson\n:upto: 300\n```\n\n\
             ### Slide 8: Dawson's Kayles\n\n{body}"
        ))
    };
    page("[15:05] A heap of four is worth 2, and a heap of five is worth 0.").build_ok();
    let err = page("[15:05] A heap of four is worth 2, and a heap of five is worth 1.").build_err();
    assert!(err.contains("dawson(5) = 1"), "{err}");
}

#[test]
fn rows_of_pins_with_no_game_named_are_of_the_kayles_declared_last() {
    let page = |body: &str| {
        kayles_site(&format!(
            "```{{octal}}\n:code: 0.07\n:name: dawson\n:upto: 300\n```\n\n{body}"
        ))
    };
    // Dawson's Kayles: 0, 0, 1, 1, 2, 0; Kayles: 0, 1, 2, 3, 1, 4.
    page("Two pins, value 1. Five pins, value 0.").build_ok();
    let err = page("Two pins, value 2. Five pins, value 0.").build_err();
    assert!(err.contains("dawson(2) = 2"), "{err}");
}

#[test]
fn a_census_in_note_form_is_read_and_a_text_written_twice_is_placed_where_it_stands() {
    let census = "In the field below 16, the nonzero elements split by order.\n\n\
                  - Order 1: only the element 1.\n\
                  - Order 3: the two elements 2 and 3.\n\
                  - Order 5: four elements, namely 8, 10, 13 and 14.\n\
                  - Order 15: the remaining eight, 4, 5, 6, 7, 9, 11, 12 and 15.";
    kayles_site(census).build_ok();
    for (from, to, line) in [
        ("element 1.", "element 2.", 15),
        ("two elements 2", "two elements 4", 16),
        ("13 and 14", "13 and 12", 17),
        ("four elements", "five elements", 17),
        ("remaining eight", "remaining seven", 18),
    ] {
        let err = kayles_site(&census.replacen(from, to, 1)).build_err();
        assert!(
            err.contains(&format!("content/t.md:{line}:")),
            "{to}\n{err}"
        );
    }
    // With no field named, the census is refused at its own line, not where "order 1" is
    // first written; a count after the colon does not hide the order before it.
    let err =
        kayles_site("1 has order 1.\n\nHello.\n\n- order 1: 1 element\n- order 5: 4 elements")
            .build_err();
    for line in [17, 18] {
        assert!(err.contains(&format!("content/t.md:{line}:3")), "{err}");
    }
    assert!(!err.contains("content/t.md:13:"), "{err}");
}

#[test]
fn a_subtraction_game_named_with_its_code_is_checked_against_the_code_not_the_page_s_game() {
    let page = |s: &str| {
        let site = Site::new();
        site.write(
            "content/t.md",
            &format!(
                "+++\ntitle = \"T\"\n+++\n\n```{{octal}}\n:code: 0.35\n:name: oct\n:upto: 200\n```\n\n{s}\n"
            ),
        );
        site
    };
    page("The subtraction game with moves 1, 3 and 4 has the octal code 0.3033.").build_ok();
    for wrong in [
        "The subtraction game with moves 1, 2 and 4 has the octal code 0.3033.",
        "The subtraction game with moves 1, 3 and 4 is the octal game 0.3333.",
    ] {
        let err = page(wrong).build_err();
        assert!(
            err.contains("stale-claim") && err.contains("content/t.md:11:"),
            "{wrong}\n{err}"
        );
    }
}

#[test]
fn a_correction_on_the_next_line_corrects_the_claim_it_reports() {
    let site = kayles_site(
        "In the draft I wrote 16 ⊗ 16 = 256, multiplying as\nordinary numbers; the correct value is 24.\n\n\
         So 8 ⊗ 8 is not 12,\nbut 13.",
    );
    site.build_ok();
    each_false_at_its_line(&[
        "In the draft I wrote 16 ⊗ 16 = 256, multiplying as\nordinary numbers; the correct value is 25.",
    ]);
}
