//! Ecological (replicator) dynamics of strategy shares, driven by a payoff
//! matrix such as a tournament's mean score per turn of row against column.
//!
//! With shares x and payoff matrix A, the fitness of type i is
//! f_i = (A x)_i and the mean fitness is phi = x . A x.
//!
//! * Discrete time (the update of the axelrod library's `Ecosystem`):
//!   x_i <- x_i f_i / phi. Fitness must be non-negative here, so a matrix
//!   with negative entries is shifted by -min(A) first (adding a constant to
//!   every payoff does not change the continuous dynamics, only the speed of
//!   the discrete one); the shift is reported.
//! * Continuous time (Taylor & Jonker, Math. Biosci. 40, 1978):
//!   dx_i/dt = x_i (f_i - phi), integrated by classical fourth-order
//!   Runge-Kutta with step dt; shares are clamped at 0 and renormalised after
//!   each step to stop round-off drifting off the simplex.
//!
//! Randomness is used only for random initial shares (uniform on the
//! simplex, from normalised exponential draws) from a ChaCha8 generator
//! keyed by the seed.

use crate::evolution::error::EvolutionError;
use crate::ipd::random::{match_rng, unit_interval};

/// Discrete or continuous time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ReplicatorKind {
    /// x_i <- x_i f_i / phi per generation.
    Discrete,
    /// Runge-Kutta steps of length `dt`.
    Continuous {
        /// Step length.
        dt: f64,
    },
}

/// A configured replicator dynamics.
#[derive(Clone, Debug)]
pub struct ReplicatorDynamics {
    /// Type names.
    pub names: Vec<String>,
    /// `matrix[i][j]`: payoff of i against j.
    pub matrix: Vec<Vec<f64>>,
    /// Starting shares (any non-negative weights; normalised).
    pub initial: Vec<f64>,
    /// Time rule.
    pub kind: ReplicatorKind,
    /// Number of steps.
    pub steps: u32,
}

/// Uniformly random shares on the simplex of `k` types, keyed by `seed`.
pub fn random_shares(k: usize, seed: u64) -> Vec<f64> {
    let mut rng = match_rng(seed, u64::from_le_bytes(*b"replicat"), 0, 0);
    let draws: Vec<f64> = (0..k)
        .map(|_| -(1.0 - unit_interval(&mut rng)).ln())
        .collect();
    let total: f64 = draws.iter().sum();
    draws.iter().map(|d| d / total).collect()
}

fn fitness(matrix: &[Vec<f64>], x: &[f64]) -> Vec<f64> {
    matrix
        .iter()
        .map(|row| row.iter().zip(x).map(|(a, b)| a * b).sum())
        .collect()
}

fn derivative(matrix: &[Vec<f64>], x: &[f64]) -> Vec<f64> {
    let f = fitness(matrix, x);
    let phi: f64 = f.iter().zip(x).map(|(a, b)| a * b).sum();
    x.iter().zip(&f).map(|(xi, fi)| xi * (fi - phi)).collect()
}

fn normalise(x: &mut [f64]) {
    x.iter_mut().for_each(|v| *v = v.max(0.0));
    let total: f64 = x.iter().sum();
    if total > 0.0 {
        x.iter_mut().for_each(|v| *v /= total);
    }
}

impl ReplicatorDynamics {
    /// Checks the inputs.
    pub fn validate(&self) -> Result<(), EvolutionError> {
        let k = self.names.len();
        if k < 2 {
            return Err(EvolutionError::Invalid(format!(
                "replicator dynamics needs at least 2 types, got {k}"
            )));
        }
        if self.matrix.len() != k || self.matrix.iter().any(|r| r.len() != k) {
            return Err(EvolutionError::Invalid(format!(
                "the payoff matrix must be {k}x{k}"
            )));
        }
        if self.matrix.iter().flatten().any(|v| !v.is_finite()) {
            return Err(EvolutionError::Invalid(
                "the payoff matrix has a non-finite entry".into(),
            ));
        }
        if self.initial.len() != k {
            return Err(EvolutionError::Invalid(format!(
                "{} initial shares for {k} types",
                self.initial.len()
            )));
        }
        if let Some(v) = self.initial.iter().find(|v| !v.is_finite() || **v < 0.0) {
            return Err(EvolutionError::Invalid(format!(
                "initial shares must be finite and at least 0, got {v}"
            )));
        }
        if self.initial.iter().sum::<f64>() <= 0.0 {
            return Err(EvolutionError::Invalid(
                "initial shares must not all be 0".into(),
            ));
        }
        if let ReplicatorKind::Continuous { dt } = self.kind
            && !(dt > 0.0 && dt.is_finite())
        {
            return Err(EvolutionError::Invalid(format!(
                "dt must be a positive number, got {dt}"
            )));
        }
        Ok(())
    }

    /// The constant added to every payoff by the discrete rule (0 unless
    /// the matrix has negative entries).
    pub fn discrete_shift(&self) -> f64 {
        let min = self
            .matrix
            .iter()
            .flatten()
            .copied()
            .fold(f64::INFINITY, f64::min);
        if min < 0.0 { -min } else { 0.0 }
    }

    /// Shares at steps 0..=steps.
    pub fn run(&self) -> Vec<Vec<f64>> {
        let mut x = self.initial.clone();
        normalise(&mut x);
        let mut out = Vec::with_capacity(self.steps as usize + 1);
        out.push(x.clone());
        let shift = self.discrete_shift();
        let shifted: Vec<Vec<f64>> = self
            .matrix
            .iter()
            .map(|r| r.iter().map(|v| v + shift).collect())
            .collect();
        for _ in 0..self.steps {
            match self.kind {
                ReplicatorKind::Discrete => {
                    let f = fitness(&shifted, &x);
                    let phi: f64 = f.iter().zip(&x).map(|(a, b)| a * b).sum();
                    if phi > 0.0 {
                        for (xi, fi) in x.iter_mut().zip(&f) {
                            *xi = *xi * fi / phi;
                        }
                    }
                }
                ReplicatorKind::Continuous { dt } => {
                    let m = &self.matrix;
                    let add = |a: &[f64], b: &[f64], h: f64| -> Vec<f64> {
                        a.iter().zip(b).map(|(p, q)| p + h * q).collect()
                    };
                    let k1 = derivative(m, &x);
                    let k2 = derivative(m, &add(&x, &k1, dt / 2.0));
                    let k3 = derivative(m, &add(&x, &k2, dt / 2.0));
                    let k4 = derivative(m, &add(&x, &k3, dt));
                    for i in 0..x.len() {
                        x[i] += dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
                    }
                }
            }
            normalise(&mut x);
            out.push(x.clone());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dynamics(
        matrix: Vec<Vec<f64>>,
        initial: Vec<f64>,
        kind: ReplicatorKind,
        steps: u32,
    ) -> ReplicatorDynamics {
        ReplicatorDynamics {
            names: (0..matrix.len()).map(|i| format!("s{i}")).collect(),
            matrix,
            initial,
            kind,
            steps,
        }
    }

    #[test]
    fn continuous_time_follows_the_logistic_solution() {
        // f = (1, 0) whatever x: dx/dt = x (1 - x), x(t) = x0 e^t / (1 - x0 + x0 e^t).
        let d = dynamics(
            vec![vec![1.0, 1.0], vec![0.0, 0.0]],
            vec![0.1, 0.9],
            ReplicatorKind::Continuous { dt: 0.01 },
            500,
        );
        d.validate().unwrap();
        let shares = d.run();
        for (step, x) in shares.iter().enumerate().step_by(50) {
            let t = step as f64 * 0.01;
            let exact = 0.1 * t.exp() / (0.9 + 0.1 * t.exp());
            assert!((x[0] - exact).abs() < 1e-9, "t = {t}: {} vs {exact}", x[0]);
        }
    }

    #[test]
    fn discrete_step_is_the_ecosystem_update_by_hand() {
        let d = dynamics(
            vec![vec![3.0, 0.0], vec![5.0, 1.0]],
            vec![1.0, 1.0],
            ReplicatorKind::Discrete,
            1,
        );
        let shares = d.run();
        // f = (1.5, 3), phi = 2.25: x = (0.5 * 1.5 / 2.25, 0.5 * 3 / 2.25).
        assert!((shares[1][0] - 1.0 / 3.0).abs() < 1e-15);
        assert!((shares[1][1] - 2.0 / 3.0).abs() < 1e-15);
    }

    #[test]
    fn hawk_dove_reaches_its_mixed_equilibrium_in_both_times() {
        // Payoffs [[0, 3], [1, 2]]: interior rest point x_H = 1/2.
        for kind in [
            ReplicatorKind::Discrete,
            ReplicatorKind::Continuous { dt: 0.1 },
        ] {
            let d = dynamics(
                vec![vec![0.0, 3.0], vec![1.0, 2.0]],
                vec![0.1, 0.9],
                kind,
                2000,
            );
            let last = d.run().pop().unwrap();
            assert!((last[0] - 0.5).abs() < 1e-6, "{kind:?}: {last:?}");
        }
    }

    #[test]
    fn random_shares_are_seeded_and_bad_input_is_rejected() {
        let a = random_shares(4, 3);
        assert_eq!(a, random_shares(4, 3));
        assert_ne!(a, random_shares(4, 4));
        assert!((a.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let bad = dynamics(
            vec![vec![1.0, 0.0], vec![0.0, 1.0]],
            vec![-1.0, 1.0],
            ReplicatorKind::Discrete,
            1,
        );
        assert!(bad.validate().is_err());
        let bad = dynamics(
            vec![vec![1.0, 0.0], vec![0.0, 1.0]],
            vec![1.0, 1.0],
            ReplicatorKind::Continuous { dt: 0.0 },
            1,
        );
        assert!(bad.validate().is_err());
    }
}
