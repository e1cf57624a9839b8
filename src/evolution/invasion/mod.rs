//! Who invades whom, analytically: the fixation probability of one mutant
//! in a finite well-mixed population, the chain over monomorphic states in
//! the limit of rare mutations and its stationary distribution, and
//! α-Rank. Everything starts from a payoff table `a[i][j]`, the mean score
//! per turn of strategy `i` against `j` ([`PayoffMatrix`]).
//!
//! * [`fixation`]: ρ(B -> A) of one A among Z - 1 B under the pairwise
//!   comparison (Fermi) process (Traulsen, Nowak & Pacheco, Phys. Rev. E 74,
//!   2006; EGTtools' `PairwiseComparison`) or the birth-death Moran process
//!   with fitness 1 - w + w f (Nowak, *Evolutionary Dynamics*, 2006, ch. 6);
//!   self-play is left out of the finite-population payoffs.
//! * [`curve`]: the stationary distribution against the intensity.
//! * [`gradient`]: the gradient of selection T+(k) - T-(k) of a pair.
//! * [`stationary`]: the small-mutation chain (Fudenberg & Imhof, J. Econ.
//!   Theory 131, 2006) and its stationary distribution by a subtraction-free
//!   elimination (GTH) carried out on logarithms.
//! * [`alpharank`]: single-population α-Rank (Omidshafiei et al., Sci. Rep.
//!   9, 2019) as OpenSpiel's `alpharank.compute` does it by default.
//!
//! Invariants: pure, no IO, no randomness. Every probability is carried as
//! its logarithm until the end, so β Z of 10^4 neither overflows nor rounds
//! a fixation probability or a stationary abundance to 0 (they are returned
//! both as f64 and as a logarithm; the f64 may underflow, the logarithm
//! does not). Neutral selection gives exactly 1 / Z.

pub mod alpharank;
pub mod curve;
pub mod fixation;
pub mod gradient;
pub mod log_sum;
pub mod stationary;

pub use alpharank::{Alpha, AlphaRank, alpharank};
pub use curve::abundance_curve;
pub use fixation::{Fixation, Selection, fixation, fixation_matrix};
pub use gradient::gradient;
pub use stationary::{SmallMutation, small_mutation, stationary_from_log};

/// Why an invasion analysis cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum InvasionError {
    /// Fewer than two individuals.
    #[error("a population needs at least 2 individuals, got {0}")]
    PopulationTooSmall(usize),
    /// An intensity of selection outside its range.
    #[error("{name} must be {allowed}, got {value}")]
    Intensity {
        /// Which parameter (`beta`, `w`, `alpha`).
        name: &'static str,
        /// What is allowed, in words.
        allowed: &'static str,
        /// The value given.
        value: f64,
    },
    /// A payoff table that is not square or has no strategy.
    #[error("a payoff table needs one row of {size} values per strategy; row {row} has {len}")]
    NotSquare {
        /// Strategies.
        size: usize,
        /// The row at fault.
        row: usize,
        /// Its length.
        len: usize,
    },
    /// A payoff that is NaN or infinite.
    #[error("payoff of strategy {row} against {column} is {value}; every payoff must be finite")]
    NotFinite {
        /// Row strategy (0-based).
        row: usize,
        /// Column strategy (0-based).
        column: usize,
        /// The value.
        value: f64,
    },
    /// Moran fitness 1 - w + w f below 0 for some payoff.
    #[error(
        "the Moran process needs fitness 1 - w + w f of at least 0: payoff {payoff} with w = {w} gives {}",
        1.0 - w + w * payoff
    )]
    NegativeFitness {
        /// The smallest payoff.
        payoff: f64,
        /// The intensity w.
        w: f64,
    },
    /// The chain over monomorphic states has no unique stationary
    /// distribution (some strategy can never be invaded by the others).
    #[error(
        "the chain over monomorphic states is reducible at strategy {state}: no strategy before it can ever take over from it, so its stationary distribution is not unique"
    )]
    Reducible {
        /// The strategy (0-based) where the elimination found no way back.
        state: usize,
    },
}

/// A square table of payoffs: `get(i, j)` is the mean payoff of strategy
/// `i` against strategy `j`. Every entry finite.
#[derive(Clone, Debug, PartialEq)]
pub struct PayoffMatrix {
    size: usize,
    values: Vec<f64>,
}

impl PayoffMatrix {
    /// The table of `rows` (one row per strategy), checked square and finite.
    pub fn new(rows: &[Vec<f64>]) -> Result<PayoffMatrix, InvasionError> {
        let size = rows.len();
        let mut values = Vec::with_capacity(size * size);
        for (row, r) in rows.iter().enumerate() {
            if r.len() != size {
                return Err(InvasionError::NotSquare {
                    size,
                    row,
                    len: r.len(),
                });
            }
            for (column, &value) in r.iter().enumerate() {
                if !value.is_finite() {
                    return Err(InvasionError::NotFinite { row, column, value });
                }
                values.push(value);
            }
        }
        Ok(PayoffMatrix { size, values })
    }

    /// Number of strategies.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Payoff of `i` against `j`.
    pub fn get(&self, i: usize, j: usize) -> f64 {
        self.values[i * self.size + j]
    }

    /// The smallest payoff (+inf for an empty table).
    pub fn min(&self) -> f64 {
        self.values.iter().copied().fold(f64::INFINITY, f64::min)
    }
}
