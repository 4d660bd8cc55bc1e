//! The openings of a match: random legal starts, seeded.

use crate::{AnyGame, AnyRules, Rng};

/// `n` distinct openings: `plies` random legal moves from the start
/// position of `rules` (seeded), skipping any that end the game, each as
/// a game under `rules` that starts at the position reached.
pub fn random_openings(n: usize, plies: usize, seed: u64, rules: AnyRules) -> Vec<AnyGame> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<AnyGame> = Vec::new();
    let mut tries = 0;
    while out.len() < n && tries < n * 100 {
        tries += 1;
        let mut game = AnyGame::new(rules);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let _ = game.play_uci(&moves[rng.below(moves.len())]);
        }
        if game.outcome().is_some() || out.iter().any(|o| o.start_fen() == game.fen()) {
            continue;
        }
        if let Ok(opening) = AnyGame::from_fen(rules, &game.fen()) {
            out.push(opening);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_distinct_and_playable() {
        let o = random_openings(10, 4, 7, AnyRules::default());
        assert_eq!(o.len(), 10);
        for g in &o {
            assert!(!g.legal_moves().is_empty());
            assert!(g.moves().is_empty());
        }
        assert_eq!(random_openings(10, 4, 7, AnyRules::default()), o);
    }
}
