//! Fuzzing regressions for the engine protocol: every input under
//! `tests/data/fuzz-regressions/engine_command/` is replayed through the
//! check the `engine_command` fuzz target runs (`fuzz_checks/mod.rs`).
//! See `docs/RELIABILITY.md`.

mod fuzz_checks;

use std::fs;
use std::path::PathBuf;

#[test]
fn engine_command_regressions() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz-regressions/engine_command");
    let mut n = 0;
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        let data = fs::read(&path).expect("readable input");
        let outcome = std::panic::catch_unwind(|| fuzz_checks::engine_command(&data));
        assert!(outcome.is_ok(), "{} fails again", path.display());
        n += 1;
    }
    assert!(n > 0, "no inputs in {}", dir.display());
}
