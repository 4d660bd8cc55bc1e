//! The piece drawings of `tamerlane.svg`: the figures of the
//! `tamerlane-figures` crate, the one source of the drawings that the web
//! board of `tamerlane serve` draws from too (docs/WEB.md, "The piece
//! drawings").

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tamerlane_figures::Side;

/// The SVG elements (a `<g>` element in the `FIGURE_BOX`-wide square) of
/// the figure of `key`, an upper-case TFEN token (`"K"`, `"PR"`, ...) or
/// `"Q"`, `"B"`, `"P"` of chess and Makruk, for White (`white=True`) or
/// Black. A key that names no figure gives `ValueError`.
#[pyfunction]
pub fn piece_figure(key: &str, white: bool) -> PyResult<&'static str> {
    let side = if white { Side::White } else { Side::Black };
    tamerlane_figures::figure(key, side).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The figure key of each upper-case FEN letter of the 8x8 `game`
/// (`"chess"` or `"makruk"`): the table of the `tamerlane-figures` crate,
/// which the web board reads too. Another game gives `ValueError`.
#[pyfunction]
pub fn figure_letters(game: &str) -> PyResult<Vec<(char, &'static str)>> {
    tamerlane_figures::LETTERS
        .iter()
        .find(|(g, _)| *g == game)
        .map(|(_, letters)| letters.to_vec())
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "no figure letters for game {game:?} (chess or makruk; Tamerlane's TFEN tokens are the keys)"
            ))
        })
}
