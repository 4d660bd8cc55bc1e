//! A small deterministic random generator (xorshift64*), for random
//! openings, self-play and sampling where a run must be reproducible from
//! its seed. Not for anything that needs statistical or cryptographic
//! quality.
//!
//! It lives in the rules crate so that the rules' tests (through
//! `tamerlane-testkit`) need no engine; `tamerlane_ai::Rng` is this type,
//! re-exported. Seeds are recorded in documents and tests: the stream of
//! each seed must never change (the unit tests pin it).

/// A seeded xorshift64* generator.
///
/// ```
/// use tamerlane_core::Rng;
///
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// Seeds the generator; every seed, 0 included, gives a usable stream.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n`; 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    fn first_three(seed: u64) -> [u64; 3] {
        let mut rng = Rng::new(seed);
        [rng.next_u64(), rng.next_u64(), rng.next_u64()]
    }

    /// The streams of a few seeds, as the generator has always given them
    /// (computed independently of this code): recorded seeds must keep
    /// reproducing their runs.
    #[test]
    fn streams_are_pinned() {
        assert_eq!(
            first_three(0),
            [
                0x47e4_ce4b_896c_dd1d,
                0xabcf_a6a8_e079_651d,
                0xb9d1_0d8f_eb73_1f57
            ]
        );
        assert_eq!(
            first_three(1),
            [
                0x0d83_b3e2_9a21_487a,
                0x54c4_4c79_f1fe_9d67,
                0xa845_f342_007a_0e78
            ]
        );
        assert_eq!(
            first_three(7),
            [
                0x671e_db9d_e9e9_afb7,
                0x67e5_3669_d5fb_6b34,
                0x974e_a030_4616_1d80
            ]
        );
        assert_eq!(
            first_three(42),
            [
                0x7c3d_3da7_30e9_fd2b,
                0xbc66_74d0_9f2b_33fc,
                0xc1cd_cc7e_2428_8d6f
            ]
        );
    }

    #[test]
    fn below_is_the_next_number_modulo_n() {
        let mut rng = Rng::new(7);
        let drawn: Vec<usize> = (0..8).map(|_| rng.below(10)).collect();
        assert_eq!(drawn, [3, 4, 6, 3, 8, 2, 8, 5]);
        // n = 0 gives 0 without drawing: the stream is unchanged.
        let (mut a, mut b) = (Rng::new(3), Rng::new(3));
        assert_eq!(a.below(0), 0);
        assert_eq!(a.next_u64(), b.next_u64());
        assert_eq!(Rng::new(9).below(1), 0);
    }

    #[test]
    fn equal_seeds_give_equal_streams_and_clones_continue_alike() {
        let mut a = Rng::new(123);
        let mut b = Rng::new(123);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut c = a.clone();
        assert_eq!(a, c);
        assert_eq!(a.next_u64(), c.next_u64());
        assert_ne!(Rng::new(1), Rng::new(2));
    }
}
