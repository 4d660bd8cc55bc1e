//! Algebraic notation (SAN) and game records: the examples of
//! `docs/NOTATION.md`, lenient reading and typed errors, round trips over
//! random special-rule-heavy games, and the record reader on good, bad and
//! garbage input.

use std::collections::HashSet;

use proptest::prelude::*;
use tamerlane_core::{
    read_records, Arrival, Color, Game, GameOverError, GameRecord, GameResult, IllegalReason, Move,
    MoveKind, Outcome, Position, RecordErrorKind, Role, SanError, SanIllegalReason, Square,
    Termination,
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
/// plies or its end, calling `visit` on every position before its move.
fn random_game(seed: u64, max_plies: usize, mut visit: impl FnMut(&Position)) -> Game {
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

    /// The writer round-trips every record the reader accepts: random games
    /// with random tags and comments.
    #[test]
    fn record_round_trip_with_comments_and_tags(
        seed in any::<u64>(),
        plies in 0usize..80,
        tags in prop::collection::vec(("[A-Za-z][A-Za-z0-9_]{0,12}", "[ -~éü€\\\\\"]{0,30}"), 0..5),
        comments in prop::collection::vec((0usize..100, "[ -~éü\t\n]{0,100}"), 0..6),
    ) {
        let game = random_game(seed, plies, |_| {});
        let plies = game.moves().len();
        let mut rec = GameRecord::new(game);
        for (k, v) in &tags {
            rec.set_tag(k, v);
        }
        // Keep the record consistent: the tags the reader checks.
        rec.set_tag("Result", rec.result.token());
        rec.tags.retain(|(k, _)| k != "Termination" && k != "FEN");
        if rec.tag("Variant").is_some() {
            rec.set_tag("Variant", "Tamerlane");
        }
        if rec.tag("TFEN").is_some() {
            let t = rec.game.start().to_tfen();
            rec.set_tag("TFEN", &t);
        }
        let mut cs: Vec<(usize, String)> =
            comments.iter().map(|(p, c)| (p % (plies + 1), c.clone())).collect();
        cs.sort_by_key(|c| c.0);
        rec.comments = cs;
        let text = rec.to_string();
        let read = GameRecord::from_pgn(&text)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        // Comments come back normalized, as the writer wrote them: the text
        // written again is the same, and so is the record read again.
        let text2 = read.to_string();
        prop_assert_eq!(&text, &text2);
        let again = GameRecord::from_pgn(&text2).unwrap();
        prop_assert_eq!(&again, &read);
        prop_assert_eq!(read.game.moves(), rec.game.moves());
        prop_assert_eq!(read.game.start(), rec.game.start());
        prop_assert_eq!(&read.tags, &rec.tags);
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
            let mut rec = GameRecord::new(game);
            rec.comments
                .push((rec.game.moves().len() / 2, format!("game {g}")));
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

// ---------------------------------------------------------------------------
// Records: outcome, tags, reader errors and recovery.

fn finished(start: &str, moves: &[&str]) -> Game {
    let mut game = Game::from_position(Position::from_tfen(start).unwrap());
    for m in moves {
        game.play_str(m).unwrap();
    }
    game
}

#[test]
fn outcome_is_written_as_result_and_termination() {
    let cases: &[(&str, &[&str], &str, Termination)] = &[
        (
            "10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1",
            &["a1a10"],
            "1-0",
            Termination::Checkmate,
        ),
        (
            "11/K10/11/11/11/2PR8/11/11/10k/11 w - 00 0 1",
            &["a9bc"],
            "1/2-1/2",
            Termination::Citadel,
        ),
        (
            "11/K10/11/11/11/2PR8/11/11/10k/11 b - 00 0 1",
            &["k2wc"],
            "1/2-1/2",
            Termination::Citadel,
        ),
    ];
    for (tfen, moves, result, term) in cases {
        let rec = GameRecord::new(finished(tfen, moves));
        assert_eq!(rec.result.token(), *result);
        assert_eq!(rec.tag("Result"), Some(*result));
        assert_eq!(rec.tag("Termination"), Some(term.name()));
        assert_eq!(rec.tag("TFEN"), Some(*tfen));
        assert_eq!(rec.tag("Variant"), Some("Tamerlane"));
        let text = rec.to_string();
        assert!(text.ends_with(&format!(" {result}\n")), "{text}");
        assert_eq!(GameRecord::from_pgn(&text).unwrap(), rec);
    }
    let rec = GameRecord::new(Game::new());
    assert_eq!(rec.result, GameResult::Unknown);
    assert_eq!(rec.tag("TFEN"), None);
    assert_eq!(rec.tag("Termination"), None);
    assert_eq!(rec.to_string().lines().last(), Some("*"));
}

#[test]
fn writer_format() {
    let mut game = Game::new();
    for m in ["f3f4", "f8f7", "b2c4", "b9c7"] {
        game.play_str(m).unwrap();
    }
    let mut rec = GameRecord::new(game);
    rec.comments = vec![
        (0, "start".into()),
        (1, "a {brace}".into()),
        (4, "end".into()),
    ];
    let text = rec.to_string();
    assert!(
        text.ends_with("\n\n{start} 1. f4 {a {brace)} 1... f7 2. Nc4 Nc7 {end} *\n"),
        "{text}"
    );
    // A start with Black to move numbers Black's move with `...`.
    let start = "e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/4PE6/PPPDPC1PFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E b Kk 00 0 1";
    let rec = GameRecord::new(finished(start, &["e8e7", "b2c4"]));
    assert!(rec.to_string().ends_with("\n\n1... e7 2. Nc4 *\n"), "{rec}");
    assert!(rec.to_string().contains("[SetUp \"1\"]\n[TFEN \""));
}

#[test]
fn reader_accepts_usual_pgn_forms() {
    let text = "\u{feff}% a comment line\n[Event \"Test \\\"quoted\\\" \\\\ \"]\n[Variant \"tamerlane\"]\n\n\
        1.f4 $1 f7 {a\n  multi-line  comment} 2. Nc4 (2. Nh1 {inside} (2. Cb4 Cb7) Cd7) 2... Nc7!? ; rest of line\n\
        3.Cb4 3... Cb7 *\n";
    let games: Vec<_> = read_records(text.as_bytes()).collect();
    assert_eq!(games.len(), 1);
    let rec = games[0].as_ref().unwrap();
    assert_eq!(rec.tag("Event"), Some("Test \"quoted\" \\ "));
    assert_eq!(rec.game.moves().len(), 6);
    assert_eq!(
        rec.comments,
        vec![
            (2, "a multi-line comment".to_owned()),
            (4, "rest of line".to_owned())
        ]
    );
    // Written and read again: the same record.
    assert_eq!(&GameRecord::from_pgn(&rec.to_string()).unwrap(), rec);
}

/// A file of three games; game 2 is replaced by `bad`.
fn three_games(bad: &str) -> String {
    let good1 = "[Event \"one\"]\n[Result \"*\"]\n\n1. f4 f7 *\n\n";
    let good3 = "[Event \"three\"]\n\n1. Nc4 {ok} 1... Nc7 2. Cb4 *\n";
    format!("{good1}{bad}\n{good3}")
}

fn expect_error(bad: &str, line: usize, column: usize, check: impl Fn(&RecordErrorKind) -> bool) {
    let text = three_games(bad);
    let items: Vec<_> = read_records(text.as_bytes()).collect();
    assert_eq!(items.len(), 3, "{text}\n{items:?}");
    assert_eq!(items[0].as_ref().unwrap().tag("Event"), Some("one"));
    let rec3 = items[2]
        .as_ref()
        .unwrap_or_else(|e| panic!("game 3 lost: {e}\n{text}"));
    assert_eq!(rec3.tag("Event"), Some("three"));
    assert_eq!(rec3.game.moves().len(), 3);
    let err = items[1].as_ref().unwrap_err();
    assert_eq!(err.game, 2, "{err}");
    assert!(check(&err.kind), "{err}");
    assert_eq!((err.line, err.column), (line, column), "{err}");
}

#[test]
fn reader_errors_have_game_line_column_and_lose_nothing_else() {
    // Game 2 starts on line 6.
    expect_error("[Event \"two\"]\n\n1. f4 Nc4 *\n", 8, 7, |k| {
        matches!(
            k,
            RecordErrorKind::Move {
                number: 1,
                color: Color::Black,
                error: SanError::Illegal { .. },
                ..
            }
        )
    });
    expect_error("[Event \"two\"]\n\n1. Rc4 *\n", 8, 4, |k| {
        k.to_string() == "move 1. Rc4: illegal move \"Rc4\": no rook can move to c4"
    });
    expect_error("[Event \"two]\n[Site \"x\"]\n\n1. f4 *\n", 6, 13, |k| {
        matches!(k, RecordErrorKind::BadTag(_))
    });
    expect_error("[Event two]\n\n1. f4 *\n", 6, 8, |k| {
        matches!(k, RecordErrorKind::BadTag(_))
    });
    expect_error("[Event \"a\"]\n[Event \"b\"]\n\n1. f4 *\n", 7, 1, |k| {
        matches!(k, RecordErrorKind::DuplicateTag(_))
    });
    expect_error("[Variant \"chess\"]\n\n1. f4 *\n", 6, 1, |k| {
        matches!(k, RecordErrorKind::WrongVariant(_))
    });
    expect_error("[TFEN \"11/11 w - 00 0 1\"]\n\n1. f4 *\n", 6, 1, |k| {
        matches!(k, RecordErrorKind::BadTfen(_))
    });
    expect_error(
        "[FEN \"rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 *\n",
        6,
        1,
        |k| matches!(k, RecordErrorKind::FenTag),
    );
    expect_error("[Result \"1-0\"]\n\n1. f4 *\n", 8, 7, |k| {
        matches!(k, RecordErrorKind::ResultMismatch { .. })
    });
    expect_error("[Event \"two\"]\n\n1. f4 f7\n", 10, 1, |k| {
        matches!(k, RecordErrorKind::MissingResult)
    });
    expect_error("[Event \"two\"]\n\n1. f4 {unclosed\n", 8, 7, |k| {
        matches!(k, RecordErrorKind::UnterminatedComment)
    });
    expect_error("[Event \"two\"]\n\n1. f4 (1. b4\n", 8, 7, |k| {
        matches!(k, RecordErrorKind::UnterminatedVariation)
    });
    expect_error("[Event \"two\"]\n\n1. f4 ) *\n", 8, 7, |k| {
        matches!(k, RecordErrorKind::UnexpectedChar(')'))
    });
    expect_error("[Event \"two\"]\n\n1. f4 f7 } *\n", 8, 10, |k| {
        matches!(k, RecordErrorKind::UnexpectedChar('}'))
    });
    expect_error("[Termination \"checkmate\"]\n\n1. f4 *\n", 6, 1, |k| {
        matches!(k, RecordErrorKind::TerminationMismatch { .. })
    });
    // A decided game with the wrong result.
    expect_error(
        "[TFEN \"10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1\"]\n\n1. Ra10# 0-1\n",
        8,
        10,
        |k| {
            matches!(
                k,
                RecordErrorKind::ResultContradicts {
                    token: GameResult::BlackWins,
                    ..
                }
            )
        },
    );
    // Moves after the end of the game.
    expect_error(
        "[TFEN \"10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1\"]\n\n1. Ra10# Kj10 1-0\n",
        8,
        10,
        |k| {
            matches!(
                k,
                RecordErrorKind::PastTheEnd(GameOverError {
                    ply: 1,
                    outcome: Outcome {
                        winner: Some(Color::White),
                        termination: Termination::Checkmate
                    }
                })
            )
        },
    );
    // A control character in a tag value.
    expect_error("[Event \"a\u{1}b\"]\n\n1. f4 *\n", 6, 10, |k| {
        *k == RecordErrorKind::BadTag("control character in the tag value")
    });
    // Garbage text and control characters.
    expect_error("[Event \"two\"]\n\n\u{0}\u{7}garbage ~~~ *\n", 8, 1, |k| {
        matches!(
            k,
            RecordErrorKind::Move {
                error: SanError::Syntax { .. },
                ..
            }
        )
    });
    // Unicode before the error: the column counts characters.
    expect_error("[Event \"twö\"]\n\n{ünïcödé} 1. Rc4 *\n", 8, 14, |k| {
        matches!(k, RecordErrorKind::Move { .. })
    });
}

#[test]
fn non_utf8_and_truncated_input() {
    // Invalid UTF-8 in game 2's movetext.
    let mut bytes = three_games("[Event \"two\"]\n\n1. f4 XX *\n").into_bytes();
    let at = bytes.windows(2).position(|w| w == b"XX").unwrap();
    bytes[at] = 0xff;
    bytes[at + 1] = 0xfe;
    let items: Vec<_> = read_records(&bytes[..]).collect();
    assert_eq!(items.len(), 3);
    let err = items[1].as_ref().unwrap_err();
    assert_eq!((err.game, err.line, err.column), (2, 8, 7), "{err}");
    assert_eq!(err.kind, RecordErrorKind::InvalidUtf8);
    assert!(items[2].is_ok());
    // Invalid UTF-8 in a tag line.
    let mut bytes = three_games("[Event \"tXX\"]\n[Site \"?\"]\n\n1. f4 *\n").into_bytes();
    let at = bytes.windows(2).position(|w| w == b"XX").unwrap();
    bytes[at] = 0xc3;
    bytes[at + 1] = 0x28;
    let items: Vec<_> = read_records(&bytes[..]).collect();
    assert_eq!(items.len(), 3, "{items:?}");
    assert_eq!(
        items[1].as_ref().unwrap_err().kind,
        RecordErrorKind::InvalidUtf8
    );
    assert!(items[2].is_ok());
    // Truncated: every prefix of a good file reads without panic, the last
    // game either complete or reported.
    let text = three_games("[Event \"two\"]\n\n1. f4 f7 2. Nc4 *\n");
    for cut in 0..text.len() {
        for item in read_records(&text.as_bytes()[..cut]) {
            if let Err(e) = item {
                assert!(e.line >= 1 && e.column >= 1 && e.game >= 1, "{e}");
            }
        }
    }
    let cut = text.find("2. Nc4").unwrap();
    let items: Vec<_> = read_records(&text.as_bytes()[..cut]).collect();
    assert_eq!(items.len(), 2);
    assert_eq!(
        items[1].as_ref().unwrap_err().kind,
        RecordErrorKind::Truncated
    );
}

#[test]
fn data_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/records/");
    // Every game of the sample reads, and writes back to the same records.
    let sample = std::fs::read(format!("{dir}sample.pgn")).unwrap();
    let games: Vec<GameRecord> = read_records(&sample[..]).map(|g| g.unwrap()).collect();
    assert!(games.len() >= 4);
    for g in &games {
        assert_eq!(&GameRecord::from_pgn(&g.to_string()).unwrap(), g);
    }
    // The malformed file: the errors and good games listed in its header.
    let bad = std::fs::read(format!("{dir}malformed.pgn")).unwrap();
    let summary: Vec<String> = read_records(&bad[..])
        .map(|g| match g {
            Ok(r) => format!("ok {}", r.tag("Event").unwrap_or("?")),
            Err(e) => format!("{e}"),
        })
        .collect();
    let expected = std::fs::read_to_string(format!("{dir}malformed.expected")).unwrap();
    assert_eq!(
        summary.join("\n"),
        expected.trim_end(),
        "{}",
        summary.join("\n")
    );
    // Binary garbage: errors, no panic, no game.
    let garbage = std::fs::read(format!("{dir}garbage.bin")).unwrap();
    let items: Vec<_> = read_records(&garbage[..]).collect();
    assert!(!items.is_empty() && items.iter().all(|i| i.is_err()));
}

/// A quick fuzz loop: mutated records (bytes replaced, inserted, deleted,
/// lines swapped, cuts) never make the reader panic, and errors always carry
/// a valid game index, line and column.
#[test]
fn fuzzed_records_never_panic() {
    let mut file = String::new();
    for seed in 0..6 {
        let game = random_game(seed, 30, |_| {});
        let mut rec = GameRecord::new(game);
        rec.comments.push((3, "a comment (with) [brackets]".into()));
        file.push_str(&rec.to_string());
        file.push('\n');
    }
    let base = file.into_bytes();
    let mut rng = Rng::new(7);
    let alphabet = b"[]{}()\";%$.*-/01x=^@<>+#KNRe10\n \t\xff\xc3";
    for _ in 0..1500 {
        let mut bytes = base.clone();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(bytes.len());
            match rng.below(5) {
                0 => bytes[i] = alphabet[rng.below(alphabet.len())],
                1 => bytes.insert(i, alphabet[rng.below(alphabet.len())]),
                2 => {
                    bytes.remove(i);
                }
                3 => bytes[i] = rng.next_u64() as u8,
                _ => bytes.truncate(i),
            }
            if bytes.is_empty() {
                break;
            }
        }
        let mut last_game = 0;
        for item in read_records(&bytes[..]) {
            match item {
                Ok(r) => {
                    let _ = r.to_string();
                }
                Err(e) => {
                    assert!(e.game > last_game && e.line >= 1 && e.column >= 1, "{e}");
                    last_game = e.game;
                    let _ = e.to_string();
                }
            }
        }
    }
}

/// A file of many generated games reads back completely (the benchmark
/// reads 10,000 such games).
#[test]
fn many_games_stream() {
    let mut text = String::new();
    let mut plies = 0;
    for seed in 0..200u64 {
        let game = random_game(seed, 60, |_| {});
        plies += game.moves().len();
        text.push_str(&GameRecord::new(game).to_string());
        text.push('\n');
    }
    let games: Vec<GameRecord> = read_records(text.as_bytes()).map(|g| g.unwrap()).collect();
    assert_eq!(games.len(), 200);
    assert_eq!(
        games.iter().map(|g| g.game.moves().len()).sum::<usize>(),
        plies
    );
}

#[cfg(feature = "serde")]
#[test]
fn record_as_json() {
    let mut rec = GameRecord::new(finished(
        "10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1",
        &["a1a10"],
    ));
    rec.comments.push((1, "mate".into()));
    let json = serde_json::to_string(&rec).unwrap();
    assert!(json.starts_with("{\"tags\":{\"Event\":\"?\","), "{json}");
    assert!(
        json.contains("\"start\":\"10k/1R9/11/11/11/11/11/11/11/R4K5 w - 00 0 1\""),
        "{json}"
    );
    assert!(
        json.contains("\"moves\":[\"a1a10\"],\"result\":\"1-0\",\"comments\":[[1,\"mate\"]]"),
        "{json}"
    );
    let back: GameRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(back, rec);
    // Illegal moves and bad results are refused.
    let bad = json.replace("a1a10", "a1a11");
    assert!(serde_json::from_str::<GameRecord>(&bad).is_err());
    let bad = json.replace("\"1-0\",\"comments\"", "\"2-0\",\"comments\"");
    assert!(serde_json::from_str::<GameRecord>(&bad).is_err());
}
