//! Leslie Downing's first-tournament entry.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Leslie Downing's entry (10th in 1980): estimates how likely the opponent
/// is to cooperate after its own C and after its own D, and plays whichever
/// of "always C" and "always D" pays more against those estimates.
#[derive(Clone, Debug, Default)]
pub struct FirstByDowning {
    /// Opponent cooperations that answered this player's C.
    cooperations_after_c: u32,
    /// Opponent cooperations that answered this player's D.
    cooperations_after_d: u32,
}

impl FirstByDowning {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-downing",
        name: "First by Downing",
        aliases: &["downing"],
        description: "Plays whichever of always-C and always-D pays more against its estimates \
                      of how often the opponent answers its C and its D with C, after opening \
                      D, D. It counts the opponent's cooperations that \
                      answered its own C (the opponent's first move counts as answering a C) \
                      and its own D, and estimates alpha = (answers to C) / (own C + 1) and \
                      beta = (answers to D) / max(own D, 2). It cooperates when \
                      alpha R + (1 - alpha) S > beta T + (1 - beta) P, defects when it is \
                      smaller, and reverses its previous move on a tie.",
        source: "Axelrod (1980), first tournament entry by Leslie Downing; Downing (1975)",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FirstByDowning::default()),
    };
}

impl Rule for FirstByDowning {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        match me.len() {
            0 => return D,
            1 => {
                if them.last() == Some(C) {
                    self.cooperations_after_c += 1;
                }
                return D;
            }
            _ => {}
        }
        if them.last() == Some(C) {
            match me.ago(1) {
                Some(C) => self.cooperations_after_c += 1,
                _ => self.cooperations_after_d += 1,
            }
        }
        let alpha = self.cooperations_after_c as f64 / (me.cooperations() + 1) as f64;
        let beta = self.cooperations_after_d as f64 / me.defections().max(2) as f64;
        let game = &context.payoffs;
        let cooperating = alpha * game.r + (1.0 - alpha) * game.s;
        let defecting = beta * game.t + (1.0 - beta) * game.p;
        if cooperating > defecting {
            C
        } else if cooperating < defecting {
            D
        } else {
            me.last().unwrap_or(C).flip()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::moves;

    #[test]
    fn downing_opens_with_two_defections_and_maximises_against_its_estimates() {
        // Against Defector: alpha = beta = 0, E(C) = S < E(D) = P.
        assert_eq!(moves("first-by-downing", "defector", 6, 0), "DDDDDD");
        // Against Cooperator, turn 3: alpha = 1/1 (the opening C counts as an
        // answer to a C), beta = 1/2: E(C) = R = 3 = E(D) = (T + P)/2, a tie,
        // so it reverses its last move to C. Turn 4: alpha = 1/2, beta = 1:
        // D; afterwards beta stays 1 and alpha at most 1: D.
        assert_eq!(moves("first-by-downing", "cooperator", 8, 0), "DDCDDDDD");
    }
}
