//! `tamerlane pgn FILE`: validates a file of game records and prints, per
//! game, the number of plies and the result, or the error.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::PathBuf;

use clap::Args;
use tamerlane_core::{read_records, RuleSet, RuleSetError};

/// Arguments of `tamerlane pgn`.
#[derive(Args)]
pub struct PgnArgs {
    /// The record file to read (`-` for standard input).
    pub file: PathBuf,
    /// Also print the final position of each valid game as TFEN.
    #[arg(long)]
    pub tfen: bool,
    /// The rule set of games that have no `Rules` tag (docs/RULES.md,
    /// "Rule options"; default: the standard rules).
    #[arg(long, value_name = "RULES", default_value = "")]
    pub rules: String,
}

/// Reads every game of the file and prints one line per game:
/// `game N: P plies, RESULT [TERMINATION][, final TFEN]` or
/// `game N: error: line L, column C: ...`. Fails (exit code 2) when a game
/// is bad or the file cannot be opened.
pub fn run(args: PgnArgs) -> Result<(), String> {
    let rules: RuleSet = args
        .rules
        .parse()
        .map_err(|e: RuleSetError| e.to_string())?;
    let name = args.file.display().to_string();
    let input: Box<dyn io::BufRead> = if name == "-" {
        Box::new(BufReader::new(io::stdin()))
    } else {
        let f = File::open(&args.file).map_err(|e| format!("{name}: {e}"))?;
        Box::new(BufReader::with_capacity(1 << 16, f))
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let (mut good, mut bad, mut plies) = (0usize, 0usize, 0usize);
    for (i, item) in read_records(input).with_default_rules(rules).enumerate() {
        let line = match item {
            Ok(rec) => {
                good += 1;
                let n = rec.game().moves().len();
                plies += n;
                let mut line = format!("game {}: {n} plies, {}", i + 1, rec.result());
                if let Some(t) = rec.tag("Termination") {
                    line.push(' ');
                    line.push_str(t);
                }
                if args.tfen {
                    line.push_str(", final ");
                    line.push_str(&rec.game().position().to_tfen());
                }
                line
            }
            Err(e) => {
                bad += 1;
                format!(
                    "game {}: error: line {}, column {}: {}",
                    e.game, e.line, e.column, e.kind
                )
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
