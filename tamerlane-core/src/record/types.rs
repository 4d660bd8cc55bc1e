//! The record's data: the result token and the game with its tags and
//! comments.

use core::fmt;

use crate::color::Color;
use crate::game::Game;
use crate::position::{Outcome, Position, Termination};

#[cfg(doc)]
use super::RecordErrorKind;

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
pub(super) fn termination_from_name(s: &str) -> Option<Termination> {
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
    /// "Tamerlane"`, `SetUp "1"` and `TFEN` for a non-initial start, and
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
        if *game.start() != Position::new() {
            tags.push(("SetUp".to_owned(), "1".to_owned()));
            tags.push(("TFEN".to_owned(), game.start().to_tfen()));
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
}

/// A comment as stored: words separated by single spaces, no control
/// characters, `}` replaced by `)`.
pub(super) fn normalize_comment(text: &str) -> String {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect();
    words.join(" ").replace('}', ")")
}
