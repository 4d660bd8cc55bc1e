//! Any of the three games chosen at run time, by name (for the protocol,
//! the command line and the Python package): a rule set ([`AnyRules`]) and
//! a game in progress ([`AnyGame`]), started from the rules or a position
//! text, with moves in UCI.

use core::fmt;

use crate::color::Color;
use crate::rule_string::RuleSetError;
use crate::tamerlane::rule_set::RuleSet;
use crate::tamerlane::{Game, PlayError, TfenError};
use crate::variant::Variant;
use crate::{chess, makruk};

impl Variant {
    /// The default rules of this game.
    pub const fn default_rules(self) -> AnyRules {
        match self {
            Variant::Tamerlane => AnyRules::Tamerlane(RuleSet::DEFAULT),
            Variant::Chess => AnyRules::Chess(chess::Rules::DEFAULT),
            Variant::Makruk => AnyRules::Makruk(makruk::Rules::DEFAULT),
        }
    }

    /// Reads a rule string (docs/RULES.md, section 9) as this game's rules.
    pub fn parse_rules(self, text: &str) -> Result<AnyRules, RuleSetError> {
        Ok(match self {
            Variant::Tamerlane => AnyRules::Tamerlane(text.parse()?),
            Variant::Chess => AnyRules::Chess(text.parse()?),
            Variant::Makruk => AnyRules::Makruk(text.parse()?),
        })
    }
}

/// The rules of one of the games: the game and its options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AnyRules {
    /// A Tamerlane rule set.
    Tamerlane(RuleSet),
    /// Chess rules.
    Chess(chess::Rules),
    /// Makruk rules.
    Makruk(makruk::Rules),
}

impl AnyRules {
    /// The game these rules are for.
    pub const fn variant(&self) -> Variant {
        match self {
            AnyRules::Tamerlane(_) => Variant::Tamerlane,
            AnyRules::Chess(_) => Variant::Chess,
            AnyRules::Makruk(_) => Variant::Makruk,
        }
    }
}

impl From<RuleSet> for AnyRules {
    fn from(r: RuleSet) -> AnyRules {
        AnyRules::Tamerlane(r)
    }
}

impl Default for AnyRules {
    fn default() -> AnyRules {
        Variant::Tamerlane.default_rules()
    }
}

impl fmt::Display for AnyRules {
    /// The rule string (without the game's name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyRules::Tamerlane(r) => r.fmt(f),
            AnyRules::Chess(r) => r.fmt(f),
            AnyRules::Makruk(r) => r.fmt(f),
        }
    }
}

/// A game in progress of one of the three games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    /// Tamerlane chess.
    Tamerlane(Game),
    /// FIDE chess.
    Chess(chess::Game),
    /// Makruk.
    Makruk(makruk::Game),
}

/// A position text (TFEN for Tamerlane, FEN for chess and Makruk) that
/// cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyFenError {
    /// A bad TFEN.
    Tamerlane(TfenError),
    /// A bad chess FEN.
    Chess(chess::FenError),
    /// A bad Makruk FEN.
    Makruk(makruk::FenError),
}

impl fmt::Display for AnyFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyFenError::Tamerlane(e) => write!(f, "bad TFEN: {e}"),
            AnyFenError::Chess(e) => write!(f, "bad chess FEN: {e}"),
            AnyFenError::Makruk(e) => write!(f, "bad Makruk FEN: {e}"),
        }
    }
}

impl std::error::Error for AnyFenError {}

/// A move that cannot be played: garbled, illegal, or the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyPlayError {
    /// In a Tamerlane game.
    Tamerlane(PlayError),
    /// In a chess game.
    Chess(chess::PlayError),
    /// In a Makruk game.
    Makruk(makruk::PlayError),
}

impl fmt::Display for AnyPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyPlayError::Tamerlane(e) => e.fmt(f),
            AnyPlayError::Chess(e) => e.fmt(f),
            AnyPlayError::Makruk(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AnyPlayError {}

/// Runs `$body` with `$g` bound to the game inside an [`AnyGame`], whatever
/// its type: the one dispatch from a game chosen at run time to code
/// generic over the [`Position`](crate::Position) trait.
///
/// ```
/// use tamerlane_core::{each_game, AnyGame, Variant};
///
/// let game = AnyGame::new(Variant::Makruk.default_rules());
/// let moves = each_game!(&game, g => g.position().legal_moves().len());
/// assert_eq!(moves, 23);
/// ```
#[macro_export]
macro_rules! each_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            $crate::AnyGame::Tamerlane($g) => $body,
            $crate::AnyGame::Chess($g) => $body,
            $crate::AnyGame::Makruk($g) => $body,
        }
    };
}

impl AnyGame {
    /// A game from the start position of `rules`.
    pub fn new(rules: AnyRules) -> AnyGame {
        match rules {
            AnyRules::Tamerlane(r) => AnyGame::Tamerlane(Game::with_rules(r)),
            AnyRules::Chess(r) => AnyGame::Chess(chess::Game::with_rules(r)),
            AnyRules::Makruk(r) => AnyGame::Makruk(makruk::Game::with_rules(r)),
        }
    }

    /// A game from a position text under `rules`: a TFEN for Tamerlane, a
    /// FEN for chess and Makruk.
    pub fn from_fen(rules: AnyRules, fen: &str) -> Result<AnyGame, AnyFenError> {
        Ok(match rules {
            AnyRules::Tamerlane(r) => AnyGame::Tamerlane(
                Game::from_fen_with_rules(fen, r).map_err(AnyFenError::Tamerlane)?,
            ),
            AnyRules::Chess(r) => AnyGame::Chess(
                chess::Game::from_fen_with_rules(fen, r).map_err(AnyFenError::Chess)?,
            ),
            AnyRules::Makruk(r) => AnyGame::Makruk(
                makruk::Game::from_fen_with_rules(fen, r).map_err(AnyFenError::Makruk)?,
            ),
        })
    }

    /// Which game this is.
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Tamerlane(_) => Variant::Tamerlane,
            AnyGame::Chess(_) => Variant::Chess,
            AnyGame::Makruk(_) => Variant::Makruk,
        }
    }

    /// The game's rules.
    pub fn rules(&self) -> AnyRules {
        match self {
            AnyGame::Tamerlane(g) => AnyRules::Tamerlane(*g.rules()),
            AnyGame::Chess(g) => AnyRules::Chess(*g.rules()),
            AnyGame::Makruk(g) => AnyRules::Makruk(*g.rules()),
        }
    }

    /// Plays a move written in UCI (for Makruk, as Fairy-Stockfish writes
    /// it); on an error the game is unchanged.
    pub fn play_uci(&mut self, text: &str) -> Result<(), AnyPlayError> {
        match self {
            AnyGame::Tamerlane(g) => g.play_str(text).map(drop).map_err(AnyPlayError::Tamerlane),
            AnyGame::Chess(g) => g.play_uci(text).map(drop).map_err(AnyPlayError::Chess),
            AnyGame::Makruk(g) => g.play_str(text).map(drop).map_err(AnyPlayError::Makruk),
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        each_game!(self, g => g.turn())
    }

    /// The start position's text (TFEN or FEN).
    pub fn start_fen(&self) -> String {
        match self {
            AnyGame::Tamerlane(g) => g.start().to_tfen(),
            AnyGame::Chess(g) => g.start().to_fen(),
            AnyGame::Makruk(g) => g.start().to_fen(),
        }
    }

    /// The current position's text (TFEN or FEN).
    pub fn fen(&self) -> String {
        match self {
            AnyGame::Tamerlane(g) => g.position().to_tfen(),
            AnyGame::Chess(g) => g.position().to_fen(),
            AnyGame::Makruk(g) => g.position().to_fen(),
        }
    }

    /// The moves played, in UCI.
    pub fn moves(&self) -> Vec<String> {
        each_game!(self, g => g.moves().iter().map(|m| m.to_string()).collect())
    }

    /// The legal moves of the current position in UCI, in the generator's
    /// order.
    pub fn legal_moves(&self) -> Vec<String> {
        each_game!(self, g => g.position().legal_moves().iter().map(|m| m.to_string()).collect())
    }

    /// Plays a move written in the game's algebraic notation (SAN); on an
    /// error the game is unchanged.
    pub fn play_san(&mut self, text: &str) -> Result<(), AnyPlayError> {
        match self {
            AnyGame::Tamerlane(g) => g.play_san(text).map(drop).map_err(AnyPlayError::Tamerlane),
            AnyGame::Chess(g) => g.play_san(text).map(drop).map_err(AnyPlayError::Chess),
            AnyGame::Makruk(g) => g.play_san(text).map(drop).map_err(AnyPlayError::Makruk),
        }
    }

    /// Takes back the last move, returning it in UCI (`None` at the start).
    pub fn undo(&mut self) -> Option<String> {
        each_game!(self, g => g.undo().map(|m| m.to_string()))
    }

    /// The number of leaves `depth` plies below the current position.
    pub fn perft(&self, depth: u32) -> u64 {
        each_game!(self, g => crate::perft::perft(g.position(), depth))
    }

    /// Perft split by root move: `(move in UCI, leaves)`, sorted by move.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        each_game!(self, g => crate::perft::divide(g.position(), depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect())
    }

    /// The current position's board as text (ranks top down).
    pub fn board_text(&self) -> String {
        each_game!(self, g => g.position().board().to_string())
    }

    /// When the game has ended: `Some(winner)` (`Some(None)` for a draw)
    /// and the reason in words.
    pub fn outcome(&self) -> Option<(Option<Color>, String)> {
        each_game!(self, g => g.outcome().map(|o| (o.winner, o.termination.to_string())))
    }
}

impl From<Game> for AnyGame {
    fn from(g: Game) -> AnyGame {
        AnyGame::Tamerlane(g)
    }
}

impl From<chess::Game> for AnyGame {
    fn from(g: chess::Game) -> AnyGame {
        AnyGame::Chess(g)
    }
}

impl From<makruk::Game> for AnyGame {
    fn from(g: makruk::Game) -> AnyGame {
        AnyGame::Makruk(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_has_its_default_rules() {
        for v in Variant::ALL {
            assert_eq!(v.default_rules().variant(), v);
        }
    }

    #[test]
    fn rule_strings_are_read_as_the_game_says() {
        assert_eq!(
            Variant::Chess
                .parse_rules("draws=automatic")
                .unwrap()
                .to_string(),
            "draws=automatic"
        );
        assert!(Variant::Tamerlane.parse_rules("draws=automatic").is_err());
        assert!(Variant::Makruk
            .parse_rules("counting=fairy-stockfish")
            .is_ok());
    }

    #[test]
    fn each_game_starts_and_plays() {
        for (v, first, second) in [
            (Variant::Tamerlane, "f3f4", "f8f7"),
            (Variant::Chess, "e2e4", "e7e5"),
            (Variant::Makruk, "e3e4", "e6e5"),
        ] {
            let mut g = AnyGame::new(v.default_rules());
            assert_eq!(g.variant(), v);
            g.play_uci(first).unwrap();
            assert_eq!(g.moves(), vec![first.to_owned()]);
            assert_eq!(g.turn(), Color::Black);
            let before = g.clone();
            assert!(g.play_uci("a1a1").is_err());
            assert_eq!(g, before, "a refused move changes nothing");
            g.play_uci(second).unwrap();
            let again = AnyGame::from_fen(g.rules(), &g.fen()).unwrap();
            assert_eq!(again.fen(), g.fen());
            assert_eq!(g.outcome(), None);
        }
    }

    #[test]
    fn bad_positions_say_which_game() {
        let e = AnyGame::from_fen(Variant::Chess.default_rules(), "nonsense").unwrap_err();
        assert!(e.to_string().starts_with("bad chess FEN"), "{e}");
        let e = AnyGame::from_fen(Variant::Makruk.default_rules(), "8/8 w").unwrap_err();
        assert!(e.to_string().starts_with("bad Makruk FEN"), "{e}");
    }
}
