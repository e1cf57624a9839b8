//! `dilemma run` for the `fixation` kind: estimate every ordered pair's
//! fixation probability (units folded in id order, so the files do not
//! depend on threads) and write `fixation_matrix.csv`, its heat map,
//! `scenario.toml` and `run.json`.

use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::{ResultsFolder, dependencies};
use crate::cli::{CliError, progress, table};
use crate::evolution::fixation_matrix::PairFixation;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::fixation_files::{draw_fixation_matrix, write_fixation_matrix};
use crate::scenario::{FixationScenario, Scenario};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// Runs a fixation-matrix scenario.
pub fn run_fixation(
    scenario: &FixationScenario,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let study = &scenario.study;
    let bar = progress::bar_with_parts(study.unit_count(), &scenario.name, args.quiet || args.json);
    bar.set_message(format!("{} ordered pairs", study.pairs().len()));
    let estimates = study.estimate(|done| bar.set_position(done));
    bar.finish_and_clear();
    finish_fixation(
        scenario,
        &whole.resolved_toml(),
        destination,
        &estimates,
        started,
        args,
    )
}

/// Writes the files of a fixation matrix from its estimates, moves the
/// folder into place and reports; `dilemma merge` renders merged shards
/// with this same function.
pub(crate) fn finish_fixation(
    scenario: &FixationScenario,
    resolved_toml: &str,
    destination: &Path,
    estimates: &[PairFixation],
    started: Instant,
    args: &RunArgs,
) -> Result<(), CliError> {
    let study = &scenario.study;
    let names: Vec<String> = study.players.iter().map(|p| p.name.clone()).collect();
    let folder = ResultsFolder::create(destination)?;
    folder.write("fixation_matrix.csv", |p| {
        write_fixation_matrix(p, &names, study.size, estimates)
    })?;
    folder.text("scenario.toml", resolved_toml)?;
    if scenario.charts {
        draw_fixation_matrix(
            &folder.file("fixation_matrix"),
            &format!(
                "{}: fixation probability ({} runs, N = {}, {})",
                scenario.name,
                study.runs,
                study.size,
                study.mode.id()
            ),
            &names,
            estimates,
        )
        .map_err(|e| folder.chart_failed(e))?;
    }
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": scenario.name,
        "kind": "fixation",
        "seed": study.seed,
        "threads": rayon::current_num_threads(),
        "strategies": names.len(),
        "size": study.size,
        "mode": study.mode.id(),
        "runs_per_pair": study.runs,
        "runs": study.unit_count(),
        "total_seconds": started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    folder.text("run.json", &format!("{run:#}\n"))?;
    let pairs: Vec<serde_json::Value> = estimates
        .iter()
        .map(|e| {
            let (low, high) = e.interval();
            json!({
                "mutant": names[e.mutant],
                "resident": names[e.resident],
                "runs": e.runs,
                "fixations": e.fixations,
                "probability": e.probability(),
                "interval": [low, high],
                "exact": e.exact,
            })
        })
        .collect();
    let report = || report_text(scenario, &names, estimates);
    folder.publish(
        args,
        &scenario.name,
        ("pairs", serde_json::Value::Array(pairs)),
        &run,
        report,
    )
}

/// One line per ordered pair (at most 40 shown).
fn report_text(
    scenario: &FixationScenario,
    names: &[String],
    estimates: &[PairFixation],
) -> String {
    let short = |s: &str| {
        if s.chars().count() > 22 {
            s.chars().take(21).collect::<String>() + "…"
        } else {
            s.to_string()
        }
    };
    let mut rows = vec![
        ["mutant", "resident", "p", "95% interval", "exact"]
            .map(String::from)
            .to_vec(),
    ];
    for e in estimates.iter().take(40) {
        let (low, high) = e.interval();
        rows.push(vec![
            short(&names[e.mutant]),
            short(&names[e.resident]),
            format!("{:.4}", e.probability()),
            format!("{low:.3}-{high:.3}"),
            e.exact
                .map_or_else(|| "-".to_string(), |x| format!("{x:.4}")),
        ]);
    }
    let s = &scenario.study;
    let mut text = format!(
        "{}: {} ordered pairs, N = {}, {} runs each, mode {} (neutral 1/N = {})\n",
        scenario.name,
        estimates.len(),
        s.size,
        s.runs,
        s.mode.id(),
        python_float(1.0 / s.size as f64)
    );
    text += &table::render(&rows, &[false, false, true, true, true]);
    if estimates.len() > 40 {
        text += &format!(
            "... {} more pairs in fixation_matrix.csv\n",
            estimates.len() - 40
        );
    }
    text
}
