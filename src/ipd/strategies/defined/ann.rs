//! `kind = "ann"`: a one-hidden-layer neural network over 17 features of the
//! play so far (axelrod's `ANN`, Martin Jones; 4.14 `strategies/ann.py`),
//! evaluated exactly as axelrod evaluates it with numpy.
//!
//! Each turn the network reads the [`FEATURES`] (in this order): the
//! opponent's first move is C / is D, the opponent's second move is C / D,
//! the player's last move is C / D, its move before is C / D, the
//! opponent's last move is C / D, its move before is C / D (each 1 or 0; 0
//! while the move does not exist yet), then the opponent's cooperations and
//! defections, the player's cooperations and defections, and the number of
//! turns played. Hidden unit j computes `bias[j] + sum_i w[i][j] * x[i]`;
//! the output is `sum_j output[j] * relu(hidden[j])`; the player cooperates
//! when the output is strictly positive (0 and NaN defect).
//!
//! Reproduced from axelrod (they change play):
//! - **The relu truncates.** axelrod's relu is `np.vectorize(lambda x:
//!   max(x, 0))`, which takes its output type from the first hidden unit:
//!   when that unit is negative, `max` returns the integer 0 and every
//!   hidden value is cast to an integer, i.e. truncated towards zero
//!   (2.7 becomes 2). With the shipped weights this is the usual case.
//! - **Summation order.** numpy computes the hidden layer with BLAS `dgemv`
//!   and the output with `ddot`; on x86-64 (numpy's OpenBLAS, Haswell and
//!   SkylakeX kernels) these sum in a fixed order with fused multiply-adds,
//!   reproduced here bit for bit (checked against numpy on random inputs):
//!   for each hidden unit, four FMA accumulators over features `k, k+4,
//!   k+8, k+12`, added as `(a0 + a2) + (a1 + a3)` (units in full groups of
//!   four; the next two units of a remainder use two plain multiply-add
//!   accumulators over even / odd features, a last single unit two pairs
//!   of them), then the 17th feature by FMA, then the bias added; the
//!   output is a sequential FMA sum over the hidden units. Hidden values
//!   near an integer (truncation) and outputs near 0 then decide as in
//!   axelrod. numpy's `ddot` uses a vector kernel from 16 terms on, so at
//!   most [`MAX_HIDDEN`] hidden units are accepted.
//!
//! Per turn the features come from the histories' counters and two stored
//! moves (the opponent's first two); nothing is allocated.

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::strategies::defined::{DefinitionError, Place};

/// The number of input features.
pub const FEATURES: usize = 17;

/// The largest hidden layer accepted (see the module doc).
pub const MAX_HIDDEN: usize = 15;

/// What each input feature is, in order (for files and errors).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "opponent's first move is C",
    "opponent's first move is D",
    "opponent's second move is C",
    "opponent's second move is D",
    "own last move is C",
    "own last move is D",
    "own second last move is C",
    "own second last move is D",
    "opponent's last move is C",
    "opponent's last move is D",
    "opponent's second last move is C",
    "opponent's second last move is D",
    "opponent's cooperations",
    "opponent's defections",
    "own cooperations",
    "own defections",
    "turns played",
];

/// A validated network.
#[derive(Clone, Debug, PartialEq)]
pub struct Ann {
    /// Per hidden unit, its weight on each feature (axelrod's layout).
    units: Vec<[f64; FEATURES]>,
    /// Per hidden unit, its bias.
    pub hidden_bias: Vec<f64>,
    /// Per hidden unit, its weight in the output.
    pub output_weights: Vec<f64>,
}

/// The opponent's first two moves, seen as the match goes.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnnState {
    opening: [Option<Action>; 2],
}

impl Ann {
    /// Builds a network from `input_weights` (one row per feature, each with
    /// one weight per hidden unit), the hidden units' biases and their
    /// output weights; `hidden` is the declared number of hidden units.
    pub fn new(
        hidden: usize,
        input_weights: &[Vec<f64>],
        hidden_bias: &[f64],
        output_weights: &[f64],
    ) -> Result<Ann, DefinitionError> {
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(DefinitionError::new(
                Place::Field("hidden"),
                format!(
                    "hidden is {hidden}; a network has 1 to {MAX_HIDDEN} hidden units (axelrod's \
                     numpy sums a longer output layer in an order not reproduced here)"
                ),
            ));
        }
        if input_weights.len() != FEATURES {
            return Err(DefinitionError::new(
                Place::Field("input_weights"),
                format!(
                    "input_weights has {} rows, expected {FEATURES} features x hidden: one row per \
                     feature ({}), each with {hidden} weights",
                    input_weights.len(),
                    FEATURE_NAMES.join(", ")
                ),
            ));
        }
        for (i, row) in input_weights.iter().enumerate() {
            if row.len() != hidden {
                return Err(DefinitionError::new(
                    Place::FieldItem("input_weights", i),
                    format!(
                        "input_weights row {} ({}) has {} weights, expected hidden = {hidden} \
                         (one per hidden unit)",
                        i + 1,
                        FEATURE_NAMES[i],
                        row.len()
                    ),
                ));
            }
        }
        for (field, list) in [
            ("hidden_bias", hidden_bias),
            ("output_weights", output_weights),
        ] {
            if list.len() != hidden {
                return Err(DefinitionError::new(
                    Place::Field(field),
                    format!(
                        "{field} has {} numbers, expected hidden = {hidden} (one per hidden unit)",
                        list.len()
                    ),
                ));
            }
        }
        let units = (0..hidden)
            .map(|j| std::array::from_fn(|i| input_weights[i][j]))
            .collect();
        Ok(Ann {
            units,
            hidden_bias: hidden_bias.to_vec(),
            output_weights: output_weights.to_vec(),
        })
    }

    /// The number of hidden units.
    pub fn hidden(&self) -> usize {
        self.units.len()
    }

    /// The input weights as in the file: one row per feature.
    pub fn input_rows(&self) -> Vec<Vec<f64>> {
        (0..FEATURES)
            .map(|i| self.units.iter().map(|unit| unit[i]).collect())
            .collect()
    }

    /// The move of the next turn.
    #[inline]
    pub fn choose(&self, state: &mut AnnState, me: &History, them: &History) -> Action {
        let played = them.len();
        for (slot, index) in state.opening.iter_mut().zip(0u32..) {
            if slot.is_none() && played > index {
                // Asked every turn, so the move is still in the 64-move window.
                *slot = them.ago(played - 1 - index);
            }
        }
        if self.output(&features(state, me, them)) > 0.0 {
            Action::C
        } else {
            Action::D
        }
    }

    /// The network's output for these features, as axelrod's numpy computes it.
    /// Its fused multiply-adds run on the CPU's FMA unit where it has one
    /// (without `target-cpu`, `f64::mul_add` is a call to libm's software
    /// `fma`, 15-20x slower); both round once, so the bits are the same.
    pub fn output(&self, x: &[f64; FEATURES]) -> f64 {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has FMA, checked just above.
            return unsafe { self.output_fma(x) };
        }
        self.output_portable(x)
    }

    /// [`Ann::output`] compiled with FMA instructions.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "fma")]
    unsafe fn output_fma(&self, x: &[f64; FEATURES]) -> f64 {
        self.output_portable(x)
    }

    /// [`Ann::output`] for any CPU (inlined into [`Ann::output_fma`]).
    #[inline(always)]
    fn output_portable(&self, x: &[f64; FEATURES]) -> f64 {
        let mut truncate = false;
        let mut output = 0.0;
        for j in 0..self.units.len() {
            let value = self.pre_activation(j, x);
            if j == 0 {
                truncate = value < 0.0;
            }
            // Python's max(value, 0): 0 only when 0 > value.
            let relu = if 0.0 > value { 0.0 } else { value };
            let relu = if truncate { relu.trunc() } else { relu };
            output = relu.mul_add(self.output_weights[j], output);
        }
        output
    }
}

impl Ann {
    /// Hidden unit `j` before the relu: `bias + w . x` in numpy's order.
    #[inline(always)]
    fn pre_activation(&self, j: usize, x: &[f64; FEATURES]) -> f64 {
        let n = self.units.len();
        let in_fours = n & !3;
        let unit = &self.units[j];
        let head = if j < in_fours {
            sum_fused_lanes(unit, x)
        } else if n & 2 != 0 && j < in_fours + 2 {
            sum_pairs(unit, x)
        } else {
            sum_two_pairs(unit, x)
        };
        // dgemv writes 0 + head, then adds the last feature by FMA.
        let sum = unit[16].mul_add(x[16], 0.0 + head);
        self.hidden_bias[j] + sum
    }
}

/// OpenBLAS's 4x4 dgemv_t kernel over the first 16 features: four FMA
/// lanes, lane k over features k, k+4, k+8, k+12, added pairwise.
#[inline(always)]
fn sum_fused_lanes(w: &[f64; FEATURES], x: &[f64; FEATURES]) -> f64 {
    let mut lane = [0.0f64; 4];
    for block in 0..4 {
        for (k, acc) in lane.iter_mut().enumerate() {
            let i = 4 * block + k;
            *acc = w[i].mul_add(x[i], *acc);
        }
    }
    (lane[0] + lane[2]) + (lane[1] + lane[3])
}

/// OpenBLAS's 4x2 kernel (SSE2, no FMA): lanes over even and odd features.
#[inline(always)]
fn sum_pairs(w: &[f64; FEATURES], x: &[f64; FEATURES]) -> f64 {
    let mut lane = [0.0f64; 2];
    for i in (0..16).step_by(2) {
        lane[0] += w[i] * x[i];
        lane[1] += w[i + 1] * x[i + 1];
    }
    lane[0] + lane[1]
}

/// OpenBLAS's 4x1 kernel (SSE2, no FMA): two pairs of lanes over features
/// 4b, 4b+1 and 4b+2, 4b+3.
#[inline(always)]
fn sum_two_pairs(w: &[f64; FEATURES], x: &[f64; FEATURES]) -> f64 {
    let mut a = [0.0f64; 2];
    let mut b = [0.0f64; 2];
    for i in (0..16).step_by(4) {
        a[0] += w[i] * x[i];
        a[1] += w[i + 1] * x[i + 1];
        b[0] += w[i + 2] * x[i + 2];
        b[1] += w[i + 3] * x[i + 3];
    }
    (a[0] + b[0]) + (a[1] + b[1])
}

/// The 17 features in axelrod's order (see the module doc).
fn features(state: &AnnState, me: &History, them: &History) -> [f64; FEATURES] {
    let pair = |action: Option<Action>| match action {
        Some(Action::C) => [1.0, 0.0],
        Some(Action::D) => [0.0, 1.0],
        None => [0.0, 0.0],
    };
    // axelrod branches on the opponent's history length: with one move the
    // "second" and "second last" features stay 0.
    let played = them.len();
    let (second, my_before, their_before) = if played >= 2 {
        (state.opening[1], me.ago(1), them.ago(1))
    } else {
        (None, None, None)
    };
    let (first, my_last, their_last) = if played >= 1 {
        (state.opening[0], me.last(), them.last())
    } else {
        (None, None, None)
    };
    let mut x = [0.0; FEATURES];
    for (i, action) in [first, second, my_last, my_before, their_last, their_before]
        .into_iter()
        .enumerate()
    {
        x[2 * i..2 * i + 2].copy_from_slice(&pair(action));
    }
    x[12] = f64::from(them.cooperations());
    x[13] = f64::from(them.defections());
    x[14] = f64::from(me.cooperations());
    x[15] = f64::from(me.defections());
    x[16] = f64::from(me.len());
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(hidden: usize, value: f64) -> Vec<Vec<f64>> {
        vec![vec![value; hidden]; FEATURES]
    }

    #[test]
    fn shapes_are_checked_with_the_expected_shape_in_the_message() {
        let e = Ann::new(2, &rows(2, 1.0)[..16], &[0.0; 2], &[1.0; 2]).unwrap_err();
        assert_eq!(e.place, Place::Field("input_weights"));
        assert!(
            e.message
                .contains("input_weights has 16 rows, expected 17 features x hidden"),
            "{e}"
        );
        let mut bad = rows(2, 1.0);
        bad[3].push(1.0);
        let e = Ann::new(2, &bad, &[0.0; 2], &[1.0; 2]).unwrap_err();
        assert_eq!(e.place, Place::FieldItem("input_weights", 3));
        assert!(
            e.message
                .contains("row 4 (opponent's second move is D) has 3 weights")
        );
        let e = Ann::new(2, &rows(2, 1.0), &[0.0; 3], &[1.0; 2]).unwrap_err();
        assert_eq!(e.place, Place::Field("hidden_bias"));
        let e = Ann::new(2, &rows(2, 1.0), &[0.0; 2], &[1.0; 1]).unwrap_err();
        assert_eq!(e.place, Place::Field("output_weights"));
        let e = Ann::new(16, &rows(16, 1.0), &[0.0; 16], &[1.0; 16]).unwrap_err();
        assert_eq!(e.place, Place::Field("hidden"));
        let ann = Ann::new(2, &rows(2, 0.5), &[0.0; 2], &[1.0; 2]).unwrap();
        assert_eq!(ann.input_rows(), rows(2, 0.5));
    }

    /// A first hidden unit below 0 makes axelrod's relu truncate every unit.
    #[test]
    fn a_negative_first_unit_truncates_the_others() {
        // Unit 0 reads the round number with weight -1, unit 1 with 0.9.
        let mut weights = rows(2, 0.0);
        weights[16] = vec![-1.0, 0.9];
        let ann = Ann::new(2, &weights, &[0.0, 0.0], &[0.0, 1.0]).unwrap();
        let mut x = [0.0; FEATURES];
        x[16] = 1.0; // unit 1 = 0.9, truncated to 0: output 0, defect
        assert_eq!(ann.output(&x), 0.0);
        x[16] = 2.0; // 1.8 -> 1
        assert_eq!(ann.output(&x), 1.0);
        x[16] = 0.0; // unit 0 is 0 (not negative): no truncation
        assert_eq!(ann.output(&x), 0.0);
        let ann = Ann::new(2, &weights, &[0.5, 0.0], &[0.0, 1.0]).unwrap();
        x[16] = 0.4; // unit 0 = 0.1 >= 0: unit 1 = 0.36 kept
        assert_eq!(ann.output(&x), 0.9 * 0.4);
    }

    // A network of 7 hidden units (OpenBLAS's three kernels: units 0-3,
    // 4-5 and 6), two feature vectors (the first without, the second with
    // the truncation), and the bit patterns numpy 2.4 (OpenBLAS 0.3.31,
    // SkylakeX kernels) gives for `bias + np.dot(W, x)` and for axelrod's
    // `activate`; plain sequential sums differ in the last bit on 7 of the
    // 14 hidden values. Written by a script from random weights.
    // weights per hidden unit (axelrod's layout)
    const W: [[f64; 17]; 7] = [
        [
            -26.366789659952214,
            -14.72,
            37.6,
            39.4083248316912,
            -5.33043514,
            11.9968,
            39.81,
            39.980004705326,
            23.2198147,
            1.4285344,
            -0.21248,
            1.2452,
            19.344,
            -39.711453219,
            13.068847543737483,
            22.0806,
            -5.34882,
        ],
        [
            -38.735969441583,
            35.6,
            -31.28857174449859,
            2.8708,
            22.0983,
            -15.875349045449958,
            5.121,
            5.42995,
            13.015426449990635,
            0.9760882309,
            -11.778955,
            -20.25798225952257,
            -2.6904785,
            7.109722,
            4.649561705890804,
            -28.9878,
            24.773952871625767,
        ],
        [
            -27.612392816568267,
            -26.109,
            -6.9,
            -21.6893,
            18.7549762351985,
            -27.475706163564773,
            9.4888955524789,
            -31.1796042362,
            32.97,
            -8.818834772,
            -33.731875888,
            2.93828792080168,
            -13.697050872058966,
            -23.70644,
            5.432982433769659,
            34.1655,
            -8.4442236271,
        ],
        [
            -18.606597341,
            -22.396,
            -5.659712677183528,
            -9.22747590632487,
            -13.2905,
            -36.034542732741755,
            -35.061092279401,
            -9.42635563162,
            -8.02077304,
            14.003147541993,
            -37.407795003406,
            -1.27876642,
            1.589816659364672,
            -1.0,
            -10.126,
            -39.433781094804,
            36.863992957054,
        ],
        [
            37.066709755694,
            27.2065433,
            8.74,
            -14.789404759583505,
            -30.567586114293,
            -35.756,
            -22.935700862,
            24.61547600963652,
            11.776828086407,
            -7.8166990937,
            5.7765,
            -33.16296852,
            26.52296677251,
            -37.39707,
            25.5488432383,
            11.38,
            39.97796938632804,
        ],
        [
            -36.164,
            4.1672290197,
            11.1,
            9.3596643,
            6.4,
            25.903546057292033,
            -6.532,
            -26.201,
            -4.75841,
            -9.773017908977852,
            14.1748,
            -4.4,
            26.833869287885,
            13.2997,
            16.2391335477777,
            -15.1954,
            33.7813609,
        ],
        [
            -32.23977123808,
            2.9063,
            -27.594080643,
            -2.21,
            31.728065271343,
            -23.976733878633063,
            -0.5101600666384,
            0.9215812555475011,
            -31.582019,
            21.83690523256,
            -23.830036512175,
            25.859806635294,
            -9.839607720729813,
            14.699397914740977,
            5.941703074459369,
            -11.33885,
            -1.5619333363555,
        ],
    ];
    const B: [f64; 7] = [
        -13.758242076391962,
        -21.31332777,
        -11.92941800927558,
        5.99828544,
        33.736354747,
        -9.7942655,
        -5.382,
    ];
    const O: [f64; 7] = [
        4.76240228397476,
        32.770611960300585,
        -9.062,
        -21.4943,
        14.354822222321815,
        27.79,
        39.473404704614,
    ];
    const X: [[f64; 17]; 2] = [
        [
            1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 37.0, 12.0, 40.0, 9.0, 49.0,
        ],
        [
            0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 88.0, 111.0, 150.0, 49.0,
            199.0,
        ],
    ];
    const PRE: [[u64; 7]; 2] = [
        [
            0x4086edd013c19d95,
            0x4090f153c48cb0b2,
            0xc088e376513c0c97,
            0x40900507bb541079,
            0x40ac9fcd0fb958e9,
            0x40a9891720984746,
            0xc06138748c913a68,
        ],
        [
            0xc084138e18bd5e40,
            0x40b2747787370c68,
            0xc0a7de3b567afc6f,
            0x40adc6760fc70d30,
            0x40c48b0e8f917b95,
            0x40c7f58f4d5acc63,
            0x4086d25df603eb21,
        ],
    ];
    const OUT: [u64; 2] = [0x41039516aef4c30a, 0x41221d7242227771];

    #[test]
    fn the_fma_path_gives_the_portable_bits() {
        // Pseudo-random weights and features (a fixed LCG), every hidden
        // size: the hardware FMA and libm's fma round alike.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 40.0
        };
        for hidden in 1..=12 {
            let rows: Vec<Vec<f64>> = (0..FEATURES)
                .map(|_| (0..hidden).map(|_| next()).collect())
                .collect();
            let bias: Vec<f64> = (0..hidden).map(|_| next()).collect();
            let out: Vec<f64> = (0..hidden).map(|_| next()).collect();
            let ann = Ann::new(hidden, &rows, &bias, &out).unwrap();
            for _ in 0..200 {
                let x: [f64; FEATURES] = std::array::from_fn(|_| next().round());
                assert_eq!(
                    ann.output(&x).to_bits(),
                    ann.output_portable(&x).to_bits(),
                    "hidden {hidden}"
                );
            }
        }
    }

    #[test]
    fn the_network_sums_as_numpy_does_bit_for_bit() {
        let rows: Vec<Vec<f64>> = (0..FEATURES)
            .map(|i| W.iter().map(|unit| unit[i]).collect())
            .collect();
        let ann = Ann::new(7, &rows, &B, &O).unwrap();
        let mut sequential_differs = 0;
        for (x, (pre, out)) in X.iter().zip(PRE.iter().zip(OUT)) {
            for (j, bits) in pre.iter().enumerate() {
                assert_eq!(ann.pre_activation(j, x).to_bits(), *bits, "unit {j}");
                let plain = B[j] + W[j].iter().zip(x).fold(0.0, |s, (w, v)| s + w * v);
                sequential_differs += usize::from(plain.to_bits() != *bits);
            }
            assert_eq!(ann.output(x).to_bits(), out);
        }
        assert!(sequential_differs > 0);
    }
}
