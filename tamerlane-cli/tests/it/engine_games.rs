//! `--game chess` and `--game makruk` on the engine commands: `analyze`,
//! `engine` (the protocol starting in that game) and `play`. Expected
//! values are worked out by hand: a back-rank mate in chess, a Rook mate
//! in Makruk, the first moves of each game.

use crate::cli::{run, stderr, stdout};

/// White mates at once by Ra8 (the Black King is shut in by its pawns).
const CHESS_BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
/// White mates at once by Rh8 (the Black King on a8 is held by the King on a6).
const MAKRUK_ROOK_MATE: &str = "k7/8/K7/8/8/8/8/7R w - - 0 1";

/// The last line of the output, which must be a `bestmove`.
fn bestmove(out: &str) -> &str {
    let last = out.lines().last().unwrap_or("");
    assert!(last.starts_with("bestmove "), "{out}");
    last
}

#[test]
fn analyze_finds_the_mate_in_each_game() {
    for (game, fen, mate) in [
        ("chess", CHESS_BACK_RANK, "bestmove a1a8"),
        ("makruk", MAKRUK_ROOK_MATE, "bestmove h1h8"),
    ] {
        let o = run(
            &["analyze", "--game", game, "--fen", fen, "--depth", "3"],
            "",
        );
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        assert_eq!(bestmove(&stdout(&o)), mate, "{game}");
    }
}

#[test]
fn analyze_plays_uci_moves_first_and_names_bad_input() {
    // After 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6, Qxf7 is mate.
    let o = run(
        &[
            "analyze", "--game", "chess", "--depth", "3", "e2e4", "e7e5", "d1h5", "b8c6", "f1c4",
            "g8f6",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(bestmove(&stdout(&o)), "bestmove h5f7");
    let o = run(
        &[
            "analyze", "--game", "makruk", "--fen", "8/8 w", "--depth", "1",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: invalid Makruk FEN"),
        "{}",
        stderr(&o)
    );
    let o = run(&["analyze", "--game", "chess", "--depth", "1", "e2e5"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("move 1 (e2e5)"), "{}", stderr(&o));
}

#[test]
fn the_engine_protocol_starts_in_the_game_given() {
    for (game, fen, mate) in [
        ("chess", CHESS_BACK_RANK, "bestmove a1a8"),
        ("makruk", MAKRUK_ROOK_MATE, "bestmove h1h8"),
    ] {
        let input = format!("uci\nisready\nposition fen {fen}\ngo depth 3\nisready\nquit\n");
        let o = run(&["engine", "--game", game], &input);
        let out = stdout(&o);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        assert!(out.contains(&format!("\n{mate}\n")), "{game}: {out}");
        assert!(!out.contains("error"), "{game}: {out}");
    }
    // `startpos` is the Makruk start; the reply is one of Black's legal
    // moves there, as `moves --game makruk` lists them.
    let o = run(
        &["engine", "--game", "makruk"],
        "position startpos moves e3e4\ngo depth 2\nisready\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let reply = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("{out}"));
    let legal = stdout(&run(&["moves", "--game", "makruk", "e3e4"], ""));
    assert!(
        legal.split_whitespace().any(|m| m == reply),
        "{reply}: {legal}"
    );
}

#[test]
fn play_lists_moves_and_reads_uci_and_san() {
    // Chess: the 20 first moves; then 1. Nf3 in SAN.
    let o = run(
        &["play", "--game", "chess", "--movetime", "20"],
        "moves\nNf3\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        out.contains(
            "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 \
             g1f3 g1h3 g2g3 g2g4 h2h3 h2h4\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("to move  (rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1)"),
        "{out}"
    );
    // Makruk: 8 pawn steps, a1a2 h1h2, b1d2 g1e2, the Khons' 3 each, the
    // King's 3, the Met's 2; then 1. e3e4 in UCI.
    let o = run(
        &["play", "--game", "makruk", "--movetime", "20"],
        "moves\ne3e4\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        out.contains(
            "a1a2 a3a4 b1d2 b3b4 c1b2 c1c2 c1d2 c3c4 d1c2 d1d2 d1e2 d3d4 e1d2 e1f2 \
             e3e4 f1e2 f1f2 f1g2 f3f4 g1e2 g3g4 h1h2 h3h4\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("to move  (rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1)"),
        "{out}"
    );
}
