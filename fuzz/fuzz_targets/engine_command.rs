//! The engine protocol's command parser: any line is a command or an error
//! message, never a panic, and accepted commands respect the option limits.
//!
//! The checks live in `tamerlane-testkit/src/fuzz_engine.rs`, shared with
//! the regression tests.
#![no_main]

use libfuzzer_sys::fuzz_target;

use tamerlane_testkit::fuzz_engine as checks;

fuzz_target!(|data: &[u8]| checks::engine_command(data));
