//! The perft suites of `tests/data/makruk/*.perft` (counts from
//! Fairy-Stockfish), on each position and on its colour-swapped mirror,
//! and the start position split by root move.

use std::fs;

use tamerlane_core::makruk::{divide, perft, Position};

use crate::suite_files::{parse_suite, suite_files};

/// Checks every count of every suite up to `max_depth` plies; returns how
/// many counts were checked.
fn run_suites(max_depth: u32) -> usize {
    let files = suite_files("makruk");
    assert_eq!(files.len(), 2, "suite files: {files:?}");
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in files {
        for case in parse_suite(&fs::read_to_string(&file).unwrap()) {
            let pos =
                Position::from_fen(&case.tfen).unwrap_or_else(|e| panic!("{}: {e}", case.name));
            let mirror = pos.mirror();
            for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= max_depth) {
                for (side, p) in [("", &pos), (" (mirror)", &mirror)] {
                    let got = perft(p, depth);
                    checked += 1;
                    if got != expected {
                        failures.push(format!(
                            "{}{side}: perft {depth} = {got}, expected {expected}",
                            case.name
                        ));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

#[test]
fn perft_suites_to_depth_5() {
    let checked = run_suites(5);
    assert!(checked >= 100, "only {checked} counts checked");
}

/// Depth 6 of the start position (142,078,049): run it in release with
/// `cargo test --release -p tamerlane-core --test it makruk -- --ignored`.
#[test]
#[ignore = "slow in debug builds; run in release"]
fn perft_suites_to_depth_6() {
    run_suites(6);
}

#[test]
fn start_divide_matches_fairy_stockfish() {
    // Fairy-Stockfish 11.1 `go perft 3` from the start: each root move with
    // its count.
    let expected = [
        ("a1a2", 690),
        ("a3a4", 575),
        ("b1d2", 529),
        ("b3b4", 530),
        ("c1b2", 506),
        ("c1c2", 460),
        ("c1d2", 437),
        ("c3c4", 553),
        ("d1c2", 506),
        ("d1d2", 460),
        ("d1e2", 483),
        ("d3d4", 530),
        ("e1d2", 460),
        ("e1f2", 506),
        ("e3e4", 530),
        ("f1e2", 437),
        ("f1f2", 437),
        ("f1g2", 483),
        ("f3f4", 553),
        ("g1e2", 552),
        ("g3g4", 530),
        ("h1h2", 690),
        ("h3h4", 575),
    ];
    let got: Vec<(String, u64)> = divide(&Position::new(), 3)
        .into_iter()
        .map(|(m, n)| (m.to_string(), n))
        .collect();
    let want: Vec<(String, u64)> = expected.iter().map(|&(m, n)| (m.to_owned(), n)).collect();
    assert_eq!(got, want);
    assert_eq!(want.iter().map(|(_, n)| n).sum::<u64>(), 12_012);
    assert!(divide(&Position::new(), 0).is_empty());
    assert_eq!(perft(&Position::new(), 0), 1);
}
