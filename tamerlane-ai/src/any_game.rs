//! A game of any of the three ([`AnyGame`]), for the protocol and the
//! command line: started from the rules or a FEN, moves played as UCI
//! strings, searched by the one engine.

use std::fmt;

use tamerlane_core::{chess, makruk, Color, Game, PlayError, Position, TfenError};

use crate::engine::Engine;
use crate::limits::Limits;
use crate::result::{Info, SearchResult};
use crate::variant::{AnyRules, Variant};

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

/// Runs `$body` with `$g` bound to the game inside, whatever its type.
macro_rules! each_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::Tamerlane($g) => $body,
            AnyGame::Chess($g) => $body,
            AnyGame::Makruk($g) => $body,
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
            AnyRules::Tamerlane(r) => AnyGame::Tamerlane(Game::from_position(
                Position::from_tfen_with_rules(fen, r).map_err(AnyFenError::Tamerlane)?,
            )),
            AnyRules::Chess(r) => AnyGame::Chess(chess::Game::from_position_with_rules(
                chess::Position::from_fen(fen).map_err(AnyFenError::Chess)?,
                r,
            )),
            AnyRules::Makruk(r) => AnyGame::Makruk(makruk::Game::from_position(
                makruk::Position::from_fen_with_rules(fen, r).map_err(AnyFenError::Makruk)?,
            )),
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

    /// When the game has ended: `Some(winner)` (`Some(None)` for a draw)
    /// and the reason in words.
    pub fn outcome(&self) -> Option<(Option<Color>, String)> {
        each_game!(self, g => g.outcome().map(|o| (o.winner, o.termination.to_string())))
    }

    /// Searches the current position with `engine`, moves given in UCI.
    pub fn search(
        &self,
        engine: &mut Engine,
        limits: &Limits,
        mut info: impl FnMut(&Info<String>),
    ) -> SearchResult<String> {
        each_game!(self, g => engine
            .search(g, limits, |i| info(&i.clone().map_moves(|m| m.to_string())))
            .map_moves(|m| m.to_string()))
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
    fn each_game_starts_plays_and_searches() {
        let mut engine = Engine::builder().hash_mib(1).build();
        for (v, first) in [
            (Variant::Tamerlane, "f3f4"),
            (Variant::Chess, "e2e4"),
            (Variant::Makruk, "e3e4"),
        ] {
            let mut g = AnyGame::new(v.default_rules());
            assert_eq!(g.variant(), v);
            g.play_uci(first).unwrap();
            assert_eq!(g.moves(), vec![first.to_owned()]);
            assert_eq!(g.turn(), Color::Black);
            let before = g.clone();
            assert!(g.play_uci("a1a1").is_err());
            assert_eq!(g, before, "a refused move changes nothing");
            let r = g.search(&mut engine, &Limits::new().depth(3), |_| {});
            let best = r.best.expect("a move");
            g.play_uci(&best).unwrap();
            let again = AnyGame::from_fen(g.rules(), &g.fen()).unwrap();
            assert_eq!(again.fen(), g.fen());
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
