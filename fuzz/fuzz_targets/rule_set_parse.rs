//! Rule-set strings: any text gives a rule set or a typed error, never a
//! panic; an accepted string's canonical form parses back equal and is a
//! fixed point, and the preset's start array is selected exactly when the
//! string begins with the preset.
//!
//! The checks live in `tamerlane-testkit/src/fuzz_core.rs`, shared with
//! the regression tests.
#![no_main]

use libfuzzer_sys::fuzz_target;

use tamerlane_testkit::fuzz_core as checks;

fuzz_target!(|data: &[u8]| checks::rule_set_parse(data));
