//! The search's accumulators: one per ply under copy-make (docs/ENGINE.md,
//! "Networks (NNUE)", "In the search"). A move made at ply `n` records how
//! ply `n + 1`'s accumulator follows from ply `n`'s (the move's [`Delta`],
//! or a refresh where there is none; a null move changes nothing); the
//! accumulator itself is computed only when a node evaluates, from the
//! last ply of the path whose accumulator is computed (lazy updates: the
//! nodes cut before their evaluation, by the table or a draw rule, and the
//! evaluation cache's hits cost no update).

use std::sync::Arc;

use crate::nnue::{Accumulator, Delta, Network, NnueGame};

/// How a ply's accumulator follows from its parent's.
#[derive(Copy, Clone, Debug)]
enum Link {
    /// The parent's changed by a move's delta (empty for a null move).
    Delta(Delta),
    /// Computed afresh from the position.
    Refresh,
}

/// A net and the accumulators of the current path.
pub(super) struct NetStack<P: NnueGame> {
    net: Arc<Network<P>>,
    accs: Vec<Accumulator>,
    links: Vec<Link>,
    /// Whether `accs[ply]` is the accumulator of the current path's
    /// position at `ply`.
    computed: Vec<bool>,
}

impl<P: NnueGame> NetStack<P> {
    /// Accumulators for `plies` plies.
    pub(super) fn new(net: Arc<Network<P>>, plies: usize) -> NetStack<P> {
        NetStack {
            net,
            accs: vec![Accumulator::default(); plies],
            links: vec![Link::Refresh; plies],
            computed: vec![false; plies],
        }
    }

    /// Starts the path at `root` (ply 0).
    pub(super) fn set_root(&mut self, root: &P) {
        self.accs[0].refresh(&self.net, root);
        self.links[0] = Link::Refresh;
        self.computed[0] = true;
    }

    /// The move `m` leads from `before` at `ply` to `after` at `ply + 1`.
    #[inline]
    pub(super) fn push_move(&mut self, ply: usize, before: &P, after: &P, m: &P::Move) {
        self.links[ply + 1] = Delta::between(before, after, m).map_or(Link::Refresh, Link::Delta);
        self.computed[ply + 1] = false;
    }

    /// A null move leads from `ply` to `ply + 1`: the same men.
    #[inline]
    pub(super) fn push_null(&mut self, ply: usize) {
        self.links[ply + 1] = Link::Delta(Delta::EMPTY);
        self.computed[ply + 1] = false;
    }

    /// The net's raw score of `pos`, the current path's position at `ply`,
    /// for its side to move, bringing the accumulators up to date.
    pub(super) fn evaluate(&mut self, pos: &P, ply: usize) -> i32 {
        self.update(pos, ply);
        debug_assert_eq!(
            self.accs[ply],
            Accumulator::new(&self.net, pos),
            "the search's accumulator at ply {ply} differs from a refresh"
        );
        self.net.evaluate(&self.accs[ply], pos.turn(), pos.men())
    }

    /// Computes `accs[ply]`: from the deepest computed ply of the path
    /// below it, delta by delta, or afresh from `pos` when a ply on the
    /// way has no delta.
    fn update(&mut self, pos: &P, ply: usize) {
        let mut k = ply;
        while !self.computed[k] {
            if matches!(self.links[k], Link::Refresh) || k == 0 {
                self.accs[ply].refresh(&self.net, pos);
                self.computed[ply] = true;
                return;
            }
            k -= 1;
        }
        for j in k + 1..=ply {
            if let Link::Delta(d) = self.links[j] {
                let (done, rest) = self.accs.split_at_mut(j);
                rest[0].update_from(&done[j - 1], &d, &self.net);
            }
            self.computed[j] = true;
        }
    }
}
