//! FIDE chess (`tamerlane_core::chess`): every rule of docs/RULES.md, section 10
//! on hand-made positions. The expected move sets and effects were worked
//! out by hand from the Laws; the derivations are written next to the
//! assertions.

use tamerlane_core::chess::{
    CastlingProblem, ClaimError, Draws, FenError, Game, IllegalReason, MoveError, MoveKind,
    Outcome, PlayError, Position, PositionError, Role, Rules, Termination,
};
use tamerlane_core::{Color, RuleSetError};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves as sorted UCI strings.
fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// The legal moves from `from`, as sorted UCI strings.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

fn after(fen: &str, ucis: &[&str]) -> Position {
    let mut p = pos(fen);
    for m in ucis {
        p.play_uci(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    p
}

fn illegal_reason(p: &Position, uci: &str) -> IllegalReason {
    match p.parse_uci(uci) {
        Err(MoveError::Illegal(e)) => e.reason,
        other => panic!("{uci}: expected an illegal move, got {other:?}"),
    }
}

fn draw(termination: Termination) -> Option<Outcome> {
    Some(Outcome::draw(termination))
}

// ---------------------------------------------------------------------------
// The initial position, pieces' moves
// ---------------------------------------------------------------------------

#[test]
fn initial_position_has_twenty_moves() {
    // 8 pawns x (one step, double step) + 2 knights x 2 squares.
    let mut expected: Vec<String> = "abcdefgh"
        .chars()
        .flat_map(|f| [format!("{f}2{f}3"), format!("{f}2{f}4")])
        .collect();
    expected.extend(["b1a3", "b1c3", "g1f3", "g1h3"].map(String::from));
    expected.sort();
    assert_eq!(moves(&Position::new()), expected);
    assert_eq!(Position::new().count_legal(), 20);
}

#[test]
fn pieces_move_by_their_patterns() {
    // White: Qd4, Nb1, Bc1, Ke1; Black: Ke8, pawn d6 (capturable by the queen).
    let p = pos("4k3/8/3p4/8/3Q4/8/8/1NB1K3 w - - 0 1");
    // Knight b1: a3, c3, d2 (d2 empty).
    assert_eq!(moves_from(&p, "b1"), ["b1a3", "b1c3", "b1d2"]);
    // Bishop c1: b2, a3, d2, e3, f4, g5, h6.
    assert_eq!(moves_from(&p, "c1").len(), 7);
    // Queen d4: up the file d5, d6 (a capture: it stops there) = 2; down
    // d3, d2, d1 = 3; the rank a4..c4 = 3 and e4..h4 = 4; the diagonals
    // c5 b6 a7 = 3, e5 f6 g7 h8 = 4, c3 b2 a1 = 3, e3 f2 g1 = 3. Total 25.
    assert_eq!(moves_from(&p, "d4").len(), 25);
    assert!(moves_from(&p, "d4").contains(&"d4d6".to_owned()));
    assert!(!moves_from(&p, "d4").contains(&"d4d7".to_owned()));
    // King e1: d2, e2, f2, f1, d1 (d1 empty): 5.
    assert_eq!(
        moves_from(&p, "e1"),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
}

#[test]
fn a_pinned_piece_moves_only_along_the_pin() {
    // White Ke1, Re2 pinned by the black rook on e8 (Black's king a8):
    // the rook may move along the e-file only: e3..e7, and take e8.
    let p = pos("k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&p, "e2"),
        ["e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"]
    );
    // A pinned knight cannot move at all.
    let p = pos("k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(moves_from(&p, "e2").is_empty());
    assert_eq!(illegal_reason(&p, "e2c3"), IllegalReason::LeavesKingInCheck);
}

#[test]
fn check_must_be_answered() {
    // The rook e7 checks the king e1 (Black's king a8). The knight c3
    // blocks on e2 or e4 (its squares on the e-file between), the bishop b5
    // on e2 (c4, d3, e2 is one of its diagonals; it reaches no other square
    // between, nor e7); the king goes to d1, d2, f1 or f2 (not e2: still on
    // the file).
    let p = pos("k7/4r3/8/1B6/8/2N5/8/4K3 w - - 0 1");
    assert!(p.is_check());
    assert_eq!(p.checkers().count(), 1);
    let mut expected = vec!["b5e2", "c3e2", "c3e4", "e1d1", "e1d2", "e1f1", "e1f2"];
    expected.sort();
    assert_eq!(moves(&p), expected);
    // Double check by the rook e7 and the knight d3: only the king moves,
    // though the rook h3 could take the knight and the bishop could block.
    // The king: d1 and d2 are free, e2 is on the rook's file, f2 and the
    // e1 square's other neighbour f1: f2 is the knight's, f1 is free.
    let p = pos("k7/4r3/8/1B6/8/3n3R/8/4K3 w - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert_eq!(moves(&p), ["e1d1", "e1d2", "e1f1"]);
}

// ---------------------------------------------------------------------------
// Pawns: double step, en passant, promotion
// ---------------------------------------------------------------------------

#[test]
fn double_step_only_from_the_initial_rank_and_through_an_empty_square() {
    // e2 with e3 empty and e4 occupied: only the single step.
    let p = pos("4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "e2"), ["e2e3"]);
    // e2 with e3 occupied: nothing (the double step cannot jump).
    let p = pos("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1");
    assert!(moves_from(&p, "e2").is_empty());
    // A pawn on e3 steps once only.
    let p = pos("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "e3"), ["e3e4"]);
    // Black's double step goes down.
    let p = pos("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(moves_from(&p, "e7"), ["e7e5", "e7e6"]);
    let m = p.parse_uci("e7e5").unwrap();
    assert_eq!(m.kind, MoveKind::DoubleStep);
}

#[test]
fn en_passant_on_the_very_next_move_only() {
    // White pawn e5; Black plays d7d5: White may take on d6 at once.
    let p = after("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5"]);
    assert_eq!(p.to_fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(p.ep_square(), Some("d6".parse().unwrap()));
    let m = p.parse_uci("e5d6").unwrap();
    assert_eq!(m.kind, MoveKind::EnPassant);
    assert_eq!(m.capture, Some(Role::Pawn));
    let mut taken = p;
    taken.play_unchecked(&m);
    assert_eq!(taken.to_fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    // One move later the right is gone.
    let later = after(
        "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
        &["d7d5", "e1d1", "e8d8"],
    );
    assert_eq!(moves_from(&later, "e5"), ["e5e6"]);
    assert_eq!(illegal_reason(&later, "e5d6"), IllegalReason::NotAMove);
}

#[test]
fn en_passant_square_only_when_a_capture_is_legal() {
    // A double step with no enemy pawn beside it leaves no en-passant square.
    let p = after(tamerlane_core::chess::START_FEN, &["e2e4"]);
    assert_eq!(p.ep_square(), None);
    // A FEN en-passant square nobody can use is dropped: same position,
    // same hash as without it.
    let with = pos("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2");
    let without = pos("4k3/8/8/3p4/8/8/8/4K3 w - - 0 2");
    assert_eq!(with.to_fen(), without.to_fen());
    assert_eq!(with.hash(), without.hash());
    assert!(with.same_position(&without));
    // When the capture is legal, the square counts for the position.
    let with = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let without = pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    assert_ne!(with.hash(), without.hash());
    assert!(!with.same_position(&without));
}

#[test]
fn en_passant_refused_when_it_exposes_the_king() {
    // Horizontal pin: Ka5, Pe5, pd5 (just double-stepped), qh5. Taking on
    // d6 would empty both d5 and e5 and put the king in check.
    let p = pos("8/8/8/K2pP2q/8/8/8/7k w - d6 0 1");
    assert!(!moves(&p).contains(&"e5d6".to_owned()));
    assert_eq!(p.ep_square(), None);
    assert_eq!(moves_from(&p, "e5"), ["e5e6"]);
    // Diagonal pin of the capturing pawn: Ba2 pins c4 against Ke6, so after
    // d2d4 Black may not take on d3, and the FEN has no en-passant square.
    let p = after("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", &["d2d4"]);
    assert_eq!(p.to_fen(), "8/8/4k3/8/2pP4/8/B5K1/8 b - - 0 1");
    assert!(!moves(&p).contains(&"c4d3".to_owned()));
}

#[test]
fn en_passant_removes_a_checking_pawn() {
    // The pawn d4 (just double-stepped) checks the king c5. Answers: the
    // king's eight steps (b4 b5 b6 c4 c6 d5 d6, and Kxd4, undefended) and
    // e4xd3 en passant, which removes the checker. e4e3 does not help.
    let p = pos("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(p.is_check());
    let mut expected = vec![
        "c5b4", "c5b5", "c5b6", "c5c4", "c5c6", "c5d4", "c5d5", "c5d6", "e4d3",
    ];
    expected.sort();
    assert_eq!(moves(&p), expected);
}

#[test]
fn promotion_by_choice_to_queen_rook_bishop_or_knight() {
    // b7 promotes on b8: four moves; the king e1 has five steps.
    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "b7"), ["b7b8b", "b7b8n", "b7b8q", "b7b8r"]);
    assert_eq!(p.count_legal(), 9);
    assert_eq!(illegal_reason(&p, "b7b8"), IllegalReason::MissingPromotion);
    assert_eq!(illegal_reason(&p, "e1e2q"), IllegalReason::NotAPromotion);
    let m = p.parse_uci("b7b8n").unwrap();
    assert_eq!(m.kind, MoveKind::Promotion(Role::Knight));
    let mut q = p;
    q.play_unchecked(&m);
    assert_eq!(q.to_fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // A capturing promotion (Black's rook a8, no castling right).
    let p = pos("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&p, "b7"),
        ["b7a8b", "b7a8n", "b7a8q", "b7a8r", "b7b8b", "b7b8n", "b7b8q", "b7b8r"]
    );
    let m = p.parse_uci("b7a8q").unwrap();
    assert_eq!(m.capture, Some(Role::Rook));
}

// ---------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------

#[test]
fn castling_both_sides_moves_king_and_rook() {
    let start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let p = pos(start);
    // King e1: d1 d2 e2 f2 f1, and castling to g1 and c1.
    assert_eq!(
        moves_from(&p, "e1"),
        ["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"]
    );
    let m = p.parse_uci("e1g1").unwrap();
    assert!(matches!(m.kind, MoveKind::Castle(_)));
    assert_eq!(
        after(start, &["e1g1"]).to_fen(),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    );
    assert_eq!(
        after(start, &["e1c1"]).to_fen(),
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    );
    assert_eq!(
        after(start, &["e1g1", "e8c8"]).to_fen(),
        "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"
    );
    // The king-captures-rook form is not a castling move here.
    assert!(p.parse_uci("e1h1").is_err());
}

#[test]
fn castling_rights_lost_by_king_or_rook_moves_and_rook_captures() {
    let start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    // The king moves and comes back: both White rights are gone.
    let p = after(start, &["e1f1", "e8f8", "f1e1", "f8e8"]);
    assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
    assert_eq!(
        illegal_reason(&p, "e1g1"),
        IllegalReason::Castling(CastlingProblem::NoRight)
    );
    // The h1 rook moves and comes back: only king-side is gone.
    let p = after(start, &["h1h2", "e8d8", "h2h1", "d8e8"]);
    assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w Q - 4 3");
    assert!(moves(&p).contains(&"e1c1".to_owned()));
    assert!(!moves(&p).contains(&"e1g1".to_owned()));
    // Ra1xa8: White loses its queen-side right (rook left a1), Black its
    // queen-side right (rook captured on a8).
    assert_eq!(
        after(start, &["a1a8"]).to_fen(),
        "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1"
    );
}

#[test]
fn castling_not_out_of_through_or_into_check() {
    // Out of check: the rook e7 checks.
    let p = pos("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(moves_from(&p, "e1"), ["e1d1", "e1d2", "e1f1", "e1f2"]);
    assert_eq!(
        illegal_reason(&p, "e1g1"),
        IllegalReason::Castling(CastlingProblem::InCheck)
    );
    // Through check: the rook f2 attacks f1 (and not d1, c1).
    let p = pos("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    assert_eq!(
        illegal_reason(&p, "e1g1"),
        IllegalReason::Castling(CastlingProblem::ThroughCheck)
    );
    assert!(moves(&p).contains(&"e1c1".to_owned()));
    // Into check: the rook g2 attacks g1 only.
    let p = pos("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1");
    assert_eq!(
        illegal_reason(&p, "e1g1"),
        IllegalReason::Castling(CastlingProblem::IntoCheck)
    );
    assert!(moves(&p).contains(&"e1c1".to_owned()));
}

#[test]
fn castling_needs_empty_squares_between_king_and_rook() {
    let p = pos("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
    for m in ["e1g1", "e1c1"] {
        assert_eq!(
            illegal_reason(&p, m),
            IllegalReason::Castling(CastlingProblem::Blocked)
        );
    }
    // b1 attacked but empty: queen-side castling is legal (only the king's
    // squares e1, d1, c1 must be safe).
    let p = pos("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(moves(&p).contains(&"e1c1".to_owned()));
    assert_eq!(
        after("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", &["e1c1"]).to_fen(),
        "1r2k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
}

// ---------------------------------------------------------------------------
// End of the game
// ---------------------------------------------------------------------------

#[test]
fn checkmate_wins() {
    // Fool's mate.
    let p = after(
        tamerlane_core::chess::START_FEN,
        &["f2f3", "e7e5", "g2g4", "d8h4"],
    );
    assert!(p.is_checkmate());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            termination: Termination::Checkmate
        })
    );
    assert_eq!(illegal_reason(&p, "e1f2"), IllegalReason::NoLegalMoves);
}

#[test]
fn stalemate_is_a_draw() {
    // Kh8 not in check; g8 (queen f7), g7 and h7 (king g6, queen) attacked.
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(p.is_stalemate());
    assert!(!p.is_check());
    assert_eq!(p.outcome(), draw(Termination::Stalemate));
}

#[test]
fn dead_positions_by_material() {
    let dead = [
        "8/8/3k4/8/8/3K4/8/8 w - - 0 1",    // K v K
        "8/8/3k4/8/8/3KB3/8/8 w - - 0 1",   // K+B v K
        "8/8/3k4/8/8/3KN3/8/8 b - - 0 1",   // K+N v K
        "8/2b5/3k4/8/8/3KB3/8/8 w - - 0 1", // K+B v K+B, both on dark squares (c7, e3)
    ];
    for fen in dead {
        let p = pos(fen);
        assert!(p.is_insufficient_material(), "{fen}");
        assert_eq!(
            p.outcome(),
            draw(Termination::InsufficientMaterial),
            "{fen}"
        );
    }
    let alive = [
        "8/8/3k4/8/2B5/3KB3/8/8 w - - 0 1", // K+B+B v K: c4 light, e3 dark
        "8/3b4/3k4/8/8/3KB3/8/8 w - - 0 1", // K+B v K+B, d7 light, e3 dark
        "8/8/3k4/8/8/3KNN2/8/8 w - - 0 1",  // K+N+N v K
        "8/8/3k4/3n4/8/3KN3/8/8 w - - 0 1", // K+N v K+N
        "8/8/3kq3/8/8/3KN3/8/8 w - - 0 1",  // K+N v K+Q: the queen can mate
        "8/8/3k4/3p4/8/3KB3/8/8 w - - 0 1", // K+B v K+P
        "8/8/3k4/8/8/3KR3/8/8 w - - 0 1",   // K+R v K
    ];
    for fen in alive {
        let p = pos(fen);
        assert!(!p.is_insufficient_material(), "{fen}");
        assert_eq!(p.outcome(), None, "{fen}");
    }
    // K+N v K+Q: White alone cannot mate, Black can.
    let p = pos("8/8/3kq3/8/8/3KN3/8/8 w - - 0 1");
    assert!(p.has_insufficient_material(Color::White));
    assert!(!p.has_insufficient_material(Color::Black));
    // Bishops on one colour, any number: d3 and f5 light, Black's h7 light.
    assert!(pos("8/7b/3k4/5B2/8/3B4/8/K7 w - - 0 1").is_insufficient_material());
}

#[test]
fn a_capture_into_a_dead_position_ends_the_game_at_once() {
    // The rook e3 checks; Kd3xe3 (the rook is not defended) leaves K v K.
    let mut game = Game::from_position(pos("8/8/3k4/8/8/3Kr3/8/8 w - - 0 1"));
    assert_eq!(game.outcome(), None);
    game.play_uci("d3e3").unwrap();
    assert_eq!(game.outcome(), draw(Termination::InsufficientMaterial));
    match game.play_uci("e3e4") {
        Err(PlayError::GameOver(e)) => {
            assert_eq!(e.ply, 1);
            assert_eq!(e.outcome.termination, Termination::InsufficientMaterial);
        }
        other => panic!("{other:?}"),
    }
}

/// Plays the knights out and back `times` times from the initial position:
/// each round of four plies repeats the initial position.
fn knight_shuffle(game: &mut Game, times: usize) {
    for _ in 0..times {
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            game.play_uci(m).unwrap();
        }
    }
}

#[test]
fn fivefold_repetition_is_automatic() {
    let mut game = Game::new();
    knight_shuffle(&mut game, 3);
    // The initial position has occurred four times (plies 0, 4, 8, 12).
    assert_eq!(game.repetition_count(), 4);
    assert_eq!(game.outcome(), None);
    knight_shuffle(&mut game, 1);
    assert_eq!(game.repetition_count(), 5);
    assert_eq!(game.outcome(), draw(Termination::FivefoldRepetition));
    match game.play_uci("g1f3") {
        Err(PlayError::GameOver(e)) => assert_eq!(e.ply, 16),
        other => panic!("{other:?}"),
    }
    // Undo re-opens the game.
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn threefold_repetition_is_claimed() {
    let mut game = Game::new();
    knight_shuffle(&mut game, 2);
    assert_eq!(game.repetition_count(), 3);
    // Not automatic under the default rules.
    assert_eq!(game.outcome(), None);
    assert!(game.can_claim_threefold());
    assert_eq!(
        game.claim_draw(),
        Ok(Outcome::draw(Termination::ThreefoldRepetition))
    );
    assert_eq!(game.outcome(), draw(Termination::ThreefoldRepetition));
    assert!(matches!(game.play_uci("g1f3"), Err(PlayError::GameOver(_))));
    assert!(matches!(game.claim_draw(), Err(ClaimError::GameOver(_))));
    // Undo takes back the claim with the move.
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn threefold_repetition_claimed_with_the_intended_move() {
    let mut game = Game::new();
    knight_shuffle(&mut game, 1);
    for m in ["g1f3", "g8f6", "f3g1"] {
        game.play_uci(m).unwrap();
    }
    // Black to move: after f6g8 the initial position appears a third time.
    assert_eq!(game.repetition_count(), 2);
    assert!(game.can_claim_threefold());
    assert_eq!(game.claim_draw(), Err(ClaimError::NothingToClaim));
    let m = game.position().parse_uci("f6g8").unwrap();
    assert_eq!(
        game.claim_draw_with_move(&m),
        Ok(Some(Outcome::draw(Termination::ThreefoldRepetition)))
    );
    assert_eq!(game.moves().len(), 8);
    // A wrong claim: the move is played and the game goes on.
    let mut game = Game::new();
    let m = game.position().parse_uci("e2e4").unwrap();
    assert_eq!(game.claim_draw_with_move(&m), Ok(None));
    assert_eq!(game.moves().len(), 1);
    assert!(!game.is_over());
}

#[test]
fn fifty_move_rule_is_claimed() {
    // Clock 99: a quiet White move completes the 50 moves.
    let start = pos("8/8/3k4/8/8/3KR3/8/8 w - - 99 80");
    let mut game = Game::from_position(start);
    assert!(game.can_claim_fifty_moves());
    assert_eq!(game.claim_draw(), Err(ClaimError::NothingToClaim));
    game.play_uci("e3e4").unwrap();
    assert_eq!(game.position().halfmoves(), 100);
    assert_eq!(game.outcome(), None);
    assert!(game.can_claim_fifty_moves());
    assert_eq!(
        game.claim_draw(),
        Ok(Outcome::draw(Termination::FiftyMoves))
    );
    // Clock 98: not yet, not even with a move.
    let game = Game::from_position(pos("8/8/3k4/8/8/3KR3/8/8 w - - 98 80"));
    assert!(!game.can_claim_fifty_moves());
    // A capture resets the clock: Rxe6 at clock 99 completes nothing.
    let mut game = Game::from_position(pos("8/8/3kp3/8/8/3KR3/8/8 w - - 99 80"));
    game.play_uci("e3e6").unwrap();
    assert_eq!(game.position().halfmoves(), 0);
}

#[test]
fn draws_automatic_applies_threefold_and_fifty_moves_at_once() {
    let rules: Rules = "draws=automatic".parse().unwrap();
    let mut game = Game::with_rules(rules);
    knight_shuffle(&mut game, 2);
    assert_eq!(game.outcome(), draw(Termination::ThreefoldRepetition));
    assert!(matches!(game.play_uci("g1f3"), Err(PlayError::GameOver(e)) if e.ply == 8));
    let mut game = Game::from_position(pos("8/8/3k4/8/8/3KR3/8/8 w - - 99 80").with_rules(rules));
    assert_eq!(game.outcome(), None);
    game.play_uci("e3e4").unwrap();
    assert_eq!(game.outcome(), draw(Termination::FiftyMoves));
}

#[test]
fn seventy_five_move_rule_is_automatic_but_checkmate_comes_first() {
    let mut game = Game::from_position(pos("8/8/3k4/8/8/3KR3/8/8 w - - 149 100"));
    assert_eq!(game.outcome(), None);
    game.play_uci("e3e4").unwrap();
    assert_eq!(game.outcome(), draw(Termination::SeventyFiveMoves));
    assert!(matches!(game.play_uci("d6d7"), Err(PlayError::GameOver(_))));
    // Rh1-h8 mates on the 150th ply: a8 in check along the rank, a7 and b7
    // covered by the king b6, b8 by the rook.
    let mut game = Game::from_position(pos("k7/8/1K6/8/8/8/8/7R w - - 149 100"));
    game.play_uci("h1h8").unwrap();
    assert_eq!(game.position().halfmoves(), 150);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            termination: Termination::Checkmate
        })
    );
}

#[test]
fn a_finished_game_stays_finished() {
    let mut game = Game::new();
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play_uci(m).unwrap();
    }
    let over = |r: Result<_, PlayError>| matches!(r, Err(PlayError::GameOver(e)) if e.ply == 4);
    assert!(over(game.play_uci("e1f2")));
    assert!(over(game.play_san("Kf2")));
    let m = game.position().legal_moves().first().copied();
    assert_eq!(m, None);
    assert!(!game.can_claim_threefold());
    assert!(!game.can_claim_fifty_moves());
    assert!(matches!(game.claim_draw(), Err(ClaimError::GameOver(_))));
    // A game from a finished position accepts no move.
    let mut game = Game::from_position(pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    assert!(matches!(game.play_uci("h8h7"), Err(PlayError::GameOver(e)) if e.ply == 0));
}

// ---------------------------------------------------------------------------
// Rules, validation, hashing, null move
// ---------------------------------------------------------------------------

#[test]
fn rule_strings() {
    for (s, draws, canonical) in [
        ("", Draws::Claim, ""),
        ("default", Draws::Claim, ""),
        ("draws=claim", Draws::Claim, ""),
        ("draws=automatic", Draws::Automatic, "draws=automatic"),
        (
            "default,draws=automatic",
            Draws::Automatic,
            "draws=automatic",
        ),
    ] {
        let r: Rules = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(r.draws(), draws, "{s}");
        assert_eq!(r.to_string(), canonical, "{s}");
    }
    let err = |s: &str| s.parse::<Rules>().unwrap_err();
    assert_eq!(
        err("repetition=3"),
        RuleSetError::UnknownKey("repetition".into())
    );
    assert_eq!(
        err("move-limit=100"),
        RuleSetError::UnknownKey("move-limit".into())
    );
    assert!(matches!(
        err("draws=never"),
        RuleSetError::UnknownValue { .. }
    ));
    assert!(matches!(
        err("draws=claim,draws=automatic"),
        RuleSetError::DuplicateKey(_)
    ));
    assert!(matches!(
        err("Draws=automatic"),
        RuleSetError::BadCharacter { .. }
    ));
    assert!(matches!(
        err("draws=automatic,default"),
        RuleSetError::PresetNotFirst(_)
    ));
    assert!(matches!(
        err("seed-001"),
        RuleSetError::UnknownPreset { .. }
    ));
    // The message lists chess's presets, not Tamerlane's.
    assert_eq!(
        err("seed-001").to_string(),
        "rule set: unknown preset \"seed-001\" (presets: default; options are key=value)"
    );
    assert!(matches!(
        err("draws=automatic,"),
        RuleSetError::EmptyItem { .. }
    ));
}

#[test]
fn invalid_positions_are_refused_with_the_reason() {
    let position_error = |fen: &str| match Position::from_fen(fen) {
        Err(FenError::Position(e)) => e,
        other => panic!("{fen}: {other:?}"),
    };
    use PositionError as E;
    assert_eq!(
        position_error("8/8/8/8/8/8/8/4K3 w - - 0 1"),
        E::MissingKing {
            color: Color::Black
        }
    );
    assert_eq!(
        position_error("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
        E::TooManyKings {
            color: Color::White
        }
    );
    assert!(matches!(
        position_error("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"),
        E::PawnOnBackRank { .. }
    ));
    assert!(matches!(
        position_error("4k3/8/8/8/8/8/8/p3K3 w - - 0 1"),
        E::PawnOnBackRank { .. }
    ));
    assert!(matches!(
        position_error("4k3/8/8/8/8/8/8/3K3R w K - 0 1"),
        E::CastlingWithoutKing {
            color: Color::White,
            ..
        }
    ));
    assert!(matches!(
        position_error("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1"),
        E::CastlingWithoutRook {
            color: Color::White,
            ..
        }
    ));
    assert!(matches!(
        position_error("r3k3/8/8/8/8/8/8/4K3 w kq - 0 1"),
        E::CastlingWithoutRook {
            color: Color::Black,
            ..
        }
    ));
    // En-passant squares: wrong rank, occupied, origin occupied, no pawn.
    for (fen, problem) in [
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", "WrongRank"),
        ("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", "Occupied"),
        ("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1", "OriginOccupied"),
        ("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", "NoPawn"),
    ] {
        match position_error(fen) {
            E::BadEnPassant { problem: p, .. } => assert_eq!(format!("{p:?}"), problem, "{fen}"),
            other => panic!("{fen}: {other:?}"),
        }
    }
    // The side not to move in check.
    assert_eq!(
        position_error("4k3/8/8/8/8/8/8/4K2r b - - 0 1"),
        E::OppositeCheck {
            color: Color::White
        }
    );
    // Messages name what is wrong.
    assert_eq!(
        position_error("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1").to_string(),
        "white has the king-side castling right but no rook on h1"
    );
}

#[test]
fn hash_is_the_position_identity() {
    // The same position by two move orders: same hash, same position.
    let a = after(tamerlane_core::chess::START_FEN, &["g1f3", "b8c6", "b1c3"]);
    let b = after(tamerlane_core::chess::START_FEN, &["b1c3", "b8c6", "g1f3"]);
    assert_eq!(a.hash(), b.hash());
    assert!(a.same_position(&b));
    assert_eq!(a.hash(), a.compute_hash());
    // Clocks are not hashed; the side to move and the rights are.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(
        p.hash(),
        pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 37 50").hash()
    );
    assert_ne!(p.hash(), pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").hash());
    assert_ne!(p.hash(), pos("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1").hash());
}

#[test]
fn null_move_passes_the_turn() {
    let p = after("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5"]);
    let passed = p.null_move().unwrap();
    assert_eq!(passed.turn(), Color::Black);
    assert_eq!(passed.ep_square(), None);
    assert_eq!(passed.hash(), passed.compute_hash());
    assert_eq!(passed.to_fen(), "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 2");
    // Not in check: no null move.
    assert!(pos("4k3/4r3/8/8/8/8/8/4K3 w - - 0 1").null_move().is_none());
}

#[test]
fn uci_errors_say_why() {
    let p = Position::new();
    assert_eq!(illegal_reason(&p, "e3e4"), IllegalReason::EmptySquare);
    assert_eq!(illegal_reason(&p, "e7e5"), IllegalReason::OpponentPiece);
    assert_eq!(illegal_reason(&p, "e2e5"), IllegalReason::NotAMove);
    assert_eq!(illegal_reason(&p, "g1g3"), IllegalReason::NotAMove);
    assert_eq!(
        illegal_reason(&p, "e1c1"),
        IllegalReason::Castling(CastlingProblem::Blocked)
    );
    for bad in [
        "", "e2", "e2e4x", "e2e4Q", "i2i4", "e0e1", "0000", "e2-e4", "e2e4 ",
    ] {
        assert!(
            matches!(p.parse_uci(bad), Err(MoveError::Invalid(_))),
            "{bad:?}"
        );
    }
    // The king may not step into check.
    let p = pos("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_eq!(illegal_reason(&p, "e1e2"), IllegalReason::LeavesKingInCheck);
    // A move with the wrong context is refused by `play`.
    let mut p = Position::new();
    let mut m = p.parse_uci("e2e4").unwrap();
    m.kind = MoveKind::Normal;
    assert_eq!(p.play(&m).unwrap_err().reason, IllegalReason::WrongContext);
    assert_eq!(p, Position::new());
}

#[test]
fn the_default_setup_is_the_initial_position() {
    assert_eq!(
        tamerlane_core::chess::Setup::default(),
        tamerlane_core::chess::Setup::initial()
    );
}

#[test]
fn the_mirror_keeps_the_rules_as_makruk_and_tamerlane_do() {
    // 100 half-moves without a capture or a pawn move: a draw at once under
    // `draws=automatic`, only a claim under the default rules. The mirror
    // (Black's Rook and King, Black to move) must be drawn the same way.
    let rules: Rules = "draws=automatic".parse().unwrap();
    let p = pos("8/8/3k4/8/8/3KR3/8/8 w - - 100 80").with_rules(rules);
    assert_eq!(p.outcome(), draw(Termination::FiftyMoves));
    let m = p.mirror();
    assert_eq!(m.rules(), &rules);
    assert_eq!(m.to_fen(), "8/8/3kr3/8/8/3K4/8/8 b - - 100 80");
    assert_eq!(m.outcome(), draw(Termination::FiftyMoves));
    assert_eq!(
        pos("8/8/3k4/8/8/3KR3/8/8 w - - 100 80").mirror().outcome(),
        None
    );
}

/// `gives_check`, which does not play the move, on the checks that are
/// not a piece's plain attack from its target. By hand: castling puts the
/// rook on f1, which sees the king on f8; taking en passant on d6 empties
/// d5 and e5, so the rook on a5 sees h5; a pawn promoting on e8 checks
/// the king on c8 along the rank as a queen or a rook, not as a knight
/// (e8 reaches c7, d6, f6, g7) or a bishop (its diagonals run through d7
/// and f7); a knight leaving e4 opens the bishop's diagonal b1-h7 to the
/// king on h7, and the king's step does not.
#[test]
fn gives_check_sees_castling_en_passant_promotions_and_discoveries() {
    let cases: &[(&str, &str, bool)] = &[
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", false),
        ("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1", "e5d6", true),
        ("8/8/8/R2pP3/7k/8/8/4K3 w - d6 0 1", "e5d6", false),
        ("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", true),
        ("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8r", true),
        ("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", false),
        ("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8b", false),
        ("8/7k/8/8/4N3/8/8/1B2K3 w - - 0 1", "e4c5", true),
        ("8/7k/8/8/4N3/8/8/1B2K3 w - - 0 1", "e4f6", true),
        ("8/7k/8/8/4N3/8/8/1B2K3 w - - 0 1", "e1d1", false),
    ];
    for &(fen, uci, check) in cases {
        let p = pos(fen);
        let m = p
            .parse_uci(uci)
            .unwrap_or_else(|e| panic!("{fen} {uci}: {e}"));
        let mut played = p;
        played.play_unchecked(&m);
        assert_eq!(played.is_check(), check, "{fen} {uci}: the position after");
        assert_eq!(p.gives_check(&m), check, "{fen} {uci}");
    }
}
