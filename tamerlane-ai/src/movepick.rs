//! Move ordering: the transposition-table move first, then captures and
//! other tactical moves by MVV-LVA, then killer moves, then quiet moves by
//! their history score.

use tamerlane_core::{Move, MoveKind};

use crate::eval::order_value;
use crate::packed_move::PackedMove;

/// Ordering score of the TT move.
pub(crate) const TT_SCORE: i32 = 1 << 30;
/// Base score of captures, promotions and other tactical moves.
pub(crate) const CAPTURE_SCORE: i32 = 1 << 24;
/// Score of the first killer (the second is one lower).
pub(crate) const KILLER_SCORE: i32 = 1 << 22;

/// Per-thread move-ordering statistics.
pub(crate) struct OrderingTables {
    /// Two killer moves per ply.
    killers: Vec<[Option<PackedMove>; 2]>,
    /// History scores indexed by colour, from and to.
    history: Vec<i32>,
}

impl OrderingTables {
    /// Empty tables for `plies` plies.
    pub(crate) fn new(plies: usize) -> OrderingTables {
        OrderingTables {
            killers: vec![[None; 2]; plies],
            history: vec![0; 2 * 112 * 112],
        }
    }

    fn hidx(color: usize, m: &Move) -> usize {
        color * 112 * 112 + m.from.index() * 112 + m.to.index()
    }

    /// Rewards a quiet move that caused a cutoff, and punishes the quiet
    /// moves tried before it.
    pub(crate) fn update_quiet(
        &mut self,
        color: usize,
        ply: usize,
        best: &Move,
        tried: &[Move],
        depth: i32,
    ) {
        let k = &mut self.killers[ply];
        let key = Some(PackedMove::new(best));
        if k[0] != key {
            k[1] = k[0];
            k[0] = key;
        }
        let bonus = (depth * depth).min(400);
        let mut apply = |m: &Move, b: i32| {
            let h = &mut self.history[Self::hidx(color, m)];
            *h += b - *h * b.abs() / 16384;
        };
        apply(best, bonus);
        for m in tried {
            if m != best && is_quiet(m) {
                apply(m, -bonus);
            }
        }
    }

    /// Scores `moves` into `scores` for the node at `ply`.
    pub(crate) fn score(
        &self,
        color: usize,
        ply: usize,
        moves: &[Move],
        tt_move: Option<PackedMove>,
        use_history: bool,
        scores: &mut Vec<i32>,
    ) {
        scores.clear();
        let k = self.killers.get(ply).copied().unwrap_or([None; 2]);
        for m in moves {
            let key = Some(PackedMove::new(m));
            let s = if key == tt_move && tt_move.is_some() {
                TT_SCORE
            } else if !is_quiet(m) {
                CAPTURE_SCORE + tactical_score(m)
            } else if use_history && key == k[0] {
                KILLER_SCORE
            } else if use_history && key == k[1] {
                KILLER_SCORE - 1
            } else if use_history {
                self.history[Self::hidx(color, m)]
            } else {
                0
            };
            scores.push(s);
        }
    }
}

/// Whether a move is quiet: not a capture, promotion, pawn-of-pawns
/// placement or arrival, or citadel entry.
#[inline]
pub(crate) fn is_quiet(m: &Move) -> bool {
    m.capture.is_none()
        && matches!(
            m.kind,
            MoveKind::Normal | MoveKind::KingSwap | MoveKind::Transfer
        )
}

/// MVV-LVA and bonuses for the other tactical move kinds.
///
/// Not inlined: inlined into [`OrderingTables::score`] (its only caller),
/// its `match` on the move kind is merged with the quiet-move test and
/// every quiet move pays for it (measured: 40% more instructions in
/// `score`, 1% in the whole search).
#[inline(never)]
fn tactical_score(m: &Move) -> i32 {
    let victim = m.capture.map_or(0, order_value);
    let promo = match m.kind {
        MoveKind::Promotion(r) => order_value(r),
        MoveKind::Placement => 300,
        MoveKind::CitadelEntry => 50,
        MoveKind::Arrival(_) => 200,
        _ => 0,
    };
    victim * 16 + promo * 8 - order_value(m.role) / 16
}

/// Moves the best-scored move from `i..` to position `i` (selection sort
/// step) and returns it.
#[inline]
pub(crate) fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) -> Move {
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
