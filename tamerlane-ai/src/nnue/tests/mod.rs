//! The network code's tests: incremental updates against refreshes for
//! the three games with their special moves (`incremental.rs`), the AVX2
//! path against the plain one (`kernels.rs`), the net file's checks
//! (`file.rs`), and small nets set by hand whose outputs are computed by
//! hand (`hand.rs`).

mod file;
mod hand;
mod incremental;
mod kernels;

use tamerlane_core::Rng;

use super::{Network, NnueGame};

/// A value drawn uniformly from `[lo, hi]`.
fn uniform(rng: &mut Rng, lo: i32, hi: i32) -> i32 {
    lo + rng.below((hi - lo + 1) as usize) as i32
}

/// A network of random weights: feature weights in `[-ft, ft]`, output
/// weights over their whole allowed range, large output biases.
fn random_net<G: NnueGame>(seed: u64, ft: i16) -> Network<G> {
    Network::random(seed, ft, 50_000)
}
