//! Zobrist keys of Makruk positions, generated at compile time with
//! SplitMix64 (from a seed of their own).
//!
//! The hash covers exactly what makes two positions "the same" for the
//! repetition rule: the placement and the side to move. The count and the
//! clocks are not hashed (Fairy-Stockfish's key leaves the count out too).

use super::role::Piece;
use crate::board8::Square;
use crate::tamerlane::zobrist::{key_table, splitmix};

const N_PIECE_KEYS: usize = 2 * 6 * 64;

struct Keys {
    pieces: [u64; N_PIECE_KEYS],
    black_to_move: u64,
}

const fn build() -> Keys {
    let (pieces, state) = key_table::<N_PIECE_KEYS>(0x4D41_4B52_554B_2021); // "MAKRUK !"
    let (_, black_to_move) = splitmix(state);
    Keys {
        pieces,
        black_to_move,
    }
}

static KEYS: Keys = build();

/// The key of `piece` on `sq`.
#[inline]
pub(crate) fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[(piece.color.index() * 6 + piece.role.index()) * 64 + sq.index()]
}

/// The key toggled when Black is to move.
#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS.black_to_move
}
