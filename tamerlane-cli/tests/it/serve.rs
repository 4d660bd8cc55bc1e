//! `tamerlane serve`: every endpoint of the JSON API on the real binary,
//! refusals included (4xx with a JSON message), the page and its assets by
//! name only, sessions, the engine's bounds, the analysis stream's rate
//! and its reports (each with something new), and a clean stop on Ctrl-C
//! (docs/WEB.md).

use std::time::Duration;

use serde_json::{json, Value};

use super::serve_client::Server;

/// Plays `moves` one request each; every answer is a 200.
fn play(srv: &Server, cookie: &str, moves: &[&str]) -> Value {
    let mut last = Value::Null;
    for m in moves {
        let (status, s) = srv.post("/api/move", cookie, &json!({ "move": m }).to_string());
        assert_eq!(status, 200, "{m}: {s}");
        last = s;
    }
    last
}

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {v}"))
}

#[test]
fn the_page_and_its_assets_are_served_by_name_only() {
    let srv = Server::start(&[]);
    let r = srv.req("GET", "/", "", "");
    assert_eq!(r.status, 200);
    assert!(r.text().contains("<script type=\"module\""), "{}", r.text());
    for name in ["app.js", "board.js", "api.js", "style.css", "figures.json"] {
        let r = srv.req("GET", &format!("/assets/{name}"), "", "");
        assert_eq!(r.status, 200, "{name}");
        assert!(!r.body.is_empty());
    }
    for bad in [
        "/assets/../Cargo.toml",
        "/assets/%2e%2e%2fCargo.toml",
        "/assets/..%2f..%2fsrc%2fmain.rs",
        "/assets/",
        "/assets/app.js/x",
        "/src/main.rs",
        "/api/nothing",
    ] {
        let r = srv.req("GET", bad, "", "");
        assert!(r.status == 404 || r.status == 400, "{bad}: {}", r.status);
        assert!(!r.text().contains("fn main"), "{bad}");
    }
    let r = srv.req("DELETE", "/api/state", "", "");
    assert_eq!(r.status, 405);
    assert!(r.json()["error"].is_string());
    let (status, info) = srv.get("/api/info", "");
    assert_eq!(status, 200);
    assert_eq!(info["games"], json!(["tamerlane", "chess", "makruk"]));
}

#[test]
fn each_game_is_played_to_its_end_by_uci_and_san() {
    let srv = Server::start(&[]);
    let c = srv.session();
    // Fool's mate in chess.
    let (status, s) = srv.post("/api/new", &c, r#"{"game":"chess"}"#);
    assert_eq!(status, 200);
    assert_eq!(s["legal"]["e2"].as_array().unwrap().len(), 2);
    let s = play(&srv, &c, &["f2f3", "e5", "g4", "Qh4#"]);
    assert_eq!(s["outcome"]["winner"], "black");
    assert_eq!(s["outcome"]["reason"], "checkmate");
    assert_eq!(s["check"], json!(["e1"]));
    assert_eq!(
        s["last_move"],
        json!({ "from": "d8", "to": "h4", "uci": "d8h4" })
    );
    let sans: Vec<&str> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["f3", "e5", "g4", "Qh4#"]);
    let (status, e) = srv.post("/api/move", &c, r#"{"move":"e2e4"}"#);
    assert_eq!(status, 400);
    assert!(error_of(&e).contains("ended"), "{e}");
    // A promotion is a move of its own per piece.
    let (_, s) = srv.post(
        "/api/new",
        &c,
        r#"{"game":"chess","fen":"8/P6k/8/8/8/8/8/K7 w - - 0 1"}"#,
    );
    let promos: Vec<&str> = s["legal"]["a7"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["promotion"].as_str().unwrap())
        .collect();
    assert_eq!(promos.len(), 4, "{promos:?}");
    // Makruk and Tamerlane start and move.
    let (_, s) = srv.post("/api/new", &c, r#"{"game":"makruk"}"#);
    assert_eq!(s["game"], "makruk");
    assert_eq!(s["board"].as_array().unwrap().len(), 32);
    play(&srv, &c, &["e3e4"]);
    let (_, s) = srv.post("/api/new", &c, r#"{"game":"tamerlane","rules":"seed-001"}"#);
    assert_eq!(s["game"], "tamerlane");
    assert!(s["rules"].as_str().unwrap().contains("swap-when=check"));
    let s = play(&srv, &c, &["f3f4", "f7"]);
    assert_eq!(s["moves"][1]["uci"], "f8f7");
    assert_eq!(s["turn"], "white");
}

#[test]
fn takeback_and_navigation_move_along_the_line() {
    let srv = Server::start(&[]);
    let c = srv.session();
    srv.post("/api/new", &c, r#"{"game":"chess"}"#);
    play(&srv, &c, &["e4", "e5", "Nf3", "Nc6"]);
    let (status, s) = srv.post("/api/navigate", &c, r#"{"ply":1}"#);
    assert_eq!(status, 200);
    assert_eq!(s["ply"], 1);
    assert_eq!(s["moves"].as_array().unwrap().len(), 4, "the line is kept");
    assert_eq!(s["turn"], "black");
    assert_eq!(s["last_move"]["uci"], "e2e4");
    let (status, e) = srv.post("/api/navigate", &c, r#"{"ply":5}"#);
    assert_eq!(status, 400, "{e}");
    let (status, _) = srv.post("/api/navigate", &c, r#"{"ply":-1}"#);
    assert_eq!(status, 400);
    // A move at the cursor replaces the rest of the line.
    let s = play(&srv, &c, &["c5"]);
    assert_eq!(s["moves"].as_array().unwrap().len(), 2);
    let (status, s) = srv.post("/api/takeback", &c, r#"{"plies":2}"#);
    assert_eq!(status, 200);
    assert_eq!(s["ply"], 0);
    assert_eq!(s["moves"], json!([]));
    let (status, e) = srv.post("/api/takeback", &c, "");
    assert_eq!(status, 409, "{e}");
    let (status, _) = srv.post("/api/takeback", &c, r#"{"plies":3}"#);
    assert_eq!(status, 400);
}

#[test]
fn bad_input_is_a_4xx_with_a_message() {
    let srv = Server::start(&["--max-body-kib", "1"]);
    let c = srv.session();
    let cases: &[(&str, &str, u16, &str)] = &[
        ("/api/new", r#"{"game":"shogi"}"#, 400, "unknown game"),
        ("/api/new", r#"{"game":"chess","fen":"8/8 w"}"#, 400, "FEN"),
        (
            "/api/new",
            r#"{"game":"tamerlane","fen":"nonsense"}"#,
            400,
            "TFEN",
        ),
        (
            "/api/new",
            r#"{"game":"tamerlane","rules":"swap-when=never"}"#,
            400,
            "rules",
        ),
        (
            "/api/new",
            r#"{"game":"makruk","rules":"counting=maybe"}"#,
            400,
            "rules",
        ),
        ("/api/new", r#"{"game":7}"#, 400, "JSON"),
        ("/api/new", "{", 400, "JSON"),
        ("/api/move", r#"{"move":"e9e1"}"#, 400, "move"),
        ("/api/move", r#"{}"#, 400, "move"),
        ("/api/move", r#"{"move":"\u0000"}"#, 400, "move"),
        ("/api/engine/move", r#"{"movetime_ms":0}"#, 400, "movetime"),
        ("/api/engine/move", r#"{"level":0}"#, 400, "level"),
        ("/api/analysis/start", r#"{"multipv":99}"#, 400, "multipv"),
        (
            "/api/record",
            r#"{"text":"[Variant \"Go\"]\n\n*"}"#,
            400,
            "Variant",
        ),
        ("/api/record", r#"{"text":"1. e5 *"}"#, 400, "record"),
        ("/api/record", r#"{"text":""}"#, 400, "no game"),
    ];
    for (path, body, status, words) in cases {
        let (got, v) = srv.post(path, &c, body);
        assert_eq!(got, *status, "{path} {body}: {v}");
        assert!(error_of(&v).contains(words), "{path} {body}: {v}");
    }
    let long = format!(r#"{{"move":"{}"}}"#, "x".repeat(4000));
    let (status, v) = srv.post("/api/move", &c, &long);
    assert_eq!(status, 413, "{v}");
    assert!(error_of(&v).contains("too large"));
    let r = srv.req("GET", "/api/record?format=zip", &c, "");
    assert_eq!(r.status, 400);
    // Nothing of that changed the game.
    let (_, s) = srv.get("/api/state", &c);
    assert_eq!(s["game"], "tamerlane");
    assert_eq!(s["moves"], json!([]));
}

#[test]
fn sessions_keep_their_own_games() {
    let srv = Server::start(&[]);
    let a = srv.session();
    let b = srv.session();
    assert_ne!(a, b);
    srv.post("/api/new", &a, r#"{"game":"chess"}"#);
    srv.post("/api/new", &b, r#"{"game":"makruk"}"#);
    play(&srv, &a, &["e4"]);
    assert_eq!(
        srv.get("/api/state", &a).1["moves"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(srv.get("/api/state", &b).1["game"], "makruk");
    assert_eq!(srv.get("/api/state", &b).1["moves"], json!([]));
    // An unknown or forged cookie gets a new session.
    let r = srv.req("GET", "/api/state", "tamerlane_session=../../x", "");
    assert_eq!(r.status, 200);
    assert!(r.header("set-cookie").is_some());
}

#[test]
fn records_download_and_load_for_each_game() {
    let srv = Server::start(&[]);
    let c = srv.session();
    for (game, moves) in [
        ("tamerlane", ["f3f4", "f8f7"]),
        ("chess", ["e2e4", "c7c5"]),
        ("makruk", ["e3e4", "e6e5"]),
    ] {
        srv.post("/api/new", &c, &json!({ "game": game }).to_string());
        let before = play(&srv, &c, &moves);
        let r = srv.req("GET", "/api/record?format=pgn", &c, "");
        assert_eq!(r.status, 200);
        assert!(r
            .header("content-disposition")
            .unwrap()
            .contains(&format!("{game}.pgn")));
        let text = r.text();
        srv.post("/api/new", &c, r#"{"game":"chess"}"#);
        let (status, after) = srv.post("/api/record", &c, &json!({ "text": text }).to_string());
        assert_eq!(status, 200, "{after}");
        assert_eq!(after["game"], game);
        assert_eq!(after["moves"], before["moves"], "{text}");
        assert_eq!(after["fen"], before["fen"]);
    }
    // Plain PGN without a Variant tag is chess.
    let (status, s) = srv.post("/api/record", &c, r#"{"text":"1. e4 e5 2. Nf3 *"}"#);
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["ply"], 3);
}

#[test]
fn the_engine_plays_at_each_level_within_its_bounds() {
    let srv = Server::start(&["--max-movetime-ms", "2000"]);
    let c = srv.session();
    for game in ["tamerlane", "chess", "makruk"] {
        srv.post("/api/new", &c, &json!({ "game": game }).to_string());
        for level in [1, 3, 6] {
            let body = json!({ "movetime_ms": 100, "level": level }).to_string();
            let (status, s) = srv.post("/api/engine/move", &c, &body);
            assert_eq!(status, 200, "{game} {level}: {s}");
            let m = s["engine"]["move"].as_str().unwrap();
            let last = s["moves"].as_array().unwrap().last().unwrap();
            assert_eq!(last["uci"], m);
        }
    }
    let (status, e) = srv.post("/api/engine/move", &c, r#"{"movetime_ms":2001}"#);
    assert_eq!(status, 400, "{e}");
    srv.post(
        "/api/new",
        &c,
        r#"{"game":"chess","fen":"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"}"#,
    );
    let (status, e) = srv.post("/api/engine/move", &c, r#"{"movetime_ms":50}"#);
    assert_eq!(status, 409, "{e}");
    assert!(error_of(&e).contains("over"));
    // The full level finds a mate in one.
    srv.post(
        "/api/new",
        &c,
        r#"{"game":"chess","fen":"7k/8/6K1/8/8/8/8/1Q6 w - - 0 1"}"#,
    );
    let (_, s) = srv.post("/api/engine/move", &c, r#"{"movetime_ms":300}"#);
    assert_eq!(s["outcome"]["reason"], "checkmate", "{s}");
}

#[test]
fn analysis_streams_lines_at_least_five_times_a_second() {
    let srv = Server::start(&["--max-searches", "1"]);
    let c = srv.session();
    srv.post("/api/new", &c, r#"{"game":"tamerlane"}"#);
    let (status, started) = srv.post("/api/analysis/start", &c, r#"{"multipv":3}"#);
    assert_eq!(status, 200, "{started}");
    let id = started["id"].clone();
    // One search at a time: this session's engine is busy, and another
    // session finds no permit.
    let (status, e) = srv.post("/api/analysis/start", &c, "");
    assert!(status == 409 || status == 429, "{status} {e}");
    let other = srv.session();
    let (status, e) = srv.post("/api/engine/move", &other, r#"{"movetime_ms":50}"#);
    assert_eq!(status, 429, "{e}");
    let events = srv.events("/api/analysis/events", &c, 2.0);
    let running: Vec<_> = events
        .iter()
        .filter(|(_, v)| v["running"] == true && v["id"] == id)
        .collect();
    let span = running.last().unwrap().0 - running.first().unwrap().0;
    let rate = (running.len() - 1) as f64 / span.as_secs_f64();
    assert!(rate >= 5.0, "{} updates in {span:?}", running.len());
    let last = &running.last().unwrap().1;
    let lines = last["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{last}");
    assert!(last["depth"].as_u64().unwrap() >= 3);
    for l in lines {
        assert!(l["score"]["cp"].is_i64() || l["score"]["mate"].is_i64());
        assert_eq!(
            l["san"].as_array().unwrap().len(),
            l["uci"].as_array().unwrap().len()
        );
    }
    let (status, stopped) = srv.post("/api/analysis/stop", &c, "");
    assert_eq!(status, 200);
    assert_eq!(stopped["stopped"], true, "{stopped}");
    assert_eq!(stopped["last"]["running"], false);
    // The stream of a finished analysis says so and ends.
    let after = srv.events("/api/analysis/events", &c, 2.0);
    assert_eq!(after.len(), 1);
    assert_eq!(after[0].1["running"], false);
    // The permit is free again.
    let (status, _) = srv.post("/api/engine/move", &other, r#"{"movetime_ms":50}"#);
    assert_eq!(status, 200);
}

/// Each report of the analysis stream says something new: the lines of
/// an iteration, all of them at once, or a larger node count between
/// iterations (the search's progress); none is a copy of the one before.
#[test]
fn analysis_reports_are_news_not_copies() {
    let srv = Server::start(&["--max-searches", "1"]);
    let c = srv.session();
    srv.post("/api/new", &c, r#"{"game":"tamerlane"}"#);
    let (status, started) = srv.post("/api/analysis/start", &c, r#"{"multipv":3}"#);
    assert_eq!(status, 200, "{started}");
    let events = srv.events("/api/analysis/events", &c, 1.5);
    srv.post("/api/analysis/stop", &c, "");
    let running: Vec<&Value> = events
        .iter()
        .map(|(_, v)| v)
        .filter(|v| v["running"] == true && v["id"] == started["id"])
        .collect();
    assert!(running.len() >= 5, "{} reports", running.len());
    let nodes = |v: &Value| v["nodes"].as_u64().unwrap();
    let mut progress = 0;
    for pair in running.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        assert!(nodes(b) >= nodes(a), "{a} then {b}");
        let new_lines = b["depth"] != a["depth"] || b["lines"] != a["lines"];
        assert!(new_lines || nodes(b) > nodes(a), "a copy: {a} then {b}");
        if !new_lines {
            progress += 1;
            assert!(b["nps"].as_u64().unwrap() > 0, "{b}");
        }
    }
    assert!(progress > 0, "no progress between iterations");
    for v in &running {
        let lines = v["lines"].as_array().unwrap().len();
        assert!(lines == 0 || lines == 3, "{lines} lines: {v}");
    }
}

#[test]
fn ctrl_c_stops_the_server_during_an_analysis_and_a_stream() {
    let mut srv = Server::start(&[]);
    let c = srv.session();
    srv.post("/api/analysis/start", &c, "");
    let addr = srv.addr.clone();
    let cookie = c.clone();
    // An open event stream must not hold the shutdown up.
    let stream = std::thread::spawn(move || {
        use std::io::{Read, Write};
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        write!(
            s,
            "GET /api/analysis/events HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n\r\n"
        )
        .unwrap();
        let mut buf = Vec::new();
        let _ = s.read_to_end(&mut buf);
    });
    std::thread::sleep(Duration::from_millis(300));
    assert!(srv.interrupt(10), "the server did not stop cleanly");
    stream.join().unwrap();
    let err = srv.stop();
    assert!(err.contains("stopped"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
