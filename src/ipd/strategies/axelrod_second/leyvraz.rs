//! Fransois Leyvraz's entry: a cooperation probability for each pattern of
//! the opponent's last three moves.

use super::{Uniform, random_choice};
use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Fransois Leyvraz's entry (K68R, 12th in the second tournament), from the
/// opponent's last three moves (C before the first), in this order: after
/// D, D it cooperates with probability 1/4; after a D three turns ago it
/// cooperates; after a D two turns ago it defects; after a D last turn it
/// cooperates with probability 1/2; otherwise it cooperates. Certain moves
/// use no draw.
#[derive(Clone, Debug, Default)]
pub struct SecondByLeyvraz;

impl SecondByLeyvraz {
    /// P(C) by the opponent's last three moves as bits: 4 (three turns ago)
    /// + 2 (two turns ago) + 1 (last turn), D = 1.
    const COOPERATION: [f64; 8] = [1.0, 0.5, 0.0, 0.25, 1.0, 1.0, 1.0, 0.25];

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-leyvraz",
        name: "Second by Leyvraz",
        aliases: &[],
        description: "Looks at the opponent's last three moves (C before the first), rules in \
                      order: after two defections in a row, cooperates with probability 1/4; \
                      after a defection three turns ago, cooperates; after a defection two \
                      turns ago, defects; after a defection last turn, cooperates with \
                      probability 1/2; otherwise cooperates.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma: second \
                 tournament entry K68R by Fransois Leyvraz",
        memory_depth: Some(3),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByLeyvraz),
    };

    /// The probability of cooperating given the opponent's history.
    pub fn cooperation_probability(them: &History) -> f64 {
        Self::COOPERATION[(them.recent_bits() & 0b111) as usize]
    }

    fn decide(them: &History, draw: &mut impl Uniform) -> Action {
        random_choice(Self::cooperation_probability(them), draw)
    }
}

impl Rule for SecondByLeyvraz {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        Self::decide(them, &mut || unit_interval(rng))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::replay;
    use super::*;
    use crate::ipd::action::Action::{C, D};

    #[test]
    fn probabilities_follow_the_rules_in_order() {
        let p = |moves: &[Action]| {
            let mut h = History::new();
            for &m in moves {
                h.push(m);
            }
            SecondByLeyvraz::cooperation_probability(&h)
        };
        assert_eq!(p(&[]), 1.0);
        assert_eq!(p(&[D]), 0.5);
        assert_eq!(p(&[D, D]), 0.25);
        assert_eq!(p(&[D, C]), 0.0);
        assert_eq!(p(&[D, C, C]), 1.0);
        assert_eq!(p(&[D, D, C]), 1.0);
        assert_eq!(p(&[D, C, D]), 1.0);
        assert_eq!(p(&[C, D, D]), 0.25);
        assert_eq!(p(&[D, D, D]), 0.25);
        assert_eq!(p(&[C, C, C, C]), 1.0);
    }

    #[test]
    fn replays_the_librarys_moves_for_given_draws() {
        let play = |opponent| {
            replay(
                |_, them, _, mut draw| SecondByLeyvraz::decide(them, &mut draw),
                opponent,
                60,
            )
        };
        for (opponent, expected) in LIBRARY {
            assert_eq!(play(opponent), *expected, "against {opponent}");
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
            "CDDDCDDDCDDDCDDDCDDDCDDDCDDDCDDDCDDDCDDDCDDDCDDDCDDDDCDDDCDD",
        ),
        (
            "tit-for-tat",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
        (
            "alternator",
            "CCDDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCDCD",
        ),
        (
            "grudger",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
        (
            "cycler-ccd",
            "CCCDDCDDCCDCCDCDDCDDCCDCCDCDDCDDCCDCCDCDDCDDCCDCCDCDDCDDCCDC",
        ),
        (
            "cycler-cccccd",
            "CCCCCCDDCCCCDDCCCCCDCCCCCDCCCCDDCCCCDDCCCCCDCCCCCDCCCCDDCCCC",
        ),
        (
            "suspicious-tit-for-tat",
            "CDDCDCCDCCDCCDCDDCDCCDCCDCCDCDDCDCCDCCDCCDCDDCDCCDCCDCCDCDDC",
        ),
        (
            "second-by-weiner",
            "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
        ),
    ];
}
