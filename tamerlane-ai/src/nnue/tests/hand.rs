//! Features and outputs computed by hand: where single men land in each
//! view of each board, and a chess net of a few weights set by hand.

use tamerlane_core::{chess, makruk, tamerlane, Color, Position};

use super::super::arch::{BUCKETS, HIDDEN};
use super::super::{Man, Network, NnueGame};

fn man(square: u8, color: Color, role: u8) -> Man {
    Man {
        square,
        color,
        role,
    }
}

#[test]
fn features_by_hand() {
    type T = tamerlane::Position;
    // Tamerlane: 23 roles, 112 squares; the King is role 0. White's King
    // on f2 (1 * 11 + 5 = 16): own King on 16 for White; for Black the
    // opponent's (23 + 0) * 112 on the square turned, 109 - 16 = 93 (f9).
    let k = man(16, Color::White, 0);
    assert_eq!(k.feature::<T>(Color::White), 16);
    assert_eq!(k.feature::<T>(Color::Black), 23 * 112 + 93);
    // Black's King on f9 is, for Black, its own King on f2.
    assert_eq!(man(93, Color::Black, 0).feature::<T>(Color::Black), 16);
    // A pawn of pawns (role 22) in White's citadel (110) is in Black's
    // citadel (111) for Black.
    let pp = man(110, Color::White, 22);
    assert_eq!(pp.feature::<T>(Color::White), 22 * 112 + 110);
    assert_eq!(pp.feature::<T>(Color::Black), (23 + 22) * 112 + 111);
    assert_eq!(T::FEATURES, 2 * 23 * 112);

    // Chess: ranks flipped. Black's pawn (role 0) on e7 (52) is, for
    // Black, its own pawn on e2 (12); White's queen (role 4) on d1 (3) is
    // for Black the opponent's queen on d8 (59).
    type C = chess::Position;
    assert_eq!(man(52, Color::Black, 0).feature::<C>(Color::Black), 12);
    assert_eq!(
        man(52, Color::Black, 0).feature::<C>(Color::White),
        6 * 64 + 52
    );
    assert_eq!(
        man(3, Color::White, 4).feature::<C>(Color::Black),
        (6 + 4) * 64 + 59
    );

    // Makruk: the board turned. Black's Khun (role 5) on e8 (60) is, for
    // Black, its own Khun on d1 (3), where White's stands.
    type M = makruk::Position;
    assert_eq!(
        man(60, Color::Black, 5).feature::<M>(Color::Black),
        5 * 64 + 3
    );
    assert_eq!(
        man(3, Color::White, 5).feature::<M>(Color::White),
        5 * 64 + 3
    );

    // The start positions look alike from both sides.
    fn same_views<G: NnueGame>() {
        let p = G::start(Default::default());
        let mut w = p.active_features(Color::White);
        let mut b = p.active_features(Color::Black);
        w.sort_unstable();
        b.sort_unstable();
        assert_eq!(w, b, "{:?}", G::VARIANT);
    }
    same_views::<T>();
    same_views::<C>();
    same_views::<M>();
}

/// A chess net with seven weights and two biases:
///
/// - feature 5 * 64 + 4 (own King on e1) adds 100 to value 0, feature 12
///   (own pawn on e2) adds 300 to value 2, feature 28 (own pawn on e4)
///   adds -40 to value 3; the bias puts 20 in value 4;
/// - bucket 7 (32 men: (32 - 1) * 8 / 32 = 7): the side to move's weights
///   2, 1, -3 on values 0, 2, 4, the other side's 5, 7, 1 on values 0, 3,
///   4, and bias 1000;
/// - bucket 0 (2 to 4 men): no weights, bias -16320 (= -QA * QB).
fn hand_net() -> Network<chess::Position> {
    let mut ft = vec![0i16; chess::Position::FEATURES * HIDDEN];
    ft[(5 * 64 + 4) * HIDDEN] = 100;
    ft[12 * HIDDEN + 2] = 300;
    ft[28 * HIDDEN + 3] = -40;
    let mut ft_bias = [0i16; HIDDEN];
    ft_bias[4] = 20;
    let mut out = vec![0i16; BUCKETS * 2 * HIDDEN];
    let ours = 7 * 2 * HIDDEN;
    let theirs = ours + HIDDEN;
    out[ours] = 2;
    out[ours + 2] = 1;
    out[ours + 4] = -3;
    out[theirs] = 5;
    out[theirs + 3] = 7;
    out[theirs + 4] = 1;
    let mut out_bias = [0i32; BUCKETS];
    out_bias[7] = 1000;
    out_bias[0] = -16320;
    Network::from_parts(&ft, &ft_bias, &out, &out_bias).unwrap()
}

fn after(moves: &[&str]) -> chess::Position {
    let mut p = chess::Position::new();
    for m in moves {
        p.play_str(m).unwrap();
    }
    p
}

#[test]
fn a_hand_set_net_gives_the_hand_computed_outputs() {
    let net = hand_net();

    // After 1.e4, Black to move. Black's view (own King on "e1", own pawn
    // on "e2"): values 100, 0, 300 (clamped to 255), 0, 20. White's view
    // (own King e1, own pawn e4): 100, 0, 0, -40 (clamped to 0), 20.
    // Ours: 100^2 * 2 + 255^2 * 1 + 20^2 * -3 = 20000 + 65025 - 1200 = 83825.
    // Theirs: 100^2 * 5 + 0 * 7 + 20^2 * 1 = 50400. Sum 134225;
    // 134225 / 255 = 526; (526 + 1000) * 400 / 16320 = 610400 / 16320 = 37.
    assert_eq!(net.evaluate_position(&after(&["e2e4"])), 37);

    // After 1.e4 e5, White to move: both views 100, 0, 0, -40 -> 0, 20.
    // Ours: 20000 - 1200 = 18800; theirs: 50000 + 400 = 50400; sum 69200;
    // 69200 / 255 = 271; (271 + 1000) * 400 / 16320 = 508400 / 16320 = 31.
    assert_eq!(net.evaluate_position(&after(&["e2e4", "e7e5"])), 31);

    // Two kings: bucket 0, only its bias: -16320 * 400 / 16320 = -400.
    let kings =
        chess::Position::from_fen_with_rules("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Default::default())
            .unwrap();
    assert_eq!(net.evaluate_position(&kings), -400);
}
