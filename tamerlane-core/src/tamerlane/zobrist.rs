//! Zobrist keys of Tamerlane positions (drawn as every game's are: see the
//! crate's `zobrist` module).
//!
//! The hash covers exactly what makes two positions "the same" for the
//! repetition rule: the placement (citadels included), the side to move, the
//! king-swap rights and the pawn-of-pawns stages. Clocks are not hashed.

use crate::color::Color;
use crate::tamerlane::role::{Piece, Role};
use crate::tamerlane::square::Square;
use crate::zobrist::{splitmix, BoardKeys};

struct Keys {
    board: BoardKeys<{ 2 * Role::COUNT * Square::COUNT }>,
    swap: [u64; 2],
    stage: [[u64; 3]; 2],
}

const fn build() -> Keys {
    let board = BoardKeys::new(0x5441_4D45_524C_414E); // "TAMERLAN"
    let (s, w) = splitmix(board.next_state());
    let (mut state, b) = splitmix(s);
    let mut stage = [[0u64; 3]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 1; // stage 0 hashes as nothing
        while k < 3 {
            let (s, key) = splitmix(state);
            state = s;
            stage[c][k] = key;
            k += 1;
        }
        c += 1;
    }
    Keys {
        board,
        swap: [w, b],
        stage,
    }
}

static KEYS: Keys = build();

/// The key of `piece` on `sq`.
#[inline]
pub(crate) fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS.board.piece(
        (piece.color.index() * Role::COUNT + piece.role.index()) * Square::COUNT + sq.index(),
    )
}

/// The key toggled when Black is to move.
#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS.board.black_to_move()
}

/// The key of `color`'s king-swap right.
#[inline]
pub(crate) fn swap_right(color: Color) -> u64 {
    KEYS.swap[color.index()]
}

/// The key of `color`'s pawn-of-pawns stage (zero for stage 0).
#[inline]
pub(crate) fn stage(color: Color, stage: u8) -> u64 {
    KEYS.stage[color.index()][stage as usize]
}
