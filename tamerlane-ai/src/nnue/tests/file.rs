//! The net file: written and read back unchanged; a damaged or wrong file
//! refused with the error that names what is wrong, never a panic.

use tamerlane_core::{chess, makruk, tamerlane};

use super::super::arch::{BUCKETS, HIDDEN};
use super::super::{file_game, fnv1a64, NetError, Network, NnueGame, HEADER_LEN};
use super::random_net;

fn chess_net() -> Network<chess::Position> {
    random_net(3, 200)
}

/// Puts `x` at `at` (little-endian) and, if `rehash`, a matching hash.
fn patch_u32(bytes: &mut [u8], at: usize, x: u32) {
    bytes[at..at + 4].copy_from_slice(&x.to_le_bytes());
}

fn rehash(bytes: &mut [u8]) {
    let h = fnv1a64(&bytes[HEADER_LEN..]);
    bytes[56..64].copy_from_slice(&h.to_le_bytes());
}

#[test]
fn round_trip_keeps_the_weights() {
    fn check<G: NnueGame>(net: Network<G>) {
        let bytes = net.to_bytes();
        let back = Network::<G>::from_bytes(&bytes).expect("its own file");
        assert_eq!(back.to_bytes(), bytes);
        let pos = G::start(Default::default());
        assert_eq!(back.evaluate_position(&pos), net.evaluate_position(&pos));
        assert_eq!(file_game(&bytes).unwrap(), G::VARIANT);
    }
    check(random_net::<tamerlane::Position>(1, 100));
    check(chess_net());
    check(random_net::<makruk::Position>(2, 100));
}

#[test]
fn the_header_is_as_documented() {
    let bytes = chess_net().to_bytes();
    assert_eq!(&bytes[..8], b"TMLNNUE\0");
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    // version, game (chess = 1), architecture, features, hidden, buckets,
    // QA, QB, SCALE, reserved.
    let fields: Vec<u32> = (8..48).step_by(4).map(u32_at).collect();
    assert_eq!(fields, [1, 1, 1, 768, 256, 8, 255, 64, 400, 0]);
    let payload = 2 * (768 * 256 + 256 + 8 * 2 * 256) + 4 * 8;
    assert_eq!(u32_at(48) as usize, payload);
    assert_eq!(bytes.len(), HEADER_LEN + payload);
}

#[test]
fn a_truncated_file_is_refused() {
    let bytes = chess_net().to_bytes();
    for len in [0, 7, 63, 64, 65, 1000, bytes.len() - 1] {
        match Network::<chess::Position>::from_bytes(&bytes[..len]) {
            Err(NetError::Truncated { expected, found }) => {
                assert_eq!(found, len);
                assert!(expected > len);
            }
            other => panic!("{len} bytes: {other:?}"),
        }
    }
    let mut long = bytes.clone();
    long.push(0);
    assert!(matches!(
        Network::<chess::Position>::from_bytes(&long),
        Err(NetError::TrailingBytes { .. })
    ));
}

#[test]
fn a_flipped_byte_is_caught() {
    let bytes = chess_net().to_bytes();
    // In the weights: the hash.
    for at in [HEADER_LEN, HEADER_LEN + 1234, bytes.len() - 1] {
        let mut b = bytes.clone();
        b[at] ^= 0x10;
        assert!(
            matches!(
                Network::<chess::Position>::from_bytes(&b),
                Err(NetError::HashMismatch { .. })
            ),
            "byte {at}"
        );
    }
    // In the header: each field's own error; no byte of it is unchecked.
    for at in 0..HEADER_LEN {
        let mut b = bytes.clone();
        b[at] ^= 0x01;
        let e = Network::<chess::Position>::from_bytes(&b).expect_err("damaged header");
        let expected = match at {
            0..=7 => matches!(e, NetError::BadMagic(_)),
            8..=11 => matches!(e, NetError::UnsupportedVersion { .. }),
            12..=15 => matches!(e, NetError::WrongGame { .. } | NetError::UnknownGame(_)),
            16..=19 => matches!(e, NetError::WrongArch { .. }),
            20..=55 => matches!(e, NetError::HeaderField { .. }),
            _ => matches!(e, NetError::HashMismatch { .. }),
        };
        assert!(expected, "byte {at}: {e}");
    }
}

#[test]
fn a_net_of_another_game_is_refused() {
    let bytes = chess_net().to_bytes();
    match Network::<makruk::Position>::from_bytes(&bytes) {
        Err(e @ NetError::WrongGame { .. }) => {
            assert_eq!(e.to_string(), "net for chess, not makruk");
        }
        other => panic!("{other:?}"),
    }
    // Even with the other game's number and a matching hash, Tamerlane's
    // sizes differ.
    let mut b = bytes.clone();
    patch_u32(&mut b, 12, 0);
    assert!(matches!(
        Network::<tamerlane::Position>::from_bytes(&b),
        Err(NetError::HeaderField {
            field: "features",
            expected: 5152,
            found: 768
        })
    ));
    patch_u32(&mut b, 12, 7);
    assert!(matches!(
        Network::<chess::Position>::from_bytes(&b),
        Err(NetError::UnknownGame(7))
    ));
}

#[test]
fn another_architecture_is_refused() {
    let mut b = chess_net().to_bytes();
    patch_u32(&mut b, 16, 2);
    let e = Network::<chess::Position>::from_bytes(&b).unwrap_err();
    assert!(matches!(
        e,
        NetError::WrongArch {
            expected: 1,
            found: 2
        }
    ));
    assert_eq!(e.to_string(), "net of architecture 2, this build runs 1");
}

#[test]
fn an_output_weight_out_of_range_is_refused() {
    let mut b = chess_net().to_bytes();
    // The first output weight, behind the feature weights and bias.
    let at = HEADER_LEN + 2 * (768 * HIDDEN + HIDDEN);
    b[at..at + 2].copy_from_slice(&128i16.to_le_bytes());
    rehash(&mut b);
    assert!(matches!(
        Network::<chess::Position>::from_bytes(&b),
        Err(NetError::OutputWeightRange {
            index: 0,
            value: 128
        })
    ));
    assert!(matches!(
        Network::<chess::Position>::from_parts(
            &[0; 768 * HIDDEN],
            &[0; HIDDEN],
            &[0; 3],
            &[0; BUCKETS]
        ),
        Err(NetError::PartSize {
            part: "output weights",
            found: 3,
            ..
        })
    ));
}

#[test]
fn load_and_save_by_path() {
    let dir = std::env::temp_dir().join(format!("tamerlane-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("chess.nnue");
    let net = chess_net();
    net.save(&path).unwrap();
    let back = Network::<chess::Position>::load(&path).unwrap();
    assert_eq!(back.to_bytes(), net.to_bytes());
    let missing = Network::<chess::Position>::load(dir.join("missing.nnue"));
    assert!(matches!(missing, Err(NetError::Io(_))));
    std::fs::remove_dir_all(&dir).unwrap();
}
