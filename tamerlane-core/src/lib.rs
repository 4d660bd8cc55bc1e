//! `tamerlane-core`: the rules of Tamerlane chess (Timur satrancı,
//! Shatranj al-Kabir), exact and fast.
//!
//! A pure library with no I/O: the 11x10 board with its two citadels, the
//! twelve piece kinds and eleven pawn kinds, legal move generation, making
//! moves, Zobrist hashing, TFEN positions and coordinate moves, and the
//! end-of-game rules. The rules implemented are those of the project's
//! `docs/RULES.md`. The sibling game Makruk (Thai chess) is in [`makruk`],
//! on the shared 8x8 board of [`board8`].
//!
//! # Quick start
//!
//! ```
//! use tamerlane_core::{perft, Game, Position, Square};
//!
//! // The initial position and its 24 legal moves.
//! let pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 24);
//! assert_eq!(perft(&pos, 3), 14_518);
//!
//! // Parse and play coordinate moves; illegal input is a typed error.
//! let mut pos = Position::new();
//! pos.play_str("f3f4")?;
//! assert!(pos.play_str("f4f5").is_err()); // Black to move
//! assert!(pos.parse_move("e9e7").is_err());
//!
//! // TFEN in and out.
//! let same = Position::from_tfen(&pos.to_tfen())?;
//! assert_eq!(same, pos);
//!
//! // Games know their outcome.
//! let mut game = Game::new();
//! game.play_str("b2c4")?;
//! assert_eq!(game.outcome(), None);
//! assert_eq!(game.position().board().piece_at(Square::C4).unwrap().to_string(), "N");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//! - `serde`: `Position` (de)serializes as its TFEN string, `Move` as its
//!   coordinate string (deserialized as a [`CoordMove`]).

#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod board;
pub mod board8;
mod color;
mod fixed_list;
mod game;
pub mod makruk;
mod movegen;
mod moves;
mod perft;
mod position;
mod record;
mod role;
pub mod rule_set;
mod san;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod square;
mod tfen;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::Color;
pub use fixed_list::FixedList;
pub use game::{Game, GameOverError, PlayError};
pub use moves::{
    Arrival, CoordMove, IllegalMoveError, IllegalReason, Move, MoveError, MoveKind, MoveList,
    ParseMoveError, MAX_LEGAL_MOVES,
};
pub use perft::{divide, perft};
pub use position::{Outcome, Position, Termination};
pub use record::{
    read_records, GameRecord, GameResult, RecordError, RecordErrorKind, RecordReader,
};
pub use role::{Piece, Role};
pub use rule_set::{RuleSet, RuleSetError};
pub use san::{SanError, SanIllegalReason};
pub use setup::{PositionError, Setup};
pub use square::{File, ParseSquareError, Rank, Square};
pub use tfen::{ParseTfenError, TfenError, TfenField, INITIAL_TFEN};
