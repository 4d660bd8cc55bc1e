//! The hot loops: the accumulator's row additions and the forward pass's
//! SCReLU dot product, each with a plain path and an AVX2 path chosen at
//! run time (the crate is built for x86-64-v2, docs/BENCHMARKS.md, so AVX2
//! is only used where the machine has it). The paths give bit-identical
//! results: every sum wraps (`i16` in the accumulator, `i32` in the dot
//! product), and wrapping sums do not depend on their order.

use super::arch::{HIDDEN, QA};

/// One row of `HIDDEN` int16 values (a feature's weights, an accumulator's
/// side, an output weight vector), aligned to a cache line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(C, align(64))]
pub struct Row(pub [i16; HIDDEN]);

impl Row {
    /// A row of zeros.
    pub const ZERO: Row = Row([0; HIDDEN]);
}

/// Which implementation of the loops runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// Plain Rust (vectorised by the compiler for the build's target).
    Plain,
    /// AVX2 (explicit intrinsics for the dot product, the plain loops
    /// compiled with AVX2 for the rows); only when the CPU has it.
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernel {
    /// The best kernel of this machine.
    #[inline]
    pub(crate) fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Kernel::Avx2;
        }
        Kernel::Plain
    }
}

/// `dst += sum(add) - sum(sub)`, wrapping, row by row.
#[inline(always)]
fn apply_rows_plain(dst: &mut Row, add: &[&Row], sub: &[&Row]) {
    for row in add {
        for (d, w) in dst.0.iter_mut().zip(row.0.iter()) {
            *d = d.wrapping_add(*w);
        }
    }
    for row in sub {
        for (d, w) in dst.0.iter_mut().zip(row.0.iter()) {
            *d = d.wrapping_sub(*w);
        }
    }
}

/// [`apply_rows_plain`] compiled for AVX2.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn apply_rows_avx2(dst: &mut Row, add: &[&Row], sub: &[&Row]) {
    apply_rows_plain(dst, add, sub);
}

/// `dst += sum(add) - sum(sub)` with `kernel`.
#[inline]
pub(crate) fn apply_rows(kernel: Kernel, dst: &mut Row, add: &[&Row], sub: &[&Row]) {
    match kernel {
        Kernel::Plain => apply_rows_plain(dst, add, sub),
        // SAFETY: `Kernel::Avx2` is only made when the CPU has AVX2.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => unsafe { apply_rows_avx2(dst, add, sub) },
    }
}

/// The SCReLU dot product, one element at a time: the sum over `i` of
/// `clamp(acc[i], 0, QA)^2 * w[i]`, wrapping in `i32`. With output weights
/// of at most [`MAX_OUTPUT_WEIGHT`](super::arch::MAX_OUTPUT_WEIGHT) in
/// absolute value, `clamp * w` fits an `i16`, as the AVX2 path needs.
pub(crate) fn screlu_dot_plain(acc: &Row, w: &Row) -> i32 {
    let mut sum = 0i32;
    for (&x, &w) in acc.0.iter().zip(w.0.iter()) {
        let v = i32::from(x).clamp(0, QA);
        sum = sum.wrapping_add(v.wrapping_mul(i32::from(w)).wrapping_mul(v));
    }
    sum
}

/// The SCReLU dot product with AVX2: clamp, `v * w` in 16 bits, then
/// `madd` with `v` into 32-bit lanes.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn screlu_dot_avx2(acc: &Row, w: &Row) -> i32 {
    use std::arch::x86_64::*;
    const LANES: usize = 16;
    let zero = _mm256_setzero_si256();
    let qa = _mm256_set1_epi16(QA as i16);
    let mut sum = _mm256_setzero_si256();
    for i in (0..HIDDEN).step_by(LANES) {
        // SAFETY: `i + 16 <= HIDDEN` (a multiple of 16), so both loads read
        // inside the rows; unaligned loads have no alignment requirement.
        let x = _mm256_loadu_si256(acc.0.as_ptr().add(i).cast());
        let wv = _mm256_loadu_si256(w.0.as_ptr().add(i).cast());
        let v = _mm256_min_epi16(_mm256_max_epi16(x, zero), qa);
        let vw = _mm256_mullo_epi16(v, wv);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
    }
    let mut lanes = [0i32; 8];
    _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sum);
    lanes.iter().fold(0i32, |s, &x| s.wrapping_add(x))
}

/// The SCReLU dot product with `kernel`.
#[inline]
pub(crate) fn screlu_dot(kernel: Kernel, acc: &Row, w: &Row) -> i32 {
    match kernel {
        Kernel::Plain => screlu_dot_plain(acc, w),
        // SAFETY: `Kernel::Avx2` is only made when the CPU has AVX2.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => unsafe { screlu_dot_avx2(acc, w) },
    }
}

const _: () = assert!(HIDDEN % 16 == 0, "the AVX2 loops take 16 values at a time");
