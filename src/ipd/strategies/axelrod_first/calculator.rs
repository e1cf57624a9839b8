//! Calculator, from the PRISON project: First by Joss, then defection
//! against a cyclic opponent.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Plays First by Joss (p = 0.9) for 20 turns; then, if the opponent's 20
/// moves so far repeat a cycle of length at most 10 (the axelrod library's
/// `detect_cycle`), defects for ever, otherwise plays Tit For Tat
/// (Calculator, from the PRISON project).
#[derive(Clone, Debug, Default)]
pub struct Calculator {
    /// Decided on turn 21: the opponent's opening was cyclic.
    cyclic: Option<bool>,
}

impl Calculator {
    /// Turns of Joss before the check.
    const JOSS_TURNS: u32 = 20;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "calculator",
        name: "Calculator",
        aliases: &[],
        description: "Plays First by Joss (p = 0.9) for 20 turns. If the opponent's 20 moves \
                      are a repetition of a cycle of length 1 to 10 it then defects for the \
                      rest of the match; otherwise it plays Tit For Tat.",
        source: "PRISON project (1998), Calculator",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Calculator::default()),
    };

    /// True when the opponent's first `n` moves (bit n - 1 = the first move,
    /// bit 0 the latest) repeat their first i moves for some i in
    /// 1..=min(n / 2, 10): the library's `detect_cycle(history)`.
    fn is_cyclic(bits: u64, n: u32) -> bool {
        let at = |j: u32| (bits >> (n - 1 - j)) & 1;
        (1..=(n / 2).min(10)).any(|i| (0..n).all(|j| at(j) == at(j % i)))
    }
}

impl Rule for Calculator {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        let turn = me.len();
        if turn < Self::JOSS_TURNS {
            return match them.last() {
                None => C,
                Some(D) => D,
                Some(C) => crate::ipd::strategies::basic::random_choice(rng, 0.9),
            };
        }
        let cyclic = *self
            .cyclic
            .get_or_insert_with(|| Self::is_cyclic(them.recent_bits(), Self::JOSS_TURNS));
        // Defect for ever against a cycle; otherwise Tit For Tat.
        if cyclic || them.last() == Some(D) {
            D
        } else {
            C
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::moves;
    use super::*;

    #[test]
    fn cycle_detection_is_the_librarys() {
        // Bits are read with the first move highest.
        let from = |text: &str| {
            text.chars()
                .fold(0u64, |bits, c| (bits << 1) | u64::from(c == 'D'))
        };
        assert!(Calculator::is_cyclic(from("CCCCCCCCCCCCCCCCCCCC"), 20));
        assert!(Calculator::is_cyclic(from("CDCDCDCDCDCDCDCDCDCD"), 20));
        assert!(Calculator::is_cyclic(from("CCDCCDCCDCCDCCDCCDCC"), 20));
        // Period 11 is longer than the library looks.
        assert!(!Calculator::is_cyclic(from("CCCCCCCCCCDCCCCCCCCC"), 20));
        assert!(!Calculator::is_cyclic(from("DCCCCCCCCCCCCCCCCCCC"), 20));
    }

    #[test]
    fn calculator_defects_against_cycles_and_answers_others_with_tit_for_tat() {
        for seed in 0..20 {
            // Alternator cycles: D from turn 21 on, whatever Joss did.
            let against_alternator = moves("calculator", "alternator", 40, seed);
            assert_eq!(&against_alternator[20..], "D".repeat(20), "seed {seed}");
            // Joss copies every D at once.
            let against_defector = moves("calculator", "defector", 30, seed);
            assert_eq!(against_defector, format!("C{}", "D".repeat(29)));
        }
    }
}
