//! Reads a TFEN (argument or the initial position), prints the board, its
//! legal moves and whether the game is over.
//!
//! `cargo run --example tfen -- "11/K10/11/11/11/11/11/11/10k/11 w - 00 0 1"`

use tamerlane::tamerlane::Position;

fn main() {
    let arg = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let pos = if arg.is_empty() {
        Position::new()
    } else {
        match Position::from_tfen(&arg) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
    };
    println!("{pos}");
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    println!("{} legal moves: {}", moves.len(), moves.join(" "));
    match pos.outcome() {
        Some(o) => println!("game over: {o}"),
        None => println!("game goes on"),
    }
}
