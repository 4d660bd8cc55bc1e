//! The `--game makruk` modes of `perft`, `moves`, `apply` and `outcome`:
//! the same output as for Tamerlane, with Makruk positions (FEN) and moves
//! (UCI, `e5e6m` for a promotion) under Makruk's rule options.

use tamerlane_core::makruk::{divide, perft, Game, Position, Rules};

use super::positions::RulesArg;
use super::{each_line, outcome_text, report_perft, say, sorted, Command, GameKind};

/// Runs `command` if it asks for Makruk; `None` if it is for another game.
pub(crate) fn run(command: &Command) -> Option<Result<(), String>> {
    let makruk = |kind: GameKind| kind == GameKind::Makruk;
    Some(match command {
        Command::Perft {
            depth,
            tfen,
            game,
            rules,
            divide: split,
        } if makruk(*game) => start(tfen.as_deref(), rules).and_then(|pos| {
            report_perft(
                *depth,
                *split,
                || divide(&pos, *depth),
                || perft(&pos, *depth),
            )
        }),
        Command::Moves {
            stdin: true,
            game,
            rules,
            ..
        } if makruk(*game) => each_position(rules, |p| sorted(p.legal_moves().iter())),
        Command::Moves {
            tfen,
            game,
            rules,
            moves,
            ..
        } if makruk(*game) => game_after(tfen.as_deref(), rules, moves)
            .and_then(|g| say(sorted(g.position().legal_moves().iter()))),
        Command::Apply { game, rules, .. } if makruk(*game) => rules
            .parse::<Rules>()
            .and_then(|rules| each_line(|line| apply_line(line, rules))),
        Command::Outcome {
            stdin: true,
            game,
            rules,
            ..
        } if makruk(*game) => each_position(rules, |p| outcome_text(p.outcome())),
        Command::Outcome {
            tfen,
            game,
            rules,
            moves,
            ..
        } if makruk(*game) => {
            game_after(tfen.as_deref(), rules, moves).and_then(|g| say(outcome_text(g.outcome())))
        }
        _ => return None,
    })
}

/// The start position: `fen` under `rules`, or the start position.
fn start(fen: Option<&str>, rules: &RulesArg) -> Result<Position, String> {
    let rules = rules.parse::<Rules>()?;
    match fen {
        None => Ok(Position::start_with_rules(rules)),
        Some(f) => Position::from_fen_with_rules(f.trim(), rules).map_err(|e| e.to_string()),
    }
}

/// The game made of `moves` from the start position; a move after the end
/// of the game is an error naming the ply where it ended and why.
fn game_after(fen: Option<&str>, rules: &RulesArg, moves: &[String]) -> Result<Game, String> {
    let mut game = Game::from_position(start(fen, rules)?);
    for (i, m) in moves.iter().enumerate() {
        game.play_str(m)
            .map_err(|e| format!("move {} ({}): {e}", i + 1, m))?;
    }
    Ok(game)
}

/// Prints `f` of the position of each FEN line read from stdin.
fn each_position(rules: &RulesArg, f: impl Fn(&Position) -> String) -> Result<(), String> {
    let rules = rules.parse::<Rules>()?;
    each_line(|line| {
        Position::from_fen_with_rules(line.trim(), rules)
            .map(|p| f(&p))
            .map_err(|e| e.to_string())
    })
}

/// The FEN after the move of a `FEN | MOVE` line.
fn apply_line(line: &str, rules: Rules) -> Result<String, String> {
    let (fen, mv) = line
        .rsplit_once('|')
        .ok_or_else(|| "expected `FEN | MOVE`".to_owned())?;
    let mut pos = Position::from_fen_with_rules(fen.trim(), rules).map_err(|e| e.to_string())?;
    pos.play_str(mv.trim()).map_err(|e| e.to_string())?;
    Ok(pos.to_fen())
}
