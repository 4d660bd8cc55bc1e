//! `tamerlane pgn FILE`: validates a file of game records and prints, per
//! game, the number of plies and the result, or the error. The records of
//! the three games are read by the core's record reader (chess and Makruk
//! games, with `--game`, as PGN with SAN moves).

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;

use clap::Args;
use tamerlane_ai::AnyRules;
use tamerlane_core::{chess, makruk, tamerlane, Position, RecordReader};

use crate::game_args::GameArgs;

/// Arguments of `tamerlane pgn`.
#[derive(Args)]
pub struct PgnArgs {
    /// The record file to read (`-` for standard input).
    pub file: PathBuf,
    /// Also print the final position of each valid game as TFEN (FEN for
    /// chess and Makruk).
    #[arg(long, alias = "fen")]
    pub tfen: bool,
    /// The game, and the rule set of games that have no `Rules` tag
    /// (chess and Makruk games are all read under `--rules`).
    #[command(flatten)]
    pub game: GameArgs,
}

/// One game of the file, as printed.
enum Summary {
    /// A valid game: plies, result token, `Termination` tag, final position.
    Game(usize, String, Option<String>, String),
    /// A bad game: its number (from 1), line, column, message.
    Error(usize, usize, usize, String),
}

/// Reads every game of the file and prints one line per game:
/// `game N: P plies, RESULT [TERMINATION][, final TFEN]` or
/// `game N: error: line L, column C: ...`. Fails (exit code 2) when a game
/// is bad or the file cannot be opened.
pub fn run(args: PgnArgs) -> Result<(), String> {
    let rules = args.game.rules()?;
    let name = args.file.display().to_string();
    let input: Box<dyn BufRead> = if name == "-" {
        Box::new(BufReader::new(io::stdin()))
    } else {
        let f = File::open(&args.file).map_err(|e| format!("{name}: {e}"))?;
        Box::new(BufReader::with_capacity(1 << 16, f))
    };
    let games: Box<dyn Iterator<Item = Summary>> = match rules {
        AnyRules::Tamerlane(r) => summaries::<tamerlane::Position>(input, r),
        AnyRules::Chess(r) => summaries::<chess::Position>(input, r),
        AnyRules::Makruk(r) => summaries::<makruk::Position>(input, r),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let (mut good, mut bad, mut plies) = (0usize, 0usize, 0usize);
    for (i, item) in games.enumerate() {
        let line = match item {
            Summary::Game(n, result, termination, fen) => {
                good += 1;
                plies += n;
                let mut line = format!("game {}: {n} plies, {result}", i + 1);
                if let Some(t) = termination {
                    line.push(' ');
                    line.push_str(&t);
                }
                if args.tfen {
                    line.push_str(", final ");
                    line.push_str(&fen);
                }
                line
            }
            Summary::Error(game, l, c, message) => {
                bad += 1;
                format!("game {game}: error: line {l}, column {c}: {message}")
            }
        };
        writeln!(out, "{line}").map_err(|e| format!("writing to stdout: {e}"))?;
    }
    out.flush().map_err(|e| format!("writing to stdout: {e}"))?;
    eprintln!(
        "{name}: {} games, {good} valid, {bad} with errors, {plies} plies in the valid games",
        good + bad
    );
    if bad > 0 {
        Err(format!("{name}: {bad} of {} games have errors", good + bad))
    } else {
        Ok(())
    }
}

/// The summaries of the games of kind `P` in `input`, those without a
/// `Rules` tag read under `rules`.
fn summaries<P: Position>(
    input: Box<dyn BufRead>,
    rules: P::Rules,
) -> Box<dyn Iterator<Item = Summary>> {
    let reader = RecordReader::<_, P>::new(input).with_default_rules(rules);
    Box::new(reader.map(|item| match item {
        Ok(rec) => Summary::Game(
            rec.game().moves().len(),
            rec.result().to_string(),
            rec.tag("Termination").map(str::to_owned),
            rec.game().position().to_fen(),
        ),
        Err(e) => Summary::Error(e.game, e.line, e.column, e.kind.to_string()),
    }))
}
