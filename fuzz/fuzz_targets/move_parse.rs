//! Coordinate and algebraic move parsing against random reachable positions.
//!
//! Input: byte 0 is the number of plies to play from the initial position;
//! the next that many bytes choose each ply's move among the legal ones;
//! the rest is the move text to parse there. Whatever the text, both
//! parsers return a legal move or an error, and every legal move's SAN and
//! coordinate string parse back to it.
//!
//! The checks live in `tamerlane-testkit/src/fuzz_core.rs`, shared with
//! the regression tests.
#![no_main]

use libfuzzer_sys::fuzz_target;

use tamerlane_testkit::fuzz_core as checks;

fuzz_target!(|data: &[u8]| checks::move_parse(data));
