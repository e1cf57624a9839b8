//! `dilemma run` for the `pirates` and `guess` kinds: compute, then write
//! the results folder atomically (CSVs, charts, the resolved scenario.toml,
//! run.json and the same JSON as the subcommand's `--json`).

use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::{dependencies, failed, text};
use crate::cli::{CliError, guess_cmd, pirates_cmd, shown};
use crate::dilemmas::guess::analysis::analyse;
use crate::dilemmas::pirates::alternatives::equally_good;
use crate::dilemmas::pirates::{PirateGame, solve};
use crate::output::atomic::StagingDir;
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
    let staging = StagingDir::create(destination)
        .map_err(|e| failed("cannot create the results folder", destination, e))?;
    let io = |name: &str, r: std::io::Result<()>| {
        r.map_err(|e| failed("cannot write", &destination.join(name), e))
    };
    io(
        "rounds.csv",
        pirates_files::write_rounds(&staging.file("rounds.csv"), &solution),
    )?;
    io(
        "allocation.csv",
        pirates_files::write_allocation(&staging.file("allocation.csv"), &solution),
    )?;
    io(
        "survival.csv",
        pirates_files::write_survival(&staging.file("survival.csv"), &range),
    )?;
    io(
        "alternatives.csv",
        pirates_files::write_alternatives(&staging.file("alternatives.csv"), &listed),
    )?;
    let summary = pirates_cmd::solution_json(&solution, &listed);
    text(&staging.file("solution.json"), &format!("{summary:#}\n"))?;
    text(&staging.file("scenario.toml"), &whole.resolved_toml())?;
    if scenario.charts {
        pirates_files::write_charts(staging.path(), &scenario.name, &solution, &range).map_err(
            |e| CliError::Failed(format!("{}: cannot draw charts: {e}", shown(destination))),
        )?;
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
    text(&staging.file("run.json"), &format!("{run:#}\n"))?;
    let folder = staging
        .commit()
        .map_err(|e| failed("cannot move results into place", destination, e))?;
    if args.json {
        println!(
            "{}",
            json!({"name": scenario.name, "results": shown(&folder), "solution": summary, "run": run})
        );
    } else if !args.quiet {
        print!("{}", pirates_cmd::report(&solution, &listed));
        println!("results written to {}/", shown(&folder));
    }
    Ok(())
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
    let staging = StagingDir::create(destination)
        .map_err(|e| failed("cannot create the results folder", destination, e))?;
    guess_files::write_csvs(staging.path(), &analysis)
        .map_err(|e| failed("cannot write", destination, e))?;
    let summary = guess_cmd::analysis_json(&analysis);
    text(&staging.file("analysis.json"), &format!("{summary:#}\n"))?;
    text(&staging.file("scenario.toml"), &whole.resolved_toml())?;
    if scenario.charts {
        guess_files::write_charts(staging.path(), &scenario.name, &analysis).map_err(|e| {
            CliError::Failed(format!("{}: cannot draw charts: {e}", shown(destination)))
        })?;
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
    text(&staging.file("run.json"), &format!("{run:#}\n"))?;
    let folder = staging
        .commit()
        .map_err(|e| failed("cannot move results into place", destination, e))?;
    if args.json {
        println!(
            "{}",
            json!({"name": scenario.name, "results": shown(&folder), "analysis": summary, "run": run})
        );
    } else if !args.quiet {
        print!("{}", guess_cmd::report(&analysis));
        println!("results written to {}/", shown(&folder));
    }
    Ok(())
}
