//! Kind `fixation`: every ordered pair's fixation probability (one mutant
//! A among N - 1 B). Units are (ordered pair, Moran run), id `pair * runs +
//! run`, each keyed by (seed, unit id) (`evolution::fixation_matrix`);
//! folded in id order into each pair's count, so the files depend on
//! neither threads nor shards. In a shard the units are the rows of
//! `fixations.csv` (pair, run, 1 when the mutant took over). Written:
//! `fixation_matrix.csv`, its heat map, `scenario.toml`, `run.json`.

use crate::evolution::fixation_matrix::PairFixation;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::fixation_files::{draw_fixation_matrix, write_fixation_matrix};
use crate::output::shard_files::{FIXATIONS, read_fixations, write_fixations};
use crate::output::table;
use crate::scenario::FixationScenario;
use crate::study::folder::dependencies;
use crate::study::kinds::exact_pairs::prepare_table;
use crate::study::registry::Context;
use crate::study::shard::{RowsAtEnd, read_rows};
use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, ShardFormat, ShardRead, Sink, Study, StudyError,
    Timing, UnitWriter,
};
use serde_json::json;
use std::io;
use std::ops::Range;
use std::path::Path;

/// A fixation matrix.
pub struct Fixation<'a> {
    scenario: &'a FixationScenario,
    context: Context,
}

impl<'a> Fixation<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a FixationScenario, context: Context) -> Self {
        Fixation { scenario, context }
    }

    /// The expected payoff table (`[match] method = "exact"`), computed
    /// within the joint-state limit before any pair uses it.
    fn prepare(&self) -> Result<(), StudyError> {
        match &self.scenario.study.expected {
            Some(table) => prepare_table(table, &self.scenario.name, self.context.no_limit),
            None => Ok(()),
        }
    }
}

impl Study for Fixation<'_> {
    /// Whether the mutant took over.
    type Unit = bool;
    type Fold = Vec<PairFixation>;
    type Done = Vec<PairFixation>;

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.study.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }
    fn plan(&self) -> Plan {
        Plan {
            units: self.scenario.study.unit_count(),
            noun: "runs",
            parts: true,
            shown: true,
        }
    }

    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, bool>,
    ) -> Result<(), StudyError> {
        let study = &self.scenario.study;
        self.prepare()?;
        progress.part(&format!("{} ordered pairs", study.pairs().len()));
        let mut failure = None;
        study.run_ids(
            ids,
            |id, fixed| {
                if failure.is_none()
                    && let Err(e) = sink(id, fixed)
                {
                    failure = Some(e);
                }
            },
            |done| progress.set(done),
        );
        failure.map_or(Ok(()), Err)
    }

    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Vec<PairFixation>, StudyError> {
        self.prepare()?;
        Ok(self.scenario.study.empty_estimates())
    }

    fn fold(
        &self,
        estimates: &mut Vec<PairFixation>,
        id: u64,
        fixed: bool,
        _: &ResultsFolder,
    ) -> Result<(), StudyError> {
        let runs = self.scenario.study.runs.max(1);
        let e = &mut estimates[(id / runs) as usize];
        e.runs += 1;
        e.fixations += u64::from(fixed);
        Ok(())
    }

    fn finish(&self, estimates: Vec<PairFixation>) -> Result<Vec<PairFixation>, StudyError> {
        Ok(estimates)
    }

    fn write(
        &self,
        estimates: Vec<PairFixation>,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let scenario = self.scenario;
        let resolved_toml = &self.context.resolved;
        let estimates = &estimates[..];
        let study = &scenario.study;
        let names: Vec<String> = study.players.iter().map(|p| p.name.clone()).collect();
        folder.write("fixation_matrix.csv", |p| {
            write_fixation_matrix(p, &names, study.size, estimates)
        })?;
        folder.text("scenario.toml", resolved_toml)?;
        if scenario.charts {
            draw_fixation_matrix(
                &folder.file("fixation_matrix"),
                &format!(
                    "Fixation probability ({} runs, N = {}, {})",
                    study.runs,
                    study.size,
                    study.mode.id()
                ),
                &names,
                estimates,
            )
            .map_err(|e| folder.chart_failed(e))?;
        }
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": scenario.name,
            "kind": "fixation",
            "seed": study.seed,
            "threads": rayon::current_num_threads(),
            "strategies": names.len(),
            "size": study.size,
            "mode": study.mode.id(),
            "runs_per_pair": study.runs,
            "runs": study.unit_count(),
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        folder.text("run.json", &format!("{run:#}\n"))?;
        let pairs: Vec<serde_json::Value> = estimates
            .iter()
            .map(|e| {
                let (low, high) = e.interval();
                json!({
                    "mutant": names[e.mutant],
                    "resident": names[e.resident],
                    "runs": e.runs,
                    "fixations": e.fixations,
                    "probability": e.probability(),
                    "interval": [low, high],
                    "exact": e.exact,
                })
            })
            .collect();
        Ok(Report {
            name: scenario.name.clone(),
            summary_key: "pairs",
            summary: serde_json::Value::Array(pairs),
            run,
            text: report_text(scenario, &names, estimates),
            page: None,
        })
    }

    fn shard_format(&self) -> Option<ShardFormat> {
        Some(ShardFormat {
            kind: "fixation",
            data: FIXATIONS,
            unit_key: "runs",
            ids_key: "run_ids",
            unit_words: "Moran runs",
        })
    }

    fn shard_writer<'b>(
        &'b self,
        dir: &Path,
        _: Range<u64>,
    ) -> Result<Box<dyn UnitWriter<bool> + Send + 'b>, (&'static str, io::Error)> {
        let runs = self.scenario.study.runs.max(1);
        let row = move |id: u64, fixed: &bool| (id / runs, id % runs, *fixed);
        Ok(Box::new(RowsAtEnd::new(
            dir,
            FIXATIONS,
            row,
            write_fixations,
        )))
    }

    fn read_shard(
        &self,
        dir: &Path,
        ids: Range<u64>,
        each: &mut Sink<'_, bool>,
    ) -> Result<(), ShardRead> {
        let runs = self.scenario.study.runs.max(1);
        let path = dir.join(FIXATIONS);
        let read = |row: &mut dyn FnMut((u64, u64, bool)) -> Result<(), String>| {
            read_fixations(&path, |pair, run, fixed| row((pair, run, fixed)))
        };
        let unit = |id: u64, (pair, run, fixed): (u64, u64, bool)| {
            if (pair, run) != (id / runs, id % runs) {
                return Err(format!(
                    "pair {pair} run {run} where unit {id} (pair {}, run {}) belongs",
                    id / runs,
                    id % runs
                ));
            }
            Ok(fixed)
        };
        read_rows(FIXATIONS, ids, "runs", read, unit, each)
    }

    fn same_unit(&self, replayed: &bool, kept: &bool) -> Option<bool> {
        Some(replayed == kept)
    }
}

/// One line per ordered pair (at most 40 shown).
fn report_text(
    scenario: &FixationScenario,
    names: &[String],
    estimates: &[PairFixation],
) -> String {
    let short = |s: &str| {
        if s.chars().count() > 22 {
            s.chars().take(21).collect::<String>() + "…"
        } else {
            s.to_string()
        }
    };
    let mut rows = vec![
        ["mutant", "resident", "p", "95% interval", "exact"]
            .map(String::from)
            .to_vec(),
    ];
    for e in estimates.iter().take(40) {
        let (low, high) = e.interval();
        rows.push(vec![
            short(&names[e.mutant]),
            short(&names[e.resident]),
            format!("{:.4}", e.probability()),
            format!("{low:.3}-{high:.3}"),
            e.exact
                .map_or_else(|| "-".to_string(), |x| format!("{x:.4}")),
        ]);
    }
    let s = &scenario.study;
    let mut text = format!(
        "{}: {} ordered pairs, N = {}, {} runs each, mode {} (neutral 1/N = {})\n",
        scenario.name,
        estimates.len(),
        s.size,
        s.runs,
        s.mode.id(),
        python_float(1.0 / s.size as f64)
    );
    text += &table::render(&rows, &[false, false, true, true, true]);
    if estimates.len() > 40 {
        text += &format!(
            "... {} more pairs in fixation_matrix.csv\n",
            estimates.len() - 40
        );
    }
    text
}
