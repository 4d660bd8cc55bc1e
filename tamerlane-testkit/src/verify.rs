//! Exhaustive (brute-force) checks, independent of the search: used to
//! verify the answers of the tactics file and to find test positions.
//!
//! They apply the rules through [`Position::outcome`] only (citadel, no
//! legal move, royals only; no repetition or move limit, which cannot
//! matter within a few plies of a fresh position).
//!
//! The fork check (`material_gain`, `FORK_GAIN`) counts material with
//! the engine's piece values, so it needs the feature `engine`; the
//! forced-win checks need the rules only.

use tamerlane_core::tamerlane::Position;
use tamerlane_core::{Color, Move};

/// Whether the game is over in `pos` with `winner` as the winner.
fn won_by(pos: &Position, winner: Color) -> bool {
    pos.outcome().is_some_and(|o| o.winner == Some(winner))
}

/// Whether playing `m` in `pos` wins by force within `n` moves of the side
/// to move (`n` = 1: the game ends at once with a win).
pub fn forces_win(pos: &Position, m: &Move, n: u32) -> bool {
    let us = pos.turn();
    let mut after = pos.clone();
    after.play_unchecked(m);
    if won_by(&after, us) {
        return true;
    }
    if n <= 1 || after.outcome().is_some() {
        return false;
    }
    after.legal_moves().iter().all(|r| {
        let mut next = after.clone();
        next.play_unchecked(r);
        next.outcome().is_none()
            && next
                .legal_moves()
                .iter()
                .any(|w| forces_win(&next, w, n - 1))
    })
}

/// All moves of `pos` that win by force within `n` moves.
pub fn winning_moves(pos: &Position, n: u32) -> Vec<Move> {
    pos.legal_moves()
        .iter()
        .filter(|m| forces_win(pos, m, n))
        .copied()
        .collect()
}

/// Whether, after `m`, the opponent has a move that wins at once.
pub fn allows_win_in_one(pos: &Position, m: &Move) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.outcome().is_some() {
        return false;
    }
    after.legal_moves().iter().any(|r| forces_win(&after, r, 1))
}

#[cfg(feature = "engine")]
fn material(pos: &Position, c: Color) -> i32 {
    let b = pos.board();
    b.by_color(c)
        .squares()
        .filter_map(|sq| b.role_at(sq))
        .map(tamerlane_ai::eval::value)
        .sum()
}

/// The least material gain (eval piece values, see [`material_gain`]) that
/// makes a move a winning fork in the tactics suite: a piece worth one
/// and a half pawns or more.
#[cfg(feature = "engine")]
pub const FORK_GAIN: i32 = 150;

/// The side to move's material gain (eval piece values) after `m`, the
/// opponent's best reply and then its own best move, by exhaustive 3-ply
/// search: how much a fork wins. A reply that ends the game counts as
/// -10000 (the check is about material, not mates).
#[cfg(feature = "engine")]
pub fn material_gain(pos: &Position, m: &Move) -> i32 {
    let us = pos.turn();
    let base = material(pos, us) - material(pos, !us);
    let mut a = pos.clone();
    a.play_unchecked(m);
    if a.outcome().is_some() {
        return -10_000;
    }
    let mut worst = i32::MAX;
    for r in a.legal_moves().iter() {
        let mut b = a.clone();
        b.play_unchecked(r);
        if b.outcome().is_some() {
            worst = worst.min(-10_000);
            continue;
        }
        let mut best = material(&b, us) - material(&b, !us);
        for w in b.legal_moves().iter() {
            let mut c = b.clone();
            c.play_unchecked(w);
            best = best.max(material(&c, us) - material(&c, !us));
        }
        worst = worst.min(best);
    }
    worst - base
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_in_one_by_stalemate() {
        let pos = Position::from_tfen("k10/11/11/11/11/11/11/11/5K5/1R8R w - 00 0 1").unwrap();
        let wins: Vec<String> = winning_moves(&pos, 1)
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert!(wins.contains(&"k1k9".to_string()), "{wins:?}");
        assert!(!wins.contains(&"k1k10".to_string()));
    }
}
