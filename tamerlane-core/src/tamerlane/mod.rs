//! Tamerlane chess (Timur satrancı, Shatranj al-Kabir), the family's main
//! game, on the 11x10 board with its two citadels. The rules implemented,
//! with every interpretation, are those of the project's `docs/RULES.md`.
//!
//! The same layout as [`crate::chess`] and [`crate::makruk`]: a [`Setup`]
//! validated into a [`Position`] under a [`RuleSet`], moves with their
//! context ([`Move`]), legal move sets with early stop
//! ([`Position::for_each_legal`]), TFEN and coordinate moves in and out,
//! SAN, an incremental Zobrist hash and a [`Game`] for the rules that need
//! the history.
//!
//! ```
//! use tamerlane_core::tamerlane::{Game, Position, Termination};
//!
//! let pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 24);
//!
//! let mut game = Game::with_rules("repetition=2".parse()?);
//! for m in ["b2c4", "b9c7", "c4b2", "c7b9"] {
//!     game.play_str(m)?;
//! }
//! assert_eq!(game.outcome().unwrap().termination, Termination::Repetition);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod attacks;
pub(crate) mod bitboard;
pub(crate) mod board;
mod family;
pub(crate) mod move_list;
pub(crate) mod movegen;
pub(crate) mod moves;
pub(crate) mod outcome;
pub(crate) mod position;
pub(crate) mod role;
pub mod rule_set;
pub(crate) mod san;
#[cfg(feature = "serde")]
mod serde_impls;
pub(crate) mod setup;
pub(crate) mod square;
pub(crate) mod tfen;
pub(crate) mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;

pub use crate::perft::{divide, perft};
pub use move_list::{MoveList, MoveListIntoIter, MAX_LEGAL_MOVES};
pub use moves::{
    Arrival, CoordMove, IllegalMoveError, IllegalReason, Move, MoveError, MoveKind, ParseMoveError,
};
pub use outcome::Termination;
pub use position::Position;
pub use role::{Piece, Role};
pub use rule_set::{RuleSet, RuleSetError, SEED_001_TFEN};
pub use san::{SanError, SanIllegalReason};
pub use setup::{PositionError, Setup};
pub use square::{File, ParseSquareError, Rank, Square};
pub use tfen::{ParseTfenError, TfenError, TfenField, INITIAL_TFEN};

crate::game::game_types!("Tamerlane");
