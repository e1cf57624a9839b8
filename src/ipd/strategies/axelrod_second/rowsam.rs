//! Glen Rowsam's entry: cooperates, and gathers distrust when its score per
//! turn is low, punishing with D, C, D and finally defecting for good.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Where Rowsam is in its plan.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Mode {
    /// Cooperating, checking the score every sixth turn.
    #[default]
    Normal,
    /// A punishment began with D: C next.
    CycleCooperate,
    /// Then D, and back to normal.
    CycleDefect,
    /// Defects for the rest of the match.
    Defect,
}

/// Glen Rowsam's entry (K58R, 21st in the second tournament).
///
/// In normal mode it cooperates. On every turn t divisible by 6 it divides
/// its score so far by t (the library's off-by-one: t is one more than the
/// number of turns scored) and adds distrust points: 5 below 1.0, 3 below
/// 1.5, 2 below 2.0, 1 below 2.5 (fixed thresholds, whatever the payoffs).
/// When it adds points it defects that turn, then plays C, D, unless the
/// points reach 7, when it defects for the rest of the match. On turns
/// divisible by 18 in normal mode, 3 or more points drop by one (the
/// library's test is "at least 3", its docstring says "more than 3").
#[derive(Clone, Debug, Default)]
pub struct SecondByRowsam {
    mode: Mode,
    distrust_points: u32,
    score: f64,
}

impl SecondByRowsam {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-rowsam",
        name: "Second by Rowsam",
        aliases: &[],
        description: "Cooperates, but every sixth turn t it looks at its score so far divided \
                      by t and adds distrust points: 5 below 1.0, 3 below 1.5, 2 below 2.0, 1 \
                      below 2.5 per turn. After adding points it plays D, C, D, or defects for \
                      the rest of the match once the points reach 7. Every 18 turns 3 or more \
                      points decay by one.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry K58R by Glen Rowsam",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByRowsam::default()),
    };

    /// Distrust points for a score per turn (0 when it is doing well).
    fn distrust_for(points_per_turn: f64) -> u32 {
        if points_per_turn < 1.0 {
            5
        } else if points_per_turn < 1.5 {
            3
        } else if points_per_turn < 2.0 {
            2
        } else if points_per_turn < 2.5 {
            1
        } else {
            0
        }
    }
}

impl Rule for SecondByRowsam {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if let (Some(mine), Some(theirs)) = (me.last(), them.last()) {
            self.score += context.payoffs.payoff(mine, theirs);
        }
        match self.mode {
            Mode::Defect => return D,
            Mode::CycleCooperate => {
                self.mode = Mode::CycleDefect;
                return C;
            }
            Mode::CycleDefect => {
                self.mode = Mode::Normal;
                return D;
            }
            Mode::Normal => {}
        }
        let turn = me.len() + 1;
        if turn % 18 == 0 && self.distrust_points >= 3 {
            self.distrust_points -= 1;
        }
        if turn % 6 != 0 {
            return C;
        }
        let added = Self::distrust_for(self.score / f64::from(turn));
        if added == 0 {
            return C;
        }
        self.distrust_points += added;
        self.mode = if self.distrust_points >= 7 {
            Mode::Defect
        } else {
            Mode::CycleCooperate
        };
        D
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::moves;

    #[test]
    fn defects_for_good_against_a_defector() {
        // Turn 6: score 0: 5 points, D, C, D; turn 12: 5 more: defect.
        assert_eq!(
            moves("second-by-rowsam", "defector", 14, 0).0,
            "CCCCCDCDCCCDDD"
        );
    }
}
