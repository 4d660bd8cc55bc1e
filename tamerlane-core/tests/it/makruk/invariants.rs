//! Invariants over random playouts: the legal moves against a brute-force
//! oracle (every pattern move played and the King tested by scanning the
//! board), the bulk count, the early stop, tactical moves, the incremental
//! hash, the null move, and the colour-swapped mirror.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use tamerlane_core::board8::Square;
use tamerlane_core::makruk::{perft, Move, MoveKind, Position, Role};
use tamerlane_core::Color;

use super::{playout, STARTS};

/// The squares `(df, dr)` steps away from `sq`, for steps or slides.
fn reach(p: &Position, sq: Square, steps: &[(i32, i32)], slide: bool) -> Vec<Square> {
    let mut out = Vec::new();
    for &(df, dr) in steps {
        let mut cur = sq.offset(df, dr);
        while let Some(s) = cur {
            out.push(s);
            if !slide || p.board().piece_at(s).is_some() {
                break;
            }
            cur = s.offset(df, dr);
        }
    }
    out
}

const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const ORTHOGONALS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The squares the piece on `sq` attacks, from the seed's descriptions.
fn attacked_from(p: &Position, sq: Square) -> Vec<Square> {
    let piece = p.board().piece_at(sq).unwrap();
    let fwd = if piece.color == Color::White { 1 } else { -1 };
    match piece.role {
        Role::Pawn => reach(p, sq, &[(1, fwd), (-1, fwd)], false),
        Role::Met => reach(p, sq, &DIAGONALS, false),
        Role::Khon => {
            let mut v = reach(p, sq, &DIAGONALS, false);
            v.extend(reach(p, sq, &[(0, fwd)], false));
            v
        }
        Role::Knight => reach(p, sq, &KNIGHT, false),
        Role::Rook => reach(p, sq, &ORTHOGONALS, true),
        Role::King => reach(p, sq, &[DIAGONALS, ORTHOGONALS].concat(), false),
    }
}

/// Whether `color`'s King is attacked, by scanning every enemy piece.
fn king_attacked(p: &Position, color: Color) -> bool {
    let king = p
        .board()
        .pieces()
        .find(|(_, pc)| pc.color == color && pc.role == Role::King)
        .unwrap()
        .0;
    p.board()
        .pieces()
        .filter(|(_, pc)| pc.color != color)
        .any(|(sq, _)| attacked_from(p, sq).contains(&king))
}

/// The legal moves by brute force: each pattern move of each piece,
/// played on a copy, kept if the mover's King is then not attacked.
fn oracle(p: &Position) -> BTreeSet<String> {
    let us = p.turn();
    let mut out = BTreeSet::new();
    for (from, piece) in p.board().pieces().filter(|(_, pc)| pc.color == us) {
        let mut targets: Vec<Square> = attacked_from(p, from)
            .into_iter()
            .filter(|&t| match p.board().piece_at(t) {
                None => piece.role != Role::Pawn,
                Some(o) => o.color != us,
            })
            .collect();
        if piece.role == Role::Pawn {
            let fwd = if us == Color::White { 1 } else { -1 };
            if let Some(t) = from
                .offset(0, fwd)
                .filter(|&t| p.board().piece_at(t).is_none())
            {
                targets.push(t);
            }
        }
        for to in targets {
            let kind = if piece.role == Role::Pawn && to.relative_rank(us) == 5 {
                MoveKind::Promotion
            } else {
                MoveKind::Normal
            };
            let m = Move {
                from,
                to,
                role: piece.role,
                capture: p.board().piece_at(to).map(|o| o.role),
                kind,
            };
            let mut after = p.clone();
            after.play_unchecked(&m);
            if !king_attacked(&after, us) {
                out.insert(m.to_string());
            }
        }
    }
    out
}

#[test]
fn legal_moves_and_their_invariants_over_playouts() {
    let mut checked = 0;
    for (i, start) in STARTS.iter().enumerate() {
        for seed in 0..4 {
            playout(start, "", 1000 * i as u64 + seed, 80, |p| {
                check(p);
                checked += 1;
            });
        }
    }
    assert!(checked > 1000, "only {checked} positions");
}

fn check(p: &Position) {
    let fen = p.to_fen();
    let legal = p.legal_moves();
    let ours: BTreeSet<String> = legal.iter().map(|m| m.to_string()).collect();
    assert_eq!(ours.len(), legal.len(), "{fen}: a move generated twice");
    assert_eq!(ours, oracle(p), "{fen}");
    assert_eq!(p.count_legal(), legal.len(), "{fen}");
    assert_eq!(p.has_legal_moves(), !legal.is_empty(), "{fen}");
    assert!(legal.iter().all(|m| p.is_legal(m)), "{fen}");
    assert_eq!(p.is_check(), king_attacked(p, p.turn()), "{fen}");
    // Tactical moves: exactly the captures and promotions.
    let tactical: BTreeSet<String> = p.tactical_moves().iter().map(|m| m.to_string()).collect();
    let expected: BTreeSet<String> = legal
        .iter()
        .filter(|m| m.is_capture() || m.kind == MoveKind::Promotion)
        .map(|m| m.to_string())
        .collect();
    assert_eq!(tactical, expected, "{fen}");
    // The generator stops when asked: one call only.
    let mut calls = 0;
    let stopped = p.for_each_legal(|_, _| {
        calls += 1;
        ControlFlow::Break(())
    });
    assert_eq!(
        (stopped.is_break(), calls),
        (!legal.is_empty(), usize::from(!legal.is_empty()))
    );
    // The hash kept up to date equals the hash from scratch.
    assert_eq!(p.hash(), p.compute_hash(), "{fen}");
    for m in legal.iter() {
        let mut after = p.clone();
        after.play_unchecked(m);
        assert_eq!(after.hash(), after.compute_hash(), "{fen} {m}");
        assert_ne!(after.hash(), p.hash(), "{fen} {m}");
        // `gives_check`, found without playing, against the board scan.
        let check = king_attacked(&after, after.turn());
        assert_eq!(p.gives_check(m), check, "{fen} {m}: gives_check");
    }
    // The null move changes only the side to move (and the clocks).
    let null = p.null_move();
    assert_eq!(null.turn(), !p.turn());
    assert_eq!(null.null_move().hash(), p.hash());
    assert_eq!(null.hash(), null.compute_hash());
    // The mirror: same moves (mirrored), same outcome for the other side.
    let mirror = p.mirror();
    assert_eq!(mirror.mirror(), *p, "{fen}");
    assert_eq!(mirror.turn(), !p.turn());
    assert_eq!(mirror.count(), p.count());
    assert_eq!(mirror.count_legal(), legal.len(), "{fen}");
    let flip = |o: tamerlane_core::makruk::Outcome| (o.winner.map(|c| !c), o.termination);
    assert_eq!(
        mirror.outcome().map(|o| (o.winner, o.termination)),
        p.outcome().map(flip),
        "{fen}"
    );
}

/// `gives_check` over the playouts meets every way of giving check: by
/// the moved piece, by a Rook's line the move opens, and by a Bia
/// promoted on its arrival (each counted by the board scan of the
/// position after the move, which `check` compares it with).
#[test]
fn gives_check_meets_direct_discovered_and_promotion_checks() {
    let (mut direct, mut discovered, mut promoted) = (0, 0, 0);
    for (i, start) in STARTS.iter().enumerate() {
        for seed in 0..4 {
            playout(start, "", 1000 * i as u64 + seed, 80, |p| {
                for m in p.legal_moves().iter() {
                    let mut after = p.clone();
                    after.play_unchecked(m);
                    if !king_attacked(&after, after.turn()) {
                        continue;
                    }
                    assert!(p.gives_check(m), "{} {m}", p.to_fen());
                    let checkers = after.checkers();
                    if checkers.contains(m.to) {
                        direct += 1;
                        if m.kind == MoveKind::Promotion {
                            promoted += 1;
                        }
                    }
                    if checkers.without(m.to).any() {
                        discovered += 1;
                    }
                }
            });
        }
    }
    assert!(
        direct > 100 && discovered > 0 && promoted > 0,
        "direct {direct}, discovered {discovered}, by promotion {promoted}"
    );
}

#[test]
fn mirrored_positions_have_equal_perft() {
    for start in STARTS {
        let p = Position::from_fen(start).unwrap();
        assert_eq!(perft(&p.mirror(), 3), perft(&p, 3), "{start}");
    }
}

#[test]
fn hash_identifies_placement_and_turn_only() {
    // The same placement reached by two move orders: same hash.
    let mut a = Position::new();
    let mut b = Position::new();
    for m in ["b1d2", "b8d7", "g1e2"] {
        a.play_str(m).unwrap();
    }
    for m in ["g1e2", "b8d7", "b1d2"] {
        b.play_str(m).unwrap();
    }
    assert_eq!(a.hash(), b.hash());
    assert!(a.same_position(&b));
    // The count and the clocks are not part of it.
    let with_count = Position::from_fen("7k/8/8/8/8/8/4K3/RR6 b - 16 8 1").unwrap();
    let without = Position::from_fen("7k/8/8/8/8/8/4K3/RR6 b - - 0 1").unwrap();
    assert_eq!(with_count.hash(), without.hash());
    assert!(with_count.same_position(&without));
    assert_ne!(with_count, without);
}
