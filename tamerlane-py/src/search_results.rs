//! What a search gives back: `SearchResult` (with its best lines as
//! `PvLine`s), `Info` and `PlayResult`, made from the search's own types,
//! with their scores as `tamerlane.engine.PovScore` and pickle support.
//!
//! Each game has its own four classes (their moves are the game's Python
//! `Move`s), all defined by one macro, [`engine_records!`](crate::engine_records)
//! (Tamerlane's here, the sibling games' in `sibling_board.rs`), on the
//! [`search_record!`](crate::search_record) macro; the [`EngineGame`] trait
//! it implements is what the engine (`engine.rs`) needs of a game to search
//! it and answer in the game's classes.

use std::fmt::Display;
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;
use pyo3::PyClassInitializer;
use tamerlane_ai as ai;
use tamerlane_core as core;

use crate::board_core::PyGame;
use crate::types::{Color, Move};

/// A game the Python `Engine` searches: a core position that the search
/// knows ([`ai::SearchPosition`]) and that has a Python board
/// ([`PyGame`]), with the Python classes of its search results (made by
/// [`engine_records!`](crate::engine_records), which implements this trait).
pub trait EngineGame: ai::SearchPosition + PyGame + Send + Sync + 'static {
    /// The game's `SearchResult` class.
    type Result: pyo3::PyClass + Into<PyClassInitializer<Self::Result>> + Clone + Send + Sync;
    /// The game's `Info` class.
    type Info: pyo3::PyClass + Into<PyClassInitializer<Self::Info>> + Send;
    /// The game's `PlayResult` class.
    type Play: pyo3::PyClass + Into<PyClassInitializer<Self::Play>>;

    /// The result of a search of a position where `turn` is to move.
    fn result(r: &ai::SearchResult<Self::Move>, turn: core::Color) -> Self::Result;
    /// The progress of a search of a position where `turn` is to move.
    fn info(i: &ai::Info<Self::Move>, turn: core::Color) -> Self::Info;
    /// The play result (move, ponder) of a search result: its best move,
    /// or with `level` the move that level chooses with its seed
    /// ([`ai::Level::choose`]).
    fn play(r: Self::Result, level: Option<(ai::Level, u64)>) -> Self::Play;
}

/// A score as `(score_cp, mate)`.
pub fn score_parts(s: ai::Score) -> (Option<i32>, Option<i32>) {
    match s {
        ai::Score::Cp(c) => (Some(c), None),
        ai::Score::Mate(m) => (None, Some(m)),
    }
}

/// The score of `(score_cp, mate)` (the inverse of [`score_parts`]).
pub fn score_of(score_cp: Option<i32>, mate: Option<i32>) -> ai::Score {
    mate.map_or(ai::Score::Cp(score_cp.unwrap_or(0)), ai::Score::Mate)
}

/// Nodes per second of `nodes` in `time`.
pub fn nps(nodes: u64, time: Duration) -> u64 {
    let us = time.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / us).min(u128::from(u64::MAX)) as u64
}

/// The score as a `tamerlane.engine.PovScore`: `Mate(mate)` or
/// `Cp(score_cp)` for the side `turn`.
pub fn pov_score(
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

/// `__reduce__` for a class with a static `_restore(*args)`: `(cls._restore,
/// args)`.
pub fn restore_with<'py, A>(slf: &Bound<'py, PyAny>, args: A) -> PyResult<Bound<'py, PyTuple>>
where
    A: IntoPyObject<'py>,
{
    let py = slf.py();
    let restore = slf.get_type().getattr("_restore")?;
    PyTuple::new(py, [restore, args.into_bound_py_any(py)?])
}

/// The text of a score for a `repr`: `mate=M`, `score_cp=C` (or
/// `score=None`).
pub fn score_text(score_cp: Option<i32>, mate: Option<i32>) -> String {
    match (score_cp, mate) {
        (_, Some(m)) => format!("mate={m}"),
        (Some(c), None) => format!("score_cp={c}"),
        (None, None) => "score=None".to_owned(),
    }
}

/// A line of moves for a `repr`: their strings, space-separated.
pub fn pv_text<M: Display>(pv: &[M]) -> String {
    pv.iter().map(M::to_string).collect::<Vec<_>>().join(" ")
}

/// An optional move (or number) for a `repr`: its string, or `None`.
pub fn opt_text<T: Display>(v: Option<T>) -> String {
    v.map_or("None".to_owned(), |x| x.to_string())
}

/// Defines a frozen pyclass of module `$pymodule` holding the results of a
/// search: the fields, read-only in Python (`get_all`); equality field by
/// field (moves compare by their squares, as in Python); pickling through
/// a static `_restore` that takes the fields in order; `$extra` are the
/// class's other methods.
#[macro_export]
macro_rules! search_record {
    ($(#[$meta:meta])* $pymodule:literal, $name:ident {
        $($(#[$fmeta:meta])* $field:ident: $ty:ty,)*
    } { $($extra:tt)* }) => {
        $(#[$meta])*
        #[pyclass(module = $pymodule, frozen, get_all, eq)]
        #[derive(Clone, PartialEq)]
        pub struct $name {
            $($(#[$fmeta])* pub $field: $ty,)*
        }

        #[pymethods]
        impl $name {
            /// Rebuilds the value from `__reduce__`'s state (private: for pickle).
            #[staticmethod]
            #[allow(clippy::too_many_arguments)]
            fn _restore($($field: $ty),*) -> $name {
                $name { $($field),* }
            }

            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                let s = slf.get();
                $crate::search_results::restore_with(slf.as_any(), ($(Clone::clone(&s.$field),)*))
            }

            $($extra)*
        }
    };
}

/// Defines, in the module where it is invoked, the search results of the
/// game whose core position is `$P` and whose Python move class is `$Move`,
/// as classes of the Python module `$pymodule`: `PvLine`, `SearchResult`,
/// `Info` and `PlayResult` (the same fields, methods and pickling for the
/// three games), and implements [`EngineGame`] for `$P` with them. `$wrap`
/// is a function `(&core move, mover) -> $Move`.
#[macro_export]
macro_rules! engine_records {
    ($pymodule:literal, $P:ty, $Move:ty, $wrap:path) => {
        /// Wraps a PV: the moves alternate sides starting with `turn`.
        fn pv_moves(
            pv: &[<$P as tamerlane_core::Position>::Move],
            turn: tamerlane_core::Color,
        ) -> Vec<$Move> {
            let mut c = turn;
            pv.iter()
                .map(|m| {
                    let r = $wrap(m, c);
                    c = !c;
                    r
                })
                .collect()
        }

        $crate::search_record!(
            /// One of the best lines of a search (`SearchResult.lines`), as an entry
            /// of `chess.engine`'s `analyse(..., multipv=k)`: its rank, score and
            /// moves.
            $pymodule,
            PvLine {
                /// The rank of the line, from 1 (the best).
                multipv: usize,
                /// The score in centipawns for the side to move (`None` for a mate score).
                score_cp: Option<i32>,
                /// Mate in this many moves (negative: the side to move is mated), or `None`.
                mate: Option<i32>,
                /// The moves, the first being the root move of the line.
                pv: Vec<$Move>,
                /// The side to move in the searched position (the point of view of
                /// `score_cp` and `mate`).
                turn: $crate::types::Color,
            } {
                /// The score as a `tamerlane.engine.PovScore`.
                #[getter]
                fn score(&self, py: Python<'_>) -> PyResult<PyObject> {
                    $crate::search_results::pov_score(py, self.score_cp, self.mate, self.turn)
                }

                fn __repr__(&self) -> String {
                    format!(
                        "PvLine(multipv={}, {}, pv=[{}])",
                        self.multipv,
                        $crate::search_results::score_text(self.score_cp, self.mate),
                        $crate::search_results::pv_text(&self.pv)
                    )
                }
            }
        );

        impl PvLine {
            /// The line of rank `multipv` (from 1) of a search of a position where
            /// `turn` is to move.
            fn new(
                multipv: usize,
                line: &tamerlane_ai::PvLine<<$P as tamerlane_core::Position>::Move>,
                turn: tamerlane_core::Color,
            ) -> PvLine {
                let (score_cp, mate) = $crate::search_results::score_parts(line.score);
                PvLine {
                    multipv,
                    score_cp,
                    mate,
                    pv: pv_moves(&line.pv, turn),
                    turn: turn.into(),
                }
            }
        }

        $crate::search_record!(
            /// What `Engine.search` returns (and `search` of the game's module).
            $pymodule,
            SearchResult {
                /// The best move (`None` if the game has ended).
                r#move: Option<$Move>,
                /// The score in centipawns for the side to move (`None` for a mate score).
                score_cp: Option<i32>,
                /// Mate in this many moves (negative: the side to move is mated), or `None`.
                mate: Option<i32>,
                /// The principal variation.
                pv: Vec<$Move>,
                /// The best lines of the last completed iteration, best first (as many
                /// as `multipv` asked for and the root has moves; the first is `score`
                /// and `pv`); empty when no iteration completed (a game that has
                /// ended).
                lines: Vec<PvLine>,
                /// The last completed depth.
                depth: u32,
                /// Nodes searched (all threads).
                nodes: u64,
                /// Nodes per second.
                nps: u64,
                /// Seconds spent.
                time: f64,
                /// The side to move in the searched position (the point of view of
                /// `score_cp` and `mate`).
                turn: $crate::types::Color,
            } {
                /// The score as a `tamerlane.engine.PovScore` (`.relative` for the side
                /// to move, `.white()`, `.black()`).
                #[getter]
                fn score(&self, py: Python<'_>) -> PyResult<PyObject> {
                    $crate::search_results::pov_score(py, self.score_cp, self.mate, self.turn)
                }

                fn __repr__(&self) -> String {
                    format!(
                        "SearchResult(move={}, {}, depth={}, nodes={}, nps={}, pv=[{}])",
                        $crate::search_results::opt_text(self.r#move),
                        $crate::search_results::score_text(self.score_cp, self.mate),
                        self.depth,
                        self.nodes,
                        self.nps,
                        $crate::search_results::pv_text(&self.pv)
                    )
                }
            }
        );

        $crate::search_record!(
            /// Progress of a search, passed to the `info` callback (or yielded by an
            /// analysis) after each completed iteration.
            $pymodule,
            Info {
                /// The iteration depth.
                depth: u32,
                /// The deepest ply reached.
                seldepth: u32,
                /// Which line this is, from 1 (the best) to the `multipv` asked for
                /// (each iteration reports every line).
                multipv: usize,
                /// The score in centipawns for the side to move (`None` for a mate score).
                score_cp: Option<i32>,
                /// Mate in this many moves, or `None`.
                mate: Option<i32>,
                /// Nodes searched so far.
                nodes: u64,
                /// Nodes per second.
                nps: u64,
                /// Seconds since the start of the search.
                time: f64,
                /// The principal variation.
                pv: Vec<$Move>,
                /// Permille of the transposition table in use.
                hashfull: u32,
                /// The side to move in the searched position (the point of view of
                /// `score_cp` and `mate`).
                turn: $crate::types::Color,
            } {
                /// The score as a `tamerlane.engine.PovScore`.
                #[getter]
                fn score(&self, py: Python<'_>) -> PyResult<PyObject> {
                    $crate::search_results::pov_score(py, self.score_cp, self.mate, self.turn)
                }

                fn __repr__(&self) -> String {
                    format!(
                        "Info(depth={}, multipv={}, score_cp={}, mate={}, nodes={}, pv=[{}])",
                        self.depth,
                        self.multipv,
                        $crate::search_results::opt_text(self.score_cp),
                        $crate::search_results::opt_text(self.mate),
                        self.nodes,
                        $crate::search_results::pv_text(&self.pv)
                    )
                }
            }
        );

        /// What `Engine.play` returns, as `chess.engine.PlayResult`: the move to
        /// play, the expected reply, and the search result they come from.
        #[pyclass(module = $pymodule, frozen, get_all, eq)]
        #[derive(Clone, PartialEq)]
        pub struct PlayResult {
            /// The move to play (`None` if the game has ended).
            pub r#move: Option<$Move>,
            /// The reply the engine expects (the second move of the PV), or `None`.
            pub ponder: Option<$Move>,
            /// The search result.
            pub info: SearchResult,
        }

        impl PlayResult {
            /// The play result of a search result: its best move and the reply
            /// of its principal variation.
            pub fn new(info: SearchResult) -> PlayResult {
                PlayResult {
                    r#move: info.r#move,
                    ponder: info.pv.get(1).copied(),
                    info,
                }
            }

            /// The play result of the search result's line `k` (from 0): the
            /// line's first move and its reply.
            fn of_line(info: SearchResult, k: usize) -> PlayResult {
                let pv = &info.lines[k].pv;
                PlayResult {
                    r#move: pv.first().copied(),
                    ponder: pv.get(1).copied(),
                    info,
                }
            }
        }

        #[pymethods]
        impl PlayResult {
            /// Rebuilds a play result from `__reduce__`'s state (private: for
            /// pickle). Without a move and a reply (the state of older
            /// versions, or a game that had ended), the search's own.
            #[staticmethod]
            #[pyo3(signature = (info, r#move = None, ponder = None))]
            fn _restore(info: SearchResult, r#move: Option<$Move>, ponder: Option<$Move>) -> PlayResult {
                if r#move.is_none() && ponder.is_none() {
                    return PlayResult::new(info);
                }
                PlayResult { r#move, ponder, info }
            }

            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                let me = slf.get();
                let info = Py::new(slf.py(), me.info.clone())?;
                $crate::search_results::restore_with(slf.as_any(), (info, me.r#move, me.ponder))
            }

            fn __repr__(&self) -> String {
                format!(
                    "PlayResult(move={}, ponder={}, info={})",
                    $crate::search_results::opt_text(self.r#move),
                    $crate::search_results::opt_text(self.ponder),
                    self.info.__repr__()
                )
            }
        }

        impl $crate::search_results::EngineGame for $P {
            type Result = SearchResult;
            type Info = Info;
            type Play = PlayResult;

            fn result(
                r: &tamerlane_ai::SearchResult<<$P as tamerlane_core::Position>::Move>,
                turn: tamerlane_core::Color,
            ) -> SearchResult {
                let (score_cp, mate) = $crate::search_results::score_parts(r.score);
                SearchResult {
                    r#move: r.best.as_ref().map(|m| $wrap(m, turn)),
                    score_cp,
                    mate,
                    pv: pv_moves(&r.pv, turn),
                    lines: r
                        .lines
                        .iter()
                        .enumerate()
                        .map(|(k, l)| PvLine::new(k + 1, l, turn))
                        .collect(),
                    depth: r.depth,
                    nodes: r.nodes,
                    nps: $crate::search_results::nps(r.nodes, r.time),
                    time: r.time.as_secs_f64(),
                    turn: turn.into(),
                }
            }

            fn info(
                i: &tamerlane_ai::Info<<$P as tamerlane_core::Position>::Move>,
                turn: tamerlane_core::Color,
            ) -> Info {
                let (score_cp, mate) = $crate::search_results::score_parts(i.score);
                Info {
                    depth: i.depth,
                    seldepth: i.seldepth,
                    multipv: i.multipv,
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

            fn play(r: SearchResult, level: Option<(tamerlane_ai::Level, u64)>) -> PlayResult {
                let scores: Vec<tamerlane_ai::Score> =
                    r.lines.iter().map(|l| $crate::search_results::score_of(l.score_cp, l.mate)).collect();
                match level.and_then(|(level, seed)| level.pick(&scores, seed)) {
                    Some(k) => PlayResult::of_line(r, k),
                    None => PlayResult::new(r),
                }
            }
        }
    };
}

/// A Tamerlane move of the search with its context: the mover is `turn`.
fn tamerlane_move(m: &core::Move, turn: core::Color) -> Move {
    Move::full(*m, turn)
}

engine_records!("tamerlane", core::tamerlane::Position, Move, tamerlane_move);
