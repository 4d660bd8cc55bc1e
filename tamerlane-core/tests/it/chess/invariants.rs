//! Chess invariants on random playouts (proptest, fixed seed): FEN, UCI
//! and SAN round trips, the incremental hash against the computed one,
//! mirror symmetry, and the move-set, move-list and counting paths
//! agreeing; and the SAN vectors written by python-chess.

use std::fs;
use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use tamerlane_core::chess::{perft, Game, MoveKind, Position, Rules, START_FEN};

/// Positions that reach every special rule within a few plies.
const STARTS: &[&str] = &[
    START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    "8/PPP4k/8/8/8/8/4Kppp/8 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
];

/// Plays up to `choices.len()` plies (special moves a third of the time),
/// calling `check` on every position.
fn playout(start: &str, choices: &[u16], mut check: impl FnMut(&Game)) {
    let mut game = Game::from_position(Position::from_fen(start).unwrap());
    check(&game);
    for &c in choices {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.is_over() {
            break;
        }
        let special: Vec<_> = moves
            .iter()
            .filter(|m| m.kind != MoveKind::Normal || m.is_capture())
            .collect();
        let m = if !special.is_empty() && c % 3 == 0 {
            *special[c as usize / 3 % special.len()]
        } else {
            moves[c as usize % moves.len()]
        };
        game.play(&m).expect("a generated move is legal");
        check(&game);
    }
}

fn arb_case() -> impl Strategy<Value = (usize, Vec<u16>)> {
    (0..STARTS.len(), prop::collection::vec(any::<u16>(), 0..100))
}

proptest! {
    // A fixed seed: every run checks the same (reproducible) playouts.
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: RngSeed::Fixed(0xC4E5_5EED),
        ..ProptestConfig::default()
    })]

    #[test]
    fn fen_round_trip_and_hash((start, choices) in arb_case()) {
        playout(STARTS[start], &choices, |g| {
            let pos = g.position();
            let fen = pos.to_fen();
            let back = Position::from_fen(&fen).unwrap();
            assert_eq!(&back, pos, "{fen}");
            assert_eq!(pos.hash(), pos.compute_hash(), "{fen}");
            assert_eq!(back.hash(), pos.hash(), "{fen}");
        });
    }

    #[test]
    fn uci_and_san_round_trips((start, choices) in arb_case()) {
        playout(STARTS[start], &choices, |g| {
            let pos = g.position();
            let legal = pos.legal_moves();
            for m in legal.iter() {
                assert_eq!(pos.parse_uci(&m.to_string()), Ok(*m), "{pos:?} {m}");
                let san = pos.san_with(m, &legal);
                assert_eq!(pos.parse_san_with(&san, &legal), Ok(*m), "{pos:?} {san}");
                assert!(pos.is_legal(m), "{pos:?} {m}");
            }
        });
    }

    #[test]
    fn mirror_symmetry((start, choices) in arb_case()) {
        playout(STARTS[start], &choices, |g| {
            let pos = g.position();
            let mirrored = pos.mirror();
            assert_eq!(&mirrored.mirror(), pos);
            assert_eq!(mirrored.count_legal(), pos.count_legal(), "{pos:?}");
            assert_eq!(mirrored.is_check(), pos.is_check(), "{pos:?}");
            assert_eq!(mirrored.ep_square().is_some(), pos.ep_square().is_some(), "{pos:?}");
            assert_eq!(mirrored.outcome().map(|o| o.termination), pos.outcome().map(|o| o.termination));
        });
    }

    #[test]
    fn generation_paths_agree((start, choices) in arb_case()) {
        playout(STARTS[start], &choices, |g| {
            let pos = g.position();
            let legal = pos.legal_moves();
            assert_eq!(legal.len(), pos.count_legal(), "{pos:?}");
            assert_eq!(legal.is_empty(), !pos.has_legal_moves(), "{pos:?}");
            // Tactical moves: exactly the captures and promotions.
            let mut tactical: Vec<String> = pos.tactical_moves().iter().map(|m| m.to_string()).collect();
            let mut expected: Vec<String> =
                legal.iter().filter(|m| m.is_tactical()).map(|m| m.to_string()).collect();
            tactical.sort();
            expected.sort();
            assert_eq!(tactical, expected, "{pos:?}");
            // Every move played with `play` equals `play_unchecked`, and the
            // incremental hash of the child is the computed one.
            for m in legal.iter() {
                let mut a = *pos;
                let mut b = *pos;
                a.play(m).unwrap();
                b.play_unchecked(m);
                assert_eq!(a, b);
                assert_eq!(a.hash(), a.compute_hash(), "{pos:?} {m}");
                assert_eq!(a.checkers().any(), pos.gives_check(m));
            }
        });
    }
}

/// Characters FEN, UCI and SAN are made of, and a few that they are not.
const FEN_CHARS: &[u8] = b"pnbrqkPNBRQK012345678/ -wbKQkqacdefghx=+#O9\xc3";

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 512,
        rng_seed: RngSeed::Fixed(0xBAD_F3E4),
        ..ProptestConfig::default()
    })]

    /// Garbage in: a typed error or a value, never a panic.
    #[test]
    fn any_text_is_an_error_or_a_value(s in ".{0,100}") {
        let pos = Position::new();
        let _ = Position::from_fen(&s);
        let _ = pos.parse_uci(&s);
        let _ = pos.parse_san(&s);
        let _ = s.parse::<Rules>();
    }

    /// FENs with a few characters changed: either refused with a typed
    /// error, or a valid position on which move generation, counting,
    /// SAN and perft work and agree.
    #[test]
    fn mutated_fens((start, edits) in (0..STARTS.len(), prop::collection::vec((any::<u8>(), any::<u8>()), 1..4))) {
        let mut fen = STARTS[start].as_bytes().to_vec();
        for (at, c) in edits {
            let i = at as usize % fen.len();
            fen[i] = FEN_CHARS[c as usize % FEN_CHARS.len()];
        }
        let fen = String::from_utf8_lossy(&fen).into_owned();
        if let Ok(pos) = Position::from_fen(&fen) {
            let legal = pos.legal_moves();
            prop_assert_eq!(legal.len(), pos.count_legal());
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            for m in legal.iter() {
                prop_assert_eq!(pos.parse_san(&pos.san(m)), Ok(*m));
            }
            let by_children: u64 = legal
                .iter()
                .map(|m| {
                    let mut c = pos;
                    c.play_unchecked(m);
                    c.count_legal() as u64
                })
                .sum();
            prop_assert_eq!(perft(&pos, 2), by_children);
            let _ = pos.outcome();
            prop_assert_eq!(Position::from_fen(&pos.to_fen()), Ok(pos));
        }
    }
}

#[test]
fn san_agrees_with_python_chess() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/chess/san.txt");
    let text = fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let parts: Vec<&str> = line.split(" | ").collect();
        let [fen, uci, san] = parts[..] else {
            panic!("bad line {line:?}")
        };
        let pos = Position::from_fen(fen).unwrap();
        let m = pos.parse_uci(uci).unwrap();
        assert_eq!(pos.san(&m), san, "{fen} {uci}");
        assert_eq!(pos.parse_san(san), Ok(m), "{fen} {san}");
        checked += 1;
    }
    assert!(checked >= 300, "only {checked} vectors");
}
