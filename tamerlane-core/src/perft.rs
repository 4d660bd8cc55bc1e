//! Perft: counting the legal move sequences of a given length.

use core::convert::Infallible;
use core::fmt;
use core::ops::ControlFlow;

use crate::moves::Move;
use crate::position::Position;

/// The number of legal move sequences of `depth` plies from `pos`.
///
/// The last ply is counted from the move sets without playing the moves
/// ("bulk counting"). Positions are copied, not unmade: copy-make.
///
/// ```
/// use tamerlane_core::{perft, Position};
/// assert_eq!(perft(&Position::new(), 2), 576);
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

/// Perft split by root move: each legal move with the number of sequences of
/// `depth` plies that start with it, sorted by coordinate string. Empty for
/// depth 0 (whose single sequence has no first move).
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    divide_moves(
        pos,
        &pos.legal_moves(),
        depth,
        Position::play_unchecked,
        perft,
    )
}

/// Perft split by root move, for any game: each of the legal `moves` of
/// `pos` with the number of sequences of `depth` plies that start with it
/// (the rest counted by `perft` after `play`), sorted by the move's string;
/// empty for depth 0.
pub(crate) fn divide_moves<P: Clone, M: Copy + fmt::Display>(
    pos: &P,
    moves: &[M],
    depth: u32,
    play: impl Fn(&mut P, &M),
    perft: impl Fn(&P, u32) -> u64,
) -> Vec<(M, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut out: Vec<(M, u64)> = moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            play(&mut child, m);
            (*m, perft(&child, depth - 1))
        })
        .collect();
    out.sort_by_key(|(m, _)| m.to_string());
    out
}
