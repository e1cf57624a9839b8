//! Kind `guess`: guess p of the average, analysed (elimination, equilibria,
//! level-k, cognitive hierarchy, a seeded simulation). Written: the CSVs,
//! `analysis.json` (the JSON of `dilemma guess --json`), charts,
//! `scenario.toml`, `run.json`.

use crate::dilemmas::guess::analysis::{GuessAnalysis, analyse};
use crate::output::guess_files;
use crate::output::guess_text::{analysis_json, report};
use crate::scenario::GuessScenario;
use crate::study::error::failed;
use crate::study::folder::dependencies;
use crate::study::kinds::whole::Analysis;
use crate::study::registry::Context;
use crate::study::{Progress, Report, ResultsFolder, StudyError, Timing};
use serde_json::json;

/// A guess study.
pub struct Guess<'a> {
    scenario: &'a GuessScenario,
    context: Context,
}

impl<'a> Guess<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a GuessScenario, context: Context) -> Self {
        Guess { scenario, context }
    }
}

impl Analysis for Guess<'_> {
    type Result = GuessAnalysis;

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }

    fn compute(&self, _: &dyn Progress) -> Result<GuessAnalysis, StudyError> {
        analyse(&self.scenario.game, &self.scenario.settings)
            .map_err(|e| StudyError::Input(format!("{}: {e}", self.scenario.name)))
    }

    fn write(
        &self,
        analysis: GuessAnalysis,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let scenario = self.scenario;
        guess_files::write_csvs(folder.path(), &analysis)
            .map_err(|e| failed("cannot write", folder.destination(), e))?;
        let summary = analysis_json(&analysis);
        folder.text("analysis.json", &format!("{summary:#}\n"))?;
        folder.text("scenario.toml", &self.context.resolved)?;
        if scenario.charts {
            guess_files::write_charts(folder.path(), &analysis)
                .map_err(|e| folder.chart_failed(e))?;
        }
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": scenario.name,
            "kind": "guess",
            "seed": scenario.seed,
            "players": scenario.game.players,
            "simulation_rounds": scenario.settings.simulation.rounds,
            "compute_seconds": timing.computed.as_secs_f64(),
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        folder.text("run.json", &format!("{run:#}\n"))?;
        Ok(Report {
            name: scenario.name.clone(),
            summary_key: "analysis",
            summary,
            run,
            text: report(&analysis),
            page: None,
        })
    }
}
