//! David Gladstein's second-tournament entry (Tester).

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Opens with D to test the opponent; exploits a patsy while keeping its
/// own cooperation rate at about one half, and apologises then plays Tit For
/// Tat after the opponent's first defection.
#[derive(Clone, Debug)]
pub struct SecondByGladstein {
    /// The opponent has not defected yet.
    patsy: bool,
}

impl Default for SecondByGladstein {
    fn default() -> Self {
        SecondByGladstein { patsy: true }
    }
}

impl SecondByGladstein {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-gladstein",
        name: "Second by Gladstein",
        aliases: &[],
        description: "Tests the opponent with a first D and exploits it while it never defects, \
                      keeping its own cooperation rate at about one half; once it defects, \
                      apologises with C and plays Tit For Tat. Until the opponent's first \
                      defection it defects whenever more than half of its own moves so far were \
                      cooperations, and cooperates otherwise.",
        source: "Axelrod (1980), second tournament entry by David Gladstein",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByGladstein::default()),
    };
}

impl Rule for SecondByGladstein {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let Some(last) = them.last() else {
            return D;
        };
        if !self.patsy {
            return last;
        }
        if last == D {
            self.patsy = false;
            return C;
        }
        // Cooperation ratio above one half, in integers.
        if 2 * u64::from(me.cooperations()) > u64::from(me.len()) {
            D
        } else {
            C
        }
    }
}
