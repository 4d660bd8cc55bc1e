//! The routes of the web server (docs/WEB.md, "API"): the page and its
//! embedded assets, and the JSON API of a session's game, engine moves,
//! analysis (server-sent events) and records. Every handler validates its
//! input and answers a refusal with an [`ApiError`].

use std::convert::Infallible;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{DefaultBodyLimit, Path, RawQuery, Request, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE, COOKIE, SET_COOKIE};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use futures_util::Stream;
use serde::Deserialize;
use serde_json::{json, Value};
use tamerlane_ai::{AnyGame, Info, Level, Limits, Variant, LEVELS};
use tokio::sync::watch;

use super::assets::{asset, INDEX_HTML};
use super::engine_pool::{run_search, EnginePool};
use super::errors::{query_value, ApiError, JsonBody};
use super::records::{read_record, record_text};
use super::sessions::{cookie_id, lock, SessionRef, Sessions, COOKIE as SESSION_COOKIE};
use super::view::{san_of, state};

/// The longest move, game name, rule string or position text read, in
/// bytes (far above any real one; the core bounds them again).
const MAX_TEXT: usize = 2048;
/// How often a running analysis looks at its search's node count, and
/// reports it when it grew: its progress between the engine's reports of
/// each iteration (docs/WEB.md, "API").
const ANALYSIS_TICK: Duration = Duration::from_millis(100);

/// What every handler shares.
pub struct App {
    /// The sessions.
    pub sessions: Sessions,
    /// The engines' bounds and permits.
    pub pool: EnginePool,
    /// Becomes `true` at shutdown: event streams end.
    pub shutdown: watch::Receiver<bool>,
    /// The largest request body, in bytes.
    pub max_body: usize,
}

type Result<T> = std::result::Result<T, ApiError>;

/// The whole router: the page, its assets, the API (with sessions) and a
/// JSON 404 for everything else.
pub fn router(app: Arc<App>) -> Router {
    let api = Router::new()
        .route("/api/state", get(get_state))
        .route("/api/new", post(new_game))
        .route("/api/move", post(play_move))
        .route("/api/takeback", post(takeback))
        .route("/api/navigate", post(navigate))
        .route("/api/engine/move", post(engine_move))
        .route("/api/analysis/start", post(analysis_start))
        .route("/api/analysis/stop", post(analysis_stop))
        .route("/api/analysis/events", get(analysis_events))
        .route("/api/record", get(get_record).post(load_record))
        .route_layer(middleware::from_fn_with_state(
            Arc::clone(&app),
            with_session,
        ));
    Router::new()
        .route("/", get(index))
        .route("/assets/{name}", get(get_asset))
        .route("/api/info", get(info))
        .merge(api)
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(app.max_body))
        .with_state(app)
}

/// Finds the request's session (the cookie) or makes one, and sets the
/// cookie on the answer when it is new.
async fn with_session(State(app): State<Arc<App>>, mut req: Request, next: Next) -> Response {
    let id = req
        .headers()
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(cookie_id)
        .map(str::to_owned);
    let (id, session, new) = app.sessions.get_or_create(id.as_deref());
    req.extensions_mut().insert(session);
    let mut res = next.run(req).await;
    if new {
        let cookie = format!("{SESSION_COOKIE}={id}; Path=/; HttpOnly; SameSite=Strict");
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            res.headers_mut().append(SET_COOKIE, v);
        }
    }
    res
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such page")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method not allowed here")
}

async fn index() -> Response {
    ([(CACHE_CONTROL, "no-cache")], Html(INDEX_HTML)).into_response()
}

async fn get_asset(Path(name): Path<String>) -> Result<Response> {
    let a = asset(&name).ok_or_else(|| ApiError::not_found("no such asset"))?;
    Ok((
        [(CONTENT_TYPE, a.mime), (CACHE_CONTROL, "no-cache")],
        (a.body)(),
    )
        .into_response())
}

/// The server's bounds and levels, for the page.
async fn info(State(app): State<Arc<App>>) -> Json<Value> {
    let l = &app.pool.limits;
    Json(json!({
        "games": Variant::NAMES,
        "levels": LEVELS.len(),
        "max_movetime_ms": l.max_movetime.as_millis() as u64,
        "max_analysis_ms": l.max_analysis.as_millis() as u64,
        "max_multipv": l.max_multipv,
        "threads": l.threads,
        "max_searches": l.max_searches,
        "sessions": app.sessions.count(),
    }))
}

/// A text field, bounded.
fn text_field<'a>(value: &'a str, what: &str) -> Result<&'a str> {
    if value.len() > MAX_TEXT {
        return Err(ApiError::bad(format!(
            "{what} longer than {MAX_TEXT} bytes"
        )));
    }
    Ok(value.trim())
}

/// The session's state as the page draws it.
fn session_state(s: &SessionRef) -> Value {
    let s = lock(s);
    state(&s.line, s.ply)
}

async fn get_state(Extension(s): Extension<SessionRef>) -> Json<Value> {
    Json(session_state(&s))
}

#[derive(Deserialize)]
struct NewReq {
    game: Option<String>,
    rules: Option<String>,
    fen: Option<String>,
}

async fn new_game(
    Extension(s): Extension<SessionRef>,
    JsonBody(r): JsonBody<NewReq>,
) -> Result<Json<Value>> {
    let variant: Variant = match r.game.as_deref() {
        None => lock(&s).line.variant(),
        Some(name) => text_field(name, "game")?
            .parse()
            .map_err(|e: tamerlane_ai::UnknownVariant| ApiError::bad(e.to_string()))?,
    };
    let rules = variant
        .parse_rules(text_field(r.rules.as_deref().unwrap_or(""), "rules")?)
        .map_err(|e| ApiError::bad(format!("rules for {variant}: {e}")))?;
    let game = match r.fen.as_deref().map(|f| text_field(f, "fen")).transpose()? {
        None | Some("") => AnyGame::new(rules),
        Some(fen) => AnyGame::from_fen(rules, fen).map_err(|e| ApiError::bad(e.to_string()))?,
    };
    let mut sess = lock(&s);
    sess.stop_search();
    sess.line = game;
    sess.ply = 0;
    if let Some(e) = sess.engine.as_mut() {
        e.new_game();
    }
    Ok(Json(state(&sess.line, sess.ply)))
}

#[derive(Deserialize)]
struct MoveReq {
    #[serde(rename = "move")]
    mv: String,
}

/// Plays a move (UCI, or else SAN) at the cursor, dropping the moves
/// after it.
async fn play_move(
    Extension(s): Extension<SessionRef>,
    JsonBody(r): JsonBody<MoveReq>,
) -> Result<Json<Value>> {
    let text = text_field(&r.mv, "move")?;
    let mut sess = lock(&s);
    let mut game = sess.current();
    if let Err(e) = game.play_uci(text) {
        game.play_san(text).map_err(|_| {
            ApiError::bad(format!("move `{}`: {e}", tamerlane_core::excerpt(text, 40)))
        })?;
    }
    sess.stop_search();
    sess.line = game;
    sess.ply += 1;
    Ok(Json(state(&sess.line, sess.ply)))
}

#[derive(Deserialize)]
struct TakebackReq {
    plies: Option<usize>,
}

/// Takes back moves (1 by default, 2 against the engine): the line ends
/// that many moves before the cursor.
async fn takeback(
    Extension(s): Extension<SessionRef>,
    JsonBody(r): JsonBody<TakebackReq>,
) -> Result<Json<Value>> {
    let n = r.plies.unwrap_or(1);
    if !(1..=2).contains(&n) {
        return Err(ApiError::bad("plies must be 1 or 2"));
    }
    let mut sess = lock(&s);
    if sess.ply == 0 {
        return Err(ApiError::conflict("no move to take back"));
    }
    sess.stop_search();
    sess.ply = sess.ply.saturating_sub(n);
    sess.cut_at_cursor();
    Ok(Json(state(&sess.line, sess.ply)))
}

#[derive(Deserialize)]
struct NavigateReq {
    ply: usize,
}

/// Moves the cursor along the line (0 = the start).
async fn navigate(
    Extension(s): Extension<SessionRef>,
    JsonBody(r): JsonBody<NavigateReq>,
) -> Result<Json<Value>> {
    let mut sess = lock(&s);
    let len = sess.line.moves().len();
    if r.ply > len {
        return Err(ApiError::bad(format!("ply must be 0 to {len}")));
    }
    sess.ply = r.ply;
    Ok(Json(state(&sess.line, sess.ply)))
}

/// Lends the session's engine (made on first use) to a search, with the
/// game at the cursor; refused when it is lent already or the game is
/// over.
fn lend_engine(
    app: &App,
    s: &SessionRef,
) -> Result<(tamerlane_ai::Engine, AnyGame, Arc<AtomicBool>)> {
    let mut sess = lock(s);
    if sess.busy {
        return Err(ApiError::conflict(
            "the engine of this session is busy: stop the analysis first",
        ));
    }
    let game = sess.current();
    if let Some((_, reason)) = game.outcome() {
        return Err(ApiError::conflict(format!("the game is over ({reason})")));
    }
    let engine = sess.engine.take().unwrap_or_else(|| app.pool.new_engine());
    sess.busy = true;
    sess.cancel = Arc::new(AtomicBool::new(false));
    Ok((engine, game, Arc::clone(&sess.cancel)))
}

/// Gives the engine back to the session after a search.
fn return_engine(s: &SessionRef, engine: Option<tamerlane_ai::Engine>) {
    let mut sess = lock(s);
    sess.engine = engine;
    sess.busy = false;
}

#[derive(Deserialize)]
struct EngineMoveReq {
    movetime_ms: Option<u64>,
    level: Option<u32>,
}

/// The engine plays a move at the cursor, at a level and time per move.
async fn engine_move(
    State(app): State<Arc<App>>,
    Extension(s): Extension<SessionRef>,
    JsonBody(r): JsonBody<EngineMoveReq>,
) -> Result<Json<Value>> {
    let max = app.pool.limits.max_movetime.as_millis() as u64;
    let ms = r.movetime_ms.unwrap_or(1000.min(max));
    if !(10..=max).contains(&ms) {
        return Err(ApiError::bad(format!("movetime_ms must be 10 to {max}")));
    }
    let level = Level::numbered(r.level.unwrap_or(LEVELS.len() as u32))
        .ok_or_else(|| ApiError::bad(format!("level must be 1 to {}", LEVELS.len())))?;
    let permit = app.pool.permit()?;
    let (mut engine, game, cancel) = lend_engine(&app, &s)?;
    let shutdown = Arc::clone(&app.pool.shutdown);
    let movetime = Duration::from_millis(ms);
    let searched = game.clone();
    let joined = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let limits = level.bound(Limits::new().movetime(movetime));
        let r = run_search(
            &mut engine,
            &searched,
            &limits,
            &cancel,
            &shutdown,
            movetime + Duration::from_millis(500),
            Duration::from_secs(3600),
            || {},
            |_| {},
        );
        (engine, r)
    })
    .await;
    let Ok((engine, result)) = joined else {
        return_engine(&s, None);
        return Err(ApiError::conflict("the search failed"));
    };
    return_engine(&s, Some(engine));
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        ^ result.nodes;
    let mv = level
        .choose(&result, seed)
        .ok_or_else(|| ApiError::conflict("the engine found no move"))?;
    let mut sess = lock(&s);
    if sess.current() != game {
        return Err(ApiError::conflict("the game changed during the search"));
    }
    sess.cut_at_cursor();
    sess.line
        .play_uci(&mv)
        .map_err(|e| ApiError::conflict(format!("engine move {mv}: {e}")))?;
    sess.ply += 1;
    let mut out = state(&sess.line, sess.ply);
    out["engine"] = json!({
        "move": mv,
        "score": score_json(result.score),
        "depth": result.depth,
        "nodes": result.nodes,
        "time_ms": result.time.as_millis() as u64,
    });
    Ok(Json(out))
}

/// A score as JSON: `{"cp": N}` or `{"mate": N}`, for the side to move.
fn score_json(score: tamerlane_ai::Score) -> Value {
    match score {
        tamerlane_ai::Score::Cp(c) => json!({ "cp": c }),
        tamerlane_ai::Score::Mate(m) => json!({ "mate": m }),
    }
}

/// `count` over `elapsed`, per second.
fn per_second(count: u64, elapsed: Duration) -> u64 {
    (count as f64 / elapsed.as_secs_f64().max(1e-3)) as u64
}

/// An analysis in progress: what its reports say.
struct Snapshot {
    id: u64,
    fen: String,
    ply: usize,
    turn: String,
    started: Instant,
    depth: u32,
    nodes: u64,
    nps: u64,
    lines: Vec<Value>,
    updates: u64,
    running: bool,
}

impl Snapshot {
    fn json(&self) -> Value {
        json!({
            "id": self.id,
            "running": self.running,
            "fen": self.fen,
            "ply": self.ply,
            "turn": self.turn,
            "elapsed_ms": self.started.elapsed().as_millis() as u64,
            "depth": self.depth,
            "nodes": self.nodes,
            "nps": self.nps,
            "lines": self.lines,
            "update": self.updates,
        })
    }
}

#[derive(Deserialize)]
struct AnalysisReq {
    multipv: Option<usize>,
}

/// Starts an analysis of the position at the cursor: its reports go to
/// `/api/analysis/events` until it is stopped or reaches its time limit.
async fn analysis_start(
    State(app): State<Arc<App>>,
    Extension(s): Extension<SessionRef>,
    JsonBody(r): JsonBody<AnalysisReq>,
) -> Result<Json<Value>> {
    let max = app.pool.limits.max_multipv;
    let multipv = r.multipv.unwrap_or(3);
    if !(1..=max).contains(&multipv) {
        return Err(ApiError::bad(format!("multipv must be 1 to {max}")));
    }
    let permit = app.pool.permit()?;
    let (mut engine, game, cancel) = lend_engine(&app, &s)?;
    let (tx, id, ply) = {
        let mut sess = lock(&s);
        sess.analysis_id += 1;
        (Arc::clone(&sess.analysis), sess.analysis_id, sess.ply)
    };
    let snap = Arc::new(Mutex::new(Snapshot {
        id,
        fen: game.fen(),
        ply,
        turn: game.turn().to_string(),
        started: Instant::now(),
        depth: 0,
        nodes: 0,
        nps: 0,
        lines: Vec::new(),
        updates: 0,
        running: true,
    }));
    let publish = {
        let tx = tx.clone();
        move |snap: &mut Snapshot| {
            snap.updates += 1;
            tx.send_replace(snap.json());
        }
    };
    publish(&mut snap.lock().unwrap_or_else(|e| e.into_inner()));
    let shutdown = Arc::clone(&app.pool.shutdown);
    let deadline = app.pool.limits.max_analysis;
    let session = Arc::clone(&s);
    let counter = engine.node_counter();
    // The lines each iteration reports (fewer than asked when there are
    // fewer moves): its report is made once they have all come.
    let lines_wanted = multipv.min(game.legal_moves().len()).max(1);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let limits = Limits::new().infinite().multipv(multipv).movetime(deadline);
        // Progress: the nodes searched since the last report, if any (the
        // counter reads 0 before the search starts and after it ends).
        let tick = || {
            let mut sn = snap.lock().unwrap_or_else(|e| e.into_inner());
            let nodes = counter.nodes();
            if nodes > sn.nodes {
                sn.nodes = nodes;
                sn.nps = per_second(nodes, sn.started.elapsed());
                publish(&mut sn);
            }
        };
        let on_info = |i: &Info<String>| {
            let mut sn = snap.lock().unwrap_or_else(|e| e.into_inner());
            if i.multipv == 1 {
                sn.lines.clear();
            }
            sn.depth = i.depth;
            sn.nodes = sn.nodes.max(i.nodes);
            sn.nps = i.nps;
            sn.lines.push(json!({
                "multipv": i.multipv,
                "score": score_json(i.score),
                "uci": i.pv,
                "san": san_of(&game, game.moves().len(), &i.pv),
            }));
            if i.multipv >= lines_wanted {
                publish(&mut sn);
            }
        };
        let r = run_search(
            &mut engine,
            &game,
            &limits,
            &cancel,
            &shutdown,
            deadline,
            ANALYSIS_TICK,
            tick,
            on_info,
        );
        return_engine(&session, Some(engine));
        let mut sn = snap.lock().unwrap_or_else(|e| e.into_inner());
        sn.running = false;
        sn.nodes = r.nodes;
        publish(&mut sn);
    });
    Ok(Json(json!({ "id": id, "multipv": multipv })))
}

/// Stops the session's analysis and waits (a little) for its end.
async fn analysis_stop(Extension(s): Extension<SessionRef>) -> Json<Value> {
    let mut rx = {
        let sess = lock(&s);
        sess.stop_search();
        sess.analysis.subscribe()
    };
    let ended = tokio::time::timeout(
        Duration::from_secs(3),
        rx.wait_for(|v| v["running"] != json!(true)),
    )
    .await
    .is_ok_and(|r| r.is_ok());
    let last = rx.borrow().clone();
    Json(json!({ "stopped": ended, "last": last }))
}

/// The session's analysis reports as server-sent events (`analysis`), one
/// for each new report: the lines of each iteration of the search, its
/// node count when it grew (looked at every [`ANALYSIS_TICK`]) and its
/// end; the stream ends after the report that says it stopped, or at
/// shutdown.
async fn analysis_events(
    State(app): State<Arc<App>>,
    Extension(s): Extension<SessionRef>,
) -> Sse<impl Stream<Item = std::result::Result<Event, Infallible>>> {
    let rx = lock(&s).analysis.subscribe();
    let down = app.shutdown.clone();
    let stream = futures_util::stream::unfold(
        (rx, down, true, false),
        |(mut rx, mut down, first, done)| async move {
            if done || *down.borrow() {
                return None;
            }
            if !first {
                tokio::select! {
                    r = rx.changed() => r.ok()?,
                    _ = down.changed() => return None,
                }
            }
            let v = rx.borrow_and_update().clone();
            let running = v["running"] == json!(true);
            let ev = Event::default().event("analysis").data(v.to_string());
            Some((Ok(ev), (rx, down, false, !running)))
        },
    );
    Sse::new(stream).keep_alive(KeepAlive::default())
}

/// The record of the session's game line: `?format=pgn` (the default)
/// as a download.
async fn get_record(
    Extension(s): Extension<SessionRef>,
    RawQuery(q): RawQuery,
) -> Result<Response> {
    match query_value(q.as_deref(), "format") {
        None | Some("pgn") => {}
        Some(_) => return Err(ApiError::bad("format must be pgn")),
    }
    let line = lock(&s).line.clone();
    let text = record_text(&line)?;
    let name = format!("attachment; filename=\"{}.pgn\"", line.variant().name());
    Ok((
        [
            (
                CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_owned(),
            ),
            (CONTENT_DISPOSITION, name),
        ],
        text,
    )
        .into_response())
}

#[derive(Deserialize)]
struct RecordReq {
    text: String,
}

/// Loads the first game of a record text (its `Variant` tag names the
/// game; none is chess), the cursor at its end.
async fn load_record(
    Extension(s): Extension<SessionRef>,
    JsonBody(r): JsonBody<RecordReq>,
) -> Result<Json<Value>> {
    let game = read_record(&r.text)?;
    let mut sess = lock(&s);
    sess.stop_search();
    sess.ply = game.moves().len();
    sess.line = game;
    Ok(Json(state(&sess.line, sess.ply)))
}
