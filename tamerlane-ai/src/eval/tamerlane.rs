//! The evaluation of Tamerlane chess, in centipawns from the side to move's
//! point of view.
//!
//! # Piece values
//! Texel-tuned on self-play positions (`examples/texel.rs`): 105,703 quiet
//! positions from 1,400 games of the engine against variants of itself at
//! 5,000 nodes per move, each labelled with its game's result; the values
//! minimise the squared error between the results and a logistic curve of
//! the evaluation (pawn fixed at 100, King at 0). The starting point was
//! each piece's average number of moves on the empty 11x10 board (see
//! `mobility_table` in the tests), scaled to pawn = 100. Tuning made the
//! short-range leapers (ferz, vizier, elephant, dabbaba) worth less than a
//! pawn, which can promote, and the long riders (rook, giraffe) worth much
//! more. In a 200-game match at 5,000 nodes per move the tuned values
//! beat the hand-set ones clearly; the figures are in `docs/experiments/LOG.md` ("How the piece values were chosen: Texel tuning on self-play positions").
//! Royals besides the single King are worth a piece: each one is
//! insurance, as with two royals one may be lost without losing the game.
//!
//! # Terms
//! material, centralisation (a small piece-square term), rider mobility,
//! pawn advancement, the pawn-of-pawns stage, royal safety (shelter and
//! nearby enemies for a side with a single royal), and the citadel rule: a
//! side that is behind and whose top royal is close to the enemy citadel
//! can draw by entering it, so the score is pulled toward zero.

use super::{toward, EvalKind, MATE_BOUND};
use crate::eval::Perspective;
use tamerlane_core::tamerlane::Position;
use tamerlane_core::{attacks, Bitboard, ByColor, Color, Move, MoveKind, Role, Square};

/// The material value of a role in centipawns. The King is 0 (it is
/// always present unless captured, and then the other royals carry on);
/// the other royals are worth a piece.
pub const fn value(role: Role) -> i32 {
    match role {
        Role::King => 0,
        Role::Prince | Role::AdventitiousKing => 350,
        Role::Ferz => 60,
        Role::Vizier => 75,
        Role::Elephant => 65,
        Role::Dabbaba => 85,
        Role::Camel => 215,
        Role::Knight => 275,
        Role::Talia => 225,
        Role::Giraffe => 590,
        Role::Rook => 930,
        Role::PawnOfPawns => 50,
        Role::PawnOfKings => 80,
        _ => 100,
    }
}

/// The value used for move ordering (MVV-LVA): a King counts as a piece.
pub(crate) const fn order_value(role: Role) -> i32 {
    match role {
        Role::King => 600,
        r => value(r),
    }
}

/// Square-indexed tables of the evaluation, computed at compile time.
struct Tables {
    /// The squares within two steps (Chebyshev distance 2) of a square.
    zone2: [Bitboard; 112],
    /// `centre_levels[k - 1]`: the squares whose centralisation bonus is
    /// at least `k` (1 to 9). The bonus is 0 on the edge and the citadels,
    /// up to 9 in the centre; the bonus of a set of squares is then a sum
    /// of popcounts.
    centre_levels: [Bitboard; 9],
    /// `advance_ranks[colour][a]`: the squares where a pawn of that colour
    /// has gone `a` ranks past its second rank (1 to 7, capped; its bonus
    /// is `a * a`).
    advance_ranks: [[Bitboard; 8]; 2],
}

const fn build_tables() -> Tables {
    let mut t = Tables {
        zone2: [Bitboard::EMPTY; 112],
        centre_levels: [Bitboard::EMPTY; 9],
        advance_ranks: [[Bitboard::EMPTY; 8]; 2],
    };
    let mut i = 0;
    while i < 112 {
        let sq = match Square::new(i as u32) {
            Some(sq) => sq,
            None => panic!("112 squares"),
        };
        let (x, y) = sq.coords();
        let mut zone = 0u128;
        let mut dx = -2;
        while dx <= 2 {
            let mut dy = -2;
            while dy <= 2 {
                if let Some(s) = Square::from_xy(x + dx, y + dy) {
                    zone |= 1 << s.index();
                }
                dy += 1;
            }
            dx += 1;
        }
        t.zone2[i] = Bitboard(zone);
        if !sq.is_citadel() {
            let white = clamp07(y - 2);
            let black = clamp07(7 - y);
            t.advance_ranks[0][white as usize].0 |= 1 << i;
            t.advance_ranks[1][black as usize].0 |= 1 << i;
            let mut k = 1;
            while k <= centre_bonus(x, y) {
                t.centre_levels[k as usize - 1].0 |= 1 << i;
                k += 1;
            }
        }
        i += 1;
    }
    t
}

const fn clamp07(v: i32) -> i32 {
    if v < 0 {
        0
    } else if v > 7 {
        7
    } else {
        v
    }
}

const fn centre_bonus(x: i32, y: i32) -> i32 {
    // 0 at the edge/corner, up to 9 in the centre.
    let fx = 5 - (x - 5).abs();
    let fy = (9 - (2 * y - 9).abs()) / 2;
    let fx = if fx < 0 { 0 } else { fx };
    let fy = if fy < 0 {
        0
    } else if fy > 4 {
        4
    } else {
        fy
    };
    fx + fy
}

static TABLES: Tables = build_tables();

/// Chebyshev distance between two squares (citadels included).
pub(crate) fn distance(a: Square, b: Square) -> i32 {
    let (ax, ay) = a.coords();
    let (bx, by) = b.coords();
    (ax - bx).abs().max((ay - by).abs())
}

/// The square of the royal of `c` that may enter the enemy citadel under
/// the position's rules ([`Position::citadel_runner`]), if any.
fn runner_square(pos: &Position, c: Color) -> Option<Square> {
    let role = pos.citadel_runner(c)?;
    (pos.board().by_role(role) & pos.board().by_color(c)).first()
}

/// The citadel's pull by the runner's steps into the enemy citadel (one
/// less when it is to move; at most 0 counts as 0, 7 or more as none):
/// the score of the losing side is moved toward the draw to `num / den`
/// of its distance from it.
pub const CITADEL_PULL: [(i32, i32); 8] = [
    (1, 8),
    (3, 8),
    (1, 2),
    (5, 8),
    (3, 4),
    (7, 8),
    (15, 16),
    (1, 1),
];

/// The index into [`CITADEL_PULL`] of the losing side `l`: how far the
/// citadel rule pulls its score toward the draw, by an escape race. The runner (the
/// royal that may enter the enemy citadel) needs some king steps to get
/// in, one less when it is to move; the fewer steps, the nearer the score
/// to 0: the winner keeps the runner away and holds the door, the loser
/// runs. The steps are counted one of two ways:
/// - the **race** ([`race_steps`]): the King distance to the citadel,
///   plus one while the winner holds two of the three door squares (the
///   squares next to the citadel) and two while it holds all three or the
///   citadel is occupied;
/// - with `walk`, the **walk** ([`escape_walk`]): a way over the squares
///   the winner does not attack as the board stands, to a door square and
///   in; a rook that cuts the runner off or men that hold the door make
///   it longer, or shut it, and then there is no pull.
///
/// The walk is never shorter than the race. With the `ownwalk` feature
/// (off by default) the search counts its own runner by the walk and the
/// opponent's by the race, so as neither to run for a way in that is shut
/// nor to let the other side's runner near; otherwise both race.
fn citadel_steps(pos: &Position, l: Color, walk: bool) -> usize {
    const NONE: usize = CITADEL_PULL.len() - 1;
    let Some(runner) = runner_square(pos, l) else {
        return NONE;
    };
    let citadel = Square::citadel(!l);
    if distance(runner, citadel) > 7 {
        return NONE;
    }
    let steps = if walk {
        if pos.board().occupied().contains(citadel) {
            return NONE;
        }
        match escape_walk(pos, !l, runner, citadel, 7) {
            Some(steps) => steps,
            None => return NONE,
        }
    } else {
        race_steps(pos, !l, runner, citadel)
    };
    let steps = if pos.turn() == l { steps - 1 } else { steps };
    steps.clamp(0, NONE as i32) as usize
}

/// The race's count of the steps the royal on `runner` needs into the
/// citadel of `winner`: its King distance, plus one while `winner`
/// holds (occupies or attacks) two of the three door squares, two while it
/// holds all three or the citadel is occupied.
fn race_steps(pos: &Position, winner: Color, runner: Square, citadel: Square) -> i32 {
    let b = pos.board();
    let open = attacks::royal(citadel)
        .squares()
        .filter(|&sq| !b.by_color(winner).contains(sq) && !pos.is_attacked(sq, winner))
        .count();
    distance(runner, citadel)
        + match open {
            _ if b.occupied().contains(citadel) => 2,
            0 => 2,
            1 => 1,
            _ => 0,
        }
}

/// The king steps the royal on `runner` needs to enter the empty
/// `citadel` of `winner`, walking only over ordinary squares `winner`
/// does not attack as the board stands (its attacks through the board
/// without the runner; its men that nothing defends are squares the runner
/// may take), or `None` if it needs more than `max`.
fn escape_walk(
    pos: &Position,
    winner: Color,
    runner: Square,
    citadel: Square,
    max: i32,
) -> Option<i32> {
    let b = pos.board();
    let occ = b.occupied().without(runner);
    let mut attacked = Bitboard::EMPTY;
    for sq in b.by_color(winner) {
        if let Some(role) = b.role_at(sq) {
            attacked |= attacks::attacks(winner, role, sq, occ);
        }
    }
    let safe = Bitboard::ORDINARY - attacked;
    let door = attacks::royal(citadel) & safe;
    let mut reach = Bitboard::from_square(runner);
    let mut frontier = reach;
    let mut steps = 1;
    while (reach & door).is_empty() {
        if steps >= max || frontier.is_empty() {
            return None;
        }
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= attacks::royal(sq);
        }
        frontier = (next & safe) - reach;
        reach |= frontier;
        steps += 1;
    }
    Some(steps)
}

/// The non-pawn roles (the first twelve of `Role::ALL`), for material
/// counting by bitboards.
const PIECE_ROLES: &[Role] = Role::ALL.split_at(12).0;

/// Each side's material. A search keeps it up to date move by move with
/// `material_after` instead.
pub fn material(pos: &Position) -> ByColor<i32> {
    let b = pos.board();
    ByColor::new_with(|c| {
        let own = b.by_color(c);
        let mut v = 0;
        for &r in PIECE_ROLES {
            v += (b.by_role(r) & own).count() as i32 * value(r);
        }
        let pawns = b.pawns() & own;
        v += pawns.count() as i32 * value(Role::PawnOfRooks);
        // The pawn of kings and the pawn of pawns are worth a little more;
        // look only at the pawns' squares.
        for sq in pawns {
            if let Some(r @ (Role::PawnOfKings | Role::PawnOfPawns)) = b.role_at(sq) {
                v += value(r) - value(Role::PawnOfRooks);
            }
        }
        v
    })
}

/// The material of both sides after `us` plays `m`, from the material
/// before it: a capture removes the captured piece, a promotion turns the
/// pawn into its new role. No other move changes material.
#[inline]
pub(crate) fn material_after(before: ByColor<i32>, m: &Move, us: Color) -> ByColor<i32> {
    let mut after = before;
    if let Some(captured) = m.capture {
        after[!us] -= value(captured);
    }
    if let MoveKind::Promotion(role) = m.kind {
        after[us] += value(role) - value(m.role);
    }
    after
}

/// Evaluates `pos` for the side to move.
pub fn evaluate(pos: &Position, kind: EvalKind) -> i32 {
    evaluate_with_material(pos, kind, material(pos), Perspective::NEUTRAL)
}

/// The evaluation's positional terms besides material, each counted per
/// side and weighted by [`WEIGHTS`]. One function computes them
/// ([`positional_terms`]); the search adds the weighted counts, the tuner
/// reads the counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Term {
    /// Pawn advancement: `a * a` for a pawn `a` ranks past its second
    /// rank (capped at 7).
    PawnAdvance,
    /// Centralisation of officers: their centre levels (0 at the edge, up
    /// to 9 in the centre).
    Centre,
    /// Squares a rook attacks (not own men).
    RookMobility,
    /// Squares a talia attacks.
    TaliaMobility,
    /// Squares a giraffe attacks.
    GiraffeMobility,
    /// The pawn of pawns waiting for a placement (stage 1).
    PawnOfPawnsWaiting,
    /// The pawn of pawns at stage 2.
    PawnOfPawnsStage2,
    /// Own men next to a single royal (at most 4), while material remains.
    Shelter,
    /// `n * min(n, 3)` for `n` enemy men within two squares of a single
    /// royal, while material remains (a penalty: its weight is negative).
    RoyalAttackers,
    /// Royals beyond the first.
    ExtraRoyal,
    /// Mop-up, for the side well ahead against a side with few men: the
    /// lone royal's squares taken (8 minus its free squares).
    MopUpSquares,
    /// Mop-up: the lone royal near an edge (4 minus its distance).
    MopUpEdge,
    /// Mop-up: the lone royal far from the citadel it could escape to
    /// (distance, at most 6).
    MopUpEscape,
    /// Mop-up: own pieces near the lone royal (at most 40).
    MopUpNear,
}

impl Term {
    /// Every term, in the order of [`WEIGHTS`].
    pub const ALL: [Term; 14] = [
        Term::PawnAdvance,
        Term::Centre,
        Term::RookMobility,
        Term::TaliaMobility,
        Term::GiraffeMobility,
        Term::PawnOfPawnsWaiting,
        Term::PawnOfPawnsStage2,
        Term::Shelter,
        Term::RoyalAttackers,
        Term::ExtraRoyal,
        Term::MopUpSquares,
        Term::MopUpEdge,
        Term::MopUpEscape,
        Term::MopUpNear,
    ];
}

/// The weight of each [`Term`] in centipawns per unit, in the order of
/// [`Term::ALL`].
pub const WEIGHTS: [i32; 14] = [1, 2, 2, 2, 2, 40, 60, 8, -6, 30, 25, 15, 12, 3];

/// The bonus of the side to move.
pub const TEMPO: i32 = 10;

/// Where [`positional_terms`] puts what it counts.
pub trait TermSink {
    /// Adds `count` units of `term` for the side `c`.
    fn add(&mut self, c: Color, term: Term, count: i32);
}

/// The weighted sum of each side's terms (what the search uses).
struct Weighted(ByColor<i32>);

impl TermSink for Weighted {
    #[inline(always)]
    fn add(&mut self, c: Color, term: Term, count: i32) {
        self.0[c] += WEIGHTS[term as usize] * count;
    }
}

/// Each term's count, White's minus Black's (what a tuner reads).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TermCounts(pub [i32; 14]);

impl TermSink for TermCounts {
    fn add(&mut self, c: Color, term: Term, count: i32) {
        self.0[term as usize] += if c == Color::White { count } else { -count };
    }
}

/// Evaluates `pos` for the side to move, given both sides' material
/// (as [`material`] computes it) and the search's view (see
/// [`scale_toward`]).
pub(crate) fn evaluate_with_material(
    pos: &Position,
    kind: EvalKind,
    m: ByColor<i32>,
    view: Perspective,
) -> i32 {
    debug_assert_eq!(m, material(pos), "{pos:?}");
    let us = pos.turn();
    if kind == EvalKind::Material {
        return m[us] - m[!us];
    }
    let mut s = Weighted(m);
    positional_terms(pos, m, &mut s);
    scale_toward(pos, s.0[us] - s.0[!us] + TEMPO, view)
}

/// Counts the positional terms of both sides into `sink`, given both
/// sides' material (some terms apply only with enough material, or to the
/// side well ahead).
#[inline]
pub fn positional_terms(pos: &Position, m: ByColor<i32>, sink: &mut impl TermSink) {
    let b = pos.board();
    let occ = b.occupied();
    let total_material = m.white + m.black;
    for c in Color::ALL {
        let own = b.by_color(c);
        let enemy = b.by_color(!c);
        let pawns = own & b.pawns();
        let mut advance = 0;
        for (a, &rank) in TABLES.advance_ranks[c.index()].iter().enumerate().skip(1) {
            advance += (pawns & rank).count() as i32 * (a * a) as i32;
        }
        sink.add(c, Term::PawnAdvance, advance);
        let officers = own - b.pawns() - b.royals();
        let mut centre = 0;
        for &level in &TABLES.centre_levels {
            centre += (officers & level).count() as i32;
        }
        sink.add(c, Term::Centre, centre);
        for (role, term) in [
            (Role::Rook, Term::RookMobility),
            (Role::Talia, Term::TaliaMobility),
            (Role::Giraffe, Term::GiraffeMobility),
        ] {
            let mut mobility = 0;
            for sq in b.by_role(role) & own {
                mobility += (attacks::attacks(c, role, sq, occ) - own).count() as i32;
            }
            sink.add(c, term, mobility);
        }
        // The pawn of pawns: a waiting pawn threatens a forking placement or
        // is on its way to becoming an extra royal.
        match pos.pawn_of_pawns_stage(c) {
            1 => sink.add(c, Term::PawnOfPawnsWaiting, 1),
            2 => sink.add(c, Term::PawnOfPawnsStage2, 1),
            _ => {}
        }
        // Royal safety for a side with a single royal, while there is material.
        let royals = pos.royals(c);
        if let Some(r) = royals.single() {
            if !r.is_citadel() && total_material > 2500 {
                let shelter = (attacks::royal(r) & own).count().min(4) as i32;
                let attackers = (TABLES.zone2[r.index()] & enemy).count() as i32;
                sink.add(c, Term::Shelter, shelter);
                sink.add(c, Term::RoyalAttackers, attackers * attackers.min(3));
            }
        } else {
            sink.add(c, Term::ExtraRoyal, royals.count() as i32 - 1);
        }
    }
    // Mop-up: against a side with little left, drive its single royal to
    // zero moves (checkmate or stalemate, both win), to the edge, away from
    // the citadel it could escape into, and bring the pieces closer.
    for c in Color::ALL {
        let them = !c;
        if m[c] - m[them] < 250 {
            continue;
        }
        let their_men = (b.by_color(them) - b.royals()).count();
        if their_men > 3 {
            continue;
        }
        let Some(r) = pos.royals(them).single() else {
            continue;
        };
        if r.is_citadel() {
            continue;
        }
        let free = (attacks::royal(r) - b.by_color(them))
            .squares()
            .filter(|&sq| !pos.is_attacked(sq, c))
            .count() as i32;
        let (x, y) = r.coords();
        let edge = x.min(10 - x).min(y).min(9 - y).min(4);
        let escape = distance(r, Square::citadel(c)).min(6);
        let near: i32 = (b.by_color(c) - b.pawns())
            .squares()
            .map(|p| (8 - distance(p, r)).max(0))
            .sum::<i32>()
            .min(40);
        sink.add(c, Term::MopUpSquares, 8 - free);
        sink.add(c, Term::MopUpEdge, 4 - edge);
        sink.add(c, Term::MopUpEscape, escape);
        sink.add(c, Term::MopUpNear, near);
    }
}

/// The evaluation for the side to move from its raw score `eval` (material,
/// weighted terms and tempo): faded toward 0 by the move-limit clock,
/// pulled toward 0 by the citadel rule, and kept below the mate scores
/// ([`scale_toward`] with a draw worth 0).
pub fn scale(pos: &Position, eval: i32) -> i32 {
    scale_toward(pos, eval, Perspective::NEUTRAL)
}

/// [`scale`] as a search sees it: the move-limit fade and the citadel's
/// pull move the score toward `view.draw` (0, or the contempt) instead of
/// 0, and with `view.root_to_move` the citadel race of the side the search
/// plays for is its walk (see `citadel_steps`).
pub fn scale_toward(pos: &Position, eval: i32, view: Perspective) -> i32 {
    let draw = view.draw;
    let mut eval = fade_toward(pos, eval, draw);
    if let Some(i) = citadel_pull_index(pos, eval, view) {
        let (num, den) = CITADEL_PULL[i];
        eval = toward(eval, draw, i64::from(num), i64::from(den));
    }
    eval.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

/// Progress: as the move-limit clock runs, the score `eval` (for the side
/// to move) fades toward `draw`, to 1/6 of its distance at the limit
/// (none without a limit). The first step of [`scale_toward`].
pub fn fade_toward(pos: &Position, eval: i32, draw: i32) -> i32 {
    match pos.rules().move_limit() {
        Some(limit) => {
            let limit = i64::from(limit);
            let hm = i64::from(pos.halfmoves()).min(limit);
            toward(eval, draw, 6 * limit - 5 * hm, 6 * limit)
        }
        None => eval,
    }
}

/// The citadel, the second step of [`scale_toward`]: the side that is
/// behind (by more than 150 cp in `faded`, the faded score for the side to
/// move) draws by entering the enemy citadel with its top royal; the
/// nearer it is, the nearer to the draw. The index into [`CITADEL_PULL`]
/// of that side's pull, or `None` when neither side is that far behind.
pub fn citadel_pull_index(pos: &Position, faded: i32, view: Perspective) -> Option<usize> {
    let us = pos.turn();
    let l = if faded < -150 {
        us
    } else if faded > 150 {
        !us
    } else {
        return None;
    };
    // Its own runner walks: the side the search plays for is `us` when it
    // is to move at the root's parity.
    let walk = view.root_to_move.is_some_and(|root| root == (l == us));
    Some(citadel_steps(pos, l, walk))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The factor `(num, den)` of the pull of the losing side `l`.
    fn citadel_escape(pos: &Position, l: Color, walk: bool) -> (i32, i32) {
        CITADEL_PULL[citadel_steps(pos, l, walk)]
    }

    #[test]
    fn initial_position_is_balanced() {
        let pos = Position::new();
        let e = evaluate(&pos, EvalKind::Full);
        assert!(e.abs() < 50, "{e}");
        assert_eq!(evaluate(&pos, EvalKind::Material), 0);
    }

    #[test]
    fn mirror_symmetry() {
        let mut pos = Position::new();
        for m in ["f3f4", "b8b7", "b2c4", "e8e7", "c4d6"] {
            pos.play_str(m).unwrap();
            let mirrored = pos.mirror();
            assert_eq!(
                evaluate(&pos, EvalKind::Full),
                evaluate(&mirrored, EvalKind::Full),
                "{pos:?}"
            );
        }
    }

    /// The weighted term counts, with material and tempo, are the
    /// evaluation before its scaling, for any position.
    #[test]
    fn term_counts_rebuild_the_evaluation() {
        let mut pos = Position::new();
        let mut rng = crate::Rng::new(11);
        for _ in 0..300 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                pos = Position::new();
                continue;
            }
            let m = moves[rng.below(moves.len())];
            pos.play_unchecked(&m);
            let mat = material(&pos);
            let mut counts = TermCounts::default();
            positional_terms(&pos, mat, &mut counts);
            let white: i32 = mat.white - mat.black
                + counts
                    .0
                    .iter()
                    .zip(WEIGHTS)
                    .map(|(c, w)| c * w)
                    .sum::<i32>();
            let us = pos.turn();
            let raw = if us == Color::White { white } else { -white } + TEMPO;
            assert_eq!(scale(&pos, raw), evaluate(&pos, EvalKind::Full), "{pos:?}");
        }
    }

    /// Boards of the citadel tests (White's King on a1 and two rooks
    /// against Black's lone King; White's door is k1, k2, k3): the rooks on
    /// a5 and a6 and Black's King on i4, 3 king steps from the citadel
    /// right of k2, with the door open.
    const OPEN: &str = "11/11/11/11/R10/R10/8k2/11/11/K10";
    /// The same with the rook on k5 holding k4-k1, the whole door.
    const HELD: &str = "11/11/11/11/R10/10R/8k2/11/11/K10";
    /// Black's King on f8, 6 King steps away, cut off by the rooks on a5
    /// and a6.
    const CUT: &str = "11/11/5k5/11/R10/R10/11/11/11/K10";

    /// `citadel_escape` for Black in the position `tfen`, by the walk or
    /// the race.
    fn black_escape(tfen: &str, walk: bool) -> (i32, i32) {
        citadel_escape(&Position::from_tfen(tfen).unwrap(), Color::Black, walk)
    }

    /// The escape race of `citadel_escape`, counted by hand.
    #[test]
    fn citadel_escape_counts_steps_and_the_door() {
        let black = |t: &str| black_escape(t, false);
        // Rooks on a5 and a6: the door is open. White to move: 3 steps.
        assert_eq!(black(&format!("{OPEN} w - 00 0 1")), (5, 8));
        // Black to move: a step nearer.
        assert_eq!(black(&format!("{OPEN} b - 00 0 1")), (1, 2));
        // The rook on k5 holds k4-k1, the whole door: two steps more.
        assert_eq!(black(&format!("{HELD} w - 00 0 1")), (7, 8));
        assert_eq!(black(&format!("{HELD} b - 00 0 1")), (3, 4));
        // On j3 (next to the door, two steps) with the door open, Black to
        // move: it steps in next move.
        let near = "11/11/11/11/R10/R10/11/9k1/11/K10";
        assert_eq!(black(&format!("{near} b - 00 0 1")), (3, 8));
        // On f8, 6 steps: a slight pull; on b10, 10 steps: none.
        assert_eq!(black(&format!("{CUT} w - 00 0 1")), (15, 16));
        let farther = "1k9/11/11/11/R10/R10/11/11/11/K10";
        assert_eq!(black(&format!("{farther} w - 00 0 1")), (1, 1));
        // A Prince may enter under the default rules, not under
        // citadel-entry=king-only.
        let prince = "11/11/11/11/R10/R10/8s2/11/11/K10 w - 00 0 1";
        assert_eq!(black(prince), (5, 8));
        let rules: tamerlane_core::RuleSet = "citadel-entry=king-only".parse().unwrap();
        let king_only = Position::from_tfen_with_rules(prince, rules).unwrap();
        assert_eq!(citadel_escape(&king_only, Color::Black, false), (1, 1));
    }

    /// The walk of `citadel_escape`, counted by hand on the boards of the
    /// race's test: the same where the way is open, longer or shut where
    /// the winner's attacks stand in it.
    #[test]
    fn citadel_escape_walks_around_the_attacks() {
        let black = |t: &str| black_escape(t, true);
        // The door open: i4 to j3, k2 and in, 3 steps, as the race counts.
        assert_eq!(black(&format!("{OPEN} w - 00 0 1")), (5, 8));
        assert_eq!(black(&format!("{OPEN} b - 00 0 1")), (1, 2));
        // The rook on k5 holds k4-k1, the whole door: no way in, no pull.
        assert_eq!(black(&format!("{HELD} w - 00 0 1")), (1, 1));
        assert_eq!(black(&format!("{HELD} b - 00 0 1")), (1, 1));
        // A knight on i2 takes k1, k3 and j4: the King walks j3, k2, in.
        let knight = "11/11/11/11/R10/R10/8k2/11/8N2/K10";
        assert_eq!(black(&format!("{knight} w - 00 0 1")), (5, 8));
        // On j2, with k1 and k3 taken by the rooks on a1 and a3 and a
        // knight on k2 that nothing defends: the King takes it and steps
        // in, two steps. Defended by a dabbaba on k4, the door is shut.
        let lone = "K10/11/11/11/11/11/11/R10/9kN/R10 w - 00 0 1";
        assert_eq!(black(lone), (1, 2));
        let defended = "K10/11/11/11/11/11/10D/R10/9kN/R10 w - 00 0 1";
        assert_eq!(black(defended), (1, 1));
        // On f8, 6 King steps, but the rooks on a5 and a6 cut off ranks 5
        // and 6: no way through. With the rooks on a9 and a10 the walk g7,
        // h6, i5, j4, k3, in is open: a slight pull.
        assert_eq!(black(&format!("{CUT} w - 00 0 1")), (1, 1));
        let far = "R10/R10/5k5/11/11/11/11/11/11/K10";
        assert_eq!(black(&format!("{far} w - 00 0 1")), (15, 16));
    }

    /// With `root_to_move` the search counts its own runner by the walk and
    /// the other side's by the race: Black's King on f8, cut off by the
    /// rooks on a5 and a6, is 6 steps away by the race (15/16 of White's
    /// lead) and has no way in by the walk (no pull).
    #[test]
    fn the_pull_walks_the_root_sides_runner_only() {
        let cut = Position::from_tfen(&format!("{CUT} w - 00 0 1")).unwrap();
        let view = |root_to_move| Perspective {
            draw: 0,
            root_to_move,
        };
        // White to move plays for itself: Black's runner races.
        assert_eq!(scale_toward(&cut, 1000, view(Some(true))), 937);
        // White to move in Black's search: Black's own runner walks.
        assert_eq!(scale_toward(&cut, 1000, view(Some(false))), 1000);
        // Without the feature, both race.
        assert_eq!(scale_toward(&cut, 1000, view(None)), 937);
    }

    /// With contempt the citadel's pull aims at the draw score: White (two
    /// rooks up, to move) against Black's King 3 steps from an open door
    /// keeps 5/8 of its lead over the draw score, whatever that score is.
    #[test]
    fn the_citadel_pull_aims_at_the_draw_score() {
        let pos = Position::from_tfen("11/11/11/11/R10/R10/8k2/11/11/K10 w - 00 0 1").unwrap();
        let draw = |draw| Perspective {
            draw,
            root_to_move: None,
        };
        assert_eq!(scale_toward(&pos, 1000, draw(0)), 625);
        assert_eq!(scale(&pos, 1000), 625);
        // 30 + (1000 - 30) * 5 / 8 = 636; -30 + 1030 * 5 / 8 = 613.
        assert_eq!(scale_toward(&pos, 1000, draw(30)), 636);
        assert_eq!(scale_toward(&pos, 1000, draw(-30)), 613);
        // An even score is not pulled at all.
        assert_eq!(scale_toward(&pos, 100, draw(-30)), 100);
    }

    /// Average empty-board move counts, the origin of the piece values.
    #[test]
    fn mobility_table() {
        let avg = |role: Role| {
            let total: u32 = Square::ordinary()
                .map(|sq| attacks::attacks(Color::White, role, sq, Bitboard::EMPTY).count())
                .sum();
            total as f64 / 110.0
        };
        let rook = avg(Role::Rook);
        let knight = avg(Role::Knight);
        assert!(rook > knight);
        assert!(avg(Role::Giraffe) > avg(Role::Camel));
    }
}
