//! Zobrist keys, generated at compile time with SplitMix64.
//!
//! The hash covers exactly what makes two positions "the same" for the
//! repetition rule: the placement (citadels included), the side to move, the
//! king-swap rights and the pawn-of-pawns stages. Clocks are not hashed.

use crate::color::Color;
use crate::tamerlane::role::Piece;
use crate::tamerlane::square::Square;

/// One step of SplitMix64: the next state and its output. Shared by the
/// Zobrist tables of every game.
pub(crate) const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const N_PIECE_KEYS: usize = 2 * 23 * 112;

struct Keys {
    pieces: [u64; N_PIECE_KEYS],
    black_to_move: u64,
    swap: [u64; 2],
    stage: [[u64; 3]; 2],
}

/// `N` keys drawn by SplitMix64 from `state`, and the state after them.
pub(crate) const fn key_table<const N: usize>(mut state: u64) -> ([u64; N], u64) {
    let mut keys = [0u64; N];
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    (keys, state)
}

const fn build() -> Keys {
    let (pieces, state) = key_table::<N_PIECE_KEYS>(0x5441_4D45_524C_414E); // "TAMERLAN"
    let (s, black_to_move) = splitmix(state);
    let (s, w) = splitmix(s);
    let (s, b) = splitmix(s);
    let mut stage = [[0u64; 3]; 2];
    let mut state = s;
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
        pieces,
        black_to_move,
        swap: [w, b],
        stage,
    }
}

static KEYS: Keys = build();

/// The key of `piece` on `sq`.
#[inline]
pub(crate) fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[(piece.color.index() * 23 + piece.role.index()) * 112 + sq.index()]
}

/// The key toggled when Black is to move.
#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS.black_to_move
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
