//! The tit-for-tat family: Tit For Tat and the rules that answer the
//! opponent's recent moves (Tit For 2 Tats, Two Tits For Tat, Hard Tit For
//! Tat, Suspicious and Anti Tit For Tat, Bully, ...).
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/titfortat.py`), including first moves; sources are cited per
//! rule. Rules look only at the last few moves, so the 64-move window of
//! [`History`] suffices.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Mask of the opponent's last `n` moves in [`History::recent_bits`], limited
/// to the moves actually played (bits before the first move read as C).
#[inline(always)]
fn last_n(them: &History, n: u32) -> u64 {
    them.recent_bits() & ((1u64 << n) - 1)
}

/// Cooperates first, then copies the opponent's last move (Rapoport;
/// Axelrod 1980).
#[derive(Clone, Debug, Default)]
pub struct TitForTat;

impl TitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "tit-for-tat",
        name: "Tit For Tat",
        aliases: &["tft"],
        description: "Cooperates on the first move, then copies the opponent's previous move. \
                      Winner of Axelrod's first and second tournaments.",
        source: "Axelrod (1980), Effective Choice in the Prisoner's Dilemma (entry by Anatol Rapoport)",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::TitForTat(TitForTat),
    };
}

impl Rule for TitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        // Before the first move the bits are 0, i.e. C.
        Action::from_bit(them.recent_bits())
    }
}

/// Defects only when the opponent defected on both of the last two turns
/// (Axelrod 1984).
#[derive(Clone, Debug, Default)]
pub struct TitForTwoTats;

impl TitForTwoTats {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "tit-for-2-tats",
        name: "Tit For 2 Tats",
        aliases: &["tf2t", "tit-for-two-tats"],
        description: "Cooperates unless the opponent defected on both of the last two turns, \
                      then defects.",
        source: "Axelrod (1984), The Evolution of Cooperation",
        memory_depth: Some(2),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::TitForTwoTats(TitForTwoTats),
    };
}

impl Rule for TitForTwoTats {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        // Bits before the first move are 0 (C), so no length check is needed.
        if last_n(them, 2) == 0b11 { D } else { C }
    }
}

/// Defects first, then copies the opponent's last move (Beaufils et al. 1997).
#[derive(Clone, Debug, Default)]
pub struct SuspiciousTitForTat;

impl SuspiciousTitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "suspicious-tit-for-tat",
        name: "Suspicious Tit For Tat",
        aliases: &["stft"],
        description: "Defects on the first move, then copies the opponent's previous move.",
        source: "Beaufils, Delahaye & Mathieu (1997), Our Meeting With Gradual",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::SuspiciousTitForTat(SuspiciousTitForTat),
    };
}

impl Rule for SuspiciousTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.is_empty() {
            D
        } else {
            Action::from_bit(them.recent_bits())
        }
    }
}

/// Cooperates first, then plays the opposite of the opponent's last move
/// (Hilbe, Nowak & Traulsen 2013, "Psycho").
#[derive(Clone, Debug, Default)]
pub struct AntiTitForTat;

impl AntiTitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "anti-tit-for-tat",
        name: "Anti Tit For Tat",
        aliases: &["psycho"],
        description: "Cooperates on the first move, then plays the opposite of the opponent's \
                      previous move.",
        source: "Hilbe, Nowak & Traulsen (2013), Adaptive dynamics of extortion and compliance",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::AntiTitForTat(AntiTitForTat),
    };
}

impl Rule for AntiTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.is_empty() {
            C
        } else {
            Action::from_bit(them.recent_bits() ^ 1)
        }
    }
}

/// Defects first, then plays the opposite of the opponent's last move: the
/// reverse of Tit For Tat (Nachbar 1992).
#[derive(Clone, Debug, Default)]
pub struct Bully;

impl Bully {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "bully",
        name: "Bully",
        aliases: &["reverse-tit-for-tat"],
        description: "Defects on the first move, then cooperates only after the opponent \
                      defected: the reverse of Tit For Tat.",
        source: "Nachbar (1992), Evolution in the finitely repeated prisoner's dilemma",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::Bully(Bully),
    };
}

impl Rule for Bully {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.last() == Some(D) { C } else { D }
    }
}

/// Defects when the opponent defected on either of the last two turns
/// (Axelrod 1984).
#[derive(Clone, Debug, Default)]
pub struct TwoTitsForTat;

impl TwoTitsForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "two-tits-for-tat",
        name: "Two Tits For Tat",
        aliases: &["2tft"],
        description: "Cooperates first; defects whenever the opponent defected on either of \
                      the last two turns, so every defection is answered twice.",
        source: "Axelrod (1984), The Evolution of Cooperation",
        memory_depth: Some(2),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::TwoTitsForTat(TwoTitsForTat),
    };
}

impl Rule for TwoTitsForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if last_n(them, 2) != 0 { D } else { C }
    }
}

/// Defects when the opponent defected on any of the last three turns
/// (PRISON project, 1998).
#[derive(Clone, Debug, Default)]
pub struct HardTitForTat;

impl HardTitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "hard-tit-for-tat",
        name: "Hard Tit For Tat",
        aliases: &["htft"],
        description: "Cooperates first; defects whenever the opponent defected on any of the \
                      last three turns.",
        source: "The PRISON project (1998), Hard TFT",
        memory_depth: Some(3),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::HardTitForTat(HardTitForTat),
    };
}

impl Rule for HardTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if last_n(them, 3) != 0 { D } else { C }
    }
}

/// Defects when the opponent defected twice in a row within the last three
/// turns (Stewart & Plotkin 2012).
#[derive(Clone, Debug, Default)]
pub struct HardTitForTwoTats;

impl HardTitForTwoTats {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "hard-tit-for-2-tats",
        name: "Hard Tit For 2 Tats",
        aliases: &["htf2t", "hard-tit-for-two-tats"],
        description: "Cooperates first; defects whenever the opponent's last three moves contain \
                      two consecutive defections.",
        source: "Stewart & Plotkin (2012), Extortion and cooperation in the Prisoner's Dilemma",
        memory_depth: Some(3),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::HardTitForTwoTats(HardTitForTwoTats),
    };
}

impl Rule for HardTitForTwoTats {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let last3 = last_n(them, 3);
        // "DD" within the last three moves: bits 0-1 or bits 1-2 both set.
        if last3 & 0b011 == 0b011 || last3 & 0b110 == 0b110 {
            D
        } else {
            C
        }
    }
}
