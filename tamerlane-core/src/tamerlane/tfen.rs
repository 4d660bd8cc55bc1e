//! TFEN, the position string of docs/RULES.md, 8.1: parsing into a [`Setup`] and
//! formatting.
//!
//! ```text
//! e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1
//! ```

use core::fmt::Write as _;

use crate::by_color::ByColor;
use crate::fen::{write_placement, FenError, FenField, FenReader, ParseFenError};
use crate::tamerlane::board::Board;
use crate::tamerlane::role::Piece;
use crate::tamerlane::setup::{PositionError, Setup};
use crate::tamerlane::square::Square;
use crate::variant::Variant;

/// The TFEN of the initial position.
pub const INITIAL_TFEN: &str = "e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1";

/// A field of a TFEN string: the family's [`FenField`].
pub type TfenField = FenField;

/// A syntax error in a TFEN string: the family's [`ParseFenError`].
pub type ParseTfenError = ParseFenError;

/// Error from reading a position from TFEN: bad syntax, or a well-formed
/// string describing a position the rules do not allow.
pub type TfenError = FenError<PositionError>;

/// The reader of TFEN strings.
const READER: FenReader = FenReader {
    variant: Variant::Tamerlane,
};

/// A citadel's piece, written in parentheses: at the start of rank 9 for
/// Black's citadel, at the end of rank 2 for White's. `item` starts at the
/// byte `pos` of the rank's text; the result is the byte after it.
fn read_citadel(
    rank: u32,
    text: &str,
    pos: usize,
    file: u32,
) -> Result<(Square, Piece, usize), String> {
    let bytes = text.as_bytes();
    let close = text[pos..]
        .find(')')
        .map(|j| pos + j)
        .ok_or("'(' without ')'")?;
    let inner = &bytes[pos + 1..close];
    let piece = match Piece::read_token(inner) {
        Some((p, n)) if n == inner.len() => p,
        _ => {
            return Err(format!(
                "citadel must hold exactly one piece token, found {:?}",
                &text[pos..=close]
            ))
        }
    };
    let citadel = if rank == 8 && pos == 0 {
        Square::BC
    } else if rank == 1 && close + 1 == bytes.len() && file == 11 {
        Square::WC
    } else {
        return Err(
            "a citadel may only be written at the start of rank 9 (bc) or the end of rank 2 (wc)"
                .to_owned(),
        );
    };
    Ok((citadel, piece, close + 1))
}

fn parse_placement(field: &str) -> Result<Board, ParseTfenError> {
    let mut board = Board::empty();
    let mut citadels = Vec::new();
    READER.placement(
        field,
        (11, 10),
        "a piece letter, or p and a letter for a pawn",
        Piece::read_token,
        |rank, text, pos, file| {
            (text.as_bytes()[pos] == b'(').then(|| {
                let (sq, piece, next) = read_citadel(rank, text, pos, file)?;
                citadels.push((sq, piece));
                Ok(next)
            })
        },
        |file, rank, piece| {
            let sq = Square::from_xy(file as i32, rank as i32).expect("on board");
            board.set(sq, Some(piece));
        },
    )?;
    for (sq, piece) in citadels {
        board.set(sq, Some(piece));
    }
    Ok(board)
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
    /// [`Position::from_tfen`](crate::tamerlane::Position::from_tfen) to also check the rules.
    pub fn from_tfen(tfen: &str) -> Result<Setup, ParseTfenError> {
        let fields = READER.fields(tfen, Setup::MAX_TFEN_LEN, &[6], "6")?;
        let board = parse_placement(fields[0])?;
        let turn = READER.turn(fields[1])?;
        let (white, black) = match fields[2] {
            "-" => (false, false),
            "K" => (true, false),
            "k" => (false, true),
            "Kk" => (true, true),
            s => {
                return Err(READER.err(TfenField::SwapRights, s, "expected 'Kk', 'K', 'k' or '-'"))
            }
        };
        let swap_rights = ByColor { white, black };
        let stages = match fields[3].as_bytes() {
            [w @ b'0'..=b'2', b @ b'0'..=b'2'] => ByColor {
                white: w - b'0',
                black: b - b'0',
            },
            _ => {
                return Err(READER.err(
                    TfenField::Stages,
                    fields[3],
                    "expected two digits 0-2 (White's stage, then Black's)",
                ))
            }
        };
        let halfmoves = READER.counter(TfenField::Halfmoves, fields[4])?;
        let fullmoves = READER.fullmoves(fields[5])?;
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
        write_placement(
            &mut s,
            (11, 10),
            |file, rank| {
                b.piece_at(Square::from_xy(file as i32, rank as i32).expect("on board"))
                    .map(Piece::token)
            },
            |rank| match rank {
                8 => (b.piece_at(Square::BC).map(Piece::token), None),
                1 => (None, b.piece_at(Square::WC).map(Piece::token)),
                _ => (None, None),
            },
        );
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
