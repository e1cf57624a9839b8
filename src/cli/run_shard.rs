//! `dilemma run SCENARIO --shard I/N`: play one shard of a tournament and
//! write `<out>/<name>.shard-I-of-N/` (see `output::shard_files` for its
//! files and `scale::shard` for the split). `--shard auto` takes the index
//! and count from a Slurm job array or a Kubernetes Indexed Job.
//!
//! The folder holds nothing that depends on threads, machine or time, so a
//! shard that is killed and rerun writes the same bytes; it is staged and
//! renamed into place like every results folder.

use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::failed;
use crate::cli::{CliError, progress, shown};
use crate::output::atomic::StagingDir;
use crate::output::shard_files::{
    MANIFEST, Manifest, OUTCOMES, OutcomesWriter, SCENARIO, SHARD_FORMAT, digest_file, sha256_hex,
    write_manifest,
};
use crate::output::tournament_files::write_text;
use crate::scale::shard::{self, Shard, ShardSpec};
use crate::scenario::{Scenario, TournamentScenario};
use serde_json::json;
use std::path::Path;

/// The shard this run plays, if `--shard` was given: `I/N` as written, or
/// with `auto` from the scheduler's environment. `--shards` without
/// `--shard auto` is refused.
pub fn resolve(args: &RunArgs) -> Result<Option<Shard>, CliError> {
    let bad = |e: shard::ShardError| CliError::BadInput(format!("--shard: {e}"));
    match (args.shard, args.shards) {
        (None, None) => Ok(None),
        (Some(ShardSpec::Fixed(s)), None) => Ok(Some(s)),
        (Some(ShardSpec::Fixed(_)) | None, Some(_)) => Err(CliError::BadInput(
            "--shards N is the shard count for --shard auto with a Kubernetes Indexed Job (JOB_COMPLETION_INDEX); with --shard I/N leave it out".into(),
        )),
        (Some(ShardSpec::Auto), shards) => {
            shard::from_environment(|name| std::env::var(name).ok(), shards)
                .map(Some)
                .map_err(bad)
        }
    }
}

/// Refuses scenarios whose kind cannot be split yet.
pub fn check_kinds<'a>(scenarios: impl Iterator<Item = &'a Scenario>) -> Result<(), CliError> {
    for scenario in scenarios {
        if let Scenario::Sweep(_) = scenario {
            return Err(CliError::BadInput(format!(
                "--shard: scenario `{}` is a sweep; sweeps cannot be run as shards yet (run it without --shard)",
                scenario.name()
            )));
        }
        if !matches!(scenario, Scenario::Tournament(_)) {
            return Err(CliError::BadInput(format!(
                "--shard: scenario `{}` is not a tournament; only tournaments can be run as shards so far (run it without --shard)",
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

/// Plays shard `shard` of a tournament and writes its folder.
pub fn run_tournament_shard(
    scenario: &TournamentScenario,
    whole: &Scenario,
    destination: &Path,
    shard: Shard,
    args: &RunArgs,
) -> Result<(), CliError> {
    let tournament = scenario.tournament();
    let total = tournament.match_id_count();
    let ids = shard.ids(total);
    let resolved = whole.resolved_toml();
    let staging = StagingDir::create(destination)
        .map_err(|e| failed("cannot create the shard folder", destination, e))?;
    let write_error =
        |name: &str, e: std::io::Error| failed("cannot write", &destination.join(name), e);
    write_text(&staging.file(SCENARIO), &resolved).map_err(|e| write_error(SCENARIO, e))?;
    let mut outcomes =
        OutcomesWriter::create(&staging.file(OUTCOMES)).map_err(|e| write_error(OUTCOMES, e))?;
    let label = format!("{} shard {shard}", scenario.name);
    let bar = progress::bar(ids.end - ids.start, &label, args.quiet || args.json);
    tournament
        .run_ids(
            ids.clone(),
            |record| outcomes.write(record),
            |done| bar.set_position(done),
        )
        .map_err(|e| write_error(OUTCOMES, e))?;
    bar.finish_and_clear();
    outcomes.finish().map_err(|e| write_error(OUTCOMES, e))?;
    let digest = digest_file(&staging.file(OUTCOMES)).map_err(|e| write_error(OUTCOMES, e))?;
    let manifest = Manifest {
        format: SHARD_FORMAT.into(),
        dilemma_version: env!("CARGO_PKG_VERSION").into(),
        kind: "tournament".into(),
        scenario: scenario.name.clone(),
        scenario_sha256: sha256_hex(resolved.as_bytes()),
        seed: scenario.seed,
        shard_index: shard.index,
        shard_count: shard.count,
        units_start: ids.start,
        units_end: ids.end,
        units_total: total,
        files: [(OUTCOMES.to_string(), digest)].into_iter().collect(),
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
            "matches": ids.end - ids.start,
            "match_ids": [ids.start, ids.end],
            "matches_total": total,
        });
        println!("{value}");
    } else if !args.quiet {
        println!(
            "{}: shard {shard}: matches {}..{} of {total} written to {}/",
            scenario.name,
            ids.start,
            ids.end,
            shown(&folder)
        );
    }
    Ok(())
}
