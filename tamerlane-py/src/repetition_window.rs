//! The repetition count of a game played move by move, from the positions
//! since its last irreversible move: the part of `VectorEnv`'s games that
//! the repetition rule reads, for any of the three games (the core's
//! [`Position`] trait).

use tamerlane_core::Position;

/// The positions of a game since its last irreversible move
/// ([`Position::is_irreversible`]: a capture or pawn move, but for the
/// moves of a stage-1 pawn of pawns under `pawn-of-pawns=one-arrival`), or
/// since its start if it had none. No position before that move can occur
/// again (the proof is on `is_irreversible`), so the repetition count of
/// the current position, which `Game::repetition_count` takes over the
/// whole game, is its count in this window.
///
/// The window keeps the hash of each of its positions, and the first
/// position with the moves played since, from which the others are
/// replayed to compare them whole with the current one when their hash is
/// the same (a repetition, or a hash collision, which must not count).
#[derive(Clone)]
pub struct RepetitionWindow<P: Position> {
    first: P,
    moves: Vec<P::Move>,
    /// The hash of every position of the window, the first one first and
    /// the current one last.
    hashes: Vec<u64>,
}

impl<P: Position> RepetitionWindow<P> {
    /// The window of a game at `start`.
    pub fn new(start: &P) -> RepetitionWindow<P> {
        let mut w = RepetitionWindow {
            first: start.clone(),
            moves: Vec::new(),
            hashes: Vec::new(),
        };
        w.restart(start);
        w
    }

    /// Restarts the window at `pos`, the only position of the game that
    /// can recur from now on.
    pub fn restart(&mut self, pos: &P) {
        self.first.clone_from(pos);
        self.moves.clear();
        self.hashes.clear();
        self.hashes.push(pos.zobrist_hash());
    }

    /// Records `m`, just played from the window's last position to `after`;
    /// `irreversible` is [`Position::is_irreversible`] of `m` in the position
    /// it was played from.
    pub fn push(&mut self, m: &P::Move, irreversible: bool, after: &P) {
        if irreversible {
            self.restart(after);
        } else {
            self.moves.push(*m);
            self.hashes.push(after.zobrist_hash());
        }
    }

    /// How many times `current`, the window's last position, has occurred
    /// in the game (itself included).
    pub fn count(&self, current: &P) -> usize {
        let hash = current.zobrist_hash();
        // A tight scan of the hashes; the positions are compared only when
        // an earlier one has the same hash.
        if self.hashes.iter().filter(|h| **h == hash).count() == 1 {
            return 1;
        }
        let mut pos = self.first.clone();
        let mut n = usize::from(pos.same_position(current));
        for (m, h) in self.moves.iter().zip(&self.hashes[1..]) {
            pos.play_unchecked(m);
            if *h == hash && pos.same_position(current) {
                n += 1;
            }
        }
        n
    }

    /// The window's first position: the game's start, or the position
    /// after its last irreversible move.
    pub fn first(&self) -> &P {
        &self.first
    }

    /// The moves played since [`first`](Self::first), in order.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }
}
