//! The python-chess notations built on SAN: long algebraic notation
//! (`Board.lan`) and a numbered line of SAN moves (`Board.variation_san`).

use tamerlane_core as core;
use tamerlane_core::{Color, MoveKind, Position};

/// The long algebraic notation of `m` (legal in `pos`): the SAN with the
/// whole origin square and `-` or `x` before the target, as python-chess
/// writes it: `Nb2-c4`, `f3-f4`, `d4xe5`, `e9-e10=F`, `c9-c10^`,
/// `a9-bc`, `Rb9-b10+`. The moves whose origin SAN never needs (king swap
/// `K<>a1`, placement `P@e4`, transfer `P>f3`) are written as in SAN.
pub fn lan(pos: &Position, m: &core::Move) -> String {
    let san = pos.san(m);
    let body = san.trim_end_matches(['+', '#']);
    let marks = &san[body.len()..];
    if matches!(
        m.kind,
        MoveKind::KingSwap | MoveKind::Placement | MoveKind::Transfer
    ) {
        return san;
    }
    // What SAN writes after the target: a pawn's promotion or arrival
    // suffix (`=F`, `^`, `^^`, `>f3`); pieces have none. The target comes
    // first in a pawn's SAN (`e10=F`) or after the origin file and `x`
    // (`dxe10=S`), never inside them.
    let target = m.to.to_string();
    let suffix = body.find(&target).map_or("", |i| &body[i + target.len()..]);
    let letter = if m.role.is_pawn() {
        String::new()
    } else {
        m.role.letter().to_string()
    };
    let sep = if m.capture.is_some() { 'x' } else { '-' };
    format!("{letter}{}{sep}{target}{suffix}{marks}", m.from)
}

/// The SAN of a line of moves, each given with the position it is played
/// in, numbered as python-chess numbers a variation: `1. f4 f7 2. Nc4`, or
/// `1...f7 2. f4` when Black moves first.
pub fn numbered(moves: &[(Position, core::Move)]) -> String {
    let mut out: Vec<String> = Vec::with_capacity(moves.len());
    for (before, m) in moves {
        let san = before.san(m);
        out.push(match before.turn() {
            Color::White => format!("{}. {san}", before.fullmoves()),
            Color::Black if out.is_empty() => format!("{}...{san}", before.fullmoves()),
            Color::Black => san,
        });
    }
    out.join(" ")
}
