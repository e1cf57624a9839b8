//! Kind `tournament` with `[sweep]` and `[match] method = "exact"`: the
//! exact tournament at every grid point. Every point is re-read as the
//! tournament it is, so its players' machines are read again there (a
//! swept parameter such as GTFT's `p` changes the machine) and its
//! question carries its noise, payoffs and horizon. Units are the points'
//! pairs end to end ([`super::exact_pairs`]); each point is summarised as
//! soon as its last pair is folded (and its `points/<k>/` written, as an
//! exact tournament writes its folder, when asked), so memory holds one
//! point's pairs. Nothing is drawn at random: `repetitions` and `seed` do
//! not enter (the sweep refuses them as keys). Written: `sweep.csv`
//! (expected values, `output::sweep_files`), the charts, `scenario.toml`,
//! `run.json`.

use crate::output::exact_files::{EXACT_PAIRS, PairValues};
use crate::output::sweep_files::{
    EXPECTED_WORDS, ExactPointSummary, draw_sweep_charts, grid_value, write_exact_sweep_csv,
};
use crate::output::table;
use crate::scenario::{SweepScenario, TournamentScenario};
use crate::study::folder::{dependencies, point_folder};
use crate::study::kinds::exact_pairs::{ExactPairs, PairFold, PointPair, tables, write_tables};
use crate::study::registry::Context;
use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, ShardFormat, ShardRead, Sink, Study, StudyError,
    Timing, UnitWriter,
};
use serde_json::json;
use std::io;
use std::ops::Range;
use std::path::Path;

/// An exact tournament sweep.
pub struct ExactSweep<'a> {
    sweep: &'a SweepScenario,
    context: Context,
    pairs: ExactPairs<'a>,
}

/// The points summarised so far, the largest chain and whether every pair
/// had exact fractions.
pub struct Fold {
    points: PairFold<ExactPointSummary>,
    largest: usize,
    all_exact: bool,
}

impl<'a> ExactSweep<'a> {
    /// The study of `sweep`, whose tournament's method is exact.
    pub fn new(sweep: &'a SweepScenario, context: Context) -> Self {
        let points: Vec<&TournamentScenario> = sweep.points.iter().map(|p| &p.tournament).collect();
        ExactSweep {
            pairs: ExactPairs::new(&sweep.base.name, &points, true, (context.no_limit, true)),
            sweep,
            context,
        }
    }

    /// Summarises point `k` from its pairs; writes `points/<k>/` when the
    /// sweep asks for it.
    fn summarize(
        &self,
        k: usize,
        pairs: &[PairValues],
        folder: &ResultsFolder,
    ) -> Result<ExactPointSummary, StudyError> {
        let point = &self.sweep.points[k];
        let t = &point.tournament;
        let names: Vec<String> = t.players.iter().map(|p| p.name.clone()).collect();
        let tables = tables(&names, pairs, t.self_play_in_ranking);
        if self.sweep.write_points {
            let name = point_folder(k, self.sweep.points.len());
            folder.create_dir(&name)?;
            write_tables(folder, &format!("{name}/"), &names, pairs, &tables)?;
        }
        Ok(ExactPointSummary {
            coordinates: point.coordinates.clone(),
            ranking: tables.ranking,
        })
    }
}

impl Study for ExactSweep<'_> {
    type Unit = PointPair;
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
            units: self.pairs.total(),
            noun: "pairs",
            parts: true,
            shown: true,
        }
    }

    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, PointPair>,
    ) -> Result<(), StudyError> {
        self.pairs.play(ids, progress, sink)
    }

    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Fold, StudyError> {
        Ok(Fold {
            points: PairFold::new(self.sweep.points.len()),
            largest: 0,
            all_exact: true,
        })
    }

    fn fold(
        &self,
        fold: &mut Fold,
        id: u64,
        unit: PointPair,
        folder: &ResultsFolder,
    ) -> Result<(), StudyError> {
        fold.largest = fold.largest.max(unit.values.states);
        fold.all_exact &= unit.values.exact.is_some();
        let mut close = |k, pairs: Vec<PairValues>| self.summarize(k, &pairs, folder);
        fold.points.add(&self.pairs, id, unit, &mut close)
    }

    fn finish(&self, fold: Fold) -> Result<Fold, StudyError> {
        Ok(fold)
    }

    fn write(
        &self,
        fold: Fold,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let sweep = self.sweep;
        let summaries = &fold.points.closed;
        let keys: Vec<(String, bool)> = sweep
            .axes
            .iter()
            .map(|a| (a.key.clone(), a.integer))
            .collect();
        folder.write("sweep.csv", |p| write_exact_sweep_csv(p, &keys, summaries))?;
        folder.text("scenario.toml", &self.context.resolved)?;
        if sweep.base.charts {
            let names: Vec<String> = sweep.base.players.iter().map(|p| p.name.clone()).collect();
            let sizes: Vec<usize> = sweep.axes.iter().map(|a| a.values.len()).collect();
            let points: Vec<_> = summaries
                .iter()
                .map(ExactPointSummary::chart_point)
                .collect();
            draw_sweep_charts(
                folder.path(),
                &keys,
                &sizes,
                &names,
                &points,
                &EXPECTED_WORDS,
            )
            .map_err(|e| folder.chart_failed(e))?;
        }
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": sweep.base.name,
            "kind": "sweep",
            "method": "exact",
            "seed": sweep.base.seed,
            "threads": rayon::current_num_threads(),
            "keys": keys.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>(),
            "points": sweep.points.len(),
            "players": sweep.base.players.len(),
            "pairs": self.pairs.total(),
            "largest_chain": fold.largest,
            "exact_fractions": fold.all_exact,
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        folder.text("run.json", &format!("{run:#}\n"))?;
        let winners: Vec<serde_json::Value> = summaries
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let best = p.ranking.first();
                json!({
                    "point": k,
                    "values": p.coordinates,
                    "winner": best.map(|r| r.name.clone()),
                    "score": best.map(|r| r.score),
                    "score_exact": best.and_then(|r| r.score_exact.clone()),
                })
            })
            .collect();
        Ok(Report {
            name: sweep.base.name.clone(),
            summary_key: "points",
            summary: serde_json::Value::Array(winners),
            run,
            text: report_text(sweep, &keys, summaries, self.pairs.total(), fold.largest),
            page: None,
        })
    }

    fn shard_format(&self) -> Option<ShardFormat> {
        Some(ShardFormat {
            kind: "exact-sweep",
            data: EXACT_PAIRS,
            unit_key: "pairs",
            ids_key: "pair_ids",
            unit_words: "pairs",
        })
    }

    fn shard_writer<'b>(
        &'b self,
        dir: &Path,
        _: Range<u64>,
    ) -> Result<Box<dyn UnitWriter<PointPair> + Send + 'b>, (&'static str, io::Error)> {
        Ok(self.pairs.shard_writer(dir))
    }

    fn read_shard(
        &self,
        dir: &Path,
        ids: Range<u64>,
        each: &mut Sink<'_, PointPair>,
    ) -> Result<(), ShardRead> {
        self.pairs.read_shard(dir, ids, each)
    }

    fn same_unit(&self, replayed: &PointPair, kept: &PointPair) -> Option<bool> {
        Some(replayed == kept)
    }
}

/// The terminal report: one line per point (at most 40, then a note).
fn report_text(
    sweep: &SweepScenario,
    keys: &[(String, bool)],
    summaries: &[ExactPointSummary],
    pairs: u64,
    largest: usize,
) -> String {
    let mut header = vec!["point".to_string()];
    header.extend(keys.iter().map(|(k, _)| k.clone()));
    header.extend(["winner", "expected", "mean coop."].map(String::from));
    let mut rows = vec![header];
    for (k, p) in summaries.iter().enumerate().take(40) {
        let mut row = vec![k.to_string()];
        row.extend(
            p.coordinates
                .iter()
                .zip(keys)
                .map(|(&v, (_, i))| grid_value(v, *i)),
        );
        let best = p.ranking.first();
        row.push(best.map_or(String::new(), |r| crate::output::width::elide(&r.name, 28)));
        row.push(best.map_or(String::new(), |r| format!("{:.4}", r.score)));
        let n = p.ranking.len().max(1) as f64;
        let coop = p.ranking.iter().map(|r| r.cooperation).sum::<f64>() / n;
        row.push(format!("{coop:.3}"));
        rows.push(row);
    }
    let mut right = vec![true];
    right.extend(keys.iter().map(|_| true));
    right.extend([false, true, true]);
    let mut text = crate::output::width::fit(&format!(
        "{}: exact sweep, {} grid points x {} players, {pairs} pairs (largest joint chain: \
         {largest} states)\n",
        sweep.base.name,
        summaries.len(),
        sweep.base.players.len(),
    ));
    text += &table::render(&rows, &right);
    if summaries.len() > 40 {
        text += &format!("... {} more points in sweep.csv\n", summaries.len() - 40);
    }
    text
}
