//! The one search on the sibling games, and the protocol's `UCI_Variant`.
//! Every expected move and score below is derived by hand.

use tamerlane_ai::uci::{parse_command_in, Command, CommandError};
use tamerlane_ai::{AnyGame, Engine, Limits, Score, Variant};
use tamerlane_core::{chess, makruk};

use crate::protocol_rules::transcript;

/// Chess: a back-rank mate in one, Ra8 (the king on g8 is walled in by its
/// own pawns, and a8 is not attacked by Black).
const CHESS_BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
/// Chess: Black to move has no legal move and is not in check (Qf7 covers
/// g8, g7 and h7; Kg6 covers g7 and h7): stalemate, a draw.
const CHESS_STALEMATE: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
/// Makruk: Ruea h1-h8 mates the Khun on a8 (a7 and b7 are covered by the
/// Khun on b6, b8 by the Ruea).
const MAKRUK_MATE: &str = "k7/8/1K6/8/8/8/8/7R w - - 0 1";

#[test]
fn chess_mate_in_one_is_found() {
    let game = chess::Game::from_position(chess::Position::from_fen(CHESS_BACK_RANK).unwrap());
    let mut engine = Engine::builder().hash_mib(1).build();
    let r = engine.search(&game, &Limits::new().depth(4), |_| {});
    assert_eq!(r.best.unwrap().to_string(), "a1a8");
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn chess_stalemate_is_a_draw_not_a_loss() {
    let pos = chess::Position::from_fen(CHESS_STALEMATE).unwrap();
    let mut engine = Engine::builder().hash_mib(1).build();
    let game = chess::Game::from_position(pos);
    let r = engine.search(&game, &Limits::new().depth(3), |_| {});
    assert_eq!((r.best, r.score), (None, Score::Cp(0)));
    // Without the game around it, the search itself scores it a draw.
    let r = engine.search_position(&pos, &[], &Limits::new().depth(3), |_| {});
    assert_eq!((r.best, r.score), (None, Score::Cp(0)));
    // One move earlier, White must not stalemate: with Qf7 already there
    // and White to move, any mate wins (Qg7 and Qf8 both mate).
    let before = chess::Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1").unwrap();
    let r = engine.search_position(&before, &[], &Limits::new().depth(3), |_| {});
    assert_eq!(r.score, Score::Mate(1), "{:?}", r.best);
}

#[test]
fn makruk_mate_in_one_is_found() {
    let pos = makruk::Position::from_fen(MAKRUK_MATE).unwrap();
    let game = makruk::Game::from_position(pos);
    let mut engine = Engine::builder().hash_mib(1).build();
    let r = engine.search(&game, &Limits::new().depth(4), |_| {});
    assert_eq!(r.best.unwrap().to_string(), "h1h8");
    assert_eq!(r.score, Score::Mate(1));
}

#[test]
fn the_protocol_switches_games() {
    let out = transcript(&[
        "uci",
        "setoption name UCI_Variant value chess",
        &format!("position fen {CHESS_BACK_RANK}"),
        "go depth 3",
        "setoption name UCI_Variant value makruk",
        &format!("position fen {MAKRUK_MATE}"),
        "go depth 3",
        "setoption name UCI_Variant value tamerlane",
        "position startpos moves f3f4",
        "go depth 2",
    ]);
    assert!(
        out.contains(
            "option name UCI_Variant type combo default tamerlane var tamerlane var chess var makruk"
        ),
        "{out}"
    );
    let best: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), 3, "{out}");
    assert_eq!(&best[..2], ["a1a8", "h1h8"], "{out}");
    let mut tamerlane = AnyGame::new(Variant::Tamerlane.default_rules());
    tamerlane.play_uci("f3f4").unwrap();
    assert!(tamerlane.play_uci(best[2]).is_ok(), "{out}");
}

#[test]
fn positions_and_rules_are_read_as_the_current_game() {
    let chess = Variant::Chess.default_rules();
    let makruk = Variant::Makruk.default_rules();
    let tamerlane = Variant::Tamerlane.default_rules();
    // The chess start and its moves are chess only.
    assert!(matches!(
        parse_command_in("position startpos moves e2e4 e7e5", chess),
        Ok(Some(Command::Position(_)))
    ));
    assert!(matches!(
        parse_command_in("position startpos moves e2e4", tamerlane),
        Err(CommandError::BadMove { index: 1, .. })
    ));
    // Makruk's Bia step one square: e2e4 is not a move there.
    assert!(matches!(
        parse_command_in("position startpos moves e3e4", makruk),
        Ok(Some(Command::Position(_)))
    ));
    assert!(matches!(
        parse_command_in("position startpos moves e2e4", makruk),
        Err(CommandError::BadMove { index: 1, .. })
    ));
    // `tfen` is Tamerlane's word; chess and Makruk take `fen`.
    assert!(matches!(
        parse_command_in(&format!("position tfen {CHESS_BACK_RANK}"), chess),
        Err(CommandError::PositionSyntax)
    ));
    match parse_command_in("position fen 8/8 w - - 0 1", chess) {
        Err(e @ CommandError::BadFen(_)) => assert!(e.to_string().starts_with("bad chess FEN")),
        other => panic!("{other:?}"),
    }
    // Rules are the game's: `draws` is a chess option, not Tamerlane's.
    match parse_command_in("setoption name Rules value draws=automatic", chess) {
        Ok(Some(Command::Rules(r))) => assert_eq!(r.variant(), Variant::Chess),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        parse_command_in("setoption name Rules value draws=automatic", tamerlane),
        Err(CommandError::BadRules(_))
    ));
    // A game that does not exist.
    match parse_command_in("setoption name UCI_Variant value shogi", tamerlane) {
        Err(e) => assert_eq!(
            e.to_string(),
            "option UCI_Variant: unknown game `shogi` (expected tamerlane, chess, makruk)"
        ),
        other => panic!("{other:?}"),
    }
    // Written as read.
    let cmd = Command::Variant(Variant::Makruk);
    assert_eq!(cmd.to_string(), "setoption name UCI_Variant value makruk");
    assert_eq!(cmd.to_string().parse::<Command>(), Ok(cmd));
}
