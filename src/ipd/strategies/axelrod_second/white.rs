//! Edward C. White's entry: Tit For Tat that forgives defections while they
//! are rare relative to the logarithm of the turn number.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Edward C. White's entry (K72R, 13th in the second tournament):
/// cooperates on the first ten turns and after every opponent C; after a D
/// on turn t it defects only if floor(ln t) times the opponent's
/// defections is at least t.
#[derive(Clone, Debug, Default)]
pub struct SecondByWhite;

impl SecondByWhite {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-white",
        name: "Second by White",
        aliases: &[],
        description: "Cooperates on the first ten turns and whenever the opponent has just \
                      cooperated. After an opponent D on turn t it defects if floor(ln t) \
                      times the opponent's number of defections is at least t, and cooperates \
                      otherwise.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry K72R by Edward C. White",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByWhite),
    };
}

impl Rule for SecondByWhite {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let turn = me.len() + 1;
        if turn <= 10 || them.last() == Some(C) {
            return C;
        }
        let turn = f64::from(turn);
        if turn.ln().floor() * f64::from(them.defections()) >= turn {
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
    fn forgives_while_defections_are_rare() {
        // Against Defector: turn 11 has floor(ln 11) = 2, 2 * 10 >= 11: D.
        assert_eq!(
            moves("second-by-white", "defector", 12, 0).0,
            "CCCCCCCCCCDD"
        );
        // Against Alternator it answers each D on turn t <= 20 with C:
        // floor(ln t) = 2 and the opponent has about t/2 defections. On turn
        // 21, floor(ln 21) = 3 and 3 * 10 >= 21: D.
        let white = moves("second-by-white", "alternator", 22, 0).0;
        assert_eq!(&white[10..], "CCCCCCCCCCDC");
    }
}
