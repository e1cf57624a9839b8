//! `dilemma run` for the `game`, `pigs` and `travelers` kinds: compute,
//! then write the results folder atomically: `analysis.json` (the same
//! JSON as the subcommand's `--json`), `game.nfg`, CSVs (`sweep.csv` for
//! pigs; `qre_branch.csv`, `qre_by_bonus.csv`, `best_response.csv` for
//! travelers), charts (pigs: `regions` — which equilibrium holds where;
//! travelers: `mean_claim_by_bonus`, `qre_branch`), `scenario.toml`, `run.json`.

use crate::cli::game_cmd::{analyse_game, analysis_json};
use crate::cli::pigs_cmd::regions;
use crate::cli::run_cmd::RunArgs;
use crate::cli::run_common::failed;
use crate::cli::{CliError, shown};
use crate::dilemmas::pigs::sweep::sweep;
use crate::dilemmas::travelers::dynamics::best_response_path;
use crate::dilemmas::travelers::qre::{qre_at, trace};
use crate::normal_form::nfg::write_nfg;
use crate::output::atomic::StagingDir;
use crate::output::charts::{LineChart, Series, draw_line_chart};
use crate::scenario::Scenario;
use crate::scenario::normal_form::{NormalFormScenario, Study};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

/// Runs one normal-form scenario.
pub fn run_normal_form(
    scenario: &NormalFormScenario,
    whole: &Scenario,
    destination: &Path,
    args: &RunArgs,
) -> Result<(), CliError> {
    let started = Instant::now();
    let staging = StagingDir::create(destination)
        .map_err(|e| failed("cannot create the results folder", destination, e))?;
    let write = |name: &str, text: &str| {
        std::fs::write(staging.file(name), text)
            .map_err(|e| failed("cannot write", &destination.join(name), e))
    };
    let chart_err =
        |e: crate::output::charts::ChartError| failed("cannot draw charts", destination, e);
    let matrix = match &scenario.study {
        Study::Game(g) => g.clone(),
        Study::Pigs(p, _) => p.bimatrix().map_err(|e| CliError::Failed(e.to_string()))?,
        Study::Travelers(t, ..) => t.bimatrix().map_err(|e| CliError::Failed(e.to_string()))?,
    };
    let analysis = analyse_game(&matrix)?;
    let mut summary = analysis_json(&analysis);
    match &scenario.study {
        Study::Game(_) => {}
        Study::Pigs(game, Some((name, from, to, steps))) => {
            let points = sweep(game, name, *from, *to, *steps)
                .map_err(|e| CliError::BadInput(format!("{}: sweep: {e}", scenario.name)))?;
            let mut csv = format!("{name},value_decimal,equilibria,degenerate\n");
            for p in &points {
                csv.push_str(&format!(
                    "{},{},\"{}\",{}\n",
                    p.value,
                    p.value.to_f64(),
                    p.label,
                    p.degenerate
                ));
            }
            write("sweep.csv", &csv)?;
            let regs = regions(&points);
            summary["sweep"] = json!({"parameter": name, "regions": regs.iter().map(|(a, b, l)| json!({"from": a.to_string(), "to": b.to_string(), "equilibria": l})).collect::<Vec<_>>()});
            if scenario.charts {
                let mut labels: Vec<String> = Vec::new();
                for p in &points {
                    if !labels.contains(&p.label) {
                        labels.push(p.label.clone());
                    }
                }
                let data: Vec<Vec<(f64, f64)>> = labels
                    .iter()
                    .enumerate()
                    .map(|(k, l)| {
                        points
                            .iter()
                            .map(|p| {
                                (
                                    p.value.to_f64(),
                                    if &p.label == l {
                                        (k + 1) as f64
                                    } else {
                                        f64::NAN
                                    },
                                )
                            })
                            .collect()
                    })
                    .collect();
                let title = format!("Boxed pigs: which equilibria hold where ({name})");
                draw_line_chart(
                    &staging.file("regions"),
                    &LineChart {
                        title: &title,
                        x_label: name,
                        y_label: "equilibrium set (numbered as in the legend)",
                        series: labels
                            .iter()
                            .zip(&data)
                            .enumerate()
                            .map(|(k, (l, d))| Series {
                                name: format!("{}: {l}", k + 1),
                                points: d,
                            })
                            .collect(),
                        steps: false,
                        y_from_zero: true,
                    },
                )
                .map_err(chart_err)?;
            }
        }
        Study::Pigs(_, None) => {}
        Study::Travelers(game, lambda, lambda_max, bonuses) => {
            let path =
                best_response_path(game, game.high).map_err(|e| CliError::Failed(e.to_string()))?;
            write(
                "best_response.csv",
                &format!(
                    "step,claim\n{}",
                    path.iter()
                        .enumerate()
                        .map(|(k, c)| format!("{k},{c}\n"))
                        .collect::<String>()
                ),
            )?;
            let branch = trace(game, *lambda_max, lambda_max / 40.0)
                .map_err(|e| CliError::Failed(e.to_string()))?;
            write(
                "qre_branch.csv",
                &format!(
                    "lambda,mean_claim\n{}",
                    branch
                        .iter()
                        .map(|p| format!("{},{}\n", p.lambda, p.mean))
                        .collect::<String>()
                ),
            )?;
            let mut by_bonus = Vec::new();
            for r in bonuses {
                let g = crate::dilemmas::travelers::TravelersGame::new(game.low, game.high, *r)
                    .map_err(|e| CliError::BadInput(e.to_string()))?;
                by_bonus.push((
                    r.to_f64(),
                    qre_at(&g, *lambda)
                        .map_err(|e| CliError::Failed(e.to_string()))?
                        .mean,
                ));
            }
            write(
                "qre_by_bonus.csv",
                &format!(
                    "bonus,mean_claim\n{}",
                    by_bonus
                        .iter()
                        .map(|(r, m)| format!("{r},{m}\n"))
                        .collect::<String>()
                ),
            )?;
            summary["best_response_dynamics"] = json!(path);
            summary["qre_mean_claim_by_bonus"] = json!({"lambda": lambda, "points": by_bonus.iter().map(|(r, m)| json!({"bonus": r, "mean_claim": m})).collect::<Vec<_>>()});
            if scenario.charts {
                let nash: Vec<(f64, f64)> = by_bonus
                    .iter()
                    .map(|(r, _)| (*r, game.low as f64))
                    .collect();
                let title = format!(
                    "Traveler's dilemma {}..{}: logit QRE mean claim against the bonus R",
                    game.low, game.high
                );
                draw_line_chart(
                    &staging.file("mean_claim_by_bonus"),
                    &LineChart {
                        title: &title,
                        x_label: "bonus R",
                        y_label: "mean claim",
                        series: vec![
                            Series {
                                name: format!("logit QRE, lambda = {lambda}"),
                                points: &by_bonus,
                            },
                            Series {
                                name: "Nash equilibrium".into(),
                                points: &nash,
                            },
                        ],
                        steps: false,
                        y_from_zero: false,
                    },
                )
                .map_err(chart_err)?;
                let pts: Vec<(f64, f64)> = branch.iter().map(|p| (p.lambda, p.mean)).collect();
                let title = format!(
                    "Traveler's dilemma {}..{}, R = {}: the QRE branch",
                    game.low, game.high, game.bonus
                );
                draw_line_chart(
                    &staging.file("qre_branch"),
                    &LineChart {
                        title: &title,
                        x_label: "precision lambda",
                        y_label: "mean claim",
                        series: vec![Series {
                            name: "logit QRE (continuation)".into(),
                            points: &pts,
                        }],
                        steps: false,
                        y_from_zero: false,
                    },
                )
                .map_err(chart_err)?;
            }
        }
    }
    write("analysis.json", &format!("{summary:#}\n"))?;
    write("game.nfg", &write_nfg(&matrix))?;
    write("scenario.toml", &whole.resolved_toml())?;
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": scenario.name,
        "kind": scenario.kind(),
        "seed": scenario.seed,
        "total_seconds": started.elapsed().as_secs_f64(),
    });
    write("run.json", &format!("{run:#}\n"))?;
    let folder = staging
        .commit()
        .map_err(|e| failed("cannot move results into place", destination, e))?;
    if args.json {
        println!(
            "{:#}",
            json!({"name": scenario.name, "results": shown(&folder), "analysis": summary, "run": run})
        );
    } else if !args.quiet {
        print!("{}", crate::cli::game_cmd::report(&analysis));
        println!("results written to {}/", shown(&folder));
    }
    Ok(())
}
