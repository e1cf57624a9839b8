//! A torch linear map whose weight is packed once, at load, into column
//! panels for a register-blocked matrix product: the product then streams
//! the weights exactly once per call and never re-packs them (re-packing
//! the 51 MB of EvolvedAttention's weights on every product through
//! `matrixmultiply` took a quarter of a forward pass).
//!
//! Layout: the `outs` output columns are cut into panels of [`PANEL`]
//! columns (the last one padded with zeros); panel `p` holds, for each input
//! index `k` in order, the `PANEL` weights `W[p PANEL + c, k]`, contiguous
//! and aligned to 64 bytes. A tile of up to [`ROWS`] input rows times one
//! panel is accumulated in registers over `k` (from zero, in increasing
//! `k`), then added to the output, which holds the bias.
//!
//! Kernels, picked at run time: AVX-512F (16 accumulators of 16 lanes, fused
//! multiply-add) where the CPU has it, else the portable loop compiled for
//! AVX2 (where present) or the baseline instruction set, with separate
//! multiply and add. Each is deterministic (the same bits on every run and
//! thread); the two can differ in the last bits of a sum.

/// Output columns per panel: two 16-lane vectors.
pub const PANEL: usize = 32;
/// Input rows per register tile.
pub const ROWS: usize = 12;
/// Input indices per pass over a panel (a block of a panel, 32 KB, stays
/// in the level-1 cache while the row tiles pass over it).
pub const DEPTH: usize = 256;

/// A linear map `y = x W^T + b` with `W` (`[outs, ins]`, row-major, as
/// torch stores it) packed into panels.
#[derive(Clone, Debug, PartialEq)]
pub struct PackedLinear {
    ins: usize,
    outs: usize,
    /// The panels, from `start` (64-byte aligned) on.
    data: Vec<f32>,
    start: usize,
    bias: Vec<f32>,
}

impl PackedLinear {
    /// Packs the torch linear map `(W, b)` whose weight starts at `at.0` and
    /// bias at `at.1` in `w`.
    pub fn new(w: &[f32], at: (usize, usize), ins: usize, outs: usize) -> PackedLinear {
        let panels = outs.div_ceil(PANEL);
        let len = panels * PANEL * ins;
        // 15 spare floats so the panels can start on a 64-byte boundary.
        let mut data = vec![0.0f32; len + 15];
        let misalign = (data.as_ptr() as usize % 64) / 4;
        let start = (16 - misalign) % 16;
        let weight = &w[at.0..at.0 + outs * ins];
        for (j, row) in weight.chunks_exact(ins.max(1)).enumerate().take(outs) {
            let (panel, column) = (j / PANEL, j % PANEL);
            let base = start + panel * PANEL * ins + column;
            for (k, &value) in row.iter().enumerate() {
                data[base + k * PANEL] = value;
            }
        }
        PackedLinear {
            ins,
            outs,
            data,
            start,
            bias: w[at.1..at.1 + outs].to_vec(),
        }
    }

    /// Input width.
    pub fn ins(&self) -> usize {
        self.ins
    }

    /// Output width.
    pub fn outs(&self) -> usize {
        self.outs
    }

    fn panels(&self) -> &[f32] {
        &self.data[self.start..]
    }

    /// `out[..rows]` = `input[..rows] W^T + b` (row-major, widths `ins` and
    /// `outs`).
    pub fn apply(&self, input: &[f32], rows: usize, out: &mut [f32]) {
        let (ins, outs) = (self.ins, self.outs);
        assert!(input.len() >= rows * ins, "packed linear: input too short");
        assert!(out.len() >= rows * outs, "packed linear: output too short");
        for row in out[..rows * outs].chunks_exact_mut(outs.max(1)) {
            row.copy_from_slice(&self.bias);
        }
        if rows == 0 || outs == 0 {
            return;
        }
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx512f") {
                // SAFETY: the CPU has AVX-512F; the bounds are asserted
                // above and in `each_tile`.
                unsafe { self.apply_avx512(input, rows, out) };
                return;
            }
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2.
                unsafe { self.apply_avx2(input, rows, out) };
                return;
            }
        }
        self.each_tile(input, rows, out, portable_tile);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn apply_avx2(&self, input: &[f32], rows: usize, out: &mut [f32]) {
        self.each_tile(input, rows, out, portable_tile);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    unsafe fn apply_avx512(&self, input: &[f32], rows: usize, out: &mut [f32]) {
        self.each_tile(input, rows, out, |tile| {
            // SAFETY: the caller checked the CPU; `Tile` is in bounds.
            unsafe { avx512::tile(tile) }
        });
    }

    /// Calls `kernel` on every (panel, block of up to ROWS rows), panels
    /// outermost (each panel is read from memory once, then from cache).
    #[inline(always)]
    fn each_tile(&self, input: &[f32], rows: usize, out: &mut [f32], kernel: impl Fn(Tile)) {
        let (ins, outs) = (self.ins, self.outs);
        let panels = self.panels();
        for panel in 0..outs.div_ceil(PANEL) {
            let first = panel * PANEL;
            let columns = PANEL.min(outs - first);
            let b = &panels[panel * PANEL * ins..(panel + 1) * PANEL * ins];
            let mut k0 = 0;
            while k0 < ins {
                let depth = DEPTH.min(ins - k0);
                let b = &b[k0 * PANEL..(k0 + depth) * PANEL];
                let mut row = 0;
                while row < rows {
                    let count = ROWS.min(rows - row);
                    let a = &input[row * ins + k0..(row + count - 1) * ins + k0 + depth];
                    let c =
                        &mut out[row * outs + first..(row + count - 1) * outs + first + columns];
                    kernel(Tile {
                        a,
                        b,
                        c,
                        ins,
                        depth,
                        outs,
                        rows: count,
                        columns,
                    });
                    row += count;
                }
                k0 += depth;
            }
        }
    }
}

/// One register tile: `rows` rows of `a` (stride `ins`) times the panel `b`
/// (`ins x PANEL`), added to the first `columns` columns of `rows` rows of
/// `c` (stride `outs`).
pub struct Tile<'a> {
    a: &'a [f32],
    b: &'a [f32],
    c: &'a mut [f32],
    ins: usize,
    depth: usize,
    outs: usize,
    rows: usize,
    columns: usize,
}

/// The portable tile: per row, PANEL sums over `k` in increasing order.
#[inline(always)]
fn portable_tile(tile: Tile) {
    let Tile {
        a,
        b,
        c,
        ins,
        outs,
        rows,
        columns,
        ..
    } = tile;
    let mut acc = [[0.0f32; PANEL]; ROWS];
    for (k, b_k) in b.chunks_exact(PANEL).enumerate() {
        for (r, acc_r) in acc.iter_mut().enumerate().take(rows) {
            let x = a[r * ins + k];
            for (s, w) in acc_r.iter_mut().zip(b_k) {
                *s += x * w;
            }
        }
    }
    for (r, acc_r) in acc.iter().enumerate().take(rows) {
        for (o, s) in c[r * outs..r * outs + columns].iter_mut().zip(acc_r) {
            *o += s;
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::{PANEL, ROWS, Tile};
    use std::arch::x86_64::*;

    /// The AVX-512F tile, for 1 to ROWS rows.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn tile(t: Tile) {
        debug_assert!(t.b.len() == t.depth * PANEL && t.a.len() >= (t.rows - 1) * t.ins + t.depth);
        // SAFETY (each arm): `a` holds `rows` rows of `ins`, `b` holds
        // `ins` rows of PANEL, `c` spans `rows - 1` strides plus `columns`.
        unsafe {
            match t.rows {
                1 => rows::<1>(t),
                2 => rows::<2>(t),
                3 => rows::<3>(t),
                4 => rows::<4>(t),
                5 => rows::<5>(t),
                6 => rows::<6>(t),
                7 => rows::<7>(t),
                8 => rows::<8>(t),
                9 => rows::<9>(t),
                10 => rows::<10>(t),
                11 => rows::<11>(t),
                _ => rows::<ROWS>(t),
            }
        }
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    unsafe fn rows<const M: usize>(t: Tile) {
        let (a, b) = (t.a.as_ptr(), t.b.as_ptr());
        let mut low = [_mm512_setzero_ps(); M];
        let mut high = [_mm512_setzero_ps(); M];
        // SAFETY: every address read is within `a` (row r < M = rows, k <
        // ins) or `b` (k < ins, 32 floats a row); `c` likewise below.
        unsafe {
            for k in 0..t.depth {
                let b0 = _mm512_loadu_ps(b.add(k * PANEL));
                let b1 = _mm512_loadu_ps(b.add(k * PANEL + 16));
                for r in 0..M {
                    let x = _mm512_set1_ps(*a.add(r * t.ins + k));
                    low[r] = _mm512_fmadd_ps(x, b0, low[r]);
                    high[r] = _mm512_fmadd_ps(x, b1, high[r]);
                }
            }
            let c = t.c.as_mut_ptr();
            if t.columns == PANEL {
                for r in 0..M {
                    let o = c.add(r * t.outs);
                    _mm512_storeu_ps(o, _mm512_add_ps(_mm512_loadu_ps(o), low[r]));
                    let o = o.add(16);
                    _mm512_storeu_ps(o, _mm512_add_ps(_mm512_loadu_ps(o), high[r]));
                }
            } else {
                let mask = |n: usize| -> __mmask16 { ((1u32 << n.min(16)) - 1) as __mmask16 };
                let (m0, m1) = (mask(t.columns), mask(t.columns.saturating_sub(16)));
                for r in 0..M {
                    let o = c.add(r * t.outs);
                    let sum = _mm512_add_ps(_mm512_maskz_loadu_ps(m0, o), low[r]);
                    _mm512_mask_storeu_ps(o, m0, sum);
                    // Past the slice when columns <= 16, but then m1 is 0
                    // and nothing is read or written there.
                    let o = o.wrapping_add(16);
                    let sum = _mm512_add_ps(_mm512_maskz_loadu_ps(m1, o), high[r]);
                    _mm512_mask_storeu_ps(o, m1, sum);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(k: usize) -> f32 {
        ((k * 7919) % 1000) as f32 / 500.0 - 1.0
    }

    /// Every shape edge (rows below, at and above ROWS; outs below, at and
    /// above a panel) against a plain f64 product.
    #[test]
    fn the_packed_product_is_the_linear_map() {
        for (ins, outs) in [(37, 11), (16, 32), (40, 70), (3, 1)] {
            let w: Vec<f32> = (0..outs * ins + outs).map(value).collect();
            let packed = PackedLinear::new(&w, (0, outs * ins), ins, outs);
            for rows in [1, 3, ROWS, ROWS + 1, 2 * ROWS + 5] {
                let input: Vec<f32> = (0..rows * ins).map(|k| value(k + 13)).collect();
                let mut out = vec![f32::NAN; rows * outs + 3];
                packed.apply(&input, rows, &mut out);
                for r in 0..rows {
                    for j in 0..outs {
                        let want = f64::from(w[outs * ins + j])
                            + (0..ins)
                                .map(|k| f64::from(input[r * ins + k]) * f64::from(w[j * ins + k]))
                                .sum::<f64>();
                        let got = f64::from(out[r * outs + j]);
                        assert!(
                            (got - want).abs() < 1e-5 * want.abs().max(1.0),
                            "{got} {want}"
                        );
                    }
                }
                // Nothing past the rows is written; the same bits again.
                assert!(out[rows * outs..].iter().all(|v| v.is_nan()));
                let mut again = vec![0.0; rows * outs];
                packed.apply(&input, rows, &mut again);
                assert_eq!(out[..rows * outs], again[..]);
            }
        }
    }

    #[test]
    fn the_portable_tile_agrees_with_the_dispatched_one() {
        let (ins, outs, rows) = (29, 45, 11);
        let w: Vec<f32> = (0..outs * ins + outs).map(value).collect();
        let packed = PackedLinear::new(&w, (0, outs * ins), ins, outs);
        let input: Vec<f32> = (0..rows * ins).map(|k| value(k + 5)).collect();
        let mut fast = vec![0.0; rows * outs];
        packed.apply(&input, rows, &mut fast);
        let mut slow = vec![0.0; rows * outs];
        for row in slow.chunks_exact_mut(outs) {
            row.copy_from_slice(&w[outs * ins..]);
        }
        packed.each_tile(&input, rows, &mut slow, portable_tile);
        for (a, b) in fast.iter().zip(&slow) {
            assert!((a - b).abs() <= 1e-5 * b.abs().max(1.0), "{a} {b}");
        }
    }
}
