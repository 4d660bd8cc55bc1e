//! The protocol's input commands as values: parsed from a line
//! ([`FromStr`], [`parse_command`]) by the engine side and written as a
//! line ([`Display`](fmt::Display)) by the client side, so both speak the
//! same syntax.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use tamerlane_core::{RuleSet, RuleSetError};

use super::{MAX_HASH_MIB, MAX_MULTIPV, MAX_POSITION_MOVES, MAX_THREADS};
use crate::level::LEVELS;
use crate::limits::Limits;
use tamerlane_core::{AnyFenError, AnyGame, AnyPlayError};
use tamerlane_core::{AnyRules, UnknownVariant, Variant};

/// An input command of the protocol.
///
/// ```
/// use tamerlane_ai::uci::Command;
/// use tamerlane_ai::Limits;
///
/// let go: Command = "go depth 5 wtime 1000".parse().unwrap();
/// let limits = Limits::new().depth(5).wtime(std::time::Duration::from_secs(1));
/// assert_eq!(go, Command::Go(limits));
/// assert_eq!(go.to_string(), "go depth 5 wtime 1000");
/// assert!("go depth 0".parse::<Command>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`
    Uci,
    /// `isready`
    IsReady,
    /// `ucinewgame`
    NewGame,
    /// `setoption name Hash value N` (1 to [`MAX_HASH_MIB`])
    Hash(usize),
    /// `setoption name Threads value N` (1 to [`MAX_THREADS`])
    Threads(usize),
    /// `setoption name MultiPV value N` (1 to [`MAX_MULTIPV`]): the number
    /// of best lines of the searches that follow.
    MultiPv(usize),
    /// `setoption name Level value N` (1 to the number of [`LEVELS`]): the
    /// strength of the searches that follow ([`Level`](crate::Level);
    /// the last, the default, is the full engine).
    Level(u32),
    /// `setoption name UCI_Variant value tamerlane|chess|makruk`: the game
    /// of the positions that follow, under its default rules.
    Variant(Variant),
    /// `setoption name Rules value STRING`: the rules of the positions that
    /// follow (docs/RULES.md, section 9; an empty value is the default), read
    /// as the current game's.
    Rules(AnyRules),
    /// `setoption name EvalFile value PATH`: evaluate the game the net
    /// file names with it (`None`: the value is empty or `<default>`, the
    /// nets embedded in the crate).
    EvalFile(Option<String>),
    /// `setoption name UseNNUE value true|false`: evaluate with the game's
    /// network where there is one (true, the default), or with the
    /// hand-made evaluation (false).
    UseNnue(bool),
    /// `position startpos|fen FEN|tfen TFEN [moves ...]`
    Position(PositionCommand),
    /// `go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS]
    /// [binc MS] [movestogo N] [infinite] [searchmoves M ...]` (negative
    /// clock times count as 0)
    Go(Limits),
    /// `stop`
    Stop,
    /// `quit`
    Quit,
}

/// A `position` command: a game from a start position through legal moves.
///
/// It is written as `position tfen START [moves M ...]` for Tamerlane and
/// `position fen START [moves M ...]` for chess and Makruk. The game and
/// its rules are not part of the line: they are the session's
/// `UCI_Variant` and `Rules` options ([`parse_command_in`]; [`FromStr`]
/// reads Tamerlane under the default rules). Two commands are equal when
/// their games, rules, start positions and moves are.
///
/// ```
/// use tamerlane_ai::uci::PositionCommand;
/// use tamerlane_core::tamerlane::Game;
///
/// let mut game = Game::new();
/// game.play_str("f3f4").unwrap();
/// let cmd = PositionCommand::new(game);
/// let line = cmd.to_string();
/// assert!(line.starts_with("position tfen ") && line.ends_with(" moves f3f4"));
/// assert_eq!(line.parse::<PositionCommand>().unwrap(), cmd);
/// ```
#[derive(Clone, Debug)]
pub struct PositionCommand {
    game: AnyGame,
}

impl PositionCommand {
    /// The command for `game` (its start position and moves): a Tamerlane
    /// [`Game`](tamerlane_core::tamerlane::Game), or any game ([`AnyGame`], or a chess or Makruk game).
    pub fn new(game: impl Into<AnyGame>) -> PositionCommand {
        PositionCommand { game: game.into() }
    }

    /// The game.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The game, by value.
    pub fn into_game(self) -> AnyGame {
        self.game
    }
}

impl PartialEq for PositionCommand {
    fn eq(&self, other: &PositionCommand) -> bool {
        self.game.rules() == other.game.rules()
            && self.game.start_fen() == other.game.start_fen()
            && self.game.moves() == other.game.moves()
    }
}

impl Eq for PositionCommand {}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CommandError {
    /// The line is empty or blank.
    Empty,
    /// The first word is no command (it is given).
    UnknownCommand(String),
    /// A command that takes no arguments was given some.
    UnexpectedArguments(String),
    /// A parameter (named) has no value after it.
    MissingValue(String),
    /// A parameter's value is not a number in its type's range.
    BadNumber {
        /// The parameter or option.
        what: String,
        /// Its value as given.
        value: String,
    },
    /// `go depth 0`.
    ZeroDepth,
    /// A `go` parameter that does not exist (it is given).
    UnknownGoParameter(String),
    /// `setoption` without `name NAME value VALUE`.
    SetOptionSyntax,
    /// An option that does not exist (it is given).
    UnknownOption(String),
    /// An option's value outside `1..=max`.
    OptionOutOfRange {
        /// The option.
        name: &'static str,
        /// Its largest value.
        max: usize,
    },
    /// `position` without `startpos`, `fen FEN` or `tfen TFEN`.
    PositionSyntax,
    /// The position text of `position fen|tfen` is not valid.
    BadFen(AnyFenError),
    /// `position` lists more than [`MAX_POSITION_MOVES`] moves (the count
    /// is given).
    TooManyMoves(usize),
    /// A move of `position` is not legal where it is played.
    BadMove {
        /// Its place in the list, from 1.
        index: usize,
        /// The move as given.
        text: String,
        /// Why it is refused (garbled, illegal, or after the end of the game).
        error: AnyPlayError,
    },
    /// The value of `setoption name Rules` is not a rule set of the
    /// current game.
    BadRules(RuleSetError),
    /// The value of `setoption name UseNNUE` is not `true` or `false` (it
    /// is given).
    BadBool(String),
    /// The value of `setoption name UCI_Variant` is not a game.
    BadVariant(UnknownVariant),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Empty => write!(f, "empty line"),
            CommandError::UnknownCommand(c) => write!(f, "unknown command `{c}`"),
            CommandError::UnexpectedArguments(c) => write!(f, "`{c}` takes no arguments"),
            CommandError::MissingValue(w) => write!(f, "`{w}` needs a value"),
            CommandError::BadNumber { what, value } => {
                write!(f, "`{what}`: `{value}` is not a valid number")
            }
            CommandError::ZeroDepth => write!(f, "depth must be at least 1"),
            CommandError::UnknownGoParameter(p) => write!(f, "unknown `go` parameter `{p}`"),
            CommandError::SetOptionSyntax => {
                write!(f, "expected `setoption name NAME value VALUE`")
            }
            CommandError::UnknownOption(o) => write!(f, "unknown option `{o}`"),
            CommandError::OptionOutOfRange { name, max } => {
                write!(f, "{name} must be 1 to {max}")
            }
            CommandError::PositionSyntax => {
                write!(f, "expected `position startpos|tfen TFEN [moves ...]`")
            }
            CommandError::BadFen(e) => e.fmt(f),
            CommandError::TooManyMoves(n) => write!(
                f,
                "{n} moves: a position may list at most {MAX_POSITION_MOVES}"
            ),
            CommandError::BadMove { index, text, error } => {
                write!(f, "move {index} ({text}): {error}")
            }
            CommandError::BadRules(e) => write!(f, "option Rules: {e}"),
            CommandError::BadVariant(e) => write!(f, "option UCI_Variant: {e}"),
            CommandError::BadBool(v) => {
                write!(f, "option UseNNUE: `{v}` is not `true` or `false`")
            }
        }
    }
}

impl std::error::Error for CommandError {}

fn number<T: FromStr>(what: &str, tok: Option<&str>) -> Result<T, CommandError> {
    let tok = tok.ok_or_else(|| CommandError::MissingValue(what.to_owned()))?;
    tok.parse().map_err(|_| CommandError::BadNumber {
        what: what.to_owned(),
        value: tok.to_owned(),
    })
}

/// Parses one input line under Tamerlane's default rules. `Ok(None)` is an
/// empty or blank line.
pub fn parse_command(line: &str) -> Result<Option<Command>, CommandError> {
    parse_command_in(line, AnyRules::default())
}

/// Parses one input line under Tamerlane's rule set `rules`
/// ([`parse_command_in`]).
pub fn parse_command_with_rules(
    line: &str,
    rules: RuleSet,
) -> Result<Option<Command>, CommandError> {
    parse_command_in(line, AnyRules::Tamerlane(rules))
}

/// Parses one input line under the session's game and rules (its
/// `UCI_Variant` and `Rules` options): a `position` is that game's
/// (`startpos` is the rules' start position, and moves past the end of the
/// game are refused), and a `Rules` value is read as that game's rules.
/// `Ok(None)` is a blank line.
pub fn parse_command_in(line: &str, rules: AnyRules) -> Result<Option<Command>, CommandError> {
    let mut toks = line.split_whitespace();
    let Some(head) = toks.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = toks.collect();
    let no_args = |c: Command| {
        if rest.is_empty() {
            Ok(Some(c))
        } else {
            Err(CommandError::UnexpectedArguments(head.to_owned()))
        }
    };
    match head {
        "uci" => no_args(Command::Uci),
        "isready" => no_args(Command::IsReady),
        "ucinewgame" => no_args(Command::NewGame),
        "stop" => no_args(Command::Stop),
        "quit" => no_args(Command::Quit),
        "setoption" => parse_setoption(&rest, rules.variant()).map(Some),
        "position" => parse_position(&rest, rules).map(|p| Some(Command::Position(p))),
        "go" => parse_go(&rest).map(|l| Some(Command::Go(l))),
        other => Err(CommandError::UnknownCommand(other.to_owned())),
    }
}

impl FromStr for Command {
    type Err = CommandError;

    /// Parses one line ([`parse_command`]; a blank line is
    /// [`CommandError::Empty`]).
    fn from_str(line: &str) -> Result<Command, CommandError> {
        parse_command(line)?.ok_or(CommandError::Empty)
    }
}

impl FromStr for PositionCommand {
    type Err = CommandError;

    /// Parses a `position` line.
    fn from_str(line: &str) -> Result<PositionCommand, CommandError> {
        match line.parse()? {
            Command::Position(p) => Ok(p),
            _ => Err(CommandError::PositionSyntax),
        }
    }
}

fn parse_setoption(rest: &[&str], variant: Variant) -> Result<Command, CommandError> {
    let name_at = rest.iter().position(|t| *t == "name");
    let value_at = rest.iter().position(|t| *t == "value");
    let (Some(n), Some(v)) = (name_at, value_at) else {
        return Err(CommandError::SetOptionSyntax);
    };
    if n != 0 || v <= n + 1 {
        return Err(CommandError::SetOptionSyntax);
    }
    let name = rest[n + 1..v].join(" ");
    let value = rest[v + 1..].join(" ");
    if name.eq_ignore_ascii_case("rules") {
        return variant
            .parse_rules(&value)
            .map(Command::Rules)
            .map_err(CommandError::BadRules);
    }
    if name.eq_ignore_ascii_case("evalfile") {
        let path = value.trim();
        return Ok(Command::EvalFile(
            (!path.is_empty() && path != "<default>").then(|| path.to_owned()),
        ));
    }
    if name.eq_ignore_ascii_case("usennue") {
        return match value.to_ascii_lowercase().as_str() {
            "true" => Ok(Command::UseNnue(true)),
            "false" => Ok(Command::UseNnue(false)),
            _ => Err(CommandError::BadBool(value)),
        };
    }
    if name.eq_ignore_ascii_case("uci_variant") {
        return value
            .parse()
            .map(Command::Variant)
            .map_err(CommandError::BadVariant);
    }
    let (option, max, make): (&'static str, usize, fn(usize) -> Command) =
        match name.to_ascii_lowercase().as_str() {
            "hash" => ("Hash", MAX_HASH_MIB, Command::Hash),
            "threads" => ("Threads", MAX_THREADS, Command::Threads),
            "multipv" => ("MultiPV", MAX_MULTIPV, Command::MultiPv),
            "level" => ("Level", LEVELS.len(), |n| Command::Level(n as u32)),
            _ => return Err(CommandError::UnknownOption(name)),
        };
    let v: usize = number(option, Some(&value))?;
    if !(1..=max).contains(&v) {
        return Err(CommandError::OptionOutOfRange { name: option, max });
    }
    Ok(make(v))
}

fn parse_position(rest: &[&str], rules: AnyRules) -> Result<PositionCommand, CommandError> {
    let moves_at = rest.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    if moves.len() > MAX_POSITION_MOVES {
        return Err(CommandError::TooManyMoves(moves.len()));
    }
    let tamerlane = rules.variant() == Variant::Tamerlane;
    let mut game = match head.first() {
        Some(&"startpos") if head.len() == 1 => Ok(AnyGame::new(rules)),
        Some(&"fen") => AnyGame::from_fen(rules, &head[1..].join(" ")),
        Some(&"tfen") if tamerlane => AnyGame::from_fen(rules, &head[1..].join(" ")),
        _ => return Err(CommandError::PositionSyntax),
    }
    .map_err(CommandError::BadFen)?;
    for (i, m) in moves.iter().enumerate() {
        game.play_uci(m).map_err(|error| CommandError::BadMove {
            index: i + 1,
            text: (*m).to_owned(),
            error,
        })?;
    }
    Ok(PositionCommand { game })
}

/// The parameters of `go`.
const GO_PARAMETERS: [&str; 10] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "infinite",
    "movestogo",
    "searchmoves",
];

fn parse_go(rest: &[&str]) -> Result<Limits, CommandError> {
    let mut l = Limits::new();
    let mut it = rest.iter().copied().peekable();
    // Clock times: a GUI may send a negative time when a clock has run out.
    let clock = |t: &str, tok: Option<&str>| -> Result<Duration, CommandError> {
        Ok(Duration::from_millis(number::<i64>(t, tok)?.max(0) as u64))
    };
    while let Some(t) = it.next() {
        match t {
            "depth" => {
                let d: u32 = number(t, it.next())?;
                if d == 0 {
                    return Err(CommandError::ZeroDepth);
                }
                l.depth = Some(d);
            }
            "nodes" => l.nodes = Some(number(t, it.next())?),
            "movetime" => l.movetime = Some(Duration::from_millis(number(t, it.next())?)),
            "wtime" => l.wtime = Some(clock(t, it.next())?),
            "btime" => l.btime = Some(clock(t, it.next())?),
            "winc" => l.winc = clock(t, it.next())?,
            "binc" => l.binc = clock(t, it.next())?,
            "infinite" => l.infinite = true,
            "movestogo" => l.movestogo = Some(number(t, it.next())?),
            // The moves up to the next parameter name.
            "searchmoves" => {
                while let Some(m) = it.next_if(|m| !GO_PARAMETERS.contains(m)) {
                    l.searchmoves.push(m.to_owned());
                }
            }
            other => return Err(CommandError::UnknownGoParameter(other.to_owned())),
        }
    }
    Ok(l)
}

impl fmt::Display for PositionCommand {
    /// `position tfen START` (Tamerlane) or `position fen START` (chess,
    /// Makruk), then ` moves M ...` if there are moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.game.variant() {
            Variant::Tamerlane => "tfen",
            Variant::Chess | Variant::Makruk => "fen",
        };
        write!(f, "position {kind} {}", self.game.start_fen())?;
        let moves = self.game.moves();
        if !moves.is_empty() {
            f.write_str(" moves")?;
            for m in moves {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}

/// `go` and the limits that are set, times in whole milliseconds.
fn write_go(f: &mut fmt::Formatter<'_>, l: &Limits) -> fmt::Result {
    f.write_str("go")?;
    if let Some(d) = l.depth {
        write!(f, " depth {d}")?;
    }
    if let Some(n) = l.nodes {
        write!(f, " nodes {n}")?;
    }
    let ms = |t: Duration| t.as_millis();
    if let Some(t) = l.movetime {
        write!(f, " movetime {}", ms(t))?;
    }
    if let Some(t) = l.wtime {
        write!(f, " wtime {}", ms(t))?;
    }
    if let Some(t) = l.btime {
        write!(f, " btime {}", ms(t))?;
    }
    if !l.winc.is_zero() {
        write!(f, " winc {}", ms(l.winc))?;
    }
    if !l.binc.is_zero() {
        write!(f, " binc {}", ms(l.binc))?;
    }
    if let Some(n) = l.movestogo {
        write!(f, " movestogo {n}")?;
    }
    if l.infinite {
        f.write_str(" infinite")?;
    }
    if !l.searchmoves.is_empty() {
        write!(f, " searchmoves {}", l.searchmoves.join(" "))?;
    }
    Ok(())
}

impl fmt::Display for Command {
    /// The command as one protocol line (without the line ending).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Uci => f.write_str("uci"),
            Command::IsReady => f.write_str("isready"),
            Command::NewGame => f.write_str("ucinewgame"),
            Command::Hash(n) => write!(f, "setoption name Hash value {n}"),
            Command::Threads(n) => write!(f, "setoption name Threads value {n}"),
            Command::MultiPv(n) => write!(f, "setoption name MultiPV value {n}"),
            Command::Level(n) => write!(f, "setoption name Level value {n}"),
            Command::Variant(v) => write!(f, "setoption name UCI_Variant value {v}"),
            Command::Rules(r) => write!(f, "setoption name Rules value {r}"),
            Command::EvalFile(p) => write!(
                f,
                "setoption name EvalFile value {}",
                p.as_deref().unwrap_or("<default>")
            ),
            Command::UseNnue(b) => write!(f, "setoption name UseNNUE value {b}"),
            Command::Position(p) => p.fmt(f),
            Command::Go(l) => write_go(f, l),
            Command::Stop => f.write_str("stop"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tamerlane_core::tamerlane::Game;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn parse(line: &str) -> Result<Command, CommandError> {
        line.parse()
    }

    #[test]
    fn parses_commands() {
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse("  isready "), Ok(Command::IsReady));
        assert!(matches!(parse_command("   "), Ok(None)));
        assert_eq!(parse(""), Err(CommandError::Empty));
        assert_eq!(parse("setoption name Hash value 32"), Ok(Command::Hash(32)));
        assert_eq!(
            parse("setoption name threads value 2"),
            Ok(Command::Threads(2))
        );
        assert_eq!(
            parse("go depth 5 nodes 1000 wtime 100 btime 200 winc 5 binc 6"),
            Ok(Command::Go(
                Limits::new()
                    .depth(5)
                    .nodes(1000)
                    .wtime(ms(100))
                    .btime(ms(200))
                    .winc(ms(5))
                    .binc(ms(6))
            ))
        );
        // A clock that has run out may be sent as a negative time.
        assert_eq!(
            parse("go wtime -20 btime 5 movetime 7 infinite"),
            Ok(Command::Go(
                Limits::new()
                    .wtime(Duration::ZERO)
                    .btime(ms(5))
                    .movetime(ms(7))
                    .infinite()
            ))
        );
        match parse("position startpos moves f3f4 f8f7") {
            Ok(Command::Position(p)) => {
                assert_eq!(p.game().start_fen(), tamerlane_core::INITIAL_TFEN);
                assert_eq!(p.game().moves(), ["f3f4", "f8f7"]);
            }
            other => panic!("{other:?}"),
        }
        let t = tamerlane_core::INITIAL_TFEN;
        assert_eq!(
            parse(&format!("position tfen {t} moves b2c4")),
            parse("position startpos moves b2c4")
        );
    }

    #[test]
    fn rejects_garbage_with_the_reason() {
        let syntax = |s: &str| CommandError::BadNumber {
            what: s.split(':').next().unwrap().to_owned(),
            value: s.split(':').nth(1).unwrap().to_owned(),
        };
        let cases = [
            ("hello", CommandError::UnknownCommand("hello".into())),
            ("go depth", CommandError::MissingValue("depth".into())),
            ("go depth x", syntax("depth:x")),
            ("go depth -1", syntax("depth:-1")),
            ("go nodes 1.5", syntax("nodes:1.5")),
            ("go wtime 1e3", syntax("wtime:1e3")),
            ("go depth 0", CommandError::ZeroDepth),
            (
                "go sideways",
                CommandError::UnknownGoParameter("sideways".into()),
            ),
            ("setoption name Hash value -3", syntax("Hash:-3")),
            (
                "setoption name Hash value 0",
                CommandError::OptionOutOfRange {
                    name: "Hash",
                    max: MAX_HASH_MIB,
                },
            ),
            (
                "setoption name Threads value 257",
                CommandError::OptionOutOfRange {
                    name: "Threads",
                    max: MAX_THREADS,
                },
            ),
            (
                "setoption name Colour value 3",
                CommandError::UnknownOption("Colour".into()),
            ),
            ("setoption Hash 3", CommandError::SetOptionSyntax),
            ("setoption value 3 name Hash", CommandError::SetOptionSyntax),
            ("position", CommandError::PositionSyntax),
            ("position startpos extra", CommandError::PositionSyntax),
            ("uci now", CommandError::UnexpectedArguments("uci".into())),
            (
                "\u{0}\u{7f}ÿ",
                CommandError::UnknownCommand("\u{0}\u{7f}ÿ".into()),
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(parse(line), Err(expected), "{line}");
        }
        match parse("position startpos moves f3f4 f8f7 f4f6") {
            Err(CommandError::BadMove { index, text, .. }) => {
                assert_eq!((index, text.as_str()), (3, "f4f6"));
            }
            other => panic!("{other:?}"),
        }
        for bad in ["position tfen garbage", "position tfen 11/11 w - 00 0 1"] {
            assert!(matches!(parse(bad), Err(CommandError::BadFen(_))), "{bad}");
        }
        // The messages people see.
        let e = parse("position startpos moves f3f5")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("move 1 (f3f5): "), "{e}");
        assert_eq!(
            parse("setoption name Hash value 0")
                .unwrap_err()
                .to_string(),
            format!("Hash must be 1 to {MAX_HASH_MIB}")
        );
        assert_eq!(
            parse("go sideways").unwrap_err().to_string(),
            "unknown `go` parameter `sideways`"
        );
    }

    #[test]
    fn commands_are_written_as_the_protocol_reads_them() {
        let mut game = Game::new();
        for m in ["f3f4", "f8f7", "b2c4"] {
            game.play_str(m).unwrap();
        }
        let initial = tamerlane_core::INITIAL_TFEN;
        let cases = [
            (Command::Uci, "uci".to_owned()),
            (Command::IsReady, "isready".to_owned()),
            (Command::NewGame, "ucinewgame".to_owned()),
            (Command::Hash(64), "setoption name Hash value 64".to_owned()),
            (
                Command::Threads(2),
                "setoption name Threads value 2".to_owned(),
            ),
            (
                Command::Position(PositionCommand::new(Game::new())),
                format!("position tfen {initial}"),
            ),
            (
                Command::Position(PositionCommand::new(game)),
                format!("position tfen {initial} moves f3f4 f8f7 b2c4"),
            ),
            (Command::Go(Limits::new()), "go".to_owned()),
            (
                Command::Go(Limits::new().nodes(500)),
                "go nodes 500".to_owned(),
            ),
            (
                Command::Go(
                    Limits::new()
                        .depth(3)
                        .movetime(ms(25))
                        .wtime(ms(900))
                        .btime(Duration::from_secs(2))
                        .winc(ms(10)),
                ),
                "go depth 3 movetime 25 wtime 900 btime 2000 winc 10".to_owned(),
            ),
            (
                Command::Go(Limits::new().binc(ms(3)).infinite()),
                "go binc 3 infinite".to_owned(),
            ),
            (Command::Stop, "stop".to_owned()),
            (Command::Quit, "quit".to_owned()),
        ];
        for (cmd, line) in cases {
            assert_eq!(cmd.to_string(), line);
            // And back: the line reads as the same command.
            assert_eq!(parse(&line), Ok(cmd), "{line}");
        }
    }

    #[test]
    fn parsed_lines_round_trip() {
        let t = "e3d1d3e/1nCgvkfgtnr/prpnptpgpvpkpfpepcpd1/3c6pp/9PN1/11/3PE3PG3/PPPDPC1PFPKPV1PT1PR/R2GFKVG1R1/E2ND1DcC1E w Kk 00 0 18";
        for line in [
            "go wtime 1000 btime 2000 winc 10 binc 20 depth 9 nodes 77 movetime 5 infinite",
            "go winc 0",
            "position startpos moves b2c4 b9c7 c4b2 c7b9",
            &format!("position fen {t} moves j6j7"),
            "setoption name HASH value 8",
        ] {
            let cmd = parse(line).unwrap();
            assert_eq!(parse(&cmd.to_string()), Ok(cmd), "{line}");
        }
    }
}
