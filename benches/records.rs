//! Game-record benchmarks (criterion): reading and writing a file of
//! 10,000 seeded random games.
//!
//! `cargo bench --bench records`. Results and the machine are recorded in
//! `docs/BENCHMARKS.md` (section "Game records").

use std::time::Instant;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use tamerlane::ai::Rng;
use tamerlane::tamerlane::Game;
use tamerlane::{read_records, GameRecord, Move, MoveKind};

/// Number of games in the benchmark file.
const GAMES: u64 = 10_000;
/// Longest game, in plies.
const MAX_PLIES: usize = 80;

/// A seeded random game from the initial position, preferring special
/// moves and pawn moves, up to `MAX_PLIES` plies or its end.
fn random_game(seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new();
    for _ in 0..MAX_PLIES {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let special: Vec<&Move> = moves
            .iter()
            .filter(|m| m.kind != MoveKind::Normal)
            .collect();
        let pawns: Vec<&Move> = moves.iter().filter(|m| m.role.is_pawn()).collect();
        let m = if !special.is_empty() && rng.below(2) == 0 {
            *special[rng.below(special.len())]
        } else if !pawns.is_empty() && rng.below(3) == 0 {
            *pawns[rng.below(pawns.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        game.play(&m).expect("a generated move is legal");
    }
    game
}

/// The benchmark file: `GAMES` records, and their total number of moves.
fn records_file() -> (String, u64) {
    let mut text = String::new();
    let mut moves = 0;
    for seed in 0..GAMES {
        let game = random_game(seed);
        moves += game.moves().len() as u64;
        let mut rec = GameRecord::new(game).expect("a generated game can be recorded");
        rec.set_tag("Round", &(seed + 1).to_string())
            .expect("a number is a valid tag value");
        text.push_str(&rec.to_string());
        text.push('\n');
    }
    (text, moves)
}

fn read_all(text: &str) -> u64 {
    read_records(text.as_bytes())
        .map(|g| g.expect("a valid record").game().moves().len() as u64)
        .sum()
}

fn bench_records(c: &mut Criterion) {
    let t = Instant::now();
    let (text, moves) = records_file();
    eprintln!(
        "records: {GAMES} games, {moves} moves, {} bytes, generated and written in {:.2} s",
        text.len(),
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    assert_eq!(read_all(&text), moves);
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "records: read once in {secs:.3} s: {:.0} moves/s",
        moves as f64 / secs
    );

    let mut g = c.benchmark_group("records");
    g.sample_size(10);
    g.throughput(Throughput::Elements(moves));
    g.bench_function("read_10000_games", |b| {
        b.iter(|| read_all(black_box(&text)))
    });
    let records: Vec<GameRecord> = read_records(text.as_bytes())
        .map(|g| g.expect("a valid record"))
        .collect();
    g.bench_function("write_10000_games", |b| {
        b.iter(|| {
            black_box(&records)
                .iter()
                .map(|r| r.to_string().len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench_records);
criterion_main!(benches);
