//! One Moran run as a unit of work, and the fold of a study's runs (in run
//! order) into its fixation estimate and, with mutation, its long-run
//! shares. A sweep point played on one machine and the same point merged
//! from shards fold the same outcomes the same way, so their numbers agree
//! bit for bit; the fold also gives what `estimate_fixation` and
//! `long_run_shares` give for the same study.

use crate::evolution::fixation::{FixationResult, fixation_result};
use crate::evolution::long_run::{LongRunShares, from_runs, run_shares};
use crate::evolution::moran::MoranProcess;
use rayon::prelude::*;

/// What one run leaves for the estimates.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOutcome {
    /// The type that took over, if any.
    pub fixed: Option<usize>,
    /// Steps played.
    pub steps: u64,
    /// Time-averaged shares per type, when the process mutates.
    pub shares: Option<Vec<f64>>,
}

/// Plays run `run` of `process` (generator keyed by (seed, run)).
pub fn play_run(process: &MoranProcess, seed: u64, run: u64) -> RunOutcome {
    let long_run = process.mutation > 0.0;
    let played = process.run(seed, run, long_run);
    let shares = long_run.then(|| {
        run_shares(
            &played.counts,
            process.type_names.len(),
            process.size().max(1) as f64,
        )
    });
    RunOutcome {
        fixed: played.fixed,
        steps: played.steps,
        shares,
    }
}

/// Plays runs `runs` in parallel batches, in run order; `on_progress`
/// hears how many are done after each batch.
pub fn play_runs(
    process: &MoranProcess,
    seed: u64,
    runs: std::ops::Range<u64>,
    mut on_progress: impl FnMut(u64),
) -> Vec<RunOutcome> {
    let mut out = Vec::with_capacity((runs.end - runs.start) as usize);
    let batch = (rayon::current_num_threads() as u64 * 16).max(16);
    let mut start = runs.start;
    while start < runs.end {
        let end = (start + batch).min(runs.end);
        let played: Vec<RunOutcome> = (start..end)
            .into_par_iter()
            .map(|r| play_run(process, seed, r))
            .collect();
        out.extend(played);
        on_progress(end - runs.start);
        start = end;
    }
    out
}

/// Folds the outcomes of runs 0, 1, ... (in order) of a process with the
/// types `type_names`: the fixation estimate, and the long-run shares when
/// every outcome carries shares (a mutating process).
pub fn fold_runs(
    type_names: &[String],
    outcomes: &[RunOutcome],
) -> (FixationResult, Option<LongRunShares>) {
    let mut fixations = vec![0u64; type_names.len()];
    let mut unfixed = 0;
    let mut steps = 0u128;
    for o in outcomes {
        match o.fixed {
            Some(t) => fixations[t] += 1,
            None => unfixed += 1,
        }
        steps += o.steps as u128;
    }
    let fixation = fixation_result(type_names, outcomes.len() as u64, fixations, unfixed, steps);
    let per_run: Option<Vec<Vec<f64>>> = outcomes.iter().map(|o| o.shares.clone()).collect();
    let long_run = per_run
        .filter(|p| !p.is_empty())
        .map(|p| from_runs(type_names, &p));
    (fixation, long_run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evolution::fixation::{FixationStudy, estimate_fixation};
    use crate::evolution::graph::Graph;
    use crate::evolution::long_run::long_run_shares;
    use crate::evolution::moran::{Fitness, Mode};

    fn process(mutation: f64) -> MoranProcess {
        MoranProcess {
            type_names: vec!["a".into(), "b".into(), "c".into()],
            fitness: Fitness::Constant(vec![1.0, 1.3, 0.8]),
            initial: vec![0, 0, 0, 1, 1, 2],
            mode: Mode::BirthDeath,
            mutation,
            interaction: Graph::complete(6),
            replacement: Graph::complete(6),
            max_steps: (mutation > 0.0).then_some(200),
        }
    }

    #[test]
    fn the_fold_gives_what_the_study_functions_give() {
        for mutation in [0.0, 0.05] {
            let p = process(mutation);
            let study = FixationStudy {
                process: p.clone(),
                runs: 150,
                seed: 9,
            };
            let outcomes = play_runs(&p, 9, 0..150, |_| {});
            let (fixation, long_run) = fold_runs(&p.type_names, &outcomes);
            assert_eq!(fixation, estimate_fixation(&study, |_| {}));
            assert_eq!(
                fixation.fixations.iter().sum::<u64>() + fixation.unfixed,
                150
            );
            if mutation > 0.0 {
                assert_eq!(long_run, Some(long_run_shares(&study, |_| {})));
            } else {
                assert!(long_run.is_none());
            }
        }
    }

    #[test]
    fn runs_played_in_pieces_equal_runs_played_at_once() {
        let p = process(0.05);
        let whole = play_runs(&p, 3, 0..40, |_| {});
        let mut pieces = play_runs(&p, 3, 0..13, |_| {});
        pieces.extend(play_runs(&p, 3, 13..40, |_| {}));
        assert_eq!(whole, pieces);
        assert_eq!(whole[17], play_run(&p, 3, 17));
        assert_ne!(whole[0], play_run(&p, 4, 0), "the seed matters");
    }
}
