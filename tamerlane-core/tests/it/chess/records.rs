//! Chess game records: standard PGN with SAN written by the same record
//! type, writer and reader as Tamerlane's (docs/NOTATION.md). The SAN texts
//! and FENs below are written by hand from the Laws.

use tamerlane_core::{chess, GameRecord, GameResult, RecordEditError, RecordErrorKind};

/// Fool's mate as a record: no `Variant` tag (standard PGN), the mate in
/// SAN with `#`, the `Termination` tag and the result from the rules.
#[test]
fn a_chess_game_is_written_as_standard_pgn_and_read_back() {
    let mut game = chess::Game::new();
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play_uci(m).unwrap();
    }
    let record = GameRecord::new(game).unwrap();
    let text = record.to_string();
    assert!(!text.contains("[Variant"), "{text}");
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(text.contains("[Termination \"checkmate\"]"), "{text}");
    assert!(text.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{text}");
    let back: GameRecord<chess::Position> = text.parse().unwrap();
    assert_eq!(back, record);
    assert_eq!(back.result(), GameResult::BlackWins);
}

/// A start other than the initial position goes in a `FEN` tag, with
/// `SetUp`; a `Variant` tag of another game is refused.
#[test]
fn a_chess_start_position_is_a_fen_tag() {
    let fen = "4k3/8/4K3/8/8/8/8/7R w - - 0 1";
    let mut game = chess::Game::from_position(chess::Position::from_fen(fen).unwrap());
    game.play_san("Rh8#").unwrap();
    let record = GameRecord::new(game).unwrap();
    let text = record.to_string();
    assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
    assert!(text.contains("[SetUp \"1\"]"), "{text}");
    assert_eq!(text.parse::<GameRecord<chess::Position>>().unwrap(), record);
    // "Standard" names chess too (as most servers write it); "Makruk" does not.
    let standard = text.replace("[SetUp", "[Variant \"Standard\"]\n[SetUp");
    assert!(standard.parse::<GameRecord<chess::Position>>().is_ok());
    let e = text
        .replace("[SetUp", "[Variant \"Makruk\"]\n[SetUp")
        .parse::<GameRecord<chess::Position>>()
        .unwrap_err();
    assert_eq!(e.kind, RecordErrorKind::WrongVariant("Makruk".into()));
    // The FEN tag must be the game's start.
    let mut edited = record.clone();
    assert!(matches!(
        edited.set_tag("FEN", chess::START_FEN),
        Err(RecordEditError::TfenMismatch(_))
    ));
    assert_eq!(edited, record);
}

/// A draw claimed in a chess game is recorded by its result: the reader,
/// which replays the moves without the claim, reads the record back, and
/// a `Termination` tag naming the claim is refused (it would not read back).
#[test]
fn a_claimed_draw_is_recorded_by_its_result() {
    let mut game = chess::Game::new();
    for _ in 0..2 {
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            game.play_uci(m).unwrap();
        }
    }
    game.claim_draw().unwrap();
    let mut record = GameRecord::new(game).unwrap();
    assert_eq!(record.result(), GameResult::Draw);
    assert_eq!(record.tag("Termination"), None);
    let back: GameRecord<chess::Position> = record.to_string().parse().unwrap();
    assert_eq!(back, record);
    assert!(matches!(
        record.set_tag("Termination", "threefold-repetition"),
        Err(RecordEditError::TerminationMismatch { .. })
    ));
}
