//! Checks that figures are byte-for-byte reproducible, match their committed goldens, do not
//! depend on the machine's fonts, escape their text and stay small.

use std::path::{Path, PathBuf};
use std::process::Command;

use proptest::prelude::*;

use nimsite::figure::{
    Board, CellCheck, CellShape, Grid, Heatmap, HeatmapStyle, Mark, MarkKind, Panel, Panels, board,
    heatmap, panels, permutation, svg_size,
};

/// Multiplies two nimbers below 2^16 by splitting at the Fermat 2-power F = 2^half, using
/// F ⊗ F = F ⊕ F/2. Test data only; the crate's own core is tested elsewhere.
fn nim_mul(a: u32, b: u32, bits: u32) -> u32 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let high = nim_mul(a1, b1, half);
    let cross = nim_mul(a1, b0, half) ^ nim_mul(a0, b1, half);
    let low = nim_mul(a0, b0, half) ^ nim_mul(high, 1 << (half - 1), half);
    ((high ^ cross) << half) | low
}

/// Builds the nim-multiplication table of side `n` (a power of two up to 256).
fn product_table(n: usize) -> Grid {
    let values = (0..n * n)
        .map(|i| nim_mul((i / n) as u32, (i % n) as u32, 8) as u16)
        .collect();
    Grid { size: n, values }
}

/// Describes a heatmap the way the essays do.
fn table_spec(grid: &Grid, numbers: bool) -> Heatmap<'_> {
    Heatmap {
        grid,
        title: format!("Nim-multiplication table, {0}×{0}", grid.size),
        desc: format!("Row a, column b holds a ⊗ b for a, b below {}.", grid.size),
        corners: [2, 4, 16].into_iter().filter(|&k| k <= grid.size).collect(),
        marks: vec![],
        numbers,
        axis_label: ("a".into(), "b".into()),
        style: Default::default(),
    }
}

/// Marks a derivation the way the essays do: 2 ⊗ 2 from the cells a'⊗2, 2⊗b', a'⊗b'.
fn derivation_marks() -> Vec<Mark> {
    let mut marks = vec![Mark {
        row: 2,
        col: 2,
        kind: MarkKind::Target,
    }];
    for (row, col) in [
        (0, 2),
        (1, 2),
        (2, 0),
        (2, 1),
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
    ] {
        marks.push(Mark {
            row,
            col,
            kind: MarkKind::Feeder,
        });
    }
    marks
}

/// Marks the 1-cells, whose coordinates are inverse pairs.
fn pair_marks(grid: &Grid) -> Vec<Mark> {
    let n = grid.size;
    let ones = grid.values.iter().enumerate().filter(|&(_, &v)| v == 1);
    ones.map(|(i, _)| Mark {
        row: i / n,
        col: i % n,
        kind: MarkKind::Pair,
    })
    .collect()
}

/// Returns the squares below `n` as a map.
fn squares(n: u32) -> Vec<u16> {
    (0..n).map(|x| nim_mul(x, x, 8) as u16).collect()
}

/// Builds a board whose method follows a simple pattern, with product values.
fn sample_board(n: usize) -> Board {
    let cells = (0..n * n)
        .map(|i| match (i / n, i % n) {
            (x, y) if x == 0 || y == 0 => CellCheck::Unchecked,
            (x, y) if x + y <= 4 => CellCheck::Both,
            (x, y) if x.max(y) <= 3 => CellCheck::Full,
            _ => CellCheck::Sum,
        })
        .collect();
    let values = (0..n * n).map(|i| nim_mul((i / n) as u32, (i % n) as u32, 8) as u16);
    Board {
        size: n,
        cells,
        values: Some(values.collect()),
        title: format!("Board of the 2D stone game, {n}×{n}"),
        desc: "Each cell shows x ⊗ y and which method checked it.".into(),
    }
}

/// Draws each figure kind at a small size, named for its golden file.
fn small_figures() -> Vec<(&'static str, String)> {
    let t4 = product_table(4);
    let mut derivation = table_spec(&t4, true);
    derivation.marks = derivation_marks();
    let mut pairs = table_spec(&t4, true);
    pairs.marks = pair_marks(&t4);
    pairs.marks.push(Mark {
        row: 3,
        col: 3,
        kind: MarkKind::Outline,
    });
    vec![
        ("heatmap-4", heatmap(&table_spec(&t4, true))),
        ("derivation-4", heatmap(&derivation)),
        ("pairs-4", heatmap(&pairs)),
        (
            "permutation-4",
            permutation(&squares(4), "Squares below 4", "x maps to x ⊗ x."),
        ),
        ("board-3", board(&sample_board(3))),
        ("panels-3", panels(&sample_panels(3, true))),
        ("log-4", heatmap(&log_spec(&t4))),
    ]
}

/// Builds coin boards of the 3-D product: one panel per z, coins (x, y) from 1, values
/// x ⊗ y ⊗ z, with the coin (1, 1) of each panel left empty.
fn sample_panels(n: usize, numbers: bool) -> Panels {
    let labels: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let panel = |z: usize| Panel {
        heading: format!("z = {z}"),
        rows: labels.clone(),
        cols: labels.clone(),
        cells: (0..n * n)
            .map(|i| {
                let (x, y) = (i / n + 1, i % n + 1);
                let v = nim_mul(nim_mul(x as u32, y as u32, 8), z as u32, 8) as u16;
                (i != 0).then_some(v)
            })
            .collect(),
    };
    Panels {
        title: "Coins of the 3-D product".into(),
        desc: "Panel z, row x, column y holds x ⊗ y ⊗ z.".into(),
        panels: (1..=n).map(panel).collect(),
        per_line: 4,
        shape: CellShape::Coin,
        numbers,
        axis_label: ("x".into(), "y".into()),
        note: format!("{n} panels"),
    }
}

/// Describes the table below 4 in logarithm order to base 2, coloured by logarithm.
fn log_spec(grid: &Grid) -> Heatmap<'_> {
    let mut spec = table_spec(grid, true);
    spec.corners.clear();
    spec.style = HeatmapStyle {
        fills: Some(vec![
            (0xDD, 0xDD, 0xDD),
            (200, 0, 0),
            (0, 200, 0),
            (0, 0, 200),
        ]),
        tips: Some(vec![
            "zero".into(),
            "2^0".into(),
            "2^1".into(),
            "2^2".into(),
        ]),
        ticks: Some(vec!["0".into(), "1".into(), "2".into(), "zero".into()]),
        separator: Some(3),
        legend: vec![("log 0".into(), (200, 0, 0))],
    };
    spec
}

/// Draws each figure kind at the size the site uses.
fn site_figures() -> Vec<(&'static str, String)> {
    let t16 = product_table(16);
    let t256 = product_table(256);
    let mut derivation = table_spec(&t16, true);
    derivation.marks = derivation_marks();
    let mut pairs = table_spec(&t16, true);
    pairs.marks = pair_marks(&t16);
    vec![
        ("table-16", heatmap(&table_spec(&t16, true))),
        ("table-256", heatmap(&table_spec(&t256, false))),
        ("derivation-16", heatmap(&derivation)),
        ("pairs-16", heatmap(&pairs)),
        (
            "squares-16",
            permutation(&squares(16), "Squares below 16", "x maps to x ⊗ x."),
        ),
        ("board-16", board(&sample_board(16))),
        ("panels-16", panels(&sample_panels(16, false))),
    ]
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("figures")
}

#[test]
fn drawing_twice_gives_identical_bytes() {
    let (first, second) = (site_figures(), site_figures());
    for ((name, a), (_, b)) in first.iter().zip(&second) {
        assert!(a == b, "{name} differs between two draws");
    }
}

#[test]
fn a_changed_value_changes_the_bytes() {
    // The byte comparisons above must be able to fail.
    let grid = product_table(4);
    let mut changed = grid.clone();
    changed.values[5] ^= 1;
    assert_ne!(
        heatmap(&table_spec(&grid, true)),
        heatmap(&table_spec(&changed, true))
    );
}

#[test]
fn small_figures_match_their_goldens() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1");
    for (name, svg) in small_figures() {
        let path = golden_dir().join(format!("{name}.svg"));
        if update {
            std::fs::write(&path, &svg).expect("write golden");
            continue;
        }
        let golden = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; run with UPDATE_GOLDEN=1", path.display()));
        assert!(golden == svg, "{name} differs from {}", path.display());
    }
}

#[test]
fn goldens_tell_kinds_apart() {
    // A golden comparison that any output could pass would be worthless.
    let figures = small_figures();
    for (i, (a, x)) in figures.iter().enumerate() {
        for (b, y) in &figures[i + 1..] {
            assert_ne!(x, y, "{a} and {b} are identical");
        }
    }
}

/// Names the environment variable that turns the test below into the child's role.
const CHILD_OUT: &str = "NIMSITE_FIGURE_CHILD_OUT";

#[test]
fn child_draws_into_directory_when_asked() {
    let figures = small_figures();
    assert!(figures.iter().all(|(_, svg)| svg.contains("role=\"img\"")));
    if let Some(dir) = std::env::var_os(CHILD_OUT) {
        for (name, svg) in figures {
            std::fs::write(Path::new(&dir).join(format!("{name}.svg")), svg).expect("write");
        }
    }
}

#[test]
fn empty_fontconfig_and_home_give_the_same_bytes() {
    let home = tempfile::tempdir().expect("temp home");
    let out = tempfile::tempdir().expect("temp out");
    let child = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            "figures::child_draws_into_directory_when_asked",
            "--test-threads=1",
        ])
        .env_clear()
        .env("HOME", home.path())
        .env("FONTCONFIG_FILE", "/dev/null")
        .env("FONTCONFIG_PATH", home.path())
        .env("XDG_DATA_HOME", home.path())
        .env(CHILD_OUT, out.path())
        .output()
        .expect("run child");
    assert!(
        child.status.success(),
        "{}",
        String::from_utf8_lossy(&child.stdout)
    );
    for (name, svg) in small_figures() {
        let drawn = std::fs::read_to_string(out.path().join(format!("{name}.svg")))
            .unwrap_or_else(|e| panic!("{name} not written by the child: {e}"));
        assert!(drawn == svg, "{name} differs in a bare environment");
    }
}

#[test]
fn title_and_desc_are_escaped() {
    let grid = product_table(2);
    let mut spec = table_spec(&grid, true);
    spec.title = "<script>alert('x')</script> & \"q\"".into();
    spec.desc = "a < b > c".into();
    let svg = heatmap(&spec);
    assert!(svg.contains(
        "<title id=\"title\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;</title>"
    ));
    assert!(svg.contains("<desc id=\"desc\">a &lt; b &gt; c</desc>"));
    assert!(!svg.contains("<script>"));
    let board_svg = board(&Board {
        title: "x & y".into(),
        ..sample_board(2)
    });
    assert!(board_svg.contains("<title id=\"title\">x &amp; y</title>"));
    let perm = permutation(&[0], "<t>", "<d>");
    assert!(perm.contains("&lt;t&gt;") && perm.contains("&lt;d&gt;"));
}

#[test]
fn full_table_stays_under_two_megabytes() {
    const LIMIT: usize = 2 * 1024 * 1024;
    let grid = product_table(256);
    let svg = heatmap(&table_spec(&grid, false));
    assert!(svg.len() < LIMIT, "{} bytes", svg.len());
    // One path per value, not one shape per cell.
    assert_eq!(svg.matches("<path").count(), 256);
    assert!(svg.matches("<rect").count() < 16);
    // The same bound catches a per-cell drawing: 65,536 rectangles are far larger.
    let per_cell = "<rect x=\"000\" y=\"000\" width=\"2\" height=\"2\" fill=\"#000000\"/>\n";
    assert!(per_cell.len() * grid.values.len() > LIMIT);
}

#[test]
fn every_figure_has_role_title_desc_and_view_box() {
    for (name, svg) in site_figures().into_iter().chain(small_figures()) {
        let (w, h) = svg_size(&svg).unwrap_or_else(|| panic!("{name} lacks a size"));
        assert!(svg.contains(&format!("viewBox=\"0 0 {w} {h}\"")), "{name}");
        for needle in ["role=\"img\"", "<title id=\"title\">", "<desc id=\"desc\">"] {
            assert!(svg.contains(needle), "{name} lacks {needle}");
        }
        assert!(!svg.contains("figure not drawn"), "{name} fell back");
    }
}

#[test]
fn product_helper_agrees_with_the_mex_definition() {
    // The test data above must be the real table; check it against mex below 16.
    let n = 16usize;
    let mut table = vec![0u32; n * n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = [false; 16];
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = table[a2 * n + b] ^ table[a * n + b2] ^ table[a2 * n + b2];
                    seen[v as usize] = true;
                }
            }
            table[a * n + b] = seen.iter().position(|&s| !s).unwrap_or(16) as u32;
        }
    }
    for (i, &v) in table.iter().enumerate() {
        assert_eq!(nim_mul((i / n) as u32, (i % n) as u32, 8), v);
    }
}

/// Holds the random parts of a heatmap spec: grid, corners, marks and the numbers flag.
type HeatmapParts = (Grid, Vec<usize>, Vec<(usize, usize, u8)>, bool);

/// Builds a heatmap spec from loosely related random parts, often inconsistent on purpose.
fn arbitrary_heatmap() -> impl Strategy<Value = HeatmapParts> {
    (0usize..40, any::<bool>()).prop_flat_map(|(n, exact)| {
        let len = if exact {
            n * n..n * n + 1
        } else {
            0..n * n + 3
        };
        (
            proptest::collection::vec(any::<u16>(), len),
            proptest::collection::vec(0usize..45, 0..4),
            proptest::collection::vec((0usize..45, 0usize..45, 0u8..4), 0..6),
            any::<bool>(),
        )
            .prop_map(move |(values, corners, marks, numbers)| {
                (Grid { size: n, values }, corners, marks, numbers)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn prop_heatmap_never_panics((grid, corners, marks, numbers) in arbitrary_heatmap()) {
        let kinds = [MarkKind::Target, MarkKind::Feeder, MarkKind::Pair, MarkKind::Outline];
        let marks = marks
            .into_iter()
            .map(|(row, col, k)| Mark { row, col, kind: kinds[usize::from(k)] })
            .collect();
        let spec = Heatmap { corners, marks, numbers, ..table_spec(&grid, numbers) };
        let svg = heatmap(&spec);
        prop_assert!(svg.contains("role=\"img\"") && svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn prop_permutation_never_panics(values in proptest::collection::vec(0u16..80, 0..70)) {
        let svg = permutation(&values, "t", "d");
        let valid = !values.is_empty()
            && values.len() <= 64
            && values.iter().all(|&v| usize::from(v) < values.len());
        prop_assert_eq!(svg.contains("figure not drawn"), !valid);
    }

    #[test]
    fn prop_board_never_panics(n in 0usize..36, extra in 0usize..3, with_values: bool) {
        let kinds = [CellCheck::Unchecked, CellCheck::Full, CellCheck::Sum, CellCheck::Both];
        let cells = (0..n * n + extra).map(|i| kinds[i % 4]).collect();
        let values = with_values.then(|| vec![7; n * n]);
        let spec = Board { size: n, cells, values, title: "t".into(), desc: "d".into() };
        let svg = board(&spec);
        let valid = (1..=32).contains(&n) && extra == 0;
        prop_assert_eq!(svg.contains("figure not drawn"), !valid);
    }
}
