//! Kind `moran`: fixation probabilities of a Moran process over `runs`
//! runs (in parallel batches, folded in run order), the counts per step of
//! run 0, and with mutation the long-run shares. Written: `fixation.csv`,
//! `counts.csv`, `long_run_shares.csv` (with mutation), charts,
//! `scenario.toml`, `run.json`.

use crate::evolution::fixation::{FixationResult, FixationStudy, estimate_fixation};
use crate::evolution::long_run::LongRunShares;
use crate::evolution::moran::MoranRun;
use crate::output::charts::{ChartError, ChartJob, par_draw};
use crate::output::evolution_files as files;
use crate::scenario::MoranScenario;
use crate::study::folder::dependencies;
use crate::study::kinds::exact_pairs::prepare_process;
use crate::study::kinds::whole::Analysis;
use crate::study::registry::Context;
use crate::study::{Progress, Report, ResultsFolder, StudyError, Timing};
use serde_json::json;

/// A Moran study.
pub struct Moran<'a> {
    scenario: &'a MoranScenario,
    context: Context,
}

impl<'a> Moran<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a MoranScenario, context: Context) -> Self {
        Moran { scenario, context }
    }
}

/// The estimates and run 0's counts.
pub struct Estimated {
    result: FixationResult,
    long_run: Option<LongRunShares>,
    example: MoranRun,
}

impl Analysis for Moran<'_> {
    type Result = Estimated;

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }

    fn compute(&self, progress: &dyn Progress) -> Result<Estimated, StudyError> {
        let scenario = self.scenario;
        let process = &scenario.process;
        prepare_process(process, &scenario.name, self.context.no_limit)?;
        let study = FixationStudy {
            process: process.clone(),
            runs: scenario.runs,
            seed: scenario.seed,
        };
        progress.start(scenario.runs, "runs", &scenario.name, false);
        let result = estimate_fixation(&study, |done| progress.set(done));
        progress.finish();
        let example = process.run(scenario.seed, 0, true);
        // With mutation nothing stays fixed: report long-run shares instead.
        let long_run = (process.mutation > 0.0)
            .then(|| crate::evolution::long_run::long_run_shares(&study, |_| {}));
        Ok(Estimated {
            result,
            long_run,
            example,
        })
    }

    fn write(
        &self,
        estimated: Estimated,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let scenario = self.scenario;
        let process = &scenario.process;
        let Estimated {
            result,
            long_run,
            example,
        } = estimated;
        let names = &process.type_names;
        let initial: Vec<u32> = scenario.population.iter().map(|p| p.1).collect();
        let n = process.size();
        folder.write("fixation.csv", |p| {
            files::write_fixation(p, &result, &initial)
        })?;
        folder.write("counts.csv", |p| {
            files::write_counts(p, names, &example.counts)
        })?;
        if let Some(shares) = &long_run {
            folder.write("long_run_shares.csv", |p| files::write_long_run(p, shares))?;
        }
        folder.text("scenario.toml", &self.context.resolved)?;
        if scenario.charts {
            let xs: Vec<f64> = example.counts.iter().map(|c| c.0 as f64).collect();
            let shares: Vec<Vec<f64>> = example
                .counts
                .iter()
                .map(|c| c.1.iter().map(|&v| v as f64).collect())
                .collect();
            let (long_run_stem, fixation_stem, shares_stem) = (
                folder.file("long_run_shares"),
                folder.file("fixation"),
                folder.file("shares"),
            );
            let (result, initial, xs, shares) = (&result, &initial, &xs, &shares);
            // The long-run shares or fixation chart and the shares chart, drawn at once.
            let outcome: ChartJob<'_, ChartError> = match &long_run {
                Some(long) => Box::new(move || {
                    files::draw_long_run(
                        &long_run_stem,
                        &format!(
                            "Long-run shares ({} runs of {} steps, mutation {}, N = {n})",
                            long.runs,
                            process.max_steps.unwrap_or(0),
                            process.mutation
                        ),
                        long,
                    )
                }),
                None => Box::new(move || {
                    // Neutral reference only when every type starts with one individual.
                    let neutral = initial.iter().all(|&c| c == 1).then_some(1.0 / n as f64);
                    files::draw_fixation(
                        &fixation_stem,
                        &format!("Fixation probability ({} runs, N = {n})", result.runs),
                        result,
                        neutral,
                    )
                }),
            };
            let shares_chart: ChartJob<'_, ChartError> = Box::new(move || {
                files::draw_shares(
                    &shares_stem,
                    "Population shares, run 0",
                    "Step (one birth and one death)",
                    names,
                    xs,
                    shares,
                )
            });
            par_draw(vec![outcome, shares_chart]).map_err(|e| folder.chart_failed(e))?;
        }
        let summary = json!({
            "strategies": names,
            "initial_counts": initial,
            "runs": result.runs,
            "fixations": result.fixations,
            "unfixed": result.unfixed,
            "probabilities": result.probabilities,
            "intervals95": result.intervals,
            "mean_steps": result.mean_steps,
        });
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": scenario.name,
            "kind": "moran",
            "seed": scenario.seed,
            "threads": rayon::current_num_threads(),
            "population": n,
            "mode": process.mode.id(),
            "runs": scenario.runs,
            "compute_seconds": timing.computed.as_secs_f64(),
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        let mut report = format!(
            "{}: {} of the Moran process ({}), N = {n}\n",
            scenario.name,
            crate::output::width::count(result.runs, "run", "runs"),
            process.mode.id()
        );
        let mut rows = vec![
            ["strategy", "start", "fixed", "p", "95% interval"]
                .map(String::from)
                .to_vec(),
        ];
        for (t, name) in names.iter().enumerate() {
            rows.push(vec![
                name.to_string(),
                initial[t].to_string(),
                result.fixations[t].to_string(),
                format!("{:.4}", result.probabilities[t]),
                format!(
                    "[{:.4}, {:.4}]",
                    result.intervals[t].0, result.intervals[t].1
                ),
            ]);
        }
        report += &crate::output::table::render(&rows, &[false, true, true, true, true]);
        if let Some(shares) = &long_run {
            report += &crate::output::width::fit(
                "with mutation no type stays fixed; long-run shares (time average, mean over runs):\n",
            );
            let mut share_rows = vec![
                ["strategy", "share", "95% interval"]
                    .map(String::from)
                    .to_vec(),
            ];
            for (t, name) in names.iter().enumerate() {
                share_rows.push(vec![
                    name.to_string(),
                    format!("{:.4}", shares.shares[t]),
                    format!(
                        "[{:.4}, {:.4}]",
                        shares.intervals[t].0, shares.intervals[t].1
                    ),
                ]);
            }
            report += &crate::output::table::render(&share_rows, &[false, true, true]);
        }
        if result.unfixed > 0 {
            report += &format!(
                "{} at the step limit before fixation\n",
                crate::output::width::count(result.unfixed, "run stopped", "runs stopped")
            );
        }
        folder.text("run.json", &format!("{run:#}\n"))?;
        Ok(Report {
            name: scenario.name.clone(),
            summary_key: "summary",
            summary,
            run,
            text: report,
            page: None,
        })
    }
}
