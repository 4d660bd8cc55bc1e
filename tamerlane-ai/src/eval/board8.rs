//! What the chess and Makruk evaluations share on the 8x8 board: square
//! measures, the count of material and the mop-up term.

use tamerlane_core::board8::{Bitboard, Square};
use tamerlane_core::Color;

/// One side's material: its pieces (`own`) of each role of `roles` but the
/// last (a game's `Role::ALL`, whose last role is the King, worth
/// nothing), `by_role` giving a role's squares and `value` its worth.
#[inline]
pub(crate) fn material<R: Copy>(
    roles: &[R],
    own: Bitboard,
    by_role: impl Fn(R) -> Bitboard,
    value: impl Fn(R) -> i32,
) -> i32 {
    roles[..roles.len() - 1]
        .iter()
        .map(|&r| (by_role(r) & own).count() as i32 * value(r))
        .sum()
}

/// The mop-up term, added to each side's score `s`: a side at least
/// `lead` centipawns of material (`mat`) ahead of an opponent that has at
/// most `lone` left gains `bonus(their king, its king)`, which drives the
/// lone King to where it can be mated and brings its own closer (`king`
/// gives a side's King).
#[inline]
pub(crate) fn mop_up(
    s: &mut [i32; 2],
    mat: [i32; 2],
    (lead, lone): (i32, i32),
    king: impl Fn(Color) -> Option<Square>,
    bonus: impl Fn(Square, Square) -> i32,
) {
    for c in Color::ALL {
        let them = !c;
        if mat[c.index()] - mat[them.index()] < lead || mat[them.index()] > lone {
            continue;
        }
        if let (Some(k), Some(ours)) = (king(them), king(c)) {
            s[c.index()] += bonus(k, ours);
        }
    }
}

/// 0 on the edge, 3 in the four centre squares.
pub(crate) fn centrality(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    f.min(7 - f).min(r.min(7 - r))
}

/// Chebyshev distance.
pub(crate) fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// Distance to the nearest corner (0 in a corner, 3 in the centre).
pub(crate) fn corner_distance(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    f.min(7 - f).max(r.min(7 - r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_by_hand() {
        let sq = |i| Square::new(i).unwrap();
        // a1 = 0, d4 = 27, h8 = 63, b7 = 49.
        assert_eq!(
            (centrality(sq(0)), centrality(sq(27)), centrality(sq(49))),
            (0, 3, 1)
        );
        assert_eq!(distance(sq(0), sq(63)), 7);
        assert_eq!(distance(sq(27), sq(49)), 3);
        assert_eq!(
            (
                corner_distance(sq(0)),
                corner_distance(sq(27)),
                corner_distance(sq(49))
            ),
            (0, 3, 1)
        );
    }
}
