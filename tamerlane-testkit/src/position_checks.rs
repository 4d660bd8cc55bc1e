//! Assertions about one position under its rules, shared by the property
//! tests (`tamerlane-core/tests/it/tamerlane/option_invariants.rs`) and the fuzz checks
//! ([`fuzz_core`](crate::fuzz_core)). Each panics with the position's TFEN
//! and rule set when the invariant breaks.

use tamerlane_core::rule_set::PawnOfPawns;
use tamerlane_core::tamerlane::Position;
use tamerlane_core::{Move, MoveKind, PositionError, RuleSet, Square, TfenError, MAX_LEGAL_MOVES};

use crate::spec_oracle;

/// The position and its rules, for failure messages.
pub fn describe(pos: &Position) -> String {
    format!("{} under {:?}", pos.to_tfen(), pos.rules().to_string())
}

/// Moves in a fixed order, to compare move sets.
pub fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<Move> {
    let mut v: Vec<Move> = moves.into_iter().collect();
    v.sort_by_key(|m| (m.from.index(), m.to.index()));
    v
}

/// The moves of `a` that are not in `b`, as text.
fn missing(a: &[Move], b: &[Move]) -> Vec<String> {
    a.iter()
        .filter(|m| !b.contains(m))
        .map(|m| format!("{m} {:?}", m.kind))
        .collect()
}

/// The crate's legal moves are exactly the oracle's
/// ([`spec_oracle::legal_moves`]), with the same context (role, capture,
/// kind); each is `is_legal` and does what [`spec_oracle::after`] says;
/// every other pseudo-legal move of the oracle is refused; the move count,
/// `has_legal_moves` and the tactical moves ([`tactical_moves_agree`])
/// agree.
pub fn agrees_with_oracle(pos: &Position) {
    let got = sorted(pos.legal_moves());
    let want = sorted(spec_oracle::legal_moves(pos));
    assert!(
        got == want,
        "{}\n  legal but not in the oracle: {:?}\n  in the oracle but not legal: {:?}",
        describe(pos),
        missing(&got, &want),
        missing(&want, &got)
    );
    assert!(want.len() <= MAX_LEGAL_MOVES);
    assert_eq!(pos.count_legal(), want.len(), "{}", describe(pos));
    assert_eq!(pos.has_legal_moves(), !want.is_empty(), "{}", describe(pos));
    for m in &want {
        assert!(pos.is_legal(m), "{m} in {}", describe(pos));
        let mut after = pos.clone();
        after.play_unchecked(m);
        assert_eq!(
            after.to_setup(),
            spec_oracle::after(pos, m),
            "the effect of {m} ({:?}) in {}",
            m.kind,
            describe(pos)
        );
    }
    for m in spec_oracle::pseudo_legal_moves(pos) {
        if !want.contains(&m) {
            assert!(!pos.is_legal(&m), "{m} is refused in {}", describe(pos));
            assert!(
                pos.find_move(m.coord()).is_err(),
                "{m} in {}",
                describe(pos)
            );
        }
    }
    tactical_moves_agree(pos);
}

/// The tactical generator gives exactly the legal moves that capture,
/// reach the last rank with a pawn, move the waiting pawn of pawns or
/// enter a citadel, in the order and with the context of the full
/// generator.
pub fn tactical_moves_agree(pos: &Position) {
    let tactical: Vec<Move> = pos
        .legal_moves()
        .iter()
        .filter(|m| {
            m.is_capture()
                || matches!(
                    m.kind,
                    MoveKind::Promotion(_)
                        | MoveKind::Arrival(_)
                        | MoveKind::Placement
                        | MoveKind::Transfer
                        | MoveKind::CitadelEntry
                )
        })
        .copied()
        .collect();
    let got: Vec<Move> = pos.tactical_moves().iter().copied().collect();
    assert_eq!(got, tactical, "tactical moves of {}", describe(pos));
}

/// A square seen from the other side: the board turned half round
/// (`a1` and `k10`, `wc` and `bc` change places).
pub fn rotated(sq: Square) -> Square {
    match sq {
        Square::WC => Square::BC,
        Square::BC => Square::WC,
        _ => {
            let (x, y) = sq.coords();
            Square::from_xy(10 - x, 9 - y).expect("an ordinary square")
        }
    }
}

/// The colour mirror: the same rules, the board turned half round with
/// the colours swapped, the other side to move, mirroring back to the
/// position; and each legal move, turned round, is a legal move of the
/// mirror with the same context, and no other.
pub fn mirror_maps_moves(pos: &Position) {
    let mirror = pos.mirror();
    assert_eq!(mirror.rules(), pos.rules());
    assert_eq!(&mirror.mirror(), pos);
    assert_eq!(mirror.turn(), !pos.turn());
    for sq in Square::all() {
        let flipped = pos
            .board()
            .piece_at(sq)
            .map(|p| tamerlane_core::Piece::new(!p.color, p.role));
        assert_eq!(mirror.board().piece_at(rotated(sq)), flipped);
    }
    let mapped = sorted(pos.legal_moves().iter().map(|m| Move {
        from: rotated(m.from),
        to: rotated(m.to),
        ..*m
    }));
    assert_eq!(
        mapped,
        sorted(mirror.legal_moves()),
        "mirror of {}",
        describe(pos)
    );
}

/// TFEN plus the rules' canonical string give the position back, with its
/// hash, and formatting is a fixed point; the incremental hash is the one
/// computed from scratch.
pub fn round_trips(pos: &Position) {
    let tfen = pos.to_tfen();
    let rules: RuleSet = pos
        .rules()
        .to_string()
        .parse()
        .unwrap_or_else(|e| panic!("the canonical rules of {}: {e}", describe(pos)));
    let back = Position::from_tfen_with_rules(&tfen, rules)
        .unwrap_or_else(|e| panic!("{}: {e}", describe(pos)));
    assert_eq!(&back, pos, "{}", describe(pos));
    assert_eq!(back.to_tfen(), tfen);
    assert_eq!(back.hash(), pos.hash());
    assert_eq!(pos.hash(), pos.compute_hash(), "hash of {}", describe(pos));
}

/// `e`, the refusal of the TFEN `text` under `rules`, is the only one the
/// rule options add to those of the default rules: a stage 2 under
/// `pawn-of-pawns=one-arrival`.
pub fn refused_for_stage_two(text: &str, rules: &RuleSet, e: &TfenError) {
    assert_eq!(
        rules.pawn_of_pawns(),
        PawnOfPawns::OneArrival,
        "{text:?}: {e}"
    );
    assert!(
        matches!(
            e,
            TfenError::Position(PositionError::StageOutOfRange { stage: 2, .. })
        ),
        "{text:?} under {rules}: {e}"
    );
}
