//! Runs the perft suites in `tests/data/*.perft` and, under rule options,
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
//! `#` are comments. The expected counts come from the spec or from the
//! independent reference implementation (see each file).

use std::fs;
use std::path::{Path, PathBuf};

use tamerlane_core::tamerlane::Position;
use tamerlane_core::{perft, RuleSet};

/// One block of a suite file: a position (`tfen`, or `fen` for the sibling
/// games) with its rule set and expected counts.
pub(crate) struct Case {
    pub(crate) name: String,
    pub(crate) tfen: String,
    pub(crate) rules: RuleSet,
    pub(crate) counts: Vec<(u32, u64)>,
}

/// Reads the blocks of a suite file.
pub(crate) fn parse_suite(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut cur: Option<Case> = None;
    for line in text.lines().map(str::trim) {
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            cases.extend(cur.take());
            continue;
        }
        let (key, value) = line.split_once(' ').expect("`key value` line");
        let case = cur.get_or_insert_with(|| Case {
            name: String::new(),
            tfen: String::new(),
            rules: RuleSet::DEFAULT,
            counts: Vec::new(),
        });
        match key {
            "name" => case.name = value.to_owned(),
            "why" => {}
            "tfen" | "fen" => case.tfen = value.to_owned(),
            "rules" => case.rules = value.parse().expect("a rule set"),
            "perft" => {
                let (d, n) = value.split_once(' ').expect("`perft DEPTH COUNT`");
                case.counts.push((d.parse().unwrap(), n.parse().unwrap()));
            }
            other => panic!("unknown key {other:?} in suite"),
        }
    }
    cases.extend(cur);
    cases
}

/// The `.perft` files of `tests/data/SUB`, sorted.
pub(crate) fn suite_files(sub: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(sub);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    assert!(files.len() >= 2, "suite files missing in {}", dir.display());
    files
}

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
