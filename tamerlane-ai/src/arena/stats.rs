//! A match's statistics: the [`Tally`] of results, the Elo difference
//! with its interval, and the [`Sprt`].

/// Wins, draws and losses from player A's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl Tally {
    /// Adds one game (A's points: 1, 0.5 or 0): a win above 0.75, a loss
    /// below 0.25, a draw otherwise. A match adds its games as they end
    /// (in index order when they are played one at a time) and asks its
    /// SPRT after each.
    pub fn add(&mut self, score_a: f64) {
        if score_a > 0.75 {
            self.wins += 1;
        } else if score_a < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's mean score (0 to 1).
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.wins as f64 + 0.5 * self.draws as f64) / n
    }

    /// The Elo difference and its 95% interval `(elo, low, high)`, from the
    /// mean score and its standard error over games (normal approximation;
    /// a score of 0 or 1 is clamped to half a game).
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let eps = 0.5 / n;
        let s = self.score().clamp(eps, 1.0 - eps);
        let w = self.wins as f64 / n;
        let d = self.draws as f64 / n;
        let l = self.losses as f64 / n;
        let var = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        let se = (var / n).sqrt();
        let lo = (s - 1.96 * se).clamp(eps, 1.0 - eps);
        let hi = (s + 1.96 * se).clamp(eps, 1.0 - eps);
        (elo_of(s), elo_of(lo), elo_of(hi))
    }
}

/// The Elo difference of a mean score.
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A sequential probability ratio test of H0: `elo0` against H1: `elo1`
/// (logistic Elo), with error rates `alpha` and `beta`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// The state of an SPRT.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtState {
    /// Not decided yet.
    Continue,
    /// H1 accepted: A is stronger by about `elo1`.
    AcceptH1,
    /// H0 accepted.
    AcceptH0,
}

impl SprtState {
    /// The state's name for programs: `continue`, `accept-h1` or
    /// `accept-h0` (the Python package's `sprt_state` answers these).
    pub const fn name(self) -> &'static str {
        match self {
            SprtState::Continue => "continue",
            SprtState::AcceptH1 => "accept-h1",
            SprtState::AcceptH0 => "accept-h0",
        }
    }
}

impl Sprt {
    /// The error rates of `tamerlane match --sprt`: `alpha` = `beta` = 0.05.
    pub const ERROR_RATE: f64 = 0.05;

    /// The test of H0: `elo0` against H1: `elo1` with `alpha` = `beta` =
    /// [`ERROR_RATE`](Self::ERROR_RATE), as `tamerlane match --sprt
    /// ELO0,ELO1` runs it.
    pub const fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: Sprt::ERROR_RATE,
            beta: Sprt::ERROR_RATE,
        }
    }

    /// The log-likelihood ratio of the tally (the generalised SPRT's normal
    /// approximation on the trinomial game results, as used by Fishtest).
    pub fn llr(&self, t: &Tally) -> f64 {
        let n = t.games() as f64;
        if n == 0.0
            || t.wins == 0 && t.losses == 0
            || t.wins + t.draws == 0
            || t.losses + t.draws == 0
        {
            return 0.0;
        }
        let s = t.score();
        let (w, d, l) = (t.wins as f64 / n, t.draws as f64 / n, t.losses as f64 / n);
        let var = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = score_of(self.elo0);
        let s1 = score_of(self.elo1);
        (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var / n)
    }

    /// `(lower, upper)` LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Whether the test has decided.
    pub fn state(&self, t: &Tally) -> SprtState {
        let llr = self.llr(t);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_sprt_arithmetic() {
        let t = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!((t.score() - 0.7).abs() < 1e-9);
        let (e, lo, hi) = t.elo();
        assert!((e - 147.2).abs() < 0.5, "{e}");
        assert!(lo < e && e < hi);
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        assert!(even.elo().0.abs() < 1e-9);
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = sprt.bounds();
        assert!((hi - 2.944).abs() < 0.01 && (lo + 2.944).abs() < 0.01);
        assert_eq!(sprt.state(&t), SprtState::Continue);
        let big = Tally {
            wins: 600,
            draws: 200,
            losses: 200,
        };
        assert_eq!(sprt.state(&big), SprtState::AcceptH1);
        assert!(sprt.llr(&even) < 0.0);
    }
}
