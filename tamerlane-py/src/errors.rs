//! The Python exception types and the conversions from the core errors.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::fmt::Display;

use tamerlane_core::move_text::{MoveError, SanError};
use tamerlane_core::{PositionError, RuleSetError, TfenError};

create_exception!(
    tamerlane,
    InvalidTfenError,
    PyValueError,
    "A TFEN string that is malformed or describes a position the rules exclude."
);
create_exception!(
    tamerlane,
    InvalidMoveError,
    PyValueError,
    "A move string that is not a move at all (not `<from><to>`, not SAN)."
);
create_exception!(
    tamerlane,
    IllegalMoveError,
    PyValueError,
    "A well-formed move that is not legal in the position it was tried on."
);
create_exception!(
    tamerlane,
    AmbiguousMoveError,
    IllegalMoveError,
    "A SAN string that matches more than one legal move."
);

create_exception!(
    tamerlane,
    InvalidRulesError,
    PyValueError,
    "A rule-set string (`rules=`) that is malformed or names an unknown preset, key or value."
);
create_exception!(
    tamerlane,
    GameOverError,
    PyValueError,
    "A move refused because the game has already ended (its `ply` and `outcome` say when and how)."
);

create_exception!(
    tamerlane,
    InvalidPositionError,
    PyValueError,
    "A board edit (`set_piece_at`, `remove_piece_at`, `set_piece_map`) refused because it would give a position the rules exclude; the board is left unchanged."
);

/// A position error of a board edit as `InvalidPositionError`.
pub fn position_err(e: PositionError) -> PyErr {
    InvalidPositionError::new_err(format!("invalid position: {e}"))
}

/// A TFEN error as `InvalidTfenError`.
pub fn tfen_err(e: TfenError) -> PyErr {
    InvalidTfenError::new_err(e.to_string())
}

/// A coordinate-move error of any of the three games as
/// `InvalidMoveError` or `IllegalMoveError`.
pub fn move_err<R: Display>(e: MoveError<R>) -> PyErr {
    match e {
        MoveError::Invalid(e) => InvalidMoveError::new_err(e.to_string()),
        MoveError::Illegal(e) => IllegalMoveError::new_err(e.to_string()),
    }
}

/// A SAN error of any of the three games as `InvalidMoveError`,
/// `AmbiguousMoveError` or `IllegalMoveError`.
pub fn san_err<R: Display>(e: SanError<R>) -> PyErr {
    match e {
        SanError::Syntax { .. } => InvalidMoveError::new_err(e.to_string()),
        SanError::Ambiguous { .. } => AmbiguousMoveError::new_err(e.to_string()),
        SanError::Illegal { .. } => IllegalMoveError::new_err(e.to_string()),
    }
}

/// A rule-set error as `InvalidRulesError` (the message names the key or value).
pub fn rules_err(e: RuleSetError) -> PyErr {
    InvalidRulesError::new_err(e.to_string())
}

/// `GameOverError` with the message `text` and the attributes `ply` and
/// `outcome` (the game's Python outcome), for any of the three games.
pub fn game_over_with<'py>(
    py: Python<'py>,
    text: String,
    ply: usize,
    outcome: impl IntoPyObject<'py>,
) -> PyErr {
    let err = GameOverError::new_err(text);
    let value = err.value(py);
    let attrs = value
        .setattr("ply", ply)
        .and_then(|()| value.setattr("outcome", outcome));
    match attrs {
        Ok(()) => err,
        Err(other) => other,
    }
}

create_exception!(
    tamerlane,
    InvalidFenError,
    PyValueError,
    "A chess or Makruk FEN that is malformed or describes a position the rules exclude (the message names the field)."
);
