//! The engine protocol's command parser: any line is a command or an error
//! message, never a panic, and accepted commands respect the option limits.
//!
//! The checks live in `crates/tamerlane-ai/tests/fuzz_checks/mod.rs`, shared with
//! the regression tests.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/tamerlane-ai/tests/fuzz_checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::engine_command(data));
