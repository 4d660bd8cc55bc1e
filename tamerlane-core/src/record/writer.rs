//! The record writer: `GameRecord`'s `Display`, the text format of
//! `docs/NOTATION.md`, and the length of the lines it writes.

use core::fmt;

use super::lines::{comment_tokens, WIDTH};
use super::types::GameRecord;
use crate::color::Color;
use crate::position::Position;

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

impl<P: Position> fmt::Display for GameRecord<P> {
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
