//! Strength levels: a weaker engine for people and for training
//! opponents, written once for the web board (`tamerlane serve`), the
//! Python `Engine.play(..., level=N)` and the AlphaZero example.
//!
//! A level is a search bounded in depth and nodes that finds a few best
//! lines, then a choice among the lines close to the best, weighted by a
//! softmax of their scores. A weak level so plays a natural move that is
//! a little worse than the best, never a random blunder: a move more than
//! `margin` centipawns below the best is never chosen.

use crate::{Limits, Rng, Score, SearchResult};

/// One strength level (see the module doc). [`LEVELS`] lists them;
/// [`Level::numbered`] picks one.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Level {
    /// Maximum depth in plies (`None`: no bound of the level's own).
    pub depth: Option<u32>,
    /// Maximum nodes (`None`: no bound of the level's own).
    pub nodes: Option<u64>,
    /// Lines searched (multipv).
    pub lines: usize,
    /// Softmax temperature in centipawns (0: always the best).
    pub temperature: f64,
    /// The most a chosen move may lose against the best, in centipawns.
    pub margin: i32,
}

/// The levels, weakest first (level 1 is `LEVELS[0]`); the last is the
/// full engine, bounded only by the caller's limits.
pub const LEVELS: [Level; 6] = [
    Level {
        depth: Some(2),
        nodes: Some(3_000),
        lines: 4,
        temperature: 70.0,
        margin: 180,
    },
    Level {
        depth: Some(3),
        nodes: Some(10_000),
        lines: 4,
        temperature: 50.0,
        margin: 120,
    },
    Level {
        depth: Some(4),
        nodes: Some(40_000),
        lines: 3,
        temperature: 30.0,
        margin: 80,
    },
    Level {
        depth: Some(6),
        nodes: Some(150_000),
        lines: 3,
        temperature: 15.0,
        margin: 40,
    },
    Level {
        depth: Some(9),
        nodes: Some(600_000),
        lines: 2,
        temperature: 6.0,
        margin: 15,
    },
    Level {
        depth: None,
        nodes: None,
        lines: 1,
        temperature: 0.0,
        margin: 0,
    },
];

impl Level {
    /// The level numbered `n`, from 1 (the weakest) to
    /// [`LEVELS`]`.len()` (the full engine); `None` outside.
    pub fn numbered(n: u32) -> Option<Level> {
        let i = usize::try_from(n).ok()?.checked_sub(1)?;
        LEVELS.get(i).copied()
    }

    /// `limits` bounded by this level: the smaller depth and node limit
    /// of the two, and the level's number of lines. A search without end
    /// ([`Limits::infinite`]) ends at the level's bounds when it has any.
    pub fn bound(&self, limits: Limits) -> Limits {
        fn least<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        let mut l = limits.multipv(self.lines);
        l.depth = least(l.depth, self.depth);
        l.nodes = least(l.nodes, self.nodes);
        l.infinite &= self.depth.is_none() && self.nodes.is_none();
        l
    }

    /// The move this level plays from a search's lines, drawn with `seed`
    /// (the same seed and lines give the same move): the first move of the
    /// line [`Level::pick`] picks. Without lines (no iteration completed),
    /// the search's best move; `None` when it has none.
    pub fn choose<M: Clone>(&self, result: &SearchResult<M>, seed: u64) -> Option<M> {
        let scores: Vec<Score> = result.lines.iter().map(|l| l.score).collect();
        self.pick(&scores, seed)
            .and_then(|k| result.lines[k].pv.first().cloned())
            .or_else(|| result.best.clone())
    }

    /// The index of the line this level plays among lines of these
    /// `scores` (best first, as a search reports them), drawn with `seed`:
    /// a line at most `margin` centipawns below the first, weighted by the
    /// softmax of the scores at the level's temperature (the first with no
    /// temperature). `None` without lines.
    pub fn pick(&self, scores: &[Score], seed: u64) -> Option<usize> {
        let top = scores.first()?.centipawns();
        let near: Vec<(usize, f64)> = scores
            .iter()
            .map(|s| s.centipawns())
            .enumerate()
            .filter(|(_, s)| top - s <= f64::from(self.margin))
            .collect();
        if self.temperature <= 0.0 || near.len() < 2 {
            return Some(0);
        }
        let weights: Vec<f64> = near
            .iter()
            .map(|(_, s)| ((s - top) / self.temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut draw = (Rng::new(seed).next_u64() as f64 / u64::MAX as f64) * total;
        for ((k, _), w) in near.iter().zip(&weights) {
            if draw < *w {
                return Some(*k);
            }
            draw -= w;
        }
        near.last().map(|(k, _)| *k)
    }
}

impl Score {
    /// The score on one scale, in centipawns: a mate far above (or below)
    /// every evaluation, a nearer mate further out (python-chess's
    /// `score(mate_score=100000)`).
    pub fn centipawns(self) -> f64 {
        match self {
            Score::Cp(c) => f64::from(c),
            Score::Mate(n) if n > 0 => 100_000.0 - f64::from(n),
            Score::Mate(n) => -100_000.0 - f64::from(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Engine, PvLine};
    use tamerlane_core::{AnyGame, Variant};

    fn line(score: Score, m: &str) -> PvLine<String> {
        PvLine {
            score,
            pv: vec![m.to_string()],
        }
    }

    fn result_of(lines: Vec<PvLine<String>>) -> SearchResult<String> {
        SearchResult {
            best: lines.first().map(|l| l.pv[0].clone()),
            score: lines.first().map_or(Score::Cp(0), |l| l.score),
            depth: 1,
            nodes: 1,
            pv: lines.first().map_or(vec![], |l| l.pv.clone()),
            lines,
            time: std::time::Duration::ZERO,
            stopped: false,
        }
    }

    #[test]
    fn numbers_run_from_one_to_the_full_engine() {
        assert_eq!(Level::numbered(1), Some(LEVELS[0]));
        assert_eq!(Level::numbered(6), Some(LEVELS[5]));
        assert_eq!(Level::numbered(0), None);
        assert_eq!(Level::numbered(7), None);
        assert_eq!(Level::numbered(u32::MAX), None);
        let full = LEVELS[LEVELS.len() - 1];
        assert_eq!((full.depth, full.nodes, full.lines), (None, None, 1));
    }

    #[test]
    fn a_level_keeps_the_smaller_bound_and_sets_its_lines() {
        let one = Level::numbered(1).unwrap();
        let l = one.bound(Limits::new().depth(10).nodes(1_000));
        assert_eq!((l.depth, l.nodes, l.multipv), (Some(2), Some(1_000), 4));
        let l = one.bound(Limits::new().depth(1));
        assert_eq!((l.depth, l.nodes), (Some(1), Some(3_000)));
        let full = Level::numbered(6).unwrap();
        let l = full.bound(Limits::new().depth(5));
        assert_eq!((l.depth, l.nodes, l.multipv), (Some(5), None, 1));
        assert!(!one.bound(Limits::new().infinite()).infinite);
        assert!(full.bound(Limits::new().infinite()).infinite);
    }

    #[test]
    fn the_choice_keeps_within_the_margin_and_follows_the_seed() {
        let r = result_of(vec![
            line(Score::Cp(50), "a"),
            line(Score::Cp(20), "b"),
            line(Score::Cp(-129), "c"),
            line(Score::Cp(-131), "d"),
        ]);
        let one = Level::numbered(1).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..300 {
            let m = one.choose(&r, seed).unwrap();
            assert_eq!(one.choose(&r, seed), Some(m.clone()), "seed {seed}");
            seen.insert(m);
        }
        // 180 centipawns below 50 is -130: "d" is never chosen, the three
        // others all are in 300 draws (c is drawn 4.5% of the time).
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), ["a", "b", "c"]);
        assert_eq!(Level::numbered(6).unwrap().choose(&r, 7), Some("a".into()));
    }

    #[test]
    fn a_mate_outranks_every_score_and_no_lines_give_the_best_move() {
        let r = result_of(vec![line(Score::Mate(3), "m"), line(Score::Cp(900), "x")]);
        for seed in 0..50 {
            assert_eq!(
                Level::numbered(1).unwrap().choose(&r, seed),
                Some("m".into())
            );
        }
        assert!(Score::Mate(2).centipawns() > Score::Mate(3).centipawns());
        assert!(Score::Mate(-3).centipawns() > Score::Mate(-2).centipawns());
        assert!(Score::Mate(-30).centipawns() < Score::Cp(-20_000).centipawns());
        let mut none = result_of(vec![]);
        assert_eq!(Level::numbered(1).unwrap().choose(&none, 1), None);
        none.best = Some("e2e4".to_string());
        assert_eq!(
            Level::numbered(1).unwrap().choose(&none, 1),
            Some("e2e4".into())
        );
    }

    #[test]
    fn a_weak_level_searches_its_lines() {
        let mut engine = Engine::builder().hash_mib(1).build();
        let game = AnyGame::new(Variant::Chess.default_rules());
        let one = Level::numbered(1).unwrap();
        let r = engine.search_any(&game, &one.bound(Limits::new()), |_| {});
        assert_eq!(r.lines.len(), 4);
        assert!(r.depth <= 2 && r.nodes <= 3_000);
        let m = one.choose(&r, 5).unwrap();
        assert!(r.lines.iter().any(|l| l.pv[0] == m));
    }
}
