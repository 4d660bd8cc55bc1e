//! `--game makruk` on `perft`, `moves`, `apply`, `outcome` and `pgn`: Makruk FEN
//! and UCI moves in, the same output formats as for Tamerlane. Expected
//! values: the published Makruk perft counts and positions worked out by
//! hand.

use crate::cli::{run, stderr, stdout};

const MATE_IN_ONE: &str = "k7/8/K7/8/8/8/8/7R w - - 0 1";

#[test]
fn perft_and_divide() {
    let o = run(&["perft", "4", "--game", "makruk"], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "273026\n");
    let o = run(&["perft", "1", "--game", "makruk", "--divide"], "");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 24);
    assert_eq!(lines[0], "a1a2: 1");
    assert_eq!(*lines.last().unwrap(), "23");
    let o = run(
        &["perft", "2", "--game", "makruk", "--fen", MATE_IN_ONE],
        "",
    );
    assert_eq!(stdout(&o), "19\n", "{}", stderr(&o));
}

#[test]
fn moves_after_uci_moves_and_per_fen_line() {
    let o = run(&["moves", "--game", "makruk", "e3e4", "e6e5"], "");
    assert!(stdout(&o).split_whitespace().count() > 20);
    let input = "4k3/8/3r4/4P3/8/8/8/4K3 w - - 0 1\nnot a fen\n";
    let o = run(&["moves", "--game", "makruk", "--stdin"], input);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "e1e2 e1f1 e1f2 e5d6m e5e6m");
    assert!(
        lines[1].starts_with("error: invalid Makruk FEN"),
        "{}",
        lines[1]
    );
}

#[test]
fn apply_prints_fairy_stockfish_fens_with_the_count() {
    let input = "4k3/8/3r4/4P3/8/8/8/4K3 w - - 0 1 | e5d6m\n\
                 4k3/8/3r4/4P3/8/8/8/4K3 w - - 0 1 | e5d6\n";
    let o = run(&["apply", "--game", "makruk", "--stdin"], input);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "4k3/8/3M4/8/8/8/8/4K3 b - 128 6 1");
    assert!(lines[1].contains("write m at the end"), "{}", lines[1]);
}

#[test]
fn outcomes_of_games_and_positions() {
    let o = run(
        &["outcome", "--game", "makruk", "--fen", MATE_IN_ONE, "h1h8"],
        "",
    );
    assert_eq!(stdout(&o), "white checkmate\n");
    // The seed's counting-mate draw, and Fairy-Stockfish's reading.
    let fen = "7k/8/6K1/8/8/8/7n/R6m w - 128 10 30";
    let o = run(&["outcome", "--game", "makruk", "--fen", fen, "a1a8"], "");
    assert_eq!(stdout(&o), "draw counting-mate\n");
    let o = run(
        &[
            "outcome",
            "--game",
            "makruk",
            "--rules",
            "counting=fairy-stockfish",
            "--fen",
            fen,
            "a1a8",
        ],
        "",
    );
    assert_eq!(stdout(&o), "white checkmate\n");
    let input = "8/8/8/4k3/8/8/R7/4K2R w - 16 17 9\n7k/5K2/6M1/8/8/8/8/8 b - - 0 1\n";
    let o = run(&["outcome", "--game", "makruk", "--stdin"], input);
    assert_eq!(stdout(&o), "draw counting\ndraw stalemate\n");
    let o = run(&["outcome", "--game", "makruk"], "");
    assert_eq!(stdout(&o), "none\n");
}

#[test]
fn errors_name_the_fault_and_exit_2() {
    let o = run(
        &[
            "outcome",
            "--game",
            "makruk",
            "--fen",
            MATE_IN_ONE,
            "h1h8",
            "a8b8",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("move 2 (a8b8): the game ended at ply 1 (white checkmate)"),
        "{}",
        stderr(&o)
    );
    let o = run(
        &[
            "perft",
            "1",
            "--game",
            "makruk",
            "--rules",
            "swap-when=check",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown key \"swap-when\""),
        "{}",
        stderr(&o)
    );
    let o = run(&["moves", "--game", "makruk", "e3e5"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("illegal move e3e5"), "{}", stderr(&o));
    let o = run(&["perft", "1", "--game", "chinese"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn makruk_pgn_is_read_in_san_from_its_fen_tag() {
    let input = format!("[FEN \"{MATE_IN_ONE}\"]\n[Termination \"checkmate\"]\n1. Rh8# 1-0\n");
    let o = run(&["pgn", "--game", "makruk", "-"], &input);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "game 1: 1 plies, 1-0 checkmate\n");
    // A draw recorded after the mate contradicts the rules.
    let o = run(
        &["pgn", "--game", "makruk", "-"],
        &input.replace("1-0", "1/2-1/2"),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stdout(&o).contains("result 1/2-1/2, but the game has ended by the rules: white checkmate"),
        "{}",
        stdout(&o)
    );
}
