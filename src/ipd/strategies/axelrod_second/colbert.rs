//! William Colbert's second-tournament entry (K51R).

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates on the first eight turns except the sixth; afterwards answers
/// a C with C and a D with the chain D, D, C, C, ignoring the opponent
/// during the chain (the library's finite state machine of 11 states).
#[derive(Clone, Debug, Default)]
pub struct SecondByColbert {
    /// Moves of the current answer to a defection still to play after the
    /// first D (3: D, C, C to come), 0 outside a chain.
    chain: u8,
}

impl SecondByColbert {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-colbert",
        name: "Second by Colbert",
        aliases: &[],
        description: "Cooperates on the first eight turns except the sixth, where it defects. \
                      Afterwards it answers an opponent's C with C and a D with the chain D, D, \
                      C, C, ignoring the opponent's moves during the chain.",
        source: "Axelrod (1980), second tournament entry by William Colbert (K51R)",
        memory_depth: Some(4),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByColbert::default()),
    };
}

impl Rule for SecondByColbert {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        match me.len() {
            5 => return D,
            0..8 => return C,
            _ => {}
        }
        match self.chain {
            0 if them.last() == Some(D) => {
                self.chain = 3;
                D
            }
            0 => C,
            n => {
                self.chain = n - 1;
                if n == 3 { D } else { C }
            }
        }
    }
}
