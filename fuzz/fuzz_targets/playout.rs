//! Random playouts under a random rule set driven by the fuzzer's bytes,
//! checking play/undo, hash, the end of the game and the legal moves
//! against the independent oracle as it goes.
//!
//! The first six bytes give the rule set
//! (`tamerlane_testkit::rule_sets::rule_set_from_bytes`); the game starts
//! from its start array. Then each byte is one step: `0xFF` takes a move
//! back, anything else plays the legal move it indexes (modulo the number
//! of legal moves), which an ended game must refuse.
//!
//! The checks live in `tamerlane-testkit/src/fuzz_core.rs`, shared with
//! the regression tests.
#![no_main]

use libfuzzer_sys::fuzz_target;

use tamerlane_testkit::fuzz_core as checks;

fuzz_target!(|data: &[u8]| checks::playout(data));
