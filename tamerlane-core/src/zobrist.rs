//! The Zobrist keys every game of the family draws the same way: SplitMix64
//! from a seed of the game's own, at compile time, the piece keys first
//! (colour, then role, then square), then the side-to-move key, then the
//! game's own keys ([`BoardKeys::next_state`]).

/// One step of SplitMix64: the next state and its output.
pub(crate) const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// `N` keys drawn by SplitMix64 from `state`, and the state after them.
pub(crate) const fn key_table<const N: usize>(mut state: u64) -> ([u64; N], u64) {
    let mut keys = [0u64; N];
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    (keys, state)
}

/// The keys of a board: `N` piece keys (one per colour, role and square;
/// each game indexes them as `(colour * roles + role) * squares + square`)
/// and the side-to-move key.
pub(crate) struct BoardKeys<const N: usize> {
    pieces: [u64; N],
    black_to_move: u64,
    next_state: u64,
}

impl<const N: usize> BoardKeys<N> {
    /// The keys drawn from `seed`.
    pub(crate) const fn new(seed: u64) -> Self {
        let (pieces, state) = key_table::<N>(seed);
        let (next_state, black_to_move) = splitmix(state);
        BoardKeys {
            pieces,
            black_to_move,
            next_state,
        }
    }

    /// The key of the piece and square of index `index`.
    #[inline]
    pub(crate) fn piece(&self, index: usize) -> u64 {
        self.pieces[index]
    }

    /// The key toggled when Black is to move.
    #[inline]
    pub(crate) fn black_to_move(&self) -> u64 {
        self.black_to_move
    }

    /// The SplitMix64 state after these keys, from which a game draws its
    /// own (castling, en passant, the king swap...).
    pub(crate) const fn next_state(&self) -> u64 {
        self.next_state
    }
}
