//! Research helpers: the position as numpy planes, and the fixed action
//! space of moves with its legal-move mask. Everything is seen from the side
//! to move: for Black the board is turned through 180 degrees (so `a1`
//! becomes `k10` and `wc` becomes `bc`) and "own" means Black's.

use std::ops::ControlFlow;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyString};
use tamerlane_core as core;
use tamerlane_core::{CoordMove, Position, Square};

use crate::board::coord_arg;
use crate::errors::IllegalMoveError;
use crate::types::{type_name, ColorArg, Move};

/// Rows of the plane grid: the ten ranks.
pub const ROWS: usize = 10;
/// Columns of the plane grid: Black's citadel column, files a..k, White's
/// citadel column.
pub const COLS: usize = 13;
/// Number of planes.
pub const PLANES: usize = 55;
/// Number of actions: every (from, to) pair of the 112 squares.
pub const ACTION_SPACE_SIZE: usize = 112 * 112;

/// The names of the planes, in order.
pub fn plane_names() -> Vec<String> {
    let mut v = Vec::with_capacity(PLANES);
    for side in ["own", "opponent"] {
        for r in core::Role::ALL {
            v.push(format!("{side} {}", r.name()));
        }
    }
    for s in [
        "on board",
        "white to move",
        "own swap right",
        "opponent swap right",
        "own pawn-of-pawns stage / 2",
        "opponent pawn-of-pawns stage / 2",
        "halfmove clock / move limit",
        "fullmove number / 500",
        "(repetitions - 1) / (repetition count - 1)",
    ] {
        v.push(s.to_owned());
    }
    debug_assert_eq!(v.len(), PLANES);
    v
}

/// A square as seen by the side to move.
fn relative(sq: Square, turn: core::Color) -> Square {
    match turn {
        core::Color::White => sq,
        core::Color::Black => sq.rotate(),
    }
}

/// The grid cell (row, column) of a relative square.
fn cell(rel: Square) -> (usize, usize) {
    let (file, rank) = rel.coords();
    (rank as usize, (file + 1) as usize)
}

/// The action index of a move made by `turn`.
pub fn action_index(c: CoordMove, turn: core::Color) -> usize {
    relative(c.from, turn).index() * 112 + relative(c.to, turn).index()
}

/// Builds a numpy array from native-endian bytes.
fn numpy_array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let np = py.import("numpy").map_err(|e| {
        pyo3::exceptions::PyImportError::new_err(format!(
            "numpy is needed for the research helpers (pip install numpy): {e}"
        ))
    })?;
    let buf = PyByteArray::new(py, bytes);
    let arr = np.call_method1("frombuffer", (buf, np.getattr(dtype)?))?;
    arr.call_method1("reshape", (shape.to_vec(),))
}

/// The planes of a position that has occurred `repetitions` times in its
/// game (see `docs/PYTHON.md`). The clock and repetition planes are scaled
/// by the position's rules: 1 where that draw rule ends the game, 0 when
/// the rules turn it off.
pub fn planes<'py>(
    py: Python<'py>,
    pos: &Position,
    repetitions: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let us = pos.turn();
    let them = !us;
    let mut data = vec![0f32; PLANES * ROWS * COLS];
    let mut set = |plane: usize, rel: Square, v: f32| {
        let (r, c) = cell(rel);
        data[(plane * ROWS + r) * COLS + c] = v;
    };
    for (sq, p) in pos.board().pieces() {
        let base = if p.color == us { 0 } else { core::Role::COUNT };
        set(base + p.role.index(), relative(sq, us), 1.0);
    }
    let fill = |data: &mut [f32], plane: usize, v: f32| {
        if v != 0.0 {
            for sq in Square::all() {
                let (r, c) = cell(sq);
                data[(plane * ROWS + r) * COLS + c] = v;
            }
        }
    };
    let b = |x: bool| if x { 1.0 } else { 0.0 };
    fill(&mut data, 46, 1.0);
    fill(&mut data, 47, b(us == core::Color::White));
    fill(&mut data, 48, b(pos.swap_right(us)));
    fill(&mut data, 49, b(pos.swap_right(them)));
    fill(&mut data, 50, f32::from(pos.pawn_of_pawns_stage(us)) / 2.0);
    fill(
        &mut data,
        51,
        f32::from(pos.pawn_of_pawns_stage(them)) / 2.0,
    );
    let rules = pos.rules();
    fill(
        &mut data,
        52,
        rules
            .move_limit()
            .map_or(0.0, |n| pos.halfmoves().min(n) as f32 / n as f32),
    );
    fill(&mut data, 53, pos.fullmoves().min(500) as f32 / 500.0);
    // The repetition count is at least 2 (RULES-SPEC section 9).
    fill(
        &mut data,
        54,
        rules.repetition().map_or(0.0, |n| {
            let n = n as usize - 1;
            repetitions.saturating_sub(1).min(n) as f32 / n as f32
        }),
    );
    let bytes: Vec<u8> = data.iter().flat_map(|f| f.to_ne_bytes()).collect();
    numpy_array(py, &bytes, "float32", &[PLANES, ROWS, COLS])
}

/// The legal-action mask of a position.
pub fn mask<'py>(py: Python<'py>, pos: &Position) -> PyResult<Bound<'py, PyAny>> {
    let mut bytes = vec![0u8; ACTION_SPACE_SIZE];
    let turn = pos.turn();
    let _ = pos.for_each_legal(|from, targets| {
        for to in targets {
            bytes[action_index(CoordMove { from, to }, turn)] = 1;
        }
        ControlFlow::<()>::Continue(())
    });
    numpy_array(py, &bytes, "bool_", &[ACTION_SPACE_SIZE])
}

/// The action index (0 to `ACTION_SPACE_SIZE - 1`) of a move (a `Move`
/// or a coordinate string): `112 * from + to`, both squares seen from the
/// mover's side (rotated through 180 degrees for Black).
///
/// The mover is the move's own colour when it came from a position; a
/// `turn` given as well must agree with it (`ValueError` otherwise). A
/// coordinate string or a `Move` without context has no colour: `turn`
/// (a `Color` or a bool, `True` for White) is then required.
#[pyfunction]
#[pyo3(signature = (r#move, turn = None))]
pub fn move_to_index(r#move: &Bound<'_, PyAny>, turn: Option<ColorArg>) -> PyResult<usize> {
    let (coord, own) = if let Ok(m) = r#move.downcast::<Move>() {
        let m = m.get();
        (m.coord, m.ctx.map(|(_, c)| c))
    } else if r#move.downcast::<PyString>().is_ok() {
        (coord_arg(r#move)?, None)
    } else {
        return Err(PyTypeError::new_err(format!(
            "move must be a tamerlane.Move or a coordinate string like 'f3f4', not {}",
            type_name(r#move)
        )));
    };
    let turn = turn.map(core::Color::from);
    let color = match (turn, own) {
        (Some(t), Some(c)) if t != c => {
            return Err(PyValueError::new_err(format!(
                "move {coord} was made by {}, not by {} (turn=)",
                c.name(),
                t.name()
            )))
        }
        (_, Some(c)) | (Some(c), None) => c,
        (None, None) => {
            return Err(PyValueError::new_err(format!(
                "move {coord} has no colour (a string, or a Move not generated from a position): pass turn="
            )))
        }
    };
    Ok(action_index(coord, color))
}

/// The legal move of `pos` with action index `index`. Raises
/// `ValueError` for an index outside the action space and
/// `IllegalMoveError` if the index names no legal move here.
pub fn action_move(pos: &Position, index: i64) -> PyResult<Move> {
    let i = usize::try_from(index)
        .ok()
        .filter(|i| *i < ACTION_SPACE_SIZE)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "action index {index} out of range (expected 0 to {})",
                ACTION_SPACE_SIZE - 1
            ))
        })?;
    let turn = pos.turn();
    let unrotate = |rel: usize| {
        let sq = Square::new(rel as u32).expect("index below 112");
        relative(sq, turn)
    };
    let c = CoordMove {
        from: unrotate(i / 112),
        to: unrotate(i % 112),
    };
    let m = pos
        .find_move(c)
        .map_err(|e| IllegalMoveError::new_err(format!("action index {i} ({c}): {e}")))?;
    Ok(Move::full(m, turn))
}
