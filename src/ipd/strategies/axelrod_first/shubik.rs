//! Martin Shubik's first-tournament entry.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Martin Shubik's entry: answers a defection that follows its own
/// cooperation with a run of defections one longer each time.
#[derive(Clone, Debug, Default)]
pub struct FirstByShubik {
    is_retaliating: bool,
    retaliation_length: u32,
    retaliation_remaining: u32,
}

impl FirstByShubik {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-shubik",
        name: "First by Shubik",
        aliases: &["shubik"],
        description: "Cooperates first. When the opponent defects after it cooperated, it \
                      defects k times in a row, where k is 1 the first time and grows by one \
                      each time; otherwise cooperates.",
        source: "Axelrod (1980), first tournament entry by Martin Shubik",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FirstByShubik::default()),
    };

    fn decrease_retaliation_counter(&mut self) {
        if self.is_retaliating {
            self.retaliation_remaining -= 1;
            if self.retaliation_remaining == 0 {
                self.is_retaliating = false;
            }
        }
    }
}

impl Rule for FirstByShubik {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.is_empty() {
            return C;
        }
        if self.is_retaliating {
            self.decrease_retaliation_counter();
            return D;
        }
        if them.last() == Some(D) && me.last() == Some(C) {
            self.is_retaliating = true;
            self.retaliation_length += 1;
            self.retaliation_remaining = self.retaliation_length;
            self.decrease_retaliation_counter();
            return D;
        }
        C
    }
}
