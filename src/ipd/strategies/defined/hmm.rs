//! `kind = "hmm"`: a hidden Markov model driven by the opponent's moves
//! (axelrod's `HMMPlayer` / `SimpleHMM`, Marc Harper; 4.14
//! `strategies/hmm.py`), a stochastic finite state machine.
//!
//! The model has n hidden states numbered from 0, two n x n transition
//! matrices (row = current state, column = next state), one used after the
//! opponent's C and one after its D, and for each state the probability of
//! emitting C. Every row is a probability distribution (entries in [0, 1]
//! summing to 1 within 1e-8, axelrod's `is_stochastic_matrix`).
//!
//! A turn, in axelrod's order: the first turn plays `first` and draws
//! nothing. Every later turn first moves the hidden state with the matrix of
//! the opponent's last move, then emits from the new state:
//! - the transition: a row that contains an entry exactly 1 goes to (the
//!   first) such state without a draw (axelrod's `_cache_deterministic_transitions`);
//!   any other row draws one uniform u in [0, 1) and takes the first state
//!   whose cumulative probability, divided by the row's total, exceeds u
//!   (numpy's `RandomState.choice(n, 1, p=row)`: `cdf.searchsorted(u, "right")`);
//! - the emission: probability 0 plays D and 1 plays C without a draw, any
//!   other p draws once and plays C when u < p (axelrod's `random_choice`).
//!
//! The cumulative rows are computed once when the model is built, so a turn
//! allocates nothing and reads one row.

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::defined::fsm::{Fsm, StateSpec};
use crate::ipd::strategies::defined::{DefinitionError, Place, check_probability};

/// The most hidden states a model may have.
pub const MAX_STATES: usize = 64;

/// How far a row's sum may be from 1 (axelrod's `is_stochastic_matrix`).
pub const ROW_TOLERANCE: f64 = 1e-8;

/// The field names of the two transition matrices, indexed by the
/// opponent's move bit (C = 0, D = 1).
pub const MATRICES: [&str; 2] = ["transitions_C", "transitions_D"];

/// A validated hidden Markov model.
#[derive(Clone, Debug, PartialEq)]
pub struct Hmm {
    /// The transition matrices after the opponent's C and D, as written
    /// (rows of n entries).
    pub transitions: [Vec<Vec<f64>>; 2],
    /// P(C) emitted in each state.
    pub emissions: Vec<f64>,
    /// The state before the second turn.
    pub start: usize,
    /// The first move.
    pub first: Action,
    /// Per matrix and row: the target state when the row holds an entry 1.
    certain: [Vec<Option<usize>>; 2],
    /// Per matrix: the normalised cumulative rows, n x n flat.
    cumulative: [Vec<f64>; 2],
}

impl Hmm {
    /// Checks the shapes, the probabilities, the row sums and the start.
    pub fn new(
        transitions: [Vec<Vec<f64>>; 2],
        emissions: Vec<f64>,
        start: usize,
        first: Action,
    ) -> Result<Hmm, DefinitionError> {
        let n = emissions.len();
        if n == 0 || n > MAX_STATES {
            return Err(DefinitionError::new(
                Place::Field("emissions"),
                format!(
                    "`emissions` has {n} entries; a model has 1 to {MAX_STATES} states, one \
                     probability of C for each"
                ),
            ));
        }
        for (i, &p) in emissions.iter().enumerate() {
            check_probability(
                p,
                &format!("the probability of C emitted in state {i}"),
                Place::Item("emissions", i),
            )?;
        }
        for (matrix, field) in transitions.iter().zip(MATRICES) {
            if matrix.len() != n {
                return Err(DefinitionError::new(
                    Place::Field(field),
                    format!(
                        "`{field}` has {} rows; it must be {n} x {n} (one row per state, as \
                         `emissions` has {n} entries)",
                        matrix.len()
                    ),
                ));
            }
            for (row, values) in matrix.iter().enumerate() {
                if values.len() != n {
                    return Err(DefinitionError::new(
                        Place::Item(field, row),
                        format!(
                            "row {row} of `{field}` has {} entries; it must have {n} (the \
                             probability of moving to each state)",
                            values.len()
                        ),
                    ));
                }
                for (column, &p) in values.iter().enumerate() {
                    check_probability(
                        p,
                        &format!("`{field}` row {row}, column {column}"),
                        Place::Cell(field, row, column),
                    )?;
                }
                let sum: f64 = values.iter().sum();
                if (sum - 1.0).abs() > ROW_TOLERANCE {
                    return Err(DefinitionError::new(
                        Place::Item(field, row),
                        format!(
                            "row {row} of `{field}` sums to {sum}; the probabilities of the next \
                             state must sum to 1 (within {ROW_TOLERANCE})"
                        ),
                    ));
                }
            }
        }
        if start >= n {
            return Err(DefinitionError::new(
                Place::Field("start"),
                format!(
                    "start state {start} does not exist; states are numbered 0 to {}",
                    n - 1
                ),
            ));
        }
        let certain = transitions.clone().map(|matrix| {
            matrix
                .iter()
                .map(|row| row.iter().position(|&p| p == 1.0))
                .collect()
        });
        let cumulative = transitions.clone().map(|matrix| {
            matrix
                .iter()
                .flat_map(|row| {
                    let mut total = 0.0;
                    let mut running: Vec<f64> = row
                        .iter()
                        .map(|p| {
                            total += p;
                            total
                        })
                        .collect();
                    let last = total;
                    running.iter_mut().for_each(|c| *c /= last);
                    running
                })
                .collect()
        });
        Ok(Hmm {
            transitions,
            emissions,
            start,
            first,
            certain,
            cumulative,
        })
    }

    /// The number of hidden states.
    pub fn states(&self) -> usize {
        self.emissions.len()
    }

    /// True when some transition or emission probability is strictly
    /// between 0 and 1 (axelrod's `HMMPlayer.is_stochastic`).
    pub fn is_stochastic(&self) -> bool {
        self.transitions
            .iter()
            .flatten()
            .flatten()
            .chain(&self.emissions)
            .any(|&p| p > 0.0 && p < 1.0)
    }

    /// The model as a state machine when it never draws: each row's 1 is
    /// the next state and the emission of that state the move.
    fn as_fsm(&self) -> Option<Fsm> {
        if self.is_stochastic() {
            return None;
        }
        let play = |state: usize| {
            if self.emissions[state] == 1.0 {
                Action::C
            } else {
                Action::D
            }
        };
        let specs: Vec<StateSpec> = (0..self.states())
            .map(|s| {
                let on =
                    [0, 1].map(|m| self.certain[m][s].map(|next| (next.to_string(), play(next))));
                StateSpec {
                    name: s.to_string(),
                    on,
                }
            })
            .collect();
        Fsm::new(&specs, &self.start.to_string(), self.first).ok()
    }

    /// The memory depth the data fix: a model that never draws is a state
    /// machine and gets its exact depth; a stochastic one whose chance of C
    /// after the opponent's C (and after its D) is the same from every state
    /// has depth 1 (0 when those two agree too); any other stochastic model
    /// is unbounded, since its belief over the hidden states carries the
    /// whole history.
    pub fn memory_depth(&self) -> Option<u32> {
        if let Some(machine) = self.as_fsm() {
            return machine.memory_depth();
        }
        let chance = |m: usize, s: usize| -> f64 {
            self.transitions[m][s]
                .iter()
                .zip(&self.emissions)
                .map(|(t, e)| t * e)
                .sum()
        };
        let constant = |m: usize| (0..self.states()).all(|s| chance(m, s) == chance(m, 0));
        if constant(0) && constant(1) {
            Some(u32::from(chance(0, 0) != chance(1, 0)))
        } else {
            None
        }
    }

    /// The move of the next turn; `state` is the current hidden state.
    #[inline]
    pub fn choose(
        &self,
        state: &mut usize,
        me: &History,
        them: &History,
        rng: &mut MatchRng,
    ) -> Action {
        let Some(last) = them.last().filter(|_| !me.is_empty()) else {
            return self.first;
        };
        let m = last.bit() as usize;
        *state = match self.certain[m][*state] {
            Some(next) => next,
            None => {
                let n = self.states();
                let row = &self.cumulative[m][*state * n..(*state + 1) * n];
                let u = unit_interval(rng);
                // numpy's searchsorted(side="right"): the first c > u; the
                // last entry is exactly 1 > u.
                row.iter().position(|&c| c > u).unwrap_or(n - 1)
            }
        };
        random_choice(rng, self.emissions[*state])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::{C, D};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::defined::test_support::moves;
    use crate::ipd::strategies::defined::{Body, Definition};
    use crate::ipd::strategies::{CATALOGUE, PlayerSpec};
    use std::sync::Arc;

    fn player(hmm: Hmm) -> crate::ipd::strategies::Player {
        Arc::new(Definition::new("h", None, Body::Hmm(hmm))).player("h")
    }

    #[test]
    fn a_model_without_chance_plays_like_its_state_machine() {
        // Tit For Tat: state 0 cooperates, state 1 defects; the opponent's
        // move picks the state.
        let tft = Hmm::new(
            [
                vec![vec![1.0, 0.0], vec![1.0, 0.0]],
                vec![vec![0.0, 1.0], vec![0.0, 1.0]],
            ],
            vec![1.0, 0.0],
            0,
            C,
        )
        .unwrap();
        assert!(!tft.is_stochastic());
        assert_eq!(tft.memory_depth(), Some(1));
        let ours = player(tft);
        assert!(!ours.is_stochastic());
        let reference = PlayerSpec::new("tit-for-tat").build().unwrap();
        for info in CATALOGUE.iter() {
            let other = PlayerSpec::new(info.id).build().unwrap();
            if other.is_stochastic() {
                continue;
            }
            assert_eq!(
                moves(&ours.prototype, &other.prototype, 50),
                moves(&reference.prototype, &other.prototype, 50),
                "{}",
                info.id
            );
        }
    }

    #[test]
    fn a_transition_draws_once_and_picks_by_the_cumulative_row() {
        // One uniform per random row, then the first state whose normalised
        // cumulative probability exceeds it; zero columns are never picked.
        let hmm = Hmm::new(
            [
                vec![
                    vec![0.2, 0.0, 0.8],
                    vec![0.0, 1.0, 0.0],
                    vec![0.0, 0.0, 1.0],
                ],
                vec![vec![1.0, 0.0, 0.0]; 3],
            ],
            vec![0.0, 1.0, 1.0],
            0,
            C,
        )
        .unwrap();
        let mut one = History::default();
        one.push(C);
        for seed in 0..200 {
            let mut rng = match_rng(seed, 0, 0, 0);
            let mut copy = rng.clone();
            let u = unit_interval(&mut copy);
            let mut state = 0;
            let action = hmm.choose(&mut state, &one, &one, &mut rng);
            let expected = if u < 0.2 { 0 } else { 2 };
            assert_eq!(state, expected, "u = {u}");
            assert_eq!(action, if expected == 0 { D } else { C });
            // Emission 0 or 1 and the transition drew exactly one number.
            assert_eq!(rng, copy);
            // From state 2 (a row holding 1) nothing is drawn at all.
            if state == 2 {
                let before = rng.clone();
                assert_eq!(hmm.choose(&mut state, &one, &one, &mut rng), C);
                assert_eq!(rng, before);
            }
        }
    }

    #[test]
    fn emissions_strictly_between_0_and_1_draw_after_the_transition() {
        let hmm = Hmm::new([vec![vec![1.0]], vec![vec![1.0]]], vec![0.3], 0, D).unwrap();
        assert!(hmm.is_stochastic());
        assert_eq!(hmm.memory_depth(), Some(0));
        let mut one = History::default();
        one.push(C);
        let mut cooperations = 0;
        for seed in 0..2000 {
            let mut rng = match_rng(seed, 1, 2, 3);
            let mut copy = rng.clone();
            let u = unit_interval(&mut copy);
            let action = hmm.choose(&mut 0, &one, &one, &mut rng);
            assert_eq!(action, if u < 0.3 { C } else { D });
            assert_eq!(rng, copy);
            cooperations += usize::from(action == C);
        }
        assert!((500..700).contains(&cooperations), "{cooperations}");
        assert_eq!(
            hmm.choose(
                &mut 0,
                &History::default(),
                &one,
                &mut match_rng(0, 0, 0, 0)
            ),
            D
        );
    }

    #[test]
    fn mistakes_are_placed() {
        let square = |rows: Vec<Vec<f64>>| [rows.clone(), rows];
        let ok = vec![vec![1.0, 0.0], vec![0.5, 0.5]];
        let e = Hmm::new(square(ok.clone()), vec![1.0], 0, C).unwrap_err();
        assert_eq!(e.place, Place::Field("transitions_C"));
        assert!(e.message.contains("must be 1 x 1"), "{e}");
        let e = Hmm::new(
            square(vec![vec![1.0], vec![0.5, 0.5]]),
            vec![1.0, 0.0],
            0,
            C,
        )
        .unwrap_err();
        assert_eq!(e.place, Place::Item("transitions_C", 0));
        let e = Hmm::new(
            [ok.clone(), vec![vec![1.0, 0.0], vec![0.5, 0.6]]],
            vec![1.0, 0.0],
            0,
            C,
        )
        .unwrap_err();
        assert_eq!(e.place, Place::Item("transitions_D", 1));
        assert!(e.message.contains("sums to 1.1"), "{e}");
        let e = Hmm::new(
            square(vec![vec![1.5, -0.5], vec![0.5, 0.5]]),
            vec![1.0, 0.0],
            0,
            C,
        )
        .unwrap_err();
        assert_eq!(e.place, Place::Cell("transitions_C", 0, 0));
        let e = Hmm::new(square(ok.clone()), vec![1.0, 1.2], 0, C).unwrap_err();
        assert_eq!(e.place, Place::Item("emissions", 1));
        let e = Hmm::new(square(ok.clone()), vec![1.0, 0.0], 2, C).unwrap_err();
        assert_eq!(e.place, Place::Field("start"));
        assert!(e.message.contains("numbered 0 to 1"), "{e}");
        let e = Hmm::new(square(vec![]), vec![], 0, C).unwrap_err();
        assert_eq!(e.place, Place::Field("emissions"));
        // Within axelrod's tolerance a row is accepted.
        Hmm::new(
            square(vec![vec![0.3, 0.7 + 5e-9], vec![0.5, 0.5]]),
            vec![1.0, 0.0],
            0,
            C,
        )
        .unwrap();
    }
}
