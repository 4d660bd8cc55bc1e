//! Rule-by-rule tests of `tamerlane-core` against `docs/RULES.md`, sections 1-8.
//!
//! Every expected move set and effect below was worked out by hand from
//! docs/RULES.md on a small hand-made position (coordinates: files a..k = 0..10,
//! ranks 1..10; `wc` behaves like (11, 2), `bc` like (-1, 9)). The
//! derivations are written next to the assertions.

use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{
    perft, Arrival, Color, IllegalReason, Move, MoveError, MoveKind, Outcome, Piece, PositionError,
    Role, Square, Termination, TfenError, TfenField, INITIAL_TFEN,
};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Builds a TFEN string from `(square, token)` pairs (`wc`/`bc` allowed) and
/// the five trailing fields. Checked against hand-written TFEN in
/// `builder_matches_hand_written_tfen`.
pub(super) fn build(pieces: &[(&str, &str)], tail: &str) -> String {
    let mut grid: [[Option<&str>; 11]; 10] = [[None; 11]; 10];
    let mut wc = None;
    let mut bc = None;
    for &(sq, tok) in pieces {
        match sq {
            "wc" => wc = Some(tok),
            "bc" => bc = Some(tok),
            _ => {
                let file = (sq.as_bytes()[0] - b'a') as usize;
                let rank: usize = sq[1..].parse().unwrap();
                assert!(grid[rank - 1][file].is_none(), "two pieces on {sq}");
                grid[rank - 1][file] = Some(tok);
            }
        }
    }
    let mut ranks = Vec::new();
    for rank in (1..=10).rev() {
        let mut s = String::new();
        if rank == 9 {
            if let Some(t) = bc {
                s += &format!("({t})");
            }
        }
        let mut empty = 0;
        for cell in grid[rank - 1] {
            match cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s += t;
                }
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        if rank == 2 {
            if let Some(t) = wc {
                s += &format!("({t})");
            }
        }
        ranks.push(s);
    }
    format!("{} {}", ranks.join("/"), tail)
}

fn tfen(t: &str) -> Position {
    Position::from_tfen(t).unwrap_or_else(|e| panic!("TFEN {t:?} rejected: {e}"))
}

fn pos(pieces: &[(&str, &str)], tail: &str) -> Position {
    tfen(&build(pieces, tail))
}

pub(super) fn sq(s: &str) -> Square {
    s.parse()
        .unwrap_or_else(|e| panic!("bad square {s:?}: {e:?}"))
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Sorted coordinate strings of the legal moves starting on `from`.
pub(super) fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let f = sq(from);
    sorted(
        p.legal_moves()
            .iter()
            .filter(|m| m.from == f)
            .map(|m| m.to_string())
            .collect(),
    )
}

/// Sorted coordinate strings of all legal moves.
pub(super) fn all_moves(p: &Position) -> Vec<String> {
    sorted(p.legal_moves().iter().map(|m| m.to_string()).collect())
}

/// Sorted list of `from` + each target.
pub(super) fn targets(from: &str, tos: &[&str]) -> Vec<String> {
    sorted(tos.iter().map(|t| format!("{from}{t}")).collect())
}

pub(super) fn set(list: &[&str]) -> Vec<String> {
    sorted(list.iter().map(|s| s.to_string()).collect())
}

fn legal(p: &Position, s: &str) -> Move {
    p.parse_move(s)
        .unwrap_or_else(|e| panic!("{s} should be legal in {}: {e}", p.to_tfen()))
}

/// Plays a move that must be legal and checks the incremental hash.
pub(super) fn play(p: &mut Position, s: &str) -> Move {
    let m = p
        .play_str(s)
        .unwrap_or_else(|e| panic!("{s} should be legal in {}: {e}", p.to_tfen()));
    assert_eq!(p.hash(), p.compute_hash(), "hash drift after {s}");
    m
}

/// The same position under the rule-set string `rules`.
pub(super) fn under(p: &Position, rules: &str) -> Position {
    Position::from_tfen_with_rules(&p.to_tfen(), rules.parse().unwrap()).unwrap()
}

pub(super) fn game_play(g: &mut Game, moves: &str) {
    for s in moves.split_whitespace() {
        g.play_str(s)
            .unwrap_or_else(|e| panic!("{s} should be legal in {}: {e}", g.position().to_tfen()));
    }
}

pub(super) fn at(p: &Position, s: &str) -> Option<Piece> {
    p.board().piece_at(sq(s))
}

pub(super) fn white(role: Role) -> Option<Piece> {
    Some(Piece::new(Color::White, role))
}

pub(super) fn black(role: Role) -> Option<Piece> {
    Some(Piece::new(Color::Black, role))
}

pub(super) fn draw(termination: Termination) -> Option<Outcome> {
    Some(Outcome {
        winner: None,
        termination,
    })
}

pub(super) fn win(winner: Color, termination: Termination) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(winner),
        termination,
    })
}

const W: &str = "w - 00 0 1";
const B: &str = "b - 00 0 1";

#[test]
fn builder_matches_hand_written_tfen() {
    assert_eq!(
        build(&[("e10", "PP"), ("k5", "k"), ("a1", "K")], "b - 10 0 1"),
        "4PP6/11/11/11/11/10k/11/11/11/K10 b - 10 0 1"
    );
    assert_eq!(
        build(&[("bc", "a"), ("wc", "A"), ("a1", "K"), ("k10", "k")], W),
        "10k/(a)11/11/11/11/11/11/11/11(A)/K10 w - 00 0 1"
    );
}

// ---------------------------------------------------------------------------
// 1. Board
// ---------------------------------------------------------------------------

#[test]
fn s1_square_names() {
    assert_eq!(sq("a1"), Square::A1);
    assert_eq!(sq("k10"), Square::K10);
    assert_eq!(sq("f9"), Square::F9);
    assert_eq!(sq("wc"), Square::WC);
    assert_eq!(sq("bc"), Square::BC);
    assert_eq!(Square::WC.to_string(), "wc");
    assert_eq!(Square::BC.to_string(), "bc");
    assert_eq!(Square::K10.to_string(), "k10");
    for bad in ["", "a", "l1", "a0", "a11", "k11", "l2", "wcc", "b", "1a"] {
        assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed as a square");
    }
    // 110 ordinary squares plus two citadels.
    assert_eq!(Square::ordinary().count(), 110);
    assert_eq!(Square::all().count(), 112);
}

#[test]
fn s1_white_citadel_is_next_to_k1_k2_k3_only() {
    // A black King (wc is the opponent's citadel for Black) on k1, k2, k3
    // may step in; from k4 it may not. White King a5 is far away.
    let p = pos(&[("k1", "k"), ("a5", "K")], B);
    assert_eq!(
        moves_from(&p, "k1"),
        targets("k1", &["j1", "j2", "k2", "wc"])
    );
    let p = pos(&[("k2", "k"), ("a5", "K")], B);
    assert_eq!(
        moves_from(&p, "k2"),
        targets("k2", &["j1", "j2", "j3", "k1", "k3", "wc"])
    );
    let p = pos(&[("k3", "k"), ("a5", "K")], B);
    assert_eq!(
        moves_from(&p, "k3"),
        targets("k3", &["j2", "j3", "j4", "k2", "k4", "wc"])
    );
    let p = pos(&[("k4", "k"), ("a5", "K")], B);
    assert_eq!(
        moves_from(&p, "k4"),
        targets("k4", &["j3", "j4", "j5", "k3", "k5"])
    );
}

#[test]
fn s1_black_citadel_is_next_to_a8_a9_a10_only() {
    let p = pos(&[("a8", "K"), ("k5", "k")], W);
    assert_eq!(
        moves_from(&p, "a8"),
        targets("a8", &["a7", "a9", "b7", "b8", "b9", "bc"])
    );
    let p = pos(&[("a9", "K"), ("k5", "k")], W);
    assert_eq!(
        moves_from(&p, "a9"),
        targets("a9", &["a8", "a10", "b8", "b9", "b10", "bc"])
    );
    let p = pos(&[("a10", "K"), ("k5", "k")], W);
    assert_eq!(
        moves_from(&p, "a10"),
        targets("a10", &["a9", "b9", "b10", "bc"])
    );
    let p = pos(&[("a7", "K"), ("k5", "k")], W);
    assert_eq!(
        moves_from(&p, "a7"),
        targets("a7", &["a6", "a8", "b6", "b7", "b8"])
    );
}

#[test]
fn s1_white_moves_first() {
    assert_eq!(Position::new().turn(), Color::White);
    assert_eq!(Game::new().turn(), Color::White);
}

/// White non-royals placed so that bc is geometrically one of their targets:
/// R a9 (left), D b9 (-2,0), N b10 (-2,-1), C c8 (-3,+1), F a10 (-1,-1),
/// E b7 (-2,+2), pawn a8 (diagonal forward to (-1,9)).
fn near_bc_leapers(bc_occupant: Option<&str>) -> Position {
    let mut v = vec![
        ("f1", "K"),
        ("k5", "k"),
        ("a9", "R"),
        ("b9", "D"),
        ("b10", "N"),
        ("c8", "C"),
        ("a10", "F"),
        ("b7", "E"),
        ("a8", "PR"),
    ];
    if let Some(t) = bc_occupant {
        v.push(("bc", t));
    }
    pos(&v, W)
}

#[test]
fn s1_no_piece_but_a_royal_lands_on_a_citadel_leapers_and_rook() {
    for occupant in [None, Some("a")] {
        let p = near_bc_leapers(occupant);
        // Rook a9: bc (left) forbidden, b9/a10/a8 own pieces -> no move.
        assert_eq!(moves_from(&p, "a9"), set(&[]));
        // Dabbaba b9: bc forbidden, d9, b7 own, b11 off board.
        assert_eq!(moves_from(&p, "b9"), set(&["b9d9"]));
        // Knight b10: bc forbidden, d9, a8 own, c8 own.
        assert_eq!(moves_from(&p, "b10"), set(&["b10d9"]));
        // Camel c8: bc forbidden, f9, f7, b5, d5.
        assert_eq!(
            moves_from(&p, "c8"),
            targets("c8", &["f9", "f7", "b5", "d5"])
        );
        // Ferz a10: bc forbidden, b9 own.
        assert_eq!(moves_from(&p, "a10"), set(&[]));
        // Elephant b7: bc forbidden, d9, d5.
        assert_eq!(moves_from(&p, "b7"), targets("b7", &["d9", "d5"]));
        // Pawn a8: a9 own, captures only b9 (own) / bc (never).
        assert_eq!(moves_from(&p, "a8"), set(&[]));
        assert!(p.legal_moves().iter().all(|m| m.to != Square::BC));
        // No piece attacks a citadel.
        assert!(!p.is_attacked(Square::BC, Color::White));
        assert!(p.attackers(Square::BC, Color::White).is_empty());
    }
}

#[test]
fn s1_no_piece_but_a_royal_lands_on_a_citadel_talia_and_giraffe() {
    for occupant in [None, Some("a")] {
        let mut v = vec![("f1", "K"), ("k5", "k"), ("c6", "T"), ("d10", "G")];
        if let Some(t) = occupant {
            v.push(("bc", t));
        }
        let p = pos(&v, W);
        // Talia c6: up-left b7 (adjacent), a8, then bc: forbidden.
        // up-right e8 f9 g10; down-left a4; down-right e4 f3 g2 h1.
        assert_eq!(
            moves_from(&p, "c6"),
            targets(
                "c6",
                &["a8", "e8", "f9", "g10", "a4", "e4", "f3", "g2", "h1"]
            )
        );
        // Giraffe d10: via c9 going left: b9, a9, bc (third square) forbidden;
        // via c9 going down: c8, c7, then the own talia c6 (blocked);
        // via e9 going right: f9, g9, then h9..k9; going down: e6..e1.
        assert_eq!(
            moves_from(&p, "d10"),
            targets(
                "d10",
                &["h9", "i9", "j9", "k9", "e6", "e5", "e4", "e3", "e2", "e1"]
            )
        );
        assert!(p.legal_moves().iter().all(|m| m.to != Square::BC));
        assert!(!p.is_attacked(Square::BC, Color::White));
    }
}

#[test]
fn s1_no_black_piece_lands_on_or_attacks_white_citadel() {
    // Black pieces with wc = (11,2) as a geometric target: r k2, n j1,
    // c i1, f k1, d j2, e j4, pawn k3 (captures diagonally down to (11,2)).
    for occupant in [None, Some("A")] {
        let mut v = vec![
            ("f10", "K"),
            ("a5", "k"),
            ("k2", "r"),
            ("j1", "n"),
            ("i1", "c"),
            ("k1", "f"),
            ("j2", "d"),
            ("j4", "e"),
            ("k3", "pr"),
        ];
        if let Some(t) = occupant {
            v.push(("wc", t));
        }
        let p = pos(&v, B);
        assert_eq!(moves_from(&p, "k2"), set(&[]));
        assert_eq!(moves_from(&p, "j1"), targets("j1", &["h2", "i3"]));
        assert_eq!(moves_from(&p, "i1"), targets("i1", &["f2", "h4"]));
        assert_eq!(moves_from(&p, "k1"), set(&[]));
        assert_eq!(moves_from(&p, "j2"), targets("j2", &["h2"]));
        assert_eq!(moves_from(&p, "j4"), targets("j4", &["h2", "h6"]));
        assert_eq!(moves_from(&p, "k3"), set(&[]));
        assert!(p.legal_moves().iter().all(|m| m.to != Square::WC));
        assert!(!p.is_attacked(Square::WC, Color::Black));
        assert!(p.attackers(Square::WC, Color::Black).is_empty());
    }
}

// ---------------------------------------------------------------------------
// 2. Pieces on an open board and with blockers
// ---------------------------------------------------------------------------

/// White piece `tok` on f5, White King a1, Black King k1: nothing else.
fn open_f5(tok: &str) -> Position {
    pos(&[("a1", "K"), ("k1", "k"), ("f5", tok)], W)
}

const KING_RING_F5: [&str; 8] = ["e4", "e5", "e6", "f4", "f6", "g4", "g5", "g6"];

#[test]
fn s2_king_steps_one_square_any_direction() {
    let p = pos(&[("f5", "K"), ("k1", "k")], W);
    assert_eq!(moves_from(&p, "f5"), targets("f5", &KING_RING_F5));
    let p = pos(&[("a1", "K"), ("k10", "k")], W);
    assert_eq!(moves_from(&p, "a1"), targets("a1", &["a2", "b1", "b2"]));
}

#[test]
fn s2_prince_and_adventitious_king_move_as_king() {
    assert_eq!(
        moves_from(&open_f5("S"), "f5"),
        targets("f5", &KING_RING_F5)
    );
    assert_eq!(
        moves_from(&open_f5("A"), "f5"),
        targets("f5", &KING_RING_F5)
    );
    // Black ones too.
    let p = pos(&[("a1", "K"), ("k1", "k"), ("f5", "s")], B);
    assert_eq!(moves_from(&p, "f5"), targets("f5", &KING_RING_F5));
    let p = pos(&[("a1", "K"), ("k1", "k"), ("f5", "a")], B);
    assert_eq!(moves_from(&p, "f5"), targets("f5", &KING_RING_F5));
}

#[test]
fn s2_king_captures_like_it_moves_but_not_into_attack() {
    // Black ferz g6 checks f5 (diagonal). Black rook a4 covers rank 4.
    // King f5: e4 f4 g4 attacked by the rook; ferz g6 attacks f5 h5 f7 h7
    // only, so e5 e6 f6 g5 and the capture g6 are fine.
    let p = pos(&[("f5", "K"), ("k1", "k"), ("g6", "f"), ("a4", "r")], W);
    assert!(p.is_check());
    assert_eq!(
        moves_from(&p, "f5"),
        targets("f5", &["e5", "e6", "f6", "g5", "g6"])
    );
    assert_eq!(legal(&p, "f5g6").capture, Some(Role::Ferz));
    // A black vizier h6 protects g6: the capture is now illegal.
    let p = pos(
        &[
            ("f5", "K"),
            ("k1", "k"),
            ("g6", "f"),
            ("a4", "r"),
            ("h6", "v"),
        ],
        W,
    );
    assert_eq!(
        moves_from(&p, "f5"),
        targets("f5", &["e5", "e6", "f6", "g5"])
    );
}

#[test]
fn s2_ferz_and_vizier() {
    assert_eq!(
        moves_from(&open_f5("F"), "f5"),
        targets("f5", &["e4", "e6", "g4", "g6"])
    );
    assert_eq!(
        moves_from(&open_f5("V"), "f5"),
        targets("f5", &["e5", "g5", "f4", "f6"])
    );
}

#[test]
fn s2_rook_open_board() {
    assert_eq!(
        moves_from(&open_f5("R"), "f5"),
        targets(
            "f5",
            &[
                "a5", "b5", "c5", "d5", "e5", "g5", "h5", "i5", "j5", "k5", "f1", "f2", "f3", "f4",
                "f6", "f7", "f8", "f9", "f10"
            ]
        )
    );
}

#[test]
fn s2_rook_blocked_and_capturing() {
    // Own ferz f7 stops the rook at f6; black vizier c5 is captured, no further.
    let p = pos(
        &[
            ("a1", "K"),
            ("k1", "k"),
            ("f5", "R"),
            ("f7", "F"),
            ("c5", "v"),
        ],
        W,
    );
    assert_eq!(
        moves_from(&p, "f5"),
        targets(
            "f5",
            &["f6", "e5", "d5", "c5", "g5", "h5", "i5", "j5", "k5", "f4", "f3", "f2", "f1"]
        )
    );
    assert_eq!(legal(&p, "f5c5").capture, Some(Role::Vizier));
}

#[test]
fn s2_knight_leaps() {
    let all8 = ["d4", "d6", "e3", "e7", "g3", "g7", "h4", "h6"];
    assert_eq!(moves_from(&open_f5("N"), "f5"), targets("f5", &all8));
    // Surrounded by its own ferzes it still jumps; own piece d4 excluded,
    // black vizier g7 captured.
    let mut v = vec![
        ("a1", "K"),
        ("k1", "k"),
        ("f5", "N"),
        ("d4", "F"),
        ("g7", "v"),
    ];
    for s in KING_RING_F5 {
        v.push((s, "F"));
    }
    let p = pos(&v, W);
    assert_eq!(
        moves_from(&p, "f5"),
        targets("f5", &["d6", "e3", "e7", "g3", "g7", "h4", "h6"])
    );
}

#[test]
fn s2_elephant_jumps_two_diagonally() {
    assert_eq!(
        moves_from(&open_f5("E"), "f5"),
        targets("f5", &["d3", "d7", "h3", "h7"])
    );
    let mut v = vec![
        ("a1", "K"),
        ("k1", "k"),
        ("f5", "E"),
        ("d7", "F"),
        ("h7", "v"),
    ];
    for s in KING_RING_F5 {
        v.push((s, "F"));
    }
    let p = pos(&v, W);
    assert_eq!(moves_from(&p, "f5"), targets("f5", &["d3", "h3", "h7"]));
    assert_eq!(legal(&p, "f5h7").capture, Some(Role::Vizier));
}

#[test]
fn s2_camel_jumps_three_one() {
    let all8 = ["c4", "c6", "i4", "i6", "e2", "e8", "g2", "g8"];
    assert_eq!(moves_from(&open_f5("C"), "f5"), targets("f5", &all8));
    let mut v = vec![
        ("a1", "K"),
        ("k1", "k"),
        ("f5", "C"),
        ("c4", "F"),
        ("i6", "v"),
    ];
    for s in KING_RING_F5 {
        v.push((s, "F"));
    }
    let p = pos(&v, W);
    assert_eq!(
        moves_from(&p, "f5"),
        targets("f5", &["c6", "i4", "i6", "e2", "e8", "g2", "g8"])
    );
}

#[test]
fn s2_dabbaba_jumps_two_orthogonally() {
    assert_eq!(
        moves_from(&open_f5("D"), "f5"),
        targets("f5", &["d5", "h5", "f3", "f7"])
    );
    let mut v = vec![
        ("a1", "K"),
        ("k1", "k"),
        ("f5", "D"),
        ("f7", "F"),
        ("d5", "v"),
    ];
    for s in KING_RING_F5 {
        v.push((s, "F"));
    }
    let p = pos(&v, W);
    assert_eq!(moves_from(&p, "f5"), targets("f5", &["d5", "h5", "f3"]));
}

#[test]
fn s2_talia_open_board_at_least_two_squares() {
    // Never the adjacent diagonal squares e4 e6 g4 g6.
    assert_eq!(
        moves_from(&open_f5("T"), "f5"),
        targets(
            "f5",
            &[
                "h7", "i8", "j9", "k10", "d7", "c8", "b9", "a10", "h3", "i2", "j1", "d3", "c2",
                "b1"
            ]
        )
    );
}

#[test]
fn s2_talia_blocked_by_adjacent_diagonal_square() {
    // Own vizier g6 blocks the whole up-right direction; black vizier e4
    // blocks down-left (and cannot be captured: it is only one square away);
    // up-left e6 empty, black knight d7 captured; down-right h3, own ferz i2.
    let p = pos(
        &[
            ("a1", "K"),
            ("k1", "k"),
            ("f5", "T"),
            ("g6", "V"),
            ("e4", "v"),
            ("d7", "n"),
            ("i2", "F"),
        ],
        W,
    );
    assert_eq!(moves_from(&p, "f5"), targets("f5", &["d7", "h3"]));
    // The talia does not attack the adjacent e4; it attacks d7.
    assert!(!p.is_attacked(sq("e4"), Color::White));
    assert!(p.is_attacked(sq("d7"), Color::White));
    assert!(p.attackers(sq("d7"), Color::White).contains(sq("f5")));
}

#[test]
fn s2_giraffe_spec_example_from_d2() {
    // d2 via e3: up e6..e10, right h3..k3; via c3: up c6..c10 (left only
    // b3 a3: too short); via e1: right h1..k1; via c1: left too short.
    let p = pos(&[("a5", "K"), ("k7", "k"), ("d2", "G")], W);
    assert_eq!(
        moves_from(&p, "d2"),
        targets(
            "d2",
            &[
                "e6", "e7", "e8", "e9", "e10", "h3", "i3", "j3", "k3", "c6", "c7", "c8", "c9",
                "c10", "h1", "i1", "j1", "k1"
            ]
        )
    );
}

#[test]
fn s2_giraffe_open_board_f5_only_away_from_start() {
    // g6: up g9 g10, right j6 k6; e6: up e9 e10, left b6 a6;
    // g4: down g1, right j4 k4; e4: down e1, left b4 a4.
    assert_eq!(
        moves_from(&open_f5("G"), "f5"),
        targets(
            "f5",
            &[
                "g9", "g10", "j6", "k6", "e9", "e10", "b6", "a6", "g1", "j4", "k4", "e1", "b4",
                "a4"
            ]
        )
    );
    // Black giraffe f6 (the same figure turned round).
    let p = pos(&[("a10", "K"), ("k10", "k"), ("f6", "g")], B);
    assert_eq!(
        moves_from(&p, "f6"),
        targets(
            "f6",
            &[
                "g10", "j7", "k7", "e10", "b7", "a7", "g2", "g1", "j5", "k5", "e2", "e1", "b5",
                "a5"
            ]
        )
    );
}

#[test]
fn s2_giraffe_diagonal_square_occupied() {
    // Own ferz on e3: neither e-up nor rank-3-right routes exist.
    let p = pos(&[("a5", "K"), ("k7", "k"), ("d2", "G"), ("e3", "F")], W);
    assert_eq!(
        moves_from(&p, "d2"),
        targets(
            "d2",
            &["c6", "c7", "c8", "c9", "c10", "h1", "i1", "j1", "k1"]
        )
    );
}

#[test]
fn s2_giraffe_path_blockers_and_captures() {
    // e-up: e6, e7, capture black knight e8, stop.
    // rank 3 right: h3 only (own vizier i3).
    // c-up: black ferz c5 is the second path square: blocked, not capturable.
    // rank 1 right: f1 g1 empty, black ferz h1 captured.
    let p = pos(
        &[
            ("a5", "K"),
            ("k7", "k"),
            ("d2", "G"),
            ("e8", "n"),
            ("i3", "V"),
            ("c5", "f"),
            ("h1", "f"),
        ],
        W,
    );
    assert_eq!(
        moves_from(&p, "d2"),
        targets("d2", &["e6", "e7", "e8", "h3", "h1"])
    );
    assert!(p.is_attacked(sq("h1"), Color::White));
    assert!(p.is_attacked(sq("e8"), Color::White));
    assert!(!p.is_attacked(sq("c5"), Color::White));
}

// ---------------------------------------------------------------------------
// 3. Pawns and promotion
// ---------------------------------------------------------------------------

#[test]
fn s3_pawn_single_step_only_even_first_move() {
    let p = pos(&[("a1", "K"), ("k10", "k"), ("e3", "PR")], W);
    assert_eq!(moves_from(&p, "e3"), set(&["e3e4"]));
    let p = pos(&[("a1", "K"), ("k10", "k"), ("e8", "pr")], B);
    assert_eq!(moves_from(&p, "e8"), set(&["e8e7"]));
    // Initial position: every pawn has exactly its single step.
    let p = Position::new();
    for f in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"] {
        let from = format!("{f}3");
        assert_eq!(moves_from(&p, &from), vec![format!("{f}3{f}4")]);
    }
    assert!(p.parse_move("e3e5").is_err());
}

#[test]
fn s3_pawn_captures_diagonally_forward_not_straight() {
    // White pawn e5: black vizier e6 in front (no move, no capture),
    // black knight d6 capturable, own ferz f6 not.
    let p = pos(
        &[
            ("a1", "K"),
            ("k10", "k"),
            ("e5", "PN"),
            ("e6", "v"),
            ("d6", "n"),
            ("f6", "F"),
        ],
        W,
    );
    assert_eq!(moves_from(&p, "e5"), set(&["e5d6"]));
    // No backward or sideways captures: black pieces on d4, f4, d5, f5.
    let p = pos(
        &[
            ("a1", "K"),
            ("k10", "k"),
            ("e5", "PN"),
            ("d4", "n"),
            ("f4", "n"),
            ("d5", "n"),
            ("f5", "n"),
        ],
        W,
    );
    assert_eq!(moves_from(&p, "e5"), set(&["e5e6"]));
    // Black pawn moves down.
    let p = pos(
        &[
            ("a1", "K"),
            ("k10", "k"),
            ("e7", "pr"),
            ("d6", "V"),
            ("f6", "F"),
        ],
        B,
    );
    assert_eq!(moves_from(&p, "e7"), targets("e7", &["e6", "d6", "f6"]));
    // The pawn attacks d6 and f6, not e6 straight ahead.
    assert!(p.attackers(sq("d6"), Color::Black).contains(sq("e7")));
    assert!(p.attackers(sq("f6"), Color::Black).contains(sq("e7")));
    assert!(!p.attackers(sq("e6"), Color::Black).contains(sq("e7")));
}

#[test]
fn s3_no_castling() {
    // Initial position: the King's only move is f2f1.
    assert_eq!(moves_from(&Position::new(), "f2"), set(&["f2f1"]));
}

const PROMOTIONS: [(&str, Role); 10] = [
    ("PR", Role::Rook),
    ("PN", Role::Knight),
    ("PT", Role::Talia),
    ("PG", Role::Giraffe),
    ("PF", Role::Ferz),
    ("PV", Role::Vizier),
    ("PE", Role::Elephant),
    ("PC", Role::Camel),
    ("PD", Role::Dabbaba),
    ("PK", Role::Prince),
];

#[test]
fn s3_white_promotion_of_each_pawn_kind_even_if_piece_exists() {
    for (tok, role) in PROMOTIONS {
        // The piece of that kind is still on the board (c1).
        let existing = Piece::new(Color::White, role).token();
        let mut p = pos(
            &[("a1", "K"), ("k5", "k"), ("e9", tok), ("c1", &existing)],
            "w - 00 7 3",
        );
        assert_eq!(moves_from(&p, "e9"), set(&["e9e10"]), "{tok}");
        let m = play(&mut p, "e9e10");
        assert_eq!(m.kind, MoveKind::Promotion(role), "{tok}");
        assert_eq!(at(&p, "e10"), white(role), "{tok}");
        assert_eq!(at(&p, "c1"), white(role), "{tok}");
        assert_eq!(at(&p, "e9"), None);
        assert_eq!(p.halfmoves(), 0);
    }
}

#[test]
fn s3_black_promotion_of_each_pawn_kind() {
    for (tok, role) in PROMOTIONS {
        let ptok = tok.to_ascii_lowercase();
        let existing = Piece::new(Color::Black, role).token();
        let mut p = pos(
            &[("a5", "K"), ("k5", "k"), ("e2", &ptok), ("c10", &existing)],
            B,
        );
        assert_eq!(moves_from(&p, "e2"), set(&["e2e1"]), "{tok}");
        let m = play(&mut p, "e2e1");
        assert_eq!(m.kind, MoveKind::Promotion(role), "{tok}");
        assert_eq!(at(&p, "e1"), black(role), "{tok}");
    }
}

#[test]
fn s3_capture_promotion_and_pawn_of_kings_makes_a_royal() {
    let mut p = pos(&[("a1", "K"), ("k5", "k"), ("e9", "PR"), ("d10", "n")], W);
    assert_eq!(moves_from(&p, "e9"), targets("e9", &["e10", "d10"]));
    let m = play(&mut p, "e9d10");
    assert_eq!(m.kind, MoveKind::Promotion(Role::Rook));
    assert_eq!(m.capture, Some(Role::Knight));
    assert_eq!(at(&p, "d10"), white(Role::Rook));

    let mut p = pos(&[("a1", "K"), ("k5", "k"), ("e9", "PK")], W);
    assert_eq!(p.royals(Color::White).count(), 1);
    play(&mut p, "e9e10");
    assert_eq!(at(&p, "e10"), white(Role::Prince));
    assert_eq!(p.royals(Color::White).count(), 2);
}

// ---------------------------------------------------------------------------
// 3.1 Pawn of pawns
// ---------------------------------------------------------------------------

#[test]
fn s3_1_first_arrival_waits_on_last_rank() {
    let mut p = pos(&[("a1", "K"), ("k5", "k"), ("e9", "PP")], "w - 00 4 1");
    let m = play(&mut p, "e9e10");
    assert_eq!(m.kind, MoveKind::Arrival(Arrival::First));
    assert_eq!(at(&p, "e10"), white(Role::PawnOfPawns));
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 1);
    assert_eq!(p.pawn_of_pawns_stage(Color::Black), 0);
    assert_eq!(p.to_tfen(), "4PP6/11/11/11/11/10k/11/11/11/K10 b - 10 0 1");

    let mut p = pos(&[("a1", "K"), ("k5", "k"), ("e2", "pp")], B);
    let m = play(&mut p, "e2e1");
    assert_eq!(m.kind, MoveKind::Arrival(Arrival::First));
    assert_eq!(at(&p, "e1"), black(Role::PawnOfPawns));
    assert_eq!(p.pawn_of_pawns_stage(Color::Black), 1);
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 0);
}

#[test]
fn s3_1_waiting_pawn_cannot_be_captured_and_blocks() {
    // White PP waiting on e10 (stage 1). Black rooks a10 and e5, Black King d9.
    let v = [
        ("b1", "K"),
        ("e10", "PP"),
        ("a10", "r"),
        ("e5", "r"),
        ("d9", "k"),
    ];
    let p = pos(&v, "b - 10 0 1");
    // Rook a10: right b10 c10 d10 (e10 neither capturable nor passable),
    // down a9..a1.
    assert_eq!(
        moves_from(&p, "a10"),
        targets(
            "a10",
            &["b10", "c10", "d10", "a9", "a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1"]
        )
    );
    // Rook e5: up to e9 only; down e4..e1; left d5..a5; right f5..k5.
    assert_eq!(
        moves_from(&p, "e5"),
        targets(
            "e5",
            &[
                "e6", "e7", "e8", "e9", "e4", "e3", "e2", "e1", "d5", "c5", "b5", "a5", "f5", "g5",
                "h5", "i5", "j5", "k5"
            ]
        )
    );
    // King d9 may not take it either.
    assert_eq!(
        moves_from(&p, "d9"),
        targets("d9", &["c8", "c9", "c10", "d8", "d10", "e8", "e9"])
    );
    // It attacks nothing.
    for s in Square::all() {
        assert!(
            !p.attackers(s, Color::White).contains(sq("e10")),
            "waiting pawn attacks {s}"
        );
    }
    // It has no moves of its own (no placement square exists here).
    let p = pos(&v, "w - 10 0 1");
    assert_eq!(moves_from(&p, "e10"), set(&[]));
}

/// White PP waiting on e10 at stage 1, Black rook c6 and knight e6, so d5
/// attacks two black pieces. White King a1, Black King k10.
pub(super) fn placement_position(extra: &[(&str, &str)], tail: &str) -> Position {
    let mut v = vec![
        ("a1", "K"),
        ("k10", "k"),
        ("e10", "PP"),
        ("c6", "r"),
        ("e6", "n"),
    ];
    v.extend_from_slice(extra);
    pos(&v, tail)
}

#[test]
fn s3_1_placement_onto_empty_double_attack_square() {
    let mut p = placement_position(&[], "w - 10 37 20");
    // Pairs of black pieces on one rank two files apart: only c6/e6 -> d5.
    assert_eq!(moves_from(&p, "e10"), set(&["e10d5"]));
    let m = play(&mut p, "e10d5");
    assert_eq!(m.kind, MoveKind::Placement);
    assert_eq!(m.role, Role::PawnOfPawns);
    assert_eq!(m.capture, None);
    assert_eq!(at(&p, "d5"), white(Role::PawnOfPawns));
    assert_eq!(at(&p, "e10"), None);
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 1);
    // A placement is a pawn move: the clock is reset.
    assert_eq!(p.halfmoves(), 0);
    // From there it captures like an ordinary pawn.
    play(&mut p, "k10k9");
    assert_eq!(moves_from(&p, "d5"), targets("d5", &["d6", "c6", "e6"]));
}

#[test]
fn s3_1_placement_needs_an_empty_square() {
    let p = placement_position(&[("d5", "V")], "w - 10 0 1");
    assert_eq!(moves_from(&p, "e10"), set(&[]));
    let p = placement_position(&[("d5", "f")], "w - 10 0 1");
    assert_eq!(moves_from(&p, "e10"), set(&[]));
}

#[test]
fn s3_1_placement_royals_count_as_targets() {
    // Black knight e6 and Black King g6: f5 attacks both.
    let p = pos(
        &[("a1", "K"), ("g6", "k"), ("e10", "PP"), ("e6", "n")],
        "w - 10 0 1",
    );
    assert_eq!(moves_from(&p, "e10"), set(&["e10f5"]));
}

#[test]
fn s3_1_placement_needs_two_capturable_pieces() {
    // a8 would "attack" b9 and bc, but a piece on a citadel is never
    // capturable: no placement.
    let p = pos(
        &[
            ("a1", "K"),
            ("k10", "k"),
            ("e10", "PP"),
            ("bc", "a"),
            ("b9", "r"),
        ],
        "w - 10 0 1",
    );
    assert_eq!(moves_from(&p, "e10"), set(&[]));
    // Only one black piece in reach of a square: no placement.
    let p = pos(
        &[("a1", "K"), ("k10", "k"), ("e10", "PP"), ("c6", "r")],
        "w - 10 0 1",
    );
    assert_eq!(moves_from(&p, "e10"), set(&[]));
}

#[test]
fn s3_1_placement_onto_own_first_rank() {
    // Black knights b2 and d2: c1 attacks both.
    let mut p = pos(
        &[
            ("a1", "K"),
            ("k10", "k"),
            ("e10", "PP"),
            ("b2", "n"),
            ("d2", "n"),
        ],
        "w - 10 0 1",
    );
    assert_eq!(moves_from(&p, "e10"), set(&["e10c1"]));
    play(&mut p, "e10c1");
    assert_eq!(at(&p, "c1"), white(Role::PawnOfPawns));
    // Such a position is valid TFEN and round-trips.
    let t = p.to_tfen();
    assert_eq!(t, "10k/11/11/11/11/11/11/11/1n1n7/K1PP8 b - 10 0 1");
    assert_eq!(tfen(&t), p);
    play(&mut p, "k10k9");
    // Single step forward, captures diagonally.
    assert_eq!(moves_from(&p, "c1"), targets("c1", &["c2", "b2", "d2"]));
}

#[test]
fn s3_1_placement_is_optional_and_may_wait() {
    let mut p = placement_position(&[], "w - 10 0 1");
    let all = all_moves(&p);
    assert!(all.contains(&"e10d5".to_string()));
    assert!(all.contains(&"a1a2".to_string()));
    play(&mut p, "a1a2");
    play(&mut p, "k10k9");
    assert_eq!(moves_from(&p, "e10"), set(&["e10d5"]));
}

#[test]
fn s3_1_placement_exposing_the_royal_is_illegal() {
    // White King a10, black rook k10: the waiting pawn on e10 is the only
    // thing between them. Lifting it to d5 would expose the King.
    let p = pos(
        &[
            ("a10", "K"),
            ("k10", "r"),
            ("k1", "k"),
            ("e10", "PP"),
            ("c6", "r"),
            ("e6", "n"),
        ],
        "w - 10 0 1",
    );
    assert!(!p.is_check());
    assert_eq!(moves_from(&p, "e10"), set(&[]));
    let err = p.parse_move("e10d5").unwrap_err();
    assert!(matches!(err, MoveError::Illegal(_)));
}

#[test]
fn s3_1_second_arrival_goes_to_f3_when_empty() {
    let base = [("a1", "K"), ("k5", "k"), ("e9", "PP"), ("d10", "n")];
    let p0 = pos(&base, "w - 10 9 1");
    assert_eq!(moves_from(&p0, "e9"), targets("e9", &["e10", "d10"]));

    let mut p = p0.clone();
    let m = play(&mut p, "e9e10");
    assert_eq!(m.to_string(), "e9e10");
    assert_eq!(m.kind, MoveKind::Arrival(Arrival::SecondToReturnSquare));
    assert_eq!(at(&p, "e10"), None);
    assert_eq!(at(&p, "e9"), None);
    assert_eq!(at(&p, "f3"), white(Role::PawnOfPawns));
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 2);
    assert_eq!(p.halfmoves(), 0);

    // With a capture on the arrival square.
    let mut p = p0.clone();
    let m = play(&mut p, "e9d10");
    assert_eq!(m.kind, MoveKind::Arrival(Arrival::SecondToReturnSquare));
    assert_eq!(m.capture, Some(Role::Knight));
    assert_eq!(at(&p, "d10"), None);
    assert_eq!(at(&p, "f3"), white(Role::PawnOfPawns));
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 2);
    // After that it is an ordinary pawn again.
    play(&mut p, "k5k4");
    assert_eq!(moves_from(&p, "f3"), set(&["f3f4"]));

    // Black: back to f8.
    let mut p = pos(&[("a5", "K"), ("k5", "k"), ("e2", "pp")], "b - 01 0 1");
    let m = play(&mut p, "e2e1");
    assert_eq!(m.kind, MoveKind::Arrival(Arrival::SecondToReturnSquare));
    assert_eq!(at(&p, "f8"), black(Role::PawnOfPawns));
    assert_eq!(at(&p, "e1"), None);
    assert_eq!(p.pawn_of_pawns_stage(Color::Black), 2);
}

#[test]
fn s3_1_second_arrival_waits_when_f3_occupied_then_transfer() {
    // Own vizier on f3. Black rook c6 + knight e6 make d5 a double-attack
    // square, but placement is a stage-1 move only.
    let mut p = pos(
        &[
            ("a1", "K"),
            ("k5", "k"),
            ("e9", "PP"),
            ("f3", "V"),
            ("c6", "r"),
            ("e6", "n"),
        ],
        "w - 10 0 1",
    );
    let m = play(&mut p, "e9e10");
    assert_eq!(m.kind, MoveKind::Arrival(Arrival::SecondWaiting));
    assert_eq!(at(&p, "e10"), white(Role::PawnOfPawns));
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 2);
    play(&mut p, "k5k4");
    // Waiting at stage 2 with f3 occupied: no move at all.
    assert_eq!(moves_from(&p, "e10"), set(&[]));
    play(&mut p, "f3g3");
    play(&mut p, "k4k5");
    assert_eq!(p.halfmoves(), 3);
    assert_eq!(moves_from(&p, "e10"), set(&["e10f3"]));
    let m = play(&mut p, "e10f3");
    assert_eq!(m.kind, MoveKind::Transfer);
    assert_eq!(at(&p, "f3"), white(Role::PawnOfPawns));
    assert_eq!(at(&p, "e10"), None);
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 2);
    // A transfer is a pawn move.
    assert_eq!(p.halfmoves(), 0);
    play(&mut p, "k5k4");
    assert_eq!(moves_from(&p, "f3"), set(&["f3f4"]));
}

#[test]
fn s3_1_transfer_needs_an_empty_return_square() {
    let base = [("a1", "K"), ("k5", "k"), ("e10", "PP")];
    let mut v = base.to_vec();
    v.push(("f3", "n"));
    assert_eq!(moves_from(&pos(&v, "w - 20 0 1"), "e10"), set(&[]));
    let mut v = base.to_vec();
    v.push(("f3", "F"));
    assert_eq!(moves_from(&pos(&v, "w - 20 0 1"), "e10"), set(&[]));
    assert_eq!(
        moves_from(&pos(&base, "w - 20 0 1"), "e10"),
        set(&["e10f3"])
    );
    // At stage 1 the waiting pawn is never transferred (f3 is not a
    // double-attack square here).
    assert_eq!(moves_from(&pos(&base, "w - 10 0 1"), "e10"), set(&[]));
    // Black transfer to f8.
    let p = pos(&[("a1", "K"), ("k5", "k"), ("e1", "pp")], "b - 02 0 1");
    assert_eq!(moves_from(&p, "e1"), set(&["e1f8"]));
}

#[test]
fn s3_1_second_arrival_judged_with_pawn_on_f3_no_fallback() {
    // White King a10 in check from the black rook k10 along rank 10.
    // e9e10 at stage 1 sends the pawn to f3 (empty), which leaves the
    // check: illegal, even though waiting on e10 would have blocked it.
    let v = [("a10", "K"), ("k10", "r"), ("k1", "k"), ("e9", "PP")];
    let p = pos(&v, "w - 10 0 1");
    assert!(p.is_check());
    assert_eq!(moves_from(&p, "e9"), set(&[]));
    assert!(p.parse_move("e9e10").is_err());
    // With f3 occupied, it waits on e10 and blocks the check.
    let mut v2 = v.to_vec();
    v2.push(("f3", "V"));
    let p = pos(&v2, "w - 10 0 1");
    assert_eq!(moves_from(&p, "e9"), set(&["e9e10"]));
    assert_eq!(
        legal(&p, "e9e10").kind,
        MoveKind::Arrival(Arrival::SecondWaiting)
    );
}

#[test]
fn s3_1_second_arrival_to_f3_may_block_a_check() {
    // White King f1 in check from the black rook f10 down the f-file.
    let v = [("f1", "K"), ("f10", "r"), ("k5", "k"), ("e9", "PP")];
    // Stage 1: e9e10 puts the pawn on f3, blocking: legal. e9f10 captures.
    let p = pos(&v, "w - 10 0 1");
    assert!(p.is_check());
    assert_eq!(moves_from(&p, "e9"), targets("e9", &["e10", "f10"]));
    // Stage 0: a first arrival waits on e10 and does not block.
    let p = pos(&v, W);
    assert_eq!(moves_from(&p, "e9"), targets("e9", &["f10"]));
}

#[test]
fn s3_1_third_arrival_makes_an_adventitious_king() {
    let mut p = pos(&[("a1", "K"), ("k5", "k"), ("e9", "PP")], "w - 20 0 1");
    let m = play(&mut p, "e9e10");
    assert_eq!(m.kind, MoveKind::Promotion(Role::AdventitiousKing));
    assert_eq!(at(&p, "e10"), white(Role::AdventitiousKing));
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 2);
    assert_eq!(p.royals(Color::White).count(), 2);
    // Black's third arrival.
    let mut p = pos(&[("a1", "K"), ("k5", "k"), ("e2", "pp")], "b - 02 0 1");
    play(&mut p, "e2e1");
    assert_eq!(at(&p, "e1"), black(Role::AdventitiousKing));
    assert_eq!(p.pawn_of_pawns_stage(Color::Black), 2);
}

#[test]
fn s3_1_stage_unchanged_when_pawn_or_its_king_is_captured() {
    for stages in ["10", "20"] {
        // Black rook e8 takes the white pawn of pawns on e5.
        let mut p = pos(
            &[("a1", "K"), ("k10", "k"), ("e5", "PP"), ("e8", "r")],
            &format!("b - {stages} 0 1"),
        );
        let before = p.pawn_of_pawns_stage(Color::White);
        let m = play(&mut p, "e8e5");
        assert_eq!(m.capture, Some(Role::PawnOfPawns));
        assert_eq!(p.pawn_of_pawns_stage(Color::White), before);
    }
    // The Adventitious King it became is captured: stage stays 2.
    let mut p = pos(
        &[("a1", "K"), ("k10", "k"), ("e5", "A"), ("e8", "r")],
        "b - 20 0 1",
    );
    play(&mut p, "e8e5");
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 2);
}

// ---------------------------------------------------------------------------
// 4. Royals, check, king swap
// ---------------------------------------------------------------------------

#[test]
fn s4_royals_attack_too() {
    // Black King e7 covers d6 e6 f6.
    let p = pos(&[("e5", "K"), ("e7", "k")], W);
    assert_eq!(
        moves_from(&p, "e5"),
        targets("e5", &["d4", "d5", "e4", "f4", "f5"])
    );
    assert!(p.is_attacked(sq("e6"), Color::Black));
    assert!(p.attackers(sq("e6"), Color::Black).contains(sq("e7")));
}

#[test]
fn s4_attack_ignores_legality_of_the_attacker() {
    // Black rook k8 is pinned to its King k10 by the white rook k1, yet it
    // attacks the white King e8 along rank 8.
    let p = pos(&[("e8", "K"), ("k1", "R"), ("k8", "r"), ("k10", "k")], W);
    assert!(p.is_check());
    assert!(p.is_attacked(sq("e8"), Color::Black));
    assert!(p.attackers(sq("e8"), Color::Black).contains(sq("k8")));
    // The King may not stay on rank 8 (d8 is attacked once e8 is vacated).
    assert_eq!(
        moves_from(&p, "e8"),
        targets("e8", &["d7", "d9", "e7", "e9", "f7", "f9"])
    );
}

#[test]
fn s4_single_royal_pinned_piece() {
    // White rook e4 pinned by the black rook e9 against the King e1.
    let p = pos(&[("e1", "K"), ("e4", "R"), ("e9", "r"), ("k10", "k")], W);
    assert_eq!(
        moves_from(&p, "e4"),
        targets("e4", &["e2", "e3", "e5", "e6", "e7", "e8", "e9"])
    );
    match p.parse_move("e4d4") {
        Err(MoveError::Illegal(e)) => {
            assert_eq!(e.reason, IllegalReason::LeavesRoyalAttacked);
            assert_eq!(e.text, "e4d4");
        }
        other => panic!("e4d4 should be illegal, got {other:?}"),
    }
}

#[test]
fn s4_several_royals_may_be_left_or_put_under_attack() {
    // White King a1 attacked by the black rook a8; White also has a Prince e5.
    let p = pos(&[("a1", "K"), ("e5", "S"), ("a8", "r"), ("k10", "k")], W);
    assert!(p.is_check());
    // The King may stay attacked and even step along the a-file into attack.
    assert_eq!(moves_from(&p, "a1"), targets("a1", &["a2", "b1", "b2"]));
    assert_eq!(
        moves_from(&p, "e5"),
        targets("e5", &["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"])
    );
    // No swap right here ("-"): 3 + 8 moves in all.
    assert_eq!(p.legal_moves().len(), 11);
    assert!(p.is_legal(&legal(&p, "e5e6")));
}

#[test]
fn s4_opponent_may_capture_a_royal_and_swap_right_then_gone() {
    // As above but White still has the swap right: the King is attacked,
    // so it may also swap with the Prince (e5 is not attacked).
    let mut p = pos(
        &[("a1", "K"), ("e5", "S"), ("a8", "r"), ("k10", "k")],
        "w K 00 0 1",
    );
    assert_eq!(
        moves_from(&p, "a1"),
        targets("a1", &["a2", "b1", "b2", "e5"])
    );
    assert_eq!(legal(&p, "a1e5").kind, MoveKind::KingSwap);
    play(&mut p, "e5e6");
    assert!(p.swap_right(Color::White));
    let m = play(&mut p, "a8a1");
    assert_eq!(m.capture, Some(Role::King));
    assert_eq!(at(&p, "a1"), black(Role::Rook));
    assert!(!p.swap_right(Color::White));
    assert_eq!(p.to_tfen(), "10k/11/11/11/4S6/11/11/11/11/r10 w - 00 0 2");
    assert_eq!(p.royals(Color::White).count(), 1);
    assert!(p.has_legal_moves());
}

#[test]
fn s4_promotion_creating_a_second_royal_may_leave_king_attacked() {
    // White King a1 in check from the black rook a8 (a2..a7 empty).
    // King: a2 attacked, b1 b2 fine. The pawn of kings becomes a Prince:
    // two royals, so the move is legal although the King stays attacked.
    // The pawn of rooks becoming a rook on g10 does nothing: illegal.
    let p = pos(
        &[
            ("a1", "K"),
            ("a8", "r"),
            ("k5", "k"),
            ("e9", "PK"),
            ("g9", "PR"),
        ],
        W,
    );
    assert!(p.is_check());
    assert_eq!(all_moves(&p), set(&["a1b1", "a1b2", "e9e10"]));
    assert_eq!(legal(&p, "e9e10").kind, MoveKind::Promotion(Role::Prince));
    // Pawn of pawns on g9: only the third arrival (Adventitious King)
    // helps; the first waits on g10, the second goes to f3.
    for (stages, extra) in [("00", false), ("10", false), ("20", true)] {
        let p = pos(
            &[
                ("a1", "K"),
                ("a8", "r"),
                ("k5", "k"),
                ("e9", "PK"),
                ("g9", "PP"),
            ],
            &format!("w - {stages} 0 1"),
        );
        let mut expected = vec!["a1b1", "a1b2", "e9e10"];
        if extra {
            expected.push("g9g10");
        }
        assert_eq!(all_moves(&p), set(&expected), "stages {stages}");
    }
}

#[test]
fn s4_side_with_zero_royals_has_no_legal_moves() {
    // Black to move may take the single white King (attacked by the rook a8).
    let mut p = pos(&[("a1", "K"), ("e4", "R"), ("a8", "r"), ("k10", "k")], B);
    let m = play(&mut p, "a8a1");
    assert_eq!(m.capture, Some(Role::King));
    assert!(p.royals(Color::White).is_empty());
    assert_eq!(p.turn(), Color::White);
    assert!(p.legal_moves().is_empty());
    assert!(!p.has_legal_moves());
    // No legal move = loss; the single-royal-attacked condition does not
    // hold, so it is the "stalemate" kind of loss.
    assert_eq!(p.outcome(), win(Color::Black, Termination::Stalemate));
}

#[test]
fn s4_is_check_means_any_royal_of_the_side_to_move_attacked() {
    // Only the Prince f5 is attacked (rook f10), not the King a1.
    let p = pos(&[("a1", "K"), ("f5", "S"), ("f10", "r"), ("k10", "k")], W);
    assert!(p.is_check());
    let p = pos(&[("a1", "K"), ("e5", "S"), ("f10", "r"), ("k10", "k")], W);
    assert!(!p.is_check());
}

/// The targets of the legal moves from `from` that give check.
fn checking_targets(p: &Position, from: &str) -> Vec<String> {
    let f = sq(from);
    sorted(
        p.legal_moves()
            .iter()
            .filter(|m| m.from == f && p.gives_check(m))
            .map(|m| m.to.to_string())
            .collect(),
    )
}

#[test]
fn s4_gives_check_sees_discovered_lines_and_promoted_pieces() {
    // Rook a4 behind the Knight b4, King k4: every Knight move opens the
    // line (by hand: a6 c6 d5 d3 c2 a2).
    let rook = pos(&[("a1", "K"), ("a4", "R"), ("b4", "N"), ("k4", "k")], W);
    assert_eq!(
        checking_targets(&rook, "b4"),
        ["a2", "a6", "c2", "c6", "d3", "d5"]
    );
    // Talia c1, Ferz e3 on its diagonal, King g5. The Ferz opens the line
    // by leaving it (d4, f2), checks from f4 itself, and on d2 it stands on
    // the talia's first square, which blocks the whole ray: no check.
    let talia = pos(&[("k1", "K"), ("c1", "T"), ("e3", "F"), ("g5", "k")], W);
    assert_eq!(checking_targets(&talia, "e3"), ["d4", "f2", "f4"]);
    // A pawn of rooks promoting on a10 checks as the Rook it becomes along
    // rank 10 (a pawn there would attack no square of rank 10).
    let promotion = pos(&[("k1", "K"), ("a9", "PR"), ("k10", "k")], W);
    assert_eq!(checking_targets(&promotion, "a9"), ["a10"]);
    // Every answer, for every piece, is the check after the move.
    for p in [&rook, &talia, &promotion] {
        for m in p.legal_moves().iter() {
            let mut after = p.clone();
            after.play_unchecked(m);
            assert_eq!(p.gives_check(m), after.is_check(), "{m}");
        }
    }
}

/// White King f5 in check from the black rook f10; friendly pieces:
/// R a1, N c3, pawn h2, V b10, D f1.
pub(super) fn swap_position(rights: &str) -> Position {
    pos(
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
        &format!("w {rights} 00 0 1"),
    )
}

#[test]
fn s4_king_swap_when_king_attacked() {
    let p = swap_position("K");
    assert!(p.is_check());
    // Steps: f4 f6 stay on the f-file (attacked); e4 e5 e6 g4 g5 g6 fine.
    // Swaps: a1 ok; c3 ok; f1 ok (the dabbaba on f5 then shields f1);
    // b10 not (the King would be attacked along rank 10); h2 is a pawn.
    assert_eq!(
        moves_from(&p, "f5"),
        targets(
            "f5",
            &["e4", "e5", "e6", "g4", "g5", "g6", "a1", "c3", "f1"]
        )
    );
    for s in ["f5a1", "f5c3", "f5f1"] {
        let m = legal(&p, s);
        assert_eq!(m.kind, MoveKind::KingSwap, "{s}");
        assert_eq!(m.role, Role::King);
        assert_eq!(m.from, Square::F5);
    }
    assert!(p.parse_move("f5b10").is_err());
    assert!(p.parse_move("f5h2").is_err());

    let mut q = p.clone();
    let m = play(&mut q, "f5a1");
    assert_eq!(m.to_string(), "f5a1");
    assert_eq!(m.to, Square::A1);
    assert_eq!(at(&q, "a1"), white(Role::King));
    assert_eq!(at(&q, "f5"), white(Role::Rook));
    assert!(!q.swap_right(Color::White));
    assert_eq!(
        q.to_tfen(),
        "1V3r4k/11/11/11/11/5R5/11/2N8/7PR3/K4D5 b - 00 1 1"
    );

    // Without the right: only the six King steps.
    for rights in ["-", "k"] {
        let p = swap_position(rights);
        assert_eq!(
            moves_from(&p, "f5"),
            targets("f5", &["e4", "e5", "e6", "g4", "g5", "g6"])
        );
    }
}

#[test]
fn s4_king_swap_when_no_other_legal_move() {
    // White King a1 not attacked; a2 (camel d3), b1 b2 (rook b10) are.
    // Ferz k1 has only j2 (own pawn) and wc (never). Pawn j2 is blocked by
    // the black vizier j3 and has nothing to capture.
    let v = [
        ("a1", "K"),
        ("k1", "F"),
        ("j2", "PR"),
        ("b10", "r"),
        ("d3", "c"),
        ("j3", "v"),
        ("k10", "k"),
    ];
    let p = pos(&v, "w K 00 0 1");
    assert!(!p.is_check());
    // Only the swap with the ferz (k1 is safe for the King); the pawn is
    // excluded as a partner.
    assert_eq!(all_moves(&p), set(&["a1k1"]));
    assert_eq!(p.outcome(), None);
    let mut q = p.clone();
    play(&mut q, "a1k1");
    assert_eq!(at(&q, "k1"), white(Role::King));
    assert_eq!(at(&q, "a1"), white(Role::Ferz));
    assert!(!q.swap_right(Color::White));
    // Without the right White has no legal move and loses.
    let p = pos(&v, W);
    assert!(all_moves(&p).is_empty());
    assert_eq!(p.outcome(), win(Color::Black, Termination::Stalemate));
}

#[test]
fn s4_no_swap_when_king_safe_and_other_moves_exist() {
    // Rook g10 instead of f10: the King is not attacked.
    let p = pos(
        &[
            ("f5", "K"),
            ("a1", "R"),
            ("c3", "N"),
            ("b10", "V"),
            ("f1", "D"),
            ("g10", "r"),
            ("k10", "k"),
        ],
        "w K 00 0 1",
    );
    assert!(!p.is_check());
    assert_eq!(
        moves_from(&p, "f5"),
        targets("f5", &["e4", "e5", "e6", "f4", "f6"])
    );
    assert!(p.legal_moves().iter().all(|m| m.kind != MoveKind::KingSwap));
    // Initial position: no swap among the 24 moves.
    assert!(Position::new()
        .legal_moves()
        .iter()
        .all(|m| m.kind != MoveKind::KingSwap));
}

#[test]
fn s4_no_swap_when_only_a_prince_is_attacked() {
    let p = pos(
        &[
            ("a1", "K"),
            ("f5", "S"),
            ("c3", "R"),
            ("f10", "r"),
            ("k10", "k"),
        ],
        "w K 00 0 1",
    );
    assert!(p.is_check());
    assert_eq!(moves_from(&p, "a1"), targets("a1", &["a2", "b1", "b2"]));
    assert!(p.legal_moves().iter().all(|m| m.kind != MoveKind::KingSwap));
}

#[test]
fn s4_swap_partner_prince_or_ak_not_on_citadel_king_must_end_safe() {
    // Three royals (K f5, S c3, A on wc): the King may step into attack
    // (f4, f6), may swap with the Prince, not with the AK on the citadel,
    // and not with the vizier b10 (King would be attacked there).
    let p = pos(
        &[
            ("f5", "K"),
            ("c3", "S"),
            ("wc", "A"),
            ("b10", "V"),
            ("f10", "r"),
            ("k10", "k"),
        ],
        "w K 00 0 1",
    );
    assert_eq!(
        moves_from(&p, "f5"),
        targets(
            "f5",
            &["e4", "e5", "e6", "f4", "f6", "g4", "g5", "g6", "c3"]
        )
    );
    assert_eq!(legal(&p, "f5c3").kind, MoveKind::KingSwap);
    // Adventitious King on an ordinary square is a valid partner.
    let p = pos(
        &[("f5", "K"), ("c3", "A"), ("f10", "r"), ("k10", "k")],
        "w K 00 0 1",
    );
    assert_eq!(
        moves_from(&p, "f5"),
        targets(
            "f5",
            &["e4", "e5", "e6", "f4", "f6", "g4", "g5", "g6", "c3"]
        )
    );
}

#[test]
fn s4_no_swap_with_any_pawn_kind() {
    // Partners: pawn of kings c3, waiting pawn of pawns e10 (stage 1),
    // pawn of rooks h2. None qualifies.
    let p = pos(
        &[
            ("f5", "K"),
            ("c3", "PK"),
            ("e10", "PP"),
            ("h2", "PR"),
            ("f10", "r"),
            ("k10", "k"),
        ],
        "w K 10 0 1",
    );
    assert!(p.is_check());
    assert_eq!(
        moves_from(&p, "f5"),
        targets("f5", &["e4", "e5", "e6", "g4", "g5", "g6"])
    );
    // A placed pawn of pawns (stage 2, ordinary square) neither.
    let p = pos(
        &[("f5", "K"), ("c3", "PP"), ("f10", "r"), ("k10", "k")],
        "w K 20 0 1",
    );
    assert_eq!(
        moves_from(&p, "f5"),
        targets("f5", &["e4", "e5", "e6", "g4", "g5", "g6"])
    );
}

#[test]
fn s4_black_king_swap() {
    // Black King f6 in check from the white rook f1; black knight c8.
    let p = pos(
        &[("a1", "K"), ("f1", "R"), ("f6", "k"), ("c8", "n")],
        "b k 00 0 1",
    );
    assert_eq!(
        moves_from(&p, "f6"),
        targets("f6", &["e5", "e6", "e7", "g5", "g6", "g7", "c8"])
    );
    let mut q = p.clone();
    play(&mut q, "f6c8");
    assert_eq!(at(&q, "c8"), black(Role::King));
    assert_eq!(at(&q, "f6"), black(Role::Knight));
    assert!(!q.swap_right(Color::Black));
    // White's right is White's only.
    let p = pos(
        &[("a1", "K"), ("f1", "R"), ("f6", "k"), ("c8", "n")],
        "b K 00 0 1",
    );
    assert_eq!(
        moves_from(&p, "f6"),
        targets("f6", &["e5", "e6", "e7", "g5", "g6", "g7"])
    );
}

// ---------------------------------------------------------------------------
// 5. Citadels
// ---------------------------------------------------------------------------

#[test]
fn s5_king_entering_opponent_citadel_draws_at_once() {
    let mut p = pos(&[("a9", "K"), ("k5", "k")], W);
    let m = play(&mut p, "a9bc");
    assert_eq!(m.kind, MoveKind::CitadelEntry);
    assert_eq!(m.to, Square::BC);
    assert_eq!(at(&p, "bc"), white(Role::King));
    assert_eq!(p.to_tfen(), "11/(K)11/11/11/11/10k/11/11/11/11 b - 00 1 1");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), draw(Termination::Citadel));
    // In a game (a pawn on the board: royals against royals would be over).
    let mut g = Game::from_position(pos(&[("a9", "K"), ("k5", "k"), ("c3", "PR")], W));
    game_play(&mut g, "a9bc");
    assert_eq!(g.outcome(), draw(Termination::Citadel));
    // Black into wc.
    let mut p = pos(&[("a5", "K"), ("k2", "k")], B);
    play(&mut p, "k2wc");
    assert_eq!(p.outcome(), draw(Termination::Citadel));
    assert!(p.legal_moves().is_empty());
}

#[test]
fn s5_citadel_entry_escapes_check() {
    // King a9 in check from the rook a5: a8 and a10 stay attacked.
    let p = pos(&[("a9", "K"), ("a5", "r"), ("k5", "k")], W);
    assert!(p.is_check());
    assert_eq!(
        moves_from(&p, "a9"),
        targets("a9", &["b8", "b9", "b10", "bc"])
    );
}

#[test]
fn s5_only_highest_ranked_royal_enters_opponent_citadel() {
    let has = |v: &[(&str, &str)], from: &str, to: &str| {
        let p = pos(v, W);
        moves_from(&p, from).contains(&format!("{from}{to}"))
    };
    // Prince when there is no King.
    assert!(has(&[("a9", "S"), ("k5", "k")], "a9", "bc"));
    // Prince while a King is present: no.
    assert!(!has(&[("a9", "S"), ("f1", "K"), ("k5", "k")], "a9", "bc"));
    // Two Princes and no King: both are the highest-ranked royals.
    assert!(has(&[("a9", "S"), ("f1", "S"), ("k5", "k")], "a9", "bc"));
    // Adventitious King alone: yes.
    assert!(has(&[("a9", "A"), ("k5", "k")], "a9", "bc"));
    // Adventitious King with a Prince or a King: no.
    assert!(!has(&[("a9", "A"), ("f1", "S"), ("k5", "k")], "a9", "bc"));
    assert!(!has(&[("a9", "A"), ("f1", "K"), ("k5", "k")], "a9", "bc"));
    // The King while other royals exist: yes.
    assert!(has(
        &[("a9", "K"), ("f1", "S"), ("e1", "A"), ("k5", "k")],
        "a9",
        "bc"
    ));
    // Black Prince without a King enters wc.
    let p = pos(&[("a5", "K"), ("k2", "s")], B);
    assert!(moves_from(&p, "k2").contains(&"k2wc".to_string()));
}

#[test]
fn s5_only_adventitious_king_enters_own_citadel_and_leaves() {
    // King or Prince on k2: no k2wc.
    let p = pos(&[("k2", "K"), ("a5", "k")], W);
    assert_eq!(
        moves_from(&p, "k2"),
        targets("k2", &["j1", "j2", "j3", "k1", "k3"])
    );
    let p = pos(&[("a1", "K"), ("k2", "S"), ("a5", "k")], W);
    assert_eq!(
        moves_from(&p, "k2"),
        targets("k2", &["j1", "j2", "j3", "k1", "k3"])
    );
    // Adventitious King: yes, and it is no draw (a black knight h8 keeps
    // the royals-only rule out of the way).
    let mut p = pos(&[("a1", "K"), ("k2", "A"), ("a5", "k"), ("h8", "n")], W);
    assert_eq!(
        moves_from(&p, "k2"),
        targets("k2", &["j1", "j2", "j3", "k1", "k3", "wc"])
    );
    let m = play(&mut p, "k2wc");
    assert_eq!(m.kind, MoveKind::CitadelEntry);
    assert_eq!(p.outcome(), None);
    assert!(p.has_legal_moves());
    play(&mut p, "a5a6");
    assert_eq!(moves_from(&p, "wc"), targets("wc", &["k1", "k2", "k3"]));
    let m = play(&mut p, "wck3");
    assert_eq!(m.kind, MoveKind::Normal);
    assert_eq!(at(&p, "k3"), white(Role::AdventitiousKing));
    assert_eq!(at(&p, "wc"), None);
    // Black Adventitious King into bc.
    let p = pos(&[("f1", "K"), ("k5", "k"), ("a9", "a")], B);
    assert!(moves_from(&p, "a9").contains(&"a9bc".to_string()));
}

#[test]
fn s5_adventitious_king_on_own_citadel_cannot_be_attacked() {
    // Single royal: the Adventitious King on wc. Black knight j1 "points"
    // at wc, rook k5 is on the k-file, knight k2 next to it (protected by
    // the rook). From wc: k2 capture would be attacked by the rook, k3 is
    // attacked by the rook; k1 is safe.
    let p = pos(
        &[
            ("wc", "A"),
            ("j1", "n"),
            ("k2", "n"),
            ("k5", "r"),
            ("f10", "k"),
        ],
        W,
    );
    assert!(!p.is_check());
    assert!(!p.is_attacked(Square::WC, Color::Black));
    assert!(p.attackers(Square::WC, Color::Black).is_empty());
    assert_eq!(moves_from(&p, "wc"), set(&["wck1"]));
    // With a second royal every step is allowed, including the capture.
    let p = pos(
        &[
            ("a1", "K"),
            ("wc", "A"),
            ("j1", "n"),
            ("k2", "n"),
            ("k5", "r"),
            ("f10", "k"),
        ],
        W,
    );
    assert_eq!(moves_from(&p, "wc"), targets("wc", &["k1", "k2", "k3"]));
    assert_eq!(legal(&p, "wck2").capture, Some(Role::Knight));
}

#[test]
fn s5_royal_on_citadel_attacks_its_three_neighbours() {
    // White AK on wc covers k1 k2 k3: the black King k4 may not go to k3.
    let p = pos(&[("a1", "K"), ("wc", "A"), ("k4", "k")], B);
    assert_eq!(
        moves_from(&p, "k4"),
        targets("k4", &["j3", "j4", "j5", "k5"])
    );
    for s in ["k1", "k2", "k3"] {
        assert!(p.is_attacked(sq(s), Color::White), "{s}");
        assert!(p.attackers(sq(s), Color::White).contains(Square::WC), "{s}");
    }
    for s in ["j1", "j2", "j3", "k4"] {
        assert!(!p.is_attacked(sq(s), Color::White), "{s}");
    }
    // Black AK on bc covers a8 a9 a10.
    let p = pos(&[("k1", "K"), ("bc", "a"), ("k10", "k")], W);
    for s in ["a8", "a9", "a10"] {
        assert!(p.attackers(sq(s), Color::Black).contains(Square::BC), "{s}");
    }
    assert!(!p.is_attacked(sq("a7"), Color::Black));
    assert!(!p.is_attacked(sq("b9"), Color::Black));
}

#[test]
fn s5_occupied_citadel_cannot_be_entered() {
    // Black King k2, attacked by the white AK on wc: it can neither take
    // it nor enter; k1 and k3 are attacked too.
    let p = pos(&[("a1", "K"), ("wc", "A"), ("k2", "k")], B);
    assert!(p.is_check());
    assert_eq!(moves_from(&p, "k2"), targets("k2", &["j1", "j2", "j3"]));
    // White King a9 next to the black AK on bc.
    let p = pos(&[("a9", "K"), ("bc", "a"), ("k5", "k")], W);
    assert!(p.is_check());
    assert_eq!(moves_from(&p, "a9"), targets("a9", &["b8", "b9", "b10"]));
}

#[test]
fn s5_position_with_royal_on_opponent_citadel_is_finished() {
    for t in [
        "11/(K)11/11/11/11/11/11/11/11/10k b - 00 0 1",
        "11/(K)11/11/11/11/11/11/11/11/10k w - 00 0 1",
        "11/11/11/11/11/11/11/11/11(k)/K10 w - 00 0 1",
        "11/11/11/11/11/11/11/11/R10(k)/K10 b - 00 0 1",
    ] {
        let p = tfen(t);
        assert!(p.legal_moves().is_empty(), "{t}");
        // Not a loss: the citadel rule comes first.
        assert_eq!(p.outcome(), draw(Termination::Citadel), "{t}");
        assert_eq!(Game::from_position(p).outcome(), draw(Termination::Citadel));
    }
}

// ---------------------------------------------------------------------------
// 6. End of the game
// ---------------------------------------------------------------------------

#[test]
fn s6_checkmate_loses() {
    // King a1: a-file rook a10, b-file rook b10.
    let p = pos(
        &[("a1", "K"), ("a10", "r"), ("b10", "r"), ("k5", "k")],
        "w K 00 0 1",
    );
    assert!(p.is_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), win(Color::Black, Termination::Checkmate));
    // Even past the move limit the loss is what counts.
    let p = pos(
        &[("a1", "K"), ("a10", "r"), ("b10", "r"), ("k5", "k")],
        "w - 00 300 170",
    );
    assert_eq!(p.outcome(), win(Color::Black, Termination::Checkmate));
    assert_eq!(
        Game::from_position(p).outcome(),
        win(Color::Black, Termination::Checkmate)
    );
}

#[test]
fn s6_no_legal_move_loses_before_royals_only_draw() {
    // White King a1 alone; black Prince c2 (covers b1 b2) and AK a3
    // (covers a2 b2); a1 itself not attacked. Only royals on the board.
    let p = pos(&[("a1", "K"), ("c2", "s"), ("a3", "a"), ("k10", "k")], W);
    assert!(!p.is_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), win(Color::Black, Termination::Stalemate));
}

#[test]
fn s6_royals_only_is_a_draw_but_bare_king_is_not() {
    let p = pos(&[("e2", "K"), ("e9", "k")], W);
    assert_eq!(p.outcome(), draw(Termination::RoyalsOnly));
    // Game-level rule: the moves are still there.
    assert!(p.has_legal_moves());
    let p = pos(&[("e2", "K"), ("c3", "S"), ("e9", "a")], B);
    assert_eq!(p.outcome(), draw(Termination::RoyalsOnly));
    // A bare King against a King and a rook: no result.
    let p = pos(&[("e2", "K"), ("e9", "k"), ("a9", "r")], W);
    assert_eq!(p.outcome(), None);
    assert_eq!(Game::from_position(p).outcome(), None);
}

#[test]
fn s6_outcome_given_whether_there_are_moves_is_the_same() {
    let cases = [
        // The initial position: 24 moves, no result.
        (Position::new(), None),
        // The positions of the tests above: checkmate, "stalemate" (both
        // without a legal move), royals only (with legal moves).
        (
            pos(
                &[("a1", "K"), ("a10", "r"), ("b10", "r"), ("k5", "k")],
                "w K 00 0 1",
            ),
            win(Color::Black, Termination::Checkmate),
        ),
        (
            pos(&[("a1", "K"), ("c2", "s"), ("a3", "a"), ("k10", "k")], W),
            win(Color::Black, Termination::Stalemate),
        ),
        (
            pos(&[("e2", "K"), ("e9", "k")], W),
            draw(Termination::RoyalsOnly),
        ),
        // A King on the opponent's citadel: no legal move, yet a draw.
        (
            tfen("11/(K)11/11/11/11/11/11/11/11/10k b - 00 0 1"),
            draw(Termination::Citadel),
        ),
        // Rook and King against a King, the clock at the default limit (200).
        (
            pos(&[("e2", "K"), ("e9", "k"), ("a9", "r")], "w - 00 200 101"),
            draw(Termination::MoveLimit),
        ),
    ];
    for (p, expected) in cases {
        let legal = p.legal_moves();
        assert_eq!(
            p.outcome_given_moves(!legal.is_empty()),
            expected,
            "{}",
            p.to_tfen()
        );
        assert_eq!(p.outcome(), expected, "{}", p.to_tfen());
    }
}

#[test]
fn s6_threefold_repetition_is_an_automatic_draw() {
    let mut g = Game::new();
    game_play(&mut g, "b2c4 j9i7 c4b2 i7j9");
    assert_eq!(g.repetition_count(), 2);
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "b2c4 j9i7 c4b2");
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "i7j9");
    assert_eq!(g.repetition_count(), 3);
    assert_eq!(g.outcome(), draw(Termination::Repetition));
    // Undo takes it back.
    g.undo();
    assert_eq!(g.outcome(), None);
    // Repetition is a game-level rule: the position still has moves.
    assert!(g.position().has_legal_moves());
    // The repetition count is a rule option.
    let mut g = Game::with_rules("repetition=2".parse().unwrap());
    game_play(&mut g, "b2c4 j9i7 c4b2 i7j9");
    assert_eq!(g.outcome(), draw(Termination::Repetition));
}

#[test]
fn s6_repetition_identity_includes_swap_rights() {
    // P0: White King d1 in check from the rook h1, White rook d3, swap right.
    let p0 = pos(
        &[("d1", "K"), ("d3", "R"), ("h1", "r"), ("k10", "k")],
        "w K 00 0 1",
    );
    // Repetition off: the count is what is tested here (positions in the
    // middle of the walk repeat too, and would end a default game early).
    let mut g = Game::from_position(under(&p0, "repetition=off"));
    // Swap, then walk King and rook back while the black rook leaves and
    // returns with check: same placement and turn, but no swap right.
    game_play(&mut g, "d1d3 h1h5 d3e2 h5h4 d1d3 h4h5 e2d1 h5h1");
    assert_eq!(g.moves()[0].kind, MoveKind::KingSwap);
    let q = g.position().clone();
    assert_eq!(q.board(), p0.board());
    assert_eq!(q.turn(), p0.turn());
    assert!(!q.same_position(&p0));
    assert_ne!(q.hash(), p0.hash());
    assert_eq!(g.repetition_count(), 1);
    game_play(&mut g, "d1e2 h1h5 e2d1 h5h1");
    assert_eq!(g.repetition_count(), 2);
    game_play(&mut g, "d1e2 h1h5 e2d1 h5h1");
    assert_eq!(g.repetition_count(), 3);
    assert_eq!(g.outcome(), None, "repetition is off");
}

#[test]
fn s6_repetition_identity_includes_pawn_of_pawns_stage() {
    // The pawn of pawns arrives (stage 0 -> 1) and is placed back on e9
    // (it attacks the knights d10 and f10): same placement, other stage.
    let p0 = pos(
        &[
            ("a1", "K"),
            ("e9", "PP"),
            ("d10", "n"),
            ("f10", "n"),
            ("k1", "k"),
        ],
        W,
    );
    // Repetition off: the count is what is tested here.
    let mut g = Game::from_position(under(&p0, "repetition=off"));
    game_play(&mut g, "e9e10 k1k2 e10e9 k2k1");
    assert_eq!(g.moves()[2].kind, MoveKind::Placement);
    let q = g.position().clone();
    assert_eq!(q.board(), p0.board());
    assert_eq!(q.pawn_of_pawns_stage(Color::White), 1);
    assert!(!q.same_position(&p0));
    assert_ne!(q.hash(), p0.hash());
    assert_eq!(g.repetition_count(), 1);
    game_play(&mut g, "a1a2 k1k2 a2a1 k2k1");
    assert_eq!(g.repetition_count(), 2);
    game_play(&mut g, "a1a2 k1k2 a2a1 k2k1");
    assert_eq!(g.repetition_count(), 3);
    assert_eq!(g.outcome(), None, "repetition is off");
}

#[test]
fn s6_move_limit_200_plies() {
    let t = "10k/11/11/11/11/11/1PR9/2R8/11/K10 w - 00 199 120";
    let p = tfen(t);
    assert_eq!(p.outcome(), None);
    assert_eq!(Game::from_position(p.clone()).outcome(), None);
    // A rook move: 200 plies without capture or pawn move.
    let mut q = p.clone();
    play(&mut q, "c3c5");
    assert_eq!(q.halfmoves(), 200);
    assert_eq!(q.fullmoves(), 120);
    assert_eq!(q.outcome(), draw(Termination::MoveLimit));
    assert!(q.has_legal_moves());
    let mut g = Game::from_position(p.clone());
    game_play(&mut g, "c3c5");
    assert_eq!(g.outcome(), draw(Termination::MoveLimit));
    // A pawn move resets the clock.
    let mut q = p.clone();
    play(&mut q, "b4b5");
    assert_eq!(q.halfmoves(), 0);
    assert_eq!(q.outcome(), None);
    // The limit is an option.
    let mut g = Game::from_position(
        Position::from_tfen_with_rules(
            "10k/11/11/11/11/11/1PR9/2R8/11/K10 w - 00 0 1",
            "move-limit=4".parse().unwrap(),
        )
        .unwrap(),
    );
    game_play(&mut g, "c3c5 k10k9 c5c6");
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "k9k10");
    assert_eq!(g.outcome(), draw(Termination::MoveLimit));
}

#[test]
fn s6_placements_transfers_and_captures_reset_the_clock() {
    let mut p = placement_position(&[], "w - 10 150 80");
    play(&mut p, "e10d5");
    assert_eq!(p.halfmoves(), 0);
    let mut p = pos(&[("a1", "K"), ("k5", "k"), ("e10", "PP")], "w - 20 199 80");
    play(&mut p, "e10f3");
    assert_eq!(p.halfmoves(), 0);
    assert_eq!(p.outcome(), None);
    let mut p = pos(&[("a1", "K"), ("k5", "k"), ("e9", "PP")], "w - 00 150 80");
    play(&mut p, "e9e10");
    assert_eq!(p.halfmoves(), 0);
    let mut p = pos(
        &[("a1", "K"), ("k5", "k"), ("c3", "R"), ("c9", "n")],
        "w - 00 199 80",
    );
    play(&mut p, "c3c9");
    assert_eq!(p.halfmoves(), 0);
    assert_eq!(p.outcome(), None);
}

#[test]
fn s6_repetition_comes_before_move_limit() {
    let start = INITIAL_TFEN.replace(" 0 1", " 192 1");
    let mut g = Game::from_position(tfen(&start));
    game_play(&mut g, "b2c4 j9i7 c4b2 i7j9 b2c4 j9i7");
    assert_eq!(g.position().halfmoves(), 198);
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "c4b2 i7j9");
    assert_eq!(g.position().halfmoves(), 200);
    assert_eq!(g.outcome(), draw(Termination::Repetition));
}

#[test]
fn s6_citadel_comes_before_royals_only() {
    let p = pos(&[("bc", "K"), ("k1", "k")], B);
    assert_eq!(p.outcome(), draw(Termination::Citadel));
}

// ---------------------------------------------------------------------------
// 7. Initial position
// ---------------------------------------------------------------------------

const SPEC_INITIAL: &str = "e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1";

#[test]
fn s7_initial_position() {
    assert_eq!(INITIAL_TFEN, SPEC_INITIAL);
    let p = Position::new();
    assert_eq!(p.to_tfen(), SPEC_INITIAL);
    assert_eq!(tfen(SPEC_INITIAL), p);
    use Role::*;
    let rank1 = [
        Some(Elephant),
        None,
        Some(Camel),
        None,
        Some(Dabbaba),
        None,
        Some(Dabbaba),
        None,
        Some(Camel),
        None,
        Some(Elephant),
    ];
    let rank2 = [
        Rook, Knight, Talia, Giraffe, Ferz, King, Vizier, Giraffe, Talia, Knight, Rook,
    ];
    let rank3 = [
        PawnOfPawns,
        PawnOfDabbabas,
        PawnOfCamels,
        PawnOfElephants,
        PawnOfFerzes,
        PawnOfKings,
        PawnOfViziers,
        PawnOfGiraffes,
        PawnOfTalias,
        PawnOfKnights,
        PawnOfRooks,
    ];
    let files = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"];
    for (i, f) in files.iter().enumerate() {
        let rot = files[10 - i];
        assert_eq!(
            at(&p, &format!("{f}1")),
            rank1[i].map(|r| Piece::new(Color::White, r))
        );
        assert_eq!(at(&p, &format!("{f}2")), white(rank2[i]));
        assert_eq!(at(&p, &format!("{f}3")), white(rank3[i]));
        // Black: White rotated 180 degrees.
        assert_eq!(
            at(&p, &format!("{rot}10")),
            rank1[i].map(|r| Piece::new(Color::Black, r))
        );
        assert_eq!(at(&p, &format!("{rot}9")), black(rank2[i]));
        assert_eq!(at(&p, &format!("{rot}8")), black(rank3[i]));
        for r in 4..=7 {
            assert_eq!(at(&p, &format!("{f}{r}")), None);
        }
    }
    assert_eq!(at(&p, "f9"), black(King));
    assert_eq!(at(&p, "e9"), black(Vizier));
    assert_eq!(at(&p, "g9"), black(Ferz));
    assert_eq!(at(&p, "k8"), black(PawnOfPawns));
    assert_eq!(at(&p, "f8"), black(PawnOfKings));
    assert_eq!(at(&p, "wc"), None);
    assert_eq!(at(&p, "bc"), None);
    assert!(p.swap_right(Color::White) && p.swap_right(Color::Black));
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 0);
    assert_eq!(p.pawn_of_pawns_stage(Color::Black), 0);
    assert_eq!((p.halfmoves(), p.fullmoves()), (0, 1));
    assert_eq!(p.outcome(), None);
}

// ---------------------------------------------------------------------------
// 8. Notation
// ---------------------------------------------------------------------------

#[test]
fn s7_initial_position_has_24_moves() {
    let p = Position::new();
    assert_eq!(
        all_moves(&p),
        set(&[
            "a3a4", "b3b4", "c3c4", "d3d4", "e3e4", "f3f4", "g3g4", "h3h4", "i3i4", "j3j4", "k3k4",
            "c1b4", "c1d4", "i1h4", "i1j4", "b2a4", "b2c4", "b2d1", "j2i4", "j2k4", "j2h1", "e2d1",
            "e2f1", "f2f1"
        ])
    );
}

#[test]
fn s7_perft_from_initial_position() {
    let p = Position::new();
    assert_eq!(perft(&p, 1), 24);
    assert_eq!(perft(&p, 2), 576);
    assert_eq!(perft(&p, 3), 14_518);
}

#[test]
fn s7_perft_deep() {
    let p = Position::new();
    assert_eq!(perft(&p, 4), 365_831);
    assert_eq!(perft(&p, 5), 9_705_007);
}

#[test]
fn s8_1_counters() {
    let mut p = Position::new();
    play(&mut p, "b2c4");
    assert_eq!((p.halfmoves(), p.fullmoves()), (1, 1));
    play(&mut p, "j9i7");
    assert_eq!((p.halfmoves(), p.fullmoves()), (2, 2));
    play(&mut p, "f3f4");
    assert_eq!((p.halfmoves(), p.fullmoves()), (0, 2));
    play(&mut p, "i7h5");
    assert_eq!((p.halfmoves(), p.fullmoves()), (1, 3));
    assert_eq!(
        p.to_tfen(),
        "e1c1d1d1c1e/rntgvkfgt1r/prpnptpgpvpkpfpepcpdpp/11/11/7n3/2N2PK5/PPPDPCPEPF1PVPGPTPNPR/R1TGFKVGTNR/E1C1D1D1C1E w Kk 00 1 3"
    );
    play(&mut p, "c4d6");
    assert_eq!((p.halfmoves(), p.fullmoves()), (2, 3));
    // Captures reset the clock: the knight takes the pawn of viziers on g3,
    // the vizier g2 takes the knight.
    let m = play(&mut p, "h5g3");
    assert_eq!(m.capture, Some(Role::PawnOfViziers));
    assert_eq!((p.halfmoves(), p.fullmoves()), (0, 4));
    let m = play(&mut p, "g2g3");
    assert_eq!(m.capture, Some(Role::Knight));
    assert_eq!((p.halfmoves(), p.fullmoves()), (0, 4));
}

#[test]
fn s8_1_tfen_round_trips() {
    for t in [
        SPEC_INITIAL,
        "10k/11/11/11/11/11/11/11/11/K10 w - 00 0 1",
        "10k/(a)11/11/11/11/11/11/11/11(A)/K10 b Kk 21 17 42",
        "4PP6/11/11/11/11/10k/11/11/11/K10 b K 10 0 1",
        "11/(K)11/11/11/11/11/11/11/11/10k b - 00 1 1",
        "11/11/11/11/11/11/11/11/R10(k)/K10 b - 00 0 1",
        "pp10/s1a8/11/5S5/11/11/11/11/10A/2PP4K3 w K 22 3 9",
        "10k/11/11/11/11/11/11/11/11/K10 w K 00 0 1",
        "10k/11/11/11/11/11/11/11/11/K10 w k 00 0 1",
        "10k/11/11/11/11/11/11/11/11/K10 w Kk 02 999 1000",
    ] {
        let p = tfen(t);
        assert_eq!(p.to_tfen(), t);
        assert_eq!(p.hash(), p.compute_hash());
    }
    let p = tfen("10k/(a)11/11/11/11/11/11/11/11(A)/K10 b Kk 21 17 42");
    assert_eq!(at(&p, "bc"), black(Role::AdventitiousKing));
    assert_eq!(at(&p, "wc"), white(Role::AdventitiousKing));
    assert_eq!(p.turn(), Color::Black);
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 2);
    assert_eq!(p.pawn_of_pawns_stage(Color::Black), 1);
    assert_eq!((p.halfmoves(), p.fullmoves()), (17, 42));
}

fn syntax_field(t: &str) -> TfenField {
    match Position::from_tfen(t) {
        Err(TfenError::Syntax(e)) => {
            assert!(!e.to_string().is_empty());
            e.field
        }
        other => panic!("{t:?}: expected a syntax error, got {other:?}"),
    }
}

fn position_error(t: &str) -> PositionError {
    match Position::from_tfen(t) {
        Err(TfenError::Position(e)) => e,
        other => panic!("{t:?}: expected a position error, got {other:?}"),
    }
}

const K: &str = "10k/11/11/11/11/11/11/11/11/K10";

#[test]
fn s8_1_malformed_placement() {
    for t in [
        // rank width 10 and 12
        "10k/11/11/11/11/11/11/11/10/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/10R1/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/6R5/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/12/K10 w - 00 0 1",
        // nine and eleven ranks
        "10k/11/11/11/11/11/11/11/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/11/11/K10 w - 00 0 1",
        // unknown letters and pawn tokens
        "10k/11/11/11/11/11/11/11/Q10/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/B10/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/PX10/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/PS10/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/PA10/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/Pr10/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/pR10/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/10P/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/P11/K10 w - 00 0 1",
        // zero counts, leading zeros
        "10k/11/11/11/11/11/11/11/0R10/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/011/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/R010/K10 w - 00 0 1",
        // citadel syntax: two on one citadel, wrong places, broken parens
        "11/(K)(k)11/11/11/11/11/11/11/11/11 w - 00 0 1",
        "11/(Kk)11/11/11/11/11/11/11/11/11 w - 00 0 1",
        "10k/11/11/11/11/(A)11/11/11/11/K10 w - 00 0 1",
        "10k/11(a)/11/11/11/11/11/11/11/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/(A)11/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/5(A)6/K10 w - 00 0 1",
        "10k/()11/11/11/11/11/11/11/11/K10 w - 00 0 1",
        "10k/(a11/11/11/11/11/11/11/11/K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/11(A/K10 w - 00 0 1",
        // separators
        "10k/11/11/11/11/11/11/11/11//K10 w - 00 0 1",
        "10k/11/11/11/11/11/11/11/11/K10/ w - 00 0 1",
    ] {
        let field = syntax_field(t);
        assert!(
            field == TfenField::Placement || field == TfenField::Whole,
            "{t}: field {field:?}"
        );
    }
}

#[test]
fn s8_1_malformed_other_fields() {
    let cases: &[(&str, TfenField)] = &[
        ("x - 00 0 1", TfenField::Turn),
        ("W - 00 0 1", TfenField::Turn),
        ("wb - 00 0 1", TfenField::Turn),
        ("w kK 00 0 1", TfenField::SwapRights),
        ("w KK 00 0 1", TfenField::SwapRights),
        ("w Q 00 0 1", TfenField::SwapRights),
        ("w Kk- 00 0 1", TfenField::SwapRights),
        ("w -- 00 0 1", TfenField::SwapRights),
        ("w KQ 00 0 1", TfenField::SwapRights),
        ("w - 0 0 1", TfenField::Stages),
        ("w - 000 0 1", TfenField::Stages),
        ("w - 0a 0 1", TfenField::Stages),
        ("w - -- 0 1", TfenField::Stages),
        ("w - 00 -1 1", TfenField::Halfmoves),
        ("w - 00 x 1", TfenField::Halfmoves),
        ("w - 00 01 1", TfenField::Halfmoves),
        ("w - 00 +1 1", TfenField::Halfmoves),
        ("w - 00 99999999999999999999 1", TfenField::Halfmoves),
        ("w - 00 0 01", TfenField::Fullmoves),
        ("w - 00 0 x", TfenField::Fullmoves),
        ("w - 00 0 -1", TfenField::Fullmoves),
        ("w - 00 0 1.", TfenField::Fullmoves),
    ];
    for (tail, field) in cases {
        let t = format!("{K} {tail}");
        assert_eq!(syntax_field(&t), *field, "{t}");
    }
    // Stage digits out of range: an error naming the stages.
    for st in ["30", "03", "93"] {
        let t = format!("{K} w - {st} 0 1");
        match Position::from_tfen(&t) {
            Err(TfenError::Syntax(e)) => assert_eq!(e.field, TfenField::Stages, "{t}"),
            Err(TfenError::Position(PositionError::StageOutOfRange { .. })) => {}
            other => panic!("{t}: {other:?}"),
        }
    }
    // Fullmove number 0: either form names the fullmove field.
    let t = format!("{K} w - 00 0 0");
    match Position::from_tfen(&t) {
        Err(TfenError::Syntax(e)) => assert_eq!(e.field, TfenField::Fullmoves),
        Err(TfenError::Position(PositionError::FullmoveZero)) => {}
        other => panic!("{t}: {other:?}"),
    }
}

#[test]
fn s8_1_malformed_whole_string() {
    for t in [
        String::new(),
        " ".to_string(),
        format!("{K} w - 00 0"),
        format!("{K} w - 00 0 1 extra"),
        format!("{K} w - 00 0 1 "),
        format!(" {K} w - 00 0 1"),
        format!("{K}  w - 00 0 1"),
        format!("{K} w - 00 0 1\n"),
        format!("{K}\tw - 00 0 1"),
        format!("{K} w - 00 0 1 0"),
    ] {
        assert!(
            matches!(Position::from_tfen(&t), Err(TfenError::Syntax(_))),
            "{t:?} accepted or wrong error kind"
        );
    }
}

#[test]
fn s8_1_tfen_position_validation() {
    use PositionError as E;
    type Check = fn(&PositionError) -> bool;
    let cases: Vec<(String, Check)> = vec![
        // every side needs a royal
        (build(&[("a1", "K")], W), |e| {
            matches!(
                e,
                E::NoRoyal {
                    color: Color::Black
                }
            )
        }),
        (build(&[("a1", "R"), ("k10", "k")], W), |e| {
            matches!(
                e,
                E::NoRoyal {
                    color: Color::White
                }
            )
        }),
        (build(&[("a1", "K"), ("b1", "K"), ("k10", "k")], W), |e| {
            matches!(
                e,
                E::TooManyKings {
                    color: Color::White
                }
            )
        }),
        (
            build(&[("a1", "K"), ("k10", "k"), ("c5", "pp"), ("d5", "pp")], W),
            |e| {
                matches!(
                    e,
                    E::TooManyPawnsOfPawns {
                        color: Color::Black
                    }
                )
            },
        ),
        (build(&[("a1", "K"), ("k10", "k"), ("bc", "r")], W), |e| {
            matches!(e, E::NonRoyalOnCitadel { .. })
        }),
        (
            build(&[("a1", "K"), ("k10", "k"), ("wc", "PP")], "w - 10 0 1"),
            |e| matches!(e, E::NonRoyalOnCitadel { .. }),
        ),
        (build(&[("wc", "K"), ("k10", "k")], W), |e| {
            matches!(e, E::RoyalOnOwnCitadel { .. })
        }),
        (build(&[("a1", "K"), ("wc", "S"), ("k10", "k")], W), |e| {
            matches!(e, E::RoyalOnOwnCitadel { .. })
        }),
        (build(&[("a1", "K"), ("bc", "k")], W), |e| {
            matches!(e, E::RoyalOnOwnCitadel { .. })
        }),
        (build(&[("a1", "S"), ("k10", "k")], "w K 00 0 1"), |e| {
            matches!(
                e,
                E::SwapRightWithoutKing {
                    color: Color::White
                }
            )
        }),
        (build(&[("a1", "K"), ("k10", "a")], "w k 00 0 1"), |e| {
            matches!(
                e,
                E::SwapRightWithoutKing {
                    color: Color::Black
                }
            )
        }),
        (build(&[("a1", "K"), ("k10", "k"), ("e10", "PR")], W), |e| {
            matches!(e, E::PawnOnLastRank { .. })
        }),
        (build(&[("a1", "K"), ("k10", "k"), ("e10", "PK")], W), |e| {
            matches!(e, E::PawnOnLastRank { .. })
        }),
        (build(&[("a1", "K"), ("k10", "k"), ("e1", "pn")], W), |e| {
            matches!(e, E::PawnOnLastRank { .. })
        }),
        (build(&[("a1", "K"), ("k10", "k"), ("e10", "PP")], W), |e| {
            matches!(e, E::WaitingPawnOfPawnsAtStageZero { .. })
        }),
        (
            build(&[("a1", "K"), ("k10", "k"), ("e1", "pp")], "w - 20 0 1"),
            |e| matches!(e, E::WaitingPawnOfPawnsAtStageZero { .. }),
        ),
        (build(&[("a1", "K"), ("k10", "k"), ("e1", "PR")], W), |e| {
            matches!(e, E::PawnOnFirstRank { .. })
        }),
        (build(&[("a1", "K"), ("k10", "k"), ("e10", "pk")], W), |e| {
            matches!(e, E::PawnOnFirstRank { .. })
        }),
        (build(&[("a1", "K"), ("k10", "k"), ("e1", "PP")], W), |e| {
            matches!(e, E::PawnOnFirstRank { .. })
        }),
        (
            build(&[("a1", "K"), ("k10", "k"), ("e10", "pp")], "w - 20 0 1"),
            |e| matches!(e, E::PawnOnFirstRank { .. }),
        ),
    ];
    for (t, ok) in cases {
        let e = position_error(&t);
        assert!(ok(&e), "{t}: got {e:?}");
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn s8_1_tfen_accepts_edge_positions() {
    for t in [
        // placed pawn of pawns on its own first rank at stage 1 and 2
        build(&[("a1", "K"), ("k10", "k"), ("e1", "PP")], "w - 10 0 1"),
        build(&[("a1", "K"), ("k10", "k"), ("e1", "PP")], "w - 20 0 1"),
        build(&[("a1", "K"), ("k10", "k"), ("e10", "pp")], "w - 02 0 1"),
        // waiting pawn of pawns at stage 1 and 2
        build(&[("a1", "K"), ("k10", "k"), ("e10", "PP")], "w - 10 0 1"),
        build(&[("a1", "K"), ("k10", "k"), ("e10", "PP")], "w - 20 0 1"),
        build(&[("a1", "K"), ("k10", "k"), ("e1", "pp")], "w - 01 0 1"),
        // AK on its own citadel; a royal on the opponent's citadel
        build(&[("a1", "K"), ("k10", "k"), ("wc", "A"), ("bc", "a")], W),
        build(&[("a1", "K"), ("wc", "k")], W),
        build(&[("bc", "S"), ("k10", "k")], B),
        // royals other than a King only, no swap right
        build(&[("a1", "S"), ("k10", "a")], W),
        // several Princes
        build(&[("a1", "K"), ("b1", "S"), ("c1", "S"), ("k10", "k")], W),
    ] {
        let p = tfen(&t);
        assert_eq!(p.to_tfen(), t);
    }
}

#[test]
fn s8_2_every_legal_move_has_one_string_that_parses_back() {
    let positions = vec![
        Position::new(),
        swap_position("K"),
        placement_position(&[], "w - 10 0 1"),
        pos(
            &[
                ("a1", "K"),
                ("wc", "A"),
                ("j1", "n"),
                ("k2", "n"),
                ("k5", "r"),
                ("f10", "k"),
            ],
            W,
        ),
        pos(
            &[("a9", "K"), ("k5", "k"), ("e9", "PP"), ("d10", "n")],
            "w - 10 0 1",
        ),
        pos(&[("a1", "K"), ("k5", "k"), ("e10", "PP")], "w - 20 0 1"),
        tfen("10k/(a)11/11/11/11/11/11/11/11(A)/K10 b Kk 21 17 42"),
    ];
    for p in positions {
        let moves = p.legal_moves();
        let mut strings: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        strings.sort();
        strings.dedup();
        assert_eq!(
            strings.len(),
            moves.len(),
            "duplicate strings in {}",
            p.to_tfen()
        );
        for m in moves.iter() {
            assert_eq!(p.parse_move(&m.to_string()).unwrap(), *m);
            assert!(p.is_legal(m));
            let mut q = p.clone();
            q.play(m).unwrap();
            let mut r = p.clone();
            r.play_unchecked(m);
            assert_eq!(q, r);
            assert_eq!(q.hash(), q.compute_hash());
        }
    }
}

#[test]
fn s8_2_move_strings_of_special_moves() {
    let p = pos(&[("a1", "K"), ("k2", "A"), ("a5", "k")], W);
    assert_eq!(legal(&p, "k2wc").to_string(), "k2wc");
    let p = pos(&[("a9", "K"), ("k5", "k")], W);
    assert_eq!(legal(&p, "a9bc").to_string(), "a9bc");
    let p = placement_position(&[], "w - 10 0 1");
    assert_eq!(legal(&p, "e10d5").to_string(), "e10d5");
    let p = pos(&[("a1", "K"), ("k5", "k"), ("e10", "PP")], "w - 20 0 1");
    let m = legal(&p, "e10f3");
    assert_eq!(
        (m.from, m.to, m.kind),
        (Square::E10, Square::F3, MoveKind::Transfer)
    );
    let p = swap_position("K");
    let m = legal(&p, "f5c3");
    assert_eq!((m.from, m.to), (Square::F5, Square::C3));
}

#[test]
fn s8_2_parse_errors_and_illegal_moves() {
    let mut p = Position::new();
    let before = p.clone();
    for bad in [
        "", "e3", "e3e", "e3e4e5", "z1a1", "a0a1", "a11a1", "l2k2", "e3-e4", "e3 e4",
    ] {
        match p.parse_move(bad) {
            Err(MoveError::Invalid(_)) => {}
            other => panic!("{bad:?}: expected Invalid, got {other:?}"),
        }
        assert!(p.play_str(bad).is_err());
        assert_eq!(p, before);
    }
    let reason = |p: &Position, s: &str| match p.parse_move(s) {
        Err(MoveError::Illegal(e)) => {
            assert_eq!(e.text, s);
            e.reason
        }
        other => panic!("{s}: expected Illegal, got {other:?}"),
    };
    assert_eq!(reason(&p, "a5a6"), IllegalReason::EmptySquare);
    assert_eq!(reason(&p, "e8e7"), IllegalReason::OpponentPiece);
    assert_eq!(reason(&p, "e3e5"), IllegalReason::NotAMove);
    assert_eq!(reason(&p, "f2wc"), IllegalReason::NotAMove);
    assert_eq!(reason(&p, "f2e2"), IllegalReason::NotAMove);
    for s in ["e3e5", "f2wc", "f2e2", "b2b4"] {
        assert!(matches!(p.play_str(s), Err(MoveError::Illegal(_))));
        assert_eq!(p, before);
    }
    // A Move from another position is refused.
    let other = pos(&[("a9", "K"), ("k5", "k")], W);
    let m = legal(&other, "a9bc");
    assert!(!p.is_legal(&m));
    assert!(p.play(&m).is_err());
    assert_eq!(p, before);
    // Game::play_str refuses too and changes nothing.
    let mut g = Game::new();
    assert!(g.play_str("e3e5").is_err());
    assert!(g.moves().is_empty());
}

// ---------------------------------------------------------------------------
// More fine points
// ---------------------------------------------------------------------------

#[test]
fn s3_1_waiting_pawn_is_uncapturable_by_every_piece_kind() {
    // White pawn of pawns waiting on e10. Every black piece below has e10
    // as a geometric target: n c9 (+2,+1), e c8 (+2,+2), c b9 (+3,+1),
    // d e8 (0,+2), f d9, v e9, t g8 (via empty f9), g i9 (via h10, then
    // g10 f10 e10 leftwards).
    let p = pos(
        &[
            ("a1", "K"),
            ("k1", "k"),
            ("e10", "PP"),
            ("c9", "n"),
            ("c8", "e"),
            ("b9", "c"),
            ("e8", "d"),
            ("d9", "f"),
            ("e9", "v"),
            ("g8", "t"),
            ("i9", "g"),
        ],
        "b - 10 0 1",
    );
    assert!(p.legal_moves().iter().all(|m| m.to != Square::E10));
    assert_eq!(
        moves_from(&p, "c9"),
        targets("c9", &["a10", "a8", "b7", "d7"])
    );
    assert_eq!(moves_from(&p, "c8"), targets("c8", &["a10", "a6", "e6"]));
    assert_eq!(moves_from(&p, "b9"), targets("b9", &["c6", "a6"]));
    assert_eq!(moves_from(&p, "e8"), targets("e8", &["e6"]));
    assert_eq!(moves_from(&p, "d9"), targets("d9", &["c10"]));
    assert_eq!(moves_from(&p, "e9"), targets("e9", &["f9"]));
    // Talia g8: up-left f9 then e10 (stop); up-right i10; down both ways.
    assert_eq!(
        moves_from(&p, "g8"),
        targets(
            "g8",
            &["i10", "e6", "d5", "c4", "b3", "a2", "i6", "j5", "k4"]
        )
    );
    // Giraffe i9: h10-left ends on e10 (third square): nothing; j10-right
    // too short; h8-left blocked by the talia; h8-down h5..h1; j8-down j5..j1.
    assert_eq!(
        moves_from(&p, "i9"),
        targets(
            "i9",
            &["h5", "h4", "h3", "h2", "h1", "j5", "j4", "j3", "j2", "j1"]
        )
    );
}

#[test]
fn s3_1_black_placement_and_its_conditions() {
    // Black pawn of pawns waiting on e1; white knights c4 and e4: d5 attacks
    // both (a black pawn attacks diagonally downwards).
    let p = pos(
        &[
            ("a1", "K"),
            ("k10", "k"),
            ("e1", "pp"),
            ("c4", "N"),
            ("e4", "N"),
        ],
        "b - 01 0 1",
    );
    assert_eq!(moves_from(&p, "e1"), set(&["e1d5"]));
    assert_eq!(legal(&p, "e1d5").kind, MoveKind::Placement);
    // One white and one black piece: no placement.
    let p = pos(
        &[
            ("a1", "K"),
            ("k10", "k"),
            ("e1", "pp"),
            ("c4", "N"),
            ("e4", "n"),
        ],
        "b - 01 0 1",
    );
    assert_eq!(moves_from(&p, "e1"), set(&[]));
    // k3 would "attack" j2 and wc, but the AK on its citadel is not
    // capturable.
    let p = pos(
        &[
            ("a1", "K"),
            ("k10", "k"),
            ("e1", "pp"),
            ("j2", "N"),
            ("wc", "A"),
        ],
        "b - 01 0 1",
    );
    assert_eq!(moves_from(&p, "e1"), set(&[]));
}

#[test]
fn s3_1_placement_may_block_a_check() {
    // White King e1 in check from the rook e8. Placement squares: e5
    // (knights d6 f6) blocks the check; i3 (ferzes h4 j4) does not.
    let p = pos(
        &[
            ("e1", "K"),
            ("e8", "r"),
            ("d6", "n"),
            ("f6", "n"),
            ("h4", "f"),
            ("j4", "f"),
            ("k10", "k"),
            ("a10", "PP"),
        ],
        "w - 10 0 1",
    );
    assert!(p.is_check());
    assert_eq!(moves_from(&p, "a10"), set(&["a10e5"]));
    // Without the check both are legal.
    let p = pos(
        &[
            ("a1", "K"),
            ("e8", "r"),
            ("d6", "n"),
            ("f6", "n"),
            ("h4", "f"),
            ("j4", "f"),
            ("k10", "k"),
            ("a10", "PP"),
        ],
        "w - 10 0 1",
    );
    assert_eq!(moves_from(&p, "a10"), set(&["a10e5", "a10i3"]));
}

#[test]
fn s3_1_second_arrival_waits_when_enemy_on_f3() {
    let mut p = pos(
        &[("a1", "K"), ("k5", "k"), ("e9", "PP"), ("f3", "n")],
        "w - 10 0 1",
    );
    let m = play(&mut p, "e9e10");
    assert_eq!(m.kind, MoveKind::Arrival(Arrival::SecondWaiting));
    assert_eq!(at(&p, "e10"), white(Role::PawnOfPawns));
    assert_eq!(at(&p, "f3"), black(Role::Knight));
}

#[test]
fn s3_1_transfer_is_judged_for_legality() {
    // Exposes the King a10 to the rook k10: illegal.
    let p = pos(
        &[("a10", "K"), ("k10", "r"), ("k1", "k"), ("e10", "PP")],
        "w - 20 0 1",
    );
    assert_eq!(moves_from(&p, "e10"), set(&[]));
    // Blocks the check of the rook f10 against the King f1: legal.
    let p = pos(
        &[("f1", "K"), ("f10", "r"), ("k5", "k"), ("e10", "PP")],
        "w - 20 0 1",
    );
    assert!(p.is_check());
    assert_eq!(moves_from(&p, "e10"), set(&["e10f3"]));
}

#[test]
fn s3_1_third_arrival_by_capture() {
    let mut p = pos(
        &[("a1", "K"), ("k5", "k"), ("e9", "PP"), ("f10", "r")],
        "w - 20 0 1",
    );
    let m = play(&mut p, "e9f10");
    assert_eq!(m.kind, MoveKind::Promotion(Role::AdventitiousKing));
    assert_eq!(m.capture, Some(Role::Rook));
    assert_eq!(at(&p, "f10"), white(Role::AdventitiousKing));
}

#[test]
fn s3_1_pawn_of_pawns_on_ordinary_square_attacks_like_a_pawn() {
    let p = pos(&[("a1", "K"), ("k5", "k"), ("e5", "PP")], W);
    assert!(p.attackers(sq("d6"), Color::White).contains(sq("e5")));
    assert!(p.attackers(sq("f6"), Color::White).contains(sq("e5")));
    assert!(!p.attackers(sq("e6"), Color::White).contains(sq("e5")));
    assert_eq!(moves_from(&p, "e5"), set(&["e5e6"]));
}

#[test]
fn s2_king_next_to_a_talia_is_not_attacked_by_it() {
    // Black talia f5 does not attack the adjacent e6, but once the King
    // leaves e6 it attacks d7 through it.
    let p = pos(&[("e6", "K"), ("f5", "t"), ("k1", "k")], W);
    assert!(!p.is_check());
    assert_eq!(
        moves_from(&p, "e6"),
        targets("e6", &["d5", "d6", "e5", "e7", "f5", "f6", "f7"])
    );
}

#[test]
fn s5_royals_include_a_royal_on_a_citadel() {
    let p = pos(&[("wc", "A"), ("k10", "k")], W);
    assert!(p.royals(Color::White).contains(Square::WC));
    assert_eq!(p.royals(Color::White).count(), 1);
    assert!(!p.is_check());
}

#[test]
fn s6_royals_only_comes_before_move_limit() {
    let p = pos(&[("e2", "K"), ("e9", "k")], "w - 00 250 200");
    assert_eq!(p.outcome(), draw(Termination::RoyalsOnly));
    assert_eq!(
        Game::from_position(p).outcome(),
        draw(Termination::RoyalsOnly)
    );
}

#[test]
fn s8_2_move_with_wrong_context_is_not_legal() {
    let p = Position::new();
    let m = legal(&p, "b2c4");
    assert_eq!(m.kind, MoveKind::Normal);
    assert_eq!(m.role, Role::Knight);
    assert!(p.is_legal(&m));
    let mut wrong = m;
    wrong.kind = MoveKind::KingSwap;
    assert!(!p.is_legal(&wrong));
    let mut wrong = m;
    wrong.capture = Some(Role::Rook);
    assert!(!p.is_legal(&wrong));
    let mut wrong = m;
    wrong.role = Role::Camel;
    assert!(!p.is_legal(&wrong));
    let mut q = p.clone();
    assert!(q.play(&wrong).is_err());
    assert_eq!(q, p);
}

#[test]
fn s3_1_first_arrival_by_capture_waits_on_the_capture_square() {
    let mut p = pos(&[("a1", "K"), ("k5", "k"), ("e9", "PP"), ("d10", "r")], W);
    let m = play(&mut p, "e9d10");
    assert_eq!(m.kind, MoveKind::Arrival(Arrival::First));
    assert_eq!(m.capture, Some(Role::Rook));
    assert_eq!(at(&p, "d10"), white(Role::PawnOfPawns));
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 1);
    // Uncapturable there: the black King next to it cannot take it.
    let p = pos(&[("a1", "K"), ("c9", "k"), ("d10", "PP")], "b - 10 0 1");
    assert_eq!(
        moves_from(&p, "c9"),
        targets("c9", &["b8", "b9", "b10", "c8", "c10", "d8", "d9"])
    );
}

#[test]
fn s8_1_mangled_tfen_never_panics() {
    // Deterministic mutations of a few valid strings: deletions, doublings
    // and replacements at every position. Any result is fine except a panic;
    // accepted strings must round-trip.
    let seeds = [
        SPEC_INITIAL.to_string(),
        "10k/(a)11/11/11/11/11/11/11/11(A)/K10 b Kk 21 17 42".to_string(),
        "4PP6/11/11/11/11/10k/11/11/11/K10 b - 10 0 1".to_string(),
    ];
    let replacements = [
        '0', '1', '2', '9', '(', ')', '/', ' ', 'P', 'p', 'K', 'k', 'A', 'x', '-', 'w', 'b',
    ];
    let check = |t: &str| {
        if let Ok(p) = Position::from_tfen(t) {
            let again = p.to_tfen();
            assert_eq!(tfen(&again), p, "{t:?} -> {again:?}");
        }
    };
    for seed in &seeds {
        let chars: Vec<char> = seed.chars().collect();
        for i in 0..chars.len() {
            let mut del = chars.clone();
            del.remove(i);
            check(&del.iter().collect::<String>());
            let mut dup = chars.clone();
            dup.insert(i, chars[i]);
            check(&dup.iter().collect::<String>());
            for &r in &replacements {
                let mut rep = chars.clone();
                rep[i] = r;
                check(&rep.iter().collect::<String>());
            }
        }
    }
}

#[test]
fn s8_2_mangled_move_strings_never_panic() {
    let p = Position::new();
    let pieces = [
        "", "a", "k", "w", "b", "c", "1", "10", "11", "0", "wc", "bc", "e", "z",
    ];
    for a in pieces {
        for b in pieces {
            for c in pieces {
                let s = format!("{a}{b}{c}");
                let _ = p.parse_move(&s);
            }
        }
    }
    // Citadel squares as origin when empty.
    assert!(matches!(
        p.parse_move("wck2"),
        Err(MoveError::Illegal(e)) if e.reason == IllegalReason::EmptySquare
    ));
}

#[test]
fn s2_short_steppers_capture_as_they_move() {
    // Ferz f5: black knight e6 captured, own vizier g6 not, g4 e4 empty.
    let p = pos(
        &[
            ("a1", "K"),
            ("k1", "k"),
            ("f5", "F"),
            ("e6", "n"),
            ("g6", "V"),
        ],
        W,
    );
    assert_eq!(moves_from(&p, "f5"), targets("f5", &["e6", "e4", "g4"]));
    assert_eq!(legal(&p, "f5e6").capture, Some(Role::Knight));
    // Vizier f5: black knight f6 captured, own ferz e5 not.
    let p = pos(
        &[
            ("a1", "K"),
            ("k1", "k"),
            ("f5", "V"),
            ("f6", "n"),
            ("e5", "F"),
        ],
        W,
    );
    assert_eq!(moves_from(&p, "f5"), targets("f5", &["f6", "f4", "g5"]));
    // Prince and Adventitious King capture like a King.
    for tok in ["S", "A"] {
        let p = pos(
            &[
                ("a1", "K"),
                ("k1", "k"),
                ("f5", tok),
                ("f6", "n"),
                ("e5", "F"),
            ],
            W,
        );
        assert_eq!(
            moves_from(&p, "f5"),
            targets("f5", &["e4", "e6", "f4", "f6", "g4", "g5", "g6"])
        );
        assert_eq!(legal(&p, "f5f6").capture, Some(Role::Knight));
    }
}

#[test]
fn s8_1_odd_bytes_and_huge_numbers_give_errors_not_panics() {
    let k = K;
    for t in [
        "é".to_string(),
        format!("{k} w - 00 0 1é"),
        format!("{k} é - 00 0 1"),
        format!("{k} w é 00 0 1"),
        format!("{k} w - 0é 0 1"),
        format!("{k} w - é0 0 1"),
        format!("{k} w - 00 é 1"),
        format!("{k} w - 00 0 é"),
        format!("{k} w - 00 4294967296 1"),
        format!("{k} w - 00 0 4294967296"),
        format!("{k} w - 00 0 99999999999999999999999"),
        "10k/11/11/11/11/11/11/11/11/Ké9 w - 00 0 1".to_string(),
        "10k/11/11/11/11/11/11/11/11/K99999999999999999999 w - 00 0 1".to_string(),
        "10k/11/11/11/11/11/11/11/11/Pé9K w - 00 0 1".to_string(),
        "10k/(é)11/11/11/11/11/11/11/11/K10 w - 00 0 1".to_string(),
        "10k/11/11/11/11/11/11/11/11(é/K10 w - 00 0 1".to_string(),
        "10k/11/11/11/11/11/11/11/11/K10 w - 00 0 1\u{0}".to_string(),
        "10k/11/11/11/11/11/11/11/11/K10\u{a0}w - 00 0 1".to_string(),
        "////////// w - 00 0 1".to_string(),
        "/ / / / /".to_string(),
    ] {
        assert!(Position::from_tfen(&t).is_err(), "{t:?} accepted");
    }
    let p = Position::new();
    for s in [
        "é",
        "éé",
        "e3é",
        "é3e4",
        "e3e4é",
        "eé3e4",
        "wé",
        "bcé",
        "é1",
        "e\u{0}3e4",
    ] {
        assert!(
            matches!(p.parse_move(s), Err(MoveError::Invalid(_))),
            "{s:?}"
        );
        assert!(s.parse::<Square>().is_err(), "{s:?}");
    }
}

#[test]
fn s5_no_move_is_accepted_after_citadel_entry() {
    let mut p = pos(&[("a9", "K"), ("k5", "k"), ("e5", "r")], W);
    play(&mut p, "a9bc");
    match p.parse_move("k5k4") {
        Err(MoveError::Illegal(e)) => assert_eq!(e.reason, IllegalReason::NoLegalMoves),
        other => panic!("expected NoLegalMoves, got {other:?}"),
    }
    let mut g = Game::from_position(pos(&[("a9", "K"), ("k5", "k"), ("e5", "r")], W));
    game_play(&mut g, "a9bc");
    assert!(g.play_str("e5e6").is_err());
    assert_eq!(g.moves().len(), 1);
}
