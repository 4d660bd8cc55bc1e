//! An independent oracle for the rules: the legal moves, what each move
//! does, and the end of the game, written from the words of docs/RULES.md
//! (sections 2 to 6, 8.4 and the rule options of section 9) and nothing
//! else. It is slow and plain on purpose: loops over squares, the movement
//! patterns written out from the table of section 2 (not taken from
//! `tamerlane_core::attacks`), "attacked" as "some enemy piece's pattern
//! reaches the square", every move judged on the board after it (no pins,
//! no attack tables, no incremental state).
//!
//! The property tests (`tamerlane-core/tests/it/tamerlane/option_invariants.rs`) and
//! the fuzz checks (`fuzz_core`) compare the rules crate with it under
//! random rule sets. Only the plain data of a [`Position`] is read (board,
//! side to move, rights, stages, clocks, rules); moves are
//! [`Move`] values filled in as the crate documents them (a swap goes from
//! the King's square to the partner's; a second arrival's `to` is the
//! last-rank square reached).

use tamerlane_core::rule_set::{
    CitadelEntry, LoneRoyal, PawnOfPawns, PlacementOnto, PlacementTargets, RoyalsOnly, SwapWhen,
    SwapWith,
};
use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{
    Arrival, Board, Color, Move, MoveKind, Outcome, Piece, Role, Setup, Square, Termination,
};

/// `(file, rank)` steps.
type Step = (i32, i32);

const ORTHOGONAL: [Step; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: [Step; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The ordinary square `k` steps of `d` away from `sq` (a citadel counts
/// as the square it adjoins: `wc` as `l2`, `bc` as the square left of `a9`).
fn step(sq: Square, d: Step, k: i32) -> Option<Square> {
    let (x, y) = sq.coords();
    Square::from_xy(x + k * d.0, y + k * d.1)
}

/// Every `(±a, ±b)` and `(±b, ±a)`: the leaps of an `(a, b)` leaper.
fn leaps(a: i32, b: i32) -> Vec<Step> {
    let mut out = Vec::new();
    for (p, q) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if !out.contains(&(sx * p, sy * q)) {
                out.push((sx * p, sy * q));
            }
        }
    }
    out
}

/// Rank index 0..=9 of an ordinary square.
fn rank(sq: Square) -> i32 {
    sq.coords().1
}

/// The rank a pawn of `c` promotes on (rank 10 for White, rank 1 for Black).
fn last_rank(c: Color) -> i32 {
    match c {
        Color::White => 9,
        Color::Black => 0,
    }
}

/// `c`'s first rank.
fn first_rank(c: Color) -> i32 {
    last_rank(!c)
}

/// The rank step of a pawn of `c`.
fn forward(c: Color) -> i32 {
    match c {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// `c`'s own citadel (section 1: White's is `wc`).
fn citadel(c: Color) -> Square {
    match c {
        Color::White => Square::WC,
        Color::Black => Square::BC,
    }
}

/// Where `c`'s pawn of pawns goes on its second arrival (3.1.3).
fn return_square(c: Color) -> Square {
    match c {
        Color::White => Square::F3,
        Color::Black => Square::F8,
    }
}

/// Whether two squares are a king step apart (citadels included).
fn adjacent(a: Square, b: Square) -> bool {
    let ((ax, ay), (bx, by)) = (a.coords(), b.coords());
    a != b && (ax - bx).abs() <= 1 && (ay - by).abs() <= 1
}

/// The squares reached by riding from `from` along each of `dirs`, from
/// the `min`-th square on, up to and including the first occupied one.
fn ride(board: &Board, from: Square, dirs: &[Step], min: i32) -> Vec<Square> {
    let mut out = Vec::new();
    for &d in dirs {
        for k in 1.. {
            let Some(s) = step(from, d, k) else {
                break;
            };
            if k >= min {
                out.push(s);
            }
            if board.piece_at(s).is_some() {
                break;
            }
        }
    }
    out
}

/// The ordinary squares `piece`, standing on `from`, attacks: where it could
/// capture by its pattern (section 2; 8.4: whatever the legality). For
/// every piece but a pawn these are also the squares it may move to when
/// they are empty or hold a capturable enemy.
pub fn attacks(board: &Board, piece: Piece, from: Square) -> Vec<Square> {
    let jumps = |offsets: &[Step]| -> Vec<Square> {
        offsets.iter().filter_map(|&d| step(from, d, 1)).collect()
    };
    match piece.role {
        Role::King | Role::Prince | Role::AdventitiousKing => {
            jumps(&[ORTHOGONAL, DIAGONAL].concat())
        }
        Role::Ferz => jumps(&DIAGONAL),
        Role::Vizier => jumps(&ORTHOGONAL),
        Role::Rook => ride(board, from, &ORTHOGONAL, 1),
        Role::Knight => jumps(&leaps(2, 1)),
        Role::Elephant => jumps(&leaps(2, 2)),
        Role::Camel => jumps(&leaps(3, 1)),
        Role::Dabbaba => jumps(&leaps(2, 0)),
        // At least two squares: the first must be empty to go on.
        Role::Talia => ride(board, from, &DIAGONAL, 2),
        // An empty diagonal square, then at least three squares straight
        // on along either component of that diagonal.
        Role::Giraffe => {
            let mut out = Vec::new();
            for d in DIAGONAL {
                let Some(corner) = step(from, d, 1) else {
                    continue;
                };
                if board.piece_at(corner).is_none() {
                    out.extend(ride(board, corner, &[(d.0, 0), (0, d.1)], 3));
                }
            }
            out
        }
        // Every pawn captures one square diagonally forward.
        _ => {
            let f = forward(piece.color);
            jumps(&[(-1, f), (1, f)])
        }
    }
}

/// Whether a piece of `by` attacks `sq` on `board`. Nothing attacks a
/// citadel.
pub fn is_attacked(board: &Board, sq: Square, by: Color) -> bool {
    !sq.is_citadel()
        && board
            .pieces()
            .any(|(s, p)| p.color == by && attacks(board, p, s).contains(&sq))
}

/// Whether `piece` on `sq` is a waiting pawn of pawns: a pawn on its own
/// last rank (no other pawn can stand there).
fn is_waiting(sq: Square, piece: Piece) -> bool {
    piece.role.is_pawn() && rank(sq) == last_rank(piece.color)
}

/// Whether a piece of `mover` may capture on `sq`: an enemy stands there,
/// and it is not a waiting pawn of pawns (citadels are never captured on).
fn capturable(board: &Board, sq: Square, mover: Color) -> bool {
    !sq.is_citadel()
        && board
            .piece_at(sq)
            .is_some_and(|p| p.color != mover && !is_waiting(sq, p))
}

/// Whether a piece of `mover` may move to `sq` by an ordinary move.
fn open(board: &Board, sq: Square, mover: Color) -> bool {
    !sq.is_citadel() && (board.piece_at(sq).is_none() || capturable(board, sq, mover))
}

/// The squares of `c`'s royals.
fn royals(board: &Board, c: Color) -> Vec<Square> {
    board
        .pieces()
        .filter(|(_, p)| p.color == c && p.role.is_royal())
        .map(|(s, _)| s)
        .collect()
}

/// Whether a royal stands on its opponent's citadel (the game is drawn).
fn royal_in_enemy_citadel(board: &Board) -> bool {
    Color::ALL
        .into_iter()
        .any(|c| board.piece_at(citadel(!c)).is_some_and(|p| p.color == c))
}

/// The move of the piece on `from` to `to`, of `kind`, taking whatever
/// enemy stands on `to`.
fn make(board: &Board, from: Square, to: Square, kind: MoveKind) -> Move {
    let mover = board.piece_at(from).expect("a piece on the origin square");
    Move {
        from,
        to,
        role: mover.role,
        capture: board
            .piece_at(to)
            .filter(|p| p.color != mover.color)
            .map(|p| p.role),
        kind,
    }
}

/// What a pawn of `role` moving from `from` to `to` does (sections 3, 3.1
/// and `pawn-of-pawns`).
fn pawn_kind(pos: &Position, role: Role, from: Square, to: Square) -> MoveKind {
    let us = pos.turn();
    if rank(to) != last_rank(us) {
        return MoveKind::Normal;
    }
    let becomes = match role {
        Role::PawnOfKings => Role::Prince,
        Role::PawnOfPawns => {
            let one_arrival = pos.rules().pawn_of_pawns() == PawnOfPawns::OneArrival;
            return match pos.pawn_of_pawns_stage(us) {
                0 => MoveKind::Arrival(Arrival::First),
                1 if one_arrival => MoveKind::Arrival(Arrival::First),
                1 => {
                    // Judged after the move: the pawn has left `from`.
                    let ret = return_square(us);
                    if ret == from || pos.board().piece_at(ret).is_none() {
                        MoveKind::Arrival(Arrival::SecondToReturnSquare)
                    } else {
                        MoveKind::Arrival(Arrival::SecondWaiting)
                    }
                }
                _ => MoveKind::Promotion(Role::AdventitiousKing),
            };
        }
        // The pawn of X, written `P` and X's letter (8.1), becomes an X.
        _ => role
            .token()
            .chars()
            .nth(1)
            .and_then(Role::from_piece_letter)
            .expect("a pawn token is P and its piece's letter"),
    };
    MoveKind::Promotion(becomes)
}

/// The placements of the waiting pawn of pawns on `from` (3.1.2 and the
/// `placement-*` options), before the legality rule.
fn placements(pos: &Position, from: Square) -> Vec<Move> {
    let b = pos.board();
    let rules = pos.rules();
    let us = pos.turn();
    let pawn = b.piece_at(from).expect("the waiting pawn");
    let mut out = Vec::new();
    for to in Square::ordinary() {
        let onto = match b.piece_at(to) {
            None => true,
            Some(o) => {
                rules.placement_onto() == PlacementOnto::Enemy
                    && o.color != us
                    && !o.role.is_royal()
                    && !is_waiting(to, o)
            }
        };
        if !onto {
            continue;
        }
        // Judged on the board after the move: lifted, occupant gone, placed.
        let mut after = b.clone();
        after.set(from, None);
        after.set(to, Some(pawn));
        let hits = attacks(&after, pawn, to);
        let fork = hits.len() == 2 && hits.iter().all(|&s| capturable(&after, s, us));
        let trapped = rules.placement_targets() == PlacementTargets::ForkOrTrapped
            && hits.iter().any(|&s| match after.piece_at(s) {
                Some(e) if e.color != us && !e.role.is_royal() && !e.role.is_pawn() => {
                    attacks(&after, e, s)
                        .into_iter()
                        .all(|t| !open(&after, t, e.color))
                }
                _ => false,
            });
        if fork || trapped {
            out.push(make(b, from, to, MoveKind::Placement));
        }
    }
    out
}

/// The pieces the King on `king` may exchange squares with (section 4 and
/// `swap-with`), whether or not a swap is allowed now.
fn swap_partners(pos: &Position, king: Square) -> Vec<Square> {
    let b = pos.board();
    let us = pos.turn();
    let any = pos.rules().swap_with() == SwapWith::Any;
    let king_rank = rank(king);
    b.pieces()
        .filter(|&(s, p)| {
            p.color == us
                && s != king
                && !s.is_citadel()
                && (!p.role.is_pawn()
                    || (any
                        && p.role != Role::PawnOfPawns
                        && king_rank != first_rank(us)
                        && king_rank != last_rank(us)))
        })
        .map(|(s, _)| s)
        .collect()
}

/// The moves of the side to move by the movement rules alone, before the
/// legality rule of section 4: ordinary moves and captures, pawn moves
/// with their promotions and arrivals, placements and transfers, citadel
/// entries, and a King swap to every partner (whether a swap is allowed at
/// all is decided by [`legal_moves`]). None once a royal stands on its
/// opponent's citadel (8.4).
pub fn pseudo_legal_moves(pos: &Position) -> Vec<Move> {
    let b = pos.board();
    let us = pos.turn();
    let them = !us;
    let mut out = Vec::new();
    if royal_in_enemy_citadel(b) {
        return out;
    }
    let top = [Role::King, Role::Prince, Role::AdventitiousKing]
        .into_iter()
        .find(|&r| b.pieces().any(|(_, p)| p.color == us && p.role == r));
    for (from, p) in b.pieces().filter(|(_, p)| p.color == us) {
        if p.role.is_pawn() {
            if rank(from) == last_rank(us) {
                // The waiting pawn of pawns: placed (stage 1) or
                // transferred to an empty return square (stage 2).
                let ret = return_square(us);
                match pos.pawn_of_pawns_stage(us) {
                    1 => out.extend(placements(pos, from)),
                    2 if b.piece_at(ret).is_none() => {
                        out.push(make(b, from, ret, MoveKind::Transfer));
                    }
                    _ => {}
                }
                continue;
            }
            let mut tos: Vec<Square> = step(from, (0, forward(us)), 1)
                .filter(|&s| b.piece_at(s).is_none())
                .into_iter()
                .collect();
            tos.extend(
                attacks(b, p, from)
                    .into_iter()
                    .filter(|&s| capturable(b, s, us)),
            );
            for to in tos {
                out.push(make(b, from, to, pawn_kind(pos, p.role, from, to)));
            }
            continue;
        }
        for to in attacks(b, p, from) {
            if open(b, to, us) {
                out.push(make(b, from, to, MoveKind::Normal));
            }
        }
        if p.role.is_royal() {
            let may_enter = match pos.rules().citadel_entry() {
                CitadelEntry::HighestRoyal => Some(p.role) == top,
                CitadelEntry::KingOnly => p.role == Role::King,
            };
            let mut entries = Vec::new();
            if may_enter {
                entries.push(citadel(them));
            }
            if p.role == Role::AdventitiousKing {
                entries.push(citadel(us));
            }
            for c in entries {
                if adjacent(from, c) && b.piece_at(c).is_none() {
                    out.push(make(b, from, c, MoveKind::CitadelEntry));
                }
            }
        }
    }
    if pos.swap_right(us) {
        if let Some((king, _)) = b
            .pieces()
            .find(|(_, p)| p.color == us && p.role == Role::King)
        {
            for partner in swap_partners(pos, king) {
                out.push(make(b, king, partner, MoveKind::KingSwap));
            }
        }
    }
    out
}

/// The position after `m` (a move of [`pseudo_legal_moves`]), built from
/// docs/RULES.md's description of each kind of move: captures, promotions, the
/// pawn of pawns' arrivals, placement and transfer, the swap; the swap
/// rights (used by a swap, lost with the King), the stages, the clocks
/// (a capture or pawn move resets the halfmove clock, a swap does not) and
/// the side to move.
pub fn after(pos: &Position, m: &Move) -> Setup {
    let us = pos.turn();
    let them = !us;
    let mut s = pos.to_setup();
    let mover = s
        .board
        .piece_at(m.from)
        .expect("a piece on the origin square");
    let mut captured = None;
    if m.kind == MoveKind::KingSwap {
        let partner = s.board.set(m.to, None);
        s.board.set(m.to, Some(mover));
        s.board.set(m.from, partner);
        s.swap_rights[us] = false;
    } else {
        captured = s.board.set(m.to, None);
        if captured.is_some_and(|c| c.role == Role::King) {
            s.swap_rights[them] = false;
        }
        s.board.set(m.from, None);
        let (lands, role) = match m.kind {
            MoveKind::Promotion(r) => (m.to, r),
            MoveKind::Arrival(Arrival::First) => {
                s.stages[us] = 1;
                (m.to, mover.role)
            }
            MoveKind::Arrival(Arrival::SecondWaiting) => {
                s.stages[us] = 2;
                (m.to, mover.role)
            }
            MoveKind::Arrival(Arrival::SecondToReturnSquare) => {
                s.stages[us] = 2;
                (return_square(us), mover.role)
            }
            _ => (m.to, mover.role),
        };
        s.board.set(lands, Some(Piece::new(us, role)));
    }
    let pawn_move = mover.role.is_pawn() && m.kind != MoveKind::KingSwap;
    s.halfmoves = if captured.is_some() || pawn_move {
        0
    } else {
        s.halfmoves.saturating_add(1)
    };
    if us == Color::Black {
        s.fullmoves = s.fullmoves.saturating_add(1);
    }
    s.turn = them;
    s
}

/// Whether `m` passes the legality rule (section 4 and `lone-royal`): after
/// it the mover has more than one royal or its single royal is not
/// attacked; with `lone-royal=before-move` and a single royal before the
/// move, that royal, followed through the move, is not attacked after it;
/// and a swapped King is not attacked after the swap.
pub fn passes_legality(pos: &Position, m: &Move) -> bool {
    let us = pos.turn();
    let them = !us;
    let after = after(pos, m).board;
    let attacked = |sq: Square| is_attacked(&after, sq, them);
    if let [royal] = royals(&after, us)[..] {
        if attacked(royal) {
            return false;
        }
    }
    if pos.rules().lone_royal() == LoneRoyal::BeforeMove {
        if let [royal] = royals(pos.board(), us)[..] {
            let followed = if royal == m.from { m.to } else { royal };
            if attacked(followed) {
                return false;
            }
        }
    }
    !(m.kind == MoveKind::KingSwap && attacked(m.to))
}

/// The legal moves: the moves of [`pseudo_legal_moves`] that pass
/// [`passes_legality`], the King swap only while the King is attacked or,
/// with `swap-when=check-or-stuck`, when no other move is legal.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let (swaps, others): (Vec<Move>, Vec<Move>) = pseudo_legal_moves(pos)
        .into_iter()
        .partition(|m| m.kind == MoveKind::KingSwap);
    let mut legal: Vec<Move> = others
        .into_iter()
        .filter(|m| passes_legality(pos, m))
        .collect();
    if swap_allowed(pos, legal.is_empty()) {
        legal.extend(swaps.into_iter().filter(|m| passes_legality(pos, m)));
    }
    legal
}

/// Whether the side to move may swap: its King is attacked or, with
/// `swap-when=check-or-stuck`, it has no other legal move (`stuck`).
fn swap_allowed(pos: &Position, stuck: bool) -> bool {
    let b = pos.board();
    let us = pos.turn();
    let king_attacked = b
        .pieces()
        .any(|(s, p)| p.color == us && p.role == Role::King && is_attacked(b, s, !us));
    king_attacked || (stuck && pos.rules().swap_when() == SwapWhen::CheckOrStuck)
}

/// Whether [`legal_moves`] is not empty, stopping at the first legal move.
pub fn has_legal_move(pos: &Position) -> bool {
    let (swaps, others): (Vec<Move>, Vec<Move>) = pseudo_legal_moves(pos)
        .into_iter()
        .partition(|m| m.kind == MoveKind::KingSwap);
    others.iter().any(|m| passes_legality(pos, m))
        || (swap_allowed(pos, true) && swaps.iter().any(|m| passes_legality(pos, m)))
}

/// Whether two positions are the same for the repetition rule (6.4):
/// placement, side to move, swap rights and stages.
fn same_position(a: &Position, b: &Position) -> bool {
    a.board() == b.board()
        && a.turn() == b.turn()
        && Color::ALL.into_iter().all(|c| {
            a.swap_right(c) == b.swap_right(c)
                && a.pawn_of_pawns_stage(c) == b.pawn_of_pawns_stage(c)
        })
}

/// The game's result in its current position, by section 6 in its order
/// (citadel, no legal move, royals only, repetition, move limit) under the
/// game's rule options.
pub fn outcome(game: &Game) -> Option<Outcome> {
    let pos = game.position();
    let b = pos.board();
    let rules = pos.rules();
    let us = pos.turn();
    let draw = |termination| {
        Some(Outcome {
            winner: None,
            termination,
        })
    };
    if royal_in_enemy_citadel(b) {
        return draw(Termination::Citadel);
    }
    if !has_legal_move(pos) {
        let mate = matches!(royals(b, us)[..], [r] if is_attacked(b, r, !us));
        return Some(Outcome {
            winner: Some(!us),
            termination: if mate {
                Termination::Checkmate
            } else {
                Termination::Stalemate
            },
        });
    }
    if rules.royals_only() == RoyalsOnly::Draw && b.pieces().all(|(_, p)| p.role.is_royal()) {
        return draw(Termination::RoyalsOnly);
    }
    let occurrences = game
        .positions()
        .iter()
        .filter(|p| same_position(p, pos))
        .count();
    if rules
        .repetition()
        .is_some_and(|n| occurrences >= n as usize)
    {
        return draw(Termination::Repetition);
    }
    if rules.move_limit().is_some_and(|n| pos.halfmoves() >= n) {
        return draw(Termination::MoveLimit);
    }
    None
}
