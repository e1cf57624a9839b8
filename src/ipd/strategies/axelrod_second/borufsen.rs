//! Otto Borufsen's second-tournament entry (K32R, third).

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Tit For Tat that breaks runs of mutual defection and of alternation, and
/// every 25 turns decides whether the opponent is defective or random, in
/// which case it defects until the next check.
///
/// Details as the library has them (from the Fortran source): the counts of
/// the opponent's cooperations after its own C and after its own D start at
/// turn 3 (the opponent's second move answering its first); a check happens
/// on turns 27, 52, 77, ...; the "random" test is 8 to 17 cooperations
/// since the last check (the docstring says 7 to 18) with less than 70 % of
/// them answering a C. On the check that ends a defect mode it still
/// defects.
#[derive(Clone, Debug, Default)]
pub struct SecondByBorufsen {
    /// Opponent cooperations answering own C since the last check.
    cc_count: u32,
    /// Opponent cooperations answering own D since the last check.
    cd_count: u32,
    mutual_defect_streak: u32,
    echo_streak: u32,
    /// Play the next D of Tit For Tat as C.
    flip_next_defect: bool,
    /// Defect mode (until the next check).
    defect_mode: bool,
}

impl SecondByBorufsen {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-borufsen",
        name: "Second by Borufsen",
        aliases: &[],
        description: "Tit For Tat with corrections: it cooperates once after three turns of \
                      mutual defection, and after three turns of alternation (each copying the \
                      other) it plays its next D as C. On turns 27, 52, 77, ... it counts the \
                      opponent's cooperations since the last check; with fewer than 3, or with \
                      8 to 17 of which under 70 % answered its own C, it defects until the next \
                      check (and on the check that ends a defect mode it still defects).",
        source: "Axelrod (1980), second tournament entry by Otto Borufsen (K32R)",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByBorufsen::default()),
    };

    /// `proposed`, except that a D is played as C once when flagged.
    fn answer(&mut self, proposed: Action) -> Action {
        if proposed == D && self.flip_next_defect {
            self.flip_next_defect = false;
            return C;
        }
        proposed
    }
}

impl Rule for SecondByBorufsen {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let (Some(my_last), Some(their_last)) = (me.last(), them.last()) else {
            return C;
        };
        let turn = me.len() + 1;
        // Moves two turns ago; C before the start (the Fortran default).
        let my_two_back = me.ago(1).unwrap_or(C);
        let their_two_back = them.ago(1).unwrap_or(C);
        if turn >= 3 && their_last == C {
            if my_two_back == C {
                self.cc_count += 1;
            } else {
                self.cd_count += 1;
            }
        }
        if turn > 2 && turn % 25 == 2 {
            let was_defecting = self.defect_mode;
            let cooperations = self.cc_count + self.cd_count;
            let defective = cooperations < 3;
            let random = (8..=17).contains(&cooperations)
                && (self.cc_count as f64 / cooperations as f64) < 0.7;
            self.defect_mode = defective || random;
            self.cc_count = 0;
            self.cd_count = 0;
            if self.defect_mode {
                self.mutual_defect_streak = 0;
                self.echo_streak = 0;
                self.flip_next_defect = false;
            } else if was_defecting {
                return D;
            }
        }
        if self.defect_mode {
            return D;
        }
        if my_last == D && their_last == D {
            self.mutual_defect_streak += 1;
        } else {
            self.mutual_defect_streak = 0;
        }
        if self.mutual_defect_streak >= 3 {
            self.mutual_defect_streak = 0;
            self.echo_streak = 0;
            return C;
        }
        if my_last != their_last && my_last == their_two_back && their_last == my_two_back {
            self.echo_streak += 1;
        } else {
            self.echo_streak = 0;
        }
        if self.echo_streak >= 3 {
            self.mutual_defect_streak = 0;
            self.echo_streak = 0;
            self.flip_next_defect = true;
        }
        self.answer(their_last)
    }
}
