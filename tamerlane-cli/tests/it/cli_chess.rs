//! The `--game chess` modes of `perft`, `moves`, `apply`, `outcome` and `pgn`:
//! FEN positions and UCI moves (expected values by hand or from the
//! published perft counts).

use super::cli::{run, stderr, stdout};
use tamerlane_core::chess::START_FEN;

#[test]
fn chess_perft_and_divide() {
    let o = run(&["perft", "--game", "chess", "3"], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "8902\n");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = run(
        &[
            "perft", "--game", "chess", "--fen", kiwipete, "1", "--divide",
        ],
        "",
    );
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 49);
    assert!(out.contains("e1g1: 1\n") && out.contains("e1c1: 1\n"));
    assert!(out.ends_with("\n48\n"));
}

#[test]
fn chess_moves_from_stdin_and_after_moves() {
    let input = format!("{START_FEN}\n8/8/8/8/8/8/8/K6k w - - 0 1\nnot a fen\n");
    let o = run(&["moves", "--game", "chess", "--stdin"], &input);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].split(' ').count(), 20);
    assert!(lines[0].starts_with("a2a3 a2a4 b1a3 b1c3 b2b3"));
    assert_eq!(lines[1], "a1a2 a1b1 a1b2");
    assert!(lines[2].starts_with("error: invalid FEN"), "{}", lines[2]);
    // After 1. e4 e5, by hand: 14 pawn moves (e4 is blocked), knights 5
    // (a3 c3, e2 f3 h3), bishop f1 5 (e2 to a6), queen 4 (e2 to h5), king 1.
    let o = run(&["moves", "--game", "chess", "e2e4", "e7e5"], "");
    assert_eq!(stdout(&o).split(' ').count(), 29);
}

#[test]
fn chess_apply_prints_the_fen_after_the_move() {
    let input = format!("{START_FEN} | e2e4\n{START_FEN} | e2e5\n{START_FEN}\n");
    let o = run(&["apply", "--game", "chess", "--stdin"], &input);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert!(
        lines[1].starts_with("error: illegal move e2e5"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "error: expected `FEN | MOVE`");
}

#[test]
fn chess_outcome_of_games() {
    let input = format!(
        "{START_FEN} | f2f3 e7e5 g2g4 d8h4\n{START_FEN} | f2f3 e7e5 g2g4 d8h4 e1f2\n7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n{START_FEN} |\n"
    );
    let o = run(&["outcome", "--game", "chess", "--stdin"], &input);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "black checkmate");
    assert!(lines[1].contains("the game ended at ply 4"), "{}", lines[1]);
    assert_eq!(lines[2], "draw stalemate");
    assert_eq!(lines[3], "none");
    let o = run(
        &["outcome", "--game", "chess", "f2f3", "e7e5", "g2g4", "d8h4"],
        "",
    );
    assert_eq!(stdout(&o), "black checkmate\n");
    // Threefold repetition ends the game only with `draws=automatic`.
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(2);
    let mut args = vec!["outcome", "--game", "chess"];
    args.extend(shuffle.iter().copied());
    assert_eq!(stdout(&run(&args, "")), "none\n");
    args.extend(["--rules", "draws=automatic"]);
    assert_eq!(stdout(&run(&args, "")), "draw threefold-repetition\n");
    let o = run(
        &["outcome", "--game", "chess", "--rules", "repetition=3"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown key"), "{}", stderr(&o));
    let o = run(&["outcome", "--game", "chess", "--fen", "bad"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("invalid FEN"));
}

#[test]
fn chess_pgn_is_read_in_san() {
    let input = "[Event \"scholar\"]\n[Result \"1-0\"]\n\
                 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 e5 2. Ke3 *\n";
    let o = run(&["pgn", "--game", "chess", "--fen", "-"], input);
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "game 1: 7 plies, 1-0, final r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    );
    assert!(
        lines[1].starts_with("game 2: error: line 5, column 13: move 2. Ke3: illegal move \"Ke3\""),
        "{}",
        lines[1]
    );
    assert!(
        stderr(&o).contains("-: 2 games, 1 valid, 1 with errors, 7 plies in the valid games"),
        "{}",
        stderr(&o)
    );
}
