//! Writes a network of random weights for a game, to measure the search's
//! speed with a net (docs/ENGINE.md, "Networks (NNUE)", "Speed") before a
//! trained one exists:
//!
//! ```sh
//! cargo run --release -p tamerlane-ai --example nnue_random -- chess /tmp/chess.nnue [SEED]
//! tamerlane analyze --game chess --depth 10 --eval-file /tmp/chess.nnue
//! ```
//!
//! The weights are drawn small (`Network::random(seed, 40, 5000)`, as the
//! integration tests' random nets), so that scores are of some hundreds of
//! centipawns like a real evaluation's: feature weights in `[-40, 40]`,
//! the first layer's bias in `[0, 120]`, the output weights over their
//! whole range, the output bias in `[-5000, 5000]`.

use tamerlane_ai::nnue::{Network, NnueGame};
use tamerlane_ai::Variant;
use tamerlane_core::{chess, makruk, tamerlane};

/// The bytes of a random net for `G` (scores of some hundreds of
/// centipawns, like a real evaluation's).
fn random_net<G: NnueGame>(seed: u64) -> Vec<u8> {
    Network::<G>::random(seed, 40, 5000).to_bytes()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(path)) = (args.first(), args.get(1)) else {
        eprintln!("usage: nnue_random tamerlane|chess|makruk PATH [SEED]");
        std::process::exit(2);
    };
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let bytes = match game.parse::<Variant>() {
        Ok(Variant::Tamerlane) => random_net::<tamerlane::Position>(seed),
        Ok(Variant::Chess) => random_net::<chess::Position>(seed),
        Ok(Variant::Makruk) => random_net::<makruk::Position>(seed),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = std::fs::write(path, bytes) {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    }
}
