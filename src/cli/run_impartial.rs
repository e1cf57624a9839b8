//! `dilemma run` for the `impartial` kind: tabulate the Grundy values from
//! the table checked while the file was read, take the positions solved
//! then (each is solved once), then write the results folder atomically:
//! values.csv (or wythoff.csv), solutions.json (game, proven period, solved
//! positions), the charts, the resolved scenario.toml and run.json.

use crate::cli::CliError;
use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::ResultsFolder;
use crate::impartial::catalogue::parse_game_within;
use crate::impartial::table::{Table, tabulate_within};
use crate::impartial::{Solution, solve};
use crate::output::impartial_files;
use crate::scenario::impartial::{LISTED_MOVES, reader, words};
use crate::scenario::{ImpartialScenario, Scenario};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// Runs an `impartial` scenario.
pub fn run_impartial(
    scenario: &ImpartialScenario,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    // The table and the positions were checked (the positions solved) while
    // the file was read, within the limits in force: `dilemma run` reads it
    // with its --no-limit (`scenario::load_within`), as `[limits] none =
    // true` does. What was refused then is done here only if this run lifts
    // the limits after all (a scenario read without the lift), the same
    // switch as `dilemma solve --no-limit`; the hard (memory) bounds stay.
    let no_limit = args.no_limit || scenario.lifted;
    let table = match &scenario.table_plan {
        Some(plan) => plan.table(),
        None => tabulate_within(&words(&scenario.rule), scenario.table, no_limit),
    }
    .map_err(|e| CliError::BadInput(format!("{}: {e}", scenario.name)))?;
    let mut solutions = Vec::new();
    for (i, (w, solved)) in scenario
        .positions
        .iter()
        .zip(&scenario.solutions)
        .enumerate()
    {
        if let Some(s) = solved {
            solutions.push(s.clone());
            continue;
        }
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
    // The positions' time while the file was read counts too.
    let solved = scenario.solve_seconds + started.elapsed().as_secs_f64();
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
        "total_seconds": scenario.solve_seconds + started.elapsed().as_secs_f64(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::catalogue::PARSED;

    fn args(out: &Path) -> RunArgs {
        RunArgs {
            scenarios: Vec::new(),
            out: out.to_path_buf(),
            threads: 1,
            seed: None,
            quiet: true,
            json: false,
            shard: None,
            shards: None,
            no_limit: false,
        }
    }

    /// Each position is parsed (its solver's analysis run) and solved once,
    /// while the file is read; the run writes those solutions and parses
    /// nothing again. Counted on this thread (`catalogue::PARSED`), with
    /// and without the lift.
    #[test]
    fn each_position_is_solved_once_from_load_to_results() {
        let d = std::env::temp_dir().join(format!("dilemma-solved-once-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let s = d.join("s.toml");
        std::fs::write(
            &s,
            "name = \"once\"\nkind = \"impartial\"\n[game]\nrule = \"kayles\"\ntable = 20\n\
             positions = [\"kayles 10\", \"octal 20 --code 0.07\", [\"nim 3\", \"kayles 4\"]]\n\
             [output]\ncharts = false\n",
        )
        .unwrap();
        for (lifted, out) in [(false, "plain"), (true, "lifted")] {
            PARSED.with(|c| c.set(0));
            let loaded = crate::scenario::load_within(&s, lifted).unwrap();
            // Three positions, the sum's two parts parsed within it.
            assert_eq!(PARSED.with(|c| c.get()), 5, "{out}");
            let Scenario::Impartial(scenario) = &loaded.scenario else {
                panic!("an impartial scenario")
            };
            assert!(scenario.solutions.iter().all(Option::is_some), "{out}");
            let mut run_args = args(&d.join(out));
            run_args.no_limit = lifted;
            run_impartial(
                scenario,
                &loaded.scenario,
                &d.join(out).join("once"),
                &run_args,
            )
            .unwrap();
            assert_eq!(
                PARSED.with(|c| c.get()),
                5,
                "{out}: parsed again by the run"
            );
            let json = std::fs::read_to_string(d.join(out).join("once/solutions.json")).unwrap();
            let v: serde_json::Value = serde_json::from_str(&json).unwrap();
            let grundy: Vec<u64> = v["solutions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["grundy"].as_u64().unwrap())
                .collect();
            // kayles 10 = 2; Dawson's Kayles (0.07) 20 = 3; nim 3 ^ kayles 4 = 3 ^ 1.
            assert_eq!(grundy, vec![2, 3, 3 ^ 1], "{out}");
        }
        // A refused scenario (its table over the default limit) has its
        // positions checked, not solved: nothing is done that the refusal
        // makes useless.
        let text = std::fs::read_to_string(&s).unwrap();
        std::fs::write(&s, text.replace("table = 20", "table = 10000001")).unwrap();
        let loaded = crate::scenario::load(&s).unwrap();
        assert!(
            loaded
                .over_limit
                .unwrap()
                .to_string()
                .contains("game.table")
        );
        let Scenario::Impartial(scenario) = &loaded.scenario else {
            panic!("an impartial scenario")
        };
        assert_eq!(scenario.solutions.len(), 3);
        assert!(scenario.solutions.iter().all(Option::is_none));
        let _ = std::fs::remove_dir_all(&d);
    }
}
