//! Exact results of Makruk's endings of a King and two short movers (Mets,
//! Mas, Khons), or a Met or a Ma and a Bia, against a bare King
//! (docs/ENGINE.md, "Bare-King endings in Makruk"): the distance to mate
//! of every position with best play, by retrograde analysis, and the count
//! (docs/MAKRUK.md, "Counting") deciding whether that mate comes in time.
//!
//! Most of these endings are draws however long one plays: a Ma and a Met
//! win 4% of their positions, two Mets or two Mas none beyond an immediate
//! mate, a Met and a Bia 0.05% and a Ma and a Bia 2.5% (no count runs
//! while the Bia stands, but time does not help), while a Khon with a Met,
//! a Ma or a Khon wins most (docs/experiments/LOG.md, "Bare-King endings
//! in Makruk: which are won" and "A Met or a Ma with a Bia against a bare
//! King"). An evaluation cannot tell the few won positions from the many
//! drawn ones; the table can, and it is small: one byte for each placement
//! of the four men with the strong side to move (16.7 MB), built before
//! the game ([`build_probed_tables`]) or on first use, and kept for the
//! life of the process. The search probes the Met and Ma endings, and
//! with the switch `biaendings` (off by default) the Bia's, whose tables
//! build in 0.1 to 0.3 s (a Bia's table first builds the table of its
//! piece and a Met, for the promotion); the Khon's take about a second
//! and are left to the evaluation ([`probe`]).

use std::sync::OnceLock;

use tamerlane_core::board8::{attacks, Bitboard, Square};
use tamerlane_core::makruk::{pieces_honour, Position, Role};
use tamerlane_core::Color;

/// A score that is a win but not a mate: a won ending's score is this less
/// its distance to mate in plies, so that the search walks the shortest
/// way. It is below the mate scores and at the bound a net's output is
/// clamped to (nets score real positions within a few thousand).
pub const KNOWN_WIN: i32 = 20_000;

/// "Not won" in a table (a draw with best play, or not a legal position).
const NONE: u8 = u8::MAX;

/// The men a table holds besides the Kings, in the order a table's key
/// lists them: the three short movers, then the Bia (only second, after a
/// Met or a Ma).
const ROLES: [Role; 4] = [Role::Met, Role::Knight, Role::Khon, Role::Pawn];

/// [`ROLES`]' index of the Bia.
const BIA: usize = 3;

/// The squares a Bia can stand on, the strong side playing up the board:
/// its third rank to its fifth (a1 = 0; on the sixth it is a Met).
const BIA_SQUARES: std::ops::Range<usize> = 16..40;

/// The tables of the six pairs of short movers and of the Met and the Ma
/// with a Bia, each built before the game ([`build_probed_tables`]) or
/// when first probed.
static TABLES: [OnceLock<Table>; 8] = [const { OnceLock::new() }; 8];

/// The pairs [`probe`] reads (not the Khon's), each of its own pieces
/// before any Bia's table, which needs it for the promotion.
const PROBED: [[usize; 2]; 5] = [[0, 0], [0, 1], [1, 1], [0, BIA], [1, BIA]];

/// Builds every table [`probe`] reads (with `bia`, the Bia's too), about
/// 2 s on one core and 50 MB (3 s and 84 MB with the Bia's; 16.7 MB a
/// table), so that no search has to: a table built on first probe stalls
/// the search that meets the ending, which under a short clock can lose
/// the game on time. Hosts call it before a game's clock starts
/// ([`Engine::prepare`](crate::Engine::prepare)); once built, it returns
/// at once.
pub fn build_probed_tables(bia: bool) {
    for pair in PROBED {
        if bia || pair[1] != BIA {
            table(pair);
        }
    }
}

/// What a table says of a position, from the side to move's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move mates in this many plies with best play.
    Win(u32),
    /// The side to move is mated in this many plies with best play.
    Loss(u32),
    /// No mate can be forced in time: the game's rules draw it.
    Draw,
}

/// The verdict on `pos` when it is an ending of a King and two of Met and
/// Ma, or (with `bia`: the search switch `biaendings`) one of them and a
/// Bia, against a bare King (`None` for any other position, for the
/// Khon's endings, which the tables hold but the search does not wait
/// for, and under a move limit, which the tables know nothing of), with
/// the count: a mate that would come after the count has drawn the game
/// is a draw. A position with no legal move is for the search to score.
pub fn probe(pos: &Position, bia: bool) -> Option<Verdict> {
    let b = pos.board();
    // The Khon's endings are left to the evaluation: most of their
    // positions are won, so their tables take about a second to build,
    // too long for the search to wait on within a move.
    if b.occupied().count() != 4
        || b.by_role(Role::Khon).any()
        || (!bia && b.by_role(Role::Pawn).any())
        || pos.rules().move_limit().is_some()
    {
        return None;
    }
    let verdict = verdict_without_count(pos)?;
    // No count runs while a Bia stands. Once it is a Met, the count that
    // starts (the pieces' honour of a Met or a Ma with a Met, 64 moves,
    // from 8 plies) leaves more plies than the longest mate of those
    // tables (71): a Bia's verdicts need no count.
    if b.by_role(Role::Pawn).any() {
        return Some(verdict);
    }
    let strong = if b.by_color(Color::White).count() == 3 {
        Color::White
    } else {
        Color::Black
    };
    let own = b.by_color(strong);
    // Plies the count leaves for the mate: its last position may pass the
    // limit (a checkmate comes first), the ones before it may not. With no
    // count running yet, one starts at twice the 4 men within two plies.
    let allowed = match pos.count() {
        Some(count) => i64::from(count.limit_plies()) - i64::from(count.ply()) + 1,
        None => {
            let n = |role| (b.by_role(role) & own).count();
            let limit = pieces_honour(pos.rules().counting(), 0, n(Role::Khon), n(Role::Knight));
            2 * i64::from(limit) - 6
        }
    };
    Some(match verdict {
        Verdict::Win(d) | Verdict::Loss(d) if i64::from(d) > allowed => Verdict::Draw,
        v => v,
    })
}

/// The table's verdict on `pos`, the count left out.
fn verdict_without_count(pos: &Position) -> Option<Verdict> {
    let b = pos.board();
    if b.occupied().count() != 4 {
        return None;
    }
    let strong = Color::ALL
        .into_iter()
        .find(|&c| b.by_color(c).count() == 3)?;
    let own = b.by_color(strong);
    let mut pieces = ROLES
        .iter()
        .enumerate()
        .flat_map(|(i, &role)| (b.by_role(role) & own).into_iter().map(move |sq| (i, sq)));
    let (first, second) = (pieces.next()?, pieces.next()?);
    // The strong side is seen playing up the board (the Khon steps forward).
    let view = |sq: Square| {
        let rank = if strong == Color::White {
            sq.rank()
        } else {
            7 - sq.rank()
        };
        (rank * 8 + sq.file()) as usize
    };
    let pair = [first.0, second.0];
    if pair[1] == BIA && (pair[0] >= 2 || !BIA_SQUARES.contains(&view(second.1))) {
        // A Khon and a Bia, two Bias, or a Bia where it cannot stand.
        return None;
    }
    let table = table(pair);
    let men = Men {
        king: view(b.king(strong)?),
        a: view(first.1),
        b: view(second.1),
        bare: view(b.king(!strong)?),
    };
    let verdict = if pos.turn() == strong {
        match table.strong[men.index()] {
            NONE => Verdict::Draw,
            d => Verdict::Win(u32::from(d)),
        }
    } else {
        table.bare_to_move(men, pair)?
    };
    Some(verdict)
}

/// The score of a [`probe`]'s verdict for the side to move, `draw` being
/// the score of a draw for it.
pub fn score(verdict: Verdict, draw: i32) -> i32 {
    match verdict {
        Verdict::Win(d) => KNOWN_WIN - d as i32,
        Verdict::Loss(d) => -(KNOWN_WIN - d as i32),
        Verdict::Draw => draw,
    }
}

/// The four men's squares, the strong side playing up the board (a1 = 0).
#[derive(Copy, Clone)]
struct Men {
    king: usize,
    a: usize,
    b: usize,
    bare: usize,
}

impl Men {
    fn from_index(i: usize) -> Men {
        Men {
            king: i >> 18,
            a: i >> 12 & 63,
            b: i >> 6 & 63,
            bare: i & 63,
        }
    }

    fn index(self) -> usize {
        ((self.king * 64 + self.a) * 64 + self.b) * 64 + self.bare
    }
}

/// The squares a man attacks from each square, and those it came from,
/// as `u64` sets indexed by square: the rules' own attack tables
/// (`tamerlane_core::board8::attacks`), the strong side playing up the
/// board. A White Khon's step undone is a Black Khon's step; a Bia's is a
/// step back (to its third rank at the lowest), while its attacks are its
/// diagonal steps forward.
struct Steps {
    king: [u64; 64],
    moves: [[u64; 64]; 4],
    back: [[u64; 64]; 4],
}

fn steps() -> &'static Steps {
    static STEPS: OnceLock<Steps> = OnceLock::new();
    STEPS.get_or_init(|| {
        let khon = |color| table_of(move |sq| attacks::khon(color, sq));
        let bia_back = std::array::from_fn(|i| {
            if BIA_SQUARES.contains(&i) && BIA_SQUARES.contains(&(i - 8)) {
                1 << (i - 8)
            } else {
                0
            }
        });
        // In the order of ROLES: Met, Ma, Khon, Bia.
        Steps {
            king: table_of(attacks::king),
            moves: [
                table_of(attacks::ferz),
                table_of(attacks::knight),
                khon(Color::White),
                table_of(|sq| attacks::pawn(Color::White, sq)),
            ],
            back: [
                table_of(attacks::ferz),
                table_of(attacks::knight),
                khon(Color::Black),
                bia_back,
            ],
        }
    })
}

/// `attacks` for each of the 64 squares.
fn table_of(attacks: impl Fn(Square) -> Bitboard) -> [u64; 64] {
    std::array::from_fn(|i| attacks(Square::new_unchecked(i as u32)).0)
}

fn squares(bits: u64) -> impl Iterator<Item = usize> {
    let mut bits = bits;
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            s
        })
    })
}

/// One pair's distances to mate, in plies, with the strong side to move.
struct Table {
    strong: Box<[u8]>,
}

fn table(pair: [usize; 2]) -> &'static Table {
    TABLES[slot(pair)].get_or_init(|| Table::build(pair))
}

/// Where [`TABLES`] keeps the table of `pair`.
fn slot(pair: [usize; 2]) -> usize {
    match pair {
        [0, 0] => 0,
        [0, 1] => 1,
        [0, 2] => 2,
        [1, 1] => 3,
        [1, 2] => 4,
        [2, 2] => 5,
        [0, BIA] => 6,
        _ => 7,
    }
}

impl Table {
    /// The squares the strong side attacks.
    fn attacked(men: Men, pair: [usize; 2]) -> u64 {
        let s = steps();
        s.king[men.king] | s.moves[pair[0]][men.a] | s.moves[pair[1]][men.b]
    }

    /// The verdict with the bare King to move, from its moves (`None` when
    /// it has none: mate or stalemate, for the search).
    fn bare_to_move(&self, men: Men, pair: [usize; 2]) -> Option<Verdict> {
        let s = steps();
        let attacked = Self::attacked(men, pair);
        let mut longest = None;
        for to in squares(s.king[men.bare]) {
            if attacked >> to & 1 == 1 {
                // Attacked, or a piece defended by the other men.
                continue;
            }
            if to == men.a || to == men.b {
                // An undefended piece taken: a King and one piece cannot mate.
                return Some(Verdict::Draw);
            }
            match self.strong[Men { bare: to, ..men }.index()] {
                NONE => return Some(Verdict::Draw),
                d => longest = longest.max(Some(u32::from(d) + 1)),
            }
        }
        longest.map(Verdict::Loss)
    }

    /// Retrograde analysis: the mates, then level by level the positions
    /// one ply further from a mate.
    fn build(pair: [usize; 2]) -> Table {
        let s = steps();
        let n = 1 << 24;
        let mut strong = vec![NONE; n].into_boxed_slice();
        // With the bare King to move: how many of its moves are not yet
        // known to lose (NONE: it has a way out, never lost).
        let mut left = vec![NONE; n];
        let mut level: Vec<u32> = Vec::new();
        for (i, moves_left) in left.iter_mut().enumerate() {
            let men = Men::from_index(i);
            let sq = [men.king, men.a, men.b, men.bare];
            let distinct = (0..4).all(|x| (x + 1..4).all(|y| sq[x] != sq[y]));
            let placed = pair[1] != BIA || BIA_SQUARES.contains(&men.b);
            if !distinct || !placed || s.king[men.king] >> men.bare & 1 == 1 {
                continue;
            }
            let attacked = Self::attacked(men, pair);
            let mut moves = 0u8;
            let mut way_out = false;
            for to in squares(s.king[men.bare]) {
                if to == men.a || to == men.b {
                    let (other, role) = if to == men.a {
                        (men.b, pair[1])
                    } else {
                        (men.a, pair[0])
                    };
                    way_out |= (s.king[men.king] | s.moves[role][other]) >> to & 1 == 0;
                } else if attacked >> to & 1 == 0 {
                    moves += 1;
                }
            }
            if way_out {
                continue;
            }
            if moves == 0 && attacked >> men.bare & 1 == 1 {
                *moves_left = 0;
                level.push(i as u32);
            } else if moves > 0 {
                *moves_left = moves;
            }
        }
        let promotions = if pair[1] == BIA {
            Self::promotions(pair[0])
        } else {
            Vec::new()
        };
        let mut plies = 0u8;
        while (!level.is_empty() || promotions.iter().any(|&(d, _)| d > plies)) && plies < NONE - 1
        {
            let mut next = Vec::new();
            if plies % 2 == 0 {
                // The wins by making the Bia a Met, at this distance.
                for &(d, j) in &promotions {
                    if d == plies + 1 && strong[j as usize] == NONE {
                        strong[j as usize] = d;
                        next.push(j);
                    }
                }
            }
            for &i in &level {
                let men = Men::from_index(i as usize);
                let occupied = 1u64 << men.king | 1 << men.a | 1 << men.b | 1 << men.bare;
                if plies % 2 == 0 {
                    // The bare King is lost: every strong move into it wins.
                    let before = squares(s.king[men.king] & !occupied & !s.king[men.bare])
                        .map(|f| Men { king: f, ..men })
                        .chain(
                            squares(s.back[pair[0]][men.a] & !occupied)
                                .map(|f| Men { a: f, ..men }),
                        )
                        .chain(
                            squares(s.back[pair[1]][men.b] & !occupied)
                                .map(|f| Men { b: f, ..men }),
                        );
                    for p in before {
                        let j = p.index();
                        let check = Self::attacked(p, pair) >> p.bare & 1 == 1;
                        if !check && strong[j] == NONE {
                            strong[j] = plies + 1;
                            next.push(j as u32);
                        }
                    }
                } else {
                    // A strong win: the bare King's move into it is answered.
                    for f in squares(s.king[men.bare] & !occupied & !s.king[men.king]) {
                        let j = Men { bare: f, ..men }.index();
                        if left[j] != NONE && left[j] > 0 {
                            left[j] -= 1;
                            if left[j] == 0 {
                                next.push(j as u32);
                            }
                        }
                    }
                }
            }
            level = next;
            plies += 1;
        }
        Table { strong }
    }

    /// With `piece` (Met or Ma) and a Bia, the strong side to move: the
    /// positions where pushing the Bia to the sixth rank, a Met there, wins,
    /// with the distance to mate that gives (the table of `piece` and a Met
    /// then answers, the bare King to move).
    fn promotions(piece: usize) -> Vec<(u8, u32)> {
        let s = steps();
        // The promoted table's pair, in ROLES order: the new Met first.
        let promoted = [0, piece];
        let table = table(promoted);
        let mut wins = Vec::new();
        for king in 0..64 {
            for a in 0..64 {
                for b in 32..40 {
                    for bare in 0..64 {
                        let men = Men { king, a, b, bare };
                        let sq = [king, a, b, bare, b + 8];
                        let distinct = (0..5).all(|x| (x + 1..5).all(|y| sq[x] != sq[y]));
                        if !distinct
                            || s.king[king] >> bare & 1 == 1
                            || Self::attacked(men, [piece, BIA]) >> bare & 1 == 1
                        {
                            continue;
                        }
                        let after = Men {
                            king,
                            a: b + 8,
                            b: a,
                            bare,
                        };
                        let d = match table.bare_to_move(after, promoted) {
                            Some(Verdict::Loss(d)) => d,
                            // No move: mate when in check, else stalemate.
                            None if Self::attacked(after, promoted) >> bare & 1 == 1 => 0,
                            _ => continue,
                        };
                        if d + 1 < u32::from(NONE) {
                            wins.push((d as u8 + 1, men.index() as u32));
                        }
                    }
                }
            }
        }
        wins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tamerlane_core::makruk::{Counting, Move};
    use tamerlane_core::Rng;

    fn verdict(fen: &str) -> Option<Verdict> {
        probe(&Position::from_fen(fen).unwrap(), true)
    }

    /// `build_probed_tables` builds every table `probe` can read, so that a
    /// prepared engine never builds one in a search: the pairs of Met and
    /// Ma, and each of them with a Bia (never a Khon, which `probe` leaves
    /// alone, nor a Bia first), each in its own slot, and a Bia's table
    /// after the table its promotion leads into.
    #[test]
    fn the_prepared_tables_are_those_probe_reads() {
        let (met, ma) = (0, 1);
        assert_eq!(
            (ROLES[met], ROLES[ma], ROLES[BIA]),
            (Role::Met, Role::Knight, Role::Pawn)
        );
        let read = [[met, met], [met, ma], [ma, ma], [met, BIA], [ma, BIA]];
        let mut slots: Vec<usize> = PROBED.iter().map(|&p| slot(p)).collect();
        for pair in read {
            assert!(slots.contains(&slot(pair)), "{pair:?} is not prepared");
        }
        for (i, pair) in PROBED.into_iter().enumerate() {
            if pair[1] == BIA {
                assert!(
                    PROBED[..i].contains(&[met, pair[0]]),
                    "{pair:?} is built before the table its promotion leads into"
                );
            }
        }
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), PROBED.len(), "two prepared pairs share a slot");
    }

    /// Mates in one, a stalemate and a way out, found by hand.
    #[test]
    fn short_verdicts_found_by_hand() {
        // White: King g6, Met h7 (defended by the King), Ma e5; the bare
        // King on h8 is not in check. Ma e5-f7 is mate: g8 is the Met's,
        // g7 the King's, and the Met on h7 is defended.
        assert_eq!(
            verdict("7k/7M/6K1/4N3/8/8/8/8 w - - 0 1"),
            Some(Verdict::Win(1))
        );
        // The same with Black to move: no move and no check, a stalemate,
        // left to the search.
        assert_eq!(verdict("7k/7M/6K1/4N3/8/8/8/8 b - - 0 1"), None);
        // Colours swapped and the board turned: the same mate for Black.
        assert_eq!(
            verdict("8/8/8/8/4n3/6k1/7m/7K b - - 0 1"),
            Some(Verdict::Win(1))
        );
        // The bare King on h2 takes the undefended Met on g2: a draw.
        assert_eq!(
            verdict("8/8/8/8/8/8/6Mk/KN6 b - - 0 1"),
            Some(Verdict::Draw)
        );
        // A Khon's ending: in the tables, left to the evaluation in play.
        let khon = Position::from_fen("8/8/8/5S2/5K2/5M2/8/7k w - - 0 60").unwrap();
        assert_eq!(probe(&khon, true), None);
        assert!(matches!(
            verdict_without_count(&khon),
            Some(Verdict::Win(_))
        ));
        // Not these endings: one piece, a Ruea, a Bia.
        assert_eq!(verdict("7k/8/6K1/4N3/8/8/8/8 w - - 0 1"), None);
        assert_eq!(verdict("7k/6R1/6K1/4N3/8/8/8/8 w - - 0 1"), None);
        assert_eq!(verdict("7k/7M/6K1/4N3/8/8/P7/8 w - - 0 1"), None);
    }

    /// Distances to mate that Fairy-Stockfish 11.1 confirms: `go depth 26`
    /// reports a mate of the same length (mate in 6 is 11 plies, the mover
    /// mating; docs/experiments/LOG.md, "Bare-King endings in Makruk:
    /// which are won").
    #[test]
    fn distances_confirmed_by_fairy_stockfish() {
        assert_eq!(
            verdict("8/8/8/5N2/5K2/5M2/8/7k w - - 0 60"),
            Some(Verdict::Win(11))
        );
        assert_eq!(
            verdict("8/8/8/8/8/4m3/3k4/Kn6 b - - 0 60"),
            Some(Verdict::Win(11))
        );
        assert_eq!(
            verdict("8/2M5/8/8/1K6/8/N7/k7 w - - 0 60"),
            Some(Verdict::Win(15))
        );
        // Drawn: Fairy-Stockfish at depth 40 finds no mate.
        assert_eq!(
            verdict("8/8/8/3k1M2/4N3/8/4K3/8 w - - 0 74"),
            Some(Verdict::Draw)
        );
        assert_eq!(
            verdict("8/8/k1M5/3K4/3N4/8/8/8 b - 128 8 88"),
            Some(Verdict::Draw)
        );
    }

    /// A Met or a Ma with a Bia, distances from the study solver
    /// (docs/experiments/makruk_bare_king_solver.rs, which shares no code
    /// with this file; docs/experiments/LOG.md, "A Met or a Ma with a Bia
    /// against a bare King"). Fairy-Stockfish 11.1 at `go depth 30` finds
    /// the same mates for the mates in 11 and 35 plies (6 and 18 moves).
    #[test]
    fn bia_endings_agree_with_the_study_solver() {
        let cases = [
            // The Bia pushed to b4 mates on a5 (the Met on b5 and the King
            // on c5 hold the rest), found by hand.
            ("8/8/8/kMK5/8/1P6/8/8 w - - 0 60", Verdict::Win(1)),
            // Mates that end in the Bia made a Met.
            ("2K5/k7/8/1P6/8/3M4/8/8 w - - 0 60", Verdict::Win(29)),
            ("7k/5K2/8/6P1/8/8/7M/8 w - - 0 60", Verdict::Win(11)),
            ("8/8/8/8/4P1K1/8/8/N6k w - - 0 60", Verdict::Win(35)),
            // Black strong: the mate in 11 above with the board turned and
            // the colours swapped (the study solver's distance too).
            ("8/7m/8/8/6p1/8/5k2/7K b - - 0 60", Verdict::Win(11)),
            // Draws: the bare King to move escapes, and two positions of
            // the matches against Fairy-Stockfish (games drawn at the cap).
            ("2K5/k7/8/1P6/8/3M4/8/8 b - - 0 60", Verdict::Draw),
            ("8/8/8/8/K3m2p/4k3/8/8 w - - 0 57", Verdict::Draw),
            ("8/8/3k4/8/3p4/1K2m3/8/8 w - - 0 67", Verdict::Draw),
        ];
        for (fen, expected) in cases {
            assert_eq!(verdict(fen), Some(expected), "{fen}");
        }
        // Not in the tables: a Khon and a Bia, two Bias, a Bia on its
        // second rank (no game reaches it), and a move limit.
        assert_eq!(verdict("8/8/8/8/4P1K1/8/8/S6k w - - 0 60"), None);
        assert_eq!(verdict("8/8/8/8/4P1K1/3P4/8/7k w - - 0 60"), None);
        assert_eq!(verdict("8/8/8/8/6K1/8/4P3/N6k w - - 0 60"), None);
        let limited = Position::from_fen_with_rules(
            "8/8/8/kMK5/8/1P6/8/8 w - - 0 60",
            "move-limit=100".parse().unwrap(),
        )
        .unwrap();
        assert_eq!(probe(&limited, true), None);
        // Without the switch `biaendings`, a Bia's ending is the net's; the
        // two pieces' endings are still probed.
        let bia = Position::from_fen("8/7m/8/8/6p1/8/5k2/7K b - - 0 60").unwrap();
        assert_eq!(probe(&bia, false), None);
        let two = Position::from_fen("8/8/8/5N2/5K2/5M2/8/7k w - - 0 60").unwrap();
        assert_eq!(probe(&two, false), Some(Verdict::Win(11)));
    }

    /// No count runs while a Bia stands, and the one that starts when it
    /// becomes a Met (the pieces' honour of two men besides the King, 64
    /// moves for a Met or a Ma with a Met, from twice the 4 men) leaves
    /// more plies than the longest mate of the two tables a promotion
    /// leads to: [`probe`] needs no count for a Bia's verdicts.
    #[test]
    fn the_count_after_a_promotion_never_cuts_a_mate() {
        for piece in [0, 1] {
            let longest = table([0, piece])
                .strong
                .iter()
                .filter(|&&d| d != NONE)
                .max()
                .copied()
                .unwrap();
            for counting in [Counting::Seed, Counting::FairyStockfish] {
                let limit = pieces_honour(counting, 0, 0, piece as u32);
                // The count starts at 8 plies of 2 * limit; the position
                // after its last ply may still be a mate (as in `probe`).
                let allowed = 2 * u32::from(limit) - 8 + 1;
                // The bare King to move after the promotion: one ply more
                // than the table's longest mate with the strong side to move.
                let longest_after_promotion = u32::from(longest) + 1;
                assert!(
                    longest_after_promotion <= allowed,
                    "{piece}: {longest} {allowed}"
                );
            }
        }
    }

    /// A mate in 11 plies needs the count to allow 11: at ply 118 of 128 the
    /// plies 119 to 128 may be played and the mate comes on the 11th; at
    /// ply 119 it would come after the count has drawn the game.
    #[test]
    fn the_count_draws_a_mate_that_comes_too_late() {
        assert_eq!(
            verdict("8/8/8/5N2/5K2/5M2/8/7k w - 128 118 60"),
            Some(Verdict::Win(11))
        );
        assert_eq!(
            verdict("8/8/8/5N2/5K2/5M2/8/7k w - 128 119 60"),
            Some(Verdict::Draw)
        );
    }

    /// The table's moves are the rules' moves: for random positions of each
    /// pair, either colour strong, the verdict agrees with the verdicts
    /// after every legal move (as the core's move generator plays them):
    /// a win in d has a move to a loss in d - 1 and none to a shorter
    /// loss; a loss in d has every move to a win in at most d - 1 and one
    /// to a win in d - 1; a draw has a move to a draw and none to a loss,
    /// or, for the bare King, a move to a draw. The count is left out
    /// (positions without one, far from any limit: the verdicts' plies are
    /// all below 114).
    #[test]
    fn verdicts_agree_with_the_moves_of_the_rules() {
        let mut rng = Rng::new(29);
        for pair in [
            ['M', 'N'],
            ['M', 'S'],
            ['S', 'S'],
            ['N', 'S'],
            ['M', 'M'],
            ['N', 'N'],
            ['M', 'P'],
            ['N', 'P'],
        ] {
            let mut checked = 0;
            while checked < 300 {
                let white = rng.below(2) == 0;
                let mut board = ['.'; 64];
                let men = [
                    if white { 'K' } else { 'k' },
                    pair[0],
                    pair[1],
                    if white { 'k' } else { 'K' },
                ];
                let mut ok = true;
                for (i, &m) in men.iter().enumerate() {
                    let sq = rng.below(64);
                    let letter = if i == 1 || i == 2 {
                        if white {
                            m
                        } else {
                            m.to_ascii_lowercase()
                        }
                    } else {
                        m
                    };
                    ok &= board[sq] == '.';
                    board[sq] = letter;
                }
                if !ok {
                    continue;
                }
                let fen = fen_of(&board, if rng.below(2) == 0 { 'w' } else { 'b' });
                let Ok(pos) = Position::from_fen(&fen) else {
                    continue;
                };
                let Some(v) = verdict_without_count(&pos) else {
                    continue;
                };
                let after: Vec<Option<Verdict>> = pos
                    .legal_moves()
                    .into_iter()
                    .map(|m: Move| {
                        let mut next = pos.clone();
                        next.play_unchecked(&m);
                        // Pieces and no count: set one aside (a capture
                        // leaves a King and one piece: a draw).
                        let next = Position::from_fen(&with_no_count(&next.to_fen())).unwrap();
                        if next.board().occupied().count() < 4 {
                            return Some(Verdict::Draw);
                        }
                        if next.legal_moves().is_empty() {
                            return Some(if next.is_check() {
                                Verdict::Loss(0)
                            } else {
                                Verdict::Draw
                            });
                        }
                        verdict_without_count(&next)
                    })
                    .collect();
                let (mut losses, mut wins) = (Vec::new(), Vec::new());
                for v in after.iter().flatten() {
                    match *v {
                        Verdict::Loss(d) => losses.push(d),
                        Verdict::Win(d) => wins.push(d),
                        Verdict::Draw => {}
                    }
                }
                let draws = after.iter().filter(|v| **v == Some(Verdict::Draw)).count();
                match v {
                    Verdict::Win(d) => {
                        assert_eq!(
                            losses.iter().min(),
                            Some(&(d - 1)),
                            "{fen}: {v:?} {after:?}"
                        )
                    }
                    Verdict::Loss(d) => {
                        assert!(
                            draws == 0 && wins.len() == after.len(),
                            "{fen}: {v:?} {after:?}"
                        );
                        assert_eq!(wins.iter().max(), Some(&(d - 1)), "{fen}: {v:?} {after:?}");
                    }
                    Verdict::Draw => {
                        assert!(losses.is_empty() && draws > 0, "{fen}: {v:?} {after:?}")
                    }
                }
                checked += 1;
            }
        }
    }

    fn fen_of(board: &[char; 64], turn: char) -> String {
        let rows: Vec<String> = (0..8)
            .rev()
            .map(|rank| {
                let mut row = String::new();
                let mut empty = 0;
                for file in 0..8 {
                    match board[rank * 8 + file] {
                        '.' => empty += 1,
                        c => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(c);
                        }
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect();
        format!("{} {turn} - - 0 60", rows.join("/"))
    }

    /// `fen` with its count dropped (the verdicts compared are the table's,
    /// without the count).
    fn with_no_count(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        format!("{} {} - - 0 60", f[0], f[1])
    }
}
