//! Makruk FEN, in Fairy-Stockfish's format: parsing into a [`Setup`] and
//! formatting.
//!
//! ```text
//! rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1
//! ```
//!
//! Six fields: the placement (letters `k m s n r p`, `m` = Met, `s` =
//! Khon; a promoted pawn is a plain Met), the side to move, castling (always
//! `-`), the count's limit in plies or `-` when no count runs, the halfmove
//! clock or, while a count runs, the plies counted, and the move number.
//! While a count runs the halfmove clock is not written; reading such a FEN
//! sets it to 0, as Fairy-Stockfish does.

use core::fmt;
use core::fmt::Write as _;

use super::board::Board;
use super::counting::Count;
use super::role::Piece;
use super::setup::{PositionError, Setup};
use crate::board8::Square;
use crate::color::Color;
use crate::excerpt::{excerpt, EXCERPT_CHARS};

/// The FEN of the start position.
pub const START_FEN: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

/// The longest string [`Setup::from_fen`] reads, in bytes; longer input is
/// refused before it is split. No valid FEN comes near it: the placement
/// is at most 71 bytes, the other fields at most 1 + 1 + 3 + 10 + 10, with
/// five spaces.
pub const MAX_FEN_LEN: usize = 256;

/// A field of a FEN.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The string as a whole (wrong number of fields, bad separators).
    Whole,
    /// Field 1, the placement.
    Placement,
    /// Field 2, the side to move.
    Turn,
    /// Field 3, castling (always `-` in Makruk).
    Castling,
    /// Field 4, the count's limit in plies, or `-`.
    CountLimit,
    /// Field 5, the halfmove clock, or the plies counted while a count runs.
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
            FenField::CountLimit => "counting-limit field",
            FenField::Halfmoves => "halfmove/count field",
            FenField::Fullmoves => "fullmove number field",
        })
    }
}

/// A syntax error in a FEN: which field, the offending text, and why.
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
            "invalid Makruk FEN {} {:?}: {}",
            self.field, self.text, self.reason
        )
    }
}

impl std::error::Error for ParseFenError {}

/// Error from reading a position from a FEN: bad syntax, or a well-formed
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
            FenError::Position(e) => write!(f, "invalid Makruk position: {e}"),
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
    for (i, rank_str) in ranks.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0u32;
        let mut after_digit = false;
        for c in rank_str.chars() {
            if let Some(n) = c.to_digit(10) {
                if after_digit {
                    return Err(err(
                        f,
                        rank_str,
                        format!("rank {}: two empty-square counts in a row", rank + 1),
                    ));
                }
                after_digit = true;
                if n == 0 || file + n > 8 {
                    return Err(err(
                        f,
                        rank_str,
                        format!(
                            "rank {}: empty-square count {n} is 0 or goes past the h-file",
                            rank + 1
                        ),
                    ));
                }
                file += n;
                continue;
            }
            after_digit = false;
            let piece = Piece::from_char(c).ok_or_else(|| {
                err(
                    f,
                    rank_str,
                    format!(
                        "rank {}: unknown piece letter {c:?} (expected k m s n r p)",
                        rank + 1
                    ),
                )
            })?;
            let sq = Square::from_coords(file, rank).ok_or_else(|| {
                err(
                    f,
                    rank_str,
                    format!("rank {}: more than 8 squares", rank + 1),
                )
            })?;
            board.put(sq, piece);
            file += 1;
        }
        if file != 8 {
            return Err(err(
                f,
                rank_str,
                format!("rank {} covers {file} squares, expected 8", rank + 1),
            ));
        }
    }
    Ok(board)
}

fn parse_number(field: FenField, s: &str) -> Result<u32, ParseFenError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(field, s, "expected a non-negative decimal number"));
    }
    if s.len() > 1 && s.starts_with('0') {
        return Err(err(field, s, "leading zeros are not allowed"));
    }
    s.parse().map_err(|_| err(field, s, "number too large"))
}

impl Setup {
    /// Parses a FEN. Only the syntax is checked here; use
    /// [`Position::from_fen`](super::Position::from_fen) to also check the
    /// rules.
    ///
    /// ```
    /// use tamerlane_core::makruk::{Setup, START_FEN};
    ///
    /// let setup = Setup::from_fen(START_FEN)?;
    /// assert_eq!(setup, Setup::start());
    /// assert_eq!(setup.to_fen(), START_FEN);
    /// // A count: limit 16 plies (two Rooks, 8 moves), 9 plies counted.
    /// let counting = Setup::from_fen("8/8/8/4k3/8/8/8/R3K2R b - 16 9 1")?;
    /// assert_eq!(counting.count.map(|c| (c.limit(), c.ply())), Some((8, 9)));
    /// assert!(Setup::from_fen("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w KQkq - 0 1").is_err());
    /// # Ok::<(), tamerlane_core::makruk::ParseFenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        if fen.len() > MAX_FEN_LEN {
            return Err(err(
                FenField::Whole,
                fen,
                format!(
                    "is {} bytes long; no Makruk FEN is longer than {MAX_FEN_LEN}",
                    fen.len()
                ),
            ));
        }
        let fields: Vec<&str> = fen.split(' ').collect();
        if fields.len() != 6 {
            return Err(err(
                FenField::Whole,
                fen,
                format!("has {} space-separated fields, expected 6", fields.len()),
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
        if fields[2] != "-" {
            return Err(err(
                FenField::Castling,
                fields[2],
                "Makruk has no castling: expected '-'",
            ));
        }
        let limit = match fields[3] {
            "-" => None,
            s => Some(parse_number(FenField::CountLimit, s).map_err(|_| {
                err(
                    FenField::CountLimit,
                    s,
                    "expected '-' or a counting limit in plies (no en passant in Makruk)",
                )
            })?),
        };
        let clock = parse_number(FenField::Halfmoves, fields[4])?;
        let fullmoves = parse_number(FenField::Fullmoves, fields[5])?;
        if fullmoves == 0 {
            return Err(err(
                FenField::Fullmoves,
                fields[5],
                "the fullmove number starts at 1",
            ));
        }
        let (count, halfmoves) = match limit {
            None => (None, clock),
            Some(plies) => {
                let ply = u16::try_from(clock).map_err(|_| {
                    err(
                        FenField::Halfmoves,
                        fields[4],
                        format!("plies counted: at most {}", u16::MAX),
                    )
                })?;
                let count = u8::try_from(plies / 2)
                    .ok()
                    .filter(|_| plies % 2 == 0)
                    .and_then(|moves| Count::new(moves, ply))
                    .ok_or_else(|| {
                        err(
                            FenField::CountLimit,
                            fields[3],
                            "a counting limit is one of 16, 32, 44, 64, 88, 128 plies",
                        )
                    })?;
                (Some(count), 0)
            }
        };
        Ok(Setup {
            board,
            turn,
            count,
            halfmoves,
            fullmoves,
        })
    }

    /// Formats the setup as a FEN (Fairy-Stockfish's format).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(64);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                match self.board.piece_at(sq) {
                    Some(p) => {
                        if empty > 0 {
                            let _ = write!(s, "{empty}");
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let _ = match self.count {
            Some(c) => write!(s, " {} - {} {}", self.turn.char(), c.limit_plies(), c.ply()),
            None => write!(s, " {} - - {}", self.turn.char(), self.halfmoves),
        };
        let _ = write!(s, " {}", self.fullmoves);
        s
    }
}
