//! The accumulator: the first layer's output for both views, kept up to
//! date move by move (docs/ENGINE.md, "Networks (NNUE)").
//!
//! An [`Accumulator`] is a plain value of fixed size (two rows of
//! [`HIDDEN`] int16, cache-line aligned), so the search, which copies
//! positions (copy-make), can keep one per ply in an array on its stack
//! and write ply `n + 1`'s from ply `n`'s with [`Accumulator::update_from`]:
//! nothing is undone when a move is taken back.

use tamerlane_core::Color;

use super::arch::HIDDEN;
use super::delta::{Delta, MAX_CHANGED};
use super::features::{Man, NnueGame};
use super::network::Network;
use super::simd::{apply_rows, Row};

/// The first layer's output in White's view and in Black's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(C, align(64))]
pub struct Accumulator {
    sides: [Row; 2],
}

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            sides: [Row::ZERO; 2],
        }
    }
}

impl Accumulator {
    /// The accumulator of `pos`, computed from scratch.
    pub fn new<G: NnueGame>(net: &Network<G>, pos: &G) -> Accumulator {
        let mut acc = Accumulator::default();
        acc.refresh(net, pos);
        acc
    }

    /// `view`'s values.
    #[inline]
    pub fn side(&self, view: Color) -> &[i16; HIDDEN] {
        &self.sides[view.index()].0
    }

    /// `view`'s row.
    #[inline]
    pub(crate) fn row(&self, view: Color) -> &Row {
        &self.sides[view.index()]
    }

    /// Recomputes both views from `pos`: the bias plus the weights of every
    /// active feature.
    pub fn refresh<G: NnueGame>(&mut self, net: &Network<G>, pos: &G) {
        for view in [Color::White, Color::Black] {
            self.sides[view.index()] = *net.ft_bias();
        }
        // The men in batches, so that each pass over a row adds several.
        let mut batch = [[0usize; MAX_CHANGED]; 2];
        let mut n = 0;
        let kernel = net.kernel();
        let flush = |sides: &mut [Row; 2], batch: &[[usize; MAX_CHANGED]; 2], n: usize| {
            for view in [Color::White, Color::Black] {
                let rows = batch[view.index()].map(|f| net.ft_row(f));
                apply_rows(kernel, &mut sides[view.index()], None, &rows[..n], &[]);
            }
        };
        pos.for_each_man(|man| {
            batch[0][n] = man.feature::<G>(Color::White);
            batch[1][n] = man.feature::<G>(Color::Black);
            n += 1;
            if n == MAX_CHANGED {
                flush(&mut self.sides, &batch, n);
                n = 0;
            }
        });
        flush(&mut self.sides, &batch, n);
    }

    /// Sets `self` to `parent` changed by `delta`: the accumulator of the
    /// position after a move from the accumulator before it (copy-make).
    #[inline]
    pub fn update_from<G: NnueGame>(
        &mut self,
        parent: &Accumulator,
        delta: &Delta,
        net: &Network<G>,
    ) {
        for view in [Color::White, Color::Black] {
            let dst = &mut self.sides[view.index()];
            apply_delta(net, dst, Some(parent.row(view)), delta, view);
        }
    }

    /// Changes `self` by `delta` in place.
    #[inline]
    pub fn update<G: NnueGame>(&mut self, delta: &Delta, net: &Network<G>) {
        for view in [Color::White, Color::Black] {
            apply_delta(net, &mut self.sides[view.index()], None, delta, view);
        }
    }
}

/// `dst = base + delta` in `view`'s view, where `base` is `src` or, without
/// one, `dst` itself. The common shapes (a move, a capture) name their rows
/// one by one, which compiles to less work than the general arrays (about
/// 5% of a Makruk search's instructions, docs/BENCHMARKS.md).
#[inline]
fn apply_delta<G: NnueGame>(
    net: &Network<G>,
    dst: &mut Row,
    src: Option<&Row>,
    delta: &Delta,
    view: Color,
) {
    let kernel = net.kernel();
    let row = |man: &Man| net.ft_row(man.feature::<G>(view));
    match (delta.added(), delta.removed()) {
        ([a], [r]) => apply_rows(kernel, dst, src, &[row(a)], &[row(r)]),
        ([a], [r, c]) => apply_rows(kernel, dst, src, &[row(a)], &[row(r), row(c)]),
        (added, removed) => {
            let (add, sub) = net.delta_rows(delta, view);
            apply_rows(kernel, dst, src, &add[..added.len()], &sub[..removed.len()]);
        }
    }
}
