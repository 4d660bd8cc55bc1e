//! Network benchmarks (criterion): the accumulator's refresh and
//! incremental update and the forward pass, per position, for the three
//! games, on positions of seeded random games with a net of random weights
//! (the costs do not depend on the weights' values).
//!
//! `cargo bench --bench nnue`. Results and the machine are recorded in
//! `docs/BENCHMARKS.md` (section "Networks (NNUE)").

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tamerlane::ai::nnue::arch::{BUCKETS, HIDDEN, MAX_OUTPUT_WEIGHT};
use tamerlane::ai::nnue::{Accumulator, Delta, Network, NnueGame};
use tamerlane::ai::Rng;
use tamerlane::{chess, makruk, tamerlane as tl};

/// Positions of the benchmark: this many random games' plies.
const GAMES: u64 = 16;
const PLIES: usize = 24;

fn random_net<G: NnueGame>() -> Network<G> {
    let mut rng = Rng::new(1);
    let mut draw = |lo: i32, hi: i32| lo + rng.below((hi - lo + 1) as usize) as i32;
    let w = i32::from(MAX_OUTPUT_WEIGHT);
    let ft: Vec<i16> = (0..G::FEATURES * HIDDEN)
        .map(|_| draw(-30, 30) as i16)
        .collect();
    let bias: Vec<i16> = (0..HIDDEN).map(|_| draw(-30, 200) as i16).collect();
    let out: Vec<i16> = (0..BUCKETS * 2 * HIDDEN)
        .map(|_| draw(-w, w) as i16)
        .collect();
    Network::from_parts(&ft, &bias, &out, &[0; BUCKETS]).expect("valid")
}

/// `(before, move, after)` of every ply of seeded random games.
fn plies<G: NnueGame>() -> Vec<(G, G::Move, G)> {
    let mut out = Vec::new();
    for seed in 0..GAMES {
        let mut rng = Rng::new(seed + 1);
        let mut pos = G::start(Default::default());
        for _ in 0..PLIES {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let mut after = pos.clone();
            after.play_unchecked(&m);
            out.push((pos, m, after.clone()));
            pos = after;
        }
    }
    out
}

fn bench_game<G: NnueGame>(c: &mut Criterion, name: &str) {
    let net = random_net::<G>();
    let plies = plies::<G>();
    let parents: Vec<Accumulator> = plies
        .iter()
        .map(|(b, _, _)| Accumulator::new(&net, b))
        .collect();
    let deltas: Vec<Delta> = plies
        .iter()
        .map(|(b, m, a)| Delta::between(b, a, m).expect("fits"))
        .collect();
    let mut group = c.benchmark_group(format!("nnue/{name}"));
    group.throughput(Throughput::Elements(plies.len() as u64));
    group.bench_function(BenchmarkId::from_parameter("refresh"), |b| {
        let mut acc = Accumulator::default();
        b.iter(|| {
            for (_, _, after) in &plies {
                acc.refresh(&net, black_box(after));
                black_box(&acc);
            }
        })
    });
    group.bench_function(BenchmarkId::from_parameter("delta"), |b| {
        b.iter(|| {
            for (before, m, after) in &plies {
                black_box(Delta::between(black_box(before), black_box(after), m));
            }
        })
    });
    group.bench_function(BenchmarkId::from_parameter("update"), |b| {
        let mut child = Accumulator::default();
        b.iter(|| {
            for (parent, delta) in parents.iter().zip(&deltas) {
                child.update_from(black_box(parent), black_box(delta), &net);
                black_box(&child);
            }
        })
    });
    group.bench_function(BenchmarkId::from_parameter("forward"), |b| {
        b.iter(|| {
            for ((_, _, after), acc) in plies.iter().zip(&parents) {
                black_box(net.evaluate(black_box(acc), after.turn(), after.men()));
            }
        })
    });
    group.finish();
}

fn bench_nnue(c: &mut Criterion) {
    bench_game::<tl::Position>(c, "tamerlane");
    bench_game::<chess::Position>(c, "chess");
    bench_game::<makruk::Position>(c, "makruk");
}

criterion_group!(benches, bench_nnue);
criterion_main!(benches);
