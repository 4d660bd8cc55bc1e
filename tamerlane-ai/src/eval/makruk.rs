//! The evaluation of Makruk, in centipawns from the side to move's point
//! of view.
//!
//! A small hand-set evaluation: material; centralisation of the short
//! movers (Ma, Khon, Met); Bia advancement toward the sixth rank, where
//! it becomes a Met; Ruea mobility; a central King once the board has
//! emptied; a mop-up term that drives a lone King to a corner; and, while
//! a count runs, a score that fades toward the draw as the count nears its
//! limit (the counting rules end the game there).

use tamerlane_core::board8::attacks;
use tamerlane_core::makruk::{Position, Role};
use tamerlane_core::Color;

use super::board8::{centrality, corner_distance, distance, material, mop_up};
use super::{makruk_bare_king, toward, EvalKind, MATE_BOUND};
use crate::Features;

/// The material value of a role in centipawns (the King 0).
pub const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Met => 190,
        Role::Khon => 260,
        Role::Knight => 310,
        Role::Rook => 500,
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
    let endgame = (b.by_role(Role::Rook)).count() <= 1 || mat[0] + mat[1] < 1800;
    let mut s = [0i32; 2];
    for c in Color::ALL {
        let own = b.by_color(c);
        let mut score = mat[c.index()];
        for sq in b.by_role(Role::Pawn) & own {
            // Bia start on the third rank and become Mets on the sixth.
            let adv = (sq.relative_rank(c) as i32 - 2).max(0);
            score += 6 * adv * adv;
        }
        for sq in (b.by_role(Role::Knight) | b.by_role(Role::Khon) | b.by_role(Role::Met)) & own {
            score += 6 * centrality(sq);
        }
        for sq in b.by_role(Role::Rook) & own {
            score += 2 * (attacks::rook(sq, occ) - own).count() as i32;
        }
        if endgame {
            if let Some(k) = b.king(c) {
                score += 5 * centrality(k);
            }
        }
        s[c.index()] = score;
    }
    // Mop-up: mates in Makruk's endings are made in a corner.
    mop_up(
        &mut s,
        mat,
        (250, 300),
        |c| b.king(c),
        |k, ours| 20 * (3 - corner_distance(k)) + 6 * (7 - distance(k, ours)),
    );
    rule_fade(pos, s[us.index()] - s[(!us).index()] + 10, draw)
}

/// A network's score `raw` of `pos` (for the side to move) as the search
/// uses it: with `features.endings`, a King and two of Met and Ma (with
/// `features.bia_endings` too, one of them and a Bia) against a bare King
/// is scored by its exact result ([`makruk_bare_king`]: a known win less
/// the plies to mate, or `draw`); otherwise the rule fade toward `draw`,
/// the score of a draw for the side to move ([`rule_fade`]).
pub fn scale_net(pos: &Position, raw: i32, draw: i32, features: &Features) -> i32 {
    if features.endings {
        if let Some(verdict) = makruk_bare_king::probe(pos, features.bia_endings) {
            return makruk_bare_king::score(verdict, draw);
        }
    }
    rule_fade(pos, raw, draw)
}

/// The rule draws' part of the evaluation, applied to a raw score `eval`
/// for the side to move (the hand-made one's, or a network's): while a
/// count runs, the closer to its limit, the closer to `draw`, the score of
/// a draw for the side to move (half-way at the limit); kept below the
/// mate scores.
pub fn rule_fade(pos: &Position, eval: i32, draw: i32) -> i32 {
    let mut eval = eval;
    if let Some(count) = pos.count() {
        let limit = i64::from(count.limit_plies().max(1));
        let used = i64::from(count.ply()).min(limit);
        eval = toward(eval, draw, 2 * limit - used, 2 * limit);
    }
    eval.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced_and_mirror_symmetric() {
        let start = Position::new();
        assert_eq!(evaluate(&start, EvalKind::Full, 0), 10, "only the tempo");
        let pos =
            Position::from_fen("rnsmksnr/8/1ppppppp/p7/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 2").unwrap();
        assert_eq!(
            evaluate(&pos, EvalKind::Full, 0),
            evaluate(&pos.mirror(), EvalKind::Full, 0)
        );
    }

    #[test]
    fn endings_switches_the_exact_score_for_the_nets() {
        // A Ma and a Met mate at once (makruk_bare_king's hand-found mate).
        let won = Position::from_fen("7k/7M/6K1/4N3/8/8/8/8 w - - 0 1").unwrap();
        // A Ma and a Met that cannot force mate: the bare King in the
        // middle of the board (a draw for the study solver,
        // docs/experiments/makruk_bare_king_solver.rs).
        let drawn = Position::from_fen("8/8/8/3k4/8/8/8/KNM5 w - - 0 1").unwrap();
        let mut features = Features::DEFAULT;
        assert!(features.endings);
        assert_eq!(
            scale_net(&won, 123, 0, &features),
            makruk_bare_king::KNOWN_WIN - 1
        );
        assert_eq!(scale_net(&drawn, 123, -7, &features), -7);
        // A Met and a Bia that cannot force mate (a game drawn at the cap
        // against Fairy-Stockfish): the table's draw with `biaendings`,
        // the net's score without.
        let drawn_bia = Position::from_fen("8/8/8/8/K3m2p/4k3/8/8 w - - 0 57").unwrap();
        assert!(!features.bia_endings, "off by default");
        assert_eq!(scale_net(&drawn_bia, 123, -7, &features), 123);
        features.bia_endings = true;
        assert_eq!(scale_net(&drawn_bia, 123, -7, &features), -7);
        assert_eq!(scale_net(&drawn, 123, -7, &features), -7);
        // `biaendings` is a part of `endings`: nothing without it.
        features.endings = false;
        assert_eq!(scale_net(&won, 123, 0, &features), 123);
        assert_eq!(scale_net(&drawn, 123, -7, &features), 123);
        assert_eq!(scale_net(&drawn_bia, 123, -7, &features), 123);
    }

    #[test]
    fn material_counts() {
        // White has a Ruea more: the material evaluation says 500.
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(evaluate(&pos, EvalKind::Material, 0), 500);
        assert!(evaluate(&pos, EvalKind::Full, 0) > 300);
    }

    /// Counted by hand: a count of 16 plies with 8 used leaves three
    /// quarters of the way from the draw score to the raw score; at the
    /// limit, half.
    #[test]
    fn a_running_count_fades_the_score_toward_the_draw_score() {
        let pos = Position::from_fen("8/8/8/4k3/8/8/R7/4K2R w - 16 8 9").unwrap();
        assert_eq!(rule_fade(&pos, 400, 0), 300);
        assert_eq!(rule_fade(&pos, -400, 0), -300);
        // With contempt (a draw worth -30 to the side to move): -30 + 430 * 3 / 4.
        assert_eq!(rule_fade(&pos, 400, -30), 292);
        let limit = Position::from_fen("8/8/8/4k3/8/8/R7/4K2R w - 16 16 9").unwrap();
        assert_eq!(rule_fade(&limit, 400, -30), 185);
        // No count: the score as it is.
        let free = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(rule_fade(&free, 400, -30), 400);
    }
}
