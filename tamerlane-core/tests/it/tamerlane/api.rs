//! The crate's public surface: the small types read back what they print
//! (`FromStr`), `ByColor`, move lists by value, `Position: Hash`,
//! `Game: Eq` and `Game::play_san`, and move generation that stops early.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::fmt::Display;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::str::FromStr;

use proptest::prelude::*;
use tamerlane_core::tamerlane::PlayError;
use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{
    ByColor, Color, CoordMove, File, GameResult, IllegalReason, Move, MoveKind, Outcome,
    ParseValueError, Piece, Rank, Role, SanError, SanIllegalReason, Setup, Square, Termination,
    ValueKind, INITIAL_TFEN,
};
use tamerlane_testkit::Rng;

// ---------------------------------------------------------------------
// FromStr: every value round-trips, hand-picked names, typed errors.

fn all_pieces() -> Vec<Piece> {
    Color::ALL
        .into_iter()
        .flat_map(|c| Role::ALL.into_iter().map(move |r| Piece::new(c, r)))
        .collect()
}

fn all_files() -> Vec<File> {
    (0..11).map(|i| File::new(i).unwrap()).collect()
}

fn all_ranks() -> Vec<Rank> {
    (0..10).map(|i| Rank::new(i).unwrap()).collect()
}

fn all_outcomes() -> Vec<Outcome> {
    [None, Some(Color::White), Some(Color::Black)]
        .into_iter()
        .flat_map(|winner| {
            Termination::ALL
                .into_iter()
                .map(move |termination| Outcome {
                    winner,
                    termination,
                })
        })
        .collect()
}

const ALL_RESULTS: [GameResult; 4] = [
    GameResult::WhiteWins,
    GameResult::BlackWins,
    GameResult::Draw,
    GameResult::Unknown,
];

/// `x.to_string().parse() == Ok(x)` for every value, and the written forms
/// are pairwise distinct (`expected` of them).
fn round_trips<T>(values: &[T], expected: usize)
where
    T: Display + FromStr<Err = ParseValueError> + PartialEq + std::fmt::Debug,
{
    let mut seen = HashSet::new();
    for x in values {
        let s = x.to_string();
        assert_eq!(s.parse::<T>().as_ref(), Ok(x), "{s:?}");
        seen.insert(s);
    }
    assert_eq!(seen.len(), expected);
}

#[test]
fn every_value_prints_and_parses_back() {
    round_trips(&Color::ALL, 2);
    round_trips(&Role::ALL, 23);
    round_trips(&all_pieces(), 46);
    round_trips(&all_files(), 11);
    round_trips(&all_ranks(), 10);
    round_trips(&Termination::ALL, 6);
    round_trips(&all_outcomes(), 18);
    round_trips(&ALL_RESULTS, 4);
}

#[test]
fn names_parse_to_the_values_they_name() {
    // The names of docs/RULES.md and docs/NOTATION.md.
    assert_eq!("black".parse(), Ok(Color::Black));
    assert_eq!("adventitious king".parse(), Ok(Role::AdventitiousKing));
    assert_eq!("pawn of the vizier".parse(), Ok(Role::PawnOfViziers));
    assert_eq!("pawn of pawns".parse(), Ok(Role::PawnOfPawns));
    assert_eq!("giraffe".parse(), Ok(Role::Giraffe));
    // TFEN tokens: upper case White, lower case Black, pawns two letters.
    assert_eq!("S".parse(), Ok(Piece::new(Color::White, Role::Prince)));
    assert_eq!(
        "a".parse(),
        Ok(Piece::new(Color::Black, Role::AdventitiousKing))
    );
    assert_eq!(
        "PK".parse(),
        Ok(Piece::new(Color::White, Role::PawnOfKings))
    );
    assert_eq!(
        "pp".parse(),
        Ok(Piece::new(Color::Black, Role::PawnOfPawns))
    );
    assert_eq!("a".parse::<File>().map(File::index), Ok(0));
    assert_eq!("k".parse::<File>().map(File::index), Ok(10));
    assert_eq!("1".parse::<Rank>().map(Rank::index), Ok(0));
    assert_eq!("10".parse::<Rank>().map(Rank::index), Ok(9));
    assert_eq!("royals-only".parse(), Ok(Termination::RoyalsOnly));
    assert_eq!("move-limit".parse(), Ok(Termination::MoveLimit));
    assert_eq!(
        "draw repetition".parse(),
        Ok(Outcome {
            winner: None,
            termination: Termination::Repetition
        })
    );
    assert_eq!(
        "white checkmate".parse(),
        Ok(Outcome {
            winner: Some(Color::White),
            termination: Termination::Checkmate
        })
    );
    assert_eq!("0-1".parse(), Ok(GameResult::BlackWins));
    assert_eq!("1/2-1/2".parse(), Ok(GameResult::Draw));
    assert_eq!("*".parse(), Ok(GameResult::Unknown));
}

fn rejects<T>(kind: ValueKind, texts: &[&str])
where
    T: FromStr<Err = ParseValueError> + std::fmt::Debug,
{
    for &text in texts {
        let err = text
            .parse::<T>()
            .expect_err(&format!("{text:?} should not parse"));
        assert_eq!(
            err,
            ParseValueError {
                kind,
                text: text.to_owned()
            }
        );
        assert!(err.to_string().contains(&format!("{text:?}")), "{err}");
    }
}

#[test]
fn anything_but_the_written_form_is_a_typed_error_naming_the_text() {
    rejects::<Color>(
        ValueKind::Color,
        &[
            "", "White", "WHITE", " white", "white ", "w", "b", "draw", "whitee",
        ],
    );
    rejects::<Role>(
        ValueKind::Role,
        &[
            "",
            "King",
            "K",
            "k",
            "pawn of ferzes",
            "pawn  of pawns",
            "giraffe\n",
            "PP",
        ],
    );
    rejects::<Piece>(
        ValueKind::Piece,
        &[
            "", "P", "p", "Pk", "pK", "KK", "PX", "X", "1", "(K)", "K ", "king", "é",
        ],
    );
    rejects::<File>(ValueKind::File, &["", "l", "A", "ab", "1", "é", " a"]);
    rejects::<Rank>(
        ValueKind::Rank,
        &["", "0", "11", "01", "+1", "1 ", "a", "١", "10 ", "100"],
    );
    rejects::<Termination>(
        ValueKind::Termination,
        &["", "Checkmate", "royals only", "move limit", "mate", "draw"],
    );
    rejects::<Outcome>(
        ValueKind::Outcome,
        &[
            "",
            "draw",
            "white",
            "checkmate",
            "white  checkmate",
            "white checkmate ",
            "White checkmate",
            "draw mate",
            "none citadel",
            "1-0",
        ],
    );
    rejects::<GameResult>(
        ValueKind::GameResult,
        &["", "1 - 0", "½-½", "1/2", "0-0", "**", "1-0 "],
    );
}

#[test]
fn errors_say_which_type_and_what_was_expected() {
    let err = "purple".parse::<Color>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid colour \"purple\": expected white or black"
    );
    let err = "11".parse::<Rank>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid rank \"11\": expected a rank number 1 to 10"
    );
    let err = "2-0".parse::<GameResult>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid game result \"2-0\": expected 1-0, 0-1, 1/2-1/2 or *"
    );
}

#[test]
fn a_huge_text_is_quoted_as_a_short_excerpt() {
    let huge = "x".repeat(1 << 20);
    let err = huge.parse::<Outcome>().unwrap_err();
    assert_eq!(err.kind, ValueKind::Outcome);
    assert_eq!(err.text, format!("{}...", "x".repeat(40)));
    assert!(err.to_string().len() < 200);
}

/// Pieces of written forms, glued together by the property test below.
const FRAGMENTS: &[&str] = &[
    "white",
    "black",
    "draw",
    " ",
    "checkmate",
    "royals-only",
    "move-limit",
    "citadel",
    "1",
    "0",
    "-",
    "/",
    "2",
    "*",
    "pawn of ",
    "the ",
    "ferz",
    "king",
    "P",
    "K",
    "k",
    "p",
    "R",
    "10",
    "a",
    "",
];

/// If `s` parses as a `T`, it is exactly that value's written form;
/// otherwise the error quotes `s`.
fn only_the_written_form<T>(s: &str) -> Result<(), TestCaseError>
where
    T: Display + FromStr<Err = ParseValueError>,
{
    match s.parse::<T>() {
        Ok(x) => prop_assert_eq!(x.to_string(), s),
        Err(e) => prop_assert_eq!(e.text, s),
    }
    Ok(())
}

fn every_type_accepts_only_the_written_form(s: &str) -> Result<(), TestCaseError> {
    only_the_written_form::<Color>(s)?;
    only_the_written_form::<Role>(s)?;
    only_the_written_form::<Piece>(s)?;
    only_the_written_form::<File>(s)?;
    only_the_written_form::<Rank>(s)?;
    only_the_written_form::<Termination>(s)?;
    only_the_written_form::<Outcome>(s)?;
    only_the_written_form::<GameResult>(s)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn parsing_accepts_only_what_display_writes(
        parts in prop::collection::vec(prop::sample::select(FRAGMENTS), 0..4),
    ) {
        let s = parts.concat();
        every_type_accepts_only_the_written_form(&s)?;
    }

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,12}") {
        every_type_accepts_only_the_written_form(&s)?;
    }
}

// ---------------------------------------------------------------------
// ByColor.

#[test]
fn by_color_reads_and_writes_each_side() {
    let mut calls = Vec::new();
    let mut v = ByColor::new_with(|c| {
        calls.push(c);
        c.name().len()
    });
    assert_eq!(calls, [Color::White, Color::Black]);
    assert_eq!(v, ByColor { white: 5, black: 5 });
    v[Color::Black] += 1;
    *v.get_mut(Color::White) -= 1;
    assert_eq!((v.white, v.black), (4, 6));
    assert_eq!((*v.get(Color::White), v[Color::Black]), (4, 6));
    assert_eq!(v.flip(), ByColor { white: 6, black: 4 });
    assert_eq!(
        v.map(|n| n * 10),
        ByColor {
            white: 40,
            black: 60
        }
    );
    assert_eq!(v.as_ref().map(|n| *n + 1), ByColor { white: 5, black: 7 });
    let pairs: Vec<(Color, usize)> = v.iter().map(|(c, n)| (c, *n)).collect();
    assert_eq!(pairs, [(Color::White, 4), (Color::Black, 6)]);
    assert_eq!(
        ByColor::<bool>::default(),
        ByColor {
            white: false,
            black: false
        }
    );
}

#[test]
fn setups_hold_rights_and_stages_by_colour() {
    // docs/RULES.md, TFEN fields 3 and 4: `k` = only Black has the swap
    // right; `01` = White's stage 0, then Black's stage 1.
    let placement = INITIAL_TFEN.split(' ').next().unwrap();
    let tfen = format!("{placement} w k 01 0 1");
    let setup = Setup::from_tfen(&tfen).unwrap();
    assert_eq!(
        setup.swap_rights,
        ByColor {
            white: false,
            black: true
        }
    );
    assert_eq!(setup.stages, ByColor { white: 0, black: 1 });
    assert_eq!(setup.to_tfen(), tfen);
    // Seen from the other side, the sides exchange them.
    let mirrored = setup.mirror();
    assert_eq!(
        mirrored.swap_rights,
        ByColor {
            white: true,
            black: false
        }
    );
    assert_eq!(mirrored.stages, ByColor { white: 1, black: 0 });
    assert!(mirrored.to_tfen().ends_with(" b K 10 0 1"));
    // Written by field, read back through the position.
    let mut setup = Setup::initial();
    setup.swap_rights[Color::White] = false;
    let pos = Position::from_setup(setup).unwrap();
    assert!(!pos.swap_right(Color::White) && pos.swap_right(Color::Black));
    assert!(pos.to_tfen().contains(" w k 00 "));
}

// ---------------------------------------------------------------------
// Positions for the tests below.

/// The initial position, special positions (only a king swap, checkmate,
/// citadel draw, pawn-of-pawns stages) and positions of seeded random
/// games.
fn positions() -> Vec<Position> {
    let mut out: Vec<Position> = [
        INITIAL_TFEN,
        // Only a king swap is legal (rules test s4_king_swap_when_no_other_legal_move).
        "1r8k/11/11/11/11/11/11/3c5v1/9PR1/K9F w K 00 0 1",
        // The same without the swap right: no legal move.
        "1r8k/11/11/11/11/11/11/3c5v1/9PR1/K9F w - 00 0 1",
        // King in check with swap partners.
        "4r5k/11/11/11/11/4K6/11/11/11/R9N w K 00 0 1",
        // A White royal on Black's citadel: drawn, no moves.
        "11/(K)11/11/11/11/11/11/11/10k/11 b - 00 0 1",
        // Waiting pawn of pawns with placements.
        "2PP8/11/11/11/5k5/3r1r1n3/11/11/5K5/11 w - 10 0 1",
        // Pawns of every kind about to promote.
        "11/PRPNPTPGPFPVPEPCPDPK1/11/11/10k/11/11/11/11/K10 w - 00 0 1",
    ]
    .iter()
    .map(|t| Position::from_tfen(t).unwrap_or_else(|e| panic!("{t}: {e}")))
    .collect();
    let mut rng = Rng::new(0x5EED_0A91);
    for _ in 0..6 {
        let mut pos = Position::new();
        for ply in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[rng.below(moves.len())]);
            if ply % 16 == 15 {
                out.push(pos.clone());
            }
        }
    }
    out
}

// ---------------------------------------------------------------------
// MoveList by value.

#[test]
fn move_lists_iterate_by_value_in_order_from_both_ends() {
    for pos in positions() {
        let list = pos.legal_moves();
        let by_ref: Vec<Move> = (&list).into_iter().copied().collect();
        let mut by_value = Vec::new();
        for m in pos.legal_moves() {
            by_value.push(m);
        }
        assert_eq!(by_value, by_ref);
        let collected = pos.legal_moves().into_iter().collect::<Vec<Move>>();
        assert_eq!(collected, by_ref);
        let reversed: Vec<Move> = pos.legal_moves().into_iter().rev().collect();
        assert_eq!(reversed, by_ref.iter().rev().copied().collect::<Vec<_>>());

        // Alternating ends: each move once, the exact length throughout,
        // and nothing more once empty.
        let mut it = pos.legal_moves().into_iter();
        let (mut front, mut back) = (Vec::new(), Vec::new());
        loop {
            let left = it.len();
            assert_eq!(it.size_hint(), (left, Some(left)));
            let next = if (front.len() + back.len()) % 2 == 0 {
                it.next().inspect(|&m| front.push(m))
            } else {
                it.next_back().inspect(|&m| back.push(m))
            };
            if next.is_none() {
                assert_eq!(left, 0);
                break;
            }
            assert_eq!(it.len(), left - 1);
        }
        assert_eq!((it.next(), it.next_back()), (None, None));
        back.reverse();
        front.extend(back);
        assert_eq!(front, by_ref);
    }
}

#[test]
fn move_lists_can_be_changed_through_mutable_iteration() {
    let mut list = Position::new().legal_moves();
    for m in &mut list {
        m.to = Square::A1;
    }
    assert_eq!(list.len(), 24);
    assert!(list.iter().all(|m| m.to == Square::A1));
}

// ---------------------------------------------------------------------
// Position: Hash.

fn hash_of<T: Hash>(x: &T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

fn played(moves: &str) -> Position {
    let mut pos = Position::new();
    for m in moves.split_whitespace() {
        pos.play_str(m).unwrap();
    }
    pos
}

#[test]
fn equal_positions_hash_equally() {
    // Two knight moves each way round reach the same position with the same
    // clocks (3 plies without a capture or pawn move, move 2).
    let a = played("b2c4 b9c7 j2i4");
    let b = played("j2i4 b9c7 b2c4");
    assert_eq!(a, b);
    assert_eq!(hash_of(&a), hash_of(&b));
    // The same placement with other clocks is another position.
    let c = played("b2c4 b9c7 j2i4 c7b9 i4j2 b9c7 j2i4");
    assert!(c.same_position(&a));
    assert_ne!(c, a);
    let set: HashSet<Position> = [a.clone(), b, c.clone(), a.clone()].into_iter().collect();
    assert_eq!(set.len(), 2);
    assert!(set.contains(&a) && set.contains(&c));

    // Eq implies equal hashes for every pair, and parsing a position's
    // TFEN gives an equal position with an equal hash.
    let all = positions();
    for p in &all {
        let q = Position::from_tfen(&p.to_tfen()).unwrap();
        assert_eq!(&q, p);
        assert_eq!(hash_of(&q), hash_of(p));
        for r in &all {
            if p == r {
                assert_eq!(hash_of(p), hash_of(r));
            }
        }
    }
}

// ---------------------------------------------------------------------
// Game: Eq and play_san.

fn game(moves: &str) -> Game {
    let mut g = Game::new();
    for m in moves.split_whitespace() {
        g.play_str(m).unwrap();
    }
    g
}

#[test]
fn games_are_equal_when_rules_start_and_moves_are() {
    assert_eq!(Game::new(), Game::new());
    assert_eq!(game("b2c4 b9c7"), game("b2c4 b9c7"));
    // The same position by other moves: not the same game.
    let a = game("b2c4 b9c7 j2i4");
    let b = game("j2i4 b9c7 b2c4");
    assert_eq!(a.position(), b.position());
    assert_ne!(a, b);
    // Other draw limits.
    assert_ne!(
        Game::with_rules("move-limit=100".parse().unwrap()),
        Game::new()
    );
    // Another start.
    let start = played("f3f4");
    assert_ne!(Game::from_position(start), Game::new());
    // Undo goes back to an equal game.
    let mut c = game("b2c4 b9c7");
    c.undo();
    assert_eq!(c, game("b2c4"));
}

#[test]
fn play_san_plays_what_the_notation_names() {
    let mut g = Game::new();
    // The knights start on b2 and b9 (docs/RULES.md, section 7).
    let m = g.play_san("Nc4").unwrap();
    assert_eq!((m.from, m.to), (Square::B2, Square::C4));
    let m = g.play_san("Nb9-c7").unwrap();
    assert_eq!((m.from, m.to), (Square::B9, Square::C7));
    g.play_san("f4").unwrap(); // the pawn of kings f3f4
    g.play_san("j9i7").unwrap(); // a coordinate move is SAN too
    assert_eq!(g, game("b2c4 b9c7 f3f4 j9i7"));
    assert_eq!(g.moves().len(), 4);
}

#[test]
fn play_san_refuses_bad_moves_and_changes_nothing() {
    let mut g = game("b2c4");
    let before = g.clone();
    // Black has no knight that reaches c4.
    let err = g.play_san("Nc4").unwrap_err();
    assert!(matches!(
        err,
        PlayError::San(SanError::Illegal {
            reason: SanIllegalReason::Unreachable {
                role: Some(Role::Knight),
                to: Square::C4
            },
            ..
        })
    ));
    let syntax = |r| matches!(r, Err(PlayError::San(SanError::Syntax { .. })));
    assert!(syntax(g.play_san("Z9")));
    assert!(syntax(g.play_san("")));
    let huge = "N".repeat(1 << 20);
    assert!(matches!(
        g.play_san(&huge),
        Err(PlayError::San(SanError::Syntax { text, .. })) if text.len() < 50
    ));
    assert_eq!(g, before);

    // After a royal enters the enemy citadel the game is drawn: no move.
    let start = Position::from_tfen("11/K10/11/11/11/2PR8/11/11/10k/11 w - 00 0 1").unwrap();
    let mut g = Game::from_position(start);
    let m = g.play_san("Kbc").unwrap();
    assert_eq!(m.kind, MoveKind::CitadelEntry);
    let over = g.clone();
    assert!(matches!(
        g.play_san("Kk3"),
        Err(PlayError::GameOver(e)) if e.ply == 1
    ));
    assert_eq!(g, over);
}

// ---------------------------------------------------------------------
// Early stop.

/// How many times the callback of `for_each_legal` (or
/// `for_each_tactical`) runs when it breaks on call `k` (never for 0), and
/// what it returns.
fn calls_until(pos: &Position, tactical: bool, k: usize) -> (usize, ControlFlow<usize>) {
    let mut calls = 0;
    let f = |_: Square, _| {
        calls += 1;
        if calls == k {
            ControlFlow::Break(calls)
        } else {
            ControlFlow::Continue(())
        }
    };
    let r = if tactical {
        pos.for_each_tactical(f)
    } else {
        pos.for_each_legal(f)
    };
    (calls, r)
}

#[test]
fn the_callback_stops_the_generation_when_it_breaks() {
    for pos in positions() {
        for tactical in [false, true] {
            // Never breaking: every set, and together every move.
            let mut sets = 0;
            let mut moves = 0;
            let f = |_: Square, t: tamerlane_core::Bitboard| {
                sets += 1;
                moves += t.count() as usize;
                ControlFlow::<()>::Continue(())
            };
            let r = if tactical {
                pos.for_each_tactical(f)
            } else {
                pos.for_each_legal(f)
            };
            assert_eq!(r, ControlFlow::Continue(()));
            let listed = if tactical {
                pos.tactical_moves().len()
            } else {
                pos.legal_moves().len()
            };
            assert_eq!(moves, listed, "{pos:?}");
            // Breaking on call k: exactly k calls, and the break value back.
            for k in 1..=sets {
                assert_eq!(
                    calls_until(&pos, tactical, k),
                    (k, ControlFlow::Break(k)),
                    "{pos:?}"
                );
            }
            assert_eq!(
                calls_until(&pos, tactical, sets + 1),
                (sets, ControlFlow::Continue(()))
            );
        }
    }
}

#[test]
fn has_legal_moves_finds_the_last_kind_of_move_and_no_move() {
    // Positions of positions(), by hand: the King's swap with the ferz is
    // the only move (the swap is generated last, and only when nothing
    // else was); without the swap right, no move; a royal on the enemy
    // citadel ends the game.
    let all = positions();
    let only_swap = &all[1];
    assert!(only_swap.has_legal_moves());
    assert_eq!(
        only_swap.find_move("a1k1".parse().unwrap()).map(|m| m.kind),
        Ok(MoveKind::KingSwap)
    );
    assert!(!all[2].has_legal_moves());
    assert!(!all[4].has_legal_moves());
    assert_eq!(
        all[2]
            .find_move("a1k1".parse().unwrap())
            .map_err(|e| e.reason),
        Err(IllegalReason::NoLegalMoves)
    );
    assert!(all[0].has_legal_moves() && all[3].has_legal_moves());
}

#[test]
fn lookups_agree_with_the_move_list() {
    for pos in positions() {
        let list = pos.legal_moves();
        assert_eq!(pos.has_legal_moves(), !list.is_empty(), "{pos:?}");
        for &m in &list {
            assert!(pos.is_legal(&m));
            assert_eq!(pos.find_move(m.coord()), Ok(m));
            // The same squares with another context is not legal.
            let other = Move {
                kind: if m.kind == MoveKind::Normal {
                    MoveKind::KingSwap
                } else {
                    MoveKind::Normal
                },
                ..m
            };
            assert!(!pos.is_legal(&other));
        }
        // Every pair from an own piece: found exactly when listed.
        let own = pos.board().by_color(pos.turn());
        for from in own {
            for to in Square::all() {
                let c = CoordMove { from, to };
                let listed = list.iter().find(|m| m.coord() == c);
                match (pos.find_move(c), listed) {
                    (Ok(m), Some(l)) => assert_eq!(&m, l),
                    (Err(e), None) => assert!(
                        matches!(
                            e.reason,
                            IllegalReason::NotAMove
                                | IllegalReason::LeavesRoyalAttacked
                                | IllegalReason::NoLegalMoves
                        ),
                        "{pos:?} {c}: {e}"
                    ),
                    (found, listed) => {
                        panic!("{pos:?} {c}: find_move {found:?}, listed {listed:?}")
                    }
                }
            }
        }
    }
}

#[test]
fn the_default_setup_is_the_initial_position() {
    assert_eq!(
        tamerlane_core::Setup::default(),
        tamerlane_core::Setup::initial()
    );
}
