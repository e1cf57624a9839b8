//! Gordon Tullock's first-tournament entry.

use crate::ipd::action::Action::{self, C};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Gordon Tullock's entry (13th in 1980): cooperates 11 times, then
/// cooperates 10 percentage points less often than the opponent did over
/// the last 10 turns.
#[derive(Clone, Debug, Default)]
pub struct FirstByTullock;

impl FirstByTullock {
    /// Turns of unconditional cooperation.
    const ROUNDS_TO_COOPERATE: u32 = 11;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-tullock",
        name: "First by Tullock",
        aliases: &["tullock"],
        description: "Cooperates on the first 11 turns, then 10 percentage points less often \
                      than the opponent did in the last 10 turns: with probability \
                      max(0, c / 10 - 0.1), c the opponent's cooperations in the last 10 turns.",
        source: "Axelrod (1980), first tournament entry by Gordon Tullock",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FirstByTullock),
    };

    /// The probability of C given the opponent's cooperations in the last
    /// 10 turns (the library's float arithmetic).
    pub fn cooperation_probability(cooperations: u32) -> f64 {
        let rounds = (Self::ROUNDS_TO_COOPERATE - 1) as f64;
        (cooperations as f64 / rounds - 0.10).max(0.0)
    }
}

impl Rule for FirstByTullock {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        if me.len() < Self::ROUNDS_TO_COOPERATE {
            return C;
        }
        let window = Self::ROUNDS_TO_COOPERATE - 1;
        let defections = (them.recent_bits() & ((1 << window) - 1)).count_ones();
        random_choice(rng, Self::cooperation_probability(window - defections))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}
