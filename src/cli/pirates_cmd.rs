//! `dilemma pirates --pirates N --coins G`: the pirate split solved by
//! backward induction, with a round-by-round teaching table, the equally
//! good proposals and the tie-break used.

use crate::cli::CliError;
use crate::dilemmas::pirates::alternatives::{MAX_LISTED, equally_good};
use crate::dilemmas::pirates::induction::solve_reporting;
use crate::dilemmas::pirates::rules::HARD_MAX_PIRATES;
use crate::dilemmas::pirates::{Majority, PirateError, PirateGame, Rules, Temperament, TieBreak};
use crate::output::pirates_text::{RECORD_LIMIT, report, solution_json};
use crate::scenario::work::{induction_steps, pirates_estimate};
use clap::Args;

/// Induction steps from which a progress bar is shown (about 2 s at the
/// measured 1.4 x 10^9 steps a second: `scenario::work::MAX_INDUCTION_STEPS`).
pub const PROGRESS_FROM: u128 = 3_000_000_000;

/// Options of `dilemma pirates`.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct PiratesArgs {
    /// Number of pirates (1 to 1000000; above about 100000 the induction's
    /// N (N + 1) / 2 steps are over the work limit: see --no-limit).
    #[arg(long, allow_hyphen_values = true)]
    pub pirates: i64,
    /// Number of gold coins (0 or more).
    #[arg(long, allow_hyphen_values = true)]
    pub coins: i64,
    /// Votes needed: tie-passes (at least half; the seed's rule) or strict (more than half).
    #[arg(long, default_value = "tie-passes")]
    pub majority: String,
    /// What an indifferent pirate votes: bloodthirsty (no) or benevolent (yes).
    #[arg(long, default_value = "bloodthirsty")]
    pub temperament: String,
    /// Which equally good proposal is made: pay the most junior or the most senior of the equally cheap voters.
    #[arg(long, default_value = "junior")]
    pub tie_break: String,
    /// How many equally good proposals to list (1 to 1000).
    #[arg(long, default_value_t = 10,
          value_parser = crate::cli::options::whole_number::<usize>(0, u32::MAX as u64))]
    pub list: usize,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Solve even when the induction's N (N + 1) / 2 steps are over the
    /// default work limit (6e9 steps, about 5 s); at most 1000000 pirates.
    #[arg(long)]
    pub no_limit: bool,
}

/// The rules from `--majority`, `--temperament` and `--tie-break`; an
/// error names the option and its allowed values.
fn option_rules(args: &PiratesArgs) -> Result<Rules, CliError> {
    let unknown = |option: &str, value: &str, allowed: &str| {
        CliError::BadInput(format!(
            "{option}: unknown value `{value}` (allowed: {allowed})"
        ))
    };
    Ok(Rules {
        majority: Majority::parse(&args.majority)
            .ok_or_else(|| unknown("--majority", &args.majority, Majority::NAMES))?,
        temperament: Temperament::parse(&args.temperament)
            .ok_or_else(|| unknown("--temperament", &args.temperament, Temperament::NAMES))?,
        tie_break: TieBreak::parse(&args.tie_break)
            .ok_or_else(|| unknown("--tie-break", &args.tie_break, TieBreak::NAMES))?,
    })
}

/// Runs the command.
pub fn run(args: &PiratesArgs) -> Result<(), CliError> {
    let rules = option_rules(args)?;
    let game = PirateGame::new_at_most(args.pirates, args.coins, rules, HARD_MAX_PIRATES).map_err(
        |e| {
            let option = match e {
                PirateError::Pirates { .. } => "--pirates",
                PirateError::Coins { .. } => "--coins",
            };
            CliError::BadInput(format!("{option}: {e}"))
        },
    )?;
    if !(1..=MAX_LISTED).contains(&args.list) {
        return Err(CliError::BadInput(format!(
            "--list must be from 1 to {MAX_LISTED}, got {}",
            args.list
        )));
    }
    let estimate = pirates_estimate(game.pirates as u64, "--pirates");
    if estimate.exceeds() && !args.no_limit {
        return Err(CliError::BadInput(estimate.command_message("pirates")));
    }
    // A bar (on a terminal) when the induction takes more than a second or
    // two: over its steps, k for the round with k pirates alive.
    let bar = crate::cli::progress::bar_of(
        estimate.amount as u64,
        "pirate split",
        "steps",
        args.json || estimate.amount < PROGRESS_FROM,
    );
    let solution = solve_reporting(&game, RECORD_LIMIT, |alive| {
        bar.set_position(induction_steps(alive as u64) as u64)
    });
    bar.finish_and_clear();
    let listed = equally_good(&solution, args.list.max(1));
    if args.json {
        println!("{:#}", solution_json(&solution, &listed));
    } else {
        print!("{}", crate::output::width::fit(&report(&solution, &listed)));
    }
    Ok(())
}
