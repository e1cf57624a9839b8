//! Bernard Grofman's second-tournament entry (K86R).

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates twice, plays Tit For Tat on turns 3 to 7, then keeps
/// cooperating while the opponent defected rarely in its recent moves.
///
/// Quirk of the Fortran source (kept by the library): "the last 8 rounds"
/// are the 7 rounds before the latest one; the latest opponent move is not
/// counted.
#[derive(Clone, Debug, Default)]
pub struct SecondByGrofman;

impl SecondByGrofman {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-grofman",
        name: "Second by Grofman",
        aliases: &[],
        description: "Cooperates on the first two turns and copies the opponent's last move on \
                      turns 3 to 7. Afterwards it counts the opponent's defections in the 7 \
                      turns before the latest one: after its own C it cooperates when there \
                      were at most 2, after its own D when there was at most 1; otherwise it \
                      defects.",
        source: "Axelrod (1980), second tournament entry by Bernard Grofman (K86R)",
        memory_depth: Some(8),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByGrofman),
    };
}

impl Rule for SecondByGrofman {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        match me.len() {
            0 | 1 => C,
            2..=6 => them.last().unwrap_or(C),
            _ => {
                // Turns 2 to 8 ago (bits 1..=7); bits before the start are C.
                let defections = ((them.recent_bits() >> 1) & 0x7f).count_ones();
                let limit = if me.last() == Some(C) { 2 } else { 1 };
                if defections <= limit { C } else { D }
            }
        }
    }
}
