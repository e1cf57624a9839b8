//! The tricky players (Karol Langner): a cooperator that defects when the
//! opponent seems safe to exploit, and a defector that cooperates to lure a
//! punishing opponent back.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/cooperator.py`, `strategies/defector.py`) and reads only the
//! 64-move window and counters of [`History`].

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates, but from the fourth turn on defects whenever the opponent
/// has not defected in its last 10 moves (Karol Langner).
#[derive(Clone, Debug, Default)]
pub struct TrickyCooperator;

impl TrickyCooperator {
    /// Turns played before it tries to trick.
    const PATIENCE: u32 = 3;
    /// The opponent's last moves that must all be C: the last 10.
    const WATCHED: u64 = (1 << 10) - 1;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "tricky-cooperator",
        name: "Tricky Cooperator",
        aliases: &[],
        description: "Cooperates on the first three turns; afterwards defects when the opponent \
                      has not defected in its last 10 moves, and cooperates otherwise.",
        source: "Karol Langner, the axelrod library",
        memory_depth: Some(10),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(TrickyCooperator),
    };
}

impl Rule for TrickyCooperator {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if me.len() >= Self::PATIENCE && them.recent_bits() & Self::WATCHED == 0 {
            D
        } else {
            C
        }
    }
}

/// Defects, but cooperates when the opponent has cooperated at least once
/// and defected on each of its last three moves (Karol Langner).
#[derive(Clone, Debug, Default)]
pub struct TrickyDefector;

impl TrickyDefector {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "tricky-defector",
        name: "Tricky Defector",
        aliases: &[],
        description: "Defects, except that it cooperates when the opponent has cooperated at \
                      least once in the match and defected on each of the last three turns.",
        source: "Karol Langner, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(TrickyDefector),
    };
}

impl Rule for TrickyDefector {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        // Bits before the first move are C, so three D bits mean three moves.
        if them.cooperations() > 0 && them.recent_bits() & 0b111 == 0b111 {
            C
        } else {
            D
        }
    }
}

family! {
    "Tricky players";
    TrickyCooperator => [TrickyCooperator::INFO],
    TrickyDefector => [TrickyDefector::INFO],
}
