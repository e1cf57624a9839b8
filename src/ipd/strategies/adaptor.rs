//! Adaptor (Hauert & Stenull 2002): a one-number internal state moved by the
//! outcome of each turn; the player cooperates with probability 0.99 while
//! the state lies in [-1, 1) and 0.01 outside.
//!
//! Follows the axelrod library (4.14, `strategies/adaptor.py`): the state
//! starts at 0, gains the increment of the last outcome (seen from the
//! player, on the recorded moves, noise included) before every move but the
//! first, and is summed in `f64` in the same order as the library, so the
//! state crosses the bounds on the same turns. The two entries are the two
//! trained increment tables axelrod ships.

use crate::ipd::action::{Action, state_index};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates with probability 0.99 while its state `s` lies in [-1, 1),
/// else 0.01; `s` starts at 0 and adds `delta[outcome]` after every turn.
#[derive(Clone, Debug)]
pub struct Adaptor {
    /// Increment per outcome of the last turn: CC, CD, DC, DD (own move
    /// first).
    delta: [f64; 4],
    /// The internal state.
    s: f64,
}

impl Adaptor {
    /// The error rate: the probability of the move the state does not call
    /// for.
    const PERR: f64 = 0.01;

    /// Increments trained on short matches (R, S, T, P outcomes).
    const BRIEF: [f64; 4] = [0.0, -1.001505, 0.992107, -0.638734];
    /// Increments trained on long matches (R, S, T, P outcomes).
    const LONG: [f64; 4] = [0.0, 1.888159, 1.858883, -0.995703];

    /// Catalogue entry: the table trained on short matches.
    pub const INFO_BRIEF: StrategyInfo = StrategyInfo {
        id: "adaptor-brief",
        name: "AdaptorBrief",
        aliases: &[],
        description: "Keeps a state s, 0 at first, adding after each turn 0 for mutual \
                      cooperation, -1.001505 when exploited, +0.992107 after exploiting and \
                      -0.638734 for mutual defection; cooperates with probability 0.99 while \
                      -1 <= s < 1 and 0.01 otherwise (increments trained on short matches).",
        source: "Hauert & Stenull (2002), Simple adaptive strategy wins the prisoner's dilemma",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Adaptor::new(Adaptor::BRIEF)),
    };

    /// Catalogue entry: the table trained on long matches.
    pub const INFO_LONG: StrategyInfo = StrategyInfo {
        id: "adaptor-long",
        name: "AdaptorLong",
        aliases: &[],
        description: "Keeps a state s, 0 at first, adding after each turn 0 for mutual \
                      cooperation, +1.888159 when exploited, +1.858883 after exploiting and \
                      -0.995703 for mutual defection; cooperates with probability 0.99 while \
                      -1 <= s < 1 and 0.01 otherwise (increments trained on long matches).",
        source: "Hauert & Stenull (2002), Simple adaptive strategy wins the prisoner's dilemma",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Adaptor::new(Adaptor::LONG)),
    };

    fn new(delta: [f64; 4]) -> Adaptor {
        Adaptor { delta, s: 0.0 }
    }

    /// The probability of C for state `s`: perr + (1 - 2 perr) (H(s + 1) -
    /// H(s - 1)) with H(0) = 1, as the library computes it.
    pub fn cooperation_probability(s: f64) -> f64 {
        let heaviside = |x: f64| if x < 0.0 { 0.0 } else { 1.0 };
        Self::PERR + (1.0 - 2.0 * Self::PERR) * (heaviside(s + 1.0) - heaviside(s - 1.0))
    }
}

impl Rule for Adaptor {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        if let (Some(mine), Some(theirs)) = (me.last(), them.last()) {
            self.s += self.delta[state_index(mine, theirs)];
        }
        random_choice(rng, Self::cooperation_probability(self.s))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

family! {
    "Adaptor";
    Adaptor => [Adaptor::INFO_BRIEF, Adaptor::INFO_LONG],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::{C, D};
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::random::match_rng;

    #[test]
    fn the_probability_is_high_inside_the_band() {
        let p = Adaptor::cooperation_probability;
        assert_eq!(p(0.0), 0.01 + 0.98);
        assert_eq!(p(-1.0), 0.01 + 0.98);
        assert_eq!(p(0.999), 0.01 + 0.98);
        assert_eq!(p(1.0), 0.01);
        assert_eq!(p(-1.001505), 0.01);
        assert_eq!(p(5.0), 0.01);
    }

    #[test]
    fn the_state_follows_the_outcomes() {
        // AdaptorBrief exploited once: s = -1.001505, below the band; then
        // it exploits back: s = -1.001505 + 0.992107 = -0.009398, inside.
        let context = MatchContext {
            length: None,
            payoffs: Payoffs::STANDARD,
        };
        let mut rng = match_rng(0, 0, 0, 0);
        let mut rule = Adaptor::new(Adaptor::BRIEF);
        let (mut me, mut them) = (History::new(), History::new());
        rule.choose(&me, &them, &context, &mut rng);
        assert_eq!(rule.s, 0.0);
        me.push(C);
        them.push(D);
        rule.choose(&me, &them, &context, &mut rng);
        assert_eq!(rule.s, -1.001505);
        assert_eq!(Adaptor::cooperation_probability(rule.s), 0.01);
        me.push(D);
        them.push(C);
        rule.choose(&me, &them, &context, &mut rng);
        assert_eq!(rule.s, -1.001505 + 0.992107);
        assert_eq!(Adaptor::cooperation_probability(rule.s), 0.99);
        // AdaptorLong after mutual defection twice: -1.991406, outside.
        let mut rule = Adaptor::new(Adaptor::LONG);
        let (mut me, mut them) = (History::new(), History::new());
        for _ in 0..2 {
            me.push(D);
            them.push(D);
            rule.choose(&me, &them, &context, &mut rng);
        }
        assert_eq!(rule.s, -0.995703 * 2.0);
        assert_eq!(Adaptor::cooperation_probability(rule.s), 0.01);
    }
}
