//! Time management: how long to think for a given limit.

use std::time::Duration;

use tamerlane_core::Color;

use crate::limits::Limits;

/// The time budget of one search: a soft limit (do not start a new
/// iteration after it) and a hard limit (abort the search).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct TimeBudget {
    /// Do not start another iteration after this.
    pub soft: Option<Duration>,
    /// Stop searching at this point.
    pub hard: Option<Duration>,
}

/// Computes the budget for the side `us` to move.
///
/// With a clock: the soft limit is `time / n + inc * 3/4`, where `n` is 30,
/// or the moves to go (plus one) when fewer, the hard limit five times
/// that, both at most the time left less a reserve (a tenth of it, at
/// least 50 ms) and at least 1 ms: a search stopped at the hard limit
/// still has time to answer on a loaded machine.
pub(crate) fn budget(limits: &Limits, us: Color) -> TimeBudget {
    if limits.infinite {
        return TimeBudget {
            soft: None,
            hard: None,
        };
    }
    if let Some(mt) = limits.movetime {
        return TimeBudget {
            soft: Some(mt),
            hard: Some(mt),
        };
    }
    match limits.time_of(us) {
        None => TimeBudget {
            soft: None,
            hard: None,
        },
        Some(left) => {
            let inc = limits.inc_of(us);
            let reserve = (left / 10).max(Duration::from_millis(50));
            let cap = left.saturating_sub(reserve).max(Duration::from_millis(1));
            let n = limits.movestogo.map_or(30, |m| m.saturating_add(1).min(30));
            let soft = (left / n + inc * 3 / 4).min(cap);
            let hard = (soft * 5).min(cap);
            TimeBudget {
                soft: Some(soft),
                hard: Some(hard),
            }
        }
    }
}

/// How much of the soft limit a clock search uses, from how settled the
/// search looks after an iteration: `best_changes` is a decaying count of
/// recent changes of the best move (each change adds 1, each iteration
/// halves it), `stable` the number of iterations since the best move last
/// changed, and `score_drop` how many centipawns the score fell since the
/// previous iteration (negative: it rose). A settled search stops early;
/// an unsettled one, or a falling score, thinks longer (up to 2.5 times,
/// never past the hard limit).
pub(crate) fn soft_scale(best_changes: f64, stable: u32, score_drop: i32) -> f64 {
    let mut scale = 1.0 + 0.5 * best_changes;
    if stable >= 4 {
        scale *= 0.6;
    } else if stable >= 2 {
        scale *= 0.8;
    }
    if score_drop > 100 {
        scale *= 1.6;
    } else if score_drop > 30 {
        scale *= 1.25;
    }
    scale.clamp(0.4, 2.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_is_bounded() {
        let l = Limits::new()
            .wtime(Duration::from_millis(60_000))
            .winc(Duration::from_millis(1000));
        let b = budget(&l, Color::White);
        assert_eq!(b.soft, Some(Duration::from_millis(2750)));
        assert_eq!(b.hard, Some(Duration::from_millis(13750)));
        // Black has no clock: no budget for Black.
        assert_eq!(budget(&l, Color::Black).hard, None);
        // Four moves to go: a fifth of the time (plus the increment part).
        let b = budget(&l.clone().movestogo(4), Color::White);
        assert_eq!(b.soft, Some(Duration::from_millis(12_750)));
        // Two seconds for one move: 1 s soft, the hard limit keeps a
        // tenth of the clock in reserve.
        let last = Limits::new().wtime(Duration::from_secs(2)).movestogo(1);
        assert_eq!(
            budget(&last, Color::White).soft,
            Some(Duration::from_secs(1))
        );
        assert_eq!(
            budget(&last, Color::White).hard,
            Some(Duration::from_millis(1800))
        );
        let short = Limits::new().wtime(Duration::from_millis(30));
        assert!(budget(&short, Color::White).hard.unwrap() <= Duration::from_millis(30));
        assert_eq!(
            budget(
                &Limits::new().movetime(Duration::from_millis(5)),
                Color::Black
            )
            .hard,
            Some(Duration::from_millis(5))
        );
    }

    #[test]
    fn settled_searches_stop_early_and_unsettled_ones_think_longer() {
        assert_eq!(soft_scale(0.0, 1, 0), 1.0);
        assert!(soft_scale(0.0, 5, 0) < 1.0);
        assert!(soft_scale(1.5, 0, 0) > 1.5);
        assert!(soft_scale(0.0, 1, 150) > soft_scale(0.0, 1, 50));
        assert!(soft_scale(0.0, 1, 50) > 1.0);
        assert_eq!(soft_scale(9.0, 0, 500), 2.5, "capped");
        assert_eq!(soft_scale(0.0, 9, -500), 0.6);
    }
}
