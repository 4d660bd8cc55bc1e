//! The perft suite files of `tests/data` (blocks of a position, its rule
//! set and expected counts), read for the games' perft tests.

use std::fs;
use std::path::{Path, PathBuf};

use tamerlane_core::RuleSet;

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
