//! The engine commands of the `tamerlane` tool: `engine` (the UCI dialect
//! on stdin/stdout), `analyze`, `play` (a human against the engine, or the
//! engine against itself) and `match` (engine against engine).

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Args;
use tamerlane::ai::arena::{
    random_openings, run_match, GameRecord, MatchOptions, Player, Sprt, SprtState,
};
use tamerlane::ai::uci::{self, info_line};
use tamerlane::ai::{Engine, EvalKind, Limits, SearchConfig};
use tamerlane::core::{Color, Game, Position};

/// Options of `tamerlane analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// Position to analyse (default: the initial position).
    #[arg(long)]
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
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Coordinate moves to play from the position first.
    moves: Vec<String>,
}

/// Options of `tamerlane play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Start position (default: the initial position).
    #[arg(long)]
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
}

/// Options of `tamerlane match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Player A: a configuration (see `docs/ENGINE.md`), e.g. `full`,
    /// `plain`, `full,-lmr`, `full,material`.
    #[arg(long, default_value = "full")]
    a: String,
    /// Player B's configuration.
    #[arg(long, default_value = "plain")]
    b: String,
    /// Number of games (an even number plays every opening with both colours).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Time per move in milliseconds (both players).
    #[arg(long)]
    movetime: Option<u64>,
    /// Nodes per move (both players).
    #[arg(long)]
    nodes: Option<u64>,
    /// Depth per move (both players).
    #[arg(long)]
    depth: Option<u32>,
    /// Random plies from the initial position making each opening.
    #[arg(long, default_value_t = 4)]
    opening_plies: usize,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop early by SPRT: `ELO0,ELO1` (alpha = beta = 0.05).
    #[arg(long)]
    sprt: Option<String>,
    /// Write one record line per game to this file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Transposition table size per engine in MiB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
}

/// `tamerlane engine`: the protocol on stdin/stdout.
pub fn engine() -> Result<(), String> {
    let out: uci::Output = Arc::new(Mutex::new(io::stdout()));
    uci::run(io::stdin().lock(), out);
    Ok(())
}

fn start(tfen: Option<&str>, moves: &[String]) -> Result<Game, String> {
    let pos = match tfen {
        None => Position::new(),
        Some(t) => Position::from_tfen(t.trim()).map_err(|e| e.to_string())?,
    };
    let mut game = Game::from_position(pos);
    for (i, m) in moves.iter().enumerate() {
        game.play_str(m)
            .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
    }
    Ok(game)
}

/// `tamerlane analyze`: prints each iteration as an `info` line, then the best move.
pub fn analyze(args: AnalyzeArgs) -> Result<(), String> {
    let game = start(args.tfen.as_deref(), &args.moves)?;
    let mut engine = Engine::new(args.hash.max(1));
    engine.set_threads(args.threads);
    let mut limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.movetime = Some(Duration::from_millis(5000));
    }
    let r = engine.search_game(&game, &limits, |i| {
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

fn show(game: &Game) {
    println!("{}", game.position().board());
    println!("{} to move  ({})", game.turn(), game.position().to_tfen());
}

/// `tamerlane play`: a human against the engine in the terminal.
pub fn play(args: PlayArgs) -> Result<(), String> {
    let mut game = start(args.tfen.as_deref(), &[])?;
    let human = match args.color.as_str() {
        "white" | "w" => Color::White,
        "black" | "b" => Color::Black,
        other => return Err(format!("--color: `{other}` is not white or black")),
    };
    let mut engine = Engine::new(64);
    let limits = Limits::movetime(args.movetime);
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    show(&game);
    loop {
        if let Some(o) = game.outcome() {
            println!("game over: {o}");
            let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
            println!("moves: {}", moves.join(" "));
            return Ok(());
        }
        if args.auto || game.turn() != human {
            let r = engine.search_game(&game, &limits, |_| {});
            let m = r.best.ok_or("the engine found no move")?;
            game.play(&m).map_err(|e| format!("engine move {m}: {e}"))?;
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
            "moves" => {
                let mut v: Vec<String> = game
                    .position()
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                v.sort();
                println!("{}", v.join(" "));
            }
            "undo" => {
                game.undo();
                game.undo();
                show(&game);
            }
            text => match game.play_str(text) {
                Ok(_) => show(&game),
                // Not a coordinate move: try algebraic notation.
                Err(e) => match game.position().parse_san(text) {
                    Ok(m) => match game.play(&m) {
                        Ok(()) => show(&game),
                        Err(e) => println!("not a legal move here: {e}"),
                    },
                    Err(_) => println!("not a legal move here: {e} (type `moves` for the list)"),
                },
            },
        }
    }
}

/// Parses a player configuration: a base (`full` or `plain`) followed by
/// comma-separated changes: `-tt -pvs -asp -null -lmr -kh -check -qs` (and
/// `+...` to switch on), `material` or `fulleval`.
pub fn parse_config(spec: &str) -> Result<SearchConfig, String> {
    let mut parts = spec.split(',').map(str::trim);
    let mut c = match parts.next() {
        Some("full") => SearchConfig::full(),
        Some("plain") => SearchConfig::plain_material(),
        other => {
            return Err(format!(
                "configuration must start with `full` or `plain`, not {other:?}"
            ))
        }
    };
    for p in parts {
        if p == "material" {
            c.eval = EvalKind::Material;
            continue;
        }
        if p == "fulleval" {
            c.eval = EvalKind::Full;
            continue;
        }
        let (on, name) = match p.split_at_checked(1) {
            Some(("-", n)) => (false, n),
            Some(("+", n)) => (true, n),
            _ => return Err(format!("bad configuration item `{p}`")),
        };
        let f = &mut c.features;
        match name {
            "tt" => f.tt = on,
            "pvs" => f.pvs = on,
            "asp" => f.aspiration = on,
            "null" => f.null_move = on,
            "lmr" => f.lmr = on,
            "kh" => f.killers_history = on,
            "check" => f.check_extension = on,
            "qs" => f.quiescence = on,
            _ => return Err(format!("unknown feature `{name}`")),
        }
    }
    Ok(c)
}

/// `tamerlane match`: two engine configurations over N games.
pub fn run(args: MatchArgs) -> Result<(), String> {
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    if limits == Limits::default() {
        return Err("give --movetime, --nodes or --depth".into());
    }
    let player = |spec: &str| -> Result<Player, String> {
        Ok(Player {
            name: spec.to_owned(),
            config: parse_config(spec)?,
            limits: limits.clone(),
            hash_mib: args.hash.max(1),
        })
    };
    let a = player(&args.a)?;
    let b = player(&args.b)?;
    let sprt = match &args.sprt {
        None => None,
        Some(s) => {
            let (e0, e1) = s.split_once(',').ok_or("--sprt ELO0,ELO1")?;
            Some(Sprt {
                elo0: e0.trim().parse().map_err(|_| "--sprt: bad ELO0")?,
                elo1: e1.trim().parse().map_err(|_| "--sprt: bad ELO1")?,
                alpha: 0.05,
                beta: 0.05,
            })
        }
    };
    let openings = random_openings(args.games.div_ceil(2).max(1), args.opening_plies, args.seed);
    let opts = MatchOptions {
        games: args.games,
        concurrency: args.concurrency,
        openings,
        sprt,
    };
    let mut file = match &args.out {
        Some(p) => Some(std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()))?),
        None => None,
    };
    let names = [a.name.as_str(), b.name.as_str()];
    let mut illegal = 0;
    let total = args.games;
    let (tally, records) = run_match(&a, &b, &opts, |rec: &GameRecord, t| {
        if matches!(rec.end, tamerlane::ai::arena::GameEnd::Illegal(..)) {
            illegal += 1;
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
    if let Some(f) = file.as_mut() {
        for r in &records {
            writeln!(f, "{}", r.to_line(names)).map_err(|e| e.to_string())?;
        }
    }
    let (elo, lo, hi) = tally.elo();
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
    for r in &records {
        let key = match &r.end {
            tamerlane::ai::arena::GameEnd::Rules(_, t) => t.to_string(),
            tamerlane::ai::arena::GameEnd::Illegal(..) => "illegal".to_string(),
        };
        *reasons.entry(key).or_insert(0) += 1;
    }
    let reasons: Vec<String> = reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!("endings: {}", reasons.join(", "));
    println!("illegal moves: {illegal}");
    if let Some(s) = sprt {
        let (l, h) = s.bounds();
        let state = match s.state(&tally) {
            SprtState::Continue => "continue",
            SprtState::AcceptH1 => "H1 accepted",
            SprtState::AcceptH0 => "H0 accepted",
        };
        println!(
            "sprt [{}, {}]: llr {:.2} (bounds {l:.2}, {h:.2}): {state}",
            s.elo0,
            s.elo1,
            s.llr(&tally)
        );
    }
    Ok(())
}
