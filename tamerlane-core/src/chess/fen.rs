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
use super::setup::{PositionError, Setup};
use crate::board8::Square;
use crate::color::Color;
use crate::fen::FenReader;
use crate::variant::Variant;

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A field of a FEN string: the family's [`crate::FenField`].
pub type FenField = crate::fen::FenField;

/// A syntax error in a FEN string: the family's [`crate::ParseFenError`].
pub type ParseFenError = crate::fen::ParseFenError;

/// Error from reading a position from FEN: bad syntax, or a well-formed
/// string describing a position the rules do not allow.
pub type FenError = crate::fen::FenError<PositionError>;

/// The reader of chess FEN strings.
const READER: FenReader = FenReader {
    variant: Variant::Chess,
};

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
                return Err(READER.err(
                    FenField::Castling,
                    field,
                    format!("unexpected {c:?}: expected '-' or letters of KQkq"),
                ))
            }
        };
        if rights.has(color, side) {
            return Err(READER.err(FenField::Castling, field, format!("{c:?} is given twice")));
        }
        rights = rights.with(color, side, true);
    }
    Ok(rights)
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
        let fields = READER.fields(
            fen,
            Setup::MAX_FEN_LEN,
            &[6, 4],
            "6 (or 4 without the clocks)",
        )?;
        let board = Board::read_fen(READER, fields[0])?;
        let turn = READER.turn(fields[1])?;
        let castling = parse_castling(fields[2])?;
        let ep_square = match fields[3] {
            "-" => None,
            s => Some(s.parse::<Square>().map_err(|_| {
                READER.err(FenField::EnPassant, s, "expected '-' or a square a1..h8")
            })?),
        };
        let (halfmoves, fullmoves) = if fields.len() == 6 {
            let halfmoves = READER.counter(FenField::Halfmoves, fields[4])?;
            (halfmoves, READER.fullmoves(fields[5])?)
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
        self.board.board_fen()
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
