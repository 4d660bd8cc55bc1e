//! A plain, unvalidated description of a chess position, and the errors
//! found when validating one.

use core::fmt;

use super::board::Board;
use super::castling::{CastlingRights, CastlingSide};
use super::role::{Piece, Role};
use crate::board8::{Bitboard, KingCount, Square};
use crate::color::Color;

/// Everything a FEN string says, with no rule checked yet.
///
/// Turn it into a playable [`Position`](super::Position) with
/// [`Position::from_setup`](super::Position::from_setup), which validates it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The placement.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The castling rights.
    pub castling: CastlingRights,
    /// The square a pawn passed over with a double step on the last move,
    /// as FEN writes it (the target of an en-passant capture).
    pub ep_square: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
}

/// What is wrong with the en-passant square of a [`Setup`]: it must be the
/// square a pawn of the side not to move has just passed over.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EnPassantProblem {
    /// It is not on the sixth rank (White to move) or the third (Black to move).
    WrongRank,
    /// A piece stands on it.
    Occupied,
    /// A piece stands on the square the pawn came from.
    OriginOccupied,
    /// No pawn of the side not to move stands in front of it.
    NoPawn,
}

impl fmt::Display for EnPassantProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EnPassantProblem::WrongRank => {
                "it must be on rank 6 with White to move, rank 3 with Black to move"
            }
            EnPassantProblem::Occupied => "the square is occupied",
            EnPassantProblem::OriginOccupied => "the square the pawn came from is occupied",
            EnPassantProblem::NoPawn => "no pawn has just passed over it",
        })
    }
}

/// A rule that a [`Setup`] breaks, found by [`Setup::validate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no king.
    MissingKing {
        /// The side.
        color: Color,
    },
    /// A side has more than one king.
    TooManyKings {
        /// The side.
        color: Color,
    },
    /// A pawn stands on the first or the last rank.
    PawnOnBackRank {
        /// The square.
        square: Square,
        /// The pawn.
        piece: Piece,
    },
    /// A castling right while the king is not on its initial square.
    CastlingWithoutKing {
        /// The side holding the right.
        color: Color,
        /// The right.
        side: CastlingSide,
    },
    /// A castling right while that rook is not on its corner.
    CastlingWithoutRook {
        /// The side holding the right.
        color: Color,
        /// The right.
        side: CastlingSide,
    },
    /// An en-passant square that no double step can have left.
    BadEnPassant {
        /// The square given.
        square: Square,
        /// What is wrong with it.
        problem: EnPassantProblem,
    },
    /// The side not to move is in check: its king could be captured.
    OppositeCheck {
        /// The side in check although it is not its turn.
        color: Color,
    },
    /// The fullmove number is 0 (it starts at 1).
    FullmoveZero,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |s: &CastlingSide| match s {
            CastlingSide::KingSide => "king-side",
            CastlingSide::QueenSide => "queen-side",
        };
        match self {
            PositionError::MissingKing { color } => write!(f, "{color} has no king"),
            PositionError::TooManyKings { color } => write!(f, "{color} has more than one king"),
            PositionError::PawnOnBackRank { square, piece } => write!(
                f,
                "{} pawn on {square}: pawns never stand on the first or last rank",
                piece.color
            ),
            PositionError::CastlingWithoutKing { color, side: s } => write!(
                f,
                "{color} has the {} castling right but its king is not on {}",
                side(s),
                CastlingSide::king_from(*color)
            ),
            PositionError::CastlingWithoutRook { color, side: s } => write!(
                f,
                "{color} has the {} castling right but no rook on {}",
                side(s),
                s.rook_from(*color)
            ),
            PositionError::BadEnPassant { square, problem } => {
                write!(f, "impossible en-passant square {square}: {problem}")
            }
            PositionError::OppositeCheck { color } => {
                write!(f, "{color} is in check although it is not {color}'s turn")
            }
            PositionError::FullmoveZero => f.write_str("the fullmove number must be at least 1"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Setup {
    /// The initial position.
    pub fn initial() -> Setup {
        Setup {
            board: Board::initial(),
            castling: CastlingRights::ALL,
            ..Setup::empty()
        }
    }

    /// An empty board, White to move, no rights, move 1 (not valid as it
    /// is: it has no kings).
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Checks the rules a position must satisfy to be played on: one king
    /// each, no pawn on the first or last rank, castling rights only with
    /// king and rook on their initial squares, an en-passant square only
    /// behind a pawn that has just made a double step, the side not to move
    /// not in check, a fullmove number of at least 1. The checks are made
    /// in that order and the first failure is reported.
    pub fn validate(&self) -> Result<(), PositionError> {
        let b = &self.board;
        for color in Color::ALL {
            match b.king_count(color) {
                KingCount::None => return Err(PositionError::MissingKing { color }),
                KingCount::Several => return Err(PositionError::TooManyKings { color }),
                KingCount::One => {}
            }
        }
        let back_ranks = Bitboard::RANK_1 | Bitboard::RANK_8;
        if let Some(square) = (b.by_role(Role::Pawn) & back_ranks).first() {
            let piece = b.piece_at(square).expect("a pawn");
            return Err(PositionError::PawnOnBackRank { square, piece });
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if !self.castling.has(color, side) {
                    continue;
                }
                let king = Piece::new(color, Role::King);
                if b.piece_at(CastlingSide::king_from(color)) != Some(king) {
                    return Err(PositionError::CastlingWithoutKing { color, side });
                }
                let rook = Piece::new(color, Role::Rook);
                if b.piece_at(side.rook_from(color)) != Some(rook) {
                    return Err(PositionError::CastlingWithoutRook { color, side });
                }
            }
        }
        if let Some(square) = self.ep_square {
            let problem = self.en_passant_problem(square);
            if let Some(problem) = problem {
                return Err(PositionError::BadEnPassant { square, problem });
            }
        }
        let them = !self.turn;
        let their_king = b.king_of(them).expect("checked above");
        if b.attackers(their_king, self.turn, b.occupied()).any() {
            return Err(PositionError::OppositeCheck { color: them });
        }
        if self.fullmoves == 0 {
            return Err(PositionError::FullmoveZero);
        }
        Ok(())
    }

    /// What is wrong with `square` as the en-passant square, if anything.
    fn en_passant_problem(&self, square: Square) -> Option<EnPassantProblem> {
        // Seen from the side to move: the square is on its sixth rank, the
        // pawn that passed over it stands on the fifth, and came from the
        // seventh.
        let us = self.turn;
        if square.relative_rank(us) != 5 {
            return Some(EnPassantProblem::WrongRank);
        }
        let forward = match us {
            Color::White => 8,
            Color::Black => -8,
        };
        let at = |delta: i32| Square::new_unchecked((square.index() as i32 + delta) as u32);
        let b = &self.board;
        if b.piece_at(square).is_some() {
            return Some(EnPassantProblem::Occupied);
        }
        if b.piece_at(at(forward)).is_some() {
            return Some(EnPassantProblem::OriginOccupied);
        }
        if b.piece_at(at(-forward)) != Some(Piece::new(!us, Role::Pawn)) {
            return Some(EnPassantProblem::NoPawn);
        }
        None
    }

    /// The same position seen from the other side: ranks mirrored, colours
    /// swapped, the other side to move, rights exchanged. Clocks are kept.
    pub fn mirror(&self) -> Setup {
        Setup {
            board: self.board.mirror(),
            turn: !self.turn,
            castling: self.castling.mirror(),
            ep_square: self.ep_square.map(Square::flip_rank),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }
}
