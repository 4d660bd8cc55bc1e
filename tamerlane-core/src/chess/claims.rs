//! Draw claims, which only chess has (FIDE 9.2 and 9.3): the player to move
//! may claim threefold repetition or the 50-move rule, now or with the move
//! they intend. The rules behind them are data ([`Position::end_rules`](crate::Position::end_rules));
//! the claims themselves are [`Game`] methods of chess games alone.

use super::moves::Move;
use super::position::FIFTY_MOVES;
use super::Outcome;
use super::{ClaimError, Game, PlayError};

/// The occurrences of a position that allow a claim (FIDE 9.2).
const THREEFOLD: u32 = 3;

impl Game {
    /// Whether the player to move may claim a draw by threefold repetition
    /// (FIDE 9.2): the current position has occurred three times, or will
    /// after one of its legal moves. False once the game has ended.
    pub fn can_claim_threefold(&self) -> bool {
        self.repetition_claimable(THREEFOLD)
    }

    /// Whether the player to move may claim a draw by the 50-move rule
    /// (FIDE 9.3): 50 moves by each side without a pawn move or capture are
    /// complete, or will be after one of its legal moves (that leaves the
    /// opponent a legal move). False once the game has ended.
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.clock_claimable(FIFTY_MOVES)
    }

    /// Claims a draw in the current position (FIDE 9.2.1.2, 9.3.2): by
    /// threefold repetition if the position has occurred three times, else
    /// by the 50-move rule if those moves are complete. The game then ends
    /// with that outcome.
    ///
    /// ```
    /// use tamerlane_core::chess::{ClaimError, Game, Termination};
    ///
    /// let mut game = Game::new();
    /// assert_eq!(game.claim_draw(), Err(ClaimError::NothingToClaim));
    /// for _ in 0..2 {
    ///     for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///         game.play_uci(m)?;
    ///     }
    /// }
    /// assert_eq!(game.repetition_count(), 3);
    /// let outcome = game.claim_draw().unwrap();
    /// assert_eq!(outcome.termination, Termination::ThreefoldRepetition);
    /// assert!(game.play_uci("g1f3").is_err());
    /// # Ok::<(), tamerlane_core::chess::PlayError>(())
    /// ```
    pub fn claim_draw(&mut self) -> Result<Outcome, ClaimError> {
        self.claim()
    }

    /// Claims a draw with an intended move (FIDE 9.2.1.1, 9.3.1): `m` is
    /// played in any case (9.5.2: a move written with a claim must be
    /// made); if the game then ends (by checkmate, say) that is the result;
    /// if the position reached allows the claim, the game ends drawn. The
    /// result is the outcome, or `None` when the claim was not correct and
    /// the game goes on.
    pub fn claim_draw_with_move(&mut self, m: &Move) -> Result<Option<Outcome>, PlayError> {
        self.claim_with_move(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_claims_are_the_rules_claimable_draws() {
        let rules = crate::Position::end_rules(&super::super::Position::new());
        let claims: Vec<_> = rules.claimable().map(|r| r.trigger).collect();
        assert_eq!(
            claims,
            [
                crate::DrawTrigger::Repetition(THREEFOLD),
                crate::DrawTrigger::Clock(FIFTY_MOVES)
            ]
        );
    }
}
