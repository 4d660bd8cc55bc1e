//! Zobrist keys of chess positions (drawn as every game's are: see the
//! crate's `zobrist` module).
//!
//! The hash covers what makes two positions "the same" for the repetition
//! rules (FIDE 9.2.2): the placement, the side to move, the castling rights
//! and the en-passant square when an en-passant capture is legal. Clocks
//! are not hashed.

use super::castling::CastlingRights;
use super::role::{Piece, Role};
use crate::board8::Square;
use crate::zobrist::{key_table, BoardKeys};

struct Keys {
    board: BoardKeys<{ 2 * Role::COUNT * 64 }>,
    /// Indexed by [`CastlingRights::bits`]: the XOR of the keys of the
    /// rights present, so that one lookup covers any change of rights.
    castling: [u64; 16],
    /// Indexed by the file of the en-passant square.
    ep_file: [u64; 8],
}

const fn build() -> Keys {
    let board = BoardKeys::new(0x4649_4445_4348_4553); // "FIDECHES"
    let (rights, state) = key_table::<4>(board.next_state());
    let (ep_file, _) = key_table::<8>(state);
    let mut castling = [0u64; 16];
    let mut bits = 0;
    while bits < 16 {
        let mut i = 0;
        while i < 4 {
            if bits & (1 << i) != 0 {
                castling[bits] ^= rights[i];
            }
            i += 1;
        }
        bits += 1;
    }
    Keys {
        board,
        castling,
        ep_file,
    }
}

static KEYS: Keys = build();

/// The key of `piece` on `sq`.
#[inline]
pub(crate) fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS.board
        .piece((piece.color.index() * Role::COUNT + piece.role.index()) * 64 + sq.index())
}

/// The key toggled when Black is to move.
#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS.board.black_to_move()
}

/// The key of a set of castling rights (zero for none).
#[inline]
pub(crate) fn castling(rights: CastlingRights) -> u64 {
    KEYS.castling[rights.bits()]
}

/// The key of an en-passant square (by its file).
#[inline]
pub(crate) fn en_passant(sq: Square) -> u64 {
    KEYS.ep_file[sq.file() as usize]
}
