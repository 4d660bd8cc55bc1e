//! What `VectorEnv` needs of a game beyond the core [`Position`] trait and
//! the search's [`MctsGame`] (its action space and planes): the action
//! indices of the legal moves without building the moves, the move of an
//! action, the observation planes with the placements of earlier
//! positions (kept compact), and the outcome given the legal moves already
//! generated. Implemented for the three games, so that one `VectorEnv`
//! serves them (docs/PYTHON.md, "Reinforcement learning").

use std::ops::ControlFlow;

use tamerlane_ai::datagen::board_bytes::{max_piece_code, piece_of_code, DataPosition};
use tamerlane_core::{chess, makruk, tamerlane, Outcome, Position};

use crate::mcts::MctsGame;
use crate::plane_updates::PlaneUpdates;
use crate::research::{
    self, action_coord, Placement, PlaneValue, ACTION_SPACE_SIZE, CELLS, PLANES,
};
use crate::sibling_board::{plane_values, PIECE_PLANES};
use crate::sibling_game::SiblingGame;

// An action index of every game fits the u16s of a game's action list.
const _: () = assert!(ACTION_SPACE_SIZE <= 1 << 16);
const _: () = assert!(<chess::Position as SiblingGame>::ACTION_SPACE_SIZE <= 1 << 16);

/// A game that `VectorEnv` plays: the observation of a position is
/// `MctsGame::PLANE_SHAPE`'s planes (what the board's `to_planes()` gives)
/// followed by [`HISTORY_PLANES`](Self::HISTORY_PLANES) piece planes for
/// each earlier position, all seen by the side to move.
pub trait EnvGame: MctsGame {
    /// The placement of an earlier position, as the history planes need
    /// it: one byte per square, 0 for an empty one, else
    /// `1 + color * roles + role` (the engine library's piece codes,
    /// `tamerlane_ai::datagen::board_bytes`, those of the self-play data).
    type Key: Clone + Send + Sync + AsRef<[u8]>;
    /// What the last write into an observation buffer set, so that the
    /// next write changes only what differs.
    type PlaneRecord: Clone + Default + Send + Sync;

    /// The game's name, as `VectorEnv(game=...)` takes it.
    const GAME: &'static str;
    /// The squares of the board (the length of a [`Key`](Self::Key)).
    const SQUARES: usize;
    /// The piece planes of each earlier position.
    const HISTORY_PLANES: usize;

    /// The placement of this position.
    fn key(&self) -> Self::Key;
    /// A placement from its bytes (as [`Key`](Self::Key)'s `as_ref` gives
    /// them), `None` if they are no placement.
    fn key_from_bytes(bytes: &[u8]) -> Option<Self::Key>;
    /// Calls `f` with the action index of every legal move, in the order
    /// of `legal_moves`.
    fn for_each_action(&self, f: impl FnMut(usize));
    /// The legal move whose action index is `action` (one that
    /// [`for_each_action`](Self::for_each_action) gives), if any.
    fn action_move(&self, action: usize) -> Option<Self::Move>;
    /// An action index as a message shows it (its squares).
    fn action_text(&self, action: usize) -> String;
    /// Writes the planes of this position, which has occurred
    /// `repetitions` times in its game, and of the `earlier` placements
    /// (the latest first, `None` before the game's start) into `out`:
    /// whole when `whole`, else by changing what `record` says the last
    /// write into `out` set.
    fn write_obs<T: PlaneValue>(
        &self,
        record: &mut Self::PlaneRecord,
        out: &mut [T],
        repetitions: usize,
        earlier: &[Option<&Self::Key>],
        whole: bool,
    );
    /// The outcome as `Game::outcome` decides it, given whether the side
    /// to move has a legal move and the position's repetition count.
    fn outcome_with(
        &self,
        has_moves: bool,
        repetitions: usize,
    ) -> Option<Outcome<Self::Termination>> {
        debug_assert_eq!(has_moves, self.has_legal_moves());
        self.outcome_before_history().or_else(|| {
            self.end_rules()
                .automatic_draw(|| repetitions, self.halfmoves())
                .map(Outcome::draw)
        })
    }
    /// The index of a termination in the order of the game's
    /// `Termination` (as its Python class lists them).
    fn termination_code(t: Self::Termination) -> i8;
}

/// The values of one observation of a game with `history` earlier
/// positions.
pub fn obs_len<P: EnvGame>(history: usize) -> usize {
    plane_count::<P>(history) * P::PLANE_SHAPE[1] * P::PLANE_SHAPE[2]
}

/// The planes of one observation of a game with `history` earlier
/// positions.
pub fn plane_count<P: EnvGame>(history: usize) -> usize {
    P::PLANE_SHAPE[0] + P::HISTORY_PLANES * history
}

/// The placement of a Tamerlane position (112 squares).
#[derive(Clone)]
pub struct TamerlaneKey([u8; 112]);

impl AsRef<[u8]> for TamerlaneKey {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl Placement for TamerlaneKey {
    fn for_each_piece(&self, mut f: impl FnMut(tamerlane_core::Square, tamerlane_core::Piece)) {
        for (i, &code) in self.0.iter().enumerate() {
            if let Some((color, role)) = piece_of_code(code, tamerlane_core::Role::COUNT) {
                let role = tamerlane_core::Role::ALL[role];
                let sq = tamerlane_core::Square::new(i as u32).expect("index below 112");
                f(sq, tamerlane_core::Piece::new(color, role));
            }
        }
    }
}

impl EnvGame for tamerlane::Position {
    type Key = TamerlaneKey;
    type PlaneRecord = PlaneUpdates;

    const GAME: &'static str = "tamerlane";
    const SQUARES: usize = 112;
    const HISTORY_PLANES: usize = research::PIECE_PLANES;

    fn key(&self) -> TamerlaneKey {
        let mut squares = [0u8; 112];
        self.board_bytes(&mut squares);
        TamerlaneKey(squares)
    }

    fn key_from_bytes(bytes: &[u8]) -> Option<TamerlaneKey> {
        let squares: [u8; 112] = bytes.try_into().ok()?;
        let max = max_piece_code(tamerlane_core::Role::COUNT);
        squares
            .iter()
            .all(|c| *c <= max)
            .then_some(TamerlaneKey(squares))
    }

    fn for_each_action(&self, f: impl FnMut(usize)) {
        research::for_each_action(self, f);
    }

    fn action_move(&self, action: usize) -> Option<tamerlane_core::Move> {
        let c = action_coord(action, self.turn());
        self.move_for_pair(c.from, c.to)
    }

    fn action_text(&self, action: usize) -> String {
        action_coord(action, self.turn()).to_string()
    }

    fn write_obs<T: PlaneValue>(
        &self,
        record: &mut PlaneUpdates,
        out: &mut [T],
        repetitions: usize,
        earlier: &[Option<&TamerlaneKey>],
        whole: bool,
    ) {
        debug_assert_eq!(out.len() % CELLS, 0);
        debug_assert!(out.len() >= PLANES * CELLS);
        if whole {
            record.write_all(out, self, repetitions, earlier);
        } else {
            record.update(out, self, repetitions, earlier);
        }
    }

    /// The position's own ending (citadel, no legal move, royals only, the
    /// move limit), with repetition checked before the move limit, from
    /// the moves already generated (docs/RULES.md, section 6).
    fn outcome_with(&self, has_moves: bool, repetitions: usize) -> Option<Outcome> {
        let own = self.outcome_given_moves(has_moves);
        if matches!(own, Some(o) if o.termination != tamerlane_core::Termination::MoveLimit) {
            return own;
        }
        let repeated = self
            .rules()
            .repetition()
            .is_some_and(|n| repetitions >= n as usize);
        if repeated {
            return Some(Outcome::draw(tamerlane_core::Termination::Repetition));
        }
        own
    }

    fn termination_code(t: tamerlane_core::Termination) -> i8 {
        tamerlane_core::Termination::ALL
            .iter()
            .position(|x| *x == t)
            .expect("every termination is listed") as i8
    }
}

/// The placement of a position on the 8x8 board.
#[derive(Clone)]
pub struct Key64([u8; 64]);

impl AsRef<[u8]> for Key64 {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// [`EnvGame`] for a sibling game, from its [`SiblingGame`] action
/// indices and planes (those of its `Board.to_planes()` and
/// `legal_action_mask()`, docs/PYTHON.md, "Chess and Makruk").
macro_rules! sibling_env_game {
    ($game:ident, $name:literal) => {
        impl EnvGame for $game::Position {
            type Key = Key64;
            type PlaneRecord = ();

            const GAME: &'static str = $name;
            const SQUARES: usize = 64;
            const HISTORY_PLANES: usize = PIECE_PLANES;

            fn key(&self) -> Key64 {
                let mut squares = [0u8; 64];
                self.board_bytes(&mut squares);
                Key64(squares)
            }

            fn key_from_bytes(bytes: &[u8]) -> Option<Key64> {
                let squares: [u8; 64] = bytes.try_into().ok()?;
                let max = max_piece_code(<Self as DataPosition>::ROLES);
                squares.iter().all(|c| *c <= max).then_some(Key64(squares))
            }

            fn for_each_action(&self, mut f: impl FnMut(usize)) {
                let turn = self.turn();
                let _ = Position::for_each_move(self, |m| {
                    f(<Self as SiblingGame>::action_index(&m.uci(), turn));
                    ControlFlow::<()>::Continue(())
                });
            }

            fn action_move(&self, action: usize) -> Option<$game::Move> {
                let turn = self.turn();
                let mut found = None;
                let _ = Position::for_each_move(self, |m| {
                    if <Self as SiblingGame>::action_index(&m.uci(), turn) == action {
                        found = Some(m);
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                });
                found
            }

            fn action_text(&self, action: usize) -> String {
                match self.action_move(action) {
                    Some(m) => m.uci().to_string(),
                    None => {
                        let turn = self.turn();
                        let sq = |i: usize| {
                            let s = tamerlane_core::board8::Square::new_unchecked(i as u32);
                            <Self as SiblingGame>::relative(s, turn).to_string()
                        };
                        if action < 64 * 64 {
                            format!("{}{}", sq(action / 64), sq(action % 64))
                        } else {
                            "an underpromotion".to_owned()
                        }
                    }
                }
            }

            fn write_obs<T: PlaneValue>(
                &self,
                _record: &mut (),
                out: &mut [T],
                repetitions: usize,
                earlier: &[Option<&Key64>],
                _whole: bool,
            ) {
                let turn = self.turn();
                let pieces = self
                    .board()
                    .pieces()
                    .map(|(sq, p)| (sq, p.color, p.role.index()));
                let values = plane_values(self, turn, pieces, repetitions);
                let (now, before) = out.split_at_mut(values.len());
                for (o, v) in now.iter_mut().zip(values) {
                    *o = T::unit(v);
                }
                before.fill(T::default());
                let one = T::unit(1.0);
                for (k, key) in earlier.iter().enumerate() {
                    let Some(key) = key else { continue };
                    let base = k * PIECE_PLANES * 64;
                    for (i, &code) in key.0.iter().enumerate() {
                        let Some((color, role)) =
                            piece_of_code(code, <Self as DataPosition>::ROLES)
                        else {
                            continue;
                        };
                        let plane = if color == turn { role } else { 6 + role };
                        let sq = tamerlane_core::board8::Square::new_unchecked(i as u32);
                        let rel = <Self as SiblingGame>::relative(sq, turn).index();
                        before[base + plane * 64 + rel] = one;
                    }
                }
            }

            fn termination_code(t: $game::Termination) -> i8 {
                <Self as SiblingGame>::TERMINATIONS
                    .iter()
                    .position(|x| *x == t)
                    .map_or(-1, |i| i as i8)
            }
        }
    };
}

sibling_env_game!(chess, "chess");
sibling_env_game!(makruk, "makruk");
