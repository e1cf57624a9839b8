//! Worse and Worse and its relatives: rules whose cooperation probability
//! follows the turn number (PRISON project, 1998) or the opponent's overall
//! defection rate.
//!
//! Each rule follows the axelrod library (4.14, `strategies/worse_and_worse.py`
//! and `better_and_better.py`), computing the probability with the same float
//! operations, and draws through [`random_choice`], which (like axelrod's)
//! does not draw at p = 0 or 1. Where axelrod's probability leaves [0, 1]
//! (past turn 1000) it still draws but the move is certain; ours decides
//! without drawing, which changes no probability.

use crate::ipd::action::Action::{self, C};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// The number of the turn about to be played, counting from 1.
#[inline(always)]
fn current_round(me: &History) -> f64 {
    (me.len() + 1) as f64
}

/// Defects with probability n / 1000 on turn n (PRISON 1998).
#[derive(Clone, Debug, Default)]
pub struct WorseAndWorse;

impl WorseAndWorse {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "worse-and-worse",
        name: "Worse and Worse",
        aliases: &[],
        description: "On turn n (counting from 1) cooperates with probability 1 - n / 1000, so \
                      it defects more and more often and always from turn 1000 on.",
        source: "The PRISON project (1998), via the axelrod library",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(WorseAndWorse),
    };

    /// The probability of C given my history (the library's arithmetic).
    pub fn cooperation_probability(me: &History) -> f64 {
        1.0 - current_round(me) / 1000.0
    }
}

impl Rule for WorseAndWorse {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        _: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        random_choice(rng, Self::cooperation_probability(me))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Defects with probability n / N on turn n of a match of N turns (Adam
/// Pohl). When the length is not told (a random horizon) axelrod divides by
/// infinity, so the rule always cooperates; so does ours.
#[derive(Clone, Debug, Default)]
pub struct KnowledgeableWorseAndWorse;

impl KnowledgeableWorseAndWorse {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "knowledgeable-worse-and-worse",
        name: "Knowledgeable Worse and Worse",
        aliases: &[],
        description: "On turn n (counting from 1) of a match of N turns cooperates with \
                      probability 1 - n / N, so it surely defects on the last turn; when the \
                      length is not known it always cooperates.",
        source: "Adam Pohl, the axelrod library",
        memory_depth: None,
        stochastic: true,
        uses_length: true,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(KnowledgeableWorseAndWorse),
    };

    /// The probability of C given my history and the match length.
    pub fn cooperation_probability(me: &History, length: Option<u32>) -> f64 {
        let expected = length.map_or(f64::INFINITY, f64::from);
        1.0 - current_round(me) / expected
    }
}

impl Rule for KnowledgeableWorseAndWorse {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        _: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        random_choice(rng, Self::cooperation_probability(me, context.length))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Tit For Tat for 20 turns, then cooperates with probability 20 / n on turn
/// n (PRISON 1998).
#[derive(Clone, Debug, Default)]
pub struct WorseAndWorse2;

impl WorseAndWorse2 {
    /// Turns of Tit For Tat.
    const TIT_FOR_TAT_TURNS: u32 = 20;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "worse-and-worse-2",
        name: "Worse and Worse 2",
        aliases: &[],
        description: "Plays Tit For Tat on the first 20 turns; on turn n > 20 (counting from 1) \
                      cooperates with probability 20 / n, whatever the opponent does.",
        source: "The PRISON project (1998), via the axelrod library",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(WorseAndWorse2),
    };

    /// The probability of C from turn 21 on.
    pub fn cooperation_probability(me: &History) -> f64 {
        f64::from(Self::TIT_FOR_TAT_TURNS) / current_round(me)
    }
}

impl Rule for WorseAndWorse2 {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        if me.len() < Self::TIT_FOR_TAT_TURNS {
            them.last().unwrap_or(C)
        } else {
            random_choice(rng, Self::cooperation_probability(me))
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Cooperates first, then with probability 1 - d / (n - 1) on turn n, d the
/// opponent's defections so far (PRISON 1998).
#[derive(Clone, Debug, Default)]
pub struct WorseAndWorse3;

impl WorseAndWorse3 {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "worse-and-worse-3",
        name: "Worse and Worse 3",
        aliases: &[],
        description: "Cooperates on the first turn; then cooperates with probability equal to \
                      the share of the opponent's moves so far that were cooperations.",
        source: "The PRISON project (1998), via the axelrod library",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(WorseAndWorse3),
    };

    /// The probability of C after the first turn (the library's arithmetic:
    /// 1 - defections / turns).
    pub fn cooperation_probability(me: &History, them: &History) -> f64 {
        1.0 - f64::from(them.defections()) / (current_round(me) - 1.0)
    }
}

impl Rule for WorseAndWorse3 {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        if me.is_empty() {
            C
        } else {
            random_choice(rng, Self::cooperation_probability(me, them))
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Cooperates with probability n / 1000 on turn n: Worse and Worse reversed
/// (PRISON 1998).
#[derive(Clone, Debug, Default)]
pub struct BetterAndBetter;

impl BetterAndBetter {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "better-and-better",
        name: "Better and Better",
        aliases: &[],
        description: "On turn n (counting from 1) cooperates with probability n / 1000, so it \
                      cooperates more and more often and always from turn 1000 on.",
        source: "The PRISON project (1998), via the axelrod library",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(BetterAndBetter),
    };

    /// The probability of C given my history.
    pub fn cooperation_probability(me: &History) -> f64 {
        current_round(me) / 1000.0
    }
}

impl Rule for BetterAndBetter {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        _: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        random_choice(rng, Self::cooperation_probability(me))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

family! {
    "Worse and Worse";
    WorseAndWorse => [WorseAndWorse::INFO],
    KnowledgeableWorseAndWorse => [KnowledgeableWorseAndWorse::INFO],
    WorseAndWorse2 => [WorseAndWorse2::INFO],
    WorseAndWorse3 => [WorseAndWorse3::INFO],
    BetterAndBetter => [BetterAndBetter::INFO],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::D;
    use crate::ipd::random::match_rng;

    /// A history of `moves` ("CDC...", oldest first).
    fn history(moves: &str) -> History {
        let mut h = History::new();
        for m in moves.chars() {
            h.push(Action::from_letter(m).unwrap());
        }
        h
    }

    /// A history of `n` cooperations.
    fn turns(n: usize) -> History {
        history(&"C".repeat(n))
    }

    #[test]
    fn worse_and_worse_follows_the_turn_number() {
        assert_eq!(WorseAndWorse::cooperation_probability(&turns(0)), 0.999);
        assert_eq!(WorseAndWorse::cooperation_probability(&turns(499)), 0.5);
        assert_eq!(WorseAndWorse::cooperation_probability(&turns(999)), 0.0);
        assert_eq!(BetterAndBetter::cooperation_probability(&turns(0)), 0.001);
        assert_eq!(BetterAndBetter::cooperation_probability(&turns(249)), 0.25);
        assert_eq!(BetterAndBetter::cooperation_probability(&turns(999)), 1.0);
        // Past turn 1000 the moves are certain and nothing is drawn.
        let mut rng = match_rng(0, 0, 0, 0);
        let context = MatchContext {
            length: None,
            payoffs: crate::ipd::payoffs::Payoffs::STANDARD,
        };
        let late = turns(1200);
        for _ in 0..100 {
            assert_eq!(WorseAndWorse.choose(&late, &late, &context, &mut rng), D);
            assert_eq!(BetterAndBetter.choose(&late, &late, &context, &mut rng), C);
        }
        assert_eq!(rng, match_rng(0, 0, 0, 0));
    }

    #[test]
    fn knowledgeable_worse_and_worse_uses_the_length() {
        let p = KnowledgeableWorseAndWorse::cooperation_probability;
        assert_eq!(p(&turns(0), Some(4)), 0.75);
        assert_eq!(p(&turns(2), Some(4)), 0.25);
        assert_eq!(p(&turns(3), Some(4)), 0.0);
        assert_eq!(p(&turns(3), None), 1.0);
        assert_eq!(p(&turns(10_000), None), 1.0);
    }

    #[test]
    fn worse_and_worse_2_plays_tit_for_tat_then_decays() {
        let mut rng = match_rng(0, 0, 0, 0);
        let context = MatchContext {
            length: None,
            payoffs: crate::ipd::payoffs::Payoffs::STANDARD,
        };
        let mut rule = WorseAndWorse2;
        assert_eq!(rule.choose(&turns(0), &turns(0), &context, &mut rng), C);
        assert_eq!(
            rule.choose(&turns(19), &history(&"D".repeat(19)), &context, &mut rng),
            D
        );
        assert_eq!(rule.choose(&turns(19), &turns(19), &context, &mut rng), C);
        assert_eq!(rng, match_rng(0, 0, 0, 0), "no draw in the first 20 turns");
        assert_eq!(
            WorseAndWorse2::cooperation_probability(&turns(20)),
            20.0 / 21.0
        );
        assert_eq!(WorseAndWorse2::cooperation_probability(&turns(39)), 0.5);
    }

    #[test]
    fn worse_and_worse_3_copies_the_cooperation_rate() {
        let p = WorseAndWorse3::cooperation_probability;
        assert_eq!(p(&turns(1), &history("D")), 0.0);
        assert_eq!(p(&turns(4), &history("CDCD")), 0.5);
        assert_eq!(p(&turns(3), &history("DCC")), 1.0 - 1.0 / 3.0);
        assert_eq!(p(&turns(3), &history("CCC")), 1.0);
    }
}
