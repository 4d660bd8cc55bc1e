//! The record's data: the game with its tags, comments and result, and the
//! methods that change it.

use super::checks::{
    comment_cost, contradicted_outcome, is_tag_name, is_tag_value_char, normalize_comment,
    tag_cost, termination_contradicts,
};
use super::error::RecordEditError;
use super::limits::{MAX_LINE_BYTES, MAX_PLIES, MAX_TAGS, MAX_TEXT_BYTES};
use super::lines::{comment_line_bytes, tag_line_bytes};
use super::result::GameResult;
use crate::excerpt::{excerpt, EXCERPT_CHARS};
use crate::game::Game;
use crate::position::Position;

#[cfg(doc)]
use super::RecordErrorKind;

/// A game with its record data: tag pairs, comments and the result.
///
/// A record is always one that the writer (its `Display`) writes as text
/// that the reader reads back as an equal record: the methods that change
/// it refuse, with a [`RecordEditError`] and the record unchanged, what
/// could not be written or read back. In particular:
///
/// - the `Result` tag is written from [`result`](Self::result), the one
///   place that holds it;
/// - tag names are those of the reader's grammar (ASCII letters, digits
///   and `_`), and tag values hold no control character but the tab;
/// - the tags the reader checks (`Variant`, `TFEN`, `FEN`, `Termination`)
///   agree with the game, and the result with the game's ending by the
///   rules;
/// - comments are kept in the order of their plies.
///
/// The start position is the [`Game`]'s (written as a `TFEN` tag when it is
/// not the initial position); the moves are written in SAN. Two records are
/// equal when their tags, result, comments, start position and moves are.
///
/// ```
/// use tamerlane_core::{GameRecord, GameResult, RecordEditError};
/// use tamerlane_core::tamerlane::Game;
///
/// let mut game = Game::new();
/// game.play_str("f3f4")?;
/// let mut record = GameRecord::new(game)?;
/// record.set_tag("White", "Timur")?;
/// record.set_result(GameResult::WhiteWins)?; // Black resigned
/// record.set_tag("Termination", "resignation")?;
/// assert_eq!(record.tag("Result"), Some("1-0"));
/// assert_eq!(
///     record.set_tag("Time Control", "40/7200"),
///     Err(RecordEditError::BadTagName("Time Control".into()))
/// );
/// assert_eq!(GameRecord::from_pgn(&record.to_string())?, record);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameRecord<P: Position = crate::tamerlane::Position> {
    /// The tag pairs but `Result`, in order (names are unique).
    pub(super) tags: Vec<(String, String)>,
    /// The game: start position and moves (with the standard draw rules).
    pub(super) game: Game<P>,
    /// The result token ending the movetext.
    pub(super) result: GameResult,
    /// Comments, each after the given number of plies, in ply order.
    pub(super) comments: Vec<(usize, String)>,
    /// The bytes the tags and comments count against
    /// [`MAX_TEXT_BYTES`](GameRecord::MAX_TEXT_BYTES).
    pub(super) text_bytes: usize,
}

impl<P: Position> PartialEq for GameRecord<P> {
    fn eq(&self, other: &GameRecord<P>) -> bool {
        self.tags == other.tags
            && self.result == other.result
            && self.comments == other.comments
            && self.game.start() == other.game.start()
            && self.game.moves() == other.game.moves()
    }
}

impl<P: Position> Eq for GameRecord<P> {}

/// The limits of a record, the same for the three games (the reader's
/// and the methods that change a record; see [`GameRecord`]'s constants).
impl GameRecord {
    /// The longest line the reader accepts, in bytes (line ending not
    /// counted); longer lines are refused with
    /// [`RecordErrorKind::LineTooLong`] without being held in memory. The
    /// writer's lines are at most 80 characters, or one tag pair, or a
    /// comment piece that cannot be split: the record refuses tags and
    /// comments that would make a longer line.
    pub const MAX_LINE_BYTES: usize = MAX_LINE_BYTES;
    /// The most plies one game may have ([`RecordErrorKind::TooManyPlies`]).
    pub const MAX_PLIES: usize = MAX_PLIES;
    /// The most tag pairs one game may have besides `Result`
    /// ([`RecordErrorKind::TooManyTags`]).
    pub const MAX_TAGS: usize = MAX_TAGS;
    /// The most bytes of tag and comment text one game may hold
    /// ([`RecordErrorKind::TextTooLong`]).
    pub const MAX_TEXT_BYTES: usize = MAX_TEXT_BYTES;
}

/// The tags of PGN's Seven Tag Roster that come before `Result`.
const ROSTER_BEFORE_RESULT: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

impl<P: Position> GameRecord<P> {
    /// A record of `game` with the seven standard tags (`Event`, `Site`,
    /// `Date`, `Round`, `White`, `Black` as `?` and `Result`), `Variant
    /// "Tamerlane"`, `Rules` (the canonical rule-set string) for rules other
    /// than the default, `SetUp "1"` and `TFEN` for a start other than the
    /// standard initial position, and
    /// `Termination` when the game has ended by the rules. The result is the
    /// game's outcome (`*` while it goes on).
    ///
    /// # Errors
    ///
    /// [`RecordEditError::TooManyPlies`] for a game longer than
    /// [`MAX_PLIES`](GameRecord::MAX_PLIES).
    pub fn new(game: Game<P>) -> Result<GameRecord<P>, RecordEditError<P>> {
        let mut tags: Vec<(String, String)> = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("White", "?"),
            ("Black", "?"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
        if let Some(name) = P::VARIANT.variant_tag() {
            tags.push(("Variant".to_owned(), name.to_owned()));
        }
        if *game.rules() != P::Rules::default() {
            tags.push(("Rules".to_owned(), game.rules().to_string()));
        }
        if is_non_initial(game.start()) {
            tags.push(("SetUp".to_owned(), "1".to_owned()));
            tags.push((P::VARIANT.fen_tag().to_owned(), game.start().to_fen()));
        }
        // A claimed draw is recorded by its result alone: the reader, which
        // replays the moves, does not see the claim.
        if let Some(o) = game.rules_outcome() {
            tags.push(("Termination".to_owned(), o.termination.to_string()));
        }
        let mut record = GameRecord::untagged(game)?;
        record.text_bytes = tags.iter().map(|(k, v)| tag_cost(k, v)).sum();
        record.tags = tags;
        Ok(record)
    }

    /// A record of `game` with no tags and no comments (the caller adds the
    /// `TFEN` tag a start that is not the initial position needs); the
    /// result is the game's outcome. The errors are those of
    /// [`new`](Self::new).
    pub(super) fn untagged(game: Game<P>) -> Result<GameRecord<P>, RecordEditError<P>> {
        if game.moves().len() > MAX_PLIES {
            return Err(RecordEditError::TooManyPlies(MAX_PLIES));
        }
        Ok(GameRecord {
            tags: Vec::new(),
            result: GameResult::from_outcome(game.outcome()),
            game,
            comments: Vec::new(),
            text_bytes: 0,
        })
    }

    /// The game: start position and moves.
    pub fn game(&self) -> &Game<P> {
        &self.game
    }

    /// The result, written as the `Result` tag and as the token ending the
    /// movetext.
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// Sets the result (for a game decided otherwise than by the rules: a
    /// resignation, a loss on time, an agreed draw).
    ///
    /// # Errors
    ///
    /// [`RecordEditError::ResultContradicts`] when the game has ended by
    /// the rules and `result` is not that ending's result.
    pub fn set_result(&mut self, result: GameResult) -> Result<(), RecordEditError<P>> {
        if let Some(outcome) = contradicted_outcome(result, self.game.outcome()) {
            return Err(RecordEditError::ResultContradicts { result, outcome });
        }
        self.result = result;
        Ok(())
    }

    /// The tag pairs as written, in order: the `Result` tag (from
    /// [`result`](Self::result)) comes after the last of the tags `Event`,
    /// `Site`, `Date`, `Round`, `White` and `Black` the record has, first if
    /// it has none of them.
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let at = self
            .tags
            .iter()
            .rposition(|(k, _)| ROSTER_BEFORE_RESULT.contains(&k.as_str()))
            .map_or(0, |i| i + 1);
        let stored = self.tags.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        stored
            .clone()
            .take(at)
            .chain(core::iter::once(("Result", self.result.token())))
            .chain(stored.skip(at))
    }

    /// The value of tag `name` (for `Result`, the result's token).
    pub fn tag(&self, name: &str) -> Option<&str> {
        if name == "Result" {
            return Some(self.result.token());
        }
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, in place if it exists, else at the end.
    /// `Result` sets the result (as [`set_result`](Self::set_result)).
    ///
    /// # Errors
    ///
    /// With the record unchanged: [`RecordEditError::BadTagName`] for a
    /// name that is not ASCII letters, digits and `_`;
    /// [`BadTagValue`](RecordEditError::BadTagValue) for a control character
    /// other than the tab in `value`; [`TagTooLong`](RecordEditError::TagTooLong)
    /// for a tag pair longer than [`MAX_LINE_BYTES`](GameRecord::MAX_LINE_BYTES);
    /// for the tags the reader checks, [`BadResult`](RecordEditError::BadResult)
    /// and [`ResultContradicts`](RecordEditError::ResultContradicts)
    /// (`Result`), [`WrongVariant`](RecordEditError::WrongVariant)
    /// (`Variant` other than `Tamerlane`), [`FenTag`](RecordEditError::FenTag)
    /// (`FEN`), [`TfenMismatch`](RecordEditError::TfenMismatch) (`TFEN` other
    /// than the game's start) and
    /// [`TerminationMismatch`](RecordEditError::TerminationMismatch)
    /// (`Termination` naming a rule that did not end the game); and
    /// [`TooManyTags`](RecordEditError::TooManyTags) or
    /// [`TextTooLong`](RecordEditError::TextTooLong) past the record's limits.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordEditError<P>> {
        if !is_tag_name(name) {
            return Err(RecordEditError::BadTagName(excerpt(name, EXCERPT_CHARS)));
        }
        if name == "Result" {
            let result = GameResult::from_token(value)
                .ok_or_else(|| RecordEditError::BadResult(excerpt(value, EXCERPT_CHARS)))?;
            return self.set_result(result);
        }
        if !value.chars().all(is_tag_value_char) {
            return Err(RecordEditError::BadTagValue(excerpt(name, EXCERPT_CHARS)));
        }
        if tag_line_bytes(name, value) > MAX_LINE_BYTES {
            return Err(RecordEditError::TagTooLong(excerpt(name, EXCERPT_CHARS)));
        }
        let fen_tag = P::VARIANT.fen_tag();
        match name {
            "Variant" if !P::VARIANT.is_variant_tag(value) => {
                return Err(RecordEditError::WrongVariant(excerpt(value, EXCERPT_CHARS)))
            }
            _ if Some(name) == P::VARIANT.foreign_fen_tag() => return Err(RecordEditError::FenTag),
            _ if name == fen_tag
                && P::from_fen_with_rules(value.trim(), *self.game.rules())
                    .ok()
                    .as_ref()
                    != Some(self.game.start()) =>
            {
                return Err(RecordEditError::TfenMismatch(excerpt(value, EXCERPT_CHARS)))
            }
            "Rules" if value.parse::<P::Rules>().ok().as_ref() != Some(self.game.rules()) => {
                return Err(RecordEditError::RulesMismatch(excerpt(
                    value,
                    EXCERPT_CHARS,
                )))
            }
            "Termination" if termination_contradicts(value, self.game.rules_outcome()) => {
                return Err(RecordEditError::TerminationMismatch {
                    tag: excerpt(value, EXCERPT_CHARS),
                    outcome: self.game.rules_outcome(),
                })
            }
            _ => {}
        }
        let existing = self.tags.iter().position(|(k, _)| k == name);
        let freed = existing.map_or(0, |i| tag_cost(name, &self.tags[i].1));
        if existing.is_none() && self.tags.len() == MAX_TAGS {
            return Err(RecordEditError::TooManyTags(MAX_TAGS));
        }
        let text_bytes = self.text_bytes - freed + tag_cost(name, value);
        if text_bytes > MAX_TEXT_BYTES {
            return Err(RecordEditError::TextTooLong(MAX_TEXT_BYTES));
        }
        self.text_bytes = text_bytes;
        match existing {
            Some(i) => self.tags[i].1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
        Ok(())
    }

    /// Removes tag `name`; its value, `None` if the record has no such tag.
    ///
    /// # Errors
    ///
    /// [`RecordEditError::RequiredTag`] for `Result` (always written, from
    /// the result) and for `TFEN` when the start is not the initial position
    /// or a `FEN` tag is present (the reader would not find the start).
    pub fn remove_tag(&mut self, name: &str) -> Result<Option<String>, RecordEditError<P>> {
        let fen_tag = P::VARIANT.fen_tag();
        match name {
            "Result" => return Err(RecordEditError::RequiredTag("Result")),
            _ if name == fen_tag
                && (is_non_initial(self.game.start())
                    || P::VARIANT
                        .foreign_fen_tag()
                        .is_some_and(|t| self.tags.iter().any(|(k, _)| k == t))) =>
            {
                return Err(RecordEditError::RequiredTag(fen_tag))
            }
            "Rules" if *self.game.rules() != P::Rules::default() => {
                return Err(RecordEditError::RequiredTag("Rules"))
            }
            _ => {}
        }
        let Some(i) = self.tags.iter().position(|(k, _)| k == name) else {
            return Ok(None);
        };
        let (k, v) = self.tags.remove(i);
        self.text_bytes -= tag_cost(&k, &v);
        Ok(Some(v))
    }

    /// The comments, each after the given number of plies (0: before the
    /// first move), in ply order (comments after the same ply in the order
    /// they were given). Whitespace in a comment is a single space and a
    /// comment never contains `}`.
    pub fn comments(&self) -> &[(usize, String)] {
        &self.comments
    }

    /// Adds a comment after `ply` plies (0: before the first move), after
    /// the comments already there. The text is stored as it will be read
    /// back: runs of whitespace and control characters become one space
    /// (none at the ends), and `}`, which would end the comment, becomes
    /// `)`.
    ///
    /// # Errors
    ///
    /// With the record unchanged: [`RecordEditError::CommentAfterEnd`] when
    /// the game has fewer than `ply` plies;
    /// [`CommentTooLong`](RecordEditError::CommentTooLong) for a comment
    /// with more than [`MAX_LINE_BYTES`](GameRecord::MAX_LINE_BYTES) that cannot
    /// be split across lines (a word, and the words after it beginning with
    /// `[` or `%`, which cannot begin a line); and
    /// [`TextTooLong`](RecordEditError::TextTooLong) past the record's text
    /// limit.
    pub fn add_comment(&mut self, ply: usize, text: &str) -> Result<(), RecordEditError<P>> {
        let plies = self.game.moves().len();
        if ply > plies {
            return Err(RecordEditError::CommentAfterEnd { ply, plies });
        }
        let text = normalize_comment(text);
        if comment_line_bytes(&text) > MAX_LINE_BYTES {
            return Err(RecordEditError::CommentTooLong(MAX_LINE_BYTES));
        }
        let text_bytes = self.text_bytes + comment_cost(&text);
        if text_bytes > MAX_TEXT_BYTES {
            return Err(RecordEditError::TextTooLong(MAX_TEXT_BYTES));
        }
        self.text_bytes = text_bytes;
        let at = self.comments.partition_point(|(p, _)| *p <= ply);
        self.comments.insert(at, (ply, text));
        Ok(())
    }

    /// Removes every comment (to give a record new ones with
    /// [`add_comment`](Self::add_comment)).
    pub fn clear_comments(&mut self) {
        let freed: usize = self.comments.iter().map(|(_, t)| comment_cost(t)).sum();
        self.text_bytes -= freed;
        self.comments.clear();
    }
}

/// Whether `start` differs from the game's standard initial position
/// (whatever the rules): a record then needs its position tag (`TFEN` for
/// Tamerlane, `FEN` for chess and Makruk).
pub(super) fn is_non_initial<P: Position>(start: &P) -> bool {
    start.to_fen() != P::start(P::Rules::default()).to_fen()
}
