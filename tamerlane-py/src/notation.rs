//! Long algebraic notation (`Board.lan`) of a Tamerlane move, built on SAN
//! as python-chess builds it.

use tamerlane_core as core;
use tamerlane_core::tamerlane::Position;
use tamerlane_core::MoveKind;

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
    // (`dxe10=S`), never inside them (a piece's origin may hold the
    // target's text: `a10` holds `a1`).
    let target = m.to.to_string();
    let suffix = if m.role.is_pawn() {
        body.find(&target).map_or("", |i| &body[i + target.len()..])
    } else {
        ""
    };
    let letter = if m.role.is_pawn() {
        String::new()
    } else {
        m.role.letter().to_string()
    };
    let sep = if m.capture.is_some() { 'x' } else { '-' };
    format!("{letter}{}{sep}{target}{suffix}{marks}", m.from)
}
