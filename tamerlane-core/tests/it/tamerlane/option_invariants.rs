//! Property tests under random rule sets (docs/RULES.md, section 9).
//!
//! Each case draws a rule set (`tamerlane_testkit::rule_sets`: every
//! option, the counts over their ranges and `off`, sometimes the `seed-001`
//! preset), a start position (the rules' own start array, the other
//! array, the special positions of `invariants.rs`, and positions where the
//! options matter: a King in check beside its own pawns, a pawn of pawns
//! about to arrive or waiting, Princes beside the enemy citadel, a trapped
//! officer, a lone King beside a promotion), and plays random legal moves
//! (preferring the rare kinds), checking at every step:
//!
//! - playing a move and taking it back restores the position and its hash;
//! - the incremental hash equals a freshly computed one;
//! - the legal moves are exactly those of the independent oracle
//!   (`tamerlane_testkit::spec_oracle`, written from docs/RULES.md's words:
//!   the pseudo-legal moves, special moves included, that pass the
//!   legality rule, `lone-royal` and the swap's own condition), every move
//!   does what the oracle says, and every pseudo-legal move the oracle
//!   rejects is refused;
//! - the colour mirror maps the move set onto the mirrored position's;
//! - TFEN plus the rules' canonical string give the position back;
//! - no position occurs again after an irreversible move
//!   (`Position::is_irreversible`);
//! - the game's outcome is the oracle's first terminal event, and an ended
//!   game refuses every move.

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use tamerlane_core::rule_set::{PawnOfPawns, SEED_001_TFEN};
use tamerlane_core::tamerlane::PlayError;
use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{Move, MoveKind, RuleSet};
use tamerlane_testkit::position_checks::{self, describe};
use tamerlane_testkit::rule_sets::{arb_rule_set, rule_set_from_bytes};
use tamerlane_testkit::spec_oracle;

use super::invariants::{playout_game, STARTS};

/// Positions where the rule options change the moves or the outcome.
const RULE_STARTS: &[&str] = &[
    SEED_001_TFEN,
    // White King on e5 checked by the rook on e10, beside its own pawns
    // (swap partners with `swap-with=any`; the swap needs the check with
    // `swap-when=check`).
    "4r5k/11/11/11/11/3PRKPN5/3PV7/11/6F4/R10 w Kk 00 0 1",
    // White King on f1 (its pawns' first rank: no pawn partner) checked
    // along rank 1, pawns on e2 and f2; the black King may reach wc.
    "11/11/11/11/11/11/11/11/4PRPK5/r4K4k w K 00 0 1",
    // White King on f10, its pawns' last rank, checked along rank 10,
    // pawns on e9 and g9: no pawn partner there either.
    "r4K5/4PR1PN4/11/11/11/11/11/11/11/10k w K 00 0 1",
    // The pawn of pawns about to arrive a second time with f3 empty while
    // the King is checked along the f-file: the arrival that lands on f3
    // blocks the check; with `pawn-of-pawns=one-arrival` it waits instead.
    "3r7/4PPr5/11/11/k10/11/11/11/11/5K5 w - 10 0 1",
    // Stage 2, waiting, f3 occupied: the transfer once the knight moves.
    "4PP6/11/11/11/5k5/11/11/5N5/K10/11 w - 20 0 1",
    // Waiting pawn of pawns (stage 1): the rook on a10 is trapped (b9 is a
    // `fork-or-trapped` target); the ferz on k10 is not (it could take a
    // pawn placed on j9); the knight on e6 can be taken by a placement
    // onto it forking d7 and f7 (`placement-onto=enemy`), the King on h6
    // cannot (it would fork g7 and i7).
    "rn2PP5f/pr10/11/3f1vr1r2/4n2k3/11/11/11/11/5K5 w - 10 0 1",
    // No Kings: a Prince beside the enemy citadel (`citadel-entry`), the
    // Adventitious Kings beside their own.
    "a10/S10/11/6r4/11/11/4R6/11/10s/10A w - 00 0 1",
    // A Prince beside the enemy citadel while its King lives.
    "11/S10/11/11/11/5k5/11/2R8/11/5K5 w - 00 0 1",
    // A King not attacked with no move but the swap to k1 (none with
    // `swap-when=check`: stalemate).
    "1r8k/11/11/11/11/11/11/3c5v1/9PR1/K9F w K 00 0 1",
    // A lone Prince in check whose only escape is the enemy citadel (none
    // with `citadel-entry=king-only`: checkmate).
    "11/S10/11/11/11/r9k/11/11/11/1r9 w - 00 0 1",
    // Black to move may take the White King (White has a Prince too):
    // the swap right goes with it.
    "4r5k/11/11/11/11/4K6/11/11/11/S10 b Kk 00 0 1",
    // A lone King in check beside a promotion to Prince
    // (`lone-royal=before-move`), and with a pawn of pawns at stage 2.
    "5r5/2PK8/11/11/11/5K5/11/11/11/10k w - 00 0 1",
    "5r5/2PK4PP3/11/11/11/5K5/11/11/11/10k w - 20 0 1",
];

/// The start positions: 0 is the rules' own start array, then the others.
fn start_count() -> usize {
    1 + STARTS.len() + RULE_STARTS.len()
}

/// Start number `i` under `rules`. A stage 2 is refused under
/// `pawn-of-pawns=one-arrival` (checked here); such a start is then played
/// with `three-arrivals` instead, the other options unchanged.
fn start_position(i: usize, rules: RuleSet) -> Position {
    let tfen = match i {
        0 => return Position::start_with_rules(rules),
        i if i <= STARTS.len() => STARTS[i - 1],
        i => RULE_STARTS[i - 1 - STARTS.len()],
    };
    match Position::from_tfen_with_rules(tfen, rules) {
        Ok(pos) => pos,
        Err(e) => {
            position_checks::refused_for_stage_two(tfen, &rules, &e);
            let mut three = rules;
            three.set_pawn_of_pawns(PawnOfPawns::ThreeArrivals);
            Position::from_tfen_with_rules(tfen, three).unwrap()
        }
    }
}

/// Plays the case, calling `check` on every position of the game.
fn playout((rules, start, choices): &Case, check: impl FnMut(&Game)) {
    let game = Game::from_position(start_position(*start, *rules));
    playout_game(game, choices, check);
}

type Case = (RuleSet, usize, Vec<u16>);

fn arb_case(plies: usize) -> impl Strategy<Value = Case> {
    (
        arb_rule_set(),
        0..start_count(),
        prop::collection::vec(any::<u16>(), 0..plies),
    )
}

/// Every start position under every combination of the options that
/// change the moves, and the positions one capture or special move later:
/// the legal moves are the oracle's. (The random cases below meet each start under
/// a few rule sets only.)
#[test]
fn every_start_under_every_option_combination() {
    for bits in 0..=255u8 {
        let (rules, _) = rule_set_from_bytes(&[0, bits]);
        for i in 0..start_count() {
            let pos = start_position(i, rules);
            position_checks::agrees_with_oracle(&pos);
            let rare = |m: &&Move| m.is_capture() || m.kind != MoveKind::Normal;
            for m in pos.legal_moves().iter().filter(rare) {
                let mut next = pos.clone();
                next.play_unchecked(m);
                position_checks::agrees_with_oracle(&next);
            }
        }
    }
}

/// `cases` cases from a fixed seed: every run checks the same
/// (reproducible) cases.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(0x5EED_0011),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn play_then_undo_restores_position_and_hash(case in arb_case(60)) {
        playout(&case, |g| {
            let before = g.position().clone();
            if g.is_over() {
                return;
            }
            for m in before.legal_moves().iter() {
                let mut game = g.clone();
                game.play(m).unwrap();
                assert_eq!(game.undo(), Some(*m));
                assert_eq!(game.position(), &before, "{m} in {}", describe(&before));
                assert_eq!(game.position().hash(), before.hash());
                assert_eq!(&game, g);
            }
        });
    }

    #[test]
    fn incremental_hash_equals_a_fresh_one(case in arb_case(80)) {
        playout(&case, |g| {
            let pos = g.position();
            assert_eq!(pos.hash(), pos.compute_hash(), "{}", describe(pos));
            let fresh = Position::from_tfen_with_rules(&pos.to_tfen(), *pos.rules()).unwrap();
            assert_eq!(fresh.hash(), pos.hash(), "{}", describe(pos));
        });
    }

    /// `Position::is_irreversible`: no position before the last
    /// irreversible move occurs again (the playouts take moves back to make
    /// positions repeat).
    #[test]
    fn no_position_recurs_across_an_irreversible_move(case in arb_case(160)) {
        playout(&case, |g| {
            let positions = g.positions();
            let cur = g.position();
            let last = g
                .moves()
                .iter()
                .enumerate()
                .rev()
                .find(|(i, m)| positions[*i].is_irreversible(m));
            if let Some((k, m)) = last {
                for (i, p) in positions[..=k].iter().enumerate() {
                    assert!(
                        !p.same_position(cur),
                        "ply {i} recurs at ply {} across {m} (ply {k}): {}",
                        positions.len() - 1,
                        describe(cur)
                    );
                }
            }
        });
    }

    /// `Position::move_for_pair` builds each legal move as the generator
    /// does, whatever the options make of it (arrivals, placements, swaps).
    #[test]
    fn the_move_of_a_legal_pair_is_the_generated_one(case in arb_case(80)) {
        playout(&case, |g| {
            let pos = g.position();
            for m in pos.legal_moves().iter() {
                assert_eq!(pos.move_for_pair(m.from, m.to), Some(*m), "{m} in {}", describe(pos));
            }
        });
    }

    /// `Position::gives_check`, which answers ordinary moves and
    /// promotions without playing them, is the check after the move.
    #[test]
    fn gives_check_is_the_check_after_the_move(case in arb_case(80)) {
        playout(&case, |g| {
            let pos = g.position();
            for m in pos.legal_moves().iter() {
                let mut after = pos.clone();
                after.play_unchecked(m);
                assert_eq!(pos.gives_check(m), after.is_check(), "{m} in {}", describe(pos));
            }
        });
    }

    #[test]
    fn mirror_maps_the_move_set(case in arb_case(60)) {
        playout(&case, |g| position_checks::mirror_maps_moves(g.position()));
    }

    #[test]
    fn tfen_and_rules_round_trip(case in arb_case(80)) {
        playout(&case, |g| {
            let p = g.position();
            position_checks::round_trips(p);
            let rules = *p.rules();
            // One arrival: the stages stay at most 1, and a stage 2 is refused.
            if rules.pawn_of_pawns() == PawnOfPawns::OneArrival {
                let tfen = p.to_tfen();
                let fields: Vec<&str> = tfen.split(' ').collect();
                assert!(matches!(fields[3], "00" | "01" | "10" | "11"), "{tfen}");
                for stages in ["20", "02"] {
                    let mut f = fields.clone();
                    f[3] = stages;
                    let two = f.join(" ");
                    let e = Position::from_tfen_with_rules(&two, rules).unwrap_err();
                    position_checks::refused_for_stage_two(&two, &rules, &e);
                }
            }
        });
    }
}

// The comparisons with the oracle, on more cases.
proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn legal_moves_are_the_spec_oracles(case in arb_case(80)) {
        playout(&case, |g| position_checks::agrees_with_oracle(g.position()));
    }

    #[test]
    fn games_end_at_their_first_terminal_event(case in arb_case(160)) {
        // A start already finished by the move limit accepts no move.
        let (rules, start, _) = &case;
        if let Some(limit) = rules.move_limit() {
            let pos = start_position(*start, *rules);
            let tfen = pos.to_tfen();
            let mut fields: Vec<String> = tfen.split(' ').map(str::to_owned).collect();
            fields[4] = limit.to_string();
            let late = Position::from_tfen_with_rules(&fields.join(" "), *pos.rules()).unwrap();
            let game = Game::from_position(late);
            let over = spec_oracle::outcome(&game);
            assert!(over.is_some());
            assert_eq!(game.outcome(), over);
            refuses_every_move(&game);
        }
        playout(&case, |g| {
            let want = spec_oracle::outcome(g);
            assert_eq!(g.outcome(), want, "{} after {} plies", describe(g.position()), g.moves().len());
            if want.is_some() {
                refuses_every_move(g);
            }
        });
    }
}

/// An ended game refuses each legal move of its position, by value and by
/// string, with the ply and outcome of its end, and stays as it was.
fn refuses_every_move(g: &Game) {
    let outcome = g.outcome().expect("the game is over");
    for m in g.position().legal_moves().iter() {
        let mut h = g.clone();
        for result in [h.play(m).map(|_| *m), h.play_str(&m.to_string())] {
            match result {
                Err(PlayError::GameOver(e)) => {
                    assert_eq!(e.ply, g.moves().len());
                    assert_eq!(e.outcome, outcome);
                }
                other => panic!(
                    "{m} after the end ({outcome}) in {}: {other:?}",
                    describe(g.position())
                ),
            }
        }
        assert_eq!(&h, g);
    }
}
