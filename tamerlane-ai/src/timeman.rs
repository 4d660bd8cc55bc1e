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
/// With a clock: the soft limit is `time / 30 + inc * 3/4`, the hard limit
/// five times that, both at most `time - 50 ms` (at least 1 ms).
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
        let l = Limits::new()
            .wtime(Duration::from_millis(60_000))
            .winc(Duration::from_millis(1000));
        let b = budget(&l, Color::White);
        assert_eq!(b.soft, Some(Duration::from_millis(2750)));
        assert_eq!(b.hard, Some(Duration::from_millis(13750)));
        // Black has no clock: no budget for Black.
        assert_eq!(budget(&l, Color::Black).hard, None);
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
}
