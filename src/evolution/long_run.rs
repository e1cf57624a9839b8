//! Long-run shares of a Moran process with mutation. With mutation no type ever stays
//! fixed (a mutant can always appear), so fixation probabilities mean nothing there; what
//! a study reports instead is how much of the time each type holds: the share of the
//! population of each type averaged over every step of a run, then over runs.
//!
//! Runs are played in parallel and folded in run order, so the result does not depend
//! on the number of threads.

use rayon::prelude::*;

use super::fixation::FixationStudy;

/// Mean share of each type over time and runs, with a 95% interval across runs.
#[derive(Clone, Debug, PartialEq)]
pub struct LongRunShares {
    /// Type names.
    pub type_names: Vec<String>,
    /// Runs played.
    pub runs: u64,
    /// Mean over runs of each type's time-averaged share (steps 1 to the last).
    pub shares: Vec<f64>,
    /// Mean +- 1.96 standard errors across runs, clamped to [0, 1] (a normal
    /// approximation: read it with care for few runs).
    pub intervals: Vec<(f64, f64)>,
}

/// Time-averaged shares of one run: the mean of count / N over the recorded steps after
/// the start (the start itself is the initial population, not an outcome).
pub fn run_shares(counts: &[(u64, Vec<u32>)], k: usize, n: f64) -> Vec<f64> {
    let steps = if counts.len() > 1 {
        &counts[1..]
    } else {
        counts
    };
    let mut sums = vec![0.0; k];
    for (_, c) in steps {
        for (s, &v) in sums.iter_mut().zip(c) {
            *s += f64::from(v) / n;
        }
    }
    let len = steps.len().max(1) as f64;
    sums.iter().map(|s| s / len).collect()
}

/// Plays `study.runs` runs (recording counts) and averages the shares; `on_progress`
/// hears the number of finished runs after each batch.
pub fn long_run_shares(study: &FixationStudy, mut on_progress: impl FnMut(u64)) -> LongRunShares {
    let k = study.process.type_names.len();
    let n = study.process.size().max(1) as f64;
    let mut per_run: Vec<Vec<f64>> = Vec::with_capacity(study.runs as usize);
    let batch = (rayon::current_num_threads() as u64 * 8).max(8);
    let mut start = 0;
    while start < study.runs {
        let end = (start + batch).min(study.runs);
        let shares: Vec<Vec<f64>> = (start..end)
            .into_par_iter()
            .map(|r| run_shares(&study.process.run(study.seed, r, true).counts, k, n))
            .collect();
        per_run.extend(shares);
        start = end;
        on_progress(end);
    }
    let mut result = from_runs(&study.process.type_names, &per_run);
    result.runs = study.runs;
    result
}

/// The long-run shares from each run's time-averaged shares (in run order).
pub fn from_runs(type_names: &[String], per_run: &[Vec<f64>]) -> LongRunShares {
    let k = type_names.len();
    let runs = per_run.len() as f64;
    let mean: Vec<f64> = (0..k)
        .map(|t| per_run.iter().map(|s| s[t]).sum::<f64>() / runs.max(1.0))
        .collect();
    let intervals = (0..k)
        .map(|t| {
            if per_run.len() < 2 {
                return (mean[t], mean[t]);
            }
            let var = per_run
                .iter()
                .map(|s| (s[t] - mean[t]).powi(2))
                .sum::<f64>()
                / (runs - 1.0);
            let half = 1.96 * (var / runs).sqrt();
            ((mean[t] - half).max(0.0), (mean[t] + half).min(1.0))
        })
        .collect();
    LongRunShares {
        type_names: type_names.to_vec(),
        runs: per_run.len() as u64,
        shares: mean,
        intervals,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_shares_average_the_steps_after_the_start() {
        // N = 4, two types: start (4, 0) is skipped; then (2, 2) and (1, 3).
        let counts = vec![(0, vec![4, 0]), (1, vec![2, 2]), (2, vec![1, 3])];
        let s = run_shares(&counts, 2, 4.0);
        assert_eq!(s, vec![(0.5 + 0.25) / 2.0, (0.5 + 0.75) / 2.0]);
        assert!((s.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // Only the start recorded: it is used.
        assert_eq!(run_shares(&counts[..1], 2, 4.0), vec![1.0, 0.0]);
    }
}
