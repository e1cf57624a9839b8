//! Kind `pirates`: the pirate split by backward induction, the equally
//! good proposals and survival over a range of crew sizes. Written:
//! `rounds.csv`, `allocation.csv`, `survival.csv`, `alternatives.csv`,
//! `solution.json` (the JSON of `dilemma pirates --json`), charts,
//! `scenario.toml`, `run.json`.

use crate::dilemmas::pirates::alternatives::equally_good;
use crate::dilemmas::pirates::{PirateGame, Solution, solve};
use crate::output::pirates_files;
use crate::output::pirates_text::{RECORD_LIMIT, report, solution_json};
use crate::scenario::PiratesScenario;
use crate::study::folder::dependencies;
use crate::study::kinds::whole::Analysis;
use crate::study::registry::Context;
use crate::study::{Progress, Report, ResultsFolder, StudyError, Timing};
use serde_json::json;

/// A pirates study.
pub struct Pirates<'a> {
    scenario: &'a PiratesScenario,
    context: Context,
}

impl<'a> Pirates<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a PiratesScenario, context: Context) -> Self {
        Pirates { scenario, context }
    }
}

/// The solution, the listed alternatives and the survival range.
pub struct Solved {
    solution: Solution,
    listed: Vec<Vec<u64>>,
    range: Solution,
}

impl Analysis for Pirates<'_> {
    type Result = Solved;

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }

    fn compute(&self, _: &dyn Progress) -> Result<Solved, StudyError> {
        let scenario = self.scenario;
        let solution = solve(&scenario.game, RECORD_LIMIT);
        let listed = equally_good(&solution, scenario.list);
        let range_game = PirateGame {
            pirates: scenario.survival_max,
            ..scenario.game
        };
        let range = solve(&range_game, 0);
        Ok(Solved {
            solution,
            listed,
            range,
        })
    }

    fn write(
        &self,
        solved: Solved,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let scenario = self.scenario;
        let Solved {
            solution,
            listed,
            range,
        } = solved;
        folder.write("rounds.csv", |p| pirates_files::write_rounds(p, &solution))?;
        folder.write("allocation.csv", |p| {
            pirates_files::write_allocation(p, &solution)
        })?;
        folder.write("survival.csv", |p| pirates_files::write_survival(p, &range))?;
        folder.write("alternatives.csv", |p| {
            pirates_files::write_alternatives(p, &listed)
        })?;
        let summary = solution_json(&solution, &listed);
        folder.text("solution.json", &format!("{summary:#}\n"))?;
        folder.text("scenario.toml", &self.context.resolved)?;
        if scenario.charts {
            pirates_files::write_charts(folder.path(), &solution, &range)
                .map_err(|e| folder.chart_failed(e))?;
        }
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": scenario.name,
            "kind": "pirates",
            "seed": scenario.seed,
            "pirates": scenario.game.pirates,
            "coins": scenario.game.coins,
            "survival_max": scenario.survival_max,
            "solve_seconds": timing.computed.as_secs_f64(),
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        folder.text("run.json", &format!("{run:#}\n"))?;
        Ok(Report {
            name: scenario.name.clone(),
            summary_key: "solution",
            summary,
            run,
            text: report(&solution, &listed),
            page: None,
        })
    }
}
