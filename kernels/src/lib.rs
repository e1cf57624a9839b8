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

/// `out[..rows]` = `input[..rows] W^T + b` for a torch linear map `(W, b)`
/// at `at` (`W` is `[outs, ins]` row-major).
pub fn linear(
    input: &[f32],
    rows: usize,
    ins: usize,
    outs: usize,
    w: &[f32],
    at: (usize, usize),
    out: &mut [f32],
) {
    let (weight, bias) = at;
    let bias = &w[bias..bias + outs];
    for row in out[..rows * outs].chunks_exact_mut(outs) {
        row.copy_from_slice(bias);
    }
    if rows <= FEW_ROWS {
        // A few rows (a short match, the CLS row): dot products straight
        // from W, read once, instead of sgemm packing all of W each call.
        let weights = &w[weight..weight + outs * ins];
        let input = &input[..rows * ins];
        for (j, w_j) in weights.chunks_exact(ins).enumerate() {
            for (r, x) in input.chunks_exact(ins).enumerate() {
                out[r * outs + j] += dot(x, w_j);
            }
        }
        return;
    }
    gemm(
        rows,
        ins,
        outs,
        1.0,
        (&input[..rows * ins], ins, 1),
        (&w[weight..weight + outs * ins], 1, ins),
        1.0,
        (out, outs),
    );
}

/// Up to this many rows [`linear`] takes dot products instead of sgemm.
pub const FEW_ROWS: usize = 16;

/// The dot product of two equal-length slices, summed in 8 lanes (so the
/// compiler can use vector registers), then the lanes in a fixed order: the
/// same bits on every run and thread.
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let (a_rest, b_rest) = (a8.remainder(), b8.remainder());
    for (x, y) in a8.zip(b8) {
        for k in 0..8 {
            lanes[k] += x[k] * y[k];
        }
    }
    let mut sum = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3]))
        + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
    for (x, y) in a_rest.iter().zip(b_rest) {
        sum += x * y;
    }
    sum
}

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
/// statistics accumulated in f64.
pub fn layer_norm(rows: &mut [f32], h: usize, w: &[f32], at: (usize, usize), eps: f32) {
    let gamma = &w[at.0..at.0 + h];
    let beta = &w[at.1..at.1 + h];
    for row in rows.chunks_exact_mut(h) {
        let mut sum = 0.0f64;
        for &value in row.iter() {
            sum += f64::from(value);
        }
        let mean = sum / h as f64;
        let mut squares = 0.0f64;
        for &value in row.iter() {
            let centred = f64::from(value) - mean;
            squares += centred * centred;
        }
        let inverse = 1.0 / (squares / h as f64 + f64::from(eps)).sqrt();
        for ((value, g), b) in row.iter_mut().zip(gamma).zip(beta) {
            *value = ((f64::from(*value) - mean) * inverse) as f32 * g + b;
        }
    }
}

/// Softmax of one row in place (the maximum subtracted; the sum in f64).
pub fn softmax(row: &mut [f32]) {
    let max = row.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
    let mut sum = 0.0f64;
    for value in row.iter_mut() {
        *value = (*value - max).exp();
        sum += f64::from(*value);
    }
    let inverse = (1.0 / sum) as f32;
    for value in row.iter_mut() {
        *value *= inverse;
    }
}

/// The exact GELU of every value, in place.
pub fn gelu_all(values: &mut [f32]) {
    for value in values {
        *value = gelu(*value);
    }
}

/// The exact GELU, `x / 2 (1 + erf(x / sqrt 2))`, computed in f64.
pub fn gelu(x: f32) -> f32 {
    let x = f64::from(x);
    (0.5 * x * erfc(-x * std::f64::consts::FRAC_1_SQRT_2)) as f32
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
