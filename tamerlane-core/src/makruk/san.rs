//! Standard algebraic notation (SAN) for Makruk: writing a legal move
//! canonically ([`Position::san`]) and reading it back, leniently
//! ([`Position::parse_san`]).
//!
//! | move | SAN |
//! |---|---|
//! | piece move, capture | `Nd2`, `Rxa7`, `Sbc2`, `R1a4`, `Nb1d2` |
//! | pawn move, capture | `e4`, `dxe5` |
//! | promotion (always to a Met) | `e6=M`, `dxe6=M` |
//! | check, checkmate | `+`, `#` |
//!
//! Piece letters: `K` King, `M` Met, `S` Khon, `N` Knight, `R` Rook.
//!
//! ```
//! use tamerlane_core::makruk::Position;
//!
//! let pos = Position::new();
//! let m = pos.parse_san("Nd2")?;
//! assert_eq!(m.to_string(), "b1d2");
//! assert_eq!(pos.san(&m), "Nd2");
//! // Lenient forms: UCI strings, long algebraic, superfluous marks.
//! assert_eq!(pos.parse_san("b1d2")?, m);
//! assert_eq!(pos.parse_san("Nb1-d2+")?, m);
//! let err = pos.parse_san("Rd2").unwrap_err();
//! assert_eq!(err.to_string(), "illegal move \"Rd2\": no rook can move to d2");
//! # Ok::<(), tamerlane_core::makruk::SanError>(())
//! ```

use core::fmt::Write as _;

use super::moves::{IllegalReason, Move, MoveKind, UciMove};
use super::position::Position;
use super::role::{Piece, Role};
use crate::board8::Square;
use crate::san;

crate::san::san_illegal_reasons! {
    leaves:
    /// The move exists but would leave the King attacked.
    LeavesKingAttacked => "would leave the King attacked",
    coordinate: Uci => "UCI",
    own: {
        /// The side to move has no pawn (on the from-file, if written).
        NoPawn,
        /// `=M` written on a pawn move that does not reach the sixth rank.
        NotAPromotion {
            /// The canonical SAN of the move.
            canonical: String,
        },
    }
    display(f): {
        SanIllegalReason::NoPawn => f.write_str("the side to move has no such pawn"),
        SanIllegalReason::NotAPromotion { canonical } => write!(
            f,
            "only a pawn reaching its sixth rank promotes; the move is {canonical}"
        ),
    }
}

/// What a SAN string asks for: the role (`None`: a pawn), where from,
/// where to, and whether `=M` was written.
#[derive(Copy, Clone, Debug)]
struct Parsed {
    role: Option<Role>,
    from: Origin,
    to: Square,
    promotion: bool,
}

impl Parsed {
    /// Whether the legal move `m` is one this SAN string can mean.
    fn matches(self, m: &Move) -> bool {
        m.role == self.role.unwrap_or(Role::Pawn) && m.to == self.to && self.from.matches(m.from)
    }
}

fn parse_text(text: &str) -> Result<Parsed, SanError> {
    if !text.is_ascii() {
        return Err(SanError::syntax(text, "SAN is plain ASCII"));
    }
    let (body, promotion) = match text.split_once('=') {
        Some((body, "M")) => (body, true),
        Some(_) => return Err(SanError::syntax(text, "a pawn promotes to a Met only: =M")),
        None => (text, false),
    };
    let first = body
        .chars()
        .next()
        .ok_or_else(|| SanError::syntax(text, "empty move"))?;
    let role =
        match first {
            'P' => None,
            c if c.is_ascii_uppercase() => Some(Role::from_letter(c).ok_or_else(|| {
                SanError::syntax(text, "unknown piece letter (expected K M S N R)")
            })?),
            _ => {
                let (from, to) = san::origin_and_target(text, body.as_bytes())?;
                return pawn(text, from, to, promotion);
            }
        };
    let (from, to) = san::origin_and_target(text, &body.as_bytes()[1..])?;
    match role {
        None => pawn(text, from, to, promotion),
        Some(_) if promotion => Err(SanError::syntax(text, "only pawn moves have a suffix =M")),
        Some(_) => Ok(Parsed {
            role,
            from,
            to,
            promotion,
        }),
    }
}

/// A pawn move as parsed: its origin is a file or a square, not a rank.
fn pawn(text: &str, from: Origin, to: Square, promotion: bool) -> Result<Parsed, SanError> {
    Ok(Parsed {
        role: None,
        from: san::pawn_origin(
            text,
            from,
            "a pawn move names its origin file, not its rank",
        )?,
        to,
        promotion,
    })
}

crate::san::san_inherent!(
    UciMove;
    /// Reads a move in SAN (canonical or lenient) or as a UCI string, and
    /// finds it among the legal moves.
    ///
    /// Accepted beyond the canonical form: missing or extra `+`, `#` and
    /// `x`; annotation marks `!` and `?`; a `-` or `:` for the capture
    /// sign; the origin written as file, rank or square even where not
    /// needed (`Nb1d2`, `Nb1-d2`); a pawn move with a leading `P`; a
    /// promotion without its `=M`; and UCI strings (`b1d2`, `e5e6m`).
    ///
    /// A move written in SAN with [`san`](Self::san):
    ///
    /// ```
    /// use tamerlane_core::makruk::Position;
    ///
    /// let pos = Position::new();
    /// let m = pos.parse_move("e3e4").unwrap();
    /// assert_eq!(pos.san(&m), "e4");
    /// ```
);

impl Position {
    fn write_body(&self, m: &Move, legal: &[Move], s: &mut String) {
        let capture = if m.is_capture() { "x" } else { "" };
        if m.role == Role::Pawn {
            if m.is_capture() {
                s.push((b'a' + m.from.file() as u8) as char);
            }
            let _ = write!(s, "{capture}{}", m.to);
            if m.kind == MoveKind::Promotion {
                s.push_str("=M");
            }
            return;
        }
        san::write_piece_move(s, m.role.letter(), m, legal, |_| true);
    }

    /// [`parse_san_with`](Self::parse_san_with) for text `text` (of the
    /// input `full`) that is not a coordinate move.
    fn parse_san_text(&self, full: &str, text: &str, legal: &[Move]) -> Result<Move, SanError> {
        let illegal = |reason| SanError::illegal(full, reason);
        let parsed = parse_text(text)?;
        let san = |m: &Move| self.san_with(m, legal);
        let Some(m) = san::unique_match(full, legal, |m| parsed.matches(m), san)? else {
            return Err(illegal(self.why_no_match(parsed, legal)));
        };
        if parsed.promotion && m.kind != MoveKind::Promotion {
            return Err(illegal(SanIllegalReason::NotAPromotion {
                canonical: san(m),
            }));
        }
        Ok(*m)
    }

    /// Explains why no legal move matches a parsed SAN string.
    fn why_no_match(&self, parsed: Parsed, legal: &[Move]) -> SanIllegalReason {
        if legal.is_empty() {
            return SanIllegalReason::GameOver;
        }
        let role = parsed.role.unwrap_or(Role::Pawn);
        let ours = self
            .board()
            .by_piece(Piece::new(self.turn(), role))
            .filter(|sq| parsed.from.matches(sq));
        if ours.is_empty() {
            return match parsed.role {
                Some(r) => SanIllegalReason::NoPiece(r),
                None => SanIllegalReason::NoPawn,
            };
        }
        let to = parsed.to;
        match ours
            .into_iter()
            .find(|&from| self.pseudo_legal_targets(from).contains(to))
        {
            Some(from) => SanIllegalReason::LeavesKingAttacked { from, to },
            None => SanIllegalReason::Unreachable {
                role: parsed.role,
                to,
            },
        }
    }
}
