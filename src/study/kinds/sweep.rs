//! Kind `tournament` with `[sweep]`: the tournament at every grid point.
//! Units are the points' matches end to end ([`super::matches`]); each
//! point is summarised as soon as its last match is folded (and its
//! `points/<k>/` written when asked), so memory holds one point's results.
//! Written: `sweep.csv`, the charts, `scenario.toml`, `run.json`.

use crate::ipd::results::TournamentResults;
use crate::output::sweep_files::{PointSummary, grid_value, write_sweep_charts, write_sweep_csv};
use crate::output::table;
use crate::output::tournament_files::{write_payoff_matrix, write_summary};
use crate::scenario::SweepScenario;
use crate::study::folder::{dependencies, point_folder};
use crate::study::kinds::matches::{MatchUnit, Matches, PointFold, shards_of_matches};
use crate::study::registry::Context;
use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, Sink, Study, StudyError, Timing,
};
use serde_json::json;
use std::ops::Range;

/// A tournament sweep.
pub struct Sweep<'a> {
    sweep: &'a SweepScenario,
    context: Context,
    matches: Matches,
}

impl<'a> Sweep<'a> {
    /// The study of `sweep`.
    pub fn new(sweep: &'a SweepScenario, context: Context) -> Self {
        let tournaments = sweep
            .points
            .iter()
            .map(|p| p.tournament.tournament())
            .collect();
        Sweep {
            sweep,
            context,
            matches: Matches::new(tournaments, true),
        }
    }

    /// Summarises point `k` from its results; writes `points/<k>/` when
    /// the sweep asks for it.
    fn summarize(
        &self,
        k: usize,
        mut results: TournamentResults,
        folder: &ResultsFolder,
    ) -> Result<PointSummary, StudyError> {
        let sweep = self.sweep;
        let point = &sweep.points[k];
        results.count_self_play_in_scores(point.tournament.self_play_in_ranking);
        let rows = results.summary();
        if sweep.write_points {
            let name = point_folder(k, sweep.points.len());
            folder.create_dir(&name)?;
            folder.write(&format!("{name}/summary.csv"), |p| write_summary(p, &rows))?;
            folder.write(&format!("{name}/payoff_matrix.csv"), |p| {
                write_payoff_matrix(p, &results.names, &results.payoff_matrix())
            })?;
        }
        Ok(PointSummary {
            coordinates: point.coordinates.clone(),
            rows,
        })
    }
}

/// The points summarised so far and the one being folded.
pub type Fold = PointFold<PointSummary>;

impl Study for Sweep<'_> {
    type Unit = MatchUnit;
    type Fold = Fold;
    type Done = Fold;

    fn name(&self) -> &str {
        &self.sweep.base.name
    }
    fn seed(&self) -> u64 {
        self.sweep.base.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }
    fn plan(&self) -> Plan {
        Plan {
            units: self.matches.total,
            noun: "matches",
            parts: true,
            shown: true,
        }
    }

    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, MatchUnit>,
    ) -> Result<(), StudyError> {
        self.matches.play(ids, false, progress, sink)
    }

    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Fold, StudyError> {
        Ok(Fold::new(self.sweep.points.len()))
    }

    fn fold(
        &self,
        fold: &mut Fold,
        id: u64,
        unit: MatchUnit,
        folder: &ResultsFolder,
    ) -> Result<(), StudyError> {
        let mut close = |k, results| self.summarize(k, results, folder);
        fold.add(&self.matches, id, &unit, &mut close)
    }

    fn finish(&self, fold: Fold) -> Result<Fold, StudyError> {
        Ok(fold)
    }

    fn write(
        &self,
        mut fold: Fold,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        // Points not summarised yet (a point with no match) are summarised
        // here, in point order.
        let mut close = |k, results| self.summarize(k, results, folder);
        fold.close_before(&self.matches, self.sweep.points.len(), &mut close)?;
        write_sweep(self.sweep, &self.context.resolved, &fold, folder, timing)
    }

    shards_of_matches!("sweep");
}

/// Writes `sweep.csv`, the charts, `scenario.toml` and `run.json`.
fn write_sweep(
    sweep: &SweepScenario,
    resolved_toml: &str,
    done: &Fold,
    folder: &ResultsFolder,
    timing: Timing,
) -> Result<Report, StudyError> {
    let summaries = &done.closed;
    let keys: Vec<(String, bool)> = sweep
        .axes
        .iter()
        .map(|a| (a.key.clone(), a.integer))
        .collect();
    folder.write("sweep.csv", |p| write_sweep_csv(p, &keys, summaries))?;
    folder.text("scenario.toml", resolved_toml)?;
    if sweep.base.charts {
        let names: Vec<String> = sweep.base.players.iter().map(|p| p.name.clone()).collect();
        let sizes: Vec<usize> = sweep.axes.iter().map(|a| a.values.len()).collect();
        write_sweep_charts(folder.path(), &keys, &sizes, &names, summaries)
            .map_err(|e| folder.chart_failed(e))?;
    }
    let run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": sweep.base.name,
        "kind": "sweep",
        "seed": sweep.base.seed,
        "threads": rayon::current_num_threads(),
        "keys": keys.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>(),
        "points": sweep.points.len(),
        "players": sweep.base.players.len(),
        "matches": sweep.match_count(),
        "turns": done.turns,
        "total_seconds": timing.started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    folder.text("run.json", &format!("{run:#}\n"))?;
    let winners: Vec<serde_json::Value> = summaries
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let best = p.rows.first();
            json!({
                "point": k,
                "values": p.coordinates,
                "winner": best.map(|r| r.name.clone()),
                "median_score": best.map(|r| r.median_score),
            })
        })
        .collect();
    Ok(Report {
        name: sweep.base.name.clone(),
        summary_key: "points",
        summary: serde_json::Value::Array(winners),
        run,
        text: report_text(sweep, &keys, summaries),
        page: None,
    })
}

/// The terminal report: one line per point (at most 40, then a note).
fn report_text(
    sweep: &SweepScenario,
    keys: &[(String, bool)],
    summaries: &[PointSummary],
) -> String {
    let mut header = vec!["point".to_string()];
    header.extend(keys.iter().map(|(k, _)| k.clone()));
    header.extend(["winner", "median", "mean coop."].map(String::from));
    let mut rows = vec![header];
    for (k, p) in summaries.iter().enumerate().take(40) {
        let mut row = vec![k.to_string()];
        row.extend(
            p.coordinates
                .iter()
                .zip(keys)
                .map(|(&v, (_, i))| grid_value(v, *i)),
        );
        let best = p.rows.first();
        let mut name = best.map_or(String::new(), |r| r.name.clone());
        if name.chars().count() > 28 {
            name = name.chars().take(27).collect::<String>() + "…";
        }
        row.push(name);
        row.push(best.map_or(String::new(), |r| format!("{:.4}", r.median_score)));
        let n = p.rows.len().max(1) as f64;
        let coop = p.rows.iter().map(|r| r.cooperation_rating).sum::<f64>() / n;
        row.push(format!("{coop:.3}"));
        rows.push(row);
    }
    let mut right = vec![true];
    right.extend(keys.iter().map(|_| true));
    right.extend([false, true, true]);
    let mut text = format!(
        "{}: {} grid points x {} players, {} matches\n",
        sweep.base.name,
        summaries.len(),
        sweep.base.players.len(),
        sweep.match_count()
    );
    text += &table::render(&rows, &right);
    if summaries.len() > 40 {
        text += &format!("... {} more points in sweep.csv\n", summaries.len() - 40);
    }
    text
}
