//! The position arguments shared by the subcommands: `--rules`, the start
//! position (`--tfen` or the rules' own start array) and the game made of
//! the moves given on the command line.

use tamerlane_core::{Game, Position, RuleSet, RuleSetError};

/// The `--rules` option shared by every subcommand that reads positions
/// or moves.
#[derive(clap::Args, Debug, Default)]
pub struct RulesArg {
    /// Rule set (docs/RULES.md, "Rule options"): a preset and/or
    /// `key=value` pairs, e.g. `seed-001` or `swap-when=check,repetition=off`
    /// (default: the standard rules).
    #[arg(long = "rules", value_name = "RULES", default_value = "")]
    text: String,
}

impl RulesArg {
    /// The rule set given, or the error message naming what is wrong.
    pub fn parse(&self) -> Result<RuleSet, String> {
        self.text.parse().map_err(|e: RuleSetError| e.to_string())
    }
}

/// The start position: `tfen` under `rules`, or the rules' own start array.
pub fn start(tfen: Option<&str>, rules: RuleSet) -> Result<Position, String> {
    match tfen {
        None => Ok(Position::start_with_rules(rules)),
        Some(t) => Position::from_tfen_with_rules(t.trim(), rules).map_err(|e| e.to_string()),
    }
}

/// The game made of `moves` from the start position. A move after the end
/// of the game is an error naming the ply where it ended and why.
pub fn game_after(tfen: Option<&str>, rules: RuleSet, moves: &[String]) -> Result<Game, String> {
    let mut game = Game::from_position(start(tfen, rules)?);
    for (i, m) in moves.iter().enumerate() {
        game.play_str(m)
            .map_err(|e| format!("move {} ({}): {e}", i + 1, m))?;
    }
    Ok(game)
}
