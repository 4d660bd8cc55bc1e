//! A move packed into 16 bits: how the transposition table and the killer
//! moves store a move. Each game packs its moves its own way
//! ([`SearchPosition::pack`](crate::SearchPosition::pack)): origin and
//! destination squares, and for chess the promotion.

use std::num::NonZeroU16;

/// A move's identity within a position in 15 bits, with the top bit set
/// (so that `Option<PackedMove>` is 16 bits too).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PackedMove(NonZeroU16);

/// The bit that every packed move has.
const TAG: u16 = 0x8000;

impl PackedMove {
    /// Packs the 15 low bits of `bits` (the top bit is the tag).
    #[inline]
    pub fn new(bits: u16) -> PackedMove {
        // The tag bit makes it nonzero.
        PackedMove(NonZeroU16::new(TAG | bits).unwrap_or(NonZeroU16::MAX))
    }

    /// The 16 bits of the move (never 0).
    #[inline]
    pub fn bits(self) -> u16 {
        self.0.get()
    }

    /// The move whose [`bits`](Self::bits) these are, or `None` when they
    /// are not those of a move (no tag bit: 0, for instance).
    #[inline]
    pub fn from_bits(bits: u16) -> Option<PackedMove> {
        if bits & TAG == 0 {
            return None;
        }
        NonZeroU16::new(bits).map(PackedMove)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_fifteen_bits_with_a_tag() {
        let p = PackedMove::new(5 | 6 << 8);
        assert_eq!(p.bits(), 0x8000 | 5 | 6 << 8);
        assert_eq!(PackedMove::from_bits(p.bits()), Some(p));
        assert_ne!(PackedMove::new(6 | 5 << 8), p);
        // The tag bit is not part of the identity.
        assert_eq!(PackedMove::new(0x8000 | 7), PackedMove::new(7));
        // Not moves: no tag.
        assert_eq!(PackedMove::from_bits(0), None);
        assert_eq!(PackedMove::from_bits(5 | 6 << 8), None);
    }
}
