//! The search on the three games: mates in one found, visit counts, the
//! tree kept between moves, the noise, determinism, errors.

use std::convert::Infallible;

use tamerlane_core::{chess, makruk, tamerlane, Position};

use super::tree::{NodeState, ROOT};
use super::*;

/// Chess: Ra8 mates (the king on g8 is walled in by its own pawns).
const CHESS_MATE: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
/// Makruk: Ruea h1-h8 mates the Khun on a8.
const MAKRUK_MATE: &str = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
/// Tamerlane: the rooks mate the king on a10 in one (more than one move
/// mates).
const TAMERLANE_MATE: &str = "k10/2R8/11/11/11/11/11/11/5K5/1R8R w - 00 0 1";

fn pos<P: Position>(fen: &str) -> P {
    P::from_fen_with_rules(fen, P::Rules::default()).unwrap()
}

/// Settings without noise, choosing the most visited move.
fn quiet(simulations: u32) -> MctsConfig {
    MctsConfig {
        simulations,
        dirichlet_fraction: 0.0,
        temperature: 0.0,
        ..MctsConfig::default()
    }
}

/// Whether `m` ends the game at once with a win for the side playing it.
fn wins_at_once<P: Position>(p: &P, m: &P::Move) -> bool {
    let mut after = p.clone();
    after.play_unchecked(m);
    after.outcome().is_some_and(|o| o.winner == Some(p.turn()))
}

fn run_with_rollouts<P: Position>(p: P, config: MctsConfig) -> Mcts<P> {
    let mut mcts = Mcts::new(p, config).unwrap();
    let mut eval = mcts.rollout_evaluator();
    let stats = mcts.run(&mut eval, None).unwrap();
    assert_eq!(stats.simulations, config.simulations);
    mcts
}

fn finds_mate_in_one<P: Position>(fen: &str) {
    let p: P = pos(fen);
    let mut mcts = run_with_rollouts(p.clone(), quiet(3000));
    let stats = mcts.root_stats();
    let total: u32 = stats.iter().map(|c| c.visits).sum();
    assert_eq!(total, 3000);
    let mating: u32 = stats
        .iter()
        .filter(|c| wins_at_once(&p, &c.mv))
        .map(|c| c.visits)
        .sum();
    assert!(mating > total / 2, "{fen}: mates got {mating} of {total}");
    let best = mcts.choose().unwrap();
    assert!(wins_at_once(&p, &best), "{fen}: {best}");
    // The root knows it wins.
    assert!(mcts.root_value().unwrap() > 0.5, "{:?}", mcts.root_value());
}

#[test]
fn finds_the_mate_in_one_in_each_game() {
    finds_mate_in_one::<chess::Position>(CHESS_MATE);
    finds_mate_in_one::<makruk::Position>(MAKRUK_MATE);
    finds_mate_in_one::<tamerlane::Position>(TAMERLANE_MATE);
}

#[test]
fn the_visits_sum_to_the_simulations() {
    for batch in [1, 7, 64, 500] {
        for sims in [1, 63, 200] {
            let config = MctsConfig {
                batch,
                ..quiet(sims)
            };
            let mcts = run_with_rollouts(tamerlane::Position::new(), config);
            let total: u32 = mcts.root_stats().iter().map(|c| c.visits).sum();
            assert_eq!(total, sims, "batch {batch}");
            // The root counts its own evaluation too, and nothing is left
            // in flight.
            assert_eq!(mcts.tree.nodes[ROOT].visits, sims + 1);
            assert!(mcts.tree.nodes.iter().all(|n| n.in_flight == 0));
            // Every node's visits: its own evaluation plus its children's
            // (a batch never sends two simulations to one new leaf).
            for n in &mcts.tree.nodes {
                if n.state == NodeState::Expanded {
                    let below: u32 = mcts.tree.nodes[n.children()].iter().map(|c| c.visits).sum();
                    assert_eq!(n.visits, below + 1);
                }
            }
        }
    }
}

#[test]
fn a_batch_spreads_over_different_leaves() {
    // One batch of 24 simulations from the start: virtual loss sends each
    // to a different first move (24 legal moves).
    let config = MctsConfig {
        batch: 24,
        ..quiet(24)
    };
    let mcts = run_with_rollouts(tamerlane::Position::new(), config);
    assert!(mcts.root_stats().iter().all(|c| c.visits == 1));
}

#[test]
fn the_tree_is_kept_after_a_move() {
    let config = MctsConfig {
        batch: 16,
        ..quiet(600)
    };
    let mut mcts = run_with_rollouts(chess::Position::new(), config);
    let m = mcts.choose().unwrap();
    let first = mcts.tree.nodes[ROOT].first_child as usize;
    let child = mcts.root_stats().iter().position(|c| c.mv == m).unwrap();
    let child = &mcts.tree.nodes[first + child];
    let (visits, value_sum) = (child.visits, child.value_sum);
    let below: Vec<(String, u32, f32)> = mcts.tree.nodes[child.children()]
        .iter()
        .map(|c| (c.mv.unwrap().to_string(), c.visits, c.prior))
        .collect();
    let size_below = mcts.tree_size();
    mcts.play(&m).unwrap();
    assert!(mcts.tree_size() < size_below);
    assert_eq!(mcts.tree.nodes[ROOT].visits, visits);
    assert_eq!(mcts.tree.nodes[ROOT].value_sum, value_sum);
    let now: Vec<(String, u32, f32)> = mcts
        .root_stats()
        .iter()
        .map(|c| (c.mv.to_string(), c.visits, c.prior))
        .collect();
    assert_eq!(now, below);
    assert_eq!(now.iter().map(|c| c.1).sum::<u32>(), visits - 1);
    // The next run adds to them.
    let mut eval = mcts.rollout_evaluator();
    mcts.run(&mut eval, None).unwrap();
    let total: u32 = mcts.root_stats().iter().map(|c| c.visits).sum();
    assert_eq!(total, visits - 1 + 600);
    // An illegal move changes nothing.
    let before = *mcts.position();
    let other: chess::Position = pos(CHESS_MATE);
    let illegal = other.parse_move("a1a8").unwrap();
    assert!(mcts.play(&illegal).is_err());
    assert_eq!(mcts.position(), &before);
}

#[test]
fn a_move_outside_the_tree_starts_a_new_one() {
    let mut mcts = Mcts::new(tamerlane::Position::new(), quiet(10)).unwrap();
    let m = mcts.position().legal_moves()[0];
    mcts.play(&m).unwrap();
    assert_eq!(mcts.tree_size(), 1);
    let mut eval = mcts.rollout_evaluator();
    mcts.run(&mut eval, None).unwrap();
    assert_eq!(mcts.root_stats().iter().map(|c| c.visits).sum::<u32>(), 10);
}

#[test]
fn the_noise_changes_the_root_priors_only() {
    let mut mcts = run_with_rollouts(makruk::Position::new(), quiet(300));
    let before: Vec<f32> = mcts.tree.nodes.iter().map(|n| n.prior).collect();
    mcts.config.dirichlet_fraction = 0.25;
    mcts.add_root_noise();
    let after: Vec<f32> = mcts.tree.nodes.iter().map(|n| n.prior).collect();
    let root = mcts.tree.nodes[ROOT].children();
    for (i, (b, a)) in before.iter().zip(&after).enumerate() {
        if !root.contains(&i) {
            assert_eq!(a, b, "node {i}");
        }
    }
    assert_ne!(&before[root.clone()], &after[root.clone()]);
    let sum: f32 = after[root.clone()].iter().sum();
    assert!((sum - 1.0).abs() < 1e-4);
    // Fresh noise on the clean priors, not noise on noise: with all of it
    // noise, the clean priors are gone; with none, they are back.
    mcts.config.dirichlet_fraction = 1.0;
    mcts.add_root_noise();
    assert_ne!(
        &mcts.tree.nodes[root.clone()]
            .iter()
            .map(|n| n.prior)
            .collect::<Vec<_>>()[..],
        &before[root.clone()]
    );
    mcts.config.dirichlet_fraction = 1e-9;
    mcts.add_root_noise();
    for (n, b) in mcts.tree.nodes[root.clone()].iter().zip(&before[root]) {
        assert!((n.prior - b).abs() < 1e-6);
    }
}

fn visits_of(config: MctsConfig) -> Vec<(String, u32)> {
    let mut mcts = run_with_rollouts(tamerlane::Position::new(), config);
    let mut v: Vec<(String, u32)> = mcts
        .root_stats()
        .iter()
        .map(|c| (c.mv.to_string(), c.visits))
        .collect();
    v.push((mcts.choose().unwrap().to_string(), 0));
    v
}

#[test]
fn a_seed_gives_one_search() {
    let config = MctsConfig {
        simulations: 400,
        batch: 8,
        ..MctsConfig::default()
    };
    assert_eq!(visits_of(config), visits_of(config));
    let other = MctsConfig { seed: 1, ..config };
    assert_ne!(visits_of(config), visits_of(other));
}

#[test]
fn temperature_samples_visited_moves_in_proportion() {
    let config = MctsConfig {
        temperature: 1.0,
        ..quiet(200)
    };
    let mut mcts = run_with_rollouts(chess::Position::new(), config);
    let stats = mcts.root_stats();
    let mut seen = std::collections::HashMap::new();
    for _ in 0..2000 {
        let m = mcts.choose().unwrap();
        *seen.entry(m).or_insert(0u32) += 1;
    }
    for c in &stats {
        let got = f64::from(seen.get(&c.mv).copied().unwrap_or(0)) / 2000.0;
        let want = f64::from(c.visits) / 200.0;
        assert!((got - want).abs() < 0.05, "{}: {got} vs {want}", c.mv);
    }
}

#[test]
fn an_ended_game_is_not_searched() {
    // Stalemate: Black to move has no move.
    let p: chess::Position = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let mut mcts = Mcts::new(p, quiet(10)).unwrap();
    let mut eval = mcts.rollout_evaluator();
    assert_eq!(mcts.run(&mut eval, None), Err(MctsError::GameOver));
    assert_eq!(mcts.choose(), None);
    // A ply cap of 0 ends the game at the root.
    let config = MctsConfig {
        max_plies: Some(0),
        ..quiet(10)
    };
    let mut mcts = Mcts::new(chess::Position::new(), config).unwrap();
    assert_eq!(mcts.run(&mut eval, None), Err(MctsError::GameOver));
}

#[test]
fn the_ply_cap_counts_as_a_draw() {
    // With one ply left, every child is an ending: the mate wins, the
    // rest are draws, and the search sees it without any playout.
    let config = MctsConfig {
        max_plies: Some(1),
        rollout_plies: 0,
        ..quiet(400)
    };
    let p: chess::Position = pos(CHESS_MATE);
    let mut mcts = run_with_rollouts(p, config);
    assert!(wins_at_once(&p, &mcts.choose().unwrap()));
    assert!(mcts.tree.nodes[mcts.tree.nodes[ROOT].children()]
        .iter()
        .all(|n| matches!(n.state, NodeState::Terminal(v) if v == -1.0 || v == 0.0)));
}

/// Fails on its `n`-th call.
struct FailsAt(u32);

impl<P: Position> Evaluator<P> for FailsAt {
    type Error = &'static str;
    fn evaluate(&mut self, batch: &mut Batch<P>) -> Result<(), &'static str> {
        if self.0 == 0 {
            return Err("boom");
        }
        self.0 -= 1;
        for i in 0..batch.len() {
            let (_, _, priors, value) = batch.leaf_mut(i);
            priors.iter_mut().for_each(|p| *p = -1.0); // not usable: uniform
            *value = 7.0; // clamped to 1
        }
        Ok(())
    }
}

#[test]
fn a_failed_evaluation_leaves_a_consistent_tree() {
    let config = MctsConfig {
        batch: 10,
        ..quiet(100)
    };
    let mut mcts = Mcts::new(chess::Position::new(), config).unwrap();
    assert_eq!(
        mcts.run(&mut FailsAt(3), None),
        Err(MctsError::Evaluator("boom"))
    );
    // The root's evaluation and two batches went through.
    assert_eq!(mcts.root_stats().iter().map(|c| c.visits).sum::<u32>(), 20);
    assert!(mcts.tree.nodes.iter().all(|n| n.in_flight == 0));
    assert!(mcts
        .root_stats()
        .iter()
        .all(|c| (c.prior - 0.05).abs() < 1e-6));
    let stats = mcts.run(&mut FailsAt(100), None).unwrap();
    assert_eq!(stats.simulations, 100);
    assert_eq!(mcts.root_stats().iter().map(|c| c.visits).sum::<u32>(), 120);
}

#[test]
fn a_stop_flag_ends_the_run() {
    let stop = std::sync::atomic::AtomicBool::new(true);
    let mut mcts = Mcts::new(chess::Position::new(), quiet(100)).unwrap();
    let mut eval = mcts.rollout_evaluator();
    let stats = mcts.run(&mut eval, Some(&stop)).unwrap();
    assert!(stats.stopped && stats.simulations == 0);
}

#[test]
fn bad_settings_are_errors() {
    let bad = [
        MctsConfig {
            simulations: 0,
            ..MctsConfig::default()
        },
        MctsConfig {
            batch: 0,
            ..MctsConfig::default()
        },
        MctsConfig {
            c_puct: f32::NAN,
            ..MctsConfig::default()
        },
        MctsConfig {
            dirichlet_alpha: 0.0,
            ..MctsConfig::default()
        },
        MctsConfig {
            dirichlet_fraction: 1.5,
            ..MctsConfig::default()
        },
        MctsConfig {
            temperature: -1.0,
            ..MctsConfig::default()
        },
        MctsConfig {
            rollout_plies: 1 << 20,
            ..MctsConfig::default()
        },
    ];
    for config in bad {
        let e = Mcts::new(chess::Position::new(), config).unwrap_err();
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn rollouts_value_endings_from_the_leaf_side() {
    // White to move mates in one; a one-ply playout from here is either
    // the mate (+1 for White) or nothing (0).
    let p: chess::Position = pos(CHESS_MATE);
    let mut eval: RolloutEvaluator<chess::Position> = RolloutEvaluator::new(1, 5);
    let values: Vec<f32> = (0..400).map(|_| eval.rollout(&p)).collect();
    assert!(values.contains(&1.0) && values.contains(&0.0));
    assert!(values.iter().all(|v| *v == 0.0 || *v == 1.0));
    let _: Option<Infallible> = None;
}

/// Chess: White mates in two, and only by Kb6 (Kb8, Rh8#); no mate in one.
/// Checked by brute force with python-chess (every White move, every
/// reply, every mate in one after it).
const CHESS_MATE_IN_TWO: &str = "k7/8/8/1K6/8/8/8/7R w - - 0 1";

#[test]
fn the_solver_proves_a_mate_in_two_and_plays_it_out() {
    let p: chess::Position = pos(CHESS_MATE_IN_TWO);
    let config = MctsConfig {
        solver: true,
        ..quiet(3000)
    };
    let mut mcts = run_with_rollouts(p, config);
    let proven: Vec<(String, Option<bool>)> = mcts
        .root_stats()
        .iter()
        .filter(|c| c.proven.is_some())
        .map(|c| (c.mv.to_string(), c.proven))
        .collect();
    assert_eq!(proven, [("b5b6".to_string(), Some(true))]);
    assert_eq!(mcts.choose().unwrap().to_string(), "b5b6");
    // The proven root is searched again after the moves, and the mate in
    // one is then a move proven to win.
    for m in ["b5b6", "a8b8"] {
        let mv = mcts.position().parse_uci(m).unwrap();
        mcts.play(&mv).unwrap();
    }
    let mut eval = mcts.rollout_evaluator();
    mcts.run(&mut eval, None).unwrap();
    assert_eq!(mcts.choose().unwrap().to_string(), "h1h8");
    let won: Vec<String> = mcts
        .root_stats()
        .iter()
        .filter(|c| c.proven == Some(true))
        .map(|c| c.mv.to_string())
        .collect();
    // The mate in one and the one mate in two (Rc1, Ka8 forced, Rc8),
    // which python-chess's brute force also finds, and no other; the move
    // played is the mate in one.
    assert_eq!(won, ["h1c1", "h1h8"]);
    // Black, after Kb6, has one move, and it is proven to lose.
    let after: chess::Position = pos("k7/8/1K6/8/8/8/8/7R b - - 1 1");
    let black = run_with_rollouts(
        after,
        MctsConfig {
            solver: true,
            ..quiet(500)
        },
    );
    let stats = black.root_stats();
    assert_eq!(stats.len(), 1);
    assert_eq!(
        (stats[0].mv.to_string(), stats[0].proven),
        ("a8b8".to_string(), Some(false))
    );
    // Without the solver nothing is proven but the endings themselves.
    let plain = run_with_rollouts(p, quiet(3000));
    assert!(plain.root_stats().iter().all(|c| c.proven.is_none()));
}

#[test]
fn the_solver_proves_a_leaf_with_a_win_in_one_before_evaluating_it() {
    // Black's one move, Kb8, leaves White the mate Rh8 (python-chess, as
    // above): the first simulation reaches that leaf, finds the mate among
    // White's moves and proves it won for White without evaluating it.
    let after: chess::Position = pos("k7/8/1K6/8/8/8/8/7R b - - 1 1");
    let config = MctsConfig {
        solver: true,
        ..quiet(1)
    };
    let mut mcts = Mcts::new(after, config).unwrap();
    let mut eval = mcts.rollout_evaluator();
    let stats = mcts.run(&mut eval, None).unwrap();
    // The root's evaluation is the only evaluator call.
    assert_eq!((stats.simulations, stats.batches), (1, 1));
    assert_eq!(mcts.root_stats()[0].proven, Some(false));
    // Without the solver the leaf is evaluated and nothing is proven.
    let mut plain = Mcts::new(after, quiet(1)).unwrap();
    let mut eval = plain.rollout_evaluator();
    assert_eq!(plain.run(&mut eval, None).unwrap().batches, 2);
    assert_eq!(plain.root_stats()[0].proven, None);
}

#[test]
fn with_the_leaf_check_a_mate_in_two_is_proven_in_few_simulations() {
    // The mate in two above: Kb6 needs one visit, and so does Black's one
    // reply, for the proof; 100 simulations over White's 20 moves suffice.
    let p: chess::Position = pos(CHESS_MATE_IN_TWO);
    let mcts = run_with_rollouts(
        p,
        MctsConfig {
            solver: true,
            ..quiet(100)
        },
    );
    let won: Vec<String> = mcts
        .root_stats()
        .iter()
        .filter(|c| c.proven == Some(true))
        .map(|c| c.mv.to_string())
        .collect();
    assert_eq!(won, ["b5b6"]);
}

/// Uniform priors, and the same value for every leaf (from its side to
/// move's view).
struct Constant(f32);

impl<P: Position> Evaluator<P> for Constant {
    type Error = Infallible;
    fn evaluate(&mut self, batch: &mut Batch<P>) -> Result<(), Infallible> {
        for i in 0..batch.len() {
            *batch.leaf_mut(i).3 = self.0;
        }
        Ok(())
    }
}

#[test]
fn with_the_solver_a_leaf_that_can_draw_at_once_is_worth_at_least_a_draw() {
    // Tamerlane: Black's bare King on k2 can always step into White's
    // citadel (docs/RULES.md, sections 1 and 5: a draw at once), whatever
    // White plays; White's rook and king cannot mate in one.
    let p: tamerlane::Position = pos("R10/11/11/11/11/11/11/11/10k/K10 w - 00 0 1");
    let moves = p.legal_moves().len();
    let q = |solver: bool| {
        let config = MctsConfig {
            solver,
            ..quiet(moves as u32)
        };
        let mut mcts = Mcts::new(p.clone(), config).unwrap();
        // Every leaf looks lost to its side to move: Black's, after each
        // White move.
        mcts.run(&mut Constant(-0.9), None).unwrap();
        let stats = mcts.root_stats();
        assert!(stats.iter().all(|c| c.visits == 1 && c.proven.is_none()));
        stats.iter().map(|c| c.q.unwrap()).collect::<Vec<f64>>()
    };
    // From White's view: Black's 0.9 loss, or with the solver the draw
    // Black can take.
    assert!(q(false).iter().all(|&v| (v - 0.9).abs() < 1e-6));
    assert!(q(true).iter().all(|&v| v == 0.0));
}
