//! Texel tuning of the Tamerlane evaluation: the piece values and the
//! weight of every positional term, on self-play positions.
//!
//! Reads the positions of `tamerlane datagen` files (`TFEN | SCORE |
//! RESULT`), or replays the games of match records written by `tamerlane
//! match --out FILE` (or the one-line format of earlier match files: `N A B
//! RESULT TERMINATION | OPENING-TFEN | MOVES`), and keeps the *quiet*
//! positions (side to move not in check, no tactical move available; from
//! match records also past the first 8 plies and before the last 10), each
//! labelled with its game's result for White. The evaluation before its scaling is linear in the
//! parameters:
//!
//! `raw = sum_r values[r] * (white_r - black_r) + sum_t weights[t] * count_t + tempo`
//!
//! with the term counts of `eval::tamerlane::positional_terms` (White's
//! minus Black's); the scaling (the move-limit fade and the citadel rule)
//! is a factor per position, held at its value under the current
//! parameters. The tuner fits the scale `K` of the win-probability curve
//! `1 / (1 + 10^(-K * eval / 400))` to the current parameters, then
//! minimises the mean squared error between that curve and the results by
//! coordinate descent on all parameters (pawn fixed at 100, King at 0, no
//! piece value below 50), with a 10% hold-out set to show it does not
//! merely fit noise.
//!
//! ```text
//! cargo run --release -p tamerlane-ai --example texel -- games1.pgn games2.pgn ...
//! ```
//!
//! With `--citadel` first, it fits the citadel's pull instead
//! ([`CITADEL_PULL`]: the factor toward the draw for each count of the
//! runner's steps), the evaluation before the pull held at its value under
//! the current parameters, on the quiet positions up to the end of each
//! game (the last ten plies are where runners arrive).

use std::error::Error;
use std::fs;

use tamerlane_ai::eval::tamerlane::{
    citadel_pull_index, fade_toward, material, positional_terms, scale, Term, TermCounts,
    CITADEL_PULL, TEMPO, WEIGHTS,
};
use tamerlane_ai::eval::{evaluate, value, EvalKind};
use tamerlane_ai::Perspective;
use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{read_records, Color, GameResult, Move, Role};

/// The tuned roles (one value each; the Adventitious King shares the
/// Prince's value, the other pawns are the fixed 100).
const TUNED: [&[Role]; 12] = [
    &[Role::Prince, Role::AdventitiousKing],
    &[Role::Ferz],
    &[Role::Vizier],
    &[Role::Elephant],
    &[Role::Dabbaba],
    &[Role::Camel],
    &[Role::Knight],
    &[Role::Talia],
    &[Role::Giraffe],
    &[Role::Rook],
    &[Role::PawnOfPawns],
    &[Role::PawnOfKings],
];

/// The first line of a `tamerlane datagen` file.
const DATAGEN_HEADER: &str = "# tamerlane datagen";

/// The number of tuned parameters: the values, then the term weights.
const PARAMS: usize = TUNED.len() + Term::ALL.len();

/// No tuned value goes below this: a piece is worth at least half a pawn.
const MIN_VALUE: f64 = 50.0;

struct Sample {
    /// White minus Black count of each tuned role, then each term's
    /// count (White's minus Black's).
    features: [i32; PARAMS],
    /// The untuned part of the raw evaluation (White's view): the other
    /// pawns' material and the tempo.
    fixed: f64,
    /// The scaling of the evaluation (fade, citadel), as a factor.
    factor: f64,
    /// The evaluation after the move-limit fade, before the citadel's
    /// pull (White's view).
    faded: f64,
    /// The index into [`CITADEL_PULL`] of the pull applied, if any.
    pull: Option<usize>,
    /// The result for White: 1, 0.5 or 0.
    result: f64,
}

fn count(pos: &Position, role: Role, c: Color) -> i32 {
    (pos.board().by_role(role) & pos.board().by_color(c)).count() as i32
}

fn sample(pos: &Position, result: f64) -> Sample {
    let mut features = [0; PARAMS];
    let mut tuned_material = 0;
    for (i, roles) in TUNED.iter().enumerate() {
        for &r in *roles {
            let d = count(pos, r, Color::White) - count(pos, r, Color::Black);
            features[i] += d;
            tuned_material += d * value(r);
        }
    }
    let mat = material(pos);
    let mut terms = TermCounts::default();
    positional_terms(pos, mat, &mut terms);
    features[TUNED.len()..].copy_from_slice(&terms.0);
    let sign = if pos.turn() == Color::White { 1 } else { -1 };
    let weighted: i32 = terms.0.iter().zip(WEIGHTS).map(|(c, w)| c * w).sum();
    let fixed = mat.white - mat.black - tuned_material + sign * TEMPO;
    let raw_white = tuned_material + fixed + weighted;
    let scaled = sign * scale(pos, sign * raw_white);
    debug_assert_eq!(scaled, sign * evaluate(pos, EvalKind::Full));
    let faded = fade_toward(pos, sign * raw_white, 0);
    let pull = citadel_pull_index(pos, faded, Perspective::NEUTRAL);
    let factor = if raw_white == 0 {
        1.0
    } else {
        f64::from(scaled) / f64::from(raw_white)
    };
    Sample {
        features,
        fixed: f64::from(fixed),
        factor,
        faded: f64::from(sign * faded),
        pull,
        result,
    }
}

/// Keeps the quiet positions of one game (see the module docs), but not
/// those of its first 8 plies or its last `tail`.
fn keep_quiet(start: &Position, moves: &[Move], result: f64, tail: usize, out: &mut Vec<Sample>) {
    let mut pos = start.clone();
    let end = moves.len().saturating_sub(tail);
    for (ply, m) in moves.iter().enumerate() {
        if ply >= 8
            && ply < end
            && !pos.is_check()
            && pos.tactical_moves().is_empty()
            && !pos.is_citadel_draw()
        {
            out.push(sample(&pos, result));
        }
        pos.play_unchecked(m);
    }
}

/// Reads the games of one file: standard game records (what `tamerlane
/// match --out` writes), or the one-line format of earlier match files
/// (`N A B RESULT TERMINATION | OPENING-TFEN | MOVES`).
fn read_games(path: &str, tail: usize, out: &mut Vec<Sample>) -> Result<usize, Box<dyn Error>> {
    let text = fs::read_to_string(path)?;
    let mut games = 0;
    if text.starts_with(DATAGEN_HEADER) {
        // `tamerlane datagen` files: `TFEN | SCORE | RESULT` per position.
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let parts: Vec<&str> = line.split(" | ").collect();
            let [tfen, _score, result] = parts[..] else {
                return Err(format!("{path}: not a datagen line: {line}").into());
            };
            let result: f64 = result.parse()?;
            let pos = Position::from_tfen(tfen)?;
            if !pos.is_check() && pos.tactical_moves().is_empty() && !pos.is_citadel_draw() {
                out.push(sample(&pos, result));
            }
        }
        // The second line says how many games: `# games N ...`.
        games = text
            .lines()
            .nth(1)
            .and_then(|l| l.strip_prefix("# games "))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
    } else if text.lines().next().is_some_and(|l| l.contains(" | ")) {
        for line in text.lines() {
            let parts: Vec<&str> = line.split(" | ").collect();
            if parts.len() != 3 {
                continue;
            }
            let result = match parts[0].split_whitespace().nth(3) {
                Some("1-0") => 1.0,
                Some("0-1") => 0.0,
                Some("1/2-1/2") => 0.5,
                _ => continue,
            };
            let mut game = Game::from_position(Position::from_tfen(parts[1])?);
            for m in parts[2].split_whitespace() {
                game.play_str(m)?;
            }
            keep_quiet(game.start(), game.moves(), result, tail, out);
            games += 1;
        }
    } else {
        for rec in read_records(text.as_bytes()) {
            let rec = rec?;
            let result = match rec.result() {
                GameResult::WhiteWins => 1.0,
                GameResult::BlackWins => 0.0,
                GameResult::Draw => 0.5,
                _ => continue,
            };
            keep_quiet(rec.game().start(), rec.game().moves(), result, tail, out);
            games += 1;
        }
    }
    Ok(games)
}

fn eval(s: &Sample, params: &[f64; PARAMS]) -> f64 {
    let linear: f64 = s
        .features
        .iter()
        .zip(params)
        .map(|(&f, &p)| f64::from(f) * p)
        .sum();
    s.factor * (linear + s.fixed)
}

fn error(samples: &[Sample], params: &[f64; PARAMS], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.result - win_probability(eval(s, params), k)).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The name of parameter `i`.
fn name(i: usize) -> String {
    if i < TUNED.len() {
        format!("{:?}", TUNED[i][0])
    } else {
        format!("{:?}", Term::ALL[i - TUNED.len()])
    }
}

/// The win-probability curve of the scale `k` at `eval` (White's view).
fn win_probability(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The mean squared error of the citadel's pull factors `pull`.
fn pull_error(samples: &[Sample], pull: &[f64], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let f = s.pull.map_or(1.0, |i| pull[i]);
            (s.result - win_probability(s.faded * f, k)).powi(2)
        })
        .sum();
    total / samples.len() as f64
}

/// Fits the pull factors of [`CITADEL_PULL`] (all but the last, which
/// is "no pull") by coordinate descent in steps of 1/16 and 1/64, each
/// between 0 and 1, with `K` fitted first to the current factors.
fn fit_pull(train: &[Sample], test: &[Sample]) {
    let mut pull: Vec<f64> = CITADEL_PULL
        .iter()
        .map(|&(n, d)| f64::from(n) / f64::from(d))
        .collect();
    let start = pull.clone();
    let k = fit_k(|k| pull_error(train, &pull, k));
    let mut best = pull_error(train, &pull, k);
    println!(
        "K = {k:.4}; error with the current pull: train {best:.6}, hold-out {:.6}",
        pull_error(test, &pull, k)
    );
    for step in [1.0 / 16.0, 1.0 / 64.0] {
        loop {
            let mut improved = false;
            for i in 0..pull.len() - 1 {
                for delta in [step, -step] {
                    let old = pull[i];
                    pull[i] = (old + delta).clamp(0.0, 1.0);
                    let e = pull_error(train, &pull, k);
                    if e < best {
                        best = e;
                        improved = true;
                    } else {
                        pull[i] = old;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    println!(
        "tuned: train {best:.6}, hold-out {:.6}",
        pull_error(test, &pull, k)
    );
    println!(
        "{:<6} {:>9} {:>8} {:>8}",
        "steps", "positions", "before", "tuned"
    );
    for (i, (b, v)) in start.iter().zip(&pull).enumerate() {
        let n = train.iter().filter(|s| s.pull == Some(i)).count();
        println!("{i:<6} {n:>9} {b:>8.4} {v:>8.4}");
    }
}

/// The scale `K` that minimises `error`, by golden-section search.
fn fit_k(error: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (0.05, 5.0);
    for _ in 0..60 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    let citadel = paths.first().is_some_and(|p| p == "--citadel");
    if citadel {
        paths.remove(0);
    }
    if paths.is_empty() {
        return Err("usage: texel [--citadel] GAMES.txt [GAMES.txt ...]".into());
    }
    let tail = if citadel { 0 } else { 10 };
    let mut samples = Vec::new();
    let mut games = 0;
    for p in &paths {
        games += read_games(p, tail, &mut samples)?;
    }
    // Every tenth sample is held out.
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, s) in samples.into_iter().enumerate() {
        if i % 10 == 9 {
            test.push(s);
        } else {
            train.push(s);
        }
    }
    println!(
        "{games} games, {} training and {} hold-out quiet positions",
        train.len(),
        test.len()
    );
    if citadel {
        fit_pull(&train, &test);
        return Ok(());
    }
    let mut values = [0.0; PARAMS];
    for (v, roles) in values.iter_mut().zip(TUNED) {
        *v = f64::from(value(roles[0]));
    }
    for (v, w) in values[TUNED.len()..].iter_mut().zip(WEIGHTS) {
        *v = f64::from(w);
    }
    let start = values;
    // The scale K, on the current values.
    let k = fit_k(|k| error(&train, &values, k));
    let e0 = error(&train, &values, k);
    println!(
        "K = {k:.4}; error with the current values: train {e0:.6}, hold-out {:.6}",
        error(&test, &values, k)
    );
    // Coordinate descent with shrinking steps.
    let mut best = e0;
    // Steps in proportion to each parameter's size: piece values move by
    // tens of centipawns, term weights by units.
    for step in [20.0, 10.0, 5.0, 2.0, 1.0] {
        loop {
            let mut improved = false;
            for i in 0..values.len() {
                let step = if i < TUNED.len() {
                    step
                } else {
                    (step / 10.0f64).max(1.0)
                };
                for delta in [step, -step] {
                    if i < TUNED.len() && values[i] + delta < MIN_VALUE {
                        continue;
                    }
                    values[i] += delta;
                    let e = error(&train, &values, k);
                    if e < best {
                        best = e;
                        improved = true;
                    } else {
                        values[i] -= delta;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    println!(
        "tuned: train {best:.6}, hold-out {:.6}",
        error(&test, &values, k)
    );
    println!("{:<24} {:>7} {:>7}", "parameter", "before", "tuned");
    for (i, (b, v)) in start.iter().zip(values).enumerate() {
        println!("{:<24} {:>7.0} {:>7.0}", name(i), b, v);
    }
    Ok(())
}
