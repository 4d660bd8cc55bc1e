//! Finds test positions for `tests/data/tactics.txt` by random sampling
//! of sparse positions of a given theme, keeping those whose answer the
//! brute-force checks of `tamerlane_testkit::verify` establish. Usage:
//! `cargo run --release -p tamerlane-ai --example gen_tactics -- CATEGORY COUNT SEED`
use tamerlane_ai::Rng;
use tamerlane_core::tamerlane::Position;
use tamerlane_core::{ByColor, Color, Move, MoveKind, Piece, Role, Setup, Square};
use tamerlane_testkit::verify::{allows_win_in_one, material_gain, winning_moves, FORK_GAIN};

const OFFICERS: [Role; 9] = [
    Role::Rook,
    Role::Knight,
    Role::Talia,
    Role::Giraffe,
    Role::Ferz,
    Role::Vizier,
    Role::Elephant,
    Role::Camel,
    Role::Dabbaba,
];

fn rand_sq(rng: &mut Rng, s: &Setup) -> Square {
    loop {
        let sq = Square::new(rng.below(110) as u32).unwrap();
        if s.board.piece_at(sq).is_none() {
            return sq;
        }
    }
}

fn put(rng: &mut Rng, s: &mut Setup, c: Color, r: Role) {
    let sq = rand_sq(rng, s);
    s.board.set(sq, Some(Piece::new(c, r)));
}

fn fmt(ms: &[Move]) -> String {
    let mut v: Vec<String> = ms.iter().map(|m| m.to_string()).collect();
    v.sort();
    v.join(" ")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let cat = args[1].as_str();
    let count: usize = args[2].parse().unwrap();
    let mut rng = Rng::new(args[3].parse().unwrap());
    let mut found = 0;
    let mut tries = 0u64;
    while found < count && tries < 2_000_000 {
        tries += 1;
        let mut s = Setup::empty();
        s.swap_rights = ByColor::default();
        let (w, b) = (Color::White, Color::Black);
        match cat {
            "mate1" | "mate2" | "stalemate" => {
                put(&mut rng, &mut s, w, Role::King);
                put(&mut rng, &mut s, b, Role::King);
                for _ in 0..2 + rng.below(3) {
                    {
                        let r = OFFICERS[rng.below(9)];
                        put(&mut rng, &mut s, w, r);
                    }
                }
                for _ in 0..rng.below(3) {
                    {
                        let r = OFFICERS[rng.below(9)];
                        put(&mut rng, &mut s, b, r);
                    }
                }
            }
            "royals" => {
                put(&mut rng, &mut s, w, Role::King);
                put(&mut rng, &mut s, b, Role::King);
                let r = if rng.below(2) == 0 {
                    Role::Prince
                } else {
                    Role::AdventitiousKing
                };
                put(&mut rng, &mut s, b, r);
                for _ in 0..3 + rng.below(3) {
                    {
                        let r = OFFICERS[rng.below(9)];
                        put(&mut rng, &mut s, w, r);
                    }
                }
            }
            "citadel" => {
                put(&mut rng, &mut s, w, Role::King);
                let k = [Square::K1, Square::K2, Square::K3][rng.below(3)];
                s.board.set(k, Some(Piece::new(b, Role::King)));
                for _ in 0..3 + rng.below(4) {
                    {
                        let r = OFFICERS[rng.below(9)];
                        put(&mut rng, &mut s, w, r);
                    }
                }
                s.turn = b;
            }
            "swap" => {
                put(&mut rng, &mut s, w, Role::King);
                put(&mut rng, &mut s, b, Role::King);
                for _ in 0..1 + rng.below(3) {
                    {
                        let r = OFFICERS[rng.below(9)];
                        put(&mut rng, &mut s, w, r);
                    }
                }
                for _ in 0..2 + rng.below(3) {
                    {
                        let r = OFFICERS[rng.below(9)];
                        put(&mut rng, &mut s, b, r);
                    }
                }
                s.swap_rights.white = true;
            }
            "fork" => {
                put(&mut rng, &mut s, w, Role::King);
                put(&mut rng, &mut s, b, Role::King);
                let file = rng.below(11) as u32;
                let sq = Square::new(9 * 11 + file).unwrap();
                if s.board.piece_at(sq).is_some() {
                    continue;
                }
                s.board.set(sq, Some(Piece::new(w, Role::PawnOfPawns)));
                s.stages.white = 1;
                for _ in 0..1 + rng.below(2) {
                    {
                        let r = OFFICERS[rng.below(9)];
                        put(&mut rng, &mut s, w, r);
                    }
                }
                for _ in 0..2 + rng.below(3) {
                    {
                        let r = OFFICERS[rng.below(9)];
                        put(&mut rng, &mut s, b, r);
                    }
                }
            }
            _ => panic!("unknown category"),
        }
        let Ok(pos) = Position::from_setup(s) else {
            continue;
        };
        // The side not to move must not be attacked.
        let them = !pos.turn();
        if pos
            .royals(them)
            .squares()
            .any(|sq| pos.is_attacked(sq, pos.turn()))
        {
            continue;
        }
        if pos.outcome().is_some() {
            continue;
        }
        let answers: Vec<Move> = match cat {
            "mate1" => {
                let wins = winning_moves(&pos, 1);
                let mates = wins.iter().any(|m| {
                    let mut a = pos.clone();
                    a.play_unchecked(m);
                    a.is_check()
                });
                if wins.is_empty() || !mates || wins.len() > 4 {
                    continue;
                }
                wins
            }
            "stalemate" => {
                let wins = winning_moves(&pos, 1);
                let all_stale = wins.iter().all(|m| {
                    let mut a = pos.clone();
                    a.play_unchecked(m);
                    !a.is_check()
                });
                if wins.is_empty() || !all_stale || wins.len() > 4 {
                    continue;
                }
                wins
            }
            "mate2" | "royals" => {
                if !winning_moves(&pos, 1).is_empty() {
                    continue;
                }
                let wins = winning_moves(&pos, 2);
                if wins.is_empty() || wins.len() > 3 {
                    continue;
                }
                wins
            }
            "citadel" => {
                let moves = pos.legal_moves();
                let cit: Vec<Move> = moves
                    .iter()
                    .filter(|m| m.kind == MoveKind::CitadelEntry)
                    .copied()
                    .collect();
                if cit.is_empty() || moves.len() < 2 {
                    continue;
                }
                if !moves
                    .iter()
                    .filter(|m| m.kind != MoveKind::CitadelEntry)
                    .all(|m| allows_win_in_one(&pos, m))
                {
                    continue;
                }
                cit
            }
            "swap" => {
                if !pos.is_single_royal_attacked() {
                    continue;
                }
                let moves = pos.legal_moves();
                let (swaps, other): (Vec<Move>, Vec<Move>) =
                    moves.iter().partition(|m| m.kind == MoveKind::KingSwap);
                if other.is_empty() || !other.iter().all(|m| allows_win_in_one(&pos, m)) {
                    continue;
                }
                let good: Vec<Move> = swaps
                    .into_iter()
                    .filter(|m| !allows_win_in_one(&pos, m))
                    .collect();
                if good.is_empty() {
                    continue;
                }
                good
            }
            "fork" => {
                let moves = pos.legal_moves();
                let gains: Vec<(Move, i32)> =
                    moves.iter().map(|m| (*m, material_gain(&pos, m))).collect();
                let best = gains.iter().map(|g| g.1).max().unwrap_or(0);
                if best < FORK_GAIN {
                    continue;
                }
                let top: Vec<Move> = gains.iter().filter(|g| g.1 == best).map(|g| g.0).collect();
                if !top.iter().all(|m| m.kind == MoveKind::Placement) {
                    continue;
                }
                let other = gains
                    .iter()
                    .filter(|g| g.0.kind != MoveKind::Placement)
                    .map(|g| g.1)
                    .max()
                    .unwrap_or(i32::MIN);
                if other >= 100 {
                    continue;
                }
                // Without the placement, nothing wins that much.
                top
            }
            _ => unreachable!(),
        };
        found += 1;
        println!("{cat} | {} | {}", pos.to_tfen(), fmt(&answers));
    }
    eprintln!("{cat}: {found} found in {tries} tries");
}
