//! `dilemma travelers`: the traveler's dilemma's equilibrium with its
//! elimination proof, best-response dynamics and the logit QRE traced over
//! the precision, plus the mean QRE claim for a range of bonuses R.

use crate::cli::CliError;
use crate::cli::game_cmd::analyse_game;
use crate::dilemmas::travelers::dynamics::best_response_path;
use crate::dilemmas::travelers::qre::{qre_at, trace};
use crate::dilemmas::travelers::{TravelersError, TravelersGame};
use crate::normal_form::rational::Rational;
use crate::output::game_text::analysis_json;
use crate::output::travelers_text::{TravelersReport, report};
use crate::scenario::work::{qre_cost, travelers_estimate};
use clap::Args;
use serde_json::json;

/// QRE cost units from which a progress bar is shown (about 2 s).
pub const PROGRESS_FROM: u128 = 2_000_000_000;

/// Options of `dilemma travelers`.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct TravelersArgs {
    /// Lowest claim.
    #[arg(long, default_value_t = 2)]
    pub low: i64,
    /// Highest claim.
    #[arg(long, default_value_t = 100)]
    pub high: i64,
    /// Bonus / penalty R (integer, decimal or fraction).
    #[arg(long, default_value = "2", allow_hyphen_values = true)]
    pub bonus: String,
    /// Largest QRE precision traced.
    #[arg(long, default_value_t = 2.0)]
    pub lambda_max: f64,
    /// Precision used for the mean-claim-against-R table.
    #[arg(long, default_value_t = 0.1)]
    pub lambda: f64,
    /// Bonuses for the mean-claim table, comma separated.
    #[arg(
        long,
        default_value = "1.5,2,5,10,20,30,50,80",
        allow_hyphen_values = true
    )]
    pub bonuses: String,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Trace even when the QRE cost (claims^3 / 3 x (45 + 100 ln(1 +
    /// lambda)), summed over the branch and every bonus) is over the default
    /// work limit (5e10, 30 s to a minute); the step budget still ends every
    /// trace.
    #[arg(long)]
    pub no_limit: bool,
}

/// Runs `dilemma travelers`.
pub fn run(args: &TravelersArgs) -> Result<(), CliError> {
    let bad = |m: String| CliError::BadInput(m);
    let bonus = Rational::parse(&args.bonus).map_err(|e| bad(format!("--bonus: {e}")))?;
    let game = TravelersGame::new(args.low, args.high, bonus).map_err(|e| {
        let option = match e {
            TravelersError::Range { .. } => "--low/--high",
            _ => "--bonus",
        };
        bad(format!("{option}: {e}"))
    })?;
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
    let bonuses = args
        .bonuses
        .split(',')
        .map(|s| {
            let r = Rational::parse(s).map_err(|e| bad(format!("--bonuses: {e}")))?;
            TravelersGame::new(args.low, args.high, r).map_err(|e| bad(format!("--bonuses: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let branch_cost = qre_cost(game.low, game.high, game.bonus.to_f64(), args.lambda_max);
    let mut costs = vec![branch_cost];
    costs.extend(
        bonuses
            .iter()
            .map(|g| qre_cost(g.low, g.high, g.bonus.to_f64(), args.lambda)),
    );
    let drivers = vec![
        (
            "--low/--high".into(),
            format!("{}..{}", game.low, game.high),
        ),
        ("--lambda-max".into(), args.lambda_max.to_string()),
        ("--bonuses".into(), format!("({} values)", bonuses.len())),
        ("--lambda".into(), args.lambda.to_string()),
    ];
    let field = if travelers_estimate(&costs[..1], "", Vec::new()).exceeds() {
        "--lambda-max"
    } else {
        "--bonuses"
    };
    let estimate = travelers_estimate(&costs, field, drivers);
    if estimate.exceeds() && !args.no_limit {
        return Err(bad(estimate.command_message("travelers")));
    }
    let matrix = game
        .bimatrix()
        .map_err(|e| CliError::Failed(e.to_string()))?;
    let analysis = analyse_game(&matrix)?;
    let path = best_response_path(&game, game.high).map_err(|e| CliError::Failed(e.to_string()))?;
    // A bar over the QRE traces (on a terminal) when they take more than a
    // second or two by the cost model.
    let bar = crate::cli::progress::bar_of(
        costs.len() as u64,
        "traveler's QRE",
        "traces",
        args.json || estimate.amount < PROGRESS_FROM,
    );
    let branch = trace(&game, args.lambda_max, args.lambda_max / 20.0)
        .map_err(|e| CliError::Failed(e.to_string()))?;
    bar.inc(1);
    let mut by_bonus = Vec::new();
    for g in &bonuses {
        let q = qre_at(g, args.lambda).map_err(|e| CliError::Failed(e.to_string()))?;
        by_bonus.push((g.bonus, q.mean));
        bar.inc(1);
    }
    bar.finish_and_clear();
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
    let by_bonus: Vec<(String, f64)> = by_bonus.iter().map(|(r, m)| (r.to_string(), *m)).collect();
    let text = report(&TravelersReport {
        title: &matrix.title,
        analysis: &analysis,
        game: &game,
        path: &path,
        branch: &branch,
        lambda: args.lambda,
        by_bonus: &by_bonus,
    });
    print!("{}", crate::output::width::fit(&text));
    Ok(())
}
