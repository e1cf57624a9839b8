//! Every ordered pair's expected payoff, from the joint chains of a list of
//! machines: the payoff table that the evolutionary kinds (ecological
//! dynamics, the Moran process, fixation matrices, invasion) take when
//! their `[match] method` is `"exact"`.
//!
//! Each unordered pair (i <= j, self-play included) is one chain
//! ([`analysis::expect_machines`]), computed in parallel; the matrix holds
//! both seats of it. The result does not depend on the thread count: each
//! cell is a pure function of its pair, and the first failing pair in pair
//! order is the one reported.

use crate::exact::analysis::{ExactError, Question, expect_machines};
use crate::exact::machine::Machine;
use rayon::prelude::*;

/// The expected payoffs of every ordered pair.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectedMatrix {
    /// `per_turn[i][j]`: i's expected score per turn against j.
    pub per_turn: Vec<Vec<f64>>,
    /// The expected number of turns of a match (the same for every pair:
    /// the horizon sets it); `None` for play without end.
    pub length: Option<f64>,
}

impl ExpectedMatrix {
    /// `totals()[i][j]`: i's expected total score against j, the expected
    /// score per turn times the expected length (E[X] = E[X] / E[N] x
    /// E[N]); `None` for play without end.
    pub fn totals(&self) -> Option<Vec<Vec<f64>>> {
        let length = self.length?;
        Some(
            self.per_turn
                .iter()
                .map(|row| row.iter().map(|v| v * length).collect())
                .collect(),
        )
    }
}

/// The pair whose chain could not be computed, and why.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("players {row} and {column}: {error}")]
pub struct PairError {
    /// The first player's index.
    pub row: usize,
    /// The second player's index.
    pub column: usize,
    /// Why.
    pub error: ExactError,
}

/// The unordered pairs (i, j), i <= j, in order (0, 0), (0, 1), ...,
/// (0, n - 1), (1, 1), ...: the order of a tournament's pairs.
pub fn pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n).flat_map(|i| (i..n).map(move |j| (i, j))).collect()
}

/// Every ordered pair's expected payoff under `question` (in doubles; the
/// question's `fractions` are not needed here and cost time: ask without).
pub fn expected_matrix(
    machines: &[Machine],
    question: &Question,
) -> Result<ExpectedMatrix, PairError> {
    let n = machines.len();
    let pairs = pairs(n);
    /// Both seats' expected scores per turn and the expected length.
    type PairAnswer = ([f64; 2], Option<f64>);
    let answers: Vec<Result<PairAnswer, PairError>> = pairs
        .par_iter()
        .map(|&(row, column)| {
            expect_machines(&machines[row], &machines[column], question)
                .map(|a| (a.float.scores, a.float.length))
                .map_err(|error| PairError { row, column, error })
        })
        .collect();
    let mut per_turn = vec![vec![0.0; n]; n];
    let mut length = None;
    for (&(i, j), answer) in pairs.iter().zip(answers) {
        let ([a, b], turns) = answer?;
        per_turn[i][j] = a;
        per_turn[j][i] = b;
        length = turns;
    }
    Ok(ExpectedMatrix { per_turn, length })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::chain::Length;
    use crate::exact::number::Value;
    use crate::exact::reading::{Reading, machine_of};
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::strategies::PlayerSpec;

    fn machines(ids: &[&str], length_known: bool) -> Vec<Machine> {
        let reading = Reading {
            payoffs: Payoffs::STANDARD,
            length_known,
        };
        ids.iter()
            .map(|id| machine_of(&PlayerSpec::new(id).build().unwrap(), &reading).unwrap())
            .collect()
    }

    fn question(length: Length) -> Question {
        Question {
            payoffs: Payoffs::STANDARD,
            noise: 0.0,
            length,
            state_limit: None,
            fractions: false,
        }
    }

    #[test]
    fn cells_are_both_seats_of_each_pair_and_totals_scale_by_the_length() {
        let m = machines(&["tit-for-tat", "defector", "cooperator"], true);
        let e = expected_matrix(&m, &question(Length::Turns(10))).unwrap();
        // TFT v Defector: CD once, then DD: 9 / 10 and 14 / 10 per turn.
        assert_eq!(e.per_turn[0][1], 0.9);
        assert_eq!(e.per_turn[1][0], 1.4);
        assert_eq!(e.per_turn[1][2], 5.0);
        assert_eq!(e.per_turn[2][1], 0.0);
        assert_eq!(e.per_turn[0][0], 3.0);
        assert_eq!(e.length, Some(10.0));
        let totals = e.totals().unwrap();
        assert!((totals[0][1] - 9.0).abs() < 1e-12);
        assert!((totals[1][0] - 14.0).abs() < 1e-12);
        // A random horizon: the expected length is 1 / (1 - w) for every pair.
        let m = machines(&["tit-for-tat", "defector"], false);
        let w = Length::Continuation {
            w: Value::of(0.5),
            cap: None,
        };
        let e = expected_matrix(&m, &question(w)).unwrap();
        assert_eq!(e.length, Some(2.0));
        // TFT v Defector with w = 1/2: CD, then DD worth 1 at weights 1/2,
        // 1/4, ...: E[X] = 1 over E[N] = 2 turns.
        assert!((e.per_turn[0][1] - 0.5).abs() < 1e-12, "{:?}", e.per_turn);
    }

    #[test]
    fn the_first_pair_over_the_state_limit_is_named() {
        let m = machines(&["first-by-nydegger", "tit-for-tat"], true);
        let mut q = question(Length::Turns(10));
        q.noise = 0.1;
        q.state_limit = Some(20);
        let e = expected_matrix(&m, &q).unwrap_err();
        assert_eq!((e.row, e.column), (0, 0));
        assert!(matches!(e.error, ExactError::TooLarge { limit: 20, .. }));
    }
}
