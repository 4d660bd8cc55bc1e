//! The architecture's constants: one place for the sizes and the
//! quantisation that the network code, the file header and the Python
//! reference (`tools/nnue/reference.py`) share (docs/ENGINE.md, "Networks
//! (NNUE)").
//!
//! The network: the game's piece-square features seen from each side
//! ([`NnueGame`](super::NnueGame)) -> [`HIDDEN`] int16 accumulator values
//! per side -> SCReLU on both (side to move first) -> one output per
//! bucket, the bucket chosen by the number of men ([`bucket`]).

/// The architecture's id in the net file: 1 is the one described here.
/// Changing a constant below makes a new architecture, with a new id.
pub const ARCH_ID: u32 = 1;

/// The accumulator's width per side (the first layer's output).
pub const HIDDEN: usize = 256;

/// The output buckets, chosen by the number of men on the board.
pub const BUCKETS: usize = 8;

/// The first layer's quantisation: a float weight `w` is stored as
/// `round(w * QA)`, and SCReLU clamps an accumulator value to `[0, QA]`.
pub const QA: i32 = 255;

/// The output layer's quantisation: a float weight `w` is stored as
/// `round(w * QB)` (and the output bias as `round(b * QA * QB)`).
pub const QB: i32 = 64;

/// The output's scale: the network's float output times `SCALE` is the
/// evaluation in centipawns.
pub const SCALE: i32 = 400;

/// The largest output weight a net may hold, in absolute value: with it,
/// `clamp(x, 0, QA) * w` fits an `i16` (255 * 127 = 32385), which the
/// vectorised forward pass needs (its products are 16-bit). A trainer clips
/// the float output weights to `±127 / QB` (about ±1.98).
pub const MAX_OUTPUT_WEIGHT: i16 = 127;

/// The output bucket of a position with `men` men (pieces and pawns of
/// both sides) in a game that starts with `max_men`: `(men - 1) * BUCKETS /
/// max_men`, at most `BUCKETS - 1` (for chess, `(men - 1) / 4`).
#[inline]
pub const fn bucket(men: usize, max_men: usize) -> usize {
    let b = men.saturating_sub(1) * BUCKETS / max_men;
    if b < BUCKETS {
        b
    } else {
        BUCKETS - 1
    }
}
