//! The forward pass: SCReLU on the two accumulators (side to move first)
//! and the output of the position's bucket (docs/ENGINE.md, "Networks
//! (NNUE)"); its loops are `simd.rs`'s.

use tamerlane_core::Color;

use super::accumulator::Accumulator;
use super::arch::{bucket, QA, QB, SCALE};
use super::features::NnueGame;
use super::network::Network;
use super::simd::screlu_dot;

impl<G: NnueGame> Network<G> {
    /// The evaluation in centipawns for the side to move `turn` with `men`
    /// men on the board, from the accumulator of the position:
    /// `(dot / QA + bias) * SCALE / (QA * QB)`, where `dot` sums
    /// `clamp(x, 0, QA)^2 * w` over the side to move's values and then the
    /// other side's (each with its half of the bucket's output weights).
    #[inline]
    pub fn evaluate(&self, acc: &Accumulator, turn: Color, men: usize) -> i32 {
        let ([ours, theirs], bias) = self.output(bucket(men, G::MAX_MEN));
        let kernel = self.kernel();
        let dot = screlu_dot(kernel, acc.row(turn), ours).wrapping_add(screlu_dot(
            kernel,
            acc.row(!turn),
            theirs,
        ));
        let out = (i64::from(dot) / i64::from(QA) + i64::from(bias)) * i64::from(SCALE)
            / i64::from(QA * QB);
        out as i32
    }

    /// The evaluation of `pos` for its side to move, from a fresh
    /// accumulator.
    pub fn evaluate_position(&self, pos: &G) -> i32 {
        let acc = Accumulator::new(self, pos);
        self.evaluate(&acc, pos.turn(), pos.men())
    }
}
