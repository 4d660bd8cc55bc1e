//! Random playouts driven by the fuzzer's bytes, checking play/undo, hash
//! and legality invariants on every step.
//!
//! Each byte is one step: `0xFF` takes a move back, anything else plays the
//! legal move it indexes (modulo the number of legal moves).
//!
//! The checks live in `tamerlane-testkit/src/fuzz_core.rs`, shared with
//! the regression tests.
#![no_main]

use libfuzzer_sys::fuzz_target;

use tamerlane_testkit::fuzz_core as checks;

fuzz_target!(|data: &[u8]| checks::playout(data));
