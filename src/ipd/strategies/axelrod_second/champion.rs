//! Danny Champion's second-tournament entry.

use super::Uniform;
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates for 10 turns, plays Tit For Tat for 15, then cooperates unless
/// the opponent just defected, has defected at least 40 % of the time and a
/// uniform draw does not exceed its defection rate.
#[derive(Clone, Debug, Default)]
pub struct SecondByChampion;

impl SecondByChampion {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-champion",
        name: "Second by Champion",
        aliases: &[],
        description: "Cooperates for 10 turns and plays Tit For Tat for 15; afterwards cooperates \
                      except, at random, against a frequent defector that just defected. From \
                      turn 26, after an opponent D it draws r uniformly from [0, 1) and defects \
                      when the opponent's defection rate d satisfies d >= max(0.4, r), i.e. with \
                      probability d when d >= 0.4; after a C it cooperates.",
        source: "Axelrod (1980), second tournament entry by Danny Champion",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByChampion),
    };

    /// The move after `me.len()` turns, drawing from `uniform` where the
    /// library draws (after turn 25, whenever the opponent's last move is D).
    pub(super) fn decide(me: &History, them: &History, uniform: &mut impl Uniform) -> Action {
        match me.len() {
            0..10 => C,
            10..25 => them.last().unwrap_or(C),
            _ if them.last() == Some(D) => {
                let rate = them.defections() as f64 / them.len() as f64;
                if rate >= uniform().max(0.4) { D } else { C }
            }
            _ => C,
        }
    }
}

impl Rule for SecondByChampion {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        Self::decide(me, them, &mut || unit_interval(rng))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defects_after_a_defection_only_from_a_rate_of_forty_percent() {
        // 30 turns: the opponent defected 11 times (36.7 %), the last one.
        let mut me = History::new();
        let mut them = History::new();
        for turn in 0..30 {
            me.push(C);
            them.push(if turn < 10 || turn == 29 { D } else { C });
        }
        assert_eq!(SecondByChampion::decide(&me, &them, &mut || 0.0), C);
        // One more: 12 of 31 (38.7 %) still cooperates; 13 of 32 (40.6 %)
        // defects when the draw is at most the rate.
        me.push(C);
        them.push(D);
        assert_eq!(SecondByChampion::decide(&me, &them, &mut || 0.0), C);
        me.push(C);
        them.push(D);
        let rate = 13.0 / 32.0;
        assert_eq!(SecondByChampion::decide(&me, &them, &mut || rate), D);
        assert_eq!(SecondByChampion::decide(&me, &them, &mut || 0.41), C);
        // After a C it cooperates without drawing.
        me.push(C);
        them.push(C);
        let decided = SecondByChampion::decide(&me, &them, &mut || panic!("no draw"));
        assert_eq!(decided, C);
    }
}
