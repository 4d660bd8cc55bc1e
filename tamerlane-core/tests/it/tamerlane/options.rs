//! Behaviour of every rule option of docs/RULES.md, section 9, and of the
//! `seed-001` preset, on small hand-made positions.
//!
//! Each test puts one position under the default rules and under the
//! option, and checks that the option changes the legal moves or the
//! outcome exactly where section 9 says, and nowhere else. Every expected
//! move list and outcome was worked out by hand from docs/RULES.md; the
//! derivation is written next to it (coordinates: files a..k, ranks 1..10;
//! `wc` lies right of `k2`, `bc` left of `a9`). The fine points of section 9
//! and the "games stay ended" point of 8.4 are covered too.

use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::tamerlane::{GameOverError, PlayError};
use tamerlane_core::{
    Arrival, Color, GameRecord, MoveKind, PositionError, RecordErrorKind, Role, RuleSet,
    Termination, TfenError, INITIAL_TFEN,
};

// The section 1-8 tests' helpers: `build` writes a TFEN from
// `(square, token)` pairs, the rest list, play and compare moves.
use super::rules::{
    all_moves, at, black, build, draw, game_play, moves_from, placement_position, play, set, sq,
    swap_position, targets, under, white, win,
};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn rule_set(rules: &str) -> RuleSet {
    rules
        .parse()
        .unwrap_or_else(|e| panic!("rule set {rules:?}: {e}"))
}

/// The position of `pieces` and `tail` (as `rules::build` takes them),
/// played under the rule-set string `rules`.
fn pos_in(rules: &str, pieces: &[(&str, &str)], tail: &str) -> Position {
    let t = build(pieces, tail);
    Position::from_tfen_with_rules(&t, rule_set(rules))
        .unwrap_or_else(|e| panic!("TFEN {t:?} under {rules:?}: {e}"))
}

/// Checks the legal moves of the piece on `from` in the position of
/// `pieces` and `tail`: to `default` under the default rules, and to
/// `default` and `added` under `rules`.
fn option_adds(
    rules: &str,
    pieces: &[(&str, &str)],
    tail: &str,
    from: &str,
    default: &[&str],
    added: &[&str],
) {
    let p = pos_in("", pieces, tail);
    assert_eq!(
        moves_from(&p, from),
        targets(from, default),
        "default rules"
    );
    let all: Vec<&str> = default.iter().chain(added).copied().collect();
    let p = pos_in(rules, pieces, tail);
    assert_eq!(moves_from(&p, from), targets(from, &all), "{rules}");
}

/// The error of a move the ended game `g` must refuse (the game unchanged).
fn refused(g: &mut Game, s: &str) -> GameOverError {
    let plies = g.moves().len();
    match g.play_str(s) {
        Err(PlayError::GameOver(e)) => {
            assert_eq!(g.moves().len(), plies);
            e
        }
        other => panic!("{s} should be refused as game over, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// swap-when=check
// ---------------------------------------------------------------------------

/// White King a1, not attacked, with no move but the swap: a2 is covered
/// by the camel d3 (three files left, one rank down), b1 and b2 by the
/// rook b10 down the empty b-file. Ferz k1: j2 holds its own pawn, the
/// citadel is never a ferz square. Pawn j2: j3 is blocked by the black
/// vizier, i3 and k3 are empty. (Section 4: swap partners are non-pawns, so
/// only the ferz k1; k1 is attacked by nothing.)
fn stuck_white() -> Position {
    pos_in(
        "",
        &[
            ("a1", "K"),
            ("k1", "F"),
            ("j2", "PR"),
            ("b10", "r"),
            ("d3", "c"),
            ("j3", "v"),
            ("k10", "k"),
        ],
        "w K 00 0 1",
    )
}

#[test]
fn swap_when_check_no_swap_when_merely_stuck() {
    let p = stuck_white();
    assert!(!p.is_check());
    assert_eq!(all_moves(&p), set(&["a1k1"]));
    assert_eq!(p.outcome(), None);

    // "The King swap is available only while the King is attacked, not
    // when the side merely has no other legal move": no move at all, and
    // no legal move loses; a1 is not attacked, so the loss is "stalemate".
    let q = under(&p, "swap-when=check");
    assert_eq!(all_moves(&q), set(&[]));
    assert_eq!(q.outcome(), win(Color::Black, Termination::Stalemate));
    // The game from that position is over before its first move.
    let mut g = Game::from_position(q);
    assert_eq!(g.outcome(), win(Color::Black, Termination::Stalemate));
    let e = refused(&mut g, "a1k1");
    assert_eq!(e.ply, 0);
    assert_eq!(
        e.outcome,
        win(Color::Black, Termination::Stalemate).unwrap()
    );

    // Black, the same picture turned round: King k10, ferz a10, pawn b9
    // blocked by the white vizier b8; k9 is covered by the camel h8
    // ((7,8) -> (10,9)), j10 and j9 by the rook j1 up the j-file.
    let b = pos_in(
        "",
        &[
            ("k10", "k"),
            ("a10", "f"),
            ("b9", "pr"),
            ("j1", "R"),
            ("h8", "C"),
            ("b8", "V"),
            ("a1", "K"),
        ],
        "b k 00 0 1",
    );
    assert_eq!(all_moves(&b), set(&["k10a10"]));
    let b = under(&b, "swap-when=check");
    assert_eq!(all_moves(&b), set(&[]));
    assert_eq!(b.outcome(), win(Color::White, Termination::Stalemate));
}

/// `rules::swap_position` (White King f5 in check from the black rook
/// f10; friendly R a1, N c3, pawn of rooks h2, V b10, D f1; black King
/// k10; White has the swap right) under `rules`.
fn king_in_check(rules: &str) -> Position {
    under(&swap_position("K"), rules)
}

#[test]
fn swap_when_check_keeps_the_swap_while_the_king_is_attacked() {
    // Steps: f4 and f6 stay on the rook's f-file; e4 e5 e6 g4 g5 g6 are
    // free. Swaps (the King is attacked): a1, c3, f1 (f1 is shielded by the
    // King on f5 now and by the dabbaba there after the swap); not b10
    // (rank 10 of the rook) and not the pawn h2.
    let expected = targets(
        "f5",
        &["e4", "e5", "e6", "g4", "g5", "g6", "a1", "c3", "f1"],
    );
    for rules in ["", "swap-when=check"] {
        let p = king_in_check(rules);
        assert_eq!(moves_from(&p, "f5"), expected, "{rules:?}");
    }
    // A King attacked with no move but the swap: K a1 in check from the
    // rook a10 (a2 too), b1 b2 covered by the rook b10; the knight e5
    // cannot help (no knight square on the a-file or the rooks). The swap
    // with it (e5 is attacked by nothing) is the only move under both.
    let v = [
        ("a1", "K"),
        ("e5", "N"),
        ("a10", "r"),
        ("b10", "r"),
        ("k10", "k"),
    ];
    for rules in ["", "swap-when=check"] {
        let p = pos_in(rules, &v, "w K 00 0 1");
        assert!(p.is_check());
        assert_eq!(all_moves(&p), set(&["a1e5"]), "{rules:?}");
        assert_eq!(p.parse_move("a1e5").unwrap().kind, MoveKind::KingSwap);
    }
}

#[test]
fn swap_when_check_with_several_royals() {
    // K f5 attacked by the rook f10, Prince c3: with several royals the
    // King may even step into attack (f4, f6); the swap with the Prince is
    // available because the King is attacked, under both values.
    let v = [("f5", "K"), ("c3", "S"), ("f10", "r"), ("k10", "k")];
    let steps = ["e4", "e5", "e6", "f4", "f6", "g4", "g5", "g6"];
    let mut with_c3 = steps.to_vec();
    with_c3.push("c3");
    option_adds("swap-when=check", &v, "w K 00 0 1", "f5", &with_c3, &[]);
    // Rook on g10 instead: the King is not attacked and there are other
    // moves: no swap under either value.
    let v = [("f5", "K"), ("c3", "S"), ("g10", "r"), ("k10", "k")];
    option_adds("swap-when=check", &v, "w K 00 0 1", "f5", &steps, &[]);
}

// ---------------------------------------------------------------------------
// swap-with=any
// ---------------------------------------------------------------------------

/// White King f5 in check from the rook f10. Friendly pieces are all pawns:
/// pawn of kings c3, pawn of pawns waiting on e10 (stage 1), pawn of rooks
/// h2. Clock 17, move 9.
fn pawns_only(rules: &str) -> Position {
    pos_in(
        rules,
        &[
            ("f5", "K"),
            ("c3", "PK"),
            ("e10", "PP"),
            ("h2", "PR"),
            ("f10", "r"),
            ("k10", "k"),
        ],
        "w K 10 17 9",
    )
}

// docs/RULES.md, section 9, swap-with=any: "The partner may also be an ordinary pawn
// (not a pawn of pawns, not a piece on a citadel), provided the King's
// square is on neither that pawn's first nor its last rank."

#[test]
fn swap_with_any_adds_ordinary_pawns_and_keeps_the_clock() {
    // Default: no partner (all pawns): the six King steps of
    // `king_in_check` and nothing else (c3c4 and h2h3 leave the check; the
    // waiting pawn has no pair of black pieces to fork).
    let steps = ["e4", "e5", "e6", "g4", "g5", "g6"];
    assert_eq!(all_moves(&pawns_only("")), targets("f5", &steps));
    // swap-with=any (also in the seed-001 preset): the pawn of kings c3 and
    // the pawn of rooks h2 (both unattacked, the King's rank 5 is neither
    // rank 1 nor rank 10), never the pawn of pawns.
    let mut with = steps.to_vec();
    with.extend(["c3", "h2"]);
    for rules in ["swap-with=any", "seed-001"] {
        assert_eq!(
            all_moves(&pawns_only(rules)),
            targets("f5", &with),
            "{rules}"
        );
    }

    // "A swap with a pawn is a King move: it does not reset the halfmove
    // clock": 17 -> 18.
    let mut q = pawns_only("swap-with=any");
    let m = play(&mut q, "f5h2");
    assert_eq!(m.kind, MoveKind::KingSwap);
    assert_eq!(m.role, Role::King);
    assert_eq!(m.capture, None);
    assert!(!m.is_zeroing());
    assert_eq!(at(&q, "h2"), white(Role::King));
    assert_eq!(at(&q, "f5"), white(Role::PawnOfRooks));
    assert!(!q.swap_right(Color::White));
    assert_eq!(q.halfmoves(), 18);
    // Rank 10: e10 PP, f10 r, k10 k; f5 pawn of rooks; c3 pawn of kings;
    // h2 King; White's right gone; clock 18; still move 9.
    assert_eq!(
        q.to_tfen(),
        "4PPr4k/11/11/11/11/5PR5/11/2PK8/7K3/11 b - 10 18 9"
    );
    // So the swap can reach the move limit: 18 plies under move-limit=18.
    let mut g = Game::from_position(pawns_only("swap-with=any,move-limit=18"));
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "f5h2");
    assert_eq!(g.outcome(), draw(Termination::MoveLimit));
}

#[test]
fn swap_with_any_pawn_partner_when_the_king_stands_on_ranks_2_to_9() {
    // White K f9 in check from the rook a9: steps e8 e10 f8 f10 g8 g10 (e9
    // g9 on rank 9); the knight c3; and with swap-with=any the pawn h3 (it
    // would stand on f9, an ordinary rank for it; h3 is unattacked).
    let v = [
        ("f9", "K"),
        ("c3", "N"),
        ("h3", "PR"),
        ("a9", "r"),
        ("k5", "k"),
    ];
    let steps = ["e8", "e10", "f8", "f10", "g8", "g10", "c3"];
    option_adds("swap-with=any", &v, "w K 00 0 1", "f9", &steps, &["h3"]);
    // Black K f2 (an ordinary rank for Black's pawns) in check from the
    // rook a2: steps e1 e3 f1 f3 g1 g3 (e2 g2 on rank 2); the knight c8;
    // and the pawn h8.
    let v = [
        ("f2", "k"),
        ("c8", "n"),
        ("h8", "pr"),
        ("a2", "R"),
        ("k5", "K"),
    ];
    let steps = ["e1", "e3", "f1", "f3", "g1", "g3", "c8"];
    option_adds("swap-with=any", &v, "b k 00 0 1", "f2", &steps, &["h8"]);
}

#[test]
fn swap_with_any_pawn_partner_must_leave_the_king_safe() {
    // K f5 in check from the rook f10, pawn of rooks f3 behind it. The
    // swap puts the pawn on f5, between the rook and the King on f3: the
    // King ends unattacked, so f5f3 is legal with swap-with=any. (f3f4
    // does not block the check: f4 is behind the King.)
    let v = [("f5", "K"), ("f3", "PR"), ("f10", "r"), ("k10", "k")];
    let steps = ["e4", "e5", "e6", "g4", "g5", "g6"];
    option_adds("swap-with=any", &v, "w K 00 0 1", "f5", &steps, &["f3"]);
    assert_eq!(all_moves(&pos_in("", &v, "w K 00 0 1")).len(), steps.len());
    let mut p = pos_in("swap-with=any", &v, "w K 00 0 1");
    play(&mut p, "f5f3");
    assert_eq!(at(&p, "f3"), white(Role::King));
    assert_eq!(at(&p, "f5"), white(Role::PawnOfRooks));
    assert!(!p.is_attacked(sq("f3"), Color::Black));

    // A second rook a4 covers rank 4 up to the pawn h4: e4 f4 g4 are
    // attacked, and so is h4, which rules that pawn out as a partner; the
    // pawn c6 is safe. Steps e5 e6 g5 g6.
    let v = [
        ("f5", "K"),
        ("h4", "PR"),
        ("c6", "PR"),
        ("f10", "r"),
        ("a4", "r"),
        ("k10", "k"),
    ];
    let steps = ["e5", "e6", "g5", "g6"];
    option_adds("swap-with=any", &v, "w K 00 0 1", "f5", &steps, &["c6"]);
}

#[test]
fn swap_with_any_never_onto_the_pawns_first_or_last_rank() {
    // K f1 (rank 1: White pawns' first rank) in check from the rook f10:
    // steps e1 e2 g1 g2 (f2 on the f-file); swap with the knight c3; the
    // pawn h3 would land on rank 1: not a partner, under either value.
    let v = [
        ("f1", "K"),
        ("c3", "N"),
        ("h3", "PR"),
        ("f10", "r"),
        ("k5", "k"),
    ];
    let steps = ["e1", "e2", "g1", "g2", "c3"];
    option_adds("swap-with=any", &v, "w K 00 0 1", "f1", &steps, &[]);
    // K f10 (rank 10: their last rank) in check from the rook a10: e10
    // and g10 stay on rank 10; e9 f9 g9 free; c3 yes, h3 no.
    let v = [
        ("f10", "K"),
        ("c3", "N"),
        ("h3", "PR"),
        ("a10", "r"),
        ("k5", "k"),
    ];
    let steps = ["e9", "f9", "g9", "c3"];
    option_adds("swap-with=any", &v, "w K 00 0 1", "f10", &steps, &[]);
    // Black: ranks are Black's own. K f10 (Black's first rank) in check
    // from the rook a10: steps e9 f9 g9, knight c8 yes, pawn h8 no.
    let v = [
        ("f10", "k"),
        ("c8", "n"),
        ("h8", "pr"),
        ("a10", "R"),
        ("k1", "K"),
    ];
    let p = pos_in("swap-with=any", &v, "b k 00 0 1");
    assert_eq!(
        moves_from(&p, "f10"),
        targets("f10", &["e9", "f9", "g9", "c8"])
    );
    // The stuck King a1 of `stuck_white` is on rank 1: the pawn j2 stays
    // excluded, the ferz k1 is still the only partner.
    assert_eq!(
        all_moves(&under(&stuck_white(), "swap-with=any")),
        set(&["a1k1"])
    );
}

#[test]
fn swap_with_any_never_the_pawn_of_pawns() {
    // K f5 in check from the rook f10 with a pawn of pawns as its only
    // friendly piece: waiting on e10 (stage 1), or placed on c3 (stage 2).
    // Neither is a partner: the six King steps only.
    let steps = targets("f5", &["e4", "e5", "e6", "g4", "g5", "g6"]);
    for (at_sq, stages) in [("e10", "10"), ("c3", "20")] {
        let v = [("f5", "K"), (at_sq, "PP"), ("f10", "r"), ("k10", "k")];
        let p = pos_in("swap-with=any", &v, &format!("w K {stages} 0 1"));
        assert_eq!(all_moves(&p), steps, "{at_sq}");
    }
}

// ---------------------------------------------------------------------------
// citadel-entry=king-only
// ---------------------------------------------------------------------------

#[test]
fn king_only_bars_prince_and_adventitious_king_from_the_enemy_citadel() {
    // A lone Prince or Adventitious King on a9 (black King k5 far away):
    // steps a8 a10 b8 b9 b10, plus bc as the highest royal present.
    let steps = ["a8", "a10", "b8", "b9", "b10"];
    let mut with_bc = steps.to_vec();
    with_bc.push("bc");
    for royal in ["S", "A"] {
        let v = [("a9", royal), ("k5", "k")];
        let p = pos_in("", &v, "w - 00 0 1");
        assert_eq!(moves_from(&p, "a9"), targets("a9", &with_bc), "{royal}");
        let p = pos_in("citadel-entry=king-only", &v, "w - 00 0 1");
        assert_eq!(moves_from(&p, "a9"), targets("a9", &steps), "{royal}");
    }
    // The King itself still enters, alone or with other royals.
    for v in [
        vec![("a9", "K"), ("k5", "k")],
        vec![("a9", "K"), ("f1", "S"), ("k5", "k")],
    ] {
        let p = pos_in("citadel-entry=king-only", &v, "w - 00 0 1");
        assert_eq!(moves_from(&p, "a9"), targets("a9", &with_bc));
    }
    // A Prince next to bc while a King is present: never, under both.
    let v = [("a9", "S"), ("f1", "K"), ("k5", "k")];
    option_adds(
        "citadel-entry=king-only",
        &v,
        "w - 00 0 1",
        "a9",
        &steps,
        &[],
    );
    // Black Prince k2, no black King: wc by default, not with king-only.
    let v = [("k2", "s"), ("a5", "K")];
    let steps = ["j1", "j2", "j3", "k1", "k3"];
    let mut with_wc = steps.to_vec();
    with_wc.push("wc");
    let p = pos_in("", &v, "b - 00 0 1");
    assert_eq!(moves_from(&p, "k2"), targets("k2", &with_wc));
    let p = pos_in("citadel-entry=king-only", &v, "b - 00 0 1");
    assert_eq!(moves_from(&p, "k2"), targets("k2", &steps));
    let p = pos_in(
        "citadel-entry=king-only",
        &[("k2", "k"), ("a5", "K")],
        "b - 00 0 1",
    );
    assert_eq!(moves_from(&p, "k2"), targets("k2", &with_wc));
}

#[test]
fn king_only_turns_a_citadel_escape_into_checkmate() {
    // Lone white Prince a9 in check from the rook a5 (a6 a7 a8 empty);
    // a8 and a10 stay on the a-file, b8 b9 b10 are covered by the rook b1
    // up the empty b-file. Default: the only move is a9bc, a citadel draw.
    let v = [("a9", "S"), ("a5", "r"), ("b1", "r"), ("k5", "k")];
    let mut p = pos_in("", &v, "w - 00 0 1");
    assert_eq!(all_moves(&p), set(&["a9bc"]));
    play(&mut p, "a9bc");
    assert_eq!(p.outcome(), draw(Termination::Citadel));
    // king-only: no move, the single royal attacked: checkmate.
    let p = pos_in("citadel-entry=king-only", &v, "w - 00 0 1");
    assert_eq!(all_moves(&p), set(&[]));
    assert_eq!(p.outcome(), win(Color::Black, Termination::Checkmate));
    let mut g = Game::from_position(p);
    let e = refused(&mut g, "a9bc");
    assert_eq!(
        (e.ply, Some(e.outcome)),
        (0, win(Color::Black, Termination::Checkmate))
    );
}

#[test]
fn king_only_leaves_the_adventitious_kings_own_citadel_alone() {
    // White K a1 and AK k2 (black King a5, knight h8 far away): the AK's
    // steps j1 j2 j3 k1 k3 and its own citadel wc, under both values.
    let v = [("a1", "K"), ("k2", "A"), ("a5", "k"), ("h8", "n")];
    let steps = ["j1", "j2", "j3", "k1", "k3", "wc"];
    option_adds(
        "citadel-entry=king-only",
        &v,
        "w - 00 0 1",
        "k2",
        &steps,
        &[],
    );
    // A lone black AK on a9 enters its own citadel bc under king-only.
    let p = pos_in(
        "citadel-entry=king-only",
        &[("a9", "a"), ("f1", "K"), ("h3", "N")],
        "b - 00 0 1",
    );
    assert_eq!(
        moves_from(&p, "a9"),
        targets("a9", &["a8", "a10", "b8", "b9", "b10", "bc"])
    );
    assert_eq!(p.parse_move("a9bc").unwrap().kind, MoveKind::CitadelEntry);
    let mut q = p.clone();
    play(&mut q, "a9bc");
    // Entering one's own citadel is no citadel draw.
    assert_eq!(q.outcome(), None);
}

// ---------------------------------------------------------------------------
// pawn-of-pawns=one-arrival
// ---------------------------------------------------------------------------

/// White pawn of pawns on e9 at stage 1 (about to arrive a second time);
/// black rook c6 and knight e6 (d5 forks them), black rook h10, black King
/// k5, white King a1.
fn second_arrival(rules: &str) -> Position {
    pos_in(
        rules,
        &[
            ("a1", "K"),
            ("e9", "PP"),
            ("c6", "r"),
            ("e6", "n"),
            ("h10", "r"),
            ("k5", "k"),
        ],
        "w - 10 9 1",
    )
}

#[test]
fn one_arrival_every_arrival_waits_as_the_first() {
    // e9: push e10 only (d10, f10 empty). Default: the second arrival goes
    // to the empty f3, stage 2.
    let mut p = second_arrival("");
    assert_eq!(moves_from(&p, "e9"), set(&["e9e10"]));
    let m = play(&mut p, "e9e10");
    assert_eq!(m.kind, MoveKind::Arrival(Arrival::SecondToReturnSquare));
    assert_eq!(at(&p, "f3"), white(Role::PawnOfPawns));
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 2);

    // one-arrival: it waits on e10 like a first arrival; the stage stays 1.
    let mut p = second_arrival("pawn-of-pawns=one-arrival");
    let m = play(&mut p, "e9e10");
    assert_eq!(m.kind, MoveKind::Arrival(Arrival::First));
    assert_eq!(at(&p, "e10"), white(Role::PawnOfPawns));
    assert_eq!(at(&p, "f3"), None);
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 1);
    assert_eq!(p.halfmoves(), 0);
    // Uncapturable while it waits: the rook h10 goes left to g10 f10 only
    // (right i10 j10 k10, down h9..h1).
    assert_eq!(
        moves_from(&p, "h10"),
        targets(
            "h10",
            &[
                "g10", "f10", "i10", "j10", "k10", "h9", "h8", "h7", "h6", "h5", "h4", "h3", "h2",
                "h1"
            ]
        )
    );
    play(&mut p, "k5k4");
    // It may be placed again (d5 attacks c6 and e6); never transferred to
    // f3, and no third arrival can follow (the stage never passes 1).
    assert_eq!(moves_from(&p, "e10"), set(&["e10d5"]));
    let m = play(&mut p, "e10d5");
    assert_eq!(m.kind, MoveKind::Placement);
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 1);

    // Black: pawn of pawns e2 at stage 1. By default e2e1 takes it to the
    // empty f8 (stage 2; `rules::s3_1_second_arrival_goes_to_f3_when_empty`);
    // with one-arrival it waits on e1 (stage 1).
    let v = [("a5", "K"), ("k5", "k"), ("e2", "pp")];
    let mut p = pos_in("pawn-of-pawns=one-arrival", &v, "b - 01 0 1");
    let m = play(&mut p, "e2e1");
    assert_eq!(m.kind, MoveKind::Arrival(Arrival::First));
    assert_eq!(at(&p, "e1"), black(Role::PawnOfPawns));
    assert_eq!(at(&p, "f8"), None);
    assert_eq!(p.pawn_of_pawns_stage(Color::Black), 1);
}

#[test]
fn one_arrival_stage_two_in_tfen_is_an_error() {
    let white_two = "4PP6/11/11/11/11/10k/11/11/11/K10 b - 20 0 1";
    let black_two = "11/11/11/11/11/10k/11/11/11/K10 w - 02 0 1";
    let one = rule_set("pawn-of-pawns=one-arrival");
    assert!(Position::from_tfen(white_two).is_ok());
    assert!(Position::from_tfen(black_two).is_ok());
    for (t, color) in [(white_two, Color::White), (black_two, Color::Black)] {
        let e = Position::from_tfen_with_rules(t, one).unwrap_err();
        assert_eq!(
            e,
            TfenError::Position(PositionError::StageOutOfRange {
                color,
                stage: 2,
                max: 1
            })
        );
        assert!(e.to_string().contains("stage 2"), "{e}");
    }
    // Stage 1 is fine.
    assert!(Position::from_tfen_with_rules(&white_two.replace(" 20 ", " 10 "), one).is_ok());
    // The seed-001 preset includes the option.
    assert!(Position::from_tfen_with_rules(white_two, rule_set("seed-001")).is_err());
}

#[test]
fn one_arrival_the_pawn_stays_on_the_last_rank_for_legality() {
    // K f1 in check from the rook f10; pawn of pawns e9 at stage 1. By
    // default e9e10 puts it on f3, blocking the check; e9f10 takes the
    // rook. With one-arrival it waits on e10 and blocks nothing: only the
    // capture remains.
    let v = [("f1", "K"), ("f10", "r"), ("k5", "k"), ("e9", "PP")];
    let p = pos_in("", &v, "w - 10 0 1");
    assert_eq!(moves_from(&p, "e9"), targets("e9", &["e10", "f10"]));
    let p = pos_in("pawn-of-pawns=one-arrival", &v, "w - 10 0 1");
    assert_eq!(moves_from(&p, "e9"), targets("e9", &["f10"]));
    assert_eq!(
        p.parse_move("e9f10").unwrap().kind,
        MoveKind::Arrival(Arrival::First)
    );

    // K a10 in check from the rook k10 along rank 10. By default e9e10
    // goes to f3 and leaves the check: illegal. With one-arrival it waits
    // on e10, between the rook and the King: legal.
    let v = [("a10", "K"), ("k10", "r"), ("k1", "k"), ("e9", "PP")];
    let p = pos_in("", &v, "w - 10 0 1");
    assert_eq!(moves_from(&p, "e9"), set(&[]));
    let mut p = pos_in("pawn-of-pawns=one-arrival", &v, "w - 10 0 1");
    assert_eq!(moves_from(&p, "e9"), set(&["e9e10"]));
    play(&mut p, "e9e10");
    assert!(!p.is_attacked(sq("a10"), Color::Black));
}

/// White's pawn of pawns waits on e10 (stage 1); black rook d6 and knight
/// f6, so that e5 is its only placement square (it attacks d6 and f6);
/// White King a1, black King k5. Under `rules`, as a game.
fn waiting_over_e5(rules: &str) -> Game {
    let v = [
        ("a1", "K"),
        ("e10", "PP"),
        ("d6", "r"),
        ("f6", "n"),
        ("k5", "k"),
    ];
    Game::from_position(pos_in(rules, &v, "w - 10 0 1"))
}

/// The pawn of pawns placed on e5 and back up to e10 in six moves while the
/// black King goes k5-k4 and back three times.
const PLACED_AND_BACK: &str = "e10e5 k5k4 e5e6 k4k5 e6e7 k5k4 e7e8 k4k5 e8e9 k5k4 e9e10 k4k5";

#[test]
fn one_arrival_a_placement_and_pawn_steps_can_be_undone() {
    // With one-arrival, e9e10 is another first arrival: the pawn waits on
    // e10 at stage 1, the black King is back on k5, White is to move: the
    // start position again (its second occurrence), though every White move
    // was a pawn move that reset the halfmove clock.
    let mut g = waiting_over_e5("pawn-of-pawns=one-arrival");
    for s in PLACED_AND_BACK.split_whitespace() {
        let pos = g.position().clone();
        let m = pos.parse_move(s).unwrap();
        assert_eq!(m.is_zeroing(), s.starts_with('e'), "{s}");
        // So none of them is irreversible: not a pawn-of-pawns move at
        // stage 1 under one-arrival, nor a King step.
        assert!(!pos.is_irreversible(&m), "{s}");
        g.play(&m).unwrap();
    }
    assert_eq!(g.position().halfmoves(), 1);
    assert!(g.position().same_position(g.start()));
    assert_eq!(g.repetition_count(), 2);

    // By default e9e10 is the second arrival: the pawn goes to the empty f3
    // at stage 2, and nothing repeats. The placement and the steps are
    // irreversible (a waiting pawn never waits again at the same stage).
    let mut g = waiting_over_e5("");
    for s in PLACED_AND_BACK.split_whitespace() {
        let pos = g.position().clone();
        let m = pos.parse_move(s).unwrap();
        assert_eq!(pos.is_irreversible(&m), s.starts_with('e'), "{s}");
        g.play(&m).unwrap();
    }
    assert_eq!(at(g.position(), "f3"), white(Role::PawnOfPawns));
    assert_eq!(g.position().pawn_of_pawns_stage(Color::White), 2);
    assert!(g
        .positions()
        .iter()
        .skip(1)
        .all(|p| !p.same_position(g.start())));
    assert_eq!(g.repetition_count(), 1);

    // Under one-arrival a capture by the pawn of pawns at stage 1, an
    // ordinary pawn move and a pawn of pawns' move at stage 0 stay
    // irreversible.
    let mut g = waiting_over_e5("pawn-of-pawns=one-arrival");
    game_play(&mut g, "e10e5 k5k4");
    let takes_rook = g.position().parse_move("e5d6").unwrap();
    assert_eq!(takes_rook.capture, Some(Role::Rook));
    assert!(g.position().is_irreversible(&takes_rook));
    // The initial array: the pawn of pawns on a3, the pawn of kings on f3.
    let start = Position::start_with_rules(rule_set("pawn-of-pawns=one-arrival"));
    for s in ["a3a4", "f3f4"] {
        assert!(start.is_irreversible(&start.parse_move(s).unwrap()), "{s}");
    }
}

// ---------------------------------------------------------------------------
// placement-onto=enemy
// ---------------------------------------------------------------------------

/// `rules::placement_position` (white pawn of pawns waiting on e10 at
/// stage 1, black rook c6 and knight e6, so d5 attacks two black pieces;
/// White King a1, black King k10) under `rules`, with `on_d5` on d5.
fn fork_on_d5(rules: &str, on_d5: Option<&str>, tail: &str) -> Position {
    let extra: Vec<(&str, &str)> = on_d5.map(|t| ("d5", t)).into_iter().collect();
    under(&placement_position(&extra, tail), rules)
}

#[test]
fn onto_enemy_captures_the_occupant() {
    // A black ferz on d5. Fork squares: only d5 (c6 and e6); c4/e4 see the
    // ferz and one empty square; c6 and e6 fork nothing. Default: d5 is
    // occupied, no placement.
    let p = fork_on_d5("", Some("f"), "w - 10 33 20");
    assert_eq!(moves_from(&p, "e10"), set(&[]));
    // placement-onto=enemy: e10d5 takes the ferz.
    let mut p = fork_on_d5("placement-onto=enemy", Some("f"), "w - 10 33 20");
    assert_eq!(moves_from(&p, "e10"), set(&["e10d5"]));
    let m = p.parse_move("e10d5").unwrap();
    assert_eq!(m.kind, MoveKind::Placement);
    assert_eq!(m.capture, Some(Role::Ferz));
    // A capture in notation too.
    assert!(p.san(&m).contains('x'), "{}", p.san(&m));
    play(&mut p, "e10d5");
    assert_eq!(at(&p, "d5"), white(Role::PawnOfPawns));
    assert_eq!(at(&p, "e10"), None);
    assert_eq!(p.halfmoves(), 0);
    assert_eq!(p.pawn_of_pawns_stage(Color::White), 1);
    // An empty d5 stays a target under both values.
    for rules in ["", "placement-onto=enemy"] {
        assert_eq!(
            moves_from(&fork_on_d5(rules, None, "w - 10 0 1"), "e10"),
            set(&["e10d5"])
        );
    }

    // Black: pawn of pawns waiting on e1 (stage 1); white rook c5, knight
    // e5 and ferz d6. Black pawns attack downwards: d6 sees c5 and e5 (the
    // only such square), and holds the ferz.
    let v = [
        ("a10", "k"),
        ("k1", "K"),
        ("e1", "pp"),
        ("c5", "R"),
        ("e5", "N"),
        ("d6", "F"),
    ];
    let p = pos_in("", &v, "b - 01 0 1");
    assert_eq!(moves_from(&p, "e1"), set(&[]));
    let p = pos_in("placement-onto=enemy", &v, "b - 01 0 1");
    assert_eq!(moves_from(&p, "e1"), set(&["e1d6"]));
    assert_eq!(p.parse_move("e1d6").unwrap().capture, Some(Role::Ferz));
}

#[test]
fn onto_enemy_never_a_royal_an_own_piece_or_a_waiting_pawn_of_pawns() {
    let enemy = "placement-onto=enemy";
    // A black Prince (royal) or a white vizier on d5: no placement.
    for on_d5 in ["s", "V"] {
        let p = fork_on_d5(enemy, Some(on_d5), "w - 10 0 1");
        assert_eq!(moves_from(&p, "e10"), set(&[]), "{on_d5}");
    }
    // "A placed (no longer waiting) enemy pawn of pawns may be taken": a
    // black pawn of pawns on d5 at stage 1.
    let p = fork_on_d5(enemy, Some("pp"), "w - 11 0 1");
    assert_eq!(moves_from(&p, "e10"), set(&["e10d5"]));
    assert_eq!(
        p.parse_move("e10d5").unwrap().capture,
        Some(Role::PawnOfPawns)
    );
    assert_eq!(
        moves_from(&fork_on_d5("", Some("pp"), "w - 11 0 1"), "e10"),
        set(&[])
    );
    // "... but a waiting one may not": Black's pawn of pawns waits on d1
    // (stage 1); black knights c2 and e2 make d1 a fork square (b1 and f1
    // each see one knight). White King a5.
    let v = [
        ("a5", "K"),
        ("k10", "k"),
        ("e10", "PP"),
        ("d1", "pp"),
        ("c2", "n"),
        ("e2", "n"),
    ];
    for rules in ["", enemy] {
        assert_eq!(
            moves_from(&pos_in(rules, &v, "w - 11 0 1"), "e10"),
            set(&[]),
            "{rules:?}"
        );
    }
}

#[test]
fn onto_enemy_legality_is_judged_after_the_capture() {
    // White King a5 in check from the black rook d5 (b5 c5 empty); black
    // rook c6, knight e6. King: a4 b4 free; b5 on rank 5; a6 b6 on the
    // rook c6's rank. Default: nothing else (d5 occupied).
    let v = [
        ("a5", "K"),
        ("d5", "r"),
        ("c6", "r"),
        ("e6", "n"),
        ("e10", "PP"),
        ("k10", "k"),
    ];
    let p = pos_in("", &v, "w - 10 0 1");
    assert!(p.is_check());
    assert_eq!(all_moves(&p), set(&["a5a4", "a5b4"]));
    // placement-onto=enemy: the placement takes the checking rook, forks
    // c6/e6 and leaves the King unattacked.
    let p = pos_in("placement-onto=enemy", &v, "w - 10 0 1");
    assert_eq!(all_moves(&p), set(&["a5a4", "a5b4", "e10d5"]));

    // Lifting the pawn still may not expose the King: K a10, rook k10 on
    // rank 10 behind the waiting pawn e10; a black ferz on d5.
    let v = [
        ("a10", "K"),
        ("k10", "r"),
        ("k1", "k"),
        ("e10", "PP"),
        ("c6", "r"),
        ("e6", "n"),
        ("d5", "f"),
    ];
    for rules in ["", "placement-onto=enemy"] {
        let p = pos_in(rules, &v, "w - 10 0 1");
        assert!(!p.is_check());
        assert_eq!(moves_from(&p, "e10"), set(&[]), "{rules:?}");
    }
}

// ---------------------------------------------------------------------------
// placement-targets=fork-or-trapped
// ---------------------------------------------------------------------------

/// White pawn of pawns waiting on k10 (stage 1), White King a1; a black
/// `officer` on c10 with a black pawn on d9 (blocking c10's down-right
/// diagonal), black King h5; `side` to move, under `rules`.
fn officer_on_c10(officer: &str, rules: &str, side: &str) -> Position {
    let v = [
        ("a1", "K"),
        ("k10", "PP"),
        ("c10", officer),
        ("d9", "pr"),
        ("h5", "k"),
    ];
    pos_in(rules, &v, &format!("{side} - 10 0 1"))
}

#[test]
fn trapped_officer_makes_a_target() {
    let trapped = "placement-targets=fork-or-trapped";
    // A talia on c10 (see `officer_on_c10`). No fork square (no two black
    // pieces on one rank two files apart). The talia can move now (c10a8
    // over the empty b9), but a pawn on b9 blocks its last direction (a
    // talia cannot move past an occupied adjacent diagonal square, nor
    // capture there): b9 attacks a trapped officer.
    let b = officer_on_c10("t", "", "b");
    assert_eq!(moves_from(&b, "c10"), set(&["c10a8"]));
    assert_eq!(moves_from(&officer_on_c10("t", "", "w"), "k10"), set(&[]));
    let mut p = officer_on_c10("t", trapped, "w");
    assert_eq!(moves_from(&p, "k10"), set(&["k10b9"]));
    let m = play(&mut p, "k10b9");
    assert_eq!(m.kind, MoveKind::Placement);
    assert_eq!(moves_from(&p, "c10"), set(&[]));

    // A rook a10 boxed in by its own pawn a9 and knight b10 (trapped
    // before and after): b9 attacks it. c9 attacks the knight b10, which
    // keeps a8 c8 d9: not trapped.
    let v = [
        ("a1", "K"),
        ("k10", "PP"),
        ("a10", "r"),
        ("a9", "pr"),
        ("b10", "n"),
        ("h5", "k"),
    ];
    assert_eq!(moves_from(&pos_in("", &v, "w - 10 0 1"), "k10"), set(&[]));
    assert_eq!(
        moves_from(&pos_in(trapped, &v, "w - 10 0 1"), "k10"),
        set(&["k10b9"])
    );

    // Black, the talia case turned round: Black's pawn of pawns waits on
    // a1 (stage 1); white talia i1 with a white pawn on h2; white King d6.
    // Black pawns attack downwards, so j2 attacks i1 (and the empty k1).
    // The talia has i1k3 now (over the empty j2); a pawn on j2 blocks it.
    let v = [
        ("k10", "k"),
        ("a1", "pp"),
        ("i1", "T"),
        ("h2", "PR"),
        ("d6", "K"),
    ];
    assert_eq!(
        moves_from(&pos_in("", &v, "w - 01 0 1"), "i1"),
        set(&["i1k3"])
    );
    assert_eq!(moves_from(&pos_in("", &v, "b - 01 0 1"), "a1"), set(&[]));
    assert_eq!(
        moves_from(&pos_in(trapped, &v, "b - 01 0 1"), "a1"),
        set(&["a1j2"])
    );
}

#[test]
fn trapped_means_no_pseudo_legal_move_at_all() {
    let trapped = "placement-targets=fork-or-trapped";
    // As in `trapped_officer_makes_a_target`, with a ferz on c10: the ferz
    // could take the pawn placed on b9 ("a capture of the placed pawn is a
    // move"): not trapped, no target.
    assert_eq!(
        moves_from(&officer_on_c10("f", trapped, "w"), "k10"),
        set(&[])
    );

    // "Ignoring checks and whose turn it is": the black knight h5 is pinned
    // by the rook h10 against its King h1, so Black has no legal knight
    // move, but it has pseudo-legal ones (f4 f6 g3 g7 i3 i7 j4 j6): g4 and
    // i4, which attack it, are not targets.
    let v = [
        ("a1", "K"),
        ("a10", "PP"),
        ("h10", "R"),
        ("h5", "n"),
        ("h1", "k"),
    ];
    assert_eq!(
        moves_from(&pos_in(trapped, &v, "b - 10 0 1"), "h5"),
        set(&[])
    );
    assert_eq!(
        moves_from(&pos_in(trapped, &v, "w - 10 0 1"), "a10"),
        set(&[])
    );
}

#[test]
fn trapped_is_judged_after_the_lift_and_the_capture() {
    let trapped = "placement-targets=fork-or-trapped";
    // Black rook d10 between its own knight c10 and the white pawn of
    // pawns waiting on e10, its own pawn d9 below: it has no move now (the
    // waiting pawn can be neither taken nor passed). c9 and e9 attack it,
    // but once the pawn is lifted off e10 the rook can go there: no target.
    let v = [
        ("a1", "K"),
        ("e10", "PP"),
        ("d10", "r"),
        ("c10", "n"),
        ("d9", "pr"),
        ("h5", "k"),
    ];
    assert_eq!(moves_from(&pos_in("", &v, "b - 10 0 1"), "d10"), set(&[]));
    assert_eq!(
        moves_from(&pos_in(trapped, &v, "w - 10 0 1"), "e10"),
        set(&[])
    );
    // With a black elephant on e10 instead (the pawn waiting on k10), the
    // rook stays boxed in: c9 and e9 are targets. (The knight c10 keeps a9
    // b8 d8 e9 and the elephant c8 g8: not trapped.)
    let v = [
        ("a1", "K"),
        ("k10", "PP"),
        ("d10", "r"),
        ("c10", "n"),
        ("e10", "e"),
        ("d9", "pr"),
        ("h5", "k"),
    ];
    assert_eq!(moves_from(&pos_in("", &v, "w - 10 0 1"), "k10"), set(&[]));
    assert_eq!(
        moves_from(&pos_in(trapped, &v, "w - 10 0 1"), "k10"),
        set(&["k10c9", "k10e9"])
    );

    // With placement-onto=enemy: a black talia c10 between its own pawns
    // b9 and d9. c8 forks the two pawns (a placement under every rule
    // set). Taking b9 (or d9) leaves the talia blocked on both sides by
    // the placed pawn and its own pawn: trapped. A ferz on c10 could take
    // the placed pawn instead: not trapped.
    for (officer, extra) in [("t", vec!["k10b9", "k10d9"]), ("f", vec![])] {
        let v = [
            ("a1", "K"),
            ("k10", "PP"),
            ("c10", officer),
            ("b9", "pr"),
            ("d9", "pr"),
            ("h5", "k"),
        ];
        for rules in [
            "",
            "placement-onto=enemy",
            "placement-targets=fork-or-trapped",
        ] {
            let p = pos_in(rules, &v, "w - 10 0 1");
            assert_eq!(
                moves_from(&p, "k10"),
                set(&["k10c8"]),
                "{officer} {rules:?}"
            );
        }
        let p = pos_in(
            "placement-onto=enemy,placement-targets=fork-or-trapped",
            &v,
            "w - 10 0 1",
        );
        let mut expected = vec!["k10c8"];
        expected.extend(extra.iter().copied());
        assert_eq!(moves_from(&p, "k10"), set(&expected), "{officer}");
    }
}

// ---------------------------------------------------------------------------
// lone-royal=before-move
// ---------------------------------------------------------------------------

#[test]
fn before_move_a_new_royal_does_not_excuse_the_lone_one() {
    // K a1 in check from the rook a8 (a2 stays attacked; b1 b2 free). The
    // pawn of kings e9 promotes to a Prince: two royals after the move, so
    // legal by default although the King stays attacked; with before-move
    // the King (the one royal before the move) must end unattacked.
    // The pawn of rooks g9 -> rook g10 blocks nothing: illegal under both.
    let v = [
        ("a1", "K"),
        ("a8", "r"),
        ("k5", "k"),
        ("e9", "PK"),
        ("g9", "PR"),
    ];
    assert_eq!(
        all_moves(&pos_in("", &v, "w - 00 0 1")),
        set(&["a1b1", "a1b2", "e9e10"])
    );
    let p = pos_in("lone-royal=before-move", &v, "w - 00 0 1");
    assert_eq!(all_moves(&p), set(&["a1b1", "a1b2"]));
    // The same with a lone Prince as the one royal.
    let v = [("a1", "S"), ("a8", "r"), ("k5", "k"), ("e9", "PK")];
    assert_eq!(
        all_moves(&pos_in("", &v, "w - 00 0 1")),
        set(&["a1b1", "a1b2", "e9e10"])
    );
    assert_eq!(
        all_moves(&pos_in("lone-royal=before-move", &v, "w - 00 0 1")),
        set(&["a1b1", "a1b2"])
    );
    // The third arrival (pawn of pawns g9 at stage 2 -> Adventitious King).
    let v = [("a1", "K"), ("a8", "r"), ("k5", "k"), ("g9", "PP")];
    assert_eq!(
        all_moves(&pos_in("", &v, "w - 20 0 1")),
        set(&["a1b1", "a1b2", "g9g10"])
    );
    assert_eq!(
        all_moves(&pos_in("lone-royal=before-move", &v, "w - 20 0 1")),
        set(&["a1b1", "a1b2"])
    );
}

#[test]
fn before_move_checkmate_the_default_escapes() {
    // K a1 in check from the rook a8, b1 b2 covered by the rook b8: only
    // the promotion e9e10 (a second royal) by default; none with
    // before-move: checkmate.
    let v = [
        ("a1", "K"),
        ("a8", "r"),
        ("b8", "r"),
        ("e9", "PK"),
        ("k5", "k"),
    ];
    let p = pos_in("", &v, "w - 00 0 1");
    assert_eq!(all_moves(&p), set(&["e9e10"]));
    assert_eq!(p.outcome(), None);
    let p = pos_in("lone-royal=before-move", &v, "w - 00 0 1");
    assert_eq!(all_moves(&p), set(&[]));
    assert_eq!(p.outcome(), win(Color::Black, Termination::Checkmate));

    // A promotion that also removes the checker is legal under both: K f1
    // in check from the rook f10; e9f10 takes it (Prince on f10), e9e10
    // leaves it in place.
    let v = [("f1", "K"), ("f10", "r"), ("k5", "k"), ("e9", "PK")];
    let p = pos_in("", &v, "w - 00 0 1");
    assert_eq!(moves_from(&p, "e9"), targets("e9", &["e10", "f10"]));
    assert_eq!(
        moves_from(&p, "f1"),
        targets("f1", &["e1", "e2", "g1", "g2"])
    );
    let p = pos_in("lone-royal=before-move", &v, "w - 00 0 1");
    assert_eq!(moves_from(&p, "e9"), targets("e9", &["f10"]));
    assert_eq!(
        moves_from(&p, "f1"),
        targets("f1", &["e1", "e2", "g1", "g2"])
    );
}

#[test]
fn before_move_pins_swaps_and_several_royals() {
    // Pin: K h6, pawn of kings e9 on the diagonal of the black talia d10
    // (d10 e9 f8 g7 h6). The King is not attacked now (e9 is the talia's
    // occupied adjacent square). e9e10 opens the diagonal: legal by default
    // (two royals), illegal with before-move. e9xd10 is legal under both.
    let v = [("h6", "K"), ("e9", "PK"), ("d10", "t"), ("k1", "k")];
    let p = pos_in("", &v, "w - 00 0 1");
    assert!(!p.is_check());
    assert_eq!(moves_from(&p, "e9"), targets("e9", &["d10", "e10"]));
    let p = pos_in("lone-royal=before-move", &v, "w - 00 0 1");
    assert_eq!(moves_from(&p, "e9"), targets("e9", &["d10"]));
    // Nothing changes where the lone royal stays safe: the King on h5 (off
    // the talia's diagonal), or a lone Adventitious King on its own
    // citadel, which nothing attacks (black rook k10 on the k-file).
    for (royal, square) in [("K", "h5"), ("A", "wc")] {
        let v = [
            (square, royal),
            ("e9", "PK"),
            ("d10", "t"),
            ("k10", "r"),
            ("a1", "k"),
        ];
        let pk = ["d10", "e10"];
        option_adds("lone-royal=before-move", &v, "w - 00 0 1", "e9", &pk, &[]);
    }

    // "The lone royal is followed through the move, a swap included; the
    // swap's own condition still applies": the swaps of `king_in_check`
    // are the same (a1 c3 f1 yes, b10 no).
    let expected = targets(
        "f5",
        &["e4", "e5", "e6", "g4", "g5", "g6", "a1", "c3", "f1"],
    );
    let mut p = king_in_check("lone-royal=before-move");
    assert_eq!(moves_from(&p, "f5"), expected);
    play(&mut p, "f5c3");
    assert_eq!(at(&p, "c3"), white(Role::King));

    // With several royals before the move section 4 applies unchanged: K
    // a1 in check from the rook a8, Prince c3: the King may stay attacked
    // (a2 even steps into the a-file), the Prince moves freely, e9e10.
    let v = [
        ("a1", "K"),
        ("c3", "S"),
        ("a8", "r"),
        ("e9", "PK"),
        ("k5", "k"),
    ];
    let expected = set(&[
        "a1a2", "a1b1", "a1b2", "c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3", "c3d4",
        "e9e10",
    ]);
    for rules in ["", "lone-royal=before-move"] {
        assert_eq!(
            all_moves(&pos_in(rules, &v, "w - 00 0 1")),
            expected,
            "{rules:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// royals-only=off
// ---------------------------------------------------------------------------

#[test]
fn royals_only_off_is_no_draw() {
    for (v, tail) in [
        (vec![("e2", "K"), ("e9", "k")], "w - 00 0 1"),
        (vec![("e2", "K"), ("c3", "S"), ("e9", "a")], "b - 00 0 1"),
    ] {
        let p = pos_in("", &v, tail);
        assert_eq!(p.outcome(), draw(Termination::RoyalsOnly));
        assert_eq!(
            Game::from_position(p).outcome(),
            draw(Termination::RoyalsOnly)
        );
        let p = pos_in("royals-only=off", &v, tail);
        assert_eq!(p.outcome(), None);
        assert_eq!(Game::from_position(p).outcome(), None);
    }
    // The game goes on: King e2 has its eight steps.
    let mut g = Game::from_position(pos_in(
        "royals-only=off",
        &[("e2", "K"), ("e9", "k")],
        "w - 00 0 1",
    ));
    assert_eq!(g.position().legal_moves().len(), 8);
    game_play(&mut g, "e2e3 e9e8");
    assert_eq!(g.outcome(), None);
}

#[test]
fn royals_only_off_the_last_capture_does_not_end_the_game() {
    // K a1 takes the unprotected rook b2 (a1 is not on the rook's file or
    // rank): only royals remain.
    let v = [("a1", "K"), ("b2", "r"), ("k10", "k")];
    let mut g = Game::from_position(pos_in("", &v, "w - 00 0 1"));
    game_play(&mut g, "a1b2");
    assert_eq!(g.outcome(), draw(Termination::RoyalsOnly));
    let e = refused(&mut g, "k10k9");
    assert_eq!((e.ply, Some(e.outcome)), (1, draw(Termination::RoyalsOnly)));
    assert!(e.to_string().contains("ply 1"), "{e}");
    assert!(e.to_string().contains("royals-only"), "{e}");

    let mut g = Game::from_position(pos_in("royals-only=off", &v, "w - 00 0 1"));
    game_play(&mut g, "a1b2 k10k9");
    assert_eq!(g.outcome(), None);
}

#[test]
fn royals_only_off_leaves_the_other_end_rules() {
    // No legal move still loses (6.2 comes first anyway): King a1, black
    // Prince c2 (covers b1 b2) and AK a3 (covers a2 b2).
    let v = [("a1", "K"), ("c2", "s"), ("a3", "a"), ("k10", "k")];
    for rules in ["", "royals-only=off"] {
        let p = pos_in(rules, &v, "w - 00 0 1");
        assert_eq!(
            p.outcome(),
            win(Color::Black, Termination::Stalemate),
            "{rules:?}"
        );
    }
    // Royals only at the move limit: 6.3 before 6.5 by default; with
    // royals-only=off the move limit is what ends it.
    let v = [("e2", "K"), ("e9", "k")];
    assert_eq!(
        pos_in("", &v, "w - 00 200 120").outcome(),
        draw(Termination::RoyalsOnly)
    );
    assert_eq!(
        pos_in("royals-only=off", &v, "w - 00 200 120").outcome(),
        draw(Termination::MoveLimit)
    );
    // With repetition and the move limit off too, nothing ever ends it.
    let mut g = Game::from_position(pos_in(
        "royals-only=off,repetition=off,move-limit=off",
        &v,
        "w - 00 5000 3000",
    ));
    for _ in 0..3 {
        game_play(&mut g, "e2e3 e9e8 e3e2 e8e9");
    }
    assert_eq!(g.repetition_count(), 4);
    assert_eq!(g.outcome(), None);
}

// ---------------------------------------------------------------------------
// repetition=N / off
// ---------------------------------------------------------------------------

/// White K a1 and rook c3, black King k10; clocks 7 and 3 (not part of
/// the repetition identity).
fn shuffle(rules: &str) -> Game {
    Game::from_position(pos_in(
        rules,
        &[("a1", "K"), ("c3", "R"), ("k10", "k")],
        "w - 00 7 3",
    ))
}

/// Rook c3-c4 and King k10-k9, and back: the start position again.
const CYCLE: &str = "c3c4 k10k9 c4c3 k9k10";

#[test]
fn repetition_two_draws_at_the_first_return_to_the_start() {
    // "The start position counts as the first occurrence": one cycle makes
    // the second occurrence (ply 4). No earlier position repeats.
    let mut g = shuffle("repetition=2");
    game_play(&mut g, "c3c4 k10k9 c4c3");
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "k9k10");
    assert_eq!(g.repetition_count(), 2);
    assert_eq!(g.outcome(), draw(Termination::Repetition));
    // A game-level rule: the position itself still has its moves.
    assert!(g.position().has_legal_moves());
    assert_eq!(g.position().outcome(), None);
    let e = refused(&mut g, "c3c4");
    assert_eq!((e.ply, Some(e.outcome)), (4, draw(Termination::Repetition)));
    assert!(e.to_string().contains("ply 4"), "{e}");
    assert!(e.to_string().contains("repetition"), "{e}");
    // By default (3) the same cycle is no draw; a second one is (ply 8).
    let mut g = shuffle("");
    game_play(&mut g, CYCLE);
    assert_eq!(g.outcome(), None);
    game_play(&mut g, CYCLE);
    assert_eq!(g.outcome(), draw(Termination::Repetition));
    assert_eq!(refused(&mut g, "c3c4").ply, 8);
}

#[test]
fn repetition_off_never_draws() {
    let mut g = shuffle("repetition=off");
    for _ in 0..10 {
        game_play(&mut g, CYCLE);
    }
    assert_eq!(g.repetition_count(), 11);
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "c3c4");
}

#[test]
fn repetition_ten_draws_at_the_tenth_occurrence() {
    // The start occurs for the n-th time after n - 1 cycles; every other
    // position of the cycle first occurs one ply later, so the start is
    // first to reach 10: after 9 cycles (ply 36), not after 8.
    let mut g = shuffle("repetition=10");
    for _ in 0..8 {
        game_play(&mut g, CYCLE);
    }
    assert_eq!(g.repetition_count(), 9);
    game_play(&mut g, "c3c4 k10k9 c4c3");
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "k9k10");
    assert_eq!(g.outcome(), draw(Termination::Repetition));
    assert_eq!(refused(&mut g, "c3c4").ply, 36);
}

// ---------------------------------------------------------------------------
// move-limit=N / off
// ---------------------------------------------------------------------------

/// White K a1, rook c3 (c4..c7 empty, black knight c8 to take), pawn of
/// rooks e4 (e5 empty); black King k10. No check anywhere.
fn limit_game(rules: &str, clock: u32) -> Game {
    Game::from_position(pos_in(
        rules,
        &[
            ("a1", "K"),
            ("c3", "R"),
            ("e4", "PR"),
            ("k10", "k"),
            ("c8", "n"),
        ],
        &format!("w - 00 {clock} 1"),
    ))
}

#[test]
fn move_limit_counts_from_the_start_clock() {
    // move-limit=6, start clock 5: one quiet move makes 6: drawn ("at or
    // above N, the start TFEN's clock included").
    let mut g = limit_game("move-limit=6", 5);
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "c3d3");
    assert_eq!(g.position().halfmoves(), 6);
    assert_eq!(g.outcome(), draw(Termination::MoveLimit));
    assert_eq!(g.position().outcome(), draw(Termination::MoveLimit));
    let e = refused(&mut g, "k10k9");
    assert_eq!((e.ply, Some(e.outcome)), (1, draw(Termination::MoveLimit)));
    assert!(e.to_string().contains("move-limit"), "{e}");
    // A pawn move or a capture resets the clock instead.
    for m in ["e4e5", "c3c8"] {
        let mut g = limit_game("move-limit=6", 5);
        game_play(&mut g, m);
        assert_eq!(g.position().halfmoves(), 0, "{m}");
        assert_eq!(g.outcome(), None, "{m}");
    }
    // "A game whose start position is already finished accepts no move":
    // start clock 6 or 7.
    for clock in [6, 7] {
        let mut g = limit_game("move-limit=6", clock);
        assert_eq!(g.outcome(), draw(Termination::MoveLimit));
        assert_eq!(refused(&mut g, "c3d3").ply, 0);
    }
    // By default the same start (clock 5 or 199 -> 200 after one move).
    let mut g = limit_game("", 5);
    game_play(&mut g, "c3d3");
    assert_eq!(g.outcome(), None);
    let mut g = limit_game("", 199);
    game_play(&mut g, "c3d3");
    assert_eq!(g.outcome(), draw(Termination::MoveLimit));
}

#[test]
fn move_limit_off_never_draws() {
    let mut g = limit_game("move-limit=off", 4_000_000_000);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().outcome(), None);
    game_play(&mut g, "c3d3 k10k9");
    assert_eq!(g.position().halfmoves(), 4_000_000_002);
    assert_eq!(g.outcome(), None);
    // Counters saturate, still no draw.
    let mut g = limit_game("move-limit=off", u32::MAX);
    game_play(&mut g, "c3d3");
    assert_eq!(g.position().halfmoves(), u32::MAX);
    assert_eq!(g.outcome(), None);
}

#[test]
fn move_limit_bounds_one_and_ten_thousand() {
    // move-limit=1: the first quiet move draws.
    let mut g = limit_game("move-limit=1", 0);
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "c3d3");
    assert_eq!(g.outcome(), draw(Termination::MoveLimit));
    // ... but not a pawn move (clock 0); the quiet reply makes it 1.
    let mut g = limit_game("move-limit=1", 0);
    game_play(&mut g, "e4e5");
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "k10k9");
    assert_eq!(g.outcome(), draw(Termination::MoveLimit));
    // move-limit=10000.
    let mut g = limit_game("move-limit=10000", 9_999);
    assert_eq!(g.outcome(), None);
    game_play(&mut g, "c3d3");
    assert_eq!(g.outcome(), draw(Termination::MoveLimit));
}

// ---------------------------------------------------------------------------
// 8.4: games stay ended
// ---------------------------------------------------------------------------

#[test]
fn ended_games_refuse_moves_naming_ply_and_reason() {
    // Citadel (with king-only, the King still enters): ply 1.
    let mut g = Game::from_position(pos_in(
        "citadel-entry=king-only",
        &[("a9", "K"), ("c3", "R"), ("k5", "k")],
        "w - 00 0 1",
    ));
    game_play(&mut g, "a9bc");
    let e = refused(&mut g, "k5k4");
    assert_eq!((e.ply, Some(e.outcome)), (1, draw(Termination::Citadel)));
    assert_eq!(
        e.to_string(),
        "the game ended at ply 1 (draw citadel): no further move is accepted"
    );
    // Checkmate under before-move, at the start: ply 0; play() refuses too.
    let p = pos_in(
        "lone-royal=before-move",
        &[
            ("a1", "K"),
            ("a8", "r"),
            ("b8", "r"),
            ("e9", "PK"),
            ("k5", "k"),
        ],
        "w - 00 0 1",
    );
    let m = under(&p, "").parse_move("e9e10").unwrap();
    let mut g = Game::from_position(p);
    match g.play(&m) {
        Err(PlayError::GameOver(e)) => {
            assert_eq!(e.ply, 0);
            assert_eq!(Some(e.outcome), win(Color::Black, Termination::Checkmate));
            assert!(e.to_string().contains("black checkmate"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    assert!(g.moves().is_empty());
}

#[test]
fn the_first_terminal_event_is_reported_in_rule_order() {
    // After one cycle of the shuffle from clock 0 the start repeats (2nd
    // occurrence) and the clock reaches 4: under repetition=2 and
    // move-limit=4 both happen at ply 4; 6.4 comes before 6.5.
    let v = [("a1", "K"), ("c3", "R"), ("k10", "k")];
    for (rules, termination) in [
        ("repetition=2,move-limit=4", Termination::Repetition),
        ("repetition=off,move-limit=4", Termination::MoveLimit),
        ("repetition=2,move-limit=off", Termination::Repetition),
    ] {
        let mut g = Game::from_position(pos_in(rules, &v, "w - 00 0 1"));
        game_play(&mut g, CYCLE);
        assert_eq!(g.outcome(), draw(termination), "{rules}");
        let e = refused(&mut g, "c3c4");
        assert_eq!((e.ply, e.outcome.termination), (4, termination), "{rules}");
    }
}

#[test]
fn a_record_past_the_end_under_its_rules_tag_is_an_error() {
    // Standard start, [Rules "repetition=2"]: Nc4 Nc7 Nb2 Nb9 repeats the
    // start (ply 4); a fifth move is past the end.
    let moves = "1. Nc4 Nc7 2. Nb2 Nb9 3. Nc4 *\n";
    let r = GameRecord::from_pgn(&format!("[Rules \"repetition=2\"]\n\n{moves}")).unwrap_err();
    assert_eq!(
        r.kind,
        RecordErrorKind::PastTheEnd(GameOverError {
            ply: 4,
            outcome: draw(Termination::Repetition).unwrap(),
        })
    );
    // Without the tag (default rules) the record is fine.
    let ok = GameRecord::from_pgn(moves).unwrap();
    assert_eq!(ok.game().moves().len(), 5);
}

#[test]
fn a_records_start_and_tfen_follow_its_rules_tag() {
    // [Rules "seed-001"] without a TFEN tag starts from the seed-001 array:
    // Black's ferz stands on e9 and may go to d10 (in the standard array
    // the black ferz is on g9 and no piece reaches d10 but the knight b9).
    let text = "[Rules \"seed-001\"]\n\n1. a4 Fd10 *\n";
    let r = GameRecord::from_pgn(text).unwrap();
    assert_eq!(r.game().start().to_tfen(), SEED_001_ARRAY);
    assert_eq!(r.game().moves()[1].to_string(), "e9d10");
    assert!(matches!(
        GameRecord::from_pgn("1. a4 Fd10 *\n").unwrap_err().kind,
        RecordErrorKind::Move { .. }
    ));
    // A TFEN tag is read under the Rules tag, whichever comes first: stage
    // 2 is an error under pawn-of-pawns=one-arrival.
    let tfen = "[TFEN \"4PP6/11/11/11/11/10k/11/11/11/K10 b - 20 0 1\"]";
    let rules = "[Rules \"pawn-of-pawns=one-arrival\"]";
    let stage_two = TfenError::Position(PositionError::StageOutOfRange {
        color: Color::White,
        stage: 2,
        max: 1,
    });
    for tags in [format!("{tfen}\n{rules}"), format!("{rules}\n{tfen}")] {
        let e = GameRecord::from_pgn(&format!("{tags}\n\n*\n")).unwrap_err();
        assert_eq!(
            e.kind,
            RecordErrorKind::BadTfen(stage_two.clone()),
            "{tags}"
        );
    }
    assert!(GameRecord::from_pgn(&format!("{tfen}\n\n*\n")).is_ok());
}

// ---------------------------------------------------------------------------
// The seed-001 preset
// ---------------------------------------------------------------------------

/// The seed-001 array written out from section 9: White's ranks 1 and 2 as
/// in section 7 (`E1C1D1D1C1E`, `RNTGFKVGTNR`); each pawn in front of its
/// own piece on rank 3, the pawn of pawns in front of the left rook (a3),
/// the pawn of rooks in front of the right one (k3), the pawn of kings on
/// f3; Black the mirror image across the middle of the board (same files,
/// rank r -> 11 - r), so Black's ferz is on e9 and vizier on g9 (the
/// rotation would put them on g9 and e9) and its pawn of pawns on a8.
const SEED_001_ARRAY: &str = "e1c1d1d1c1e/rntgfkvgtnr/pppnptpgpfpkpvpgptpnpr/11/11/11/11/PPPNPTPGPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1";

#[test]
fn seed_001_start_is_the_mirror_array() {
    let seed = rule_set("seed-001");
    let p = Position::start_with_rules(seed);
    assert_eq!(p.to_tfen(), SEED_001_ARRAY);
    assert_eq!(p.rules(), &seed);
    // Mirror, not rotation.
    for (s, piece) in [
        ("f9", black(Role::King)),
        ("e9", black(Role::Ferz)),
        ("g9", black(Role::Vizier)),
        ("a8", black(Role::PawnOfPawns)),
        ("k8", black(Role::PawnOfRooks)),
        ("f8", black(Role::PawnOfKings)),
        ("a3", white(Role::PawnOfPawns)),
        ("k3", white(Role::PawnOfRooks)),
        ("e3", white(Role::PawnOfFerzes)),
        ("g3", white(Role::PawnOfViziers)),
    ] {
        assert_eq!(at(&p, s), piece, "{s}");
    }
    // A string beginning with the preset starts from its array; the same
    // values written as pairs start from the standard one.
    assert_eq!(Game::with_rules(seed).start().to_tfen(), SEED_001_ARRAY);
    let over = Game::with_rules(rule_set("seed-001,repetition=3"));
    assert_eq!(over.start().to_tfen(), SEED_001_ARRAY);
    assert_eq!(over.rules().repetition(), Some(3));
    let pairs = Game::with_rules(rule_set(&seed.to_string()));
    assert_eq!(pairs.start().to_tfen(), INITIAL_TFEN);
    assert_eq!(pairs.rules(), &seed);
}

#[test]
fn seed_001_start_has_24_moves() {
    // White's back ranks are those of the standard array, so are its
    // moves: 11 pawn steps; camels c1 (b4 d4; f2 holds the King) and i1
    // (h4 j4); knights b2 (a4 c4 d1; d3 own pawn) and j2 (i4 k4 h1);
    // ferz e2 (d1 f1); King f2 (f1). Rooks, talias (adjacent diagonals
    // blocked or one square from the edge), giraffes, elephants,
    // dabbabas and the vizier are blocked. No swap: the King is safe.
    let mut p = Position::start_with_rules(rule_set("seed-001"));
    let pawns = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"];
    let mut white: Vec<String> = pawns.iter().map(|f| format!("{f}3{f}4")).collect();
    white.extend(
        [
            "c1b4", "c1d4", "i1h4", "i1j4", "b2a4", "b2c4", "b2d1", "j2i4", "j2k4", "j2h1", "e2d1",
            "e2f1", "f2f1",
        ]
        .map(String::from),
    );
    white.sort();
    assert_eq!(all_moves(&p), white);
    let m = play(&mut p, "a3a4");
    assert_eq!(m.role, Role::PawnOfPawns);
    // Black, mirrored: 11 pawn steps down; camels c10 (b7 d7) and i10 (h7
    // j7); knights b9 (a7 c7 d10) and j9 (i7 k7 h10); the ferz on e9 (d10
    // f10, where the standard array's g9 ferz has f10 h10); King f9 (f10).
    let mut black: Vec<String> = pawns.iter().map(|f| format!("{f}8{f}7")).collect();
    black.extend(
        [
            "c10b7", "c10d7", "i10h7", "i10j7", "b9a7", "b9c7", "b9d10", "j9i7", "j9k7", "j9h10",
            "e9d10", "e9f10", "f9f10",
        ]
        .map(String::from),
    );
    black.sort();
    assert_eq!(all_moves(&p), black);
}

#[test]
fn seed_001_rules_act_together() {
    let seed = "seed-001";
    // No swap when merely stuck (swap-when=check). (The swap with a pawn
    // in check is in `swap_with_any_adds_ordinary_pawns_and_keeps_the_clock`.)
    let stuck = under(&stuck_white(), seed);
    assert_eq!(stuck.outcome(), win(Color::Black, Termination::Stalemate));
    // A Prince never enters the enemy citadel (citadel-entry=king-only).
    let p = pos_in(seed, &[("a9", "S"), ("k5", "k")], "w - 00 0 1");
    assert!(!moves_from(&p, "a9").contains(&"a9bc".to_string()));
    // Placement onto an enemy piece (placement-onto=enemy).
    let p = fork_on_d5(seed, Some("f"), "w - 10 0 1");
    assert_eq!(moves_from(&p, "e10"), set(&["e10d5"]));
    // Royals only, repetition and the move limit never end a game: from
    // the seed start, knights out and back three times (the start occurs
    // four times), at a huge clock, with royals only elsewhere.
    let mut g = Game::with_rules(rule_set(seed));
    for _ in 0..3 {
        game_play(&mut g, "b2c4 b9c7 c4b2 c7b9");
    }
    assert_eq!(g.repetition_count(), 4);
    assert_eq!(g.outcome(), None);
    // The same moves from the same array under the default rules: drawn
    // at the third occurrence (ply 8).
    let mut d = Game::from_position(Position::from_tfen(SEED_001_ARRAY).unwrap());
    for _ in 0..2 {
        game_play(&mut d, "b2c4 b9c7 c4b2 c7b9");
    }
    assert_eq!(d.outcome(), draw(Termination::Repetition));
    let bare = pos_in(seed, &[("e2", "K"), ("e9", "k")], "w - 00 90000 1");
    assert_eq!(bare.outcome(), None);
}
