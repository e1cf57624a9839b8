//! Jim Graaskamp and Ken Katzen's second-tournament entry (K60R).

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Tit For Tat that checks its own score at six checkpoints and defects for
/// ever once it falls behind the schedule.
#[derive(Clone, Debug, Default)]
pub struct SecondByGraaskampKatzen {
    /// Own score so far (summed turn by turn, in the library's order).
    own_score: f64,
    /// Fell behind at a checkpoint: defects for the rest of the match.
    defecting: bool,
}

impl SecondByGraaskampKatzen {
    /// (turn, score it must have reached before that turn).
    const CHECKPOINTS: [(u32, f64); 6] = [
        (11, 23.0),
        (21, 53.0),
        (31, 83.0),
        (41, 113.0),
        (51, 143.0),
        (101, 293.0),
    ];

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-graaskamp-katzen",
        name: "Second by GraaskampKatzen",
        aliases: &[],
        description: "Plays Tit For Tat and keeps its own score. It defects for the rest of the \
                      match when its score before turn 11, 21, 31, 41, 51 or 101 is below 23, \
                      53, 83, 113, 143 or 293 respectively (the thresholds do not scale with \
                      the payoffs).",
        source: "Axelrod (1980), second tournament entry by Jim Graaskamp and Ken Katzen \
                 (K60R)",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByGraaskampKatzen::default()),
    };
}

impl Rule for SecondByGraaskampKatzen {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if self.defecting {
            return D;
        }
        let (Some(mine), Some(theirs)) = (me.last(), them.last()) else {
            return C;
        };
        self.own_score += context.payoffs.payoff(mine, theirs);
        let turn = me.len() + 1;
        let behind = Self::CHECKPOINTS
            .iter()
            .any(|&(at, needed)| turn == at && self.own_score < needed);
        if behind {
            self.defecting = true;
            return D;
        }
        theirs
    }
}
