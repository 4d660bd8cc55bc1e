//! The rules crate's integration tests, one binary with a module per
//! subject (`cargo test -p tamerlane-core --test it`).

mod api;
mod chess;
mod chess_notation;
mod chess_perft;
mod chess_props;
mod decisions;
mod fuzz_regressions;
mod invariants;
mod limits;
mod makruk;
mod notation;
mod perft_suites;
mod records;
mod rule_invariants;
mod rule_options;
mod rule_sets;
mod rules;
mod sibling_records;
