//! Search behaviour: mates, stalemate wins, citadel and swap escapes,
//! legality, determinism, the stop flag, limits and threads.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use tamerlane_ai::eval::evaluate;
use tamerlane_ai::Rng;
use tamerlane_ai::{
    Engine, EvalKind, Features, Limits, Score, SearchConfig, SearchPosition, SearchResult,
};
use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{chess, makruk, Move, MoveKind, RuleSet};
use tamerlane_testkit::verify::forces_win;

fn pos(t: &str) -> Position {
    Position::from_tfen(t).unwrap()
}

/// A game from `pos`, without history.
fn game(pos: &Position) -> Game {
    Game::from_position(pos.clone())
}

/// A small engine with the default configuration.
fn engine() -> Engine {
    Engine::builder().hash_mib(4).build()
}

#[test]
fn finds_mate_in_one() {
    let p = pos("k10/2R8/11/11/11/11/11/11/5K5/1R8R w - 00 0 1");
    let r = engine().search(&game(&p), &Limits::new().depth(3), |_| {});
    assert!(forces_win(&p, &r.best.unwrap(), 1));
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn finds_mate_in_two() {
    let p = pos("k10/11/11/2K8/11/11/11/3D1N5/4R6/11 w - 00 0 1");
    let r = engine().search(&game(&p), &Limits::new().depth(5), |_| {});
    let m = r.best.unwrap();
    assert!(forces_win(&p, &m, 2), "{m}");
    assert_eq!(r.score, Score::Mate(2));
}

#[test]
fn finds_the_stalemate_win() {
    // Only k1k9 wins at once: it leaves Black without a move, not in check.
    let p = pos("k10/11/11/11/11/11/11/11/5K5/1R8R w - 00 0 1");
    let r = engine().search(&game(&p), &Limits::new().depth(2), |_| {});
    assert_eq!(r.best.unwrap().to_string(), "k1k9");
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn escapes_into_the_citadel() {
    let p = pos("11/11/11/RR9/11/4K6/11/10k/11/11 b - 00 0 1");
    let r = engine().search(&game(&p), &Limits::new().depth(4), |_| {});
    assert_eq!(r.best.unwrap().kind, MoveKind::CitadelEntry);
    assert_eq!(r.score, Score::Cp(0));
}

#[test]
fn contempt_makes_a_draw_worth_less_to_the_root_side() {
    // The same escape: still the best move (the rest loses), but with
    // `contempt` the draw reads CONTEMPT below 0 for the side at the root.
    let p = pos("11/11/11/RR9/11/4K6/11/10k/11/11 b - 00 0 1");
    let config: SearchConfig = "full,+contempt".parse().unwrap();
    let mut e = Engine::builder().hash_mib(4).config(config).build();
    let r = e.search(&game(&p), &Limits::new().depth(4), |_| {});
    assert_eq!(r.best.unwrap().kind, MoveKind::CitadelEntry);
    assert_eq!(r.score, Score::Cp(-<Position as SearchPosition>::CONTEMPT));
    const { assert!(<Position as SearchPosition>::CONTEMPT > 0) };
}

/// `ownwalk` (off by default) judges the runner of the side the search
/// plays for by its walk into the citadel and the other side's by the
/// race. Black's King on f8, two rooks behind, is 6 King steps from
/// White's citadel, but the rooks on a5 and a6 cut it off. White's search, in which Black's runner
/// is the other side's, is the same with and without the feature; Black's
/// own search sees that the way in is shut and expects less. The feature
/// is a term of the hand-made evaluation, which both searches use.
#[test]
fn the_search_walks_only_its_own_runner() {
    let on: SearchConfig = "full,hce,+ownwalk".parse().unwrap();
    let off: SearchConfig = "full,hce".parse().unwrap();
    let run = |tfen: &str, config: SearchConfig| {
        let mut e = Engine::builder().hash_mib(4).config(config).build();
        let r = e.search(&game(&pos(tfen)), &Limits::new().depth(4), |_| {});
        (r.best.map(|m| m.to_string()), r.score, r.nodes)
    };
    let cut = "11/11/5k5/11/R10/R10/11/11/11/K10";
    let white = format!("{cut} w - 00 0 1");
    assert_eq!(run(&white, on), run(&white, off));
    let black = format!("{cut} b - 00 0 1");
    let (Score::Cp(on), Score::Cp(without)) = (run(&black, on).1, run(&black, off).1) else {
        panic!("no mate in sight at depth 4");
    };
    assert!(on < without, "{on} < {without}");
}

#[test]
fn escapes_by_king_swap() {
    let p = pos("rr9/5k5/11/11/11/10F/11/11/11/K10 w Kk 00 0 1");
    let r = engine().search(&game(&p), &Limits::new().depth(3), |_| {});
    assert_eq!(r.best.unwrap().kind, MoveKind::KingSwap);
}

#[test]
fn finished_positions_have_no_best_move() {
    // Black has no legal move: it has lost.
    let p = pos("k10/11/11/11/11/11/11/11/5K5/1R8R w - 00 0 1");
    let mut after = p.clone();
    after.play_str("k1k9").unwrap();
    let r = engine().search(&game(&after), &Limits::new().depth(3), |_| {});
    assert!(r.best.is_none());
    assert_eq!(r.score, Score::Mate(0));
}

#[test]
fn repetition_in_the_game_history_is_a_draw() {
    // A position the engine could claim a draw in by repeating: with the
    // history of a shuffling game, the search must still return a legal move.
    let mut g = Game::new();
    for m in ["b2c4", "b9c7", "c4b2", "c7b9", "b2c4", "b9c7", "c4b2"] {
        g.play_str(m).unwrap();
    }
    let r = engine().search(&g, &Limits::new().depth(3), |_| {});
    assert!(g.position().is_legal(&r.best.unwrap()));
}

/// Under `pawn-of-pawns=one-arrival` the waiting pawn of pawns can be
/// placed and walk back to its last rank, where it waits again: its moves
/// reset the halfmove clock but not the position. White's pawn of pawns
/// waits on e10 (stage 1); it is placed on e5 and steps back up while
/// Black's King goes k5-k4 and back (the core's
/// `one_arrival_a_placement_and_pawn_steps_can_be_undone`). Black, a rook
/// and a knight up, to move: k4-k5 repeats the start, a draw in the tree
/// (by default e9-e10 was a second arrival, the pawn went to f3, and
/// nothing repeats).
#[test]
fn a_repetition_through_a_pawn_of_pawns_walk_is_a_draw() {
    const START: &str = "4PP6/11/11/11/3r1n5/10k/11/11/11/K10 w - 10 0 1";
    const WALK: &str = "e10e5 k5k4 e5e6 k4k5 e6e7 k5k4 e7e8 k4k5 e8e9 k5k4 e9e10";
    let score_of_k4k5 = |rules: &str| {
        let rules: RuleSet = rules.parse().unwrap();
        let mut g = Game::from_position(Position::from_tfen_with_rules(START, rules).unwrap());
        for m in WALK.split_whitespace() {
            g.play_str(m).unwrap();
        }
        let limits = Limits::new().depth(3).searchmoves(["k4k5"]);
        engine().search(&g, &limits, |_| {}).score
    };
    assert_eq!(score_of_k4k5("pawn-of-pawns=one-arrival"), Score::Cp(0));
    assert!(matches!(score_of_k4k5(""), Score::Cp(cp) if cp > 500));
}

#[test]
fn fixed_depth_is_deterministic() {
    let mut g = Game::new();
    for m in ["f3f4", "f8f7", "b2c4"] {
        g.play_str(m).unwrap();
    }
    let run = || {
        let mut infos = Vec::new();
        let r = engine().search(&g, &Limits::new().depth(4), |i| {
            infos.push((i.depth, i.nodes, i.score))
        });
        (r.best, r.nodes, r.pv, infos)
    };
    assert_eq!(run(), run());
    let nodes = || engine().search(&g, &Limits::new().nodes(3000), |_| {}).best;
    assert_eq!(nodes(), nodes());
}

/// The history scores kept from one search to the next (`keephist`) are
/// forgotten with the table by `new_game`: after it an engine searches
/// exactly as a fresh one.
#[test]
fn a_new_game_forgets_the_kept_history() {
    let g = after_f4_f7();
    let fresh = search_depth_5(&mut engine(), &g);
    let mut used = engine();
    search_depth_5(&mut used, &Game::new());
    used.new_game();
    assert_eq!(search_depth_5(&mut used, &g), fresh);
}

/// The game after 1. f3f4 f8f7, for the tests of the kept history.
fn after_f4_f7() -> Game {
    let mut g = Game::new();
    for m in ["f3f4", "f8f7"] {
        g.play_str(m).unwrap();
    }
    g
}

/// The best move, node count and principal variation of a depth-5 search.
fn search_depth_5(e: &mut Engine, g: &Game) -> (Option<Move>, u64, Vec<Move>) {
    let r = e.search(g, &Limits::new().depth(5), |_| {});
    (r.best, r.nodes, r.pv)
}

/// The kept history scores carry over to the next search of the same
/// game, and only of the same game. `set_hash_mib` gives the engine a
/// fresh table but keeps the history: after a search of the start
/// position the search of `g` then differs from a fresh engine's, and
/// with `-keephist` it does not. A chess search's scores (a table of the
/// size of Makruk's) are not used by a Makruk search. A thread count
/// changed between searches is no trouble.
#[test]
fn the_history_is_kept_for_the_same_game_only() {
    let g = after_f4_f7();
    let run = |e: &mut Engine| search_depth_5(e, &g);
    let warmed = |mut e: Engine| {
        search_depth_5(&mut e, &Game::new());
        e.set_hash_mib(4);
        e
    };
    let fresh = run(&mut engine());
    assert_ne!(run(&mut warmed(engine())), fresh);
    let off: SearchConfig = "full,-keephist".parse().unwrap();
    let engine_off = || Engine::builder().hash_mib(4).config(off).build();
    let fresh_off = run(&mut engine_off());
    assert_eq!(run(&mut warmed(engine_off())), fresh_off);

    let makruk_game = makruk::Game::new();
    let makruk_run = |e: &mut Engine| {
        let r = e.search(&makruk_game, &Limits::new().depth(6), |_| {});
        (r.best.map(|m| m.to_string()), r.nodes)
    };
    let fresh_makruk = makruk_run(&mut engine());
    let mut after_chess = engine();
    after_chess.search(&chess::Game::new(), &Limits::new().depth(6), |_| {});
    after_chess.set_hash_mib(4);
    assert_eq!(makruk_run(&mut after_chess), fresh_makruk);

    let mut threads = Engine::builder().hash_mib(4).threads(2).build();
    for n in [2, 3, 1] {
        threads.set_threads(n);
        assert!(threads
            .search(&g, &Limits::new().depth(4), |_| {})
            .best
            .is_some());
    }
}

#[test]
fn node_limit_is_respected() {
    let r = engine().search(&Game::new(), &Limits::new().nodes(2000), |_| {});
    assert!(r.nodes <= 2001, "{}", r.nodes);
    assert!(r.best.is_some());
}

#[test]
fn stop_flag_ends_an_infinite_search() {
    let t = Instant::now();
    let (_, r) = stopped_search(engine(), Limits::new().infinite());
    assert!(t.elapsed() < Duration::from_secs(5));
    assert!(Position::new().is_legal(&r.best.unwrap()));
    assert!(r.stopped);
}

/// Runs a search of the initial position with `limits` on another thread
/// and sets the stop flag until it returns: gives back the engine and the
/// result.
fn stopped_search(mut engine: Engine, limits: Limits) -> (Engine, SearchResult) {
    let stop = engine.stop_flag();
    let h = std::thread::spawn(move || {
        let r = engine.search(&Game::new(), &limits, |_| {});
        (engine, r)
    });
    while !h.is_finished() {
        std::thread::sleep(Duration::from_millis(20));
        stop.store(true, Ordering::Relaxed);
    }
    h.join().unwrap()
}

/// The node counter shows a running search's nodes as they grow (so that a
/// caller can report progress between iterations), and 0 between searches.
#[test]
fn the_node_counter_follows_a_running_search() {
    let mut engine = engine();
    let counter = engine.node_counter();
    let stop = engine.stop_flag();
    assert_eq!(counter.nodes(), 0);
    let (seen, r) = std::thread::scope(|scope| {
        let h = scope.spawn(|| engine.search(&Game::new(), &Limits::new().infinite(), |_| {}));
        let mut seen: Vec<u64> = Vec::new();
        let t = Instant::now();
        while seen.len() < 3 && t.elapsed() < Duration::from_secs(30) {
            let n = counter.nodes();
            if n > seen.last().copied().unwrap_or(0) {
                seen.push(n);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        stop.store(true, Ordering::Relaxed);
        (seen, h.join().unwrap())
    });
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert!(seen[2] <= r.nodes, "{seen:?} {}", r.nodes);
    assert!(r.stopped);
    assert_eq!(counter.nodes(), 0);
}

#[test]
fn movetime_is_respected() {
    let t = Instant::now();
    let limits = Limits::new().movetime(Duration::from_millis(50));
    let r = engine().search(&Game::new(), &limits, |_| {});
    assert!(t.elapsed() < Duration::from_millis(500));
    assert!(r.best.is_some());
    assert!(!r.stopped);
}

#[test]
fn two_threads_search_legally() {
    let mut e = Engine::builder().hash_mib(4).threads(2).build();
    assert_eq!(e.threads(), 2);
    let r = e.search(&Game::new(), &Limits::new().depth(3), |_| {});
    assert!(Position::new().is_legal(&r.best.unwrap()));
}

#[test]
fn never_an_illegal_best_move_on_random_positions() {
    let mut rng = Rng::new(42);
    let everything = SearchConfig::new(Features::ALL, EvalKind::Net);
    for config in [
        SearchConfig::full(),
        everything,
        SearchConfig::plain_material(),
    ] {
        let mut engine = Engine::builder().hash_mib(1).config(config).build();
        for _ in 0..4 {
            let mut g = Game::new();
            for _ in 0..60 {
                if g.outcome().is_some() {
                    break;
                }
                let moves = g.position().legal_moves();
                let m = moves[rng.below(moves.len())];
                g.play(&m).unwrap();
                if rng.below(8) == 0 {
                    let r = engine.search(&g, &Limits::new().nodes(300), |_| {});
                    match r.best {
                        Some(b) => assert!(
                            g.position().is_legal(&b),
                            "{b} in {}",
                            g.position().to_tfen()
                        ),
                        None => assert!(g.is_over()),
                    }
                }
            }
        }
    }
}

/// The search's check test without playing the move
/// (`SearchPosition::gives_check`: a single royal left, and the core's
/// test) is the child's `in_check` for every legal move, along random
/// games from positions with promotions to royals and with several
/// royals on a side (where nobody is in check).
#[test]
fn the_search_check_test_is_the_check_after_the_move() {
    let starts = [
        tamerlane_core::INITIAL_TFEN,
        // Pawns of every kind (the pawn of kings becomes a Prince) about to promote.
        "11/PRPNPTPGPFPVPEPCPDPK1/11/11/10k/11/11/11/11/K10 w - 00 0 1",
        // Two White royals (Prince, Adventitious King), one Black.
        "S10/11/11/11/5k5/11/11/11/11/10A w - 00 0 1",
        // White's King and Prince against Black's rook, talia and giraffe:
        // attacks on one of two royals, which are no check.
        "k4r5/11/11/11/11/11/2t8/11/4NR3g1/S4K1V3 w - 00 0 1",
        // Pins by rook, talia and giraffe.
        "k4r5/11/11/11/11/11/2t8/11/4NR3g1/5K1V3 w - 00 0 1",
    ];
    let mut rng = Rng::new(7);
    let mut checks = 0;
    for start in starts {
        for _ in 0..8 {
            let mut g = Game::from_position(pos(start));
            for _ in 0..80 {
                let p = g.position().clone();
                let moves = p.legal_moves();
                if moves.is_empty() || g.is_over() {
                    break;
                }
                for m in moves.iter() {
                    let mut child = p.clone();
                    child.play_unchecked(m);
                    let expected = SearchPosition::in_check(&child);
                    checks += usize::from(expected);
                    assert_eq!(
                        <Position as SearchPosition>::gives_check(&p, m),
                        expected,
                        "{m} in {}",
                        p.to_tfen()
                    );
                }
                g.play(&moves[rng.below(moves.len())]).unwrap();
            }
        }
    }
    // The games do reach checks (the count is from this run, not a
    // reference: it only shows the comparison is not vacuous).
    assert!(checks > 100, "{checks}");
}

/// A stop flag left set by a stopped search used to end every later
/// search after its first iteration.
#[test]
fn a_search_after_a_stopped_one_runs_to_its_limit() {
    let (mut engine, first) = stopped_search(engine(), Limits::new().infinite());
    assert!(first.stopped);
    assert!(engine.stop_flag().load(Ordering::Relaxed));
    let r = engine.search(&Game::new(), &Limits::new().depth(4), |_| {});
    assert_eq!(r.depth, 4);
    assert!(!r.stopped);
}

#[test]
fn the_game_rules_reach_the_search() {
    // The mate in two below, with the move-limit clock at 199: White has
    // no capture (Black has only its king) and no mate in one, so every
    // move reaches the 200-ply limit and draws under the default rules.
    // With a limit of 400 plies the mate is found.
    let p = pos("k10/11/11/2K8/11/11/11/3D1N5/4R6/11 w - 00 199 120");
    let default = engine().search(&game(&p), &Limits::new().depth(5), |_| {});
    assert_eq!(default.score, Score::Cp(0));
    let longer = Game::from_position(
        Position::from_tfen_with_rules(&p.to_tfen(), "move-limit=400".parse().unwrap()).unwrap(),
    );
    let r = engine().search(&longer, &Limits::new().depth(5), |_| {});
    assert_eq!(r.score, Score::Mate(2));
}

/// Issue 11, the review's reproduction: a game over by its own move limit
/// (10 plies here, the clock at 10) is not searched: no move, at once. One
/// ply before the limit, every move but a capture or pawn move draws.
#[test]
fn a_game_over_by_its_rules_is_not_searched() {
    let rules: RuleSet = "move-limit=10".parse().unwrap();
    // White is a rook and a knight up; no capture and no pawn on the board.
    let tfen = |clock: u32| format!("k10/11/11/2K8/11/11/11/5N5/4R6/11 w - 00 {clock} 20");
    let over = Game::from_position(Position::from_tfen_with_rules(&tfen(10), rules).unwrap());
    assert!(over.is_over());
    let r = engine().search(&over, &Limits::new().depth(6), |_| {});
    assert_eq!(r.best, None);
    assert_eq!(r.nodes, 0);
    let last = Game::from_position(Position::from_tfen_with_rules(&tfen(9), rules).unwrap());
    let r = engine().search(&last, &Limits::new().depth(4), |_| {});
    assert_eq!(r.score, Score::Cp(0), "every move reaches the 10-ply limit");
    // Under the default rules the same position is a clear win for White.
    let default = Game::from_position(Position::from_tfen(&tfen(9)).unwrap());
    let r = engine().search(&default, &Limits::new().depth(4), |_| {});
    assert!(
        matches!(r.score, Score::Cp(cp) if cp > 500) || matches!(r.score, Score::Mate(n) if n > 0),
        "{:?}",
        r.score
    );
}

/// Issue 11: the evaluation's fade toward the draw follows the rules' move
/// limit: none without a limit, and 1/6 of the score left at the limit.
#[test]
fn the_fade_follows_the_move_limit() {
    let at = |clock: u32, rules: &str| {
        let t = format!("k10/11/11/2K8/11/11/11/5N5/4R6/11 w - 00 {clock} 20");
        let p = Position::from_tfen_with_rules(&t, rules.parse().unwrap()).unwrap();
        evaluate(&p, EvalKind::Full)
    };
    let fresh = at(0, "");
    assert!(fresh > 500, "{fresh}");
    // No limit: the clock does not matter.
    assert_eq!(at(150, "move-limit=off"), at(0, "move-limit=off"));
    // A 100-ply limit: near the limit about a sixth of the score is left.
    let base = at(0, "move-limit=100");
    let end = at(99, "move-limit=100");
    assert!(end < base / 5 && end > base / 7, "{base} -> {end}");
    // The default limit of 200 fades half as fast as a limit of 100.
    assert!(at(99, "") > at(99, "move-limit=100"));
}
