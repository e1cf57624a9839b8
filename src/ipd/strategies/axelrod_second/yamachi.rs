//! Brian Yamachi's entry: predicts the opponent's answer from what it did
//! after the same (its move, our move) before, and defects against an
//! opponent that defects about half the time.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Brian Yamachi's entry (K64R, 17th in the second tournament).
///
/// It counts the triples (opponent's move, our next move, opponent's move
/// after that). Each turn it looks at the opponent's move two turns ago (X)
/// and its own last move (Y), and cooperates if (X, Y, C) has been seen at
/// least as often as (X, Y, D). The triple ending with the opponent's
/// latest move is only counted on the next turn, and moves before the
/// first count as C.
///
/// From turn 41 on it defects whenever (opponent's defections + 0.5) / turn
/// is strictly between 0.45 and 0.55. "Our" moves in the triples are the
/// moves the prediction proposed, before this override (as in the library,
/// which records them apart from the history).
#[derive(Clone, Debug)]
pub struct SecondByYamachi {
    /// Triple counts, indexed by 4 X + 2 Y + Z (C = 0, D = 1).
    counts: [u32; 8],
    /// The last two proposed moves: `[latest, one before]`.
    proposed: [Action; 2],
}

impl Default for SecondByYamachi {
    fn default() -> Self {
        SecondByYamachi {
            counts: [0; 8],
            proposed: [C, C],
        }
    }
}

impl SecondByYamachi {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-yamachi",
        name: "Second by Yamachi",
        aliases: &[],
        description: "Counts what the opponent did after each (its move, our next move). Each \
                      turn, with X the opponent's move two turns ago and Y its own last move, \
                      it cooperates if the opponent has answered (X, Y) with C at least as \
                      often as with D. From turn 41 on it defects whenever (the opponent's \
                      defections + 0.5) / turn is strictly between 0.45 and 0.55, still \
                      recording the move the counts proposed.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry K64R by Brian Yamachi",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByYamachi::default()),
    };

    #[inline(always)]
    fn index(x: Action, y: Action, z: Action) -> usize {
        (4 * x.bit() + 2 * y.bit() + z.bit()) as usize
    }

    fn predict(&mut self, them: &History, turn: u32) -> Action {
        if turn == 1 {
            return C;
        }
        let [us_last, us_two_ago] = self.proposed;
        let them_two_ago = them.ago(1).unwrap_or(C);
        if turn >= 3 {
            let them_three_ago = them.ago(2).unwrap_or(C);
            self.counts[Self::index(them_three_ago, us_two_ago, them_two_ago)] += 1;
        }
        let cooperated = self.counts[Self::index(them_two_ago, us_last, C)];
        let defected = self.counts[Self::index(them_two_ago, us_last, D)];
        if cooperated >= defected { C } else { D }
    }
}

impl Rule for SecondByYamachi {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let turn = me.len() + 1;
        let proposed = self.predict(them, turn);
        self.proposed = [proposed, self.proposed[0]];
        if turn > 40 {
            let portion_defect = (f64::from(them.defections()) + 0.5) / f64::from(turn);
            if 0.45 < portion_defect && portion_defect < 0.55 {
                return D;
            }
        }
        proposed
    }
}
