//! The engine commands of the `tamerlane` tool: `engine` (the UCI dialect
//! on stdin/stdout), `analyze`, `play` (a human against the engine, or the
//! engine against itself) and `match` (engine against engine: in-process
//! configurations or engine commands speaking the protocol).

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::game_args::GameArgs;
use crate::games::{game_after, outcome_text, play_text, sorted_moves, undo_two};
use clap::Args;
use tamerlane_ai::arena::{
    random_openings, run_match, Clock, GameEnd, GameRecord, MatchOptions, PlayerSetup, SetupError,
    Sprt, SprtState, SprtStop, Tally,
};
use tamerlane_ai::external::Timeouts;
use tamerlane_ai::nnue::Nets;
use tamerlane_ai::uci::{self, info_line};
use tamerlane_ai::{AnyGame, AnyRules, Engine, Limits, SearchConfig};
use tamerlane_core::Color;

/// Options of `tamerlane analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// Position to analyse (default: the initial position): a TFEN, or a
    /// FEN with `--game chess` or `makruk`.
    #[arg(long, alias = "fen")]
    tfen: Option<String>,
    /// Search depth in plies.
    #[arg(long)]
    depth: Option<u32>,
    /// Time to think in milliseconds (default: 5000 when no depth/nodes).
    #[arg(long)]
    movetime: Option<u64>,
    /// Node limit.
    #[arg(long)]
    nodes: Option<u64>,
    /// Search threads (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Transposition table size in MiB (1 to 65536, as the protocol's Hash option).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    hash: u32,
    /// The search configuration (docs/ENGINE.md), e.g. `full` (the net
    /// where there is one) or `full,hce` (the hand-made evaluation).
    #[arg(long, default_value = "full")]
    config: String,
    /// A net file (docs/ENGINE.md, "Networks (NNUE)"): the engine
    /// evaluates the game the file names with it instead of the embedded
    /// net.
    #[arg(long, value_name = "PATH")]
    eval_file: Option<PathBuf>,
    #[command(flatten)]
    game: GameArgs,
    /// Moves to play from the position first (coordinate moves; UCI with
    /// `--game chess` or `makruk`).
    moves: Vec<String>,
}

/// Options of `tamerlane play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Start position (default: the initial position): a TFEN, or a FEN
    /// with `--game chess` or `makruk`.
    #[arg(long, alias = "fen")]
    tfen: Option<String>,
    /// The human's colour: `white` or `black`.
    #[arg(long, default_value = "white")]
    color: String,
    /// Engine time per move in milliseconds.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// The engine plays both sides (a demonstration game).
    #[arg(long)]
    auto: bool,
    /// A net file (docs/ENGINE.md, "Networks (NNUE)"): the engine
    /// evaluates the game the file names with it instead of the embedded
    /// net.
    #[arg(long, value_name = "PATH")]
    eval_file: Option<PathBuf>,
    #[command(flatten)]
    game: GameArgs,
}

/// Options of `tamerlane match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Player A: an in-process configuration (see `docs/ENGINE.md`), e.g.
    /// `full`, `plain`, `full,-lmr`, `full,material`.
    #[arg(long, default_value = "full")]
    a: String,
    /// Player A as an engine command speaking the protocol, instead of
    /// `--a`: the program and its arguments, split like a shell's words
    /// (quotes, backslashes; no expansion), e.g. `"tamerlane engine"`.
    #[arg(long, value_name = "COMMAND", conflicts_with = "a")]
    a_cmd: Option<String>,
    /// Player A's name in the report and the records (default: the
    /// configuration, or the command).
    #[arg(long)]
    a_name: Option<String>,
    /// An option of A's engine command, `NAME=VALUE`, sent as `setoption
    /// name NAME value VALUE` (repeatable).
    #[arg(long, value_name = "NAME=VALUE", requires = "a_cmd")]
    a_option: Vec<String>,
    /// A net file for the in-process player A (docs/ENGINE.md, "Networks
    /// (NNUE)"), instead of the embedded net of the game it names.
    #[arg(long, value_name = "PATH", conflicts_with = "a_cmd")]
    a_eval_file: Option<String>,
    /// Player B: an in-process configuration.
    #[arg(long, default_value = "plain")]
    b: String,
    /// Player B as an engine command, instead of `--b`.
    #[arg(long, value_name = "COMMAND", conflicts_with = "b")]
    b_cmd: Option<String>,
    /// Player B's name.
    #[arg(long)]
    b_name: Option<String>,
    /// An option of B's engine command, `NAME=VALUE` (repeatable).
    #[arg(long, value_name = "NAME=VALUE", requires = "b_cmd")]
    b_option: Vec<String>,
    /// A net file for the in-process player B.
    #[arg(long, value_name = "PATH", conflicts_with = "b_cmd")]
    b_eval_file: Option<String>,
    /// Number of games (an even number plays every opening with both colours).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Time per move in milliseconds (both players).
    #[arg(long)]
    movetime: Option<u64>,
    /// Player A's time per move in milliseconds, instead of `--movetime`
    /// (time odds).
    #[arg(long, value_name = "MS")]
    a_movetime: Option<u64>,
    /// Player B's time per move in milliseconds, instead of `--movetime`.
    #[arg(long, value_name = "MS")]
    b_movetime: Option<u64>,
    /// Nodes per move (both players).
    #[arg(long)]
    nodes: Option<u64>,
    /// Depth per move (both players).
    #[arg(long)]
    depth: Option<u32>,
    /// A clock for each player, kept by the arbiter: `BASE[+INC]` in
    /// seconds, e.g. `10+0.1`.
    #[arg(long, value_name = "BASE[+INC]")]
    tc: Option<String>,
    /// Random plies from the initial position making each opening.
    #[arg(long, default_value_t = 4)]
    opening_plies: usize,
    /// A file of start positions, one TFEN (Tamerlane) or FEN (chess,
    /// Makruk) a line, blank lines and lines starting with `#` skipped:
    /// the match's openings, played in order as they are, each with both
    /// colours, instead of random ones (`--opening-plies` and `--seed` do
    /// not apply).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["opening_plies", "seed"])]
    openings: Option<PathBuf>,
    /// Adjudicate a game that reaches this many plies (after the opening)
    /// as a draw, with `Termination` `adjudication` (default: play to the
    /// rules' end).
    #[arg(long, value_name = "PLIES")]
    max_plies: Option<usize>,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop early by SPRT: `ELO0,ELO1` (alpha = beta = 0.05).
    #[arg(long)]
    sprt: Option<String>,
    /// Write the games to this file, each as soon as it ends, as standard
    /// game records (`docs/NOTATION.md`): Tamerlane's record format, PGN
    /// with SAN for chess and Makruk.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Transposition table size in MiB: of each in-process engine (default
    /// 16), and sent to engine commands as the `Hash` option when given.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=65536))]
    hash: Option<u32>,
    /// Milliseconds an engine command gets to answer `uci` and `isready`.
    #[arg(long, default_value_t = 10_000)]
    timeout: u64,
    /// Milliseconds an engine command gets for a move without a time
    /// limit (`--nodes` or `--depth` only).
    #[arg(long, default_value_t = 60_000)]
    move_timeout: u64,
    /// Milliseconds allowed beyond `--movetime` or the clock before a move
    /// loses on time.
    #[arg(long, default_value_t = 1_000)]
    margin: u64,
    /// The game and the arbiter's rules. An engine command is told the game
    /// by `UCI_Variant` (chess, Makruk) and the rules by a `Rules` option if
    /// it lists one; Fairy-Stockfish's Makruk needs
    /// `--rules counting=fairy-stockfish` so that both sides agree on game
    /// ends.
    #[command(flatten)]
    game: GameArgs,
}

/// `tamerlane engine`: the protocol on stdin/stdout, starting with the
/// game and rules given, and with the net file `eval_file` if given (as if
/// `setoption name EvalFile` came first; a refused file is an error here).
pub fn engine(rules: AnyRules, eval_file: Option<PathBuf>) -> Result<(), String> {
    let out: uci::Output = Arc::new(Mutex::new(io::stdout()));
    let first = match eval_file {
        Some(p) => {
            nets_with(Some(&p))?;
            format!("setoption name EvalFile value {}\n", p.display())
        }
        None => String::new(),
    };
    let input = io::Read::chain(io::Cursor::new(first), io::stdin().lock());
    uci::run_with_rules(input, out, rules);
    Ok(())
}

/// The embedded nets, with the net file at `path` (if any) for the game
/// it names.
fn nets_with(path: Option<&Path>) -> Result<Nets, String> {
    let mut nets = Nets::embedded();
    if let Some(p) = path {
        nets.load_file(p)
            .map_err(|e| format!("--eval-file {}: {e}", p.display()))?;
    }
    Ok(nets)
}

/// `tamerlane analyze`: prints each iteration as an `info` line, then the best move.
pub fn analyze(args: AnalyzeArgs) -> Result<(), String> {
    let game = game_after(args.tfen.as_deref(), args.game.rules()?, &args.moves)?;
    let config: SearchConfig = args.config.parse().map_err(|e| format!("--config: {e}"))?;
    let mut engine = Engine::builder()
        .hash_mib(args.hash as usize)
        .threads(usize::from(args.threads))
        .config(config)
        .nets(nets_with(args.eval_file.as_deref())?)
        .build();
    eprintln!(
        "evaluation: {}",
        if engine.uses_net_for(game.variant()) {
            "network"
        } else {
            "hand-made"
        }
    );
    let mut limits = per_move_limits(args.depth, args.nodes, args.movetime);
    if limits == Limits::new() {
        limits.movetime = Some(Duration::from_millis(5000));
    }
    let r = engine.search_any(&game, &limits, |i| {
        println!("{}", info_line(i));
        let _ = io::stdout().flush();
    });
    match r.best {
        Some(m) => println!("bestmove {m}"),
        None => println!("bestmove (none)"),
    }
    eprintln!(
        "{} nodes in {:.3} s: {:.0} nodes/s",
        r.nodes,
        r.time.as_secs_f64(),
        r.nodes as f64 / r.time.as_secs_f64().max(1e-9)
    );
    Ok(())
}

fn show(game: &AnyGame) {
    println!("{}", game.board_text());
    println!("{} to move  ({})", game.turn(), game.fen());
}

/// `tamerlane play`: a human against the engine in the terminal.
pub fn play(args: PlayArgs) -> Result<(), String> {
    let mut game = game_after(args.tfen.as_deref(), args.game.rules()?, &[] as &[&str])?;
    let human = match args.color.as_str() {
        "white" | "w" => Color::White,
        "black" | "b" => Color::Black,
        other => return Err(format!("--color: `{other}` is not white or black")),
    };
    let mut engine = Engine::builder()
        .hash_mib(64)
        .nets(nets_with(args.eval_file.as_deref())?)
        .build();
    let limits = Limits::new().movetime(Duration::from_millis(args.movetime));
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    show(&game);
    loop {
        if game.outcome().is_some() {
            println!("game over: {}", outcome_text(&game));
            println!("moves: {}", game.moves().join(" "));
            return Ok(());
        }
        if args.auto || game.turn() != human {
            let r = engine.search_any(&game, &limits, |_| {});
            let m = r.best.ok_or("the engine found no move")?;
            game.play_uci(&m)
                .map_err(|e| format!("engine move {m}: {e}"))?;
            println!(
                "{}. {} {m}   (score {}, depth {})",
                game.moves().len().div_ceil(2),
                if game.turn() == Color::Black {
                    "white"
                } else {
                    "black"
                },
                r.score,
                r.depth
            );
            show(&game);
            continue;
        }
        print!("your move (coordinates like f3f4, or algebraic; `moves`, `undo`, `quit`): ");
        let _ = io::stdout().flush();
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let line = line.map_err(|e| e.to_string())?;
        match line.trim() {
            "" => {}
            "quit" | "exit" => return Ok(()),
            "moves" => println!("{}", sorted_moves(&game)),
            "undo" => {
                game = undo_two(&game)?;
                show(&game);
            }
            text => match play_text(&mut game, text) {
                Ok(()) => show(&game),
                Err(e) => println!("not a legal move here: {e} (type `moves` for the list)"),
            },
        }
    }
}

/// The limits of one move from the command line's `--depth`, `--nodes`
/// and `--movetime` (in milliseconds), those given.
fn per_move_limits(depth: Option<u32>, nodes: Option<u64>, movetime: Option<u64>) -> Limits {
    let mut limits = Limits::new();
    limits.depth = depth;
    limits.nodes = nodes;
    limits.movetime = movetime.map(Duration::from_millis);
    limits
}

/// Parses a clock `BASE[+INC]` in seconds.
fn parse_tc(s: &str) -> Result<Clock, String> {
    let secs = |t: &str| -> Result<Duration, String> {
        let v: f64 = t
            .trim()
            .parse()
            .map_err(|_| format!("--tc: `{t}` is not a number of seconds"))?;
        if !v.is_finite() || !(0.0..=1e6).contains(&v) {
            return Err(format!("--tc: `{t}` is out of range"));
        }
        Ok(Duration::from_secs_f64(v))
    };
    let (base, inc) = match s.split_once('+') {
        Some((b, i)) => (secs(b)?, secs(i)?),
        None => (secs(s)?, Duration::ZERO),
    };
    if base.is_zero() {
        return Err("--tc: the base time must be positive".into());
    }
    Ok(Clock { base, inc })
}

/// One side of the match from the command line.
struct Side<'a> {
    letter: char,
    config: &'a str,
    cmd: Option<&'a str>,
    name: Option<&'a str>,
    options: &'a [String],
    eval_file: Option<&'a str>,
    movetime: Option<u64>,
}

/// `tamerlane match`: two players (in-process configurations or engine
/// commands) over N games.
pub fn run(args: MatchArgs) -> Result<(), String> {
    let rules = args.game.rules()?;
    let variant = rules.variant();
    let limits = per_move_limits(args.depth, args.nodes, args.movetime);
    let clock = args.tc.as_deref().map(parse_tc).transpose()?;
    // Each side's limits: the common ones, with its own movetime if given.
    let side_limits = |movetime: Option<u64>| match movetime {
        Some(ms) => limits.clone().movetime(Duration::from_millis(ms)),
        None => limits.clone(),
    };
    let unlimited = [args.a_movetime, args.b_movetime]
        .iter()
        .any(|&m| side_limits(m) == Limits::new());
    if unlimited && clock.is_none() {
        return Err(
            "give --movetime, --nodes, --depth or --tc (or --a-movetime and --b-movetime)".into(),
        );
    }
    let timeouts = Timeouts {
        answer: Duration::from_millis(args.timeout),
        margin: Duration::from_millis(args.margin),
        untimed: Duration::from_millis(args.move_timeout),
    };
    let player = |side: Side| {
        let setup = PlayerSetup {
            config: side.config,
            command: side.cmd,
            name: side.name,
            options: side.options,
            eval_file: side.eval_file,
            hash_mib: args.hash.map(|h| h as usize),
            limits: side_limits(side.movetime),
            clock,
            timeouts,
        };
        let p = setup.player(rules).map_err(|e| match e {
            SetupError::Config(e) => format!("--{}: {e}", side.letter),
            SetupError::Command(e) => format!("--{}-cmd: {e}", side.letter),
            SetupError::Option(e) => e,
            SetupError::Net(e) => format!("--{}-eval-file: {e}", side.letter),
        })?;
        // An engine command that cannot even start stops the match here,
        // with the reason, rather than forfeiting every game.
        p.try_start(variant).map_err(|e| {
            format!(
                "engine {} (`{}`): {e}",
                side.letter,
                side.cmd.unwrap_or_default()
            )
        })?;
        Ok::<_, String>(p)
    };
    let a = player(Side {
        letter: 'a',
        config: &args.a,
        cmd: args.a_cmd.as_deref(),
        name: args.a_name.as_deref(),
        options: &args.a_option,
        eval_file: args.a_eval_file.as_deref(),
        movetime: args.a_movetime,
    })?;
    let b = player(Side {
        letter: 'b',
        config: &args.b,
        cmd: args.b_cmd.as_deref(),
        name: args.b_name.as_deref(),
        options: &args.b_option,
        eval_file: args.b_eval_file.as_deref(),
        movetime: args.b_movetime,
    })?;
    let sprt = match &args.sprt {
        None => None,
        Some(s) => {
            let (e0, e1) = s.split_once(',').ok_or("--sprt ELO0,ELO1")?;
            Some(Sprt::new(
                e0.trim().parse().map_err(|_| "--sprt: bad ELO0")?,
                e1.trim().parse().map_err(|_| "--sprt: bad ELO1")?,
            ))
        }
    };
    let openings = match &args.openings {
        Some(p) => crate::games::read_book(p, rules)?
            .positions()
            .iter()
            .map(|fen| crate::games::start(Some(fen), rules))
            .collect::<Result<Vec<_>, _>>()?,
        None => random_openings(
            args.games.div_ceil(2).max(1),
            args.opening_plies,
            args.seed,
            rules,
        ),
    };
    let opts = MatchOptions {
        games: args.games,
        concurrency: args.concurrency,
        openings,
        sprt,
        ply_cap: args.max_plies,
    };
    let mut file = match &args.out {
        Some(p) => Some(std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()))?),
        None => None,
    };
    let names = [a.name.as_str(), b.name.as_str()];
    let mut write_error = None;
    let total = args.games;
    // A forfeit's line replaces the progress bar on a terminal.
    let clear = if io::stderr().is_terminal() {
        "\r\x1b[2K"
    } else {
        "\n"
    };
    let interrupted = crate::interrupt::flag_on_interrupt(
        "tamerlane match: stopping; the games in play are abandoned (Ctrl-C again to quit at once)",
        "tamerlane match: quit without a report",
    )?;
    let (tally, records, stop) =
        run_match(&a, &b, &opts, Some(&interrupted), |rec: &GameRecord, t| {
            if let Some(why) = rec.explanation(names) {
                eprintln!("{clear}game {}: {why}", rec.index + 1);
            }
            if let (Some(f), None) = (file.as_mut(), &write_error) {
                let written = match rec.out_text(names) {
                    Ok(record) => f
                        .write_all(record.as_bytes())
                        .and_then(|()| f.flush())
                        .map_err(|e| e.to_string()),
                    Err(e) => Err(format!("game {}: {e}", rec.index + 1)),
                };
                if let Err(e) = written {
                    write_error = Some(e);
                }
            }
            let done = t.games() as usize;
            let width = 30;
            let filled = done * width / total.max(1);
            eprint!(
                "\r[{}{}] {done}/{total}  +{} ={} -{}  ",
                "#".repeat(filled),
                " ".repeat(width - filled.min(width)),
                t.wins,
                t.draws,
                t.losses
            );
        });
    eprintln!();
    let interrupted_line = interrupted_line(
        interrupted.load(Ordering::Relaxed),
        tally.games() as usize,
        total,
        stop.is_some(),
    );
    let was_interrupted = interrupted_line.is_some();
    if let Some(line) = interrupted_line {
        println!("{line}");
    }
    // `+ 0.0` turns a negative zero into a positive one for printing.
    let (elo, lo, hi) = tally.elo();
    let (elo, lo, hi) = (elo + 0.0, lo + 0.0, hi + 0.0);
    println!("{} vs {}: {} games", names[0], names[1], tally.games());
    println!(
        "score {:.1}/{} ({:.1}%)  +{} ={} -{}",
        tally.wins as f64 + tally.draws as f64 / 2.0,
        tally.games(),
        100.0 * tally.score(),
        tally.wins,
        tally.draws,
        tally.losses
    );
    println!("elo {elo:+.1}  95% interval [{lo:+.1}, {hi:+.1}]");
    let mut reasons = std::collections::BTreeMap::new();
    let (mut illegal, mut time, mut abandoned) = (0, 0, 0);
    for r in &records {
        match &r.end {
            GameEnd::Rules(..) | GameEnd::PlyCap => {}
            GameEnd::Illegal(..) => illegal += 1,
            GameEnd::TimeForfeit(..) => time += 1,
            GameEnd::Abandoned(..) => abandoned += 1,
        }
        *reasons.entry(r.end.ending()).or_insert(0) += 1;
    }
    let reasons: Vec<String> = reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!("endings: {}", reasons.join(", "));
    println!("illegal moves: {illegal}");
    println!("forfeits: time {time}, abandoned {abandoned}");
    if let Some(s) = sprt {
        println!("{}", sprt_report(&s, &tally, stop));
    }
    match (write_error, &args.out) {
        (Some(e), Some(p)) => Err(format!("{}: {e}", p.display())),
        _ if was_interrupted => {
            // The report is out; the exit code says it is partial.
            let _ = io::stdout().flush();
            std::process::exit(130)
        }
        _ => Ok(()),
    }
}

/// The report's first line when a Ctrl-C or SIGTERM stopped the match
/// (`signalled`) before its `total` games were played; `None` when the
/// match was not stopped, or when it had ended by itself before the signal
/// counted: its last game played, or its SPRT decided (`sprt_decided`; the
/// SPRT line of the report says at which game).
fn interrupted_line(
    signalled: bool,
    played: usize,
    total: usize,
    sprt_decided: bool,
) -> Option<String> {
    (signalled && played < total && !sprt_decided).then(|| {
        format!("interrupted: {played} of {total} games played (the games in play were abandoned)")
    })
}

/// The SPRT's line of a match report: the log-likelihood ratio of all the
/// games played and its state, and, when the test stopped the match
/// early, the decision at the game where it crossed a bound (the games in
/// play then were finished and are counted, and may have moved the ratio
/// back inside the bounds).
fn sprt_report(s: &Sprt, tally: &Tally, stop: Option<SprtStop>) -> String {
    let (l, h) = s.bounds();
    let name = |state| match state {
        SprtState::Continue => "continue",
        SprtState::AcceptH1 => "H1 accepted",
        SprtState::AcceptH0 => "H0 accepted",
    };
    let mut line = format!(
        "sprt [{}, {}]: llr {:.2} (bounds {l:.2}, {h:.2}): {}",
        s.elo0,
        s.elo1,
        s.llr(tally),
        name(s.state(tally))
    );
    if let Some(stop) = stop.filter(|stop| stop.at != *tally) {
        line += &format!(
            "; the test decided at game {}: {} (llr {:.2}); {} game(s) in play then finished and counted",
            stop.at.games(),
            name(stop.state),
            s.llr(&stop.at),
            tally.games() - stop.at.games()
        );
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signal_after_the_last_game_does_not_make_the_match_interrupted() {
        assert_eq!(
            interrupted_line(true, 4, 200, false).as_deref(),
            Some("interrupted: 4 of 200 games played (the games in play were abandoned)")
        );
        assert_eq!(interrupted_line(true, 200, 200, false), None);
        assert_eq!(interrupted_line(false, 4, 200, false), None);
        assert_eq!(interrupted_line(false, 200, 200, false), None);
    }

    #[test]
    fn a_signal_after_the_sprt_decided_does_not_make_the_match_interrupted() {
        // A 1,500-game match whose SPRT decided at game 368 ended by its
        // own rule, whatever signal came after.
        assert_eq!(interrupted_line(true, 368, 1500, true), None);
        assert_eq!(interrupted_line(false, 368, 1500, true), None);
    }

    /// The chess match of `docs/experiments/LOG.md` ("`keephist` in Makruk and chess: two SPRTs") whose SPRT [0, 20] crossed
    /// its upper bound at game 368 (+147 =119 -102, llr 2.99) while a
    /// 369th game, a loss, was in play (llr 2.89 after it): the report
    /// says both. The ratios are those of Fishtest's trinomial
    /// approximation, computed outside the code (a Python one-liner of the
    /// formula in `Sprt::llr`): 2.991 and 2.895.
    #[test]
    fn the_report_names_the_decision_that_stopped_the_match() {
        let s = Sprt {
            elo0: 0.0,
            elo1: 20.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let tally = |wins, draws, losses| Tally {
            wins,
            draws,
            losses,
        };
        let at = tally(147, 119, 102);
        let stop = Some(SprtStop {
            state: SprtState::AcceptH1,
            at,
        });
        assert_eq!(
            sprt_report(&s, &tally(147, 119, 103), stop),
            "sprt [0, 20]: llr 2.89 (bounds -2.94, 2.94): continue; the test decided at \
             game 368: H1 accepted (llr 2.99); 1 game(s) in play then finished and counted"
        );
        assert_eq!(
            sprt_report(&s, &at, stop),
            "sprt [0, 20]: llr 2.99 (bounds -2.94, 2.94): H1 accepted"
        );
        assert_eq!(
            sprt_report(&s, &at, None),
            "sprt [0, 20]: llr 2.99 (bounds -2.94, 2.94): H1 accepted"
        );
    }
}
