//! Herb Weiner's entry: Tit For Tat with occasional forgiveness and a
//! defection override when the opponent defects often.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Herb Weiner's entry (K41R, 7th in the second tournament): Tit For Tat
/// with a chance of forgiveness and a defection override.
///
/// A run of opponent defections ended by a C arms forgiveness when the run
/// had odd length (a run counter reset by each C and by each forgiveness
/// turn). On the turn after arming, the flag is lowered; if the opponent
/// just defected and the grudge (0 at the start, +20 per forgiveness) is
/// below the turn number, that D is forgiven with a C. Last, whatever was
/// decided, it defects if the opponent defected at least 5 times in the
/// twelve turns before its latest move: as in the library (and the Fortran
/// original, which updated its record after checking), the latest move is
/// not in the window. Those twelve turns are bits 1 to 12 of the opponent's
/// recent moves, so no extra record is kept.
#[derive(Clone, Debug, Default)]
pub struct SecondByWeiner {
    forgive_flag: bool,
    grudge: u32,
    defect_padding: u32,
}

impl SecondByWeiner {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-weiner",
        name: "Second by Weiner",
        aliases: &[],
        description: "Tit For Tat with forgiveness and an override. When an opponent C ends a \
                      run of an odd number of its defections, it may forgive on the next turn: \
                      if the opponent then defects and a grudge (growing by 20 per forgiveness) \
                      is below the turn number, it cooperates. Whatever it decided, it defects \
                      when the opponent defected at least 5 times in the twelve turns before \
                      its latest move.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry K41R by Herb Weiner",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByWeiner::default()),
    };

    /// At least 5 defections among the opponent's moves 2 to 13 turns ago
    /// (moves before the first count as C).
    #[inline(always)]
    fn override_defects(them: &History) -> bool {
        ((them.recent_bits() >> 1) & 0xFFF).count_ones() >= 5
    }
}

impl Rule for SecondByWeiner {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let Some(theirs) = them.last() else {
            return C;
        };
        let proposed = if self.forgive_flag {
            self.forgive_flag = false;
            self.defect_padding = 0;
            if theirs == D && self.grudge < me.len() + 1 {
                self.grudge += 20;
                C
            } else {
                theirs
            }
        } else {
            if theirs == D {
                self.defect_padding += 1;
            } else {
                self.forgive_flag = self.defect_padding % 2 == 1;
                self.defect_padding = 0;
            }
            theirs
        };
        if Self::override_defects(them) {
            D
        } else {
            proposed
        }
    }
}
