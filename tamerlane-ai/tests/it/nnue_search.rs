//! The search with a network (docs/ENGINE.md, "Networks (NNUE)"): nets
//! loaded from files (random weights, written to a temporary directory),
//! the evaluation chosen by the configuration, a damaged file refused, and
//! searches with a net deterministic. In a debug build every evaluation
//! also checks the search's accumulator against a refresh (`NetStack`'s
//! debug assertion), so these searches test the incremental updates too.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use tamerlane_ai::nnue::{check_embedded, NetError, Nets, Network, NnueGame, HEADER_LEN};
use tamerlane_ai::{uci, Engine, EvalKind, Limits, SearchConfig, SearchPosition, Variant};
use tamerlane_core::{chess, makruk, tamerlane, Game};

/// A net of small random weights (scores of some hundreds of
/// centipawns, like a real evaluation's).
fn random_net<G: NnueGame>(seed: u64) -> Network<G> {
    Network::random(seed, 40, 5000)
}

/// A fresh temporary directory for one test.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tamerlane-nnue-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes a random net for `G` to `dir` and returns its path.
fn net_file<G: NnueGame>(dir: &std::path::Path, seed: u64) -> PathBuf {
    let path = dir.join(format!("{}-{seed}.nnue", G::VARIANT.name()));
    random_net::<G>(seed).save(&path).unwrap();
    path
}

/// An engine without the embedded nets, with `config`.
fn engine(config: SearchConfig) -> Engine {
    Engine::builder()
        .hash_mib(4)
        .config(config)
        .nets(Nets::none())
        .build()
}

/// (nodes, best move, score) of a fresh depth-`depth` search.
fn searched<P: SearchPosition>(e: &mut Engine, depth: u32) -> (u64, String, String) {
    e.new_game();
    let r = e.search(&Game::<P>::new(), &Limits::new().depth(depth), |_| {});
    (r.nodes, r.best.unwrap().to_string(), r.score.to_string())
}

fn net_search_is_deterministic_and_differs_from_the_hce<P: SearchPosition>(depth: u32) {
    let dir = temp_dir(P::VARIANT.name());
    let path = net_file::<P>(&dir, 7);
    let mut e = engine(SearchConfig::full());
    assert!(!e.uses_net::<P>());
    let without = searched::<P>(&mut e, depth);
    assert_eq!(e.set_eval_file(&path).unwrap(), P::VARIANT);
    assert!(e.uses_net::<P>() && e.net::<P>().is_some());
    let first = searched::<P>(&mut e, depth);
    let second = searched::<P>(&mut e, depth);
    assert_eq!(first, second, "the same search twice");
    // The hand-made evaluation through the configuration, net loaded.
    let mut hce = SearchConfig::full();
    hce.eval = EvalKind::Full;
    e.set_config(hce);
    assert!(!e.uses_net::<P>());
    let by_hce = searched::<P>(&mut e, depth);
    assert_eq!(by_hce, without, "`hce` is the search without a net");
    assert_ne!(first, by_hce, "the net is used");
    // The net evaluates differently from the hand-made evaluation.
    let net = e.net::<P>().unwrap();
    let start = Game::<P>::new().position().clone();
    assert_ne!(
        net.evaluate_position(&start),
        start.evaluate(
            EvalKind::Full,
            start.material(),
            tamerlane_ai::Perspective::NEUTRAL
        )
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn tamerlane_search_with_a_net() {
    net_search_is_deterministic_and_differs_from_the_hce::<tamerlane::Position>(4);
}

#[test]
fn chess_search_with_a_net() {
    net_search_is_deterministic_and_differs_from_the_hce::<chess::Position>(6);
}

#[test]
fn makruk_search_with_a_net() {
    net_search_is_deterministic_and_differs_from_the_hce::<makruk::Position>(6);
}

/// Without a net, the default configuration searches as the hand-made
/// evaluation does (the same nodes), and `material` stays material.
#[test]
fn without_a_net_the_default_is_the_hand_made_evaluation() {
    let mut hce = SearchConfig::full();
    hce.eval = EvalKind::Full;
    let a = searched::<tamerlane::Position>(&mut engine(SearchConfig::full()), 5);
    let b = searched::<tamerlane::Position>(&mut engine(hce), 5);
    assert_eq!(a, b);
    let mut material = SearchConfig::full();
    material.eval = EvalKind::Material;
    let c = searched::<tamerlane::Position>(&mut engine(material), 5);
    assert_ne!(a, c);
}

/// A search of a game the net is not for uses the hand-made evaluation.
#[test]
fn a_net_serves_only_its_own_game() {
    let dir = temp_dir("own-game");
    let mut e = engine(SearchConfig::full());
    e.set_eval_file(net_file::<chess::Position>(&dir, 3))
        .unwrap();
    assert!(e.uses_net::<chess::Position>());
    assert!(!e.uses_net::<makruk::Position>() && !e.uses_net::<tamerlane::Position>());
    let mut hce = SearchConfig::full();
    hce.eval = EvalKind::Full;
    let with = searched::<makruk::Position>(&mut e, 5);
    assert_eq!(with, searched::<makruk::Position>(&mut engine(hce), 5));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A damaged, truncated or foreign file is refused with its reason, and
/// the net in use stays.
#[test]
fn a_damaged_net_file_is_refused_and_the_net_kept() {
    let dir = temp_dir("damaged");
    let good = net_file::<chess::Position>(&dir, 5);
    let mut e = engine(SearchConfig::full());
    e.set_eval_file(&good).unwrap();
    let before = e.net::<chess::Position>().unwrap();
    let bytes = std::fs::read(&good).unwrap();

    let mut flipped = bytes.clone();
    flipped[HEADER_LEN + 100] ^= 1;
    let bad = dir.join("flipped.nnue");
    std::fs::write(&bad, &flipped).unwrap();
    let err = e.set_eval_file(&bad).unwrap_err();
    assert!(matches!(err, NetError::HashMismatch { .. }), "{err:?}");
    assert!(err.to_string().contains("net damaged"), "{err}");

    let short = dir.join("short.nnue");
    std::fs::write(&short, &bytes[..bytes.len() - 2]).unwrap();
    assert!(matches!(
        e.set_eval_file(&short),
        Err(NetError::Truncated { .. })
    ));
    let text = dir.join("text.nnue");
    std::fs::write(&text, "not a net file. ".repeat(8)).unwrap();
    assert!(matches!(e.set_eval_file(&text), Err(NetError::BadMagic(_))));
    assert!(matches!(
        e.set_eval_file(dir.join("missing.nnue")),
        Err(NetError::Io(_))
    ));
    assert!(Arc::ptr_eq(&before, &e.net::<chess::Position>().unwrap()));
    // Back to the embedded nets.
    e.use_embedded_nets();
    assert_eq!(e.nets(), &Nets::embedded());
    std::fs::remove_dir_all(dir).unwrap();
}

/// The nets shipped in `tamerlane-ai/nets/` parse, and are the default.
#[test]
fn embedded_nets_parse() {
    for v in Variant::ALL {
        let parsed = check_embedded(v);
        assert!(parsed.is_ok(), "{v}: {parsed:?}");
        assert_eq!(Nets::embedded().has(v), parsed.unwrap().is_some(), "{v}");
    }
    assert_eq!(Engine::new().nets(), &Nets::embedded());
}

/// The protocol: both options listed; a damaged file is an error line and
/// the session goes on with the net it had; `UseNNUE false` and the net
/// give different searches.
#[test]
fn protocol_eval_file_and_use_nnue() {
    let dir = temp_dir("protocol");
    let good = net_file::<tamerlane::Position>(&dir, 9);
    let mut flipped = std::fs::read(&good).unwrap();
    let last = flipped.len() - 1;
    flipped[last] ^= 0x40;
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, &flipped).unwrap();
    let buf: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
    let mut session = uci::Session::new(buf.clone());
    // Each search is waited for (`finish`), so that no command comes
    // while it runs.
    let mut send = |lines: &[&str]| {
        for l in lines {
            session.handle(l);
        }
        session.finish();
    };
    let go = ["ucinewgame", "position startpos", "go depth 4"];
    send(&[
        "uci",
        &format!("setoption name EvalFile value {}", good.display()),
    ]);
    send(&go);
    send(&[&format!("setoption name EvalFile value {}", bad.display())]);
    send(&go);
    send(&["setoption name UseNNUE value false"]);
    send(&go);
    send(&["setoption name UseNNUE value maybe", "quit"]);
    let text = String::from_utf8(buf.lock().unwrap().clone()).unwrap();
    assert!(text.contains("option name EvalFile type string"), "{text}");
    assert!(
        text.contains("option name UseNNUE type check default true"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "info string error: EvalFile {}: net damaged",
            bad.display()
        )),
        "{text}"
    );
    assert!(
        text.contains("info string error: option UseNNUE: `maybe`"),
        "{text}"
    );
    let finals: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info depth 4 "))
        .collect();
    assert_eq!(finals.len(), 3, "{text}");
    let nodes = |l: &str| {
        l.split(" nodes ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_owned()
    };
    let score = |l: &str| {
        l.split(" score ")
            .nth(1)
            .unwrap()
            .split(" nodes")
            .next()
            .unwrap()
            .to_owned()
    };
    // The damaged file changed nothing: the same net searched again.
    assert_eq!(
        (score(finals[0]), nodes(finals[0])),
        (score(finals[1]), nodes(finals[1])),
        "{text}"
    );
    assert_ne!(
        (score(finals[1]), nodes(finals[1])),
        (score(finals[2]), nodes(finals[2])),
        "{text}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
