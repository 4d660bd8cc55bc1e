//! The net file: a 64-byte header (magic, version, game, architecture,
//! sizes, quantisation, payload length, FNV-1a 64 hash of the weights),
//! then the weights, all little-endian. Its one definition is the table of
//! docs/ENGINE.md ("Networks (NNUE)", "The net file"); the Python reference
//! (`tools/nnue/reference.py`) writes the same bytes.

use std::path::Path;

use tamerlane_core::Variant;

use super::arch::{ARCH_ID, BUCKETS, HIDDEN, QA, QB, SCALE};
use super::error::NetError;
use super::features::NnueGame;
use super::network::Network;

/// The first eight bytes of a net file.
pub const MAGIC: [u8; 8] = *b"TMLNNUE\0";
/// The version of the format this code reads and writes.
pub const VERSION: u32 = 1;
/// The header's length in bytes.
pub const HEADER_LEN: usize = 64;

/// The 64-bit FNV-1a hash of `bytes` (the payload's checksum).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The game's number in the header: its place in [`Variant::ALL`].
fn game_number(v: Variant) -> u32 {
    Variant::ALL.iter().position(|&x| x == v).unwrap_or(0) as u32
}

/// The payload's length for `G`.
fn payload_len<G: NnueGame>() -> usize {
    2 * (G::FEATURES * HIDDEN + HIDDEN + BUCKETS * 2 * HIDDEN) + 4 * BUCKETS
}

/// The header's fields after the game and architecture, with their values
/// for `G`: `(offset, name, value)`.
fn size_fields<G: NnueGame>() -> [(usize, &'static str, u32); 7] {
    [
        (20, "features", G::FEATURES as u32),
        (24, "hidden", HIDDEN as u32),
        (28, "buckets", BUCKETS as u32),
        (32, "QA", QA as u32),
        (36, "QB", QB as u32),
        (40, "SCALE", SCALE as u32),
        (44, "reserved", 0),
    ]
}

/// Little-endian readers over bytes whose length was checked.
fn u32_at(b: &[u8], at: usize) -> u32 {
    let mut x = [0; 4];
    x.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(x)
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut x = [0; 8];
    x.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(x)
}

impl<G: NnueGame> Network<G> {
    /// Reads a net from the bytes of a net file (for example one embedded
    /// with `include_bytes!`), checking the header against `G` and this
    /// architecture, the length and the weights' hash.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network<G>, NetError> {
        if bytes.len() < HEADER_LEN {
            return Err(NetError::Truncated {
                expected: HEADER_LEN,
                found: bytes.len(),
            });
        }
        let mut magic = [0; 8];
        magic.copy_from_slice(&bytes[..8]);
        if magic != MAGIC {
            return Err(NetError::BadMagic(magic));
        }
        let version = u32_at(bytes, 8);
        if version != VERSION {
            return Err(NetError::UnsupportedVersion {
                expected: VERSION,
                found: version,
            });
        }
        let game = u32_at(bytes, 12);
        let found = *Variant::ALL
            .get(game as usize)
            .ok_or(NetError::UnknownGame(game))?;
        if found != G::VARIANT {
            return Err(NetError::WrongGame {
                expected: G::VARIANT,
                found,
            });
        }
        let arch = u32_at(bytes, 16);
        if arch != ARCH_ID {
            return Err(NetError::WrongArch {
                expected: ARCH_ID,
                found: arch,
            });
        }
        for (at, field, expected) in size_fields::<G>() {
            let found = u32_at(bytes, at);
            if found != expected {
                return Err(NetError::HeaderField {
                    field,
                    expected: expected.into(),
                    found: found.into(),
                });
            }
        }
        let len = payload_len::<G>();
        let declared = u64_at(bytes, 48);
        if declared != len as u64 {
            return Err(NetError::HeaderField {
                field: "payload length",
                expected: len as u64,
                found: declared,
            });
        }
        let total = HEADER_LEN + len;
        if bytes.len() < total {
            return Err(NetError::Truncated {
                expected: total,
                found: bytes.len(),
            });
        }
        if bytes.len() > total {
            return Err(NetError::TrailingBytes {
                expected: total,
                found: bytes.len(),
            });
        }
        let payload = &bytes[HEADER_LEN..];
        let (expected, found) = (u64_at(bytes, 56), fnv1a64(payload));
        if expected != found {
            return Err(NetError::HashMismatch { expected, found });
        }
        let i16s = |b: &[u8]| -> Vec<i16> {
            b.chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect()
        };
        let (ft, rest) = payload.split_at(2 * G::FEATURES * HIDDEN);
        let (ft_bias, rest) = rest.split_at(2 * HIDDEN);
        let (out, out_bias) = rest.split_at(2 * BUCKETS * 2 * HIDDEN);
        let out_bias: Vec<i32> = out_bias
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Network::from_parts(&i16s(ft), &i16s(ft_bias), &i16s(out), &out_bias)
    }

    /// Reads a net file.
    pub fn load(path: impl AsRef<Path>) -> Result<Network<G>, NetError> {
        Network::from_bytes(&std::fs::read(path)?)
    }

    /// The bytes of the net file of this network.
    pub fn to_bytes(&self) -> Vec<u8> {
        let (ft, ft_bias, out, out_bias) = self.parts();
        let mut payload = Vec::with_capacity(payload_len::<G>());
        for w in ft.iter().chain(&ft_bias).chain(&out) {
            payload.extend_from_slice(&w.to_le_bytes());
        }
        for b in &out_bias {
            payload.extend_from_slice(&b.to_le_bytes());
        }
        let mut bytes = Vec::with_capacity(HEADER_LEN + payload.len());
        bytes.extend_from_slice(&MAGIC);
        for x in [VERSION, game_number(G::VARIANT), ARCH_ID] {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        for (_, _, x) in size_fields::<G>() {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&fnv1a64(&payload).to_le_bytes());
        bytes.extend_from_slice(&payload);
        bytes
    }

    /// Writes the net file of this network.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), NetError> {
        Ok(std::fs::write(path, self.to_bytes())?)
    }
}

/// The game a net file's header names, read without loading the weights
/// (for a tool that picks the game from the file).
pub fn file_game(bytes: &[u8]) -> Result<Variant, NetError> {
    if bytes.len() < HEADER_LEN {
        return Err(NetError::Truncated {
            expected: HEADER_LEN,
            found: bytes.len(),
        });
    }
    if bytes[..8] != MAGIC {
        let mut magic = [0; 8];
        magic.copy_from_slice(&bytes[..8]);
        return Err(NetError::BadMagic(magic));
    }
    let game = u32_at(bytes, 12);
    Variant::ALL
        .get(game as usize)
        .copied()
        .ok_or(NetError::UnknownGame(game))
}
