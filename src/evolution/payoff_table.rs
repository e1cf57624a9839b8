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
//!
//! An expected table ([`PayoffTable::expected`], `[match] method =
//! "exact"`) holds no sampled pair: every entry is the expected total score
//! of the match, from the joint Markov chain of the two players' machines
//! (`exact::matrix`: the expected score per turn times the expected
//! length), computed once on first use like the deterministic pairs, so
//! every pair is fixed and a Moran process on it never plays a match. Its
//! chains can be over the joint-state limit: a study calls
//! [`PayoffTable::prepare`] first, which computes them within the limit and
//! says which pair is over it.

use crate::exact::analysis::Question;
use crate::exact::machine::Machine;
use crate::exact::matrix::{PairError, expected_matrix};
use crate::ipd::play::{MatchSettings, NoRecording, play_match};
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::Player;
use crate::ipd::strategies::catalogue::Origin;
use std::sync::Arc;

/// What a table's entries depend on.
#[derive(Clone, Debug, PartialEq)]
pub struct TableKey {
    /// Catalogue id and parameter values of each type.
    pub types: Vec<(String, Vec<u64>)>,
    /// Horizon, noise and payoffs.
    pub settings: MatchSettings,
    /// Expected values (`[match] method = "exact"`) rather than played
    /// matches.
    pub expected: bool,
}

/// The entries: per ordered pair the total score when fixed (`None`: the
/// pair is sampled), or the pair whose chain could not be computed.
type Entries = Result<Vec<Vec<Option<f64>>>, PairError>;

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
    /// deterministic (or expected), `None` when it must be sampled;
    /// computed on first use.
    fixed: std::sync::OnceLock<Entries>,
    /// The types' machines of an expected table, in index order.
    machines: Option<Arc<[Machine]>>,
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
            expected: false,
        };
        PayoffTable {
            players: players.to_vec(),
            settings,
            repeatable,
            fixed: std::sync::OnceLock::new(),
            machines: None,
            key,
        }
    }

    /// The expected table of `players` under `settings` (`[match] method =
    /// "exact"`): every pair fixed at its expected total score, from the
    /// players' `machines` (one each, in order), computed on first use or
    /// by [`PayoffTable::prepare`].
    pub fn expected(players: &[Player], settings: MatchSettings, machines: Vec<Machine>) -> Self {
        let mut table = PayoffTable::build(players, settings);
        let k = players.len();
        table.repeatable = vec![vec![true; k]; k];
        table.machines = Some(machines.into());
        table.key.expected = true;
        table
    }

    /// The table of types `a` and `b` of this one (in that order), for a
    /// population of two of its types: an expected table shares this
    /// table's entries (computed here on first use); a played one is built
    /// afresh.
    pub fn pair(&self, a: usize, b: usize) -> PayoffTable {
        let players = [self.players[a].clone(), self.players[b].clone()];
        let Some(machines) = &self.machines else {
            return PayoffTable::build(&players, self.settings);
        };
        let table = PayoffTable::expected(
            &players,
            self.settings,
            vec![machines[a].clone(), machines[b].clone()],
        );
        let entries = self.entries().clone().map(|all| {
            [a, b]
                .iter()
                .map(|&i| [a, b].iter().map(|&j| all[i][j]).collect())
                .collect()
        });
        let _ = table.fixed.set(entries);
        table
    }

    /// The machines of an expected table.
    pub fn machines(&self) -> Option<&[Machine]> {
        self.machines.as_deref()
    }

    /// Computes the entries now if they are not yet: an expected table's
    /// chains within `state_limit` joint states (`None`: no limit), naming
    /// the first pair over it; a played table's deterministic matches.
    pub fn prepare(&self, state_limit: Option<usize>) -> Result<(), PairError> {
        self.fixed
            .get_or_init(|| self.compute(state_limit))
            .as_ref()
            .map(|_| ())
            .map_err(Clone::clone)
    }

    /// The entries, computed on first use (an expected table's chains
    /// without a state limit when [`PayoffTable::prepare`] was not called).
    fn entries(&self) -> &Entries {
        self.fixed.get_or_init(|| self.compute(None))
    }

    /// Every fixed entry: the expected totals of an expected table (within
    /// `state_limit`), else every deterministic pair played once.
    fn compute(&self, state_limit: Option<usize>) -> Entries {
        if let Some(machines) = &self.machines {
            let question = Question::of(&self.settings, state_limit, false);
            let totals = expected_matrix(machines, &question)?
                .totals()
                .unwrap_or_default();
            return Ok(totals
                .into_iter()
                .map(|row| row.into_iter().map(Some).collect())
                .collect());
        }
        Ok(self.played())
    }

    /// Plays every deterministic pair once.
    fn played(&self) -> Vec<Vec<Option<f64>>> {
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

    /// The precomputed score of `a` against `b`, if the pair is
    /// deterministic or the table expected (`None` too for an expected
    /// table whose chains failed: a study calls [`PayoffTable::prepare`]
    /// first and stops there).
    pub fn fixed(&self, a: usize, b: usize) -> Option<f64> {
        if !self.repeatable[a][b] {
            return None;
        }
        self.entries()
            .as_ref()
            .ok()?
            .get(a)?
            .get(b)
            .copied()
            .flatten()
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

    fn machines(players: &[Player], settings: &MatchSettings) -> Vec<Machine> {
        let reading = crate::exact::reading::Reading {
            payoffs: settings.payoffs,
            length_known: true,
        };
        players
            .iter()
            .map(|p| crate::exact::reading::machine_of(p, &reading).unwrap())
            .collect()
    }

    #[test]
    fn an_expected_table_fixes_every_pair_at_its_expected_total() {
        let players = players(&["tit-for-tat", "defector", "gtft"]);
        // Deterministic pairs: the expected total is the played one.
        let played = PayoffTable::build(&players[..2], settings(0.0));
        let expected = PayoffTable::expected(
            &players[..2],
            settings(0.0),
            machines(&players[..2], &settings(0.0)),
        );
        for (a, b) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            let (x, y) = (played.fixed(a, b).unwrap(), expected.fixed(a, b).unwrap());
            assert!((x - y).abs() < 1e-12, "{a} v {b}: {x} v {y}");
        }
        // Noise and a stochastic player: nothing sampled, every pair fixed.
        let noisy = settings(0.1);
        let table = PayoffTable::expected(&players, noisy, machines(&players, &noisy));
        assert!(table.is_deterministic());
        assert_ne!(table.key(), PayoffTable::build(&players, noisy).key());
        let question = Question::of(&noisy, None, false);
        let m = machines(&players, &noisy);
        let per_turn = crate::exact::analysis::expect_machines(&m[0], &m[2], &question)
            .unwrap()
            .float
            .scores;
        assert!((table.fixed(0, 2).unwrap() - 10.0 * per_turn[0]).abs() < 1e-12);
        assert!((table.fixed(2, 0).unwrap() - 10.0 * per_turn[1]).abs() < 1e-12);
        // A pair of it shares its entries, in the pair's order.
        let pair = table.pair(2, 1);
        assert_eq!(pair.fixed(0, 1), table.fixed(2, 1));
        assert_eq!(pair.fixed(1, 0), table.fixed(1, 2));
        assert_eq!(pair.fixed(1, 1), table.fixed(1, 1));
        // A played table's pair is built afresh, as before.
        assert_eq!(played.pair(1, 0).fixed(0, 1), played.fixed(1, 0));
    }

    #[test]
    fn preparing_an_expected_table_names_the_pair_over_the_state_limit() {
        let players = players(&["tit-for-tat", "first-by-nydegger"]);
        let noisy = settings(0.1);
        let table = PayoffTable::expected(&players, noisy, machines(&players, &noisy));
        let error = table.prepare(Some(5)).unwrap_err();
        assert_eq!((error.row, error.column), (0, 1));
        // The failure stays: no entry is made up.
        assert_eq!(table.fixed(0, 1), None);
        let fine = PayoffTable::expected(&players, noisy, machines(&players, &noisy));
        fine.prepare(None).unwrap();
        assert!(fine.fixed(1, 1).is_some());
    }
}
