//! The limit of rare mutations (Fudenberg & Imhof, J. Econ. Theory 131,
//! 2006): a mutant arises only once the population is monomorphic again,
//! so the population moves between the S monomorphic states as a Markov
//! chain with T[B][A] = ρ(B -> A) / (S - 1) for A != B (each other
//! strategy equally likely to be the mutant) and T[B][B] = 1 - Σ. Its
//! stationary distribution says how much of the time the population
//! spends in each strategy.
//!
//! Solved by the Grassmann-Taksar-Heyman elimination (Grassmann, Taksar &
//! Heyman, Oper. Res. 33, 1985): Gaussian elimination on the chain that
//! never subtracts (the diagonal is never used; each pivot is the sum of
//! the row's off-diagonal entries), so every abundance comes out with a
//! small relative error, however small it is. It runs on the logarithms
//! of the transition probabilities (products become sums, sums
//! log-sum-exp), so fixation probabilities far below f64's range (ln ρ of
//! -10^4) still weigh in. O(S^3): the whole catalogue (S ~ 240) in
//! milliseconds.

use crate::evolution::invasion::InvasionError;
use crate::evolution::invasion::fixation::Fixation;
use crate::evolution::invasion::log_sum::{LogSum, log_add};

/// The chain over monomorphic states and its stationary distribution.
#[derive(Clone, Debug, PartialEq)]
pub struct SmallMutation {
    /// `ln T[B][A]` for A != B (the diagonal is -inf and unused).
    pub log_transitions: Vec<Vec<f64>>,
    /// Stationary abundance of each strategy (sums to 1).
    pub abundance: Vec<f64>,
    /// Its natural logarithm (finite where the abundance underflows).
    pub ln_abundance: Vec<f64>,
}

impl SmallMutation {
    /// The transition matrix in plain probabilities, diagonal included.
    pub fn transitions(&self) -> Vec<Vec<f64>> {
        let s = self.log_transitions.len();
        (0..s)
            .map(|b| {
                let mut row: Vec<f64> = (0..s)
                    .map(|a| {
                        if a == b {
                            0.0
                        } else {
                            self.log_transitions[b][a].exp()
                        }
                    })
                    .collect();
                row[b] = 1.0 - row.iter().sum::<f64>();
                row
            })
            .collect()
    }
}

/// The small-mutation chain of a fixation matrix (`rho[resident][mutant]`,
/// as [`crate::evolution::invasion::fixation_matrix`] gives it) and its
/// stationary distribution.
pub fn small_mutation(rho: &[Vec<Fixation>]) -> Result<SmallMutation, InvasionError> {
    let s = rho.len();
    let share = if s > 1 { -((s - 1) as f64).ln() } else { 0.0 };
    let log_transitions: Vec<Vec<f64>> = (0..s)
        .map(|b| {
            (0..s)
                .map(|a| {
                    if a == b {
                        f64::NEG_INFINITY
                    } else {
                        rho[b][a].ln + share
                    }
                })
                .collect()
        })
        .collect();
    let ln_abundance = stationary_from_log(&log_transitions)?;
    Ok(SmallMutation {
        abundance: ln_abundance.iter().map(|l| l.exp()).collect(),
        log_transitions,
        ln_abundance,
    })
}

/// The logarithm of the stationary distribution of the chain whose
/// off-diagonal transition probabilities have logarithms `log_p[i][j]`
/// (the diagonal is ignored). An irreducible chain has one; otherwise
/// [`InvasionError::Reducible`] names a state the others cannot reach.
pub fn stationary_from_log(log_p: &[Vec<f64>]) -> Result<Vec<f64>, InvasionError> {
    let n = log_p.len();
    if n == 0 {
        return Ok(Vec::new());
    }
    let mut p: Vec<Vec<f64>> = log_p.to_vec();
    // Censor the chain state by state, from the last: state k's exits to
    // the lower states are spread over the paths through it.
    for k in (1..n).rev() {
        let mut out = LogSum::new();
        for &x in &p[k][..k] {
            out.add(x);
        }
        let s = out.ln();
        if s == f64::NEG_INFINITY {
            return Err(InvasionError::Reducible { state: k });
        }
        let (upper, lower) = p.split_at_mut(k);
        let row_k = &lower[0];
        for (i, row) in upper.iter_mut().enumerate() {
            let through = row[k] - s;
            row[k] = through;
            if through == f64::NEG_INFINITY {
                continue;
            }
            for (j, cell) in row[..k].iter_mut().enumerate() {
                if j != i {
                    *cell = log_add(*cell, through + row_k[j]);
                }
            }
        }
    }
    // Back substitution: x_0 = 1, x_j = Σ_{i<j} x_i p[i][j].
    let mut x = vec![0.0; n];
    for j in 1..n {
        let mut sum = LogSum::new();
        for i in 0..j {
            sum.add(x[i] + p[i][j]);
        }
        x[j] = sum.ln();
    }
    let mut total = LogSum::new();
    for &v in &x {
        total.add(v);
    }
    let total = total.ln();
    Ok(x.iter().map(|v| v - total).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evolution::invasion::PayoffMatrix;
    use crate::evolution::invasion::fixation::{Selection, fixation_matrix};

    /// π by repeated π <- π T from uniform (the brute-force reference).
    fn power_iteration(t: &[Vec<f64>]) -> Vec<f64> {
        let n = t.len();
        let mut pi = vec![1.0 / n as f64; n];
        for _ in 0..200_000 {
            let next: Vec<f64> = (0..n)
                .map(|j| (0..n).map(|i| pi[i] * t[i][j]).sum())
                .collect();
            let change: f64 = next.iter().zip(&pi).map(|(a, b)| (a - b).abs()).sum();
            pi = next;
            if change < 1e-17 {
                break;
            }
        }
        pi
    }

    fn rps_like() -> PayoffMatrix {
        // Cooperator, Defector, Tit For Tat-like and a fourth strategy.
        PayoffMatrix::new(&[
            vec![3.0, 0.0, 3.0, 1.0],
            vec![5.0, 1.0, 1.2, 2.0],
            vec![3.0, 0.9, 3.0, 2.5],
            vec![2.0, 1.5, 2.0, 2.0],
        ])
        .unwrap()
    }

    #[test]
    fn sums_to_one_and_matches_power_iteration() {
        for (z, beta) in [(10, 0.1), (50, 0.05), (20, 0.3)] {
            let rho = fixation_matrix(&rps_like(), z, Selection::Fermi { beta }).unwrap();
            let chain = small_mutation(&rho).unwrap();
            let total: f64 = chain.abundance.iter().sum();
            assert!((total - 1.0).abs() < 1e-14, "{total}");
            let brute = power_iteration(&chain.transitions());
            for (a, b) in chain.abundance.iter().zip(&brute) {
                assert!((a - b).abs() < 1e-12, "{:?} vs {brute:?}", chain.abundance);
            }
        }
    }

    /// The mutation-selection process simulated directly in the limit of
    /// rare mutations: in a monomorphic population a mutant (any other
    /// strategy, equally likely) appears; the pairwise comparison process
    /// runs (a focal individual imitates a uniformly chosen other with
    /// probability 1 / (1 + exp(-β (f_model - f_focal))), fitness the
    /// mean payoff against the other Z - 1) until one strategy is left.
    /// Returns the share of mutation events seen in each monomorphic state.
    fn simulate_rare_mutations(
        payoffs: &PayoffMatrix,
        z: usize,
        beta: f64,
        events: u64,
    ) -> Vec<f64> {
        use crate::ipd::random::{match_rng, unit_interval};
        let s = payoffs.size();
        let mut rng = match_rng(11, 0, 0, 0);
        let mut seen = vec![0u64; s];
        let mut resident = 0usize;
        let fitness = |i: usize, counts: &[usize]| {
            let total: f64 = (0..s).map(|j| counts[j] as f64 * payoffs.get(i, j)).sum();
            (total - payoffs.get(i, i)) / (z - 1) as f64
        };
        for _ in 0..events {
            seen[resident] += 1;
            let offset = 1 + (unit_interval(&mut rng) * (s - 1) as f64) as usize;
            let mutant = (resident + offset.min(s - 1)) % s;
            let mut counts = vec![0usize; s];
            counts[resident] = z - 1;
            counts[mutant] = 1;
            while counts[mutant] > 0 && counts[mutant] < z {
                // Focal and model: distinct individuals, uniformly.
                let focal_is_mutant = unit_interval(&mut rng) < counts[mutant] as f64 / z as f64;
                let same_left = if focal_is_mutant {
                    counts[mutant] - 1
                } else {
                    counts[resident] - 1
                };
                let model_same = unit_interval(&mut rng) < same_left as f64 / (z - 1) as f64;
                if model_same {
                    continue;
                }
                let (focal, model) = if focal_is_mutant {
                    (mutant, resident)
                } else {
                    (resident, mutant)
                };
                let gain = fitness(model, &counts) - fitness(focal, &counts);
                if unit_interval(&mut rng) < 1.0 / (1.0 + (-beta * gain).exp()) {
                    counts[focal] -= 1;
                    counts[model] += 1;
                }
            }
            if counts[mutant] == z {
                resident = mutant;
            }
        }
        seen.iter().map(|&n| n as f64 / events as f64).collect()
    }

    #[test]
    fn matches_a_direct_simulation_of_rare_mutations() {
        let payoffs = PayoffMatrix::new(&[
            vec![3.0, 0.0, 3.0],
            vec![5.0, 1.0, 1.1],
            vec![3.0, 0.9, 3.0],
        ])
        .unwrap();
        let (z, beta) = (8, 0.3);
        let rho = fixation_matrix(&payoffs, z, Selection::Fermi { beta }).unwrap();
        let chain = small_mutation(&rho).unwrap();
        let simulated = simulate_rare_mutations(&payoffs, z, beta, 200_000);
        for (a, b) in chain.abundance.iter().zip(&simulated) {
            assert!(
                (a - b).abs() < 0.01,
                "{:?} vs simulated {simulated:?}",
                chain.abundance
            );
        }
    }

    /// The mutation-selection process itself, mutation rate `mu > 0`: each
    /// step a focal individual either mutates (probability `mu`) to another
    /// strategy, uniformly, or imitates a uniformly chosen other as in
    /// [`simulate_rare_mutations`]. Returns each strategy's share of the
    /// population averaged over the steps.
    fn simulate_with_mutation(
        payoffs: &PayoffMatrix,
        z: usize,
        beta: f64,
        mu: f64,
        steps: u64,
    ) -> Vec<f64> {
        use crate::ipd::random::{match_rng, unit_interval};
        let s = payoffs.size();
        let mut rng = match_rng(12, 0, 0, 0);
        let mut counts = vec![0usize; s];
        counts[0] = z;
        let mut share = vec![0u64; s];
        let fitness = |i: usize, counts: &[usize]| {
            let total: f64 = (0..s).map(|j| counts[j] as f64 * payoffs.get(i, j)).sum();
            (total - payoffs.get(i, i)) / (z - 1) as f64
        };
        // The strategy of the individual at a uniform position (skipping
        // `skip` once: the model is another individual than the focal).
        let pick = |counts: &[usize], u: f64, skip: Option<usize>| {
            let total = z - usize::from(skip.is_some());
            let mut k = (u * total as f64) as usize;
            for (i, &c) in counts.iter().enumerate() {
                let c = c - usize::from(skip == Some(i));
                if k < c {
                    return i;
                }
                k -= c;
            }
            s - 1
        };
        for _ in 0..steps {
            for (t, &c) in counts.iter().enumerate() {
                share[t] += c as u64;
            }
            let focal = pick(&counts, unit_interval(&mut rng), None);
            if unit_interval(&mut rng) < mu {
                let offset = 1 + ((unit_interval(&mut rng) * (s - 1) as f64) as usize).min(s - 2);
                counts[focal] -= 1;
                counts[(focal + offset) % s] += 1;
                continue;
            }
            let model = pick(&counts, unit_interval(&mut rng), Some(focal));
            if model == focal {
                continue;
            }
            let gain = fitness(model, &counts) - fitness(focal, &counts);
            if unit_interval(&mut rng) < 1.0 / (1.0 + (-beta * gain).exp()) {
                counts[focal] -= 1;
                counts[model] += 1;
            }
        }
        let total = (steps * z as u64) as f64;
        share.iter().map(|&n| n as f64 / total).collect()
    }

    #[test]
    fn matches_a_simulation_of_the_process_with_small_mutation() {
        // Z = 8, mu = 0.001: the population is monomorphic most of the
        // time (mu Z << 1) and its time-averaged shares approach the
        // small-mutation limit, up to O(mu Z) and the sampling error of
        // about 1,000 takeovers in 10^7 steps: within 0.02 (seen: 0.011).
        let payoffs = PayoffMatrix::new(&[
            vec![3.0, 0.0, 3.0],
            vec![5.0, 1.0, 1.1],
            vec![3.0, 0.9, 3.0],
        ])
        .unwrap();
        let (z, beta) = (8, 0.3);
        let rho = fixation_matrix(&payoffs, z, Selection::Fermi { beta }).unwrap();
        let chain = small_mutation(&rho).unwrap();
        let simulated = simulate_with_mutation(&payoffs, z, beta, 1e-3, 10_000_000);
        for (a, b) in chain.abundance.iter().zip(&simulated) {
            assert!(
                (a - b).abs() < 0.02,
                "{:?} vs simulated {simulated:?}",
                chain.abundance
            );
        }
    }

    #[test]
    fn a_chain_with_known_stationary_distribution() {
        // Two states: π = (q, p) / (p + q) for P = [[1-p, p], [q, 1-q]].
        let (p, q) = (1e-200f64, 3e-190f64);
        let pi = stationary_from_log(&[
            vec![f64::NEG_INFINITY, p.ln()],
            vec![q.ln(), f64::NEG_INFINITY],
        ])
        .unwrap();
        // π_0 = q / (p + q) ~ 1, π_1 = p / (p + q) ~ 3.3e-11.
        assert!((pi[1].exp() / (p / (p + q)) - 1.0).abs() < 1e-12);
        assert!(pi[0].abs() < 1e-9);
        // Far below f64: ln π is still right.
        let pi = stationary_from_log(&[
            vec![f64::NEG_INFINITY, -5000.0],
            vec![-1000.0, f64::NEG_INFINITY],
        ])
        .unwrap();
        assert!(
            (pi[1] + 4000.0).abs() < 1e-9 && pi[0].abs() < 1e-12,
            "{pi:?}"
        );
    }

    #[test]
    fn neutral_selection_is_uniform_and_a_dead_end_is_reducible() {
        let rho = fixation_matrix(&rps_like(), 30, Selection::Fermi { beta: 0.0 }).unwrap();
        let chain = small_mutation(&rho).unwrap();
        for a in &chain.abundance {
            assert!((a - 0.25).abs() < 1e-15);
        }
        let never = f64::NEG_INFINITY;
        assert_eq!(
            stationary_from_log(&[vec![never, -1.0], vec![never, never]]),
            Err(InvasionError::Reducible { state: 1 })
        );
    }
}
