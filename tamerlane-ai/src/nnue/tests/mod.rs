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

use super::arch::{BUCKETS, HIDDEN, MAX_OUTPUT_WEIGHT};
use super::{Network, NnueGame};

/// A value drawn uniformly from `[lo, hi]`.
fn uniform(rng: &mut Rng, lo: i32, hi: i32) -> i32 {
    lo + rng.below((hi - lo + 1) as usize) as i32
}

/// A network of random weights: feature weights in `[-ft, ft]`, output
/// weights over their whole allowed range.
fn random_net<G: NnueGame>(seed: u64, ft: i32) -> Network<G> {
    let mut rng = Rng::new(seed);
    let w = MAX_OUTPUT_WEIGHT as i32;
    let ft_w: Vec<i16> = (0..G::FEATURES * HIDDEN)
        .map(|_| uniform(&mut rng, -ft, ft) as i16)
        .collect();
    let ft_b: Vec<i16> = (0..HIDDEN)
        .map(|_| uniform(&mut rng, -ft, 4 * ft) as i16)
        .collect();
    let out: Vec<i16> = (0..BUCKETS * 2 * HIDDEN)
        .map(|_| uniform(&mut rng, -w, w) as i16)
        .collect();
    let out_b: Vec<i32> = (0..BUCKETS)
        .map(|_| uniform(&mut rng, -50_000, 50_000))
        .collect();
    Network::from_parts(&ft_w, &ft_b, &out, &out_b).expect("sizes and ranges are right")
}
