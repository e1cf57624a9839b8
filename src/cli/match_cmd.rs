//! `dilemma match A B`: one match, turn by turn, or with `--repetitions N`
//! the pair head to head (`ipd/head_to_head.rs`).
//!
//! A strategy is written as its id, optionally with parameters:
//! `random:p=0.3`, or names a strategy file (`strategies/NAME.toml` by name,
//! or a path; see `scenario/strategy_file.rs`). The match draws from the same generator a tournament
//! would give the pair (player 0, player 1) in repetition 0 (repetition r for
//! the r-th of `--repetitions`).
//!
//! Text output fits 80 columns: long names are shortened with "...", long
//! move strings wrapped. Two players with the same name are shown as
//! "NAME (1)" and "NAME (2)"; in a single match, moves noise flipped are
//! marked with `*` (`--json`: `noise_flips`, the 1-based turns per player).

use crate::cli::CliError;
use crate::ipd::horizon::{Horizon, check_random_horizon};
use crate::output::label::display_label;
use crate::output::table;

/// The longest match `dilemma match` shows (it keeps every move).
pub const MAX_SHOWN_TURNS: u32 = 1_000_000;

/// Matches longer than this are summarised instead of printed as a table.
const MAX_TABLE_TURNS: usize = 1000;
use crate::ipd::head_to_head::head_to_head_with;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::play::{FlipList, MatchSettings, play_match};
use crate::ipd::random::match_rng;
use crate::ipd::strategies::Player;
use crate::scenario::strategy_file::{self, Chain};
use crate::scenario::work::match_estimate;
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
    /// Play the pair this many times and report each player's mean score per
    /// turn, standard deviation, 95% interval and wins/draws/losses (with
    /// --json, every repetition). Default 1: one match, turn by turn.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    pub repetitions: i64,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Play even when turns x repetitions, weighed by the players' move
    /// costs, is over the default work limit (1.5 x 10^10 ordinary turns, a
    /// minute or two on a laptop; see the README's "Work limits").
    #[arg(long)]
    pub no_limit: bool,
}

/// Most repetitions `dilemma match` plays.
pub const MAX_REPETITIONS: i64 = 1_000_000;

/// Widest line of text output.
const WIDTH: usize = 80;

/// `name` cut to at most `width` characters, ending in "..." when cut.
pub(crate) fn elide(name: &str, width: usize) -> String {
    if name.chars().count() <= width {
        return name.to_string();
    }
    let kept: String = name.chars().take(width.saturating_sub(3)).collect();
    format!("{}...", kept.trim_end())
}

/// The two players' labels: their names as people read them (π for axelrod's
/// `$\pi$`; `--json` keeps the exact names), numbered when they are the same.
fn labels(first: &str, second: &str) -> [String; 2] {
    let (first, second) = (display_label(first), display_label(second));
    if first == second {
        [format!("{first} (1)"), format!("{second} (2)")]
    } else {
        [first.to_string(), second.to_string()]
    }
}

/// `label: moves` on one line when it fits, else the label and the moves
/// wrapped under it, indented.
fn moves_lines(label: &str, moves: &str) -> String {
    if label.chars().count() + 2 + moves.len() <= WIDTH {
        return format!("{label}: {moves}\n");
    }
    let mut out = format!("{}:\n", elide(label, WIDTH - 1));
    for chunk in moves.as_bytes().chunks(WIDTH - 2) {
        out.push_str("  ");
        out.push_str(std::str::from_utf8(chunk).unwrap_or(""));
        out.push('\n');
    }
    out
}

fn horizon_text(horizon: &Horizon) -> String {
    match *horizon {
        Horizon::Fixed { turns: 1 } => "1 turn".to_string(),
        Horizon::Fixed { turns } => format!("{turns} turns"),
        Horizon::Random { continuation, cap } => match cap {
            Some(cap) => format!("continuation {continuation} (at most {cap} turns)"),
            None => format!("continuation {continuation}"),
        },
    }
}

fn bad(message: String) -> CliError {
    CliError::BadInput(message)
}

/// Parses `id`, `id:key=value,key=value`, axelrod's display name
/// (`First by Davis: 10`) or a strategy file into a built player.
pub fn parse_player(text: &str, option: &str) -> Result<Player, CliError> {
    strategy_file::resolve_text(text, Path::new("."), &mut Chain::default())
        .map_err(|e| bad(e.text(option)))
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
        crate::cli::eprint_message(&format!(
            "warning: payoffs {payoffs} are not an iterated prisoner's dilemma: {}",
            broken.join("; ")
        ));
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
    if !(1..=MAX_REPETITIONS).contains(&args.repetitions) {
        return Err(bad(format!(
            "--repetitions must be a whole number from 1 to {MAX_REPETITIONS}, got {}",
            args.repetitions
        )));
    }
    let first = parse_player(&args.first, "first strategy")?.with_game(&settings.payoffs);
    let second = parse_player(&args.second, "second strategy")?.with_game(&settings.payoffs);
    let mut drivers = match settings.horizon {
        Horizon::Fixed { turns } => vec![("--turns".to_string(), turns.to_string())],
        Horizon::Random { continuation, cap } => {
            let mut d = vec![("--continuation".to_string(), continuation.to_string())];
            if let Some(cap) = cap.filter(|_| args.cap.is_some()) {
                d.push(("--cap".to_string(), cap.to_string()));
            }
            d
        }
    };
    if args.repetitions > 1 {
        drivers.push(("--repetitions".into(), args.repetitions.to_string()));
    }
    let estimate = match_estimate(
        [&first, &second],
        &settings.horizon,
        args.repetitions as u64,
        drivers,
    );
    if estimate.exceeds() && !args.no_limit {
        return Err(CliError::BadInput(estimate.command_message("match")));
    }
    if args.repetitions > 1 {
        return run_repetitions(args, &settings, &first, &second);
    }
    let mut rng = match_rng(args.seed, 0, 1, 0);
    let mut flips = FlipList::default();
    let outcome = play_match(
        &first.prototype,
        &second.prototype,
        &settings,
        &mut rng,
        &mut flips,
    );
    let moves = &flips.moves;
    let flipped_turns = |seat: usize| -> Vec<usize> {
        (0..flips.flipped.len())
            .filter(|&t| flips.flipped[t][seat])
            .map(|t| t + 1)
            .collect()
    };
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
            "noise_flips": [flipped_turns(0), flipped_turns(1)],
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&value).map_err(|e| CliError::Failed(e.to_string()))?
        );
        return Ok(());
    }
    let [label_a, label_b] = labels(&first.name, &second.name);
    let mut rows = vec![vec![
        "turn".to_string(),
        elide(&label_a, 18),
        elide(&label_b, 18),
        "payoffs".to_string(),
        "totals".to_string(),
    ]];
    let mark = |action: crate::ipd::Action, flipped: bool| {
        if flipped {
            format!("{action}*")
        } else {
            action.to_string()
        }
    };
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
            mark(a, flips.flipped[turn][0]),
            mark(b, flips.flipped[turn][1]),
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
    let flip_count = flips.flipped.iter().flatten().filter(|&&f| f).count();
    if flip_count > 0 {
        println!(
            "* noise flipped the move ({flip_count} flip{} in all)",
            if flip_count == 1 { "" } else { "s" }
        );
    }
    println!();
    print!("{}", moves_lines(&label_a, &text(&moves.first)));
    print!("{}", moves_lines(&label_b, &text(&moves.second)));
    println!(
        "scores {} : {} over {} ({:.4} : {:.4} per turn)",
        scores[0],
        scores[1],
        crate::output::width::count(outcome.length, "turn", "turns"),
        scores[0] / outcome.length as f64,
        scores[1] / outcome.length as f64,
    );
    println!("cooperations {} : {}", cooperations[0], cooperations[1]);
    Ok(())
}

/// `--repetitions N` with N > 1: the pair head to head.
fn run_repetitions(
    args: &MatchArgs,
    settings: &MatchSettings,
    first: &Player,
    second: &Player,
) -> Result<(), CliError> {
    let n = args.repetitions as u32;
    let bar = crate::cli::progress::bar_of(n as u64, "match", "repetitions", args.json);
    let result = head_to_head_with(
        &first.prototype,
        &second.prototype,
        settings,
        args.seed,
        n,
        &|k| bar.inc(k),
    );
    bar.finish_and_clear();
    if args.json {
        let summary: Vec<serde_json::Value> = [first, second]
            .iter()
            .zip(&result.players)
            .map(|(player, s)| {
                json!({
                    "name": player.name,
                    "mean_score_per_turn": s.mean_score_per_turn,
                    "standard_deviation": s.standard_deviation,
                    "interval_95": s.interval_95,
                    "wins": s.wins,
                    "draws": s.draws,
                    "losses": s.losses,
                })
            })
            .collect();
        let value = json!({
            "players": [first.name, second.name],
            "repetitions": n,
            "horizon": settings.horizon,
            "noise": settings.noise,
            "payoffs": settings.payoffs,
            "seed": args.seed,
            "summary": summary,
            "matches": result.repetitions,
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&value).map_err(|e| CliError::Failed(e.to_string()))?
        );
        return Ok(());
    }
    let mut heading = format!(
        "{n} repetitions, {}, noise {}, seed {}",
        horizon_text(&settings.horizon),
        settings.noise,
        args.seed
    );
    if heading.len() > WIDTH {
        heading = elide(&heading, WIDTH);
    }
    println!("{heading}");
    println!();
    let labels = labels(&first.name, &second.name);
    let mut rows = vec![
        [
            "player",
            "mean/turn",
            "sd",
            "95% interval",
            "wins",
            "draws",
            "losses",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for (label, s) in labels.iter().zip(&result.players) {
        let interval = s
            .interval_95
            .map_or_else(String::new, |[lo, hi]| format!("{lo:.4} to {hi:.4}"));
        rows.push(vec![
            elide(label, 22),
            format!("{:.4}", s.mean_score_per_turn),
            format!("{:.4}", s.standard_deviation),
            interval,
            s.wins.to_string(),
            s.draws.to_string(),
            s.losses.to_string(),
        ]);
    }
    print!(
        "{}",
        table::render(&rows, &[false, true, true, true, true, true, true])
    );
    let turns: u64 = result.repetitions.iter().map(|r| r.turns as u64).sum();
    println!();
    println!("95% interval: Student's t for the mean ({turns} turns in all)");
    Ok(())
}
