//! What makes a record readable: the checks the reader makes on what it
//! reads, shared with the methods that change a [`GameRecord`](crate::GameRecord), so that a
//! record the writer writes is always one the reader reads back.

use core::str::FromStr;

use crate::outcome::Outcome;

use super::result::GameResult;

/// The bytes counted for each tag pair and each comment on top of its
/// text, against [`GameRecord::MAX_TEXT_BYTES`](crate::GameRecord::MAX_TEXT_BYTES).
const TEXT_OVERHEAD: usize = 16;

/// Whether `b` may appear in a tag name (ASCII letters, digits and `_`).
pub(super) fn is_tag_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether `name` is a tag name: one or more of [`is_tag_name_byte`].
pub(super) fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(is_tag_name_byte)
}

/// Whether `c` may appear in a tag value: anything but a control
/// character, the tab excepted.
pub(super) fn is_tag_value_char(c: char) -> bool {
    !c.is_control() || c == '\t'
}

/// Whether a `Termination` tag's value names a rule that did not end the
/// game (whose `outcome` this is).
pub(super) fn termination_contradicts<T: FromStr + PartialEq + Copy>(
    value: &str,
    outcome: Option<Outcome<T>>,
) -> bool {
    value
        .trim()
        .parse::<T>()
        .ok()
        .is_some_and(|t| outcome.map(|o| o.termination) != Some(t))
}

/// The outcome by the rules that `result` contradicts: `Some` when the game
/// has ended by the rules and `result` is not that ending's result.
pub(super) fn contradicted_outcome<T: Copy>(
    result: GameResult,
    outcome: Option<Outcome<T>>,
) -> Option<Outcome<T>> {
    outcome.filter(|&o| GameResult::from_outcome(Some(o)) != result)
}

/// The bytes a tag pair counts against [`GameRecord::MAX_TEXT_BYTES`](crate::GameRecord::MAX_TEXT_BYTES).
pub(super) fn tag_cost(name: &str, value: &str) -> usize {
    name.len() + value.len() + TEXT_OVERHEAD
}

/// The bytes a comment counts against [`GameRecord::MAX_TEXT_BYTES`](crate::GameRecord::MAX_TEXT_BYTES).
pub(super) fn comment_cost(text: &str) -> usize {
    text.len() + TEXT_OVERHEAD
}

/// A comment as stored: words separated by single spaces, no control
/// characters, `}` (which would end it) replaced by `)`.
pub(super) fn normalize_comment(text: &str) -> String {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect();
    words.join(" ").replace('}', ")")
}
