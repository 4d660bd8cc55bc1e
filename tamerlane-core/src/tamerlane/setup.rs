//! A plain, unvalidated description of a position, and the errors found when
//! validating one.

use core::fmt;

use crate::by_color::ByColor;
use crate::color::Color;
use crate::tamerlane::bitboard::Bitboard;
use crate::tamerlane::board::Board;
use crate::tamerlane::role::{Piece, Role};
use crate::tamerlane::rule_set::RuleSet;
use crate::tamerlane::square::{Rank, Square};

/// Everything a TFEN string says, with no rule checked yet.
///
/// Turn it into a playable [`Position`](crate::tamerlane::Position) with
/// [`Position::from_setup`](crate::tamerlane::Position::from_setup), which validates it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The placement.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Each side's king-swap right.
    pub swap_rights: ByColor<bool>,
    /// Each side's pawn-of-pawns stage (0, 1 or 2).
    pub stages: ByColor<u8>,
    /// Plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
}

impl Setup {
    /// The initial position.
    pub fn initial() -> Setup {
        Setup {
            board: Board::initial(),
            swap_rights: ByColor {
                white: true,
                black: true,
            },
            ..Setup::empty()
        }
    }

    /// An empty board, White to move, no rights, stages 0, move 1.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            swap_rights: ByColor::default(),
            stages: ByColor::default(),
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Checks the rules that a position must satisfy under the default
    /// rules (docs/RULES.md, 8.1 and "Games stay ended"). The checks are made in a fixed order and
    /// the first failure is reported.
    pub fn validate(&self) -> Result<(), PositionError> {
        self.validate_with_rules(&RuleSet::DEFAULT)
    }

    /// Checks the rules that a position must satisfy under `rules`: as
    /// [`validate`](Self::validate), with the highest pawn-of-pawns stage
    /// the rules allow (1 with `pawn-of-pawns=one-arrival`).
    pub fn validate_with_rules(&self, rules: &RuleSet) -> Result<(), PositionError> {
        let b = &self.board;
        for color in Color::ALL {
            let stage = self.stages[color];
            let max = rules.max_stage();
            if stage > max {
                return Err(PositionError::StageOutOfRange { color, stage, max });
            }
        }
        if self.fullmoves == 0 {
            return Err(PositionError::FullmoveZero);
        }
        for citadel in [Square::WC, Square::BC] {
            if let Some(p) = b.piece_at(citadel) {
                if !p.role.is_royal() {
                    return Err(PositionError::NonRoyalOnCitadel {
                        square: citadel,
                        piece: p,
                    });
                }
                if citadel.citadel_owner() == Some(p.color) && p.role != Role::AdventitiousKing {
                    return Err(PositionError::RoyalOnOwnCitadel {
                        square: citadel,
                        piece: p,
                    });
                }
            }
        }
        for color in Color::ALL {
            let own = b.by_color(color);
            if (own & b.royals()).is_empty() {
                return Err(PositionError::NoRoyal { color });
            }
            if (own & b.by_role(Role::King)).more_than_one() {
                return Err(PositionError::TooManyKings { color });
            }
            if (own & b.by_role(Role::PawnOfPawns)).more_than_one() {
                return Err(PositionError::TooManyPawnsOfPawns { color });
            }
            if self.swap_rights[color] && (own & b.by_role(Role::King)).is_empty() {
                return Err(PositionError::SwapRightWithoutKing { color });
            }
            let stage = self.stages[color];
            for sq in own & b.pawns() {
                let piece = b.piece_at(sq).expect("occupied");
                let rank = sq.rank().expect("pawns are on ordinary squares");
                let pp = piece.role == Role::PawnOfPawns;
                if rank == Rank::last(color) && !(pp && stage >= 1) {
                    return Err(if pp {
                        PositionError::WaitingPawnOfPawnsAtStageZero { square: sq }
                    } else {
                        PositionError::PawnOnLastRank { square: sq, piece }
                    });
                }
                if rank == Rank::first(color) && !(pp && stage >= 1) {
                    return Err(PositionError::PawnOnFirstRank { square: sq, piece });
                }
            }
        }
        Ok(())
    }

    /// The same position seen from the other side: the board rotated 180
    /// degrees with colours swapped, the other side to move, rights and
    /// stages exchanged. Clocks are kept.
    pub fn mirror(&self) -> Setup {
        Setup {
            board: self.board.mirror(),
            turn: !self.turn,
            swap_rights: self.swap_rights.flip(),
            stages: self.stages.flip(),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }
}

/// A rule that a [`Setup`] breaks, found by [`Setup::validate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no King, Prince or Adventitious King.
    NoRoyal {
        /// The side without a royal.
        color: Color,
    },
    /// A side has more than one King.
    TooManyKings {
        /// The side.
        color: Color,
    },
    /// A side has more than one pawn of pawns.
    TooManyPawnsOfPawns {
        /// The side.
        color: Color,
    },
    /// A piece that is not royal stands on a citadel.
    NonRoyalOnCitadel {
        /// The citadel.
        square: Square,
        /// The piece on it.
        piece: Piece,
    },
    /// A King or Prince stands on its own side's citadel (only an
    /// Adventitious King may).
    RoyalOnOwnCitadel {
        /// The citadel.
        square: Square,
        /// The piece on it.
        piece: Piece,
    },
    /// A side has the king-swap right but no King.
    SwapRightWithoutKing {
        /// The side.
        color: Color,
    },
    /// An ordinary pawn stands on its promotion rank.
    PawnOnLastRank {
        /// The square.
        square: Square,
        /// The pawn.
        piece: Piece,
    },
    /// A pawn of pawns waits on its last rank while its stage is 0.
    WaitingPawnOfPawnsAtStageZero {
        /// The square.
        square: Square,
    },
    /// A pawn stands on its own first rank (only a pawn of pawns at stage 1
    /// or 2, which can be placed there, may).
    PawnOnFirstRank {
        /// The square.
        square: Square,
        /// The pawn.
        piece: Piece,
    },
    /// A pawn-of-pawns stage above what the rules allow (2, or 1 with
    /// `pawn-of-pawns=one-arrival`).
    StageOutOfRange {
        /// The side.
        color: Color,
        /// The stage given.
        stage: u8,
        /// The highest stage the rule set allows.
        max: u8,
    },
    /// The fullmove number is 0 (it starts at 1).
    FullmoveZero,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NoRoyal { color } => {
                write!(
                    f,
                    "{color} has no royal piece (King, Prince or Adventitious King)"
                )
            }
            PositionError::TooManyKings { color } => write!(f, "{color} has more than one King"),
            PositionError::TooManyPawnsOfPawns { color } => {
                write!(f, "{color} has more than one pawn of pawns")
            }
            PositionError::NonRoyalOnCitadel { square, piece } => {
                write!(
                    f,
                    "{} {} stands on citadel {square}: only royals may",
                    piece.color, piece.role
                )
            }
            PositionError::RoyalOnOwnCitadel { square, piece } => write!(
                f,
                "{} {} stands on its own citadel {square}: only an adventitious king may",
                piece.color, piece.role
            ),
            PositionError::SwapRightWithoutKing { color } => {
                write!(f, "{color} has the king-swap right but no King")
            }
            PositionError::PawnOnLastRank { square, piece } => write!(
                f,
                "{} {} on {square} stands on its promotion rank",
                piece.color, piece.role
            ),
            PositionError::WaitingPawnOfPawnsAtStageZero { square } => write!(
                f,
                "pawn of pawns on {square} waits on its last rank but its stage is 0"
            ),
            PositionError::PawnOnFirstRank { square, piece } => write!(
                f,
                "{} {} on {square} stands on its own first rank",
                piece.color, piece.role
            ),
            PositionError::StageOutOfRange { color, stage, max } => {
                write!(
                    f,
                    "{color}'s pawn-of-pawns stage {stage} is out of range (0 to {max} under these rules)"
                )
            }
            PositionError::FullmoveZero => f.write_str("the fullmove number must be at least 1"),
        }
    }
}

impl std::error::Error for PositionError {}

/// The squares of `color`'s last rank, where its pawn of pawns waits.
pub(crate) fn last_rank(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(((1u128 << 11) - 1) << 99),
        Color::Black => Bitboard((1u128 << 11) - 1),
    }
}

/// The rank before `color`'s last rank (9 for White, 2 for Black): pawns
/// there may promote with their next move.
pub(crate) fn pre_last_rank(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(((1u128 << 11) - 1) << 88),
        Color::Black => Bitboard(((1u128 << 11) - 1) << 11),
    }
}
