//! The binary format of self-play data as Python sees it
//! (docs/ENGINE.md, "The binary format"; docs/PYTHON.md, "Self-play
//! data"): `datagen_layout()` describes the header and the record fields
//! from the engine library's one definition
//! (`tamerlane_ai::datagen::binary`), from which `tamerlane.data` builds
//! its numpy dtypes, and `datagen_header(head, file_size)` checks a file's
//! header (`ValueError` naming what is wrong).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use tamerlane_ai::datagen::binary::{self, FieldKind, Header, FIELDS, HEADER_SIZE, MAGIC, VERSION};
use tamerlane_ai::Variant;

use crate::cluster_tasks::u64_arg;
use crate::types::type_name;

/// `datagen_layout()`: `{"magic": bytes, "version": int, "header_size":
/// int, "fields": [(name, offset, numpy type, is_board)], "games": {game:
/// (squares, roles, record_size)}}`.
#[pyfunction]
pub fn datagen_layout(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("magic", PyBytes::new(py, &MAGIC))?;
    d.set_item("version", VERSION)?;
    d.set_item("header_size", HEADER_SIZE)?;
    let fields: Vec<(&str, usize, &str, bool)> = FIELDS
        .iter()
        .map(|f| (f.name, f.offset, f.kind.numpy(), f.kind == FieldKind::Board))
        .collect();
    d.set_item("fields", fields)?;
    let games = PyDict::new(py);
    for v in Variant::ALL {
        let (squares, roles) = binary::board_shape(v);
        games.set_item(v.name(), (squares, roles, binary::record_size(squares)))?;
    }
    d.set_item("games", games)?;
    Ok(d)
}

/// `datagen_header(head, file_size)`: the header of a binary data file of
/// `file_size` bytes whose first bytes are `head` (bytes), checked:
/// `{"game", "quiet", "records", "first", "games", "settings"}`, or a
/// `ValueError` saying what is wrong (not the format, another version, a
/// size that does not match the records).
#[pyfunction]
pub fn datagen_header<'py>(
    py: Python<'py>,
    head: &Bound<'py, PyAny>,
    file_size: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let head = head.downcast::<PyBytes>().map_err(|_| {
        PyTypeError::new_err(format!("head must be bytes, not {}", type_name(head)))
    })?;
    let file_size = u64_arg(file_size, "file_size", 0, u64::MAX)?;
    let h: Header = Header::parse(head.as_bytes(), file_size)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let d = PyDict::new(py);
    d.set_item("game", h.variant.name())?;
    d.set_item("quiet", h.quiet)?;
    d.set_item("records", h.records)?;
    d.set_item("first", h.first)?;
    d.set_item("games", h.games)?;
    d.set_item("settings", h.settings)?;
    Ok(d)
}
