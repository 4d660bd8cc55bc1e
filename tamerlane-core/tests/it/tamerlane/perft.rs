//! Tamerlane's perft suites: `tests/data/*.perft` and, under rule options,
//! `tests/data/rules/*.perft` (depth 5 of the initial position is in
//! `rules.rs`).
//!
//! A suite file holds blocks separated by blank lines:
//!
//! ```text
//! name pp-transfer
//! why stage 2 pawn waiting with f3 empty: transfer
//! tfen 4PP6/11/11/11/5k5/11/11/11/K10/11 w - 20 0 1
//! perft 1 6
//! perft 2 48
//! ```
//!
//! A block may also name its rule set (`rules seed-001`, section 9 syntax);
//! the position is its `tfen` line under those rules. Lines starting with
//! `#` are comments. The expected counts come from docs/RULES.md or from the
//! independent reference implementation (see each file).

use std::fs;
use std::path::PathBuf;

use tamerlane_core::perft;
use tamerlane_core::tamerlane::Position;

use crate::suite_files::{parse_suite, suite_files};

#[test]
fn perft_suites() {
    run_suites(suite_files(""), 40);
}

/// The rule options' suites (tools/reference/rule_perft.py): every block
/// under its own rule set.
#[test]
fn perft_suites_under_rule_options() {
    run_suites(suite_files("rules"), 40);
}

fn run_suites(files: Vec<PathBuf>, at_least: usize) {
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in files {
        for case in parse_suite(&fs::read_to_string(&file).unwrap()) {
            let pos = Position::from_tfen_with_rules(&case.tfen, case.rules)
                .unwrap_or_else(|e| panic!("{}: {e}", case.name));
            assert!(!case.counts.is_empty(), "{}: no counts", case.name);
            for &(depth, expected) in &case.counts {
                let got = perft(&pos, depth);
                checked += 1;
                if got != expected {
                    failures.push(format!(
                        "{} ({}): perft {depth} = {got}, expected {expected}",
                        case.name,
                        file.file_name().unwrap().to_string_lossy()
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    assert!(checked > at_least, "only {checked} counts checked");
}
