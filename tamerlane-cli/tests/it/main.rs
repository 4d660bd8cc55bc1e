//! The command-line tool's integration tests, one binary with a module per
//! subject (`cargo test -p tamerlane-cli --test it`). They run the built
//! `tamerlane` binary as a user would.

mod cli;
mod cli_chess;
mod cli_limits;
mod cli_makruk;
mod datagen;
mod engine_games;
mod eval_file;
mod match_external;
mod match_siblings;
mod serve;
mod serve_client;
mod serve_fuzz;
