//! Kind `moran` with `[sweep]`: the Moran study at every grid point.
//! Units are (grid point, Moran run), point k's runs following point
//! k - 1's (id = runs of the earlier points + run), each run with its own
//! generator keyed by (seed, run); a point is folded in run order
//! (`evolution::moran_units`) as soon as its last run comes, writing
//! `points/<k>/` when asked. In a shard the units are the rows of
//! `moran_runs.csv` (`output::moran_runs_file`). Written: `sweep.csv`, the
//! charts, `scenario.toml`, `run.json`.

use crate::evolution::moran_units::{RunOutcome, fold_runs, play_runs};
use crate::output::evolution_files as files;
use crate::output::evolution_sweep_files::{
    MoranPoint, write_moran_sweep_charts, write_moran_sweep_csv,
};
use crate::output::moran_runs_file::{MORAN_RUNS, read_moran_runs, write_moran_runs};
use crate::scenario::MoranScenario;
use crate::scenario::evolution_sweep::StudySweep;
use crate::study::folder::{dependencies, point_folder};
use crate::study::kinds::exact_pairs::prepare_process;
use crate::study::kinds::point_table::{point_table, top_index};
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

/// A Moran sweep.
pub struct MoranSweep<'a> {
    sweep: &'a StudySweep<MoranScenario>,
    context: Context,
    /// First unit id of each point.
    offsets: Vec<u64>,
    /// All unit ids.
    total: u64,
}

/// One Moran run of one grid point.
pub struct MoranUnit {
    /// The grid point.
    pub point: usize,
    /// The run within the point.
    pub run: u64,
    /// What the run leaves for the estimates.
    pub outcome: RunOutcome,
}

impl<'a> MoranSweep<'a> {
    /// The study of `sweep`.
    pub fn new(sweep: &'a StudySweep<MoranScenario>, context: Context) -> Self {
        let mut offsets = Vec::with_capacity(sweep.points.len());
        let mut total = 0u64;
        for p in &sweep.points {
            offsets.push(total);
            total += p.study.runs;
        }
        MoranSweep {
            sweep,
            context,
            offsets,
            total,
        }
    }

    /// Unit id -> (point, run).
    /// Point `k`'s expected payoff table (`[match] method = "exact"`),
    /// computed within the joint-state limit.
    fn prepare(&self, k: usize) -> Result<(), StudyError> {
        let at = format!("{}: grid point {k}", self.sweep.base.name);
        prepare_process(
            &self.sweep.points[k].study.process,
            &at,
            self.context.no_limit,
        )
    }

    fn locate(&self, id: u64) -> Option<(usize, u64)> {
        if id >= self.total {
            return None;
        }
        let k = self.offsets.partition_point(|&o| o <= id) - 1;
        Some((k, id - self.offsets[k]))
    }

    /// Folds point `k` (its runs in order) and writes its `points/<k>/`.
    fn close_point(
        &self,
        k: usize,
        outcomes: &[RunOutcome],
        folder: &ResultsFolder,
    ) -> Result<MoranPoint, StudyError> {
        let point = fold_moran_point(self.sweep, k, outcomes);
        write_moran_point(self.sweep, k, &point, folder)?;
        Ok(point)
    }

    /// Closes every point before `k` not closed yet.
    fn close_before(
        &self,
        fold: &mut Fold,
        k: usize,
        folder: &ResultsFolder,
    ) -> Result<(), StudyError> {
        while fold.points.len() < k {
            let point = self.close_point(fold.points.len(), &fold.current, folder)?;
            fold.current.clear();
            fold.points.push(point);
        }
        Ok(())
    }
}

/// The points folded so far and the runs of the current one.
pub struct Fold {
    points: Vec<MoranPoint>,
    current: Vec<RunOutcome>,
}

impl Study for MoranSweep<'_> {
    type Unit = MoranUnit;
    type Fold = Fold;
    type Done = Fold;

    fn name(&self) -> &str {
        &self.sweep.base.name
    }
    fn seed(&self) -> u64 {
        self.sweep.base.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }
    fn plan(&self) -> Plan {
        Plan {
            units: self.total,
            noun: "runs",
            parts: true,
            shown: true,
        }
    }

    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, MoranUnit>,
    ) -> Result<(), StudyError> {
        let points = self.sweep.points.len();
        let mut done = 0;
        for (k, point) in self.sweep.points.iter().enumerate() {
            let offset = self.offsets[k];
            let end = offset + point.study.runs;
            let (from, to) = (ids.start.max(offset), ids.end.min(end));
            if from >= to {
                continue;
            }
            progress.part(&format!("point {}/{points}", k + 1));
            let study = &point.study;
            self.prepare(k)?;
            let played = play_runs(
                &study.process,
                study.seed,
                from - offset..to - offset,
                |d| progress.set(done + d),
            );
            for (outcome, run) in played.into_iter().zip(from - offset..) {
                sink(
                    offset + run,
                    MoranUnit {
                        point: k,
                        run,
                        outcome,
                    },
                )?;
            }
            done += to - from;
        }
        Ok(())
    }

    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Fold, StudyError> {
        // Every point's expected table, before a point's example run is
        // written (a merge plays no unit).
        for k in 0..self.sweep.points.len() {
            self.prepare(k)?;
        }
        Ok(Fold {
            points: Vec::with_capacity(self.sweep.points.len()),
            current: Vec::new(),
        })
    }

    fn fold(
        &self,
        fold: &mut Fold,
        _: u64,
        unit: MoranUnit,
        folder: &ResultsFolder,
    ) -> Result<(), StudyError> {
        self.close_before(fold, unit.point, folder)?;
        fold.current.push(unit.outcome);
        if unit.run + 1 == self.sweep.points[unit.point].study.runs {
            self.close_before(fold, unit.point + 1, folder)?;
        }
        Ok(())
    }

    fn finish(&self, fold: Fold) -> Result<Fold, StudyError> {
        Ok(fold)
    }

    fn write(
        &self,
        mut fold: Fold,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        self.close_before(&mut fold, self.sweep.points.len(), folder)?;
        write_moran_sweep(
            self.sweep,
            &self.context.resolved,
            folder,
            &fold.points,
            timing,
        )
    }

    fn shard_format(&self) -> Option<ShardFormat> {
        Some(ShardFormat {
            kind: "moran-sweep",
            data: MORAN_RUNS,
            unit_key: "runs",
            ids_key: "run_ids",
            unit_words: "Moran runs",
        })
    }

    fn shard_writer<'b>(
        &'b self,
        dir: &Path,
        _: Range<u64>,
    ) -> Result<Box<dyn UnitWriter<MoranUnit> + Send + 'b>, (&'static str, io::Error)> {
        let row = |_: u64, u: &MoranUnit| (u.point, u.run, u.outcome.clone());
        Ok(Box::new(RowsAtEnd::new(
            dir,
            MORAN_RUNS,
            row,
            write_moran_runs,
        )))
    }

    fn read_shard(
        &self,
        dir: &Path,
        ids: Range<u64>,
        each: &mut Sink<'_, MoranUnit>,
    ) -> Result<(), ShardRead> {
        let types = self.sweep.base.process.type_names.len();
        let path = dir.join(MORAN_RUNS);
        let read = |row: &mut dyn FnMut((usize, u64, RunOutcome)) -> Result<(), String>| {
            read_moran_runs(&path, |point, run, outcome| row((point, run, outcome)))
        };
        let unit = |id: u64, (point, run, outcome): (usize, u64, RunOutcome)| {
            let expected = self.locate(id);
            if expected != Some((point, run)) {
                let (k, r) = expected.unwrap_or_default();
                return Err(format!(
                    "point {point} run {run} where unit {id} (point {k}, run {r}) belongs"
                ));
            }
            let mutates = self.sweep.points[point].study.process.mutation > 0.0;
            let fits = outcome.fixed.is_none_or(|t| t < types)
                && outcome.shares.as_ref().map(Vec::len) == mutates.then_some(types);
            if !fits {
                return Err(format!(
                    "point {point} run {run}: a type index or shares that do not fit {types} types"
                ));
            }
            Ok(MoranUnit {
                point,
                run,
                outcome,
            })
        };
        read_rows(MORAN_RUNS, ids, "runs", read, unit, each)
    }

    fn same_unit(&self, replayed: &MoranUnit, kept: &MoranUnit) -> Option<bool> {
        Some(
            (replayed.point, replayed.run, &replayed.outcome)
                == (kept.point, kept.run, &kept.outcome),
        )
    }
}

/// Point `k` of a Moran sweep from its runs' outcomes (runs 0, 1, ... in
/// order).
fn fold_moran_point(
    sweep: &StudySweep<MoranScenario>,
    k: usize,
    outcomes: &[RunOutcome],
) -> MoranPoint {
    let point = &sweep.points[k];
    let study = &point.study;
    let (fixation, long_run) = fold_runs(&study.process.type_names, outcomes);
    MoranPoint {
        coordinates: point.coordinates.clone(),
        initial: study.population.iter().map(|p| p.1).collect(),
        fixation,
        long_run,
    }
}

/// Writes `points/<k>/` of a Moran sweep when it asks for them.
fn write_moran_point(
    sweep: &StudySweep<MoranScenario>,
    k: usize,
    result: &MoranPoint,
    folder: &ResultsFolder,
) -> Result<(), StudyError> {
    let study = &sweep.points[k].study;
    let process = &study.process;
    let (fixation, long_run, initial) = (&result.fixation, &result.long_run, &result.initial);
    if sweep.write_points {
        let name = point_folder(k, sweep.points.len());
        folder.create_dir(&name)?;
        folder.write(&format!("{name}/fixation.csv"), |p| {
            files::write_fixation(p, fixation, initial)
        })?;
        if let Some(shares) = long_run {
            folder.write(&format!("{name}/long_run_shares.csv"), |p| {
                files::write_long_run(p, shares)
            })?;
        }
        let example = process.run(study.seed, 0, true);
        folder.write(&format!("{name}/counts.csv"), |p| {
            files::write_counts(p, &process.type_names, &example.counts)
        })?;
    }
    Ok(())
}

/// Writes a Moran sweep's `sweep.csv`, charts, `scenario.toml` and
/// `run.json`, and says what to report.
fn write_moran_sweep(
    sweep: &StudySweep<MoranScenario>,
    resolved_toml: &str,
    folder: &ResultsFolder,
    points: &[MoranPoint],
    timing: Timing,
) -> Result<Report, StudyError> {
    let base = &sweep.base;
    let keys = sweep.keys();
    folder.write("sweep.csv", |p| write_moran_sweep_csv(p, &keys, points))?;
    folder.text("scenario.toml", resolved_toml)?;
    let names = &base.process.type_names;
    if base.charts {
        write_moran_sweep_charts(folder.path(), &keys, &sweep.sizes(), names, points)
            .map_err(|e| folder.chart_failed(e))?;
    }
    let runs: u64 = sweep.points.iter().map(|p| p.study.runs).sum();
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": base.name,
        "kind": "moran-sweep",
        "seed": base.seed,
        "threads": rayon::current_num_threads(),
        "keys": keys.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>(),
        "points": points.len(),
        "strategies": names.len(),
        "runs": runs,
        "total_seconds": timing.started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    folder.text("run.json", &format!("{run:#}\n"))?;
    let summary: Vec<serde_json::Value> = points
        .iter()
        .enumerate()
        .map(|(k, p)| {
            json!({
                "point": k,
                "values": p.coordinates,
                "fixations": p.fixation.fixations,
                "probabilities": p.fixation.probabilities,
                "unfixed": p.fixation.unfixed,
                "mean_steps": p.fixation.mean_steps,
                "long_run_shares": p.long_run.as_ref().map(|l| l.shares.clone()),
            })
        })
        .collect();
    let report = || {
        let rows = points.iter().map(|p| {
            let (values, mark) = match &p.long_run {
                Some(l) => (&l.shares, "*"),
                None => (&p.fixation.probabilities, ""),
            };
            let top = top_index(values);
            vec![
                names[top].clone(),
                format!("{:.4}{mark}", values[top]),
                format!("{:.1}", p.fixation.mean_steps),
            ]
        });
        let coordinates: Vec<&[f64]> = points.iter().map(|p| &p.coordinates[..]).collect();
        let mut text = crate::output::width::fit(&format!(
            "{}: Moran ({}), {} points x {} strategies, {runs} runs\n",
            base.name,
            base.process.mode.id(),
            points.len(),
            names.len(),
        ));
        text += &point_table(&keys, &coordinates, ["top", "p", "steps"], rows);
        if points.iter().any(|p| p.long_run.is_some()) {
            text += "top: most often fixed, p its fixation probability; * with mutation: the\n\
                     largest long-run share instead\n";
        }
        text
    };
    Ok(Report {
        name: base.name.to_string(),
        summary_key: "points",
        summary: serde_json::Value::Array(summary),
        run,
        text: report(),
        page: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_ids_are_points_runs_end_to_end() {
        // The number of runs swept: points of 3, 1 and 5 runs.
        let text = r#"
name = "ids"
kind = "moran"
[match]
turns = 5
[moran]
runs = 2
[[players]]
strategy = "cooperator"
count = 2
[[players]]
strategy = "defector"
count = 2
[sweep.x]
key = "moran.runs"
values = [3, 1, 5]
"#;
        let source = crate::scenario::Source {
            path: "ids.toml".into(),
            text: text.into(),
        };
        let loaded = crate::scenario::parse(&source, Path::new("ids.toml")).unwrap();
        let crate::scenario::Scenario::EvolutionSweep(sweep) = &loaded.scenario else {
            panic!("a sweep")
        };
        let crate::scenario::EvolutionSweep::Moran(sweep) = &**sweep else {
            panic!("a Moran sweep")
        };
        let context = Context {
            resolved: String::new(),
            no_limit: false,
            checkpoints: Default::default(),
        };
        let study = MoranSweep::new(sweep, context);
        assert_eq!(study.total, 9);
        let located: Vec<_> = (0..study.total)
            .map(|id| study.locate(id).unwrap())
            .collect();
        assert_eq!(
            located,
            vec![
                (0, 0),
                (0, 1),
                (0, 2),
                (1, 0),
                (2, 0),
                (2, 1),
                (2, 2),
                (2, 3),
                (2, 4)
            ]
        );
        assert_eq!(study.locate(study.total), None);
    }
}
