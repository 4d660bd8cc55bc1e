//! How the writer lays out a record's lines: the width of movetext lines,
//! the tokens a comment is written as, and the length in bytes of the
//! lines of tags and comments (which the record's limits bound).

/// The width the writer fills movetext lines to, in characters. A longer
/// line holds a single token: a comment piece that cannot be split (see
/// [`comment_tokens`]).
pub(super) const WIDTH: usize = 80;

/// Whether a comment word may begin a line: a line beginning with `[` is
/// read as the start of the next game, one beginning with `%` as an escape
/// line to skip.
fn may_begin_line(word: &str) -> bool {
    !word.starts_with(['[', '%'])
}

/// The tokens a (normalized) comment is written as, `{` on the first and
/// `}` on the last: each word with the words after it that may not begin
/// a line, so that the writer breaks lines only between tokens.
pub(super) fn comment_tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    let mut rest = Some(text);
    let mut first = true;
    core::iter::from_fn(move || {
        let t = rest?;
        let cut = t
            .match_indices(' ')
            .map(|(i, _)| i)
            .find(|&i| may_begin_line(&t[i + 1..]));
        let piece = match cut {
            Some(i) => {
                rest = Some(&t[i + 1..]);
                &t[..i]
            }
            None => {
                rest = None;
                t
            }
        };
        let open = if first { "{" } else { "" };
        let close = if rest.is_none() { "}" } else { "" };
        first = false;
        Some(format!("{open}{piece}{close}"))
    })
}

/// The length in bytes of the longest token the writer writes for a
/// comment with this (normalized) text. A line holding more than one token
/// is at most [`WIDTH`] characters, so the comment's lines are at most
/// this long or [`WIDTH`] characters.
pub(super) fn comment_line_bytes(text: &str) -> usize {
    comment_tokens(text).map(|t| t.len()).max().unwrap_or(0)
}

/// The length of a tag pair's line as written, in bytes.
pub(super) fn tag_line_bytes(name: &str, value: &str) -> usize {
    let escaped = value.bytes().filter(|b| matches!(b, b'"' | b'\\')).count();
    "[ \"\"]".len() + name.len() + value.len() + escaped
}
