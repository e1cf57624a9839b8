//! Average Copier and Nice Average Copier: cooperate as often as the
//! opponent has so far.
//!
//! Both follow the axelrod library (4.14, `strategies/averagecopier.py`) and
//! draw through [`random_choice`], so an opponent that has only cooperated
//! (p = 1) or only defected (p = 0) is answered without a draw, as in
//! axelrod. The rate comes from [`History`]'s counters.

use crate::ipd::action::Action::{self, C};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// The opponent's share of cooperations so far (`them` is not empty).
#[inline(always)]
pub fn cooperation_rate(them: &History) -> f64 {
    f64::from(them.cooperations()) / f64::from(them.len())
}

/// Cooperates with probability 1/2 on the first turn, then with the
/// opponent's cooperation rate so far (Geraint Palmer).
#[derive(Clone, Debug, Default)]
pub struct AverageCopier;

impl AverageCopier {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "average-copier",
        name: "Average Copier",
        aliases: &[],
        description: "Cooperates with probability 1/2 on the first turn; afterwards cooperates \
                      with probability equal to the share of the opponent's moves so far that \
                      were cooperations.",
        source: "Geraint Palmer, the axelrod library",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(AverageCopier),
    };
}

impl Rule for AverageCopier {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        if them.is_empty() {
            random_choice(rng, 0.5)
        } else {
            random_choice(rng, cooperation_rate(them))
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Average Copier that cooperates on the first turn (Owen Campbell).
#[derive(Clone, Debug, Default)]
pub struct NiceAverageCopier;

impl NiceAverageCopier {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "nice-average-copier",
        name: "Nice Average Copier",
        aliases: &[],
        description: "Cooperates on the first turn; afterwards cooperates with probability equal \
                      to the share of the opponent's moves so far that were cooperations.",
        source: "Owen Campbell, the axelrod library",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(NiceAverageCopier),
    };
}

impl Rule for NiceAverageCopier {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        if them.is_empty() {
            C
        } else {
            random_choice(rng, cooperation_rate(them))
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

family! {
    "Average Copier";
    AverageCopier => [AverageCopier::INFO],
    NiceAverageCopier => [NiceAverageCopier::INFO],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::D;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::random::match_rng;

    fn history(moves: &str) -> History {
        let mut h = History::new();
        for m in moves.chars() {
            h.push(Action::from_letter(m).unwrap());
        }
        h
    }

    #[test]
    fn the_probability_is_the_opponents_cooperation_rate() {
        assert_eq!(cooperation_rate(&history("C")), 1.0);
        assert_eq!(cooperation_rate(&history("CDDC")), 0.5);
        assert_eq!(cooperation_rate(&history("DDC")), 1.0 / 3.0);
        assert_eq!(cooperation_rate(&history("DDDDD")), 0.0);
    }

    #[test]
    fn certain_answers_draw_nothing() {
        let context = MatchContext {
            length: None,
            payoffs: Payoffs::STANDARD,
        };
        let mut rng = match_rng(5, 0, 0, 0);
        let empty = History::new();
        assert_eq!(
            NiceAverageCopier.choose(&empty, &empty, &context, &mut rng),
            C
        );
        for rule in [AverageCopier.into(), NiceAverageCopier.into()] {
            let mut rule: crate::ipd::strategies::Strategy = rule;
            let me = history("CC");
            assert_eq!(rule.choose(&me, &history("CC"), &context, &mut rng), C);
            assert_eq!(rule.choose(&me, &history("DD"), &context, &mut rng), D);
        }
        assert_eq!(rng, match_rng(5, 0, 0, 0));
    }
}
