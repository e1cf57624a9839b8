//! `dilemma run` for a tournament with `[sweep]`: play the tournament at
//! every grid point in point order and write `sweep.csv`, the optional
//! `points/<k>/` folders, the charts, `scenario.toml` and `run.json`
//! (see `output::sweep_files`). Each point's tournament keeps the
//! tournament invariants (thread count does not matter), so the sweep's
//! files do not depend on threads either.

use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::{ResultsFolder, dependencies};
use crate::cli::{CliError, progress, table};
use crate::ipd::results::TournamentResults;
use crate::output::sweep_files::{PointSummary, grid_value, write_sweep_charts, write_sweep_csv};
use crate::output::tournament_files::{write_payoff_matrix, write_summary};
use crate::scenario::{Scenario, SweepScenario};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// Runs a sweep and writes its results folder.
pub fn run_sweep(
    sweep: &SweepScenario,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let folder = ResultsFolder::create(destination)?;
    let total = sweep.match_count();
    let bar = progress::bar_with_parts(total, &sweep.base.name, args.quiet || args.json);
    let mut done = 0;
    let mut summaries = Vec::with_capacity(sweep.points.len());
    let mut turns = 0;
    for (k, point) in sweep.points.iter().enumerate() {
        bar.set_message(format!("point {}/{}", k + 1, sweep.points.len()));
        let tournament = point.tournament.tournament();
        let results = match tournament
            .run::<std::convert::Infallible>(|_| Ok(()), |d| bar.set_position(done + d))
        {
            Ok(results) => results,
            Err(never) => match never {},
        };
        done += tournament.match_count();
        turns += results.total_turns();
        summaries.push(summarize_point(sweep, k, results, &folder)?);
    }
    bar.finish_and_clear();
    finish_sweep(
        sweep,
        &whole.resolved_toml(),
        folder,
        &summaries,
        (started, turns),
        args,
    )
}

/// The summary of point `k` from its results; writes `points/<k>/` when
/// the sweep asks for it.
pub(crate) fn summarize_point(
    sweep: &SweepScenario,
    k: usize,
    mut results: TournamentResults,
    folder: &ResultsFolder,
) -> Result<PointSummary, CliError> {
    let point = &sweep.points[k];
    results.count_self_play_in_scores(point.tournament.self_play_in_ranking);
    let rows = results.summary();
    if sweep.write_points {
        let name = point_folder(k, sweep.points.len());
        std::fs::create_dir_all(folder.file(&name))
            .map_err(|e| crate::cli::run_common::failed("cannot create", &folder.file(&name), e))?;
        folder.write(&format!("{name}/summary.csv"), |p| write_summary(p, &rows))?;
        folder.write(&format!("{name}/payoff_matrix.csv"), |p| {
            write_payoff_matrix(p, &results.names, &results.payoff_matrix())
        })?;
    }
    Ok(PointSummary {
        coordinates: point.coordinates.clone(),
        rows,
    })
}

/// `points/<k>` with k zero-padded to the width of the largest index.
fn point_folder(k: usize, count: usize) -> String {
    let width = count.saturating_sub(1).to_string().len();
    format!("points/{k:0width$}")
}

/// Writes `sweep.csv`, the charts, `scenario.toml` and `run.json`, moves
/// the folder into place and reports. `dilemma merge` renders merged sweep
/// shards with this same function.
pub(crate) fn finish_sweep(
    sweep: &SweepScenario,
    resolved_toml: &str,
    folder: ResultsFolder,
    summaries: &[PointSummary],
    (started, turns): (Instant, u64),
    args: &RunArgs,
) -> Result<(), CliError> {
    let keys: Vec<(String, bool)> = sweep
        .axes
        .iter()
        .map(|a| (a.key.clone(), a.integer))
        .collect();
    folder.write("sweep.csv", |p| write_sweep_csv(p, &keys, summaries))?;
    folder.text("scenario.toml", resolved_toml)?;
    if sweep.base.charts {
        let names: Vec<String> = sweep.base.players.iter().map(|p| p.name.clone()).collect();
        let sizes: Vec<usize> = sweep.axes.iter().map(|a| a.values.len()).collect();
        write_sweep_charts(
            folder.path(),
            &sweep.base.name,
            &keys,
            &sizes,
            &names,
            summaries,
        )
        .map_err(|e| folder.chart_failed(e))?;
    }
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": sweep.base.name,
        "kind": "sweep",
        "seed": sweep.base.seed,
        "threads": rayon::current_num_threads(),
        "keys": keys.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>(),
        "points": sweep.points.len(),
        "players": sweep.base.players.len(),
        "matches": sweep.match_count(),
        "turns": turns,
        "total_seconds": started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    folder.text("run.json", &format!("{run:#}\n"))?;
    let winners: Vec<serde_json::Value> = summaries
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let best = p.rows.first();
            json!({
                "point": k,
                "values": p.coordinates,
                "winner": best.map(|r| r.name.clone()),
                "median_score": best.map(|r| r.median_score),
            })
        })
        .collect();
    let report = || report_text(sweep, &keys, summaries);
    folder.publish(
        args,
        &sweep.base.name,
        ("points", serde_json::Value::Array(winners)),
        &run,
        report,
    )
}

/// The terminal report: one line per point (at most 40, then a note).
fn report_text(
    sweep: &SweepScenario,
    keys: &[(String, bool)],
    summaries: &[PointSummary],
) -> String {
    let mut header = vec!["point".to_string()];
    header.extend(keys.iter().map(|(k, _)| k.clone()));
    header.extend(["winner", "median", "mean coop."].map(String::from));
    let mut rows = vec![header];
    for (k, p) in summaries.iter().enumerate().take(40) {
        let mut row = vec![k.to_string()];
        row.extend(
            p.coordinates
                .iter()
                .zip(keys)
                .map(|(&v, (_, i))| grid_value(v, *i)),
        );
        let best = p.rows.first();
        let mut name = best.map_or(String::new(), |r| r.name.clone());
        if name.chars().count() > 28 {
            name = name.chars().take(27).collect::<String>() + "…";
        }
        row.push(name);
        row.push(best.map_or(String::new(), |r| format!("{:.4}", r.median_score)));
        let n = p.rows.len().max(1) as f64;
        let coop = p.rows.iter().map(|r| r.cooperation_rating).sum::<f64>() / n;
        row.push(format!("{coop:.3}"));
        rows.push(row);
    }
    let mut right = vec![true];
    right.extend(keys.iter().map(|_| true));
    right.extend([false, true, true]);
    let mut text = format!(
        "{}: {} grid points x {} players, {} matches\n",
        sweep.base.name,
        summaries.len(),
        sweep.base.players.len(),
        sweep.match_count()
    );
    text += &table::render(&rows, &right);
    if summaries.len() > 40 {
        text += &format!("... {} more points in sweep.csv\n", summaries.len() - 40);
    }
    text
}
