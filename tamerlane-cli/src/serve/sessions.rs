//! Sessions: each browser (a cookie, `tamerlane_session`) has its own game
//! line, cursor, engine (its table kept between searches) and analysis.
//! The store holds at most a set number of sessions and forgets the one
//! used longest ago when a new one would pass it.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use serde_json::Value;
use tamerlane_ai::{AnyGame, Engine, Variant};
use tokio::sync::watch;

/// The cookie that names a session.
pub const COOKIE: &str = "tamerlane_session";

/// The game and engine state of one browser.
pub struct Session {
    /// The whole game line: the moves played, including those after the
    /// cursor.
    pub line: AnyGame,
    /// The cursor: how many moves of `line` the board shows.
    pub ply: usize,
    /// The engine, when made and not lent to a running search.
    pub engine: Option<Engine>,
    /// Whether a search of this session runs (its engine is lent out).
    pub busy: bool,
    /// Set to stop the running search of this session.
    pub cancel: Arc<AtomicBool>,
    /// The latest analysis report (`running: false` once it ended).
    pub analysis: Arc<watch::Sender<Value>>,
    /// The number of the last analysis started.
    pub analysis_id: u64,
}

impl Session {
    fn new() -> Session {
        Session {
            line: AnyGame::new(Variant::Tamerlane.default_rules()),
            ply: 0,
            engine: None,
            busy: false,
            cancel: Arc::new(AtomicBool::new(false)),
            analysis: Arc::new(watch::channel(serde_json::json!({ "running": false, "id": 0 })).0),
            analysis_id: 0,
        }
    }

    /// The game at the cursor (the line without the moves after it).
    pub fn current(&self) -> AnyGame {
        let mut g = self.line.clone();
        while g.moves().len() > self.ply {
            g.undo();
        }
        g
    }

    /// Drops the moves after the cursor (before a new move is played there).
    pub fn cut_at_cursor(&mut self) {
        while self.line.moves().len() > self.ply {
            self.line.undo();
        }
    }

    /// Asks the running search, if any, to stop.
    pub fn stop_search(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// A shared handle on one session.
pub type SessionRef = Arc<Mutex<Session>>;

/// Locks a session; a session whose lock was poisoned (which no handler
/// should do) is used as it is rather than failing every later request.
pub fn lock(s: &SessionRef) -> MutexGuard<'_, Session> {
    s.lock().unwrap_or_else(|e| e.into_inner())
}

/// Every session, by id.
pub struct Sessions {
    map: Mutex<HashMap<String, (SessionRef, Instant)>>,
    max: usize,
    counter: AtomicU64,
}

impl Sessions {
    /// A store of at most `max` sessions (at least 1).
    pub fn new(max: usize) -> Sessions {
        Sessions {
            map: Mutex::new(HashMap::new()),
            max: max.max(1),
            counter: AtomicU64::new(0),
        }
    }

    /// The session named `id`, or a new one with a new id (the `bool` is
    /// true when it is new).
    pub fn get_or_create(&self, id: Option<&str>) -> (String, SessionRef, bool) {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(id) = id {
            if let Some((s, used)) = map.get_mut(id) {
                *used = Instant::now();
                return (id.to_owned(), Arc::clone(s), false);
            }
        }
        while map.len() >= self.max {
            let oldest = map
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| k.clone());
            match oldest.and_then(|k| map.remove(&k)) {
                Some((s, _)) => lock(&s).stop_search(),
                None => break,
            }
        }
        let id = self.new_id();
        let s = Arc::new(Mutex::new(Session::new()));
        map.insert(id.clone(), (Arc::clone(&s), Instant::now()));
        (id, s, true)
    }

    /// Asks every running search to stop (at shutdown).
    pub fn stop_all(&self) {
        let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        for (s, _) in map.values() {
            lock(s).stop_search();
        }
    }

    /// The number of sessions held.
    pub fn count(&self) -> usize {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// An unguessable id: 128 bits from the standard library's randomly
    /// keyed hasher, the time and a counter, in hex.
    fn new_id(&self) -> String {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let half = |salt: u64| {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u64(n);
            h.write_u64(salt);
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            h.finish()
        };
        format!("{:016x}{:016x}", half(1), half(2))
    }
}

/// The session id named by a `Cookie` header, if any (only ids of 32 hex
/// digits are looked at).
pub fn cookie_id(header: &str) -> Option<&str> {
    header
        .split(';')
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v)
        .filter(|v| v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sessions_are_kept_and_the_oldest_forgotten() {
        let store = Sessions::new(2);
        let (a, _, new) = store.get_or_create(None);
        assert!(new);
        assert_eq!(a.len(), 32);
        let (a2, _, new) = store.get_or_create(Some(&a));
        assert!(!new);
        assert_eq!(a, a2);
        let (b, _, _) = store.get_or_create(Some("unknown"));
        assert_ne!(a, b);
        store.get_or_create(Some(&a));
        let (_c, _, _) = store.get_or_create(None);
        assert_eq!(store.count(), 2);
        // b was used longest ago: it is the one forgotten.
        assert!(!store.get_or_create(Some(&a)).2);
        assert!(store.get_or_create(Some(&b)).2);
    }

    #[test]
    fn cookies_name_sessions() {
        let id = "0123456789abcdef0123456789abcdef";
        assert_eq!(cookie_id(&format!("x=1; {COOKIE}={id}")), Some(id));
        assert_eq!(cookie_id(&format!("{COOKIE}=../etc")), None);
        assert_eq!(cookie_id(""), None);
    }
}
