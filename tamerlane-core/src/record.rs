//! Game records: a PGN-style text format for Tamerlane games, with a
//! streaming reader that recovers from bad games and a writer that
//! round-trips every game the reader accepts. The format is documented in
//! the project's `docs/NOTATION.md`.
//!
//! ```
//! use tamerlane_core::{read_records, Game, GameRecord, GameResult};
//!
//! let mut game = Game::new();
//! game.play_str("f3f4")?;
//! game.play_str("f8f7")?;
//! let mut record = GameRecord::new(game);
//! record.set_tag("White", "Timur");
//! record.comments.push((1, "the king's pawn".to_owned()));
//! let text = record.to_string();
//! assert!(text.contains("[Variant \"Tamerlane\"]"));
//! assert!(text.contains("1. f4 {the king's pawn} 1... f7 *"));
//!
//! // Read it back (a file of many games streams the same way).
//! let games: Vec<_> = read_records(text.as_bytes()).collect();
//! assert_eq!(games.len(), 1);
//! let back = games[0].as_ref().unwrap();
//! assert_eq!(back, &record);
//! assert_eq!(back.result, GameResult::Unknown);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;
use std::io::BufRead;

use crate::color::Color;
use crate::game::{Game, GameOverError};
use crate::position::{Outcome, Position, Termination};
use crate::rule_set::{RuleSet, RuleSetError};
use crate::san::SanError;
use crate::tfen::{TfenError, INITIAL_TFEN};

/// The result of a game as written in a record: `1-0`, `0-1`, `1/2-1/2` or `*`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    /// The result token.
    pub const fn token(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Parses a result token.
    pub fn from_token(s: &str) -> Option<GameResult> {
        Some(match s {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return None,
        })
    }

    /// The result of an outcome (`*` for none).
    pub fn from_outcome(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            None => GameResult::Unknown,
            Some(o) => match o.winner {
                Some(Color::White) => GameResult::WhiteWins,
                Some(Color::Black) => GameResult::BlackWins,
                None => GameResult::Draw,
            },
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// A game with its record data: tag pairs, comments and the result token.
///
/// The start position is the [`Game`]'s (written as a `TFEN` tag when it is
/// not the initial position); the moves are written in SAN. Two records are
/// equal when their tags, result, comments, start position and moves are.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The tag pairs, in order (names are unique).
    pub tags: Vec<(String, String)>,
    /// The game: start position and moves.
    pub game: Game,
    /// The result token ending the movetext.
    pub result: GameResult,
    /// Comments, each after the given number of plies (0: before the first
    /// move), in order. Whitespace in a comment is a single space and a
    /// comment never contains `}`: the reader stores comments that way and
    /// the writer writes them that way.
    pub comments: Vec<(usize, String)>,
}

impl PartialEq for GameRecord {
    fn eq(&self, other: &GameRecord) -> bool {
        self.tags == other.tags
            && self.result == other.result
            && self.comments == other.comments
            && self.game.start() == other.game.start()
            && self.game.moves() == other.game.moves()
    }
}

impl Eq for GameRecord {}

/// The tag names of our rule-decided terminations.
fn termination_from_name(s: &str) -> Option<Termination> {
    [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::Citadel,
        Termination::RoyalsOnly,
        Termination::Repetition,
        Termination::MoveLimit,
    ]
    .into_iter()
    .find(|t| t.name() == s)
}

impl GameRecord {
    /// A record of `game` with the seven standard tags (`Event`, `Site`,
    /// `Date`, `Round`, `White`, `Black` as `?` and `Result`), `Variant
    /// "Tamerlane"`, `Rules` (the canonical rule-set string) for rules other
    /// than the default, `SetUp "1"` and `TFEN` for a non-initial start, and
    /// `Termination` when the game has ended by the rules. The result is the
    /// game's outcome (`*` while it goes on).
    pub fn new(game: Game) -> GameRecord {
        let outcome = game.outcome();
        let result = GameResult::from_outcome(outcome);
        let mut tags: Vec<(String, String)> = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("White", "?"),
            ("Black", "?"),
            ("Result", result.token()),
            ("Variant", "Tamerlane"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
        if !game.rules().is_default() {
            tags.push(("Rules".to_owned(), game.rules().to_string()));
        }
        let start = game.start().to_tfen();
        if start != INITIAL_TFEN {
            tags.push(("SetUp".to_owned(), "1".to_owned()));
            tags.push(("TFEN".to_owned(), start));
        }
        if let Some(o) = outcome {
            tags.push(("Termination".to_owned(), o.termination.name().to_owned()));
        }
        GameRecord {
            tags,
            game,
            result,
            comments: Vec::new(),
        }
    }

    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, in place if it exists, else at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some((_, v)) => *v = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The longest line the reader accepts, in bytes (line ending not
    /// counted); longer lines are refused with
    /// [`RecordErrorKind::LineTooLong`] without being held in memory. The
    /// writer's lines are at most 80 characters, or one tag pair or comment
    /// word: a record whose tag value or comment word is longer than this
    /// (or whose text exceeds [`MAX_TEXT_BYTES`](Self::MAX_TEXT_BYTES)) is
    /// written but not read back.
    pub const MAX_LINE_BYTES: usize = 1 << 20;
    /// The most plies one game may have ([`RecordErrorKind::TooManyPlies`]).
    /// A game played to its rules' end is far shorter: at most 199 plies
    /// pass between two captures or pawn moves before the move limit, and
    /// a game has at most a few hundred of those (see `docs/RELIABILITY.md`).
    pub const MAX_PLIES: usize = 100_000;
    /// The most tag pairs one game may have ([`RecordErrorKind::TooManyTags`]).
    pub const MAX_TAGS: usize = 1_000;
    /// The most bytes of tag and comment text one game may hold, counting
    /// 16 bytes of overhead per tag or comment ([`RecordErrorKind::TextTooLong`]).
    pub const MAX_TEXT_BYTES: usize = 1 << 22;

    /// Reads a text holding exactly one game.
    pub fn from_pgn(text: &str) -> Result<GameRecord, RecordError> {
        let mut reader = read_records(text.as_bytes());
        let first = reader.next().unwrap_or(Err(RecordError {
            game: 1,
            line: 1,
            column: 1,
            kind: RecordErrorKind::NoGame,
        }))?;
        match reader.next() {
            None => Ok(first),
            Some(Ok(_)) | Some(Err(_)) => Err(RecordError {
                game: 2,
                line: reader.game_line,
                column: reader.game_column,
                kind: RecordErrorKind::MoreThanOneGame,
            }),
        }
    }
}

impl FromStr for GameRecord {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<GameRecord, RecordError> {
        GameRecord::from_pgn(s)
    }
}

/// A comment as stored: words separated by single spaces, no control
/// characters, `}` replaced by `)`.
fn normalize_comment(text: &str) -> String {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect();
    words.join(" ").replace('}', ")")
}

/// Accumulates movetext tokens into lines of at most 80 characters.
struct LineWriter<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    width: usize,
}

impl LineWriter<'_, '_> {
    fn token(&mut self, t: &str) -> fmt::Result {
        let n = t.chars().count();
        // A line must not begin with `[` (a new game) or `%` (an escape
        // line): such a comment word stays on the previous line.
        let may_break = !t.starts_with(['[', '%']);
        if may_break && self.width > 0 && self.width + 1 + n > 80 {
            self.f.write_str("\n")?;
            self.width = 0;
        }
        if self.width > 0 {
            self.f.write_str(" ")?;
            self.width += 1;
        }
        self.f.write_str(t)?;
        self.width += n;
        Ok(())
    }

    fn comment(&mut self, text: &str) -> fmt::Result {
        let text = normalize_comment(text);
        let words: Vec<&str> = text.split(' ').filter(|w| !w.is_empty()).collect();
        match words.len() {
            0 => self.token("{}"),
            1 => self.token(&format!("{{{}}}", words[0])),
            n => {
                self.token(&format!("{{{}", words[0]))?;
                for w in &words[1..n - 1] {
                    self.token(w)?;
                }
                self.token(&format!("{}}}", words[n - 1]))
            }
        }
    }
}

fn write_tag_value(f: &mut fmt::Formatter<'_>, v: &str) -> fmt::Result {
    for c in v.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            c if c.is_control() && c != '\t' => f.write_str(" ")?,
            c => write!(f, "{c}")?,
        }
    }
    Ok(())
}

impl fmt::Display for GameRecord {
    /// The record as text: tag pairs, a blank line, the movetext wrapped at
    /// 80 columns, ending with the result token and a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, v) in &self.tags {
            write!(f, "[{k} \"")?;
            write_tag_value(f, v)?;
            f.write_str("\"]\n")?;
        }
        if !self.tags.is_empty() {
            f.write_str("\n")?;
        }
        let mut out = LineWriter { f, width: 0 };
        let mut comments = self.comments.iter().peekable();
        let moves = self.game.moves();
        let positions = self.game.positions();
        let mut need_number = true;
        for (ply, pos) in positions.iter().enumerate() {
            while let Some((_, text)) = comments.next_if(|(p, _)| *p <= ply) {
                out.comment(text)?;
                need_number = true;
            }
            let Some(m) = moves.get(ply) else { break };
            if pos.turn() == Color::White {
                out.token(&format!("{}. {}", pos.fullmoves(), pos.san(m)))?;
            } else if need_number {
                out.token(&format!("{}... {}", pos.fullmoves(), pos.san(m)))?;
            } else {
                out.token(&pos.san(m))?;
            }
            need_number = false;
        }
        for (_, text) in comments {
            out.comment(text)?;
        }
        out.token(self.result.token())?;
        out.f.write_str("\n")
    }
}

/// An error in a record file: which game (1-based, counting every game of
/// the file, good or bad), where (1-based line and character column) and
/// what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The 1-based index of the game in the file.
    pub game: usize,
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}: {}",
            self.game, self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for RecordError {}

/// What is wrong in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// Reading the input failed.
    Io(String),
    /// The line is not valid UTF-8 (the column is that of the first bad byte).
    InvalidUtf8,
    /// A malformed tag pair.
    BadTag(&'static str),
    /// A tag name given twice.
    DuplicateTag(String),
    /// A `Variant` tag other than `Tamerlane`.
    WrongVariant(String),
    /// A chess `FEN` tag: Tamerlane positions are given in a `TFEN` tag.
    FenTag,
    /// The `TFEN` tag is not a valid position.
    BadTfen(TfenError),
    /// The `Rules` tag is not a valid rule-set string.
    BadRules(RuleSetError),
    /// A character that cannot start a movetext token here.
    UnexpectedChar(char),
    /// A `{` comment not closed before the end of the file or the next game.
    UnterminatedComment,
    /// A `(` variation not closed before the end of the file or the next game.
    UnterminatedVariation,
    /// The next game's tags begin before this game's result token.
    MissingResult,
    /// The input ends before the game's result token (a truncated file).
    Truncated,
    /// A move that cannot be read or played.
    Move {
        /// The move number.
        number: u32,
        /// The side that was to move.
        color: Color,
        /// The move as written (truncated to 40 characters).
        text: String,
        /// Why it was rejected.
        error: SanError,
    },
    /// A move after the game has ended (RULES-SPEC 8.4: a game ends at its
    /// first terminal event and stays ended).
    PastTheEnd(GameOverError),
    /// The `Result` tag and the result token differ.
    ResultMismatch {
        /// The `Result` tag's value.
        tag: String,
        /// The result token.
        token: GameResult,
    },
    /// The game has ended by the rules, and the result token says otherwise.
    ResultContradicts {
        /// The result token.
        token: GameResult,
        /// How the game ended.
        outcome: Outcome,
    },
    /// The `Termination` tag names a rule (`checkmate`, `citadel`, ...)
    /// that did not end the game.
    TerminationMismatch {
        /// The tag's value.
        tag: String,
        /// How the game actually ended by the rules, if it did.
        outcome: Option<Outcome>,
    },
    /// The text holds no game (from [`GameRecord::from_pgn`]).
    NoGame,
    /// The text holds more than one game (from [`GameRecord::from_pgn`]).
    MoreThanOneGame,
    /// A line longer than [`GameRecord::MAX_LINE_BYTES`] (the column is
    /// the first byte past the limit, counted in bytes).
    LineTooLong(usize),
    /// A game with more than [`GameRecord::MAX_PLIES`] plies.
    TooManyPlies(usize),
    /// A game with more than [`GameRecord::MAX_TAGS`] tag pairs.
    TooManyTags(usize),
    /// A game with more than [`GameRecord::MAX_TEXT_BYTES`] of tags and
    /// comments.
    TextTooLong(usize),
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorKind::Io(e) => write!(f, "read error: {e}"),
            RecordErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8"),
            RecordErrorKind::BadTag(what) => write!(f, "malformed tag pair: {what}"),
            RecordErrorKind::DuplicateTag(t) => write!(f, "tag {t:?} given twice"),
            RecordErrorKind::WrongVariant(v) => {
                write!(f, "Variant tag {v:?}: this reader reads only \"Tamerlane\"")
            }
            RecordErrorKind::FenTag => {
                f.write_str("FEN tag: a Tamerlane start position goes in a TFEN tag")
            }
            RecordErrorKind::BadTfen(e) => write!(f, "TFEN tag: {e}"),
            RecordErrorKind::BadRules(e) => write!(f, "Rules tag: {e}"),
            RecordErrorKind::UnexpectedChar(c) => write!(f, "unexpected character {c:?}"),
            RecordErrorKind::UnterminatedComment => {
                f.write_str("comment not closed with } before the end of the game")
            }
            RecordErrorKind::UnterminatedVariation => {
                f.write_str("variation not closed with ) before the end of the game")
            }
            RecordErrorKind::MissingResult => {
                f.write_str("the next game's tags begin before this game's result token")
            }
            RecordErrorKind::Truncated => f.write_str(
                "end of input before the result token (1-0, 0-1, 1/2-1/2 or *): truncated?",
            ),
            RecordErrorKind::Move {
                number,
                color,
                text,
                error,
            } => {
                let dots = if *color == Color::White { "." } else { "..." };
                write!(f, "move {number}{dots} {text}: {error}")
            }
            RecordErrorKind::ResultMismatch { tag, token } => write!(
                f,
                "the Result tag {tag:?} differs from the result token {token}"
            ),
            RecordErrorKind::ResultContradicts { token, outcome } => write!(
                f,
                "result {token}, but the game has ended by the rules: {outcome}"
            ),
            RecordErrorKind::TerminationMismatch { tag, outcome } => match outcome {
                Some(o) => write!(f, "Termination tag {tag:?}, but the game ended: {o}"),
                None => write!(
                    f,
                    "Termination tag {tag:?}, but the final position has not ended the game"
                ),
            },
            RecordErrorKind::NoGame => f.write_str("no game in the text"),
            RecordErrorKind::MoreThanOneGame => f.write_str("more than one game in the text"),
            RecordErrorKind::LineTooLong(n) => write!(f, "line longer than {n} bytes"),
            RecordErrorKind::TooManyPlies(n) => write!(f, "game longer than {n} plies"),
            RecordErrorKind::PastTheEnd(e) => write!(f, "a move after the end: {e}"),
            RecordErrorKind::TooManyTags(n) => write!(f, "more than {n} tag pairs in a game"),
            RecordErrorKind::TextTooLong(n) => {
                write!(f, "more than {n} bytes of tags and comments in a game")
            }
        }
    }
}

/// Streams the games of a record file.
///
/// Each item is a game or the error that made the reader give up on it;
/// after an error the reader skips to the next game (the next line that
/// begins with `[` after the bad game's tag section), so one bad game loses
/// nothing else. It never panics, whatever the input, and its memory is
/// bounded whatever the input's size: lines longer than
/// [`GameRecord::MAX_LINE_BYTES`] are skipped unread, and a game may hold
/// at most [`GameRecord::MAX_PLIES`] plies, [`GameRecord::MAX_TAGS`] tags
/// and [`GameRecord::MAX_TEXT_BYTES`] of tags and comments. A read error
/// ends the input and is the last item ([`RecordErrorKind::Io`]).
pub fn read_records<R: BufRead>(src: R) -> RecordReader<R> {
    RecordReader {
        src,
        raw: Vec::new(),
        line: String::new(),
        pos: 0,
        line_no: 0,
        bad_line: None,
        too_long: false,
        io_error: None,
        done: false,
        games: 0,
        phase: Phase::Tags,
        game_line: 1,
        game_column: 1,
    }
}

/// The iterator returned by [`read_records`].
pub struct RecordReader<R> {
    src: R,
    raw: Vec<u8>,
    /// The current line, decoded, without its line ending.
    line: String,
    /// Byte offset of the next unread character in `line`.
    pos: usize,
    line_no: usize,
    /// Why the current line cannot be read (not UTF-8, too long) and the
    /// column to report.
    bad_line: Option<(usize, RecordErrorKind)>,
    /// Whether the raw line was cut at the length limit.
    too_long: bool,
    /// A read error not reported yet: it ends the input, and is reported
    /// as the last item (instead of the truncation it causes, if any).
    io_error: Option<String>,
    /// End of input or a read error.
    done: bool,
    games: usize,
    phase: Phase,
    /// Where the current game began.
    game_line: usize,
    game_column: usize,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    Tags,
    Movetext,
    /// The game has been read to its result token: nothing to skip.
    Done,
}

/// An error with its position, before the game index is attached.
struct Failure {
    line: usize,
    column: usize,
    kind: RecordErrorKind,
    /// Whether the reader already stands at the start of the next game
    /// (nothing to skip).
    at_boundary: bool,
}

impl<R: BufRead> Iterator for RecordReader<R> {
    type Item = Result<GameRecord, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.phase = Phase::Tags;
        match self.next_token() {
            Ok(false) => {
                let e = self.io_error.take()?;
                self.games += 1;
                return Some(Err(RecordError {
                    game: self.games,
                    line: self.line_no.max(1),
                    column: 1,
                    kind: RecordErrorKind::Io(e),
                }));
            }
            Ok(true) => {}
            Err(f) => {
                self.games += 1;
                return Some(Err(self.fail(f)));
            }
        }
        self.games += 1;
        self.game_line = self.line_no;
        self.game_column = self.column_at(self.pos);
        match self.read_game() {
            Ok(r) => Some(Ok(r)),
            Err(f) => Some(Err(self.fail(f))),
        }
    }
}

fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']')
}

/// The bytes to read of a line, line ending included, before it counts as
/// too long.
const RAW_LINE_CAP: usize = GameRecord::MAX_LINE_BYTES + 2;

/// Whether a raw line looks like the start of a game: first non-blank byte `[`.
fn starts_game(raw: &[u8]) -> bool {
    raw.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[')
}

impl<R: BufRead> RecordReader<R> {
    fn column_at(&self, pos: usize) -> usize {
        self.line.get(..pos).map_or(pos, |s| s.chars().count()) + 1
    }

    fn failure(&self, pos: usize, kind: RecordErrorKind) -> Failure {
        Failure {
            line: self.line_no.max(1),
            column: self.column_at(pos),
            kind,
            at_boundary: false,
        }
    }

    /// Attaches the game index and skips to the next game.
    fn fail(&mut self, f: Failure) -> RecordError {
        let kind = match f.kind {
            // Cut short by a read error: report the error itself.
            RecordErrorKind::Truncated
            | RecordErrorKind::UnterminatedComment
            | RecordErrorKind::UnterminatedVariation
                if self.io_error.is_some() =>
            {
                RecordErrorKind::Io(self.io_error.take().unwrap_or_default())
            }
            kind => kind,
        };
        let err = RecordError {
            game: self.games,
            line: f.line,
            column: f.column,
            kind,
        };
        if !f.at_boundary && self.phase != Phase::Done {
            self.recover();
        }
        err
    }

    /// Reads the next raw line; `false` at the end of input. At most
    /// [`RAW_LINE_CAP`] bytes of it are kept: the rest of a longer line is
    /// read and dropped, and `too_long` is set.
    fn read_raw(&mut self) -> bool {
        if self.done {
            return false;
        }
        self.raw.clear();
        self.too_long = false;
        let mut any = false;
        loop {
            let buf = match self.src.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    // The end of input; the games read so far stay valid,
                    // and the error is reported as the last item.
                    self.io_error = Some(e.to_string());
                    self.done = true;
                    break;
                }
            };
            if buf.is_empty() {
                self.done = true;
                break;
            }
            any = true;
            let (len, end) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            let room = RAW_LINE_CAP - self.raw.len();
            if len <= room {
                self.raw.extend_from_slice(&buf[..len]);
            } else {
                self.raw.extend_from_slice(&buf[..room]);
                self.too_long = true;
            }
            self.src.consume(len);
            if end {
                break;
            }
        }
        if any {
            self.line_no += 1;
        }
        any
    }

    /// Decodes the raw line into the current line.
    fn decode(&mut self) {
        let mut raw: &[u8] = &self.raw;
        if let [rest @ .., b'\n'] = raw {
            raw = rest;
        }
        if let [rest @ .., b'\r'] = raw {
            raw = rest;
        }
        if self.line_no == 1 {
            raw = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
        }
        self.line.clear();
        self.pos = 0;
        if self.too_long || raw.len() > GameRecord::MAX_LINE_BYTES {
            self.bad_line = Some((
                GameRecord::MAX_LINE_BYTES + 1,
                RecordErrorKind::LineTooLong(GameRecord::MAX_LINE_BYTES),
            ));
            return;
        }
        match core::str::from_utf8(raw) {
            Ok(s) => {
                self.line.push_str(s);
                self.bad_line = None;
            }
            Err(e) => {
                let good = core::str::from_utf8(&raw[..e.valid_up_to()]).unwrap_or("");
                self.bad_line = Some((good.chars().count() + 1, RecordErrorKind::InvalidUtf8));
            }
        }
    }

    /// Reads and decodes the next line; `false` at the end of input.
    fn next_line(&mut self) -> bool {
        if !self.read_raw() {
            // Stay at the end of the last line, for the error position.
            self.pos = self.line.len();
            self.bad_line = None;
            return false;
        }
        self.decode();
        true
    }

    /// Skips the rest of a bad game: the rest of its tag section if the
    /// error was there, then everything up to the next line that begins
    /// with `[`.
    fn recover(&mut self) {
        // The current line is the one with the error: a tag line when the
        // error is in the tag section.
        let mut in_tags = self.phase == Phase::Tags && starts_game(&self.raw);
        loop {
            if !self.read_raw() {
                self.line.clear();
                self.pos = 0;
                self.bad_line = None;
                return;
            }
            let game_line = starts_game(&self.raw);
            if in_tags {
                if !game_line {
                    in_tags = false;
                }
                continue;
            }
            if game_line {
                self.decode();
                return;
            }
        }
    }

    /// The failure for the current line if it cannot be read.
    fn line_failure(&self) -> Option<Failure> {
        self.bad_line.as_ref().map(|(column, kind)| Failure {
            line: self.line_no,
            column: *column,
            kind: kind.clone(),
            at_boundary: false,
        })
    }

    fn byte(&self) -> Option<u8> {
        self.line.as_bytes().get(self.pos).copied()
    }

    /// Moves to the next token, across lines, skipping whitespace and `%`
    /// escape lines; `false` at the end of input.
    fn next_token(&mut self) -> Result<bool, Failure> {
        loop {
            if let Some(f) = self.line_failure() {
                return Err(f);
            }
            let b = self.line.as_bytes();
            if self.pos == 0 && b.first() == Some(&b'%') {
                self.pos = b.len();
            }
            while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if self.pos < b.len() {
                return Ok(true);
            }
            if !self.next_line() {
                return Ok(false);
            }
        }
    }

    /// Whether the current token is the first of its line.
    fn first_on_line(&self) -> bool {
        self.line.as_bytes()[..self.pos.min(self.line.len())]
            .iter()
            .all(u8::is_ascii_whitespace)
    }

    fn read_tag(&mut self) -> Result<(String, String), Failure> {
        let b = self.line.as_bytes();
        let mut i = self.pos + 1;
        let skip_ws = |mut i: usize| {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            i
        };
        i = skip_ws(i);
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        if i == start {
            return Err(self.failure(i, RecordErrorKind::BadTag("expected a tag name after [")));
        }
        let name = self.line[start..i].to_owned();
        i = skip_ws(i);
        if b.get(i) != Some(&b'"') {
            return Err(self.failure(
                i,
                RecordErrorKind::BadTag("expected a quoted value after the tag name"),
            ));
        }
        i += 1;
        let mut value = String::new();
        let mut chars = self.line[i..].char_indices();
        let end = loop {
            match chars.next() {
                None => {
                    return Err(self.failure(
                        self.line.len(),
                        RecordErrorKind::BadTag("the tag value's closing quote is missing"),
                    ))
                }
                Some((j, '"')) => break i + j + 1,
                Some((j, '\\')) => match chars.next() {
                    Some((_, c @ ('"' | '\\'))) => value.push(c),
                    _ => {
                        return Err(self.failure(
                            i + j,
                            RecordErrorKind::BadTag("only \\\" and \\\\ may be escaped"),
                        ))
                    }
                },
                Some((j, c)) if c.is_control() && c != '\t' => {
                    return Err(self.failure(
                        i + j,
                        RecordErrorKind::BadTag("control character in the tag value"),
                    ))
                }
                Some((_, c)) => value.push(c),
            }
        };
        let i = skip_ws(end);
        if b.get(i) != Some(&b']') {
            return Err(self.failure(i, RecordErrorKind::BadTag("expected ] after the tag value")));
        }
        self.pos = i + 1;
        Ok((name, value))
    }

    /// Reads a `{` comment, possibly over several lines; returns its text
    /// with whitespace collapsed. A comment longer than `budget` bytes is
    /// refused ([`RecordErrorKind::TextTooLong`]) as soon as it passes it.
    fn read_comment(&mut self, budget: usize) -> Result<String, Failure> {
        let open = self.failure(self.pos, RecordErrorKind::UnterminatedComment);
        self.pos += 1;
        let mut text = String::new();
        loop {
            if let Some(f) = self.line_failure() {
                return Err(f);
            }
            let rest = &self.line[self.pos.min(self.line.len())..];
            let (piece, closed) = match rest.find('}') {
                Some(j) => (&rest[..j], true),
                None => (rest, false),
            };
            if text.len() + piece.len() > budget {
                return Err(self.failure(
                    self.pos,
                    RecordErrorKind::TextTooLong(GameRecord::MAX_TEXT_BYTES),
                ));
            }
            text.push_str(piece);
            if closed {
                self.pos += piece.len() + 1;
                return Ok(normalize_comment(&text));
            }
            text.push(' ');
            if !self.next_line() {
                return Err(open);
            }
            if self.bad_line.is_none() && self.line.trim_start().starts_with('[') {
                return Err(Failure {
                    at_boundary: true,
                    ..open
                });
            }
        }
    }

    /// Skips a `(` variation with everything nested in it.
    fn skip_variation(&mut self) -> Result<(), Failure> {
        let open = self.failure(self.pos, RecordErrorKind::UnterminatedVariation);
        let mut depth = 0usize;
        loop {
            if !self.next_token()? {
                return Err(open);
            }
            match self.byte() {
                Some(b'(') => {
                    depth += 1;
                    self.pos += 1;
                }
                Some(b')') => {
                    depth -= 1;
                    self.pos += 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some(b'{') => {
                    self.read_comment(GameRecord::MAX_TEXT_BYTES)?;
                }
                Some(b';') => self.pos = self.line.len(),
                Some(_) => {
                    let b = self.line.as_bytes();
                    let mut i = self.pos + 1;
                    while i < b.len() && !is_delimiter(b[i]) {
                        i += 1;
                    }
                    if self.first_on_line() && b[self.pos] == b'[' {
                        return Err(Failure {
                            at_boundary: true,
                            ..open
                        });
                    }
                    self.pos = i;
                }
                None => {}
            }
        }
    }

    fn read_game(&mut self) -> Result<GameRecord, Failure> {
        // Tag pairs.
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut tag_pos: Vec<(usize, usize)> = Vec::new();
        // What is left of the game's text budget (tags and comments).
        let mut budget = GameRecord::MAX_TEXT_BYTES;
        let text_too_long = |line, column| Failure {
            line,
            column,
            kind: RecordErrorKind::TextTooLong(GameRecord::MAX_TEXT_BYTES),
            at_boundary: false,
        };
        while self.byte() == Some(b'[') {
            let at = (self.line_no, self.column_at(self.pos));
            if tags.len() == GameRecord::MAX_TAGS {
                return Err(Failure {
                    line: at.0,
                    column: at.1,
                    kind: RecordErrorKind::TooManyTags(GameRecord::MAX_TAGS),
                    at_boundary: false,
                });
            }
            let (name, value) = self.read_tag()?;
            budget = budget
                .checked_sub(name.len() + value.len() + 16)
                .ok_or_else(|| text_too_long(at.0, at.1))?;
            if tags.iter().any(|(k, _)| *k == name) {
                return Err(Failure {
                    line: at.0,
                    column: at.1,
                    kind: RecordErrorKind::DuplicateTag(name),
                    at_boundary: false,
                });
            }
            tags.push((name, value));
            tag_pos.push(at);
            if !self.next_token()? {
                break;
            }
        }
        self.phase = Phase::Movetext;
        let tag_failure = |i: usize, kind| Failure {
            line: tag_pos[i].0,
            column: tag_pos[i].1,
            kind,
            at_boundary: false,
        };
        let find = |name: &str| tags.iter().position(|(k, _)| k == name);
        if let Some(i) = find("Variant") {
            if !tags[i].1.trim().eq_ignore_ascii_case("tamerlane") {
                return Err(tag_failure(
                    i,
                    RecordErrorKind::WrongVariant(tags[i].1.clone()),
                ));
            }
        }
        let rules: RuleSet = match find("Rules") {
            Some(i) => tags[i]
                .1
                .parse()
                .map_err(|e| tag_failure(i, RecordErrorKind::BadRules(e)))?,
            None => RuleSet::DEFAULT,
        };
        let start = match find("TFEN") {
            Some(i) => Position::from_tfen_with_rules(tags[i].1.trim(), rules)
                .map_err(|e| tag_failure(i, RecordErrorKind::BadTfen(e)))?,
            None => {
                if let Some(i) = find("FEN") {
                    return Err(tag_failure(i, RecordErrorKind::FenTag));
                }
                Position::start_with_rules(rules)
            }
        };
        let mut game = Game::from_position(start);
        let mut comments = Vec::new();

        // Movetext.
        let (result, result_at) = loop {
            if !self.next_token()? {
                return Err(self.failure(self.line.len(), RecordErrorKind::Truncated));
            }
            let c = self.line.as_bytes()[self.pos];
            match c {
                b'[' => {
                    let mut f = self.failure(self.pos, RecordErrorKind::MissingResult);
                    if self.first_on_line() {
                        f.at_boundary = true;
                    } else {
                        f.kind = RecordErrorKind::UnexpectedChar('[');
                    }
                    return Err(f);
                }
                b'{' => {
                    let at = (self.line_no, self.column_at(self.pos));
                    let text = self.read_comment(budget)?;
                    budget = budget
                        .checked_sub(text.len() + 16)
                        .ok_or_else(|| text_too_long(at.0, at.1))?;
                    comments.push((game.moves().len(), text));
                }
                b';' => {
                    let at = (self.line_no, self.column_at(self.pos));
                    let text = normalize_comment(&self.line[self.pos + 1..]);
                    budget = budget
                        .checked_sub(text.len() + 16)
                        .ok_or_else(|| text_too_long(at.0, at.1))?;
                    comments.push((game.moves().len(), text));
                    self.pos = self.line.len();
                }
                b'(' => self.skip_variation()?,
                b')' | b'}' | b']' => {
                    return Err(self.failure(self.pos, RecordErrorKind::UnexpectedChar(c as char)))
                }
                _ => {
                    let start = self.pos;
                    let b = self.line.as_bytes();
                    let mut end = start + 1;
                    while end < b.len() && !is_delimiter(b[end]) {
                        end += 1;
                    }
                    self.pos = end;
                    let word = &self.line[start..end];
                    if let Some(r) = GameResult::from_token(word) {
                        break (r, (self.line_no, self.column_at(start)));
                    }
                    if word.starts_with('$')
                        && word.len() > 1
                        && word[1..].bytes().all(|d| d.is_ascii_digit())
                    {
                        continue;
                    }
                    // Move numbers: `12.`, `12...`, `12`, `...`, or glued to
                    // the move (`12.e4`, `12...Nf6`).
                    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                    let rest = &word[digits..];
                    let san_text = if digits > 0 && !rest.starts_with('.') {
                        if rest.is_empty() {
                            continue;
                        }
                        word
                    } else {
                        rest.trim_start_matches('.')
                    };
                    if san_text.is_empty() {
                        continue;
                    }
                    let col_offset = word.len() - san_text.len();
                    if game.moves().len() == GameRecord::MAX_PLIES {
                        return Err(self.failure(
                            start + col_offset,
                            RecordErrorKind::TooManyPlies(GameRecord::MAX_PLIES),
                        ));
                    }
                    if let Some(outcome) = game.outcome() {
                        return Err(self.failure(
                            start + col_offset,
                            RecordErrorKind::PastTheEnd(GameOverError {
                                ply: game.moves().len(),
                                outcome,
                            }),
                        ));
                    }
                    let pos = game.position();
                    let legal = pos.legal_moves();
                    match pos.parse_san_with(san_text, &legal) {
                        Ok(m) => {
                            // `m` is one of the legal moves and the game has
                            // not ended, so `play` succeeds.
                            let played = game.play(&m);
                            debug_assert!(played.is_ok());
                        }
                        Err(error) => {
                            let pos = game.position();
                            return Err(self.failure(
                                start + col_offset,
                                RecordErrorKind::Move {
                                    number: pos.fullmoves(),
                                    color: pos.turn(),
                                    text: crate::moves::excerpt(san_text),
                                    error,
                                },
                            ));
                        }
                    }
                }
            }
        };
        self.phase = Phase::Done;
        let at = |kind| Failure {
            line: result_at.0,
            column: result_at.1,
            kind,
            at_boundary: true,
        };
        if let Some(i) = find("Result") {
            if tags[i].1 != result.token() {
                return Err(at(RecordErrorKind::ResultMismatch {
                    tag: tags[i].1.clone(),
                    token: result,
                }));
            }
        }
        let outcome = game.outcome();
        if let Some(o) = outcome {
            if GameResult::from_outcome(Some(o)) != result {
                return Err(at(RecordErrorKind::ResultContradicts {
                    token: result,
                    outcome: o,
                }));
            }
        }
        if let Some(i) = find("Termination") {
            if let Some(t) = termination_from_name(tags[i].1.trim()) {
                if outcome.map(|o| o.termination) != Some(t) {
                    return Err(Failure {
                        at_boundary: true,
                        ..tag_failure(
                            i,
                            RecordErrorKind::TerminationMismatch {
                                tag: tags[i].1.clone(),
                                outcome,
                            },
                        )
                    });
                }
            }
        }
        Ok(GameRecord {
            tags,
            game,
            result,
            comments,
        })
    }
}

#[cfg(feature = "serde")]
mod serde_support {
    //! `GameRecord` as a JSON-friendly structure:
    //! `{"tags": {"Event": "?", ...}, "start": TFEN, "moves": ["f3f4", ...],
    //! "result": "1-0", "comments": [[ply, "text"], ...]}`.

    use super::{GameRecord, GameResult};
    use crate::game::Game;
    use crate::position::Position;
    use serde::de::{self, MapAccess, Visitor};
    use serde::ser::{SerializeMap, SerializeStruct};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::fmt;

    struct Tags<'a>(&'a [(String, String)]);

    impl Serialize for Tags<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut m = s.serialize_map(Some(self.0.len()))?;
            for (k, v) in self.0 {
                m.serialize_entry(k, v)?;
            }
            m.end()
        }
    }

    impl Serialize for GameRecord {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("GameRecord", 5)?;
            st.serialize_field("tags", &Tags(&self.tags))?;
            st.serialize_field("start", self.game.start())?;
            st.serialize_field("moves", self.game.moves())?;
            st.serialize_field("result", self.result.token())?;
            st.serialize_field("comments", &self.comments)?;
            st.end()
        }
    }

    struct OrderedTags(Vec<(String, String)>);

    impl<'de> Deserialize<'de> for OrderedTags {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OrderedTags, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = OrderedTags;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a map of tag names to values")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OrderedTags, A::Error> {
                    let mut tags: Vec<(String, String)> = Vec::new();
                    while let Some((k, v)) = map.next_entry::<String, String>()? {
                        if tags.iter().any(|(t, _)| *t == k) {
                            return Err(de::Error::custom(format!("tag {k:?} given twice")));
                        }
                        tags.push((k, v));
                    }
                    Ok(OrderedTags(tags))
                }
            }
            d.deserialize_map(V)
        }
    }

    impl<'de> Deserialize<'de> for GameRecord {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameRecord, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = GameRecord;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a game record with tags, start, moves, result and comments")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GameRecord, A::Error> {
                    let mut tags = None;
                    let mut start: Option<Position> = None;
                    let mut moves: Option<Vec<String>> = None;
                    let mut result: Option<String> = None;
                    let mut comments: Option<Vec<(usize, String)>> = None;
                    while let Some(key) = map.next_key::<String>()? {
                        match key.as_str() {
                            "tags" => tags = Some(map.next_value::<OrderedTags>()?.0),
                            "start" => start = Some(map.next_value()?),
                            "moves" => moves = Some(map.next_value()?),
                            "result" => result = Some(map.next_value()?),
                            "comments" => comments = Some(map.next_value()?),
                            other => {
                                return Err(de::Error::unknown_field(
                                    other,
                                    &["tags", "start", "moves", "result", "comments"],
                                ))
                            }
                        }
                    }
                    let mut game = Game::from_position(start.unwrap_or_default());
                    for (i, m) in moves.unwrap_or_default().iter().enumerate() {
                        game.play_str(m)
                            .map_err(|e| de::Error::custom(format!("move {} ({m}): {e}", i + 1)))?;
                    }
                    let result = match result {
                        None => GameResult::from_outcome(game.outcome()),
                        Some(r) => GameResult::from_token(&r).ok_or_else(|| {
                            de::Error::custom(format!(
                                "result {r:?}: expected 1-0, 0-1, 1/2-1/2 or *"
                            ))
                        })?,
                    };
                    let comments = comments.unwrap_or_default();
                    if let Some((ply, _)) = comments.iter().find(|(p, _)| *p > game.moves().len()) {
                        return Err(de::Error::custom(format!(
                            "comment after ply {ply}, but the game has {} plies",
                            game.moves().len()
                        )));
                    }
                    Ok(GameRecord {
                        tags: tags.unwrap_or_default(),
                        game,
                        result,
                        comments,
                    })
                }
            }
            d.deserialize_map(V)
        }
    }
}
