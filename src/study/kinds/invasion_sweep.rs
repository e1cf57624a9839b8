//! Kind `invasion` with `[sweep]`: the fixation probabilities and the
//! small-mutation chain's stationary distribution at every grid point
//! (population size, intensity of selection, and when a tournament gives
//! the payoffs, its noise, horizon, payoffs and players' parameters).
//! Three sources of a point's payoff table, three studies:
//! - [`InvasionSweep`]: the tournament is played; units are the points'
//!   matches end to end ([`super::matches`], as a tournament sweep's), a
//!   point is analysed as soon as its last match is folded, so shards
//!   merge to the single run's bytes;
//! - [`ExactInvasionSweep`]: `[match] method = "exact"`; units are the
//!   points' exact pairs ([`super::exact_pairs`]);
//! - [`TableInvasionSweep`]: `[payoffs] table`; the one table at every
//!   point, one computation (milliseconds a point), not split into shards.
//!
//! Written: `sweep.csv`, the charts, `points/<k>/` (`payoff_matrix.csv`,
//! `fixation.csv`, `stationary.csv`) with `[sweep] points = true`,
//! `scenario.toml`, `run.json` (`output::invasion_sweep_files`).

use crate::evolution::invasion::{
    Fixation, InvasionError, PayoffMatrix, SmallMutation, fixation_matrix, small_mutation,
};
use crate::ipd::results::TournamentResults;
use crate::output::exact_files::{EXACT_PAIRS, PairValues};
use crate::output::invasion_files as files;
use crate::output::invasion_sweep_files::{
    InvasionPoint, write_invasion_sweep_charts, write_invasion_sweep_csv,
};
use crate::output::tournament_files::write_payoff_matrix;
use crate::scenario::evolution_sweep::StudySweep;
use crate::scenario::invasion::InvasionPayoffs;
use crate::scenario::{InvasionScenario, TournamentScenario};
use crate::study::folder::{dependencies, point_folder};
use crate::study::kinds::exact_pairs::{ExactPairs, PairFold, PointPair, tables};
use crate::study::kinds::matches::{MatchUnit, Matches, PointFold, shards_of_matches};
use crate::study::kinds::point_table::{point_table, top_index};
use crate::study::kinds::whole::Analysis;
use crate::study::registry::Context;
use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, ShardFormat, ShardRead, Sink, Study, StudyError,
    Timing, UnitWriter,
};
use rayon::prelude::*;
use serde_json::json;
use std::io;
use std::ops::Range;
use std::path::Path;

/// The analysis of one point: its table, every ρ and the chain.
pub struct Analysed {
    matrix: Vec<Vec<f64>>,
    rho: Vec<Vec<Fixation>>,
    chain: SmallMutation,
}

/// Analyses point `k` of `sweep` on its payoff table.
fn analyse(
    sweep: &StudySweep<InvasionScenario>,
    k: usize,
    matrix: Vec<Vec<f64>>,
) -> Result<Analysed, StudyError> {
    let study = &sweep.points[k].study;
    let input =
        |e: InvasionError| StudyError::Input(format!("{}: grid point {k}: {e}", sweep.base.name));
    let payoffs = PayoffMatrix::new(&matrix).map_err(input)?;
    let rho = fixation_matrix(&payoffs, study.population, study.selection).map_err(input)?;
    let chain = small_mutation(&rho).map_err(input)?;
    Ok(Analysed { matrix, rho, chain })
}

/// Writes `points/<k>/` when the sweep asks for it and keeps what
/// `sweep.csv`, the charts and the report need.
fn close(
    sweep: &StudySweep<InvasionScenario>,
    k: usize,
    analysed: Analysed,
    folder: &ResultsFolder,
) -> Result<InvasionPoint, StudyError> {
    let point = &sweep.points[k];
    if sweep.write_points {
        let names = point.study.names();
        let name = point_folder(k, sweep.points.len());
        folder.create_dir(&name)?;
        folder.write(&format!("{name}/payoff_matrix.csv"), |p| {
            write_payoff_matrix(p, &names, &analysed.matrix)
        })?;
        folder.write(&format!("{name}/fixation.csv"), |p| {
            files::write_fixation(p, &names, point.study.population, &analysed.rho)
        })?;
        folder.write(&format!("{name}/stationary.csv"), |p| {
            files::write_stationary(p, &names, &analysed.chain)
        })?;
    }
    let population = point.study.population;
    let mut invaded_by = vec![0; analysed.rho.len()];
    for (resident, _, _) in files::invasions(population, &analysed.rho) {
        invaded_by[resident] += 1;
    }
    Ok(InvasionPoint {
        coordinates: point.coordinates.clone(),
        chain: analysed.chain,
        invaded_by,
    })
}

/// An invasion sweep whose payoffs a played tournament gives.
pub struct InvasionSweep<'a> {
    sweep: &'a StudySweep<InvasionScenario>,
    context: Context,
    matches: Matches,
}

/// The tournament of an invasion point (a sweep is read with one).
fn tournament_of(study: &InvasionScenario) -> &TournamentScenario {
    match &study.payoffs {
        InvasionPayoffs::Tournament(t) => t,
        InvasionPayoffs::Table { .. } => {
            unreachable!("the registry opens a table sweep as TableInvasionSweep")
        }
    }
}

impl<'a> InvasionSweep<'a> {
    /// The study of `sweep`, whose payoffs are played.
    pub fn new(sweep: &'a StudySweep<InvasionScenario>, context: Context) -> Self {
        let tournaments = sweep
            .points
            .iter()
            .map(|p| tournament_of(&p.study).tournament())
            .collect();
        InvasionSweep {
            sweep,
            context,
            matches: Matches::new(tournaments, true),
        }
    }

    fn close_point(
        &self,
        k: usize,
        results: TournamentResults,
        folder: &ResultsFolder,
    ) -> Result<InvasionPoint, StudyError> {
        let analysed = analyse(self.sweep, k, results.payoff_matrix())?;
        close(self.sweep, k, analysed, folder)
    }
}

impl Study for InvasionSweep<'_> {
    type Unit = MatchUnit;
    type Fold = PointFold<InvasionPoint>;
    type Done = PointFold<InvasionPoint>;

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

    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Self::Fold, StudyError> {
        Ok(PointFold::new(self.sweep.points.len()))
    }

    fn fold(
        &self,
        fold: &mut Self::Fold,
        id: u64,
        unit: MatchUnit,
        folder: &ResultsFolder,
    ) -> Result<(), StudyError> {
        let mut close = |k, results| self.close_point(k, results, folder);
        fold.add(&self.matches, id, &unit, &mut close)
    }

    fn finish(&self, fold: Self::Fold) -> Result<Self::Fold, StudyError> {
        Ok(fold)
    }

    fn write(
        &self,
        mut fold: Self::Fold,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let mut close = |k, results| self.close_point(k, results, folder);
        fold.close_before(&self.matches, self.sweep.points.len(), &mut close)?;
        let matches: u64 = self
            .sweep
            .points
            .iter()
            .map(|p| tournament_of(&p.study).tournament().match_count())
            .sum();
        let units = json!({ "matches": matches, "turns": fold.turns });
        write_invasion_sweep(
            self.sweep,
            &self.context,
            folder,
            &fold.closed,
            (timing, units),
        )
    }

    shards_of_matches!("invasion-sweep");
}

/// An invasion sweep whose tournaments are exact (`[match] method =
/// "exact"`): units are the points' pairs end to end, a point is analysed
/// on its expected payoff table as soon as its last pair is folded.
pub struct ExactInvasionSweep<'a> {
    sweep: &'a StudySweep<InvasionScenario>,
    context: Context,
    pairs: ExactPairs<'a>,
}

impl<'a> ExactInvasionSweep<'a> {
    /// The study of `sweep`, whose tournament's method is exact.
    pub fn new(sweep: &'a StudySweep<InvasionScenario>, context: Context) -> Self {
        let points: Vec<&TournamentScenario> = sweep
            .points
            .iter()
            .map(|p| tournament_of(&p.study))
            .collect();
        ExactInvasionSweep {
            pairs: ExactPairs::new(&sweep.base.name, &points, true, (context.no_limit, false)),
            sweep,
            context,
        }
    }

    fn close_point(
        &self,
        k: usize,
        pairs: &[PairValues],
        folder: &ResultsFolder,
    ) -> Result<InvasionPoint, StudyError> {
        let t = tournament_of(&self.sweep.points[k].study);
        let names: Vec<String> = t.players.iter().map(|p| p.name.clone()).collect();
        let matrix = tables(&names, pairs, t.self_play_in_ranking).matrix;
        let analysed = analyse(self.sweep, k, matrix)?;
        close(self.sweep, k, analysed, folder)
    }
}

impl Study for ExactInvasionSweep<'_> {
    type Unit = PointPair;
    type Fold = PairFold<InvasionPoint>;
    type Done = PairFold<InvasionPoint>;

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
        let mut close = |k, pairs: Vec<PairValues>| self.close_point(k, &pairs, folder);
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
        let units = json!({ "method": "exact", "pairs": self.pairs.total() });
        write_invasion_sweep(
            self.sweep,
            &self.context,
            folder,
            &fold.closed,
            (timing, units),
        )
    }

    fn shard_format(&self) -> Option<ShardFormat> {
        Some(ShardFormat {
            kind: "exact-invasion-sweep",
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

/// An invasion sweep over one payoff table (`[payoffs] table`): every
/// point analysed in parallel, in one computation.
pub struct TableInvasionSweep<'a> {
    sweep: &'a StudySweep<InvasionScenario>,
    context: Context,
}

impl<'a> TableInvasionSweep<'a> {
    /// The study of `sweep`, whose payoffs are a table.
    pub fn new(sweep: &'a StudySweep<InvasionScenario>, context: Context) -> Self {
        TableInvasionSweep { sweep, context }
    }
}

impl Analysis for TableInvasionSweep<'_> {
    type Result = Vec<Analysed>;

    fn name(&self) -> &str {
        &self.sweep.base.name
    }
    fn seed(&self) -> u64 {
        self.sweep.base.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }

    fn compute(&self, progress: &dyn Progress) -> Result<Vec<Analysed>, StudyError> {
        let points = &self.sweep.points;
        progress.start(points.len() as u64, "points", &self.sweep.base.name, false);
        let done = std::sync::atomic::AtomicU64::new(0);
        let analysed = (0..points.len())
            .into_par_iter()
            .map(|k| {
                let matrix = match &points[k].study.payoffs {
                    InvasionPayoffs::Table { matrix, .. } => matrix.clone(),
                    InvasionPayoffs::Tournament(_) => {
                        unreachable!("the registry opens a played sweep as InvasionSweep")
                    }
                };
                let result = analyse(self.sweep, k, matrix);
                let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress.set(n);
                result
            })
            .collect::<Result<Vec<_>, _>>();
        progress.finish();
        analysed
    }

    fn write(
        &self,
        analysed: Vec<Analysed>,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let points = analysed
            .into_iter()
            .enumerate()
            .map(|(k, a)| close(self.sweep, k, a, folder))
            .collect::<Result<Vec<_>, _>>()?;
        let given = match &self.sweep.base.payoffs {
            InvasionPayoffs::Table { given, .. } => given.clone(),
            InvasionPayoffs::Tournament(_) => String::new(),
        };
        let units = json!({ "payoffs": given });
        write_invasion_sweep(self.sweep, &self.context, folder, &points, (timing, units))
    }
}

/// Writes an invasion sweep's `sweep.csv`, charts, `scenario.toml` and
/// `run.json` (`units` adds what the points were made of), and says what
/// to report.
fn write_invasion_sweep(
    sweep: &StudySweep<InvasionScenario>,
    context: &Context,
    folder: &ResultsFolder,
    points: &[InvasionPoint],
    (timing, units): (Timing, serde_json::Value),
) -> Result<Report, StudyError> {
    let base = &sweep.base;
    let keys = sweep.keys();
    let names = base.names();
    folder.write("sweep.csv", |p| {
        write_invasion_sweep_csv(p, &keys, &names, points)
    })?;
    folder.text("scenario.toml", &context.resolved)?;
    if base.charts {
        write_invasion_sweep_charts(folder.path(), &keys, &sweep.sizes(), &names, points)
            .map_err(|e| folder.chart_failed(e))?;
    }
    let mut run = json!({
        "dilemma_version": env!("CARGO_PKG_VERSION"),
        "scenario": base.name,
        "kind": "invasion-sweep",
        "seed": base.seed,
        "threads": rayon::current_num_threads(),
        "keys": keys.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>(),
        "points": points.len(),
        "strategies": names.len(),
        "process": base.selection.process(),
        "total_seconds": timing.started.elapsed().as_secs_f64(),
        "dependencies": dependencies(),
    });
    if let (Some(run), Some(units)) = (run.as_object_mut(), units.as_object()) {
        run.extend(units.clone());
    }
    folder.text("run.json", &format!("{run:#}\n"))?;
    let summary: Vec<serde_json::Value> = points
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let top = top_index(&p.chain.abundance);
            json!({
                "point": k,
                "values": p.coordinates,
                "stationary": p.chain.abundance,
                "most_abundant": names[top],
            })
        })
        .collect();
    let rows = points.iter().map(|p| {
        let top = top_index(&p.chain.abundance);
        vec![
            names[top].clone(),
            files::share(p.chain.abundance[top], p.chain.ln_abundance[top]),
            format!("{:.2}", p.effective_number()),
        ]
    });
    let coordinates: Vec<&[f64]> = points.iter().map(|p| &p.coordinates[..]).collect();
    let intensity = match base.selection.process() {
        "moran" => "w",
        _ => "beta",
    };
    let mut text = crate::output::width::fit(&format!(
        "{}: small-mutation limit, {} process, {} points x {} strategies \
         (population {}, {intensity} = {} unless swept)\n",
        base.name,
        base.selection.process(),
        points.len(),
        names.len(),
        base.population,
        base.selection.intensity(),
    ));
    text += &point_table(
        &keys,
        &coordinates,
        ["most abundant", "abundance", "eff. number"],
        rows,
    );
    Ok(Report {
        name: base.name.clone(),
        summary_key: "points",
        summary: serde_json::Value::Array(summary),
        run,
        text,
        page: None,
    })
}
