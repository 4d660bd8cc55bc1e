//! The record writer: `GameRecord`'s `Display`, the text format of
//! `docs/NOTATION.md`.

use core::fmt;

use super::types::{normalize_comment, GameRecord};
use crate::color::Color;

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
