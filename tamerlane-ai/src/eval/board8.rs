//! Square measures on the 8x8 board shared by the chess and Makruk
//! evaluations.

use tamerlane_core::board8::Square;

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
