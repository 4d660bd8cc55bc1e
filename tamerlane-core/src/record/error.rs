//! The errors of records: the reader's (where in the file and what is
//! wrong) and those of the methods that change a record.

use core::fmt;

use super::limits::MAX_LINE_BYTES;
use super::result::GameResult;
use crate::color::Color;
use crate::game::GameOverError;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::rule_string::RuleSetError;

/// An error in a record file: which game (1-based, counting every game of
/// the file, good or bad), where (1-based line and character column) and
/// what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError<P: Position = crate::tamerlane::Position> {
    /// The 1-based index of the game in the file.
    pub game: usize,
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: RecordErrorKind<P>,
}

impl<P: Position> fmt::Display for RecordError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}: {}",
            self.game, self.line, self.column, self.kind
        )
    }
}

impl<P: Position> std::error::Error for RecordError<P> {}

/// What is wrong in a record of a game of kind `P`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind<P: Position = crate::tamerlane::Position> {
    /// Reading the input failed.
    Io(String),
    /// The line is not valid UTF-8 (the column is that of the first bad byte).
    InvalidUtf8,
    /// A malformed tag pair.
    BadTag(&'static str),
    /// A tag name given twice.
    DuplicateTag(String),
    /// A `Variant` tag naming another game.
    WrongVariant(String),
    /// A chess `FEN` tag in a Tamerlane record: Tamerlane positions are
    /// given in a `TFEN` tag.
    FenTag,
    /// The position tag (`TFEN` for Tamerlane, `FEN` for chess and Makruk)
    /// is not a valid position.
    BadTfen(P::FenError),
    /// The `Rules` tag is not a valid rule-set string.
    BadRules(RuleSetError),
    /// A move after the game has ended (docs/RULES.md, "Games stay ended": a game ends at its
    /// first terminal event and stays ended).
    PastTheEnd(GameOverError<P::Termination>),
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
        error: P::SanError,
    },
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
        outcome: Outcome<P::Termination>,
    },
    /// The `Termination` tag names a rule (`checkmate`, `citadel`, ...)
    /// that did not end the game.
    TerminationMismatch {
        /// The tag's value.
        tag: String,
        /// How the game actually ended by the rules, if it did.
        outcome: Option<Outcome<P::Termination>>,
    },
    /// The text holds no game (from [`GameRecord::from_pgn`](crate::GameRecord::from_pgn)).
    NoGame,
    /// The text holds more than one game (from [`GameRecord::from_pgn`](crate::GameRecord::from_pgn)).
    MoreThanOneGame,
    /// A line longer than [`GameRecord::MAX_LINE_BYTES`](crate::GameRecord::MAX_LINE_BYTES) (the column is
    /// the first byte past the limit, counted in bytes).
    LineTooLong(usize),
    /// A game with more than [`GameRecord::MAX_PLIES`](crate::GameRecord::MAX_PLIES) plies.
    TooManyPlies(usize),
    /// A game with more than [`GameRecord::MAX_TAGS`](crate::GameRecord::MAX_TAGS) tag pairs.
    TooManyTags(usize),
    /// A game with more than [`GameRecord::MAX_TEXT_BYTES`](crate::GameRecord::MAX_TEXT_BYTES) of tags and
    /// comments.
    TextTooLong(usize),
    /// A comment that the writer could not write back on lines of at most
    /// [`GameRecord::MAX_LINE_BYTES`](crate::GameRecord::MAX_LINE_BYTES): a word with the words after it that
    /// begin with `[` or `%` (which cannot begin a line), with the braces,
    /// is longer.
    CommentTooLong(usize),
}

impl<P: Position> fmt::Display for RecordErrorKind<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorKind::Io(e) => write!(f, "read error: {e}"),
            RecordErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8"),
            RecordErrorKind::BadTag(what) => write!(f, "malformed tag pair: {what}"),
            RecordErrorKind::DuplicateTag(t) => write!(f, "tag {t:?} given twice"),
            RecordErrorKind::WrongVariant(v) => match P::VARIANT.variant_tag() {
                Some(name) => write!(f, "Variant tag {v:?}: this reader reads only {name:?}"),
                None => write!(
                    f,
                    "Variant tag {v:?}: this reader reads only chess (\"Standard\" or \"chess\")"
                ),
            },
            RecordErrorKind::FenTag => {
                f.write_str("FEN tag: a Tamerlane start position goes in a TFEN tag")
            }
            RecordErrorKind::BadTfen(e) => write!(f, "{} tag: {e}", P::VARIANT.fen_tag()),
            RecordErrorKind::BadRules(e) => write!(f, "Rules tag: {e}"),
            RecordErrorKind::PastTheEnd(e) => write!(f, "a move after the end: {e}"),
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
            RecordErrorKind::TooManyTags(n) => write!(f, "more than {n} tag pairs in a game"),
            RecordErrorKind::TextTooLong(n) => {
                write!(f, "more than {n} bytes of tags and comments in a game")
            }
            RecordErrorKind::CommentTooLong(n) => write!(f, "{}", CommentTooLongMessage(*n)),
        }
    }
}

/// The message of a comment too long to write back, for both error types.
struct CommentTooLongMessage(usize);

impl fmt::Display for CommentTooLongMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "comment with more than {} bytes that cannot be split across lines \
             (a word and the words after it that begin with [ or %)",
            self.0
        )
    }
}

/// Why a [`GameRecord`](crate::GameRecord) refuses a change: the record would be written as
/// text that the reader does not read back as the same record. The record
/// is left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordEditError<P: Position = crate::tamerlane::Position> {
    /// A tag name that is not one or more ASCII letters, digits and `_`
    /// (the name, shortened to 40 characters).
    BadTagName(String),
    /// A control character other than the tab in the value of this tag.
    BadTagValue(String),
    /// This tag's pair would be longer than [`GameRecord::MAX_LINE_BYTES`](crate::GameRecord::MAX_LINE_BYTES).
    TagTooLong(String),
    /// A `Result` tag value that is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    BadResult(String),
    /// A result other than that of the game's ending by the rules.
    ResultContradicts {
        /// The result given.
        result: GameResult,
        /// How the game ended.
        outcome: Outcome<P::Termination>,
    },
    /// A `Variant` tag naming another game.
    WrongVariant(String),
    /// A chess `FEN` tag in a Tamerlane record: the start position goes in
    /// the `TFEN` tag.
    FenTag,
    /// A position tag (`TFEN` for Tamerlane, `FEN` for chess and Makruk)
    /// that is not the game's start position.
    TfenMismatch(String),
    /// A tag the record cannot do without: `Result`, and the position tag
    /// for a start that is not the initial position (or, for Tamerlane,
    /// next to a `FEN` tag).
    RequiredTag(&'static str),
    /// A `Termination` tag naming a rule (`checkmate`, `citadel`, ...)
    /// that did not end the game.
    TerminationMismatch {
        /// The tag's value.
        tag: String,
        /// How the game ended by the rules, if it did.
        outcome: Option<Outcome<P::Termination>>,
    },
    /// A comment after more plies than the game has.
    CommentAfterEnd {
        /// The plies before the comment.
        ply: usize,
        /// The plies of the game.
        plies: usize,
    },
    /// A comment the writer cannot split into lines of at most
    /// [`GameRecord::MAX_LINE_BYTES`](crate::GameRecord::MAX_LINE_BYTES) (see [`RecordErrorKind::CommentTooLong`]).
    CommentTooLong(usize),
    /// More than [`GameRecord::MAX_TAGS`](crate::GameRecord::MAX_TAGS) tags besides `Result`.
    TooManyTags(usize),
    /// More than [`GameRecord::MAX_TEXT_BYTES`](crate::GameRecord::MAX_TEXT_BYTES) of tags and comments.
    TextTooLong(usize),
    /// A game longer than [`GameRecord::MAX_PLIES`](crate::GameRecord::MAX_PLIES).
    TooManyPlies(usize),
    /// A `Rules` tag that is not the game's rule set (its value).
    RulesMismatch(String),
}

impl<P: Position> fmt::Display for RecordEditError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordEditError::BadTagName(name) => write!(
                f,
                "invalid tag name {name:?}: a tag name is ASCII letters, digits and _"
            ),
            RecordEditError::BadTagValue(name) => write!(
                f,
                "tag {name}: a control character other than the tab in the value"
            ),
            RecordEditError::TagTooLong(name) => write!(
                f,
                "tag {name}: the tag pair is longer than {} bytes",
                MAX_LINE_BYTES
            ),
            RecordEditError::BadResult(v) => {
                write!(f, "Result tag {v:?}: expected 1-0, 0-1, 1/2-1/2 or *")
            }
            RecordEditError::ResultContradicts { result, outcome } => write!(
                f,
                "result {result}, but the game has ended by the rules: {outcome}"
            ),
            RecordEditError::WrongVariant(v) => write!(
                f,
                "Variant tag {v:?}: a record holds a {} game",
                P::VARIANT.variant_tag().unwrap_or("chess")
            ),
            RecordEditError::FenTag => {
                f.write_str("FEN tag: a Tamerlane start position goes in a TFEN tag")
            }
            RecordEditError::TfenMismatch(v) => write!(
                f,
                "{} tag {v:?}: it must be the game's start position",
                P::VARIANT.fen_tag()
            ),
            RecordEditError::RequiredTag(name) => {
                write!(f, "the {name} tag is needed to read the record back")
            }
            RecordEditError::TerminationMismatch { tag, outcome } => match outcome {
                Some(o) => write!(f, "Termination tag {tag:?}, but the game ended: {o}"),
                None => write!(
                    f,
                    "Termination tag {tag:?}, but the game has not ended by the rules"
                ),
            },
            RecordEditError::CommentAfterEnd { ply, plies } => {
                write!(f, "comment after ply {ply}, but the game has {plies} plies")
            }
            RecordEditError::CommentTooLong(n) => write!(f, "{}", CommentTooLongMessage(*n)),
            RecordEditError::TooManyTags(n) => {
                write!(f, "more than {n} tag pairs besides Result")
            }
            RecordEditError::TextTooLong(n) => {
                write!(f, "more than {n} bytes of tags and comments")
            }
            RecordEditError::TooManyPlies(n) => write!(f, "game longer than {n} plies"),
            RecordEditError::RulesMismatch(v) => {
                write!(f, "the Rules tag {v:?} is not the game's rule set")
            }
        }
    }
}

impl<P: Position> std::error::Error for RecordEditError<P> {}
