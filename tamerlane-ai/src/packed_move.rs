//! A move packed into 16 bits, its origin and destination squares: how the
//! transposition table and the killer moves store a move.

use std::num::NonZeroU16;

use tamerlane_core::Move;

/// A move's origin and destination square indices, one byte each, with
/// the top bit set (so that `Option<PackedMove>` is 16 bits too): its
/// identity within a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct PackedMove(NonZeroU16);

/// The number of squares (a square index is below this).
const SQUARES: u16 = 112;
/// The bit that every packed move has.
const TAG: u16 = 0x8000;

impl PackedMove {
    /// Packs `m`.
    #[inline]
    pub(crate) fn new(m: &Move) -> PackedMove {
        let bits = TAG | m.from.index() as u16 | (m.to.index() as u16) << 8;
        // The tag bit makes it nonzero.
        PackedMove(NonZeroU16::new(bits).unwrap_or(NonZeroU16::MAX))
    }

    /// The 16 bits of the move (never 0).
    #[inline]
    pub(crate) fn bits(self) -> u16 {
        self.0.get()
    }

    /// The move whose [`bits`](Self::bits) these are, or `None` when they
    /// are not those of a move (0, for instance).
    #[inline]
    pub(crate) fn from_bits(bits: u16) -> Option<PackedMove> {
        let (from, to) = (bits & 0xff, (bits >> 8) & 0x7f);
        if bits & TAG == 0 || from >= SQUARES || to >= SQUARES {
            return None;
        }
        NonZeroU16::new(bits).map(PackedMove)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tamerlane_core::Position;

    #[test]
    fn packs_origin_and_destination() {
        let pos = Position::new();
        let m = pos.parse_move("f3f4").unwrap();
        let p = PackedMove::new(&m);
        assert_eq!(
            p.bits(),
            0x8000 | m.from.index() as u16 | (m.to.index() as u16) << 8
        );
        assert_eq!(PackedMove::from_bits(p.bits()), Some(p));
        let b2c4 = pos.parse_move("b2c4").unwrap();
        assert_ne!(PackedMove::new(&b2c4), p);
        // Not moves: no tag, or a square index past the last one (111).
        assert_eq!(PackedMove::from_bits(0), None);
        assert_eq!(PackedMove::from_bits(5 | 6 << 8), None);
        assert_eq!(PackedMove::from_bits(0x8000 | 111 | 112 << 8), None);
        assert_eq!(PackedMove::from_bits(0x8000 | 112 | 110 << 8), None);
        assert!(PackedMove::from_bits(0x8000 | 111 | 110 << 8).is_some());
    }
}
