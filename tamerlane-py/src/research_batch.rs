//! The research API's functions that take boards and moves as Python
//! objects: the planes and masks of many boards at once, and moves as
//! action indices. `research` computes them from core positions; this file
//! reads the Python arguments.

use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use tamerlane_core as core;

use crate::board::{coord_arg, Board};
use crate::board_core;
use crate::research::{
    action_index, history_arg, import_numpy, masks_array, planes_array, planes_dtype_arg,
    PlaneSource,
};
use crate::types::{type_name, ColorArg, Move};

/// The boards of a sequence argument, each read briefly.
fn boards_arg<'py>(boards: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, Board>>> {
    let mut v = Vec::new();
    for (i, item) in boards.try_iter()?.enumerate() {
        let item = item?;
        let b = item.downcast::<Board>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "boards[{i}] must be a tamerlane.Board, not {}",
                type_name(&item)
            ))
        })?;
        v.push(b.clone());
    }
    Ok(v)
}

/// The planes of several boards as one array of shape
/// `(len(boards), PLANES + 46 * history, 10, 13)`: `board.to_planes(...)`
/// for each, stacked (see `Board.to_planes`). The dtype is `dtype`, else
/// that of `out`, else float32.
#[pyfunction]
#[pyo3(signature = (boards, *, dtype = None, out = None, history = None))]
pub fn planes_many<'py>(
    boards: &Bound<'py, PyAny>,
    dtype: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
    history: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = boards.py();
    let dtype = planes_dtype_arg(dtype, out)?;
    let history = history.map_or(Ok(0), history_arg)?;
    let sources = boards_arg(boards)?
        .iter()
        .map(|b| Ok(PlaneSource::of(&board_core::read(b)?.game, history)))
        .collect::<PyResult<Vec<_>>>()?;
    planes_array(py, &sources, history, dtype, out, false)
}

/// The legal-action masks of several boards as one `bool` array of shape
/// `(len(boards), ACTION_SPACE_SIZE)`.
#[pyfunction]
#[pyo3(signature = (boards, *, out = None))]
pub fn masks_many<'py>(
    boards: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let positions = boards_arg(boards)?
        .iter()
        .map(|b| Ok(board_core::read(b)?.pos().clone()))
        .collect::<PyResult<Vec<_>>>()?;
    masks_array(boards.py(), &positions, out, false)
}

/// The action indices of several moves (`Move`s or coordinate strings) as
/// an `int64` array: each move's `move_to_index`, with `turn`, or with the
/// side to move of `board`, as the mover (a `Move` made by the other side
/// is a `ValueError`), or (with neither) with the side that made each move.
#[pyfunction]
#[pyo3(signature = (moves, turn = None, *, board = None))]
pub fn moves_to_indices<'py>(
    moves: &Bound<'py, PyAny>,
    turn: Option<ColorArg>,
    board: Option<&Bound<'py, Board>>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let turn = match (turn, board) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err(
                "moves_to_indices: pass turn= or board=, not both",
            ))
        }
        (Some(t), None) => Some(core::Color::from(t)),
        (None, Some(b)) => Some(board_core::read(b)?.pos().turn()),
        (None, None) => None,
    };
    let mut v = Vec::new();
    for (i, m) in moves.try_iter()?.enumerate() {
        let m = m?;
        let idx = index_of(&m, turn).map_err(|e| {
            let msg = e.value(m.py()).to_string();
            if e.is_instance_of::<PyTypeError>(m.py()) {
                PyTypeError::new_err(format!("moves[{i}]: {msg}"))
            } else {
                PyValueError::new_err(format!("moves[{i}]: {msg}"))
            }
        })?;
        v.push(idx as i64);
    }
    import_numpy(moves.py())?;
    Ok(PyArray1::from_vec(moves.py(), v))
}

/// The action index of a move argument (a `Move` or a coordinate string)
/// made by `turn`: see [`move_to_index`].
fn index_of(r#move: &Bound<'_, PyAny>, turn: Option<core::Color>) -> PyResult<usize> {
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
    index_of(r#move, turn.map(core::Color::from))
}
