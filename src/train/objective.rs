//! A candidate's value: how well its player does against the field of
//! opponents, each match played by the engine's match loop
//! (`ipd::play::play_match`) under the scenario's game, horizon, noise and
//! repetitions.
//!
//! - `score`: the mean over the opponents of its score per turn against
//!   each (axelrod-dojo's `score` objective);
//! - `score-difference`: the mean over the opponents of (its score minus
//!   the opponent's) per turn;
//! - `moran`: the mean over the opponents of the fixation probability of
//!   one candidate among Z - 1 of that opponent, ρ(opponent -> candidate),
//!   computed analytically (`evolution::invasion::fixation`: the birth-death
//!   Moran process with fitness 1 - w + w f, or the pairwise comparison
//!   process) from the four payoffs per turn of the pair: candidate against
//!   opponent and back (the same matches as the other objectives), the
//!   candidate against itself and the opponent against itself. The
//!   opponents' own payoffs are played once per run ([`Field::new`]); the
//!   candidate's self-play each evaluation, on its own streams. Neutral
//!   invasion is 1 / Z; axelrod-dojo's `moran` objective simulated the
//!   process instead and counted wins.
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

use crate::evolution::invasion::{PayoffMatrix, Selection, fixation};
use crate::ipd::play::{MatchSettings, NoRecording, play_match};
use crate::ipd::strategies::Player;
use crate::train::keys::{Role, generator};

/// The objectives, as `[objective] kind` names them.
pub const OBJECTIVES: &[&str] = &["score", "score-difference", "moran"];

/// What training maximises.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Objective {
    /// Mean score per turn.
    Score,
    /// Mean of (own score minus the opponent's) per turn.
    ScoreDifference,
    /// Mean over the opponents of the probability that one candidate
    /// takes over a population of `population - 1` of that opponent.
    Moran {
        /// Population size Z (at least 2).
        population: u32,
        /// The process and its intensity of selection.
        selection: Selection,
    },
}

impl Objective {
    /// The objective named `name` (the Moran objective with its defaults:
    /// Z = 10, the birth-death process with w = 1).
    pub fn named(name: &str) -> Option<Objective> {
        match name {
            "score" => Some(Objective::Score),
            "score-difference" => Some(Objective::ScoreDifference),
            "moran" => Some(Objective::Moran {
                population: 10,
                selection: Selection::Moran { w: 1.0 },
            }),
            _ => None,
        }
    }

    /// Its name.
    pub fn id(&self) -> &'static str {
        match self {
            Objective::Score => "score",
            Objective::ScoreDifference => "score-difference",
            Objective::Moran { .. } => "moran",
        }
    }

    /// Its value in two words ("Best score: 2.9").
    pub fn short(&self) -> &'static str {
        match self {
            Objective::Score => "score",
            Objective::ScoreDifference => "score difference",
            Objective::Moran { .. } => "fixation probability",
        }
    }

    /// What it measures, in words (chart axes, reports).
    pub fn describe(&self) -> &'static str {
        match self {
            Objective::Score => "mean score per turn",
            Objective::ScoreDifference => "mean score difference per turn",
            Objective::Moran { .. } => "mean fixation probability",
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
    /// Each opponent's mean score per turn against itself (the Moran
    /// objective's resident payoff; empty for the others).
    pub residents: Vec<f64>,
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
    /// The field of `opponents`; for the Moran objective each opponent's
    /// payoff against itself is played here, once per run (draws keyed by
    /// `seed` alone, so every restart and shard sees the same values).
    pub fn new(
        opponents: Vec<Player>,
        settings: MatchSettings,
        repetitions: u32,
        objective: Objective,
        seed: u64,
    ) -> Field {
        let mut field = Field {
            opponents,
            settings,
            repetitions,
            objective,
            residents: Vec::new(),
        };
        if let Objective::Moran { .. } = objective {
            field.residents = (0..field.opponents.len())
                .map(|j| {
                    let opponent = &field.opponents[j];
                    let (own, _, turns) = field.pair(opponent, opponent, |r| {
                        let stream = j as u64 * field.repetitions as u64 + r as u64;
                        generator(seed, 0, 0, Role::Residents, stream)
                    });
                    if turns > 0 { own / turns as f64 } else { 0.0 }
                })
                .collect();
        }
        field
    }

    /// Whether `a` against `b` plays the same match every repetition.
    fn repeatable_pair(&self, a: &Player, b: &Player) -> bool {
        self.settings.noise == 0.0
            && !self.settings.horizon.is_random()
            && !a.is_stochastic()
            && !b.is_stochastic()
    }

    /// `a` against `b` over the repetitions (one when repeatable),
    /// repetition `r` drawing from `rng(r)`: the scores of `a` and `b`
    /// and the turns, summed.
    fn pair(
        &self,
        a: &Player,
        b: &Player,
        rng: impl Fn(u32) -> rand_chacha::ChaCha8Rng,
    ) -> (f64, f64, u64) {
        let repetitions = if self.repeatable_pair(a, b) {
            1
        } else {
            self.repetitions
        };
        let (mut own, mut theirs, mut turns) = (0.0, 0.0, 0u64);
        for r in 0..repetitions {
            let outcome = play_match(
                &a.prototype,
                &b.prototype,
                &self.settings,
                &mut rng(r),
                &mut NoRecording,
            );
            let [x, y] = outcome.scores(&self.settings.payoffs);
            own += x;
            theirs += y;
            turns += outcome.length as u64;
        }
        (own, theirs, turns)
    }

    /// Whether `candidate` against opponent `j` plays the same match every
    /// repetition.
    pub fn repeatable(&self, candidate: &Player, j: usize) -> bool {
        self.repeatable_pair(candidate, &self.opponents[j])
    }

    /// The value of `candidate` in `generation` of `restart` under `seed`.
    pub fn evaluate(
        &self,
        candidate: &Player,
        seed: u64,
        restart: u64,
        generation: u64,
    ) -> Evaluation {
        let match_rng = |j: usize| {
            move |r: u32| {
                let stream = j as u64 * self.repetitions as u64 + r as u64;
                generator(seed, restart, generation, Role::Match, stream)
            }
        };
        let mut played = 0u64;
        let mut self_play = None;
        if let Objective::Moran { .. } = self.objective {
            let (own, theirs, turns) = self.pair(candidate, candidate, |r| {
                generator(seed, restart, generation, Role::SelfPlay, r as u64)
            });
            played += turns;
            // Both seats are the candidate: their mean.
            self_play = Some(if turns > 0 {
                (own + theirs) / (2 * turns) as f64
            } else {
                0.0
            });
        }
        let mut sum = 0.0;
        for (j, opponent) in self.opponents.iter().enumerate() {
            let (own, theirs, turns) = self.pair(candidate, opponent, match_rng(j));
            played += turns;
            if turns == 0 {
                continue;
            }
            sum += match self.objective {
                Objective::Score => own / turns as f64,
                Objective::ScoreDifference => (own - theirs) / turns as f64,
                Objective::Moran {
                    population,
                    selection,
                } => {
                    let a = [
                        [self_play.unwrap_or(0.0), own / turns as f64],
                        [theirs / turns as f64, self.residents[j]],
                    ];
                    invading(a, population, selection)
                }
            };
        }
        Evaluation {
            value: sum / self.opponents.len().max(1) as f64,
            turns: played,
        }
    }
}

/// ρ(resident -> mutant) of the 2 x 2 payoffs `a` (row 0 the mutant, row
/// 1 the resident; mean scores per turn) in a population of `z`. A Moran
/// fitness below 0 (payoffs under 1 - 1/w) counts as 0, as the
/// birth-death process picks no parent of fitness 0.
pub fn invading(a: [[f64; 2]; 2], z: u32, selection: Selection) -> f64 {
    let clamp = |x: f64| match selection {
        Selection::Moran { w } if w > 0.0 => x.max(1.0 - 1.0 / w),
        _ => x,
    };
    let rows: Vec<Vec<f64>> = a
        .iter()
        .map(|r| r.iter().map(|&x| clamp(x)).collect())
        .collect();
    match PayoffMatrix::new(&rows) {
        Ok(m) => fixation(&m, 0, 1, z as usize, selection).probability,
        Err(_) => 0.0,
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
            residents: Vec::new(),
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

    #[test]
    fn a_defector_invades_cooperators_with_the_closed_form_probability() {
        // Z = 3, Moran w = 1: f_A(1) = 5, f_B(1) = 3/2, then f_B(2) = 0:
        // rho = 1 / (1 + 3/10 + 0) = 10/13.
        let f = Field::new(
            vec![PlayerSpec::new("cooperator").build().unwrap()],
            field(&[], 0.0, Objective::Score).settings,
            4,
            Objective::Moran {
                population: 3,
                selection: Selection::Moran { w: 1.0 },
            },
            1,
        );
        assert_eq!(f.residents, vec![3.0]);
        let defector = PlayerSpec::new("defector").build().unwrap();
        let e = f.evaluate(&defector, 1, 0, 0);
        assert!((e.value - 10.0 / 13.0).abs() < 1e-15, "{}", e.value);
        // Its self-play, then the pair once (deterministic).
        assert_eq!(e.turns, 20);
        // A Cooperator among Cooperators is neutral: 1 / Z.
        let cooperator = PlayerSpec::new("cooperator").build().unwrap();
        let neutral = f.evaluate(&cooperator, 1, 0, 0).value;
        assert!((neutral - 1.0 / 3.0).abs() < 1e-15, "{neutral}");
    }

    #[test]
    fn the_moran_value_is_the_invasion_analysis_of_the_played_payoffs() {
        // A noisy field: every payoff is an estimate from the same matches
        // the score objective plays; the value is the mean over the
        // opponents of the analytic rho of the 2 x 2 table they make.
        let moran = Objective::Moran {
            population: 20,
            selection: Selection::Fermi { beta: 0.5 },
        };
        let base = field(&["tit-for-tat", "grudger", "random"], 0.05, moran);
        let f = Field::new(base.opponents.clone(), base.settings, 4, moran, 9);
        let candidate = PlayerSpec::new("win-stay-lose-shift").build().unwrap();
        let e = f.evaluate(&candidate, 9, 2, 5);
        let score = Field::new(
            base.opponents.clone(),
            base.settings,
            4,
            Objective::Score,
            9,
        );
        let mut expected = 0.0;
        for j in 0..3 {
            let rng = |r: u32| generator(9, 2, 5, Role::Match, j as u64 * 4 + r as u64);
            let (own, theirs, turns) = score.pair(&candidate, &f.opponents[j], rng);
            let (a, b, t) = score.pair(&candidate, &candidate, |r| {
                generator(9, 2, 5, Role::SelfPlay, r as u64)
            });
            let table = PayoffMatrix::new(&[
                vec![(a + b) / (2 * t) as f64, own / turns as f64],
                vec![theirs / turns as f64, f.residents[j]],
            ])
            .unwrap();
            expected += fixation(&table, 0, 1, 20, Selection::Fermi { beta: 0.5 }).probability;
        }
        assert_eq!(e.value, expected / 3.0);
        assert_eq!(e, f.evaluate(&candidate, 9, 2, 5), "the same draws");
        // The residents' payoffs are drawn from the seed alone.
        let again = Field::new(base.opponents.clone(), base.settings, 4, moran, 9);
        assert_eq!(again.residents, f.residents);
        assert!(f.residents.iter().all(|&x| (0.0..=5.0).contains(&x)));
    }
}
