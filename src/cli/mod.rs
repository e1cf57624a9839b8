//! The command line: clap definitions and one file per subcommand, each
//! parsing its options and printing (tables fitted to 80 columns, JSON,
//! progress bars). Studies run, shard and merge in `study`; this floor
//! talks to the terminal and maps errors to exit codes (0 success, 1
//! failure while running, 2 bad input).

pub mod exact_cmd;
pub mod fingerprint_cmd;
pub mod game_cmd;
pub mod guess_cmd;
pub mod match_cmd;
pub mod merge_cmd;
pub mod new_cmd;
pub mod options;
pub mod pigs_cmd;
pub mod pirates_cmd;
pub mod play_cmd;
pub mod progress;
pub mod run_cmd;
pub mod shell_cmd;
pub mod solve_cmd;
pub mod strategies_cmd;
pub mod travelers_cmd;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Iterated prisoner's dilemma tournaments and the classic dilemmas of game theory.
#[derive(Parser, Debug)]
#[command(name = "dilemma", version, about, long_about = None, max_term_width = 80)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// Print full text: lines may exceed 80 columns (names are not elided,
    /// prose is not wrapped; `strategies`: one wide table with every rule).
    #[arg(long, global = true)]
    pub wide: bool,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run scenario files and write results/<name>/ (CSVs, charts, run.json).
    Run(run_cmd::RunArgs),
    /// Print a commented scenario template of a kind (every key, its default).
    New(new_cmd::NewArgs),
    /// Play one match between two strategies and show it turn by turn.
    Match(match_cmd::MatchArgs),
    /// Expected scores of two finite-state players, exactly (no sampling).
    Exact(exact_cmd::ExactArgs),
    /// axelrod's Ashlock or transitive fingerprint of a strategy (exact where it can be).
    Fingerprint(fingerprint_cmd::FingerprintArgs),
    /// List the strategy catalogue with classifiers.
    Strategies(strategies_cmd::StrategiesArgs),
    /// The pirate split: backward induction, round by round.
    Pirates(pirates_cmd::PiratesArgs),
    /// Guess p of the average: elimination, equilibria, level-k, cognitive hierarchy, simulation.
    Guess(guess_cmd::GuessArgs),
    /// Normal-form analysis of a preset or a game file (.toml or Gambit .nfg).
    Game(game_cmd::GameArgs),
    /// Boxed pigs: dominance, equilibria in words, exact equilibrium regions over one or two parameters.
    Pigs(pigs_cmd::PigsArgs),
    /// Traveler's dilemma: equilibrium by elimination, best-response dynamics, logit QRE.
    Travelers(travelers_cmd::TravelersArgs),
    /// Solve an impartial game: outcome, Grundy value, winning moves.
    Solve(solve_cmd::SolveArgs),
    /// Play an impartial game against the computer (moves read from standard input).
    Play(play_cmd::PlayArgs),
    /// Merge the shard folders of `dilemma run --shard` into the results a single run writes.
    Merge(merge_cmd::MergeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(shell_cmd::CompletionsArgs),
    /// Print the manual page (roff; `dilemma man | man -l -`).
    Man(shell_cmd::ManArgs),
}

/// A failure, with the exit code it maps to.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The user's input is wrong (exit code 2).
    #[error("{0}")]
    BadInput(String),
    /// Something failed while running (exit code 1).
    #[error("{0}")]
    Failed(String),
}

impl CliError {
    /// The process exit code.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::BadInput(_) => 2,
            CliError::Failed(_) => 1,
        }
    }
}

/// Runs a parsed command line.
pub fn execute(cli: Cli) -> Result<(), CliError> {
    crate::output::width::set_wide(cli.wide);
    match cli.command {
        Command::Run(args) => run_cmd::run(&args),
        Command::Match(args) => match_cmd::run(&args),
        Command::Exact(args) => exact_cmd::run(&args),
        Command::Fingerprint(args) => fingerprint_cmd::run(&args),
        Command::New(args) => new_cmd::run(&args),
        Command::Strategies(mut args) => {
            args.wide = cli.wide;
            strategies_cmd::run(&args)
        }
        Command::Pirates(args) => pirates_cmd::run(&args),
        Command::Guess(args) => guess_cmd::run(&args),
        Command::Solve(args) => solve_cmd::run(&args),
        Command::Play(args) => play_cmd::run(&args),
        Command::Game(args) => game_cmd::run(&args),
        Command::Pigs(args) => pigs_cmd::run(&args),
        Command::Travelers(args) => travelers_cmd::run(&args),
        Command::Merge(args) => merge_cmd::run(&args),
        Command::Completions(args) => shell_cmd::completions(&args),
        Command::Man(args) => shell_cmd::man(&args),
    }
}

/// Prints `message` (an error or a warning, one or more lines) on standard
/// error: the one place messages reach the terminal. On a terminal each line
/// is wrapped to the width budget with a hanging indent, never inside a path,
/// a number or a short quoted value ([`crate::output::width::fit_whole`]);
/// piped, each message stays on one line, as scripts and tests read it.
pub fn eprint_message(message: &str) {
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        eprintln!("{}", crate::output::width::fit_whole(message));
    } else {
        eprintln!("{message}");
    }
}

/// A path shown in messages.
pub fn shown(path: &std::path::Path) -> String {
    PathBuf::from(path).display().to_string()
}
