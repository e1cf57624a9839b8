//! `dilemma run SCENARIO...`: validate every scenario first, then run each
//! and write its results folder atomically.

use crate::cli::run_common::failed;
use crate::cli::{CliError, progress, shown, table};
use crate::ipd::result_set::ResultSetExtras;
use crate::ipd::results::TournamentResults;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::atomic::StagingDir;
use crate::output::tournament_files::{
    InteractionsWriter, MatchesWriter, summary_records, write_payoff_matrix, write_summary,
    write_text,
};
use crate::scenario::{self, Scenario, TournamentScenario};
use clap::Args;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of `dilemma run`.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct RunArgs {
    /// Scenario files (TOML). All are checked before any is run.
    #[arg(required = true)]
    pub scenarios: Vec<PathBuf>,
    /// Folder that receives one results folder per scenario.
    #[arg(long, default_value = "results")]
    pub out: PathBuf,
    /// Worker threads (0 = one per core, at most 1024). Results do not depend on it.
    #[arg(long, default_value_t = 0, value_parser = crate::cli::options::whole_number::<u16>(0, 1024))]
    pub threads: u16,
    /// Override the scenarios' master seed (0 to 2^63 - 1).
    #[arg(long, value_parser = crate::cli::options::whole_number::<u64>(0, i64::MAX as u64))]
    pub seed: Option<u64>,
    /// No progress bar and no tables; errors and warnings only.
    #[arg(long)]
    pub quiet: bool,
    /// Print each scenario's summary as JSON on standard output, one object per line (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Play only shard I of N (I from 0 to N-1) and write <out>/<name>.shard-I-of-N/ for
    /// `dilemma merge`; `auto` reads a Slurm array's or Kubernetes Indexed Job's index.
    #[arg(long, value_name = "I/N|auto")]
    pub shard: Option<crate::scale::ShardSpec>,
    /// Shard count for `--shard auto` in a Kubernetes Indexed Job (its completions).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=crate::scale::shard::MAX_SHARDS as i64))]
    pub shards: Option<u32>,
    /// Run scenarios whose estimated work is over the default limits (see
    /// src/scenario/work.rs; also `[limits] none = true` in a scenario).
    #[arg(long)]
    pub no_limit: bool,
}

/// Runs the scenarios.
pub fn run(args: &RunArgs) -> Result<(), CliError> {
    let mut loaded = Vec::new();
    let mut errors = Vec::new();
    for path in &args.scenarios {
        // Read as the run will run it: with --no-limit, an impartial
        // scenario's table and positions are checked and solved lifted.
        match scenario::load_within(path, args.no_limit) {
            Ok(scenario) => match &scenario.over_limit {
                // A shard's own work is checked once its shard is known.
                Some(refusal) if !args.no_limit && args.shard.is_none() => {
                    errors.push(refusal.to_string())
                }
                _ => loaded.push(scenario),
            },
            Err(error) => errors.push(error.to_string()),
        }
    }
    if !errors.is_empty() {
        return Err(CliError::BadInput(errors.join("\nerror: ")));
    }
    let mut names: Vec<&str> = loaded.iter().map(|l| l.scenario.name()).collect();
    names.sort_unstable();
    if let Some(pair) = names.windows(2).find(|w| w[0] == w[1]) {
        return Err(CliError::BadInput(format!(
            "two scenarios are named `{}`; their results would overwrite each other (set `name` in one of them)",
            pair[0]
        )));
    }
    // Each scenario's shard: its `[shards] count` may give the count.
    let shards = loaded
        .iter()
        .map(|l| crate::cli::run_shard::resolve(args, l.shards.as_ref()))
        .collect::<Result<Vec<_>, _>>()?;
    if args.shard.is_some() {
        crate::cli::run_shard::check_kinds(loaded.iter().map(|l| &l.scenario))?;
        // The work limit applies to the shard's own part of the study.
        let over: Vec<String> = loaded
            .iter()
            .zip(&shards)
            .filter(|_| !args.no_limit)
            .filter_map(|(l, shard)| scenario::shard_over_limit(l, (*shard)?))
            .map(|e| e.to_string())
            .collect();
        if !over.is_empty() {
            return Err(CliError::BadInput(over.join("\nerror: ")));
        }
    }
    let folders: Vec<String> = loaded
        .iter()
        .zip(&shards)
        .map(|(l, shard)| crate::cli::run_shard::folder_name(l.scenario.name(), *shard))
        .collect();
    check_out_folder(&args.out, folders.iter().map(String::as_str))?;
    for warning in loaded.iter().flat_map(|l| &l.warnings) {
        eprintln!("{warning}");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|e| CliError::Failed(format!("cannot start worker threads: {e}")))?;
    for (mut loaded, shard) in loaded.into_iter().zip(shards) {
        if let Some(seed) = args.seed {
            loaded.scenario.set_seed(seed);
        }
        let destination = args.out.join(crate::cli::run_shard::folder_name(
            loaded.scenario.name(),
            shard,
        ));
        let chart_style = loaded.scenario.chart_style();
        let with_charts = |run: &dyn Fn() -> Result<(), CliError>| {
            crate::output::charts::with_style(&chart_style, run)
        };
        pool.install(|| {
            with_charts(&|| match &loaded.scenario {
                whole @ (Scenario::Tournament(_)
                | Scenario::Sweep(_)
                | Scenario::Fixation(_)
                | Scenario::EvolutionSweep(_))
                    if shard.is_some() =>
                {
                    let (name, seed) = (whole.name(), whole.seed());
                    let shard = shard.unwrap_or(crate::scale::Shard::WHOLE);
                    crate::cli::run_shard::run_shard(name, seed, whole, &destination, shard, args)
                }
                Scenario::Tournament(t) => run_tournament(t, &loaded.scenario, &destination, args),
                Scenario::Pirates(p) => {
                    crate::cli::run_dilemmas::run_pirates(p, &loaded.scenario, &destination, args)
                }
                Scenario::Guess(g) => {
                    crate::cli::run_dilemmas::run_guess(g, &loaded.scenario, &destination, args)
                }
                Scenario::Impartial(s) => crate::cli::run_impartial::run_impartial(
                    s,
                    &loaded.scenario,
                    &destination,
                    args,
                ),
                Scenario::Moran(m) => {
                    crate::cli::run_evolution::run_moran(m, &loaded.scenario, &destination, args)
                }
                Scenario::Ecological(e) => crate::cli::run_evolution::run_ecological(
                    e,
                    &loaded.scenario,
                    &destination,
                    args,
                ),
                Scenario::Spatial(s) => {
                    crate::cli::run_evolution::run_spatial(s, &loaded.scenario, &destination, args)
                }
                Scenario::Sweep(s) => {
                    crate::cli::run_sweep::run_sweep(s, &loaded.scenario, &destination, args)
                }
                Scenario::Fixation(s) => {
                    crate::cli::run_fixation::run_fixation(s, &loaded.scenario, &destination, args)
                }
                Scenario::EvolutionSweep(s) => {
                    crate::cli::run_evolution_sweep::run_evolution_sweep(
                        s,
                        &loaded.scenario,
                        &destination,
                        args,
                    )
                }
                Scenario::NormalForm(s) => crate::cli::run_normal_form::run_normal_form(
                    s,
                    &loaded.scenario,
                    &destination,
                    args,
                ),
            })
        })?;
    }
    Ok(())
}

/// Before anything runs: `--out` must be a folder (or not exist yet), and no
/// results folder may exist as something other than a folder (a user's file
/// there would otherwise be moved aside and replaced).
pub(crate) fn check_out_folder<'a>(
    out: &Path,
    names: impl Iterator<Item = &'a str>,
) -> Result<(), CliError> {
    // One metadata call (not exists() then is_dir()): another run swapping
    // its results into place between the two would look like a file.
    let not_a_folder = |path: &Path| std::fs::metadata(path).is_ok_and(|m| !m.is_dir());
    if let Some(existing) = out.ancestors().find(|a| not_a_folder(a)) {
        return Err(CliError::BadInput(format!(
            "--out {}: {} exists and is not a folder; give a folder for the results",
            shown(out),
            shown(existing)
        )));
    }
    for name in names {
        let destination = out.join(name);
        if not_a_folder(&destination) {
            return Err(CliError::BadInput(format!(
                "--out {}: {} exists and is not a folder; move it away or choose another --out (nothing was written)",
                shown(out),
                shown(&destination)
            )));
        }
    }
    Ok(())
}

fn run_tournament(
    scenario: &TournamentScenario,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let tournament = scenario.tournament();
    let staging = StagingDir::create(destination)
        .map_err(|e| failed("cannot create the results folder", destination, e))?;
    let names: Vec<String> = tournament.players.iter().map(|p| p.name.clone()).collect();
    let mut matches_writer = if scenario.write_matches {
        let path = staging.file("matches.csv");
        Some(
            MatchesWriter::create(&path, names.clone(), scenario.settings.payoffs)
                .map_err(|e| failed("cannot write", &path, e))?,
        )
    } else {
        None
    };
    let bar = progress::bar(
        tournament.match_count(),
        &scenario.name,
        args.quiet || args.json,
    );
    let mut interactions_writer = if scenario.write_interactions {
        let path = staging.file("interactions.csv");
        Some(
            InteractionsWriter::create(&path, names.clone(), scenario.settings.payoffs)
                .map_err(|e| failed("cannot write", &path, e))?,
        )
    } else {
        None
    };
    let mut extras = ResultSetExtras::new(tournament.players.len(), tournament.repetitions);
    let mut on_match = |record: &crate::ipd::MatchRecord| {
        extras.add(record, &scenario.settings.payoffs);
        match matches_writer.as_mut() {
            Some(writer) => writer
                .write(record)
                .map_err(|e| failed("cannot write", &destination.join("matches.csv"), e)),
            None => Ok(()),
        }
    };
    let mut results = match interactions_writer.as_mut() {
        Some(writer) => tournament.run_recording(
            |record, moves| {
                on_match(record)?;
                writer
                    .write(record, moves)
                    .map_err(|e| failed("cannot write", &destination.join("interactions.csv"), e))
            },
            |done| bar.set_position(done),
        ),
        None => tournament.run(on_match, |done| bar.set_position(done)),
    }?;
    bar.finish_and_clear();
    results.count_self_play_in_scores(scenario.self_play_in_ranking);
    let simulated = started.elapsed();
    if let Some(writer) = matches_writer {
        writer
            .finish()
            .map_err(|e| failed("cannot write", &destination.join("matches.csv"), e))?;
    }
    if let Some(writer) = interactions_writer {
        writer
            .finish()
            .map_err(|e| failed("cannot write", &destination.join("interactions.csv"), e))?;
    }
    let timing = (started, simulated);
    let output = (args.json, args.quiet);
    finish_tournament(
        scenario,
        &whole.resolved_toml(),
        destination,
        staging,
        (&results, &extras),
        timing,
        output,
    )
}

/// Writes what follows the matches in a tournament's results folder
/// (`matches.csv` is already staged): summary, payoff matrix, resolved
/// scenario, charts and run.json; then commits the folder and prints the
/// summary (`output` is `(--json, --quiet)`). `dilemma merge` renders merged
/// shards with this same function.
pub(crate) fn finish_tournament(
    scenario: &TournamentScenario,
    resolved_toml: &str,
    destination: &Path,
    staging: StagingDir,
    (results, extras): (&TournamentResults, &ResultSetExtras),
    (started, simulated): (Instant, std::time::Duration),
    (json, quiet): (bool, bool),
) -> Result<(), CliError> {
    let write = |name: &str, result: std::io::Result<()>| {
        result.map_err(|e| failed("cannot write", &destination.join(name), e))
    };
    let summary = results.summary();
    write(
        "summary.csv",
        write_summary(&staging.file("summary.csv"), &summary),
    )?;
    write(
        "payoff_matrix.csv",
        write_payoff_matrix(
            &staging.file("payoff_matrix.csv"),
            &results.names,
            &results.payoff_matrix(),
        ),
    )?;
    write(
        "scenario.toml",
        write_text(&staging.file("scenario.toml"), resolved_toml),
    )?;
    let stats =
        crate::output::result_set_files::write_result_set_files(staging.path(), results, extras)
            .map_err(|(name, e)| failed("cannot write", &destination.join(name), e))?;
    if scenario.charts {
        // The two groups of charts are independent files: drawn at once.
        let continuation = match scenario.settings.horizon {
            crate::ipd::Horizon::Random { continuation, .. } => Some(continuation),
            crate::ipd::Horizon::Fixed { .. } => None,
        };
        let (extras_drawn, summary_drawn) = crate::output::charts::join(
            || {
                crate::output::result_set_files::write_result_set_charts(
                    staging.path(),
                    &scenario.name,
                    results,
                    extras,
                    &stats,
                    continuation,
                )
            },
            || {
                crate::output::tournament_charts::write_tournament_charts(
                    staging.path(),
                    &scenario.name,
                    results,
                )
            },
        );
        extras_drawn
            .and(summary_drawn)
            .map_err(|e| crate::cli::run_common::chart_failed(staging.path(), destination, e))?;
    }
    let run_info = run_json(
        scenario,
        results,
        simulated.as_secs_f64(),
        started.elapsed().as_secs_f64(),
    );
    write(
        "run.json",
        write_text(&staging.file("run.json"), &format!("{run_info:#}\n")),
    )?;
    crate::cli::run_common::write_report(staging.path(), &scenario.name, "", destination)?;
    let folder = staging
        .commit()
        .map_err(|e| failed("cannot move results into place", destination, e))?;

    if json {
        let rows = summary_records(&summary);
        let header = &rows[0];
        let objects: Vec<serde_json::Value> = rows[1..]
            .iter()
            .map(|row| {
                let map: serde_json::Map<String, serde_json::Value> = header
                    .iter()
                    .zip(row)
                    .map(|(k, v)| (k.clone(), json_cell(v)))
                    .collect();
                serde_json::Value::Object(map)
            })
            .collect();
        let value = json!({ "name": scenario.name, "results": shown(&folder), "summary": objects, "run": run_info });
        println!("{value}");
    } else if !quiet {
        print_summary(scenario, results, &folder, simulated.as_secs_f64());
    }
    Ok(())
}

fn json_cell(cell: &str) -> serde_json::Value {
    if let Ok(n) = cell.parse::<i64>() {
        return json!(n);
    }
    match cell.parse::<f64>() {
        Ok(x) if x.is_finite() => json!(x),
        _ => json!(cell),
    }
}

fn run_json(
    scenario: &TournamentScenario,
    results: &TournamentResults,
    simulated: f64,
    total: f64,
) -> serde_json::Value {
    let dependencies = crate::cli::run_common::dependencies();
    json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": scenario.name,
        "kind": "tournament",
        "seed": scenario.seed,
        "threads": rayon::current_num_threads(),
        "players": results.player_count(),
        "repetitions": results.repetitions,
        "matches": results.total_matches(),
        "turns": results.total_turns(),
        "turns_simulated": results.simulated_turns(),
        "note": "turns counts every match of every repetition; turns_simulated counts a deterministic match reused across repetitions once",
        "simulation_seconds": simulated,
        "total_seconds": total,
        "simulated_turns_per_second": if simulated > 0.0 { results.simulated_turns() as f64 / simulated } else { 0.0 },
        "dependencies": dependencies,
    })
}

fn print_summary(
    scenario: &TournamentScenario,
    results: &TournamentResults,
    folder: &Path,
    seconds: f64,
) {
    let summary = results.summary();
    let mut rows = vec![
        [
            "rank",
            "strategy",
            "median score",
            "cooperation",
            "wins",
            "CC",
            "DD",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for row in &summary {
        let share = |r: Option<f64>| format!("{:.3}", r.unwrap_or(0.0));
        rows.push(vec![
            (row.rank + 1).to_string(),
            row.name.clone(),
            format!("{:.4}", row.median_score),
            format!("{:.3}", row.cooperation_rating),
            python_float(row.wins),
            share(row.state_rates[0]),
            share(row.state_rates[3]),
        ]);
    }
    use crate::cli::width::count;
    let headline = format!(
        "{}: {}, {}, {}, {} in {:.3} s\n",
        scenario.name,
        count(results.player_count(), "player", "players"),
        count(results.repetitions, "repetition", "repetitions"),
        count(results.total_matches(), "match", "matches"),
        count(results.total_turns(), "turn", "turns"),
        seconds
    );
    print!("{}", crate::cli::width::fit(&headline));
    print!(
        "{}",
        table::render(&rows, &[true, false, true, true, true, true, true])
    );
    let written = format!("results written to {}/\n", shown(folder));
    print!("{}", crate::cli::width::fit(&written));
}
