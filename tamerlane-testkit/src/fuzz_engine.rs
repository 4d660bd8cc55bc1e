//! The check behind the `engine_command` fuzz target (which calls it), shared with the regression tests so that a crash input replays
//! the same code under `cargo test`; see `docs/RELIABILITY.md`.

use tamerlane_ai::uci::{parse_command, Command, MAX_HASH_MIB, MAX_THREADS};

/// The engine protocol's command parser: any line is a command or an error
/// message, never a panic, and accepted commands respect the option limits.
pub fn engine_command(data: &[u8]) {
    // Lines as `uci::run` splits them.
    for raw in data.split(|&b| b == b'\n') {
        let line = String::from_utf8_lossy(raw);
        match parse_command(line.trim_end_matches('\r')) {
            Ok(Some(Command::Hash(mib))) => assert!((1..=MAX_HASH_MIB).contains(&mib)),
            Ok(Some(Command::Threads(n))) => assert!((1..=MAX_THREADS).contains(&n)),
            Ok(Some(Command::Position(p))) => {
                for pos in p.game().positions() {
                    assert_eq!(pos.hash(), pos.compute_hash());
                }
            }
            Ok(Some(Command::Go(limits))) => assert_ne!(limits.depth, Some(0)),
            Ok(_) => {}
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}
