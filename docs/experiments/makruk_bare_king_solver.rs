//! A throwaway retrograde solver for the Makruk endings of a King and two
//! pieces against a bare King (docs/experiments/LOG.md, "Bare-King endings
//! in Makruk: which are won"): the distance to mate, in plies, of every
//! position, with best play and without the count, for two pieces among
//! the Met (`M`), the Ma (`N`) and the Khon (`S`), or one of them and a
//! Bia (`P`, given second). A study tool, not part of
//! the engine; it has its own move tables and shares no code with
//! `tamerlane-core`, so that its results check the engine rather than
//! repeat it.
//!
//!     rustc -O -o makruk_bare_king_solver docs/experiments/makruk_bare_king_solver.rs
//!     ./makruk_bare_king_solver MN < positions.txt
//!
//! It prints, for the strong side to move, how many legal positions there
//! are, how many are won and the longest mate; then, for each FEN line on
//! standard input with that material (either colour strong), the side to
//! move and the distance to mate (`draw` when none). Moves: the King one
//! step any way, the Met one step diagonally, the Ma a knight's jump, the
//! Khon one step diagonally or one straight forward, the Bia one step
//! straight forward, taking one step diagonally forward, from the third
//! rank to the fifth and made a Met on the sixth (docs/MAKRUK.md). A
//! capture by the bare King leaves a King and one piece, which cannot
//! mate, so such a capture counts as a draw; a bare King with no move and
//! not in check is stalemated, a draw in Makruk. A Bia made a Met leads to
//! the table of its piece and a Met, solved first.

use std::io::Read;

const UNKNOWN: u8 = u8::MAX;

/// The squares one step or jump away by `deltas` (file, rank), a1 = 0.
fn targets(deltas: &[(i32, i32)]) -> Vec<u64> {
    (0..64)
        .map(|s: i32| {
            let (f, r) = (s % 8, s / 8);
            deltas
                .iter()
                .filter(|&&(df, dr)| (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)))
                .fold(0u64, |b, &(df, dr)| b | 1 << ((r + dr) * 8 + f + df))
        })
        .collect()
}

/// The Bia's squares, the strong side playing up the board: the third
/// rank to the fifth (a1 = 0).
const BIA_SQUARES: std::ops::Range<usize> = 16..40;

/// A piece's attacks and its moves undone (the Khon's forward step undone
/// goes back a rank; the Bia's attacks are its diagonal steps forward, its
/// step undone a step back to the third rank at the lowest), the strong
/// side playing up the board.
fn piece(letter: char) -> (Vec<u64>, Vec<u64>) {
    let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    match letter {
        'P' => {
            let back = (0..64)
                .map(|s| {
                    if BIA_SQUARES.contains(&s) && BIA_SQUARES.contains(&(s - 8)) {
                        1u64 << (s - 8)
                    } else {
                        0
                    }
                })
                .collect();
            (targets(&[(1, 1), (-1, 1)]), back)
        }
        'M' => (targets(&diagonal), targets(&diagonal)),
        'N' => {
            let jumps = [
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ];
            (targets(&jumps), targets(&jumps))
        }
        'S' => {
            let (mut ahead, mut back) = (diagonal.to_vec(), diagonal.to_vec());
            ahead.push((0, 1));
            back.push((0, -1));
            (targets(&ahead), targets(&back))
        }
        _ => unreachable!("main checks the letters"),
    }
}

fn squares(b: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |s| b >> s & 1 == 1)
}

/// Index of (strong King, first piece, second piece, bare King).
fn index(k: usize, a: usize, b: usize, w: usize) -> usize {
    ((k * 64 + a) * 64 + b) * 64 + w
}

struct Tables {
    /// Strong side to move: plies to mate, or UNKNOWN (not won).
    strong: Vec<u8>,
    /// Bare King to move: plies to mate, or UNKNOWN (not lost).
    bare: Vec<u8>,
}

fn solve(material: [char; 2]) -> (Tables, u64, u64, u8) {
    let king = targets(&[
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ]);
    let (a_moves, a_back) = piece(material[0]);
    let (b_moves, b_back) = piece(material[1]);
    let bia = material[1] == 'P';
    // With a Bia: the table of the first piece and a Met, for the Bia made
    // a Met on the sixth rank (the bare King then to move).
    let promoted = bia.then(|| solve([material[0], 'M']).0);
    let placed = |b: usize| !bia || BIA_SQUARES.contains(&b);
    let n = 64usize.pow(4);
    let mut t = Tables {
        strong: vec![UNKNOWN; n],
        bare: vec![UNKNOWN; n],
    };
    // The bare King's moves not yet answered by a win (UNKNOWN: it can
    // escape to a draw, never lost).
    let mut left = vec![UNKNOWN; n];
    let mut level = Vec::new();
    let distinct = |s: [usize; 4]| (0..4).all(|i| (i + 1..4).all(|j| s[i] != s[j]));
    for k in 0..64 {
        for a in 0..64 {
            for b in 0..64 {
                for w in 0..64 {
                    if !distinct([k, a, b, w]) || king[k] >> w & 1 == 1 || !placed(b) {
                        continue;
                    }
                    let attacked = king[k] | a_moves[a] | b_moves[b];
                    let mut moves = 0u8;
                    let mut escape = false;
                    for to in squares(king[w]) {
                        if to == a {
                            escape |= (king[k] | b_moves[b]) >> to & 1 == 0;
                        } else if to == b {
                            escape |= (king[k] | a_moves[a]) >> to & 1 == 0;
                        } else if attacked >> to & 1 == 0 {
                            moves += 1;
                        }
                    }
                    let i = index(k, a, b, w);
                    if escape {
                        continue;
                    }
                    if moves == 0 && attacked >> w & 1 == 1 {
                        t.bare[i] = 0;
                        level.push(i);
                    } else if moves > 0 {
                        left[i] = moves;
                    }
                }
            }
        }
    }
    // The Bia made a Met, by the strong side to move (not in check given):
    // a win when the bare King is lost in the promoted table, one ply on.
    let mut promotions: Vec<(u8, usize)> = Vec::new();
    if let Some(p) = &promoted {
        for k in 0..64 {
            for a in 0..64 {
                for b in 32..40 {
                    for w in 0..64 {
                        let (i, j) = (index(k, a, b, w), index(k, a, b + 8, w));
                        if distinct([k, a, b + 8, w])
                            && king[k] >> w & 1 == 0
                            && (king[k] | a_moves[a] | b_moves[b]) >> w & 1 == 0
                            && p.bare[j] != UNKNOWN
                        {
                            promotions.push((p.bare[j] + 1, i));
                        }
                    }
                }
            }
        }
    }
    let mut plies = 0u8;
    while !level.is_empty() || promotions.iter().any(|&(d, _)| d > plies) {
        let mut next = Vec::new();
        if plies % 2 == 0 {
            for &(d, j) in &promotions {
                if d == plies + 1 && t.strong[j] == UNKNOWN {
                    t.strong[j] = d;
                    next.push(j);
                }
            }
        }
        for &i in &level {
            let (k, a, b, w) = (i >> 18, i >> 12 & 63, i >> 6 & 63, i & 63);
            let occupied = 1u64 << k | 1 << a | 1 << b | 1 << w;
            if plies % 2 == 0 {
                // The bare King is lost: every strong move that led here wins.
                let before = squares(king[k] & !occupied & !king[w])
                    .map(|f| index(f, a, b, w))
                    .chain(squares(a_back[a] & !occupied).map(|f| index(k, f, b, w)))
                    .chain(squares(b_back[b] & !occupied).map(|f| index(k, a, f, w)));
                for j in before {
                    let (k, a, b, w) = (j >> 18, j >> 12 & 63, j >> 6 & 63, j & 63);
                    let check = (king[k] | a_moves[a] | b_moves[b]) >> w & 1 == 1;
                    if !check && t.strong[j] == UNKNOWN {
                        t.strong[j] = plies + 1;
                        next.push(j);
                    }
                }
            } else {
                // A strong win: the bare King's move that led here is answered.
                for f in squares(king[w] & !occupied & !king[k]) {
                    let j = index(k, a, b, f);
                    if left[j] != UNKNOWN && left[j] > 0 {
                        left[j] -= 1;
                        if left[j] == 0 {
                            t.bare[j] = plies + 1;
                            next.push(j);
                        }
                    }
                }
            }
        }
        level = next;
        plies += 1;
    }
    let (mut legal, mut won, mut longest) = (0u64, 0u64, 0u8);
    for k in 0..64 {
        for a in 0..64 {
            for b in 0..64 {
                for w in 0..64 {
                    let check = (king[k] | a_moves[a] | b_moves[b]) >> w & 1 == 1;
                    if !distinct([k, a, b, w]) || check || !placed(b) {
                        continue;
                    }
                    legal += 1;
                    let d = t.strong[index(k, a, b, w)];
                    if d != UNKNOWN {
                        won += 1;
                        longest = longest.max(d);
                    }
                }
            }
        }
    }
    (t, legal, won, longest)
}

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "MN".into());
    let letters: Vec<char> = arg.chars().collect();
    if letters.len() != 2 || !"MNS".contains(letters[0]) || !"MNSP".contains(letters[1]) {
        eprintln!(
            "usage: makruk_bare_king_solver PIECES < FENS (PIECES: two of M, N, S, as MN, \
             or one and a Bia P, as MP)"
        );
        std::process::exit(2);
    }
    let material = [letters[0], letters[1]];
    let (t, legal, won, longest) = solve(material);
    println!(
        "K+{arg} against K, the strong side to move: {legal} legal positions, {won} won ({:.1}%), \
         the longest mate {longest} plies",
        100.0 * won as f64 / legal as f64
    );
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("standard input");
    for line in input.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let mut men: Vec<(char, usize)> = Vec::new();
        for (row, text) in fields[0].split('/').enumerate() {
            let mut file = 0;
            for c in text.chars() {
                match c.to_digit(10) {
                    Some(d) => file += d as usize,
                    None => {
                        men.push((c, (7 - row) * 8 + file));
                        file += 1;
                    }
                }
            }
        }
        let white_men = men.iter().filter(|(c, _)| c.is_ascii_uppercase()).count();
        if men.len() != 4 || (white_men != 1 && white_men != 3) {
            println!("{line} | not K+{arg} against K");
            continue;
        }
        let white_strong = white_men == 3;
        // Seen from the strong side, playing up the board.
        let view = |sq: usize| {
            if white_strong {
                sq
            } else {
                (7 - sq / 8) * 8 + sq % 8
            }
        };
        let strong = |c: char| c.is_ascii_uppercase() == white_strong;
        let find = |letter: char, skip: Option<usize>| {
            men.iter()
                .filter(|&&(c, s)| strong(c) && c.to_ascii_uppercase() == letter && Some(s) != skip)
                .map(|&(_, s)| s)
                .next()
        };
        let (Some(k), Some(w)) = (
            find('K', None),
            men.iter()
                .find(|&&(c, _)| c.to_ascii_uppercase() == 'K' && !strong(c))
                .map(|&(_, s)| s),
        ) else {
            println!("{line} | not K+{arg} against K");
            continue;
        };
        let Some(a) = find(material[0], None) else {
            println!("{line} | not K+{arg} against K");
            continue;
        };
        let Some(b) = find(material[1], Some(a)) else {
            println!("{line} | not K+{arg} against K");
            continue;
        };
        if material[1] == 'P' && !BIA_SQUARES.contains(&view(b)) {
            println!("{line} | a Bia off the third to fifth ranks");
            continue;
        }
        let strong_to_move = (fields[1] == "w") == white_strong;
        let i = index(view(k), view(a), view(b), view(w));
        let d = if strong_to_move {
            t.strong[i]
        } else {
            t.bare[i]
        };
        let mover = if strong_to_move {
            "the strong side"
        } else {
            "the bare King"
        };
        if d == UNKNOWN {
            println!("{line} | {mover} to move | draw");
        } else {
            println!("{line} | {mover} to move | mate in {d} plies");
        }
    }
}
