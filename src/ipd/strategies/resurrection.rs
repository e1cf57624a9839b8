//! Resurrection and Double Resurrection (Eckhart Arnold's CoopSim): Tit For
//! Tat that also looks at its own last five moves.
//!
//! Both follow the axelrod library's implementation (4.14,
//! `strategies/resurrection.py`). Five moves fit in [`History`]'s 64-move
//! window, so neither rule keeps any state.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// This player's last five moves, bit 0 the latest, 1 meaning D; `None`
/// before the fifth turn.
#[inline(always)]
fn last_five(me: &History) -> Option<u64> {
    (me.len() >= 5).then(|| me.recent_bits() & 0b11111)
}

/// Tit For Tat that keeps defecting after five defections of its own in a
/// row (Eckhart Arnold 2015).
#[derive(Clone, Debug, Default)]
pub struct Resurrection;

impl Resurrection {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "resurrection",
        name: "Resurrection",
        aliases: &[],
        description: "Cooperates first; afterwards defects when its own last five moves were all \
                      D, and otherwise copies the opponent's last move.",
        source: "Eckhart Arnold (2015), CoopSim v0.9.9 beta 6",
        memory_depth: Some(5),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Resurrection),
    };
}

impl Rule for Resurrection {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if last_five(me) == Some(0b11111) {
            D
        } else {
            // Before the first move the bits are 0, i.e. C.
            Action::from_bit(them.recent_bits())
        }
    }
}

/// Tit For Tat that defects after five cooperations of its own in a row and
/// cooperates after five defections of its own in a row (Eckhart Arnold
/// 2015).
#[derive(Clone, Debug, Default)]
pub struct DoubleResurrection;

impl DoubleResurrection {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "double-resurrection",
        name: "DoubleResurrection",
        aliases: &[],
        description: "Cooperates first; afterwards defects when its own last five moves were all \
                      C, cooperates when they were all D, and otherwise copies the opponent's \
                      last move.",
        source: "Eckhart Arnold (2015), CoopSim v0.9.9 beta 6",
        memory_depth: Some(5),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(DoubleResurrection),
    };
}

impl Rule for DoubleResurrection {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        match last_five(me) {
            Some(0b00000) => D,
            Some(0b11111) => C,
            _ => Action::from_bit(them.recent_bits()),
        }
    }
}

family! {
    "Resurrection";
    Resurrection => [Resurrection::INFO],
    DoubleResurrection => [DoubleResurrection::INFO],
}
