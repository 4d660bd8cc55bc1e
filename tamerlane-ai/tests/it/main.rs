//! The engine crate's integration tests, one binary with a module per
//! subject (`cargo test -p tamerlane-ai --test it`).

mod datagen_binary;
mod fuzz_regressions;
mod multipv;
mod nnue_search;
mod protocol_limits;
mod protocol_rules;
mod search;
mod sibling_games;
mod stop_short_iterations;
mod tactics;
