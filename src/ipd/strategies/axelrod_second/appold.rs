//! Scott Appold's second-tournament entry (K88R, 22nd).

use super::{Uniform, random_choice};
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates with the probability that the opponent cooperated, so far,
/// after the move this player made two turns ago.
///
/// Details as the library has them: the count of answers to a D starts at
/// one cooperation in one answer (a prior); the opponent's first move counts
/// as an answer to a C; the once-only forgiveness of the opponent's "first"
/// defection looks only from turn 5 on, so an earlier defection does not use
/// it up.
#[derive(Clone, Debug)]
pub struct SecondByAppold {
    /// Opponent cooperations after own C and after own D (two turns ago).
    cooperations_after: [u32; 2],
    /// Answers counted after own C and after own D.
    answers_after: [u32; 2],
    /// The forgiven defection has happened.
    forgave: bool,
}

impl Default for SecondByAppold {
    fn default() -> Self {
        SecondByAppold {
            cooperations_after: [0, 1],
            answers_after: [0, 1],
            forgave: false,
        }
    }
}

impl SecondByAppold {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-appold",
        name: "Second by Appold",
        aliases: &[],
        description: "Cooperates with the probability that the opponent answered its move of two \
                      turns ago with C so far. It cooperates on the first four turns and after \
                      the first defection of the opponent seen from turn 5 on. Otherwise, with m \
                      its own move two turns ago, it cooperates with probability equal to the \
                      share of C among the opponent's answers to m (the opponent's move on the \
                      turn after each of its own m; the opponent's first move counts as an answer \
                      to a C, and the answers to D start from one C in one answer).",
        source: "Axelrod (1980), second tournament entry by Scott Appold (K88R)",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByAppold::default()),
    };

    /// The move after both histories, drawing as the library does.
    pub(super) fn decide(
        &mut self,
        me: &History,
        them: &History,
        uniform: &mut impl Uniform,
    ) -> Action {
        let Some(their_last) = them.last() else {
            return C;
        };
        // Own move two turns ago; C on turn 2.
        let two_ago = me.ago(1).unwrap_or(C).bit() as usize;
        self.answers_after[two_ago] += 1;
        if their_last == C {
            self.cooperations_after[two_ago] += 1;
        }
        if me.len() < 4 {
            return C;
        }
        if their_last == D && !self.forgave {
            self.forgave = true;
            return C;
        }
        let p = self.cooperations_after[two_ago] as f64 / self.answers_after[two_ago] as f64;
        random_choice(p, uniform)
    }
}

impl Rule for SecondByAppold {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        self.decide(me, them, &mut || unit_interval(rng))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cooperates_with_the_opponents_answer_rate() {
        let mut rule = SecondByAppold::default();
        let (mut me, mut them) = (History::new(), History::new());
        // Opponent C, D, C, D against own C, C, C, C: the first four turns
        // are free, and the D seen on turn 5 is forgiven (the one seen on
        // turn 3 did not count).
        for theirs in [C, D, C, D] {
            assert_eq!(rule.decide(&me, &them, &mut || panic!()), C);
            me.push(C);
            them.push(theirs);
        }
        assert_eq!(rule.decide(&me, &them, &mut || panic!()), C);
        me.push(C);
        them.push(C);
        // Turn 6: the answers to own C were C D C D C (3 of 5).
        let mut copy = rule.clone();
        assert_eq!(copy.decide(&me, &them, &mut || 0.6), D);
        assert_eq!(rule.decide(&me, &them, &mut || 0.59), C);
        assert_eq!(rule.cooperations_after, [3, 1]);
        assert_eq!(rule.answers_after, [5, 1]);
    }
}
