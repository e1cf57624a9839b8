//! `dilemma run` for the `impartial` kind: tabulate the Grundy values,
//! solve the listed positions, then write the results folder atomically:
//! values.csv (or wythoff.csv), solutions.json (game, proven period, solved
//! positions), the charts, the
//! resolved scenario.toml and run.json.

use crate::cli::CliError;
use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::ResultsFolder;
use crate::impartial::catalogue::parse_game_within;
use crate::impartial::table::{Table, tabulate_within};
use crate::impartial::{Solution, solve};
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
    // The table's and the positions' own work limits (an octal code without
    // a period proven in a short search, a game tabulated position by
    // position, a subtraction set's period search, ...) are lifted with the
    // run's --no-limit or the scenario's `[limits] none = true`, the same
    // switch as `dilemma solve --no-limit`; the scenario's size bound and
    // the hard (memory) bounds stay.
    let no_limit = args.no_limit || scenario.limits_lifted;
    let table = tabulate_within(&words(&scenario.rule), scenario.table, no_limit)
        .map_err(|e| CliError::BadInput(format!("{}: {e}", scenario.name)))?;
    let mut solutions = Vec::new();
    for (i, w) in scenario.positions.iter().enumerate() {
        let p = parse_game_within(w, &reader(&scenario.folder), no_limit).map_err(|e| {
            CliError::BadInput(format!(
                "{}: game.positions[{}] `{}`: {e}",
                scenario.name,
                i + 1,
                w.join(" ")
            ))
        })?;
        solutions.push(solve(p.as_ref(), LISTED_MOVES));
    }
    let solved = started.elapsed().as_secs_f64();
    let folder = ResultsFolder::create(destination)?;
    let csv = impartial_files::table_file(&table);
    folder.write(csv, |p| impartial_files::write_table(p, &table))?;
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
    folder.text("solutions.json", &format!("{summary:#}\n"))?;
    folder.text("scenario.toml", &whole.resolved_toml())?;
    if scenario.charts {
        impartial_files::write_charts(folder.path(), &scenario.name, &table)
            .map_err(|e| folder.chart_failed(e))?;
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
    folder.text("run.json", &format!("{run:#}\n"))?;
    folder.publish(args, &scenario.name, ("summary", summary), &run, || {
        report(scenario, &table, &solutions)
    })
}

/// The terminal report: the table's period (or why there is none) and one
/// line per solved position.
fn report(scenario: &ImpartialScenario, table: &Table, solutions: &[Solution]) -> String {
    let mut out = match table {
        Table::Heap { label, period, .. } => match period {
            Some(p) => format!(
                "{label}: g(0..={}) tabulated; period {} from n = {} (proven on {} values)\n",
                scenario.table, p.period, p.preperiod, p.checked
            ),
            None => format!(
                "{label}: g(0..={}) tabulated; no period certified\n",
                scenario.table
            ),
        },
        Table::Wythoff { .. } => format!(
            "wythoff: g(x, y) for 0 <= x, y <= {} tabulated\n",
            scenario.table
        ),
    };
    for s in solutions {
        out += &format!(
            "{}: {} (grundy {}), {}\n",
            s.position,
            s.outcome,
            s.grundy.map_or("-".to_string(), |g| g.to_string()),
            s.reason
        );
    }
    out
}
