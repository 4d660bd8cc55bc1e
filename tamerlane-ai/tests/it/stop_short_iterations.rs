//! `stop` must end a search whose iterations are short (fewer than the
//! 1024 nodes between two polls of the stop flag), e.g. one that has found
//! a mate and goes on deepening under `go infinite`. Found while testing
//! the `stop` latency (see `docs/RELIABILITY.md`): the search counts nodes
//! towards its next poll in `unflushed`, and the main thread's `flush()`
//! after every iteration resets that count, so when every iteration takes
//! under 1024 nodes the flag (and the hard time limit) is never read and
//! the search runs on to the maximum depth.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tamerlane_ai::uci::Session;

/// White (573 legal moves) mates at once; each iteration is about 574 nodes.
const MATE_IN_ONE: &str =
    "GGGACCCGRGG/R9R/GGGSkKAG1GG/R9R/GGGCCCCG1GG/R9R/GGGCCCCG1GG/R9R/GGGGAAAG1GG/R9R w Kk 20 0 1";

#[test]
fn stop_ends_a_search_of_short_iterations() {
    let buf: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
    let mut s = Session::new(buf.clone());
    assert!(s.handle(&format!("position tfen {MATE_IN_ONE}")));
    assert!(s.handle("go infinite"));
    std::thread::sleep(Duration::from_millis(20));
    let t = Instant::now();
    assert!(s.handle("stop"));
    let took = t.elapsed();
    let out = String::from_utf8(buf.lock().unwrap().clone()).unwrap();
    assert!(out.contains("bestmove "), "{out}");
    // The last iteration reported must be far from the maximum depth when
    // the search was stopped 20 ms in (it reaches depth 120 in about
    // 55 ms in release, 1 s in debug, when the stop is ignored).
    let last_depth: u32 = out
        .lines()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .max()
        .unwrap_or(0);
    assert!(
        took < Duration::from_millis(50) || last_depth < 100,
        "stop took {took:?}; the search reached depth {last_depth}"
    );
    assert!(!s.handle("quit"));
}
