//! `dilemma guess`: guess p of the average: iterated elimination, pure
//! equilibria, level-k, cognitive hierarchy and a seeded simulation.

use crate::cli::CliError;
use crate::dilemmas::guess::analysis::analyse;
use crate::dilemmas::guess::inputs::{build, settings_within};
use crate::output::guess_text::{analysis_json, report};
use crate::scenario::work::{HARD_GUESS_CHOICES, guess_estimate};
use clap::Args;

/// Options of `dilemma guess`.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct GuessArgs {
    /// The multiplier p (> 0): a fraction such as 2/3 or 4/3, or a decimal.
    #[arg(long, default_value = "2/3", allow_hyphen_values = true)]
    pub p: String,
    /// The range of choices, LO..HI with LO < HI.
    #[arg(long, default_value = "0..100", allow_hyphen_values = true)]
    pub range: String,
    /// integer (whole numbers) or continuous (any real number).
    #[arg(long, default_value = "integer")]
    pub choices: String,
    /// Whole numbers only: exact (compare with the exact target) or nearest (round the target, halves up).
    #[arg(long, default_value = "exact")]
    pub rounding: String,
    /// Number of players (at least 2).
    #[arg(long, default_value_t = 10, allow_hyphen_values = true)]
    pub players: i64,
    /// Level-k levels shown beyond level 0.
    #[arg(long, default_value_t = 6, allow_hyphen_values = true)]
    pub levels: i64,
    /// Cognitive hierarchy: Poisson mean of the thinking levels.
    #[arg(long, default_value_t = 1.5, allow_hyphen_values = true)]
    pub tau: f64,
    /// Most rounds of iterated elimination.
    #[arg(long, default_value_t = 30, allow_hyphen_values = true)]
    pub elimination_rounds: i64,
    /// Simulation: rounds played.
    #[arg(long, default_value_t = 10, allow_hyphen_values = true)]
    pub rounds: i64,
    /// Simulation: noise half-width as a share of the range width.
    #[arg(long, default_value_t = 0.02, allow_hyphen_values = true)]
    pub noise: f64,
    /// Simulation seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Simulate even when players x rounds is over the default work limit
    /// (5e7 choices); every choice is kept, so at most 2.5e8 (2 GB).
    #[arg(long)]
    pub no_limit: bool,
}

/// Parses "LO..HI".
pub fn parse_range(text: &str) -> Option<(i64, i64)> {
    let (lo, hi) = text.split_once("..")?;
    Some((lo.trim().parse().ok()?, hi.trim().parse().ok()?))
}

/// Runs the command.
pub fn run(args: &GuessArgs) -> Result<(), CliError> {
    let bad =
        |(field, message): (&str, String)| CliError::BadInput(format!("--{field}: {message}"));
    let (lo, hi) = parse_range(&args.range).ok_or_else(|| {
        CliError::BadInput(format!(
            "--range: expected LO..HI with whole numbers, such as 0..100, got `{}`",
            args.range
        ))
    })?;
    let game = build(&args.p, lo, hi, &args.choices, &args.rounding, args.players).map_err(bad)?;
    let estimate = guess_estimate(game.players as u64, args.rounds.max(0) as u64);
    if estimate.exceeds() && !args.no_limit {
        return Err(CliError::BadInput(estimate.command_message("guess")));
    }
    let settings = settings_within(
        &game,
        [args.levels, args.elimination_rounds, args.rounds],
        args.tau,
        args.noise,
        args.seed,
        HARD_GUESS_CHOICES,
    )
    .map_err(bad)?;
    let analysis =
        analyse(&game, &settings).map_err(|e| CliError::BadInput(format!("--tau: {e}")))?;
    if args.json {
        println!("{:#}", analysis_json(&analysis));
    } else {
        print!("{}", crate::output::width::fit(&report(&analysis)));
    }
    Ok(())
}
