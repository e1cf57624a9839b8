//! Kinds `game`, `pigs` and `travelers`: a normal-form analysis of the
//! game (a preset, an inline table or a game file; the boxed pigs; the
//! traveler's dilemma), then what each kind adds. Written: `analysis.json`
//! (the same JSON as the subcommand's `--json`), `game.nfg`, CSVs (game:
//! `payoffs.csv`, `equilibria.csv`, `dominance.csv` and the chart `game`;
//! pigs: `sweep.csv` and `regions.csv` for a 1-D sweep, `region_map.csv`
//! and `boundaries.csv` for a 2-D one; travelers: `qre_branch.csv`,
//! `qre_by_bonus.csv`, `best_response.csv`), charts (pigs: `regions` band
//! or `region_map`; travelers: `mean_claim_by_bonus`, `qre_branch`),
//! `scenario.toml`, `run.json`.

use crate::dilemmas::pigs::region_areas::region_areas;
use crate::dilemmas::pigs::regions::{line_regions, region_map};
use crate::dilemmas::pigs::sweep::{SweepError, sweep};
use crate::dilemmas::travelers::dynamics::best_response_path;
use crate::dilemmas::travelers::qre::{qre_at, trace};
use crate::normal_form::analysis::Analysis as GameAnalysis;
use crate::normal_form::game::Bimatrix;
use crate::normal_form::nfg::write_nfg;
use crate::output::charts::{LineChart, Series, draw_line_chart};
use crate::output::game_text::analysis_json;
use crate::output::pigs_files::{
    default_note, default_sentence, draw_map, draw_regions, map_json, map_text, parameters_json,
    regions_json, regions_text, write_map_csvs, write_regions_csv, write_sweep_csv,
};
use crate::output::travelers_text::{TravelersReport, report as travelers_report};
use crate::scenario::normal_form::{NormalFormScenario, Study};
use crate::study::error::failed;
use crate::study::game_analysis::{PayoffsAt, analyse_game_limited};
use crate::study::kinds::whole::Analysis;
use crate::study::registry::Context;
use crate::study::{Progress, Report, ResultsFolder, StudyError, Timing};
use serde_json::json;

/// A normal-form study.
pub struct NormalForm<'a> {
    scenario: &'a NormalFormScenario,
    context: Context,
}

impl<'a> NormalForm<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a NormalFormScenario, context: Context) -> Self {
        NormalForm { scenario, context }
    }
}

impl Analysis for NormalForm<'_> {
    /// The game and its analysis.
    type Result = (Bimatrix, GameAnalysis);

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }

    fn compute(&self, _: &dyn Progress) -> Result<(Bimatrix, GameAnalysis), StudyError> {
        let scenario = self.scenario;
        let matrix = match &scenario.study {
            Study::Game(g) => g.clone(),
            Study::Pigs(p, _) => p
                .bimatrix()
                .map_err(|e| StudyError::Failed(e.to_string()))?,
            Study::Travelers(t, ..) => t
                .bimatrix()
                .map_err(|e| StudyError::Failed(e.to_string()))?,
        };
        let at = scenario.payoffs_at.as_ref().map(PayoffsAt::Field);
        let analysis = analyse_game_limited(&matrix, true, at)?;
        Ok((matrix, analysis))
    }

    fn write(
        &self,
        (matrix, analysis): (Bimatrix, GameAnalysis),
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let scenario = self.scenario;
        let write = |name: &str, text: &str| folder.write(name, |p| std::fs::write(p, text));
        let chart_err = |e: crate::output::charts::ChartError| folder.chart_failed(e);
        let mut summary = analysis_json(&analysis);
        let mut sweep_text: Option<String> = None;
        let mut report_text: Option<String> = None;
        match &scenario.study {
            Study::Game(_) => {
                use crate::output::game_files::{
                    draw_game, write_dominance, write_equilibria, write_payoffs,
                };
                folder.write("payoffs.csv", |p| write_payoffs(p, &analysis))?;
                folder.write("equilibria.csv", |p| write_equilibria(p, &analysis))?;
                folder.write("dominance.csv", |p| write_dominance(p, &analysis))?;
                if scenario.charts {
                    draw_game(&folder.file("game"), &analysis).map_err(chart_err)?;
                }
            }
            Study::Pigs(game, axes) => {
                let bad =
                    |e: SweepError| StudyError::Input(format!("{}: sweep: {e}", scenario.name));
                let note = default_note(game, axes);
                summary["parameters"] = parameters_json(game);
                sweep_text = default_sentence(game).map(|s| s + "\n");
                match axes.as_slice() {
                    [x] => {
                        let points =
                            sweep(game, &x.parameter, x.from, x.to, x.steps).map_err(bad)?;
                        let regions = line_regions(game, x).map_err(bad)?;
                        folder.write("sweep.csv", |p| write_sweep_csv(p, &x.parameter, &points))?;
                        folder.write("regions.csv", |p| write_regions_csv(p, &regions))?;
                        summary["sweep"] = regions_json(&regions, None);
                        let text = regions_text(&regions, note.as_deref());
                        sweep_text = Some(sweep_text.unwrap_or_default() + "\n" + &text);
                        if scenario.charts {
                            draw_regions(&folder.file("regions"), &regions, note.as_deref())
                                .map_err(chart_err)?;
                        }
                    }
                    [x, y] => {
                        let map = region_map(game, x, y).map_err(bad)?;
                        write_map_csvs(folder.path(), &map).map_err(|e| {
                            failed(
                                "cannot write",
                                &folder.destination().join("region_map.csv"),
                                e,
                            )
                        })?;
                        summary["region_map"] = map_json(&map);
                        let text = map_text(&map, note.as_deref());
                        sweep_text = Some(sweep_text.unwrap_or_default() + "\n" + &text);
                        if scenario.charts {
                            let areas = region_areas(game, &map).map_err(bad)?;
                            draw_map(&folder.file("region_map"), &map, &areas)
                                .map_err(chart_err)?;
                        }
                    }
                    _ => {}
                }
            }
            Study::Travelers(game, lambda, lambda_max, bonuses) => {
                let path = best_response_path(game, game.high)
                    .map_err(|e| StudyError::Failed(e.to_string()))?;
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
                    .map_err(|e| StudyError::Failed(e.to_string()))?;
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
                let mut shown_by_bonus = Vec::new();
                for r in bonuses {
                    let g = crate::dilemmas::travelers::TravelersGame::new(game.low, game.high, *r)
                        .map_err(|e| StudyError::Input(e.to_string()))?;
                    let mean = qre_at(&g, *lambda)
                        .map_err(|e| StudyError::Failed(e.to_string()))?
                        .mean;
                    by_bonus.push((r.to_f64(), mean));
                    shown_by_bonus.push((r.to_string(), mean));
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
                // The terminal shows what `dilemma travelers` shows (its branch step).
                let shown_branch = trace(game, *lambda_max, lambda_max / 20.0)
                    .map_err(|e| StudyError::Failed(e.to_string()))?;
                report_text = Some(travelers_report(&TravelersReport {
                    title: &matrix.title,
                    analysis: &analysis,
                    game,
                    path: &path,
                    branch: &shown_branch,
                    lambda: *lambda,
                    by_bonus: &shown_by_bonus,
                }));
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
                    let (by_bonus_stem, branch_stem) = (
                        folder.file("mean_claim_by_bonus"),
                        folder.file("qre_branch"),
                    );
                    let by_bonus_chart = || {
                        draw_line_chart(
                            &by_bonus_stem,
                            &LineChart {
                                title: &title,
                                x_label: "Bonus R",
                                y_label: "Mean claim",
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
                    };
                    let pts: Vec<(f64, f64)> = branch.iter().map(|p| (p.lambda, p.mean)).collect();
                    let branch_title = format!(
                        "Traveler's dilemma {}..{}, R = {}: the QRE branch",
                        game.low, game.high, game.bonus
                    );
                    let branch_chart = || {
                        draw_line_chart(
                            &branch_stem,
                            &LineChart {
                                title: &branch_title,
                                x_label: "Precision lambda",
                                y_label: "Mean claim",
                                series: vec![Series {
                                    name: "logit QRE (continuation)".into(),
                                    points: &pts,
                                }],
                                steps: false,
                                y_from_zero: false,
                            },
                        )
                    };
                    // The two charts drawn at once.
                    let (by_bonus_drawn, branch_drawn) =
                        crate::output::charts::join(by_bonus_chart, branch_chart);
                    by_bonus_drawn.and(branch_drawn).map_err(chart_err)?;
                }
            }
        }
        write("analysis.json", &format!("{summary:#}\n"))?;
        write("game.nfg", &write_nfg(&matrix))?;
        write("scenario.toml", &self.context.resolved)?;
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": scenario.name,
            "kind": scenario.kind(),
            "seed": scenario.seed,
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": crate::study::folder::dependencies(),
        });
        write("run.json", &format!("{run:#}\n"))?;
        let text = report_text.unwrap_or_else(|| {
            crate::output::game_text::report(&analysis) + sweep_text.as_deref().unwrap_or_default()
        });
        Ok(Report {
            name: scenario.name.clone(),
            summary_key: "analysis",
            summary,
            run,
            text,
            page: None,
        })
    }
}
