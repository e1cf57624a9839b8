//! `dilemma run` for the `pirates` and `guess` kinds: compute, then write
//! the results folder atomically (CSVs, charts, the resolved scenario.toml,
//! run.json and the same JSON as the subcommand's `--json`).

use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::{ResultsFolder, dependencies, failed};
use crate::cli::{CliError, guess_cmd, pirates_cmd};
use crate::dilemmas::guess::analysis::analyse;
use crate::dilemmas::pirates::alternatives::equally_good;
use crate::dilemmas::pirates::{PirateGame, solve};
use crate::output::{guess_files, pirates_files};
use crate::scenario::{GuessScenario, PiratesScenario, Scenario};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// Runs a `pirates` scenario.
pub fn run_pirates(
    scenario: &PiratesScenario,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let solution = solve(&scenario.game, pirates_cmd::RECORD_LIMIT);
    let listed = equally_good(&solution, scenario.list);
    let range_game = PirateGame {
        pirates: scenario.survival_max,
        ..scenario.game
    };
    let range = solve(&range_game, 0);
    let solved = started.elapsed().as_secs_f64();
    let folder = ResultsFolder::create(destination)?;
    folder.write("rounds.csv", |p| pirates_files::write_rounds(p, &solution))?;
    folder.write("allocation.csv", |p| {
        pirates_files::write_allocation(p, &solution)
    })?;
    folder.write("survival.csv", |p| pirates_files::write_survival(p, &range))?;
    folder.write("alternatives.csv", |p| {
        pirates_files::write_alternatives(p, &listed)
    })?;
    let summary = pirates_cmd::solution_json(&solution, &listed);
    folder.text("solution.json", &format!("{summary:#}\n"))?;
    folder.text("scenario.toml", &whole.resolved_toml())?;
    if scenario.charts {
        pirates_files::write_charts(folder.path(), &scenario.name, &solution, &range)
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
        "solve_seconds": solved,
        "total_seconds": started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    folder.text("run.json", &format!("{run:#}\n"))?;
    folder.publish(args, &scenario.name, ("solution", summary), &run, || {
        pirates_cmd::report(&solution, &listed)
    })
}

/// Runs a `guess` scenario.
pub fn run_guess(
    scenario: &GuessScenario,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let analysis = analyse(&scenario.game, &scenario.settings)
        .map_err(|e| CliError::BadInput(format!("{}: {e}", scenario.name)))?;
    let computed = started.elapsed().as_secs_f64();
    let folder = ResultsFolder::create(destination)?;
    guess_files::write_csvs(folder.path(), &analysis)
        .map_err(|e| failed("cannot write", destination, e))?;
    let summary = guess_cmd::analysis_json(&analysis);
    folder.text("analysis.json", &format!("{summary:#}\n"))?;
    folder.text("scenario.toml", &whole.resolved_toml())?;
    if scenario.charts {
        guess_files::write_charts(folder.path(), &scenario.name, &analysis)
            .map_err(|e| folder.chart_failed(e))?;
    }
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": scenario.name,
        "kind": "guess",
        "seed": scenario.seed,
        "players": scenario.game.players,
        "simulation_rounds": scenario.settings.simulation.rounds,
        "compute_seconds": computed,
        "total_seconds": started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    folder.text("run.json", &format!("{run:#}\n"))?;
    folder.publish(args, &scenario.name, ("analysis", summary), &run, || {
        guess_cmd::report(&analysis)
    })
}
