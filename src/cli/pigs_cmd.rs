//! `dilemma pigs`: the boxed pigs game from a preset or parameters, the
//! analysis in words (or `--json` with the `dilemma game` keys plus the
//! parameters), and an optional sweep over one parameter (exact regions)
//! or two (a region map).

use crate::cli::CliError;
use crate::cli::game_cmd::analyse_game;
use crate::dilemmas::pigs::game::PARAMETERS;
use crate::dilemmas::pigs::regions::{Axis, MAX_MAP_STEPS, line_regions, region_map};
use crate::dilemmas::pigs::sweep::{SweepError, sweep};
use crate::dilemmas::pigs::{PigsError, PigsGame};
use crate::normal_form::rational::Rational;
use crate::output::game_text::{analysis_json, report};
use crate::output::pigs_files::{
    default_note, default_sentence, map_json, map_text, parameters_json, regions_json, regions_text,
};
use clap::Args;

/// Options of `dilemma pigs`.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct PigsArgs {
    /// Preset: seed, seed-modified or textbook (default textbook).
    #[arg(long, default_value = "textbook")]
    pub preset: String,
    /// Food F (overrides the preset).
    #[arg(long, allow_hyphen_values = true)]
    pub food: Option<String>,
    /// Cost of pressing c.
    #[arg(long, allow_hyphen_values = true)]
    pub cost: Option<String>,
    /// Big pig's share when only the big pig presses.
    #[arg(long, allow_hyphen_values = true)]
    pub big_presses: Option<String>,
    /// Big pig's share when only the small pig presses.
    #[arg(long, allow_hyphen_values = true)]
    pub small_presses: Option<String>,
    /// Big pig's share when both press. The seeds leave it open; the documented
    /// default is the midpoint (big_presses + small_presses) / 2 (the textbook
    /// preset states its own 7/10; `default` asks for the midpoint).
    #[arg(long, allow_hyphen_values = true)]
    pub both_press: Option<String>,
    /// Sweep a parameter: NAME:FROM:TO:STEPS, e.g. both_press:0:1:20 (exact
    /// region boundaries); give it twice for a 2-D region map (STEPS cells per
    /// axis), e.g. --sweep food:0:20:40 --sweep cost:0:10:40.
    #[arg(long)]
    pub sweep: Vec<String>,
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
    let named_default = args.both_press.as_deref() == Some("default");
    let d = if named_default {
        None
    } else {
        number("both-press", &args.both_press)?
    };
    let shares_changed = a.is_some() || b.is_some();
    let both = match d {
        Some(d) => Some(d),
        None if named_default || base.both_press_defaulted || shares_changed => None,
        None => Some(base.both_press),
    };
    PigsGame::new(
        food,
        cost,
        a.unwrap_or(base.big_presses),
        b.unwrap_or(base.small_presses),
        both,
    )
    .map_err(|e| {
        // Name the option the value came from.
        let option = match &e {
            PigsError::Share { name, .. } | PigsError::Negative { name, .. } => {
                format!("--{}", name.replace('_', "-"))
            }
        };
        CliError::BadInput(format!("{option}: {e}"))
    })
}

/// Parses NAME:FROM:TO:STEPS.
pub fn parse_sweep(spec: &str) -> Result<Axis, CliError> {
    let bad = || {
        CliError::BadInput(format!(
            "--sweep `{spec}`: expected NAME:FROM:TO:STEPS with NAME one of {}, FROM < TO and 1 to 1000 steps (at most {MAX_MAP_STEPS} per axis of a 2-D map)",
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
    Ok(Axis {
        parameter: parts[0].to_string(),
        from,
        to,
        steps,
    })
}

/// Runs `dilemma pigs`.
pub fn run(args: &PigsArgs) -> Result<(), CliError> {
    let game = game_from(args)?;
    let matrix = game
        .bimatrix()
        .map_err(|e| CliError::BadInput(e.to_string()))?;
    let analysis = analyse_game(&matrix)?;
    if args.sweep.len() > 2 {
        return Err(CliError::BadInput(format!(
            "--sweep: given {} times; give it once (a 1-D sweep) or twice (a 2-D region map)",
            args.sweep.len()
        )));
    }
    let axes = args
        .sweep
        .iter()
        .map(|s| parse_sweep(s))
        .collect::<Result<Vec<_>, _>>()?;
    let bad = |e: SweepError| CliError::BadInput(format!("--sweep: {e}"));
    let note = default_note(&game, &axes);
    let mut line = None;
    let mut map = None;
    match axes.as_slice() {
        [x] => {
            let points = sweep(&game, &x.parameter, x.from, x.to, x.steps).map_err(bad)?;
            line = Some((line_regions(&game, x).map_err(bad)?, points));
        }
        [x, y] => map = Some(region_map(&game, x, y).map_err(bad)?),
        _ => {}
    }
    if args.json {
        let mut v = analysis_json(&analysis);
        v["parameters"] = parameters_json(&game);
        if let Some((r, points)) = &line {
            v["sweep"] = regions_json(r, Some(points));
        }
        if let Some(m) = &map {
            v["region_map"] = map_json(m);
        }
        println!("{v:#}");
    } else {
        let mut text = report(&analysis);
        if let Some(line) = default_sentence(&game) {
            text += &format!("{line}\n");
        }
        if let Some((r, _)) = &line {
            text += &format!("\n{}", regions_text(r, note.as_deref()));
        }
        if let Some(m) = &map {
            text += &format!("\n{}", map_text(m, note.as_deref()));
        }
        print!("{}", crate::output::width::fit(&text));
    }
    Ok(())
}
