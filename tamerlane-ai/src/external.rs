//! A client for engines that speak our protocol (the UCI dialect of
//! `docs/ENGINE.md`), used by [`arena`](crate::arena) to play matches
//! against engine commands.
//!
//! An [`ExternalEngine`] runs a command as a child process with piped
//! stdin, stdout and stderr. Its stdout is read line by line by a thread
//! (each line cut at [`MAX_LINE`] bytes, invalid UTF-8 replaced), so every
//! wait has a deadline and nothing can hang; its stderr is drained by
//! another thread that keeps the last few lines for error messages (it
//! never reaches our stdout). The conversation:
//!
//! - start: `uci` … `uciok` (noting the options the engine lists), then
//!   for chess and Makruk `setoption name UCI_Variant value GAME` (see
//!   [`ExternalEngine::start`]), the match's rules as `setoption name
//!   Rules value R` if the engine lists a `Rules` option, then `setoption
//!   name N value V` for each other option, then `isready` … `readyok`;
//! - [`new_game`](ExternalEngine::new_game): `ucinewgame`, `isready` …
//!   `readyok`;
//! - [`go`](ExternalEngine::go): `position tfen START moves M ...`
//!   (`position fen ...` for chess and Makruk),
//!   `isready` … `readyok` (which also drains anything left from earlier),
//!   then `go ...` and `info` lines until `bestmove M`. A refused
//!   `position` is sent again after 20 ms, up to 10 times (an engine may
//!   still be finishing its previous search right after its `bestmove`).
//!
//! A `info string error: ...` line before `readyok` means the engine
//! rejected a command (an option, or our `position`): that is a failure.
//! Other unknown lines are ignored. Every failure is an [`EngineError`]:
//! [`FailureKind::Timeout`] when an answer does not come in time (see
//! [`Timeouts`]), [`FailureKind::Abandoned`] when the engine cannot be
//! started, exits, closes its output, or rejects a command. The child is
//! told to `quit` and killed when the [`ExternalEngine`] is dropped.
//!
//! The engine's lines (`info`, `bestmove`, `option`, `info string error`)
//! are read by [`crate::uci::line`], the module that also writes
//! them for our engine, and the commands sent are written by
//! [`crate::uci::Command`]: the two sides share one syntax.

use std::collections::VecDeque;
use std::fmt;
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tamerlane_core::io::{read_line_bounded, LineRead};
use tamerlane_core::{excerpt, Color};

use crate::uci::line::{parse_bestmove, parse_error, parse_info, parse_option, InfoLine};
use crate::uci::{Command as EngineCommand, PositionCommand};
use crate::{AnyGame, Limits, Variant};

/// The longest line kept from an engine, in bytes; the rest of a longer
/// line is dropped.
pub const MAX_LINE: usize = 16 * 1024;

/// How many characters of an engine's line an error message quotes.
const QUOTED_LINE_CHARS: usize = 80;

/// The pause before a refused `position` is sent again.
const RETRY_PAUSE: Duration = Duration::from_millis(20);

/// How many times a refused `position` is sent again.
const POSITION_RETRIES: u32 = 10;

/// How many lines of the engine's stderr are kept for error messages.
const STDERR_LINES: usize = 4;

/// How long the arbiter waits for an engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// For `uciok` after `uci` and `readyok` after `isready`.
    pub answer: Duration,
    /// Added to the move's time (its `movetime`, or the side's clock) before
    /// a missing `bestmove` loses on time; also the tolerance of a clock.
    pub margin: Duration,
    /// For a `bestmove` when the move has no time limit (`nodes` or `depth`
    /// only).
    pub untimed: Duration,
}

impl Default for Timeouts {
    /// 10 s to answer, a margin of 1 s, 60 s for a move without time limit.
    fn default() -> Timeouts {
        Timeouts {
            answer: Duration::from_secs(10),
            margin: Duration::from_secs(1),
            untimed: Duration::from_secs(60),
        }
    }
}

impl Timeouts {
    /// How long to wait for the `bestmove` of a search with `limits` by the
    /// side `us`: the movetime (or else the side's clock) plus the margin,
    /// or [`untimed`](Self::untimed) when neither is set.
    pub fn for_move(&self, limits: &Limits, us: Color) -> Duration {
        match (limits.movetime, limits.time_of(us)) {
            _ if limits.infinite => self.untimed,
            (Some(t), _) | (None, Some(t)) => t + self.margin,
            (None, None) => self.untimed,
        }
    }
}

/// An external engine: the command and its options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The program and its arguments (see [`split_command`]).
    pub command: Vec<String>,
    /// `(name, value)` pairs sent as `setoption name NAME value VALUE` after
    /// the handshake, in order.
    pub options: Vec<(String, String)>,
    /// The match's rule string, sent as `setoption name Rules value R`
    /// after the game's `UCI_Variant` when the engine lists a `Rules`
    /// option. An engine without one (Fairy-Stockfish, Stockfish) plays
    /// its own rules, which the arbiter's must then equal.
    pub rules: Option<String>,
}

impl ExternalSpec {
    /// A spec from a command line split by [`split_command`], without options.
    pub fn parse(command_line: &str) -> Result<ExternalSpec, String> {
        Ok(ExternalSpec {
            command: split_command(command_line)?,
            options: Vec::new(),
            rules: None,
        })
    }

    /// A short name: the program's file name and the arguments.
    pub fn short_name(&self) -> String {
        let mut words = self.command.clone();
        if let Some(first) = words.first_mut() {
            if let Some(base) = std::path::Path::new(first.as_str()).file_name() {
                *first = base.to_string_lossy().into_owned();
            }
        }
        words.join(" ")
    }
}

/// Splits a command line into words the way a POSIX shell splits simple
/// words, without any expansion: blanks separate words; `'...'` keeps
/// everything literally; inside `"..."` a backslash escapes `"`, `\`, `$`
/// and `` ` `` only; outside quotes a backslash escapes any character.
/// Pipes, redirections and variables are not interpreted: run `sh -c
/// '...'` for those. An unclosed quote, a trailing backslash or an empty
/// line is an error.
pub fn split_command(s: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed ' in `{s}`")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unclosed \" in `{s}`")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed \" in `{s}`")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("trailing backslash in `{s}`")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("empty engine command".into());
    }
    Ok(words)
}

/// Why an engine failed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// An answer did not come in time.
    Timeout,
    /// The engine could not be started, exited, closed its output or
    /// rejected a command.
    Abandoned,
}

/// An engine failure, with a message for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError {
    /// The kind of failure.
    pub kind: FailureKind,
    /// What happened.
    pub message: String,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EngineError {}

/// The answer to [`ExternalEngine::go`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move as the engine wrote it (see [`parse_bestmove`]).
    pub text: String,
    /// The last `info` line before it, if any.
    pub info: Option<InfoLine>,
    /// From sending `go` to receiving `bestmove`.
    pub elapsed: Duration,
}

/// A running engine process (see the module documentation).
pub struct ExternalEngine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    stderr_reader: Option<std::thread::JoinHandle<()>>,
    last_line: Option<String>,
    timeouts: Timeouts,
    id_name: Option<String>,
}

impl ExternalEngine {
    /// Starts the engine for games of `variant`: spawns the command, waits
    /// for `uciok`, chooses the game, sends the options and waits for
    /// `readyok`. The game is chosen by `setoption name UCI_Variant value
    /// GAME` when the engine lists `UCI_Variant`; an engine that lists it
    /// without offering the game cannot play, nor can one without it for
    /// Makruk (an engine without `UCI_Variant` plays Tamerlane if it speaks
    /// our protocol, or chess if it is a chess UCI engine).
    pub fn start(
        spec: &ExternalSpec,
        variant: Variant,
        timeouts: Timeouts,
    ) -> Result<ExternalEngine, EngineError> {
        let Some((program, args)) = spec.command.split_first() else {
            return Err(abandoned("empty engine command".into()));
        };
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // In a process group of its own, the engine does not receive the
        // terminal's Ctrl-C: the caller decides when it stops (a match
        // finishes its report first), and `Drop` ends it. If the caller
        // dies, the engine reads the end of its input and quits.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| abandoned(format!("cannot start `{program}`: {e}")))?;
        let stdin = child.stdin.take();
        let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(abandoned("no pipes to the engine".into()));
        };
        let (tx, lines) = sync_channel::<String>(4096);
        let spawned = std::thread::Builder::new()
            .name("engine-stdout".into())
            .spawn(move || for_each_line(stdout, |line| tx.send(line).is_ok()));
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        let spawned_err = std::thread::Builder::new()
            .name("engine-stderr".into())
            .spawn(move || drain_stderr(stderr, &tail));
        let failed = spawned.is_err() || spawned_err.is_err();
        let mut engine = ExternalEngine {
            child,
            stdin,
            lines,
            stderr_tail,
            stderr_reader: spawned_err.ok(),
            last_line: None,
            timeouts,
            id_name: None,
        };
        if failed {
            return Err(abandoned("cannot start a reader thread".into()));
        }
        engine.send("uci")?;
        let mut name = None;
        let mut listed = Vec::new();
        engine.wait_for(timeouts.answer, "uciok", |line| {
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.trim().to_owned());
            }
            listed.extend(parse_option(line));
            line.trim() == "uciok"
        })?;
        engine.id_name = name;
        let option = |name: &str| listed.iter().find(|o| o.name.eq_ignore_ascii_case(name));
        match (option("UCI_Variant"), variant) {
            (Some(o), _) if o.vars.iter().any(|v| v == variant.name()) => {
                engine.send(&format!("setoption name UCI_Variant value {variant}"))?;
            }
            (Some(o), _) => {
                return Err(abandoned(format!(
                    "the engine's UCI_Variant does not offer `{variant}` (it offers {} values)",
                    o.vars.len()
                )))
            }
            (None, Variant::Makruk) => {
                return Err(abandoned(format!(
                    "the engine lists no UCI_Variant option, so it cannot play {variant}"
                )))
            }
            (None, Variant::Tamerlane | Variant::Chess) => {}
        }
        if let (Some(rules), Some(_)) = (&spec.rules, option("Rules")) {
            engine.send(&format!("setoption name Rules value {rules}"))?;
        }
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready("the options")?;
        Ok(engine)
    }

    /// The name the engine gave in `id name`, if any.
    #[cfg(test)]
    pub fn id_name(&self) -> Option<&str> {
        self.id_name.as_deref()
    }

    /// Starts a new game: `ucinewgame`, then `isready` … `readyok`.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.ready("`ucinewgame`")
    }

    /// Asks for a move in `game` (sent as its start position and moves),
    /// searched with `limits`. Waits at most [`Timeouts::for_move`] for
    /// the `bestmove`.
    pub fn go(&mut self, game: &AnyGame, limits: &Limits) -> Result<BestMove, EngineError> {
        // An engine may still be finishing its previous search when a
        // `position` comes right after its `bestmove`, and refuse it: a
        // refused `position` is sent again after a pause, a few times.
        let position = PositionCommand::new(game.clone()).to_string();
        let mut tries = 0;
        loop {
            self.send(&position)?;
            match self.rejected()? {
                None => break,
                Some(_) if tries < POSITION_RETRIES => {
                    tries += 1;
                    std::thread::sleep(RETRY_PAUSE);
                }
                Some(e) => {
                    return Err(abandoned(format!(
                        "the engine rejected `position` {} times: {}",
                        tries + 1,
                        excerpt(&e, QUOTED_LINE_CHARS)
                    )))
                }
            }
        }
        self.send(&EngineCommand::Go(limits.clone()).to_string())?;
        let t0 = Instant::now();
        let wait = self.timeouts.for_move(limits, game.turn());
        let mut info = None;
        let mut best = None;
        self.wait_for(wait, "bestmove", |line| {
            if let Some(i) = parse_info(line) {
                info = Some(i);
            }
            best = parse_bestmove(line).map(str::to_owned);
            best.is_some()
        })?;
        Ok(BestMove {
            text: best.unwrap_or_default(),
            info,
            elapsed: t0.elapsed(),
        })
    }

    /// Sends one line.
    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(abandoned("the engine's input is closed".into()));
        };
        match writeln!(stdin, "{line}").and_then(|()| stdin.flush()) {
            Ok(()) => Ok(()),
            Err(e) => {
                let first = line.split_whitespace().next().unwrap_or("");
                Err(self.died(&format!("sending `{first}` ({e})")))
            }
        }
    }

    /// `isready` … `readyok`; an `info string error` before it is a failure.
    fn ready(&mut self, after: &str) -> Result<(), EngineError> {
        match self.rejected()? {
            Some(e) => Err(abandoned(format!(
                "the engine rejected {after}: {}",
                excerpt(&e, QUOTED_LINE_CHARS)
            ))),
            None => Ok(()),
        }
    }

    /// `isready` … `readyok`, returning the first `info string error`
    /// before it.
    fn rejected(&mut self) -> Result<Option<String>, EngineError> {
        self.send("isready")?;
        let mut error = None;
        self.wait_for(self.timeouts.answer, "readyok", |line| {
            if let Some(e) = parse_error(line) {
                error.get_or_insert_with(|| e.to_owned());
            }
            line.trim() == "readyok"
        })?;
        Ok(error)
    }

    /// Reads lines until `done` accepts one, `wait` has passed or the
    /// output ends.
    fn wait_for(
        &mut self,
        wait: Duration,
        what: &str,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<(), EngineError> {
        let deadline = Instant::now() + wait;
        loop {
            // Checked before every line, so a flood of output cannot
            // outlast the deadline.
            let now = Instant::now();
            let next = if now >= deadline {
                Err(RecvTimeoutError::Timeout)
            } else {
                self.lines.recv_timeout(deadline - now)
            };
            match next {
                Ok(line) => {
                    let finished = done(&line);
                    if !line.trim().is_empty() {
                        self.last_line = Some(line);
                    }
                    if finished {
                        return Ok(());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let last = match &self.last_line {
                        Some(l) => {
                            format!("; its last line was `{}`", excerpt(l, QUOTED_LINE_CHARS))
                        }
                        None => "; it has written nothing".to_owned(),
                    };
                    return Err(EngineError {
                        kind: FailureKind::Timeout,
                        message: format!("no `{what}` within {} ms{last}", wait.as_millis()),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.died(&format!("waiting for `{what}`")))
                }
            }
        }
    }

    /// The error for an engine whose pipes are closed: its exit status (if
    /// it exits within a moment) and the end of its stderr.
    fn died(&mut self, doing: &str) -> EngineError {
        let until = Instant::now() + Duration::from_millis(200);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(s)) => break Some(s),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => break None,
            }
        };
        let mut message = match status {
            Some(s) => format!("the engine exited ({s}) while {doing}"),
            None => format!("the engine closed its output while {doing}"),
        };
        // Give the stderr reader a moment to catch the last words (its pipe
        // closes when the engine has exited).
        let until = Instant::now() + Duration::from_millis(100);
        while let Some(h) = &self.stderr_reader {
            if h.is_finished() || Instant::now() >= until {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let tail: Vec<String> = self
            .stderr_tail
            .lock()
            .map(|t| t.iter().map(|l| excerpt(l, QUOTED_LINE_CHARS)).collect())
            .unwrap_or_default();
        if !tail.is_empty() {
            message.push_str("; stderr: ");
            message.push_str(&tail.join(" | "));
        }
        abandoned(message)
    }
}

impl Drop for ExternalEngine {
    /// Sends `quit`, closes the engine's input, gives it 100 ms to exit,
    /// then kills it; the process is always reaped.
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit");
            let _ = stdin.flush();
        }
        let until = Instant::now() + Duration::from_millis(100);
        while Instant::now() < until {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn abandoned(message: String) -> EngineError {
    EngineError {
        kind: FailureKind::Abandoned,
        message,
    }
}

/// Reads `src` line by line (each cut at [`MAX_LINE`] bytes) and hands
/// every line to `f` until the end, a read error, or `f` returns `false`.
fn for_each_line(src: impl Read, mut f: impl FnMut(String) -> bool) {
    let mut r = BufReader::new(src);
    let mut buf = Vec::new();
    // A line longer than `MAX_LINE` is kept cut, its prefix read as a line.
    while let Ok(LineRead::Line | LineRead::TooLong) = read_line_bounded(&mut r, &mut buf, MAX_LINE)
    {
        if !f(String::from_utf8_lossy(&buf).into_owned()) {
            return;
        }
    }
}

/// Reads the engine's stderr to its end, keeping the last non-empty lines.
fn drain_stderr(stderr: impl Read, tail: &Mutex<VecDeque<String>>) {
    for_each_line(stderr, |line| {
        if !line.trim().is_empty() {
            if let Ok(mut t) = tail.lock() {
                if t.len() == STDERR_LINES {
                    t.pop_front();
                }
                t.push_back(line);
            }
        }
        true
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnyRules, Score};

    #[test]
    fn splits_command_lines_like_a_shell() {
        let ok = |s: &str| split_command(s).unwrap();
        assert_eq!(ok("tamerlane engine"), ["tamerlane", "engine"]);
        assert_eq!(ok("  a   b\tc  "), ["a", "b", "c"]);
        assert_eq!(ok("sh -c 'echo $x; cat'"), ["sh", "-c", "echo $x; cat"]);
        assert_eq!(ok(r#"a "b \"c\" \\ \n" d"#), ["a", r#"b "c" \ \n"#, "d"]);
        assert_eq!(ok(r"a\ b c\'d"), ["a b", "c'd"]);
        assert_eq!(ok("x'y'\"z\" ''"), ["xyz", ""]);
        for bad in ["", "   ", "a 'b", "a \"b", "a \\", "\"a\\\""] {
            assert!(split_command(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn move_deadlines() {
        let t = Timeouts {
            answer: Duration::from_millis(100),
            margin: Duration::from_millis(50),
            untimed: Duration::from_millis(700),
        };
        assert_eq!(
            t.for_move(
                &Limits::new().movetime(Duration::from_millis(20)),
                Color::White
            ),
            Duration::from_millis(70)
        );
        assert_eq!(
            t.for_move(&Limits::new().nodes(20), Color::White),
            Duration::from_millis(700)
        );
        let clock = Limits::new()
            .wtime(Duration::from_millis(300))
            .btime(Duration::from_millis(400));
        assert_eq!(t.for_move(&clock, Color::Black), Duration::from_millis(450));
    }

    #[test]
    fn long_lines_are_cut() {
        let mut text = vec![b'x'; MAX_LINE * 2];
        text.extend_from_slice(b"\r\nbestmove f3f4\n");
        let mut lines = Vec::new();
        for_each_line(&text[..], |line| {
            lines.push(line);
            true
        });
        assert_eq!(lines, ["x".repeat(MAX_LINE), "bestmove f3f4".to_owned()]);
    }

    #[cfg(unix)]
    fn script(body: &str) -> ExternalSpec {
        ExternalSpec {
            command: vec!["sh".into(), "-c".into(), body.into()],
            options: Vec::new(),
            rules: None,
        }
    }

    /// Timeouts for scripted engines: generous for answers that come (the
    /// machine may be busy), short for moves that never do.
    #[cfg(unix)]
    fn quick() -> Timeouts {
        Timeouts {
            answer: Duration::from_secs(3),
            margin: Duration::from_millis(100),
            untimed: Duration::from_millis(300),
        }
    }

    #[cfg(unix)]
    #[test]
    fn talks_to_a_scripted_engine() {
        // Answers the handshake, rejects one option, plays f3f4.
        let body = r#"while read -r l; do case "$l" in
            uci) echo 'id name scripted'; echo uciok;;
            isready) echo readyok;;
            "setoption name Bad value 1") echo 'info string error: unknown option `Bad`';;
            go*) echo 'info depth 1 score cp 5 pv f3f4'; echo 'bestmove f3f4';;
            quit) exit 0;;
        esac; done"#;
        let mut e = ExternalEngine::start(&script(body), Variant::Tamerlane, quick()).unwrap();
        assert_eq!(e.id_name(), Some("scripted"));
        e.new_game().unwrap();
        let b = e
            .go(&AnyGame::new(AnyRules::default()), &Limits::new().nodes(10))
            .unwrap();
        assert_eq!(b.text, "f3f4");
        assert_eq!(b.info.unwrap().score, Some(Score::Cp(5)));
        drop(e);

        let mut spec = script(body);
        spec.options.push(("Bad".into(), "1".into()));
        let err = ExternalEngine::start(&spec, Variant::Tamerlane, quick())
            .err()
            .unwrap();
        assert_eq!(err.kind, FailureKind::Abandoned);
        assert!(err.message.contains("unknown option"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn the_game_is_chosen_by_uci_variant_and_the_rules_only_if_listed() {
        // Lists UCI_Variant (chess, makruk) and no Rules option; plays
        // e3e4 only once told the game is Makruk and its position is a FEN.
        let body = r#"v=none; while read -r l; do case "$l" in
            uci) echo 'option name UCI_Variant type combo default chess var chess var makruk'; echo uciok;;
            isready) echo readyok;;
            "setoption name UCI_Variant value makruk") v=makruk;;
            setoption*) echo "info string error: unexpected $l";;
            "position fen "*) p=fen;;
            go*) if [ $v = makruk ] && [ $p = fen ]; then echo 'bestmove e3e4'; else echo 'bestmove none'; fi;;
        esac; done"#;
        let mut spec = script(body);
        spec.rules = Some("counting=fairy-stockfish".into());
        let mut e = ExternalEngine::start(&spec, Variant::Makruk, quick()).unwrap();
        let game = AnyGame::new(Variant::Makruk.default_rules());
        assert_eq!(e.go(&game, &Limits::new().nodes(1)).unwrap().text, "e3e4");
        let err = ExternalEngine::start(&spec, Variant::Tamerlane, quick())
            .err()
            .unwrap();
        assert_eq!(
            err.message,
            "the engine's UCI_Variant does not offer `tamerlane` (it offers 2 values)"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_refused_position_is_sent_once_more() {
        // Refuses the first `position` (or every one, with `always`).
        let body = |always: bool| {
            format!(
                r#"n=0; while read -r l; do case "$l" in
                uci) echo uciok;; isready) echo readyok;;
                position*) n=$((n+1)); if [ $n = 1 ] || {always}; then echo 'info string error: busy'; fi;;
                go*) echo "bestmove f3f4 $n";;
                esac; done"#
            )
        };
        let mut e =
            ExternalEngine::start(&script(&body(false)), Variant::Tamerlane, quick()).unwrap();
        let b = e
            .go(&AnyGame::new(AnyRules::default()), &Limits::new().nodes(1))
            .unwrap();
        assert_eq!(b.text, "f3f4");
        let mut e =
            ExternalEngine::start(&script(&body(true)), Variant::Tamerlane, quick()).unwrap();
        let err = e
            .go(&AnyGame::new(AnyRules::default()), &Limits::new().nodes(1))
            .unwrap_err();
        assert_eq!(err.kind, FailureKind::Abandoned);
        assert_eq!(err.message, "the engine rejected `position` 11 times: busy");
    }

    #[cfg(unix)]
    #[test]
    fn failures_are_errors_not_hangs() {
        // Silent: the handshake times out.
        let t0 = Instant::now();
        let short = Timeouts {
            answer: Duration::from_millis(300),
            ..quick()
        };
        let err = ExternalEngine::start(
            &script("while read -r l; do :; done"),
            Variant::Tamerlane,
            short,
        )
        .err()
        .unwrap();
        assert_eq!(err.kind, FailureKind::Timeout);
        assert!(err.message.contains("uciok"), "{err}");
        assert!(t0.elapsed() < Duration::from_secs(3));

        // Dies during the handshake, saying why on stderr.
        let err = ExternalEngine::start(
            &script("echo 'no luck' >&2; exit 3"),
            Variant::Tamerlane,
            quick(),
        )
        .err()
        .unwrap();
        assert_eq!(err.kind, FailureKind::Abandoned);
        assert!(err.message.contains("no luck"), "{err}");

        // A program that does not exist.
        let spec = ExternalSpec::parse("/nonexistent/engine --flag").unwrap();
        let err = ExternalEngine::start(&spec, Variant::Tamerlane, quick())
            .err()
            .unwrap();
        assert!(err.message.contains("cannot start"), "{err}");

        // Handshakes, then never answers `go`: the move times out, naming
        // the last line.
        let body = r#"while read -r l; do case "$l" in
            uci) echo uciok;; isready) echo readyok;; go*) echo 'info depth 1';;
        esac; done"#;
        let mut e = ExternalEngine::start(&script(body), Variant::Tamerlane, quick()).unwrap();
        let err = e
            .go(
                &AnyGame::new(AnyRules::default()),
                &Limits::new().movetime(Duration::from_millis(50)),
            )
            .unwrap_err();
        assert_eq!(err.kind, FailureKind::Timeout);
        assert!(err.message.contains("bestmove"), "{err}");
        assert!(err.message.contains("info depth 1"), "{err}");

        // Floods `info` lines and never moves: still a timeout.
        let body = r#"while read -r l; do case "$l" in
            uci) echo uciok;; isready) echo readyok;;
            go*) while :; do echo 'info depth 1 pv f3f4'; done;;
        esac; done"#;
        let mut e = ExternalEngine::start(&script(body), Variant::Tamerlane, quick()).unwrap();
        let t0 = Instant::now();
        let err = e
            .go(&AnyGame::new(AnyRules::default()), &Limits::new().depth(1))
            .unwrap_err();
        assert_eq!(err.kind, FailureKind::Timeout);
        assert!(t0.elapsed() < Duration::from_secs(3));
    }
}
