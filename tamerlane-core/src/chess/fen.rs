//! FEN, the position string of chess: parsing into a [`Setup`] and
//! formatting.
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! ```
//!
//! Six fields separated by single spaces: placement (rank 8 first), side to
//! move, castling rights, en-passant square, halfmove clock, fullmove
//! number. The last two may be left out together (as in EPD): they are then
//! `0` and `1`. Output always has six fields, the castling rights in the
//! order `KQkq`, and the en-passant square only when an en-passant capture
//! is legal (see [`Position::ep_square`](super::Position::ep_square)).

use core::fmt;

use super::board::Board;
use super::castling::{CastlingRights, CastlingSide};
use super::role::Piece;
use super::setup::{PositionError, Setup};
use crate::board8::Square;
use crate::color::Color;
use crate::excerpt::{excerpt, EXCERPT_CHARS};

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A field of a FEN string.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The string as a whole (wrong number of fields, bad separators, too long).
    Whole,
    /// Field 1, the placement.
    Placement,
    /// Field 2, the side to move.
    Turn,
    /// Field 3, the castling rights.
    Castling,
    /// Field 4, the en-passant square.
    EnPassant,
    /// Field 5, the halfmove clock.
    Halfmoves,
    /// Field 6, the fullmove number.
    Fullmoves,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Whole => "string",
            FenField::Placement => "placement field",
            FenField::Turn => "side-to-move field",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en-passant field",
            FenField::Halfmoves => "halfmove clock field",
            FenField::Fullmoves => "fullmove number field",
        })
    }
}

/// A syntax error in a FEN string: which field, the offending text, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// The field at fault.
    pub field: FenField,
    /// The offending text (an excerpt).
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid FEN {} {:?}: {}",
            self.field, self.text, self.reason
        )
    }
}

impl std::error::Error for ParseFenError {}

/// Error from reading a position from FEN: bad syntax, or a well-formed
/// string describing a position the rules do not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The string is malformed.
    Syntax(ParseFenError),
    /// The string is well-formed but the position is not valid.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax(e) => e.fmt(f),
            FenError::Position(e) => write!(f, "invalid FEN position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> FenError {
        FenError::Syntax(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

fn err(field: FenField, text: &str, reason: impl Into<String>) -> ParseFenError {
    ParseFenError {
        field,
        text: excerpt(text, EXCERPT_CHARS),
        reason: reason.into(),
    }
}

fn parse_placement(field: &str) -> Result<Board, ParseFenError> {
    let f = FenField::Placement;
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(
            f,
            field,
            format!("has {} ranks separated by '/', expected 8", ranks.len()),
        ));
    }
    let mut board = Board::empty();
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u32;
        let name = rank + 1;
        let mut file = 0u32;
        let mut last_was_digit = false;
        for c in text.chars() {
            if let Some(n) = c.to_digit(10) {
                if !(1..=8).contains(&n) {
                    return Err(err(
                        f,
                        text,
                        format!("rank {name}: empty-square count {c} is not 1 to 8"),
                    ));
                }
                if last_was_digit {
                    return Err(err(
                        f,
                        text,
                        format!("rank {name}: two empty-square counts in a row"),
                    ));
                }
                file += n;
                last_was_digit = true;
            } else {
                let piece = Piece::from_char(c).ok_or_else(|| {
                    err(f, text, format!("rank {name}: unknown piece letter {c:?} (expected one of PNBRQK pnbrqk)"))
                })?;
                if file < 8 {
                    let sq = Square::from_coords(file, rank).expect("on the board");
                    board.set(sq, Some(piece));
                }
                file += 1;
                last_was_digit = false;
            }
            if file > 8 {
                return Err(err(
                    f,
                    text,
                    format!("rank {name} covers more than 8 squares"),
                ));
            }
        }
        if file != 8 {
            return Err(err(
                f,
                text,
                format!("rank {name} covers {file} squares, expected 8"),
            ));
        }
    }
    Ok(board)
}

fn parse_castling(field: &str) -> Result<CastlingRights, ParseFenError> {
    if field == "-" {
        return Ok(CastlingRights::NONE);
    }
    let mut rights = CastlingRights::NONE;
    for c in field.chars() {
        let (color, side) = match c {
            'K' => (Color::White, CastlingSide::KingSide),
            'Q' => (Color::White, CastlingSide::QueenSide),
            'k' => (Color::Black, CastlingSide::KingSide),
            'q' => (Color::Black, CastlingSide::QueenSide),
            _ => {
                return Err(err(
                    FenField::Castling,
                    field,
                    format!("unexpected {c:?}: expected '-' or letters of KQkq"),
                ))
            }
        };
        if rights.has(color, side) {
            return Err(err(
                FenField::Castling,
                field,
                format!("{c:?} is given twice"),
            ));
        }
        rights = rights.with(color, side, true);
    }
    Ok(rights)
}

fn parse_counter(field: FenField, s: &str) -> Result<u32, ParseFenError> {
    crate::counter::parse_counter(s).map_err(|reason| err(field, s, reason))
}

impl Setup {
    /// The longest string [`from_fen`](Self::from_fen) reads, in bytes;
    /// longer input is refused before it is split. A FEN is at most
    /// `71 + 1 + 4 + 2 + 10 + 10` bytes plus five spaces (103): the
    /// placement has 64 squares and 7 slashes, the counters are `u32`s.
    pub const MAX_FEN_LEN: usize = 256;

    /// Parses a FEN string. Only the syntax is checked here; use
    /// [`Position::from_fen`](super::Position::from_fen) to also check the
    /// rules.
    ///
    /// ```
    /// use tamerlane_core::chess::{FenField, Setup, START_FEN};
    ///
    /// assert_eq!(Setup::from_fen(START_FEN)?, Setup::initial());
    /// let e = Setup::from_fen("8/8/8/8/8/8/8/8 x - - 0 1").unwrap_err();
    /// assert_eq!(e.field, FenField::Turn);
    /// # Ok::<(), tamerlane_core::chess::ParseFenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        if fen.len() > Setup::MAX_FEN_LEN {
            return Err(err(
                FenField::Whole,
                fen,
                format!(
                    "is {} bytes long; no FEN is longer than {}",
                    fen.len(),
                    Setup::MAX_FEN_LEN
                ),
            ));
        }
        let fields: Vec<&str> = fen.split(' ').collect();
        if fields.len() != 6 && fields.len() != 4 {
            return Err(err(
                FenField::Whole,
                fen,
                format!(
                    "has {} space-separated fields, expected 6 (or 4 without the clocks)",
                    fields.len()
                ),
            ));
        }
        if let Some(i) = fields.iter().position(|f| f.is_empty()) {
            return Err(err(
                FenField::Whole,
                fen,
                format!(
                    "field {} is empty (fields are separated by single spaces)",
                    i + 1
                ),
            ));
        }
        let board = parse_placement(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(err(FenField::Turn, s, "expected 'w' or 'b'")),
        };
        let castling = parse_castling(fields[2])?;
        let ep_square = match fields[3] {
            "-" => None,
            s => Some(
                s.parse::<Square>()
                    .map_err(|_| err(FenField::EnPassant, s, "expected '-' or a square a1..h8"))?,
            ),
        };
        let (halfmoves, fullmoves) = if fields.len() == 6 {
            let halfmoves = parse_counter(FenField::Halfmoves, fields[4])?;
            let fullmoves = parse_counter(FenField::Fullmoves, fields[5])?;
            if fullmoves == 0 {
                return Err(err(
                    FenField::Fullmoves,
                    fields[5],
                    "the fullmove number starts at 1",
                ));
            }
            (halfmoves, fullmoves)
        } else {
            (0, 1)
        };
        Ok(Setup {
            board,
            turn,
            castling,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }

    /// The placement field of FEN.
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                match self.board.piece_at(sq) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    /// Formats the setup as FEN (six fields; the en-passant square as given).
    pub fn to_fen(&self) -> String {
        let ep = self
            .ep_square
            .map_or_else(|| "-".to_owned(), |sq| sq.to_string());
        format!(
            "{} {} {} {} {} {}",
            self.board_fen(),
            self.turn.char(),
            self.castling.fen(),
            ep,
            self.halfmoves,
            self.fullmoves
        )
    }
}

impl core::str::FromStr for Setup {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Setup, ParseFenError> {
        Setup::from_fen(s)
    }
}

impl fmt::Display for Setup {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}
