//! Evaluates positions with a net file: the game is the file's, the
//! positions (TFEN or FEN, one a line) come on stdin, and each line's
//! output in centipawns for the side to move goes to stdout (an error
//! line, `error: ...`, for a position that is refused). The Rust side of
//! `tools/nnue/reference.py check` (docs/ENGINE.md, "Networks (NNUE)").
//!
//! ```sh
//! cargo run -p tamerlane-ai --example nnue_eval -- NET < positions
//! ```

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use tamerlane_ai::nnue::{file_game, Network, NnueGame};
use tamerlane_core::{chess, makruk, tamerlane, Variant};

/// Evaluates each line of stdin with the net in `bytes`.
fn run<G: NnueGame>(bytes: &[u8]) -> Result<(), String> {
    let net = Network::<G>::from_bytes(bytes).map_err(|e| e.to_string())?;
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let written = match G::from_fen_with_rules(fen, Default::default()) {
            Ok(pos) => writeln!(out, "{}", net.evaluate_position(&pos)),
            Err(e) => writeln!(out, "error: {e}"),
        };
        written.map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: nnue_eval NET < positions");
        return ExitCode::from(2);
    };
    let result = std::fs::read(&path)
        .map_err(|e| format!("{path}: {e}"))
        .and_then(
            |bytes| match file_game(&bytes).map_err(|e| e.to_string())? {
                Variant::Tamerlane => run::<tamerlane::Position>(&bytes),
                Variant::Chess => run::<chess::Position>(&bytes),
                Variant::Makruk => run::<makruk::Position>(&bytes),
            },
        );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("nnue_eval: {e}");
            ExitCode::from(2)
        }
    }
}
