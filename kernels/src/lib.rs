//! The numeric kernels of dilemma's transformer player (EvolvedAttention,
//! `src/ipd/strategies/defined/attention.rs`): a torch linear map, a strided
//! matrix product, LayerNorm, softmax and the exact GELU, in f32 with f64
//! accumulators where torch's results need them.
//!
//! A crate of its own so that it can be compiled optimised in debug builds
//! (`[profile.dev.package.dilemma-kernels]` in the root `Cargo.toml`): a
//! forward pass is millions of floating-point operations, 30 to 50 times
//! slower unoptimised, and the cross-check tests play thousands of them.
//! Optimisation does not change a result: Rust never reassociates or fuses
//! floating-point operations on its own.
//!
//! Modules: [`packed`] (linear maps on weights packed once at load, the
//! bulk of a forward pass) and [`vector_math`] (exp, GELU and softmax in
//! f32, vectorised); here the strided product (`matrixmultiply`, for the
//! attention scores and their weighted sum), LayerNorm and the f64 erfc.

pub mod packed;
pub mod vector_math;

pub use packed::PackedLinear;
pub use vector_math::{gelu_all, softmax};

/// `C = alpha A B + beta C` for an `m x k` matrix A and a `k x n` matrix B
/// given as (slice, row stride, column stride) and a row-major C (slice,
/// row stride). The slices are checked to hold every element addressed.
#[allow(clippy::too_many_arguments)]
pub fn gemm(
    m: usize,
    k: usize,
    n: usize,
    alpha: f32,
    a: (&[f32], usize, usize),
    b: (&[f32], usize, usize),
    beta: f32,
    c: (&mut [f32], usize),
) {
    if m == 0 || n == 0 {
        return;
    }
    let last = |rows: usize, cols: usize, rs: usize, cs: usize| {
        (rows.max(1) - 1) * rs + (cols.max(1) - 1) * cs
    };
    assert!(
        k == 0 || last(m, k, a.1, a.2) < a.0.len(),
        "gemm: A out of bounds"
    );
    assert!(
        k == 0 || last(k, n, b.1, b.2) < b.0.len(),
        "gemm: B out of bounds"
    );
    assert!(last(m, n, c.1, 1) < c.0.len(), "gemm: C out of bounds");
    // SAFETY: the assertions above show that every element the product
    // addresses (row stride x row + column stride x column, for rows and
    // columns within the shapes) lies inside its slice; C does not alias A
    // or B (a `&mut` borrow).
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            alpha,
            a.0.as_ptr(),
            a.1 as isize,
            a.2 as isize,
            b.0.as_ptr(),
            b.1 as isize,
            b.2 as isize,
            beta,
            c.0.as_mut_ptr(),
            c.1 as isize,
            1,
        );
    }
}

/// `out += other`, element by element.
pub fn add_rows(out: &mut [f32], other: &[f32]) {
    for (o, x) in out.iter_mut().zip(other) {
        *o += x;
    }
}

/// torch's LayerNorm over each row of width `h` (biased variance), with the
/// statistics accumulated in f64 over [`NORM_LANES`] lanes combined in a
/// fixed order (vectorised; the same bits on every path).
pub fn layer_norm(rows: &mut [f32], h: usize, w: &[f32], at: (usize, usize), eps: f32) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx512f") {
            // SAFETY: the CPU has AVX-512F.
            return unsafe { layer_norm_avx512(rows, h, w, at, eps) };
        }
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2.
            return unsafe { layer_norm_avx2(rows, h, w, at, eps) };
        }
    }
    layer_norm_loop(rows, h, w, at, eps)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn layer_norm_avx512(rows: &mut [f32], h: usize, w: &[f32], at: (usize, usize), eps: f32) {
    layer_norm_loop(rows, h, w, at, eps)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn layer_norm_avx2(rows: &mut [f32], h: usize, w: &[f32], at: (usize, usize), eps: f32) {
    layer_norm_loop(rows, h, w, at, eps)
}

/// Lanes of the f64 sums in [`layer_norm`].
pub const NORM_LANES: usize = 8;

/// The f64 sum of `f(value)` over a row, in NORM_LANES lanes then the
/// lanes pairwise.
#[inline(always)]
fn lane_sum(row: &[f32], f: impl Fn(f64) -> f64) -> f64 {
    let mut lanes = [0.0f64; NORM_LANES];
    let chunks = row.chunks_exact(NORM_LANES);
    let mut rest = 0.0f64;
    for &value in chunks.remainder() {
        rest += f(f64::from(value));
    }
    for chunk in chunks {
        for (lane, &value) in lanes.iter_mut().zip(chunk) {
            *lane += f(f64::from(value));
        }
    }
    let mut width = NORM_LANES;
    while width > 1 {
        width /= 2;
        for k in 0..width {
            lanes[k] += lanes[k + width];
        }
    }
    lanes[0] + rest
}

#[inline(always)]
fn layer_norm_loop(rows: &mut [f32], h: usize, w: &[f32], at: (usize, usize), eps: f32) {
    let gamma = &w[at.0..at.0 + h];
    let beta = &w[at.1..at.1 + h];
    for row in rows.chunks_exact_mut(h) {
        let mean = lane_sum(row, |v| v) / h as f64;
        let squares = lane_sum(row, |v| (v - mean) * (v - mean));
        let inverse = 1.0 / (squares / h as f64 + f64::from(eps)).sqrt();
        for ((value, g), b) in row.iter_mut().zip(gamma).zip(beta) {
            *value = ((f64::from(*value) - mean) * inverse) as f32 * g + b;
        }
    }
}

/// The complementary error function with relative error below 1.2e-7
/// everywhere (a Chebyshev fit of `erfc(z) exp(z^2)`, Numerical Recipes'
/// `erfcc`): accurate to f32 precision, in the tails too. `1 + erf(z)` is
/// `erfc(-z)`.
pub fn erfc(z: f64) -> f64 {
    let a = z.abs();
    let t = 1.0 / (1.0 + 0.5 * a);
    let poly = -1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let tail = t * (-a * a + poly).exp();
    if z >= 0.0 { tail } else { 2.0 - tail }
}
