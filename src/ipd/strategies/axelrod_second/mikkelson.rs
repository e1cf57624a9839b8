//! Ray Mikkelson's entry: cooperates while a bounded credit for the
//! opponent's cooperations stays positive.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Ray Mikkelson's entry (K66R, 20th in the second tournament): a credit,
/// 7 at the start, grows by 1 after each opponent C (at most 8) and falls
/// by 2 after each D (at least -7). It cooperates on the first two turns
/// and while the credit is positive; otherwise, within the first ten turns
/// it defects and resets the credit to 4, later it defects exactly when
/// the opponent's defections are at least 15% of the current turn number.
/// (The library derives it from its finite-state-machine player but
/// replaces the machine by this rule.)
#[derive(Clone, Debug)]
pub struct SecondByMikkelson {
    credit: i32,
}

impl Default for SecondByMikkelson {
    fn default() -> Self {
        SecondByMikkelson { credit: 7 }
    }
}

impl SecondByMikkelson {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-mikkelson",
        name: "Second by Mikkelson",
        aliases: &[],
        description: "Keeps a credit for the opponent: 7 at the start, +1 after each of its \
                      cooperations (at most 8), -2 after each defection (at least -7). \
                      Cooperates on the first two turns and whenever the credit is positive. \
                      Otherwise it defects and resets the credit to 4 within the first ten \
                      turns; later it defects only if the opponent's defections are at least \
                      15% of the turn number.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry K66R by Ray Mikkelson",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByMikkelson::default()),
    };
}

impl Rule for SecondByMikkelson {
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
        self.credit = match theirs {
            C => (self.credit + 1).min(8),
            D => (self.credit - 2).max(-7),
        };
        let turn = me.len() + 1;
        if turn == 2 || self.credit > 0 {
            return C;
        }
        if turn <= 10 {
            self.credit = 4;
            return D;
        }
        if f64::from(them.defections()) / f64::from(turn) >= 0.15 {
            D
        } else {
            C
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::moves;

    #[test]
    fn credit_runs_out_against_a_defector() {
        // Credit 7 -> 5 (turn 2, C anyway) -> 3 -> 1 -> -1: D and reset to 4
        // on turn 5; 2 -> 0: D on turn 7 (reset 4); 2; 0: D on turn 9; ...
        // after turn 10 the defection share decides: D.
        assert_eq!(
            moves("second-by-mikkelson", "defector", 14, 0).0,
            "CCCCDCDCDCDDDD"
        );
    }
}
