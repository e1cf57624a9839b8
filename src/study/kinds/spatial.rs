//! Kind `spatial`: Nowak and May's lattice game. Units are the lattice's
//! states, id k the state after k steps (0: the start); they are played in
//! order (each step needs the one before) and folded as they come: counts
//! per step, the snapshots asked for (CSV now, charts at the end) and, with
//! `frames`, a chart per step drawn in parallel batches (at most ~64 MB of
//! lattice copies wait). Not split into shards. Written: `counts.csv`,
//! `types.csv`, `lattice_<step>.csv`, charts, `frames/`, `scenario.toml`,
//! `run.json`.

use crate::output::charts::{ChartError, ChartJob, par_draw};
use crate::output::evolution_files as files;
use crate::scenario::SpatialScenario;
use crate::study::folder::dependencies;
use crate::study::registry::Context;
use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, Sink, Study, StudyError, Timing,
};
use serde_json::json;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A spatial study.
pub struct Spatial<'a> {
    scenario: &'a SpatialScenario,
    context: Context,
}

impl<'a> Spatial<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a SpatialScenario, context: Context) -> Self {
        Spatial { scenario, context }
    }

    /// Digits of the step in file names.
    fn width(&self) -> usize {
        self.scenario.steps.to_string().len().max(4)
    }

    /// Draws the frames waiting in `pending` (each on its own: the same
    /// bytes as one at a time).
    fn draw_frames(
        &self,
        frames: &Path,
        pending: &mut Vec<(u64, Vec<u8>)>,
        folder: &ResultsFolder,
    ) -> Result<(), StudyError> {
        let (scenario, width) = (self.scenario, self.width());
        let game = &scenario.game;
        let jobs: Vec<ChartJob<'_, ChartError>> = pending
            .iter()
            .map(|(step, cells)| -> ChartJob<'_, ChartError> {
                let stem = frames.join(format!("frame_{step:0width$}"));
                Box::new(move || {
                    files::draw_lattice_state(
                        &stem,
                        &format!("The lattice at step {step}"),
                        game.rows,
                        game.cols,
                        cells,
                        &game.type_names,
                        true,
                    )
                })
            })
            .collect();
        let drawn = par_draw(jobs).map_err(|e| folder.chart_failed(e));
        pending.clear();
        drawn
    }
}

/// What the states leave as they come.
pub struct Fold {
    counts: Vec<(u64, Vec<u32>)>,
    snapshots: Vec<(PathBuf, u64, Vec<u8>)>,
    frames: Option<PathBuf>,
    pending: Vec<(u64, Vec<u8>)>,
    batch: usize,
}

impl Study for Spatial<'_> {
    /// The lattice after `id` steps.
    type Unit = Vec<u8>;
    type Fold = Fold;
    type Done = Fold;

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }
    fn plan(&self) -> Plan {
        Plan {
            units: self.scenario.steps + 1,
            noun: "steps",
            parts: false,
            shown: false,
        }
    }

    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, Vec<u8>>,
    ) -> Result<(), StudyError> {
        let scenario = self.scenario;
        let game = &scenario.game;
        progress.start(scenario.steps, "steps", &scenario.name, false);
        let mut lattice = scenario.start_lattice();
        let lists = game.neighbour_lists();
        if ids.contains(&0) {
            sink(0, lattice.clone())?;
        }
        for step in 0..scenario.steps.min(ids.end.saturating_sub(1)) {
            lattice = game.step_using(&lattice, step, &lists);
            if ids.contains(&(step + 1)) {
                sink(step + 1, lattice.clone())?;
            }
            progress.set(step + 1);
        }
        Ok(())
    }

    fn begin(&self, folder: &ResultsFolder, _: Origin) -> Result<Fold, StudyError> {
        let scenario = self.scenario;
        let game = &scenario.game;
        let frames = (scenario.frames && scenario.charts).then(|| folder.path().join("frames"));
        if let Some(dir) = &frames {
            std::fs::create_dir_all(dir)
                .map_err(|e| crate::study::error::failed("cannot create", dir, e))?;
        }
        // A batch holds at most ~64 MB of lattice copies.
        let batch = (64 << 20) / (game.rows * game.cols).max(1);
        Ok(Fold {
            counts: Vec::with_capacity(scenario.steps as usize + 1),
            snapshots: Vec::new(),
            frames,
            pending: Vec::new(),
            batch: batch.clamp(1, 4 * rayon::current_num_threads().max(1)),
        })
    }

    fn fold(
        &self,
        fold: &mut Fold,
        step: u64,
        lattice: Vec<u8>,
        folder: &ResultsFolder,
    ) -> Result<(), StudyError> {
        let (scenario, width) = (self.scenario, self.width());
        let game = &scenario.game;
        fold.counts.push((step, game.counts(&lattice)));
        if scenario.snapshots.contains(&step) {
            let file = format!("lattice_{step:0width$}.csv");
            folder.write(&file, |p| files::write_lattice(p, game.cols, &lattice))?;
            if scenario.charts {
                fold.snapshots.push((
                    folder.file(&format!("lattice_{step:0width$}")),
                    step,
                    lattice.clone(),
                ));
            }
        }
        if let Some(frames) = &fold.frames {
            fold.pending.push((step, lattice));
            if fold.pending.len() >= fold.batch || step == scenario.steps {
                self.draw_frames(frames, &mut fold.pending, folder)?;
            }
        }
        Ok(())
    }

    fn finish(&self, fold: Fold) -> Result<Fold, StudyError> {
        Ok(fold)
    }

    fn write(
        &self,
        fold: Fold,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let scenario = self.scenario;
        let game = &scenario.game;
        let names = &game.type_names;
        let Fold {
            counts, snapshots, ..
        } = fold;
        folder.write("counts.csv", |p| files::write_counts(p, names, &counts))?;
        folder.write("types.csv", |p| files::write_types(p, names))?;
        folder.text("scenario.toml", &self.context.resolved)?;
        if scenario.charts {
            let xs: Vec<f64> = counts.iter().map(|c| c.0 as f64).collect();
            let shares: Vec<Vec<f64>> = counts
                .iter()
                .map(|c| c.1.iter().map(|&v| v as f64).collect())
                .collect();
            let shares_stem = folder.file("shares");
            let (xs, shares) = (&xs, &shares);
            let mut jobs: Vec<ChartJob<'_, ChartError>> = snapshots
                .iter()
                .map(|(stem, step, cells)| -> ChartJob<'_, ChartError> {
                    Box::new(move || {
                        files::draw_lattice_state(
                            stem,
                            &format!("The lattice at step {step}"),
                            game.rows,
                            game.cols,
                            cells,
                            names,
                            false,
                        )
                    })
                })
                .collect();
            jobs.push(Box::new(move || {
                files::draw_shares(&shares_stem, "Shares of cells", "Step", names, xs, shares)
            }));
            par_draw(jobs).map_err(|e| folder.chart_failed(e))?;
        }
        let cells = (game.rows * game.cols) as f64;
        let last = counts.last().map(|c| c.1.clone()).unwrap_or_default();
        let summary = json!({
            "strategies": names,
            "final_counts": last,
            "final_shares": last.iter().map(|&c| c as f64 / cells).collect::<Vec<_>>(),
        });
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": scenario.name,
            "kind": "spatial",
            "seed": scenario.seed,
            "threads": rayon::current_num_threads(),
            "rows": game.rows,
            "cols": game.cols,
            "steps": scenario.steps,
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        let mut report = format!(
            "{}: {}x{} lattice, {}; final shares:\n",
            scenario.name,
            game.rows,
            game.cols,
            crate::output::width::count(scenario.steps, "step", "steps")
        );
        for (name, &c) in names.iter().zip(&last) {
            let name = crate::output::label::display_label(name);
            report += &format!("  {name:<32} {:.4} ({c} cells)\n", c as f64 / cells);
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
