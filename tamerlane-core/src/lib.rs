//! `tamerlane-core`: the rules of Tamerlane chess (Timur satrancı,
//! Shatranj al-Kabir), exact and fast.
//!
//! A pure library that does no I/O of its own (the record reader and
//! [`io::read_line_bounded`] read from a `BufRead` the caller passes): the
//! 11x10 board with its two citadels, the twelve piece kinds and eleven
//! pawn kinds, legal move generation, making moves, Zobrist hashing, TFEN
//! positions and coordinate moves, game records, and the
//! end-of-game rules. The rules implemented are those of the project's
//! `docs/RULES.md`. The sibling game Makruk (Thai chess) is in [`makruk`],
//! on the shared 8x8 board of [`board8`].
//!
//! # Quick start
//!
//! ```
//! use tamerlane_core::{perft, Square};
//! use tamerlane_core::tamerlane::{Game, Position};
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
//! # The types
//!
//! ```
//! use std::collections::HashSet;
//! use std::ops::ControlFlow;
//! use tamerlane_core::{ByColor, Color, Move, Outcome, Role, Setup, Square};
//! use tamerlane_core::tamerlane::{Game, Position};
//!
//! // Move lists iterate by value (and by reference).
//! let pos = Position::new();
//! let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
//! for m in pos.legal_moves() {
//!     assert!(moves.contains(&m));
//! }
//!
//! // The small types parse what they print; bad text is a typed error.
//! assert_eq!("pawn of pawns".parse(), Ok(Role::PawnOfPawns));
//! assert_eq!("draw citadel".parse::<Outcome>()?.winner, None);
//! assert!("White".parse::<Color>().is_err());
//!
//! // Per-colour data is a `ByColor`.
//! let setup = Setup::initial();
//! assert_eq!(setup.stages, ByColor { white: 0, black: 0 });
//! assert!(setup.swap_rights[Color::Black]);
//!
//! // Positions hash consistently with `Eq`; games compare too.
//! let set: HashSet<Position> = [Position::new(), Position::new()].into_iter().collect();
//! assert_eq!(set.len(), 1);
//! let mut game = Game::new();
//! game.play_san("Nc4")?;
//! assert_ne!(game, Game::new());
//!
//! // The move generator's callback may stop it early.
//! let first = pos.for_each_legal(|from, targets| {
//!     if targets.contains(Square::C4) {
//!         ControlFlow::Break(from)
//!     } else {
//!         ControlFlow::Continue(())
//!     }
//! });
//! assert_eq!(first, ControlFlow::Break(Square::B2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Sibling games
//! - [`chess`]: FIDE chess with the same kind of API (FEN, UCI, SAN,
//!   legal move sets, perft, a game with the Laws' draws), on the shared
//!   8x8 board [`board8`].
//!
//! # Features
//! - `serde`: `Position` (de)serializes as its TFEN string, `Move` as its
//!   coordinate string (deserialized as a [`CoordMove`]).

#![warn(missing_docs)]

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}

mod any;
mod bitset;
pub mod board8;
mod by_color;
pub mod chess;
mod color;
mod end_rules;
mod excerpt;
mod fen;
mod fixed_list;
mod game;
mod index_type;
pub mod io;
pub mod makruk;
pub mod tamerlane;

pub use tamerlane::{attacks, rule_set};
pub mod move_text;
mod movegen;
pub mod moves;
mod outcome;
mod parse_value;
mod perft;
mod position;
mod position_inherent;
mod record;
mod rng;
mod rule_string;
mod san;
mod table_lookup;
mod variant;
mod zobrist;

pub use any::{AnyFenError, AnyGame, AnyPlayError, AnyRules};
pub use by_color::ByColor;
pub use color::Color;
pub use end_rules::{DrawRule, DrawTrigger, EndRules};
pub use excerpt::{excerpt, EXCERPT_CHARS};
pub use fen::{FenError, FenField, ParseFenError};
pub use fixed_list::{FixedList, FixedListIntoIter};
pub use game::{ClaimError, Game, GameOverError, PlayError};
pub use outcome::Outcome;
pub use parse_value::{ParseValueError, ValueKind};
pub use perft::{divide, perft};
pub use position::Position;
pub use record::{
    read_records, GameRecord, GameResult, RecordEditError, RecordError, RecordErrorKind,
    RecordReader,
};
pub use rng::Rng;
pub use tamerlane::bitboard::Bitboard;
pub use tamerlane::board::Board;
pub use tamerlane::move_list::{MoveList, MoveListIntoIter, MAX_LEGAL_MOVES};
pub use tamerlane::moves::{
    Arrival, CoordMove, IllegalMoveError, IllegalReason, Move, MoveError, MoveKind, ParseMoveError,
};
pub use tamerlane::outcome::Termination;
pub use tamerlane::role::{Piece, Role};
pub use tamerlane::rule_set::{RuleSet, RuleSetError, SEED_001_TFEN};
pub use tamerlane::san::{SanError, SanIllegalReason};
pub use tamerlane::setup::{PositionError, Setup};
pub use tamerlane::square::{File, ParseSquareError, Rank, Square};
pub use tamerlane::tfen::{ParseTfenError, TfenError, TfenField, INITIAL_TFEN};
pub use variant::{UnknownVariant, Variant};
