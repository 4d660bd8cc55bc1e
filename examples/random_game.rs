//! Plays a random game from the initial position and prints it.
//!
//! `cargo run --release --example random_game -- [SEED]`

use tamerlane::ai::Rng;
use tamerlane::tamerlane::{Game, Position};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed: u64 = std::env::args().nth(1).as_deref().unwrap_or("1").parse()?;
    let mut rng = Rng::new(seed);
    let mut game = Game::new();
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        let moves = game.position().legal_moves();
        let m = moves[rng.below(moves.len())];
        game.play(&m)?;
    };
    let text: Vec<String> = game
        .moves()
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let pair: Vec<String> = pair.iter().map(|m| m.to_string()).collect();
            format!("{}. {}", i + 1, pair.join(" "))
        })
        .collect();
    println!("{}", text.join(" "));
    println!();
    println!("{}", game.position());
    println!();
    println!("{} plies: {}", game.moves().len(), outcome);
    assert_ne!(game.position(), &Position::new());
    Ok(())
}
