//! Search behaviour: mates, stalemate wins, citadel and swap escapes,
//! legality, determinism, the stop flag, limits and threads.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use tamerlane_ai::Rng;
use tamerlane_ai::{Engine, Features, Limits, Score, SearchConfig};
use tamerlane_core::{Game, MoveKind, Position};
use tamerlane_testkit::verify::forces_win;

fn pos(t: &str) -> Position {
    Position::from_tfen(t).unwrap()
}

#[test]
fn finds_mate_in_one() {
    let p = pos("k10/2R8/11/11/11/11/11/11/5K5/1R8R w - 00 0 1");
    let r = Engine::new(4).search(&p, &[], &Limits::depth(3), |_| {});
    assert!(forces_win(&p, &r.best.unwrap(), 1));
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn finds_mate_in_two() {
    let p = pos("k10/11/11/2K8/11/11/11/3D1N5/4R6/11 w - 00 0 1");
    let r = Engine::new(4).search(&p, &[], &Limits::depth(5), |_| {});
    let m = r.best.unwrap();
    assert!(forces_win(&p, &m, 2), "{m}");
    assert_eq!(r.score, Score::Mate(2));
}

#[test]
fn finds_the_stalemate_win() {
    // Only k1k9 wins at once: it leaves Black without a move, not in check.
    let p = pos("k10/11/11/11/11/11/11/11/5K5/1R8R w - 00 0 1");
    let r = Engine::new(4).search(&p, &[], &Limits::depth(2), |_| {});
    assert_eq!(r.best.unwrap().to_string(), "k1k9");
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn escapes_into_the_citadel() {
    let p = pos("11/11/11/RR9/11/4K6/11/10k/11/11 b - 00 0 1");
    let r = Engine::new(4).search(&p, &[], &Limits::depth(4), |_| {});
    assert_eq!(r.best.unwrap().kind, MoveKind::CitadelEntry);
    assert_eq!(r.score, Score::Cp(0));
}

#[test]
fn escapes_by_king_swap() {
    let p = pos("rr9/5k5/11/11/11/10F/11/11/11/K10 w Kk 00 0 1");
    let r = Engine::new(4).search(&p, &[], &Limits::depth(3), |_| {});
    assert_eq!(r.best.unwrap().kind, MoveKind::KingSwap);
}

#[test]
fn finished_positions_have_no_best_move() {
    // Black has no legal move: it has lost.
    let p = pos("k10/11/11/11/11/11/11/11/5K5/1R8R w - 00 0 1");
    let mut after = p.clone();
    after.play_str("k1k9").unwrap();
    let r = Engine::new(1).search(&after, &[], &Limits::depth(3), |_| {});
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
    let r = Engine::new(4).search_game(&g, &Limits::depth(3), |_| {});
    assert!(g.position().is_legal(&r.best.unwrap()));
}

#[test]
fn fixed_depth_is_deterministic() {
    let mut g = Game::new();
    for m in ["f3f4", "f8f7", "b2c4"] {
        g.play_str(m).unwrap();
    }
    let run = || {
        let mut infos = Vec::new();
        let r = Engine::new(8).search_game(&g, &Limits::depth(4), |i| {
            infos.push((i.depth, i.nodes, i.score))
        });
        (r.best, r.nodes, r.pv, infos)
    };
    assert_eq!(run(), run());
    let nodes = || {
        Engine::new(8)
            .search_game(&g, &Limits::nodes(3000), |_| {})
            .best
    };
    assert_eq!(nodes(), nodes());
}

#[test]
fn node_limit_is_respected() {
    let r = Engine::new(4).search(&Position::new(), &[], &Limits::nodes(2000), |_| {});
    assert!(r.nodes <= 2001, "{}", r.nodes);
    assert!(r.best.is_some());
}

#[test]
fn stop_flag_ends_an_infinite_search() {
    let mut engine = Engine::new(4);
    let stop = engine.stop_flag();
    let t = Instant::now();
    let h = std::thread::spawn(move || {
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        engine.search(&Position::new(), &[], &limits, |_| {})
    });
    std::thread::sleep(Duration::from_millis(100));
    stop.store(true, Ordering::Relaxed);
    let r = h.join().unwrap();
    assert!(t.elapsed() < Duration::from_secs(5));
    assert!(Position::new().is_legal(&r.best.unwrap()));
}

#[test]
fn movetime_is_respected() {
    let t = Instant::now();
    let r = Engine::new(4).search(&Position::new(), &[], &Limits::movetime(50), |_| {});
    assert!(t.elapsed() < Duration::from_millis(500));
    assert!(r.best.is_some());
}

#[test]
fn two_threads_search_legally() {
    let mut e = Engine::new(4);
    e.set_threads(2);
    let r = e.search(&Position::new(), &[], &Limits::depth(3), |_| {});
    assert!(Position::new().is_legal(&r.best.unwrap()));
}

#[test]
fn never_an_illegal_best_move_on_random_positions() {
    let mut rng = Rng::new(42);
    let everything = SearchConfig {
        features: Features::ALL,
        ..SearchConfig::full()
    };
    for config in [
        SearchConfig::full(),
        everything,
        SearchConfig::plain_material(),
    ] {
        let mut engine = Engine::with_config(config, 1);
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
                    let r = engine.search_game(&g, &Limits::nodes(300), |_| {});
                    match r.best {
                        Some(b) => assert!(
                            g.position().is_legal(&b),
                            "{b} in {}",
                            g.position().to_tfen()
                        ),
                        None => assert!(g.position().outcome().is_some()),
                    }
                }
            }
        }
    }
}
