//! Punishers: rules that answer a defection with a punishment whose length
//! or trigger depends on the opponent's record, and Appeaser.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/punisher.py`, `strategies/appeaser.py`), including first
//! moves. Ratios are computed in `f64` exactly as the library computes them
//! in Python floats, so thresholds fall on the same side.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Punishes a defection for a number of turns proportional to the
/// opponent's defection rate (Geraint Palmer; Punisher and Inverse
/// Punisher of the axelrod library).
#[derive(Clone, Debug)]
pub struct Punisher {
    /// Inverse Punisher: the length follows the cooperation rate instead.
    inverse: bool,
    mem_length: u32,
    grudged: bool,
    grudge_memory: u32,
}

impl Punisher {
    const FRESH: Punisher = Punisher {
        inverse: false,
        mem_length: 1,
        grudged: false,
        grudge_memory: 1,
    };

    /// Catalogue entry of Punisher.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "punisher",
        name: "Punisher",
        aliases: &[],
        description: "Cooperates until the opponent defects; answers with D and then \
                      floor(20 * opponent defections / turns so far) further D, then cooperates \
                      again.",
        source: "Geraint Palmer, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Punisher::FRESH),
    };

    /// Catalogue entry of Inverse Punisher.
    pub const INFO_INVERSE: StrategyInfo = StrategyInfo {
        id: "inverse-punisher",
        name: "Inverse Punisher",
        aliases: &[],
        description: "Cooperates until the opponent defects; answers with D and then \
                      floor(20 * opponent cooperations / turns so far) further D (at least \
                      one), then cooperates again.",
        source: "Geraint Palmer, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| {
            Strategy::from(Punisher {
                inverse: true,
                ..Punisher::FRESH
            })
        },
    };
}

impl Rule for Punisher {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if self.grudge_memory >= self.mem_length {
            self.grudge_memory = 0;
            self.grudged = false;
        }
        if self.grudged {
            self.grudge_memory += 1;
            D
        } else if them.last() == Some(D) {
            let count = if self.inverse {
                them.cooperations()
            } else {
                them.defections()
            };
            self.mem_length = count * 20 / them.len();
            if self.inverse && self.mem_length == 0 {
                self.mem_length = 1;
            }
            self.grudged = true;
            D
        } else {
            C
        }
    }
}

/// Cooperates for 10 turns, then defects whenever more than 20% of the
/// opponent's moves were defections (Eckhart 2015).
#[derive(Clone, Debug, Default)]
pub struct LevelPunisher;

impl LevelPunisher {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "level-punisher",
        name: "Level Punisher",
        aliases: &[],
        description: "Cooperates on the first 10 turns; afterwards defects whenever more than \
                      20% of the opponent's moves so far were defections, and cooperates \
                      otherwise.",
        source: "Eckhart (2015), Prisoner's Dilemma tournament (LevelPunisher)",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(LevelPunisher),
    };
}

/// The opponent's defection rate so far, as the library computes it.
#[inline(always)]
fn defection_rate(them: &History) -> f64 {
    them.defections() as f64 / them.len() as f64
}

impl Rule for LevelPunisher {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.len() >= 10 && defection_rate(them) > 0.2 {
            D
        } else {
            C
        }
    }
}

/// Defects when the opponent's defection rate exceeds 20% within the first
/// 10 turns, 10% within the first 50, or 5% within the first 100; cooperates
/// otherwise, and always after turn 100 (Eckhart 2015).
#[derive(Clone, Debug, Default)]
pub struct TrickyLevelPunisher;

impl TrickyLevelPunisher {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "tricky-level-punisher",
        name: "Tricky Level Punisher",
        aliases: &[],
        description: "Cooperates first. Defects when the opponent's defection rate so far is \
                      above 20% (before turn 10), above 10% (before turn 50) or above 5% \
                      (before turn 100); cooperates otherwise, and always from turn 101 on.",
        source: "Eckhart (2015), Prisoner's Dilemma tournament (TrickyLevelPunisher)",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(TrickyLevelPunisher),
    };
}

impl Rule for TrickyLevelPunisher {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let n = them.len();
        if n == 0 {
            return C;
        }
        let rate = defection_rate(them);
        if (n < 10 && rate > 0.2) || (n < 50 && rate > 0.1) || (n < 100 && rate > 0.05) {
            D
        } else {
            C
        }
    }
}

/// Cooperates first; whenever the opponent defects it switches its own
/// move, otherwise repeats it (Jochen Müller).
#[derive(Clone, Debug, Default)]
pub struct Appeaser;

impl Appeaser {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "appeaser",
        name: "Appeaser",
        aliases: &[],
        description: "Cooperates first. Whenever the opponent defects it switches its own move \
                      (C to D or D to C); when the opponent cooperates it repeats its last move.",
        source: "Jochen Müller, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Appeaser),
    };
}

impl Rule for Appeaser {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        match (me.last(), them.last()) {
            (Some(mine), Some(D)) => mine.flip(),
            (Some(mine), _) => mine,
            (None, _) => C,
        }
    }
}

family! {
    "Punishers";
    Punisher => [Punisher::INFO, Punisher::INFO_INVERSE],
    LevelPunisher => [LevelPunisher::INFO],
    TrickyLevelPunisher => [TrickyLevelPunisher::INFO],
    Appeaser => [Appeaser::INFO],
}
