//! `dilemma match A B`: one match, turn by turn.
//!
//! A strategy is written as its id, optionally with parameters:
//! `random:p=0.3`, or names a strategy file (`strategies/NAME.toml` by name,
//! or a path; see `scenario/strategy_file.rs`). The match draws from the same generator a tournament
//! would give the pair (player 0, player 1) in repetition 0.

use crate::cli::{CliError, table};
use crate::ipd::horizon::{Horizon, check_random_horizon};

/// The longest match `dilemma match` shows (it keeps every move).
pub const MAX_SHOWN_TURNS: u32 = 1_000_000;

/// Matches longer than this are summarised instead of printed as a table.
const MAX_TABLE_TURNS: usize = 1000;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::play::{MatchSettings, MoveList, play_match};
use crate::ipd::random::match_rng;
use crate::ipd::strategies::{Player, PlayerSpec};
use crate::scenario::strategy_file::{self, Chain};
use clap::Args;
use serde_json::json;
use std::path::Path;

/// Options of `dilemma match`.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct MatchArgs {
    /// First strategy id, with optional parameters: `random:p=0.3`; or a
    /// strategy file by name (`strategies/NAME.toml`) or path.
    pub first: String,
    /// Second strategy id, with optional parameters, or a strategy file.
    pub second: String,
    /// Fixed number of turns (told to the strategies). Default 10.
    #[arg(long, conflicts_with = "continuation")]
    pub turns: Option<i64>,
    /// Random horizon: probability of playing another turn (0 <= w < 1).
    #[arg(long)]
    pub continuation: Option<f64>,
    /// Upper bound on the length of a random horizon (at most 1000000; the
    /// default is 1000000, as a match is shown turn by turn).
    #[arg(long, requires = "continuation")]
    pub cap: Option<i64>,
    /// Probability that each action is flipped.
    #[arg(long, default_value_t = 0.0)]
    pub noise: f64,
    /// Payoffs: a preset (standard, prison-years-a, prison-years-b) or R,S,T,P.
    #[arg(long, default_value = "standard")]
    pub payoffs: String,
    /// Seed of the match's random number generator (0 to 2^63 - 1).
    #[arg(long, default_value_t = 1, value_parser = crate::cli::options::whole_number::<u64>(0, i64::MAX as u64))]
    pub seed: u64,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

fn bad(message: String) -> CliError {
    CliError::BadInput(message)
}

/// Parses `id` or `id:key=value,key=value` into a built player.
pub fn parse_player(text: &str, option: &str) -> Result<Player, CliError> {
    let (id, params) = text.split_once(':').unwrap_or((text, ""));
    if crate::ipd::strategies::catalogue::find(id).is_none() {
        // A strategy file, by name (strategies/NAME.toml) or path.
        return strategy_file::resolve_text(text, Path::new("."), &mut Chain::default())
            .map_err(|e| bad(e.text(option)));
    }
    let mut spec = PlayerSpec::new(id);
    for pair in params.split(',').filter(|p| !p.trim().is_empty()) {
        let (key, value) = pair.split_once('=').ok_or_else(|| {
            bad(format!(
                "{option} `{text}`: parameters are written key=value, got `{pair}`"
            ))
        })?;
        let value: f64 = value.trim().parse().map_err(|_| {
            bad(format!(
                "{option} `{text}`: parameter `{key}` must be a number, got `{value}`"
            ))
        })?;
        spec.params.push((key.trim().to_string(), value));
    }
    spec.build().map_err(|e| bad(format!("{option}: {e}")))
}

/// Parses a preset name or `R,S,T,P`.
pub fn parse_payoffs(text: &str) -> Result<Payoffs, CliError> {
    if let Some(p) = Payoffs::preset(text) {
        return Ok(p);
    }
    let numbers: Result<Vec<f64>, _> = text.split(',').map(|v| v.trim().parse::<f64>()).collect();
    match numbers {
        Ok(v) if v.len() == 4 && v.iter().all(|x| x.is_finite()) => Ok(Payoffs {
            r: v[0],
            s: v[1],
            t: v[2],
            p: v[3],
        }),
        _ => Err(bad(format!(
            "--payoffs `{text}`: expected a preset ({}) or four numbers R,S,T,P such as 3,0,5,1",
            Payoffs::preset_names().join(", ")
        ))),
    }
}

fn settings(args: &MatchArgs) -> Result<MatchSettings, CliError> {
    if !(0.0..=1.0).contains(&args.noise) {
        return Err(bad(format!(
            "--noise must be between 0 and 1, got {}",
            args.noise
        )));
    }
    let horizon = match args.continuation {
        Some(w) => {
            if !(0.0..=1.0).contains(&w) {
                return Err(bad(format!(
                    "--continuation must be between 0 and 1, got {w}"
                )));
            }
            let cap = match args.cap {
                Some(c) if !(1..=MAX_SHOWN_TURNS as i64).contains(&c) => {
                    return Err(bad(format!(
                        "--cap must be a whole number from 1 to {MAX_SHOWN_TURNS}, got {c}"
                    )));
                }
                Some(c) => c as u32,
                None if w >= 1.0 => {
                    return Err(bad(
                        "--continuation 1 never ends a match; give --cap or a value below 1".into(),
                    ));
                }
                None => MAX_SHOWN_TURNS,
            };
            check_random_horizon(w, Some(cap)).map_err(|m| bad(format!("--continuation: {m}")))?;
            Horizon::Random {
                continuation: w,
                cap: Some(cap),
            }
        }
        None => {
            let turns = args.turns.unwrap_or(10);
            if !(1..=MAX_SHOWN_TURNS as i64).contains(&turns) {
                return Err(bad(format!(
                    "--turns must be a whole number from 1 to {MAX_SHOWN_TURNS} (a match is shown \
                     turn by turn; run longer matches in a scenario), got {turns}"
                )));
            }
            Horizon::Fixed {
                turns: turns as u32,
            }
        }
    };
    let payoffs = parse_payoffs(&args.payoffs)?;
    payoffs
        .check_range()
        .map_err(|m| bad(format!("--payoffs: {m}")))?;
    let broken = payoffs.dilemma_violations();
    if !broken.is_empty() {
        eprintln!(
            "warning: payoffs {payoffs} are not an iterated prisoner's dilemma: {}",
            broken.join("; ")
        );
    }
    Ok(MatchSettings {
        horizon,
        noise: args.noise,
        payoffs,
    })
}

/// Plays and prints the match.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    let settings = settings(args)?;
    let first = parse_player(&args.first, "first strategy")?.with_game(&settings.payoffs);
    let second = parse_player(&args.second, "second strategy")?.with_game(&settings.payoffs);
    let mut rng = match_rng(args.seed, 0, 1, 0);
    let mut moves = MoveList::default();
    let outcome = play_match(
        &first.prototype,
        &second.prototype,
        &settings,
        &mut rng,
        &mut moves,
    );
    let scores = outcome.scores(&settings.payoffs);
    let cooperations = outcome.cooperations();
    let text = |list: &[crate::ipd::Action]| list.iter().map(|a| a.letter()).collect::<String>();
    if args.json {
        let value = json!({
            "players": [first.name, second.name],
            "turns": outcome.length,
            "horizon": settings.horizon,
            "noise": settings.noise,
            "payoffs": settings.payoffs,
            "seed": args.seed,
            "moves": [text(&moves.first), text(&moves.second)],
            "scores": scores,
            "scores_per_turn": [scores[0] / outcome.length as f64, scores[1] / outcome.length as f64],
            "cooperations": cooperations,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&value).map_err(|e| CliError::Failed(e.to_string()))?
        );
        return Ok(());
    }
    // Long names are elided in the table's header (in full below it).
    let header = |name: &str| match crate::cli::width::limit() {
        Some(_) => crate::cli::width::elide(name, 24),
        None => name.to_string(),
    };
    let mut rows = vec![vec![
        "turn".to_string(),
        header(&first.name),
        header(&second.name),
        "payoffs".to_string(),
        "totals".to_string(),
    ]];
    let (mut total_a, mut total_b) = (0.0, 0.0);
    let shown = moves.first.len().min(MAX_TABLE_TURNS);
    for (turn, (&a, &b)) in moves
        .first
        .iter()
        .zip(&moves.second)
        .take(shown)
        .enumerate()
    {
        let (pa, pb) = (settings.payoffs.payoff(a, b), settings.payoffs.payoff(b, a));
        total_a += pa;
        total_b += pb;
        rows.push(vec![
            (turn + 1).to_string(),
            a.to_string(),
            b.to_string(),
            format!("{pa} : {pb}"),
            format!("{total_a} : {total_b}"),
        ]);
    }
    print!(
        "{}",
        table::render(&rows, &[true, false, false, true, true])
    );
    if shown < moves.first.len() {
        println!(
            "(the table shows the first {shown} of {} turns)",
            moves.first.len()
        );
    }
    println!();
    let fit = crate::cli::width::fit;
    println!(
        "{}",
        fit(&format!("{}: {}", first.name, text(&moves.first)))
    );
    println!(
        "{}",
        fit(&format!("{}: {}", second.name, text(&moves.second)))
    );
    let scores_line = format!(
        "scores {} : {} over {} ({:.4} : {:.4} per turn); cooperations {} : {}",
        scores[0],
        scores[1],
        crate::cli::width::count(outcome.length, "turn", "turns"),
        scores[0] / outcome.length as f64,
        scores[1] / outcome.length as f64,
        cooperations[0],
        cooperations[1]
    );
    println!("{}", fit(&scores_line));
    Ok(())
}
