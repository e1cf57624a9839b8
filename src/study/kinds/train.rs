//! Kind `train`: a strategy trained by a genetic algorithm (`train/`).
//! Units are the generations, id g the evaluated generation g (0: the
//! random start); each needs the one before, so they are played in order
//! (the candidates of one generation in parallel) and folded as they come
//! into the rows of `training.csv`. The progress bar counts generations
//! and names the best and mean value so far.
//!
//! Not split into shards yet (`--shard` is refused: the kind runs whole).
//! A run is restart 0 of `train::Training`; restarts draw from disjoint
//! generators keyed by their index, so the next slice can make independent
//! restarts (or islands) the shard units and merge them by the objective.
//!
//! Written: `best.toml` (the best candidate of the last generation as a
//! lookup or cycle strategy file, its provenance in comments and fields),
//! `training.csv`, `training.png`/`.svg`, `tournament/` (the trained
//! player's round robin against the opponents, the tournament kind's own
//! files and report), `scenario.toml`, `run.json`.

use crate::output::train_files::{Row, best_toml, draw_training, write_training};
use crate::output::width::{count, fit};
use crate::scenario::train::TrainScenario;
use crate::study::folder::dependencies;
use crate::study::registry::Context;
use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, Silent, Sink, Study, StudyError, Timing,
};
use crate::train::{Field, Generation, Representation, Training};
use serde_json::json;
use std::ops::Range;
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

/// A generation played, and the seconds since training began.
pub struct Unit {
    generation: Generation,
    seconds: f64,
}

/// The rows so far and the last generation.
pub struct Fold {
    rows: Vec<Row>,
    last: Option<Generation>,
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
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }
    fn plan(&self) -> Plan {
        Plan {
            units: self.scenario.genetic.generations as u64,
            noun: "generations",
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
        let mut training = Training::start(s.representation, s.genetic, &self.field, s.seed, 0);
        while let Some(generation) = training.step() {
            let g = generation.index as u64;
            let summary = generation.summary();
            progress.set(g + 1);
            progress.part(&format!(
                "best {:.3}, mean {:.3}",
                summary.best, summary.mean
            ));
            if ids.contains(&g) {
                let seconds = started.elapsed().as_secs_f64();
                sink(
                    g,
                    Unit {
                        generation,
                        seconds,
                    },
                )?;
            }
            if g + 1 >= ids.end {
                break;
            }
        }
        Ok(())
    }

    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Fold, StudyError> {
        Ok(Fold {
            rows: Vec::with_capacity(self.scenario.genetic.generations as usize),
            last: None,
            turns: 0,
        })
    }

    fn fold(
        &self,
        fold: &mut Fold,
        _: u64,
        unit: Unit,
        _: &ResultsFolder,
    ) -> Result<(), StudyError> {
        fold.rows.push(Row {
            generation: unit.generation.index + 1,
            summary: unit.generation.summary(),
            seconds: unit.seconds,
        });
        fold.turns += unit.generation.turns;
        fold.last = Some(unit.generation);
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
        let s = self.scenario;
        let Some(last) = fold.last else {
            return Err(StudyError::Failed("no generation was played".into()));
        };
        let trained_seconds = timing.computed.as_secs_f64();
        let best = &last.best;
        let value = last.best_value();
        let born = best.born + 1;
        let generations = s.genetic.generations;
        let representation = s.representation;
        let display = format!("Trained {} ({})", representation.describe(), s.name);
        let provenance = format!(
            "trained by dilemma {}: scenario {}, seed {}, the best of generation \
             {generations} of {generations} (born in generation {born}), objective {} = {value}",
            env!("CARGO_PKG_VERSION"),
            s.name,
            s.seed,
            s.objective.id(),
        );
        let mut definition = representation.definition(&best.genome, &display);
        let what = match representation {
            Representation::Lookup { .. } => format!(
                "A lookup table ({}: own, opponent and opponent's first moves in a key)",
                representation.describe()
            ),
            Representation::Cycle { length } => format!("A cycle of {length} moves"),
        };
        definition.description = Some(format!(
            "{what} trained by a genetic algorithm against {}; objective: {}.",
            count(s.opponents.len(), "opponent", "opponents"),
            s.objective.describe()
        ));
        definition.source = Some(provenance.clone());
        let comments = vec![
            format!("{display}: a strategy file `dilemma run` plays."),
            format!("Scenario: {} (seed {}).", s.name, s.seed),
            format!(
                "Generation: the best of generation {generations} of {generations}, \
                 born in generation {born}."
            ),
            format!("Objective: {} = {value}.", s.objective.id()),
        ];
        let rule = representation.describe_genome(&best.genome);
        let genes: String = best.genome.moves.iter().map(|m| m.letter()).collect();
        folder.text("best.toml", &best_toml(&definition, &comments))?;
        folder.write("training.csv", |p| write_training(p, &fold.rows))?;
        folder.text("scenario.toml", &self.context.resolved)?;
        if s.charts {
            let title = format!("{} by generation", capitalised(s.objective.describe()));
            let label = capitalised(s.objective.describe());
            draw_training(&folder.file("training"), &title, &label, &fold.rows)
                .map_err(|e| folder.chart_failed(e))?;
        }

        // The trained player's tournament against the opponents.
        let player = Arc::new(definition).player("best.toml");
        let tournament = s.final_tournament(player);
        let context = Context {
            resolved: tournament.resolved_toml(),
            no_limit: self.context.no_limit,
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

        let first = fold.rows.first().map(|r| r.summary);
        let summary = json!({
            "representation": representation.describe(),
            "objective": s.objective.id(),
            "generations": generations,
            "population": s.genetic.population,
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
            "turns_played": fold.turns,
            "training_seconds": trained_seconds,
            "turns_per_second": fold.turns as f64 / trained_seconds.max(1e-9),
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        let mut text = fit(&format!(
            "{}: {} trained against {} by a genetic algorithm ({} of {}, keep {}, \
             mutation {}, {} crossover), {}.\n",
            s.name,
            representation.describe(),
            count(s.opponents.len(), "opponent", "opponents"),
            count(generations, "generation", "generations"),
            s.genetic.population,
            s.genetic.keep,
            s.genetic.mutation,
            s.genetic.crossover.id(),
            s.objective.describe(),
        ));
        text += &fit(&format!(
            "Best {}: {value:.4} (generation 1: {:.4}), born in generation {born}.\n",
            s.objective.id(),
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

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
