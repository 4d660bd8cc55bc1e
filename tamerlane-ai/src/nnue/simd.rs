//! The hot loops: the accumulator's row additions and the forward pass's
//! SCReLU dot product, each with a plain path and an AVX2 path of explicit
//! intrinsics chosen at run time (the crate is built for x86-64-v2,
//! docs/BENCHMARKS.md, so AVX2 is only used where the machine has it).
//! The paths give bit-identical results: every sum wraps (`i16` in the
//! accumulator, `i32` in the dot product), and wrapping sums do not depend
//! on their order.

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
    /// AVX2 (explicit intrinsics); only when the CPU has it.
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

/// `dst = base + sum(add) - sum(sub)`, wrapping, row by row, where `base`
/// is `src` or, without one, `dst` itself.
#[inline(always)]
fn apply_rows_plain(dst: &mut Row, src: Option<&Row>, add: &[&Row], sub: &[&Row]) {
    if let Some(src) = src {
        *dst = *src;
    }
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

/// The lanes [`apply_rows_avx2`] keeps in registers at a time: four AVX2
/// registers of 16 int16.
#[cfg(target_arch = "x86_64")]
const CHUNK: usize = 64;

/// [`apply_rows_plain`] with AVX2, a chunk of lanes at a time: each chunk
/// of `base` is read once, every row's chunk added to it in registers, and
/// the sum written once, instead of a pass over `dst` per row.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn apply_rows_avx2(dst: &mut Row, src: Option<&Row>, add: &[&Row], sub: &[&Row]) {
    use std::arch::x86_64::*;
    const REGS: usize = CHUNK / 16;
    let out = dst.0.as_mut_ptr();
    let base = src.map_or(out.cast_const(), |s| s.0.as_ptr());
    for c in (0..HIDDEN).step_by(CHUNK) {
        // SAFETY (every load and store below): `c + CHUNK <= HIDDEN`, so
        // lanes `c + 16 * k .. c + 16 * k + 16` lie inside each row;
        // unaligned loads and stores have no alignment requirement. A
        // chunk of `base` is read before the same chunk of `dst` is
        // written, so `base` may be `dst`.
        let mut v = [_mm256_setzero_si256(); REGS];
        for (k, r) in v.iter_mut().enumerate() {
            *r = _mm256_loadu_si256(base.add(c + 16 * k).cast());
        }
        for row in add {
            for (k, r) in v.iter_mut().enumerate() {
                let w = _mm256_loadu_si256(row.0.as_ptr().add(c + 16 * k).cast());
                *r = _mm256_add_epi16(*r, w);
            }
        }
        for row in sub {
            for (k, r) in v.iter_mut().enumerate() {
                let w = _mm256_loadu_si256(row.0.as_ptr().add(c + 16 * k).cast());
                *r = _mm256_sub_epi16(*r, w);
            }
        }
        for (k, r) in v.iter().enumerate() {
            _mm256_storeu_si256(out.add(c + 16 * k).cast(), *r);
        }
    }
}

/// `dst = base + sum(add) - sum(sub)` with `kernel`, wrapping, where
/// `base` is `src` or, without one, `dst` itself.
#[inline]
pub(crate) fn apply_rows(
    kernel: Kernel,
    dst: &mut Row,
    src: Option<&Row>,
    add: &[&Row],
    sub: &[&Row],
) {
    match kernel {
        Kernel::Plain => apply_rows_plain(dst, src, add, sub),
        // SAFETY: `Kernel::Avx2` is only made when the CPU has AVX2.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => unsafe { apply_rows_avx2(dst, src, add, sub) },
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
#[cfg(target_arch = "x86_64")]
const _: () = assert!(
    HIDDEN % CHUNK == 0,
    "the AVX2 row updates take whole chunks"
);
