//! Time management: how long to think for a given limit.

use std::time::Duration;

/// Search limits. Several may be set; the search stops at the first reached.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum number of nodes (summed over threads; checked exactly with
    /// one thread, so fixed-node searches are deterministic).
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// White's and Black's remaining clock time.
    pub time: [Option<Duration>; 2],
    /// White's and Black's increment per move.
    pub inc: [Duration; 2],
    /// Search until stopped (overrides the clock; `depth`/`nodes` still apply).
    pub infinite: bool,
}

impl Limits {
    /// A fixed-depth limit.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// A fixed-node limit.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    /// A fixed time per move.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }
}

/// The time budget of one search: a soft limit (do not start a new
/// iteration after it) and a hard limit (abort the search).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start another iteration after this.
    pub soft: Option<Duration>,
    /// Stop searching at this point.
    pub hard: Option<Duration>,
}

/// Computes the budget for the side `us` (colour index) to move.
///
/// With a clock: the soft limit is `time / 30 + inc * 3/4`, the hard limit
/// five times that, both at most `time - 50 ms` (at least 1 ms).
pub fn budget(limits: &Limits, us: usize) -> TimeBudget {
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
    match limits.time[us] {
        None => TimeBudget {
            soft: None,
            hard: None,
        },
        Some(left) => {
            let inc = limits.inc[us];
            let cap = left
                .saturating_sub(Duration::from_millis(50))
                .max(Duration::from_millis(1));
            let soft = (left / 30 + inc * 3 / 4).min(cap);
            let hard = (soft * 5).min(cap);
            TimeBudget {
                soft: Some(soft),
                hard: Some(hard),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_is_bounded() {
        let l = Limits {
            time: [Some(Duration::from_millis(60_000)), None],
            inc: [Duration::from_millis(1000), Duration::ZERO],
            ..Limits::default()
        };
        let b = budget(&l, 0);
        assert_eq!(b.soft, Some(Duration::from_millis(2750)));
        assert_eq!(b.hard, Some(Duration::from_millis(13750)));
        let short = Limits {
            time: [Some(Duration::from_millis(30)), None],
            ..Limits::default()
        };
        assert!(budget(&short, 0).hard.unwrap() <= Duration::from_millis(30));
        assert_eq!(
            budget(&Limits::movetime(5), 1).hard,
            Some(Duration::from_millis(5))
        );
    }
}
