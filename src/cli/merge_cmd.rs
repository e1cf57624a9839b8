//! `dilemma merge SHARD_FOLDER... --out OUT`: fold the shards of one study
//! (a tournament, a sweep or a fixation matrix, written by `dilemma run
//! --shard I/N`) in
//! unit-id order and write `OUT/<name>/`, byte for byte the folder a single
//! run writes (`run.json` aside: its `threads`, `simulation_seconds`,
//! `total_seconds` and `simulated_turns_per_second` describe the merge; a
//! sweep's has `threads` and `total_seconds`). The fold keeps one
//! `TournamentResults` per grid point until all shards are read.
//!
//! Before anything is written every shard is checked; merge refuses (exit
//! 2, naming the folders) shards of different scenarios, seeds, shard
//! counts or versions, a shard from another version of dilemma, a missing
//! or duplicated shard index, and a damaged shard (a missing or unreadable
//! file, a digest that does not match the manifest, an outcome row that is
//! inconsistent or out of order).
//!
//! On a terminal a progress bar counts the matches (a fixation matrix's
//! runs) folded and how many shard folders are read (`k/N folders read`).
//!
//! A tournament with `[output] interactions = true`: every shard must hold
//! its part of `interactions.csv`; merge appends the parts in id order,
//! streaming line by line (memory does not grow with the file), checking
//! each row's match id (once before anything is written, again as it
//! copies), so the merged file is the single run's.

use crate::cli::run_cmd::{RunArgs, check_out_folder, finish_tournament};
use crate::cli::run_common::ResultsFolder;
use crate::cli::run_common::failed;
use crate::cli::run_fixation::finish_fixation;
use crate::cli::run_shard::Parts;
use crate::cli::run_sweep::{finish_sweep, summarize_point};
use crate::cli::{CliError, progress, shown};
use crate::ipd::MatchRecord;
use crate::ipd::result_set::ResultSetExtras;
use crate::ipd::results::TournamentResults;
use crate::output::atomic::StagingDir;
use crate::output::shard_files::{
    FIXATIONS, INTERACTIONS, MANIFEST, Manifest, OUTCOMES, SCENARIO, SHARD_FORMAT,
    append_interactions, digest_file, read_fixations, read_manifest, read_outcomes, sha256_hex,
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
pub(crate) struct ShardFolder {
    /// The folder.
    pub(crate) path: PathBuf,
    /// Its manifest.
    pub(crate) manifest: Manifest,
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
    let data = match m.kind.as_str() {
        "fixation" => FIXATIONS,
        crate::cli::evolution_sweep_shards::MORAN_SWEEP => {
            crate::output::moran_runs_file::MORAN_RUNS
        }
        _ => OUTCOMES,
    };
    if !m.files.contains_key(data) {
        return Err(damaged(MANIFEST, format!("no digest of {data}")));
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
    let whole = &loaded.scenario;
    // Charts are drawn with the scenario's `[output]` style, as in a single run.
    crate::output::charts::with_style(&whole.chart_style(), || {
        merge_loaded(args, started, &shards, &source, whole)
    })
}

fn merge_loaded(
    args: &MergeArgs,
    started: Instant,
    shards: &[ShardFolder],
    source: &Source,
    whole: &Scenario,
) -> Result<(), CliError> {
    let first = &shards[0];
    let scenario_path = first.path.join(SCENARIO);
    if let Scenario::Fixation(f) = whole
        && first.manifest.kind == "fixation"
    {
        return merge_fixation(shards, f, &source.text, started, args);
    }
    if let Scenario::EvolutionSweep(s) = whole
        && let crate::scenario::EvolutionSweep::Moran(m) = &**s
        && first.manifest.kind == crate::cli::evolution_sweep_shards::MORAN_SWEEP
    {
        return crate::cli::evolution_sweep_shards::merge_moran_sweep(
            shards,
            m,
            &source.text,
            started,
            args,
        );
    }
    let parts = Parts::of(whole).filter(|p| p.kind() == first.manifest.kind);
    let Some(parts) = parts else {
        return Err(bad(format!(
            "{}: a `{}` study cannot be merged (the manifest says `{}`): the shard is damaged",
            shown(&scenario_path),
            whole.name(),
            first.manifest.kind
        )));
    };
    if parts.total != first.manifest.units_total || whole.seed() != first.manifest.seed {
        return Err(bad(format!(
            "{}: the scenario has {} matches and seed {}, the manifest says {} and {}: the shard is damaged",
            shown(&scenario_path),
            parts.total,
            whole.seed(),
            first.manifest.units_total,
            first.manifest.seed
        )));
    }
    if let Scenario::Tournament(t) = whole
        && t.write_interactions
    {
        // Each shard must carry its part of interactions.csv (its digest
        // was checked with the others).
        if let Some(folder) = shards
            .iter()
            .find(|f| !f.manifest.files.contains_key(INTERACTIONS))
        {
            return Err(bad(format!(
                "{}: the scenario asks for {INTERACTIONS} ([output] interactions = true) and the shard has none in its {MANIFEST}: the shard is damaged; rerun shard {}/{} (nothing was written)",
                shown(&folder.path.join(INTERACTIONS)),
                folder.manifest.shard_index,
                folder.manifest.shard_count
            )));
        }
        // Every part's rows checked before anything is written.
        append_all_interactions(shards, None, &args.out)?;
    }
    let name = whole.name().to_string();
    check_out_folder(&args.out, std::iter::once(name.as_str()))?;
    let destination = args.out.join(&name);
    // Pass 1: check every row and fold; nothing is written before the
    // shards are known to be whole.
    let mut results: Vec<TournamentResults> = parts
        .tournaments
        .iter()
        .map(|t| {
            let names = t.players.iter().map(|p| p.name.clone()).collect();
            TournamentResults::new(names, t.repetitions, t.settings.payoffs)
        })
        .collect();
    // The bar counts matches and names the shard folder being read.
    let bar = progress::bar_with_parts(
        parts.total,
        &format!("{name} merge"),
        args.quiet || args.json,
    );
    let read = |k: usize| bar.set_message(format!("{k}/{} folders read", shards.len()));
    // axelrod's ResultSet extras of a tournament (a sweep's points do not
    // write them).
    let mut extras = match (whole, parts.tournaments.first()) {
        (Scenario::Tournament(_), Some(t)) => Some((
            ResultSetExtras::new(t.players.len(), t.repetitions),
            t.settings.payoffs,
        )),
        _ => None,
    };
    fold_shards(shards, &parts, read, |id, point, record| {
        if let Some((extras, payoffs)) = extras.as_mut() {
            extras.add(record, payoffs);
        }
        let (i, j) = (record.first, record.second);
        if !parts.tournaments[point].is_repeatable(i, j) || record.repetition == 0 {
            results[point].add_simulated_turns(record.outcome.length as u64);
        }
        results[point].add(record);
        if id % 4096 == 0 {
            bar.set_position(id);
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    match whole {
        Scenario::Tournament(t) => {
            let mut results = results.remove(0);
            results.count_self_play_in_scores(t.self_play_in_ranking);
            // Pass 2: the files.
            let staging = StagingDir::create(&destination)
                .map_err(|e| failed("cannot create the results folder", &destination, e))?;
            if t.write_matches {
                let path = staging.file("matches.csv");
                let write_error = |e| failed("cannot write", &destination.join("matches.csv"), e);
                let names = results.names.clone();
                let mut writer =
                    MatchesWriter::create(&path, names, t.settings.payoffs).map_err(write_error)?;
                fold_shards(
                    shards,
                    &parts,
                    |_| {},
                    |_, _, record| writer.write(record).map_err(write_error),
                )?;
                writer.finish().map_err(write_error)?;
            }
            if t.write_interactions {
                let path = staging.file(INTERACTIONS);
                append_all_interactions(shards, Some(&path), &destination)?;
            }
            let simulated = started.elapsed();
            finish_tournament(
                t,
                &source.text,
                &destination,
                staging,
                (&results, &extras.expect("a tournament has extras").0),
                (started, simulated),
                (args.json, args.quiet),
            )
        }
        Scenario::Sweep(sweep) => {
            let run_args = RunArgs {
                scenarios: Vec::new(),
                out: args.out.clone(),
                threads: 0,
                seed: None,
                quiet: args.quiet,
                json: args.json,
                shard: None,
                shards: None,
                no_limit: true,
            };
            let folder = ResultsFolder::create(&destination)?;
            let turns = results.iter().map(|r| r.total_turns()).sum();
            let mut summaries = Vec::with_capacity(results.len());
            for (k, point) in results.into_iter().enumerate() {
                summaries.push(summarize_point(sweep, k, point, &folder)?);
            }
            finish_sweep(
                sweep,
                &source.text,
                folder,
                &summaries,
                (started, turns),
                &run_args,
            )
        }
        Scenario::EvolutionSweep(s) => match &**s {
            crate::scenario::EvolutionSweep::Ecological(e) => {
                crate::cli::evolution_sweep_shards::finish_ecological_merge(
                    e,
                    &source.text,
                    &destination,
                    &results,
                    started,
                    args,
                )
            }
            crate::scenario::EvolutionSweep::Moran(_) => {
                Err(bad(format!("`{name}` cannot be merged")))
            }
        },
        _ => Err(bad(format!("`{name}` cannot be merged"))),
    }
}

/// Writes the merged `interactions.csv` to `path`: the shards' parts
/// appended in id order (the first one's header only), streamed, each row's
/// match id checked. Without a path, only checks the parts.
fn append_all_interactions(
    shards: &[ShardFolder],
    path: Option<&std::path::Path>,
    destination: &std::path::Path,
) -> Result<(), CliError> {
    let write_error = |e| failed("cannot write", &destination.join(INTERACTIONS), e);
    let Some(path) = path else {
        return append_parts(shards, &mut std::io::sink());
    };
    let file = std::fs::File::create(path).map_err(write_error)?;
    let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
    append_parts(shards, &mut out)?;
    let file = out.into_inner().map_err(|e| write_error(e.into_error()))?;
    file.sync_all().map_err(write_error)
}

fn append_parts(shards: &[ShardFolder], out: &mut impl std::io::Write) -> Result<(), CliError> {
    for (k, folder) in shards.iter().enumerate() {
        let m = &folder.manifest;
        let part = folder.path.join(INTERACTIONS);
        append_interactions(&part, out, k == 0, m.units_start..m.units_end).map_err(|e| {
            bad(format!(
                "{}: {e}: the shard is damaged; rerun shard {}/{} (nothing was written)",
                shown(&part),
                m.shard_index,
                m.shard_count
            ))
        })?;
    }
    Ok(())
}

/// Reads every shard's outcomes in id order, checking each row (its
/// counters, and that it is the match its id names) and handing it to
/// `each` with its id and grid point; `reading(k)` is told before folder k
/// (for the progress bar).
fn fold_shards(
    shards: &[ShardFolder],
    parts: &Parts,
    mut reading: impl FnMut(usize),
    mut each: impl FnMut(u64, usize, &MatchRecord) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let mut next_id = 0u64;
    for (k, folder) in shards.iter().enumerate() {
        reading(k);
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
        read_outcomes(&outcomes, parts.with_point, |point, record| {
            let expected = (next_id < m.units_end)
                .then(|| parts.locate(next_id))
                .flatten();
            let found = (point, record.first, record.second, record.repetition);
            match expected {
                Some(expected) if expected == found => {}
                Some((k, i, j, r)) => {
                    let at = |(k, i, j, r): (usize, usize, usize, u32)| {
                        if parts.with_point {
                            format!("point {k}, ({i}, {j}), repetition {r}")
                        } else {
                            format!("({i}, {j}, repetition {r})")
                        }
                    };
                    return Err(format!(
                        "match {} where match id {next_id} {} belongs",
                        at(found),
                        at((k, i, j, r))
                    ));
                }
                None => {
                    return Err(format!(
                        "more rows than the shard's {} matches",
                        m.units_end - m.units_start
                    ));
                }
            }
            if let Err(e) = each(next_id, point, &record) {
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

/// Merges the shards of a fixation matrix: every row checked (it is the
/// unit its id names), the fixations counted per pair, then rendered as a
/// single run renders them.
fn merge_fixation(
    shards: &[ShardFolder],
    scenario: &crate::scenario::FixationScenario,
    resolved: &str,
    started: Instant,
    args: &MergeArgs,
) -> Result<(), CliError> {
    let study = &scenario.study;
    let total = study.unit_count();
    let m0 = &shards[0].manifest;
    if total != m0.units_total || study.seed != m0.seed {
        return Err(bad(format!(
            "{}: the scenario has {total} runs and seed {}, the manifest says {} and {}: the shard is damaged",
            shown(&shards[0].path.join(SCENARIO)),
            study.seed,
            m0.units_total,
            m0.seed
        )));
    }
    check_out_folder(&args.out, std::iter::once(scenario.name.as_str()))?;
    let runs = study.runs.max(1);
    let mut estimates = study.empty_estimates();
    let mut next_id = 0u64;
    let bar = progress::bar_of(
        total,
        &format!("{} merge", scenario.name),
        "runs",
        args.quiet || args.json,
    );
    for folder in shards {
        bar.set_position(next_id);
        let m = &folder.manifest;
        let path = folder.path.join(FIXATIONS);
        read_fixations(&path, |pair, run, fixed| {
            if next_id >= m.units_end {
                return Err(format!(
                    "more rows than the shard's {} runs",
                    m.units_end - m.units_start
                ));
            }
            if (pair, run) != (next_id / runs, next_id % runs) {
                return Err(format!(
                    "pair {pair} run {run} where unit {next_id} (pair {}, run {}) belongs",
                    next_id / runs,
                    next_id % runs
                ));
            }
            let e = &mut estimates[pair as usize];
            e.runs += 1;
            e.fixations += u64::from(fixed);
            next_id += 1;
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
            bad(format!(
                "{}: {e}: the shard is damaged; rerun shard {}/{} (nothing was written)",
                shown(&path),
                m.shard_index,
                m.shard_count
            ))
        })?;
    }
    bar.finish_and_clear();
    let run_args = RunArgs {
        scenarios: Vec::new(),
        out: args.out.clone(),
        threads: 0,
        seed: None,
        quiet: args.quiet,
        json: args.json,
        shard: None,
        shards: None,
        no_limit: true,
    };
    let destination = args.out.join(&scenario.name);
    finish_fixation(
        scenario,
        resolved,
        &destination,
        &estimates,
        started,
        &run_args,
    )
}
