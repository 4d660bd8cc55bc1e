//! An HTTP fuzz of `tamerlane serve`: 10,000 random and garbled requests
//! (bad JSON, bodies over the limit, random paths and methods, random
//! moves, mangled FENs and records, broken request lines) from a fixed
//! seed. No answer may be a 5xx, the server must not panic, and it must
//! still answer afterwards (docs/WEB.md, "Tests").

use serde_json::json;
use tamerlane_core::Rng;

use super::serve_client::Server;

const REQUESTS: usize = 10_000;
/// How long a request that may get no answer is waited for.
const SHORT: std::time::Duration = std::time::Duration::from_millis(200);

const PATHS: &[&str] = &[
    "/",
    "/api/state",
    "/api/new",
    "/api/move",
    "/api/takeback",
    "/api/navigate",
    "/api/engine/move",
    "/api/analysis/start",
    "/api/analysis/stop",
    "/api/record",
    "/api/info",
    "/assets/app.js",
    "/assets/figures.json",
    "/assets/..%2f..%2fCargo.toml",
    "/assets/",
    "//",
    "/api/",
    "/api/state/x",
    "/%00",
    "/api/record?format=",
    "/api/record?format=pgn&&=",
];
const METHODS: &[&str] = &[
    "GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "BREW",
];
const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    "e1c1d1d1c1e/rntgvkfgtnr/prpnptpgpvpkpfpepcpdpp/11/11/11/11/PPPDPCPEPFPKPVPGPTPNPR/RNTGFKVGTNR/E1C1D1D1C1E w Kk 00 0 1",
];
const WORDS: &[&str] = &[
    "tamerlane",
    "chess",
    "makruk",
    "TAMERLANE",
    "shogi",
    "",
    "seed-001",
    "default",
    "swap-when=check",
    "repetition=2",
    "move-limit=1",
    "counting=fairy-stockfish",
    "draws=automatic",
    "e2e4",
    "e4",
    "Nf3",
    "f3f4",
    "e3e4",
    "a1a1",
    "e7e8q",
    "wcbc",
    "k10a1",
    "O-O",
    "Qh4#",
    "\u{0}",
    "é",
];

fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len())]
}

/// A string mangled by a few random byte edits.
fn mangle(rng: &mut Rng, s: &str) -> String {
    let mut b = s.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let i = rng.below(b.len() + 1);
        match rng.below(3) {
            0 if i < b.len() => {
                b.remove(i);
            }
            1 => b.insert(i, rng.below(128) as u8),
            _ if i < b.len() => b[i] = rng.below(256) as u8,
            _ => {}
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// A random value for a field: a word, a number, a mangled FEN, null, a
/// list or an object.
fn value(rng: &mut Rng) -> serde_json::Value {
    match rng.below(8) {
        0 => json!(rng.below(20)),
        1 => json!(-(rng.below(5) as i64)),
        2 => {
            let fen = pick(rng, FENS);
            json!(mangle(rng, fen))
        }
        3 => json!(pick(rng, FENS)),
        4 => json!(null),
        5 => json!([pick(rng, WORDS)]),
        6 => json!({ "x": 1 }),
        _ => json!(pick(rng, WORDS)),
    }
}

fn body(rng: &mut Rng) -> String {
    let keys = [
        "game",
        "rules",
        "fen",
        "move",
        "plies",
        "ply",
        "movetime_ms",
        "level",
        "multipv",
        "text",
    ];
    match rng.below(10) {
        0 => String::new(),
        1 => mangle(rng, r#"{"game":"chess","fen":"8/8/8 w"}"#),
        2 => "x".repeat(2000 + rng.below(3000)),
        3 => format!(
            r#"{{"text":"{}"}}"#,
            mangle(rng, "[Variant \"Makruk\"]\n\n1. e4 e5 *")
        ),
        4 => "[".repeat(rng.below(300)),
        _ => {
            let mut o = serde_json::Map::new();
            for _ in 0..rng.below(4) {
                o.insert(keys[rng.below(keys.len())].to_owned(), value(rng));
            }
            // Keep engine work small: the fuzz tests validation, not search.
            if o.contains_key("movetime_ms") {
                o.insert("movetime_ms".to_owned(), json!(10 + rng.below(20)));
            }
            serde_json::Value::Object(o).to_string()
        }
    }
}

#[test]
fn ten_thousand_random_requests_get_no_5xx_and_no_panic() {
    let srv = Server::start(&[
        "--max-body-kib",
        "4",
        "--max-movetime-ms",
        "30",
        "--max-analysis-ms",
        "100",
    ]);
    let cookies = [
        srv.session(),
        srv.session(),
        String::new(),
        "tamerlane_session=zz".to_owned(),
    ];
    let mut rng = Rng::new(0x5e7e);
    let mut statuses = std::collections::BTreeMap::new();
    for i in 0..REQUESTS {
        let cookie = &cookies[rng.below(cookies.len())];
        let reply = match rng.below(20) {
            // A broken request line or header block.
            0 => {
                let head = mangle(&mut rng, "GET /api/state HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
                srv.raw_waiting(head.as_bytes(), SHORT)
            }
            // A Content-Length that lies (rarely: each waits for its timeout).
            1 if rng.below(25) == 0 => srv.raw_waiting(
                b"POST /api/move HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 99\r\n\r\n{\"move\"",
                SHORT,
            ),
            _ => {
                let method = if rng.below(4) == 0 { pick(&mut rng, METHODS) } else { "POST" };
                let mut path = pick(&mut rng, PATHS).to_owned();
                if rng.below(8) == 0 {
                    path = mangle(&mut rng, &path).replace([' ', '\r', '\n'], "");
                }
                let b = body(&mut rng);
                srv.req(method, &path, cookie, &b)
            }
        };
        assert!(
            reply.status < 500,
            "request {i}: {} {}",
            reply.status,
            reply.text()
        );
        *statuses.entry(reply.status).or_insert(0usize) += 1;
    }
    // Still answering, and the answers were not all refusals.
    let (status, state) = srv.get("/api/state", &cookies[0]);
    assert_eq!(status, 200, "{state}");
    assert!(
        statuses.get(&200).copied().unwrap_or(0) > 500,
        "{statuses:?}"
    );
    let err = srv.stop();
    assert!(!err.contains("panicked"), "{err}");
}
