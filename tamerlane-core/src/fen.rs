//! The text layer of position strings, shared by the three games: TFEN for
//! Tamerlane (docs/RULES.md, 8.1) and FEN for chess and Makruk. One field
//! type ([`FenField`]), one syntax error ([`ParseFenError`]) and one error
//! for a string or the position it describes ([`FenError`]); and the
//! readers and writers every board size uses: the fields split by single
//! spaces under a length guard, the placement rank by rank, the side to
//! move and the counters.

use core::fmt;
use core::fmt::Write as _;

use crate::color::Color;
use crate::excerpt::{excerpt, EXCERPT_CHARS};
use crate::variant::Variant;

/// A field of a position string (TFEN or FEN).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The string as a whole (too long, wrong number of fields, bad
    /// separators).
    Whole,
    /// Field 1, the placement.
    Placement,
    /// Field 2, the side to move.
    Turn,
    /// TFEN's field 3, the king-swap rights.
    SwapRights,
    /// TFEN's field 4, the pawn-of-pawns stages.
    Stages,
    /// FEN's field 3, the castling rights (always `-` in Makruk).
    Castling,
    /// Chess FEN's field 4, the en-passant square.
    EnPassant,
    /// Makruk FEN's field 4, the count's limit in plies, or `-`.
    CountLimit,
    /// Field 5, the halfmove clock (in Makruk, the plies counted while a
    /// count runs).
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
            FenField::SwapRights => "king-swap field",
            FenField::Stages => "pawn-of-pawns stage field",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en-passant field",
            FenField::CountLimit => "counting-limit field",
            FenField::Halfmoves => "halfmove clock field",
            FenField::Fullmoves => "fullmove number field",
        })
    }
}

/// The name of a game's position string in messages: `TFEN`, `FEN` or
/// `Makruk FEN`.
pub(crate) const fn notation(variant: Variant) -> &'static str {
    match variant {
        Variant::Tamerlane => "TFEN",
        Variant::Chess => "FEN",
        Variant::Makruk => "Makruk FEN",
    }
}

/// A syntax error in a position string: the game, which field, the
/// offending text and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// The game whose position string it was.
    pub variant: Variant,
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
            "invalid {} {} {:?}: {}",
            notation(self.variant),
            self.field,
            self.text,
            self.reason
        )
    }
}

impl std::error::Error for ParseFenError {}

/// Error from reading a position from its string: bad syntax, or a
/// well-formed string describing a position the rules do not allow (`E`,
/// the game's position error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError<E> {
    /// The string is malformed.
    Syntax(ParseFenError),
    /// The string is well-formed but the position is not valid.
    Position(E),
}

impl<E> From<ParseFenError> for FenError<E> {
    fn from(e: ParseFenError) -> FenError<E> {
        FenError::Syntax(e)
    }
}

/// `Display`, `Error` and `From<PositionError>` for one game's [`FenError`]:
/// invoked in each game's `family.rs`.
macro_rules! fen_error_of {
    ($variant:ident) => {
        impl core::fmt::Display for $crate::fen::FenError<PositionError> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self {
                    $crate::fen::FenError::Syntax(e) => e.fmt(f),
                    $crate::fen::FenError::Position(e) => write!(
                        f,
                        "invalid {} position: {e}",
                        $crate::fen::notation($crate::variant::Variant::$variant)
                    ),
                }
            }
        }

        impl std::error::Error for $crate::fen::FenError<PositionError> {}

        impl From<PositionError> for $crate::fen::FenError<PositionError> {
            fn from(e: PositionError) -> Self {
                $crate::fen::FenError::Position(e)
            }
        }
    };
}

pub(crate) use fen_error_of;

/// The reader of one game's position strings: it names the game in its
/// errors.
#[derive(Copy, Clone, Debug)]
pub(crate) struct FenReader {
    /// The game.
    pub variant: Variant,
}

impl FenReader {
    /// A syntax error in `field`, quoting an excerpt of `text`.
    pub fn err(self, field: FenField, text: &str, reason: impl Into<String>) -> ParseFenError {
        ParseFenError {
            variant: self.variant,
            field,
            text: excerpt(text, EXCERPT_CHARS),
            reason: reason.into(),
        }
    }

    /// The fields of `text`, separated by single spaces: at most `max_len`
    /// bytes (refused before it is split), with one of the `counts` of
    /// fields (`expected` says which in the error) and none empty.
    pub fn fields<'a>(
        self,
        text: &'a str,
        max_len: usize,
        counts: &[usize],
        expected: &str,
    ) -> Result<Vec<&'a str>, ParseFenError> {
        if text.len() > max_len {
            return Err(self.err(
                FenField::Whole,
                text,
                format!(
                    "is {} bytes long; no {} is longer than {max_len}",
                    text.len(),
                    notation(self.variant)
                ),
            ));
        }
        let fields: Vec<&str> = text.split(' ').collect();
        if !counts.contains(&fields.len()) {
            return Err(self.err(
                FenField::Whole,
                text,
                format!(
                    "has {} space-separated fields, expected {expected}",
                    fields.len()
                ),
            ));
        }
        if let Some(i) = fields.iter().position(|f| f.is_empty()) {
            return Err(self.err(
                FenField::Whole,
                text,
                format!(
                    "field {} is empty (fields are separated by single spaces)",
                    i + 1
                ),
            ));
        }
        Ok(fields)
    }

    /// The side to move: `w` or `b`.
    pub fn turn(self, s: &str) -> Result<Color, ParseFenError> {
        match s {
            "w" => Ok(Color::White),
            "b" => Ok(Color::Black),
            _ => Err(self.err(FenField::Turn, s, "expected 'w' or 'b'")),
        }
    }

    /// A counter: decimal digits only, no sign, no leading zero (but `0`
    /// itself), at most `u32::MAX`.
    pub fn counter(self, field: FenField, s: &str) -> Result<u32, ParseFenError> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.err(field, s, "expected a non-negative decimal number"));
        }
        if s.len() > 1 && s.starts_with('0') {
            return Err(self.err(field, s, "leading zeros are not allowed"));
        }
        s.parse()
            .map_err(|_| self.err(field, s, "number too large"))
    }

    /// The fullmove number: a counter from 1.
    pub fn fullmoves(self, s: &str) -> Result<u32, ParseFenError> {
        let n = self.counter(FenField::Fullmoves, s)?;
        if n == 0 {
            return Err(self.err(FenField::Fullmoves, s, "the fullmove number starts at 1"));
        }
        Ok(n)
    }

    /// Reads a placement of `files` x `ranks` squares, the top rank first,
    /// ranks separated by `/`: in each, piece tokens (read by `token` from
    /// the bytes where one starts: the piece and the bytes it took) and
    /// counts of empty squares (a run of digits, from 1, without a leading
    /// zero). `special` may read what no board square holds (Tamerlane's
    /// citadels, written in parentheses): given the rank (0 for the
    /// bottom), the rank's text, the byte where its item starts and the
    /// files read so far, it answers `None` for an ordinary item, else the
    /// byte after the item or why it is wrong. Each piece on a square is
    /// handed to `put(file, rank, piece)`. `pieces` lists the tokens in the
    /// error for an unknown one.
    pub fn placement<P>(
        self,
        field: &str,
        (files, ranks): (u32, u32),
        pieces: &str,
        token: impl Fn(&[u8]) -> Option<(P, usize)>,
        mut special: impl FnMut(u32, &str, usize, u32) -> Option<Result<usize, String>>,
        mut put: impl FnMut(u32, u32, P),
    ) -> Result<(), ParseFenError> {
        let f = FenField::Placement;
        let rows: Vec<&str> = field.split('/').collect();
        if rows.len() != ranks as usize {
            return Err(self.err(
                f,
                field,
                format!(
                    "has {} ranks separated by '/', expected {ranks}",
                    rows.len()
                ),
            ));
        }
        let last_file = char::from(b'a' + (files - 1) as u8);
        for (i, row) in rows.iter().enumerate() {
            let rank = ranks - 1 - i as u32;
            let name = rank + 1;
            let bytes = row.as_bytes();
            let mut file = 0u32;
            let mut pos = 0;
            while pos < bytes.len() {
                if bytes[pos].is_ascii_digit() {
                    let start = pos;
                    while pos < bytes.len() && bytes[pos].is_ascii_digit() {
                        pos += 1;
                    }
                    let digits = &row[start..pos];
                    if digits.starts_with('0') {
                        return Err(self.err(f, row, format!("rank {name}: empty-square count {digits:?} is zero or has a leading zero")));
                    }
                    let n: u32 = digits.parse().unwrap_or(u32::MAX);
                    if n > files - file {
                        return Err(self.err(
                            f,
                            row,
                            format!("rank {name}: empty-square count {digits} goes past the {last_file}-file"),
                        ));
                    }
                    file += n;
                } else if let Some(read) = special(rank, row, pos, file) {
                    pos =
                        read.map_err(|reason| self.err(f, row, format!("rank {name}: {reason}")))?;
                } else {
                    let Some((piece, n)) = token(&bytes[pos..]) else {
                        let bad: String = row[pos..].chars().take(2).collect();
                        return Err(self.err(
                            f,
                            row,
                            format!("rank {name}: unknown piece token {bad:?} (expected {pieces})"),
                        ));
                    };
                    if file >= files {
                        return Err(self.err(
                            f,
                            row,
                            format!("rank {name}: more than {files} squares"),
                        ));
                    }
                    put(file, rank, piece);
                    file += 1;
                    pos += n;
                }
            }
            if file != files {
                return Err(self.err(
                    f,
                    row,
                    format!("rank {name} covers {file} squares, expected {files}"),
                ));
            }
        }
        Ok(())
    }
}

/// Writes a placement of `files` x `ranks` squares, the top rank first:
/// the token of each piece (`piece(file, rank)`) and counts of empty
/// squares, ranks separated by `/`. `around(rank)` gives text written
/// before and after a rank (Tamerlane's citadels).
pub(crate) fn write_placement<T: fmt::Display>(
    out: &mut String,
    (files, ranks): (u32, u32),
    piece: impl Fn(u32, u32) -> Option<T>,
    around: impl Fn(u32) -> (Option<T>, Option<T>),
) {
    for rank in (0..ranks).rev() {
        let (before, after) = around(rank);
        if let Some(t) = before {
            let _ = write!(out, "({t})");
        }
        let mut empty = 0;
        for file in 0..files {
            match piece(file, rank) {
                Some(p) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    let _ = write!(out, "{p}");
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if let Some(t) = after {
            let _ = write!(out, "({t})");
        }
        if rank > 0 {
            out.push('/');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const READER: FenReader = FenReader {
        variant: Variant::Chess,
    };

    /// Reads a 3x2 placement of letters `a` to `c`.
    fn read(field: &str) -> Result<Vec<(u32, u32, u8)>, ParseFenError> {
        let mut out = Vec::new();
        READER.placement(
            field,
            (3, 2),
            "a b c",
            |b: &[u8]| matches!(b[0], b'a'..=b'c').then_some((b[0], 1)),
            |_, _, _, _| None,
            |f, r, p| out.push((f, r, p)),
        )?;
        Ok(out)
    }

    #[test]
    fn placements_are_read_top_rank_first() {
        assert_eq!(
            read("a2/1bc").unwrap(),
            [(0, 1, b'a'), (1, 0, b'b'), (2, 0, b'c')]
        );
        assert_eq!(read("3/3").unwrap(), []);
    }

    #[test]
    fn bad_placements_name_what_is_wrong() {
        let reason = |s: &str| read(s).unwrap_err().reason;
        assert_eq!(reason("3"), "has 1 ranks separated by '/', expected 2");
        assert_eq!(
            reason("3/03"),
            "rank 1: empty-square count \"03\" is zero or has a leading zero"
        );
        assert_eq!(
            reason("3/a3"),
            "rank 1: empty-square count 3 goes past the c-file"
        );
        assert_eq!(
            reason("3/13"),
            "rank 1: empty-square count 13 goes past the c-file"
        );
        assert_eq!(reason("3/abca"), "rank 1: more than 3 squares");
        assert_eq!(reason("3/ab"), "rank 1 covers 2 squares, expected 3");
        assert_eq!(
            reason("3/ax1"),
            "rank 1: unknown piece token \"x1\" (expected a b c)"
        );
    }

    #[test]
    fn counters_and_fields() {
        let counter = |s: &str| READER.counter(FenField::Halfmoves, s).map_err(|e| e.reason);
        assert_eq!(counter("0"), Ok(0));
        assert_eq!(counter("4294967295"), Ok(u32::MAX));
        assert_eq!(counter("4294967296").unwrap_err(), "number too large");
        assert_eq!(counter("01").unwrap_err(), "leading zeros are not allowed");
        for bad in ["", "-1", "+1", "1.0", " 1", "x"] {
            assert_eq!(
                counter(bad).unwrap_err(),
                "expected a non-negative decimal number"
            );
        }
        assert!(READER.fullmoves("0").is_err());
        assert_eq!(READER.fields("a b", 10, &[2], "2"), Ok(vec!["a", "b"]));
        let e = READER.fields("a  b", 10, &[3], "3").unwrap_err();
        assert_eq!(
            e.reason,
            "field 2 is empty (fields are separated by single spaces)"
        );
        assert_eq!(
            READER.fields("abc", 2, &[1], "1").unwrap_err().field,
            FenField::Whole
        );
    }

    #[test]
    fn placements_are_written_with_counts() {
        let mut s = String::new();
        let piece = |f: u32, r: u32| (f == r).then_some('x');
        write_placement(&mut s, (3, 2), piece, |r| (None, (r == 0).then_some('c')));
        assert_eq!(s, "1x1/x2(c)");
    }
}
