//! Fixation probabilities estimated from many independent runs.
//!
//! Run r uses the generator keyed by (seed, r) (see
//! [`crate::evolution::moran::run_rng`]); runs are played in parallel on the
//! current rayon pool and folded in run order, so the estimate is the same on
//! any number of threads. Each probability comes with a 95% Wilson interval
//! ([`crate::evolution::interval`]).

use crate::evolution::interval::{Z95, wilson_interval};
use crate::evolution::moran::MoranProcess;
use rayon::prelude::*;
use serde::Serialize;

/// Many runs of one process.
#[derive(Clone, Debug)]
pub struct FixationStudy {
    /// The process.
    pub process: MoranProcess,
    /// Number of independent runs.
    pub runs: u64,
    /// Master seed.
    pub seed: u64,
}

/// How often each type fixed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FixationResult {
    /// Type names.
    pub type_names: Vec<String>,
    /// Runs played.
    pub runs: u64,
    /// Runs won by each type.
    pub fixations: Vec<u64>,
    /// Runs that stopped (step limit) before any type fixed.
    pub unfixed: u64,
    /// Fixations / runs per type.
    pub probabilities: Vec<f64>,
    /// 95% Wilson interval per type.
    pub intervals: Vec<(f64, f64)>,
    /// Mean number of steps per run.
    pub mean_steps: f64,
}

/// Runs the study; `on_progress` hears the number of finished runs after
/// each batch.
pub fn estimate_fixation(
    study: &FixationStudy,
    mut on_progress: impl FnMut(u64),
) -> FixationResult {
    let k = study.process.type_names.len();
    let mut fixations = vec![0u64; k];
    let mut unfixed = 0u64;
    let mut steps = 0u128;
    let batch = (rayon::current_num_threads() as u64 * 64).max(64);
    let mut start = 0;
    while start < study.runs {
        let end = (start + batch).min(study.runs);
        let outcomes: Vec<(Option<usize>, u64)> = (start..end)
            .into_par_iter()
            .map(|r| {
                let run = study.process.run(study.seed, r, false);
                (run.fixed, run.steps)
            })
            .collect();
        for (fixed, s) in outcomes {
            match fixed {
                Some(t) => fixations[t] += 1,
                None => unfixed += 1,
            }
            steps += s as u128;
        }
        start = end;
        on_progress(end);
    }
    fixation_result(
        &study.process.type_names,
        study.runs,
        fixations,
        unfixed,
        steps,
    )
}

/// The estimate from the counts of `runs` runs: fixations per type, runs
/// that stopped unfixed, and the steps of all runs.
pub fn fixation_result(
    type_names: &[String],
    runs: u64,
    fixations: Vec<u64>,
    unfixed: u64,
    steps: u128,
) -> FixationResult {
    FixationResult {
        type_names: type_names.to_vec(),
        runs,
        probabilities: fixations
            .iter()
            .map(|&f| {
                if runs == 0 {
                    0.0
                } else {
                    f as f64 / runs as f64
                }
            })
            .collect(),
        intervals: fixations
            .iter()
            .map(|&f| wilson_interval(f, runs, Z95))
            .collect(),
        fixations,
        unfixed,
        mean_steps: if runs == 0 {
            0.0
        } else {
            steps as f64 / runs as f64
        },
    }
}

/// The fixation probability of a single mutant of relative fitness `r` in a
/// population of `n` under the Moran process (birth-death, well mixed):
/// (1 - 1/r) / (1 - 1/r^n), and 1/n when r = 1 (Nowak, Evolutionary
/// Dynamics, 2006, eq. 6.13).
pub fn moran_fixation_probability(r: f64, n: u32) -> f64 {
    if (r - 1.0).abs() < 1e-12 {
        1.0 / n as f64
    } else {
        (1.0 - 1.0 / r) / (1.0 - r.powi(-(n as i32)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evolution::graph::Graph;
    use crate::evolution::moran::{Fitness, Mode};

    fn study(n: usize, r: f64, mode: Mode, graph: Graph, runs: u64) -> FixationStudy {
        let mut initial = vec![0; n - 1];
        initial.push(1);
        FixationStudy {
            process: MoranProcess {
                type_names: vec!["resident".into(), "mutant".into()],
                fitness: Fitness::Constant(vec![1.0, r]),
                initial,
                mode,
                mutation: 0.0,
                interaction: graph.clone(),
                replacement: graph,
                max_steps: None,
            },
            runs,
            seed: 7,
        }
    }

    /// Wider than 95% so that the suite does not fail 1 time in 20: a
    /// 99.99% Wilson interval (z = 3.89).
    fn inside(result: &FixationResult, t: usize, expected: f64) {
        let (lo, hi) = wilson_interval(result.fixations[t], result.runs, 3.89);
        assert!(
            (lo..=hi).contains(&expected),
            "{}: {} of {} = {} not consistent with {expected} ({lo}, {hi})",
            result.type_names[t],
            result.fixations[t],
            result.runs,
            result.probabilities[t]
        );
    }

    #[test]
    fn neutral_drift_fixes_each_with_probability_one_over_n() {
        // N identical-behaving individuals, each its own type: each fixes
        // with probability 1/N, in both update rules and on a cycle too.
        let n = 8;
        for (mode, graph) in [
            (Mode::BirthDeath, Graph::complete(n)),
            (Mode::DeathBirth, Graph::complete(n)),
            (Mode::BirthDeath, Graph::cycle(n)),
        ] {
            let s = FixationStudy {
                process: MoranProcess {
                    type_names: (0..n).map(|i| format!("type {i}")).collect(),
                    fitness: Fitness::Constant(vec![1.0; n]),
                    initial: (0..n).collect(),
                    mode,
                    mutation: 0.0,
                    interaction: graph.clone(),
                    replacement: graph,
                    max_steps: None,
                },
                runs: 2000,
                seed: 11,
            };
            let result = estimate_fixation(&s, |_| {});
            assert_eq!(result.fixations.iter().sum::<u64>(), 2000);
            for t in 0..n {
                inside(&result, t, 1.0 / n as f64);
            }
        }
    }

    #[test]
    fn constant_fitness_matches_the_moran_formula() {
        for (n, r) in [(10usize, 1.5), (5, 2.0), (8, 0.8)] {
            let expected = moran_fixation_probability(r, n as u32);
            let result = estimate_fixation(
                &study(n, r, Mode::BirthDeath, Graph::complete(n), 3000),
                |_| {},
            );
            inside(&result, 1, expected);
            // The cycle is isothermal: same fixation probability
            // (Lieberman, Hauert & Nowak, Nature 433, 2005).
            let cycle = estimate_fixation(
                &study(n, r, Mode::BirthDeath, Graph::cycle(n), 1500),
                |_| {},
            );
            inside(&cycle, 1, expected);
        }
        assert!((moran_fixation_probability(1.0, 7) - 1.0 / 7.0).abs() < 1e-15);
    }

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let s = study(12, 1.3, Mode::DeathBirth, Graph::cycle(12), 300);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let three = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let a = one.install(|| estimate_fixation(&s, |_| {}));
        let b = three.install(|| estimate_fixation(&s, |_| {}));
        assert_eq!(a, b);
    }
}
