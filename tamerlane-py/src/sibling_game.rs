//! What differs between the sibling games (chess and Makruk) behind their
//! Python boards, beyond the core [`tamerlane_core::Position`] trait: the
//! [`SiblingGame`] trait, implemented for `tamerlane_core::chess::Position`
//! and `tamerlane_core::makruk::Position`.
//!
//! The rules, the game and its history come from the core trait and
//! `tamerlane_core::Game<P>`; this trait holds only the rest: the UCI
//! spelling, board edits, the mover's view of the board, the action space
//! and the game-specific planes.

use tamerlane_core::board8::Square;
use tamerlane_core::{chess, makruk, Color, Position};

/// A plane after the twelve piece planes of `to_planes()`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ExtraPlane {
    /// The same value on every square.
    Fill(f32),
    /// 1 on one square (given as the side to move sees it), if any.
    Square(Option<Square>),
}

/// The value of a yes/no plane.
fn flag(b: bool) -> f32 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// `n / limit`, capped at 1 (0 without a limit).
fn fraction(n: u32, limit: Option<u32>) -> f32 {
    match limit {
        Some(l) if l > 0 => n.min(l) as f32 / l as f32,
        _ => 0.0,
    }
}

/// A game of the chess family on the 8x8 board, as its Python `Board`
/// needs it beyond the core [`Position`] trait.
pub trait SiblingGame: Position {
    /// A move as UCI writes it, without context.
    type Uci: Copy + Eq + std::hash::Hash + std::fmt::Display + Send + Sync;
    /// Everything a FEN says, unchecked: what a board edit changes.
    type Setup;

    /// The game's name in messages: `"chess"`, `"Makruk"`.
    const NAME: &'static str;
    /// The `uci_variant` of python-chess's boards of this game (`"chess"`),
    /// whose boards `tamerlane.Engine` then takes as this game's; `None`
    /// when python-chess does not have the game.
    const PYTHON_CHESS_VARIANT: Option<&'static str>;
    /// The number of actions (see [`action_index`](Self::action_index)).
    const ACTION_SPACE_SIZE: usize;
    /// The names of the planes after the twelve piece planes.
    const EXTRA_PLANE_NAMES: &'static [&'static str];
    /// Every way a game can end.
    const TERMINATIONS: &'static [Self::Termination];

    /// Makes a setup whose placement was edited consistent with it before
    /// it is validated (chess drops the castling rights whose king or rook
    /// has gone, and the en-passant square).
    fn after_edit(_setup: &mut Self::Setup) {}
    /// The promotion piece letter of a UCI move (`q`, `m`, ...), if any.
    fn promotion_letter(uci: &Self::Uci) -> Option<char>;
    /// The origin and target squares of a UCI move.
    fn squares(uci: &Self::Uci) -> (Square, Square);
    /// A square as the side `turn` sees it: chess flips the ranks for
    /// Black, Makruk (whose start position is symmetric under a half turn)
    /// turns the board through 180 degrees. Its own inverse.
    fn relative(sq: Square, turn: Color) -> Square;
    /// The action index (below [`ACTION_SPACE_SIZE`](Self::ACTION_SPACE_SIZE))
    /// of a move made by `turn`: `64 * rel(from) + rel(to)`, plus the
    /// game's promotion actions.
    fn action_index(uci: &Self::Uci, turn: Color) -> usize {
        let (from, to) = Self::squares(uci);
        64 * Self::relative(from, turn).index() + Self::relative(to, turn).index()
    }
    /// The planes after the twelve piece planes (one per name of
    /// [`EXTRA_PLANE_NAMES`](Self::EXTRA_PLANE_NAMES)), for a position that
    /// has occurred `repetitions` times in its game.
    fn extra_planes(&self, repetitions: usize) -> Vec<ExtraPlane>;
}

impl SiblingGame for chess::Position {
    type Uci = chess::UciMove;
    type Setup = chess::Setup;

    const NAME: &'static str = "chess";
    const PYTHON_CHESS_VARIANT: Option<&'static str> = Some("chess");
    /// From-to pairs, then the 72 underpromotions.
    const ACTION_SPACE_SIZE: usize = 64 * 64 + 8 * 3 * 3;
    const EXTRA_PLANE_NAMES: &'static [&'static str] = &[
        "white to move",
        "halfmove clock / 100",
        "(repetitions - 1) / 2",
        "own kingside castling right",
        "own queenside castling right",
        "opponent kingside castling right",
        "opponent queenside castling right",
        "en passant target square",
    ];
    const TERMINATIONS: &'static [chess::Termination] = &chess::Termination::ALL;

    fn after_edit(setup: &mut chess::Setup) {
        setup.ep_square = None;
        for color in Color::ALL {
            for side in chess::CastlingSide::ALL {
                let king = chess::Piece::new(color, chess::Role::King);
                let rook = chess::Piece::new(color, chess::Role::Rook);
                let b = &setup.board;
                if b.piece_at(chess::CastlingSide::king_from(color)) != Some(king)
                    || b.piece_at(side.rook_from(color)) != Some(rook)
                {
                    setup.castling = setup.castling.with(color, side, false);
                }
            }
        }
    }

    fn promotion_letter(uci: &chess::UciMove) -> Option<char> {
        uci.promotion.map(|r| r.letter().to_ascii_lowercase())
    }

    fn squares(uci: &chess::UciMove) -> (Square, Square) {
        (uci.from, uci.to)
    }

    fn relative(sq: Square, turn: Color) -> Square {
        match turn {
            Color::White => sq,
            Color::Black => sq.flip_rank(),
        }
    }

    /// A queen promotion is its from-to pair; an underpromotion (always a
    /// pawn from the mover's seventh rank to its eighth) is
    /// `4096 + 9 * file(from) + 3 * (file(to) - file(from) + 1) + piece`,
    /// piece 0 knight, 1 bishop, 2 rook.
    fn action_index(uci: &chess::UciMove, turn: Color) -> usize {
        let (from, to) = (Self::relative(uci.from, turn), Self::relative(uci.to, turn));
        let piece = match uci.promotion {
            Some(chess::Role::Knight) => 0,
            Some(chess::Role::Bishop) => 1,
            Some(chess::Role::Rook) => 2,
            _ => return 64 * from.index() + to.index(),
        };
        // A promotion moves one file at most; clamp the direction so that
        // a nonsense move (from no position) still gets an index in range.
        let dir = (to.file() as i64 - from.file() as i64).clamp(-1, 1) + 1;
        64 * 64 + 9 * from.file() as usize + 3 * dir as usize + piece
    }

    fn extra_planes(&self, repetitions: usize) -> Vec<ExtraPlane> {
        let pos = self;
        let us = pos.turn();
        let rights = pos.castling_rights();
        let side = |c: Color, s: chess::CastlingSide| ExtraPlane::Fill(flag(rights.has(c, s)));
        let reps = u32::try_from(repetitions.saturating_sub(1)).unwrap_or(u32::MAX);
        vec![
            ExtraPlane::Fill(flag(us == Color::White)),
            ExtraPlane::Fill(fraction(pos.halfmoves(), Some(100))),
            ExtraPlane::Fill(fraction(reps, Some(2))),
            side(us, chess::CastlingSide::KingSide),
            side(us, chess::CastlingSide::QueenSide),
            side(!us, chess::CastlingSide::KingSide),
            side(!us, chess::CastlingSide::QueenSide),
            ExtraPlane::Square(pos.ep_square().map(|sq| Self::relative(sq, us))),
        ]
    }
}

impl SiblingGame for makruk::Position {
    type Uci = makruk::UciMove;
    type Setup = makruk::Setup;

    const NAME: &'static str = "Makruk";
    const PYTHON_CHESS_VARIANT: Option<&'static str> = None;
    /// From-to pairs: a pawn reaching its sixth rank always becomes a Met,
    /// so the squares name the move.
    const ACTION_SPACE_SIZE: usize = 64 * 64;
    const EXTRA_PLANE_NAMES: &'static [&'static str] = &[
        "white to move",
        "halfmove clock / move limit",
        "(repetitions - 1) / (repetition count - 1)",
        "count running",
        "count plies / count limit plies",
    ];
    const TERMINATIONS: &'static [makruk::Termination] = &[
        makruk::Termination::Checkmate,
        makruk::Termination::Stalemate,
        makruk::Termination::Counting,
        makruk::Termination::CountingMate,
        makruk::Termination::Repetition,
        makruk::Termination::MoveLimit,
    ];

    fn promotion_letter(uci: &makruk::UciMove) -> Option<char> {
        uci.promotion.then_some('m')
    }

    fn squares(uci: &makruk::UciMove) -> (Square, Square) {
        (uci.from, uci.to)
    }

    fn relative(sq: Square, turn: Color) -> Square {
        match turn {
            Color::White => sq,
            Color::Black => Square::new_unchecked(63 - sq.index() as u32),
        }
    }

    fn extra_planes(&self, repetitions: usize) -> Vec<ExtraPlane> {
        let pos = self;
        let rules = pos.rules();
        let reps = u32::try_from(repetitions.saturating_sub(1)).unwrap_or(u32::MAX);
        let count = pos.count();
        vec![
            ExtraPlane::Fill(flag(pos.turn() == Color::White)),
            ExtraPlane::Fill(fraction(pos.halfmoves(), rules.move_limit())),
            ExtraPlane::Fill(fraction(reps, rules.repetition().map(|n| n - 1))),
            ExtraPlane::Fill(flag(count.is_some())),
            ExtraPlane::Fill(count.map_or(0.0, |c| {
                fraction(u32::from(c.ply()), Some(u32::from(c.limit_plies())))
            })),
        ]
    }
}
