//! Repeats one legality query on a position, for instruction counts under
//! callgrind (see "Early stop" in `docs/BENCHMARKS.md`).
//!
//! `cargo run --release --example legality_queries -- QUERY COUNT MOVE [TFEN]`
//!
//! `QUERY` is `has_legal_moves`, `find_move` or `is_legal`; `COUNT` is the
//! number of calls; `MOVE` is the coordinate move that `find_move` and
//! `is_legal` look up (ignored by `has_legal_moves`, but required); the
//! position is the initial one unless a TFEN follows. The number of
//! positive answers is printed, so that the calls cannot be optimised away.

use std::hint::black_box;

use tamerlane::tamerlane::Position;
use tamerlane::CoordMove;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [query, count, mv, tfen @ ..] = args.as_slice() else {
        return Err("usage: legality_queries QUERY COUNT MOVE [TFEN]".into());
    };
    let count: u32 = count.parse()?;
    let pos = if tfen.is_empty() {
        Position::new()
    } else {
        Position::from_tfen(&tfen.join(" "))?
    };
    let coord: CoordMove = mv.parse()?;
    let m = pos.find_move(coord)?;
    let mut hits = 0u32;
    for _ in 0..count {
        let pos = black_box(&pos);
        let hit = match query.as_str() {
            "has_legal_moves" => pos.has_legal_moves(),
            "find_move" => pos.find_move(black_box(coord)).is_ok(),
            "is_legal" => pos.is_legal(black_box(&m)),
            other => return Err(format!("unknown query {other:?}").into()),
        };
        hits += u32::from(hit);
    }
    println!("{hits} of {count}");
    Ok(())
}
