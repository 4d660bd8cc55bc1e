//! Perft: counting the legal move sequences of a given length, for any
//! game of the family.

use core::convert::Infallible;
use core::ops::ControlFlow;

use crate::position::Position;

/// The number of legal move sequences of `depth` plies from `pos`.
///
/// The last ply is counted from the move sets without playing the moves
/// ("bulk counting"). Positions are copied, not unmade: copy-make.
///
/// ```
/// use tamerlane_core::{chess, makruk, perft, tamerlane};
///
/// assert_eq!(perft(&tamerlane::Position::new(), 2), 576);
/// assert_eq!(perft(&chess::Position::new(), 3), 8902);
/// assert_eq!(perft(&makruk::Position::new(), 2), 529);
/// ```
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal() as u64,
        _ => {
            let mut n = 0;
            let _ = pos.for_each_move(|m| {
                let mut child = pos.clone();
                child.play_unchecked(&m);
                n += perft(&child, depth - 1);
                ControlFlow::<Infallible>::Continue(())
            });
            n
        }
    }
}

/// Perft split by root move: each legal move with the number of sequences
/// of `depth` plies that start with it, sorted by the move's coordinate
/// string. Empty for depth 0 (whose single sequence has no first move).
///
/// ```
/// use tamerlane_core::{chess, divide};
///
/// let rows = divide(&chess::Position::new(), 2);
/// assert_eq!(rows.len(), 20);
/// assert_eq!(rows[0].0.to_string(), "a2a3");
/// assert!(rows.iter().all(|(_, n)| *n == 20));
/// ```
pub fn divide<P: Position>(pos: &P, depth: u32) -> Vec<(P::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut out: Vec<(P::Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (*m, perft(&child, depth - 1))
        })
        .collect();
    out.sort_by_key(|(m, _)| m.to_string());
    out
}
