//! Kind `ecological` with `[sweep]`: the tournament and its replicator
//! dynamics at every grid point. Units are the points' matches end to end
//! ([`super::matches`], as a tournament sweep's); a point's dynamics runs
//! on its payoff matrix as soon as its last match is folded (deterministic,
//! so a merge of shards gives the single run's bytes), writing
//! `points/<k>/` when asked. With `[match] method = "exact"`
//! ([`ExactEcologicalSweep`]) the units are the points' exact pairs
//! instead ([`super::exact_pairs`]) and a point's dynamics runs on its
//! expected payoff matrix. Written: `sweep.csv`, the charts,
//! `scenario.toml`, `run.json`.

use crate::evolution::replicator::{ReplicatorDynamics, ReplicatorKind};
use crate::evolution::share_outcome::share_outcomes;
use crate::ipd::results::TournamentResults;
use crate::output::evolution_files as files;
use crate::output::evolution_sweep_files::{
    EcologicalPoint, write_ecological_sweep_charts, write_ecological_sweep_csv,
};
use crate::output::exact_files::{EXACT_PAIRS, PairValues};
use crate::output::tournament_files::write_payoff_matrix;
use crate::scenario::evolution_sweep::StudySweep;
use crate::scenario::{EcologicalScenario, TournamentScenario};
use crate::study::folder::{dependencies, point_folder};
use crate::study::kinds::exact_pairs::{ExactPairs, PairFold, PointPair, tables};
use crate::study::kinds::matches::{MatchUnit, Matches, PointFold, shards_of_matches};
use crate::study::kinds::point_table::{point_table, top_index};
use crate::study::registry::Context;
use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, ShardFormat, ShardRead, Sink, Study, StudyError,
    Timing, UnitWriter,
};
use serde_json::json;
use std::io;
use std::ops::Range;
use std::path::Path;

/// An ecological sweep.
pub struct EcologicalSweep<'a> {
    sweep: &'a StudySweep<EcologicalScenario>,
    context: Context,
    matches: Matches,
}

impl<'a> EcologicalSweep<'a> {
    /// The study of `sweep`.
    pub fn new(sweep: &'a StudySweep<EcologicalScenario>, context: Context) -> Self {
        let tournaments = sweep
            .points
            .iter()
            .map(|p| p.study.tournament.tournament())
            .collect();
        EcologicalSweep {
            sweep,
            context,
            matches: Matches::new(tournaments, true),
        }
    }
}

/// The points whose dynamics has run and the one being folded.
pub type Fold = PointFold<EcologicalPoint>;

impl Study for EcologicalSweep<'_> {
    type Unit = MatchUnit;
    type Fold = Fold;
    type Done = Fold;

    fn name(&self) -> &str {
        &self.sweep.base.tournament.name
    }
    fn seed(&self) -> u64 {
        self.sweep.base.tournament.seed
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
        let mut close = |k, results: TournamentResults| {
            ecological_point(self.sweep, k, results.payoff_matrix(), folder)
        };
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
        let mut close = |k, results: TournamentResults| {
            ecological_point(self.sweep, k, results.payoff_matrix(), folder)
        };
        fold.close_before(&self.matches, self.sweep.points.len(), &mut close)?;
        write_ecological_sweep(
            self.sweep,
            &self.context.resolved,
            folder,
            &fold.closed,
            (timing, Units::Matches(fold.turns)),
        )
    }

    shards_of_matches!("ecological-sweep");
}

/// An ecological sweep whose tournaments are exact (`[match] method =
/// "exact"`): units are the points' pairs end to end
/// ([`super::exact_pairs`], doubles only), a point's dynamics runs on its
/// expected payoff matrix as soon as its last pair is folded.
pub struct ExactEcologicalSweep<'a> {
    sweep: &'a StudySweep<EcologicalScenario>,
    context: Context,
    pairs: ExactPairs<'a>,
}

impl<'a> ExactEcologicalSweep<'a> {
    /// The study of `sweep`, whose tournament's method is exact.
    pub fn new(sweep: &'a StudySweep<EcologicalScenario>, context: Context) -> Self {
        let points: Vec<&TournamentScenario> =
            sweep.points.iter().map(|p| &p.study.tournament).collect();
        ExactEcologicalSweep {
            pairs: ExactPairs::new(
                &sweep.base.tournament.name,
                &points,
                true,
                (context.no_limit, false),
            ),
            sweep,
            context,
        }
    }

    /// Point `k` from its pairs.
    fn close(
        &self,
        k: usize,
        pairs: &[PairValues],
        folder: &ResultsFolder,
    ) -> Result<EcologicalPoint, StudyError> {
        let t = &self.sweep.points[k].study.tournament;
        let names: Vec<String> = t.players.iter().map(|p| p.name.clone()).collect();
        let matrix = tables(&names, pairs, t.self_play_in_ranking).matrix;
        ecological_point(self.sweep, k, matrix, folder)
    }
}

impl Study for ExactEcologicalSweep<'_> {
    type Unit = PointPair;
    type Fold = PairFold<EcologicalPoint>;
    type Done = PairFold<EcologicalPoint>;

    fn name(&self) -> &str {
        &self.sweep.base.tournament.name
    }
    fn seed(&self) -> u64 {
        self.sweep.base.tournament.seed
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

    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Self::Fold, StudyError> {
        Ok(PairFold::new(self.sweep.points.len()))
    }

    fn fold(
        &self,
        fold: &mut Self::Fold,
        id: u64,
        unit: PointPair,
        folder: &ResultsFolder,
    ) -> Result<(), StudyError> {
        let mut close = |k, pairs: Vec<PairValues>| self.close(k, &pairs, folder);
        fold.add(&self.pairs, id, unit, &mut close)
    }

    fn finish(&self, fold: Self::Fold) -> Result<Self::Fold, StudyError> {
        Ok(fold)
    }

    fn write(
        &self,
        fold: Self::Fold,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        write_ecological_sweep(
            self.sweep,
            &self.context.resolved,
            folder,
            &fold.closed,
            (timing, Units::Pairs(self.pairs.total())),
        )
    }

    fn shard_format(&self) -> Option<ShardFormat> {
        Some(ShardFormat {
            kind: "exact-ecological-sweep",
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

/// What the units of an ecological sweep were, for `run.json`.
enum Units {
    /// Played matches and their turns.
    Matches(u64),
    /// Exact pairs.
    Pairs(u64),
}

/// Point `k` of an ecological sweep from its tournament's payoff matrix
/// (played or expected): the replicator dynamics on it; writes
/// `points/<k>/` (payoff_matrix.csv, shares.csv) when the sweep asks for
/// it.
fn ecological_point(
    sweep: &StudySweep<EcologicalScenario>,
    k: usize,
    matrix: Vec<Vec<f64>>,
    folder: &ResultsFolder,
) -> Result<EcologicalPoint, StudyError> {
    let point = &sweep.points[k];
    let study = &point.study;
    let names: Vec<String> = study
        .tournament
        .players
        .iter()
        .map(|p| p.name.clone())
        .collect();
    let dynamics = ReplicatorDynamics {
        names: names.clone(),
        matrix: matrix.clone(),
        initial: study.initial.clone(),
        kind: study.kind,
        steps: study.steps,
    };
    dynamics.validate().map_err(|e| {
        StudyError::Input(format!(
            "{}: grid point {k}: {e}",
            sweep.base.tournament.name
        ))
    })?;
    let shares = dynamics.run();
    if sweep.write_points {
        let name = point_folder(k, sweep.points.len());
        folder.create_dir(&name)?;
        folder.write(&format!("{name}/payoff_matrix.csv"), |p| {
            write_payoff_matrix(p, &names, &matrix)
        })?;
        let dt = match study.kind {
            ReplicatorKind::Continuous { dt } => Some(dt),
            ReplicatorKind::Discrete => None,
        };
        folder.write(&format!("{name}/shares.csv"), |p| {
            files::write_shares(p, &names, &shares, dt)
        })?;
    }
    Ok(EcologicalPoint {
        coordinates: point.coordinates.clone(),
        outcomes: share_outcomes(&shares),
    })
}

/// Writes an ecological sweep's `sweep.csv`, charts, `scenario.toml` and
/// `run.json`, and says what to report.
fn write_ecological_sweep(
    sweep: &StudySweep<EcologicalScenario>,
    resolved_toml: &str,
    folder: &ResultsFolder,
    points: &[EcologicalPoint],
    (timing, units): (Timing, Units),
) -> Result<Report, StudyError> {
    let base = &sweep.base.tournament;
    let keys = sweep.keys();
    let names: Vec<String> = base.players.iter().map(|p| p.name.clone()).collect();
    folder.write("sweep.csv", |p| {
        write_ecological_sweep_csv(p, &keys, &names, points)
    })?;
    folder.text("scenario.toml", resolved_toml)?;
    if base.charts {
        write_ecological_sweep_charts(folder.path(), &keys, &sweep.sizes(), &names, points)
            .map_err(|e| folder.chart_failed(e))?;
    }
    let mut run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": base.name,
        "kind": "ecological-sweep",
        "seed": base.seed,
        "threads": rayon::current_num_threads(),
        "keys": keys.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>(),
        "points": points.len(),
        "players": names.len(),
        "total_seconds": timing.started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    match units {
        Units::Matches(turns) => {
            let matches: u64 = sweep
                .points
                .iter()
                .map(|p| p.study.tournament.tournament().match_count())
                .sum();
            run["matches"] = json!(matches);
            run["turns"] = json!(turns);
        }
        Units::Pairs(pairs) => {
            run["method"] = json!("exact");
            run["pairs"] = json!(pairs);
        }
    }
    folder.text("run.json", &format!("{run:#}\n"))?;
    let summary: Vec<serde_json::Value> = points
        .iter()
        .enumerate()
        .map(|(k, p)| {
            json!({
                "point": k,
                "values": p.coordinates,
                "final_shares": p.outcomes.iter().map(|o| o.last).collect::<Vec<_>>(),
            })
        })
        .collect();
    let report = || {
        let rows = points.iter().map(|p| {
            let last: Vec<f64> = p.outcomes.iter().map(|o| o.last).collect();
            let top = top_index(&last);
            let survivors = p
                .outcomes
                .iter()
                .filter(|o| o.extinct_from.is_none())
                .count();
            vec![
                names[top].clone(),
                format!("{:.4}", last[top]),
                survivors.to_string(),
            ]
        });
        let coordinates: Vec<&[f64]> = points.iter().map(|p| &p.coordinates[..]).collect();
        let mut text = crate::output::width::fit(&format!(
            "{}: replicator dynamics, {} steps, {} points x {} strategies\n",
            base.name,
            sweep.base.steps,
            points.len(),
            names.len()
        ));
        text += &point_table(&keys, &coordinates, ["top", "share", "alive"], rows);
        text
    };
    Ok(Report {
        name: base.name.to_string(),
        summary_key: "points",
        summary: serde_json::Value::Array(summary),
        run,
        text: report(),
        page: None,
    })
}
