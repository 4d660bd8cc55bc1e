//! The AVX2 path gives the plain path's results bit for bit: the row
//! updates, the SCReLU dot product (on random values over the whole `i16`
//! range, saturated and negative ones included) and whole evaluations.

use tamerlane_core::{chess, makruk, tamerlane, Rng};

use super::super::arch::{HIDDEN, MAX_OUTPUT_WEIGHT};
use super::super::simd::{apply_rows, screlu_dot, screlu_dot_plain, Kernel, Row};
use super::super::{Accumulator, NnueGame};
use super::{random_net, uniform};

/// A row of random values in `[lo, hi]`.
fn random_row(rng: &mut Rng, lo: i32, hi: i32) -> Row {
    let mut row = Row::ZERO;
    for x in row.0.iter_mut() {
        *x = uniform(rng, lo, hi) as i16;
    }
    row
}

/// The machine's AVX2 kernel, or `None` (then the test says so and checks
/// the plain path only).
fn avx2() -> Option<Kernel> {
    match Kernel::detect() {
        Kernel::Plain => {
            eprintln!("no AVX2 on this machine: only the plain path is tested");
            None
        }
        k => Some(k),
    }
}

#[test]
fn dot_product_avx2_equals_plain() {
    let Some(fast) = avx2() else { return };
    let mut rng = Rng::new(5);
    let w = i32::from(MAX_OUTPUT_WEIGHT);
    for round in 0..2000 {
        // Values around the clamp's bounds, and over the whole range.
        let (lo, hi) = if round % 2 == 0 {
            (-300, 600)
        } else {
            (-32768, 32767)
        };
        let acc = random_row(&mut rng, lo, hi);
        let weights = random_row(&mut rng, -w, w);
        assert_eq!(
            screlu_dot(fast, &acc, &weights),
            screlu_dot_plain(&acc, &weights),
            "round {round}"
        );
    }
    // The largest products everywhere, which wrap the i32 sum.
    let top = Row([i16::MAX; HIDDEN]);
    let w_top = Row([MAX_OUTPUT_WEIGHT; HIDDEN]);
    assert_eq!(
        screlu_dot(fast, &top, &w_top),
        screlu_dot_plain(&top, &w_top)
    );
}

/// Both kernels, in place and from a source row, give the definition's
/// wrapping sums (the plain one on every machine).
#[test]
fn row_updates_avx2_equal_plain() {
    let kernels: Vec<Kernel> = [Some(Kernel::Plain), avx2()]
        .into_iter()
        .flatten()
        .collect();
    let mut rng = Rng::new(6);
    for _ in 0..500 {
        let base = random_row(&mut rng, -32768, 32767);
        let rows: Vec<Row> = (0..8)
            .map(|_| random_row(&mut rng, -32768, 32767))
            .collect();
        let (n_add, n_sub) = (rng.below(5), rng.below(5));
        let add: Vec<&Row> = rows[..n_add].iter().collect();
        let sub: Vec<&Row> = rows[4..4 + n_sub].iter().collect();
        // Element by element, wrapping, as the definition says.
        let mut want = base;
        for i in 0..HIDDEN {
            for r in &add {
                want.0[i] = want.0[i].wrapping_add(r.0[i]);
            }
            for r in &sub {
                want.0[i] = want.0[i].wrapping_sub(r.0[i]);
            }
        }
        for &kernel in &kernels {
            let mut in_place = base;
            apply_rows(kernel, &mut in_place, None, &add, &sub);
            assert_eq!(in_place, want, "{kernel:?} in place");
            // From a separate source row, over whatever `dst` held.
            let mut from = rows[7];
            apply_rows(kernel, &mut from, Some(&base), &add, &sub);
            assert_eq!(from, want, "{kernel:?} from a source row");
        }
    }
}

/// Random games' positions give the same accumulators and evaluations
/// with either kernel.
fn evaluations_agree<G: NnueGame>() {
    let Some(fast) = avx2() else { return };
    let net = random_net::<G>(21, 500);
    let plain = net.clone().with_kernel(Kernel::Plain);
    let net = net.with_kernel(fast);
    let mut rng = Rng::new(9);
    for _ in 0..20 {
        let mut pos = G::start(Default::default());
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[rng.below(moves.len())]);
            let (a, b) = (Accumulator::new(&net, &pos), Accumulator::new(&plain, &pos));
            assert_eq!(a, b);
            assert_eq!(
                net.evaluate(&a, pos.turn(), pos.men()),
                plain.evaluate(&b, pos.turn(), pos.men())
            );
        }
    }
}

#[test]
fn evaluations_avx2_equal_plain() {
    evaluations_agree::<tamerlane::Position>();
    evaluations_agree::<chess::Position>();
    evaluations_agree::<makruk::Position>();
}
