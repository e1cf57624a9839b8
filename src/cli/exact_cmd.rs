//! `dilemma exact A B`: the expected outcome of a match between two
//! finite-state players, computed exactly (`exact/`), without sampling.
//!
//! Prints both players' expected score per turn, cooperation rates and the
//! shares of CC/CD/DC/DD, in doubles and, when every input is a plain
//! fraction, as exact fractions (`--json`: `score_exact` and friends as
//! "p/q" strings, else null, with `exact_note` saying why).

use crate::cli::CliError;
use crate::cli::match_cmd::{elide, parse_payoffs, parse_player};
use crate::exact::analysis::{Answer, ExactError, MAX_JOINT_STATES, Question, Summary, expect};
use crate::exact::chain::Length;
use crate::exact::number::{Ratio, Value};
use crate::output::table;
use clap::Args;
use serde_json::{Value as Json, json};

/// Options of `dilemma exact`.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct ExactArgs {
    /// First strategy id (with parameters: `gtft:p=0.1`), display name or
    /// strategy file.
    pub first: String,
    /// Second strategy.
    pub second: String,
    /// Fixed number of turns, told to the players (default 200).
    #[arg(long, conflicts_with_all = ["continuation", "infinite"])]
    pub turns: Option<i64>,
    /// Random horizon: probability w (0 < w < 1) of another turn. Scores are
    /// the expected total over the expected length 1 / (1 - w).
    #[arg(long, conflicts_with = "infinite")]
    pub continuation: Option<f64>,
    /// The longest match of a random horizon.
    #[arg(long, requires = "continuation")]
    pub cap: Option<i64>,
    /// Play without end: the limit of the means per turn. With several
    /// closed classes (the match can settle in more than one way), the start
    /// decides, and the answer weighs each by its probability.
    #[arg(long)]
    pub infinite: bool,
    /// Probability that each move is flipped.
    #[arg(long, default_value_t = 0.0)]
    pub noise: f64,
    /// Payoffs: a preset (standard, prison-years-a, prison-years-b) or R,S,T,P.
    #[arg(long, default_value = "standard")]
    pub payoffs: String,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Allow joint chains over 2,500 states (a dense solve of n states takes
    /// n^3 / 3 operations).
    #[arg(long)]
    pub no_limit: bool,
}

/// Turns of the default horizon (axelrod's default match length).
const DEFAULT_TURNS: u32 = 200;

/// Longest fixed horizon (each turn carries the whole distribution).
const MAX_TURNS: i64 = 1_000_000;

fn bad(message: String) -> CliError {
    CliError::BadInput(message)
}

fn length(args: &ExactArgs) -> Result<Length, CliError> {
    if args.infinite {
        return Ok(Length::Infinite);
    }
    if let Some(w) = args.continuation {
        if !(w > 0.0 && w < 1.0) {
            return Err(bad(format!(
                "--continuation must be above 0 and below 1, got {w}"
            )));
        }
        let cap = match args.cap {
            Some(c) if !(1..=MAX_TURNS).contains(&c) => {
                return Err(bad(format!(
                    "--cap must be a whole number from 1 to {MAX_TURNS}, got {c}"
                )));
            }
            c => c.map(|c| c as u32),
        };
        return Ok(Length::Continuation {
            w: Value::of(w),
            cap,
        });
    }
    let turns = args.turns.unwrap_or(DEFAULT_TURNS as i64);
    if !(1..=MAX_TURNS).contains(&turns) {
        return Err(bad(format!(
            "--turns must be a whole number from 1 to {MAX_TURNS}, got {turns}"
        )));
    }
    Ok(Length::Turns(turns as u32))
}

/// Computes and prints the expected outcome.
pub fn run(args: &ExactArgs) -> Result<(), CliError> {
    if !(0.0..=1.0).contains(&args.noise) {
        return Err(bad(format!(
            "--noise must be between 0 and 1, got {}",
            args.noise
        )));
    }
    let length = length(args)?;
    let payoffs = parse_payoffs(&args.payoffs)?;
    payoffs
        .check_range()
        .map_err(|m| bad(format!("--payoffs: {m}")))?;
    let first = parse_player(&args.first, "first strategy")?.with_game(&payoffs);
    let second = parse_player(&args.second, "second strategy")?.with_game(&payoffs);
    let question = Question {
        payoffs,
        noise: args.noise,
        length: length.clone(),
        state_limit: (!args.no_limit).then_some(MAX_JOINT_STATES),
        fractions: true,
    };
    let answer = expect(&first, &second, &question).map_err(|e| match e {
        ExactError::NotFinite(n) => bad(format!(
            "{n}.\nExact play needs two finite-state players; simulate instead: \
             dilemma match \"{}\" \"{}\" --repetitions 10000",
            args.first, args.second
        )),
        other => bad(other.to_string()),
    })?;
    let names = [first.name.clone(), second.name.clone()];
    if args.json {
        println!("{}", json(&names, args, &length, &answer));
    } else {
        print!("{}", text(&names, args, &length, &answer));
    }
    Ok(())
}

fn horizon_text(length: &Length) -> String {
    match length {
        Length::Turns(1) => "1 turn".into(),
        Length::Turns(n) => format!("{n} turns"),
        Length::Continuation { w, cap: None } => format!("continuation {}", w.float),
        Length::Continuation { w, cap: Some(c) } => {
            format!("continuation {} (at most {c} turns)", w.float)
        }
        Length::Infinite => "infinite play (limit of means)".into(),
    }
}

fn fractions<const K: usize>(values: Option<&[Ratio; K]>) -> Json {
    match values {
        Some(v) => json!(v.iter().map(|r| r.to_string()).collect::<Vec<_>>()),
        None => Json::Null,
    }
}

fn json(names: &[String; 2], args: &ExactArgs, length: &Length, answer: &Answer) -> Json {
    let f = &answer.float;
    let e = answer.exact.as_ref();
    let outcomes = |o: &[f64; 4]| json!({"CC": o[0], "CD": o[1], "DC": o[2], "DD": o[3]});
    let horizon = match length {
        Length::Turns(n) => json!({"kind": "fixed", "turns": n}),
        Length::Continuation { w, cap } => {
            json!({"kind": "continuation", "continuation": w.float, "cap": cap})
        }
        Length::Infinite => json!({"kind": "infinite"}),
    };
    json!({
        "players": names,
        "horizon": horizon,
        "noise": args.noise,
        "payoffs": args.payoffs,
        "score": f.scores,
        "score_exact": fractions(e.map(|s| &s.scores)),
        "cooperation": f.cooperation,
        "cooperation_exact": fractions(e.map(|s| &s.cooperation)),
        "outcomes": outcomes(&f.outcomes),
        "outcomes_exact": e.map(|s| json!({
            "CC": s.outcomes[0].to_string(),
            "CD": s.outcomes[1].to_string(),
            "DC": s.outcomes[2].to_string(),
            "DD": s.outcomes[3].to_string(),
        })),
        "expected_length": f.length,
        "states": answer.states,
        "machine_states": answer.machine_states,
        "closed_classes": answer.classes,
        "exact_note": answer.exact_note,
    })
}

/// An exact fraction short enough for a table cell, else its size.
fn cell(r: &Ratio, width: usize) -> String {
    let text = r.to_string();
    if text.len() <= width {
        text
    } else {
        let digits =
            r.numer().to_string().trim_start_matches('-').len() + r.denom().to_string().len();
        format!("({digits} digits)")
    }
}

fn text(names: &[String; 2], args: &ExactArgs, length: &Length, answer: &Answer) -> String {
    let f: &Summary<f64> = &answer.float;
    let mut out = format!(
        "Exact: {}, noise {}, payoffs {}\n",
        horizon_text(length),
        args.noise,
        args.payoffs
    );
    out.push_str(&format!(
        "Joint chain: {} states ({} x {} machine states)\n\n",
        answer.states, answer.machine_states[0], answer.machine_states[1]
    ));
    // Label column 14, two gaps of 2: each name gets 31 columns.
    let mut rows = vec![vec![
        String::new(),
        elide(&names[0], 31),
        elide(&names[1], 31),
    ]];
    rows.push(vec![
        "Score per turn".into(),
        format!("{:.6}", f.scores[0]),
        format!("{:.6}", f.scores[1]),
    ]);
    if let Some(e) = &answer.exact {
        rows.push(vec![
            "  exact".into(),
            cell(&e.scores[0], 24),
            cell(&e.scores[1], 24),
        ]);
    }
    rows.push(vec![
        "Cooperation".into(),
        format!("{:.6}", f.cooperation[0]),
        format!("{:.6}", f.cooperation[1]),
    ]);
    if let Some(e) = &answer.exact {
        rows.push(vec![
            "  exact".into(),
            cell(&e.cooperation[0], 24),
            cell(&e.cooperation[1], 24),
        ]);
    }
    out.push_str(&table::render(&rows, &[false, true, true]));
    out.push_str(&format!(
        "\nOutcomes per turn (first player's move first):\n  CC {:.6}  CD {:.6}  DC {:.6}  DD {:.6}\n",
        f.outcomes[0], f.outcomes[1], f.outcomes[2], f.outcomes[3]
    ));
    if let Some(len) = f.length.filter(|_| !matches!(length, Length::Turns(_))) {
        out.push_str(&format!("Expected length: {len:.4} turns\n"));
    }
    if answer.classes.len() > 1 {
        let shares: Vec<String> = answer.classes.iter().map(|c| format!("{c:.4}")).collect();
        out.push_str(&format!(
            "The match settles in one of {} ways, with probabilities {} from the start.\n",
            answer.classes.len(),
            shares.join(", ")
        ));
    }
    match &answer.exact_note {
        Some(note) => out.push_str(&format!("No exact fractions: {note}.\n")),
        None => out.push_str("Exact fractions in full: --json.\n"),
    }
    out
}
