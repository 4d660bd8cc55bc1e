//! Dirichlet noise for the root's priors, from the seeded
//! [`Rng`](tamerlane_core::Rng): a Dirichlet(alpha, ..., alpha) sample is
//! `n` independent Gamma(alpha, 1) samples divided by their sum.
//!
//! Gamma(alpha, 1) is sampled by Marsaglia and Tsang's method ("A simple
//! method for generating gamma variables", ACM TOMS 26(3), 2000): for
//! `alpha >= 1`, with `d = alpha - 1/3` and `c = 1 / sqrt(9 d)`, draw a
//! standard normal `x` (Box-Muller) and a uniform `u`, let `v = (1 + c
//! x)^3`, and accept `d v` when `v > 0` and `ln u < x^2 / 2 + d - d v + d
//! ln v`; for `alpha < 1` (the usual case, 0.3 for chess in AlphaZero), a
//! Gamma(alpha + 1) sample times `u^(1 / alpha)`.

use tamerlane_core::Rng;

/// A uniform number in `(0, 1)` (never 0, so its logarithm is finite).
pub(crate) fn uniform_open(rng: &mut Rng) -> f64 {
    // 53 random bits, shifted half a step off 0.
    ((rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64)
}

/// A standard normal number (Box-Muller; the second number of the pair is
/// dropped, so that every draw takes the same amount of the stream).
fn normal(rng: &mut Rng) -> f64 {
    let u1 = uniform_open(rng);
    let u2 = uniform_open(rng);
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// A Gamma(`alpha`, 1) number, `alpha > 0`.
pub(crate) fn gamma(rng: &mut Rng, alpha: f64) -> f64 {
    if alpha < 1.0 {
        let u = uniform_open(rng);
        return gamma(rng, alpha + 1.0) * u.powf(1.0 / alpha);
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = uniform_open(rng);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// Fills `out` with a Dirichlet(`alpha`, ..., `alpha`) sample: positive
/// numbers summing to 1 (uniform if every Gamma sample underflowed to 0).
pub(crate) fn dirichlet(rng: &mut Rng, alpha: f64, out: &mut [f32]) {
    let mut g = [0f64; 64];
    let mut sum = 0.0;
    // In chunks, to stay allocation-free for any number of moves.
    let mut values = Vec::new();
    let samples: &mut [f64] = if out.len() <= g.len() {
        &mut g[..out.len()]
    } else {
        values.resize(out.len(), 0.0);
        &mut values
    };
    for s in samples.iter_mut() {
        *s = gamma(rng, alpha);
        sum += *s;
    }
    let n = out.len() as f64;
    for (o, s) in out.iter_mut().zip(samples.iter()) {
        *o = if sum > 0.0 {
            (s / sum) as f32
        } else {
            (1.0 / n) as f32
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_has_the_right_mean_and_variance() {
        // Gamma(a, 1) has mean a and variance a.
        for alpha in [0.3, 1.0, 2.5] {
            let mut rng = Rng::new(11);
            let n = 200_000;
            let xs: Vec<f64> = (0..n).map(|_| gamma(&mut rng, alpha)).collect();
            let mean = xs.iter().sum::<f64>() / n as f64;
            let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n as f64;
            assert!(xs.iter().all(|x| *x >= 0.0 && x.is_finite()));
            assert!(
                (mean - alpha).abs() < 0.02 * alpha.max(1.0),
                "{alpha}: mean {mean}"
            );
            assert!(
                (var - alpha).abs() < 0.05 * alpha.max(1.0),
                "{alpha}: var {var}"
            );
        }
    }

    #[test]
    fn dirichlet_sums_to_one_and_is_seeded() {
        for n in [1, 5, 100] {
            let mut a = vec![0f32; n];
            let mut b = vec![0f32; n];
            dirichlet(&mut Rng::new(3), 0.3, &mut a);
            dirichlet(&mut Rng::new(3), 0.3, &mut b);
            assert_eq!(a, b);
            assert!((a.iter().sum::<f32>() - 1.0).abs() < 1e-4);
            assert!(a.iter().all(|x| *x >= 0.0));
        }
    }
}
