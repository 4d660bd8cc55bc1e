//! Why a net was refused ([`NetError`]): each check of the net file
//! (`format.rs`) and of the weights (`Network::from_parts`) has its variant,
//! which names what is wrong.

use core::fmt;
use std::io;

use tamerlane_core::Variant;

/// Why a net was refused.
#[derive(Debug)]
pub enum NetError {
    /// The file could not be read or written.
    Io(io::Error),
    /// The bytes end early: `expected` bytes were needed, `found` given.
    Truncated {
        /// The bytes the header (or the header's sizes) call for.
        expected: usize,
        /// The bytes there are.
        found: usize,
    },
    /// Bytes follow the payload the header announces.
    TrailingBytes {
        /// The bytes the header calls for.
        expected: usize,
        /// The bytes there are.
        found: usize,
    },
    /// Not a net file: the first eight bytes are not `MAGIC`.
    BadMagic([u8; 8]),
    /// A version of the format this code does not read.
    UnsupportedVersion {
        /// The version this code reads.
        expected: u32,
        /// The file's.
        found: u32,
    },
    /// The game's number is none of the three.
    UnknownGame(u32),
    /// A net of another game.
    WrongGame {
        /// The game the net was loaded for.
        expected: Variant,
        /// The game the file is for.
        found: Variant,
    },
    /// A net of another architecture.
    WrongArch {
        /// This code's architecture id.
        expected: u32,
        /// The file's.
        found: u32,
    },
    /// A size or quantisation constant in the header differs from the
    /// architecture's.
    HeaderField {
        /// The field's name.
        field: &'static str,
        /// The architecture's value for this game.
        expected: u64,
        /// The file's.
        found: u64,
    },
    /// The weights do not match the header's hash: the file is damaged.
    HashMismatch {
        /// The header's hash.
        expected: u64,
        /// The hash of the payload read.
        found: u64,
    },
    /// A part of the weights given to
    /// [`Network::from_parts`](super::Network::from_parts) has the wrong length.
    PartSize {
        /// Which part.
        part: &'static str,
        /// Its length for this game and architecture.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// An output weight beyond ±[`MAX_OUTPUT_WEIGHT`](super::arch::MAX_OUTPUT_WEIGHT).
    OutputWeightRange {
        /// Its index among the output weights.
        index: usize,
        /// Its value.
        value: i16,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Io(e) => write!(f, "net file: {e}"),
            NetError::Truncated { expected, found } => {
                write!(f, "net truncated: {found} bytes, {expected} expected")
            }
            NetError::TrailingBytes { expected, found } => write!(
                f,
                "net too long: {found} bytes, {expected} expected (trailing bytes)"
            ),
            NetError::BadMagic(m) => write!(f, "not a net file (magic {m:02x?})"),
            NetError::UnsupportedVersion { expected, found } => {
                write!(f, "net format version {found}, this build reads {expected}")
            }
            NetError::UnknownGame(g) => write!(f, "net for an unknown game number {g}"),
            NetError::WrongGame { expected, found } => {
                write!(f, "net for {found}, not {expected}")
            }
            NetError::WrongArch { expected, found } => {
                write!(f, "net of architecture {found}, this build runs {expected}")
            }
            NetError::HeaderField {
                field,
                expected,
                found,
            } => write!(f, "net header: {field} is {found}, {expected} expected"),
            NetError::HashMismatch { expected, found } => write!(
                f,
                "net damaged: weights hash {found:016x}, header says {expected:016x}"
            ),
            NetError::PartSize {
                part,
                expected,
                found,
            } => write!(f, "net {part}: {found} values, {expected} expected"),
            NetError::OutputWeightRange { index, value } => write!(
                f,
                "net output weight {index} is {value}, beyond ±{}",
                super::arch::MAX_OUTPUT_WEIGHT
            ),
        }
    }
}

impl std::error::Error for NetError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NetError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for NetError {
    fn from(e: io::Error) -> NetError {
        NetError::Io(e)
    }
}
