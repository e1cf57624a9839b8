//! Kind `tournament` with `[match] method = "exact"`: every pair's
//! expected scores from the joint Markov chain of the two players'
//! machines (`exact/`), no sampling. Units are the unordered pairs (self-
//! play included, as a tournament plays it), id = position in the order
//! (0,0), (0,1), ..., (0,n-1), (1,1), ...; each is a pure function of the
//! scenario, so any split into shards gives the same files. In a shard the
//! units are the rows of `exact_pairs.csv`. Written: `exact_payoffs.csv`
//! (every ordered pair, doubles and fractions), `payoff_matrix.csv` (as a
//! simulated tournament writes it, so an invasion study can read it),
//! `ranking.csv` (by mean expected score, rank from 1), the charts
//! `payoff_heatmap` and `ranking`, `scenario.toml`, `run.json`.

use crate::exact::analysis::{Answer, ExactError, MAX_JOINT_STATES, Question, expect_machines};
use crate::exact::chain::Length;
use crate::exact::machine::Machine;
use crate::exact::number::{Number, Ratio, Value};
use crate::ipd::horizon::Horizon;
use crate::output::exact_files::{
    EXACT_PAIRS, PairValues, Ranked, draw_exact_charts, read_pairs, write_exact_payoffs,
    write_pairs, write_ranking,
};
use crate::output::table;
use crate::output::tournament_files::write_payoff_matrix;
use crate::scenario::TournamentScenario;
use crate::study::folder::dependencies;
use crate::study::registry::Context;
use crate::study::shard::{RowsAtEnd, read_rows};
use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, ShardFormat, ShardRead, Sink, Study, StudyError,
    Timing, UnitWriter,
};
use rayon::prelude::*;
use serde_json::json;
use std::io;
use std::ops::Range;
use std::path::Path;

/// An exact tournament.
pub struct ExactTournament<'a> {
    scenario: &'a TournamentScenario,
    machines: &'a [Machine],
    pairs: Vec<(usize, usize)>,
    context: Context,
}

impl<'a> ExactTournament<'a> {
    /// The study of `scenario`, whose method is exact.
    pub fn new(
        scenario: &'a TournamentScenario,
        machines: &'a [Machine],
        context: Context,
    ) -> Self {
        let n = machines.len();
        let pairs = (0..n).flat_map(|i| (i..n).map(move |j| (i, j))).collect();
        ExactTournament {
            scenario,
            machines,
            pairs,
            context,
        }
    }

    fn question(&self) -> Question {
        let settings = &self.scenario.settings;
        let length = match settings.horizon {
            Horizon::Fixed { turns } => Length::Turns(turns),
            Horizon::Random { continuation, cap } => Length::Continuation {
                w: Value::of(continuation),
                cap,
            },
        };
        Question {
            payoffs: settings.payoffs,
            noise: settings.noise,
            length,
            state_limit: (!self.context.no_limit).then_some(MAX_JOINT_STATES),
            fractions: true,
        }
    }

    fn pair(&self, id: u64, question: &Question) -> Result<PairValues, StudyError> {
        let (row, column) = self.pairs[id as usize];
        let answer: Answer = expect_machines(&self.machines[row], &self.machines[column], question)
            .map_err(|e| {
                let names = &self.scenario.players;
                match e {
                    ExactError::TooLarge { limit, .. } => StudyError::Input(format!(
                        "{}: the joint chain of {} and {} has more than {limit} states (the work \
                         limit); use method = \"simulate\", or lift the limit with --no-limit",
                        self.scenario.name, names[row].name, names[column].name
                    )),
                    other => StudyError::Input(format!("{}: {other}", self.scenario.name)),
                }
            })?;
        let exact = answer.exact.as_ref().map(|e| {
            [
                e.scores[0].to_string(),
                e.scores[1].to_string(),
                e.cooperation[0].to_string(),
                e.cooperation[1].to_string(),
            ]
        });
        Ok(PairValues {
            row,
            column,
            states: answer.states,
            scores: answer.float.scores,
            cooperation: answer.float.cooperation,
            exact,
        })
    }
}

/// Every pair's values, in pair order.
pub struct Done {
    pairs: Vec<PairValues>,
}

impl Study for ExactTournament<'_> {
    type Unit = PairValues;
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
            units: self.pairs.len() as u64,
            noun: "pairs",
            parts: false,
            shown: true,
        }
    }

    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, PairValues>,
    ) -> Result<(), StudyError> {
        let question = self.question();
        let mut done = 0;
        // Batches keep the order and let progress move.
        let ids: Vec<u64> = ids.collect();
        for batch in ids.chunks(64) {
            let values: Vec<Result<PairValues, StudyError>> = batch
                .par_iter()
                .map(|&id| self.pair(id, &question))
                .collect();
            for (&id, value) in batch.iter().zip(values) {
                sink(id, value?)?;
            }
            done += batch.len() as u64;
            progress.set(done);
        }
        Ok(())
    }

    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Vec<PairValues>, StudyError> {
        Ok(Vec::with_capacity(self.pairs.len()))
    }

    fn fold(
        &self,
        pairs: &mut Vec<PairValues>,
        _: u64,
        unit: PairValues,
        _: &ResultsFolder,
    ) -> Result<(), StudyError> {
        pairs.push(unit);
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
        let mut matrix = vec![vec![0.0; n]; n];
        let mut cooperation = vec![vec![0.0; n]; n];
        let mut exact: Vec<Vec<Option<Ratio>>> = vec![vec![None; n]; n];
        for p in &done.pairs {
            matrix[p.row][p.column] = p.scores[0];
            matrix[p.column][p.row] = p.scores[1];
            cooperation[p.row][p.column] = p.cooperation[0];
            cooperation[p.column][p.row] = p.cooperation[1];
            if let Some(e) = &p.exact {
                exact[p.row][p.column] = e[0].parse().ok();
                exact[p.column][p.row] = e[1].parse().ok();
            }
        }
        let ranking = rank(
            &names,
            &matrix,
            &cooperation,
            &exact,
            s.self_play_in_ranking,
        );
        folder.write("exact_payoffs.csv", |p| {
            write_exact_payoffs(p, &names, &done.pairs)
        })?;
        folder.write("payoff_matrix.csv", |p| {
            write_payoff_matrix(p, &names, &matrix)
        })?;
        folder.write("ranking.csv", |p| write_ranking(p, &ranking))?;
        folder.text("scenario.toml", &self.context.resolved)?;
        if s.charts {
            let order: Vec<usize> = ranking
                .iter()
                .map(|r| names.iter().position(|m| *m == r.name).unwrap_or(0))
                .collect();
            let ranked_names: Vec<String> = order.iter().map(|&i| names[i].clone()).collect();
            let ranked_matrix: Vec<Vec<f64>> = order
                .iter()
                .map(|&i| order.iter().map(|&j| matrix[i][j]).collect())
                .collect();
            let scores: Vec<f64> = ranking.iter().map(|r| r.score).collect();
            draw_exact_charts(
                folder.path(),
                &s.name,
                &ranked_names,
                &ranked_matrix,
                &scores,
            )
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
            text: report_text(s, &ranking, done.pairs.len(), states, all_exact),
            page: None,
        })
    }

    fn shard_format(&self) -> Option<ShardFormat> {
        Some(ShardFormat {
            kind: "exact-tournament",
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
    ) -> Result<Box<dyn UnitWriter<PairValues> + Send + 'b>, (&'static str, io::Error)> {
        let row = |id: u64, unit: &PairValues| (id, unit.clone());
        Ok(Box::new(RowsAtEnd::new(dir, EXACT_PAIRS, row, write_pairs)))
    }

    fn read_shard(
        &self,
        dir: &Path,
        ids: Range<u64>,
        each: &mut Sink<'_, PairValues>,
    ) -> Result<(), ShardRead> {
        let path = dir.join(EXACT_PAIRS);
        let read = |row: &mut dyn FnMut((u64, PairValues)) -> Result<(), String>| {
            read_pairs(&path, |id, values| row((id, values)))
        };
        let unit = |id: u64, (row_id, values): (u64, PairValues)| {
            let want = self.pairs.get(id as usize).copied();
            if row_id != id || want != Some((values.row, values.column)) {
                return Err(format!(
                    "pair {row_id} ({}, {}) where pair {id} belongs",
                    values.row, values.column
                ));
            }
            Ok(values)
        };
        read_rows(EXACT_PAIRS, ids, "pairs", read, unit, each)
    }

    fn same_unit(&self, replayed: &PairValues, kept: &PairValues) -> Option<bool> {
        Some(replayed == kept)
    }
}

/// Players by mean expected score per turn against the others (self-play
/// counted when the scenario says so), ties in player order.
fn rank(
    names: &[String],
    matrix: &[Vec<f64>],
    cooperation: &[Vec<f64>],
    exact: &[Vec<Option<Ratio>>],
    self_play: bool,
) -> Vec<Ranked> {
    let n = names.len();
    let opponents = |i: usize| (0..n).filter(move |&j| self_play || j != i || n == 1);
    let mean = |values: &dyn Fn(usize) -> f64, i: usize| {
        let count = opponents(i).count().max(1) as f64;
        opponents(i).map(values).sum::<f64>() / count
    };
    let mut rows: Vec<(usize, f64, Option<Ratio>, f64)> = (0..n)
        .map(|i| {
            let score = mean(&|j| matrix[i][j], i);
            let coop = mean(&|j| cooperation[i][j], i);
            let count = opponents(i).count().max(1) as i64;
            let exact_sum = opponents(i).try_fold(Ratio::zero(), |acc, j| {
                exact[i][j].as_ref().map(|r| acc.plus(r))
            });
            let exact_mean = exact_sum.map(|s| s.over(&Ratio::integer(count)));
            (i, score, exact_mean, coop)
        })
        .collect();
    rows.sort_by(|a, b| match (&a.2, &b.2) {
        (Some(x), Some(y)) => y.cmp(x).then(a.0.cmp(&b.0)),
        _ => b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)),
    });
    rows.into_iter()
        .enumerate()
        .map(|(k, (i, score, exact, coop))| Ranked {
            rank: k + 1,
            name: names[i].clone(),
            score,
            score_exact: exact.map(|e| e.to_string()),
            cooperation: coop,
        })
        .collect()
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
