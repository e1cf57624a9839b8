//! The anonymous graduate student's first-tournament entry.

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// The anonymous graduate student's entry (1980): every turn, draws a
/// cooperation probability uniformly from [0.3, 0.7] and cooperates with it.
#[derive(Clone, Debug, Default)]
pub struct FirstByAnonymous;

impl FirstByAnonymous {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-anonymous",
        name: "First by Anonymous",
        aliases: &["anonymous"],
        description: "Every turn draws a probability r uniformly from [0.3, 0.7] and \
                      cooperates with probability r, ignoring the opponent (so each move is C \
                      with probability 1/2).",
        source: "Axelrod (1980), first tournament entry by a graduate student whose name was \
                 withheld",
        memory_depth: Some(0),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FirstByAnonymous),
    };
}

impl Rule for FirstByAnonymous {
    #[inline(always)]
    fn choose(&mut self, _: &History, _: &History, _: &MatchContext, rng: &mut MatchRng) -> Action {
        // The library: uniform(3, 7) / 10, then random_choice.
        let r = (3.0 + 4.0 * unit_interval(rng)) / 10.0;
        random_choice(rng, r)
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}
