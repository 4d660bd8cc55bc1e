//! Attack tables and attack functions for every movement pattern.
//!
//! All tables are computed at compile time. Leapers and steppers are plain
//! per-square lookups. Riders use classical rays: the first blocker on a ray
//! is found with `trailing_zeros` / `leading_zeros` on the masked ray, and
//! everything beyond it is cut off. The talia is a bishop ray without its
//! first square (which also makes it blocked when that square is occupied);
//! the giraffe is computed forward, from the giraffe, as a diagonal step
//! followed by a rook ray with its first two squares removed.
//!
//! No table ever contains a citadel as a target: nothing attacks a citadel.
//! The royal step table of a citadel holds its three neighbours, so a royal
//! standing on a citadel attacks them.

use crate::color::Color;
use crate::tamerlane::bitboard::Bitboard;
use crate::tamerlane::role::Role;
use crate::tamerlane::square::Square;

/// The eight directions as `(file, rank)` steps: N, E, S, W, NE, SE, SW, NW.
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

/// Whether walking in direction `dir` increases the square index.
const fn ascending(dir: usize) -> bool {
    matches!(dir, 0 | 1 | 4 | 7)
}

const fn idx(x: i32, y: i32) -> i32 {
    if x >= 0 && x < 11 && y >= 0 && y < 10 {
        y * 11 + x
    } else {
        -1
    }
}

const fn coords(sq: usize) -> (i32, i32) {
    ((sq % 11) as i32, (sq / 11) as i32)
}

const fn build_rays() -> [[u128; 112]; 8] {
    let mut t = [[0u128; 112]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 110 {
            let (x, y) = coords(sq);
            let mut k = 1;
            loop {
                let i = idx(x + k * DIRS[d].0, y + k * DIRS[d].1);
                if i < 0 {
                    break;
                }
                t[d][sq] |= 1u128 << i;
                k += 1;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

const fn build_leaper(offsets: &[(i32, i32)]) -> [u128; 112] {
    let mut t = [0u128; 112];
    let mut sq = 0;
    while sq < 110 {
        let (x, y) = coords(sq);
        let mut k = 0;
        while k < offsets.len() {
            let i = idx(x + offsets[k].0, y + offsets[k].1);
            if i >= 0 {
                t[sq] |= 1u128 << i;
            }
            k += 1;
        }
        sq += 1;
    }
    t
}

/// All eight sign combinations of a `(a, b)` leap (duplicates are harmless).
const fn leaps(a: i32, b: i32) -> [(i32, i32); 8] {
    [
        (a, b),
        (-a, b),
        (a, -b),
        (-a, -b),
        (b, a),
        (-b, a),
        (b, -a),
        (-b, -a),
    ]
}

const WC_NEIGHBOURS: u128 = 1 << 10 | 1 << 21 | 1 << 32; // k1, k2, k3
const BC_NEIGHBOURS: u128 = 1 << 77 | 1 << 88 | 1 << 99; // a8, a9, a10

const fn build_royal() -> [u128; 112] {
    let mut t = build_leaper(&[
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ]);
    t[110] = WC_NEIGHBOURS;
    t[111] = BC_NEIGHBOURS;
    t
}

const fn build_royal_attackers() -> [u128; 112] {
    let mut t = build_royal();
    let mut sq = 0;
    while sq < 110 {
        if WC_NEIGHBOURS >> sq & 1 != 0 {
            t[sq] |= 1 << 110;
        }
        if BC_NEIGHBOURS >> sq & 1 != 0 {
            t[sq] |= 1 << 111;
        }
        sq += 1;
    }
    t
}

const fn build_pawn(forward: i32, captures: bool) -> [u128; 112] {
    let mut t = [0u128; 112];
    let mut sq = 0;
    while sq < 110 {
        let (x, y) = coords(sq);
        if captures {
            let a = idx(x - 1, y + forward);
            let b = idx(x + 1, y + forward);
            if a >= 0 {
                t[sq] |= 1u128 << a;
            }
            if b >= 0 {
                t[sq] |= 1u128 << b;
            }
        } else {
            let a = idx(x, y + forward);
            if a >= 0 {
                t[sq] |= 1u128 << a;
            }
        }
        sq += 1;
    }
    t
}

/// Per square and diagonal (NE, SE, SW, NW), the index of the diagonal
/// neighbour, or -1.
const fn build_giraffe_steps() -> [[i8; 4]; 112] {
    let mut t = [[-1i8; 4]; 112];
    let mut sq = 0;
    while sq < 110 {
        let (x, y) = coords(sq);
        let mut d = 0;
        while d < 4 {
            t[sq][d] = idx(x + DIRS[4 + d].0, y + DIRS[4 + d].1) as i8;
            d += 1;
        }
        sq += 1;
    }
    t
}

/// The two orthogonal directions that continue each diagonal (NE, SE, SW,
/// NW), as indices into `DIRS`.
const GIRAFFE_LEGS: [[usize; 2]; 4] = [[0, 1], [2, 1], [2, 3], [0, 3]];

/// `RAYS[dir][sq]` with the first two squares removed: a giraffe that has
/// stepped diagonally onto `sq` lands at least three squares further on.
const fn build_giraffe_far(rays: &[[u128; 112]; 8]) -> [[u128; 112]; 4] {
    let mut t = [[0u128; 112]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 110 {
            let (x, y) = coords(sq);
            let mut near = 0u128;
            let mut k = 1;
            while k <= 2 {
                let i = idx(x + k * DIRS[d].0, y + k * DIRS[d].1);
                if i >= 0 {
                    near |= 1u128 << i;
                }
                k += 1;
            }
            t[d][sq] = rays[d][sq] & !near;
            sq += 1;
        }
        d += 1;
    }
    t
}

const fn build_giraffe_empty(far: &[[u128; 112]; 4], steps: &[[i8; 4]; 112]) -> [u128; 112] {
    let mut t = [0u128; 112];
    let mut sq = 0;
    while sq < 110 {
        let mut d = 0;
        while d < 4 {
            let s = steps[sq][d];
            if s >= 0 {
                t[sq] |= far[GIRAFFE_LEGS[d][0]][s as usize] | far[GIRAFFE_LEGS[d][1]][s as usize];
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn build_reverse(forward: &[u128; 112]) -> [u128; 112] {
    let mut t = [0u128; 112];
    let mut from = 0;
    while from < 112 {
        let mut to = 0;
        while to < 112 {
            if forward[from] >> to & 1 != 0 {
                t[to] |= 1u128 << from;
            }
            to += 1;
        }
        from += 1;
    }
    t
}

const fn or_rays(rays: &[[u128; 112]; 8], first: usize) -> [u128; 112] {
    let mut t = [0u128; 112];
    let mut sq = 0;
    while sq < 112 {
        t[sq] = rays[first][sq] | rays[first + 1][sq] | rays[first + 2][sq] | rays[first + 3][sq];
        sq += 1;
    }
    t
}

static RAYS: [[u128; 112]; 8] = build_rays();
static ROYAL: [u128; 112] = build_royal();
static ROYAL_ATTACKERS: [u128; 112] = build_royal_attackers();
static FERZ: [u128; 112] = build_leaper(&[(1, 1), (1, -1), (-1, 1), (-1, -1)]);
static VIZIER: [u128; 112] = build_leaper(&[(1, 0), (-1, 0), (0, 1), (0, -1)]);
static KNIGHT: [u128; 112] = build_leaper(&leaps(2, 1));
static ELEPHANT: [u128; 112] = build_leaper(&leaps(2, 2));
static CAMEL: [u128; 112] = build_leaper(&leaps(3, 1));
static DABBABA: [u128; 112] = build_leaper(&leaps(2, 0));
static PAWN_ATTACKS: [[u128; 112]; 2] = [build_pawn(1, true), build_pawn(-1, true)];
static PAWN_PUSH: [[u128; 112]; 2] = [build_pawn(1, false), build_pawn(-1, false)];
static GIRAFFE_STEPS: [[i8; 4]; 112] = build_giraffe_steps();
const GIRAFFE_FAR_C: [[u128; 112]; 4] = build_giraffe_far(&build_rays());
static GIRAFFE_FAR: [[u128; 112]; 4] = GIRAFFE_FAR_C;
const GIRAFFE_EMPTY_C: [u128; 112] = build_giraffe_empty(&GIRAFFE_FAR_C, &build_giraffe_steps());
static GIRAFFE_EMPTY: [u128; 112] = GIRAFFE_EMPTY_C;
static GIRAFFE_FROM: [u128; 112] = build_reverse(&GIRAFFE_EMPTY_C);
static ROOK_EMPTY: [u128; 112] = or_rays(&build_rays(), 0);
static DIAG_EMPTY: [u128; 112] = or_rays(&build_rays(), 4);

/// The empty-board attack table of each role, used to bound move counts.
/// Pawns use White's captures plus push (at most three targets).
pub(crate) const fn empty_board_max(role: Role) -> u32 {
    let rays = build_rays();
    let table: [u128; 112] = match role {
        Role::King | Role::Prince | Role::AdventitiousKing => build_royal(),
        Role::Ferz => build_leaper(&[(1, 1), (1, -1), (-1, 1), (-1, -1)]),
        Role::Vizier => build_leaper(&[(1, 0), (-1, 0), (0, 1), (0, -1)]),
        Role::Knight => build_leaper(&leaps(2, 1)),
        Role::Elephant => build_leaper(&leaps(2, 2)),
        Role::Camel => build_leaper(&leaps(3, 1)),
        Role::Dabbaba => build_leaper(&leaps(2, 0)),
        Role::Rook => or_rays(&rays, 0),
        Role::Talia => {
            let mut t = or_rays(&rays, 4);
            let f = build_leaper(&[(1, 1), (1, -1), (-1, 1), (-1, -1)]);
            let mut i = 0;
            while i < 112 {
                t[i] &= !f[i];
                i += 1;
            }
            t
        }
        Role::Giraffe => GIRAFFE_EMPTY_C,
        _ => {
            let mut t = build_pawn(1, true);
            let p = build_pawn(1, false);
            let mut i = 0;
            while i < 112 {
                t[i] |= p[i];
                i += 1;
            }
            t
        }
    };
    let mut best = 0;
    let mut i = 0;
    while i < 112 {
        if table[i].count_ones() > best {
            best = table[i].count_ones();
        }
        i += 1;
    }
    best
}

/// Squares reached from `sq` along direction `dir` (index into N, E, S, W,
/// NE, SE, SW, NW), up to and including the first occupied square.
#[inline]
pub(crate) fn ray(dir: usize, sq: usize, occ: u128) -> u128 {
    let r = RAYS[dir][sq];
    let b = r & occ;
    if b == 0 {
        r
    } else {
        let first = if ascending(dir) {
            b.trailing_zeros()
        } else {
            127 - b.leading_zeros()
        };
        r ^ RAYS[dir][first as usize]
    }
}

crate::table_lookup::table_lookups! {
    /// Royal (King, Prince, Adventitious King) step attacks. From a citadel:
    /// its three neighbours. Never includes a citadel.
    royal => ROYAL;
    /// Squares from which a royal attacks `sq`, citadels included.
    royal_attackers => ROYAL_ATTACKERS;
    /// Ferz attacks: one diagonal step.
    ferz => FERZ;
    /// Vizier attacks: one orthogonal step.
    vizier => VIZIER;
    /// Knight attacks: (2,1) leaps.
    knight => KNIGHT;
    /// Elephant attacks: (2,2) leaps.
    elephant => ELEPHANT;
    /// Camel attacks: (3,1) leaps.
    camel => CAMEL;
    /// Dabbaba attacks: (2,0) leaps.
    dabbaba => DABBABA;
    /// Squares a pawn of `color` on `sq` attacks (diagonally forward).
    pawn(color) => PAWN_ATTACKS;
    /// The square straight in front of a pawn of `color` on `sq` (empty set at the edge).
    pawn_push(color) => PAWN_PUSH;
    /// Squares from which a giraffe could attack `sq` on an empty board.
    giraffe_sources => GIRAFFE_FROM;
    /// Rook attacks on an empty board.
    rook_empty => ROOK_EMPTY;
    /// All squares on the four diagonals from `sq` (an empty-board bishop).
    diagonals_empty => DIAG_EMPTY;
    /// Giraffe attacks on an empty board.
    giraffe_empty => GIRAFFE_EMPTY;
}

/// Squares from which a pawn of `color` attacks `sq`.
#[inline]
pub fn pawn_attackers(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN_ATTACKS[color.other().index()][sq.index()])
}

/// The ordinary squares off the file with index `file`.
const fn files_except(file: u32) -> u128 {
    let mut m = 0u128;
    let mut sq = 0;
    while sq < 110 {
        if sq % 11 != file {
            m |= 1 << sq;
        }
        sq += 1;
    }
    m
}
/// Files other than `a` (pawns there can capture towards the a-side).
const NOT_A_FILE: u128 = files_except(0);
/// Files other than `k`.
const NOT_K_FILE: u128 = files_except(10);

/// The number of moves of the pawns `pawns` of `color`, computed in bulk
/// with shifts: steps onto empty ordinary squares and diagonal captures of
/// `capturable` pieces. The caller excludes pawns that may promote.
#[inline]
pub(crate) fn pawn_move_count(
    color: Color,
    pawns: Bitboard,
    occ: Bitboard,
    capturable: Bitboard,
) -> u32 {
    let (p, empty, cap) = (pawns.0, Bitboard::ORDINARY.0 & !occ.0, capturable.0);
    let (steps, west, east) = match color {
        Color::White => (p << 11, (p & NOT_A_FILE) << 10, (p & NOT_K_FILE) << 12),
        Color::Black => (p >> 11, (p & NOT_A_FILE) >> 12, (p & NOT_K_FILE) >> 10),
    };
    (steps & empty).count_ones() + (west & cap).count_ones() + (east & cap).count_ones()
}

/// Rook attacks through occupancy `occ`.
#[inline]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    let (s, o) = (sq.index(), occ.0);
    Bitboard(ray(0, s, o) | ray(1, s, o) | ray(2, s, o) | ray(3, s, o))
}

/// Talia attacks through occupancy `occ`: a diagonal ray of at least two
/// squares that is blocked outright when its first square is occupied.
#[inline]
pub fn talia(sq: Square, occ: Bitboard) -> Bitboard {
    let (s, o) = (sq.index(), occ.0);
    Bitboard((ray(4, s, o) | ray(5, s, o) | ray(6, s, o) | ray(7, s, o)) & !FERZ[s])
}

/// Giraffe attacks through occupancy `occ`: a diagonal step onto an empty
/// square, then three or more squares straight on along either orthogonal
/// component of that step, with an empty path before the target.
#[inline]
pub fn giraffe(sq: Square, occ: Bitboard) -> Bitboard {
    let s = sq.index();
    let mut att = 0;
    for (d, legs) in GIRAFFE_LEGS.iter().enumerate() {
        let step = GIRAFFE_STEPS[s][d];
        if step < 0 || occ.0 >> step & 1 != 0 {
            continue;
        }
        let step = step as usize;
        for &leg in legs {
            att |= ray(leg, step, occ.0) & GIRAFFE_FAR[leg][step];
        }
    }
    Bitboard(att)
}

/// The squares a piece of `role` and `color` on `sq` attacks (could capture
/// on) through occupancy `occ`. For pawns: the two diagonal-forward squares.
pub fn attacks(color: Color, role: Role, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::King | Role::Prince | Role::AdventitiousKing => royal(sq),
        Role::Ferz => ferz(sq),
        Role::Vizier => vizier(sq),
        Role::Rook => rook(sq, occ),
        Role::Knight => knight(sq),
        Role::Elephant => elephant(sq),
        Role::Camel => camel(sq),
        Role::Dabbaba => dabbaba(sq),
        Role::Talia => talia(sq, occ),
        Role::Giraffe => giraffe(sq, occ),
        _ => pawn(color, sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &str) -> Bitboard {
        names
            .split_whitespace()
            .map(|n| n.parse::<Square>().unwrap())
            .collect()
    }

    #[test]
    fn leapers_from_a_central_square() {
        assert_eq!(knight(Square::F5), set("e7 g7 d6 h6 d4 h4 e3 g3"));
        assert_eq!(elephant(Square::F5), set("d7 h7 d3 h3"));
        assert_eq!(camel(Square::F5), set("e8 g8 c6 i6 c4 i4 e2 g2"));
        assert_eq!(dabbaba(Square::F5), set("f7 f3 d5 h5"));
        assert_eq!(ferz(Square::F5), set("e6 g6 e4 g4"));
        assert_eq!(vizier(Square::F5), set("f6 f4 e5 g5"));
    }

    #[test]
    fn citadels_are_neighbours_of_three_squares_and_never_attacked() {
        assert_eq!(royal(Square::WC), set("k1 k2 k3"));
        assert_eq!(royal(Square::BC), set("a8 a9 a10"));
        assert!(!royal(Square::K2).contains(Square::WC));
        assert_eq!(
            royal_attackers(Square::K2),
            royal(Square::K2).with(Square::WC)
        );
        assert_eq!(
            royal_attackers(Square::A9),
            royal(Square::A9).with(Square::BC)
        );
        for sq in Square::all() {
            for table in [knight(sq), camel(sq), elephant(sq), dabbaba(sq), royal(sq)] {
                assert!((table & Bitboard::CITADELS).is_empty(), "{sq}");
            }
        }
    }

    #[test]
    fn talia_skips_its_first_square_and_is_blocked_by_it() {
        let empty = Bitboard::EMPTY;
        assert_eq!(talia(Square::A1, empty), set("c3 d4 e5 f6 g7 h8 i9 j10"));
        let occ = set("b2");
        assert!(talia(Square::A1, occ).is_empty());
        let occ = set("e5");
        assert_eq!(talia(Square::A1, occ), set("c3 d4 e5"));
    }

    #[test]
    fn giraffe_matches_the_spec_example() {
        // From d2 via e3 it may reach e6, e7, ... or h3, i3, ...
        let att = giraffe(Square::D2, Bitboard::EMPTY);
        for name in ["e6", "e7", "e8", "e9", "e10", "h3", "i3", "j3", "k3"] {
            assert!(att.contains(name.parse().unwrap()), "{name}");
        }
        for name in ["e4", "e5", "f3", "g3", "e3", "f4"] {
            assert!(!att.contains(name.parse().unwrap()), "{name}");
        }
        // Blocked diagonal square, blocked straight path.
        assert!((giraffe(Square::D2, set("e3")) & set("e6 h3")).is_empty());
        let att = giraffe(Square::D2, set("e5"));
        assert!(!att.contains(Square::E6) && att.contains(Square::H3));
        // A blocker on the target square itself is attacked.
        assert!(giraffe(Square::D2, set("e6")).contains(Square::E6));
    }

    #[test]
    fn giraffe_reverse_table_matches_forward_attacks() {
        for to in Square::all() {
            for from in Square::all() {
                assert_eq!(
                    giraffe_sources(to).contains(from),
                    giraffe(from, Bitboard::EMPTY).contains(to)
                );
            }
        }
    }

    #[test]
    fn bulk_pawn_count_matches_the_tables() {
        // Every pawn square, every colour, against a pseudo-random occupancy.
        let occ = Bitboard(0x5A5A_1234_F0F0_9876_0F0F_ABCD_3C3C_u128 & Bitboard::ORDINARY.0);
        let capturable = Bitboard(occ.0 & 0x3333_3333_3333_3333_3333_3333_3333_u128);
        for color in [Color::White, Color::Black] {
            for sq in Square::ordinary() {
                let one = Bitboard::from_square(sq);
                let expected =
                    (pawn_push(color, sq) - occ).count() + (pawn(color, sq) & capturable).count();
                assert_eq!(
                    pawn_move_count(color, one, occ, capturable),
                    expected,
                    "{color} {sq}"
                );
            }
        }
    }

    #[test]
    fn pawns_attack_diagonally_forward() {
        assert_eq!(pawn(Color::White, Square::A3), set("b4"));
        assert_eq!(pawn(Color::Black, Square::F8), set("e7 g7"));
        assert_eq!(pawn_attackers(Color::White, Square::E5), set("d4 f4"));
        assert!(pawn(Color::White, Square::C10).is_empty());
        assert_eq!(pawn_push(Color::Black, Square::C8), set("c7"));
    }
}
