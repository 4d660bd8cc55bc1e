//! Tests of the project's decisions where the spec is silent (docs/RULES.md,
//! "Interpretations and decisions"), beyond those in `rules.rs`.

use tamerlane_core::tamerlane::PlayError;
use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{Color, Termination};

fn pos(tfen: &str) -> Position {
    Position::from_tfen(tfen).unwrap_or_else(|e| panic!("{tfen}: {e}"))
}

/// Decision 5: only swapping or losing the King removes the swap right.
#[test]
fn moving_the_king_keeps_the_swap_right() {
    let mut p = pos("4r5k/11/11/11/11/11/11/11/11/R4K4N w K 00 0 1");
    p.play_str("f1f2").unwrap();
    assert!(p.swap_right(Color::White));
    assert!(p.to_tfen().contains(" b K "), "{}", p.to_tfen());
    p.play_str("k10k9").unwrap();
    p.play_str("f2f1").unwrap();
    assert!(p.swap_right(Color::White));
}

/// Decision 9 (geometry): a pawn attacks forward, and an enemy pawn of
/// pawns waits on its own last rank, which is the rank behind every square
/// a pawn could attack from: so it can never be a placement target. Here
/// Black's waiting pawn of pawns on d1 and a rook on f1 are not forked from
/// anywhere: White's waiting pawn of pawns has no placement.
#[test]
fn a_waiting_enemy_pawn_of_pawns_is_never_a_placement_target() {
    let p = pos("2PP8/11/11/11/5k5/11/11/11/K10/3pp1r5 w - 11 0 1");
    let placements: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from.to_string() == "c10")
        .map(|m| m.to_string())
        .collect();
    assert!(placements.is_empty(), "{placements:?}");
}

/// Decision 11: a game starting at or past the limit is drawn at once; one
/// short of it, after one more quiet move.
#[test]
fn move_limit_counts_from_the_tfen_clock() {
    let at = Game::from_position(pos("11/K10/11/11/11/11/11/11/10k/R10 w - 00 200 90"));
    assert_eq!(at.outcome().unwrap().termination, Termination::MoveLimit);
    assert_eq!(at.outcome().unwrap().winner, None);
    let mut before = Game::from_position(pos("11/K10/11/11/11/11/11/11/10k/R10 w - 00 199 90"));
    assert_eq!(before.outcome(), None);
    before.play_str("a1b1").unwrap();
    assert_eq!(
        before.outcome().unwrap().termination,
        Termination::MoveLimit
    );
    // A capture or pawn move resets it.
    let mut reset = Game::from_position(pos("11/K10/11/11/11/11/11/11/10k/R9r w - 00 199 90"));
    reset.play_str("a1k1").unwrap();
    assert_eq!(reset.position().halfmoves(), 0);
    assert_eq!(reset.outcome(), None);
}

/// Decision 11: counters saturate at `u32::MAX` instead of overflowing.
#[test]
fn counters_saturate() {
    let max = u32::MAX;
    let mut p = pos(&format!(
        "11/K10/11/11/11/11/11/11/10k/R10 b - 00 {max} {max}"
    ));
    p.play_str("k2k3").unwrap();
    assert_eq!((p.halfmoves(), p.fullmoves()), (max, max));
    let too_big = format!(
        "11/K10/11/11/11/11/11/11/10k/R10 b - 00 {} 1",
        u64::from(max) + 1
    );
    assert!(Position::from_tfen(&too_big).is_err());
}

/// Decision 12 (docs/RULES.md, "Games stay ended"): repetition and the move limit do not
/// remove legal moves from the position, but a game ends at its first
/// terminal event and stays ended: `Game::play` refuses further moves with
/// a typed error naming the ply and the outcome.
#[test]
fn game_refuses_moves_after_a_repetition_draw() {
    let mut g = Game::from_position(pos("11/K10/11/11/11/11/11/11/10k/R10 w - 00 0 1"));
    for m in [
        "a1b1", "k2k3", "b1a1", "k3k2", "a1b1", "k2k3", "b1a1", "k3k2",
    ] {
        g.play_str(m).unwrap();
    }
    assert_eq!(g.repetition_count(), 3);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.termination, Termination::Repetition);
    assert!(g.position().has_legal_moves());
    let before = g.clone();
    match g.play_str("a1a2") {
        Err(PlayError::GameOver(e)) => {
            assert_eq!(e.ply, 8);
            assert_eq!(e.outcome, outcome);
            assert!(e.to_string().contains("ply 8"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    let m = g.position().parse_move("a1a2").unwrap();
    assert!(matches!(g.play(&m), Err(PlayError::GameOver(_))));
    assert_eq!(g.moves(), before.moves());
    // Taking the last move back reopens the game.
    g.undo();
    assert_eq!(g.outcome(), None);
    g.play_str("k3k4").unwrap();
}

/// A game whose start position is already finished accepts no move (8.4).
#[test]
fn a_game_from_a_finished_position_accepts_no_move() {
    // Move limit reached in the start position's clock.
    let mut g = Game::from_position(pos("11/K10/11/11/11/11/11/11/10k/R10 w - 00 200 90"));
    assert_eq!(g.outcome().unwrap().termination, Termination::MoveLimit);
    match g.play_str("a1b1") {
        Err(PlayError::GameOver(e)) => assert_eq!(e.ply, 0),
        other => panic!("{other:?}"),
    }
    // Royals only.
    let mut g = Game::from_position(pos("11/K10/11/11/11/11/11/11/10k/11 w - 00 0 1"));
    assert_eq!(g.outcome().unwrap().termination, Termination::RoyalsOnly);
    assert!(matches!(g.play_str("a9a8"), Err(PlayError::GameOver(_))));
}

/// The `serde` feature: a position as its TFEN, a move as its coordinate string.
#[cfg(feature = "serde")]
#[test]
fn serde_uses_tfen_and_coordinate_strings() {
    let p = Position::new();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{}\"", tamerlane_core::INITIAL_TFEN));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
    assert!(serde_json::from_str::<Position>("\"11/11 w\"").is_err());
    let m = p.parse_move("b2c4").unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"b2c4\"");
    let c: tamerlane_core::CoordMove = serde_json::from_str("\"k2wc\"").unwrap();
    assert_eq!(c.to_string(), "k2wc");
    assert!(serde_json::from_str::<tamerlane_core::CoordMove>("\"k2\"").is_err());
}
