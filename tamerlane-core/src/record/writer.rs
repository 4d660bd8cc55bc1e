//! The record writer: `GameRecord`'s `Display`, the text format of
//! `docs/NOTATION.md`, and the length of the lines it writes.

use core::fmt;

use super::types::GameRecord;
use crate::color::Color;

/// The width the writer fills movetext lines to, in characters. A longer
/// line holds a single token: a comment piece that cannot be split (see
/// [`comment_tokens`]).
const WIDTH: usize = 80;

/// Accumulates movetext tokens into lines of at most [`WIDTH`] characters.
struct LineWriter<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    width: usize,
}

impl LineWriter<'_, '_> {
    fn token(&mut self, t: &str) -> fmt::Result {
        let n = t.chars().count();
        if self.width > 0 && self.width + 1 + n > WIDTH {
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
}

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

fn write_tag_value(f: &mut fmt::Formatter<'_>, v: &str) -> fmt::Result {
    for c in v.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            c => write!(f, "{c}")?,
        }
    }
    Ok(())
}

impl fmt::Display for GameRecord {
    /// The record as text: tag pairs (the `Result` tag among them), a blank
    /// line, the movetext wrapped at 80 columns, ending with the result
    /// token and a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, v) in self.tags() {
            write!(f, "[{k} \"")?;
            write_tag_value(f, v)?;
            f.write_str("\"]\n")?;
        }
        f.write_str("\n")?;
        let mut out = LineWriter { f, width: 0 };
        // Comments are in ply order, none after the last move.
        let mut comments = self.comments().iter().peekable();
        let game = self.game();
        let moves = game.moves();
        let mut need_number = true;
        for (ply, pos) in game.positions().iter().enumerate() {
            while let Some((_, text)) = comments.next_if(|(p, _)| *p <= ply) {
                for t in comment_tokens(text) {
                    out.token(&t)?;
                }
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
        out.token(self.result().token())?;
        out.f.write_str("\n")
    }
}
