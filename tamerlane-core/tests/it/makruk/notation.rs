//! SAN and UCI on hand-made positions, and FEN/UCI/SAN round trips over
//! random playouts (proptest).

use std::collections::HashSet;

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use tamerlane_core::makruk::{Position, SanError, SanIllegalReason, UciMove};

use super::{playout, pos, STARTS};

#[test]
fn san_by_hand() {
    let p = Position::new();
    let san = |p: &Position, uci: &str| p.san(&p.parse_move(uci).unwrap());
    assert_eq!(san(&p, "e3e4"), "e4");
    assert_eq!(san(&p, "b1d2"), "Nd2");
    assert_eq!(san(&p, "c1c2"), "Sc2");
    assert_eq!(san(&p, "e1f2"), "Mf2");
    assert_eq!(san(&p, "d1c2"), "Kc2");
    assert_eq!(san(&p, "a1a2"), "Ra2");
    // Disambiguation: file, then rank, then square.
    let p = pos("2k5/8/8/8/4K3/8/8/R6R w - - 0 1");
    assert_eq!(san(&p, "a1d1"), "Rad1");
    let p = pos("7k/R7/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san(&p, "a1a4"), "R1a4");
    let p = pos("k7/8/8/8/8/1N3N2/8/1N2K3 w - - 0 1");
    assert_eq!(san(&p, "b3d2"), "Nb3d2");
    // Captures, promotion, check and mate.
    let p = pos("k7/8/3r4/4P3/8/8/8/7K w - - 0 1");
    assert_eq!(san(&p, "e5d6m"), "exd6=M");
    assert_eq!(san(&p, "e5e6m"), "e6=M");
    let p = pos("k7/8/8/8/3n4/8/8/3RK3 w - - 0 1");
    assert_eq!(san(&p, "d1d4"), "Rxd4");
    let p = pos("k7/8/8/8/8/8/8/3RK3 w - - 0 1");
    assert_eq!(san(&p, "d1d8"), "Rd8+");
    let p = pos("k7/8/K7/8/8/8/8/7R w - - 0 1");
    assert_eq!(san(&p, "h1h8"), "Rh8#");
}

#[test]
fn san_reading_is_lenient_and_errors_say_why() {
    let p = pos("k7/8/3r4/4P3/8/8/8/N3K3 w - - 0 1");
    let read = |s: &str| p.parse_san(s).map(|m| m.to_string());
    assert_eq!(read("exd6=M").unwrap(), "e5d6m");
    assert_eq!(read("exd6").unwrap(), "e5d6m");
    assert_eq!(read("ed6").unwrap(), "e5d6m");
    assert_eq!(read("Pe6=M!?").unwrap(), "e5e6m");
    assert_eq!(read("e5e6m").unwrap(), "e5e6m");
    assert_eq!(read("Nb3").unwrap(), "a1b3");
    assert_eq!(read("Na1-b3+").unwrap(), "a1b3");
    assert_eq!(read("Na1xb3").unwrap(), "a1b3");
    let illegal = |s: &str| match p.parse_san(s) {
        Err(SanError::Illegal { reason, .. }) => reason,
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(
        illegal("Rd4"),
        SanIllegalReason::NoPiece(tamerlane_core::makruk::Role::Rook)
    );
    assert!(matches!(
        illegal("Nc4"),
        SanIllegalReason::Unreachable { .. }
    ));
    assert!(matches!(illegal("e5e6"), SanIllegalReason::Uci(_)));
    assert!(matches!(p.parse_san("Qd4"), Err(SanError::Syntax { .. })));
    assert!(matches!(p.parse_san("e6=R"), Err(SanError::Syntax { .. })));
    assert!(matches!(p.parse_san("N=M"), Err(SanError::Syntax { .. })));
    assert!(matches!(p.parse_san(""), Err(SanError::Syntax { .. })));
    assert!(matches!(p.parse_san("é4"), Err(SanError::Syntax { .. })));
    // `=M` on a move that is no promotion.
    let q = pos("k7/8/8/8/4P3/8/8/7K w - - 0 1");
    assert!(matches!(
        q.parse_san("e5=M"),
        Err(SanError::Illegal {
            reason: SanIllegalReason::NotAPromotion { .. },
            ..
        })
    ));
    // A pinned piece's move.
    let pinned = pos("k3r3/8/8/8/4N3/8/8/4K3 w - - 0 1");
    assert!(matches!(
        pinned.parse_san("Nc5"),
        Err(SanError::Illegal {
            reason: SanIllegalReason::LeavesKingAttacked { .. },
            ..
        })
    ));
    // Ambiguous: both Rooks reach d1.
    let two = pos("2k5/8/8/8/4K3/8/8/R6R w - - 0 1");
    match two.parse_san("Rd1") {
        Err(SanError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["Rad1 (a1d1)", "Rhd1 (h1d1)"]);
        }
        other => panic!("{other:?}"),
    }
    let mate = pos("k6R/8/K7/8/8/8/8/8 b - - 0 1");
    // SAN and coordinate text alike, as chess and Tamerlane report it.
    for text in ["Kb8", "a8b7", "a8a7"] {
        assert!(
            matches!(
                mate.parse_san(text),
                Err(SanError::Illegal {
                    reason: SanIllegalReason::GameOver,
                    ..
                })
            ),
            "{text}"
        );
    }
}

fn arb_case() -> impl Strategy<Value = (usize, u64)> {
    (0..STARTS.len(), any::<u64>())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        rng_seed: RngSeed::Fixed(0x4D41_4B52),
        ..ProptestConfig::default()
    })]

    #[test]
    fn fen_uci_and_san_round_trip((start, seed) in arb_case()) {
        playout(STARTS[start], "", seed, 120, |p| {
            let fen = p.to_fen();
            let back = Position::from_fen(&fen).unwrap();
            assert_eq!(back.to_fen(), fen);
            if p.count().is_none() {
                assert_eq!(&back, p, "{fen}");
            } else {
                // The halfmove clock is not written while a count runs.
                assert_eq!(back.halfmoves(), 0, "{fen}");
                assert!(back.same_position(p));
                assert_eq!(back.count(), p.count());
            }
            let legal = p.legal_moves();
            let mut sans = HashSet::new();
            for m in legal.iter() {
                let uci = m.to_string();
                let parsed: UciMove = uci.parse().unwrap();
                assert_eq!(parsed, m.uci());
                assert_eq!(p.find_move(parsed).unwrap(), *m, "{fen} {uci}");
                let san = p.san_with(m, &legal);
                assert!(sans.insert(san.clone()), "{fen}: {san} twice");
                assert_eq!(p.parse_san_with(&san, &legal).unwrap(), *m, "{fen} {san}");
            }
        });
    }
}
