//! Perft: counting the legal move sequences of a given length.

use super::move_list::MoveList;
use super::moves::Move;
use super::position::Position;

/// The number of legal move sequences of `depth` plies from `pos`.
///
/// The last ply is counted from the move sets without playing the moves
/// ("bulk counting"). Positions are copied, not unmade: copy-make.
///
/// ```
/// use tamerlane_core::chess::{perft, Position};
///
/// assert_eq!(perft(&Position::new(), 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal() as u64,
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves_into(&mut moves);
            moves
                .iter()
                .map(|m| {
                    let mut child = *pos;
                    child.play_unchecked(m);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft split by root move: each legal move with the number of sequences
/// of `depth` plies that start with it, sorted by UCI string. Empty for
/// depth 0 (whose single sequence has no first move).
///
/// ```
/// use tamerlane_core::chess::{divide, Position};
///
/// let rows = divide(&Position::new(), 2);
/// assert_eq!(rows.len(), 20);
/// assert_eq!(rows[0].0.to_string(), "a2a3");
/// assert!(rows.iter().all(|(_, n)| *n == 20));
/// ```
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut out: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (*m, perft(&child, depth - 1))
        })
        .collect();
    out.sort_by_key(|(m, _)| m.to_string());
    out
}
