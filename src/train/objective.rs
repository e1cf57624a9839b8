//! A candidate's value: how well its player does against the field of
//! opponents, each match played by the engine's match loop
//! (`ipd::play::play_match`) under the scenario's game, horizon, noise and
//! repetitions.
//!
//! - `score`: the mean over the opponents of its score per turn against
//!   each (axelrod-dojo's `score` objective);
//! - `score-difference`: the mean over the opponents of (its score minus
//!   the opponent's) per turn.
//!
//! Against one opponent, the repetitions' scores and turns are added and
//! divided (the mean per turn; with a fixed horizon the mean of the
//! repetitions' per-turn scores). A deterministic candidate against a
//! deterministic opponent with a fixed horizon and no noise plays one
//! repetition: the others would be the same match (the tournament's
//! reuse). The matches of opponent `j`, repetition `r` in a generation
//! draw from the generation's `Match` generator on stream
//! `j * repetitions + r` whatever the candidate, so the candidates of one
//! generation meet the same chances (common random numbers) and their
//! ranking is not luck of the draw between them. The sum runs in opponent order, so the value
//! does not depend on threads.

use crate::ipd::play::{MatchSettings, NoRecording, play_match};
use crate::ipd::strategies::Player;
use crate::train::keys::{Role, generator};

/// The objectives, as `[objective] kind` names them.
pub const OBJECTIVES: &[&str] = &["score", "score-difference"];

/// What training maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Mean score per turn.
    Score,
    /// Mean of (own score minus the opponent's) per turn.
    ScoreDifference,
}

impl Objective {
    /// The objective named `name`.
    pub fn named(name: &str) -> Option<Objective> {
        match name {
            "score" => Some(Objective::Score),
            "score-difference" => Some(Objective::ScoreDifference),
            _ => None,
        }
    }

    /// Its name.
    pub fn id(&self) -> &'static str {
        match self {
            Objective::Score => "score",
            Objective::ScoreDifference => "score-difference",
        }
    }

    /// What it measures, in words (chart axes, reports).
    pub fn describe(&self) -> &'static str {
        match self {
            Objective::Score => "mean score per turn",
            Objective::ScoreDifference => "mean score difference per turn",
        }
    }
}

/// The opponents a candidate is measured against, and how matches are
/// played.
#[derive(Clone, Debug)]
pub struct Field {
    /// The opponents, in order.
    pub opponents: Vec<Player>,
    /// How each match is played.
    pub settings: MatchSettings,
    /// Matches per opponent (one when the pair is deterministic).
    pub repetitions: u32,
    /// What is maximised.
    pub objective: Objective,
}

/// A candidate's value and the turns played to find it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// The objective's value.
    pub value: f64,
    /// Turns played.
    pub turns: u64,
}

impl Field {
    /// Whether `candidate` against opponent `j` plays the same match every
    /// repetition.
    pub fn repeatable(&self, candidate: &Player, j: usize) -> bool {
        self.settings.noise == 0.0
            && !self.settings.horizon.is_random()
            && !candidate.is_stochastic()
            && !self.opponents[j].is_stochastic()
    }

    /// The value of `candidate` in `generation` of `restart` under `seed`.
    pub fn evaluate(
        &self,
        candidate: &Player,
        seed: u64,
        restart: u64,
        generation: u64,
    ) -> Evaluation {
        let payoffs = self.settings.payoffs;
        let mut sum = 0.0;
        let mut played = 0u64;
        for (j, opponent) in self.opponents.iter().enumerate() {
            let repetitions = if self.repeatable(candidate, j) {
                1
            } else {
                self.repetitions
            };
            let (mut own, mut theirs, mut turns) = (0.0, 0.0, 0u64);
            for r in 0..repetitions {
                let stream = j as u64 * self.repetitions as u64 + r as u64;
                let mut rng = generator(seed, restart, generation, Role::Match, stream);
                let outcome = play_match(
                    &candidate.prototype,
                    &opponent.prototype,
                    &self.settings,
                    &mut rng,
                    &mut NoRecording,
                );
                let [a, b] = outcome.scores(&payoffs);
                own += a;
                theirs += b;
                turns += outcome.length as u64;
            }
            played += turns;
            if turns > 0 {
                sum += match self.objective {
                    Objective::Score => own,
                    Objective::ScoreDifference => own - theirs,
                } / turns as f64;
            }
        }
        Evaluation {
            value: sum / self.opponents.len().max(1) as f64,
            turns: played,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::strategies::PlayerSpec;

    fn field(ids: &[&str], noise: f64, objective: Objective) -> Field {
        Field {
            opponents: ids
                .iter()
                .map(|id| PlayerSpec::new(id).build().unwrap())
                .collect(),
            settings: MatchSettings {
                horizon: Horizon::Fixed { turns: 10 },
                noise,
                payoffs: Payoffs::STANDARD,
            },
            repetitions: 4,
            objective,
        }
    }

    #[test]
    fn values_are_mean_scores_per_turn_over_the_opponents() {
        let defector = PlayerSpec::new("defector").build().unwrap();
        let f = field(&["cooperator", "tit-for-tat"], 0.0, Objective::Score);
        // 5 a turn against Cooperator; 5 then 1 x 9 against TFT: 1.4.
        let e = f.evaluate(&defector, 1, 0, 0);
        assert_eq!(e.value, (5.0 + 1.4) / 2.0);
        assert_eq!(e.turns, 20, "deterministic pairs play once");
        let f = field(
            &["cooperator", "tit-for-tat"],
            0.0,
            Objective::ScoreDifference,
        );
        // Against TFT: 14 - 9 over 10 turns.
        assert_eq!(f.evaluate(&defector, 1, 0, 0).value, (5.0 + 0.5) / 2.0);
        let noisy = field(&["random"], 0.1, Objective::Score);
        let e = noisy.evaluate(&defector, 1, 0, 0);
        assert_eq!(e.turns, 40, "stochastic pairs play every repetition");
        assert_eq!(e, noisy.evaluate(&defector, 1, 0, 0));
        assert_ne!(
            e,
            noisy.evaluate(&defector, 1, 0, 1),
            "a new generation, new draws"
        );
    }
}
