//! Reinforcement learners: Bush Mosteller (Bush & Mosteller 1955, as in
//! Luis 2008) and the four Q-learners of the axelrod library.
//!
//! Both follow the axelrod library (4.14, `strategies/bush_mosteller.py` and
//! `strategies/qlearner.py`), with the same float operations in the same
//! order, and draw through [`random_choice`] (no draw at p = 0 or 1, as in
//! axelrod). The Q-learners keep a two-entry table instead of axelrod's
//! dictionary keyed by state strings; [`QLearner`] explains why that is
//! exact.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// The largest payoff of axelrod's default game (R, P, S, T) = (3, 1, 0, 5).
const DEFAULT_GAME_MAX: f64 = 5.0;

/// The largest of R, P, S and T.
fn max_payoff(payoffs: &Payoffs) -> f64 {
    payoffs.r.max(payoffs.p).max(payoffs.s).max(payoffs.t)
}

/// Bush-Mosteller reinforcement learning: after each turn the propensity
/// of the move just played grows when its payoff beat an aspiration level
/// and shrinks otherwise; the player cooperates with probability c / (c + d)
/// (Luis 2008).
///
/// The stimulus of a payoff u is (u - A) / |M - A|, floored at -1, with M
/// the largest payoff of the game and A = |5 / divider|. Quirk reproduced:
/// axelrod computes A when the player is built, from its default game (whose
/// largest payoff is 5), and never again, while M comes from the game
/// actually played. Where axelrod divides by zero (M = A, or c = d = 0) and
/// raises, ours does not learn from that turn, respectively defects.
#[derive(Clone, Debug)]
pub struct BushMosteller {
    /// Propensity to cooperate.
    c_prob: f64,
    /// Propensity to defect.
    d_prob: f64,
    /// The aspiration level A.
    aspiration: f64,
    /// How far each stimulus moves the propensity.
    learning_rate: f64,
}

impl BushMosteller {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "bush-mosteller",
        name: "Bush Mosteller",
        aliases: &[],
        description: "Keeps propensities c and d to cooperate and defect and plays C with \
                      probability c / (c + d). After each turn the stimulus s = (u - A) / |M - \
                      A| of its payoff u (M the largest payoff, A = 5 / aspiration_level_divider, \
                      s floored at -1) moves the propensity of the move it played: up by \
                      learning_rate * s * (1 - p) when s >= 0, down by learning_rate * |s| * p \
                      when s < 0.",
        source: "Bush & Mosteller (1955), Stochastic models for learning; Luis (2008), \
                 Reinforcement learning in the iterated prisoner's dilemma",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[
            ParamSpec {
                name: "c_prob",
                description: "initial propensity to cooperate",
                default: 0.5,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
            ParamSpec {
                name: "d_prob",
                description: "initial propensity to defect",
                default: 0.5,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
            ParamSpec {
                name: "aspiration_level_divider",
                description: "the aspiration level is 5 (the default game's largest payoff) \
                              divided by this",
                default: 3.0,
                min: 0.1,
                max: 100.0,
                kind: ParamKind::Real,
            },
            ParamSpec {
                name: "learning_rate",
                description: "share of the way a stimulus moves a propensity",
                default: 0.5,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
        ],
        display_name: None,
        build: |v| Strategy::from(BushMosteller::new(v[0], v[1], v[2], v[3])),
    };

    /// A learner with these initial propensities, divider and rate.
    pub fn new(c_prob: f64, d_prob: f64, divider: f64, learning_rate: f64) -> BushMosteller {
        BushMosteller {
            c_prob,
            d_prob,
            aspiration: (DEFAULT_GAME_MAX / divider).abs(),
            learning_rate,
        }
    }

    /// The probability of C now: c / (c + d); 0 when both are 0.
    pub fn cooperation_probability(&self) -> f64 {
        let total = self.c_prob + self.d_prob;
        if total > 0.0 {
            self.c_prob / total
        } else {
            0.0
        }
    }

    /// The stimulus of `score` under `payoffs`, floored at -1; `None` where
    /// axelrod would divide by zero.
    fn stimulus(&self, score: f64, payoffs: &Payoffs) -> Option<f64> {
        let range = (max_payoff(payoffs) - self.aspiration).abs();
        (range != 0.0).then(|| ((score - self.aspiration) / range).max(-1.0))
    }

    /// Learns from the last turn: `mine` was played against `theirs`.
    fn learn(&mut self, mine: Action, theirs: Action, payoffs: &Payoffs) {
        let Some(stimulus) = self.stimulus(payoffs.payoff(mine, theirs), payoffs) else {
            return;
        };
        let propensity = match mine {
            C => &mut self.c_prob,
            D => &mut self.d_prob,
        };
        if stimulus >= 0.0 {
            *propensity += self.learning_rate * stimulus * (1.0 - *propensity);
        } else {
            *propensity += self.learning_rate * stimulus * *propensity;
        }
    }
}

impl Rule for BushMosteller {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        if let (Some(mine), Some(theirs)) = (me.last(), them.last()) {
            self.learn(mine, theirs, &context.payoffs);
        }
        random_choice(rng, self.cooperation_probability())
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Q-learning with an epsilon-greedy policy (Geraint Palmer): the state is
/// the opponent's last 12 moves together with its number of cooperations so
/// far, the reward of a turn is the payoff of the move the player chose
/// (before noise) against the opponent's recorded move, and each turn the
/// player takes the action of highest Q value (C on a tie) with probability
/// 0.9, else a fair coin.
///
/// Table: axelrod keys Q and V by the state string. A state recurs only on
/// consecutive turns, and only when the opponent defected on each of the
/// last 13 turns: equal states need equal cooperation counts, so the
/// opponent defected on every turn in between, and a 12-move window equal
/// to itself shifted by d turns with d trailing defections is all D (before
/// turn 13 windows are shorter than 12 and differ in length). Every other
/// state is new when entered, with Q = (0, 0) and V = 0, and the values
/// written for the state just left are never read again. So one entry, the
/// current state's Q(C), Q(D) and V, reproduces axelrod's table exactly
/// (checked against the library's own dictionary, noise included).
///
/// axelrod also draws a random previous move and a random opponent move on
/// the first turn, only to update the entry of the empty state, which is
/// never read; ours skips those draws.
#[derive(Clone, Debug)]
pub struct QLearner {
    /// Weight of the new estimate in an update.
    learning_rate: f64,
    /// Weight of the next state's value.
    discount_rate: f64,
    /// Q(current state, C) and Q(current state, D).
    q: [f64; 2],
    /// V(current state).
    v: f64,
    /// The move chosen last turn (before any noise).
    prev_action: Action,
}

impl QLearner {
    /// Probability of exploring (a fair coin instead of the greedy move).
    const ACTION_SELECTION: f64 = 0.1;
    /// The opponent's last 13 moves all D: the state repeats (see the type).
    const REPEAT_MASK: u64 = (1 << 13) - 1;

    const fn entry(
        id: &'static str,
        name: &'static str,
        description: &'static str,
        build: fn(&[f64]) -> Strategy,
    ) -> StrategyInfo {
        StrategyInfo {
            id,
            name,
            aliases: &[],
            description,
            source: "Geraint Palmer, the axelrod library",
            memory_depth: None,
            stochastic: true,
            uses_length: false,
            uses_payoffs: true,
            long_run_time: false,
            game_display_name: None,
            params: &[],
            display_name: None,
            build,
        }
    }

    /// Catalogue entry: learning rate 0.9, discount 0.9.
    pub const INFO_RISKY: StrategyInfo = Self::entry(
        "risky-q-learner",
        "Risky QLearner",
        "Q-learning over states (the opponent's last 12 moves, its number of cooperations) \
         with learning rate 0.9 and discount 0.9; plays the move of highest Q value (C on a \
         tie) with probability 0.9, else a fair coin.",
        |_| Strategy::from(QLearner::new(0.9, 0.9)),
    );

    /// Catalogue entry: learning rate 0.9, discount 0.1.
    pub const INFO_ARROGANT: StrategyInfo = Self::entry(
        "arrogant-q-learner",
        "Arrogant QLearner",
        "Q-learning over states (the opponent's last 12 moves, its number of cooperations) \
         with learning rate 0.9 and discount 0.1; plays the move of highest Q value (C on a \
         tie) with probability 0.9, else a fair coin.",
        |_| Strategy::from(QLearner::new(0.9, 0.1)),
    );

    /// Catalogue entry: learning rate 0.1, discount 0.9.
    pub const INFO_HESITANT: StrategyInfo = Self::entry(
        "hesitant-q-learner",
        "Hesitant QLearner",
        "Q-learning over states (the opponent's last 12 moves, its number of cooperations) \
         with learning rate 0.1 and discount 0.9; plays the move of highest Q value (C on a \
         tie) with probability 0.9, else a fair coin.",
        |_| Strategy::from(QLearner::new(0.1, 0.9)),
    );

    /// Catalogue entry: learning rate 0.1, discount 0.1.
    pub const INFO_CAUTIOUS: StrategyInfo = Self::entry(
        "cautious-q-learner",
        "Cautious QLearner",
        "Q-learning over states (the opponent's last 12 moves, its number of cooperations) \
         with learning rate 0.1 and discount 0.1; plays the move of highest Q value (C on a \
         tie) with probability 0.9, else a fair coin.",
        |_| Strategy::from(QLearner::new(0.1, 0.1)),
    );

    fn new(learning_rate: f64, discount_rate: f64) -> QLearner {
        QLearner {
            learning_rate,
            discount_rate,
            q: [0.0; 2],
            v: 0.0,
            prev_action: C,
        }
    }

    /// Moves to the state after the last turn, whose reward was `reward`;
    /// `repeated` when that state is the one just left.
    fn learn(&mut self, reward: f64, repeated: bool) {
        if repeated {
            let q = &mut self.q[self.prev_action.bit() as usize];
            *q = (1.0 - self.learning_rate) * *q
                + self.learning_rate * (reward + self.discount_rate * self.v);
            self.v = self.q[0].max(self.q[1]);
        } else {
            self.q = [0.0; 2];
            self.v = 0.0;
        }
    }

    /// The move of highest Q value in the current state, C on a tie.
    fn greedy(&self) -> Action {
        if self.q[1] > self.q[0] { D } else { C }
    }

    /// The probability of C now: 0.9 + 0.05 when the greedy move is C,
    /// 0.05 when it is D.
    pub fn cooperation_probability(&self) -> f64 {
        let explore = Self::ACTION_SELECTION / 2.0;
        match self.greedy() {
            C => 1.0 - Self::ACTION_SELECTION + explore,
            D => explore,
        }
    }
}

impl Rule for QLearner {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        match them.last() {
            Some(theirs) if !me.is_empty() => {
                let reward = context.payoffs.payoff(self.prev_action, theirs);
                let repeated =
                    them.len() >= 13 && them.recent_bits() & Self::REPEAT_MASK == Self::REPEAT_MASK;
                self.learn(reward, repeated);
            }
            _ => self.learn(0.0, false),
        }
        let action = if unit_interval(rng) < 1.0 - Self::ACTION_SELECTION {
            self.greedy()
        } else {
            random_choice(rng, 0.5)
        };
        self.prev_action = action;
        action
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

family! {
    "Learners";
    BushMosteller => [BushMosteller::INFO],
    QLearner => [
        QLearner::INFO_RISKY,
        QLearner::INFO_ARROGANT,
        QLearner::INFO_HESITANT,
        QLearner::INFO_CAUTIOUS,
    ],
}

#[cfg(test)]
mod tests {
    use super::*;

    const YEARS_A: Payoffs = Payoffs {
        r: -0.5,
        s: -10.0,
        t: 0.0,
        p: -2.0,
    };

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn bush_mosteller_moves_the_propensity_of_the_move_played() {
        // Standard game: A = 5/3, M - A = 10/3.
        let standard = Payoffs::STANDARD;
        let fresh = || BushMosteller::new(0.5, 0.5, 3.0, 0.5);
        assert_eq!(fresh().cooperation_probability(), 0.5);
        // CC pays 3: stimulus 0.4, c = 0.5 + 0.5 * 0.4 * 0.5 = 0.6.
        let mut b = fresh();
        b.learn(C, C, &standard);
        assert!(close(b.c_prob, 0.6) && b.d_prob == 0.5);
        assert!(close(b.cooperation_probability(), 0.6 / 1.1));
        // CD pays 0: stimulus -0.5, c = 0.5 - 0.5 * 0.5 * 0.5 = 0.375.
        let mut b = fresh();
        b.learn(C, D, &standard);
        assert!(close(b.c_prob, 0.375));
        assert!(close(b.cooperation_probability(), 0.375 / 0.875));
        // DC pays 5: stimulus 1, d = 0.5 + 0.5 * 0.5 = 0.75.
        let mut b = fresh();
        b.learn(D, C, &standard);
        assert!(close(b.d_prob, 0.75) && b.c_prob == 0.5);
        assert!(close(b.cooperation_probability(), 0.4));
        // DD pays 1: stimulus -0.2, d = 0.5 - 0.5 * 0.2 * 0.5 = 0.45.
        let mut b = fresh();
        b.learn(D, D, &standard);
        assert!(close(b.d_prob, 0.45));
        assert!(close(b.cooperation_probability(), 0.5 / 0.95));
    }

    #[test]
    fn bush_mosteller_keeps_the_default_games_aspiration() {
        // Prison years A: M = 0 but A stays 5/3 (axelrod's quirk), so every
        // payoff gives a stimulus of at most -1: CC pays -0.5, stimulus
        // (-0.5 - 5/3) / (5/3) = -1.3, floored at -1: c = 0.5 - 0.25.
        let mut b = BushMosteller::new(0.5, 0.5, 3.0, 0.5);
        b.learn(C, C, &YEARS_A);
        assert!(close(b.c_prob, 0.25));
        // A = M: axelrod divides by zero; ours learns nothing.
        let mut b = BushMosteller::new(0.5, 0.5, 1.0, 0.5);
        b.learn(C, C, &Payoffs::STANDARD);
        assert_eq!((b.c_prob, b.d_prob), (0.5, 0.5));
        // c = d = 0: defect.
        assert_eq!(
            BushMosteller::new(0.0, 0.0, 3.0, 0.5).cooperation_probability(),
            0.0
        );
        assert_eq!(
            BushMosteller::new(0.0, 0.3, 3.0, 0.5).cooperation_probability(),
            0.0
        );
    }

    #[test]
    fn q_learners_update_only_a_repeated_state() {
        // Risky (0.9, 0.9) in the all-D state against a defector, standard
        // game. Playing C earns S = 0: Q(C) stays 0 and C stays greedy.
        let mut q = QLearner::new(0.9, 0.9);
        q.learn(0.0, false);
        assert!(close(q.cooperation_probability(), 0.95));
        q.prev_action = C;
        q.learn(0.0, true);
        assert_eq!((q.q, q.v), ([0.0, 0.0], 0.0));
        // An exploratory D earns P = 1: Q(D) = 0.9 * (1 + 0.9 * 0) = 0.9.
        q.prev_action = D;
        q.learn(1.0, true);
        assert!(close(q.q[1], 0.9) && close(q.v, 0.9));
        assert!(close(q.cooperation_probability(), 0.05));
        // D again: Q(D) = 0.1 * 0.9 + 0.9 * (1 + 0.9 * 0.9) = 1.719.
        q.learn(1.0, true);
        assert!(close(q.q[1], 1.719) && close(q.v, 1.719));
        // The opponent cooperates: a new state, nothing learnt yet.
        q.learn(1.0, false);
        assert_eq!((q.q, q.v), ([0.0, 0.0], 0.0));
        // Cautious (0.1, 0.1): Q(D) = 0.1 * (1 + 0.1 * 0) = 0.1, then
        // 0.9 * 0.1 + 0.1 * (1 + 0.1 * 0.1) = 0.191.
        let mut q = QLearner::new(0.1, 0.1);
        q.prev_action = D;
        q.learn(1.0, true);
        q.learn(1.0, true);
        assert!(close(q.q[1], 0.191));
    }

    #[test]
    fn q_learners_learn_only_after_13_opponent_defections() {
        let context = MatchContext {
            length: None,
            payoffs: Payoffs::STANDARD,
        };
        let mut rng = crate::ipd::random::match_rng(2, 0, 0, 0);
        let mut q = QLearner::new(0.9, 0.9);
        let (mut me, mut them) = (History::new(), History::new());
        for turn in 0..40 {
            let action = q.choose(&me, &them, &context, &mut rng);
            if turn < 13 {
                assert_eq!((q.q, q.v), ([0.0, 0.0], 0.0), "turn {turn}");
            }
            me.push(action);
            them.push(D);
        }
        // From turn 13 on the state repeats and V tracks the larger Q value.
        assert_eq!(q.v, q.q[0].max(q.q[1]));
    }
}
