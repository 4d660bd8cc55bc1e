//! The `tamerlane` command-line tool: perft, legal moves, applying moves,
//! game outcomes, record validation, the engine protocol, analysis, play
//! and matches for Tamerlane chess (and, with `--game chess` or `--game
//! makruk`, for FIDE chess and Makruk: one path for the three games, over
//! `tamerlane_ai::AnyGame`).
//!
//! Results go to stdout; errors go to stderr with exit code 2.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

mod datagen_cmd;
mod engine_cmd;
mod game_args;
mod games;
mod interrupt;
mod record_cmd;
mod serve;
use game_args::GameArgs;
use games::{apply, game_after, outcome_text, sorted_moves, start};
use tamerlane_ai::{AnyGame, AnyRules};
use tamerlane_core::io::{read_line_bounded, LineRead};

/// Tamerlane chess tools.
#[derive(Parser)]
#[command(name = "tamerlane", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate a file of game records: plies and result per game, or the error.
    Pgn(record_cmd::PgnArgs),
    /// Count legal move sequences of DEPTH plies (leaves per second on stderr).
    Perft {
        /// Number of plies, 0 to 20.
        #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
        depth: u32,
        /// Start position (default: the start position of the rules); a FEN
        /// with `--game chess` or `makruk`.
        #[arg(long, alias = "fen")]
        tfen: Option<String>,
        #[command(flatten)]
        game: GameArgs,
        /// Print `MOVE: COUNT` for each root move before the total.
        #[arg(long)]
        divide: bool,
    },
    /// Print the sorted legal moves of the position after MOVEs, on one line.
    #[command(mut_arg("stdin", |a| a.help("Read one position per line and print one line of moves for each")))]
    #[command(mut_arg("moves", |a| a.help("Moves to play first (coordinate moves; UCI with `--game chess` or `makruk`)")))]
    Moves(PositionArgs),
    /// Read `POSITION | MOVE` lines and print the resulting position for each.
    Apply {
        /// Read the lines from standard input (the only mode).
        #[arg(long, required = true)]
        stdin: bool,
        #[command(flatten)]
        game: GameArgs,
    },
    /// Print `none`, or `<white|black|draw> <reason>`, for the game made of MOVEs.
    #[command(mut_arg("stdin", |a| a.help("Read `POSITION | MOVE MOVE ...` lines and print the outcome of each game")))]
    #[command(mut_arg("moves", |a| a.help("Moves of the game (coordinate moves; UCI with `--game chess` or `makruk`)")))]
    Outcome(PositionArgs),
    /// Run the engine protocol (a UCI dialect) on stdin/stdout.
    Engine {
        /// The game and rule set before any `setoption name UCI_Variant`
        /// or `setoption name Rules`.
        #[command(flatten)]
        game: GameArgs,
        /// A net file (docs/ENGINE.md, "Networks (NNUE)"): the engine
        /// evaluates the game the file names with it, as after `setoption
        /// name EvalFile value PATH`.
        #[arg(long, value_name = "PATH")]
        eval_file: Option<std::path::PathBuf>,
    },
    /// Analyse a position: one `info` line per iteration, then the best move.
    Analyze(engine_cmd::AnalyzeArgs),
    /// Play against the engine in the terminal.
    Play(engine_cmd::PlayArgs),
    /// Play an engine-vs-engine match and report score, Elo and SPRT.
    Match(Box<engine_cmd::MatchArgs>),
    /// Write self-play positions with engine scores and results (for tuning).
    Datagen(datagen_cmd::DatagenArgs),
    /// Serve a web board for the three games on this machine (docs/WEB.md).
    Serve(serve::ServeArgs),
}

/// The arguments of `moves` and `outcome`: a game from a position and
/// moves, or `--stdin` lines (each command words the help of `--stdin`
/// and of the moves).
#[derive(clap::Args)]
struct PositionArgs {
    /// Start position (default: the start position of the rules); a FEN
    /// with `--game chess` or `makruk`.
    #[arg(long, alias = "fen", conflicts_with = "stdin")]
    tfen: Option<String>,
    #[command(flatten)]
    game: GameArgs,
    /// Read the input from stdin, one line at a time.
    #[arg(long)]
    stdin: bool,
    /// Moves to play from the position.
    #[arg(conflicts_with = "stdin")]
    moves: Vec<String>,
}

impl PositionArgs {
    /// Prints `answer` of each `--stdin` line, or else `of_game` of the
    /// game after the moves.
    fn run(
        self,
        answer: impl Fn(&str, AnyRules) -> Result<String, String>,
        of_game: impl FnOnce(&AnyGame) -> String,
    ) -> Result<(), String> {
        let rules = self.game.rules()?;
        if self.stdin {
            return each_line(|l| answer(l, rules));
        }
        say(of_game(&game_after(
            self.tfen.as_deref(),
            rules,
            &self.moves,
        )?))
    }
}

/// Writes one line to stdout; a closed pipe or full disk is an error, not a panic.
fn say(line: impl std::fmt::Display) -> Result<(), String> {
    writeln!(io::stdout().lock(), "{line}").map_err(|e| format!("writing to stdout: {e}"))
}

/// `POSITION | MOVE MOVE ...` -> the outcome of that game under `rules`.
fn outcome_line(line: &str, rules: AnyRules) -> Result<String, String> {
    let (fen, moves) = line.split_once('|').unwrap_or((line, ""));
    let moves: Vec<&str> = moves.split_whitespace().collect();
    Ok(outcome_text(&game_after(Some(fen), rules, &moves)?))
}

/// Prints a perft result (or the divide rows and their sum) on stdout and
/// the speed on stderr.
fn report_perft<M: std::fmt::Display>(
    depth: u32,
    split: bool,
    divide: impl FnOnce() -> Vec<(M, u64)>,
    perft: impl FnOnce() -> u64,
) -> Result<(), String> {
    let t = Instant::now();
    let total = if split {
        let rows = divide();
        let mut out = BufWriter::new(io::stdout().lock());
        for (m, n) in &rows {
            writeln!(out, "{m}: {n}").map_err(|e| e.to_string())?;
        }
        out.flush().map_err(|e| e.to_string())?;
        rows.iter()
            .map(|(_, n)| n)
            .sum::<u64>()
            .max(u64::from(depth == 0))
    } else {
        perft()
    };
    let secs = t.elapsed().as_secs_f64();
    say(total)?;
    eprintln!(
        "{total} leaves in {secs:.3} s: {:.1} M leaves/s",
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

/// The longest `--stdin` line read, in bytes: far above any TFEN (at most
/// 512 bytes) with a move; a longer line is read and dropped without being
/// held in memory, and answered with an error line.
const MAX_STDIN_LINE_BYTES: usize = 1 << 16;

/// Runs `f` on each input line (line endings stripped) and prints its
/// result, or `error: ...`, one output line per input line.
fn each_line(f: impl Fn(&str) -> Result<String, String>) -> Result<(), String> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut line = Vec::new();
    loop {
        let read = read_line_bounded(&mut input, &mut line, MAX_STDIN_LINE_BYTES)
            .map_err(|e| format!("reading stdin: {e}"))?;
        let result = match read {
            LineRead::End => break,
            LineRead::TooLong => {
                format!("error: line longer than {MAX_STDIN_LINE_BYTES} bytes")
            }
            LineRead::Line => {
                f(&String::from_utf8_lossy(&line)).unwrap_or_else(|e| format!("error: {e}"))
            }
        };
        writeln!(out, "{result}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Pgn(a) => record_cmd::run(a),
        Command::Datagen(a) => datagen_cmd::run(a),
        Command::Perft {
            depth,
            tfen,
            game,
            divide: split,
        } => {
            let g = start(tfen.as_deref(), game.rules()?)?;
            report_perft(depth, split, || g.divide(depth), || g.perft(depth))
        }
        Command::Moves(args) => args.run(
            |l, rules| start(Some(l), rules).map(|g| sorted_moves(&g)),
            sorted_moves,
        ),
        Command::Apply { game, .. } => {
            let rules = game.rules()?;
            each_line(|l| {
                let (fen, mv) = l
                    .rsplit_once('|')
                    .ok_or_else(|| format!("expected `{} | MOVE`", position_name(rules)))?;
                apply(fen, mv.trim(), rules)
            })
        }
        Command::Outcome(args) => args.run(outcome_line, outcome_text),
        Command::Engine { game, eval_file } => engine_cmd::engine(game.rules()?, eval_file),
        Command::Analyze(args) => engine_cmd::analyze(args),
        Command::Play(args) => engine_cmd::play(args),
        Command::Match(args) => engine_cmd::run(*args),
        Command::Serve(args) => serve::run(args),
    }
}

/// What a position is written as: `TFEN` for Tamerlane, `FEN` otherwise.
fn position_name(rules: AnyRules) -> &'static str {
    match rules {
        AnyRules::Tamerlane(_) => "TFEN",
        AnyRules::Chess(_) | AnyRules::Makruk(_) => "FEN",
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
