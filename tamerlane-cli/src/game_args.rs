//! The game arguments shared by the subcommands: `--game` (which of the
//! three games) and `--rules` (that game's rule options), read together as
//! the game's rules ([`AnyRules`]).

use tamerlane_ai::{AnyRules, Variant};

/// The game a subcommand works on.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum GameKind {
    /// Tamerlane chess: positions as TFEN, coordinate moves.
    #[default]
    Tamerlane,
    /// FIDE chess: positions as FEN, UCI moves, rules `draws=automatic`.
    Chess,
    /// Makruk: Fairy-Stockfish FEN positions, UCI moves (`e5e6m`), rule
    /// options `counting`, `repetition`, `move-limit`.
    Makruk,
}

impl From<GameKind> for Variant {
    fn from(kind: GameKind) -> Variant {
        match kind {
            GameKind::Tamerlane => Variant::Tamerlane,
            GameKind::Chess => Variant::Chess,
            GameKind::Makruk => Variant::Makruk,
        }
    }
}

/// The `--game` and `--rules` options of every subcommand that reads
/// positions or moves.
#[derive(clap::Args, Debug, Default)]
pub struct GameArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t)]
    game: GameKind,
    /// Rule set (docs/RULES.md, "Rule options"): a preset and/or
    /// `key=value` pairs, e.g. `seed-001` or `swap-when=check,repetition=off`
    /// (default: the standard rules); for `--game chess`, `draws=automatic`
    /// (docs/CHESS.md); for `--game makruk`, e.g. `counting=fairy-stockfish`
    /// (docs/MAKRUK.md).
    #[arg(long = "rules", value_name = "RULES", default_value = "")]
    text: String,
}

impl GameArgs {
    /// The game chosen.
    pub fn variant(&self) -> Variant {
        self.game.into()
    }

    /// The rules given, of the game chosen, or the error message naming
    /// what is wrong.
    pub fn rules(&self) -> Result<AnyRules, String> {
        self.variant()
            .parse_rules(&self.text)
            .map_err(|e| format!("--rules for {}: {e}", self.variant()))
    }
}
