//! Makruk game records: PGN with `[Variant "Makruk"]` and SAN, by the same
//! record type, writer and reader as Tamerlane's (docs/NOTATION.md). The SAN
//! texts and FENs below are written by hand from docs/MAKRUK.md's notation.

use tamerlane_core::{makruk, GameRecord, RecordErrorKind};

/// A Makruk game: `Variant "Makruk"`, the Bia's step in SAN, a move after
/// a checkmate refused.
#[test]
fn a_makruk_game_round_trips_and_stays_ended() {
    let mut game = makruk::Game::new();
    game.play_uci("c3c4").unwrap();
    game.play_uci("f6f5").unwrap();
    let record = GameRecord::new(game).unwrap();
    let text = record.to_string();
    assert!(text.contains("[Variant \"Makruk\"]"), "{text}");
    assert!(text.contains("1. c4 f5 *"), "{text}");
    assert_eq!(
        text.parse::<GameRecord<makruk::Position>>().unwrap(),
        record
    );

    // By hand: the Rook's a8 checks the King on h8 along the last rank,
    // and the White King on g6 holds g7 and h7: mate. A move after it is
    // past the end.
    let mate = "[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"]\n\n1. Ra8# Kg8 1-0\n";
    let e = mate.parse::<GameRecord<makruk::Position>>().unwrap_err();
    assert!(matches!(e.kind, RecordErrorKind::PastTheEnd(_)), "{e}");
}
