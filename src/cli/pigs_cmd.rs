//! `dilemma pigs`: the boxed pigs game from a preset or parameters, the
//! analysis in words (or `--json` with the `dilemma game` keys plus the
//! parameters), and an optional sweep over one parameter.

use crate::cli::CliError;
use crate::cli::game_cmd::{analyse_game, analysis_json, report};
use crate::dilemmas::pigs::PigsGame;
use crate::dilemmas::pigs::game::PARAMETERS;
use crate::dilemmas::pigs::sweep::{SweepPoint, sweep};
use crate::normal_form::rational::Rational;
use clap::Args;
use serde_json::json;

/// Options of `dilemma pigs`.
#[derive(Args, Debug)]
pub struct PigsArgs {
    /// Preset: seed, seed-modified or textbook (default textbook).
    #[arg(long, default_value = "textbook")]
    pub preset: String,
    /// Food F (overrides the preset).
    #[arg(long)]
    pub food: Option<String>,
    /// Cost of pressing c.
    #[arg(long)]
    pub cost: Option<String>,
    /// Big pig's share when only the big pig presses.
    #[arg(long)]
    pub big_presses: Option<String>,
    /// Big pig's share when only the small pig presses.
    #[arg(long)]
    pub small_presses: Option<String>,
    /// Big pig's share when both press (default: the preset's, else (big_presses + small_presses) / 2).
    #[arg(long)]
    pub both_press: Option<String>,
    /// Sweep one parameter: NAME:FROM:TO:STEPS, e.g. both_press:0:1:20.
    #[arg(long)]
    pub sweep: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

fn number(flag: &str, v: &Option<String>) -> Result<Option<Rational>, CliError> {
    v.as_ref()
        .map(|s| Rational::parse(s).map_err(|e| CliError::BadInput(format!("--{flag}: {e}"))))
        .transpose()
}

/// Builds the game from the options.
pub fn game_from(args: &PigsArgs) -> Result<PigsGame, CliError> {
    let base = PigsGame::preset(&args.preset).ok_or_else(|| {
        CliError::BadInput(format!(
            "--preset: unknown preset `{}` (allowed: seed, seed-modified, textbook)",
            args.preset
        ))
    })?;
    let food = number("food", &args.food)?.unwrap_or(base.food);
    let cost = number("cost", &args.cost)?.unwrap_or(base.cost);
    let a = number("big-presses", &args.big_presses)?;
    let b = number("small-presses", &args.small_presses)?;
    let d = number("both-press", &args.both_press)?;
    let shares_changed = a.is_some() || b.is_some();
    let both = match d {
        Some(d) => Some(d),
        None if base.both_press_defaulted || shares_changed => None,
        None => Some(base.both_press),
    };
    PigsGame::new(
        food,
        cost,
        a.unwrap_or(base.big_presses),
        b.unwrap_or(base.small_presses),
        both,
    )
    .map_err(|e| CliError::BadInput(e.to_string()))
}

/// Parses NAME:FROM:TO:STEPS.
pub fn parse_sweep(spec: &str) -> Result<(String, Rational, Rational, u32), CliError> {
    let bad = || {
        CliError::BadInput(format!(
            "--sweep `{spec}`: expected NAME:FROM:TO:STEPS with NAME one of {}, FROM < TO and 1 to 1000 steps",
            PARAMETERS.join(", ")
        ))
    };
    let parts: Vec<&str> = spec.split(':').collect();
    if parts.len() != 4 || !PARAMETERS.contains(&parts[0]) {
        return Err(bad());
    }
    let from = Rational::parse(parts[1]).map_err(|_| bad())?;
    let to = Rational::parse(parts[2]).map_err(|_| bad())?;
    let steps: u32 = parts[3].parse().map_err(|_| bad())?;
    if from >= to || steps == 0 || steps > 1000 {
        return Err(bad());
    }
    Ok((parts[0].to_string(), from, to, steps))
}

/// Merges consecutive sweep points with the same label into regions.
pub fn regions(points: &[SweepPoint]) -> Vec<(Rational, Rational, String)> {
    let mut out: Vec<(Rational, Rational, String)> = Vec::new();
    for p in points {
        match out.last_mut() {
            Some(last) if last.2 == p.label => last.1 = p.value,
            _ => out.push((p.value, p.value, p.label.clone())),
        }
    }
    out
}

/// Runs `dilemma pigs`.
pub fn run(args: &PigsArgs) -> Result<(), CliError> {
    let game = game_from(args)?;
    let matrix = game
        .bimatrix()
        .map_err(|e| CliError::BadInput(e.to_string()))?;
    let analysis = analyse_game(&matrix)?;
    let swept = match &args.sweep {
        Some(spec) => {
            let (name, from, to, steps) = parse_sweep(spec)?;
            let points = sweep(&game, &name, from, to, steps)
                .map_err(|e| CliError::BadInput(format!("--sweep: {e}")))?;
            Some((name, points))
        }
        None => None,
    };
    if args.json {
        let mut v = analysis_json(&analysis);
        v["parameters"] = json!({
            "food": game.food.to_string(), "cost": game.cost.to_string(),
            "big_presses": game.big_presses.to_string(), "small_presses": game.small_presses.to_string(),
            "both_press": game.both_press.to_string(), "both_press_is_default": game.both_press_defaulted,
        });
        if let Some((name, points)) = &swept {
            v["sweep"] = json!({
                "parameter": name,
                "points": points.iter().map(|p| json!({"value": p.value.to_string(), "equilibria": p.label, "degenerate": p.degenerate})).collect::<Vec<_>>(),
                "regions": regions(points).iter().map(|(a, b, l)| json!({"from": a.to_string(), "to": b.to_string(), "equilibria": l})).collect::<Vec<_>>(),
            });
        }
        println!("{v:#}");
    } else {
        print!("{}", report(&analysis));
        if game.both_press_defaulted {
            println!(
                "(The both-press share {} is the documented default: the midpoint of the two one-presser shares.)",
                game.both_press
            );
        }
        if let Some((name, points)) = &swept {
            println!("\nSweep of {name}: which equilibria hold where");
            for (a, b, l) in regions(points) {
                println!("  {name} from {a} to {b}: {l}");
            }
        }
    }
    Ok(())
}
