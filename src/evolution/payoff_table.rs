//! Match scores between strategy types, computed once where they cannot vary.
//!
//! A match between two deterministic strategies with a fixed horizon and no
//! noise always ends the same way, so its scores are computed once per
//! ordered pair of types and reused for every step of every run. Any other
//! pair (a stochastic strategy, noise, a random horizon) is played afresh
//! from the caller's generator each time it is needed.
//!
//! The deterministic scores are computed on first use, not when the table
//! is built: a scenario is read (and its work estimated and refused when
//! over the limit) before any match is played, whatever its `turns`.
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
    /// `repeatable[a][b]`: the pair is deterministic (played once).
    repeatable: Vec<Vec<bool>>,
    /// `fixed[a][b]`: total score of `a` against `b` when the pair is
    /// deterministic, `None` when it must be sampled; computed on first use.
    fixed: std::sync::OnceLock<Vec<Vec<Option<f64>>>>,
    key: TableKey,
}

impl PayoffTable {
    /// The table of `players` under `settings`; no match is played yet
    /// (deterministic pairs are played once, on first use).
    pub fn build(players: &[Player], settings: MatchSettings) -> PayoffTable {
        let k = players.len();
        let repeatable = settings.noise == 0.0 && !settings.horizon.is_random();
        let repeatable: Vec<Vec<bool>> = (0..k)
            .map(|a| {
                (0..k)
                    .map(|b| {
                        repeatable && !players[a].is_stochastic() && !players[b].is_stochastic()
                    })
                    .collect()
            })
            .collect();
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
            repeatable,
            fixed: std::sync::OnceLock::new(),
            key,
        }
    }

    /// Plays every deterministic pair once (the first call; later calls
    /// return the stored scores).
    fn values(&self) -> &Vec<Vec<Option<f64>>> {
        self.fixed.get_or_init(|| {
            let k = self.players.len();
            let mut fixed = vec![vec![None; k]; k];
            let pairs = (0..k).flat_map(|a| (a..k).map(move |b| (a, b)));
            for (a, b) in pairs.filter(|&(a, b)| self.repeatable[a][b]) {
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
            fixed
        })
    }

    /// Number of matches the table plays once, on first use.
    pub fn repeatable_pairs(&self) -> u128 {
        let k = self.players.len();
        (0..k)
            .flat_map(|a| (a..k).map(move |b| (a, b)))
            .filter(|&(a, b)| self.repeatable[a][b])
            .count() as u128
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
        self.repeatable.iter().flatten().all(|&x| x)
    }

    /// The precomputed score of `a` against `b`, if the pair is deterministic.
    pub fn fixed(&self, a: usize, b: usize) -> Option<f64> {
        if !self.repeatable[a][b] {
            return None;
        }
        self.values()[a][b]
    }

    /// Scores of one match of `a` (first seat) against `b`: the stored
    /// value, or a fresh match drawn from `rng`.
    pub fn play(&self, a: usize, b: usize, rng: &mut MatchRng) -> (f64, f64) {
        if let (Some(x), Some(y)) = (self.fixed(a, b), self.fixed(b, a)) {
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
