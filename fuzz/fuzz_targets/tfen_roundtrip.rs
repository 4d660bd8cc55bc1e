//! TFEN parse -> format -> parse, under the default rules and under a
//! random rule set: any text the parser accepts formats to a canonical TFEN
//! that parses back to the same thing, formatting is a fixed point, and
//! every valid position's legal moves are the independent oracle's.
//!
//! Input: the text, optionally followed by a 0xFF byte and the bytes of a
//! rule set (`tamerlane_testkit::rule_sets::rule_set_from_bytes`).
//!
//! The checks live in `tamerlane-testkit/src/fuzz_core.rs`, shared with
//! the regression tests.
#![no_main]

use libfuzzer_sys::fuzz_target;

use tamerlane_testkit::fuzz_core as checks;

fuzz_target!(|data: &[u8]| checks::tfen_roundtrip(data));
