//! Move ordering: the transposition-table move first, then captures and
//! other tactical moves by the game's own score (MVV-LVA and the like),
//! then killer moves, then quiet moves by their history score.

use crate::game::SearchPosition;
use crate::packed_move::PackedMove;

/// Ordering score of the TT move.
pub(crate) const TT_SCORE: i32 = 1 << 30;
/// Base score of captures, promotions and other tactical moves.
pub(crate) const CAPTURE_SCORE: i32 = 1 << 24;
/// Score of the first killer (the second is one lower).
pub(crate) const KILLER_SCORE: i32 = 1 << 22;
/// Base score of tactical moves that lose material by static exchange
/// evaluation: after every quiet move (history scores stay far above it).
pub(crate) const BAD_CAPTURE_SCORE: i32 = -(1 << 24);

/// The MVV-LVA ordering score of a tactical move, as the three games
/// count it from order values: the most valuable victim first, then the
/// bonus of the move's kind (a promotion's piece, for instance), the least
/// valuable attacker breaking ties.
#[inline]
pub(crate) fn mvv_lva(victim: i32, bonus: i32, attacker: i32) -> i32 {
    victim * 16 + bonus * 8 - attacker / 16
}

/// Per-thread move-ordering statistics, sized for the game `P`.
pub(crate) struct OrderingTables<P: SearchPosition> {
    /// Two killer moves per ply.
    killers: Vec<[Option<PackedMove>; 2]>,
    /// History scores indexed by colour and the move's history index.
    history: Vec<i32>,
    /// Continuation histories: the score of a quiet move (its mover's
    /// colour, piece kind and target) after a given move one or two plies
    /// before it (that move's colour, piece kind and target), one table
    /// for both distances (the colours tell them apart), as in Stockfish.
    cont: Vec<i16>,
    game: std::marker::PhantomData<P>,
}

impl<P: SearchPosition> OrderingTables<P> {
    /// Empty tables for `plies` plies.
    pub(crate) fn new(plies: usize) -> OrderingTables<P> {
        OrderingTables {
            killers: vec![[None; 2]; plies],
            history: vec![0; 2 * P::HISTORY_SIZE],
            cont: Vec::new(),
            game: std::marker::PhantomData,
        }
    }

    #[inline]
    fn hidx(color: usize, m: &P::Move) -> usize {
        color * P::HISTORY_SIZE + P::history_index(m)
    }

    /// The key of `m` played by `color` in the continuation histories.
    #[inline]
    pub(crate) fn cont_key(color: usize, m: &P::Move) -> usize {
        color * P::PIECE_TO_SIZE + P::piece_to_index(m)
    }

    /// Allocates the continuation histories (on first use: a search that
    /// does not use them does not pay for them).
    pub(crate) fn enable_continuations(&mut self) {
        if self.cont.is_empty() {
            let n = 2 * P::PIECE_TO_SIZE;
            self.cont = vec![0; n * n];
        }
    }

    /// The continuation score of the quiet move `key` after the moves
    /// `prev` (one and two plies before; `None` for a null move or before
    /// the root).
    #[inline]
    fn cont_score(&self, prev: &[Option<usize>; 2], key: usize) -> i32 {
        let n = 2 * P::PIECE_TO_SIZE;
        prev.iter()
            .flatten()
            .map(|&p| i32::from(self.cont[p * n + key]))
            .sum()
    }

    /// The score of a quiet move of `color` by the history and, when
    /// enabled, the continuation histories after `prev`.
    #[inline]
    pub(crate) fn quiet_score(&self, color: usize, m: &P::Move, prev: &[Option<usize>; 2]) -> i32 {
        let h = self.history[Self::hidx(color, m)];
        if self.cont.is_empty() {
            h
        } else {
            h + self.cont_score(prev, Self::cont_key(color, m))
        }
    }

    /// Rewards a quiet move that caused a cutoff, and punishes the quiet
    /// moves tried before it.
    pub(crate) fn update_quiet(
        &mut self,
        color: usize,
        ply: usize,
        best: &P::Move,
        tried: &[P::Move],
        depth: i32,
        prev: &[Option<usize>; 2],
    ) {
        let k = &mut self.killers[ply];
        let key = Some(P::pack(best));
        if k[0] != key {
            k[1] = k[0];
            k[0] = key;
        }
        let bonus = (depth * depth).min(400);
        let mut apply = |m: &P::Move, b: i32| {
            let h = &mut self.history[Self::hidx(color, m)];
            *h += b - *h * b.abs() / 16384;
        };
        apply(best, bonus);
        for m in tried {
            if m != best && P::is_quiet(m) {
                apply(m, -bonus);
            }
        }
        if !self.cont.is_empty() {
            let n = 2 * P::PIECE_TO_SIZE;
            let mut apply = |m: &P::Move, b: i32| {
                let key = Self::cont_key(color, m);
                for &p in prev.iter().flatten() {
                    let h = &mut self.cont[p * n + key];
                    let v = i32::from(*h);
                    *h = (v + b - v * b.abs() / 16384) as i16;
                }
            };
            apply(best, bonus);
            for m in tried {
                if m != best && P::is_quiet(m) {
                    apply(m, -bonus);
                }
            }
        }
    }

    /// Hands the quiet-move history scores over (to start the next search
    /// of the same game from them), leaving this table's empty: the last
    /// use of the table.
    pub(crate) fn take_history(&mut self) -> Vec<i32> {
        std::mem::take(&mut self.history)
    }

    /// Starts from the history scores `kept` of an earlier search of the
    /// same game, halved so that this search's own findings soon outweigh
    /// them (ignored unless their size fits).
    pub(crate) fn restore_history(&mut self, mut kept: Vec<i32>) {
        if kept.len() == self.history.len() {
            for h in &mut kept {
                *h /= 2;
            }
            self.history = kept;
        }
    }

    /// The history score of a quiet move of `color`.
    #[inline]
    pub(crate) fn history(&self, color: usize, m: &P::Move) -> i32 {
        self.history[Self::hidx(color, m)]
    }

    /// Scores the moves of `pos` into `scores` for the node at `ply`.
    /// Tactical moves get [`CAPTURE_SCORE`] and their game score; the
    /// static exchange check that sends losing ones after the quiet moves
    /// is left to [`pick_checked`], when a move comes up (a node cut off
    /// by its first moves does not pay for the others').
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn score(
        &self,
        pos: &P,
        ply: usize,
        moves: &[P::Move],
        tt_move: Option<PackedMove>,
        use_history: bool,
        prev: &[Option<usize>; 2],
        scores: &mut Vec<i32>,
    ) {
        let color = pos.turn().index();
        scores.clear();
        let k = self.killers.get(ply).copied().unwrap_or([None; 2]);
        for m in moves {
            let key = Some(P::pack(m));
            let s = if key == tt_move && tt_move.is_some() {
                TT_SCORE
            } else if !P::is_quiet(m) {
                CAPTURE_SCORE + P::tactical_score(m)
            } else if use_history && key == k[0] {
                KILLER_SCORE
            } else if use_history && key == k[1] {
                KILLER_SCORE - 1
            } else if use_history {
                self.quiet_score(color, m, prev)
            } else {
                0
            };
            scores.push(s);
        }
    }
}

/// Moves the best-scored move from `i..` to position `i` (selection sort
/// step) and returns it.
#[inline]
pub(crate) fn pick<M: Copy>(moves: &mut [M], scores: &mut [i32], i: usize) -> M {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
    moves[i]
}

/// Like [`pick`], but with `use_see` a tactical move that comes up with
/// its good score is first checked by static exchange evaluation: if it
/// loses material it gets [`BAD_CAPTURE_SCORE`] plus its game score (after
/// every quiet move) and the next best move is picked instead. The order
/// is that of scoring every move's exchange up front.
#[inline]
pub(crate) fn pick_checked<P: SearchPosition>(
    pos: &P,
    moves: &mut [P::Move],
    scores: &mut [i32],
    i: usize,
    use_see: bool,
) -> P::Move {
    loop {
        let m = pick(moves, scores, i);
        let s = scores[i];
        if use_see && (CAPTURE_SCORE..TT_SCORE).contains(&s) && !pos.see_ge(&m, 0) {
            scores[i] = BAD_CAPTURE_SCORE + P::tactical_score(&m);
            continue;
        }
        return m;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tamerlane_core::tamerlane::Position;

    /// Kept history scores come back halved, and only into a table of their
    /// size (the engine also checks that they are the same game's: chess
    /// and Makruk tables have the same size).
    #[test]
    fn restored_history_is_halved_and_must_fit() {
        let pos = Position::new();
        let m = pos.legal_moves()[0];
        let mut t = OrderingTables::<Position>::new(4);
        t.update_quiet(0, 0, &m, &[], 10, &[None, None]);
        assert_eq!(t.history(0, &m), 100);
        let kept = t.take_history();
        let mut next = OrderingTables::<Position>::new(4);
        next.restore_history(kept);
        assert_eq!(next.history(0, &m), 50);
        let mut other = OrderingTables::<Position>::new(4);
        other.restore_history(vec![7; 3]);
        assert_eq!(other.history(0, &m), 0);
    }
}
