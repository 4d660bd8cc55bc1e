//! The command line's glue over a game of any of the three ([`AnyGame`]):
//! the game from a `--fen` and moves, a move as UCI or SAN, the sorted
//! moves and the outcome as the commands print them.

use std::path::Path;

use tamerlane_ai::datagen::Book;
use tamerlane_ai::{AnyFenError, AnyGame, AnyRules};

use tamerlane_core::{chess, makruk, tamerlane, Position};

/// The legal moves of the current position, sorted, on one line.
pub fn sorted_moves(game: &AnyGame) -> String {
    let mut moves = game.legal_moves();
    moves.sort();
    moves.join(" ")
}

/// The start of a game under `rules`: the position text given (TFEN for
/// Tamerlane, FEN for chess and Makruk), or the rules' start position.
pub fn start(fen: Option<&str>, rules: AnyRules) -> Result<AnyGame, String> {
    match fen {
        None => Ok(AnyGame::new(rules)),
        Some(f) => AnyGame::from_fen(rules, f.trim()).map_err(fen_error),
    }
}

/// The book of start positions in the file `path` (`--openings` of
/// `datagen` and `match`), read under `rules`: an error names the file and
/// the first bad line.
pub fn read_book(path: &Path, rules: AnyRules) -> Result<Book, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("--openings {}: {e}", path.display()))?;
    Book::parse(&text, rules).map_err(|e| format!("--openings {}: {e}", path.display()))
}

/// A bad position text's message, as each game's reader words it.
fn fen_error(e: AnyFenError) -> String {
    match e {
        AnyFenError::Tamerlane(e) => e.to_string(),
        AnyFenError::Chess(e) => e.to_string(),
        AnyFenError::Makruk(e) => e.to_string(),
    }
}

/// The position text (TFEN or FEN) after playing `mv` (UCI) in the
/// position `fen` under `rules`. The move is judged on the position alone,
/// as the position's own `play` does (no game history, no game-end check).
pub fn apply(fen: &str, mv: &str, rules: AnyRules) -> Result<String, String> {
    match rules {
        AnyRules::Tamerlane(r) => apply_in::<tamerlane::Position>(fen, mv, r),
        AnyRules::Chess(r) => apply_in::<chess::Position>(fen, mv, r),
        AnyRules::Makruk(r) => apply_in::<makruk::Position>(fen, mv, r),
    }
}

/// [`apply`] in the game `P`.
fn apply_in<P: Position>(fen: &str, mv: &str, rules: P::Rules) -> Result<String, String> {
    let mut pos = P::from_fen_with_rules(fen.trim(), rules).map_err(|e| e.to_string())?;
    pos.play_str(mv).map_err(|e| e.to_string())?;
    Ok(pos.to_fen())
}

/// The game made of `moves` (UCI) from the start. A move that cannot be
/// played (or comes after the end of the game) is an error naming it and
/// its number.
pub fn game_after(
    fen: Option<&str>,
    rules: AnyRules,
    moves: &[impl AsRef<str>],
) -> Result<AnyGame, String> {
    let mut game = start(fen, rules)?;
    for (i, m) in moves.iter().enumerate() {
        let m = m.as_ref();
        game.play_uci(m)
            .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
    }
    Ok(game)
}

/// `none`, or the outcome as `<white|black|draw> <termination>`.
pub fn outcome_text(game: &AnyGame) -> String {
    let outcome = match game {
        AnyGame::Tamerlane(g) => g.outcome().map(|o| o.to_string()),
        AnyGame::Chess(g) => g.outcome().map(|o| o.to_string()),
        AnyGame::Makruk(g) => g.outcome().map(|o| o.to_string()),
    };
    outcome.unwrap_or_else(|| "none".to_owned())
}

/// Plays a move written in UCI (coordinates) or, failing that, in SAN;
/// the error is the UCI reading's.
pub fn play_text(game: &mut AnyGame, text: &str) -> Result<(), String> {
    match game.play_uci(text) {
        Ok(()) => Ok(()),
        Err(e) => game.play_san(text).map_err(|_| e.to_string()),
    }
}

/// The game without its last two moves (the human's and the engine's), or
/// without its last move if it has only one.
pub fn undo_two(game: &AnyGame) -> Result<AnyGame, String> {
    let moves = game.moves();
    let keep = moves.len().saturating_sub(2);
    game_after(Some(&game.start_fen()), game.rules(), &moves[..keep])
}

#[cfg(test)]
mod tests {
    use super::*;
    use tamerlane_ai::Variant;

    #[test]
    fn each_game_lists_and_counts_its_moves() {
        // 20 first moves in chess; 23 in Makruk (8 pawn steps, 1 each for
        // the Rooks and Horses, 3 for each Khon, 3 for the King, 2 for the Met).
        for (v, n) in [(Variant::Chess, 20), (Variant::Makruk, 23)] {
            let g = start(None, v.default_rules()).unwrap();
            assert_eq!(g.legal_moves().len(), n, "{v}");
            assert_eq!(g.perft(1), n as u64, "{v}");
            assert_eq!(g.divide(1).len(), n, "{v}");
        }
        let e = game_after(None, Variant::Chess.default_rules(), &["e2e4", "e2e4"]).unwrap_err();
        assert!(e.starts_with("move 2 (e2e4): "), "{e}");
    }
}
