//! After random move sequences, the accumulator updated move by move
//! equals a full refresh, for the three games, with their special moves
//! sought out and counted: promotions, en passant and castling in chess;
//! promotions in Makruk; promotions, king swaps, citadel entries and the
//! pawn of pawns' arrivals, placements and transfers in Tamerlane chess.

use std::collections::BTreeMap;

use tamerlane_core::tamerlane::{Arrival, MoveKind};
use tamerlane_core::{chess, makruk, tamerlane, Color, Rng};

use super::super::{Accumulator, Delta, NnueGame};
use super::random_net;

/// The special kinds of moves each walk counts.
type Kinds = BTreeMap<&'static str, usize>;

/// Plays random legal moves from each start (a special move, when there is
/// one, half of the time, its kind drawn first), checking after every move
/// that the delta, and the delta the move names where it names one
/// (`Delta::named`), is the boards' whole difference and that the
/// updated accumulators (from the parent, and in place) equal a refresh.
/// Returns how often each special kind was played, and how often the move
/// named its delta.
fn walk<G: NnueGame>(
    starts: &[G],
    plies: usize,
    seeds: u64,
    special: fn(&G::Move) -> Option<&'static str>,
) -> Kinds {
    let net = random_net::<G>(11, 300);
    let mut kinds = Kinds::new();
    for seed in 0..seeds {
        let mut rng = Rng::new(seed + 1);
        for start in starts {
            let mut pos = start.clone();
            let mut acc = Accumulator::new(&net, &pos);
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                // A kind first, then a move of that kind: a rare kind among
                // many captures is played as often as they are.
                let mut by_kind = BTreeMap::<&str, Vec<G::Move>>::new();
                for m in moves.iter() {
                    if let Some(kind) = special(m) {
                        by_kind.entry(kind).or_default().push(*m);
                    }
                }
                let m = if !by_kind.is_empty() && rng.below(2) == 0 {
                    let of_kind = by_kind
                        .values()
                        .nth(rng.below(by_kind.len()))
                        .expect("a kind");
                    of_kind[rng.below(of_kind.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                if let Some(kind) = special(&m) {
                    *kinds.entry(kind).or_default() += 1;
                }
                let mut after = pos.clone();
                after.play_unchecked(&m);
                let delta = Delta::between(&pos, &after, &m).expect("a move fits a delta");
                let difference = board_difference(&pos, &after);
                assert_eq!(
                    sorted(delta.removed(), delta.added()),
                    difference,
                    "{pos} {m}"
                );
                // The delta the move names, where it names one, is the same.
                if let Some(named) = Delta::named::<G>(&m, pos.turn()) {
                    assert_eq!(
                        sorted(named.removed(), named.added()),
                        difference,
                        "{pos} {m} (named by the move)"
                    );
                    *kinds.entry("named by the move").or_default() += 1;
                }
                let mut child = Accumulator::default();
                child.update_from(&acc, &delta, &net);
                let fresh = Accumulator::new(&net, &after);
                assert_eq!(child, fresh, "{pos} {m}");
                acc.update(&delta, &net);
                assert_eq!(acc, fresh, "{pos} {m} (in place)");
                pos = after;
            }
        }
    }
    kinds
}

/// The men removed and added, sorted, as (square, colour, role) triples.
type Change = (Vec<(u8, Color, u8)>, Vec<(u8, Color, u8)>);

fn sorted(removed: &[super::super::Man], added: &[super::super::Man]) -> Change {
    let key = |m: &super::super::Man| (m.square, m.color, m.role);
    let mut r: Vec<_> = removed.iter().map(key).collect();
    let mut a: Vec<_> = added.iter().map(key).collect();
    r.sort();
    a.sort();
    (r, a)
}

/// The difference of two boards found by comparing every square.
fn board_difference<G: NnueGame>(before: &G, after: &G) -> Change {
    let (mut r, mut a) = (Vec::new(), Vec::new());
    for sq in 0..G::SQUARES {
        let (old, new) = (before.man_at(sq), after.man_at(sq));
        if old != new {
            r.extend(old.map(|m| (m.square, m.color, m.role)));
            a.extend(new.map(|m| (m.square, m.color, m.role)));
        }
    }
    r.sort();
    a.sort();
    (r, a)
}

/// Asserts that every kind in `wanted` was played.
fn assert_exercised(kinds: &Kinds, wanted: &[&str]) {
    for w in wanted {
        assert!(
            kinds.get(w).copied().unwrap_or(0) > 0,
            "{w} never played: {kinds:?}"
        );
    }
}

/// The Tamerlane position of the men `men` (square name, TFEN token) with
/// the fields after the placement `tail`, built by the core's own setup.
fn tfen(men: &[(&str, &str)], tail: &str) -> tamerlane::Position {
    let empty = format!("{} {tail}", ["11"; 10].join("/"));
    let mut setup = tamerlane::Setup::from_tfen(&empty).expect("the fields");
    for (sq, token) in men {
        let square: tamerlane::Square = sq.parse().expect("square");
        let piece: tamerlane::Piece = token.parse().expect("token");
        setup.board.set(square, Some(piece));
    }
    tamerlane::Position::from_setup(setup).unwrap_or_else(|e| panic!("{men:?} {tail}: {e}"))
}

fn tamerlane_special(m: &tamerlane::Move) -> Option<&'static str> {
    Some(match m.kind {
        MoveKind::Promotion(tamerlane::Role::AdventitiousKing) => "third arrival",
        MoveKind::Promotion(_) => "promotion",
        MoveKind::CitadelEntry => "citadel entry",
        MoveKind::Arrival(Arrival::First) => "first arrival",
        MoveKind::Arrival(Arrival::SecondToReturnSquare) => "second arrival to f3",
        MoveKind::Arrival(Arrival::SecondWaiting) => "second arrival waiting",
        MoveKind::Placement => "placement",
        MoveKind::Transfer => "transfer",
        MoveKind::KingSwap => "king swap",
        MoveKind::Normal if m.capture.is_some() => "capture",
        MoveKind::Normal => return None,
    })
}

#[test]
fn tamerlane_incremental_equals_refresh() {
    let starts = [
        tamerlane::Position::new(),
        // The pawn of pawns waiting on e10 at stage 1, d5 attacking two men.
        tfen(
            &[
                ("a1", "K"),
                ("k10", "k"),
                ("e10", "PP"),
                ("c6", "r"),
                ("e6", "n"),
            ],
            "w - 10 0 1",
        ),
        // Its first arrival.
        tfen(
            &[("a1", "K"), ("k5", "k"), ("e9", "PP"), ("d10", "n")],
            "w - 00 0 1",
        ),
        // Its second arrival, f3 empty (to f3) or taken (waiting), then
        // the transfer once f3 is free.
        tfen(
            &[("a1", "K"), ("k5", "k"), ("e9", "PP"), ("d10", "n")],
            "w - 10 9 1",
        ),
        tfen(
            &[
                ("a1", "K"),
                ("k5", "k"),
                ("e9", "PP"),
                ("f3", "V"),
                ("c6", "r"),
                ("e6", "n"),
            ],
            "w - 10 0 1",
        ),
        tfen(
            &[("a1", "K"), ("k5", "k"), ("e10", "PP"), ("h7", "n")],
            "w - 20 0 1",
        ),
        // Its third arrival.
        tfen(&[("a1", "K"), ("k5", "k"), ("e9", "PP")], "w - 20 0 1"),
        // King swaps (the King in check, with the right).
        tfen(
            &[
                ("f5", "K"),
                ("a1", "R"),
                ("c3", "N"),
                ("h2", "PR"),
                ("b10", "V"),
                ("f1", "D"),
                ("f10", "r"),
                ("k10", "k"),
            ],
            "w K 00 0 1",
        ),
        // Promotions with and without a capture, and the pawn of kings.
        tfen(
            &[
                ("a1", "K"),
                ("k5", "k"),
                ("b9", "PR"),
                ("d9", "PK"),
                ("c10", "n"),
                ("e2", "pn"),
            ],
            "w - 00 0 1",
        ),
        // A King next to Black's citadel (left of a9).
        tfen(&[("a8", "K"), ("k1", "k"), ("c3", "R")], "w - 00 0 1"),
    ];
    let kinds = walk(&starts, 60, 6, tamerlane_special);
    assert_exercised(
        &kinds,
        &[
            "capture",
            "promotion",
            "third arrival",
            "citadel entry",
            "first arrival",
            "second arrival to f3",
            "second arrival waiting",
            "placement",
            "transfer",
            "king swap",
            "named by the move",
        ],
    );
}

fn chess_special(m: &chess::Move) -> Option<&'static str> {
    use chess::MoveKind;
    Some(match m.kind {
        MoveKind::EnPassant => "en passant",
        MoveKind::Castle(_) => "castling",
        MoveKind::Promotion(_) if m.capture.is_some() => "capture-promotion",
        MoveKind::Promotion(_) => "promotion",
        MoveKind::Normal | MoveKind::DoubleStep if m.capture.is_some() => "capture",
        MoveKind::Normal | MoveKind::DoubleStep => return None,
    })
}

#[test]
fn chess_incremental_equals_refresh() {
    let fen = |f: &str| chess::Position::from_fen_with_rules(f, Default::default()).expect(f);
    let starts = [
        chess::Position::new(),
        fen("r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1"),
        fen("r3k2r/pppq1ppp/8/8/3Pp3/8/PPP1QPPP/R3K2R b KQkq d3 0 1"),
    ];
    let kinds = walk(&starts, 80, 8, chess_special);
    assert_exercised(
        &kinds,
        &[
            "capture",
            "promotion",
            "capture-promotion",
            "en passant",
            "castling",
            "named by the move",
        ],
    );
}

fn makruk_special(m: &makruk::Move) -> Option<&'static str> {
    Some(
        match (m.kind == makruk::MoveKind::Promotion, m.capture.is_some()) {
            (true, _) => "promotion",
            (false, true) => "capture",
            (false, false) => return None,
        },
    )
}

#[test]
fn makruk_incremental_equals_refresh() {
    let fen = |f: &str| makruk::Position::from_fen_with_rules(f, Default::default()).expect(f);
    let starts = [
        makruk::Position::new(),
        fen("3k4/8/8/2P1P3/3p1p2/8/8/4K3 w - - 0 1"),
    ];
    let kinds = walk(&starts, 80, 8, makruk_special);
    assert_exercised(&kinds, &["capture", "promotion", "named by the move"]);
}

/// `MAX_MEN` is the start position's count of men.
#[test]
fn max_men_is_the_start_count() {
    assert_eq!(
        tamerlane::Position::new().men(),
        tamerlane::Position::MAX_MEN
    );
    assert_eq!(chess::Position::new().men(), chess::Position::MAX_MEN);
    assert_eq!(makruk::Position::new().men(), makruk::Position::MAX_MEN);
}
