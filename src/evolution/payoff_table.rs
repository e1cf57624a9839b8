//! Match scores between strategy types, computed once where they cannot vary.
//!
//! A match between two deterministic strategies with a fixed horizon and no
//! noise always ends the same way, so its scores are computed once per
//! ordered pair of types and reused for every step of every run. Any other
//! pair (a stochastic strategy, noise, a random horizon) is played afresh
//! from the caller's generator each time it is needed. The deterministic
//! pairs are played on the table's first use, never while a scenario loads,
//! so the work model (`scenario::work`) refuses a huge study before any
//! match is played.
//!
//! The table is keyed by everything that determines a match: both players'
//! catalogue ids and parameter values (the display name carries both), the
//! horizon, the noise and the payoff matrix ([`TableKey`]). (The axelrod
//! library's deterministic cache is keyed by the players only, which
//! AXELROD-NOTES.md flags as wrong when the match settings change.)

use crate::ipd::play::{MatchSettings, NoRecording, play_match};
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::Player;
use crate::ipd::strategies::catalogue::Origin;
use std::sync::OnceLock;

/// What a table's entries depend on.
#[derive(Clone, Debug, PartialEq)]
pub struct TableKey {
    /// Catalogue id and parameter values of each type.
    pub types: Vec<(String, Vec<u64>)>,
    /// Horizon, noise and payoffs.
    pub settings: MatchSettings,
}

/// Scores of every ordered pair of types.
#[derive(Clone, Debug)]
pub struct PayoffTable {
    /// The types, in index order.
    pub players: Vec<Player>,
    /// How matches are played.
    pub settings: MatchSettings,
    /// `fixed[a][b]`: total score of `a` against `b` when the pair is
    /// deterministic, `None` when it must be sampled; played on first use.
    fixed: OnceLock<Vec<Vec<Option<f64>>>>,
    key: TableKey,
}

impl PayoffTable {
    /// The table of these types under `settings`. The deterministic pairs
    /// are played once, on first use (so a scenario is checked against the
    /// work model before any match is played).
    pub fn build(players: &[Player], settings: MatchSettings) -> PayoffTable {
        let key = TableKey {
            types: players
                .iter()
                .map(|p| {
                    (
                        match &p.origin {
                            Origin::Builtin(info) => info.id.to_string(),
                            // The whole definition: two inline definitions
                            // share a reference but not their data.
                            Origin::Defined { definition, .. } => format!("{definition:?}"),
                        },
                        p.params.iter().map(|v| v.to_bits()).collect(),
                    )
                })
                .collect(),
            settings,
        };
        PayoffTable {
            players: players.to_vec(),
            settings,
            fixed: OnceLock::new(),
            key,
        }
    }

    /// True when the pair's match always ends the same way (fixed horizon,
    /// no noise, neither player stochastic).
    fn repeatable(&self, a: usize, b: usize) -> bool {
        self.settings.noise == 0.0
            && !self.settings.horizon.is_random()
            && !self.players[a].is_stochastic()
            && !self.players[b].is_stochastic()
    }

    /// The deterministic pairs' scores, played on first use.
    #[allow(clippy::needless_range_loop)] // a and b index both players and scores
    fn fixed_scores(&self) -> &Vec<Vec<Option<f64>>> {
        self.fixed.get_or_init(|| {
            let k = self.players.len();
            let mut fixed = vec![vec![None; k]; k];
            for a in 0..k {
                for b in a..k {
                    if self.repeatable(a, b) {
                        // No draws are made: the generator is never used.
                        let mut rng = crate::ipd::random::match_rng(0, a as u64, b as u64, 0);
                        let outcome = play_match(
                            &self.players[a].prototype,
                            &self.players[b].prototype,
                            &self.settings,
                            &mut rng,
                            &mut NoRecording,
                        );
                        let [x, y] = outcome.scores(&self.settings.payoffs);
                        fixed[a][b] = Some(x);
                        fixed[b][a] = Some(y);
                    }
                }
            }
            fixed
        })
    }

    /// What this table was built for.
    pub fn key(&self) -> &TableKey {
        &self.key
    }

    /// Number of types.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// True when there are no types.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// True when every pair is precomputed (no sampling ever needed).
    pub fn is_deterministic(&self) -> bool {
        let k = self.players.len();
        (0..k).all(|a| self.repeatable(a, a))
    }

    /// The precomputed score of `a` against `b`, if the pair is deterministic.
    pub fn fixed(&self, a: usize, b: usize) -> Option<f64> {
        self.fixed_scores()[a][b]
    }

    /// Scores of one match of `a` (first seat) against `b`: the stored
    /// value, or a fresh match drawn from `rng`.
    pub fn play(&self, a: usize, b: usize, rng: &mut MatchRng) -> (f64, f64) {
        let fixed = self.fixed_scores();
        if let (Some(x), Some(y)) = (fixed[a][b], fixed[b][a]) {
            return (x, y);
        }
        let outcome = play_match(
            &self.players[a].prototype,
            &self.players[b].prototype,
            &self.settings,
            rng,
            &mut NoRecording,
        );
        let [x, y] = outcome.scores(&self.settings.payoffs);
        (x, y)
    }

    /// The smallest payoff entry, for checks that fitness stays non-negative.
    pub fn min_payoff(&self) -> f64 {
        let p = self.settings.payoffs;
        p.r.min(p.s).min(p.t).min(p.p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::{Horizon, Payoffs, PlayerSpec};

    fn players(ids: &[&str]) -> Vec<Player> {
        ids.iter()
            .map(|id| PlayerSpec::new(id).build().unwrap())
            .collect()
    }

    fn settings(noise: f64) -> MatchSettings {
        MatchSettings {
            horizon: Horizon::Fixed { turns: 10 },
            noise,
            payoffs: Payoffs::STANDARD,
        }
    }

    #[test]
    fn deterministic_pairs_are_stored_and_stochastic_ones_sampled() {
        let table = PayoffTable::build(
            &players(&["tit-for-tat", "defector", "random"]),
            settings(0.0),
        );
        assert_eq!(table.fixed(0, 1), Some(9.0)); // C then 9 x D vs D: 0 + 9
        assert_eq!(table.fixed(1, 0), Some(14.0)); // 5 + 9
        assert_eq!(table.fixed(0, 0), Some(30.0));
        assert_eq!(table.fixed(0, 2), None);
        assert!(!table.is_deterministic());
        let noisy = PayoffTable::build(&players(&["tit-for-tat", "defector"]), settings(0.1));
        assert!(noisy.fixed(0, 1).is_none());
        // Same types, different settings: different keys.
        assert_ne!(table.key(), noisy.key());
    }
}
