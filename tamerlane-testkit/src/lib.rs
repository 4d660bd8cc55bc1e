//! Test support shared by the workspace's test suites, benches, examples
//! and the fuzz targets (`fuzz/`). Not published: nothing here is part of
//! the libraries' API.
//!
//! - [`fuzz_core`] and `fuzz_engine` (feature `engine`): the checks each
//!   fuzz target runs, replayed on the kept regression inputs by
//!   [`replay_regressions`], so a crash input runs exactly the same code
//!   under `cargo test`.
//! - [`verify`]: brute-force (exhaustive) checks, independent of the
//!   search, for the tactics suite and for finding test positions (the
//!   material count of its fork check uses the engine's piece values:
//!   feature `engine`).
//! - [`rule_sets`]: random rule sets (docs/RULES.md, section 9) from bytes,
//!   and as a proptest strategy with the feature `proptest`.
//! - [`spec_oracle`]: the legal moves, the effect of a move and the end
//!   of the game, enumerated plainly from docs/RULES.md's words, for the
//!   property tests and the fuzz checks to compare the rules crate with;
//!   [`position_checks`]: the assertions about one position (agreement
//!   with the oracle, the colour mirror, TFEN and rules round trip) both
//!   make.
//! - [`Rng`]: the one small seeded generator the tests use (the rules
//!   crate's [`tamerlane_core::Rng`], which `tamerlane_ai::Rng` is too).
//!
//! # Features
//! - `proptest`: the proptest strategies of [`rule_sets`].
//! - `engine`: what needs the engine crate `tamerlane-ai` (the module
//!   `fuzz_engine`, `verify::material_gain` and `verify::FORK_GAIN`, and
//!   the engine README's doctest). Off by default, so that the rules
//!   crate's tests build without the engine; the engine's tests and the
//!   `engine_command` fuzz target turn it on.

pub mod fuzz_core;
#[cfg(feature = "engine")]
pub mod fuzz_engine;
pub mod position_checks;
pub mod rule_sets;
pub mod spec_oracle;
pub mod verify;

use std::fs;
use std::path::Path;

pub use tamerlane_core::Rng;

/// Replays every input kept in `dir` (a `tests/data/fuzz-regressions/TARGET`
/// folder) through `check`, which panics on a broken invariant. Panics,
/// naming the input, if one fails again, and if `dir` holds no input.
pub fn replay_regressions(dir: &Path, check: fn(&[u8])) {
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    for path in files {
        let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{} fails again", path.display());
    }
}

/// The `tamerlane-ai` README's example, compiled and run as a doctest here
/// (the engine crate's own `lib.rs` does not include it), with the feature
/// `engine` (as `make test` runs the doctests: `--all-features`).
#[cfg(all(doctest, feature = "engine"))]
#[doc = include_str!("../../tamerlane-ai/README.md")]
mod ai_readme {}
