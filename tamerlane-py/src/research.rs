//! Research helpers: the position as numpy planes, and the fixed action
//! space of moves with its legal-move mask. Everything is seen from the side
//! to move: for Black the board is turned through 180 degrees (so `a1`
//! becomes `k10` and `wc` becomes `bc`) and "own" means Black's.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use tamerlane_core as core;
use tamerlane_core::tamerlane::Position;
use tamerlane_core::{CoordMove, Square};

use crate::errors::IllegalMoveError;
use crate::types::{index_arg, int_arg, type_name, Move};

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
const fn cell(rel: Square) -> (usize, usize) {
    let (file, rank) = rel.coords();
    (rank as usize, (file + 1) as usize)
}

/// The offset `row * COLS + column` in a plane of every square (by index)
/// as White (`[0]`) and as Black (`[1]`, turned through 180 degrees) see
/// it: the plane writers' lookup table.
const CELL_OFFSETS: [[u16; 112]; 2] = cell_offsets();

const fn cell_offsets() -> [[u16; 112]; 2] {
    let mut t = [[0u16; 112]; 2];
    let mut i = 0;
    while i < 112 {
        let Some(sq) = Square::new(i as u32) else {
            panic!("every index below 112 is a square")
        };
        let (r, c) = cell(sq);
        t[0][i] = (r * COLS + c) as u16;
        let (r, c) = cell(sq.rotate());
        t[1][i] = (r * COLS + c) as u16;
        i += 1;
    }
    t
}

/// The index of every square (by index) as White (`[0]`) and as Black
/// (`[1]`, turned through 180 degrees) sees it: the action indices' lookup
/// table.
const RELATIVE_INDEX: [[u8; 112]; 2] = relative_indices();

const fn relative_indices() -> [[u8; 112]; 2] {
    let mut t = [[0u8; 112]; 2];
    let mut i = 0;
    while i < 112 {
        let Some(sq) = Square::new(i as u32) else {
            panic!("every index below 112 is a square")
        };
        t[0][i] = i as u8;
        t[1][i] = sq.rotate().index() as u8;
        i += 1;
    }
    t
}

/// The action index of a move made by `turn`.
pub fn action_index(c: CoordMove, turn: core::Color) -> usize {
    let rel = &RELATIVE_INDEX[turn.index()];
    usize::from(rel[c.from.index()]) * 112 + usize::from(rel[c.to.index()])
}

/// The squares of action `index` (below `ACTION_SPACE_SIZE`) for a move
/// made by `turn`: the inverse of [`action_index`].
pub fn action_coord(index: usize, turn: core::Color) -> CoordMove {
    let unrotate = |rel: usize| {
        let sq = Square::new(rel as u32).expect("index below 112");
        relative(sq, turn)
    };
    CoordMove {
        from: unrotate(index / 112),
        to: unrotate(index % 112),
    }
}

/// Number of piece planes of one position: own then opponent pieces, one
/// plane per role. The first planes of `to_planes` and each history step.
pub const PIECE_PLANES: usize = 2 * core::Role::COUNT;
/// Cells of one plane.
pub const CELLS: usize = ROWS * COLS;
/// The most memory a new array of the research helpers or the buffers of
/// a `VectorEnv` may take: a larger request is a `ValueError`, not a failed
/// allocation.
pub const MAX_BUFFER_BYTES: usize = 8 << 30;
/// The largest `history=` the plane writers accept.
pub const MAX_HISTORY: usize = 64;

/// The number of planes with `history` earlier positions.
pub const fn plane_count(history: usize) -> usize {
    PLANES + PIECE_PLANES * history
}

/// A plane element type: `float32` holds the plane values as they are,
/// `uint8` holds them scaled to 0..=255 (`round(255 * value)`: 255 for a
/// set binary plane).
pub trait PlaneValue: numpy::Element + Copy + Default + PartialEq + Send + Sync {
    /// The element for a plane value in 0..=1.
    fn unit(v: f32) -> Self;
}

impl PlaneValue for f32 {
    fn unit(v: f32) -> f32 {
        v
    }
}

impl PlaneValue for u8 {
    fn unit(v: f32) -> u8 {
        // v is in 0..=1, so the rounded product fits.
        (v * 255.0).round() as u8
    }
}

/// The element type of planes: `dtype=` of the plane functions and of
/// `VectorEnv`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlaneDtype {
    /// `numpy.uint8`: the plane values times 255.
    U8,
    /// `numpy.float32`: the plane values.
    F32,
}

impl PlaneDtype {
    /// The numpy name of the type.
    pub fn name(self) -> &'static str {
        match self {
            PlaneDtype::U8 => "uint8",
            PlaneDtype::F32 => "float32",
        }
    }
}

/// Reads a `dtype=` argument (anything `numpy.dtype()` takes: `np.uint8`,
/// `"float32"`, ...); `None` gives `default`. Only uint8 and float32 are
/// accepted (`ValueError` naming the type otherwise).
pub fn dtype_arg(obj: Option<&Bound<'_, PyAny>>, default: PlaneDtype) -> PyResult<PlaneDtype> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(default);
    };
    dtype_of(obj)
}

/// The `dtype=` of a plane function: as given, else that of `out` if
/// given (a numpy array: its `dtype`), else float32.
pub fn planes_dtype_arg(
    dtype: Option<&Bound<'_, PyAny>>,
    out: Option<&Bound<'_, PyAny>>,
) -> PyResult<PlaneDtype> {
    let given = dtype.filter(|o| !o.is_none());
    let from_out = out
        .filter(|o| !o.is_none())
        .and_then(|o| o.getattr("dtype").ok());
    match (given, from_out) {
        (Some(d), _) => dtype_of(d),
        (None, Some(d)) => dtype_of(&d),
        (None, None) => Ok(PlaneDtype::F32),
    }
}

/// The plane dtype named by `obj` (anything `numpy.dtype()` takes).
fn dtype_of(obj: &Bound<'_, PyAny>) -> PyResult<PlaneDtype> {
    let np = import_numpy(obj.py())?;
    let name: String = np
        .call_method1("dtype", (obj,))
        .map_err(|e| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "dtype: not a numpy dtype ({}): {e}",
                type_name(obj)
            ))
        })?
        .getattr("name")?
        .extract()?;
    match name.as_str() {
        "uint8" => Ok(PlaneDtype::U8),
        "float32" => Ok(PlaneDtype::F32),
        other => Err(PyValueError::new_err(format!(
            "dtype must be uint8 or float32, not {other}"
        ))),
    }
}

/// Reads a `history=` argument: 0..=MAX_HISTORY.
pub fn history_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    let h = int_arg(obj, "history")?;
    usize::try_from(h)
        .ok()
        .filter(|h| *h <= MAX_HISTORY)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "history {h} out of range (expected 0 to {MAX_HISTORY})"
            ))
        })
}

/// Imports numpy, or an `ImportError` saying what needs it; the first time,
/// also loads numpy's C API for rust-numpy (`load_numpy_api`). Everything
/// that makes or reads a numpy array through rust-numpy calls it first.
pub fn import_numpy(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let np = py.import("numpy").map_err(|e| {
        pyo3::exceptions::PyImportError::new_err(format!(
            "numpy is needed for the research helpers (pip install numpy): {e}"
        ))
    })?;
    load_numpy_api(py, &np)?;
    Ok(np)
}

/// Whether [`load_numpy_api`] has succeeded.
static NUMPY_API_LOADED: AtomicBool = AtomicBool::new(false);

/// Loads numpy's C API (and the borrow-checking capsule) into rust-numpy,
/// once. rust-numpy loads them on its first use and **panics** if that
/// raises; it runs Python code (`numpy.lib.NumpyVersion`), so a Ctrl-C
/// pending at that moment (a `KeyboardInterrupt` from the signal handler)
/// made the first array of a call a `PanicException`. So here the modules
/// it needs are imported on this thread first (any error, a
/// `KeyboardInterrupt` included, is a Python exception), then rust-numpy's
/// loading runs on a helper thread: Python runs signal handlers on the main
/// thread only, and the rest cannot fail once the imports have succeeded.
fn load_numpy_api(py: Python<'_>, np: &Bound<'_, PyModule>) -> PyResult<()> {
    if NUMPY_API_LOADED.load(Ordering::Acquire) {
        return Ok(());
    }
    // What rust-numpy reads, in its order (numpy 2 renamed numpy.core).
    let version = np.getattr("__version__")?;
    let major: u32 = py
        .import("numpy.lib")?
        .getattr("NumpyVersion")?
        .call1((version,))?
        .getattr("major")?
        .extract()?;
    let core = if major >= 2 {
        "numpy._core"
    } else {
        "numpy.core"
    };
    py.import(format!("{core}.multiarray"))?
        .getattr("_ARRAY_API")?
        .downcast_into::<PyCapsule>()?;
    let loaded = py.allow_threads(|| {
        std::thread::scope(|s| {
            s.spawn(|| {
                Python::with_gil(|py| {
                    let arr = numpy::PyArray1::<u8>::zeros(py, 0, false);
                    drop(arr.readonly());
                })
            })
            .join()
            .is_ok()
        })
    });
    if !loaded {
        return Err(pyo3::exceptions::PyImportError::new_err(
            "numpy's C API could not be loaded",
        ));
    }
    NUMPY_API_LOADED.store(true, Ordering::Release);
    Ok(())
}

/// A placement of pieces whose planes can be written: a position, or the
/// compact record `VectorEnv` keeps of earlier positions.
pub trait Placement {
    /// Calls `f` with the square and piece of every piece.
    fn for_each_piece(&self, f: impl FnMut(Square, core::Piece));
}

impl Placement for Position {
    fn for_each_piece(&self, mut f: impl FnMut(Square, core::Piece)) {
        for (sq, p) in self.board().pieces() {
            f(sq, p);
        }
    }
}

/// Sets the piece planes `base..base + PIECE_PLANES` of `out` (zeroed) for
/// the placement `pieces`, seen by `us`, calling `record` with the index in
/// `out` of every cell set.
fn write_pieces<T: PlaneValue>(
    out: &mut [T],
    base: usize,
    pieces: &impl Placement,
    us: core::Color,
    record: &mut impl FnMut(usize),
) {
    let one = T::unit(1.0);
    let offsets = &CELL_OFFSETS[us.index()];
    pieces.for_each_piece(|sq, p| {
        let side = if p.color == us { 0 } else { core::Role::COUNT };
        let i = (base + side + p.role.index()) * CELLS + usize::from(offsets[sq.index()]);
        out[i] = one;
        record(i);
    });
}

/// Number of game planes: the planes after the piece planes of the
/// current position, one value on every square.
pub const GAME_PLANES: usize = PLANES - PIECE_PLANES;

/// Whether each cell of a plane is a square (the other cells of the two
/// citadel columns stay 0).
const ON_BOARD: [bool; CELLS] = on_board();

const fn on_board() -> [bool; CELLS] {
    let mut t = [false; CELLS];
    let mut i = 0;
    while i < 112 {
        t[CELL_OFFSETS[0][i] as usize] = true;
        i += 1;
    }
    t
}

/// The values of the game planes of `pos` (plane `PIECE_PLANES + k` has
/// value `k`), for a position that has occurred `repetitions` times in its
/// game: see [`write_planes`].
pub fn game_plane_values(pos: &Position, repetitions: usize) -> [f32; GAME_PLANES] {
    let us = pos.turn();
    let them = !us;
    let b = |x: bool| if x { 1.0 } else { 0.0 };
    let rules = pos.rules();
    [
        1.0,
        b(us == core::Color::White),
        b(pos.swap_right(us)),
        b(pos.swap_right(them)),
        f32::from(pos.pawn_of_pawns_stage(us)) / 2.0,
        f32::from(pos.pawn_of_pawns_stage(them)) / 2.0,
        rules
            .move_limit()
            .map_or(0.0, |n| pos.halfmoves().min(n) as f32 / n as f32),
        pos.fullmoves().min(500) as f32 / 500.0,
        // The repetition count is at least 2 (docs/RULES.md, section 9).
        rules.repetition().map_or(0.0, |n| {
            let n = n as usize - 1;
            repetitions.saturating_sub(1).min(n) as f32 / n as f32
        }),
    ]
}

/// Sets every square of game plane `k` of `out` to `v`, and its other
/// cells to 0.
pub fn fill_game_plane<T: PlaneValue>(out: &mut [T], k: usize, v: f32) {
    let v = T::unit(v);
    let plane = &mut out[(PIECE_PLANES + k) * CELLS..][..CELLS];
    for (cell, on) in plane.iter_mut().zip(ON_BOARD) {
        *cell = if on { v } else { T::default() };
    }
}

/// Writes the planes of `pos` into `out` (`plane_count(history.len())`
/// planes of `CELLS` values, overwritten whole): the `PLANES` planes of
/// `docs/PYTHON.md` for a position that has occurred `repetitions` times in
/// its game, then the piece planes of each earlier position in `history`
/// (most recent first; `None` for a ply before the game's start: zeros),
/// all from the side to move's view. The clock and repetition planes are
/// scaled by the position's rules: 1 where that draw rule ends the game, 0
/// when the rules turn it off.
pub fn write_planes<T: PlaneValue, P: Placement>(
    out: &mut [T],
    pos: &Position,
    repetitions: usize,
    history: &[Option<&P>],
) {
    out.fill(T::default());
    write_piece_planes(out, pos, history, &mut |_| {});
    for (k, v) in game_plane_values(pos, repetitions).into_iter().enumerate() {
        if v != 0.0 {
            fill_game_plane(out, k, v);
        }
    }
}

/// Sets the cells of the piece planes of `pos` and of each earlier
/// placement in `history` in `out` (zeroed there), as [`write_planes`]
/// lays them out, calling `record` with the index of every cell set.
pub fn write_piece_planes<T: PlaneValue, P: Placement>(
    out: &mut [T],
    pos: &Position,
    history: &[Option<&P>],
    record: &mut impl FnMut(usize),
) {
    debug_assert_eq!(out.len(), plane_count(history.len()) * CELLS);
    let us = pos.turn();
    write_pieces(out, 0, pos, us, record);
    for (i, earlier) in history.iter().enumerate() {
        if let Some(p) = earlier {
            write_pieces(out, PLANES + i * PIECE_PLANES, *p, us, record);
        }
    }
}

/// Calls `f` with the action index of every legal move of `pos`, in the
/// order of `Position::legal_moves`.
pub fn for_each_action(pos: &Position, mut f: impl FnMut(usize)) {
    let rel = &RELATIVE_INDEX[pos.turn().index()];
    let _ = pos.for_each_legal(|from, targets| {
        let base = usize::from(rel[from.index()]) * 112;
        for to in targets {
            f(base + usize::from(rel[to.index()]));
        }
        ControlFlow::<()>::Continue(())
    });
}

/// What the planes of one board need: its position, repetition count and
/// the earlier positions of its game, most recent first.
pub struct PlaneSource {
    /// The position.
    pub pos: Position,
    /// How often it has occurred in its game.
    pub repetitions: usize,
    /// Up to `history` earlier positions, most recent first.
    pub earlier: Vec<Position>,
}

impl PlaneSource {
    /// The source of the current position of `game`, with up to `history`
    /// earlier positions.
    pub fn of(game: &core::tamerlane::Game, history: usize) -> PlaneSource {
        let positions = game.positions();
        let n = positions.len();
        PlaneSource {
            pos: game.position().clone(),
            repetitions: game.repetition_count(),
            earlier: positions[n.saturating_sub(history + 1)..n - 1]
                .iter()
                .rev()
                .cloned()
                .collect(),
        }
    }

    /// Writes its planes with `history` earlier positions into `out`.
    pub fn write<T: PlaneValue>(&self, out: &mut [T], history: usize) {
        let earlier: Vec<Option<&Position>> = (0..history).map(|i| self.earlier.get(i)).collect();
        write_planes(out, &self.pos, self.repetitions, &earlier);
    }
}

/// The `out=` array of a plane or mask function: a C-contiguous, writable
/// numpy array of element type `T` and shape `shape`; a new zeroed one
/// when `out` is `None`.
pub fn out_array<'py, T: numpy::Element>(
    py: Python<'py>,
    out: Option<&Bound<'py, PyAny>>,
    shape: &[usize],
    what: &str,
) -> PyResult<Bound<'py, PyArrayDyn<T>>> {
    let Some(out) = out.filter(|o| !o.is_none()) else {
        import_numpy(py)?;
        let bytes = shape
            .iter()
            .try_fold(std::mem::size_of::<T>(), |a, b| a.checked_mul(*b))
            .filter(|b| *b <= MAX_BUFFER_BYTES)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{what}: an array of shape {shape:?} would take more than {} GiB",
                    MAX_BUFFER_BYTES >> 30
                ))
            })?;
        debug_assert!(bytes <= MAX_BUFFER_BYTES);
        return zeros(py, shape);
    };
    import_numpy(py)?;
    let arr = out.downcast::<PyArrayDyn<T>>().map_err(|_| {
        let dtype = out
            .getattr("dtype")
            .map_or_else(|_| type_name(out), |d| d.to_string());
        pyo3::exceptions::PyTypeError::new_err(format!(
            "out: {what} must be a numpy array of {}, not {dtype}",
            T::get_dtype(py)
        ))
    })?;
    if arr.shape() != shape {
        return Err(PyValueError::new_err(format!(
            "out: {what} must have shape {shape:?}, not {:?}",
            arr.shape()
        )));
    }
    if !arr.is_c_contiguous() {
        return Err(PyValueError::new_err(format!(
            "out: {what} must be C-contiguous"
        )));
    }
    Ok(arr.clone())
}

/// A new zeroed numpy array, allocated by `numpy.zeros` so that a failed
/// allocation is a `MemoryError` (rust-numpy's own constructor would panic).
pub fn zeros<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    py: Python<'py>,
    shape: &[usize],
) -> PyResult<Bound<'py, numpy::PyArray<T, D>>> {
    let np = import_numpy(py)?;
    let arr = np.call_method1("zeros", (shape.to_vec(), T::get_dtype(py)))?;
    Ok(arr.downcast_into::<numpy::PyArray<T, D>>()?)
}

/// Fills `out` (a fresh or checked `out=` array) by `write` on its
/// contents, with the GIL released.
pub fn fill_array<'py, T: numpy::Element + Send>(
    arr: &Bound<'py, PyArrayDyn<T>>,
    write: impl FnOnce(&mut [T]) + Send,
) -> PyResult<()> {
    let mut rw = arr
        .try_readwrite()
        .map_err(|e| PyValueError::new_err(format!("out: the array cannot be written: {e}")))?;
    let data = rw
        .as_slice_mut()
        .map_err(|e| PyValueError::new_err(format!("out: not contiguous: {e}")))?;
    arr.py().allow_threads(|| write(data));
    Ok(())
}

/// The planes of several positions as one array `(len, C, 10, 13)` of
/// `dtype` (into `out` if given), written with the GIL released.
pub fn planes_array<'py>(
    py: Python<'py>,
    sources: &[PlaneSource],
    history: usize,
    dtype: PlaneDtype,
    out: Option<&Bound<'py, PyAny>>,
    single: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let per = plane_count(history) * CELLS;
    let mut shape = vec![sources.len(), plane_count(history), ROWS, COLS];
    if single {
        shape.remove(0);
    }
    fn go<'py, T: PlaneValue>(
        py: Python<'py>,
        sources: &[PlaneSource],
        history: usize,
        per: usize,
        shape: &[usize],
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let arr = out_array::<T>(py, out, shape, "planes")?;
        fill_array(&arr, |data: &mut [T]| {
            for (src, chunk) in sources.iter().zip(data.chunks_mut(per)) {
                src.write(chunk, history);
            }
        })?;
        Ok(arr.into_any())
    }
    match dtype {
        PlaneDtype::U8 => go::<u8>(py, sources, history, per, &shape, out),
        PlaneDtype::F32 => go::<f32>(py, sources, history, per, &shape, out),
    }
}

/// The legal-action masks of several positions as one `bool` array
/// `(len, ACTION_SPACE_SIZE)` (into `out` if given, cleared first).
pub fn masks_array<'py>(
    py: Python<'py>,
    positions: &[Position],
    out: Option<&Bound<'py, PyAny>>,
    single: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let mut shape = vec![positions.len(), ACTION_SPACE_SIZE];
    if single {
        shape.remove(0);
    }
    let arr = out_array::<bool>(py, out, &shape, "mask")?;
    fill_array(&arr, |data: &mut [bool]| {
        data.fill(false);
        for (pos, chunk) in positions.iter().zip(data.chunks_mut(ACTION_SPACE_SIZE)) {
            for_each_action(pos, |a| chunk[a] = true);
        }
    })?;
    Ok(arr.into_any())
}

/// The planes of a single board (`Board.to_planes`).
pub fn planes<'py>(
    py: Python<'py>,
    source: PlaneSource,
    history: usize,
    dtype: PlaneDtype,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    planes_array(py, &[source], history, dtype, out, true)
}

/// The legal-action mask of a position (`Board.legal_action_mask`).
pub fn mask<'py>(py: Python<'py>, pos: &Position) -> PyResult<Bound<'py, PyAny>> {
    masks_array(py, std::slice::from_ref(pos), None, true)
}

/// `index` as an action index, if it is one (0..ACTION_SPACE_SIZE).
pub fn action_in_range(index: i64) -> Option<usize> {
    usize::try_from(index)
        .ok()
        .filter(|i| *i < ACTION_SPACE_SIZE)
}

/// An action index argument of an action space of `size` actions: an int
/// (or anything with `__index__`) from 0 to `size - 1`. `TypeError` for
/// anything else, `ValueError` naming the value as given (however large)
/// outside the range.
pub fn action_index_arg(obj: &Bound<'_, PyAny>, size: usize) -> PyResult<usize> {
    let Some(i) = index_arg(obj, "action index")? else {
        return Err(PyTypeError::new_err(format!(
            "action index must be an int, not {}",
            type_name(obj)
        )));
    };
    i.extract::<i64>()
        .ok()
        .and_then(|v| usize::try_from(v).ok())
        .filter(|v| *v < size)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "action index {i} out of range (expected 0 to {})",
                size - 1
            ))
        })
}

/// The legal move of `pos` with action index `i` (below
/// `ACTION_SPACE_SIZE`, as [`action_index_arg`] gives it). Raises
/// `IllegalMoveError` if the index names no legal move here.
pub fn action_move(pos: &Position, i: usize) -> PyResult<Move> {
    let turn = pos.turn();
    let c = action_coord(i, turn);
    let m = pos
        .find_move(c)
        .map_err(|e| IllegalMoveError::new_err(format!("action index {i} ({c}): {e}")))?;
    Ok(Move::full(m, turn))
}
