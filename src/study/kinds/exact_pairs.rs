//! Units that are exact pairs, shared by the kinds made of exact
//! tournaments (`[match] method = "exact"`): a tournament (one point), a
//! tournament sweep and an ecological sweep (one per grid point, laid end
//! to end: point k's ids follow point k - 1's). Within a point a unit is an unordered pair of
//! players (self-play included), id = position in the order (0, 0), (0, 1),
//! ..., (0, n - 1), (1, 1), ... (a tournament on edges: its edges as
//! listed, `ipd::pairings`); its value is the expected outcome of the
//! joint Markov chain of the two players' machines (`exact/`), a pure
//! function of the point's scenario, so any split into shards gives the
//! same files. Every point has the same players, hence the same number of
//! pairs: unit id = point x pairs + pair.
//!
//! In a shard the units are the rows of `exact_pairs.csv` (led by the grid
//! point for a sweep, `output::exact_files`). What a point's pairs make
//! (its payoff matrix, ranking and the three CSVs an exact tournament
//! writes) is here too ([`tables`], [`write_tables`]), and the payoff
//! matrix the evolutionary kinds take ([`expected_matrix`], and
//! [`prepare_table`] for a Moran or fixation study's expected table).

use crate::evolution::moran::{Fitness, MoranProcess};
use crate::evolution::payoff_table::PayoffTable;
use crate::exact::analysis::{Answer, ExactError, MAX_JOINT_STATES, Question, expect_machines};
use crate::exact::machine::Machine;
use crate::exact::matrix::ExpectedMatrix;
use crate::exact::number::{Number, Ratio};
use crate::output::exact_files::{
    EXACT_PAIRS, PairRow, PairValues, Ranked, read_pairs, write_exact_payoffs, write_pairs,
    write_point_pairs, write_ranking,
};
use crate::output::tournament_files::write_payoff_matrix;
use crate::scenario::TournamentScenario;
use crate::study::shard::{RowsAtEnd, read_rows};
use crate::study::{Progress, ResultsFolder, ShardRead, Sink, StudyError, UnitWriter};
use rayon::prelude::*;
use std::ops::Range;
use std::path::Path;

/// One pair of one grid point (point 0 in a tournament).
#[derive(Clone, Debug, PartialEq)]
pub struct PointPair {
    /// The grid point.
    pub point: usize,
    /// The pair's expected values.
    pub values: PairValues,
}

/// One point's tournament: its scenario, machines and question.
struct Point<'a> {
    scenario: &'a TournamentScenario,
    machines: &'a [Machine],
    question: Question,
}

/// Exact tournaments whose pairs are units with consecutive ids.
pub struct ExactPairs<'a> {
    /// The study's name (errors start with it).
    name: &'a str,
    points: Vec<Point<'a>>,
    /// The pairs of every point, in id order.
    pub pairs: Vec<(usize, usize)>,
    /// A sweep: units name their grid point (rows of `exact_pairs.csv`
    /// lead with it; progress and errors name it).
    pub with_point: bool,
}

impl<'a> ExactPairs<'a> {
    /// The pairs of `points` (each an exact tournament with the same
    /// players), end to end; `no_limit` lifts the joint-state limit;
    /// `fractions`: exact fractions too, where the inputs allow (a
    /// tournament's tables show them; an ecological sweep needs doubles).
    pub fn new(
        name: &'a str,
        points: &[&'a TournamentScenario],
        with_point: bool,
        (no_limit, fractions): (bool, bool),
    ) -> Self {
        let n = points.first().map_or(0, |t| t.players.len());
        // Every point has the same players and the same pairings.
        let pairs = points.first().map_or_else(Vec::new, |t| t.pairings.list(n));
        let state_limit = (!no_limit).then_some(MAX_JOINT_STATES);
        ExactPairs {
            name,
            points: points
                .iter()
                .map(|t| Point {
                    scenario: t,
                    machines: t.machines(),
                    question: Question::of(&t.settings, state_limit, fractions),
                })
                .collect(),
            pairs,
            with_point,
        }
    }

    /// Pairs per point.
    pub fn per_point(&self) -> u64 {
        self.pairs.len() as u64
    }

    /// All unit ids.
    pub fn total(&self) -> u64 {
        self.per_point() * self.points.len() as u64
    }

    /// Unit id -> (point, pair number within the point).
    pub fn locate(&self, id: u64) -> Option<(usize, usize)> {
        let per = self.per_point().max(1);
        (id < self.total()).then(|| ((id / per) as usize, (id % per) as usize))
    }

    /// Computes unit `id`.
    fn pair(&self, id: u64) -> Result<PointPair, StudyError> {
        let Some((k, p)) = self.locate(id) else {
            return Err(StudyError::Failed(format!(
                "{}: unit {id} is past the study's {} pairs",
                self.name,
                self.total()
            )));
        };
        let point = &self.points[k];
        let (row, column) = self.pairs[p];
        let (Some(a), Some(b)) = (point.machines.get(row), point.machines.get(column)) else {
            return Err(StudyError::Failed(format!(
                "{}: grid point {k} is not an exact tournament",
                self.name
            )));
        };
        let answer: Answer =
            expect_machines(a, b, &point.question).map_err(|e| self.refusal(k, row, column, e))?;
        let exact = answer.exact.as_ref().map(|e| {
            [
                e.scores[0].to_string(),
                e.scores[1].to_string(),
                e.cooperation[0].to_string(),
                e.cooperation[1].to_string(),
            ]
        });
        Ok(PointPair {
            point: k,
            values: PairValues {
                row,
                column,
                states: answer.states,
                scores: answer.float.scores,
                cooperation: answer.float.cooperation,
                exact,
            },
        })
    }

    /// Why pair (row, column) of point `k` has no answer.
    fn refusal(&self, k: usize, row: usize, column: usize, e: ExactError) -> StudyError {
        let names = &self.points[k].scenario.players;
        let at = if self.with_point {
            format!("{}: grid point {k}", self.name)
        } else {
            self.name.to_string()
        };
        refusal(&at, &names[row].name, &names[column].name, e)
    }

    /// Computes units `ids` in id order (each batch in parallel) and hands
    /// each to `sink`.
    pub fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, PointPair>,
    ) -> Result<(), StudyError> {
        let per = self.per_point().max(1);
        let ids = ids.start..ids.end.min(self.total());
        let mut done = 0;
        let mut start = ids.start;
        while start < ids.end {
            let k = start / per;
            let end = ids.end.min((k + 1) * per);
            if self.with_point {
                progress.part(&format!("point {}/{}", k + 1, self.points.len()));
            }
            // Batches keep the order and let progress move.
            let mut from = start;
            while from < end {
                let to = end.min(from + 64);
                let values: Vec<Result<PointPair, StudyError>> =
                    (from..to).into_par_iter().map(|id| self.pair(id)).collect();
                for (id, value) in (from..to).zip(values) {
                    sink(id, value?)?;
                }
                done += to - from;
                progress.set(done);
                from = to;
            }
            start = end;
        }
        Ok(())
    }

    /// The writer of a shard's `exact_pairs.csv`.
    pub fn shard_writer<'b>(&'b self, dir: &Path) -> Box<dyn UnitWriter<PointPair> + Send + 'b> {
        let with_point = self.with_point;
        let row = move |id: u64, unit: &PointPair| -> PairRow {
            (id, with_point.then_some(unit.point), unit.values.clone())
        };
        let write = if with_point {
            write_point_pairs
        } else {
            write_pairs
        };
        Box::new(RowsAtEnd::new(dir, EXACT_PAIRS, row, write))
    }

    /// Reads a shard's `exact_pairs.csv` (units `ids`), checking every row
    /// is the pair its id names.
    pub fn read_shard(
        &self,
        dir: &Path,
        ids: Range<u64>,
        each: &mut Sink<'_, PointPair>,
    ) -> Result<(), ShardRead> {
        let path = dir.join(EXACT_PAIRS);
        let with_point = self.with_point;
        let read = |row: &mut dyn FnMut((u64, usize, PairValues)) -> Result<(), String>| {
            read_pairs(&path, with_point, |id, point, values| {
                row((id, point, values))
            })
        };
        let unit = |id: u64, (row_id, point, values): (u64, usize, PairValues)| {
            let want = self.locate(id).map(|(k, p)| (k, self.pairs[p]));
            if row_id != id || want != Some((point, (values.row, values.column))) {
                let at = if with_point {
                    format!("point {point}, ")
                } else {
                    String::new()
                };
                return Err(format!(
                    "pair {row_id} ({at}{}, {}) where pair {id} belongs",
                    values.row, values.column
                ));
            }
            Ok(PointPair { point, values })
        };
        read_rows(EXACT_PAIRS, ids, "pairs", read, unit, each)
    }
}

/// The refusal of a pair whose chain has no answer: `at` names the study
/// (and grid point), `a` and `b` the players.
fn refusal(at: &str, a: &str, b: &str, e: ExactError) -> StudyError {
    match e {
        ExactError::TooLarge { limit, .. } => StudyError::Input(format!(
            "{at}: the joint chain of {a} and {b} has more than {limit} states (the work \
             limit); use method = \"simulate\", or lift the limit with --no-limit"
        )),
        other => StudyError::Input(format!("{at}: {a} v {b}: {other}")),
    }
}

/// A sweep's points folded one at a time, in point order: a point's pairs
/// are closed (turned into a `T` by the kind) as soon as its last pair is
/// folded, so memory holds one point's pairs.
pub struct PairFold<T> {
    current: Vec<PairValues>,
    /// The closed points, in point order.
    pub closed: Vec<T>,
}

impl<T> PairFold<T> {
    /// No point folded yet.
    pub fn new(points: usize) -> Self {
        PairFold {
            current: Vec::new(),
            closed: Vec::with_capacity(points),
        }
    }

    /// Folds unit `id` of `pairs`; closes its point after its last pair.
    pub fn add(
        &mut self,
        pairs: &ExactPairs<'_>,
        id: u64,
        unit: PointPair,
        close: &mut dyn FnMut(usize, Vec<PairValues>) -> Result<T, StudyError>,
    ) -> Result<(), StudyError> {
        let point = unit.point;
        self.current.push(unit.values);
        if (id + 1) % pairs.per_point().max(1) == 0 {
            let values = std::mem::take(&mut self.current);
            let closed = close(point, values)?;
            self.closed.push(closed);
        }
        Ok(())
    }
}

/// What a point's pairs make: the payoff matrix (expected score per turn
/// of row against column), the cooperation matrix and the ranking.
pub struct Tables {
    /// Expected score per turn, row against column (0 where they did not
    /// meet: a tournament on edges).
    pub matrix: Vec<Vec<f64>>,
    /// Whether row and column met (every pair in a round robin).
    pub met: Vec<Vec<bool>>,
    /// Players by mean expected score (rank from 1).
    pub ranking: Vec<Ranked>,
}

/// The tables of one exact tournament from its pairs (in any order).
pub fn tables(names: &[String], pairs: &[PairValues], self_play: bool) -> Tables {
    let n = names.len();
    let mut matrix = vec![vec![0.0; n]; n];
    let mut cooperation = vec![vec![0.0; n]; n];
    let mut exact: Vec<Vec<Option<Ratio>>> = vec![vec![None; n]; n];
    let mut met = vec![vec![false; n]; n];
    for p in pairs {
        met[p.row][p.column] = true;
        met[p.column][p.row] = true;
        matrix[p.row][p.column] = p.scores[0];
        matrix[p.column][p.row] = p.scores[1];
        cooperation[p.row][p.column] = p.cooperation[0];
        cooperation[p.column][p.row] = p.cooperation[1];
        if let Some(e) = &p.exact {
            exact[p.row][p.column] = e[0].parse().ok();
            exact[p.column][p.row] = e[1].parse().ok();
        }
    }
    let ranking = rank(names, &matrix, &cooperation, &exact, &met, self_play);
    Tables {
        matrix,
        met,
        ranking,
    }
}

/// Writes an exact tournament's `exact_payoffs.csv`, `payoff_matrix.csv`
/// and `ranking.csv` into `folder`, under `prefix` (`""`, or a point's
/// `points/03/`).
pub fn write_tables(
    folder: &ResultsFolder,
    prefix: &str,
    names: &[String],
    pairs: &[PairValues],
    tables: &Tables,
) -> Result<(), StudyError> {
    folder.write(&format!("{prefix}exact_payoffs.csv"), |p| {
        write_exact_payoffs(p, names, pairs)
    })?;
    folder.write(&format!("{prefix}payoff_matrix.csv"), |p| {
        write_payoff_matrix(p, names, &tables.matrix)
    })?;
    folder.write(&format!("{prefix}ranking.csv"), |p| {
        write_ranking(p, &tables.ranking)
    })
}

/// Players by mean expected score per turn against the others (self-play
/// counted when the scenario says so), ties in player order; by the exact
/// fractions when every pair has them. On edges, against the opponents met
/// (a player that met none but itself scores 0, as a played tournament).
fn rank(
    names: &[String],
    matrix: &[Vec<f64>],
    cooperation: &[Vec<f64>],
    exact: &[Vec<Option<Ratio>>],
    met: &[Vec<bool>],
    self_play: bool,
) -> Vec<Ranked> {
    let n = names.len();
    let opponents =
        |i: usize| (0..n).filter(move |&j| met[i][j] && (self_play || j != i || n == 1));
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
            index: i,
            name: names[i].clone(),
            score,
            score_exact: exact.map(|e| e.to_string()),
            cooperation: coop,
        })
        .collect()
}

/// The expected payoffs of every ordered pair of an exact tournament's
/// players (doubles only), for the evolutionary kinds; a pair whose chain
/// has no answer is refused naming the study and both players.
pub fn expected_matrix(
    scenario: &TournamentScenario,
    machines: &[Machine],
    no_limit: bool,
) -> Result<ExpectedMatrix, StudyError> {
    let question = Question::of(
        &scenario.settings,
        (!no_limit).then_some(MAX_JOINT_STATES),
        false,
    );
    crate::exact::matrix::expected_matrix(machines, &question).map_err(|e| {
        let names = &scenario.players;
        refusal(
            &scenario.name,
            &names[e.row].name,
            &names[e.column].name,
            e.error,
        )
    })
}

/// Computes an expected payoff table's chains (a Moran or fixation study
/// with `[match] method = "exact"`) within the joint-state limit unless
/// `no_limit`, before anything plays on it; a pair over it is refused
/// naming `at` (the study, and grid point) and both players. A played
/// table is left to compute on first use, as it always has been.
pub fn prepare_table(table: &PayoffTable, at: &str, no_limit: bool) -> Result<(), StudyError> {
    if table.machines().is_none() {
        return Ok(());
    }
    table
        .prepare((!no_limit).then_some(MAX_JOINT_STATES))
        .map_err(|e| {
            let names = &table.players;
            refusal(at, &names[e.row].name, &names[e.column].name, e.error)
        })
}

/// [`prepare_table`] for a Moran process whose fitness comes from matches.
pub fn prepare_process(process: &MoranProcess, at: &str, no_limit: bool) -> Result<(), StudyError> {
    match &process.fitness {
        Fitness::Matches(table) => prepare_table(table, at, no_limit),
        Fitness::Constant(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Scenario, Source, parse};

    fn sweep(text: &str) -> Box<crate::scenario::SweepScenario> {
        let source = Source {
            path: "t.toml".into(),
            text: text.into(),
        };
        match parse(&source, Path::new("t.toml")).unwrap().scenario {
            Scenario::Sweep(s) => s,
            other => panic!("not a sweep: {}", other.name()),
        }
    }

    const SWEEP: &str = r#"
name = "pairs"
kind = "tournament"
[match]
method = "exact"
turns = 10
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "defector"
[[players]]
strategy = "gtft"
[sweep.x]
key = "match.noise"
values = [0.0, 0.1]
"#;

    #[test]
    fn ids_run_through_the_points_pairs_in_order() {
        let s = sweep(SWEEP);
        let points: Vec<&TournamentScenario> = s.points.iter().map(|p| &p.tournament).collect();
        let units = ExactPairs::new("pairs", &points, true, (false, true));
        assert_eq!(units.per_point(), 6);
        assert_eq!(units.total(), 12);
        assert_eq!(units.locate(0), Some((0, 0)));
        assert_eq!(units.locate(7), Some((1, 1)));
        assert_eq!(units.locate(12), None);
        let mut seen = Vec::new();
        units
            .play(2..9, &crate::study::Silent, &mut |id, unit| {
                seen.push((id, unit.point, unit.values.row, unit.values.column));
                Ok(())
            })
            .unwrap();
        let want: Vec<_> = (2..9u64)
            .map(|id| {
                let (k, p) = units.locate(id).unwrap();
                (id, k, units.pairs[p].0, units.pairs[p].1)
            })
            .collect();
        assert_eq!(seen, want);
    }

    #[test]
    fn a_point_closes_with_its_last_pair_and_its_tables_rank_by_expected_score() {
        let s = sweep(SWEEP);
        let points: Vec<&TournamentScenario> = s.points.iter().map(|p| &p.tournament).collect();
        let units = ExactPairs::new("pairs", &points, true, (false, true));
        let names: Vec<String> = s.base.players.iter().map(|p| p.name.clone()).collect();
        let mut fold = PairFold::new(2);
        let mut close = |k: usize, pairs: Vec<PairValues>| -> Result<_, StudyError> {
            Ok((k, pairs.len(), tables(&names, &pairs, false)))
        };
        let mut units_played = Vec::new();
        units
            .play(0..12, &crate::study::Silent, &mut |id, unit| {
                units_played.push((id, unit));
                Ok(())
            })
            .unwrap();
        for (id, unit) in units_played {
            fold.add(&units, id, unit, &mut close).unwrap();
            assert_eq!(fold.closed.len() as u64, (id + 1) / 6);
        }
        let (k, count, t) = &fold.closed[0];
        assert_eq!((*k, *count), (0, 6));
        // Without noise over 10 turns: TFT v Defector 0.9, Defector v TFT 1.4.
        assert_eq!(t.matrix[0][1], 0.9);
        assert_eq!(t.matrix[1][0], 1.4);
        assert_eq!(t.ranking.len(), 3);
        for pair in t.ranking.windows(2) {
            assert!(pair[0].score >= pair[1].score, "{:?}", t.ranking);
        }
        assert!(t.ranking.iter().all(|r| names[r.index] == r.name));
        // The noisy point differs.
        assert_ne!(fold.closed[1].2.matrix, t.matrix);
    }
}
