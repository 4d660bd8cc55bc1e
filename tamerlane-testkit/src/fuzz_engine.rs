//! The check behind the `engine_command` fuzz target (which calls it), shared with the regression tests so that a crash input replays
//! the same code under `cargo test`; see `docs/RELIABILITY.md`.

use tamerlane_ai::uci::{parse_command_in, Command, MAX_HASH_MIB, MAX_THREADS};
use tamerlane_ai::{AnyGame, Variant};

/// The engine protocol's command parser, under each game: any line is a
/// command or an error message, never a panic, and accepted commands
/// respect the option limits.
pub fn engine_command(data: &[u8]) {
    // Lines as `uci::run` splits them.
    for raw in data.split(|&b| b == b'\n') {
        let line = String::from_utf8_lossy(raw);
        for variant in Variant::ALL {
            command_line(line.trim_end_matches('\r'), variant);
        }
    }
}

/// One line, parsed as the session of `variant` parses it.
fn command_line(line: &str, variant: Variant) {
    {
        match parse_command_in(line, variant.default_rules()) {
            Ok(Some(Command::Hash(mib))) => assert!((1..=MAX_HASH_MIB).contains(&mib)),
            Ok(Some(Command::Threads(n))) => assert!((1..=MAX_THREADS).contains(&n)),
            Ok(Some(Command::Position(p))) => match p.game() {
                AnyGame::Tamerlane(g) => {
                    for pos in g.positions() {
                        assert_eq!(pos.hash(), pos.compute_hash());
                    }
                }
                AnyGame::Chess(g) => {
                    for pos in g.positions() {
                        assert_eq!(pos.hash(), pos.compute_hash());
                    }
                }
                AnyGame::Makruk(g) => {
                    for pos in g.positions() {
                        assert_eq!(pos.hash(), pos.compute_hash());
                    }
                }
            },
            Ok(Some(Command::Go(limits))) => assert_ne!(limits.depth, Some(0)),
            Ok(_) => {}
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}
