//! Editing a position piece by piece (`Board.set_piece_at`,
//! `remove_piece_at`, `set_piece_map`): the edit is made on the position's
//! `Setup` and validated under the position's rules, so a board never
//! holds a position the rules exclude.

use pyo3::prelude::*;
use tamerlane_core as core;
use tamerlane_core::tamerlane::Position;
use tamerlane_core::{Color, Role};

use crate::errors::position_err;

/// `pos` with its placement changed by `edit`, or `InvalidPositionError`
/// (naming the broken rule) if the result is not a valid position under
/// `pos`'s rules. Side to move, stages and clocks are kept; a side left
/// without a King loses its king-swap right (the right belongs to the
/// King, as python-chess drops castling rights without their pieces).
pub fn edited(pos: &Position, edit: impl FnOnce(&mut core::Board)) -> PyResult<Position> {
    let mut setup = pos.to_setup();
    edit(&mut setup.board);
    for color in Color::ALL {
        let kings = setup.board.by_piece(core::Piece::new(color, Role::King));
        if kings.is_empty() {
            setup.swap_rights[color] = false;
        }
    }
    Position::from_setup_with_rules(setup, *pos.rules()).map_err(position_err)
}
