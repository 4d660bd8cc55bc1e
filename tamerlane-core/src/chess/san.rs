//! Standard algebraic notation (SAN) for chess: writing a legal move
//! canonically ([`Position::san`]) and reading it back, leniently
//! ([`Position::parse_san`]).
//!
//! | move | SAN |
//! |---|---|
//! | piece move, capture | `Nf3`, `Bxe5`, `Rad1`, `R1e2`, `Qh4e1` |
//! | pawn move, capture, en passant | `e4`, `exd5`, `exd6` (no `e.p.`) |
//! | promotion | `e8=Q`, `bxa1=N` |
//! | castling | `O-O`, `O-O-O` |
//! | check, checkmate | `+`, `#` |
//!
//! A piece move names its origin when another piece of the same kind could
//! go to the same square: by file if that tells them apart, else by rank,
//! else by square.
//!
//! ```
//! use tamerlane_core::chess::Position;
//!
//! let pos = Position::new();
//! let m = pos.parse_san("Nf3")?;
//! assert_eq!(m.to_string(), "g1f3");
//! assert_eq!(pos.san(&m), "Nf3");
//! // Lenient forms: UCI, long algebraic, superfluous marks, 0-0.
//! assert_eq!(pos.parse_san("g1f3")?, m);
//! assert_eq!(pos.parse_san("Ng1-f3!")?, m);
//! // Errors say why.
//! let err = pos.parse_san("Nd4").unwrap_err();
//! assert_eq!(err.to_string(), "illegal move \"Nd4\": no knight can move to d4");
//! # Ok::<(), tamerlane_core::chess::SanError>(())
//! ```

use core::fmt::Write as _;

use super::castling::CastlingSide;
use super::moves::{CastlingProblem, IllegalReason, Move, MoveKind, UciMove};
use super::position::Position;
use super::role::{Piece, Role};
use crate::board8::Square;
use crate::san::{self, PieceOrPawn};

crate::san::san_illegal_reasons! {
    leaves:
    /// The move exists but would leave the king in check.
    LeavesKingInCheck => "would leave the king in check",
    coordinate: Uci => "UCI",
    own: {
        /// Castling is not possible now.
        Castling(CastlingProblem),
        /// A pawn move to the last rank without its promotion piece (`=Q`).
        MissingPromotion,
        /// A promotion piece on a pawn move that does not reach the last rank.
        NotAPromotion,
    }
    display(f): {
        SanIllegalReason::Castling(p) => write!(f, "cannot castle: {p}"),
        SanIllegalReason::MissingPromotion => f.write_str(
            "a pawn reaching the last rank must name its promotion (=Q, =R, =B or =N)",
        ),
        SanIllegalReason::NotAPromotion => {
            f.write_str("only a pawn reaching the last rank promotes")
        }
    }
}

/// What a SAN string asks for.
#[derive(Copy, Clone, Debug)]
enum Parsed {
    Castle(CastlingSide),
    /// A piece move: role, origin as written, target.
    Piece(Role, Origin, Square),
    /// A pawn move: origin as written, target, promotion if written.
    Pawn(Origin, Square, Option<Role>),
}

impl Parsed {
    /// Whether the legal move `m` is one this SAN string can mean (the
    /// promotion piece aside).
    fn matches(self, m: &Move) -> bool {
        match self {
            Parsed::Castle(side) => m.castling_side() == Some(side),
            Parsed::Piece(role, from, to) => {
                m.role == role && m.to == to && m.castling_side().is_none() && from.matches(m.from)
            }
            Parsed::Pawn(from, to, _) => m.role == Role::Pawn && m.to == to && from.matches(m.from),
        }
    }
}

fn parse_text(text: &str) -> Result<Parsed, SanError> {
    if !text.is_ascii() {
        return Err(SanError::syntax(text, "SAN is plain ASCII"));
    }
    match text {
        "O-O" | "0-0" => return Ok(Parsed::Castle(CastlingSide::KingSide)),
        "O-O-O" | "0-0-0" => return Ok(Parsed::Castle(CastlingSide::QueenSide)),
        _ => {}
    }
    let body = match san::piece_or_pawn(
        text,
        text.as_bytes(),
        |c| Role::from_letter(c).filter(|&r| r != Role::Pawn),
        "unknown piece letter (expected K, Q, R, B or N)",
        b"=",
        "only a pawn move has a promotion (=Q)",
    )? {
        PieceOrPawn::Piece(role, from, to) => return Ok(Parsed::Piece(role, from, to)),
        PieceOrPawn::Pawn(body) => body,
    };
    // A pawn move, optionally with a trailing `e.p.`.
    let body = body
        .strip_suffix(b" e.p.")
        .or_else(|| body.strip_suffix(b"e.p."))
        .unwrap_or(body);
    let (body, promotion) = match body {
        [rest @ .., b'=', p] | [rest @ .., p @ (b'Q' | b'R' | b'B' | b'N')] => {
            let role = Role::from_letter(*p as char)
                .filter(|r| Role::PROMOTIONS.contains(r))
                .ok_or_else(|| SanError::syntax(text, "expected Q, R, B or N after ="))?;
            (rest, Some(role))
        }
        _ => (body, None),
    };
    let (from, to) = san::pawn_origin_and_target(
        text,
        body,
        "a pawn move names its origin file or square, not its rank alone",
    )?;
    Ok(Parsed::Pawn(from, to, promotion))
}

crate::san::san_inherent!(
    UciMove;
    /// Reads a move in SAN (canonical or lenient) or as a UCI string, and
    /// finds it among the legal moves.
    ///
    /// Accepted beyond the canonical form: missing or extra `+`, `#` and
    /// `x`; annotation marks `!` and `?`; `0-0` and `0-0-0`; a `-` or `:`
    /// for the capture sign; the origin written as file, rank or square
    /// even where not needed (`Ng1f3`, `Ng1-f3`); a pawn move with a
    /// leading `P` or a trailing `e.p.`; a promotion without `=` (`e8Q`);
    /// and UCI strings (`g1f3`, `e7e8q`).
);

impl Position {
    fn write_body(&self, m: &Move, legal: &[Move], s: &mut String) {
        if let Some(side) = m.castling_side() {
            s.push_str(side.san());
            return;
        }
        let capture = if m.is_capture() { "x" } else { "" };
        if m.role == Role::Pawn {
            if m.is_capture() {
                s.push(char::from(b'a' + m.from.file() as u8));
            }
            let _ = write!(s, "{capture}{}", m.to);
            if let Some(r) = m.promotion() {
                s.push('=');
                s.push(r.letter());
            }
            return;
        }
        let not_castling = |k| !matches!(k, MoveKind::Castle(_));
        san::write_piece_move(s, m.role.letter(), m, legal, not_castling);
    }

    /// [`parse_san_with`](Self::parse_san_with) for text `text` (of the
    /// input `full`) that is not a coordinate move.
    fn parse_san_text(&self, full: &str, text: &str, legal: &[Move]) -> Result<Move, SanError> {
        let illegal = |reason| SanError::illegal(full, reason);
        let parsed = parse_text(text)?;
        if legal.is_empty() {
            return Err(illegal(SanIllegalReason::GameOver));
        }
        let promotion = match parsed {
            Parsed::Pawn(_, _, p) => p,
            _ => None,
        };
        let mut matching = legal.iter().filter(|m| parsed.matches(m));
        let Some(first) = matching.next() else {
            return Err(illegal(self.why_no_match(parsed)));
        };
        let same_squares = |m: &&Move| m.from != first.from;
        if matching.clone().any(|m| same_squares(&m)) {
            let matching = legal
                .iter()
                .filter(|m| parsed.matches(m) && m.promotion() == first.promotion());
            return Err(san::ambiguous(full, matching, |m| self.san_with(m, legal)));
        }
        match (first.promotion().is_some(), promotion) {
            (true, None) => Err(illegal(SanIllegalReason::MissingPromotion)),
            (false, Some(_)) => Err(illegal(SanIllegalReason::NotAPromotion)),
            (true, Some(r)) => Ok(*legal
                .iter()
                .find(|m| parsed.matches(m) && m.promotion() == Some(r))
                .expect("the four promotions are generated together")),
            (false, None) => Ok(*first),
        }
    }

    /// Explains why no legal move matches a parsed SAN string.
    fn why_no_match(&self, parsed: Parsed) -> SanIllegalReason {
        let us = self.turn();
        match parsed {
            Parsed::Castle(side) => SanIllegalReason::Castling(
                match self.find_move(UciMove {
                    from: CastlingSide::king_from(us),
                    to: side.king_to(us),
                    promotion: None,
                }) {
                    Err(e) => match e.reason {
                        IllegalReason::Castling(p) => p,
                        _ => CastlingProblem::NoRight,
                    },
                    Ok(_) => CastlingProblem::NoRight,
                },
            ),
            Parsed::Piece(role, from, to) => self.unreachable_or_pinned(role, from, to),
            Parsed::Pawn(from, to, _) => self.unreachable_or_pinned(Role::Pawn, from, to),
        }
    }

    /// Why no piece of `role` (the pieces of `from`, as written) moves to
    /// `to`: `NoPiece` if there is none; `LeavesKingInCheck` for the first
    /// that could reach `to` but for the king's safety; else `Unreachable`
    /// (its role `None` for a pawn).
    fn unreachable_or_pinned(&self, role: Role, from: Origin, to: Square) -> SanIllegalReason {
        let ours = self
            .board()
            .by_piece(Piece::new(self.turn(), role))
            .filter(|sq| from.matches(sq));
        if ours.is_empty() {
            return SanIllegalReason::NoPiece(role);
        }
        let role = (role != Role::Pawn).then_some(role);
        ours.into_iter()
            .find(|&from| self.pseudo_legal_targets(from).contains(to))
            .map_or(SanIllegalReason::Unreachable { role, to }, |from| {
                SanIllegalReason::LeavesKingInCheck { from, to }
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_and_check_marks() {
        let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        assert_eq!(pos.san(&pos.parse_uci("a1a8").unwrap()), "Ra8#");
        let pos = Position::from_fen("6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        assert_eq!(pos.san(&pos.parse_uci("a1a8").unwrap()), "Ra8+");
    }
}
