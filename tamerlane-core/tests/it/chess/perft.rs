//! Chess perft suites: `tests/data/chess/perft.epd` (published counts,
//! confirmed with Stockfish; see the file's header), with colour symmetry
//! and the move-building paths checked against bulk counting.

use std::fs;
use std::path::Path;

use tamerlane_core::chess::{divide, perft, Position};

/// Counts up to this run in the normal test run; the rest in the ignored test.
const NORMAL_RUN_LIMIT: u64 = 5_000_000;

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite() -> Vec<Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/chess/perft.epd");
    let text = fs::read_to_string(&path).unwrap();
    let mut cases = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_owned();
        let counts = parts
            .map(|p| {
                let (d, n) = p.trim().split_once(' ').expect("`;Dn COUNT`");
                let d = d.strip_prefix('D').expect("depth as Dn");
                (d.parse().unwrap(), n.parse().unwrap())
            })
            .collect();
        cases.push(Case { fen, counts });
    }
    assert!(cases.len() >= 30, "suite too short: {}", cases.len());
    cases
}

fn run(selected: impl Fn(u64) -> bool) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in suite() {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.counts {
            if !selected(expected) {
                continue;
            }
            let got = perft(&pos, depth);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{} depth {depth}: {got}, expected {expected}",
                    case.fen
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    checked
}

#[test]
fn perft_suite_up_to_five_million() {
    let checked = run(|n| n <= NORMAL_RUN_LIMIT);
    assert!(checked >= 140, "only {checked} counts checked");
}

#[test]
#[ignore = "about 900 million leaves: run with --release -- --ignored"]
fn perft_suite_deep() {
    // Start depth 6 (119,060,324), Kiwipete depth 5 (193,690,690), ...
    run(|n| n > NORMAL_RUN_LIMIT);
}

#[test]
fn mirrored_positions_have_equal_perft() {
    for case in suite() {
        let pos = Position::from_fen(&case.fen).unwrap();
        let mirrored = pos.mirror();
        assert_eq!(mirrored.mirror(), pos, "{}", case.fen);
        let depth = case
            .counts
            .iter()
            .filter(|&&(_, n)| n <= 100_000)
            .map(|&(d, _)| d)
            .max()
            .unwrap_or(1);
        assert_eq!(perft(&mirrored, depth), perft(&pos, depth), "{}", case.fen);
    }
}

#[test]
fn move_lists_agree_with_bulk_counts() {
    // The moves built one by one (legal_moves), the move sets and the
    // bulk count must agree in every position two plies into each case.
    for case in suite() {
        let pos = Position::from_fen(&case.fen).unwrap();
        for (m, n) in divide(&pos, 2) {
            let mut child = pos;
            child.play_unchecked(&m);
            assert_eq!(child.legal_moves().len() as u64, n, "{} {m}", case.fen);
            assert_eq!(child.count_legal() as u64, n, "{} {m}", case.fen);
            for grandchild in child.legal_moves().iter() {
                let mut g = child;
                g.play_unchecked(grandchild);
                assert_eq!(
                    g.legal_moves().len(),
                    g.count_legal(),
                    "{} {m} {grandchild}",
                    case.fen
                );
            }
        }
    }
}
