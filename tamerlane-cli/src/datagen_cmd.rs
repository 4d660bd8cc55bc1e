//! `tamerlane datagen`: self-play positions with engine scores and game
//! results, for tuning the evaluation (`tamerlane-ai/examples/texel.rs`)
//! and for research in Python, in any of the three games (`--game`).
//!
//! The games are played by the engine library ([`tamerlane_ai::datagen`]):
//! the engine plays itself at a fixed node count per move (one thread)
//! from random openings. Game `i` depends only on the seed and `i` (its
//! opening is drawn from a generator seeded with both), so the same
//! `--seed` gives the same file, and `--first F --games N` writes games
//! `[F, F + N)` of the run: files of consecutive ranges, their position
//! lines put together, are the file of the whole range. (Before the
//! openings were drawn per game, one sequence of openings was drawn for
//! the whole file: a seed's file is not what it was then.)
//!
//! The file (the library's shard, `docs/ENGINE.md`, "Self-play data"):
//!
//! ```text
//! # tamerlane datagen 1
//! # game tamerlane rules default seed 1 first 0 count 100 nodes 5000 opening-plies 6 config full
//! POSITION | SCORE | RESULT
//! ```
//!
//! `POSITION` is a TFEN for Tamerlane, a FEN for chess and Makruk; `SCORE`
//! the search's score in centipawns from White's point of view (a mate is
//! written as `±30000`), `RESULT` the game's result for White: `1`, `0.5`
//! or `0`. Lines starting with `#` are comments.
//!
//! `--format binary` writes fixed-size records instead
//! ([`tamerlane_ai::datagen::binary`]), by default only the quiet
//! positions (`--filter quiet`: not in check, the best move not a
//! capture); `--filter all` keeps every searched position, and `--filter
//! quiet` filters the text too. `--openings FILE` starts game `i` from the
//! file's position `i mod N` (one TFEN or FEN a line) before the random
//! plies.

use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::Args;
use tamerlane_ai::datagen::{
    binary, settings_line, write_shard, DatagenError, Filter, Format, Output, Settings,
};

use crate::game_args::GameArgs;

/// Arguments of `tamerlane datagen`.
#[derive(Args)]
pub struct DatagenArgs {
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Index of the first game (the file holds games FIRST to FIRST+GAMES-1
    /// of the seed's run).
    #[arg(long, default_value_t = 0)]
    pub first: u64,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Random plies from the start position making each opening.
    #[arg(long, default_value_t = 6)]
    pub opening_plies: usize,
    /// The most plies a game plays after its opening; a game still going
    /// then ends there as a draw
    #[arg(long, default_value_t = tamerlane_ai::datagen::MAX_PLIES, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_plies: usize,
    /// Seed of the openings (the same seed gives the same file).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The engine configuration (docs/ENGINE.md), e.g. `full`.
    #[arg(long, default_value = "full")]
    pub config: String,
    /// A net file (docs/ENGINE.md, "Networks (NNUE)"): the engine
    /// evaluates the game the file names with it instead of the embedded
    /// net.
    #[arg(long, value_name = "PATH")]
    pub eval_file: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub game: GameArgs,
    /// The file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// The file's format: `text` (lines `POSITION | SCORE | RESULT`) or
    /// `binary` (fixed-size records, docs/ENGINE.md).
    #[arg(long, default_value = "text", value_parser = clap::value_parser!(Format))]
    pub format: Format,
    /// Which searched positions are written: `quiet` (not in check, the
    /// best move not a capture) or `all`. Default: `quiet` for the binary
    /// format, `all` for text.
    #[arg(long, value_parser = clap::value_parser!(Filter))]
    pub filter: Option<Filter>,
    /// A file of start positions, one TFEN or FEN a line: game I starts
    /// from its position I mod N, then the random plies.
    #[arg(long)]
    pub openings: Option<PathBuf>,
}

/// Plays the games and writes the file; prints a summary line.
pub fn run(args: DatagenArgs) -> Result<(), String> {
    let rules = args.game.rules()?;
    let book = match &args.openings {
        None => None,
        Some(p) => Some(crate::games::read_book(p, rules)?),
    };
    let mut nets = tamerlane_ai::nnue::Nets::embedded();
    if let Some(p) = &args.eval_file {
        nets.load_file(p)
            .map_err(|e| format!("--eval-file {}: {e}", p.display()))?;
    }
    let settings = Settings {
        nets,
        seed: args.seed,
        nodes: args.nodes,
        opening_plies: args.opening_plies,
        max_plies: args.max_plies,
        config: args.config.clone(),
        book,
        ..Settings::new(rules)
    };
    let output = Output {
        format: args.format,
        filter: args.filter.unwrap_or(args.format.default_filter()),
    };
    // Checked before the file is created.
    args.config
        .parse::<tamerlane_ai::SearchConfig>()
        .map_err(|e| format!("--config: {e}"))?;
    let line = settings_line(&settings, args.first, args.games);
    if output.format == Format::Binary && line.len() > binary::SETTINGS_SIZE {
        return Err(format!(
            "the settings line ({} bytes) does not fit the binary header's {}: shorten --config",
            line.len(),
            binary::SETTINGS_SIZE
        ));
    }
    let path = args.out.display();
    let file = File::create(&args.out).map_err(|e| format!("{path}: {e}"))?;
    let mut out = BufWriter::new(file);
    let never = AtomicBool::new(false);
    let positions = write_shard(&settings, output, args.first, args.games, &never, &mut out)
        .map_err(|e| match e {
            DatagenError::Io(e) => format!("{path}: {e}"),
            e => e.to_string(),
        })?;
    println!(
        "{} games, {positions} positions written to {path}",
        args.games
    );
    Ok(())
}
