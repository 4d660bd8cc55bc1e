//! Observation planes kept up to date in place: a game's observation
//! buffer rewritten from one position to the next by clearing only the
//! cells set last time and rewriting only the game planes whose value
//! changed, with the same result as writing it whole.

use tamerlane_core::tamerlane::Position;

use crate::research::{
    fill_game_plane, game_plane_values, plane_count, write_piece_planes, Placement, PlaneValue,
    CELLS, GAME_PLANES, MAX_HISTORY,
};

// The indices of an observation's cells fit the record's u32s.
const _: () = assert!(plane_count(MAX_HISTORY) * CELLS <= u32::MAX as usize);

/// What the last write into one observation buffer set: the piece cells
/// and the values of the game planes. The buffer must be written by
/// [`write_all`](Self::write_all) first, and then by nothing else than this
/// record's methods.
#[derive(Clone, Default)]
pub struct PlaneUpdates {
    /// The index of every piece-plane cell set by the last write.
    set: Vec<u32>,
    /// The value of each game plane after the last write.
    values: [f32; GAME_PLANES],
}

impl PlaneUpdates {
    /// Writes the planes of `pos` into `out` whole, as
    /// [`research::write_planes`](crate::research::write_planes) does, and
    /// records what it set.
    pub fn write_all<T: PlaneValue, P: Placement>(
        &mut self,
        out: &mut [T],
        pos: &Position,
        repetitions: usize,
        history: &[Option<&P>],
    ) {
        out.fill(T::default());
        self.values = [0.0; GAME_PLANES];
        self.set.clear();
        self.write(out, pos, repetitions, history);
    }

    /// Turns `out`, holding the planes of this record's last write, into
    /// the planes of `pos` (the same values as
    /// [`write_all`](Self::write_all)): the piece cells set last time are
    /// cleared and the new ones set, and a game plane is rewritten only if
    /// its value changed.
    pub fn update<T: PlaneValue, P: Placement>(
        &mut self,
        out: &mut [T],
        pos: &Position,
        repetitions: usize,
        history: &[Option<&P>],
    ) {
        for &i in &self.set {
            out[i as usize] = T::default();
        }
        self.set.clear();
        self.write(out, pos, repetitions, history);
    }

    /// Sets the piece cells (the piece planes are 0) and the game planes
    /// whose value differs from the recorded one.
    fn write<T: PlaneValue, P: Placement>(
        &mut self,
        out: &mut [T],
        pos: &Position,
        repetitions: usize,
        history: &[Option<&P>],
    ) {
        let set = &mut self.set;
        write_piece_planes(out, pos, history, &mut |i| set.push(i as u32));
        let values = game_plane_values(pos, repetitions);
        for (k, (v, old)) in values.into_iter().zip(&mut self.values).enumerate() {
            if v != *old {
                fill_game_plane(out, k, v);
                *old = v;
            }
        }
    }
}
