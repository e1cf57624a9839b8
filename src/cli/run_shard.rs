//! `dilemma run SCENARIO --shard I/N`: play one shard of a tournament or a
//! sweep and write `<out>/<name>.shard-I-of-N/` (see `output::shard_files` for its
//! files and `scale::shard` for the split). `--shard auto` takes the index
//! and count from a Slurm job array or a Kubernetes Indexed Job.
//!
//! A sweep's unit ids are its points' match ids laid end to end (point k's
//! ids follow point k - 1's), so a shard may hold the end of one point and
//! the start of the next; its rows carry the point number.
//!
//! The folder holds nothing that depends on threads, machine or time, so a
//! shard that is killed and rerun writes the same bytes; it is staged and
//! renamed into place like every results folder.
//!
//! A tournament with `[output] interactions = true` also writes its part of
//! `interactions.csv` (see `output::shard_files`), streamed as it plays.
//!
//! A fixation matrix's units are (ordered pair, Moran run), id
//! `pair * runs + run`; its shard holds `fixations.csv` (pair, run, 1 when
//! the mutant took over).

use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::failed;
use crate::cli::{CliError, progress, shown};
use crate::output::atomic::StagingDir;
use crate::output::shard_files::{
    FIXATIONS, INTERACTIONS, MANIFEST, Manifest, OUTCOMES, OutcomesWriter, SCENARIO, SHARD_FORMAT,
    digest_file, sha256_hex, write_fixations, write_manifest,
};
use crate::output::tournament_files::{InteractionsWriter, write_text};
use crate::scale::shard::{self, Shard, ShardSpec};
use crate::scenario::{Scenario, ShardsKey};
use serde_json::json;
use std::path::Path;

/// The shard this run plays, if `--shard` was given: `I/N` as written, or
/// with `auto` from the scheduler's environment. `--shards` without
/// `--shard auto` is refused. `key` is the scenario's `[shards] count`: it
/// gives a Kubernetes Indexed Job its count when `--shards` is absent, and
/// every count given (`--shard I/N`, `--shards N`, Slurm's
/// `SLURM_ARRAY_TASK_COUNT`) must equal it (exit 2 naming both).
pub fn resolve(args: &RunArgs, key: Option<&ShardsKey>) -> Result<Option<Shard>, CliError> {
    let bad = |e: shard::ShardError| CliError::BadInput(format!("--shard: {e}"));
    let differ = |given: String, key: &ShardsKey| {
        CliError::BadInput(format!(
            "--shard: {given} and the scenario's `[shards] count = {}` ({}) differ; give the same count or remove one of them (nothing was written)",
            key.count, key.at
        ))
    };
    match (args.shard, args.shards) {
        (None, None) => Ok(None),
        (Some(ShardSpec::Fixed(s)), None) => match key {
            Some(key) if key.count != s.count => Err(differ(format!("--shard {s}"), key)),
            _ => Ok(Some(s)),
        },
        (Some(ShardSpec::Fixed(_)) | None, Some(_)) => Err(CliError::BadInput(
            "--shards N is the shard count for --shard auto with a Kubernetes Indexed Job (JOB_COMPLETION_INDEX); with --shard I/N leave it out".into(),
        )),
        (Some(ShardSpec::Auto), shards) => {
            if let (Some(n), Some(key)) = (shards, key)
                && n != key.count
            {
                return Err(differ(format!("--shards {n}"), key));
            }
            let count = shards.or(key.map(|k| k.count));
            let (shard, scheduler) = shard::scheduled(|name| std::env::var(name).ok(), count)
                .map_err(bad)?;
            if scheduler == shard::Scheduler::Slurm {
                let slurm = format!("SLURM_ARRAY_TASK_COUNT = {}", shard.count);
                if let Some(key) = key.filter(|k| k.count != shard.count) {
                    return Err(differ(slurm, key));
                }
                if let Some(n) = shards.filter(|&n| n != shard.count) {
                    return Err(CliError::BadInput(format!(
                        "--shard: --shards {n} and {slurm} (the Slurm job array) differ; a Slurm array sets the count itself: leave out --shards or make them agree (nothing was written)"
                    )));
                }
            }
            Ok(Some(shard))
        }
    }
}

/// Refuses scenarios whose kind cannot be split yet.
pub fn check_kinds<'a>(scenarios: impl Iterator<Item = &'a Scenario>) -> Result<(), CliError> {
    for scenario in scenarios {
        if !matches!(
            scenario,
            Scenario::Tournament(_)
                | Scenario::Sweep(_)
                | Scenario::Fixation(_)
                | Scenario::EvolutionSweep(_)
        ) {
            return Err(CliError::BadInput(format!(
                "--shard: scenario `{}` is not a tournament, a sweep (of a tournament, a Moran or an ecological study) or a fixation matrix; only those can be run as shards so far (run it without --shard)",
                scenario.name()
            )));
        }
    }
    Ok(())
}

/// The shard folder's name: `<name>.shard-I-of-N`.
pub fn folder_name(name: &str, shard: Option<Shard>) -> String {
    match shard {
        Some(shard) => format!("{name}.{}", shard.folder_suffix()),
        None => name.to_string(),
    }
}

/// The work of a study as tournaments with consecutive unit ids: one for
/// a tournament; one per grid point for a sweep (point k's match ids follow
/// point k - 1's). The flag says whether rows carry the point.
pub struct Parts {
    /// The tournaments, in id order.
    pub tournaments: Vec<crate::ipd::Tournament>,
    /// First unit id of each tournament.
    pub offsets: Vec<u64>,
    /// All unit ids.
    pub total: u64,
    /// A sweep: rows of `outcomes.csv` lead with the point.
    pub with_point: bool,
    /// An ecological sweep (its points' tournaments end to end).
    pub ecological: bool,
}

impl Parts {
    /// The parts of a study that can be sharded.
    pub fn of(scenario: &Scenario) -> Option<Parts> {
        let mut ecological = false;
        let (tournaments, with_point) = match scenario {
            Scenario::Tournament(t) => (vec![t.tournament()], false),
            Scenario::EvolutionSweep(s) => match &**s {
                crate::scenario::EvolutionSweep::Ecological(e) => {
                    ecological = true;
                    (
                        e.points
                            .iter()
                            .map(|p| p.study.tournament.tournament())
                            .collect(),
                        true,
                    )
                }
                crate::scenario::EvolutionSweep::Moran(_) => return None,
            },
            Scenario::Sweep(s) => (
                s.points.iter().map(|p| p.tournament.tournament()).collect(),
                true,
            ),
            _ => return None,
        };
        let mut offsets = Vec::with_capacity(tournaments.len());
        let mut total = 0u64;
        for t in &tournaments {
            offsets.push(total);
            total += t.match_id_count();
        }
        Some(Parts {
            tournaments,
            offsets,
            total,
            with_point,
            ecological,
        })
    }

    /// The kind written in the manifest.
    pub fn kind(&self) -> &'static str {
        if self.ecological {
            crate::cli::evolution_sweep_shards::ECOLOGICAL_SWEEP
        } else if self.with_point {
            "sweep"
        } else {
            "tournament"
        }
    }

    /// Unit id -> (point, first, second, repetition).
    pub fn locate(&self, id: u64) -> Option<(usize, usize, usize, u32)> {
        if id >= self.total {
            return None;
        }
        let k = self.offsets.partition_point(|&o| o <= id) - 1;
        let t = &self.tournaments[k];
        let local = id - self.offsets[k];
        let reps = t.repetitions.max(1) as u64;
        let n = t.players.len();
        // Pair number p of (i, j), i <= j, in Tournament::pairs order.
        let mut p = local / reps;
        let mut i = 0;
        while p >= (n - i) as u64 {
            p -= (n - i) as u64;
            i += 1;
        }
        Some((k, i, i + p as usize, (local % reps) as u32))
    }
}

/// Plays shard `shard` of a tournament or sweep and writes its folder.
pub fn run_shard(
    name: &str,
    seed: u64,
    whole: &Scenario,
    destination: &Path,
    shard: Shard,
    args: &RunArgs,
) -> Result<(), CliError> {
    if let Scenario::Fixation(f) = whole {
        return run_fixation_shard(f, whole, destination, shard, args);
    }
    if let Scenario::EvolutionSweep(s) = whole
        && let crate::scenario::EvolutionSweep::Moran(m) = &**s
    {
        return crate::cli::evolution_sweep_shards::run_moran_sweep_shard(
            m,
            whole,
            destination,
            shard,
            args,
        );
    }
    let Some(parts) = Parts::of(whole) else {
        return Err(CliError::BadInput(format!(
            "--shard: scenario `{name}` cannot be run as shards"
        )));
    };
    let total = parts.total;
    let ids = shard.ids(total);
    let resolved = whole.resolved_toml();
    let staging = StagingDir::create(destination)
        .map_err(|e| failed("cannot create the shard folder", destination, e))?;
    let write_error =
        |name: &str, e: std::io::Error| failed("cannot write", &destination.join(name), e);
    write_text(&staging.file(SCENARIO), &resolved).map_err(|e| write_error(SCENARIO, e))?;
    let mut outcomes = OutcomesWriter::create(&staging.file(OUTCOMES), parts.with_point)
        .map_err(|e| write_error(OUTCOMES, e))?;
    // A tournament's part of interactions.csv, numbered from the shard's
    // first match id (a sweep's points do not write interactions).
    let mut interactions = match whole {
        Scenario::Tournament(t) if t.write_interactions => {
            let names = parts.tournaments[0]
                .players
                .iter()
                .map(|p| p.name.clone())
                .collect();
            let writer =
                InteractionsWriter::create(&staging.file(INTERACTIONS), names, t.settings.payoffs)
                    .map_err(|e| write_error(INTERACTIONS, e))?;
            Some(writer.starting_at(ids.start))
        }
        _ => None,
    };
    let bar = progress::bar_with_parts(ids.end - ids.start, name, args.quiet || args.json);
    let points = parts.tournaments.len();
    let mut done = 0;
    for (k, tournament) in parts.tournaments.iter().enumerate() {
        let offset = parts.offsets[k];
        let end = offset + tournament.match_id_count();
        let (from, to) = (ids.start.max(offset), ids.end.min(end));
        if from >= to {
            continue;
        }
        bar.set_message(if parts.with_point {
            format!("shard {shard}, point {}/{points}", k + 1)
        } else {
            format!("shard {shard}")
        });
        let range = from - offset..to - offset;
        let progress = |d| bar.set_position(done + d);
        let played = match interactions.as_mut() {
            Some(writer) => tournament.run_ids_recording(
                range,
                |record, moves| {
                    outcomes.write(record).map_err(|e| (OUTCOMES, e))?;
                    writer.write(record, moves).map_err(|e| (INTERACTIONS, e))
                },
                progress,
            ),
            None => tournament.run_ids(
                range,
                |record| {
                    if parts.with_point {
                        outcomes.write_in_point(k, record)
                    } else {
                        outcomes.write(record)
                    }
                    .map_err(|e| (OUTCOMES, e))
                },
                progress,
            ),
        };
        played.map_err(|(file, e)| write_error(file, e))?;
        done += to - from;
    }
    bar.finish_and_clear();
    outcomes.finish().map_err(|e| write_error(OUTCOMES, e))?;
    let mut files = vec![OUTCOMES];
    if let Some(writer) = interactions {
        writer.finish().map_err(|e| write_error(INTERACTIONS, e))?;
        files.push(INTERACTIONS);
    }
    let mut digests = std::collections::BTreeMap::new();
    for file in files {
        let digest = digest_file(&staging.file(file)).map_err(|e| write_error(file, e))?;
        digests.insert(file.to_string(), digest);
    }
    let manifest = Manifest {
        format: SHARD_FORMAT.into(),
        dilemma_version: env!("CARGO_PKG_VERSION").into(),
        kind: parts.kind().into(),
        scenario: name.to_string(),
        scenario_sha256: sha256_hex(resolved.as_bytes()),
        seed,
        shard_index: shard.index,
        shard_count: shard.count,
        units_start: ids.start,
        units_end: ids.end,
        units_total: total,
        files: digests,
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
            "matches": ids.end - ids.start,
            "match_ids": [ids.start, ids.end],
            "matches_total": total,
        });
        println!("{value}");
    } else if !args.quiet {
        println!(
            "{name}: shard {shard}: matches {}..{} of {total} written to {}/",
            ids.start,
            ids.end,
            shown(&folder)
        );
    }
    Ok(())
}

/// Plays shard `shard` of a fixation matrix (units: ordered pair x run)
/// and writes its folder with `fixations.csv`.
fn run_fixation_shard(
    scenario: &crate::scenario::FixationScenario,
    whole: &Scenario,
    destination: &Path,
    shard: Shard,
    args: &RunArgs,
) -> Result<(), CliError> {
    let study = &scenario.study;
    let total = study.unit_count();
    let ids = shard.ids(total);
    let resolved = whole.resolved_toml();
    let staging = StagingDir::create(destination)
        .map_err(|e| failed("cannot create the shard folder", destination, e))?;
    let write_error =
        |name: &str, e: std::io::Error| failed("cannot write", &destination.join(name), e);
    write_text(&staging.file(SCENARIO), &resolved).map_err(|e| write_error(SCENARIO, e))?;
    let bar =
        progress::bar_with_parts(ids.end - ids.start, &scenario.name, args.quiet || args.json);
    bar.set_message(format!("shard {shard}"));
    let runs = study.runs.max(1);
    let mut rows = Vec::with_capacity((ids.end - ids.start) as usize);
    study.run_ids(
        ids.clone(),
        |id, fixed| rows.push((id / runs, id % runs, fixed)),
        |done| bar.set_position(done),
    );
    bar.finish_and_clear();
    write_fixations(&staging.file(FIXATIONS), &rows).map_err(|e| write_error(FIXATIONS, e))?;
    let digest = digest_file(&staging.file(FIXATIONS)).map_err(|e| write_error(FIXATIONS, e))?;
    let manifest = Manifest {
        format: SHARD_FORMAT.into(),
        dilemma_version: env!("CARGO_PKG_VERSION").into(),
        kind: "fixation".into(),
        scenario: scenario.name.clone(),
        scenario_sha256: sha256_hex(resolved.as_bytes()),
        seed: study.seed,
        shard_index: shard.index,
        shard_count: shard.count,
        units_start: ids.start,
        units_end: ids.end,
        units_total: total,
        files: [(FIXATIONS.to_string(), digest)].into_iter().collect(),
    };
    write_manifest(&staging.file(MANIFEST), &manifest).map_err(|e| write_error(MANIFEST, e))?;
    let folder = staging
        .commit()
        .map_err(|e| failed("cannot move the shard into place", destination, e))?;
    if args.json {
        let value = json!({
            "name": scenario.name,
            "shard": shard.to_string(),
            "results": shown(&folder),
            "runs": ids.end - ids.start,
            "run_ids": [ids.start, ids.end],
            "runs_total": total,
        });
        println!("{value}");
    } else if !args.quiet {
        println!(
            "{}: shard {shard}: Moran runs {}..{} of {total} written to {}/",
            scenario.name,
            ids.start,
            ids.end,
            shown(&folder)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_ids_locate_points_pairs_and_repetitions_in_order() {
        let text = r#"
name = "locate"
kind = "tournament"
[match]
turns = 5
[[players]]
strategy = "cooperator"
[[players]]
strategy = "defector"
[[players]]
strategy = "random"
[sweep.x]
key = "match.repetitions"
values = [3, 1, 2]
"#;
        let source = crate::scenario::Source {
            path: "locate.toml".into(),
            text: text.into(),
        };
        let loaded = crate::scenario::parse(&source, std::path::Path::new("locate.toml")).unwrap();
        let parts = Parts::of(&loaded.scenario).unwrap();
        assert_eq!(parts.kind(), "sweep");
        let mut expected = Vec::new();
        for (k, t) in parts.tournaments.iter().enumerate() {
            for (i, j) in t.pairs() {
                for r in 0..t.repetitions {
                    expected.push((k, i, j, r));
                }
            }
        }
        assert_eq!(parts.total, 6 * (3 + 1 + 2));
        assert_eq!(expected.len() as u64, parts.total);
        let located: Vec<_> = (0..parts.total)
            .map(|id| parts.locate(id).unwrap())
            .collect();
        assert_eq!(located, expected);
        assert_eq!(parts.locate(parts.total), None);
    }
}
