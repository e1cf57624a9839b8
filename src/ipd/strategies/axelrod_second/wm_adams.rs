//! William Adams's entry: forgives defections at first, punishes the 4th,
//! 7th and 9th, and later answers defections with halving probabilities.

use super::{Uniform, random_choice};
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// William Adams's entry (K44R, 5th in the second tournament).
///
/// With n the opponent's defections not counting its first move: it
/// cooperates on the first two turns; defects when n is 4, 7 or 9; when
/// n > 9 and the opponent just defected it cooperates with probability
/// 0.5^(n - 9) (the library's code; its docstring says 0.5^(n - 1)), so
/// it defects more and more surely; otherwise it cooperates.
#[derive(Clone, Debug, Default)]
pub struct SecondByWmAdams {
    /// The opponent's first move was D.
    opened_with_defection: bool,
}

impl SecondByWmAdams {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-wm-adams",
        name: "Second by WmAdams",
        aliases: &[],
        description: "Counts the opponent's defections after its first move (n). Cooperates on \
                      the first two turns; defects when n is 4, 7 or 9; when n > 9 and the \
                      opponent just defected, cooperates with probability 0.5^(n - 9); \
                      otherwise cooperates.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry K44R by William Adams",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByWmAdams::default()),
    };

    /// The probability of cooperating after an opponent D once n > 9
    /// (0 from n = 1084 on, where 0.5^(n - 9) underflows as in Python).
    pub fn cooperation_probability(n: u32) -> f64 {
        0.5f64.powi((n - 9).min(1100) as i32)
    }

    fn decide(&mut self, me: &History, them: &History, draw: &mut impl Uniform) -> Action {
        if them.len() == 1 {
            self.opened_with_defection = them.last() == Some(D);
        }
        if me.len() <= 1 {
            return C;
        }
        let n = them.defections() - u32::from(self.opened_with_defection);
        match n {
            4 | 7 | 9 => D,
            n if n > 9 && them.last() == Some(D) => {
                random_choice(Self::cooperation_probability(n), draw)
            }
            _ => C,
        }
    }
}

impl Rule for SecondByWmAdams {
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
    fn cooperation_halves_with_every_defection() {
        assert_eq!(SecondByWmAdams::cooperation_probability(10), 0.5);
        assert_eq!(SecondByWmAdams::cooperation_probability(11), 0.25);
        assert_eq!(
            SecondByWmAdams::cooperation_probability(20),
            0.5f64.powi(11)
        );
        assert_eq!(
            SecondByWmAdams::cooperation_probability(1083),
            f64::from_bits(1)
        );
        assert_eq!(SecondByWmAdams::cooperation_probability(1084), 0.0);
        assert_eq!(SecondByWmAdams::cooperation_probability(u32::MAX), 0.0);
    }

    #[test]
    fn replays_the_librarys_moves_for_given_draws() {
        for (opponent, expected) in LIBRARY {
            let mut rule = SecondByWmAdams::default();
            let ours = replay(
                |me, them, _, mut draw| rule.decide(me, them, &mut draw),
                opponent,
                60,
            );
            assert_eq!(ours, *expected, "against {opponent}");
        }
    }

    /// The library's moves against these opponents with the draws of
    /// `testing::draws` (its `random` patched), 60 turns.
    const LIBRARY: &[(&str, &str)] = &[
        (
            "cooperator",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
        (
            "defector",
            "CCCCCDCCDCDDDDCDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD",
        ),
        (
            "tit-for-tat",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
        (
            "alternator",
            "CCCCCCCCDDCCCCDDCCDDDCDCDCCCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDC",
        ),
        (
            "grudger",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
        (
            "cycler-ccd",
            "CCCCCCCCCCCCDDDCCCCCCDDDCCCDDDDCCDCCDCCCCCDCCDCCDCCDCCDCCDCC",
        ),
        (
            "cycler-cccccd",
            "CCCCCCCCCCCCCCCCCCCCCCCCDDDDDDCCCCCCCCCCCCDDDDDDCCCCCCDDDDDD",
        ),
        (
            "suspicious-tit-for-tat",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
        (
            "second-by-weiner",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
    ];
}
