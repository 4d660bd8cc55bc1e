//! Algebraic notation (SAN): the examples of `docs/NOTATION.md`, lenient
//! reading and typed errors, and round trips over random special-rule-heavy
//! games (through SAN and through game records; the records themselves are
//! tested in `records.rs`).

use std::collections::HashSet;

use proptest::prelude::*;
use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{
    Arrival, GameRecord, IllegalReason, Move, MoveKind, Role, SanError, SanIllegalReason, Square,
};
use tamerlane_testkit::Rng;

/// Positions that reach every special rule within a few plies (the same as
/// the invariant tests, plus a few with many pieces of one kind).
const STARTS: &[&str] = &[
    tamerlane_core::INITIAL_TFEN,
    // Pawns of every kind about to promote.
    "11/PRPNPTPGPFPVPEPCPDPK1/11/11/10k/11/11/11/11/K10 w - 00 0 1",
    // Pawn of pawns before its first arrival, enemy pieces to fork.
    "11/2PP8/11/11/5k5/3r1r1n3/11/11/5K5/11 w - 00 0 1",
    // Waiting pawn of pawns (stage 1) with placements.
    "2PP8/11/11/11/5k5/3r1r1n3/11/11/5K5/11 w - 10 0 1",
    // Second arrival, f3 occupied; third arrival next.
    "3r7/4PP6/11/11/5k5/11/11/5F5/K10/11 w - 10 0 1",
    // Second arrival with f3 empty.
    "3r7/4PP6/11/11/5k5/11/11/11/K10/11 w - 10 0 1",
    // Waiting at stage 2: transfers.
    "4PP6/11/11/11/5k5/11/11/11/K10/11 w - 20 0 1",
    // Black's pawn of pawns about to arrive, Black to move.
    "11/5K5/11/11/11/11/11/11/pp10/4k6 b - 01 0 1",
    // Royals next to citadels, an Adventitious King near its own.
    "S10/11/11/11/5k5/11/11/11/11/10A w - 00 0 1",
    "11/K10/11/11/11/11/11/11/10k/11 w - 00 0 1",
    // King in check with swap partners.
    "4r5k/11/11/11/11/4K6/11/11/11/R9N w K 00 0 1",
    // Many rooks and knights: disambiguation by file, rank and square.
    "R10/11/11/11/11/10R/11/11/11/R4K3k1 w - 00 0 1",
    "11/11/11/11/2N8/4pr6/2N3N4/11/11/K9k w - 00 0 1",
    "k2N1N1N3/11/2N1N1N4/11/11/11/2R5R2/11/11/R4K4R w - 00 0 1",
    // Middlegame-like: both sides with pieces out.
    "e1c1d1d1c1e/rntgvkfgtnr/prpnpt1pvpkpfpepcpdpp/3pg7/11/4PF6/11/PPPDPCPE1PKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 3",
];

/// Picks a move, preferring special kinds, captures, then pawn moves.
fn pick(moves: &[Move], rng: &mut Rng) -> Move {
    let special: Vec<&Move> = moves
        .iter()
        .filter(|m| m.kind != MoveKind::Normal)
        .collect();
    if !special.is_empty() && rng.below(2) == 0 {
        return *special[rng.below(special.len())];
    }
    let pawns: Vec<&Move> = moves.iter().filter(|m| m.role.is_pawn()).collect();
    if !pawns.is_empty() && rng.below(3) == 0 {
        return *pawns[rng.below(pawns.len())];
    }
    moves[rng.below(moves.len())]
}

/// A seeded random game from one of the special starts, up to `max_plies`
/// plies or its end, calling `visit` on every position before its move
/// (also used by the record tests).
pub(super) fn random_game(seed: u64, max_plies: usize, mut visit: impl FnMut(&Position)) -> Game {
    let mut rng = Rng::new(seed);
    let start = STARTS[seed as usize % STARTS.len()];
    let mut game = Game::from_position(Position::from_tfen(start).unwrap());
    for _ in 0..max_plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        visit(game.position());
        let m = pick(&moves, &mut rng);
        game.play(&m).unwrap();
    }
    visit(game.position());
    game
}

/// Every legal move of `pos` round-trips through SAN, and the SAN strings
/// are distinct. Returns the kinds seen.
fn check_position(pos: &Position, kinds: &mut HashSet<String>) {
    let legal = pos.legal_moves();
    let mut seen = HashSet::with_capacity(legal.len());
    for m in legal.iter() {
        let san = pos.san_with(m, &legal);
        assert_eq!(
            pos.parse_san_with(&san, &legal),
            Ok(*m),
            "{san} in {}",
            pos.to_tfen()
        );
        assert!(
            seen.insert(san.clone()),
            "duplicate SAN {san} in {}",
            pos.to_tfen()
        );
        kinds.insert(format!("{:?}", m.kind));
        if san.ends_with('#') {
            kinds.insert("mate".into());
        }
    }
}

#[test]
fn every_move_kind_has_a_distinct_notation() {
    let cases: &[(&str, &str, MoveKind)] = &[
        (
            "11/2PP8/11/11/5k5/11/11/11/5K5/11 w - 00 0 1",
            "c10^",
            MoveKind::Arrival(Arrival::First),
        ),
        (
            "3r7/4PP6/11/11/5k5/11/11/5F5/K10/11 w - 10 0 1",
            "e10^^",
            MoveKind::Arrival(Arrival::SecondWaiting),
        ),
        (
            "3r7/4PP6/11/11/5k5/11/11/11/K10/11 w - 10 0 1",
            "e10>f3",
            MoveKind::Arrival(Arrival::SecondToReturnSquare),
        ),
        (
            "2PP8/11/11/11/5k5/3r1r1n3/11/11/4K6/11 w - 10 0 1",
            "P@e4",
            MoveKind::Placement,
        ),
        (
            "4PP6/11/11/11/5k5/11/11/11/K10/11 w - 20 0 1",
            "P>f3",
            MoveKind::Transfer,
        ),
        (
            "11/4PP6/11/11/5k5/11/11/11/K10/11 w - 20 0 1",
            "e10=A",
            MoveKind::Promotion(Role::AdventitiousKing),
        ),
        (
            "S10/11/11/11/5k5/11/11/11/11/10A w - 00 0 1",
            "Awc",
            MoveKind::CitadelEntry,
        ),
        (
            "4r5k/11/11/11/11/4K6/11/11/11/R9N w K 00 0 1",
            "K<>k1",
            MoveKind::KingSwap,
        ),
        // Black: second arrival brought to f8.
        (
            "4k6/11/11/11/11/11/11/11/pp10/5K5 b - 01 0 1",
            "a1>f8",
            MoveKind::Arrival(Arrival::SecondToReturnSquare),
        ),
    ];
    for (tfen, san, kind) in cases {
        let pos = Position::from_tfen(tfen).unwrap();
        let m = pos.parse_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
        assert_eq!(m.kind, *kind, "{san}");
        assert_eq!(pos.san(&m), *san);
    }
}

#[test]
fn initial_position_san() {
    let pos = Position::new();
    let mut sans: Vec<String> = pos.san_moves().into_iter().map(|(_, s)| s).collect();
    sans.sort();
    assert_eq!(
        sans.join(" "),
        "Cb4 Cd4 Ch4 Cj4 Fd1 Ff1 Kf1 Na4 Nc4 Nd1 Nh1 Ni4 Nk4 a4 b4 c4 d4 e4 f4 g4 h4 i4 j4 k4"
    );
}

// ---------------------------------------------------------------------------
// Lenient reading and errors.

#[test]
fn lenient_forms_are_accepted() {
    let pos = Position::new();
    let nc4 = pos.parse_move("b2c4").unwrap();
    for s in [
        "Nc4", "Nc4+", "Nc4#", "Nxc4", "Nc4!?", "Nbc4", "N2c4", "Nb2c4", "Nb2-c4", "b2c4", " Nc4 ",
    ] {
        assert_eq!(pos.parse_san(s), Ok(nc4), "{s}");
    }
    let f4 = pos.parse_move("f3f4").unwrap();
    for s in ["f4", "Pf4", "f3f4", "f3-f4", "ff4"] {
        assert_eq!(pos.parse_san(s), Ok(f4), "{s}");
    }
    // Pawn capture without x, and with the origin square.
    let pos = Position::from_tfen("11/11/11/11/11/4pr6/3PR7/11/11/K9k w - 00 0 1").unwrap();
    let dxe5 = pos.parse_move("d4e5").unwrap();
    for s in ["dxe5", "de5", "d4xe5", "d:e5", "dxe5+"] {
        assert_eq!(pos.parse_san(s), Ok(dxe5), "{s}");
    }
    // Promotions and arrivals without their suffix; @ without P.
    let pos = Position::from_tfen("11/PRPNPTPGPFPVPEPCPDPK1/11/11/10k/11/11/11/11/K10 w - 00 0 1")
        .unwrap();
    assert_eq!(
        pos.parse_san("a10").unwrap().kind,
        MoveKind::Promotion(Role::Rook)
    );
    let pos = Position::from_tfen("11/2PP8/11/11/5k5/11/11/11/5K5/11 w - 00 0 1").unwrap();
    assert_eq!(
        pos.parse_san("c10").unwrap().kind,
        MoveKind::Arrival(Arrival::First)
    );
    let pos = Position::from_tfen("2PP8/11/11/11/5k5/3r1r1n3/11/11/4K6/11 w - 10 0 1").unwrap();
    assert_eq!(pos.parse_san("@e4").unwrap().kind, MoveKind::Placement);
    assert_eq!(pos.parse_san("c10e4").unwrap().kind, MoveKind::Placement);
    let pos = Position::from_tfen("4PP6/11/11/11/5k5/11/11/11/K10/11 w - 20 0 1").unwrap();
    assert_eq!(pos.parse_san("P@f3").unwrap().kind, MoveKind::Transfer);
    // King swap as a coordinate string.
    let pos = Position::from_tfen("4r5k/11/11/11/11/4K6/11/11/11/R9N w K 00 0 1").unwrap();
    assert_eq!(pos.parse_san("e5a1").unwrap().kind, MoveKind::KingSwap);
    assert_eq!(pos.parse_san("K<>a1+").unwrap().kind, MoveKind::KingSwap);
}

fn illegal(tfen: &str, san: &str) -> SanIllegalReason {
    let pos = Position::from_tfen(tfen).unwrap();
    match pos.parse_san(san) {
        Err(SanError::Illegal { reason, .. }) => reason,
        other => panic!("{san}: expected an illegal-move error, got {other:?}"),
    }
}

#[test]
fn errors_say_why() {
    let init = tamerlane_core::INITIAL_TFEN;
    // Syntax.
    let pos = Position::new();
    for s in [
        "", "Xe4", "e11", "N", "e10=Q", "Nc4=R", "Ké4", "K<>", "P@", "--", "0-0", "e4e", "f3f4f5",
        "R0a5",
    ] {
        assert!(
            matches!(pos.parse_san(s), Err(SanError::Syntax { .. })),
            "{s}: {:?}",
            pos.parse_san(s)
        );
    }
    // Ambiguous, listing the candidates.
    let rooks = "R10/11/11/11/11/10R/11/11/11/R4K3k1 w - 00 0 1";
    let pos = Position::from_tfen(rooks).unwrap();
    let err = pos.parse_san("Ra5").unwrap_err();
    assert_eq!(
        err.to_string(),
        "ambiguous move \"Ra5\": matches R1a5 (a1a5), Rka5 (k5a5), R10a5 (a10a5)"
    );
    match err {
        SanError::Ambiguous { candidates, .. } => assert_eq!(candidates.len(), 3),
        e => panic!("{e:?}"),
    }
    assert!(matches!(
        pos.parse_san("Raa5"),
        Err(SanError::Ambiguous { .. })
    ));
    // Illegal, with reasons.
    assert_eq!(
        illegal(init, "Rc4"),
        SanIllegalReason::Unreachable {
            role: Some(Role::Rook),
            to: Square::C4
        }
    );
    assert_eq!(
        illegal(init, "Sc4"),
        SanIllegalReason::NoPiece(Role::Prince)
    );
    assert_eq!(
        illegal(init, "Nkc4"),
        SanIllegalReason::NoPiece(Role::Knight)
    );
    assert_eq!(
        illegal(init, "f5"),
        SanIllegalReason::Unreachable {
            role: None,
            to: Square::F5
        }
    );
    assert_eq!(illegal(init, "K<>e2"), SanIllegalReason::SwapNotAllowed);
    assert_eq!(
        illegal(init, "K<>f3"),
        SanIllegalReason::NotASwapPartner(Square::F3)
    );
    assert_eq!(
        illegal(init, "P@e5"),
        SanIllegalReason::NoWaitingPawnOfPawns
    );
    assert_eq!(
        illegal(init, "f3f5"),
        SanIllegalReason::Coordinate(IllegalReason::NotAMove)
    );
    assert_eq!(
        illegal(init, "f8f7"),
        SanIllegalReason::Coordinate(IllegalReason::OpponentPiece)
    );
    // Pinned: the knight on e3 shields the King on e2 from the rook on e9.
    let pinned = "4r5k/11/11/11/11/11/11/4N6/4K6/11 w - 00 0 1";
    assert_eq!(
        illegal(pinned, "Nd5"),
        SanIllegalReason::LeavesRoyalAttacked {
            from: Square::E3,
            to: Square::D5
        }
    );
    assert_eq!(
        illegal(pinned, "Nd5").to_string(),
        "e3d5 would leave the only royal attacked"
    );
    // Wrong suffixes.
    let promo = "11/PRPNPTPGPFPVPEPCPDPK1/11/11/10k/11/11/11/11/K10 w - 00 0 1";
    assert_eq!(
        illegal(promo, "b10=R"),
        SanIllegalReason::WrongMark {
            canonical: "b10=N".into()
        }
    );
    assert_eq!(
        illegal(promo, "b10^"),
        SanIllegalReason::WrongMark {
            canonical: "b10=N".into()
        }
    );
    let wait2 = "3r7/4PP6/11/11/5k5/11/11/5F5/K10/11 w - 10 0 1";
    assert_eq!(
        illegal(wait2, "e10^"),
        SanIllegalReason::WrongMark {
            canonical: "e10^^".into()
        }
    );
    assert_eq!(
        illegal(wait2, "e10>f3"),
        SanIllegalReason::WrongMark {
            canonical: "e10^^".into()
        }
    );
    // Lifts of the pawn of pawns.
    let placing = "2PP8/11/11/11/5k5/3r1r1n3/11/11/4K6/11 w - 10 0 1";
    assert_eq!(
        illegal(placing, "P@e6"),
        SanIllegalReason::NotAPlacementSquare(Square::E6)
    );
    let transfer = "4PP6/11/11/11/5k5/11/11/11/K10/11 w - 20 0 1";
    assert_eq!(
        illegal(transfer, "P>f4"),
        SanIllegalReason::NotTheReturnSquare(Square::F3)
    );
    let blocked = "4PP6/11/11/11/5k5/11/11/5N5/K10/11 w - 20 0 1";
    assert_eq!(
        illegal(blocked, "P>f3"),
        SanIllegalReason::ReturnSquareOccupied(Square::F3)
    );
    // Swap right gone.
    assert_eq!(
        illegal("4r5k/11/11/11/11/4K6/11/11/11/R9N w - 00 0 1", "K<>a1"),
        SanIllegalReason::SwapRightGone
    );
    // Game over.
    let over = "R9k/1R9/11/11/11/11/11/11/11/5K5 b - 00 1 1";
    assert_eq!(illegal(over, "Kj10"), SanIllegalReason::GameOver);
    // Every error displays a sentence naming the input.
    assert_eq!(
        Position::new().parse_san("Rc4").unwrap_err().to_string(),
        "illegal move \"Rc4\": no rook can move to c4"
    );
}

#[test]
fn ranks_to_ten_parse_unambiguously() {
    // Rooks on a1, a10, k5, k10 and a Talia: every SAN distinct and read back.
    let pos = Position::from_tfen("R9R/11/11/11/11/10R/11/11/11/R4K3k1 w - 00 0 1").unwrap();
    let mut kinds = HashSet::new();
    check_position(&pos, &mut kinds);
    let sans: Vec<String> = pos.san_moves().into_iter().map(|(_, s)| s).collect();
    assert!(sans.contains(&"R10a5".to_string()), "{sans:?}");
    assert!(
        sans.contains(&"Ra10a9".to_string()) || sans.contains(&"R10a9".to_string()),
        "{sans:?}"
    );
}

// ---------------------------------------------------------------------------
// Round trips over random games.

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// `parse_san(san(m)) == m` for every legal move (through the public
    /// one-move functions), and the SAN strings of a position are distinct.
    #[test]
    fn san_round_trip_on_random_playouts(seed in any::<u64>(), plies in 0usize..60) {
        random_game(seed, plies, |pos| {
            let mut seen = HashSet::new();
            for m in pos.legal_moves().iter() {
                let san = pos.san(m);
                assert_eq!(pos.parse_san(&san), Ok(*m), "{} in {}", san, pos.to_tfen());
                assert!(seen.insert(san));
            }
        });
    }
}

/// The bar of the issue: every legal move of every position of 2,000 seeded
/// random games (special-rule-heavy move choice) round-trips through SAN,
/// and every game through a written-then-read record.
#[test]
fn two_thousand_games_round_trip() {
    const GAMES: u64 = 2_000;
    let worker = |first: u64, step: u64| {
        let mut kinds = HashSet::new();
        let mut moves_checked = 0usize;
        let mut g = first;
        while g < GAMES {
            let game = random_game(g, 40, |pos| {
                moves_checked += pos.legal_moves().len();
                check_position(pos, &mut kinds);
            });
            let mut rec = GameRecord::new(game).unwrap();
            rec.add_comment(rec.game().moves().len() / 2, &format!("game {g}"))
                .unwrap();
            let text = rec.to_string();
            let back = GameRecord::from_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back, rec, "{text}");
            g += step;
        }
        (kinds, moves_checked)
    };
    let (mut kinds, mut n) = (HashSet::new(), 0);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..2).map(|t| s.spawn(move || worker(t, 2))).collect();
        for h in handles {
            let (k, m) = h.join().unwrap();
            kinds.extend(k);
            n += m;
        }
    });
    for kind in [
        "Normal",
        "Promotion(Prince)",
        "Promotion(AdventitiousKing)",
        "CitadelEntry",
        "Arrival(First)",
        "Arrival(SecondToReturnSquare)",
        "Arrival(SecondWaiting)",
        "Placement",
        "Transfer",
        "KingSwap",
        "mate",
    ] {
        assert!(
            kinds.contains(kind),
            "no {kind} in the random games: {kinds:?}"
        );
    }
    eprintln!("two_thousand_games_round_trip: {n} legal moves checked");
    assert!(n > 100_000, "only {n} moves checked");
}
