//! The evaluation of FIDE chess, in centipawns from the side to move's
//! point of view.
//!
//! A small hand-set evaluation, the yardstick's starting point rather than
//! a tuned one: material; centralisation of knights and bishops; pawn
//! advancement, more for passed pawns; rook, bishop and queen mobility;
//! the bishop pair; the king sheltered on its first ranks while queens or
//! much material remain, central in the endgame; and a mop-up term that
//! drives a lone king to the edge.

use tamerlane_core::board8::{attacks, Bitboard, Square};
use tamerlane_core::chess::{Position, Role};
use tamerlane_core::Color;

use super::board8::{centrality, distance, material, mop_up};
use super::{toward, EvalKind, MATE_BOUND};
use crate::Features;

/// The material value of a role in centipawns (the King 0).
pub const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 950,
        Role::King => 0,
    }
}

/// The value used for move ordering (MVV-LVA): a King counts as a piece.
pub(crate) const fn order_value(role: Role) -> i32 {
    match role {
        Role::King => 1000,
        r => value(r),
    }
}

/// The squares in front of a pawn of `c` on `sq`, on its file and the two
/// next to it: no enemy pawn there means a passed pawn.
fn front_span(c: Color, sq: Square) -> Bitboard {
    let mut files = Bitboard::file(sq.file());
    if sq.file() > 0 {
        files |= Bitboard::file(sq.file() - 1);
    }
    if sq.file() < 7 {
        files |= Bitboard::file(sq.file() + 1);
    }
    // The ranks beyond the pawn's, toward the enemy (rank r holds the
    // bits 8r to 8r + 7).
    let ahead = match c {
        Color::White => Bitboard((!0u64).checked_shl(8 * (sq.rank() + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * sq.rank())) - 1),
    };
    files & ahead
}

/// Evaluates `pos` for the side to move; `draw` is the score of a draw
/// for the side to move (0, or with contempt the search's draw score),
/// which the rule fade ([`rule_fade`]) aims at.
pub fn evaluate(pos: &Position, kind: EvalKind, draw: i32) -> i32 {
    let us = pos.turn();
    let b = pos.board();
    let mat = Color::ALL.map(|c| material(&Role::ALL, b.by_color(c), |r| b.by_role(r), value));
    if kind == EvalKind::Material {
        return mat[us.index()] - mat[(!us).index()];
    }
    let occ = b.occupied();
    let queens = b.by_role(Role::Queen).any();
    let endgame = !queens || mat[0] + mat[1] < 2600;
    let mut s = [0i32; 2];
    for c in Color::ALL {
        let own = b.by_color(c);
        let enemy_pawns = b.by_role(Role::Pawn) & b.by_color(!c);
        let mut score = mat[c.index()];
        for sq in b.by_role(Role::Pawn) & own {
            let adv = sq.relative_rank(c) as i32 - 1;
            let central = i32::from((2..=5).contains(&sq.file()));
            score += adv * (2 + 2 * central);
            if (front_span(c, sq) & enemy_pawns).is_empty() {
                score += 8 * adv * adv + 10;
            }
        }
        for sq in b.by_role(Role::Knight) & own {
            score += 8 * centrality(sq) - 6;
        }
        for sq in b.by_role(Role::Bishop) & own {
            score += 4 * centrality(sq) + 3 * (attacks::bishop(sq, occ) - own).count() as i32;
        }
        if (b.by_role(Role::Bishop) & own).more_than_one() {
            score += 30;
        }
        for sq in b.by_role(Role::Rook) & own {
            score += 2 * (attacks::rook(sq, occ) - own).count() as i32;
            let file = Bitboard::file(sq.file());
            if (file & b.by_role(Role::Pawn) & own).is_empty() {
                score += 12;
            }
        }
        for sq in b.by_role(Role::Queen) & own {
            score += (attacks::queen(sq, occ) - own).count() as i32;
        }
        if let Some(k) = b.king_of(c) {
            if endgame {
                score += 6 * centrality(k);
            } else {
                let back = k.relative_rank(c) as i32;
                score -= 15 * back.min(3);
                let shield = attacks::king(k) & b.by_role(Role::Pawn) & own;
                score += 8 * shield.count().min(3) as i32;
            }
        }
        s[c.index()] = score;
    }
    // Mop-up: drive a lone king (or nearly) to the edge and come closer.
    mop_up(
        &mut s,
        mat,
        (300, 400),
        |c| b.king_of(c),
        |k, ours| 10 * (3 - centrality(k)) + 4 * (7 - distance(k, ours)),
    );
    rule_fade(pos, s[us.index()] - s[(!us).index()] + 10, draw)
}

/// A network's score `raw` of `pos` (for the side to move) as the search
/// uses it: the rule fade toward `draw`, the score of a draw for the side
/// to move ([`rule_fade`]); no feature changes it in chess.
pub fn scale_net(pos: &Position, raw: i32, draw: i32, _features: &Features) -> i32 {
    rule_fade(pos, raw, draw)
}

/// The rule draws' part of the evaluation, applied to a raw score `eval`
/// for the side to move (the hand-made one's, or a network's): the
/// 50-move rule fades it toward `draw`, the score of a draw for the side
/// to move, as the clock runs, half-way at 100 plies; kept below the mate
/// scores.
pub fn rule_fade(pos: &Position, eval: i32, draw: i32) -> i32 {
    let hm = i64::from(pos.halfmoves().min(100));
    toward(eval, draw, 200 - hm, 200).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced_and_mirror_symmetric() {
        let start = Position::new();
        assert_eq!(evaluate(&start, EvalKind::Full, 0), 10, "only the tempo");
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "8/5k2/8/3P4/8/8/2K5/8 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(
                evaluate(&pos, EvalKind::Full, 0),
                evaluate(&pos.mirror(), EvalKind::Full, 0),
                "{fen}"
            );
        }
    }

    #[test]
    fn front_spans_by_hand() {
        let sq = |i| Square::new(i).unwrap();
        // e2 (12) for White: files d-f, ranks 3 to 8.
        assert_eq!(front_span(Color::White, sq(12)).count(), 18);
        assert!(front_span(Color::White, sq(12)).contains(sq(59))); // d8
        assert!(front_span(Color::White, sq(12)).contains(sq(20))); // e3
        assert!(!front_span(Color::White, sq(12)).contains(sq(12))); // e2 itself
                                                                     // e7 (52) for Black: files d-f, ranks 1 to 6.
        assert_eq!(front_span(Color::Black, sq(52)).count(), 18);
        // a pawn on the last rank has nothing in front; on the a-file two files.
        assert!(front_span(Color::White, sq(63)).is_empty());
        assert!(front_span(Color::Black, sq(0)).is_empty());
        assert_eq!(front_span(Color::White, sq(8)).count(), 12); // a2: a, b x 6
    }

    #[test]
    fn material_counts_and_passed_pawns_help() {
        // White is a rook up: the material evaluation says 500.
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(evaluate(&pos, EvalKind::Material, 0), 500);
        assert!(evaluate(&pos, EvalKind::Full, 0) > 450);
        // A passed pawn on the seventh is worth more than one on the second.
        let far = Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let near = Position::from_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1").unwrap();
        assert!(evaluate(&far, EvalKind::Full, 0) > evaluate(&near, EvalKind::Full, 0) + 100);
    }

    /// Counted by hand: 50 plies of the 50-move clock leave three
    /// quarters of the way from the draw score to the raw score, 100
    /// plies half.
    #[test]
    fn the_fifty_move_clock_fades_the_score_toward_the_draw_score() {
        let at =
            |hm: u32| Position::from_fen(&format!("4k3/8/8/8/8/8/8/R3K3 w - - {hm} 80")).unwrap();
        assert_eq!(rule_fade(&at(0), 400, -30), 400);
        assert_eq!(rule_fade(&at(50), 400, 0), 300);
        // With contempt (a draw worth -30 to the side to move): -30 + 430 * 3 / 4.
        assert_eq!(rule_fade(&at(50), 400, -30), 292);
        assert_eq!(rule_fade(&at(100), 400, -30), 185);
        assert_eq!(rule_fade(&at(100), -400, 30), -185);
    }
}
