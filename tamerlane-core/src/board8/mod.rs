//! The 8x8 board shared by the sibling games of the family (Makruk and FIDE
//! chess, docs/RULES.md, section 10): squares, 64-bit bitboards and the attack
//! sets of their pieces. Tamerlane itself uses the 11x10 board of the crate
//! root ([`crate::Square`], [`crate::Bitboard`]).
//!
//! Squares are numbered `rank * 8 + file` from `a1` = 0 to `h8` = 63, from
//! White's side.
//!
//! ```
//! use tamerlane_core::board8::{attacks, Bitboard, Square};
//!
//! let e4: Square = "e4".parse()?;
//! assert_eq!(attacks::knight(e4).count(), 8);
//! let blockers = Bitboard::from_square("e6".parse()?);
//! assert!(attacks::rook(e4, blockers).contains("e6".parse()?));
//! assert!(!attacks::rook(e4, blockers).contains("e7".parse()?));
//! # Ok::<(), tamerlane_core::board8::ParseSquareError>(())
//! ```

pub mod attacks;
mod bitboard;
mod board;
mod piece;
mod square;
mod uci_move;

pub use bitboard::{Bitboard, Squares};
pub use square::{ParseSquareError, Square};
pub use uci_move::{PromotionMark, UciMove};

pub use board::Board;
pub(crate) use board::KingCount;
pub use piece::{Piece, PieceKind};

pub(crate) use piece::letter_roles;
