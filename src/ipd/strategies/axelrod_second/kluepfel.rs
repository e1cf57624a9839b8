//! Charles Kluepfel's entry: defects for good against an opponent that looks
//! random, and otherwise mostly echoes the opponent's recent moves.

use super::Uniform;
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Charles Kluepfel's entry (K32R, 4th in the second tournament).
///
/// It counts the opponent's answers to its own moves of one turn earlier:
/// `cd` (C after our D), `dd` (D after our D), `cc` (C after our C), `dc`
/// (D after our C). After 27 turns it defects whenever the opponent looks
/// random: cd >= (cd + dd)/2 - 0.75 sqrt(cd + dd) and dc >= (dc + cc)/2 -
/// 0.75 sqrt(dc + cc). The second test is the library's code; its docstring
/// and the catalogue text it comes from test `cc` instead.
///
/// Otherwise, with the opponent's last three moves (C before the first):
/// all equal, it copies them; the last two equal, it copies them with
/// probability 0.9; else it copies a last C with probability 0.7 and a last
/// D with probability 0.6, playing the other move otherwise. Any of the
/// three draws one number.
#[derive(Clone, Debug, Default)]
pub struct SecondByKluepfel {
    cd: u32,
    dd: u32,
    cc: u32,
    dc: u32,
}

impl SecondByKluepfel {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-kluepfel",
        name: "Second by Kluepfel",
        aliases: &[],
        description: "Counts how the opponent answers its C and its D. After 27 turns, if the \
                      opponent's answers look random (C after our D and D after our C each at \
                      least half their total minus 0.75 times its square root), it defects. \
                      Otherwise it copies the opponent's last move if its last three moves \
                      agree, with probability 0.9 if the last two agree, else with probability \
                      0.7 after a C and 0.6 after a D.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry K32R by Charles Kluepfel",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByKluepfel::default()),
    };

    /// The probability of copying the opponent's last move given its last
    /// three moves (C before the first): 1 when the three agree (no draw).
    pub fn copy_probability(them: &History) -> f64 {
        let one = them.ago(0).unwrap_or(C);
        let two = them.ago(1).unwrap_or(C);
        let three = them.ago(2).unwrap_or(C);
        if one == two && two == three {
            1.0
        } else if one == two {
            0.9
        } else if one == C {
            0.7
        } else {
            0.6
        }
    }

    /// True when the answers look random (the counts above).
    fn looks_random(&self) -> bool {
        let test = |hits: u32, others: u32| {
            let total = f64::from(hits + others);
            f64::from(hits) >= total / 2.0 - 0.75 * total.sqrt()
        };
        test(self.cd, self.dd) && test(self.dc, self.cc)
    }

    fn decide(&mut self, me: &History, them: &History, draw: &mut impl Uniform) -> Action {
        if let (Some(mine), Some(theirs)) = (me.ago(1), them.last()) {
            let counter = match (mine, theirs) {
                (D, C) => &mut self.cd,
                (D, D) => &mut self.dd,
                (C, C) => &mut self.cc,
                (C, D) => &mut self.dc,
            };
            *counter += 1;
        }
        if me.len() > 26 && self.looks_random() {
            return D;
        }
        let last = them.last().unwrap_or(C);
        let p = Self::copy_probability(them);
        if p >= 1.0 || draw() < p {
            last
        } else {
            last.flip()
        }
    }
}

impl Rule for SecondByKluepfel {
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
    fn copy_probabilities() {
        let p = |moves: &[Action]| {
            let mut h = History::new();
            for &m in moves {
                h.push(m);
            }
            SecondByKluepfel::copy_probability(&h)
        };
        assert_eq!(p(&[]), 1.0);
        assert_eq!(p(&[D, D, D]), 1.0);
        assert_eq!(p(&[D]), 0.6); // C, C before the first move, then D
        assert_eq!(p(&[C, D, D]), 0.9);
        assert_eq!(p(&[D, C, C]), 0.9);
        assert_eq!(p(&[C, D, C]), 0.7);
        assert_eq!(p(&[D, C, D]), 0.6);
    }

    #[test]
    fn replays_the_librarys_moves_for_given_draws() {
        for (opponent, expected) in LIBRARY {
            let mut rule = SecondByKluepfel::default();
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
            "CCDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD",
        ),
        (
            "tit-for-tat",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
        (
            "alternator",
            "CCCCDCCCDCCCDCCCDCCCDCCCDCCCDCCCDCCCDCCCDCCDDCCDDCCDDCDDDCDD",
        ),
        (
            "grudger",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
        (
            "cycler-ccd",
            "CCCCCCDDCDCCDCCCCCDDCDCCCCCDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD",
        ),
        (
            "cycler-cccccd",
            "CCCCCCCCCCCCDDCCCCDCCCCCDCCCCCCCCCCCDDCCCCDCCCCCCCCCCCCCCCCC",
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
