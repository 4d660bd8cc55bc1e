//! The counting rules (seed 002, "Sayım Kuralları"; docs/MAKRUK.md): the
//! pieces'-honour table row by row in both readings, when a count starts,
//! restarts and runs out, the seed's example, and the seed's rule on a
//! checkmate given by the side at a disadvantage. Expected values are
//! worked out by hand from the seed's sentences.

use tamerlane_core::makruk::{
    pieces_honour, Count, Counting, Game, Position, Termination, BOARDS_HONOUR,
};
use tamerlane_core::Color;

use super::{pos, pos_with};

/// (limit in moves, plies counted) of a position's count.
fn count(p: &Position) -> Option<(u8, u16)> {
    p.count().map(|c| (c.limit(), c.ply()))
}

#[test]
fn the_table_row_by_row() {
    use Counting::{FairyStockfish as Fs, Seed};
    // (rooks, khons, knights) of the strong side -> limit in moves.
    let rows = [
        ((2, 0, 0), 8, 8),   // two Rooks
        ((2, 2, 2), 8, 8),   // two Rooks, whatever else
        ((1, 0, 0), 16, 16), // one Rook
        ((1, 2, 2), 16, 16), // one Rook, whatever else
        ((0, 2, 0), 22, 22), // no Rook, two Khons
        ((0, 2, 2), 22, 22), // no Rook, two Khons and two Knights
        ((0, 0, 2), 32, 32), // no Rook nor Khon, two Knights
        ((0, 1, 0), 44, 44), // no Rook, one Khon
        ((0, 1, 1), 44, 44), // no Rook, one Khon, one Knight
        ((0, 1, 2), 44, 32), // one Khon and two Knights: the readings differ
        ((0, 0, 1), 64, 64), // no Rook nor Khon, one Knight
        ((0, 0, 0), 64, 64), // Mets only
    ];
    for ((r, s, n), seed, fs) in rows {
        assert_eq!(pieces_honour(Seed, r, s, n), seed, "seed {r} {s} {n}");
        assert_eq!(
            pieces_honour(Fs, r, s, n),
            fs,
            "fairy-stockfish {r} {s} {n}"
        );
    }
    assert_eq!(BOARDS_HONOUR, 64);
}

/// The count after the white King takes Black's last piece, a Knight on
/// e2, with `rank1` (White's first rank) holding White's other pieces.
fn after_last_capture(rank1: &str, rules: &str) -> Option<(u8, u16)> {
    let mut p = pos_with(&format!("7k/8/8/8/8/8/4n3/{rank1} w - - 0 1"), rules);
    assert_eq!(p.count(), None, "no count before the capture");
    p.play_str("e1e2").unwrap();
    assert_eq!(p.turn(), Color::Black);
    count(&p)
}

#[test]
fn a_count_starts_when_the_last_piece_falls_from_the_pieces_on_the_board() {
    // The count starts at the number of pieces on the board, both Kings
    // included: here 2 Kings + White's pieces; kept in plies (twice that).
    let rows = [
        ("RR2K3", 8, 8),
        ("R1S1K3", 16, 8),
        ("SS2K3", 22, 8),
        ("NN2K3", 32, 8),
        ("S1M1K3", 44, 8),
        ("N1M1K3", 64, 8),
        ("MM2K3", 64, 8),
        ("M3K3", 64, 6),
        ("RRSSKNNM", 8, 18),
    ];
    for (rank1, limit, ply) in rows {
        for rules in ["", "counting=fairy-stockfish"] {
            assert_eq!(
                after_last_capture(rank1, rules),
                Some((limit, ply)),
                "{rank1} {rules}"
            );
        }
    }
    // One Khon and two Knights: 44 moves in the seed's order, 32 in
    // Fairy-Stockfish's (it tests two Knights before one Khon).
    assert_eq!(after_last_capture("SNN1K3", ""), Some((44, 10)));
    assert_eq!(
        after_last_capture("SNN1K3", "counting=fairy-stockfish"),
        Some((32, 10))
    );
}

#[test]
fn the_count_shows_in_the_fen_as_fairy_stockfish_writes_it() {
    let mut p = pos("7k/8/8/8/8/8/4n3/RR2K3 w - - 0 1");
    p.play_str("e1e2").unwrap();
    // Limit 8 moves = 16 plies in the fourth field, 8 plies counted in the fifth.
    assert_eq!(p.to_fen(), "7k/8/8/8/8/8/4K3/RR6 b - 16 8 1");
    let back = pos(&p.to_fen());
    assert_eq!(count(&back), Some((8, 8)));
    assert_eq!(back.to_fen(), p.to_fen());
    // While a count runs the halfmove clock is not written; read back it is 0.
    assert_eq!(back.halfmoves(), 0);
    assert_eq!(Count::new(8, 8).unwrap().limit_plies(), 16);
}

#[test]
fn the_seeds_example_two_rooks_and_a_knight_have_three_moves() {
    // "White has two Rooks and a Knight against a lone black King: White
    // has 3 moves to mate (8, the two Rooks' value, minus 5 pieces)."
    let mut g = Game::from_position(pos("6k1/8/8/8/8/8/4n3/RN2K2R w - - 0 1"));
    g.play_str("e1e2").unwrap();
    assert_eq!(count(g.position()), Some((8, 10)));
    // Black flees, White makes three moves that do not mate.
    for (i, m) in ["g8f8", "a1a2", "f8g8", "a2a1", "g8f8", "a1a2"]
        .into_iter()
        .enumerate()
    {
        g.play_str(m).unwrap();
        assert_eq!(g.outcome(), None, "after {} plies", i + 1);
    }
    assert_eq!(count(g.position()), Some((8, 16)));
    // Black's next move takes the count past 16 plies: the game is drawn.
    g.play_str("f8g8").unwrap();
    assert_eq!(count(g.position()), Some((8, 17)));
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.termination), (None, Termination::Counting));
    assert_eq!(o.to_string(), "draw counting");
}

#[test]
fn the_board_honour_starts_when_the_last_pawn_goes() {
    // The Rook takes the last pawn; both sides still have a piece: 64
    // moves, counted from 0.
    let mut p = pos("4k3/8/8/3p4/8/8/8/n2RK3 w - - 0 1");
    p.play_str("d1d5").unwrap();
    assert_eq!(count(&p), Some((64, 0)));
    assert_eq!(p.to_fen(), "4k3/8/8/3R4/8/8/8/n3K3 b - 128 0 1");
    // No count while pawns remain.
    let mut p = Position::new();
    for m in ["e3e4", "d6d5", "e4d5"] {
        p.play_str(m).unwrap();
        assert_eq!(p.count(), None);
    }
    // Two bare Kings: no count applies.
    let mut p = pos("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1");
    p.play_str("e1d2").unwrap();
    assert_eq!(p.count(), None);
}

#[test]
fn a_count_starts_for_the_bare_king_when_it_is_to_move() {
    // Black is bare; after Black's move White is to move, and the side to
    // move is the one that counts: nothing yet.
    let mut p = pos("7k/8/8/8/8/8/8/R3K3 b - - 0 1");
    p.play_str("h8g8").unwrap();
    assert_eq!(p.count(), None);
    // After White's move Black counts: one Rook, 16 moves, from 3 pieces.
    p.play_str("a1a2").unwrap();
    assert_eq!(count(&p), Some((16, 6)));
}

#[test]
fn the_count_restarts_when_the_last_piece_is_taken() {
    // The board's honour runs (40 plies counted); White's King takes
    // Black's last piece: the pieces' honour of one Rook from 3 pieces.
    let mut p = pos("7k/8/8/8/8/8/4n3/R3K3 w - 128 40 30");
    p.play_str("e1e2").unwrap();
    assert_eq!(count(&p), Some((16, 6)));
    // A capture that leaves a piece does not restart it.
    let mut p = pos("7k/8/8/8/8/8/4n3/R3K1m1 w - 128 40 30");
    p.play_str("e1e2").unwrap();
    assert_eq!(count(&p), Some((64, 41)));
}

#[test]
fn the_bare_king_taking_a_rook_does_not_reset_the_count() {
    // "If Black takes a white Rook, the count is not reset automatically."
    let mut p = pos("8/8/8/8/8/8/2k5/1R2K2R b - 16 9 30");
    p.play_str("c2b1").unwrap();
    assert_eq!(count(&p), Some((8, 10)));
}

#[test]
fn a_checkmate_on_the_move_past_the_limit_still_wins() {
    // 16 plies counted of 16; White's mate makes it 17: the mate stands.
    let mut g = Game::from_position(pos("k7/8/1K6/8/8/8/8/1R5R w - 16 16 9"));
    assert_eq!(g.outcome(), None);
    g.play_str("h1h8").unwrap();
    assert_eq!(count(g.position()), Some((8, 17)));
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.termination),
        (Some(Color::White), Termination::Checkmate)
    );
    // A stalemate past the limit is the counting draw; within it, stalemate.
    let late = pos("7k/5K2/6M1/8/8/8/8/8 b - 128 129 70");
    assert_eq!(late.outcome().unwrap().termination, Termination::Counting);
    let early = pos("7k/5K2/6M1/8/8/8/8/8 b - 128 127 70");
    assert_eq!(early.outcome().unwrap().termination, Termination::Stalemate);
}

#[test]
fn a_mate_by_the_side_at_a_disadvantage_while_counting_is_a_draw_by_the_seed() {
    // "If the disadvantaged player mates the advantaged side without having
    // stopped the count, the game is a draw." White (King and Rook) has
    // fewer pieces than Black (King, Knight, Met); the board's honour runs.
    let fen = "7k/8/6K1/8/8/8/7n/R6m w - 128 10 30";
    let mut seed = Game::from_position(pos(fen));
    seed.play_str("a1a8").unwrap();
    assert!(seed.position().is_check() && !seed.position().has_legal_moves());
    let o = seed.outcome().unwrap();
    assert_eq!((o.winner, o.termination), (None, Termination::CountingMate));
    assert_eq!(o.to_string(), "draw counting-mate");
    // Fairy-Stockfish's reading: every checkmate wins.
    let mut fs = Game::from_position(pos_with(fen, "counting=fairy-stockfish"));
    fs.play_str("a1a8").unwrap();
    let o = fs.outcome().unwrap();
    assert_eq!(
        (o.winner, o.termination),
        (Some(Color::White), Termination::Checkmate)
    );
    // With as many pieces as the mated side, the mate wins in both.
    let mut even = pos("7k/8/6K1/8/8/8/8/R6m w - 128 10 30");
    even.play_str("a1a8").unwrap();
    assert_eq!(even.outcome().unwrap().winner, Some(Color::White));
    // With pawns on the board no count runs, and the mate wins.
    let mut pawns = pos("7k/8/6K1/8/4p3/8/7n/R6m w - - 0 30");
    pawns.play_str("a1a8").unwrap();
    assert_eq!(pawns.count(), None);
    assert_eq!(pawns.outcome().unwrap().termination, Termination::Checkmate);
}

#[test]
fn a_count_that_starts_past_its_limit_draws_at_once() {
    // Two Rooks (8 moves) but 9 pieces on the board: the count starts at 9,
    // already past 8; the strong side has no move left.
    let mut p = pos("7k/8/8/8/8/8/4n3/RRSSKNNM w - - 0 1");
    p.play_str("e1e2").unwrap();
    assert_eq!(count(&p), Some((8, 18)));
    assert_eq!(p.outcome().unwrap().termination, Termination::Counting);
}
