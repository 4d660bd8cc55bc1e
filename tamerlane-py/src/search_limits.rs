//! The limits of a search from its Python arguments (keyword arguments or a
//! `tamerlane.engine.Limit`, with `multipv` and `searchmoves`), checked: a
//! bad value is a `ValueError` or `TypeError` naming the argument, a
//! search move that is not legal an `IllegalMoveError` naming the move.

use std::time::Duration;

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use tamerlane_ai as ai;
use tamerlane_core as core;

use crate::board_core::PyGame;
use crate::errors::IllegalMoveError;
use crate::types::{opt_int_arg, type_name};

/// Largest depth accepted (the search's own maximum).
const MAX_DEPTH: i64 = ai::MAX_DEPTH as i64;
/// The longest time accepted, in seconds.
const MAX_SECONDS: f64 = 1e7;

/// `v` if within `lo..=hi`, else a `ValueError` naming `name`.
pub fn check_range(name: &str, v: i64, lo: i64, hi: i64) -> PyResult<i64> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(PyValueError::new_err(format!(
            "{name} {v} out of range (expected {lo} to {hi})"
        )))
    }
}

/// A time argument in seconds: `ValueError` when out of range (including
/// ints too big for a float), `TypeError` for a non-number or a `bool`.
fn seconds_arg(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<Duration>> {
    let Some(o) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let range_err = |t: &str| {
        PyValueError::new_err(format!(
            "{name} {t} out of range (expected seconds, 0 to 1e7)"
        ))
    };
    if o.downcast::<PyBool>().is_ok() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a number of seconds, not bool"
        )));
    }
    let t = match o.extract::<f64>() {
        Ok(t) => t,
        Err(e) if e.is_instance_of::<PyOverflowError>(o.py()) => {
            return Err(range_err("(a huge number)"))
        }
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "{name} must be a number of seconds, not {}",
                type_name(o)
            )))
        }
    };
    if !(t.is_finite() && (0.0..=MAX_SECONDS).contains(&t)) {
        return Err(range_err(&t.to_string()));
    }
    Ok(Some(Duration::from_secs_f64(t)))
}

/// The limits of one search, as given from Python (each `None` when not
/// given).
#[derive(Default)]
pub struct LimitArgs<'a, 'py> {
    /// Maximum depth in plies.
    pub depth: Option<&'a Bound<'py, PyAny>>,
    /// Seconds for this move.
    pub movetime: Option<&'a Bound<'py, PyAny>>,
    /// Maximum nodes.
    pub nodes: Option<&'a Bound<'py, PyAny>>,
    /// White's clock, seconds.
    pub wtime: Option<&'a Bound<'py, PyAny>>,
    /// Black's clock, seconds.
    pub btime: Option<&'a Bound<'py, PyAny>>,
    /// White's increment, seconds.
    pub winc: Option<&'a Bound<'py, PyAny>>,
    /// Black's increment, seconds.
    pub binc: Option<&'a Bound<'py, PyAny>>,
    /// Moves to the next time control.
    pub movestogo: Option<&'a Bound<'py, PyAny>>,
}

impl LimitArgs<'_, '_> {
    /// The search limits for a position where `turn` is to move. With no
    /// depth, time or node limit and no clock for `turn`, the search runs
    /// until stopped.
    pub fn limits(&self, turn: core::Color) -> PyResult<ai::Limits> {
        let movetime = seconds_arg(self.movetime, "movetime")?;
        let depth = opt_int_arg(self.depth, "depth")?;
        let nodes = opt_int_arg(self.nodes, "nodes")?;
        let mut limits = ai::Limits::new();
        if let Some(d) = depth {
            limits.depth = Some(check_range("depth", d, 1, MAX_DEPTH)? as u32);
        }
        if let Some(t) = movetime {
            limits.movetime = Some(t.max(Duration::from_millis(1)));
        }
        if let Some(n) = nodes {
            limits.nodes = Some(check_range("nodes", n, 1, i64::MAX)? as u64);
        }
        let inc = |o, name| Ok::<_, PyErr>(seconds_arg(o, name)?.unwrap_or_default());
        limits.set_clock(
            core::Color::White,
            seconds_arg(self.wtime, "wtime")?,
            inc(self.winc, "winc")?,
        );
        limits.set_clock(
            core::Color::Black,
            seconds_arg(self.btime, "btime")?,
            inc(self.binc, "binc")?,
        );
        if let Some(m) = opt_int_arg(self.movestogo, "movestogo")? {
            limits.movestogo = Some(check_range("movestogo", m, 1, i64::from(u32::MAX))? as u32);
        }
        limits.infinite = depth.is_none()
            && movetime.is_none()
            && nodes.is_none()
            && limits.time_of(turn).is_none();
        Ok(limits)
    }
}

/// The attribute `name` of a `Limit`-like object, `None` when it is `None`.
fn attr<'py>(limit: &Bound<'py, PyAny>, name: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    let v = limit.getattr(name).map_err(|_| {
        PyTypeError::new_err(format!(
            "limit must be a tamerlane.engine.Limit (no attribute {name:?} on {})",
            type_name(limit)
        ))
    })?;
    Ok(if v.is_none() { None } else { Some(v) })
}

/// The limits given by a `tamerlane.engine.Limit` (`time`, `depth`,
/// `nodes`, `white_clock`, `black_clock`, `white_inc`, `black_inc`,
/// `remaining_moves`) for a position where `turn` is to move.
pub fn limit_object(limit: &Bound<'_, PyAny>, turn: core::Color) -> PyResult<ai::Limits> {
    let time = attr(limit, "time")?;
    let depth = attr(limit, "depth")?;
    let nodes = attr(limit, "nodes")?;
    let wtime = attr(limit, "white_clock")?;
    let btime = attr(limit, "black_clock")?;
    let winc = attr(limit, "white_inc")?;
    let binc = attr(limit, "black_inc")?;
    let movestogo = attr(limit, "remaining_moves")?;
    LimitArgs {
        depth: depth.as_ref(),
        movetime: time.as_ref(),
        nodes: nodes.as_ref(),
        wtime: wtime.as_ref(),
        btime: btime.as_ref(),
        winc: winc.as_ref(),
        binc: binc.as_ref(),
        movestogo: movestogo.as_ref(),
    }
    .limits(turn)
}

/// Sets the lines of a search of `pos` (a position of any of the three
/// games): `multipv` (1 or more; `None`: 1) best lines, among the root
/// moves `searchmoves` (an iterable of the game's `Move`s or coordinate
/// strings, each legal in `pos`; `None` or empty: all moves).
pub fn set_lines<P: PyGame>(
    limits: &mut ai::Limits,
    pos: &P,
    multipv: Option<&Bound<'_, PyAny>>,
    searchmoves: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    if let Some(n) = opt_int_arg(multipv, "multipv")? {
        limits.multipv = check_range("multipv", n, 1, i64::from(u32::MAX))? as usize;
    }
    if let Some(moves) = searchmoves.filter(|s| !s.is_none()) {
        limits.searchmoves = root_moves(pos, moves)?;
    }
    Ok(())
}

/// The coordinate strings of the `searchmoves` items, each checked to be a
/// legal move of `pos`: a `TypeError` for an item that is no move, an
/// `InvalidMoveError` for a malformed string, an `IllegalMoveError` for a
/// move not legal in `pos`, each naming `searchmoves` and the item.
fn root_moves<P: PyGame>(pos: &P, moves: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let py = moves.py();
    let not_iterable = || {
        PyTypeError::new_err(format!(
            "searchmoves must be an iterable of moves (the game's Move or coordinate \
             strings, like ['f3f4']), not {}",
            type_name(moves)
        ))
    };
    // A string is iterable (by characters), but is one move, not several.
    if moves.downcast::<PyString>().is_ok() {
        return Err(not_iterable());
    }
    let items = moves.try_iter().map_err(|_| not_iterable())?;
    let mut texts = Vec::new();
    for item in items {
        let item = item?;
        let key = P::move_key(&item).map_err(|e| {
            PyErr::from_type(e.get_type(py), format!("searchmoves: {}", e.value(py)))
        })?;
        let m = pos
            .find(key)
            .map_err(|e| IllegalMoveError::new_err(format!("searchmoves: {e}")))?;
        texts.push(m.to_string());
    }
    Ok(texts)
}
