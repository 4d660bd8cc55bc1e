//! Search limits: depth, nodes, time per move, the clocks, or none.

use std::time::Duration;

use tamerlane_core::Color;

/// Search limits. Several may be set; the search stops at the first
/// reached. With none, it searches to [`MAX_DEPTH`](crate::MAX_DEPTH) or
/// until stopped.
///
/// The fields are public to read and to change; the chainable methods
/// build a value:
///
/// ```
/// use std::time::Duration;
/// use tamerlane_ai::Limits;
///
/// let l = Limits::new().depth(8).movetime(Duration::from_millis(100));
/// assert_eq!(l.depth, Some(8));
/// assert_eq!(l.movetime, Some(Duration::from_millis(100)));
/// assert_eq!(l.nodes, None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Maximum depth in plies (0 counts as 1).
    pub depth: Option<u32>,
    /// Maximum number of nodes (summed over threads; checked exactly with
    /// one thread, so fixed-node searches are deterministic).
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// White's remaining clock time.
    pub wtime: Option<Duration>,
    /// Black's remaining clock time.
    pub btime: Option<Duration>,
    /// White's increment per move.
    pub winc: Duration,
    /// Black's increment per move.
    pub binc: Duration,
    /// Search until stopped: the clocks are ignored (`depth`, `nodes` and
    /// `movetime` still apply) and a mate found early does not end the
    /// search.
    pub infinite: bool,
    /// Moves to the next time control (`None`: the clock is for the rest
    /// of the game).
    pub movestogo: Option<u32>,
    /// The root moves to consider, as UCI text (empty: all). Texts that
    /// name no legal move are ignored; when none names one, all moves are
    /// searched.
    pub searchmoves: Vec<String>,
    /// The number of best lines to find (0 and 1 both mean one).
    pub multipv: usize,
}

impl Limits {
    /// No limit at all (add some with the methods below).
    pub fn new() -> Limits {
        Limits::default()
    }

    /// With a maximum depth in plies.
    pub fn depth(mut self, plies: u32) -> Limits {
        self.depth = Some(plies);
        self
    }

    /// With a maximum number of nodes.
    pub fn nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// With a fixed time for this move.
    pub fn movetime(mut self, time: Duration) -> Limits {
        self.movetime = Some(time);
        self
    }

    /// With White's remaining clock time.
    pub fn wtime(mut self, time: Duration) -> Limits {
        self.wtime = Some(time);
        self
    }

    /// With Black's remaining clock time.
    pub fn btime(mut self, time: Duration) -> Limits {
        self.btime = Some(time);
        self
    }

    /// With White's increment per move.
    pub fn winc(mut self, inc: Duration) -> Limits {
        self.winc = inc;
        self
    }

    /// With Black's increment per move.
    pub fn binc(mut self, inc: Duration) -> Limits {
        self.binc = inc;
        self
    }

    /// Searching until stopped (see [`infinite`](Limits#structfield.infinite)).
    pub fn infinite(mut self) -> Limits {
        self.infinite = true;
        self
    }

    /// Sets the moves to the next time control.
    pub fn movestogo(mut self, moves: u32) -> Limits {
        self.movestogo = Some(moves);
        self
    }

    /// Restricts the root to these moves (UCI text).
    pub fn searchmoves<S: Into<String>>(mut self, moves: impl IntoIterator<Item = S>) -> Limits {
        self.searchmoves = moves.into_iter().map(Into::into).collect();
        self
    }

    /// Asks for the `n` best lines.
    pub fn multipv(mut self, n: usize) -> Limits {
        self.multipv = n;
        self
    }

    /// The remaining clock time of `side` (`wtime` or `btime`).
    pub fn time_of(&self, side: Color) -> Option<Duration> {
        match side {
            Color::White => self.wtime,
            Color::Black => self.btime,
        }
    }

    /// The increment of `side` (`winc` or `binc`).
    pub fn inc_of(&self, side: Color) -> Duration {
        match side {
            Color::White => self.winc,
            Color::Black => self.binc,
        }
    }

    /// Sets the clock of `side`: its remaining time (`None`: no clock)
    /// and its increment.
    pub fn set_clock(&mut self, side: Color, time: Option<Duration>, inc: Duration) {
        match side {
            Color::White => (self.wtime, self.winc) = (time, inc),
            Color::Black => (self.btime, self.binc) = (time, inc),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_by_side() {
        let ms = Duration::from_millis;
        let mut l = Limits::new().wtime(ms(900)).binc(ms(7));
        assert_eq!(l.time_of(Color::White), Some(ms(900)));
        assert_eq!(l.time_of(Color::Black), None);
        assert_eq!(l.inc_of(Color::White), Duration::ZERO);
        assert_eq!(l.inc_of(Color::Black), ms(7));
        l.set_clock(Color::Black, Some(ms(300)), ms(5));
        l.set_clock(Color::White, None, ms(2));
        assert_eq!((l.wtime, l.winc), (None, ms(2)));
        assert_eq!((l.btime, l.binc), (Some(ms(300)), ms(5)));
        assert_eq!(Limits::new(), Limits::default());
        assert!(Limits::new().infinite().infinite);
    }
}
