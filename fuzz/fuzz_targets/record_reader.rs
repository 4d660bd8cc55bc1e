//! The game-record reader: any bytes give games or typed errors (never a
//! panic), and every game read writes out as text that reads back equal.
//!
//! The checks live in `tamerlane-testkit/src/fuzz_core.rs`, shared with
//! the regression tests.
#![no_main]

use libfuzzer_sys::fuzz_target;

use tamerlane_testkit::fuzz_core as checks;

fuzz_target!(|data: &[u8]| checks::record_reader(data));
