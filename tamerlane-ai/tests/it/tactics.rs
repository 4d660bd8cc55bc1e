//! The tactics file: every answer is re-verified by brute force
//! (`tamerlane_testkit::verify`), then the engine must solve each position
//! within a fixed node budget.

use tamerlane_ai::eval::{evaluate, EvalKind};
use tamerlane_ai::{Engine, Features, Limits, SearchConfig};
use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{Move, MoveKind};
use tamerlane_testkit::verify::{
    allows_win_in_one, forces_win, material_gain, winning_moves, FORK_GAIN,
};

/// Node budget per position; the search also stops at depth 5 (enough for
/// every theme here: the deepest is a win in 2 moves = 3 plies).
const NODE_BUDGET: u64 = 30_000;
const DEPTH_CAP: u32 = 5;

struct Case {
    line: usize,
    category: String,
    pos: Position,
    answers: Option<Vec<Move>>,
    source: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/tactics.txt");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 4, "line {}: {line}", i + 1);
        let pos = Position::from_tfen(f[1]).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let answers = (f[2] != "*").then(|| {
            f[2].split_whitespace()
                .map(|m| {
                    pos.parse_move(m)
                        .unwrap_or_else(|e| panic!("line {}: {m}: {e}", i + 1))
                })
                .collect()
        });
        out.push(Case {
            line: i + 1,
            category: f[0].to_owned(),
            pos,
            answers,
            source: f[3].to_owned(),
        });
    }
    out
}

/// The brute-force judgement of a move for the case's category.
fn correct(c: &Case, m: &Move) -> bool {
    let pos = &c.pos;
    match c.category.as_str() {
        "mate1" => forces_win(pos, m, 1),
        "stalemate" => {
            let mut after = pos.clone();
            after.play_unchecked(m);
            forces_win(pos, m, 1) && !after.is_check()
        }
        "mate2" | "royals" => forces_win(pos, m, 2),
        "citadel" => {
            let mut after = pos.clone();
            after.play_unchecked(m);
            m.kind == MoveKind::CitadelEntry && after.is_citadel_draw()
        }
        "swap" => m.kind == MoveKind::KingSwap && !allows_win_in_one(pos, m),
        "fork" => m.kind == MoveKind::Placement && material_gain(pos, m) >= FORK_GAIN,
        other => panic!("line {}: unknown category {other}", c.line),
    }
}

#[test]
fn the_file_has_enough_positions_of_every_theme() {
    let cs = cases();
    assert!(cs.len() >= 30, "{}", cs.len());
    for cat in [
        "mate1",
        "stalemate",
        "mate2",
        "royals",
        "citadel",
        "swap",
        "fork",
    ] {
        assert!(
            cs.iter().filter(|c| c.category == cat).count() >= 4,
            "{cat}"
        );
    }
}

#[test]
fn answers_are_verified_by_brute_force() {
    for c in cases() {
        let pos = &c.pos;
        if let Some(ans) = &c.answers {
            assert!(!ans.is_empty(), "line {}", c.line);
            for m in ans {
                assert!(correct(&c, m), "line {}: {m} is not a solution", c.line);
            }
        }
        match c.category.as_str() {
            "mate2" | "royals" => {
                assert!(
                    winning_moves(pos, 1).is_empty(),
                    "line {}: has a win in 1",
                    c.line
                );
            }
            "citadel" | "swap" => {
                // Nothing else saves the game (generated cases: every other
                // move allows a win in 1; hand cases: the mover is far behind).
                let special = if c.category == "citadel" {
                    MoveKind::CitadelEntry
                } else {
                    MoveKind::KingSwap
                };
                if c.source == "gen" {
                    for m in pos.legal_moves().iter().filter(|m| m.kind != special) {
                        assert!(allows_win_in_one(pos, m), "line {}: {m} also saves", c.line);
                    }
                } else if c.category == "citadel" {
                    assert!(evaluate(pos, EvalKind::Material) <= -500, "line {}", c.line);
                }
            }
            "fork" => {
                let best_other = pos
                    .legal_moves()
                    .iter()
                    .filter(|m| m.kind != MoveKind::Placement)
                    .map(|m| material_gain(pos, m))
                    .max()
                    .unwrap_or(i32::MIN);
                assert!(
                    best_other < FORK_GAIN,
                    "line {}: a non-placement wins {best_other}",
                    c.line
                );
            }
            _ => {}
        }
    }
}

#[test]
fn the_engine_solves_every_position_within_the_node_budget() {
    solves_every_position(SearchConfig::full());
}

/// The selective features that are still off by default must not cost
/// the engine a tactic either.
#[test]
fn every_feature_on_still_solves_every_position() {
    solves_every_position(SearchConfig::new(Features::ALL, EvalKind::Full));
}

fn solves_every_position(config: SearchConfig) {
    let mut failures = Vec::new();
    let mut nodes = Vec::new();
    for c in cases() {
        let mut engine = Engine::builder().hash_mib(4).config(config).build();
        let limits = Limits::new().depth(DEPTH_CAP).nodes(NODE_BUDGET);
        let r = engine.search(&Game::from_position(c.pos.clone()), &limits, |_| {});
        nodes.push(r.nodes);
        let m = r.best.expect("a move");
        // The brute-force judgement decides (a listed answer is one of the
        // moves it accepts; another accepted move is as good).
        let ok = c.pos.is_legal(&m) && correct(&c, &m);
        if !ok {
            failures.push(format!("line {} ({}): played {m}", c.line, c.category));
        }
    }
    eprintln!("nodes per position: {nodes:?}");
    assert!(failures.is_empty(), "{failures:#?}");
}
