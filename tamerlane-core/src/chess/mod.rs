//! FIDE chess, the sibling game of docs/RULES.md, section 10, on the shared
//! 8x8 board ([`crate::board8`]). The rules implemented, with every
//! decision, are in the project's `docs/CHESS.md`.
//!
//! The same vocabulary as the Tamerlane side of the crate: a [`Setup`]
//! validated into a [`Position`] (typed errors say what is wrong), moves
//! with their context ([`Move`]), legal move generation as move sets with
//! early stop ([`Position::for_each_legal`]), bulk counting
//! ([`Position::count_legal`], [`perft`]), FEN and UCI strings in and out,
//! SAN, an incremental Zobrist hash, and a [`Game`] for the rules that need
//! the history (repetitions, draw claims), under [`Rules`].
//!
//! ```
//! use tamerlane_core::chess::{perft, Game, Position, Rules, Termination};
//!
//! // Positions: FEN in and out, legal moves, perft.
//! let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
//! assert_eq!(pos.legal_moves().len(), 26);
//! assert_eq!(perft(&Position::new(), 3), 8902);
//!
//! // Moves as UCI or SAN strings.
//! let castle = pos.parse_san("O-O")?;
//! assert_eq!(castle.to_string(), "e1g1");
//! assert_eq!(pos.san(&pos.parse_uci("a1a8")?), "Rxa8+");
//!
//! // A game knows the draws that need the history.
//! let mut game = Game::with_rules("draws=automatic".parse::<Rules>()?);
//! for _ in 0..2 {
//!     for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
//!         game.play_san(m)?;
//!     }
//! }
//! assert_eq!(game.outcome().unwrap().termination, Termination::ThreefoldRepetition);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod castling;
mod claims;
mod family;
mod fen;
mod move_list;
mod movegen;
mod moves;
mod outcome;
mod position;
mod role;
mod rules;
mod san;
mod setup;
mod zobrist;

pub use crate::perft::{divide, perft};
pub use board::Board;
pub use castling::{CastlingRights, CastlingSide};
pub use fen::{FenError, FenField, ParseFenError, START_FEN};
pub use move_list::{MoveList, MoveListIntoIter, MAX_LEGAL_MOVES};
pub use moves::{
    CastlingProblem, IllegalMoveError, IllegalReason, Move, MoveError, MoveKind, ParseUciError,
    UciMove,
};
pub use outcome::Termination;
pub use position::Position;
pub use role::{Piece, Role};
pub use rules::{Draws, Rules};
pub use san::{SanError, SanIllegalReason};
pub use setup::{EnPassantProblem, PositionError, Setup};

crate::game::game_types!("chess");
/// Why a draw claim in a chess [`Game`] was refused.
pub type ClaimError = crate::ClaimError<Termination>;
