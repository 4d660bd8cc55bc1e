//! The movement rules, check, the end of the game and the validation of
//! positions, on hand-made positions. Every expected value is worked out
//! by hand from the seed's rules (docs/RULES.md, section 10).

use tamerlane_core::makruk::{
    FenError, FenField, Game, IllegalReason, MoveError, MoveKind, PlayError, Position,
    PositionError, Setup, Termination,
};
use tamerlane_core::Color;

use super::{moves, pos, pos_with, targets};

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn start_position_moves_no_double_step_no_castling() {
    // Eight pawn steps of one square, the Knights' two free squares, the
    // Rooks up one, the Khons', Met's and King's steps to the second rank.
    let p = Position::new();
    assert_eq!(
        moves(&p),
        strs(&[
            "a1a2", "a3a4", "b1d2", "b3b4", "c1b2", "c1c2", "c1d2", "c3c4", "d1c2", "d1d2", "d1e2",
            "d3d4", "e1d2", "e1f2", "e3e4", "f1e2", "f1f2", "f1g2", "f3f4", "g1e2", "g3g4", "h1h2",
            "h3h4",
        ])
    );
    // Black's first moves mirror White's: 23 too, with the King on e8.
    let mut p = Position::new();
    p.play_str("e3e4").unwrap();
    assert_eq!(p.legal_moves().len(), 23);
    assert_eq!(targets(&p, "e8"), strs(&["d7", "e7", "f7"]));
}

#[test]
fn khon_steps_diagonally_and_straight_forward() {
    let white = pos("k7/8/8/8/3S4/8/8/7K w - - 0 1");
    assert_eq!(targets(&white, "d4"), strs(&["c3", "c5", "d5", "e3", "e5"]));
    // Black's forward is down the board.
    let black = pos("k7/8/8/3s4/8/8/8/7K b - - 0 1");
    assert_eq!(targets(&black, "d5"), strs(&["c4", "c6", "d4", "e4", "e6"]));
}

#[test]
fn met_knight_rook_and_king() {
    let met = pos("k7/8/8/8/3M4/8/8/7K w - - 0 1");
    assert_eq!(targets(&met, "d4"), strs(&["c3", "c5", "e3", "e5"]));
    let knight = pos("k7/8/8/8/3N4/8/8/7K w - - 0 1");
    assert_eq!(
        targets(&knight, "d4"),
        strs(&["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"])
    );
    // Blocked by its own Knight on d6, captures the Knight on f4.
    let rook = pos("k7/8/3N4/8/3R1n2/8/8/7K w - - 0 1");
    assert_eq!(
        targets(&rook, "d4"),
        strs(&["a4", "b4", "c4", "d1", "d2", "d3", "d5", "e4", "f4"])
    );
    let king = pos("k7/8/8/8/3K4/8/8/8 w - - 0 1");
    assert_eq!(
        targets(&king, "d4"),
        strs(&["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
}

#[test]
fn pawns_step_forward_and_capture_diagonally_forward() {
    // One step only, even from the third rank.
    assert_eq!(
        targets(&pos("k7/8/8/8/8/4P3/8/7K w - - 0 1"), "e3"),
        strs(&["e4"])
    );
    // Captures diagonally forward, never straight ahead.
    let p = pos("k7/8/8/3n1n2/4P3/8/8/7K w - - 0 1");
    assert_eq!(targets(&p, "e4"), strs(&["d5", "e5", "f5"]));
    assert!(targets(&pos("k7/8/8/4n3/4P3/8/8/7K w - - 0 1"), "e4").is_empty());
    // Nor backwards: the Knight on d3 is out of reach.
    assert_eq!(
        targets(&pos("k7/8/8/8/4P3/3n4/8/7K w - - 0 1"), "e4"),
        strs(&["e5"])
    );
    // Black pawns go down the board.
    let p = pos("k7/8/8/8/4p3/3N1N2/8/7K b - - 0 1");
    assert_eq!(targets(&p, "e4"), strs(&["d3", "e3", "f3"]));
}

#[test]
fn pawns_promote_to_a_met_on_the_sixth_rank_always() {
    let mut p = pos("k7/8/3r4/4P3/8/8/8/7K w - - 0 1");
    assert_eq!(targets(&p, "e5"), strs(&["d6", "e6"]));
    let mut promos: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Promotion)
        .map(|m| m.to_string())
        .collect();
    promos.sort();
    assert_eq!(promos, strs(&["e5d6m", "e5e6m"]));
    p.play_str("e5e6m").unwrap();
    // The last pawn is gone: the board's honour starts (128 plies, at 0).
    assert_eq!(p.to_fen(), "k7/8/3rM3/8/8/8/8/7K b - 128 0 1");
    // Black promotes on the third rank.
    let mut p = pos("k7/8/8/8/4p3/8/8/7K b - - 0 1");
    assert_eq!(
        moves(&p)
            .iter()
            .filter(|m| m.starts_with("e4"))
            .collect::<Vec<_>>(),
        ["e4e3m"]
    );
    p.play_str("e4e3m").unwrap();
    // White is bare: it counts the pieces' honour of a Met (64 moves) from
    // the 3 pieces on the board.
    assert_eq!(p.to_fen(), "k7/8/8/8/8/4m3/8/7K w - 128 6 2");
}

#[test]
fn no_en_passant_field_is_accepted() {
    let e = Position::from_fen("k7/8/8/3pP3/8/8/8/7K w - d6 0 1").unwrap_err();
    match e {
        FenError::Syntax(s) => assert_eq!(s.field, FenField::CountLimit),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_king_never_steps_into_check() {
    // The black Rook on d8 and Knight on g4 cover d1..d2, e3, f2.
    let p = pos("k2r4/8/8/8/6n1/8/8/4K3 w - - 0 1");
    assert_eq!(targets(&p, "e1"), strs(&["e2", "f1"]));
    // Nor onto the square behind it along a checking Rook's line.
    let p = pos("k7/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert_eq!(targets(&p, "e1"), strs(&["d2", "e2", "f2"]));
}

#[test]
fn pinned_pieces_keep_to_the_line_of_the_pin() {
    // The Rook on e2 is pinned on the e-file: it moves along it only.
    let p = pos("k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1");
    assert_eq!(
        targets(&p, "e2"),
        strs(&["e3", "e4", "e5", "e6", "e7", "e8"])
    );
    // A pinned Knight cannot move at all.
    let p = pos("k3r3/8/8/8/4N3/8/8/4K3 w - - 0 1");
    assert!(targets(&p, "e4").is_empty());
    // A Khon pinned on the file may step straight forward, not aside.
    let p = pos("k3r3/8/8/8/4S3/8/8/4K3 w - - 0 1");
    assert_eq!(targets(&p, "e4"), strs(&["e5"]));
    // Pinned along a rank, a pawn cannot move.
    let p = pos("k7/8/8/8/r2PK3/8/8/8 w - - 0 1");
    assert!(targets(&p, "d4").is_empty());
    // An enemy piece in between: no pin.
    let p = pos("k3r3/8/4n3/8/4N3/8/8/4K3 w - - 0 1");
    assert_eq!(targets(&p, "e4").len(), 8);
}

#[test]
fn in_check_a_move_must_answer_it() {
    // Rook check along the first rank: block on b1..d1, capture or step away.
    let p = pos("k7/8/8/8/8/8/1N3R2/r3K3 w - - 0 1");
    // Only the Knight can block (on d1); the Rook on f2 cannot help, and f1
    // lies on the checking line behind the King.
    assert_eq!(moves(&p), strs(&["b2d1", "e1d2", "e1e2"]));
    // A Knight check: capture the Knight or move the King.
    let p = pos("7k/8/8/8/8/3n4/8/R3K3 w - - 0 1");
    assert_eq!(moves(&p), strs(&["e1d1", "e1d2", "e1e2", "e1f1"]));
    // Double check (Rook and Knight): only the King moves.
    let p = pos("4r2k/8/8/8/8/3n4/8/R3K3 w - - 0 1");
    assert!(p.checkers().count() == 2);
    assert!(moves(&p).iter().all(|m| m.starts_with("e1")));
    assert_eq!(moves(&p), strs(&["e1d1", "e1d2", "e1f1"]));
}

#[test]
fn checkmate_wins_stalemate_draws() {
    let mut p = pos("k7/8/K7/8/8/8/8/7R w - - 0 1");
    p.play_str("h1h8").unwrap();
    assert!(p.is_check());
    let o = p.outcome().unwrap();
    assert_eq!(
        (o.winner, o.termination),
        (Some(Color::White), Termination::Checkmate)
    );
    assert_eq!(o.to_string(), "white checkmate");

    // The Met on g6 covers h7, the King covers g7 and g8.
    let p = pos("7k/5K2/6M1/8/8/8/8/8 b - - 0 1");
    assert!(!p.is_check() && p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.termination), (None, Termination::Stalemate));
    assert_eq!(o.to_string(), "draw stalemate");
    assert_eq!(Position::new().outcome(), None);
}

#[test]
fn a_game_ends_at_its_first_terminal_event_and_stays_ended() {
    let mut g = Game::from_position(pos("k7/8/K7/8/8/8/8/7R w - - 0 1"));
    g.play_str("h1h8").unwrap();
    match g.play_str("a8b8") {
        Err(PlayError::GameOver(e)) => {
            assert_eq!(e.ply, 1);
            assert_eq!(e.outcome.termination, Termination::Checkmate);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.moves().len(), 1);
    // A start position that is already over accepts no move.
    let g = Game::from_position(pos("7k/5K2/6M1/8/8/8/8/8 b - - 0 1"));
    assert!(g.is_over());
    assert_eq!(
        g.clone().play_str("h8g8").unwrap_err().to_string(),
        "the game ended at ply 0 (draw stalemate): no further move is accepted"
    );
    // Undo goes back to a playable game.
    let mut g = Game::from_position(pos("k7/8/K7/8/8/8/8/7R w - - 0 1"));
    g.play_str("h1h8").unwrap();
    assert!(g.is_over());
    g.undo();
    assert!(!g.is_over());
}

#[test]
fn repetition_draws_at_the_third_occurrence_by_default() {
    let dance = ["b1d2", "g8e7", "d2b1", "e7g8"];
    let mut g = Game::new();
    for m in dance.iter().chain(&dance[..3]) {
        g.play_str(m).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.play_str("e7g8").unwrap();
    assert_eq!(g.repetition_count(), 3);
    assert_eq!(g.outcome().unwrap().termination, Termination::Repetition);

    let mut g = Game::with_rules("repetition=2".parse().unwrap());
    for m in dance {
        g.play_str(m).unwrap();
    }
    assert_eq!(g.outcome().unwrap().to_string(), "draw repetition");

    let mut g = Game::with_rules("repetition=off".parse().unwrap());
    for _ in 0..5 {
        for m in dance {
            g.play_str(m).unwrap();
        }
    }
    assert_eq!(g.outcome(), None);
}

#[test]
fn the_move_limit_is_off_by_default_and_counts_plies_when_set() {
    let p = pos("k7/8/8/8/8/8/8/1R5K w - - 400 1");
    assert_eq!(p.outcome(), None);
    let mut g = Game::from_position(pos_with("k7/8/8/8/8/8/8/1R5K w - - 2 1", "move-limit=4"));
    g.play_str("b1b2").unwrap();
    assert_eq!(g.outcome(), None);
    g.play_str("a8a7").unwrap();
    assert_eq!(g.position().halfmoves(), 4);
    assert_eq!(g.outcome().unwrap().termination, Termination::MoveLimit);
    // A pawn move or a capture resets the clock.
    let mut p = pos_with("k7/8/8/8/8/4P3/8/7K w - - 3 1", "move-limit=4");
    p.play_str("e3e4").unwrap();
    assert_eq!(p.halfmoves(), 0);
    assert_eq!(p.outcome(), None);
}

#[test]
fn illegal_moves_say_why() {
    let p = Position::new();
    let reason = |p: &Position, s: &str| match p.parse_move(s) {
        Err(MoveError::Illegal(e)) => e.reason,
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(reason(&p, "e3e5"), IllegalReason::NotAMove);
    assert_eq!(reason(&p, "e4e5"), IllegalReason::EmptySquare);
    assert_eq!(reason(&p, "e6e5"), IllegalReason::OpponentPiece);
    assert_eq!(reason(&p, "e3e4m"), IllegalReason::NotAPromotion);
    let promo = pos("k7/8/8/4P3/8/8/8/7K w - - 0 1");
    assert_eq!(reason(&promo, "e5e6"), IllegalReason::MissingPromotion);
    let pinned = pos("k3r3/8/8/8/4N3/8/8/4K3 w - - 0 1");
    assert_eq!(reason(&pinned, "e4c5"), IllegalReason::LeavesKingAttacked);
    let mate = pos("k6R/8/K7/8/8/8/8/8 b - - 0 1");
    assert_eq!(reason(&mate, "a8b8"), IllegalReason::NoLegalMoves);
    assert!(matches!(p.parse_move("e3e9"), Err(MoveError::Invalid(_))));
    assert_eq!(
        p.parse_move("e6e5").unwrap_err().to_string(),
        "illegal move e6e5: the piece on the origin square belongs to the opponent"
    );
    // A move of another position, played here: the context does not match.
    let mut other = pos("k7/8/8/8/8/4n3/8/4R2K w - - 0 1");
    let capture = other.parse_move("e1e3").unwrap();
    let mut here = pos("k7/8/8/8/8/8/8/4R2K w - - 0 1");
    assert_eq!(
        here.play(&capture).unwrap_err().reason,
        IllegalReason::WrongContext
    );
    assert!(other.play(&capture).is_ok());
}

#[test]
fn invalid_positions_are_typed_errors() {
    let err = |fen: &str| match Position::from_fen(fen) {
        Err(FenError::Position(e)) => e,
        other => panic!("{fen}: {other:?}"),
    };
    assert_eq!(
        err("8/8/8/8/8/8/8/4K3 w - - 0 1"),
        PositionError::NoKing {
            color: Color::Black
        }
    );
    assert_eq!(
        err("k6k/8/8/8/8/8/8/4K3 w - - 0 1"),
        PositionError::TooManyKings {
            color: Color::Black
        }
    );
    assert_eq!(
        err("k7/8/8/8/8/RRRRRRRR/RRRRRRRR/RK6 w - - 0 1"),
        PositionError::TooManyPieces {
            color: Color::White,
            count: 18
        }
    );
    assert_eq!(
        err("k7/8/4P3/8/8/8/8/7K w - - 0 1"),
        PositionError::PawnOnPromotionRank {
            square: "e6".parse().unwrap(),
            color: Color::White
        }
    );
    assert_eq!(
        err("k7/8/8/8/8/4p3/8/7K w - - 0 1"),
        PositionError::PawnOnPromotionRank {
            square: "e3".parse().unwrap(),
            color: Color::Black
        }
    );
    assert_eq!(
        err("k6R/8/8/8/8/8/8/7K w - - 0 1"),
        PositionError::OpponentInCheck {
            color: Color::Black
        }
    );
    assert_eq!(
        err("k7/8/8/8/4P3/8/8/7K w - 16 0 1"),
        PositionError::CountWithPawns
    );
    let mut setup = Setup::start();
    setup.fullmoves = 0;
    assert_eq!(
        Position::from_setup(setup).unwrap_err(),
        PositionError::FullmoveZero
    );
    assert_eq!(
        err("k7/8/8/8/8/8/8/rK6 b - - 0 1").to_string(),
        "white is not to move but its King is attacked"
    );
}

#[test]
fn malformed_fens_name_the_field() {
    let field = |fen: &str| match Setup::from_fen(fen) {
        Err(e) => e.field,
        Ok(s) => panic!("{fen} parsed as {s:?}"),
    };
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR";
    assert_eq!(field(&format!("{start} w - - 0")), FenField::Whole);
    assert_eq!(field(&format!("{start}  w - - 0 1")), FenField::Whole);
    assert_eq!(field(&"x".repeat(300)), FenField::Whole);
    assert_eq!(
        field("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/RNSKMSNR w - - 0 1"),
        FenField::Placement
    );
    assert_eq!(
        field("rnsmksnr/9/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"),
        FenField::Placement
    );
    assert_eq!(
        field("rnsmksnr/44/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"),
        FenField::Placement
    );
    assert_eq!(
        field("rnsqksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"),
        FenField::Placement
    );
    assert_eq!(
        field("rnsmksnr/7/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"),
        FenField::Placement
    );
    assert_eq!(field(&format!("{start} x - - 0 1")), FenField::Turn);
    assert_eq!(field(&format!("{start} w KQkq - 0 1")), FenField::Castling);
    assert_eq!(field(&format!("{start} w - 17 0 1")), FenField::CountLimit);
    assert_eq!(field(&format!("{start} w - 130 0 1")), FenField::CountLimit);
    assert_eq!(field(&format!("{start} w - e3 0 1")), FenField::CountLimit);
    assert_eq!(field(&format!("{start} w - - -1 1")), FenField::Halfmoves);
    assert_eq!(field(&format!("{start} w - - 01 1")), FenField::Halfmoves);
    assert_eq!(
        field(&format!("{start} w - 16 70000 1")),
        FenField::Halfmoves
    );
    assert_eq!(field(&format!("{start} w - - 0 0")), FenField::Fullmoves);
    let e = Setup::from_fen(&format!("{start} w KQkq - 0 1")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid Makruk FEN castling field \"KQkq\": Makruk has no castling: expected '-'"
    );
}

#[test]
fn the_default_setup_is_the_start_position() {
    assert_eq!(
        tamerlane_core::makruk::Setup::default(),
        tamerlane_core::makruk::Setup::start()
    );
}
