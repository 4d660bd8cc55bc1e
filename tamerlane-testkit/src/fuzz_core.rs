//! The checks behind the rules crate's fuzz targets (`fuzz/fuzz_targets/*.rs`
//! call them), shared with the regression tests
//! (`tamerlane-core/tests/it/fuzz_regressions.rs`) so that a crash input
//! replays exactly the same code under `cargo test`.
//! Each function takes the fuzzer's raw bytes and panics on a broken
//! invariant; see `docs/RELIABILITY.md`.

use tamerlane_core::{read_records, Game, GameRecord, Position, SanError, Setup, MAX_LEGAL_MOVES};

/// TFEN parse -> format -> parse: any text the parser accepts formats to a
/// canonical TFEN that parses back to the same thing, and formatting is a
/// fixed point from then on.
pub fn tfen_roundtrip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
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
    // The validated layer: playable positions.
    if let Ok(pos) = Position::from_tfen(text) {
        let canonical = pos.to_tfen();
        let again = Position::from_tfen(&canonical).expect("a formatted position parses");
        assert_eq!(again, pos, "position round trip of {text:?}");
        assert_eq!(again.to_tfen(), canonical);
        assert_eq!(
            pos.hash(),
            pos.compute_hash(),
            "incremental hash of {text:?}"
        );
        assert_eq!(pos.hash(), again.hash());
        // Every valid position has a sane move list.
        let legal = pos.legal_moves();
        assert!(legal.len() <= MAX_LEGAL_MOVES);
        assert_eq!(pos.has_legal_moves(), !legal.is_empty());
        let mirrored = pos.mirror();
        assert_eq!(
            mirrored.legal_moves().len(),
            legal.len(),
            "mirror of {text:?}"
        );
        assert_eq!(mirrored.mirror(), pos);
    }
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

/// The invariants of one position. `pick` chooses which listed move gets
/// the full (costly) legality cross-checks, so that a campaign covers them
/// all without making every step quadratic.
fn check_position(pos: &Position, pick: usize) {
    assert_eq!(pos.hash(), pos.compute_hash(), "hash of {}", pos.to_tfen());
    let tfen = pos.to_tfen();
    let back = Position::from_tfen(&tfen).expect("reachable positions format to valid TFEN");
    assert_eq!(&back, pos);
    let legal = pos.legal_moves();
    assert!(legal.len() <= MAX_LEGAL_MOVES);
    assert_eq!(pos.has_legal_moves(), !legal.is_empty());
    // Moves are distinct (from, to) pairs.
    let mut pairs: Vec<(u8, u8)> = legal
        .iter()
        .map(|m| (m.from.index() as u8, m.to.index() as u8))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    assert_eq!(pairs.len(), legal.len(), "a move listed twice in {tfen}");
    if let Some(m) = legal.get(pick % legal.len().max(1)) {
        assert!(pos.is_legal(m), "{m} listed but not legal in {tfen}");
        assert_eq!(pos.find_move(m.coord()), Ok(*m), "{m} in {tfen}");
    }
}

/// Random playouts driven by the fuzzer's bytes, checking play/undo, hash
/// and legality invariants on every step.
///
/// Each byte is one step: `0xFF` takes a move back, anything else plays the
/// legal move it indexes (modulo the number of legal moves).
pub fn playout(data: &[u8]) {
    let mut game = Game::new();
    check_position(game.position(), 0);
    for &b in data.iter().take(400) {
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
                pos.to_tfen()
            );
            assert!(game.outcome().is_some());
            continue;
        }
        let m = legal[b as usize % legal.len()];
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
        check_position(game.position(), b as usize / 7);
        let mirrored = game.position().mirror();
        assert_eq!(
            mirrored.legal_moves().len(),
            game.position().legal_moves().len()
        );
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
        let _ = GameRecord::from_pgn(text);
    }
}
