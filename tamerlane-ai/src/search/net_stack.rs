//! The search's accumulators: one per ply under copy-make (docs/ENGINE.md,
//! "Networks (NNUE)", "In the search"). A move made at ply `n` writes ply
//! `n + 1`'s accumulator from ply `n`'s and the move's [`Delta`] (or
//! afresh from the position where a move has none); a null move copies
//! it. Nothing is undone when a move is taken back.
//!
//! The updates are eager, after the search's pruning of the move: a lazy
//! scheme (computing a ply's accumulator only when its node evaluates,
//! from the deepest computed ply of the path) was measured 2 to 5% slower
//! in nodes per second at a fixed node count (the same trees), as almost
//! every node reached evaluates.

#[cfg(debug_assertions)]
use std::cell::Cell;
use std::sync::Arc;

use crate::nnue::{Accumulator, Delta, Network, NnueGame};

/// A debug build checks one evaluation in this many against a refresh
/// (docs/ENGINE.md, "Networks (NNUE)", "In the search"): a refresh at
/// every evaluation made debug searches with a net too slow for the tests
/// that search in debug, while a sample still catches an update that goes
/// wrong on any common move. The property tests of `nnue` compare every
/// step of their random games.
#[cfg(debug_assertions)]
const CHECK_EVERY: u32 = 32;

/// A net and the accumulators of the current path.
pub(super) struct NetStack<P: NnueGame> {
    net: Arc<Network<P>>,
    accs: Vec<Accumulator>,
    /// Evaluations so far, for the debug check's sample.
    #[cfg(debug_assertions)]
    evaluations: Cell<u32>,
}

impl<P: NnueGame> NetStack<P> {
    /// Accumulators for `plies` plies.
    pub(super) fn new(net: Arc<Network<P>>, plies: usize) -> NetStack<P> {
        NetStack {
            net,
            accs: vec![Accumulator::default(); plies],
            #[cfg(debug_assertions)]
            evaluations: Cell::new(0),
        }
    }

    /// Starts the path at `root` (ply 0).
    pub(super) fn set_root(&mut self, root: &P) {
        self.accs[0].refresh(&self.net, root);
    }

    /// The move `m` leads from `before` at `ply` to `after` at `ply + 1`.
    /// Its delta is the one the move names (nearly every move), or else
    /// found from the two boards.
    #[inline]
    pub(super) fn push_move(&mut self, ply: usize, before: &P, after: &P, m: &P::Move) {
        let (done, rest) = self.accs.split_at_mut(ply + 1);
        let delta =
            Delta::named::<P>(m, before.turn()).or_else(|| Delta::between(before, after, m));
        match delta {
            Some(d) => rest[0].update_from(&done[ply], &d, &self.net),
            None => rest[0].refresh(&self.net, after),
        }
    }

    /// A null move leads from `ply` to `ply + 1`: the same men.
    #[inline]
    pub(super) fn push_null(&mut self, ply: usize) {
        self.accs[ply + 1] = self.accs[ply];
    }

    /// The net's raw score of `pos`, the current path's position at `ply`,
    /// for its side to move. A debug build checks the accumulator against
    /// a refresh, at the first evaluation and every [`CHECK_EVERY`]th after.
    pub(super) fn evaluate(&self, pos: &P, ply: usize) -> i32 {
        #[cfg(debug_assertions)]
        {
            let n = self.evaluations.get();
            self.evaluations.set(n.wrapping_add(1));
            if n % CHECK_EVERY == 0 {
                assert_eq!(
                    self.accs[ply],
                    Accumulator::new(&self.net, pos),
                    "the search's accumulator at ply {ply} differs from a refresh"
                );
            }
        }
        self.net.evaluate(&self.accs[ply], pos.turn(), pos.men())
    }
}
