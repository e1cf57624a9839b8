//! Adaptive: tries both moves, then plays the one that has earned it more.
//!
//! Follows the axelrod library's implementation (4.14,
//! `strategies/adaptive.py`): payoffs are summed per own move in `f64` in
//! the same order as the library, so ties and comparisons come out the same.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Plays C six times and D five times, then whichever move has the higher
/// total payoff so far (D on a tie) (Li, Hingston & Kendall 2011).
#[derive(Clone, Debug, Default)]
pub struct Adaptive {
    /// Total payoff earned when playing C and when playing D.
    scores: [f64; 2],
}

impl Adaptive {
    const OPENING: [Action; 11] = [C, C, C, C, C, C, D, D, D, D, D];

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "adaptive",
        name: "Adaptive",
        aliases: &[],
        description: "Plays C six times and D five times, adding each turn's payoff to the \
                      total of the move it played; afterwards plays C when the total earned \
                      with C exceeds the total earned with D, and D otherwise.",
        source: "Li, Hingston & Kendall (2011), Engineering design of strategies for winning \
                 iterated prisoner's dilemma competitions",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Adaptive::default()),
    };
}

impl Rule for Adaptive {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if let (Some(mine), Some(theirs)) = (me.last(), them.last()) {
            self.scores[mine.bit() as usize] += context.payoffs.payoff(mine, theirs);
        }
        let turn = me.len() as usize;
        if turn < Self::OPENING.len() {
            Self::OPENING[turn]
        } else if self.scores[0] > self.scores[1] {
            C
        } else {
            D
        }
    }
}

family! {
    "Adaptive";
    Adaptive => [Adaptive::INFO],
}
