//! `dilemma merge SHARD_FOLDER... --out OUT`: fold the shards of one study
//! (written by `dilemma run --shard I/N`) in unit-id order and write
//! `OUT/<name>/` through the study layer (`study::merge`), byte for byte
//! the folder a single run writes (`run.json` aside: its `threads`, `simulation_seconds`,
//! `total_seconds` and `simulated_turns_per_second` describe the merge; a
//! sweep's has `threads` and `total_seconds`).
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

use crate::cli::run_cmd::{check_out_folder, print_published, shard_key, sweep_stale};
use crate::cli::{CliError, progress};
use crate::study::StudyError;
use crate::study::merge::{Shards, Verify};
use clap::Args;
use std::path::PathBuf;

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
    /// Units of each shard played again and compared with its rows (0 to
    /// skip): a shard whose scenario.toml was edited (digests recomputed)
    /// is refused. Which units is the merge's own random pick. With
    /// DILEMMA_SHARD_KEY set, every shard's keyed digest must match it too.
    #[arg(long, value_name = "K", default_value_t = 2, value_parser = crate::cli::options::whole_number::<u32>(0, 1_000_000))]
    pub verify: u32,
    /// Draw charts over the chart memory budget (`[output]` sizes whose
    /// pictures exceed 3 x 10^8 pixels; see the README's "Work limits"), as
    /// `dilemma run --no-limit` does; the shards' work was checked when they ran.
    #[arg(long)]
    pub no_limit: bool,
}

/// Merges the shards.
pub fn run(args: &MergeArgs) -> Result<(), CliError> {
    let mut shards = Shards::open(&args.shards, shard_key().as_deref())?;
    // The charts' memory, checked before anything is read (the shards do
    // not draw charts, so their runs did not check it): refused as `dilemma
    // run` refuses it, lifted by `--no-limit` or `[limits] none = true`.
    if args.no_limit || shards.loaded.limits_lifted {
        shards.loaded.scenario.chart_style_mut().pixel_limit = None;
    } else if let Some(e) = crate::scenario::work::chart_estimate(&shards.loaded.scenario)
        .filter(crate::scenario::work::Estimate::exceeds)
    {
        let scenario = args.shards[0].join("scenario.toml");
        return Err(CliError::BadInput(format!(
            "{}: field `{}`: {}",
            scenario.display(),
            e.field,
            e.message()
        )));
    }
    let bar = progress::Bar::new(args.quiet || args.json);
    let ready = |name: &str| {
        check_out_folder(&args.out, std::iter::once(name)).map_err(|e| match e {
            CliError::BadInput(message) => StudyError::Input(message),
            CliError::Failed(message) => StudyError::Failed(message),
        })?;
        sweep_stale(&args.out);
        Ok(())
    };
    let verify = Verify {
        per_shard: args.verify,
        seed: unpredictable_seed(),
    };
    let scenario = args.shards[0].join("scenario.toml");
    let published = shards
        .merge(verify, &args.out, &bar, &ready)
        .map_err(|e| crate::cli::run_cmd::over_budget_in(e, &scenario))?;
    print_published(&published, args.json, args.quiet);
    Ok(())
}

/// A seed nobody who wrote the shards can know in advance: the clock and
/// the process id, mixed.
fn unpredictable_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mixed = nanos ^ (u64::from(std::process::id()) << 32);
    // splitmix64's finaliser spreads the bits.
    let mut z = mixed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
