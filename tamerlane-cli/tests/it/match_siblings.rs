//! `tamerlane match --game makruk` against Fairy-Stockfish and `--game
//! chess` against Stockfish (the Debian packages; `make deps` installs
//! them). These tests fail, never skip, when an engine is missing. Each
//! game of the `--out` file is audited independently: its moves replayed
//! by `tamerlane outcome` from its start FEN must give the result and
//! termination the match reported.

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
    let dir = std::env::temp_dir().join(format!("tamerlane-siblings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Plays a 2-game match of `game` under `rules` against `cmd` and audits
/// every game line of the `--out` file.
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
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    for (i, line) in lines.iter().enumerate() {
        // Colours alternate: A has White in the first game.
        let players = if i == 0 {
            format!("full - {name} ")
        } else {
            format!("{name} - full ")
        };
        let head = format!("game {}: {players}", i + 1);
        assert!(line.starts_with(&head), "{line}");
        let rest = &line[head.len()..];
        let (result, rest) = rest.split_once(" (").unwrap();
        let (termination, rest) = rest.split_once("), ").unwrap();
        let rest = rest.strip_prefix(&format!("{game}, fen ")).unwrap();
        let (fen, moves) = rest.split_once(", moves ").unwrap();
        let moves: Vec<&str> = moves.split_whitespace().collect();
        assert!(!moves.is_empty(), "{line}");
        let mut args = vec!["outcome", "--game", game, "--rules", rules, "--fen", fen];
        args.extend(&moves);
        let o = run(&args, "");
        assert!(o.status.success(), "{line}: {}", stderr(&o));
        let winner = match result {
            "1-0" => "white",
            "0-1" => "black",
            "1/2-1/2" => "draw",
            other => panic!("result {other}: {line}"),
        };
        assert_eq!(stdout(&o), format!("{winner} {termination}\n"), "{line}");
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
