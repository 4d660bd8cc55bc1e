//! The six Makruk piece kinds and a piece (kind and colour), with their FEN
//! letters (Fairy-Stockfish's: `k`, `m` = Met, `s` = Khon, `n`, `r`, `p`).

crate::board8::letter_roles! {
    /// A kind of Makruk piece.
    pub enum Role {
        /// Bia: one step forward, captures one step diagonally forward, becomes
        /// a Met on its sixth rank.
        Pawn => 'P', "pawn",
        /// Met: one step diagonally (also the promoted pawn).
        Met => 'M', "met",
        /// Khon: one step diagonally or one step straight forward.
        Khon => 'S', "khon",
        /// Ma: the Knight of chess.
        Knight => 'N', "knight",
        /// Ruea: the Rook of chess.
        Rook => 'R', "rook",
        /// Khun: one step in any direction.
        King => 'K', "king",
    }
}
