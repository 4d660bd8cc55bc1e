//! A network's weights for one game ([`Network`]), quantised as in
//! Stockfish and bullet (int16 weights, int32 output bias; docs/ENGINE.md,
//! "Networks (NNUE)"). The forward pass is `forward.rs`, the file
//! `format.rs`.

use core::fmt;
use core::marker::PhantomData;

use tamerlane_core::Color;

use super::arch::{BUCKETS, HIDDEN, MAX_OUTPUT_WEIGHT};
use super::delta::{Delta, MAX_CHANGED};
use super::error::NetError;
use super::features::NnueGame;
use super::simd::{Kernel, Row};

/// The weights of a network for the game `G`.
pub struct Network<G> {
    /// One row per input feature.
    ft: Box<[Row]>,
    /// The first layer's bias.
    ft_bias: Box<Row>,
    /// Per bucket, the output weights of the side to move's half and of
    /// the other side's half.
    out: Box<[[Row; 2]; BUCKETS]>,
    /// Per bucket, the output bias (in units of `1 / (QA * QB)`).
    out_bias: [i32; BUCKETS],
    /// The loops' implementation on this machine.
    kernel: Kernel,
    game: PhantomData<fn() -> G>,
}

impl<G> Clone for Network<G> {
    fn clone(&self) -> Network<G> {
        Network {
            ft: self.ft.clone(),
            ft_bias: self.ft_bias.clone(),
            out: self.out.clone(),
            out_bias: self.out_bias,
            kernel: self.kernel,
            game: PhantomData,
        }
    }
}

impl<G> fmt::Debug for Network<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("features", &self.ft.len())
            .field("hidden", &HIDDEN)
            .field("buckets", &BUCKETS)
            .finish_non_exhaustive()
    }
}

/// Copies `values` into rows of `HIDDEN`; the caller checked the length.
fn rows(values: &[i16]) -> Vec<Row> {
    values
        .chunks_exact(HIDDEN)
        .map(|c| {
            let mut row = Row::ZERO;
            row.0.copy_from_slice(c);
            row
        })
        .collect()
}

impl<G: NnueGame> Network<G> {
    /// A network from its quantised weights, in the file's order and
    /// shapes: the feature weights `[FEATURES][HIDDEN]`, the first layer's
    /// bias `[HIDDEN]`, the output weights `[BUCKETS][2][HIDDEN]` (the side
    /// to move's half first) and the output bias `[BUCKETS]`. A wrong length
    /// or an output weight beyond [`MAX_OUTPUT_WEIGHT`] is an error.
    pub fn from_parts(
        ft: &[i16],
        ft_bias: &[i16],
        out: &[i16],
        out_bias: &[i32],
    ) -> Result<Network<G>, NetError> {
        let check = |part: &'static str, expected: usize, found: usize| {
            if expected == found {
                Ok(())
            } else {
                Err(NetError::PartSize {
                    part,
                    expected,
                    found,
                })
            }
        };
        check("feature weights", G::FEATURES * HIDDEN, ft.len())?;
        check("feature bias", HIDDEN, ft_bias.len())?;
        check("output weights", BUCKETS * 2 * HIDDEN, out.len())?;
        check("output bias", BUCKETS, out_bias.len())?;
        if let Some((index, &value)) = out
            .iter()
            .enumerate()
            .find(|(_, w)| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16)
        {
            return Err(NetError::OutputWeightRange { index, value });
        }
        let out_rows = rows(out);
        let mut buckets = Box::new([[Row::ZERO; 2]; BUCKETS]);
        for (b, halves) in buckets.iter_mut().enumerate() {
            *halves = [out_rows[2 * b], out_rows[2 * b + 1]];
        }
        let mut bias = [0; BUCKETS];
        bias.copy_from_slice(out_bias);
        Ok(Network {
            ft: rows(ft).into_boxed_slice(),
            ft_bias: Box::new(rows(ft_bias)[0]),
            out: buckets,
            out_bias: bias,
            kernel: Kernel::detect(),
            game: PhantomData,
        })
    }

    /// A network of random weights, for measurements and tests (the
    /// `nnue_random` example writes one; docs/ENGINE.md, "Networks
    /// (NNUE)"): feature weights drawn uniformly from `[-feature,
    /// feature]`, first-layer biases from `[0, 3 * feature]`, output
    /// weights over their whole range and output biases from
    /// `[-output_bias, output_bias]`. The same arguments give the same
    /// net; `random(seed, 40, 5000)` scores positions by some hundreds of
    /// centipawns, as a real evaluation does.
    pub fn random(seed: u64, feature: i16, output_bias: i32) -> Network<G> {
        let mut rng = crate::Rng::new(seed);
        let mut uniform = |lo: i32, hi: i32| lo + rng.below((hi - lo + 1) as usize) as i32;
        let (f, w) = (
            i32::from(feature.saturating_abs()),
            i32::from(MAX_OUTPUT_WEIGHT),
        );
        let ft: Vec<i16> = (0..G::FEATURES * HIDDEN)
            .map(|_| uniform(-f, f) as i16)
            .collect();
        let ft_bias: Vec<i16> = (0..HIDDEN)
            .map(|_| uniform(0, (3 * f).min(i32::from(i16::MAX))) as i16)
            .collect();
        let out: Vec<i16> = (0..BUCKETS * 2 * HIDDEN)
            .map(|_| uniform(-w, w) as i16)
            .collect();
        let b = output_bias.saturating_abs();
        let out_bias: Vec<i32> = (0..BUCKETS).map(|_| uniform(-b, b)).collect();
        Network::from_parts(&ft, &ft_bias, &out, &out_bias)
            .expect("the sizes are the architecture's and the output weights in range")
    }

    /// The weights in the file's order (see [`from_parts`](Self::from_parts)).
    pub(crate) fn parts(&self) -> (Vec<i16>, Vec<i16>, Vec<i16>, Vec<i32>) {
        let flat = |rows: &mut dyn Iterator<Item = &Row>| -> Vec<i16> {
            rows.flat_map(|r| r.0.iter().copied()).collect()
        };
        (
            flat(&mut self.ft.iter()),
            self.ft_bias.0.to_vec(),
            flat(&mut self.out.iter().flatten()),
            self.out_bias.to_vec(),
        )
    }

    /// The loops' implementation this network uses.
    #[inline]
    pub(crate) fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// Uses `kernel` for the loops (the tests compare the paths).
    #[cfg(test)]
    pub(crate) fn with_kernel(mut self, kernel: Kernel) -> Network<G> {
        self.kernel = kernel;
        self
    }

    /// The first layer's bias.
    #[inline]
    pub(crate) fn ft_bias(&self) -> &Row {
        &self.ft_bias
    }

    /// The weights of feature `f` (below `G::FEATURES`).
    #[inline]
    pub(crate) fn ft_row(&self, f: usize) -> &Row {
        &self.ft[f]
    }

    /// The rows `delta` adds and removes in `view`'s view (the first
    /// `added().len()` and `removed().len()` are meant).
    #[inline]
    pub(crate) fn delta_rows(
        &self,
        delta: &Delta,
        view: Color,
    ) -> ([&Row; MAX_CHANGED], [&Row; MAX_CHANGED]) {
        let rows = |men: &[super::Man]| {
            let mut rows = [&*self.ft_bias; MAX_CHANGED];
            for (r, man) in rows.iter_mut().zip(men) {
                *r = self.ft_row(man.feature::<G>(view));
            }
            rows
        };
        (rows(delta.added()), rows(delta.removed()))
    }

    /// Bucket `b`'s output weights (the side to move's half, the other
    /// side's) and bias.
    #[inline]
    pub(crate) fn output(&self, b: usize) -> (&[Row; 2], i32) {
        (&self.out[b], self.out_bias[b])
    }
}
