//! TESTER (David Gladstein): probes with a defection, apologises and turns
//! to Tit For Tat when answered, exploits a patient opponent otherwise.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// David Gladstein's TESTER (46th in the second tournament): defects first;
/// as soon as the opponent defects it cooperates once (the apology) and
/// plays Tit For Tat for the rest of the match; until then it cooperates on
/// turns 2 and 3 and alternates D and C afterwards.
#[derive(Clone, Debug, Default)]
pub struct SecondByTester {
    /// The opponent has defected: Tit For Tat from now on.
    is_tit_for_tat: bool,
}

impl SecondByTester {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-tester",
        name: "Second by Tester",
        aliases: &[],
        description: "Defects on the first turn. The first time the opponent defects it \
                      cooperates (an apology) and then plays Tit For Tat for the rest of the \
                      match. As long as the opponent has not defected, it cooperates on turns \
                      2 and 3 and then alternates D and C.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry TESTER by David Gladstein",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByTester::default()),
    };
}

impl Rule for SecondByTester {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let Some(theirs) = them.last() else {
            return D;
        };
        if self.is_tit_for_tat {
            return theirs;
        }
        if theirs == D {
            self.is_tit_for_tat = true;
            return C;
        }
        match me.last() {
            Some(mine) if me.len() > 2 => mine.flip(),
            _ => C,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::moves;

    #[test]
    fn exploits_a_cooperator_and_apologises_to_a_defector() {
        assert_eq!(moves("second-by-tester", "cooperator", 8, 0).0, "DCCDCDCD");
        assert_eq!(moves("second-by-tester", "defector", 5, 0).0, "DCDDD");
        // Tit For Tat answers the opening D on turn 2: apology on turn 3.
        let (tester, tft) = moves("second-by-tester", "tit-for-tat", 6, 0);
        assert_eq!(tft, "CDCCCC");
        assert_eq!(tester, "DCCCCC");
    }
}
