//! Entries of Axelrod's first tournament (1980) under their axelrod library
//! names ("First by Davis: 10", ...). Only some of the fifteen are here yet.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/axelrod_first.py`), which reconstructs the entries from
//! Axelrod (1980), Effective Choice in the Prisoner's Dilemma.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::memory_one::MemoryOne;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Morton Davis's entry: cooperates for the first rounds whatever happens,
/// then plays Grudger.
#[derive(Clone, Debug)]
pub struct FirstByDavis {
    /// Rounds of unconditional cooperation.
    pub rounds_to_cooperate: u32,
}

impl FirstByDavis {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-davis",
        name: "First by Davis",
        aliases: &["davis"],
        description: "Cooperates on the first `rounds_to_cooperate` turns (10) whatever the \
                      opponent does; afterwards defects for ever once the opponent has \
                      defected, and cooperates otherwise.",
        source: "Axelrod (1980), first tournament entry by Morton Davis",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[ParamSpec {
            name: "rounds_to_cooperate",
            description: "turns of unconditional cooperation at the start",
            default: 10.0,
            min: 0.0,
            max: 1e9,
            kind: ParamKind::Integer,
        }],
        display_name: None,
        build: |v| {
            Strategy::FirstByDavis(FirstByDavis {
                rounds_to_cooperate: v[0] as u32,
            })
        },
    };
}

impl Rule for FirstByDavis {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if me.len() < self.rounds_to_cooperate || them.defections() == 0 {
            C
        } else {
            D
        }
    }
}

/// Martin Shubik's entry: answers a defection that follows its own
/// cooperation with a run of defections one longer each time.
#[derive(Clone, Debug, Default)]
pub struct FirstByShubik {
    is_retaliating: bool,
    retaliation_length: u32,
    retaliation_remaining: u32,
}

impl FirstByShubik {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-shubik",
        name: "First by Shubik",
        aliases: &["shubik"],
        description: "Cooperates first. When the opponent defects after it cooperated, it \
                      defects k times in a row, where k is 1 the first time and grows by one \
                      each time; otherwise cooperates.",
        source: "Axelrod (1980), first tournament entry by Martin Shubik",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::FirstByShubik(FirstByShubik::default()),
    };

    fn decrease_retaliation_counter(&mut self) {
        if self.is_retaliating {
            self.retaliation_remaining -= 1;
            if self.retaliation_remaining == 0 {
                self.is_retaliating = false;
            }
        }
    }
}

impl Rule for FirstByShubik {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.is_empty() {
            return C;
        }
        if self.is_retaliating {
            self.decrease_retaliation_counter();
            return D;
        }
        if them.last() == Some(D) && me.last() == Some(C) {
            self.is_retaliating = true;
            self.retaliation_length += 1;
            self.retaliation_remaining = self.retaliation_length;
            self.decrease_retaliation_counter();
            return D;
        }
        C
    }
}

/// Johann Joss's entry: Tit For Tat that defects instead of cooperating
/// with probability 1 - p: the memory-one vector (p, 0, p, 0).
pub struct FirstByJoss;

impl FirstByJoss {
    /// Catalogue entry (built as a [`MemoryOne`]).
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-joss",
        name: "First by Joss",
        aliases: &["joss"],
        description: "Cooperates first; afterwards copies a defection and answers a \
                      cooperation with C only with probability p (0.9), else D: the memory-one \
                      vector (p, 0, p, 0).",
        source: "Axelrod (1980), first tournament entry by Johann Joss",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        params: &[ParamSpec {
            name: "p",
            description: "probability of cooperating after the opponent cooperated",
            default: 0.9,
            min: 0.0,
            max: 1.0,
            kind: ParamKind::Real,
        }],
        display_name: None,
        build: |v| Strategy::MemoryOne(MemoryOne::new([v[0], 0.0, v[0], 0.0], C)),
    };
}

/// Rudy Nydegger's entry: from the fourth turn on, scores the last three
/// turns as A = 16 a1 + 4 a2 + a3 (a = 0 for CC, 2 for CD, 1 for DC, 3 for
/// DD, own move first; a1 the latest) and defects exactly when A is one of
/// 19 listed values.
#[derive(Clone, Debug, Default)]
pub struct FirstByNydegger;

impl FirstByNydegger {
    /// The values of A after which it defects.
    const DEFECT_AFTER: [u32; 19] = [
        1, 6, 7, 17, 22, 23, 26, 29, 30, 31, 33, 38, 39, 45, 49, 54, 55, 58, 61,
    ];

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-nydegger",
        name: "First by Nydegger",
        aliases: &["nydegger"],
        description: "Tit For Tat on the first three turns, except that it defects on the \
                      third turn when the opponent opened with D, C. Afterwards it scores the \
                      last three turns as A = 16 a1 + 4 a2 + a3 (a = 0 for CC, 2 for CD, 1 for \
                      DC, 3 for DD, own move first, a1 the latest turn) and defects exactly \
                      when A is one of 1, 6, 7, 17, 22, 23, 26, 29, 30, 31, 33, 38, 39, 45, \
                      49, 54, 55, 58, 61.",
        source: "Axelrod (1980), first tournament entry by Rudy Nydegger",
        memory_depth: Some(3),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::FirstByNydegger(FirstByNydegger),
    };
}

impl Rule for FirstByNydegger {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let tit_for_tat = if them.last() == Some(D) { D } else { C };
        match me.len() {
            0 => C,
            1 => tit_for_tat,
            // Opponent's first two moves D, C: bit 1 (turn 0) set, bit 0 clear.
            2 if them.recent_bits() & 0b11 == 0b10 => D,
            2 => tit_for_tat,
            _ => {
                let a = |back: u32| -> u32 {
                    let mine = me.ago(back).map_or(0, |m| m.bit() as u32);
                    let theirs = them.ago(back).map_or(0, |m| m.bit() as u32);
                    // CC 0, CD 2, DC 1, DD 3.
                    (theirs << 1) | mine
                };
                let score = 16 * a(0) + 4 * a(1) + a(2);
                if Self::DEFECT_AFTER.contains(&score) {
                    D
                } else {
                    C
                }
            }
        }
    }
}

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
        params: &[],
        display_name: None,
        build: |_| Strategy::Calculator(Calculator::default()),
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
    use super::*;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::PlayerSpec;

    fn moves(a: &str, b: &str, turns: u32, seed: u64) -> String {
        let a = PlayerSpec::new(a).build().unwrap();
        let b = PlayerSpec::new(b).build().unwrap();
        let settings = MatchSettings {
            horizon: Horizon::Fixed { turns },
            noise: 0.0,
            payoffs: Payoffs::STANDARD,
        };
        let mut list = MoveList::default();
        play_match(
            &a.prototype,
            &b.prototype,
            &settings,
            &mut match_rng(seed, 0, 1, 0),
            &mut list,
        );
        list.first.iter().map(|m| m.letter()).collect()
    }

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
