//! Richard Hufford's entry: plays by how often the opponent's moves echo
//! its own, and tests long cooperative streaks with an "aberration".

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Richard Hufford's entry (K47R, 16th in the second tournament).
///
/// An agreement is an opponent move equal to our move of the turn before it
/// (the opponent's first move is compared with C). With `a` = agreements
/// so far + 2 and `f` = agreements among the opponent's last four moves
/// (moves not played yet count as agreements), on turn t it cooperates if a / t > 0.9
/// and f = 4, plays Tit For Tat if a / t >= 0.625 and f >= 2, and defects
/// otherwise.
///
/// Overriding that: when the opponent's cooperation streak (2 at the start)
/// reaches `streak_needed` (21 at the start), it defects (an aberration).
/// The turn after, it plays by the rule above; two turns after, it counts
/// the opponent's answer to the aberration, cooperates, restarts the streak
/// at 0 and sets `streak_needed` = floor(20 (2 + answers D) / (2 + answers
/// C)) + 1. Streaks are not counted during those two turns.
#[derive(Clone, Debug)]
pub struct SecondByRichardHufford {
    agreements: u32,
    /// Agreement bits of the latest turns, bit 0 the latest.
    recent_agreements: u8,
    streak_needed: f64,
    current_streak: u32,
    /// Turn of the last aberration while its two turns are not over.
    last_aberration: Option<u32>,
    cooperations_after_aberration: u32,
    defections_after_aberration: u32,
}

impl Default for SecondByRichardHufford {
    fn default() -> Self {
        SecondByRichardHufford {
            agreements: 2,
            recent_agreements: 0b1111,
            streak_needed: 21.0,
            current_streak: 2,
            last_aberration: None,
            cooperations_after_aberration: 2,
            defections_after_aberration: 2,
        }
    }
}

impl SecondByRichardHufford {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-richard-hufford",
        name: "Second by RichardHufford",
        aliases: &[],
        description: "Counts agreements (the opponent repeating our move of the turn before, \
                      as Tit For Tat does). On turn t, with a = agreements + 2 and f = \
                      agreements in the last four turns: C if a/t > 0.9 and f = 4, Tit For Tat \
                      if a/t >= 0.625 and f >= 2, else D. When the opponent's run of \
                      cooperations (counted from 2 at the start) reaches 21 it defects once, \
                      cooperates two turns later, and sets the run needed for the next such \
                      test from how the opponent answered these tests.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry K47R by Richard Hufford",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByRichardHufford::default()),
    };
}

impl Rule for SecondByRichardHufford {
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
        let turn = me.len() + 1;
        let agreed = me.ago(1).unwrap_or(C) == theirs;
        self.agreements += u32::from(agreed);
        self.recent_agreements = (self.recent_agreements << 1) | u8::from(agreed);

        match self.last_aberration {
            None => {
                if theirs == C {
                    self.current_streak += 1;
                } else {
                    self.current_streak = 0;
                }
                let streak = f64::from(self.current_streak);
                if streak >= self.streak_needed {
                    self.last_aberration = Some(turn);
                    if streak == self.streak_needed {
                        return D;
                    }
                }
            }
            Some(aberration) if turn == aberration + 2 => {
                self.last_aberration = None;
                if theirs == C {
                    self.cooperations_after_aberration += 1;
                } else {
                    self.defections_after_aberration += 1;
                }
                self.streak_needed = (20.0 * f64::from(self.defections_after_aberration)
                    / f64::from(self.cooperations_after_aberration))
                .floor()
                    + 1.0;
                self.current_streak = 0;
                return C;
            }
            Some(_) => {}
        }

        let proportion_agree = f64::from(self.agreements) / f64::from(turn);
        let last_four = (self.recent_agreements & 0b1111).count_ones();
        if proportion_agree > 0.9 && last_four >= 4 {
            C
        } else if proportion_agree >= 0.625 && last_four >= 2 {
            theirs
        } else {
            D
        }
    }
}
