//! Standard algebraic notation (SAN) for Tamerlane chess: writing a legal
//! move canonically ([`Position::san`]) and reading it back, leniently
//! ([`Position::parse_san`]). The notation is documented in the project's
//! `docs/NOTATION.md`.
//!
//! | move | SAN |
//! |---|---|
//! | piece move, capture | `Nc4`, `Gxe7`, `Rbe5`, `R10a5`, `Tb1xd3` |
//! | pawn move, capture | `f4`, `dxe5` |
//! | promotion | `e10=R`, `dxe10=S`, `b10=A` (third arrival of the pawn of pawns) |
//! | pawn of pawns: first arrival (waits) | `a10^` |
//! | second arrival, waits | `a10^^` |
//! | second arrival, brought to `f3`/`f8` | `a10>f3` |
//! | placement of the waiting pawn | `P@e5` |
//! | transfer of the waiting pawn | `P>f3` |
//! | citadel entry | `Kbc`, `Awc` |
//! | king swap | `K<>e2` |
//! | check, checkmate | `+`, `#` |
//!
//! ```
//! use tamerlane_core::tamerlane::Position;
//!
//! let pos = Position::new();
//! let m = pos.parse_san("Nc4")?;
//! assert_eq!(m.to_string(), "b2c4");
//! assert_eq!(pos.san(&m), "Nc4");
//! // Lenient forms: coordinates, long algebraic, superfluous marks.
//! assert_eq!(pos.parse_san("b2c4")?, m);
//! assert_eq!(pos.parse_san("Nb2-c4+")?, m);
//! // Errors say why.
//! let err = pos.parse_san("Rc4").unwrap_err();
//! assert_eq!(err.to_string(), "illegal move \"Rc4\": no rook can move to c4");
//! # Ok::<(), tamerlane_core::SanError>(())
//! ```

use crate::san::{self, PieceOrPawn};
use crate::tamerlane::moves::{Arrival, CoordMove, IllegalReason, Move, MoveKind};
use crate::tamerlane::position::Position;
use crate::tamerlane::role::{Piece, Role};
use crate::tamerlane::rule_set::{SwapWhen, SwapWith};
use crate::tamerlane::square::Square;

crate::san::san_illegal_reasons! {
    leaves:
    /// The move exists but would leave the mover's only royal attacked.
    LeavesRoyalAttacked => "would leave the only royal attacked",
    coordinate: Coordinate => "coordinate",
    own: {
        /// The side to move has no pawn (matching the from-file, if written).
        NoPawn,
        /// The move exists but the written suffix (`=X`, `^`, `^^`, `>f3`)
        /// says something else happens.
        WrongMark {
            /// The canonical SAN of the move.
            canonical: String,
        },
        /// The side to move no longer has its king-swap right.
        SwapRightGone,
        /// The square does not hold a friendly non-pawn piece off the citadels
        /// that the King could exchange with.
        NotASwapPartner(Square),
        /// The King is not attacked and other moves exist, so no swap is allowed.
        SwapNotAllowed,
        /// The side to move has no pawn of pawns waiting on its last rank.
        NoWaitingPawnOfPawns,
        /// The waiting pawn of pawns may not be placed there (the square is not
        /// empty or the pawn would not attack two enemy pieces from it).
        NotAPlacementSquare(Square),
        /// A waiting pawn of pawns at stage 2 goes only to its return square.
        NotTheReturnSquare(Square),
        /// The return square of the waiting pawn of pawns is occupied.
        ReturnSquareOccupied(Square),
    }
    display(f): {
        SanIllegalReason::NoPawn => f.write_str("the side to move has no such pawn"),
        SanIllegalReason::WrongMark { canonical } => {
            write!(f, "the suffix does not match the move, which is {canonical}")
        }
        SanIllegalReason::SwapRightGone => {
            f.write_str("the side to move no longer has its king-swap right")
        }
        SanIllegalReason::NotASwapPartner(sq) => write!(
            f,
            "{sq} does not hold a friendly non-pawn piece the King may swap with"
        ),
        SanIllegalReason::SwapNotAllowed => f.write_str(
            "the King may swap only when attacked or when there is no other legal move",
        ),
        SanIllegalReason::NoWaitingPawnOfPawns => {
            f.write_str("no pawn of pawns is waiting on the last rank")
        }
        SanIllegalReason::NotAPlacementSquare(sq) => write!(
            f,
            "the pawn of pawns cannot be placed on {sq} (it must be empty and the pawn must attack two enemy pieces from it)"
        ),
        SanIllegalReason::NotTheReturnSquare(sq) => {
            write!(f, "the waiting pawn of pawns may only be transferred to {sq}")
        }
        SanIllegalReason::ReturnSquareOccupied(sq) => {
            write!(f, "the return square {sq} is occupied")
        }
    }
}

/// The suffix written after a pawn move's target square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum PawnMark {
    None,
    Promotion(Role),
    FirstArrival,
    SecondWaiting,
    Return(Square),
}

/// What a SAN string asks for.
#[derive(Copy, Clone, Debug)]
enum Parsed {
    Swap(Square),
    Lift(Square),
    Piece(Role, Origin, Square),
    Pawn(Origin, Square, PawnMark),
}

impl Parsed {
    /// Whether the legal move `m` is one this SAN string can mean.
    fn matches(self, m: &Move) -> bool {
        match self {
            Parsed::Swap(to) => m.kind == MoveKind::KingSwap && m.to == to,
            Parsed::Lift(to) => {
                matches!(m.kind, MoveKind::Placement | MoveKind::Transfer) && m.to == to
            }
            Parsed::Piece(role, from, to) => {
                m.role == role && m.to == to && m.kind != MoveKind::KingSwap && from.matches(m.from)
            }
            Parsed::Pawn(from, to, _) => {
                m.role.is_pawn()
                    && m.to == to
                    && !matches!(
                        m.kind,
                        MoveKind::KingSwap | MoveKind::Placement | MoveKind::Transfer
                    )
                    && from.matches(m.from)
            }
        }
    }
}

fn parse_text(text: &str) -> Result<Parsed, SanError> {
    if !text.is_ascii() {
        return Err(SanError::syntax(text, "SAN is plain ASCII"));
    }
    let b = text.as_bytes();
    if let Some(rest) = b.strip_prefix(b"K<>") {
        let sq = Square::from_ascii(rest)
            .ok_or_else(|| SanError::syntax(text, "expected the partner's square after K<>"))?;
        return Ok(Parsed::Swap(sq));
    }
    for prefix in [&b"P@"[..], b"@", b"P>"] {
        if let Some(rest) = b.strip_prefix(prefix) {
            let rest = rest.strip_prefix(b"x").unwrap_or(rest);
            let sq = Square::from_ascii(rest).ok_or_else(|| {
                SanError::syntax(
                    text,
                    "expected a square after P@ (placement) or P> (transfer)",
                )
            })?;
            return Ok(Parsed::Lift(sq));
        }
    }
    let body = match san::piece_or_pawn(
        text,
        b,
        Role::from_piece_letter,
        "unknown piece letter (expected K S A F V R N E C D T G)",
        b"=^>",
        "only pawn moves have a suffix (=X, ^, ^^, >sq)",
    )? {
        PieceOrPawn::Piece(role, from, to) => return Ok(Parsed::Piece(role, from, to)),
        PieceOrPawn::Pawn(body) => body,
    };
    let (body, mark) = if let Some(i) = body.iter().position(|&c| c == b'=') {
        let mark = match &body[i + 1..] {
            [c] => Role::from_piece_letter(*c as char)
                .map(PawnMark::Promotion)
                .ok_or_else(|| SanError::syntax(text, "expected a piece letter after ="))?,
            _ => return Err(SanError::syntax(text, "expected one piece letter after =")),
        };
        (&body[..i], mark)
    } else if let Some(b) = body.strip_suffix(b"^^") {
        (b, PawnMark::SecondWaiting)
    } else if let Some(b) = body.strip_suffix(b"^") {
        (b, PawnMark::FirstArrival)
    } else if let Some(i) = body.iter().position(|&c| c == b'>') {
        let sq = Square::from_ascii(&body[i + 1..])
            .ok_or_else(|| SanError::syntax(text, "expected the return square after >"))?;
        (&body[..i], PawnMark::Return(sq))
    } else {
        (body, PawnMark::None)
    };
    let (from, to) = san::pawn_origin_and_target(
        text,
        body,
        "a pawn move names its origin file, not its rank",
    )?;
    Ok(Parsed::Pawn(from, to, mark))
}

crate::san::san_inherent!(
    CoordMove;
    /// Reads a move in SAN (canonical or lenient) or as a coordinate string,
    /// and finds it among the legal moves.
    ///
    /// Accepted beyond the canonical form: missing or extra `+`, `#` and
    /// `x`; annotation marks `!` and `?`; a `-` or `:` for the capture
    /// sign; the origin written as file, rank or square even where not
    /// needed (`Nb2c4`, `Nb2-c4`); a pawn move with a leading `P`; a
    /// promotion or arrival without its suffix (`e10` for `e10=R`); `@e5`
    /// for `P@e5`, and `P@`/`P>` for either lift of the waiting pawn of
    /// pawns; and coordinate strings (`b2c4`).
    ///
    /// A move written in SAN with [`san`](Self::san):
    ///
    /// ```
    /// use tamerlane_core::tamerlane::Position;
    ///
    /// let pos = Position::new();
    /// let m = pos.parse_move("f3f4").unwrap();
    /// assert_eq!(pos.san(&m), "f4");
    /// ```
);

impl Position {
    fn write_body(&self, m: &Move, legal: &[Move], s: &mut String) {
        use core::fmt::Write as _;
        let capture = if m.capture.is_some() { "x" } else { "" };
        match m.kind {
            MoveKind::KingSwap => {
                let _ = write!(s, "K<>{}", m.to);
            }
            MoveKind::Placement => {
                let _ = write!(s, "P@{capture}{}", m.to);
            }
            MoveKind::Transfer => {
                let _ = write!(s, "P>{}", m.to);
            }
            _ if m.role.is_pawn() => {
                if m.capture.is_some() {
                    if let Some(f) = m.from.file() {
                        s.push(f.char());
                    }
                    s.push('x');
                }
                let _ = write!(s, "{}", m.to);
                match m.kind {
                    MoveKind::Promotion(r) => {
                        s.push('=');
                        s.push(r.letter());
                    }
                    MoveKind::Arrival(Arrival::First) => s.push('^'),
                    MoveKind::Arrival(Arrival::SecondWaiting) => s.push_str("^^"),
                    MoveKind::Arrival(Arrival::SecondToReturnSquare) => {
                        let _ = write!(s, ">{}", Square::pawn_of_pawns_return(self.turn()));
                    }
                    _ => {}
                }
            }
            _ => {
                let piece_move = |k| {
                    !matches!(
                        k,
                        MoveKind::KingSwap | MoveKind::Placement | MoveKind::Transfer
                    )
                };
                san::write_piece_move(s, m.role.letter(), m, legal, piece_move);
            }
        }
    }

    /// [`parse_san_with`](Self::parse_san_with) for text `text` (of the
    /// input `full`) that is not a coordinate move.
    fn parse_san_text(&self, full: &str, text: &str, legal: &[Move]) -> Result<Move, SanError> {
        let parsed = parse_text(text)?;
        let san = |m: &Move| self.san_with(m, legal);
        let Some(&m) = san::unique_match(full, legal, |m| parsed.matches(m), san)? else {
            return Err(SanError::illegal(full, self.why_no_match(parsed, legal)));
        };
        if let Parsed::Pawn(_, _, mark) = parsed {
            let expected = match m.kind {
                MoveKind::Promotion(r) => PawnMark::Promotion(r),
                MoveKind::Arrival(Arrival::First) => PawnMark::FirstArrival,
                MoveKind::Arrival(Arrival::SecondWaiting) => PawnMark::SecondWaiting,
                MoveKind::Arrival(Arrival::SecondToReturnSquare) => {
                    PawnMark::Return(Square::pawn_of_pawns_return(self.turn()))
                }
                _ => PawnMark::None,
            };
            if mark != PawnMark::None && mark != expected {
                let reason = SanIllegalReason::WrongMark { canonical: san(&m) };
                return Err(SanError::illegal(full, reason));
            }
        }
        Ok(m)
    }

    /// Explains why no legal move matches a parsed SAN string.
    fn why_no_match(&self, parsed: Parsed, legal: &[Move]) -> SanIllegalReason {
        if legal.is_empty() {
            return SanIllegalReason::GameOver;
        }
        let us = self.turn();
        let b = self.board();
        let leaves_attacked = |from: Square, to: Square| {
            matches!(
                self.find_move(CoordMove { from, to }),
                Err(e) if e.reason == IllegalReason::LeavesRoyalAttacked
            )
        };
        match parsed {
            Parsed::Swap(to) => {
                if !self.swap_right(us) {
                    return SanIllegalReason::SwapRightGone;
                }
                let pawns_too = self.rules().swap_with() == SwapWith::Any;
                let partner_ok = !to.is_citadel()
                    && b.piece_at(to).is_some_and(|p| {
                        p.color == us
                            && p.role != Role::King
                            && (!p.role.is_pawn() || (pawns_too && p.role != Role::PawnOfPawns))
                    });
                if !partner_ok {
                    return SanIllegalReason::NotASwapPartner(to);
                }
                let king = b.by_piece(Piece::new(us, Role::King)).first();
                let attacked = king.is_some_and(|k| self.is_attacked(k, !us));
                let stuck_allows = self.rules().swap_when() == SwapWhen::CheckOrStuck
                    && legal.iter().all(|m| m.kind == MoveKind::KingSwap);
                if !attacked && !stuck_allows {
                    return SanIllegalReason::SwapNotAllowed;
                }
                match king {
                    Some(k) => SanIllegalReason::LeavesRoyalAttacked { from: k, to },
                    None => SanIllegalReason::SwapRightGone,
                }
            }
            Parsed::Lift(to) => {
                let Some(waiting) = self.waiting_pawn_of_pawns(us) else {
                    return SanIllegalReason::NoWaitingPawnOfPawns;
                };
                if leaves_attacked(waiting, to) {
                    return SanIllegalReason::LeavesRoyalAttacked { from: waiting, to };
                }
                if self.pawn_of_pawns_stage(us) >= 2 {
                    let ret = Square::pawn_of_pawns_return(us);
                    if to != ret {
                        SanIllegalReason::NotTheReturnSquare(ret)
                    } else {
                        SanIllegalReason::ReturnSquareOccupied(ret)
                    }
                } else {
                    SanIllegalReason::NotAPlacementSquare(to)
                }
            }
            Parsed::Piece(role, from, to) => {
                let ours = b
                    .by_piece(Piece::new(us, role))
                    .filter(|sq| from.matches(sq));
                if ours.is_empty() {
                    return SanIllegalReason::NoPiece(role);
                }
                for sq in ours {
                    if leaves_attacked(sq, to) {
                        return SanIllegalReason::LeavesRoyalAttacked { from: sq, to };
                    }
                }
                SanIllegalReason::Unreachable {
                    role: Some(role),
                    to,
                }
            }
            Parsed::Pawn(from, to, _) => {
                let ours = (b.pawns() & b.by_color(us)).filter(|sq| from.matches(sq));
                if ours.is_empty() {
                    return SanIllegalReason::NoPawn;
                }
                for sq in ours {
                    if leaves_attacked(sq, to) {
                        return SanIllegalReason::LeavesRoyalAttacked { from: sq, to };
                    }
                }
                SanIllegalReason::Unreachable { role: None, to }
            }
        }
    }
}
