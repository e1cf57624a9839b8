//! The element-wise functions of the forward pass in f32, written so the
//! compiler vectorises them: `exp` (for softmax and the GELU's erfc), the
//! exact GELU and softmax.
//!
//! Every function is branch-free arithmetic on one value (no libm call), so
//! a loop of them compiles to vector instructions; the loops are compiled
//! for AVX-512F, AVX2 and the baseline, picked at run time. Rust never
//! fuses or reassociates floating-point operations, so all three give the
//! same bits.
//!
//! Accuracy (tested against f64 references): `exp` within 2 ulp on
//! [-87, 88]; the GELU within 4e-7 relative to max(1, |x|) (the erfc fit of
//! Numerical Recipes has relative error 1.2e-7, the f32 evaluation adds a
//! few ulp); the logits of EvolvedAttention move by about 1e-6, against a
//! smallest decision margin of 0.03 in the axelrod records.

use std::f32::consts::{FRAC_1_SQRT_2, LOG2_E};

/// 1.5 x 2^23: adding it rounds an f32 below 2^22 in magnitude to an
/// integer held in the low mantissa bits.
const ROUNDER: f32 = 12_582_912.0;

/// e^x in f32 (x clamped to [-87.3, 88.3], so finite and normal):
/// x = n ln 2 + r with |r| <= ln 2 / 2, e^r by its Taylor polynomial of
/// degree 7, scaled by 2^n through the exponent bits.
#[inline(always)]
pub fn exp_f32(x: f32) -> f32 {
    let x = x.clamp(-87.3, 88.3);
    let shifted = x * LOG2_E + ROUNDER;
    let n = shifted - ROUNDER;
    let n_bits = (shifted.to_bits() as i32).wrapping_sub(ROUNDER.to_bits() as i32);
    // ln 2 in two parts; the high part has trailing zero bits, so n x high
    // is exact for |n| < 256.
    const LN2_HIGH: f32 = 0.693_145_75;
    const LN2_LOW: f32 = 1.428_606_8e-6;
    let r = (x - n * LN2_HIGH) - n * LN2_LOW;
    let p = 1.0
        + r * (1.0
            + r * (1.0 / 2.0
                + r * (1.0 / 6.0
                    + r * (1.0 / 24.0
                        + r * (1.0 / 120.0 + r * (1.0 / 720.0 + r * (1.0 / 5040.0)))))));
    let scale = f32::from_bits(((n_bits + 127) << 23) as u32);
    p * scale
}

/// The exact GELU, `x / 2 erfc(-x / sqrt 2)`, in f32, with Numerical
/// Recipes' `erfcc` (the fit of the f64 [`crate::erfc`]).
#[inline(always)]
pub fn gelu_f32(x: f32) -> f32 {
    let z = -x * FRAC_1_SQRT_2;
    let a = z.abs();
    let t = 1.0 / (1.0 + 0.5 * a);
    let poly = -1.265_512_2
        + t * (1.000_023_7
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_204
                                + t * (1.488_515_9 + t * (-0.822_152_25 + t * 0.170_872_77))))))));
    let tail = t * exp_f32(-a * a + poly);
    let erfc = if z >= 0.0 { tail } else { 2.0 - tail };
    0.5 * x * erfc
}

/// The GELU of every value, in place.
pub fn gelu_all(values: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx512f") {
            // SAFETY: the CPU has AVX-512F.
            return unsafe { gelu_avx512(values) };
        }
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2.
            return unsafe { gelu_avx2(values) };
        }
    }
    gelu_loop(values)
}

#[inline(always)]
fn gelu_loop(values: &mut [f32]) {
    for value in values {
        *value = gelu_f32(*value);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn gelu_avx512(values: &mut [f32]) {
    gelu_loop(values)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn gelu_avx2(values: &mut [f32]) {
    gelu_loop(values)
}

/// Lanes of the maximum and the sum in [`softmax`] (then combined in a
/// fixed order).
const LANES: usize = 16;

/// Softmax of one row in place: the maximum subtracted, e^v in f32, the
/// sum in f64 over 16 lanes combined in a fixed order.
pub fn softmax(row: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx512f") {
            // SAFETY: the CPU has AVX-512F.
            return unsafe { softmax_avx512(row) };
        }
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2.
            return unsafe { softmax_avx2(row) };
        }
    }
    softmax_loop(row)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn softmax_avx512(row: &mut [f32]) {
    softmax_loop(row)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn softmax_avx2(row: &mut [f32]) {
    softmax_loop(row)
}

#[inline(always)]
fn softmax_loop(row: &mut [f32]) {
    let mut lanes = [f32::NEG_INFINITY; LANES];
    let chunks = row.chunks_exact(LANES);
    let rest = chunks.remainder();
    for chunk in chunks {
        for (m, &v) in lanes.iter_mut().zip(chunk) {
            *m = if v > *m { v } else { *m };
        }
    }
    let max = lanes
        .iter()
        .chain(rest)
        .fold(f32::NEG_INFINITY, |m, &v| if v > m { v } else { m });
    let mut sums = [0.0f64; LANES];
    let mut chunks = row.chunks_exact_mut(LANES);
    for chunk in &mut chunks {
        for (s, v) in sums.iter_mut().zip(chunk.iter_mut()) {
            *v = exp_f32(*v - max);
            *s += f64::from(*v);
        }
    }
    let mut sum = 0.0f64;
    for value in chunks.into_remainder() {
        *value = exp_f32(*value - max);
        sum += f64::from(*value);
    }
    let mut width = LANES;
    while width > 1 {
        width /= 2;
        for k in 0..width {
            sums[k] += sums[k + width];
        }
    }
    let inverse = (1.0 / (sums[0] + sum)) as f32;
    for value in row.iter_mut() {
        *value *= inverse;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_is_within_two_ulp() {
        let mut x = -87.0f32;
        while x < 88.0 {
            let want = f64::from(x).exp();
            let got = f64::from(exp_f32(x));
            let ulp = f64::from(f32::EPSILON) * want;
            assert!(
                (got - want).abs() <= 2.0 * ulp,
                "exp({x}) = {got}, want {want}"
            );
            x += 0.013_7;
        }
        assert_eq!(exp_f32(0.0), 1.0);
        assert!(exp_f32(-1000.0) > 0.0 && exp_f32(-1000.0) < 1e-37);
    }

    #[test]
    fn the_gelu_is_the_f64_gelu() {
        let mut x = -12.0f32;
        while x < 12.0 {
            let x64 = f64::from(x);
            let want = 0.5 * x64 * crate::erfc(-x64 * std::f64::consts::FRAC_1_SQRT_2);
            let got = f64::from(gelu_f32(x));
            assert!(
                (got - want).abs() <= 4e-7 * x64.abs().max(1.0),
                "gelu({x}) = {got} vs {want}"
            );
            x += 0.003_1;
        }
        let mut all = [-3.0, -0.5, 0.0, 0.5, 3.0, 100.0, -100.0];
        let each: Vec<f32> = all.iter().map(|&v| gelu_f32(v)).collect();
        gelu_all(&mut all);
        assert_eq!(all.to_vec(), each);
        assert_eq!(all[5], 100.0);
        assert!(all[6].abs() < 1e-30);
    }

    #[test]
    fn softmax_sums_to_one_and_matches_f64() {
        for n in [1usize, 5, 16, 37, 201] {
            let mut row: Vec<f32> = (0..n).map(|k| ((k * 37) % 23) as f32 * 0.7 - 6.0).collect();
            let max = row.iter().cloned().fold(f32::MIN, f32::max);
            let e: Vec<f64> = row.iter().map(|&v| f64::from(v - max).exp()).collect();
            let total: f64 = e.iter().sum();
            let mut portable = row.clone();
            softmax(&mut row);
            softmax_loop(&mut portable);
            assert_eq!(row, portable);
            for (got, want) in row.iter().zip(&e) {
                assert!(
                    (f64::from(*got) - want / total).abs() < 1e-6,
                    "{got} {}",
                    want / total
                );
            }
        }
    }
}
