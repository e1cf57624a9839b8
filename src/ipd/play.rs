//! The match loop: two strategies, a horizon, noise and a payoff matrix.
//!
//! Invariants: the loop does not allocate; it dispatches on each strategy
//! with a `match` whose arm never changes within the match; with noise off
//! it makes no random draws of its own (a const generic removes the noise
//! code). Draw order within a match is documented in [`crate::ipd::random`].
//! Noise follows the axelrod library: both strategies choose, then player
//! 1's action is flipped with probability e, then player 2's, and both
//! histories record the flipped actions.

use crate::ipd::action::{Action, state_index};
use crate::ipd::history::History;
use crate::ipd::horizon::Horizon;
use crate::ipd::outcome::MatchOutcome;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::{MatchRng, bernoulli};
use crate::ipd::strategies::{MatchContext, Strategy};
use serde::Serialize;

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MatchSettings {
    /// Length rule.
    pub horizon: Horizon,
    /// Probability that each chosen action is flipped.
    pub noise: f64,
    /// Payoff matrix.
    pub payoffs: Payoffs,
}

/// Receives every turn's moves; the tournament passes [`NoRecording`], which
/// compiles to nothing.
pub trait MoveRecorder {
    /// Called once per turn with the (post-noise) moves.
    fn record(&mut self, first: Action, second: Action);

    /// Called instead of [`MoveRecorder::record`] when noise is on, with
    /// which of the two moves noise flipped. By default the flips are
    /// ignored.
    #[inline(always)]
    fn record_noisy(&mut self, first: Action, second: Action, _flipped: [bool; 2]) {
        self.record(first, second);
    }
}

/// Records nothing.
pub struct NoRecording;

impl MoveRecorder for NoRecording {
    #[inline(always)]
    fn record(&mut self, _: Action, _: Action) {}
}

/// Records every move, for showing a match turn by turn.
#[derive(Default, Debug, Clone)]
pub struct MoveList {
    /// Player 1's moves.
    pub first: Vec<Action>,
    /// Player 2's moves.
    pub second: Vec<Action>,
}

impl MoveRecorder for MoveList {
    fn record(&mut self, first: Action, second: Action) {
        self.first.push(first);
        self.second.push(second);
    }
}

/// Records every move and which ones noise flipped (for `dilemma match`).
#[derive(Default, Debug, Clone)]
pub struct FlipList {
    /// The moves as played (after noise).
    pub moves: MoveList,
    /// Per turn: whether noise flipped player 1's and player 2's move.
    pub flipped: Vec<[bool; 2]>,
}

impl MoveRecorder for FlipList {
    fn record(&mut self, first: Action, second: Action) {
        self.record_noisy(first, second, [false, false]);
    }

    fn record_noisy(&mut self, first: Action, second: Action, flipped: [bool; 2]) {
        self.moves.record(first, second);
        self.flipped.push(flipped);
    }
}

/// Plays one match between fresh copies of two strategies.
pub fn play_match<R: MoveRecorder>(
    first: &Strategy,
    second: &Strategy,
    settings: &MatchSettings,
    rng: &mut MatchRng,
    recorder: &mut R,
) -> MatchOutcome {
    let length = settings.horizon.draw_length(rng);
    if length == 0 {
        return MatchOutcome {
            length: 0,
            first_moves: [Action::C, Action::C],
            first_state: 0,
            transitions: [[0; 4]; 4],
        };
    }
    let context = MatchContext {
        length: settings.horizon.known_length(),
        payoffs: settings.payoffs,
    };
    let mut a = first.clone();
    let mut b = second.clone();
    if settings.noise > 0.0 {
        run_turns::<true, R>(
            &mut a,
            &mut b,
            length,
            settings.noise,
            &context,
            rng,
            recorder,
        )
    } else {
        run_turns::<false, R>(&mut a, &mut b, length, 0.0, &context, rng, recorder)
    }
}

#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn one_turn<const NOISY: bool>(
    a: &mut Strategy,
    b: &mut Strategy,
    history_a: &mut History,
    history_b: &mut History,
    noise: f64,
    context: &MatchContext,
    rng: &mut MatchRng,
) -> (Action, Action, [bool; 2]) {
    let mut move_a = a.choose(history_a, history_b, context, rng);
    let mut move_b = b.choose(history_b, history_a, context, rng);
    let mut flipped = [false; 2];
    if NOISY {
        if bernoulli(rng, noise) {
            move_a = move_a.flip();
            flipped[0] = true;
        }
        if bernoulli(rng, noise) {
            move_b = move_b.flip();
            flipped[1] = true;
        }
    }
    history_a.push(move_a);
    history_b.push(move_b);
    (move_a, move_b, flipped)
}

#[inline(always)]
fn record<const NOISY: bool, R: MoveRecorder>(
    recorder: &mut R,
    (a, b, flipped): (Action, Action, [bool; 2]),
) -> (Action, Action) {
    if NOISY {
        recorder.record_noisy(a, b, flipped);
    } else {
        recorder.record(a, b);
    }
    (a, b)
}

fn run_turns<const NOISY: bool, R: MoveRecorder>(
    a: &mut Strategy,
    b: &mut Strategy,
    length: u32,
    noise: f64,
    context: &MatchContext,
    rng: &mut MatchRng,
    recorder: &mut R,
) -> MatchOutcome {
    let mut history_a = History::new();
    let mut history_b = History::new();
    let mut transitions = [[0u32; 4]; 4];
    let (first_a, first_b) = record::<NOISY, R>(
        recorder,
        one_turn::<NOISY>(a, b, &mut history_a, &mut history_b, noise, context, rng),
    );
    let first_state = state_index(first_a, first_b);
    let mut previous = first_state;
    for _ in 1..length {
        let (move_a, move_b) = record::<NOISY, R>(
            recorder,
            one_turn::<NOISY>(a, b, &mut history_a, &mut history_b, noise, context, rng),
        );
        let state = state_index(move_a, move_b);
        transitions[previous][state] += 1;
        previous = state;
    }
    MatchOutcome {
        length,
        first_moves: [first_a, first_b],
        first_state: first_state as u8,
        transitions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::{CATALOGUE, PlayerSpec};

    fn settings(turns: u32, noise: f64) -> MatchSettings {
        MatchSettings {
            horizon: Horizon::Fixed { turns },
            noise,
            payoffs: Payoffs::STANDARD,
        }
    }

    #[test]
    fn noise_flips_each_action_at_its_rate() {
        // Two Cooperators: every D is a flip. 100,000 turns at e = 0.1 gives
        // Binomial(100000, 0.1) defections per player: sd ~= 94.9; 5 sigma.
        let c = PlayerSpec::new("cooperator").build().unwrap();
        let outcome = play_match(
            &c.prototype,
            &c.prototype,
            &settings(100_000, 0.1),
            &mut match_rng(9, 0, 0, 0),
            &mut NoRecording,
        );
        for cooperations in outcome.cooperations() {
            let defections = 100_000.0 - cooperations as f64;
            assert!((defections - 10_000.0).abs() < 5.0 * 94.9, "{defections}");
        }
    }

    #[test]
    fn strategies_see_the_flipped_moves() {
        // With noise 1 every move is flipped: Cooperator plays D, and Tit For
        // Tat answers the D it saw with an intended D that becomes C.
        let c = PlayerSpec::new("cooperator").build().unwrap();
        let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
        let mut moves = MoveList::default();
        play_match(
            &c.prototype,
            &tft.prototype,
            &settings(4, 1.0),
            &mut match_rng(1, 0, 1, 0),
            &mut moves,
        );
        assert!(moves.first.iter().all(|&a| a == Action::D));
        // TFT intends C first (flipped to D), then copies D (flipped to C).
        assert_eq!(
            moves.second,
            vec![Action::D, Action::C, Action::C, Action::C]
        );
    }

    #[test]
    fn flips_are_reported_where_noise_changed_a_move() {
        // Cooperator intends C every turn, so a D is exactly a flip.
        let c = PlayerSpec::new("cooperator").build().unwrap();
        let mut flips = FlipList::default();
        play_match(
            &c.prototype,
            &c.prototype,
            &settings(2000, 0.2),
            &mut match_rng(3, 0, 1, 0),
            &mut flips,
        );
        assert_eq!(flips.flipped.len(), 2000);
        let mut any = false;
        for (t, f) in flips.flipped.iter().enumerate() {
            assert_eq!(f[0], flips.moves.first[t] == Action::D, "turn {t}");
            assert_eq!(f[1], flips.moves.second[t] == Action::D, "turn {t}");
            any |= f[0] || f[1];
        }
        assert!(any);
        // The same match without recording flips plays the same moves.
        let mut plain = MoveList::default();
        play_match(
            &c.prototype,
            &c.prototype,
            &settings(2000, 0.2),
            &mut match_rng(3, 0, 1, 0),
            &mut plain,
        );
        assert_eq!(plain.first, flips.moves.first);
    }

    #[test]
    fn swapping_seats_swaps_outcomes_for_deterministic_pairs() {
        let players: Vec<_> = CATALOGUE
            .iter()
            .map(|info| PlayerSpec::new(info.id).build().unwrap())
            .filter(|p| !p.is_stochastic())
            .collect();
        for a in &players {
            for b in &players {
                let s = settings(37, 0.0);
                let ab = play_match(
                    &a.prototype,
                    &b.prototype,
                    &s,
                    &mut match_rng(1, 0, 1, 0),
                    &mut NoRecording,
                );
                let ba = play_match(
                    &b.prototype,
                    &a.prototype,
                    &s,
                    &mut match_rng(1, 0, 1, 0),
                    &mut NoRecording,
                );
                assert_eq!(ab.swapped(), ba, "{} vs {}", a.name, b.name);
                let [x, y] = ab.scores(&s.payoffs);
                assert_eq!(ba.scores(&s.payoffs), [y, x]);
            }
        }
    }

    #[test]
    fn outcome_counters_agree_with_the_moves() {
        let a = PlayerSpec::new("random").build().unwrap();
        let b = PlayerSpec::new("win-stay-lose-shift").build().unwrap();
        let s = MatchSettings {
            noise: 0.05,
            ..settings(500, 0.0)
        };
        let mut moves = MoveList::default();
        let outcome = play_match(
            &a.prototype,
            &b.prototype,
            &s,
            &mut match_rng(5, 0, 1, 0),
            &mut moves,
        );
        let mut states = [0u32; 4];
        let mut score = 0.0;
        for (&x, &y) in moves.first.iter().zip(&moves.second) {
            states[crate::ipd::action::state_index(x, y)] += 1;
            score += s.payoffs.payoff(x, y);
        }
        assert_eq!(outcome.state_counts(), states);
        assert_eq!(outcome.scores(&s.payoffs)[0], score);
        assert_eq!(outcome.length, 500);
        let (followed, cooperated) = outcome.cooperation_after_states();
        assert_eq!(followed.iter().sum::<u32>(), 499);
        let mut expected = [0u32; 4];
        for t in 1..500 {
            if moves.first[t] == Action::C {
                expected
                    [crate::ipd::action::state_index(moves.first[t - 1], moves.second[t - 1])] += 1;
            }
        }
        assert_eq!(cooperated, expected);
        assert_eq!(
            MatchOutcome::from_moves(&moves.first, &moves.second),
            outcome
        );
    }

    #[test]
    fn random_horizons_hide_the_length_and_vary_by_repetition() {
        let c = PlayerSpec::new("cooperator").build().unwrap();
        let s = MatchSettings {
            horizon: Horizon::Random {
                continuation: 0.9,
                cap: None,
            },
            noise: 0.0,
            payoffs: Payoffs::STANDARD,
        };
        let lengths: std::collections::HashSet<u32> = (0..50)
            .map(|r| {
                play_match(
                    &c.prototype,
                    &c.prototype,
                    &s,
                    &mut match_rng(1, 0, 0, r),
                    &mut NoRecording,
                )
                .length
            })
            .collect();
        assert!(lengths.len() > 5, "lengths should vary: {lengths:?}");
    }
}
