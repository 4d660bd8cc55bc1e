//! The match's tests that go through several of its files: games played
//! under the arbiter, their records read back, and a short match.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tamerlane_core::{Color, GameResult};

use super::game_loop::play_game;
use super::openings::random_openings;
use super::players::{Clock, Player};
use super::record::{GameEnd, GameRecord};
use super::runner::{play_match_game, run_match, MatchOptions};
use crate::external::{ExternalSpec, Timeouts};
use crate::{AnyGame, AnyRules, Limits, SearchConfig, Variant};

/// The record of `r` as text, read back.
fn round_trip(r: &GameRecord, names: [&str; 2]) -> tamerlane_core::GameRecord {
    let AnyGame::Tamerlane(game) = r.game() else {
        panic!("a Tamerlane game");
    };
    let rec = r.to_record(game, names).unwrap();
    let text = rec.to_string();
    let back =
        tamerlane_core::GameRecord::from_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back, rec, "{text}");
    back
}

#[test]
fn a_short_match_is_legal_and_recorded() {
    let a = Player::internal("full", SearchConfig::full(), Limits::new().nodes(200), 1);
    let b = Player::internal(
        "plain",
        SearchConfig::plain_material(),
        Limits::new().nodes(200),
        1,
    );
    let opts = MatchOptions {
        games: 2,
        concurrency: 2,
        openings: random_openings(1, 2, 1, AnyRules::default()),
        sprt: None,
        ply_cap: None,
    };
    // The game itself keeps the rules' 200-ply limit; a tiny node
    // budget keeps the test short.
    let (tally, recs, stop) = run_match(&a, &b, &opts, None, |_, _| {});
    assert_eq!(tally.games(), 2);
    assert_eq!(stop, None);
    for r in &recs {
        assert!(!r.end.is_forfeit(), "{r:?}");
        let back = round_trip(r, ["full", "plain"]);
        let moves: Vec<String> = back.game().moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, r.moves);
        assert_eq!(back.tag("Termination"), Some(r.end.termination()));
        assert_eq!(back.tag("TFEN"), Some(&*r.opening.start_fen()));
        assert_eq!(back.tag("Round"), Some(&*(r.index + 1).to_string()));
        let white = if r.white == 0 { "full" } else { "plain" };
        assert_eq!(back.tag("White"), Some(white));
    }
}

#[test]
fn a_match_game_is_the_same_alone_and_stops_when_asked() {
    let a = Player::internal("a", SearchConfig::full(), Limits::new().nodes(100), 1);
    let b = Player::internal("b", SearchConfig::full(), Limits::new().nodes(100), 1);
    let rules = Variant::Chess.default_rules();
    let openings = random_openings(2, 2, 3, rules);
    let opts = MatchOptions {
        games: 4,
        concurrency: 2,
        openings: openings.clone(),
        sprt: None,
        ply_cap: Some(30),
    };
    let (_, recs, _) = run_match(&a, &b, &opts, None, |_, _| {});
    let never = AtomicBool::new(false);
    for r in &recs {
        let alone = play_match_game(&a, &b, &openings, r.index, Some(30), Some(&never)).unwrap();
        assert_eq!(
            (&alone.moves, &alone.end),
            (&r.moves, &r.end),
            "game {}",
            r.index
        );
        assert_eq!(alone.white, r.index % 2);
        assert_eq!(alone.opening, openings[r.index / 2]);
    }
    // A stop during a search that would take hours ends the game at once.
    let deep = Player::internal("deep", SearchConfig::full(), Limits::new().depth(60), 1);
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let played = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(200));
            stop.store(true, Ordering::Relaxed);
        });
        play_match_game(&deep, &deep, &openings, 0, None, Some(&stop))
    });
    assert!(played.is_none());
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn a_stopped_match_counts_only_the_games_that_ended() {
    let rules = Variant::Chess.default_rules();
    let quick = Player::internal("quick", SearchConfig::full(), Limits::new().nodes(100), 1);
    let opts = MatchOptions {
        games: 6,
        concurrency: 1,
        openings: random_openings(3, 2, 5, rules),
        sprt: None,
        ply_cap: Some(20),
    };
    // Set after the first game: no other game is started.
    let stop = AtomicBool::new(false);
    let (tally, recs, _) = run_match(&quick, &quick, &opts, Some(&stop), |_, _| {
        stop.store(true, Ordering::Relaxed);
    });
    assert_eq!((tally.games(), recs.len()), (1, 1));
    assert_eq!(recs[0].index, 0);
    // Set while two searches that would take hours are running: both
    // games are abandoned at once, and nothing is counted.
    let deep = Player::internal("deep", SearchConfig::full(), Limits::new().depth(60), 1);
    let opts = MatchOptions {
        concurrency: 2,
        ..opts
    };
    let stop = AtomicBool::new(false);
    let mut reported = 0;
    let started = Instant::now();
    let (tally, recs, _) = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::Relaxed);
        });
        run_match(&deep, &deep, &opts, Some(&stop), |_, _| reported += 1)
    });
    assert_eq!((tally.games(), recs.len(), reported), (0, 0, 0));
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn a_sibling_game_at_the_ply_cap_is_a_drawn_record() {
    let a = Player::internal("a", SearchConfig::full(), Limits::new().depth(1), 1);
    let b = Player::internal("b", SearchConfig::full(), Limits::new().depth(1), 1);
    let opening = AnyGame::new(Variant::Makruk.default_rules());
    let r = play_game([&a, &b], &opening, false, 4, Some(6));
    assert_eq!(r.end, GameEnd::PlyCap);
    assert_eq!(r.moves.len(), 6);
    assert_eq!(r.score_a(), 0.5);
    assert_eq!(r.result(), GameResult::Draw);
    let text = r.to_text(["a", "b"]).unwrap();
    for tag in [
        "[Round \"5\"]",
        "[White \"b\"]",
        "[Black \"a\"]",
        "[Result \"1/2-1/2\"]",
        "[Variant \"Makruk\"]",
        "[Termination \"adjudication\"]",
    ] {
        assert!(text.contains(tag), "{tag} in {text}");
    }
    // Read back by the core's reader: the same moves.
    let back: tamerlane_core::GameRecord<tamerlane_core::makruk::Position> = text.parse().unwrap();
    let moves: Vec<String> = back.game().moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, r.moves);
}

#[test]
fn a_clock_that_runs_out_loses_on_time() {
    // No time on the clock and no margin: any move is too slow.
    let mut slow = Player::internal("slow", SearchConfig::full(), Limits::new().depth(2), 1);
    slow.clock = Some(Clock {
        base: Duration::ZERO,
        inc: Duration::from_secs(1),
    });
    slow.timeouts.margin = Duration::ZERO;
    let fast = Player::internal(
        "fast",
        SearchConfig::plain_material(),
        Limits::new().depth(1),
        1,
    );
    let r = play_game(
        [&slow, &fast],
        &AnyGame::new(AnyRules::default()),
        true,
        0,
        None,
    );
    assert!(
        matches!(r.end, GameEnd::TimeForfeit(Color::White, _)),
        "{r:?}"
    );
    assert_eq!(r.score_a(), 0.0);
    let back = round_trip(&r, ["slow", "fast"]);
    assert_eq!(back.result(), GameResult::BlackWins);
    assert_eq!(back.tag("Termination"), Some("time forfeit"));
}

#[cfg(unix)]
fn script(name: &str, body: &str) -> Player {
    let spec = ExternalSpec {
        command: vec!["sh".into(), "-c".into(), body.into()],
        options: Vec::new(),
        rules: None,
    };
    let mut p = Player::external(name, spec, Limits::new().nodes(50));
    p.timeouts = Timeouts {
        answer: Duration::from_secs(3),
        margin: Duration::from_millis(100),
        untimed: Duration::from_millis(300),
    };
    p
}

/// A scripted engine that handshakes and answers `go` with `reply`.
#[cfg(unix)]
fn replying(reply: &str) -> String {
    format!(
        r#"while read -r l; do case "$l" in
        uci) echo uciok;; isready) echo readyok;; go*) {reply};; quit) exit 0;;
        esac; done"#
    )
}

#[cfg(unix)]
#[test]
fn external_engines_forfeit_with_reasons() {
    let internal = Player::internal("full", SearchConfig::full(), Limits::new().nodes(50), 1);
    let cases = [
        ("illegal", replying("echo 'bestmove a1a2'")),
        ("garbage", replying("echo 'bestmove @@!!'")),
        ("nomove", replying("echo 'bestmove (none)'")),
        ("silent", replying(":")),
        ("crash", replying("echo oops >&2; exit 9")),
        ("deaf", "while read -r l; do :; done".to_owned()),
    ];
    for (name, body) in &cases {
        let mut bad = script(name, body);
        if *name == "deaf" {
            bad.timeouts.answer = Duration::from_millis(300);
        }
        // The bad engine has Black: White's first move is played first.
        let r = play_game(
            [&internal, &bad],
            &AnyGame::new(AnyRules::default()),
            true,
            0,
            None,
        );
        assert_eq!(r.winner(), Some(Color::White), "{name}: {r:?}");
        match (*name, &r.end) {
            ("illegal", GameEnd::Illegal(Color::Black, t)) => assert_eq!(t, "a1a2"),
            ("garbage", GameEnd::Illegal(Color::Black, t)) => assert_eq!(t, "@@!!"),
            ("nomove", GameEnd::Illegal(Color::Black, t)) => assert_eq!(t, "(none)"),
            ("silent", GameEnd::TimeForfeit(Color::Black, why)) => {
                assert!(why.contains("bestmove"), "{why}")
            }
            ("crash", GameEnd::Abandoned(Color::Black, why)) => {
                assert!(why.contains("oops"), "{why}")
            }
            ("deaf", GameEnd::TimeForfeit(Color::Black, why)) => {
                assert!(why.contains("uciok"), "{why}")
            }
            (n, e) => panic!("{n}: unexpected end {e:?}"),
        }
        let moves = if *name == "deaf" { 0 } else { 1 };
        assert_eq!(r.moves.len(), moves, "{name}");
        let back = round_trip(&r, ["full", name]);
        assert_eq!(back.result(), GameResult::WhiteWins);
        let (plies, comment) = &back.comments()[0];
        assert_eq!(*plies, moves);
        assert!(
            comment.starts_with(&format!("Black ({name}) loses")),
            "{comment}"
        );
    }
}
