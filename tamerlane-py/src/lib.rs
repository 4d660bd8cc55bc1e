//! `tamerlane-py`: the Python bindings of Tamerlane chess, built with maturin
//! into the `tamerlane` Python package (native module `tamerlane._tamerlane`).
//!
//! The Rust side exposes the rules (`Board`, `Move`, `Piece`, ...), the
//! search engine (`Engine`), the research helpers (planes and the action
//! space), the work of the cluster's tasks (`cluster_tasks`) and the piece
//! drawings of the SVG boards (`figures`); the pure-Python part of the
//! package (`python/tamerlane/`) adds the SVG renderer and the `Square` names. The Python API is documented in
//! `docs/PYTHON.md` and in the type stubs `python/tamerlane/_tamerlane.pyi`.
//!
//! Nothing here can panic across the FFI boundary on user input: every value
//! coming from Python is checked and turned into a typed Python exception
//! (`InvalidTfenError`, `InvalidRulesError`, `InvalidMoveError`,
//! `IllegalMoveError`, `GameOverError`, all subclasses of `ValueError`, or
//! `TypeError`/`IndexError`).

#![warn(missing_docs)]

use pyo3::prelude::*;

pub mod board;
pub mod board_core;
pub mod cluster_tasks;
pub mod data_format;
pub mod edit;
pub mod engine;
pub mod env_core;
pub mod env_game;
pub mod env_games;
pub mod env_options;
pub mod env_sparse;
pub mod env_state;
pub mod errors;
pub mod figures;
pub mod interrupt;
pub mod mcts;
pub mod notation;
pub mod pgn;
pub mod plane_updates;
pub mod repetition_window;
pub mod research;
mod research_batch;
pub mod rules;
pub mod search_limits;
pub mod search_results;
pub mod sibling_board;
pub mod sibling_game;
pub mod square_set;
pub mod types;
pub mod vector_env;

/// The native module `tamerlane._tamerlane`.
#[pymodule]
fn _tamerlane(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add(
        "InvalidTfenError",
        py.get_type::<errors::InvalidTfenError>(),
    )?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    m.add(
        "InvalidRulesError",
        py.get_type::<errors::InvalidRulesError>(),
    )?;
    m.add("GameOverError", py.get_type::<errors::GameOverError>())?;
    m.add(
        "InvalidPositionError",
        py.get_type::<errors::InvalidPositionError>(),
    )?;
    m.add_class::<types::Color>()?;
    m.add_class::<types::Role>()?;
    m.add_class::<types::Piece>()?;
    m.add_class::<types::Termination>()?;
    m.add_class::<types::Outcome>()?;
    m.add_class::<types::Move>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::LegalMoves>()?;
    m.add_class::<square_set::SquareSet>()?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<search_results::SearchResult>()?;
    m.add_class::<search_results::PvLine>()?;
    m.add_class::<search_results::Info>()?;
    m.add_class::<search_results::PlayResult>()?;
    m.add_class::<engine::Analysis>()?;
    m.add("PgnError", py.get_type::<pgn::PgnError>())?;
    m.add_class::<pgn::PgnRecord>()?;
    m.add_class::<pgn::PgnReader>()?;
    m.add_function(wrap_pyfunction!(types::square_name, m)?)?;
    m.add_function(wrap_pyfunction!(figures::piece_figure, m)?)?;
    m.add_function(wrap_pyfunction!(figures::figure_letters, m)?)?;
    m.add_function(wrap_pyfunction!(types::parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(research_batch::move_to_index, m)?)?;
    m.add_function(wrap_pyfunction!(board::index_to_move, m)?)?;
    m.add_function(wrap_pyfunction!(research_batch::planes_many, m)?)?;
    m.add_function(wrap_pyfunction!(research_batch::masks_many, m)?)?;
    m.add_function(wrap_pyfunction!(research_batch::moves_to_indices, m)?)?;
    m.add_class::<vector_env::VectorEnv>()?;
    m.add_class::<env_state::EnvState>()?;
    m.add_class::<mcts::Mcts>()?;
    m.add_function(wrap_pyfunction!(vector_env::random_rollouts, m)?)?;
    m.add_function(wrap_pyfunction!(cluster_tasks::datagen_shard, m)?)?;
    m.add_function(wrap_pyfunction!(data_format::datagen_layout, m)?)?;
    m.add_function(wrap_pyfunction!(data_format::datagen_header, m)?)?;
    m.add_function(wrap_pyfunction!(cluster_tasks::match_openings, m)?)?;
    m.add_function(wrap_pyfunction!(cluster_tasks::match_games, m)?)?;
    m.add_function(wrap_pyfunction!(cluster_tasks::sprt_state, m)?)?;
    m.add_function(wrap_pyfunction!(cluster_tasks::sprt_llr, m)?)?;
    m.add("INITIAL_TFEN", tamerlane_core::INITIAL_TFEN)?;
    m.add("ACTION_SPACE_SIZE", research::ACTION_SPACE_SIZE)?;
    m.add("PLANES", research::PLANES)?;
    m.add("PLANE_NAMES", research::plane_names())?;
    m.add("BOARD_ROWS", research::ROWS)?;
    m.add("BOARD_COLS", research::COLS)?;
    m.add("MAX_PERFT_DEPTH", board::MAX_PERFT_DEPTH)?;
    m.add("FIGURE_BOX", tamerlane_figures::BOX)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("InvalidFenError", py.get_type::<errors::InvalidFenError>())?;
    sibling_board::chess::register(m)?;
    sibling_board::makruk::register(m)?;
    Ok(())
}
