//! `tanh` of a whole layer of `f32`s, equal bit for bit to [`libm::tanhf`] of each.
//!
//! A policy network ([`crate::PolicyNet`]) takes the `tanh` of every hidden unit, 256 of
//! them per evaluation of GRANGOL's network, and a search evaluates it at every
//! decision it expands. `libm::tanhf` (musl's, from FreeBSD's `s_tanhf.c` and
//! `s_expm1f.c`) chooses between five ranges of its argument and then between six cases of
//! the reduced exponent; on the mixed signs and sizes of a layer's pre-activations those
//! branches mispredict, and the two functions were 7% of the headline run's time
//! (`mcts,greedy`).
//!
//! [`tanh_into`] computes the same operations, in the same order and in `f32`, for every
//! case at once, and keeps each lane's own case by selection: no branch depends on the
//! data, so the compiler turns the loop into vector instructions (eight lanes a vector
//! where the CPU has AVX2, [`crate::simd`]). A lane outside the
//! ranges a finite pre-activation of moderate size takes (`|x| > 10`, a subnormal, an
//! infinity or NaN) is then recomputed by `libm::tanhf` itself. Rust never fuses a
//! multiplication and an addition unasked, so every operation rounds as the scalar one
//! does: a unit test compares both on a million inputs spread over every `f32` and on every
//! input near each threshold, on both paths (AVX2 and portable), and all 2³² inputs were
//! compared once on both (docs/performance.md, "The policy network's layers").
//!
//! The operations and constants are those of FreeBSD's `s_expm1f.c` and `s_tanhf.c`,
//! whose notice follows:
//!
//! > Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//! > Developed at SunPro, a Sun Microsystems, Inc. business.
//! > Permission to use, copy, modify, and distribute this
//! > software is freely granted, provided that this notice
//! > is preserved.

/// `|x| > 10`: `tanh` is `±1` in `f32`; such lanes are left to `libm::tanhf`.
const BEYOND_TEN: u32 = 0x4120_0000;
/// `|x| > log(3) / 2`: `tanh = 1 − 2 / (expm1(2|x|) + 2)`.
const ABOVE_LOG3_HALF: u32 = 0x3f0c_9f54;
/// `|x| > log(5/3) / 2`: `tanh = t / (t + 2)` with `t = expm1(2|x|)`; below it,
/// `tanh = −t / (t + 2)` with `t = expm1(−2|x|)`.
const ABOVE_LOG53_HALF: u32 = 0x3e82_c578;
/// The smallest normal `f32`: subnormal lanes are left to `libm::tanhf`.
const SMALLEST_NORMAL: u32 = 0x0080_0000;

/// `expm1f`'s constants (FreeBSD `s_expm1f.c`), by their bits as its comments give
/// them: `ln 2` split into a high part (0.693138…, whose products with small integers
/// are exact) and a low part (9.058e-6), `1 / ln 2`, and the two coefficients of its
/// rational approximation on `[−0.5 ln 2, 0.5 ln 2]` (−0.0333332…, 0.00158071…).
const LN2_HI: f32 = f32::from_bits(0x3f31_7180);
const LN2_LO: f32 = f32::from_bits(0x3717_f7d1);
const INV_LN2: f32 = f32::from_bits(0x3fb8_aa3b);
const Q1: f32 = f32::from_bits(0xbd08_8868);
const Q2: f32 = f32::from_bits(0x3acf_3010);

/// Lanes computed together: a multiple of every vector width the build may use.
const LANES: usize = 8;

/// `dst[i] = libm::tanhf(src[i])` for every `i`, bit for bit (see the module
/// documentation). Panics if the slices differ in length.
pub(crate) fn tanh_into(src: &[f32], dst: &mut [f32]) {
    assert_eq!(src.len(), dst.len(), "tanh_into: lengths differ");
    crate::simd::dispatch!(tanh_lanes_avx2, tanh_lanes, (src, dst));
    outside_by_libm(src, dst);
}

/// Recomputes by `libm::tanhf` the lanes [`tanh_lane`] does not cover: `|x| > 10`,
/// subnormals, infinities and NaN.
fn outside_by_libm(src: &[f32], dst: &mut [f32]) {
    for (y, &x) in dst.iter_mut().zip(src) {
        let w = x.to_bits() & 0x7fff_ffff;
        if !(SMALLEST_NORMAL..=BEYOND_TEN).contains(&w) {
            *y = libm::tanhf(x);
        }
    }
}

/// [`tanh_lane`] of every element, in chunks of [`LANES`] the compiler vectorizes.
#[inline(always)]
fn tanh_lanes(src: &[f32], dst: &mut [f32]) {
    let mut chunks = src.chunks_exact(LANES);
    let mut outs = dst.chunks_exact_mut(LANES);
    for (x, y) in (&mut chunks).zip(&mut outs) {
        for (y, &x) in y.iter_mut().zip(x) {
            *y = tanh_lane(x);
        }
    }
    for (y, &x) in outs.into_remainder().iter_mut().zip(chunks.remainder()) {
        *y = tanh_lane(x);
    }
}

crate::simd::avx2_copy!(
    /// [`tanh_lanes`] compiled for AVX2: eight lanes a vector instead of four.
    fn tanh_lanes_avx2(src: &[f32], dst: &mut [f32]) = tanh_lanes
);

/// `libm::tanhf(x)` for `|x|` from the smallest normal to 10, by selection between its
/// cases (anything for other `x`, which [`tanh_into`] recomputes).
#[inline(always)]
fn tanh_lane(x: f32) -> f32 {
    let bits = x.to_bits();
    let negative = bits >> 31 != 0;
    let w = bits & 0x7fff_ffff;
    let ax = f32::from_bits(w);
    let up = w > ABOVE_LOG53_HALF;
    let t = expm1_lane(if up { 2. * ax } else { -2. * ax });
    // One division for the three cases: `1 − 2 / (t + 2)`, `t / (t + 2)` and
    // `−t / (t + 2)`, the last equal to `−(t / (t + 2))` (rounding is symmetric in sign).
    let big = w > ABOVE_LOG3_HALF;
    let d = if big { 2. } else { t } / (t + 2.);
    let tt = if big {
        1. - d
    } else if up {
        d
    } else {
        -d
    };
    if negative {
        -tt
    } else {
        tt
    }
}

/// `libm::expm1f(x)` for the arguments [`tanh_lane`] passes it (`−2 log(5/3) / 2 ≤ x ≤ 20`),
/// every case computed and the lane's own selected, in `expm1f`'s operations and order.
#[inline(always)]
fn expm1_lane(x: f32) -> f32 {
    let bits = x.to_bits();
    let negative = bits >> 31 != 0;
    let hx = bits & 0x7fff_ffff;
    // Argument reduction: x = k ln 2 + r, for |x| above 0.5 ln 2; k = ±1 below 1.5 ln 2.
    let general = hx >= 0x3f85_1592;
    let reduced = hx > 0x3eb1_7218;
    let k_general = (INV_LN2 * x + if negative { -0.5 } else { 0.5 }) as i32;
    let tk = k_general as f32;
    let (hi, lo) = if general {
        (x - tk * LN2_HI, tk * LN2_LO)
    } else if negative {
        (x + LN2_HI, -LN2_LO)
    } else {
        (x - LN2_HI, LN2_LO)
    };
    let k = if general {
        k_general
    } else if !reduced {
        0
    } else if negative {
        -1
    } else {
        1
    };
    let r = if reduced { hi - lo } else { x };
    let c = if reduced { (hi - r) - lo } else { 0. };
    // The rational approximation on the reduced argument.
    let hfx = 0.5 * r;
    let hxs = r * hfx;
    let r1 = 1. + hxs * (Q1 + hxs * Q2);
    let t = 3. - r1 * hfx;
    let e0 = hxs * ((r1 - t) / (6. - r * t));
    let at_k0 = r - (r * e0 - hxs);
    let e = r * (e0 - c) - c - hxs;
    let at_minus1 = 0.5 * (r - e) - 0.5;
    let at_plus1 = if r < -0.25 {
        -2. * (e - (r + 0.5))
    } else {
        1. + 2. * (r - e)
    };
    // 2^k and 2^-k, built from their exponent bits (garbage, unused, outside 1..=56).
    let twopk = f32::from_bits((0x7f_i32.wrapping_add(k) as u32).wrapping_shl(23));
    let uf = f32::from_bits((0x7f_i32.wrapping_sub(k) as u32).wrapping_shl(23));
    let at_small_k = (r - e + (1. - uf)) * twopk;
    let at_large_k = (r - (e + uf) + 1.) * twopk;
    if hx < 0x3300_0000 {
        // |x| < 2^-25: expm1(x) is x.
        x
    } else if k == 0 {
        at_k0
    } else if k == -1 {
        at_minus1
    } else if k == 1 {
        at_plus1
    } else if k < 23 {
        at_small_k
    } else {
        at_large_k
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `f` against `libm::tanhf`, bit for bit, over `xs` (NaNs compared by being NaN).
    fn check_with(f: fn(&[f32], &mut [f32]), xs: &[f32]) {
        let mut got = vec![0f32; xs.len()];
        f(xs, &mut got);
        for (&x, &y) in xs.iter().zip(&got) {
            let want = libm::tanhf(x);
            assert!(
                y.to_bits() == want.to_bits() || (y.is_nan() && want.is_nan()),
                "tanh({x:e}) = {y:e} ({:#x}), libm says {want:e} ({:#x})",
                y.to_bits(),
                want.to_bits()
            );
        }
    }

    /// [`tanh_into`] with the portable lanes only (the path of a CPU without AVX2).
    fn portable(src: &[f32], dst: &mut [f32]) {
        tanh_lanes(src, dst);
        outside_by_libm(src, dst);
    }

    /// Both paths: the one this CPU dispatches to, and the portable one.
    fn check(xs: &[f32]) {
        check_with(tanh_into, xs);
        check_with(portable, xs);
    }

    #[test]
    fn equals_libm_on_inputs_spread_over_every_f32() {
        // Every 4099th bit pattern (a prime stride: every exponent, many mantissas),
        // in lengths that leave every remainder of a chunk.
        let xs: Vec<f32> = (0..=u32::MAX / 4099)
            .map(|i| f32::from_bits(i * 4099))
            .collect();
        for cut in 0..LANES {
            check(&xs[cut..]);
        }
    }

    #[test]
    fn equals_libm_next_to_every_threshold() {
        let thresholds = [
            BEYOND_TEN,
            ABOVE_LOG3_HALF,
            ABOVE_LOG53_HALF,
            SMALLEST_NORMAL,
            // expm1f's, halved back to tanh's argument: 0.5 ln 2, 1.5 ln 2 and 2^-25,
            // and where its k (INV_LN2 · 2x + 0.5, truncated) goes from 22 to 23.
            0x3eb1_7218 - (1 << 23),
            0x3f85_1592 - (1 << 23),
            0x3300_0000 - (1 << 23),
            (22.5f32 / INV_LN2 / 2.0).to_bits(),
        ];
        let mut xs = Vec::new();
        for t in thresholds {
            for d in 0..=(1u32 << 14) {
                for b in [t.wrapping_add(d), t.wrapping_sub(d)] {
                    xs.push(f32::from_bits(b));
                    xs.push(-f32::from_bits(b));
                }
            }
        }
        xs.extend([
            0.0,
            -0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::MAX,
            f32::MIN,
        ]);
        check(&xs);
    }

    #[test]
    fn the_check_sees_a_last_bit_difference() {
        // A kernel one unit in the last place off in one case only (k = 1 of expm1f).
        fn off(src: &[f32], dst: &mut [f32]) {
            tanh_into(src, dst);
            for (y, &x) in dst.iter_mut().zip(src) {
                if (0.26..0.5).contains(&x) {
                    *y = f32::from_bits(y.to_bits() + 1);
                }
            }
        }
        let xs: Vec<f32> = (0..1000).map(|i| i as f32 / 500.0 - 1.0).collect();
        let caught = std::panic::catch_unwind(|| check_with(off, &xs));
        assert!(caught.is_err(), "a last-bit difference went unseen");
        check(&xs);
    }
}
