//! The axelrod `ResultSet` statistics beyond the summary: score differences,
//! payoff standard deviations, cooperation and good-partner matrices,
//! eigenjesus/eigenmoses ratings and match lengths.
//!
//! Definitions follow axelrod 4.14's `result_set.py` and `eigen.py`
//! (written anew here):
//!
//! - `score_diffs[i][j][r]`: (score of i - score of j) / turns in repetition
//!   r; 0 for self-play (the mean of both seats' opposite differences).
//! - `payoff_diffs_means[i][j]`: `np.mean` of those over repetitions.
//! - `payoff_stddevs[i][j]`: `np.std` (population) over repetitions of i's
//!   score per turn against j.
//! - `match_lengths[r][i][j]`: turns of the match of i and j in repetition r.
//! - `cooperation[i][j]`: i's C moves against j over all repetitions (for
//!   self-play the two seats' total halved and truncated, as axelrod does).
//! - `normalised_cooperation[i][j]`: cooperation / total turns (0 for none);
//!   `vengeful_cooperation = 2 (normalised - 0.5)`.
//! - `good_partner_matrix[i][j]`: repetitions in which i cooperated at least
//!   as often as j (diagonal 0); `good_partner_rating[i]` its row sum over
//!   i's non-self matches.
//! - On a tournament of edges a pair that never met has 0 everywhere
//!   (score differences, lengths, cooperation), as axelrod's defaults.
//! - `eigenjesus` / `eigenmoses`: the principal eigenvector of the normalised
//!   / vengeful cooperation matrix by power iteration from the all-ones
//!   vector, stopped when successive vectors differ by less than 1e-3
//!   (Euclidean) or after 1001 steps (Aaronson, "Eigenmorality", 2014). A
//!   zero matrix gives NaN, as in axelrod.
//!
//! Memory: one turn count and one score difference per unordered pair and
//! repetition, plus a good-partner count per ordered pair.

use crate::ipd::match_record::MatchRecord;
use crate::ipd::numeric::{numpy_mean, numpy_sum};
use crate::ipd::payoffs::Payoffs;
use crate::ipd::results::TournamentResults;

/// Per-match numbers the summary does not keep, folded in match by match.
#[derive(Clone, Debug)]
pub struct ResultSetExtras {
    n: usize,
    repetitions: u32,
    /// Turns of pair (i <= j) in repetition r at `pair(i, j) * R + r`.
    lengths: Vec<u32>,
    /// Score of i minus score of j, same index.
    differences: Vec<f64>,
    /// Repetitions in which i cooperated at least as often as j, at `i * n + j`.
    good_partner: Vec<u32>,
}

impl ResultSetExtras {
    /// Empty extras for `n` players and `repetitions` repetitions.
    pub fn new(n: usize, repetitions: u32) -> ResultSetExtras {
        let cells = n * (n + 1) / 2 * repetitions as usize;
        ResultSetExtras {
            n,
            repetitions,
            lengths: vec![0; cells],
            differences: vec![0.0; cells],
            good_partner: vec![0; n * n],
        }
    }

    fn cell(&self, i: usize, j: usize, r: u32) -> usize {
        let (i, j) = if i <= j { (i, j) } else { (j, i) };
        let pair = i * self.n - i * i.saturating_sub(1) / 2 + (j - i);
        // Row i starts after rows 0..i, of lengths n, n-1, ..., n-i+1.
        pair * self.repetitions as usize + r as usize
    }

    /// Folds one match in.
    pub fn add(&mut self, record: &MatchRecord, payoffs: &Payoffs) {
        let (i, j) = (record.first, record.second);
        let cell = self.cell(i, j, record.repetition);
        let [a, b] = record.outcome.scores(payoffs);
        self.lengths[cell] = record.outcome.length;
        // Kept as the lower index's score minus the higher's (an edge may
        // seat the higher index first).
        self.differences[cell] = if i <= j { a - b } else { b - a };
        if i != j {
            let [ci, cj] = record.outcome.cooperations();
            self.good_partner[i * self.n + j] += u32::from(ci >= cj);
            self.good_partner[j * self.n + i] += u32::from(cj >= ci);
        }
    }

    /// Turns of the match of `i` and `j` in repetition `r`.
    pub fn match_length(&self, r: u32, i: usize, j: usize) -> u32 {
        self.lengths[self.cell(i, j, r)]
    }

    /// `score_diffs[i][j][r]`: i's score minus j's, per turn.
    /// 0 for self-play and for a pair that never met (axelrod's default).
    pub fn score_diff(&self, r: u32, i: usize, j: usize) -> f64 {
        let cell = self.cell(i, j, r);
        if i == j || self.lengths[cell] == 0 {
            return 0.0;
        }
        let difference = if i < j {
            self.differences[cell]
        } else {
            -self.differences[cell]
        };
        difference / self.lengths[cell] as f64
    }

    /// Every number of the ResultSet extras, computed with `results` (the
    /// scores per turn and cooperation totals of the same tournament).
    pub fn compute(&self, results: &TournamentResults) -> ResultSetStats {
        let n = self.n;
        let reps = self.repetitions;
        let square = |f: &dyn Fn(usize, usize) -> f64| -> Vec<Vec<f64>> {
            (0..n).map(|i| (0..n).map(|j| f(i, j)).collect()).collect()
        };
        let payoff_diffs_means = square(&|i, j| {
            let diffs: Vec<f64> = (0..reps).map(|r| self.score_diff(r, i, j)).collect();
            numpy_mean(&diffs)
        });
        let payoff_stddevs = square(&|i, j| {
            let values: Vec<f64> = (0..reps).map(|r| results.score_per_turn(r, i, j)).collect();
            numpy_std(&values)
        });
        let cooperation: Vec<Vec<u64>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        let count = results.pair_totals(i, j).cooperations;
                        if i == j { count / 2 } else { count }
                    })
                    .collect()
            })
            .collect();
        let normalised_cooperation = square(&|i, j| {
            let turns: u64 = (0..reps).map(|r| self.match_length(r, i, j) as u64).sum();
            if turns == 0 {
                0.0
            } else {
                cooperation[i][j] as f64 / turns as f64
            }
        });
        let vengeful: Vec<Vec<f64>> = normalised_cooperation
            .iter()
            .map(|row| row.iter().map(|c| 2.0 * (c - 0.5)).collect())
            .collect();
        let good_partner_matrix: Vec<Vec<u32>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        if i == j {
                            0
                        } else {
                            self.good_partner[i * n + j]
                        }
                    })
                    .collect()
            })
            .collect();
        // Over the player's matches against others (axelrod: its rows that
        // are not self-play, at least 1).
        let good_partner_rating = good_partner_matrix
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let matches = results.matches_against_others(i).max(1) as f64;
                row.iter().map(|&g| g as u64).sum::<u64>() as f64 / matches
            })
            .collect();
        ResultSetStats {
            eigenjesus: principal_eigenvector(&normalised_cooperation),
            eigenmoses: principal_eigenvector(&vengeful),
            payoff_diffs_means,
            payoff_stddevs,
            cooperation,
            normalised_cooperation,
            good_partner_matrix,
            good_partner_rating,
        }
    }
}

/// The ResultSet extras of a tournament, indexed by players in scenario order.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultSetStats {
    /// Mean over repetitions of i's score difference per turn against j.
    pub payoff_diffs_means: Vec<Vec<f64>>,
    /// Population standard deviation over repetitions of i's score per turn against j.
    pub payoff_stddevs: Vec<Vec<f64>>,
    /// i's C moves against j, all repetitions.
    pub cooperation: Vec<Vec<u64>>,
    /// `cooperation` per turn played.
    pub normalised_cooperation: Vec<Vec<f64>>,
    /// Repetitions in which i cooperated at least as much as j.
    pub good_partner_matrix: Vec<Vec<u32>>,
    /// Share of i's non-self matches in which it was a good partner.
    pub good_partner_rating: Vec<f64>,
    /// Principal eigenvector of `normalised_cooperation`.
    pub eigenjesus: Vec<f64>,
    /// Principal eigenvector of the vengeful cooperation matrix.
    pub eigenmoses: Vec<f64>,
}

/// `np.std` (ddof 0): numpy's pairwise sums for the mean and the squares.
pub fn numpy_std(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = numpy_sum(values) / n;
    let squares: Vec<f64> = values
        .iter()
        .map(|v| {
            let d = v - mean;
            d * d
        })
        .collect();
    (numpy_sum(&squares) / n).sqrt()
}

fn normalise(v: &[f64]) -> Vec<f64> {
    let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    v.iter().map(|x| x / norm).collect()
}

fn distance(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y) * (x - y))
        .sum::<f64>()
        .sqrt()
}

/// axelrod's `eigen.principal_eigenvector` (1000 iterations, error 1e-3).
pub fn principal_eigenvector(matrix: &[Vec<f64>]) -> Vec<f64> {
    const MAXIMUM_ITERATIONS: usize = 1000;
    const MAX_ERROR: f64 = 1e-3;
    let mut last = vec![1.0; matrix.len()];
    let mut current = last.clone();
    let mut step = 0;
    loop {
        let product: Vec<f64> = matrix
            .iter()
            .map(|row| row.iter().zip(&current).map(|(m, v)| m * v).sum())
            .collect();
        current = normalise(&product);
        if step > MAXIMUM_ITERATIONS || distance(&current, &last) < MAX_ERROR {
            return current;
        }
        last.clone_from(&current);
        step += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::play::MatchSettings;
    use crate::ipd::strategies::PlayerSpec;
    use crate::ipd::tournament::Tournament;

    fn play(ids: &[&str], turns: u32, repetitions: u32) -> (TournamentResults, ResultSetExtras) {
        let t = Tournament {
            players: ids
                .iter()
                .map(|id| PlayerSpec::new(id).build().unwrap())
                .collect(),
            settings: MatchSettings {
                horizon: Horizon::Fixed { turns },
                noise: 0.0,
                payoffs: Payoffs::STANDARD,
            },
            repetitions,
            seed: 1,
            pairings: crate::ipd::pairings::Pairings::RoundRobin,
        };
        let mut extras = ResultSetExtras::new(ids.len(), repetitions);
        let results = t
            .run::<()>(
                |r| {
                    extras.add(r, &Payoffs::STANDARD);
                    Ok(())
                },
                |_| {},
            )
            .unwrap();
        (results, extras)
    }

    #[test]
    fn cooperator_defector_tit_for_tat_by_hand() {
        // 4 turns. C vs D: 0 : 20; C vs TFT: 12 : 12; D vs TFT: DDDD/CDDD,
        // 5 + 1 + 1 + 1 = 8 : 0 + 1 + 1 + 1 = 3.
        let (results, extras) = play(&["cooperator", "defector", "tit-for-tat"], 4, 2);
        assert_eq!(extras.score_diff(0, 0, 1), -5.0);
        assert_eq!(extras.score_diff(1, 1, 0), 5.0);
        assert_eq!(extras.score_diff(0, 1, 2), 5.0 / 4.0);
        assert_eq!(extras.score_diff(0, 2, 2), 0.0);
        assert_eq!(extras.match_length(1, 2, 0), 4);
        let stats = extras.compute(&results);
        assert_eq!(stats.payoff_diffs_means[2][1], -1.25);
        assert!(stats.payoff_stddevs.iter().flatten().all(|&s| s == 0.0));
        // TFT cooperates once against Defector per repetition; with itself
        // 4 per seat, both seats over 2 repetitions = 16, halved = 8.
        assert_eq!(stats.cooperation[2], vec![8, 2, 8]);
        assert_eq!(stats.cooperation[1], vec![0, 0, 0]);
        assert_eq!(stats.normalised_cooperation[2][1], 2.0 / 8.0);
        // Good partner: Cooperator always; Defector never against C or TFT.
        assert_eq!(stats.good_partner_matrix[0], vec![0, 2, 2]);
        assert_eq!(stats.good_partner_matrix[1], vec![0, 0, 0]);
        assert_eq!(stats.good_partner_matrix[2], vec![2, 2, 0]);
        assert_eq!(stats.good_partner_rating, vec![1.0, 0.0, 1.0]);
        for v in [&stats.eigenjesus, &stats.eigenmoses] {
            let norm: f64 = v.iter().map(|x| x * x).sum();
            assert!((norm - 1.0).abs() < 1e-12, "{v:?}");
        }
    }

    #[test]
    fn power_iteration_finds_the_principal_eigenvector() {
        // [[2, 1], [1, 2]]: eigenvalues 3 and 1; principal (1, 1)/sqrt 2,
        // which is also the start, so one step converges.
        let v = principal_eigenvector(&[vec![2.0, 1.0], vec![1.0, 2.0]]);
        let h = 1.0 / 2f64.sqrt();
        assert!((v[0] - h).abs() < 1e-15 && (v[1] - h).abs() < 1e-15);
        // [[1, 0], [0, 3]] from (1, 1): converges to (0, 1) within 1e-3.
        let v = principal_eigenvector(&[vec![1.0, 0.0], vec![0.0, 3.0]]);
        assert!(v[0] < 1e-3 && (v[1] - 1.0).abs() < 1e-6, "{v:?}");
        // A zero matrix has no direction: NaN, as numpy gives.
        let v = principal_eigenvector(&[vec![0.0, 0.0], vec![0.0, 0.0]]);
        assert!(v.iter().all(|x| x.is_nan()));
    }

    #[test]
    fn numpy_std_is_the_population_deviation() {
        assert_eq!(numpy_std(&[1.0, 3.0]), 1.0);
        assert_eq!(numpy_std(&[2.0, 2.0, 2.0]), 0.0);
        let v = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(numpy_std(&v), 1.25f64.sqrt());
    }
}
