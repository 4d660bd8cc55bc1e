//! The UCI protocol on a text stream, for Tamerlane and for the sibling
//! games (see `docs/ENGINE.md`).
//!
//! Input commands: `uci`, `isready`, `ucinewgame`,
//! `setoption name Hash|Threads value N`, `setoption name UCI_Variant value
//! tamerlane|chess|makruk` (the game; its default rules),
//! `setoption name Rules value STRING` (the game's rules, docs/RULES.md
//! section 9), `setoption name EvalFile value PATH` (a net file for the
//! game its header names; empty or `<default>`: the embedded nets; a
//! refused file is an error line and changes nothing),
//! `setoption name UseNNUE value true|false` (false: the hand-made
//! evaluation; docs/ENGINE.md, "Networks (NNUE)"), `setoption name
//! MultiPV value N`, `setoption name Level value N` (1 to 6, the web
//! board's strength levels, [`Level`]; 6, the default, is the full engine;
//! a weak level searches its lines and plays a move drawn among those near
//! the best), `position startpos|fen FEN|tfen TFEN [moves ...]` (read as
//! the game under its rules; `startpos` is the rules' start position; TFEN
//! for Tamerlane, FEN for chess and Makruk), `go [depth N] [nodes N] [movetime MS] [wtime MS]
//! [btime MS] [winc MS] [binc MS] [infinite]`, `stop`, `quit`. Output:
//! `id`, `option`, `uciok`, `readyok`, `info ...`, `bestmove MOVE`
//! (`bestmove (none)` at once when the game has ended or the position has
//! no legal move). Anything that cannot be understood is
//! answered by `info string error: ...` and otherwise ignored.
//!
//! The commands are values ([`Command`]: read by the engine, written by a
//! client); the output lines are written and read by [`line`](mod@line), which the
//! client of other engines ([`external`](crate::external)) shares.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use tamerlane_core::io::{read_line_bounded, LineRead};
use tamerlane_core::RuleSet;

use crate::engine::Engine;
use crate::eval::EvalKind;
use crate::level::{Level, LEVELS};
use crate::limits::Limits;
use tamerlane_core::AnyGame;
use tamerlane_core::{AnyRules, Variant};

mod command;
pub mod line;

pub use command::{
    parse_command, parse_command_in, parse_command_with_rules, Command, CommandError,
    PositionCommand,
};
pub use line::info_line;
use line::{bestmove_line, error_line};

/// The default transposition table size in MiB.
pub const DEFAULT_HASH_MIB: usize = Engine::DEFAULT_HASH_MIB;
/// The largest accepted `Hash` value in MiB.
pub const MAX_HASH_MIB: usize = 65_536;
/// The largest accepted `Threads` value.
pub const MAX_THREADS: usize = Engine::MAX_THREADS;
/// The largest `MultiPV` option.
pub const MAX_MULTIPV: usize = 256;
/// The longest input line read, in bytes; a longer line is dropped (read
/// and discarded, never held whole in memory) and answered with an error.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The most moves a `position` command may list (the record reader's
/// [`GameRecord::MAX_PLIES`](tamerlane_core::GameRecord::MAX_PLIES)).
pub const MAX_POSITION_MOVES: usize = tamerlane_core::GameRecord::MAX_PLIES;

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
    /// The `Rules` option: the rule set positions are read under.
    rules: AnyRules,
    game: AnyGame,
    /// The `MultiPV` option.
    multipv: usize,
    /// The `Level` option: a weak level's search and choice of move
    /// (`None`: the full engine, the last level).
    level: Option<Level>,
    out: Output,
    search: Option<JoinHandle<Engine>>,
    /// The engine's stop flag.
    stop: Arc<AtomicBool>,
    /// Whether `stop` (or `quit`) came since the last `go`. The engine
    /// clears its own flag when its search starts, which may be after a
    /// quick `stop`: the search thread passes this one on to it.
    stop_requested: Arc<AtomicBool>,
    /// Set by the search thread once its move is decided, just before it
    /// prints `bestmove`.
    search_done: Arc<AtomicBool>,
    /// Whether the running (or last) search was `go infinite`, which
    /// answers only after `stop`.
    until_stopped: bool,
}

impl Session {
    /// A new session writing to `out`.
    pub fn new(out: Output) -> Session {
        let engine = Engine::new();
        let stop = engine.stop_flag();
        Session {
            engine: Some(engine),
            rules: AnyRules::default(),
            game: AnyGame::new(AnyRules::default()),
            multipv: 1,
            level: None,
            out,
            search: None,
            stop,
            stop_requested: Arc::new(AtomicBool::new(false)),
            search_done: Arc::new(AtomicBool::new(false)),
            until_stopped: false,
        }
    }

    fn wait_search(&mut self) {
        if let Some(h) = self.search.take() {
            match h.join() {
                Ok(e) => self.engine = Some(e),
                Err(_) => {
                    emit(&self.out, &error_line("the search thread failed"));
                    let e = Engine::new();
                    self.stop = e.stop_flag();
                    self.engine = Some(e);
                }
            }
        }
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn stop_search(&mut self) {
        self.stop_requested.store(true, Ordering::Relaxed);
        self.stop.store(true, Ordering::Relaxed);
        self.wait_search();
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

    /// Sets the game and its rules (as `setoption name UCI_Variant` and
    /// `setoption name Rules` do; a Tamerlane [`RuleSet`] converts): the
    /// current game starts again from the rules' start position.
    pub fn set_rules(&mut self, rules: impl Into<AnyRules>) {
        let rules = rules.into();
        self.rules = rules;
        self.game = AnyGame::new(rules);
        if let Some(e) = self.engine.as_mut() {
            // Scores stored under other draw rules do not hold any more.
            e.new_game();
        }
    }

    /// Handles one input line; returns `false` after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let cmd = match parse_command_in(line, self.rules) {
            Ok(None) => return true,
            Ok(Some(c)) => c,
            Err(e) => {
                emit(&self.out, &error_line(e));
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
                let vars: Vec<String> = Variant::NAMES.iter().map(|v| format!("var {v}")).collect();
                emit(
                    &self.out,
                    &format!(
                        "option name UCI_Variant type combo default {} {}",
                        Variant::Tamerlane,
                        vars.join(" ")
                    ),
                );
                emit(
                    &self.out,
                    &format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
                );
                let full = LEVELS.len();
                emit(
                    &self.out,
                    &format!("option name Level type spin default {full} min 1 max {full}"),
                );
                emit(&self.out, "option name Rules type string default <empty>");
                emit(
                    &self.out,
                    "option name EvalFile type string default <default>",
                );
                emit(&self.out, "option name UseNNUE type check default true");
                emit(&self.out, "uciok");
            }
            Command::IsReady => {
                // The answer waits for what the game's searches need built
                // (Engine::prepare). During a search the engine is the
                // search thread's: `readyok` at once.
                if !busy {
                    if let Some(e) = self.engine.as_ref() {
                        e.prepare(self.rules.variant());
                    }
                }
                emit(&self.out, "readyok");
            }
            Command::Quit => {
                self.stop_search();
                return false;
            }
            Command::Stop => self.stop_search(),
            _ if busy => emit(&self.out, &error_line("a search is running (send `stop`)")),
            Command::NewGame => {
                if let Some(e) = self.engine.as_mut() {
                    e.new_game();
                }
                self.game = AnyGame::new(self.rules);
            }
            Command::Hash(mib) => {
                // Ask for the memory first: a table the machine cannot
                // give is an error message, not an abort.
                let mut probe: Vec<u8> = Vec::new();
                if probe.try_reserve_exact(mib << 20).is_err() {
                    emit(
                        &self.out,
                        &error_line(format_args!("cannot allocate {mib} MiB for Hash")),
                    );
                } else if let Some(e) = self.engine.as_mut() {
                    drop(probe);
                    e.set_hash_mib(mib);
                }
            }
            Command::Threads(n) => {
                if let Some(e) = self.engine.as_mut() {
                    e.set_threads(n);
                }
            }
            Command::MultiPv(n) => self.multipv = n,
            Command::Level(n) => {
                self.level = Level::numbered(n).filter(|_| n < LEVELS.len() as u32);
            }
            Command::Variant(v) => self.set_rules(v.default_rules()),
            Command::Rules(rules) => self.set_rules(rules),
            Command::EvalFile(path) => {
                if let Some(e) = self.engine.as_mut() {
                    match path {
                        None => e.use_embedded_nets(),
                        Some(p) => {
                            if let Err(err) = e.set_eval_file(&p) {
                                emit(&self.out, &error_line(format_args!("EvalFile {p}: {err}")));
                            }
                        }
                    }
                }
            }
            Command::UseNnue(on) => {
                if let Some(e) = self.engine.as_mut() {
                    let mut c = e.config();
                    c.eval = if on { EvalKind::Net } else { EvalKind::Full };
                    e.set_config(c);
                }
            }
            Command::Position(p) => self.game = p.into_game(),
            Command::Go(limits) => self.go(limits),
        }
        true
    }

    fn go(&mut self, mut limits: Limits) {
        limits.multipv = self.multipv;
        // `go infinite` answers only after `stop`, even when a weak level
        // ends the search at its bounds.
        let until_stopped = limits.infinite;
        self.until_stopped = until_stopped;
        let level = self.level;
        if let Some(level) = level {
            limits = level.bound(limits);
        }
        let Some(mut engine) = self.engine.take() else {
            emit(&self.out, &error_line("the engine is not available"));
            return;
        };
        self.stop_requested.store(false, Ordering::Relaxed);
        self.search_done.store(false, Ordering::Release);
        let done = Arc::clone(&self.search_done);
        let game = self.game.clone();
        let out = Arc::clone(&self.out);
        let stop = Arc::clone(&self.stop);
        let stop_requested = Arc::clone(&self.stop_requested);
        let handle = std::thread::Builder::new()
            .stack_size(16 << 20)
            .spawn(move || {
                let r = engine.search_any(&game, &limits, |i| {
                    // A `stop` that came before the search cleared its
                    // flag (the first iteration is short).
                    if stop_requested.load(Ordering::Relaxed) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    emit(&out, &info_line(i));
                });
                if until_stopped {
                    while !stop_requested.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                }
                let best = match level {
                    Some(level) => level.choose(&r, seed_now() ^ r.nodes),
                    None => r.best,
                };
                done.store(true, Ordering::Release);
                emit(&out, &bestmove_line(best));
                engine
            });
        match handle {
            Ok(h) => self.search = Some(h),
            Err(e) => emit(
                &self.out,
                &error_line(format_args!("cannot start a search: {e}")),
            ),
        }
    }

    /// Waits for a running search to finish by itself (used at end of
    /// input). A `go infinite` search, which only `stop` ends, is stopped:
    /// after the end of input no `stop` can come.
    pub fn finish(&mut self) {
        if self.until_stopped {
            self.stop_search();
        } else {
            self.wait_search();
        }
    }
}

/// A seed for a weak level's draw: the clock's nanoseconds.
fn seed_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Runs the protocol: reads commands from `input` until `quit` or end of
/// input or a read error (a search still running then is allowed to
/// finish). Lines longer than [`MAX_LINE_BYTES`] are answered with an error
/// and skipped.
pub fn run(input: impl BufRead, out: Output) {
    run_with_rules(input, out, RuleSet::DEFAULT);
}

/// [`run`], with `rules` as the game and its rules (a Tamerlane
/// [`RuleSet`] or [`AnyRules`]) until a `setoption name UCI_Variant` or
/// `setoption name Rules` changes them.
pub fn run_with_rules(mut input: impl BufRead, out: Output, rules: impl Into<AnyRules>) {
    let mut session = Session::new(out.clone());
    session.set_rules(rules);
    let mut line = Vec::new();
    loop {
        match read_line_bounded(&mut input, &mut line, MAX_LINE_BYTES) {
            Err(_) | Ok(LineRead::End) => break,
            Ok(LineRead::TooLong) => emit(
                &out,
                &error_line(format_args!(
                    "line longer than {MAX_LINE_BYTES} bytes ignored"
                )),
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
        // Each of the three `go` either searched (one `bestmove`) or came
        // while the previous search was still running and was refused:
        // which, depends on how fast the first search ends.
        let refused = text.matches("error: a search is running").count();
        assert_eq!(text.matches("bestmove ").count() + refused, 3, "{text}");
        assert!(refused <= 1, "{text}");
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

    /// A `stop` sent right after `go` may come before the search has
    /// started (and cleared the engine's stop flag): it must still end
    /// the search.
    #[test]
    fn a_stop_right_after_go_ends_the_search() {
        let buf: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let out = buf.clone();
        std::thread::spawn(move || {
            let mut s = Session::new(out);
            for _ in 0..20 {
                assert!(s.handle("go infinite"));
                assert!(s.handle("stop"));
            }
            let _ = tx.send(s.handle("quit"));
        });
        // A lost `stop` leaves an infinite search running: a hang, caught here.
        let quit = rx.recv_timeout(Duration::from_secs(60));
        assert_eq!(quit, Ok(false), "a search did not stop");
        let text = String::from_utf8(buf.lock().unwrap().clone()).unwrap();
        assert_eq!(text.matches("bestmove ").count(), 20, "{text}");
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
