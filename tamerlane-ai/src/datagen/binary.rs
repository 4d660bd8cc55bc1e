//! The binary format of self-play data (docs/ENGINE.md, "Self-play data",
//! "The binary format"): a header of [`HEADER_SIZE`] bytes, then records
//! of a fixed size per game, every number little-endian, so that numpy
//! reads the records as a structured array without a copy
//! (`np.memmap(path, dtype, offset=HEADER_SIZE)`). This file is the one
//! definition of the layout: the writer, the reader and the description
//! the Python package builds its dtypes from ([`FIELDS`]).
//!
//! The header:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | [`MAGIC`] |
//! | 8 | 2 | format version, [`VERSION`] |
//! | 10 | 1 | game: 0 Tamerlane, 1 chess, 2 Makruk (`Variant::ALL`) |
//! | 11 | 1 | filter: 0 every searched position, 1 the quiet ones |
//! | 12 | 2 | header size, [`HEADER_SIZE`] |
//! | 14 | 2 | record size, [`record_size`] |
//! | 16 | 2 | squares of the board |
//! | 18 | 2 | roles of the game |
//! | 20 | 4 | 0 |
//! | 24 | 8 | records |
//! | 32 | 8 | first game |
//! | 40 | 8 | games |
//! | 48 | 16 | 0 |
//! | 64 | 448 | the settings line (UTF-8, padded with NUL bytes) |
//!
//! A record: see [`FIELDS`].

use std::fmt;
use std::io::{self, Seek, SeekFrom, Write};

use tamerlane_core::{Color, Variant};

use super::board_bytes::{max_piece_code, DataPosition};

/// The first eight bytes of a binary data file.
pub const MAGIC: [u8; 8] = *b"TMLNDATA";
/// The version of the layout this code writes and reads.
pub const VERSION: u16 = 1;
/// The size of the header in bytes; the records start there.
pub const HEADER_SIZE: usize = 512;
/// Where the settings line starts in the header.
const SETTINGS_OFFSET: usize = 64;
/// The longest settings line the header holds, in bytes.
pub const SETTINGS_SIZE: usize = HEADER_SIZE - SETTINGS_OFFSET;
/// Where the record count is in the header.
const COUNT_OFFSET: usize = 24;

/// A record's bytes before its board.
const FIXED_SIZE: usize = 12;

/// The size of a record of a game with `squares` squares.
pub const fn record_size(squares: usize) -> usize {
    FIXED_SIZE + squares
}

/// The kind of a record field, as numpy names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A little-endian signed 16-bit integer (`<i2`).
    I16,
    /// A little-endian unsigned 16-bit integer (`<u2`).
    U16,
    /// A signed byte (`i1`).
    I8,
    /// An unsigned byte (`u1`).
    U8,
    /// The board: one unsigned byte per square (`(squares,)u1`).
    Board,
}

impl FieldKind {
    /// The numpy type string of this kind (for the board, of one square).
    pub const fn numpy(self) -> &'static str {
        match self {
            FieldKind::I16 => "<i2",
            FieldKind::U16 => "<u2",
            FieldKind::I8 => "i1",
            FieldKind::U8 | FieldKind::Board => "u1",
        }
    }
}

/// A field of a record: its name, its offset in the record and its kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The name (of the numpy dtype's field).
    pub name: &'static str,
    /// The offset in bytes from the record's start.
    pub offset: usize,
    /// What it holds.
    pub kind: FieldKind,
}

const SCORE: usize = 0;
const FULLMOVE: usize = 2;
const HALFMOVES: usize = 4;
const TURN: usize = 6;
const RESULT: usize = 7;
const BEST_FROM: usize = 8;
const BEST_TO: usize = 9;
const FLAGS: usize = 10;
const RESERVED: usize = 11;
const BOARD: usize = FIXED_SIZE;

/// The fields of a record, in order and covering every byte: every 16-bit
/// field at an even offset, so the numpy dtype has no padding.
///
/// - `score`: the search's score in centipawns for the side to move; a
///   mate is ±30000 ([`MATE_SCORE`](super::MATE_SCORE)), and a larger
///   score is clamped to that range.
/// - `fullmove`, `halfmoves`: the position's move number and halfmove
///   clock (as its FEN has them; at most 65535).
/// - `turn`: the side to move, 0 White, 1 Black.
/// - `result`: the game's result for the side to move: 1 won, 0 drawn,
///   -1 lost.
/// - `best_from`, `best_to`: the searched best move's squares
///   ([`DataPosition::move_squares`]).
/// - `flags`: bit 0 the side to move is in check, bit 1 the best move
///   captures (both 0 in a file of quiet positions).
/// - `reserved`: 0.
/// - `board`: one byte per square ([`super::board_bytes`]).
pub const FIELDS: [Field; 10] = [
    Field {
        name: "score",
        offset: SCORE,
        kind: FieldKind::I16,
    },
    Field {
        name: "fullmove",
        offset: FULLMOVE,
        kind: FieldKind::U16,
    },
    Field {
        name: "halfmoves",
        offset: HALFMOVES,
        kind: FieldKind::U16,
    },
    Field {
        name: "turn",
        offset: TURN,
        kind: FieldKind::U8,
    },
    Field {
        name: "result",
        offset: RESULT,
        kind: FieldKind::I8,
    },
    Field {
        name: "best_from",
        offset: BEST_FROM,
        kind: FieldKind::U8,
    },
    Field {
        name: "best_to",
        offset: BEST_TO,
        kind: FieldKind::U8,
    },
    Field {
        name: "flags",
        offset: FLAGS,
        kind: FieldKind::U8,
    },
    Field {
        name: "reserved",
        offset: RESERVED,
        kind: FieldKind::U8,
    },
    Field {
        name: "board",
        offset: BOARD,
        kind: FieldKind::Board,
    },
];

/// `flags` bit: the side to move is in check.
pub const FLAG_CHECK: u8 = 1;
/// `flags` bit: the best move captures.
pub const FLAG_CAPTURE: u8 = 2;

/// The squares and roles of a game's boards: what its records' size and
/// piece codes follow.
pub const fn board_shape(variant: Variant) -> (usize, usize) {
    match variant {
        Variant::Tamerlane => (
            <tamerlane_core::tamerlane::Position as DataPosition>::SQUARES,
            <tamerlane_core::tamerlane::Position as DataPosition>::ROLES,
        ),
        Variant::Chess => (
            <tamerlane_core::chess::Position as DataPosition>::SQUARES,
            <tamerlane_core::chess::Position as DataPosition>::ROLES,
        ),
        Variant::Makruk => (
            <tamerlane_core::makruk::Position as DataPosition>::SQUARES,
            <tamerlane_core::makruk::Position as DataPosition>::ROLES,
        ),
    }
}

/// The game's byte in the header (its index in `Variant::ALL`).
fn game_code(variant: Variant) -> u8 {
    Variant::ALL
        .iter()
        .position(|&v| v == variant)
        .expect("every game is listed") as u8
}

/// What the header of a binary file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game.
    pub variant: Variant,
    /// Whether only the quiet positions were kept (the filter byte).
    pub quiet: bool,
    /// The number of records.
    pub records: u64,
    /// The index of the first game.
    pub first: u64,
    /// The number of games.
    pub games: u64,
    /// The settings line (the text format's second line without `# `).
    pub settings: String,
}

impl Header {
    /// The squares of the game's board.
    pub fn squares(&self) -> usize {
        board_shape(self.variant).0
    }

    /// The size of the game's records.
    pub fn record_size(&self) -> usize {
        record_size(self.squares())
    }

    /// The header's [`HEADER_SIZE`] bytes; an error if the settings line
    /// is longer than [`SETTINGS_SIZE`] bytes.
    pub fn to_bytes(&self) -> Result<[u8; HEADER_SIZE], String> {
        let settings = self.settings.as_bytes();
        if settings.len() > SETTINGS_SIZE || settings.contains(&0) {
            return Err(format!(
                "the settings line ({} bytes) does not fit the binary header's {SETTINGS_SIZE}",
                settings.len()
            ));
        }
        let (squares, roles) = board_shape(self.variant);
        let mut b = [0u8; HEADER_SIZE];
        b[0..8].copy_from_slice(&MAGIC);
        b[8..10].copy_from_slice(&VERSION.to_le_bytes());
        b[10] = game_code(self.variant);
        b[11] = u8::from(self.quiet);
        b[12..14].copy_from_slice(&(HEADER_SIZE as u16).to_le_bytes());
        b[14..16].copy_from_slice(&(record_size(squares) as u16).to_le_bytes());
        b[16..18].copy_from_slice(&(squares as u16).to_le_bytes());
        b[18..20].copy_from_slice(&(roles as u16).to_le_bytes());
        b[COUNT_OFFSET..COUNT_OFFSET + 8].copy_from_slice(&self.records.to_le_bytes());
        b[32..40].copy_from_slice(&self.first.to_le_bytes());
        b[40..48].copy_from_slice(&self.games.to_le_bytes());
        b[SETTINGS_OFFSET..SETTINGS_OFFSET + settings.len()].copy_from_slice(settings);
        Ok(b)
    }

    /// Reads the header of a file of `file_len` bytes from its first
    /// bytes `head` (at least [`HEADER_SIZE`] of them, or the whole file
    /// if shorter), checking everything it can without the records: the
    /// magic, the version, the game, the sizes, and that the file holds
    /// exactly the records the header counts.
    pub fn parse(head: &[u8], file_len: u64) -> Result<Header, FormatError> {
        if head.len() < HEADER_SIZE || file_len < HEADER_SIZE as u64 {
            return Err(FormatError::Truncated {
                expected: HEADER_SIZE as u64,
                found: file_len.min(head.len() as u64),
            });
        }
        if head[0..8] != MAGIC {
            return Err(FormatError::Magic(head[0..8].try_into().expect("8 bytes")));
        }
        let u16_at = |i: usize| u16::from_le_bytes([head[i], head[i + 1]]);
        let u64_at = |i: usize| u64::from_le_bytes(head[i..i + 8].try_into().expect("8 bytes"));
        let version = u16_at(8);
        if version != VERSION {
            return Err(FormatError::Version(version));
        }
        let variant = *Variant::ALL
            .get(usize::from(head[10]))
            .ok_or(FormatError::Game(head[10]))?;
        let quiet = match head[11] {
            0 => false,
            1 => true,
            f => {
                return Err(FormatError::Field {
                    field: "filter",
                    expected: 1,
                    found: u64::from(f),
                })
            }
        };
        let (squares, roles) = board_shape(variant);
        for (field, expected, found) in [
            ("header size", HEADER_SIZE, u16_at(12)),
            ("record size", record_size(squares), u16_at(14)),
            ("squares", squares, u16_at(16)),
            ("roles", roles, u16_at(18)),
        ] {
            if usize::from(found) != expected {
                return Err(FormatError::Field {
                    field,
                    expected: expected as u64,
                    found: u64::from(found),
                });
            }
        }
        let settings = &head[SETTINGS_OFFSET..HEADER_SIZE];
        let end = settings
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(SETTINGS_SIZE);
        let settings = std::str::from_utf8(&settings[..end])
            .map_err(|_| FormatError::Settings)?
            .to_owned();
        let header = Header {
            variant,
            quiet,
            records: u64_at(COUNT_OFFSET),
            first: u64_at(32),
            games: u64_at(40),
            settings,
        };
        let expected = header
            .records
            .checked_mul(header.record_size() as u64)
            .and_then(|n| n.checked_add(HEADER_SIZE as u64));
        if expected != Some(file_len) {
            return Err(FormatError::Length {
                records: header.records,
                expected,
                found: file_len,
            });
        }
        Ok(header)
    }
}

/// Why bytes are not a binary data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// Shorter than the header: the bytes expected and found.
    Truncated {
        /// The header's size.
        expected: u64,
        /// The bytes there are.
        found: u64,
    },
    /// The first eight bytes are not [`MAGIC`].
    Magic([u8; 8]),
    /// A format version this code does not read.
    Version(u16),
    /// A game byte above 2.
    Game(u8),
    /// A header field that does not match the game's layout.
    Field {
        /// The field's name.
        field: &'static str,
        /// Its value for this game (for the filter: the largest allowed).
        expected: u64,
        /// The value found.
        found: u64,
    },
    /// The settings line is not UTF-8 text.
    Settings,
    /// The file's size is not the header's and its records' (a truncated
    /// or unfinished file).
    Length {
        /// The records the header counts.
        records: u64,
        /// The size that number of records makes (`None`: beyond 2^64).
        expected: Option<u64>,
        /// The file's size.
        found: u64,
    },
    /// A record with an impossible value: its index, field and value.
    Record {
        /// The record's index.
        index: u64,
        /// The field.
        field: &'static str,
        /// The value found.
        value: i64,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Truncated { expected, found } => write!(
                f,
                "not a tamerlane datagen binary file: {found} bytes, shorter than the {expected}-byte header"
            ),
            FormatError::Magic(m) => write!(
                f,
                "not a tamerlane datagen binary file: magic {:?}, expected {:?}",
                String::from_utf8_lossy(m),
                String::from_utf8_lossy(&MAGIC)
            ),
            FormatError::Version(v) => write!(
                f,
                "format version {v} is not supported (this reader reads version {VERSION})"
            ),
            FormatError::Game(g) => {
                write!(f, "unknown game {g} in the header (expected 0, 1 or 2)")
            }
            FormatError::Field {
                field,
                expected,
                found,
            } => write!(f, "header field {field} is {found}, expected {expected}"),
            FormatError::Settings => f.write_str("the header's settings line is not UTF-8 text"),
            FormatError::Length {
                records,
                expected: Some(e),
                found,
            } => write!(
                f,
                "the file has {found} bytes but its header counts {records} records, {e} bytes \
                 (truncated or unfinished)"
            ),
            FormatError::Length {
                records, found, ..
            } => write!(
                f,
                "the file has {found} bytes but its header counts {records} records, beyond 2^64 bytes"
            ),
            FormatError::Record {
                index,
                field,
                value,
            } => write!(f, "record {index}: {field} {value} is impossible"),
        }
    }
}

impl std::error::Error for FormatError {}

/// One record, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The score in centipawns for the side to move (mates ±30000).
    pub score: i16,
    /// The position's move number (at most 65535).
    pub fullmove: u16,
    /// The position's halfmove clock (at most 65535).
    pub halfmoves: u16,
    /// The side to move.
    pub turn: Color,
    /// The game's result for the side to move: 1, 0 or -1.
    pub result: i8,
    /// The best move's origin square.
    pub best_from: u8,
    /// The best move's target square.
    pub best_to: u8,
    /// [`FLAG_CHECK`] and [`FLAG_CAPTURE`].
    pub flags: u8,
    /// The board, one piece code per square.
    pub board: Vec<u8>,
}

impl Record {
    /// The record of position `pos` whose search chose `best` with
    /// `score` (centipawns for the side to move, mates ±30000), in a game
    /// won by `winner` (`None`: drawn).
    pub fn new<P: DataPosition>(
        pos: &P,
        best: &P::Move,
        score: i32,
        winner: Option<Color>,
    ) -> Record {
        let turn = pos.turn();
        let mate = super::MATE_SCORE;
        let mut board = vec![0; <P as DataPosition>::SQUARES];
        pos.board_bytes(&mut board);
        let (best_from, best_to) = <P as DataPosition>::move_squares(best);
        let flags = if tamerlane_core::Position::is_check(pos) {
            FLAG_CHECK
        } else {
            0
        } | if P::is_capture(best) { FLAG_CAPTURE } else { 0 };
        Record {
            score: score.clamp(-mate, mate) as i16,
            fullmove: pos.fullmoves().min(u32::from(u16::MAX)) as u16,
            halfmoves: pos.halfmoves().min(u32::from(u16::MAX)) as u16,
            turn,
            result: match winner {
                None => 0,
                Some(w) if w == turn => 1,
                Some(_) => -1,
            },
            best_from,
            best_to,
            flags,
            board,
        }
    }

    /// Appends the record's bytes to `out`.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.score.to_le_bytes());
        out.extend_from_slice(&self.fullmove.to_le_bytes());
        out.extend_from_slice(&self.halfmoves.to_le_bytes());
        out.push(u8::from(self.turn == Color::Black));
        out.push(self.result as u8);
        out.extend_from_slice(&[self.best_from, self.best_to, self.flags, 0]);
        debug_assert_eq!(out.len() % 2, 0);
        out.extend_from_slice(&self.board);
    }

    /// Reads record `index` from its bytes (a record of `header`'s game),
    /// refusing impossible values.
    pub fn parse(bytes: &[u8], header: &Header, index: u64) -> Result<Record, FormatError> {
        let (squares, roles) = board_shape(header.variant);
        debug_assert_eq!(bytes.len(), record_size(squares));
        let bad = |field, value: i64| FormatError::Record {
            index,
            field,
            value,
        };
        let turn = match bytes[TURN] {
            0 => Color::White,
            1 => Color::Black,
            t => return Err(bad("turn", i64::from(t))),
        };
        let result = bytes[RESULT] as i8;
        if !(-1..=1).contains(&result) {
            return Err(bad("result", i64::from(result)));
        }
        let score = i16::from_le_bytes([bytes[SCORE], bytes[SCORE + 1]]);
        if i32::from(score).abs() > super::MATE_SCORE {
            return Err(bad("score", i64::from(score)));
        }
        for field in [BEST_FROM, BEST_TO] {
            if usize::from(bytes[field]) >= squares {
                let name = if field == BEST_FROM {
                    "best_from"
                } else {
                    "best_to"
                };
                return Err(bad(name, i64::from(bytes[field])));
            }
        }
        if bytes[RESERVED] != 0 {
            return Err(bad("reserved", i64::from(bytes[RESERVED])));
        }
        let board = bytes[BOARD..].to_vec();
        if let Some(&c) = board.iter().find(|&&c| c > max_piece_code(roles)) {
            return Err(bad("board", i64::from(c)));
        }
        Ok(Record {
            score,
            fullmove: u16::from_le_bytes([bytes[FULLMOVE], bytes[FULLMOVE + 1]]),
            halfmoves: u16::from_le_bytes([bytes[HALFMOVES], bytes[HALFMOVES + 1]]),
            turn,
            result,
            best_from: bytes[BEST_FROM],
            best_to: bytes[BEST_TO],
            flags: bytes[FLAGS],
            board,
        })
    }
}

/// Reads a whole binary file: its header and every record, checked.
pub fn read(bytes: &[u8]) -> Result<(Header, Vec<Record>), FormatError> {
    let header = Header::parse(bytes, bytes.len() as u64)?;
    let records = bytes[HEADER_SIZE..]
        .chunks_exact(header.record_size())
        .zip(0..)
        .map(|(r, i)| Record::parse(r, &header, i))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((header, records))
}

/// Writes a binary file: the header first (counting no record), the
/// records, then (in [`finish`](Self::finish)) the count into the header.
/// A file left unfinished is refused by the reader (its size does not
/// match its count).
pub struct Writer<W: Write + Seek> {
    out: W,
    start: u64,
    records: u64,
    buffer: Vec<u8>,
}

impl<W: Write + Seek> Writer<W> {
    /// Starts a file at the current position of `out` with `header`
    /// (whose record count is ignored).
    pub fn new(mut out: W, header: &Header) -> Result<Writer<W>, super::DatagenError> {
        let bytes = Header {
            records: 0,
            ..header.clone()
        }
        .to_bytes()
        .map_err(super::DatagenError::Setting)?;
        let start = out.stream_position()?;
        out.write_all(&bytes)?;
        Ok(Writer {
            out,
            start,
            records: 0,
            buffer: Vec::new(),
        })
    }

    /// Writes a record.
    pub fn push(&mut self, record: &Record) -> io::Result<()> {
        self.buffer.clear();
        record.write_to(&mut self.buffer);
        self.out.write_all(&self.buffer)?;
        self.records += 1;
        Ok(())
    }

    /// Writes the record count into the header, leaves `out` at the end
    /// and flushes it; returns the number of records.
    pub fn finish(mut self) -> io::Result<u64> {
        let end = self.out.stream_position()?;
        self.out
            .seek(SeekFrom::Start(self.start + COUNT_OFFSET as u64))?;
        self.out.write_all(&self.records.to_le_bytes())?;
        self.out.seek(SeekFrom::Start(end))?;
        self.out.flush()?;
        Ok(self.records)
    }
}
