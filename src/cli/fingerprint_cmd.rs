//! `dilemma fingerprint STRATEGY`: axelrod's Ashlock (or, with
//! `--transitive`, transitive) fingerprint of one strategy without writing a
//! scenario: the options make a `kind = "fingerprint"` scenario, run as
//! `dilemma run` runs it (results in `<out>/fingerprint-<strategy>/`).

use crate::cli::CliError;
use crate::cli::match_cmd::parse_player;
use crate::cli::run_cmd::{RunArgs, run_loaded};
use crate::scenario::{self, error::Source};
use clap::Args;
use std::path::PathBuf;

/// Options of `dilemma fingerprint`.
#[derive(Args, Debug)]
pub struct FingerprintArgs {
    /// The strategy: an id (`wsls`, `gtft:p=0.1`), a display name or a
    /// strategy file.
    pub strategy: String,
    /// Transitive fingerprint (cooperation by turn against Random(p))
    /// instead of Ashlock's.
    #[arg(long)]
    pub transitive: bool,
    /// Ashlock: the probe (default Tit For Tat).
    #[arg(long, default_value = "tit-for-tat")]
    pub probe: String,
    /// Ashlock: the grid step, 0.001 to 0.5.
    #[arg(long, default_value_t = 0.01)]
    pub step: f64,
    /// Transitive: the number of opponents Random(p), p from 0 to 1.
    #[arg(long, default_value_t = 50)]
    pub opponents: u32,
    /// Turns per match.
    #[arg(long, default_value_t = 50)]
    pub turns: u32,
    /// Matches per point (`--method simulate`).
    #[arg(long, default_value_t = 10)]
    pub repetitions: u32,
    /// `exact` (expected values; the default when both players are
    /// finite-state) or `simulate`.
    #[arg(long)]
    pub method: Option<String>,
    /// Seed of the simulated matches.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Folder that receives the results folder.
    #[arg(long, default_value = "results")]
    pub out: PathBuf,
    /// No tables; errors and warnings only.
    #[arg(long)]
    pub quiet: bool,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Run even when the work is over the default limit.
    #[arg(long)]
    pub no_limit: bool,
}

fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// The message of an error in the made scenario without its line and
/// column (the user wrote options, not lines).
fn without_location(message: &str) -> String {
    let prefix = "dilemma fingerprint:";
    let Some(rest) = message.strip_prefix(prefix) else {
        return message.to_string();
    };
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == ':');
    let rest = rest.trim_start().trim_start_matches("field ");
    format!("dilemma fingerprint: option {rest}")
}

/// Makes the scenario and runs it.
pub fn run(args: &FingerprintArgs) -> Result<(), CliError> {
    // Clear errors for the players before the scenario is made.
    let strategy = parse_player(&args.strategy, "strategy")?;
    if !args.transitive {
        parse_player(&args.probe, "--probe")?;
    }
    let slug: String = strategy
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect::<String>()
        .split('-')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let kind = if args.transitive {
        "transitive"
    } else {
        "ashlock"
    };
    let name = format!("{kind}-fingerprint-{slug}");
    let mut text = format!(
        "name = {}\nkind = \"fingerprint\"\nseed = {}\n[fingerprint]\ntype = \"{kind}\"\n\
         strategies = [{}]\nturns = {}\nrepetitions = {}\n",
        quoted(&name),
        args.seed,
        quoted(&args.strategy),
        args.turns,
        args.repetitions
    );
    if args.transitive {
        text += &format!("opponents = {}\n", args.opponents);
    } else {
        text += &format!("probe = {}\nstep = {}\n", quoted(&args.probe), args.step);
    }
    if let Some(method) = &args.method {
        text += &format!("method = {}\n", quoted(method));
    }
    let source = Source {
        path: PathBuf::from("dilemma fingerprint"),
        text,
    };
    let loaded = scenario::parse_within(&source, &source.path, args.no_limit).map_err(|e| {
        // The scenario is made from the options: name them, not its lines.
        CliError::BadInput(
            without_location(&e.to_string())
                .replace("fingerprint.step", "--step")
                .replace("fingerprint.turns", "--turns")
                .replace("fingerprint.method", "--method")
                .replace("fingerprint.opponents", "--opponents"),
        )
    })?;
    if let Some(refusal) = loaded.over_limit.as_ref().filter(|_| !args.no_limit) {
        return Err(CliError::BadInput(refusal.to_string()));
    }
    let run_args = RunArgs {
        scenarios: Vec::new(),
        out: args.out.clone(),
        threads: 0,
        seed: None,
        quiet: args.quiet,
        json: args.json,
        shard: None,
        shards: None,
        no_limit: args.no_limit,
        resume: false,
    };
    run_loaded(vec![loaded], &run_args)
}
