//! The rules crate's integration tests, one binary with a module per
//! subject (`cargo test -p tamerlane-core --test it`).

mod api;
mod decisions;
mod fuzz_regressions;
mod invariants;
mod limits;
mod notation;
mod perft_suites;
mod records;
mod rule_invariants;
mod rule_options;
mod rule_sets;
mod rules;
