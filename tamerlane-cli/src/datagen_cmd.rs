//! `tamerlane datagen`: self-play positions with engine scores and game
//! results, for tuning the evaluation (`tamerlane-ai/examples/texel.rs`)
//! and for research in Python.
//!
//! The engine plays itself at a fixed node count per move (one thread, so
//! a seed gives the same file every time) from random openings. Every
//! position where a move was searched is written, after the game ends, as
//! one line:
//!
//! ```text
//! TFEN | SCORE | RESULT
//! ```
//!
//! `SCORE` is the search's score in centipawns from White's point of view
//! (a mate is written as `±30000`), `RESULT` the game's result for White:
//! `1`, `0.5` or `0`. The file starts with a comment line
//! `# tamerlane datagen 1` and may hold other lines starting with `#`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use clap::Args;
use tamerlane_ai::{AnyGame, AnyRules, Engine, Limits, Score, SearchConfig};
use tamerlane_core::{Color, RuleSet};

use crate::arena::random_openings;

/// The first line of a data file.
pub const HEADER: &str = "# tamerlane datagen 1";

/// A mate, as written in the score column.
const MATE_SCORE: i32 = 30_000;

/// Arguments of `tamerlane datagen`.
#[derive(Args)]
pub struct DatagenArgs {
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Random plies from the start position making each opening.
    #[arg(long, default_value_t = 6)]
    pub opening_plies: usize,
    /// Seed of the openings (the same seed gives the same file).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The engine configuration (docs/ENGINE.md), e.g. `full`.
    #[arg(long, default_value = "full")]
    pub config: String,
    /// Rule set (docs/RULES.md, "Rule options").
    #[arg(long, default_value = "")]
    pub rules: String,
    /// The file to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// Plays the games and writes the file; prints a summary line.
pub fn run(args: DatagenArgs) -> Result<(), String> {
    let rules: RuleSet = args.rules.parse().map_err(|e| format!("{e}"))?;
    let config: SearchConfig = args.config.parse().map_err(|e| format!("{e}"))?;
    let file = File::create(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let mut out = BufWriter::new(file);
    let io_err = |e: std::io::Error| format!("{}: {e}", args.out.display());
    writeln!(out, "{HEADER}").map_err(io_err)?;
    writeln!(
        out,
        "# games {} nodes {} opening-plies {} seed {} config {} rules {}",
        args.games, args.nodes, args.opening_plies, args.seed, args.config, rules
    )
    .map_err(io_err)?;
    // The openings, as games of Tamerlane (the rules make them so).
    let openings: Vec<_> = random_openings(
        args.games,
        args.opening_plies,
        args.seed,
        AnyRules::Tamerlane(rules),
    )
    .into_iter()
    .filter_map(|g| match g {
        AnyGame::Tamerlane(g) => Some(g),
        _ => None,
    })
    .collect();
    let games = openings.len();
    let mut engine = Engine::builder().hash_mib(16).config(config).build();
    let limits = Limits::new().nodes(args.nodes);
    let mut positions = 0;
    for mut game in openings {
        engine.new_game();
        let mut lines: Vec<(String, i32)> = Vec::new();
        while !game.is_over() {
            let r = engine.search(&game, &limits, |_| {});
            let Some(m) = r.best else {
                break;
            };
            let score = match r.score {
                Score::Cp(c) => c,
                Score::Mate(n) if n > 0 => MATE_SCORE,
                Score::Mate(_) => -MATE_SCORE,
            };
            let white = if game.turn() == Color::White {
                score
            } else {
                -score
            };
            lines.push((game.position().to_tfen(), white));
            game.play(&m)
                .map_err(|e| format!("the engine played an illegal move {m}: {e}"))?;
        }
        let result = match game.outcome().and_then(|o| o.winner) {
            Some(Color::White) => "1",
            Some(Color::Black) => "0",
            None => "0.5",
        };
        for (tfen, score) in &lines {
            writeln!(out, "{tfen} | {score} | {result}").map_err(io_err)?;
        }
        positions += lines.len();
    }
    out.flush().map_err(io_err)?;
    println!(
        "{games} games, {positions} positions written to {}",
        args.out.display()
    );
    Ok(())
}
