//! Round-robin tournaments: every player against every other player and a
//! copy of itself, `repetitions` times.
//!
//! Matches run in parallel on the current rayon pool, a batch of pairs at a
//! time; each batch is folded into the running [`TournamentResults`] and
//! handed to the caller in a fixed order (pair by pair, repetition by
//! repetition), so results do not depend on the number of threads. Memory is
//! one small [`MatchOutcome`] per match of the current batch plus per-pair
//! totals: it never grows with the number of turns.
//!
//! A pair of deterministic strategies with a fixed horizon and no noise plays
//! the same match every repetition, so it is played once and reused.

use crate::ipd::outcome::MatchOutcome;
use crate::ipd::play::{MatchSettings, NoRecording, play_match};
use crate::ipd::random::match_rng;
use crate::ipd::results::TournamentResults;
use crate::ipd::strategies::Player;
use rayon::prelude::*;

/// A round-robin tournament, ready to run.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// Players in scenario order (their index is `Original_index`).
    pub players: Vec<Player>,
    /// How each match is played.
    pub settings: MatchSettings,
    /// How many times each pair meets.
    pub repetitions: u32,
    /// Master seed of all match generators.
    pub seed: u64,
}

/// One finished match, handed to the caller in a fixed order.
#[derive(Clone, Copy, Debug)]
pub struct MatchRecord {
    /// Index of the player in the first seat.
    pub first: usize,
    /// Index of the player in the second seat (>= `first`).
    pub second: usize,
    /// Repetition number, from 0.
    pub repetition: u32,
    /// What happened.
    pub outcome: MatchOutcome,
}

impl Tournament {
    /// All pairs `(i, j)` with `i <= j`, in the order they are reported.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let n = self.players.len();
        (0..n).flat_map(|i| (i..n).map(move |j| (i, j))).collect()
    }

    /// Number of matches the tournament plays (self-play included).
    pub fn match_count(&self) -> u64 {
        let n = self.players.len() as u64;
        n * (n + 1) / 2 * self.repetitions as u64
    }

    /// True when a pair plays the same match in every repetition.
    fn is_repeatable(&self, i: usize, j: usize) -> bool {
        self.settings.noise == 0.0
            && !self.settings.horizon.is_random()
            && !self.players[i].is_stochastic()
            && !self.players[j].is_stochastic()
    }

    /// All repetitions of one pair.
    fn play_pair(&self, i: usize, j: usize) -> Vec<MatchOutcome> {
        let (a, b) = (&self.players[i].prototype, &self.players[j].prototype);
        let play = |repetition: u32| {
            let mut rng = match_rng(self.seed, i as u64, j as u64, repetition as u64);
            play_match(a, b, &self.settings, &mut rng, &mut NoRecording)
        };
        if self.is_repeatable(i, j) && self.repetitions > 0 {
            vec![play(0); self.repetitions as usize]
        } else {
            (0..self.repetitions).map(play).collect()
        }
    }

    /// Plays the tournament on the current rayon pool. `on_match` sees every
    /// match in pair-then-repetition order and may stop the run with an
    /// error; `on_progress` is told how many matches are done after each
    /// batch.
    pub fn run<E>(
        &self,
        mut on_match: impl FnMut(&MatchRecord) -> Result<(), E>,
        mut on_progress: impl FnMut(u64),
    ) -> Result<TournamentResults, E> {
        let names = self.players.iter().map(|p| p.name.clone()).collect();
        let mut results =
            TournamentResults::new(names, self.repetitions, self.settings.payoffs);
        let pairs = self.pairs();
        let batch = (rayon::current_num_threads() * 16).max(16);
        let mut done = 0u64;
        for chunk in pairs.chunks(batch) {
            let played: Vec<Vec<MatchOutcome>> =
                chunk.par_iter().map(|&(i, j)| self.play_pair(i, j)).collect();
            for (&(first, second), outcomes) in chunk.iter().zip(played) {
                for (repetition, outcome) in outcomes.into_iter().enumerate() {
                    let record =
                        MatchRecord { first, second, repetition: repetition as u32, outcome };
                    results.add(&record);
                    on_match(&record)?;
                    done += 1;
                }
            }
            on_progress(done);
        }
        Ok(results)
    }

    /// Plays the tournament and returns only the aggregated results.
    pub fn play(&self) -> TournamentResults {
        match self.run::<std::convert::Infallible>(|_| Ok(()), |_| {}) {
            Ok(results) => results,
            Err(never) => match never {},
        }
    }
}
