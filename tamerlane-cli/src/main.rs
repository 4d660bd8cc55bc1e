//! The `tamerlane` command-line tool: perft, legal moves, applying moves and
//! game outcomes for Tamerlane chess positions (and, with `--game chess`
//! or `--game makruk`, for FIDE chess and Makruk).
//!
//! Results go to stdout; errors go to stderr with exit code 2.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};

mod arena;
mod chess_cmd;
mod datagen_cmd;
mod engine_cmd;
mod external;
mod makruk_cmd;
mod positions;
mod record_cmd;
use positions::{game_after, start, RulesArg};
use tamerlane_core::io::{read_line_bounded, LineRead};
use tamerlane_core::{chess, divide, perft, Position, RuleSet};

/// Tamerlane chess tools.
#[derive(Parser)]
#[command(name = "tamerlane", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The game a subcommand works on.
#[derive(Copy, Clone, Default, PartialEq, Eq, ValueEnum)]
enum GameKind {
    /// Tamerlane chess: positions as TFEN, coordinate moves.
    #[default]
    Tamerlane,
    /// FIDE chess: positions as FEN, UCI moves, rules `draws=automatic`.
    Chess,
    /// Makruk: Fairy-Stockfish FEN positions, UCI moves (`e5e6m`), rule
    /// options `counting`, `repetition`, `move-limit`.
    Makruk,
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
        rules: RulesArg,
        /// Print `MOVE: COUNT` for each root move before the total.
        #[arg(long)]
        divide: bool,
        /// The game.
        #[arg(long, value_enum, default_value_t)]
        game: GameKind,
    },
    /// Print the sorted legal moves of the position after MOVEs, on one line.
    Moves {
        /// Start position (default: the start position of the rules); a FEN
        /// with `--game chess` or `makruk`.
        #[arg(long, alias = "fen", conflicts_with = "stdin")]
        tfen: Option<String>,
        #[command(flatten)]
        rules: RulesArg,
        /// Read one position per line and print one line of moves for each.
        #[arg(long)]
        stdin: bool,
        /// Moves to play first (coordinate moves; UCI with `--game chess`).
        #[arg(conflicts_with = "stdin")]
        moves: Vec<String>,
        /// The game.
        #[arg(long, value_enum, default_value_t)]
        game: GameKind,
    },
    /// Read `POSITION | MOVE` lines and print the resulting position for each.
    Apply {
        /// Read the lines from standard input (the only mode).
        #[arg(long, required = true)]
        stdin: bool,
        #[command(flatten)]
        rules: RulesArg,
        /// The game.
        #[arg(long, value_enum, default_value_t)]
        game: GameKind,
    },
    /// Print `none`, or `<white|black|draw> <reason>`, for the game made of MOVEs.
    Outcome {
        /// Start position (default: the start position of the rules); a FEN
        /// with `--game chess` or `makruk`.
        #[arg(long, alias = "fen", conflicts_with = "stdin")]
        tfen: Option<String>,
        #[command(flatten)]
        rules: RulesArg,
        /// Read `POSITION | MOVE MOVE ...` lines and print the outcome of each game.
        #[arg(long)]
        stdin: bool,
        /// Moves of the game (coordinate moves; UCI with `--game chess` or `makruk`).
        #[arg(conflicts_with = "stdin")]
        moves: Vec<String>,
        /// The game.
        #[arg(long, value_enum, default_value_t)]
        game: GameKind,
    },
    /// Run the engine protocol (a UCI dialect) on stdin/stdout.
    Engine {
        /// The rule set before any `setoption name Rules` (see `--rules`
        /// of the other commands).
        #[command(flatten)]
        rules: RulesArg,
    },
    /// Analyse a position: one `info` line per iteration, then the best move.
    Analyze(engine_cmd::AnalyzeArgs),
    /// Play against the engine in the terminal.
    Play(engine_cmd::PlayArgs),
    /// Play an engine-vs-engine match and report score, Elo and SPRT.
    Match(Box<engine_cmd::MatchArgs>),
    /// Write self-play positions with engine scores and results (for tuning).
    Datagen(datagen_cmd::DatagenArgs),
}

/// Writes one line to stdout; a closed pipe or full disk is an error, not a panic.
fn say(line: impl std::fmt::Display) -> Result<(), String> {
    writeln!(io::stdout().lock(), "{line}").map_err(|e| format!("writing to stdout: {e}"))
}

fn sorted_moves(pos: &Position) -> String {
    sorted(pos.legal_moves().iter())
}

/// The moves' strings, sorted, on one line.
fn sorted<M: std::fmt::Display>(moves: impl Iterator<Item = M>) -> String {
    let mut moves: Vec<String> = moves.map(|m| m.to_string()).collect();
    moves.sort();
    moves.join(" ")
}

fn apply_line(line: &str, rules: RuleSet) -> Result<String, String> {
    let (tfen, mv) = line
        .rsplit_once('|')
        .ok_or_else(|| "expected `TFEN | MOVE`".to_owned())?;
    let mut pos = Position::from_tfen_with_rules(tfen.trim(), rules).map_err(|e| e.to_string())?;
    pos.play_str(mv.trim()).map_err(|e| e.to_string())?;
    Ok(pos.to_tfen())
}

/// `none` or the outcome (`white checkmate`, `draw citadel`, ...).
fn outcome_text(outcome: Option<impl std::fmt::Display>) -> String {
    outcome.map_or_else(|| "none".to_owned(), |o| o.to_string())
}

/// `TFEN | MOVE MOVE ...` -> the outcome of that game.
fn outcome_line(line: &str, rules: RuleSet) -> Result<String, String> {
    let (tfen, moves) = line.split_once('|').unwrap_or((line, ""));
    let moves: Vec<String> = moves.split_whitespace().map(str::to_owned).collect();
    Ok(outcome_text(
        game_after(Some(tfen), rules, &moves)?.outcome(),
    ))
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
    if let Some(result) = makruk_cmd::run(&cli.command) {
        return result;
    }
    match cli.command {
        Command::Pgn(a) => record_cmd::run(a),
        Command::Datagen(a) => datagen_cmd::run(a),
        Command::Perft {
            depth,
            tfen,
            rules,
            divide: split,
            game: GameKind::Tamerlane,
        } => {
            let pos = start(tfen.as_deref(), rules.parse()?)?;
            report_perft(depth, split, || divide(&pos, depth), || perft(&pos, depth))
        }
        Command::Perft {
            depth,
            tfen,
            rules,
            divide: split,
            game: GameKind::Chess,
        } => {
            rules.parse::<chess::Rules>()?;
            let pos = chess_cmd::start(tfen.as_deref())?;
            report_perft(
                depth,
                split,
                || chess::divide(&pos, depth),
                || chess::perft(&pos, depth),
            )
        }
        Command::Moves {
            stdin: true,
            rules,
            game: GameKind::Tamerlane,
            ..
        } => {
            let rules = rules.parse()?;
            each_line(|l| {
                Position::from_tfen_with_rules(l.trim(), rules)
                    .map(|p| sorted_moves(&p))
                    .map_err(|e| e.to_string())
            })
        }
        Command::Moves {
            stdin: true,
            rules,
            game: GameKind::Chess,
            ..
        } => {
            rules.parse::<chess::Rules>()?;
            each_line(chess_cmd::moves_line)
        }
        Command::Moves {
            tfen,
            rules,
            moves,
            game: GameKind::Tamerlane,
            ..
        } => {
            let game = game_after(tfen.as_deref(), rules.parse()?, &moves)?;
            say(sorted_moves(game.position()))
        }
        Command::Moves {
            tfen,
            rules,
            moves,
            game: GameKind::Chess,
            ..
        } => {
            let game = chess_cmd::game_after(tfen.as_deref(), rules.parse()?, &moves)?;
            say(chess_cmd::sorted_moves(game.position()))
        }
        Command::Apply {
            rules,
            game: GameKind::Tamerlane,
            ..
        } => {
            let rules = rules.parse()?;
            each_line(|l| apply_line(l, rules))
        }
        Command::Apply {
            rules,
            game: GameKind::Chess,
            ..
        } => {
            rules.parse::<chess::Rules>()?;
            each_line(chess_cmd::apply_line)
        }
        Command::Engine { rules } => engine_cmd::engine(rules.parse()?),
        // `makruk_cmd::run` above has answered every Makruk command.
        Command::Perft {
            game: GameKind::Makruk,
            ..
        }
        | Command::Moves {
            game: GameKind::Makruk,
            ..
        }
        | Command::Apply {
            game: GameKind::Makruk,
            ..
        }
        | Command::Outcome {
            game: GameKind::Makruk,
            ..
        } => Err("internal error: a Makruk command was not dispatched".into()),
        Command::Analyze(args) => engine_cmd::analyze(args),
        Command::Play(args) => engine_cmd::play(args),
        Command::Match(args) => engine_cmd::run(*args),
        Command::Outcome {
            tfen,
            rules,
            stdin,
            moves,
            game: GameKind::Tamerlane,
        } => {
            let rules = rules.parse()?;
            if stdin {
                return each_line(|l| outcome_line(l, rules));
            }
            let game = game_after(tfen.as_deref(), rules, &moves)?;
            say(outcome_text(game.outcome()))
        }
        Command::Outcome {
            tfen,
            rules,
            stdin,
            moves,
            game: GameKind::Chess,
        } => {
            let rules = rules.parse()?;
            if stdin {
                return each_line(|l| chess_cmd::outcome_line(l, rules));
            }
            let game = chess_cmd::game_after(tfen.as_deref(), rules, &moves)?;
            say(outcome_text(game.outcome()))
        }
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
