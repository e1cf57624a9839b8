//! `dilemma travelers`: the traveler's dilemma's equilibrium with its
//! elimination proof, best-response dynamics and the logit QRE traced over
//! the precision, plus the mean QRE claim for a range of bonuses R.

use crate::cli::CliError;
use crate::cli::game_cmd::{analyse_game, analysis_json};
use crate::dilemmas::travelers::TravelersGame;
use crate::dilemmas::travelers::dynamics::best_response_path;
use crate::dilemmas::travelers::qre::{check_cost, qre_at, trace};
use crate::normal_form::dominance::Dominator;
use crate::normal_form::elimination::Player;
use crate::normal_form::rational::Rational;
use clap::Args;
use serde_json::json;

/// Options of `dilemma travelers`.
#[derive(Args, Debug)]
pub struct TravelersArgs {
    /// Lowest claim.
    #[arg(long, default_value_t = 2)]
    pub low: i64,
    /// Highest claim.
    #[arg(long, default_value_t = 100)]
    pub high: i64,
    /// Bonus / penalty R (integer, decimal or fraction).
    #[arg(long, default_value = "2")]
    pub bonus: String,
    /// Largest QRE precision traced.
    #[arg(long, default_value_t = 2.0)]
    pub lambda_max: f64,
    /// Precision used for the mean-claim-against-R table.
    #[arg(long, default_value_t = 0.1)]
    pub lambda: f64,
    /// Bonuses for the mean-claim table, comma separated.
    #[arg(long, default_value = "1.5,2,5,10,20,30,50,80")]
    pub bonuses: String,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `dilemma travelers`.
pub fn run(args: &TravelersArgs) -> Result<(), CliError> {
    let bad = |m: String| CliError::BadInput(m);
    let bonus = Rational::parse(&args.bonus).map_err(|e| bad(format!("--bonus: {e}")))?;
    let game = TravelersGame::new(args.low, args.high, bonus).map_err(|e| bad(e.to_string()))?;
    game.check_analysable()
        .map_err(|e| bad(format!("--bonus: {e}")))?;
    if !(args.lambda_max.is_finite() && args.lambda_max > 0.0 && args.lambda_max <= 100.0) {
        return Err(bad(format!(
            "--lambda-max must be in (0, 100], got {}",
            args.lambda_max
        )));
    }
    if !(args.lambda.is_finite() && args.lambda > 0.0 && args.lambda <= 100.0) {
        return Err(bad(format!(
            "--lambda must be in (0, 100], got {}",
            args.lambda
        )));
    }
    check_cost(&game, args.lambda_max).map_err(|e| bad(format!("--lambda-max: {e}")))?;
    let bonuses = args
        .bonuses
        .split(',')
        .map(|s| {
            let r = Rational::parse(s).map_err(|e| bad(format!("--bonuses: {e}")))?;
            let g = TravelersGame::new(args.low, args.high, r)
                .map_err(|e| bad(format!("--bonuses: {e}")))?;
            check_cost(&g, args.lambda).map_err(|e| bad(format!("--bonuses: {e}")))?;
            Ok(g)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let matrix = game
        .bimatrix()
        .map_err(|e| CliError::Failed(e.to_string()))?;
    let analysis = analyse_game(&matrix)?;
    let path = best_response_path(&game, game.high).map_err(|e| CliError::Failed(e.to_string()))?;
    let branch = trace(&game, args.lambda_max, args.lambda_max / 20.0)
        .map_err(|e| CliError::Failed(e.to_string()))?;
    let mut by_bonus = Vec::new();
    for g in &bonuses {
        let q = qre_at(g, args.lambda).map_err(|e| CliError::Failed(e.to_string()))?;
        by_bonus.push((g.bonus, q.mean));
    }
    if args.json {
        let mut v = analysis_json(&analysis);
        v["parameters"] =
            json!({"low": game.low, "high": game.high, "bonus": game.bonus.to_string()});
        v["best_response_dynamics"] = json!(path);
        v["qre_branch"] = json!(
            branch
                .iter()
                .map(|p| json!({"lambda": p.lambda, "mean_claim": p.mean}))
                .collect::<Vec<_>>()
        );
        v["qre_mean_claim_by_bonus"] = json!({"lambda": args.lambda, "points": by_bonus.iter().map(|(r, m)| json!({"bonus": r.to_string(), "mean_claim": m})).collect::<Vec<_>>()});
        println!("{v:#}");
        return Ok(());
    }
    println!("{}", matrix.title);
    let g = &analysis.game;
    let eq = &analysis.equilibria;
    for e in &eq.extreme {
        let r: Vec<String> = g
            .rows
            .iter()
            .zip(&e.row)
            .filter(|(_, p)| !p.is_zero())
            .map(|(n, p)| format!("{n} ({p})"))
            .collect();
        println!(
            "Nash equilibrium: both claim {} with payoffs ({}, {})",
            r.join(", "),
            e.payoffs[0],
            e.payoffs[1]
        );
    }
    println!(
        "Proof by iterated elimination of strictly dominated claims ({} rounds):",
        analysis.reduction.trail.last().map_or(0, |e| e.round)
    );
    for e in analysis
        .reduction
        .trail
        .iter()
        .filter(|e| e.player == Player::Row)
    {
        let by = match &e.by {
            Dominator::Pure(k) => format!("claim {}", g.rows[*k]),
            Dominator::Mixed(m) => format!(
                "a mixture of {} claims (no single claim dominates it; largest weight on {})",
                m.len(),
                m.iter()
                    .max_by(|a, b| a.1.cmp(&b.1))
                    .map_or(String::new(), |(k, _)| g.rows[*k].clone())
            ),
        };
        if e.round <= 3 || e.round + 2 >= analysis.reduction.trail.last().map_or(0, |x| x.round) {
            println!(
                "  round {}: claim {} is strictly dominated by {by} (for both travellers)",
                e.round, g.rows[e.strategy]
            );
        } else if e.round == 4 {
            println!("  ...");
        }
    }
    println!(
        "Best-response dynamics from {}: {}",
        game.high,
        path.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" -> ")
    );
    println!("Logit QRE (traced by continuation), mean claim by precision:");
    for p in &branch {
        println!("  lambda {:>7.3}: mean claim {:.2}", p.lambda, p.mean);
    }
    println!(
        "Logit QRE at lambda = {}: mean claim by bonus R",
        args.lambda
    );
    for (r, m) in &by_bonus {
        println!("  R = {r:>4}: {m:.2}");
    }
    Ok(())
}
