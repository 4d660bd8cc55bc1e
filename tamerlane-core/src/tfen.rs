//! TFEN, the position string of RULES-SPEC 8.1: parsing into a [`Setup`] and
//! formatting.
//!
//! ```text
//! e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1
//! ```

use core::fmt;
use core::fmt::Write as _;

use crate::board::Board;
use crate::by_color::ByColor;
use crate::color::Color;
use crate::excerpt::{excerpt, EXCERPT_CHARS};
use crate::role::Piece;
use crate::setup::{PositionError, Setup};
use crate::square::Square;

/// The TFEN of the initial position.
pub const INITIAL_TFEN: &str = "e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1";

/// A field of a TFEN string.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TfenField {
    /// The string as a whole (wrong number of fields, bad separators).
    Whole,
    /// Field 1, the placement.
    Placement,
    /// Field 2, the side to move.
    Turn,
    /// Field 3, the king-swap rights.
    SwapRights,
    /// Field 4, the pawn-of-pawns stages.
    Stages,
    /// Field 5, the halfmove clock.
    Halfmoves,
    /// Field 6, the fullmove number.
    Fullmoves,
}

impl fmt::Display for TfenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TfenField::Whole => "string",
            TfenField::Placement => "placement field",
            TfenField::Turn => "side-to-move field",
            TfenField::SwapRights => "king-swap field",
            TfenField::Stages => "pawn-of-pawns stage field",
            TfenField::Halfmoves => "halfmove clock field",
            TfenField::Fullmoves => "fullmove number field",
        })
    }
}

/// A syntax error in a TFEN string: which field, the offending text, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTfenError {
    /// The field at fault.
    pub field: TfenField,
    /// The offending text (an excerpt).
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for ParseTfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid TFEN {} {:?}: {}",
            self.field, self.text, self.reason
        )
    }
}

impl std::error::Error for ParseTfenError {}

/// Error from reading a position from TFEN: bad syntax, or a well-formed
/// string describing a position the rules do not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TfenError {
    /// The string is malformed.
    Syntax(ParseTfenError),
    /// The string is well-formed but the position is not valid.
    Position(PositionError),
}

impl fmt::Display for TfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TfenError::Syntax(e) => e.fmt(f),
            TfenError::Position(e) => write!(f, "invalid TFEN position: {e}"),
        }
    }
}

impl std::error::Error for TfenError {}

impl From<ParseTfenError> for TfenError {
    fn from(e: ParseTfenError) -> TfenError {
        TfenError::Syntax(e)
    }
}

impl From<PositionError> for TfenError {
    fn from(e: PositionError) -> TfenError {
        TfenError::Position(e)
    }
}

fn err(field: TfenField, text: &str, reason: impl Into<String>) -> ParseTfenError {
    ParseTfenError {
        field,
        text: excerpt(text, EXCERPT_CHARS),
        reason: reason.into(),
    }
}

fn parse_placement(field: &str) -> Result<Board, ParseTfenError> {
    let f = TfenField::Placement;
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 10 {
        return Err(err(
            f,
            field,
            format!("has {} ranks separated by '/', expected 10", ranks.len()),
        ));
    }
    let mut board = Board::empty();
    for (i, rank_str) in ranks.iter().enumerate() {
        let rank = 9 - i as i32;
        let rank_name = rank + 1;
        let bytes = rank_str.as_bytes();
        let mut file = 0i32;
        let mut pos = 0;
        while pos < bytes.len() {
            let c = bytes[pos];
            if c.is_ascii_digit() {
                let start = pos;
                while pos < bytes.len() && bytes[pos].is_ascii_digit() {
                    pos += 1;
                }
                let digits = &rank_str[start..pos];
                if digits.starts_with('0') {
                    return Err(err(f, rank_str, format!("rank {rank_name}: empty-square count {digits:?} is zero or has a leading zero")));
                }
                let n: i32 = digits.parse().unwrap_or(i32::MAX);
                if n > 11 || file + n > 11 {
                    return Err(err(
                        f,
                        rank_str,
                        format!(
                            "rank {rank_name}: empty-square count {digits} goes past the k-file"
                        ),
                    ));
                }
                file += n;
            } else if c == b'(' {
                let close = rank_str[pos..].find(')').map(|j| pos + j);
                let Some(close) = close else {
                    return Err(err(
                        f,
                        rank_str,
                        format!("rank {rank_name}: '(' without ')'"),
                    ));
                };
                let inner = &bytes[pos + 1..close];
                let piece = match Piece::read_token(inner) {
                    Some((p, n)) if n == inner.len() => p,
                    _ => {
                        return Err(err(
                            f,
                            rank_str,
                            format!("rank {rank_name}: citadel must hold exactly one piece token, found {:?}", &rank_str[pos..=close]),
                        ))
                    }
                };
                let citadel = if rank == 8 && pos == 0 {
                    Square::BC
                } else if rank == 1 && close + 1 == bytes.len() && file == 11 {
                    Square::WC
                } else {
                    return Err(err(
                        f,
                        rank_str,
                        format!("rank {rank_name}: a citadel may only be written at the start of rank 9 (bc) or the end of rank 2 (wc)"),
                    ));
                };
                if board.piece_at(citadel).is_some() {
                    return Err(err(f, rank_str, format!("two pieces on citadel {citadel}")));
                }
                board.set(citadel, Some(piece));
                pos = close + 1;
            } else {
                let Some((piece, n)) = Piece::read_token(&bytes[pos..]) else {
                    let bad: String = rank_str[pos..].chars().take(2).collect();
                    return Err(err(
                        f,
                        rank_str,
                        format!("rank {rank_name}: unknown piece token {bad:?}"),
                    ));
                };
                if file >= 11 {
                    return Err(err(
                        f,
                        rank_str,
                        format!("rank {rank_name}: more than 11 squares"),
                    ));
                }
                let sq = Square::from_xy(file, rank).expect("on board");
                board.set(sq, Some(piece));
                file += 1;
                pos += n;
            }
        }
        if file != 11 {
            return Err(err(
                f,
                rank_str,
                format!("rank {rank_name} covers {file} squares, expected 11"),
            ));
        }
    }
    Ok(board)
}

fn parse_counter(field: TfenField, s: &str) -> Result<u32, ParseTfenError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(field, s, "expected a non-negative decimal number"));
    }
    if s.len() > 1 && s.starts_with('0') {
        return Err(err(field, s, "leading zeros are not allowed"));
    }
    s.parse().map_err(|_| err(field, s, "number too large"))
}

impl Setup {
    /// The longest string [`from_tfen`](Self::from_tfen) reads, in bytes;
    /// longer input is refused before it is split (a
    /// [`ParseTfenError`] on [`TfenField::Whole`]).
    ///
    /// No valid TFEN comes near it: a rank is at most 11 two-letter pawn
    /// tokens plus a citadel `(..)` (26 bytes), so the placement is at most
    /// `10 * 22 + 2 * 4 + 9 = 237` bytes; the other fields add at most
    /// `1 + 2 + 2 + 10 + 10` bytes (the counters are `u32`s) and five spaces:
    /// 267 bytes in all.
    pub const MAX_TFEN_LEN: usize = 512;

    /// Parses a TFEN string. Only the syntax is checked here; use
    /// [`Position::from_tfen`](crate::Position::from_tfen) to also check the rules.
    pub fn from_tfen(tfen: &str) -> Result<Setup, ParseTfenError> {
        if tfen.len() > Setup::MAX_TFEN_LEN {
            return Err(err(
                TfenField::Whole,
                tfen,
                format!(
                    "is {} bytes long; no TFEN is longer than {}",
                    tfen.len(),
                    Setup::MAX_TFEN_LEN
                ),
            ));
        }
        let fields: Vec<&str> = tfen.split(' ').collect();
        if fields.len() != 6 {
            return Err(err(
                TfenField::Whole,
                tfen,
                format!("has {} space-separated fields, expected 6", fields.len()),
            ));
        }
        if let Some(i) = fields.iter().position(|f| f.is_empty()) {
            return Err(err(
                TfenField::Whole,
                tfen,
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
            s => return Err(err(TfenField::Turn, s, "expected 'w' or 'b'")),
        };
        let (white, black) = match fields[2] {
            "-" => (false, false),
            "K" => (true, false),
            "k" => (false, true),
            "Kk" => (true, true),
            s => {
                return Err(err(
                    TfenField::SwapRights,
                    s,
                    "expected 'Kk', 'K', 'k' or '-'",
                ))
            }
        };
        let swap_rights = ByColor { white, black };
        let stages = match fields[3].as_bytes() {
            [w @ b'0'..=b'2', b @ b'0'..=b'2'] => ByColor {
                white: w - b'0',
                black: b - b'0',
            },
            _ => {
                return Err(err(
                    TfenField::Stages,
                    fields[3],
                    "expected two digits 0-2 (White's stage, then Black's)",
                ))
            }
        };
        let halfmoves = parse_counter(TfenField::Halfmoves, fields[4])?;
        let fullmoves = parse_counter(TfenField::Fullmoves, fields[5])?;
        if fullmoves == 0 {
            return Err(err(
                TfenField::Fullmoves,
                fields[5],
                "the fullmove number starts at 1",
            ));
        }
        Ok(Setup {
            board,
            turn,
            swap_rights,
            stages,
            halfmoves,
            fullmoves,
        })
    }

    /// Formats the setup as TFEN.
    pub fn to_tfen(&self) -> String {
        let b = &self.board;
        let mut s = String::with_capacity(96);
        for rank in (0..10).rev() {
            if rank == 8 {
                if let Some(p) = b.piece_at(Square::BC) {
                    let _ = write!(s, "({})", p.token());
                }
            }
            let mut empty = 0;
            for file in 0..11 {
                match b.piece_at(Square::from_xy(file, rank).expect("on board")) {
                    Some(p) => {
                        if empty > 0 {
                            let _ = write!(s, "{empty}");
                            empty = 0;
                        }
                        s.push_str(&p.token());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
            }
            if rank == 1 {
                if let Some(p) = b.piece_at(Square::WC) {
                    let _ = write!(s, "({})", p.token());
                }
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let rights = match (self.swap_rights.white, self.swap_rights.black) {
            (true, true) => "Kk",
            (true, false) => "K",
            (false, true) => "k",
            (false, false) => "-",
        };
        let _ = write!(
            s,
            " {} {} {}{} {} {}",
            self.turn.char(),
            rights,
            self.stages.white,
            self.stages.black,
            self.halfmoves,
            self.fullmoves
        );
        s
    }
}
