//! The work of `tamerlane.cluster`'s tasks, done in Rust: a shard of
//! self-play data (`datagen_shard`), a match's openings
//! (`match_openings`), some games of a match (`match_games`) and the
//! match's SPRT decision (`sprt_state`). Each is the engine library's own
//! code, the one `tamerlane datagen` and `tamerlane match` run
//! (`tamerlane_ai::datagen`, `tamerlane_ai::arena`), so a job spread over
//! many workers gives what the command line gives.
//!
//! Every argument is checked first (`TypeError` for a wrong type,
//! `ValueError` or its subclasses for a wrong value); the work then runs
//! with the GIL released, and Ctrl-C stops it within milliseconds with
//! `KeyboardInterrupt` (`crate::interrupt`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use tamerlane_ai as ai;
use tamerlane_ai::arena::{self, PlayerSetup, SetupError, Sprt, Tally};
use tamerlane_ai::datagen::{self, DatagenError};
use tamerlane_ai::{AnyFenError, AnyGame, AnyRules, Limits, SearchConfig, Variant};

use crate::engine::SEARCH_STACK;
use crate::errors::{rules_err, InvalidFenError, InvalidTfenError};
use crate::interrupt::run_interruptible;
use crate::types::{index_arg, type_name};

/// Largest transposition table accepted, in MiB (as `tamerlane match --hash`).
const MAX_HASH_MIB: i64 = 65_536;
/// Most random plies of an opening.
const MAX_OPENING_PLIES: i64 = 1000;
/// Most openings `match_openings` draws.
const MAX_OPENINGS: i64 = 1_000_000;
/// Longest time per move, in milliseconds (one day).
const MAX_MOVETIME_MS: i64 = 86_400_000;

/// A `str` argument.
fn str_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    let s = obj.downcast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!("{name} must be a str, not {}", type_name(obj)))
    })?;
    Ok(s.to_cow()
        .map_err(|_| PyValueError::new_err(format!("{name}: not valid Unicode text")))?
        .into_owned())
}

/// An optional `str` argument (`None` or absent: `None`).
fn opt_str_arg(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<String>> {
    match obj {
        Some(o) if !o.is_none() => str_arg(o, name).map(Some),
        _ => Ok(None),
    }
}

/// An `int` argument in `lo..=hi` as `u64`: `TypeError` for a non-int or a
/// `bool`, `ValueError` out of range.
pub(crate) fn u64_arg(obj: &Bound<'_, PyAny>, name: &str, lo: u64, hi: u64) -> PyResult<u64> {
    let Some(i) = index_arg(obj, name)? else {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, not {}",
            type_name(obj)
        )));
    };
    match i.extract::<u64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(PyValueError::new_err(format!(
            "{name} {i} out of range (expected {lo} to {hi})"
        ))),
    }
}

/// An optional `int` argument in `lo..=hi` (`None` or absent: `None`).
fn opt_u64_arg(
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
    lo: u64,
    hi: u64,
) -> PyResult<Option<u64>> {
    match obj {
        Some(o) if !o.is_none() => u64_arg(o, name, lo, hi).map(Some),
        _ => Ok(None),
    }
}

/// A list (or tuple) argument, each item read by `item` with its index.
fn list_arg<T>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    mut item: impl FnMut(usize, &Bound<'_, PyAny>) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a list, not {}",
            type_name(obj)
        )));
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!("{name} must be a list, not {}", type_name(obj)))
    })?;
    iter.enumerate()
        .map(|(k, o)| item(k, &o?))
        .collect::<PyResult<Vec<T>>>()
}

/// The game and its rules from `game` (`"tamerlane"`, `"chess"` or
/// `"makruk"`, any case) and `rules` (that game's rule string).
fn game_rules(game: &Bound<'_, PyAny>, rules: &Bound<'_, PyAny>) -> PyResult<AnyRules> {
    let variant: Variant = str_arg(game, "game")?
        .parse()
        .map_err(|e: ai::UnknownVariant| PyValueError::new_err(e.to_string()))?;
    variant
        .parse_rules(&str_arg(rules, "rules")?)
        .map_err(rules_err)
}

/// A configuration argument, checked (`ValueError` naming the argument).
fn config_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    let text = str_arg(obj, name)?;
    text.parse::<SearchConfig>()
        .map_err(|e| PyValueError::new_err(format!("{name}: {e}")))?;
    Ok(text)
}

/// Runs `work` with the GIL released, stopped by Ctrl-C: the flag it is
/// given is set then, and the `KeyboardInterrupt` raised once it returns.
fn interruptible<T: Send>(
    py: Python<'_>,
    what: &str,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    let on_signal = || stop.store(true, Ordering::SeqCst);
    let (value, signal) = run_interruptible(py, &on_signal, SEARCH_STACK, || work(&stop))?;
    if let Some(e) = signal {
        return Err(e);
    }
    if stop.load(Ordering::SeqCst) {
        return Err(PyKeyboardInterrupt::new_err(format!("{what} interrupted")));
    }
    Ok(value)
}

/// `datagen_shard(game, rules, seed, first, count, *, nodes=5000,
/// opening_plies=6, config="full", hash_mib=16, format="text",
/// filter=None, openings=None, max_plies=2000)`: games `[first, first +
/// count)` of the self-play run `(game, rules, seed, nodes, opening_plies,
/// config, hash_mib, openings, max_plies)` (a game still going `max_plies`
/// plies after its opening ends there as a draw), as `tamerlane datagen` writes them (`format`
/// `"text"`: UTF-8 text; `"binary"`: the binary format; `filter`
/// `"quiet"` or `"all"`, by default the format's), and its number of
/// positions. `openings`, a list of TFENs or FENs, is the book game `i`
/// starts from (its position `i mod len`). Game `i` depends only on the
/// settings and `i`: text shards put together (each without its two
/// header lines) are the run, and so are binary shards' records.
#[pyfunction]
#[pyo3(
    signature = (game, rules, seed, first, count, *, nodes = None, opening_plies = None, config = None, hash_mib = None, format = None, filter = None, openings = None, max_plies = None),
    text_signature = "(game, rules, seed, first, count, *, nodes=5000, opening_plies=6, config='full', hash_mib=16, format='text', filter=None, openings=None, max_plies=2000)"
)]
#[allow(clippy::too_many_arguments)]
pub fn datagen_shard<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    rules: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    first: &Bound<'py, PyAny>,
    count: &Bound<'py, PyAny>,
    nodes: Option<&Bound<'py, PyAny>>,
    opening_plies: Option<&Bound<'py, PyAny>>,
    config: Option<&Bound<'py, PyAny>>,
    hash_mib: Option<&Bound<'py, PyAny>>,
    format: Option<&Bound<'py, PyAny>>,
    filter: Option<&Bound<'py, PyAny>>,
    openings: Option<&Bound<'py, PyAny>>,
    max_plies: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyBytes>, u64)> {
    let rules = game_rules(game, rules)?;
    let seed = u64_arg(seed, "seed", 0, u64::MAX)?;
    let first = u64_arg(first, "first", 0, u64::MAX)?;
    let count = u64_arg(count, "count", 0, u64::MAX - first)?;
    let format: datagen::Format = match opt_str_arg(format, "format")? {
        None => datagen::Format::Text,
        Some(f) => f.parse().map_err(PyValueError::new_err)?,
    };
    let filter = match opt_str_arg(filter, "filter")? {
        None => format.default_filter(),
        Some(f) => f.parse().map_err(PyValueError::new_err)?,
    };
    let book = match openings {
        Some(o) if !o.is_none() => {
            let fens = list_arg(o, "openings", |k, item| {
                let fen = str_arg(item, &format!("openings[{k}]"))?;
                opening_game(rules, k, &fen)?;
                Ok(fen)
            })?;
            let book = datagen::Book::from_positions(fens.iter().map(String::as_str), rules)
                .map_err(|e| match e {
                    datagen::BookError::Empty => PyValueError::new_err("openings is empty"),
                    datagen::BookError::Line(n, e) => {
                        PyValueError::new_err(format!("openings[{}]: {e}", n - 1))
                    }
                })?;
            Some(book)
        }
        _ => None,
    };
    let settings = datagen::Settings {
        rules,
        seed,
        nodes: opt_u64_arg(nodes, "nodes", 1, u64::MAX)?.unwrap_or(5000),
        opening_plies: opt_u64_arg(opening_plies, "opening_plies", 0, MAX_OPENING_PLIES as u64)?
            .unwrap_or(6) as usize,
        config: match config {
            Some(c) if !c.is_none() => config_arg(c, "config")?,
            _ => "full".to_owned(),
        },
        hash_mib: opt_u64_arg(hash_mib, "hash_mib", 1, MAX_HASH_MIB as u64)?.unwrap_or(16) as usize,
        max_plies: opt_u64_arg(max_plies, "max_plies", 1, u32::MAX.into())?
            .map_or(datagen::MAX_PLIES, |n| n as usize),
        nets: tamerlane_ai::nnue::Nets::embedded(),
        book,
    };
    let output = datagen::Output { format, filter };
    let shard = interruptible(py, "datagen_shard", |stop| {
        datagen::shard(&settings, output, first, count, stop)
    })?;
    match shard {
        Ok(s) => Ok((PyBytes::new(py, &s.data), s.positions)),
        Err(DatagenError::Stopped) => {
            Err(PyKeyboardInterrupt::new_err("datagen_shard interrupted"))
        }
        Err(e @ (DatagenError::Config(_) | DatagenError::Setting(_))) => {
            Err(PyValueError::new_err(e.to_string()))
        }
        Err(e) => Err(PyRuntimeError::new_err(e.to_string())),
    }
}

/// `match_openings(game, rules, count, plies, seed)`: the openings of
/// `tamerlane match --game GAME --rules RULES --opening-plies PLIES --seed
/// SEED` when it needs `count` of them (`--games` of `2 * count - 1` or
/// `2 * count`), as position texts (TFEN or FEN), in order. Fewer come
/// back only if the game has fewer distinct openings of that length.
#[pyfunction]
pub fn match_openings(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    count: &Bound<'_, PyAny>,
    plies: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
) -> PyResult<Vec<String>> {
    let rules = game_rules(game, rules)?;
    let count = u64_arg(count, "count", 0, MAX_OPENINGS as u64)? as usize;
    let plies = u64_arg(plies, "plies", 0, MAX_OPENING_PLIES as u64)? as usize;
    let seed = u64_arg(seed, "seed", 0, u64::MAX)?;
    Ok(py.allow_threads(|| {
        arena::random_openings(count, plies, seed, rules)
            .iter()
            .map(AnyGame::start_fen)
            .collect()
    }))
}

/// An opening position (TFEN or FEN) under `rules`, or the game's own
/// error type (`InvalidTfenError`, `InvalidFenError`) naming it.
fn opening_game(rules: AnyRules, k: usize, fen: &str) -> PyResult<AnyGame> {
    AnyGame::from_fen(rules, fen.trim()).map_err(|e| match e {
        AnyFenError::Tamerlane(e) => InvalidTfenError::new_err(format!("openings[{k}]: {e}")),
        AnyFenError::Chess(e) => InvalidFenError::new_err(format!("openings[{k}]: {e}")),
        AnyFenError::Makruk(e) => InvalidFenError::new_err(format!("openings[{k}]: {e}")),
    })
}

/// A player's name, checked: a game record cannot hold a control character.
fn name_arg(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<String>> {
    let text = opt_str_arg(obj, name)?;
    if text
        .as_deref()
        .is_some_and(|t| t.chars().any(char::is_control))
    {
        return Err(PyValueError::new_err(format!(
            "{name} holds a control character, which a game record cannot hold"
        )));
    }
    Ok(text)
}

/// One game's answer: its index, A's score, how it ended and its record.
type GameRow = (u64, f64, String, String);

/// `match_games(game, rules, openings, indices, *, a="full", b="plain",
/// a_cmd=None, b_cmd=None, a_name=None, b_name=None, nodes=None,
/// depth=None, movetime_ms=None, hash_mib=16, ply_cap=None)`: plays the
/// games of a match with the given indices, one after the other, exactly
/// as `tamerlane match` plays its game `i` (opening `openings[(i // 2) %
/// len(openings)]`, A White when `i` is even, new engines each game) and
/// answers `(i, A's score, ending, record)` for each, in the order given.
#[pyfunction]
#[pyo3(
    signature = (game, rules, openings, indices, *, a = None, b = None, a_cmd = None, b_cmd = None, a_name = None, b_name = None, nodes = None, depth = None, movetime_ms = None, hash_mib = None, ply_cap = None),
    text_signature = "(game, rules, openings, indices, *, a='full', b='plain', a_cmd=None, b_cmd=None, a_name=None, b_name=None, nodes=None, depth=None, movetime_ms=None, hash_mib=16, ply_cap=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn match_games(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    rules: &Bound<'_, PyAny>,
    openings: &Bound<'_, PyAny>,
    indices: &Bound<'_, PyAny>,
    a: Option<&Bound<'_, PyAny>>,
    b: Option<&Bound<'_, PyAny>>,
    a_cmd: Option<&Bound<'_, PyAny>>,
    b_cmd: Option<&Bound<'_, PyAny>>,
    a_name: Option<&Bound<'_, PyAny>>,
    b_name: Option<&Bound<'_, PyAny>>,
    nodes: Option<&Bound<'_, PyAny>>,
    depth: Option<&Bound<'_, PyAny>>,
    movetime_ms: Option<&Bound<'_, PyAny>>,
    hash_mib: Option<&Bound<'_, PyAny>>,
    ply_cap: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<GameRow>> {
    let rules = game_rules(game, rules)?;
    let openings = list_arg(openings, "openings", |k, o| {
        opening_game(rules, k, &str_arg(o, &format!("openings[{k}]"))?)
    })?;
    if openings.is_empty() {
        return Err(PyValueError::new_err("openings is empty"));
    }
    let indices = list_arg(indices, "indices", |k, o| {
        u64_arg(o, &format!("indices[{k}]"), 0, usize::MAX as u64)
    })?;
    let mut limits = Limits::new();
    limits.nodes = opt_u64_arg(nodes, "nodes", 1, u64::MAX)?;
    limits.depth = opt_u64_arg(depth, "depth", 1, u64::from(ai::MAX_DEPTH))?.map(|d| d as u32);
    limits.movetime = opt_u64_arg(movetime_ms, "movetime_ms", 1, MAX_MOVETIME_MS as u64)?
        .map(Duration::from_millis);
    if limits == Limits::new() {
        return Err(PyValueError::new_err(
            "give nodes, depth or movetime_ms: a match's moves need a limit",
        ));
    }
    let hash_mib = opt_u64_arg(hash_mib, "hash_mib", 1, MAX_HASH_MIB as u64)?.map(|h| h as usize);
    let ply_cap = opt_u64_arg(ply_cap, "ply_cap", 0, usize::MAX as u64)?.map(|p| p as usize);
    let a_config = match a {
        Some(c) if !c.is_none() => str_arg(c, "a")?,
        _ => "full".to_owned(),
    };
    let b_config = match b {
        Some(c) if !c.is_none() => str_arg(c, "b")?,
        _ => "plain".to_owned(),
    };
    let a_cmd = opt_str_arg(a_cmd, "a_cmd")?;
    let b_cmd = opt_str_arg(b_cmd, "b_cmd")?;
    let a_name = name_arg(a_name, "a_name")?;
    let b_name = name_arg(b_name, "b_name")?;
    let player = |letter: &str, config: &str, cmd: Option<&str>, name: Option<&str>| {
        let setup = PlayerSetup {
            config,
            command: cmd,
            name,
            eval_file: None,
            options: &[],
            hash_mib,
            limits: limits.clone(),
            clock: None,
            timeouts: Default::default(),
        };
        setup.player(rules).map_err(|e| match e {
            SetupError::Config(e) => PyValueError::new_err(format!("{letter}: {e}")),
            e => PyValueError::new_err(format!("{letter}_cmd: {e}")),
        })
    };
    let pa = player("a", &a_config, a_cmd.as_deref(), a_name.as_deref())?;
    let pb = player("b", &b_config, b_cmd.as_deref(), b_name.as_deref())?;
    let variant = rules.variant();
    let played = interruptible(py, "match_games", |stop| {
        // An engine command that cannot start fails the call at once, as
        // it stops `tamerlane match` before its first game.
        for (p, letter, cmd) in [(&pa, "a", &a_cmd), (&pb, "b", &b_cmd)] {
            if let Err(e) = p.try_start(variant) {
                let cmd = cmd.as_deref().unwrap_or_default();
                return Err(format!("engine {letter} (`{cmd}`): {e}"));
            }
        }
        let names = [pa.name.as_str(), pb.name.as_str()];
        let mut rows = Vec::with_capacity(indices.len());
        for &i in &indices {
            let Some(rec) =
                arena::play_match_game(&pa, &pb, &openings, i as usize, ply_cap, Some(stop))
            else {
                return Ok(rows);
            };
            let text = rec
                .out_text(names)
                .map_err(|e| format!("game {}: {e}", i + 1))?;
            rows.push((i, rec.score_a(), rec.end.ending().to_owned(), text));
        }
        Ok(rows)
    })?;
    played.map_err(PyValueError::new_err)
}

/// The match's SPRT on `(elo0, elo1)` (alpha = beta = 0.05) and A's
/// tally, from the Python arguments (numbers and counts, checked).
fn sprt_args(
    elo0: &Bound<'_, PyAny>,
    elo1: &Bound<'_, PyAny>,
    wins: &Bound<'_, PyAny>,
    draws: &Bound<'_, PyAny>,
    losses: &Bound<'_, PyAny>,
) -> PyResult<(Sprt, Tally)> {
    let elo = |o: &Bound<'_, PyAny>, name: &str| -> PyResult<f64> {
        if o.is_instance_of::<pyo3::types::PyBool>() || o.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(format!(
                "{name} must be a number, not {}",
                type_name(o)
            )));
        }
        let v: f64 = o.extract().map_err(|_| {
            PyTypeError::new_err(format!("{name} must be a number, not {}", type_name(o)))
        })?;
        if !v.is_finite() {
            return Err(PyValueError::new_err(format!(
                "{name} must be finite, not {v}"
            )));
        }
        Ok(v)
    };
    let sprt = Sprt::new(elo(elo0, "elo0")?, elo(elo1, "elo1")?);
    let count = |o: &Bound<'_, PyAny>, name: &str| -> PyResult<u32> {
        Ok(u64_arg(o, name, 0, u64::from(u32::MAX))? as u32)
    };
    let tally = Tally {
        wins: count(wins, "wins")?,
        draws: count(draws, "draws")?,
        losses: count(losses, "losses")?,
    };
    Ok((sprt, tally))
}

/// `sprt_state(elo0, elo1, wins, draws, losses)`: the decision of
/// `tamerlane match --sprt ELO0,ELO1` (alpha = beta = 0.05) on A's tally:
/// `"continue"`, `"accept-h1"` or `"accept-h0"`.
#[pyfunction]
pub fn sprt_state(
    elo0: &Bound<'_, PyAny>,
    elo1: &Bound<'_, PyAny>,
    wins: &Bound<'_, PyAny>,
    draws: &Bound<'_, PyAny>,
    losses: &Bound<'_, PyAny>,
) -> PyResult<&'static str> {
    let (sprt, tally) = sprt_args(elo0, elo1, wins, draws, losses)?;
    Ok(sprt.state(&tally).name())
}

/// `sprt_llr(elo0, elo1, wins, draws, losses)`: the test's log-likelihood
/// ratio on A's tally and its two bounds, `(llr, lower, upper)`, as the
/// match report prints them.
#[pyfunction]
pub fn sprt_llr(
    elo0: &Bound<'_, PyAny>,
    elo1: &Bound<'_, PyAny>,
    wins: &Bound<'_, PyAny>,
    draws: &Bound<'_, PyAny>,
    losses: &Bound<'_, PyAny>,
) -> PyResult<(f64, f64, f64)> {
    let (sprt, tally) = sprt_args(elo0, elo1, wins, draws, losses)?;
    let (lower, upper) = sprt.bounds();
    Ok((sprt.llr(&tally), lower, upper))
}
