//! The engine plays one full game against itself at a short time per move,
//! printing which evaluation it uses (the embedded network, or the
//! hand-made evaluation when the crate was built without one), the moves in
//! algebraic notation, the board, and the result.
//!
//! `cargo run --release --example engine_game -- [MS_PER_MOVE]` (default 30)

use std::time::Duration;

use tamerlane::ai::{Engine, Limits};
use tamerlane::tamerlane::{Game, Position};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let ms: u64 = std::env::args().nth(1).as_deref().unwrap_or("30").parse()?;
    let limits = Limits::new().movetime(Duration::from_millis(ms));
    let mut engines = [Engine::new(), Engine::new()];
    let mut game = Game::new();
    let evaluation = if engines[0].uses_net::<Position>() {
        "the embedded network"
    } else {
        "the hand-made evaluation"
    };
    println!("evaluation: {evaluation}\n");
    println!("{}\n", game.position());
    let mut line = String::new();
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        let side = game.turn().index();
        let result = engines[side].search(&game, &limits, |_| {});
        let m = result
            .best
            .ok_or("the engine found no move in a live game")?;
        let san = game.position().san(&m);
        if side == 0 {
            line.push_str(&format!("{}. ", game.position().fullmoves()));
        }
        line.push_str(&san);
        line.push(' ');
        game.play(&m)?;
        if line.len() > 70 {
            println!("{}", line.trim_end());
            line.clear();
        }
        if game.moves().len() % 40 == 0 {
            println!("\n{}\n", game.position());
        }
    };
    println!("{}\n", line.trim_end());
    println!("{}\n", game.position());
    println!("{} plies, {ms} ms per move: {outcome}", game.moves().len());
    Ok(())
}
