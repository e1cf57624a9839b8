//! Rules that track a running statistic of the opponent's play: Doubler
//! (its cooperation-to-defection count), FrequencyAnalyzer (its answers to
//! each two-turn pattern), Inverse (the time since its last defection) and
//! Momentum (an exponentially decaying trust).
//!
//! Each follows the axelrod library (4.14, `strategies/doubler.py`,
//! `frequency_analyzer.py`, `inverse.py`, `momentum.py`) move for move; the
//! statistics are kept as counters updated once per turn.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo, python_float};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates, but defects after an opponent defection while the opponent
/// has cooperated at most twice as often as it defected.
#[derive(Clone, Debug, Default)]
pub struct Doubler;

impl Doubler {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "doubler",
        name: "Doubler",
        aliases: &[],
        description: "Cooperates first. Afterwards defects when the opponent's last move was D \
                      and its cooperations number at most twice its defections; cooperates \
                      otherwise.",
        source: "Prison (1998), LIFL strategy collection, as implemented in the axelrod \
                 library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Doubler),
    };
}

impl Rule for Doubler {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.last() == Some(D) && them.cooperations() <= 2 * them.defections() {
            D
        } else {
            C
        }
    }
}

/// Tit For Tat for 30 turns while it learns, for each pattern of the last
/// two turns (both players' moves), what the opponent played next; then it
/// cooperates after a known pattern when the opponent's C answers to it
/// number more than a quarter of the turns played (Ian Miller).
///
/// Quirk kept from the library: the count of C answers is divided by the
/// number of turns played, not by the number of times the pattern occurred,
/// so rare patterns end in D.
#[derive(Clone, Debug, Default)]
pub struct FrequencyAnalyzer {
    /// Bit `k` set once pattern `k` has been recorded.
    seen: u16,
    /// Opponent's C answers to each pattern.
    cooperations: [u32; 16],
}

impl FrequencyAnalyzer {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "frequency-analyzer",
        name: "FrequencyAnalyzer",
        aliases: &[],
        description: "Plays Tit For Tat while it records, from turn 7 on, which move the \
                      opponent made after each pattern of two turns (both players' moves). \
                      From turn 31, after a pattern already recorded, it cooperates when the \
                      opponent answered it with C more than n / 4 times (n the turns played) \
                      and defects otherwise; after a new pattern it plays Tit For Tat.",
        source: "Ian Miller, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FrequencyAnalyzer::default()),
    };

    /// The pattern of the two turns ending `back` turns ago: the opponent's
    /// and its own move on the earlier turn, then on the later one.
    fn pattern(me: &History, them: &History, back: u32) -> usize {
        let bit = |h: &History, ago: u32| h.ago(ago).map_or(0, |a| a.bit() as usize);
        (bit(them, back + 1) << 3)
            | (bit(me, back + 1) << 2)
            | (bit(them, back) << 1)
            | bit(me, back)
    }
}

impl Rule for FrequencyAnalyzer {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let n = me.len();
        let mut current = None;
        if n > 5 {
            let previous = Self::pattern(me, them, 1);
            self.seen |= 1 << previous;
            self.cooperations[previous] += u32::from(them.last() == Some(C));
            current = Some(Self::pattern(me, them, 0));
        }
        match current {
            Some(k) if n >= 30 && self.seen & (1 << k) != 0 => {
                if f64::from(self.cooperations[k]) / f64::from(n) > 0.25 {
                    C
                } else {
                    D
                }
            }
            _ => them.last().unwrap_or(C),
        }
    }
}

/// Defects with a probability that fades with the time since the
/// opponent's last defection: 1 - 1/k when that was k turns ago (so surely
/// right after it), and cooperates while it has never defected
/// (Karol Langner).
#[derive(Clone, Debug, Default)]
pub struct Inverse {
    /// Opponent's turn count at its latest defection (0: none yet).
    last_defection: u32,
}

impl Inverse {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "inverse",
        name: "Inverse",
        aliases: &[],
        description: "Cooperates while the opponent has never defected. Otherwise, when its \
                      latest defection was k turns ago (k = 1 for the last turn), cooperates \
                      with probability 1 - 1/k: defects right after a defection and forgives \
                      more and more as time passes.",
        source: "Karol Langner, the axelrod library",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Inverse::default()),
    };
}

impl Rule for Inverse {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        if them.last() == Some(D) {
            self.last_defection = them.len();
        }
        if self.last_defection == 0 {
            return C;
        }
        let ago = them.len() - self.last_defection + 1;
        random_choice(rng, 1.0 - 1.0 / f64::from(ago))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Keeps a trust level ("momentum") that starts at 1 and moves towards 1
/// after an opponent C and towards 0 after a D, m <- alpha m + (1 - alpha) x;
/// cooperates while it is at least the threshold (Dong Won Moon).
///
/// The library's display name shows the momentum of a fresh player (1.0)
/// before alpha and the threshold, and so does ours.
#[derive(Clone, Debug)]
pub struct Momentum {
    alpha: f64,
    threshold: f64,
    momentum: f64,
}

impl Momentum {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "momentum",
        name: "Momentum",
        aliases: &[],
        description: "Keeps a trust level m that starts at 1; after each opponent move it \
                      becomes alpha m + (1 - alpha) x, with x = 1 for C and 0 for D. \
                      Cooperates first, then cooperates while m is at least the threshold and \
                      defects otherwise. The defaults come from a genetic algorithm.",
        source: "Dong Won Moon, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[
            ParamSpec {
                name: "alpha",
                description: "weight of the old trust level (decay factor)",
                default: 0.991_465_539_987_747_7,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
            ParamSpec {
                name: "threshold",
                description: "smallest trust level at which it cooperates",
                default: 0.967_659_561_372_490_7,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
        ],
        display_name: Some(|v| {
            format!(
                "Momentum: 1.0, Alpha: {}, Threshold: {}",
                python_float(v[0]),
                python_float(v[1])
            )
        }),
        build: |v| {
            Strategy::from(Momentum {
                alpha: v[0],
                threshold: v[1],
                momentum: 1.0,
            })
        },
    };
}

impl Rule for Momentum {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let Some(last) = them.last() else {
            self.momentum = 1.0;
            return C;
        };
        let x = if last == C { 1.0 } else { 0.0 };
        self.momentum = self.alpha * self.momentum + (1.0 - self.alpha) * x;
        if self.momentum >= self.threshold {
            C
        } else {
            D
        }
    }
}

family! {
    "Trackers";
    Doubler => [Doubler::INFO],
    FrequencyAnalyzer => [FrequencyAnalyzer::INFO],
    Inverse => [Inverse::INFO],
    Momentum => [Momentum::INFO],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::random::match_rng;

    #[test]
    fn inverse_defects_right_after_a_defection_without_drawing() {
        let mut rng = match_rng(0, 0, 0, 0);
        let context = MatchContext {
            length: None,
            payoffs: Payoffs::STANDARD,
        };
        let me = History::new();
        let mut them = History::new();
        let mut rule = Inverse::default();
        assert_eq!(rule.choose(&me, &them, &context, &mut rng), C);
        them.push(D);
        let before = rng.get_word_pos();
        assert_eq!(rule.choose(&me, &them, &context, &mut rng), D);
        assert_eq!(rng.get_word_pos(), before);
        // Two turns later: cooperates with probability 1/2, so it draws.
        them.push(C);
        rule.choose(&me, &them, &context, &mut rng);
        assert_ne!(rng.get_word_pos(), before);
    }
}
