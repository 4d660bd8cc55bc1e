//! The exception of the sibling games' boards that the Tamerlane board has
//! no counterpart of: a bad FEN. Moves, rules and finished games raise the
//! package's shared exceptions (`InvalidMoveError`, `IllegalMoveError`,
//! `AmbiguousMoveError`, `InvalidRulesError`, `GameOverError`).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    tamerlane,
    InvalidFenError,
    PyValueError,
    "A chess or Makruk FEN that is malformed or describes a position the rules exclude (the message names the field)."
);
