//! The rules that end a game through its history and its clock, held as
//! data ([`EndRules`]): the one source that [`Game::outcome`](crate::Game::outcome)
//! and the engine's search both read (docs/RULES.md, section 6 for
//! Tamerlane; docs/CHESS.md and docs/MAKRUK.md for the siblings).

/// What a rule of the history or the clock counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DrawTrigger {
    /// The current position has occurred this many times in the game
    /// (itself included).
    Repetition(u32),
    /// The halfmove clock (plies since the last capture or pawn move, as
    /// the game counts it) has reached this value.
    Clock(u32),
}

/// One draw by the history or the clock: what triggers it and the
/// termination it ends the game with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DrawRule<T> {
    /// What triggers it.
    pub trigger: DrawTrigger,
    /// The game's termination for it.
    pub termination: T,
}

/// The most rules of each list of [`EndRules`].
const MAX_RULES: usize = 4;

/// The draws of a game by its history and its clock, as data: those that
/// end the game by themselves, in the order a game checks them after the
/// position's own ending ([`Position::outcome_before_history`](crate::Position::outcome_before_history)),
/// and those a player may claim.
///
/// ```
/// use tamerlane_core::{DrawTrigger, Position};
/// use tamerlane_core::chess;
///
/// let pos = chess::Position::new();
/// let rules = pos.end_rules();
/// let automatic: Vec<_> = rules.automatic().map(|r| r.trigger).collect();
/// assert_eq!(automatic, [DrawTrigger::Clock(150), DrawTrigger::Repetition(5)]);
/// assert_eq!(rules.clock_limit(), Some(100)); // the 50-move rule, on a claim
/// assert!(rules.has_repetition());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EndRules<T> {
    automatic: [Option<DrawRule<T>>; MAX_RULES],
    claimable: [Option<DrawRule<T>>; MAX_RULES],
}

impl<T: Copy> EndRules<T> {
    /// No draw by the history or the clock.
    pub const fn none() -> EndRules<T> {
        EndRules {
            automatic: [None; MAX_RULES],
            claimable: [None; MAX_RULES],
        }
    }

    /// Adds a draw that ends the game by itself, checked after those added
    /// before it.
    ///
    /// # Panics
    /// With more than four of them (a game's rules have fewer).
    pub const fn with_automatic(mut self, trigger: DrawTrigger, termination: T) -> EndRules<T> {
        append(&mut self.automatic, trigger, termination);
        self
    }

    /// Adds a draw that a player may claim, in the order claims are tried.
    ///
    /// # Panics
    /// With more than four of them.
    pub const fn with_claimable(mut self, trigger: DrawTrigger, termination: T) -> EndRules<T> {
        append(&mut self.claimable, trigger, termination);
        self
    }

    /// The automatic draws of a game whose rules set an optional repetition
    /// count and an optional move limit, checked in that order (Tamerlane's
    /// and Makruk's `repetition=` and `move-limit=`).
    pub const fn repetition_then_clock(
        repetition: Option<u32>,
        on_repetition: T,
        clock: Option<u32>,
        on_clock: T,
    ) -> EndRules<T> {
        let mut rules = EndRules::none();
        if let Some(n) = repetition {
            rules = rules.with_automatic(DrawTrigger::Repetition(n), on_repetition);
        }
        if let Some(n) = clock {
            rules = rules.with_automatic(DrawTrigger::Clock(n), on_clock);
        }
        rules
    }

    /// The draws that end the game by themselves, in the order a game
    /// checks them.
    pub fn automatic(&self) -> impl Iterator<Item = DrawRule<T>> + '_ {
        self.automatic.iter().map_while(|r| *r)
    }

    /// The draws a player may claim, in the order a claim tries them.
    pub fn claimable(&self) -> impl Iterator<Item = DrawRule<T>> + '_ {
        self.claimable.iter().map_while(|r| *r)
    }

    /// The first automatic draw that the position's occurrences (counted
    /// by `repetitions`, called once at most and only if a repetition rule
    /// is reached) and the halfmove clock `halfmoves` trigger.
    pub fn automatic_draw(&self, repetitions: impl FnOnce() -> usize, halfmoves: u32) -> Option<T> {
        first_triggered(self.automatic(), repetitions, halfmoves)
    }

    /// The first claimable draw that the occurrences and the clock
    /// trigger, as [`automatic_draw`](Self::automatic_draw) counts them.
    pub fn claimable_draw(&self, repetitions: impl FnOnce() -> usize, halfmoves: u32) -> Option<T> {
        first_triggered(self.claimable(), repetitions, halfmoves)
    }

    /// Whether a repetition can draw the game, automatically or on a
    /// claim (a search, which would claim, scores every repetition as a
    /// draw then).
    pub fn has_repetition(&self) -> bool {
        self.automatic()
            .chain(self.claimable())
            .any(|r| matches!(r.trigger, DrawTrigger::Repetition(_)))
    }

    /// The lowest halfmove clock at which the game is drawn or a draw may
    /// be claimed (`None`: the clock never draws).
    pub fn clock_limit(&self) -> Option<u32> {
        self.automatic()
            .chain(self.claimable())
            .filter_map(|r| match r.trigger {
                DrawTrigger::Clock(n) => Some(n),
                DrawTrigger::Repetition(_) => None,
            })
            .min()
    }
}

/// Puts a rule in the first free place of `list`.
///
/// # Panics
/// When `list` is full.
const fn append<T: Copy>(
    list: &mut [Option<DrawRule<T>>; MAX_RULES],
    trigger: DrawTrigger,
    termination: T,
) {
    let mut i = 0;
    while list[i].is_some() {
        i += 1;
    }
    list[i] = Some(DrawRule {
        trigger,
        termination,
    });
}

/// The termination of the first rule in `rules` that is triggered; the
/// occurrences are counted the first time a repetition rule asks.
fn first_triggered<T>(
    rules: impl Iterator<Item = DrawRule<T>>,
    repetitions: impl FnOnce() -> usize,
    halfmoves: u32,
) -> Option<T> {
    let mut count = Some(repetitions);
    let mut counted = 0;
    for r in rules {
        let hit = match r.trigger {
            DrawTrigger::Repetition(n) => {
                if let Some(f) = count.take() {
                    counted = f();
                }
                counted >= n as usize
            }
            DrawTrigger::Clock(n) => halfmoves >= n,
        };
        if hit {
            return Some(r.termination);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_checked_in_the_order_given() {
        let rules = EndRules::none()
            .with_automatic(DrawTrigger::Repetition(5), 'f')
            .with_automatic(DrawTrigger::Clock(100), 'c')
            .with_automatic(DrawTrigger::Repetition(3), 't');
        assert_eq!(rules.automatic_draw(|| 1, 99), None);
        assert_eq!(rules.automatic_draw(|| 3, 0), Some('t'));
        assert_eq!(rules.automatic_draw(|| 3, 100), Some('c'));
        assert_eq!(rules.automatic_draw(|| 5, 100), Some('f'));
        assert_eq!(rules.claimable_draw(|| 9, 999), None);
        assert_eq!(rules.clock_limit(), Some(100));
    }

    #[test]
    fn no_rules_never_draw() {
        let rules = EndRules::<u8>::none();
        let never = || -> usize { panic!("no repetition rule asks") };
        assert_eq!(rules.automatic_draw(never, u32::MAX), None);
        assert!(!rules.has_repetition());
        assert_eq!(rules.clock_limit(), None);
    }
}
