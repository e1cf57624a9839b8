//! T. Nicolaus Tideman and Paula Chieruzzi's second-tournament entry:
//! cooperates while ahead by a margin that grows with every C-then-D of the
//! opponent, with fresh starts.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// T. Nicolaus Tideman and Paula Chieruzzi's entry (K84R, 9th in the second
/// tournament).
///
/// It cooperates first, then whenever its score minus the opponent's (under
/// the match's payoffs) is at least a margin. The margin starts at 0; each
/// time the opponent's last two moves are C then D (its first move counts
/// as following a C) the margin grows by an increment that starts at 0 and
/// itself grows by 5. When it would defect, the opponent did not just play
/// C then D, and at least 10 turns have passed since the last fresh start
/// (or the start), it gives a fresh start if the opponent's defections are
/// at least 3 standard deviations away from half its moves (a fair coin):
/// C now, C next turn, and scores, margin and increment start again from 0
/// at that second C.
#[derive(Clone, Debug, Default)]
pub struct SecondByTidemanAndChieruzzi {
    score: f64,
    opponent_score: f64,
    /// Turn (1-based) of the last fresh start; 0 for none.
    last_fresh_start: u32,
    /// The second cooperation of a fresh start is due.
    fresh_start: bool,
    score_to_beat: f64,
    score_to_beat_increment: f64,
}

impl SecondByTidemanAndChieruzzi {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-tideman-and-chieruzzi",
        name: "Second by Tideman and Chieruzzi",
        aliases: &[],
        description: "Cooperates first, then whenever its score exceeds the opponent's by at \
                      least a margin. The margin starts at 0 and grows each time the opponent \
                      plays C then D, by an increment that starts at 0 and grows by 5 each \
                      time. When it would defect, at least 10 turns after the last fresh \
                      start, with the opponent's last two moves not C then D, and the \
                      opponent's defections at least 3 standard deviations from half its \
                      moves, it gives a fresh start: two cooperations, then scores and margin \
                      from zero.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry K84R by T. Nicolaus Tideman and Paula Chieruzzi",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByTidemanAndChieruzzi::default()),
    };
}

impl Rule for SecondByTidemanAndChieruzzi {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let (Some(mine), Some(theirs)) = (me.last(), them.last()) else {
            return C;
        };
        let current_round = me.len() + 1;
        self.score += context.payoffs.payoff(mine, theirs);
        self.opponent_score += context.payoffs.payoff(theirs, mine);
        if self.fresh_start {
            self.score = 0.0;
            self.opponent_score = 0.0;
            self.score_to_beat = 0.0;
            self.score_to_beat_increment = 0.0;
            self.last_fresh_start = current_round;
            self.fresh_start = false;
            return C; // the second cooperation
        }
        let cooperated_then_defected = theirs == D && them.ago(1).unwrap_or(C) == C;
        if cooperated_then_defected {
            self.score_to_beat += self.score_to_beat_increment;
            self.score_to_beat_increment += 5.0;
        }
        if self.score - self.opponent_score >= self.score_to_beat {
            return C;
        }
        if !cooperated_then_defected && current_round - self.last_fresh_start >= 10 {
            // Within 3 standard deviations of a fair coin's n / 2?
            let n = f64::from(them.len());
            let std_deviation = n.powf(0.5) / 2.0;
            let lower = n / 2.0 - 3.0 * std_deviation;
            let upper = n / 2.0 + 3.0 * std_deviation;
            let defections = f64::from(them.defections());
            if defections <= lower || defections >= upper {
                self.fresh_start = true;
                return C; // the first cooperation
            }
        }
        D
    }
}
