//! The binary format of self-play data (docs/ENGINE.md, "Self-play data"):
//! its records are the text run's positions, field for field; the quiet
//! filter drops exactly the positions in check (the core's `is_check`)
//! and those whose best move captures (seen on the board: the target
//! holds an enemy piece, or a chess pawn moves aside onto an empty
//! square); the same settings give the same bytes; a damaged file is
//! refused with a typed error.

use std::sync::atomic::AtomicBool;

use tamerlane_ai::datagen::binary::{
    self, FormatError, Header, Record, FLAG_CAPTURE, FLAG_CHECK, HEADER_SIZE,
};
use tamerlane_ai::datagen::board_bytes::piece_of_code;
use tamerlane_ai::datagen::{shard, Filter, Format, Output, Settings, MATE_SCORE};
use tamerlane_ai::{AnyGame, Variant};
use tamerlane_core::{each_game, Color};

/// A small run. With the shipped nets its seed gives, for each of the
/// three games, two games with positions in check and captures, which the
/// filter test needs (seed 21's two Makruk games, scored by the Makruk
/// net, have neither).
fn settings(v: Variant) -> Settings {
    Settings {
        nodes: 150,
        opening_plies: 4,
        hash_mib: 1,
        seed: 22,
        ..Settings::new(v.default_rules())
    }
}

fn run(s: &Settings, format: Format, filter: Filter, first: u64, count: u64) -> Vec<u8> {
    let never = AtomicBool::new(false);
    shard(s, Output { format, filter }, first, count, &never)
        .unwrap()
        .data
}

/// The text run's positions: (position, White's score, White's result).
fn text_lines(data: &[u8]) -> Vec<(String, i32, f64)> {
    std::str::from_utf8(data)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let p: Vec<&str> = l.split(" | ").collect();
            (
                p[0].to_owned(),
                p[1].parse().unwrap(),
                p[2].parse().unwrap(),
            )
        })
        .collect()
}

/// The pieces of a game's position as (square index, colour, role index),
/// sorted, read from the core's board.
fn pieces(game: &AnyGame) -> Vec<(usize, Color, usize)> {
    let mut v: Vec<(usize, Color, usize)> = match game {
        AnyGame::Tamerlane(g) => g
            .position()
            .board()
            .pieces()
            .map(|(s, p)| (s.index(), p.color, p.role.index()))
            .collect(),
        AnyGame::Chess(g) => g
            .position()
            .board()
            .pieces()
            .map(|(s, p)| (s.index(), p.color, p.role.index()))
            .collect(),
        AnyGame::Makruk(g) => g
            .position()
            .board()
            .pieces()
            .map(|(s, p)| (s.index(), p.color, p.role.index()))
            .collect(),
    };
    v.sort_by_key(|p| (p.0, p.1 == Color::Black, p.2));
    v
}

/// A record's board decoded, as [`pieces`] gives it.
fn decoded(r: &Record, roles: usize) -> Vec<(usize, Color, usize)> {
    r.board
        .iter()
        .enumerate()
        .filter_map(|(i, &c)| piece_of_code(c, roles).map(|(col, role)| (i, col, role)))
        .collect()
}

/// Whether the best move of a record captures, from the board alone: the
/// target square holds an enemy piece, or (chess) a pawn changes file onto
/// an empty square (en passant).
fn captures(v: Variant, r: &Record, roles: usize) -> bool {
    let target = piece_of_code(r.board[usize::from(r.best_to)], roles);
    if matches!(target, Some((c, _)) if c != r.turn) {
        return true;
    }
    let mover = piece_of_code(r.board[usize::from(r.best_from)], roles);
    // Chess's pawn is role 0 (docs/CHESS.md).
    v == Variant::Chess
        && target.is_none()
        && mover.is_some_and(|(_, role)| role == 0)
        && r.best_from % 8 != r.best_to % 8
}

#[test]
fn records_are_the_text_runs_positions_and_the_filter_keeps_the_quiet_ones() {
    for v in Variant::ALL {
        let s = settings(v);
        let roles = binary::board_shape(v).1;
        let text = text_lines(&run(&s, Format::Text, Filter::All, 0, 2));
        let all_bytes = run(&s, Format::Binary, Filter::All, 0, 2);
        let (head, all) = binary::read(&all_bytes).unwrap();
        assert_eq!(
            (head.variant, head.quiet, head.first, head.games),
            (v, false, 0, 2)
        );
        assert_eq!(
            head.settings,
            format!(
                "game {v} rules default seed 22 first 0 count 2 nodes 150 opening-plies 4 config full{}",
                tamerlane_ai::datagen::net_item(tamerlane_ai::nnue::Nets::embedded().fingerprint(v))
            )
        );
        assert_eq!(all.len(), text.len(), "{v}");
        let mut expected_quiet = Vec::new();
        let (mut checks, mut takes) = (0, 0);
        for (r, (fen, white, result)) in all.iter().zip(&text) {
            let game = AnyGame::from_fen(s.rules, fen).unwrap();
            assert_eq!(decoded(r, roles), pieces(&game), "{v} {fen}");
            assert_eq!(r.turn, game.turn());
            let sign = if r.turn == Color::White { 1 } else { -1 };
            assert_eq!(
                i32::from(r.score),
                sign * (*white).clamp(-MATE_SCORE, MATE_SCORE)
            );
            let for_white = match r.result {
                1 => f64::from(u8::from(r.turn == Color::White)),
                -1 => f64::from(u8::from(r.turn == Color::Black)),
                _ => 0.5,
            };
            assert_eq!(for_white, *result, "{v} {fen}");
            let (full, half) =
                each_game!(&game, g => (g.position().fullmoves(), g.position().halfmoves()));
            assert_eq!(u32::from(r.fullmove), full, "{v} {fen}");
            // A Makruk FEN does not write the halfmove clock while a count
            // runs (docs/MAKRUK.md); the record has it all the same.
            let counting = v == Variant::Makruk && fen.split(' ').nth(3) != Some("-");
            if !counting {
                assert_eq!(u32::from(r.halfmoves), half, "{v} {fen}");
            }
            let check = each_game!(&game, g => g.position().is_check());
            let capture = captures(v, r, roles);
            assert_eq!(r.flags & FLAG_CHECK != 0, check, "{v} {fen}");
            assert_eq!(r.flags & FLAG_CAPTURE != 0, capture, "{v} {fen}");
            checks += usize::from(check);
            takes += usize::from(capture);
            if !check && !capture {
                expected_quiet.push(r.clone());
            }
        }
        assert!(
            checks > 0 && takes > 0,
            "{v}: the run has checks and captures to drop"
        );
        let quiet_bytes = run(&s, Format::Binary, Filter::Quiet, 0, 2);
        let (qhead, quiet) = binary::read(&quiet_bytes).unwrap();
        assert!(qhead.quiet);
        assert_eq!(quiet, expected_quiet, "{v}");
        assert!(quiet.iter().all(|r| r.flags == 0));
        // The same run gives the same bytes; shards of it, the same records.
        assert_eq!(run(&s, Format::Binary, Filter::Quiet, 0, 2), quiet_bytes);
        let (_, a) = binary::read(&run(&s, Format::Binary, Filter::Quiet, 0, 1)).unwrap();
        let (_, b) = binary::read(&run(&s, Format::Binary, Filter::Quiet, 1, 1)).unwrap();
        assert_eq!([a, b].concat(), quiet, "{v}");
        // And the quiet text is the quiet records' positions.
        let quiet_text = text_lines(&run(&s, Format::Text, Filter::Quiet, 0, 2));
        assert_eq!(quiet_text.len(), quiet.len());
    }
}

#[test]
fn records_round_trip() {
    let mut bytes = Header {
        variant: Variant::Makruk,
        quiet: false,
        records: 2,
        first: 7,
        games: 3,
        settings: "game makruk".into(),
    }
    .to_bytes()
    .unwrap()
    .to_vec();
    let mut board = vec![0u8; 64];
    board[0] = 4;
    board[63] = 12;
    let records = [
        Record {
            score: -30000,
            fullmove: 65535,
            halfmoves: 3,
            turn: Color::Black,
            result: -1,
            best_from: 0,
            best_to: 63,
            flags: FLAG_CHECK | FLAG_CAPTURE,
            board: board.clone(),
        },
        Record {
            score: 125,
            fullmove: 1,
            halfmoves: 0,
            turn: Color::White,
            result: 0,
            best_from: 12,
            best_to: 28,
            flags: 0,
            board,
        },
    ];
    for r in &records {
        r.write_to(&mut bytes);
    }
    // A record is 76 bytes: 12 before a 64-square board.
    assert_eq!(bytes.len(), 512 + 2 * 76);
    // The score of the first record, -30000 little-endian, at its start.
    assert_eq!(bytes[512..514], (-30000i16).to_le_bytes());
    let (head, back) = binary::read(&bytes).unwrap();
    assert_eq!((head.first, head.games, head.records), (7, 3, 2));
    assert_eq!(head.settings, "game makruk");
    assert_eq!(back, records);
}

#[test]
fn damaged_files_are_refused_with_what_is_wrong() {
    let good = run(&settings(Variant::Chess), Format::Binary, Filter::All, 0, 1);
    assert!(binary::read(&good).is_ok());
    let damaged = |at: usize, value: u8| {
        let mut b = good.clone();
        b[at] = value;
        binary::read(&b).unwrap_err()
    };
    assert!(matches!(damaged(0, b'X'), FormatError::Magic(_)));
    assert_eq!(damaged(8, 2), FormatError::Version(2));
    assert_eq!(damaged(10, 3), FormatError::Game(3));
    // Chess records read as Makruk's: the same size, but a header naming
    // chess's record size under Tamerlane is refused.
    let e = damaged(10, 0);
    assert!(
        matches!(
            e,
            FormatError::Field {
                field: "record size",
                expected: 124,
                found: 76
            }
        ),
        "{e}"
    );
    let e = damaged(HEADER_SIZE + 6, 2);
    assert_eq!(
        e,
        FormatError::Record {
            index: 0,
            field: "turn",
            value: 2
        }
    );
    assert!(e.to_string().contains("record 0: turn 2"), "{e}");
    let e = damaged(HEADER_SIZE + 12, 13);
    assert!(
        matches!(
            e,
            FormatError::Record {
                field: "board",
                value: 13,
                ..
            }
        ),
        "{e}"
    );
    let e = binary::read(&good[..good.len() - 1]).unwrap_err();
    assert!(matches!(e, FormatError::Length { .. }), "{e}");
    assert!(e.to_string().contains("truncated"), "{e}");
    let e = binary::read(&good[..100]).unwrap_err();
    assert_eq!(
        e,
        FormatError::Truncated {
            expected: 512,
            found: 100
        }
    );
    // An unfinished file: records written, none counted.
    let mut unfinished = good.clone();
    unfinished[24..32].fill(0);
    assert!(matches!(
        binary::read(&unfinished),
        Err(FormatError::Length { records: 0, .. })
    ));
}
