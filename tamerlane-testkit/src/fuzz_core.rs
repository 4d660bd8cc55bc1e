//! The checks behind the rules crate's fuzz targets (`fuzz/fuzz_targets/*.rs`
//! call them), shared with the regression tests
//! (`tamerlane-core/tests/it/fuzz_regressions.rs`) so that a crash input
//! replays exactly the same code under `cargo test`.
//! Each function takes the fuzzer's raw bytes and panics on a broken
//! invariant; see `docs/RELIABILITY.md`.

use tamerlane_core::rule_set::{StartArray, MAX_RULE_SET_LEN};
use tamerlane_core::tamerlane::PlayError;
use tamerlane_core::tamerlane::{Game, Position};
use tamerlane_core::{read_records, Color, GameRecord, MoveKind, RuleSet, SanError, Setup};

use crate::position_checks::{self, describe};
use crate::rule_sets::rule_set_from_bytes;
use crate::spec_oracle;

/// TFEN parse -> format -> parse, under the default rules and under a
/// random rule set: any text the parser accepts formats to a canonical
/// TFEN that parses back to the same thing, and formatting is a fixed
/// point from then on; every valid position passes the checks of
/// [`position_checks`] (its moves are the oracle's, the mirror maps them,
/// TFEN and rules round trip).
///
/// Input: the text, optionally followed by a `0xFF` byte (never part of
/// UTF-8 text) and the bytes of a rule set ([`rule_set_from_bytes`]);
/// without one, the rule set is the default. The rules only narrow what
/// is valid: a text valid under them is valid under the default rules as
/// the same setup, and one valid under the default rules is refused under
/// them only for a stage 2 with `pawn-of-pawns=one-arrival`.
pub fn tfen_roundtrip(data: &[u8]) {
    let (text, rules) = match data.iter().position(|&b| b == 0xFF) {
        Some(i) => (&data[..i], rule_set_from_bytes(&data[i + 1..]).0),
        None => (data, RuleSet::DEFAULT),
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    // The unvalidated layer: everything the TFEN grammar accepts.
    if let Ok(setup) = Setup::from_tfen(text) {
        assert!(text.len() <= Setup::MAX_TFEN_LEN);
        let canonical = setup.to_tfen();
        let again = Setup::from_tfen(&canonical).expect("a formatted setup parses");
        assert_eq!(again, setup, "setup round trip of {text:?}");
        assert_eq!(again.to_tfen(), canonical, "formatting is a fixed point");
    }
    // The validated layer: playable positions, under the default rules
    // and under `rules`.
    let default = Position::from_tfen(text);
    if let Ok(pos) = &default {
        check_valid_position(pos);
    }
    match (Position::from_tfen_with_rules(text, rules), &default) {
        (Ok(pos), Ok(d)) => {
            assert_eq!(pos.rules(), &rules);
            assert_eq!(pos.to_setup(), d.to_setup(), "{text:?} under {rules}");
            for c in Color::ALL {
                assert!(pos.pawn_of_pawns_stage(c) <= rules.max_stage());
            }
            if rules != RuleSet::DEFAULT {
                check_valid_position(&pos);
            }
        }
        (Ok(pos), Err(e)) => panic!("{text:?}: valid under {rules} ({pos:?}), not by default: {e}"),
        (Err(e), Ok(d)) => {
            position_checks::refused_for_stage_two(text, &rules, &e);
            assert!(Color::ALL
                .into_iter()
                .any(|c| d.pawn_of_pawns_stage(c) == 2));
        }
        (Err(e), Err(_)) => assert!(!e.to_string().is_empty()),
    }
}

/// The checks of a position read from TFEN: [`position_checks`], with the
/// whole comparison with the oracle.
fn check_valid_position(pos: &Position) {
    position_checks::round_trips(pos);
    position_checks::agrees_with_oracle(pos);
    position_checks::mirror_maps_moves(pos);
}

/// Coordinate and algebraic move parsing against random reachable positions.
///
/// Input: byte 0 is the number of plies to play from the initial position;
/// the next that many bytes choose each ply's move among the legal ones;
/// the rest is the move text to parse there. Whatever the text, both
/// parsers return a legal move or an error, and every legal move's SAN and
/// coordinate string parse back to it.
pub fn move_parse(data: &[u8]) {
    let Some((&plies, rest)) = data.split_first() else {
        return;
    };
    let plies = (plies as usize).min(rest.len());
    let (choices, text) = rest.split_at(plies);
    let mut pos = Position::new();
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        pos.play_unchecked(&m);
    }
    let legal = pos.legal_moves();
    let text = String::from_utf8_lossy(text);

    match pos.parse_move(&text) {
        Ok(m) => {
            assert!(pos.is_legal(&m), "parse_move({text:?}) gave illegal {m}");
            assert_eq!(
                pos.parse_san(&text),
                Ok(m),
                "SAN accepts coordinates: {text:?}"
            );
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    match pos.parse_san(&text) {
        Ok(m) => {
            assert!(legal.contains(&m), "parse_san({text:?}) gave illegal {m}");
        }
        Err(SanError::Ambiguous { candidates, .. }) => assert!(candidates.len() >= 2),
        Err(e) => assert!(!e.to_string().is_empty()),
    }

    // Canonical forms read back exactly.
    for (m, san) in pos.san_moves() {
        assert_eq!(pos.parse_san(&san), Ok(m), "SAN {san} in {}", pos.to_tfen());
        assert_eq!(pos.parse_move(&m.to_string()).ok(), Some(m));
    }
}

/// The invariants of one position of a game. `pick` chooses which listed
/// move gets the lookup cross-checks, so that a campaign covers them all
/// without making every step quadratic. The full comparison with the
/// oracle (a move generation per pseudo-legal move) is made when `full`.
fn check_position(game: &Game, pick: usize, full: bool) {
    let pos = game.position();
    position_checks::round_trips(pos);
    if full {
        position_checks::agrees_with_oracle(pos);
    }
    let legal = pos.legal_moves();
    if let Some(m) = legal.get(pick % legal.len().max(1)) {
        assert_eq!(pos.find_move(m.coord()), Ok(*m), "{m} in {}", describe(pos));
        assert_eq!(pos.parse_move(&m.to_string()), Ok(*m));
    }
    // The game's end is the oracle's first terminal event.
    assert_eq!(
        game.outcome(),
        spec_oracle::outcome(game),
        "{} after {} plies",
        describe(pos),
        game.moves().len()
    );
    // What the position alone decides ends the game too.
    assert!(pos.outcome().is_none() || game.outcome().is_some());
}

/// Random playouts under a random rule set driven by the fuzzer's bytes,
/// checking play/undo, hash, the end of the game (against the oracle) and
/// the refusal of moves once it has ended on every step, and the legal
/// moves against the oracle after every capture, special move or check
/// and on one quiet step in eight.
///
/// Input: the first [`RULE_SET_BYTES`](crate::rule_sets::RULE_SET_BYTES) bytes give the rule set
/// ([`rule_set_from_bytes`]); the game starts from its start array. Then
/// each byte is one step: `0xFF` takes a move back, anything else plays
/// the legal move it indexes (modulo the number of legal moves), which an
/// ended game must refuse.
pub fn playout(data: &[u8]) {
    let (rules, steps) = rule_set_from_bytes(data);
    let mut game = Game::with_rules(rules);
    assert_eq!(game.rules(), &rules);
    check_position(&game, 0, true);
    for &b in steps.iter().take(400) {
        if b == 0xFF {
            let before: Vec<Position> = game.positions().to_vec();
            match game.undo() {
                Some(_) => {
                    assert_eq!(game.positions(), &before[..before.len() - 1]);
                    assert_eq!(game.position().hash(), before[before.len() - 2].hash());
                }
                None => assert_eq!(game.positions().len(), 1),
            }
            continue;
        }
        let pos = game.position().clone();
        let legal = pos.legal_moves();
        if legal.is_empty() {
            assert!(
                pos.outcome().is_some(),
                "no moves but no outcome: {}",
                describe(&pos)
            );
            assert!(game.outcome().is_some());
            continue;
        }
        let m = legal[b as usize % legal.len()];
        if let Some(outcome) = game.outcome() {
            // Ended (repetition, move limit, royals only): nothing is played.
            let before = game.clone();
            match game.play(&m) {
                Err(PlayError::GameOver(e)) => {
                    assert_eq!((e.ply, e.outcome), (game.moves().len(), outcome));
                }
                other => panic!("{m} after the end in {}: {other:?}", describe(&pos)),
            }
            assert_eq!(game, before);
            continue;
        }
        let mut unchecked = pos.clone();
        unchecked.play_unchecked(&m);
        game.play(&m).expect("a listed move plays");
        assert_eq!(game.position(), &unchecked);
        assert_ne!(game.turn(), pos.turn());
        // Playing it again from the new position must be refused unless it
        // happens to be legal there too, and a refusal changes nothing.
        let mut probe = game.position().clone();
        if probe.play(&m).is_err() {
            assert_eq!(&probe, game.position());
        }
        // The oracle after every move that is not a quiet ordinary one, in
        // check, and on one step in eight (chosen by the byte) otherwise.
        let full = m.is_capture()
            || m.kind != MoveKind::Normal
            || game.position().is_check()
            || b % 8 == 0;
        check_position(&game, b as usize / 7, full);
        let mirrored = game.position().mirror();
        assert_eq!(
            mirrored.legal_moves().len(),
            game.position().legal_moves().len()
        );
    }
}

/// Rule-set strings: any text gives a rule set or a typed error with a
/// message, never a panic. An accepted string is at most
/// [`MAX_RULE_SET_LEN`] bytes; its canonical form parses back to the same
/// rules and is a fixed point; the preset's start array is selected
/// exactly when the string begins with the preset; the canonical form of
/// the rules drawn from the same bytes round-trips too.
pub fn rule_set_parse(data: &[u8]) {
    let (drawn, _) = rule_set_from_bytes(data);
    let canonical = drawn.to_string();
    assert_eq!(canonical.parse(), Ok(drawn), "{canonical:?}");
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<RuleSet>() {
        Ok(rules) => {
            assert!(text.len() <= MAX_RULE_SET_LEN);
            let canonical = rules.to_string();
            let again: RuleSet = canonical
                .parse()
                .unwrap_or_else(|e| panic!("canonical {canonical:?} of {text:?}: {e}"));
            assert_eq!(again, rules, "{text:?}");
            assert_eq!(again.to_string(), canonical, "a fixed point");
            let preset_first = text.split(',').next() == Some("seed-001");
            assert_eq!(
                rules.start() == StartArray::Seed001,
                preset_first,
                "{text:?}"
            );
            assert_eq!(
                again.start(),
                StartArray::Standard,
                "pairs never select an array"
            );
            assert_eq!(rules.is_default(), canonical.is_empty());
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// The game-record reader: any bytes give games or typed errors (never a
/// panic), and every game read writes out as text that reads back equal.
pub fn record_reader(data: &[u8]) {
    for item in read_records(data).take(64) {
        let Ok(record) = item else {
            continue;
        };
        let text = record.to_string();
        let back = GameRecord::from_pgn(&text)
            .unwrap_or_else(|e| panic!("written record does not read back: {e}\n{text}"));
        assert_eq!(back, record, "record round trip:\n{text}");
        assert_eq!(back.to_string(), text, "writing is a fixed point");
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = GameRecord::<tamerlane_core::tamerlane::Position>::from_pgn(text);
    }
}
