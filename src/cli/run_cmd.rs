//! `dilemma run SCENARIO...`: validate every scenario first, then run each
//! (or, with `--shard I/N`, one shard of each) through the study layer and
//! print what it reports: the report fitted to 80 columns, or `--json`.
//! No kind is named here: `study::open` maps a scenario to its study.

use crate::cli::{CliError, progress, shown};
use crate::scale::shard::{self, Shard, ShardSpec};
use crate::scenario::{self, ShardsKey};
use crate::study::shard::{ShardWritten, folder_name};
use crate::study::{Checkpoints, Published, Settings, StudyError};
use clap::Args;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

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
    /// With DILEMMA_SHARD_KEY set, the manifest carries a keyed digest.
    #[arg(long, value_name = "I/N|auto")]
    pub shard: Option<crate::scale::ShardSpec>,
    /// Shard count for `--shard auto` in a Kubernetes Indexed Job (its completions).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=crate::scale::shard::MAX_SHARDS as i64))]
    pub shards: Option<u32>,
    /// Run scenarios whose estimated work is over the default limits (see
    /// the README's "Work limits"; also `[limits] none = true` in a scenario).
    #[arg(long)]
    pub no_limit: bool,
    /// Go on from the checkpoint a killed run left in --out (a training run
    /// with `[algorithm] checkpoint`); without one, the run starts afresh.
    #[arg(long)]
    pub resume: bool,
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
    run_loaded(loaded, args)
}

/// Runs scenarios already loaded and within their limits (`dilemma run`,
/// and the commands that make a scenario from their options).
pub fn run_loaded(mut loaded: Vec<scenario::Loaded>, args: &RunArgs) -> Result<(), CliError> {
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
        .map(|l| resolve(args, l.shards.as_ref()))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(seed) = args.seed {
        for l in &mut loaded {
            l.scenario.set_seed(seed);
        }
    }
    let settings = Settings {
        no_limit: args.no_limit,
        resolved_toml: None,
        checkpoints: Checkpoints {
            dir: Some(args.out.clone()),
            resume: args.resume,
        },
    };
    let studies: Vec<_> = loaded
        .iter()
        .map(|l| crate::study::open(&l.scenario, settings.clone()))
        .collect();
    // `[shards]` only where the study is made of units that split (the
    // study layer knows which: a table's invasion sweep runs whole, a
    // played one splits).
    for (l, study) in loaded.iter().zip(&studies) {
        if let Some(key) = &l.shards
            && !study.can_shard()
        {
            return Err(CliError::BadInput(format!(
                "{}: field `shards.count`: scenario `{}` runs whole (one computation), so it \
                 cannot be split into shards; remove `[shards]`",
                key.at,
                study.name()
            )));
        }
    }
    if args.resume {
        for study in studies.iter().filter(|s| !s.saves_checkpoints()) {
            eprintln!(
                "warning: --resume: scenario `{}` saves no checkpoints (a training run with \
                 `[algorithm] checkpoint` does); it runs from the start",
                study.name()
            );
        }
    }
    if args.shard.is_some() {
        if let Some(study) = studies.iter().find(|s| !s.can_shard()) {
            return Err(CliError::BadInput(format!(
                "--shard: scenario `{}` runs whole (one computation); studies made of many units split into shards: a tournament, a fingerprint, a fixation matrix, a training run (its restarts), and a sweep of a tournament, a Moran, an ecological or an invasion study whose payoffs are played (run it without --shard)",
                study.name()
            )));
        }
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
    let folders: Vec<String> = studies
        .iter()
        .zip(&shards)
        .map(|(study, shard)| folder_name(study.name(), *shard))
        .collect();
    check_out_folder(&args.out, folders.iter().map(String::as_str))?;
    sweep_stale(&args.out);
    for warning in loaded.iter().flat_map(|l| &l.warnings) {
        crate::cli::eprint_message(&warning.to_string());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|e| CliError::Failed(format!("cannot start worker threads: {e}")))?;
    let quiet = args.quiet || args.json;
    let key = shard_key();
    for (((l, study), shard), folder) in loaded.iter().zip(&studies).zip(shards).zip(folders) {
        let destination = args.out.join(folder);
        let bar = progress::Bar::new(quiet);
        let style = l.scenario.chart_style();
        pool.install(|| {
            crate::output::charts::with_style(&style, || match shard {
                Some(shard) => study
                    .shard(&destination, (shard, key.as_deref()), &bar)
                    .map(|written| print_shard(&written, args.json, args.quiet)),
                None => study
                    .run(&destination, &bar)
                    .map(|published| print_published(&published, args.json, args.quiet)),
            })
        })
        .map_err(|e| over_budget_in(e, &l.source.path))?;
    }
    Ok(())
}

/// Clears `out` of the hidden folders that runs and merges killed or
/// crashed left behind (their process gone), and says so once on standard
/// error. A folder that cannot be read is left as it is: the run that
/// follows reports what is wrong with it.
pub fn sweep_stale(out: &Path) {
    let Ok(swept) = crate::output::atomic::sweep_stale(out) else {
        return;
    };
    if swept.is_empty() {
        return;
    }
    let names: Vec<String> = swept.iter().map(|p| shown(p)).collect();
    let message = format!(
        "warning: removed {} left by runs that ended early (killed or crashed; their results were never in place): {}",
        crate::output::width::count(names.len(), "hidden folder", "hidden folders"),
        names.join(", ")
    );
    crate::cli::eprint_message(&message);
}

/// The environment variable holding the secret key of keyed shard digests.
pub const SHARD_KEY: &str = "DILEMMA_SHARD_KEY";

/// The secret key of keyed shard digests, if [`SHARD_KEY`] is set (and not
/// empty).
pub fn shard_key() -> Option<Vec<u8>> {
    std::env::var_os(SHARD_KEY)
        .map(|k| k.into_encoded_bytes())
        .filter(|k| !k.is_empty())
}

/// A chart over the memory budget, found as it was drawn
/// (`output::charts::ChartError::OverBudget`): the scenario file and its
/// `[output]` table named first, as the refusals made up front name them.
pub fn over_budget_in(error: StudyError, scenario: &Path) -> StudyError {
    match error {
        StudyError::Input(message) if message.contains(crate::output::charts::OVER_BUDGET) => {
            StudyError::Input(format!("{}: field `output`: {message}", scenario.display()))
        }
        other => other,
    }
}

impl From<StudyError> for CliError {
    fn from(error: StudyError) -> CliError {
        match error {
            StudyError::Input(message) => CliError::BadInput(message),
            StudyError::Failed(message) => CliError::Failed(message),
        }
    }
}

/// Prints what a written study reports: the `--json` object (`name`,
/// `results`, the summary under its key, `run`) or, unless `--quiet`, the
/// report and where the results are.
pub fn print_published(published: &Published, json: bool, quiet: bool) {
    let report = &published.report;
    if json {
        let mut out = serde_json::Map::new();
        out.insert("name".into(), json!(report.name));
        out.insert("results".into(), json!(shown(&published.folder)));
        out.insert(report.summary_key.into(), report.summary.clone());
        out.insert("run".into(), report.run.clone());
        println!("{}", Value::Object(out));
    } else if !quiet {
        print!("{}", crate::output::width::fit(&report.text));
        let written = format!("results written to {}/\n", shown(&published.folder));
        print!("{}", crate::output::width::fit(&written));
    }
}

/// Prints what a shard wrote: its units as `--json` or a line.
fn print_shard(written: &ShardWritten, json: bool, quiet: bool) {
    let (ids, format) = (&written.ids, &written.format);
    if json {
        let mut out = serde_json::Map::new();
        out.insert("name".into(), json!(written.name));
        out.insert("shard".into(), json!(written.shard.to_string()));
        out.insert("results".into(), json!(shown(&written.folder)));
        out.insert(format.unit_key.into(), json!(ids.end - ids.start));
        out.insert(format.ids_key.into(), json!([ids.start, ids.end]));
        out.insert(format!("{}_total", format.unit_key), json!(written.total));
        println!("{}", Value::Object(out));
    } else if !quiet {
        println!(
            "{}: shard {}: {} {}..{} of {} written to {}/",
            written.name,
            written.shard,
            format.unit_words,
            ids.start,
            ids.end,
            written.total,
            shown(&written.folder)
        );
    }
}

/// The shard this run plays, if `--shard` was given: `I/N` as written, or
/// with `auto` from the scheduler's environment. `--shards` without
/// `--shard auto` is refused. `key` is the scenario's `[shards] count`: it
/// gives a Kubernetes Indexed Job its count when `--shards` is absent, and
/// every count given (`--shard I/N`, `--shards N`, Slurm's
/// `SLURM_ARRAY_TASK_COUNT`) must equal it (exit 2 naming both).
fn resolve(args: &RunArgs, key: Option<&ShardsKey>) -> Result<Option<Shard>, CliError> {
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
    // A folder this user can create and write in: a path that cannot be
    // used is the input's fault (exit 2); a full disk is the machine's (1).
    // Checked in the nearest folder that exists, leaving nothing behind.
    let existing = out
        .ancestors()
        .map(|a| {
            if a.as_os_str().is_empty() {
                Path::new(".")
            } else {
                a
            }
        })
        .find(|a| a.exists())
        .unwrap_or(Path::new("."));
    let probe = existing.join(format!(".dilemma-write-check-{}", std::process::id()));
    let what = if existing == out {
        "cannot write in it".to_string()
    } else {
        format!("cannot create it in {}", shown(existing))
    };
    std::fs::create_dir(&probe).map_err(|e| unusable(out, &what, &e))?;
    let _ = std::fs::remove_dir(&probe);
    Ok(())
}

/// `--out` cannot be used: bad input naming the folder and the reason in
/// words, or a failure of the machine (a full disk, an I/O error).
fn unusable(out: &Path, what: &str, error: &std::io::Error) -> CliError {
    use std::io::ErrorKind;
    let machine = matches!(
        error.kind(),
        ErrorKind::StorageFull
            | ErrorKind::QuotaExceeded
            | ErrorKind::OutOfMemory
            | ErrorKind::Interrupted
            | ErrorKind::TimedOut
    ) || error.raw_os_error() == Some(5);
    if machine {
        return crate::study::error::failed(what, out, error).into();
    }
    let reason = match error.kind() {
        ErrorKind::PermissionDenied => "permission denied: this user may not write there".into(),
        ErrorKind::ReadOnlyFilesystem => "the file system is read-only".into(),
        ErrorKind::NotADirectory => "a part of the path is a file, not a folder".into(),
        ErrorKind::NotFound => "no folder can be made there".into(),
        _ => error.to_string(),
    };
    CliError::BadInput(format!(
        "--out {}: {what}: {reason}; give a folder you can write in (nothing was written)",
        shown(out)
    ))
}
