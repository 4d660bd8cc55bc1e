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

use core::fmt::Write as _;

use super::board::Board;
use super::counting::Count;
use super::setup::{PositionError, Setup};
use crate::fen::FenReader;
use crate::variant::Variant;

/// The FEN of the start position.
pub const START_FEN: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

/// The longest string [`Setup::from_fen`] reads, in bytes; longer input is
/// refused before it is split. No valid FEN comes near it: the placement
/// is at most 71 bytes, the other fields at most 1 + 1 + 3 + 10 + 10, with
/// five spaces.
pub const MAX_FEN_LEN: usize = 256;

/// A field of a FEN string: the family's [`crate::FenField`].
pub type FenField = crate::fen::FenField;

/// A syntax error in a FEN string: the family's [`crate::ParseFenError`].
pub type ParseFenError = crate::fen::ParseFenError;

/// Error from reading a position from FEN: bad syntax, or a well-formed
/// string describing a position the rules do not allow.
pub type FenError = crate::fen::FenError<PositionError>;

/// The reader of Makruk FEN strings.
const READER: FenReader = FenReader {
    variant: Variant::Makruk,
};

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
        let fields = READER.fields(fen, MAX_FEN_LEN, &[6], "6")?;
        let board = Board::read_fen(READER, fields[0])?;
        let turn = READER.turn(fields[1])?;
        if fields[2] != "-" {
            return Err(READER.err(
                FenField::Castling,
                fields[2],
                "Makruk has no castling: expected '-'",
            ));
        }
        let limit = match fields[3] {
            "-" => None,
            s => Some(READER.counter(FenField::CountLimit, s).map_err(|_| {
                READER.err(
                    FenField::CountLimit,
                    s,
                    "expected '-' or a counting limit in plies (no en passant in Makruk)",
                )
            })?),
        };
        let clock = READER.counter(FenField::Halfmoves, fields[4])?;
        let fullmoves = READER.fullmoves(fields[5])?;
        let (count, halfmoves) = match limit {
            None => (None, clock),
            Some(plies) => {
                let ply = u16::try_from(clock).map_err(|_| {
                    READER.err(
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
                        READER.err(
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
        s.push_str(&self.board.board_fen());
        let _ = match self.count {
            Some(c) => write!(s, " {} - {} {}", self.turn.char(), c.limit_plies(), c.ply()),
            None => write!(s, " {} - - {}", self.turn.char(), self.halfmoves),
        };
        let _ = write!(s, " {}", self.fullmoves);
        s
    }
}
