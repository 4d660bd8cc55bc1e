//! Fuzzing regressions for the engine protocol: every input under
//! `tests/data/fuzz-regressions/engine_command/` is replayed through the
//! check the `engine_command` fuzz target runs
//! (`tamerlane_testkit::fuzz_engine`). See `docs/RELIABILITY.md`.

use std::path::PathBuf;

use tamerlane_testkit::{fuzz_engine, replay_regressions};

#[test]
fn engine_command_regressions() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz-regressions/engine_command");
    replay_regressions(&dir, fuzz_engine::engine_command);
}
