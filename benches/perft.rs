//! Move generation benchmarks (criterion).
//!
//! `cargo bench --bench perft`. Results and the machine are recorded in
//! `docs/BENCHMARKS.md`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tamerlane::perft;
use tamerlane::tamerlane::Position;

/// The initial position and three positions reached by seeded random legal
/// play (12, 18 and 24 plies), with 35, 29 and 36 legal moves.
const POSITIONS: &[(&str, &str)] = &[
    ("initial", tamerlane::INITIAL_TFEN),
    (
        "ply12",
        "e1cnd1dn3/r1tgvkfgt1r/pr1ptpgpvpkpfpeepdpp/1pn5cpc2/11/11/2PC1PFPK3C1/PPPDEPE2PVPGPTPNPR/RNTGFKVGTNR/2C1D3D1E w Kk 00 2 7",
    ),
    (
        "ply18",
        "e1cndf2d1e/r1tgvk1gtnr/prpnptpg1pkpfpepcpd1/4pv5pp/11/3PE5PN1/PP7c1PR/1PDPC1PFPKPVPGPT2/RNTG1KVGTNR/E1CFD1D1C1E w Kk 00 1 10",
    ),
    (
        "ply24",
        "eCc1d3d1e/rntgvkfgtnr/2ptpg1pk1pe1pd1/prpn2pv1pf2c1/8pc1pp/9PN1/NPDPC3TPG3/PP2PEPFPKPVNPT1PR/R1TG1KVG2R/E2FD1D1C1E w Kk 00 2 13",
    ),
];

fn bench_perft(c: &mut Criterion) {
    let pos = Position::new();
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for depth in [4u32, 5] {
        let leaves = perft(&pos, depth);
        g.throughput(Throughput::Elements(leaves));
        g.bench_with_input(BenchmarkId::new("initial", depth), &depth, |b, &d| {
            b.iter(|| perft(black_box(&pos), d))
        });
    }
    g.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let mut g = c.benchmark_group("movegen");
    for (name, tfen) in POSITIONS {
        let pos = Position::from_tfen(tfen).expect("valid benchmark position");
        g.bench_function(BenchmarkId::new("count_legal", name), |b| {
            b.iter(|| black_box(&pos).count_legal())
        });
        g.bench_function(BenchmarkId::new("legal_moves", name), |b| {
            b.iter(|| black_box(&pos).legal_moves().len())
        });
        let mut list = tamerlane::MoveList::new();
        g.bench_function(BenchmarkId::new("legal_moves_into", name), |b| {
            b.iter(|| {
                black_box(&pos).legal_moves_into(&mut list);
                list.len()
            })
        });
        g.bench_function(BenchmarkId::new("perft3", name), |b| {
            b.iter(|| perft(black_box(&pos), 3))
        });
    }
    g.finish();
}

fn bench_make(c: &mut Criterion) {
    let pos = Position::new();
    let m = pos.parse_move("b2c4").expect("legal");
    let mut g = c.benchmark_group("make");
    g.bench_function("clone", |b| b.iter(|| black_box(&pos).clone()));
    g.bench_function("clone+play_unchecked", |b| {
        b.iter(|| {
            let mut p = black_box(&pos).clone();
            p.play_unchecked(black_box(&m));
            p
        })
    });
    g.finish();
}

criterion_group!(benches, bench_perft, bench_movegen, bench_make);
criterion_main!(benches);
