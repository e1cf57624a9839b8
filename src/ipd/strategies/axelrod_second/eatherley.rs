//! Graham Eatherley's second-tournament entry.

use super::{Uniform, random_choice};
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates after a C; after a D defects with probability equal to the
/// opponent's defection rate over the whole match.
#[derive(Clone, Debug, Default)]
pub struct SecondByEatherley;

impl SecondByEatherley {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-eatherley",
        name: "Second by Eatherley",
        aliases: &[],
        description: "Cooperates after a C and answers a D with D with probability equal to the \
                      opponent's defection rate so far. It cooperates first; after an opponent \
                      defection it defects with probability equal to the share of the opponent's \
                      moves that were defections.",
        source: "Axelrod (1980), second tournament entry by Graham Eatherley",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByEatherley),
    };

    /// The move given the opponent's history, drawing as the library does.
    pub(super) fn decide(them: &History, uniform: &mut impl Uniform) -> Action {
        match them.last() {
            None | Some(C) => C,
            Some(D) => {
                let rate = them.defections() as f64 / them.len() as f64;
                random_choice(1.0 - rate, uniform)
            }
        }
    }
}

impl Rule for SecondByEatherley {
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
    use super::*;

    #[test]
    fn answers_a_defection_with_the_opponents_defection_rate() {
        let mut them = History::new();
        for m in [C, D, C, D] {
            them.push(m);
        }
        // Rate 1/2: C below the draw threshold 1/2, D from it.
        assert_eq!(SecondByEatherley::decide(&them, &mut || 0.49), C);
        assert_eq!(SecondByEatherley::decide(&them, &mut || 0.5), D);
        // Always D against a constant defector, without drawing.
        let mut defector = History::new();
        defector.push(D);
        defector.push(D);
        assert_eq!(SecondByEatherley::decide(&defector, &mut || panic!()), D);
    }
}
