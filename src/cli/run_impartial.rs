//! `dilemma run` for the `impartial` kind: tabulate the Grundy values,
//! solve the listed positions, then write the results folder atomically:
//! values.csv (or wythoff.csv), solutions.json (game, proven period, solved
//! positions), the charts, the
//! resolved scenario.toml and run.json.

use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::{failed, text};
use crate::cli::{CliError, shown};
use crate::impartial::catalogue::parse_game;
use crate::impartial::solve;
use crate::impartial::table::{Table, tabulate};
use crate::output::atomic::StagingDir;
use crate::output::impartial_files;
use crate::scenario::impartial::{reader, words};
use crate::scenario::{ImpartialScenario, Scenario};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// How many winning moves each solved position lists.
const LISTED_MOVES: usize = 20;

/// Runs an `impartial` scenario.
pub fn run_impartial(
    scenario: &ImpartialScenario,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let table = tabulate(&words(&scenario.rule), scenario.table)
        .map_err(|e| CliError::BadInput(format!("{}: {e}", scenario.name)))?;
    let mut solutions = Vec::new();
    for w in &scenario.positions {
        let p = parse_game(w, &reader(&scenario.folder))
            .map_err(|e| CliError::BadInput(format!("{}: {e}", scenario.name)))?;
        solutions.push(solve(p.as_ref(), LISTED_MOVES));
    }
    let solved = started.elapsed().as_secs_f64();
    let staging = StagingDir::create(destination)
        .map_err(|e| failed("cannot create the results folder", destination, e))?;
    let csv = impartial_files::table_file(&table);
    impartial_files::write_table(&staging.file(csv), &table)
        .map_err(|e| failed("cannot write", &destination.join(csv), e))?;
    let (label, period) = match &table {
        Table::Heap { label, period, .. } => (label.clone(), json!(period)),
        Table::Wythoff { .. } => ("wythoff".to_string(), json!(null)),
    };
    let summary = json!({
        "game": label,
        "table": scenario.table,
        "period": period,
        "solutions": solutions,
    });
    text(&staging.file("solutions.json"), &format!("{summary:#}\n"))?;
    text(&staging.file("scenario.toml"), &whole.resolved_toml())?;
    if scenario.charts {
        impartial_files::write_charts(staging.path(), &scenario.name, &table).map_err(|e| {
            CliError::Failed(format!("{}: cannot draw charts: {e}", shown(destination)))
        })?;
    }
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": scenario.name,
        "kind": "impartial",
        "seed": scenario.seed,
        "rule": scenario.rule,
        "table": scenario.table,
        "solve_seconds": solved,
        "total_seconds": started.elapsed().as_secs_f64(),
    });
    text(&staging.file("run.json"), &format!("{run:#}\n"))?;
    let folder = staging
        .commit()
        .map_err(|e| failed("cannot move results into place", destination, e))?;
    if args.json {
        println!(
            "{}",
            json!({"name": scenario.name, "results": shown(&folder), "summary": summary, "run": run})
        );
    } else if !args.quiet {
        match &table {
            Table::Heap { label, period, .. } => match period {
                Some(p) => println!(
                    "{label}: g(0..={}) tabulated; period {} from n = {} (proven on {} values)",
                    scenario.table, p.period, p.preperiod, p.checked
                ),
                None => println!(
                    "{label}: g(0..={}) tabulated; no period certified",
                    scenario.table
                ),
            },
            Table::Wythoff { .. } => println!(
                "wythoff: g(x, y) for 0 <= x, y <= {} tabulated",
                scenario.table
            ),
        }
        for s in &solutions {
            println!(
                "{}: {} (grundy {}), {}",
                s.position,
                s.outcome,
                s.grundy.map_or("-".to_string(), |g| g.to_string()),
                s.reason
            );
        }
        println!("results written to {}/", shown(&folder));
    }
    Ok(())
}
