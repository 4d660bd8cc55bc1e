//! A UCI dialect for Tamerlane on a text stream (see `docs/ENGINE.md`).
//!
//! Input commands: `uci`, `isready`, `ucinewgame`,
//! `setoption name Hash|Threads value N`, `position startpos|tfen TFEN
//! [moves ...]`, `go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS]
//! [winc MS] [binc MS] [infinite]`, `stop`, `quit`. Output: `id`, `option`,
//! `uciok`, `readyok`, `info ...`, `bestmove MOVE` (`bestmove (none)` when
//! the position has no legal move). Anything that cannot be understood is
//! answered by `info string error: ...` and otherwise ignored.

use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use tamerlane_core::io::{read_line_bounded, LineRead};
use tamerlane_core::{Game, Position};

use crate::search::Info;
use crate::thread::Engine;
use crate::timeman::Limits;

/// The default transposition table size in MiB.
pub const DEFAULT_HASH_MIB: usize = 16;
/// The largest accepted `Hash` value in MiB.
pub const MAX_HASH_MIB: usize = 65_536;
/// The largest accepted `Threads` value.
pub const MAX_THREADS: usize = 256;
/// The longest input line read, in bytes; a longer line is dropped (read
/// and discarded, never held whole in memory) and answered with an error.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The most moves a `position` command may list (the record reader's
/// [`GameRecord::MAX_PLIES`](tamerlane_core::GameRecord::MAX_PLIES)).
pub const MAX_POSITION_MOVES: usize = tamerlane_core::GameRecord::MAX_PLIES;

/// A parsed protocol command.
#[derive(Debug)]
pub enum Command {
    /// `uci`
    Uci,
    /// `isready`
    IsReady,
    /// `ucinewgame`
    NewGame,
    /// `setoption name Hash value N`
    Hash(usize),
    /// `setoption name Threads value N`
    Threads(usize),
    /// `position ...`: the game it describes, moves already checked.
    Position(Box<Game>),
    /// `go ...`
    Go(Limits),
    /// `stop`
    Stop,
    /// `quit`
    Quit,
}

fn number<T: std::str::FromStr>(what: &str, tok: Option<&str>) -> Result<T, String> {
    let tok = tok.ok_or_else(|| format!("`{what}` needs a value"))?;
    tok.parse()
        .map_err(|_| format!("`{what}`: `{tok}` is not a valid number"))
}

/// Parses one input line. `Ok(None)` is an empty line.
pub fn parse_command(line: &str) -> Result<Option<Command>, String> {
    let mut toks = line.split_whitespace();
    let Some(head) = toks.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = toks.collect();
    let no_args = |c: Command| {
        if rest.is_empty() {
            Ok(Some(c))
        } else {
            Err(format!("`{head}` takes no arguments"))
        }
    };
    match head {
        "uci" => no_args(Command::Uci),
        "isready" => no_args(Command::IsReady),
        "ucinewgame" => no_args(Command::NewGame),
        "stop" => no_args(Command::Stop),
        "quit" => no_args(Command::Quit),
        "setoption" => parse_setoption(&rest).map(Some),
        "position" => parse_position(&rest).map(|g| Some(Command::Position(Box::new(g)))),
        "go" => parse_go(&rest).map(|l| Some(Command::Go(l))),
        other => Err(format!("unknown command `{other}`")),
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, String> {
    let name_at = rest.iter().position(|t| *t == "name");
    let value_at = rest.iter().position(|t| *t == "value");
    let (Some(n), Some(v)) = (name_at, value_at) else {
        return Err("expected `setoption name NAME value VALUE`".into());
    };
    if n != 0 || v <= n + 1 {
        return Err("expected `setoption name NAME value VALUE`".into());
    }
    let name = rest[n + 1..v].join(" ");
    let value = rest[v + 1..].join(" ");
    match name.to_ascii_lowercase().as_str() {
        "hash" => {
            let mib: usize = number("Hash", Some(&value))?;
            if !(1..=MAX_HASH_MIB).contains(&mib) {
                return Err(format!("Hash must be 1 to {MAX_HASH_MIB}"));
            }
            Ok(Command::Hash(mib))
        }
        "threads" => {
            let n: usize = number("Threads", Some(&value))?;
            if !(1..=MAX_THREADS).contains(&n) {
                return Err(format!("Threads must be 1 to {MAX_THREADS}"));
            }
            Ok(Command::Threads(n))
        }
        _ => Err(format!("unknown option `{name}`")),
    }
}

fn parse_position(rest: &[&str]) -> Result<Game, String> {
    let moves_at = rest.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    if moves.len() > MAX_POSITION_MOVES {
        return Err(format!(
            "{} moves: a position may list at most {MAX_POSITION_MOVES}",
            moves.len()
        ));
    }
    let start = match head.first() {
        Some(&"startpos") if head.len() == 1 => Position::new(),
        Some(&"tfen") | Some(&"fen") => {
            Position::from_tfen(&head[1..].join(" ")).map_err(|e| format!("bad TFEN: {e}"))?
        }
        _ => return Err("expected `position startpos|tfen TFEN [moves ...]`".into()),
    };
    let mut game = Game::from_position(start);
    for (i, m) in moves.iter().enumerate() {
        game.play_str(m)
            .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
    }
    Ok(game)
}

fn parse_go(rest: &[&str]) -> Result<Limits, String> {
    let mut l = Limits::default();
    let mut it = rest.iter().copied();
    let ms = |v: u64| Duration::from_millis(v);
    while let Some(t) = it.next() {
        match t {
            "depth" => {
                let d: u32 = number(t, it.next())?;
                if d == 0 {
                    return Err("depth must be at least 1".into());
                }
                l.depth = Some(d);
            }
            "nodes" => l.nodes = Some(number(t, it.next())?),
            "movetime" => l.movetime = Some(ms(number(t, it.next())?)),
            "wtime" => l.time[0] = Some(ms(number::<i64>(t, it.next())?.max(0) as u64)),
            "btime" => l.time[1] = Some(ms(number::<i64>(t, it.next())?.max(0) as u64)),
            "winc" => l.inc[0] = ms(number::<i64>(t, it.next())?.max(0) as u64),
            "binc" => l.inc[1] = ms(number::<i64>(t, it.next())?.max(0) as u64),
            "infinite" => l.infinite = true,
            other => return Err(format!("unknown `go` parameter `{other}`")),
        }
    }
    Ok(l)
}

/// Formats an `info` line.
pub fn info_line(i: &Info) -> String {
    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        i.depth,
        i.seldepth,
        i.score,
        i.nodes,
        i.nps,
        i.time.as_millis(),
        i.hashfull,
        pv.join(" ")
    )
    .trim_end()
    .to_owned()
}

/// The shared output stream.
pub type Output = Arc<Mutex<dyn Write + Send>>;

fn emit(out: &Output, line: &str) {
    // A closed output is not worth a panic: the next `quit` or EOF ends us.
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// A protocol session: the current game, the engine, and a running search.
pub struct Session {
    engine: Option<Engine>,
    game: Game,
    out: Output,
    search: Option<JoinHandle<Engine>>,
    stop: Arc<std::sync::atomic::AtomicBool>,
    /// Set by the search thread once its move is decided, just before it
    /// prints `bestmove`.
    search_done: Arc<std::sync::atomic::AtomicBool>,
}

impl Session {
    /// A new session writing to `out`.
    pub fn new(out: Output) -> Session {
        let engine = Engine::new(DEFAULT_HASH_MIB);
        let stop = engine.stop_flag();
        Session {
            engine: Some(engine),
            game: Game::new(),
            out,
            search: None,
            stop,
            search_done: Arc::new(std::sync::atomic::AtomicBool::new(false)),
        }
    }

    fn wait_search(&mut self) {
        if let Some(h) = self.search.take() {
            match h.join() {
                Ok(e) => self.engine = Some(e),
                Err(_) => {
                    emit(&self.out, "info string error: the search thread failed");
                    let e = Engine::new(DEFAULT_HASH_MIB);
                    self.stop = e.stop_flag();
                    self.engine = Some(e);
                }
            }
        }
    }

    /// Whether a search is running. A search that has decided its move
    /// counts as over even while its thread is still printing `bestmove`
    /// and handing the engine back: it is joined here, so that a command
    /// sent right after `bestmove` (as GUIs do) is never refused.
    fn searching(&mut self) -> bool {
        if self.search.as_ref().is_some_and(|h| h.is_finished())
            || self.search_done.load(Ordering::Acquire)
        {
            self.wait_search();
        }
        self.search.is_some()
    }

    /// Handles one input line; returns `false` after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let cmd = match parse_command(line) {
            Ok(None) => return true,
            Ok(Some(c)) => c,
            Err(e) => {
                emit(&self.out, &format!("info string error: {e}"));
                return true;
            }
        };
        let busy = self.searching();
        match cmd {
            Command::Uci => {
                emit(&self.out, "id name tamerlane-ai 0.1.0");
                emit(&self.out, "id author the tamerlane project");
                emit(
                    &self.out,
                    &format!("option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"),
                );
                emit(
                    &self.out,
                    &format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
                );
                emit(&self.out, "uciok");
            }
            Command::IsReady => emit(&self.out, "readyok"),
            Command::Quit => {
                self.stop.store(true, Ordering::Relaxed);
                self.wait_search();
                return false;
            }
            Command::Stop => {
                self.stop.store(true, Ordering::Relaxed);
                self.wait_search();
            }
            _ if busy => emit(
                &self.out,
                "info string error: a search is running (send `stop`)",
            ),
            Command::NewGame => {
                if let Some(e) = self.engine.as_mut() {
                    e.new_game();
                }
                self.game = Game::new();
            }
            Command::Hash(mib) => {
                // Ask for the memory first: a table the machine cannot
                // give is an error message, not an abort.
                let mut probe: Vec<u8> = Vec::new();
                if probe.try_reserve_exact(mib << 20).is_err() {
                    emit(
                        &self.out,
                        &format!("info string error: cannot allocate {mib} MiB for Hash"),
                    );
                } else if let Some(e) = self.engine.as_mut() {
                    drop(probe);
                    e.set_hash(mib);
                }
            }
            Command::Threads(n) => {
                if let Some(e) = self.engine.as_mut() {
                    e.set_threads(n);
                }
            }
            Command::Position(g) => self.game = *g,
            Command::Go(limits) => self.go(limits),
        }
        true
    }

    fn go(&mut self, limits: Limits) {
        let Some(mut engine) = self.engine.take() else {
            emit(&self.out, "info string error: the engine is not available");
            return;
        };
        self.stop.store(false, Ordering::Relaxed);
        self.search_done.store(false, Ordering::Release);
        let done = Arc::clone(&self.search_done);
        let game = self.game.clone();
        let out = Arc::clone(&self.out);
        let stop = Arc::clone(&self.stop);
        let handle = std::thread::Builder::new()
            .stack_size(16 << 20)
            .spawn(move || {
                let r = engine.search_game(&game, &limits, |i| emit(&out, &info_line(i)));
                if limits.infinite {
                    while !stop.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                }
                done.store(true, Ordering::Release);
                match r.best {
                    Some(m) => emit(&out, &format!("bestmove {m}")),
                    None => emit(&out, "bestmove (none)"),
                }
                engine
            });
        match handle {
            Ok(h) => self.search = Some(h),
            Err(e) => emit(
                &self.out,
                &format!("info string error: cannot start a search: {e}"),
            ),
        }
    }

    /// Waits for a running search to finish by itself (used at end of input).
    pub fn finish(&mut self) {
        self.wait_search();
    }
}

/// Runs the protocol: reads commands from `input` until `quit` or end of
/// input or a read error (a search still running then is allowed to
/// finish). Lines longer than [`MAX_LINE_BYTES`] are answered with an error
/// and skipped.
pub fn run(mut input: impl BufRead, out: Output) {
    let mut session = Session::new(out.clone());
    let mut line = Vec::new();
    loop {
        match read_line_bounded(&mut input, &mut line, MAX_LINE_BYTES) {
            Err(_) | Ok(LineRead::End) => break,
            Ok(LineRead::TooLong) => emit(
                &out,
                &format!("info string error: line longer than {MAX_LINE_BYTES} bytes ignored"),
            ),
            Ok(LineRead::Line) => {
                if !session.handle(&String::from_utf8_lossy(&line)) {
                    return;
                }
            }
        }
    }
    session.finish();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands() {
        assert!(matches!(parse_command("uci"), Ok(Some(Command::Uci))));
        assert!(matches!(parse_command("   "), Ok(None)));
        assert!(matches!(
            parse_command("setoption name Hash value 32"),
            Ok(Some(Command::Hash(32)))
        ));
        assert!(matches!(
            parse_command("setoption name Threads value 2"),
            Ok(Some(Command::Threads(2)))
        ));
        match parse_command("go depth 5 nodes 1000 wtime 100 btime 200 winc 5 binc 6") {
            Ok(Some(Command::Go(l))) => {
                assert_eq!(l.depth, Some(5));
                assert_eq!(l.nodes, Some(1000));
                assert_eq!(l.time[1], Some(Duration::from_millis(200)));
                assert_eq!(l.inc[0], Duration::from_millis(5));
            }
            other => panic!("{other:?}"),
        }
        match parse_command("position startpos moves f3f4 f8f7") {
            Ok(Some(Command::Position(g))) => assert_eq!(g.moves().len(), 2),
            other => panic!("{other:?}"),
        }
        let t = tamerlane_core::INITIAL_TFEN;
        assert!(matches!(
            parse_command(&format!("position tfen {t} moves b2c4")),
            Ok(Some(Command::Position(_)))
        ));
    }

    #[test]
    fn rejects_garbage() {
        for bad in [
            "hello",
            "go depth",
            "go depth x",
            "go depth 0",
            "go sideways",
            "setoption name Hash value -3",
            "setoption name Hash value 0",
            "setoption name Colour value 3",
            "setoption Hash 3",
            "position",
            "position startpos moves f3f5",
            "position tfen garbage",
            "position tfen 11/11 w - 00 0 1",
            "uci now",
            "\u{0}\u{7f}ÿ",
        ] {
            assert!(parse_command(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_session_answers_and_survives_garbage() {
        let buf: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
        let input = "uci\nisready\nfoo bar\nsetoption name Hash value 2\nposition startpos moves f3f4\n\
                     go depth 2\nisready\ngo depth 2\nstop\nposition tfen nonsense\ngo nodes 500\nquit\n";
        run(input.as_bytes(), buf.clone());
        let text = String::from_utf8(buf.lock().unwrap().clone()).unwrap();
        for needle in [
            "id name",
            "option name Hash",
            "option name Threads",
            "uciok",
            "readyok",
            "info string error: unknown command `foo`",
            "info depth 1",
            "bestmove ",
            "info string error: bad TFEN",
        ] {
            assert!(text.contains(needle), "{needle} missing in:\n{text}");
        }
        assert_eq!(text.matches("bestmove ").count(), 2, "{text}");
    }

    #[test]
    fn infinite_waits_for_stop() {
        let buf: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
        let mut s = Session::new(buf.clone());
        assert!(s.handle("go infinite depth 1"));
        std::thread::sleep(Duration::from_millis(50));
        assert!(!String::from_utf8(buf.lock().unwrap().clone())
            .unwrap()
            .contains("bestmove"));
        assert!(s.handle("stop"));
        assert!(String::from_utf8(buf.lock().unwrap().clone())
            .unwrap()
            .contains("bestmove"));
        assert!(!s.handle("quit"));
    }

    /// A GUI sends `position` and `go` as soon as it reads `bestmove`,
    /// possibly before the search thread has handed the engine back: a
    /// search whose move is decided must not count as running.
    #[test]
    fn a_search_that_has_decided_is_not_running() {
        let buf: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
        let mut s = Session::new(buf.clone());
        let engine = s.engine.take().unwrap();
        // A search thread that has printed its move but not yet returned.
        s.search = Some(std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            engine
        }));
        s.search_done.store(true, Ordering::Release);
        assert!(s.handle("position startpos moves f3f4"));
        assert!(s.handle("go nodes 200"));
        s.wait_search();
        let text = String::from_utf8(buf.lock().unwrap().clone()).unwrap();
        assert!(!text.contains("error"), "{text}");
        assert_eq!(text.matches("bestmove ").count(), 1, "{text}");
        assert!(!s.handle("quit"));
    }
}
