//! Makruk (Thai chess), a sibling game of the family (docs/RULES.md, section
//! 10, seed 002), on the shared 8x8 board of [`board8`](crate::board8):
//! the rules exactly, legal move generation, FEN and UCI moves in
//! Fairy-Stockfish's format, SAN, Zobrist hashing, the counting rules and
//! the game's end. The project's `docs/MAKRUK.md` states every rule and
//! every decision.
//!
//! The API has the shape of the Tamerlane one at the crate root:
//! [`Setup`] -> [`Position`] with typed errors, [`Move`]s with context,
//! move sets from [`Position::for_each_legal`], [`Game`] for the rules that
//! need the history.
//!
//! ```
//! use tamerlane_core::makruk::{perft, Game, Position, Rules, START_FEN};
//!
//! let pos = Position::new();
//! assert_eq!(pos.to_fen(), START_FEN);
//! assert_eq!(perft(&pos, 4), 273_026);
//!
//! // UCI moves in, FEN out; a promotion carries `m`.
//! let mut pos = Position::from_fen("4k3/8/3r4/4P3/8/8/8/4K3 w - - 0 1")?;
//! pos.play_str("e5d6m")?;
//! // The last Black piece is gone: Black counts the pieces' honour of a
//! // Met (64 moves = 128 plies) from the 3 pieces on the board (6 plies).
//! assert_eq!(pos.to_fen(), "4k3/8/3M4/8/8/8/8/4K3 b - 128 6 1");
//!
//! // Games know their outcome, under the rule options given.
//! let mut game = Game::with_rules("counting=fairy-stockfish".parse::<Rules>()?);
//! game.play_str("e3e4")?;
//! assert_eq!(game.outcome(), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod counting;
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
pub use counting::{pieces_honour, Count, BOARDS_HONOUR};
pub use fen::{FenError, FenField, ParseFenError, MAX_FEN_LEN, START_FEN};
pub use move_list::{MoveList, MoveListIntoIter, MAX_LEGAL_MOVES};
pub use moves::{
    IllegalMoveError, IllegalReason, Move, MoveError, MoveKind, ParseMoveError, UciMove,
};
pub use outcome::Termination;
pub use position::Position;
pub use role::{Piece, Role};
pub use rules::{Counting, Rules};
pub use san::{SanError, SanIllegalReason};
pub use setup::{PositionError, Setup, MAX_PIECES_PER_SIDE};

crate::game::game_types!("Makruk");
