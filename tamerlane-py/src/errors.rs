//! The Python exception types and the conversions from the core errors.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;
use tamerlane_core::{MoveError, SanError, TfenError};

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

/// A TFEN error as `InvalidTfenError`.
pub fn tfen_err(e: TfenError) -> PyErr {
    InvalidTfenError::new_err(e.to_string())
}

/// A coordinate-move error as `InvalidMoveError` or `IllegalMoveError`.
pub fn move_err(e: MoveError) -> PyErr {
    match e {
        MoveError::Invalid(e) => InvalidMoveError::new_err(e.to_string()),
        MoveError::Illegal(e) => IllegalMoveError::new_err(e.to_string()),
    }
}

/// A SAN error as `InvalidMoveError`, `AmbiguousMoveError` or `IllegalMoveError`.
pub fn san_err(e: SanError) -> PyErr {
    match e {
        SanError::Syntax { .. } => InvalidMoveError::new_err(e.to_string()),
        SanError::Ambiguous { .. } => AmbiguousMoveError::new_err(e.to_string()),
        SanError::Illegal { .. } => IllegalMoveError::new_err(e.to_string()),
    }
}
