//! Abraham Getzler's second-tournament entry (K35R, eleventh).

use super::{Uniform, random_choice};
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Defects with probability `flack`, the opponent's defections weighted by
/// one half to the power of how long ago they happened.
#[derive(Clone, Debug, Default)]
pub struct SecondByGetzler {
    /// Sum over the opponent's defections of 0.5^(turns ago), updated as
    /// the library does (add the latest, then halve).
    flack: f64,
}

impl SecondByGetzler {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-getzler",
        name: "Second by Getzler",
        aliases: &[],
        description: "Defects with probability flack, the opponent's defections weighted by one \
                      half per turn of age. It cooperates first; flack is the sum over the \
                      opponent's defections of 0.5^k, k how many turns ago each happened (the \
                      latest counts 1/2).",
        source: "Axelrod (1980), second tournament entry by Abraham Getzler (K35R)",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByGetzler::default()),
    };

    /// The move given the opponent's history, drawing as the library does.
    pub(super) fn decide(&mut self, them: &History, uniform: &mut impl Uniform) -> Action {
        let Some(last) = them.last() else {
            return C;
        };
        if last == D {
            self.flack += 1.0;
        }
        self.flack *= 0.5;
        random_choice(1.0 - self.flack, uniform)
    }
}

impl Rule for SecondByGetzler {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        self.decide(them, &mut || unit_interval(rng))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flack_halves_every_turn() {
        let mut rule = SecondByGetzler::default();
        let mut them = History::new();
        assert_eq!(rule.decide(&them, &mut || panic!()), C);
        // D, C, D: flack 1/2, 1/4, 5/8.
        for (m, flack) in [(D, 0.5), (C, 0.25), (D, 0.625)] {
            them.push(m);
            rule.decide(&them, &mut || 0.0);
            assert_eq!(rule.flack, flack);
        }
        // Cooperates with probability 1 - flack = 3/8.
        them.push(C);
        let mut copy = rule.clone();
        assert_eq!(copy.decide(&them, &mut || 0.68), C);
        assert_eq!(rule.decide(&them, &mut || 0.6875), D);
    }
}
