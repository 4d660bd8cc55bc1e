//! Texel tuning of the piece values on self-play positions.
//!
//! Reads match records written by `tamerlane match --out FILE` (one game
//! per line: `N A B RESULT TERMINATION | OPENING-TFEN | MOVES`), replays
//! every game, and keeps the *quiet* positions (side to move not in check,
//! no tactical move available, past the first 8 plies, before the last
//! 10), each labelled with the game's result for White. The evaluation of
//! a position is split into its material part, linear in the piece values,
//! and the rest, held fixed:
//!
//! `eval(values) = fade * (sum_r values[r] * (white_r - black_r) + rest)`
//!
//! where `fade` is the evaluation's halfmove-clock factor. The tuner first
//! fits the scale `K` of the win-probability curve
//! `1 / (1 + 10^(-K * eval / 400))` to the current values, then minimises
//! the mean squared error between that curve and the results by coordinate
//! descent on the values (pawn fixed at 100, King at 0, no value below
//! 50), with a 10%
//! hold-out set to show it does not merely fit noise.
//!
//! ```text
//! cargo run --release -p tamerlane-ai --example texel -- games1.txt games2.txt ...
//! ```

use std::error::Error;
use std::fs;

use tamerlane_ai::eval::{evaluate, value, EvalKind};
use tamerlane_core::{read_records, Color, Game, GameResult, Move, Position, Role};

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

/// No tuned value goes below this: a piece is worth at least half a pawn.
const MIN_VALUE: f64 = 50.0;

struct Sample {
    /// White minus Black count of each tuned role.
    diff: [i32; 12],
    /// The evaluation (White's view, before the fade) minus its tuned
    /// material part.
    rest: f64,
    /// The halfmove-clock factor of the evaluation.
    fade: f64,
    /// The result for White: 1, 0.5 or 0.
    result: f64,
}

fn count(pos: &Position, role: Role, c: Color) -> i32 {
    (pos.board().by_role(role) & pos.board().by_color(c)).count() as i32
}

fn sample(pos: &Position, result: f64) -> Sample {
    let mut diff = [0; 12];
    let mut material = 0.0;
    for (i, roles) in TUNED.iter().enumerate() {
        for &r in *roles {
            let d = count(pos, r, Color::White) - count(pos, r, Color::Black);
            diff[i] += d;
            material += f64::from(d * value(r));
        }
    }
    let fade = f64::from(240 - pos.halfmoves().min(200) as i32) / 240.0;
    let sign = if pos.turn() == Color::White {
        1.0
    } else {
        -1.0
    };
    let white_eval = sign * f64::from(evaluate(pos, EvalKind::Full));
    Sample {
        diff,
        rest: white_eval / fade - material,
        fade,
        result,
    }
}

/// Keeps the quiet positions of one game (see the module docs).
fn keep_quiet(start: &Position, moves: &[Move], result: f64, out: &mut Vec<Sample>) {
    let mut pos = start.clone();
    let end = moves.len().saturating_sub(10);
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
fn read_games(path: &str, out: &mut Vec<Sample>) -> Result<usize, Box<dyn Error>> {
    let text = fs::read_to_string(path)?;
    let mut games = 0;
    if text.lines().next().is_some_and(|l| l.contains(" | ")) {
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
            keep_quiet(game.start(), game.moves(), result, out);
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
            keep_quiet(rec.game().start(), rec.game().moves(), result, out);
            games += 1;
        }
    }
    Ok(games)
}

fn eval(s: &Sample, values: &[f64; 12]) -> f64 {
    let material: f64 = s
        .diff
        .iter()
        .zip(values)
        .map(|(&d, &v)| f64::from(d) * v)
        .sum();
    s.fade * (material + s.rest)
}

fn error(samples: &[Sample], values: &[f64; 12], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = 1.0 / (1.0 + 10f64.powf(-k * eval(s, values) / 400.0));
            (s.result - p).powi(2)
        })
        .sum();
    total / samples.len() as f64
}

fn main() -> Result<(), Box<dyn Error>> {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        return Err("usage: texel GAMES.txt [GAMES.txt ...]".into());
    }
    let mut samples = Vec::new();
    let mut games = 0;
    for p in &paths {
        games += read_games(p, &mut samples)?;
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
    let mut values = [0.0; 12];
    for (v, roles) in values.iter_mut().zip(TUNED) {
        *v = f64::from(value(roles[0]));
    }
    let start = values;
    // The scale K, by golden-section search on the current values.
    let (mut lo, mut hi) = (0.05, 5.0);
    for _ in 0..60 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if error(&train, &values, a) < error(&train, &values, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    let e0 = error(&train, &values, k);
    println!(
        "K = {k:.4}; error with the current values: train {e0:.6}, hold-out {:.6}",
        error(&test, &values, k)
    );
    // Coordinate descent with shrinking steps.
    let mut best = e0;
    for step in [20.0, 10.0, 5.0, 2.0] {
        loop {
            let mut improved = false;
            for i in 0..values.len() {
                for delta in [step, -step] {
                    if values[i] + delta < MIN_VALUE {
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
    println!("{:<24} {:>7} {:>7}", "role", "before", "tuned");
    for ((roles, b), v) in TUNED.iter().zip(start).zip(values) {
        println!("{:<24} {:>7.0} {:>7.0}", format!("{:?}", roles[0]), b, v);
    }
    Ok(())
}
