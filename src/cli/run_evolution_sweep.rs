//! `dilemma run` for a `moran` or `ecological` scenario with `[sweep]`:
//! run the study at every grid point in point order and write `sweep.csv`,
//! the optional `points/<k>/` folders, the charts, `scenario.toml`,
//! `run.json` and `report.html` (see `output::evolution_sweep_files`).
//!
//! A Moran point's runs are folded by `evolution::moran_units` (the same
//! fold a merge of shards uses); an ecological point's tournament keeps the
//! tournament invariants and its replicator dynamics is deterministic, so
//! the files do not depend on the thread count.

use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::{ResultsFolder, dependencies, failed};
use crate::cli::{CliError, progress, table};
use crate::evolution::moran_units::{RunOutcome, fold_runs, play_runs};
use crate::evolution::replicator::{ReplicatorDynamics, ReplicatorKind};
use crate::evolution::share_outcome::share_outcomes;
use crate::ipd::results::TournamentResults;
use crate::output::evolution_files as files;
use crate::output::evolution_sweep_files::{
    EcologicalPoint, MoranPoint, write_ecological_sweep_charts, write_ecological_sweep_csv,
    write_moran_sweep_charts, write_moran_sweep_csv,
};
use crate::output::sweep_files::grid_value;
use crate::output::tournament_files::write_payoff_matrix;
use crate::scenario::evolution_sweep::StudySweep;
use crate::scenario::{EcologicalScenario, EvolutionSweep, MoranScenario, Scenario};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// Runs a Moran or ecological sweep and writes its results folder.
pub fn run_evolution_sweep(
    sweep: &EvolutionSweep,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    match sweep {
        EvolutionSweep::Moran(s) => run_moran_sweep(s, whole, destination, args),
        EvolutionSweep::Ecological(s) => run_ecological_sweep(s, whole, destination, args),
    }
}

/// A progress bar over Moran runs with the grid point (or shard) as its
/// message.
pub(crate) fn runs_bar(total: u64, label: &str, quiet: bool) -> indicatif::ProgressBar {
    let bar = progress::bar_of(total, label, "runs", quiet);
    if !bar.is_hidden()
        && let Ok(style) = indicatif::ProgressStyle::with_template(
            "{prefix:.bold} [{bar:20.cyan/blue}] {pos}/{len} runs, {msg} eta {eta}",
        )
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

fn run_moran_sweep(
    sweep: &StudySweep<MoranScenario>,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let folder = ResultsFolder::create(destination)?;
    let total: u64 = sweep.points.iter().map(|p| p.study.runs).sum();
    let bar = runs_bar(total, &sweep.base.name, args.quiet || args.json);
    let mut done = 0;
    let mut points = Vec::with_capacity(sweep.points.len());
    for (k, point) in sweep.points.iter().enumerate() {
        bar.set_message(format!("point {}/{}", k + 1, sweep.points.len()));
        let study = &point.study;
        let outcomes = play_runs(&study.process, study.seed, 0..study.runs, |d| {
            bar.set_position(done + d)
        });
        done += study.runs;
        points.push(moran_point(sweep, k, &outcomes, &folder)?);
    }
    bar.finish_and_clear();
    finish_moran_sweep(
        sweep,
        &whole.resolved_toml(),
        folder,
        &points,
        started,
        args,
    )
}

/// `points/<k>` with k zero-padded to the width of the largest index.
fn point_folder(k: usize, count: usize) -> String {
    let width = count.saturating_sub(1).to_string().len();
    format!("points/{k:0width$}")
}

fn create_point_folder(folder: &ResultsFolder, name: &str) -> Result<(), CliError> {
    std::fs::create_dir_all(folder.file(name))
        .map_err(|e| failed("cannot create", &folder.file(name), e))
}

/// Point `k` of a Moran sweep from its runs' outcomes (runs 0, 1, ... in
/// order); writes `points/<k>/` (fixation.csv, long_run_shares.csv with
/// mutation, counts.csv of run 0) when the sweep asks for it.
fn moran_point(
    sweep: &StudySweep<MoranScenario>,
    k: usize,
    outcomes: &[RunOutcome],
    folder: &ResultsFolder,
) -> Result<MoranPoint, CliError> {
    let point = fold_moran_point(sweep, k, outcomes);
    write_moran_point(sweep, k, &point, folder)?;
    Ok(point)
}

/// Point `k` of a Moran sweep from its runs' outcomes (runs 0, 1, ... in
/// order).
pub(crate) fn fold_moran_point(
    sweep: &StudySweep<MoranScenario>,
    k: usize,
    outcomes: &[RunOutcome],
) -> MoranPoint {
    let point = &sweep.points[k];
    let study = &point.study;
    let (fixation, long_run) = fold_runs(&study.process.type_names, outcomes);
    MoranPoint {
        coordinates: point.coordinates.clone(),
        initial: study.population.iter().map(|p| p.1).collect(),
        fixation,
        long_run,
    }
}

/// Writes `points/<k>/` of a Moran sweep when it asks for them.
pub(crate) fn write_moran_point(
    sweep: &StudySweep<MoranScenario>,
    k: usize,
    result: &MoranPoint,
    folder: &ResultsFolder,
) -> Result<(), CliError> {
    let study = &sweep.points[k].study;
    let process = &study.process;
    let (fixation, long_run, initial) = (&result.fixation, &result.long_run, &result.initial);
    if sweep.write_points {
        let name = point_folder(k, sweep.points.len());
        create_point_folder(folder, &name)?;
        folder.write(&format!("{name}/fixation.csv"), |p| {
            files::write_fixation(p, fixation, initial)
        })?;
        if let Some(shares) = long_run {
            folder.write(&format!("{name}/long_run_shares.csv"), |p| {
                files::write_long_run(p, shares)
            })?;
        }
        let example = process.run(study.seed, 0, true);
        folder.write(&format!("{name}/counts.csv"), |p| {
            files::write_counts(p, &process.type_names, &example.counts)
        })?;
    }
    Ok(())
}

/// Writes a Moran sweep's `sweep.csv`, charts, `scenario.toml` and
/// `run.json`, moves the folder into place and reports. `dilemma merge`
/// renders merged shards with this same function.
pub(crate) fn finish_moran_sweep(
    sweep: &StudySweep<MoranScenario>,
    resolved_toml: &str,
    folder: ResultsFolder,
    points: &[MoranPoint],
    started: Instant,
    args: &RunArgs,
) -> Result<(), CliError> {
    let base = &sweep.base;
    let keys = sweep.keys();
    folder.write("sweep.csv", |p| write_moran_sweep_csv(p, &keys, points))?;
    folder.text("scenario.toml", resolved_toml)?;
    let names = &base.process.type_names;
    if base.charts {
        write_moran_sweep_charts(
            folder.path(),
            &base.name,
            &keys,
            &sweep.sizes(),
            names,
            points,
        )
        .map_err(|e| folder.chart_failed(e))?;
    }
    let runs: u64 = sweep.points.iter().map(|p| p.study.runs).sum();
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": base.name,
        "kind": "moran-sweep",
        "seed": base.seed,
        "threads": rayon::current_num_threads(),
        "keys": keys.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>(),
        "points": points.len(),
        "strategies": names.len(),
        "runs": runs,
        "total_seconds": started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    folder.text("run.json", &format!("{run:#}\n"))?;
    let summary: Vec<serde_json::Value> = points
        .iter()
        .enumerate()
        .map(|(k, p)| {
            json!({
                "point": k,
                "values": p.coordinates,
                "fixations": p.fixation.fixations,
                "probabilities": p.fixation.probabilities,
                "unfixed": p.fixation.unfixed,
                "mean_steps": p.fixation.mean_steps,
                "long_run_shares": p.long_run.as_ref().map(|l| l.shares.clone()),
            })
        })
        .collect();
    let report = || {
        let rows = points.iter().map(|p| {
            let (values, mark) = match &p.long_run {
                Some(l) => (&l.shares, "*"),
                None => (&p.fixation.probabilities, ""),
            };
            let top = top_index(values);
            vec![
                names[top].clone(),
                format!("{:.4}{mark}", values[top]),
                format!("{:.1}", p.fixation.mean_steps),
            ]
        });
        let coordinates: Vec<&[f64]> = points.iter().map(|p| &p.coordinates[..]).collect();
        let mut text = crate::cli::width::fit(&format!(
            "{}: Moran ({}), {} points x {} strategies, {runs} runs\n",
            base.name,
            base.process.mode.id(),
            points.len(),
            names.len(),
        ));
        text += &point_table(&keys, &coordinates, ["top", "p", "steps"], rows);
        if points.iter().any(|p| p.long_run.is_some()) {
            text += "top: most often fixed, p its fixation probability; * with mutation: the\n\
                     largest long-run share instead\n";
        }
        text
    };
    folder.publish(
        args,
        &base.name,
        ("points", serde_json::Value::Array(summary)),
        &run,
        report,
    )
}

/// The index of the largest value (the first of ties).
fn top_index(values: &[f64]) -> usize {
    (0..values.len())
        .max_by(|&a, &b| values[a].total_cmp(&values[b]).then(b.cmp(&a)))
        .unwrap_or(0)
}

/// One line per point (at most 40, then a note): the point, its values and
/// three result columns.
fn point_table(
    keys: &[(String, bool)],
    coordinates: &[&[f64]],
    columns: [&str; 3],
    results: impl Iterator<Item = Vec<String>>,
) -> String {
    let mut header = vec!["point".to_string()];
    header.extend(keys.iter().map(|(k, _)| k.clone()));
    header.extend(columns.map(String::from));
    let mut rows = vec![header];
    for (k, (c, mut result)) in coordinates.iter().zip(results).enumerate().take(40) {
        let mut row = vec![k.to_string()];
        row.extend(c.iter().zip(keys).map(|(&v, (_, i))| grid_value(v, *i)));
        if result[0].chars().count() > 24 {
            result[0] = result[0].chars().take(23).collect::<String>() + "…";
        }
        row.extend(result);
        rows.push(row);
    }
    let mut right = vec![true];
    right.extend(keys.iter().map(|_| true));
    right.extend([false, true, true]);
    let mut text = table::render(&rows, &right);
    if coordinates.len() > 40 {
        text += &format!("... {} more points in sweep.csv\n", coordinates.len() - 40);
    }
    text
}

fn run_ecological_sweep(
    sweep: &StudySweep<EcologicalScenario>,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let folder = ResultsFolder::create(destination)?;
    let total: u64 = sweep
        .points
        .iter()
        .map(|p| p.study.tournament.tournament().match_count())
        .sum();
    let name = &sweep.base.tournament.name;
    let bar = progress::bar_with_parts(total, name, args.quiet || args.json);
    let mut done = 0;
    let mut points = Vec::with_capacity(sweep.points.len());
    let mut turns = 0;
    for (k, point) in sweep.points.iter().enumerate() {
        bar.set_message(format!("point {}/{}", k + 1, sweep.points.len()));
        let tournament = point.study.tournament.tournament();
        let results = match tournament
            .run::<std::convert::Infallible>(|_| Ok(()), |d| bar.set_position(done + d))
        {
            Ok(results) => results,
            Err(never) => match never {},
        };
        done += tournament.match_count();
        turns += results.total_turns();
        points.push(ecological_point(sweep, k, &results, &folder)?);
    }
    bar.finish_and_clear();
    finish_ecological_sweep(
        sweep,
        &whole.resolved_toml(),
        folder,
        &points,
        (started, turns),
        args,
    )
}

/// Point `k` of an ecological sweep from its tournament's results: the
/// replicator dynamics on the payoff matrix; writes `points/<k>/`
/// (payoff_matrix.csv, shares.csv) when the sweep asks for it.
pub(crate) fn ecological_point(
    sweep: &StudySweep<EcologicalScenario>,
    k: usize,
    results: &TournamentResults,
    folder: &ResultsFolder,
) -> Result<EcologicalPoint, CliError> {
    let point = &sweep.points[k];
    let study = &point.study;
    let names: Vec<String> = study
        .tournament
        .players
        .iter()
        .map(|p| p.name.clone())
        .collect();
    let matrix = results.payoff_matrix();
    let dynamics = ReplicatorDynamics {
        names: names.clone(),
        matrix: matrix.clone(),
        initial: study.initial.clone(),
        kind: study.kind,
        steps: study.steps,
    };
    dynamics.validate().map_err(|e| {
        CliError::BadInput(format!(
            "{}: grid point {k}: {e}",
            sweep.base.tournament.name
        ))
    })?;
    let shares = dynamics.run();
    if sweep.write_points {
        let name = point_folder(k, sweep.points.len());
        create_point_folder(folder, &name)?;
        folder.write(&format!("{name}/payoff_matrix.csv"), |p| {
            write_payoff_matrix(p, &names, &matrix)
        })?;
        let dt = match study.kind {
            ReplicatorKind::Continuous { dt } => Some(dt),
            ReplicatorKind::Discrete => None,
        };
        folder.write(&format!("{name}/shares.csv"), |p| {
            files::write_shares(p, &names, &shares, dt)
        })?;
    }
    Ok(EcologicalPoint {
        coordinates: point.coordinates.clone(),
        outcomes: share_outcomes(&shares),
    })
}

/// Writes an ecological sweep's `sweep.csv`, charts, `scenario.toml` and
/// `run.json`, moves the folder into place and reports. `dilemma merge`
/// renders merged shards with this same function.
pub(crate) fn finish_ecological_sweep(
    sweep: &StudySweep<EcologicalScenario>,
    resolved_toml: &str,
    folder: ResultsFolder,
    points: &[EcologicalPoint],
    (started, turns): (Instant, u64),
    args: &RunArgs,
) -> Result<(), CliError> {
    let base = &sweep.base.tournament;
    let keys = sweep.keys();
    let names: Vec<String> = base.players.iter().map(|p| p.name.clone()).collect();
    folder.write("sweep.csv", |p| {
        write_ecological_sweep_csv(p, &keys, &names, points)
    })?;
    folder.text("scenario.toml", resolved_toml)?;
    if base.charts {
        write_ecological_sweep_charts(
            folder.path(),
            &base.name,
            &keys,
            &sweep.sizes(),
            &names,
            points,
        )
        .map_err(|e| folder.chart_failed(e))?;
    }
    let matches: u64 = sweep
        .points
        .iter()
        .map(|p| p.study.tournament.tournament().match_count())
        .sum();
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": base.name,
        "kind": "ecological-sweep",
        "seed": base.seed,
        "threads": rayon::current_num_threads(),
        "keys": keys.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>(),
        "points": points.len(),
        "players": names.len(),
        "matches": matches,
        "turns": turns,
        "total_seconds": started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    folder.text("run.json", &format!("{run:#}\n"))?;
    let summary: Vec<serde_json::Value> = points
        .iter()
        .enumerate()
        .map(|(k, p)| {
            json!({
                "point": k,
                "values": p.coordinates,
                "final_shares": p.outcomes.iter().map(|o| o.last).collect::<Vec<_>>(),
            })
        })
        .collect();
    let report = || {
        let rows = points.iter().map(|p| {
            let last: Vec<f64> = p.outcomes.iter().map(|o| o.last).collect();
            let top = top_index(&last);
            let survivors = p
                .outcomes
                .iter()
                .filter(|o| o.extinct_from.is_none())
                .count();
            vec![
                names[top].clone(),
                format!("{:.4}", last[top]),
                survivors.to_string(),
            ]
        });
        let coordinates: Vec<&[f64]> = points.iter().map(|p| &p.coordinates[..]).collect();
        let mut text = crate::cli::width::fit(&format!(
            "{}: replicator dynamics, {} steps, {} points x {} strategies\n",
            base.name,
            sweep.base.steps,
            points.len(),
            names.len()
        ));
        text += &point_table(&keys, &coordinates, ["top", "share", "alive"], rows);
        text
    };
    folder.publish(
        args,
        &base.name,
        ("points", serde_json::Value::Array(summary)),
        &run,
        report,
    )
}
