//! Nicolas Tideman and Paula Chieruzzi's first-tournament entry.

use super::{FINAL_DD, defect_on_last_two};
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Nicolas Tideman and Paula Chieruzzi's entry (2nd in 1980): Tit For Tat
/// whose punishments grow by one with every defection it answers, with
/// "fresh starts" for an opponent that is behind and not random, and D on
/// the last two turns.
#[derive(Clone, Debug, Default)]
pub struct FirstByTidemanAndChieruzzi {
    is_retaliating: bool,
    retaliation_length: u32,
    retaliation_remaining: u32,
    current_score: f64,
    opponent_score: f64,
    /// Turn (1-based) of the last fresh start; 0 for none.
    last_fresh_start: u32,
    /// The second cooperation of a fresh start is due.
    fresh_start: bool,
    /// Opponent's defections since the last fresh start.
    remembered_defections: u32,
}

impl FirstByTidemanAndChieruzzi {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-tideman-and-chieruzzi",
        name: "First by Tideman and Chieruzzi",
        aliases: &["tideman-and-chieruzzi"],
        description: "Tit For Tat whose punishments grow by one defection each time, with fresh \
                      starts for an opponent that is behind and not random, and D on the last \
                      two turns. It cooperates first. Each time the opponent's last move is D while it is \
                      not already punishing, it starts a punishment of k defections, k = 1 the \
                      first time and one more each time. The opponent gets a fresh start (C, C, \
                      then everything forgotten) when it has just cooperated, it is at least 10 \
                      points behind, at least 20 turns have passed since the last fresh start, \
                      at least 10 turns remain, and its defections since the last fresh start \
                      are at least 3 standard deviations away from n/2 (n its moves so far). \
                      Defects on the last two turns when the length is known.",
        source: "Axelrod (1980), first tournament entry by Nicolas Tideman and Paula Chieruzzi",
        memory_depth: None,
        stochastic: false,
        uses_length: true,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| format!("First by Tideman and Chieruzzi{FINAL_DD}")),
        build: |_| Strategy::from(FirstByTidemanAndChieruzzi::default()),
    };

    fn decrease_retaliation_counter(&mut self) {
        if self.is_retaliating {
            self.retaliation_remaining -= 1;
            if self.retaliation_remaining == 0 {
                self.is_retaliating = false;
            }
        }
    }

    fn inner(&mut self, me: &History, them: &History, context: &MatchContext) -> Action {
        let (Some(mine), Some(theirs)) = (me.last(), them.last()) else {
            return C;
        };
        if theirs == D {
            self.remembered_defections += 1;
        }
        self.current_score += context.payoffs.payoff(mine, theirs);
        self.opponent_score += context.payoffs.payoff(theirs, mine);
        if self.fresh_start {
            self.fresh_start = false;
            return C; // the second cooperation of a fresh start
        }
        let current_round = me.len() + 1;
        let valid_fresh_start =
            self.last_fresh_start == 0 || current_round - self.last_fresh_start >= 20;
        if valid_fresh_start {
            let valid_points = self.current_score - self.opponent_score >= 10.0;
            // The library's length is infinite when it is not known.
            let valid_rounds = context
                .length
                .is_none_or(|l| i64::from(l) - i64::from(current_round) >= 10);
            if valid_points && valid_rounds && theirs == C {
                // Within 3 standard deviations of a fair coin's n / 2?
                let n = them.len() as f64;
                let std_deviation = n.powf(0.5) / 2.0;
                let lower = n / 2.0 - 3.0 * std_deviation;
                let upper = n / 2.0 + 3.0 * std_deviation;
                let remembered = self.remembered_defections as f64;
                if remembered <= lower || remembered >= upper {
                    self.last_fresh_start = current_round;
                    self.is_retaliating = false;
                    self.retaliation_length = 0;
                    self.retaliation_remaining = 0;
                    self.remembered_defections = 0;
                    self.fresh_start = true;
                    return C; // the first cooperation of a fresh start
                }
            }
        }
        if self.is_retaliating {
            self.decrease_retaliation_counter();
            return D;
        }
        if theirs == D {
            self.is_retaliating = true;
            self.retaliation_length += 1;
            self.retaliation_remaining = self.retaliation_length;
            self.decrease_retaliation_counter();
            return D;
        }
        C
    }
}

impl Rule for FirstByTidemanAndChieruzzi {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let proposed = self.inner(me, them, context);
        defect_on_last_two(proposed, me.len(), context)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::moves;

    #[test]
    fn tideman_punishes_longer_each_time() {
        // Against Alternator (C D C D ...): a D of the opponent seen while not
        // punishing starts a punishment one longer than the last. Turn 3
        // answers turn 2's D with 1 D; turn 5 answers turn 4's D with 2 (turns
        // 5-6); turn 7 sees turn 6's D, not punishing any more: 3 (turns 7-9);
        // turn 10 sees turn 9's C; turn 11 starts 4 (turns 11-14).
        let ours = moves("first-by-tideman-and-chieruzzi", "alternator", 16, 0);
        assert_eq!(&ours[..14], "CCDCDDDDDCDDDD");
    }
}
