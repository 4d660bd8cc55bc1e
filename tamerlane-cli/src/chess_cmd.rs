//! The `--game chess` modes of the `perft`, `moves`, `apply` and `outcome`
//! subcommands: FIDE chess positions as FEN, moves as UCI strings.

use tamerlane_core::chess::{Game, Position, Rules};

use crate::outcome_text;

/// The start position: the FEN given, or the initial position.
pub fn start(fen: Option<&str>) -> Result<Position, String> {
    match fen {
        None => Ok(Position::new()),
        Some(f) => Position::from_fen(f.trim()).map_err(|e| e.to_string()),
    }
}

/// The game under `rules` from `fen` after the UCI `moves`. A move after
/// the end of the game is an error naming the ply where it ended and why.
pub fn game_after(
    fen: Option<&str>,
    rules: Rules,
    moves: &[impl AsRef<str>],
) -> Result<Game, String> {
    let mut game = Game::from_position_with_rules(start(fen)?, rules);
    for (i, m) in moves.iter().enumerate() {
        let m = m.as_ref();
        game.play_uci(m)
            .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
    }
    Ok(game)
}

/// The legal moves as UCI strings, sorted, on one line.
pub fn sorted_moves(pos: &Position) -> String {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves.join(" ")
}

/// `FEN` -> the sorted legal moves.
pub fn moves_line(line: &str) -> Result<String, String> {
    Ok(sorted_moves(&start(Some(line))?))
}

/// `FEN | MOVE` -> the FEN after the move.
pub fn apply_line(line: &str) -> Result<String, String> {
    let (fen, mv) = line
        .rsplit_once('|')
        .ok_or_else(|| "expected `FEN | MOVE`".to_owned())?;
    let mut pos = start(Some(fen))?;
    pos.play_uci(mv.trim()).map_err(|e| e.to_string())?;
    Ok(pos.to_fen())
}

/// `FEN | MOVE MOVE ...` -> the outcome of that game under `rules`.
pub fn outcome_line(line: &str, rules: Rules) -> Result<String, String> {
    let (fen, moves) = line.split_once('|').unwrap_or((line, ""));
    let moves: Vec<&str> = moves.split_whitespace().collect();
    Ok(outcome_text(
        game_after(Some(fen), rules, &moves)?.outcome(),
    ))
}
