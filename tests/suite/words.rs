//! The prose reader through the binary: every notation, claims in words, counts and
//! Cantor normal forms are checked claims on a page, true ones build and false ones fail
//! at their line; ordinary prose with numbers builds with no error.

use crate::common::{Site, stderr};
use crate::directives::passes;

/// Writes a page whose body starts on line 5.
fn page_site(body: &str) -> Site {
    let site = Site::new();
    site.write(
        "content/t.md",
        &format!("+++\ntitle = \"T\"\n+++\n\n{body}\n"),
    );
    site
}

/// Builds a page, asserting the build fails with an error at each of `lines`.
fn fails_at(body: &str, lines: impl IntoIterator<Item = usize>) {
    let err = page_site(body).build_err();
    for line in lines {
        assert!(
            err.contains(&format!("content/t.md:{line}:")),
            "line {line}: {err}"
        );
    }
}

/// Builds paragraphs that are each false, one every other line from line 5, and asserts
/// the build fails with a stale claim at each of their lines.
fn each_fails(paragraphs: &[&str]) {
    let site = page_site(&paragraphs.join("\n\n"));
    let err = site.build_err();
    for (i, p) in paragraphs.iter().enumerate() {
        let line = 5 + 2 * i;
        assert!(
            err.contains(&format!("content/t.md:{line}:")),
            "no error at line {line} for {p:?} in\n{err}"
        );
    }
    assert!(err.contains("error[stale-claim]"), "{err}");
    assert!(
        !site.root().join("site").exists(),
        "a failed build wrote site/"
    );
}

#[test]
fn every_notation_in_prose_is_checked() {
    passes(
        "So 2² = 3 and √3 = 2.\n\nThen 3 × 5 = 15, 2 · 3 = 1 and 2 * 3 = 6.\n\n\
         In games, *3 + *5 = *6 and ∗1 + ∗1 = ∗0.\n\nThe word 0x1f = 31 and 0b101 = 5.\n\n\
         Also 3 + 5 = 6 and 1 + 1 = 2.",
    );
    each_fails(&[
        "So 2² = 5 here.",
        "And √3 = 3 here.",
        "Then 3 × 5 = 16.",
        "In games, *3 + *5 = *8.",
        "The word 0x1f = 30.",
        "Also 3 + 5 = 7.",
    ]);
}

#[test]
fn claims_in_words_are_checked() {
    passes(
        "The nim-sum of 3 and 5 is 6. The nim-product of four and four is six.\n\n\
         So 2 nim-times 3 is 1, and 5 nim-plus 3 is not 7.\n\n\
         The inverse of 4 is fifteen, the nim square root of 3 is 2 and the order of 2 is 3.\n\n\
         Also 3 squared is 2, and the nim-sum of sixty-four and two hundred fifty-six is 320.",
    );
    each_fails(&[
        "The nim-sum of 3 and 5 is 7.",
        "The nim-product of four and four is eight.",
        "So 2 nim-times 3 is 6.",
        "The inverse of 4 is fourteen.",
        "The nim square root of 3 is 3.",
        "The order of 2 is 5.",
        "And 3 squared is 5.",
        "The nim-sum of 3 and 5 is not 6.",
    ]);
}

#[test]
fn a_claim_in_words_fails_at_its_column() {
    let site = page_site("Indeed, the inverse of 4 is 14, as shown.");
    let err = site.build_err();
    // Column 9 is where "the inverse …" starts, or 13 where its statement does.
    assert!(
        err.contains("content/t.md:5:9") || err.contains("content/t.md:5:13"),
        "{err}"
    );
}

#[test]
fn counts_are_computed() {
    passes(
        "Exactly 8 of the nonzero elements below 16 are primitive, \
         and eight of the 15 nonzero elements are primitive elements.\n\n\
         Exactly fifteen of the nonzero elements below 16 have an inverse; \
         15 of the nonzero elements below 16 are squares; \
         15 of the nonzero elements below 16 have a square root.\n\n\
         Exactly one of the nonzero elements below 16 is fixed by squaring, \
         exactly two of the 15 nonzero elements below 16 have order 3, \
         and none of the nonzero elements below 16 have order 7.",
    );
    each_fails(&[
        "Exactly 6 of the nonzero elements below 16 are primitive.",
        "Exactly seven of the 15 nonzero elements are squares.",
        "14 of the nonzero elements below 16 have an inverse.",
        "Exactly 3 of the nonzero elements below 16 are fixed by squaring.",
        "Exactly 4 of the nonzero elements below 16 have order 3.",
        "Exactly 8 of the 14 nonzero elements below 16 are primitive.",
    ]);
    // A count over no field cannot be read and says why.
    let err = page_site("Exactly 3 of the nonzero elements below 10 are squares.").build_err();
    assert!(err.contains("content/t.md:5:"), "{err}");
    assert!(err.contains("not a field"), "{err}");
}

#[test]
fn cantor_normal_forms_build() {
    passes(
        "$$\\omega^{2} \\cdot 3 + \\omega \\cdot 2 + 1 = (\\omega \\otimes \\omega \\otimes 3) \\oplus (\\omega \\otimes 2) \\oplus 1$$\n\n\
         And ω + ω = ω·2 in Cantor's sum.",
    );
    each_fails(&[
        "$$\\omega^{2} \\cdot 3 + \\omega \\cdot 2 + 1 = (\\omega \\otimes \\omega \\otimes 3) \\oplus \\omega \\oplus 1$$",
        "And ω + ω = 0 in Cantor's sum.",
    ]);
    // A failing plain claim still says which reading was used.
    let err = page_site("$\\omega^{2} \\cdot 3 = 2^{2} \\cdot 3$").build_err();
    assert!(err.contains("read as"), "{err}");
}

#[test]
fn ordinary_prose_with_numbers_builds() {
    passes(
        "In 1976 Conway wrote a book; rung 3 follows rung 2, as section 3 says.\n\n\
         The range 0 ≤ a < 16 is the field, and a nimber below 2^64 fits in a word.\n\n\
         Written on 2026-12-02 at 10:30, pages 3-5; so n + 1 = m and x² = 3 have letters.\n\n\
         A 16 × 16 table has 256 cells, and a heap is a pile of counters.",
    );
    // A notion beside a number states a fact, which is read or refused.
    let site = page_site("The order of things is not 3.");
    let err = site.build_err();
    assert!(
        err.contains("error[unchecked-claim]") && err.contains("`order`"),
        "{err}"
    );
}

#[test]
fn counts_and_words_survive_mutation() {
    let site = page_site(
        "Exactly 8 of the nonzero elements below 16 are primitive.\n\n\
         The inverse of 4 is 15, and *3 + *5 = *6, and 2² = 3.\n\n\
         $$\\omega^{2} \\cdot 3 + \\omega = (\\omega \\otimes \\omega \\otimes 3) \\oplus \\omega$$",
    );
    let out = site.run(&["check", "--mutate"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), stderr(&out));
    assert!(text.contains("0 still passed"), "{text}");
}

#[test]
fn claims_that_run_from_math_into_prose_are_read_whole() {
    each_fails(&[
        "So $2 \\otimes 2$ = 4 here.",
        "So 2 ⊗ $2$ = 4 here.",
        "The inverse $4^{-1}$ = 14 here.",
        "So $\\ast 3$ ⊕ $\\ast 5$ = ∗7.",
        "And $\\omega^{\\otimes 3}$ = 3 too.",
    ]);
    passes(
        "So $2 \\otimes 2$ = 3, and $\\ast 3$ ⊕ $\\ast 5$ = ∗6.\n\n\
         If $x$ = 3 then $x$ is three; $2 \\oplus 3$ and $4$ are small.",
    );
    // Free letters across math and prose are a law, checked over the default domain.
    passes("So $a \\otimes b$ = $b \\otimes a$ always.");
    let site = page_site("So $a \\otimes b$ = $b \\oplus a$ always.");
    let err = site.build_err();
    assert!(
        err.contains("error[stale-claim]") && err.contains("content/t.md:5:"),
        "{err}"
    );
    assert!(err.contains("∀ a, b < 256"), "{err}");
}

#[test]
fn lists_of_operands_in_words_are_checked() {
    each_fails(&[
        "So the nim-sum of 1, 2 and 4 is 0.",
        "And the nim-product of two, three, and three is two.",
        "Then 1 nim-plus 2 nim-plus 4 is 0.",
    ]);
    passes("So the nim-sum of 1, 2 and 3 is 0, and 2 nim-times 2 nim-times 2 is 1.");
}

#[test]
fn look_alike_symbols_and_comparisons_in_words_beside_symbols_are_checked() {
    each_fails(&[
        "So 2 ⨂ 3 = 5 here.",
        "So ２ ⊗ ３ ＝ ５ here.",
        "So 2 ⊗\u{fe0f} 3 = 5 here.",
        "So 2 ⊗ 3 is 5 here.",
        "So 2 ⊗ 3 is equal to five here.",
        "So two ⊗ three = five here.",
        "So $2 \\otimes 3$ is five here.",
        "So 2 \\otimes 3 = 5, the dollars left out.",
    ]);
    passes("So 2 ⨂ 3 = 1, 2 ⊗ 3 is one, and the product 2 ⊗ 2 is one of the entries.");
}

#[test]
fn a_claim_that_goes_on_past_what_was_read_cannot_be_checked() {
    // The true prefix is not the reader's claim.
    let site = page_site(
        "We get 2 ⊗ 2 = 3 minus 1.\n\nThe inverse of 4 is 15 squared.\n\n\
         The nim-sum of 3 and 5 is 6 ⊕ 1.\n\n∃ x < 16: x ⊗ x = 0 and x ≠ 0.",
    );
    let err = site.build_err();
    for line in [5, 7, 9, 11] {
        assert!(
            err.contains(&format!("content/t.md:{line}:")),
            "line {line}:\n{err}"
        );
    }
    assert!(err.contains("error[unchecked-claim]"), "{err}");
    passes("So 2 ⊗ 2 = 3 · and 4 ⊗ 4 = 6 over the field of sixteen.");
}

#[test]
fn a_hand_made_table_of_products_is_checked_row_by_row() {
    // The header names the operands and an expression in them; each row claims its entry.
    let table =
        "| a | b | a ⊗ b | a ⊕ b |\n|---|---|---|---|\n| 2 | 2 | 3 | 0 |\n| 2 | 4 | 6 | 6 |";
    let site = page_site(table);
    let err = site.build_err();
    assert!(
        err.contains("error[stale-claim]") && err.contains("content/t.md:8:"),
        "{err}"
    );
    assert!(err.contains("2 ⊗ 4 = 6"), "{err}");
    let files = passes(&table.replace("| 6 | 6 |", "| 8 | 6 |"));
    assert!(files.contains("class=\"claim\""), "{files}");
    // Other tables are left alone: names, labels, no operation in the header.
    passes("| n | name |\n|---|---|\n| 2 | two |\n\n| x | x² |\n|---|---|\n| 3 | 9 |");
    passes("| x | x⁻¹ |\n|---|---|\n| 2 | 3 |\n| 4 | 15 |");
}

#[test]
fn operation_tables_map_columns_and_game_columns_are_checked_cell_by_cell() {
    let cayley = "| ⊗ | 0 | 1 | 2 | 3 |\n|---|---|---|---|---|\n| 0 | 0 | 0 | 0 | 0 |\n\
                  | 1 | 0 | 1 | 2 | 3 |\n| 2 | 0 | 2 | 3 | 1 |\n| 3 | 0 | 3 | 1 | 2 |";
    let maps = "| element | inverse | square |\n|---|---|---|\n| 2 | 3 | 3 |\n| 11 | 7 | 15 |";
    let game = "```{octal}\n:code: 0.77\n:name: kayles\n:upto: 40\n```\n\n\
                | n | kayles(n) |\n|---|---|\n| 4 | 1 |\n| 5 | 4 |";
    for table in [cayley, maps, game] {
        let files = passes(table);
        assert!(files.contains("class=\"claim\""), "{files}");
    }
    // One wrong entry fails at its own cell: line 5 is the header.
    let wrong = [
        (
            cayley.replace("| 3 | 0 | 3 | 1 | 2 |", "| 3 | 0 | 3 | 2 | 2 |"),
            "t.md:10:15",
        ),
        (maps.replace("| 11 | 7 |", "| 11 | 6 |"), "t.md:8:8"),
        (maps.replace("| 7 | 15 |", "| 7 | 12 |"), "t.md:8:12"),
        (game.replace("| 4 | 1 |", "| 4 | 3 |"), "t.md:13:7"),
    ];
    for (page, at) in wrong {
        let err = page_site(&page).build_err();
        assert!(
            err.contains("error[stale-claim]") && err.contains(at),
            "{at}: {err}"
        );
    }
    // A corner that is no operator, or margins that are not values, make no claim.
    passes("| n | 0 | 1 |\n|---|---|---|\n| 0 | 5 | 6 |");
    passes("| ⊗ | a | b |\n|---|---|---|\n| a | x | y |");
    passes("| name | inverse |\n|---|---|\n| Ann | Bob |");
}

#[test]
fn star_values_written_with_the_asterisk_operator_are_read() {
    passes("So ∗5 is not ∗3, and ⋆2 is not ⋆7.");
    each_fails(&["So ∗5 is ∗3.", "And ∗4 is not ∗4."]);
}

#[test]
fn a_column_of_a_games_values_in_words_is_checked_under_its_lead_in() {
    let game = "```{octal}\n:code: 0.77\n:name: kayles\n:title: Kayles\n:upto: 40\n```\n\n\
                The values of rows of six to eight pins:\n\n\
                | pins | Kayles value |\n|---|---|\n| 6 | 3 |\n| 7 | 2 |\n| 8 | 1 |";
    let files = passes(game);
    assert!(files.contains("class=\"claim\""), "{files}");
    // Line 17 is the row of 7 pins.
    let err = page_site(&game.replace("| 7 | 2 |", "| 7 | 4 |")).build_err();
    assert!(
        err.contains("error[stale-claim]") && err.contains("t.md:17:"),
        "{err}"
    );
    // A lead-in with a verb states something, and is read as a sentence.
    let err = page_site("The Kayles value of a row of six pins is 2:\n\n- so it is").build_err();
    assert!(err.contains("t.md:5:"), "{err}");
    // "Grundy value" on a page that computes one game, with margins that carry a unit.
    let units = "```{octal}\n:code: 0.77\n:name: kayles\n:title: Kayles\n:upto: 40\n```\n\n\
                 | Kayles row | Grundy value |\n|---|---|\n| 6 pins | 3 |\n| 7 pins | 2 |";
    let files = passes(units);
    assert!(files.contains("class=\"claim\""), "{files}");
    let err = page_site(&units.replace("| 7 pins | 2 |", "| 7 pins | 3 |")).build_err();
    assert!(
        err.contains("error[stale-claim]") && err.contains("t.md:15:"),
        "{err}"
    );
}

#[test]
fn games_known_by_name_are_checked_where_a_page_names_them() {
    passes(
        "In Ruler, coin 12 is worth 4. Coin 6 in Mock Turtles is worth 11.\n\n\
         A row of five pins in Kayles has Grundy value 4, and in Dawson's Kayles a row of \
         nine is a P-position.\n\nIn Grundy's game a heap of 7 is worth 0.",
    );
    each_fails(&[
        "In Ruler, coin 12 is worth 8.",
        "Coin 6 in Mock Turtles is worth 10.",
        "A row of five pins in Kayles has Grundy value 3.",
        "In Grundy's game a heap of 7 is worth 1.",
    ]);
    // Counts first, the value before the position, the last exception's row.
    passes(
        "Exactly seven of the heaps below 21 are P-positions in Grundy's game.\n\n\
         Kayles assigns the value 4 to a row of 5 pins.\n\n\
         The last exceptional value of Kayles belongs to the row of 70 pins.",
    );
    each_fails(&[
        "Exactly six of the heaps below 21 are P-positions in Grundy's game.",
        "Kayles assigns the value 3 to a row of 5 pins.",
        "The last exceptional value of Kayles belongs to the row of 71 pins.",
    ]);
    // A page's own game of the same name replaces the known one.
    passes(
        "```{octal}\n:code: 0.77\n:name: kayles\n:title: Kayles\n:upto: 100\n```\n\nIn Kayles a row of 5 is worth 4.",
    );
}

#[test]
fn a_subtraction_games_rule_and_its_losing_heaps_in_words_are_checked() {
    let define = "```{define}\n:upto: 100\n:title: the subtraction game\ns(n) = mex{ s(n - k) : k in {1, 3, 4}, k <= n }\n```\n\n";
    passes(&format!(
        "{define}In the subtraction game a move takes one, three or four tokens from a single heap.\n\n\
         The P-positions of the subtraction game are exactly the heap sizes that leave remainder 0 or 2 on division by 7."
    ));
    for wrong in [
        "In the subtraction game a move takes one, two or four tokens from a single heap.",
        "The P-positions of the subtraction game are exactly the multiples of seven.",
    ] {
        let err = page_site(&format!("{define}{wrong}")).build_err();
        assert!(err.contains("t.md:11:"), "{wrong}: {err}");
    }
}

#[test]
fn outcomes_in_more_words_are_checked() {
    passes(
        "Whoever faces Nim heaps of 2, 3 and 1 is sure to lose.\n\n\
         The position with heaps 4, 5 and 1 is a first-player loss.\n\n\
         With heaps of 1, 2 and 3, the second player has a winning strategy.\n\n\
         The Nim position (1, 4, 5) is won by the second player.\n\n\
         Kayles on two rows of 4 pins is a win for the second player.\n\n\
         In Nim, adding a heap of 6 to a heap of 3 gives a game worth ∗5.",
    );
    each_fails(&[
        "Whoever faces Nim heaps of 2, 3 and 5 is sure to lose.",
        "The position with heaps 4, 5 and 6 is a first-player loss.",
        "With heaps of 1, 2 and 4, the second player has a winning strategy.",
        "The Nim position (1, 4, 5) is won by the player to move.",
        "Kayles on two rows of 4 pins is a win for the first player.",
        "In Nim, adding a heap of 6 to a heap of 3 gives a game worth ∗6.",
        "Kayles rows of 2 and 3 pins add to ∗2.",
    ]);
}

#[test]
fn ordinals_comparisons_and_sums_of_stars_in_words_are_checked() {
    passes(
        "The nim-square of ω is ω².\n\nω generates a field of 64 elements.\n\n\
         Over the field with four elements, ω has degree 3.\n\n\
         ω times ω times ω, in the nim sense, comes to 2.\n\n\
         The nim-product 8 ⊗ 8 is greater than 8.\n\n\
         In the field below 16, 2 has a smaller order than 6.\n\n\
         The sum of the Nim heaps ∗4 and ∗7 is ∗3.",
    );
    each_fails(&[
        "The nim-square of ω is ω + 1.",
        "ω generates a field of 16 elements.",
        "Over the field with four elements, ω has degree 2.",
        "Over the field with four elements, ω has degree 6.",
        "ω times ω times ω, in the nim sense, comes to 4.",
        "The nim-product 8 ⊗ 8 is less than 8.",
        "In the field below 16, 2 has a larger order than 6.",
        "The sum of the Nim heaps ∗4 and ∗7 is ∗2.",
    ]);
}

#[test]
fn periods_fermat_powers_and_the_last_exception_in_more_words_are_checked() {
    passes(
        "From heap size 71 on, the Kayles values repeat every 12 heaps.\n\n\
         Dawson's Kayles is eventually periodic, with period 34.\n\n\
         The last irregular value of Kayles comes at heap size 70.\n\n\
         The nim-square of the Fermat 2-power 16 is 24.\n\n\
         The Fermat 2-powers below 1000 are 2, 4, 16 and 256.\n\n\
         The fourth Fermat 2-power is 256.",
    );
    each_fails(&[
        "From heap size 71 on, the Kayles values repeat every 14 heaps.",
        "From heap size 60 on, the Kayles values repeat every 12 heaps.",
        "Dawson's Kayles is eventually periodic, with period 30.",
        "The last irregular value of Kayles comes at heap size 72.",
        "The nim-square of the Fermat 2-power 16 is 20.",
        "The Fermat 2-powers below 1000 are 2, 4, 8, 16 and 256.",
        "The fourth Fermat 2-power is 65536.",
    ]);
}

#[test]
fn results_first_named_expressions_and_settings_in_words_are_checked() {
    passes(
        "Fifteen is the nim-square of eleven.\n\n\
         Fifteen is obtained by nim-multiplying 3 by 5.\n\n\
         The value 5 is what 7 ⊗ 12 gives.\n\n\
         The nim-sum 7 ⊕ 9 ⊕ 14 vanishes.\n\n\
         The inverse of 9 under ⊗ is 6.\n\n\
         The order of 9 under nim-multiplication is fifteen.\n\n\
         The degree of 200 over the two-element field is 8.\n\n\
         The excess for the prime 19 is 4.\n\n\
         Dividing 1 by 10 in the field below 16 gives 8.\n\n\
         The nim-square of 15 is a number smaller than 10.\n\n\
         The polynomial x ⊗ x ⊕ x ⊕ 1 vanishes at x = 2.\n\n\
         The nim-products 2 ⊗ 9, 3 ⊗ 9 and 4 ⊗ 9 are 14, 7 and 15 respectively.\n\n\
         The least number missing from the set {0, 1, 3, 4, 5} is 2.\n\n\
         Nim-multiplying 4 by itself gives 6.\n\n\
         The square of 4 in the nimbers is 6.",
    );
    each_fails(&[
        "Fifteen is the nim-square of ten.",
        "Fourteen is obtained by nim-multiplying 3 by 5.",
        "The value 6 is what 7 ⊗ 12 gives.",
        "The nim-sum 7 ⊕ 9 ⊕ 13 vanishes.",
        "The inverse of 9 under ⊗ is 7.",
        "The order of 9 under nim-multiplication is five.",
        "The degree of 200 over the two-element field is 4.",
        "The excess for the prime 19 is 3.",
        "Dividing 1 by 10 in the field below 16 gives 9.",
        "The nim-square of 15 is a number larger than 10.",
        "The polynomial x ⊗ x ⊕ x ⊕ 1 vanishes at x = 6.",
        "The nim-products 2 ⊗ 9, 3 ⊗ 9 and 4 ⊗ 9 are 14, 7 and 13 respectively.",
        "The least number missing from the set {0, 1, 3, 4, 5} is 6.",
        "Nim-multiplying 4 by itself gives 5.",
        "The square of 4 in the nimbers is 16.",
    ]);
}

#[test]
fn counts_fields_stars_and_games_in_more_words_are_checked() {
    passes(
        "In Dawson's Kayles every move knocks down exactly two pins that stand next to each other.\n\n\
         Exactly five of the fifteen nonzero nimbers below 16 are cubes.\n\n\
         Of the 255 nonzero nimbers below 256, exactly 128 are primitive.\n\n\
         The smallest nimber field that contains 300 has 65536 elements.\n\n\
         The player to move loses Nim from heaps of 6, 10 and 12.\n\n\
         Played side by side, ∗6, ∗9 and ∗12 are worth ∗3 together.\n\n\
         The final exception of Kayles, at heap size 70, has value 6.\n\n\
         Dawson's Kayles settles into its period of 34 from heap size 53.\n\n\
         Grundy's game gives a heap of 13 the value 3.\n\n\
         Of the first twenty Kayles values, 25% are equal to 1.\n\n\
         The excess for p = 19 is 4.\n\n\
         Dawson's Kayles has period 34 and preperiod 53.\n\n\
         The cube of ω in the nim sense is 2.",
    );
    each_fails(&[
        "Exactly six of the fifteen nonzero nimbers below 16 are cubes.",
        "Exactly five of the sixteen nonzero nimbers below 16 are cubes.",
        "Of the 255 nonzero nimbers below 256, exactly 127 are primitive.",
        "The smallest nimber field that contains 300 has 256 elements.",
        "The smallest nimber field that contains 300 has 4294967296 elements.",
        "The player to move loses Nim from heaps of 6, 10 and 11.",
        "Played side by side, ∗6, ∗9 and ∗12 are worth ∗4 together.",
        "The final exception of Kayles, at heap size 70, has value 5.",
        "The final exception of Kayles, at heap size 69, has value 6.",
        "Dawson's Kayles settles into its period of 34 from heap size 50.",
        "Grundy's game gives a heap of 13 the value 2.",
        "Of the first twenty Kayles values, 30% are equal to 1.",
        "The excess for p = 19 is 3.",
        "Dawson's Kayles has period 34 and preperiod 52.",
        "The cube of ω in the nim sense is 4.",
    ]);
}

#[test]
fn tables_on_their_side_and_maps_of_the_operand_are_checked() {
    let sideways = |entry: &str| {
        format!(
            "The nim-squares from 8 to 11.\n\n| a | 8 | 9 | 10 | 11 |\n| --- | --- | --- | --- | --- |\n\
             | a ⊗ a | 13 | 12 | {entry} | 15 |\n| inverse | 10 | 6 | 8 | 7 |"
        )
    };
    let inverses = |entry: &str| {
        format!(
            "Inverses below 16:\n\n| a | inverse of a |\n| --- | --- |\n| 2 | 3 |\n| 6 | {entry} |"
        )
    };
    passes(&format!("{}\n\n{}", sideways("14"), inverses("9")));
    let wrong_inverse = sideways("14").replace("| 8 | 7 |", "| 8 | 6 |");
    for page in [sideways("15"), wrong_inverse, inverses("8")] {
        let site = page_site(&page);
        let err = site.build_err();
        assert!(err.contains("error[stale-claim]"), "{err}");
    }
}

#[test]
fn fermat_powers_named_in_words_are_checked() {
    passes(
        "Sixty-four is not a Fermat 2-power.\n\n\
         Sixteen and two hundred fifty-six are Fermat 2-powers.",
    );
    each_fails(&[
        "Sixty-four is a Fermat 2-power.",
        "Sixteen and two hundred are Fermat 2-powers.",
    ]);
}

#[test]
fn a_rule_stated_in_words_below_its_game_is_checked_beside_other_games() {
    let page = |moves: &str| {
        format!(
            "```{{define}}\n:upto: 100\ng(n) = mex{{ g(a) ⊕ g(n - a) : 0 < a < n - a }}\n```\n\n\
             ```{{define}}\n:upto: 100\nt(n) = mex{{ t(n - k) : k in {{2, 4, 7}}, k <= n }}\n```\n\n\
             In the subtraction game *t* a move takes {moves} tokens from one heap."
        )
    };
    passes(&page("two, four or seven"));
    let site = page_site(&page("two, four or six"));
    let err = site.build_err();
    assert!(err.contains("content/t.md:15:"), "{err}");
    assert!(err.contains("error[stale-claim]"), "{err}");
}

#[test]
fn a_game_spoken_of_above_the_block_that_defines_it_is_checked_there() {
    let page = |moves: &str, value: &str| {
        format!(
            "In the subtraction game *t* a move takes {moves} tokens from one heap, and \
             t(9) = {value}.\n\n\
             ```{{define}}\n:upto: 100\nt(n) = mex{{ t(n - k) : k in {{2, 4, 7}}, k <= n }}\n```\n"
        )
    };
    passes(&page("two, four or seven", "0"));
    for (moves, value) in [("two, four or six", "0"), ("two, four or seven", "1")] {
        let site = page_site(&page(moves, value));
        let err = site.build_err();
        assert!(err.contains("content/t.md:5:"), "{err}");
        assert!(err.contains("error[stale-claim]"), "{err}");
    }
    // A heap with no game named, above the first block, is still Nim's.
    let heap = |value: &str| {
        format!(
            "A heap of 5 has value {value}.\n\n\
             ```{{define}}\n:upto: 100\nt(n) = mex{{ t(n - k) : k in {{2, 4, 7}}, k <= n }}\n```\n"
        )
    };
    passes(&heap("5"));
    assert!(
        page_site(&heap("1"))
            .build_err()
            .contains("content/t.md:5:")
    );
}

#[test]
fn sums_and_lists_of_positions_degrees_and_laws_of_powers_in_words_are_checked() {
    passes(
        "The Kayles values of rows of 1, 2 and 3 pins are 1, 2 and 3.\n\n\
         In Kayles, rows of 1, 4 and 5 have values 1, 1 and 4 respectively.\n\n\
         In Kayles, rows of 4 and 5 together make a position worth 5.\n\n\
         A heap of 6 and a heap of 9 have nim-sum 15.\n\n\
         The heaps 3, 5 and 7 have a nim-sum of 1.\n\n\
         The element 4 has degree 4 over the two-element field.\n\n\
         Every nonzero nimber below 16 raised to the 15th power gives 1.\n\n\
         The nimbers below 4 form a field, but the nimbers below 8 do not.\n\n\
         The nimbers below 4 form a field, and so do those below 16.",
    );
    each_fails(&[
        "The Kayles values of rows of 1, 2 and 3 pins are 1, 2 and 4.",
        "In Kayles, rows of 1, 4 and 5 have values 1, 4 and 1 respectively.",
        "In Kayles, rows of 4 and 5 together make a position worth 4.",
        "A heap of 6 and a heap of 9 have nim-sum 14.",
        "The heaps 3, 5 and 6 have a nim-sum of 1.",
        "The element 4 has degree 2 over the two-element field.",
        "Every nonzero nimber below 16 raised to the 5th power gives 1.",
        "The nimbers below 4 form a field, but the nimbers below 16 do not.",
        "The nimbers below 4 form a field, and so do those below 8.",
    ]);
}

#[test]
fn values_at_sizes_roots_extremes_and_losing_sizes_in_words_are_checked() {
    let dawson = "```{octal}\n:code: 0.07\n:name: dawson\n:upto: 400\n:title: Dawson's Kayles\n```\n\n\
                  ```{define}\n:upto: 100\ns(n) = mex{ s(n - k) : k in {1, 2, 3}, k <= n }\n```";
    passes(&format!(
        "{dawson}\n\n\
         The value of Dawson's Kayles at 8 is 1.\n\n\
         Dawson's Kayles has value 0 at heap sizes 0, 1, 15 and 35.\n\n\
         The Grundy value of Dawson's Kayles for a heap of 8 is 1.\n\n\
         The first heap with value 4 in Dawson's Kayles has size 14.\n\n\
         The largest value Dawson's Kayles takes below 400 is 9.\n\n\
         The heap sizes below 20 that are lost for the player to move in this game are 0, 4, 8, 12 and 16.\n\n\
         The nimbers 2 and 3 are the two roots of x² + x + 1.\n\n\
         The roots of x² + x + 1 are 2 and 3.\n\n\
         The order of 3 in the nimbers is 3."
    ));
    fails_at(
        &format!(
            "{dawson}\n\n\
             The value of Dawson's Kayles at 8 is 2.\n\n\
             Dawson's Kayles has value 0 at heap sizes 0, 1, 15 and 36.\n\n\
             The Grundy value of Dawson's Kayles for a heap of 8 is 0.\n\n\
             The first heap with value 4 in Dawson's Kayles has size 13.\n\n\
             The largest value Dawson's Kayles takes below 400 is 8.\n\n\
             The heap sizes below 20 that are lost for the player to move in this game are 0, 4, 8, 12 and 17.\n\n\
             The nimbers 2 and 5 are the two roots of x² + x + 1.\n\n\
             The roots of x² + x + 1 are 2 and 4.\n\n\
             The order of 3 in the nimbers is 5."
        ),
        (17..=33).step_by(2),
    );
}

#[test]
fn how_often_each_value_appears_in_a_table_is_checked() {
    passes(
        "In the nim-sum table below 16, each value appears 16 times.\n\n\
         In the nim-product table below 16, every nonzero value appears exactly 15 times.",
    );
    each_fails(&[
        "In the nim-sum table below 16, each value appears 15 times.",
        "In the nim-product table below 8, every nonzero value appears exactly 7 times.",
        "In the nim-product table below 16, every nonzero value appears exactly 16 times.",
    ]);
}

#[test]
fn sums_ranges_plural_subjects_and_dead_heaps_in_words_are_checked() {
    passes(
        "The sum of 1, 2, 4 and 8 in Nim is 15.\n\n\
         The sum of 3 and 5 is 8.\n\n\
         The nim-sum of all the nimbers below 8 is 0.\n\n\
         Both 2 and 3 have order 3.\n\n\
         With heaps of 5, 9 and 12, the nim-sum is 0, so the second player wins.\n\n\
         In Grundy's game a heap of 2 is dead.",
    );
    each_fails(&[
        "The sum of 1, 2, 4 and 8 in Nim is 14.",
        "The sum of 3 and 5 is 7.",
        "The nim-sum of all the nimbers below 8 is 1.",
        "Both 2 and 4 have order 3.",
        "With heaps of 5, 9 and 13, the nim-sum is 0.",
        "In Grundy's game a heap of 3 is dead.",
    ]);
}

#[test]
fn games_named_by_one_letter_periods_after_a_heap_and_comparisons_of_positions_are_checked() {
    let games = "```{octal}\n:code: 0.77\n:name: kayles\n:upto: 300\n:title: Kayles\n:unit: row\n```\n\n\
                 ```{octal}\n:code: 0.137\n:name: chess\n:upto: 300\n:title: Dawson's chess\n```\n\n\
                 ```{define}\n:upto: 100\nu(n) = mex{ u(n - k) : k in {1, 3, 4}, k <= n }\n```";
    passes(&format!(
        "{games}\n\n\
         In the subtraction game u, the P-positions below 15 are 0, 2, 7, 9 and 14.\n\n\
         The values of u repeat 0, 1, 0, 1, 2, 3, 2 with period 7.\n\n\
         The values of u start 0, 1, 0, 1, 2, 3, 2.\n\n\
         The period of Dawson's chess is 34, and its preperiod is 52.\n\n\
         Kayles rows of 6 and 7 are worth 3 and 2.\n\n\
         A Kayles row of 11 is worth more than a row of 12.\n\n\
         Kayles has exactly one row below 100 with value 0.\n\n\
         The Kayles values become periodic with period 12 after heap 70."
    ));
    fails_at(
        &format!(
            "{games}\n\n\
             In the subtraction game u, the P-positions below 15 are 0, 2, 7, 9 and 13.\n\n\
             The values of u repeat 0, 1, 0, 1, 2, 3, 3 with period 7.\n\n\
             The values of u start 0, 1, 0, 1, 2, 3, 3.\n\n\
             The period of Dawson's chess is 34, and its preperiod is 51.\n\n\
             Kayles rows of 6 and 7 are worth 3 and 3.\n\n\
             A Kayles row of 12 is worth more than a row of 11.\n\n\
             Kayles has exactly two rows below 100 with value 0.\n\n\
             The Kayles values become periodic with period 12 after heap 71."
        ),
        (25..=39).step_by(2),
    );
}

#[test]
fn subfields_named_orders_that_divide_and_powers_in_the_nim_sense_are_checked() {
    passes(
        "The field with 16 elements contains the field with 4 elements as a subfield.\n\n\
         The multiplicative order of every nonzero element below 16 divides 15.\n\n\
         The Fermat 2-power 16 squared in the nim sense is 24.\n\n\
         ω cubed in the nim sense equals 2.",
    );
    each_fails(&[
        "The field with 16 elements contains the field with 8 elements as a subfield.",
        "The field below 256 does not contain the field with 16 elements.",
        "The multiplicative order of every nonzero element below 16 divides 5.",
        "The Fermat 2-power 16 squared in the nim sense is 256.",
        "ω cubed in the nim sense equals 3.",
    ]);
}

#[test]
fn values_listed_at_sizes_first_appearances_and_the_minimum_excluded_value_are_checked() {
    let dawson = "```{octal}\n:code: 0.07\n:name: dawson\n:upto: 200\n:title: Dawson's Kayles\n```";
    passes(&format!(
        "{dawson}\n\n\
         The values of Dawson's Kayles at 10, 11 and 12 are 3, 3 and 2.\n\n\
         The value 4 first appears at heap 14 in Dawson's Kayles.\n\n\
         The minimum excluded value of 0, 1, 2 and 3 is 4."
    ));
    fails_at(
        &format!(
            "{dawson}\n\n\
             The values of Dawson's Kayles at 10, 11 and 12 are 3, 3 and 3.\n\n\
             The value 4 first appears at heap 13 in Dawson's Kayles.\n\n\
             The minimum excluded value of 0, 1, 2 and 3 is 5."
        ),
        [12, 14, 16],
    );
    // Each claim is read once, though smart punctuation splits its text.
    let site = page_site(&format!(
        "{dawson}\n\nThe value 4 first appears at heap 14 in Dawson's Kayles."
    ));
    let built = site.build_ok();
    let claims = String::from_utf8_lossy(&built["claims.json"]).to_string();
    assert_eq!(claims.matches("\"dawson(14) = 4\"").count(), 1, "{claims}");
}
