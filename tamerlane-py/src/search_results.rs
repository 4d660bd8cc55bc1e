//! What a search gives back: `SearchResult`, `Info` and `PlayResult`, made
//! from the search's own types, with their scores as
//! `tamerlane.engine.PovScore` and pickle support.

use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;
use tamerlane_ai as ai;
use tamerlane_core as core;

use crate::types::{Color, Move};

/// A score as `(score_cp, mate)`.
fn score_parts(s: ai::Score) -> (Option<i32>, Option<i32>) {
    match s {
        ai::Score::Cp(c) => (Some(c), None),
        ai::Score::Mate(m) => (None, Some(m)),
    }
}

/// Wraps a PV: the moves alternate sides starting with `turn`.
fn pv_moves(pv: &[core::Move], turn: core::Color) -> Vec<Move> {
    let mut c = turn;
    pv.iter()
        .map(|&m| {
            let r = Move::full(m, c);
            c = !c;
            r
        })
        .collect()
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let us = time.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / us).min(u128::from(u64::MAX)) as u64
}

/// The score as a `tamerlane.engine.PovScore`: `Mate(mate)` or
/// `Cp(score_cp)` for the side `turn`.
fn pov_score(
    py: Python<'_>,
    score_cp: Option<i32>,
    mate: Option<i32>,
    turn: Color,
) -> PyResult<PyObject> {
    let module = py.import("tamerlane.engine")?;
    let relative = match mate {
        Some(m) => module.getattr("Mate")?.call1((m,))?,
        None => module.getattr("Cp")?.call1((score_cp.unwrap_or(0),))?,
    };
    Ok(module
        .getattr("PovScore")?
        .call1((relative, turn))?
        .unbind())
}

/// Moves compared as Python compares them: by their squares.
fn same_move(a: Option<Move>, b: Option<Move>) -> bool {
    a.map(|m| m.coord) == b.map(|m| m.coord)
}

/// Move lists compared as Python compares them.
fn same_moves(a: &[Move], b: &[Move]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.coord == y.coord)
}

/// `__reduce__` for a class with a static `_restore(*args)`: `(cls._restore,
/// args)`.
fn restore_with<'py, A>(slf: &Bound<'py, PyAny>, args: A) -> PyResult<Bound<'py, PyTuple>>
where
    A: IntoPyObject<'py>,
{
    let py = slf.py();
    let restore = slf.get_type().getattr("_restore")?;
    PyTuple::new(py, [restore, args.into_bound_py_any(py)?])
}

fn pv_text(pv: &[Move]) -> String {
    pv.iter()
        .map(|m| m.coord.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What `Engine.search` returns.
#[pyclass(module = "tamerlane", frozen, get_all, eq)]
#[derive(Clone)]
pub struct SearchResult {
    /// The best move (`None` if the game has ended).
    pub r#move: Option<Move>,
    /// The score in centipawns for the side to move (`None` for a mate score).
    pub score_cp: Option<i32>,
    /// Mate in this many moves (negative: the side to move is mated), or `None`.
    pub mate: Option<i32>,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Seconds spent.
    pub time: f64,
    /// The side to move in the searched position (the point of view of
    /// `score_cp` and `mate`).
    pub turn: Color,
}

impl PartialEq for SearchResult {
    fn eq(&self, o: &SearchResult) -> bool {
        same_move(self.r#move, o.r#move)
            && same_moves(&self.pv, &o.pv)
            && (
                self.score_cp,
                self.mate,
                self.depth,
                self.nodes,
                self.nps,
                self.turn,
            ) == (o.score_cp, o.mate, o.depth, o.nodes, o.nps, o.turn)
            && self.time.to_bits() == o.time.to_bits()
    }
}

impl SearchResult {
    /// The result of a search of a position where `turn` is to move.
    pub fn new(r: &ai::SearchResult, turn: core::Color) -> SearchResult {
        let (score_cp, mate) = score_parts(r.score);
        SearchResult {
            r#move: r.best.map(|m| Move::full(m, turn)),
            score_cp,
            mate,
            pv: pv_moves(&r.pv, turn),
            depth: r.depth,
            nodes: r.nodes,
            nps: nps(r.nodes, r.time),
            time: r.time.as_secs_f64(),
            turn: turn.into(),
        }
    }
}

#[pymethods]
impl SearchResult {
    /// The score as a `tamerlane.engine.PovScore` (`.relative` for the side
    /// to move, `.white()`, `.black()`).
    #[getter]
    fn score(&self, py: Python<'_>) -> PyResult<PyObject> {
        pov_score(py, self.score_cp, self.mate, self.turn)
    }

    /// Rebuilds a result from `__reduce__`'s state (private: for pickle).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        r#move: Option<Move>,
        score_cp: Option<i32>,
        mate: Option<i32>,
        pv: Vec<Move>,
        depth: u32,
        nodes: u64,
        nps: u64,
        time: f64,
        turn: Color,
    ) -> SearchResult {
        SearchResult {
            r#move,
            score_cp,
            mate,
            pv,
            depth,
            nodes,
            nps,
            time,
            turn,
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let r = slf.get();
        let args = (
            r.r#move,
            r.score_cp,
            r.mate,
            r.pv.clone(),
            r.depth,
            r.nodes,
            r.nps,
            r.time,
            r.turn,
        );
        restore_with(slf.as_any(), args)
    }

    fn __repr__(&self) -> String {
        let mv = self
            .r#move
            .map_or("None".to_owned(), |m| m.coord.to_string());
        let score = match (self.score_cp, self.mate) {
            (_, Some(m)) => format!("mate={m}"),
            (Some(c), None) => format!("score_cp={c}"),
            (None, None) => "score=None".to_owned(),
        };
        format!(
            "SearchResult(move={mv}, {score}, depth={}, nodes={}, nps={}, pv=[{}])",
            self.depth,
            self.nodes,
            self.nps,
            pv_text(&self.pv)
        )
    }
}

/// Progress of a search, passed to the `info` callback (or yielded by an
/// analysis) after each completed iteration.
#[pyclass(module = "tamerlane", frozen, get_all, eq)]
#[derive(Clone)]
pub struct Info {
    /// The iteration depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score in centipawns for the side to move (`None` for a mate score).
    pub score_cp: Option<i32>,
    /// Mate in this many moves, or `None`.
    pub mate: Option<i32>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Seconds since the start of the search.
    pub time: f64,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    /// The side to move in the searched position (the point of view of
    /// `score_cp` and `mate`).
    pub turn: Color,
}

impl PartialEq for Info {
    fn eq(&self, o: &Info) -> bool {
        same_moves(&self.pv, &o.pv)
            && (
                self.depth,
                self.seldepth,
                self.score_cp,
                self.mate,
                self.nodes,
            ) == (o.depth, o.seldepth, o.score_cp, o.mate, o.nodes)
            && (self.nps, self.hashfull, self.turn) == (o.nps, o.hashfull, o.turn)
            && self.time.to_bits() == o.time.to_bits()
    }
}

impl Info {
    /// The progress of a search of a position where `turn` is to move.
    pub fn new(i: &ai::Info, turn: core::Color) -> Info {
        let (score_cp, mate) = score_parts(i.score);
        Info {
            depth: i.depth,
            seldepth: i.seldepth,
            score_cp,
            mate,
            nodes: i.nodes,
            nps: i.nps,
            time: i.time.as_secs_f64(),
            pv: pv_moves(&i.pv, turn),
            hashfull: i.hashfull,
            turn: turn.into(),
        }
    }
}

#[pymethods]
impl Info {
    /// The score as a `tamerlane.engine.PovScore`.
    #[getter]
    fn score(&self, py: Python<'_>) -> PyResult<PyObject> {
        pov_score(py, self.score_cp, self.mate, self.turn)
    }

    /// Rebuilds an info from `__reduce__`'s state (private: for pickle).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        depth: u32,
        seldepth: u32,
        score_cp: Option<i32>,
        mate: Option<i32>,
        nodes: u64,
        nps: u64,
        time: f64,
        pv: Vec<Move>,
        hashfull: u32,
        turn: Color,
    ) -> Info {
        Info {
            depth,
            seldepth,
            score_cp,
            mate,
            nodes,
            nps,
            time,
            pv,
            hashfull,
            turn,
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let i = slf.get();
        let args = (
            i.depth,
            i.seldepth,
            i.score_cp,
            i.mate,
            i.nodes,
            i.nps,
            i.time,
            i.pv.clone(),
            i.hashfull,
            i.turn,
        );
        restore_with(slf.as_any(), args)
    }

    fn __repr__(&self) -> String {
        let opt = |v: Option<i32>| v.map_or("None".to_owned(), |x| x.to_string());
        format!(
            "Info(depth={}, score_cp={}, mate={}, nodes={}, pv=[{}])",
            self.depth,
            opt(self.score_cp),
            opt(self.mate),
            self.nodes,
            pv_text(&self.pv)
        )
    }
}

/// What `Engine.play` returns, as `chess.engine.PlayResult`: the move to
/// play, the expected reply, and the search result they come from.
#[pyclass(module = "tamerlane", frozen, get_all, eq)]
#[derive(Clone)]
pub struct PlayResult {
    /// The move to play (`None` if the game has ended).
    pub r#move: Option<Move>,
    /// The reply the engine expects (the second move of the PV), or `None`.
    pub ponder: Option<Move>,
    /// The search result.
    pub info: SearchResult,
}

impl PartialEq for PlayResult {
    fn eq(&self, o: &PlayResult) -> bool {
        same_move(self.r#move, o.r#move) && same_move(self.ponder, o.ponder) && self.info == o.info
    }
}

impl PlayResult {
    /// The play result of a search result.
    pub fn new(info: SearchResult) -> PlayResult {
        PlayResult {
            r#move: info.r#move,
            ponder: info.pv.get(1).copied(),
            info,
        }
    }
}

#[pymethods]
impl PlayResult {
    /// Rebuilds a play result from `__reduce__`'s state (private: for pickle).
    #[staticmethod]
    fn _restore(info: SearchResult) -> PlayResult {
        PlayResult::new(info)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let info = Py::new(slf.py(), slf.get().info.clone())?;
        restore_with(slf.as_any(), (info,))
    }

    fn __repr__(&self) -> String {
        let opt = |m: Option<Move>| m.map_or("None".to_owned(), |m| m.coord.to_string());
        format!(
            "PlayResult(move={}, ponder={}, info={})",
            opt(self.r#move),
            opt(self.ponder),
            self.info.__repr__()
        )
    }
}
