//! Four rules from Andre et al. (2013) as the axelrod library implements
//! them (4.14, `strategies/verybad.py`, `shortmem.py`, `stalker.py`,
//! `selfsteem.py`): VeryBad, ShortMem, Stalker and SelfSteem.
//!
//! Every rule here needs at most counters and the last 10 moves, which
//! [`History`] keeps.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};
use std::sync::LazyLock;

/// Source shared by the rules of this family.
const ANDRE: &str = "Andre, Bazzan et al. (2013) in Mittal & Deb's catalogue of strategies, \
                     as implemented in the axelrod library";

/// Cooperates on the first three turns, then follows the opponent's
/// majority: C when it cooperated more than half the time, D when less,
/// its last move on an exact half.
#[derive(Clone, Debug, Default)]
pub struct VeryBad;

impl VeryBad {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "very-bad",
        name: "VeryBad",
        aliases: &[],
        description: "Cooperates on the first three turns. Then cooperates when the opponent \
                      has cooperated on more than half of its moves, defects when on fewer \
                      than half, and repeats the opponent's last move on exactly half.",
        source: ANDRE,
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(VeryBad),
    };
}

impl Rule for VeryBad {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let total = them.len();
        if total < 3 {
            return C;
        }
        // cooperations / total against 0.5, exactly (the library divides).
        let twice = 2 * them.cooperations();
        if twice > total {
            C
        } else if twice < total {
            D
        } else {
            them.last().unwrap_or(C)
        }
    }
}

/// Cooperates for 10 turns, then looks at the opponent's last 10 moves:
/// C when they hold at least 3 more C than D, D when at least 3 more D than
/// C, and Tit For Tat otherwise.
#[derive(Clone, Debug, Default)]
pub struct ShortMem;

impl ShortMem {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "short-mem",
        name: "ShortMem",
        aliases: &[],
        description: "Cooperates on the first 11 turns. Afterwards counts the opponent's C and \
                      D among its last 10 moves: cooperates when C leads by 3 or more, defects \
                      when D leads by 3 or more, and otherwise repeats the opponent's last move.",
        source: ANDRE,
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(ShortMem),
    };
}

impl Rule for ShortMem {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.len() <= 10 {
            return C;
        }
        let defections = (them.recent_bits() & 0x3ff).count_ones() as i32;
        let lead = (10 - defections) - defections;
        if lead >= 3 {
            C
        } else if lead <= -3 {
            D
        } else {
            them.last().unwrap_or(C)
        }
    }
}

/// Steers by its own average score per turn, and defects on the last turn
/// of a match of known length (the library's `FinalTransformer((D,))`).
///
/// Above R it defects; strictly between (R + P) / 2 and R, or above 2, it
/// cooperates; strictly between 1 and 2 it defects; otherwise (at most 1,
/// or exactly 2) it plays C or D with probability 1/2. The thresholds 2 and
/// 1 are fixed, whatever the payoffs, as in the
/// library. On the last turn the rule still runs (and draws) before its
/// move is replaced by D.
#[derive(Clone, Debug, Default)]
pub struct Stalker {
    score: f64,
}

impl Stalker {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "stalker",
        name: "Stalker",
        aliases: &[],
        description: "Cooperates first, then steers by its own average score per turn: defects \
                      above R, cooperates between (R + P) / 2 and R or above 2, defects between \
                      1 and 2, and otherwise cooperates or defects with probability 1/2. \
                      Defects on the last turn when the match length is known.",
        source: ANDRE,
        memory_depth: None,
        stochastic: true,
        uses_length: true,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| "Stalker: (D,)".to_string()),
        build: |_| Strategy::from(Stalker::default()),
    };

    fn proposed(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        let (Some(mine), Some(theirs)) = (me.last(), them.last()) else {
            return C;
        };
        let payoffs = &context.payoffs;
        self.score += payoffs.payoff(mine, theirs);
        let average = self.score / f64::from(me.len());
        let very_good = payoffs.r;
        let wish = (payoffs.r + payoffs.p) / 2.0;
        if average > very_good {
            D
        } else if (average > wish && average < very_good) || average > 2.0 {
            C
        } else if average < 2.0 && average > 1.0 {
            D
        } else {
            random_choice(rng, 0.5)
        }
    }
}

impl Rule for Stalker {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        let proposed = self.proposed(me, them, context, rng);
        match context.length {
            Some(length) if length == me.len() + 1 => D,
            _ => proposed,
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Follows the sine curve f = sin(2 pi n / 10) of the turn number n
/// (0 on the first turn): D when f > 0.95, Tit For Tat when
/// 0.3 < |f| < 0.95, a fair coin when |f| < 0.3, and C otherwise.
///
/// With the library's floating-point values this gives the period-10
/// pattern coin, TFT, D, D, TFT, coin, TFT, C, C, TFT (n = 5 gives a tiny
/// nonzero sine, so a coin too).
#[derive(Clone, Debug, Default)]
pub struct SelfSteem;

impl SelfSteem {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "self-steem",
        name: "SelfSteem",
        aliases: &[],
        description: "Follows f = sin(2 pi n / 10) of the turn number n (counted from 0): \
                      defects when f > 0.95, repeats the opponent's last move when 0.3 < |f| < \
                      0.95, plays C or D with probability 1/2 when |f| < 0.3, and cooperates \
                      otherwise (f < -0.95).",
        source: ANDRE,
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SelfSteem),
    };
}

/// What Self Steem does on a turn, decided by the sine of its turn number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// f > 0.95.
    Defect,
    /// 0.3 < |f| < 0.95: the opponent's last move.
    Copy,
    /// -0.3 < f < 0.3: C or D with probability 1/2.
    Random,
    /// Otherwise.
    Cooperate,
}

impl SelfSteem {
    /// The phase of turn `n` (from 0), from f = sin(2 pi n / 10) computed
    /// as the library computes it.
    fn phase(n: u32) -> Phase {
        let sine = (2.0 * std::f64::consts::PI * f64::from(n) / 10.0).sin();
        if sine > 0.95 {
            Phase::Defect
        } else if 0.95 > sine.abs() && sine.abs() > 0.3 {
            Phase::Copy
        } else if 0.3 > sine && sine > -0.3 {
            Phase::Random
        } else {
            Phase::Cooperate
        }
    }

    /// The phases of the first turns, computed once: the sine is the same
    /// expression, so the decisions are the same, without a `sin` a turn
    /// (Self Steem sits in two meta teams of the reference tournaments).
    fn phase_of_turn(n: u32) -> Phase {
        static PHASES: LazyLock<Vec<Phase>> =
            LazyLock::new(|| (0..PHASE_TABLE_TURNS).map(SelfSteem::phase).collect());
        match PHASES.get(n as usize) {
            Some(&phase) => phase,
            None => Self::phase(n),
        }
    }
}

/// Turns whose phase [`SelfSteem`] keeps in a table.
const PHASE_TABLE_TURNS: u32 = 1 << 12;

impl Rule for SelfSteem {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        match Self::phase_of_turn(me.len()) {
            Phase::Defect => D,
            Phase::Copy => them.last().unwrap_or(C),
            Phase::Random => random_choice(rng, 0.5),
            Phase::Cooperate => C,
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

family! {
    "Andre et al. 2013";
    VeryBad => [VeryBad::INFO],
    ShortMem => [ShortMem::INFO],
    Stalker => [Stalker::INFO],
    SelfSteem => [SelfSteem::INFO],
}

#[cfg(test)]
mod tests {

    #[test]
    fn self_steems_table_holds_the_sines_phases() {
        // Past the table too: the same function either way.
        for n in 0..PHASE_TABLE_TURNS + 100 {
            assert_eq!(SelfSteem::phase_of_turn(n), SelfSteem::phase(n), "turn {n}");
        }
        // Period 10 in exact arithmetic: turn 2 (f = 0.951) defects, turn 0
        // (f = 0) is random, turn 1 (f = 0.588) copies, turn 7 (f = -0.951)
        // cooperates.
        assert_eq!(SelfSteem::phase(2), Phase::Defect);
        assert_eq!(SelfSteem::phase(0), Phase::Random);
        assert_eq!(SelfSteem::phase(1), Phase::Copy);
        assert_eq!(SelfSteem::phase(7), Phase::Cooperate);
    }
    use super::*;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::random::match_rng;

    #[test]
    fn self_steem_follows_its_sine_pattern() {
        // Against an opponent that always defects, TFT turns give D.
        let mut rng = match_rng(0, 0, 0, 0);
        let context = MatchContext {
            length: None,
            payoffs: Payoffs::STANDARD,
        };
        let mut me = History::new();
        let mut them = History::new();
        let mut rule = SelfSteem;
        for n in 0..40 {
            let before = rng.clone();
            let action = rule.choose(&me, &them, &context, &mut rng);
            let drew = before.get_word_pos() != rng.get_word_pos();
            match n % 10 {
                0 | 5 => assert!(drew, "turn {n} draws"),
                2 | 3 => assert_eq!((action, drew), (D, false), "turn {n}"),
                7 | 8 => assert_eq!((action, drew), (C, false), "turn {n}"),
                _ => assert_eq!((action, drew), (D, false), "turn {n}"),
            }
            me.push(action);
            them.push(D);
        }
    }

    #[test]
    fn stalker_defects_on_the_last_turn() {
        let mut rng = match_rng(0, 0, 0, 0);
        let context = MatchContext {
            length: Some(3),
            payoffs: Payoffs::STANDARD,
        };
        let mut me = History::new();
        let mut them = History::new();
        let mut rule = Stalker::default();
        let mut moves = Vec::new();
        for _ in 0..3 {
            let action = rule.choose(&me, &them, &context, &mut rng);
            moves.push(action);
            me.push(action);
            them.push(C);
        }
        // C first; average 3 = R is no band but above 2: C; last turn D.
        assert_eq!(moves, [C, C, D]);
    }
}
