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

use crate::cli::run_cmd::{check_out_folder, print_published, sweep_stale};
use crate::cli::{CliError, progress};
use crate::study::StudyError;
use crate::study::merge::Shards;
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
}

/// Merges the shards.
pub fn run(args: &MergeArgs) -> Result<(), CliError> {
    let shards = Shards::open(&args.shards)?;
    let bar = progress::Bar::new(args.quiet || args.json);
    let ready = |name: &str| {
        check_out_folder(&args.out, std::iter::once(name)).map_err(|e| match e {
            CliError::BadInput(message) => StudyError::Input(message),
            CliError::Failed(message) => StudyError::Failed(message),
        })?;
        sweep_stale(&args.out);
        Ok(())
    };
    let published = shards.merge(&args.out, &bar, &ready)?;
    print_published(&published, args.json, args.quiet);
    Ok(())
}
