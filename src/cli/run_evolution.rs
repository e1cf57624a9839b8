//! `dilemma run` for the evolutionary kinds `moran`, `ecological`
//! (`replicator`) and `spatial`: compute in the pure core, then write the
//! results folder atomically (CSVs, charts, scenario.toml, run.json).

use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::{ResultsFolder, dependencies, failed};
use crate::cli::{CliError, progress};
use crate::evolution::fixation::{FixationStudy, estimate_fixation};
use crate::evolution::replicator::{ReplicatorDynamics, ReplicatorKind};
use crate::output::charts::{ChartError, ChartJob, par_draw};
use crate::output::evolution_files as files;
use crate::output::tournament_files::write_payoff_matrix;
use crate::scenario::{EcologicalScenario, MoranScenario, Scenario, SpatialScenario};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// Runs a `moran` scenario: fixation probabilities over `runs` runs, and the
/// counts per step of run 0.
pub fn run_moran(
    scenario: &MoranScenario,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let process = &scenario.process;
    let study = FixationStudy {
        process: process.clone(),
        runs: scenario.runs,
        seed: scenario.seed,
    };
    let bar = progress::bar_of(
        scenario.runs,
        &scenario.name,
        "runs",
        args.quiet || args.json,
    );
    let result = estimate_fixation(&study, |done| bar.set_position(done));
    bar.finish_and_clear();
    let example = process.run(scenario.seed, 0, true);
    // With mutation nothing stays fixed: report long-run shares instead.
    let long_run = (process.mutation > 0.0)
        .then(|| crate::evolution::long_run::long_run_shares(&study, |_| {}));
    let computed = started.elapsed().as_secs_f64();
    let names = &process.type_names;
    let initial: Vec<u32> = scenario.population.iter().map(|p| p.1).collect();
    let n = process.size();
    let folder = ResultsFolder::create(destination)?;
    folder.write("fixation.csv", |p| {
        files::write_fixation(p, &result, &initial)
    })?;
    folder.write("counts.csv", |p| {
        files::write_counts(p, names, &example.counts)
    })?;
    if let Some(shares) = &long_run {
        folder.write("long_run_shares.csv", |p| files::write_long_run(p, shares))?;
    }
    folder.text("scenario.toml", &whole.resolved_toml())?;
    if scenario.charts {
        let xs: Vec<f64> = example.counts.iter().map(|c| c.0 as f64).collect();
        let shares: Vec<Vec<f64>> = example
            .counts
            .iter()
            .map(|c| c.1.iter().map(|&v| v as f64).collect())
            .collect();
        let (long_run_stem, fixation_stem, shares_stem) = (
            folder.file("long_run_shares"),
            folder.file("fixation"),
            folder.file("shares"),
        );
        let (result, initial, xs, shares) = (&result, &initial, &xs, &shares);
        // The long-run shares or fixation chart and the shares chart, drawn at once.
        let outcome: ChartJob<'_, ChartError> = match &long_run {
            Some(long) => Box::new(move || {
                files::draw_long_run(
                    &long_run_stem,
                    &format!(
                        "{}: long-run shares ({} runs of {} steps, mutation {}, N = {n})",
                        scenario.name,
                        long.runs,
                        process.max_steps.unwrap_or(0),
                        process.mutation
                    ),
                    long,
                )
            }),
            None => Box::new(move || {
                // Neutral reference only when every type starts with one individual.
                let neutral = initial.iter().all(|&c| c == 1).then_some(1.0 / n as f64);
                files::draw_fixation(
                    &fixation_stem,
                    &format!(
                        "{}: fixation probability ({} runs, N = {n})",
                        scenario.name, result.runs
                    ),
                    result,
                    neutral,
                )
            }),
        };
        let shares_chart: ChartJob<'_, ChartError> = Box::new(move || {
            files::draw_shares(
                &shares_stem,
                &format!("{}: population shares, run 0", scenario.name),
                "Step (one birth and one death)",
                names,
                xs,
                shares,
            )
        });
        par_draw(vec![outcome, shares_chart]).map_err(|e| folder.chart_failed(e))?;
    }
    let summary = json!({
        "strategies": names,
        "initial_counts": initial,
        "runs": result.runs,
        "fixations": result.fixations,
        "unfixed": result.unfixed,
        "probabilities": result.probabilities,
        "intervals95": result.intervals,
        "mean_steps": result.mean_steps,
    });
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": scenario.name,
        "kind": "moran",
        "seed": scenario.seed,
        "threads": rayon::current_num_threads(),
        "population": n,
        "mode": process.mode.id(),
        "runs": scenario.runs,
        "compute_seconds": computed,
        "total_seconds": started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    let mut report = format!(
        "{}: {} of the Moran process ({}), N = {n}\n",
        scenario.name,
        crate::cli::width::count(result.runs, "run", "runs"),
        process.mode.id()
    );
    let mut rows = vec![
        ["strategy", "start", "fixed", "p", "95% interval"]
            .map(String::from)
            .to_vec(),
    ];
    for (t, name) in names.iter().enumerate() {
        rows.push(vec![
            name.to_string(),
            initial[t].to_string(),
            result.fixations[t].to_string(),
            format!("{:.4}", result.probabilities[t]),
            format!(
                "[{:.4}, {:.4}]",
                result.intervals[t].0, result.intervals[t].1
            ),
        ]);
    }
    report += &crate::cli::table::render(&rows, &[false, true, true, true, true]);
    if let Some(shares) = &long_run {
        report += &crate::cli::width::fit(
            "with mutation no type stays fixed; long-run shares (time average, mean over runs):\n",
        );
        let mut share_rows = vec![
            ["strategy", "share", "95% interval"]
                .map(String::from)
                .to_vec(),
        ];
        for (t, name) in names.iter().enumerate() {
            share_rows.push(vec![
                name.to_string(),
                format!("{:.4}", shares.shares[t]),
                format!(
                    "[{:.4}, {:.4}]",
                    shares.intervals[t].0, shares.intervals[t].1
                ),
            ]);
        }
        report += &crate::cli::table::render(&share_rows, &[false, true, true]);
    }
    if result.unfixed > 0 {
        report += &format!(
            "{} at the step limit before fixation\n",
            crate::cli::width::count(result.unfixed, "run stopped", "runs stopped")
        );
    }
    folder.text("run.json", &format!("{run:#}\n"))?;
    folder.publish(args, &scenario.name, ("summary", summary), &run, || report)
}

/// Runs an `ecological` scenario: the tournament, then replicator dynamics
/// on its payoff matrix.
pub fn run_ecological(
    scenario: &EcologicalScenario,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let t = &scenario.tournament;
    let tournament = t.tournament();
    let bar = progress::bar(tournament.match_count(), &t.name, args.quiet || args.json);
    let results = match tournament
        .run::<std::convert::Infallible>(|_| Ok(()), |done| bar.set_position(done))
    {
        Ok(results) => results,
        Err(never) => match never {},
    };
    bar.finish_and_clear();
    let matrix = results.payoff_matrix();
    let names: Vec<String> = t.players.iter().map(|p| p.name.clone()).collect();
    let dynamics = ReplicatorDynamics {
        names: names.clone(),
        matrix: matrix.clone(),
        initial: scenario.initial.clone(),
        kind: scenario.kind,
        steps: scenario.steps,
    };
    dynamics
        .validate()
        .map_err(|e| CliError::BadInput(format!("{}: {e}", t.name)))?;
    let shares = dynamics.run();
    let computed = started.elapsed().as_secs_f64();
    let folder = ResultsFolder::create(destination)?;
    let dt = match scenario.kind {
        ReplicatorKind::Continuous { dt } => Some(dt),
        ReplicatorKind::Discrete => None,
    };
    folder.write("payoff_matrix.csv", |p| {
        write_payoff_matrix(p, &names, &matrix)
    })?;
    folder.write("shares.csv", |p| {
        files::write_shares(p, &names, &shares, dt)
    })?;
    folder.text("scenario.toml", &whole.resolved_toml())?;
    if t.charts {
        let xs: Vec<f64> = (0..shares.len())
            .map(|s| s as f64 * dt.unwrap_or(1.0))
            .collect();
        let label = if dt.is_some() { "Time" } else { "Generation" };
        files::draw_shares(
            &folder.file("shares"),
            &format!("{}: ecological dynamics", t.name),
            label,
            &names,
            &xs,
            &shares,
        )
        .map_err(|e| folder.chart_failed(e))?;
    }
    let last = shares.last().cloned().unwrap_or_default();
    let summary = json!({"strategies": names, "initial": scenario.initial, "final": last, "shift": dynamics.discrete_shift()});
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": t.name,
        "kind": "ecological",
        "seed": t.seed,
        "threads": rayon::current_num_threads(),
        "steps": scenario.steps,
        "time": if dt.is_some() { "continuous" } else { "discrete" },
        "compute_seconds": computed,
        "total_seconds": started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    let mut report = format!(
        "{}: replicator dynamics, {}; final shares:\n",
        t.name,
        crate::cli::width::count(scenario.steps, "step", "steps")
    );
    for (name, s) in names.iter().zip(&last) {
        report += &format!("  {name:<32} {s:.4}\n");
    }
    folder.text("run.json", &format!("{run:#}\n"))?;
    folder.publish(args, &t.name, ("summary", summary), &run, || report)
}

/// Runs a `spatial` scenario.
pub fn run_spatial(
    scenario: &SpatialScenario,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let game = &scenario.game;
    let names = &game.type_names;
    let folder = ResultsFolder::create(destination)?;
    let chart_error = |e| folder.chart_failed(e);
    let bar = progress::bar_of(
        scenario.steps,
        &scenario.name,
        "steps",
        args.quiet || args.json,
    );
    let mut lattice = scenario.start_lattice();
    let mut counts = vec![(0u64, game.counts(&lattice))];
    let frames_dir = folder.path().join("frames");
    if scenario.frames && scenario.charts {
        std::fs::create_dir_all(&frames_dir)
            .map_err(|e| failed("cannot create", &frames_dir, e))?;
    }
    let width = scenario.steps.to_string().len().max(4);
    // Snapshot charts wait for the end, to be drawn at once with the shares chart.
    let snapshots = std::cell::RefCell::new(Vec::new());
    // Frames are drawn in parallel batches (each frame on its own: the same bytes as
    // one at a time); a batch holds at most ~64 MB of lattice copies.
    let frames = std::cell::RefCell::new(Vec::new());
    let frame_batch = (64 << 20) / (game.rows * game.cols).max(1);
    let frame_batch = frame_batch.clamp(1, 4 * rayon::current_num_threads().max(1));
    let draw_frames = |pending: &mut Vec<(u64, Vec<u8>)>| -> Result<(), CliError> {
        let jobs: Vec<ChartJob<'_, ChartError>> = pending
            .iter()
            .map(|(step, cells)| -> ChartJob<'_, ChartError> {
                let stem = frames_dir.join(format!("frame_{step:0width$}"));
                Box::new(move || {
                    files::draw_lattice_state(
                        &stem,
                        &format!("{}: step {step}", scenario.name),
                        game.rows,
                        game.cols,
                        cells,
                        names,
                        true,
                    )
                })
            })
            .collect();
        let drawn = par_draw(jobs).map_err(chart_error);
        pending.clear();
        drawn
    };
    let save = |step: u64, lattice: &Vec<u8>| -> Result<(), CliError> {
        if scenario.snapshots.contains(&step) {
            let file = format!("lattice_{step:0width$}.csv");
            folder.write(&file, |p| files::write_lattice(p, game.cols, lattice))?;
            if scenario.charts {
                snapshots.borrow_mut().push((
                    folder.file(&format!("lattice_{step:0width$}")),
                    step,
                    lattice.clone(),
                ));
            }
        }
        if scenario.frames && scenario.charts {
            let mut pending = frames.borrow_mut();
            pending.push((step, lattice.clone()));
            if pending.len() >= frame_batch {
                draw_frames(&mut pending)?;
            }
        }
        Ok(())
    };
    save(0, &lattice)?;
    let lists = game.neighbour_lists();
    for step in 0..scenario.steps {
        lattice = game.step_using(&lattice, step, &lists);
        counts.push((step + 1, game.counts(&lattice)));
        save(step + 1, &lattice)?;
        bar.set_position(step + 1);
    }
    draw_frames(&mut frames.borrow_mut())?;
    bar.finish_and_clear();
    folder.write("counts.csv", |p| files::write_counts(p, names, &counts))?;
    folder.write("types.csv", |p| files::write_types(p, names))?;
    folder.text("scenario.toml", &whole.resolved_toml())?;
    if scenario.charts {
        let xs: Vec<f64> = counts.iter().map(|c| c.0 as f64).collect();
        let shares: Vec<Vec<f64>> = counts
            .iter()
            .map(|c| c.1.iter().map(|&v| v as f64).collect())
            .collect();
        let shares_stem = folder.file("shares");
        let (xs, shares) = (&xs, &shares);
        let snapshots = snapshots.take();
        let mut jobs: Vec<ChartJob<'_, ChartError>> = snapshots
            .iter()
            .map(|(stem, step, cells)| -> ChartJob<'_, ChartError> {
                Box::new(move || {
                    files::draw_lattice_state(
                        stem,
                        &format!("{}: step {step}", scenario.name),
                        game.rows,
                        game.cols,
                        cells,
                        names,
                        false,
                    )
                })
            })
            .collect();
        jobs.push(Box::new(move || {
            files::draw_shares(
                &shares_stem,
                &format!("{}: shares of cells", scenario.name),
                "Step",
                names,
                xs,
                shares,
            )
        }));
        par_draw(jobs).map_err(chart_error)?;
    }
    let cells = (game.rows * game.cols) as f64;
    let last = counts.last().map(|c| c.1.clone()).unwrap_or_default();
    let summary = json!({
        "strategies": names,
        "final_counts": last,
        "final_shares": last.iter().map(|&c| c as f64 / cells).collect::<Vec<_>>(),
    });
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": scenario.name,
        "kind": "spatial",
        "seed": scenario.seed,
        "threads": rayon::current_num_threads(),
        "rows": game.rows,
        "cols": game.cols,
        "steps": scenario.steps,
        "total_seconds": started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    let mut report = format!(
        "{}: {}x{} lattice, {}; final shares:\n",
        scenario.name,
        game.rows,
        game.cols,
        crate::cli::width::count(scenario.steps, "step", "steps")
    );
    for (name, &c) in names.iter().zip(&last) {
        report += &format!("  {name:<32} {:.4} ({c} cells)\n", c as f64 / cells);
    }
    folder.text("run.json", &format!("{run:#}\n"))?;
    folder.publish(args, &scenario.name, ("summary", summary), &run, || report)
}
