//! Fuzzing regressions: every input under `tests/data/fuzz-regressions/TARGET/`
//! is replayed through the same check as the fuzz target `TARGET` (the code
//! in `fuzz_checks/mod.rs` is what the fuzz targets run). A crash found by a
//! campaign is fixed and its input added there; see `docs/RELIABILITY.md`.

mod fuzz_checks;

use std::fs;
use std::path::PathBuf;

/// The inputs kept for `target`, with their names; at least one per target.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz-regressions")
        .join(target);
    let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("directory entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&path).expect("readable input"))
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    files
}

fn replay(target: &str, check: fn(&[u8])) {
    for (name, data) in inputs(target) {
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{target}/{name} fails again");
    }
}

#[test]
fn tfen_roundtrip_regressions() {
    replay("tfen_roundtrip", fuzz_checks::tfen_roundtrip);
}

#[test]
fn move_parse_regressions() {
    replay("move_parse", fuzz_checks::move_parse);
}

#[test]
fn playout_regressions() {
    replay("playout", fuzz_checks::playout);
}

#[test]
fn record_reader_regressions() {
    replay("record_reader", fuzz_checks::record_reader);
}
