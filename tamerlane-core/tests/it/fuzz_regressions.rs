//! Fuzzing regressions: every input under `tests/data/fuzz-regressions/TARGET/`
//! is replayed through the same check as the fuzz target `TARGET` (the code
//! in `tamerlane_testkit::fuzz_core` is what the fuzz targets run). A crash
//! found by a campaign is fixed and its input added there; see
//! `docs/RELIABILITY.md`.

use std::path::PathBuf;

use tamerlane_testkit::{fuzz_core, replay_regressions};

fn replay(target: &str, check: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz-regressions")
        .join(target);
    replay_regressions(&dir, check);
}

#[test]
fn tfen_roundtrip_regressions() {
    replay("tfen_roundtrip", fuzz_core::tfen_roundtrip);
}

#[test]
fn move_parse_regressions() {
    replay("move_parse", fuzz_core::move_parse);
}

#[test]
fn playout_regressions() {
    replay("playout", fuzz_core::playout);
}

#[test]
fn rule_set_parse_regressions() {
    replay("rule_set_parse", fuzz_core::rule_set_parse);
}

#[test]
fn record_reader_regressions() {
    replay("record_reader", fuzz_core::record_reader);
}
