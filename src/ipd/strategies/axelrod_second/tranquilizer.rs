//! Craig Feathers's TRANQUILIZER: cooperates while it scores well, throwing
//! in isolated defections more often the more the opponent puts up with
//! them.

use super::Uniform;
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Craig Feathers's TRANQUILIZER (K67R, 27th in the second tournament), as
/// the library reverse-engineered it from the Fortran code.
///
/// It cooperates first. Its scores are kept under the standard payoffs
/// (3, 0, 5, 1) whatever the match's game, as the library computes them.
/// After a "good" defection (below) it cooperates on the next turn. It
/// keeps two running means of its own payoffs: m1 over the rounds of its
/// good defections (starting at 5 with weight 1), m2 over the rounds right
/// after them (starting at 0 with weight 1); each round enters its mean on
/// the turn after it. Otherwise, with `a` its score so far divided by
/// (turns played + 1):
/// - a >= 2.25: it cooperates when a uniform draw is at most
///   0.95 - (m1 + m2 - 5)/15 + 1/(t + 1)^2 - d/4 (m1, m2 the two means,
///   t the turns played, d = 1 if the opponent just defected); otherwise it
///   makes a good defection;
/// - 1.75 <= a < 2.25: it cooperates when a draw is at most
///   0.25 + (c + 1)/(t + 1) - s/4 + (own score - opponent's score)/100 +
///   4/(t + 1) (c the opponent's cooperations, s its current run of
///   defections), else defects;
/// - a < 1.75: Tit For Tat.
///
/// Both tests draw even when the probability is outside [0, 1], as the
/// library does. The means are updated with the library's float operations
/// in its order.
#[derive(Clone, Debug)]
pub struct SecondByTranquilizer {
    /// 1 on the turn after a good defection, 2 on the turn after that, else 0.
    after_good_defection: u8,
    opponent_consecutive_defections: u32,
    one_turn_ratio: f64,
    one_turn_count: u32,
    two_turns_ratio: f64,
    two_turns_count: u32,
    score: f64,
    opponent_score: f64,
}

impl Default for SecondByTranquilizer {
    fn default() -> Self {
        SecondByTranquilizer {
            after_good_defection: 0,
            opponent_consecutive_defections: 0,
            one_turn_ratio: 5.0,
            one_turn_count: 1,
            two_turns_ratio: 0.0,
            two_turns_count: 1,
            score: 0.0,
            opponent_score: 0.0,
        }
    }
}

impl SecondByTranquilizer {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-tranquilizer",
        name: "Second by Tranquilizer",
        aliases: &[],
        description: "Cooperates first. While it averages at least 2.25 points per turn it \
                      cooperates with a probability near 0.95 and otherwise defects and then \
                      cooperates once; the probability falls as its mean payoff on and right \
                      after these defections rises. Between 1.75 and 2.25 points per turn it \
                      cooperates with a probability that grows with the opponent's cooperation \
                      and its own lead, and falls with the opponent's current run of \
                      defections. Below 1.75 it plays Tit For Tat. Scores use the standard \
                      payoffs.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry K67R by Craig Feathers",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByTranquilizer::default()),
    };

    /// The library's running-mean update with the payoff of (`mine`,
    /// `theirs`) written as (3 - 3o) + 2m - o m (m, o = 1 for D), summed in
    /// that order.
    fn updated_mean(mean: f64, count: u32, mine: Action, theirs: Action) -> f64 {
        let (m, o) = (mine.bit() as f64, theirs.bit() as f64);
        let count = f64::from(count);
        (mean * count + (3.0 - 3.0 * o) + 2.0 * m - o * m) / (count + 1.0)
    }

    /// P(C) when doing well (at least 2.25 points per turn), after `turns`
    /// turns, `opponent_defected` telling the opponent's last move.
    pub fn doing_well_probability(&self, turns: u32, opponent_defected: bool) -> f64 {
        let n = f64::from(turns) + 1.0;
        let d = if opponent_defected { 1.0 } else { 0.0 };
        (0.95 - (self.one_turn_ratio + self.two_turns_ratio - 5.0) / 15.0) + 1.0 / (n * n) - d / 4.0
    }

    /// P(C) when doing fairly (1.75 to 2.25 points per turn), after `turns`
    /// turns against an opponent with `cooperations` so far.
    pub fn doing_fairly_probability(&self, turns: u32, cooperations: u32) -> f64 {
        let n = f64::from(turns) + 1.0;
        (0.25 + (f64::from(cooperations) + 1.0) / n)
            - f64::from(self.opponent_consecutive_defections) * 0.25
            + (self.score - self.opponent_score) / 100.0
            + 4.0 / n
    }

    fn decide(&mut self, me: &History, them: &History, draw: &mut impl Uniform) -> Action {
        let (Some(mine), Some(theirs)) = (me.last(), them.last()) else {
            return C;
        };
        let standard = Payoffs::STANDARD;
        self.score += standard.payoff(mine, theirs);
        self.opponent_score += standard.payoff(theirs, mine);
        if theirs == D {
            self.opponent_consecutive_defections += 1;
        } else {
            self.opponent_consecutive_defections = 0;
        }
        match self.after_good_defection {
            2 => {
                self.after_good_defection = 0;
                self.two_turns_ratio =
                    Self::updated_mean(self.two_turns_ratio, self.two_turns_count, mine, theirs);
                self.two_turns_count += 1;
            }
            1 => {
                self.after_good_defection = 2;
                self.one_turn_ratio =
                    Self::updated_mean(self.one_turn_ratio, self.one_turn_count, mine, theirs);
                self.one_turn_count += 1;
            }
            _ => {}
        }
        if self.after_good_defection != 0 {
            return C;
        }
        let turns = me.len();
        let average = self.score / (f64::from(turns) + 1.0);
        if average >= 2.25 {
            let p = self.doing_well_probability(turns, theirs == D);
            if draw() <= p {
                return C;
            }
            self.after_good_defection = 1;
            return D;
        }
        if average >= 1.75 {
            let p = self.doing_fairly_probability(turns, them.cooperations());
            return if draw() <= p { C } else { D };
        }
        theirs
    }
}

impl Rule for SecondByTranquilizer {
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
    use super::super::testing::replay;
    use super::*;

    #[test]
    fn probabilities_at_the_start() {
        let rule = SecondByTranquilizer::default();
        // Means 5 and 0: 0.95 + 1/4 after one turn, minus 1/4 after a D.
        assert_eq!(rule.doing_well_probability(1, false), 0.95 + 0.25);
        assert_eq!(rule.doing_well_probability(1, true), 0.95 + 0.25 - 0.25);
        // 0.25 + (c + 1)/(t + 1) + 4/(t + 1) with no run and equal scores.
        assert_eq!(
            rule.doing_fairly_probability(3, 2),
            0.25 + 3.0 / 4.0 + 0.0 + 4.0 / 4.0
        );
        // The payoffs of the four rounds, own move first.
        assert_eq!(SecondByTranquilizer::updated_mean(0.0, 1, C, C), 1.5);
        assert_eq!(SecondByTranquilizer::updated_mean(0.0, 1, C, D), 0.0);
        assert_eq!(SecondByTranquilizer::updated_mean(0.0, 1, D, C), 2.5);
        assert_eq!(SecondByTranquilizer::updated_mean(0.0, 1, D, D), 0.5);
    }

    #[test]
    fn replays_the_librarys_moves_for_given_draws() {
        for (opponent, expected) in LIBRARY {
            let mut rule = SecondByTranquilizer::default();
            let ours = replay(
                |me, them, _, mut draw| rule.decide(me, them, &mut draw),
                opponent,
                200,
            );
            assert_eq!(ours, *expected, "against {opponent}");
        }
    }

    /// The library's moves against these opponents with the draws of
    /// `testing::draws` (its `random` patched), 200 turns.
    const LIBRARY: &[(&str, &str)] = &[
        (
            "cooperator",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCCCCDCCCCCCCCCCCCCCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCDCCCCCDCCCCDCCCCDCCCCDCCC",
        ),
        (
            "defector",
            "CDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD",
        ),
        (
            "tit-for-tat",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCDCCCDCDCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCDCCCDCDCCCDCDCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCDCCCDCDCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
        (
            "alternator",
            "CCDCDCCCCCDCCCCCCDDCCDDCCDDCCDDCCDDCCDDCCDDCCDDCCDDCCDDCCCDCCCDDDCDCDCDDDCDCDCDDDCDCDCDCDCDCDCDCCCCDCDDCDCDCDCCCCDDCCDDCCDDCCDDCCDDCCDDCCDDCCDDCCDDCCDDCCDDCDDCCDCCCDCCDDCCDDCCDDCCDDCCDDCCDDCCDDCCDDCDC",
        ),
        (
            "grudger",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCDCCCDCCCCCCCCCCCDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD",
        ),
        (
            "cycler-ccd",
            "CCCDCCCCCCCCCCCDCCCCCCCCDCCDCCCDCCCCDCCDCCCCDCCCCDCDCCCDCDCCCCCCCCDCCCCCCCCDCCCCCCCCDCCCCDCCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCCCCCCDCCCCCCCCDCCCCDCCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCCCCC",
        ),
        (
            "cycler-cccccd",
            "CCCCCCCCCCCCCCCCCCDCCCCDCCCCCCCCCCCCDCCCCDCCCCDCDCCCDCDCCCDCDCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCCCCCCCCCCCCCCCCCCCCCCDCCCCDCCCCDCCCCDCDCCCDCDCCCDCDCCCDCDCCCCCCCCCCCCC",
        ),
        (
            "suspicious-tit-for-tat",
            "CDCDCDCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCDCCCDCDCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCDCCCDCDCCCDCDCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCDCCCDCDCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
        (
            "second-by-weiner",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCDCCCDCDCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCCCCCCCCCCCCCCCCCCCCCCCCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCDCDCCCCCCCCCCCCCCCCC",
        ),
    ];
}
