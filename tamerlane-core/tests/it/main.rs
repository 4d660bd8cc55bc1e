//! The rules crate's integration tests, one binary with a module per
//! subject (`cargo test -p tamerlane-core --test it`), laid out as the crate
//! is: a folder per game with the same file for the same subject (`rules`,
//! `notation`, `perft`, `invariants`, `records`, and each game's options),
//! and at the root what the games share.

mod chess;
mod fuzz_regressions;
mod limits;
mod makruk;
mod suite_files;
mod tamerlane;
