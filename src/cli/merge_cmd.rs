//! `dilemma merge SHARD_FOLDER... --out OUT`: fold the shards of one study
//! (written by `dilemma run --shard I/N`) in unit-id order and write
//! `OUT/<name>/`, byte for byte the folder a single run writes (`run.json`
//! aside: its `threads`, `simulation_seconds`, `total_seconds` and
//! `simulated_turns_per_second` describe the merge).
//!
//! Before anything is written every shard is checked; merge refuses (exit
//! 2, naming the folders) shards of different scenarios, seeds, shard
//! counts or versions, a shard from another version of dilemma, a missing
//! or duplicated shard index, and a damaged shard (a missing or unreadable
//! file, a digest that does not match the manifest, an outcome row that is
//! inconsistent or out of order).

use crate::cli::run_cmd::{check_out_folder, finish_tournament};
use crate::cli::run_common::failed;
use crate::cli::{CliError, progress, shown};
use crate::ipd::results::TournamentResults;
use crate::output::atomic::StagingDir;
use crate::output::shard_files::{
    MANIFEST, Manifest, OUTCOMES, SCENARIO, SHARD_FORMAT, digest_file, read_manifest,
    read_outcomes, sha256_hex,
};
use crate::output::tournament_files::MatchesWriter;
use crate::scale::Shard;
use crate::scenario::{self, Scenario, Source};
use clap::Args;
use std::path::PathBuf;
use std::time::Instant;

/// Options of `dilemma merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Shard folders (`<name>.shard-I-of-N/`), every index of one study, in any order.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// Folder that receives the merged results folder `<name>/`.
    #[arg(long, default_value = "results")]
    pub out: PathBuf,
    /// No progress bar and no tables; errors only.
    #[arg(long)]
    pub quiet: bool,
    /// Print the summary as JSON on standard output (as `dilemma run --json`).
    #[arg(long)]
    pub json: bool,
}

/// A shard folder and its manifest.
struct ShardFolder {
    path: PathBuf,
    manifest: Manifest,
}

fn bad(message: String) -> CliError {
    CliError::BadInput(message)
}

/// Reads and checks every manifest, the shard set and the file digests.
/// Returns the shards in index order.
fn check_shards(paths: &[PathBuf]) -> Result<Vec<ShardFolder>, CliError> {
    let mut shards = Vec::new();
    for path in paths {
        let manifest_path = path.join(MANIFEST);
        let manifest = read_manifest(&manifest_path).map_err(|e| {
            bad(format!(
                "{}: {e} (is {} a shard folder written by `dilemma run --shard`?)",
                shown(&manifest_path),
                shown(path)
            ))
        })?;
        if manifest.format != SHARD_FORMAT {
            return Err(bad(format!(
                "{}: shard format `{}`; this dilemma reads `{SHARD_FORMAT}`",
                shown(&manifest_path),
                manifest.format
            )));
        }
        shards.push(ShardFolder {
            path: path.clone(),
            manifest,
        });
    }
    let first = &shards[0];
    let m0 = &first.manifest;
    for other in &shards[1..] {
        let m = &other.manifest;
        let differ = |what: &str, a: String, b: String| {
            bad(format!(
                "{} and {} are shards of different {what} ({a} and {b}); merge only the shards of one run",
                shown(&first.path),
                shown(&other.path)
            ))
        };
        if m.dilemma_version != m0.dilemma_version {
            return Err(differ(
                "versions of dilemma",
                m0.dilemma_version.clone(),
                m.dilemma_version.clone(),
            ));
        }
        if m.kind != m0.kind || m.scenario != m0.scenario {
            return Err(differ(
                "scenarios",
                format!("{} `{}`", m0.kind, m0.scenario),
                format!("{} `{}`", m.kind, m.scenario),
            ));
        }
        if m.seed != m0.seed {
            return Err(differ("seeds", m0.seed.to_string(), m.seed.to_string()));
        }
        if m.scenario_sha256 != m0.scenario_sha256 || m.units_total != m0.units_total {
            return Err(differ(
                "scenarios",
                format!(
                    "`{}` with scenario.toml {}",
                    m0.scenario,
                    &m0.scenario_sha256[..12.min(m0.scenario_sha256.len())]
                ),
                format!(
                    "`{}` with scenario.toml {}",
                    m.scenario,
                    &m.scenario_sha256[..12.min(m.scenario_sha256.len())]
                ),
            ));
        }
        if m.shard_count != m0.shard_count {
            return Err(differ(
                "splits",
                format!("{} shards", m0.shard_count),
                format!("{} shards", m.shard_count),
            ));
        }
    }
    let this_version = env!("CARGO_PKG_VERSION");
    if m0.dilemma_version != this_version {
        return Err(bad(format!(
            "{}: written by dilemma {}, this is dilemma {this_version}; merge with the version that ran the shards (or rerun them)",
            shown(&first.path),
            m0.dilemma_version
        )));
    }
    let count = m0.shard_count;
    let mut by_index: Vec<Option<usize>> = vec![None; count as usize];
    for (k, folder) in shards.iter().enumerate() {
        let index = folder.manifest.shard_index;
        let Some(slot) = by_index.get_mut(index as usize) else {
            return Err(bad(format!(
                "{}: {MANIFEST}: shard index {index} is not below the count {count}: the shard is damaged",
                shown(&folder.path)
            )));
        };
        if let Some(earlier) = slot {
            return Err(bad(format!(
                "shard {index} of {count} is given twice: {} and {}",
                shown(&shards[*earlier].path),
                shown(&folder.path)
            )));
        }
        *slot = Some(k);
    }
    let missing: Vec<String> = by_index
        .iter()
        .enumerate()
        .filter(|(_, k)| k.is_none())
        .map(|(i, _)| i.to_string())
        .collect();
    if !missing.is_empty() {
        let shown_missing = if missing.len() > 20 {
            format!(
                "{}, ... ({} in all)",
                missing[..20].join(", "),
                missing.len()
            )
        } else {
            missing.join(", ")
        };
        let noun = if missing.len() == 1 {
            "shard"
        } else {
            "shards"
        };
        return Err(bad(format!(
            "{noun} {shown_missing} of {count} missing: merge needs every shard of `{}` (given {})",
            m0.scenario,
            shards.len()
        )));
    }
    let mut ordered: Vec<Option<ShardFolder>> = shards.into_iter().map(Some).collect();
    let ordered: Vec<ShardFolder> = by_index
        .into_iter()
        .map(|k| ordered[k.unwrap_or_default()].take())
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| CliError::Failed("shard bookkeeping failed".into()))?;
    for folder in &ordered {
        check_digests(folder)?;
    }
    Ok(ordered)
}

/// Checks a shard's files against its manifest.
fn check_digests(folder: &ShardFolder) -> Result<(), CliError> {
    let m = &folder.manifest;
    let damaged = |file: &str, what: String| {
        bad(format!(
            "{}: {what}: the shard is damaged; rerun shard {}/{} (nothing was written)",
            shown(&folder.path.join(file)),
            m.shard_index,
            m.shard_count
        ))
    };
    let shard = Shard::new(m.shard_index as u64, m.shard_count as u64)
        .map_err(|e| damaged(MANIFEST, e.to_string()))?;
    if shard.ids(m.units_total) != (m.units_start..m.units_end) {
        return Err(damaged(
            MANIFEST,
            format!(
                "units {}..{} are not shard {shard}'s part of {}",
                m.units_start, m.units_end, m.units_total
            ),
        ));
    }
    let text = std::fs::read(folder.path.join(SCENARIO))
        .map_err(|e| damaged(SCENARIO, format!("cannot read: {e}")))?;
    if sha256_hex(&text) != m.scenario_sha256 {
        return Err(damaged(
            SCENARIO,
            "its SHA-256 differs from the manifest's".into(),
        ));
    }
    if !m.files.contains_key(OUTCOMES) {
        return Err(damaged(MANIFEST, format!("no digest of {OUTCOMES}")));
    }
    for (name, expected) in &m.files {
        if name.contains(['/', '\\']) || name.starts_with('.') {
            return Err(damaged(
                MANIFEST,
                format!("file name `{name}` is not allowed"),
            ));
        }
        let digest = digest_file(&folder.path.join(name))
            .map_err(|e| damaged(name, format!("cannot read: {e}")))?;
        if &digest != expected {
            return Err(damaged(
                name,
                format!(
                    "{} bytes with SHA-256 {}, the manifest says {} bytes with {}",
                    digest.bytes, digest.sha256, expected.bytes, expected.sha256
                ),
            ));
        }
    }
    Ok(())
}

/// Merges the shards.
pub fn run(args: &MergeArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let shards = check_shards(&args.shards)?;
    let first = &shards[0];
    let scenario_path = first.path.join(SCENARIO);
    let source = Source::read(&scenario_path).map_err(|e| bad(e.to_string()))?;
    let loaded = scenario::parse(&source, &scenario_path).map_err(|e| bad(e.to_string()))?;
    let Scenario::Tournament(t) = &loaded.scenario else {
        return Err(bad(format!(
            "{}: kind `{}` cannot be merged; only tournaments are sharded so far",
            shown(&scenario_path),
            first.manifest.kind
        )));
    };
    let tournament = t.tournament();
    let total = tournament.match_id_count();
    if total != first.manifest.units_total || t.seed != first.manifest.seed {
        return Err(bad(format!(
            "{}: the scenario has {total} matches and seed {}, the manifest says {} and {}: the shard is damaged",
            shown(&scenario_path),
            t.seed,
            first.manifest.units_total,
            first.manifest.seed
        )));
    }
    check_out_folder(&args.out, std::iter::once(t.name.as_str()))?;
    let destination = args.out.join(&t.name);
    let names: Vec<String> = tournament.players.iter().map(|p| p.name.clone()).collect();
    // Pass 1: check every row and fold; nothing is written before the
    // shards are known to be whole.
    let mut results =
        TournamentResults::new(names.clone(), tournament.repetitions, t.settings.payoffs);
    let bar = progress::bar(total, &format!("{} merge", t.name), args.quiet || args.json);
    fold_shards(&shards, &tournament, |id, record| {
        let (i, j) = (record.first, record.second);
        if !tournament.is_repeatable(i, j) || record.repetition == 0 {
            results.add_simulated_turns(record.outcome.length as u64);
        }
        results.add(record);
        if id % 4096 == 0 {
            bar.set_position(id);
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    results.count_self_play_in_scores(t.self_play_in_ranking);
    // Pass 2: the files.
    let staging = StagingDir::create(&destination)
        .map_err(|e| failed("cannot create the results folder", &destination, e))?;
    if t.write_matches {
        let path = staging.file("matches.csv");
        let write_error = |e| failed("cannot write", &destination.join("matches.csv"), e);
        let mut writer =
            MatchesWriter::create(&path, names, t.settings.payoffs).map_err(write_error)?;
        fold_shards(&shards, &tournament, |_, record| {
            writer.write(record).map_err(write_error)
        })?;
        writer.finish().map_err(write_error)?;
    }
    let simulated = started.elapsed();
    finish_tournament(
        t,
        &source.text,
        &destination,
        staging,
        &results,
        (started, simulated),
        (args.json, args.quiet),
    )
}

/// Reads every shard's outcomes in id order, checking each row (its
/// counters, and that it is the match its id names) and handing it to
/// `each` with its id.
fn fold_shards(
    shards: &[ShardFolder],
    tournament: &crate::ipd::Tournament,
    mut each: impl FnMut(u64, &crate::ipd::MatchRecord) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let pairs = tournament.pairs();
    let repetitions = tournament.repetitions.max(1) as u64;
    let mut next_id = 0u64;
    for folder in shards {
        let m = &folder.manifest;
        let outcomes = folder.path.join(OUTCOMES);
        let damaged = |what: String| {
            bad(format!(
                "{}: {what}: the shard is damaged; rerun shard {}/{} (nothing was written)",
                shown(&outcomes),
                m.shard_index,
                m.shard_count
            ))
        };
        let mut failure = None;
        read_outcomes(&outcomes, |_, record| {
            let expected = (next_id < m.units_end)
                .then(|| pairs.get((next_id / repetitions) as usize))
                .flatten()
                .map(|&(i, j)| (i, j, (next_id % repetitions) as u32));
            let found = (record.first, record.second, record.repetition);
            match expected {
                Some(expected) if expected == found => {}
                Some((i, j, r)) => {
                    return Err(format!(
                        "match ({}, {}, repetition {}) where match id {next_id} ({i}, {j}, repetition {r}) belongs",
                        found.0, found.1, found.2
                    ));
                }
                None => {
                    return Err(format!(
                        "more rows than the shard's {} matches",
                        m.units_end - m.units_start
                    ));
                }
            }
            if let Err(e) = each(next_id, &record) {
                failure = Some(e);
                return Err(String::new());
            }
            next_id += 1;
            Ok(())
        })
        .map_err(|e| failure.take().unwrap_or_else(|| damaged(e)))?;
        if next_id != m.units_end {
            return Err(damaged(format!(
                "{} rows, the shard has {} matches",
                next_id - m.units_start,
                m.units_end - m.units_start
            )));
        }
    }
    Ok(())
}
