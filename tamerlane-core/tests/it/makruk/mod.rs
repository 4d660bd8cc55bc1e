//! Makruk (seed 002, docs/RULES.md, section 10): perft suites whose counts come
//! from Fairy-Stockfish, the rules on hand-made positions with expected
//! values derived by hand from the seed, the counting rules row by row,
//! notation round trips, and invariants over random playouts.

mod counting;
mod invariants;
mod notation;
mod options;
mod perft;
mod records;
mod rules;

use tamerlane_core::makruk::{Position, Rules};
use tamerlane_testkit::Rng;

/// The position of `fen` (test data: an invalid one is a bug in the test).
fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The position of `fen` under the rule string `rules`.
fn pos_with(fen: &str, rules: &str) -> Position {
    let rules: Rules = rules.parse().unwrap();
    Position::from_fen_with_rules(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves as sorted UCI strings.
fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// The sorted target squares of the legal moves from `from`.
fn targets(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from.to_string() == from)
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

/// Positions that reach every rule within a few plies: the start, pawns
/// about to promote, pins and checks, Khons of both colours, endings with
/// and without a count.
const STARTS: &[&str] = &[
    tamerlane_core::makruk::START_FEN,
    "4k3/8/8/1PPP4/4ppp1/8/8/R3K2r w - - 0 1",
    "r3k3/8/8/1PPP4/4ppp1/8/8/R3K3 b - - 0 1",
    "k3r3/8/8/8/4N3/8/8/r3K3 w - - 0 1",
    "1k6/8/8/8/r2SK2R/8/8/8 w - - 0 1",
    "8/3k4/8/1s1S4/2s1S3/8/3K4/8 w - - 0 1",
    "4k3/8/8/8/8/8/R7/4K2R b - 16 8 1",
    "8/2n5/4k3/8/3M4/3SK3/5N2/8 b - 128 10 40",
    "6k1/8/8/3p4/8/8/4n3/RN2K2R w - - 0 1",
    "rns1ksnr/8/pp1ppppp/2p5/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 3",
];

/// A random game from `start` of at most `plies` plies, preferring
/// captures (to reach endings and counts); calls `visit` on every position.
fn playout(start: &str, rules: &str, seed: u64, plies: usize, mut visit: impl FnMut(&Position)) {
    let mut rng = Rng::new(seed);
    let mut p = pos_with(start, rules);
    for _ in 0..plies {
        visit(&p);
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        let captures: Vec<_> = legal.iter().filter(|m| m.is_capture()).collect();
        let m = if !captures.is_empty() && rng.below(4) != 0 {
            *captures[rng.below(captures.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        p.play_unchecked(&m);
    }
}
