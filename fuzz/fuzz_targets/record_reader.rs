//! The game-record reader: any bytes give games or typed errors (never a
//! panic), and every game read writes out as text that reads back equal.
//!
//! The checks live in `crates/tamerlane-core/tests/fuzz_checks/mod.rs`, shared with
//! the regression tests.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/tamerlane-core/tests/fuzz_checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::record_reader(data));
