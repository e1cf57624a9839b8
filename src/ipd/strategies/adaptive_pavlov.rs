//! Adaptive Pavlov (Li 2007, Li, Hingston & Kendall 2011): play Tit For Tat
//! for six turns, classify the opponent from its last six moves, answer the
//! class, and classify again every six turns.
//!
//! Both rules follow the axelrod library (4.14, `strategies/apavlov.py`),
//! including its handling of a block that matches no class: the earlier
//! class is kept (only the very first block falls back to "Random"). The
//! class is the only state; the last six opponent moves come from
//! [`History::recent_bits`].

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Turns per classification block.
const BLOCK: u32 = 6;

/// The opponent's last six moves as bits (bit 0 = the latest, 1 = D).
#[inline(always)]
fn last_block(them: &History) -> u64 {
    them.recent_bits() & ((1 << BLOCK) - 1)
}

/// Tit For Tat: C on the first turn, then the opponent's last move.
#[inline(always)]
fn tit_for_tat(them: &History) -> Action {
    them.last().unwrap_or(C)
}

/// What Adaptive Pavlov believes the opponent to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OpponentClass {
    Cooperative,
    AllD,
    Stft,
    PavlovD,
    Random,
}

/// Adaptive Pavlov as published in 2006 (Li 2007): Tit For Tat for six
/// turns, then every six turns the opponent's last six moves classify it:
/// CCCCCC Cooperative (answered with TFT), DDDDDD ALLD (defect), DCDCDC
/// Suspicious TFT (C on the first two turns of each block, then TFT),
/// DDCDDC PavlovD (D on the first turn of each block, then C), anything
/// else Random (defect) -- but only if no class was found before: a block
/// that matches no class keeps the previous one (axelrod's behaviour).
#[derive(Clone, Debug, Default)]
pub struct APavlov2006 {
    class: Option<OpponentClass>,
}

impl APavlov2006 {
    /// DCDCDC, oldest first (bit 0 = the latest move).
    const STFT: u64 = 0b10_1010;
    /// DDCDDC, oldest first (bit 0 = the latest move).
    const PAVLOV_D: u64 = 0b11_0110;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "adaptive-pavlov-2006",
        name: "Adaptive Pavlov 2006",
        aliases: &["apavlov-2006", "apavlov2006"],
        description: "Plays Tit For Tat for six turns; then, every six turns, classifies the \
                      opponent from its last six moves: CCCCCC cooperative (answered with Tit \
                      For Tat), DDDDDD always-defect (defect), DCDCDC suspicious Tit For Tat \
                      (cooperate on the first two turns of each block, then Tit For Tat), \
                      DDCDDC PavlovD (defect on the first turn of each block, then cooperate), \
                      anything else random (defect) unless an earlier block was classified, \
                      whose class is then kept.",
        source: "Li (2007), How to design a strategy to win an IPD tournament; the axelrod \
                 library's APavlov2006",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(APavlov2006::default()),
    };
}

impl Rule for APavlov2006 {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let turn = me.len();
        if turn < BLOCK {
            return tit_for_tat(them);
        }
        let phase = turn % BLOCK;
        if phase == 0 {
            let found = match last_block(them) {
                0 => Some(OpponentClass::Cooperative),
                0b11_1111 => Some(OpponentClass::AllD),
                Self::STFT => Some(OpponentClass::Stft),
                Self::PAVLOV_D => Some(OpponentClass::PavlovD),
                _ => None,
            };
            self.class = found.or(self.class).or(Some(OpponentClass::Random));
        }
        match self.class {
            Some(OpponentClass::Random | OpponentClass::AllD) => D,
            Some(OpponentClass::Stft) if phase <= 1 => C,
            Some(OpponentClass::Stft | OpponentClass::Cooperative) => tit_for_tat(them),
            Some(OpponentClass::PavlovD) if phase == 0 => D,
            _ => C,
        }
    }
}

/// Adaptive Pavlov as revised in 2011 (Li, Hingston & Kendall): Tit For Tat
/// for six turns, then every six turns the number of defections among the
/// opponent's last six moves classifies it: none Cooperative (answered with
/// TFT), four or more ALLD (defect), three Suspicious TFT (answered with Tit
/// For Two Tats), one or two Random (defect) -- but only if no class was
/// found before: such a block keeps the previous class (axelrod's
/// behaviour).
#[derive(Clone, Debug, Default)]
pub struct APavlov2011 {
    class: Option<OpponentClass>,
}

impl APavlov2011 {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "adaptive-pavlov-2011",
        name: "Adaptive Pavlov 2011",
        aliases: &["apavlov-2011", "apavlov2011"],
        description: "Plays Tit For Tat for six turns; then, every six turns, counts the \
                      opponent's defections in its last six moves: none means cooperative \
                      (answered with Tit For Tat), four or more always-defect (defect), three \
                      suspicious Tit For Tat (answered with Tit For Two Tats), one or two random \
                      (defect) unless an earlier block was classified, whose class is then \
                      kept.",
        source: "Li, Hingston & Kendall (2011), Engineering design of strategies for winning \
                 iterated prisoner's dilemma competitions; the axelrod library's APavlov2011",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(APavlov2011::default()),
    };
}

impl Rule for APavlov2011 {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let turn = me.len();
        if turn < BLOCK {
            return tit_for_tat(them);
        }
        if turn % BLOCK == 0 {
            let found = match last_block(them).count_ones() {
                0 => Some(OpponentClass::Cooperative),
                3 => Some(OpponentClass::Stft),
                4.. => Some(OpponentClass::AllD),
                _ => None,
            };
            self.class = found.or(self.class).or(Some(OpponentClass::Random));
        }
        match self.class {
            Some(OpponentClass::Cooperative) => tit_for_tat(them),
            // Tit For Two Tats.
            Some(OpponentClass::Stft) if them.recent_bits() & 0b11 == 0b11 => D,
            Some(OpponentClass::Stft) => C,
            _ => D,
        }
    }
}

family! {
    "Adaptive Pavlov";
    APavlov2006 => [APavlov2006::INFO],
    APavlov2011 => [APavlov2011::INFO],
}

#[cfg(test)]
mod tests {
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::PlayerSpec;

    /// The moves of `a` against `b` over `turns` turns.
    fn moves(a: &str, b: &str, turns: u32) -> String {
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
            &mut match_rng(1, 0, 1, 0),
            &mut list,
        );
        list.first.iter().map(|m| m.letter()).collect()
    }

    #[test]
    fn the_2006_rule_answers_each_class() {
        // Alternator's block CDCDCD matches no class: Random, defect.
        assert_eq!(
            moves("adaptive-pavlov-2006", "alternator", 14),
            "CCDCDCDDDDDDDD"
        );
        // Suspicious TFT's first block is DCDCDC: two C, then TFT.
        assert_eq!(
            moves("adaptive-pavlov-2006", "suspicious-tit-for-tat", 14),
            "CDCDCDCCCCCCCC"
        );
        assert_eq!(moves("adaptive-pavlov-2006", "defector", 8), "CDDDDDDD");
        assert_eq!(moves("adaptive-pavlov-2006", "cooperator", 8), "CCCCCCCC");
    }

    #[test]
    fn the_2011_rule_answers_each_class() {
        // Alternator's three defections per block read as Suspicious TFT:
        // Tit For Two Tats never sees two defections in a row.
        assert_eq!(
            moves("adaptive-pavlov-2011", "alternator", 14),
            "CCDCDCCCCCCCCC"
        );
        assert_eq!(moves("adaptive-pavlov-2011", "defector", 8), "CDDDDDDD");
        assert_eq!(moves("adaptive-pavlov-2011", "cooperator", 8), "CCCCCCCC");
    }
}
