//! `tamerlane match --game makruk` against Fairy-Stockfish and `--game
//! chess` against Stockfish (the Debian packages; `make deps` installs
//! them). These tests fail, never skip, when an engine is missing. The
//! `--out` file holds a PGN record per game, audited by the record reader
//! (`tamerlane pgn`): every move is replayed, and a result or
//! `Termination` tag that the rules contradict is an error.

use std::path::Path;

use crate::cli::{run, stderr, stdout};

const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";
const STOCKFISH: &str = "/usr/games/stockfish";

/// The engine's path, which must exist.
fn engine(path: &str) -> &str {
    assert!(
        Path::new(path).exists(),
        "{path} is missing: install it (`make deps`)"
    );
    path
}

/// A fresh path for an `--out` file of this test.
fn out_file(name: &str) -> std::path::PathBuf {
    crate::cli::fresh_file("siblings", name)
}

/// Plays a 2-game match of `game` under `rules` against `cmd` and audits
/// every game record of the `--out` file.
fn two_games_against(game: &str, rules: &str, cmd: &str, name: &str) {
    let path = out_file(&format!("{game}.txt"));
    let o = run(
        &[
            "match",
            "--game",
            game,
            "--rules",
            rules,
            "--a",
            "full",
            "--b-cmd",
            cmd,
            "--b-name",
            name,
            "--games",
            "2",
            "--movetime",
            "10",
            "--hash",
            "1",
            // Both engines may judge a blocked Makruk position better for
            // themselves and shuffle for thousands of plies (no count runs
            // while pawns stand, and the move limit is off): the cap keeps
            // the test bounded, adjudicating such a game a draw.
            "--max-plies",
            "400",
            "--out",
            path.to_str().unwrap(),
        ],
        "",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert!(
        out.starts_with(&format!("full vs {name}: 2 games\n")),
        "{out}"
    );
    assert!(out.contains("\nillegal moves: 0\n"), "{out}");
    assert!(out.contains("\nforfeits: time 0, abandoned 0\n"), "{out}");
    let text = std::fs::read_to_string(&path).unwrap();
    // Colours alternate: A has White in the first game.
    let whites: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[White \"")?.strip_suffix("\"]"))
        .collect();
    assert_eq!(whites, ["full", name], "{text}");
    let o = run(
        &[
            "pgn",
            "--game",
            game,
            "--rules",
            rules,
            path.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{text}\n{}", stdout(&o));
    let audit = stdout(&o);
    let lines: Vec<&str> = audit.lines().collect();
    assert_eq!(lines.len(), 2, "{audit}");
    for (i, line) in lines.iter().enumerate() {
        let head = format!("game {}: ", i + 1);
        let rest = line.strip_prefix(&head).unwrap();
        let (plies, rest) = rest.split_once(" plies, ").unwrap();
        assert!(plies.parse::<usize>().unwrap() > 0, "{line}");
        let (result, termination) = rest.split_once(' ').unwrap();
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{line}");
        assert!(!termination.is_empty(), "{line}");
    }
}

#[test]
fn makruk_against_fairy_stockfish() {
    // Fairy-Stockfish counts as `counting=fairy-stockfish` (docs/MAKRUK.md).
    let fsf = engine(FAIRY_STOCKFISH);
    two_games_against("makruk", "counting=fairy-stockfish", fsf, "fsf");
}

#[test]
fn chess_against_stockfish() {
    let sf = engine(STOCKFISH);
    two_games_against("chess", "draws=automatic", sf, "sf");
}

#[test]
fn an_engine_that_cannot_play_the_game_stops_the_match() {
    let sf = engine(STOCKFISH);
    let o = run(
        &[
            "match",
            "--game",
            "makruk",
            "--b-cmd",
            sf,
            "--games",
            "2",
            "--movetime",
            "10",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("lists no UCI_Variant option, so it cannot play makruk"),
        "{}",
        stderr(&o)
    );
    let fsf = engine(FAIRY_STOCKFISH);
    let o = run(
        &["match", "--b-cmd", fsf, "--games", "2", "--movetime", "10"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("UCI_Variant does not offer `tamerlane`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn time_odds_need_a_time_for_each_side() {
    let o = run(
        &[
            "match",
            "--game",
            "chess",
            "--a-movetime",
            "30",
            "--games",
            "2",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--b-movetime"), "{}", stderr(&o));
}
