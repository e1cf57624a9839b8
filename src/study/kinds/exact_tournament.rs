//! Kind `tournament` with `[match] method = "exact"`: every pair's
//! expected scores from the joint Markov chain of the two players'
//! machines (`exact/`), no sampling. Units are the unordered pairs (self-
//! play included, as a tournament plays it), id = position in the order
//! (0,0), (0,1), ..., (0,n-1), (1,1), ... (on edges, `[tournament] edges`:
//! the edges as listed; the ranking counts the opponents met and the
//! heat map leaves the others blank); each is a pure function of the
//! scenario, so any split into shards gives the same files. In a shard the
//! units are the rows of `exact_pairs.csv` (the units and the tables are
//! [`super::exact_pairs`]'s, shared with the exact sweep). Written: `exact_payoffs.csv`
//! (every ordered pair, doubles and fractions), `payoff_matrix.csv` (as a
//! simulated tournament writes it, so an invasion study can read it),
//! `ranking.csv` (by mean expected score, rank from 1), the charts
//! `payoff_heatmap` and `ranking`, `scenario.toml`, `run.json`.

use crate::exact::machine::Machine;
use crate::ipd::horizon::Horizon;
use crate::output::exact_files::{PairValues, Ranked, draw_exact_charts};
use crate::output::table;
use crate::scenario::TournamentScenario;
use crate::study::folder::dependencies;
use crate::study::kinds::exact_pairs::{ExactPairs, PointPair, tables, write_tables};
use crate::study::registry::Context;
use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, ShardFormat, ShardRead, Sink, Study, StudyError,
    Timing, UnitWriter,
};
use serde_json::json;
use std::io;
use std::ops::Range;
use std::path::Path;

/// An exact tournament.
pub struct ExactTournament<'a> {
    scenario: &'a TournamentScenario,
    pairs: ExactPairs<'a>,
    context: Context,
}

impl<'a> ExactTournament<'a> {
    /// The study of `scenario`, whose method is exact (its machines, one
    /// per player).
    pub fn new(
        scenario: &'a TournamentScenario,
        machines: &'a [Machine],
        context: Context,
    ) -> Self {
        debug_assert_eq!(machines.len(), scenario.players.len());
        ExactTournament {
            scenario,
            pairs: ExactPairs::new(&scenario.name, &[scenario], false, (context.no_limit, true)),
            context,
        }
    }
}

/// Every pair's values, in pair order.
pub struct Done {
    pairs: Vec<PairValues>,
}

impl Study for ExactTournament<'_> {
    type Unit = PointPair;
    type Fold = Vec<PairValues>;
    type Done = Done;

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }
    fn plan(&self) -> Plan {
        Plan {
            units: self.pairs.total(),
            noun: "pairs",
            parts: false,
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

    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Vec<PairValues>, StudyError> {
        Ok(Vec::with_capacity(self.pairs.pairs.len()))
    }

    fn fold(
        &self,
        pairs: &mut Vec<PairValues>,
        _: u64,
        unit: PointPair,
        _: &ResultsFolder,
    ) -> Result<(), StudyError> {
        pairs.push(unit.values);
        Ok(())
    }

    fn finish(&self, pairs: Vec<PairValues>) -> Result<Done, StudyError> {
        Ok(Done { pairs })
    }

    fn write(
        &self,
        done: Done,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let s = self.scenario;
        let names: Vec<String> = s.players.iter().map(|p| p.name.clone()).collect();
        let n = names.len();
        let tables = tables(&names, &done.pairs, s.self_play_in_ranking);
        write_tables(folder, "", &names, &done.pairs, &tables)?;
        folder.text("scenario.toml", &self.context.resolved)?;
        let ranking = &tables.ranking;
        if s.charts {
            let order: Vec<usize> = ranking.iter().map(|r| r.index).collect();
            let ranked_names: Vec<String> = order.iter().map(|&i| names[i].clone()).collect();
            // A pair that did not meet (on edges) is a blank cell.
            let ranked_matrix: Vec<Vec<f64>> = order
                .iter()
                .map(|&i| {
                    order
                        .iter()
                        .map(|&j| {
                            if tables.met[i][j] {
                                tables.matrix[i][j]
                            } else {
                                f64::NAN
                            }
                        })
                        .collect()
                })
                .collect();
            let scores: Vec<f64> = ranking.iter().map(|r| r.score).collect();
            draw_exact_charts(folder.path(), &ranked_names, &ranked_matrix, &scores)
                .map_err(|e| folder.chart_failed(e))?;
        }
        let states: usize = done.pairs.iter().map(|p| p.states).max().unwrap_or(0);
        let all_exact = done.pairs.iter().all(|p| p.exact.is_some());
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": s.name,
            "kind": "tournament",
            "method": "exact",
            "seed": s.seed,
            "threads": rayon::current_num_threads(),
            "players": n,
            "pairs": done.pairs.len(),
            "largest_chain": states,
            "exact_fractions": all_exact,
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        folder.text("run.json", &format!("{run:#}\n"))?;
        let summary: Vec<serde_json::Value> = ranking
            .iter()
            .map(|r| {
                json!({
                    "rank": r.rank,
                    "name": r.name,
                    "score": r.score,
                    "score_exact": r.score_exact,
                    "cooperation": r.cooperation,
                })
            })
            .collect();
        Ok(Report {
            name: s.name.clone(),
            summary_key: "ranking",
            summary: serde_json::Value::Array(summary),
            run,
            text: report_text(s, ranking, done.pairs.len(), states, all_exact),
            page: None,
        })
    }

    fn shard_format(&self) -> Option<ShardFormat> {
        Some(ShardFormat {
            kind: "exact-tournament",
            data: crate::output::exact_files::EXACT_PAIRS,
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

fn report_text(
    s: &TournamentScenario,
    ranking: &[Ranked],
    pairs: usize,
    largest: usize,
    all_exact: bool,
) -> String {
    let horizon = match s.settings.horizon {
        Horizon::Fixed { turns } => format!("{turns} turns"),
        Horizon::Random {
            continuation,
            cap: None,
        } => format!("continuation {continuation}"),
        Horizon::Random {
            continuation,
            cap: Some(c),
        } => format!("continuation {continuation}, at most {c} turns"),
    };
    let mut text = format!(
        "{}: exact tournament, {} players, {pairs} pairs, {horizon}, noise {}\n\
         Expected values of the joint Markov chains (largest: {largest} states){}\n",
        s.name,
        ranking.len(),
        s.settings.noise,
        if all_exact {
            ", exact fractions in ranking.csv"
        } else {
            ""
        }
    );
    let mut rows = vec![
        ["rank", "name", "score", "exact", "cooperation"]
            .map(String::from)
            .to_vec(),
    ];
    for r in ranking {
        let exact = r
            .score_exact
            .clone()
            .filter(|e| e.len() <= 20)
            .unwrap_or_else(|| {
                if r.score_exact.is_some() {
                    "(long)".into()
                } else {
                    "-".into()
                }
            });
        rows.push(vec![
            r.rank.to_string(),
            crate::output::width::elide(&r.name, 30),
            format!("{:.4}", r.score),
            exact,
            format!("{:.4}", r.cooperation),
        ]);
    }
    text += &table::render(&rows, &[true, false, true, true, true]);
    text
}
