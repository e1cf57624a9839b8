//! Kind `train`: a strategy trained by a genetic algorithm (`train/`).
//! Units are the restarts (`[algorithm] restarts`, default 1), id r the
//! whole run of restart r of `train::Training`: its generations played in
//! order (each needs the one before; the candidates of one generation in
//! parallel). Restarts draw from disjoint generators keyed by their index,
//! so each is a pure function of (scenario, seed, restart) and they are
//! folded in id order into the rows of `training.csv`; the trained player
//! is the best of the restarts' last generations by the objective (ties:
//! the lower restart). The progress bar counts restarts and names the
//! generation, the best and the mean value so far.
//!
//! In a shard the units are the restarts' rows of `restarts.csv`
//! (`output::train_shard_files`: every generation's values and turns, and
//! the best candidate of the last); a merge folds them as a run does, so
//! its folder is the single run's apart from `training.csv`'s wall-time
//! `seconds`, left empty (shards keep no time) and `run.json`.
//!
//! With `[algorithm] checkpoint = N` and a folder to keep it in (`dilemma
//! run`'s `--out`), the run saves itself every N generations and after
//! each restart (`output::train_checkpoint`), and `--resume` goes on from
//! the save: a restart resumed from its population and generation number
//! draws what the unbroken one would, so the files are the same.
//!
//! Written: `best.toml` (the best candidate as a strategy file of its
//! representation's kind, its provenance in comments and fields), `training.csv` (with a
//! `restart` column when there are several), `training.png`/`.svg`,
//! `tournament/` (the trained player's round robin against the opponents,
//! the tournament kind's own files and report), `scenario.toml`,
//! `run.json`.

use crate::output::shard_files::sha256_hex;
use crate::output::train_checkpoint::{
    Current, Done, Owner, Saved, Shape, checkpoint_path, read_checkpoint, write_checkpoint,
};
use crate::output::train_files::{
    GENERATION_LINES, Row, SWARM_LINES, best_toml, draw_training, write_training,
};
use crate::output::train_shard_files::{
    Logged, RESTARTS, RestartRows, read_restarts, write_restarts,
};
use crate::output::width::{count, fit};
use crate::scenario::train::TrainScenario;
use crate::study::error::failed;
use crate::study::folder::dependencies;
use crate::study::registry::Context;
use crate::study::shard::{RowsAtEnd, read_rows};
use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, ShardFormat, ShardRead, Silent, Sink, Study,
    StudyError, Timing, UnitWriter,
};
use crate::train::{Field, Individual, Representation, Training};
use serde_json::json;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// A training study.
pub struct Train<'a> {
    scenario: &'a TrainScenario,
    context: Context,
    field: Field,
}

impl<'a> Train<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a TrainScenario, context: Context) -> Self {
        Train {
            scenario,
            context,
            field: scenario.field(),
        }
    }
}

/// A restart played (or read from a shard), and for each generation the
/// seconds since training began at its end (`None` when read).
pub struct Unit {
    kept: RestartRows,
    seconds: Vec<Option<f64>>,
}

/// The rows so far, each restart's best and the turns played.
pub struct Fold {
    rows: Vec<Row>,
    bests: Vec<(Individual, f64)>,
    turns: u64,
}

impl Study for Train<'_> {
    type Unit = Unit;
    type Fold = Fold;
    type Done = Fold;

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.seed
    }
    fn saves_checkpoints(&self) -> bool {
        self.scenario.checkpoint.is_some()
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }
    fn plan(&self) -> Plan {
        Plan {
            units: self.scenario.restarts as u64,
            noun: "restarts",
            parts: true,
            shown: true,
        }
    }

    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, Unit>,
    ) -> Result<(), StudyError> {
        let s = self.scenario;
        let started = Instant::now();
        let generations = s.genetic.generations;
        let mut checkpoint = self.checkpoint(&ids)?;
        let mut saved = checkpoint
            .as_mut()
            .map_or_else(Saved::default, |c| std::mem::take(&mut c.saved));
        // Seconds go on from where the interrupted run stopped.
        let offset = saved
            .current
            .as_ref()
            .and_then(|c| c.seconds.last().copied().flatten())
            .or_else(|| {
                saved
                    .done
                    .last()
                    .and_then(|d| d.seconds.last().copied().flatten())
            })
            .unwrap_or(0.0);
        let mut evaluated = 0u64;
        for done in saved.done.clone() {
            let r = done.rows.restart;
            progress.set(r + 1 - ids.start);
            let (kept, seconds) = (done.rows, done.seconds);
            sink(r, Unit { kept, seconds })?;
        }
        let first = ids.start + saved.done.len() as u64;
        for r in first..ids.end {
            let restart = if s.restarts > 1 {
                format!("restart {}/{}, ", r + 1, s.restarts)
            } else {
                String::new()
            };
            let (mut training, mut logged, mut seconds) = match saved.current.take() {
                Some(c) => {
                    let next = c.generations.len() as u32;
                    let setup = (s.representation, s.genetic, &self.field);
                    let training = Training::resume(
                        setup.0,
                        setup.1,
                        setup.2,
                        (s.seed, r),
                        c.population,
                        next,
                    );
                    (training, c.generations, c.seconds)
                }
                None => (
                    Training::start(s.representation, s.genetic, &self.field, s.seed, r),
                    Vec::with_capacity(generations as usize),
                    Vec::with_capacity(generations as usize),
                ),
            };
            let mut best = None;
            while let Some(generation) = training.step() {
                let summary = generation.summary();
                progress.part(&format!(
                    "{restart}generation {}/{generations}, best {:.3}, mean {:.3}",
                    generation.index + 1,
                    summary.best,
                    summary.mean
                ));
                logged.push(Logged {
                    summary,
                    turns: generation.turns,
                });
                seconds.push(Some(offset + started.elapsed().as_secs_f64()));
                best = Some(generation.best);
                let g = generation.index + 1;
                if let Some(c) = &checkpoint
                    && g % c.every == 0
                    && g < generations
                {
                    saved.current = Some(Current {
                        restart: r,
                        generations: logged.clone(),
                        seconds: seconds.clone(),
                        population: training.population().to_vec(),
                    });
                    c.write(&saved)?;
                    saved.current = None;
                }
                evaluated += 1;
                stop_for_test(evaluated);
            }
            let Some(best) = best else {
                return Err(StudyError::Failed("no generation was played".into()));
            };
            progress.set(r + 1 - ids.start);
            let kept = RestartRows {
                restart: r,
                generations: logged,
                best,
            };
            if let Some(c) = &checkpoint {
                saved.done.push(Done {
                    rows: kept.clone(),
                    seconds: seconds.clone(),
                });
                if r + 1 < ids.end {
                    c.write(&saved)?;
                }
            }
            sink(r, Unit { kept, seconds })?;
        }
        if let Some(c) = &checkpoint {
            c.remove();
        }
        Ok(())
    }

    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Fold, StudyError> {
        let s = self.scenario;
        Ok(Fold {
            rows: Vec::with_capacity(s.genetic.generations as usize * s.restarts as usize),
            bests: Vec::with_capacity(s.restarts as usize),
            turns: 0,
        })
    }

    fn fold(
        &self,
        fold: &mut Fold,
        id: u64,
        unit: Unit,
        _: &ResultsFolder,
    ) -> Result<(), StudyError> {
        let Unit { kept, seconds } = unit;
        for (k, (logged, seconds)) in kept.generations.iter().zip(seconds).enumerate() {
            fold.rows.push(Row {
                restart: id as u32,
                generation: k as u32 + 1,
                summary: logged.summary,
                seconds,
            });
            fold.turns += logged.turns;
        }
        let value = kept.generations.last().map_or(f64::NAN, |g| g.summary.best);
        fold.bests.push((kept.best, value));
        Ok(())
    }

    fn finish(&self, fold: Fold) -> Result<Fold, StudyError> {
        Ok(fold)
    }

    fn shard_format(&self) -> Option<ShardFormat> {
        Some(ShardFormat {
            kind: "train",
            data: RESTARTS,
            unit_key: "restarts",
            ids_key: "restart_ids",
            unit_words: "restarts",
        })
    }

    fn shard_writer<'b>(
        &'b self,
        dir: &Path,
        _: Range<u64>,
    ) -> Result<Box<dyn UnitWriter<Unit> + Send + 'b>, (&'static str, io::Error)> {
        let row = |_: u64, unit: &Unit| unit.kept.clone();
        let representation = self.scenario.representation;
        let write =
            move |path: &Path, rows: &[RestartRows]| write_restarts(path, representation, rows);
        Ok(Box::new(RowsAtEnd::new(dir, RESTARTS, row, write)))
    }

    fn read_shard(
        &self,
        dir: &Path,
        ids: Range<u64>,
        each: &mut Sink<'_, Unit>,
    ) -> Result<(), ShardRead> {
        let path = dir.join(RESTARTS);
        let shape = self.shape();
        let read = |row: &mut dyn FnMut(RestartRows) -> Result<(), String>| {
            read_restarts(&path, shape, row)
        };
        let unit = |id: u64, kept: RestartRows| {
            if kept.restart != id {
                return Err(format!(
                    "restart {} where restart {id} belongs",
                    kept.restart
                ));
            }
            let seconds = vec![None; kept.generations.len()];
            Ok(Unit { kept, seconds })
        };
        read_rows(RESTARTS, ids, "restarts", read, unit, each)
    }

    fn same_unit(&self, replayed: &Unit, kept: &Unit) -> Option<bool> {
        Some(replayed.kept == kept.kept)
    }

    fn write(
        &self,
        fold: Fold,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let s = self.scenario;
        let mut winner: Option<usize> = None;
        for (r, (_, value)) in fold.bests.iter().enumerate() {
            // Strictly better only: a tie keeps the lower restart.
            if winner.is_none_or(|w| *value > fold.bests[w].1) {
                winner = Some(r);
            }
        }
        let Some(winner) = winner else {
            return Err(StudyError::Failed("no restart was played".into()));
        };
        let (best, value) = (&fold.bests[winner].0, fold.bests[winner].1);
        let trained_seconds = timing.computed.as_secs_f64();
        // Where the best comes from, said only when there are several
        // restarts (one restart keeps the first slice's words).
        let of_restart = if s.restarts > 1 {
            format!(" of restart {winner} (restarts 0 to {})", s.restarts - 1)
        } else {
            String::new()
        };
        let born = best.born + 1;
        let generations = s.genetic.generations;
        let representation = s.representation;
        let display = format!("Trained {} ({})", representation.describe(), s.name);
        let provenance = format!(
            "trained by dilemma {}: scenario {}, seed {}, the best of generation \
             {generations} of {generations}{of_restart} (born in generation {born}), objective \
             {} = {value}",
            env!("CARGO_PKG_VERSION"),
            s.name,
            s.seed,
            s.objective.id(),
        );
        let mut definition = representation.definition(&best.genome, &display);
        let what = representation.what();
        let by = if s.genetic.swarm.is_some() {
            "a particle swarm"
        } else {
            "a genetic algorithm"
        };
        definition.description = Some(format!(
            "{what} trained by {by} against {}; objective: {}.",
            count(s.opponents.len(), "opponent", "opponents"),
            s.objective.describe()
        ));
        definition.source = Some(provenance.clone());
        let comments = vec![
            format!("{display}: a strategy file `dilemma run` plays."),
            format!("Scenario: {} (seed {}).", s.name, s.seed),
            format!(
                "Generation: the best of generation {generations} of {generations}\
                 {of_restart}, born in generation {born}."
            ),
            format!("Objective: {} = {value}.", s.objective.id()),
        ];
        let rule = representation.describe_genome(&best.genome);
        let genes = representation.text(&best.genome);
        folder.text("best.toml", &best_toml(&definition, &comments))?;
        folder.write("training.csv", |p| {
            write_training(p, &fold.rows, s.restarts > 1)
        })?;
        folder.text("scenario.toml", &self.context.resolved)?;
        if s.charts {
            let title = format!("{} by generation", capitalised(s.objective.describe()));
            let label = capitalised(s.objective.describe());
            // The Moran objective's neutral value, 1/Z, as a level line.
            let neutral = match s.objective {
                crate::train::Objective::Moran { population, .. } => Some((
                    format!("neutral drift, 1/{population}"),
                    1.0 / population as f64,
                )),
                _ => None,
            };
            draw_training(
                &folder.file("training"),
                &title,
                &label,
                &fold.rows,
                (s.restarts, winner as u32),
                if s.genetic.swarm.is_some() {
                    SWARM_LINES
                } else {
                    GENERATION_LINES
                },
                neutral,
            )
            .map_err(|e| folder.chart_failed(e))?;
        }

        // The trained player's tournament against the opponents.
        let player = Arc::new(definition).player("best.toml");
        let tournament = s.final_tournament(player);
        let context = Context {
            resolved: tournament.resolved_toml(),
            no_limit: self.context.no_limit,
            checkpoints: Default::default(),
        };
        let study = crate::study::kinds::tournament::Tournament::new(&tournament, context);
        let published = crate::study::run::run(&study, &folder.file("tournament"), &Silent)?;
        let rows = published
            .report
            .summary
            .as_array()
            .cloned()
            .unwrap_or_default();
        let trained_row = rows
            .iter()
            .find(|r| r.get("Original_index").and_then(|v| v.as_i64()) == Some(0));
        let rank = trained_row
            .and_then(|r| r.get("Rank"))
            .and_then(|v| v.as_i64())
            .map_or(0, |r| r + 1);
        let median = trained_row
            .and_then(|r| r.get("Median_score"))
            .and_then(|v| v.as_f64())
            .unwrap_or(f64::NAN);

        let first = fold
            .rows
            .iter()
            .find(|r| r.restart as usize == winner)
            .map(|r| r.summary);
        let summary = json!({
            "representation": representation.describe(),
            "objective": s.objective.id(),
            "generations": generations,
            "population": s.genetic.population,
            "restarts": s.restarts,
            "restart": winner,
            "opponents": s.opponents.len(),
            "best": value,
            "born": born,
            "first_generation_best": first.map(|f| f.best),
            "genome": genes,
            "tournament_rank": rank,
            "tournament_players": s.opponents.len() + 1,
            "tournament_median_score": median,
        });
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": s.name,
            "kind": "train",
            "seed": s.seed,
            "threads": rayon::current_num_threads(),
            "generations": generations,
            "population": s.genetic.population,
            "restarts": s.restarts,
            "turns_played": fold.turns,
            "training_seconds": trained_seconds,
            "turns_per_second": fold.turns as f64 / trained_seconds.max(1e-9),
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        let algorithm = match s.genetic.swarm {
            None => format!(
                "a genetic algorithm ({} of {}, keep {}, mutation {}, {} crossover)",
                count(generations, "generation", "generations"),
                s.genetic.population,
                s.genetic.keep,
                s.genetic.mutation,
                s.genetic.crossover.id(),
            ),
            Some(w) => format!(
                "a particle swarm ({} of {} particles, inertia {}, cognitive {}, social {})",
                count(generations, "generation", "generations"),
                s.genetic.population,
                w.inertia,
                w.cognitive,
                w.social,
            ),
        };
        let mut text = fit(&format!(
            "{}: {} trained against {} by {algorithm}, {}.\n",
            s.name,
            representation.describe(),
            count(s.opponents.len(), "opponent", "opponents"),
            s.objective.describe(),
        ));
        if s.restarts > 1 {
            text += &fit(&format!(
                "{} restarts; the best is restart {winner}'s.\n",
                s.restarts
            ));
        }
        text += &fit(&format!(
            "Best {}: {value:.4} (generation 1: {:.4}), born in generation {born}.\n",
            s.objective.short(),
            first.map_or(f64::NAN, |f| f.best),
        ));
        text += &fit(&format!("{}.\n", capitalised(&rule)));
        text += &fit(&format!(
            "In the tournament against its opponents (tournament/): rank {rank} of {}, \
             median score {median:.4}.\n",
            s.opponents.len() + 1
        ));
        folder.text("run.json", &format!("{run:#}\n"))?;
        Ok(Report {
            name: s.name.clone(),
            summary_key: "summary",
            summary,
            run,
            text,
            page: None,
        })
    }
}

impl Train<'_> {
    /// What a shard keeps of a restart's rows: (generations, what a
    /// candidate is).
    fn shape(&self) -> (u32, Representation) {
        let s = self.scenario;
        (s.genetic.generations, s.representation)
    }

    /// The checkpoint of the run of restarts `ids`, when the scenario asks
    /// for one and the run has a folder for it; with `--resume`, what the
    /// checkpoint found there saved (a checkpoint of another scenario, or
    /// a damaged one, is the user's input: exit 2 naming the file).
    fn checkpoint(&self, ids: &Range<u64>) -> Result<Option<Checkpoint>, StudyError> {
        let s = self.scenario;
        let (Some(every), Some(dir)) = (s.checkpoint, &self.context.checkpoints.dir) else {
            return Ok(None);
        };
        let path = checkpoint_path(dir, &s.name, ids, s.restarts as u64);
        let sha256 = sha256_hex(self.context.resolved.as_bytes());
        let mut checkpoint = Checkpoint {
            path,
            representation: s.representation,
            every,
            name: s.name.clone(),
            sha256,
            ids: ids.clone(),
            saved: Saved::default(),
        };
        if self.context.checkpoints.resume && checkpoint.path.exists() {
            let (generations, genes) = self.shape();
            let shape = Shape {
                generations,
                genes,
                swarm: s.genetic.swarm.is_some(),
                population: s.genetic.population as usize,
            };
            checkpoint.saved = read_checkpoint(&checkpoint.path, &checkpoint.owner(), shape)
                .map_err(|e| {
                    StudyError::Input(format!(
                        "--resume: {}: {e}",
                        crate::study::error::shown(&checkpoint.path)
                    ))
                })?;
        }
        Ok(Some(checkpoint))
    }
}

/// Where a run's checkpoint goes and what it saved.
struct Checkpoint {
    path: PathBuf,
    representation: Representation,
    every: u32,
    name: String,
    sha256: String,
    ids: Range<u64>,
    saved: Saved,
}

impl Checkpoint {
    fn owner(&self) -> Owner<'_> {
        Owner {
            name: &self.name,
            sha256: &self.sha256,
            ids: self.ids.clone(),
        }
    }

    fn write(&self, saved: &Saved) -> Result<(), StudyError> {
        write_checkpoint(&self.path, &self.owner(), self.representation, saved)
            .map_err(|e| failed("cannot write the checkpoint", &self.path, e))
    }

    /// The run is over: its checkpoint is no longer needed (a file that
    /// cannot be removed is left; a later --resume of the same scenario
    /// would only find restarts it plays again the same).
    fn remove(&self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Test-only (debug builds): `DILEMMA_TEST_STOP_AFTER_GENERATION=K` ends
/// the process at once (exit 137, nothing cleaned up, as a kill would)
/// when this run has evaluated K generations, after the checkpoint of that
/// generation, if any, was written. Release builds ignore the variable.
fn stop_for_test(evaluated: u64) {
    if cfg!(debug_assertions)
        && std::env::var("DILEMMA_TEST_STOP_AFTER_GENERATION")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            == Some(evaluated)
    {
        std::process::exit(137);
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
