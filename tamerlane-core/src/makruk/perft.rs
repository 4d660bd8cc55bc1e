//! Perft: counting the legal move sequences of a given length.

use core::convert::Infallible;
use core::ops::ControlFlow;

use super::moves::Move;
use super::position::Position;

/// The number of legal move sequences of `depth` plies from `pos`.
///
/// The last ply is counted from the move sets without playing the moves
/// ("bulk counting"). Positions are copied, not unmade: copy-make. The
/// count follows the movement rules alone: a position whose game has ended
/// by the counting rules still has its moves counted, as Fairy-Stockfish's
/// perft does.
///
/// ```
/// use tamerlane_core::makruk::{perft, Position};
/// assert_eq!(perft(&Position::new(), 2), 529);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal() as u64,
        _ => {
            let mut n = 0;
            let _ = pos.for_each_legal(|from, targets| {
                for to in targets {
                    let mut child = pos.clone();
                    child.play_unchecked(&pos.move_between(from, to));
                    n += perft(&child, depth - 1);
                }
                ControlFlow::<Infallible>::Continue(())
            });
            n
        }
    }
}

/// Perft split by root move: each legal move with the number of sequences
/// of `depth` plies that start with it, sorted by UCI string. Empty for
/// depth 0 (whose single sequence has no first move).
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    crate::perft::divide_moves(
        pos,
        &pos.legal_moves(),
        depth,
        Position::play_unchecked,
        perft,
    )
}
