//! Attack sets on the 8x8 board: leapers from tables built at compile time,
//! sliders (rook, bishop, queen) by the hyperbola quintessence on files and
//! diagonals and a rank table. Every set is the squares the piece attacks:
//! the blocker itself included, own pieces not removed.

use super::bitboard::Bitboard;
use super::square::Square;
use crate::color::Color;

/// A table of 64 sets built from the given (file, rank) steps.
const fn leaper_table(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < steps.len() {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const DIAGONAL_STEPS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

static KING: [u64; 64] = leaper_table(&KING_STEPS);
static KNIGHT: [u64; 64] = leaper_table(&KNIGHT_STEPS);
static FERZ: [u64; 64] = leaper_table(&DIAGONAL_STEPS);
static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];
static KHON: [[u64; 64]; 2] = [
    leaper_table(&[(1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1)]),
    leaper_table(&[(1, 1), (1, -1), (-1, 1), (-1, -1), (0, -1)]),
];

crate::table_lookup::table_lookups! {
    /// The squares a King attacks from `sq`.
    king => KING;
    /// The squares a Knight attacks from `sq`.
    knight => KNIGHT;
    /// The squares a one-step diagonal mover attacks from `sq` (Makruk's Met
    /// and promoted pawn, the shatranj Ferz).
    ferz => FERZ;
    /// The squares a Makruk Khon of `color` attacks from `sq`: one step
    /// diagonally, or one step straight forward.
    khon(color) => KHON;
    /// The squares a pawn of `color` attacks from `sq` (diagonally forward).
    pawn(color) => PAWN;
}

/// The file, diagonal and anti-diagonal through each square, without it.
const fn line_masks() -> [[u64; 64]; 3] {
    let mut masks = [[0u64; 64]; 3];
    let dirs: [[(i32, i32); 2]; 3] = [[(0, 1), (0, -1)], [(1, 1), (-1, -1)], [(1, -1), (-1, 1)]];
    let mut sq = 0;
    while sq < 64 {
        let mut line = 0;
        while line < 3 {
            let mut d = 0;
            while d < 2 {
                let (df, dr) = dirs[line][d];
                let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    masks[line][sq] |= 1 << (r * 8 + f);
                    f += df;
                    r += dr;
                }
                d += 1;
            }
            line += 1;
        }
        sq += 1;
    }
    masks
}

static LINES: [[u64; 64]; 3] = line_masks();
const FILE: usize = 0;
const DIAGONAL: usize = 1;
const ANTI_DIAGONAL: usize = 2;

/// Rank attacks: `RANK[file][inner]` for a slider on `file` of a rank whose
/// six inner squares (b..g) are occupied as the bits of `inner` say.
const fn rank_table() -> [[u8; 64]; 8] {
    let mut table = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occ = (inner << 1) as u32;
            let mut set = 0u32;
            let mut f = file as i32 + 1;
            while f < 8 {
                set |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            let mut f = file as i32 - 1;
            while f >= 0 {
                set |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            table[file][inner] = set as u8;
            inner += 1;
        }
        file += 1;
    }
    table
}

static RANK: [[u8; 64]; 8] = rank_table();

/// Attacks along one line through `sq` (a file or a diagonal, which meet
/// each rank at most once) by the hyperbola quintessence.
#[inline]
fn line_attacks(sq: Square, occ: Bitboard, mask: u64) -> u64 {
    let s = 1u64 << sq.index();
    let forward = occ.0 & mask;
    let reverse = forward.swap_bytes();
    let forward = forward.wrapping_sub(s.wrapping_mul(2));
    let reverse = reverse.wrapping_sub(s.swap_bytes().wrapping_mul(2));
    (forward ^ reverse.swap_bytes()) & mask
}

/// Attacks along the rank of `sq`.
#[inline]
fn rank_attacks(sq: Square, occ: Bitboard) -> u64 {
    let shift = sq.rank() * 8;
    let inner = (occ.0 >> (shift + 1)) & 63;
    u64::from(RANK[sq.file() as usize][inner as usize]) << shift
}

/// The squares a Rook on `sq` attacks with the board occupied by `occ`.
#[inline]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(line_attacks(sq, occ, LINES[FILE][sq.index()]) | rank_attacks(sq, occ))
}

/// The squares a Bishop on `sq` attacks with the board occupied by `occ`.
#[inline]
pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(
        line_attacks(sq, occ, LINES[DIAGONAL][sq.index()])
            | line_attacks(sq, occ, LINES[ANTI_DIAGONAL][sq.index()]),
    )
}

/// The squares a Queen on `sq` attacks with the board occupied by `occ`.
#[inline]
pub fn queen(sq: Square, occ: Bitboard) -> Bitboard {
    rook(sq, occ) | bishop(sq, occ)
}

/// For every pair of squares `a`, `b` on a common rank, file or diagonal:
/// `between[a][b]`, the squares strictly between them, and `line[a][b]`,
/// the whole line through both from edge to edge (with `a` and `b`). Zero
/// for unaligned pairs and for `a == b`.
const fn line_tables() -> [[[u64; 64]; 64]; 2] {
    let mut t = [[[0u64; 64]; 64]; 2];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = KING_STEPS[d];
            // The line through `a` in this direction: both rays and `a`.
            let mut line = 1u64 << a;
            let mut sign = 1;
            while sign >= -1 {
                let (mut f, mut r) = ((a % 8) as i32 + sign * df, (a / 8) as i32 + sign * dr);
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    line |= 1 << (r * 8 + f);
                    f += sign * df;
                    r += sign * dr;
                }
                sign -= 2;
            }
            let (mut f, mut r) = ((a % 8) as i32 + df, (a / 8) as i32 + dr);
            let mut between = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                t[0][a][b] = between;
                t[1][a][b] = line;
                between |= 1 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

static LINE_TABLES: [[[u64; 64]; 64]; 2] = line_tables();

/// The squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise (a table lookup).
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE_TABLES[0][a.index()][b.index()])
}

/// The whole line (rank, file or diagonal, edge to edge) through `a` and
/// `b`, both included, when they share one; empty otherwise and for `a == b`.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE_TABLES[1][a.index()][b.index()])
}

/// The squares a Rook on `sq` attacks on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    Bitboard((LINES[FILE][sq.index()] | Bitboard::rank(sq.rank()).0) & !(1 << sq.index()))
}

/// The squares a Bishop on `sq` attacks on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(LINES[DIAGONAL][sq.index()] | LINES[ANTI_DIAGONAL][sq.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slider attacks by walking the rays one square at a time.
    fn walk(sq: Square, occ: Bitboard, dirs: &[(i32, i32)]) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let mut cur = sq.offset(df, dr);
            while let Some(s) = cur {
                out.add(s);
                if occ.contains(s) {
                    break;
                }
                cur = s.offset(df, dr);
            }
        }
        out
    }

    #[test]
    fn sliders_agree_with_walking_the_rays() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard(x & x.rotate_left(17));
            for sq in Square::all() {
                let rook_dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
                let bishop_dirs = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
                assert_eq!(rook(sq, occ), walk(sq, occ, &rook_dirs), "{sq} {occ:?}");
                assert_eq!(bishop(sq, occ), walk(sq, occ, &bishop_dirs), "{sq} {occ:?}");
            }
        }
    }

    #[test]
    fn leapers_by_hand() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(king(sq("a1")).count(), 3);
        assert_eq!(king(sq("e4")).count(), 8);
        assert_eq!(knight(sq("a1")).count(), 2);
        assert_eq!(knight(sq("d4")).count(), 8);
        assert_eq!(ferz(sq("a1")), Bitboard::from_square(sq("b2")));
        assert_eq!(pawn(Color::White, sq("e2")).count(), 2);
        assert!(pawn(Color::White, sq("e2")).contains(sq("d3")));
        assert!(pawn(Color::Black, sq("e7")).contains(sq("f6")));
        assert_eq!(pawn(Color::White, sq("a8")), Bitboard::EMPTY);
        assert_eq!(khon(Color::White, sq("e4")).count(), 5);
        assert!(khon(Color::White, sq("e4")).contains(sq("e5")));
        assert!(!khon(Color::White, sq("e4")).contains(sq("e3")));
        assert!(khon(Color::Black, sq("e4")).contains(sq("e3")));
        assert_eq!(between(sq("a1"), sq("d4")).count(), 2);
        assert_eq!(between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(between(sq("e1"), sq("e8")).count(), 6);
        assert_eq!(between(sq("e8"), sq("e1")), between(sq("e1"), sq("e8")));
        assert_eq!(between(sq("c3"), sq("c3")), Bitboard::EMPTY);
        assert_eq!(between(sq("h1"), sq("a8")).count(), 6);
        // The line through b2 and d4 is the long diagonal a1-h8.
        assert_eq!(
            line(sq("b2"), sq("d4")),
            bishop_rays(sq("a1")).with(sq("a1"))
        );
        assert_eq!(line(sq("b2"), sq("c4")), Bitboard::EMPTY);
        assert_eq!(line(sq("a3"), sq("h3")), Bitboard::RANK_1.north().north());
        assert_eq!(rook_rays(sq("a1")).count(), 14);
        assert_eq!(bishop_rays(sq("d4")).count(), 13);
    }

    #[test]
    fn between_and_line_agree_with_walking() {
        for a in Square::all() {
            for b in Square::all() {
                let (df, dr) = (
                    b.file() as i32 - a.file() as i32,
                    b.rank() as i32 - a.rank() as i32,
                );
                let aligned = a != b && (df == 0 || dr == 0 || df.abs() == dr.abs());
                let mut walked = Bitboard::EMPTY;
                let mut whole = Bitboard::EMPTY;
                if aligned {
                    let step = (df.signum(), dr.signum());
                    let mut cur = a.offset(step.0, step.1);
                    while let Some(s) = cur.filter(|&s| s != b) {
                        walked.add(s);
                        cur = s.offset(step.0, step.1);
                    }
                    whole = walk(a, Bitboard::EMPTY, &[step, (-step.0, -step.1)]).with(a);
                }
                assert_eq!(between(a, b), walked, "{a} {b}");
                assert_eq!(line(a, b), whole, "{a} {b}");
                assert!(line(a, b).contains(b) == aligned);
            }
        }
    }
}
