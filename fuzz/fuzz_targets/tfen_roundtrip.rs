//! TFEN parse -> format -> parse: any text the parser accepts formats to a
//! canonical TFEN that parses back to the same thing, and formatting is a
//! fixed point from then on.
//!
//! The checks live in `tamerlane-testkit/src/fuzz_core.rs`, shared with
//! the regression tests.
#![no_main]

use libfuzzer_sys::fuzz_target;

use tamerlane_testkit::fuzz_core as checks;

fuzz_target!(|data: &[u8]| checks::tfen_roundtrip(data));
