//! Rob Cave's second-tournament entry (K49R, fourth).

use super::{Uniform, random_choice};
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Defects against an opponent that defects too often for the stage of the
/// match; otherwise cooperates after a C and answers a D with D once the
/// opponent has defected 18 times, before that with a fair coin.
///
/// Quirk (the library's): the defection rate divides the opponent's
/// defections by the current turn number, one more than the moves it has
/// played.
#[derive(Clone, Debug, Default)]
pub struct SecondByCave;

impl SecondByCave {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-cave",
        name: "Second by Cave",
        aliases: &[],
        description: "Defects against an opponent that defects too often for the stage of the \
                      match; otherwise cooperates after a C and answers a D with a fair coin, or \
                      with D once the opponent has defected 18 times. It cooperates first. With d \
                      the opponent's defections divided by the turn number, it defects when the \
                      turn is past 39 and d > 0.39, past 29 and d > 0.65, or past 19 and d > \
                      0.79.",
        source: "Axelrod (1980), second tournament entry by Rob Cave (K49R)",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByCave),
    };

    /// The move given the opponent's history, drawing as the library does.
    pub(super) fn decide(them: &History, uniform: &mut impl Uniform) -> Action {
        let Some(last) = them.last() else {
            return C;
        };
        let turn = them.len() + 1;
        let defections = them.defections();
        let rate = defections as f64 / turn as f64;
        if (turn > 39 && rate > 0.39) || (turn > 29 && rate > 0.65) || (turn > 19 && rate > 0.79) {
            return D;
        }
        match last {
            C => C,
            D if defections > 17 => D,
            D => random_choice(0.5, uniform),
        }
    }
}

impl Rule for SecondByCave {
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

    fn history(moves: &str) -> History {
        let mut h = History::new();
        for c in moves.chars() {
            h.push(Action::from_letter(c).unwrap());
        }
        h
    }

    #[test]
    fn a_coin_after_early_defections_then_thresholds_by_turn() {
        let early = history("CCCD");
        assert_eq!(SecondByCave::decide(&early, &mut || 0.49), C);
        assert_eq!(SecondByCave::decide(&early, &mut || 0.5), D);
        // Turn 20 with 16 defections: 16/20 = 0.8 > 0.79 defects even after a C.
        let many = history(&format!("{}{}", "D".repeat(16), "CCC"));
        assert_eq!(SecondByCave::decide(&many, &mut || panic!()), D);
        // Turn 19 is not past 19: 16/19 = 0.84 cooperates after a C.
        let before = history(&format!("{}{}", "D".repeat(16), "CC"));
        assert_eq!(SecondByCave::decide(&before, &mut || panic!()), C);
        // 18 defections: a D is answered with D without drawing, below the
        // thresholds (turn 60, 18/60 = 0.3).
        let late = history(&format!("{}{}D", "D".repeat(17), "C".repeat(41)));
        assert_eq!(SecondByCave::decide(&late, &mut || panic!()), D);
    }
}
