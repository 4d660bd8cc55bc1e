//! Zobrist keys of Makruk positions (drawn as every game's are: see the
//! crate's `zobrist` module).
//!
//! The hash covers exactly what makes two positions "the same" for the
//! repetition rule: the placement and the side to move. The count and the
//! clocks are not hashed (Fairy-Stockfish's key leaves the count out too).

use super::role::{Piece, Role};
use crate::board8::Square;
use crate::zobrist::BoardKeys;

/// The piece and side-to-move keys.
pub(crate) static KEYS: BoardKeys<{ 2 * Role::COUNT * 64 }> = BoardKeys::new(0x4D41_4B52_554B_2021); // "MAKRUK !"

/// The key of `piece` on `sq`.
#[inline]
pub(crate) fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS.piece((piece.color.index() * Role::COUNT + piece.role.index()) * 64 + sq.index())
}

/// The key toggled when Black is to move.
#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS.black_to_move()
}
