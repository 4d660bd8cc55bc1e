//! Perft from a TFEN (default: the initial position).
//!
//! `cargo run --release --example perft -- 4 [TFEN]`

use std::time::Instant;

use tamerlane::perft;
use tamerlane::tamerlane::Position;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().as_deref().unwrap_or("4").parse()?;
    let tfen: Vec<String> = args.collect();
    let pos = if tfen.is_empty() {
        Position::new()
    } else {
        Position::from_tfen(&tfen.join(" "))?
    };
    for d in 1..=depth {
        let start = Instant::now();
        let n = perft(&pos, d);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "depth {d}: {n} ({:.3} s, {:.1} M leaves/s)",
            secs,
            n as f64 / secs / 1e6
        );
    }
    Ok(())
}
