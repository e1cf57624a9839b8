//! Shards of Moran and ecological sweeps (`dilemma run --shard I/N`,
//! `dilemma merge`), on the one mechanism of `scale::shard` (a shard is a
//! contiguous block of unit ids):
//!
//! - a Moran sweep's units are (grid point, Moran run), point k's runs
//!   following point k - 1's (id = runs of the earlier points + run); its
//!   shard holds `moran_runs.csv` (`output::moran_runs_file`), manifest kind
//!   `moran-sweep`. The merge checks every row is the unit its id names,
//!   folds each point's runs in run order (`evolution::moran_units`, as the
//!   single run does) and renders with the single run's functions;
//! - an ecological sweep's units are its points' tournament matches laid
//!   end to end, exactly as a tournament sweep's (`cli::run_shard::Parts`,
//!   manifest kind `ecological-sweep`, `outcomes.csv`); the merge folds
//!   each point's `TournamentResults` and then runs the (deterministic)
//!   replicator dynamics on its payoff matrix ([`finish_ecological_merge`]).

use crate::cli::merge_cmd::{MergeArgs, ShardFolder};
use crate::cli::run_cmd::{RunArgs, check_out_folder};
use crate::cli::run_common::{ResultsFolder, failed};
use crate::cli::run_evolution_sweep::{
    ecological_point, finish_ecological_sweep, finish_moran_sweep, fold_moran_point, runs_bar,
    write_moran_point,
};
use crate::cli::{CliError, shown};
use crate::evolution::moran_units::{RunOutcome, play_runs};
use crate::ipd::results::TournamentResults;
use crate::output::atomic::StagingDir;
use crate::output::moran_runs_file::{MORAN_RUNS, read_moran_runs, write_moran_runs};
use crate::output::shard_files::{
    MANIFEST, Manifest, SCENARIO, SHARD_FORMAT, digest_file, sha256_hex, write_manifest,
};
use crate::output::tournament_files::write_text;
use crate::scale::Shard;
use crate::scenario::evolution_sweep::StudySweep;
use crate::scenario::{EcologicalScenario, MoranScenario, Scenario};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// The manifest kind of a Moran sweep's shard.
pub const MORAN_SWEEP: &str = "moran-sweep";
/// The manifest kind of an ecological sweep's shard.
pub const ECOLOGICAL_SWEEP: &str = "ecological-sweep";

/// First unit id of each point, and the total.
fn offsets(sweep: &StudySweep<MoranScenario>) -> (Vec<u64>, u64) {
    let mut offsets = Vec::with_capacity(sweep.points.len());
    let mut total = 0u64;
    for p in &sweep.points {
        offsets.push(total);
        total += p.study.runs;
    }
    (offsets, total)
}

/// Unit id -> (point, run).
fn locate(offsets: &[u64], total: u64, id: u64) -> Option<(usize, u64)> {
    if id >= total {
        return None;
    }
    let k = offsets.partition_point(|&o| o <= id) - 1;
    Some((k, id - offsets[k]))
}

/// Plays shard `shard` of a Moran sweep and writes its folder.
pub fn run_moran_sweep_shard(
    sweep: &StudySweep<MoranScenario>,
    whole: &Scenario,
    destination: &Path,
    shard: Shard,
    args: &RunArgs,
) -> Result<(), CliError> {
    let name = &sweep.base.name;
    let (offsets, total) = offsets(sweep);
    let ids = shard.ids(total);
    let resolved = whole.resolved_toml();
    let staging = StagingDir::create(destination)
        .map_err(|e| failed("cannot create the shard folder", destination, e))?;
    let write_error =
        |file: &str, e: std::io::Error| failed("cannot write", &destination.join(file), e);
    write_text(&staging.file(SCENARIO), &resolved).map_err(|e| write_error(SCENARIO, e))?;
    let bar = runs_bar(ids.end - ids.start, name, args.quiet || args.json);
    let points = sweep.points.len();
    let mut rows: Vec<(usize, u64, RunOutcome)> = Vec::new();
    let mut done = 0;
    for (k, point) in sweep.points.iter().enumerate() {
        let offset = offsets[k];
        let end = offset + point.study.runs;
        let (from, to) = (ids.start.max(offset), ids.end.min(end));
        if from >= to {
            continue;
        }
        bar.set_message(format!("shard {shard}, point {}/{points}", k + 1));
        let study = &point.study;
        let played = play_runs(
            &study.process,
            study.seed,
            from - offset..to - offset,
            |d| bar.set_position(done + d),
        );
        rows.extend(
            played
                .into_iter()
                .zip(from - offset..)
                .map(|(o, run)| (k, run, o)),
        );
        done += to - from;
    }
    bar.finish_and_clear();
    write_moran_runs(&staging.file(MORAN_RUNS), &rows).map_err(|e| write_error(MORAN_RUNS, e))?;
    let digest = digest_file(&staging.file(MORAN_RUNS)).map_err(|e| write_error(MORAN_RUNS, e))?;
    let manifest = Manifest {
        format: SHARD_FORMAT.into(),
        dilemma_version: env!("CARGO_PKG_VERSION").into(),
        kind: MORAN_SWEEP.into(),
        scenario: name.clone(),
        scenario_sha256: sha256_hex(resolved.as_bytes()),
        seed: sweep.base.seed,
        shard_index: shard.index,
        shard_count: shard.count,
        units_start: ids.start,
        units_end: ids.end,
        units_total: total,
        files: [(MORAN_RUNS.to_string(), digest)].into_iter().collect(),
    };
    write_manifest(&staging.file(MANIFEST), &manifest).map_err(|e| write_error(MANIFEST, e))?;
    let folder = staging
        .commit()
        .map_err(|e| failed("cannot move the shard into place", destination, e))?;
    if args.json {
        let value = json!({
            "name": name,
            "shard": shard.to_string(),
            "results": shown(&folder),
            "runs": ids.end - ids.start,
            "run_ids": [ids.start, ids.end],
            "runs_total": total,
        });
        println!("{value}");
    } else if !args.quiet {
        println!(
            "{name}: shard {shard}: Moran runs {}..{} of {total} written to {}/",
            ids.start,
            ids.end,
            shown(&folder)
        );
    }
    Ok(())
}

/// The `RunArgs` a merge renders with.
fn merge_run_args(args: &MergeArgs) -> RunArgs {
    RunArgs {
        scenarios: Vec::new(),
        out: args.out.clone(),
        threads: 0,
        seed: None,
        quiet: args.quiet,
        json: args.json,
        shard: None,
        shards: None,
        no_limit: true,
    }
}

/// Merges the shards (checked, in index order) of a Moran sweep: every row
/// checked against the unit its id names, each point folded in run order,
/// then rendered as a single run renders it.
pub(crate) fn merge_moran_sweep(
    shards: &[ShardFolder],
    sweep: &StudySweep<MoranScenario>,
    resolved: &str,
    started: Instant,
    args: &MergeArgs,
) -> Result<(), CliError> {
    let (offsets, total) = offsets(sweep);
    let m0 = &shards[0].manifest;
    if total != m0.units_total || sweep.base.seed != m0.seed {
        return Err(CliError::BadInput(format!(
            "{}: the scenario has {total} runs and seed {}, the manifest says {} and {}: the shard is damaged",
            shown(&shards[0].path.join(SCENARIO)),
            sweep.base.seed,
            m0.units_total,
            m0.seed
        )));
    }
    let name = sweep.base.name.as_str();
    check_out_folder(&args.out, std::iter::once(name))?;
    let types = sweep.base.process.type_names.len();
    let mut points = Vec::with_capacity(sweep.points.len());
    let mut current: Vec<RunOutcome> = Vec::new();
    let mut next_id = 0u64;
    for folder in shards {
        let m: &Manifest = &folder.manifest;
        let path = folder.path.join(MORAN_RUNS);
        read_moran_runs(&path, |point, run, outcome| {
            if next_id >= m.units_end {
                return Err(format!(
                    "more rows than the shard's {} runs",
                    m.units_end - m.units_start
                ));
            }
            let expected = locate(&offsets, total, next_id);
            if expected != Some((point, run)) {
                let (k, r) = expected.unwrap_or_default();
                return Err(format!(
                    "point {point} run {run} where unit {next_id} (point {k}, run {r}) belongs"
                ));
            }
            let mutates = sweep.points[point].study.process.mutation > 0.0;
            let fits = outcome.fixed.is_none_or(|t| t < types)
                && outcome.shares.as_ref().map(Vec::len) == mutates.then_some(types);
            if !fits {
                return Err(format!(
                    "point {point} run {run}: a type index or shares that do not fit {types} types"
                ));
            }
            current.push(outcome);
            next_id += 1;
            if run + 1 == sweep.points[point].study.runs {
                points.push(fold_moran_point(sweep, point, &current));
                current.clear();
            }
            Ok(())
        })
        .and_then(|()| {
            if next_id == m.units_end {
                Ok(())
            } else {
                Err(format!(
                    "{} rows, the shard has {} runs",
                    next_id - m.units_start,
                    m.units_end - m.units_start
                ))
            }
        })
        .map_err(|e| {
            CliError::BadInput(format!(
                "{}: {e}: the shard is damaged; rerun shard {}/{} (nothing was written)",
                shown(&path),
                m.shard_index,
                m.shard_count
            ))
        })?;
    }
    let destination = args.out.join(name);
    let folder = ResultsFolder::create(&destination)?;
    for (k, point) in points.iter().enumerate() {
        write_moran_point(sweep, k, point, &folder)?;
    }
    finish_moran_sweep(
        sweep,
        resolved,
        folder,
        &points,
        started,
        &merge_run_args(args),
    )
}

/// Renders an ecological sweep from its points' merged tournament results.
pub fn finish_ecological_merge(
    sweep: &StudySweep<EcologicalScenario>,
    resolved: &str,
    destination: &Path,
    results: &[TournamentResults],
    started: Instant,
    args: &MergeArgs,
) -> Result<(), CliError> {
    let folder = ResultsFolder::create(destination)?;
    let turns = results.iter().map(|r| r.total_turns()).sum();
    let mut points = Vec::with_capacity(results.len());
    for (k, r) in results.iter().enumerate() {
        points.push(ecological_point(sweep, k, r, &folder)?);
    }
    finish_ecological_sweep(
        sweep,
        resolved,
        folder,
        &points,
        (started, turns),
        &merge_run_args(args),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_ids_are_points_runs_end_to_end() {
        let offsets = vec![0, 3, 4];
        let total = 9;
        let located: Vec<_> = (0..total)
            .map(|id| locate(&offsets, total, id).unwrap())
            .collect();
        assert_eq!(
            located,
            vec![
                (0, 0),
                (0, 1),
                (0, 2),
                (1, 0),
                (2, 0),
                (2, 1),
                (2, 2),
                (2, 3),
                (2, 4)
            ]
        );
        assert_eq!(locate(&offsets, total, total), None);
    }
}
