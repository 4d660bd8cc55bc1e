//! FIDE chess, the sibling game of RULES-SPEC section 10, on the shared
//! 8x8 board ([`crate::board8`]).
//!
//! The same vocabulary as the Tamerlane side of the crate: a [`Setup`]
//! validated into a [`Position`], moves with their context ([`Move`]),
//! legal move generation as move sets with early stop
//! ([`Position::for_each_legal`]), bulk counting ([`Position::count_legal`],
//! [`perft`]), FEN and UCI strings in and out, SAN, Zobrist hashing, and a
//! [`Game`] for the rules that need the history.
//!
//! ```
//! use tamerlane_core::chess::{perft, Position};
//!
//! let pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(perft(&pos, 3), 8902);
//! ```

mod board;
mod castling;
mod fen;
mod game;
mod move_list;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod position;
mod role;
mod rules;
mod san;
mod setup;
mod zobrist;

pub use board::Board;
pub use castling::{CastlingRights, CastlingSide};
pub use fen::{FenError, FenField, ParseFenError, START_FEN};
pub use game::{ClaimError, Game, GameOverError, PlayError};
pub use move_list::{MoveList, MAX_LEGAL_MOVES};
pub use moves::{
    CastlingProblem, IllegalMoveError, IllegalReason, Move, MoveError, MoveKind, ParseUciError,
    UciMove,
};
pub use outcome::{Outcome, Termination};
pub use perft::{divide, perft};
pub use position::Position;
pub use role::{Piece, Role};
pub use rules::{Draws, Rules};
pub use san::{SanError, SanIllegalReason};
pub use setup::{EnPassantProblem, PositionError, Setup};
