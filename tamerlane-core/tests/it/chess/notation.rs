//! Chess notation: FEN in and out with its errors, UCI strings, and SAN
//! written and read, on hand-made positions.

use tamerlane_core::chess::{
    CastlingProblem, FenError, FenField, Position, Role, SanError, SanIllegalReason, Setup,
    START_FEN,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn syntax_field(fen: &str) -> FenField {
    match Position::from_fen(fen) {
        Err(FenError::Syntax(e)) => e.field,
        other => panic!("{fen:?}: expected a syntax error, got {other:?}"),
    }
}

#[test]
fn fen_round_trips() {
    for fen in [
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/8/8/8/8/K6k b - - 4294967295 4294967295",
    ] {
        let p = pos(fen);
        assert_eq!(p.to_fen(), fen);
        assert_eq!(p.to_string(), fen);
        assert_eq!(fen.parse::<Position>().unwrap(), p);
        assert_eq!(Setup::from_fen(fen).unwrap().to_fen(), fen);
    }
    assert_eq!(Position::new().to_fen(), START_FEN);
}

#[test]
fn fen_lenient_inputs_print_canonically() {
    // Four fields (EPD style): the clocks are 0 and 1.
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").to_fen(),
        START_FEN
    );
    // Castling letters in any order.
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1").to_fen(),
        START_FEN
    );
}

#[test]
fn fen_syntax_errors_name_the_field() {
    let cases = [
        ("", FenField::Whole),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            FenField::Whole,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1",
            FenField::Whole,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ",
            FenField::Whole,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/pppp0ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
            FenField::Turn,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
            FenField::Castling,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",
            FenField::Castling,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            FenField::Castling,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            FenField::EnPassant,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E3 0 1",
            FenField::EnPassant,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
            FenField::Halfmoves,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 01 1",
            FenField::Halfmoves,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
            FenField::Halfmoves,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            FenField::Fullmoves,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
            FenField::Fullmoves,
        ),
    ];
    for (fen, field) in cases {
        assert_eq!(syntax_field(fen), field, "{fen:?}");
    }
    let long = "8/".repeat(200);
    assert_eq!(syntax_field(&long), FenField::Whole);
    let e =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid FEN fullmove number field \"x\": expected a non-negative decimal number"
    );
}

#[test]
fn uci_strings_round_trip() {
    let p = pos("r3k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1");
    for s in ["e1g1", "e1c1", "b7b8q", "b7a8n", "h1h7", "a1a8"] {
        let m = p.parse_uci(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(m.to_string(), s);
        assert_eq!(m.uci().to_string(), s);
    }
}

/// The SAN of the UCI move `uci` in `fen`.
fn san(fen: &str, uci: &str) -> String {
    let p = pos(fen);
    let m = p.parse_uci(uci).unwrap();
    let s = p.san(&m);
    assert_eq!(p.parse_san(&s), Ok(m), "{s} does not read back");
    s
}

#[test]
fn san_of_every_kind_of_move() {
    assert_eq!(san(START_FEN, "e2e4"), "e4");
    assert_eq!(san(START_FEN, "g1f3"), "Nf3");
    // Captures; en passant is written as a pawn capture, without e.p.
    assert_eq!(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), "exd6");
    assert_eq!(san("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
    assert_eq!(san("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), "Qxd5");
    // Castling; with check.
    assert_eq!(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
    assert_eq!(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
    assert_eq!(san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
    // Promotions: the queen and rook on b8 give check along the rank.
    let promo = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san(promo, "b7b8q"), "b8=Q+");
    assert_eq!(san(promo, "b7b8r"), "b8=R+");
    assert_eq!(san(promo, "b7b8b"), "b8=B");
    assert_eq!(san(promo, "b7b8n"), "b8=N");
    assert_eq!(san("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"), "bxa8=Q+");
    // Checkmate.
    assert_eq!(san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
}

#[test]
fn san_disambiguation() {
    // Knights b1 and f1 both reach d2: by file.
    let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    assert_eq!(san(knights, "b1d2"), "Nbd2");
    assert_eq!(san(knights, "f1d2"), "Nfd2");
    // Only the b1 knight reaches c3: no disambiguation.
    assert_eq!(san(knights, "b1c3"), "Nc3");
    // Rooks a1 and a5 both reach a3: same file, by rank.
    let rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san(rooks, "a1a3"), "R1a3");
    assert_eq!(san(rooks, "a5a3"), "R5a3");
    // Queens e4, h4, h1 all reach e1: h4 shares its file with h1 and its
    // rank with e4, so it is named by square; e4 by file; h1 by rank.
    let queens = "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
    assert_eq!(san(queens, "h4e1"), "Qh4e1");
    assert_eq!(san(queens, "e4e1"), "Qee1");
    assert_eq!(san(queens, "h1e1"), "Q1e1");
    // A pinned rival does not count: the c3 knight is pinned by the bishop
    // a5 against the king e1, so Ne2 from g1 needs no file.
    assert_eq!(san("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1", "g1e2"), "Ne2");
}

#[test]
fn san_lenient_reading() {
    let p = Position::new();
    let nf3 = p.parse_uci("g1f3").unwrap();
    for s in [
        "Nf3", "Ng1f3", "Ng1-f3", "Ngf3", "N1f3", "Nf3+", "Nf3!?", "g1f3", " Nf3 ",
    ] {
        assert_eq!(p.parse_san(s), Ok(nf3), "{s:?}");
    }
    let e4 = p.parse_uci("e2e4").unwrap();
    for s in ["e4", "Pe4", "e2e4", "e2-e4"] {
        assert_eq!(p.parse_san(s), Ok(e4), "{s:?}");
    }
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castle.parse_san("0-0").unwrap().to_string(), "e1g1");
    assert_eq!(castle.parse_san("0-0-0").unwrap().to_string(), "e1c1");
    let promo = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(promo.parse_san("b8Q").unwrap().to_string(), "b7b8q");
    assert_eq!(promo.parse_san("b8=N").unwrap().to_string(), "b7b8n");
    let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    for s in ["exd6", "exd6e.p.", "exd6 e.p.", "ed6", "e5d6"] {
        assert_eq!(ep.parse_san(s).unwrap().to_string(), "e5d6", "{s:?}");
    }
}

#[test]
fn san_errors_say_why() {
    let p = Position::new();
    let illegal = |p: &Position, s: &str| match p.parse_san(s) {
        Err(SanError::Illegal { reason, .. }) => reason,
        other => panic!("{s:?}: {other:?}"),
    };
    assert_eq!(
        illegal(&p, "Qh5"),
        SanIllegalReason::Unreachable {
            role: Some(Role::Queen),
            to: "h5".parse().unwrap()
        }
    );
    assert_eq!(
        illegal(&p, "e5"),
        SanIllegalReason::Unreachable {
            role: None,
            to: "e5".parse().unwrap()
        }
    );
    assert_eq!(illegal(&p, "Nad2"), SanIllegalReason::NoPiece(Role::Knight));
    assert_eq!(
        illegal(&p, "O-O"),
        SanIllegalReason::Castling(CastlingProblem::Blocked)
    );
    // A pinned knight (c3, by the bishop a5 against e1).
    let pinned = pos("4k3/8/8/b7/8/2N5/8/4K3 w - - 0 1");
    assert!(matches!(
        illegal(&pinned, "Nd5"),
        SanIllegalReason::LeavesKingInCheck { .. }
    ));
    let promo = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(illegal(&promo, "b8"), SanIllegalReason::MissingPromotion);
    let pawn = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(illegal(&pawn, "e4=Q"), SanIllegalReason::NotAPromotion);
    // Ambiguous: both knights reach d2.
    let knights = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    match knights.parse_san("Nd2") {
        Err(SanError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["Nbd2 (b1d2)", "Nfd2 (f1d2)"]);
        }
        other => panic!("{other:?}"),
    }
    // Syntax.
    for s in [
        "", "+", "Zf3", "Nf9", "N", "e4=K", "Nf3=Q", "1e4", "é4", "Nxx4",
    ] {
        assert!(
            matches!(p.parse_san(s), Err(SanError::Syntax { .. })),
            "{s:?}"
        );
    }
    // After the game is over.
    let mated = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(illegal(&mated, "Kf2"), SanIllegalReason::GameOver);
}
